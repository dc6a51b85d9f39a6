//! The Pataliputra scenario, the first battle under the Chandragupta rules: the shipped file
//! loads with its Mauryan wing structure (CG 4.5), its guild and tribal contingents under their
//! own chiefs (CG 4.6), Indian grades on every Indian unit (CG 2.22) and the Rout Points its
//! withdrawal levels rest on (CG 13.12).

mod common;

use sarissa_rules::scenario::units::{Grade, LeaderRole, Missile, UnitType};
use sarissa_rules::scenario::RuleSet;
use sarissa_rules::{load, Scenario};

const PATALIPUTRA: &str = include_str!("../../../scenarios/pataliputra.toml");

fn pataliputra() -> Scenario {
    load("scenarios/pataliputra.toml", PATALIPUTRA).unwrap_or_else(|e| panic!("{e}"))
}

fn leader<'a>(s: &'a Scenario, id: &str) -> &'a sarissa_rules::scenario::units::Leader {
    s.leaders.iter().find(|l| l.id == id).unwrap_or_else(|| panic!("no leader {id}"))
}

#[test]
fn cg_4_5_the_mauryans_fight_in_wings_and_the_nandas_under_subordinates() {
    let s = pataliputra();
    assert_eq!(s.meta.rules, RuleSet::Chandragupta);
    let chandragupta = leader(&s, "chandragupta");
    assert_eq!((chandragupta.role, chandragupta.initiative, chandragupta.charisma), (LeaderRole::Overall, Some(6), 5));
    let bhaddasala = leader(&s, "bhaddasala");
    assert_eq!((bhaddasala.role, bhaddasala.initiative, bhaddasala.charisma), (LeaderRole::Overall, Some(5), 4));
    // Every Nayaka is Mauryan, stacked with a unit of a type he commands (CG 4.34).
    assert_eq!(common::nayakas_with_their_units(&s), [6, 0]);
    assert!(s.leaders.iter().filter(|l| l.side == 1).all(|l| l.role != LeaderRole::Wing));
}

#[test]
fn cg_4_62_guilds_and_tribes_obey_their_own_chiefs() {
    let s = pataliputra();
    for (chief, guild, side, grade) in [
        ("kirata-chief", "kirata", 0, Grade::Tribal),
        ("kashi-chief", "kashi", 1, Grade::Sreni),
        ("champa-chief", "champa", 1, Grade::Sreni),
    ] {
        assert_eq!(leader(&s, chief).guild.as_deref(), Some(guild));
        let units: Vec<_> = s.units.iter().filter(|u| u.guild.as_deref() == Some(guild)).collect();
        assert!(!units.is_empty());
        assert!(units.iter().all(|u| u.side == side && u.grade == Some(grade)), "{guild}");
    }
}

#[test]
fn cg_2_22_every_indian_unit_is_graded_and_the_long_bows_are_maula_or_bharta() {
    let s = pataliputra();
    // Only the Shaka horse archers, foreigners, have no grade.
    let ungraded: Vec<_> = s.units.iter().filter(|u| u.grade.is_none()).map(|u| u.id.as_str()).collect();
    assert_eq!(ungraded, ["shaka-ha-1", "shaka-ha-2"]);
    for u in s.units.iter().filter(|u| u.missile == Some(Missile::LongBow)) {
        assert!(matches!(u.grade, Some(Grade::Maula | Grade::Bharta)), "{}", u.id);
    }
    assert!(s.units.iter().filter(|u| u.kind == UnitType::EL).all(|u| u.missile == Some(Missile::Javelin)));
}

#[test]
fn cg_13_12_rout_point_bases_and_withdrawal_levels() {
    let s = pataliputra();
    assert_eq!((common::rout_base(&s, 0), common::rout_base(&s, 1)), (160, 173));
    assert_eq!((s.sides[0].withdrawal_level, s.sides[1].withdrawal_level), (76, 52));
    let points = |id: &str| common::leader_rout(&s, id);
    assert_eq!(points("chandragupta"), 30);
    assert_eq!(points("centre-el-nayaka"), 3);
    assert_eq!(points("kirata-chief"), 2);
    assert_eq!(points("bhaddasala"), 25);
}
