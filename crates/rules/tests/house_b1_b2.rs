//! House rules B1 (leader temperament) and B2 (barbarian activation order), inspired by the
//! Mutford house rules (issue 23, rulings P331–P336), each switched on by its optional-rules key.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::special::house::temperament::Temperament;

const TEMPERAMENT: &str = "leader_temperament";
const BARBARIAN: &str = "barbarian_activation";

// --- B1: leader temperament -----------------------------------------------------------------

/// Blue: the overall commander `hero` (initiative 2) and the subordinate `sub` (initiative 3)
/// behind the heavy foot `hyp` (0405), two hexes from red's medium foot `mi` (0605); red's
/// overall commander `foe` has initiative `red_initiative`.
fn temperament_field(red_initiative: u8, optional: Vec<&'static str>) -> Field {
    let units = [unit("hyp", "HI", "", 5, 6, 5, "", "0405", "E"), unit("mi", "MI", "", 4, 5, 5, "", "0605", "W")];
    let blue = vec![leader("hero", "overall", 2, 8, "0105"), leader("sub", "subordinate", 3, 4, "0305")];
    field(units, [blue, vec![leader("foe", "overall", red_initiative, 4, "1210")]], optional)
}

/// A field of one blue and one red unit and these leaders, with these optional rules on.
fn field(units: [String; 2], leaders: [Vec<String>; 2], optional: Vec<&'static str>) -> Field {
    let [blue, red] = units;
    Field { units: [vec![blue], vec![red]], leaders, optional, ..Field::default() }
}

fn temperaments(events: &[Event]) -> Vec<(String, Temperament)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TemperamentRolled { leader, temperament } => Some((leader.clone(), *temperament)),
            _ => None,
        })
        .collect()
}

#[test]
fn house_b1_each_subordinate_rolls_his_temperament_at_set_up() {
    for (roll, temperament) in [(0, Temperament::Cautious), (1, Temperament::Cautious), (2, Temperament::Steady)]
        .into_iter()
        .chain([(7, Temperament::Steady), (8, Temperament::Aggressive), (9, Temperament::Aggressive)])
    {
        let (game, events) = temperament_field(6, vec![TEMPERAMENT]).start(&[roll]);
        // One die, for the subordinate only (not the overall commanders), before the turn.
        assert_eq!(
            events[..3],
            [
                Event::DieRolled { roll, purpose: RollPurpose::Temperament { leader: "sub".into() } },
                Event::TemperamentRolled { leader: "sub".into(), temperament },
                Event::TurnBegan { turn: 1 },
            ],
            "{events:?}"
        );
        assert_eq!(game.state.temperaments, [("sub".to_string(), temperament)]);
    }
}

#[test]
fn house_b1_off_no_temperament_is_rolled() {
    let (game, events) = temperament_field(6, vec![]).start(&[9]);
    assert_eq!(events[0], Event::TurnBegan { turn: 1 });
    assert_eq!(temperaments(&events), []);
    assert!(game.state.temperaments.is_empty());
}

#[test]
fn house_b1_an_aggressive_subordinate_comes_up_a_step_earlier() {
    // Initiative 3, aggressive: placed as 2, with his overall commander.
    let (game, _) = temperament_field(6, vec![TEMPERAMENT]).start(&[9]);
    assert_eq!(offered(&game), ["hero", "sub"]);
    // Steady, he waits his turn.
    let (game, _) = temperament_field(6, vec![TEMPERAMENT]).start(&[5]);
    assert_eq!(offered(&game), ["hero"]);
}

#[test]
fn house_b1_a_cautious_subordinate_comes_up_a_step_later() {
    // Red's overall commander has initiative 4. Steady, the subordinate (3) goes before him.
    let (mut game, _) = temperament_field(4, vec![TEMPERAMENT]).start(&[5]);
    ok(&mut game, pass("hero"));
    assert_eq!(offered(&game), ["sub"]);
    // Cautious he is placed as 4, level with red's, and the non-Macedonian side goes first (5.12).
    let (mut game, _) = temperament_field(4, vec![TEMPERAMENT]).start(&[0]);
    ok(&mut game, pass("hero"));
    assert_eq!(offered(&game), ["foe"]);
    ok(&mut game, pass("foe"));
    assert_eq!(offered(&game), ["sub"]);
}

/// The subordinate orders the heavy foot up to red's and it must shock (7.31): the lines of its
/// pre-shock check, with the die after the temperament's at 7 (the attacker's check first).
fn charge_lines(temperament_roll: u8) -> Vec<String> {
    let dice = [temperament_roll, 7, 4, 5, 5, 5, 5, 5, 5];
    let (mut game, _) = temperament_field(6, vec![TEMPERAMENT]).start(&dice);
    while !offered(&game).contains(&"sub".to_string()) {
        let first = offered(&game)[0].clone();
        ok(&mut game, pass(&first));
    }
    ok(&mut game, activate("sub"));
    ok(&mut game, mv("hyp", &["0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec![] });
    shock_lines(&events).into_iter().take_while(|l| l.contains("charge") || l.contains("House B1")).collect()
}

#[test]
fn house_b1_an_aggressive_leaders_attackers_check_at_minus_one_before_shock() {
    assert_eq!(
        charge_lines(9),
        [
            "an aggressive leader: it goes in harder, -1 on its charge check (House B1)",
            "charge check: 7-1 against TQ 6, 0 hit(s) (GBA 9.13, CG 9.14)",
            "charge check: 4+0 against TQ 5, 0 hit(s) (GBA 9.13, CG 9.14)",
        ]
    );
}

#[test]
fn house_b1_a_cautious_leaders_attackers_check_at_plus_one_before_shock() {
    assert_eq!(
        charge_lines(0),
        [
            "a cautious leader: it goes in warily, +1 on its charge check (House B1)",
            "charge check: 7+1 against TQ 6, 2 hit(s) (GBA 9.13, CG 9.14)",
            "charge check: 4+0 against TQ 5, 0 hit(s) (GBA 9.13, CG 9.14)",
        ]
    );
    // Steady: the check as the rules have it.
    assert_eq!(
        charge_lines(5),
        [
            "charge check: 7+0 against TQ 6, 1 hit(s) (GBA 9.13, CG 9.14)",
            "charge check: 4+0 against TQ 5, 0 hit(s) (GBA 9.13, CG 9.14)",
        ]
    );
}

// --- B2: barbarian activation order -----------------------------------------------------------

/// Blue (Macedonian: `hero` initiative 4, `blue-sub` 3) against red: its overall commander
/// `foe` (5) and the chiefs `c1` (2) and `c2` (3).
fn barbarian_field(optional: Vec<&'static str>) -> Field {
    let units = [unit("b", "HC", "", 3, 6, 7, "", "0205", "E"), unit("r", "LC", "A", 2, 6, 9, "A", "1105", "W")];
    let blue = vec![leader("hero", "overall", 4, 6, "0105"), leader("blue-sub", "subordinate", 3, 4, "0206")];
    let chiefs = [leader("c1", "subordinate", 2, 4, "1206"), leader("c2", "subordinate", 3, 4, "1204")];
    let red = [vec![leader("foe", "overall", 5, 6, "1205")], chiefs.to_vec()].concat();
    field(units, [blue, red], optional)
}

/// Starts a game on `f` with its red side marked `barbarian = true` in the battle file (P335)
/// when `barbarian`, with loaded dice; no pre-arranged withdrawals.
fn start_marked(f: &Field, barbarian: bool, dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let mut text = f.toml();
    if barbarian {
        text = text.replacen("id = \"red\"\nname = \"red\"\n", "id = \"red\"\nname = \"red\"\nbarbarian = true\n", 1);
    }
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, mut events) =
        sarissa_rules::Game::new(std::sync::Arc::new(scenario), sarissa_rules::Dice::scripted(dice)).unwrap();
    events.extend(no_pw(&mut game));
    (game, events)
}

fn order_rolls(events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { roll, purpose: RollPurpose::BarbarianOrder { leader } } => Some((leader.clone(), *roll)),
            _ => None,
        })
        .collect()
}

fn slots(list: &[(&str, u8)]) -> Vec<(String, u8)> {
    list.iter().map(|&(l, s)| (l.to_string(), s)).collect()
}

/// Everyone passes in the order offered; returns who was offered, in turn, until the turn ends.
fn activation_order(game: &mut sarissa_rules::Game) -> Vec<String> {
    let (turn, mut order) = (game.state.turn, Vec::new());
    while game.state.turn == turn {
        match game.state.phase.clone() {
            Phase::Activation { leaders, .. } => {
                order.push(leaders.join("+"));
                ok(game, pass(&leaders[0]));
            }
            Phase::PreArranged { .. } => drop(no_pw(game)),
            other => panic!("{other:?}"),
        }
    }
    order
}

#[test]
fn house_b2_barbarian_leaders_fill_their_sides_slots_in_die_order() {
    // In the chain's order (c1 2, c2 3, foe 5) they roll 1, 9, 5: c2 takes slot 2, foe 3, c1 5.
    let (mut game, events) = start_marked(&barbarian_field(vec![BARBARIAN]), true, &[1, 9, 5, 0, 0, 0]);
    let at = events.iter().position(|e| matches!(e, Event::BarbarianOrderRolled { .. })).unwrap();
    assert_eq!(events[at - 4], Event::TurnBegan { turn: 1 });
    assert_eq!(order_rolls(&events), slots(&[("c1", 1), ("c2", 9), ("foe", 5)]));
    assert_eq!(events[at], Event::BarbarianOrderRolled { side: 1, slots: slots(&[("c2", 2), ("foe", 3), ("c1", 5)]) });
    // Blue's subordinate (3) ties with red's slot 3: the non-Macedonian side goes first (5.12).
    assert_eq!(activation_order(&mut game), ["c2", "foe", "blue-sub", "hero", "c1"]);
}

#[test]
fn house_b2_off_or_no_barbarian_side_the_chain_goes_by_initiative() {
    for (optional, barbarian) in [(vec![], true), (vec![BARBARIAN], false)] {
        let (mut game, events) = start_marked(&barbarian_field(optional), barbarian, &[]);
        assert_eq!(order_rolls(&events), []);
        assert_eq!(activation_order(&mut game), ["c1", "c2", "blue-sub", "hero", "foe"]);
    }
}

#[test]
fn house_b2_equal_rolls_keep_the_chains_order_and_a_fresh_order_each_turn() {
    let (mut game, _) = start_marked(&barbarian_field(vec![BARBARIAN]), true, &[4, 4, 4, 0, 3, 8, 0, 0, 0]);
    assert_eq!(game.state.barbarian_slots, slots(&[("c1", 2), ("c2", 3), ("foe", 5)]));
    activation_order(&mut game);
    // Turn 2 rolls again: 0, 3, 8 puts the overall commander first.
    assert_eq!(game.state.turn, 2);
    assert_eq!(game.state.barbarian_slots, slots(&[("foe", 2), ("c2", 3), ("c1", 5)]));
    assert_eq!(activation_order(&mut game), ["foe", "c2", "blue-sub", "hero", "c1"]);
}

#[test]
fn house_b2_two_barbarian_leaders_at_one_slot_go_in_die_order() {
    // Both chiefs at initiative 3: the one who rolled higher goes alone first.
    let mut f = barbarian_field(vec![BARBARIAN]);
    f.leaders[1][1] = leader("c1", "subordinate", 3, 4, "1206");
    let (mut game, _) = start_marked(&f, true, &[2, 7, 5, 0, 0, 0]);
    assert_eq!(game.state.barbarian_slots, slots(&[("c2", 3), ("foe", 3), ("c1", 5)]));
    assert_eq!(activation_order(&mut game), ["c2", "blue-sub", "foe", "hero", "c1"]);
}

#[test]
fn house_b1_b2_a_barbarian_side_has_no_temperaments() {
    let (game, events) = start_marked(&barbarian_field(vec![BARBARIAN, TEMPERAMENT]), true, &[9, 1, 2, 3]);
    // Blue's subordinate rolls his temperament (9), then red its order (1, 2, 3).
    assert_eq!(temperaments(&events), [("blue-sub".to_string(), Temperament::Aggressive)]);
    assert_eq!(order_rolls(&events), slots(&[("c1", 1), ("c2", 2), ("foe", 3)]));
    assert_eq!(game.state.barbarian_slots, slots(&[("foe", 2), ("c2", 3), ("c1", 5)]));
}

// --- The battles ----------------------------------------------------------------------------

fn bundled(id: &str) -> sarissa_rules::Scenario {
    let (_, text) = bundled_battles().into_iter().find(|(name, _)| name == id).unwrap();
    sarissa_rules::load(&format!("{id}.toml"), &text).unwrap()
}

/// B1 is offered in every battle, B2 only where a side is barbarian (Samarkand's horsemen,
/// Malayaketu's host: P335), both off unless chosen and credited as house rules (P336).
#[test]
fn house_b1_b2_are_offered_where_they_act_and_credited() {
    for (id, _) in bundled_battles() {
        let s = bundled(&id);
        let house: Vec<_> = s.optional_choices().into_iter().filter(|c| c.house).collect();
        let keys: Vec<&str> = house.iter().map(|c| c.key).filter(|k| [TEMPERAMENT, BARBARIAN].contains(k)).collect();
        let barbarian = ["samarkand", "malayaketu"].contains(&id.as_str());
        let expected = if barbarian { vec![TEMPERAMENT, BARBARIAN] } else { vec![TEMPERAMENT] };
        assert_eq!(keys, expected, "{id}");
        assert_eq!(s.sides.iter().filter(|side| side.barbarian).count(), usize::from(barbarian), "{id}");
        for c in house.iter().filter(|c| keys.contains(&c.key)) {
            assert!(!c.default && c.about.contains(sarissa_rules::scenario::HOUSE_CREDIT), "{c:?}");
        }
    }
}

/// Off, a bundled battle with a barbarian side plays exactly as before: no die is spent on it.
#[test]
fn house_b2_off_samarkand_opens_as_without_the_flag() {
    let s = std::sync::Arc::new(bundled("samarkand"));
    let (_, events) = sarissa_rules::Game::new(s.clone(), sarissa_rules::Dice::seeded(1)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { .. })), "{events:?}");
    let on = [(BARBARIAN.to_string(), true)].into_iter().collect();
    let s = std::sync::Arc::new(s.with_options(&on).unwrap());
    let (_, events) = sarissa_rules::Game::new(s, sarissa_rules::Dice::seeded(1)).unwrap();
    assert_eq!(order_rolls(&events).len(), 4, "Spitamenes and his three chiefs: {events:?}");
}
