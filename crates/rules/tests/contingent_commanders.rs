//! Macedonian contingent commanders (GBA 5.6, optional), with loaded dice: activation by the
//! overall or a wing commander for 1-3 orders (5.63, T7), one line command to his own units in
//! his range (5.65), no momentum (5.66), shock for his units only (7.33, 10.31), PW (6.83).

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, LeaderStatus, Phase, PwDeclaration};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;
use std::sync::Arc;

/// A leader of blue with a contingent: `initiative` `None` for a "C" leader (`contingent = true`).
fn mcc(id: &str, initiative: Option<u8>, range: u8, units: &[&str], at: &str) -> String {
    let rating = initiative.map_or("contingent = true".to_string(), |i| format!("initiative = {i}"));
    let units = units.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", ");
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"subordinate\", {rating}, command_range = {range}, charisma = 1, personal_combat = 3, contingent_units = [{units}], at = \"{at}\" }}")
}

fn hc(id: &str, at: &str) -> String {
    unit(id, "HC", "", 3, 7, 7, "", at, "E")
}

/// Blue: Alexander-like `alex` (overall, initiative 6, CR 6 at 0205) and `phil`, initiative 4
/// and CR 4 at 0405, with the contingent hc1-hc3; `free`, an HC of no contingent. Red's `foe`
/// (initiative 8) waits far off with one unit.
fn field(optional: &[&'static str]) -> Field {
    Field {
        units: [
            vec![hc("hc1", "0505"), hc("hc2", "0506"), hc("hc3", "0604"), hc("free", "0303")],
            vec![unit("red", "HC", "", 3, 7, 7, "", "1209", "W")],
        ],
        leaders: [
            vec![leader("alex", "overall", 6, 6, "0205"), mcc("phil", Some(4), 4, &["hc1", "hc2", "hc3"], "0405")],
            vec![leader("foe", "overall", 8, 4, "1210")],
        ],
        optional: optional.to_vec(),
        ..Field::default()
    }
}

fn contingent(id: &str) -> Command {
    Command::Contingent { leader: id.into() }
}

fn active(game: &Game) -> String {
    match &game.state.phase {
        Phase::Orders { leader, .. } => leader.clone(),
        other => panic!("not an orders phase: {other:?}"),
    }
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// 5.63, T7: the cost is the contingent's units less one, at least 1 and at most 3.
#[test]
fn activation_costs_units_less_one_between_1_and_3_gba_5_63_t7() {
    let all = ["hc1", "hc2", "hc3", "c4", "c5"];
    for (n, cost) in [(1usize, 1u8), (2, 1), (3, 2), (4, 3), (5, 3)] {
        let mut f = field(&["contingent_commanders"]);
        f.units[0].extend([hc("c4", "0405"), hc("c5", "0406")]);
        f.leaders[0][1] = mcc("phil", Some(4), 4, &all[..n], "0405");
        let (mut game, _) = f.start(&[]);
        assert_eq!(offered(&game), ids(&["alex"]), "5.62: the MCC is not in the initiative chain");
        ok(&mut game, activate("alex"));
        let events = ok(&mut game, contingent("phil"));
        let Event::ContingentActivated { leader, contingent, orders, .. } = &events[0] else { panic!("{events:?}") };
        assert_eq!((leader.as_str(), contingent.as_str(), *orders), ("alex", "phil", cost), "{n} units");
        assert_eq!(active(&game), "phil");
        ok(&mut game, Command::EndOrders);
        assert_eq!(orders_left(&game), 6 - cost, "{n} units");
    }
}

/// 5.63: within ceil(CR/2) of the commander, counted along his command path (P112): CR 5 reaches
/// 3 hexes, not 4.
#[test]
fn an_mcc_must_be_within_half_the_commanders_range_rounded_up_gba_5_63() {
    let mut f = field(&["contingent_commanders"]);
    f.leaders[0][0] = leader("alex", "overall", 6, 5, "0205");
    f.leaders[0][1] = mcc("phil", Some(4), 4, &["hc1", "hc2"], "0505");
    f.leaders[0].push(mcc("near", None, 3, &["hc3", "free"], "0504"));
    let (mut game, _) = f.start(&[]);
    assert_eq!(h("0205").distance(h("0505")), 3);
    assert_eq!(h("0205").distance(h("0606")), 4);
    ok(&mut game, activate("alex"));
    // Both 3 hexes off: both may come.
    let open = sarissa_rules::play::legal::contingent_commands(&game.scenario, &game.state, 0);
    assert_eq!(open, vec![contingent("phil"), contingent("near")]);
    // phil moves on to 0606 first, four hexes off: out of reach.
    f.leaders[0][1] = mcc("phil", Some(4), 4, &["hc1", "hc2"], "0606");
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.63");
    ok(&mut game, contingent("near"));
}

/// 5.63: not with fewer orders left than he costs; 5.6: not with the optional rule off, when
/// he is an ordinary leader with his initiative (P112).
#[test]
fn refused_without_the_orders_or_the_optional_rule_gba_5_63_5_6() {
    let mut f = field(&["contingent_commanders"]);
    f.leaders[0][0] = leader("alex", "overall", 1, 6, "0205");
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.63", "3 units cost 2; he has 1");

    let (mut game, _) = field(&[]).start(&[]);
    assert_eq!(offered(&game), ids(&["phil"]), "with 5.6 off he is activated by his initiative, 4");
    ok(&mut game, pass("phil"));
    ok(&mut game, activate("alex"));
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.6");
}

/// 5.62: only the overall or a Macedonian wing commander activates one; he never trumps and is
/// never offered in the initiative order.
#[test]
fn only_the_overall_or_a_wing_commander_activates_an_mcc_gba_5_62_4_52() {
    let mut f = field(&["contingent_commanders"]);
    f.leaders[0].push(leader("sub", "subordinate", 2, 6, "0304"));
    f.leaders[0].push(leader("parm", "wing", 3, 6, "0306"));
    f.leaders[1][0] = leader("foe", "overall", 2, 4, "1210");
    let (mut game, _) = f.start(&[]);
    assert_eq!(offered(&game), ids(&["foe"]), "red goes first on the tie");
    let trumps = sarissa_rules::command::trump::trump_options(&game.scenario, &game.state);
    assert!(trumps.iter().all(|&t| game.scenario.leaders[t].id != "phil"), "an MCC never trumps");
    ok(&mut game, pass("foe"));
    assert_eq!(offered(&game), ids(&["sub"]));
    ok(&mut game, activate("sub"));
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.62");
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    // The wing commander may (4.52).
    assert_eq!(offered(&game), ids(&["parm"]));
    ok(&mut game, activate("parm"));
    let events = ok(&mut game, contingent("phil"));
    assert!(matches!(&events[0], Event::ContingentActivated { leader, orders: 2, .. } if leader == "parm"));
}

/// 5.65: every unit of his contingent within his command range, however scattered — no 4.33
/// adjacency, no halved range — and none beyond it.
#[test]
fn his_line_is_his_units_within_his_range_without_4_33_composition_gba_5_65() {
    let mut f = field(&["contingent_commanders"]);
    // hc3 four hexes off (beyond ceil(4/2) = 2, inside CR 4), far apart from the others; hc4 five.
    f.units[0] = vec![hc("hc1", "0405"), hc("hc2", "0507"), hc("hc3", "0805"), hc("hc4", "0905"), hc("free", "0406")];
    f.leaders[0][1] = mcc("phil", Some(4), 4, &["hc1", "hc2", "hc3", "hc4"], "0405");
    let (mut game, _) = f.start(&[]);
    assert_eq!(h("0405").distance(h("0805")), 4);
    assert_eq!(h("0405").distance(h("0905")), 5);
    ok(&mut game, activate("alex"));
    let events = ok(&mut game, contingent("phil"));
    assert_eq!(
        events[0],
        Event::ContingentActivated {
            leader: "alex".into(),
            contingent: "phil".into(),
            orders: 3,
            units: ids(&["hc1", "hc2", "hc3"]),
        }
    );
    // The far one moves under it, without an order counted.
    ok(&mut game, mv("hc3", &["0806"], Vertex::E));
    assert_eq!(orders_left(&game), 0);
}

/// 5.65: he gives no individual orders: a unit not of his line is refused, and so is recovery;
/// and no other line command.
#[test]
fn an_mcc_gives_no_individual_orders_gba_5_65() {
    let (mut game, _) = field(&["contingent_commanders"]).start(&[]);
    ok(&mut game, activate("alex"));
    ok(&mut game, contingent("phil"));
    assert_eq!(contingent_refusal(&mut game, mv("free", &["0403"], Vertex::E)), "5.65");
    assert!(game.execute(&Command::Recover { unit: "hc1".into() }).is_err(), "10.16: not by his command");
    let line = Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::of(sarissa_rules::scenario::units::UnitType::HC, None),
        anchor: "hc1".into(),
        formation: sarissa_rules::command::line::Formation::Abreast,
        units: Vec::new(),
    };
    assert_eq!(game.execute(&line).unwrap_err().rule(), "5.65");
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.62", "nor does he activate another");
}

/// 5.65, 4.36: he may go with his line even out of an enemy ZOC, at no order's cost; then the
/// overall commander goes on with the orders he has left (5.64), and the one MCC is not
/// activated twice in the phase.
#[test]
fn the_mcc_moves_out_of_an_enemy_zoc_and_the_commander_goes_on_gba_5_65_5_64() {
    let mut f = field(&["contingent_commanders"]);
    f.units[1] = vec![unit("red", "HI", "", 5, 6, 5, "", "0605", "W")];
    f.units[0] = vec![hc("hc1", "0505"), hc("hc2", "0405"), hc("hc3", "0304"), hc("free", "0303")];
    f.leaders[0][1] = mcc("phil", Some(4), 4, &["hc1", "hc2", "hc3"], "0505");
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    assert!(sarissa_rules::command::orders::leader_in_enemy_zoc(&game.scenario, &game.state, 1));
    ok(&mut game, contingent("phil"));
    let events = ok(&mut game, Command::MoveLeader { leader: "phil".into(), path: vec![h("0405"), h("0305")] });
    assert!(
        matches!(&events[0], Event::LeaderMoved { leader, orders: 0, left_enemy_zoc: true, by_overall: false, .. } if leader == "phil"),
        "{events:?}"
    );
    ok(&mut game, mv("hc2", &["0406"], Vertex::E));
    let events = ok(&mut game, Command::EndOrders);
    assert_eq!(
        events,
        vec![Event::ContingentCommandEnded { leader: "phil".into(), commander: "alex".into(), orders_left: 4 }]
    );
    assert_eq!(active(&game), "alex");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Inactive, "not Finished");
    // Alex's individual orders go on; hc2 has had its order this phase (5.23).
    assert!(game.execute(&mv("hc2", &["0407"], Vertex::E)).is_err());
    ok(&mut game, mv("free", &["0403"], Vertex::E));
    assert_eq!(orders_left(&game), 3);
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.63", "once an orders phase");
}

/// 5.66: the MCC never rolls momentum: his command ends back in the commander's phase, and
/// momentum is offered to the commander only. An OC in a momentum phase may still activate him
/// (P112).
#[test]
fn an_mcc_never_rolls_momentum_but_a_momentum_phase_may_use_him_gba_5_66() {
    let (mut game, _) = field(&["contingent_commanders"]).start(&[0]);
    ok(&mut game, activate("alex"));
    ok(&mut game, contingent("phil"));
    let events = ok(&mut game, Command::EndOrders);
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { .. })));
    let events = end_orders(&mut game);
    assert!(events.contains(&Event::MomentumOffered { leader: "alex".into() }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { leader } if leader == "phil")));
    ok(&mut game, Command::TryMomentum);
    if matches!(game.state.phase, Phase::TrumpResponse { .. }) {
        ok(&mut game, Command::DeclineTrump);
    }
    assert!(matches!(game.state.phase, Phase::Orders { momentum: true, .. }), "{:?}", game.state.phase);
    let events = ok(&mut game, contingent("phil"));
    assert!(matches!(&events[0], Event::ContingentActivated { orders: 2, .. }));
}

/// 7.33, 10.31: his range enables shock in the commander's segment for his own units only.
#[test]
fn his_range_enables_shock_for_his_own_units_only_gba_7_33_10_31() {
    let mut f = field(&["contingent_commanders"]);
    f.leaders[0][0] = leader("alex", "overall", 6, 2, "0205");
    f.leaders[0][1] = mcc("phil", Some(4), 4, &["hc1", "hc2"], "0305");
    // hc1 and free both beside a red unit, three hexes from phil, four from alex.
    f.units[0] = vec![hc("hc1", "0605"), hc("hc2", "0304"), hc("free", "0607")];
    f.units[1] = vec![unit("r1", "HI", "", 5, 6, 5, "", "0705", "W"), unit("r2", "HI", "", 5, 6, 5, "", "0707", "W")];
    let (mut game, _) = f.start(&[]);
    assert!(h("0605").is_adjacent(h("0705")) && h("0607").is_adjacent(h("0707")));
    ok(&mut game, activate("alex"));
    ok(&mut game, contingent("phil"));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::EndOrders);
    let Phase::Shock { optional, lenders, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
    assert_eq!(optional, &ids(&["hc1"]));
    assert_eq!(lenders, &ids(&["phil"]));
    // Without him, nobody may shock.
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    ok(&mut game, Command::EndOrders);
    assert!(!matches!(game.state.phase, Phase::Shock { .. }), "{:?}", game.state.phase);
}

/// 6.81, 6.83: an MCC may hold a PW order for his phalanxes; once he is activated, that line may
/// not move.
#[test]
fn his_line_holding_a_pw_order_may_not_move_when_he_is_activated_gba_6_83() {
    let mut f = field(&["contingent_commanders"]);
    f.units[0] = vec![
        unit("ph1", "PH", "MA", 10, 7, 4, "", "0504-0505", "E"),
        unit("ph2", "PH", "MA", 10, 7, 4, "", "0506-0507", "E"),
        hc("free", "0303"),
    ];
    f.leaders[0][1] = mcc("crat", None, 3, &["ph1", "ph2"], "0405");
    let (mut game, _) = f.start_declaring(&[]);
    let Phase::PreArranged { leaders, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
    assert!(leaders.contains(&"crat".to_string()), "{leaders:?}");
    let pw = PwDeclaration { leader: "crat".into(), units: ids(&["ph1", "ph2"]) };
    ok(&mut game, Command::DeclarePreArranged { lines: vec![pw] });
    no_pw(&mut game);
    ok(&mut game, activate("alex"));
    let events = ok(&mut game, contingent("crat"));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PreArrangedRevealed { leader, activated: true, .. } if leader == "crat")));
    let err = game
        .execute(&Command::MoveTo {
            unit: "ph1".into(),
            to: Placement::Two(h("0604"), h("0605")),
            facing: Vertex::E,
            with: None,
        })
        .unwrap_err();
    assert_eq!(err.rule(), "6.83");
}

/// 5.64 [optional limit, `contingent_limit`]: a wing commander one MCC an orders phase, the
/// overall commander two.
#[test]
fn the_optional_limit_allows_a_wing_commander_one_and_the_overall_two_gba_5_64() {
    let mut f = field(&["contingent_commanders", "contingent_limit"]);
    f.units[0].extend([hc("a1", "0304"), hc("a2", "0306")]);
    f.leaders[0].push(mcc("agr", None, 3, &["a1", "a2"], "0304"));
    f.leaders[0].push(mcc("thr", None, 3, &["free"], "0303"));
    f.leaders[0].push(leader("parm", "wing", 3, 6, "0306"));
    let (mut game, _) = f.start(&[]);
    assert_eq!(offered(&game), ids(&["parm"]));
    ok(&mut game, activate("parm"));
    ok(&mut game, contingent("agr"));
    ok(&mut game, Command::EndOrders);
    assert_eq!(contingent_refusal(&mut game, contingent("phil")), "5.64");
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("alex"));
    for m in ["phil", "thr"] {
        ok(&mut game, contingent(m));
        ok(&mut game, Command::EndOrders);
    }
    assert_eq!(contingent_refusal(&mut game, contingent("agr")), "5.64");
    // Without the limit the wing commander could go on.
    let mut g = f.clone_without_limit().start(&[]).0;
    ok(&mut g, activate("parm"));
    ok(&mut g, contingent("agr"));
    ok(&mut g, Command::EndOrders);
    ok(&mut g, contingent("thr"));
}

trait WithoutLimit {
    fn clone_without_limit(&self) -> Field;
}

impl WithoutLimit for Field {
    fn clone_without_limit(&self) -> Field {
        Field {
            units: self.units.clone(),
            leaders: self.leaders.clone(),
            optional: vec!["contingent_commanders"],
            ..Field::default()
        }
    }
}

/// The Issus scenario gives Philotas the Companions (5.67's own example): with 5.6 switched on
/// he is their MCC and leaves the initiative chain; T8: Alexander's 7 orders less 3 leave 4.
#[test]
fn philotas_is_the_companions_mcc_at_issus_with_the_option_on_gba_5_67_t8() {
    let text = include_str!("../../../scenarios/issus.toml");
    let mut scenario = sarissa_rules::load("issus.toml", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!scenario.meta.optional_rules.contingent_commanders, "the scenario leaves 5.6 off");
    let philotas = scenario.leaders.iter().position(|l| l.id == "philotas").unwrap();
    assert_eq!(scenario.leaders[philotas].initiative, Some(4));
    assert_eq!(scenario.leaders[philotas].contingent_units.len(), 8);
    assert!(!sarissa_rules::command::contingent::is_mcc(&scenario, philotas));
    scenario.meta.optional_rules.contingent_commanders = true;
    scenario.meta.optional_rules.elite_commander_initiative = false;
    assert!(sarissa_rules::command::contingent::is_mcc(&scenario, philotas));
    let (mut game, _) = Game::new(Arc::new(scenario), sarissa_rules::Dice::scripted(&[])).unwrap();
    no_pw(&mut game);
    assert_eq!(sarissa_rules::command::contingent::cost(&game.scenario, &game.state, philotas), 3);
    loop {
        let now = offered(&game);
        assert!(!now.contains(&"philotas".to_string()), "5.62");
        if now.contains(&"alexander".to_string()) {
            break;
        }
        ok(&mut game, pass(&now[0]));
    }
    ok(&mut game, activate("alexander"));
    let events = ok(&mut game, contingent("philotas"));
    let Event::ContingentActivated { orders: 3, units, .. } = &events[0] else { panic!("{events:?}") };
    assert!(units.iter().all(|u| u.starts_with("comp-")), "{units:?}");
    ok(&mut game, Command::EndOrders);
    assert_eq!(orders_left(&game), 4);
}

/// The scenario format: `contingent_units` with an initiative (P112); bad contingents refused.
#[test]
fn contingent_data_is_checked_on_load_gba_5_6() {
    let load = |f: &Field| sarissa_rules::load("field.toml", &f.toml()).map(|_| ()).map_err(|e| e.to_string());
    assert!(load(&field(&[])).is_ok());
    type Change = Box<dyn Fn(&mut Field)>;
    let cases: [(&str, Change); 5] = [
        ("does not exist", Box::new(|f| f.leaders[0][1] = mcc("phil", Some(4), 4, &["nobody"], "0405"))),
        ("belongs to the other side", Box::new(|f| f.leaders[0][1] = mcc("phil", Some(4), 4, &["red"], "0405"))),
        ("listed twice", Box::new(|f| f.leaders[0][1] = mcc("phil", Some(4), 4, &["hc1", "hc1"], "0405"))),
        ("also under", Box::new(|f| f.leaders[0].push(mcc("two", None, 3, &["hc1"], "0303")))),
        ("are Macedonian", Box::new(|f| f.macedonian = [false, false])),
    ];
    for (expect, change) in cases {
        let mut f = field(&[]);
        change(&mut f);
        let err = load(&f).unwrap_err();
        assert!(err.contains(expect), "{expect}: {err}");
    }
    let mut f = field(&[]);
    f.leaders[0][1] =
        mcc("phil", Some(4), 4, &["hc1"], "0405").replace("initiative = 4", "contingent = true, initiative = 4");
    assert!(load(&f).unwrap_err().contains("\"C\" instead of an initiative"));
}

/// Random games on a field with 5.6 on (data/mcc-field.toml): the random player activates
/// contingent commanders, and every game replays to the same state (5.63).
#[test]
fn random_games_activate_contingent_commanders_gba_5_63() {
    let text = include_str!("data/mcc-field.toml");
    let scenario = Arc::new(sarissa_rules::load("mcc-field.toml", text).unwrap_or_else(|e| panic!("{e}")));
    let mut activated = std::collections::BTreeSet::new();
    for seed in 0..8u64 {
        let dice = || sarissa_rules::Dice::seeded(seed);
        let (mut game, _) = Game::new(scenario.clone(), dice()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        let mut played = Vec::new();
        for _ in 0..200 {
            let Some(c) = player.choose(&game) else { break };
            let events = game.execute(&c).unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
            for e in events {
                if let Event::ContingentActivated { contingent, .. } = e {
                    activated.insert(contingent);
                }
            }
            played.push(c);
        }
        let replayed = Game::replay(scenario.clone(), dice(), &played).unwrap();
        assert_eq!(replayed.state_hash(), game.state_hash(), "seed {seed}");
    }
    assert!(activated.len() >= 2, "{activated:?}");
}
