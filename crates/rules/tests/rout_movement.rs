//! Rout movement (GBA 10.2, 10.21–10.25; CG 11.21–11.27): the pure planner `rout::rout_move`.
//! On the test field blue (side 0) routs toward the west edge, red (side 1) toward the east.

mod common;

use common::{h, leader, unit, Field};
use sarissa_rules::charts::stacking::{Action, Outcome};
use sarissa_rules::effects::rout::{
    edge_facings, rout_move, rout_move_choosing, Choice, Elimination, Passage, RoutLeg, RoutPlan, RoutTrack,
};
use sarissa_rules::game::{Dice, GameState};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::scenario::{Edge, Scenario};

const INITIAL: RoutLeg = RoutLeg::Hexes(2);

fn setup(f: &Field) -> (Scenario, GameState) {
    let mut f = Field {
        units: f.units.clone(),
        terrain: f.terrain.clone(),
        hexsides: f.hexsides.clone(),
        leaders: f.leaders.clone(),
        rules: f.rules,
        ..Field::default()
    };
    for (side, at) in [(0, "0110"), (1, "1210")] {
        if f.leaders[side].is_empty() {
            f.leaders[side].push(leader(&format!("oc{side}"), "overall", 5, 6, at));
        }
    }
    let scenario = sarissa_rules::load("field.toml", &f.toml()).unwrap_or_else(|e| panic!("{e}"));
    let state = GameState::setup(&scenario, Dice::scripted(&[]));
    (scenario, state)
}

fn idx(s: &Scenario, id: &str) -> usize {
    s.units.iter().position(|u| u.id == id).unwrap()
}

fn one(s: &str) -> Placement {
    Placement::One(h(s))
}

fn two(a: &str, b: &str) -> Placement {
    Placement::Two(h(a), h(b))
}

fn plan(f: &Field, router: &str, leg: RoutLeg) -> (Scenario, RoutPlan) {
    let (s, st) = setup(f);
    let routed = vec![false; s.units.len()];
    let p = rout_move(&s, &st, idx(&s, router), leg, &routed);
    (s, p)
}

fn moves(p: &RoutPlan) -> &RoutTrack {
    match p {
        RoutPlan::Moves(t) => t,
        other => panic!("expected a move, got {other:?}"),
    }
}

fn eliminated(p: &RoutPlan) -> (Elimination, &RoutTrack) {
    match p {
        RoutPlan::Eliminated { reason, track, .. } => (*reason, track),
        other => panic!("expected an elimination, got {other:?}"),
    }
}

fn li(id: &str, at: &str, facing: &str) -> String {
    unit(id, "LI", "J", 3, 5, 5, "J", at, facing)
}

fn mi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "MI", "", 4, 5, 5, "", at, facing)
}

fn hoplite(id: &str, at: &str, facing: &str) -> String {
    unit(id, "HI", "HO", 10, 6, 4, "", at, facing)
}

const CHECK: Outcome = Outcome::StationaryTqCheck { drm: 0, two_hex_router_drm: 1, against_tq_minus_two: false };

#[test]
fn a_router_is_faced_and_moved_two_hexes_toward_its_retreat_edge_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E")];
    let (_, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    // Both front hexes of a unit faced west are equally direct: the owner's choice, the first
    // by hex id by default (rulings P34).
    assert_eq!(t.path, [one("0505"), one("0404")]);
    assert_eq!(t.facing, Vertex::W);
    assert_eq!(
        t.choices,
        [
            Choice { step: 0, options: vec![one("0505"), one("0506")] },
            Choice { step: 1, options: vec![one("0404"), one("0405")] }
        ]
    );
    assert!(t.through.is_empty() && !t.extra_hex);
}

#[test]
fn the_owner_chooses_between_hexes_of_equal_priority_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E")];
    let (s, st) = setup(&f);
    let routed = vec![false; s.units.len()];
    let p = rout_move_choosing(&s, &st, idx(&s, "b"), INITIAL, &routed, &[one("0506"), one("0406")]);
    assert_eq!(moves(&p).path, [one("0506"), one("0406")]);
    // A choice that is not on offer is ignored: the default stands.
    let p = rout_move_choosing(&s, &st, idx(&s, "b"), INITIAL, &routed, &[one("0707")]);
    assert_eq!(moves(&p).path, [one("0505"), one("0404")]);
}

#[test]
fn a_router_blocked_by_an_enemy_zoc_goes_through_a_friend_gba_10_21() {
    let mut f = Field::default();
    // The red LI faced east holds 0504 and 0505 in its ZOC; 0506 holds a friend.
    f.units[0] = vec![li("b", "0605", "E"), mi("friend", "0506", "E")];
    f.units[1] = vec![li("r", "0404", "E")];
    let (s, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path, [one("0506"), one("0405")]);
    assert_eq!(t.through, [Passage { unit: idx(&s, "friend"), step: 0, action: Action::MoveThrough, outcome: CHECK }]);
}

#[test]
fn an_enemy_zoc_held_by_a_friend_is_open_but_last_in_priority_gba_10_21() {
    let mut f = Field::default();
    // Both edge-ward hexes hold friends; 0505 is in the red ZOC: take 0506 (priority 2 before 3).
    f.units[0] = vec![li("b", "0605", "E"), mi("f1", "0505", "E"), mi("f2", "0506", "E")];
    f.units[1] = vec![li("r", "0404", "E")];
    let (s, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path[0], one("0506"));
    assert_eq!(t.through[0].unit, idx(&s, "f2"));
    // Now 0506 is in a red ZOC too: the friend in the ZOC is still open (priority 3).
    f.units[1].push(li("r2", "0406", "E"));
    let (s, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path[0], one("0505"));
    assert_eq!(t.through[0].unit, idx(&s, "f1"));
}

#[test]
fn a_vacant_hex_comes_before_a_friendly_one_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E"), mi("friend", "0505", "E")];
    let (_, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path[0], one("0506"));
    assert_eq!(t.choices.iter().filter(|c| c.step == 0).count(), 0);
    assert!(t.through.is_empty());
}

#[test]
fn a_one_hex_router_turns_a_vertex_at_a_time_when_both_edgeward_hexes_are_blocked_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "W")];
    // Enemy units in both edge-ward hexes, faced away.
    f.units[1] = vec![li("r1", "0505", "W"), li("r2", "0506", "W")];
    let (_, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    // One vertex either way opens 0604 or 0606: the owner's choice; then west again.
    assert_eq!(t.path, [one("0604"), one("0504")]);
    assert_eq!(t.choices[0], Choice { step: 0, options: vec![one("0604"), one("0606")] });
    assert_eq!(t.facing, Vertex::W);
}

#[test]
fn a_levy_blocked_by_light_cavalry_and_its_zoc_goes_around_it_granicus_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("levy", "0605", "W")];
    // The LC stands in 0505 faced SE: 0506 is in its ZOC.
    f.units[1] = vec![unit("lc", "LC", "J", 3, 6, 8, "J", "0505", "SE")];
    let (_, p) = plan(&f, "levy", INITIAL);
    assert_eq!(moves(&p).path, [one("0604"), one("0504")]);
}

#[test]
fn impassable_ground_blocks_a_rout_path_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E")];
    f.terrain = vec![("0505", '~')];
    let (_, p) = plan(&f, "b", INITIAL);
    assert_eq!(moves(&p).path[0], one("0506"));
}

#[test]
fn a_router_with_no_unblocked_hex_is_eliminated_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "W")];
    f.terrain = vec![("0604", '~'), ("0606", '~'), ("0705", '~'), ("0706", '~')];
    f.units[1] = vec![li("r1", "0505", "W"), li("r2", "0506", "W")];
    let (_, p) = plan(&f, "b", INITIAL);
    let (reason, track) = eliminated(&p);
    assert_eq!(reason, Elimination::Blocked);
    assert!(track.path.is_empty());
}

#[test]
fn a_router_that_cannot_finish_its_move_is_eliminated_gba_10_23() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "W")];
    // Open first hex (0505 only), then a dead end: water all round 0505 but the way back.
    f.terrain = vec![("0506", '~'), ("0404", '~'), ("0405", '~'), ("0504", '~'), ("0604", '~'), ("0606", '~')];
    let (_, p) = plan(&f, "b", INITIAL);
    let (reason, track) = eliminated(&p);
    assert_eq!(reason, Elimination::Blocked);
    // It never goes back to the hex it left (rulings P34).
    assert_eq!(track.path, [one("0505")]);
}

#[test]
fn a_router_that_leaves_the_map_is_eliminated_gba_10_23() {
    let mut f = Field::default();
    f.units[0] = vec![li("edge", "0102", "E"), li("near", "0203", "E")];
    let (_, p) = plan(&f, "edge", INITIAL);
    // Already on its edge: the step toward the edge is off the map (rulings P34).
    let (reason, track) = eliminated(&p);
    assert_eq!(reason, Elimination::LeftMap);
    assert!(track.path.is_empty());
    let (_, p) = plan(&f, "near", INITIAL);
    let (reason, track) = eliminated(&p);
    assert_eq!(reason, Elimination::LeftMap);
    assert_eq!(track.path, [one("0103")]);
}

#[test]
fn skirmishers_chariots_and_artillery_are_eliminated_and_elephants_rampage_gba_10_2() {
    let mut f = Field::default();
    f.units[0] = vec![
        unit("sk", "SK", "J", 1, 5, 6, "J", "0602", "E"),
        unit("skstar", "SK*", "J", 1, 6, 6, "J", "0604", "E"),
        unit("ch", "CH", "", 3, 5, 8, "J", "0606", "E"),
        unit("at", "AT", "B", 1, 3, 2, "B", "0608", "E"),
        unit("el", "EL", "", 4, 6, 5, "J", "0802", "E"),
    ];
    for id in ["sk", "ch", "at"] {
        assert_eq!(eliminated(&plan(&f, id, INITIAL).1).0, Elimination::Type, "{id}");
    }
    // SK* rout-move like other units (only plain SK are eliminated).
    assert_eq!(moves(&plan(&f, "skstar", INITIAL).1).path.len(), 2);
    assert!(matches!(plan(&f, "el", INITIAL).1, RoutPlan::Rampage { .. }));
}

#[test]
fn a_router_that_would_end_stacked_goes_one_more_hex_gba_10_24() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0805", "E"), mi("f1", "0604", "E"), mi("f2", "0605", "E")];
    let (s, p) = plan(&f, "b", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path, [one("0705"), one("0604"), one("0504")]);
    assert!(t.extra_hex);
    assert_eq!(t.through, [Passage { unit: idx(&s, "f1"), step: 1, action: Action::MoveThrough, outcome: CHECK }]);
}

#[test]
fn the_one_more_hex_occupied_by_a_friend_eliminates_the_router_gba_10_24() {
    let mut f = Field::default();
    f.units[0] = vec![
        li("b", "0805", "E"),
        mi("f1", "0604", "E"),
        mi("f2", "0605", "E"),
        mi("f3", "0504", "E"),
        mi("f4", "0505", "E"),
    ];
    let (s, p) = plan(&f, "b", INITIAL);
    let (reason, t) = eliminated(&p);
    assert_eq!(reason, Elimination::NoRoomAtEnd);
    assert_eq!(t.path, [one("0705"), one("0604")]);
    let stop = t.through[1];
    assert_eq!((stop.unit, stop.step, stop.action), (idx(&s, "f3"), 2, Action::StopIn));
    assert!(matches!(stop.outcome, Outcome::RouterEliminated { .. }));
}

#[test]
fn the_one_more_hex_in_an_enemy_zoc_eliminates_the_router_without_turning_gba_10_24() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0805", "E"), mi("f1", "0604", "E"), mi("f2", "0605", "E")];
    // Red LIs hold 0504 and 0505 in their ZOC; 0603 is open but the extra hex does not turn (P36).
    f.units[1] = vec![li("r1", "0403", "SE"), li("r2", "0405", "NE")];
    let (_, p) = plan(&f, "b", INITIAL);
    let (reason, t) = eliminated(&p);
    assert_eq!(reason, Elimination::NoRoomAtEnd);
    assert_eq!(t.path, [one("0705"), one("0604")]);
    assert_eq!(t.through.len(), 1);
}

#[test]
fn a_two_hex_router_reverse_faces_toward_its_edge_and_goes_two_hexes_straight_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![hoplite("hop", "0605-0606", "E")];
    let (_, p) = plan(&f, "hop", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path, [two("0505", "0506"), two("0404", "0405")]);
    assert_eq!(t.facing, Vertex::W);
    // Already faced west it keeps its facing.
    f.units[0] = vec![hoplite("hop", "0605-0606", "W")];
    let (_, p) = plan(&f, "hop", INITIAL);
    assert_eq!(moves(&p).path, [two("0505", "0506"), two("0404", "0405")]);
}

#[test]
fn a_two_hex_router_blocked_toward_its_edge_goes_the_other_way_granicus_gba_10_21() {
    // The second Granicus hoplite: its direct path is blocked, so it moves forward.
    let mut f = Field::default();
    f.units[0] = vec![hoplite("hop", "0605-0606", "E")];
    f.units[1] = vec![li("r1", "0505", "W"), li("r2", "0507", "W")];
    let (_, p) = plan(&f, "hop", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path, [two("0705", "0706"), two("0804", "0805")]);
    assert_eq!(t.facing, Vertex::E);
}

#[test]
fn a_two_hex_router_that_cannot_go_two_hexes_straight_is_eliminated_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![hoplite("hop", "0605-0606", "E")];
    f.units[1] = vec![li("r1", "0505", "W"), li("r2", "0507", "W"), li("r3", "0805", "E")];
    let (_, p) = plan(&f, "hop", INITIAL);
    let (reason, t) = eliminated(&p);
    assert_eq!(reason, Elimination::TwoHexCannotMove);
    // One straight step, then no pivot round the obstacle.
    assert_eq!(t.path, [two("0705", "0706")]);
}

#[test]
fn a_greek_hoplite_passes_through_the_levy_when_a_peltast_zoc_blocks_the_vacant_hex_granicus_gba_10_21() {
    let mut f = Field::default();
    f.units[0] = vec![
        unit("hoplites", "HI", "HO", 10, 6, 4, "", "0605-0606", "E"),
        unit("levy", "LI", "J", 5, 3, 5, "J", "0507", "E"),
    ];
    // The Thracian peltasts' ZOC covers 0505, so the pose 0505-0506 is blocked.
    f.units[1] = vec![unit("thracians", "LP", "", 4, 6, 6, "J", "0404", "E")];
    let (s, p) = plan(&f, "hoplites", INITIAL);
    let t = moves(&p);
    assert_eq!(t.path, [two("0506", "0507"), two("0405", "0406")]);
    assert_eq!(t.facing, Vertex::W);
    // The Levy makes the Stacking Chart check, +1 for a two-hex router (digest A12).
    assert_eq!(t.through, [Passage { unit: idx(&s, "levy"), step: 0, action: Action::MoveThrough, outcome: CHECK }]);
    assert_eq!(t.through[0].outcome.stationary_check_hits(6, 3, true), Some(4));
}

#[test]
fn a_routed_enemy_has_no_zoc_and_a_routed_friend_passed_through_is_eliminated_gba_7_21_6_92() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E"), mi("friend", "0506", "E")];
    f.units[1] = vec![li("r", "0404", "E")];
    let (s, st) = setup(&f);
    let mut routed = vec![false; s.units.len()];
    routed[idx(&s, "r")] = true;
    routed[idx(&s, "friend")] = true;
    let p = rout_move(&s, &st, idx(&s, "b"), INITIAL, &routed);
    // 0505 is open now; the routed enemy's own hex still blocks (0404).
    assert_eq!(moves(&p).path, [one("0505"), one("0405")]);
    // The routed friend: through it, it is eliminated (the Routed column of the chart).
    f.units[0] = vec![li("b", "0605", "E"), mi("friend", "0505", "E"), mi("f2", "0506", "E")];
    f.units[1].clear();
    let (s, st) = setup(&f);
    let mut routed = vec![false; s.units.len()];
    routed[idx(&s, "friend")] = true;
    let p = rout_move(&s, &st, idx(&s, "b"), INITIAL, &routed);
    let t = moves(&p);
    assert_eq!(t.path[0], one("0505"));
    assert_eq!(t.through[0].outcome, Outcome::StationaryEliminated);
}

fn plan_toward(f: &Field, router: &str, leg: RoutLeg, edge: Edge) -> RoutPlan {
    let (mut s, st) = setup(f);
    s.sides[0].retreat_edge = edge;
    let routed = vec![false; s.units.len()];
    rout_move(&s, &st, idx(&s, router), leg, &routed)
}

#[test]
fn toward_a_north_edge_the_hex_straight_across_the_north_hexside_is_most_direct_rulings_p34() {
    assert_eq!(edge_facings(Edge::North), [Vertex::NE, Vertex::NW]);
    assert_eq!(edge_facings(Edge::South), [Vertex::SW, Vertex::SE]);
    assert_eq!(edge_facings(Edge::West), [Vertex::W]);
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E")];
    let t = plan_toward(&f, "b", INITIAL, Edge::North);
    let t = moves(&t);
    assert_eq!(t.path, [one("0604"), one("0603")]);
    assert!(t.choices.is_empty());
    // Faced NE or NW, whichever is nearer the way it faced (east).
    assert_eq!(t.facing, Vertex::NE);
    // A friend in the direct hex: a vacant diagonal comes first (priority before directness).
    f.units[0].push(mi("friend", "0604", "E"));
    let t = plan_toward(&f, "b", INITIAL, Edge::North);
    let t = moves(&t);
    assert_eq!(t.path[0], one("0505"));
    assert_eq!(t.choices[0], Choice { step: 0, options: vec![one("0505"), one("0705")] });
}

#[test]
fn a_router_on_its_edge_row_steps_off_the_map_rulings_p34() {
    let mut f = Field::default();
    // 0601 is an even column, half a hex lower: 0501 is on the map, but off the edge is nearer.
    f.units[0] = vec![li("odd", "0501", "E"), li("even", "0601", "W")];
    for id in ["odd", "even"] {
        let p = plan_toward(&f, id, INITIAL, Edge::North);
        assert_eq!(eliminated(&p).0, Elimination::LeftMap, "{id}");
    }
}

#[test]
fn a_two_hex_router_side_on_to_its_edge_may_go_either_way_rulings_p35() {
    let mut f = Field::default();
    f.units[0] = vec![hoplite("hop", "0605-0606", "E")];
    let p = plan_toward(&f, "hop", INITIAL, Edge::North);
    let t = moves(&p);
    // Faced east or west it is side-on to the north edge: neither way is nearer, so both ways'
    // first steps compete (both diagonal, both vacant): the owner's choice, the first by hex id
    // by default, which here reverse-faces it.
    assert_eq!(t.choices[0], Choice { step: 0, options: vec![two("0505", "0506"), two("0705", "0706")] });
    assert_eq!(t.path, [two("0505", "0506"), two("0404", "0405")]);
    assert_eq!(t.facing, Vertex::W);
    let (s, st) = setup(&f);
    let mut s = s;
    s.sides[0].retreat_edge = Edge::North;
    let routed = vec![false; s.units.len()];
    let p = rout_move_choosing(&s, &st, idx(&s, "hop"), INITIAL, &routed, &[two("0705", "0706")]);
    let t = moves(&p);
    assert_eq!(t.path, [two("0705", "0706"), two("0804", "0805")]);
    assert_eq!(t.facing, Vertex::E);
}

#[test]
fn in_the_rout_segment_a_router_moves_its_full_printed_ma_paying_terrain_gba_10_22() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0905", "E")];
    let (_, p) = plan(&f, "b", RoutLeg::Segment);
    let t = moves(&p);
    assert_eq!(t.path, [one("0804"), one("0704"), one("0603"), one("0503"), one("0402")]);
    assert_eq!(t.mp, 5);
    // Woods cost light foot 2 MP: two woods columns and one clear hex.
    f.terrain = ["0801", "0802", "0803", "0804", "0805", "0806", "0701", "0702", "0703", "0704", "0705"]
        .into_iter()
        .map(|h| (h, 'w'))
        .collect();
    let (_, p) = plan(&f, "b", RoutLeg::Segment);
    let t = moves(&p);
    assert_eq!(t.path, [one("0804"), one("0704"), one("0603")]);
    assert_eq!(t.mp, 5);
}

#[test]
fn in_the_rout_segment_routed_two_hex_phalanxes_and_hoplites_are_eliminated_gba_10_22() {
    let mut f = Field::default();
    f.units[0] = vec![hoplite("hop", "0605-0606", "W"), unit("cardaces", "LP", "CA", 8, 5, 5, "J", "0905-0906", "W")];
    let (_, p) = plan(&f, "hop", RoutLeg::Segment);
    assert_eq!(eliminated(&p).0, Elimination::TwoHexInSegment);
    // Two-hex peltasts (cardaces) rout-move their MA, straight on.
    let (_, p) = plan(&f, "cardaces", RoutLeg::Segment);
    let t = moves(&p);
    assert_eq!(t.path.len(), 5);
    assert_eq!(t.path[0], two("0804", "0805"));
    assert_eq!(t.mp, 5);
}

#[test]
fn in_the_rout_segment_a_router_still_may_not_enter_an_unheld_enemy_zoc_gba_10_22() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0905", "E")];
    // The red LI in 0603 faced SW covers 0504 and 0604, on the default way.
    f.units[1] = vec![li("r", "0603", "SW")];
    let (_, p) = plan(&f, "b", RoutLeg::Segment);
    let t = moves(&p);
    assert_eq!(t.path.len(), 5);
    assert!(t.path.iter().all(|p| ![one("0504"), one("0604"), one("0603")].contains(p)), "{t:?}");
}

#[test]
fn a_leader_stacked_with_a_router_may_go_with_it_gba_10_25() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E")];
    f.leaders[0] = vec![leader("oc", "overall", 5, 6, "0605"), leader("sub", "subordinate", 3, 3, "0110")];
    let (s, p) = plan(&f, "b", INITIAL);
    assert_eq!(moves(&p).leaders, [s.leaders.iter().position(|l| l.id == "oc").unwrap()]);
}

#[test]
fn in_chandragupta_routers_may_not_cross_a_river_cg_11_25() {
    let mut f = Field::default();
    f.units[0] = vec![li("b", "0605", "E")];
    f.hexsides = vec![("minor_river", "0505-0605")];
    let (_, p) = plan(&f, "b", INITIAL);
    assert_eq!(moves(&p).path[0], one("0505"));
    f.rules = "chandragupta";
    let (_, p) = plan(&f, "b", INITIAL);
    assert_eq!(moves(&p).path[0], one("0506"));
}
