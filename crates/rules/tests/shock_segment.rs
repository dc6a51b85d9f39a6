//! The shock segment in play (GBA 7.31–7.33, 9.0–9.18), with loaded dice.

mod common;
use common::*;
use sarissa_rules::combat::shock::resolve;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;

/// Blue's hypaspists (one-hex HI) march east from 0305; red's MI waits at 0605 facing W.
fn field(red: Vec<String>, blue_extra: Vec<String>) -> Field {
    let mut blue = vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")];
    blue.extend(blue_extra);
    Field {
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

/// The other side lets the move pass (no reaction facing).
fn let_pass(game: &mut sarissa_rules::Game) {
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(game, Command::EndReaction);
    }
}

/// The attacker keeps the facing of every unit that advanced (GBA 9.32).
fn keep_facings(game: &mut sarissa_rules::Game) {
    while let Phase::AdvanceTurn { unit, .. } = &game.state.phase {
        let facing = game.state.units.iter().zip(&game.scenario.units).find(|(_, u)| &u.id == unit).unwrap().0.facing;
        ok(game, Command::TurnAfterAdvance { unit: unit.clone(), facing });
    }
}

fn shock(attackers: &[&str]) -> Command {
    Command::Shock { attackers: attackers.iter().map(|a| a.to_string()).collect() }
}

#[test]
fn heavy_infantry_that_moved_up_must_attack_when_the_orders_end_gba_7_31_9_0() {
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")], vec![]).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    let_pass(&mut game);
    let events = ok(&mut game, Command::EndOrders);
    assert!(
        events.contains(&Event::ShockSegmentBegan {
            leader: "hero".into(),
            must: vec!["hyp".into()],
            optional: vec![]
        }),
        "{events:?}"
    );
    assert!(matches!(game.state.phase, Phase::Shock { .. }));
    assert_eq!(game.decider(), Some(0), "the attacker decides");
    assert!(game.execute(&Command::EndOrders).is_err(), "the shocks come first (9.0)");
}

#[test]
fn the_engine_applies_exactly_what_the_combat_resolver_gives_gba_9_13_9_16() {
    for dice in [[0u8, 0, 0, 9, 9, 9, 9, 9], [9, 9, 9, 0, 0, 0, 0, 0], [4, 5, 6, 7, 3, 2, 1, 0]] {
        let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")], vec![]).start(&dice);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
        let_pass(&mut game);
        ok(&mut game, Command::EndOrders);
        let preview = sarissa_rules::combat::shock_segment::preview(&game.scenario, &game.state, &[]);
        assert_eq!(preview.len(), 1);
        let mut it = dice.iter().copied();
        let expected = resolve(&preview[0].1, &mut || it.next().unwrap()).unwrap();
        let mut events = ok(&mut game, shock(&[]));
        events.extend(rout_first(&mut game));
        assert!(events.iter().any(|e| matches!(e, Event::ShockResolved { column, .. } if *column == expected.column)));
        let rolls = events.iter().filter(|e| matches!(e, Event::DieRolled { .. })).count();
        assert!(rolls >= expected.dice_used, "every die of the combat is an event");
        for (unit, out) in [(0usize, &expected.attackers[0]), (1, &expected.defenders[0])] {
            let st = &game.state.units[unit];
            if out.routed || out.final_hits >= game.scenario.units[unit].tq {
                assert!(st.routed || st.eliminated, "{dice:?}: unit {unit} should have routed: {events:?}");
            } else {
                assert_eq!(st.hits, out.final_hits, "{dice:?}: unit {unit}: {events:?}");
            }
        }
        // Then the leader's momentum, as after any orders phase (5.3).
        keep_facings(&mut game);
        assert!(
            matches!(game.state.phase, Phase::Momentum { .. } | Phase::Activation { .. }),
            "{:?}",
            game.state.phase
        );
    }
}

#[test]
fn units_in_range_that_did_not_move_may_attack_without_the_check_gba_7_33() {
    // Blue's MI already stands beside red: optional, no check. Not chosen: no combat.
    let extra = vec![unit("mi", "MI", "", 4, 5, 5, "", "0505", "E")];
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")], extra).start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, Command::EndOrders);
    assert!(
        events.contains(&Event::ShockSegmentBegan { leader: "hero".into(), must: vec![], optional: vec!["mi".into()] }),
        "{events:?}"
    );
    let cands = sarissa_rules::combat::shock_segment::candidates(&game.scenario, &game.state);
    assert!(cands.iter().all(|c| !c.check), "{cands:?}");
    let mut events = ok(&mut game, shock(&[]));
    events.extend(rout_first(&mut game));
    assert!(!events.iter().any(|e| matches!(e, Event::ShockResolved { .. })), "{events:?}");
}

#[test]
fn attackers_sharing_a_defender_fight_one_combat_gba_9_12() {
    let extra = vec![unit("mi", "MI", "", 4, 5, 5, "", "0506", "NE")];
    let (game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")], extra).start(&[]);
    let mut game = game;
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    ok(&mut game, Command::EndOrders);
    let preview = sarissa_rules::combat::shock_segment::preview(&game.scenario, &game.state, &["mi".to_string()]);
    assert_eq!(preview.len(), 1, "{preview:?}");
    assert_eq!(preview[0].0.attackers.len(), 2);
    assert_eq!(preview[0].1.attackers.iter().filter(|f| f.moved).count(), 1, "only the mover checks");
}

#[test]
fn the_attacker_advances_into_the_hex_the_routed_defender_left_gba_9_31() {
    let mut advanced = 0;
    for first in 0..10u8 {
        let dice = [first, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0];
        let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")], vec![]).start(&dice);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
        let_pass(&mut game);
        ok(&mut game, Command::EndOrders);
        let mut events = ok(&mut game, shock(&[]));
        events.extend(rout_first(&mut game));
        let red = &game.state.units[1];
        let gone = red.eliminated || red.placement != sarissa_rules::scenario::units::Placement::One(h("0605"));
        let hyp = &game.state.units[0];
        if gone && !hyp.routed && !hyp.eliminated {
            assert!(
                events.contains(&Event::UnitAdvanced { unit: "hyp".into(), from: h("0505"), to: h("0605") }),
                "{events:?}"
            );
            assert_eq!(hyp.placement, sarissa_rules::scenario::units::Placement::One(h("0605")));
            advanced += 1;
        } else {
            assert!(!events.iter().any(|e| matches!(e, Event::UnitAdvanced { .. })), "{events:?}");
        }
    }
    assert!(advanced > 0, "some of these rolls rout the defender");
}

#[test]
fn a_unit_that_advances_beside_enemy_archers_may_be_turned_to_and_shot_at_but_not_withdrawn_from_gba_9_35() {
    let mut seen = 0;
    for first in 0..10u8 {
        let dice = [first, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        // Red archers at 0705 face west: the hex the red foot holds is in their zone.
        let red =
            vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W"), unit("bows", "LI", "A", 3, 5, 5, "A", "0705", "W")];
        let (mut game, _) = field(red, vec![]).start(&dice);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
        let_pass(&mut game);
        ok(&mut game, Command::EndOrders);
        let mut events = ok(&mut game, shock(&[]));
        events.extend(rout_first(&mut game));
        if !events.iter().any(|e| matches!(e, Event::UnitAdvanced { unit, .. } if unit == "hyp")) {
            assert!(!matches!(game.state.phase, Phase::Reaction { .. }), "no advance, no reaction");
            continue;
        }
        seen += 1;
        keep_facings(&mut game);
        match &game.state.phase {
            Phase::Reaction { mover, firers, withdrawers, after_shock, .. } => {
                assert_eq!(mover, "hyp");
                assert_eq!(firers, &vec!["bows".to_string()]);
                assert!(withdrawers.is_empty(), "no withdrawal from an advance (9.35)");
                assert_eq!(after_shock.as_ref().map(|a| a.leader.as_str()), Some("hero"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(game.decider(), Some(1));
        let events = ok(&mut game, fire("bows", "hyp"));
        assert!(events.iter().any(|e| matches!(e, Event::MissileFired { reaction: Some(_), .. })), "{events:?}");
        ok(&mut game, Command::EndReaction);
        // Then the active leader's orders phase ends as usual: momentum, or the next leader.
        assert!(
            matches!(game.state.phase, Phase::Momentum { .. } | Phase::Activation { .. }),
            "{:?}",
            game.state.phase
        );
    }
    assert!(seen > 0, "some of these rolls rout the defender");
}

#[test]
fn every_combat_strikes_before_any_routs_then_the_advances_gba_9_0_9_18_p40() {
    // Two combats side by side: blue's two hypaspists each march onto a red MI.
    let blue2 = vec![unit("hyp2", "HI", "HY", 5, 6, 5, "", "0308", "E")];
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W"), unit("red2", "MI", "", 4, 5, 5, "", "0608", "W")];
    let (mut game, _) = field(red, blue2).start(&[0, 0, 9, 0, 0, 9, 0, 0, 0, 0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    let_pass(&mut game);
    ok(&mut game, mv("hyp2", &["0408", "0508"], Vertex::E));
    let_pass(&mut game);
    ok(&mut game, Command::EndOrders);
    let mut events = ok(&mut game, shock(&[]));
    events.extend(rout_first(&mut game));
    strikes_then_routs_then_advances(&events, 2);
}

/// Blue's MI at 0505 (facing E) strikes red's MI at 0605 through its flank (red faces SW);
/// `threat` stands in blue's flank hex 0506, facing NE so that 0505 is in its front.
fn flank_field(threat_kind: &str) -> Field {
    let missile = if threat_kind == "SK" { "J" } else { "" };
    Field {
        units: [
            vec![unit("mi", "MI", "", 4, 5, 5, "", "0505", "E")],
            vec![
                unit("red", "MI", "", 4, 5, 5, "", "0605", "SW"),
                unit("threat", threat_kind, "", if threat_kind == "SK" { 1 } else { 4 }, 5, 5, missile, "0506", "NE"),
            ],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0201")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn superiority_line(events: &[Event]) -> String {
    events
        .iter()
        .find_map(|e| match e {
            Event::ShockResolved { lines, .. } => lines.iter().find(|l| l.starts_with("superiority")).cloned(),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn an_enemy_in_the_attackers_flank_denies_position_superiority_though_not_attacked_gba_9_16_r5() {
    let (mut game, _) = flank_field("MI").start(&[5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, shock(&["mi"]));
    let resolved: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::ShockResolved { .. })).collect();
    assert_eq!(resolved.len(), 1, "only red is attacked: {events:?}");
    assert!(
        matches!(resolved[0], Event::ShockResolved { defenders, .. } if defenders == &vec!["red".to_string()]),
        "{events:?}"
    );
    // Struck through the flank, but from the ZOC of the MI beside it: the weapon systems decide.
    assert_eq!(superiority_line(&events), "superiority: Neither (GBA 9.16(B), CG 9.17[1])", "{events:?}");
}

#[test]
fn a_skirmisher_in_the_attackers_flank_leaves_position_superiority_gba_9_16_r5() {
    let (mut game, _) = flank_field("SK").start(&[5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, shock(&["mi"]));
    assert_eq!(superiority_line(&events), "superiority: Attacker (GBA 9.16(A), CG 9.17[1])", "{events:?}");
}

/// Blue's javelin-armed peltasts (LP, no class) at 0505 attack red's MI at 0605.
fn peltasts() -> Field {
    Field {
        units: [
            vec![unit("lp", "LP", "", 3, 5, 6, "J", "0505", "E")],
            vec![unit("red", "MI", "", 4, 2, 5, "", "0605", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0201")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

#[test]
fn javelin_armed_peltasts_spend_their_javelins_when_the_combat_is_over_after_its_routs_gba_8_17_r7() {
    let (mut game, _) = peltasts().start(&[9; 8]);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    let mut events = ok(&mut game, shock(&["lp"]));
    events.extend(rout_first(&mut game));
    let at = |p: &dyn Fn(&Event) -> bool| events.iter().position(p).unwrap_or_else(|| panic!("{events:?}"));
    let routed = at(&|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "red"));
    let spent = events
        .iter()
        .position(|e| {
            *e == Event::SupplyChanged {
                unit: "lp".into(),
                supply: sarissa_rules::combat::missile::Supply::No,
                rule: "8.17".into(),
            }
        })
        .unwrap_or_else(|| panic!("an LP with javelins, class or none, spends them: {events:?}"));
    let advanced = at(&|e| matches!(e, Event::UnitAdvanced { unit, .. } if unit == "lp"));
    // Missile No once the combat is over: after the rout it caused, before the advance.
    assert!(routed < spent && spent < advanced, "{events:?}");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::SupplyChanged { .. })).count(), 1, "{events:?}");
}

#[test]
fn javelin_peltasts_that_are_missile_no_lose_defence_superiority_against_light_cavalry_gba_9_16() {
    // GBA 9.16(B) exception: "J Class LI and LP that are Missile No" are not Defense Superior
    // against attacking LC. Red's peltasts carry javelins as their missile and no class (the
    // format gives javelin LP none): the exception goes by the javelins, not the class.
    use sarissa_rules::combat::missile::Supply;
    let field = Field {
        units: [
            vec![unit("lc", "LC", "", 3, 6, 8, "", "0305", "E")],
            vec![unit("pel", "LP", "", 4, 6, 6, "J", "0605", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let charge = |supply: Supply| {
        let (mut game, _) = field.start(&[0, 0, 5]);
        let pel = idx(&game, "pel");
        game.state.units[pel].supply = supply;
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("lc", &["0405", "0505"], Vertex::E));
        let_pass(&mut game);
        ok(&mut game, Command::EndOrders);
        ok(&mut game, shock(&["lc"]))
    };
    let resolved = |superiority: &str, result: &str| Event::ShockResolved {
        attackers: vec!["lc".into()],
        defenders: vec!["pel".into()],
        column: Some(7),
        lines: [
            "charge check: 0+0 against TQ 6, 0 hit(s) (GBA 9.13, CG 9.14)",
            "charge check: 0+0 against TQ 6, 0 hit(s) (GBA 9.13, CG 9.14)",
            "clash of spears through the Front: column 7 (GBA 9.15, CG 9.16)",
            superiority,
            "size 3 against 4: +0 columns (GBA 9.16 step 2, CG 9.17[2])",
            "column 7 (GBA 9.16 step 3, CG 9.17[3])",
            "roll 5, charisma +0/+0: row 5 (GBA 9.16 step 3, CG 9.17[3])",
            result,
        ]
        .map(String::from)
        .to_vec(),
    };
    let rolled = |roll| Event::DieRolled { roll, purpose: sarissa_rules::game::RollPurpose::Shock { combat: 0 } };
    // Javelins thrown (Missile No): no superiority, 2 hits each.
    assert_eq!(
        charge(Supply::No),
        vec![
            Event::ShockDesignated { leader: "hero".into(), attackers: vec!["lc".into()] },
            rolled(0),
            rolled(0),
            rolled(5),
            resolved("superiority: Neither (GBA 9.16(B))", "result 2(2) (GBA 9.54, CG 9.44)"),
            Event::CohesionHits { unit: "lc".into(), hits: 2, cause: sarissa_rules::game::HitCause::Shock },
            Event::CohesionHits { unit: "pel".into(), hits: 2, cause: sarissa_rules::game::HitCause::Shock },
            Event::ShockSegmentEnded { leader: "hero".into() },
            Event::MomentumOffered { leader: "hero".into() },
        ]
    );
    // With javelins in hand the peltasts are Defense Superior as the chart has it.
    let events = charge(Supply::Full);
    assert!(
        events.iter().any(|e| matches!(e, Event::ShockResolved { lines, .. }
            if lines[3] == "superiority: Defender (GBA 9.16(B), CG 9.17[1])")),
        "{events:?}"
    );
}
