//! CG 13.12: a killed Nayaka, Guild chief or Tribal chief counts his Initiative in Rout Points;
//! every other leader five times his Initiative.

use sarissa_rules::effects::victory::leader_points;

#[test]
fn nayakas_and_chiefs_count_their_initiative_cg_13_12() {
    let text = include_str!("data/cg_field.toml");
    let scenario = sarissa_rules::load("cg-field.toml", text).expect("the CG test field loads");
    let points = |id: &str| leader_points(&scenario, scenario.leaders.iter().position(|l| l.id == id).unwrap());
    // Nayakas and a guild chief, Initiative 2 each.
    assert_eq!(points("massagetae-nayaka"), 2);
    assert_eq!(points("bactrian-chief"), 2);
    // The overall commander (Initiative 5), a wing commander and a subordinate (3 each).
    assert_eq!(points("spitamenes"), 25);
    assert_eq!(points("scythian-chief"), 15);
    assert_eq!(points("sogdian-chief"), 15);
}
