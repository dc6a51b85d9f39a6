//! Darius the Target (GBA 9.24, ruling P128): he may withdraw even when only an enemy leader
//! comes near, up to 4 hexes toward his edge; the leader's move then goes on.

mod common;
use common::*;
use sarissa_rules::charts::leaders::LeaderResult;
use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose};
use sarissa_rules::map::hex::{HexId, Vertex};
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::battles::darius::LeaderMove;

/// Blue's `hero` (PC 3) alone at `hero_at`; red's Darius alone at 0805 (red's edge is the
/// east); red light horse at 0809, blue foot far off at 0202.
fn field(hero_at: &str, darius_the_target: bool) -> Field {
    let mut darius = leader("darius", "overall", 3, 5, "0805");
    if darius_the_target {
        darius = darius.replace(" }", ", darius_the_target = true }");
    }
    Field {
        units: [
            vec![unit("foot", "HI", "", 5, 6, 5, "", "0202", "E")],
            vec![unit("horse", "LC", "", 2, 6, 9, "", "0809", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, hero_at)], vec![darius]],
        ..Field::default()
    }
}

fn hexes(path: &[&str]) -> Vec<HexId> {
    path.iter().map(|s| h(s)).collect()
}

fn ride(path: &[&str]) -> Command {
    Command::MoveLeader { leader: "hero".into(), path: hexes(path) }
}

fn moved(path: &[&str], mp: u8, orders: u8) -> Event {
    Event::LeaderMoved {
        leader: "hero".into(),
        path: hexes(path),
        mp,
        in_enemy_zoc: false,
        left_enemy_zoc: false,
        orders,
        by_overall: false,
    }
}

/// The pause for Darius' side as `hero` comes near, with `rest` of his move to go.
fn pause(rest: &[&str]) -> Event {
    Event::ReactionOffered {
        side: 1,
        mover: "hero".into(),
        reactors: vec![],
        withdrawers: vec![],
        leaders: vec!["darius".into()],
        exposed: vec![],
        firers: vec![],
        fire_kind: ReactionFire::Entry,
        harass: None,
        pre_arranged: vec![],
        after_shock: None,
        remaining: vec![],
        to: None,
        fresh: false,
        facing: Vertex::E,
        spent: 0,
        column: false,
        leader_move: Some(Box::new(LeaderMove { by: "hero".into(), remaining: hexes(rest), by_overall: false })),
        rider: None,
    }
}

/// Darius withdraws along `path`: the events, which begin with his withdrawal and the pause's end.
fn darius_goes(game: &mut sarissa_rules::Game, path: &[&str]) -> Vec<Event> {
    let path = hexes(path);
    let events = ok(game, Command::WithdrawLeader { leader: "darius".into(), path: path.clone() });
    assert_eq!(events[..2], [Event::LeaderWithdrew { leader: "darius".into(), path }, Event::ReactionEnded]);
    events[2..].to_vec()
}

fn personal_combat(hero: u8, darius: u8) -> [Event; 2] {
    let roll = |roll, l: &str| Event::DieRolled { roll, purpose: RollPurpose::PersonalCombat { leader: l.into() } };
    [roll(hero, "hero"), roll(darius, "darius")]
}

#[test]
fn a_lone_enemy_leader_coming_within_two_hexes_of_darius_opens_a_pause_gba_9_24() {
    let (mut game, _) = field("0205", true).start(&[]);
    ok(&mut game, activate("hero"));
    // 0605 is two hexes from Darius at 0805; 0505 was three.
    let events = ok(&mut game, ride(&["0305", "0405", "0505", "0605", "0705"]));
    assert_eq!(events, vec![moved(&["0305", "0405", "0505", "0605"], 4, 1), pause(&["0705"])]);
    assert_eq!(game.state.leaders[0].at, h("0605"));
    // Only Darius is asked: the red light horse two hexes off neither withdraws nor turns
    // (units answer units, 6.71, 7.16), and nobody may shoot at a leader in reaction (8.2).
    let legal = legal_commands(&game);
    assert!(legal.contains(&Command::EndReaction));
    let darius_only = |c: &Command| match c {
        Command::EndReaction => true,
        Command::WithdrawLeader { leader, .. } => leader == "darius",
        _ => false,
    };
    assert!(legal.iter().all(darius_only), "{legal:?}");
    assert!(legal.iter().any(|c| matches!(c, Command::WithdrawLeader { .. })), "{legal:?}");
}

#[test]
fn darius_withdraws_four_hexes_toward_his_edge_and_the_leader_rides_on_gba_9_24() {
    let (mut game, _) = field("0205", true).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, ride(&["0305", "0405", "0505", "0605", "0705"]));
    // Not five hexes, nor back toward the west.
    let five =
        Command::WithdrawLeader { leader: "darius".into(), path: hexes(&["0905", "1004", "1104", "1203", "1303"]) };
    assert!(game.execute(&five).is_err());
    let back = Command::WithdrawLeader { leader: "darius".into(), path: hexes(&["0705"]) };
    assert!(game.execute(&back).is_err());
    // The rest of his move: no further order, the MP counted on (P128).
    assert_eq!(darius_goes(&mut game, &["0905", "1004", "1104", "1203"]), vec![moved(&["0705"], 1, 0)]);
    assert_eq!((game.state.leaders[0].at, game.state.leaders[0].mp_used), (h("0705"), 5));
    assert_eq!(game.state.leaders[1].at, h("1203"));
    assert!(
        matches!(&game.state.phase, Phase::Orders { orders_left, .. } if *orders_left == 1),
        "{:?}",
        game.state.phase
    );
}

#[test]
fn darius_declining_the_leader_comes_on_and_fights_him_gba_9_24_4_63() {
    // Hero 9 + 3 = 12, Darius 2 + 3 = 5: a difference of 7 kills, and the Macedonians win.
    let (mut game, _) = field("0205", true).start(&[9, 2]);
    ok(&mut game, activate("hero"));
    ok(&mut game, ride(&["0305", "0405", "0505", "0605", "0705"]));
    let events = ok(&mut game, Command::EndReaction);
    let [a, b] = personal_combat(9, 2);
    assert_eq!(
        events[..5],
        [
            Event::ReactionEnded,
            moved(&["0705"], 1, 0),
            a,
            b,
            Event::LeaderCasualty { leader: "darius".into(), result: LeaderResult::Killed, rule: "9.21".into() },
        ]
    );
    assert_eq!(events[5], Event::TargetLeaderLost { leader: "darius".into(), winner: 0 });
    assert!(matches!(events[6], Event::BattleEnded { winner: Some(0), .. }), "{events:?}");
}

#[test]
fn a_leader_starting_within_two_hexes_pauses_before_his_first_step_so_darius_goes_before_any_personal_combat_gba_9_24()
{
    let (mut game, _) = field("0605", true).start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, ride(&["0705"]));
    assert_eq!(events, vec![moved(&[], 0, 1), pause(&["0705"])]);
    // Darius slips away: the hero ends beside an empty hex and nobody fights (4.63).
    assert_eq!(darius_goes(&mut game, &["0905", "1004"]), vec![moved(&["0705"], 1, 0)]);
}

#[test]
fn an_ordinary_leader_does_not_withdraw_from_a_leader_and_the_move_is_not_stopped_gba_9_24_4_62() {
    let (mut game, _) = field("0205", false).start(&[4, 4]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, ride(&["0305", "0405", "0505", "0605", "0705"]));
    let [a, b] = personal_combat(4, 4);
    // Equal totals: nothing happens (9.21).
    assert_eq!(events, vec![moved(&["0305", "0405", "0505", "0605", "0705"], 5, 1), a, b]);
}

#[test]
fn the_pause_comes_again_when_the_leader_comes_near_darius_again_gba_9_24() {
    let (mut game, _) = field("0205", true).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, ride(&["0305", "0405", "0505", "0605", "0705", "0805", "0905"]));
    // Darius goes two hexes; the hero, riding on, comes within two hexes of him again at 0805.
    assert_eq!(darius_goes(&mut game, &["0905", "1004"]), vec![moved(&["0705", "0805"], 2, 0), pause(&["0905"])]);
}

#[test]
fn a_paused_reaction_from_an_old_save_still_loads_and_unit_pauses_do_not_grow_gba_9_24() {
    // A unit's move pausing for Darius (4.62): the saved phase carries no leader_move.
    let mut f = field("0205", true);
    f.units[0].push(unit("scouts", "LC", "", 2, 6, 9, "", "0305", "E"));
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("scouts", &["0405", "0505", "0605"], Vertex::E));
    let json = serde_json::to_string(&game.state.phase).unwrap();
    assert!(json.contains("\"mover\":\"scouts\"") && !json.contains("leader_move"), "{json}");
    let back: Phase = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game.state.phase);
}
