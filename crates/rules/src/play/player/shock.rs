//! The computer's shocks (GBA 7.3, 9.1): which optional attackers go in, by the exact odds of
//! the combat each would join (`combat::odds`), and — for hard — the value of the shock a move
//! would offer. Odds are computed at most `Budget::odds` times a decision and kept per combat
//! setup, since a heavy shock's enumeration can take most of a second.

use super::position::Spot;
use super::{Level, Thinker};
use crate::combat::odds::shock_odds;
use crate::combat::shock::ShockSetup;
use crate::combat::shock_segment::{combats, preview, setup};
use crate::game::{Command, Phase};
use rustc_hash::FxHashMap;

/// Combats with more units than this are not enumerated in the player's head: their odds are
/// the slow ones, and the player judges them by the rough matchup instead.
const LARGEST_COMBAT: usize = 5;

/// What one shock promises the attacker, from its exact odds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Outlook {
    /// Mean hits dealt to the defenders and taken by the attackers.
    dealt: f64,
    taken: f64,
    /// Chance that some defender, and some attacker, routs.
    they_rout: f64,
    we_rout: f64,
}

/// Odds already computed this decision, by setup.
#[derive(Default)]
pub(super) struct OddsCache {
    by_setup: FxHashMap<String, Option<Outlook>>,
    computed: usize,
}

impl Thinker<'_> {
    /// The exact outlook of `setup`, or `None` when it is too large or the budget is spent.
    fn outlook(&mut self, setup: &ShockSetup) -> Option<Outlook> {
        if setup.attackers.len() + setup.defenders.len() > LARGEST_COMBAT {
            return None;
        }
        let key = format!("{setup:?}");
        if let Some(known) = self.odds.by_setup.get(&key) {
            return *known;
        }
        if self.odds.computed >= self.budget.odds {
            return None;
        }
        self.odds.computed += 1;
        let outlook = shock_odds(setup).ok().map(|o| Outlook {
            dealt: o.defender_mean_hits,
            taken: o.attacker_mean_hits,
            they_rout: o.defender_routs.to_f64(),
            we_rout: o.attacker_routs.to_f64(),
        });
        self.odds.by_setup.insert(key, outlook);
        outlook
    }

    /// How much the attack is worth to this side: greedy counts hits only; easy and hard count
    /// routs too, and our own the more as the army nears its withdrawal level.
    fn worth(&self, o: &Outlook) -> f64 {
        if self.level == Level::Greedy {
            return o.dealt - o.taken;
        }
        let [mine, _] = super::position::rout_pressure(self.scenario(), self.state(), self.side);
        let caution = 1.0 + mine.min(1.0);
        o.dealt - caution * o.taken + 4.0 * (o.they_rout - caution * o.we_rout)
    }
}

/// GBA 7.3: the optional attackers whose combats the odds favour, one at a time, each judged in
/// the combat it would join with those already chosen (9.12).
pub(super) fn designate(t: &mut Thinker) -> Option<Command> {
    let (s, st) = (t.scenario(), t.state());
    let Phase::Shock { optional, .. } = &st.phase else { return None };
    let bar = match t.level {
        Level::Hard => 0.3,
        _ => 0.0,
    };
    let mut chosen: Vec<String> = Vec::new();
    for o in optional {
        let Some(unit) = s.units.iter().position(|u| &u.id == o) else { continue };
        let trial: Vec<String> = chosen.iter().cloned().chain([o.clone()]).collect();
        let Some((_, setup)) = preview(s, st, &trial).into_iter().find(|(c, _)| c.attackers.contains(&unit)) else {
            continue;
        };
        if t.outlook(&setup).is_some_and(|outlook| t.worth(&outlook) > bar) {
            chosen = trial;
        }
    }
    Some(Command::Shock { attackers: chosen })
}

/// Hard's value of `unit` attacking enemy `e` from `spot` (as a move there would offer it): the
/// worth of the exact odds, or the rough matchup when the combat is too large or the budget spent.
pub(super) fn matchup_from(t: &mut Thinker, unit: usize, spot: &Spot, e: usize) -> f64 {
    let (s, st) = (t.scenario(), t.state());
    let rough = super::position::rough_matchup(s, st, unit, e);
    if !crate::charts::clash_of_spears::may_shock_attack(s.meta.rules, s.units[unit].kind, s.units[unit].class).0 {
        return rough;
    }
    let mut there = st.clone();
    let moved = &mut there.units[unit];
    moved.order_start = Some(moved.placement);
    (moved.placement, moved.facing, moved.column) = (spot.placement, spot.facing, spot.column);
    let Some(combat) = combats(s, &there, &[unit]).into_iter().find(|c| c.defenders.contains(&e)) else {
        return rough;
    };
    let setup = setup(s, &there, &combat, &[unit]);
    match t.outlook(&setup) {
        // Shared among the defenders it would strike together.
        Some(o) => t.worth(&o) / combat.defenders.len() as f64,
        None => rough,
    }
}
