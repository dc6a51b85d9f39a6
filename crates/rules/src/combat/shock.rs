//! One shock combat (GBA 9.13–9.18, 10.13–10.15; CG 9.14–9.19, 10.64, 11.21) as a pure function.
//!
//! [`ShockSetup`] describes the combat as the engine sees it at the start of the Charge: the rule
//! set, each side's units (type, class, Size, printed TQ, current hits, whether it moved to attack,
//! which side of the defenders it strikes), the leaders whose Charisma counts, and the terrain and
//! hexside conditions that hold ([`ShiftCondition`]s). [`resolve`] runs the whole procedure with a
//! dice source and returns a [`ShockOutcome`]: every step with its rule, and each unit's hits and
//! rout. A setup the rules do not allow gives a [`ShockError`] naming the rule.
//!
//! Conventions the engine relies on:
//! * Each side lists its units in order of preference for the Clash of Spears (GBA 9.15, CG 9.16):
//!   the first unit still standing after the Charge is the side's chosen unit (the attacker may not
//!   choose a skirmisher while a non-skirmisher attacks, so those are skipped). The chosen pair
//!   gives the column and the superiority, and takes the odd hit of 10.13.
//! * Dice come attacker first, then defender, each side in list order (rulings R14).
//! * The size-ratio, "Size not counted" and cataphract shifts are derived here from the units; the
//!   caller lists only terrain, works and the other conditions of `column_shifts`.
//! * Not modelled (the engine's job): advancing, rout movement, elephant pass-through and
//!   rampage, two-hex hit distribution by the player (10.13 exception: hits are split evenly here),
//!   Square, routed defenders, Indian area Charisma, cavalry pursuit, Engaged.

use super::Side;
use crate::charts::clash_of_spears::{clash_base_column, in_rule_set, may_shock_attack, Clash};
use crate::charts::column_shifts::{shift_row, total_shift, Applying, ShiftCondition, ShiftError};
use crate::charts::leaders::{casualty_roll, cg_casualty, personal_combat, LeaderResult};
use crate::charts::missile::is_cataphract;
use crate::charts::shock_results::{clamp_column, clamp_row, shock_result};
use crate::charts::superiority::{weapon_superiority, Superiority};
use crate::charts::Origin;
use crate::map::facing::Arc;
use crate::scenario::units::{UnitClass, UnitType};
use crate::scenario::RuleSet;

/// One unit in a shock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub kind: UnitType,
    pub class: Option<UnitClass>,
    pub size: u8,
    /// Printed TQ.
    pub tq: u8,
    /// Cohesion hits it already has.
    pub hits: u8,
    /// Attackers: it moved to make this attack (a Shock-Must Check marker, GBA 7.32, 9.11): the
    /// pre-shock check (unless `inside_city`) and the size-ratio rounding (GBA 9.16 step 2,
    /// CG 9.17\[2\]).
    pub moved: bool,
    /// Attackers: it stands in a city hex, so its shock is inside the city and it makes no
    /// pre-shock check though it moved (CG 12.211, rulings P232).
    pub inside_city: bool,
    /// Attackers: hexes moved this Orders Phase (chariots, GBA 9.13, CG 9.14).
    pub hexes_moved: u8,
    /// Attackers: the side of the defenders it strikes through (GBA 9.15).
    pub arc: Arc,
    /// In Column (GBA 6.65, CG 6.55): TQ − 2 (rulings R3), attacked with AS, not shock-capable.
    pub in_column: bool,
    /// In Square (CG 10.62): the combat has no size ratio.
    pub in_square: bool,
    /// Armed with javelins and Missile No (GBA 9.16(B): javelin-armed LI and LP without missiles
    /// are not DS against LC). Javelins, not class J: javelin LP carry no class (8.17 likewise).
    pub javelins_no: bool,
    /// A double-depth phalanx (GBA 9.13 DRMs; the rule itself is lost).
    pub double_depth: bool,
    /// Attackers: in the ZOC of an enemy (not a skirmisher) in its own flank or rear (GBA 9.16(A),
    /// rulings R5), or CG 9.17\[1\] exception 1: no Position Superiority.
    pub flank_threatened: bool,
    /// In the ZOC of an enemy unit outside this combat (GBA 9.18 step 2 then applies even when
    /// every enemy of the combat has routed).
    pub other_enemy_zoc: bool,
    /// CG 10.81: a Maula unit stacked with its overall commander; defending, it makes the
    /// Maula stand roll instead of routing.
    pub maula_stand: bool,
    /// CG 12.211: in a city block, temple or palace: never attacked with position superiority.
    pub in_city_block: bool,
    /// Attackers: the modifier its leader's temperament puts on its pre-shock check (house rule
    /// B1, rulings P332): −1 aggressive, +1 cautious, 0 otherwise.
    pub temperament_drm: i32,
}

impl Fighter {
    /// A unit with no hits that did not move, striking (or struck) through the front.
    pub fn new(kind: UnitType, class: Option<UnitClass>, size: u8, tq: u8) -> Self {
        Fighter {
            kind,
            class,
            size,
            tq,
            hits: 0,
            moved: false,
            inside_city: false,
            hexes_moved: 0,
            arc: Arc::Front,
            in_column: false,
            in_square: false,
            javelins_no: false,
            double_depth: false,
            flank_threatened: false,
            other_enemy_zoc: false,
            maula_stand: false,
            in_city_block: false,
            temperament_drm: 0,
        }
    }

    pub fn with_hits(mut self, hits: u8) -> Self {
        self.hits = hits;
        self
    }

    pub fn moving(mut self) -> Self {
        self.moved = true;
        self
    }

    pub fn through(mut self, arc: Arc) -> Self {
        self.arc = arc;
        self
    }

    /// The TQ every check and the rout threshold use: printed, − 2 In Column (rulings R3).
    pub fn effective_tq(&self) -> u8 {
        if self.in_column {
            self.tq.saturating_sub(2).max(1)
        } else {
            self.tq
        }
    }

    /// The two-hex PH and HI (hoplites) have the stand roll of GBA 9.13/9.18 and CG 10.64; the
    /// two-hex Cardaces (LP) do not: the rule names PH and HI only.
    pub fn has_stand_roll(&self) -> bool {
        matches!((self.kind, self.class), (UnitType::PH, _) | (UnitType::HI, Some(UnitClass::HO)))
    }

    fn is_skirmisher(&self) -> bool {
        self.kind.is_foot_skirmisher()
    }

    fn is_chariot(&self) -> bool {
        matches!(self.kind, UnitType::CH | UnitType::ChStar)
    }

    /// Rulings R6: LI-A, LC-A, SK (not SK*), artillery crews, units In Column can never shock.
    fn shock_capable(&self) -> bool {
        use UnitType::*;
        !(self.in_column
            || matches!(self.kind, SK | AT)
            || (matches!(self.kind, LI | LC) && self.class == Some(UnitClass::A)))
    }
}

/// A leader whose Charisma counts for one side (GBA 9.16 step 3, CG 9.17\[3\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leader {
    pub charisma: u8,
    pub initiative: u8,
    /// GBA Personal Combat rating; `None` for leaders who cannot fight one (CG, Indians).
    pub personal_combat: Option<u8>,
    pub wounded: bool,
}

/// One shock combat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShockSetup {
    pub rules: RuleSet,
    pub attackers: Vec<Fighter>,
    pub defenders: Vec<Fighter>,
    pub attacker_leader: Option<Leader>,
    pub defender_leader: Option<Leader>,
    /// Roll the leader casualty checks / personal combat of GBA 9.14 (CG 9.15). Off, the leaders
    /// only lend their Charisma.
    pub leader_checks: bool,
    /// Terrain, works and unit conditions that hold (not size ratio or cataphracts: derived).
    pub conditions: Vec<Applying>,
    /// Hits the attackers would take advancing after combat (GBA 10.15 step 1).
    pub advance_hits: u8,
    /// CG 9.17\[3\]: the Charisma an Indian overall commander lends attackers and defenders
    /// from beside them (Indian Charisma); a side uses it when it beats its own leader's.
    pub lent_charisma: [u8; 2],
    /// For testing only (`sarissa run --shock-result`): the cell "A(D)" used instead of the
    /// table's; the die is rolled all the same. `None` in every normal combat.
    pub forced: Option<(u8, u8)>,
}

impl ShockSetup {
    pub fn new(rules: RuleSet, attackers: Vec<Fighter>, defenders: Vec<Fighter>) -> Self {
        ShockSetup {
            rules,
            attackers,
            defenders,
            attacker_leader: None,
            defender_leader: None,
            leader_checks: false,
            conditions: vec![],
            advance_hits: 0,
            lent_charisma: [0, 0],
            forced: None,
        }
    }
}

/// Why a setup cannot be resolved; each names its rule ([`ShockError::rule`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShockError {
    /// A side has no unit (GBA 9.12).
    EmptySide(Side),
    /// More than [`MAX_UNITS`] units in one combat: beyond the engine, not a rule.
    TooManyUnits,
    /// The type does not exist in this rule set (CG has no LP or SK*, GBA no CH*).
    NotInRuleSet { side: Side, index: usize, kind: UnitType },
    /// TQ 0 or Size 0.
    BadRating { side: Side, index: usize },
    /// The unit already has hits ≥ TQ: it is routed (GBA 10.14); routed units are not resolved here.
    AlreadyRouted { side: Side, index: usize },
    /// This attacker may never shock (GBA 7.33, CG 7.3, 10.51; a unit In Column, GBA 6.65).
    MayNotShock { index: usize, rule: &'static str },
    /// This attacker may not shock this defender through this side (Clash of Spears "—").
    ProhibitedClash { attacker: usize, defender: usize, rule: &'static str },
    /// A condition the resolver derives itself was listed (size ratio, cataphracts).
    DerivedCondition(ShiftCondition),
    /// A condition the rule set does not use, or listed with too many steps.
    Shift(ShiftError),
}

impl ShockError {
    /// The rule that refuses the setup.
    pub fn rule(&self) -> &'static str {
        match self {
            Self::EmptySide(_) => "GBA 9.12, CG 9.12",
            Self::TooManyUnits => "the engine's limit",
            Self::NotInRuleSet { .. } => "GBA 2.22, CG 2.22",
            Self::BadRating { .. } => "GBA 2.5, 2.6",
            Self::AlreadyRouted { .. } => "GBA 10.14",
            Self::MayNotShock { rule, .. } | Self::ProhibitedClash { rule, .. } => rule,
            Self::DerivedCondition(_) => "GBA 9.16 steps 2-3, CG 9.17[2]-[3]",
            Self::Shift(_) => "GBA 9.16 step 3, CG 9.17[3]",
        }
    }
}

impl std::fmt::Display for ShockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::EmptySide(s) => write!(f, "the {} has no unit", s.name()),
            Self::TooManyUnits => write!(f, "a combat may hold at most {MAX_UNITS} units here; split it"),
            Self::NotInRuleSet { side, index, kind } => {
                write!(f, "{} {} is {}, a type this rule set does not have", side.name(), index + 1, kind.code())
            }
            Self::BadRating { side, index } => {
                write!(f, "{} {} needs a TQ and a Size of at least 1", side.name(), index + 1)
            }
            Self::AlreadyRouted { side, index } => {
                write!(f, "{} {} already has hits at or above its TQ: it is routed", side.name(), index + 1)
            }
            Self::MayNotShock { index, .. } => write!(f, "attacker {} may not make a shock attack", index + 1),
            Self::ProhibitedClash { attacker, defender, .. } => {
                write!(f, "attacker {} may not shock defender {} through that side", attacker + 1, defender + 1)
            }
            Self::DerivedCondition(c) => write!(f, "{c:?} is worked out from the units; do not list it"),
            Self::Shift(ShiftError::NotInRuleSet(c)) => write!(f, "{c:?} is not a shift in this rule set"),
            Self::Shift(ShiftError::TooManySteps(c)) => write!(f, "{c:?} is listed with too many steps"),
        }?;
        write!(f, " ({})", self.rule())
    }
}

impl std::error::Error for ShockError {}

/// A unit of a side, by its index in the setup's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    pub side: Side,
    pub index: usize,
}

/// The superiority a combat ends with, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuperiorityFrom {
    /// GBA 6.65, CG 6.55: the defender is In Column.
    Column,
    /// GBA 9.16(A), CG 9.17\[1\]: through the defender's flank or rear.
    Position,
    /// GBA 9.16(A) exceptions: SK* or LC with Position Superiority get none.
    PositionException,
    /// GBA 9.16(B), CG 9.17\[1\]: the Shock Superiority chart.
    WeaponSystem(Origin),
    /// GBA 9.16(B): javelin-armed LI/LP that are Missile No are not DS against LC.
    JavelinsSpent,
}

/// One step of the procedure; `rule` on [`Step`] gives its number.
#[derive(Clone, Debug, PartialEq)]
pub enum StepKind {
    /// No attacker moved: nobody checks (GBA 9.13, CG 9.14).
    NoChargeChecks,
    /// This unit is exempt from the pre-shock check, and why.
    ChargeExempt { unit: UnitRef, reason: &'static str },
    /// House rule B1: the attacker's leader's temperament modifies its pre-shock check by `drm`
    /// (counted in the check's drm that follows).
    Temperament { unit: UnitRef, drm: i32 },
    /// Pre-shock TQ check: hits = max(0, roll + drm − TQ).
    ChargeCheck { unit: UnitRef, roll: u8, drm: i32, tq: u8, hits: u8 },
    /// Every attacker and every defender would rout: the side that routs (GBA 10.15).
    MutualRout { excess_attacker: i32, excess_defender: i32, routing: Side },
    /// Two-hex stand roll (GBA 9.13/9.18, CG 10.64): roll + excess + 3 if attacker, against TQ.
    StandRoll { unit: UnitRef, roll: u8, modified: i32, tq: u8, stands: bool },
    /// The unit's hits are set to TQ − 1 (stood, or survived a mutual rout).
    SetToTqMinusOne { unit: UnitRef, hits: u8 },
    /// The unit routs.
    Rout { unit: UnitRef },
    /// A side has no unit left standing: the combat ends.
    CombatOver { routed_side: Option<Side> },
    /// Leader casualty roll (GBA 9.14, CG 9.15): 0 is a casualty.
    LeaderCheck { side: Side, roll: u8, casualty: bool },
    /// The casualty's fate (GBA casualty table; CG second roll against Initiative).
    LeaderCasualty { side: Side, roll: u8, result: LeaderResult },
    /// GBA 9.2 personal combat: each total is roll + PC; the loser suffers `result`.
    PersonalCombat { attacker_total: u8, defender_total: u8, loser: Option<Side>, result: LeaderResult },
    /// The units chosen for the Clash and superiority (GBA 9.15, CG 9.16).
    Chosen { attacker: usize, defender: usize },
    /// Clash of Spears base column.
    BaseColumn { column: u8, arc: Arc, origin: Origin },
    /// Superiority (AS, DS or neither) and where it comes from.
    Superiority { superiority: Superiority, from: SuperiorityFrom },
    /// Size ratio: counted Sizes, whether rounding favours the attacker, resulting steps.
    SizeRatio { attacker_size: u32, defender_size: u32, attacker_favoured: bool, shift: i32 },
    /// A side has no countable Size (GBA 9.16 step 2, rulings R-A28 reading), or CG's no-SRD pairs.
    NoSizeRatio { reason: &'static str },
    /// One column shift that holds (its columns per step × steps, before "instead of").
    Shift { condition: ShiftCondition, code: &'static str, columns: i32 },
    /// Base + every shift, and the column read (1–13).
    FinalColumn { computed: i32, read: u8 },
    /// The CRT roll: natural + attacker's Charisma − defender's, and the row read.
    CrtRoll { natural: u8, attacker_charisma: i32, defender_charisma: i32, modified: i32, row: u8 },
    /// The CRT cell "A(D)".
    RawResult { attacker_hits: u8, defender_hits: u8, origin: Origin },
    /// For testing only: the cell used instead of the table's (`table`), set by
    /// [`ShockSetup::forced`].
    Forced { attacker_hits: u8, defender_hits: u8, table: (u8, u8) },
    /// A multiplier or cap on the result and the hits after it.
    Multiplier { what: &'static str, attacker_hits: u32, defender_hits: u32 },
    /// Hits to each unit of a side (10.13: evenly, the odd hit to the chosen unit first).
    Distribute { side: Side, hits: Vec<u8> },
    /// Push of Shields: +2 hits (GBA 9.17, CG 9.18).
    Breakthrough { unit: UnitRef, hits: u8 },
    /// Collapse step 2: a unit at TQ − 1 in an enemy ZOC rolls (GBA DR ≤ TQ, CG DR < TQ).
    CollapseCheck { unit: UnitRef, roll: u8, tq: u8, passes: bool },
}

/// One step with its rule number.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub rule: &'static str,
    pub kind: StepKind,
}

/// What happened to one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitOutcome {
    /// Hits it took in this combat: Charge, CRT and Breakthrough (before TQ − 1 adjustments).
    pub hits_taken: u8,
    /// Its hits at the end of the combat.
    pub final_hits: u8,
    pub routed: bool,
    /// It passed a two-hex stand roll.
    pub stood: bool,
}

/// The result of one shock.
#[derive(Clone, Debug, PartialEq)]
pub struct ShockOutcome {
    pub steps: Vec<Step>,
    pub attackers: Vec<UnitOutcome>,
    pub defenders: Vec<UnitOutcome>,
    /// The CRT column read, if the combat got that far.
    pub column: Option<u8>,
    pub superiority: Option<Superiority>,
    /// Dice consumed.
    pub dice_used: usize,
}

impl ShockOutcome {
    pub fn side(&self, side: Side) -> &[UnitOutcome] {
        match side {
            Side::Attacker => &self.attackers,
            Side::Defender => &self.defenders,
        }
    }

    /// Hits the side took in total (Charge, CRT, Breakthrough).
    pub fn hits_taken(&self, side: Side) -> u32 {
        self.side(side).iter().map(|u| u.hits_taken as u32).sum()
    }

    /// Whether any unit of the side routed.
    pub fn any_routed(&self, side: Side) -> bool {
        self.side(side).iter().any(|u| u.routed)
    }
}

/// Checks a setup against the rules; [`resolve`] calls it first.
pub fn validate(setup: &ShockSetup) -> Result<(), ShockError> {
    let rules = setup.rules;
    if setup.attackers.len() + setup.defenders.len() > MAX_UNITS {
        return Err(ShockError::TooManyUnits);
    }
    for (side, list) in [(Side::Attacker, &setup.attackers), (Side::Defender, &setup.defenders)] {
        if list.is_empty() {
            return Err(ShockError::EmptySide(side));
        }
        for (index, u) in list.iter().enumerate() {
            if !in_rule_set(rules, u.kind) {
                return Err(ShockError::NotInRuleSet { side, index, kind: u.kind });
            }
            if u.tq == 0 || u.size == 0 {
                return Err(ShockError::BadRating { side, index });
            }
            if u.hits >= u.effective_tq() {
                return Err(ShockError::AlreadyRouted { side, index });
            }
        }
    }
    for (index, a) in setup.attackers.iter().enumerate() {
        // GBA 7.33, CG 7.3, 10.3, 10.51: who may shock at all.
        let (may, origin) = may_shock_attack(rules, a.kind, a.class);
        if !may {
            return Err(ShockError::MayNotShock { index, rule: origin_rule(origin, "GBA 7.33") });
        }
        if a.in_column {
            // GBA 7.33, 6.65; CG 6.55: a unit In Column never shock-attacks.
            return Err(ShockError::MayNotShock { index, rule: "GBA 7.33, 6.65; CG 6.55" });
        }
        for (d, def) in setup.defenders.iter().enumerate() {
            // GBA 9.15, CG 9.16, 10.15: the Clash of Spears "—" cells.
            let cell = clash_base_column(rules, a.kind, a.arc, def.kind).expect("types checked above");
            if cell.clash == Clash::Prohibited {
                return Err(ShockError::ProhibitedClash {
                    attacker: index,
                    defender: d,
                    rule: origin_rule(cell.origin, "GBA 9.15"),
                });
            }
        }
    }
    for a in &setup.conditions {
        use ShiftCondition::*;
        if matches!(
            a.condition,
            SizeRatioAttacker
                | SizeRatioDefender
                | SizeNotCounted
                | NoSizeRatio
                | CataphractAttacker
                | CataphractDefender
        ) {
            return Err(ShockError::DerivedCondition(a.condition));
        }
    }
    total_shift(rules, &setup.conditions).map_err(ShockError::Shift)?;
    Ok(())
}

fn origin_rule(origin: Origin, fallback: &'static str) -> &'static str {
    match origin {
        Origin::Recovered(rule) => rule,
        Origin::Designed => fallback,
    }
}

/// Resolves one shock with a dice source giving 0–9.
pub fn resolve(setup: &ShockSetup, dice: &mut dyn FnMut() -> u8) -> Result<ShockOutcome, ShockError> {
    validate(setup)?;
    let mut st: State = State::start(setup);
    let mut log = Log { steps: Some(vec![]) };
    let mut used = 0usize;
    let mut counted = || {
        used += 1;
        dice().min(9)
    };
    for stage in stages(setup) {
        run_stage(setup, stage, &mut st, &mut counted, &mut log);
    }
    Ok(st.outcome(setup, log.steps.unwrap_or_default(), used))
}

// ---------------------------------------------------------------------------------------------
// The procedure, in stages over a small hashable state, so `odds` can merge equal states.

/// One stage of the procedure. Each unit's own roll is a stage of its own (its pre-shock check,
/// its stand roll, its collapse check), so that the odds can merge the states the stages leave
/// and never enumerate the dice of several units together. The dice are still consumed in the
/// order of the rules (rulings R14): the stages run in order, units in setup order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// GBA 9.13 / CG 9.14: unit `i`'s pre-shock check (the first also says when nobody checks).
    ChargeCheck(usize),
    /// The units the checks rout, with the mutual-rout rule: each is marked pending.
    ChargeRouts,
    /// A pending unit routs, or stands on its stand roll (in the Charge, or the Collapse step 1).
    Rout {
        unit: usize,
        collapse: bool,
    },
    /// The combat is over when a side has routed entirely.
    ChargeEnd,
    Leaders,
    /// Clash of Spears to the Push of Shields: one roll.
    Struggle,
    /// GBA 9.18 / CG 9.19 step 1: who routs, each marked pending.
    CollapseRouts,
    /// Step 2's zones of control, as step 1 left the combat.
    CollapseZoc,
    /// Step 2: unit `i`'s check at TQ − 1.
    CollapseCheck(usize),
}

/// The stages of `setup`'s shock, in order.
pub(crate) fn stages(setup: &ShockSetup) -> Vec<Stage> {
    let n = setup.attackers.len() + setup.defenders.len();
    let mut v: Vec<Stage> = (0..n).map(Stage::ChargeCheck).collect();
    v.push(Stage::ChargeRouts);
    v.extend((0..n).map(|unit| Stage::Rout { unit, collapse: false }));
    v.extend([Stage::ChargeEnd, Stage::Leaders, Stage::Struggle, Stage::CollapseRouts]);
    v.extend((0..n).map(|unit| Stage::Rout { unit, collapse: true }));
    v.push(Stage::CollapseZoc);
    v.extend((0..n).map(Stage::CollapseCheck));
    v
}

/// The most units one shock may hold: the odds copy and hash a shock's state millions of times,
/// so it is kept inline, without allocating. Combats form by default as connected groups (P40),
/// so two long lines locked together make one combat: 64 holds both whole lines of any bundled
/// battle's front (Chaeronea's 16-unit hoplite lines make 32).
pub const MAX_UNITS: usize = 64;

/// One small number per unit, attackers then defenders, kept inline: room for `N` units
/// ([`MAX_UNITS`], fewer in the odds of a small combat, whose states are copied and hashed
/// hundreds of thousands of times); equality and hashing read only the units of the combat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PerUnit<const N: usize = MAX_UNITS> {
    len: u8,
    v: [u8; N],
}

impl<const N: usize> PerUnit<N> {
    fn new(values: impl Iterator<Item = u8>) -> Self {
        let mut p = PerUnit { len: 0, v: [0; N] };
        for x in values.take(N) {
            p.v[p.len as usize] = x;
            p.len += 1;
        }
        p
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn as_slice(&self) -> &[u8] {
        &self.v[..self.len()]
    }
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        let n = self.len();
        &mut self.v[..n]
    }
}

impl<const N: usize> PartialEq for PerUnit<N> {
    fn eq(&self, o: &Self) -> bool {
        self.as_slice() == o.as_slice()
    }
}
impl<const N: usize> Eq for PerUnit<N> {}
impl<const N: usize> std::hash::Hash for PerUnit<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write(self.as_slice());
    }
}
impl<const N: usize> std::ops::Index<usize> for PerUnit<N> {
    type Output = u8;
    fn index(&self, i: usize) -> &u8 {
        &self.as_slice()[i]
    }
}
impl<const N: usize> std::ops::IndexMut<usize> for PerUnit<N> {
    fn index_mut(&mut self, i: usize) -> &mut u8 {
        &mut self.as_mut_slice()[i]
    }
}

/// One yes or no per unit, as bits ([`MAX_UNITS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Flags(u64);

impl Flags {
    pub fn get(self, i: usize) -> bool {
        self.0 >> i & 1 == 1
    }
    pub fn set(&mut self, i: usize, on: bool) {
        self.0 = (self.0 & !(1 << i)) | (u64::from(on) << i);
    }
    /// The units set, in order.
    pub fn ones(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }
    /// Whether any unit in `range` is set.
    pub fn any_in(self, range: std::ops::Range<usize>) -> bool {
        range.into_iter().any(|i| self.get(i))
    }
}

/// The shock's state between stages, with room for `N` units ([`PerUnit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State<const N: usize = MAX_UNITS> {
    /// Attackers, then defenders.
    pub hits: PerUnit<N>,
    pub taken: PerUnit<N>,
    pub routed: Flags,
    pub stood: Flags,
    /// Charisma DRM each side contributes (a killed leader's is negative).
    pub charisma: [i8; 2],
    pub position: bool,
    pub over: bool,
    pub column: Option<u8>,
    pub superiority: Option<Superiority>,
    /// Units that must rout (or make their stand roll) in the coming [`Stage::Rout`]s.
    pub pending: Flags,
    /// The Collapse step 2: each unit is in an enemy ZOC (set by [`Stage::CollapseZoc`]).
    pub zoc: Flags,
}

/// Hashes what equality compares, the small fields packed in one word and, with room for at
/// most 16 units, the four sets of flags in another: the odds hash every state they merge.
impl<const N: usize> std::hash::Hash for State<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.hits.hash(h);
        self.taken.hash(h);
        let small = u64::from(self.charisma[0] as u8)
            | u64::from(self.charisma[1] as u8) << 8
            | u64::from(self.position) << 16
            | u64::from(self.over) << 17
            | self.column.map_or(0, |c| u64::from(c) + 1) << 24
            | self.superiority.map_or(0, |s| s as u64 + 1) << 40;
        h.write_u64(small);
        let flags = [self.routed.0, self.stood.0, self.pending.0, self.zoc.0];
        if N <= 16 {
            h.write_u64(flags[0] | flags[1] << 16 | flags[2] << 32 | flags[3] << 48);
        } else {
            flags.iter().for_each(|&f| h.write_u64(f));
        }
    }
}

pub(crate) struct Log {
    pub steps: Option<Vec<Step>>,
}

impl Log {
    fn push(&mut self, rule: &'static str, kind: impl FnOnce() -> StepKind) {
        if let Some(steps) = &mut self.steps {
            steps.push(Step { rule, kind: kind() });
        }
    }
}

impl<const N: usize> State<N> {
    pub(crate) fn start(setup: &ShockSetup) -> State<N> {
        let all: Vec<&Fighter> = setup.attackers.iter().chain(&setup.defenders).collect();
        let ch = |l: Option<Leader>, lent: u8| l.map_or(0, |l| l.charisma).max(lent) as i8;
        State {
            hits: PerUnit::new(all.iter().map(|u| u.hits)),
            taken: PerUnit::new(all.iter().map(|_| 0)),
            routed: Flags::default(),
            stood: Flags::default(),
            charisma: [
                ch(setup.attacker_leader, setup.lent_charisma[0]),
                ch(setup.defender_leader, setup.lent_charisma[1]),
            ],
            position: false,
            over: false,
            column: None,
            superiority: None,
            pending: Flags::default(),
            zoc: Flags::default(),
        }
    }

    fn outcome(&self, setup: &ShockSetup, steps: Vec<Step>, dice_used: usize) -> ShockOutcome {
        let n = setup.attackers.len();
        let unit = |i: usize| UnitOutcome {
            hits_taken: self.taken[i],
            final_hits: self.hits[i],
            routed: self.routed.get(i),
            stood: self.stood.get(i),
        };
        ShockOutcome {
            steps,
            attackers: (0..n).map(unit).collect(),
            defenders: (n..self.hits.len()).map(unit).collect(),
            column: self.column,
            superiority: self.superiority,
            dice_used,
        }
    }
}

/// Index helpers over the attackers-then-defenders layout.
struct Units<'a> {
    setup: &'a ShockSetup,
}

impl<'a> Units<'a> {
    fn n_att(&self) -> usize {
        self.setup.attackers.len()
    }
    fn len(&self) -> usize {
        self.setup.attackers.len() + self.setup.defenders.len()
    }
    fn get(&self, i: usize) -> &'a Fighter {
        if i < self.n_att() {
            &self.setup.attackers[i]
        } else {
            &self.setup.defenders[i - self.n_att()]
        }
    }
    fn side(&self, i: usize) -> Side {
        if i < self.n_att() {
            Side::Attacker
        } else {
            Side::Defender
        }
    }
    fn r(&self, i: usize) -> UnitRef {
        let side = self.side(i);
        UnitRef { side, index: if side == Side::Attacker { i } else { i - self.n_att() } }
    }
    fn range(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::Attacker => 0..self.n_att(),
            Side::Defender => self.n_att()..self.len(),
        }
    }
}

pub(crate) fn run_stage<const N: usize>(
    setup: &ShockSetup,
    stage: Stage,
    st: &mut State<N>,
    dice: &mut dyn FnMut() -> u8,
    log: &mut Log,
) {
    if st.over {
        return;
    }
    let charge_checks = setup.attackers.iter().any(|a| a.moved && !a.inside_city);
    match stage {
        Stage::ChargeCheck(i) => charge_check(setup, st, dice, log, i),
        Stage::ChargeRouts if charge_checks => plan_routs(setup, st, log, false),
        Stage::Rout { unit, collapse } if st.pending.get(unit) => {
            st.pending.set(unit, false);
            let rule = if collapse { "GBA 9.18 step 1, CG 9.19" } else { CHARGE_ROUT_RULE };
            rout_or_stand(setup, st, dice, log, unit, rule, collapse);
        }
        Stage::ChargeEnd if charge_checks => charge_end(setup, st, log),
        Stage::Leaders => leaders(setup, st, dice, log),
        Stage::Struggle => struggle(setup, st, dice, log),
        Stage::CollapseRouts => plan_routs(setup, st, log, true),
        Stage::CollapseZoc => collapse_zoc(setup, st),
        Stage::CollapseCheck(i) => collapse_check(setup, st, dice, log, i),
        _ => {}
    }
}

/// The rule a [`StepKind::Rout`] of the Charge cites: a unit routed by its pre-shock check.
pub const CHARGE_ROUT_RULE: &str = "GBA 9.13, 10.15; CG 9.14";

/// GBA 9.13 / CG 9.14: unit `i`'s pre-shock TQ check (the routs it causes come after every check).
fn charge_check<const N: usize>(
    setup: &ShockSetup,
    st: &mut State<N>,
    dice: &mut dyn FnMut() -> u8,
    log: &mut Log,
    i: usize,
) {
    use UnitType::*;
    let u = Units { setup };
    let gba = setup.rules == RuleSet::Alexander;
    // CG 12.211 (P232): an attacker that moved up inside the city makes no check, and brings none
    // on its defenders.
    let any_checks = setup.attackers.iter().any(|a| a.moved && !a.inside_city);
    if !any_checks {
        // GBA 9.13, CG 9.14: Shock-No TQ Check attackers and their defenders do not check.
        if i == 0 {
            let in_city = setup.attackers.iter().any(|a| a.moved && a.inside_city);
            log.push(if in_city { "CG 12.211" } else { "GBA 9.13, CG 9.14" }, || StepKind::NoChargeChecks);
        }
        return;
    }
    let all_def_sk = setup.defenders.iter().all(Fighter::is_skirmisher);
    let all_att_li_front = setup.attackers.iter().all(|a| a.kind == LI && a.arc == Arc::Front);
    let any_att = |f: &dyn Fn(&Fighter) -> bool| setup.attackers.iter().any(f);
    {
        let f = u.get(i);
        let side = u.side(i);
        let exempt: Option<(&'static str, &'static str)> = match side {
            Side::Attacker if !f.moved => Some(("GBA 9.13, CG 9.14", "Shock-No TQ Check marker")),
            Side::Attacker if f.inside_city => Some(("CG 12.211; rulings P232", "inside the city")),
            // GBA 9.13 exemption 1, rulings P30: attacking only skirmishers, nobody checks.
            Side::Attacker if all_def_sk => Some(("GBA 9.13, CG 9.14; rulings P30", "attacking skirmishers")),
            // GBA 9.13 exemption 4: chariots that moved 4+ hexes; CG 9.14, 10.23: chariots never.
            Side::Attacker if f.is_chariot() && (!gba || f.hexes_moved >= 4) => {
                Some(("GBA 9.13, CG 9.14, 10.23", "a charging chariot"))
            }
            Side::Defender if gba && all_def_sk => Some(("GBA 9.13; rulings P30", "skirmishers attacked")),
            // GBA 9.13 exemption 3, CG 9.14: PH and HI attacked frontally by LI. CG 10.63 says it
            // again: the LI still check.
            Side::Defender if matches!(f.kind, PH | HI) && all_att_li_front => {
                Some(("GBA 9.13, CG 9.14", "PH/HI attacked frontally by LI"))
            }
            _ => None,
        };
        if let Some((rule, reason)) = exempt {
            log.push(rule, || StepKind::ChargeExempt { unit: u.r(i), reason });
            return;
        }
        let mut drm = 0i32;
        if gba {
            match side {
                // GBA 9.13 DRM: an elephant attacking PH/HI through their front.
                Side::Attacker => {
                    if f.kind == EL && f.arc == Arc::Front && setup.defenders.iter().any(|d| matches!(d.kind, PH | HI))
                    {
                        drm += 1;
                    }
                }
                Side::Defender => {
                    // GBA 9.13 DRMs: attacked by a chariot or elephant; by a double-depth
                    // phalanx; a defending double-depth phalanx.
                    if any_att(&|a| a.is_chariot() || a.kind == EL) {
                        drm += 1;
                    }
                    if any_att(&|a| a.double_depth) {
                        drm += 1;
                    }
                    if f.double_depth {
                        drm -= 1;
                    }
                }
            }
        } else if side == Side::Defender {
            // CG 9.14 DRMs, all on the defender's roll.
            // Attacked by an elephant: +1, as CG 10.17 repeats.
            if any_att(&|a| a.kind == EL) {
                drm += 1;
            }
            if any_att(&|a| a.is_chariot() && a.hexes_moved >= 4) {
                drm += 1;
            }
            if matches!(f.kind, PH | HI) && any_att(&|a| a.is_chariot()) {
                drm -= 1;
            }
        }
        // House B1 (P332): the attacking leader's temperament.
        if side == Side::Attacker && f.temperament_drm != 0 {
            drm += f.temperament_drm;
            log.push("House B1", || StepKind::Temperament { unit: u.r(i), drm: f.temperament_drm });
        }
        let roll = dice();
        let tq = f.effective_tq();
        let hits = (roll as i32 + drm - tq as i32).max(0) as u8;
        st.hits[i] = st.hits[i].saturating_add(hits);
        st.taken[i] = st.taken[i].saturating_add(hits);
        log.push("GBA 9.13, CG 9.14", || StepKind::ChargeCheck { unit: u.r(i), roll, drm, tq, hits });
    }
}

/// GBA 9.13 / CG 9.14: the combat ends when the Charge routed a whole side.
fn charge_end<const N: usize>(setup: &ShockSetup, st: &mut State<N>, log: &mut Log) {
    let u = Units { setup };
    let side_gone = |side: Side, st: &State<N>| u.range(side).all(|i| st.routed.get(i));
    if side_gone(Side::Attacker, st) || side_gone(Side::Defender, st) {
        st.over = true;
        let routed_side = if side_gone(Side::Defender, st) { Side::Defender } else { Side::Attacker };
        log.push("GBA 9.13, CG 9.14", || StepKind::CombatOver { routed_side: Some(routed_side) });
    }
}

/// Every standing unit with hits ≥ TQ routs, with the mutual-rout rule (GBA 10.15, CG 9.14/11.21):
/// each is marked pending, and its [`Stage::Rout`] routs it or makes its two-hex stand roll
/// (GBA 9.13/9.18, CG 10.64; rulings R8). `collapse` is true in 9.18.
fn plan_routs<const N: usize>(setup: &ShockSetup, st: &mut State<N>, log: &mut Log, collapse: bool) {
    let u = Units { setup };
    let would = |i: usize, st: &State<N>| !st.routed.get(i) && st.hits[i] >= u.get(i).effective_tq();
    let standing = |side: Side, st: &State<N>| u.range(side).filter(|&i| !st.routed.get(i)).collect::<Vec<_>>();
    let (att, def) = (standing(Side::Attacker, st), standing(Side::Defender, st));
    let mut to_rout: Vec<usize> = (0..u.len()).filter(|&i| would(i, st)).collect();
    if to_rout.is_empty() {
        return;
    }
    // GBA 10.15 (rulings P32): it applies when every standing attacker would rout and at least
    // one defender would too (the Hydaspes example applies it with a defending elephant below its
    // TQ; example 3 refuses it when one attacker stays below). CG applies it only in the Collapse
    // (CG 11.21, W14); in CG's Charge both sides rout (CG 9.14).
    let mutual_rule = collapse || setup.rules == RuleSet::Alexander;
    let att_would: Vec<usize> = att.iter().copied().filter(|&i| would(i, st)).collect();
    let def_would: Vec<usize> = def.iter().copied().filter(|&i| would(i, st)).collect();
    if mutual_rule && !att.is_empty() && att_would.len() == att.len() && !def_would.is_empty() {
        // The side whose unit exceeds its TQ the most (attackers counting their advance hits)
        // routs; equal excess routs the defender. The other side's units at or over TQ are set to
        // TQ − 1.
        let excess = |i: usize| {
            let extra = if u.side(i) == Side::Attacker { setup.advance_hits as i32 } else { 0 };
            st.hits[i] as i32 + extra - u.get(i).effective_tq() as i32
        };
        let ea = att_would.iter().map(|&i| excess(i)).max().unwrap_or(0);
        let ed = def_would.iter().map(|&i| excess(i)).max().unwrap_or(0);
        let routing = if ea > ed { Side::Attacker } else { Side::Defender };
        log.push("GBA 10.15, CG 11.21; rulings P32", || StepKind::MutualRout {
            excess_attacker: ea,
            excess_defender: ed,
            routing,
        });
        let (losers, survivors) =
            if routing == Side::Attacker { (att_would, def_would) } else { (def_would, att_would) };
        for &i in &survivors {
            st.hits[i] = u.get(i).effective_tq() - 1;
            let hits = st.hits[i];
            log.push("GBA 10.15, CG 11.21", || StepKind::SetToTqMinusOne { unit: u.r(i), hits });
        }
        to_rout = losers;
    }
    for i in to_rout {
        st.pending.set(i, true);
    }
}

/// A unit that must rout: a two-hex unit first makes its stand roll.
fn rout_or_stand<const N: usize>(
    setup: &ShockSetup,
    st: &mut State<N>,
    dice: &mut dyn FnMut() -> u8,
    log: &mut Log,
    i: usize,
    rule: &'static str,
    collapse: bool,
) {
    let u = Units { setup };
    let f = u.get(i);
    let side = u.side(i);
    // GBA 9.18 step 1: no stand roll for a defender when the attacker had Position Superiority.
    let save = f.has_stand_roll() && !(collapse && side == Side::Defender && st.position);
    // CG 10.81 (P101): a defending Maula unit with its OC stands like a phalanx, without the
    // attacker's +3; the enemy's Position Superiority routs it without a roll.
    let maula = f.maula_stand && side == Side::Defender && !f.has_stand_roll() && !st.position;
    // GBA 9.13, 9.18; CG 10.64; rulings R8: roll + hits over TQ (never negative) + 3 for an
    // attacker; more than TQ routs, otherwise it stands at TQ − 1.
    let stand_rule = match (save, maula) {
        (true, _) => Some(("GBA 9.13, 9.18; CG 10.64; rulings R8", "GBA 9.13, 9.18; CG 10.64")),
        (false, true) => Some(("CG 10.81", "CG 10.81")),
        _ => None,
    };
    if let Some((roll_rule, stand_rule)) = stand_rule {
        let roll = dice();
        let tq = f.effective_tq();
        let excess = (st.hits[i] as i32 - tq as i32).max(0);
        let modified = roll as i32 + excess + if side == Side::Attacker { 3 } else { 0 };
        let stands = modified <= tq as i32;
        log.push(roll_rule, || StepKind::StandRoll { unit: u.r(i), roll, modified, tq, stands });
        if stands {
            st.hits[i] = tq - 1;
            st.stood.set(i, true);
            let hits = st.hits[i];
            log.push(stand_rule, || StepKind::SetToTqMinusOne { unit: u.r(i), hits });
            return;
        }
    }
    st.routed.set(i, true);
    log.push(rule, || StepKind::Rout { unit: u.r(i) });
}

/// GBA 9.14 / CG 9.15: leader casualties, or GBA 9.2 personal combat.
fn leaders<const N: usize>(setup: &ShockSetup, st: &mut State<N>, dice: &mut dyn FnMut() -> u8, log: &mut Log) {
    if !setup.leader_checks {
        return;
    }
    let gba = setup.rules == RuleSet::Alexander;
    let leaders = [(Side::Attacker, setup.attacker_leader), (Side::Defender, setup.defender_leader)];
    let slot = |side: Side| if side == Side::Attacker { 0 } else { 1 };
    if gba {
        if let (Some(a), Some(d)) = (setup.attacker_leader, setup.defender_leader) {
            if let (Some(pa), Some(pd)) = (a.personal_combat, d.personal_combat) {
                // GBA 9.14, 9.21: both sides have leaders: personal combat, roll + PC each.
                let ta = dice() + pa;
                let td = dice() + pd;
                let (loser, diff) = match ta.cmp(&td) {
                    std::cmp::Ordering::Greater => (Some((Side::Defender, d)), ta - td),
                    std::cmp::Ordering::Less => (Some((Side::Attacker, a)), td - ta),
                    std::cmp::Ordering::Equal => (None, 0),
                };
                let result =
                    loser.map_or(LeaderResult::NoEffect, |(_, l)| personal_combat(diff).result.on_leader(l.wounded));
                if let Some((side, l)) = loser {
                    apply_leader_result(st, slot(side), l, result);
                }
                log.push("GBA 9.14, 9.21; rulings P31", || StepKind::PersonalCombat {
                    attacker_total: ta,
                    defender_total: td,
                    loser: loser.map(|(s, _)| s),
                    result,
                });
                return;
            }
        }
    }
    for (side, leader) in leaders {
        let Some(l) = leader else { continue };
        // GBA 9.14, CG 9.15: a roll of 0 makes the leader a casualty.
        let roll = dice();
        let casualty = roll == 0;
        log.push("GBA 9.14, CG 9.15", || StepKind::LeaderCheck { side, roll, casualty });
        if !casualty {
            continue;
        }
        let second = dice();
        let result = if gba {
            casualty_roll(second).result.on_leader(l.wounded)
        } else {
            cg_casualty(second, l.initiative).result
        };
        // GBA 9.14: a casualty's Charisma is not used in this combat, whatever the table says.
        st.charisma[slot(side)] = 0;
        apply_leader_result(st, slot(side), l, result);
        log.push("GBA 9.14, 9.55; CG 9.15", || StepKind::LeaderCasualty { side, roll: second, result });
    }
}

/// GBA 9.16 step 3, CG 9.17\[3\]: a killed leader's Charisma counts against his own side; any other
/// result of a personal combat or casualty roll loses his Charisma for this combat (rulings P31).
fn apply_leader_result<const N: usize>(st: &mut State<N>, slot: usize, l: Leader, result: LeaderResult) {
    st.charisma[slot] = match result {
        LeaderResult::NoEffect => st.charisma[slot],
        LeaderResult::Killed => -(l.charisma as i8),
        _ => 0,
    };
}

/// GBA 9.15–9.17 / CG 9.16–9.18: Clash of Spears, superiority, size ratio, shifts, the CRT, its
/// multipliers, the distribution of hits and the Push of Shields.
fn struggle<const N: usize>(setup: &ShockSetup, st: &mut State<N>, dice: &mut dyn FnMut() -> u8, log: &mut Log) {
    let plan = struggle_plan(setup, st, log);
    plan.apply(st);
    struggle_roll(setup, st, &plan, dice(), log);
}

/// What the Struggle settles before its roll (GBA 9.15–9.16 step 3, CG 9.16–9.17\[3\]): it
/// reads only which units stand, so the odds work it out once for all states alike
/// ([`StrugglePlans`]).
#[derive(Clone, Debug)]
pub(crate) struct StrugglePlan {
    att: Vec<usize>,
    def: Vec<usize>,
    /// The chosen units (GBA 9.15, CG 9.16).
    ca: usize,
    cd: usize,
    position: bool,
    sup: Superiority,
    column: u8,
}

impl StrugglePlan {
    fn apply<const N: usize>(&self, st: &mut State<N>) {
        st.position = self.position;
        st.superiority = Some(self.sup);
        st.column = Some(self.column);
    }
}

/// The hits (attacker's, defender's) some faces of the Struggle's die give, and how many faces.
pub(crate) type FaceHits = ((u32, u32), u128);

/// The Struggle stage worked out once for the odds, which run it on many states that differ
/// only in hits: its plan by the units standing (all it reads), and the hits each face of the
/// die gives by the units standing and the Charisma.
#[derive(Default)]
pub(crate) struct StrugglePlans {
    by_routed: rustc_hash::FxHashMap<Flags, StrugglePlan>,
    faces: rustc_hash::FxHashMap<(Flags, [i8; 2]), Vec<FaceHits>>,
}

impl StrugglePlans {
    /// `st`'s plan (not over) and the hits its die's faces give, faces with the same hits counted
    /// together.
    pub(crate) fn get<const N: usize>(&mut self, setup: &ShockSetup, st: &State<N>) -> (&StrugglePlan, &[FaceHits]) {
        let log = &mut Log { steps: None };
        let plan = self.by_routed.entry(st.routed).or_insert_with(|| struggle_plan(setup, st, log));
        let faces = self.faces.entry((st.routed, st.charisma)).or_insert_with(|| {
            let mut results: Vec<FaceHits> = Vec::new();
            for natural in 0..10 {
                let hits = crt_hits(setup, plan, st.charisma, natural, log);
                match results.iter_mut().find(|(h, _)| *h == hits) {
                    Some((_, faces)) => *faces += 1,
                    None => results.push((hits, 1)),
                }
            }
            results
        });
        (plan, faces)
    }
}

/// The state [`Stage::Struggle`] leaves `st` in when its roll gives the hits `hits` under `plan`.
pub(crate) fn struggle_end<const N: usize>(
    setup: &ShockSetup,
    st: &State<N>,
    plan: &StrugglePlan,
    hits: (u32, u32),
) -> State<N> {
    let mut s = *st;
    plan.apply(&mut s);
    struggle_hits(setup, &mut s, plan, hits, &mut Log { steps: None });
    s
}

/// GBA 9.15–9.16 steps 1–3, CG 9.16–9.17[1]–[3]: the chosen units, superiority and the CRT
/// column, for the units of `st` still standing.
fn struggle_plan<const N: usize>(setup: &ShockSetup, st: &State<N>, log: &mut Log) -> StrugglePlan {
    let u = Units { setup };
    let standing = |side: Side| u.range(side).filter(|&i| !st.routed.get(i)).collect::<Vec<_>>();
    let (att, def) = (standing(Side::Attacker), standing(Side::Defender));
    let (ca, cd) = chosen_units(&u, &att, &def, log);
    let (a, d) = (u.get(ca), u.get(cd));
    let cell = clash_base_column(setup.rules, a.kind, a.arc, d.kind).expect("validated");
    let base = cell.column().expect("validated: not prohibited");
    log.push("GBA 9.15, CG 9.16", || StepKind::BaseColumn { column: base, arc: a.arc, origin: cell.origin });
    let position = position_superiority_possible(setup.rules, a, d);
    let sup = superiority(setup.rules, a, d, position, log);
    let mut applying = size_ratio(&u, &att, &def, log);
    applying.extend(cataphracts(&u, &att, &def));
    applying.extend(setup.conditions.iter().copied());
    let column = final_column(setup.rules, base, &applying, log);
    StrugglePlan { att, def, ca, cd, position, sup, column }
}

/// GBA 9.15, CG 9.16: each side's chosen unit; the attacker may not choose a skirmisher while a
/// non-skirmisher attacks.
fn chosen_units(u: &Units, att: &[usize], def: &[usize], log: &mut Log) -> (usize, usize) {
    let any_non_sk = att.iter().any(|&i| !u.get(i).is_skirmisher());
    let ca = *att.iter().find(|&&i| !(any_non_sk && u.get(i).is_skirmisher())).expect("a standing attacker");
    let cd = def[0];
    log.push("GBA 9.15, CG 9.16", || StepKind::Chosen { attacker: ca, defender: cd - u.n_att() });
    (ca, cd)
}

/// Whether the attacker's position may give superiority: GBA 9.16(A) and its exceptions (rulings
/// R5 for the flank threat); CG 9.17[1] exceptions 1 and 2 (10.15), and CG 12.211: never against
/// a unit in a city block, temple or palace.
fn position_superiority_possible(rules: RuleSet, a: &Fighter, d: &Fighter) -> bool {
    use UnitType::*;
    if rules == RuleSet::Alexander {
        a.arc != Arc::Front
            && !(d.is_skirmisher() && a.arc == Arc::Flank)
            && !(a.kind.is_cavalry() && d.kind == EL)
            && !(a.kind == EL && d.kind == EL)
            && !a.flank_threatened
    } else {
        a.arc != Arc::Front
            && !a.flank_threatened
            && !(d.kind == EL && (a.kind == EL || a.kind.is_cavalry() || a.is_chariot()))
            && !d.in_city_block
    }
}

/// Superiority: GBA 9.16 step 1, CG 9.17[1]: a column's, the position's, or the weapon systems'.
fn superiority(rules: RuleSet, a: &Fighter, d: &Fighter, position_possible: bool, log: &mut Log) -> Superiority {
    use UnitType::*;
    let gba = rules == RuleSet::Alexander;
    let (sup, from, rule) = if d.in_column && !(gba && a.kind == SkStar) {
        (Superiority::Attacker, SuperiorityFrom::Column, "GBA 6.65, CG 6.55")
    } else if position_possible {
        let sk_star = gba && a.kind == SkStar && !matches!(d.kind, CH | SK | SkStar);
        let lc = gba && a.kind == LC && matches!(d.kind, PH | HI | MI);
        if sk_star || lc {
            (Superiority::Neither, SuperiorityFrom::PositionException, "GBA 9.16(A)")
        } else {
            (Superiority::Attacker, SuperiorityFrom::Position, "GBA 9.16(A), CG 9.17[1]")
        }
    } else {
        let cell = weapon_superiority(rules, a.kind, d.kind).expect("validated");
        // GBA 9.16(B) exception: "J Class LI and LP that are Missile No" — the units that threw
        // javelins, LI of class J and peltasts (whose javelins the format gives as their missile,
        // with no class): judged by the missile, as 8.17's spending of javelins is.
        let javelins_spent = gba && a.kind == LC && matches!(d.kind, LI | LP) && d.javelins_no;
        if javelins_spent && cell.superiority == Superiority::Defender {
            (Superiority::Neither, SuperiorityFrom::JavelinsSpent, "GBA 9.16(B)")
        } else {
            (cell.superiority, SuperiorityFrom::WeaponSystem(cell.origin), "GBA 9.16(B), CG 9.17[1]")
        }
    };
    log.push(rule, || StepKind::Superiority { superiority: sup, from });
    sup
}

/// GBA 9.16 step 2: elephant, chariot and skirmisher Size counts only when every unit of the
/// combat is of that kind (CG counts every unit's).
fn size_counts(u: &Units, att: &[usize], def: &[usize], f: &Fighter) -> bool {
    if u.setup.rules != RuleSet::Alexander {
        return true;
    }
    let all = |p: &dyn Fn(&Fighter) -> bool| att.iter().chain(def).all(|&i| p(u.get(i)));
    if f.kind == UnitType::EL {
        all(&|g| g.kind == UnitType::EL)
    } else if f.is_chariot() {
        all(&|g| g.is_chariot())
    } else if f.is_skirmisher() {
        all(&|g| g.is_skirmisher())
    } else {
        true
    }
}

/// Size ratio: GBA 9.16 step 2, CG 9.17[2]: the shifts it gives, or none and why.
fn size_ratio(u: &Units, att: &[usize], def: &[usize], log: &mut Log) -> Vec<Applying> {
    use UnitType::*;
    let gba = u.setup.rules == RuleSet::Alexander;
    let size = |list: &[usize]| {
        list.iter().map(|&i| u.get(i)).filter(|f| size_counts(u, att, def, f)).map(|f| f.size as u32).sum::<u32>()
    };
    let (sa, sd) = (size(att), size(def));
    let faces = |p: &dyn Fn(&Fighter) -> bool, q: &dyn Fn(&Fighter) -> bool| {
        let on = |list: &[usize], f: &dyn Fn(&Fighter) -> bool| list.iter().any(|&i| f(u.get(i)));
        (on(att, p) && on(def, q)) || (on(att, q) && on(def, p))
    };
    let cg_no_srd = !gba
        && (faces(&|f| f.kind == EL, &|f| f.kind != EL)
            || faces(&|f| f.is_chariot(), &|f| !f.is_chariot())
            || faces(&|f| f.kind == SK, &|f| f.is_chariot()));
    // CG 10.62: a unit in Square on either side, no size ratio.
    let square = !gba && att.iter().chain(def.iter()).any(|&i| u.get(i).in_square);
    if cg_no_srd {
        // CG 9.17[2], rulings R12: no size ratio in EL v non-EL, CH v non-CH, SK v CH.
        log.push("CG 9.17[2]; rulings R12", || StepKind::NoSizeRatio {
            reason: "elephants, chariots or skirmishers against other types",
        });
        return vec![Applying::once(ShiftCondition::NoSizeRatio)];
    }
    if square {
        log.push("CG 10.62", || StepKind::NoSizeRatio { reason: "a unit in Square" });
        return vec![Applying::once(ShiftCondition::NoSizeRatio)];
    }
    if sa == 0 || sd == 0 {
        // GBA 9.16 step 2 (digest A28): a side with no countable Size gives no shift.
        log.push("GBA 9.16 step 2; charts-draft S2", || StepKind::NoSizeRatio {
            reason: "a side has no countable Size",
        });
        return vec![Applying::once(ShiftCondition::SizeNotCounted)];
    }
    // Any attacker that moved: rounding favours the attacker; otherwise the defender. Whether it
    // moved, not whether it checked: inside the city (CG 12.211) a unit that moved up makes no
    // check yet rounds in its favour (CG 9.17[2]; rulings P246).
    let favoured = att.iter().any(|&i| u.get(i).moved);
    let (big, small, attacker_larger) = if sa >= sd { (sa, sd, true) } else { (sd, sa, false) };
    let up = favoured == attacker_larger;
    let ratio = if up { big.div_ceil(small) } else { big / small };
    let steps = ratio.saturating_sub(1);
    let shift = if attacker_larger { steps as i32 } else { -(steps as i32) };
    let mut applying = vec![];
    if steps > 0 {
        let c = if attacker_larger { ShiftCondition::SizeRatioAttacker } else { ShiftCondition::SizeRatioDefender };
        applying.push(Applying::times(c, steps.min(u8::MAX as u32) as u8));
    }
    log.push("GBA 9.16 step 2, CG 9.17[2]", || StepKind::SizeRatio {
        attacker_size: sa,
        defender_size: sd,
        attacker_favoured: favoured,
        shift,
    });
    applying
}

/// Cataphracts: CG 9.17[3], 10.18, 10.25; GBA rulings P20 (Cat HC only).
fn cataphracts(u: &Units, att: &[usize], def: &[usize]) -> Vec<Applying> {
    let gba = u.setup.rules == RuleSet::Alexander;
    let cat = |f: &Fighter| {
        if gba {
            f.kind == UnitType::HC && f.class == Some(UnitClass::Cat)
        } else {
            is_cataphract(f.kind, f.class)
        }
    };
    let mut applying = vec![];
    if att.iter().any(|&i| cat(u.get(i))) {
        applying.push(Applying::once(ShiftCondition::CataphractAttacker));
    }
    if def.iter().any(|&i| cat(u.get(i))) {
        applying.push(Applying::once(ShiftCondition::CataphractDefender));
    }
    applying
}

/// GBA 9.16 step 3, CG 9.17[3]: every shift logged, their total applied to the base column and the
/// result read within the chart.
fn final_column(rules: RuleSet, base: u8, applying: &[Applying], log: &mut Log) -> u8 {
    for a in applying {
        let row = shift_row(a.condition);
        if row.columns != 0 {
            let columns = row.columns as i32 * a.steps as i32;
            log.push("GBA 9.16 step 3, CG 9.17[3]", || StepKind::Shift {
                condition: a.condition,
                code: row.code,
                columns,
            });
        }
    }
    let shift = total_shift(rules, applying).expect("validated; derived conditions are in both rule sets");
    let computed = base as i32 + shift;
    let column = clamp_column(computed);
    log.push("GBA 9.16 step 3, CG 9.17[3]", || StepKind::FinalColumn { computed, read: column });
    column
}

/// GBA 9.16 steps 3–4, 9.17, 10.13 / CG 9.17\[3\]–9.18, 11.12: the roll `natural` on the CRT,
/// its multipliers, the distribution of hits and the Push of Shields.
fn struggle_roll<const N: usize>(
    setup: &ShockSetup,
    st: &mut State<N>,
    plan: &StrugglePlan,
    natural: u8,
    log: &mut Log,
) {
    let (ah, dh) = crt_hits(setup, plan, st.charisma, natural, log);
    struggle_hits(setup, st, plan, (ah, dh), log);
}

/// GBA 9.16 steps 3–4 / CG 9.17\[3\]–\[4\]: the hits the roll `natural` gives each side, after
/// the multipliers, with the sides' Charisma DRMs `charisma`.
fn crt_hits(setup: &ShockSetup, plan: &StrugglePlan, charisma: [i8; 2], natural: u8, log: &mut Log) -> (u32, u32) {
    use UnitType::*;
    let u = Units { setup };
    let gba = setup.rules == RuleSet::Alexander;
    let StrugglePlan { def, ca, cd, sup, column, .. } = plan;
    let (def, sup, column) = (def.as_slice(), *sup, *column);
    let (a, d) = (u.get(*ca), u.get(*cd));
    // The roll: GBA 9.16 step 3, CG 9.17[3].
    let (ach, dch) = (charisma[0] as i32, charisma[1] as i32);
    let modified = natural as i32 + ach - dch;
    let row = clamp_row(modified);
    log.push("GBA 9.16 step 3, CG 9.17[3]", || StepKind::CrtRoll {
        natural,
        attacker_charisma: ach,
        defender_charisma: dch,
        modified,
        row,
    });
    let mut result = shock_result(column as i32, modified);
    log.push("GBA 9.54, CG 9.44", || StepKind::RawResult {
        attacker_hits: result.attacker_hits,
        defender_hits: result.defender_hits,
        origin: result.origin,
    });
    if let Some((attacker_hits, defender_hits)) = setup.forced {
        let table = (result.attacker_hits, result.defender_hits);
        result.attacker_hits = attacker_hits;
        result.defender_hits = defender_hits;
        log.push("sarissa run --shock-result", || StepKind::Forced { attacker_hits, defender_hits, table });
    }

    // Step 4 multipliers (GBA 9.16, CG 9.17[4]); GBA order per digest A26: x2 / x3, halvings, cap.
    let (mut ah, mut dh) = (result.attacker_hits as u32, result.defender_hits as u32);
    match sup {
        Superiority::Attacker => {
            dh *= 2;
            log.push("GBA 9.16 step 4, CG 9.17[4]", || StepKind::Multiplier {
                what: "AS: defender's hits x2",
                attacker_hits: ah,
                defender_hits: dh,
            });
        }
        Superiority::Defender => {
            ah *= 3;
            log.push("GBA 9.16 step 4, CG 9.17[4]", || StepKind::Multiplier {
                what: "DS: attacker's hits x3",
                attacker_hits: ah,
                defender_hits: dh,
            });
        }
        _ => {}
    }
    if gba {
        if def.iter().all(|&i| !u.get(i).shock_capable()) {
            ah /= 2;
            log.push("GBA 9.16 step 4; rulings R6", || StepKind::Multiplier {
                what: "defender not shock-capable: attacker's hits halved",
                attacker_hits: ah,
                defender_hits: dh,
            });
        }
        if a.kind == LC && matches!(d.kind, PH | HI | MI) {
            dh /= 2;
            log.push("GBA 9.16 step 4", || StepKind::Multiplier {
                what: "LC against PH/HI/MI: defender's hits halved",
                attacker_hits: ah,
                defender_hits: dh,
            });
        }
        if def.iter().all(|&i| u.get(i).is_skirmisher()) && ah > 1 {
            ah = 1;
            log.push("GBA 9.16 step 4; rulings R1", || StepKind::Multiplier {
                what: "skirmishers defending: attacker's hits capped at 1",
                attacker_hits: ah,
                defender_hits: dh,
            });
        }
    }

    (ah, dh)
}

/// GBA 9.17, 10.13 / CG 9.18, 11.12: the CRT's hits `(ah, dh)` to the units, then the Push of
/// Shields.
fn struggle_hits<const N: usize>(
    setup: &ShockSetup,
    st: &mut State<N>,
    plan: &StrugglePlan,
    (ah, dh): (u32, u32),
    log: &mut Log,
) {
    let u = Units { setup };
    let (att, def, ca, cd) = (plan.att.as_slice(), plan.def.as_slice(), plan.ca, plan.cd);
    // GBA 10.13, CG 11.12: split as evenly as possible, the odd hits to the chosen unit first.
    for (side, list, chosen, hits) in [(Side::Attacker, att, ca, ah), (Side::Defender, def, cd, dh)] {
        let order = || std::iter::once(chosen).chain(list.iter().copied().filter(move |&i| i != chosen));
        // The chosen unit is one of `list`, so the units share among `list.len()`.
        let k = list.len() as u32;
        let share = |n: usize| (hits / k + u32::from((n as u32) < hits % k)).min(u8::MAX as u32) as u8;
        // The chosen unit is first in the order, the others follow in `list`'s order.
        let mut others = 1;
        for &i in list.iter().filter(|_| hits > 0) {
            let n = if i == chosen {
                0
            } else {
                others += 1;
                others - 1
            };
            let share = share(n);
            st.hits[i] = st.hits[i].saturating_add(share);
            st.taken[i] = st.taken[i].saturating_add(share);
        }
        log.push("GBA 10.13, CG 11.12", || {
            let mut shares = vec![0u8; u.range(side).len()];
            for (n, i) in order().enumerate() {
                shares[u.r(i).index] = share(n);
            }
            StepKind::Distribute { side, hits: shares }
        });
    }

    // Push of Shields: GBA 9.17, CG 9.18 (digest A30: against the enemy with the fewest hits, 0
    // counting as 1). Every unit is checked against the hits as the CRT left them.
    let before = st.hits;
    for (mine, theirs) in [(att, def), (def, att)] {
        let least = theirs.iter().map(|&j| before[j].max(1) as u32).min().unwrap_or(1);
        for &i in mine {
            if before[i] as u32 >= 3 * least {
                st.hits[i] = st.hits[i].saturating_add(2);
                st.taken[i] = st.taken[i].saturating_add(2);
                let hits = st.hits[i];
                log.push("GBA 9.17, CG 9.18", || StepKind::Breakthrough { unit: u.r(i), hits });
            }
        }
    }
}

/// GBA 9.18 / CG 9.19 step 2's zones of control: any standing enemy of the combat, or an enemy
/// outside it (`other_enemy_zoc`); taken as the Collapse step 1 left it.
fn collapse_zoc<const N: usize>(setup: &ShockSetup, st: &mut State<N>) {
    let u = Units { setup };
    let standing_enemy = |side: Side, st: &State<N>| {
        let other = if side == Side::Attacker { Side::Defender } else { Side::Attacker };
        u.range(other).any(|j| !st.routed.get(j))
    };
    for i in 0..u.len() {
        let zoc = standing_enemy(u.side(i), st) || u.get(i).other_enemy_zoc;
        st.zoc.set(i, zoc);
    }
}

/// GBA 9.18 / CG 9.19 step 2: whether unit `i` rolls its collapse check: standing at TQ − 1 in
/// an enemy ZOC, and not stood on a stand roll.
/// `tq` is the unit's effective TQ.
#[inline]
pub(crate) fn makes_collapse_check<const N: usize>(tq: u8, st: &State<N>, i: usize) -> bool {
    !st.routed.get(i) && !st.stood.get(i) && st.hits[i] as u16 + 1 == tq as u16 && st.zoc.get(i)
}

/// GBA 9.18 / CG 9.19 step 2: unit `i` at TQ − 1 in an enemy ZOC rolls; GBA passes on DR ≤ TQ, CG
/// on DR < TQ (W38). Units that stood on a stand roll do not.
fn collapse_check<const N: usize>(
    setup: &ShockSetup,
    st: &mut State<N>,
    dice: &mut dyn FnMut() -> u8,
    log: &mut Log,
    i: usize,
) {
    let u = Units { setup };
    let gba = setup.rules == RuleSet::Alexander;
    let tq = u.get(i).effective_tq();
    if !makes_collapse_check(tq, st, i) {
        return;
    }
    let roll = dice();
    let passes = if gba { roll <= tq } else { roll < tq };
    log.push("GBA 9.18 step 2, CG 9.19", || StepKind::CollapseCheck { unit: u.r(i), roll, tq, passes });
    if passes {
        st.hits[i] -= 1;
    } else {
        // GBA 9.18 step 2: a two-hex unit that fails uses the step-1 stand roll.
        rout_or_stand(setup, st, dice, log, i, "GBA 9.18 step 2, CG 9.19", true);
    }
}

#[cfg(test)]
mod tests;
