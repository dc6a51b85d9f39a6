//! Where the Chandragupta rules part from the Alexander ones in the game flow (CG digest §6,
//! D15–D41), with loaded dice on a `rules = "chandragupta"` field.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::formation_reach;
use sarissa_rules::scenario::units::Placement;

fn cg(units: [Vec<String>; 2], leaders: [Vec<String>; 2]) -> Field {
    Field { rules: "chandragupta", units, leaders, ..Field::default() }
}

fn hero_and_foe() -> [Vec<String>; 2] {
    [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]]
}

fn hits(events: &[Event]) -> Vec<(u8, HitCause)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { hits, cause, .. } => Some((*hits, cause.clone())),
            _ => None,
        })
        .collect()
}

fn rolled(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::DieRolled { .. }))
}

#[test]
fn lone_leaders_meeting_do_not_fight_cg_d15_gba_4_63() {
    // The GBA duel field of leader_casualties.rs: in CG no dice, no casualty.
    let f = cg(
        [vec![unit("b", "MI", "", 4, 5, 5, "", "0209", "E")], vec![unit("r", "MI", "", 4, 5, 5, "", "1209", "W")]],
        [vec![leader("chandra", "overall", 2, 6, "0205")], vec![leader("seleucus", "overall", 6, 6, "0505")]],
    );
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("chandra"));
    let events = ok(&mut game, Command::MoveLeader { leader: "chandra".into(), path: vec![h("0305"), h("0405")] });
    assert!(!rolled(&events), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::LeaderCasualty { .. })), "{events:?}");
}

#[test]
fn leaders_in_a_shock_have_no_personal_combat_rating_cg_d15_gba_9_2() {
    let f = cg(
        [vec![unit("b", "MI", "", 4, 5, 5, "", "0405", "E")], vec![unit("r", "MI", "", 4, 5, 5, "", "0505", "W")]],
        [vec![leader("chandra", "overall", 2, 6, "0405")], vec![leader("seleucus", "overall", 6, 6, "0505")]],
    );
    let (game, _) = f.start(&[]);
    for (unit, leader) in [(0usize, 0usize), (1, 1)] {
        let (l, rated) =
            sarissa_rules::combat::shock_segment::side_leader(&game.scenario, &game.state, &[unit]).unwrap();
        assert_eq!((l, rated.personal_combat), (leader, None));
    }
    // The same leaders under the Alexander rules keep theirs.
    let gba = Field { rules: "alexander", ..f };
    let (game, _) = gba.start(&[]);
    let (_, rated) = sarissa_rules::combat::shock_segment::side_leader(&game.scenario, &game.state, &[0]).unwrap();
    assert_eq!(rated.personal_combat, Some(3));
}

#[test]
fn w7_tied_initiatives_always_roll_high_roller_first_then_alternate_cg_5_12_d16() {
    // Patrocles 5 (Greek, the "Macedonian" side of the file) and Vidudhaba 5: in GBA the
    // non-Macedonian would simply go first; in CG a die roll decides, blue 3, red 7: red first.
    let f = cg(
        [vec![unit("g", "HC", "", 3, 7, 7, "", "0205", "E")], vec![unit("m", "HC", "", 3, 6, 7, "", "1005", "W")]],
        [vec![leader("patrocles", "overall", 5, 6, "0205")], vec![leader("vidudhaba", "overall", 5, 4, "1005")]],
    );
    let (mut game, events) = f.start(&[3, 7]);
    let rolls = tie_rolls(&events);
    assert_eq!(rolls, [(0, 3), (1, 7)]);
    assert_eq!(offered(&game), ["vidudhaba"]);
    ok(&mut game, pass("vidudhaba"));
    assert_eq!(offered(&game), ["patrocles"]);
}

#[test]
fn a_moved_skirmisher_moving_again_takes_the_hit_cg_6_13_d22() {
    let f = cg(
        [
            vec![unit("c", "HC", "", 3, 7, 7, "", "0305", "E"), unit("s", "SK", "J", 1, 6, 6, "J", "0307", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
        ],
        [
            vec![leader("first", "subordinate", 2, 6, "0205"), leader("second", "overall", 3, 6, "0206")],
            vec![leader("foe", "overall", 6, 4, "1210")],
        ],
    );
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("first"));
    ok(&mut game, mv("s", &["0407"], Vertex::E));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("second"));
    let events = ok(&mut game, mv("s", &["0507"], Vertex::E));
    assert_eq!(hits(&events), [(1, HitCause::SecondMove)], "{events:?}");
}

/// One blue two-hex unit at 0505-0506 facing east, a red skirmisher at 0604 facing SW whose
/// front holds 0505.
fn wheel_field(kind: &str, class: &str) -> Field {
    cg(
        [
            vec![unit("block", kind, class, 10, 6, 4, "", "0505-0506", "E")],
            vec![unit("sk", "SK", "J", 1, 5, 6, "J", "0604", "SW")],
        ],
        [vec![leader("hero", "overall", 5, 6, "0405")], vec![leader("foe", "overall", 6, 4, "1210")]],
    )
}

#[test]
fn w10_wheeling_always_checks_even_against_skirmishers_and_pays_the_pivot_hit_cg_6_45_d30() {
    // Hoplites TQ 6: roll 8 → 1 pivot hit + 2; roll 3 → 1 + the minimum 1 (W10).
    for (roll, wheel) in [(8u8, 2u8), (3, 1)] {
        let (mut game, _) = wheel_field("HI", "HO").start(&[roll]);
        ok(&mut game, activate("hero"));
        let d = formation_reach(&game.scenario, &game.state, 0);
        let w = d.iter().find(|d| d.wheel).expect("a wheel is offered");
        assert_eq!(w.hits, 1, "one pivot hit");
        let events =
            ok(&mut game, Command::MoveTo { unit: "block".into(), to: w.placement, facing: w.facing, with: None });
        assert!(
            events.contains(&Event::CohesionHits { unit: "block".into(), hits: wheel, cause: HitCause::Wheel }),
            "roll {roll}: {events:?}"
        );
    }
}

#[test]
fn every_double_unit_pays_the_pivot_hit_cg_6_41_d29() {
    let mut f = wheel_field("PH", "");
    f.units[1] = vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")];
    let (game, _) = f.start(&[]);
    let swing = formation_reach(&game.scenario, &game.state, 0)
        .into_iter()
        .find(|d| d.is_at(&Placement::Two(h("0506"), h("0605"))) && d.facing == Vertex::SE);
    assert_eq!(swing.map(|d| d.hits), Some(1));
}

/// Blue's `mover` marches east along row 05 from 0305; red waits at 0805.
fn withdrawal_field(mover: String, red: String) -> Field {
    cg([vec![mover], vec![red]], hero_and_foe())
}

fn withdraw(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Withdraw { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, fire: false, with: None }
}

#[test]
fn a_withdrawing_skirmisher_makes_the_end_check_cg_6_63_d32() {
    for (roll, expected) in [(7u8, vec![(1u8, HitCause::WithdrawalCheck)]), (5, vec![])] {
        let (mut game, _) = withdrawal_field(
            unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
            unit("red", "SK", "A", 1, 5, 6, "A", "0805", "W"),
        )
        .start(&[roll]);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
        let events = ok(&mut game, withdraw("red", &["0905", "1005"], Vertex::W));
        assert!(rolled(&events), "{events:?}");
        assert_eq!(hits(&events), expected, "roll {roll}");
    }
}

#[test]
fn w13_foot_from_the_flank_three_hits_cavalry_two_cg_6_63_d32() {
    // LI TQ 5 from the flank, end roll 7: 1 before + 1 after + 1; cavalry TQ 5: 1 + 0 + 1.
    for (kind, missile, ma, expected) in [
        (
            "LI",
            "J",
            5,
            vec![(1, HitCause::WithdrawalApproach), (1, HitCause::Withdrawal), (1, HitCause::WithdrawalCheck)],
        ),
        ("LC", "J", 7, vec![(1, HitCause::WithdrawalApproach), (1, HitCause::WithdrawalCheck)]),
    ] {
        let (mut game, _) = withdrawal_field(
            unit("blue", "HI", "", 5, 6, 4, "", "0305", "E"),
            unit("red", kind, missile, 3, 5, ma, missile, "0805", "NE"),
        )
        .start(&[7]);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("blue", &["0405", "0505", "0605"], Vertex::E));
        let events = ok(&mut game, withdraw("red", &["0905"], Vertex::NE));
        assert_eq!(hits(&events), expected, "{kind}: {events:?}");
    }
}

/// Blue's MI (MA 5) marches east along row 05; red (MA 4) waits at 0704 facing W.
fn reaction_field(red: Vec<String>) -> Field {
    cg([vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")], red], hero_and_foe())
}

#[test]
fn reaction_facing_hits_are_the_roll_less_tq_without_the_ma_difference_cg_7_16_d41() {
    // TQ 5: roll 4 → no hit (GBA: 4 + 1 − 5, at least 1); roll 8 → 3 (GBA: 4).
    for (roll, expected) in [(4u8, vec![]), (8, vec![(3u8, HitCause::ReactionFacing)])] {
        let (mut game, _) = reaction_field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]).start(&[roll]);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
        let events = ok(&mut game, Command::ReactFacing { unit: "red".into(), facing: Vertex::SW });
        assert!(rolled(&events));
        assert_eq!(hits(&events), expected, "roll {roll}: {events:?}");
    }
}

#[test]
fn a_unit_that_began_the_phase_in_an_enemy_zoc_may_not_react_cg_7_16_d41() {
    // Nobody near red when the phase begins: it is not marked.
    let f = reaction_field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]);
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    assert!(!game.state.units[1].zoc_at_orders_start);
    // Set as if it had been: then blue's coming up offers red nothing.
    game.state.units[1].zoc_at_orders_start = true;
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    assert!(!matches!(&game.state.phase, Phase::Reaction { reactors, .. } if !reactors.is_empty()));
    assert_eq!(game.state.units[0].placement, Placement::One(h("0805")), "the move went on");

    let mut pinned = reaction_field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]);
    pinned.units[0].push(unit("pin", "MI", "", 4, 5, 5, "", "0604", "E"));
    let (mut game, _) = pinned.start(&[]);
    ok(&mut game, activate("hero"));
    // Red at 0704 stands in the front of blue's "pin" at 0604 facing E: marked.
    assert!(game.state.units[2].zoc_at_orders_start, "red stood in pin's front");
}

#[test]
fn a_double_unit_never_turns_in_reaction_cg_7_16_d41() {
    // Blue's hoplites come up into the rear of red's (facing E): GBA offers the reverse face
    // (7.17), CG nothing.
    for (rules, offered) in [("alexander", true), ("chandragupta", false)] {
        let f = Field {
            rules,
            ..cg(
                [
                    vec![unit("hoplites", "HI", "HO", 6, 6, 4, "", "0305-0306", "E")],
                    vec![unit("red", "HI", "HO", 6, 6, 4, "", "0705-0706", "E")],
                ],
                [vec![leader("alex", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 3, 4, "1210")]],
            )
        };
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("alex"));
        let to = Placement::Two(h("0605"), h("0606"));
        ok(&mut game, Command::MoveTo { unit: "hoplites".into(), to, facing: Vertex::E, with: None });
        let reacting = matches!(&game.state.phase, Phase::Reaction { reactors, .. } if !reactors.is_empty());
        assert_eq!(reacting, offered, "{rules}: {:?}", game.state.phase);
    }
}

#[test]
fn horse_archers_pin_in_chandragupta_cg_7_23_d42() {
    // GBA: a unit that never shocks pins nobody; CG has no such exception (and LC archers may
    // shock there anyway, D43).
    for (rules, pinned) in [("alexander", false), ("chandragupta", true)] {
        let f = Field {
            rules,
            ..cg(
                [
                    vec![unit("slow", "MI", "", 4, 5, 4, "", "0705", "E")],
                    vec![unit("ha", "LC", "A", 2, 5, 9, "A", "0805", "W")],
                ],
                hero_and_foe(),
            )
        };
        let (game, _) = f.start(&[]);
        let zoc = sarissa_rules::map::zoc::enemy_zoc(&game.scenario, &game.state, 0);
        let pinners = sarissa_rules::map::zoc::pinners(&game.scenario, &zoc, [h("0705")]);
        assert_eq!(pinners == vec![1], pinned, "{rules}: {pinners:?}");
    }
}

#[test]
fn skirmishers_out_of_missiles_keep_a_front_zoc_and_artillery_has_none_cg_7_21_d42() {
    for (rules, front_only) in [("alexander", false), ("chandragupta", true)] {
        let f = Field {
            rules,
            ..cg(
                [
                    vec![unit("sk", "SK", "J", 1, 5, 6, "J", "0505", "E")],
                    vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
                ],
                hero_and_foe(),
            )
        };
        let (mut game, _) = f.start(&[]);
        assert_eq!(sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0).len(), 4, "front and flanks");
        game.state.units[0].supply = sarissa_rules::combat::missile::Supply::No;
        let zoc = sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0);
        assert_eq!(zoc.len(), if front_only { 2 } else { 0 }, "{rules}: {zoc:?}");
    }
    let f = cg(
        [
            vec![unit("at", "AT", "", 1, 5, 2, "B", "0505", "E").replace(" }", ", engine = \"yantra\" }")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
        ],
        hero_and_foe(),
    );
    let (game, _) = f.start(&[]);
    assert!(sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0).is_empty());
}

#[test]
fn archer_foot_may_move_and_fire_long_bows_only_turn_and_fire_cg_8_11_d44() {
    use sarissa_rules::combat::fire::targets;
    let blue =
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0307", "E"), unit("long", "LI", "A", 3, 5, 5, "A*", "0305", "E")];
    // Foot too slow to withdraw from the archers (6.71): medes in range of both.
    let red = vec![unit("medes", "MI", "", 4, 5, 4, "", "0606", "W")];
    let (mut game, _) = cg([blue, red], hero_and_foe()).start(&[]);
    ok(&mut game, activate("hero"));
    // Archer foot step back (away from the target) and may still fire, as moving.
    ok(&mut game, mv("bows", &["0207"], Vertex::E));
    let t = targets(&game.scenario, &game.state, 0);
    assert!(t.iter().any(|t| t.unit == 2 && t.fire.moving), "{t:?}");
    // Long bows that only turn in place may fire; the GBA rule (archer foot move or fire) gone.
    ok(&mut game, mv("long", &[], Vertex::SE));
    assert!(!targets(&game.scenario, &game.state, 1).is_empty());

    // Long bows that move a hex may not fire.
    let blue = vec![unit("long", "LI", "A", 3, 5, 5, "A*", "0305", "E")];
    let red = vec![unit("medes", "MI", "", 4, 5, 4, "", "0606", "W")];
    let (mut game, _) = cg([blue, red], hero_and_foe()).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("long", &["0405"], Vertex::E));
    assert!(targets(&game.scenario, &game.state, 0).is_empty());
}

/// Thirty seeded random games on a Chandragupta field (the Samarkand ground and armies under
/// `rules = "chandragupta"`): every command the random player picks from the legal list is
/// accepted, and each game replays to the same state — the CG hooks above stay reachable and
/// consistent (D15–D44). The Sogdians' wing commander gives Wing Commands to his Nayakas in
/// some of them (CG 4.54, D12).
#[test]
fn random_games_on_a_chandragupta_field_run_clean_cg_d15_d44() {
    let text = include_str!("data/cg_field.toml");
    let scenario = std::sync::Arc::new(sarissa_rules::load("cg-field.toml", text).unwrap_or_else(|e| panic!("{e}")));
    let mut wing_commands = 0;
    for seed in 0..30u64 {
        let dice = || sarissa_rules::Dice::seeded(seed);
        let (mut game, _) = sarissa_rules::Game::new(scenario.clone(), dice()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        let mut played = Vec::new();
        for _ in 0..100 {
            let Some(c) = player.choose(&game) else { break };
            game.execute(&c).unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
            played.push(c);
        }
        assert!(played.len() > 20, "seed {seed}: only {} commands", played.len());
        wing_commands += played.iter().filter(|c| matches!(c, Command::WingCommand { .. })).count();
        let replayed = sarissa_rules::Game::replay(scenario.clone(), dice(), &played).unwrap();
        assert_eq!(replayed.state_hash(), game.state_hash(), "seed {seed}");
    }
    assert!(wing_commands > 0, "no random game gave a Wing Command");
}

/// A routed TQ 7 horse at 1005 and the initiative 4 leader at `leader_at` (W39).
fn cg_rally_field(dice: &[u8], leader_at: &str, terrain: Vec<(&'static str, char)>) -> sarissa_rules::Game {
    let f = Field {
        terrain,
        ..cg(
            [
                vec![unit("horse", "HC", "", 3, 7, 7, "", "1005", "E")],
                vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
            ],
            [vec![leader("hero", "overall", 4, 8, leader_at)], vec![leader("foe", "overall", 6, 4, "1210")]],
        )
    };
    let (mut game, _) = f.start(dice);
    game.state.units[0].routed = true;
    ok(&mut game, activate("hero"));
    game
}

fn cg_rally() -> Command {
    Command::Rally { unit: "horse".into(), facing: Vertex::W }
}

#[test]
fn w39_rally_on_initiative_plus_one_hits_half_the_tq_no_table_cg_11_33_11_34_d69() {
    // DR 5 ≤ 4 + 1: rallied with floor(7 / 2) = 3 hits, no second roll.
    let mut game = cg_rally_field(&[5], "0905", vec![]);
    let events = ok(&mut game, cg_rally());
    assert_eq!(events.iter().filter(|e| matches!(e, Event::DieRolled { .. })).count(), 1, "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::UnitRallied { hits: 3, .. })), "{events:?}");
    // DR 6: it rout-moves; DR 8 (over its TQ 7): eliminated.
    let mut game = cg_rally_field(&[6], "0905", vec![]);
    let mut events = ok(&mut game, cg_rally());
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { .. })), "{events:?}");
    let mut game = cg_rally_field(&[8], "0905", vec![]);
    let events = ok(&mut game, cg_rally());
    assert!(events.iter().any(|e| matches!(e, Event::UnitEliminated { .. })), "{events:?}");
}

#[test]
fn a_unit_stacked_with_the_leader_rallies_without_a_roll_anywhere_cg_11_33_d69() {
    // Stacked with him, in woods (GBA would refuse: not a 1-MP hex): no dice at all.
    let mut game = cg_rally_field(&[], "1005", vec![("1005", 'w')]);
    let events = ok(&mut game, cg_rally());
    assert!(!rolled(&events), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::UnitRallied { hits: 3, .. })), "{events:?}");
}

#[test]
fn w31_a_leader_in_a_shock_rolls_0_then_killed_over_his_initiative_else_wounded_cg_9_15_d54() {
    use sarissa_rules::charts::leaders::LeaderResult;
    use sarissa_rules::game::LeaderStatus;
    // Blue's MI beside red's, not moved: an optional attack with no pre-shock check. The
    // initiative 6 leader stacked with it rolls 0, then 7 (killed) or 6 (wounded, W31).
    for (second, result) in [(7u8, LeaderResult::Killed), (6, LeaderResult::Wounded)] {
        let f = cg(
            [
                vec![unit("mi", "MI", "", 4, 5, 5, "", "0505", "E")],
                vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")],
            ],
            [vec![leader("hero", "overall", 6, 8, "0505")], vec![leader("foe", "overall", 7, 4, "1210")]],
        );
        let (mut game, _) = f.start(&[0, second, 5, 5, 5, 5, 5, 5, 5, 5]);
        ok(&mut game, activate("hero"));
        ok(&mut game, Command::EndOrders);
        let events = ok(&mut game, Command::Shock { attackers: vec!["mi".into()] });
        assert!(
            events.iter().any(
                |e| matches!(e, Event::LeaderCasualty { leader, result: r, .. } if leader == "hero" && *r == result)
            ),
            "{events:?}"
        );
        let st = &game.state.leaders[0];
        if result == LeaderResult::Wounded {
            assert_eq!((st.wounds, st.status), (1, LeaderStatus::Finished));
            let r = sarissa_rules::command::orders::ratings(&game.scenario, &game.state, 0);
            assert_eq!(r.initiative, Some(5), "every rating one lower");
        } else {
            assert_eq!(st.status, LeaderStatus::Eliminated);
        }
    }
}

fn moved_mp(events: &[Event]) -> Option<u8> {
    events.iter().find_map(|e| match e {
        Event::UnitMoved { mp, .. } => Some(*mp),
        _ => None,
    })
}

#[test]
fn a_light_chariot_turns_at_1_mp_a_vertex_a_heavy_one_at_2_cg_7_12() {
    // CG 7.12 exc. 2 names heavy chariots only (P243, amending P61): two vertices in place cost
    // the light chariot 2 MP and the heavy one 4. The Alexander rules keep 2 for every chariot.
    let units = || {
        [
            vec![unit("ch", "CH", "", 5, 5, 6, "A", "0405", "E"), unit("chs", "CH*", "", 5, 6, 5, "J", "0407", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
        ]
    };
    let f = cg(units(), hero_and_foe());
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    assert_eq!(moved_mp(&ok(&mut game, mv("ch", &[], Vertex::SW))), Some(2));
    assert_eq!(moved_mp(&ok(&mut game, mv("chs", &[], Vertex::SW))), Some(4));
    let gba = Field { rules: "alexander", ..cg(units(), hero_and_foe()) };
    let (mut game, _) = gba.start(&[]);
    ok(&mut game, activate("hero"));
    assert_eq!(moved_mp(&ok(&mut game, mv("ch", &[], Vertex::SW))), Some(4));
}

/// A light chariot at `from` facing E drives along row 05 to 0505 (`path`), beside red horse
/// (TQ 6) at 0605; then the shock, the horse's pre-shock roll a 6.
fn chariot_charge(from: &str, path: &[&str]) -> Vec<String> {
    // Indian (Bharta) horse: not Greek, so it does not part its ranks (10.27).
    let horse = unit("horse", "HC", "", 3, 6, 7, "", "0605", "W");
    let horse = format!("{}, grade = \"bharta\" }}", horse.trim_end_matches(" }"));
    let f = cg(
        [vec![unit("ch", "CH", "", 5, 5, 6, "A", from, "E")], vec![horse]],
        [vec![leader("hero", "overall", 5, 8, "0109")], vec![leader("foe", "overall", 6, 4, "1210")]],
    );
    let (mut game, _) = f.start(&[6, 5, 5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("ch", path, Vertex::E));
    // The horse lets it come (no reaction, 7.16, 6.6).
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    let mut events = ok(&mut game, Command::EndOrders);
    if !events.iter().any(|e| matches!(e, Event::ShockResolved { .. })) {
        let optional =
            events.iter().any(|e| matches!(e, Event::ShockSegmentBegan { optional, .. } if !optional.is_empty()));
        let attackers = if optional { vec!["ch".to_string()] } else { vec![] };
        events.extend(ok(&mut game, Command::Shock { attackers }));
    }
    shock_lines(&events)
}

#[test]
fn a_chariot_that_moved_four_hexes_adds_one_to_its_targets_pre_shock_roll_cg_10_23() {
    // CG 10.23: four hexes, +1: the horse's 6 becomes 7 against TQ 6, one hit.
    let lines = chariot_charge("0105", &["0205", "0305", "0405", "0505"]);
    assert!(lines.iter().any(|l| l.contains("charge check: 6+1 against TQ 6, 1 hit(s)")), "{lines:?}");
    // Three hexes: no modifier, no hit.
    let lines = chariot_charge("0205", &["0305", "0405", "0505"]);
    assert!(lines.iter().any(|l| l.contains("charge check: 6+0 against TQ 6, 0 hit(s)")), "{lines:?}");
}

/// Blue MI moves from 0406 to 0506 and strikes the front of a red phalanx at 0605-0606 facing W
/// (flank hexes 0604, 0607), with `more` red units beside it; the shock's lines.
fn phalanx_shock(more: Vec<String>) -> Vec<String> {
    let mut red = vec![unit("ph", "PH", "", 10, 6, 4, "", "0605-0606", "W")];
    red.extend(more);
    let f = Field {
        macedonian: [false, false],
        ..cg(
            [vec![unit("mi", "MI", "", 4, 5, 5, "", "0406", "E")], red],
            [vec![leader("hero", "overall", 5, 8, "0109")], vec![leader("foe", "overall", 6, 4, "1210")]],
        )
    };
    let (mut game, _) = f.start(&[5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("mi", &["0506"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    let mut events = ok(&mut game, Command::EndOrders);
    if !events.iter().any(|e| matches!(e, Event::ShockResolved { .. })) {
        let optional =
            events.iter().any(|e| matches!(e, Event::ShockSegmentBegan { optional, .. } if !optional.is_empty()));
        let attackers = if optional { vec!["mi".to_string()] } else { vec![] };
        events.extend(ok(&mut game, Command::Shock { attackers }));
    }
    shock_lines(&events)
}

#[test]
fn a_moving_non_phalanx_striking_a_phalanx_front_shifts_2l_per_covered_flank_cg_10_61() {
    let u3 = |lines: &[String]| lines.iter().filter(|l| l.contains("U3")).cloned().collect::<Vec<_>>();
    // Alone: no shift.
    assert_eq!(u3(&phalanx_shock(vec![])), Vec::<String>::new());
    // Another phalanx in the north flank hex: 2L.
    let north = || unit("ph2", "PH", "", 10, 6, 4, "", "0603-0604", "W");
    let lines = phalanx_shock(vec![north()]);
    assert_eq!(u3(&lines), ["U3: -2 columns (GBA 9.16 step 3, CG 9.17[3])"], "{lines:?}");
    // Both flanks: 4L. A medium infantry beside it covers nothing.
    let south = unit("ph3", "PH", "", 10, 6, 4, "", "0607-0608", "W");
    let lines = phalanx_shock(vec![north(), south]);
    assert_eq!(u3(&lines), ["U3: -4 columns (GBA 9.16 step 3, CG 9.17[3])"], "{lines:?}");
    // In echelon: a phalanx behind whose ZOC (0606-0608) holds the south flank hex 0607: 2L.
    let lines = phalanx_shock(vec![unit("ph4", "PH", "", 10, 6, 4, "", "0706-0707", "W")]);
    assert_eq!(u3(&lines), ["U3: -2 columns (GBA 9.16 step 3, CG 9.17[3])"], "{lines:?}");
    let lines = phalanx_shock(vec![unit("mi2", "MI", "", 4, 5, 5, "", "0604", "W")]);
    assert_eq!(u3(&lines), Vec::<String>::new(), "{lines:?}");
}
