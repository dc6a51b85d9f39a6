//! The scenario format (docs/scenario-format.md): a good file loads into the expected model, and
//! each class of bad input is rejected with a message that says what and where.

use sarissa_rules::map::hex::{HexId, Vertex};
use sarissa_rules::map::terrain::{HexsideFeature, Terrain};
use sarissa_rules::scenario::units::{LeaderRole, LineType, Missile, Placement, UnitClass, UnitTag, UnitType};
use sarissa_rules::scenario::{Edge, RuleSet};
use sarissa_rules::{load, LoadError};

const GOOD: &str = include_str!("fixtures/skirmish.toml");
const FILE: &str = "scenarios/skirmish.toml";

fn h(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

/// Loads GOOD with `from` replaced by `to` (which must occur exactly once) and returns the error.
fn broken(from: &str, to: &str) -> LoadError {
    assert_eq!(GOOD.matches(from).count(), 1, "fixture edit `{from}` must match exactly once");
    load(FILE, &GOOD.replacen(from, to, 1)).expect_err("the edited file must be rejected")
}

/// The line (1-based) of the first occurrence of `needle` in the edited text.
fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).unwrap()].matches('\n').count() + 1
}

fn assert_reports(err: &LoadError, line: usize, fragment: &str) {
    assert!(
        err.diagnostics.iter().any(|d| d.line == line && d.message.contains(fragment)),
        "expected a problem on line {line} containing {fragment:?}; got:\n{err}"
    );
}

#[test]
fn good_file_loads_into_the_expected_model() {
    let s = load(FILE, GOOD).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.meta.id, "skirmish");
    assert_eq!(s.meta.rules, RuleSet::Alexander);
    assert_eq!(s.meta.length.as_deref(), Some("10 minutes"));
    assert_eq!(s.meta.special_rules.len(), 1);
    assert!(s.meta.optional_rules.law_of_inertia);
    assert!(!s.meta.optional_rules.drift_to_the_right);

    assert_eq!((s.map.columns, s.map.rows), (8, 6));
    assert_eq!(s.map.terrain(h("0302")), Some(Terrain::Woods));
    assert_eq!(s.map.terrain(h("0603")), Some(Terrain::Rocky));
    assert_eq!(s.map.terrain(h("0505")), Some(Terrain::MajorRiver));
    assert_eq!(s.map.terrain(h("0806")), Some(Terrain::Water));
    assert_eq!(s.map.terrain(h("0101")), Some(Terrain::Clear));
    assert_eq!(s.map.terrain(h("0901")), None);
    assert_eq!(s.map.elevation(h("0402")), Some(1));
    assert_eq!(s.map.elevation(h("0101")), Some(0));
    assert_eq!(s.map.hexside(h("0204"), h("0203")), Some(HexsideFeature::Stream));
    assert_eq!(s.map.hexside(h("0302"), h("0303")), Some(HexsideFeature::SteepSlope));
    assert_eq!(s.map.hexside(h("0101"), h("0102")), None);
    assert_eq!(s.map.hexes().count(), 48);

    assert_eq!(s.sides.len(), 2);
    assert_eq!(s.sides[0].retreat_edge, Edge::West);
    assert_eq!(s.sides[1].withdrawal_level, 9);
    assert_eq!(
        s.sides[0].line_command,
        [LineType::of(UnitType::PH, Some(UnitClass::MA)), LineType::of(UnitType::HC, None)]
    );

    let taxis = s.unit("taxis").unwrap();
    assert_eq!(taxis.kind, UnitType::PH);
    assert_eq!(taxis.placement, Placement::Two(h("0202"), h("0203")));
    assert_eq!((taxis.size, taxis.tq, taxis.ma, taxis.ma_extended), (10, 7, 4, Some(5)));
    assert_eq!(taxis.facing, Vertex::E);
    assert_eq!(taxis.side, 0);
    let agr = s.unit("agrianians").unwrap();
    assert_eq!((agr.kind, agr.missile), (UnitType::SkStar, Some(Missile::Javelin)));
    let hop = s.unit("hoplites").unwrap();
    assert_eq!(hop.tags, [UnitTag::GreekMercenary]);
    assert_eq!(hop.side, 1);
    assert_eq!(s.units.len(), 5);

    let king = s.leader("king").unwrap();
    assert_eq!((king.role, king.initiative, king.elite), (LeaderRole::Overall, Some(7), true));
    let captain = s.leader("captain").unwrap();
    assert_eq!(captain.strategy, Some(3));
    assert_eq!(captain.line_types, [LineType::of(UnitType::LC, None)]);
    assert_eq!(s.leaders.len(), 3);
}

#[test]
fn toml_syntax_errors_give_their_line() {
    let err = broken("name = \"Test Skirmish\"", "name = \"Test Skirmish");
    assert_reports(&err, line_of(GOOD, "name = \"Test Skirmish"), "TOML syntax");
}

#[test]
fn truncated_file_is_rejected_with_what_is_missing() {
    let cut = &GOOD[..GOOD.find("[[side]]").unwrap()];
    let err = load(FILE, cut).unwrap_err();
    assert!(err.to_string().contains("missing `side`"), "{err}");
    let cut_mid_grid = &GOOD[..GOOD.find("04 ........").unwrap()];
    assert!(load(FILE, cut_mid_grid).is_err());
}

#[test]
fn empty_and_garbage_input_is_rejected_without_panicking() {
    for text in
        ["", "\u{0}", "format = 1", "[[[", "format = \"one\"\n[scenario]\nid = 3", "format = 99999999999999999999"]
    {
        let err = load("x.toml", text).unwrap_err();
        assert!(!err.diagnostics.is_empty());
    }
}

#[test]
fn unknown_keys_are_reported() {
    let err = broken("withdrawal_level = 12", "withdrawal_level = 12\nwithdrawl = 3");
    assert_reports(&err, line_of(GOOD, "withdrawal_level = 12") + 1, "unknown key `withdrawl`");
}

#[test]
fn unknown_format_version_is_reported() {
    let err = broken("format = 1", "format = 2");
    assert_reports(&err, 1, "format 2 is not known");
}

#[test]
fn scenario_id_must_match_the_file_name() {
    let err = load("scenarios/other.toml", GOOD).unwrap_err();
    assert_reports(&err, line_of(GOOD, "id = \"skirmish\""), "does not match the file name `other.toml`");
}

#[test]
fn unit_off_the_map_is_reported_with_its_line() {
    let err = broken("at = \"0204\", facing = \"NE\"", "at = \"0904\", facing = \"NE\"");
    assert_reports(&err, line_of(GOOD, "id = \"companions\""), "hex 0904 is off the map (8 columns x 6 rows)");
}

#[test]
fn two_hex_unit_whose_halves_are_not_adjacent() {
    let err = broken("at = \"0202-0203\"", "at = \"0202-0204\"");
    assert_reports(&err, line_of(GOOD, "id = \"taxis\""), "the two halves 0202 and 0204 are not adjacent");
}

#[test]
fn two_hex_unit_must_face_across_its_long_edge_gba_7_11() {
    let err = broken("at = \"0202-0203\", facing = \"E\"", "at = \"0202-0203\", facing = \"NE\"");
    assert_reports(&err, line_of(GOOD, "id = \"taxis\""), "faces across its long edge: E or W, not NE");
}

#[test]
fn one_hex_types_cannot_stand_in_two_hexes_gba_6_41() {
    let err = broken("at = \"0204\", facing = \"NE\"", "at = \"0204-0205\", facing = \"E\"");
    assert_reports(&err, line_of(GOOD, "id = \"companions\""), "only PH, HI/HO and LP/CA are two-hex units");
}

#[test]
fn unknown_type_and_impossible_ratings() {
    let line = line_of(GOOD, "id = \"companions\"");
    assert_reports(&broken("type = \"HC\", size = 3", "type = \"XX\", size = 3"), line, "unknown type `XX`");
    assert_reports(&broken("size = 3, tq = 8", "size = 3, tq = 12"), line, "`tq` is 12; it must be from 1 to 9");
    assert_reports(&broken("size = 3, tq = 8", "size = 0, tq = 8"), line, "`size` is 0");
    assert_reports(&broken("tq = 8, ma = 7", "tq = 8, ma = \"fast\""), line, "`ma` must be a whole number");
    let agr = line_of(GOOD, "id = \"agrianians\"");
    assert_reports(
        &broken("size = 1, tq = 7, ma = 6", "size = 2, tq = 7, ma = 6"),
        agr,
        "foot skirmishers always have size 1",
    );
    assert_reports(&broken("ma = 6, missile = \"J\"", "ma = 6, missile = \"Q\""), agr, "missile `Q`");
    assert_reports(
        &broken("ma = 6, missile = \"J\"", "ma = 6, missile = \"A\""),
        agr,
        "class J fights with J, but missile is A",
    );
}

#[test]
fn phalanx_needs_an_extended_allowance_gba_6_46() {
    let line = line_of(GOOD, "id = \"taxis\"");
    assert_reports(&broken("ma = 4, ma_extended = 5", "ma = 4"), line, "needs `ma_extended`");
    assert_reports(&broken("ma = 4, ma_extended = 5", "ma = 4, ma_extended = 4"), line, "must be greater than ma 4");
    let hc = line_of(GOOD, "id = \"companions\"");
    assert_reports(&broken("ma = 7, at = \"0204\"", "ma = 7, ma_extended = 8, at = \"0204\""), hc, "only phalanxes");
}

#[test]
fn two_units_in_one_hex_gba_6_91() {
    let err = broken("at = \"0201\", facing = \"E\"", "at = \"0203\", facing = \"E\"");
    assert_reports(&err, line_of(GOOD, "id = \"agrianians\""), "hex 0203 is already occupied by `taxis`");
}

#[test]
fn repeated_ids_name_the_first_use() {
    let err = broken("id = \"archers\"", "id = \"companions\"");
    let first = line_of(GOOD, "id = \"companions\"");
    assert_reports(&err, line_of(GOOD, "id = \"archers\""), &format!("already used on line {first}"));
}

#[test]
fn grid_rows_of_the_wrong_length_or_order_or_letter() {
    let line = line_of(GOOD, "02 ..ww....");
    assert_reports(&broken("02 ..ww....", "02 ..ww..."), line, "row 02 has 7 hexes; the map has 8 columns");
    assert_reports(&broken("02 ..ww....", "03 ..ww...."), line, "row 03 found where row 02 was expected");
    let err = broken("02 ..ww....", "02 ..wq....");
    assert_reports(&err, line, "hex 0402: unknown terrain letter `q`");
    assert_eq!(err.diagnostics.iter().find(|d| d.line == line).unwrap().column, 7);
    assert_reports(&broken("02 00110000", "02 0011x000"), line_of(GOOD, "02 00110000"), "must be a digit");
    let err = broken("06 ......~~\n", "");
    assert!(err.to_string().contains("terrain grid: has 5 rows; the map has 6"), "{err}");
}

#[test]
fn hexsides_must_join_adjacent_hexes_and_carry_one_feature() {
    let line = line_of(GOOD, "stream = [");
    assert_reports(&broken("\"0203-0204\"", "\"0203-0205\""), line, "hexes 0203 and 0205 are not adjacent");
    assert_reports(&broken("\"0303-0304\"]", "\"0303-0304\", \"0204-0203\"]"), line, "listed twice");
    assert_reports(
        &broken("steep_slope = [\"0302-0303\"]", "steep_slope = [\"0204-0203\"]"),
        line + 1,
        "already has a stream",
    );
    assert_reports(&broken("steep_slope =", "cliff ="), line + 1, "unknown hexside feature `cliff`");
}

#[test]
fn units_may_not_stand_in_the_sea() {
    let err = broken("at = \"0704\", facing = \"W\"", "at = \"0806\", facing = \"W\"");
    assert_reports(&err, line_of(GOOD, "id = \"archers\""), "hex 0806 is sea or lake");
}

#[test]
fn each_side_needs_exactly_one_overall_commander_gba_4_4() {
    let err = broken("role = \"overall\", initiative = 3", "role = \"wing\", initiative = 3");
    assert!(
        err.to_string().contains("side `persians` must have exactly one leader with role = \"overall\"; it has 0"),
        "{err}"
    );
}

#[test]
fn line_command_entries_must_name_types() {
    let err = broken("line_command = [\"PH/MA\", \"HC\"]", "line_command = [\"PH/HO\", \"HC\"]");
    assert_reports(&err, line_of(GOOD, "line_command = ["), "`PH/HO` is not a unit type or TYPE/CLASS");
}

#[test]
fn leader_ratings_are_checked() {
    let line = line_of(GOOD, "id = \"captain\"");
    assert_reports(&broken("charisma = 0", "charisma = 9"), line, "`charisma` is 9");
    let err = broken(", line_command = true, line_types", ", line_types");
    assert_reports(&err, line, "needs `line_command = true`");
}

#[test]
fn many_problems_are_reported_at_once() {
    let text = GOOD.replacen("tq = 8", "tq = 0", 1).replacen("at = \"0201\"", "at = \"9999\"", 1).replacen(
        "02 ..ww....",
        "02 ..ww...",
        1,
    );
    let err = load(FILE, &text).unwrap_err();
    assert!(err.diagnostics.len() >= 3, "{err}");
    let lines: Vec<_> = err.diagnostics.iter().map(|d| d.line).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted, "problems are listed in file order");
    // The rendered report names the file, line and column of each problem.
    assert!(err.to_string().lines().all(|l| l.starts_with("scenarios/skirmish.toml:")), "{err}");
}

#[test]
fn cavalry_pursuit_cannot_be_switched_on_without_charge_formation_gba_9_4_p91() {
    let err = broken("law_of_inertia = true", "law_of_inertia = true\ncavalry_pursuit = true");
    assert_reports(&err, line_of(GOOD, "law_of_inertia = true") + 1, "charge formation (11.9)");
    // Left off, as every battle has it, the file loads.
    load(FILE, &GOOD.replacen("law_of_inertia = true", "law_of_inertia = true\ncavalry_pursuit = false", 1))
        .expect("cavalry_pursuit = false is accepted");
}
