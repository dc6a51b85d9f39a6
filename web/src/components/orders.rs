//! What the unit or leader in hand may do now, as the play screen shows it: where a move may
//! end and how it reads, whom a unit may shoot at or harass, the lines that may withdraw as a
//! body. Each asks the engine; none decides a rule.

use crate::components::map::FacingArrow;
use sarissa_rules::combat::fire::{firers, targets};
use sarissa_rules::combat::harassment::options as harass_options;
use sarissa_rules::combat::odds::missile_odds;
use sarissa_rules::game::Phase;
use sarissa_rules::movement::withdrawal::{line_plans, line_withdrawals};
use sarissa_rules::movement::Destination;
use sarissa_rules::play::legal::{movable_leaders, orderable_units};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::{Command, Game, HexId};

/// The destinations of the unit being ordered whose move ends covering `hex`, cheapest first.
pub(crate) fn ending_in(destinations: &[Destination], hex: HexId) -> Vec<&Destination> {
    let mut v: Vec<_> = destinations.iter().filter(|d| d.placement.hexes().any(|h| h == hex)).collect();
    sarissa_rules::game::sorting::sort_by_key(&mut v, |d| (d.mp, d.hits, d.placement.hexes().last(), d.facing));
    v
}

/// The command that takes the unit being ordered to `d`: an order, or during the enemy's move
/// an orderly withdrawal (6.7).
pub(crate) fn command_to(reacting: bool, unit: &str, d: &Destination) -> Command {
    if reacting {
        Command::Withdraw { unit: unit.into(), path: d.path.clone(), facing: d.facing, fire: false, with: None }
    } else {
        d.command(unit)
    }
}

/// The engine's command for the rout choice whose option covers `hex` (10.21, 10.32).
pub(crate) fn rout_choice_at(game: &Game, options: &[Placement], hex: HexId) -> Option<Command> {
    let k = options.iter().position(|p| p.hexes().any(|h| h == hex))?;
    sarissa_rules::play::legal::legal_commands(game).into_iter().nth(k)
}

/// Units that may withdraw now (6.7), or else the units the active leader may order, those
/// that moved under his orders and may still fire, and those that fired and may move on (8.11).
pub(crate) fn units_to_order(game: &Game) -> Vec<usize> {
    match &game.state.phase {
        Phase::Reaction { withdrawers, .. } | Phase::RampageWithdrawal { withdrawers, .. } => {
            withdrawers.iter().filter_map(|w| game.scenario.units.iter().position(|u| &u.id == w)).collect()
        }
        _ => {
            let mut units = orderable_units(game);
            let moving_on = sarissa_rules::movement::move_and_fire::moving_on(&game.scenario, &game.state);
            for i in firers(&game.scenario, &game.state).into_iter().map(|(i, _)| i).chain(moving_on) {
                if !units.contains(&i) {
                    units.push(i);
                }
            }
            units
        }
    }
}

/// The unit standing in `hex`, if any: of a Tribal stack the top one (CG 6.74).
pub(crate) fn unit_in(game: &Game, hex: HexId) -> Option<usize> {
    let (s, st) = (&game.scenario, &game.state);
    (0..st.units.len())
        .filter(|&i| !st.units[i].eliminated && st.units[i].placement.hexes().any(|h| h == hex))
        .min_by_key(|&i| sarissa_rules::special::tribal::is_bottom(s, st, i))
}

/// May the unit just ordered still fire, or move on after its fire (8.11)? Then its order goes on.
pub(crate) fn still_in_hand(game: &Game, unit: usize) -> bool {
    let (s, st) = (&game.scenario, &game.state);
    firers(s, st).iter().any(|(i, _)| *i == unit)
        || sarissa_rules::movement::move_and_fire::moving_on(s, st).contains(&unit)
}

/// The enemy units `unit` may fire at, by hex, with the chance of a hit (8.15), exact.
pub(crate) fn fire_targets(game: &Game, unit: usize) -> Vec<(HexId, String, String)> {
    targets(&game.scenario, &game.state, unit)
        .into_iter()
        .map(|t| {
            let chance = missile_odds(&t.fire).map(|o| 1.0 - o.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
            (t.hex, format!("{:.0}%", chance * 100.0), game.scenario.units[t.unit].id.clone())
        })
        .collect()
}

/// The harassments `unit` may make (8.3): a button each, with the chance of a hit and the enemy
/// units that may shoot back.
pub(crate) fn harass_buttons(game: &Game, unit: usize) -> Vec<(String, Command)> {
    let (s, st) = (&game.scenario, &game.state);
    // P180: no harassment out of a camp in the Camp Orders Phase.
    if !matches!(st.phase, Phase::Orders { .. }) || st.camp_orders.is_some() {
        return Vec::new();
    }
    harass_options(s, st, unit, &orderable_units(game))
        .into_iter()
        .map(|o| {
            let chance =
                missile_odds(&o.volley.fire).map(|d| 1.0 - d.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
            let answer = match o.reactors.len() {
                0 => String::new(),
                1 => ", 1 enemy may shoot back".into(),
                n => format!(", {n} enemies may shoot back"),
            };
            let label = format!("Harass {} ({:.0}% to hit{answer})", s.units[o.target].name, chance * 100.0);
            (label, Command::Harass { unit: s.units[unit].id.clone(), target: s.units[o.target].id.clone() })
        })
        .collect()
}

/// Leaders who may move now: those who may withdraw from the enemy coming up or from a
/// rampaging elephant (4.62, 6.77; P190), or else the active leader and those the overall
/// commander may move.
pub(crate) fn leaders_to_move(game: &Game) -> Vec<(usize, bool)> {
    match &game.state.phase {
        Phase::Reaction { leaders, .. } | Phase::RampageWithdrawal { leaders, .. } => leaders
            .iter()
            .filter_map(|l| game.scenario.leaders.iter().position(|x| &x.id == l))
            .map(|i| (i, false))
            .collect(),
        _ => movable_leaders(game),
    }
}

/// Is this a pause in which units withdraw, from an enemy coming up (6.7) or from a rampaging
/// elephant (6.77)? A hex tapped for the unit selected is then a withdrawal, not an order.
pub(crate) fn withdrawing(phase: &Phase) -> bool {
    matches!(phase, Phase::Reaction { .. } | Phase::RampageWithdrawal { .. })
}

/// The label of the toggle that makes the move end in the other formation (6.61), and whether
/// it is on; `None` when the unit may not change here.
pub(crate) fn formation_toggle(column_now: bool, wanted: bool, can_change: bool) -> Option<(String, bool)> {
    can_change.then(|| {
        if column_now {
            ("Leave column (1 MP)".to_string(), !wanted)
        } else {
            ("Form column (1 MP; TQ −2)".to_string(), wanted)
        }
    })
}

/// The label of the toggle that takes a contingent commander along with the move (5.68).
pub(crate) fn escort_label(leader: &str) -> String {
    format!("{leader} goes with it (5.68)")
}

/// A line that may withdraw as a body now: a cavalry line (6.78) or a line under a PW order
/// (6.83) — its button, its units, and its ready-made withdrawals as (label, command).
#[derive(Clone, PartialEq)]
pub(crate) struct BodyWithdrawal {
    pub label: String,
    pub units: Vec<usize>,
    pub choices: Vec<(String, Command)>,
}

impl BodyWithdrawal {
    /// Where the first choice takes the line's units.
    pub fn ends(&self) -> Vec<HexId> {
        match self.choices.first() {
            Some((_, Command::WithdrawLine { units, .. })) => {
                units.iter().filter_map(|u| u.path.last().copied()).collect()
            }
            Some((_, Command::PreArrangedWithdrawal { units, .. })) => {
                units.iter().flat_map(|u| u.path.clone()).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// The lines that may withdraw as a body now (6.78, 6.83).
pub(crate) fn body_withdrawals(game: &Game) -> Vec<BodyWithdrawal> {
    let (s, st) = (&game.scenario, &game.state);
    let mut out: Vec<BodyWithdrawal> = line_withdrawals(s, st)
        .into_iter()
        .map(|line| {
            let leader = s.leaders[line.leader].id.clone();
            let choices = line_plans(s, st, &line)
                .into_iter()
                .map(|p| {
                    let hexes = p.units.iter().map(|u| u.path.len()).max().unwrap_or(0);
                    let how =
                        if p.far { format!("As far as each can (up to {hexes} hexes)") } else { "One hex back".into() };
                    let label = format!("{how}{}", if p.fire { ", horse archers shooting" } else { "" });
                    (label, Command::WithdrawLine { leader: leader.clone(), units: p.units })
                })
                .collect();
            let label = format!("{} × {} round {}", line.units.len(), line.line.label(), s.leaders[line.leader].name);
            BodyWithdrawal { label, units: line.units, choices }
        })
        .collect();
    if let Phase::Reaction { pre_arranged, .. } = &st.phase {
        for l in pre_arranged.iter().filter_map(|id| s.leaders.iter().position(|x| &x.id == id)) {
            let Some(units) = sarissa_rules::movement::pre_arranged::plan(s, st, l) else { continue };
            let indices: Vec<usize> =
                units.iter().filter_map(|u| s.units.iter().position(|x| x.id == u.unit)).collect();
            let leader = s.leaders[l].id.clone();
            out.push(BodyWithdrawal {
                label: format!(
                    "pre-arranged, {} units under {} (his marker is turned up)",
                    indices.len(),
                    s.leaders[l].name
                ),
                units: indices,
                choices: vec![(
                    "One hex back, all together (6.83; he is then Finished, 6.84)".into(),
                    Command::PreArrangedWithdrawal { leader, units },
                )],
            });
        }
    }
    out
}

/// The arrow on the map for the `k`th way the move may end at `target`.
pub(crate) fn facing_arrow(k: usize, target: HexId, d: &Destination) -> FacingArrow {
    match d.placement {
        Placement::Two(a, b) => {
            FacingArrow::two_hex(k, if a == target { b } else { a }, d.facing, d.column, choice_label(d))
        }
        Placement::One(_) => FacingArrow::one_hex(k, target, d.facing, d.column, choice_label(d)),
    }
}

/// How a destination reads on its button.
pub(crate) fn choice_label(d: &Destination) -> String {
    let hits = match d.hits {
        0 => String::new(),
        1 => ", 1 hit".into(),
        n => format!(", {n} hits"),
    };
    let wheel = if d.wheel { ", wheel: TQ check" } else { "" };
    match d.placement {
        // A two-hex column (6.63) faces the hexside at its head.
        Placement::Two(a, b) if d.column => {
            let heading = sarissa_rules::map::facing::Heading::of(d.facing, true).name();
            format!("{a}–{b} in column, head to {heading} · {} MP{hits}", d.mp)
        }
        Placement::Two(a, b) => format!("{a}–{b} facing {} · {} MP{hits}{wheel}", d.facing.name(), d.mp),
        Placement::One(_) => {
            let heading = sarissa_rules::map::facing::Heading::of(d.facing, d.column).name();
            format!("Face {heading} · {} MP{hits}", d.mp)
        }
    }
}

/// The buttons of the orders the unit being ordered may be given besides moving and the tap
/// on a ringed enemy: harassment, fire at a lone leader, a bow, recovery, Square, restacking,
/// dismounting.
pub(crate) fn unit_buttons(game: &Game, unit: usize) -> Vec<(String, Command)> {
    let mut buttons = harass_buttons(game, unit);
    buttons.extend(fire_buttons(game, unit));
    buttons.extend(special_buttons(game, unit));
    buttons
}

/// Fire at a hex holding only an enemy leader (8.19), and a "J/A" elephant's bow (CG G52: a
/// tap on the ringed enemy throws the javelins).
fn fire_buttons(g: &Game, u: usize) -> Vec<(String, Command)> {
    let unit = &g.scenario.units[u].id;
    let at_leaders = sarissa_rules::combat::fire::leader_targets(&g.scenario, &g.state, u).into_iter().map(|t| {
        let l = &g.scenario.leaders[t.leader];
        let chance = missile_odds(&t.fire).map(|o| o.leader_casualty.to_f64()).unwrap_or(0.0);
        let label = format!("Fire at {}, alone in {} ({:.1}% to strike him)", l.name, t.hex, chance * 100.0);
        (label, Command::FireAtLeader { unit: unit.clone(), leader: l.id.clone() })
    });
    let bows = sarissa_rules::combat::fire::bow_targets(&g.scenario, &g.state, u).into_iter().map(|t| {
        let chance = missile_odds(&t.fire).map(|d| 1.0 - d.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
        let target = &g.scenario.units[t.unit];
        let label = format!("Shoot the bow at {} ({:.0}% to hit)", target.name, chance * 100.0);
        (label, Command::FireBow { unit: unit.clone(), target: target.id.clone() })
    });
    at_leaders.chain(bows).collect()
}

/// Recovery (10.16), Square (CG 10.62), bringing the unit under it to the top (CG 6.74) and
/// dismounting a chariot's crew, facing any way, the way it faces now first (CG 10.28).
fn special_buttons(g: &Game, u: usize) -> Vec<(String, Command)> {
    let (sc, st) = (&g.scenario, &g.state);
    let unit = sc.units[u].id.clone();
    let mut buttons = Vec::new();
    if let Ok(hits) = sarissa_rules::effects::recovery::recovery(sc, st, u) {
        let label = format!("Recover ({hits} {} off)", if hits == 1 { "hit" } else { "hits" });
        buttons.push((label, Command::Recover { unit: unit.clone() }));
    }
    if sarissa_rules::special::square::refusal(sc, st, u).is_none() {
        buttons.push(if st.units[u].square {
            ("Leave Square (its whole move, 10.62)".to_string(), Command::LeaveSquare { unit: unit.clone() })
        } else {
            ("Form Square (its whole move, 10.62)".to_string(), Command::FormSquare { unit: unit.clone() })
        });
    }
    let restackers = sarissa_rules::special::tribal::restackers(sc, st);
    if let Some(b) = sarissa_rules::special::tribal::partner(sc, st, u).filter(|b| restackers.contains(b)) {
        let label = format!("Bring {} to the top of the stack (an order, 6.74)", sc.units[b].name);
        buttons.push((label, Command::Restack { unit: sc.units[b].id.clone() }));
    }
    if sarissa_rules::special::dismount::refusal(sc, st, u).is_none() {
        let now = st.units[u].facing;
        let facings = std::iter::once(now).chain(sarissa_rules::Vertex::ALL.into_iter().filter(|&v| v != now));
        for facing in facings {
            let label = format!("Dismount, facing {} (its whole move, for good, 10.28)", facing.name());
            buttons.push((label, Command::Dismount { unit: unit.clone(), facing }));
        }
    }
    buttons
}
