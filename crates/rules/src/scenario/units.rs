//! Combat units and leaders as the scenario sets them up (GBA 2.2, 4.1; CG 2.2, 4.1).

use crate::map::hex::{HexId, Vertex};
use serde::{Deserialize, Serialize};

/// Unit types (GBA §B.1; CG 4.1). `SkStar` is SK*, `ChStar` CH*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitType {
    PH,
    HI,
    MI,
    LI,
    LP,
    SK,
    SkStar,
    LC,
    LN,
    HC,
    EL,
    CH,
    ChStar,
    AT,
}

impl UnitType {
    pub const ALL: [UnitType; 14] = [
        Self::PH,
        Self::HI,
        Self::MI,
        Self::LI,
        Self::LP,
        Self::SK,
        Self::SkStar,
        Self::LC,
        Self::LN,
        Self::HC,
        Self::EL,
        Self::CH,
        Self::ChStar,
        Self::AT,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Self::PH => "PH",
            Self::HI => "HI",
            Self::MI => "MI",
            Self::LI => "LI",
            Self::LP => "LP",
            Self::SK => "SK",
            Self::SkStar => "SK*",
            Self::LC => "LC",
            Self::LN => "LN",
            Self::HC => "HC",
            Self::EL => "EL",
            Self::CH => "CH",
            Self::ChStar => "CH*",
            Self::AT => "AT",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.code() == s)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::PH => "phalanx",
            Self::HI => "heavy infantry",
            Self::MI => "medium infantry",
            Self::LI => "light infantry",
            Self::LP => "peltasts",
            Self::SK => "skirmishers",
            Self::SkStar => "skirmishers (shock-capable)",
            Self::LC => "light cavalry",
            Self::LN => "lancers",
            Self::HC => "heavy cavalry",
            Self::EL => "elephants",
            Self::CH => "chariots",
            Self::ChStar => "heavy chariots",
            Self::AT => "artillery",
        }
    }

    /// The classes a scenario may give this type (docs/scenario-format.md).
    pub fn allowed_classes(self) -> &'static [UnitClass] {
        use UnitClass::*;
        match self {
            Self::PH => &[MA],
            Self::HI => &[HO, HY],
            Self::LI | Self::SK | Self::SkStar | Self::LC => &[A, J, S],
            Self::LP => &[CA],
            // CG 10.18: elephants may be cataphracted (armoured) too.
            Self::HC | Self::EL => &[Cat],
            Self::AT => &[B],
            _ => &[],
        }
    }

    /// Foot skirmishers: Size is always 1 (GBA 2.5).
    pub fn is_foot_skirmisher(self) -> bool {
        matches!(self, Self::SK | Self::SkStar)
    }

    /// Light foot (LI, LP, SK, SK*), who may sweep each other along in a withdrawal (house rule
    /// B6, P343).
    pub fn is_light_foot(self) -> bool {
        matches!(self, Self::LI | Self::LP | Self::SK | Self::SkStar)
    }

    /// Types that always carry missiles whatever their class.
    pub fn always_missile(self) -> bool {
        matches!(self, Self::SK | Self::SkStar | Self::EL | Self::CH | Self::ChStar | Self::AT)
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, Self::LC | Self::LN | Self::HC)
    }
}

/// Sub-divisions of a type (GBA 2.22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitClass {
    /// Macedonian phalanx.
    MA,
    /// Hoplite (two-hex heavy infantry).
    HO,
    /// Hypaspist.
    HY,
    A,
    J,
    S,
    /// Cardaces (two-hex peltasts).
    CA,
    /// Cataphracted heavy cavalry.
    Cat,
    /// Bolt-shooting artillery.
    B,
}

impl UnitClass {
    pub const ALL: [UnitClass; 9] =
        [Self::MA, Self::HO, Self::HY, Self::A, Self::J, Self::S, Self::CA, Self::Cat, Self::B];

    pub fn code(self) -> &'static str {
        match self {
            Self::MA => "MA",
            Self::HO => "HO",
            Self::HY => "HY",
            Self::A => "A",
            Self::J => "J",
            Self::S => "S",
            Self::CA => "CA",
            Self::Cat => "Cat",
            Self::B => "B",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.code() == s)
    }

    /// The missile a weapon class implies, if any.
    pub fn implied_missile(self) -> Option<Missile> {
        match self {
            Self::A => Some(Missile::Arrow),
            Self::J => Some(Missile::Javelin),
            Self::S => Some(Missile::Sling),
            Self::B => Some(Missile::Bolt),
            _ => None,
        }
    }
}

/// Missile types (GBA 2.21; CG adds the Indian long bow A*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Missile {
    Javelin,
    Arrow,
    LongBow,
    Sling,
    Bolt,
}

impl Missile {
    pub const ALL: [Missile; 5] = [Self::Javelin, Self::Arrow, Self::LongBow, Self::Sling, Self::Bolt];

    pub fn letter(self) -> &'static str {
        match self {
            Self::Javelin => "J",
            Self::Arrow => "A",
            Self::LongBow => "A*",
            Self::Sling => "S",
            Self::Bolt => "B",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.letter() == s)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Javelin => "javelins",
            Self::Arrow => "bows",
            Self::LongBow => "long bows",
            Self::Sling => "slings",
            Self::Bolt => "bolt-shooters",
        }
    }
}

/// A Line Command eligibility entry: a type, optionally narrowed to one class (GBA 4.31, 4.37);
/// in Chandragupta also a Combined line of that type (elephants or chariots) with Indian light
/// infantry, written `EL+LI` or `CH+LI` (CG 4.33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineType {
    pub kind: UnitType,
    pub class: Option<UnitClass>,
    /// CG 4.33: a Combined EL/LI or CH/LI line.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub combined: bool,
}

impl LineType {
    /// A plain line of one type, optionally one class.
    pub fn of(kind: UnitType, class: Option<UnitClass>) -> Self {
        Self { kind, class, combined: false }
    }

    pub fn parse(s: &str) -> Option<Self> {
        if let Some(base) = s.strip_suffix("+LI") {
            // CG 4.33: only elephants and chariots combine, and only with light infantry.
            let line = Self::parse(base)?;
            return (matches!(line.kind, UnitType::EL | UnitType::CH) && !line.combined)
                .then_some(Self { combined: true, ..line });
        }
        match s.split_once('/') {
            Some((t, c)) => {
                let kind = UnitType::parse(t)?;
                let class = UnitClass::parse(c)?;
                kind.allowed_classes().contains(&class).then_some(Self::of(kind, Some(class)))
            }
            None => Some(Self::of(UnitType::parse(s)?, None)),
        }
    }

    pub fn label(&self) -> String {
        let base = match self.class {
            Some(c) => format!("{}/{}", self.kind.code(), c.code()),
            None => self.kind.code().to_string(),
        };
        if self.combined {
            format!("{base}+LI")
        } else {
            base
        }
    }
}

/// Where a combat unit stands: one hex, or two adjacent hexes for a two-hex unit (GBA 6.41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    One(HexId),
    Two(HexId, HexId),
}

impl Placement {
    pub fn hexes(&self) -> impl Iterator<Item = HexId> {
        let (a, b) = match *self {
            Self::One(a) => (a, None),
            Self::Two(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }

    pub fn is_two_hex(&self) -> bool {
        matches!(self, Self::Two(..))
    }

    /// Hexes between the nearest hexes of `self` and `other`.
    pub fn distance(&self, other: &Placement) -> u32 {
        self.hexes().flat_map(|a| other.hexes().map(move |b| a.distance(b))).min().unwrap_or(0)
    }

    pub fn label(&self) -> String {
        match self {
            Self::One(a) => a.to_string(),
            Self::Two(a, b) => format!("{a}-{b}"),
        }
    }
}

/// Indian grades (CG 2.22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Grade {
    Maula,
    Bharta,
    Sreni,
    Tribal,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Self::Maula, Self::Bharta, Self::Sreni, Self::Tribal];

    pub fn key(self) -> &'static str {
        match self {
            Self::Maula => "maula",
            Self::Bharta => "bharta",
            Self::Sreni => "sreni",
            Self::Tribal => "tribal",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|g| g.key() == s)
    }
}

/// The Chandragupta artillery engines (CG 10.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Engine {
    /// Light bolt-thrower: two shots per orders phase (10.52).
    Yantra,
    /// Ballista: one shot per orders phase (10.52); some never move (10.54).
    Jamadagnya,
    /// Catapult on a cart: one shot per game turn (10.56).
    Sarvatobhadra,
}

impl Engine {
    pub const ALL: [Engine; 3] = [Self::Yantra, Self::Jamadagnya, Self::Sarvatobhadra];

    pub fn key(self) -> &'static str {
        match self {
            Self::Yantra => "yantra",
            Self::Jamadagnya => "jamadagnya",
            Self::Sarvatobhadra => "sarvatobhadra",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.key() == s)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Yantra => "Yantra",
            Self::Jamadagnya => "Jamadagnya",
            Self::Sarvatobhadra => "Sarvatobhadra",
        }
    }

    /// Shots before the engine is Fire Done: per orders phase (10.52), the Sarvatobhadra's per
    /// game turn (10.56).
    pub fn shots(self) -> u8 {
        match self {
            Self::Yantra => 2,
            Self::Jamadagnya | Self::Sarvatobhadra => 1,
        }
    }
}

/// Rule-hook tags a unit may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitTag {
    /// Exempt from the Hellenic law of inertia (6.14) and drift to the right (6.5).
    GreekMercenary,
    /// Same exemptions as Greek mercenaries (6.14, 6.5).
    Spartan,
    /// Raised levies, slow to close with the enemy: house rule B4 (levy reluctance, P341).
    Levy,
    /// Headstrong troops, hard to hold back: house rule B5 (eager troops and the surge).
    Eager,
}

impl UnitTag {
    pub const ALL: [UnitTag; 4] = [Self::GreekMercenary, Self::Spartan, Self::Levy, Self::Eager];

    pub fn key(self) -> &'static str {
        match self {
            Self::GreekMercenary => "greek-mercenary",
            Self::Spartan => "spartan",
            Self::Levy => "levy",
            Self::Eager => "eager",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.key() == s)
    }
}

/// Index of a side in `Scenario::sides` (0 or 1).
pub type SideIndex = usize;

/// A combat unit at set-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub side: SideIndex,
    pub kind: UnitType,
    pub class: Option<UnitClass>,
    pub size: u8,
    pub tq: u8,
    pub ma: u8,
    /// The phalanx's augmented allowance (GBA 6.46).
    pub ma_extended: Option<u8>,
    pub missile: Option<Missile>,
    pub placement: Placement,
    pub facing: Vertex,
    pub origin: Option<String>,
    pub tags: Vec<UnitTag>,
    pub grade: Option<Grade>,
    /// The guild or tribe of a Sreni or Tribal unit (CG 4.62): only its own chief orders it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guild: Option<String>,
    /// CG G52: a "J/A" elephant, whose riders carry a real bow (the mounted-bow line) instead of
    /// the archer screen "a".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bow: bool,
    /// CG 10.5: which engine a Chandragupta artillery unit is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<Engine>,
    /// CG 10.54: a Jamadagnya fixed in place for the whole battle.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub immovable: bool,
    /// CG 10.28, 2.21: the foot side of an Indian chariot's counter, which it shows once its crew
    /// has dismounted (`crate::special::dismount`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismounted: Option<FootSide>,
}

/// The reverse, foot side of a chariot counter (CG 2.21, 10.28): the ratings that differ from the
/// mounted side, every one resolved when the scenario loads (what the file leaves out is the
/// mounted side's). Name, grade, guild, origin and tags stay the unit's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FootSide {
    pub kind: UnitType,
    pub class: Option<UnitClass>,
    pub size: u8,
    pub tq: u8,
    pub ma: u8,
    pub missile: Option<Missile>,
}

impl Unit {
    /// "PH/MA", "HC", "SK*".
    pub fn type_label(&self) -> String {
        LineType::of(self.kind, self.class).label()
    }

    /// The unit as its foot side shows it (CG 10.28), if it has one: the same unit with that
    /// side's ratings, and no further side to turn to (it never remounts).
    pub fn foot_side(&self) -> Option<Unit> {
        let f = self.dismounted.as_ref()?;
        Some(Unit {
            kind: f.kind,
            class: f.class,
            size: f.size,
            tq: f.tq,
            ma: f.ma,
            missile: f.missile,
            dismounted: None,
            ..self.clone()
        })
    }
}

/// A leader's place in the chain of command (GBA 4.4, 4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaderRole {
    Overall,
    Wing,
    Subordinate,
    /// CG 4.53: commands the lines of his wing when his wing commander activates him.
    Nayaka,
    /// CG 4.6: commands only the units of his own guild (Sreni).
    GuildChief,
    /// CG 4.6: commands only the units of his own tribe.
    TribalChief,
}

impl LeaderRole {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "overall" => Some(Self::Overall),
            "wing" => Some(Self::Wing),
            "subordinate" => Some(Self::Subordinate),
            "nayaka" => Some(Self::Nayaka),
            "guild-chief" => Some(Self::GuildChief),
            "tribal-chief" => Some(Self::TribalChief),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Overall => "overall commander",
            Self::Wing => "wing commander",
            Self::Subordinate => "subordinate commander",
            Self::Nayaka => "nayaka",
            Self::GuildChief => "guild chief",
            Self::TribalChief => "tribal chief",
        }
    }

    /// The Chandragupta leader kinds (CG 4.4): not in an Alexander scenario.
    pub fn indian_only(self) -> bool {
        matches!(self, Self::Nayaka | Self::GuildChief | Self::TribalChief)
    }

    /// A Guild or Tribal chief (CG 4.6).
    pub fn is_chief(self) -> bool {
        matches!(self, Self::GuildChief | Self::TribalChief)
    }
}

/// A leader at set-up (GBA 4.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    pub id: String,
    pub name: String,
    pub side: SideIndex,
    pub role: LeaderRole,
    /// `None` for a contingent commander ("C", GBA 5.6).
    pub initiative: Option<u8>,
    pub contingent_units: Vec<String>,
    pub command_range: u8,
    pub charisma: u8,
    /// Indian leaders have none (GBA 2.25).
    pub personal_combat: Option<u8>,
    pub line_command: bool,
    pub line_types: Vec<LineType>,
    pub strategy: Option<u8>,
    pub elite: bool,
    pub title: Option<String>,
    pub at: HexId,
    /// Darius the Target (GBA 9.24): his death ends the battle at once; he may always withdraw,
    /// up to 4 hexes straight toward his retreat edge, and may leave the map.
    #[serde(default)]
    pub darius_the_target: bool,
    /// A Nayaka's wing commander, by id (CG 4.51): the leader whose Wing Commands activate him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wing: Option<String>,
    /// A Guild or Tribal chief's guild or tribe (CG 4.62): he commands its units only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guild: Option<String>,
    /// CG 6.16: the elephant (EL) or chariot (CH) an Indian leader rides all game: its
    /// movement costs and limits, and a say in Charisma, Rally and Cascade Rout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rides: Option<UnitType>,
}

/// Hoplite lines are bound by the Greek optional rules (6.5, 6.14), Greek mercenaries and
/// Spartans excepted.
pub fn hellenic(unit: &Unit) -> bool {
    unit.kind == crate::scenario::units::UnitType::HI
        && unit.class == Some(crate::scenario::units::UnitClass::HO)
        && !unit.tags.iter().any(|t| {
            matches!(t, crate::scenario::units::UnitTag::GreekMercenary | crate::scenario::units::UnitTag::Spartan)
        })
}
