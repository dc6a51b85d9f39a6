//! One missile fire (GBA 8.15–8.19; CG 8.16–8.19) as a pure function.
//!
//! [`MissileFire`] describes the volley: the firer (type, class, missile), the range, the target
//! (type, class, whether the fire enters through its front, woods), whether the firer moves, the
//! firer's supply, and any further modifiers the engine found (works, towers). [`resolve`] rolls
//! it with a dice source and returns the hits, the firer's supply afterwards and every step with
//! its rule. Whether the target is in range and sight, and whether this unit may fire now, is
//! the engine's business; the resolver refuses only what the chart itself rules out.

use super::shock::Leader;
use crate::charts::leaders::{casualty_roll, cg_casualty, LeaderResult};
use crate::charts::missile::{
    camp_tower_target_drm, camp_wall_drm, extended_hit, goes_missile_low, hits_per_success, is_cataphract, max_range,
    missile_strength, moving_drm, target_drm, MissileLine, Volley, CAMP_TOWER_FIRER_DRM, CITY_BLOCK_TARGET_DRM,
};
use crate::charts::Origin;
pub use crate::game::Supply;
use crate::scenario::units::{Missile, UnitClass, UnitType};
use crate::scenario::RuleSet;

/// One volley.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissileFire {
    pub rules: RuleSet,
    pub firer: UnitType,
    pub firer_class: Option<UnitClass>,
    pub missile: Missile,
    /// The chart line, when it is not the unit's own (the elephant screen; a CG engine).
    pub line: Option<MissileLine>,
    /// The oxybeles counter's printed range (GBA 2.24).
    pub printed_range: Option<u8>,
    /// 1 = adjacent.
    pub range: u8,
    pub target: UnitType,
    pub target_class: Option<UnitClass>,
    /// The fire enters through one of the target's front hexsides (GBA 8.15 DRM 3).
    pub through_front: bool,
    /// Target in Woods (GBA) / Forest (CG): +1.
    pub target_in_woods: bool,
    /// The firer moved or will move in this order, or fires in H&D (GBA 8.15 DRM 4, 8.31).
    pub moving: bool,
    /// The target is lower: one hex of extended range, natural 0 only (GBA 8.16, rulings R4).
    pub target_lower: bool,
    /// CG 12.18: the volley crosses a camp palisade or camp gate.
    pub across_camp_wall: bool,
    /// CG 12.18: fired from a camp tower: −1, no wall modifier, one hex of extended range at
    /// an adjusted 0 (rulings P172, P173).
    pub from_camp_tower: bool,
    /// CG 12.18: at a unit in a camp tower: its own modifier instead of the wall's (P173).
    pub at_camp_tower: bool,
    /// CG 12.29: across the city's wall or an unbreached city gate (designed, rulings P230).
    pub across_city_wall: bool,
    /// CG 12.29: at a unit in a city block, temple or palace (designed, rulings P230).
    pub at_city_block: bool,
    /// Any other modifiers, added as given.
    pub extra_drm: i32,
    pub supply: Supply,
    /// A leader stacked with the target (GBA 8.19).
    pub leader_in_target_hex: Option<Leader>,
    /// For testing only (`sarissa run --missile-result`): the volley hits or misses as given,
    /// whatever the chart says; the die is rolled all the same. `None` in every normal volley.
    pub forced: Option<bool>,
}

impl MissileFire {
    /// A volley at `range` through the target's front, no movement, full supply.
    pub fn new(rules: RuleSet, firer: UnitType, missile: Missile, range: u8, target: UnitType) -> Self {
        MissileFire {
            rules,
            firer,
            firer_class: None,
            missile,
            line: None,
            printed_range: None,
            range,
            target,
            target_class: None,
            through_front: true,
            target_in_woods: false,
            moving: false,
            target_lower: false,
            across_camp_wall: false,
            from_camp_tower: false,
            at_camp_tower: false,
            across_city_wall: false,
            at_city_block: false,
            extra_drm: 0,
            supply: Supply::Full,
            leader_in_target_hex: None,
            forced: None,
        }
    }

    /// Fired from a camp tower, in a rule set with camps (CG 12.18).
    pub fn from_tower(&self) -> bool {
        self.from_camp_tower && crate::scenario::rule_set::hooks(self.rules).camps
    }

    /// The chart line the volley uses.
    pub fn line(&self) -> Option<MissileLine> {
        self.line.or_else(|| MissileLine::for_unit(self.rules, self.firer, self.missile))
    }
}

/// Why a fire cannot be resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MissileError {
    /// No chart line for this firer (a CG bolt-thrower needs its engine named).
    NoLine,
    /// The line is not used in this rule set.
    LineNotInRuleSet(MissileLine),
    /// Missile No: no fire until reloaded (GBA 8.17, CG 8.19).
    NoMissiles,
    /// Beyond the maximum range (and the extended hex, if any) or at a range the line cannot fire.
    OutOfRange { range: u8, max: u8 },
}

impl MissileError {
    pub fn rule(&self) -> &'static str {
        match self {
            Self::NoLine | Self::LineNotInRuleSet(_) => "GBA 2.21, 9.51; CG 2.21, 9.41",
            Self::NoMissiles => "GBA 8.17, CG 8.19",
            Self::OutOfRange { .. } => "GBA 8.15, 8.16; CG 8.16, 8.17",
        }
    }
}

impl std::fmt::Display for MissileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoLine => write!(f, "this firer has no line on the missile chart"),
            Self::LineNotInRuleSet(l) => write!(f, "the {l:?} line is not used in this rule set"),
            Self::NoMissiles => write!(f, "the firer is Missile No and cannot fire until it reloads"),
            Self::OutOfRange { range, max } => write!(f, "range {range} is out of reach (maximum {max})"),
        }?;
        write!(f, " ({})", self.rule())
    }
}

impl std::error::Error for MissileError {}

/// One step of a fire.
#[derive(Clone, Debug, PartialEq)]
pub enum MissileStepKind {
    /// The line and its strength at this range (0 at extended range: natural 0 only).
    /// Hits never weaken it (GBA 10.12; CG 11.14).
    Strength {
        line: MissileLine,
        range: u8,
        strength: u8,
        extended: bool,
        origin: Option<Origin>,
    },
    /// One modifier.
    Modifier {
        what: &'static str,
        drm: i32,
    },
    /// The roll: hit when natural + drm ≤ strength (extended range: natural 0).
    Roll {
        natural: u8,
        drm: i32,
        modified: i32,
        hit: bool,
    },
    /// For testing only: the volley hits (`hit`) or misses as forced, where the chart gave
    /// `table` ([`MissileFire::forced`]).
    Forced {
        hit: bool,
        table: bool,
    },
    /// Hits on the target (2 against elephants, GBA chariots).
    Hits {
        hits: u8,
    },
    /// The firer's supply after the volley.
    Supply {
        before: Supply,
        after: Supply,
    },
    /// GBA 8.19: a natural 0 at a hex with a leader: roll again, 0 is a casualty.
    LeaderCheck {
        roll: u8,
        casualty: bool,
    },
    LeaderCasualty {
        roll: u8,
        result: LeaderResult,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct MissileStep {
    pub rule: &'static str,
    pub kind: MissileStepKind,
}

/// The result of one fire.
#[derive(Clone, Debug, PartialEq)]
pub struct MissileOutcome {
    pub steps: Vec<MissileStep>,
    pub hits: u8,
    pub natural: u8,
    pub supply_after: Supply,
    pub leader_casualty: Option<LeaderResult>,
    pub dice_used: usize,
}

/// Checks a fire against the chart; [`resolve`] calls it first.
pub fn validate(fire: &MissileFire) -> Result<MissileLine, MissileError> {
    let line = fire.line().ok_or(MissileError::NoLine)?;
    if !line.used_in(fire.rules) {
        return Err(MissileError::LineNotInRuleSet(line));
    }
    if fire.supply == Supply::No {
        return Err(MissileError::NoMissiles);
    }
    let max = max_range(line, fire.printed_range);
    // GBA 8.16, CG 8.16: downhill; CG 12.18: from a camp tower (P172). Never more than one hex.
    let reach_further = fire.target_lower || fire.from_tower();
    let extended = reach_further && fire.range == max + 1;
    if !extended && missile_strength(line, fire.range).filter(|_| fire.range <= max).is_none() {
        return Err(MissileError::OutOfRange { range: fire.range, max: max + reach_further as u8 });
    }
    Ok(line)
}

/// Resolves one fire with a dice source giving 0–9.
pub fn resolve(fire: &MissileFire, dice: &mut dyn FnMut() -> u8) -> Result<MissileOutcome, MissileError> {
    use UnitType::*;
    let line = validate(fire)?;
    let mut steps = vec![];
    let mut push = |rule: &'static str, kind: MissileStepKind| steps.push(MissileStep { rule, kind });
    let rules = fire.rules;
    let max = max_range(line, fire.printed_range);
    let extended = fire.range == max + 1;
    let cell = missile_strength(line, fire.range).filter(|_| !extended);
    push(
        "GBA 8.15, 8.16, 9.51; CG 8.16, 8.17, 9.41",
        MissileStepKind::Strength {
            line,
            range: fire.range,
            strength: cell.map_or(0, |c| c.strength),
            extended,
            origin: cell.map(|c| c.origin),
        },
    );
    // GBA 8.15 DRMs 1-5, CG 8.17 (rulings P23 for the screen).
    let mut drm = 0;
    if fire.target_in_woods {
        drm += 1;
        push("GBA 8.15 DRM 1, CG 8.17", MissileStepKind::Modifier { what: "target in woods", drm: 1 });
    }
    let cat = is_cataphract(fire.target, fire.target_class);
    let t = target_drm(rules, line, fire.target, cat, fire.range, fire.through_front);
    if t != 0 {
        drm += t;
        let what = match fire.target {
            PH | HI => "armoured target (PH/HI)",
            SK | SkStar => "skirmisher target",
            _ => "cataphracted target",
        };
        push("GBA 8.15 DRMs 2, 3, 5; CG 8.17; rulings P23", MissileStepKind::Modifier { what, drm: t });
    }
    if fire.moving {
        let m = moving_drm(rules, line);
        if m != 0 {
            drm += m;
            push("GBA 8.15 DRM 4, 8.31; CG 8.17", MissileStepKind::Modifier { what: "firer moving", drm: m });
        }
    }
    // CG 12.18 (rulings P168, P169): once a volley, whatever walls it crosses; never from or at
    // a tower, whose own modifiers replace it (P173).
    let camps = crate::scenario::rule_set::hooks(rules).camps;
    if fire.from_tower() {
        drm += CAMP_TOWER_FIRER_DRM;
        push("CG 12.18", MissileStepKind::Modifier { what: "from a camp tower", drm: CAMP_TOWER_FIRER_DRM });
    }
    let at_tower = fire.at_camp_tower && camps;
    if at_tower {
        let t = camp_tower_target_drm(line);
        if t != 0 {
            drm += t;
            push("CG 12.18", MissileStepKind::Modifier { what: "at a unit in a camp tower", drm: t });
        }
    }
    if fire.across_camp_wall && camps && !fire.from_tower() && !at_tower {
        let w = camp_wall_drm(line);
        if w != 0 {
            drm += w;
            push("CG 12.18", MissileStepKind::Modifier { what: "across a camp wall or gate", drm: w });
        }
    }
    // CG 12.29 (designed, rulings P230): the city's wall as the camp's, and the houses' cover.
    if fire.across_city_wall && camps {
        let w = camp_wall_drm(line);
        if w != 0 {
            drm += w;
            push("CG 12.29", MissileStepKind::Modifier { what: "across the city wall or a gate", drm: w });
        }
    }
    if fire.at_city_block && camps {
        drm += CITY_BLOCK_TARGET_DRM;
        push(
            "CG 12.29",
            MissileStepKind::Modifier { what: "at a unit among the city's houses", drm: CITY_BLOCK_TARGET_DRM },
        );
    }
    if fire.extra_drm != 0 {
        drm += fire.extra_drm;
        push("engine", MissileStepKind::Modifier { what: "other modifiers", drm: fire.extra_drm });
    }
    let natural = dice().min(9);
    let mut used = 1;
    let table = match cell {
        // GBA 8.16, CG 8.16, rulings R4: extended range hits on a natural 0 only; from a camp
        // tower on an adjusted 0 (CG 12.18, P172).
        None => extended_hit(fire.from_tower(), natural, drm),
        Some(c) => natural as i32 + drm <= c.strength as i32,
    };
    push(
        "GBA 8.15, 8.16; CG 8.16, 8.17",
        MissileStepKind::Roll { natural, drm, modified: natural as i32 + drm, hit: table },
    );
    let hit = fire.forced.unwrap_or(table);
    if let Some(hit) = fire.forced {
        push("sarissa run --missile-result", MissileStepKind::Forced { hit, table });
    }
    let volley = Volley {
        rules,
        line,
        range: fire.range,
        printed_range: fire.printed_range,
        firer: fire.firer,
        target: fire.target,
        from_tower: fire.from_tower(),
    };
    let hits = if hit { hits_per_success(volley.rules, volley.firer, volley.target) } else { 0 };
    push("GBA 8.15, CG 8.17", MissileStepKind::Hits { hits });
    // GBA 8.17, CG 8.19: a Low unit that fires goes No; a natural 9 (7-9 for javelins) goes Low.
    let supply_after = match fire.supply {
        Supply::Low => Supply::No,
        _ if goes_missile_low(line, natural) => Supply::Low,
        s => s,
    };
    push("GBA 8.17, CG 8.19", MissileStepKind::Supply { before: fire.supply, after: supply_after });
    // GBA 8.19: a natural 0 at a hex holding a leader: roll again; 0 is a casualty, and a third
    // roll reads the casualty table (CG: its 9.15 procedure, rulings P33).
    let mut leader_casualty = None;
    if let (0, Some(l)) = (natural, fire.leader_in_target_hex) {
        let roll = dice().min(9);
        used += 1;
        let casualty = roll == 0;
        push("GBA 8.19; rulings P33", MissileStepKind::LeaderCheck { roll, casualty });
        if casualty {
            let third = dice().min(9);
            used += 1;
            let result = match rules {
                RuleSet::Alexander => casualty_roll(third).result.on_leader(l.wounded),
                RuleSet::Chandragupta => cg_casualty(third, l.initiative).result,
            };
            leader_casualty = Some(result);
            push("GBA 8.19, 9.55; CG 9.15", MissileStepKind::LeaderCasualty { roll: third, result });
        }
    }
    Ok(MissileOutcome { steps, hits, natural, supply_after, leader_casualty, dice_used: used })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::odds::missile_odds;
    use RuleSet::*;
    use UnitType::*;

    fn roll(fire: &MissileFire, dice: &[u8]) -> MissileOutcome {
        let mut it = dice.iter().copied();
        resolve(fire, &mut || it.next().expect("enough dice")).unwrap()
    }

    #[test]
    fn gba_8_15_cretan_archer_range_2_against_cavalry_t16() {
        let mut f = MissileFire::new(Alexander, SK, Missile::Arrow, 2, HC);
        f.firer_class = Some(UnitClass::A);
        assert_eq!(roll(&f, &[2]).hits, 1);
        assert_eq!(roll(&f, &[3]).hits, 1);
        let miss = roll(&f, &[6]);
        assert_eq!((miss.hits, miss.supply_after), (0, Supply::Full));
        let low = roll(&f, &[9]);
        assert_eq!((low.hits, low.supply_after), (0, Supply::Low));
    }

    #[test]
    fn gba_8_16_mounted_archer_extended_range_hits_on_natural_0_only_t17_r4() {
        let mut f = MissileFire::new(Alexander, LC, Missile::Arrow, 4, LI);
        assert!(matches!(validate(&f), Err(MissileError::OutOfRange { range: 4, max: 3 })));
        f.target_lower = true;
        f.extra_drm = -5;
        assert_eq!(roll(&f, &[0]).hits, 1);
        assert_eq!(roll(&f, &[1]).hits, 0);
        f.range = 5;
        assert!(validate(&f).is_err());
    }

    #[test]
    fn gba_8_33_lc_h_and_d_into_woods_is_plus_2_t18() {
        let mut f = MissileFire::new(Alexander, LC, Missile::Javelin, 1, LI);
        f.moving = true;
        f.target_in_woods = true;
        let out = roll(&f, &[2]);
        let Some(MissileStepKind::Roll { drm, hit, .. }) =
            out.steps.iter().map(|s| s.kind.clone()).find(|k| matches!(k, MissileStepKind::Roll { .. }))
        else {
            panic!()
        };
        assert_eq!((drm, hit), (2, true));
        assert_eq!(roll(&f, &[3]).hits, 0);
    }

    #[test]
    fn gba_8_15_elephants_take_two_hits_unless_an_elephant_fires() {
        let f = MissileFire::new(Alexander, LI, Missile::Arrow, 2, EL);
        assert_eq!(roll(&f, &[0]).hits, 2);
        let mut e = MissileFire::new(Alexander, EL, Missile::Javelin, 1, EL);
        e.line = Some(MissileLine::MountedJavelin);
        assert_eq!(roll(&e, &[0]).hits, 1);
    }

    #[test]
    fn gba_8_17_javelins_go_low_on_7_to_9_and_a_low_unit_goes_no_w27() {
        let f = MissileFire::new(Alexander, LI, Missile::Javelin, 1, LI);
        for (dr, s) in [(6, Supply::Full), (7, Supply::Low), (8, Supply::Low), (9, Supply::Low)] {
            assert_eq!(roll(&f, &[dr]).supply_after, s, "DR {dr}");
        }
        let mut low = f.clone();
        low.supply = Supply::Low;
        assert_eq!(roll(&low, &[3]).supply_after, Supply::No);
        low.supply = Supply::No;
        assert_eq!(resolve(&low, &mut || 0), Err(MissileError::NoMissiles));
    }

    #[test]
    fn cg_8_17_long_bow_against_cat_elephant_w23() {
        let mut f = MissileFire::new(Chandragupta, LI, Missile::LongBow, 2, EL);
        f.target_class = Some(UnitClass::Cat);
        let h = roll(&f, &[2]);
        assert_eq!((h.hits, h.supply_after), (2, Supply::Full));
        assert_eq!(roll(&f, &[6]).hits, 0);
        let l = roll(&f, &[9]);
        assert_eq!((l.hits, l.supply_after), (0, Supply::Low));
    }

    #[test]
    fn cg_8_17_modifiers_w24_w25() {
        let drm = |f: &MissileFire| {
            roll(f, &[5])
                .steps
                .iter()
                .find_map(|s| match s.kind {
                    MissileStepKind::Roll { drm, .. } => Some(drm),
                    _ => None,
                })
                .unwrap()
        };
        assert_eq!(drm(&MissileFire::new(Chandragupta, LI, Missile::Arrow, 1, HI)), 3);
        assert_eq!(drm(&MissileFire::new(Chandragupta, LI, Missile::Javelin, 1, HI)), 1);
        assert_eq!(drm(&MissileFire::new(Chandragupta, LI, Missile::LongBow, 3, PH)), 0);
        assert_eq!(drm(&MissileFire::new(Chandragupta, SK, Missile::Sling, 1, SK)), 2);
        assert_eq!(drm(&MissileFire::new(Chandragupta, LI, Missile::Arrow, 1, ChStar)), 2);
        assert_eq!(drm(&MissileFire::new(Chandragupta, LI, Missile::LongBow, 1, ChStar)), 1);
        let mut lc = MissileFire::new(Chandragupta, LC, Missile::Arrow, 1, HC);
        lc.target_class = Some(UnitClass::Cat);
        lc.moving = true;
        assert_eq!(drm(&lc), 3);
    }

    #[test]
    fn gba_8_19_a_leader_in_the_target_hex_is_hit_on_0_then_0() {
        let mut f = MissileFire::new(Alexander, LI, Missile::Sling, 1, LI);
        f.leader_in_target_hex = Some(Leader { charisma: 2, initiative: 4, personal_combat: Some(3), wounded: false });
        assert_eq!(roll(&f, &[0, 0, 5]).leader_casualty, Some(LeaderResult::Finished));
        assert_eq!(roll(&f, &[0, 3]).leader_casualty, None);
        let odds = missile_odds(&f).unwrap();
        assert_eq!(odds.leader_casualty.fraction(), (1, 100));
    }

    #[test]
    fn missile_odds_sum_to_one_and_count_the_hit_rows() {
        let f = MissileFire::new(Alexander, LI, Missile::Arrow, 2, HI);
        let odds = missile_odds(&f).unwrap();
        let total: u128 = odds.hits.iter().map(|p| p.count).sum();
        assert_eq!(total, super::super::odds::DENOMINATOR);
        // Strength 3, +1 armour: DR 0-2 hit.
        assert_eq!(odds.hits[1].fraction(), (3, 10));
        assert_eq!(odds.missile_low.fraction(), (1, 10));
        assert!((odds.mean_hits - 0.3).abs() < 1e-12);
    }
}
