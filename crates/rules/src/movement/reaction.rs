//! Reactions during the enemy's move: reaction facing (GBA 7.16) and the pauses in which the
//! other side may also withdraw (6.7, 4.62, `withdrawal.rs`) or fire at the mover (8.21, 8.22,
//! `fire.rs`).
//!
//! A move is carried out hex by hex (a two-hex unit's pose by pose, P28). When it comes up
//! beside enemy units that may turn to face it, or within two hexes of units that may withdraw,
//! it stops there and the other side decides; then it goes on with the MP it has left — unless
//! it now stands in an enemy ZOC, or the rest of its way is no longer open, and then its move
//! ends where it is (P19).

use crate::combat::fire::ReactionFire;
pub use crate::game::pending::Advance;
pub use crate::game::pending::AfterShock;
use crate::game::{Event, GameState, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::map::facing::{hexes_in, Arc};
use crate::map::hex::{HexId, Vertex};
use crate::map::zoc::enemy_zoc;
use crate::movement::withdrawal::{is_infantry, TRIGGER_RANGE};
use crate::movement::{formation_route, plan_steps, Planned, RouteStep};
use crate::scenario::units::{Placement, UnitClass};
use crate::scenario::Scenario;
use crate::special::house::dense_woods;

/// The one-vertex turns open to a reacting one-hex unit (7.16).
pub fn reaction_facings(facing: Vertex) -> [Vertex; 2] {
    [Vertex::from_index(facing.index() + 1), Vertex::from_index(facing.index() + 5)]
}

/// The facings a reacting unit may take: one vertex either way (7.16), or for a two-hex unit
/// the reverse face (7.17).
pub fn reaction_options(placement: &Placement, facing: Vertex) -> Vec<Vertex> {
    if placement.is_two_hex() {
        vec![Vertex::from_index(facing.index() + 3)]
    } else {
        reaction_facings(facing).to_vec()
    }
}

/// Enemy units that may turn to face `mover` (7.16, 7.17), standing as it now does in `state`,
/// having come from `before`: one-hex units it has just come up beside; two-hex units into one
/// of whose rear hexes it has just come, that could reverse face there (6.44: not in rough
/// ground). Neither may have reacted this phase nor be in the ZOC of another enemy unit.
fn reactors(s: &Scenario, state: &GameState, mover: usize, before: &Placement) -> Vec<usize> {
    let side = s.units[mover].side;
    let now: Vec<HexId> = state.units[mover].placement.hexes().collect();
    let zoc = crate::map::zoc::shared_enemy_zoc(s, state, 1 - side);
    let rough = |h: HexId| s.map.terrain(h).is_some_and(|t| t.is_rough());
    (0..s.units.len())
        .filter(|&i| {
            let (u, st) = (&s.units[i], &state.units[i]);
            // A column never turns in reaction (6.67); in CG neither does a unit that began the
            // segment in an enemy ZOC, nor a double unit (7.16, D41).
            if u.side == side
                || st.eliminated
                || st.routed
                || st.reacted
                || st.column
                // CG 10.62: a unit in Square has no flank or rear to turn from (P195).
                || st.square
                || st.zoc_at_orders_start
                || st.engaged
                // CG 6.75: the bottom unit of a Tribal stack turns with the top one, not alone (P323).
                || crate::special::tribal::is_bottom(s, state, i)
            {
                return false;
            }
            if st.placement.is_two_hex()
                && !crate::scenario::rule_set::hooks(s.meta.rules).reaction_facing.two_hex_reverse
            {
                return false;
            }
            let pinned_by_another =
                st.placement.hexes().any(|at| zoc.get(&at).is_some_and(|others| others.iter().any(|&o| o != mover)));
            if pinned_by_another {
                return false;
            }
            match st.placement {
                Placement::One(at) => {
                    now.iter().any(|h| at.is_adjacent(*h)) && !before.hexes().any(|h| h == at || at.is_adjacent(h))
                }
                Placement::Two(..) => {
                    let rear = hexes_in(&st.placement, st.facing, Arc::Rear);
                    now.iter().any(|h| rear.contains(h))
                        && !before.hexes().any(|h| rear.contains(&h))
                        && !st.placement.hexes().any(rough)
                }
            }
        })
        .collect()
}

/// Everything the other side may do about `mover` standing where it now is (having come from
/// `before`, `None` at the start of its move): turn to face it (7.16), withdraw from it (6.7,
/// 4.62), fire at it as it enters or leaves a ZOC (8.21, 8.22). Lone leaders it came up beside
/// who cannot get away are captured at once (4.62).
struct Pause {
    reactors: Vec<String>,
    withdrawers: Vec<String>,
    leaders: Vec<String>,
    exposed: Vec<String>,
    firers: Vec<String>,
    fire_kind: ReactionFire,
    /// Leaders whose lines may withdraw under their PW orders (6.83).
    pre_arranged: Vec<String>,
    /// CG 10.16: cavalry and chariots an elephant came beside that cannot withdraw: their TQ
    /// checks, at once (not a reaction the player chooses).
    frightened: Vec<usize>,
    /// 8.21: entry fire at a unit of a moving line, noted for when the line has moved.
    deferred: Vec<String>,
}

impl Pause {
    /// Nothing to offer: the other side can do nothing about the mover.
    fn none() -> Pause {
        Pause {
            reactors: vec![],
            withdrawers: vec![],
            leaders: vec![],
            exposed: vec![],
            firers: vec![],
            fire_kind: ReactionFire::Entry,
            pre_arranged: vec![],
            frightened: vec![],
            deferred: vec![],
        }
    }

    fn is_empty(&self) -> bool {
        self.reactors.is_empty()
            && self.withdrawers.is_empty()
            && self.leaders.is_empty()
            && self.firers.is_empty()
            && self.pre_arranged.is_empty()
    }
}

/// The pause for `mover` standing as it does in `state`; and the leaders captured there.
fn pause_at(scenario: &Scenario, state: &GameState, mover: usize, before: Option<&Placement>) -> (Pause, Vec<String>) {
    let s = scenario;
    let mut pause = Pause::none();
    let ids = |v: Vec<usize>| v.into_iter().map(|i| s.units[i].id.clone()).collect::<Vec<_>>();
    if let Some(from) = before {
        pause.reactors = ids(reactors(s, state, mover, from));
        pause.firers = ids(crate::combat::fire::entry_firers(s, state, mover, from));
        // 8.21: a line moves as a whole before any entry fire at it (P140).
        if crate::combat::line_entry::collecting(s, state, mover) {
            pause.deferred = std::mem::take(&mut pause.firers);
        }
    }
    let offer = crate::movement::withdrawal::offer(s, state, mover, before);
    let (exposed, captured): (Vec<usize>, Vec<usize>) =
        offer.exposed.iter().partition(|&&l| crate::movement::withdrawal::leader_can_withdraw(s, state, l, mover));
    pause.withdrawers = ids(offer.withdrawers);
    // CG 10.16: cavalry and chariots an elephant comes beside must withdraw if they can (they
    // are offered it, even within two hexes already), else they check their TQ.
    if let Some(from) = before {
        for u in crate::special::elephants::shied(s, state, mover, from) {
            if !crate::movement::withdrawal::can_withdraw_from(s, state, u, mover) {
                pause.frightened.push(u);
            } else if !pause.withdrawers.contains(&s.units[u].id) {
                pause.withdrawers.push(s.units[u].id.clone());
            }
        }
    }
    pause.leaders = offer.leaders.iter().filter(|l| !captured.contains(l)).map(|&l| s.leaders[l].id.clone()).collect();
    pause.exposed = exposed.iter().map(|&l| s.leaders[l].id.clone()).collect();
    pause.pre_arranged = offer.pre_arranged.iter().map(|&l| s.leaders[l].id.clone()).collect();
    (pause, captured.iter().map(|&l| s.leaders[l].id.clone()).collect())
}

/// After a shock segment, one advancing unit after another: the defending side may turn to
/// face it (7.16) or shoot at it as it comes into a ZOC (8.21), but not withdraw (9.35). Then
/// the active leader's orders phase ends as usual.
pub fn offer_advance_reactions(tx: &mut Tx, leader: &str, advances: Vec<Advance>) -> Result<(), RuleError> {
    for (k, a) in advances.iter().enumerate() {
        let ui = tx.unit_index(&a.unit)?;
        let st = &tx.state.units[ui];
        if st.eliminated || st.routed {
            continue;
        }
        let before = a.two_hex.unwrap_or(Placement::One(a.from));
        let ids = |v: Vec<usize>| v.into_iter().map(|i| tx.scenario.units[i].id.clone()).collect::<Vec<_>>();
        let reactors = ids(reactors(tx.scenario, &tx.state, ui, &before));
        let firers = ids(crate::combat::fire::entry_firers(tx.scenario, &tx.state, ui, &before));
        if reactors.is_empty() && firers.is_empty() {
            continue;
        }
        let after = AfterShock { leader: leader.into(), advances: advances[k + 1..].to_vec() };
        let offer =
            StandingOffer { reactors, firers, fire_kind: ReactionFire::Entry, harass: None, after_shock: Some(after) };
        offer_standing(tx, ui, offer);
        return Ok(());
    }
    crate::play::sequence::after_orders(tx, leader)
}

/// What the other side may do about a unit that is not on the move — one that fired,
/// harassed or advanced after combat (8.23, 8.33, 9.35).
pub struct StandingOffer {
    pub reactors: Vec<String>,
    pub firers: Vec<String>,
    pub fire_kind: ReactionFire,
    pub harass: Option<crate::combat::harassment::Harassment>,
    pub after_shock: Option<AfterShock>,
}

/// Opens the other side's reaction to `unit` where it stands, with nothing of a move to go on.
pub fn offer_standing(tx: &mut Tx, unit: usize, offer: StandingOffer) {
    tx.emit(Event::ReactionOffered {
        side: 1 - tx.scenario.units[unit].side,
        mover: tx.scenario.units[unit].id.clone(),
        reactors: offer.reactors,
        withdrawers: Vec::new(),
        leaders: Vec::new(),
        exposed: Vec::new(),
        firers: offer.firers,
        fire_kind: offer.fire_kind,
        harass: offer.harass,
        column: false,
        pre_arranged: Vec::new(),
        after_shock: offer.after_shock.map(Box::new),
        remaining: Vec::new(),
        to: None,
        fresh: false,
        facing: tx.state.units[unit].facing,
        spent: 0,
        leader_move: None,
        rider: None,
    });
}

/// What is left of an interrupted move: a one-hex unit's hexes still to enter, or a two-hex
/// unit's pose still to reach; its final facing; the MP spent so far.
struct Rest<'a> {
    remaining: &'a [HexId],
    to: Option<Placement>,
    fresh: bool,
    facing: Vertex,
    spent: u8,
    /// The move ends In Column (6.61).
    column: bool,
    /// A contingent commander going along (5.68).
    rider: Option<usize>,
}

fn offer_pause(tx: &mut Tx, mover: usize, pause: Pause, rest: Rest) {
    let side = 1 - tx.scenario.units[mover].side;
    tx.emit(Event::ReactionOffered {
        side,
        mover: tx.scenario.units[mover].id.clone(),
        reactors: pause.reactors,
        withdrawers: pause.withdrawers,
        leaders: pause.leaders,
        exposed: pause.exposed,
        firers: pause.firers,
        fire_kind: pause.fire_kind,
        harass: None,
        pre_arranged: pause.pre_arranged,
        after_shock: None,
        remaining: rest.remaining.to_vec(),
        to: rest.to,
        fresh: rest.fresh,
        facing: rest.facing,
        spent: rest.spent,
        column: rest.column,
        leader_move: None,
        rider: rest.rider.map(|l| tx.scenario.leaders[l].id.clone()),
    });
}

/// The pause at the start of `mover`'s move, whose next poses are `next`: withdrawals (6.71),
/// and fire at it as it leaves a ZOC (8.22).
fn start_pause(scenario: &Scenario, state: &GameState, mover: usize, next: &[Placement]) -> Pause {
    // 8.22 too needs an enemy beside it: one whose ZOC it leaves.
    if out_of_reach(scenario, state, mover, &state.units[mover].placement) {
        return Pause { fire_kind: ReactionFire::Retire, ..Pause::none() };
    }
    let (mut pause, _) = pause_at(scenario, state, mover, None);
    let firers = crate::combat::fire::retire_firers(scenario, state, mover, next);
    pause.firers = firers.into_iter().map(|i| scenario.units[i].id.clone()).collect();
    pause.fire_kind = ReactionFire::Retire;
    pause
}

/// No enemy unit or leader within two hexes of `placement`. Every part of a pause needs one
/// that near: a reactor beside the mover (7.16, 7.17), a firer whose ZOC it enters (8.21), a
/// unit or leader it came within two hexes of (6.7, 4.62), a PW line it came within two hexes
/// of (6.83), a horse an elephant came beside (CG 10.16). Eliminated units and leaders count
/// too: this only spares working out a pause that must be empty.
fn out_of_reach(s: &Scenario, state: &GameState, mover: usize, placement: &Placement) -> bool {
    let side = s.units[mover].side;
    let near = |h: HexId| placement.hexes().any(|p| p.distance(h) <= TRIGGER_RANGE);
    let mut units = s.units.iter().zip(&state.units).filter(|(u, _)| u.side != side);
    let mut leaders = s.leaders.iter().zip(&state.leaders).filter(|(l, _)| l.side != side);
    !units.any(|(_, st)| st.placement.hexes().any(near)) && !leaders.any(|(_, st)| near(st.at))
}

/// The pause for `mover` were it to stand at `placement` facing `facing`, coming from `before`.
fn probe(tx: &Tx, mover: usize, placement: Placement, facing: Vertex, before: &Placement) -> (Pause, Vec<String>) {
    if out_of_reach(tx.scenario, &tx.state, mover, &placement) {
        return (Pause::none(), Vec::new());
    }
    let mut state = tx.state.clone();
    state.units[mover].placement = placement;
    state.units[mover].facing = facing;
    pause_at(tx.scenario, &state, mover, Some(before))
}

/// Carries out a planned one-hex move from its current position, stopping where the enemy may
/// react. `first`: this is the order itself (counted), not its continuation. `rider`: a
/// contingent commander going along, stacked with it at every step (5.68).
#[allow(clippy::too_many_arguments)]
pub fn run_move(
    tx: &mut Tx,
    unit: usize,
    path: &[HexId],
    planned: &Planned,
    facing: Vertex,
    spent_before: u8,
    first: bool,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let id = tx.scenario.units[unit].id.clone();
    let Placement::One(mut from) = tx.state.units[unit].placement else { return Ok(()) };
    let (column, whole) = (planned.destination.column, path.len());
    let emit_move = |tx: &mut Tx, path: Vec<HexId>, at: HexId, facing: Vertex, mp: u8, hits: u8| {
        let done = path.len() == whole;
        let placement = Placement::One(at);
        if first {
            tx.emit(Event::UnitMoved { unit: id.clone(), path, placement, facing, mp });
        } else {
            tx.emit(Event::MoveContinued { unit: id.clone(), path, placement, facing, mp });
        }
        crate::command::contingent::carry(tx, rider, unit);
        // CG 6.74: the unit that comes to stack goes underneath.
        if done && whole > 0 {
            if let Some(other) = crate::special::tribal::partner(tx.scenario, &tx.state, unit) {
                tx.emit(Event::TribalStacked { unit: id.clone(), over: tx.scenario.units[other].id.clone() });
            }
        }
        if hits > 0 {
            tx.emit(Event::CohesionHits { unit: id.clone(), hits, cause: HitCause::Terrain });
        }
        // 6.61: the change into or out of column ends the move.
        if done && planned.changes_formation {
            tx.emit(Event::FormationChanged { unit: id.clone(), column, facing: planned.destination.facing });
        }
    };
    // An enemy starting its move within two hexes may be withdrawn from at once (6.71), and
    // fired at as it leaves a ZOC before it moves (8.22).
    if first && !path.is_empty() {
        let pause = start_pause(tx.scenario, &tx.state, unit, &[Placement::One(path[0])]);
        if !pause.is_empty() {
            let start_facing = tx.state.units[unit].facing;
            emit_move(tx, Vec::new(), from, start_facing, 0, 0);
            let rest = Rest { remaining: path, to: None, fresh: false, facing, spent: spent_before, column, rider };
            offer_pause(tx, unit, pause, rest);
            return Ok(());
        }
    }
    // The hex it stands in before each step, and whether it could have stopped there.
    let mut standing = (from, true);
    for (k, &hex) in path.iter().enumerate() {
        let last = k + 1 == path.len();
        // House B7 (P360): deep inside dense woods, a die before each hex it goes on to.
        if standing.1 {
            let (facing_now, mp, hits) =
                if k == 0 { (tx.state.units[unit].facing, 0, 0) } else { planned.steps[k - 1] };
            if let Some(turned) = dense_woods::loses_way(tx, unit, standing.0, facing_now)? {
                emit_move(tx, path[..k].to_vec(), standing.0, turned, mp, hits);
                dense_woods::log_lost(tx, unit, standing.0, turned);
                return Ok(());
            }
        }
        standing = (hex, false);
        // A skirmisher filing through a friend's hex cannot stop there: reactions wait for a hex
        // where the move could end (6.91).
        let occupant = tx
            .state
            .units
            .iter()
            .enumerate()
            .position(|(i, u)| i != unit && !u.eliminated && u.placement.hexes().any(|h| h == hex));
        // CG 6.73: a Tribal unit ending its move on one of its tribe stacks there; it does not
        // pass through.
        let rules = tx.scenario.meta.rules;
        let stacks = |o: usize| {
            last && crate::special::tribal::may_stack(rules, &tx.scenario.units[unit], &tx.scenario.units[o])
        };
        if let Some(other) = occupant.filter(|&o| !stacks(o)) {
            pass_through_checks(tx, unit, other)?;
            continue;
        }
        let (step_facing, mp, hits) =
            if last { (planned.arrival, planned.destination.mp, planned.destination.hits) } else { planned.steps[k] };
        // Where the mover would stand: what the other side could do about it there.
        let (mut pause, captured) = probe(tx, unit, Placement::One(hex), step_facing, &Placement::One(from));
        if !pause.is_empty() || !captured.is_empty() || !pause.frightened.is_empty() || !pause.deferred.is_empty() {
            emit_move(tx, path[..=k].to_vec(), hex, step_facing, mp, hits);
            for leader in captured {
                tx.emit(Event::LeaderCaptured { leader });
            }
            crate::combat::line_entry::defer(tx, unit, &pause.deferred);
            crate::special::elephants::fright_checks(tx, &std::mem::take(&mut pause.frightened))?;
            if !pause.is_empty() {
                let spent = spent_before + mp;
                let rest = Rest { remaining: &path[k + 1..], to: None, fresh: false, facing, spent, column, rider };
                offer_pause(tx, unit, pause, rest);
                return Ok(());
            }
            // Only captures here: the move goes on.
            if last {
                return Ok(());
            }
            return continue_move(tx, unit, &path[k + 1..], facing, column, spent_before + mp, rider);
        }
        from = hex;
        standing = (hex, true);
    }
    let at = path.last().copied().unwrap_or(from);
    emit_move(tx, path.to_vec(), at, planned.arrival, planned.destination.mp, planned.destination.hits);
    Ok(())
}

/// Passing through a friend (6.92, 6.95): where the stacking chart asks for it, both units
/// check their TQ, the mover first, and each failing takes the chart's hits; a Routed friend
/// passed through is eliminated.
pub fn pass_through_checks(tx: &mut Tx, mover: usize, stationary: usize) -> Result<(), RuleError> {
    let (m, st) = (&tx.scenario.units[mover], &tx.scenario.units[stationary]);
    let outcome = crate::movement::pass_through(m, st, tx.state.units[stationary].routed);
    if outcome == crate::charts::stacking::Outcome::StationaryEliminated {
        tx.emit(Event::UnitEliminated { unit: st.id.clone(), rule: "6.92".into() });
        return Ok(());
    }
    let crate::charts::stacking::Outcome::ExtraMp { tq_check_both_hits_on_fail: hits, .. } = outcome else {
        return Ok(());
    };
    for u in [mover, stationary] {
        let (id, tq) = (tx.scenario.units[u].id.clone(), tx.scenario.units[u].tq);
        let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: "6.92".into() })?;
        if roll > tq && hits > 0 {
            tx.emit(Event::CohesionHits { unit: id, hits, cause: HitCause::PassThrough });
        }
    }
    Ok(())
}

/// The reacting side turns `unit` one vertex (7.16): a TQ check with the difference of the two
/// MAs added, at least one hit (R2) — none for cavalry facing infantry.
pub fn react_facing(tx: &mut Tx, unit: &str, facing: Vertex) -> Result<(), RuleError> {
    let Phase::Reaction { mover, reactors, .. } = tx.state.phase.clone() else {
        return Err(RuleError::NotNow {
            command: "react_facing".into(),
            rule: "7.16",
            expected: "no enemy has come up beside this unit".into(),
        });
    };
    let ui = tx.unit_index(unit)?;
    let mi = tx.unit_index(&mover)?;
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "7.16", reason };
    if !reactors.iter().any(|r| r == unit) {
        return Err(refuse(
            "it may not react now: the enemy did not just come up beside it, or it already reacted".into(),
        ));
    }
    let two_hex = tx.state.units[ui].placement.is_two_hex();
    let rule = crate::scenario::rule_set::hooks(tx.scenario.meta.rules).reaction_facing;
    if two_hex && !rule.two_hex_reverse {
        return Err(refuse("a double unit never turns in reaction (CG 7.16)".into()));
    }
    if !reaction_options(&tx.state.units[ui].placement, tx.state.units[ui].facing).contains(&facing) {
        let reason =
            if two_hex { "a two-hex unit reacts by reversing its face (7.17)" } else { "a reaction turns one vertex" };
        return Err(refuse(reason.into()));
    }
    let partner = crate::special::tribal::partner(tx.scenario, &tx.state, ui);
    turn_to_face(tx, ui, mi, facing)?;
    // CG 6.75: its stack-mate turns with it, and pays for it as it does (P323).
    if let Some(mate) = partner.filter(|&p| tx.state.units[p].facing != facing) {
        turn_to_face(tx, mate, mi, facing)?;
    }
    // Turned to face it, a missile unit that now has the mover in its ZOC may fire (8.21).
    let offered = matches!(&tx.state.phase, Phase::Reaction { firers, fire_kind: ReactionFire::Entry, .. }
        if !firers.iter().any(|f| f == unit));
    if offered && tx.state.units[ui].hits < tx.scenario.units[ui].tq {
        let zoc = crate::map::zoc::zoc_of(tx.scenario, &tx.state, ui);
        let in_zoc = tx.state.units[mi].placement.hexes().any(|h| zoc.contains(&h));
        if in_zoc
            && !crate::combat::fire::reaction_shots(tx.scenario, &tx.state, ui, mi, ReactionFire::Entry).is_empty()
        {
            // A unit of a moving line is shot at once the line has moved (8.21, P140).
            if crate::combat::line_entry::collecting(tx.scenario, &tx.state, mi) {
                crate::combat::line_entry::defer(tx, mi, &[unit.to_string()]);
            } else {
                tx.emit(Event::ReactionFireOffered { unit: unit.into() });
            }
        }
    }
    after_reaction(tx)
}

/// Unit `ui` turns to `facing` in reaction to `mi` and checks its TQ (7.16, 7.17): the hits are
/// the roll less its TQ, in GBA with the difference of the two MAs added and at least one (R2);
/// none for cavalry facing infantry.
fn turn_to_face(tx: &mut Tx, ui: usize, mi: usize, facing: Vertex) -> Result<(), RuleError> {
    let rule = crate::scenario::rule_set::hooks(tx.scenario.meta.rules).reaction_facing;
    let two_hex = tx.state.units[ui].placement.is_two_hex();
    let (r, m) = (&tx.scenario.units[ui], &tx.scenario.units[mi]);
    let unit = r.id.clone();
    let free = !two_hex && r.kind.is_cavalry() && is_infantry(m.kind);
    // GBA adds the MA difference; CG does not (7.16, D41).
    let diff = if rule.ma_difference { m.ma as i16 - r.ma as i16 } else { 0 };
    let tq = r.tq as i16;
    // At least one hit (R2); a two-hex unit's reverse face at least two, a Macedonian phalanx's
    // one (7.17). CG: DR − TQ hits, none if the roll is within the TQ (D41).
    let (minimum, rule_no) = match (two_hex, r.class) {
        _ if !rule.minimum_hit => (0, "7.16"),
        (false, _) => (1, "7.16"),
        (true, Some(UnitClass::MA)) => (1, "7.17"),
        (true, _) => (2, "7.17"),
    };
    tx.emit(Event::ReactionFaced { unit: unit.clone(), facing });
    if !free {
        let roll = tx.roll(RollPurpose::TqCheck { unit: unit.clone(), rule: rule_no.into() })? as i16;
        let hits = (roll + diff - tq).max(minimum) as u8;
        if hits > 0 {
            tx.emit(Event::CohesionHits { unit, hits, cause: HitCause::ReactionFacing });
        }
    }
    Ok(())
}

/// After one reaction: when nobody is left to react, the move goes on.
pub fn after_reaction(tx: &mut Tx) -> Result<(), RuleError> {
    let done = matches!(&tx.state.phase, Phase::Reaction { reactors, withdrawers, leaders, pre_arranged, .. }
        if reactors.is_empty() && withdrawers.is_empty() && leaders.is_empty() && pre_arranged.is_empty())
        && crate::combat::fire::reaction_firers(tx.scenario, &tx.state).is_empty();
    if done {
        resume(tx)
    } else {
        Ok(())
    }
}

/// The reactions are over: leaders left alone beside the enemy are captured (4.62); the orders
/// phase comes back and the move goes on, if it still can — not if reaction fire has brought
/// the mover's hits to its TQ: it routs instead (8.21, 10.21).
pub fn resume(tx: &mut Tx) -> Result<(), RuleError> {
    // An enemy leader's own move, paused for Darius (9.24, P128).
    if matches!(&tx.state.phase, Phase::Reaction { leader_move: Some(_), .. }) {
        return crate::scenario::battles::darius::resume(tx);
    }
    let Phase::Reaction {
        mover,
        remaining,
        to,
        fresh,
        facing,
        spent,
        exposed,
        harass,
        column,
        after_shock,
        line_fire,
        rider,
        ..
    } = tx.state.phase.clone()
    else {
        return Ok(());
    };
    for leader in exposed {
        tx.emit(Event::LeaderCaptured { leader });
    }
    tx.emit(Event::ReactionEnded);
    // 8.21: the line's entry fire is over; units it broke rout now, before the line's own fire
    // or the end of the orders phase (P140).
    if let Some(line) = line_fire {
        crate::effects::cohesion::settle(tx)?;
        if line.end_orders {
            return crate::play::sequence::end_orders(tx, &line.leader);
        }
        return Ok(());
    }
    if let Some(then) = after_shock {
        return offer_advance_reactions(tx, &then.leader, then.advances);
    }
    let ui = tx.unit_index(&mover)?;
    if let Some(h) = harass {
        return crate::combat::harassment::conclude(tx, ui, &h);
    }
    if tx.state.units[ui].hits >= tx.scenario.units[ui].tq {
        return Ok(());
    }
    let rider = rider.map(|l| tx.leader_index(&l)).transpose()?;
    if let Some(to) = to {
        return continue_formation(tx, ui, &to, facing, spent, fresh, rider);
    }
    if remaining.is_empty() {
        return Ok(());
    }
    continue_move(tx, ui, &remaining, facing, column, spent, rider)
}

/// Still where its order found it: a move paused before its first step (6.71, 8.22) may leave the
/// ZOC it began in, as planned (7.23).
fn at_start(tx: &Tx, ui: usize) -> bool {
    let st = &tx.state.units[ui];
    st.order_start == Some(st.placement)
}

/// The rest of an interrupted move, unless it now stands in an enemy ZOC or the rest of its
/// path is no longer open: then the move ends where it is (7.23, P19).
fn continue_move(
    tx: &mut Tx,
    ui: usize,
    remaining: &[HexId],
    facing: Vertex,
    column: bool,
    spent: u8,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let Placement::One(at) = tx.state.units[ui].placement else { return Ok(()) };
    if !at_start(tx, ui) && enemy_zoc(tx.scenario, &tx.state, tx.scenario.units[ui].side).contains_key(&at) {
        return Ok(());
    }
    match plan_steps(tx.scenario, &tx.state, ui, remaining, facing, column, spent) {
        Ok(planned) => run_move(tx, ui, remaining, &planned, facing, spent, false, rider),
        Err(_) => Ok(()),
    }
}

// ---- Two-hex movers (6.4) -------------------------------------------------------------------

/// Carries out a two-hex unit's route pose by pose from where it stands, stopping where the
/// enemy may react (7.16, 6.7, P28). `first`: this is the order itself (counted). `fresh`: it
/// had not moved this turn before this order (6.46). The route's MP count from `spent_before`.
/// `rider`: a contingent commander going along (5.68).
#[allow(clippy::too_many_arguments)]
pub fn run_formation(
    tx: &mut Tx,
    unit: usize,
    route: &[RouteStep],
    wheel: bool,
    fresh: bool,
    first: bool,
    spent_before: u8,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let Some(last) = route.last().cloned() else { return Ok(()) };
    let id = tx.scenario.units[unit].id.clone();
    let start = tx.state.units[unit].placement;
    // 6.61: a change into or out of column is the route's last step, in the same two hexes.
    let column_now = tx.state.units[unit].column;
    let changes = crate::movement::is_column_pose(&last.placement, last.facing) != column_now;
    let before_change = if route.len() >= 2 { route[route.len() - 2].facing } else { tx.state.units[unit].facing };
    let emit_move = |tx: &mut Tx, from: &Placement, step: &RouteStep, hits: u8| {
        let before: Vec<HexId> = from.hexes().collect();
        let path: Vec<HexId> = step.placement.hexes().filter(|h| !before.contains(h)).collect();
        let change = changes && step == &last;
        let (placement, mp) = (step.placement, step.mp);
        let facing = if change { before_change } else { step.facing };
        if first {
            tx.emit(Event::UnitMoved { unit: id.clone(), path, placement, facing, mp });
        } else {
            tx.emit(Event::MoveContinued { unit: id.clone(), path, placement, facing, mp });
        }
        crate::command::contingent::carry(tx, rider, unit);
        if hits > 0 {
            // The ground and pivots of this stretch (6.42, 6.43).
            tx.emit(Event::CohesionHits { unit: id.clone(), hits, cause: HitCause::Maneuver });
        }
        if change {
            tx.emit(Event::FormationChanged { unit: id.clone(), column: !column_now, facing: step.facing });
        }
    };
    let rest = |spent: u8| Rest {
        remaining: &[],
        to: Some(last.placement),
        fresh,
        facing: last.facing,
        spent,
        column: false,
        rider,
    };
    // An enemy starting its move within two hexes may be withdrawn from at once (6.71), and
    // fired at as it leaves a ZOC before it moves (8.22).
    if first {
        let poses: Vec<Placement> = route.iter().map(|step| step.placement).collect();
        let pause = start_pause(tx.scenario, &tx.state, unit, &poses);
        if !pause.is_empty() {
            let facing = tx.state.units[unit].facing;
            let here = RouteStep { placement: start, facing, mp: spent_before, hits: 0 };
            emit_move(tx, &start, &here, 0);
            offer_pause(tx, unit, pause, rest(spent_before));
            return Ok(());
        }
    }
    let mut before = start;
    for (k, step) in route.iter().enumerate() {
        let is_last = k + 1 == route.len();
        let (pause, captured) = probe(tx, unit, step.placement, step.facing, &before);
        if !is_last && pause.is_empty() && captured.is_empty() && pause.deferred.is_empty() {
            before = step.placement;
            continue;
        }
        emit_move(tx, &start, step, step.hits);
        for leader in captured {
            tx.emit(Event::LeaderCaptured { leader });
        }
        crate::combat::line_entry::defer(tx, unit, &pause.deferred);
        if is_last {
            end_formation_move(tx, unit, step.mp, wheel, fresh)?;
            if !pause.is_empty() {
                let done =
                    Rest { remaining: &[], to: None, fresh, facing: step.facing, spent: step.mp, column: false, rider };
                offer_pause(tx, unit, pause, done);
            }
            return Ok(());
        }
        if !pause.is_empty() {
            offer_pause(tx, unit, pause, rest(step.mp));
            return Ok(());
        }
        // Only captures here: the move goes on.
        return continue_formation(tx, unit, &last.placement, last.facing, step.mp, fresh, rider);
    }
    Ok(())
}

/// The rest of a two-hex unit's interrupted move, by the cheapest route from where it now
/// stands; it ends where it is if now in an enemy ZOC or the pose is out of reach (P19, P28).
fn continue_formation(
    tx: &mut Tx,
    ui: usize,
    to: &Placement,
    facing: Vertex,
    spent: u8,
    fresh: bool,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let side = tx.scenario.units[ui].side;
    let zoc = enemy_zoc(tx.scenario, &tx.state, side);
    let at = tx.state.units[ui].placement;
    let arrived = at.hexes().all(|h| to.hexes().any(|t| t == h)) && tx.state.units[ui].facing == facing;
    if arrived || (!at_start(tx, ui) && at.hexes().any(|h| zoc.contains_key(&h))) {
        return end_formation_move(tx, ui, spent, false, fresh);
    }
    match formation_route(tx.scenario, &tx.state, ui, to, facing, spent) {
        Some((d, route)) => run_formation(tx, ui, &route, d.wheel, fresh, false, spent, rider),
        None => end_formation_move(tx, ui, spent, false, fresh),
    }
}

/// The TQ check of a two-hex unit that has wheeled where it now stands, if an enemy pins it
/// there: the hits it would take, at least one (6.45, R2); none when only skirmishers pin it
/// (GBA; CG always checks, D30).
pub fn wheel_check(tx: &mut Tx, ui: usize) -> Result<Option<u8>, RuleError> {
    let u = &tx.scenario.units[ui];
    let (id, tq) = (u.id.clone(), u.tq);
    let zoc = enemy_zoc(tx.scenario, &tx.state, u.side);
    let skirmishers_count =
        !crate::scenario::rule_set::hooks(tx.scenario.meta.rules).wheel_check_ignores_skirmisher_zoc;
    let pinned_by_formed = tx.state.units[ui]
        .placement
        .hexes()
        .flat_map(|h| zoc.get(&h).cloned().unwrap_or_default())
        .any(|e| skirmishers_count || !tx.scenario.units[e].kind.is_foot_skirmisher());
    if !pinned_by_formed {
        return Ok(None);
    }
    let roll = tx.roll(RollPurpose::TqCheck { unit: id, rule: "6.45".into() })?;
    Ok(Some(roll.saturating_sub(tq).max(1)))
}

/// The checks at the end of a two-hex unit's move: the wheel's TQ check, at least one hit, none
/// when only skirmishers pin it (6.45, R2); a first move of the turn beyond the printed MA, the
/// augmented MA's TQ check (GBA 6.46; CG 6.46).
fn end_formation_move(tx: &mut Tx, ui: usize, mp: u8, wheel: bool, fresh: bool) -> Result<(), RuleError> {
    let u = &tx.scenario.units[ui];
    let (id, tq, ma) = (u.id.clone(), u.tq, u.ma);
    if wheel {
        if let Some(hits) = wheel_check(tx, ui)? {
            tx.emit(Event::CohesionHits { unit: id.clone(), hits, cause: HitCause::Wheel });
        }
    }
    // A column's allowance is its own (6.62), not the augmented MA.
    if mp > ma && fresh && !tx.state.units[ui].column_at_start {
        let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: "6.46".into() })?;
        if roll > tq {
            tx.emit(Event::CohesionHits { unit: id, hits: 1, cause: HitCause::AugmentedMove });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::playout::RandomPlayer;
    use crate::{Dice, Game};
    use std::sync::Arc;

    fn battle(name: &str) -> Arc<Scenario> {
        let path = format!("{}/../../scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("a bundled battle");
        Arc::new(crate::load(&path, &text).expect("a valid battle"))
    }

    /// The shortcut of `probe` and `start_pause` (no enemy within two hexes: no pause) against
    /// the whole pause check, for every unit stepping into every hex beside it, along random
    /// games of a GBA battle and a CG one with elephants (7.16, 8.21, 8.22, 6.7, 4.62, 6.83,
    /// CG 10.16).
    #[test]
    fn a_unit_out_of_reach_of_every_enemy_pauses_for_nothing_7_16_8_21_6_7() {
        let mut checked = 0;
        for name in ["issus", "malayaketu"] {
            let (mut game, _) = Game::new(battle(name), Dice::seeded(5)).expect("a battle starts");
            let mut player = RandomPlayer::new(5);
            // Every tenth position: the game moves on from its deployment into contact.
            for k in 0..150 {
                if k % 10 == 0 {
                    checked += check_every_step(&game.scenario, &game.state);
                }
                let Some(command) = player.choose(&game) else { break };
                game.execute(&command).expect("a legal command");
            }
        }
        assert!(checked > 100, "only {checked} steps out of reach were checked");
    }

    /// Asserts the whole pause check finds nothing wherever `out_of_reach` says so; returns how
    /// many steps it checked.
    fn check_every_step(s: &Scenario, state: &GameState) -> usize {
        let mut checked = 0;
        for (unit, st) in state.units.iter().enumerate().filter(|(_, st)| !st.eliminated) {
            let Placement::One(at) = st.placement else { continue };
            for to in crate::map::hex::Hexside::ALL.into_iter().filter_map(|side| at.neighbour(side)) {
                let placement = Placement::One(to);
                if !out_of_reach(s, state, unit, &placement) {
                    continue;
                }
                let mut moved = state.clone();
                moved.units[unit].placement = placement;
                for before in [None, Some(&st.placement)] {
                    let (pause, captured) = pause_at(s, &moved, unit, before);
                    let nothing = pause.is_empty()
                        && pause.exposed.is_empty()
                        && pause.frightened.is_empty()
                        && pause.deferred.is_empty()
                        && captured.is_empty();
                    assert!(nothing, "{} at {to} from {before:?}", s.units[unit].id);
                }
                let retiring = crate::combat::fire::retire_firers(s, &moved, unit, &[st.placement]);
                assert!(retiring.is_empty(), "{} leaving {to}", s.units[unit].id);
                checked += 1;
            }
        }
        checked
    }
}
