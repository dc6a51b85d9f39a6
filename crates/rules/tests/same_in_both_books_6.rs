//! Rules where the two books part ways, sixth pass (issue 18 §3): each played through
//! `Game::execute` with loaded dice, under both books where they differ.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

const CG: &str = "chandragupta";
const GBA: &str = "alexander";

// --- Turning in an enemy ZOC (GBA 7.25, CG 7.25) -----------------------------------------

/// Blue's heavy infantry (MA 3) at 0505 facing `facing`, pinned by red's MI at 0605 (facing W, so 0505
/// is in its front); blue's leader activated.
fn pinned(rules: &'static str, facing: &str) -> sarissa_rules::Game {
    let field = Field {
        rules,
        ..two_armies(
            vec![unit("hi", "HI", "", 5, 6, 3, "", "0505", facing)],
            vec![unit("mi", "MI", "", 4, 5, 5, "", "0605", "W")],
        )
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn facing_the_one_enemy_that_pins_it_a_unit_may_turn_in_chandragupta_not_in_alexander_cg_7_25_gba_7_25() {
    // The MI stands in the HI's own ZOC: GBA 7.25 forbids the turn, CG 7.25 asks no such thing.
    let mut gba = pinned(GBA, "E");
    assert_eq!(refused_rule(&mut gba, mv("hi", &[], Vertex::NE)), "7.25");
    let mut cg = pinned(CG, "E");
    ok(&mut cg, mv("hi", &[], Vertex::NE));
    assert_eq!(cg.state.units[0].facing, Vertex::NE);
    assert_eq!(cg.state.units[0].placement, Placement::One(h("0505")), "it stays in its hex");
    // Up to half its MA (3, so 2 MP): two vertices, not three (CG 7.25).
    let mut cg = pinned(CG, "E");
    assert_eq!(refused_rule(&mut cg, mv("hi", &[], Vertex::W)), "7.25");
    ok(&mut cg, mv("hi", &[], Vertex::SW));
}

#[test]
fn with_its_back_to_the_enemy_that_pins_it_a_unit_turns_in_both_books_cg_7_25_gba_7_25() {
    // Facing W, the HI has the MI behind it, not in its own ZOC: both books allow the turn.
    for rules in [GBA, CG] {
        let mut game = pinned(rules, "W");
        ok(&mut game, mv("hi", &[], Vertex::NW));
        assert_eq!(game.state.units[0].facing, Vertex::NW, "{rules}");
    }
}

// --- Sight between two levels (CG 8.15; GBA 8.14) -----------------------------------------

/// Blue's archers at 0305 shoot at red's MI at 0705, four hexes east along the row (the line
/// runs 0405/0404, 0505, 0605/0604). `hill`: the one hex on level 1 (the firer's 0305 or the
/// target's 0705), if any. One wood at `wood`. The volley's die is loaded to 9 (a miss): only
/// whether it may be fired matters.
fn shot(
    rules: &'static str,
    hill: Option<&'static str>,
    wood: &'static str,
) -> Result<Vec<Event>, sarissa_rules::RuleError> {
    let field = Field {
        rules,
        terrain: vec![(wood, 'w')],
        elevation: hill.map(|h| vec![(h, '1')]).unwrap_or_default(),
        ..two_armies(
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0305", "E")],
            vec![unit("mi", "MI", "", 4, 5, 5, "", "0705", "W")],
        )
    };
    let (mut game, _) = field.start(&[9, 9]);
    ok(&mut game, activate("hero"));
    game.execute(&fire("bows", "mi"))
}

const FIRER_HIGH: Option<&str> = Some("0305");
const TARGET_HIGH: Option<&str> = Some("0705");

#[test]
fn between_levels_a_wood_nearer_the_higher_end_does_not_block_cg_8_15() {
    // Firer above: a wood one hex from it (three from the target) does not block in CG.
    assert!(shot(CG, FIRER_HIGH, "0405").is_ok());
    // Firer below: a wood one hex from the target, the higher end, neither.
    assert!(shot(CG, TARGET_HIGH, "0605").is_ok());
    // A wood nearer the lower end blocks; exactly halfway blocks too.
    for (hill, wood) in [(FIRER_HIGH, "0605"), (TARGET_HIGH, "0405"), (FIRER_HIGH, "0505"), (TARGET_HIGH, "0505")] {
        let err = shot(CG, hill, wood).expect_err(wood);
        assert!(err.to_string().contains("sight"), "{err}");
    }
}

#[test]
fn in_alexander_a_wood_blocks_wherever_it_stands_between_the_levels_gba_8_14_cg_8_15() {
    for (hill, wood) in [(FIRER_HIGH, "0405"), (TARGET_HIGH, "0605"), (FIRER_HIGH, "0605"), (TARGET_HIGH, "0505")] {
        let err = shot(GBA, hill, wood).expect_err(wood);
        assert!(err.to_string().contains("sight"), "{err}");
    }
    // On the level the wood blocks in both books, wherever it stands.
    assert!(shot(GBA, None, "0405").is_err() && shot(CG, None, "0405").is_err());
}

// --- Chariot pass-through in Alexander battles (GBA 11.25 lost; CG 10.26, 10.27; P291) -----

/// Blue's chariot at 0505 facing E attacks red's hoplite-armed HI (TQ 6) at 0605 facing W,
/// without moving (optional, no pre-shock check); `macedonian`: which sides are Macedonian.
fn chariot_charge(rules: &'static str, macedonian: [bool; 2], dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let field = Field {
        rules,
        macedonian,
        ..two_armies(
            vec![unit("ch", "CH", "", 4, 6, 5, "A", "0505", "E")],
            vec![unit("hi", "HI", "", 5, 6, 4, "", "0605", "W")],
        )
    };
    let (mut game, _) = field.start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["ch".into()] });
    (game, events)
}

#[test]
fn in_alexander_a_macedonian_side_parts_its_ranks_for_chariots_gba_11_25_cg_10_27_p291() {
    // Red is the Macedonian side: its HI rolls 6 against TQ 6 and lets the chariot through,
    // for one hit, with no combat; the log cites the Chandragupta rule standing in.
    let (game, events) = chariot_charge(GBA, [false, true], &[6]);
    let from = events.iter().position(|e| matches!(e, Event::ShockDesignated { .. })).unwrap() + 1;
    let roll =
        Event::DieRolled { roll: 6, purpose: RollPurpose::TqCheck { unit: "hi".into(), rule: "CG 10.27".into() } };
    assert_eq!(
        events[from..from + 4],
        [
            roll,
            Event::RanksParted { unit: "hi".into(), chariot: "ch".into(), rule: "CG 10.27".into() },
            Event::CohesionHits { unit: "hi".into(), hits: 1, cause: HitCause::PassThrough },
            Event::ElephantPassedThrough {
                unit: "ch".into(),
                defender: "hi".into(),
                from: h("0505"),
                to: h("0705"),
                rule: "CG 10.27".into()
            },
        ]
    );
    assert!(!events.iter().any(|e| matches!(e, Event::ShockResolved { .. })), "no combat");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
    // A side not Macedonian does not part: the shock is fought (GBA, P291)...
    let (_, events) = chariot_charge(GBA, [true, false], &[6; 12]);
    assert!(!events.iter().any(|e| matches!(e, Event::RanksParted { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::ShockResolved { .. })));
    // ...while in Chandragupta any unit of no Indian grade does, whichever side (CG 10.27).
    let (_, events) = chariot_charge(CG, [true, false], &[6]);
    assert!(events.iter().any(|e| matches!(e, Event::RanksParted { .. })), "{events:?}");
}

// --- The Square in Alexander battles (GBA 11.63 lost; CG 10.62; P292) ----------------------

#[test]
fn in_alexander_a_phalanx_forms_square_as_cg_10_62_has_it_gba_11_63_p292() {
    let field = two_armies(
        vec![unit("ph", "PH", "MA", 16, 7, 5, "", "0505-0506", "E")],
        vec![unit("hc", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&Command::FormSquare { unit: "ph".into() }));
    let events = ok(&mut game, Command::FormSquare { unit: "ph".into() });
    assert_eq!(events, vec![Event::SquareChanged { leader: "hero".into(), unit: "ph".into(), square: true }]);
    assert!(game.state.units[0].square);
    // A unit in Square shocks nobody (GBA 9.16 step 4 counts it among those that cannot, R6).
    ok(&mut game, Command::EndOrders);
    assert!(!matches!(game.state.phase, sarissa_rules::game::Phase::Shock { .. }));
}

// --- Command (CG 4.35, 5.24, 10.71) -------------------------------------------------------

/// A tribal chief of the Kirata with `keys` set, two Kirata units (LI and SK) beside him,
/// blue's overall commander and a restricted horse commander elsewhere.
fn kirata(chief_keys: &str) -> Field {
    let tribal = |u: String| with(u, "grade = \"tribal\", guild = \"kirata\"");
    let chief = with(leader("kc", "tribal-chief", 1, 4, "0305"), &format!("guild = \"kirata\"{chief_keys}"));
    let horse_leader = with(leader("hipp", "subordinate", 3, 4, "0308"), "line_command = true, line_types = [\"HC\"]");
    Field {
        rules: CG,
        macedonian: [false, false],
        units: [
            vec![
                tribal(unit("li", "LI", "J", 3, 5, 5, "J", "0305", "E")),
                tribal(unit("sk", "SK", "J", 1, 5, 6, "J", "0306", "E")),
                unit("foot", "LI", "J", 3, 5, 5, "J", "0308", "E"),
            ],
            vec![unit("enemy", "HC", "", 3, 6, 7, "", "1105", "W")],
        ],
        leaders: [
            vec![leader("hero", "overall", 6, 8, "0205"), chief, horse_leader],
            vec![leader("foe", "overall", 6, 4, "1210")],
        ],
        ..Field::default()
    }
}

#[test]
fn a_tribal_chief_s_type_restriction_binds_his_individual_orders_too_cg_4_35() {
    let (mut game, _) = kirata(", line_command = true, line_types = [\"LI\"]").start(&[]);
    ok(&mut game, activate("kc"));
    assert_eq!(refused_rule(&mut game, mv("sk", &["0406"], Vertex::E)), "4.35");
    ok(&mut game, mv("li", &["0405"], Vertex::E));
    // Unrestricted, the same chief orders both.
    let (mut game, _) = kirata("").start(&[]);
    ok(&mut game, activate("kc"));
    ok(&mut game, mv("sk", &["0406"], Vertex::E));
}

#[test]
fn any_other_leader_s_restriction_binds_only_his_line_commands_cg_4_35_gba_4_37() {
    // Hipparchos may give line commands to horse only, but orders the foot beside him singly.
    for rules in [CG, GBA] {
        // Without the Kirata and their chief: Alexander has no tribes.
        let mut field = kirata("");
        field.rules = rules;
        field.units[0].retain(|u| !u.contains("kirata"));
        field.leaders[0].retain(|l| !l.contains("kirata"));
        let (mut game, _) = field.start(&[0; 4]);
        while !offered(&game).contains(&"hipp".to_string()) {
            let first = offered(&game)[0].clone();
            ok(&mut game, pass(&first));
        }
        ok(&mut game, activate("hipp"));
        ok(&mut game, mv("foot", &["0408"], Vertex::E));
    }
}

#[test]
fn tribal_units_take_orders_from_their_own_chief_only_cg_10_71() {
    // The tie at initiative 6: blue rolls 9, red 0, so blue's overall commander goes first.
    let (mut game, _) = kirata("").start(&[9, 0]);
    while !offered(&game).contains(&"hero".to_string()) {
        let first = offered(&game)[0].clone();
        ok(&mut game, pass(&first));
    }
    ok(&mut game, activate("hero"));
    // Not even the overall commander orders them.
    assert_eq!(refused_rule(&mut game, mv("li", &["0405"], Vertex::E)), "4.62");
    ok(&mut game, mv("foot", &["0408"], Vertex::E));
}

/// Blue: an overall commander, a wing commander (senapati, range 5) and his Nayaka n1 (horse
/// on his counter, range 2) stacked with horse at 0403, light horse beside it at 0404.
fn wing_field() -> Field {
    let nayaka = "{ id = \"n1\", name = \"n1\", role = \"nayaka\", wing = \"senapati\", initiative = 2, command_range = 2, charisma = 1, line_types = [\"HC\"], at = \"0403\" }";
    let senapati = "{ id = \"senapati\", name = \"senapati\", role = \"wing\", initiative = 4, command_range = 5, charisma = 1, line_command = true, strategy = 3, at = \"0405\" }";
    Field {
        rules: CG,
        macedonian: [false, false],
        units: [
            vec![unit("hc1", "HC", "", 3, 6, 7, "", "0403", "E"), unit("lc1", "LC", "", 2, 6, 8, "J", "0404", "E")],
            vec![unit("enemy", "HC", "", 3, 6, 7, "", "1105", "W")],
        ],
        leaders: [
            vec![leader("raja", "overall", 6, 6, "0205"), senapati.to_string(), nayaka.to_string()],
            vec![leader("foe", "overall", 6, 4, "1210")],
        ],
        ..Field::default()
    }
}

fn line_of(line: &str, anchor: &str) -> Command {
    Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::parse(line).unwrap(),
        anchor: anchor.into(),
        formation: sarissa_rules::command::line::Formation::Abreast,
        units: Vec::new(),
    }
}

#[test]
fn a_wing_command_lets_a_nayaka_give_a_line_command_to_his_counter_s_type_cg_5_24() {
    let (mut game, _) = wing_field().start(&[]);
    ok(&mut game, pass("n1"));
    ok(&mut game, activate("senapati"));
    let events = ok(&mut game, Command::WingCommand { nayakas: vec!["n1".into()], use_overall: false });
    assert_eq!(events.last(), Some(&Event::NayakaOrdersBegan { leader: "n1".into() }));
    // His line command goes to the type on his counter only: horse, not light horse.
    assert!(game.execute(&line_of("LC", "lc1")).is_err());
    let events = ok(&mut game, line_of("HC", "hc1"));
    let declared =
        |e: &Event| matches!(e, Event::LineDeclared { leader, units, .. } if leader == "n1" && units == &["hc1"]);
    assert!(events.iter().any(declared), "{events:?}");
    ok(&mut game, mv("hc1", &["0503"], Vertex::E));
}

#[test]
fn only_a_wing_commander_gives_a_wing_command_cg_5_24() {
    // The tie at initiative 6: blue rolls 9, red 0; the raja goes after the others pass.
    let (mut game, _) = wing_field().start(&[9, 0]);
    ok(&mut game, pass("n1"));
    ok(&mut game, pass("senapati"));
    ok(&mut game, activate("raja"));
    let err = game.execute(&Command::WingCommand { nayakas: vec!["n1".into()], use_overall: false }).unwrap_err();
    assert!(err.rule().contains("4.5"), "{err}");
}

// --- Trumping from an enemy ZOC (GBA 5.47, CG 5.47; rulings P294) -------------------------

/// The Granicus leaders of the trump tests, and Spithridates (initiative 5, range 3) at 0705 in
/// the zone of a Macedonian horse unit at 0605 facing E. `with_foot`: a Persian unit at 0505
/// facing E has that horse in its own ZOC, inside Spithridates' range. Arsites passes, so
/// Omares (3) is offered.
fn trump_from_zoc(rules: &'static str, with_foot: bool, dice: &[u8]) -> sarissa_rules::Game {
    let mut persians =
        vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W"), unit("p2", "HC", "", 3, 6, 7, "", "1007", "W")];
    if with_foot {
        persians.push(unit("p3", "MI", "", 4, 5, 5, "", "0505", "E"));
    }
    let field = Field {
        rules,
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0205", "E"), unit("m3", "HC", "", 3, 7, 7, "", "0605", "E")],
            persians,
        ],
        leaders: [
            vec![leader("alexander", "overall", 7, 6, "0205")],
            vec![
                leader("memnon", "overall", 5, 4, "1005"),
                leader("omares", "subordinate", 3, 3, "1006"),
                leader("arsites", "subordinate", 2, 3, "1004"),
                leader("spithridates", "subordinate", 5, 3, "0705"),
            ],
        ],
        ..Field::default()
    };
    let (mut game, _) = field.start(dice);
    ok(&mut game, pass("arsites"));
    assert_eq!(offered(&game), ["omares"]);
    game
}

#[test]
fn a_trump_from_an_enemy_zoc_that_can_do_nothing_never_happened_gba_5_47_cg_5_47_p294() {
    for rules in [GBA, CG] {
        let mut game = trump_from_zoc(rules, false, &[1]);
        let events = ok(&mut game, Command::Trump { leader: "spithridates".into() });
        assert_eq!(
            events[2..4],
            [
                Event::TrumpSucceeded { leader: "spithridates".into() },
                Event::TrumpVoided { leader: "spithridates".into() }
            ],
            "{rules}"
        );
        // Omares goes as if no trump had been tried; Spithridates is neither Finished nor active.
        assert!(!events.iter().any(|e| matches!(e, Event::LeaderFinished { .. } | Event::LeadersBypassed { .. })));
        assert!(
            matches!(&game.state.phase, sarissa_rules::game::Phase::Orders { leader, must_act: false, .. } if leader == "omares"),
            "{rules}: {:?}",
            game.state.phase
        );
        let i = game.scenario.leaders.iter().position(|l| l.id == "spithridates").unwrap();
        assert_eq!(game.state.leaders[i].status, sarissa_rules::game::LeaderStatus::Inactive, "{rules}");
    }
}

#[test]
fn a_trump_from_an_enemy_zoc_stands_when_his_range_can_send_a_unit_into_shock_gba_5_47_cg_5_47_p294() {
    for rules in [GBA, CG] {
        let mut game = trump_from_zoc(rules, true, &[1]);
        let events = ok(&mut game, Command::Trump { leader: "spithridates".into() });
        assert!(!events.iter().any(|e| matches!(e, Event::TrumpVoided { .. })), "{rules}: {events:?}");
        ok(&mut game, Command::DeclineTrump);
        assert!(
            matches!(&game.state.phase, sarissa_rules::game::Phase::Orders { leader, must_act: true, .. } if leader == "spithridates"),
            "{rules}: {:?}",
            game.state.phase
        );
    }
}
