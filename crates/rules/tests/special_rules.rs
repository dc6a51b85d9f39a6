//! A battle's own restrictions, enforced (ruling P151): the satraps hold the Granicus bank
//! (turns 1-3), the Persians keep to their side of the Pinarus on turn 1 and Darius never
//! enters it at Issus.

use sarissa_rules::game::GameState;
use sarissa_rules::map::terrain::Terrain;
use sarissa_rules::movement::{leader_reach, plan, reach};
use sarissa_rules::{Dice, HexId, Scenario};

fn battle(id: &str) -> Scenario {
    let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
    sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

/// The first river hex of each row, west of which is the Macedonian bank.
fn river_line(s: &Scenario, river: &[Terrain], row: u8) -> u8 {
    (1..=s.map.columns).find(|&c| s.map.terrain(HexId::new(c, row)).is_some_and(|t| river.contains(&t))).unwrap()
}

/// Every hex each Persian combat unit could reach under an order on `turn`: (unit, hex).
fn persian_reach(s: &Scenario, turn: u16) -> Vec<(String, HexId)> {
    let mut st = GameState::setup(s, Dice::seeded(1));
    st.turn = turn;
    let persians = s.sides.iter().position(|x| x.id == "persians").unwrap();
    let mut out = Vec::new();
    for (i, u) in s.units.iter().enumerate().filter(|(_, u)| u.side == persians) {
        for d in reach(s, &st, i).unwrap() {
            for h in d.placement.hexes() {
                out.push((u.id.clone(), h));
            }
        }
    }
    out
}

#[test]
fn the_satraps_hold_the_granicus_bank_for_three_turns_p151() {
    let s = battle("granicus");
    let river = [Terrain::MajorRiver];
    let closed = |h: &HexId| s.map.terrain(*h) == Some(Terrain::MajorRiver) || h.col < river_line(&s, &river, h.row);
    for turn in 1..=3 {
        let bad: Vec<_> = persian_reach(&s, turn).into_iter().filter(|(_, h)| closed(h)).collect();
        assert!(bad.is_empty(), "turn {turn}: {bad:?}");
    }
    // From turn 4 the bank is open: some Persian unit can go down into the river at once.
    let open: Vec<_> = persian_reach(&s, 4).into_iter().filter(|(_, h)| closed(h)).collect();
    assert!(!open.is_empty());
    // An order into the river on turn 1 is refused, naming the battle's rule.
    let (unit, hex) = &open[0];
    let i = s.units.iter().position(|u| &u.id == unit).unwrap();
    let mut st = GameState::setup(&s, Dice::seeded(1));
    let to_river = reach(
        &s,
        &{
            let mut t = st.clone();
            t.turn = 4;
            t
        },
        i,
    )
    .unwrap()
    .into_iter()
    .find(|d| d.placement.hexes().any(|h| h == *hex))
    .unwrap();
    st.turn = 1;
    let err = plan(&s, &st, i, &to_river.path, to_river.facing).unwrap_err();
    assert_eq!(err.rule(), "P151", "{err}");
    assert!(err.to_string().contains("The satraps wait at the water's edge"), "{err}");
}

#[test]
fn at_issus_the_persians_keep_their_bank_on_turn_1_except_the_wings_p151() {
    let s = battle("issus");
    let pinarus = [Terrain::MajorRiver, Terrain::RockyRiverbed];
    let crossed = |h: &HexId| pinarus.contains(&s.map.terrain(*h).unwrap());
    let west = |h: &HexId| h.col < river_line(&s, &pinarus, h.row.max(4));
    // Exempt: Nabarzanes' horse and skirmishers set up in rows 03-09, and the hill troops.
    let hills = ["1231", "1432", "1631", "1733", "3733", "3835", "4135"].map(|h| HexId::parse(h).unwrap());
    let exempt = |id: &str| {
        let at = s.unit(id).unwrap().placement.hexes().next().unwrap();
        (3..=9).contains(&at.row) || hills.contains(&at)
    };
    let turn1 = persian_reach(&s, 1);
    let bad: Vec<_> = turn1.iter().filter(|(u, h)| (crossed(h) || west(h)) && !exempt(u)).collect();
    assert!(bad.is_empty(), "{bad:?}");
    // The exempt may go into the river on turn 1; on turn 2 everyone may.
    assert!(turn1.iter().any(|(u, h)| crossed(h) && exempt(u)));
    let turn2 = persian_reach(&s, 2);
    assert!(turn2.iter().any(|(u, h)| crossed(h) && !exempt(u)));
}

#[test]
fn darius_never_enters_the_pinarus_p151() {
    let s = battle("issus");
    let darius = s.leaders.iter().position(|l| l.id == "darius").unwrap();
    let alexander = s.leaders.iter().position(|l| l.id == "alexander").unwrap();
    let mut st = GameState::setup(&s, Dice::seeded(1));
    st.turn = 5;
    // Put him on the bank, beside the river's rocky bed in the hills, far from every unit.
    let bank = HexId::new(river_line(&s, &[Terrain::RockyRiverbed], 42) + 1, 42);
    st.leaders[darius].at = bank;
    let river = |h: &HexId| matches!(s.map.terrain(*h), Some(Terrain::MajorRiver | Terrain::RockyRiverbed));
    let his = leader_reach(&s, &st, darius, false);
    assert!(!his.is_empty() && !his.keys().any(river), "{his:?}");
    // Any other leader may, from the same hex.
    st.leaders[alexander].at = bank;
    assert!(leader_reach(&s, &st, alexander, false).keys().any(river));
}

#[test]
fn a_restriction_naming_an_unknown_side_or_terrain_is_refused_p151() {
    let path = format!("{}/../../scenarios/granicus.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let bad_side = text.replacen(r#"no_entry = { side = "persians""#, r#"no_entry = { side = "medes""#, 1);
    let err = sarissa_rules::load(&path, &bad_side).unwrap_err().to_string();
    assert!(err.contains("hold-the-bank") && err.contains("no side `medes`"), "{err}");
    let bad_terrain = text.replacen(r#"terrain = ["major river"]"#, r#"terrain = ["lava"]"#, 1);
    let err = sarissa_rules::load(&path, &bad_terrain).unwrap_err().to_string();
    assert!(err.contains("`lava` is not a terrain"), "{err}");
}
