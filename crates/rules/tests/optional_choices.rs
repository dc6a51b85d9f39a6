//! The players' choice of optional rules (GBA §C, ruling P150): which a battle offers, and
//! how a choice changes the game.

use sarissa_rules::game::Event;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Dice, Game, Scenario};
use std::sync::Arc;

fn battle(id: &str) -> Scenario {
    let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
    sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The rulebook's optional rules a battle offers (the house rules are tested on their own).
fn offered(id: &str) -> Vec<(&'static str, bool)> {
    battle(id).optional_choices().iter().filter(|c| !c.house).map(|c| (c.key, c.default)).collect()
}

fn changes(list: &[(&str, bool)]) -> OptionChanges {
    list.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// GBA §C: a battle offers only the rules that act on something in it: the elite initiative
/// (5.5) with an elite overall commander, inertia and drift (6.14, 6.5) with citizen hoplites,
/// Engaged (10.3) always; pursuit (9.4) never (P91); Chandragupta none.
#[test]
fn each_battle_offers_the_optional_rules_that_can_change_it_gba_c() {
    assert_eq!(offered("samarkand"), [("engaged", false)]);
    assert_eq!(offered("chaeronea"), [("law_of_inertia", false), ("drift_to_the_right", true), ("engaged", false)]);
    assert_eq!(offered("granicus"), [("elite_commander_initiative", false), ("engaged", true)]);
    assert_eq!(
        offered("issus"),
        [
            ("elite_commander_initiative", true),
            ("contingent_commanders", false),
            ("law_of_inertia", true),
            ("drift_to_the_right", true),
            ("engaged", false)
        ]
    );
    assert_eq!(offered("hydaspes"), [("elite_commander_initiative", true), ("engaged", false)]);
    assert_eq!(offered("pataliputra"), []);
    assert_eq!(offered("malayaketu"), []);
    // Every choice has a name and a line to show the players.
    for c in battle("issus").optional_choices() {
        assert!(!c.name.is_empty() && c.about.ends_with('.'), "{c:?}");
    }
}

#[test]
fn a_choice_switches_the_rule_gba_c() {
    let base = battle("chaeronea");
    let chosen = base.with_options(&changes(&[("engaged", true), ("drift_to_the_right", false)])).unwrap();
    assert!(chosen.meta.optional_rules.engaged);
    assert!(!chosen.meta.optional_rules.drift_to_the_right);
    // Choosing what the scenario already says changes nothing.
    let same = base.with_options(&changes(&[("drift_to_the_right", true)])).unwrap();
    assert_eq!(same, base);
}

/// A tampered save or a mistyped `--option` is refused, naming the rule and what is offered.
#[test]
fn a_rule_the_battle_does_not_offer_is_refused_by_name_gba_9_4_p91() {
    let samarkand = battle("samarkand");
    let err = samarkand.with_options(&changes(&[("cavalry_pursuit", true)])).unwrap_err();
    assert!(
        err.contains("`cavalry_pursuit`") && err.contains("offers: engaged, out_of_sight_orders, command_collapse, "),
        "{err}"
    );
    let err = samarkand.with_options(&changes(&[("law_of_inertia", true)])).unwrap_err();
    assert!(err.contains("`law_of_inertia`") && err.contains("Samarkand"), "{err}");
    let err = battle("pataliputra").with_options(&changes(&[("engaged", true)])).unwrap_err();
    assert!(err.contains("offers: out_of_sight_orders, command_collapse, "), "{err}");
    assert!(samarkand.with_options(&changes(&[("teleport", true)])).is_err());
}

/// Switched on by the players where the scenario leaves it off (the Granicus with its Engaged
/// turned off), Engaged (10.3) really plays: random games lock units together; the same games
/// without it never do.
#[test]
fn engaged_switched_on_by_the_players_plays_gba_10_3() {
    let path = format!("{}/../../scenarios/granicus.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap().replacen("engaged = true", "engaged = false", 1);
    let base = sarissa_rules::load(&path, &text).unwrap();
    assert!(!base.meta.optional_rules.engaged);
    let with = Arc::new(base.with_options(&changes(&[("engaged", true)])).unwrap());
    let without = Arc::new(base);
    let locks = |scenario: &Arc<Scenario>| {
        let mut locked = 0;
        for seed in 0..3u64 {
            let (mut game, _) = Game::new(scenario.clone(), Dice::seeded(seed)).unwrap();
            let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
            for _ in 0..500 {
                let Some(c) = player.choose(&game) else { break };
                let events = game.execute(&c).unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
                locked += events.iter().filter(|e| matches!(e, Event::EngagedChanged { engaged: true, .. })).count();
            }
        }
        locked
    };
    assert_eq!(locks(&without), 0);
    let n = locks(&with);
    println!("{n} units locked");
    assert!(n > 0);
}
