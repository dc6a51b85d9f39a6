//! Retire to Camp (CG 12.4): the overall commander of the army holding a camp — or the city of
//! Takshashila (12.41) — may declare that his army falls back on it. From then on, at the start
//! of each of his activations, a die decides whether the retreat begins; once it has, he gives
//! individual orders only and must ride for the target area — the camp's royal enclosure, the
//! city's palace (12.43) — where he stays; and the enemy can then win only by taking the camp or
//! the city (rulings P183, P184, P237).
//!
//! The declaration is plain data in the state (`GameState::retire`), changed only by events.

pub use crate::game::pending::Retire;
pub use crate::game::pending::Stage;
use crate::game::{Event, GameState, LeaderStatus, Phase, RollPurpose, RuleError, Tx};
use crate::map::hex::HexId;
use crate::map::terrain::HexsideFeature;
use crate::scenario::units::LeaderRole;
use crate::scenario::Scenario;

/// Where an army retires to (CG 12.42, 12.43).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refuge {
    /// One of the map's camps, by index: its royal enclosure is the target area.
    Camp(usize),
    /// The map's city: its palace hexes are the target area.
    City,
}

impl Retire {
    /// Where this retire goes.
    pub fn refuge(&self) -> Refuge {
        if self.city {
            Refuge::City
        } else {
            Refuge::Camp(self.camp)
        }
    }
}

fn of<'a>(state: &'a GameState, leader: &str) -> Option<&'a Retire> {
    state.retire.iter().find(|r| r.leader == leader)
}

/// The stage of `leader`'s retire, if he declared one.
pub fn stage(scenario: &Scenario, state: &GameState, leader: usize) -> Option<Stage> {
    of(state, &scenario.leaders[leader].id).map(|r| r.stage)
}

/// The target area of a camp (12.43): its royal enclosure.
pub fn target_area(scenario: &Scenario, camp: usize) -> Vec<HexId> {
    scenario.map.camps[camp].enclosures.iter().filter(|e| e.1 == crate::works::camp::ROYAL).map(|e| e.0).collect()
}

/// The target area of a refuge (12.43): a camp's royal enclosure, the city's palace hexes.
pub fn refuge_area(scenario: &Scenario, refuge: Refuge) -> Vec<HexId> {
    match refuge {
        Refuge::Camp(camp) => target_area(scenario, camp),
        Refuge::City => crate::works::city_combat::palace(scenario),
    }
}

fn distance_to(area: &[HexId], hex: HexId) -> u32 {
    area.iter().map(|&h| h.distance(hex)).min().unwrap_or(u32::MAX)
}

/// The camp or city `leader` may declare a retire to now (12.41, 12.42), if any: he is the
/// overall commander of the side holding it, in the Chandragupta rules, at the start of his own
/// orders phase (nothing ordered, moved or declared yet, and not a momentum phase), within twice
/// his command range of one of its gates — camp gates, city gates — measured to the nearer of
/// the gate's two hexes (P183, P237). A camp first, when both would do.
pub fn declarable(scenario: &Scenario, state: &GameState, leader: usize) -> Option<Refuge> {
    let l = &scenario.leaders[leader];
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).camps || l.role != LeaderRole::Overall {
        return None;
    }
    if state.retire.iter().any(|r| scenario.leader(&r.leader).is_some_and(|o| o.side == l.side)) {
        return None;
    }
    let Phase::Orders { leader: active, ordered, line, momentum: false, wing: None, orders_left, .. } = &state.phase
    else {
        return None;
    };
    let ratings = crate::command::orders::ratings(scenario, state, leader);
    let fresh = ordered.is_empty() && line.is_none() && *orders_left == ratings.initiative.unwrap_or(0);
    if active != &l.id || !fresh || state.leaders[leader].mp_used > 0 || state.camp_orders.is_some() {
        return None;
    }
    let at = state.leaders[leader].at;
    let reach = 2 * u32::from(ratings.command_range);
    let near = |a: HexId, b: HexId| at.distance(a).min(at.distance(b)) <= reach;
    let camp = scenario.map.camps.iter().enumerate().filter(|(_, c)| c.side == l.side).find_map(|(ci, c)| {
        let near_gate = scenario.map.hexsides.iter().any(|e| {
            e.feature == HexsideFeature::CampGate
                && (c.enclosure(e.a).is_some() || c.enclosure(e.b).is_some())
                && near(e.a, e.b)
        });
        near_gate.then_some(Refuge::Camp(ci))
    });
    // CG 12.41, 12.42 (P237): the city, for the side holding it when the battle began.
    let city = scenario.map.city.as_ref().filter(|c| c.side == l.side).and_then(|_| {
        crate::works::city_combat::gates(scenario).into_iter().any(|(a, b)| near(a, b)).then_some(Refuge::City)
    });
    camp.or(city)
}

/// The declaration (12.42), then at once the first die (12.43).
pub fn declare(tx: &mut Tx, leader: &str) -> Result<(), RuleError> {
    let li = tx.leader_index(leader)?;
    let Some(refuge) = declarable(tx.scenario, &tx.state, li) else {
        return Err(RuleError::NotNow {
            command: "retire_to_camp".into(),
            rule: "CG 12.42",
            expected: "only the overall commander of the army holding a camp or city, at the start of his activation \
                       and within twice his command range of one of its gates, declares a retire to it (CG 12.41)"
                .into(),
        });
    };
    let (camp, city) = match refuge {
        Refuge::Camp(c) => (c, false),
        Refuge::City => (0, true),
    };
    tx.emit(Event::RetireDeclared { leader: leader.into(), camp, city });
    if !check(tx, li)? {
        crate::command::activation::offer_next(tx)?;
    }
    Ok(())
}

/// At the start of an activation of a leader who declared and has not yet set off: the die
/// (12.43). `false` when it failed and he is Finished for the turn.
pub fn on_activation(tx: &mut Tx, leader: usize) -> Result<bool, RuleError> {
    if stage(tx.scenario, &tx.state, leader) != Some(Stage::Declared) {
        return Ok(true);
    }
    check(tx, leader)
}

/// The die of 12.43: +1 in the royal enclosure, +1 for every ten of his army's rout points;
/// above his initiative, the retire is set off; otherwise he is Finished at once for the turn.
fn check(tx: &mut Tx, leader: usize) -> Result<bool, RuleError> {
    let Some(r) = of(&tx.state, &tx.scenario.leaders[leader].id).cloned() else { return Ok(true) };
    let (side, at) = (tx.scenario.leaders[leader].side, tx.state.leaders[leader].at);
    let in_area = refuge_area(tx.scenario, r.refuge()).contains(&at);
    let points = crate::effects::victory::rout_points(tx.scenario, &tx.state)[side];
    let initiative = crate::command::orders::ratings(tx.scenario, &tx.state, leader).initiative.unwrap_or(0);
    let roll = tx.roll(RollPurpose::RetireToCamp { leader: r.leader.clone() })?;
    let total = u32::from(roll) + u32::from(in_area) + points / 10;
    let set_off = total > u32::from(initiative);
    tx.emit(Event::RetireChecked { leader: r.leader.clone(), total, in_area, rout_points: points, set_off });
    if !set_off {
        tx.emit(Event::LeaderFinished { leader: r.leader });
    } else if in_area {
        // Already in the royal enclosure: he has reached it at once (12.44[2]).
        tx.emit(Event::RetireArrived { leader: r.leader });
    }
    Ok(set_off)
}

/// Why the active `leader`, retiring, may not give a line or wing command (12.44[1]).
pub fn command_refusal(scenario: &Scenario, state: &GameState, leader: usize) -> Option<RuleError> {
    (stage(scenario, state, leader) == Some(Stage::Triggered)).then(|| RuleError::LineCommand {
        leader: scenario.leaders[leader].id.clone(),
        rule: "12.44",
        reason: "he is retiring to his camp: individual orders only until he reaches it".into(),
    })
}

/// The moves that take the retiring `leader` as close to the royal enclosure as he can get
/// this phase, when that is closer than he stands (12.44[1], P183): while there is one, he must
/// make it, and he makes no other move of his own.
pub fn owed_moves(scenario: &Scenario, state: &GameState, leader: usize) -> Vec<Vec<HexId>> {
    let Some(r) = of(state, &scenario.leaders[leader].id).filter(|r| r.stage == Stage::Triggered) else {
        return Vec::new();
    };
    if state.leaders[leader].status == LeaderStatus::Eliminated {
        return Vec::new();
    }
    let area = refuge_area(scenario, r.refuge());
    let now = distance_to(&area, state.leaders[leader].at);
    let reach = crate::movement::leader_reach(scenario, state, leader, false);
    let best = reach.keys().map(|&h| distance_to(&area, h)).min().unwrap_or(u32::MAX);
    if best >= now {
        return Vec::new();
    }
    let mut moves: Vec<(HexId, Vec<HexId>)> =
        reach.into_iter().filter(|(h, _)| distance_to(&area, *h) == best).map(|(h, (_, path))| (h, path)).collect();
    crate::game::sorting::sort_by_key(&mut moves, |m| m.0);
    moves.into_iter().map(|m| m.1).collect()
}

/// What 12.44 leaves of a commander's own moves: while retiring, only moves ending at these
/// hexes (the ends of `owed_moves`; none when he can get no nearer); once arrived, only moves
/// within these hexes (the royal enclosure). Worked out once for every path to be judged.
pub enum MoveLimit {
    OnlyTo(Vec<HexId>),
    Within(Vec<HexId>),
}

impl MoveLimit {
    /// Why a move along `path` breaks the limit, if it does.
    pub fn refusal(&self, path: &[HexId]) -> Option<String> {
        match self {
            Self::OnlyTo(ends) => path.last().is_none_or(|h| !ends.contains(h)).then(|| {
                "he is retiring to his camp: he rides as near to the royal enclosure as he can get, and nowhere \
                 else (12.44)"
                    .to_string()
            }),
            Self::Within(area) => path
                .iter()
                .any(|h| !area.contains(h))
                .then(|| "he has retired to his camp: he stays within its royal enclosure (12.44)".to_string()),
        }
    }
}

/// The limit 12.44 puts on `leader`'s own moves now, if any.
pub fn move_limit(scenario: &Scenario, state: &GameState, leader: usize) -> Option<MoveLimit> {
    let r = of(state, &scenario.leaders[leader].id)?;
    match r.stage {
        Stage::Declared => None,
        Stage::Triggered => Some(MoveLimit::OnlyTo(
            owed_moves(scenario, state, leader).iter().filter_map(|m| m.last().copied()).collect(),
        )),
        Stage::Arrived => Some(MoveLimit::Within(refuge_area(scenario, r.refuge()))),
    }
}

/// Why `leader` may not go along `path` (12.44), if he may not: see [`MoveLimit`].
pub fn move_refusal(scenario: &Scenario, state: &GameState, leader: usize, path: &[HexId]) -> Option<String> {
    move_limit(scenario, state, leader)?.refusal(path)
}

/// Why `leader`, retired into his camp, may not go along `path`: it leaves the royal enclosure
/// (12.44[2]). Withdrawals are bound by it too; a retiring commander's are not.
pub fn confinement(scenario: &Scenario, state: &GameState, leader: usize, path: &[HexId]) -> Option<String> {
    match move_limit(scenario, state, leader)? {
        limit @ MoveLimit::Within(_) => limit.refusal(path),
        MoveLimit::OnlyTo(_) => None,
    }
}

/// After a move of `leader`: has the retiring commander reached the royal enclosure (12.44[2])?
pub fn note_arrival(tx: &mut Tx, leader: usize) {
    let id = tx.scenario.leaders[leader].id.clone();
    let Some(r) = of(&tx.state, &id).filter(|r| r.stage == Stage::Triggered) else { return };
    if refuge_area(tx.scenario, r.refuge()).contains(&tx.state.leaders[leader].at) {
        tx.emit(Event::RetireArrived { leader: id });
    }
}

/// The sides whose commanders have retired into their camps or city (12.44): the enemy wins
/// against them only by taking it.
pub fn retired(scenario: &Scenario, state: &GameState) -> Vec<(usize, Refuge)> {
    state
        .retire
        .iter()
        .filter(|r| r.stage == Stage::Arrived)
        .filter_map(|r| scenario.leader(&r.leader).map(|l| (l.side, r.refuge())))
        .collect()
}

/// The side whose commander retired into a camp the enemy has now taken, if any (12.44, P184).
pub fn lost_camp(scenario: &Scenario, state: &GameState) -> Option<usize> {
    lost_refuge(scenario, state).map(|r| r.0)
}

/// The side whose commander retired into a camp or city the enemy now controls, and which
/// (12.44, P184, P237).
pub fn lost_refuge(scenario: &Scenario, state: &GameState) -> Option<(usize, Refuge)> {
    retired(scenario, state).into_iter().find(|&(side, refuge)| taken(scenario, state, side, refuge))
}

/// Has the enemy of `side` taken `camp` (12.44, ruling P184)? It has a combat unit, not
/// Routed, in the royal enclosure, and `side` has none there.
pub fn camp_taken(scenario: &Scenario, state: &GameState, side: usize, camp: usize) -> bool {
    taken(scenario, state, side, Refuge::Camp(camp))
}

/// Does the enemy of `side` control `refuge` (12.44; rulings P184 for a camp, P237 for the
/// city)? It has a combat unit, not Routed, in the target area — the royal enclosure, a palace
/// hex — and `side` has none there.
pub fn taken(scenario: &Scenario, state: &GameState, side: usize, refuge: Refuge) -> bool {
    let area = refuge_area(scenario, refuge);
    let holds = |s: usize| {
        (0..scenario.units.len()).any(|i| {
            let st = &state.units[i];
            scenario.units[i].side == s
                && !st.eliminated
                && !st.routed
                && st.placement.hexes().any(|h| area.contains(&h))
        })
    };
    holds(1 - side) && !holds(side)
}
