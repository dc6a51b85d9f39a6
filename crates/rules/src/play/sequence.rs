//! The sequence of play (GBA 3.0) as a state machine: each command is accepted only at the
//! decision it belongs to, and leads to the next decision.

use crate::command::activation::{note_tie_turn, offer_next};
use crate::command::line::{Asked, Eligibility, Formation};
use crate::command::orders::{in_command_range, is_overall, leader_in_enemy_zoc};
use crate::game::{Command, Doom, Event, HitCause, LeaderStatus, Phase, RollPurpose, RuleError, Tx};
use crate::map::hex::{HexId, Vertex};
use crate::movement::leader_reach;
use crate::movement::reaction::Advance;
use crate::scenario::units::UnitType;
use crate::scenario::units::{LineType, Placement};

/// The rule that says when `command` may be given, and what it waits for, when that rule is
/// not the sequence of play itself (GBA 3.0); the book's number where the books differ.
fn when_given(rules: crate::scenario::RuleSet, command: &Command) -> Option<(&'static str, &'static str)> {
    let cg = rules == crate::scenario::RuleSet::Chandragupta;
    Some(match command {
        // GBA and CG 7.16.
        Command::ReactFacing { .. } => {
            ("7.16", "a unit turns to face in reaction only when an enemy has just come up beside it")
        }
        // GBA 6.71, CG 6.67.
        Command::Withdraw { .. } | Command::WithdrawLine { .. } | Command::WithdrawLeader { .. } => (
            if cg { "CG 6.67" } else { "6.71" },
            "a withdrawal is made only in the enemy's movement, when his unit comes within two hexes",
        ),
        Command::PreArrangedWithdrawal { .. } | Command::DeclarePreArranged { .. } => (
            "6.82",
            "a pre-arranged withdrawal is arranged at the start of the turn and made when its leader is activated",
        ),
        Command::EndReaction => ("8.2", "there is no reaction to let pass: no enemy has come up to react to"),
        // GBA 8.12 (an order or a reaction), CG 8.12 (the movement and fire segment).
        Command::Fire { .. } | Command::FireBow { .. } | Command::FireAtLeader { .. } | Command::FireAtGate { .. } => {
            ("8.12", "missile fire is by an order in the active leader's orders phase, or in reaction to an enemy")
        }
        // GBA 9.11, CG 9.11: the shock designation, after the orders end.
        Command::Shock { .. } | Command::ShockCombats { .. } => {
            ("9.11", "shock attacks are designated in the shock segment, after the active leader's orders end")
        }
        // GBA 9.32, CG 9.22.
        Command::TurnAfterAdvance { .. } => {
            (if cg { "CG 9.22" } else { "9.32" }, "a unit turns a vertex only when it has just advanced after a shock")
        }
        // GBA 10.21, CG 11.22, with ruling P120: the owner chooses only where the rout ties.
        Command::RoutTo { .. } | Command::RoutPath { .. } => (
            if cg { "CG 11.22" } else { "10.21" },
            "no rout waits for its owner's choice among hexes of equal priority (P120)",
        ),
        // GBA and CG 5.31.
        Command::TryMomentum | Command::DeclineMomentum => {
            ("5.31", "momentum is tried or declined only when the active leader's orders phase has ended")
        }
        // GBA and CG 5.41, 5.42.
        Command::Trump { .. } => {
            ("5.41", "a trump is tried instead of an activation, or in answer to a momentum or a trump")
        }
        Command::DeclineTrump => ("5.42", "no trump or momentum waits for an answer"),
        // GBA and CG 5.21: orders come from the activated leader.
        Command::Move { .. }
        | Command::MoveTo { .. }
        | Command::LineCommand { .. }
        | Command::WingCommand { .. }
        | Command::Contingent { .. }
        | Command::MoveLeader { .. }
        | Command::Harass { .. }
        | Command::Rally { .. }
        | Command::Recover { .. }
        | Command::FormSquare { .. }
        | Command::LeaveSquare { .. }
        | Command::Restack { .. }
        | Command::Dismount { .. }
        | Command::LineDone
        | Command::EndOrders
        | Command::RetireToCamp { .. } => ("5.21", "orders are given only by an activated leader in his orders phase"),
        Command::Activate { .. }
        | Command::Pass { .. }
        | Command::BreakOff { .. }
        | Command::SealDice { .. }
        | Command::RevealDice { .. } => return None,
    })
}

/// A command refused because another decision is awaited: by the rule that says when it may be
/// given, by the rule that `paused` the active leader's orders phase for an order or an
/// activation, or by the sequence of play (3.0); `awaited` says which decision the game waits for.
fn refused_now(
    rules: crate::scenario::RuleSet,
    command: &Command,
    awaited: &str,
    paused: Option<&'static str>,
) -> RuleError {
    let (rule, expected) = match (when_given(rules, command), paused) {
        (Some(("5.21", _)) | None, Some(rule)) => (rule, format!("the orders phase is paused for this: {awaited}")),
        (Some((rule, why)), _) => (rule, format!("{why}; the game waits for this: {awaited}")),
        (None, None) => ("3.0", format!("the sequence of play waits for this: {awaited}")),
    };
    RuleError::NotNow { command: command.name().into(), rule, expected }
}

pub fn execute(tx: &mut Tx, command: &Command) -> Result<(), RuleError> {
    // P300–P302: sealing and revealing the dice stand outside the sequence of play.
    if let Some(done) = crate::play::sealed_dice::execute(tx, command) {
        return done;
    }
    if let Some(refused) = crate::combat::engaged::refusal(tx.scenario, &tx.state, command) {
        return Err(refused);
    }
    // One function per decision the sequence of play waits for (3.0).
    match tx.state.phase.clone() {
        Phase::Over { .. } => Err(RuleError::GameOver),
        Phase::Setup => Err(not_now(tx, command, "the battle has not begun")),
        Phase::Activation { leaders, side } => activation(tx, command, &leaders, side),
        Phase::EliteInitiative { leaders, .. } => elite_initiative(tx, command, &leaders),
        Phase::TrumpResponse { side, trumper, momentum } => trump_response(tx, command, side, &trumper, momentum),
        Phase::Reactivation { side } => reactivation(tx, command, side),
        Phase::PreArranged { side, leaders } => match command {
            Command::DeclarePreArranged { lines } => crate::movement::pre_arranged::declare(tx, side, &leaders, lines),
            _ => Err(not_now(tx, command, "pre-arranged withdrawal markers are placed before any unit moves (6.82)")),
        },
        Phase::Reaction { firers, reactors, fire_kind, .. } => {
            let waits_on = if !firers.is_empty() {
                fire_kind.rule()
            } else if !reactors.is_empty() {
                "7.16"
            } else if is_chandragupta(tx) {
                "CG 6.67"
            } else {
                "6.71"
            };
            reaction(tx, command, waits_on)
        }
        // CG 12.17: the Camp Orders Phase, an orders phase without a leader.
        Phase::Orders { .. } if tx.state.camp_orders.is_some() => crate::works::camp_orders::execute(tx, command),
        Phase::Orders { leader, orders_left, ordered, line, .. } => {
            orders(tx, command, &leader, orders_left, &ordered, line.as_deref())
        }
        Phase::Shock { leader, .. } => shock(tx, command, &leader),
        Phase::AdvanceTurn { .. } => match command {
            Command::TurnAfterAdvance { unit, facing } => crate::combat::advance::turn_after_advance(tx, unit, *facing),
            _ => {
                let rule = if is_chandragupta(tx) { "CG 9.22" } else { "9.32" };
                Err(paused(tx, command, rule, "the attacker decides whether the unit that advanced turns a vertex"))
            }
        },
        Phase::Momentum { leader } => match command {
            Command::TryMomentum => try_momentum(tx, &leader),
            Command::DeclineMomentum => {
                // Declining momentum finishes him (5.15; CG 5.15).
                tx.emit(Event::LeaderFinished { leader });
                offer_next(tx)
            }
            _ => Err(not_now(tx, command, "momentum may be tried or declined (5.3)")),
        },
        Phase::RoutChoice { pending, .. } => rout_choice(tx, command, pending.break_off),
        Phase::RampageWithdrawal { .. } => rampage_withdrawal(tx, command),
    }
}

fn is_chandragupta(tx: &Tx) -> bool {
    tx.scenario.meta.rules == crate::scenario::RuleSet::Chandragupta
}

/// `command` refused: the sequence of play waits for `awaited` (3.0, or the rule that says when
/// the command is given).
fn not_now(tx: &Tx, command: &Command, awaited: &str) -> RuleError {
    refused_now(tx.scenario.meta.rules, command, awaited, None)
}

/// `command` refused: a pause in the active leader's orders phase waits on `rule`.
fn paused(tx: &Tx, command: &Command, rule: &'static str, awaited: &str) -> RuleError {
    refused_now(tx.scenario.meta.rules, command, awaited, Some(rule))
}

/// `leader` is one of the leaders the decision offers, or the command is refused.
fn offered(tx: &Tx, leaders: &[String], leader: &String) -> Result<usize, RuleError> {
    let i = tx.leader_index(leader)?;
    if !leaders.contains(leader) {
        return Err(RuleError::NotEligibleForActivation { leader: leader.clone() });
    }
    Ok(i)
}

/// A side activates one of `leaders`, passes one, or trumps (5.1, 5.4).
fn activation(tx: &mut Tx, command: &Command, leaders: &[String], side: usize) -> Result<(), RuleError> {
    match command {
        Command::Activate { leader } => {
            let i = offered(tx, leaders, leader)?;
            note_tie_turn(tx, i);
            // Brought out of an enemy ZOC: he goes now, without momentum (5.25).
            let forced = tx.state.leaders[i].must_activate;
            activate(tx, i, forced, false)
        }
        Command::Pass { leader } => {
            let i = offered(tx, leaders, leader)?;
            if tx.state.leaders[i].must_activate {
                return Err(RuleError::NotNow {
                    command: "pass".into(),
                    rule: "5.25",
                    expected: "a leader brought out of an enemy zone of control must be activated now".into(),
                });
            }
            note_tie_turn(tx, i);
            // CG 4.53: a Nayaka who passes stays open to a Wing Command (D17); anyone else who
            // declines is Finished (5.15).
            let keeps = crate::scenario::rule_set::hooks(tx.scenario.meta.rules).command.nayaka_pass_keeps_him;
            if keeps && tx.scenario.leaders[i].role == crate::scenario::units::LeaderRole::Nayaka {
                tx.emit(Event::NayakaPassed { leader: leader.clone() });
            } else {
                tx.emit(Event::LeaderFinished { leader: leader.clone() });
            }
            offer_next(tx)
        }
        Command::Trump { leader } => {
            let i = tx.leader_index(leader)?;
            crate::command::trump::active_trump(tx, leaders, side, i)
        }
        _ => Err(not_now(tx, command, "a leader must be activated, passed or trumped (5.1, 5.4)")),
    }
}

/// The elite commander's initiative: one orders phase, no momentum (5.51, 5.52).
fn elite_initiative(tx: &mut Tx, command: &Command, leaders: &[String]) -> Result<(), RuleError> {
    match command {
        Command::Activate { leader } => {
            let i = offered(tx, leaders, leader)?;
            let orders = crate::command::orders::ratings(tx.scenario, &tx.state, i).initiative.unwrap_or(0);
            let orders = crate::special::house::collapse::orders(tx.scenario, &tx.state, i, orders);
            tx.emit(Event::EliteInitiativeTaken { leader: leader.clone() });
            crate::movement::pre_arranged::on_activation(tx, i);
            tx.emit(Event::OrdersPhaseBegan { leader: leader.clone(), orders, momentum: false, must_act: false });
            // CG 12.31: a friendly orders phase that is not a momentum one.
            crate::works::breach::on_orders_phase(tx, tx.scenario.leaders[i].side);
            Ok(())
        }
        Command::Pass { .. } => offer_next(tx),
        _ => {
            Err(not_now(tx, command, "the elite commander's initiative may be taken by one leader, or declined (5.51)"))
        }
    }
}

/// The other side may trump the trumper, or let it stand (5.42).
fn trump_response(tx: &mut Tx, command: &Command, side: usize, trumper: &str, momentum: bool) -> Result<(), RuleError> {
    match command {
        Command::Trump { leader } => {
            let i = tx.leader_index(leader)?;
            crate::command::trump::respond(tx, side, trumper, momentum, i)
        }
        Command::DeclineTrump => crate::command::trump::stand(tx, trumper, momentum),
        _ => Err(paused(tx, command, "5.42", "the trump may be answered or allowed to stand")),
    }
}

/// After the die roll of doom: any one leader of `side`, even a Finished one, without momentum
/// (5.33[1], 5.34).
fn reactivation(tx: &mut Tx, command: &Command, side: usize) -> Result<(), RuleError> {
    match command {
        Command::Activate { leader } => {
            let i = tx.leader_index(leader)?;
            let l = &tx.scenario.leaders[i];
            let unrated = !crate::command::contingent::rated(tx.scenario, i);
            if l.side != side || tx.state.leaders[i].status == LeaderStatus::Eliminated || unrated {
                return Err(RuleError::NotEligibleForActivation { leader: leader.clone() });
            }
            activate(tx, i, true, false)
        }
        Command::Pass { .. } => offer_next(tx),
        _ => Err(not_now(tx, command, "the re-activation may be used or passed (5.33)")),
    }
}

/// An enemy unit came up: the side turns to face it, withdraws from it or fires at it, or not
/// (7.16, 6.7, 8.2).
fn reaction(tx: &mut Tx, command: &Command, waits_on: &'static str) -> Result<(), RuleError> {
    match command {
        Command::ReactFacing { unit, facing } => crate::movement::reaction::react_facing(tx, unit, *facing),
        Command::Withdraw { unit, path, facing, fire, with } => {
            crate::movement::withdrawal::withdraw(tx, unit, path, *facing, *fire, with.as_deref())
        }
        Command::WithdrawLine { leader, units } => crate::movement::withdrawal::withdraw_line(tx, leader, units),
        Command::PreArrangedWithdrawal { leader, units } => crate::movement::pre_arranged::withdraw(tx, leader, units),
        Command::WithdrawLeader { leader, path } => crate::movement::withdrawal::withdraw_leader(tx, leader, path),
        Command::Fire { unit, target } => crate::combat::fire::reaction_fire(tx, unit, target),
        Command::EndReaction => {
            // CG 10.16: horses an elephant came beside must withdraw if they can.
            if let Some(&u) = crate::special::elephants::forced_withdrawers(tx.scenario, &tx.state).first() {
                return Err(RuleError::IllegalMove {
                    unit: tx.scenario.units[u].id.clone(),
                    rule: "10.16",
                    reason: "an elephant has come up beside it: it must withdraw while it can".into(),
                });
            }
            crate::movement::reaction::resume(tx)
        }
        _ => Err(paused(
            tx,
            command,
            waits_on,
            "the enemy may turn to face, withdraw from or fire at the unit that came up, or not (7.16, 6.7, 8.2)",
        )),
    }
}

/// The active leader's orders phase (5.2): moves, line and wing commands, fire, and the rest.
fn orders(
    tx: &mut Tx,
    command: &Command,
    leader: &str,
    orders_left: u8,
    ordered: &[String],
    line: Option<&[String]>,
) -> Result<(), RuleError> {
    match command {
        // Fired first under this order: the rest of its move (8.11).
        Command::Move { unit, path, facing, column, with }
            if ordered.contains(unit) && tx.unit_index(unit).is_ok_and(|i| tx.state.units[i].may_move_on) =>
        {
            line_move_open(tx, unit)?;
            keeps_together(tx, unit, path.last().map(|h| Placement::One(*h)), *column)?;
            let rider = crate::command::contingent::rider(tx, with.as_deref(), tx.unit_index(unit)?, path)?;
            crate::movement::move_and_fire::move_on(tx, unit, path, *facing, *column, rider)
        }
        // Fired under this order and moved on since: its order is spent (8.11, P71). Without a
        // line, any other answer here would be the same refusal as a second order (5.23).
        Command::Move { unit, .. }
            if line.is_none()
                && ordered.contains(unit)
                && tx.unit_index(unit).is_ok_and(|i| tx.state.units[i].fired) =>
        {
            Err(RuleError::IllegalMove {
                unit: unit.clone(),
                rule: "8.11",
                reason: "it has fired under this order and has no move left after it: one order is one move \
                         and one fire (P71)"
                    .into(),
            })
        }
        Command::Move { unit, path, facing, column, with } => {
            let li = order_giver(tx, leader, orders_left, line, unit)?;
            keeps_together(tx, unit, path.last().map(|h| Placement::One(*h)), *column)?;
            let rider = crate::command::contingent::rider(tx, with.as_deref(), tx.unit_index(unit)?, path)?;
            order_move(tx, li, unit, path, *facing, *column, rider)
        }
        Command::MoveTo { unit, to, facing, with } => {
            let li = order_giver(tx, leader, orders_left, line, unit)?;
            keeps_together(tx, unit, Some(*to), false)?;
            let going: Vec<HexId> = to.hexes().collect();
            let rider = crate::command::contingent::rider(tx, with.as_deref(), tx.unit_index(unit)?, &going)?;
            order_formation_move(tx, li, unit, to, *facing, rider)
        }
        Command::LineCommand { line, anchor, formation, units } => {
            refuse_if_retiring(tx, leader)?;
            declare_line(tx, leader, (line, anchor, *formation), units)
        }
        Command::WingCommand { nayakas, use_overall } => {
            refuse_if_retiring(tx, leader)?;
            crate::command::wing::give(tx, leader, nayakas, *use_overall)
        }
        Command::Contingent { leader: mcc } => {
            refuse_if_retiring(tx, leader)?;
            crate::command::contingent::activate(tx, leader, mcc)
        }
        Command::RetireToCamp { leader } => crate::works::retire::declare(tx, leader),
        Command::MoveLeader { leader: moving, path } => {
            // The leader of a line may move with it without an order (4.36); so may a leader
            // with a unit he ordered and was stacked with (4.23, P242).
            let free = line.is_some() || {
                let li = tx.leader_index(leader)?;
                moving.as_str() == leader && crate::command::orders::moves_free_with_unit(tx.scenario, &tx.state, li)
            };
            let li = if free { tx.leader_index(leader)? } else { check_can_order(tx, leader, orders_left)? };
            order_leader_move(tx, li, moving, path)
        }
        // CG 10.52: an engine shoots with no order and no command.
        Command::Fire { unit, target } if tx.scenario.unit(unit).is_some_and(|u| u.engine.is_some()) => {
            crate::combat::fire::fire(tx, unit, target)
        }
        Command::Fire { unit, target } => {
            refuse_if_restricted(tx, leader)?;
            refuse_before_line_fire(tx)?;
            crate::combat::fire::fire(tx, unit, target)
        }
        Command::FireBow { unit, target } => {
            refuse_if_restricted(tx, leader)?;
            crate::combat::fire::fire_bow(tx, unit, target)
        }
        // CG 12.35: the Sarvatobhadra at a city gate, on an individual order.
        Command::FireAtGate { unit, gate } => crate::special::artillery::fire_at_gate(tx, unit, *gate),
        Command::FireAtLeader { unit, leader: target } => {
            refuse_if_restricted(tx, leader)?;
            refuse_before_line_fire(tx)?;
            crate::combat::fire::fire_at_leader(tx, unit, target)
        }
        Command::Harass { unit, target } => {
            refuse_before_line_fire(tx)?;
            order_giver(tx, leader, orders_left, line, unit)?;
            crate::combat::harassment::harass(tx, unit, target)
        }
        Command::Recover { unit } => crate::effects::recovery::recover(tx, unit),
        Command::FormSquare { unit } => crate::special::square::change(tx, unit, true),
        Command::LeaveSquare { unit } => crate::special::square::change(tx, unit, false),
        Command::Restack { unit } => crate::special::tribal::restack(tx, unit),
        Command::Dismount { unit, facing } => crate::special::dismount::dismount(tx, unit, *facing),
        Command::Rally { unit, facing } => crate::effects::rally::rally_unit(tx, unit, *facing),
        Command::LineDone => crate::combat::line_entry::line_done(tx, leader),
        Command::EndOrders => end_orders(tx, leader),
        _ => Err(not_now(tx, command, "the active leader gives orders or ends them (5.2)")),
    }
}

/// The shock segment of `leader`'s orders phase (9.11). A rout's owner may have a choice to
/// make mid-segment: the rest follows it (P120).
fn shock(tx: &mut Tx, command: &Command, leader: &str) -> Result<(), RuleError> {
    let since = tx.events.len();
    let waits_on_a_rout = match command {
        Command::Shock { attackers } => crate::combat::shock_segment::resolve_segment(tx, attackers)?,
        Command::ShockCombats { combats } => crate::combat::shock_segment::resolve_grouped(tx, combats)?,
        Command::BreakOff { unit, to } => return crate::combat::engaged::break_off(tx, unit, *to),
        _ => return Err(not_now(tx, command, "the shock attacks are chosen and resolved (9.11)")),
    };
    if waits_on_a_rout {
        return Ok(());
    }
    after_shock_segment(tx, leader, since, &[])
}

/// A router's owner chooses among hexes of equal priority (10.21, P120); or the forced step
/// back's hex among the equally far (10.32, P90).
fn rout_choice(tx: &mut Tx, command: &Command, break_off: bool) -> Result<(), RuleError> {
    match command {
        Command::RoutTo { unit, to } => crate::effects::cohesion::choose(tx, unit, *to),
        Command::RoutPath { unit, choices } => crate::effects::cohesion::choose_path(tx, unit, choices),
        Command::BreakOff { unit, to } if break_off => crate::effects::cohesion::choose(tx, unit, Placement::One(*to)),
        _ => {
            let rule = if is_chandragupta(tx) { "CG 11.22" } else { "10.21" };
            Err(paused(
                tx,
                command,
                rule,
                "the router's owner chooses where it goes among hexes of equal priority (P120)",
            ))
        }
    }
}

/// 6.77: units a rampaging elephant came near step out of its way, or stand; and so may the
/// leaders it came near (4.62, P190).
fn rampage_withdrawal(tx: &mut Tx, command: &Command) -> Result<(), RuleError> {
    match command {
        Command::Withdraw { unit, path, facing, fire, with } => {
            crate::special::rampage::withdraw(tx, unit, path, *facing, *fire, with.as_deref())
        }
        Command::WithdrawLeader { leader, path } => crate::special::rampage::withdraw_leader(tx, leader, path),
        Command::EndReaction => crate::special::rampage::let_it_come(tx),
        _ => Err(not_now(
            tx,
            command,
            "the units and leaders a rampaging elephant came near may withdraw from it, or stand (6.77, 4.62)",
        )),
    }
}

/// Activates a leader: his orders phase begins. `trumped_in`: he took it by trump and must act
/// (5.46).
pub fn activate(tx: &mut Tx, leader: usize, reactivated: bool, trumped_in: bool) -> Result<(), RuleError> {
    let l = &tx.scenario.leaders[leader];
    let (id, orders) =
        (l.id.clone(), crate::command::orders::ratings(tx.scenario, &tx.state, leader).initiative.unwrap_or(0));
    let in_enemy_zoc = leader_in_enemy_zoc(tx.scenario, &tx.state, leader);
    tx.emit(Event::LeaderActivated { leader: id.clone(), no_momentum: reactivated, in_enemy_zoc });
    // His PW marker is turned up (6.83).
    crate::movement::pre_arranged::on_activation(tx, leader);
    // CG 12.43: a declared retire's die; a failure Finishes him for the turn.
    if !crate::works::retire::on_activation(tx, leader)? {
        return offer_next(tx);
    }
    // Up to his initiative in individual orders (5.21), fewer if his command broke (house B9).
    // Line commands come later.
    let orders = crate::special::house::collapse::orders(tx.scenario, &tx.state, leader, orders);
    tx.emit(Event::OrdersPhaseBegan { leader: id, orders, momentum: false, must_act: trumped_in });
    // CG 12.31: a friendly orders phase that is not a momentum one (12.34).
    crate::works::breach::on_orders_phase(tx, tx.scenario.leaders[leader].side);
    Ok(())
}

/// Checks common to every individual order of the active leader (4.24, 5.21; GBA 4.22; CG 4.22, 4.23, 5.27).
fn check_can_order(tx: &Tx, active: &str, orders_left: u8) -> Result<usize, RuleError> {
    let li = tx.leader_index(active)?;
    if orders_left == 0 {
        return Err(RuleError::NoOrdersLeft { leader: active.into() });
    }
    if !is_overall(tx.scenario, li) && leader_in_enemy_zoc(tx.scenario, &tx.state, li) {
        return Err(RuleError::LeaderInEnemyZoc { leader: active.into() });
    }
    Ok(li)
}

/// A retiring overall commander gives individual orders only (CG 12.44[1]).
fn refuse_if_retiring(tx: &Tx, active: &str) -> Result<(), RuleError> {
    match crate::works::retire::command_refusal(tx.scenario, &tx.state, tx.leader_index(active)?) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// A Restricted overall commander orders no unit to move or fire (CG 4.55).
fn refuse_if_restricted(tx: &Tx, active: &str) -> Result<(), RuleError> {
    let li = tx.leader_index(active)?;
    if crate::command::orders::is_restricted(&tx.state, li) {
        return Err(RuleError::Restricted { leader: active.into() });
    }
    Ok(())
}

/// The enemy's entry fire at a moving line comes before the line's own fire (8.21).
fn refuse_before_line_fire(tx: &Tx) -> Result<(), RuleError> {
    match crate::combat::line_entry::fire_refusal(tx.scenario, &tx.state) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// A unit of the line command moves only while the line's move is open (8.21).
fn line_move_open(tx: &Tx, unit: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    if !crate::combat::line_entry::move_over(tx.scenario, &tx.state, ui) {
        return Ok(());
    }
    let Phase::Orders { leader, .. } = &tx.state.phase else { return Ok(()) };
    Err(RuleError::LineCommand {
        leader: leader.clone(),
        rule: "8.21",
        reason: format!("the line has finished its move (its entry fire comes, then its fire): {unit} moves no more"),
    })
}

/// Who gives the order to move `unit`: under a line command, the line's leader to each of its
/// units without counting orders (4.31); otherwise an individual order (4.24, 5.21).
fn order_giver(
    tx: &mut Tx,
    leader: &str,
    orders_left: u8,
    line: Option<&[String]>,
    unit: &str,
) -> Result<usize, RuleError> {
    match line {
        Some(units) if units.iter().any(|u| u == unit) => {
            line_move_open(tx, unit)?;
            tx.leader_index(leader)
        }
        // 5.65: a contingent commander gives his line command and no individual order.
        Some(_) if crate::command::contingent::under_contingent(&tx.state) => Err(RuleError::ContingentCommand {
            leader: leader.into(),
            rule: "5.65",
            reason: format!("{unit} is not in his line; a contingent commander gives no individual orders"),
        }),
        Some(_) => Err(RuleError::LineCommand {
            leader: leader.into(),
            rule: "4.31",
            reason: format!("{unit} is not in the line; a line command replaces individual orders"),
        }),
        None => {
            refuse_if_restricted(tx, leader)?;
            let li = check_can_order(tx, leader, orders_left)?;
            // House B3: an order out of his sight costs one more.
            crate::special::house::out_of_sight::charge(tx, li, unit, orders_left)?;
            Ok(li)
        }
    }
}

/// A unit of a Combined line ends its move next to one of the line that already moved, and not
/// In Column (CG 4.33 criterion 8, 6.57; P92). `to`: where it ends (`None`: where it stands).
fn keeps_together(tx: &Tx, unit: &str, to: Option<Placement>, column: bool) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let to = to.unwrap_or(tx.state.units[ui].placement);
    match crate::command::line::together_refusal(tx.scenario, &tx.state, ui, &to, column) {
        Some((rule, reason)) => Err(RuleError::IllegalMove { unit: unit.into(), rule, reason }),
        None => Ok(()),
    }
}

/// A line command (4.31–4.35): the line is every unit of the type joined to `anchor` (4.33),
/// or the units `named`, if they make a line by themselves (4.32, 4.33); the leader must be
/// eligible (4.34), with a strategy roll where one is needed; a failed roll leaves him
/// individual orders only.
fn declare_line(
    tx: &mut Tx,
    leader: &str,
    (line, anchor, formation): (&LineType, &str, Formation),
    named: &[String],
) -> Result<(), RuleError> {
    let li = tx.leader_index(leader)?;
    let ai = tx.unit_index(anchor)?;
    let named = named.iter().map(|u| tx.unit_index(u)).collect::<Result<Vec<usize>, RuleError>>()?;
    let refuse = |rule: &'static str, reason: String| RuleError::LineCommand { leader: leader.into(), rule, reason };
    let (strategy_roll, via_proximity) = match crate::command::line::eligibility(tx.scenario, &tx.state, li) {
        Eligibility::Refused(rule, reason) => return Err(refuse(rule, reason)),
        Eligibility::Allowed { strategy_roll, via_proximity } => (strategy_roll, via_proximity),
    };
    if !crate::command::line::line_types(tx.scenario, li).contains(line) {
        return Err(refuse("4.37", format!("{} is not a line he may command here", line.label())));
    }
    if let Some((rule, reason)) = crate::command::line::formation_refusal(tx.scenario, li, line, formation) {
        return Err(refuse(rule, reason));
    }
    let units = crate::command::line::members(tx.scenario, &tx.state, li, line, ai, formation);
    if units.is_empty() {
        let head = if line.combined { " elephant or chariot" } else { "" };
        return Err(refuse("4.33", format!("{anchor} is not a friendly{head} unit of a {} line", line.label())));
    }
    // 4.32: not every eligible unit need take part; those named must make a line by themselves.
    // CG 4.32 says the same (P261).
    // The line's units, and no others, may then move or fire (CG 5.23 too).
    let units = if named.is_empty() {
        units
    } else if let Some((rule, reason)) =
        crate::command::line::named_refusal(tx.scenario, &tx.state, li, Asked { line, anchor: ai, formation }, &named)
    {
        return Err(refuse(rule, reason));
    } else {
        let mut named = named;
        named.sort_unstable();
        named.dedup();
        named
    };
    if !crate::command::line::leader_placed_for(tx.scenario, &tx.state, li, line, formation, &units) {
        if tx.scenario.leaders[li].role == crate::scenario::units::LeaderRole::Nayaka {
            return Err(refuse("CG 4.34", "a Nayaka must be stacked with a unit of his line".into()));
        }
        if crate::scenario::rule_set::hooks(tx.scenario.meta.rules).lines.no_unit_between {
            return Err(refuse(
                "CG 4.34",
                "he must begin within two hexes of the line, in sight of it and with no combat unit between".into(),
            ));
        }
        return Err(refuse("4.34", "he must begin within two hexes of the line, in sight of it".into()));
    }
    if strategy_roll {
        // CG 4.65: a guild chief's initiative serves as his strategy rating.
        let rating = crate::command::line::strategy_rating(tx.scenario, &tx.state, li);
        let roll = tx.roll(RollPurpose::Strategy { leader: leader.into() })?;
        if roll > rating {
            tx.emit(Event::LineRefused { leader: leader.into() });
            return Ok(());
        }
    }
    let units = units.into_iter().map(|u| tx.scenario.units[u].id.clone()).collect();
    tx.emit(Event::LineDeclared { leader: leader.into(), line: line.label(), units, via_proximity });
    Ok(())
}

/// Checks an individual order to `unit` (4.21, 5.23; CG 5.22, 5.25): friendly, on the field, not yet ordered
/// this phase, within the leader's command range.
fn check_unit_order(tx: &Tx, li: usize, unit: &str) -> Result<usize, RuleError> {
    let ui = tx.unit_index(unit)?;
    if tx.scenario.units[ui].side != tx.scenario.leaders[li].side {
        return Err(RuleError::NotFriendly { unit: unit.into() });
    }
    if let Some((rule, reason)) = crate::command::orders::order_refusal(tx.scenario, li, ui) {
        let leader = tx.scenario.leaders[li].id.clone();
        return Err(RuleError::NotHisToOrder { leader, unit: unit.into(), rule, reason });
    }
    // Eliminated, or Routed: no orders but rally (10.26).
    if tx.state.units[ui].eliminated || tx.state.units[ui].routed || tx.state.units[ui].rallied {
        return Err(RuleError::UnitNotAvailable { unit: unit.into() });
    }
    if crate::movement::pre_arranged::held(tx.scenario, &tx.state, ui) {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "6.83",
            reason: "its leader was activated while its line holds a PW order: it may fire or rally, not move".into(),
        });
    }
    if let Phase::Orders { ordered, .. } = &tx.state.phase {
        if ordered.iter().any(|o| o == unit) {
            return Err(RuleError::AlreadyOrdered { unit: unit.into() });
        }
    } // A line may be any length, whatever the command range (4.33).
    let in_line = matches!(&tx.state.phase, Phase::Orders { line: Some(units), .. } if units.iter().any(|u| u == unit));
    if !in_line && !in_command_range(tx.scenario, &tx.state, li, ui) {
        return Err(RuleError::OutOfCommandRange { unit: unit.into(), leader: tx.scenario.leaders[li].id.clone() });
    }
    Ok(ui)
}

/// A two-hex unit's order (6.4): to the pose asked, by the cheapest route; then the hits of the
/// second move (6.13) or of the augmented MA (6.46), the ground and pivots (6.42, 6.43), and the
/// wheel's TQ check (6.45).
fn order_formation_move(
    tx: &mut Tx,
    li: usize,
    unit: &str,
    to: &Placement,
    facing: Vertex,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let ui = check_unit_order(tx, li, unit)?;
    let u = &tx.scenario.units[ui];
    if !tx.state.units[ui].placement.is_two_hex() {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "6.3",
            reason: "a one-hex unit is moved along its path".into(),
        });
    }
    if let Some(reason) = crate::special::house::dense_woods::placement_refusal(tx.scenario, ui, to) {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: crate::special::house::dense_woods::RULE,
            reason,
        });
    }
    let Some((d, route)) = crate::movement::formation_route(tx.scenario, &tx.state, ui, to, facing, 0) else {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "6.4",
            reason: format!("it cannot reach {} facing {} this order", to.label(), facing.name()),
        });
    };
    crate::special::house::eager::hold_back(tx, ui, to)?; // House B5 (P349)
    if crate::special::house::levy::balks(tx, ui, Some(*to))? {
        return Ok(()); // House B4: the levy stays, its order spent.
    }
    let moved = tx.state.units[ui].moved;
    if moved {
        // A Moved unit moving again takes a hit; at the augmented MA, two (6.13, 6.46).
        // A column's allowance (6.62) is not the augmented MA.
        let augmented = d.mp > u.ma && !tx.state.units[ui].column_at_start;
        let (hits, cause) = if augmented { (2, HitCause::AugmentedMove) } else { (1, HitCause::SecondMove) };
        tx.emit(Event::CohesionHits { unit: unit.into(), hits, cause });
    }
    // Pose by pose, stopping where the enemy may react or withdraw (7.16, 6.7, P28).
    crate::movement::reaction::run_formation(tx, ui, &route, d.wheel, !moved, true, 0, rider)
}

fn order_move(
    tx: &mut Tx,
    li: usize,
    unit: &str,
    path: &[HexId],
    facing: Vertex,
    column: bool,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let ui = check_unit_order(tx, li, unit)?;
    let planned = crate::movement::plan_steps(tx.scenario, &tx.state, ui, path, facing, column, 0)?;
    let end = path.last().map_or(tx.state.units[ui].placement, |h| Placement::One(*h));
    crate::special::house::eager::hold_back(tx, ui, &end)?; // House B5 (P349)
    if crate::special::house::levy::balks(tx, ui, path.last().map(|h| Placement::One(*h)))? {
        return Ok(()); // House B4: the levy stays, its order spent.
    }
    let u = &tx.scenario.units[ui];
    // A Moved unit moving again takes a hit (6.13); GBA exempts skirmishers, CG does not (D22, G44).
    let second_move =
        tx.state.units[ui].moved && crate::scenario::rule_set::hooks(tx.scenario.meta.rules).second_move_hit(u.kind);
    if second_move {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::SecondMove });
    }
    // Hex by hex, stopping where the enemy may react (7.16).
    crate::movement::reaction::run_move(tx, ui, path, &planned, facing, 0, true, rider)?;
    Ok(())
}

/// A leader moves (6.15): the active leader on his own order (4.23; free with his line, 4.36),
/// or another friendly leader on the overall commander's — once per leader per phase, two orders
/// if he starts in an enemy ZOC, and not after a line command (4.4). Any path the leader search
/// allows, within what is left of his 9 MP.
fn order_leader_move(tx: &mut Tx, li: usize, moving: &str, path: &[HexId]) -> Result<(), RuleError> {
    let refuse = |rule: &'static str, reason: String| RuleError::IllegalMove { unit: moving.into(), rule, reason };
    let mi = tx.leader_index(moving)?;
    let Phase::Orders { orders_left, line, .. } = &tx.state.phase else {
        return Err(refuse("3.0", "it is not an orders phase".into()));
    };
    let (orders_left, with_line) = (*orders_left, line.is_some());
    let by_overall = mi != li; // GBA 4.25, CG 4.24: a Finished leader may still be moved so.
                               // 4.23 (P242; CG 4.71): with a unit he ordered and was stacked with, no order.
    let with_unit = !by_overall && crate::command::orders::moves_free_with_unit(tx.scenario, &tx.state, mi);
    let orders = if by_overall {
        if !crate::command::orders::may_move_leader(tx.scenario, &tx.state, li, mi) {
            return Err(refuse(
                "4.4",
                "only the overall commander moves other leaders (in CG, a wing commander his Nayakas, 4.52)".into(),
            ));
        }
        refuse_if_restricted(tx, &tx.scenario.leaders[li].id)?;
        if with_line {
            return Err(refuse("4.4", "after a line command the overall commander moves no other leader".into()));
        }
        let other = &tx.state.leaders[mi];
        if tx.scenario.leaders[mi].side != tx.scenario.leaders[li].side || other.status == LeaderStatus::Eliminated {
            return Err(refuse("4.4", "he may move only his own side's leaders".into()));
        }
        if other.moved_by_overall {
            return Err(refuse("4.4", "the overall commander moves each leader once a phase".into()));
        }
        let cost = if leader_in_enemy_zoc(tx.scenario, &tx.state, mi) { 2 } else { 1 };
        if orders_left < cost {
            return Err(RuleError::NoOrdersLeft { leader: tx.scenario.leaders[li].id.clone() });
        }
        cost
    } else if with_line || with_unit {
        0
    } else {
        1
    };
    if path.is_empty() {
        return Err(refuse("4.23", "the path is empty".into()));
    }
    if let Some(reason) = crate::works::retire::move_refusal(tx.scenario, &tx.state, mi, path) {
        return Err(refuse("12.44", reason));
    }
    let reach = leader_reach(tx.scenario, &tx.state, mi, by_overall);
    let full = crate::command::orders::leader_mp(tx.scenario, &tx.state, mi);
    let budget = full.saturating_sub(tx.state.leaders[mi].mp_used);
    let mut at = tx.state.leaders[mi].at;
    let mut mp = 0u8;
    for (k, &h) in path.iter().enumerate() {
        let step = crate::movement::leader_entry_cost(tx.scenario, &tx.state, mi, at, h);
        if let Some(o) = crate::special::indian::rival_chief_at(tx.scenario, &tx.state, mi, h) {
            let other = tx.scenario.leaders[o].name.clone();
            return Err(refuse("10.72", format!("{h} holds {other}, a rival guild's chief: he keeps away")));
        }
        let (Some(step), true) = (step, at.is_adjacent(h) && reach.contains_key(&h)) else {
            // CG 6.16: a rider goes only where his elephant or chariot may.
            if let Some(kind) = tx.scenario.leaders[mi].rides.filter(|_| at.is_adjacent(h) && step.is_none()) {
                let mount = if kind == crate::scenario::units::UnitType::EL { "an elephant" } else { "a chariot" };
                return Err(refuse("6.16", format!("he rides {mount}, and it cannot go from {at} to {h}")));
            }
            return Err(refuse(
                "6.15",
                format!("he cannot go from {at} to {h}: terrain, an enemy, or an enemy zone of control (4.61)"),
            ));
        };
        // He stops on entering an enemy ZOC (4.61): only the last hex may be one.
        if k + 1 < path.len() && reach[&h].1.last() != Some(&h) {
            return Err(refuse("4.61", format!("he must stop in {h}")));
        }
        mp += step.mp;
        at = h;
    }
    if mp > budget {
        return Err(refuse("6.15", format!("that path needs {mp} MP and he has {budget} left of {full}")));
    }
    // Hex by hex: Darius may slip away from him as he comes near (9.24, P128).
    let go = crate::scenario::battles::darius::LeaderMove {
        by: tx.scenario.leaders[li].id.clone(),
        remaining: path.to_vec(),
        by_overall,
    };
    crate::scenario::battles::darius::run(tx, mi, go, Some(orders))
}

/// The end of a leader's own move: personal combat with a lone enemy leader beside him (4.63);
/// the active leader `li` hurt in it ends his orders (9.22).
pub(crate) fn finish_leader_move(tx: &mut Tx, li: usize, mi: usize) -> Result<(), RuleError> {
    crate::works::retire::note_arrival(tx, mi);
    personal_combat_on_meeting(tx, mi)?;
    // The active leader himself hurt: his orders are over (9.22).
    let active = tx.scenario.leaders[li].id.clone();
    if matches!(tx.state.leaders[li].status, LeaderStatus::Finished | LeaderStatus::Eliminated) {
        // A contingent commander hurt: his line command is over, his commander's goes on (5.64).
        if crate::command::contingent::end(tx) {
            return Ok(());
        }
        tx.emit(Event::OrdersEnded { leader: active.clone() });
        crate::special::house::collapse::check(tx, li);
        if !crate::combat::shock_segment::begin(tx, &active)? {
            after_orders(tx, &active)?;
        }
    }
    Ok(())
}

/// A lone leader who moves up beside a lone enemy leader fights him at once (4.63, 9.2, 9.21):
/// each rolls and adds his Personal Combat rating; the loser suffers the difference's result
/// (a second wound kills). Leaders without a rating (Indians, 9.23) neither start nor join one.
fn personal_combat_on_meeting(tx: &mut Tx, mover: usize) -> Result<(), RuleError> {
    let (s, st) = (tx.scenario, &tx.state);
    let occupied = crate::map::zoc::occupancy(st);
    let alone = |l: usize| {
        let at = st.leaders[l].at;
        occupied.get(&at).is_none_or(|&u| s.units[u].side != s.leaders[l].side)
    };
    let at = st.leaders[mover].at;
    // CG has no personal combat (D15).
    if !crate::scenario::rule_set::hooks(s.meta.rules).personal_combat {
        return Ok(());
    }
    let Some(mine) = crate::command::orders::ratings(s, st, mover).personal_combat else { return Ok(()) };
    if !alone(mover) {
        return Ok(());
    }
    let foe = (0..s.leaders.len()).find(|&o| {
        s.leaders[o].side != s.leaders[mover].side
            && st.leaders[o].status != LeaderStatus::Eliminated
            && st.leaders[o].at.is_adjacent(at)
            && alone(o)
            && crate::command::orders::ratings(s, st, o).personal_combat.is_some()
    });
    let Some(foe) = foe else { return Ok(()) };
    let theirs = crate::command::orders::ratings(s, st, foe).personal_combat.unwrap_or(0);
    let (a, b) = (s.leaders[mover].id.clone(), s.leaders[foe].id.clone());
    let ra = tx.roll(RollPurpose::PersonalCombat { leader: a.clone() })?;
    let rb = tx.roll(RollPurpose::PersonalCombat { leader: b.clone() })?;
    let (ta, tb) = (ra + mine, rb + theirs);
    let (loser, diff) = match ta.cmp(&tb) {
        std::cmp::Ordering::Greater => (foe, ta - tb),
        std::cmp::Ordering::Less => (mover, tb - ta),
        std::cmp::Ordering::Equal => return Ok(()),
    };
    let wounded = tx.state.leaders[loser].wounds > 0;
    let result = crate::charts::leaders::personal_combat(diff).result.on_leader(wounded);
    if result != crate::charts::leaders::LeaderResult::NoEffect {
        let leader = tx.scenario.leaders[loser].id.clone();
        tx.emit(Event::LeaderCasualty { leader, result, rule: "9.21".into() });
    }
    Ok(())
}

/// The orders phase ends (the shock segment comes with combat); then momentum, if the leader
/// may try it, or he is Finished (5.27, 5.31).
pub(crate) fn end_orders(tx: &mut Tx, active: &str) -> Result<(), RuleError> {
    let li = tx.leader_index(active)?;
    if crate::command::trump::duty_outstanding(tx.scenario, &tx.state, li) {
        return Err(RuleError::TrumperMustAct { leader: active.into() });
    }
    // CG 12.44[1]: a retiring commander rides for his camp before his orders end.
    if !crate::works::retire::owed_moves(tx.scenario, &tx.state, li).is_empty() {
        return Err(RuleError::IllegalMove {
            unit: active.into(),
            rule: "12.44",
            reason: "he is retiring to his camp: he must first ride as near to its royal enclosure as he can".into(),
        });
    }
    // 8.21: a line still moving has finished; the enemy's entry fire at it comes first, and
    // the orders phase ends after it (P140).
    if crate::combat::line_entry::moving_line(&tx.state).is_some()
        && crate::combat::line_entry::close(tx, active, true)?
    {
        return Ok(());
    }
    // A Wing Command: the next Nayaka gives his line command; the shock segment waits for the
    // last (CG 4.54).
    // A contingent commander's line command is done: his commander's orders go on (5.64).
    if crate::command::contingent::end(tx) {
        return Ok(());
    }
    let commander;
    let active = if matches!(&tx.state.phase, Phase::Orders { wing: Some(_), .. }) {
        match crate::command::wing::next_nayaka(tx) {
            Some(c) => {
                commander = c;
                commander.as_str()
            }
            None => return Ok(()),
        }
    } else {
        active
    };
    tx.emit(Event::OrdersEnded { leader: active.into() });
    // House B9: is his command broken now?
    let ended = tx.leader_index(active)?;
    crate::special::house::collapse::check(tx, ended);
    // Anyone to fight? The shock segment first (9.0, 5.24, 5.26; CG 5.26, 5.28).
    if crate::combat::shock_segment::begin(tx, active)? {
        return Ok(());
    }
    after_orders(tx, active)
}

/// After the orders (and the shock segment): momentum, or the leader is Finished (5.3).
pub fn after_orders(tx: &mut Tx, active: &str) -> Result<(), RuleError> {
    // CG 12.17: the Camp Orders Phase has no leader and no momentum.
    if tx.state.camp_orders.is_some() {
        return crate::works::camp_orders::finish(tx);
    }
    let li = tx.leader_index(active)?;
    // The elite initiative phase: no momentum; he may still be activated this turn (5.52).
    if tx.state.leaders[li].in_elite_phase {
        tx.emit(Event::EliteInitiativeEnded { leader: active.into() });
        return offer_next(tx);
    }
    // Hurt in his own shock: no momentum; he is done (9.22).
    if matches!(tx.state.leaders[li].status, LeaderStatus::Finished | LeaderStatus::Eliminated) {
        return offer_next(tx);
    }
    match momentum_refusal(tx, li) {
        None => tx.emit(Event::MomentumOffered { leader: active.into() }),
        Some(_) => {
            tx.emit(Event::LeaderFinished { leader: active.into() });
            offer_next(tx)?;
        }
    }
    Ok(())
}

/// Why this leader may not try for momentum now, if he may not (5.14, 5.31, 5.34; CG 5.14, 5.34).
pub fn momentum_refusal(tx: &Tx, leader: usize) -> Option<String> {
    let st = &tx.state.leaders[leader];
    if st.no_momentum {
        return Some("he was re-activated, trumped or bypassed this turn (5.31, 5.34)".into());
    }
    // The elite initiative phase counts among the three (5.52).
    if st.succession + st.elite_phases >= 3 {
        return Some("he has had three orders phases in succession (5.14, 5.52)".into());
    }
    if st.was_in_enemy_zoc || leader_in_enemy_zoc(tx.scenario, &tx.state, leader) {
        return Some("he is, or was this turn, in an enemy zone of control (5.31)".into());
    }
    if tx.scenario.leaders[leader].role.is_chief() {
        return Some("a guild or tribal chief never uses momentum (CG 4.63)".into());
    }
    None
}

/// The momentum roll (5.32) and the die roll of doom on a 9 (5.33). CG 5.32: the same roll.
fn try_momentum(tx: &mut Tx, leader: &str) -> Result<(), RuleError> {
    let li = tx.leader_index(leader)?;
    if let Some(reason) = momentum_refusal(tx, li) {
        return Err(RuleError::NoMomentum { leader: leader.into(), reason });
    }
    let initiative = crate::command::orders::ratings(tx.scenario, &tx.state, li).initiative.unwrap_or(0);
    let roll = tx.roll(RollPurpose::Momentum { leader: leader.into() })?;
    if roll == 9 {
        let doom = tx.roll(RollPurpose::DieRollOfDoom { leader: leader.into() })?;
        let outcome = match doom {
            0 | 1 => Doom::Reactivation,
            9 => Doom::CrisisOfFaith,
            _ => Doom::Finished,
        };
        tx.emit(Event::DoomOutcome { leader: leader.into(), outcome });
        // 5.33[3]: in a crisis of faith the leader is Finished after his withdrawal.
        if outcome != Doom::CrisisOfFaith {
            tx.emit(Event::LeaderFinished { leader: leader.into() });
            crate::special::house::eager::surge(tx, li)?; // House B5 (P350)
        }
        match outcome {
            Doom::Reactivation => {
                let side = 1 - tx.scenario.leaders[li].side;
                tx.emit(Event::ReactivationOffered { side });
                return Ok(());
            }
            Doom::CrisisOfFaith => {
                crisis_of_faith(tx, li)?;
                tx.emit(Event::LeaderFinished { leader: leader.into() });
            }
            Doom::Finished => {}
        }
        return offer_next(tx);
    }
    if roll <= initiative {
        tx.emit(Event::MomentumGained { leader: leader.into() });
        // The opponent may trump the momentum (5.42[2]).
        crate::command::trump::offer_response_or(tx, leader, true)
    } else {
        tx.emit(Event::LeaderFinished { leader: leader.into() });
        crate::special::house::eager::surge(tx, li)?; // House B5 (P350)
        offer_next(tx)
    }
}

/// Crisis of faith (5.33[3]): friendly units within ceil(CR/2) take the withdrawal penalties of
/// 6.72[1] and [3] — one hit for infantry and chariots (not skirmishers), then a TQ check for one
/// more (not skirmishers). Their two-hex withdrawal arrives with orderly withdrawal (6.7).
fn crisis_of_faith(tx: &mut Tx, leader: usize) -> Result<(), RuleError> {
    let l = &tx.scenario.leaders[leader];
    let range = crate::command::orders::ratings(tx.scenario, &tx.state, leader).command_range;
    let (side, at, reach) = (l.side, tx.state.leaders[leader].at, range.div_ceil(2) as u32);
    let affected: Vec<usize> = (0..tx.scenario.units.len())
        .filter(|&i| {
            let (u, st) = (&tx.scenario.units[i], &tx.state.units[i]);
            u.side == side && !st.eliminated && st.placement.hexes().any(|h| h.distance(at) <= reach)
        })
        .collect();
    for i in affected {
        // First the withdrawal, two hexes back from the nearest enemy (A4, P41).
        if let Some(path) = crate::movement::withdrawal::crisis_withdrawal(tx.scenario, &tx.state, i) {
            let (unit, facing) = (tx.scenario.units[i].id.clone(), tx.state.units[i].facing);
            let placement = Placement::One(*path.last().expect("a withdrawal enters a hex"));
            let rivals = crate::special::indian::rivals_in(tx.scenario, &tx.state, i, &path);
            tx.emit(Event::UnitWithdrew { unit, path, placement, facing, mp: 0 });
            // CG 10.72[2]: forced through a rival guild's units, it routs at once (P129).
            if !rivals.is_empty() {
                crate::special::indian::forced_through_rivals(tx, i, &rivals)?;
                continue;
            }
        }
        let u = &tx.scenario.units[i];
        if u.kind.is_foot_skirmisher() {
            continue;
        }
        let id = u.id.clone();
        if !u.kind.is_cavalry() && u.kind != UnitType::EL {
            tx.emit(Event::CohesionHits { unit: id.clone(), hits: 1, cause: HitCause::CrisisOfFaith });
        }
        let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: "5.33".into() })?;
        if roll > crate::movement::column::effective_tq(tx.scenario, &tx.state, i) {
            tx.emit(Event::CohesionHits { unit: id, hits: 1, cause: HitCause::CrisisOfFaith });
        }
    }
    // 5.33[3] (P241): "the leader also withdraws two hexes", as his units did.
    if tx.state.leaders[leader].status != LeaderStatus::Eliminated {
        if let Some(path) = crate::movement::withdrawal::crisis_leader_withdrawal(tx.scenario, &tx.state, leader) {
            tx.emit(Event::LeaderWithdrew { leader: tx.scenario.leaders[leader].id.clone(), path });
        }
    }
    Ok(())
}

/// After the shock segment's combats: columns attacked revert; the advancers may turn (9.32),
/// then the defenders react to them (9.35). `attacked`: defenders of combats struck before a
/// pause for a rout choice (P120), whose events are in an earlier command.
pub(crate) fn after_shock_segment(
    tx: &mut Tx,
    leader: &str,
    since: usize,
    attacked: &[String],
) -> Result<(), RuleError> {
    // 6.66: the columns attacked fall back into formation as the orders phase ends.
    crate::movement::column::revert_attacked(tx, since, attacked);
    // 9.32 then 9.35: the advancers may turn a vertex; then the defenders may turn to face
    // or shoot at them.
    let advances = tx.events[since..]
        .iter()
        .filter_map(|e| match e {
            Event::UnitAdvanced { unit, from, .. } => {
                Some(Advance { unit: unit.clone(), from: *from, two_hex: None, wheeled: false })
            }
            Event::FormationAdvanced { unit, from, wheel, .. } => Some(Advance {
                unit: unit.clone(),
                from: from.hexes().next().expect("a pose has hexes"),
                two_hex: Some(*from),
                wheeled: *wheel,
            }),
            _ => None,
        })
        .collect();
    crate::combat::advance::begin_turns(tx, leader, advances)
}
