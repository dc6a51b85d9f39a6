//! Exact odds of a shock or a missile fire, by enumerating every die sequence the resolvers can
//! consume.
//!
//! The enumeration runs the resolver itself with a scripted dice source, so the odds can never
//! drift from the rules it applies. A run that consumed n dice stands for a probability of
//! 10^−n; the next sequence is found like an odometer (the last die that is not yet 9 goes up by
//! one and the dice after it are dropped), which visits each distinct sequence exactly once. A
//! shock is enumerated phase by phase (charge, leaders, struggle, collapse), and runs that end a
//! phase in the same state are merged before the next phase, so a one-against-one shock costs a few
//! thousand short runs.
//!
//! Probabilities are exact: each is a count out of [`DENOMINATOR`] = 10^38 ([`Prob`]), which holds
//! any path of up to 38 dice; [`Prob::fraction`] gives the reduced fraction.

use super::missile::{self, MissileFire, MissileOutcome, Supply};
use super::shock::{self, Log, ShockError, ShockSetup, State, PHASES};
use super::Side;
use rustc_hash::FxHashMap;

/// Exponent of [`DENOMINATOR`].
pub const DIGITS: u32 = 38;
/// Every probability is a count out of 10^38.
pub const DENOMINATOR: u128 = 10u128.pow(DIGITS);

/// An exact probability: `count` / 10^38.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Prob {
    pub count: u128,
}

impl Prob {
    pub const ZERO: Prob = Prob { count: 0 };
    pub const ONE: Prob = Prob { count: DENOMINATOR };

    pub fn to_f64(self) -> f64 {
        self.count as f64 / DENOMINATOR as f64
    }

    /// The reduced fraction (numerator, denominator).
    pub fn fraction(self) -> (u128, u128) {
        let (mut a, mut b) = (self.count, DENOMINATOR);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        (self.count / g, DENOMINATOR / g)
    }
}

impl std::ops::Add for Prob {
    type Output = Prob;
    fn add(self, o: Prob) -> Prob {
        Prob { count: self.count + o.count }
    }
}

impl std::ops::AddAssign for Prob {
    fn add_assign(&mut self, o: Prob) {
        self.count += o.count;
    }
}

/// Why odds cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddsError {
    Shock(ShockError),
    Missile(missile::MissileError),
    /// A path used more than 38 dice (only huge multi-unit combats can).
    TooManyDice,
}

impl std::fmt::Display for OddsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Shock(e) => e.fmt(f),
            Self::Missile(e) => e.fmt(f),
            Self::TooManyDice => write!(f, "the combat needs more than {DIGITS} dice on one path; split it"),
        }
    }
}

impl std::error::Error for OddsError {}

/// Runs `run` once for every die sequence it can consume; `visit` gets its result and the number
/// of dice it used (its probability is 10^−used). Dice above 9 are never produced.
pub fn each_sequence<T>(mut run: impl FnMut(&mut dyn FnMut() -> u8) -> T, mut visit: impl FnMut(T, usize)) {
    let mut prefix: Vec<u8> = Vec::new();
    loop {
        let mut used = 0usize;
        let out = {
            let mut src = || {
                if used == prefix.len() {
                    prefix.push(0);
                }
                let v = prefix[used];
                used += 1;
                v
            };
            run(&mut src)
        };
        prefix.truncate(used);
        visit(out, used);
        while prefix.last() == Some(&9) {
            prefix.pop();
        }
        match prefix.last_mut() {
            None => break,
            Some(d) => *d += 1,
        }
    }
}

/// The weight of one more branch of `n` dice under a state of weight `w`.
fn split(w: u128, n: usize) -> Result<u128, OddsError> {
    let p = 10u128.checked_pow(n as u32).ok_or(OddsError::TooManyDice)?;
    if w % p != 0 {
        return Err(OddsError::TooManyDice);
    }
    Ok(w / p)
}

/// The exact odds of one shock.
#[derive(Clone, Debug, PartialEq)]
pub struct ShockOdds {
    /// `attacker_hits[n]`: probability that the attacking side takes n hits in all (Charge, CRT and
    /// Breakthrough, as [`shock::UnitOutcome::hits_taken`]).
    pub attacker_hits: Vec<Prob>,
    pub defender_hits: Vec<Prob>,
    /// Probability that at least one unit of the side routs.
    pub attacker_routs: Prob,
    pub defender_routs: Prob,
    /// Per unit: probability that it routs (setup order).
    pub attacker_unit_routs: Vec<Prob>,
    pub defender_unit_routs: Vec<Prob>,
    pub attacker_mean_hits: f64,
    pub defender_mean_hits: f64,
    /// Probability that the combat ended in the Charge (a side routed before the CRT).
    pub ended_at_charge: Prob,
    /// Probability of each CRT column read (index = column, 1–13).
    pub columns: Vec<Prob>,
    /// Resolver runs made.
    pub runs: usize,
}

impl ShockOdds {
    pub fn hits(&self, side: Side) -> &[Prob] {
        match side {
            Side::Attacker => &self.attacker_hits,
            Side::Defender => &self.defender_hits,
        }
    }
    pub fn routs(&self, side: Side) -> Prob {
        match side {
            Side::Attacker => self.attacker_routs,
            Side::Defender => self.defender_routs,
        }
    }
    pub fn mean_hits(&self, side: Side) -> f64 {
        match side {
            Side::Attacker => self.attacker_mean_hits,
            Side::Defender => self.defender_mean_hits,
        }
    }
}

/// Exact odds of a shock, by enumeration (see the module docs).
pub fn shock_odds(setup: &ShockSetup) -> Result<ShockOdds, OddsError> {
    shock::validate(setup).map_err(OddsError::Shock)?;
    let mut states: FxHashMap<State, u128> = FxHashMap::default();
    states.insert(State::start(setup), DENOMINATOR);
    let mut runs = 0usize;
    for phase in 0..PHASES {
        let mut next: FxHashMap<State, u128> = FxHashMap::default();
        for (st, w) in states {
            if st.over {
                *next.entry(st).or_default() += w;
                continue;
            }
            let mut err = None;
            each_sequence(
                |dice| {
                    let mut s = st.clone();
                    shock::run_phase(setup, phase, &mut s, dice, &mut Log { steps: None });
                    s
                },
                |s, n| {
                    runs += 1;
                    match split(w, n) {
                        Ok(share) => *next.entry(s).or_default() += share,
                        Err(e) => err = Some(e),
                    }
                },
            );
            if let Some(e) = err {
                return Err(e);
            }
        }
        states = next;
    }
    let n_att = setup.attackers.len();
    let mut odds = ShockOdds {
        attacker_hits: vec![],
        defender_hits: vec![],
        attacker_routs: Prob::ZERO,
        defender_routs: Prob::ZERO,
        attacker_unit_routs: vec![Prob::ZERO; n_att],
        defender_unit_routs: vec![Prob::ZERO; setup.defenders.len()],
        attacker_mean_hits: 0.0,
        defender_mean_hits: 0.0,
        ended_at_charge: Prob::ZERO,
        columns: vec![Prob::ZERO; 14],
        runs,
    };
    let add = |v: &mut Vec<Prob>, n: usize, p: Prob| {
        if v.len() <= n {
            v.resize(n + 1, Prob::ZERO);
        }
        v[n] += p;
    };
    for (st, w) in states {
        let p = Prob { count: w };
        let (ra, rd) = st.taken.split_at(n_att);
        let (ha, hd) = (ra.iter().map(|&h| h as usize).sum(), rd.iter().map(|&h| h as usize).sum());
        add(&mut odds.attacker_hits, ha, p);
        add(&mut odds.defender_hits, hd, p);
        odds.attacker_mean_hits += ha as f64 * p.to_f64();
        odds.defender_mean_hits += hd as f64 * p.to_f64();
        let (ra, rd) = st.routed.split_at(n_att);
        if ra.iter().any(|&r| r) {
            odds.attacker_routs += p;
        }
        if rd.iter().any(|&r| r) {
            odds.defender_routs += p;
        }
        for (i, _) in ra.iter().enumerate().filter(|(_, &r)| r) {
            odds.attacker_unit_routs[i] += p;
        }
        for (i, _) in rd.iter().enumerate().filter(|(_, &r)| r) {
            odds.defender_unit_routs[i] += p;
        }
        match st.column {
            Some(c) => odds.columns[c as usize] += p,
            None => odds.ended_at_charge += p,
        }
    }
    Ok(odds)
}

/// The exact odds of one missile fire.
#[derive(Clone, Debug, PartialEq)]
pub struct MissileOdds {
    /// `hits[n]`: probability of n hits on the target.
    pub hits: Vec<Prob>,
    pub mean_hits: f64,
    /// Probability that the firer ends Missile Low (or No, if it fired while Low).
    pub missile_low: Prob,
    pub missile_no: Prob,
    /// Probability that a leader in the target hex becomes a casualty (GBA 8.19).
    pub leader_casualty: Prob,
    pub runs: usize,
}

/// Exact odds of a missile fire, by enumeration.
pub fn missile_odds(fire: &MissileFire) -> Result<MissileOdds, OddsError> {
    missile::validate(fire).map_err(OddsError::Missile)?;
    let mut odds = MissileOdds {
        hits: vec![],
        mean_hits: 0.0,
        missile_low: Prob::ZERO,
        missile_no: Prob::ZERO,
        leader_casualty: Prob::ZERO,
        runs: 0,
    };
    let mut err = None;
    each_sequence(
        |dice| missile::resolve(fire, dice),
        |out: Result<MissileOutcome, _>, n| {
            odds.runs += 1;
            let out = out.expect("validated");
            let p = match split(DENOMINATOR, n) {
                Ok(c) => Prob { count: c },
                Err(e) => {
                    err = Some(e);
                    return;
                }
            };
            let h = out.hits as usize;
            if odds.hits.len() <= h {
                odds.hits.resize(h + 1, Prob::ZERO);
            }
            odds.hits[h] += p;
            odds.mean_hits += h as f64 * p.to_f64();
            match out.supply_after {
                Supply::Low => odds.missile_low += p,
                Supply::No => odds.missile_no += p,
                Supply::Full => {}
            }
            if out.leader_casualty.is_some() {
                odds.leader_casualty += p;
            }
        },
    );
    match err {
        Some(e) => Err(e),
        None => Ok(odds),
    }
}
