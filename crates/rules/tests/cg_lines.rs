//! Chandragupta line composition (CG 4.33–4.35, 4.65, 4.66, 6.68; digest D9, D10, D37): Maula
//! and Bharta mixing, Indian LN with LC, elephant lines in infantry or cavalry style, Combined
//! EL/LI and CH/LI lines, guild lines, with loaded dice on `rules = "chandragupta"` fields.

mod common;
use common::*;
use sarissa_rules::command::line::{options, Formation};
use sarissa_rules::game::{Command, Event, Phase, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::LineType;

/// The chart every side of these fields has (the `Field` default swapped for it).
const CHART: &str = "line_command = [\"EL+LI\", \"CH+LI\", \"EL\", \"LC\", \"LI\", \"MI\"]";

/// A unit of an Indian grade (CG 2.22).
fn graded(u: String, grade: &str) -> String {
    u.replace(", at = ", &format!(", grade = \"{grade}\", at = "))
}

/// A subordinate commander with Line Command and a strategy rating (4.42).
fn sub(id: &str, range: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"subordinate\", initiative = 3, command_range = {range}, charisma = 1, line_command = true, strategy = 3, at = \"{at}\" }}")
}

/// Starts a game on `f` with the chart above, the given dice.
fn start(f: &Field, dice: &[u8]) -> Game {
    let text = f.toml().replace("line_command = [\"PH/MA\", \"HC\", \"HI/HO\", \"LC\"]", CHART);
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(dice)).expect("the game starts").0
}

/// A Chandragupta field: blue's `units` and leaders `leaders` (the overall commander "raja",
/// initiative 6, far off at 0110, comes last); red a lone horse unit far away.
fn cg(units: Vec<String>, leaders: Vec<String>) -> Field {
    let mut blue = vec![leader("raja", "overall", 6, 2, "0110")];
    blue.extend(leaders);
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [units, vec![unit("enemy", "HC", "", 3, 6, 7, "", "1201", "W")]],
        leaders: [blue, vec![leader("foe", "overall", 1, 4, "1202")]],
        ..Field::default()
    }
}

fn line(kind: &str, anchor: &str, formation: Formation) -> Command {
    Command::LineCommand { line: LineType::parse(kind).unwrap(), anchor: anchor.into(), formation, units: Vec::new() }
}

fn declared(leader: &str, kind: &str, units: &[&str]) -> Event {
    Event::LineDeclared {
        leader: leader.into(),
        line: kind.into(),
        units: units.iter().map(|u| u.to_string()).collect(),
        via_proximity: false,
    }
}

/// The lines the active leader is offered: (type, formation, unit ids).
fn offered_lines(game: &Game, leader: &str) -> Vec<(String, Formation, Vec<String>)> {
    let li = game.scenario.leaders.iter().position(|l| l.id == leader).unwrap();
    options(&game.scenario, &game.state, li)
        .into_iter()
        .map(|(t, _, f, units)| (t.label(), f, units.into_iter().map(|u| game.scenario.units[u].id.clone()).collect()))
        .collect()
}

/// The first turn, `leader` activated (the foe passes first, initiative 1).
fn activated(f: &Field, leader: &str, dice: &[u8]) -> Game {
    let mut game = start(f, dice);
    ok(&mut game, pass("foe"));
    ok(&mut game, activate(leader));
    game
}

/// The 4.33 example: Sakatala, a subordinate riding an elephant (stacked with `e1`), and a
/// front rank facing E down column 05 — e1 (Bharta EL), l1 (LI), e2 (a Maula EL among the
/// Bharta), l2 (LI), l3 (an LI beside l2's flank) — with l4 in a rear hex of e1 and l5 in rear
/// hexes of l2 and l3 only, both facing E.
fn sakatala() -> Field {
    let el = |id: &str, at: &str, grade: &str| graded(unit(id, "EL", "", 4, 6, 5, "J", at, "E"), grade);
    let li = |id: &str, at: &str| graded(unit(id, "LI", "", 2, 5, 6, "A*", at, "E"), "bharta");
    cg(
        vec![
            el("e1", "0503", "bharta"),
            li("l1", "0504"),
            el("e2", "0505", "maula"),
            li("l2", "0506"),
            li("l3", "0507"),
            li("l4", "0402"),
            li("l5", "0406"),
        ],
        vec![sub("sakatala", 4, "0503")],
    )
}

#[test]
fn the_sakatala_example_a_combined_el_li_line_abreast_cg_4_33() {
    let mut game = activated(&sakatala(), "sakatala", &[]);
    // The Maula e2 joins the Bharta; l4 behind e1 joins; l3 beside l2 in the front rank and l5,
    // behind light infantry only, do not.
    let events = ok(&mut game, line("EL+LI", "e1", Formation::Abreast));
    assert_eq!(events, [declared("sakatala", "EL+LI", &["e1", "l1", "e2", "l2", "l4"])]);
}

#[test]
fn a_combined_line_is_headed_by_an_elephant_and_is_offered_abreast_and_deep_cg_4_33() {
    let mut game = activated(&sakatala(), "sakatala", &[]);
    let err = game.execute(&line("EL+LI", "l1", Formation::Abreast)).unwrap_err();
    assert_eq!(err.rule(), "4.33");
    let lines = offered_lines(&game, "sakatala");
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines.contains(&("EL+LI".into(), Formation::Abreast, ids(&["e1", "l1", "e2", "l2", "l4"]))), "{lines:?}");
    // Deep: e1 with l4 behind it (criterion 4: front to rear).
    assert!(lines.contains(&("EL+LI".into(), Formation::Deep, ids(&["e1", "l4"]))), "{lines:?}");
    // Plain lines stay plain: an LI line abreast holds only light infantry (l1 alone, the
    // elephants on its flanks being gaps).
    assert!(lines.contains(&("LI".into(), Formation::Abreast, ids(&["l1"]))), "{lines:?}");
}

#[test]
fn a_unit_in_column_is_in_no_combined_line_cg_4_33_6_57() {
    let mut game = activated(&sakatala(), "sakatala", &[]);
    // l2 stands In Column (set by hand: a scenario sets no unit up so): it drops out, and with
    // it the way on along the front rank.
    game.state.units[3].column = true;
    let events = ok(&mut game, line("EL+LI", "e1", Formation::Abreast));
    assert_eq!(events, [declared("sakatala", "EL+LI", &["e1", "l1", "e2", "l4"])]);
}

#[test]
fn a_combined_line_stays_together_each_mover_ends_beside_one_already_moved_cg_4_33_p100() {
    let mut game = activated(&sakatala(), "sakatala", &[]);
    ok(&mut game, line("EL+LI", "e1", Formation::Abreast));
    // The first to move goes where it may: e1 two hexes on.
    ok(&mut game, mv("e1", &["0603", "0703"], Vertex::E));
    // l1 may not stay behind on its own: it must end beside e1.
    let err = game.execute(&mv("l1", &["0604"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "CG 4.33");
    // Nor go into column (CG 6.57).
    let err = game
        .execute(&Command::Move {
            unit: "l1".into(),
            path: vec![h("0604"), h("0704")],
            facing: Vertex::E,
            column: true,
            with: None,
        })
        .unwrap_err();
    assert_eq!(err.rule(), "CG 6.57");
    ok(&mut game, mv("l1", &["0604", "0704"], Vertex::E));
    // The engine offers only moves that keep it together.
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    let ends: Vec<String> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Move { unit, path, .. } if unit == "l4" => path.last().map(|h| h.to_string()),
            _ => None,
        })
        .collect();
    assert!(!ends.is_empty() && !ends.contains(&"0502".to_string()), "{ends:?}");
    assert!(ends.contains(&"0602".to_string()), "{ends:?}");
}

/// Elephants scattered round a leader (command range 4 at 0505): e1 adjacent abreast of e2
/// (0504, 0503), e3 three hexes off (0806), e4 five hexes off (1005); all facing E, Bharta.
fn herd() -> Field {
    let el = |id: &str, at: &str| graded(unit(id, "EL", "", 4, 6, 5, "J", at, "E"), "bharta");
    cg(vec![el("e1", "0504"), el("e2", "0503"), el("e3", "0806"), el("e4", "1005")], vec![sub("mahout", 4, "0505")])
}

#[test]
fn an_elephant_line_in_cavalry_style_takes_every_elephant_in_the_full_range_cg_4_33_g50() {
    let mut game = activated(&herd(), "mahout", &[]);
    let lines = offered_lines(&game, "mahout");
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // Both styles are offered: infantry style by adjacency, cavalry style by range.
    assert!(lines.contains(&("EL".into(), Formation::Abreast, ids(&["e1", "e2"]))), "{lines:?}");
    assert!(lines.contains(&("EL".into(), Formation::Spread, ids(&["e1", "e2", "e3"]))), "{lines:?}");
    // e3 is three hexes off, within the full range of 4, not half of it; e4 at five is not.
    let events = ok(&mut game, line("EL", "e3", Formation::Spread));
    assert_eq!(events, [declared("mahout", "EL", &["e1", "e2", "e3"])]);
}

#[test]
fn a_spread_elephant_line_needs_no_two_hex_sight_cg_4_34_g50() {
    // The leader at 1006, five and six hexes from e1 and e2: no infantry-style line of them;
    // a spread one of e3 (two hexes off) and e4 (one).
    let mut f = herd();
    f.leaders[0][1] = sub("mahout", 4, "1006");
    let mut game = activated(&f, "mahout", &[]);
    let err = game.execute(&line("EL", "e1", Formation::Abreast)).unwrap_err();
    assert_eq!(err.rule(), "CG 4.34");
    let events = ok(&mut game, line("EL", "e1", Formation::Spread));
    assert_eq!(events, [declared("mahout", "EL", &["e3", "e4"])]);
}

#[test]
fn only_elephants_spread_and_only_in_chandragupta_cg_4_33() {
    let mut game = activated(&sakatala(), "sakatala", &[]);
    assert_eq!(game.execute(&line("LI", "l1", Formation::Spread)).unwrap_err().rule(), "4.33");
    assert_eq!(game.execute(&line("EL+LI", "e1", Formation::Spread)).unwrap_err().rule(), "4.33");
    // Alexander: an EL line is by adjacency only (GBA 4.33).
    let mut f = herd();
    f.rules = "alexander";
    f.units[0] = f.units[0].iter().map(|u| u.replace(", grade = \"bharta\"", "")).collect();
    f.leaders = [
        vec![
            leader("raja", "overall", 6, 2, "0110"),
            sub("mahout", 4, "0505").replace(", at", ", personal_combat = 2, at"),
        ],
        vec![leader("foe", "overall", 1, 4, "1202")],
    ];
    let text = f.toml().replace("line_command = [\"PH/MA\", \"HC\", \"HI/HO\", \"LC\"]", "line_command = [\"EL\"]");
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(&[])).unwrap();
    no_pw(&mut game);
    ok(&mut game, pass("foe"));
    ok(&mut game, activate("mahout"));
    assert_eq!(game.execute(&line("EL", "e1", Formation::Spread)).unwrap_err().rule(), "4.33");
    assert!(offered_lines(&game, "mahout").iter().all(|(_, f, _)| *f != Formation::Spread));
}

#[test]
fn combined_lines_are_chandragupta_only_on_the_chart_cg_4_33() {
    let mut f = herd();
    f.rules = "alexander";
    let text = f.toml().replace("line_command = [\"PH/MA\", \"HC\", \"HI/HO\", \"LC\"]", "line_command = [\"EL+LI\"]");
    let err = sarissa_rules::load("field.toml", &text).unwrap_err().to_string();
    assert!(err.contains("CG 4.33"), "{err}");
}

/// Horse round a leader (command range 4: the line reaches two hexes): a Maula LC, a Bharta
/// (Indian) LN and a foreign, ungraded LN, all within two hexes of him.
fn horse() -> Field {
    cg(
        vec![
            graded(unit("lc", "LC", "J", 3, 5, 8, "J", "0505", "E"), "maula"),
            graded(unit("ln", "LN", "", 3, 5, 8, "", "0506", "E"), "bharta"),
            unit("greek", "LN", "", 3, 5, 8, "", "0604", "E"),
        ],
        vec![sub("ashvaka", 4, "0405")],
    )
}

#[test]
fn indian_ln_and_lc_share_a_line_foreign_ln_do_not_cg_4_33() {
    let mut game = activated(&horse(), "ashvaka", &[]);
    let events = ok(&mut game, line("LC", "lc", Formation::Abreast));
    assert_eq!(events, [declared("ashvaka", "LC", &["lc", "ln"])]);
}

#[test]
fn in_alexander_ln_never_joins_an_lc_line_gba_4_33() {
    let mut f = horse();
    f.rules = "alexander";
    f.units[0] =
        f.units[0].iter().map(|u| u.replace(", grade = \"maula\"", "").replace(", grade = \"bharta\"", "")).collect();
    f.leaders = [
        vec![
            leader("raja", "overall", 6, 2, "0110"),
            sub("ashvaka", 4, "0405").replace(", at", ", personal_combat = 2, at"),
        ],
        vec![leader("foe", "overall", 1, 4, "1202")],
    ];
    let text = f.toml();
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(&[])).unwrap();
    no_pw(&mut game);
    ok(&mut game, pass("foe"));
    ok(&mut game, activate("ashvaka"));
    let events = ok(&mut game, line("LC", "lc", Formation::Abreast));
    assert_eq!(events, [declared("ashvaka", "LC", &["lc"])]);
}

#[test]
fn no_combat_unit_may_stand_between_the_leader_and_his_line_cg_4_34_d10() {
    // The leader at 0305, the line (l1 at 0505) two hexes off along a hexside: 0404 and 0405
    // are beside it. A horse unit in 0405 alone blocks in CG; GBA's loose reading (P15) needs
    // both hexes blocked.
    let li = |id: &str, at: &str| graded(unit(id, "LI", "", 2, 5, 6, "A*", at, "E"), "bharta");
    let f = cg(
        vec![li("l1", "0505"), li("l2", "0506"), graded(unit("hc", "HC", "", 3, 6, 7, "", "0405", "E"), "maula")],
        vec![sub("senani", 4, "0305")],
    );
    let mut game = activated(&f, "senani", &[]);
    let err = game.execute(&line("LI", "l1", Formation::Abreast)).unwrap_err();
    assert_eq!(err.rule(), "CG 4.34");
    assert!(offered_lines(&game, "senani").iter().all(|(t, _, _)| t != "LI"));
    // An elephant there does not block (4.34).
    let mut f = f;
    f.units[0][2] = graded(unit("hc", "EL", "", 4, 6, 5, "J", "0405", "E"), "maula");
    let mut game = activated(&f, "senani", &[]);
    let events = ok(&mut game, line("LI", "l1", Formation::Abreast));
    assert_eq!(events, [declared("senani", "LI", &["l1", "l2"])]);
}

/// A guild chief with Line Command (command range 3 at 0505) and four units of his guild: two
/// within range but not touching, one out of it, and a second guild's unit beside him.
fn guild() -> Field {
    let sreni = |id: &str, g: &str, at: &str| {
        graded(unit(id, "MI", "", 4, 6, 5, "", at, "E"), "sreni").replace(", at", &format!(", guild = \"{g}\", at"))
    };
    let chief = "{ id = \"gc\", name = \"gc\", role = \"guild-chief\", guild = \"kamboja\", initiative = 4, command_range = 3, charisma = 1, line_command = true, at = \"0505\" }";
    cg(
        vec![
            sreni("s1", "kamboja", "0504"),
            sreni("s2", "kamboja", "0707"),
            sreni("s3", "kamboja", "0905"),
            sreni("other", "vrika", "0506"),
        ],
        vec![chief.to_string()],
    )
}

#[test]
fn a_guild_line_is_every_guild_unit_in_the_chief_s_range_cg_4_66() {
    let mut game = activated(&guild(), "gc", &[]);
    // His line is offered once, whatever the geometry: s1 and s2 in his range of 3 (s2 not
    // touching s1), not s3 four hexes off, nor the other guild's unit beside him.
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(offered_lines(&game, "gc"), [("MI".to_string(), Formation::Abreast, ids(&["s1", "s2"]))]);
    let events = ok(&mut game, line("MI", "s2", Formation::Abreast));
    assert_eq!(events, [declared("gc", "MI", &["s1", "s2"])]);
}

/// Turn 2 (everyone passed turn 1), the guild chief activated, out of the overall commander's
/// range (4.42 case 3): his line command with the strategy die loaded to `roll`.
fn guild_line_on_turn_two(roll: u8) -> Vec<Event> {
    let mut game = start(&guild(), &[]);
    while game.state.turn == 1 {
        let Phase::Activation { leaders, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
        let first = leaders[0].clone();
        ok(&mut game, pass(&first));
    }
    ok(&mut game, pass("foe"));
    ok(&mut game, activate("gc"));
    game.state.dice = sarissa_rules::game::Dice::scripted(&[roll]);
    ok(&mut game, line("MI", "s1", Formation::Abreast))
}

#[test]
fn a_guild_chief_rolls_his_initiative_as_his_strategy_rating_cg_4_65() {
    // Initiative 4: a 4 passes, a 5 fails and leaves him individual orders.
    let strategy = |roll| Event::DieRolled { roll, purpose: RollPurpose::Strategy { leader: "gc".into() } };
    assert_eq!(guild_line_on_turn_two(4), [strategy(4), declared("gc", "MI", &["s1", "s2"])]);
    assert_eq!(guild_line_on_turn_two(5), [strategy(5), Event::LineRefused { leader: "gc".into() }]);
}

#[test]
fn a_cavalry_line_withdraws_as_the_chart_and_4_33_make_it_indian_ln_with_lc_cg_6_68_d37() {
    // Blue's foot marches at red's Indian horse: a Maula LC and a Bharta LN in one line under
    // red's leader (an "LC" line), a foreign LN apart.
    let foe = "{ id = \"foe\", name = \"foe\", role = \"overall\", initiative = 6, command_range = 4, charisma = 1, line_command = true, at = \"0905\" }";
    let f = Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![
                graded(unit("lc1", "LC", "J", 3, 5, 8, "J", "0805", "W"), "maula"),
                graded(unit("ln1", "LN", "", 3, 5, 8, "", "0806", "W"), "bharta"),
                unit("greek", "LN", "", 3, 5, 8, "", "0904", "W"),
            ],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![foe.to_string()]],
        ..Field::default()
    };
    let mut game = start(&f, &[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    let lines = sarissa_rules::movement::withdrawal::line_withdrawals(&game.scenario, &game.state);
    let ids: Vec<Vec<String>> =
        lines.iter().map(|l| l.units.iter().map(|&u| game.scenario.units[u].id.clone()).collect()).collect();
    assert_eq!(ids, vec![vec!["lc1".to_string(), "ln1".to_string()]]);
}

/// Seeded random games on a Chandragupta field built for lines (data/cg-lines.toml): every
/// command the random player picks is accepted, each game replays to the same state, and between
/// them they give Combined EL/LI and CH/LI lines, spread elephant lines, the guild's line and the
/// mixed horse line (CG 4.33, 4.65, 4.66; D9).
#[test]
fn random_games_give_every_kind_of_chandragupta_line_cg_4_33_4_66_d9() {
    let text = include_str!("data/cg-lines.toml");
    let scenario = std::sync::Arc::new(sarissa_rules::load("cg-lines.toml", text).unwrap_or_else(|e| panic!("{e}")));
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let dice = || sarissa_rules::Dice::seeded(seed);
        let (mut game, _) = Game::new(scenario.clone(), dice()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        let mut played = Vec::new();
        for _ in 0..120 {
            let Some(c) = player.choose(&game) else { break };
            let events = game.execute(&c).unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
            for e in events {
                if let Event::LineDeclared { leader, line, units, .. } = e {
                    let spread = matches!(c, Command::LineCommand { formation: Formation::Spread, .. });
                    let mixed = line == "LC" && units.iter().any(|u| u == "ln-1") && units.iter().any(|u| u == "lc-1");
                    kinds.insert(match () {
                        _ if spread => "spread".to_string(),
                        _ if mixed => "LC+LN".to_string(),
                        _ if leader == "kamboja-chief" => "guild".to_string(),
                        _ => line,
                    });
                }
            }
            played.push(c);
        }
        let replayed = Game::replay(scenario.clone(), dice(), &played).unwrap();
        assert_eq!(replayed.state_hash(), game.state_hash(), "seed {seed}");
    }
    for kind in ["EL+LI", "CH+LI", "spread", "guild", "LC+LN"] {
        assert!(kinds.contains(kind), "no random game gave a {kind} line: {kinds:?}");
    }
}

/// The Sakatala field with a wing commander and an elephant Nayaka on e1 whose counter names
/// `counter` (CG 4.53).
fn with_nayaka(counter: &str) -> Game {
    let mut f = sakatala();
    f.leaders[0].push("{ id = \"senapati\", name = \"senapati\", role = \"wing\", initiative = 4, command_range = 5, charisma = 1, line_command = true, strategy = 3, at = \"0405\" }".into());
    f.leaders[0].push(format!("{{ id = \"n1\", name = \"n1\", role = \"nayaka\", wing = \"senapati\", initiative = 2, command_range = 2, charisma = 1, line_types = [\"{counter}\"], at = \"0503\" }}"));
    let mut game = start(&f, &[]);
    while !offered(&game).contains(&"senapati".to_string()) {
        let first = offered(&game)[0].clone();
        ok(&mut game, pass(&first));
    }
    ok(&mut game, activate("senapati"));
    ok(&mut game, Command::WingCommand { nayakas: vec!["n1".into()], use_overall: false });
    game
}

#[test]
fn an_elephant_nayaka_whose_counter_allows_it_puts_li_in_his_line_cg_4_53() {
    let mut game = with_nayaka("EL+LI");
    let events = ok(&mut game, line("EL+LI", "e1", Formation::Abreast));
    assert_eq!(events, [declared("n1", "EL+LI", &["e1", "l1", "e2", "l2", "l4"])]);
    // One whose counter says only EL commands no Combined line (4.37, 4.53).
    let mut game = with_nayaka("EL");
    assert_eq!(game.execute(&line("EL+LI", "e1", Formation::Abreast)).unwrap_err().rule(), "4.37");
    let events = ok(&mut game, line("EL", "e1", Formation::Abreast));
    assert_eq!(events, [declared("n1", "EL", &["e1"])]);
}
