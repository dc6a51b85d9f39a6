//! A battle as data (GBA 2.0; docs/scenario-format.md): metadata, map, sides, units and leaders,
//! the rule set it is played under with its optional rules, and the loader of battle files.
//! `battles` holds the rules that belong to one battle.

pub mod battles;
/// The TOML battle-file loader: for the CLI, validation and build steps; the web app embeds
/// battles already loaded (web/build.rs) and is built without it.
#[cfg(feature = "battle-files")]
mod load;
mod load_error;
mod options;
pub mod position;
pub mod rule_set;
pub mod units;

#[cfg(feature = "battle-files")]
pub use load::load;
pub use load_error::{Diagnostic, LoadError};
pub use options::{OptionChanges, OptionChoice, HOUSE_CREDIT};
pub use position::{LeaderStart, Position, StartPhase, UnitStart};

use crate::map::hex::{HexId, Hexside};
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::units::{Leader, LineType, Unit};
use serde::{Deserialize, Serialize};

/// The two rule sets ("volumes") one engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    Alexander,
    Chandragupta,
}

impl RuleSet {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "alexander" => Some(Self::Alexander),
            "chandragupta" => Some(Self::Chandragupta),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Alexander => "Great Battles of Alexander",
            Self::Chandragupta => "Chandragupta",
        }
    }
}

/// The optional rules a scenario may switch on (GBA §C).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionalRules {
    pub elite_commander_initiative: bool,
    pub contingent_commanders: bool,
    pub law_of_inertia: bool,
    pub drift_to_the_right: bool,
    pub cavalry_pursuit: bool,
    pub engaged: bool,
    /// GBA 5.64's optional limit: an overall commander activates at most two contingent
    /// commanders an orders phase, a wing commander one.
    #[serde(default)]
    pub contingent_limit: bool,
    /// House rule B3 (inspired by the Mutford house rules): an individual order to a unit its
    /// leader cannot see costs two orders.
    #[serde(default)]
    pub out_of_sight_orders: bool,
    /// House rule B9 (inspired by the Mutford house rules): a leader whose command has lost half
    /// its units is broken.
    #[serde(default)]
    pub command_collapse: bool,
    /// House rule B1 (inspired by the Mutford house rules): each subordinate leader of a
    /// disciplined army is rolled cautious, steady or aggressive at set-up.
    #[serde(default)]
    pub leader_temperament: bool,
    /// House rule B2 (inspired by the Mutford house rules): a barbarian side's leaders fill its
    /// activation slots in a fresh die order each turn.
    #[serde(default)]
    pub barbarian_activation: bool,
    /// House rule B4 (inspired by the Mutford house rules): a levy ordered toward the enemy may
    /// balk (P341).
    #[serde(default)]
    pub levy_reluctance: bool,
    /// House rule B6 (inspired by the Mutford house rules): light foot withdrawing may sweep the
    /// light foot beside it along (P343).
    #[serde(default)]
    pub contagious_flight: bool,
    /// House rule B8 (inspired by the Mutford house rules): missiles shot into a melee, or over
    /// friends near the target, may strike the friends (P345).
    #[serde(default)]
    pub shooting_into_melee: bool,
    /// House rule B5 (inspired by the Mutford house rules): eager units cost more to hold back
    /// and may surge at the enemy when their leader's momentum or trump fails (P349, P350).
    #[serde(default)]
    pub eager_troops: bool,
    /// House rule B7 (inspired by the Mutford house rules): the battle's woods are dense, closed
    /// to all but light foot and skirmishers, missiles reach one hex in them, and units deep
    /// inside may lose their way (P356–P361).
    #[serde(default)]
    pub dense_woods: bool,
}

impl OptionalRules {
    /// (key in the file, rule number, field) for every optional rule.
    pub fn entries(&self) -> [(&'static str, &'static str, bool); 16] {
        [
            ("elite_commander_initiative", "5.5", self.elite_commander_initiative),
            ("contingent_commanders", "5.6", self.contingent_commanders),
            ("law_of_inertia", "6.14", self.law_of_inertia),
            ("drift_to_the_right", "6.5", self.drift_to_the_right),
            ("cavalry_pursuit", "9.4", self.cavalry_pursuit),
            ("engaged", "10.3", self.engaged),
            ("contingent_limit", "5.64", self.contingent_limit),
            ("out_of_sight_orders", "House B3", self.out_of_sight_orders),
            ("command_collapse", "House B9", self.command_collapse),
            ("leader_temperament", "House B1", self.leader_temperament),
            ("barbarian_activation", "House B2", self.barbarian_activation),
            ("levy_reluctance", "House B4", self.levy_reluctance),
            ("contagious_flight", "House B6", self.contagious_flight),
            ("shooting_into_melee", "House B8", self.shooting_into_melee),
            ("eager_troops", "House B5", self.eager_troops),
            ("dense_woods", "House B7", self.dense_woods),
        ]
    }

    fn set(&mut self, key: &str, value: bool) -> bool {
        let field = match key {
            "elite_commander_initiative" => &mut self.elite_commander_initiative,
            "contingent_commanders" => &mut self.contingent_commanders,
            "law_of_inertia" => &mut self.law_of_inertia,
            "drift_to_the_right" => &mut self.drift_to_the_right,
            "cavalry_pursuit" => &mut self.cavalry_pursuit,
            "engaged" => &mut self.engaged,
            "contingent_limit" => &mut self.contingent_limit,
            "out_of_sight_orders" => &mut self.out_of_sight_orders,
            "command_collapse" => &mut self.command_collapse,
            "leader_temperament" => &mut self.leader_temperament,
            "barbarian_activation" => &mut self.barbarian_activation,
            "levy_reluctance" => &mut self.levy_reluctance,
            "contagious_flight" => &mut self.contagious_flight,
            "shooting_into_melee" => &mut self.shooting_into_melee,
            "eager_troops" => &mut self.eager_troops,
            "dense_woods" => &mut self.dense_woods,
            _ => return false,
        };
        *field = value;
        true
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialRule {
    pub id: String,
    pub title: String,
    pub text: String,
    /// Ground this rule closes, which the engine then enforces (P151).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_entry: Vec<NoEntry>,
    /// The engine does not check this rule (yet): the players keep it themselves, and the game
    /// tells them so (scenario key `players_keep`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub players_keep: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    pub id: String,
    pub name: String,
    pub date: String,
    pub rules: RuleSet,
    pub summary: String,
    pub note: String,
    pub sources: Vec<String>,
    pub length: Option<String>,
    pub special_rules: Vec<SpecialRule>,
    pub optional_rules: OptionalRules,
    /// Fingerprints of earlier versions of this battle file that number its units and leaders as
    /// this one does (a unit's tag or a side's flag added): game links made on them still open.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier_versions: Vec<String>,
}

/// A map edge, for retreat (GBA 10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

impl Edge {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "north" => Some(Self::North),
            "south" => Some(Self::South),
            "east" => Some(Self::East),
            "west" => Some(Self::West),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::North => "north",
            Self::South => "south",
            Self::East => "east",
            Self::West => "west",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub retreat_edge: Edge,
    pub withdrawal_level: u16,
    /// Counts as Macedonian for activation ties (GBA 5.12: the non-Macedonian leader goes first).
    pub macedonian: bool,
    /// GBA only: Porus's army (Hydaspes). Its leaders have no Personal Combat rating (GBA 2.25,
    /// 9.23) and its LI count half their TQ in Rout Points (rulings P6, charts-draft §8.4).
    #[serde(default)]
    pub indian: bool,
    /// A barbarian army (house rule B2, rulings P335): under the optional rule its leaders'
    /// activation order is rolled each turn, and its leaders have no temperament (B1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub barbarian: bool,
    /// Line Command eligibility (GBA 4.31).
    pub line_command: Vec<LineType>,
    /// CG 11.42: the Flight Level of each guild or tribe, by its id; one not listed never flees.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub flight_levels: std::collections::BTreeMap<String, u8>,
}

/// A feature on the hexside between `a` and `b` (`a < b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexsideEntry {
    pub a: HexId,
    pub b: HexId,
    pub feature: HexsideFeature,
}

/// The battlefield: a rectangle of hexes with terrain, elevation and hexside features.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    pub columns: u8,
    pub rows: u8,
    /// Row-major: index `(row - 1) * columns + (col - 1)`.
    pub terrain: Vec<Terrain>,
    pub elevation: Vec<u8>,
    /// Sorted by `(a, b)`.
    pub hexsides: Vec<HexsideEntry>,
    /// The rampage compass (GBA 11.14, CG 10.14, A.12): the hexside an elephant rampages across
    /// for a roll of 1..=6, entry `roll - 1`.
    #[serde(default = "default_compass")]
    pub compass: [Hexside; 6],
    /// The camps on the map (CG 12.1): which hexes lie in which enclosure, and whose each is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub camps: Vec<crate::map::camp::Camp>,
    /// The city on the map (CG 12.2): its streets and the side holding its gates at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<crate::map::city::City>,
    /// Which hexes have a feature on some hexside: derived from `hexsides` on first use.
    #[serde(skip)]
    pub featured: FeaturedHexes,
    /// Each movement category's entry costs as the map is drawn: derived on first use.
    #[serde(skip)]
    pub drawn_costs: DrawnEntryCosts,
}

/// The cost for each movement category of entering each neighbour of each hex as the map is
/// drawn — no camp palisade breached, no tower destroyed (CG 12.31, 12.32) — by [`Map::index`]
/// and [`Hexside::index`], `None` where it may not; a hex's worked out on its first use by
/// `movement::entry_cost`, which the movement searches ask hundreds of thousands of times a
/// battle. Derived data: it takes no part in comparing maps, and a copy starts empty.
#[derive(Debug, Default)]
pub struct DrawnEntryCosts(pub(crate) [std::sync::OnceLock<Vec<DrawnHexCosts>>; 8]);

/// One hex's entry costs into its six neighbours ([`DrawnEntryCosts`]), once worked out.
pub(crate) type DrawnHexCosts = std::sync::OnceLock<[Option<crate::charts::movement_costs::Cost>; 6]>;

impl Clone for DrawnEntryCosts {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl PartialEq for DrawnEntryCosts {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for DrawnEntryCosts {}

/// Which hexes have a feature on some hexside, by [`Map::index`], worked out from the map's
/// `hexsides` on first use: most hexes have none, and movement asks about every hexside it
/// crosses. Derived data, so it takes no part in comparing maps.
#[derive(Clone, Debug, Default)]
pub struct FeaturedHexes(std::sync::OnceLock<Vec<bool>>);

impl PartialEq for FeaturedHexes {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for FeaturedHexes {}

/// The compass when a map gives none (P73): 1 north, then clockwise round the hexsides.
pub fn default_compass() -> [Hexside; 6] {
    use Hexside::*;
    [N, NE, SE, S, SW, NW]
}

impl Map {
    pub fn contains(&self, hex: HexId) -> bool {
        (1..=self.columns).contains(&hex.col) && (1..=self.rows).contains(&hex.row)
    }

    pub(crate) fn index(&self, hex: HexId) -> Option<usize> {
        self.contains(hex).then(|| (hex.row as usize - 1) * self.columns as usize + hex.col as usize - 1)
    }

    /// Has the map any woods (house rule B7 is offered only then, P362)?
    pub fn has_woods(&self) -> bool {
        self.hexes().any(|h| self.terrain(h) == Some(Terrain::Woods))
    }

    pub fn terrain(&self, hex: HexId) -> Option<Terrain> {
        self.index(hex).map(|i| self.terrain[i])
    }

    pub fn elevation(&self, hex: HexId) -> Option<u8> {
        self.index(hex).map(|i| self.elevation[i])
    }

    /// Every hex of the map, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        (1..=self.rows).flat_map(move |row| (1..=self.columns).map(move |col| HexId::new(col, row)))
    }

    /// The camp `hex` lies in and its enclosure there, 1 (royal) to 4 (outer) (CG 12.11).
    pub fn enclosure(&self, hex: HexId) -> Option<(usize, u8)> {
        self.camps.iter().enumerate().find_map(|(i, c)| c.enclosure(hex).map(|e| (i, e)))
    }

    /// Which way going from `from` into the adjacent `to` crosses a camp hexside (CG 12.12, P161).
    pub fn crossing(&self, from: HexId, to: HexId) -> crate::charts::movement_costs::Crossing {
        crate::map::camp::crossing(self, from, to)
    }

    pub fn hexside(&self, a: HexId, b: HexId) -> Option<HexsideFeature> {
        let featured = self.featured.0.get_or_init(|| {
            let mut featured = vec![false; self.terrain.len()];
            for e in &self.hexsides {
                for h in [e.a, e.b] {
                    if let Some(i) = self.index(h) {
                        featured[i] = true;
                    }
                }
            }
            featured
        });
        if self.index(a).is_some_and(|i| !featured[i]) {
            return None;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        self.hexsides.binary_search_by(|e| (e.a, e.b).cmp(&key)).ok().map(|i| self.hexsides[i].feature)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub meta: Meta,
    pub map: Map,
    pub sides: Vec<Side>,
    pub units: Vec<Unit>,
    pub leaders: Vec<Leader>,
    /// Where a battle set up mid-play starts (docs/scenario-format.md, `[position]` and the
    /// per-unit and per-leader marker keys); `None`: at its set-up, on turn 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
}

impl Scenario {
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.id == id)
    }
}

/// Ground a special rule closes (scenario key `no_entry` of a special rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoEntry {
    /// The side whose troops it binds, by id.
    pub side: String,
    /// The game turns it holds, first and last; `None`: the whole battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<(u16, u16)>,
    /// Which units it binds: every combat unit of the side unless `units` is false.
    pub units: bool,
    /// Units set up in these hexes are exempt.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except_set_up_in: Vec<HexId>,
    /// Leaders it binds, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<String>,
    /// Hexes of these terrains are closed...
    pub terrain: Vec<Terrain>,
    /// ...and, when set, every hex on the low-column side of them, row by row (P151).
    #[serde(default)]
    pub beyond: bool,
}
