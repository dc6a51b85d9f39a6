//! Terrain of hexes and hexsides (GBA 6.2, 6.26, 6.28; CG 4.3, 12.1x).

use serde::{Deserialize, Serialize};

/// What fills a hex. One letter each in a scenario's terrain grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Clear,
    Woods,
    Marsh,
    Rocky,
    Rough,
    RockyRiverbed,
    MajorRiver,
    Town,
    Camp,
    Stronghold,
    Water,
    /// A tower standing on a CG camp's palisade (CG 12.11, 12.18): a hex of the camp's third
    /// enclosure that holds missile units and artillery (ruling P170).
    CampTower,
    /// A street of a CG city (CG 12.21, 12.23): street movement along the street's steps.
    CityStreet,
    /// A square of a CG city (CG 12.21): open ground, a kind of street.
    CitySquare,
    /// A block of a CG city (CG 12.21, 12.22): houses and lanes, foot only.
    CityBlock,
    /// A temple of a CG city (CG 12.21): a kind of block.
    Temple,
    /// The palace of a CG city (CG 12.21, 12.43): a kind of block, the Retire Target Area.
    Palace,
}

impl Terrain {
    pub const ALL: [Terrain; 17] = [
        Self::Clear,
        Self::Woods,
        Self::Marsh,
        Self::Rocky,
        Self::Rough,
        Self::RockyRiverbed,
        Self::MajorRiver,
        Self::Town,
        Self::Camp,
        Self::Stronghold,
        Self::Water,
        Self::CampTower,
        Self::CityStreet,
        Self::CitySquare,
        Self::CityBlock,
        Self::Temple,
        Self::Palace,
    ];

    pub fn letter(self) -> char {
        match self {
            Self::Clear => '.',
            Self::Woods => 'w',
            Self::Marsh => 'm',
            Self::Rocky => 'r',
            Self::Rough => 'x',
            Self::RockyRiverbed => 'b',
            Self::MajorRiver => 'R',
            Self::Town => 't',
            Self::Camp => 'c',
            Self::Stronghold => 's',
            Self::Water => '~',
            Self::CampTower => 'T',
            Self::CityStreet => '=',
            Self::CitySquare => '+',
            Self::CityBlock => 'B',
            Self::Temple => 'H',
            Self::Palace => 'P',
        }
    }

    pub fn from_letter(c: char) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.letter() == c)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Clear => "clear",
            Self::Woods => "woods",
            Self::Marsh => "marsh",
            Self::Rocky => "rocky",
            Self::Rough => "rough",
            Self::RockyRiverbed => "rocky riverbed",
            Self::MajorRiver => "major river",
            Self::Town => "town",
            Self::Camp => "camp",
            Self::Stronghold => "stronghold",
            Self::Water => "sea or lake",
            Self::CampTower => "camp tower",
            Self::CityStreet => "city street",
            Self::CitySquare => "city square",
            Self::CityBlock => "city block",
            Self::Temple => "temple",
            Self::Palace => "palace",
        }
    }

    /// Rough hexes (GBA 6.28; CG 6.24, every non-clear hex of the CG terrains outside camp and city)
    /// matter for withdrawal, harassment and facing hits.
    pub fn is_rough(self) -> bool {
        matches!(self, Self::Woods | Self::Marsh | Self::Rocky | Self::Rough | Self::RockyRiverbed | Self::MajorRiver)
    }

    /// No unit or leader may ever stand here.
    pub fn is_impassable(self) -> bool {
        self == Self::Water
    }
}

/// A feature drawn along the edge between two hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum HexsideFeature {
    Stream,
    MinorRiver,
    SteepBankedStream,
    SteepBank,
    SteepSlope,
    SheerSlope,
    Wall,
    Gate,
    CityGate,
    Berm,
    Palisade,
    Moat,
    Thorns,
    Wagons,
    /// A gate in a camp's palisade (CG 12.11): the one way in for cavalry, chariots and
    /// elephants. Unlike [`HexsideFeature::Gate`] (GBA 6.26, free) it has the camp chart's costs.
    CampGate,
}

impl HexsideFeature {
    pub const ALL: [HexsideFeature; 15] = [
        Self::Stream,
        Self::MinorRiver,
        Self::SteepBankedStream,
        Self::SteepBank,
        Self::SteepSlope,
        Self::SheerSlope,
        Self::Wall,
        Self::Gate,
        Self::CityGate,
        Self::Berm,
        Self::Palisade,
        Self::Moat,
        Self::Thorns,
        Self::Wagons,
        Self::CampGate,
    ];

    /// The key used in a scenario's `[map.hexsides]` table.
    pub fn key(self) -> &'static str {
        match self {
            Self::Stream => "stream",
            Self::MinorRiver => "minor_river",
            Self::SteepBankedStream => "steep_banked_stream",
            Self::SteepBank => "steep_bank",
            Self::SteepSlope => "steep_slope",
            Self::SheerSlope => "sheer_slope",
            Self::Wall => "wall",
            Self::Gate => "gate",
            Self::CityGate => "city_gate",
            Self::Berm => "berm",
            Self::Palisade => "palisade",
            Self::Moat => "moat",
            Self::Thorns => "thorns",
            Self::Wagons => "wagons",
            Self::CampGate => "camp_gate",
        }
    }

    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.key() == key)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Stream => "stream",
            Self::MinorRiver => "minor river",
            Self::SteepBankedStream => "steep-banked stream",
            Self::SteepBank => "steep bank",
            Self::SteepSlope => "steep slope",
            Self::SheerSlope => "sheer slope",
            Self::Wall => "city wall",
            Self::Gate => "gate",
            Self::CityGate => "city gate",
            Self::Berm => "berm and ditch",
            Self::Palisade => "palisade",
            Self::Moat => "moat",
            Self::Thorns => "thorn hedge",
            Self::Wagons => "wagon laager",
            Self::CampGate => "camp gate",
        }
    }

    /// The fortified hexsides of a CG camp that nobody withdraws, retreats or routs across
    /// (CG 12.14): berm and ditch, palisade, moat, thorns, wagons. A camp gate is not one of them:
    /// routers go out through it (CG 12.11, 11.24; ruling P162).
    pub fn is_camp_fortification(self) -> bool {
        matches!(self, Self::Berm | Self::Palisade | Self::Moat | Self::Thorns | Self::Wagons)
    }

    /// Every hexside of a CG camp's enclosures, its gates included: crossing one has a direction
    /// (CG 12.12) and zones of control stop at it (CG 12.15, 12.16; ruling P162).
    pub fn is_camp_hexside(self) -> bool {
        self.is_camp_fortification() || self == Self::CampGate
    }

    /// Rough hexsides (GBA 6.28).
    pub fn is_rough(self) -> bool {
        matches!(
            self,
            Self::SteepSlope | Self::SheerSlope | Self::SteepBank | Self::SteepBankedStream | Self::MinorRiver
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_keys_round_trip_and_are_unique() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_letter(t.letter()), Some(t));
        }
        for f in HexsideFeature::ALL {
            assert_eq!(HexsideFeature::from_key(f.key()), Some(f));
        }
        assert_eq!(Terrain::from_letter('?'), None);
    }

    #[test]
    fn rough_terrain_is_the_list_of_gba_6_28() {
        let rough: Vec<_> = Terrain::ALL.into_iter().filter(|t| t.is_rough()).collect();
        assert_eq!(
            rough,
            [
                Terrain::Woods,
                Terrain::Marsh,
                Terrain::Rocky,
                Terrain::Rough,
                Terrain::RockyRiverbed,
                Terrain::MajorRiver
            ]
        );
        assert!(HexsideFeature::MinorRiver.is_rough());
        assert!(!HexsideFeature::Stream.is_rough());
    }
}
