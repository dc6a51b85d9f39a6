//! Rules of both books the engine plays, fifth pass (issue 18 §3): each shown through
//! `Game::execute` with loaded dice on a field set to the Chandragupta rules.

mod common;
use common::*;
use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::facing::{hexes_in, Arc};
use sarissa_rules::map::hex::{HexId, Hexside, Vertex};
use sarissa_rules::scenario::units::Placement;

const CG: &str = "chandragupta";

fn harass(unit: &str, target: &str) -> Command {
    Command::Harass { unit: unit.into(), target: target.into() }
}

// --- Harassment's procedure (CG 9.34) -----------------------------------------------------

#[test]
fn a_harasser_fires_as_at_range_1_without_moving_and_the_target_answers_at_the_same_time_cg_9_34() {
    // Javelin skirmishers (MA 6, 4 hits on TQ 5) harass archers (MA 5) two hexes off. The
    // archers answer first; their hit would break the skirmishers, yet they still throw, and
    // only then do both sides' hits count.
    let field = Field {
        rules: CG,
        ..two_armies(
            vec![with(unit("peltai", "SK", "J", 1, 5, 6, "J", "0305", "E"), "hits = 4")],
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0505", "W")],
        )
    };
    let (mut game, _) = field.start(&[1, 1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, harass("peltai", "bows"));
    assert!(volleys(&events).is_empty(), "{events:?}");
    assert!(
        matches!(&game.state.phase, Phase::Reaction { firers, fire_kind: ReactionFire::Harass, .. } if firers == &vec!["bows".to_string()]),
        "{:?}",
        game.state.phase
    );
    let events = ok(&mut game, fire("bows", "peltai"));
    assert_eq!(
        volleys(&events),
        vec![("bows".to_string(), 1, 1, Some(ReactionFire::Harass)), ("peltai".to_string(), 1, 1, None)],
        "{events:?}"
    );
    assert!(events.iter().any(|e| matches!(e, Event::UnitEliminated { unit, .. } if unit == "peltai")), "{events:?}");
    assert_eq!(game.state.units[1].hits, 1);

    // Unanswered, the harasser fires from where it stands and never leaves its hex.
    let (mut game, _) = field.start(&[1]);
    ok(&mut game, activate("hero"));
    ok(&mut game, harass("peltai", "bows"));
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(volleys(&events), vec![("peltai".to_string(), 1, 1, None)], "{events:?}");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0305")));
    assert!(game.state.units[0].moved);
}

// --- Light horse harassing past elephants (CG 9.35) ---------------------------------------

#[test]
fn light_horse_may_not_harass_past_an_elephants_front_and_take_2_hits_past_its_flank_cg_9_35() {
    // From 0305 facing E, two ways lead to the side of the hoplites at 0505; a marsh closes
    // one, and an elephant stands beside the other, turned toward it or away from it.
    let label = |x: HexId| format!("{:02}{:02}", x.col, x.row);
    let ways: Vec<HexId> = hexes_in(&Placement::One(h("0305")), Vertex::E, Arc::Front)
        .into_iter()
        .filter(|w| w.is_adjacent(h("0505")))
        .collect();
    let (watched, free) = (ways[0], ways[1]);
    let spot = Hexside::ALL
        .iter()
        .filter_map(|&side| watched.neighbour(side))
        .find(|&n| n.distance(h("0305")) >= 2 && n != h("0505") && !n.is_adjacent(free))
        .unwrap();
    let toward =
        Vertex::ALL.into_iter().find(|&v| hexes_in(&Placement::One(spot), v, Arc::Front).contains(&watched)).unwrap();
    let marsh = label(free);
    let run = |facing: Vertex| {
        let (mut game, _) = Field {
            rules: CG,
            terrain: vec![(leak(marsh.clone()), 'm')],
            ..two_armies(
                vec![unit("horse", "LC", "J", 2, 5, 8, "J", "0305", "E")],
                vec![
                    unit("hoplites", "HI", "HY", 5, 6, 4, "", "0505", "W"),
                    unit("elephant", "EL", "", 4, 6, 5, "J", &label(spot), facing.name()),
                ],
            )
        }
        .start(&[9]);
        ok(&mut game, activate("hero"));
        let result = game.execute(&harass("horse", "hoplites"));
        (game, result)
    };
    // Through the elephant's front: barred.
    let (game, result) = run(toward);
    assert!(result.is_err(), "{result:?}");
    assert_eq!(game.state.units[0].hits, 0);
    // Through its rear: two hits first, then the volley.
    let (game, result) = run(Vertex::from_index(toward.index() + 3));
    let events = result.unwrap();
    assert!(
        events.contains(&Event::CohesionHits { unit: "horse".into(), hits: 2, cause: HitCause::Elephants }),
        "{events:?}"
    );
    assert_eq!(game.state.units[0].hits, 2);
}

// --- Zones of control (CG 7.2, 7.22) ------------------------------------------------------

#[test]
fn a_zoc_stops_enemies_but_reaches_no_hex_its_unit_may_not_enter_cg_7_2_7_22() {
    use sarissa_rules::map::zoc::zoc_of;
    let label = |x: HexId| format!("{:02}{:02}", x.col, x.row);
    // Red heavy foot at 0605 face west: two front hexes, `a` behind a sheer slope (no heavy
    // foot crosses one) when `slope`, and `b`.
    let front = hexes_in(&Placement::One(h("0605")), Vertex::W, Arc::Front);
    let (a, b) = (front[0], front[1]);
    let away = hexes_in(&Placement::One(a), Vertex::W, Arc::Front)
        .into_iter()
        .find(|x| x.distance(h("0605")) == 2 && !x.is_adjacent(b))
        .unwrap();
    let field = |slope: bool| Field {
        rules: CG,
        hexsides: if slope { vec![("sheer_slope", leak(format!("0605-{}", label(a))))] } else { Vec::new() },
        ..two_armies(
            vec![unit("blue", "HI", "", 5, 6, 4, "", &label(a), "W")],
            vec![unit("red", "HI", "", 5, 6, 4, "", "0605", "W")],
        )
    };
    // The slope cuts the ZOC out of `a`; `b` stays in it.
    let (game, _) = field(true).start(&[]);
    let zoc = zoc_of(&game.scenario, &game.state, 1);
    assert!(!zoc.contains(&a) && zoc.contains(&b), "{zoc:?}");
    let (game, _) = field(false).start(&[]);
    let zoc = zoc_of(&game.scenario, &game.state, 1);
    assert!(zoc.contains(&a) && zoc.contains(&b), "{zoc:?}");
    // Blue (MA 4, no faster than red) is held in `a` by red's ZOC, free behind the slope.
    for (slope, free) in [(false, false), (true, true)] {
        let (mut game, _) = field(slope).start(&[]);
        ok(&mut game, activate("hero"));
        let result = game.execute(&mv("blue", &[&label(away)], Vertex::W));
        assert_eq!(result.is_ok(), free, "slope {slope}: {result:?}");
        if let Err(e) = result {
            assert!(e.to_string().contains("may not leave the enemy zone of control"), "{e}");
        }
        let at = if free { away } else { a };
        assert_eq!(game.state.units[0].placement, Placement::One(at));
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

// --- The shock procedure (CG 9.1, 9.13) ---------------------------------------------------

#[test]
fn every_combat_strikes_before_any_routs_and_all_shock_comes_before_momentum_cg_9_1_9_13() {
    // Two combats side by side: blue's two hypaspists each march onto a red MI.
    let (mut game, _) = Field {
        rules: CG,
        units: [
            vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E"), unit("hyp2", "HI", "HY", 5, 6, 5, "", "0308", "E")],
            vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W"), unit("red2", "MI", "", 4, 5, 5, "", "0608", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
    .start(&[0, 0, 9, 0, 0, 9, 0, 0, 0, 0]);
    ok(&mut game, activate("hero"));
    for (u, path) in [("hyp", ["0405", "0505"]), ("hyp2", ["0408", "0508"])] {
        ok(&mut game, mv(u, &path, Vertex::E));
        while matches!(game.state.phase, Phase::Reaction { .. }) {
            ok(&mut game, Command::EndReaction);
        }
    }
    ok(&mut game, Command::EndOrders);
    let mut events = ok(&mut game, Command::Shock { attackers: Vec::new() });
    events.extend(rout_first(&mut game));
    strikes_then_routs_then_advances(&events, 2);
    // Only when the last advance is settled does the leader try momentum.
    while let Phase::AdvanceTurn { unit, .. } = game.state.phase.clone() {
        let facing = game.state.units[idx(&game, &unit)].facing;
        ok(&mut game, Command::TurnAfterAdvance { unit, facing });
    }
    assert!(matches!(game.state.phase, Phase::Momentum { .. }), "{:?}", game.state.phase);
}

// --- Who harasses whom (CG 10.31, 10.41) --------------------------------------------------

/// `harasser` at 0305 facing E tries to harass red MI of MA `ma` at 0505: did it?
fn harasses(harasser: String, ma: u8) -> bool {
    let (mut game, _) =
        Field { rules: CG, ..two_armies(vec![harasser], vec![unit("target", "MI", "", 4, 5, ma, "", "0505", "W")]) }
            .start(&[1]);
    ok(&mut game, activate("hero"));
    match game.execute(&harass("h", "target")) {
        Ok(events) => events.iter().any(|e| matches!(e, Event::Harassed { unit, .. } if unit == "h")),
        Err(e) => {
            assert_eq!(e.rule(), "8.3", "{e}");
            false
        }
    }
}

#[test]
fn javelin_and_sling_skirmishers_harass_only_slower_units_archers_never_cg_10_31() {
    for missile in ["J", "S"] {
        let sk = || unit("h", "SK", missile, 1, 5, 6, missile, "0305", "E");
        assert!(harasses(sk(), 5), "{missile}: MA 5 is lower");
        assert!(!harasses(sk(), 6), "{missile}: MA 6 is not lower (GBA would allow the same MA)");
    }
    assert!(!harasses(unit("h", "SK", "A", 1, 5, 6, "A", "0305", "E"), 5), "archers do not harass");
}

#[test]
fn missile_light_cavalry_harass_only_slower_units_cg_10_41() {
    let lc = || unit("h", "LC", "J", 2, 5, 7, "J", "0305", "E");
    assert!(harasses(lc(), 6));
    assert!(!harasses(lc(), 7));
}

// --- Cataphracts turn at 2 MP a vertex (CG 10.42) -----------------------------------------

#[test]
fn cataphracts_pay_2_mp_a_vertex_to_turn_cg_10_42() {
    // MA 5: plain heavy cavalry turn about (3 vertices, 3 MP); cataphracts (6 MP) may not, but
    // may turn 2 vertices (4 MP).
    let turn = |class: &str, to: Vertex| {
        let (mut game, _) = Field {
            rules: CG,
            ..two_armies(
                vec![unit("horse", "HC", class, 4, 7, 5, "", "0505", "E")],
                vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
            )
        }
        .start(&[]);
        ok(&mut game, activate("hero"));
        let result = game.execute(&mv("horse", &[], to));
        (result.is_ok(), game.state.units[0].facing)
    };
    assert_eq!(turn("", Vertex::W), (true, Vertex::W));
    assert_eq!(turn("Cat", Vertex::W), (false, Vertex::E));
    assert_eq!(turn("Cat", Vertex::NW), (true, Vertex::NW));
}

// --- Pre-shock checks against elephants and light infantry (CG 10.17, 10.63) --------------

/// Blue `attacker` at 0405 moves up to 0505 (facing E) onto red `defender` at 0605 facing W,
/// and shocks (`optional`: a light unit, named to attack); the combat's lines.
fn charge_lines(attacker: String, defender: String, optional: bool) -> Vec<String> {
    let (mut game, _) = Field { rules: CG, ..two_armies(vec![attacker], vec![defender]) }.start(&[3; 30]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("a", &["0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let attackers = if optional { vec!["a".to_string()] } else { Vec::new() };
    let events = ok(&mut game, Command::Shock { attackers });
    shock_lines(&events)
}

fn checks(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("charge check")).collect()
}

#[test]
fn a_unit_shocked_by_an_elephant_adds_1_to_its_pre_shock_check_cg_10_17() {
    // Every die a 3: the elephant (TQ 6) checks with no modifier, the MI defender (TQ 5) with +1;
    // against heavy infantry the same defender's roll is unmodified.
    let red = || unit("d", "MI", "", 4, 5, 5, "", "0605", "W");
    let lines = charge_lines(unit("a", "EL", "", 4, 6, 5, "J", "0405", "E"), red(), false);
    let c = checks(&lines);
    assert!(c.len() == 2 && c[1].starts_with("charge check: 3+1 against TQ 5,"), "{lines:?}");
    let lines = charge_lines(unit("a", "HI", "", 5, 6, 5, "", "0405", "E"), red(), false);
    let c = checks(&lines);
    assert!(c.len() == 2 && c[1].starts_with("charge check: 3+0 against TQ 5,"), "{lines:?}");
}

#[test]
fn heavy_foot_shocked_frontally_by_light_infantry_make_no_pre_shock_check_cg_10_63() {
    // The light infantry still check; the heavy infantry do not…
    let li = || unit("a", "LI", "J", 3, 5, 5, "J", "0405", "E");
    let lines = charge_lines(li(), unit("d", "HI", "", 5, 6, 4, "", "0605", "W"), true);
    let c = checks(&lines);
    assert!(c.len() == 1 && c[0].contains("against TQ 5,"), "{lines:?}");
    // …while medium infantry attacked by them do.
    let lines = charge_lines(li(), unit("d", "MI", "", 4, 4, 5, "", "0605", "W"), true);
    assert_eq!(checks(&lines).len(), 2, "{lines:?}");
}

// --- Chariots withdrawing (CG 10.22) ------------------------------------------------------

/// Blue's infantry marches up to two hexes of red `kind` at 0805, which withdraws to 0905
/// (its end check passes); red's hits after.
fn withdrawal_hits(kind: &str) -> u8 {
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![unit("red", kind, "", 5, 5, 7, "A", "0805", "W")],
        )
    }
    .start(&[0, 1, 1, 1]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    let withdraw =
        Command::Withdraw { unit: "red".into(), path: vec![h("0905")], facing: Vertex::W, fire: false, with: None };
    ok(&mut game, withdraw);
    assert_eq!(game.state.units[1].placement, Placement::One(h("0905")));
    game.state.units[1].hits
}

#[test]
fn chariots_may_withdraw_but_take_a_hit_each_time_cg_10_22() {
    assert_eq!(withdrawal_hits("CH"), 1);
    assert_eq!(withdrawal_hits("LC"), 0, "light horse withdraw unhurt");
}

// --- What routed units may not do (CG 11.28) ----------------------------------------------

#[test]
fn a_routed_unit_takes_no_order_and_fires_at_nothing_cg_11_28() {
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0405", "E")],
            vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")],
        )
    }
    .start(&[1; 10]);
    game.state.units[0].routed = true;
    ok(&mut game, activate("hero"));
    assert!(game.execute(&mv("bows", &["0305"], Vertex::W)).is_err());
    assert!(game.execute(&fire("bows", "red")).is_err());
    assert_eq!(game.state.units[0].placement, Placement::One(h("0405")));
    assert_eq!(game.state.units[1].hits, 0);
    // Rallied (the flag cleared), the same archers shoot.
    game.state.units[0].routed = false;
    let events = ok(&mut game, fire("bows", "red"));
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { unit, .. } if unit == "bows")), "{events:?}");
}

// --- No momentum after a line command on the overall commander's range (CG 4.43) ----------

fn l_leader(id: &str, role: &str, initiative: u8, range: u8, strategy: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"{role}\", initiative = {initiative}, command_range = {range}, charisma = 1, personal_combat = 3, line_command = true, strategy = {strategy}, at = \"{at}\" }}")
}

/// Turn 2, a subordinate at `sub_at` (the king at 0110 reaches 0208, not 0407) commands the
/// horse line (hc1, hc2; the foot at 0309 is no part of it), or the part of it `units` names.
fn horse_line_of(sub_at: &str, dice: &[u8], units: Vec<String>) -> sarissa_rules::Game {
    use sarissa_rules::command::line::Formation;
    use sarissa_rules::scenario::units::LineType;
    let (mut game, _) = Field {
        rules: CG,
        macedonian: [false, false],
        units: [
            vec![
                unit("hc1", "HC", "", 3, 7, 7, "", "0307", "E"),
                unit("hc2", "HC", "", 3, 7, 7, "", "0308", "E"),
                unit("foot", "MI", "", 4, 5, 5, "", "0309", "E"),
            ],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")],
        ],
        leaders: [
            vec![l_leader("sub", "subordinate", 2, 4, 4, sub_at), l_leader("king", "overall", 4, 3, 0, "0110")],
            vec![leader("foe", "overall", 9, 4, "1209")],
        ],
        ..Field::default()
    }
    .start(dice);
    for id in ["sub", "king", "foe"] {
        ok(&mut game, pass(id));
    }
    no_pw(&mut game);
    assert_eq!(game.state.turn, 2);
    ok(&mut game, activate("sub"));
    let line = LineType::parse("HC").unwrap();
    let events =
        ok(&mut game, Command::LineCommand { line, anchor: "hc1".into(), formation: Formation::Abreast, units });
    assert!(events.iter().any(|e| matches!(e, Event::LineDeclared { .. })), "{events:?}");
    game
}

fn horse_line(sub_at: &str, dice: &[u8]) -> sarissa_rules::Game {
    horse_line_of(sub_at, dice, Vec::new())
}

fn horse_line_then_end(sub_at: &str, dice: &[u8]) -> Vec<Event> {
    ok(&mut horse_line(sub_at, dice), Command::EndOrders)
}

#[test]
fn a_subordinate_who_commanded_a_line_on_the_overall_commanders_range_gets_no_momentum_cg_4_43() {
    let finished = Event::LeaderFinished { leader: "sub".into() };
    // Near the king: no strategy roll, and no momentum.
    let events = horse_line_then_end("0208", &[]);
    assert!(events.contains(&finished), "{events:?}");
    // Out of his range, on a strategy roll of 1: momentum is offered.
    let events = horse_line_then_end("0407", &[1]);
    assert!(!events.contains(&finished), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::MomentumOffered { leader } if leader == "sub")), "{events:?}");
}

// --- Momentum only straight after one's own orders phase (CG 5.34) ------------------------

#[test]
fn a_re_activated_leader_may_not_roll_for_momentum_cg_5_34() {
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![unit("red", "MI", "", 4, 5, 5, "", "1009", "W")],
        )
    }
    .start(&[9, 1]);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    // Momentum 9, doom 1: the foe may re-activate a leader.
    ok(&mut game, Command::TryMomentum);
    assert_eq!(game.state.phase, Phase::Reactivation { side: 1 });
    ok(&mut game, activate("foe"));
    let events = ok(&mut game, Command::EndOrders);
    assert!(events.contains(&Event::LeaderFinished { leader: "foe".into() }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { .. })), "{events:?}");
    assert!(game.execute(&Command::TryMomentum).is_err());
}

// --- After the shock, the orders phase is over (CG 5.29) ----------------------------------

#[test]
fn when_the_shock_is_over_the_orders_phase_is_finished_and_momentum_is_next_cg_5_29() {
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![unit("hi", "HI", "", 5, 6, 5, "", "0405", "E"), unit("spare", "MI", "", 4, 5, 5, "", "0409", "E")],
            vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")],
        )
    }
    .start(&[5; 20]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hi", &["0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: Vec::new() });
    assert!(events.iter().any(|e| matches!(e, Event::ShockResolved { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::MomentumOffered { leader } if leader == "hero")), "{events:?}");
    // The unit he never ordered may not move now.
    assert!(game.execute(&mv("spare", &["0509"], Vertex::E)).is_err());
    assert_eq!(game.state.units[1].placement, Placement::One(h("0409")));
}

// --- What a line command does (CG 5.23) ---------------------------------------------------

#[test]
fn a_line_command_moves_every_unit_of_the_line_and_no_other_cg_5_23() {
    let mut game = horse_line("0208", &[]);
    ok(&mut game, mv("hc1", &["0407"], Vertex::E));
    ok(&mut game, mv("hc2", &["0408"], Vertex::E));
    assert!(game.execute(&mv("foot", &["0409"], Vertex::E)).is_err(), "not of the line");
    assert_eq!(game.state.units[2].placement, Placement::One(h("0309")));
    assert_eq!(game.state.units[1].placement, Placement::One(h("0408")));
}

// --- Part of a line (CG 4.32; P261) -------------------------------------------------------

#[test]
fn a_line_command_may_go_to_part_of_the_line_only_cg_4_32_p261() {
    let mut game = horse_line_of("0208", &[], vec!["hc1".into()]);
    ok(&mut game, mv("hc1", &["0407"], Vertex::E));
    assert!(game.execute(&mv("hc2", &["0408"], Vertex::E)).is_err(), "left out of the command");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0308")));
}
