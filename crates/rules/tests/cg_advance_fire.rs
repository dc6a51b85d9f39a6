//! CG 9.21: the entry fire an advancing unit meets never routs it (P142).

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;

#[test]
fn cg_9_21_entry_fire_at_an_advancing_unit_leaves_it_at_tq_less_1() {
    // Blue's foot breaks red's at 0605; red's archers at 0705 face west over it.
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W"), unit("bows", "LI", "", 3, 5, 5, "A", "0705", "W")];
    let f = Field {
        rules: "chandragupta",
        units: [vec![unit("blue", "HI", "", 5, 6, 5, "", "0305", "E")], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[0, 9, 9, 0, 0, 0, 0, 0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    end_orders(&mut game);
    ok(&mut game, Command::Shock { attackers: vec![] });
    let events = rout_first(&mut game);
    assert!(events.contains(&Event::UnitAdvanced { unit: "blue".into(), from: h("0505"), to: h("0605") }));
    let events = ok(&mut game, Command::TurnAfterAdvance { unit: "blue".into(), facing: Vertex::E });
    assert!(matches!(events.last(), Some(Event::ReactionOffered { mover, firers, after_shock: Some(_), .. })
        if mover == "blue" && firers == &vec!["bows".to_string()]));
    // One hit short of its TQ of 6: the archers' hit (a 0) would break it anywhere else.
    game.state.units[0].hits = 5;
    let events = ok(&mut game, fire("bows", "blue"));
    assert!(
        matches!(&events[1], Event::MissileFired { hit: true, hits: 0, .. }),
        "the volley hits but takes it no further than TQ - 1: {events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. } | Event::UnitRouted { .. })));
    assert_eq!(game.state.units[0].hits, 5);
    assert!(!game.state.units[0].routed);
}
