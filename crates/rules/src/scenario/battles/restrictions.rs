//! A battle's own movement restrictions: ground a special rule closes to some of the troops for
//! some turns (e.g. the satraps holding the Granicus bank). They are scenario data attached to
//! the special rule that states them; the engine checks them wherever a unit or leader moves of
//! its own will — orders and withdrawals — never in a rout, a rampage or an advance after combat,
//! which the rules do not call voluntary (ruling P151). A CG camp's enclosures closed to some of
//! its own side's units (CG 12.11, ruling P160) are checked the same way, citing their rule.

use crate::game::GameState;
use crate::map::hex::HexId;
pub use crate::scenario::NoEntry;
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;

/// Who is moving.
#[derive(Clone, Copy, Debug)]
pub enum Mover {
    Unit(usize),
    Leader(usize),
}

impl NoEntry {
    fn binds(&self, scenario: &Scenario, state: &GameState, who: Mover) -> bool {
        if self.turns.is_some_and(|(a, b)| !(a..=b).contains(&state.turn)) {
            return false;
        }
        match who {
            Mover::Unit(u) => {
                let unit = &scenario.units[u];
                self.units
                    && scenario.sides.get(unit.side).is_some_and(|s| s.id == self.side)
                    && !unit.placement.hexes().any(|h| self.except_set_up_in.contains(&h))
            }
            Mover::Leader(l) => self.leaders.contains(&scenario.leaders[l].id),
        }
    }

    /// Every hex it closes.
    fn closed(&self, scenario: &Scenario) -> Vec<HexId> {
        let map = &scenario.map;
        let shut = |h: HexId| map.terrain(h).is_some_and(|t| self.terrain.contains(&t));
        // Row by row, the first closed hex marks the line; a row without one takes the nearest
        // row's (P151).
        let first: Vec<Option<u8>> =
            (1..=map.rows).map(|row| (1..=map.columns).find(|&c| shut(HexId::new(c, row)))).collect();
        let line: Vec<Option<u8>> = (0..first.len())
            .map(|r| {
                (0..first.len())
                    .find_map(|d| r.checked_sub(d).and_then(|i| first[i]).or(first.get(r + d).copied().flatten()))
            })
            .collect();
        map.hexes()
            .filter(|&h| shut(h) || (self.beyond && line[h.row as usize - 1].is_some_and(|c| h.col < c)))
            .collect()
    }
}

/// Why a hex is closed to a voluntary move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closure<'a> {
    /// A special rule of the battle, by title (P151).
    SpecialRule(&'a str),
    /// The camp's enclosures (CG 12.11, P160), with the reason.
    Camp(&'static str),
}

impl Closure<'_> {
    /// The rule a refusal cites.
    pub fn rule(self) -> &'static str {
        match self {
            Self::SpecialRule(_) => "P151",
            Self::Camp(_) => "12.11",
        }
    }
}

/// The hexes closed to `who` now by the battle's special rules, each with the rule's title, and
/// a unit's by its side's camp (CG 12.11, P160); empty when none binds it.
pub fn closed_to<'a>(scenario: &'a Scenario, state: &GameState, who: Mover) -> FxHashMap<HexId, Closure<'a>> {
    let mut closed = FxHashMap::default();
    for r in &scenario.meta.special_rules {
        for n in r.no_entry.iter().filter(|n| n.binds(scenario, state, who)) {
            for h in n.closed(scenario) {
                closed.entry(h).or_insert(Closure::SpecialRule(r.title.as_str()));
            }
        }
    }
    if let Mover::Unit(u) = who {
        for (h, why) in crate::works::camp::closed_to(scenario, state, u) {
            closed.entry(h).or_insert(Closure::Camp(why));
        }
    }
    closed
}

/// Why `hex` is closed, for a refusal.
pub fn refusal(hex: HexId, closure: &Closure) -> String {
    match closure {
        Closure::SpecialRule(title) => format!("{hex} is closed to it by the battle's special rule “{title}” (P151)"),
        Closure::Camp(why) => format!("{hex} is closed to it: {why}"),
    }
}
