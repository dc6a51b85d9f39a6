//! House rule B1, leader temperament (inspired by the Mutford house rules): at set-up each
//! subordinate leader of a disciplined army turns out cautious, steady or aggressive, one die
//! each (rulings P331). An aggressive leader comes up one step earlier in the activation order
//! and his attackers go in harder, −1 on their pre-shock checks; a cautious one the opposite
//! (P332). Barbarian sides (B2) have no temperaments: their order is rolled every turn instead.

use crate::game::{Event, GameState, Phase, RollPurpose, RuleError, Tx};
use crate::scenario::units::LeaderRole;
use crate::scenario::Scenario;

/// A leader's temperament under house rule B1: kernel data (the state and its events hold it).
pub use crate::game::Temperament;

impl Temperament {
    /// The set-up die (0–9, P331): 0–1 cautious, 8–9 aggressive, 2–7 steady — one in five each
    /// way, near the source's one in six.
    pub fn from_roll(roll: u8) -> Self {
        match roll {
            0..=1 => Self::Cautious,
            8.. => Self::Aggressive,
            _ => Self::Steady,
        }
    }

    /// Steps moved in the activation order (P332): the leader is placed as if his initiative
    /// were this much more (later) or less (earlier).
    pub fn activation_shift(self) -> i8 {
        match self {
            Self::Cautious => 1,
            Self::Steady => 0,
            Self::Aggressive => -1,
        }
    }

    /// The die roll modifier of his attackers' pre-shock TQ checks (9.13; P332).
    pub fn pre_shock_drm(self) -> i32 {
        self.activation_shift().into()
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Cautious => "cautious",
            Self::Steady => "steady",
            Self::Aggressive => "aggressive",
        }
    }
}

/// Does leader `li` roll for his temperament (P331)? Every leader but an overall commander and
/// a tribal chief (whose tribe is a barbarian band, CG 4.6), of a side not marked barbarian.
fn rolls(s: &Scenario, li: usize) -> bool {
    let l = &s.leaders[li];
    !matches!(l.role, LeaderRole::Overall | LeaderRole::TribalChief) && !s.sides[l.side].barbarian
}

/// At set-up, with the rule on: one die for each leader who has a temperament, in the battle
/// file's order, each logged with its result (house B1, P331).
pub fn roll_at_setup(tx: &mut Tx) -> Result<(), RuleError> {
    if !tx.scenario.meta.optional_rules.leader_temperament {
        return Ok(());
    }
    for li in (0..tx.scenario.leaders.len()).filter(|&li| rolls(tx.scenario, li)) {
        let leader = tx.scenario.leaders[li].id.clone();
        let roll = tx.roll(RollPurpose::Temperament { leader: leader.clone() })?;
        tx.emit(Event::TemperamentRolled { leader, temperament: Temperament::from_roll(roll) });
    }
    Ok(())
}

/// Leader `li`'s temperament: steady unless one was rolled for him.
pub fn of(s: &Scenario, st: &GameState, li: usize) -> Temperament {
    let id = &s.leaders[li].id;
    st.temperaments.iter().find(|(l, _)| l == id).map_or(Temperament::Steady, |(_, t)| *t)
}

/// The initiative that places leader `li` in the activation order, from his own `initiative`
/// (5.12; house B1, P332). Trumps, momentum and orders still read his own.
pub fn sequencing(s: &Scenario, st: &GameState, li: usize, initiative: u8) -> u8 {
    initiative.saturating_add_signed(of(s, st, li).activation_shift())
}

/// The modifier of the pre-shock checks of the attackers in the active leader's shock segment:
/// his temperament's (house B1, P332). None in the Camp Orders Phase, which no leader leads.
pub fn pre_shock_drm(s: &Scenario, st: &GameState) -> i32 {
    let (Phase::Orders { leader, .. } | Phase::Shock { leader, .. }) = &st.phase else { return 0 };
    if st.camp_orders.is_some() {
        return 0;
    }
    s.leaders.iter().position(|l| &l.id == leader).map_or(0, |li| of(s, st, li).pre_shock_drm())
}
