//! Rules where the two books part ways, sixth pass (issue 18 §3): each played through
//! `Game::execute` with loaded dice, under both books where they differ.

mod common;
use common::*;
use sarissa_rules::game::Event;
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

const CG: &str = "chandragupta";
const GBA: &str = "alexander";

// --- Turning in an enemy ZOC (GBA 7.25, CG 7.25) -----------------------------------------

/// Blue's heavy infantry (MA 3) at 0505 facing `facing`, pinned by red's MI at 0605 (facing W, so 0505
/// is in its front); blue's leader activated.
fn pinned(rules: &'static str, facing: &str) -> sarissa_rules::Game {
    let field = Field {
        rules,
        ..two_armies(
            vec![unit("hi", "HI", "", 5, 6, 3, "", "0505", facing)],
            vec![unit("mi", "MI", "", 4, 5, 5, "", "0605", "W")],
        )
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn facing_the_one_enemy_that_pins_it_a_unit_may_turn_in_chandragupta_not_in_alexander_cg_7_25_gba_7_25() {
    // The MI stands in the HI's own ZOC: GBA 7.25 forbids the turn, CG 7.25 asks no such thing.
    let mut gba = pinned(GBA, "E");
    assert_eq!(refused_rule(&mut gba, mv("hi", &[], Vertex::NE)), "7.25");
    let mut cg = pinned(CG, "E");
    ok(&mut cg, mv("hi", &[], Vertex::NE));
    assert_eq!(cg.state.units[0].facing, Vertex::NE);
    assert_eq!(cg.state.units[0].placement, Placement::One(h("0505")), "it stays in its hex");
    // Up to half its MA (3, so 2 MP): two vertices, not three (CG 7.25).
    let mut cg = pinned(CG, "E");
    assert_eq!(refused_rule(&mut cg, mv("hi", &[], Vertex::W)), "7.25");
    ok(&mut cg, mv("hi", &[], Vertex::SW));
}

#[test]
fn with_its_back_to_the_enemy_that_pins_it_a_unit_turns_in_both_books_cg_7_25_gba_7_25() {
    // Facing W, the HI has the MI behind it, not in its own ZOC: both books allow the turn.
    for rules in [GBA, CG] {
        let mut game = pinned(rules, "W");
        ok(&mut game, mv("hi", &[], Vertex::NW));
        assert_eq!(game.state.units[0].facing, Vertex::NW, "{rules}");
    }
}

// --- Sight between two levels (CG 8.15; GBA 8.14) -----------------------------------------

/// Blue's archers at 0305 shoot at red's MI at 0705, four hexes east along the row (the line
/// runs 0405/0404, 0505, 0605/0604). `hill`: the one hex on level 1 (the firer's 0305 or the
/// target's 0705), if any. One wood at `wood`. The volley's die is loaded to 9 (a miss): only
/// whether it may be fired matters.
fn shot(
    rules: &'static str,
    hill: Option<&'static str>,
    wood: &'static str,
) -> Result<Vec<Event>, sarissa_rules::RuleError> {
    let field = Field {
        rules,
        terrain: vec![(wood, 'w')],
        elevation: hill.map(|h| vec![(h, '1')]).unwrap_or_default(),
        ..two_armies(
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0305", "E")],
            vec![unit("mi", "MI", "", 4, 5, 5, "", "0705", "W")],
        )
    };
    let (mut game, _) = field.start(&[9, 9]);
    ok(&mut game, activate("hero"));
    game.execute(&fire("bows", "mi"))
}

const FIRER_HIGH: Option<&str> = Some("0305");
const TARGET_HIGH: Option<&str> = Some("0705");

#[test]
fn between_levels_a_wood_nearer_the_higher_end_does_not_block_cg_8_15() {
    // Firer above: a wood one hex from it (three from the target) does not block in CG.
    assert!(shot(CG, FIRER_HIGH, "0405").is_ok());
    // Firer below: a wood one hex from the target, the higher end, neither.
    assert!(shot(CG, TARGET_HIGH, "0605").is_ok());
    // A wood nearer the lower end blocks; exactly halfway blocks too.
    for (hill, wood) in [(FIRER_HIGH, "0605"), (TARGET_HIGH, "0405"), (FIRER_HIGH, "0505"), (TARGET_HIGH, "0505")] {
        let err = shot(CG, hill, wood).expect_err(wood);
        assert!(err.to_string().contains("sight"), "{err}");
    }
}

#[test]
fn in_alexander_a_wood_blocks_wherever_it_stands_between_the_levels_gba_8_14_cg_8_15() {
    for (hill, wood) in [(FIRER_HIGH, "0405"), (TARGET_HIGH, "0605"), (FIRER_HIGH, "0605"), (TARGET_HIGH, "0505")] {
        let err = shot(GBA, hill, wood).expect_err(wood);
        assert!(err.to_string().contains("sight"), "{err}");
    }
    // On the level the wood blocks in both books, wherever it stands.
    assert!(shot(GBA, None, "0405").is_err() && shot(CG, None, "0405").is_err());
}
