//! Orderly withdrawal from a rampaging elephant (GBA 6.71, 6.77, 11.14; CG 6.61, 6.62, 6.67,
//! 10.14; P75, P155): the rampage stops the instant it comes within two hexes of units that may
//! step out of its way, of either side, and goes on after them; so do leaders (4.62; P190,
//! P191). Loaded dice, exact events.

mod common;
use common::*;
use sarissa_rules::charts::leaders::LeaderResult;
use sarissa_rules::effects::cohesion::AfterRout;
use sarissa_rules::game::{Command, Event, LeaderStatus, Phase, RampageEnd, RollPurpose, RuleError};
use sarissa_rules::map::hex::{Hexside, Vertex};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::special::rampage::{Leg, Rampage};

/// Blue's slingers shoot at red's elephant `el`, one hit short of its TQ; `blue` and `red` add
/// units. The slingers stand at 0208, three hexes from 0507 and never two from the elephant
/// running north, unless `slingers_at` says otherwise.
fn field_with(rules: &'static str, el_at: &str, slingers_at: &str, blue: Vec<String>, red: Vec<String>) -> Field {
    elephant_field(rules, el_at, slingers_at, blue, red, "0105")
}

fn field(rules: &'static str, el_at: &str, blue: Vec<String>, red: Vec<String>) -> Field {
    field_with(rules, el_at, "0208", blue, red)
}

/// The volley that breaks the elephant: returns the game and the events from its first
/// rampage roll on.
fn break_it(f: &Field, dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let (mut game, _) = f.start(dice);
    let el = index(&game, "el");
    game.state.units[el].hits = 5;
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("slingers", "el"));
    let from = events
        .iter()
        .position(|e| matches!(e, Event::DieRolled { purpose: RollPurpose::Rampage { .. }, .. }))
        .unwrap_or_else(|| panic!("no rampage: {events:?}"));
    (game, events[from..].to_vec())
}

fn index(game: &sarissa_rules::Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

fn roll(r: u8) -> Event {
    Event::DieRolled { roll: r, purpose: RollPurpose::Rampage { unit: "el".into() } }
}

fn leg(
    r: u8,
    heading: Option<Hexside>,
    path: &[&str],
    collided: &[&str],
    end: Option<RampageEnd>,
    paused: bool,
) -> Event {
    el_leg(r, heading, path, collided, end, paused)
}

fn offer(side: usize, withdrawers: &[&str], waiting: &[&str], rampage: Rampage) -> Event {
    Event::RampageWithdrawalOffered {
        side,
        withdrawers: withdrawers.iter().map(|w| w.to_string()).collect(),
        waiting: waiting.iter().map(|w| w.to_string()).collect(),
        leaders: Vec::new(),
        waiting_leaders: Vec::new(),
        rampage,
        then: AfterRout::Settle,
    }
}

fn rampage(rolls: u8, cause: &str, leg: Option<(u8, Hexside, u8)>) -> Rampage {
    Rampage {
        unit: "el".into(),
        rolls,
        cause: Some(cause.into()),
        leg: leg.map(|(roll, heading, left)| Leg { roll, heading, left }),
        cascade: None,
        asked: Vec::new(),
    }
}

fn withdraw(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Withdraw { unit: unit.into(), path: path.iter().map(|p| h(p)).collect(), facing, fire: false, with: None }
}

/// The blue horse steps back from 0504 to 0503, keeping its facing: 1 MP (6.71).
fn horse_back_to_0503() -> Event {
    Event::UnitWithdrew {
        unit: "horse".into(),
        path: vec![h("0503")],
        placement: Placement::One(h("0503")),
        facing: Vertex::SW,
        mp: 1,
    }
}

fn gone() -> Event {
    Event::UnitEliminated { unit: "el".into(), rule: "11.14".into() }
}

#[test]
fn a_unit_beside_it_when_it_breaks_may_step_aside_before_it_runs_gba_6_71_6_77() {
    // It breaks beside the slingers, heading north (roll 1): they are asked at once, before it
    // moves ("or if it starts movement two hexes distant", 6.71).
    let f = field_with("alexander", "0505", "0405", vec![], vec![]);
    let (mut game, events) = break_it(&f, &[0, 1, 9]);
    assert_eq!(events, vec![roll(1), offer(0, &["slingers"], &[], rampage(1, "slingers", Some((1, Hexside::N, 3))))]);
    assert!(game.state.units[index(&game, "el")].rampaging);
    // Skirmishers step back two hexes from foot (6.71); GBA spares them the end check (6.72[3]).
    let events = ok(&mut game, withdraw("slingers", &["0305", "0205"], Vertex::E));
    assert_eq!(
        events,
        vec![
            Event::UnitWithdrew {
                unit: "slingers".into(),
                path: vec![h("0305"), h("0205")],
                placement: Placement::One(h("0205")),
                facing: Vertex::E,
                mp: 2,
            },
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0504", "0503", "0502"], &[], None, false),
            roll(9),
            leg(9, None, &[], &[], Some(RampageEnd::MahoutKilled), false),
            gone(),
        ]
    );
    // The orders phase the volley came in is open again.
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "hero"), "{:?}", game.state.phase);
    assert!(!game.state.units[index(&game, "el")].rampaging);
}

#[test]
fn a_unit_it_comes_within_two_hexes_of_may_step_aside_and_the_leg_goes_on_gba_6_77() {
    // Heading north from 0507 (roll 1): at 0506 it is two hexes from the blue cavalry at 0504,
    // which pulls back a hex. Running on, it comes within two hexes of it again at 0505 — it
    // may go again (6.77's example: the archers withdraw twice). It stands; the leg's third hex
    // is 0504, beside it, and the mahout's spike ends the rampage there.
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0504", "SW");
    let f = field("alexander", "0507", vec![horse], vec![]);
    let (mut game, events) = break_it(&f, &[0, 1, 3, 9]);
    assert_eq!(
        events,
        vec![
            roll(1),
            leg(1, Some(Hexside::N), &["0506"], &[], None, true),
            offer(0, &["horse"], &[], rampage(1, "slingers", Some((1, Hexside::N, 2)))),
        ]
    );
    assert_eq!(game.state.units[index(&game, "el")].placement, Placement::One(h("0506")));
    // Its allowance is 8 − 5 = 3 MP, away from the elephant, keeping its facing; the 6.72 check
    // passes on a 3.
    let events = ok(&mut game, withdraw("horse", &["0503"], Vertex::SW));
    assert_eq!(
        events,
        vec![
            horse_back_to_0503(),
            Event::DieRolled { roll: 3, purpose: RollPurpose::TqCheck { unit: "horse".into(), rule: "6.72".into() } },
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0505"], &[], None, true),
            offer(0, &["horse"], &[], rampage(1, "slingers", Some((1, Hexside::N, 1)))),
        ]
    );
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(
        events,
        vec![
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0504"], &[], None, false),
            roll(9),
            leg(9, None, &[], &[], Some(RampageEnd::MahoutKilled), false),
            gone(),
        ]
    );
    assert_eq!(game.state.units[index(&game, "horse")].hits, 0);
}

#[test]
fn standing_lets_it_come_on_as_it_would_have_gba_6_77() {
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0504", "SW");
    let f = field("alexander", "0507", vec![horse], vec![]);
    let (mut game, _) = break_it(&f, &[0, 1, 9]);
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(
        events[..2],
        [Event::RampageGoesOn { unit: "el".into() }, leg(1, Some(Hexside::N), &["0505"], &["horse"], None, false)]
    );
    assert_eq!(game.state.units[index(&game, "horse")].hits, 2);
}

#[test]
fn either_side_may_step_aside_the_enemy_first_then_its_own_side_gba_6_77() {
    // Red's own light horse at 0604 and blue's at 0404 both come within two hexes when it
    // reaches 0506: blue is asked, then red ("regardless of whose elephant", 6.77; P155).
    let blue = unit("horse", "LC", "J", 3, 5, 8, "J", "0404", "E");
    let red = unit("ally", "LC", "J", 3, 5, 8, "J", "0604", "W");
    let f = field("alexander", "0507", vec![blue], vec![red]);
    let (mut game, events) = break_it(&f, &[0, 1, 9]);
    assert_eq!(events[2], offer(0, &["horse"], &["ally"], rampage(1, "slingers", Some((1, Hexside::N, 2)))));
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(events, vec![offer(1, &["ally"], &[], rampage(1, "slingers", Some((1, Hexside::N, 2))))]);
    assert_eq!(game.decider(), Some(1));
    let events = ok(&mut game, withdraw("ally", &["0704"], Vertex::W));
    assert!(matches!(&events[0], Event::UnitWithdrew { unit, .. } if unit == "ally"), "{events:?}");
    assert!(events.contains(&Event::RampageGoesOn { unit: "el".into() }), "{events:?}");
}

#[test]
fn only_those_offered_may_withdraw_and_none_may_shoot_as_it_goes_gba_6_77_8_2() {
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0504", "SW");
    let far = unit("far", "LC", "J", 3, 5, 8, "J", "1002", "SW");
    let f = field("alexander", "0507", vec![horse, far], vec![]);
    let (mut game, _) = break_it(&f, &[0, 1, 9]);
    let refused = game.execute(&withdraw("far", &["1001"], Vertex::SW));
    assert!(matches!(refused, Err(RuleError::IllegalMove { rule: "6.77", .. })), "{refused:?}");
    let fire =
        Command::Withdraw { unit: "horse".into(), path: vec![h("0503")], facing: Vertex::SW, fire: true, with: None };
    assert!(matches!(game.execute(&fire), Err(RuleError::IllegalMove { rule: "8.2", .. })));
    // Orders wait until the rampage is over.
    let order = mv("horse", &["0503"], Vertex::SW);
    assert!(matches!(game.execute(&order), Err(RuleError::NotNow { .. })));
    // The legal commands are standing, and the horse's withdrawals.
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert_eq!(legal[0], Command::EndReaction);
    assert!(legal[1..].iter().all(|c| matches!(c, Command::Withdraw { unit, fire: false, .. } if unit == "horse")));
    assert!(legal.len() > 1);
}

#[test]
fn the_rampaging_elephant_pins_nobody_cg_10_14() {
    // Blue's cavalry stands in the elephant's front hex: were its ZOC live, the cavalry could
    // not withdraw (6.71 "not in an enemy ZOC"); rampaging, it has none.
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0506", "NE");
    let f = field_with("alexander", "0605", "0305", vec![horse], vec![]);
    let (game, events) = break_it(&f, &[0, 1, 9]);
    assert!(
        matches!(&events[1], Event::RampageWithdrawalOffered { withdrawers, .. } if withdrawers == &vec!["horse".to_string()]),
        "{events:?}"
    );
    assert!(!sarissa_rules::play::legal::legal_commands(&game).is_empty());
}

#[test]
fn cg_only_horses_and_chariots_of_the_enemy_and_its_own_side_step_aside_cg_6_61_6_67() {
    // CG: the enemy's light infantry is not asked, though faster; the elephant's own light
    // infantry is, about to be trampled by a friend (6.61); the enemy's horse is.
    let li = unit("li", "LI", "J", 3, 5, 6, "J", "0305", "E");
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0705", "SW");
    let friends = unit("friends", "LI", "J", 3, 5, 6, "J", "0604", "W");
    let f = field("chandragupta", "0507", vec![li, horse], vec![friends]);
    let (_, events) = break_it(&f, &[0, 1, 9]);
    let offered: Vec<(usize, Vec<String>, Vec<String>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::RampageWithdrawalOffered { side, withdrawers, waiting, .. } => {
                Some((*side, withdrawers.clone(), waiting.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(offered, vec![(0, vec!["horse".to_string()], vec!["friends".to_string()])]);
}

#[test]
fn a_cg_chariot_withdraws_one_mp_from_an_elephant_as_fast_as_it_cg_6_62() {
    // Exception 2 of 6.62: same MA, yet 1 MP back.
    let chariot = unit("chariot", "CH", "", 3, 5, 5, "J", "0504", "SW");
    let f = field("chandragupta", "0507", vec![chariot], vec![]);
    let (game, events) = break_it(&f, &[0, 1, 9]);
    assert!(
        matches!(&events[2], Event::RampageWithdrawalOffered { withdrawers, .. } if withdrawers == &vec!["chariot".to_string()]),
        "{events:?}"
    );
    let ways =
        sarissa_rules::movement::withdrawal::unit_withdrawals(&game.scenario, &game.state, index(&game, "chariot"));
    assert!(!ways.is_empty() && ways.iter().all(|d| d.mp <= 1 && d.path.len() == 1), "{ways:?}");
}

#[test]
fn a_gba_unit_no_faster_than_the_elephant_is_not_asked_gba_6_71() {
    // Medium infantry, MA 5 like the elephant, two hexes off: no withdrawal, no pause.
    let mi = unit("mi", "MI", "", 4, 5, 5, "", "0504", "SW");
    let f = field("alexander", "0507", vec![mi], vec![]);
    let (_, events) = break_it(&f, &[0, 1, 9]);
    assert!(!events.iter().any(|e| matches!(e, Event::RampageWithdrawalOffered { .. })), "{events:?}");
}

#[test]
fn a_paused_rampage_survives_a_save_and_load_gba_6_77() {
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0504", "SW");
    let f = field("alexander", "0507", vec![horse], vec![]);
    let (game, _) = break_it(&f, &[0, 1, 9]);
    let json = serde_json::to_string(&game.state).unwrap();
    let back: sarissa_rules::game::GameState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game.state);
}

#[test]
fn a_contingent_commander_may_go_with_a_unit_stepping_aside_gba_6_77_5_68() {
    // 5.6 on: Philotas, stacked with the blue horse, goes with it out of the elephant's way.
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0504", "SW");
    let mut f = field("alexander", "0507", vec![horse], vec![]);
    f.optional = vec!["contingent_commanders"];
    f.leaders[0].push("{ id = \"phil\", name = \"phil\", role = \"subordinate\", contingent = true, command_range = 4, charisma = 2, personal_combat = 3, contingent_units = [\"horse\"], at = \"0504\" }".into());
    let (mut game, _) = break_it(&f, &[0, 1, 3, 9]);
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert!(legal.iter().any(|c| matches!(c, Command::Withdraw { with: Some(w), .. } if w == "phil")), "{legal:?}");
    let events = ok(&mut game, withdraw("horse", &["0503"], Vertex::SW).with_rider("phil"));
    assert_eq!(
        events[0..2],
        [horse_back_to_0503(), Event::LeaderRodeAlong { leader: "phil".into(), unit: "horse".into(), to: h("0503") },]
    );
    let phil = game.scenario.leaders.iter().position(|l| l.id == "phil").unwrap();
    assert_eq!(game.state.leaders[phil].at, h("0503"));
}

/// An offer that names leaders too (4.62, P190): `side` decides for `withdrawers` and
/// `leaders`, the other side then for `waiting` and `waiting_leaders`.
fn offer_leaders(side: usize, units: [&[&str]; 2], leaders: [&[&str]; 2], rampage: Rampage) -> Event {
    let ids = |v: &[&str]| v.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    Event::RampageWithdrawalOffered {
        side,
        withdrawers: ids(units[0]),
        waiting: ids(units[1]),
        leaders: ids(leaders[0]),
        waiting_leaders: ids(leaders[1]),
        rampage,
        then: AfterRout::Settle,
    }
}

/// `rampage` having offered `leaders` a withdrawal (P191).
fn asked(mut rampage: Rampage, leaders: &[&str]) -> Rampage {
    rampage.asked = leaders.iter().map(|l| l.to_string()).collect();
    rampage
}

fn withdraw_leader(leader: &str, path: &[&str]) -> Command {
    Command::WithdrawLeader { leader: leader.into(), path: path.iter().map(|p| h(p)).collect() }
}

fn leader_index(game: &sarissa_rules::Game, id: &str) -> usize {
    game.scenario.leaders.iter().position(|l| l.id == id).unwrap()
}

/// Leader `id` is alive, at `at`.
fn alive_at(game: &sarissa_rules::Game, id: &str, at: &str) {
    let l = leader_index(game, id);
    assert_eq!(game.state.leaders[l].at, h(at));
    assert_ne!(game.state.leaders[l].status, LeaderStatus::Eliminated);
}

/// The mahout's spike ends it (a later 9, GBA 11.14).
fn spiked() -> [Event; 3] {
    [roll(9), leg(9, None, &[], &[], Some(RampageEnd::MahoutKilled), false), gone()]
}

/// Blue's aide alone at 0504; the elephant breaks at 0507 heading north (roll 1).
fn aide_field(rules: &'static str) -> Field {
    let mut f = field(rules, "0507", vec![], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0504"));
    f
}

#[test]
fn a_leader_it_comes_within_two_hexes_of_may_withdraw_out_of_its_way_gba_4_62_6_77() {
    // At 0506 it is two hexes from the aide: the rampage stops and he is offered his
    // withdrawal, 9 − 5 = 4 MP (4.62, 6.71). He rides back three hexes to 0501, each farther
    // from it; it runs on through 0505 to 0504, where he was, and stops there with its leg
    // spent, three hexes from him: no collision, no second pause. The mahout's spike ends it.
    let (mut game, events) = break_it(&aide_field("alexander"), &[0, 1, 9]);
    assert_eq!(
        events,
        vec![
            roll(1),
            leg(1, Some(Hexside::N), &["0506"], &[], None, true),
            offer_leaders(
                0,
                [&[], &[]],
                [&["aide"], &[]],
                asked(rampage(1, "slingers", Some((1, Hexside::N, 2))), &["aide"])
            ),
        ]
    );
    assert_eq!(game.decider(), Some(0));
    let events = ok(&mut game, withdraw_leader("aide", &["0503", "0502", "0501"]));
    assert_eq!(
        events,
        vec![
            Event::LeaderWithdrew { leader: "aide".into(), path: vec![h("0503"), h("0502"), h("0501")] },
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0505", "0504"], &[], None, false),
        ]
        .into_iter()
        .chain(spiked())
        .collect::<Vec<_>>()
    );
    alive_at(&game, "aide", "0501");
}

#[test]
fn a_leader_who_stood_when_he_could_have_gone_is_killed_when_it_runs_into_him_gba_11_14_p191() {
    // He stands at 0506's pause; the leg's next hex is 0505, beside him: it stops there and he,
    // having let his chance pass (CG 6.62 "or the chance is lost"), is killed, no roll.
    let (mut game, _) = break_it(&aide_field("alexander"), &[0, 1, 9]);
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(
        events,
        vec![
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0505"], &["aide"], None, false),
            Event::LeaderCasualty { leader: "aide".into(), result: LeaderResult::Killed, rule: "11.14".into() },
            roll(9),
            leg(9, None, &[], &[], Some(RampageEnd::MahoutKilled), false),
            gone(),
        ]
    );
    assert_eq!(game.state.leaders[leader_index(&game, "aide")].status, LeaderStatus::Eliminated);
}

#[test]
fn a_leader_stacked_with_a_unit_that_stands_is_killed_and_the_unit_hit_cg_10_14_p191() {
    // CG: the aide stacked with blue's horse at 0504; both are offered at 0506 and both stand.
    // At 0505 it runs into them: the horse takes 2 (cavalry always 2), the aide — "alone or
    // stacked" — is killed. CG's own rule number names the killing.
    let horse = unit("horse", "LC", "J", 3, 5, 8, "J", "0504", "SW");
    let mut f = field("chandragupta", "0507", vec![horse], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0504"));
    let (mut game, events) = break_it(&f, &[0, 1, 9]);
    assert_eq!(
        events[2],
        offer_leaders(
            0,
            [&["horse"], &[]],
            [&["aide"], &[]],
            asked(rampage(1, "slingers", Some((1, Hexside::N, 2))), &["aide"])
        )
    );
    let events = ok(&mut game, Command::EndReaction);
    assert_eq!(
        events[..4],
        [
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0505"], &["horse", "aide"], None, false),
            Event::CohesionHits { unit: "horse".into(), hits: 2, cause: sarissa_rules::game::HitCause::Rampage },
            Event::LeaderCasualty { leader: "aide".into(), result: LeaderResult::Killed, rule: "10.14".into() },
        ]
    );
}

#[test]
fn its_enemies_leaders_are_asked_first_then_its_own_side_gba_6_77_4_62() {
    // Blue's aide at 0404 and red's own subordinate at 0604 are both two hexes from 0506: blue
    // decides first (P155), then red, each leader riding a hex back from it (P190).
    let mut f = field("alexander", "0507", vec![], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0404"));
    f.leaders[1].push(leader("chief", "subordinate", 3, 3, "0604"));
    let (mut game, events) = break_it(&f, &[0, 1, 9]);
    let ramp = asked(rampage(1, "slingers", Some((1, Hexside::N, 2))), &["aide", "chief"]);
    assert_eq!(
        events,
        vec![
            roll(1),
            leg(1, Some(Hexside::N), &["0506"], &[], None, true),
            offer_leaders(0, [&[], &[]], [&["aide"], &["chief"]], ramp.clone()),
        ]
    );
    // Red's leader may not go before blue is done.
    let early = game.execute(&withdraw_leader("chief", &["0704"]));
    assert!(matches!(early, Err(RuleError::IllegalMove { rule: "4.62", .. })), "{early:?}");
    let events = ok(&mut game, withdraw_leader("aide", &["0304"]));
    assert_eq!(
        events,
        vec![
            Event::LeaderWithdrew { leader: "aide".into(), path: vec![h("0304")] },
            offer_leaders(1, [&[], &[]], [&["chief"], &[]], ramp),
        ]
    );
    assert_eq!(game.decider(), Some(1));
    let events = ok(&mut game, withdraw_leader("chief", &["0704"]));
    // At 0505 it comes within two hexes of both again: each may go again (6.77's example).
    assert_eq!(
        events,
        vec![
            Event::LeaderWithdrew { leader: "chief".into(), path: vec![h("0704")] },
            Event::RampageGoesOn { unit: "el".into() },
            leg(1, Some(Hexside::N), &["0505"], &[], None, true),
            offer_leaders(
                0,
                [&[], &[]],
                [&["aide"], &["chief"]],
                asked(rampage(1, "slingers", Some((1, Hexside::N, 1))), &["aide", "chief"])
            ),
        ]
    );
}

#[test]
fn the_legal_commands_in_the_pause_are_exactly_what_it_accepts_gba_4_62_6_77() {
    // Standing, and one leader withdrawal for each hex the aide may reach in 4 MP, each farther
    // from the elephant; every one of them is accepted, a hex nearer it is not.
    let (game, _) = break_it(&aide_field("alexander"), &[0, 1, 9]);
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert_eq!(legal[0], Command::EndReaction);
    assert!(legal.len() > 1);
    for c in &legal[1..] {
        assert!(matches!(c, Command::WithdrawLeader { leader, .. } if leader == "aide"), "{c:?}");
        let mut g = game.clone();
        assert!(g.execute(c).is_ok(), "{c:?}");
    }
    let mut g = game.clone();
    let nearer = g.execute(&withdraw_leader("aide", &["0505"]));
    assert!(matches!(nearer, Err(RuleError::IllegalMove { rule: "4.62", .. })), "{nearer:?}");
    // The hero, far off at 0105, was not asked.
    let hero = g.execute(&withdraw_leader("hero", &["0104"]));
    assert!(matches!(hero, Err(RuleError::IllegalMove { rule: "4.62", .. })), "{hero:?}");
}

#[test]
fn a_cg_leader_is_asked_where_a_foot_unit_beside_him_is_not_cg_4_82_6_67_p190() {
    // CG: blue's light infantry at 0505 may not step aside (6.67: horses and chariots only), but
    // the aide with it may (4.82 "the instant any combat unit moves adjacent"; P190). The
    // elephant begins two hexes off, so they are asked at once, before it moves (6.71).
    let li = unit("li", "LI", "J", 3, 5, 6, "J", "0505", "SW");
    let mut f = field("chandragupta", "0507", vec![li], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0505"));
    let (_, events) = break_it(&f, &[0, 1, 9]);
    assert_eq!(
        events,
        vec![
            roll(1),
            offer_leaders(
                0,
                [&[], &[]],
                [&["aide"], &[]],
                asked(rampage(1, "slingers", Some((1, Hexside::N, 3))), &["aide"])
            )
        ]
    );
}

#[test]
fn a_leader_stacked_with_the_elephant_stays_behind_unasked_gba_11_14_p74() {
    // Red's subordinate shares the elephant's hex as it breaks: it leaves him behind, and he
    // is not asked; no pause at all.
    let mut f = field("alexander", "0507", vec![], vec![]);
    f.leaders[1].push(leader("rider", "subordinate", 3, 3, "0507"));
    let (game, events) = break_it(&f, &[0, 5, 1, 9]);
    assert!(!events.iter().any(|e| matches!(e, Event::RampageWithdrawalOffered { .. })), "{events:?}");
    // The volley's leader casualty check (8.19) came first: a 5 spares him.
    alive_at(&game, "rider", "0507");
}

#[test]
fn the_random_player_plays_through_a_pause_with_a_leader_in_it_gba_4_62_6_77() {
    // Whatever it picks — standing, or one of the aide's withdrawals — the engine takes it and
    // the rampage runs to its end; over a few seeds it sometimes has him ride off (P190).
    let mut rode = false;
    for seed in 0..12 {
        let (mut game, _) = break_it(&aide_field("alexander"), &[0, 1, 9]);
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        while matches!(game.state.phase, Phase::RampageWithdrawal { .. }) {
            let c = player.choose(&game).expect("a command in the pause");
            rode |= matches!(c, Command::WithdrawLeader { .. });
            ok(&mut game, c);
        }
        assert!(game.state.units[index(&game, "el")].eliminated);
    }
    assert!(rode);
}

#[test]
fn a_leader_never_asked_who_could_withdraw_stays_unharmed_gba_11_14_p191() {
    // The aide is two hexes off at 0505 as it breaks, but its first roll, 0, finds no friend
    // to run at: it stands, no heading, nobody asked (P74). Its next roll, 1, takes it north to
    // 0506, beside him — he was within two hexes already, so no new chance — and it stops
    // short of his hex. Never asked, and able to withdraw (4.62's test), he stays unharmed.
    let mut f = field("alexander", "0507", vec![], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0505"));
    let (game, events) = break_it(&f, &[0, 0, 1, 9]);
    assert_eq!(
        events,
        vec![
            roll(0),
            leg(0, None, &[], &[], None, false),
            roll(1),
            leg(1, Some(Hexside::N), &["0506"], &["aide"], None, false),
        ]
        .into_iter()
        .chain(spiked())
        .collect::<Vec<_>>()
    );
    alive_at(&game, "aide", "0505");
}
