//! Fewer questions (issues 20 and 22): a rout's whole way as one decision (GBA 10.21, P120),
//! and standing orders answering the questions the rules put to a side in the middle of the
//! other side's move — each answer one of the engine's legal commands.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::{legal_commands, rout_ways};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::play::standing::{answer, Face, Fire, Rout, StandingOrders, Trump, UnitOrders, Withdraw};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::{load, Dice, Game};
use std::sync::Arc;

/// Dice that rout red's MI at 0605 when the hypaspists attack it from 0505 (as in
/// rout_choices.rs): red faced W routs east, tied between 0705 and 0706.
const ROUT: [u8; 12] = [0, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0];

fn one(hex: &str) -> Placement {
    Placement::One(h(hex))
}

fn routing() -> Game {
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")];
    let (mut game, _) = two_armies(vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")], red).start(&ROUT);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::Shock { attackers: vec![] });
    assert!(matches!(game.state.phase, Phase::RoutChoice { .. }), "{:?}", game.state.phase);
    game
}

fn path(unit: &str, hexes: &[&str]) -> Command {
    Command::RoutPath { unit: unit.into(), choices: hexes.iter().map(|x| one(x)).collect() }
}

#[test]
fn a_whole_rout_path_gives_the_same_events_as_its_ties_one_by_one_gba_10_21_p120_p305() {
    let mut by_hex = routing();
    let one_by_one = rout_via(&mut by_hex, "red", &["0706", "0806"]);
    let mut whole = routing();
    let at_once = ok(&mut whole, path("red", &["0706", "0806"]));
    assert_eq!(at_once, one_by_one);
    assert_eq!(whole.state_hash(), by_hex.state_hash());
    assert!(at_once.iter().any(|e| matches!(e, Event::UnitRouted { unit, path, .. }
        if unit == "red" && *path == vec![h("0706"), h("0806")])));
    // A path may also finish a rout begun hex by hex.
    let mut mixed = routing();
    let mut events = rout_to(&mut mixed, "red", "0706");
    events.extend(ok(&mut mixed, path("red", &["0806"])));
    assert_eq!(events, one_by_one);
}

#[test]
fn a_rout_path_that_stops_short_or_runs_on_or_leaves_the_ties_is_refused_gba_10_21_p305() {
    let mut game = routing();
    let before = game.state_hash();
    for wrong in
        [path("red", &["0706"]), path("red", &["0706", "0806", "0906"]), path("red", &["0805"]), path("red", &[])]
    {
        assert_eq!(refused_rule(&mut game, wrong.clone()), "10.21", "{wrong:?}");
        assert_eq!(game.state_hash(), before, "a refused path changes nothing");
    }
    assert!(game.execute(&path("hyp", &["0705"])).is_err(), "another unit's rout");
}

#[test]
fn every_complete_rout_way_is_listed_the_rules_preference_first_gba_10_21_p120_p305() {
    let game = routing();
    let ways = rout_ways(&game, 32);
    // 0705 first (the first option at every tie), each way a whole path the engine takes.
    let Command::RoutPath { choices, .. } = &ways[0].command else { panic!("{ways:?}") };
    assert_eq!(choices[0], one("0705"));
    let via_0706: Vec<_> = ways
        .iter()
        .filter_map(|w| match &w.command {
            Command::RoutPath { choices, .. } if choices[0] == one("0706") => Some((choices.clone(), w.hexes.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        via_0706,
        vec![
            (vec![one("0706"), one("0805")], vec![h("0706"), h("0805")]),
            (vec![one("0706"), one("0806")], vec![h("0706"), h("0806")]),
        ]
    );
    for w in &ways {
        let mut copy = game.clone();
        copy.execute(&w.command).unwrap_or_else(|e| panic!("{w:?}: {e}"));
        assert!(!matches!(&copy.state.phase, Phase::RoutChoice { pending, .. } if pending.unit == "red"));
    }
    assert_eq!(rout_ways(&game, 2).len(), 2, "at most the limit");
}

#[test]
fn standing_orders_choose_a_rout_by_the_rules_preference_as_one_answer_gba_10_21_p306() {
    let game = routing();
    assert_eq!(answer(&game, &StandingOrders::default()), None, "asked by default");
    let orders = StandingOrders { rout: Rout::ByPreference, ..StandingOrders::default() };
    let chosen = answer(&game, &orders).expect("answered");
    assert_eq!(Some(&chosen), rout_ways(&game, 1).first().map(|w| &w.command));
    // The same as the first option at every tie, one by one.
    let (mut a, mut b) = (game.clone(), game);
    ok(&mut a, chosen);
    rout_first(&mut b);
    assert_eq!(a.state_hash(), b.state_hash());
}

/// Blue's MI marches east along row 05 and comes up beside red's MI at 0704 facing W (as in
/// reaction_facing.rs): red may turn SW (0705 then in its front) or NW.
fn facing_reaction() -> Game {
    let f = Field {
        units: [
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[3]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    assert!(matches!(game.state.phase, Phase::Reaction { .. }));
    game
}

#[test]
fn always_turn_to_face_turns_toward_the_enemy_then_lets_the_move_go_on_gba_7_16() {
    let mut game = facing_reaction();
    assert_eq!(answer(&game, &StandingOrders::default()), None);
    let orders = StandingOrders { face: Face::Always, ..StandingOrders::default() };
    let turn = answer(&game, &orders).expect("answered");
    assert_eq!(turn, Command::ReactFacing { unit: "red".into(), facing: Vertex::SW });
    assert!(legal_commands(&game).contains(&turn));
    let events = ok(&mut game, turn);
    assert!(events.contains(&Event::ReactionFaced { unit: "red".into(), facing: Vertex::SW }), "{events:?}");
    // Red turned: nothing more to answer in this pause, or it is over.
    if matches!(game.state.phase, Phase::Reaction { side: 1, .. }) {
        assert_eq!(answer(&game, &orders), Some(Command::EndReaction));
    }
}

#[test]
fn a_units_own_standing_order_overrides_its_sides_gba_7_16() {
    let game = facing_reaction();
    let exception = UnitOrders { unit: "red".into(), face: Some(Face::Never), ..UnitOrders::default() };
    let orders = StandingOrders { face: Face::Always, units: vec![exception], ..StandingOrders::default() };
    assert_eq!(answer(&game, &orders), Some(Command::EndReaction));
    let ask = UnitOrders { unit: "red".into(), face: Some(Face::Ask), ..UnitOrders::default() };
    let orders = StandingOrders { face: Face::Always, units: vec![ask], ..StandingOrders::default() };
    assert_eq!(answer(&game, &orders), None, "that unit's question goes to the player");
}

/// Blue's MI (MA 5) marches at red's `red` waiting at 0805 (as in orderly_withdrawal.rs).
fn withdrawal(red: String) -> Game {
    let f = Field {
        units: [vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")], vec![red]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(
        matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers == &vec!["red".to_string()])
    );
    game
}

#[test]
fn withdraw_cavalry_from_slower_enemies_takes_the_farthest_way_keeping_its_facing_gba_6_71() {
    let game = withdrawal(unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W"));
    let orders = StandingOrders { withdraw: Withdraw::Cavalry, ..StandingOrders::default() };
    let c = answer(&game, &orders).expect("answered");
    assert!(legal_commands(&game).contains(&c), "{c:?}");
    let Command::Withdraw { unit: who, path, facing, .. } = &c else { panic!("{c:?}") };
    assert_eq!((who.as_str(), *facing), ("red", Vertex::W));
    let longest = legal_commands(&game)
        .iter()
        .filter_map(|c| match c {
            Command::Withdraw { path, .. } => Some(path.len()),
            _ => None,
        })
        .max();
    assert_eq!(Some(path.len()), longest);
    // Foot skirmishers are not cavalry: under "cavalry only" they stand.
    let game = withdrawal(unit("red", "SK", "J", 1, 4, 6, "J", "0805", "W"));
    assert_eq!(answer(&game, &orders), Some(Command::EndReaction));
    let always = StandingOrders { withdraw: Withdraw::Always, ..StandingOrders::default() };
    assert!(matches!(answer(&game, &always), Some(Command::Withdraw { .. })));
}

/// Red's archers at 0805 facing `W`; blue's MI marches into their ZOC at 0705 (reaction_fire.rs).
fn entry_fire(blue: String) -> Game {
    let red = vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0805", "W")];
    let (mut game, _) = two_armies(vec![blue], red).start(&[8]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(matches!(&game.state.phase, Phase::Reaction { firers, .. } if !firers.is_empty()));
    game
}

#[test]
fn fire_at_anything_in_range_or_only_at_skirmishers_gba_8_21() {
    let game = entry_fire(unit("foot", "MI", "", 4, 6, 5, "", "0305", "E"));
    let anything = StandingOrders { fire: Fire::AtAnything, ..StandingOrders::default() };
    assert_eq!(answer(&game, &anything), Some(fire("bows", "foot")));
    // The archers may also turn to face (7.16): that question is the player's unless settled.
    let skirmishers = StandingOrders { fire: Fire::AtSkirmishers, ..StandingOrders::default() };
    assert_eq!(answer(&game, &skirmishers), None, "{:?}", legal_commands(&game));
    let skirmishers = StandingOrders { face: Face::Never, ..skirmishers };
    assert_eq!(answer(&game, &skirmishers), Some(Command::EndReaction), "MI is no skirmisher");
    let game = entry_fire(unit("foot", "SK", "J", 1, 6, 6, "J", "0305", "E"));
    assert_eq!(answer(&game, &skirmishers), Some(fire("bows", "foot")));
}

#[test]
fn never_trump_the_trump_lets_it_stand_gba_5_42() {
    let f = Field {
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0205", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W")],
        ],
        leaders: [
            vec![leader("alexander", "overall", 7, 6, "0205")],
            vec![leader("memnon", "overall", 5, 4, "1005"), leader("arsites", "subordinate", 2, 3, "1004")],
        ],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[5]);
    let offered_now = offered(&game);
    ok(&mut game, Command::Trump { leader: "memnon".into() });
    assert!(matches!(game.state.phase, Phase::TrumpResponse { side: 0, .. }), "{offered_now:?} {:?}", game.state.phase);
    assert_eq!(answer(&game, &StandingOrders::default()), None);
    let orders = StandingOrders { trump: Trump::Never, ..StandingOrders::default() };
    assert_eq!(answer(&game, &orders), Some(Command::DeclineTrump));
    assert!(legal_commands(&game).contains(&Command::DeclineTrump));
}

/// The questions standing orders cover, by the phase that asks them.
fn question(phase: &Phase) -> Option<&'static str> {
    match phase {
        Phase::Reaction { .. } => Some("reaction"),
        Phase::TrumpResponse { .. } => Some("trump"),
        Phase::RoutChoice { .. } => Some("rout"),
        Phase::RampageWithdrawal { .. } => Some("rampage"),
        _ => None,
    }
}

#[test]
fn standing_orders_answer_every_question_the_random_games_meet_with_legal_commands() {
    let mut met = std::collections::BTreeMap::<&str, usize>::new();
    // The rout decisions a player would have answered hex by hex, against one a rout.
    let mut ties = 0;
    let battles = bundled_battles();
    assert!(battles.len() >= 8, "{} battles", battles.len());
    for (k, (name, text)) in battles.iter().enumerate() {
        let scenario = Arc::new(load(&format!("scenarios/{name}.toml"), text).unwrap());
        // One side plays at random; the other's questions are answered by standing orders.
        let ordered = k % 2;
        let (mut game, _) = Game::new(scenario, Dice::seeded(k as u64)).unwrap();
        let mut player = RandomPlayer::new(k as u64);
        let mut in_a_row = 0;
        for _ in 0..400 {
            let Some(side) = game.decider() else { break };
            let asked = question(&game.state.phase).filter(|_| side == ordered);
            let command = match asked {
                Some(kind) => {
                    *met.entry(kind).or_default() += 1;
                    in_a_row += 1;
                    assert!(in_a_row < 60, "{name}: standing orders go round in circles");
                    assert_eq!(answer(&game, &StandingOrders::default()), None, "{name}: default orders ask");
                    let c = answer(&game, &StandingOrders::answer_all())
                        .unwrap_or_else(|| panic!("{name}: no answer to {:?}", game.state.phase));
                    let listed = legal_commands(&game).contains(&c)
                        || rout_ways(&game, 1).first().is_some_and(|w| w.command == c);
                    assert!(listed, "{name}: {c:?} is not among the legal commands");
                    if let Command::RoutPath { choices, .. } = &c {
                        ties += choices.len();
                    }
                    c
                }
                None => {
                    in_a_row = 0;
                    player.choose(&game).expect("a legal command")
                }
            };
            game.execute(&command).unwrap_or_else(|e| panic!("{name}: {command:?} refused: {e}"));
        }
    }
    eprintln!("questions answered by standing orders: {met:?}; rout ties {ties}, answered as whole paths");
    for kind in ["reaction", "trump", "rout", "rampage"] {
        assert!(met.get(kind).is_some_and(|n| *n > 0), "no {kind} question met: {met:?}");
    }
}

#[test]
fn a_leader_who_will_do_nothing_passes_in_one_gesture_ending_orders_and_declining_momentum_gba_5_15() {
    use sarissa_rules::play::standing::pass_step;
    let f = Field {
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0205", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1005")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    assert_eq!(pass_step(&game, "hero"), None, "not yet activated: `pass` is one command already");
    ok(&mut game, activate("hero"));
    let mut steps = Vec::new();
    while let Some(c) = pass_step(&game, "hero") {
        assert!(legal_commands(&game).contains(&c), "{c:?}");
        ok(&mut game, c.clone());
        steps.push(c);
    }
    assert_eq!(steps, vec![Command::EndOrders, Command::DeclineMomentum]);
    let hero = game.scenario.leaders.iter().position(|l| l.id == "hero").unwrap();
    assert_eq!(game.state.leaders[hero].status, sarissa_rules::game::LeaderStatus::Finished);
    assert_eq!(pass_step(&game, "foe"), None, "another leader's decision is left alone");
}
