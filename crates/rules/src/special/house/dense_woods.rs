//! House rule B7, dense woods (inspired by the Mutford house rules): with the rule on, every
//! woods hex of the battle is dense, unmanaged forest (rulings P356). Only troops that fight
//! loose go in — light foot and skirmishers; horse, elephants, chariots, formed foot and
//! engines do not (P357); leaders go in on foot (P358). Missiles reach one hex into, out of or
//! within it (P359). A unit deep inside, with woods all round, may lose its way before each hex
//! it goes on to (P360, P361).
//!
//! Each effect is a small hook the engine's shared checks call: the hex entry cost (so the
//! movement search and the check of an order refuse the same hexes), the reach of a volley and
//! the step of an ordered move.

use crate::charts::movement_costs::MoveCategory;
use crate::game::{Event, RollPurpose, RuleError, Tx};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::map::terrain::Terrain;
use crate::scenario::units::{Placement, UnitType};
use crate::scenario::Scenario;

/// The rule's name in the log, its refusals and its dice.
pub const RULE: &str = "House B7";

/// What a hex of dense woods is called on the map and in the log.
pub const NAME: &str = "dense woods";

/// The die of a unit deep inside that turns it to its left (P361): it loses its way.
pub const VEERS_LEFT: u8 = 0;
/// The die that turns it to its right; any other die and it goes on as ordered.
pub const VEERS_RIGHT: u8 = 1;

/// Is the rule on in this battle?
pub fn on(s: &Scenario) -> bool {
    s.meta.optional_rules.dense_woods
}

/// Is `hex` dense woods: a woods hex with the rule on (P356)?
pub fn is_dense(s: &Scenario, hex: HexId) -> bool {
    on(s) && s.map.terrain(hex) == Some(Terrain::Woods)
}

/// What the ground of `hex` is called: dense woods under the rule, else its terrain's name.
pub fn ground_name(s: &Scenario, hex: HexId) -> &'static str {
    if is_dense(s, hex) {
        return NAME;
    }
    s.map.terrain(hex).map_or("off the map", Terrain::name)
}

/// Is dense woods closed to this column of the movement chart (P357)? Open only to light foot
/// (LI, one-hex LP) and skirmishers, who fight loose.
pub fn closed_to(category: MoveCategory) -> bool {
    !matches!(category, MoveCategory::LightFoot | MoveCategory::Skirmisher)
}

/// May a unit of `category` not enter `to` under the rule (P357)? The movement costs' own
/// check: every search and every check of an order goes through it.
pub fn bars_entry(s: &Scenario, category: MoveCategory, to: HexId) -> bool {
    closed_to(category) && is_dense(s, to)
}

/// Why a `kind` unit of `category` may not enter `to`, if the rule is what bars it (P357).
pub fn entry_refusal(s: &Scenario, kind: UnitType, category: MoveCategory, to: HexId) -> Option<String> {
    bars_entry(s, category, to).then(|| {
        format!("a {} may not enter the {NAME} of {to}: only light foot and skirmishers go there ({RULE})", kind.name())
    })
}

/// Why unit `ui` may not end at `to` (a two-hex unit's destination), if the rule bars a hex of
/// it (P357).
pub fn placement_refusal(s: &Scenario, ui: usize, to: &Placement) -> Option<String> {
    let unit = &s.units[ui];
    let category = crate::movement::category_of(unit, to);
    to.hexes().find_map(|h| entry_refusal(s, unit.kind, category, h))
}

/// Does the rule keep a volley from `from` at `to`, `range` hexes apart, from flying (P359):
/// beyond one hex, either end in dense woods?
pub fn blocks_volley(s: &Scenario, from: HexId, to: HexId, range: u32) -> bool {
    range > 1 && (is_dense(s, from) || is_dense(s, to))
}

/// Is `hex` deep inside dense woods: every hex beside it woods too, none off the map (P360)?
pub fn deep_inside(s: &Scenario, hex: HexId) -> bool {
    is_dense(s, hex)
        && Hexside::ALL
            .into_iter()
            .all(|side| hex.neighbour(side).is_some_and(|n| s.map.terrain(n) == Some(Terrain::Woods)))
}

/// The facing `facing` turned one step by a die of `roll`, if that die loses the way (P361):
/// to the left (counter-clockwise) on 0, to the right on 1.
pub fn veer(facing: Vertex, roll: u8) -> Option<Vertex> {
    match roll {
        VEERS_LEFT => Some(Vertex::from_index(facing.index() + 1)),
        VEERS_RIGHT => Some(Vertex::from_index(facing.index() + 5)),
        _ => None,
    }
}

/// Before unit `ui`, under orders, goes on from `at` facing `facing`: deep inside dense woods
/// it rolls a die (P360, P361). Returns the facing it turns to when it loses its way; the caller
/// ends its move in `at` so faced, and logs `LostWay` after the move.
pub fn loses_way(tx: &mut Tx, ui: usize, at: HexId, facing: Vertex) -> Result<Option<Vertex>, RuleError> {
    if !deep_inside(tx.scenario, at) {
        return Ok(None);
    }
    let unit = tx.scenario.units[ui].id.clone();
    let roll = tx.roll(RollPurpose::HouseRule { unit, rule: RULE.into() })?;
    Ok(veer(facing, roll))
}

/// Logs that unit `ui` lost its way in `hex` and now faces `facing` (P361).
pub fn log_lost(tx: &mut Tx, ui: usize, hex: HexId, facing: Vertex) {
    tx.emit(Event::LostWay { unit: tx.scenario.units[ui].id.clone(), hex, facing });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_b7_only_light_foot_and_skirmishers_go_into_dense_woods() {
        let open: Vec<_> = MoveCategory::ALL.into_iter().filter(|c| !closed_to(*c)).collect();
        assert_eq!(open, [MoveCategory::LightFoot, MoveCategory::Skirmisher]);
    }

    #[test]
    fn house_b7_a_lost_unit_veers_one_step_left_on_0_right_on_1() {
        assert_eq!(veer(Vertex::E, 0), Some(Vertex::NE));
        assert_eq!(veer(Vertex::E, 1), Some(Vertex::SE));
        assert_eq!(veer(Vertex::SE, 0), Some(Vertex::E));
        assert!((2..10).all(|r| veer(Vertex::W, r).is_none()));
    }
}
