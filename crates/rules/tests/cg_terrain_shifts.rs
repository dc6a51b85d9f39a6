//! CG 9.17[3] (rulings P111): the Chandragupta column-shift list has no marsh, rocky, town or
//! gate rows, so a shock fought on that ground gets no shift from it — it used to be refused.

mod common;
use common::*;
use sarissa_rules::charts::column_shifts::ShiftCondition;
use sarissa_rules::combat::shock_segment::{setup, Combat};

fn conditions(rules: &'static str, terrain: Vec<(&'static str, char)>) -> Vec<ShiftCondition> {
    let f = Field {
        rules,
        terrain,
        units: [
            vec![unit("b", "MI", "", 4, 5, 5, "", "0405", "E")],
            vec![unit("r", "MI", "", 4, 5, 5, "", "0505", "W")],
        ],
        leaders: [vec![leader("a", "overall", 2, 6, "0205")], vec![leader("z", "overall", 6, 6, "0808")]],
        ..Field::default()
    };
    let (game, _) = f.start(&[]);
    let combat = Combat { attackers: vec![0], defenders: vec![1] };
    setup(&game.scenario, &game.state, &combat, &[]).conditions.iter().map(|a| a.condition).collect()
}

#[test]
fn marsh_and_town_give_no_shift_in_cg_9_17_3() {
    let ground = || vec![("0405", 'm'), ("0505", 't')];
    assert!(conditions("chandragupta", ground()).is_empty());
    // The Alexander rules keep theirs (GBA 9.16 step 3, charts T8, T9).
    assert_eq!(
        conditions("alexander", ground()),
        vec![ShiftCondition::DefendersInRockyOrTown, ShiftCondition::AttackersInMarshOrMajorRiver]
    );
}

#[test]
fn forest_still_shifts_in_cg_9_17_3() {
    assert_eq!(conditions("chandragupta", vec![("0505", 'w')]), vec![ShiftCondition::DefendersInWoods]);
}
