//! The ground of a Chandragupta camp (CG 12.11–12.16; rulings P160–P164): enclosures read from
//! the scenario, crossings priced by their direction, who may go in, no withdrawal across the
//! fortifications, zones of control stopped by them and the Fort ZOC.
//!
//! Blue's camp on the test field, along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4, clear) | palisade | 0705 third (c) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c)
//! ```

mod common;
use common::*;
use sarissa_rules::charts::movement_costs::{Cost, Crossing, MoveCategory};
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::map::zoc::zoc_of;
use sarissa_rules::movement::withdrawal::unit_withdrawals;
use sarissa_rules::movement::{entry_cost, reach};
use sarissa_rules::play::legal::destinations;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;

/// A scenario line with more keys: `with(unit(..), "grade = \"maula\"")`.
fn with(line: String, extra: &str) -> String {
    format!("{}, {extra} }}", line.trim_end_matches(" }"))
}

fn start(f: &Field) -> Game {
    start_camp(f, &[])
}

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

fn refused_rule(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e) => e.rule(),
        Ok(events) => panic!("{command:?} was accepted: {events:?}"),
    }
}

/// The hexes a unit may end its ordered move in (the search the map lights up).
fn ends(game: &Game, id: &str) -> Vec<String> {
    let mut out: Vec<String> =
        destinations(&game.scenario, &game.state, idx(game, id)).iter().map(|d| d.hex.to_string()).collect();
    out.dedup();
    out
}

fn red_far() -> Vec<String> {
    vec![unit("r", "MI", "", 4, 5, 5, "", "1108", "W")]
}

#[test]
fn a_camp_is_read_with_its_enclosures_and_its_side_cg_12_11() {
    let game = start(&camp_field(vec![unit("mi", "MI", "", 4, 5, 5, "", "0305", "E")], red_far(), 2, 6));
    let map = &game.scenario.map;
    assert_eq!(map.camps.len(), 1);
    assert_eq!(map.camps[0].side, 0);
    for (hex, e) in CAMP_ENCLOSURES {
        assert_eq!(map.enclosure(h(hex)), Some((0, e.to_digit(10).unwrap() as u8)), "{hex}");
    }
    assert_eq!(map.enclosure(h("0505")), None);
    // Into a deeper enclosure or into the camp is inward; the other way outward (P161).
    assert_eq!(map.crossing(h("0505"), h("0605")), Crossing::Inward);
    assert_eq!(map.crossing(h("0605"), h("0705")), Crossing::Inward);
    assert_eq!(map.crossing(h("0805"), h("0705")), Crossing::Outward);
    assert_eq!(map.crossing(h("0605"), h("0505")), Crossing::Outward);
    // One depth on both sides: priced inward, the dearer way.
    assert_eq!(map.crossing(h("0906"), h("0905")), Crossing::Inward);
}

#[test]
fn the_way_out_of_a_camp_costs_less_than_the_way_in_cg_12_12() {
    let game = start(&camp_field(vec![unit("mi", "MI", "", 4, 5, 5, "", "0305", "E")], red_far(), 2, 6));
    let (s, st) = (&game.scenario, &game.state);
    let foot = MoveCategory::FormedFoot;
    // Palisade: in, a camp hex (2) and the wall (3 MP, 1 hit); out, clear (1) and the wall (2, 1).
    assert_eq!(entry_cost(s, st, foot, h("0605"), h("0705")), Some(Cost::new(5, 1)));
    assert_eq!(entry_cost(s, st, foot, h("0705"), h("0605")), Some(Cost::new(3, 1)));
    // Berm: in, clear (1) and the berm (2, 1); out, clear (1) and the berm (1, 0).
    assert_eq!(entry_cost(s, st, foot, h("0505"), h("0605")), Some(Cost::new(3, 1)));
    assert_eq!(entry_cost(s, st, foot, h("0605"), h("0505")), Some(Cost::new(2, 0)));
    // Thorns: in 2 + (2, 1); out 2 + (1, 1).
    assert_eq!(entry_cost(s, st, foot, h("0705"), h("0805")), Some(Cost::new(4, 1)));
    assert_eq!(entry_cost(s, st, foot, h("0805"), h("0705")), Some(Cost::new(3, 1)));
}

#[test]
fn an_ordered_move_out_of_the_camp_pays_the_outward_cost_cg_12_12() {
    let blue = vec![unit("out", "MI", "", 4, 5, 5, "", "0705", "W"), unit("in", "MI", "", 4, 5, 5, "", "0505", "E")];
    let mut game = start(&camp_field(blue, red_far(), 2, 6));
    ok(&mut game, activate("raja"));
    // The map offers the way in at its price: 0505 to 0605 over the berm (3 MP, 1 hit).
    let into = destinations(&game.scenario, &game.state, idx(&game, "in"));
    let d = into.iter().find(|d| d.hex == h("0605") && d.facing == Vertex::E).expect("0605 is offered");
    assert_eq!((d.mp, d.hits), (3, 1));
    let events = ok(&mut game, mv("out", &["0605"], Vertex::W));
    assert!(
        matches!(&events[0], Event::UnitMoved { placement: Placement::One(at), mp: 3, .. } if *at == h("0605")),
        "{events:?}"
    );
}

#[test]
fn cavalry_go_into_the_camp_only_through_its_gate_cg_12_11_12_14() {
    let blue = vec![unit("hc", "HC", "", 3, 6, 7, "", "0605", "E")];
    let mut game = start(&camp_field(blue, red_far(), 2, 6));
    ok(&mut game, activate("raja"));
    // Never straight over the palisade from 0605 (only round by the gate or the open ground).
    let d = destinations(&game.scenario, &game.state, idx(&game, "hc"));
    assert!(d.iter().all(|d| d.path.first() != Some(&h("0705"))));
    assert!(d.iter().any(|d| d.path.first() == Some(&h("0706"))));
    // Through the gate: a camp hex (2) and the gate (1 MP, 1 hit).
    let gate = d.iter().find(|d| d.hex == h("0706") && d.facing == Vertex::E).expect("the gate is offered");
    assert_eq!((gate.mp, gate.hits), (3, 1));
    assert_eq!(refused_rule(&mut game, mv("hc", &["0705"], Vertex::E)), "12.14");
    // Nor over the berm.
    let mut game = start(&camp_field(vec![unit("lc", "LC", "J", 3, 5, 8, "J", "0505", "E")], red_far(), 2, 6));
    ok(&mut game, activate("raja"));
    let d = destinations(&game.scenario, &game.state, idx(&game, "lc"));
    assert!(d.iter().all(|d| d.path.first() != Some(&h("0605"))));
    assert_eq!(refused_rule(&mut game, mv("lc", &["0605"], Vertex::E)), "12.14");
}

/// Blue's Tribal LI of the Kirata and their chief, who orders them (CG 4.62).
fn kirata(id: &str, at: &str, facing: &str) -> String {
    with(unit(id, "LI", "J", 3, 5, 6, "J", at, facing), "grade = \"tribal\", guild = \"kirata\"")
}

fn kirata_chief(at: &str) -> String {
    with(leader("kc", "tribal-chief", 1, 4, at), "guild = \"kirata\"")
}

#[test]
fn a_sides_own_tribal_units_stay_out_of_its_camp_proper_cg_12_11_10_73() {
    let mut f = camp_field(vec![kirata("t1", "0605", "E"), kirata("t2", "0705", "E")], red_far(), 2, 6);
    f.leaders[0].push(kirata_chief("0505"));
    // An enemy Tribal unit is not bound: red's, outside the gate hex 0706.
    f.units[1].push(with(unit("rt", "LI", "J", 3, 5, 6, "J", "0606", "E"), "grade = \"tribal\", guild = \"bhil\""));
    f.leaders[1].push(with(leader("rc", "tribal-chief", 3, 4, "1108"), "guild = \"bhil\""));
    let mut game = start(&f);
    ok(&mut game, activate("kc"));
    // t1, in the outer enclosure, is offered neither the third enclosure nor anything in it.
    let offered = ends(&game, "t1");
    assert!(offered.contains(&"0505".to_string()), "{offered:?}");
    for closed in ["0705", "0706"] {
        assert!(!offered.contains(&closed.to_string()), "{closed} offered: {offered:?}");
    }
    assert_eq!(refused_rule(&mut game, mv("t1", &["0705"], Vertex::E)), "12.11");
    match game.execute(&mv("t1", &["0706"], Vertex::E)) {
        Err(e) => assert!(e.to_string().contains("only routing through a gate (12.11)"), "{e}"),
        Ok(events) => panic!("accepted: {events:?}"),
    }
    // t2, set up inside, may go deeper (P160).
    assert!(ends(&game, "t2").contains(&"0805".to_string()));
    // The enemy's Tribal unit goes in by the gate hex.
    let rt = idx(&game, "rt");
    assert!(reach(&game.scenario, &game.state, rt).unwrap().iter().any(|d| d.hex == h("0706")));
}

fn maula(id: &str, at: &str, facing: &str) -> String {
    with(unit(id, "MI", "", 4, 6, 5, "", at, facing), "grade = \"maula\"")
}

fn bharta(id: &str, at: &str, facing: &str) -> String {
    with(unit(id, "MI", "", 4, 5, 5, "", at, facing), "grade = \"bharta\"")
}

#[test]
fn while_maula_hold_the_royal_enclosure_no_other_unit_of_their_side_goes_in_cg_12_11() {
    let blue = vec![maula("m1", "0905", "W"), bharta("b1", "0805", "E")];
    let mut game = start(&camp_field(blue, red_far(), 2, 6));
    ok(&mut game, activate("raja"));
    assert!(!ends(&game, "b1").contains(&"0906".to_string()));
    assert_eq!(refused_rule(&mut game, mv("b1", &["0906"], Vertex::E)), "12.11");
    // With no Maula inside, the wagons are only a cost: 2 for the camp hex, 2 for the wagons.
    let blue = vec![maula("m1", "0303", "E"), bharta("b1", "0805", "E")];
    let mut game = start(&camp_field(blue, red_far(), 2, 6));
    ok(&mut game, activate("raja"));
    let d = destinations(&game.scenario, &game.state, idx(&game, "b1"));
    let royal = d.iter().find(|d| d.hex == h("0906") && d.facing == Vertex::E).expect("0906 is offered");
    assert_eq!((royal.mp, royal.hits), (4, 0));
    // A Maula unit joins them; the enemy is not bound either.
    let blue = vec![maula("m1", "0905", "W"), maula("m2", "0805", "E")];
    let red = vec![bharta("rb", "0303", "E")];
    let game = start(&camp_field(blue, red, 2, 6));
    assert!(reach(&game.scenario, &game.state, idx(&game, "m2")).unwrap().iter().any(|d| d.hex == h("0906")));
    assert!(sarissa_rules::works::camp::closed_to(&game.scenario, &game.state, idx(&game, "rb")).is_empty());
}

#[test]
fn no_orderly_withdrawal_across_a_camp_fortification_but_through_its_gate_cg_12_14() {
    // Red's MI marches east to 0405, two hexes from blue's skirmisher in the outer enclosure,
    // who may step two hexes back whatever they cost (6.71).
    let blue = vec![unit("li", "SK", "J", 1, 4, 6, "J", "0605", "W")];
    let red = vec![unit("r", "MI", "", 4, 5, 5, "", "0205", "E")];
    let mut f = camp_field(blue, red, 5, 1);
    f.leaders[1] = vec![leader("foe", "overall", 1, 8, "0105")];
    let mut game = start(&f);
    ok(&mut game, activate("foe"));
    ok(&mut game, mv("r", &["0305", "0405"], Vertex::E));
    assert!(matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers == &["li".to_string()]));
    let options = unit_withdrawals(&game.scenario, &game.state, idx(&game, "li"));
    assert!(options.iter().any(|d| d.path.first() == Some(&h("0706"))), "{options:?}");
    assert!(options.iter().all(|d| d.path.first() != Some(&h("0705"))), "{options:?}");
    let refused = game.execute(&Command::Withdraw {
        unit: "li".into(),
        path: vec![h("0705")],
        facing: Vertex::W,
        fire: false,
        with: None,
    });
    match refused {
        Err(e) => {
            assert_eq!(e.rule(), "12.14");
            assert!(e.to_string().contains("palisade"), "{e}");
        }
        Ok(events) => panic!("accepted: {events:?}"),
    }
}

#[test]
fn no_zone_of_control_reaches_into_the_camp_from_outside_cg_12_15() {
    let blue = vec![unit("b", "MI", "", 4, 5, 5, "", "0303", "E")];
    let red = vec![unit("mi", "MI", "", 4, 5, 5, "", "0505", "E"), unit("li", "LI", "J", 3, 5, 6, "J", "0705", "E")];
    let game = start(&camp_field(blue, red, 2, 6));
    let zoc = |id: &str| zoc_of(&game.scenario, &game.state, idx(&game, id));
    // Over the berm: none (it could cross it); beside it, the open front hex as ever.
    assert_eq!(zoc("mi"), vec![h("0604")]);
    // A javelin unit with missiles reaches over the thorns (12.15's exception).
    assert!(zoc("li").contains(&h("0805")), "{:?}", zoc("li"));
}

#[test]
fn foot_without_missiles_reach_over_no_thorns_cg_12_15() {
    let blue = vec![unit("b", "MI", "", 4, 5, 5, "", "0303", "E")];
    let red = vec![unit("mi", "MI", "", 4, 5, 5, "", "0705", "E")];
    let game = start(&camp_field(blue, red, 2, 6));
    let zoc = zoc_of(&game.scenario, &game.state, idx(&game, "mi"));
    assert!(!zoc.contains(&h("0805")), "{zoc:?}");
    assert!(zoc.contains(&h("0804")), "{zoc:?}");
}

#[test]
fn units_inside_project_a_fort_zoc_even_where_they_could_not_cross_cg_12_16() {
    // An elephant cannot cross the palisade, but from inside its ZOC reaches over it.
    let blue = vec![with(unit("el", "EL", "", 5, 6, 6, "J", "0705", "W"), "grade = \"maula\"")];
    let game = start(&camp_field(blue, red_far(), 2, 6));
    let zoc = zoc_of(&game.scenario, &game.state, idx(&game, "el"));
    assert!(zoc.contains(&h("0605")), "{zoc:?}");
}

/// Red's hypaspists march from 0505 over the berm into 0605, in front of blue's MI at 0705
/// behind the palisade; `palisade` false leaves that hexside open.
fn assault(palisade: bool) -> Game {
    let blue = vec![unit("def", "MI", "", 4, 5, 5, "", "0705", "W")];
    let red = vec![unit("hy", "HI", "HY", 5, 6, 5, "", "0505", "E")];
    let mut f = camp_field(blue, red, 5, 1);
    f.leaders[1] = vec![leader("foe", "overall", 1, 8, "0405")];
    if !palisade {
        f.hexsides.retain(|(k, _)| *k != "palisade");
    }
    let mut game = start(&f);
    ok(&mut game, activate("foe"));
    let hy = idx(&game, "hy");
    let d = destinations(&game.scenario, &game.state, hy);
    let into = d.iter().find(|d| d.hex == h("0605") && d.facing == Vertex::E).expect("0605 is offered");
    assert!(into.in_enemy_zoc, "the Fort ZOC stops it like any ZOC");
    ok(&mut game, mv("hy", &["0605"], Vertex::E));
    // Blue may answer the move (7.16); it lets it be.
    if matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    game
}

#[test]
fn a_fort_zoc_stops_a_move_but_obliges_no_shock_cg_12_16() {
    let game = assault(true);
    match &game.state.phase {
        Phase::Shock { must, .. } => assert!(must.is_empty(), "{must:?}"),
        other => panic!("no shock segment: {other:?}"),
    }
    // They may still attack over the wall if they choose.
    let c = sarissa_rules::combat::shock_segment::candidates(&game.scenario, &game.state);
    assert_eq!(c.len(), 1);
    assert!(!c[0].must && c[0].check);
    // Without the palisade, heavy infantry that moved up must attack (7.31).
    let game = assault(false);
    match &game.state.phase {
        Phase::Shock { must, .. } => assert_eq!(must, &vec!["hy".to_string()]),
        other => panic!("no shock segment: {other:?}"),
    }
}

// ---- The scenario format --------------------------------------------------------------------

fn load_err(text: &str) -> String {
    match sarissa_rules::load("field.toml", text) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("loaded"),
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("in the file") + 1
}

fn any_field() -> Field {
    camp_field(vec![unit("mi", "MI", "", 4, 5, 5, "", "0305", "E")], red_far(), 2, 6)
}

#[test]
fn an_enclosure_is_1_to_4_reported_at_its_line_and_column_cg_12_11() {
    let mut cells = CAMP_ENCLOSURES.to_vec();
    cells.push(("0303", '5'));
    let text = camp_toml(&any_field(), "blue", &cells);
    let row3 = line_of(&text, "enclosures = ") + 3;
    let err = load_err(&text);
    assert!(err.contains(&format!("field.toml:{row3}:6: camp enclosures grid: hex 0303: an enclosure is")), "{err}");
}

#[test]
fn the_camp_proper_must_be_camp_hexes_and_every_camp_hex_in_a_camp_cg_12_11_p164() {
    // 0303 marked enclosure 2 on clear ground; 0705 left out though it is a camp hex.
    let cells: Vec<_> = CAMP_ENCLOSURES.iter().copied().filter(|(h, _)| *h != "0705").chain([("0303", '2')]).collect();
    let text = camp_toml(&any_field(), "blue", &cells);
    let at = line_of(&text, "enclosures = ");
    let err = load_err(&text);
    // Each at its own cell of the grid: row 03 column 03, row 05 column 07.
    let (row3, row5) = (at + 3, at + 5);
    let enclosure_2 = "hex 0303 is in enclosure 2, within the palisade, so its terrain must be camp (`c`), not clear";
    assert!(err.contains(&format!("field.toml:{row3}:6: [[map.camp]]: {enclosure_2}")), "{err}");
    let left_out = "hex 0705 is a camp hex (`c`) but in no camp's enclosure 1 to 3";
    assert!(err.contains(&format!("field.toml:{row5}:10: [[map.camp]]: {left_out}")), "{err}");
    // The outer ring may be open ground: 0605 is clear (checked by every test above).
}

#[test]
fn a_camp_names_a_side_of_the_battle_cg_12_41_p160() {
    let text = camp_toml(&any_field(), "green", &CAMP_ENCLOSURES);
    let at = line_of(&text, "side = \"green\"");
    let err = load_err(&text);
    assert!(err.contains(&format!("field.toml:{at}:8: [[map.camp]]: `green` is not a side of this battle")), "{err}");
}

#[test]
fn camps_belong_to_the_chandragupta_rules_cg_12_1_d27() {
    let mut f = any_field();
    f.rules = "alexander";
    f.macedonian = [true, false];
    f.terrain.clear();
    let err = load_err(&camp_toml(&f, "blue", &[("0605", '4')]));
    assert!(err.contains("[[map.camp]]: camps belong to the chandragupta rules (CG 12.1)"), "{err}");
}

#[test]
fn missiles_reach_over_wagons_only_while_there_are_missiles_and_never_over_the_palisade_cg_12_15() {
    // Red javelins in blue's second enclosure face the wagons (0805 to 0905 and 0906); others
    // outside face the palisade (0605) and the gate (0605 to 0706).
    let blue = vec![unit("b", "MI", "", 4, 5, 5, "", "0303", "E")];
    let red = vec![unit("w", "LI", "J", 3, 5, 6, "J", "0805", "E"), unit("p", "LI", "J", 3, 5, 6, "J", "0605", "E")];
    let mut game = start(&camp_field(blue, red, 2, 6));
    let (w, p) = (idx(&game, "w"), idx(&game, "p"));
    assert_eq!(zoc_of(&game.scenario, &game.state, w), vec![h("0905"), h("0906")]);
    // Over the palisade and through the shut gate: nothing.
    assert!(zoc_of(&game.scenario, &game.state, p).is_empty());
    // Missile No: the wagons stop it too.
    game.state.units[w].supply = sarissa_rules::combat::missile::Supply::No;
    assert!(zoc_of(&game.scenario, &game.state, w).is_empty());
}

#[test]
fn a_tribal_unit_does_not_withdraw_into_its_own_camp_proper_cg_12_11() {
    // Blue's Tribal skirmisher at 0606, just outside the camp, beside 0706 (no hexside between);
    // red's MI comes to 0406, two hexes off.
    let blue = vec![with(unit("sk", "SK", "J", 1, 4, 6, "J", "0606", "W"), "grade = \"tribal\", guild = \"kirata\"")];
    let red = vec![unit("r", "MI", "", 4, 5, 5, "", "0206", "E")];
    let mut f = camp_field(blue, red, 5, 1);
    f.leaders[0].push(with(leader("kc", "tribal-chief", 3, 4, "0504"), "guild = \"kirata\""));
    f.leaders[1] = vec![leader("foe", "overall", 1, 8, "0105")];
    let mut game = start(&f);
    ok(&mut game, activate("foe"));
    ok(&mut game, mv("r", &["0306", "0406"], Vertex::E));
    let options = unit_withdrawals(&game.scenario, &game.state, idx(&game, "sk"));
    assert!(options.iter().any(|d| d.path.first() == Some(&h("0707"))), "{options:?}");
    assert!(options.iter().all(|d| !d.path.contains(&h("0706"))), "{options:?}");
    let refused = game.execute(&Command::Withdraw {
        unit: "sk".into(),
        path: vec![h("0706")],
        facing: Vertex::E,
        fire: false,
        with: None,
    });
    let e = refused.expect_err("refused");
    assert_eq!(e.rule(), "12.11", "{e}");
}

#[test]
fn a_hex_is_in_one_camp_only_cg_12_1_p164() {
    let f = any_field();
    let text = format!(
        "{}\n[[map.camp]]\nside = \"red\"\nenclosures = \"\"\"\n{}\"\"\"\n",
        camp_toml(&f, "blue", &CAMP_ENCLOSURES),
        grid(&[("0605", '4'), ("0101", '4')], '.')
    );
    let err = load_err(&text);
    assert!(err.contains("[[map.camp]]: hex 0605 is already in another camp"), "{err}");
    assert!(!err.contains("0101"), "{err}");
}
