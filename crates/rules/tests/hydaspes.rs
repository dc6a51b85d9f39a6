//! The Hydaspes scenario and the Indian army it marks (GBA 2.25, 9.23; Rout Points, rulings P6):
//! the shipped file loads with Porus's leaders unrated for Personal Combat, its elephants and long
//! bows as the rules give them, and its light infantry counting half TQ; the loader refuses the
//! marks where they do not belong.

use sarissa_rules::effects::victory::unit_points;
use sarissa_rules::scenario::units::{Missile, UnitClass, UnitType};
use sarissa_rules::{load, LoadError, Scenario};

const HYDASPES: &str = include_str!("../../../scenarios/hydaspes.toml");
const SKIRMISH: &str = include_str!("fixtures/skirmish.toml");

fn hydaspes() -> Scenario {
    load("scenarios/hydaspes.toml", HYDASPES).unwrap_or_else(|e| panic!("{e}"))
}

fn unit(s: &Scenario, id: &str) -> usize {
    s.units.iter().position(|u| u.id == id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// The skirmish fixture with its second side marked Indian, then `from` replaced by `to`.
fn indian_skirmish(from: &str, to: &str) -> Result<Scenario, LoadError> {
    let marked = SKIRMISH.replacen("withdrawal_level = 9\n", "withdrawal_level = 9\nindian = true\n", 1);
    assert_eq!(marked.matches("indian = true").count(), 1);
    assert_eq!(marked.matches(from).count(), 1, "fixture edit `{from}` must match exactly once");
    load("scenarios/skirmish.toml", &marked.replacen(from, to, 1))
}

#[test]
fn gba_9_23_porus_and_his_officers_have_no_personal_combat() {
    let s = hydaspes();
    assert!(!s.sides[0].indian && s.sides[1].indian);
    for l in &s.leaders {
        assert_eq!(l.personal_combat.is_none(), l.side == 1, "{}", l.id);
    }
    let porus = s.leaders.iter().find(|l| l.id == "porus").unwrap();
    assert_eq!((porus.initiative, porus.command_range, porus.charisma), (Some(4), 5, 3));
}

#[test]
fn gba_11_11_elephants_carry_rider_javelins_and_the_bowmen_long_bows() {
    let s = hydaspes();
    let elephants: Vec<_> = s.units.iter().filter(|u| u.kind == UnitType::EL).collect();
    assert_eq!(elephants.len(), 14);
    assert!(elephants.iter().all(|u| u.side == 1 && u.missile == Some(Missile::Javelin) && u.tq >= 6));
    let bow = &s.units[unit(&s, "bowmen-1")];
    assert_eq!((bow.kind, bow.class, bow.missile), (UnitType::LI, Some(UnitClass::A), Some(Missile::LongBow)));
}

#[test]
fn rout_points_p6_indian_li_count_half_tq_other_indians_and_macedonians_in_full() {
    let s = hydaspes();
    let points = |id: &str| unit_points(&s, unit(&s, id));
    assert_eq!(points("bowmen-1"), 3, "Indian LI TQ 5: half, rounded up");
    assert_eq!(points("javelinmen-i1"), 3);
    assert_eq!(points("elephants-1"), 6);
    assert_eq!(points("horse-1"), 5);
    assert_eq!(points("chariots-1"), 5);
    assert_eq!(points("hyp-2"), 8);
    assert_eq!(points("cleitus-taxis"), 14);
}

#[test]
fn gba_2_25_an_indian_leader_given_a_personal_combat_rating_is_refused() {
    let err = indian_skirmish("id = \"skirmish\"", "id = \"skirmish\"")
        .expect_err("the fixture's Persian leaders are rated for Personal Combat");
    assert!(err
        .to_string()
        .contains("leader `satrap`: Indian leaders have no Personal Combat rating (GBA 2.25, 9.23)"));
    let err =
        indian_skirmish("personal_combat = 3, line_command", "line_command").expect_err("the captain still has one");
    assert!(err.to_string().contains("leader `captain`: Indian leaders"), "{err}");
    assert!(!err.to_string().contains("leader `satrap`"), "{err}");
    let fine = SKIRMISH
        .replacen("withdrawal_level = 9\n", "withdrawal_level = 9\nindian = true\n", 1)
        .replacen("charisma = 1, personal_combat = 3, line_command", "charisma = 1, line_command", 1)
        .replacen("charisma = 0, personal_combat = 2, line_command", "charisma = 0, line_command", 1);
    let s = load("scenarios/skirmish.toml", &fine).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.leaders.iter().filter(|l| l.side == 1).all(|l| l.personal_combat.is_none()));
    // An army not marked Indian still needs the rating in GBA.
    let unmarked =
        SKIRMISH.replacen("charisma = 1, personal_combat = 3, line_command", "charisma = 1, line_command", 1);
    let err = load("scenarios/skirmish.toml", &unmarked).unwrap_err();
    assert!(err.to_string().contains("leader `satrap`: missing `personal_combat`"), "{err}");
}

#[test]
fn cg_2_22_chandragupta_marks_indians_by_grade_not_by_side() {
    let err = indian_skirmish("rules = \"alexander\"", "rules = \"chandragupta\"").unwrap_err();
    assert!(err.to_string().contains("Chandragupta marks Indian units by `grade` (CG 2.22)"), "{err}");
}
