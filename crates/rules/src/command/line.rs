//! Line Commands (GBA 4.3): one order that moves a whole line of like units.

use crate::command::orders::{command_range, leader_in_enemy_zoc};
pub use crate::game::Formation;
use crate::game::{GameState, LeaderStatus, Phase};
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::{HexId, Hexside};
use crate::map::terrain::Terrain;
use crate::scenario::units::{Grade, LeaderRole, LineType, Placement, Unit, UnitType};
use crate::scenario::Scenario;
use std::collections::BTreeSet;

/// Cavalry and chariot lines gather by distance to the leader; the rest by adjacency (4.33).
pub fn is_mounted_line(kind: UnitType) -> bool {
    matches!(kind, UnitType::LC | UnitType::LN | UnitType::HC | UnitType::CH | UnitType::ChStar)
}

/// A Maula or Bharta unit (CG 2.22): the Indian regulars who mix in a line and make up Combined
/// lines (4.33).
fn regular(u: &Unit) -> bool {
    matches!(u.grade, Some(Grade::Maula | Grade::Bharta))
}

/// Does `unit` belong in a line of this type (4.33)? Its type and class; in Chandragupta also an
/// Indian LN in an LC line and an Indian LC in an LN line, and in a Combined line Maula or
/// Bharta light infantry beside Maula or Bharta elephants or chariots. Maula and Bharta mix in
/// any line, grades not being part of the type.
pub fn admits(scenario: &Scenario, line: &LineType, unit: &Unit) -> bool {
    let rules = crate::scenario::rule_set::hooks(scenario.meta.rules).lines;
    let same = line.kind == unit.kind && line.class.is_none_or(|c| Some(c) == unit.class);
    if line.combined {
        // CG 4.33 Combined (1)-(3): all Maula or Bharta; LI the only foot.
        return rules.combined && regular(unit) && (same || unit.kind == UnitType::LI);
    }
    // CG 4.33 cavalry (3): Indian LN and LC share a line; Macedonian (ungraded) LN stay apart.
    let light_horse = rules.indian_light_horse_share
        && line.class.is_none()
        && unit.grade.is_some()
        && matches!((line.kind, unit.kind), (UnitType::LC, UnitType::LN) | (UnitType::LN, UnitType::LC));
    same || light_horse
}

/// Does a leader's own restriction `r` allow the chart's line `t` (4.37)? A Combined line only
/// if the restriction names one.
fn allows(r: &LineType, t: &LineType) -> bool {
    r.kind == t.kind && (r.class.is_none() || r.class == t.class) && (r.combined || !t.combined)
}

/// CG 4.65, 4.66: a guild chief with Line Command leads his guild as a line.
pub fn is_guild_line(scenario: &Scenario, leader: usize) -> bool {
    let l = &scenario.leaders[leader];
    crate::scenario::rule_set::hooks(scenario.meta.rules).lines.guild_lines
        && l.role == LeaderRole::GuildChief
        && l.line_command
}

/// The line types this leader may command: his side's eligibility chart (4.31), narrowed by his
/// own restriction if he has one (4.37). A guild chief's line is his guild, whatever the chart
/// (CG 4.66): it goes by the type of its first unit.
pub fn line_types(scenario: &Scenario, leader: usize) -> Vec<LineType> {
    let l = &scenario.leaders[leader];
    if !l.line_command {
        return Vec::new();
    }
    if is_guild_line(scenario, leader) {
        return scenario
            .units
            .iter()
            .find(|u| u.side == l.side && u.guild.is_some() && u.guild == l.guild)
            .map(|u| LineType::of(u.kind, u.class))
            .into_iter()
            .collect();
    }
    scenario.sides[l.side]
        .line_command
        .iter()
        .copied()
        .filter(|t| l.line_types.is_empty() || l.line_types.iter().any(|r| allows(r, t)))
        .collect()
}

/// Why this formation is not one for this line (4.33): only an elephant line may be spread
/// (cavalry style), and only in Chandragupta.
pub fn formation_refusal(
    scenario: &Scenario,
    leader: usize,
    line: &LineType,
    formation: Formation,
) -> Option<(&'static str, String)> {
    let by_range = crate::scenario::rule_set::hooks(scenario.meta.rules).lines.elephants_by_range;
    let elephants = line.kind == UnitType::EL && !line.combined && !is_guild_line(scenario, leader);
    (formation == Formation::Spread && !(by_range && elephants)).then(|| {
        ("4.33", "only an elephant line in the Chandragupta rules may be spread over the command range".into())
    })
}

/// The line that `anchor` heads: every friendly unit of the same line type joined to it (4.33).
/// Infantry and elephants: a chain of adjacent units, all abreast or all deep; cavalry and
/// chariots: every such unit within ceil(CR/2) of the leader. CG 4.33: elephants spread, every
/// one within the full range; Combined lines a chain headed by an elephant or chariot; CG 4.66:
/// a guild line every unit of the guild within the chief's range.
pub fn members(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    line: &LineType,
    anchor: usize,
    formation: Formation,
) -> Vec<usize> {
    gather(scenario, state, leader, Asked { line, anchor, formation }, &|_| true)
}

/// A line as the player asks for it: its type, the unit it is joined to, its formation (4.33).
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    pub line: &'a LineType,
    pub anchor: usize,
    pub formation: Formation,
}

/// The line as [`members`] gathers it, of the units `among` allows only: how a line the player
/// names is checked (4.32, 4.33).
fn gather(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    Asked { line, anchor, formation }: Asked,
    among: &dyn Fn(usize) -> bool,
) -> Vec<usize> {
    let fits = |i: usize| among(i) && fits_line(scenario, state, leader, line, i);
    if !fits(anchor) || formation_refusal(scenario, leader, line, formation).is_some() {
        return Vec::new();
    }
    if is_guild_line(scenario, leader) {
        // CG 4.66: by command range (4.21), no 4.33 geometry.
        let range = command_range(scenario, state, leader);
        return (0..scenario.units.len())
            .filter(|&i| fits(i) && state.units[i].placement.hexes().any(|h| range.contains_key(&h)))
            .collect();
    }
    if line.combined {
        // A Combined line is headed by one of its elephants or chariots.
        if scenario.units[anchor].kind == UnitType::LI {
            return Vec::new();
        }
        return combined_members(scenario, state, anchor, formation, &fits);
    }
    if is_mounted_line(line.kind) {
        let reach = crate::command::orders::ratings(scenario, state, leader).command_range.div_ceil(2);
        return within(scenario, state, leader, reach, &fits);
    }
    if formation == Formation::Spread {
        // CG 4.33: the full command range, not halved.
        let reach = crate::command::orders::ratings(scenario, state, leader).command_range;
        return within(scenario, state, leader, reach, &fits);
    }
    chain(scenario, state, anchor, formation, &fits, &|_, _, _| true)
}

/// Why the units the player names are not a line this leader may command, joined to `anchor`
/// in this formation (4.32, 4.33): not every eligible unit need take part (4.32), but those that
/// do make a line by themselves — an infantry or elephant line adjacent unit to unit, all flank
/// to flank or all front to rear, never both, with no gap (4.33, P260); a mounted, spread or
/// guild line within its range; a Combined line as CG 4.33 (4)-(7) make it.
pub fn named_refusal(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    asked: Asked,
    named: &[usize],
) -> Option<(&'static str, String)> {
    let Asked { line, anchor, formation } = asked;
    let id = |i: usize| scenario.units[i].id.clone();
    if !named.contains(&anchor) {
        return Some(("4.33", format!("the units named must include {}, the unit the line is joined to", id(anchor))));
    }
    let named: BTreeSet<usize> = named.iter().copied().collect();
    if let Some(&odd) = named.iter().find(|&&i| !fits_line(scenario, state, leader, line, i)) {
        return Some(("4.33", format!("{} is not a unit of a {} line he may command now", id(odd), line.label())));
    }
    let got: BTreeSet<usize> = gather(scenario, state, leader, asked, &|i| named.contains(&i)).into_iter().collect();
    let left: Vec<String> = named.difference(&got).map(|&i| id(i)).collect();
    (!left.is_empty()).then(|| {
        let how = match formation {
            _ if is_mounted_line(line.kind) || is_guild_line(scenario, leader) || formation == Formation::Spread => {
                "within the leader's range for this line"
            }
            Formation::Abreast => "adjacent, each flank to flank with the next and none front to rear with another",
            _ => "adjacent, each front to rear with the next and none flank to flank with another",
        };
        (
            "4.33",
            format!(
                "the units named are not one line: {} would not be in it (a line's units are {how})",
                left.join(", ")
            ),
        )
    })
}

/// Units joined to `anchor` one by one (4.33): each next unit in a flank hex of one already in
/// (abreast) or in a front or rear hex (deep), of those that `fits` and that `link` lets join
/// from that unit, given the units found so far.
fn chain(
    scenario: &Scenario,
    state: &GameState,
    anchor: usize,
    formation: Formation,
    fits: &dyn Fn(usize) -> bool,
    link: &dyn Fn(&BTreeSet<usize>, usize, usize) -> bool,
) -> Vec<usize> {
    // GBA/CG 4.33: flank to flank or front to rear, "but not and": a unit joins by the line's
    // own way from one unit already in, and not if it touches any unit already in the other
    // way (P260).
    type Touch = fn(&GameState, usize, usize) -> bool;
    let (joins, other_way): (Touch, Touch) = match formation {
        Formation::Abreast => (flank_to_flank, front_to_rear),
        _ => (front_to_rear, flank_to_flank),
    };
    let mut found = BTreeSet::from([anchor]);
    let mut frontier = vec![anchor];
    while let Some(u) = frontier.pop() {
        for other in 0..scenario.units.len() {
            if found.contains(&other) || !fits(other) || !joins(state, u, other) {
                continue;
            }
            if !found.iter().any(|&f| other_way(state, f, other)) && link(&found, u, other) {
                found.insert(other);
                frontier.push(other);
            }
        }
    }
    found.into_iter().collect()
}

/// Two units side by side (4.33): a hex of each in a flank hex of the other (P260).
fn flank_to_flank(state: &GameState, u: usize, v: usize) -> bool {
    touching(state, u, v).contains(&Arc::Flank) && touching(state, v, u).contains(&Arc::Flank)
}

/// One unit behind the other (4.33): a hex of one in a front hex of the other, which stands in
/// one of its rear hexes (P260).
fn front_to_rear(state: &GameState, u: usize, v: usize) -> bool {
    let (uv, vu) = (touching(state, u, v), touching(state, v, u));
    (uv.contains(&Arc::Front) && vu.contains(&Arc::Rear)) || (uv.contains(&Arc::Rear) && vu.contains(&Arc::Front))
}

/// The arcs of unit `u` in which `other` stands.
fn touching(state: &GameState, u: usize, other: usize) -> Vec<Arc> {
    let (placement, facing) = (state.units[u].placement, state.units[u].facing);
    state.units[other].placement.hexes().filter_map(|h| arc_of(&placement, facing, h)).collect()
}

/// A Combined EL/LI or CH/LI line (CG 4.33 (4)-(7)): adjacent, abreast or deep. Abreast, no two
/// LI side by side in the front rank — an LI joins only from an elephant or chariot and not
/// beside another LI already in — and an LI in a rear hex of an elephant or chariot of the front
/// rank, facing the same way, comes along behind it.
fn combined_members(
    scenario: &Scenario,
    state: &GameState,
    anchor: usize,
    formation: Formation,
    fits: &dyn Fn(usize) -> bool,
) -> Vec<usize> {
    let li = |i: usize| scenario.units[i].kind == UnitType::LI;
    if formation != Formation::Abreast {
        return chain(scenario, state, anchor, formation, fits, &|_, _, _| true);
    }
    let link = |found: &BTreeSet<usize>, from: usize, other: usize| {
        !li(other) || (!li(from) && !found.iter().any(|&f| li(f) && touching(state, f, other).contains(&Arc::Flank)))
    };
    let mut front = chain(scenario, state, anchor, formation, fits, &link);
    let behind: Vec<usize> = (0..scenario.units.len())
        .filter(|&x| li(x) && fits(x) && !front.contains(&x))
        .filter(|&x| {
            front.iter().any(|&m| {
                !li(m) && state.units[x].facing == state.units[m].facing && touching(state, m, x).contains(&Arc::Rear)
            })
        })
        .collect();
    front.extend(behind);
    front.sort_unstable();
    front
}

/// A friendly unit on the field, neither Routed nor rallied this turn, of the line's type (4.33);
/// for a guild chief, of his guild (CG 4.66). A unit In Column is in no Combined line (CG 6.57);
/// the bottom unit of a Tribal stack is in no line (CG 6.74).
fn fits_line(scenario: &Scenario, state: &GameState, leader: usize, line: &LineType, i: usize) -> bool {
    let u = &scenario.units[i];
    u.side == scenario.leaders[leader].side
        && !state.units[i].eliminated
        && !state.units[i].routed
        && !state.units[i].rallied
        && !state.units[i].engaged
        && (is_guild_line(scenario, leader) || admits(scenario, line, u))
        && !(line.combined && state.units[i].column)
        // CG 4.62: Sreni and Tribal units answer only their own chief's orders.
        && crate::command::orders::order_refusal(scenario, leader, i).is_none()
        // CG 12.214 (G37): units in the city take individual orders only.
        && !crate::works::city::unit_in_city(scenario, state, i)
        // CG 6.74: the bottom unit of a Tribal stack moves only by an order of its own (P322).
        && !crate::special::tribal::is_bottom(scenario, state, i)
}

/// A cavalry or chariot line round `leader`: every such unit within ceil(CR/2) of him (4.33).
pub fn mounted_members(scenario: &Scenario, state: &GameState, leader: usize, line: &LineType) -> Vec<usize> {
    let reach = crate::command::orders::ratings(scenario, state, leader).command_range.div_ceil(2);
    within(scenario, state, leader, reach, &|i| fits_line(scenario, state, leader, line, i))
}

/// Every unit that `fits` the line within `reach` hexes of the leader (4.33).
fn within(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    reach: u8,
    fits: &dyn Fn(usize) -> bool,
) -> Vec<usize> {
    let at = state.leaders[leader].at;
    (0..scenario.units.len())
        .filter(|&i| fits(i) && state.units[i].placement.hexes().any(|h| h.distance(at) <= u32::from(reach)))
        .collect()
}

/// The strategy rating a leader rolls against for a line command (4.34, CG 4.42); a guild
/// chief's initiative serves (CG 4.65).
pub fn strategy_rating(scenario: &Scenario, state: &GameState, leader: usize) -> u8 {
    let r = crate::command::orders::ratings(scenario, state, leader);
    if is_guild_line(scenario, leader) {
        r.initiative.unwrap_or(0)
    } else {
        r.strategy.unwrap_or(0)
    }
}

/// Combined-line criterion 8 (CG 4.33, P92): the units must stay together when they move. They
/// move one order at a time, so: the first to move goes where it may; each later one must end
/// next to a unit of the line that has already moved this phase, so that the units that moved
/// stay one body. None goes into column (CG 6.57). `to`: where `unit` would end.
pub fn together_refusal(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    to: &Placement,
    column: bool,
) -> Option<(&'static str, String)> {
    let Phase::Orders { line: Some(ids), ordered, .. } = &state.phase else { return None };
    let id = &scenario.units[unit].id;
    let index = |i: &String| scenario.units.iter().position(|u| &u.id == i);
    let kinds: Vec<UnitType> = ids.iter().filter_map(index).map(|i| scenario.units[i].kind).collect();
    let combined = crate::scenario::rule_set::hooks(scenario.meta.rules).lines.combined
        && kinds.contains(&UnitType::LI)
        && kinds.iter().any(|k| matches!(k, UnitType::EL | UnitType::CH));
    if !combined || !ids.contains(id) {
        return None;
    }
    if column {
        return Some(("CG 6.57", format!("{id} is in a Combined line, which no unit In Column may be")));
    }
    let moved: Vec<usize> = ids
        .iter()
        .filter(|i| *i != id && ordered.contains(i))
        .filter_map(index)
        .filter(|&i| !state.units[i].eliminated)
        .collect();
    let beside = |m: usize| state.units[m].placement.hexes().any(|a| to.hexes().any(|b| a.is_adjacent(b)));
    (!moved.is_empty() && !moved.iter().any(|&m| beside(m))).then(|| {
        (
            "CG 4.33",
            format!("a Combined line stays together: {id} must end next to a unit of the line that has already moved"),
        )
    })
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
    // 5.65: a contingent commander's one line command is the one he was activated to give.
    if crate::command::contingent::under_contingent(state) || crate::command::contingent::is_mcc(scenario, leader) {
        return Eligibility::Refused("5.65", "a contingent commander gives only his contingent's line command".into());
    }
    if !l.line_command {
        return Eligibility::Refused("4.34", "he has no Line Command ability (4.1)".into());
    }
    if crate::special::house::collapse::is_broken(scenario, state, leader) {
        return Eligibility::Refused("House B9", "his command is broken: he gives no line commands".into());
    }
    if crate::command::orders::is_restricted(state, leader) {
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
            // CG 12.17, 4.53 (P179): inside a camp he needs no Wing Command, outside a momentum
            // phase, and as any leader his line command replaces his individual orders.
            None if !*momentum && crate::works::camp::leader_inside(scenario, state, leader) => {
                orders_or_zoc_refusal(scenario, state, leader, ordered, *orders_left)
                    .unwrap_or(Eligibility::Allowed { strategy_roll: false, via_proximity: false })
            }
            None => Eligibility::Refused(
                "CG 4.53",
                "a Nayaka gives a line command only under a Wing Command, or inside a camp (CG 4.53, 12.17)".into(),
            ),
        };
    }
    if *line_refused {
        return Eligibility::Refused("4.34", "his strategy roll failed this phase (4.34)".into());
    }
    if let Some(refused) = orders_or_zoc_refusal(scenario, state, leader, ordered, *orders_left) {
        return refused;
    }
    if l.role == LeaderRole::Overall {
        return Eligibility::Allowed { strategy_roll: false, via_proximity: false };
    }
    // CG 4.52: a wing commander may give a line command in a momentum phase too (D12, G3).
    let cg_wing =
        crate::scenario::rule_set::hooks(scenario.meta.rules).command.wing_commands && l.role == LeaderRole::Wing;
    if *momentum && cg_wing {
        return Eligibility::Allowed { strategy_roll: false, via_proximity: false };
    }
    if *momentum {
        // A momentum phase: only after a line command in his first phase, and with a roll (4.34).
        // CG 4.42: no new roll (D11); GBA 4.34: another strategy roll.
        let roll = crate::scenario::rule_set::hooks(scenario.meta.rules).command.momentum_line_needs_roll;
        return if state.leaders[leader].used_line_command {
            Eligibility::Allowed { strategy_roll: roll, via_proximity: false }
        } else {
            Eligibility::Refused(
                "4.34",
                "in a momentum phase only a leader who gave a line command in his first phase may (4.34)".into(),
            )
        };
    }
    // GBA 4.51: a wing commander's line command in his first phase needs no strategy roll, in
    // the overall commander's range or not.
    // CG 12.17 (P179): inside a camp a subordinate needs no overall commander in range either.
    if l.role == LeaderRole::Wing || state.turn == 1 || crate::works::camp::leader_inside(scenario, state, leader) {
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

/// A line command replaces every individual order (4.31; CG 4.31), and no leader in an enemy ZOC gives
/// one (4.24, 4.34): the refusal, if either holds.
fn orders_or_zoc_refusal(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    ordered: &[String],
    orders_left: u8,
) -> Option<Eligibility> {
    if !ordered.is_empty()
        || orders_left < crate::command::orders::ratings(scenario, state, leader).initiative.unwrap_or(0)
    {
        return Some(Eligibility::Refused(
            "4.34",
            "a line command replaces all individual orders; he has given some (4.31)".into(),
        ));
    }
    leader_in_enemy_zoc(scenario, state, leader)
        .then(|| Eligibility::Refused("4.34", "he is in an enemy zone of control (4.24, 4.34)".into()))
}

/// A hex that blocks a leader's view of his line (8.14): woods, town or stronghold, or a combat
/// unit other than an elephant (4.34).
fn blocks(scenario: &Scenario, state: &GameState, hex: HexId, level: u8) -> bool {
    // CG 12.18: a camp tower blocks sight too (P171), unless destroyed (CG 12.32; P188).
    let terrain = crate::works::camp::terrain_now(&scenario.map, state, hex);
    matches!(terrain, Some(Terrain::Woods | Terrain::Town | Terrain::Stronghold | Terrain::CampTower))
        || unit_between(scenario, state, hex)
        || scenario.map.elevation(hex).is_some_and(|e| e > level)
}

/// A combat unit other than an elephant stands in `hex` (4.34: elephants do not block).
fn unit_between(scenario: &Scenario, state: &GameState, hex: HexId) -> bool {
    state
        .units
        .iter()
        .enumerate()
        .any(|(i, u)| !u.eliminated && scenario.units[i].kind != UnitType::EL && u.placement.hexes().any(|h| h == hex))
}

/// The leader sees `to`, at most two hexes away, read loosely as 4.34 allows (P15): the hex
/// between blocks; along a hexside, both hexes beside it must block. CG 4.34 (D10, P93): no
/// combat unit may stand between at all, so along a hexside one in either hex is enough.
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
            let strict = crate::scenario::rule_set::hooks(scenario.meta.rules).lines.no_unit_between;
            if strict && between.iter().any(|h| unit_between(scenario, state, *h)) {
                return false;
            }
            !between.iter().all(|h| blocks(scenario, state, *h, level))
        }
        _ => false,
    }
}

/// An infantry or elephant line needs its leader within two hexes of one of its units, in
/// sight (4.34); a mounted line gathers round him anyway. CG: so does a Combined line; a
/// spread elephant line (G50) and a guild line (4.66) are made by his range instead; a Nayaka
/// must be stacked with a unit of his line.
pub fn leader_placed_for(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    line: &LineType,
    formation: Formation,
    units: &[usize],
) -> bool {
    let at = state.leaders[leader].at;
    // CG 4.34: a Nayaka must be stacked with a unit of his line (D10).
    if scenario.leaders[leader].role == LeaderRole::Nayaka {
        return units.iter().any(|&u| state.units[u].placement.hexes().any(|h| h == at));
    }
    if (is_mounted_line(line.kind) && !line.combined)
        || formation == Formation::Spread
        || is_guild_line(scenario, leader)
    {
        return true;
    }
    units.iter().any(|&u| state.units[u].placement.hexes().any(|h| sees_within_two(scenario, state, at, h)))
}

/// The formations a line of this type may take (4.33): mounted and guild lines gather as they
/// stand; elephants in Chandragupta may also spread (cavalry style).
fn formations(scenario: &Scenario, leader: usize, line: &LineType) -> Vec<Formation> {
    if is_guild_line(scenario, leader) || (is_mounted_line(line.kind) && !line.combined) {
        return vec![Formation::Abreast];
    }
    [Formation::Abreast, Formation::Deep, Formation::Spread]
        .into_iter()
        .filter(|f| formation_refusal(scenario, leader, line, *f).is_none())
        .collect()
}

/// The distinct line commands the active leader could give now: one per line type, formation
/// and set of units, each with its units (4.31, 4.33, 4.34).
pub fn options(scenario: &Scenario, state: &GameState, leader: usize) -> Vec<(LineType, usize, Formation, Vec<usize>)> {
    if let Eligibility::Refused(..) = eligibility(scenario, state, leader) {
        return Vec::new();
    }
    let mut seen: BTreeSet<(String, Formation, Vec<usize>)> = BTreeSet::new();
    let mut out = Vec::new();
    for line in line_types(scenario, leader) {
        for anchor in 0..scenario.units.len() {
            for formation in formations(scenario, leader, &line) {
                let units = members(scenario, state, leader, &line, anchor, formation);
                if units.is_empty() || !leader_placed_for(scenario, state, leader, &line, formation, &units) {
                    continue;
                }
                if seen.insert((line.label(), formation, units.clone())) {
                    out.push((line, anchor, formation, units));
                }
            }
        }
    }
    out
}
