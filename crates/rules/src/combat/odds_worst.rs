//! The heaviest shocks the exact odds are measured on (issue 19, "Fast and small"): the
//! benchmarks (`crates/rules/benches/engine.rs`) and `sarissa bench` time these beside the
//! combats of seeded random battles, whose random grouping rarely puts more than three units in
//! one combat.

use super::shock::{Fighter, Leader, ShockSetup};
use crate::map::facing::Arc;
use crate::scenario::units::{UnitClass, UnitType::*};
use crate::scenario::RuleSet;

fn leader(charisma: u8, personal_combat: Option<u8>) -> Option<Leader> {
    Some(Leader { charisma, initiative: 5, personal_combat, wounded: false })
}

/// Named setups, heaviest first.
pub fn worst_shocks() -> Vec<(&'static str, ShockSetup)> {
    let ph = Fighter::new(PH, Some(UnitClass::MA), 10, 7).moving();
    let hc = Fighter::new(HC, None, 4, 7).moving().through(Arc::Flank);
    let li = Fighter::new(LI, Some(UnitClass::J), 5, 5);
    let ho = Fighter::new(HI, Some(UnitClass::HO), 10, 6);
    // Issue 19's measure: two moved phalanxes, a flanking cavalry unit and light infantry against
    // two hoplite units and light infantry, Charisma 2 and 1 (`sarissa odds` gives no leader rolls).
    let mut issue = ShockSetup::new(
        RuleSet::Alexander,
        vec![ph.clone(), ph.clone(), hc.clone(), li.clone().moving()],
        vec![ho.clone(), ho.clone(), li.clone()],
    );
    (issue.attacker_leader, issue.defender_leader) = (leader(2, None), leader(1, None));
    // The same with worn units (stand rolls and collapse checks) and the leaders' personal combat.
    let mut worn = ShockSetup::new(
        RuleSet::Alexander,
        vec![ph.clone().with_hits(3), ph.with_hits(2), hc.with_hits(2)],
        vec![ho.clone().with_hits(3), ho.with_hits(2), li.with_hits(1)],
    );
    (worn.attacker_leader, worn.defender_leader) = (leader(3, Some(4)), leader(2, Some(3)));
    worn.leader_checks = true;
    // Chandragupta: elephants and chariots charge Indian infantry.
    let el = Fighter::new(EL, None, 5, 6).moving();
    let mut ch = Fighter::new(CH, None, 3, 5).moving();
    ch.hexes_moved = 4;
    let mi = Fighter::new(MI, None, 8, 5);
    let mut indian = ShockSetup::new(
        RuleSet::Chandragupta,
        vec![el.clone(), el, ch],
        vec![mi.clone(), mi.with_hits(2), Fighter::new(LI, Some(UnitClass::B), 5, 4)],
    );
    (indian.attacker_leader, indian.defender_leader) = (leader(2, None), leader(1, None));
    indian.leader_checks = true;
    vec![("issue 19: 4 v 3", issue), ("worn 3 v 3 with leaders", worn), ("CG elephants and chariots 3 v 3", indian)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::shock::validate;

    #[test]
    fn the_worst_shocks_are_combats_the_rules_allow() {
        for (name, s) in worst_shocks() {
            assert_eq!(validate(&s), Ok(()), "{name}");
        }
    }
}
