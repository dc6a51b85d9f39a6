//! Every refusal names the rule that refuses it (issue 18 §4): a command given when its
//! decision is not open cites the rule that says when it may be given — 7.16 for a reaction
//! facing, 9.11 for a shock, 8.11 for a move after the unit's fire — and only a command of
//! another phase with no rule of its own falls back on the sequence of play (GBA 3.0).

mod common;
use common::*;
use sarissa_rules::game::{Command, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

fn horse_archers(at: &str) -> String {
    unit("dahae", "LC", "", 2, 5, 8, "A", at, "E")
}

fn foot(at: &str) -> String {
    unit("foot", "MI", "", 4, 5, 5, "", at, "W")
}

fn game() -> sarissa_rules::play::Game {
    two_armies(vec![horse_archers("0105")], vec![foot("0805")]).start(&[2]).0
}

fn refused(game: &mut sarissa_rules::play::Game, command: Command) -> RuleError {
    let before = game.state.clone();
    let err = game.execute(&command).unwrap_err();
    assert_eq!(game.state, before, "a refusal changes nothing");
    err
}

#[test]
fn a_reaction_facing_when_no_enemy_came_up_is_refused_by_gba_7_16() {
    let mut game = game();
    ok(&mut game, activate("hero"));
    let err = refused(&mut game, Command::ReactFacing { unit: "foot".into(), facing: Vertex::E });
    assert_eq!(err.rule(), "7.16", "{err}");
    let text = err.to_string();
    assert!(text.starts_with("rule 7.16: react facing is not possible now: "), "{text}");
    assert!(text.contains("the active leader gives orders"), "says what is awaited: {text}");
}

#[test]
fn a_shock_outside_the_shock_segment_is_refused_by_gba_9_11() {
    let mut game = game();
    let err = refused(&mut game, Command::Shock { attackers: vec![] });
    assert_eq!(err.rule(), "9.11", "{err}");
    assert!(err.to_string().contains("shock segment"), "{err}");
}

#[test]
fn a_move_after_the_units_fire_and_the_rest_of_its_move_is_refused_by_gba_8_11() {
    let mut game = game();
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("dahae", &["0205", "0305", "0405", "0505"], Vertex::E));
    ok(&mut game, fire("dahae", "foot"));
    ok(&mut game, mv("dahae", &["0504", "0503"], Vertex::NW));
    let err = refused(&mut game, mv("dahae", &["0502"], Vertex::NW));
    assert_eq!(err.rule(), "8.11", "{err}");
    assert!(err.to_string().contains("fired under this order"), "{err}");
}

#[test]
fn a_turn_after_an_advance_with_no_advance_is_refused_by_gba_9_32() {
    let mut game = game();
    ok(&mut game, activate("hero"));
    let err = refused(&mut game, Command::TurnAfterAdvance { unit: "dahae".into(), facing: Vertex::E });
    assert_eq!(err.rule(), "9.32", "{err}");
}

#[test]
fn momentum_before_any_orders_phase_is_refused_by_gba_5_31() {
    let mut game = game();
    let err = refused(&mut game, Command::TryMomentum);
    assert_eq!(err.rule(), "5.31", "{err}");
}

#[test]
fn a_rout_choice_with_no_rout_waiting_is_refused_by_gba_10_21() {
    let mut game = game();
    ok(&mut game, activate("hero"));
    let err = refused(&mut game, Command::RoutTo { unit: "foot".into(), to: Placement::One(h("0905")) });
    assert_eq!(err.rule(), "10.21", "{err}");
    assert!(err.to_string().contains("P120"), "{err}");
}

#[test]
fn an_activation_in_an_orders_phase_is_the_sequence_of_play_gba_3_0_and_says_what_is_awaited() {
    let mut game = game();
    ok(&mut game, activate("hero"));
    let err = refused(&mut game, activate("hero"));
    assert_eq!(err.rule(), "3.0", "{err}");
    assert!(err.to_string().contains("the active leader gives orders or ends them"), "{err}");
}

#[test]
fn where_the_books_number_the_rule_apart_the_refusal_cites_the_scenarios_book_cg_9_22_11_22_6_67() {
    for (rules, turn, rout, withdraw) in
        [("alexander", "9.32", "10.21", "6.71"), ("chandragupta", "CG 9.22", "CG 11.22", "CG 6.67")]
    {
        let field = two_armies(vec![horse_archers("0105")], vec![foot("0805")]);
        let (mut game, _) = in_book(field, rules).start(&[2]);
        ok(&mut game, activate("hero"));
        let err = refused(&mut game, Command::TurnAfterAdvance { unit: "dahae".into(), facing: Vertex::E });
        assert_eq!(err.rule(), turn, "{rules}: {err}");
        let err = refused(&mut game, Command::RoutTo { unit: "foot".into(), to: Placement::One(h("0905")) });
        assert_eq!(err.rule(), rout, "{rules}: {err}");
        let withdrawal = Command::Withdraw {
            unit: "foot".into(),
            path: vec![h("0905")],
            facing: Vertex::W,
            fire: false,
            with: None,
        };
        let err = refused(&mut game, withdrawal);
        assert_eq!(err.rule(), withdraw, "{rules}: {err}");
    }
}

fn in_book(field: Field, rules: &'static str) -> Field {
    Field { rules, ..field }
}

#[test]
fn an_order_while_the_enemy_may_turn_to_face_waits_on_gba_7_16() {
    let field = Field {
        units: [
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    let err = refused(&mut game, Command::EndOrders);
    assert_eq!(err.rule(), "7.16", "{err}");
    assert!(err.to_string().contains("the orders phase is paused"), "{err}");
}
