//! Movement, facing, stacking and zones of control (GBA 6–7, CG 6–7): rules the engine cites,
//! each played through `Game::execute` with loaded dice and checked by its exact events or
//! refusal.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::{Hexside, Vertex};
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;

const GBA: &str = "alexander";
const CG: &str = "chandragupta";

/// Blue's and red's units under `rules`: blue's "hero" (initiative 3) at `hero_at`, red's "foe"
/// (6) at 1209.
fn sides(rules: &'static str, blue: Vec<String>, red: Vec<String>, hero_at: &str) -> Field {
    let leaders = [vec![leader("hero", "overall", 3, 8, hero_at)], vec![leader("foe", "overall", 6, 4, "1209")]];
    Field { rules, macedonian: [false, false], units: [blue, red], leaders, ..Field::default() }
}

/// Starts `f` with `dice`, the hero activated.
fn hero_orders(f: &Field, dice: &[u8]) -> Game {
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    game
}

/// Blue's `units` under `rules`, "hero" at 0205 ordering them; red far off.
fn ordering(rules: &'static str, blue: Vec<String>, terrain: Vec<(&'static str, char)>, dice: &[u8]) -> Game {
    let far = vec![unit("far", "HC", "", 3, 6, 7, "", "1210", "W")];
    hero_orders(&Field { terrain, ..sides(rules, blue, far, "0205") }, dice)
}

/// The MP a unit's move cost, and the terrain hits it took on the way.
fn cost(events: &[Event], id: &str) -> (u8, u8) {
    let mp = events
        .iter()
        .find_map(|e| match e {
            Event::UnitMoved { unit, mp, .. } if unit == id => Some(*mp),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{id} moved: {events:?}"));
    let hits = events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { unit, hits, cause: HitCause::Terrain } if unit == id => Some(*hits),
            _ => None,
        })
        .sum();
    (mp, hits)
}

// --- Movement costs and terrain hits ------------------------------------------------------------

/// One hex into woods (GBA) or forest (CG) from 0305 for each kind: the chart's MP and hits.
fn woods_costs(rules: &'static str) -> Vec<(u8, u8)> {
    ["MI", "LI", "HC"]
        .iter()
        .map(|kind| {
            let mut game =
                ordering(rules, vec![unit("u", kind, "", 3, 6, 7, "", "0305", "E")], vec![("0405", 'w')], &[]);
            assert_eq!(h("0305").neighbour(Hexside::SE), Some(h("0405")), "a front hex of 0305 facing E");
            cost(&ok(&mut game, mv("u", &["0405"], Vertex::E)), "u")
        })
        .collect()
}

#[test]
fn woods_cost_formed_foot_2_mp_and_a_hit_light_foot_2_mp_horse_3_mp_and_a_hit_gba_6_29() {
    assert_eq!(woods_costs(GBA), [(2, 1), (2, 0), (3, 1)]);
}

#[test]
fn forest_costs_formed_foot_2_mp_and_a_hit_light_foot_2_mp_horse_3_mp_and_a_hit_cg_6_29() {
    assert_eq!(woods_costs(CG), [(2, 1), (2, 0), (3, 1)]);
}

/// Formed foot walking through woods takes the woods' hit on the way, and keeps it; a leader
/// riding the same way takes none.
fn terrain_hit_at_once(rules: &'static str) {
    let mut game = ordering(rules, vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E")], vec![("0405", 'w')], &[]);
    let events = ok(&mut game, mv("mi", &["0405", "0505"], Vertex::E));
    assert_eq!(cost(&events, "mi"), (3, 1), "{events:?}");
    assert_eq!(game.state.units[idx(&game, "mi")].hits, 1);
    let events = ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: vec![h("0305"), h("0405")] });
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. })), "leaders take no hits: {events:?}");
}

#[test]
fn terrain_hits_fall_on_the_unit_entering_and_never_on_a_leader_gba_6_22() {
    terrain_hit_at_once(GBA);
}

#[test]
fn terrain_hits_fall_on_the_unit_entering_and_never_on_a_leader_cg_6_22() {
    terrain_hit_at_once(CG);
}

#[test]
fn a_move_has_the_printed_allowance_and_not_one_mp_more_gba_6_11() {
    // MA 3: three hexes, then a turn of one vertex (1 MP more) is beyond the allowance.
    let mut game = ordering(GBA, vec![unit("mi", "MI", "", 4, 6, 3, "", "0305", "E")], vec![], &[]);
    let err = game.execute(&mv("mi", &["0405", "0505", "0605"], Vertex::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.11", "{err}");
    let events = ok(&mut game, mv("mi", &["0405", "0505", "0605"], Vertex::E));
    assert_eq!(cost(&events, "mi"), (3, 0));
}

#[test]
fn a_unit_moves_once_an_orders_phase_but_again_in_the_next_gba_6_12() {
    // Momentum roll 1: the hero's second orders phase; the horse moves again, with the hit of a
    // second move in the turn (6.13).
    let mut game = ordering(GBA, vec![unit("hc", "HC", "", 3, 7, 7, "", "0305", "E")], vec![], &[1]);
    ok(&mut game, mv("hc", &["0405"], Vertex::E));
    assert_eq!(game.execute(&mv("hc", &["0505"], Vertex::E)).unwrap_err().rule(), "5.23");
    end_orders(&mut game);
    ok(&mut game, Command::TryMomentum);
    if matches!(game.state.phase, Phase::TrumpResponse { .. }) {
        ok(&mut game, Command::DeclineTrump);
    }
    let events = ok(&mut game, mv("hc", &["0505"], Vertex::E));
    assert_eq!(cost(&events, "hc").0, 1, "{events:?}");
    assert!(events.contains(&Event::CohesionHits { unit: "hc".into(), hits: 1, cause: HitCause::SecondMove }));
}

// --- Two-hex units turn by moving ------------------------------------------------------------

#[test]
fn a_phalanx_cannot_turn_in_place_it_turns_by_pivoting_forward_gba_6_33_7_13() {
    let mut game = ordering(GBA, vec![unit("ph", "PH", "", 10, 7, 4, "", "0505-0506", "E")], vec![], &[]);
    let start = Placement::Two(h("0505"), h("0506"));
    let reach = sarissa_rules::movement::formation_reach(&game.scenario, &game.state, 0);
    // Where it stands, only the about-face (6.44) and forming column: no turn of a vertex.
    let in_place: Vec<Vertex> = reach.iter().filter(|d| d.placement == start && !d.column).map(|d| d.facing).collect();
    assert_eq!(in_place, [Vertex::W], "{reach:?}");
    // One half swings forward round the other: now it faces south-east.
    let pivot =
        Command::MoveTo { unit: "ph".into(), to: Placement::Two(h("0506"), h("0605")), facing: Vertex::SE, with: None };
    let events = ok(&mut game, pivot);
    assert!(
        events.iter().any(|e| matches!(e, Event::UnitMoved { unit, facing: Vertex::SE, .. } if unit == "ph")),
        "{events:?}"
    );
}

// --- Stacking ------------------------------------------------------------------------------

/// Red LI at 0505, blue MI at 0305 facing E: blue may not go into red's hex.
fn no_entering_enemies(rules: &'static str, rule: &str) {
    // Red LI faced away (SE): 0405 is outside its zone, so nothing but its hex bars the way.
    let blue = vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E")];
    let mut game =
        hero_orders(&sides(rules, blue, vec![unit("red", "LI", "", 3, 5, 5, "", "0505", "SE")], "0205"), &[]);
    let err = game.execute(&mv("mi", &["0405", "0505"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), rule, "{err}");
}

#[test]
fn no_unit_enters_a_hex_an_enemy_unit_holds_gba_6_93() {
    no_entering_enemies(GBA, "6.93");
}

#[test]
fn no_unit_enters_a_hex_an_enemy_unit_holds_cg_6_72() {
    no_entering_enemies(CG, "6.93");
}

/// A unit walks into the hex of a friendly leader standing alone, at the ground's cost; then
/// the leader rides into a unit's hex.
fn leaders_stack_freely(rules: &'static str) {
    let blue = vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E"), unit("lc", "LC", "", 2, 6, 8, "", "0307", "E")];
    let mut game = ordering(rules, blue, vec![], &[]);
    let events = ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: vec![h("0305"), h("0405")] });
    assert!(events.iter().any(|e| matches!(e, Event::LeaderMoved { .. })), "{events:?}");
    // The leader passed through the MI's hex and stands alone in 0405; the MI enters it for 1 MP.
    let events = ok(&mut game, mv("mi", &["0405"], Vertex::E));
    assert_eq!(cost(&events, "mi"), (1, 0));
    let li = game.scenario.leaders.iter().position(|l| l.id == "hero").unwrap();
    assert_eq!(game.state.leaders[li].at, h("0405"), "stacked with the MI");
}

#[test]
fn a_unit_and_a_leader_share_a_hex_at_no_cost_gba_6_94() {
    leaders_stack_freely(GBA);
}

#[test]
fn a_unit_and_a_leader_share_a_hex_at_no_cost_cg_6_77() {
    leaders_stack_freely(CG);
}

#[test]
fn medium_foot_passes_through_medium_foot_for_a_mp_more_but_never_through_heavy_cg_6_78() {
    // Through friendly MI: 2 hexes, 1 MP more, a TQ check for both (rolls 0: no hits).
    let blue = vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E"), unit("mi2", "MI", "", 4, 6, 5, "", "0405", "E")];
    let mut game = ordering(CG, blue, vec![], &[0, 0]);
    let events = ok(&mut game, mv("mi", &["0405", "0505"], Vertex::E));
    assert_eq!(cost(&events, "mi").0, 3, "{events:?}");
    // Through friendly HI: not at all.
    let blue = vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E"), unit("hi", "HI", "", 5, 6, 4, "", "0405", "E")];
    let mut game = ordering(CG, blue, vec![], &[]);
    let err = game.execute(&mv("mi", &["0405", "0505"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "6.92", "the stacking chart (GBA 6.92; CG 6.78): {err}");
}

// --- Column ------------------------------------------------------------------------------

#[test]
fn foot_in_column_gets_one_mp_more_and_one_terrain_hit_less_cg_6_52() {
    // MI of MA 4 in column facing the NE hexside: four hexes straight on, the first woods (2 MP,
    // 1 hit): 5 MP, its MA and the column's one more, and the woods' hit one less, none.
    let column = with(unit("mi", "MI", "", 4, 6, 4, "", "0305", "NE"), "column = true");
    let mut game = ordering(CG, vec![column], vec![("0404", 'w')], &[]);
    let path: Vec<String> = std::iter::successors(Some(h("0305")), |x| x.neighbour(Hexside::NE))
        .skip(1)
        .take(4)
        .map(|x| x.to_string())
        .collect();
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let cmd = Command::Move {
        unit: "mi".into(),
        path: path.iter().map(|p| h(p)).collect(),
        // In column the facing names a hexside: vertex E stands for the NE hexside.
        facing: Vertex::E,
        column: true,
        with: None,
    };
    let events = ok(&mut game, cmd);
    assert_eq!(cost(&events, "mi"), (5, 0), "{path:?}: {events:?}");
}

// --- Zones of control and shock requirements --------------------------------------------------

/// Red horse at 0606 facing W with its north-west front hex two levels above it: horse cannot
/// climb two levels, so that hex is out of its zone; blue foot walks through it.
fn no_zone_where_it_may_not_go(rules: &'static str) {
    let x = h("0606");
    // `up`, its NW front hex; `start` and `beyond`, the foot's way through it; all at level 2.
    let (up, start, beyond) = (h("0506"), h("0406"), h("0505"));
    assert_eq!(
        [x.neighbour(Hexside::NW), up.neighbour(Hexside::SW), up.neighbour(Hexside::N)],
        [Some(up), Some(start), Some(beyond)]
    );
    let cells = vec![("0506", '2'), ("0406", '2'), ("0505", '2')];
    // The hero rides with the foot: his orders need no path down the slope.
    let blue = vec![unit("mi", "MI", "", 4, 6, 5, "", &start.to_string(), "NE")];
    let red = vec![unit("horse", "HC", "", 3, 6, 7, "", "0606", "W")];
    let mut game = hero_orders(&Field { elevation: cells, ..sides(rules, blue, red, &start.to_string()) }, &[]);
    let zone = sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, idx(&game, "horse"));
    assert!(!zone.contains(&up), "{zone:?}");
    assert!(zone.contains(&x.neighbour(Hexside::SW).unwrap()), "its other front hex: {zone:?}");
    let mut events = ok(
        &mut game,
        Command::Move { unit: "mi".into(), path: vec![up, beyond], facing: Vertex::NE, column: false, with: None },
    );
    // The horse declines to withdraw; the foot goes on through `up`, not stopped there (7.23).
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        events.extend(ok(&mut game, Command::EndReaction));
    }
    assert_eq!(game.state.units[idx(&game, "mi")].placement, Placement::One(beyond), "{events:?}");
}

#[test]
fn a_zone_of_control_reaches_no_hex_its_unit_could_not_enter_gba_7_22() {
    no_zone_where_it_may_not_go(GBA);
}

/// Hoplites that moved up to the enemy must attack, and check their TQ before the shock; the
/// same hoplites standing beside the enemy may attack and make no check.
fn moved_up_must_shock_and_check(rules: &'static str) -> (Vec<Event>, Vec<Event>) {
    let red = || vec![unit("mi", "MI", "", 4, 9, 5, "", "0605", "W")];
    let two = |blue: String| Field { rules, macedonian: [false, false], ..two_armies(vec![blue], red()) };
    let (mut game, _) = two(unit("hop", "HI", "", 5, 6, 4, "", "0405", "E")).start(&[5; 12]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hop", &["0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    let mut moved = ok(&mut game, Command::EndOrders);
    if matches!(game.state.phase, Phase::Shock { .. }) {
        moved.extend(ok(&mut game, Command::Shock { attackers: vec![] }));
    }
    let (mut game, _) = two(unit("hop", "HI", "", 5, 6, 4, "", "0505", "E")).start(&[5; 12]);
    ok(&mut game, activate("hero"));
    let mut stood = ok(&mut game, Command::EndOrders);
    stood.extend(ok(&mut game, Command::Shock { attackers: vec!["hop".into()] }));
    (moved, stood)
}

fn began(events: &[Event]) -> (Vec<String>, Vec<String>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::ShockSegmentBegan { must, optional, .. } => Some((must.clone(), optional.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a shock segment: {events:?}"))
}

fn checked(events: &[Event]) -> bool {
    shock_lines(events).iter().any(|l| l.starts_with("charge check"))
}

/// The mover is marked to attack and checks; the unit that stood may attack, unchecked.
fn marked_and_checked(rules: &'static str) {
    let (moved, stood) = moved_up_must_shock_and_check(rules);
    assert_eq!(began(&moved), (vec!["hop".to_string()], vec![]));
    assert!(checked(&moved), "{moved:?}");
    assert_eq!(began(&stood), (vec![], vec!["hop".to_string()]));
    assert!(!checked(&stood), "{stood:?}");
}

#[test]
fn heavy_foot_that_moved_up_is_marked_must_shock_and_checks_its_tq_gba_7_32_7_3() {
    marked_and_checked(GBA);
}

#[test]
fn heavy_foot_that_moved_up_is_marked_must_shock_and_checks_its_tq_cg_7_35_7_3() {
    marked_and_checked(CG);
}

#[test]
fn a_column_struck_in_shock_is_attacked_superior_and_fights_at_tq_less_two_cg_6_55() {
    // Hoplites strike red MI (TQ 7) in their front hex; in column it faces the S hexside.
    let struck = |column: bool| {
        let mi = h("0505").neighbour(Hexside::NE).unwrap().to_string();
        let red = if column {
            with(unit("mi", "MI", "", 4, 7, 5, "", &mi, "S"), "column = true")
        } else {
            unit("mi", "MI", "", 4, 7, 5, "", &mi, "SW")
        };
        let f = sides(CG, vec![unit("hop", "HI", "", 5, 6, 4, "", "0505", "E")], vec![red], "0205");
        let (mut game, events) = stand_and_shock(&f, &["hop"], &[5; 12]);
        let events = [events, rout_first(&mut game)].concat();
        let routed = events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "mi"));
        (shock_lines(&events), routed)
    };
    // Formed: no superiority, 3 hits on TQ 7.
    let (lines, routed) = struck(false);
    assert!(lines.iter().any(|l| l.starts_with("superiority: Neither")), "{lines:?}");
    assert!(!routed, "{lines:?}");
    // In column: attacker superior, the hits doubled, and TQ 5 cannot hold them.
    let (lines, routed) = struck(true);
    assert!(lines.iter().any(|l| l.starts_with("superiority: Attacker")), "{lines:?}");
    assert!(routed, "{lines:?}");
}

// --- Facing and zones of control in general (GBA 7.1, 7.2) -----------------------------------

#[test]
fn a_unit_faces_a_vertex_and_moves_only_into_its_front_hexes_gba_7_1() {
    // MI at 0305 facing E: 0405, its SE front hex, for 1 MP; 0205 behind it only after turning
    // three vertices to face it (3 MP more), and not at all with MA 3.
    let to_front = |ma: u8| {
        let mut game = ordering(GBA, vec![unit("mi", "MI", "", 4, 6, ma, "", "0305", "E")], vec![], &[]);
        cost(&ok(&mut game, mv("mi", &["0405"], Vertex::E)), "mi")
    };
    let to_rear = |ma: u8| {
        let mut game = ordering(GBA, vec![unit("mi", "MI", "", 4, 6, ma, "", "0305", "E")], vec![], &[]);
        game.execute(&mv("mi", &["0205"], Vertex::W)).map(|events| cost(&events, "mi"))
    };
    assert_eq!(to_front(3), (1, 0));
    assert_eq!(to_rear(5).unwrap(), (4, 0));
    assert!(to_rear(3).is_err());
}

#[test]
fn a_zone_of_control_is_the_front_hexes_a_missile_skirmishers_the_flanks_too_and_a_routers_none_gba_7_2() {
    let blue = vec![
        unit("mi", "MI", "", 4, 6, 5, "", "0305", "E"),
        unit("sk", "SK", "J", 1, 5, 6, "J", "0308", "E"),
        with(unit("gone", "LI", "J", 3, 5, 5, "J", "0603", "E"), "routed = true"),
    ];
    let game = ordering(GBA, blue, vec![], &[]);
    let zone = |id: &str| {
        let mut z = sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, idx(&game, id));
        z.sort_by_key(|x| (x.col, x.row));
        z
    };
    let around = |at: &str, sides: &[Hexside]| {
        let mut z: Vec<_> = sides.iter().map(|s| h(at).neighbour(*s).unwrap()).collect();
        z.sort_by_key(|x| (x.col, x.row));
        z
    };
    assert_eq!(zone("mi"), around("0305", &[Hexside::NE, Hexside::SE]));
    assert_eq!(zone("sk"), around("0308", &[Hexside::NE, Hexside::SE, Hexside::N, Hexside::S]));
    assert!(zone("gone").is_empty());
}
