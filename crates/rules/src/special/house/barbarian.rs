//! House rule B2, barbarian activation order (inspired by the Mutford house rules): a side the
//! battle file marks barbarian keeps its place in the activation order — the initiatives of its
//! leaders are its slots — but which leader fills which slot is rolled afresh every turn, one
//! die each, the highest first (rulings P333, P334).

use crate::game::{Event, GameState, LeaderStatus, RollPurpose, RuleError, Tx};
use crate::scenario::Scenario;

/// At the start of each turn, with the rule on: each barbarian side's leaders in the
/// initiative chain roll one die each; the highest takes the side's earliest slot, and so on
/// (house B2, P333). A side with fewer than two such leaders has nothing to roll.
pub fn roll_order(tx: &mut Tx) -> Result<(), RuleError> {
    let s = tx.scenario;
    if !s.meta.optional_rules.barbarian_activation {
        return Ok(());
    }
    for side in (0..s.sides.len()).filter(|&side| s.sides[side].barbarian) {
        let leaders = in_the_chain(s, &tx.state, side);
        if leaders.len() < 2 {
            continue;
        }
        let mut rolled = Vec::with_capacity(leaders.len());
        for &(li, _) in &leaders {
            let roll = tx.roll(RollPurpose::BarbarianOrder { leader: s.leaders[li].id.clone() })?;
            rolled.push((li, roll));
        }
        tx.emit(Event::BarbarianOrderRolled { side, slots: fill_slots(s, &leaders, rolled) });
    }
    Ok(())
}

/// The side's leaders in the initiative chain (5.12) and on the field, each with his own
/// initiative, in the order the chain takes them: lowest initiative first, then as listed.
fn in_the_chain(s: &Scenario, st: &GameState, side: usize) -> Vec<(usize, u8)> {
    let mut leaders: Vec<(usize, u8)> = (0..s.leaders.len())
        .filter(|&li| s.leaders[li].side == side && st.leaders[li].status != LeaderStatus::Eliminated)
        .filter(|&li| crate::command::contingent::rated(s, li))
        .filter_map(|li| crate::command::orders::ratings(s, st, li).initiative.map(|i| (li, i)))
        .collect();
    crate::game::sorting::sort_by_key(&mut leaders, |&(li, i)| (i, li));
    leaders
}

/// The slots (`leaders`' own initiatives, earliest first) filled in die order: highest roll
/// first; equal rolls keep the chain's own order (P334). Each leader with his slot's initiative.
fn fill_slots(s: &Scenario, leaders: &[(usize, u8)], mut rolled: Vec<(usize, u8)>) -> Vec<(String, u8)> {
    // A stable sort: equal rolls stay in the chain's order.
    crate::game::sorting::sort_by_key(&mut rolled, |&(_, roll)| std::cmp::Reverse(roll));
    rolled.iter().zip(leaders).map(|(&(li, _), &(_, slot))| (s.leaders[li].id.clone(), slot)).collect()
}

/// The initiative of the slot leader `li` fills this turn, if his side's order was rolled.
pub fn slot(s: &Scenario, st: &GameState, li: usize) -> Option<u8> {
    let id = &s.leaders[li].id;
    st.barbarian_slots.iter().find(|(l, _)| l == id).map(|&(_, slot)| slot)
}

/// Of `leaders`, one side's offered together at one initiative (5.12): under B2, only the one
/// who comes first in the die order goes now, the next when his turn comes (P334).
pub fn first_in_die_order(st: &GameState, leaders: Vec<String>) -> Vec<String> {
    let place = |id: &String| st.barbarian_slots.iter().position(|(l, _)| l == id);
    match leaders.iter().filter_map(|id| place(id).map(|p| (p, id))).min() {
        Some((_, first)) => vec![first.clone()],
        None => leaders,
    }
}
