//! Bow-armed elephants (CG G52, 10.11, 10.12): a "J/A" elephant fires by order once per orders
//! phase with ONE of its weapons, the player's choice — its riders' javelins or their bow, each
//! from its own supply; as entry reaction fire both shoot. A "J/a" elephant's screen never fires
//! under orders.

mod common;

use common::*;
use sarissa_rules::combat::missile::Supply;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::notation;

/// Blue's elephant at 0505 faced E (`bow` marks a "J/A" one); red's foot at 0705, two hexes off.
fn bow_field(bow: bool) -> Field {
    let el = unit("el", "EL", "", 4, 6, 5, "J", "0505", "E");
    let el = if bow { el.replace(" }", ", bow = true }") } else { el };
    Field { rules: "chandragupta", ..two_armies(vec![el], vec![unit("foot", "MI", "", 4, 6, 5, "", "0705", "W")]) }
}

fn bow(unit: &str, target: &str) -> Command {
    Command::FireBow { unit: unit.into(), target: target.into() }
}

fn volleys(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::MissileFired { .. } | Event::ScreenFired { .. } | Event::BowFired { .. }))
        .cloned()
        .collect()
}

#[test]
fn g52_a_ja_elephant_fires_its_bow_by_order_on_the_mounted_bow_line_from_its_own_supply() {
    // Range 2: the mounted bow's strength is 3 (the javelins' only 2). A 9 hits nothing and
    // leaves the bow Low (8.19(1)); the javelins keep their supply.
    let (mut game, _) = bow_field(true).start(&[3, 9]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, bow("el", "foot"));
    assert_eq!(
        volleys(&events),
        vec![Event::BowFired {
            unit: "el".into(),
            target: "foot".into(),
            range: 2,
            strength: 3,
            drm: 0,
            hits: 1,
            supply: Supply::Full,
        }]
    );
    assert_eq!(game.state.units[1].hits, 1);
    // One volley per orders phase, with one weapon (G52): the javelins may not follow.
    let refused = game.execute(&fire("el", "foot")).unwrap_err();
    assert!(refused.to_string().contains("8.1"), "{refused}");
    assert!(game.execute(&bow("el", "foot")).is_err());
}

#[test]
fn g52_the_bow_runs_low_on_its_own_die_and_not_the_javelins() {
    let (mut game, _) = bow_field(true).start(&[9]);
    ok(&mut game, activate("hero"));
    ok(&mut game, bow("el", "foot"));
    assert_eq!((game.state.units[0].screen_supply, game.state.units[0].supply), (Supply::Low, Supply::Full));
}

#[test]
fn g52_or_it_throws_its_javelins_and_then_may_not_shoot_the_bow() {
    let (mut game, _) = bow_field(true).start(&[1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("el", "foot"));
    assert!(matches!(volleys(&events)[..], [Event::MissileFired { strength: 2, range: 2, reaction: None, .. }]));
    let refused = game.execute(&bow("el", "foot")).unwrap_err();
    assert!(refused.to_string().contains("G52"), "{refused}");
}

#[test]
fn g52_the_bow_shoots_when_the_javelins_are_spent() {
    let (mut game, _) = bow_field(true).start(&[2]);
    game.state.units[0].supply = Supply::No;
    ok(&mut game, activate("hero"));
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert!(legal.contains(&bow("el", "foot")));
    assert!(!legal.contains(&fire("el", "foot")));
    ok(&mut game, bow("el", "foot"));
    // And the other way round: the bow out of arrows, the javelins alone.
    let (mut game, _) = bow_field(true).start(&[]);
    game.state.units[0].screen_supply = Supply::No;
    ok(&mut game, activate("hero"));
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert!(!legal.contains(&bow("el", "foot")) && legal.contains(&fire("el", "foot")));
}

#[test]
fn g52_a_ja_elephants_screen_never_fires_under_orders_10_11() {
    let (mut game, _) = bow_field(false).start(&[]);
    ok(&mut game, activate("hero"));
    assert!(!sarissa_rules::play::legal::legal_commands(&game).iter().any(|c| matches!(c, Command::FireBow { .. })));
    let refused = game.execute(&bow("el", "foot")).unwrap_err();
    assert!(refused.to_string().contains("G52"), "{refused}");
}

#[test]
fn cg_10_12_g52_entry_reaction_fire_looses_both_javelins_and_bow() {
    // Blue's foot comes up beside red's elephant: the javelins (strength 4 at range 1) roll 5, no
    // hit; the bow (the mounted bow's 4 at range 1, not the screen's 3) rolls 4: a hit.
    let f = Field {
        rules: "chandragupta",
        ..two_armies(
            vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")],
            vec![unit("el", "EL", "", 4, 6, 5, "J", "0805", "W").replace(" }", ", bow = true }")],
        )
    };
    let (mut game, _) = f.start(&[5, 4]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(matches!(&game.state.phase, Phase::Reaction { firers, .. } if firers == &vec!["el".to_string()]));
    let events = ok(&mut game, fire("el", "foot"));
    let shots: Vec<(bool, u8, u8)> = volleys(&events)
        .iter()
        .map(|e| match e {
            Event::MissileFired { strength, hits, .. } => (false, *strength, *hits),
            Event::ScreenFired { strength, hits, .. } => (true, *strength, *hits),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(shots, vec![(false, 4, 0), (true, 4, 1)]);
}

#[test]
fn g52_notation_fire_with_bow() {
    let c = notation::parse("fire el at foot with bow").unwrap().unwrap();
    assert_eq!(c, bow("el", "foot"));
    assert_eq!(notation::format(&c), "fire el at foot with bow");
}

#[test]
fn g52_the_bow_key_belongs_to_chandragupta_elephants() {
    let mut f = bow_field(true);
    f.rules = "alexander";
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("G52"), "{err}");
    let f = Field {
        rules: "chandragupta",
        ..two_armies(
            vec![unit("lc", "LC", "A", 4, 6, 7, "A", "0505", "E").replace(" }", ", bow = true }")],
            vec![unit("foot", "MI", "", 4, 6, 5, "", "0705", "W")],
        )
    };
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("G52"), "{err}");
}
