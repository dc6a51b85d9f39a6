//! House rules inspired by the Mutford house rules (issue 23, rulings P310–P314): out-of-sight
//! orders (B3) and command collapse (B9), each switched on by its optional-rules key.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::{LineType, Placement};
use sarissa_rules::special::house;

const OUT_OF_SIGHT: &str = "out_of_sight_orders";
const COLLAPSE: &str = "command_collapse";

// --- B3: out-of-sight orders ----------------------------------------------------------------

/// Blue's leader at 0505 with woods at 0506: `hid` (0508) and the skirmishers `sk` (0509) are
/// beyond the woods, out of his sight; `seen` (0503) is in the open.
fn sight_field(initiative: u8, optional: Vec<&'static str>) -> sarissa_rules::Game {
    let f = Field {
        terrain: vec![("0506", 'w')],
        units: [
            vec![
                unit("hid", "HI", "", 5, 6, 5, "", "0508", "E"),
                unit("sk", "SK", "", 1, 5, 6, "J", "0509", "E"),
                unit("seen", "HI", "", 5, 6, 5, "", "0503", "E"),
            ],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")],
        ],
        leaders: [vec![leader("hero", "overall", initiative, 8, "0505")], vec![leader("foe", "overall", 6, 4, "1209")]],
        optional,
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    game
}

fn turn(unit: &str) -> Command {
    mv(unit, &[], Vertex::NE)
}

fn out_of_sight(events: &[Event]) -> Vec<(String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::OutOfSightOrder { leader, unit } => Some((leader.clone(), unit.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn house_b3_an_order_to_a_unit_out_of_sight_costs_two_orders() {
    let mut game = sight_field(4, vec![OUT_OF_SIGHT]);
    let events = ok(&mut game, turn("hid"));
    assert_eq!(events[0], Event::OutOfSightOrder { leader: "hero".into(), unit: "hid".into() });
    assert_eq!(out_of_sight(&events).len(), 1, "{events:?}");
    assert_eq!(orders_left(&game), 2);
    // In sight: one order, and nothing logged.
    let events = ok(&mut game, turn("seen"));
    assert_eq!(out_of_sight(&events), []);
    assert_eq!(orders_left(&game), 1);
}

#[test]
fn house_b3_skirmishers_out_of_sight_cost_one_order() {
    let mut game = sight_field(4, vec![OUT_OF_SIGHT]);
    let events = ok(&mut game, turn("sk"));
    assert_eq!(out_of_sight(&events), []);
    assert_eq!(orders_left(&game), 3);
}

#[test]
fn house_b3_with_one_order_left_a_unit_out_of_sight_cannot_be_ordered() {
    let mut game = sight_field(2, vec![OUT_OF_SIGHT]);
    ok(&mut game, turn("seen"));
    assert_eq!(orders_left(&game), 1);
    assert_eq!(refused_rule(&mut game, turn("hid")), "House B3");
    // The engine does not offer it, and does offer the skirmishers.
    let orderable = sarissa_rules::play::legal::orderable_units(&game);
    assert_eq!(orderable, [idx(&game, "sk")]);
    ok(&mut game, turn("sk"));
    assert_eq!(orders_left(&game), 0);
}

#[test]
fn house_b3_off_an_order_out_of_sight_costs_one() {
    let mut game = sight_field(4, vec![]);
    let events = ok(&mut game, turn("hid"));
    assert_eq!(out_of_sight(&events), []);
    assert_eq!(orders_left(&game), 3);
}

// --- B9: command collapse -------------------------------------------------------------------

fn line_leader(id: &str, role: &str, initiative: u8, range: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"{role}\", initiative = {initiative}, command_range = {range}, charisma = 1, personal_combat = 3, line_command = true, strategy = 4, at = \"{at}\" }}")
}

/// Blue's subordinate `sub` (initiative 2, at 0405) commands the phalanx `block` and the routed
/// cavalry `lost`, the units nearest him at set-up (P311); the overall commander `hero` (0110)
/// commands `guard`.
/// Blue's `units` and `leaders` against one red cavalry unit and its leader, far off.
fn blue_against_one(units: Vec<String>, leaders: Vec<String>, optional: Vec<&'static str>) -> Field {
    Field {
        units: [units, vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")]],
        leaders: [leaders, vec![leader("foe", "overall", 8, 4, "1209")]],
        optional,
        ..Field::default()
    }
}

fn collapse_field(optional: Vec<&'static str>, dice: &[u8]) -> sarissa_rules::Game {
    let units = vec![
        unit("block", "PH", "MA", 10, 7, 4, "", "0505-0506", "E"),
        with(unit("lost", "HC", "", 3, 7, 7, "", "0303", "E"), "routed = true"),
        unit("guard", "HC", "", 3, 7, 7, "", "0109", "E"),
    ];
    let leaders = vec![line_leader("sub", "subordinate", 2, 6, "0405"), line_leader("hero", "overall", 5, 8, "0110")];
    blue_against_one(units, leaders, optional).start(dice).0
}

/// Everyone passes to the next turn; routed units run where they must.
fn next_turn(game: &mut sarissa_rules::Game) {
    let turn = game.state.turn;
    while game.state.turn == turn {
        match game.state.phase.clone() {
            Phase::RoutChoice { .. } => drop(rout_first(game)),
            Phase::Activation { leaders, .. } => drop(ok(game, pass(&leaders[0]))),
            Phase::PreArranged { .. } => drop(no_pw(game)),
            Phase::Orders { .. } => drop(done(game)),
            other => panic!("{other:?}"),
        }
    }
    no_pw(game);
}

/// Ends the active leader's orders and declines his momentum (5.3). Returns every event.
fn done(game: &mut sarissa_rules::Game) -> Vec<Event> {
    let mut events = end_orders(game);
    events.extend(ok(game, Command::DeclineMomentum));
    events
}

fn broken(events: &[Event]) -> Vec<Event> {
    events.iter().filter(|e| matches!(e, Event::CommandBroken { .. })).cloned().collect()
}

#[test]
fn house_b9_half_his_command_routed_breaks_it_at_the_end_of_his_orders() {
    let mut game = collapse_field(vec![COLLAPSE], &[]);
    ok(&mut game, activate("sub"));
    let events = done(&mut game);
    assert_eq!(
        broken(&events),
        [Event::CommandBroken { leader: "sub".into(), units: vec!["block".into(), "lost".into()], lost: 1 }]
    );
    assert_eq!(game.state.broken_commands.len(), 1);
    // The overall commander's own command (guard) stands.
    ok(&mut game, activate("hero"));
    let events = done(&mut game);
    assert_eq!(broken(&events), []);
}

#[test]
fn house_b9_off_nothing_breaks() {
    let mut game = collapse_field(vec![], &[]);
    ok(&mut game, activate("sub"));
    assert_eq!(broken(&done(&mut game)), []);
    assert!(game.state.broken_commands.is_empty());
}

#[test]
fn house_b9_a_broken_commands_units_check_their_tq_at_plus_one() {
    // The phalanx's first move at its augmented allowance checks TQ 7 (6.46): a 7 passes, but
    // at +1 it takes the hit.
    let mut game = collapse_field(vec![COLLAPSE], &[7]);
    ok(&mut game, activate("sub"));
    done(&mut game);
    ok(&mut game, activate("hero"));
    let to = Placement::Two(h("1005"), h("1006"));
    let events = ok(&mut game, Command::MoveTo { unit: "block".into(), to, facing: Vertex::E, with: None });
    let checks: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::DieRolled { purpose: RollPurpose::TqCheck { .. }, .. } | Event::BrokenCommandCheck { .. }
            ) || matches!(e, Event::CohesionHits { cause: HitCause::AugmentedMove, .. })
        })
        .collect();
    assert_eq!(
        checks,
        [
            &Event::DieRolled { roll: 7, purpose: RollPurpose::TqCheck { unit: "block".into(), rule: "6.46".into() } },
            &Event::BrokenCommandCheck { unit: "block".into() },
            &Event::CohesionHits { unit: "block".into(), hits: 1, cause: HitCause::AugmentedMove },
        ]
    );
}

#[test]
fn house_b9_a_broken_leader_has_two_orders_fewer_and_no_line_command() {
    let mut game = collapse_field(vec![COLLAPSE], &[]);
    ok(&mut game, activate("sub"));
    assert_eq!(orders_left(&game), 2);
    done(&mut game);
    next_turn(&mut game);
    assert_eq!(game.state.turn, 2, "{:?}", game.state.phase);
    ok(&mut game, activate("sub"));
    // Initiative 2 less two is none: he keeps one (P313).
    assert_eq!(orders_left(&game), 1);
    let line = Command::LineCommand {
        line: LineType::parse("PH/MA").unwrap(),
        anchor: "block".into(),
        formation: Formation::Abreast,
        units: vec![],
    };
    assert_eq!(refused_rule(&mut game, line), "House B9");
}

// --- Every battle with every house rule on ------------------------------------------------

/// The soak with every house rule the battle offers on: random games on every battle, each
/// random command legal and accepted; returns how often each rule acted, in the order of
/// `house::ACTS`.
fn house_soak(seeds: std::ops::Range<u64>, commands: usize) -> [usize; house::ACTS.len()] {
    let mut acted = [0; house::ACTS.len()];
    for (name, text) in bundled_battles() {
        let scenario = sarissa_rules::load(&name, &text).unwrap();
        let house = scenario.optional_choices().into_iter().filter(|c| c.house);
        let on: sarissa_rules::scenario::OptionChanges = house.map(|c| (c.key.to_string(), true)).collect();
        let scenario = std::sync::Arc::new(scenario.with_options(&on).unwrap());
        for seed in seeds.clone() {
            random_playout(&name, scenario.clone(), seed, commands, |events| house::count_acts(events, &mut acted));
        }
    }
    acted
}

#[test]
fn house_b1_b2_b3_b4_b5_b6_b7_b8_b9_every_battle_plays_with_every_house_rule_on() {
    let acted = house_soak(0..1, 1500);
    println!("{}", house::acts_in_words(&acted));
    assert!(acted[..5].iter().all(|&n| n > 0), "{acted:?}");
    // Levies balk in any game; random players seldom withdraw light foot beside light foot or
    // shoot into a melee (the duels count those over 100 games a battle, README).
    assert!(acted[5] > 0, "{acted:?}");
    // Eager units are held back and surge (B5) in a game of the battles that have them.
    assert!(acted[8] > 0 && acted[9] > 0, "{acted:?}");
}

/// A contingent commander's command is his contingent (P311); his line command is his orders,
/// so its end is when his command is judged (P312).
#[test]
fn house_b9_a_contingent_commanders_command_breaks_at_the_end_of_his_line_command() {
    let mcc = "{ id = \"phil\", name = \"phil\", role = \"subordinate\", contingent = true, command_range = 4, charisma = 1, personal_combat = 3, contingent_units = [\"hc1\", \"hc2\"], at = \"0405\" }";
    let units = vec![
        unit("hc1", "HC", "", 3, 7, 7, "", "0505", "E"),
        with(unit("hc2", "HC", "", 3, 7, 7, "", "0303", "E"), "routed = true"),
        unit("free", "HC", "", 3, 7, 7, "", "0206", "E"),
    ];
    let f = blue_against_one(
        units,
        vec![leader("alex", "overall", 6, 6, "0205"), mcc.to_string()],
        vec!["contingent_commanders", COLLAPSE],
    );
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    ok(&mut game, Command::Contingent { leader: "phil".into() });
    let events = ok(&mut game, Command::EndOrders);
    assert_eq!(
        broken(&events),
        [Event::CommandBroken { leader: "phil".into(), units: vec!["hc1".into(), "hc2".into()], lost: 1 }],
        "{events:?}"
    );
    // Broken, he gives no line command again: his commander may not activate him.
    next_turn(&mut game);
    ok(&mut game, activate("alex"));
    assert_eq!(refused_rule(&mut game, Command::Contingent { leader: "phil".into() }), "House B9");
}

/// Both house rules are offered in every battle of both books, off unless chosen, flagged as
/// house rules and credited (P314).
#[test]
fn house_b3_b9_are_offered_in_every_battle_of_both_books_credited() {
    for id in ["samarkand", "issus", "pataliputra", "takshashila"] {
        let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
        let s = sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        // B3 and B9 (the house rules of other letters have their own tests).
        let house: Vec<_> =
            s.optional_choices().into_iter().filter(|c| c.house && [OUT_OF_SIGHT, COLLAPSE].contains(&c.key)).collect();
        let keys: Vec<(&str, &str, bool)> = house.iter().map(|c| (c.key, c.rule, c.default)).collect();
        // Others follow (house_b1_b2.rs).
        assert_eq!(keys[..2], [(OUT_OF_SIGHT, "House B3", false), (COLLAPSE, "House B9", false)], "{id}");
        for c in house {
            assert!(c.about.contains(sarissa_rules::scenario::HOUSE_CREDIT) && c.about.ends_with('.'), "{c:?}");
        }
    }
}
