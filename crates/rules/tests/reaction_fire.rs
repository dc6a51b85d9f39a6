//! Reaction fire (GBA 8.2): at a unit entering a missile unit's ZOC (8.21), leaving it (8.22),
//! and back at a unit that fired (8.23), with loaded dice.

mod common;
use common::*;
use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::combat::missile::Supply;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;

/// Red archer foot at 0805 facing west: its ZOC takes in 0705.
fn red_bows(facing: &str) -> String {
    unit("bows", "LI", "A", 3, 5, 5, "A", "0805", facing)
}

fn firers(game: &sarissa_rules::Game) -> (Vec<String>, Option<ReactionFire>) {
    match &game.state.phase {
        Phase::Reaction { firers, fire_kind, .. } => (firers.clone(), Some(*fire_kind)),
        _ => (Vec::new(), None),
    }
}

fn reaction_volley(events: &[Event]) -> Option<(u8, u8, Option<ReactionFire>)> {
    events.iter().find_map(|e| match e {
        Event::MissileFired { range, hits, reaction, .. } => Some((*range, *hits, *reaction)),
        _ => None,
    })
}

#[test]
fn a_unit_entering_an_archers_zoc_is_fired_at_range_1_before_anything_else_gba_8_21() {
    for (roll, hits) in [(1u8, 1u8), (8, 0)] {
        let blue = vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")];
        let (mut game, _) = two_armies(blue, vec![red_bows("W")]).start(&[roll]);
        ok(&mut game, activate("hero"));
        let events = ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::UnitMoved { placement: Placement::One(at), .. } if *at == h("0705"))));
        assert_eq!(firers(&game), (vec!["bows".to_string()], Some(ReactionFire::Entry)));
        assert_eq!(game.decider(), Some(1), "the reacting side decides");
        assert!(legal_commands(&game).contains(&fire("bows", "foot")));
        // Only at the unit that came up.
        assert!(game.execute(&fire("bows", "hero")).is_err());
        let events = ok(&mut game, fire("bows", "foot"));
        assert_eq!(reaction_volley(&events), Some((1, hits, Some(ReactionFire::Entry))), "{events:?}");
        assert_eq!(game.state.units[0].hits, hits);
        // Reaction fire is no order, and it does not stop the reacting unit firing later (8.24).
        assert!(!game.state.units[1].fired);
        // It may still turn to face; declined, the orders phase is back, the mover stopped in
        // the ZOC.
        assert!(
            matches!(&game.state.phase, Phase::Reaction { reactors, firers, .. } if firers.is_empty() && reactors.len() == 1)
        );
        ok(&mut game, Command::EndReaction);
        assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
    }
}

#[test]
fn entry_fire_may_be_declined_and_needs_missiles_gba_8_24() {
    let blue = vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")];
    let (mut game, _) = two_armies(blue.clone(), vec![red_bows("W")]).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    let events = ok(&mut game, Command::EndReaction);
    assert!(reaction_volley(&events).is_none());
    assert!(matches!(game.state.phase, Phase::Orders { .. }));

    // Out of missiles: no reaction fire (8.24).
    let (mut game, _) = two_armies(blue, vec![red_bows("W")]).start(&[]);
    game.state.units[1].supply = Supply::No;
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(firers(&game).0.is_empty(), "{:?}", game.state.phase);
}

#[test]
fn a_unit_that_turned_to_face_the_mover_may_then_fire_at_it_gba_8_21() {
    // The archers face north-east: 0705 is on their flank, outside their ZOC.
    let blue = vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")];
    // Reaction facing: TQ check 3 + MA difference 0 - TQ 5 → at least one hit; then the volley, 1.
    let (mut game, _) = two_armies(blue, vec![red_bows("NE")]).start(&[3, 1]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    let (before, _) = firers(&game);
    assert!(before.is_empty(), "not in its ZOC yet: {before:?}");
    let turn = match &game.state.phase {
        Phase::Reaction { reactors, .. } => {
            assert_eq!(reactors, &vec!["bows".to_string()]);
            sarissa_rules::movement::reaction::reaction_options(
                &game.state.units[1].placement,
                game.state.units[1].facing,
            )
        }
        other => panic!("{other:?}"),
    };
    // Whichever turn puts the mover in its front.
    let facing = turn
        .into_iter()
        .find(|&f| {
            sarissa_rules::map::facing::arc_of(&game.state.units[1].placement, f, h("0705"))
                == Some(sarissa_rules::map::facing::Arc::Front)
        })
        .expect("one of the two turns faces the mover");
    let events = ok(&mut game, Command::ReactFacing { unit: "bows".into(), facing });
    assert!(events.contains(&Event::ReactionFireOffered { unit: "bows".into() }), "{events:?}");
    let events = ok(&mut game, fire("bows", "foot"));
    assert_eq!(reaction_volley(&events), Some((1, 1, Some(ReactionFire::Entry))));
}

#[test]
fn a_unit_leaving_an_archers_zoc_is_fired_at_range_2_before_it_moves_gba_8_22() {
    // Blue stands in the archers' ZOC with its back to them and walks away west.
    let blue = vec![unit("foot", "MI", "", 4, 6, 5, "", "0705", "W")];
    let (mut game, _) = two_armies(blue, vec![red_bows("W")]).start(&[2]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("foot", &["0605", "0505"], Vertex::W));
    // Not moved yet: the order is given, the move waits for the fire.
    assert!(
        events.iter().any(|e| matches!(e, Event::UnitMoved { path, placement: Placement::One(at), .. } if path.is_empty() && *at == h("0705"))),
        "{events:?}"
    );
    assert_eq!(firers(&game), (vec!["bows".to_string()], Some(ReactionFire::Retire)));
    let events = ok(&mut game, fire("bows", "foot"));
    // Range 2 for a foot bow: strength 3; 2 hits it (8.22).
    assert_eq!(reaction_volley(&events), Some((2, 1, Some(ReactionFire::Retire))), "{events:?}");
    assert!(events.contains(&Event::CohesionHits { unit: "foot".into(), hits: 1, cause: HitCause::Missile }));
    // The move then goes on, its fire taken.
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::MoveContinued { placement: Placement::One(at), .. } if *at == h("0505"))),
        "{events:?}"
    );
    assert_eq!(game.state.units[0].placement, Placement::One(h("0505")));
}

#[test]
fn a_retiring_unit_whose_hits_reach_its_tq_routs_instead_of_moving_gba_8_22_10_21() {
    let blue = vec![unit("foot", "MI", "", 4, 6, 5, "", "0705", "W")];
    let (mut game, _) = two_armies(blue, vec![red_bows("W")]).start(&[2]);
    game.state.units[0].hits = 5;
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0605", "0505"], Vertex::W));
    let mut events = ok(&mut game, fire("bows", "foot"));
    events.extend(rout_first(&mut game));
    assert!(!events.iter().any(|e| matches!(e, Event::MoveContinued { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "foot")), "{events:?}");
}

#[test]
fn javelins_reach_one_hex_and_cannot_fire_at_a_retiring_unit_gba_8_22() {
    // Horse (MA 7) may leave the javelin men's ZOC (7.23).
    let blue = vec![unit("horse", "HC", "", 4, 6, 7, "", "0705", "W")];
    let red = vec![unit("darts", "LI", "J", 3, 5, 5, "J", "0805", "W")];
    let (mut game, _) = two_armies(blue, red).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("horse", &["0605", "0505"], Vertex::W));
    assert_eq!(game.state.units[0].placement, Placement::One(h("0505")), "{:?}", game.state.phase);
}

#[test]
fn a_unit_fired_on_may_fire_back_at_the_firer_gba_8_23() {
    // Blue archers at range 2 of red archers, each in the other's front.
    let blue = vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0605", "E")];
    // Blue's volley 9 (miss, Low); red's return 1 (+2 at skirmishers: 3, a hit at strength 3).
    let (mut game, _) = two_armies(blue, vec![red_bows("W")]).start(&[9, 1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("cretans", "bows"));
    assert_eq!(reaction_volley(&events), Some((2, 0, None)));
    assert_eq!(firers(&game), (vec!["bows".to_string()], Some(ReactionFire::Return)));
    assert_eq!(game.decider(), Some(1));
    let events = ok(&mut game, fire("bows", "cretans"));
    assert_eq!(reaction_volley(&events), Some((2, 1, Some(ReactionFire::Return))), "{events:?}");
    assert_eq!(game.state.units[0].hits, 1);
    // Then the orders phase goes on.
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn no_return_fire_from_a_target_about_to_rout_or_out_of_reach_gba_8_23() {
    // About to rout: its hits reach its TQ.
    let blue = vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0605", "E")];
    let (mut game, _) = two_armies(blue.clone(), vec![red_bows("W")]).start(&[1]);
    game.state.units[1].hits = 4;
    ok(&mut game, activate("hero"));
    ok(&mut game, fire("cretans", "bows"));
    assert!(!matches!(game.state.phase, Phase::Reaction { .. }), "{:?}", game.state.phase);

    // Facing away: the firer is outside its arc.
    let (mut game, _) = two_armies(blue, vec![red_bows("E")]).start(&[9]);
    ok(&mut game, activate("hero"));
    ok(&mut game, fire("cretans", "bows"));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn no_return_fire_at_a_unit_already_met_with_entry_fire_gba_8_23() {
    // Blue skirmisher archers walk up to the red archers (entry fire, a miss: 9), then shoot
    // (move and fire toward the target, 8.11): 9 again. Red may not fire back.
    let blue = vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0405", "E")];
    let (mut game, _) = two_armies(blue, vec![red_bows("W")]).start(&[9, 9]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("cretans", &["0505", "0605", "0705"], Vertex::E));
    assert_eq!(firers(&game).0, vec!["bows".to_string()]);
    ok(&mut game, fire("bows", "cretans"));
    assert_eq!(game.state.units[1].entry_volleys, vec!["cretans".to_string()]);
    ok(&mut game, Command::EndReaction);
    ok(&mut game, fire("cretans", "bows"));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}
