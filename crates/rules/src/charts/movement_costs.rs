//! Movement Costs chart (GBA 6.29, CG 6.29) as data: MP and cohesion hits for entering a hex,
//! crossing a hexside, changing elevation and changing facing.
//!
//! The books name this chart but do not print it. The values are the proposal of
//! `shared/rules/charts-draft.md` §6: every cell says whether a rule fixes it
//! ([`Origin::Recovered`], with the rule) or the project chose it ([`Origin::Designed`]). A cell
//! is marked recovered when a rule fixes any part of it (its MP, its hits or whether it is
//! allowed at all); the origin text names that part and everything it does not name is designed.
//! The reasons are in `docs/charts/movement-and-stacking.md`.
//!
//! What the movement engine applies on top of these tables (the helpers below do the arithmetic):
//! * hits are taken the moment the hex is entered (GBA 6.22, CG 6.22); leaders use the cavalry
//!   column and never take hits (GBA 4.1, 6.22; [`leader_cost`]);
//! * a two-hex unit pays the higher of its two halves, hits counted once (GBA 6.42; [`two_hex`]);
//! * a unit In Column takes one hit fewer per hex entered, never below 0 (GBA 6.62, CG 6.52;
//!   [`in_column`]);
//! * routed units moving in the Rout segment take no terrain hits (GBA 10.22, 10.26);
//! * a unit needs MP for the whole cost of a hex or it may not enter it (GBA 6.25).

use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::rule_set::{FacingRule, RoughTurnSpares};
use crate::scenario::units::{Grade, Unit, UnitClass, UnitType};
use std::ops::Add;

/// The columns of the chart (charts-draft §6 "Categories").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveCategory {
    /// 2H: two-hex foot: PH, HI class HO, LP class CA (GBA 6.41).
    TwoHexFoot,
    /// HF: one-hex formed foot: HI hypaspists, one-hex HI without a class, MI.
    FormedFoot,
    /// LF: light foot: LI, one-hex LP.
    LightFoot,
    /// SK: SK and SK*.
    Skirmisher,
    /// CAV: LC, LN, HC (cataphracts included). Also leaders ([`MoveCategory::LEADER`]).
    Cavalry,
    /// EL.
    Elephant,
    /// CH: CH and CH*.
    Chariot,
    /// AT.
    Artillery,
}

impl MoveCategory {
    /// The chart's columns, in table order.
    pub const ALL: [MoveCategory; 8] = [
        Self::TwoHexFoot,
        Self::FormedFoot,
        Self::LightFoot,
        Self::Skirmisher,
        Self::Cavalry,
        Self::Elephant,
        Self::Chariot,
        Self::Artillery,
    ];

    /// Leaders move with cavalry costs and never take hits (GBA 4.1).
    pub const LEADER: MoveCategory = MoveCategory::Cavalry;

    /// charts-draft §6 categories: 2H two-hex foot (PH, HI/HO, LP/CA); HF one-hex formed foot (HI
    /// hypaspists, one-hex HI without class, MI); LF light foot (LI, one-hex LP); SK (SK, SK*);
    /// CAV (LC, LN, HC incl. Cat); EL; CH (CH, CH*); AT.
    ///
    /// A foot unit is two-hex when `two_hex` is set or when its type/class is one of the two-hex
    /// forms (PH, HI/HO, LP/CA); the loader keeps the two in step (rulings P2). CG Tribal LI use
    /// the SK column for elevation and slopes (CG 6.23): that needs the grade, so the caller
    /// passes [`MoveCategory::Skirmisher`] to [`elevation_cost`] for them.
    pub fn of(kind: UnitType, class: Option<UnitClass>, two_hex: bool) -> Self {
        use UnitType::*;
        let two_hex_form = matches!((kind, class), (PH, _) | (HI, Some(UnitClass::HO)) | (LP, Some(UnitClass::CA)));
        match kind {
            PH => Self::TwoHexFoot,
            HI | MI | LI | LP if two_hex || two_hex_form => Self::TwoHexFoot,
            HI | MI => Self::FormedFoot,
            LI | LP => Self::LightFoot,
            SK | SkStar => Self::Skirmisher,
            LC | LN | HC => Self::Cavalry,
            EL => Self::Elephant,
            CH | ChStar => Self::Chariot,
            AT => Self::Artillery,
        }
    }

    /// The column of a unit as the scenario places it.
    pub fn of_unit(unit: &Unit) -> Self {
        Self::of(unit.kind, unit.class, unit.placement.is_two_hex())
    }

    /// The chart's column heading.
    pub fn code(self) -> &'static str {
        match self {
            Self::TwoHexFoot => "2H",
            Self::FormedFoot => "HF",
            Self::LightFoot => "LF",
            Self::Skirmisher => "SK",
            Self::Cavalry => "CAV",
            Self::Elephant => "EL",
            Self::Chariot => "CH",
            Self::Artillery => "AT",
        }
    }
}

/// What a move, a crossing or a turn costs: movement points and cohesion hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cost {
    pub mp: u8,
    pub hits: u8,
}

impl Cost {
    pub const ZERO: Cost = Cost { mp: 0, hits: 0 };

    pub const fn new(mp: u8, hits: u8) -> Self {
        Self { mp, hits }
    }
}

impl Add for Cost {
    type Output = Cost;

    fn add(self, other: Cost) -> Cost {
        Cost { mp: self.mp.saturating_add(other.mp), hits: self.hits.saturating_add(other.hits) }
    }
}

pub use super::Origin;

/// One cell of the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub mp: u8,
    pub hits: u8,
    /// `false`: the category may not enter / cross (MP and hits are then 0 and meaningless).
    pub allowed: bool,
    pub origin: Origin,
}

impl Cell {
    /// The cost, or `None` when prohibited.
    pub const fn cost(&self) -> Option<Cost> {
        if self.allowed {
            Some(Cost::new(self.mp, self.hits))
        } else {
            None
        }
    }
}

const fn ok(mp: u8, hits: u8, origin: Origin) -> Cell {
    Cell { mp, hits, allowed: true, origin }
}

const fn no(origin: Origin) -> Cell {
    Cell { mp: 0, hits: 0, allowed: false, origin }
}

const D: Origin = Origin::Designed;
const PD: Cell = no(D);

// The rules behind the recovered cells.
const R_CLEAR: Origin = Origin::Recovered("GBA 6.21; CG 6.62 examples 1-2: 1 MP (no hits: designed)");
const R_WOODS_FOOT: Origin = Origin::Recovered("GBA 6.21 and its Issus hoplite example: 2 MP for foot (hits designed)");
const R_WOODS_EL: Origin = Origin::Recovered("CG 6.34: an elephant takes 1 hit entering forest (MP designed)");
const R_ONE_MP: Origin = Origin::Recovered("GBA 10.27: one of the 1 MP hexes (hits designed)");
const R_ONE_MP_RIVER: Origin =
    Origin::Recovered("GBA 10.27: one of the 1 MP hexes; it lies at level 1, GBA 6.23 (hits designed)");
const R_WALL: Origin = Origin::Recovered("GBA 6.26; CG 12.21: no unit crosses a city wall");
const R_GATE: Origin = Origin::Recovered("GBA 6.26: a Pelium gate is crossed at no cost");
const R_CAV_TWO: Origin = Origin::Recovered("GBA 6.23; CG 6.23: cavalry never change two levels in one hex");
const R_CH_TWO: Origin = Origin::Recovered("CG 6.23: chariots never change two levels in one hex");
const R_SK_ONLY: Origin = Origin::Recovered("GBA 6.23: only skirmishers change three levels in one hex");
const R_SK_THREE: Origin = Origin::Recovered("GBA 6.23: three levels cost a skirmisher 3 hits (MP designed)");
const R_SK_SHEER: Origin =
    Origin::Recovered("GBA 6.23: only skirmishers; 3 hits for three levels (MP and per-level hits designed)");
const R_LEVEL: Origin = Origin::Recovered("GBA 6.21: extra MP only for a hex of another elevation");
const R_BEYOND: Origin = Origin::Recovered("GBA 6.23: three levels is the most any unit changes in one hex");
const R_UP_HOPLITE: Origin = Origin::Recovered("GBA 6.21 hoplite example: +1 MP for one level up (hits designed)");
const R_UP_FOOT: Origin = Origin::Recovered("GBA 6.21 (most units): +1 MP for one level up (hits designed)");
const R_UP_LI: Origin = Origin::Recovered("CG 6.62 example 2: light infantry +1 MP for one level up (hits designed)");
const R_CAMP_INF: Origin = Origin::Recovered("CG 12.11: infantry may cross (costs designed)");
const R_CAMP_NONINF: Origin = Origin::Recovered("CG 12.11, 12.14: only infantry cross this camp hexside");
const R_CAMP_FORT: Origin =
    Origin::Recovered("CG 12.14: cavalry, chariots and elephants cross a fortified hexside only at a gate");
const R_CAMP_GATE: Origin = Origin::Recovered("CG 12.11, 12.14: every unit may pass a camp gate (costs designed)");
const R_TOWER_MOUNTED: Origin = Origin::Recovered("CG 12.14: cavalry, chariots and elephants never enter a camp tower");
const R_TOWER_FORMED: Origin =
    Origin::Recovered("CG 12.11: a camp tower holds missile units and artillery, not formed foot (ruling P170)");
const R_TOWER_MISSILE: Origin = Origin::Recovered(
    "CG 12.11: a camp tower holds missile units and artillery (light foot only if missile-armed, P170; MP designed)",
);

const R_STREET: Origin = Origin::Recovered("CG 12.23 example, T15: 2 MP for a street or square hex (hits designed)");
const R_BLOCK: Origin = Origin::Recovered("CG 12.23 example, T15: 3 MP for block terrain (hits designed)");
const R_BLOCK_DOUBLE: Origin = Origin::Recovered("CG 12.22: no double-size unit enters block terrain");
const R_BLOCK_FOOT: Origin = Origin::Recovered("CG 12.22, 12.24: only foot units enter block terrain");
const R_CITY_GATE: Origin =
    Origin::Recovered("CG 12.21, 12.213: a city gate is the way through the wall (costs designed)");

/// A street or square hex of a CG city entered by street movement (CG 12.23; T15): 2 MP, no
/// hits. The double-size column takes a hit (designed: a phalanx files through lanes). Entered any
/// other way a street hex costs its block row ([`CITY_BLOCK`]; `city::entry_terrain`).
const CITY_STREET: [Cell; 8] = [
    ok(2, 1, R_STREET),
    ok(2, 0, R_STREET),
    ok(2, 0, R_STREET),
    ok(2, 0, R_STREET),
    ok(2, 0, R_STREET),
    ok(2, 0, R_STREET),
    ok(2, 0, R_STREET),
    ok(2, 0, R_STREET),
];

/// Block terrain of a CG city, temple and palace included (CG 12.21, 12.22; T15): 3 MP for foot
/// only; formed foot take a hit in the crowded houses (designed), light foot and skirmishers none.
/// Artillery is no foot: it stays in the streets like the mounted arms (designed reading of 12.22).
pub const CITY_BLOCK: [Cell; 8] = [
    no(R_BLOCK_DOUBLE),
    ok(3, 1, R_BLOCK),
    ok(3, 0, R_BLOCK),
    ok(3, 0, R_BLOCK),
    no(R_BLOCK_FOOT),
    no(R_BLOCK_FOOT),
    no(R_BLOCK_FOOT),
    no(R_BLOCK_FOOT),
];

/// Cost of entering a hex, by terrain; columns in [`MoveCategory::ALL`] order
/// (2H, HF, LF, SK, CAV, EL, CH, AT). Rows in [`Terrain::ALL`] order.
pub const HEXES: [(Terrain, [Cell; 8]); 17] = [
    (Terrain::Clear, [ok(1, 0, R_CLEAR); 8]),
    (
        Terrain::Woods,
        [
            ok(2, 1, R_WOODS_FOOT),
            ok(2, 1, R_WOODS_FOOT),
            ok(2, 0, R_WOODS_FOOT),
            ok(2, 0, R_WOODS_FOOT),
            ok(3, 1, D),
            ok(2, 1, R_WOODS_EL),
            PD,
            PD,
        ],
    ),
    (Terrain::Marsh, [ok(3, 2, D), ok(3, 1, D), ok(2, 1, D), ok(2, 0, D), ok(3, 2, D), ok(3, 1, D), PD, PD]),
    (
        Terrain::Rocky,
        [
            ok(1, 1, R_ONE_MP),
            ok(1, 1, R_ONE_MP),
            ok(1, 0, R_ONE_MP),
            ok(1, 0, R_ONE_MP),
            ok(1, 1, R_ONE_MP),
            ok(1, 0, D),
            PD,
            PD,
        ],
    ),
    // Generic broken ground: not a GBA terrain; costed like Rocky, every cell designed.
    (Terrain::Rough, [ok(1, 1, D), ok(1, 1, D), ok(1, 0, D), ok(1, 0, D), ok(1, 1, D), ok(1, 0, D), PD, PD]),
    (Terrain::RockyRiverbed, [ok(2, 1, D), ok(2, 1, D), ok(1, 0, D), ok(1, 0, D), ok(2, 1, D), ok(2, 0, D), PD, PD]),
    (
        Terrain::MajorRiver,
        [
            ok(1, 2, R_ONE_MP_RIVER),
            ok(1, 1, R_ONE_MP_RIVER),
            ok(1, 1, R_ONE_MP_RIVER),
            ok(1, 0, R_ONE_MP_RIVER),
            ok(1, 1, R_ONE_MP_RIVER),
            ok(1, 0, D),
            PD,
            PD,
        ],
    ),
    (Terrain::Town, [PD, ok(2, 1, D), ok(2, 0, D), ok(1, 0, D), ok(2, 1, D), ok(2, 1, D), PD, ok(2, 0, D)]),
    // CG camp hex, Third to First Enclosure: the crowding of CG 12.1's design note.
    (
        Terrain::Camp,
        [ok(2, 0, D), ok(2, 0, D), ok(2, 0, D), ok(1, 0, D), ok(2, 0, D), ok(2, 0, D), ok(2, 0, D), ok(2, 0, D)],
    ),
    (Terrain::Stronghold, [PD, ok(2, 1, D), ok(2, 0, D), ok(1, 0, D), PD, PD, PD, PD]),
    // Sea or lake: off-limits to every unit and leader (Terrain::is_impassable).
    (Terrain::Water, [PD; 8]),
    // CG camp tower (CG 12.11, 12.14; ruling P170): the camp hex's 2 MP, no hits, for the
    // missile-armed light foot, skirmishers and engines it holds; the light-foot column's
    // "missile-armed" is the engine's check (`camp::tower_refusal`).
    (
        Terrain::CampTower,
        [
            no(R_TOWER_FORMED),
            no(R_TOWER_FORMED),
            ok(2, 0, R_TOWER_MISSILE),
            ok(2, 0, R_TOWER_MISSILE),
            no(R_TOWER_MOUNTED),
            no(R_TOWER_MOUNTED),
            no(R_TOWER_MOUNTED),
            ok(2, 0, R_TOWER_MISSILE),
        ],
    ),
    // The city of CG 12.2 (T15).
    (Terrain::CityStreet, CITY_STREET),
    (Terrain::CitySquare, CITY_STREET),
    (Terrain::CityBlock, CITY_BLOCK),
    (Terrain::Temple, CITY_BLOCK),
    (Terrain::Palace, CITY_BLOCK),
];

/// Extra cost of crossing a hexside, added to the cost of the hex entered; rows in
/// [`HexsideFeature::ALL`] order. For the CG camp hexsides (Berm … Wagons) this is the cost of
/// crossing *into* the camp (towards its centre); [`CAMP_OUTWARD`] has the way out (CG 12.12).
pub const HEXSIDES: [(HexsideFeature, [Cell; 8]); 15] = [
    (
        HexsideFeature::Stream,
        [ok(1, 1, D), ok(1, 0, D), ok(0, 0, D), ok(0, 0, D), ok(1, 0, D), ok(0, 0, D), ok(1, 1, D), ok(1, 0, D)],
    ),
    // 2H/HF hits: river 1 + woods 1 = the 2 hits of the GBA 6.62 example (1 In Column).
    (
        HexsideFeature::MinorRiver,
        [ok(1, 1, D), ok(1, 1, D), ok(1, 1, D), ok(1, 0, D), ok(1, 1, D), ok(1, 0, D), ok(2, 2, D), PD],
    ),
    (
        HexsideFeature::SteepBankedStream,
        [ok(1, 2, D), ok(1, 1, D), ok(1, 1, D), ok(1, 0, D), ok(2, 1, D), ok(1, 1, D), PD, PD],
    ),
    (HexsideFeature::SteepBank, [ok(1, 1, D), ok(1, 1, D), ok(1, 0, D), ok(0, 0, D), ok(1, 1, D), ok(1, 1, D), PD, PD]),
    // The same cells as a two-level change (ELEVATION, LevelChange::Two): it replaces the
    // per-level cost, see entry_cost.
    (
        HexsideFeature::SteepSlope,
        [ok(2, 2, D), ok(2, 1, D), ok(1, 1, D), ok(1, 0, D), no(R_CAV_TWO), PD, no(R_CH_TWO), PD],
    ),
    // SK: +2 MP and 1 hit per level changed (3 for three levels); see entry_cost.
    (
        HexsideFeature::SheerSlope,
        [
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            ok(2, 1, R_SK_SHEER),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
        ],
    ),
    (HexsideFeature::Wall, [no(R_WALL); 8]),
    // Only if no enemy unit is in the gate hex: see hexside_cost.
    (HexsideFeature::Gate, [ok(0, 0, R_GATE); 8]),
    // CG 12.213: only its controller crosses an unbreached city gate (the engine checks it).
    // 1 MP and a hit, none for skirmishers and artillery; In Column takes a hit fewer, so a
    // column passes unshaken (CG 12.25: gates are best used In Column). No double-size unit
    // passes the narrow gate (designed, as the block rule of 12.22 keeps it out of the houses).
    (
        HexsideFeature::CityGate,
        [
            PD,
            ok(1, 1, R_CITY_GATE),
            ok(1, 1, R_CITY_GATE),
            ok(1, 0, R_CITY_GATE),
            ok(1, 1, R_CITY_GATE),
            ok(1, 1, R_CITY_GATE),
            ok(1, 1, R_CITY_GATE),
            ok(1, 0, R_CITY_GATE),
        ],
    ),
    (
        HexsideFeature::Berm,
        [
            PD,
            ok(2, 1, R_CAMP_INF),
            ok(2, 1, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    (
        HexsideFeature::Palisade,
        [
            PD,
            ok(3, 1, R_CAMP_INF),
            ok(3, 1, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    (
        HexsideFeature::Moat,
        [PD, ok(1, 1, D), ok(1, 1, D), ok(1, 0, D), no(R_CAMP_FORT), no(R_CAMP_FORT), no(R_CAMP_FORT), PD],
    ),
    (
        HexsideFeature::Thorns,
        [
            PD,
            ok(2, 1, R_CAMP_INF),
            ok(2, 1, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    (
        HexsideFeature::Wagons,
        [
            PD,
            ok(2, 0, R_CAMP_INF),
            ok(2, 0, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    // The camp gate (CG 12.11, 12.12, 12.14): the same both ways; the only way into a camp for
    // cavalry, chariots and elephants.
    (
        HexsideFeature::CampGate,
        [
            ok(1, 1, R_CAMP_GATE),
            ok(1, 1, R_CAMP_GATE),
            ok(1, 1, R_CAMP_GATE),
            ok(1, 0, R_CAMP_GATE),
            ok(1, 1, R_CAMP_GATE),
            ok(1, 1, R_CAMP_GATE),
            ok(1, 1, R_CAMP_GATE),
            ok(1, 1, R_CAMP_GATE),
        ],
    ),
];

/// CG camp hexsides crossed *out of* the camp (away from its centre; CG 12.12: easier from
/// within). Who may cross is as in [`HEXSIDES`].
pub const CAMP_OUTWARD: [(HexsideFeature, [Cell; 8]); 5] = [
    (
        HexsideFeature::Berm,
        [
            PD,
            ok(1, 0, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    (
        HexsideFeature::Palisade,
        [
            PD,
            ok(2, 1, R_CAMP_INF),
            ok(2, 1, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    (
        HexsideFeature::Moat,
        [PD, ok(1, 1, D), ok(1, 1, D), ok(1, 0, D), no(R_CAMP_FORT), no(R_CAMP_FORT), no(R_CAMP_FORT), PD],
    ),
    (
        HexsideFeature::Thorns,
        [
            PD,
            ok(1, 1, R_CAMP_INF),
            ok(1, 1, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
    (
        HexsideFeature::Wagons,
        [
            PD,
            ok(1, 0, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            ok(1, 0, R_CAMP_INF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
            no(R_CAMP_NONINF),
        ],
    ),
];

/// The change of elevation between the hex left and the hex entered (GBA 6.21, 6.23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LevelChange {
    /// Same level.
    Level,
    Up1,
    Down1,
    /// Two levels up or down: treated as a Steep Slope (GBA 6.23).
    Two,
    /// Three levels up or down: as a Sheer Slope, skirmishers only (GBA 6.23).
    Three,
    /// Four or more: nobody.
    Beyond,
}

impl LevelChange {
    /// Rows in [`ELEVATION`] order.
    pub const ALL: [LevelChange; 6] = [Self::Level, Self::Up1, Self::Down1, Self::Two, Self::Three, Self::Beyond];

    pub fn between(from: u8, to: u8) -> Self {
        match (to.abs_diff(from), to > from) {
            (0, _) => Self::Level,
            (1, true) => Self::Up1,
            (1, false) => Self::Down1,
            (2, _) => Self::Two,
            (3, _) => Self::Three,
            _ => Self::Beyond,
        }
    }

    /// Levels changed (4 stands for "four or more").
    pub fn levels(self) -> u8 {
        match self {
            Self::Level => 0,
            Self::Up1 | Self::Down1 => 1,
            Self::Two => 2,
            Self::Three => 3,
            Self::Beyond => 4,
        }
    }
}

/// Extra cost of a change of elevation, per hex entered; rows in [`LevelChange::ALL`] order.
/// Two and three levels take the Steep / Sheer Slope cells, which replace the per-level cost.
pub const ELEVATION: [(LevelChange, [Cell; 8]); 6] = [
    (LevelChange::Level, [ok(0, 0, R_LEVEL); 8]),
    (
        LevelChange::Up1,
        [
            ok(1, 0, R_UP_HOPLITE),
            ok(1, 0, R_UP_FOOT),
            ok(1, 0, R_UP_LI),
            ok(0, 0, D),
            ok(1, 0, D),
            ok(1, 0, D),
            ok(1, 1, D),
            ok(1, 0, D),
        ],
    ),
    (
        LevelChange::Down1,
        [ok(0, 0, D), ok(0, 0, D), ok(0, 0, D), ok(0, 0, D), ok(0, 0, D), ok(0, 0, D), ok(1, 1, D), ok(1, 0, D)],
    ),
    (LevelChange::Two, [ok(2, 2, D), ok(2, 1, D), ok(1, 1, D), ok(1, 0, D), no(R_CAV_TWO), PD, no(R_CH_TWO), PD]),
    (
        LevelChange::Three,
        [
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            ok(2, 3, R_SK_THREE),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
            no(R_SK_ONLY),
        ],
    ),
    (LevelChange::Beyond, [no(R_BEYOND); 8]),
];

fn hex_cell(cat: MoveCategory, terrain: Terrain) -> Cell {
    HEXES[terrain as usize].1[cat as usize]
}

fn hexside_cell(cat: MoveCategory, feature: HexsideFeature, crossing: Crossing) -> Cell {
    let outward = match crossing {
        Crossing::Outward => CAMP_OUTWARD.iter().find(|(f, _)| *f == feature),
        Crossing::Inward => None,
    };
    outward.unwrap_or(&HEXSIDES[feature as usize]).1[cat as usize]
}

fn elevation_cell(cat: MoveCategory, change: LevelChange) -> Cell {
    ELEVATION[change as usize].1[cat as usize]
}

/// Cost of ENTERING a hex of this terrain (GBA 6.21, 6.22, 6.29); None = prohibited.
pub fn hex_cost(cat: MoveCategory, terrain: Terrain) -> Option<Cost> {
    hex_cell(cat, terrain).cost()
}

/// Which way a camp hexside is crossed (CG 12.12). Only the camp hexsides care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Crossing {
    /// Towards the camp's centre (from outside an enclosure into it), and every non-camp crossing.
    Inward,
    /// From inside an enclosure out of it.
    Outward,
}

/// Extra cost of crossing this hexside, added to the hex cost (GBA 6.29); None = prohibited.
/// For the CG camp hexsides this is the inward cost; use [`hexside_cost_crossing`] for the way out.
///
/// Gate (GBA 6.26, Pelium) is free only if no enemy unit is in the gate hex. The caller handles
/// that, and normally need do nothing: the gate hex is one of the two hexes the gate joins, and a
/// mover stands in one and may not enter the other while an enemy unit holds it (GBA 6.93), so
/// the engine's enemy-occupancy check already enforces it. Chaeronea's gates are closed (6.26):
/// its scenario draws them as `Wall`.
///
/// SteepSlope and SheerSlope stand for a change of level: do not add them to
/// [`elevation_cost`]; [`entry_cost`] combines them.
pub fn hexside_cost(cat: MoveCategory, feature: HexsideFeature) -> Option<Cost> {
    hexside_cost_crossing(cat, feature, Crossing::Inward)
}

/// [`hexside_cost`] with the direction of a camp crossing (CG 12.12).
pub fn hexside_cost_crossing(cat: MoveCategory, feature: HexsideFeature, crossing: Crossing) -> Option<Cost> {
    hexside_cell(cat, feature, crossing).cost()
}

/// Elevation change when entering a hex (from level, to level), GBA 6.21, 6.23: up 1 / down 1 /
/// 2 levels = the Steep Slope cells (they replace the per-level cost) / 3 levels = the Sheer
/// Slope cells (SK only, 3 hits) / cavalry at most 1 level per hex (GBA 6.23; CG 6.23: chariots
/// too) / 4 or more levels: nobody. None = prohibited.
///
/// A SteepSlope hexside with an actual 2-level change is ONE obstacle: the chart's "Steep Slope,
/// or any change of 2 levels (both)" is charged once. Adding `hexside_cost(.., SteepSlope)` to
/// this function's result would double count; [`entry_cost`] does it right.
pub fn elevation_cost(cat: MoveCategory, from: u8, to: u8) -> Option<Cost> {
    elevation_cell(cat, LevelChange::between(from, to)).cost()
}

/// Everything one hex entry costs: the hex (GBA 6.21), the hexside crossed if any (with its
/// direction, for camp hexsides), and the change of level (GBA 6.23), with slopes charged once:
/// * a SteepSlope hexside replaces the per-level cost of a 0-, 1- or 2-level change (the 2-level
///   change *is* a steep slope, GBA 6.23); a 3-level change across it is the Sheer Slope case;
/// * a SheerSlope hexside costs a skirmisher +2 MP and 1 hit per level changed, at least 1
///   (3 levels: 3 hits, the GBA 6.23 figure), in place of the per-level cost; nobody else crosses;
/// * any other hexside adds to the per-level cost.
///
/// None = prohibited. The engine then applies [`two_hex`], [`in_column`] and [`leader_cost`].
pub fn entry_cost(
    cat: MoveCategory,
    terrain: Terrain,
    hexside: Option<HexsideFeature>,
    crossing: Crossing,
    from: u8,
    to: u8,
) -> Option<Cost> {
    let hex = hex_cost(cat, terrain)?;
    let change = LevelChange::between(from, to);
    let crossing_cost = match hexside {
        Some(HexsideFeature::SteepSlope) if change <= LevelChange::Two => {
            hexside_cost(cat, HexsideFeature::SteepSlope)?
        }
        Some(HexsideFeature::SteepSlope) => elevation_cost(cat, from, to)?,
        Some(HexsideFeature::SheerSlope) if change < LevelChange::Beyond => {
            let per_level = hexside_cost(cat, HexsideFeature::SheerSlope)?;
            Cost::new(per_level.mp, per_level.hits * change.levels().max(1))
        }
        Some(feature) => hexside_cost_crossing(cat, feature, crossing)? + elevation_cost(cat, from, to)?,
        None => elevation_cost(cat, from, to)?,
    };
    Some(hex + crossing_cost)
}

/// Origin of the hex cell.
pub fn hex_origin(cat: MoveCategory, terrain: Terrain) -> Origin {
    hex_cell(cat, terrain).origin
}

/// Origin of the hexside cell (inward for camp hexsides; the outward cells share their origin).
pub fn hexside_origin(cat: MoveCategory, feature: HexsideFeature) -> Origin {
    hexside_cell(cat, feature, Crossing::Inward).origin
}

/// Origin of the elevation cell.
pub fn elevation_origin(cat: MoveCategory, change: LevelChange) -> Origin {
    elevation_cell(cat, change).origin
}

/// In Column (GBA 6.62, CG 6.52): one hit fewer for the hex entered, minimum 0. Apply it once to
/// the whole cost of a hex entry (hex + hexside + level), after [`two_hex`].
pub fn in_column(cost: Cost) -> Cost {
    Cost::new(cost.mp, cost.hits.saturating_sub(1))
}

/// A two-hex unit whose halves enter hexes costing `a` and `b` pays the higher MP and the higher
/// hits, once (GBA 6.42). The engine also skips hits for a half entering terrain that the other
/// half already paid for in this move (6.42).
pub fn two_hex(a: Cost, b: Cost) -> Cost {
    Cost::new(a.mp.max(b.mp), a.hits.max(b.hits))
}

/// Leaders pay cavalry MP and never take hits (GBA 4.1, 6.22).
pub fn leader_cost(cost: Cost) -> Cost {
    Cost::new(cost.mp, 0)
}

/// How a unit type pays for a facing change (GBA 7.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnRate {
    /// This many MP for each vertex turned.
    PerVertex(u8),
    /// This many MP for any turn, however many vertices.
    AnyAmount(u8),
}

/// Facing chart rows (GBA 7.12, 7.14): type, class (None = every class of that type; a row with a
/// class comes before the type's general row), rate, whether a turn in a Rough hex costs a hit.
pub const FACING: [(UnitType, Option<UnitClass>, TurnRate, bool, Origin); 15] = {
    use TurnRate::*;
    use UnitType::*;
    const R: Origin = Origin::Recovered("GBA 7.12 (MP), 7.14 (hit in a Rough hex)");
    const R_EL: Origin = Origin::Recovered("GBA 7.12 (2 MP per vertex), 7.14 (elephants take no Rough hit)");
    [
        (PH, None, PerVertex(1), true, R),
        (HI, None, PerVertex(1), true, R),
        (MI, None, PerVertex(1), true, R),
        (LI, None, PerVertex(1), true, R),
        (LP, None, PerVertex(1), true, R),
        (SK, None, AnyAmount(1), true, R),
        (SkStar, None, AnyAmount(1), true, R),
        (LC, None, PerVertex(1), true, R),
        (LN, None, PerVertex(1), true, R),
        (HC, Some(UnitClass::Cat), PerVertex(2), true, R),
        (HC, None, PerVertex(1), true, R),
        (EL, None, PerVertex(2), false, R_EL),
        (CH, None, PerVertex(2), true, R),
        (ChStar, None, PerVertex(2), true, R),
        (AT, None, PerVertex(1), true, R),
    ]
};

fn facing_row(kind: UnitType, class: Option<UnitClass>) -> (TurnRate, bool, Origin) {
    FACING
        .iter()
        .find(|(k, c, ..)| *k == kind && (c.is_none() || *c == class))
        .map_or((TurnRate::PerVertex(1), true, Origin::Designed), |&(_, _, rate, hit, origin)| (rate, hit, origin))
}

/// Facing changes of a one-hex unit pivoting in its hex (GBA 7.12, 7.14): MP per vertex by type
/// (1; SK 1 for any amount; EL, CH, HC Cat 2 per vertex), plus 1 hit when changing facing in a
/// Rough hex (not EL). No turn, no cost. CG 10.42 charges cataphracts the same 2 MP a vertex.
///
/// Not covered here: two-hex units never turn in place (GBA 6.33, 7.13; see [`PIVOT_HITS`],
/// [`REVERSE_FACE`]); a chariot turns at most one vertex per hex while moving (GBA 7.15); the CG
/// differences are [`unit_facing_cost`]'s (elephant chariots' 3 MP, Kalinga only, are not built).
pub fn facing_cost(kind: UnitType, class: Option<UnitClass>, vertices: u8, in_rough_hex: bool) -> Cost {
    if vertices == 0 {
        return Cost::ZERO;
    }
    let (rate, rough_hit, _) = facing_row(kind, class);
    let mp = match rate {
        TurnRate::PerVertex(n) => n.saturating_mul(vertices),
        TurnRate::AnyAmount(n) => n,
    };
    Cost::new(mp, u8::from(in_rough_hex && rough_hit))
}

/// [`facing_cost`] under a rule set's facing differences (`rule`, from `rule_set::hooks`): CG
/// 7.12 exc. 2 charges a light chariot (CH) 1 MP a vertex, not the GBA 2 (P243); CG 7.14 spares
/// Tribal LI and skirmishers the Rough hit, not elephants.
pub fn unit_facing_cost(rule: &FacingRule, unit: &Unit, vertices: u8, in_rough_hex: bool) -> Cost {
    let cost = facing_cost(unit.kind, unit.class, vertices, in_rough_hex);
    // CG 7.12 exc. 2: the light chariot's rate is the rule set's.
    let mp = if unit.kind == UnitType::CH { rule.light_chariot_mp.saturating_mul(vertices) } else { cost.mp };
    // 7.14: who is spared the Rough hit is the rule set's (GBA elephants; CG 7.14 exc. Tribal
    // LI and skirmishers).
    let spared = match rule.rough_turn_spares {
        RoughTurnSpares::Elephants => unit.kind == UnitType::EL,
        RoughTurnSpares::TribalLightInfantryAndSkirmishers => {
            unit.kind.is_foot_skirmisher() || (unit.kind == UnitType::LI && unit.grade == Some(Grade::Tribal))
        }
    };
    let hits = u8::from(vertices > 0 && in_rough_hex && !spared);
    Cost::new(mp, hits)
}

/// Origin of a facing row.
pub fn facing_origin(kind: UnitType, class: Option<UnitClass>) -> Origin {
    facing_row(kind, class).2
}

/// A two-hex unit pivoting (front-to-flank) takes 1 hit per hex entered, except Class MA
/// phalanxes (GBA 6.43); a wheel adds a TQ check (6.45).
pub const PIVOT_HITS: u8 = 1;

/// A two-hex unit's reverse face: 3 MP, no hits; not in an enemy ZOC or in Rough (GBA 6.44).
pub const REVERSE_FACE: Cost = Cost::new(3, 0);

/// Changing into or out of column (GBA 6.61).
pub const COLUMN_CHANGE: Cost = Cost::new(1, 0);

#[cfg(test)]
mod tests {
    use super::*;
    use MoveCategory::*;

    fn cost(mp: u8, hits: u8) -> Option<Cost> {
        Some(Cost::new(mp, hits))
    }

    fn cites_a_rule(text: &str) -> bool {
        let at = text.find("GBA ").or_else(|| text.find("CG "));
        at.is_some_and(|i| {
            text[i..].split_once(' ').is_some_and(|(_, rest)| rest.starts_with(|c: char| c.is_ascii_digit()))
        })
    }

    #[test]
    fn tables_follow_the_enum_order_so_lookups_index_them() {
        for t in Terrain::ALL {
            assert_eq!(HEXES[t as usize].0, t);
        }
        for f in HexsideFeature::ALL {
            assert_eq!(HEXSIDES[f as usize].0, f);
        }
        for c in LevelChange::ALL {
            assert_eq!(ELEVATION[c as usize].0, c);
        }
        for (i, c) in MoveCategory::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i);
        }
    }

    #[test]
    fn categories_of_unit_types_charts_draft_6() {
        use UnitClass::*;
        use UnitType::*;
        assert_eq!(MoveCategory::of(PH, Some(MA), true), TwoHexFoot);
        assert_eq!(MoveCategory::of(HI, Some(HO), true), TwoHexFoot);
        assert_eq!(MoveCategory::of(LP, Some(CA), true), TwoHexFoot);
        assert_eq!(MoveCategory::of(HI, Some(HY), false), FormedFoot);
        assert_eq!(MoveCategory::of(HI, None, false), FormedFoot);
        assert_eq!(MoveCategory::of(MI, None, false), FormedFoot);
        assert_eq!(MoveCategory::of(LI, Some(J), false), LightFoot);
        assert_eq!(MoveCategory::of(LP, None, false), LightFoot);
        assert_eq!(MoveCategory::of(SK, Some(S), false), Skirmisher);
        assert_eq!(MoveCategory::of(SkStar, Some(J), false), Skirmisher);
        for kind in [LC, LN, HC] {
            assert_eq!(MoveCategory::of(kind, None, false), Cavalry);
        }
        assert_eq!(MoveCategory::of(HC, Some(Cat), false), Cavalry);
        assert_eq!(MoveCategory::of(EL, None, false), Elephant);
        assert_eq!(MoveCategory::of(CH, None, false), Chariot);
        assert_eq!(MoveCategory::of(ChStar, None, false), Chariot);
        assert_eq!(MoveCategory::of(AT, Some(B), false), Artillery);
        assert_eq!(MoveCategory::LEADER, Cavalry);
    }

    #[test]
    fn clear_costs_one_mp_for_all_gba_6_21() {
        for cat in MoveCategory::ALL {
            assert_eq!(hex_cost(cat, Terrain::Clear), cost(1, 0));
            assert!(matches!(hex_origin(cat, Terrain::Clear), Origin::Recovered(r) if r.contains("GBA 6.21")));
        }
    }

    #[test]
    fn woods_cost_two_mp_for_foot_gba_6_21() {
        for cat in [TwoHexFoot, FormedFoot, LightFoot, Skirmisher] {
            assert_eq!(hex_cost(cat, Terrain::Woods).map(|c| c.mp), Some(2));
            assert!(matches!(hex_origin(cat, Terrain::Woods), Origin::Recovered(r) if r.contains("GBA 6.21")));
        }
        assert_eq!(hex_cost(TwoHexFoot, Terrain::Woods), cost(2, 1));
        assert_eq!(hex_cost(Skirmisher, Terrain::Woods), cost(2, 0));
        assert_eq!(hex_cost(Cavalry, Terrain::Woods), cost(3, 1));
        assert_eq!(hex_cost(Chariot, Terrain::Woods), None);
        assert_eq!(hex_cost(Artillery, Terrain::Woods), None);
    }

    #[test]
    fn elephant_takes_one_hit_in_forest_cg_6_34() {
        assert_eq!(hex_cost(Elephant, Terrain::Woods), cost(2, 1));
        assert!(matches!(hex_origin(Elephant, Terrain::Woods), Origin::Recovered(r) if r.contains("CG 6.34")));
    }

    #[test]
    fn hoplite_into_woods_one_level_up_costs_three_mp_gba_6_21() {
        // Issus 5015 -> 5115: 2 for the woods, 1 for the level.
        let hoplite = MoveCategory::of(UnitType::HI, Some(UnitClass::HO), true);
        let c = entry_cost(hoplite, Terrain::Woods, None, Crossing::Inward, 1, 2).unwrap();
        assert_eq!(c.mp, 3);
        assert_eq!(elevation_cost(hoplite, 1, 2), cost(1, 0));
    }

    #[test]
    fn light_infantry_up_one_level_costs_two_mp_cg_6_62_example_2() {
        assert_eq!(entry_cost(LightFoot, Terrain::Clear, None, Crossing::Inward, 0, 1), cost(2, 0));
    }

    #[test]
    fn rocky_and_major_river_cost_one_mp_gba_10_27() {
        for cat in [TwoHexFoot, FormedFoot, LightFoot, Skirmisher, Cavalry, Elephant] {
            assert_eq!(hex_cost(cat, Terrain::Rocky).map(|c| c.mp), Some(1));
            assert_eq!(hex_cost(cat, Terrain::MajorRiver).map(|c| c.mp), Some(1));
        }
        assert!(matches!(hex_origin(Cavalry, Terrain::Rocky), Origin::Recovered(r) if r.contains("GBA 10.27")));
        assert!(matches!(hex_origin(TwoHexFoot, Terrain::MajorRiver), Origin::Recovered(r) if r.contains("GBA 10.27")));
    }

    #[test]
    fn rough_hex_costs_like_rocky_but_is_designed() {
        for cat in MoveCategory::ALL {
            assert_eq!(hex_cost(cat, Terrain::Rough), hex_cost(cat, Terrain::Rocky));
            assert_eq!(hex_origin(cat, Terrain::Rough), Origin::Designed);
        }
    }

    #[test]
    fn minor_river_into_woods_two_hits_one_in_column_gba_6_62() {
        for cat in [TwoHexFoot, FormedFoot] {
            let c = entry_cost(cat, Terrain::Woods, Some(HexsideFeature::MinorRiver), Crossing::Inward, 0, 0).unwrap();
            assert_eq!(c.hits, 2);
            assert_eq!(in_column(c).hits, 1);
        }
        assert_eq!(in_column(Cost::new(2, 0)), Cost::new(2, 0));
    }

    #[test]
    fn three_levels_skirmishers_only_with_three_hits_gba_6_23() {
        assert_eq!(elevation_cost(Skirmisher, 0, 3), cost(2, 3));
        assert_eq!(elevation_cost(Skirmisher, 4, 1), cost(2, 3));
        for cat in MoveCategory::ALL.into_iter().filter(|c| *c != Skirmisher) {
            assert_eq!(elevation_cost(cat, 0, 3), None);
            assert_eq!(hexside_cost(cat, HexsideFeature::SheerSlope), None);
        }
        // A sheer slope hexside with its three levels is charged once.
        let c = entry_cost(Skirmisher, Terrain::Clear, Some(HexsideFeature::SheerSlope), Crossing::Inward, 0, 3);
        assert_eq!(c, cost(3, 3));
        let c = entry_cost(Skirmisher, Terrain::Clear, Some(HexsideFeature::SheerSlope), Crossing::Inward, 0, 1);
        assert_eq!(c, cost(3, 1));
        for cat in MoveCategory::ALL {
            assert_eq!(elevation_cost(cat, 0, 4), None);
        }
    }

    #[test]
    fn cavalry_may_not_change_two_levels_gba_6_23() {
        assert_eq!(elevation_cost(Cavalry, 1, 3), None);
        assert_eq!(elevation_cost(Cavalry, 3, 1), None);
        assert_eq!(elevation_cost(MoveCategory::LEADER, 1, 3), None);
        assert_eq!(elevation_cost(Cavalry, 1, 2), cost(1, 0));
        assert_eq!(hexside_cost(Cavalry, HexsideFeature::SteepSlope), None);
        assert!(matches!(elevation_origin(Cavalry, LevelChange::Two), Origin::Recovered(r) if r.contains("GBA 6.23")));
    }

    #[test]
    fn chariots_may_not_change_two_levels_cg_6_23() {
        assert_eq!(elevation_cost(Chariot, 0, 2), None);
        assert_eq!(elevation_cost(Chariot, 0, 1), cost(1, 1));
    }

    #[test]
    fn steep_slope_and_two_level_change_charged_once_gba_6_23() {
        for cat in MoveCategory::ALL {
            assert_eq!(elevation_cost(cat, 0, 2), hexside_cost(cat, HexsideFeature::SteepSlope));
        }
        let slope = Some(HexsideFeature::SteepSlope);
        // 1 MP clear + the steep slope (2 MP, 2 hits), not + a further steep slope for the two levels.
        assert_eq!(entry_cost(TwoHexFoot, Terrain::Clear, slope, Crossing::Inward, 0, 2), cost(3, 2));
        // It replaces the per-level cost of a one-level climb too.
        assert_eq!(entry_cost(TwoHexFoot, Terrain::Clear, slope, Crossing::Inward, 0, 1), cost(3, 2));
        // A two-level change with no hexside listed is the same steep slope (GBA 6.23).
        assert_eq!(entry_cost(TwoHexFoot, Terrain::Clear, None, Crossing::Inward, 0, 2), cost(3, 2));
        assert_eq!(entry_cost(Skirmisher, Terrain::Clear, slope, Crossing::Inward, 0, 3), cost(3, 3));
        assert_eq!(entry_cost(FormedFoot, Terrain::Clear, slope, Crossing::Inward, 0, 3), None);
    }

    #[test]
    fn skirmishers_pay_nothing_to_climb_one_level_but_others_do_gba_6_21() {
        assert_eq!(elevation_cost(Skirmisher, 0, 1), cost(0, 0));
        assert_eq!(elevation_cost(FormedFoot, 0, 1), cost(1, 0));
        assert_eq!(elevation_cost(FormedFoot, 1, 0), cost(0, 0));
        assert_eq!(elevation_cost(Artillery, 1, 0), cost(1, 0));
        assert_eq!(elevation_cost(Cavalry, 2, 2), cost(0, 0));
    }

    #[test]
    fn city_wall_prohibited_for_all_gba_6_26() {
        for cat in MoveCategory::ALL {
            assert_eq!(hexside_cost(cat, HexsideFeature::Wall), None);
            assert!(
                matches!(hexside_origin(cat, HexsideFeature::Wall), Origin::Recovered(r) if r.contains("GBA 6.26"))
            );
        }
    }

    #[test]
    fn pelium_gate_is_free_gba_6_26() {
        for cat in MoveCategory::ALL {
            assert_eq!(hexside_cost(cat, HexsideFeature::Gate), cost(0, 0));
        }
    }

    #[test]
    fn water_prohibited_for_all() {
        for cat in MoveCategory::ALL {
            assert_eq!(hex_cost(cat, Terrain::Water), None);
        }
    }

    #[test]
    fn chariots_and_artillery_stay_out_of_rough_hexes_gba_6_28() {
        for t in Terrain::ALL.into_iter().filter(|t| t.is_rough()) {
            assert_eq!(hex_cost(Chariot, t), None, "{t:?}");
            assert_eq!(hex_cost(Artillery, t), None, "{t:?}");
        }
    }

    #[test]
    fn camp_hexsides_infantry_only_and_cheaper_outward_cg_12_11_12_12_12_14() {
        use HexsideFeature::*;
        for f in [Berm, Palisade, Moat, Thorns, Wagons] {
            for cat in [Cavalry, Elephant, Chariot, Artillery, TwoHexFoot] {
                assert_eq!(hexside_cost(cat, f), None, "{cat:?} {f:?}");
                assert_eq!(hexside_cost_crossing(cat, f, Crossing::Outward), None, "{cat:?} {f:?}");
            }
            assert_eq!(hexside_cost(Skirmisher, f), cost(1, 0));
            assert_eq!(hexside_cost_crossing(Skirmisher, f, Crossing::Outward), cost(1, 0));
            let inward = hexside_cost(FormedFoot, f).unwrap();
            let outward = hexside_cost_crossing(FormedFoot, f, Crossing::Outward).unwrap();
            assert!(outward.mp <= inward.mp && outward.hits <= inward.hits, "{f:?}");
        }
        assert_eq!(hexside_cost(FormedFoot, Palisade), cost(3, 1));
        assert_eq!(hexside_cost_crossing(FormedFoot, Palisade, Crossing::Outward), cost(2, 1));
        // Non-camp hexsides are the same both ways.
        assert_eq!(hexside_cost_crossing(Cavalry, Stream, Crossing::Outward), hexside_cost(Cavalry, Stream));
        // The camp gate lets everyone in; best In Column (CG 12.12).
        for cat in MoveCategory::ALL {
            assert!(hexside_cost(cat, CampGate).is_some());
            assert_eq!(hexside_cost_crossing(cat, CampGate, Crossing::Outward), hexside_cost(cat, CampGate));
        }
        assert_eq!(hexside_cost(Cavalry, CampGate).map(in_column), cost(1, 0));
    }

    #[test]
    fn two_hex_pays_the_higher_half_hits_once_gba_6_42() {
        let woods = hex_cost(TwoHexFoot, Terrain::Woods).unwrap();
        let marsh = hex_cost(TwoHexFoot, Terrain::Marsh).unwrap();
        let clear = hex_cost(TwoHexFoot, Terrain::Clear).unwrap();
        assert_eq!(two_hex(woods, clear), Cost::new(2, 1));
        assert_eq!(two_hex(woods, marsh), Cost::new(3, 2));
        assert_eq!(two_hex(Cost::new(1, 2), Cost::new(3, 0)), Cost::new(3, 2));
        // In Column comes after: one hit fewer for the pair.
        assert_eq!(in_column(two_hex(woods, marsh)), Cost::new(3, 1));
    }

    #[test]
    fn leaders_take_no_hits_gba_4_1() {
        let c = hex_cost(MoveCategory::LEADER, Terrain::Marsh).map(leader_cost);
        assert_eq!(c, cost(3, 0));
    }

    #[test]
    fn facing_one_mp_per_vertex_sk_any_amount_heavy_two_gba_7_12() {
        use UnitType::*;
        assert_eq!(facing_cost(MI, None, 1, false), Cost::new(1, 0));
        assert_eq!(facing_cost(LC, Some(UnitClass::J), 2, false), Cost::new(2, 0));
        assert_eq!(facing_cost(SK, Some(UnitClass::S), 3, false), Cost::new(1, 0));
        assert_eq!(facing_cost(SkStar, Some(UnitClass::J), 1, false), Cost::new(1, 0));
        assert_eq!(facing_cost(EL, None, 2, false), Cost::new(4, 0));
        assert_eq!(facing_cost(CH, None, 1, false), Cost::new(2, 0));
        assert_eq!(facing_cost(HC, Some(UnitClass::Cat), 2, false), Cost::new(4, 0));
        assert_eq!(facing_cost(HC, None, 2, false), Cost::new(2, 0));
        assert_eq!(facing_cost(HI, Some(UnitClass::HY), 0, true), Cost::ZERO);
    }

    #[test]
    fn facing_in_rough_hex_one_hit_except_elephants_gba_7_14() {
        use UnitType::*;
        assert_eq!(facing_cost(MI, None, 1, true), Cost::new(1, 1));
        assert_eq!(facing_cost(HI, Some(UnitClass::HY), 3, true), Cost::new(3, 1));
        assert_eq!(facing_cost(SK, Some(UnitClass::A), 2, true), Cost::new(1, 1));
        assert_eq!(facing_cost(EL, None, 1, true), Cost::new(2, 0));
    }

    #[test]
    fn every_cell_has_an_origin_and_recovered_cells_cite_a_rule() {
        let mut recovered = 0;
        let mut check = |origin: Origin| {
            if let Origin::Recovered(text) = origin {
                recovered += 1;
                assert!(cites_a_rule(text), "`{text}` cites no rule");
            }
        };
        for cat in MoveCategory::ALL {
            for t in Terrain::ALL {
                check(hex_origin(cat, t));
            }
            for f in HexsideFeature::ALL {
                check(hexside_origin(cat, f));
                check(hexside_cell(cat, f, Crossing::Outward).origin);
            }
            for c in LevelChange::ALL {
                check(elevation_origin(cat, c));
            }
        }
        for kind in UnitType::ALL {
            for class in std::iter::once(None).chain(kind.allowed_classes().iter().copied().map(Some)) {
                check(facing_origin(kind, class));
            }
        }
        assert!(recovered > 60, "{recovered}");
        // Prohibited cells carry no cost.
        let rows = HEXES
            .iter()
            .map(|r| r.1)
            .chain(HEXSIDES.iter().map(|r| r.1))
            .chain(CAMP_OUTWARD.iter().map(|r| r.1))
            .chain(ELEVATION.iter().map(|r| r.1));
        for row in rows {
            for cell in row.iter().filter(|c| !c.allowed) {
                assert_eq!((cell.mp, cell.hits), (0, 0));
            }
        }
    }
}
