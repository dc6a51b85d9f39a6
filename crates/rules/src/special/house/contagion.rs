//! House rule B6, contagious flight (inspired by the Mutford house rules): light foot stand
//! loose, in each other's sight, and go back together. When a light foot unit (LI, LP, SK, SK*)
//! makes an orderly withdrawal on its own (6.7), each friendly light foot unit beside the hex it
//! left that is free to go (not routed, not in an enemy ZOC, column or square: 6.67, 6.71)
//! checks its TQ: a die above its TQ and it is swept along, withdrawing from the same enemy as
//! far from it as it can — with its own withdrawal allowance (6.71), or one hex if it has none
//! — with the withdrawal's usual penalties (6.72). Each unit swept along makes the light foot
//! beside it check in turn; no unit checks twice for one withdrawal (rulings P343, P344).

use crate::game::{Event, GameState, RollPurpose, RuleError, Tx};
use crate::map::zoc::enemy_zoc;
use crate::movement::withdrawal::{
    final_facings, give_ground, retreat_from, unit_allowance, Allowance, Going, Retreat,
};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;
use std::cmp::Reverse;

/// The rule's name in the log and in its checks' dice.
pub const RULE: &str = "House B6";

/// How far a light foot unit beside the withdrawal is swept back from `mover`, if it is free to
/// go (P343): its own withdrawal allowance (6.71), else one hex.
pub const SWEPT_HEXES: u8 = 1;

fn swept_retreat<'a>(s: &'a Scenario, st: &'a GameState, n: usize, mover: usize) -> Option<Retreat<'a>> {
    let un = &st.units[n];
    let held = un.column || un.square || un.routed || un.eliminated || un.engaged;
    let zoc = enemy_zoc(s, st, s.units[n].side);
    if held || un.placement.hexes().any(|h| zoc.contains_key(&h)) {
        return None;
    }
    let allowance = unit_allowance(s, st, n, mover).unwrap_or(Allowance::Hexes(SWEPT_HEXES));
    retreat_from(s, st, n, mover, allowance)
}

/// The friendly light foot beside `left` (the hex a withdrawer of `side` left) that are free
/// to be swept along from `mover` and have not checked yet.
fn beside(s: &Scenario, st: &GameState, side: usize, left: &Placement, mover: usize, tested: &[usize]) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&n| {
            let (u, un) = (&s.units[n], &st.units[n]);
            u.side == side
                && u.kind.is_light_foot()
                && !un.eliminated
                && !tested.contains(&n)
                && un.placement.hexes().any(|h| left.hexes().any(|l| l.is_adjacent(h)))
                && swept_retreat(s, st, n, mover).is_some()
        })
        .collect()
}

/// Where a unit swept along goes (P344): the hex of its withdrawal farthest from `mover` (the
/// first by id among equals), keeping its facing if it can, else the cheapest turn. `None`: it
/// has nowhere to go and stays.
fn flight(s: &Scenario, st: &GameState, n: usize, mover: usize) -> Option<Going> {
    let r = swept_retreat(s, st, n, mover)?;
    let (end, (spent, path)) = r.search().into_iter().max_by_key(|(h, _)| (r.distance(*h), Reverse(*h)))?;
    let own = st.units[n].facing;
    let facings = final_facings(&s.units[n], &r, end, own, spent);
    let &(facing, mp, hits) =
        facings.iter().find(|(v, ..)| *v == own).or_else(|| facings.iter().min_by_key(|(_, mp, hits)| (*hits, *mp)))?;
    Some(Going { path, placement: Placement::One(end), facing, mp, hits, rider: None })
}

/// After unit `first` withdrew from `mover`, leaving `left`: with the rule on and `first` light
/// foot, the light foot beside it check, and those swept along withdraw and spread it on.
pub fn spread(tx: &mut Tx, first: usize, left: Placement, mover: usize) -> Result<(), RuleError> {
    let s = tx.scenario;
    if !s.meta.optional_rules.contagious_flight || !s.units[first].kind.is_light_foot() {
        return Ok(());
    }
    let side = s.units[first].side;
    let mut tested = vec![first];
    let mut fleeing = vec![(first, left)];
    while let Some((w, left)) = fleeing.pop() {
        for n in beside(s, &tx.state, side, &left, mover, &tested) {
            tested.push(n);
            let unit = s.units[n].id.clone();
            let roll = tx.roll(RollPurpose::TqCheck { unit: unit.clone(), rule: RULE.into() })?;
            let Some(going) = flight(s, &tx.state, n, mover).filter(|_| roll > s.units[n].tq) else { continue };
            let from = tx.state.units[n].placement;
            tx.emit(Event::SweptAlong { unit, by: s.units[w].id.clone() });
            give_ground(tx, n, mover, going, false)?;
            fleeing.push((n, from));
        }
    }
    Ok(())
}
