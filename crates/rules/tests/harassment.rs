//! Harassment and dispersal (GBA 8.3) with loaded dice.

mod common;
use common::*;
use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::combat::harassment::options;
use sarissa_rules::command::orders::orderable;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::facing::{hexes_in, Arc};
use sarissa_rules::map::hex::{HexId, Hexside, Vertex};
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;

fn harass(unit: &str, target: &str) -> Command {
    Command::Harass { unit: unit.into(), target: target.into() }
}

fn javelins(at: &str) -> String {
    unit("peltai", "SK", "J", 1, 5, 6, "J", at, "E")
}

fn hoplites(at: &str) -> String {
    unit("hoplites", "HI", "HY", 5, 6, 4, "", at, "W")
}

#[test]
fn javelin_skirmishers_harass_slower_foot_two_hexes_off_as_if_at_range_1_without_moving_gba_8_31_8_33() {
    let (mut game, _) = two_armies(vec![javelins("0305")], vec![hoplites("0505")]).start(&[1]);
    ok(&mut game, activate("hero"));
    let o = options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state));
    assert_eq!(o.len(), 1);
    assert_eq!(o[0].path.len(), 1, "one hex ahead, beside the target: {:?}", o[0].path);
    assert!(o[0].reactors.is_empty(), "hoplites have no missiles");
    assert!(legal_commands(&game).contains(&harass("peltai", "hoplites")));
    let events = ok(&mut game, harass("peltai", "hoplites"));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Harassed { unit, path, .. } if unit == "peltai" && path == &o[0].path)));
    assert_eq!(volleys(&events), vec![("peltai".to_string(), 1, 1, None)], "{events:?}");
    assert_eq!(game.state.units[1].hits, 1);
    // It never leaves its hex, but it has used its order and its MA (8.31, 8.33).
    assert_eq!(game.state.units[0].placement, Placement::One(h("0305")));
    assert!(game.state.units[0].moved);
    assert!(
        matches!(&game.state.phase, Phase::Orders { orders_left: 1, ordered, .. } if ordered == &vec!["peltai".to_string()])
    );
    assert!(game.execute(&fire("peltai", "hoplites")).is_err(), "no second fire");
}

#[test]
fn no_harassment_from_beside_the_enemy_beyond_reach_or_against_faster_units_gba_8_31_8_32() {
    let check = |blue: String, red: String, allowed: bool| {
        let (mut game, _) = two_armies(vec![blue.clone()], vec![red.clone()]).start(&[]);
        ok(&mut game, activate("hero"));
        let o = options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state));
        assert_eq!(!o.is_empty(), allowed, "{blue} vs {red}");
        if !allowed {
            let err = game.execute(&harass("peltai", "target")).unwrap_err().to_string();
            assert!(err.contains("8.3"), "{err}");
        }
    };
    let target = |kind: &str, class: &str, ma: u8, at: &str| {
        let missile = if kind == "LI" { class } else { "" };
        unit("target", kind, class, 4, 6, ma, missile, at, "W")
    };
    // Two hexes: yes; adjacent or three hexes: no (8.32).
    check(javelins("0305"), target("HI", "HY", 4, "0505"), true);
    check(javelins("0305"), target("HI", "HY", 4, "0405"), false);
    check(javelins("0305"), target("HI", "HY", 4, "0605"), false);
    // Foot harass the same MA, not a higher one (8.31).
    check(javelins("0305"), target("LI", "J", 6, "0505"), true);
    check(javelins("0305"), target("LC", "", 8, "0505"), false);
    // Archer skirmishers may not (8.31).
    check(unit("peltai", "SK", "A", 1, 5, 6, "A", "0305", "E"), target("HI", "HY", 4, "0505"), false);
    // Light horse: up to 4 hexes, a lower MA only, never skirmishers, but cataphracts (8.31, 8.32).
    let horse = || unit("peltai", "LC", "J", 2, 5, 8, "J", "0305", "E");
    check(horse(), target("HI", "HY", 4, "0705"), true);
    check(horse(), target("HI", "HY", 4, "0805"), false);
    check(horse(), target("LC", "", 8, "0505"), false);
    check(horse(), unit("target", "SK", "J", 1, 5, 6, "J", "0505", "W"), false);
    check(horse(), target("HC", "Cat", 8, "0505"), true);
}

#[test]
fn the_target_shoots_back_at_the_same_moment_and_the_harasser_still_fires_gba_8_33() {
    // Red archers (MA 5) are harassed by the javelin skirmishers (MA 6), who have 4 hits on
    // TQ 5. The archers' 1 is a hit: that would break them, yet they still throw (their 1: a
    // hit), and only then do both sides' hits take effect.
    let red = unit("bows", "LI", "A", 3, 5, 5, "A", "0505", "W");
    let (mut game, _) = two_armies(vec![javelins("0305")], vec![red]).start(&[1, 1]);
    game.state.units[0].hits = 4;
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, harass("peltai", "bows"));
    assert!(volleys(&events).is_empty(), "the other side answers first: {events:?}");
    match &game.state.phase {
        Phase::Reaction { firers, fire_kind: ReactionFire::Harass, .. } => {
            assert_eq!(firers, &vec!["bows".to_string()])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(game.decider(), Some(1));
    let events = ok(&mut game, fire("bows", "peltai"));
    assert_eq!(
        volleys(&events),
        vec![("bows".to_string(), 1, 1, Some(ReactionFire::Harass)), ("peltai".to_string(), 1, 1, None)],
        "{events:?}"
    );
    // Then the hits: the skirmishers, at their TQ, rout and are gone (10.2).
    assert!(events.iter().any(|e| matches!(e, Event::UnitEliminated { unit, .. } if unit == "peltai")), "{events:?}");
    assert_eq!(game.state.units[1].hits, 1);
    assert!(matches!(game.state.phase, Phase::Orders { .. }));
}

#[test]
fn a_harassment_may_be_let_be_and_the_harasser_still_shoots_gba_8_33() {
    let red = unit("bows", "LI", "A", 3, 5, 5, "A", "0505", "W");
    let (mut game, _) = two_armies(vec![javelins("0305")], vec![red]).start(&[1]);
    ok(&mut game, activate("hero"));
    ok(&mut game, harass("peltai", "bows"));
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(volleys(&events), vec![("peltai".to_string(), 1, 1, None)]);
}

/// From 0305 facing E two hexes lead straight on to the side of a target at 0505: `watched`
/// and `free`. `spot` is a hex beside `watched` only, two or more hexes from 0305, and `toward`
/// the facing from it that takes `watched` into its front; `free_label` names `free`.
struct TwoWays {
    watched: HexId,
    free: HexId,
    spot: String,
    toward: Vertex,
    free_label: &'static str,
}

fn two_ways() -> TwoWays {
    let label = |x: HexId| format!("{:02}{:02}", x.col, x.row);
    let target = h("0505");
    let ways: Vec<HexId> = hexes_in(&Placement::One(h("0305")), Vertex::E, Arc::Front)
        .into_iter()
        .filter(|w| w.is_adjacent(target))
        .collect();
    assert_eq!(ways.len(), 2, "{ways:?}");
    let (watched, free) = (ways[0], ways[1]);
    let spot = Hexside::ALL
        .iter()
        .filter_map(|&side| watched.neighbour(side))
        .find(|&n| n.distance(h("0305")) >= 2 && n != target && !n.is_adjacent(free))
        .expect("a spot beside one way only");
    let toward = Vertex::ALL
        .into_iter()
        .find(|&v| hexes_in(&Placement::One(spot), v, Arc::Front).contains(&watched))
        .expect("a facing toward that way");
    TwoWays { watched, free, spot: label(spot), toward, free_label: Box::leak(label(free).into_boxed_str()) }
}

#[test]
fn another_enemy_missile_unit_beside_the_path_may_also_shoot_and_the_path_avoids_it_if_it_can_gba_8_33() {
    // Archers watch one of the two ways to the hoplites' side.
    let TwoWays { watched, free, spot, toward: facing, free_label: marsh } = two_ways();
    let bystander = || unit("bows", "LI", "A", 3, 5, 5, "A", &spot, facing.name());

    // Both ways open: the one out of the archers' sight (P53).
    let (mut game, _) = two_armies(vec![javelins("0305")], vec![hoplites("0505"), bystander()]).start(&[]);
    ok(&mut game, activate("hero"));
    let o = options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state));
    let at_hoplites = o.iter().find(|o| o.target == 1).expect("the hoplites may be harassed");
    assert_eq!((at_hoplites.path.clone(), at_hoplites.reactors.clone()), (vec![free], vec![]));

    // The other way through a marsh, closed to harassment (8.32): past the archers, who may
    // shoot too.
    let field = Field {
        terrain: vec![(marsh, 'm')],
        ..two_armies(vec![javelins("0305")], vec![hoplites("0505"), bystander()])
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let o = options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state));
    let at_hoplites = o.iter().find(|o| o.target == 1).expect("the hoplites may be harassed");
    assert_eq!((at_hoplites.path.clone(), at_hoplites.reactors.clone()), (vec![watched], vec![2]));
    ok(&mut game, harass("peltai", "hoplites"));
    assert!(matches!(&game.state.phase, Phase::Reaction { firers, .. } if firers == &vec!["bows".to_string()]));
}

#[test]
fn light_horse_may_not_harass_past_an_elephants_front_and_take_2_hits_past_its_flank_or_rear_gba_8_34() {
    let TwoWays { spot, toward, free_label: marsh, .. } = two_ways();
    let horse = unit("horse", "LC", "J", 2, 5, 8, "J", "0305", "E");
    for (facing, hits) in [(toward, None), (Vertex::from_index(toward.index() + 3), Some(2u8))] {
        let elephant = unit("elephant", "EL", "", 4, 6, 5, "J", &spot, facing.name());
        let field =
            Field { terrain: vec![(marsh, 'm')], ..two_armies(vec![horse.clone()], vec![hoplites("0505"), elephant]) };
        let (mut game, _) = field.start(&[9]);
        ok(&mut game, activate("hero"));
        let o = options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state));
        let at_hoplites = o.iter().find(|o| o.target == 1);
        assert_eq!(at_hoplites.map(|o| o.elephant_hits), hits, "{facing:?}");
        if hits.is_some() {
            let events = ok(&mut game, harass("horse", "hoplites"));
            assert!(events.contains(&Event::CohesionHits {
                unit: "horse".into(),
                hits: 2,
                cause: sarissa_rules::game::HitCause::Elephants
            }));
        }
    }
}

#[test]
fn in_chandragupta_a_phalanx_counts_its_higher_ma_and_light_horse_harass_cataphracts_cg_9_31() {
    // CG 9.31 exc.: javelin skirmishers (MA 6) may not harass a phalanx of MA 5/6 (its higher
    // MA, 6, is not lower) but may one of MA 4/5; light horse (MA 7) harass cataphracts (MA 8).
    let cg = |blue: String, red: String| Field { rules: "chandragupta", ..two_armies(vec![blue], vec![red]) };
    let phalanx = |ma: u8| unit("target", "PH", "", 10, 6, ma, "", "0505-0506", "W");
    let (mut game, _) = cg(javelins("0305"), phalanx(5)).start(&[]);
    ok(&mut game, activate("hero"));
    assert_eq!(refused_rule(&mut game, harass("peltai", "target")), "8.3");
    let (mut game, _) = cg(javelins("0305"), phalanx(4)).start(&[1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, harass("peltai", "target"));
    assert!(events.iter().any(|e| matches!(e, Event::Harassed { unit, .. } if unit == "peltai")), "{events:?}");
    assert_eq!(volleys(&events), vec![("peltai".to_string(), 1, 1, None)], "{events:?}");

    let horse = unit("peltai", "LC", "J", 2, 5, 7, "J", "0305", "E");
    let (mut game, _) = cg(horse, unit("target", "HC", "Cat", 4, 7, 8, "", "0505", "W")).start(&[1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, harass("peltai", "target"));
    assert!(events.iter().any(|e| matches!(e, Event::Harassed { unit, .. } if unit == "peltai")), "{events:?}");
    assert_eq!(volleys(&events).len(), 1, "{events:?}");
}

#[test]
fn skirmishers_harass_across_rocky_ground_in_alexander_but_not_in_chandragupta_gba_8_32_cg_9_33() {
    // Both hexes ahead of the javelins, beside the hoplites, are rocky: rough ground, which GBA
    // 8.32 opens to skirmishers and CG 9.33 does not.
    let rocky = |rules: &'static str| Field {
        rules,
        terrain: vec![("0404", 'r'), ("0405", 'r')],
        ..two_armies(vec![javelins("0305")], vec![hoplites("0505")])
    };
    let (mut game, _) = rocky("alexander").start(&[1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, harass("peltai", "hoplites"));
    assert_eq!(volleys(&events), vec![("peltai".to_string(), 1, 1, None)], "{events:?}");
    let (mut game, _) = rocky("chandragupta").start(&[1]);
    ok(&mut game, activate("hero"));
    assert!(!legal_commands(&game).contains(&harass("peltai", "hoplites")));
    assert_eq!(refused_rule(&mut game, harass("peltai", "hoplites")), "8.3");
    // On clear ground the same harassment is open in Chandragupta too.
    let (mut game, _) = Field { terrain: Vec::new(), ..rocky("chandragupta") }.start(&[1]);
    ok(&mut game, activate("hero"));
    assert!(legal_commands(&game).contains(&harass("peltai", "hoplites")));
}

#[test]
fn a_javelin_unit_beside_the_path_shoots_the_harasser_as_it_passes_though_out_of_reach_of_where_it_set_out_gba_8_33() {
    // Javelins reach one hex: the skirmishers' starting hex is two off, the hex they pass is
    // beside the darts, who shoot as they pass, before the harasser's own volley.
    let TwoWays { watched, spot, toward: facing, free_label: marsh, .. } = two_ways();
    let darts = unit("darts", "LI", "J", 3, 5, 5, "J", &spot, facing.name());
    let field =
        Field { terrain: vec![(marsh, 'm')], ..two_armies(vec![javelins("0305")], vec![hoplites("0505"), darts]) };
    let (mut game, _) = field.start(&[1, 1]);
    ok(&mut game, activate("hero"));
    let o = options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state));
    let at_hoplites = o.iter().find(|o| o.target == 1).expect("the hoplites may be harassed");
    assert_eq!((at_hoplites.path.clone(), at_hoplites.reactors.clone()), (vec![watched], vec![2]));
    ok(&mut game, harass("peltai", "hoplites"));
    let events = ok(&mut game, fire("darts", "peltai"));
    let shots = volleys(&events);
    assert_eq!(
        shots.first().map(|v| (v.0.clone(), v.3)),
        Some(("darts".to_string(), Some(ReactionFire::Harass))),
        "{events:?}"
    );
    assert_eq!(shots.last().map(|v| v.0.clone()), Some("peltai".to_string()), "{events:?}");
}

/// Issus on turn 4 as two computer players left it (tests/data/issus-harassment-loop.toml), at
/// Rheomithres's orders: the position where a duel once looped (at commit 2ed63c8, `duel --red
/// greedy --blue random --seed 2`, command 608 on).
fn issus_loop() -> sarissa_rules::play::Game {
    let text = include_str!("data/issus-harassment-loop.toml");
    position_at("issus-harassment-loop.toml", text, &[0; 12], "rheomithres")
}

#[test]
fn reaction_fire_at_a_harasser_is_thrown_from_beside_its_path_and_not_offered_again_gba_8_33() {
    // Light Horse 1 (3507) harasses Thracians 1 (3208): the Thracians' javelins reach the hex
    // it passes, not the one it sets out from. Their reaction fire once did nothing and stayed
    // offered, so a player was asked for it forever.
    let mut game = issus_loop();
    ok(&mut game, harass("light-horse-1", "thracians-1"));
    let offered = fire("thracians-1", "light-horse-1");
    assert!(
        matches!(&game.state.phase, Phase::Reaction { firers, fire_kind: ReactionFire::Harass, .. }
            if firers.contains(&"thracians-1".to_string())),
        "{:?}",
        game.state.phase
    );
    assert!(legal_commands(&game).contains(&offered));
    let events = ok(&mut game, offered.clone());
    let shots = volleys(&events);
    assert_eq!(
        shots.first().map(|v| (v.0.as_str(), v.1, v.3)),
        Some(("thracians-1", 1, Some(ReactionFire::Harass))),
        "thrown from beside the path, at range 1: {events:?}"
    );
    assert_eq!(shots.last().map(|v| v.0.as_str()), Some("light-horse-1"), "then the harasser's own: {events:?}");
    assert!(!legal_commands(&game).contains(&offered), "the pause is over");
}

/// Granicus on turn 5 as two random computer players left it (tests/data/granicus-engaged-harassment.toml),
/// at Alexander's orders: the Niphates Horse are Engaged, two hexes from the Paeonians.
fn granicus_engaged() -> sarissa_rules::play::Game {
    let text = include_str!("data/granicus-engaged-harassment.toml");
    position_at("granicus-engaged-harassment.toml", text, &[0; 12], "alexander")
}

#[test]
fn no_harassment_is_offered_at_an_engaged_unit_and_none_is_accepted_gba_10_31() {
    // A duel (`granicus --seed 49`) was offered this harassment and then had it refused: the
    // listing and the rules disagreed. Engaged units may not be the target of missile fire (10.31).
    let mut game = granicus_engaged();
    let target = game.scenario.units.iter().position(|u| u.id == "niphates-horse").expect("in the battle");
    assert!(game.state.units[target].engaged);
    let offered = legal_commands(&game);
    let engaged =
        |id: &String| game.scenario.units.iter().position(|u| &u.id == id).is_some_and(|i| game.state.units[i].engaged);
    assert!(
        !offered
            .iter()
            .any(|c| matches!(c, Command::Harass { target, .. } | Command::Fire { target, .. } if engaged(target))),
        "{offered:?}"
    );
    let err = game.execute(&harass("paeonians", "niphates-horse")).unwrap_err();
    assert!(matches!(&err, sarissa_rules::game::RuleError::IllegalMove { rule: "10.31", .. }), "{err}");
}
