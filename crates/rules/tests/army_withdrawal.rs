//! Rout Points, the Withdrawal Phase and battle statistics (GBA Phase E; CG 13.11–13.14
//! adapted, rulings P6, P38): `victory::*` over a state with units and leaders lost.

mod common;

use common::{leader, ok, pass, unit, Field};
use sarissa_rules::charts::rout_points::Withdrawal;
use sarissa_rules::effects::victory::{report, rout_points, tally, unit_points, withdrawal_phase, Verdict};
use sarissa_rules::game::{Dice, GameState, LeaderStatus};
use sarissa_rules::scenario::Scenario;

fn setup(f: &Field) -> (Scenario, GameState) {
    let scenario = sarissa_rules::load("field.toml", &f.toml()).unwrap_or_else(|e| panic!("{e}"));
    let state = GameState::setup(&scenario, Dice::scripted(&[]));
    (scenario, state)
}

fn idx(s: &Scenario, id: &str) -> usize {
    s.units.iter().position(|u| u.id == id).unwrap()
}

fn eliminate(s: &Scenario, st: &mut GameState, ids: &[&str]) {
    for id in ids {
        st.units[idx(s, id)].eliminated = true;
    }
}

fn kill(s: &Scenario, st: &mut GameState, id: &str) {
    let l = s.leaders.iter().position(|l| l.id == id).unwrap();
    st.leaders[l].status = LeaderStatus::Eliminated;
}

fn hc(id: &str, tq: u8, at: &str) -> String {
    unit(id, "HC", "", 4, tq, 7, "", at, "E")
}

fn alexander_field() -> Field {
    Field {
        units: [
            vec![
                unit("hoplites", "HI", "HO", 10, 6, 4, "", "0305-0306", "E"),
                hc("cav", 7, "0302"),
                unit("sk", "SK", "J", 1, 5, 6, "J", "0308", "E"),
                unit("li", "LI", "J", 3, 5, 5, "J", "0403", "E"),
                unit("hypaspists", "HI", "HY", 5, 8, 5, "", "0409", "E"),
            ],
            vec![hc("foe", 7, "1005")],
        ],
        leaders: [
            vec![leader("oc", "overall", 5, 6, "0101"), leader("sub", "subordinate", 3, 3, "0102")],
            vec![leader("red-oc", "overall", 6, 6, "1210")],
        ],
        ..Field::default()
    }
}

#[test]
fn rout_points_count_eliminated_units_and_killed_leaders_gba_phase_e_cg_13_11() {
    let (s, mut st) = setup(&alexander_field());
    assert_eq!(rout_points(&s, &st), [0, 0]);
    eliminate(&s, &mut st, &["hoplites", "cav", "sk", "hypaspists"]);
    kill(&s, &mut st, "sub");
    // Two-hex hoplites 2 × 6, HC 7, SK 2, one-hex hypaspists 8 (R15); a leader 5 × 3 (P6).
    assert_eq!(rout_points(&s, &st), [12 + 7 + 2 + 8 + 15, 0]);
    let [blue, red] = tally(&s, &st, &[]);
    assert_eq!((blue.unit_points, blue.leader_points, blue.rout_points), (29, 15, 44));
    assert_eq!(blue.withdrawal_level, 20);
    assert_eq!(red.rout_points, 0);
}

#[test]
fn routed_units_still_on_the_map_score_no_rout_points_rulings_p38() {
    let (s, mut st) = setup(&alexander_field());
    let mut routed = vec![false; s.units.len()];
    routed[idx(&s, "li")] = true;
    routed[idx(&s, "cav")] = true;
    eliminate(&s, &mut st, &["cav"]);
    let [blue, _] = tally(&s, &st, &routed);
    assert_eq!(blue.rout_points, 7);
    // An eliminated unit is listed as eliminated only, whatever its flag.
    assert_eq!(blue.units_eliminated, [idx(&s, "cav")]);
    assert_eq!(blue.units_routed, [idx(&s, "li")]);
}

#[test]
fn cg_13_12_worked_values_w44() {
    let graded = |id: &str, kind: &str, tq: u8, grade: &str, at: &str| {
        let missile = if kind == "LI" { ", missile = \"A\"" } else { "" };
        format!("{{ id = \"{id}\", name = \"{id}\", type = \"{kind}\", size = 4, tq = {tq}, ma = 5{missile}, grade = \"{grade}\", at = \"{at}\", facing = \"E\" }}")
    };
    let f = Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [
            vec![
                unit("ph", "PH", "", 10, 7, 4, "", "0305-0306", "E"),
                graded("maula", "LI", 5, "maula", "0302"),
                graded("bharta", "LI", 6, "bharta", "0303"),
                graded("tribal", "LI", 5, "tribal", "0308"),
                graded("sreni", "MI", 6, "sreni", "0309"),
                unit("sk", "SK", "J", 1, 5, 6, "J", "0402", "E"),
                unit("yantra", "AT", "B", 1, 4, 2, "B", "0404", "E").replace(" }", ", engine = \"yantra\" }"),
                unit("el", "EL", "", 4, 6, 5, "J", "0406", "E"),
            ],
            vec![hc("foe", 7, "1005")],
        ],
        leaders: [vec![leader("oc", "overall", 6, 6, "0101")], vec![leader("red-oc", "overall", 6, 6, "1210")]],
        ..Field::default()
    };
    let (s, mut st) = setup(&f);
    let points: Vec<u32> = ["ph", "maula", "bharta", "tribal", "sreni", "sk", "yantra", "el"]
        .iter()
        .map(|id| unit_points(&s, idx(&s, id)))
        .collect();
    assert_eq!(points, [14, 3, 3, 1, 2, 2, 0, 6]);
    eliminate(&s, &mut st, &["ph", "maula", "bharta", "tribal", "sreni", "sk", "yantra", "el"]);
    kill(&s, &mut st, "oc");
    assert_eq!(rout_points(&s, &st)[0], 31 + 30);
}

/// Side 0 loses HC worth `a` points in all, side 1 worth `b`, with levels `levels`.
fn losses(a: &[u8], b: &[u8], levels: [u16; 2]) -> (Scenario, GameState) {
    let cols = ["02", "03", "04", "05", "06", "07"];
    let blue: Vec<String> =
        a.iter().enumerate().map(|(i, tq)| hc(&format!("b{i}"), *tq, &format!("{}02", cols[i]))).collect();
    let red: Vec<String> =
        b.iter().enumerate().map(|(i, tq)| hc(&format!("r{i}"), *tq, &format!("{}09", cols[i]))).collect();
    let f = Field {
        units: [blue, red],
        leaders: [vec![leader("oc", "overall", 5, 6, "0101")], vec![leader("red-oc", "overall", 6, 6, "1210")]],
        ..Field::default()
    };
    let (mut s, mut st) = setup(&f);
    s.sides[0].withdrawal_level = levels[0];
    s.sides[1].withdrawal_level = levels[1];
    for u in &mut st.units {
        u.eliminated = true;
    }
    (s, st)
}

#[test]
fn an_army_at_or_over_its_withdrawal_level_withdraws_and_loses_cg_13_13() {
    let (s, st) = losses(&[9, 9, 2], &[9], [20, 30]);
    let v = withdrawal_phase(&s, &st);
    assert_eq!(v, Verdict { withdrawal: Withdrawal::Withdraws(0), withdrawn: vec![0], over: true, winner: Some(1) });
    let (s, st) = losses(&[9, 9, 1], &[9], [20, 30]);
    assert_eq!(withdrawal_phase(&s, &st), Verdict::from_withdrawal(Withdrawal::Continue));
    assert!(!withdrawal_phase(&s, &st).over);
}

#[test]
fn both_armies_withdrawing_the_one_fewer_points_over_its_level_wins_cg_13_14_w45() {
    // chandragupta-digest W45: A level 40 with 45 RP, B level 50 with 52: B wins.
    let (s, st) = losses(&[9, 9, 9, 9, 9], &[9, 9, 9, 9, 9, 7], [40, 50]);
    assert_eq!(rout_points(&s, &st), [45, 52]);
    let v = withdrawal_phase(&s, &st);
    assert_eq!(v.withdrawal, Withdrawal::BothWinnerIs(1));
    assert_eq!((v.withdrawn, v.over, v.winner), (vec![0, 1], true, Some(1)));
    // Equally far over: a draw.
    let (s, st) = losses(&[9, 9, 9, 9, 9], &[9, 9, 9, 9, 9, 5], [40, 45]);
    let v = withdrawal_phase(&s, &st);
    assert_eq!((v.withdrawal, v.over, v.winner), (Withdrawal::Draw, true, None));
}

#[test]
fn the_battle_report_lists_losses_per_side() {
    let (s, mut st) = setup(&alexander_field());
    eliminate(&s, &mut st, &["hoplites", "foe"]);
    kill(&s, &mut st, "red-oc");
    let mut routed = vec![false; s.units.len()];
    routed[idx(&s, "li")] = true;
    st.turn = 4;
    let r = report(&s, &st, &routed);
    assert_eq!(r.turn, 4);
    assert_eq!(r.sides[0].units_eliminated, [idx(&s, "hoplites")]);
    assert_eq!(r.sides[0].units_routed, [idx(&s, "li")]);
    assert_eq!(r.sides[0].rout_points, 12);
    assert_eq!(r.sides[1].units_eliminated, [idx(&s, "foe")]);
    assert_eq!(r.sides[1].leaders_lost, [s.leaders.iter().position(|l| l.id == "red-oc").unwrap()]);
    assert_eq!(r.sides[1].rout_points, 7 + 30);
    // Red 37 ≥ 20, blue 12 < 20: red withdraws, blue wins.
    assert_eq!((r.verdict.withdrawn.clone(), r.verdict.winner), (vec![1], Some(0)));
}

/// In play: when the turn ends with an army's rout points at its withdrawal level (20 on the
/// test field), the battle is over and the other side wins (CG 13.13, GBA 3.1 E).
#[test]
fn the_withdrawal_phase_ends_the_battle_at_the_end_of_a_turn_cg_13_13() {
    let f = Field {
        units: [
            vec![
                unit("b1", "HI", "HO", 8, 6, 4, "", "0305-0306", "E"),
                unit("b2", "HI", "HO", 8, 6, 4, "", "0308-0309", "E"),
                unit("b3", "MI", "", 4, 5, 5, "", "0302", "E"),
            ],
            vec![unit("r1", "MI", "", 4, 5, 5, "", "1105", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    // Two hoplite lines gone: 2 x 6 each = 24 rout points, over blue's level of 20.
    game.state.units[0].eliminated = true;
    game.state.units[1].eliminated = true;
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    assert!(
        events.contains(&sarissa_rules::game::Event::BattleEnded {
            winner: Some(1),
            withdrawn: vec![0],
            rout_points: [24, 0]
        }),
        "{events:?}"
    );
    assert_eq!(game.state.phase, sarissa_rules::game::Phase::Over { winner: Some(1) });
    assert!(sarissa_rules::play::legal::legal_commands(&game).is_empty());
}
