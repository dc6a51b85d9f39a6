//! The end of the battle: Rout Points, the Withdrawal Phase and battle statistics (GBA Phase E,
//! 3.0; the GBA section itself is missing, so CG 13.11–13.14 adapted, rulings P6). Pure functions
//! over (scenario, state, routed flags); the values come from `charts::rout_points`.
//!
//! Rout Points count every eliminated unit — units eliminated in or by their rout, off the map
//! included (GBA 10.23, CG 11.25) — and every killed or captured leader (CG 13.11; chandragupta
//! digest G43). Routed units still on the map score nothing (rulings P38): the `routed` flags only
//! feed the statistics. Darius III killed ends a GBA battle at once (GBA 9.24): the engine checks
//! that before the Withdrawal Phase.

use crate::charts::rout_points::{self, RoutUnit, Withdrawal};
use crate::game::{GameState, LeaderStatus};
use crate::scenario::units::Unit;
use crate::scenario::Scenario;

/// The chart's view of unit `i` (its printed TQ, set-up size, grade and army).
pub fn rout_unit(scenario: &Scenario, i: usize) -> RoutUnit {
    let unit: &Unit = &scenario.units[i];
    RoutUnit {
        kind: unit.kind,
        class: unit.class,
        tq: unit.tq,
        two_hex: unit.placement.is_two_hex(),
        grade: unit.grade,
        // GBA: a side marked `indian` (Porus at the Hydaspes) is Indian throughout.
        indian: scenario.sides[unit.side].indian,
    }
}

/// What unit `i` scores when eliminated (CG 13.12; GBA designed, P6, R15).
pub fn unit_points(scenario: &Scenario, i: usize) -> u32 {
    rout_points::unit_rout_points(scenario.meta.rules, &rout_unit(scenario, i)).0 as u32
}

/// What leader `l` scores when killed (CG 13.12: 5 × Initiative; GBA designed, P6).
pub fn leader_points(scenario: &Scenario, l: usize) -> u32 {
    let leader = &scenario.leaders[l];
    // CG 13.12: Sreni and Tribal chiefs and Nayakas count their Initiative only.
    let lesser = leader.role.indian_only();
    // GBA 5.61: a contingent commander in play is a "C" leader, whatever his initiative.
    let initiative = leader.initiative.filter(|_| !crate::command::contingent::is_mcc(scenario, l));
    rout_points::leader_rout_points(scenario.meta.rules, initiative, lesser).0 as u32
}

/// One side's losses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideTally {
    /// Units eliminated, by index.
    pub units_eliminated: Vec<usize>,
    /// Units Routed and still on the map (no Rout Points, P38).
    pub units_routed: Vec<usize>,
    /// Leaders killed or captured.
    pub leaders_lost: Vec<usize>,
    /// Rout Points from eliminated units.
    pub unit_points: u32,
    /// Rout Points from lost leaders.
    pub leader_points: u32,
    /// The total (CG 13.11).
    pub rout_points: u32,
    /// The scenario's Withdrawal Level for this army (CG 13.11).
    pub withdrawal_level: u32,
}

/// Darius the Target (GBA 9.24): a leader so marked who has been killed or captured — not one
/// who withdrew off the map — and the side that therefore wins at once.
pub fn target_lost(scenario: &Scenario, state: &GameState) -> Option<(usize, usize)> {
    scenario.leaders.iter().enumerate().find_map(|(l, leader)| {
        let st = &state.leaders[l];
        (leader.darius_the_target && st.status == LeaderStatus::Eliminated && !st.fled).then_some((l, 1 - leader.side))
    })
}

/// Each side's losses (sides 0 and 1 of the scenario).
pub fn tally(scenario: &Scenario, state: &GameState, routed: &[bool]) -> [SideTally; 2] {
    let mut out: [SideTally; 2] = Default::default();
    for (side, t) in out.iter_mut().enumerate() {
        t.withdrawal_level = scenario.sides.get(side).map_or(0, |s| s.withdrawal_level as u32);
    }
    for (i, u) in scenario.units.iter().enumerate() {
        let Some(t) = out.get_mut(u.side) else { continue };
        if state.units[i].eliminated {
            t.units_eliminated.push(i);
            t.unit_points += unit_points(scenario, i);
        } else if routed.get(i).copied().unwrap_or(false) {
            t.units_routed.push(i);
        }
    }
    for (l, leader) in scenario.leaders.iter().enumerate() {
        let Some(t) = out.get_mut(leader.side) else { continue };
        if state.leaders[l].status == LeaderStatus::Eliminated {
            t.leaders_lost.push(l);
            t.leader_points += leader_points(scenario, l);
        }
    }
    for t in &mut out {
        t.rout_points = t.unit_points + t.leader_points;
    }
    out
}

/// Each side's Rout Points (CG 13.11).
pub fn rout_points(scenario: &Scenario, state: &GameState) -> [u32; 2] {
    let [a, b] = tally(scenario, state, &[]);
    [a.rout_points, b.rout_points]
}

/// The Withdrawal Phase's verdict (GBA Phase E; CG 13.13–13.14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub withdrawal: Withdrawal,
    /// The armies that leave the field (0, 1 or 2 of them).
    pub withdrawn: Vec<usize>,
    /// The battle is over.
    pub over: bool,
    /// The winner when it is over; `None` for a draw or while it goes on.
    pub winner: Option<usize>,
}

impl Verdict {
    pub fn from_withdrawal(w: Withdrawal) -> Self {
        let (withdrawn, over, winner) = match w {
            Withdrawal::Continue => (vec![], false, None),
            // CG 13.13: that army has lost; the other wins.
            Withdrawal::Withdraws(side) => (vec![side], true, Some(1 - side)),
            // CG 13.14: both leave; the one fewer points above its level wins, just.
            Withdrawal::BothWinnerIs(side) => (vec![0, 1], true, Some(side)),
            Withdrawal::Draw => (vec![0, 1], true, None),
        };
        Self { withdrawal: w, withdrawn, over, winner }
    }
}

/// The Withdrawal Phase at the end of a turn: each army whose Rout Points reach its Withdrawal
/// Level withdraws (CG 13.13); both at once, fewer points above its level wins (13.14).
pub fn withdrawal_phase(scenario: &Scenario, state: &GameState) -> Verdict {
    verdict(scenario, state, &tally(scenario, state, &[]))
}

/// The verdict on these tallies (CG 13.13, 13.14), but for an army whose commander retired into
/// its camp or city (CG 12.44, P184, P237): it no longer withdraws for its rout points, and loses
/// when the enemy takes the camp or controls the city.
fn verdict(scenario: &Scenario, state: &GameState, sides: &[SideTally; 2]) -> Verdict {
    let mut levels = [sides[0].withdrawal_level, sides[1].withdrawal_level];
    for (side, refuge) in crate::works::retire::retired(scenario, state) {
        if crate::works::retire::taken(scenario, state, side, refuge) {
            return Verdict::from_withdrawal(Withdrawal::Withdraws(side));
        }
        levels[side] = u32::MAX;
    }
    Verdict::from_withdrawal(rout_points::withdrawal([sides[0].rout_points, sides[1].rout_points], levels))
}

/// Battle statistics for the end-of-game screen and the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleReport {
    pub turn: u16,
    pub sides: [SideTally; 2],
    pub verdict: Verdict,
}

pub fn report(scenario: &Scenario, state: &GameState, routed: &[bool]) -> BattleReport {
    let sides = tally(scenario, state, routed);
    let verdict = verdict(scenario, state, &sides);
    BattleReport { turn: state.turn, sides, verdict }
}
