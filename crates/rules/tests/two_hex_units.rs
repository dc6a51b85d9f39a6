//! Two-hex units (GBA 6.4): advancing, pivoting, reverse face, wheeling, augmented movement.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::formation_reach;
use sarissa_rules::scenario::units::Placement;

fn to(a: &str, b: &str, facing: Vertex, unit: &str) -> Command {
    Command::MoveTo { unit: unit.into(), to: Placement::Two(h(a), h(b)), facing, with: None }
}

/// One blue two-hex unit at 0505-0506 facing east, its leader beside it.
fn field(kind: &str, class: &str, red: Vec<String>) -> Field {
    Field {
        units: [vec![unit("block", kind, class, 10, 7, 4, "", "0505-0506", "E")], red],
        leaders: [vec![leader("hero", "overall", 5, 6, "0405")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn far_red() -> Vec<String> {
    vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")]
}

fn cost_to(game: &sarissa_rules::Game, a: &str, b: &str, facing: Vertex) -> Option<(u8, u8)> {
    formation_reach(&game.scenario, &game.state, 0)
        .into_iter()
        .find(|d| d.is_at(&Placement::Two(h(a), h(b))) && d.facing == facing)
        .map(|d| (d.mp, d.hits))
}

#[test]
fn a_two_hex_unit_advances_with_both_halves_into_its_front_hexes_gba_6_43() {
    let (game, _) = field("HI", "HO", far_red()).start(&[]);
    // Facing east, the halves step together to the front-right or front-left pair.
    assert_eq!(cost_to(&game, "0605", "0606", Vertex::E), Some((1, 0)));
    assert_eq!(cost_to(&game, "0604", "0605", Vertex::E), Some((1, 0)));
    // Never backwards without turning about first.
    assert_eq!(cost_to(&game, "0405", "0406", Vertex::E), None);
    // Every pose it can reach in line faces across its long edge (7.11); a column's, along it (6.63).
    for d in formation_reach(&game.scenario, &game.state, 0).into_iter().filter(|d| !d.column) {
        let Placement::Two(a, b) = d.placement else { panic!() };
        assert!(Vertex::perpendicular_to(a.side_towards(b).unwrap()).contains(&d.facing), "{d:?}");
    }
}

#[test]
fn pivoting_costs_a_hit_per_hex_except_for_macedonian_phalanxes_gba_6_43() {
    let (hoplites, _) = field("HI", "HO", far_red()).start(&[]);
    // Swinging the top half round the bottom one: 0505 to 0605, now facing south-east.
    assert_eq!(cost_to(&hoplites, "0506", "0605", Vertex::SE), Some((1, 1)));
    let (phalanx, _) = field("PH", "MA", far_red()).start(&[]);
    assert_eq!(cost_to(&phalanx, "0506", "0605", Vertex::SE), Some((1, 0)));
}

#[test]
fn reverse_face_costs_three_mp_and_is_barred_in_rough_ground_gba_6_44() {
    let (game, _) = field("HI", "HO", far_red()).start(&[]);
    assert_eq!(cost_to(&game, "0505", "0506", Vertex::W), Some((3, 0)));
    let mut rough = field("HI", "HO", far_red());
    rough.terrain = vec![("0506", 'r')];
    let (game, _) = rough.start(&[]);
    assert_eq!(cost_to(&game, "0505", "0506", Vertex::W), None);
}

#[test]
fn the_higher_cost_of_the_two_halves_is_paid_and_hits_once_gba_6_42() {
    let mut f = field("HI", "HO", far_red());
    f.terrain = vec![("0606", 'w')];
    let (game, _) = f.start(&[]);
    // 0605 clear (1 MP), 0606 woods (2 MP and a hit for two-hex foot): the unit pays 2 MP, 1 hit.
    assert_eq!(cost_to(&game, "0605", "0606", Vertex::E), Some((2, 1)));
}

#[test]
fn t10_a_phalanx_wheeling_in_an_enemy_zoc_rolls_9_for_two_hits_gba_6_45() {
    // Red cavalry at 0604 facing SW puts 0505 in its ZOC; the free half 0506 swings forward.
    let red = vec![unit("r", "HC", "", 3, 6, 7, "", "0604", "SW")];
    for (roll, hits) in [(9u8, 2u8), (3, 1), (7, 1), (0, 1)] {
        let (mut game, _) = field("PH", "MA", red.clone()).start(&[roll]);
        ok(&mut game, activate("hero"));
        let d = formation_reach(&game.scenario, &game.state, 0);
        let wheel = d.iter().find(|d| d.wheel).expect("a wheel is offered");
        let events = ok(
            &mut game,
            Command::MoveTo { unit: "block".into(), to: wheel.placement, facing: wheel.facing, with: None },
        );
        assert!(
            events.contains(&Event::CohesionHits { unit: "block".into(), hits, cause: HitCause::Wheel }),
            "roll {roll}: {events:?}"
        );
        assert!(
            !events.iter().any(|e| matches!(e, Event::CohesionHits { cause: HitCause::Maneuver, .. })),
            "no pivot hit for class MA"
        );
    }
}

#[test]
fn a_pinned_two_hex_unit_may_not_advance_or_reverse_gba_6_44_7_23() {
    let red = vec![unit("r", "HC", "", 3, 6, 7, "", "0604", "SW")];
    let (game, _) = field("HI", "HO", red).start(&[]);
    let d = formation_reach(&game.scenario, &game.state, 0);
    assert!(!d.is_empty() && d.iter().all(|d| d.wheel), "only wheels: {d:?}");
}

#[test]
fn a_phalanx_may_use_its_augmented_allowance_with_a_tq_check_gba_6_46() {
    // Five straight steps east need the augmented MA 5 (4 + 1 in this field).
    let path = [("0605", "0606"), ("0704", "0705"), ("0805", "0806"), ("0904", "0905"), ("1005", "1006")];
    for (roll, hit) in [(8u8, true), (7, false)] {
        let (mut game, _) = field("PH", "MA", far_red()).start(&[roll]);
        ok(&mut game, activate("hero"));
        let (a, b) = path[4];
        let events = ok(&mut game, to(a, b, Vertex::E, "block"));
        let got =
            events.contains(&Event::CohesionHits { unit: "block".into(), hits: 1, cause: HitCause::AugmentedMove });
        assert_eq!(got, hit, "roll {roll} against TQ 7: {events:?}");
        assert!(events.iter().any(|e| matches!(e, Event::UnitMoved { mp: 5, .. })));
    }
    // Hoplites have no augmented MA: five steps are out of reach.
    let (game, _) = field("HI", "HO", far_red()).start(&[]);
    assert_eq!(cost_to(&game, "1005", "1006", Vertex::E), None);
}

#[test]
fn a_moved_phalanx_at_its_augmented_allowance_takes_two_hits_gba_6_46() {
    let mut f = field("PH", "MA", far_red());
    f.leaders[0] = vec![leader("first", "subordinate", 2, 6, "0405"), leader("second", "overall", 3, 8, "0406")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("first"));
    ok(&mut game, to("0605", "0606", Vertex::E, "block"));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("second"));
    let events = ok(&mut game, to("1104", "1105", Vertex::E, "block"));
    assert!(
        events.contains(&Event::CohesionHits { unit: "block".into(), hits: 2, cause: HitCause::AugmentedMove }),
        "{events:?}"
    );
}

#[test]
fn a_two_hex_unit_is_ordered_to_a_pose_not_along_a_path_gba_6_4() {
    let (mut game, _) = field("HI", "HO", far_red()).start(&[]);
    ok(&mut game, activate("hero"));
    let err = game.execute(&mv("block", &["0605"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::TwoHexNeedsMoveTo { unit: "block".into() });
    let err = game.execute(&to("1005", "1006", Vertex::E, "block")).unwrap_err();
    assert_eq!(err.rule(), "6.4");
    ok(&mut game, to("0604", "0605", Vertex::E, "block"));
    assert_eq!(game.state.units[0].placement, Placement::Two(h("0604"), h("0605")));
}

/// A hoplite line at 0305-0306 facing E; the enemy far off.
fn hoplites(optional: Vec<&'static str>, tags: &str) -> sarissa_rules::Game {
    let mut line = unit("hop", "HI", "HO", 8, 5, 4, "", "0305-0306", "E");
    if !tags.is_empty() {
        line = line.replace(" }", &format!(", tags = [\"{tags}\"] }}"));
    }
    let f = Field {
        units: [vec![line], vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        optional,
        ..Field::default()
    };
    f.start(&[]).0
}

fn one_mp_advances(game: &sarissa_rules::Game) -> Vec<Vec<sarissa_rules::map::hex::HexId>> {
    sarissa_rules::movement::formation_reach(&game.scenario, &game.state, 0)
        .into_iter()
        .filter(|d| d.mp == 1 && d.facing == Vertex::E)
        .map(|d| {
            let mut hexes: Vec<_> = d.placement.hexes().collect();
            hexes.sort();
            hexes
        })
        .collect()
}

#[test]
fn a_moved_hoplite_line_drifts_to_the_right_on_its_first_mp_gba_6_5() {
    let mut game = hoplites(vec!["drift_to_the_right"], "");
    assert_eq!(one_mp_advances(&game).len(), 2, "a fresh line may go either way");
    game.state.units[0].moved = true;
    // Facing E, the right front is south-east: 0405-0406.
    assert_eq!(one_mp_advances(&game), vec![vec![h("0405"), h("0406")]]);
    // Greek mercenaries do not drift.
    let mut merc = hoplites(vec!["drift_to_the_right"], "greek-mercenary");
    merc.state.units[0].moved = true;
    assert_eq!(one_mp_advances(&merc).len(), 2);
    // Nor anyone when the option is off.
    let mut off = hoplites(vec![], "");
    off.state.units[0].moved = true;
    assert_eq!(one_mp_advances(&off).len(), 2);
}

#[test]
fn under_the_law_of_inertia_a_hoplite_line_goes_as_far_as_it_can_gba_6_14_p29() {
    let game = hoplites(vec!["law_of_inertia"], "");
    let reach = sarissa_rules::movement::formation_reach(&game.scenario, &game.state, 0);
    assert!(!reach.is_empty());
    assert!(reach.iter().all(|d| d.mp >= 3), "it may not stop while it can still step forward: {reach:?}");
    assert!(one_mp_advances(&game).is_empty());
    let mut ordered = game.clone();
    ok(&mut ordered, activate("hero"));
    let to = Placement::Two(h("0405"), h("0406"));
    let err = ordered.execute(&Command::MoveTo { unit: "hop".into(), to, facing: Vertex::E, with: None }).unwrap_err();
    assert_eq!(err.rule(), "6.4", "{err}");
    let far = reach.iter().find(|d| d.mp == 4 && d.facing == Vertex::E).expect("four hexes on");
    ok(&mut ordered, Command::MoveTo { unit: "hop".into(), to: far.placement, facing: Vertex::E, with: None });
    // Spartans and Greek mercenaries stop where they are told.
    let merc = hoplites(vec!["law_of_inertia"], "spartan");
    assert_eq!(one_mp_advances(&merc).len(), 2);
}
