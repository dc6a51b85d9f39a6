//! Special units, the effects of combat, rout and rally, and the camps (GBA 10–11, CG 10–12):
//! rules the engine cites, each played through `Game::execute` with loaded dice and checked by
//! its exact events or refusal.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event};
use sarissa_rules::map::hex::Hexside;
use sarissa_rules::play::Game;

const CG: &str = "chandragupta";

/// Chandragupta's field: blue's `blue` under "hero" (initiative 2) at 0205, red's `red` under
/// "foe" (6) at 1210.
fn cg(blue: Vec<String>, red: Vec<String>) -> Field {
    Field { rules: CG, macedonian: [false, false], ..two_armies(blue, red) }
}

// --- Armoured elephants and heavy chariots (CG 10.18, 10.25) ------------------------------------

/// Blue `kind`/`class` at 0505 facing E strikes red MI in its front hex: the cataphract shift
/// lines of the shock; then red archers shoot at the same unit: the volley's modifier.
fn cataphract_effects(kind: &str, class: &str) -> (Vec<String>, i32) {
    let mi = h("0505").neighbour(Hexside::NE).unwrap().to_string();
    let big = || unit("big", kind, class, 5, 6, 5, if kind == "EL" { "J" } else { "A" }, "0505", "E");
    // Indian foot: it does not part its ranks for a chariot as Greeks do (CG 10.27).
    let f = cg(vec![big()], vec![with(unit("mi", "MI", "", 4, 9, 5, "", &mi, "SW"), "grade = \"bharta\"")]);
    let (_, events) = stand_and_shock(&f, &["big"], &[5; 16]);
    let shifts = shock_lines(&events).into_iter().filter(|l| l.starts_with("U1") || l.starts_with("U2")).collect();
    // Red's archers two hexes east of the same unit, in red's own phase.
    let mut f = cg(vec![big()], vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0705", "W")]);
    f.leaders[1] = vec![leader("foe", "overall", 6, 4, "0705")];
    let (mut game, _) = f.start(&[5]);
    ok(&mut game, pass("hero"));
    ok(&mut game, activate("foe"));
    let events = ok(&mut game, fire("bows", "big"));
    let drm = events
        .iter()
        .find_map(|e| match e {
            Event::MissileFired { drm, .. } => Some(*drm),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{events:?}"));
    (shifts, drm)
}

/// The `armoured` unit shifts its shock two columns right and is two harder to hit with bows
/// than the `plain` one, which shifts nothing.
fn armour_tells(armoured: (&str, &str), plain: (&str, &str)) {
    let (shifts, armoured_drm) = cataphract_effects(armoured.0, armoured.1);
    assert_eq!(shifts, ["U1: +2 columns (GBA 9.16 step 3, CG 9.17[3])"]);
    let (shifts, plain_drm) = cataphract_effects(plain.0, plain.1);
    assert!(shifts.is_empty(), "{shifts:?}");
    // Against bows (A) a cataphracted target is +2.
    assert_eq!(armoured_drm - plain_drm, 2);
}

#[test]
fn an_armoured_elephant_shifts_the_shock_two_right_and_shrugs_off_arrows_cg_10_18() {
    armour_tells(("EL", "Cat"), ("EL", ""));
}

#[test]
fn a_heavy_chariot_shifts_the_shock_two_right_and_shrugs_off_arrows_cg_10_25() {
    armour_tells(("CH*", ""), ("CH", ""));
}

// --- Chariots (CG 10.21) ---------------------------------------------------------------------

#[test]
fn a_moving_chariot_turns_one_vertex_a_hex_at_most_cg_10_21() {
    // Out to 0405 and back into 0305: a turn of three vertices in a hex it passes through.
    let chariot = |kind: &str| {
        let f = cg(
            vec![unit("car", kind, "", 3, 6, 12, "J", "0305", "E")],
            vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
        );
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("hero"));
        game.execute(&mv("car", &["0405", "0305", "0205"], sarissa_rules::map::hex::Vertex::W))
    };
    let refused = chariot("CH").unwrap_err();
    assert_eq!(refused.rule(), "7.15", "{refused}");
    // Light horse may.
    assert!(chariot("LC").is_ok());
}

// --- Phalanx rout (CG 10.64) ---------------------------------------------------------------

/// Blue MI strikes the front of red's phalanx (TQ 7) worn to 6 hits; the roll 5 on the table
/// gives it a hit or more: at its TQ it rolls to stand, `stand` the die.
fn phalanx_at_its_tq(stand: u8) -> (Game, Vec<String>) {
    let ph = with(unit("ph", "PH", "", 10, 7, 4, "", "0605-0606", "W"), "hits = 6");
    let f = cg(vec![unit("mi", "MI", "", 4, 9, 5, "", "0505", "E")], vec![ph]);
    let (game, events) = stand_and_shock(&f, &["mi"], &[5, stand, 5, 5, 5, 5]);
    (game, shock_lines(&events))
}

#[test]
fn a_phalanx_at_its_tq_rolls_to_stand_at_tq_less_one_or_routs_cg_10_64() {
    let (game, lines) = phalanx_at_its_tq(3);
    assert!(lines.iter().any(|l| l.starts_with("stand roll 3") && l.contains("stands")), "{lines:?}");
    let ph = &game.state.units[idx(&game, "ph")];
    assert_eq!((ph.routed, ph.hits), (false, 6), "TQ − 1");
    let (_, lines) = phalanx_at_its_tq(9);
    assert!(lines.iter().any(|l| l.starts_with("stand roll 9") && l.contains("breaks")), "{lines:?}");
}

// --- Rout movement, leaders with routers, rally, flight (CG 11.2–11.4) -----------------------

/// Every leader passes: the turn ends with the Rout Movement segment; each tie of hexes takes
/// its first option (P120). All the events.
fn end_of_turn(game: &mut Game, leaders: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for l in leaders {
        events.extend(ok(game, pass(l)));
    }
    events.extend(rout_first(game));
    events
}

/// Blue light infantry (MA 5) at 0905, marked Routed in the battle file, with blue's leader
/// stacked on it; red far to the north-east.
fn routed_at_0905() -> Field {
    let mut f = cg(
        vec![with(unit("b", "LI", "J", 3, 5, 5, "J", "0905", "W"), "routed = true")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1201", "W")],
    );
    f.leaders[0] = vec![leader("hero", "overall", 2, 8, "0905")];
    f
}

fn rout_move(events: &[Event], id: &str) -> Vec<sarissa_rules::map::hex::HexId> {
    events
        .iter()
        .find_map(|e| match e {
            Event::UnitRouted { unit, path, .. } if unit == id => Some(path.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{id} rout-moves: {events:?}"))
}

#[test]
fn in_the_rout_movement_segment_a_router_moves_its_whole_ma_cg_11_24() {
    let (mut game, _) = routed_at_0905().start(&[]);
    let events = end_of_turn(&mut game, &["hero", "foe"]);
    let path = rout_move(&events, "b");
    assert_eq!(path.len(), 5, "its printed MA, hex by hex: {path:?}");
    assert_eq!(path[4].distance(h("0905")), 5, "straight away toward its edge: {path:?}");
}

#[test]
fn a_leader_stacked_with_a_router_goes_with_it_cg_11_27() {
    let (mut game, _) = routed_at_0905().start(&[]);
    let events = end_of_turn(&mut game, &["hero", "foe"]);
    let end = *rout_move(&events, "b").last().unwrap();
    let hero = game.scenario.leaders.iter().position(|l| l.id == "hero").unwrap();
    assert_eq!(game.state.leaders[hero].at, end, "{events:?}");
}

#[test]
fn a_router_beside_the_enemy_may_not_be_rallied_cg_11_31() {
    // The routed LI with its leader: away from the enemy it rallies at once (11.33); with red
    // foot beside it, the order is refused.
    let rally = Command::Rally { unit: "b".into(), facing: sarissa_rules::map::hex::Vertex::W };
    let (mut game, _) = routed_at_0905().start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, rally.clone());
    assert!(events.iter().any(|e| matches!(e, Event::UnitRallied { unit, .. } if unit == "b")), "{events:?}");
    let mut f = routed_at_0905();
    f.units[1].push(unit("foot", "MI", "", 4, 5, 5, "", &h("0905").neighbour(Hexside::SE).unwrap().to_string(), "NW"));
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    let refused = game.execute(&rally).unwrap_err();
    // The refusal names the GBA number of the same rule (GBA 10.27, CG 11.31).
    assert_eq!(refused.rule(), "10.27", "{refused}");
    assert!(refused.to_string().contains("next to an enemy unit"), "{refused}");
}

/// Two tribes of blue light infantry, each with a chief: kirata's "k1" Routed, kirata's "k2"
/// and sabara's "s1" in good order; both tribes with flight level 6.
fn tribes(dice: &[u8]) -> Game {
    let tribal = |id: &str, tribe: &str, at: &str, marker: &str| {
        with(unit(id, "LI", "J", 3, 5, 6, "J", at, "W"), &format!("grade = \"tribal\", guild = \"{tribe}\"{marker}"))
    };
    let blue =
        [("k1", "kirata", "0602", ", routed = true"), ("k2", "kirata", "0604", ""), ("s1", "sabara", "0608", "")]
            .map(|(id, tribe, at, marker)| tribal(id, tribe, at, marker));
    let mut f = cg(blue.to_vec(), vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")]);
    f.leaders[0] = vec![
        leader("raja", "overall", 4, 6, "0101"),
        with(leader("kc", "tribal-chief", 1, 3, "0603"), "guild = \"kirata\""),
        with(leader("sc", "tribal-chief", 1, 3, "0609"), "guild = \"sabara\""),
    ];
    let toml = f.toml().replacen(
        "withdrawal_level = 20\n",
        "withdrawal_level = 20\nflight_levels = { kirata = 6, sabara = 6 }\n",
        1,
    );
    let scenario = sarissa_rules::load("field.toml", &toml).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(dice)).unwrap();
    no_pw(&mut game);
    game
}

#[test]
fn only_a_tribe_with_a_router_checks_for_flight_after_the_rout_movement_cg_11_41() {
    // Ties at initiative 1 (the two chiefs, one side): the owner's order. The flight die: 2.
    let mut game = tribes(&[2]);
    let events = end_of_turn(&mut game, &["kc", "sc", "raja", "foe"]);
    let checked: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::FlightChecked { .. })).collect();
    assert_eq!(
        checked,
        [&Event::FlightChecked { guild: "kirata".into(), side: 0, roll: 2, broken: 1, level: 6, flees: false }],
        "{events:?}"
    );
    let routed_at = events
        .iter()
        .position(|e| matches!(e, Event::UnitRouted { unit, .. } | Event::UnitEliminated { unit, .. } if unit == "k1"))
        .unwrap_or_else(|| panic!("{events:?}"));
    let flight_at = events.iter().position(|e| matches!(e, Event::FlightChecked { .. })).unwrap();
    assert!(routed_at < flight_at, "the check follows the rout movement: {events:?}");
}

// --- Artillery in Alexander's battles (GBA 11.8, lost; rulings P379) ---------------------------

#[test]
fn alexanders_artillery_fires_under_orders_only_never_in_reaction_gba_11_8_p379() {
    let engine = || unit("bolt", "AT", "B", 1, 5, 2, "B", "0805", "W");
    // Blue foot comes up to the engine's front: no reaction fire is offered the engine.
    let f = two_armies(vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "E")], vec![engine()]);
    let (mut game, _) = f.start(&[5; 8]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("mi", &["0605", "0705"], sarissa_rules::map::hex::Vertex::E));
    let offered_fire = events
        .iter()
        .any(|e| matches!(e, Event::ReactionOffered { firers, .. } if firers.contains(&"bolt".to_string())));
    assert!(!offered_fire, "{events:?}");
    // Under its own leader's order it shoots, and then may not move on the same order (8.11).
    let mut f = two_armies(vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "E")], vec![engine()]);
    f.leaders[1] = vec![leader("foe", "overall", 1, 4, "0805")];
    let (mut game, _) = f.start(&[1]);
    ok(&mut game, activate("foe"));
    let events = ok(&mut game, fire("bolt", "mi"));
    assert!(
        events.iter().any(|e| matches!(e, Event::MissileFired { unit, range: 3, .. } if unit == "bolt")),
        "{events:?}"
    );
    assert!(game.execute(&mv("bolt", &["0905"], sarissa_rules::map::hex::Vertex::E)).is_err());
}

// --- Routers flee toward their own side's edge (GBA 10.0, CG 11.0) ------------------------------

/// A routed LI of each side in mid-field (blue's edge west, red's east): where each is after
/// the turn's Rout Movement segment.
fn routers_flee(rules: &'static str) {
    let routed = |id: &str, at: &str| with(unit(id, "LI", "J", 3, 5, 5, "J", at, "E"), "routed = true");
    let mut f = cg(vec![routed("b", "0605")], vec![routed("r", "0608")]);
    f.rules = rules;
    let (mut game, _) = f.start(&[]);
    let events = end_of_turn(&mut game, &["hero", "foe"]);
    let (b, r) = (rout_move(&events, "b"), rout_move(&events, "r"));
    assert!(b.last().unwrap().col < 6 && r.last().unwrap().col > 6, "blue west, red east: {events:?}");
}

#[test]
fn routers_flee_toward_their_own_sides_edge_gba_10_0() {
    routers_flee("alexander");
}

#[test]
fn routers_flee_toward_their_own_sides_edge_cg_11_0() {
    routers_flee(CG);
}
