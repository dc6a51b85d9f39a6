//! Harassment and dispersal (GBA 8.3; CG 9.3): a light missile unit rides or runs up to an
//! enemy, shoots as if at range 1 and goes back where it was. It is a move order that uses its
//! whole MA; the unit never leaves its hex. The target, and every other enemy missile unit
//! whose arc takes in a hex beside the path, may shoot at it at range 1, all of it at the same
//! time (8.33).

use crate::combat::fire::{volley_from, ReactionFire, Target};
use crate::combat::missile::Supply;
pub use crate::game::pending::Harassment;
use crate::game::{Event, GameState, HitCause, RuleError, Tx};
use crate::map::facing::{arc_of, hexes_in, Arc};
use crate::map::hex::HexId;
use crate::map::terrain::Terrain;
use crate::movement::reaction::StandingOffer;
use crate::scenario::rule_set::HarassTargets;
use crate::scenario::units::{Missile, Placement, UnitClass, UnitType};
use crate::scenario::{RuleSet, Scenario};

/// One harassment `unit` may make now.
#[derive(Clone, Debug, PartialEq)]
pub struct HarassOption {
    pub target: usize,
    /// The hexes from the unit to the hex beside the target, the unit's own excluded.
    pub path: Vec<HexId>,
    /// Its volley, as if at range 1, moving (8.33).
    pub volley: Target,
    /// Enemy units that may shoot back (8.33[3]).
    pub reactors: Vec<usize>,
    /// Hits for passing an elephant's flank or rear (8.34).
    pub elephant_hits: u8,
}

/// How far the unit may harass from, if it may at all (8.31, 8.32): light cavalry 4 hexes,
/// foot 2. Archer skirmishers and archer light infantry may not (8.31); in CG only javelin or
/// sling light infantry and skirmishers, and light cavalry (CG 9.3).
fn reach(rules: RuleSet, kind: UnitType, class: Option<UnitClass>, missile: Missile) -> Option<u32> {
    let foot_archer = matches!(missile, Missile::Arrow | Missile::LongBow) && class == Some(UnitClass::A);
    match kind {
        UnitType::LC => Some(4),
        UnitType::SK | UnitType::SkStar | UnitType::LI if !foot_archer => Some(2),
        UnitType::LP if rules == RuleSet::Alexander => Some(2),
        _ => None,
    }
}

/// How far `unit` could harass from, if it could harass at all (8.31, 8.32).
pub fn harass_reach(scenario: &Scenario, unit: usize) -> Option<u32> {
    let u = &scenario.units[unit];
    reach(scenario.meta.rules, u.kind, u.class, u.missile?)
}

/// May `unit` harass `target` by their kinds and MAs (8.31; CG 9.3)? Foot: the same or a lower
/// MA; light cavalry: a lower one, never skirmishers, but cataphracts whatever their MA. In CG
/// (9.31) always a lower MA, a phalanx's the higher of its two, nobody harasses skirmishers, and
/// light cavalry may still harass cataphracts whatever their MA. CG 10.31 (javelin and sling
/// skirmishers) and CG 10.41 (missile light cavalry) repeat the lower-MA rule.
fn may_target(scenario: &Scenario, unit: usize, target: usize) -> bool {
    let (u, t) = (&scenario.units[unit], &scenario.units[target]);
    let skirmisher = t.kind.is_foot_skirmisher();
    let cataphracts = t.kind == UnitType::HC && t.class == Some(UnitClass::Cat);
    match crate::scenario::rule_set::hooks(scenario.meta.rules).harass_targets {
        HarassTargets::LowerMaNoSkirmishers => {
            // CG 9.31 exc.: a phalanx counts the higher of its two MAs; light cavalry may harass
            // cataphracts even when they are not slower.
            let ma = if t.kind == UnitType::PH { t.ma.max(t.ma_extended.unwrap_or(0)) } else { t.ma };
            !skirmisher && (ma < u.ma || (u.kind == UnitType::LC && cataphracts))
        }
        HarassTargets::ByType if u.kind == UnitType::LC => !skirmisher && (t.ma < u.ma || cataphracts),
        HarassTargets::ByType => t.ma <= u.ma,
    }
}

/// The front hexes of a one-hex unit standing at `at` facing `facing`.
fn ahead(at: HexId, facing: crate::map::hex::Vertex) -> Vec<HexId> {
    hexes_in(&Placement::One(at), facing, Arc::Front)
}

/// Every harassment `unit` may make now (8.31–8.34). `orderable`: the units the active leader
/// may order now (`legal::orderable`).
pub fn options(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Vec<HarassOption> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let Some(missile) = u.missile else { return Vec::new() };
    let Some(reach) = reach(scenario.meta.rules, u.kind, u.class, missile) else { return Vec::new() };
    let Placement::One(home) = st.placement else { return Vec::new() };
    // A column fires at nobody (6.65).
    if !orderable.contains(&unit) || st.routed || st.column || st.supply == Supply::No || st.fired {
        return Vec::new();
    }
    // 8.21: not while entry fire is owed to a moving line, nor by a line unit whose move is over.
    if crate::combat::line_entry::fire_refusal(scenario, state).is_some()
        || crate::combat::line_entry::move_over(scenario, state, unit)
    {
        return Vec::new();
    }
    // Not from an enemy ZOC (8.32; CG 9.33).
    let zoc = crate::map::zoc::shared_enemy_zoc(scenario, state, u.side);
    if zoc.contains_key(&home) {
        return Vec::new();
    }
    let occupied = crate::map::zoc::occupancy(state);
    let archer = matches!(missile, Missile::Arrow | Missile::LongBow);
    let category = crate::movement::category_of(u, &st.placement);
    let mut out = Vec::new();
    for (ti, t) in scenario.units.iter().enumerate() {
        let ts = &state.units[ti];
        if t.side == u.side || ts.eliminated || !may_target(scenario, unit, ti) {
            continue;
        }
        let Some(to) = ts.placement.hexes().min_by_key(|h| home.distance(*h)) else { continue };
        let distance = home.distance(to);
        // Within reach, never adjacent, in sight (8.32).
        if distance < 2 || distance > reach || !crate::map::sight::line_of_sight(scenario, state, home, to, archer) {
            continue;
        }
        let beside_target = |h: HexId| ts.placement.hexes().any(|x| x.is_adjacent(h));
        // The hexes it may pass: open, empty, out of enemy ZOCs but beside the target, and for
        // the ground no rough hex (in GBA rocky is open to skirmishers) nor rough hexside; a
        // stream is fine; in CG no river either (8.32, CG 9.3, CG 9.33).
        let hooks = crate::scenario::rule_set::hooks(scenario.meta.rules);
        let open = |from: HexId, h: HexId| {
            let terrain = scenario.map.terrain(h);
            let rough = terrain.is_some_and(|t| t.is_rough())
                && !(terrain == Some(Terrain::Rocky)
                    && u.kind.is_foot_skirmisher()
                    && hooks.harass_rocky_open_to_skirmishers);
            let side = scenario.map.hexside(from, h);
            let side_barred = side.is_some_and(|f| {
                f.is_rough() || (hooks.harass_path_avoids_rivers && f != crate::map::terrain::HexsideFeature::Stream)
            });
            scenario.map.contains(h)
                && !occupied.contains_key(&h)
                && (!zoc.contains_key(&h) || beside_target(h))
                && !rough
                && !side_barred
                && crate::movement::entry_cost(scenario, state, category, from, h).is_some()
        };
        // Straight on through its front hexes (8.32): each step one of the two ahead.
        let mut paths: Vec<Vec<HexId>> = vec![Vec::new()];
        let mut found: Vec<Vec<HexId>> = Vec::new();
        for _ in 1..distance {
            let mut next = Vec::new();
            for p in &paths {
                let at = p.last().copied().unwrap_or(home);
                for h in ahead(at, st.facing) {
                    if open(at, h) {
                        let mut q = p.clone();
                        q.push(h);
                        if beside_target(h) {
                            found.push(q);
                        } else {
                            next.push(q);
                        }
                    }
                }
            }
            paths = next;
        }
        // The path that draws the least fire, then the shortest, then the first (P53).
        let best = found
            .into_iter()
            .filter_map(|path| {
                let elephant_hits = elephants(scenario, state, unit, &path)?;
                let last = *path.last()?;
                let volley = volley_from(scenario, state, unit, ti, last, to, true)?;
                let reactors = reactors(scenario, state, unit, &path);
                Some(HarassOption { target: ti, path, volley, reactors, elephant_hits })
            })
            .min_by_key(|o| (o.reactors.len(), o.elephant_hits, o.path.len()));
        out.extend(best);
    }
    out
}

/// Light cavalry passing enemy elephants (8.34): never through an elephant's front hex; through
/// its flank or rear, 2 hits before the fire (P53). The same in CG 9.35. `None` when the path is
/// barred.
fn elephants(scenario: &Scenario, state: &GameState, unit: usize, path: &[HexId]) -> Option<u8> {
    if scenario.units[unit].kind != UnitType::LC {
        return Some(0);
    }
    let mut hits = 0;
    for (e, eu) in scenario.units.iter().enumerate() {
        let es = &state.units[e];
        if eu.kind != UnitType::EL || eu.side == scenario.units[unit].side || es.eliminated || es.routed {
            continue;
        }
        for &h in path {
            match arc_of(&es.placement, es.heading(), h) {
                Some(Arc::Front) => return None,
                Some(_) => hits = 2,
                None => {}
            }
        }
    }
    Some(hits)
}

/// The enemy units that may shoot at the harasser (8.33[3]): the target and every enemy missile
/// unit with a hex of the path beside it and within its arc.
fn reactors(scenario: &Scenario, state: &GameState, unit: usize, path: &[HexId]) -> Vec<usize> {
    (0..scenario.units.len())
        .filter(|&e| scenario.units[e].side != scenario.units[unit].side)
        .filter(|&e| counter_volley(scenario, state, e, unit, path).is_some())
        .collect()
}

/// The volley enemy `unit` may shoot back at `harasser` on its `path` (8.33[3]): at range 1, at
/// the first hex of the path beside it within its arc.
pub fn counter_volley(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    harasser: usize,
    path: &[HexId],
) -> Option<Target> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    if st.eliminated || st.routed || st.supply == Supply::No || u.missile.is_none() || u.kind == UnitType::AT {
        return None;
    }
    path.iter().find_map(|&h| {
        let from = st.placement.hexes().find(|x| x.is_adjacent(h))?;
        let in_arc = crate::combat::fire::through_arc(scenario, state, unit, from, h);
        in_arc.then(|| volley_from(scenario, state, unit, harasser, from, h, false)).flatten()
    })
}

/// The harassment command (8.33): the order and its whole MA are spent; the other side may
/// shoot back; then the harasser's own volley. The procedure of CG 9.34 is the same.
pub fn harass(tx: &mut Tx, unit: &str, target: &str) -> Result<(), RuleError> {
    let (ui, ti) = (tx.unit_index(unit)?, tx.unit_index(target)?);
    let orderable = crate::command::orders::orderable(tx.scenario, &tx.state);
    let Some(option) = options(tx.scenario, &tx.state, ui, &orderable).into_iter().find(|o| o.target == ti) else {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "8.3",
            reason: format!(
                "it may not harass {}: it must be a light missile unit not in an enemy ZOC, within reach (2 hexes, \
                 light cavalry 4) but not adjacent, in sight, against a slower unit, with a clear path straight ahead \
                 (8.31, 8.32)",
                tx.scenario.units[ti].name
            ),
        });
    };
    let moved_before = tx.state.units[ui].moved;
    tx.emit(Event::Harassed { unit: unit.into(), target: target.into(), path: option.path.clone() });
    // It counts as a move (8.31): a Moved unit moving again takes a hit; GBA skirmishers never (6.13, D22).
    if moved_before
        && crate::scenario::rule_set::hooks(tx.scenario.meta.rules).second_move_hit(tx.scenario.units[ui].kind)
    {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::SecondMove });
    }
    if option.elephant_hits > 0 {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits: option.elephant_hits, cause: HitCause::Elephants });
    }
    if option.reactors.is_empty() {
        return crate::combat::fire::apply_volley(tx, unit, target, &option.volley.fire, None);
    }
    let firers = option.reactors.iter().map(|&r| tx.scenario.units[r].id.clone()).collect();
    let harass = Some(Harassment { target: target.into(), path: option.path });
    let offer =
        StandingOffer { reactors: Vec::new(), firers, fire_kind: ReactionFire::Harass, harass, after_shock: None };
    crate::movement::reaction::offer_standing(tx, ui, offer);
    Ok(())
}

/// The other side has shot back or let it be: the harasser's own volley, at the same moment, so
/// whatever it took it still shoots (8.33[4]).
pub fn conclude(tx: &mut Tx, harasser: usize, harassment: &Harassment) -> Result<(), RuleError> {
    let ti = tx.unit_index(&harassment.target)?;
    let last = harassment.path.last().copied();
    let Some(to) = last.and_then(|l| tx.state.units[ti].placement.hexes().min_by_key(|h| l.distance(*h))) else {
        return Ok(());
    };
    let id = tx.scenario.units[harasser].id.clone();
    match last.and_then(|l| volley_from(tx.scenario, &tx.state, harasser, ti, l, to, true)) {
        Some(v) => crate::combat::fire::apply_volley(tx, &id, &harassment.target, &v.fire, None),
        None => Ok(()),
    }
}
