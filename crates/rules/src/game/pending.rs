//! The data of decisions and procedures left open in the state: a move paused for the other
//! side's reaction, a rout or rampage waiting on its owner's choice, a line's units still to
//! move, a retirement under way. The rules that open and close them live with their rules
//! (named on each type); the kernel only stores them.

use crate::map::hex::{HexId, Hexside};
use crate::scenario::units::Placement;
use serde::{Deserialize, Serialize};

// From `combat::line_entry`.
/// An enemy missile unit that may fire at `target`, a unit of the moving line that came into
/// its ZOC (8.21).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineEntry {
    pub firer: String,
    pub target: String,
}

// From `combat::line_entry`.
/// The pause after a line's move (8.21): the entry volleys owed, the line's leader, and whether
/// his orders phase then ends (he ended his orders with the fire still owed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineFire {
    pub leader: String,
    pub entries: Vec<LineEntry>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub end_orders: bool,
}

// From `movement::reaction`.
/// The reactions still owed after a shock segment (9.35): the units that advanced, in order,
/// and the leader whose orders phase then ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfterShock {
    pub leader: String,
    pub advances: Vec<Advance>,
}

// From `movement::reaction`.
/// A unit that advanced after combat, and the hex it came from (9.31); a two-hex unit, the
/// pose it came from and whether it wheeled there (9.33).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advance {
    pub unit: String,
    pub from: HexId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub two_hex: Option<Placement>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wheeled: bool,
}

// From `combat::fire`.
/// What a reaction volley answers (8.21–8.23).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionFire {
    /// The enemy came into the firer's ZOC: range 1 (8.21).
    #[default]
    Entry,
    /// The enemy is leaving the firer's ZOC: always range 2 (8.22).
    Retire,
    /// The enemy fired at it: back at the firer (8.23).
    Return,
    /// The enemy is harassing it, or passing beside it to harass: range 1, at the same time
    /// as the harasser's own fire (8.33).
    Harass,
}

// From `combat::harassment`.
/// A harassment under way, waiting on the other side's fire (8.33): its target and the path it
/// traced to the hex beside the target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Harassment {
    pub target: String,
    pub path: Vec<HexId>,
}

// From `effects::cohesion`.
/// A rout move waiting for its owner's choice between hexes the rules rank equal (GBA 10.21
/// "the owner chooses", P34, P35, P120): nothing of it has happened yet; the planner is run
/// again with `chosen` and the answer, and stops at the next tie, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingRout {
    pub unit: String,
    pub leg: RoutLeg,
    /// The rule its events cite (10.21, 9.18, 10.22, 10.27).
    pub rule: String,
    /// The owner's answers at the earlier ties of this move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<Placement>,
    /// The poses tied at this one, by hex id.
    pub options: Vec<Placement>,
    /// Not a rout: the step back of an Engaged unit that cannot shock, to one of the free hexes
    /// equally far from those it is locked with (10.32, P90).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub break_off: bool,
}

// From `effects::cohesion`.
crate::tagged_enum! { tag = "after";
/// What was still to happen when a rout stopped for its owner's choice (P120): explicit data,
/// carried out once the choice is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum AfterRout {
    /// Only the settling of hits that ends every command (P39): the command's own work is done.
    Settle,
    /// The rest of a shock segment (P40): its other routs, the settling, each combat's
    /// pass-through, advances and Engaged, the end of the segment, the advancers' turns.
    Shock(Box<ShockRest>),
    /// The rest of the Rout Movement segment from unit `next` (10.22), then the end of the turn.
    RoutSegment { next: usize },
    /// `leader`'s shock segment opens (after a break-off hex is chosen, 10.32, P90), or if no one
    /// may attack, his orders phase ends as usual (9.0, 5.3).
    BeginShock { leader: String },
}
}

// From `special::rampage`.
/// A rampage under way: everything needed to go on with it after a pause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rampage {
    pub unit: String,
    /// Direction rolls made so far.
    pub rolls: u8,
    /// The unit that caused it, fixed when it began (GBA 11.14 "directly away from").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
    /// The leg it is part-way along, if it stopped in the middle of one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leg: Option<Leg>,
    /// CG 11.23: the commander's elephant broke; the cascade comes once the rampage is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cascade: Option<Cascade>,
    /// Leaders offered a withdrawal from it so far (4.62, 6.77): one still in the hex it runs
    /// into had his chance and stayed, and is killed (11.14, CG 10.14; P74, P191).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked: Vec<String>,
}

// From `works::camp_orders`.
/// One side's Camp Orders Phase (CG 12.17).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampOrders {
    pub side: usize,
    /// The units that may act: leaderless camp units that had not moved this turn, and engines.
    pub units: Vec<String>,
    /// The other side's phase, still to come, with its units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<(usize, Vec<String>)>,
}

// From `works::retire`.
/// One overall commander's declared retire to his camp or city.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retire {
    pub leader: String,
    /// Index of the camp in the map's camps (0, unused, for the city).
    pub camp: usize,
    /// CG 12.4: to the map's city instead of a camp.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub city: bool,
    pub stage: Stage,
}

// From `works::retire`.
/// How far a declared retire has gone (CG 12.42–12.44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Declared; a die at the start of each of his activations may set it off (12.43).
    Declared,
    /// Set off: individual orders only, and he rides for the royal enclosure (12.44[1]).
    Triggered,
    /// He is in the royal enclosure, and stays (12.44[2]).
    Arrived,
}

// From `scenario::battles::darius`.
/// What is left of a leader's own move paused for Darius (9.24, P128).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderMove {
    /// The active leader whose orders phase it is (his orders end if he is hurt, 9.22).
    pub by: String,
    /// The hexes still to enter.
    pub remaining: Vec<HexId>,
    /// Moved on the overall commander's order (4.4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_overall: bool,
}

// From `works::camp_orders`.
/// The leader id the Camp Orders Phase carries where an orders phase names its leader: none.
pub const NO_LEADER: &str = "";

// From `special::rampage`.
/// The leg of a rampage under way: its roll, the hexside it heads across, the hexes still to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leg {
    pub roll: u8,
    pub heading: Hexside,
    pub left: u8,
}

// From `effects::rout`.
/// How far the router goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutLeg {
    /// A number of hexes, no MP counted: the initial rout move is 2 (GBA 10.21, CG 11.22); so is
    /// the "R" result of the Rally Table (GBA 10.33 text, digest G6).
    Hexes(u8),
    /// The Rout Movement segment (GBA 10.22, CG 11.24): the full printed MA, paying terrain MP
    /// but no cohesion hits; two-hex PH/HI are eliminated instead. A failed rally moves the same
    /// way (GBA 10.27, digest G6).
    Segment,
}

// From `combat::shock_segment`.
/// One combat: its attackers and defenders (scenario indices).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Combat {
    pub attackers: Vec<usize>,
    pub defenders: Vec<usize>,
}

// From `combat::shock_segment`.
/// A combat struck, its routs and advances still to come: the hexes its defenders held and where
/// each of its units stood, the units its procedure routs below their TQ (9.13, 9.18), and
/// whether Greek ranks parted for chariots instead of fighting (CG 10.27).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Struck {
    pub k: usize,
    pub combat: Combat,
    pub held: Vec<HexId>,
    pub before: Vec<(usize, Placement)>,
    pub stand_failed: Vec<usize>,
    pub parted: bool,
    /// GBA 9.13, 9.31 (P240): each attacker and a hex a defender left by routing on its
    /// pre-shock check, which that attacker may not advance into: at the moment of that rout
    /// another enemy was in its ZOC or had it in his.
    #[serde(default)]
    pub barred: Vec<(usize, HexId)>,
}

// From `combat::shock_segment`.
/// A shock segment whose combats are struck, from its routs on (P40): what is still to happen,
/// kept as data while a rout waits for its owner's choice (P120).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShockRest {
    pub leader: String,
    pub struck: Vec<Struck>,
    /// The units the combats' procedures rout below their TQ, still to rout (9.13, 9.18).
    pub routs: Vec<usize>,
    /// The defenders of the combats struck, whose columns revert at the segment's end (6.66).
    pub attacked: Vec<String>,
}

// From `special::indian`.
/// An elephant or chariot carrying an Indian overall or wing commander routs: who and where,
/// taken before it moves (CG 11.23).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cascade {
    pub carrier: usize,
    pub leader: usize,
    pub hexes: Vec<HexId>,
}
