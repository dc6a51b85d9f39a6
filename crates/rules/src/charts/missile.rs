//! Missile Range and Results chart (GBA 9.51, CG 9.41) as data: a unit's missile strength at each
//! range, its maximum range, and the modifiers and hit values of GBA 8.15–8.17 / CG 8.17–8.19
//! that go with it.
//!
//! The books name the chart but do not print it. The strengths are the proposal of
//! `shared/rules/charts-draft.md` §5: four values are fixed by worked examples
//! ([`Origin::Recovered`]), the rest are [`Origin::Designed`]. The die-roll modifiers, the hit
//! values and the supply rolls are printed rules and are carried here so the combat engine reads
//! one place. Reasons: `docs/charts/combat.md` §5.
//!
//! A volley hits when the modified die roll is at most the strength at that range (GBA 8.15,
//! CG 8.17). At one hex beyond the maximum range (extended range) firing downhill only a natural
//! 0 hits, whatever the modifiers (GBA 8.16, CG 8.16; rulings R4); firing from a CG camp tower
//! an adjusted 0 — the roll plus its modifiers at most 0 (CG 12.18; rulings P172). The engine
//! decides when extended range is allowed. H&D fire is resolved at range 1, Retire
//! Reaction Fire and fire during Orderly Withdrawal at range 2 (GBA 8.22, 8.31, 6.76).

use super::Origin;
use crate::scenario::units::{Missile, UnitClass, UnitType};
use crate::scenario::RuleSet;

/// The lines of the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MissileLine {
    /// A, foot bow: LI-A, SK-A; CG Sreni, Tribal and foreign archers.
    FootBow,
    /// A*, long bow (CG; a GBA scenario may give it to Indian archers, CG 8.19 design note).
    LongBow,
    /// A, mounted bow: LC-A, chariot archers, CG "A" elephants.
    MountedBow,
    /// S, sling: SK-S, LI-S.
    Sling,
    /// J, foot javelin: SK-J, SK*, LI-J, LP, Cardaces.
    FootJavelin,
    /// J, mounted javelin: LC-J, elephant riders (GBA 11.12, CG 10.12), chariot javelins.
    MountedJavelin,
    /// a, elephant screen (reaction fire only, GBA 8.25).
    ElephantScreen,
    /// B, oxybeles (GBA artillery); the counter prints its own range, at most 10 here.
    Oxybeles,
    /// CG light bolt-thrower (two shots per Orders Phase).
    Yantra,
    /// CG ballista.
    Jamadagnya,
    /// CG catapult; it cannot fire at range 1.
    Sarvatobhadra,
}

impl MissileLine {
    pub const ALL: [MissileLine; 11] = [
        Self::FootBow,
        Self::LongBow,
        Self::MountedBow,
        Self::Sling,
        Self::FootJavelin,
        Self::MountedJavelin,
        Self::ElephantScreen,
        Self::Oxybeles,
        Self::Yantra,
        Self::Jamadagnya,
        Self::Sarvatobhadra,
    ];

    /// Whether the line belongs to a rule set. The long bow is CG's, but GBA scenarios may use it.
    pub fn used_in(self, rules: RuleSet) -> bool {
        match self {
            Self::Oxybeles => rules == RuleSet::Alexander,
            Self::Yantra | Self::Jamadagnya | Self::Sarvatobhadra => rules == RuleSet::Chandragupta,
            _ => true,
        }
    }

    /// The line a unit fires on, from its type and missile (GBA 2.21, CG 2.21). Elephant screens
    /// are not a unit missile: the engine uses [`MissileLine::ElephantScreen`] for them. A CG
    /// artillery unit's line depends on the engine named by the scenario, so `Bolt` in CG gives
    /// `None`.
    pub fn for_unit(rules: RuleSet, kind: UnitType, missile: Missile) -> Option<Self> {
        use UnitType::*;
        let mounted = matches!(kind, LC | LN | HC | EL | CH | ChStar);
        Some(match missile {
            Missile::Arrow if mounted => Self::MountedBow,
            Missile::Arrow => Self::FootBow,
            Missile::LongBow => Self::LongBow,
            Missile::Sling => Self::Sling,
            Missile::Javelin if mounted => Self::MountedJavelin,
            Missile::Javelin => Self::FootJavelin,
            Missile::Bolt if rules == RuleSet::Alexander => Self::Oxybeles,
            Missile::Bolt => return None,
        })
    }

    /// The line of a Chandragupta engine (CG 10.5).
    pub fn for_engine(engine: crate::scenario::units::Engine) -> Self {
        use crate::scenario::units::Engine;
        match engine {
            Engine::Yantra => Self::Yantra,
            Engine::Jamadagnya => Self::Jamadagnya,
            Engine::Sarvatobhadra => Self::Sarvatobhadra,
        }
    }

    /// A unit's own line: its engine's, else its type's and missile's.
    pub fn of_unit(rules: RuleSet, u: &crate::scenario::units::Unit) -> Option<Self> {
        match u.engine {
            Some(e) => Some(Self::for_engine(e)),
            None => Self::for_unit(rules, u.kind, u.missile?),
        }
    }

    /// A (and a) lines: bows and the elephant screen. A* is not counted here.
    pub fn is_bow(self) -> bool {
        matches!(self, Self::FootBow | Self::MountedBow | Self::ElephantScreen)
    }

    pub fn is_artillery(self) -> bool {
        matches!(self, Self::Oxybeles | Self::Yantra | Self::Jamadagnya | Self::Sarvatobhadra)
    }

    pub fn is_javelin(self) -> bool {
        matches!(self, Self::FootJavelin | Self::MountedJavelin)
    }
}

/// One line of the chart: strength at ranges 1, 2, …; a 0 means no fire at that range
/// (Sarvatobhadra at range 1). The maximum range is the length of `strengths`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineData {
    pub line: MissileLine,
    pub strengths: &'static [u8],
}

/// The chart, in [`MissileLine::ALL`] order.
pub const CHART: [LineData; 11] = [
    LineData { line: MissileLine::FootBow, strengths: &[4, 3, 2, 1] },
    LineData { line: MissileLine::LongBow, strengths: &[6, 6, 4, 2, 1] },
    LineData { line: MissileLine::MountedBow, strengths: &[4, 3, 1] },
    LineData { line: MissileLine::Sling, strengths: &[5, 3, 2] },
    LineData { line: MissileLine::FootJavelin, strengths: &[4] },
    LineData { line: MissileLine::MountedJavelin, strengths: &[4, 2] },
    LineData { line: MissileLine::ElephantScreen, strengths: &[3, 2] },
    LineData { line: MissileLine::Oxybeles, strengths: &[5, 5, 4, 4, 3, 3, 2, 2, 1, 1] },
    LineData { line: MissileLine::Yantra, strengths: &[4, 4, 3, 3, 2, 1] },
    LineData { line: MissileLine::Jamadagnya, strengths: &[5, 5, 4, 4, 3, 3, 2, 1] },
    LineData { line: MissileLine::Sarvatobhadra, strengths: &[0, 3, 3, 3, 3, 2, 2, 1, 1] },
];

/// Strength cells fixed by worked examples: (line, range, rule).
pub const RECOVERED_STRENGTHS: [(MissileLine, u8, &str); 2] = [
    (MissileLine::FootBow, 2, "GBA 8.15 Cretan archer example: a foot archer's strength at range 2 is 3"),
    (MissileLine::LongBow, 2, "CG 8.17 example: the long bow's strength at range 2 is 6"),
];

/// Maximum ranges fixed by worked examples: (line, rule).
pub const RECOVERED_MAX_RANGES: [(MissileLine, &str); 2] = [
    (MissileLine::FootBow, "GBA 8.3 Issus example (a foot archer fires at range 4); CG 8.18 example: maximum range 4"),
    (MissileLine::MountedBow, "GBA 8.16 example: a mounted archer's normal maximum range is 3"),
];

/// The Sarvatobhadra's value against a city gate (CG 12.35); the rules name it, the value is
/// designed.
pub const SARVATOBHADRA_GATE_VALUE: u8 = 3;

/// The line's data.
pub fn line_data(line: MissileLine) -> &'static LineData {
    &CHART[line as usize]
}

/// The line's maximum range. For the oxybeles the counter's printed range limits it further
/// (GBA 2.24): pass it as `printed_range`.
pub fn max_range(line: MissileLine, printed_range: Option<u8>) -> u8 {
    let chart = line_data(line).strengths.len() as u8;
    match (line, printed_range) {
        (MissileLine::Oxybeles, Some(printed)) => printed.min(chart),
        _ => chart,
    }
}

/// A line's strength at one range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthCell {
    pub strength: u8,
    pub origin: Origin,
}

/// The strength at `range` (1 = adjacent), or `None` when the line cannot fire at that range
/// (0, beyond the maximum, or the Sarvatobhadra at range 1). Extended range is
/// [`missile_hits`]'s business.
pub fn missile_strength(line: MissileLine, range: u8) -> Option<StrengthCell> {
    let strengths = line_data(line).strengths;
    let strength = *strengths.get((range as usize).checked_sub(1)?)?;
    if strength == 0 {
        return None;
    }
    let origin = RECOVERED_STRENGTHS
        .iter()
        .find(|&&(l, r, _)| l == line && r == range)
        .map_or(Origin::Designed, |&(_, _, rule)| Origin::Recovered(rule));
    Some(StrengthCell { strength, origin })
}

/// Where the maximum range of a line comes from.
pub fn max_range_origin(line: MissileLine) -> Origin {
    RECOVERED_MAX_RANGES
        .iter()
        .find(|&&(l, _)| l == line)
        .map_or(Origin::Designed, |&(_, rule)| Origin::Recovered(rule))
}

/// Hits per successful volley (GBA 8.15, CG 8.17): 1; 2 against an elephant, and in GBA against
/// a chariot too, unless (GBA) the firer is an elephant.
pub fn hits_per_success(rules: RuleSet, firer: UnitType, target: UnitType) -> u8 {
    use UnitType::*;
    match rules {
        RuleSet::Alexander if matches!(target, EL | CH | ChStar) && firer != EL => 2,
        RuleSet::Chandragupta if target == EL => 2,
        _ => 1,
    }
}

/// One volley, as the combat engine sets it up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Volley {
    pub rules: RuleSet,
    pub line: MissileLine,
    /// 1 = adjacent; maximum + 1 is extended range, which the engine allows only when the rules
    /// do (firing downhill; from a CG tower).
    pub range: u8,
    /// The oxybeles counter's printed range (GBA 2.24); `None` for every other line.
    pub printed_range: Option<u8>,
    pub firer: UnitType,
    pub target: UnitType,
    /// CG 12.18: fired from a camp tower, whose extended range needs an adjusted 0 (P172).
    pub from_tower: bool,
}

/// The hits one volley does (GBA 8.15–8.16, CG 8.16–8.17): `natural_dr` is the unmodified roll
/// (0–9) and `drm` the sum of the modifiers ([`target_drm`], [`moving_drm`], terrain and works).
/// At extended range only a natural 0 hits (rulings R4), from a camp tower an adjusted 0 (CG
/// 12.18, P172); out of range nothing does.
pub fn missile_hits(volley: &Volley, natural_dr: u8, drm: i32) -> u8 {
    let max = max_range(volley.line, volley.printed_range);
    let hit = if volley.range == max + 1 {
        extended_hit(volley.from_tower, natural_dr, drm)
    } else if volley.range > max {
        false
    } else {
        missile_strength(volley.line, volley.range).is_some_and(|cell| natural_dr as i32 + drm <= cell.strength as i32)
    };
    if hit {
        hits_per_success(volley.rules, volley.firer, volley.target)
    } else {
        0
    }
}

/// Reads a missile result as the chart gives it, `hit` or `miss`, for forcing the next volley's
/// result in testing (`sarissa run --missile-result`). A hit does what a hit does: two hits on
/// an elephant, for instance (GBA 8.15, CG 8.17).
pub fn parse_result(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "hit" => Ok(true),
        "miss" => Ok(false),
        other => Err(format!(
            "`{other}` is not a missile result: the Missile Range and Results Chart gives a hit or nothing, so write hit or miss"
        )),
    }
}

/// Whether a volley at extended range hits: a natural 0 (GBA 8.16, CG 8.16; rulings R4), or
/// from a camp tower an adjusted 0, the roll plus every modifier at most 0 (CG 12.18; P172).
pub fn extended_hit(from_tower: bool, natural_dr: u8, drm: i32) -> bool {
    if from_tower {
        natural_dr as i32 + drm <= 0
    } else {
        natural_dr == 0
    }
}

/// The printed die-roll modifiers (GBA 8.15, CG 8.17) that depend on the target or the firer's
/// line; each with its GBA and CG value (`None` = not in that rule set) and rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissileModifier {
    /// Target in Woods (GBA) / Forest (CG): +1.
    TargetInWoods,
    /// Target PH or HI: +1 (armour). CG: not against long-bow fire.
    TargetPhOrHi,
    /// Target PH or HI hit by a bow, sling (GBA: or elephant screen; CG: or long bow) at range 1
    /// through its front: +3 instead of +1.
    TargetPhOrHiFrontRange1,
    /// Target is a skirmisher: +2.
    TargetSkirmisher,
    /// CG: target Cat HC, Cat EL or CH*: +2 against bows, +1 against long bows, javelins, slings.
    TargetCataphract,
    /// Firer moved or will move this order (H&D always): +1. GBA: bows, slings, mounted javelins;
    /// CG: every firer but foot javelins.
    FirerMoving,
    /// CG 12.18: a volley across a camp palisade (Wall) or camp gate: slings +1, archers (A, A*
    /// and the elephant screen's a) +2, javelins +4 ([`camp_wall_drm`]); the value listed is the
    /// archers'.
    AcrossCampWall,
    /// CG 12.18: a volley fired from a camp tower: −1, and no wall modifier (P173).
    FromCampTower,
    /// CG 12.18: a volley at a unit in a camp tower: archers and slingers +1, javelins +2
    /// ([`camp_tower_target_drm`]), instead of any wall modifier (P173); the value listed is
    /// the javelins'.
    AtCampTower,
    /// CG 12.29 (designed, rulings P230): a volley across the city's wall or a city gate not
    /// yet breached: the camp wall's values ([`camp_wall_drm`]); the value listed is the
    /// archers'.
    AcrossCityWall,
    /// CG 12.29 (designed, rulings P230): a volley at a unit in a city block, temple or palace:
    /// +1, as for a target in forest.
    AtCityBlock,
}

/// The modifiers and their rules.
pub const MODIFIERS: [(MissileModifier, Option<i8>, Option<i8>, Origin); 11] = [
    (
        MissileModifier::TargetInWoods,
        Some(1),
        Some(1),
        Origin::Recovered("GBA 8.15 DRM 1; CG 8.17: target in Woods / Forest +1"),
    ),
    (MissileModifier::TargetPhOrHi, Some(1), Some(1), Origin::Recovered("GBA 8.15 DRM 2; CG 8.17: target PH or HI +1")),
    (
        MissileModifier::TargetPhOrHiFrontRange1,
        Some(3),
        Some(3),
        Origin::Recovered("GBA 8.15 DRM 3; CG 8.17: PH or HI at range 1 through its front +3, instead of +1"),
    ),
    (MissileModifier::TargetSkirmisher, Some(2), Some(2), Origin::Recovered("GBA 8.15 DRM 5; CG 8.17: target SK +2")),
    (
        MissileModifier::TargetCataphract,
        None,
        Some(2),
        Origin::Recovered("CG 8.17, 10.18, 10.25: cataphracted target +2 against A, +1 against A*, J, S"),
    ),
    (
        MissileModifier::FirerMoving,
        Some(1),
        Some(1),
        Origin::Recovered("GBA 8.15 DRM 4; CG 8.17: a firer that moves +1 (never foot javelins)"),
    ),
    (MissileModifier::AcrossCampWall, None, Some(2), CAMP_WALL_ORIGIN),
    (MissileModifier::FromCampTower, None, Some(CAMP_TOWER_FIRER_DRM as i8), CAMP_TOWER_FIRER_ORIGIN),
    (MissileModifier::AtCampTower, None, Some(2), CAMP_TOWER_TARGET_ORIGIN),
    (MissileModifier::AcrossCityWall, None, Some(2), CITY_WALL_ORIGIN),
    (MissileModifier::AtCityBlock, None, Some(CITY_BLOCK_TARGET_DRM as i8), CITY_BLOCK_TARGET_ORIGIN),
];

/// Where the city wall's modifier comes from: the City Effects Chart (T15) that would hold it
/// is missing, and 12.29 names none. The wall is of the same mud brick and timber as the camp's
/// palisade is of stakes and earth, and hinders a volley across it as much: 12.18's values.
pub const CITY_WALL_ORIGIN: Origin = Origin::Designed;

/// The modifier for a volley at a unit in a city block, temple or palace (CG 12.29; rulings
/// P230): the houses shelter it as trees do, so forest's +1 (CG 8.17).
pub const CITY_BLOCK_TARGET_DRM: i32 = 1;

/// Where the city block's modifier comes from: designed, as forest (T15 is missing).
pub const CITY_BLOCK_TARGET_ORIGIN: Origin = Origin::Designed;

/// The modifier of every volley fired from a camp tower (CG 12.18; rulings P173).
pub const CAMP_TOWER_FIRER_DRM: i32 = -1;

/// Where the tower firer's modifier comes from.
pub const CAMP_TOWER_FIRER_ORIGIN: Origin =
    Origin::Recovered("CG 12.18: from a camp Tower no Wall modifier, and -1 to every roll");

/// Where the modifiers against a unit in a tower come from.
pub const CAMP_TOWER_TARGET_ORIGIN: Origin =
    Origin::Recovered("CG 12.18: at a unit in a camp Tower, archers and slingers +1, javelinists +2");

/// The modifier for a volley at a unit in a camp tower (CG 12.18; rulings P169, P173): slings and
/// archers — the A, A* and a lines — +1; javelins, foot or mounted, +2; artillery none.
pub fn camp_tower_target_drm(line: MissileLine) -> i32 {
    use MissileLine::*;
    match line {
        Sling | FootBow | LongBow | MountedBow | ElephantScreen => 1,
        FootJavelin | MountedJavelin => 2,
        Oxybeles | Yantra | Jamadagnya | Sarvatobhadra => 0,
    }
}

/// Where the camp wall modifiers come from.
pub const CAMP_WALL_ORIGIN: Origin =
    Origin::Recovered("CG 12.18: across a camp Wall or Gate, slingers +1, archers +2, javelinists +4");

/// The modifier for a volley across a camp palisade or camp gate (CG 12.18; rulings P169):
/// slings +1; archers — the A, A* and a (elephant screen) lines — +2; javelins, foot or mounted,
/// +4. Artillery is none of these and takes none.
pub fn camp_wall_drm(line: MissileLine) -> i32 {
    use MissileLine::*;
    match line {
        Sling => 1,
        FootBow | LongBow | MountedBow | ElephantScreen => 2,
        FootJavelin | MountedJavelin => 4,
        Oxybeles | Yantra | Jamadagnya | Sarvatobhadra => 0,
    }
}

/// The target's modifiers for a volley on `line` at `range` (not terrain, not works): armour,
/// skirmisher and (CG) cataphract. `through_front` says whether the fire enters through one of
/// the target's front hexsides; `cataphract` whether the target is Cat HC, Cat EL or CH* (the
/// engine knows the class; CH* counts whatever is passed).
pub fn target_drm(
    rules: RuleSet,
    line: MissileLine,
    target: UnitType,
    cataphract: bool,
    range: u8,
    through_front: bool,
) -> i32 {
    use MissileLine::*;
    use UnitType::*;
    let mut drm = 0;
    if matches!(target, PH | HI) {
        // GBA 8.15 DRM 3: slingers, archers (foot or mounted) and elephant screens; CG 8.17: S, A
        // or A*, the screen being read as an "A" bow in both (rulings P23).
        let close_volley = line.is_bow() || matches!(line, Sling | LongBow);
        if close_volley && range == 1 && through_front {
            drm += 3;
        } else if !(rules == RuleSet::Chandragupta && line == LongBow) {
            drm += 1;
        }
    }
    if matches!(target, SK | SkStar) {
        drm += 2;
    }
    if rules == RuleSet::Chandragupta && (cataphract || target == ChStar) {
        drm += if line.is_bow() {
            2
        } else if line.is_javelin() || matches!(line, Sling | LongBow) {
            1
        } else {
            0
        };
    }
    drm
}

/// The firer's modifier when it moved or will move in this order, or fires in H&D (GBA 8.15
/// DRM 4, 8.31; CG 8.17): +1, but never for foot javelins (and in GBA only for bows, slings and
/// mounted javelins).
pub fn moving_drm(rules: RuleSet, line: MissileLine) -> i32 {
    use MissileLine::*;
    let applies = match rules {
        RuleSet::Alexander => matches!(line, FootBow | MountedBow | LongBow | Sling | MountedJavelin),
        RuleSet::Chandragupta => line != FootJavelin,
    };
    applies as i32
}

/// Whether a volley's natural roll sends the firer to Missile Low (GBA 8.17, CG 8.19): 9 for
/// bows, long bows, slings and screens; 7–9 for javelins; artillery never runs out.
pub fn goes_missile_low(line: MissileLine, natural_dr: u8) -> bool {
    if line.is_artillery() {
        false
    } else if line.is_javelin() {
        natural_dr >= 7
    } else {
        natural_dr == 9
    }
}

/// The class of unit that the CG cataphract modifier covers (CG 10.18, 10.25, 8.17): HC or EL of
/// class Cat, and CH*.
pub fn is_cataphract(kind: UnitType, class: Option<UnitClass>) -> bool {
    kind == UnitType::ChStar || (matches!(kind, UnitType::HC | UnitType::EL) && class == Some(UnitClass::Cat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;
    use MissileLine::*;
    use RuleSet::*;
    use UnitType::*;

    fn v(rules: RuleSet, line: MissileLine, range: u8, firer: UnitType, target: UnitType) -> Volley {
        Volley { rules, line, range, printed_range: None, firer, target, from_tower: false }
    }

    fn hits(volley: Volley, natural_dr: u8, drm: i32) -> u8 {
        missile_hits(&volley, natural_dr, drm)
    }

    fn strength(line: MissileLine, range: u8) -> Option<u8> {
        missile_strength(line, range).map(|c| c.strength)
    }

    #[test]
    fn chart_follows_the_line_order() {
        for (i, line) in MissileLine::ALL.into_iter().enumerate() {
            assert_eq!(CHART[i].line, line);
            assert_eq!(line as usize, i);
        }
    }

    #[test]
    fn gba_8_15_cretan_archer_range_2_strength_3_hits_on_2_not_on_6() {
        assert_eq!(strength(FootBow, 2), Some(3));
        assert!(missile_strength(FootBow, 2).unwrap().origin.is_recovered());
        // Median cavalry: no modifiers.
        assert_eq!(hits(v(Alexander, FootBow, 2, SK, LC), 2, 0), 1);
        assert_eq!(hits(v(Alexander, FootBow, 2, SK, LC), 6, 0), 0);
        assert_eq!(hits(v(Alexander, FootBow, 2, SK, LC), 9, 0), 0);
        assert!(goes_missile_low(FootBow, 9));
    }

    #[test]
    fn gba_8_3_and_cg_8_18_foot_archers_reach_range_4() {
        assert_eq!(max_range(FootBow, None), 4);
        assert!(strength(FootBow, 4).is_some());
        assert!(max_range_origin(FootBow).is_recovered());
    }

    #[test]
    fn gba_8_16_mounted_archer_range_3_and_4_only_on_a_natural_0() {
        assert_eq!(max_range(MountedBow, None), 3);
        assert!(max_range_origin(MountedBow).is_recovered());
        // Extended range from a height: range 4 hits on a natural 0 only, whatever the modifiers.
        assert_eq!(hits(v(Alexander, MountedBow, 4, LC, LI), 0, 5), 1);
        assert_eq!(hits(v(Alexander, MountedBow, 4, LC, LI), 1, -3), 0);
        assert_eq!(hits(v(Alexander, MountedBow, 5, LC, LI), 0, 0), 0);
    }

    #[test]
    fn cg_8_17_long_bow_range_2_strength_6() {
        assert_eq!(strength(LongBow, 2), Some(6));
        assert!(missile_strength(LongBow, 2).unwrap().origin.is_recovered());
        // CG 8.17 example: a long bow against a cataphracted elephant at range 2, +1.
        let drm = target_drm(Chandragupta, LongBow, EL, true, 2, true);
        assert_eq!(drm, 1);
        assert_eq!(hits(v(Chandragupta, LongBow, 2, LI, EL), 5, drm), 2);
        assert_eq!(hits(v(Chandragupta, LongBow, 2, LI, EL), 6, drm), 0);
    }

    #[test]
    fn only_the_examples_are_recovered() {
        let mut n = 0;
        for line in MissileLine::ALL {
            for range in 1..=10 {
                if let Some(StrengthCell { origin: Origin::Recovered(rule), .. }) = missile_strength(line, range) {
                    assert!(cites_a_rule(rule));
                    n += 1;
                }
            }
            if let Origin::Recovered(rule) = max_range_origin(line) {
                assert!(cites_a_rule(rule));
                n += 1;
            }
        }
        assert_eq!(n, 4);
    }

    #[test]
    fn the_draft_strengths_and_ranges() {
        let expect: [(MissileLine, &[u8], u8); 11] = [
            (FootBow, &[4, 3, 2, 1], 4),
            (LongBow, &[6, 6, 4, 2, 1], 5),
            (MountedBow, &[4, 3, 1], 3),
            (Sling, &[5, 3, 2], 3),
            (FootJavelin, &[4], 1),
            (MountedJavelin, &[4, 2], 2),
            (ElephantScreen, &[3, 2], 2),
            (Oxybeles, &[5, 5, 4, 4, 3, 3, 2, 2, 1, 1], 10),
            (Yantra, &[4, 4, 3, 3, 2, 1], 6),
            (Jamadagnya, &[5, 5, 4, 4, 3, 3, 2, 1], 8),
            (Sarvatobhadra, &[3, 3, 3, 3, 2, 2, 1, 1], 9),
        ];
        for (line, strengths, max) in expect {
            assert_eq!(max_range(line, None), max, "{line:?}");
            let first = if line == Sarvatobhadra { 2 } else { 1 };
            let got: Vec<u8> = (first..=max).map(|r| strength(line, r).unwrap()).collect();
            assert_eq!(got, strengths, "{line:?}");
            assert_eq!(strength(line, max + 1), None);
            assert_eq!(strength(line, 0), None);
        }
        assert_eq!(SARVATOBHADRA_GATE_VALUE, 3);
    }

    #[test]
    fn strength_never_rises_with_range_charts_draft_5() {
        for data in CHART {
            let s: Vec<u8> = data.strengths.iter().copied().filter(|&s| s > 0).collect();
            assert!(s.windows(2).all(|w| w[1] <= w[0]), "{:?}", data.line);
        }
    }

    #[test]
    fn foot_javelins_never_reach_range_2_so_no_retire_fire_gba_2_4_8_22() {
        assert_eq!(max_range(FootJavelin, None), 1);
        assert!(max_range(MountedJavelin, None) >= 2);
    }

    #[test]
    fn sarvatobhadra_cannot_fire_at_range_1() {
        assert_eq!(strength(Sarvatobhadra, 1), None);
        assert_eq!(hits(v(Chandragupta, Sarvatobhadra, 1, AT, PH), 0, 0), 0);
    }

    #[test]
    fn oxybeles_reach_is_its_printed_range_gba_2_24() {
        assert_eq!(max_range(Oxybeles, Some(6)), 6);
        assert_eq!(max_range(Oxybeles, Some(12)), 10);
        // Range 7 is extended range for a range-6 engine.
        assert_eq!(hits(Volley { printed_range: Some(6), ..v(Alexander, Oxybeles, 7, AT, PH) }, 1, 0), 0);
        assert_eq!(hits(Volley { printed_range: Some(6), ..v(Alexander, Oxybeles, 7, AT, PH) }, 0, 0), 1);
        assert_eq!(hits(v(Alexander, Oxybeles, 7, AT, PH), 1, 0), 1);
    }

    #[test]
    fn elephants_and_gba_chariots_take_two_hits_unless_an_elephant_fires_gba_8_15() {
        assert_eq!(hits_per_success(Alexander, LI, EL), 2);
        assert_eq!(hits_per_success(Alexander, LI, CH), 2);
        assert_eq!(hits_per_success(Alexander, EL, EL), 1);
        assert_eq!(hits_per_success(Alexander, EL, CH), 1);
        assert_eq!(hits_per_success(Alexander, LI, PH), 1);
        assert_eq!(hits_per_success(Chandragupta, LI, EL), 2);
        assert_eq!(hits_per_success(Chandragupta, LI, CH), 1);
    }

    #[test]
    fn armour_gba_8_15_plus_1_and_plus_3_through_the_front_at_range_1() {
        assert_eq!(target_drm(Alexander, FootBow, HI, false, 2, true), 1);
        assert_eq!(target_drm(Alexander, FootBow, HI, false, 1, true), 3);
        assert_eq!(target_drm(Alexander, FootBow, PH, false, 1, false), 1);
        assert_eq!(target_drm(Alexander, Sling, PH, false, 1, true), 3);
        assert_eq!(target_drm(Alexander, ElephantScreen, HI, false, 1, true), 3);
        assert_eq!(target_drm(Alexander, MountedBow, HI, false, 1, true), 3);
        // Not javelins, not bolts.
        assert_eq!(target_drm(Alexander, FootJavelin, HI, false, 1, true), 1);
        assert_eq!(target_drm(Alexander, Oxybeles, PH, false, 1, true), 1);
        assert_eq!(target_drm(Alexander, FootBow, MI, false, 1, true), 0);
    }

    #[test]
    fn skirmisher_targets_plus_2_gba_8_15() {
        assert_eq!(target_drm(Alexander, Sling, SK, false, 1, true), 2);
        assert_eq!(target_drm(Alexander, FootBow, SkStar, false, 2, true), 2);
    }

    #[test]
    fn cg_8_17_long_bow_ignores_armour_beyond_range_1_and_cataphracts_resist_bows_more() {
        assert_eq!(target_drm(Chandragupta, LongBow, HI, false, 2, true), 0);
        assert_eq!(target_drm(Chandragupta, LongBow, HI, false, 1, true), 3);
        assert_eq!(target_drm(Chandragupta, FootBow, EL, true, 2, true), 2);
        assert_eq!(target_drm(Chandragupta, Sling, HC, true, 2, true), 1);
        assert_eq!(target_drm(Chandragupta, FootJavelin, ChStar, false, 1, true), 1);
        assert_eq!(target_drm(Chandragupta, Jamadagnya, ChStar, false, 3, true), 0);
        // GBA has no cataphract missile modifier.
        assert_eq!(target_drm(Alexander, FootBow, HC, true, 2, true), 0);
        assert!(is_cataphract(HC, Some(UnitClass::Cat)));
        assert!(is_cataphract(ChStar, None));
        assert!(!is_cataphract(HC, None));
    }

    #[test]
    fn moving_firer_plus_1_never_foot_javelins_gba_8_15_cg_8_17() {
        assert_eq!(moving_drm(Alexander, FootJavelin), 0);
        assert_eq!(moving_drm(Chandragupta, FootJavelin), 0);
        for line in [FootBow, MountedBow, Sling, MountedJavelin] {
            assert_eq!(moving_drm(Alexander, line), 1, "{line:?}");
            assert_eq!(moving_drm(Chandragupta, line), 1, "{line:?}");
        }
        assert_eq!(moving_drm(Alexander, Oxybeles), 0);
    }

    #[test]
    fn archers_prefer_range_2_against_heavy_foot_charts_draft_9_6() {
        // 20% at range 1 through the front, 30% at range 2.
        let p = |range: u8| {
            let drm = target_drm(Alexander, FootBow, HI, false, range, true);
            (0..10).filter(|&dr| hits(v(Alexander, FootBow, range, LI, HI), dr, drm) > 0).count()
        };
        assert_eq!((p(1), p(2)), (2, 3));
    }

    #[test]
    fn supply_low_on_9_javelins_on_7_to_9_artillery_never_gba_8_17() {
        assert!(!goes_missile_low(Sling, 8));
        assert!(goes_missile_low(LongBow, 9));
        assert!(goes_missile_low(FootJavelin, 7));
        assert!(!goes_missile_low(MountedJavelin, 6));
        assert!(!goes_missile_low(Oxybeles, 9));
    }

    #[test]
    fn lines_for_units_gba_2_21() {
        use crate::scenario::units::Missile as M;
        assert_eq!(MissileLine::for_unit(Alexander, LI, M::Arrow), Some(FootBow));
        assert_eq!(MissileLine::for_unit(Alexander, LC, M::Arrow), Some(MountedBow));
        assert_eq!(MissileLine::for_unit(Alexander, SkStar, M::Javelin), Some(FootJavelin));
        assert_eq!(MissileLine::for_unit(Alexander, EL, M::Javelin), Some(MountedJavelin));
        assert_eq!(MissileLine::for_unit(Alexander, AT, M::Bolt), Some(Oxybeles));
        assert_eq!(MissileLine::for_unit(Chandragupta, AT, M::Bolt), None);
        assert_eq!(MissileLine::for_unit(Chandragupta, LI, M::LongBow), Some(LongBow));
        assert!(!Oxybeles.used_in(Chandragupta) && !Yantra.used_in(Alexander) && LongBow.used_in(Alexander));
    }

    #[test]
    fn cg_12_18_tower_modifiers_and_the_adjusted_0_at_extended_range_p172_p173() {
        assert_eq!(CAMP_TOWER_FIRER_DRM, -1);
        assert_eq!(camp_tower_target_drm(Sling), 1);
        assert_eq!(camp_tower_target_drm(LongBow), 1);
        assert_eq!(camp_tower_target_drm(FootJavelin), 2);
        assert_eq!(camp_tower_target_drm(Yantra), 0);
        // From a tower a foot bow reaches range 5, where the roll with its modifiers must be 0.
        let tower = Volley { from_tower: true, ..v(Chandragupta, FootBow, 5, LI, MI) };
        assert_eq!(hits(tower, 1, -1), 1);
        assert_eq!(hits(tower, 2, -1), 0);
        assert_eq!(hits(tower, 0, 1), 0);
        // Downhill, a natural 0 whatever the modifiers (R4).
        assert_eq!(hits(v(Chandragupta, FootBow, 5, LI, MI), 0, 1), 1);
        assert_eq!(hits(v(Chandragupta, FootBow, 5, LI, MI), 1, -1), 0);
    }

    #[test]
    fn modifier_table_cites_rules() {
        for (m, _, _, origin) in MODIFIERS {
            match origin {
                Origin::Recovered(r) => assert!(cites_a_rule(r), "{m:?}"),
                // CG 12.29 (rulings P230): the city's, whose chart (T15) is missing.
                Origin::Designed => {
                    assert!(matches!(m, MissileModifier::AcrossCityWall | MissileModifier::AtCityBlock), "{m:?}")
                }
            }
        }
    }
}
