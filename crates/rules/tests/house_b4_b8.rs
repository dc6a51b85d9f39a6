//! House rules B4 (levy reluctance), B6 (contagious flight) and B8 (shooting into a melee),
//! inspired by the Mutford house rules (issue 23, rulings P341–P347): each switched on by its
//! optional-rules key, played through `Game::execute` with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

const LEVY: &str = "levy_reluctance";
const CONTAGION: &str = "contagious_flight";
const MELEE: &str = "shooting_into_melee";

fn tq_check(unit: &str, roll: u8, rule: &str) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::TqCheck { unit: unit.into(), rule: rule.into() } }
}

fn at(game: &sarissa_rules::Game, unit: &str) -> Placement {
    game.state.units[idx(game, unit)].placement
}

// --- B4: levy reluctance --------------------------------------------------------------------

/// Blue's levy (MI, TQ 4) at 0505 facing E and a regular (MI, TQ 4) at 0507, both under "hero"
/// (initiative 4, at 0405); red's foot at `red_at`.
fn levy_field(red_at: &str, optional: Vec<&'static str>, dice: &[u8]) -> sarissa_rules::Game {
    let f = Field {
        units: [
            vec![
                with(unit("levy", "MI", "", 6, 4, 5, "", "0505", "E"), "tags = [\"levy\"]"),
                unit("regular", "MI", "", 6, 4, 5, "", "0507", "E"),
            ],
            vec![unit("r", "MI", "", 6, 5, 5, "", red_at, "W")],
        ],
        leaders: [vec![leader("hero", "overall", 4, 8, "0405")], vec![leader("foe", "overall", 6, 4, "1209")]],
        optional,
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn house_b4_a_levy_ordered_toward_the_enemy_balks_on_a_die_above_its_tq() {
    let mut game = levy_field("1105", vec![LEVY], &[5]);
    let events = ok(&mut game, mv("levy", &["0605"], Vertex::E));
    assert_eq!(
        events,
        [tq_check("levy", 5, "House B4"), Event::LevyBalked { unit: "levy".into(), leader: "hero".into() }]
    );
    // It stays; the order is spent, one of the leader's four.
    assert_eq!(at(&game, "levy"), Placement::One(h("0505")));
    assert_eq!(orders_left(&game), 3);
    assert_eq!(refused_rule(&mut game, mv("levy", &["0605"], Vertex::E)), "5.23");
}

#[test]
fn house_b4_a_levy_passing_its_check_moves_and_regulars_never_check() {
    let mut game = levy_field("1105", vec![LEVY], &[4]);
    let events = ok(&mut game, mv("levy", &["0605", "0705"], Vertex::E));
    assert_eq!(events[0], tq_check("levy", 4, "House B4"));
    assert!(matches!(&events[1], Event::UnitMoved { unit, .. } if unit == "levy"), "{events:?}");
    assert_eq!(at(&game, "levy"), Placement::One(h("0705")));
    // No die is left: a regular unit's move rolls none.
    ok(&mut game, mv("regular", &["0607"], Vertex::E));
    assert_eq!(orders_left(&game), 2);
}

#[test]
fn house_b4_a_levy_moving_away_from_the_enemy_or_with_the_rule_off_makes_no_check() {
    // The enemy behind it, to the west: going east takes it away. No dice are loaded.
    let mut game = levy_field("0105", vec![LEVY], &[]);
    ok(&mut game, mv("levy", &["0605"], Vertex::E));
    assert_eq!(at(&game, "levy"), Placement::One(h("0605")));
    // Off, toward the enemy: no check.
    let mut game = levy_field("1105", vec![], &[]);
    ok(&mut game, mv("levy", &["0605"], Vertex::E));
    assert_eq!(at(&game, "levy"), Placement::One(h("0605")));
}

#[test]
fn house_b4_a_balk_costs_no_order_in_a_line_command_and_the_line_goes_on() {
    let f = Field {
        units: [
            vec![
                with(unit("levy", "HC", "", 3, 4, 7, "", "0505", "E"), "tags = [\"levy\"]"),
                unit("horse", "HC", "", 3, 4, 7, "", "0506", "E"),
            ],
            vec![unit("r", "MI", "", 6, 5, 5, "", "1105", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 4, 8, "0405")], vec![leader("foe", "overall", 6, 4, "1209")]],
        optional: vec![LEVY],
        ..Field::default()
    };
    let mut f = f;
    f.leaders[0] = vec!["{ id = \"hero\", name = \"hero\", role = \"overall\", initiative = 4, command_range = 8, charisma = 1, personal_combat = 3, line_command = true, strategy = 4, at = \"0405\" }".into()];
    let (mut game, _) = f.start(&[9]);
    ok(&mut game, activate("hero"));
    let line = Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::parse("HC").unwrap(),
        anchor: "levy".into(),
        formation: sarissa_rules::command::line::Formation::Abreast,
        units: vec![],
    };
    ok(&mut game, line);
    let events = ok(&mut game, mv("levy", &["0605"], Vertex::E));
    assert_eq!(
        events,
        [tq_check("levy", 9, "House B4"), Event::LevyBalked { unit: "levy".into(), leader: "hero".into() }]
    );
    ok(&mut game, mv("horse", &["0606"], Vertex::E));
    assert_eq!(at(&game, "horse"), Placement::One(h("0606")));
    assert_eq!(at(&game, "levy"), Placement::One(h("0505")));
}

// --- B6: contagious flight ------------------------------------------------------------------

/// Blue's foot (MI, MA 5) marches east along row 05 from 0305 at red's light foot: skirmishers
/// `sk` at 0805, light infantry `li2` (MA 6) beside them at 0806 and `li3` beside that at 0907,
/// not beside the skirmishers. At 0605 the march comes within two hexes of the skirmishers.
fn flight_field(optional: Vec<&'static str>, dice: &[u8]) -> sarissa_rules::Game {
    let f = Field {
        units: [
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            [("sk", "SK", "A", 1, "0805"), ("li2", "LI", "J", 3, "0806"), ("li3", "LI", "J", 3, "0907")]
                .map(|(id, kind, missile, size, at)| unit(id, kind, missile, size, 5, 6, missile, at, "W"))
                .to_vec(),
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        optional,
        ..Field::default()
    };
    assert!(h("0805").is_adjacent(h("0806")) && h("0806").is_adjacent(h("0907")) && !h("0805").is_adjacent(h("0907")));
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(
        matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers.contains(&"sk".to_string()))
    );
    game
}

fn withdraw(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Withdraw { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, fire: false, with: None }
}

fn swept(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            matches!(e, Event::SweptAlong { .. })
                || matches!(e, Event::DieRolled { purpose: RollPurpose::TqCheck { rule, .. }, .. } if rule == "House B6")
        })
        .cloned()
        .collect()
}

#[test]
fn house_b6_light_foot_beside_a_withdrawal_may_be_swept_along_and_sweep_on() {
    // li2 rolls 8 (above its TQ 5): swept along; its withdrawal's own check (6.72) rolls 3; li3,
    // beside where li2 stood, rolls 2 and holds.
    let mut game = flight_field(vec![CONTAGION], &[8, 3, 2]);
    let events = ok(&mut game, withdraw("sk", &["0905", "1005"], Vertex::W));
    assert_eq!(
        swept(&events),
        [
            tq_check("li2", 8, "House B6"),
            Event::SweptAlong { unit: "li2".into(), by: "sk".into() },
            tq_check("li3", 2, "House B6"),
        ]
    );
    let from = h("0806");
    let now = match at(&game, "li2") {
        Placement::One(x) => x,
        other => panic!("{other:?}"),
    };
    assert!(now.is_adjacent(from) && now.distance(h("0605")) > from.distance(h("0605")), "{now}");
    assert!(events
        .iter()
        .any(|e| *e == Event::CohesionHits { unit: "li2".into(), hits: 1, cause: HitCause::Withdrawal }));
    assert_eq!(at(&game, "li3"), Placement::One(h("0907")));
}

#[test]
fn house_b6_light_foot_passing_the_check_holds_and_off_nobody_checks() {
    let mut game = flight_field(vec![CONTAGION], &[5]);
    let events = ok(&mut game, withdraw("sk", &["0905", "1005"], Vertex::W));
    assert_eq!(swept(&events), [tq_check("li2", 5, "House B6")]);
    assert_eq!(at(&game, "li2"), Placement::One(h("0806")));
    let mut game = flight_field(vec![], &[]);
    let events = ok(&mut game, withdraw("sk", &["0905", "1005"], Vertex::W));
    assert_eq!(swept(&events), []);
}

// --- B8: shooting into a melee --------------------------------------------------------------

/// Blue's archers at 0505 facing E shoot at red's foot `r` at `target`; blue's `friend` (HI)
/// stands at `friend_at` facing `friend_facing`.
fn melee_field(
    target: &str,
    friend_at: &str,
    friend_facing: &str,
    optional: Vec<&'static str>,
    dice: &[u8],
) -> sarissa_rules::Game {
    let f = Field {
        units: [
            vec![
                unit("archers", "LI", "A", 4, 6, 5, "A", "0505", "E"),
                unit("friend", "HI", "", 5, 6, 4, "", friend_at, friend_facing),
            ],
            vec![unit("r", "MI", "", 6, 5, 5, "", target, "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0405")], vec![leader("foe", "overall", 6, 4, "1209")]],
        optional,
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    game
}

fn house_b8(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .skip_while(|e| !matches!(e, Event::MissileFired { .. }))
        .skip(1)
        .take_while(|e| !matches!(e, Event::ReactionFireOffered { .. }))
        .cloned()
        .collect()
}

#[test]
fn house_b8_a_hit_on_an_enemy_in_a_friends_zone_may_strike_the_friend() {
    // The friend at 0706 faces NE: the target at 0705 is in its zone. The volley (natural 1)
    // hits; the melee die 3 sends the hit into the friend.
    let mut game = melee_field("0705", "0706", "NE", vec![MELEE], &[1, 3]);
    let events = ok(&mut game, fire("archers", "r"));
    assert_eq!(
        house_b8(&events),
        [
            Event::DieRolled {
                roll: 3,
                purpose: RollPurpose::HouseRule { unit: "archers".into(), rule: "House B8".into() }
            },
            Event::FriendStruck { firer: "archers".into(), friend: "friend".into(), hits: 1, over: false },
            Event::CohesionHits { unit: "friend".into(), hits: 1, cause: HitCause::Missile },
        ],
        "{events:?}"
    );
    // A 4 and the target takes it.
    let mut game = melee_field("0705", "0706", "NE", vec![MELEE], &[1, 4]);
    let events = ok(&mut game, fire("archers", "r"));
    assert_eq!(
        house_b8(&events)[1..],
        [Event::CohesionHits { unit: "r".into(), hits: 1, cause: HitCause::Missile }],
        "{events:?}"
    );
}

#[test]
fn house_b8_a_natural_0_over_a_friend_near_the_target_hits_the_friend_too() {
    // The friend at 0605, on the line of fire beside the archers and two hexes from the target at
    // 0805 (archers shoot over it, 8.14): a natural 0 hits the target and gives the friend one hit.
    let mut game = melee_field("0805", "0605", "W", vec![MELEE], &[0]);
    let events = ok(&mut game, fire("archers", "r"));
    let after = house_b8(&events);
    assert_eq!(
        after[after.len() - 2..],
        [
            Event::FriendStruck { firer: "archers".into(), friend: "friend".into(), hits: 1, over: true },
            Event::CohesionHits { unit: "friend".into(), hits: 1, cause: HitCause::Missile },
        ],
        "{events:?}"
    );
    assert!(matches!(after[0], Event::CohesionHits { ref unit, .. } if unit == "r"), "{events:?}");
}

#[test]
fn house_b8_off_the_volley_strikes_only_its_target() {
    let mut game = melee_field("0705", "0706", "NE", vec![], &[1]);
    let events = ok(&mut game, fire("archers", "r"));
    assert_eq!(
        house_b8(&events),
        [Event::CohesionHits { unit: "r".into(), hits: 1, cause: HitCause::Missile }],
        "{events:?}"
    );
}

// --- Where they are offered; every battle with every house rule on ---------------------------

#[test]
fn house_b4_b6_b8_are_offered_where_the_battle_has_what_they_act_on_credited() {
    let offered = |id: &str| {
        let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
        let s = sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let mine: Vec<_> =
            s.optional_choices().into_iter().filter(|c| [LEVY, CONTAGION, MELEE].contains(&c.key)).collect();
        for c in &mine {
            assert!(c.house && !c.default && c.about.contains(sarissa_rules::scenario::HOUSE_CREDIT), "{c:?}");
        }
        mine.iter().map(|c| c.key).collect::<Vec<_>>()
    };
    // Levies only where the battle tags some: Issus's Persian levies, Pataliputra's guilds.
    assert_eq!(offered("samarkand"), [CONTAGION, MELEE]);
    assert_eq!(offered("chaeronea"), [CONTAGION, MELEE]);
    assert_eq!(offered("issus"), [LEVY, CONTAGION, MELEE]);
    assert_eq!(offered("pataliputra"), [LEVY, CONTAGION, MELEE]);
}
