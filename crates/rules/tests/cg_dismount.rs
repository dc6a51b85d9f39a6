//! Chariot dismount (CG 10.28, 2.21; rulings P213–P216): an Indian chariot inside a camp turns
//! its counter to the foot side for its whole movement allowance, by an individual order, never
//! in an enemy ZOC, facing any way, for good; the foot side's ratings then apply everywhere, and
//! replays and saved states keep it on foot.
//!
//! Blue's camp on the test field (`camp_field`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4) | palisade | 0705 third | thorns | 0805 second | wagons | 0905, 0906 royal
//! ```

mod common;
use common::*;
use sarissa_rules::charts::movement_costs::MoveCategory;
use sarissa_rules::game::{Command, Dice, Event, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::{destinations, legal_commands};
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::{Missile, UnitType};
use std::sync::Arc;

/// The foot side the tests' chariots carry: light archers, MA 5, size 3.
const FOOT: &str = "dismounted = { type = \"LI\", class = \"A\", size = 3, ma = 5 }";

/// Blue's Maula chariot `ch` at `at` facing `facing`, with a foot side.
fn chariot(at: &str, facing: &str) -> String {
    let line = unit("ch", "CH", "", 4, 5, 7, "A", at, facing);
    format!("{}, grade = \"maula\", {FOOT} }}", line.trim_end_matches(" }"))
}

fn red_far() -> Vec<String> {
    vec![unit("r", "MI", "", 4, 5, 5, "", "1108", "W")]
}

/// Blue's game on the camp field with these units, its raja activated.
fn blue_orders(blue: Vec<String>, red: Vec<String>) -> Game {
    let mut game = start_camp(&camp_field(blue, red, 2, 6), &[]);
    ok(&mut game, activate("raja"));
    game
}

fn dismount(facing: Vertex) -> Command {
    Command::Dismount { unit: "ch".into(), facing }
}

fn refusal(game: &mut Game, command: Command) -> (&'static str, String) {
    match game.execute(&command) {
        Err(e @ RuleError::IllegalMove { .. }) => (e.rule(), e.to_string()),
        other => panic!("{command:?}: expected a refusal, got {other:?}"),
    }
}

fn offers_dismount(game: &Game) -> bool {
    legal_commands(game).iter().any(|c| matches!(c, Command::Dismount { .. }))
}

fn is_ch(c: &Command) -> bool {
    matches!(c, Command::Move { unit, .. } | Command::Fire { unit, .. } | Command::Dismount { unit, .. } if unit == "ch")
}

#[test]
fn a_chariot_in_a_camp_dismounts_with_its_whole_order_facing_any_way_cg_10_28_p213() {
    let mut game = blue_orders(vec![chariot("0805", "E")], red_far());
    // Every facing is offered.
    for v in Vertex::ALL {
        assert!(legal_commands(&game).contains(&dismount(v)), "{v:?}");
    }
    let before = orders_left(&game);
    let events = ok(&mut game, dismount(Vertex::NW));
    assert_eq!(events, vec![Event::ChariotDismounted { leader: "raja".into(), unit: "ch".into(), facing: Vertex::NW }]);
    let st = &game.state.units[0];
    assert!(st.dismounted && st.moved);
    assert_eq!(st.facing, Vertex::NW);
    assert_eq!(orders_left(&game), before - 1);
    // The counter shows its foot side; the scenario it was set up from still the chariot.
    let u = &game.scenario.units[0];
    assert_eq!((u.kind, u.size, u.tq, u.ma, u.missile), (UnitType::LI, 3, 5, 5, Some(Missile::Arrow)));
    assert_eq!(u.name, "ch");
    assert_eq!(game.base.units[0].kind, UnitType::CH);
    // That was all of its order: no move, no fire, no second dismount this phase (P213).
    assert!(!legal_commands(&game).iter().any(is_ch), "{:?}", legal_commands(&game));
}

#[test]
fn every_enclosure_is_inside_the_camp_the_outer_ring_too_cg_10_28_p214() {
    for at in ["0605", "0705", "0805", "0905"] {
        let game = blue_orders(vec![chariot(at, "E")], red_far());
        assert!(offers_dismount(&game), "{at}");
    }
}

#[test]
fn not_outside_a_camp_cg_10_28_p214() {
    let mut game = blue_orders(vec![chariot("0505", "E")], red_far());
    assert!(!offers_dismount(&game));
    let (rule, reason) = refusal(&mut game, dismount(Vertex::E));
    assert_eq!(rule, "10.28");
    assert!(reason.contains("only inside a camp"), "{reason}");
    assert!(!game.state.units[0].dismounted);
}

#[test]
fn not_in_an_enemy_zoc_cg_10_28() {
    // Red's foot in the other royal hex, facing the chariot across their open hexside.
    let red = vec![unit("r", "MI", "", 4, 5, 5, "", "0905", "SE")];
    let mut game = blue_orders(vec![chariot("0906", "E")], red);
    let zoc = sarissa_rules::map::zoc::enemy_zoc(&game.scenario, &game.state, 0);
    assert!(zoc.contains_key(&h("0906")), "the test needs the chariot in red's ZOC");
    assert!(!offers_dismount(&game));
    let (rule, reason) = refusal(&mut game, dismount(Vertex::E));
    assert_eq!(rule, "10.28");
    assert!(reason.contains("enemy zone of control"), "{reason}");
}

#[test]
fn not_once_it_has_moved_this_turn_cg_10_28_p213() {
    let mut game = blue_orders(vec![chariot("0805", "E")], red_far());
    game.state.units[0].moved = true;
    assert!(!offers_dismount(&game));
    let (rule, reason) = refusal(&mut game, dismount(Vertex::E));
    assert_eq!(rule, "10.28");
    assert!(reason.contains("moved this turn") && reason.contains("P213"), "{reason}");
}

#[test]
fn only_a_chariot_with_a_foot_side_cg_10_28() {
    // A chariot whose counter has no foot side stays in its car.
    let bare =
        format!("{}, grade = \"maula\" }}", unit("ch", "CH", "", 4, 5, 7, "A", "0805", "E").trim_end_matches(" }"));
    let mut game = blue_orders(vec![bare], red_far());
    assert!(!offers_dismount(&game));
    assert!(refusal(&mut game, dismount(Vertex::E)).1.contains("foot side"));
}

#[test]
fn no_dismount_under_the_alexander_rules_cg_10_28() {
    let (mut game, _) = two_armies(vec![unit("ch", "CH", "", 4, 5, 7, "A", "0505", "E")], red_far()).start(&[]);
    ok(&mut game, activate("hero"));
    assert!(!offers_dismount(&game));
    let (rule, reason) = refusal(&mut game, dismount(Vertex::E));
    assert_eq!(rule, "10.28");
    assert!(reason.contains("these rules"), "{reason}");
}

#[test]
fn on_foot_it_moves_at_its_foot_ma_and_goes_where_foot_go_cg_10_28() {
    // Set up on foot already (a saved state), not yet moved this turn.
    let mounted = blue_orders(vec![chariot("0805", "W")], red_far());
    // Mounted: a chariot, never over the thorns into 0705 (12.11, 12.14).
    assert_eq!(MoveCategory::of_unit(&mounted.scenario.units[0]), MoveCategory::Chariot);
    let ends = |g: &Game| destinations(&g.scenario, &g.state, 0);
    assert!(ends(&mounted).iter().all(|d| d.path.first() != Some(&h("0705"))));
    let mut state = mounted.state.clone();
    state.units[0].dismounted = true;
    let game = Game::resume(mounted.base.clone(), state);
    let u = &game.scenario.units[0];
    assert_eq!((u.kind, u.ma), (UnitType::LI, 5));
    assert_ne!(MoveCategory::of_unit(u), MoveCategory::Chariot);
    // On foot: over the thorns, and never more than its foot MA of 5.
    let d = ends(&game);
    assert!(d.iter().any(|d| d.path.first() == Some(&h("0705"))), "{d:?}");
    assert!(d.iter().all(|d| d.mp <= 5));
    assert!(d.iter().any(|d| d.mp > 3), "some way out costs more than 3 MP");
    // And it counts as light infantry in the ZOC and rout points too.
    assert_eq!(sarissa_rules::effects::victory::unit_points(&game.scenario, 0), {
        let mut s = (*game.base).clone();
        s.units[0] = s.units[0].foot_side().unwrap();
        sarissa_rules::effects::victory::unit_points(&s, 0)
    });
}

#[test]
fn it_never_remounts_cg_10_28() {
    let mounted = blue_orders(vec![chariot("0805", "W")], red_far());
    let mut state = mounted.state.clone();
    state.units[0].dismounted = true;
    let mut game = Game::resume(mounted.base.clone(), state);
    assert!(!offers_dismount(&game));
    let (rule, reason) = refusal(&mut game, dismount(Vertex::E));
    assert_eq!(rule, "10.28");
    assert!(reason.contains("never remount"), "{reason}");
    // Its foot side has no further side.
    assert!(game.scenario.units[0].dismounted.is_none());
}

#[test]
fn a_replay_and_a_saved_state_keep_it_on_foot_cg_10_28() {
    let f = camp_field(vec![chariot("0805", "E")], red_far(), 2, 6);
    let text = camp_toml(&f, "blue", &CAMP_ENCLOSURES);
    let base = Arc::new(sarissa_rules::load("field.toml", &text).unwrap());
    let commands: Vec<Command> = ["activate raja", "dismount ch facing SW"]
        .iter()
        .map(|l| sarissa_rules::play::notation::parse(l).unwrap().unwrap())
        .collect();
    assert_eq!(sarissa_rules::play::notation::format(&commands[1]), "dismount ch facing SW");
    // The camp battle's first turn has its PW declarations (none) before the activation.
    let (mut game, _) = Game::new(base.clone(), Dice::scripted(&[])).unwrap();
    let mut all = no_pw_commands(&mut game);
    all.extend(commands);
    let a = Game::replay(base.clone(), Dice::scripted(&[]), &all).unwrap();
    assert!(a.state.units[0].dismounted);
    assert_eq!(a.scenario.units[0].kind, UnitType::LI);
    let b = Game::replay(base.clone(), Dice::scripted(&[]), &all).unwrap();
    assert_eq!(a.state_hash(), b.state_hash());
    // A saved state, resumed on the scenario as set up, shows the foot side again.
    let json = serde_json::to_string(&a.state).unwrap();
    assert!(json.contains("\"dismounted\":true"));
    let back = Game::resume(base.clone(), serde_json::from_str(&json).unwrap());
    assert_eq!(back.state_hash(), a.state_hash());
    assert_eq!(*back.scenario, *a.scenario);
    // A state from before the dismount has no trace of it (old saves read the same).
    let fresh = serde_json::to_string(&game.state).unwrap();
    assert!(!fresh.contains("dismounted"));
    assert!(Arc::ptr_eq(&Game::resume(base.clone(), game.state.clone()).scenario, &base));
}

/// The PW declarations `no_pw` makes, as commands, applied to `game`.
fn no_pw_commands(game: &mut Game) -> Vec<Command> {
    let mut out = Vec::new();
    while let sarissa_rules::game::Phase::PreArranged { .. } = game.state.phase {
        let c = Command::DeclarePreArranged { lines: Vec::new() };
        ok(game, c.clone());
        out.push(c);
    }
    out
}

// ---- The scenario format -------------------------------------------------------------------

fn load_error(blue: Vec<String>, rules: &'static str) -> String {
    let f = Field { rules, ..camp_field(blue, red_far(), 2, 6) };
    let text = if rules == "chandragupta" { camp_toml(&f, "blue", &CAMP_ENCLOSURES) } else { f.toml() };
    match sarissa_rules::load("field.toml", &text) {
        Ok(_) => panic!("loaded"),
        Err(e) => e.to_string(),
    }
}

fn with_foot(line: String, foot: &str) -> String {
    format!("{}, dismounted = {{ {foot} }} }}", line.trim_end_matches(" }"))
}

#[test]
fn a_foot_side_loads_with_the_mounted_sides_size_and_tq_when_left_out_cg_10_28() {
    let line = format!(
        "{}, grade = \"maula\", dismounted = {{ type = \"LI\", class = \"J\", ma = 6 }} }}",
        unit("ch", "CH", "", 4, 6, 7, "A", "0805", "E").trim_end_matches(" }")
    );
    let game = blue_orders(vec![line], red_far());
    let foot = game.scenario.units[0].dismounted.clone().expect("a foot side");
    assert_eq!((foot.kind, foot.size, foot.tq, foot.ma), (UnitType::LI, 4, 6, 6));
    // Its class implies javelins.
    assert_eq!(foot.missile, Some(Missile::Javelin));
    // Without a class, the crew keep the chariot's bows.
    let line = format!(
        "{}, grade = \"maula\", dismounted = {{ type = \"MI\", ma = 5 }} }}",
        unit("ch", "CH", "", 4, 6, 7, "A", "0805", "E").trim_end_matches(" }")
    );
    let game = blue_orders(vec![line], red_far());
    assert_eq!(game.scenario.units[0].dismounted.as_ref().unwrap().missile, Some(Missile::Arrow));
}

#[test]
fn the_loader_refuses_a_foot_side_the_rule_does_not_give_cg_10_28() {
    let graded = |kind: &str| {
        format!("{}, grade = \"maula\" }}", unit("ch", kind, "", 4, 5, 7, "A", "0805", "E").trim_end_matches(" }"))
    };
    // Not a chariot.
    let e = load_error(vec![with_foot(graded("EL"), "type = \"LI\", class = \"A\", ma = 5")], "chandragupta");
    assert!(e.contains("only an Indian chariot"), "{e}");
    // A chariot with no Indian grade.
    let e = load_error(
        vec![with_foot(unit("ch", "CH", "", 4, 5, 7, "A", "0805", "E"), "type = \"LI\", class = \"A\", ma = 5")],
        "chandragupta",
    );
    assert!(e.contains("only an Indian chariot"), "{e}");
    // Mounted or two-hex feet.
    for foot in ["type = \"LC\", ma = 7", "type = \"PH\", ma = 5", "type = \"HI\", class = \"HO\", ma = 4"] {
        let e = load_error(vec![with_foot(graded("CH"), foot)], "chandragupta");
        assert!(e.contains("one-hex foot unit"), "{foot}: {e}");
    }
    // Its MA must be given; an unknown key is named.
    let e = load_error(vec![with_foot(graded("CH"), "type = \"LI\", class = \"A\"")], "chandragupta");
    assert!(e.contains("missing `ma`"), "{e}");
    let e = load_error(
        vec![with_foot(graded("CH"), "type = \"LI\", class = \"A\", ma = 5, grade = \"sreni\"")],
        "chandragupta",
    );
    assert!(e.contains("unknown key `grade`"), "{e}");
    // Class and missile must agree, as for any unit.
    let e = load_error(
        vec![with_foot(graded("CH"), "type = \"LI\", class = \"J\", missile = \"A\", ma = 5")],
        "chandragupta",
    );
    assert!(e.contains("class J fights with J"), "{e}");
    // Not under the Alexander rules.
    let e = load_error(
        vec![with_foot(unit("ch", "CH", "", 4, 5, 7, "A", "0805", "E"), "type = \"LI\", class = \"A\", ma = 5")],
        "alexander",
    );
    assert!(e.contains("only under the chandragupta rules"), "{e}");
}

#[test]
fn malayaketus_chariots_have_their_foot_sides_cg_10_28() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/malayaketu.toml")).unwrap();
    let s = sarissa_rules::load("malayaketu.toml", &text).unwrap();
    let chariots: Vec<_> = s.units.iter().filter(|u| u.kind == UnitType::CH).collect();
    assert!(!chariots.is_empty());
    for c in chariots {
        let foot = c.foot_side().unwrap_or_else(|| panic!("{} has no foot side", c.id));
        assert_eq!(foot.kind, UnitType::LI, "{}", c.id);
        assert!(foot.ma < c.ma && foot.missile.is_some(), "{}", c.id);
    }
    // The host's chariots stand in its camp, where they may dismount.
    let host = s.units.iter().filter(|u| u.kind == UnitType::CH && u.side == 1);
    for c in host {
        assert!(c.placement.hexes().all(|h| sarissa_rules::special::dismount::dismount_ground(&s, h)), "{}", c.id);
    }
}

#[test]
fn its_hits_meet_the_foot_sides_tq_at_once_cg_10_28_p215() {
    // TQ 5 in the car, 4 on foot: a chariot with 4 hits that dismounts routs as it steps down.
    let line = format!(
        "{}, grade = \"maula\", dismounted = {{ type = \"LI\", class = \"A\", tq = 4, ma = 5 }} }}",
        unit("ch", "CH", "", 4, 5, 7, "A", "0805", "E").trim_end_matches(" }")
    );
    let mut game = blue_orders(vec![line], red_far());
    game.state.units[0].hits = 4;
    let events = ok(&mut game, dismount(Vertex::W));
    assert!(matches!(&events[0], Event::ChariotDismounted { .. }), "{events:?}");
    // Its rout begins (its owner picks among the equal hexes, P120): on foot it routs as light
    // infantry, not eliminated as a routed chariot would be (10.24, P216).
    let routs = |e: &Event| match e {
        Event::UnitRouted { unit, .. } => unit == "ch",
        Event::RoutChoiceOffered { pending, .. } => pending.unit == "ch",
        _ => false,
    };
    assert!(events.iter().any(routs), "{events:?}");
    assert!(!game.state.units[0].eliminated);
    // With TQ 5 on foot too, the same hits leave it standing.
    let mut game = blue_orders(vec![chariot("0805", "E")], red_far());
    game.state.units[0].hits = 4;
    let events = ok(&mut game, dismount(Vertex::W));
    assert_eq!(events.len(), 1, "{events:?}");
}

/// The random player dismounts a chariot in Malayaketu's camp now and then; the legal listing
/// offered it, and the game replays and reloads with the crew on foot (CG 10.28).
#[test]
fn random_play_in_malayaketus_camp_dismounts_and_replays_cg_10_28() {
    use sarissa_rules::play::playout::RandomPlayer;
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/malayaketu.toml")).unwrap();
    let base = Arc::new(sarissa_rules::load("malayaketu.toml", &text).unwrap());
    for seed in 1..=8 {
        let (mut game, _) = Game::new(base.clone(), Dice::seeded(seed)).unwrap();
        let mut player = RandomPlayer::new(seed);
        let mut played = Vec::new();
        while played.len() < 600 && game.state.turn <= 4 {
            let Some(c) = player.choose(&game) else { break };
            game.execute(&c).unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
            played.push(c);
            if !matches!(played.last(), Some(Command::Dismount { .. })) {
                continue;
            }
            let i = game.state.units.iter().position(|u| u.dismounted).unwrap();
            assert_eq!(game.scenario.units[i].kind, UnitType::LI);
            let again = Game::replay(base.clone(), Dice::seeded(seed), &played).unwrap();
            assert_eq!(again.state_hash(), game.state_hash());
            assert_eq!(*again.scenario, *game.scenario);
            let json = serde_json::to_string(&game.state).unwrap();
            let back = Game::resume(base.clone(), serde_json::from_str(&json).unwrap());
            assert_eq!(*back.scenario, *game.scenario);
            return;
        }
    }
    panic!("no random game dismounted a chariot");
}

#[test]
fn not_as_part_of_a_line_command_cg_10_28_p213() {
    let mut game = blue_orders(vec![chariot("0805", "E")], red_far());
    // The chariot moving as one of a line's units: the line moves, nobody dismounts.
    if let sarissa_rules::game::Phase::Orders { line, .. } = &mut game.state.phase {
        *line = Some(vec!["ch".into()]);
    }
    assert!(!offers_dismount(&game));
    let (rule, reason) = refusal(&mut game, dismount(Vertex::E));
    assert_eq!(rule, "10.28");
    assert!(reason.contains("individual order, not a line command"), "{reason}");
}

#[test]
fn in_the_city_too_a_chariot_on_a_street_dismounts_cg_10_28_12_2() {
    // Blue holds the test city; its chariot stands on the main street at 0405, the raja's
    // command reaching it.
    let f = city_field(vec![chariot("0405", "SE")], red_far());
    let mut game = start_city(&f, "blue", &[]);
    ok(&mut game, activate("raja"));
    assert!(offers_dismount(&game));
    ok(&mut game, dismount(Vertex::SW));
    assert!(game.state.units[0].dismounted);
    assert_eq!(game.scenario.units[0].kind, UnitType::LI);
    // Outside the city and any camp, the same chariot may not.
    let mut game = start_city(&city_field(vec![chariot("0109", "SE")], red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    assert!(!offers_dismount(&game));
    assert_eq!(refusal(&mut game, dismount(Vertex::SW)).0, "10.28");
}
