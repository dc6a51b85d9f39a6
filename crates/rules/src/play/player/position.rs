//! How good a position is for one side, as the computer player judges it: where a unit stands
//! (closing in, its front toward the enemy, flanks taken and offered, friends beside it, the
//! matchups at contact) and how near each army is to breaking (its rout points against its
//! withdrawal level, GBA Phase E / CG 13.11).

use crate::charts::missile::{missile_strength, MissileLine};
use crate::effects::victory::{tally, unit_points};
use crate::game::GameState;
use crate::map::facing::{arc_of, front_hexsides, Arc, Heading};
use crate::map::hex::Vertex;
use crate::play::Game;
use crate::scenario::position::Supply;
use crate::scenario::units::{Placement, UnitType};
use crate::scenario::Scenario;

/// Where a unit would stand: its hexes, facing and formation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spot {
    pub placement: Placement,
    pub facing: Vertex,
    pub column: bool,
}

impl Spot {
    pub fn now(st: &GameState, unit: usize) -> Self {
        let u = &st.units[unit];
        Self { placement: u.placement, facing: u.facing, column: u.column }
    }

    fn heading(&self, st: &GameState, unit: usize) -> Heading {
        let u = &st.units[unit];
        if u.square || u.all_round {
            return Heading::Square(self.facing);
        }
        Heading::of(self.facing, self.column)
    }
}

/// The side's combat units on the map that can still fight: not eliminated, not routed.
pub(super) fn standing(s: &Scenario, st: &GameState, side: usize) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&i| s.units[i].side == side && !st.units[i].eliminated && !st.units[i].routed)
        .filter(|&i| st.units[i].placement.hexes().all(|h| s.map.contains(h)))
        .collect()
}

/// Hexes from `placement` to the nearest of `units` (a large number when there are none).
pub(super) fn distance_to(st: &GameState, placement: &Placement, units: &[usize]) -> u32 {
    units
        .iter()
        .flat_map(|&u| st.units[u].placement.hexes())
        .flat_map(|e| placement.hexes().map(move |h| h.distance(e)))
        .min()
        .unwrap_or(99)
}

/// A unit that fights best from a distance: light troops with missiles (8.1, 8.3).
pub(super) fn skirmishes(s: &Scenario, unit: usize) -> bool {
    let u = &s.units[unit];
    u.missile.is_some() && matches!(u.kind, UnitType::LI | UnitType::SK | UnitType::SkStar | UnitType::LC)
}

/// Each army's rout points as a share of its withdrawal level: `[side's, enemy's]`.
pub(super) fn rout_pressure(s: &Scenario, st: &GameState, side: usize) -> [f64; 2] {
    let t = tally(s, st, &[]);
    let share = |k: usize| t[k].rout_points as f64 / t[k].withdrawal_level.max(1) as f64;
    [share(side), share(1 - side)]
}

/// What the player weighs a unit's stand with.
pub(super) struct Weights {
    /// Per hex nearer the enemy.
    pub closing: f64,
    /// Whether it looks beyond distance at all (greedy does not).
    pub tactics: bool,
    /// Per expected hit a turn from the enemy's missiles and engines where it stands (0: not
    /// weighed; hard weighs it).
    pub fire: f64,
    /// A unit closes only on an enemy it outmatches: against a stronger one it holds its ground
    /// and lets the enemy come (hard).
    pub wary: bool,
}

/// The armies as a unit of one side sees them, and how it weighs its stand.
pub(super) struct Field<'a> {
    pub enemies: &'a [usize],
    pub friends: &'a [usize],
    pub weights: Weights,
}

/// How well `unit` stands at `spot` on `field`; `matchup` values attacking enemy `e` from there
/// (positive: the odds favour it).
pub(super) fn stand_value(
    s: &Scenario,
    st: &GameState,
    unit: usize,
    spot: &Spot,
    field: &Field,
    matchup: &mut dyn FnMut(usize) -> f64,
) -> f64 {
    let Field { enemies, friends, weights } = field;
    let d = distance_to(st, &spot.placement, enemies) as f64;
    let heading = spot.heading(st, unit);
    let toward = facing_toward(st, spot, enemies, d as u32);
    if !weights.tactics {
        return -weights.closing * d + if toward { 0.1 } else { 0.0 };
    }
    let skirmisher = skirmishes(s, unit);
    let closing = if weights.wary && outmatched(s, st, unit, &spot.placement, enemies) {
        weights.closing * HOLDING
    } else {
        weights.closing
    };
    let mut value = if skirmisher { -(d - 2.0).abs() } else { -closing * d };
    if toward {
        value += 0.5;
    }
    let u = &st.units[unit];
    let worn = u.hits as f64 / s.units[unit].tq.max(1) as f64;
    for &e in enemies.iter() {
        let Some(at) = st.units[e].placement.hexes().find(|&h| arc_of(&spot.placement, heading, h).is_some()) else {
            continue;
        };
        // An enemy in its flank or rear may strike it there (7.11, 9.16).
        if arc_of(&spot.placement, heading, at) != Some(Arc::Front) {
            value -= 3.0;
        }
        // It stands in the enemy's flank or rear: a shift when it attacks (9.16).
        let theirs = spot
            .placement
            .hexes()
            .filter_map(|h| arc_of(&st.units[e].placement, st.units[e].heading(), h))
            .max_by_key(|a| *a as u8);
        value += match theirs {
            Some(Arc::Rear) => 4.0,
            Some(Arc::Flank) => 2.5,
            _ => 0.0,
        };
        value += matchup(e);
        if skirmisher && !skirmishes(s, e) {
            value -= 3.0;
        }
        // A worn unit at contact is a unit about to rout (10.1).
        value -= 3.0 * worn;
    }
    value -= weights.fire * fire_exposure(s, st, &spot.placement, enemies);
    let beside = friends
        .iter()
        .filter(|&&f| f != unit)
        .filter(|&&f| st.units[f].placement.hexes().any(|h| spot.placement.hexes().any(|m| m.is_adjacent(h))))
        .count();
    value + 0.3 * beside.min(2) as f64
}

/// Roughly the hits a turn the enemy's missiles and engines could put into a unit standing at
/// `placement`: each firer in range with missiles left counts the chart's strength at that
/// range (8.1, CG 8.1), an engine three times over, for it shoots in each of its side's orders
/// phases without an order (CG 10.52). Line of sight and arcs are not looked at.
pub(super) fn fire_exposure(s: &Scenario, st: &GameState, placement: &Placement, enemies: &[usize]) -> f64 {
    enemies
        .iter()
        .filter(|&&e| st.units[e].supply != Supply::No)
        .filter_map(|&e| {
            let line = MissileLine::of_unit(s.meta.rules, &s.units[e])?;
            let range = distance_to(st, placement, &[e]).min(u8::MAX as u32) as u8;
            let strength = missile_strength(line, range)?.strength as f64;
            let shots = if line.is_artillery() { 3.0 } else { 1.0 };
            Some(shots * strength / 10.0)
        })
        .sum()
}

/// Its front hexes are nearer the enemy than it is.
fn facing_toward(st: &GameState, spot: &Spot, enemies: &[usize], d: u32) -> bool {
    let head = match spot.placement {
        Placement::One(h) | Placement::Two(h, _) => h,
    };
    front_hexsides(spot.facing)
        .into_iter()
        .filter_map(|side| head.neighbour(side))
        .any(|n| distance_to(st, &Placement::One(n), enemies) < d || d <= 1)
}

/// What is left of the closing weight of a unit that faces a stronger enemy.
const HOLDING: f64 = 0.1;

/// The enemy nearest `placement` would have the better of `unit` in a shock by the rough matchup.
fn outmatched(s: &Scenario, st: &GameState, unit: usize, placement: &Placement, enemies: &[usize]) -> bool {
    let nearest = enemies.iter().min_by_key(|&&e| distance_to(st, placement, &[e]));
    nearest.is_some_and(|&e| rough_matchup(s, st, unit, e) < 0.0)
}

/// A rough matchup for attacking `e` with `unit`: troop quality and size against theirs (the
/// chances of the pre-shock check and the column shifts of 9.16 follow them).
pub(super) fn rough_matchup(s: &Scenario, st: &GameState, unit: usize, e: usize) -> f64 {
    let strength = |i: usize| {
        let u = &s.units[i];
        u.tq as f64 - st.units[i].hits as f64 + (u.size as f64).sqrt() * 0.5
    };
    0.4 * (strength(unit) - strength(e))
}

/// How good the whole position is for `side`: each army's units weighed by their rout points
/// and the hits they carry, how they stand, and how near each army is to breaking.
pub(super) fn evaluate(game: &Game, side: usize, fire: f64) -> f64 {
    let (s, st) = (&*game.scenario, &game.state);
    let [mine, theirs] = rout_pressure(s, st, side);
    let mut value = 40.0 * (theirs.min(1.5) - mine.min(1.5));
    for k in [side, 1 - side] {
        let sign = if k == side { 1.0 } else { -1.0 };
        let (friends, enemies) = (standing(s, st, k), standing(s, st, 1 - k));
        let field = Field {
            enemies: &enemies,
            friends: &friends,
            weights: Weights { closing: 0.2, tactics: true, fire, wary: false },
        };
        for i in (0..s.units.len()).filter(|&i| s.units[i].side == k && !st.units[i].eliminated) {
            let health = if st.units[i].routed {
                0.3
            } else {
                1.0 - 0.5 * st.units[i].hits as f64 / s.units[i].tq.max(1) as f64
            };
            value += sign * unit_points(s, i) as f64 * health;
            if !st.units[i].routed {
                let spot = Spot::now(st, i);
                let stand = stand_value(s, st, i, &spot, &field, &mut |e| rough_matchup(s, st, i, e));
                value += sign * 0.3 * stand;
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::hex::HexId;

    /// Issue 21: hard weighs where the camp's engines reach (Malayaketu: a Yantra on the east
    /// palisade at 1209 shoots 6 hexes, strength 3 at range 4; CG 10.52 twice an orders phase).
    #[test]
    fn a_unit_within_an_engines_range_is_exposed_and_one_beyond_it_is_not_cg_10_52() {
        let text = include_str!("../../../../../scenarios/malayaketu.toml");
        let s = crate::load("scenarios/malayaketu.toml", text).unwrap();
        let st = GameState::setup(&s, crate::Dice::seeded(1));
        let enemies = standing(&s, &st, 1);
        let yantra = s.units.iter().position(|u| u.id == "yantra-1").unwrap();
        let at = |col, row| Placement::One(HexId::new(col, row));
        let near = at(16, 9);
        assert_eq!(distance_to(&st, &near, &[yantra]), 4);
        assert!(fire_exposure(&s, &st, &near, &enemies) >= 0.9, "the Yantra alone counts 3 × 0.3");
        assert_eq!(fire_exposure(&s, &st, &at(22, 10), &enemies), 0.0, "where the Mauryans start, nothing reaches");
    }

    fn chaeronea() -> (Scenario, GameState) {
        let text = include_str!("../../../../../scenarios/chaeronea.toml");
        let s = crate::load("scenarios/chaeronea.toml", text).unwrap();
        let st = GameState::setup(&s, crate::Dice::seeded(1));
        (s, st)
    }

    fn unit(s: &Scenario, id: &str) -> usize {
        s.units.iter().position(|u| u.id == id).unwrap()
    }

    /// Issue 21: a Theban hoplite phalanx (HI, TQ 6) is outmatched by a Macedonian taxis (PH,
    /// TQ 7, both size 10), and the taxis is not by the Thebans.
    #[test]
    fn a_unit_is_outmatched_by_a_better_enemy_and_not_by_a_worse_one() {
        let (s, st) = chaeronea();
        let (thebans, taxis) = (unit(&s, "thebans-1"), unit(&s, "taxis-elimiotae"));
        let here = Placement::One(HexId::new(30, 10));
        assert!(outmatched(&s, &st, thebans, &here, &[taxis]));
        assert!(!outmatched(&s, &st, taxis, &here, &[thebans]));
    }

    /// Issue 21: a wary unit facing a stronger enemy keeps only a tenth of its pull toward it —
    /// hard holds its line there and lets the enemy come.
    #[test]
    fn a_wary_unit_outmatched_gains_a_tenth_as_much_by_closing() {
        let (s, st) = chaeronea();
        let (thebans, taxis) = (unit(&s, "thebans-1"), unit(&s, "taxis-elimiotae"));
        let facing = st.units[thebans].facing;
        let spot = |col| Spot { placement: Placement::One(HexId::new(col, 10)), facing, column: false };
        let gain = |wary| {
            let weights = Weights { closing: 1.0, tactics: true, fire: 0.0, wary };
            let field = Field { enemies: &[taxis], friends: &[], weights };
            let value = |col| stand_value(&s, &st, thebans, &spot(col), &field, &mut |_| 0.0);
            value(30) - value(32)
        };
        let closer =
            (distance_to(&st, &spot(32).placement, &[taxis]) - distance_to(&st, &spot(30).placement, &[taxis])) as f64;
        assert_eq!(closer, 2.0);
        assert!((gain(false) - 2.0).abs() < 1e-9, "bold: one point a hex, got {}", gain(false));
        assert!((gain(true) - 0.2).abs() < 1e-9, "wary: a tenth, got {}", gain(true));
    }
}
