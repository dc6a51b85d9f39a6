//! Guild Enmity's forced cases (CG 10.72[1], [2]; digest G35; ruling P129), with loaded dice on
//! a `rules = "chandragupta"` field: a guild chief carried by a router into or through a rival
//! chief's hex is Finished; a guild unit forced through a rival guild's unit by the crisis of
//! faith routs, the unit passed taking 1 hit and a TQ check; withdrawals of one's own will keep
//! clear of rivals.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, LeaderStatus, Phase, RollPurpose};
use sarissa_rules::map::hex::{HexId, Hexside, Vertex};
use sarissa_rules::play::Game;

/// A scenario line with more keys.
fn with(line: String, extra: &str) -> String {
    format!("{}, {extra} }}", line.trim_end_matches(" }"))
}

fn sreni(id: &str, kind: &str, tq: u8, at: &str, facing: &str, guild: &str) -> String {
    with(unit(id, kind, "", 5, tq, 6, "", at, facing), &format!("grade = \"sreni\", guild = \"{guild}\""))
}

fn chief(id: &str, guild: &str, initiative: u8, at: &str) -> String {
    with(leader(id, "guild-chief", initiative, 3, at), &format!("guild = \"{guild}\""))
}

fn cg(units: [Vec<String>; 2], leaders: [Vec<String>; 2]) -> Field {
    Field { rules: "chandragupta", macedonian: [false, false], units, leaders, ..Field::default() }
}

/// Blue archers at 0305 shoot red's Kamboja unit k1 (TQ 1) at 0405, with its chief gc stacked
/// on it; red's Malla chief gm stands at `gm_at`, of guild `gm_guild`.
fn rout_field(gm_at: &str, gm_guild: &str) -> Field {
    cg(
        [
            vec![unit("bows", "LI", "", 3, 5, 5, "A", "0305", "E")],
            vec![sreni("k1", "MI", 1, "0405", "W", "kamboja"), sreni("m1", "MI", 4, "1109", "W", "malla")],
        ],
        [
            vec![leader("hero", "overall", 1, 8, "0205")],
            vec![
                leader("foe", "overall", 7, 4, "1210"),
                chief("gc", "kamboja", 5, "0405"),
                chief("gm", gm_guild, 5, gm_at),
            ],
        ],
    )
}

/// Where k1's rout takes it (the hexes entered), computed on a field without gm in the way
/// (leaders never block a router).
fn rout_path() -> Vec<HexId> {
    let (game, _) = rout_field("1201", "malla").start(&[]);
    let routed = vec![false; game.scenario.units.len()];
    let plan = sarissa_rules::effects::rout::rout_move(
        &game.scenario,
        &game.state,
        1,
        sarissa_rules::effects::rout::RoutLeg::Hexes(2),
        &routed,
    );
    let sarissa_rules::effects::rout::RoutPlan::Moves(track) = plan else { panic!("{plan:?}") };
    track.path.iter().flat_map(|p| p.hexes()).collect()
}

/// The archers shoot (a roll of 1: a hit); k1 takes its hit and routs, carrying gc.
fn shoot(gm_at: HexId, gm_guild: &str) -> (Game, Vec<Event>) {
    let (mut game, _) = rout_field(&gm_at.to_string(), gm_guild).start(&[1]);
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, fire("bows", "k1"));
    // The owner's choice between equal hexes (P120): the first by id, as rout_path takes.
    events.extend(common::rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "k1")), "{events:?}");
    (game, events)
}

fn gc_status(game: &Game) -> LeaderStatus {
    game.state.leaders[game.scenario.leaders.iter().position(|l| l.id == "gc").unwrap()].status
}

#[test]
fn cg_10_72_1_a_chief_carried_by_a_router_into_a_rival_chiefs_hex_is_finished() {
    let path = rout_path();
    let end = *path.last().unwrap();
    let (game, events) = shoot(end, "malla");
    let k = events.iter().position(|e| matches!(e, Event::LeaderWithdrew { leader, .. } if leader == "gc")).unwrap();
    assert_eq!(events[k], Event::LeaderWithdrew { leader: "gc".into(), path: vec![end] });
    assert_eq!(events[k + 1], Event::LeaderFinished { leader: "gc".into() });
    assert_eq!(gc_status(&game), LeaderStatus::Finished);
}

#[test]
fn cg_10_72_1_a_chief_carried_through_a_rival_chiefs_hex_is_finished() {
    let path = rout_path();
    assert!(path.len() >= 2, "{path:?}");
    let (game, events) = shoot(path[0], "malla");
    assert!(events.contains(&Event::LeaderFinished { leader: "gc".into() }), "{events:?}");
    assert_eq!(gc_status(&game), LeaderStatus::Finished);
}

#[test]
fn cg_10_72_1_a_chief_of_the_same_guild_there_changes_nothing() {
    let end = *rout_path().last().unwrap();
    let (game, events) = shoot(end, "kamboja");
    assert!(!events.iter().any(|e| matches!(e, Event::LeaderFinished { .. })), "{events:?}");
    assert_eq!(gc_status(&game), LeaderStatus::Inactive);
}

/// Blue's raja (CR 6) at 0205 with two Sreni light infantry of rival guilds (or not): k1 at 0505,
/// m1 at 0405 in the one way back; woods close the other hexes away from the red horse at 0805.
fn crisis_field(m1_guild: &str) -> Field {
    let (k1_at, enemy) = (h("0505"), h("0805"));
    let woods: Vec<&'static str> = Hexside::ALL
        .iter()
        .filter_map(|s| k1_at.neighbour(*s))
        .filter(|n| *n != h("0405") && n.distance(enemy) > k1_at.distance(enemy))
        .map(|n| &*Box::leak(n.to_string().into_boxed_str()))
        .collect();
    Field {
        terrain: woods.into_iter().map(|w| (w, 'w')).collect(),
        ..cg(
            [
                vec![sreni("k1", "LI", 5, "0505", "E", "kamboja"), sreni("m1", "LI", 5, "0405", "E", m1_guild)],
                vec![unit("r", "HC", "", 5, 6, 7, "", "0805", "W")],
            ],
            [vec![leader("raja", "overall", 4, 6, "0205")], vec![leader("foe", "overall", 7, 4, "1210")]],
        )
    }
}

/// Momentum tried: 9, the die roll of doom; 9 again, the crisis of faith (5.33[3]).
fn crisis(m1_guild: &str, dice: &[u8]) -> Vec<Event> {
    let mut all = vec![9, 9];
    all.extend_from_slice(dice);
    let (mut game, _) = crisis_field(m1_guild).start(&all);
    ok(&mut game, activate("raja"));
    end_orders(&mut game);
    assert!(matches!(game.state.phase, Phase::Momentum { .. }), "{:?}", game.state.phase);
    ok(&mut game, Command::TryMomentum)
}

#[test]
fn cg_10_72_2_a_guild_unit_forced_through_a_rival_by_the_crisis_of_faith_routs_and_the_rival_checks() {
    // m1 takes its hit and rolls 8 against TQ 5: 3 more (G35).
    let events = crisis("malla", &[8, 0, 0, 0, 0]);
    let k = events.iter().position(|e| matches!(e, Event::UnitWithdrew { unit, .. } if unit == "k1")).unwrap();
    let Event::UnitWithdrew { path, .. } = &events[k] else { unreachable!() };
    assert_eq!(path[0], h("0405"), "{events:?}");
    assert_eq!(
        events[k + 1..k + 4],
        [
            Event::CohesionHits { unit: "m1".into(), hits: 1, cause: HitCause::GuildEnmity },
            Event::DieRolled { roll: 8, purpose: RollPurpose::TqCheck { unit: "m1".into(), rule: "10.72".into() } },
            Event::CohesionHits { unit: "m1".into(), hits: 3, cause: HitCause::GuildEnmity },
        ]
    );
    assert!(
        matches!(&events[k + 4], Event::UnitRouted { unit, rule, .. } if unit == "k1" && rule == "10.72"),
        "{events:?}"
    );
}

#[test]
fn cg_10_72_2_through_a_unit_of_its_own_guild_the_crisis_withdrawal_is_only_the_usual_one() {
    let events = crisis("kamboja", &[0, 0, 0, 0]);
    let k = events.iter().position(|e| matches!(e, Event::UnitWithdrew { unit, .. } if unit == "k1")).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { cause: HitCause::GuildEnmity, .. })));
    assert!(!events[k..].iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "k1")), "{events:?}");
}

#[test]
fn cg_10_72_2_an_orderly_withdrawal_never_passes_through_a_rival_guilds_unit() {
    // Blue foot (MA 2) comes within two hexes of k1 (MA 6): k1 may withdraw 4 MP, but not
    // through m1 if m1 is of the Malla; through a Kamboja unit it may (6.92).
    for (guild, through) in [("malla", false), ("kamboja", true)] {
        let f = cg(
            [
                vec![unit("foot", "HI", "", 5, 6, 2, "", "0305", "E")],
                vec![sreni("k1", "LI", 5, "0605", "W", "kamboja"), sreni("m1", "LI", 5, "0705", "W", guild)],
            ],
            [vec![leader("hero", "overall", 1, 8, "0205")], vec![leader("foe", "overall", 7, 4, "1210")]],
        );
        let (mut game, _) = f.start(&[0, 0, 0, 0]);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("foot", &["0405"], Vertex::E));
        assert!(
            matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers.contains(&"k1".to_string()))
        );
        let go = Command::Withdraw {
            unit: "k1".into(),
            path: vec![h("0705"), h("0805")],
            facing: Vertex::W,
            fire: false,
            with: None,
        };
        match game.execute(&go) {
            Ok(_) => assert!(through, "{guild}"),
            Err(e) => {
                assert!(!through, "{guild}: {e}");
                assert!(e.to_string().contains("10.72"), "{e}");
            }
        }
    }
}

#[test]
fn cg_10_72_1_a_chiefs_own_withdrawal_never_goes_into_a_rival_chiefs_hex() {
    // Blue foot (MA 2) comes within two hexes of red's lone Kamboja chief at 0605 (4.62).
    let f = cg(
        [
            vec![unit("foot", "HI", "", 5, 6, 2, "", "0305", "E")],
            vec![sreni("k1", "MI", 5, "1109", "W", "kamboja"), sreni("m1", "MI", 5, "1209", "W", "malla")],
        ],
        [
            vec![leader("hero", "overall", 1, 8, "0205")],
            vec![
                leader("foe", "overall", 7, 4, "1210"),
                chief("gc", "kamboja", 5, "0605"),
                chief("gm", "malla", 5, "0705"),
            ],
        ],
    );
    let (mut game, _) = f.start(&[0, 0, 0, 0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405"], Vertex::E));
    assert!(matches!(&game.state.phase, Phase::Reaction { leaders, .. } if leaders.contains(&"gc".to_string())));
    let gc = game.scenario.leaders.iter().position(|l| l.id == "gc").unwrap();
    let ways = sarissa_rules::movement::withdrawal::leader_withdrawals(&game.scenario, &game.state, gc);
    assert!(!ways.contains_key(&h("0705")) && !ways.is_empty(), "{ways:?}");
    let into = Command::WithdrawLeader { leader: "gc".into(), path: vec![h("0705")] };
    let err = game.execute(&into).unwrap_err();
    assert!(err.to_string().contains("10.72"), "{err}");
}
