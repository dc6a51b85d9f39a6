//! More rules that the engine plays with the same code in both books (issue 18 §3, second
//! pass): each shown through `Game::execute` with loaded dice on a `rules = "chandragupta"`
//! field, and on the same field under the Alexander rules where Alexander's rule had no test.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, LeaderStatus, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use std::sync::Arc;

/// Blue "hero" (overall, initiative 2, range 8) with heavy cavalry "c", a skirmisher "s" and
/// more heavy cavalry "t"; red "foe" (initiative 6) with heavy cavalry far to the east.
fn book(rules: &'static str) -> Field {
    Field {
        rules,
        units: [
            vec![
                unit("c", "HC", "", 3, 7, 5, "", "0305", "E"),
                unit("s", "SK", "J", 1, 6, 6, "J", "0307", "E"),
                unit("t", "HC", "", 3, 7, 5, "", "0303", "E"),
            ],
            vec![unit("r", "HC", "", 3, 6, 7, "", "0905", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn hero_ordering(rules: &'static str, dice: &[u8]) -> Game {
    let (mut game, _) = book(rules).start(dice);
    ok(&mut game, activate("hero"));
    game
}

fn moved(events: &[Event], id: &str) -> bool {
    events.iter().any(|e| matches!(e, Event::UnitMoved { unit, .. } if unit == id))
}

fn leader_idx(game: &Game, id: &str) -> usize {
    game.scenario.leaders.iter().position(|l| l.id == id).unwrap()
}

/// The game loaded from `field` with a `[position]` table.
fn start_at(field: &Field, position: &str, dice: &[u8]) -> (Game, Vec<Event>) {
    let text = format!("{}\n[position]\n{position}\n", field.toml());
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, mut events) =
        Game::new(Arc::new(scenario), sarissa_rules::game::Dice::scripted(dice)).expect("the game starts");
    events.extend(no_pw(&mut game));
    (game, events)
}

fn with(line: String, keys: &str) -> String {
    format!("{}, {keys} }}", line.strip_suffix(" }").expect("an inline table"))
}

// --- Orders: how many, and from whom -------------------------------------------------------

fn orders_stop_at_initiative(rules: &'static str) {
    let mut game = hero_ordering(rules, &[]);
    assert_eq!(orders_left(&game), 2, "initiative 2: two individual orders");
    assert!(moved(&ok(&mut game, mv("c", &["0405"], Vertex::E)), "c"));
    assert!(moved(&ok(&mut game, mv("t", &["0403"], Vertex::E)), "t"));
    assert_eq!(orders_left(&game), 0);
    let err = game.execute(&mv("s", &["0407"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::NoOrdersLeft { leader: "hero".into() });
    assert_eq!(game.state.units[idx(&game, "s")].placement.hexes().next(), Some(h("0307")));
}

#[test]
fn a_leader_gives_no_more_orders_than_his_initiative_gba_4_22() {
    orders_stop_at_initiative("alexander");
}

#[test]
fn a_leader_gives_no_more_orders_than_his_initiative_cg_4_22() {
    orders_stop_at_initiative("chandragupta");
}

/// Blue's overall commander "hero" (initiative 3) and a subordinate "sub" (initiative 1, so he
/// goes first).
fn with_subordinate(rules: &'static str) -> Field {
    let mut f = book(rules);
    f.leaders[0] = vec![leader("hero", "overall", 3, 8, "0205"), leader("sub", "subordinate", 1, 4, "0204")];
    f
}

fn finished_leader_gives_no_order_but_is_moved(rules: &'static str) {
    let (mut game, _) = with_subordinate(rules).start(&[]);
    ok(&mut game, activate("sub"));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::DeclineMomentum);
    let sub = leader_idx(&game, "sub");
    assert_eq!(game.state.leaders[sub].status, LeaderStatus::Finished);
    // He gives no more orders: he is not activated again.
    assert_eq!(offered(&game), ["hero"]);
    let err = game.execute(&activate("sub")).unwrap_err();
    assert_eq!(err, RuleError::NotEligibleForActivation { leader: "sub".into() });
    ok(&mut game, activate("hero"));
    // The overall commander may still move him, for one of his orders.
    let events = ok(&mut game, Command::MoveLeader { leader: "sub".into(), path: vec![h("0104")] });
    assert!(
        events.iter().any(|e| matches!(e, Event::LeaderMoved { leader, by_overall: true, .. } if leader == "sub")),
        "{events:?}"
    );
    assert_eq!(game.state.leaders[sub].at, h("0104"));
    assert_eq!(orders_left(&game), 2);
}

#[test]
fn a_finished_leader_gives_no_orders_but_his_overall_commander_may_move_him_gba_4_25() {
    finished_leader_gives_no_order_but_is_moved("alexander");
}

#[test]
fn a_finished_leader_gives_no_orders_but_his_overall_commander_may_move_him_cg_4_24() {
    finished_leader_gives_no_order_but_is_moved("chandragupta");
}

fn no_orders_in_an_enemy_zoc(rules: &'static str) {
    // The subordinate stands in the red cavalry's front hex.
    let mut f = with_subordinate(rules);
    f.leaders[0][1] = leader("sub", "subordinate", 1, 4, "0804");
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("sub"));
    let err = game.execute(&Command::MoveLeader { leader: "sub".into(), path: vec![h("0704")] }).unwrap_err();
    assert_eq!(err, RuleError::LeaderInEnemyZoc { leader: "sub".into() });
    let err = game.execute(&mv("t", &["0403"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::LeaderInEnemyZoc { leader: "sub".into() });
}

#[test]
fn a_subordinate_in_an_enemy_zoc_gives_no_order_not_even_to_himself_cg_4_23_5_27() {
    no_orders_in_an_enemy_zoc("chandragupta");
}

#[test]
fn a_subordinate_in_an_enemy_zoc_gives_no_order_not_even_to_himself_gba_4_24() {
    no_orders_in_an_enemy_zoc("alexander");
}

// --- Leaders moving ---------------------------------------------------------------------

fn leader_has_no_facing(rules: &'static str) {
    let mut game = hero_ordering(rules, &[]);
    // North, then straight back south: no front hexes, no turn to pay for.
    let path = ["0204", "0203", "0204"];
    let events =
        ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: path.iter().map(|p| h(p)).collect() });
    assert!(
        events.iter().any(|e| matches!(e, Event::LeaderMoved { leader, mp: 3, .. } if leader == "hero")),
        "{events:?}"
    );
    assert_eq!(game.state.leaders[leader_idx(&game, "hero")].at, h("0204"));
}

#[test]
fn a_leader_has_no_facing_and_goes_any_way_gba_4_26() {
    leader_has_no_facing("alexander");
}

#[test]
fn a_leader_has_no_facing_and_goes_any_way_cg_4_72() {
    leader_has_no_facing("chandragupta");
}

#[test]
fn a_leader_moves_again_in_the_phase_for_another_order_but_not_past_nine_mp_cg_6_14() {
    let mut game = hero_ordering("chandragupta", &[]);
    let out = ["0206", "0207", "0208", "0209", "0210"];
    ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: out.iter().map(|p| h(p)).collect() });
    assert_eq!(orders_left(&game), 1);
    // 5 spent: five more are too many, four are not.
    let back = ["0209", "0208", "0207", "0206", "0205"];
    let err = game
        .execute(&Command::MoveLeader { leader: "hero".into(), path: back.iter().map(|p| h(p)).collect() })
        .unwrap_err();
    assert!(matches!(err, RuleError::IllegalMove { rule: "6.15", .. }), "{err:?}");
    ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: back[..4].iter().map(|p| h(p)).collect() });
    assert_eq!(game.state.leaders[leader_idx(&game, "hero")].at, h("0206"));
    assert_eq!(orders_left(&game), 0);
}

#[test]
fn a_leader_moves_by_his_own_order_with_a_unit_or_by_his_overall_commanders_cg_4_71() {
    // (a) his own order, counted against his orders.
    let mut game = hero_ordering("chandragupta", &[]);
    ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: vec![h("0204")] });
    assert_eq!(orders_left(&game), 1);
    // (b) with the unit he is stacked with and ordered: no order for him.
    let mut f = book("chandragupta");
    f.leaders[0] = vec![leader("hero", "overall", 2, 8, "0305")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("c", &["0405"], Vertex::E));
    assert_eq!(orders_left(&game), 1);
    ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: vec![h("0405")] });
    assert_eq!(game.state.leaders[leader_idx(&game, "hero")].at, h("0405"));
    assert_eq!(orders_left(&game), 1);
    // (c) by his overall commander: the CG 4.24 test above.
}

// --- Units moving -----------------------------------------------------------------------

fn a_step_must_be_to_the_next_hex(rules: &'static str) {
    let mut game = hero_ordering(rules, &[]);
    let err = game.execute(&mv("c", &["0505"], Vertex::E)).unwrap_err();
    assert!(matches!(&err, RuleError::IllegalMove { reason, .. } if reason.contains("not next to")), "{err:?}");
    let err = game.execute(&mv("c", &["0405", "0605"], Vertex::E)).unwrap_err();
    assert!(matches!(&err, RuleError::IllegalMove { reason, .. } if reason.contains("not next to")), "{err:?}");
    assert!(moved(&ok(&mut game, mv("c", &["0405", "0505"], Vertex::E)), "c"));
}

#[test]
fn a_unit_moves_hex_by_hex_into_the_next_hex_gba_6_31() {
    a_step_must_be_to_the_next_hex("alexander");
}

#[test]
fn a_unit_moves_hex_by_hex_into_the_next_hex_cg_6_31() {
    a_step_must_be_to_the_next_hex("chandragupta");
}

#[test]
fn a_unit_enters_only_its_front_hexes_cg_6_32() {
    let mut game = hero_ordering("chandragupta", &[]);
    // Facing E: 0404 is a front hex, one MP. 0205 behind it is not: it turns to face it first,
    // and back, a vertex a MP (7.12).
    let events = ok(&mut game, mv("c", &["0404"], Vertex::E));
    assert!(events.iter().any(|e| matches!(e, Event::UnitMoved { unit, mp: 1, .. } if unit == "c")), "{events:?}");
    let mut game = hero_ordering("chandragupta", &[]);
    let events = ok(&mut game, mv("c", &["0205"], Vertex::E));
    assert!(events.iter().any(|e| matches!(e, Event::UnitMoved { unit, mp: 5, .. } if unit == "c")), "{events:?}");
}

#[test]
fn a_turn_in_place_is_the_units_move_for_the_phase_cg_6_12() {
    let mut game = hero_ordering("chandragupta", &[]);
    let events = ok(&mut game, mv("c", &[], Vertex::NE));
    assert!(moved(&events, "c"), "{events:?}");
    assert_eq!(game.state.units[idx(&game, "c")].facing, Vertex::NE);
    let err = game.execute(&mv("c", &["0404"], Vertex::NE)).unwrap_err();
    assert_eq!(err, RuleError::AlreadyOrdered { unit: "c".into() });
}

// --- Activation, momentum, the die -----------------------------------------------------

#[test]
fn a_leader_is_inactive_then_active_then_finished_cg_5_11() {
    let (mut game, _) = book("chandragupta").start(&[]);
    let hero = leader_idx(&game, "hero");
    assert_eq!(game.state.leaders[hero].status, LeaderStatus::Inactive);
    ok(&mut game, activate("hero"));
    assert_eq!(game.state.leaders[hero].status, LeaderStatus::Active);
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::DeclineMomentum);
    assert_eq!(game.state.leaders[hero].status, LeaderStatus::Finished);
}

#[test]
fn a_zero_on_the_die_is_zero_the_lowest_roll_cg_2_3() {
    // Initiative 2: a 0 gains momentum (read as 10 it would finish him).
    let (mut game, _) = book("chandragupta").start(&[0]);
    for command in [activate("hero"), Command::EndOrders] {
        ok(&mut game, command);
    }
    let events = ok(&mut game, Command::TryMomentum);
    assert_eq!(events[0], Event::DieRolled { roll: 0, purpose: RollPurpose::Momentum { leader: "hero".into() } });
    assert_eq!(events[1], Event::MomentumGained { leader: "hero".into() });
}

fn killed_leader_stays_dead(rules: &'static str) {
    let mut f = book(rules);
    f.leaders[1].push(with(leader("lost", "subordinate", 1, 4, "1110"), "killed = true"));
    let (mut game, _) = start_at(&f, "turn = 2", &[]);
    let lost = leader_idx(&game, "lost");
    assert_eq!(game.state.leaders[lost].status, LeaderStatus::Eliminated);
    assert_eq!(offered(&game), ["hero"]);
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    assert!(events.contains(&Event::TurnBegan { turn: 3 }), "{events:?}");
    no_pw(&mut game);
    // The new turn makes every living leader inactive again, not him.
    assert_eq!(game.state.leaders[lost].status, LeaderStatus::Eliminated);
    assert_eq!(offered(&game), ["hero"]);
    assert!(game.execute(&activate("lost")).is_err());
}

#[test]
fn a_lost_leader_is_never_replaced_or_back_gba_4_64() {
    killed_leader_stays_dead("alexander");
}

#[test]
fn a_lost_leader_is_never_replaced_or_back_cg_4_83() {
    killed_leader_stays_dead("chandragupta");
}

#[test]
fn a_battle_keeps_no_turn_limit_it_goes_on_turn_after_turn_cg_2_6() {
    let (mut game, _) = start_at(&book("chandragupta"), "turn = 40", &[]);
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    assert!(events.contains(&Event::TurnEnded { turn: 40 }), "{events:?}");
    assert!(events.contains(&Event::TurnBegan { turn: 41 }), "{events:?}");
    assert!(matches!(game.state.phase, Phase::Activation { .. } | Phase::PreArranged { .. }), "{:?}", game.state.phase);
}

// --- Zones of control -----------------------------------------------------------------

/// Blue horse (MA 7) at 0705 facing W, in the ZOC of red cavalry at 0805 (MA 6); red cavalry
/// at 0505 facing E has its ZOC on 0604 and 0605.
fn two_zocs(rules: &'static str) -> Game {
    let f = Field {
        rules,
        macedonian: [false, false],
        units: [
            vec![unit("horse", "HC", "", 3, 7, 7, "", "0705", "W")],
            vec![unit("r1", "HC", "", 3, 6, 6, "", "0805", "W"), unit("r2", "HC", "", 3, 6, 6, "", "0505", "E")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0703")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    game
}

fn leaving_one_zoc_into_another_stops(rules: &'static str) {
    let mut game = two_zocs(rules);
    let err = game.execute(&mv("horse", &["0605", "0506"], Vertex::W)).unwrap_err();
    assert!(matches!(err, RuleError::IllegalMove { rule: "7.23", .. }), "{err:?}");
    ok(&mut game, mv("horse", &["0605"], Vertex::W));
    assert_eq!(game.state.units[idx(&game, "horse")].placement.hexes().next(), Some(h("0605")));
}

#[test]
fn a_unit_leaving_one_enemy_zoc_may_enter_another_and_stops_there_gba_7_24() {
    leaving_one_zoc_into_another_stops("alexander");
}

#[test]
fn a_unit_leaving_one_enemy_zoc_may_enter_another_and_stops_there_cg_7_24() {
    leaving_one_zoc_into_another_stops("chandragupta");
}

fn both_sides_zoc_in_one_hex(rules: &'static str) {
    // Blue "b2" at 0705 facing W has its ZOC on 0605 as red r2 has: blue's own ZOC there does
    // not lift red's, and the horse coming from 0506 stops in 0605.
    let f = Field {
        rules,
        macedonian: [false, false],
        units: [
            vec![unit("horse", "HC", "", 3, 7, 7, "", "0506", "E"), unit("b2", "HC", "", 3, 7, 5, "", "0705", "W")],
            vec![unit("r2", "HC", "", 3, 6, 6, "", "0505", "E")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0209")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    let err = game.execute(&mv("horse", &["0605", "0706"], Vertex::E)).unwrap_err();
    assert!(matches!(err, RuleError::IllegalMove { rule: "7.23", .. }), "{err:?}");
    ok(&mut game, mv("horse", &["0605"], Vertex::E));
}

#[test]
fn a_hex_in_both_sides_zocs_is_controlled_by_both_gba_7_26() {
    both_sides_zoc_in_one_hex("alexander");
}

#[test]
fn a_hex_in_both_sides_zocs_is_controlled_by_both_cg_7_26() {
    both_sides_zoc_in_one_hex("chandragupta");
}

// --- Trump ------------------------------------------------------------------------------

/// The Granicus trump field of trump.rs under the Chandragupta rules: blue "alexander" 7 and
/// "philotas" 5; red "memnon" 5, "omares" 3, "arsites" 2; arsites has passed, omares is offered.
fn cg_trump_field(dice: &[u8]) -> Game {
    let horse = |id: &str, tq: u8, at: &str, facing: &str| unit(id, "HC", "", 3, tq, 7, "", at, facing);
    let chief = |(id, role, init, range, at): (&str, &str, u8, u8, &str)| leader(id, role, init, range, at);
    let blue = [("alexander", "overall", 7, 6, "0205"), ("philotas", "subordinate", 5, 4, "0206")];
    let red = [
        ("memnon", "overall", 5, 4, "1005"),
        ("omares", "subordinate", 3, 3, "1006"),
        ("arsites", "subordinate", 2, 3, "1004"),
    ];
    let field = Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [
            vec![horse("m1", 7, "0205", "E"), horse("m2", 7, "0207", "E")],
            vec![horse("p1", 6, "1005", "W"), horse("p2", 6, "1007", "W")],
        ],
        leaders: [blue.into_iter().map(chief).collect(), red.into_iter().map(chief).collect()],
        ..Field::default()
    };
    let mut game = field.start(dice).0;
    ok(&mut game, pass("arsites"));
    assert_eq!(offered(&game), ["omares"], "Arsites passed");
    game
}

fn trump(id: &str) -> Command {
    Command::Trump { leader: String::from(id) }
}

/// Memnon trumps Omares (2), Philotas answers and fails (7): Memnon goes, moves a unit (5.46).
fn memnon_trumped_philotas_failed(dice: &[u8]) -> Game {
    let mut game = cg_trump_field(dice);
    ok(&mut game, trump("memnon"));
    let events = ok(&mut game, trump("philotas"));
    assert!(events.contains(&Event::LeaderFinished { leader: "philotas".into() }), "{events:?}");
    ok(&mut game, mv("p2", &["0907"], Vertex::W));
    ok(&mut game, Command::EndOrders);
    game
}

#[test]
fn each_side_tries_one_trump_in_an_activation_cg_5_43() {
    // Memnon's momentum (3) would be open to Alexander's trump, but the blue side has tried
    // one in this activation already: the momentum phase begins at once.
    let mut game = memnon_trumped_philotas_failed(&[2, 7, 3]);
    let events = ok(&mut game, Command::TryMomentum);
    assert!(events.contains(&Event::MomentumGained { leader: "memnon".into() }), "{events:?}");
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "memnon"), "{:?}", game.state.phase);
    assert!(game.execute(&trump("alexander")).is_err());
}

#[test]
fn a_failed_trumper_is_finished_and_a_bypassed_leader_has_no_momentum_cg_5_44() {
    let mut game = memnon_trumped_philotas_failed(&[2, 7]);
    let philotas = leader_idx(&game, "philotas");
    assert_eq!(game.state.leaders[philotas].status, LeaderStatus::Finished);
    ok(&mut game, Command::DeclineMomentum);
    // Omares, passed over by Memnon's trump, still goes, but without momentum.
    assert_eq!(offered(&game), ["omares"]);
    ok(&mut game, activate("omares"));
    let events = ok(&mut game, Command::EndOrders);
    assert!(events.contains(&Event::LeaderFinished { leader: "omares".into() }), "{events:?}");
    assert!(game.execute(&Command::TryMomentum).is_err());
}

// --- Reaction fire --------------------------------------------------------------------

/// Red archer foot at 0805 facing west (its ZOC takes in 0705) against `blue`, under the
/// Chandragupta rules.
fn cg_bows(blue: Vec<String>, dice: &[u8]) -> Game {
    cg_bows_marked(blue, None, dice)
}

/// [`cg_bows`] with the archers' markers set in the battle file (e.g. `missiles = "no"`).
fn cg_bows_marked(blue: Vec<String>, markers: Option<&str>, dice: &[u8]) -> Game {
    let bows = unit("bows", "LI", "A", 3, 5, 5, "A", "0805", "W");
    let bows = match markers {
        Some(keys) => with(bows, keys),
        None => bows,
    };
    let mut f = two_armies(blue, vec![bows]);
    f.rules = "chandragupta";
    f.macedonian = [false, false];
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    game
}

fn reaction_firers(game: &Game) -> Option<(Vec<String>, sarissa_rules::combat::fire::ReactionFire)> {
    match &game.state.phase {
        Phase::Reaction { firers, fire_kind, .. } => Some((firers.clone(), *fire_kind)),
        _ => None,
    }
}

fn volley(events: &[Event]) -> Option<(u8, Option<sarissa_rules::combat::fire::ReactionFire>)> {
    events.iter().find_map(|e| match e {
        Event::MissileFired { range, reaction, .. } => Some((*range, *reaction)),
        _ => None,
    })
}

#[test]
fn a_unit_leaving_an_archers_zoc_is_fired_at_range_2_before_it_goes_cg_8_22() {
    use sarissa_rules::combat::fire::ReactionFire;
    // Horse (MA 7, more than the archers' 5) may leave their ZOC (7.23).
    let mut game = cg_bows(vec![unit("horse", "HC", "", 3, 6, 7, "", "0705", "W")], &[0]);
    ok(&mut game, mv("horse", &["0605", "0505"], Vertex::W));
    assert_eq!(game.state.units[idx(&game, "horse")].placement.hexes().next(), Some(h("0705")), "not gone yet");
    assert_eq!(reaction_firers(&game), Some((vec!["bows".to_string()], ReactionFire::Retire)));
    let events = ok(&mut game, fire("bows", "horse"));
    assert_eq!(volley(&events), Some((2, Some(ReactionFire::Retire))), "{events:?}");
    assert_eq!(game.state.units[idx(&game, "horse")].hits, 1);
    assert_eq!(game.state.units[idx(&game, "horse")].placement.hexes().next(), Some(h("0505")));
}

#[test]
fn a_unit_fired_on_may_fire_back_at_the_firer_cg_8_23() {
    use sarissa_rules::combat::fire::ReactionFire;
    // Blue archers at range 2 miss (9); the red archers answer.
    let mut game = cg_bows(vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0605", "E")], &[9, 0]);
    let events = ok(&mut game, fire("cretans", "bows"));
    assert_eq!(volley(&events), Some((2, None)));
    assert_eq!(reaction_firers(&game), Some((vec!["bows".to_string()], ReactionFire::Return)));
    let events = ok(&mut game, fire("bows", "cretans"));
    assert_eq!(volley(&events), Some((2, Some(ReactionFire::Return))), "{events:?}");
    assert_eq!(game.state.units[idx(&game, "cretans")].hits, 1);
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn reaction_fire_needs_no_order_and_only_missiles_cg_8_24() {
    let foot = || vec![unit("horse", "HC", "", 3, 6, 7, "", "0305", "E")];
    let path = ["0405", "0505", "0605", "0705"];
    let mut game = cg_bows(foot(), &[0]);
    ok(&mut game, mv("horse", &path, Vertex::E));
    ok(&mut game, fire("bows", "horse"));
    // No order was spent on it: the archers may still fire under orders later.
    assert!(!game.state.units[idx(&game, "bows")].fired);
    // Out of missiles: no reaction fire.
    let mut game = cg_bows_marked(foot(), Some("missiles = \"no\""), &[]);
    ok(&mut game, mv("horse", &path, Vertex::E));
    assert!(reaction_firers(&game).is_none_or(|(firers, _)| firers.is_empty()), "{:?}", game.state.phase);
}

// --- Hits ---------------------------------------------------------------------------------

fn hits_do_not_weaken(rules: &'static str) {
    // Blue archers at range 2 of red archers, fresh or with 3 hits (TQ 5): every roll does the same.
    let outcomes = |hits: u8| -> Vec<Option<u8>> {
        (0..=9u8)
            .map(|roll| {
                let mut f = two_armies(
                    vec![with(unit("cretans", "SK", "A", 1, 5, 6, "A", "0605", "E"), &format!("hits = {hits}"))],
                    vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0805", "W")],
                );
                f.rules = rules;
                f.macedonian = [false, false];
                let (mut game, _) = f.start(&[roll]);
                ok(&mut game, activate("hero"));
                let events = ok(&mut game, fire("cretans", "bows"));
                events.iter().find_map(|e| match e {
                    Event::MissileFired { hits, .. } => Some(*hits),
                    _ => None,
                })
            })
            .collect()
    };
    let fresh = outcomes(0);
    // Low rolls hit, high ones miss: a weaker volley would miss on some roll that hits now.
    assert_eq!((fresh[0], fresh[9]), (Some(1), Some(0)), "{fresh:?}");
    assert_eq!(fresh, outcomes(3));
}

#[test]
fn hits_do_not_weaken_a_units_fire_gba_10_12() {
    hits_do_not_weaken("alexander");
}

#[test]
fn hits_do_not_weaken_a_units_fire_cg_11_14() {
    hits_do_not_weaken("chandragupta");
}
