//! Rules of both books the engine plays, fourth pass (issue 18 §3): each shown through
//! `Game::execute` with loaded dice on a field set to the Chandragupta or the Alexander rules.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, Phase, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::{LineType, Placement};
use sarissa_rules::Game;

const CG: &str = "chandragupta";
const GBA: &str = "alexander";

// --- Where a withdrawal may not go (GBA 6.75, CG 6.66) -----------------------------------

/// Blue's infantry marches up to two hexes of red's light cavalry, which may step back into
/// clear 0905 or rocky 0906; it tries `to`.
fn withdraw_into(rules: &'static str, to: &str) -> (Game, Result<Vec<Event>, String>) {
    let f = Field {
        rules,
        terrain: vec![("0906", 'r')],
        ..two_armies(
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
        )
    };
    let (mut game, _) = f.start(&[0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(
        matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers == &vec!["red".to_string()]),
        "{:?}",
        game.state.phase
    );
    let command =
        Command::Withdraw { unit: "red".into(), path: vec![h(to)], facing: Vertex::W, fire: false, with: None };
    let result = game.execute(&command).map_err(|e| e.to_string());
    (game, result)
}

#[test]
fn a_withdrawal_may_end_in_a_rocky_hex_though_it_is_rough_gba_6_75() {
    let (game, result) = withdraw_into(GBA, "0906");
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0906")));
}

#[test]
fn no_withdrawal_into_any_rough_hex_rocky_included_cg_6_66() {
    let (game, result) = withdraw_into(CG, "0906");
    let err = result.unwrap_err();
    assert!(err.contains("6.66"), "{err}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0805")));
    // Clear 0905 stays open.
    let (game, result) = withdraw_into(CG, "0905");
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0905")));
}

// --- A wing commander's line command (GBA 4.51) -------------------------------------------

fn l_leader(id: &str, role: &str, initiative: u8, range: u8, strategy: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"{role}\", initiative = {initiative}, command_range = {range}, charisma = 1, personal_combat = 3, line_command = true, strategy = {strategy}, at = \"{at}\" }}")
}

/// Turn 2, `role` at 0404 out of the overall commander's range (0110, range 3), offered first,
/// before three phalanxes abreast in column 05.
fn out_of_range(role: &str, dice: &[u8]) -> (Game, Result<Vec<Event>, RuleError>) {
    let mut f = Field {
        units: [
            (1..=3)
                .map(|i| {
                    unit(&format!("ph{i}"), "PH", "MA", 10, 7, 4, "", &format!("050{}-050{}", 2 * i - 1, 2 * i), "E")
                })
                .collect(),
            vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")],
        ],
        leaders: [
            vec![l_leader("sub", role, 2, 4, 4, "0404"), l_leader("king", "overall", 4, 3, 0, "0110")],
            vec![leader("foe", "overall", 9, 4, "1209")],
        ],
        ..Field::default()
    };
    f.macedonian = [false, true];
    let (mut game, _) = f.start(dice);
    for id in ["sub", "king", "foe"] {
        ok(&mut game, pass(id));
    }
    no_pw(&mut game);
    assert_eq!(game.state.turn, 2);
    ok(&mut game, activate("sub"));
    let result = game.execute(&Command::LineCommand {
        line: LineType::parse("PH/MA").unwrap(),
        anchor: "ph2".into(),
        formation: Formation::Abreast,
        units: Vec::new(),
    });
    (game, result)
}

#[test]
fn a_wing_commander_gives_a_line_command_without_a_strategy_roll_out_of_range_gba_4_51_4_5() {
    // A subordinate there rolls his strategy 4, and a 5 fails him…
    let (_, result) = out_of_range("subordinate", &[5]);
    let events = result.unwrap();
    assert!(events.contains(&Event::LineRefused { leader: "sub".into() }), "{events:?}");
    // …a wing commander rolls nothing and his line is declared.
    let (_, result) = out_of_range("wing", &[5]);
    let events = result.unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::LineDeclared { .. })), "{events:?}");
}

// --- No advance after fire (GBA 9.36, CG 9.25) --------------------------------------------

/// Archers fire at a skirmisher one hit short of its TQ beside them: it routs and is gone, and
/// nobody steps into the hex it left.
fn a_volley_empties_a_hex(rules: &'static str) {
    let (mut game, _) = Field {
        rules,
        ..two_armies(
            vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0405", "E")],
            vec![with(unit("red", "SK", "A", 1, 5, 6, "A", "0505", "W"), "hits = 4")],
        )
    }
    .start(&[1, 1, 1, 1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("cretans", "red"));
    assert!(game.state.units[1].eliminated, "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::UnitAdvanced { .. })), "{events:?}");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0405")));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn no_advance_after_missile_fire_alone_gba_9_36() {
    a_volley_empties_a_hex(GBA);
}

#[test]
fn no_advance_after_missile_fire_alone_cg_9_25() {
    a_volley_empties_a_hex(CG);
}

// --- One rally try per leader and unit a turn (CG 11.32) ----------------------------------

#[test]
fn a_leader_tries_to_rally_a_unit_once_a_turn_cg_11_32() {
    // Roll 6 > initiative 4 + 1: the rally fails and the horse rout-moves; momentum (0) gives
    // the leader another phase, but not another try at the horse.
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![with(unit("horse", "HC", "", 3, 7, 7, "", "1005", "E"), "routed = true")],
            vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
        )
    }
    .start(&[6, 0, 0, 0]);
    game.state.leaders[0].at = h("0905");
    ok(&mut game, activate("hero"));
    let rally = Command::Rally { unit: "horse".into(), facing: Vertex::W };
    ok(&mut game, rally.clone());
    rout_first(&mut game);
    assert!(game.state.units[0].routed && !game.state.units[0].eliminated);
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::TryMomentum);
    let _ = game.execute(&Command::DeclineTrump);
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
    let err = game.execute(&rally).unwrap_err().to_string();
    assert!(err.contains("once a turn"), "{err}");
}

// --- Reload (CG 8.110) --------------------------------------------------------------------

#[test]
fn units_clear_of_enemy_zoc_and_missile_range_reload_at_the_end_of_the_turn_cg_8_110() {
    use sarissa_rules::combat::missile::Supply;
    // The archers at 0305 are clear; the slingers stand within the enemy bows' range and sight.
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![
                with(unit("archers", "SK", "A", 1, 5, 6, "A", "0305", "E"), "missiles = \"low\""),
                with(unit("slingers", "SK", "S", 1, 5, 6, "S", "0309", "E"), "missiles = \"no\""),
            ],
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0609", "W")],
        )
    }
    .start(&[]);
    ok(&mut game, pass("hero"));
    ok(&mut game, pass("foe"));
    assert_eq!(game.state.units[0].supply, Supply::Full);
    assert_eq!(game.state.units[1].supply, Supply::No, "in range and sight of enemy bows: no reload");
}

// --- Shock markers (CG 7.33, 7.34) --------------------------------------------------------

#[test]
fn a_heavy_unit_that_moved_up_must_shock_and_check_a_stationary_one_may_without_cg_7_33_7_34() {
    let (mut game, _) = Field {
        rules: CG,
        ..two_armies(
            vec![unit("hi", "HI", "", 5, 6, 4, "", "0405", "E"), unit("still", "MI", "", 4, 4, 5, "", "0604", "SE")],
            vec![unit("r", "MI", "", 4, 5, 5, "", "0605", "W")],
        )
    }
    .start(&[5; 20]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hi", &["0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    let events = ok(&mut game, Command::EndOrders);
    let began = events.iter().find_map(|e| match e {
        Event::ShockSegmentBegan { must, optional, .. } => Some((must.clone(), optional.clone())),
        _ => None,
    });
    assert_eq!(began, Some((vec!["hi".to_string()], vec!["still".to_string()])), "{events:?}");
    let events = ok(&mut game, Command::Shock { attackers: vec!["still".into()] });
    let lines = events
        .iter()
        .find_map(|e| match e {
            Event::ShockResolved { lines, .. } => Some(lines.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a shock: {events:?}"));
    // The pre-shock check: the mover (TQ 6) only; the stationary attacker (TQ 4) has none.
    let check =
        |tq: u8| lines.iter().any(|l| l.starts_with("charge check") && l.contains(&format!("against TQ {tq},")));
    assert!(check(6) && !check(4), "{lines:?}");
}

// --- A harassment's path (CG 9.33) --------------------------------------------------------

/// Javelin skirmishers at 0305 harass slower infantry at 0505 over `hexside` drawn on every
/// side of 0305 toward the target; the volley's events, or the refusal.
fn harass_across(hexside: &'static str) -> Result<Vec<Event>, RuleError> {
    let (mut game, _) = Field {
        rules: CG,
        hexsides: vec![(hexside, "0305-0405"), (hexside, "0305-0404")],
        ..two_armies(
            vec![unit("peltai", "SK", "J", 1, 5, 6, "J", "0305", "E")],
            vec![unit("target", "MI", "", 4, 5, 5, "", "0505", "W")],
        )
    }
    .start(&[1]);
    ok(&mut game, activate("hero"));
    game.execute(&Command::Harass { unit: "peltai".into(), target: "target".into() })
}

#[test]
fn a_harassment_path_crosses_a_stream_but_no_river_cg_9_33() {
    let events = harass_across("stream").unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Harassed { unit, .. } if unit == "peltai")), "{events:?}");
    let err = harass_across("minor_river").unwrap_err();
    assert_eq!(err.rule(), "8.3", "{err}");
}
