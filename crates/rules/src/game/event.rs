//! What happened. Applying events is the only way the game state changes.

mod apply;

use super::pending::{
    Advance, AfterRout, AfterShock, Harassment, LeaderMove, LineEntry, PendingRout, Rampage, ReactionFire,
};
use super::state::{GameState, Phase, PwOrder, Supply};
use super::EnemyZoc;
use crate::map::hex::{HexId, Vertex};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// Why a die was rolled; every roll is an event (GBA 2.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum RollPurpose {
    /// Equal initiatives across the sides (GBA 5.12, R10): one roll per side.
    InitiativeTie { side: usize },
    /// Both sides have units for the Camp Orders Phase: high roll goes first (CG 12.17, P182).
    CampOrdersFirst { side: usize },
    /// The die for a declared retire to camp (CG 12.43).
    RetireToCamp { leader: String },
    /// GBA 5.32.
    Momentum { leader: String },
    /// GBA 5.41, 5.42.
    Trump { leader: String },
    /// A subordinate's strategy roll for a line command (GBA 4.34).
    Strategy { leader: String },
    /// A wing commander's strategy roll to activate one more Nayaka (CG 4.54[3]).
    WingStrategy { leader: String, nayaka: String },
    /// GBA 5.33.
    DieRollOfDoom { leader: String },
    /// The TQ check at the end of a first move at augmented MA (GBA 6.46) and other checks.
    TqCheck { unit: String, rule: String },
    /// A missile volley (GBA 8.15).
    MissileFire { unit: String, target: String },
    /// A shock combat's die (GBA 9.13–9.18), in the order the procedure takes them (R14).
    Shock { combat: u8 },
    /// A leader's roll in personal combat (GBA 9.21): his total is the roll + his rating.
    PersonalCombat { leader: String },
    /// A rally attempt (GBA 10.27): Initiative + 1 or less rallies.
    Rally { unit: String },
    /// The Rally Table roll for a rallied unit's hits (GBA 10.27).
    RallyTable { unit: String },
    /// A rampaging elephant's direction (GBA 11.14, CG 10.14): 0 toward the nearest friend,
    /// 1–6 the map's compass, 7–9 away from its cause or the mahout kills it.
    Rampage { unit: String },
    /// CG 11.41, 11.42: a guild's or tribe's flight roll; the number broken is added.
    Flight { guild: String, side: usize },
    /// CG 12.31, 12.32: an elephant's roll in the breach segment against a wall, gate or tower
    /// (Breach Table T16).
    Breach { unit: String },
    /// CG 12.35: a Sarvatobhadra's shot at a city gate.
    GateShot { unit: String },
    /// House rule B1: a leader's temperament, at set-up (0–1 cautious, 8–9 aggressive).
    Temperament { leader: String },
    /// House rule B2: a barbarian leader's place in his side's activation order this turn.
    BarbarianOrder { leader: String },
    /// A house rule's own die for `unit` (issue 23), e.g. House B8's melee die: `rule` names it.
    HouseRule { unit: String, rule: String },
}

/// Why a rampage ends (GBA 11.14, CG 10.14); every end eliminates the elephant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RampageEnd {
    /// A 7–9 (GBA: after the first roll): the mahout kills the beast.
    MahoutKilled,
    /// It went off the map (rout points as a unit routed off it).
    LeftMap,
    /// CG 10.14(3): 8 hexes or more from every other unit.
    Isolated,
    /// CG 10.14(4): its fourth roll is done.
    LastRoll,
}

/// Why a unit took cohesion hits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitCause {
    /// Terrain, hexsides and elevation entered (GBA 6.22).
    Terrain,
    /// Moving again after the unit has Moved this turn (GBA 6.13).
    SecondMove,
    /// A facing change in a rough hex (GBA 7.14).
    FacingInRough,
    /// Crisis of faith (GBA 5.33[3]).
    CrisisOfFaith,
    /// A two-hex unit's ground and pivots (GBA 6.22, 6.42, 6.43).
    Maneuver,
    /// Wheeling in an enemy ZOC: the TQ check, at least one hit (GBA 6.45, R2).
    Wheel,
    /// Turning to face an enemy coming up: the TQ check, at least one hit (GBA 7.16, R2).
    ReactionFacing,
    /// A phalanx's first move of the turn at its augmented MA: the TQ check (GBA 6.46).
    AugmentedMove,
    /// Withdrawing from an enemy that came up on the flank or rear (GBA 6.72[2]).
    WithdrawalApproach,
    /// Infantry and chariots after withdrawing (GBA 6.72[1]).
    Withdrawal,
    /// The TQ check at the end of a withdrawal: one hit if failed (GBA 6.72[3]).
    WithdrawalCheck,
    /// Passing through a friendly unit, or being passed through: the stacking chart's TQ check
    /// (GBA 6.92, 6.95).
    PassThrough,
    /// Missile fire (GBA 8.15).
    Missile,
    /// A router passed through or stopped on it (GBA 6.92, 10.24; the stacking chart).
    RoutPassage,
    /// Shock combat (GBA 9.13–9.18).
    Shock,
    /// Light cavalry harassing past an elephant's flank or rear (GBA 8.34).
    Elephants,
    /// A column that was shock attacked falls back into its normal formation (GBA 6.66).
    ColumnBroken,
    /// A rampaging elephant ran into it (GBA 11.14, CG 10.14).
    Rampage,
    /// Horses that could not get away from an elephant coming up beside them (CG 10.16).
    ElephantFright,
    /// The elephant or chariot of its commander broke beside it: the TQ check (CG 11.23).
    CascadeRout,
    /// A unit of another guild was forced through it (CG 10.72[2]): 1 hit and the TQ check.
    GuildEnmity,
    /// Beside a city gate a Sarvatobhadra's stone struck, it failed its TQ check (CG 12.35).
    GateShot,
    /// The Tribal unit it is stacked with routed, and it routs too (CG 6.76(5)): the hits that
    /// bring it to its TQ.
    StackRout,
}

/// What a camp tower is after an elephant's roll against it (CG 12.32).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TowerResult {
    /// The roll failed: the tower is as it was.
    Held,
    /// A first success: the tower is Damaged.
    Damaged,
    /// A success on a Damaged tower: Destroyed; `opened`, its palisade and camp gate hexsides,
    /// each as its two hexes, are breached from now on (rulings P188).
    Destroyed { opened: Vec<(HexId, HexId)> },
}

/// What a city gate is after a roll against it (CG 12.32, 12.35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GateResult {
    /// The roll failed: the gate is as it was.
    Held,
    /// A first success: the gate is Damaged.
    Damaged,
    /// A success on a Damaged gate: Breached, for the rest of the battle.
    Breached,
}

/// The outcome of the die roll of doom (GBA 5.33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Doom {
    Reactivation,
    Finished,
    CrisisOfFaith,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        turn: u16,
    },
    DieRolled {
        roll: u8,
        purpose: RollPurpose,
    },
    /// The owner of these leaders decides next: activate one, or pass (GBA 5.12–5.15).
    ActivationOffered {
        side: usize,
        leaders: Vec<String>,
    },
    /// After a tie across sides the other side's equal leaders go next (GBA 5.12).
    TieOrderSet {
        initiative: u8,
        next_side: usize,
    },
    /// `no_momentum`: a re-activated leader may not roll for momentum (GBA 5.33[1], 5.34).
    LeaderActivated {
        leader: String,
        no_momentum: bool,
        in_enemy_zoc: bool,
    },
    /// An orders phase begins: the leader may give up to `orders` individual orders (GBA 5.21);
    /// `must_act` after a successful trump (5.46).
    OrdersPhaseBegan {
        leader: String,
        orders: u8,
        momentum: bool,
        must_act: bool,
    },
    /// `leader` tries to trump `over` (GBA 5.41, 5.42); one attempt per side per activation.
    TrumpTried {
        leader: String,
        over: String,
    },
    TrumpSucceeded {
        leader: String,
    },
    TrumpFailed {
        leader: String,
    },
    /// 5.47 (rulings P294): `leader` trumped from an enemy ZOC but can do none of what 5.46
    /// asks, so his trump counts as never made: nobody is Finished or Bypassed by it.
    TrumpVoided {
        leader: String,
    },
    /// The opponent may answer a successful trump or momentum roll with his own (GBA 5.42).
    TrumpResponseOffered {
        side: usize,
        trumper: String,
        momentum: bool,
    },
    /// The move stops part-way: the enemy may react (GBA 7.16, 6.7, 4.62); see `Phase::Reaction`.
    ReactionOffered {
        side: usize,
        mover: String,
        reactors: Vec<String>,
        #[serde(default)]
        withdrawers: Vec<String>,
        #[serde(default)]
        leaders: Vec<String>,
        #[serde(default)]
        exposed: Vec<String>,
        /// Units that may fire at the mover in reaction (8.2), and why.
        #[serde(default)]
        firers: Vec<String>,
        #[serde(default)]
        fire_kind: ReactionFire,
        /// A harassment waiting on the other side's fire (8.33).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        harass: Option<Harassment>,
        /// Leaders whose lines may withdraw under their PW orders (GBA 6.83).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pre_arranged: Vec<String>,
        /// After a shock segment: the units still to be reacted to as they advanced, and the
        /// leader whose orders phase then goes on (9.35).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after_shock: Option<Box<AfterShock>>,
        remaining: Vec<HexId>,
        /// A two-hex mover: the pose it is going to (`remaining` is then empty).
        #[serde(default)]
        to: Option<Placement>,
        /// A two-hex mover that had not moved this turn before this order (6.46).
        #[serde(default)]
        fresh: bool,
        facing: Vertex,
        spent: u8,
        /// The move ends In Column (6.61); `facing` is then a hexside.
        #[serde(default)]
        column: bool,
        /// An enemy leader moving on his own came near Darius (GBA 9.24, P128): `mover` is his
        /// id, and this is the rest of his move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader_move: Option<Box<LeaderMove>>,
        /// A contingent commander going along with the mover (GBA 5.68): he goes on with it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rider: Option<String>,
    },
    /// `unit` harasses `target` (GBA 8.3): its order and whole MA, along `path` and back.
    Harassed {
        unit: String,
        target: String,
        path: Vec<HexId>,
    },
    /// `leader`'s order takes `hits` cohesion hits off `unit` (GBA 10.16).
    UnitRecovered {
        leader: String,
        unit: String,
        hits: u8,
    },
    /// `leader`'s order puts `unit` into Square (`square`) or takes it out (CG 10.62): its whole
    /// movement allowance is spent, so it is Moved.
    SquareChanged {
        leader: String,
        unit: String,
        square: bool,
    },
    /// `leader`'s order dismounts chariot `unit` (CG 10.28): its counter turns to the foot side,
    /// for good, facing `facing`; its whole movement allowance is spent, so it is Moved.
    ChariotDismounted {
        leader: String,
        unit: String,
        facing: Vertex,
    },
    /// A unit that turned in reaction now has the mover in its ZOC and may fire at it (8.21).
    ReactionFireOffered {
        unit: String,
    },
    /// A unit turns one vertex in reaction (GBA 7.16).
    ReactionFaced {
        unit: String,
        facing: Vertex,
    },
    /// An orderly withdrawal (GBA 6.7): `unit` steps back along `path` keeping its facing, then
    /// faces `facing`; `mp` of its allowance used (none of its movement allowance, 6.74).
    UnitWithdrew {
        unit: String,
        path: Vec<HexId>,
        placement: Placement,
        facing: Vertex,
        mp: u8,
    },
    /// A cavalry line withdraws as a body (GBA 6.78), or a line under a PW order (6.83,
    /// `pre_arranged`): `leader`'s line of `line` units; each unit's own withdrawal follows as
    /// `UnitWithdrew`.
    LineWithdrew {
        leader: String,
        line: String,
        units: Vec<String>,
        #[serde(default)]
        pre_arranged: bool,
    },
    /// `side` declares its pre-arranged withdrawals: a marker under each of `leaders` (GBA 6.82).
    PreArrangedOffered {
        side: usize,
        leaders: Vec<String>,
    },
    /// The markers are placed, face down (GBA 6.82): `orders` holds each, PW or "No PW".
    PreArrangedDeclared {
        side: usize,
        orders: Vec<PwOrder>,
    },
    /// A marker is turned up (GBA 6.83): on the leader's activation (`activated`) or when his
    /// line first withdraws under it; `units` empty for "No PW".
    PreArrangedRevealed {
        leader: String,
        units: Vec<String>,
        activated: bool,
    },
    /// A leader withdraws from an enemy unit that came up (GBA 4.62), spending no MP.
    LeaderWithdrew {
        leader: String,
        path: Vec<HexId>,
    },
    /// A leader alone beside an enemy unit who did not or could not withdraw (GBA 4.62).
    LeaderCaptured {
        leader: String,
    },
    /// Ordered missile fire (GBA 8.11–8.17): `unit` fires at `target` at `range`; `strength` on
    /// the chart (0: extended range, a natural 0 only), `drm` the modifiers' total; `hits` on the
    /// target; `supply` the firer's supply after it.
    MissileFired {
        unit: String,
        target: String,
        range: u8,
        strength: u8,
        drm: i32,
        hit: bool,
        hits: u8,
        supply: Supply,
        /// Fired in reaction (8.2) rather than under orders or while withdrawing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reaction: Option<ReactionFire>,
    },
    /// An elephant's screen shoots in reaction (GBA 11.11, 11.12; CG 10.11, 10.12), rolled apart
    /// from its rider's javelins, on the screen's line; `supply`: the screen's supply after it.
    ScreenFired {
        unit: String,
        target: String,
        range: u8,
        strength: u8,
        drm: i32,
        hits: u8,
        supply: Supply,
        reaction: ReactionFire,
    },
    /// A "J/A" elephant's riders shoot their bow under orders (CG G52): its one volley of this
    /// orders phase, on the mounted-bow line, from the bow's own supply (kept as the screen's).
    BowFired {
        unit: String,
        target: String,
        range: u8,
        strength: u8,
        drm: i32,
        hits: u8,
        supply: Supply,
    },
    /// A Chandragupta engine shoots, without orders (CG 10.52): `shots` it has now fired since
    /// its marker was cleared (1: Fired Once; its limit: Fire Done). It never runs out (8.19(4)).
    ArtilleryFired {
        unit: String,
        target: String,
        range: u8,
        strength: u8,
        drm: i32,
        hits: u8,
        shots: u8,
    },
    /// The screen's arrows are resupplied (8.18) or run out otherwise.
    ScreenSupplyChanged {
        unit: String,
        supply: Supply,
        rule: String,
    },
    /// A unit routs (GBA 10.21) or rout-moves in Phase D (10.22): along `path` to `placement`,
    /// facing `facing`; its hits are removed; `supply` after (foot missile units: none, 10.26).
    UnitRouted {
        unit: String,
        path: Vec<HexId>,
        placement: Placement,
        facing: Vertex,
        supply: Supply,
        rule: String,
    },
    /// The shock segment begins (GBA 9.0, 9.11): `must` attack; the player picks from `optional`.
    ShockSegmentBegan {
        leader: String,
        must: Vec<String>,
        optional: Vec<String>,
    },
    /// The optional attackers chosen (GBA 9.11).
    ShockDesignated {
        leader: String,
        attackers: Vec<String>,
    },
    /// One combat resolved (GBA 9.13–9.18): its column and each step in words, with its rule.
    ShockResolved {
        attackers: Vec<String>,
        defenders: Vec<String>,
        column: Option<u8>,
        lines: Vec<String>,
    },
    ShockSegmentEnded {
        leader: String,
    },
    /// For testing only (`sarissa run --shock-result`): the next shock combat uses this cell,
    /// "A(D)", instead of the table's. No rule and no player gives it.
    ShockResultToBeForced {
        attacker_hits: u8,
        defender_hits: u8,
    },
    /// The forced cell was used: the combat's die was rolled as always, and the table would
    /// have given `table` ("A(D)"); the combat went on from `attacker_hits(defender_hits)`.
    ShockResultForced {
        attacker_hits: u8,
        defender_hits: u8,
        table: (u8, u8),
    },
    /// For testing only (`sarissa run --missile-result`): the next volley hits (`hit`) or misses,
    /// whatever the chart says. No rule and no player gives it.
    MissileResultToBeForced {
        hit: bool,
    },
    /// The forced result was used: the volley's die was rolled as always (it still decides the
    /// firer's supply and a leader's check), and the chart would have given `table`.
    MissileResultForced {
        hit: bool,
        table: bool,
    },
    /// A leader hurt by missile fire, in a shock or in personal combat (GBA 8.19, 9.14, 9.2):
    /// Finished for the turn, Wounded (every rating −1) or Severely Wounded (−2), or Killed
    /// (9.22; a second wound kills, already applied in `result`).
    LeaderCasualty {
        leader: String,
        result: crate::charts::leaders::LeaderResult,
        rule: String,
    },
    /// An attacker advances after combat into a hex the defenders left (GBA 9.31); leaders
    /// stacked with it go along.
    UnitAdvanced {
        unit: String,
        from: HexId,
        to: HexId,
    },
    /// After its shock an elephant goes through the defender that held, into one of its rear
    /// hexes, keeping its facing (GBA 11.13, CG 10.13; `rule`); leaders stacked with it go along.
    ElephantPassedThrough {
        unit: String,
        defender: String,
        from: HexId,
        to: HexId,
        rule: String,
    },
    /// Both rear hexes of the unit it goes through are taken: the elephant (CG: or chariot)
    /// shock-attacks `defenders`, the unit(s) in `hex`, one of them — friends too (GBA 11.13,
    /// CG 10.13, 10.26; `rule`). A `ShockResolved` follows.
    PassThroughAttack {
        unit: String,
        defenders: Vec<String>,
        hex: HexId,
        rule: String,
    },
    /// A Greek unit attacked frontally by chariots passed its check and parts its ranks: the
    /// chariot goes through, doing no harm but the 1 hit that follows (CG 10.27; `rule`).
    RanksParted {
        unit: String,
        chariot: String,
        rule: String,
    },
    /// A two-hex attacker advances after combat (GBA 9.33): straight forward with both halves,
    /// or wheeling into the centre hex (`wheel`). Each hex of `from` goes to the hex of `to` in
    /// the same place, and leaders stacked there with it.
    FormationAdvanced {
        unit: String,
        from: Placement,
        to: Placement,
        facing: Vertex,
        wheel: bool,
    },
    /// A two-hex unit that advanced straight wheels after it (GBA 9.33), by choice.
    UnitWheeledAfterAdvance {
        unit: String,
        to: Placement,
        facing: Vertex,
    },
    /// The attacker may turn `unit`, which advanced, one vertex (GBA 9.32); `waiting` are the
    /// advancers to be asked after it, `advances` every advance of the segment (9.35).
    AdvanceTurnOffered {
        leader: String,
        unit: String,
        waiting: Vec<String>,
        advances: Vec<Advance>,
    },
    /// A unit that advanced turns one vertex, free, even in an enemy ZOC (GBA 9.32).
    UnitTurnedAfterAdvance {
        unit: String,
        facing: Vertex,
    },
    /// Units become Engaged (`engaged`) or are freed (GBA 9.18 step 3, 10.31, 10.33).
    EngagedChanged {
        units: Vec<String>,
        engaged: bool,
        rule: String,
    },
    /// An Engaged unit steps back one hex, keeping its facing, instead of attacking (GBA 10.32).
    BrokeOff {
        unit: String,
        from: HexId,
        to: HexId,
    },
    /// A rout reached hexes the rules rank equal: the game waits for `side`, the router's owner,
    /// to choose (GBA 10.21, P120); `then` is what was still to happen.
    RoutChoiceOffered {
        side: usize,
        pending: PendingRout,
        then: AfterRout,
    },
    /// The owner chose where the router goes at that tie (GBA 10.21, P120).
    RoutHexChosen {
        unit: String,
        to: Placement,
    },
    /// A unit's missile supply changes outside its own fire (GBA 8.17: javelin foot after shock).
    SupplyChanged {
        unit: String,
        supply: Supply,
        rule: String,
    },
    /// CG 6.73, 6.74: `unit` ended its move in the hex of `over`, a Tribal unit of its tribe,
    /// and is placed underneath it.
    TribalStacked {
        unit: String,
        over: String,
    },
    /// CG 6.74: `leader`'s individual order puts `unit`, the bottom unit of a Tribal stack, on
    /// top of `under`.
    TribalStackSwapped {
        leader: String,
        unit: String,
        under: String,
    },
    /// CG 11.23: `unit`, an elephant or chariot carrying the commander `leader`, routs: its
    /// friends around check their TQ.
    CascadeRout {
        unit: String,
        leader: String,
    },
    /// CG 11.41, 11.42: a guild or tribe of `side` with `broken` units Routed or eliminated
    /// rolled `roll`; over its Flight Level `level` it flees (its units are eliminated next).
    FlightChecked {
        guild: String,
        side: usize,
        roll: u8,
        broken: u8,
        level: u8,
        flees: bool,
    },
    /// `leader` orders `unit` to rally (GBA 10.27): an individual order; once a turn each.
    RallyOrdered {
        leader: String,
        unit: String,
    },
    /// The unit rallies with `hits`, facing `facing` (refaced free) (GBA 10.27).
    UnitRallied {
        unit: String,
        hits: u8,
        facing: Vertex,
        supply: Supply,
    },
    /// One leg of an elephant's rampage (GBA 11.14, CG 10.14): the direction `roll`, the
    /// hexside it heads across (`None`: no way to go, see `end`), the hexes it entered, the units
    /// or leaders in the hex it ran into (their hits and deaths follow as events), and the end
    /// of the rampage if this leg ends it (a `UnitEliminated` follows).
    Rampaged {
        unit: String,
        roll: u8,
        heading: Option<crate::map::hex::Hexside>,
        path: Vec<HexId>,
        collided_with: Vec<String>,
        end: Option<RampageEnd>,
        /// The leg stops here, part-way or before its next roll, for the units it came near to
        /// step out of its way (6.77); it goes on after them.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        paused: bool,
    },
    /// A rampaging elephant came within two hexes of units that may withdraw from it (GBA 6.71,
    /// 6.77; CG 6.61, 6.67): `side` decides for `withdrawers`, then the other side for
    /// `waiting`; then `rampage` goes on and, after it, `then` (P75, P155). Its `leaders` and
    /// `waiting_leaders` likewise (4.62, P190).
    RampageWithdrawalOffered {
        side: usize,
        withdrawers: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        waiting: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        waiting_leaders: Vec<String>,
        rampage: Rampage,
        then: AfterRout,
    },
    /// Those near a rampaging elephant have stepped aside or stood: it runs on (6.77).
    RampageGoesOn {
        unit: String,
    },
    /// A unit is eliminated, by the rule given (10.2, 10.22–10.26, 6.92).
    UnitEliminated {
        unit: String,
        rule: String,
    },
    /// Darius the Target is killed or captured (GBA 9.24): the battle ends at once, `winner`
    /// the other side (a `BattleEnded` follows).
    TargetLeaderLost {
        leader: String,
        winner: usize,
    },
    /// The Withdrawal Phase ends the battle (GBA 3.1 E; CG 13.13, 13.14): `withdrawn` armies
    /// reached their withdrawal level; `winner`, if any; each side's rout points.
    BattleEnded {
        winner: Option<usize>,
        withdrawn: Vec<usize>,
        rout_points: [u32; 2],
    },
    /// The elite commander's initiative is offered (GBA 5.51).
    EliteInitiativeOffered {
        side: usize,
        leaders: Vec<String>,
    },
    /// `leader` takes the elite initiative orders phase (GBA 5.51): no momentum in it (5.52).
    EliteInitiativeTaken {
        leader: String,
    },
    /// The elite phase is over: he is Inactive again and may still be activated (GBA 5.52).
    EliteInitiativeEnded {
        leader: String,
    },
    /// The reactions are over; the orders phase goes on.
    ReactionEnded,
    /// A move goes on after a reaction (no further order is counted).
    MoveContinued {
        unit: String,
        path: Vec<HexId>,
        placement: Placement,
        facing: Vertex,
        mp: u8,
    },
    /// Leaders passed over by a successful trump keep their activation but lose momentum (5.44).
    LeadersBypassed {
        leaders: Vec<String>,
    },
    /// A line command replaces the leader's individual orders this phase (GBA 4.31);
    /// `via_proximity`: it rests on the overall commander's range, so no momentum (4.35; CG 4.43).
    LineDeclared {
        leader: String,
        line: String,
        units: Vec<String>,
        via_proximity: bool,
    },
    /// A unit of the moving line came into `firer`'s ZOC: its entry fire waits until the line
    /// has moved (GBA 8.21).
    EntryFireDeferred {
        firer: String,
        target: String,
    },
    /// The player says the line has finished moving (GBA 8.21): its units move no more.
    LineMoveEnded {
        leader: String,
    },
    /// The line has moved: `side` may fire `firers` at the line's units that came into their
    /// zones, each firer once at one of its `entries` (GBA 8.21); `end_orders`: then the
    /// leader's orders phase ends.
    LineFireOffered {
        side: usize,
        leader: String,
        firers: Vec<String>,
        entries: Vec<LineEntry>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        end_orders: bool,
    },
    /// The strategy roll failed: individual orders only this phase (GBA 4.34).
    LineRefused {
        leader: String,
    },
    /// A Nayaka passes his activation: not Finished, still open to a Wing Command (CG 4.53, D17).
    NayakaPassed {
        leader: String,
    },
    /// A wing commander's Wing Command (CG 4.54): `nayakas` are activated, in the order they will
    /// give their line commands; `restricted`: the overall commander whose range allowed more
    /// than one without a roll, now Restricted (4.55).
    WingCommandGiven {
        leader: String,
        nayakas: Vec<String>,
        restricted: Option<String>,
    },
    /// The next Nayaka of a Wing Command gives his line command now (CG 4.54).
    NayakaOrdersBegan {
        leader: String,
    },
    /// Every Nayaka of the Wing Command is done: the orders phase is the wing commander's again,
    /// for its shock segment (CG 4.54).
    WingCommandEnded {
        leader: String,
    },
    /// The overall or wing commander `leader` spends `orders` individual orders to activate the
    /// contingent commander `contingent`, whose line command takes `units` (GBA 5.63, 5.65).
    ContingentActivated {
        leader: String,
        contingent: String,
        orders: u8,
        units: Vec<String>,
    },
    /// The contingent commander's line command is over: the orders phase is `commander`'s
    /// again, with `orders_left` individual orders (GBA 5.64).
    ContingentCommandEnded {
        leader: String,
        commander: String,
        orders_left: u8,
    },
    UnitMoved {
        unit: String,
        path: Vec<HexId>,
        placement: Placement,
        facing: Vertex,
        mp: u8,
    },
    CohesionHits {
        unit: String,
        hits: u8,
        cause: HitCause,
    },
    /// A unit forms column or leaves it (GBA 6.61, 6.63, 6.66): `column` is its formation now,
    /// `facing` its facing (in column a hexside, see `facing::Heading`).
    FormationChanged {
        unit: String,
        column: bool,
        facing: Vertex,
    },
    /// A leader moves (6.15); `orders`: the individual orders it cost (none with his line, 4.36;
    /// two for the overall commander to move a leader out of an enemy ZOC, 4.4);
    /// `by_overall`: the overall commander moved another leader (4.4).
    /// `left_enemy_zoc`: he started in one and ends out of it (5.25).
    LeaderMoved {
        leader: String,
        path: Vec<HexId>,
        mp: u8,
        in_enemy_zoc: bool,
        left_enemy_zoc: bool,
        orders: u8,
        by_overall: bool,
    },
    /// A contingent commander goes along with `unit`, stacked with it, to `to` (GBA 5.68): by
    /// another leader's order or its withdrawal, spending none of his MP or orders.
    LeaderRodeAlong {
        leader: String,
        unit: String,
        to: HexId,
    },
    OrdersEnded {
        leader: String,
    },
    /// The leader may now try for momentum (GBA 5.3).
    MomentumOffered {
        leader: String,
    },
    MomentumGained {
        leader: String,
    },
    DoomOutcome {
        leader: String,
        outcome: Doom,
    },
    /// The opponent may activate any one of his leaders, even a Finished one (GBA 5.33[1]).
    ReactivationOffered {
        side: usize,
    },
    LeaderFinished {
        leader: String,
    },
    /// Rout and reload (GBA 3.1 D4): Moved units and Finished leaders are turned face up.
    UnitsAndLeadersReadied,
    /// CG 12.31, 12.32: `unit`, an elephant, begins a friendly orders phase (not a momentum one)
    /// with an unbreached palisade or gate, or a standing tower, of the enemy's camp in front:
    /// unless it moves or turns before the breach segment, it rolls against it then (rulings
    /// P175, P185).
    BreachAttemptBegun {
        unit: String,
    },
    /// CG 12.31, 12.33 (Breach Table T16): `unit`'s breach roll against the hexside between
    /// `from` (its hex) and `to`, a camp gate (`gate`, breached on 0–4) or the palisade (0–2).
    /// `breached`: the hexside is breached for the rest of the battle.
    BreachRolled {
        unit: String,
        from: HexId,
        to: HexId,
        gate: bool,
        roll: u8,
        need: u8,
        breached: bool,
    },
    /// CG 12.32, 12.33 (Breach Table T16): `unit`'s roll against the enemy camp tower at `tower`
    /// in its front, a success on `need` (3) or less. `result`: what the tower is after it.
    TowerAttackRolled {
        unit: String,
        tower: HexId,
        roll: u8,
        need: u8,
        result: TowerResult,
    },
    /// CG 12.32, 12.33 (Breach Table T16): `unit`'s roll against the enemy city gate between
    /// `from` (its hex) and `to`, a success on `need` (3) or less (rulings P235).
    CityGateRolled {
        unit: String,
        from: HexId,
        to: HexId,
        roll: u8,
        need: u8,
        result: GateResult,
    },
    /// CG 12.35 (rulings P236): the Sarvatobhadra `unit`, on an individual order of `leader`,
    /// shoots at the city gate between `gate`'s two hexes from `range` hexes: a success on `need`
    /// (4) or less. `shaken`: the roll was within the engine's gate value, so every unit beside
    /// the gate checks its TQ.
    GateShot {
        unit: String,
        leader: String,
        gate: (HexId, HexId),
        range: u8,
        roll: u8,
        need: u8,
        result: GateResult,
        shaken: bool,
    },
    /// House rule B3 (out-of-sight orders): `leader` cannot see `unit`, so its individual order
    /// costs him one order more.
    OutOfSightOrder {
        leader: String,
        unit: String,
    },
    /// House rule B9 (command collapse): `lost` of the `units` of `leader`'s command are routed or
    /// eliminated, half or more: his command is broken for the rest of the battle.
    CommandBroken {
        leader: String,
        units: Vec<String>,
        lost: u8,
    },
    /// House rule B9: `unit`, of a broken command, checks its TQ at +1 (the die shown is the
    /// natural one).
    BrokenCommandCheck {
        unit: String,
    },
    /// House rule B1 (leader temperament): `leader` is `temperament` for the battle, by the die
    /// before this.
    TemperamentRolled {
        leader: String,
        temperament: super::state::Temperament,
    },
    /// House rule B2 (barbarian activation): this turn `side`'s leaders take its activation
    /// slots in this order (by the dice before), each with the initiative of his slot.
    BarbarianOrderRolled {
        side: usize,
        slots: Vec<(String, u8)>,
    },
    /// House rule B4 (levy reluctance): the levy `unit`, ordered toward the enemy by `leader`,
    /// failed its check (the die before this) and stays; its order is spent.
    LevyBalked {
        unit: String,
        leader: String,
    },
    /// House rule B6 (contagious flight): `unit` failed its check (the die before this) and is
    /// swept along by the withdrawal of `by`; its own `UnitWithdrew` follows.
    SweptAlong {
        unit: String,
        by: String,
    },
    /// House rule B8 (shooting into a melee): `firer`'s volley strikes the friend `friend` for
    /// `hits`: shot into the melee it is in (`over` false: the hits meant for the target), or
    /// over it near the target on a natural 0 (`over` true: one hit besides the target's). The
    /// `CohesionHits` follow.
    FriendStruck {
        firer: String,
        friend: String,
        hits: u8,
        over: bool,
    },
    /// House rule B5 (eager troops): `leader`'s individual order holds the eager `unit` back (it
    /// ends no nearer the enemy), so it costs him one order more (P349).
    EagerHeldBack {
        leader: String,
        unit: String,
    },
    /// House rule B5 (the surge): `leader`'s momentum or trump failed and the eager `unit`, by
    /// the die before this, rushes at `toward` with `mp` MP; its `UnitMoved` follows if it gets
    /// nearer, and its pre-shock check if it ends in contact (P350–P353).
    Surged {
        unit: String,
        leader: String,
        toward: String,
        mp: u8,
    },
    /// House rule B7 (dense woods): deep inside dense woods `unit` lost its way (the die before
    /// this) in `hex`: its move ends there, turned to face `facing`.
    LostWay {
        unit: String,
        hex: HexId,
        facing: Vertex,
    },
    TurnEnded {
        turn: u16,
    },
    /// `side`'s Camp Orders Phase (CG 12.17, 10.54): `units` may act as if ordered; `then`: the
    /// other side's phase, to follow.
    CampOrdersBegan {
        side: usize,
        units: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<(usize, Vec<String>)>,
    },
    /// `leader`, an overall commander, declares that his army will retire to `camp` (CG 12.42),
    /// or to the map's city (`city`; `camp` is then 0).
    RetireDeclared {
        leader: String,
        camp: usize,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        city: bool,
    },
    /// The die of CG 12.43: `total` is the roll with +1 `in_area` (the royal enclosure) and +1 for
    /// every ten of the army's `rout_points`; above his initiative the retire is `set_off`.
    RetireChecked {
        leader: String,
        total: u32,
        in_area: bool,
        rout_points: u32,
        set_off: bool,
    },
    /// The retiring commander has reached the royal enclosure (CG 12.44[2]).
    RetireArrived {
        leader: String,
    },
    /// `side`'s Camp Orders Phase is over: the units that acted in it face up again (P181).
    CampOrdersEnded {
        side: usize,
    },
    /// `side` sealed its dice: `commitment` is the last value of its secret chain (P300).
    DiceSealed {
        side: usize,
        commitment: String,
    },
    /// `side` revealed the next value of its chain; the dice are drawn from `seed` from now on,
    /// mixed from both sides' latest values by the rules above the kernel (P301).
    DiceRevealed {
        side: usize,
        value: String,
        seed: u64,
    },
}

/// The part of the rulebook an event belongs to: how applying and describing it are split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The game turn: activation, trumps, momentum, orders phases and the turn's end (GBA 4.1, 5; CG 5).
    Turn,
    /// Command: line commands, wing and contingent commands (GBA 4.3; CG 4.5).
    Command,
    /// Movement and formation, of units and leaders (GBA 6; CG 6).
    Movement,
    /// Reactions to an enemy's move: reaction facing, orderly withdrawal, reaction fire (GBA 6.7, 7.2, 8.4).
    Reaction,
    /// Missile fire and harassment (GBA 8; CG 8).
    Missile,
    /// Shock combat: designation, resolution, leaders in combat, advance and breaking off (GBA 9; CG 9).
    Shock,
    /// Rout, rally and the army's withdrawal (GBA 10, 11; CG 10, 11).
    Rout,
    /// Troop types' own rules: chariots, elephants, squares, Tribal stacks (GBA 11; CG 10).
    Troops,
    /// Camps and cities: camp orders, retiring to camp, towers, gates and breaches (CG 12).
    Camps,
    /// The house rules (Mutford B1–B9).
    House,
}

impl Event {
    /// Which part of the rulebook this event belongs to.
    pub fn part(&self) -> Part {
        match self {
            Event::TurnBegan { .. }
            | Event::DieRolled { .. }
            | Event::ActivationOffered { .. }
            | Event::TieOrderSet { .. }
            | Event::LeaderActivated { .. }
            | Event::OrdersPhaseBegan { .. }
            | Event::TrumpTried { .. }
            | Event::TrumpSucceeded { .. }
            | Event::TrumpFailed { .. }
            | Event::TrumpVoided { .. }
            | Event::TrumpResponseOffered { .. }
            | Event::LeadersBypassed { .. }
            | Event::EliteInitiativeOffered { .. }
            | Event::EliteInitiativeTaken { .. }
            | Event::EliteInitiativeEnded { .. }
            | Event::OrdersEnded { .. }
            | Event::MomentumOffered { .. }
            | Event::MomentumGained { .. }
            | Event::DoomOutcome { .. }
            | Event::ReactivationOffered { .. }
            | Event::LeaderFinished { .. }
            | Event::UnitsAndLeadersReadied
            | Event::TurnEnded { .. }
            | Event::DiceSealed { .. }
            | Event::DiceRevealed { .. }
            | Event::PreArrangedOffered { .. }
            | Event::PreArrangedDeclared { .. }
            | Event::PreArrangedRevealed { .. } => Part::Turn,
            Event::LineDeclared { .. }
            | Event::LineMoveEnded { .. }
            | Event::LineRefused { .. }
            | Event::NayakaPassed { .. }
            | Event::WingCommandGiven { .. }
            | Event::NayakaOrdersBegan { .. }
            | Event::WingCommandEnded { .. }
            | Event::ContingentActivated { .. }
            | Event::ContingentCommandEnded { .. } => Part::Command,
            Event::UnitMoved { .. }
            | Event::MoveContinued { .. }
            | Event::FormationChanged { .. }
            | Event::LeaderMoved { .. }
            | Event::LeaderRodeAlong { .. }
            | Event::CohesionHits { .. }
            | Event::UnitRecovered { .. } => Part::Movement,
            Event::ReactionOffered { .. }
            | Event::ReactionFireOffered { .. }
            | Event::ReactionFaced { .. }
            | Event::UnitWithdrew { .. }
            | Event::LineWithdrew { .. }
            | Event::ReactionEnded
            | Event::LeaderWithdrew { .. } => Part::Reaction,
            Event::Harassed { .. }
            | Event::MissileFired { .. }
            | Event::ScreenFired { .. }
            | Event::BowFired { .. }
            | Event::ArtilleryFired { .. }
            | Event::ScreenSupplyChanged { .. }
            | Event::SupplyChanged { .. }
            | Event::MissileResultToBeForced { .. }
            | Event::MissileResultForced { .. }
            | Event::EntryFireDeferred { .. }
            | Event::LineFireOffered { .. } => Part::Missile,
            Event::ShockSegmentBegan { .. }
            | Event::ShockDesignated { .. }
            | Event::ShockResolved { .. }
            | Event::ShockSegmentEnded { .. }
            | Event::ShockResultToBeForced { .. }
            | Event::ShockResultForced { .. }
            | Event::LeaderCasualty { .. }
            | Event::UnitAdvanced { .. }
            | Event::ElephantPassedThrough { .. }
            | Event::PassThroughAttack { .. }
            | Event::RanksParted { .. }
            | Event::FormationAdvanced { .. }
            | Event::UnitWheeledAfterAdvance { .. }
            | Event::AdvanceTurnOffered { .. }
            | Event::UnitTurnedAfterAdvance { .. }
            | Event::EngagedChanged { .. }
            | Event::BrokeOff { .. }
            | Event::TargetLeaderLost { .. }
            | Event::LeaderCaptured { .. } => Part::Shock,
            Event::UnitRouted { .. }
            | Event::RoutChoiceOffered { .. }
            | Event::RoutHexChosen { .. }
            | Event::CascadeRout { .. }
            | Event::FlightChecked { .. }
            | Event::RallyOrdered { .. }
            | Event::UnitRallied { .. }
            | Event::UnitEliminated { .. }
            | Event::BattleEnded { .. } => Part::Rout,
            Event::SquareChanged { .. }
            | Event::ChariotDismounted { .. }
            | Event::Rampaged { .. }
            | Event::RampageWithdrawalOffered { .. }
            | Event::RampageGoesOn { .. }
            | Event::TribalStacked { .. }
            | Event::TribalStackSwapped { .. } => Part::Troops,
            Event::CampOrdersBegan { .. }
            | Event::RetireDeclared { .. }
            | Event::RetireChecked { .. }
            | Event::RetireArrived { .. }
            | Event::CampOrdersEnded { .. }
            | Event::BreachAttemptBegun { .. }
            | Event::BreachRolled { .. }
            | Event::TowerAttackRolled { .. }
            | Event::CityGateRolled { .. }
            | Event::GateShot { .. } => Part::Camps,
            Event::OutOfSightOrder { .. }
            | Event::CommandBroken { .. }
            | Event::BrokenCommandCheck { .. }
            | Event::TemperamentRolled { .. }
            | Event::BarbarianOrderRolled { .. }
            | Event::LevyBalked { .. }
            | Event::SweptAlong { .. }
            | Event::FriendStruck { .. }
            | Event::EagerHeldBack { .. }
            | Event::Surged { .. }
            | Event::LostWay { .. } => Part::House,
        }
    }
}

impl GameState {
    /// A city gate struck (CG 12.32, 12.35): Damaged, or Breached (and so no longer Damaged).
    fn gate_struck(&mut self, (a, b): (HexId, HexId), result: GateResult) {
        let side = if a < b { (a, b) } else { (b, a) };
        match result {
            GateResult::Held => {}
            GateResult::Damaged => {
                if !self.damaged_gates.contains(&side) {
                    self.damaged_gates.push(side);
                }
            }
            GateResult::Breached => {
                self.damaged_gates.retain(|g| *g != side);
                if !self.breaches.contains(&side) {
                    self.breaches.push(side);
                }
            }
        }
    }

    /// CG 6.74: `above` is now the top unit of its Tribal stack, `below` the bottom one.
    fn restack(&mut self, above: &str, below: &str) {
        self.tribal_bottoms.retain(|b| b != above);
        if !self.tribal_bottoms.iter().any(|b| b == below) {
            self.tribal_bottoms.push(below.to_string());
        }
    }

    /// Firing instead of moving is the unit's order (8.11); ordered fire discharges a trumper's
    /// duty (5.46, CG D21, R11).
    fn ordered_fire(&mut self, id: &str) {
        if let Phase::Orders { orders_left, ordered, line, must_act, .. } = &mut self.phase {
            *must_act = false;
            if !ordered.iter().any(|o| o == id) {
                if line.is_none() {
                    *orders_left = orders_left.saturating_sub(1);
                }
                ordered.push(id.to_string());
            }
        }
    }

    /// An orders phase begins: `id`'s (CG 12.17: the Camp Orders Phase has no leader, "").
    /// Every per-phase mark is reset.
    fn begin_orders_phase(
        &mut self,
        scenario: &Scenario,
        enemy_zoc: EnemyZoc,
        id: &str,
        orders: u8,
        momentum: bool,
        must_act: bool,
    ) {
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        if let Some(i) = leader(id) {
            self.leaders[i].succession += 1;
        }
        // Every leader has 9 MP in each orders phase, and may be moved once by the
        // overall commander in it (6.15, 4.4).
        for l in &mut self.leaders {
            l.mp_used = 0;
            l.moved_by_overall = false;
        }
        // CG 7.16: who began the movement segment in an enemy ZOC may not react (D41).
        let record = crate::scenario::rule_set::hooks(scenario.meta.rules).reaction_facing.barred_if_started_in_zoc;
        let zocs =
            if record { [enemy_zoc(scenario, self, 0), enemy_zoc(scenario, self, 1)] } else { Default::default() };
        for (i, u) in self.units.iter_mut().enumerate() {
            let zoc = &zocs[scenario.units[i].side];
            u.zoc_at_orders_start = !u.eliminated && u.placement.hexes().any(|h| zoc.contains_key(&h));
            u.reacted = false;
            u.fired = false;
            // G39: a Yantra's or Jamadagnya's Fired marker goes at the end of every
            // orders phase (nothing of it is used in between); the Sarvatobhadra's in D5.
            if scenario.units[i].engine != Some(crate::scenario::units::Engine::Sarvatobhadra) {
                u.artillery_shots = 0;
            }
            u.order_start = None;
            u.order_mp = 0;
            u.order_hexes = 0;
            u.may_move_on = false;
            u.withdrawal_volleys.clear();
            u.entry_volleys.clear();
            u.column_at_start = u.column;
            u.withdrew_alone = false;
        }
        self.phase = Phase::Orders {
            leader: id.to_string(),
            orders_left: orders,
            ordered: Vec::new(),
            momentum,
            must_act,
            line: None,
            line_refused: false,
            wing: None,
            lenders: Vec::new(),
            line_entries: Vec::new(),
            line_moved: false,
        };
    }

    /// Applies one event. Events come from the rules, which checked them; an event naming
    /// something that does not exist is ignored rather than trusted.
    pub fn apply_with(&mut self, scenario: &Scenario, event: &Event, enemy_zoc: EnemyZoc) {
        match event.part() {
            Part::Turn => self.apply_turn(scenario, event, enemy_zoc),
            Part::Command => self.apply_command(scenario, event),
            Part::Movement => self.apply_movement(scenario, event),
            Part::Reaction => self.apply_reaction(scenario, event),
            Part::Missile => self.apply_missile(scenario, event),
            Part::Shock => self.apply_shock(scenario, event),
            Part::Rout => self.apply_rout(scenario, event),
            Part::Troops => self.apply_troops(scenario, event),
            Part::Camps => self.apply_camps(scenario, event, enemy_zoc),
            Part::House => self.apply_house(scenario, event),
        }
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        // CG 12.31 (rulings P175): an elephant that moved, turned, routed or fell gives up its
        // breach attempt.
        if !self.breach_attempts.is_empty() {
            let units = &self.units;
            self.breach_attempts.retain(|a| {
                unit(&a.unit).is_some_and(|i| {
                    let u = &units[i];
                    !u.eliminated && !u.routed && u.placement == a.placement && u.facing == a.facing
                })
            });
        }
        // CG 12.213, 12.26: in a city, who holds each gate and who faces all round follow from
        // where the units stand after every event.
        if scenario.map.city.is_some() {
            self.gate_holders = self.gate_holders_now(scenario);
            for i in 0..self.units.len() {
                self.units[i].all_round = self.in_city_buildings(scenario, i);
            }
        }
    }
}
