//! Line Commands (GBA 4.3): one order that moves a whole line of like units.

use crate::facing::{arc_of, Arc};
use crate::game::{GameState, LeaderStatus, Phase};
use crate::hex::{HexId, Hexside};
use crate::orders::{command_range, leader_in_enemy_zoc};
use crate::scenario::Scenario;
use crate::terrain::Terrain;
use crate::units::{LeaderRole, LineType, Unit, UnitType};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// How the units of an infantry or elephant line touch (4.33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Side by side: each next unit in a flank hex of the last.
    Abreast,
    /// One behind another: each next unit in a front or rear hex of the last.
    Deep,
}

/// Cavalry and chariot lines gather by distance to the leader; the rest by adjacency (4.33).
pub fn is_mounted_line(kind: UnitType) -> bool {
    matches!(kind, UnitType::LC | UnitType::LN | UnitType::HC | UnitType::CH | UnitType::ChStar)
}

fn matches(line: &LineType, unit: &Unit) -> bool {
    line.kind == unit.kind && line.class.is_none_or(|c| Some(c) == unit.class)
}

/// The line types this leader may command: his side's eligibility chart (4.31), narrowed by his
/// own restriction if he has one (4.37).
pub fn line_types(scenario: &Scenario, leader: usize) -> Vec<LineType> {
    let l = &scenario.leaders[leader];
    if !l.line_command {
        return Vec::new();
    }
    scenario.sides[l.side]
        .line_command
        .iter()
        .copied()
        .filter(|t| {
            l.line_types.is_empty()
                || l.line_types.iter().any(|r| r.kind == t.kind && (r.class.is_none() || r.class == t.class))
        })
        .collect()
}

/// The line that `anchor` heads: every friendly unit of the same line type joined to it (4.33).
/// Infantry and elephants: a chain of adjacent units, all abreast or all deep; cavalry and
/// chariots: every such unit within ceil(CR/2) of the leader.
pub fn members(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    line: &LineType,
    anchor: usize,
    formation: Formation,
) -> Vec<usize> {
    let fits = |i: usize| fits_line(scenario, state, leader, line, i);
    if !fits(anchor) {
        return Vec::new();
    }
    if is_mounted_line(line.kind) {
        return mounted_members(scenario, state, leader, line);
    }
    let mut found = BTreeSet::from([anchor]);
    let mut frontier = vec![anchor];
    while let Some(u) = frontier.pop() {
        let (placement, facing) = (state.units[u].placement, state.units[u].facing);
        for other in 0..scenario.units.len() {
            if found.contains(&other) || !fits(other) {
                continue;
            }
            let touching: Vec<Arc> =
                state.units[other].placement.hexes().filter_map(|h| arc_of(&placement, facing, h)).collect();
            let joined = match formation {
                Formation::Abreast => touching.contains(&Arc::Flank),
                Formation::Deep => touching.iter().any(|a| *a != Arc::Flank),
            };
            if joined {
                found.insert(other);
                frontier.push(other);
            }
        }
    }
    found.into_iter().collect()
}

/// A friendly unit on the field, neither Routed nor rallied this turn, of the line's type (4.33).
fn fits_line(scenario: &Scenario, state: &GameState, leader: usize, line: &LineType, i: usize) -> bool {
    let u = &scenario.units[i];
    u.side == scenario.leaders[leader].side
        && !state.units[i].eliminated
        && !state.units[i].routed
        && !state.units[i].rallied
        && !state.units[i].engaged
        && matches(line, u)
        // CG 4.62: Sreni and Tribal units answer only their own chief's orders.
        && crate::orders::order_refusal(scenario, leader, i).is_none()
}

/// A cavalry or chariot line round `leader`: every such unit within ceil(CR/2) of him (4.33).
pub fn mounted_members(scenario: &Scenario, state: &GameState, leader: usize, line: &LineType) -> Vec<usize> {
    let at = state.leaders[leader].at;
    let reach = crate::orders::ratings(scenario, state, leader).command_range.div_ceil(2) as u32;
    (0..scenario.units.len())
        .filter(|&i| {
            fits_line(scenario, state, leader, line, i)
                && state.units[i].placement.hexes().any(|h| h.distance(at) <= reach)
        })
        .collect()
}

/// Why this leader may not give a line command now, or whether it needs a strategy roll and
/// rests on the overall commander's proximity (4.34, 4.35).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Eligibility {
    /// The rule that refuses it, and why.
    Refused(&'static str, String),
    Allowed {
        strategy_roll: bool,
        via_proximity: bool,
    },
}

/// May the active leader give a line command in this orders phase (4.31, 4.34)?
pub fn eligibility(scenario: &Scenario, state: &GameState, leader: usize) -> Eligibility {
    let l = &scenario.leaders[leader];
    let Phase::Orders { momentum, line_refused, ordered, orders_left, wing, line, .. } = &state.phase else {
        return Eligibility::Refused("4.34", "it is not his orders phase".into());
    };
    if !l.line_command {
        return Eligibility::Refused("4.34", "he has no Line Command ability (4.1)".into());
    }
    if crate::orders::is_restricted(state, leader) {
        return Eligibility::Refused(
            "CG 4.55",
            "a Restricted overall commander gives no line command (CG 4.55)".into(),
        );
    }
    // CG 4.53, 4.54: a Nayaka gives a line command only when a Wing Command activates him, and
    // then needs no roll; he is stacked with a unit of the line (checked with the line).
    if l.role == LeaderRole::Nayaka {
        return match wing {
            Some(_) if line.is_none() && !leader_in_enemy_zoc(scenario, state, leader) => {
                Eligibility::Allowed { strategy_roll: false, via_proximity: false }
            }
            Some(_) => Eligibility::Refused(
                "CG 4.54",
                "one line command each, and not from an enemy zone of control (CG 4.54)".into(),
            ),
            None => Eligibility::Refused(
                "CG 4.53",
                "a Nayaka gives a line command only under a Wing Command (CG 4.53)".into(),
            ),
        };
    }
    if *line_refused {
        return Eligibility::Refused("4.34", "his strategy roll failed this phase (4.34)".into());
    }
    if !ordered.is_empty() || *orders_left < crate::orders::ratings(scenario, state, leader).initiative.unwrap_or(0) {
        return Eligibility::Refused(
            "4.34",
            "a line command replaces all individual orders; he has given some (4.31)".into(),
        );
    }
    if leader_in_enemy_zoc(scenario, state, leader) {
        return Eligibility::Refused("4.34", "he is in an enemy zone of control (4.24, 4.34)".into());
    }
    if l.role == LeaderRole::Overall {
        return Eligibility::Allowed { strategy_roll: false, via_proximity: false };
    }
    // CG 4.52: a wing commander may give a line command in a momentum phase too (D12, G3).
    let cg_wing = crate::rule_set::hooks(scenario.meta.rules).command.wing_commands && l.role == LeaderRole::Wing;
    if *momentum && cg_wing {
        return Eligibility::Allowed { strategy_roll: false, via_proximity: false };
    }
    if *momentum {
        // A momentum phase: only after a line command in his first phase, and with a roll (4.34).
        // CG 4.42: no new roll (D11); GBA 4.34: another strategy roll.
        let roll = crate::rule_set::hooks(scenario.meta.rules).command.momentum_line_needs_roll;
        return if state.leaders[leader].used_line_command {
            Eligibility::Allowed { strategy_roll: roll, via_proximity: false }
        } else {
            Eligibility::Refused(
                "4.34",
                "in a momentum phase only a leader who gave a line command in his first phase may (4.34)".into(),
            )
        };
    }
    if l.role == LeaderRole::Wing || state.turn == 1 {
        return Eligibility::Allowed { strategy_roll: false, via_proximity: false };
    }
    let near_overall = scenario.leaders.iter().enumerate().any(|(i, o)| {
        o.side == l.side
            && o.role == LeaderRole::Overall
            && state.leaders[i].status != LeaderStatus::Eliminated
            && command_range(scenario, state, i).contains_key(&state.leaders[leader].at)
    });
    Eligibility::Allowed { strategy_roll: !near_overall, via_proximity: near_overall }
}

/// A hex that blocks a leader's view of his line (8.14): woods, town or stronghold, or a combat
/// unit other than an elephant (4.34).
fn blocks(scenario: &Scenario, state: &GameState, hex: HexId, level: u8) -> bool {
    let terrain = scenario.map.terrain(hex);
    let unit =
        state.units.iter().enumerate().any(|(i, u)| {
            !u.eliminated && scenario.units[i].kind != UnitType::EL && u.placement.hexes().any(|h| h == hex)
        });
    matches!(terrain, Some(Terrain::Woods | Terrain::Town | Terrain::Stronghold))
        || unit
        || scenario.map.elevation(hex).is_some_and(|e| e > level)
}

/// The leader sees `to`, at most two hexes away, read loosely as 4.34 allows (P15): the hex
/// between blocks; along a hexside, both hexes beside it must block.
pub fn sees_within_two(scenario: &Scenario, state: &GameState, from: HexId, to: HexId) -> bool {
    match from.distance(to) {
        0 | 1 => true,
        2 => {
            let level = scenario.map.elevation(from).unwrap_or(0).max(scenario.map.elevation(to).unwrap_or(0));
            let between: Vec<HexId> = Hexside::ALL
                .iter()
                .filter_map(|s| from.neighbour(*s))
                .filter(|h| h.is_adjacent(to) && scenario.map.contains(*h))
                .collect();
            !between.iter().all(|h| blocks(scenario, state, *h, level))
        }
        _ => false,
    }
}

/// An infantry or elephant line needs its leader within two hexes of one of its units, in
/// sight (4.34); a mounted line gathers round him anyway.
pub fn leader_placed_for(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    line: &LineType,
    units: &[usize],
) -> bool {
    let at = state.leaders[leader].at;
    // CG 4.34: a Nayaka must be stacked with a unit of his line (D10).
    if scenario.leaders[leader].role == LeaderRole::Nayaka {
        return units.iter().any(|&u| state.units[u].placement.hexes().any(|h| h == at));
    }
    if is_mounted_line(line.kind) {
        return true;
    }
    units.iter().any(|&u| state.units[u].placement.hexes().any(|h| sees_within_two(scenario, state, at, h)))
}

/// The distinct line commands the active leader could give now: one per line type, formation
/// and set of units, each with its units (4.31, 4.33, 4.34).
pub fn options(scenario: &Scenario, state: &GameState, leader: usize) -> Vec<(LineType, usize, Formation, Vec<usize>)> {
    if let Eligibility::Refused(..) = eligibility(scenario, state, leader) {
        return Vec::new();
    }
    let mut seen: BTreeSet<(String, bool, Vec<usize>)> = BTreeSet::new();
    let mut out = Vec::new();
    for line in line_types(scenario, leader) {
        let formations: &[Formation] =
            if is_mounted_line(line.kind) { &[Formation::Abreast] } else { &[Formation::Abreast, Formation::Deep] };
        for anchor in (0..scenario.units.len()).filter(|&u| matches(&line, &scenario.units[u])) {
            for &formation in formations {
                let units = members(scenario, state, leader, &line, anchor, formation);
                if units.is_empty() || !leader_placed_for(scenario, state, leader, &line, &units) {
                    continue;
                }
                if seen.insert((line.label(), formation == Formation::Deep, units.clone())) {
                    out.push((line, anchor, formation, units));
                }
            }
        }
    }
    out
}
