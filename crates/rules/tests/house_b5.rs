//! House rule B5, eager troops and the surge, inspired by the Mutford house rules (issue 23,
//! rulings P348–P355): switched on by its optional-rules key, played through `Game::execute`
//! with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

const EAGER: &str = "eager_troops";

fn surge_die(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::HouseRule { unit: unit.into(), rule: "House B5".into() } }
}

fn charge_check(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::TqCheck { unit: unit.into(), rule: "House B5".into() } }
}

fn momentum_die(roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::Momentum { leader: "hero".into() } }
}

fn surged(unit: &str, toward: &str, mp: u8) -> Event {
    Event::Surged { unit: unit.into(), leader: "hero".into(), toward: toward.into(), mp }
}

/// The momentum die 5 (failed), then wild's surge die `roll` giving `mp`, and its move along
/// `path` (hex ids) to the last hex, facing E, for `spent` MP.
fn wild_surges(roll: u8, mp: u8, path: &[&str], spent: u8) -> Vec<Event> {
    let path: Vec<_> = path.iter().map(|s| h(s)).collect();
    let placement = Placement::One(*path.last().unwrap());
    vec![
        momentum_die(5),
        finished(),
        surge_die("wild", roll),
        surged("wild", "r", mp),
        Event::UnitMoved { unit: "wild".into(), path, placement, facing: Vertex::E, mp: spent },
    ]
}

fn finished() -> Event {
    Event::LeaderFinished { leader: "hero".into() }
}

fn at(game: &sarissa_rules::Game, unit: &str) -> Placement {
    game.state.units[idx(game, unit)].placement
}

/// The events of the momentum attempt up to the next leader's offer: the attempt, and the
/// surge's dice, moves and checks.
fn up_to_the_next_leader(events: Vec<Event>) -> Vec<Event> {
    events.into_iter().take_while(|e| !matches!(e, Event::ActivationOffered { .. })).collect()
}

/// Blue's eager light horse `wild` (LC, TQ 5, MA 8) at 0305 facing E, and a steady `steady` (the
/// same, untagged) at 0307, under "hero" (initiative 2, range 8, at 0205); `blue_more` adds blue
/// units; red's foot `r` (MI) at `red_at` facing W, and `red_more`.
fn eager_field(red_at: &str, blue_more: Vec<String>, red_more: Vec<String>, optional: Vec<&'static str>) -> Field {
    let mut blue = vec![
        with(unit("wild", "LC", "J", 2, 5, 8, "J", "0305", "E"), "tags = [\"eager\"]"),
        unit("steady", "LC", "J", 2, 5, 8, "J", "0307", "E"),
    ];
    blue.extend(blue_more);
    let mut red = vec![unit("r", "MI", "", 6, 5, 5, "", red_at, "W")];
    red.extend(red_more);
    Field {
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        optional,
        ..Field::default()
    }
}

/// Hero is activated, gives no order, and tries for momentum with `dice` loaded.
fn momentum_tried(f: Field, dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    end_orders(&mut game);
    let events = ok(&mut game, Command::TryMomentum);
    (game, up_to_the_next_leader(events))
}

// --- The surge ------------------------------------------------------------------------------

#[test]
fn house_b5_an_eager_unit_surges_at_the_nearest_enemy_when_momentum_fails() {
    // Momentum 5 fails (initiative 2); the surge die 0: the whole MA, 8. Red stands at 0905,
    // six hexes off: the rush ends beside it, facing it, and checks (7: two over TQ 5).
    let (game, events) = momentum_tried(eager_field("0905", vec![], vec![], vec![EAGER]), &[5, 0, 7]);
    // Five clear hexes (5 MP of its 8), to the first hex beside red by id, facing it.
    let mut expected = wild_surges(0, 8, &["0404", "0504", "0603", "0704", "0804"], 5);
    expected.push(charge_check("wild", 7));
    expected.push(Event::CohesionHits { unit: "wild".into(), hits: 2, cause: HitCause::Shock });
    assert_eq!(events, expected);
    let placement = Placement::One(h("0804"));
    assert_eq!(h("0804").distance(h("0905")), 1, "it ends beside its enemy");
    assert_eq!(at(&game, "wild"), placement);
    assert_eq!(game.state.units[idx(&game, "wild")].hits, 2);
    assert!(game.state.units[idx(&game, "wild")].moved, "a surged unit is Moved (6.13)");
    // The untagged unit beside it rolled nothing and stayed.
    assert_eq!(at(&game, "steady"), Placement::One(h("0307")));
}

#[test]
fn house_b5_a_surge_die_of_4_or_more_holds_and_2_or_3_goes_half_its_ma() {
    let (game, events) = momentum_tried(eager_field("0905", vec![], vec![], vec![EAGER]), &[5, 4]);
    assert_eq!(events, [momentum_die(5), finished(), surge_die("wild", 4)]);
    assert_eq!(at(&game, "wild"), Placement::One(h("0305")));
    // A 3: half of MA 8, four hexes on, out of contact: no check (no die is left loaded).
    let (game, events) = momentum_tried(eager_field("0905", vec![], vec![], vec![EAGER]), &[5, 3]);
    assert_eq!(events, wild_surges(3, 4, &["0404", "0504", "0603", "0704"], 4));
    let Placement::One(end) = at(&game, "wild") else { panic!() };
    assert_eq!(end.distance(h("0905")), 2, "four hexes nearer: {end}");
}

/// Wild alone (MA 10, facing SE) at 0305; red's `r` at 0705, facing away (E).
fn ford_field(optional: Vec<&'static str>) -> Field {
    let mut f = eager_field("0705", vec![], vec![], optional);
    f.units[0] = vec![with(unit("wild", "LC", "J", 2, 5, 10, "J", "0305", "SE"), "tags = [\"eager\"]")];
    f.units[1][0] = unit("r", "MI", "", 6, 5, 5, "", "0705", "E");
    f
}

/// Columns 04 and 05 but for the ford at row 08.
const SEA: [&str; 18] = [
    "0401", "0402", "0403", "0404", "0405", "0406", "0407", "0409", "0410", "0501", "0502", "0503", "0504", "0505",
    "0506", "0507", "0509", "0510",
];

#[test]
fn house_b5_a_surge_is_stopped_where_an_enemy_zone_of_control_begins() {
    // Sea fills columns 04 and 05 but for the ford at 0408-0508: the way to `r` (0705, four
    // hexes off as the crow flies) runs south through it and up again. Red's `guard` at 0608
    // (facing NE, farther off than `r`) holds 0607, the ford's only way out, in its zone: the
    // surge stops there, three hexes from `r`, with MP to spare.
    let water: Vec<(&'static str, char)> = SEA.iter().map(|&hex| (hex, '~')).collect();
    let guard = vec![unit("guard", "MI", "", 6, 5, 5, "", "0608", "NE")];
    let mut f = ford_field(vec![EAGER]);
    f.units[1].extend(guard);
    f.terrain = water.clone();
    assert!(h("0305").distance(h("0705")) < h("0305").distance(h("0608")), "r is the nearer");
    let (game, events) = momentum_tried(f, &[5, 0]);
    // Stopped in the guard's zone with 3 MP of its 10 to spare. The guard is not in wild's own
    // zone (wild faces E, the guard is to its S): no check.
    assert_eq!(events, wild_surges(0, 10, &["0306", "0307", "0308", "0408", "0508", "0607"], 7));
    assert_eq!(at(&game, "wild"), Placement::One(h("0607")));
    // Without the guard the same die takes it to `r`.
    let mut f = ford_field(vec![EAGER]);
    f.terrain = water;
    let (game, _) = momentum_tried(f, &[5, 0, 0]);
    let Placement::One(end) = at(&game, "wild") else { panic!() };
    assert_eq!(end.distance(h("0705")), 1, "{end}");
}

#[test]
fn house_b5_a_failed_trump_sets_the_trumpers_eager_units_off() {
    // Blue's "sub" (initiative 5) trumps "hero" (2) and fails (die 7): wild is in his range.
    let sub = "{ id = \"sub\", name = \"sub\", role = \"subordinate\", initiative = 5, command_range = 6, charisma = 1, personal_combat = 3, at = \"0304\" }";
    let mut f = eager_field("0905", vec![], vec![], vec![EAGER]);
    f.leaders[0].push(sub.into());
    let (mut game, _) = f.start(&[7, 1, 3]);
    let events = ok(&mut game, Command::Trump { leader: "sub".into() });
    let house: Vec<Event> =
        events.iter().skip_while(|e| !matches!(e, Event::TrumpFailed { .. })).take(4).cloned().collect();
    assert_eq!(
        house,
        [
            Event::TrumpFailed { leader: "sub".into() },
            Event::LeaderFinished { leader: "sub".into() },
            surge_die("wild", 1),
            Event::Surged { unit: "wild".into(), leader: "sub".into(), toward: "r".into(), mp: 8 },
        ],
        "{events:?}"
    );
}

#[test]
fn house_b5_units_ordered_or_moved_this_turn_or_in_an_enemy_zone_do_not_surge() {
    // Wild is ordered (a turn toward the enemy costs one order); the momentum fails; no die.
    let f = eager_field("0905", vec![], vec![], vec![EAGER]);
    let (mut game, _) = f.start(&[5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("wild", &["0405"], Vertex::E));
    end_orders(&mut game);
    let events = up_to_the_next_leader(ok(&mut game, Command::TryMomentum));
    assert_eq!(events, [momentum_die(5), finished()]);
    // Red beside it: in its zone, it holds.
    let (_, events) = momentum_tried(eager_field("0405", vec![], vec![], vec![EAGER]), &[5]);
    assert_eq!(events, [momentum_die(5), finished()]);
}

#[test]
fn house_b5_off_nothing_surges_and_holding_back_costs_one_order() {
    let (game, events) = momentum_tried(eager_field("0905", vec![], vec![], vec![]), &[5]);
    assert_eq!(events, [momentum_die(5), finished()]);
    assert_eq!(at(&game, "wild"), Placement::One(h("0305")));
    let (mut game, _) = eager_field("0905", vec![], vec![], vec![]).start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("wild", &[], Vertex::NE));
    assert!(!events.iter().any(|e| matches!(e, Event::EagerHeldBack { .. })), "{events:?}");
    assert_eq!(orders_left(&game), 1);
}

// --- Holding back ---------------------------------------------------------------------------

#[test]
fn house_b5_an_order_that_holds_an_eager_unit_back_costs_two_orders() {
    let (mut game, _) = eager_field("0905", vec![], vec![], vec![EAGER]).start(&[]);
    ok(&mut game, activate("hero"));
    assert_eq!(orders_left(&game), 2);
    // Forward: one order.
    let forward = |game: &mut sarissa_rules::Game| ok(game, mv("wild", &["0405"], Vertex::E));
    let mut ahead = game.clone();
    let events = forward(&mut ahead);
    assert!(!events.iter().any(|e| matches!(e, Event::EagerHeldBack { .. })), "{events:?}");
    assert_eq!(orders_left(&ahead), 1);
    // Back (west): two orders, logged.
    let events = ok(&mut game, mv("wild", &["0205"], Vertex::E));
    assert_eq!(events[0], Event::EagerHeldBack { leader: "hero".into(), unit: "wild".into() });
    assert_eq!(orders_left(&game), 0);
}

#[test]
fn house_b5_with_one_order_left_an_eager_unit_may_only_go_forward() {
    let (mut game, _) = eager_field("0905", vec![], vec![], vec![EAGER]).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("steady", &[], Vertex::NE));
    assert_eq!(orders_left(&game), 1);
    // A turn in place holds it back: refused, and not offered.
    assert_eq!(refused_rule(&mut game, mv("wild", &[], Vertex::NE)), "House B5");
    let wild = idx(&game, "wild");
    let ends = sarissa_rules::play::legal::destinations(&game.scenario, &game.state, wild);
    assert!(!ends.is_empty());
    for d in &ends {
        let Placement::One(end) = d.placement else { panic!() };
        assert!(end.distance(h("0905")) < h("0305").distance(h("0905")), "offered {end}");
    }
    ok(&mut game, mv("wild", &["0405"], Vertex::E));
    assert_eq!(orders_left(&game), 0);
}

#[test]
fn house_b5_with_house_b3_an_eager_unit_out_of_sight_held_back_costs_three_orders() {
    // Woods at 0204 and 0304 hide wild (0305) and steady (0307) from hero at 0203 (P349: B3's
    // extra order is charged first, then B5's).
    let hidden = |initiative| {
        let mut f = eager_field("0905", vec![], vec![], vec![EAGER, "out_of_sight_orders"]);
        f.terrain = vec![("0204", 'w'), ("0304", 'w')];
        f.leaders[0] = vec![leader("hero", "overall", initiative, 8, "0203")];
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("hero"));
        game
    };
    // Three orders: all three spent on it.
    let mut game = hidden(3);
    let events = ok(&mut game, mv("wild", &[], Vertex::NE));
    let charged: Vec<&Event> =
        events.iter().filter(|e| matches!(e, Event::OutOfSightOrder { .. } | Event::EagerHeldBack { .. })).collect();
    assert_eq!(charged.len(), 2, "{events:?}");
    assert_eq!(orders_left(&game), 0);
    // With two left (after steady's order, out of his sight too), the engine neither offers
    // nor takes it.
    let mut game = hidden(4);
    ok(&mut game, mv("steady", &["0407"], Vertex::E));
    assert_eq!(orders_left(&game), 2);
    assert_eq!(refused_rule(&mut game, mv("wild", &[], Vertex::NE)), "House B5");
    let wild = idx(&game, "wild");
    let ends = sarissa_rules::play::legal::destinations(&game.scenario, &game.state, wild);
    assert!(ends.iter().all(|d| d.placement != Placement::One(h("0305"))));
    ok(&mut game, mv("wild", &["0405"], Vertex::E));
}

// --- Where it is offered; every battle with every house rule on ------------------------------

#[test]
fn house_b5_is_offered_only_where_the_battle_has_eager_units_credited() {
    let offered = |id: &str| {
        let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
        let s = sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let mine: Vec<_> = s.optional_choices().into_iter().filter(|c| c.key == EAGER).collect();
        for c in &mine {
            assert!(c.house && !c.default && c.about.contains(sarissa_rules::scenario::HOUSE_CREDIT), "{c:?}");
        }
        !mine.is_empty()
    };
    for id in ["samarkand", "chaeronea", "granicus", "issus", "pataliputra", "malayaketu"] {
        assert!(offered(id), "{id}");
    }
    for id in ["hydaspes", "takshashila"] {
        assert!(!offered(id), "{id}");
    }
    // A battle without eager units refuses the key.
    let f = eager_field("0905", vec![], vec![], vec![]);
    let plain = f.toml().replace(", tags = [\"eager\"]", "");
    let s = sarissa_rules::load("field.toml", &plain).unwrap();
    let mut changes = sarissa_rules::scenario::OptionChanges::new();
    changes.insert(EAGER.into(), true);
    let refusal = s.with_options(&changes).unwrap_err();
    assert!(refusal.contains("eager_troops"), "{refusal}");
}

#[test]
fn house_b5_absent_in_a_battle_without_eager_units_nothing_rolls() {
    // The rule switched on in the file, but no unit is eager: a failed momentum rolls nothing.
    let mut f = eager_field("0905", vec![], vec![], vec![EAGER]);
    f.units[0][0] = unit("wild", "LC", "J", 2, 5, 8, "J", "0305", "E");
    let (game, events) = momentum_tried(f, &[5]);
    assert_eq!(events, [momentum_die(5), finished()]);
    assert_eq!(at(&game, "wild"), Placement::One(h("0305")));
}
