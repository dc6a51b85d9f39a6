//! Elephants and chariots, the rest (GBA 11.11–11.14; CG 10.11–10.16, 10.26): the pass-through
//! that attacks the next row, with loaded dice and exact events.

mod common;
use common::*;
use sarissa_rules::combat::fire::{screen_volley, ReactionFire};
use sarissa_rules::combat::missile::Supply;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

/// Blue's `kind` (EL or CH) at 0505 faced E beside red's units (the first, `red`, at 0605 faced
/// W); blue's `blue` add units. An optional attacker that did not move: no pre-shock check (7.33).
/// `hits`: hits set on units first.
fn charge(
    rules: &'static str,
    kind: &str,
    blue: Vec<String>,
    red: Vec<String>,
    hits: &[(&str, u8)],
    dice: &[u8],
) -> (sarissa_rules::Game, Vec<Event>) {
    let missile = if kind == "EL" { "J" } else { "A" };
    let mut b = vec![unit("el", kind, "", 4, 6, 5, missile, "0505", "E")];
    b.extend(blue);
    let f = Field {
        rules,
        units: [b, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    for (id, n) in hits {
        let i = game.scenario.units.iter().position(|u| &u.id == id).unwrap();
        game.state.units[i].hits = *n;
    }
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["el".into()] });
    (game, events)
}

/// What the combats did, from the first combat's result on: hits, routs, the row attacks and
/// the pass-through (not the dice nor the combats' own lines, pinned elsewhere).
fn effects(events: &[Event]) -> Vec<Event> {
    let from = events.iter().position(|e| matches!(e, Event::ShockResolved { .. })).unwrap();
    quiet(&events[from..])
}

/// `events` without the dice, the combats' own lines, the segment's end and supply changes.
fn quiet(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            !matches!(
                e,
                Event::DieRolled { .. }
                    | Event::ShockResolved { .. }
                    | Event::ShockSegmentEnded { .. }
                    | Event::MomentumOffered { .. }
                    | Event::SupplyChanged { .. }
            )
        })
        .cloned()
        .collect()
}

/// The combats fought, as (attackers, defenders).
fn combats(events: &[Event]) -> Vec<(Vec<String>, Vec<String>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ShockResolved { attackers, defenders, .. } => Some((attackers.clone(), defenders.clone())),
            _ => None,
        })
        .collect()
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn shock_hits(unit: &str, n: u8) -> Event {
    Event::CohesionHits { unit: unit.into(), hits: n, cause: HitCause::Shock }
}

fn row(defender: &str, hex: &str, rule: &str) -> Event {
    Event::PassThroughAttack { unit: "el".into(), defenders: ids(&[defender]), hex: h(hex), rule: rule.into() }
}

fn through(defender: &str, to: &str, rule: &str) -> Event {
    Event::ElephantPassedThrough {
        unit: "el".into(),
        defender: defender.into(),
        from: h("0505"),
        to: h(to),
        rule: rule.into(),
    }
}

/// Red's heavy infantry faced W at 0605, its rear hexes 0705 and 0706 held by two light
/// infantry, also faced W.
fn red_wall() -> Vec<String> {
    vec![
        unit("red", "HI", "", 5, 7, 4, "", "0605", "W"),
        unit("back1", "LI", "J", 3, 5, 5, "J", "0705", "W"),
        unit("back2", "LI", "J", 3, 5, 5, "J", "0706", "W"),
    ]
}

#[test]
fn gba_11_13_both_rear_hexes_taken_it_attacks_the_next_row_and_goes_behind_it_p160() {
    // Every die a 4: the HI holds (2 hits each); the elephant attacks back1 (equal margins, the
    // first by id), which holds too; it comes out behind back1 in 0804, the farther rear hex.
    let (game, events) = charge("alexander", "EL", vec![], red_wall(), &[], &[4; 24]);
    assert_eq!(combats(&events), vec![(ids(&["el"]), ids(&["red"])), (ids(&["el"]), ids(&["back1"]))]);
    assert_eq!(
        effects(&events),
        vec![
            shock_hits("el", 2),
            shock_hits("red", 2),
            row("back1", "0705", "11.13"),
            shock_hits("el", 2),
            shock_hits("back1", 3),
            through("back1", "0804", "11.13"),
        ]
    );
    assert_eq!(game.state.units[0].placement, Placement::One(h("0804")));
    // No pre-shock check for the row (A36): the second combat rolls one die, the Clash.
    let shock_dice = events.iter().filter(|e| matches!(e, Event::DieRolled { purpose: RollPurpose::Shock { .. }, .. }));
    assert_eq!(shock_dice.count(), 2);
}

#[test]
fn gba_11_13_a_row_it_dislodges_leaves_it_the_hex_p160() {
    // back1 already has 3 hits: the 3 more rout it, and the elephant takes its hex.
    let (game, events) = charge("alexander", "EL", vec![], red_wall(), &[("back1", 3)], &[4; 24]);
    let fx = effects(&events);
    assert_eq!(
        fx[..5],
        [
            shock_hits("el", 2),
            shock_hits("red", 2),
            row("back1", "0705", "11.13"),
            shock_hits("el", 2),
            shock_hits("back1", 3)
        ]
    );
    assert!(matches!(&fx[5], Event::UnitRouted { unit, .. } if unit == "back1"), "{fx:?}");
    assert_eq!(fx[6..], [through("back1", "0705", "11.13")]);
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
}

#[test]
fn gba_11_13_an_elephant_routed_on_the_next_row_is_eliminated_d70() {
    let (game, events) = charge("alexander", "EL", vec![], red_wall(), &[("el", 3)], &[4; 24]);
    assert_eq!(
        effects(&events),
        vec![
            shock_hits("el", 1),
            shock_hits("red", 2),
            row("back1", "0705", "11.13"),
            shock_hits("el", 2),
            Event::UnitEliminated { unit: "el".into(), rule: "11.13".into() },
            shock_hits("back1", 3),
        ]
    );
    assert!(game.state.units[0].eliminated);
    assert!(!events.iter().any(|e| matches!(e, Event::Rampaged { .. })), "no rampage");
}

#[test]
fn cg_10_13_an_elephant_routed_on_the_next_row_rampages_g23() {
    let (game, events) = charge("chandragupta", "EL", vec![], red_wall(), &[("el", 3)], &[4; 24]);
    let fx = effects(&events);
    assert_eq!(
        fx[..5],
        [
            shock_hits("el", 1),
            shock_hits("red", 2),
            row("back1", "0705", "10.13"),
            shock_hits("el", 2),
            shock_hits("back1", 3)
        ]
    );
    assert!(matches!(&fx[5], Event::Rampaged { unit, .. } if unit == "el"), "{fx:?}");
    assert_eq!(fx.last(), Some(&Event::UnitEliminated { unit: "el".into(), rule: "10.14".into() }));
    assert!(game.state.units[0].eliminated);
    assert!(!fx.iter().any(|e| matches!(e, Event::ElephantPassedThrough { .. })));
}

#[test]
fn gba_11_13_friends_in_both_rear_hexes_are_attacked_p160() {
    let blue = vec![unit("f1", "LI", "J", 3, 5, 5, "J", "0705", "W"), unit("f2", "LI", "J", 3, 5, 5, "J", "0706", "W")];
    let (_, events) = charge("alexander", "EL", blue, red_wall()[..1].to_vec(), &[], &[4; 24]);
    assert_eq!(combats(&events)[1], (ids(&["el"]), ids(&["f1"])));
    assert_eq!(
        effects(&events)[2..],
        [row("f1", "0705", "11.13"), shock_hits("el", 2), shock_hits("f1", 3), through("f1", "0804", "11.13")]
    );
}

#[test]
fn gba_11_13_an_enemy_row_before_a_friendly_one_p160() {
    // A friend in 0705, an enemy in 0706: it attacks the enemy, though 0705 comes first by id.
    let blue = vec![unit("f1", "LI", "J", 3, 5, 5, "J", "0705", "W")];
    let mut red = red_wall();
    red.remove(1);
    let (_, events) = charge("alexander", "EL", blue, red, &[], &[4; 24]);
    assert_eq!(effects(&events)[2], row("back2", "0706", "11.13"));
    assert_eq!(effects(&events).last(), Some(&through("back2", "0805", "11.13")));
}

/// `units` with an Indian grade: no pass-through avoidance for them (CG 10.27).
fn indian(units: Vec<String>) -> Vec<String> {
    units.into_iter().map(|u| u.replace(", at = ", ", grade = \"bharta\", at = ")).collect()
}

#[test]
fn cg_10_26_a_chariot_passes_through_like_an_elephant() {
    let red = indian(red_wall()[..1].to_vec());
    let (game, events) = charge("chandragupta", "CH", vec![], red, &[], &[4; 24]);
    assert_eq!(effects(&events), vec![shock_hits("el", 3), shock_hits("red", 2), through("red", "0705", "10.26")]);
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
}

#[test]
fn cg_10_26_a_chariot_attacks_the_next_row_and_is_eliminated_if_it_routs_10_24() {
    let (game, events) = charge("chandragupta", "CH", vec![], indian(red_wall()), &[], &[4; 24]);
    assert_eq!(
        effects(&events),
        vec![
            shock_hits("el", 3),
            shock_hits("red", 2),
            row("back1", "0705", "10.26"),
            shock_hits("el", 5),
            shock_hits("back1", 2),
            Event::UnitEliminated { unit: "el".into(), rule: "10.2".into() },
        ]
    );
    assert!(game.state.units[0].eliminated);
}

#[test]
fn gba_11_25_a_chariot_passes_through_as_cg_10_26_has_it_p291() {
    // GBA 11.25 is lost; CG 10.26 stands in (rulings P291), cited as such. Red is not a
    // Macedonian side, so its ranks do not part (CG 10.27, P291).
    let (game, events) = charge("alexander", "CH", vec![], red_wall()[..1].to_vec(), &[], &[4; 24]);
    assert_eq!(effects(&events), vec![shock_hits("el", 3), shock_hits("red", 2), through("red", "0705", "CG 10.26")]);
    assert!(!events.iter().any(|e| matches!(e, Event::RanksParted { .. })));
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
}

// ---- Elephant screens (GBA 11.11, 11.12; CG 10.11, 10.12; D50) ----

/// Blue's foot at 0305 faced E; red's elephant at 0805 faced W (its ZOC takes in 0705).
fn screen_field(rules: &'static str) -> Field {
    let mut f = two_armies(
        vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")],
        vec![unit("el", "EL", "", 4, 6, 5, "J", "0805", "W")],
    );
    f.rules = rules;
    f
}

fn volleys(events: &[Event]) -> Vec<Event> {
    events.iter().filter(|e| matches!(e, Event::MissileFired { .. } | Event::ScreenFired { .. })).cloned().collect()
}

/// Blue's foot comes up to 0705, into the elephant's ZOC: the entry reaction is offered.
fn come_up(game: &mut sarissa_rules::Game) {
    ok(game, activate("hero"));
    ok(game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(matches!(&game.state.phase, Phase::Reaction { firers, .. } if firers == &ids(&["el"])));
}

fn rider(roll_hits: u8, supply: Supply) -> Event {
    Event::MissileFired {
        unit: "el".into(),
        target: "foot".into(),
        range: 1,
        strength: 4,
        drm: 0,
        hit: roll_hits > 0,
        hits: roll_hits,
        supply,
        reaction: Some(ReactionFire::Entry),
    }
}

fn screen(hits: u8, supply: Supply) -> Event {
    Event::ScreenFired {
        unit: "el".into(),
        target: "foot".into(),
        range: 1,
        strength: 3,
        drm: 0,
        hits,
        supply,
        reaction: ReactionFire::Entry,
    }
}

#[test]
fn gba_11_12_entry_reaction_fires_the_riders_javelins_and_the_screen_each_with_its_own_die() {
    for rules in ["alexander", "chandragupta"] {
        // The javelins (strength 4) roll 1: a hit; the screen (strength 3, 11.11) rolls 5: none.
        let (mut game, _) = screen_field(rules).start(&[1, 5]);
        come_up(&mut game);
        let events = ok(&mut game, fire("el", "foot"));
        assert_eq!(volleys(&events), vec![rider(1, Supply::Full), screen(0, Supply::Full)], "{rules}");
        assert_eq!(game.state.units[0].hits, 1);
        assert!(matches!(&game.state.phase, Phase::Reaction { firers, .. } if firers.is_empty()));
    }
}

#[test]
fn gba_11_11_the_screen_has_its_own_supply() {
    // The rider out of javelins: the screen still shoots (and the reaction is offered for it).
    let (mut game, _) = screen_field("alexander").start(&[2]);
    game.state.units[1].supply = Supply::No;
    come_up(&mut game);
    let events = ok(&mut game, fire("el", "foot"));
    assert_eq!(volleys(&events), vec![screen(1, Supply::Full)]);
    assert_eq!(game.state.units[1].screen_supply, Supply::Full);
    // The screen out of arrows: the javelins alone.
    let (mut game, _) = screen_field("chandragupta").start(&[6]);
    game.state.units[1].screen_supply = Supply::No;
    come_up(&mut game);
    let events = ok(&mut game, fire("el", "foot"));
    assert_eq!(volleys(&events), vec![rider(0, Supply::Full)]);
    // Both out: no reaction fire offered.
    let (mut game, _) = screen_field("alexander").start(&[]);
    game.state.units[1].supply = Supply::No;
    game.state.units[1].screen_supply = Supply::No;
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(!matches!(&game.state.phase, Phase::Reaction { firers, .. } if !firers.is_empty()));
}

#[test]
fn gba_11_11_a_screen_low_on_arrows_runs_out_on_its_own_roll() {
    // A 0 on the screen's roll (a hit) leaves a Low screen out of arrows (8.17); the rider's
    // javelins are untouched.
    let (mut game, _) = screen_field("alexander").start(&[5, 0]);
    game.state.units[1].screen_supply = Supply::Low;
    come_up(&mut game);
    let events = ok(&mut game, fire("el", "foot"));
    let after = match volleys(&events)[1] {
        Event::ScreenFired { supply, .. } => supply,
        _ => unreachable!(),
    };
    assert_eq!(after, Supply::No);
    assert_eq!((game.state.units[1].screen_supply, game.state.units[1].supply), (Supply::No, Supply::Full));
}

#[test]
fn cg_10_11_the_screen_fires_only_on_entry_gba_11_11_in_any_reaction_d50() {
    for (rules, retire) in [("alexander", true), ("chandragupta", false)] {
        let (mut game, _) = screen_field(rules).start(&[]);
        game.state.units[0].placement = Placement::One(h("0705"));
        let (s, st) = (&game.scenario, &game.state);
        assert!(screen_volley(s, st, 1, 0, ReactionFire::Entry).is_some(), "{rules}");
        assert_eq!(screen_volley(s, st, 1, 0, ReactionFire::Retire).is_some(), retire, "{rules}");
        assert_eq!(screen_volley(s, st, 1, 0, ReactionFire::Return).is_some(), retire, "{rules}");
        assert!(screen_volley(s, st, 1, 0, ReactionFire::Harass).is_none(), "{rules}");
    }
}

#[test]
fn the_screen_never_fires_under_orders_gba_11_11_8_25() {
    // Blue's elephant fires by order at red's foot beside it: the rider's javelins only.
    let f = two_armies(
        vec![unit("el", "EL", "", 4, 6, 5, "J", "0505", "E")],
        vec![unit("foot", "MI", "", 4, 6, 5, "", "0605", "W")],
    );
    let (mut game, _) = f.start(&[1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("el", "foot"));
    assert_eq!(volleys(&events).len(), 1);
    assert!(matches!(volleys(&events)[0], Event::MissileFired { reaction: None, .. }));
}

#[test]
fn gba_8_18_the_screen_reloads_apart_from_the_javelins_11_11() {
    let (mut game, _) = screen_field("alexander").start(&[]);
    game.state.units[1].screen_supply = Supply::No;
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    let el = |e: &&Event| matches!(e, Event::SupplyChanged { unit, .. } | Event::ScreenSupplyChanged { unit, .. } if unit == "el");
    assert_eq!(
        events.iter().filter(el).cloned().collect::<Vec<_>>(),
        vec![Event::ScreenSupplyChanged { unit: "el".into(), supply: Supply::Full, rule: "8.18".into() }]
    );
    assert_eq!(game.state.units[1].screen_supply, Supply::Full);
}

// ---- CG cavalry against elephants (10.15, D72) ----

/// Blue's `horse` at 0305 faced E; red's elephant at 0605 faced W: its ZOC is 0505 and 0506,
/// its flank hexes 0604 and 0606, its rear 0705 and 0706.
fn horse_field(rules: &'static str, horse: String) -> sarissa_rules::Game {
    let f = Field { rules, ..two_armies(vec![horse], vec![unit("el", "EL", "", 4, 6, 5, "J", "0605", "W")]) };
    f.start(&[]).0
}

/// The hits a move to `to` would cost, if `to` may be reached.
fn reach_hits(game: &sarissa_rules::Game, to: &str) -> Option<u8> {
    let reach = sarissa_rules::movement::reach(&game.scenario, &game.state, 0).unwrap();
    reach.iter().filter(|d| d.hex == h(to)).map(|d| d.hits).min()
}

fn graded(id: &str, kind: &str, grade: &str) -> String {
    unit(id, kind, "", 3, 7, 7, if kind == "CH" { "A" } else { "" }, "0305", "E")
        .replace(", at = ", &format!(", grade = \"{grade}\", at = "))
}

#[test]
fn cg_10_15_cavalry_and_chariots_never_enter_an_elephants_zoc() {
    for horse in [unit("horse", "HC", "", 3, 7, 7, "", "0305", "E"), unit("horse", "CH", "", 3, 7, 7, "A", "0305", "E")]
    {
        let mut game = horse_field("chandragupta", horse);
        assert_eq!(reach_hits(&game, "0505"), None);
        assert_eq!(reach_hits(&game, "0506"), None);
        if game.scenario.units[0].kind == sarissa_rules::scenario::units::UnitType::HC {
            ok(&mut game, activate("hero"));
            let err = game.execute(&mv("horse", &["0405", "0505"], Vertex::E)).unwrap_err();
            assert!(matches!(&err, RuleError::IllegalMove { rule: "10.15", .. }), "{err:?}");
        }
    }
    // GBA has no such rule.
    let game = horse_field("alexander", unit("horse", "HC", "", 3, 7, 7, "", "0305", "E"));
    assert_eq!(reach_hits(&game, "0505"), Some(0));
}

#[test]
fn cg_10_15_non_indian_cavalry_take_2_hits_for_each_elephant_flank_or_rear_hex() {
    let mut game = horse_field("chandragupta", unit("horse", "HC", "", 3, 7, 7, "", "0305", "E"));
    assert_eq!(reach_hits(&game, "0604"), Some(2));
    assert_eq!(reach_hits(&game, "0504"), Some(0), "not beside the elephant");
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("horse", &["0404", "0504", "0604"], Vertex::SE));
    assert!(
        events.contains(&Event::CohesionHits { unit: "horse".into(), hits: 2, cause: HitCause::Terrain }),
        "{events:?}"
    );
    assert_eq!(game.state.units[0].hits, 2);
    // Indian cavalry and chariots pass freely.
    for horse in [graded("horse", "HC", "maula"), unit("horse", "CH", "", 3, 7, 7, "A", "0305", "E")] {
        let game = horse_field("chandragupta", horse);
        assert_eq!(reach_hits(&game, "0604"), Some(0));
    }
}

// ---- Greek pass-through avoidance (CG 10.27, W35) ----

fn parted(unit: &str) -> [Event; 2] {
    [
        Event::RanksParted { unit: unit.into(), chariot: "el".into(), rule: "10.27".into() },
        Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::PassThrough },
    ]
}

fn chariot_through(defender: &str, to: &str) -> Event {
    through(defender, to, "10.27")
}

fn tq_roll(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::TqCheck { unit: unit.into(), rule: "10.27".into() } }
}

#[test]
fn cg_10_27_w35_greek_ranks_part_on_a_roll_up_to_their_tq() {
    // W35: a Greek HI of TQ 6 attacked frontally by chariots. A 6: the ranks part.
    let red = vec![unit("red", "HI", "", 5, 6, 4, "", "0605", "W")];
    let (game, events) = charge("chandragupta", "CH", vec![], red.clone(), &[], &[6]);
    let from = events.iter().position(|e| matches!(e, Event::ShockDesignated { .. })).unwrap() + 1;
    let until = events.iter().position(|e| matches!(e, Event::ShockSegmentEnded { .. })).unwrap();
    let mut want = vec![tq_roll("red", 6)];
    want.extend(parted("red"));
    want.push(chariot_through("red", "0705"));
    assert_eq!(events[from..until], want);
    assert!(!events.iter().any(|e| matches!(e, Event::ShockResolved { .. })), "no combat");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
    assert_eq!(game.state.units[1].hits, 1);
    // A 7: the ordinary shock, and the chariot's own pass-through after it (10.26).
    let (_, events) = charge("chandragupta", "CH", vec![], red, &[], &[7, 4, 4, 4, 4]);
    assert_eq!(events[from], tq_roll("red", 7));
    assert!(events.iter().any(|e| matches!(e, Event::ShockResolved { .. })));
    assert!(!events.iter().any(|e| matches!(e, Event::RanksParted { .. })));
}

#[test]
fn cg_10_27_with_both_rear_hexes_taken_both_rows_must_part_too() {
    // The front rank parts (4 ≤ 7); then back1 and back2 both pass (4, 5 ≤ 5): the chariot goes
    // on behind back1, hurting each of the three by 1 hit.
    let (game, events) = charge("chandragupta", "CH", vec![], red_wall(), &[], &[4, 4, 5]);
    let mut want = vec![];
    want.extend(parted("red"));
    want.extend(parted("back1"));
    want.extend(parted("back2"));
    want.push(chariot_through("back1", "0804"));
    assert_eq!(effects_from_parting(&events), want);
    assert_eq!(game.state.units[0].placement, Placement::One(h("0804")));
    // back2 fails (6 > 5): the chariot attacks a row instead (10.26), back1 by P106's order.
    let (_, events) = charge("chandragupta", "CH", vec![], red_wall(), &[], &[4, 4, 6, 4, 4, 4, 4]);
    let fx = effects_from_parting(&events);
    assert_eq!(fx[..3], [parted("red")[0].clone(), parted("red")[1].clone(), row("back1", "0705", "10.27")]);
}

#[test]
fn cg_10_27_indian_units_never_part() {
    let red = indian(vec![unit("red", "HI", "", 5, 6, 4, "", "0605", "W")]);
    let (_, events) = charge("chandragupta", "CH", vec![], red, &[], &[4; 12]);
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { purpose: RollPurpose::TqCheck { .. }, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::ShockResolved { .. })));
}

/// The events after the shock designation, without the dice and the segment's end.
fn effects_from_parting(events: &[Event]) -> Vec<Event> {
    let from = events.iter().position(|e| matches!(e, Event::ShockDesignated { .. })).unwrap() + 1;
    quiet(&events[from..])
}

// ---- CG 10.16: an elephant comes up beside cavalry (D72, W34) ----

/// Blue's `horse` at 0505 faced E; red's elephant (MA 5) at 0805 faced W, its leader beside it.
fn fright_field(horse: String) -> sarissa_rules::Game {
    fright_field_in("chandragupta", horse)
}

fn fright_field_in(rules: &'static str, horse: String) -> sarissa_rules::Game {
    let f = Field {
        rules,
        units: [vec![horse], vec![unit("el", "EL", "", 4, 6, 5, "J", "0805", "W")]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0102")], vec![leader("foe", "overall", 6, 4, "0905")]],
        ..Field::default()
    };
    f.start(&[]).0
}

/// Red's elephant moves 0705, 0605: up to two hexes from the horse at 0705 (an ordinary
/// withdrawal offer, declined here), then beside it at 0605. The events of the second step.
fn elephant_comes_up(game: &mut sarissa_rules::Game) -> Vec<Event> {
    ok(game, pass("hero"));
    ok(game, activate("foe"));
    ok(game, mv("el", &["0705", "0605"], Vertex::W));
    if matches!(&game.state.phase, Phase::Reaction { .. }) {
        ok(game, Command::EndReaction)
    } else {
        Vec::new()
    }
}

#[test]
fn cg_10_16_cavalry_an_elephant_comes_beside_must_withdraw() {
    let mut game = fright_field(unit("horse", "LC", "J", 3, 5, 7, "J", "0505", "E"));
    elephant_comes_up(&mut game);
    assert_eq!(game.state.units[1].placement, Placement::One(h("0605")));
    assert!(matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers == &ids(&["horse"])));
    assert_eq!(sarissa_rules::special::elephants::forced_withdrawers(&game.scenario, &game.state), vec![0]);
    // It may not let the elephant be: the reaction cannot end, and is not offered.
    let err = game.execute(&Command::EndReaction).unwrap_err();
    assert!(matches!(&err, RuleError::IllegalMove { rule: "10.16", unit, .. } if unit == "horse"), "{err:?}");
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert!(!legal.contains(&Command::EndReaction));
    let withdrawal = legal.iter().find(|c| matches!(c, Command::Withdraw { .. })).cloned().expect("a withdrawal");
    // Out of its ZOC though it stands in it (P110); the check after withdrawing passes (6.63).
    game.state.dice = sarissa_rules::game::Dice::scripted(&[1]);
    ok(&mut game, withdrawal);
    assert!(!matches!(game.state.phase, Phase::Reaction { .. }), "{:?}", game.state.phase);
    assert!(game.state.units[0].placement.hexes().all(|x| x.distance(h("0605")) > 1));
}

#[test]
fn cg_10_16_w34_cavalry_that_cannot_withdraw_check_their_tq() {
    // The horse's MA 4 is below the elephant's 5: it cannot withdraw (6.7). W34: a non-Indian
    // LC of TQ 5 rolling 3 takes 1 hit (the least), rolling 8 takes 3; an Indian one rolling 3
    // none.
    for (grade, roll, hits) in [("", 3u8, 1u8), ("", 8, 3), ("maula", 3, 0)] {
        let mut horse = unit("horse", "LC", "J", 3, 5, 4, "J", "0505", "E");
        if !grade.is_empty() {
            horse = horse.replace(", at = ", &format!(", grade = \"{grade}\", at = "));
        }
        let mut game = fright_field(horse);
        game.state.dice = sarissa_rules::game::Dice::scripted(&[roll]);
        let events = elephant_comes_up_unoffered(&mut game);
        let check =
            Event::DieRolled { roll, purpose: RollPurpose::TqCheck { unit: "horse".into(), rule: "10.16".into() } };
        assert!(events.contains(&check), "{events:?}");
        let hurt = Event::CohesionHits { unit: "horse".into(), hits, cause: HitCause::ElephantFright };
        assert_eq!(events.contains(&hurt), hits > 0, "{grade} {roll}: {events:?}");
        assert_eq!(game.state.units[0].hits, hits);
    }
}

#[test]
fn cg_10_16_a_routed_cavalry_unit_the_elephant_reaches_is_eliminated() {
    let mut game = fright_field(unit("horse", "LC", "J", 3, 5, 4, "J", "0505", "E"));
    game.state.units[0].routed = true;
    let events = elephant_comes_up_unoffered(&mut game);
    assert!(events.contains(&Event::UnitEliminated { unit: "horse".into(), rule: "10.16".into() }), "{events:?}");
}

#[test]
fn gba_has_no_forced_withdrawal_from_elephants_d72() {
    let mut game = fright_field_in("alexander", unit("horse", "LC", "J", 3, 5, 4, "J", "0505", "E"));
    let events = elephant_comes_up_unoffered(&mut game);
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { purpose: RollPurpose::TqCheck { .. }, .. })));
}

/// As `elephant_comes_up`, for a horse that may not withdraw: the move's events.
fn elephant_comes_up_unoffered(game: &mut sarissa_rules::Game) -> Vec<Event> {
    ok(game, pass("hero"));
    ok(game, activate("foe"));
    let mut events = ok(game, mv("el", &["0705", "0605"], Vertex::W));
    if matches!(&game.state.phase, Phase::Reaction { .. }) {
        events.extend(ok(game, Command::EndReaction));
    }
    events
}
