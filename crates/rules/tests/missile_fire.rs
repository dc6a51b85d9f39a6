//! Ordered missile fire (GBA 8.11–8.17) with loaded dice.

mod common;
use common::*;
use sarissa_rules::combat::fire::{reach, targets};
use sarissa_rules::combat::missile::Supply;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::HexId;
use sarissa_rules::map::hex::Vertex;

fn archers() -> String {
    unit("cretans", "SK", "A", 1, 5, 6, "A", "0305", "E")
}

#[test]
fn a_cretan_archer_hits_median_horse_at_range_2_on_3_or_less_gba_8_15_t16() {
    for (roll, hits, supply) in [(2u8, 1u8, Supply::Full), (6, 0, Supply::Full), (9, 0, Supply::Low)] {
        let (mut game, _) =
            two_armies(vec![archers()], vec![unit("medes", "HC", "", 3, 6, 7, "", "0505", "W")]).start(&[roll]);
        ok(&mut game, activate("hero"));
        let t = targets(&game.scenario, &game.state, 0);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].fire.range, 2);
        let events = ok(&mut game, fire("cretans", "medes"));
        assert!(
            events.iter().any(|e| matches!(e, Event::MissileFired { strength: 3, drm: 0, hits: h, supply: s, .. } if *h == hits && *s == supply)),
            "{events:?}"
        );
        assert_eq!(game.state.units[1].hits, hits);
        if hits > 0 {
            assert!(events.contains(&Event::CohesionHits { unit: "medes".into(), hits, cause: HitCause::Missile }));
        }
        assert_eq!(game.state.units[0].supply, supply);
        // Firing instead of moving is its order (8.11), and it fires once a phase.
        assert!(
            matches!(&game.state.phase, Phase::Orders { orders_left: 1, ordered, .. } if ordered == &vec!["cretans".to_string()])
        );
        assert!(game.execute(&fire("cretans", "medes")).is_err());
    }
}

#[test]
fn missile_low_fires_once_more_then_is_missile_no_gba_8_17() {
    // 9: no effect and Low; 0: momentum; then the last shot (5) leaves it Missile No.
    let (mut game, _) =
        two_armies(vec![archers()], vec![unit("medes", "HC", "", 3, 6, 7, "", "0505", "W")]).start(&[9, 0, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, fire("cretans", "medes"));
    assert_eq!(game.state.units[0].supply, Supply::Low);
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::TryMomentum);
    ok(&mut game, Command::DeclineTrump);
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
    ok(&mut game, fire("cretans", "medes"));
    assert_eq!(game.state.units[0].supply, Supply::No);
    assert!(targets(&game.scenario, &game.state, 0).is_empty(), "Missile No: no fire until it reloads");
}

#[test]
fn fire_leaves_through_the_front_skirmishers_also_the_flanks_gba_8_13() {
    // Archer foot (LI/A) facing E: a target due west is behind it.
    let blue = vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0505", "E")];
    let (game, _) = two_armies(blue, vec![unit("behind", "MI", "", 4, 5, 5, "", "0305", "E")]).start(&[]);
    let mut game = game;
    ok(&mut game, activate("hero"));
    assert!(targets(&game.scenario, &game.state, 0).is_empty());
    assert!(game.execute(&fire("bows", "behind")).unwrap_err().to_string().contains("8.1"));
}

#[test]
fn armour_and_the_front_of_heavy_infantry_at_range_one_gba_8_15() {
    // Slingers adjacent to hoplite-armed HI (one-hex) through its front: +3, not +4.
    let blue = vec![unit("slingers", "SK", "S", 1, 5, 6, "S", "0405", "E")];
    let (mut game, _) = two_armies(blue, vec![unit("hi", "HI", "", 5, 6, 4, "", "0505", "W")]).start(&[0]);
    ok(&mut game, activate("hero"));
    let t = targets(&game.scenario, &game.state, 0);
    assert_eq!((t[0].fire.range, t[0].fire.through_front), (1, true));
    let events = ok(&mut game, fire("slingers", "hi"));
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { drm: 3, .. })), "{events:?}");
}

#[test]
fn a_unit_may_fire_after_moving_toward_its_target_but_archer_foot_may_not_gba_8_11() {
    let blue = vec![archers(), unit("bows", "LI", "A", 3, 5, 5, "A", "0307", "E")];
    // Foot too slow to withdraw from the skirmishers (6.71).
    let red = vec![unit("medes", "MI", "", 4, 5, 5, "", "0705", "W"), unit("far", "MI", "", 4, 5, 5, "", "0707", "W")];
    let (mut game, _) = two_armies(blue, red).start(&[2]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("cretans", &["0405", "0505"], Vertex::E));
    let t = targets(&game.scenario, &game.state, 0);
    assert!(t.iter().any(|t| t.unit == 2 && t.fire.moving), "moved closer: it may fire, as moving (+1): {t:?}");
    ok(&mut game, mv("bows", &["0407"], Vertex::E));
    assert!(targets(&game.scenario, &game.state, 1).is_empty(), "archer foot move or fire (8.11)");
    let events = ok(&mut game, fire("cretans", "medes"));
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { drm: 1, .. })), "{events:?}");
}

#[test]
fn units_clear_of_the_enemy_reload_at_the_end_of_the_turn_gba_8_18() {
    // The Cretans are clear; the slingers stand within the enemy archers' range and sight.
    let blue = vec![archers(), unit("slingers", "SK", "S", 1, 5, 6, "S", "0309", "E")];
    let red = vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0609", "W")];
    let (mut game, _) = two_armies(blue, red).start(&[]);
    game.state.units[0].supply = Supply::Low;
    game.state.units[1].supply = Supply::No;
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SupplyChanged { unit, supply: Supply::Full, .. } if unit == "cretans")));
    assert_eq!(game.state.units[0].supply, Supply::Full);
    assert_eq!(game.state.units[1].supply, Supply::No, "in range and sight of enemy bows: no reload");
}

#[test]
fn missile_reach_is_range_arc_and_sight_gba_8_13_8_14() {
    // Archers in 0305 facing E; an enemy at 0505.
    let (mut game, _) = two_armies(vec![archers()], vec![unit("medes", "HC", "", 3, 6, 7, "", "0505", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    let hexes = reach(&game.scenario, &game.state, 0);
    let at = |s: &str| HexId::parse(s).unwrap();
    let here = at("0305");
    // The enemy it may fire at lies in its reach, as does every hex of every target.
    for t in targets(&game.scenario, &game.state, 0) {
        assert!(hexes.contains(&t.hex), "{t:?}");
    }
    assert!(hexes.contains(&at("0505")) && hexes.contains(&at("0405")));
    // Nothing behind it (8.13: skirmishers fire through front and flanks, not the rear), nothing
    // out of range, not its own hex.
    assert!(!hexes.contains(&at("0205")) && !hexes.contains(&at("0105")) && !hexes.contains(&here));
    // As far as the archery line's chart goes, and one hex more (extended range).
    let line = sarissa_rules::charts::missile::MissileLine::of_unit(game.scenario.meta.rules, &game.scenario.units[0]);
    let farthest = sarissa_rules::charts::missile::max_range(line.unwrap(), None) as u32 + 1;
    assert!(hexes.iter().all(|h| h.distance(here) <= farthest), "{hexes:?}");
    assert!(hexes.iter().any(|h| h.distance(here) == farthest), "{hexes:?}");
    // A unit without missiles reaches nowhere.
    assert!(reach(&game.scenario, &game.state, 1).is_empty());
}
