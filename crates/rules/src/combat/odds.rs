//! Exact odds of a shock or a missile fire, by enumerating every die sequence the resolvers can
//! consume.
//!
//! The enumeration runs the resolver itself with a scripted dice source, so the odds can never
//! drift from the rules it applies. A run that consumed n dice stands for a probability of
//! 10^−n; the next sequence is found like an odometer (the last die that is not yet 9 goes up by
//! one and the dice after it are dropped), which visits each distinct sequence exactly once. A
//! shock is enumerated stage by stage ([`shock::stages`]: each unit's pre-shock check, stand roll
//! and collapse check is a stage of its own), and runs that end a stage in the same state are
//! merged before the next, after forgetting what no later stage reads ([`forget`]): so the dice of
//! several units are never enumerated together, and issue 19's 4-against-3 shock takes some
//! 140,000 short runs instead of tens of millions. A unit's own roll reads and changes only that
//! unit's part of the state ([`UnitPart`]), so it is enumerated once for each part met, not for
//! each state; the leaders' rolls change only the Charisma, which only the Struggle's die reads,
//! so the two are combined into the hits they give before any state is copied.
//!
//! Probabilities are exact: each is a count out of [`DENOMINATOR`] = 10^38 ([`Prob`]), which holds
//! any path of up to 38 dice; [`Prob::fraction`] gives the reduced fraction.

use super::missile::{self, MissileFire, MissileOutcome, Supply};
use super::shock::{self, Log, ShockError, ShockSetup, Stage, State, StrugglePlans, MAX_UNITS};
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
pub fn each_sequence<T>(run: impl FnMut(&mut dyn FnMut() -> u8) -> T, visit: impl FnMut(T, usize)) {
    each_sequence_in(&mut Vec::new(), run, visit)
}

/// [`each_sequence`] with the caller's buffer for the dice, so that many short enumerations
/// allocate nothing.
fn each_sequence_in<T>(
    prefix: &mut Vec<u8>,
    mut run: impl FnMut(&mut dyn FnMut() -> u8) -> T,
    mut visit: impl FnMut(T, usize),
) {
    prefix.clear();
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
    // The states are copied and hashed hundreds of thousands of times: a combat of a few units
    // keeps them small (a fifth of the size), which the copies and the cache feel.
    if setup.attackers.len() + setup.defenders.len() <= SMALL_COMBAT {
        staged_odds::<SMALL_COMBAT>(setup)
    } else {
        staged_odds::<MAX_UNITS>(setup)
    }
}

/// The most units of a combat whose states are kept small ([`shock_odds`]); random battles
/// rarely put more in one combat.
const SMALL_COMBAT: usize = 16;

/// [`shock_odds`] of a valid setup with at most `N` units, stage by stage.
fn staged_odds<const N: usize>(setup: &ShockSetup) -> Result<ShockOdds, OddsError> {
    let mut states: Vec<(State<N>, u128)> = vec![(State::start(setup), DENOMINATOR)];
    let n_att = setup.attackers.len();
    let mut buffers = Buffers::default();
    let shape = Shape::of(setup);
    for stage in shock::stages(setup) {
        if may_change(stage, &states) {
            run_stage_on_all(setup, &shape, stage, &states, &mut buffers)?;
            std::mem::swap(&mut states, &mut buffers.next);
        }
    }
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
        runs: buffers.runs,
    };
    let add = |v: &mut Vec<Prob>, n: usize, p: Prob| {
        if v.len() <= n {
            v.resize(n + 1, Prob::ZERO);
        }
        v[n] += p;
    };
    for (st, w) in states {
        let p = Prob { count: w };
        let (ra, rd) = st.taken.as_slice().split_at(n_att);
        let (ha, hd) = (ra.iter().map(|&h| h as usize).sum(), rd.iter().map(|&h| h as usize).sum());
        add(&mut odds.attacker_hits, ha, p);
        add(&mut odds.defender_hits, hd, p);
        let n = st.taken.len();
        if st.routed.any_in(0..n_att) {
            odds.attacker_routs += p;
        }
        if st.routed.any_in(n_att..n) {
            odds.defender_routs += p;
        }
        for i in (0..n_att).filter(|&i| st.routed.get(i)) {
            odds.attacker_unit_routs[i] += p;
        }
        for i in (n_att..n).filter(|&i| st.routed.get(i)) {
            odds.defender_unit_routs[i - n_att] += p;
        }
        match st.column {
            Some(c) => odds.columns[c as usize] += p,
            None => odds.ended_at_charge += p,
        }
    }
    odds.attacker_mean_hits = mean(&odds.attacker_hits);
    odds.defender_mean_hits = mean(&odds.defender_hits);
    Ok(odds)
}

/// Whether `stage` is run on its own: a unit's rout stage does nothing unless it must rout in
/// some state (as [`shock::run_stage`]), and skipping it saves copying every state through it;
/// the leaders' stage is run with the Struggle.
fn may_change<const N: usize>(stage: Stage, states: &[(State<N>, u128)]) -> bool {
    match stage {
        Stage::Rout { unit, .. } => states.iter().any(|(s, _)| !s.over && s.pending.get(unit)),
        // Folded into the Struggle ([`struggle_on_all`]).
        Stage::Leaders => false,
        _ => true,
    }
}

/// Runs `stage` on every state, each die sequence from each. The states that rolled are merged
/// (equal states add their weights); a state that rolled no die maps to one state, so merging
/// it can wait for a later roll. The leaders' rolls are folded into the Struggle's (below).
fn run_stage_on_all<const N: usize>(
    setup: &ShockSetup,
    shape: &Shape,
    stage: Stage,
    states: &[(State<N>, u128)],
    buffers: &mut Buffers<N>,
) -> Result<(), OddsError> {
    buffers.next.clear();
    buffers.rolled.clear();
    match stage {
        Stage::Struggle => struggle_on_all(setup, shape, states, buffers)?,
        _ => match stage_unit(stage) {
            Some(unit) => unit_stage_on_all(setup, shape, stage, unit, states, buffers)?,
            None => each_end_on_all(stage, setup, shape, states, buffers)?,
        },
    }
    let Buffers { next, rolled, .. } = buffers;
    next.extend(rolled.drain());
    Ok(())
}

/// Any other stage on every state, each die sequence from each (the stages that settle who
/// routs and the zones of control roll none: one run each).
fn each_end_on_all<const N: usize>(
    stage: Stage,
    setup: &ShockSetup,
    shape: &Shape,
    states: &[(State<N>, u128)],
    buffers: &mut Buffers<N>,
) -> Result<(), OddsError> {
    let Buffers { next: unrolled, rolled, dice, ends, runs, .. } = buffers;
    let mut err = None;
    for &(st, w) in states {
        if st.over {
            unrolled.push((st, w));
            continue;
        }
        each_sequence_in(
            dice,
            |dice| {
                let mut s = st;
                shock::run_stage(setup, stage, &mut s, dice, &mut Log { steps: None });
                s
            },
            |s, n| {
                *runs += 1;
                match split(w, n) {
                    Ok(share) if n == 0 => {
                        let mut s = s;
                        forget(shape, stage, &mut s);
                        unrolled.push((s, share))
                    }
                    Ok(share) => match ends.iter_mut().find(|(e, _)| *e == s) {
                        Some((_, weight)) => *weight += share,
                        None => ends.push((s, share)),
                    },
                    Err(e) => err = Some(e),
                }
            },
        );
        if let Some(e) = err {
            return Err(e);
        }
        for (mut s, share) in ends.drain(..) {
            forget(shape, stage, &mut s);
            *rolled.entry(s).or_default() += share;
        }
    }
    Ok(())
}

/// [`Stage::Struggle`] on every state, with the leaders' rolls before it (GBA 9.14, CG 9.15)
/// when they are made: those read and change only the Charisma, which only the Struggle's die
/// reads, so each state's Charisma outcomes and faces are combined into the hits they give
/// before any state is copied.
fn struggle_on_all<const N: usize>(
    setup: &ShockSetup,
    shape: &Shape,
    states: &[(State<N>, u128)],
    buffers: &mut Buffers<N>,
) -> Result<(), OddsError> {
    let Buffers { next, rolled, hits, runs, .. } = buffers;
    let mut plans = StrugglePlans::default();
    let mut leader_outcomes: FxHashMap<[i8; 2], LeaderOdds> = FxHashMap::default();
    for &(st, w) in states {
        if st.over {
            next.push((st, w));
            continue;
        }
        let no_checks: LeaderOdds = (0, vec![(st.charisma, 1)]);
        let (dice_used, outcomes) = if setup.leader_checks {
            &*leader_outcomes.entry(st.charisma).or_insert_with(|| leader_odds(setup, &st))
        } else {
            &no_checks
        };
        let share = split(w, dice_used + 1)?;
        hits.clear();
        for &(charisma, count) in outcomes {
            let (_, faces) = plans.get(setup, &State { charisma, ..st });
            for &(h, n) in faces {
                match hits.iter_mut().find(|(k, _)| *k == h) {
                    Some((_, c)) => *c += count * n,
                    None => hits.push((h, count * n)),
                }
            }
        }
        let (plan, _) = plans.get(setup, &st);
        for &(h, count) in hits.iter() {
            let mut s = shock::struggle_end(setup, &st, plan, h);
            forget(shape, Stage::Struggle, &mut s);
            *runs += 1;
            *rolled.entry(s).or_default() += share * count;
        }
    }
    Ok(())
}

/// The stage of one unit's own roll (its pre-shock check, rout or stand roll, collapse check),
/// and that unit.
fn stage_unit(stage: Stage) -> Option<usize> {
    match stage {
        Stage::ChargeCheck(i) | Stage::Rout { unit: i, .. } | Stage::CollapseCheck(i) => Some(i),
        _ => None,
    }
}

/// All a stage of one unit's own roll reads and writes of the state (shock.rs): that unit's
/// hits and marks, whether the combat is over, and the attacker's Position Superiority (the
/// Collapse's stand roll). States alike in it end alike, so each is enumerated once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct UnitPart {
    hits: u8,
    taken: u8,
    routed: bool,
    stood: bool,
    pending: bool,
    zoc: bool,
    position: bool,
    over: bool,
}

impl UnitPart {
    fn of<const N: usize>(st: &State<N>, i: usize) -> UnitPart {
        UnitPart {
            hits: st.hits[i],
            taken: st.taken[i],
            routed: st.routed.get(i),
            stood: st.stood.get(i),
            pending: st.pending.get(i),
            zoc: st.zoc.get(i),
            position: st.position,
            over: st.over,
        }
    }

    fn put<const N: usize>(self, st: &mut State<N>, i: usize) {
        st.hits[i] = self.hits;
        st.taken[i] = self.taken;
        st.routed.set(i, self.routed);
        st.stood.set(i, self.stood);
        st.pending.set(i, self.pending);
        st.zoc.set(i, self.zoc);
        st.position = self.position;
        st.over = self.over;
    }
}

/// The ends of one unit's roll from a state with `part`: the most dice a sequence used, n,
/// and each end's part with its count out of 10^n.
type UnitOdds = (usize, Vec<(UnitPart, u128)>);

/// A stage of unit `unit`'s own roll on every state: its dice are enumerated once for each
/// [`UnitPart`], on the first state that has it.
fn unit_stage_on_all<const N: usize>(
    setup: &ShockSetup,
    shape: &Shape,
    stage: Stage,
    unit: usize,
    states: &[(State<N>, u128)],
    buffers: &mut Buffers<N>,
) -> Result<(), OddsError> {
    let Buffers { next, rolled, dice, runs, .. } = buffers;
    let mut ends: FxHashMap<UnitPart, UnitOdds> = FxHashMap::default();
    for &(st, w) in states {
        let (most, outcomes) = ends.entry(UnitPart::of(&st, unit)).or_insert_with(|| {
            let mut sequences = Vec::new();
            each_sequence_in(
                dice,
                |dice| {
                    let mut s = st;
                    shock::run_stage(setup, stage, &mut s, dice, &mut Log { steps: None });
                    debug_assert_eq!(
                        {
                            let mut back = s;
                            UnitPart::of(&st, unit).put(&mut back, unit);
                            back
                        },
                        st,
                        "{stage:?} changed more than its unit's part"
                    );
                    UnitPart::of(&s, unit)
                },
                |part, n| sequences.push((part, n)),
            );
            normalised(sequences)
        });
        *runs += outcomes.len();
        if *most == 0 {
            // No die rolled: one end, merged at a later roll.
            let mut s = st;
            outcomes[0].0.put(&mut s, unit);
            forget(shape, stage, &mut s);
            next.push((s, w));
            continue;
        }
        let share = split(w, *most)?;
        for &(part, count) in outcomes.iter() {
            let mut s = st;
            part.put(&mut s, unit);
            forget(shape, stage, &mut s);
            *rolled.entry(s).or_default() += share * count;
        }
    }
    Ok(())
}

/// What [`run_stage_on_all`] works in, kept from stage to stage: the states of a big shock take
/// megabytes, and fresh memory for each stage cost more than the stage's own work.
#[derive(Default)]
struct Buffers<const N: usize> {
    /// The states the stage ends in (those that rolled no die first, then the merged ones).
    next: Vec<(State<N>, u128)>,
    /// The states that rolled, equal ones merged.
    rolled: FxHashMap<State<N>, u128>,
    /// The distinct states one state's sequences end in, merged before `forget` and the map.
    ends: Vec<(State<N>, u128)>,
    /// The hits one state's Struggle can give, with their counts.
    hits: Vec<((u32, u32), u128)>,
    /// The dice of the sequence being run.
    dice: Vec<u8>,
    /// Resolver runs made so far ([`ShockOdds::runs`]).
    runs: usize,
}

/// Sequences' results with the dice each used, as each distinct result with its count out of
/// 10^n, n the most dice a sequence used (returned first).
fn normalised<T: PartialEq>(sequences: Vec<(T, usize)>) -> (usize, Vec<(T, u128)>) {
    let most = sequences.iter().map(|&(_, n)| n).max().unwrap_or(0);
    let mut outcomes: Vec<(T, u128)> = Vec::new();
    for (result, n) in sequences {
        let count = 10u128.pow((most - n) as u32);
        match outcomes.iter_mut().find(|(r, _)| *r == result) {
            Some((_, c)) => *c += count,
            None => outcomes.push((result, count)),
        }
    }
    (most, outcomes)
}

/// The most dice a sequence of the leaders' stage used, n, and each Charisma it can leave with
/// its count out of 10^n.
type LeaderOdds = (usize, Vec<([i8; 2], u128)>);

/// The Charisma the leaders' stage leaves from `st`'s, each with its count out of 10^n, n the
/// most dice a sequence used (returned first).
fn leader_odds<const N: usize>(setup: &ShockSetup, st: &State<N>) -> LeaderOdds {
    let mut sequences = Vec::new();
    each_sequence(
        |dice| {
            let mut s = *st;
            shock::run_stage(setup, Stage::Leaders, &mut s, dice, &mut Log { steps: None });
            s.charisma
        },
        |charisma, n| sequences.push((charisma, n)),
    );
    normalised(sequences)
}

/// The mean of a distribution over 0, 1, 2, …, summed in that order.
fn mean(dist: &[Prob]) -> f64 {
    dist.iter().enumerate().map(|(n, p)| n as f64 * p.to_f64()).sum()
}

/// What [`forget`] reads of a shock's setup, worked out once.
struct Shape {
    /// The number of attackers (the units after them are the defenders).
    n_att: usize,
    /// Each unit's effective TQ, attackers then defenders.
    tq: Vec<u8>,
}

impl Shape {
    fn of(setup: &ShockSetup) -> Shape {
        let tq = setup.attackers.iter().chain(&setup.defenders).map(|f| f.effective_tq()).collect();
        Shape { n_att: setup.attackers.len(), tq }
    }
}

/// Clears what no later stage and no figure of [`ShockOdds`] reads, so that states differing only
/// in it merge: the hits each unit took count only by side (kept on the side's first unit); a
/// routed unit's hits and stand; after the Struggle, the Charisma and superiority, and the hits
/// of a unit more than one below its TQ (the Collapse reads only hits ≥ TQ − 1).
fn forget<const N: usize>(shape: &Shape, stage: Stage, st: &mut State<N>) {
    let n = st.taken.len();
    for range in [0..shape.n_att, shape.n_att..n] {
        let taken = &mut st.taken.as_mut_slice()[range];
        let sum: u32 = taken.iter().map(|&t| t as u32).sum();
        // A side's sum beyond a u8 (never in play) is kept per unit, where it saturates as before.
        if let (Ok(sum), Some((first, rest))) = (u8::try_from(sum), taken.split_first_mut()) {
            *first = sum;
            // Written only where not yet zero: a handful of units, no call to clear them.
            rest.iter_mut().filter(|t| **t != 0).for_each(|t| *t = 0);
        }
    }
    for i in st.routed.ones() {
        st.hits[i] = 0;
        st.stood.set(i, false);
    }
    let struggled = matches!(
        stage,
        Stage::Struggle
            | Stage::CollapseRouts
            | Stage::Rout { collapse: true, .. }
            | Stage::CollapseZoc
            | Stage::CollapseCheck(_)
    );
    if struggled {
        st.charisma = [0, 0];
        st.superiority = None;
        for (h, &tq) in st.hits.as_mut_slice().iter_mut().zip(&shape.tq) {
            if (*h as u16) + 1 < tq as u16 {
                *h = 0;
            }
        }
    }
    forget_collapse_checked(shape, stage, st);
}

/// From the Collapse step 2's zones of control on (GBA 9.18, CG 9.19 step 2), a unit's hits,
/// stand and zone are read only by its own collapse check: once it has made it, or when it will
/// not make one (routed, stood, not at TQ − 1 or in no enemy ZOC), they are cleared, the zone
/// last, which keeps the check from being made.
fn forget_collapse_checked<const N: usize>(shape: &Shape, stage: Stage, st: &mut State<N>) {
    let checked = match stage {
        Stage::CollapseZoc => 0,
        Stage::CollapseCheck(i) => i + 1,
        _ => return,
    };
    for (i, &tq) in shape.tq.iter().enumerate() {
        if i < checked || !shock::makes_collapse_check(tq, st, i) {
            st.hits[i] = 0;
            st.stood.set(i, false);
            st.zoc.set(i, false);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::shock::{resolve, Fighter, Leader};
    use crate::map::facing::Arc;
    use crate::scenario::units::{UnitClass, UnitType};
    use crate::scenario::RuleSet;

    /// The oracle: every die sequence of the whole resolver, one run each, nothing merged (as the
    /// odds were computed before the stages); `None` past `cap` runs.
    fn plain(setup: &ShockSetup, cap: usize) -> Option<ShockOdds> {
        let (na, nd) = (setup.attackers.len(), setup.defenders.len());
        let mut o = ShockOdds {
            attacker_hits: vec![Prob::ZERO; 256],
            defender_hits: vec![Prob::ZERO; 256],
            attacker_routs: Prob::ZERO,
            defender_routs: Prob::ZERO,
            attacker_unit_routs: vec![Prob::ZERO; na],
            defender_unit_routs: vec![Prob::ZERO; nd],
            attacker_mean_hits: 0.0,
            defender_mean_hits: 0.0,
            ended_at_charge: Prob::ZERO,
            columns: vec![Prob::ZERO; 14],
            runs: 0,
        };
        let mut prefix: Vec<u8> = vec![];
        loop {
            let mut used = 0usize;
            let out = resolve(setup, &mut || {
                if used == prefix.len() {
                    prefix.push(0);
                }
                used += 1;
                prefix[used - 1]
            })
            .ok()?;
            prefix.truncate(used);
            o.runs += 1;
            if o.runs > cap {
                return None;
            }
            let p = Prob { count: DENOMINATOR / 10u128.pow(used as u32) };
            o.attacker_hits[out.hits_taken(Side::Attacker) as usize] += p;
            o.defender_hits[out.hits_taken(Side::Defender) as usize] += p;
            for (side, total, units) in [
                (&out.attackers, &mut o.attacker_routs, &mut o.attacker_unit_routs),
                (&out.defenders, &mut o.defender_routs, &mut o.defender_unit_routs),
            ] {
                if side.iter().any(|u| u.routed) {
                    *total += p;
                }
                for (u, r) in side.iter().zip(units.iter_mut()) {
                    if u.routed {
                        *r += p;
                    }
                }
            }
            match out.column {
                Some(c) => o.columns[c as usize] += p,
                None => o.ended_at_charge += p,
            }
            while prefix.last() == Some(&9) {
                prefix.pop();
            }
            match prefix.last_mut() {
                None => break,
                Some(d) => *d += 1,
            }
        }
        for v in [&mut o.attacker_hits, &mut o.defender_hits] {
            while v.len() > 1 && v.last() == Some(&Prob::ZERO) {
                v.pop();
            }
        }
        o.attacker_mean_hits = mean(&o.attacker_hits);
        o.defender_mean_hits = mean(&o.defender_hits);
        Some(o)
    }

    fn assert_same(setup: &ShockSetup, cap: usize) -> bool {
        let Some(want) = plain(setup, cap) else { return false };
        let mut got = shock_odds(setup).expect("valid");
        for v in [&mut got.attacker_hits, &mut got.defender_hits] {
            while v.len() > 1 && v.last() == Some(&Prob::ZERO) {
                v.pop();
            }
        }
        got.runs = want.runs;
        assert_eq!(got, want, "{setup:?}");
        true
    }

    /// Fighters of every kind the stages treat apart: two-hex units with the stand roll, cavalry,
    /// skirmishers, elephants, chariots, units with hits near their TQ.
    fn fighters(rules: RuleSet) -> Vec<Fighter> {
        use UnitType::*;
        let f = Fighter::new;
        let mut v = vec![
            f(PH, Some(UnitClass::MA), 10, 7),
            f(HI, Some(UnitClass::HO), 10, 6).with_hits(3),
            f(LI, Some(UnitClass::J), 5, 5),
            f(HC, None, 4, 7).through(Arc::Flank),
            f(EL, None, 5, 6).with_hits(4),
            f(LC, None, 3, 6).through(Arc::Rear),
            f(PH, Some(UnitClass::MA), 10, 7).with_hits(6),
        ];
        if rules == RuleSet::Chandragupta {
            v.push(f(CH, None, 3, 5));
        }
        v
    }

    /// Many small combats of both rule sets: 1–3 units a side, moved or not, with and without
    /// leaders; each compared whole (every figure but the run count) with the plain enumeration.
    #[test]
    fn the_staged_odds_equal_the_plain_enumeration_of_the_resolver_on_many_combats() {
        let mut compared = 0;
        for rules in [RuleSet::Alexander, RuleSet::Chandragupta] {
            let fs = fighters(rules);
            let n = fs.len();
            for k in 0..(n * n * 4) {
                let (a, d, extra) = (k % n, (k / n) % n, k / (n * n));
                let mut att = vec![fs[a].clone().moving()];
                let mut def = vec![fs[d].clone()];
                if extra & 1 == 1 {
                    att.push(fs[(a + 3) % n].clone().moving());
                }
                if extra & 2 == 2 {
                    def.push(fs[(d + 2) % n].clone());
                    def.push(fs[(d + 5) % n].clone().with_hits(1));
                }
                let mut s = ShockSetup::new(rules, att, def);
                if k % 3 == 0 {
                    s.attacker_leader =
                        Some(Leader { charisma: 2, initiative: 5, personal_combat: Some(4), wounded: false });
                    s.defender_leader =
                        Some(Leader { charisma: 1, initiative: 4, personal_combat: Some(3), wounded: k % 2 == 0 });
                    s.leader_checks = true;
                }
                if k % 5 == 1 {
                    s.attackers[0].moved = false;
                }
                if k % 7 == 2 {
                    s.defenders[0].other_enemy_zoc = true;
                    s.advance_hits = 1;
                }
                if shock::validate(&s).is_ok() && assert_same(&s, 4_000) {
                    compared += 1;
                }
            }
        }
        assert!(compared >= 70, "only {compared} combats compared");
    }

    /// The Collapse's checks (GBA 9.18 step 2, CG 9.19) after a Struggle that leaves units at
    /// TQ − 1 in both rule sets: each unit's hits, stand and zone are forgotten once its check is
    /// made or cannot be, and the odds still equal the plain enumeration; the forgetting merges
    /// states, so fewer runs are made than the plain enumeration's.
    #[test]
    fn forgetting_each_collapse_check_keeps_the_odds_exact_gba_9_18_cg_9_19() {
        use UnitType::*;
        for rules in [RuleSet::Alexander, RuleSet::Chandragupta] {
            let f = Fighter::new;
            let attackers = vec![f(PH, Some(UnitClass::MA), 10, 7).with_hits(5), f(HC, None, 4, 7).with_hits(4)];
            let defenders =
                vec![f(HI, Some(UnitClass::HO), 10, 6).with_hits(4), f(LI, Some(UnitClass::J), 5, 5).with_hits(3)];
            let mut s = ShockSetup::new(rules, attackers, defenders);
            s.defenders[1].other_enemy_zoc = true;
            assert!(assert_same(&s, 1_000_000), "{rules:?}: too many runs for the plain enumeration");
            let plain_runs = plain(&s, 1_000_000).expect("compared above").runs;
            assert!(shock_odds(&s).unwrap().runs < plain_runs, "{rules:?}");
        }
    }

    /// Issue 19's 4-against-3 (two moved phalanxes, a flanking cavalry unit and light infantry
    /// against two hoplite units and light infantry; Charisma 2 and 1): too big for the plain
    /// enumeration in a test, so its figures are those the phase enumeration gave (3.6 s then),
    /// as `sarissa odds` printed them.
    #[test]
    fn the_issue_19_four_against_three_has_the_recorded_odds() {
        let (name, s) = crate::combat::odds_worst::worst_shocks().remove(0);
        assert_eq!(name, "issue 19: 4 v 3");
        let o = shock_odds(&s).unwrap();
        let fractions =
            |v: &[Prob]| v.iter().map(|p| format!("{}/{}", p.fraction().0, p.fraction().1)).collect::<Vec<_>>();
        let attacker = "0/1 384/3125 592/3125 75718/390625 167771/1562500 379447/6250000 343163/5000000 \
            1138323/12500000 3612023/50000000 125159/3125000 80183/5000000 162833/12500000 1263293/100000000 \
            24709/3125000 197313/100000000 14963/25000000 16687/20000000 31109/50000000 9703/100000000 0/1 \
            973/50000000 973/50000000";
        let defender = "0/1 0/1 441/5000 1869/10000 182563/1250000 821607/25000000 687919/25000000 \
            3063659/25000000 3677597/25000000 275179/3125000 66491/2500000 569463/25000000 1003863/25000000 \
            911573/25000000 454613/25000000 26979/5000000 79907/25000000 6087/1562500 34967/12500000 \
            27479/25000000 4997/25000000";
        assert_eq!(fractions(&o.attacker_hits).join(" "), attacker.split_whitespace().collect::<Vec<_>>().join(" "));
        assert_eq!(fractions(&o.defender_hits).join(" "), defender.split_whitespace().collect::<Vec<_>>().join(" "));
        assert_eq!(
            fractions(&[o.attacker_routs, o.defender_routs]),
            ["1199821511/6250000000", "16547406937/50000000000"]
        );
        assert_eq!((o.columns[9], o.ended_at_charge), (Prob::ONE, Prob::ZERO));
    }
}
