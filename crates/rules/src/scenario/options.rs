//! The players' choice of optional rules for one game (GBA §C): the scenario sets the
//! defaults, the players may switch the ones that can change something in that battle.
//! The choice is part of the game's identity, so saves and the CLI carry it.

use super::{RuleSet, Scenario};
use crate::scenario::units::LeaderRole;
use std::collections::BTreeMap;

/// One optional rule as a player chooses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionChoice {
    /// The key in scenario files, saves and `--option`.
    pub key: &'static str,
    /// The rule's number.
    pub rule: &'static str,
    pub name: &'static str,
    /// One line on what it changes, in our own words.
    pub about: &'static str,
    /// The scenario's setting.
    pub default: bool,
    /// A house rule (issue 23), credited as inspired by the Mutford house rules: the chooser
    /// and "Rules of this battle" show these as a group of their own.
    pub house: bool,
}

/// The credit every house rule carries.
pub const HOUSE_CREDIT: &str = "inspired by the Mutford house rules";

/// Players' changes to a scenario's optional rules: key → on or off. Only differences from
/// the scenario's own settings are kept.
pub type OptionChanges = BTreeMap<String, bool>;

impl Scenario {
    /// The optional rules that can change something in this battle, with the scenario's
    /// settings: the rulebook's, then the house rules (offered in both rule sets).
    pub fn optional_choices(&self) -> Vec<OptionChoice> {
        let mut choices = self.rulebook_choices();
        choices.extend(self.house_choices());
        choices.extend(self.house_b4_b8_choices());
        choices.extend(self.house_b5_choices());
        choices.extend(self.house_b7_choice());
        choices
    }

    /// The rulebook's optional rules. Chandragupta's text has none of them; cavalry pursuit is
    /// never offered (P91); the rest only where the battle has what they act on (P150).
    fn rulebook_choices(&self) -> Vec<OptionChoice> {
        if self.meta.rules != RuleSet::Alexander {
            return Vec::new();
        }
        let defaults = &self.meta.optional_rules;
        let elite = self.leaders.iter().any(|l| l.elite && l.role == LeaderRole::Overall);
        let contingents = self.leaders.iter().any(|l| !l.contingent_units.is_empty());
        let hoplites = self.units.iter().any(crate::scenario::units::hellenic);
        let all = [
            (elite, "elite_commander_initiative", "5.5", "Elite commander's initiative",
                "An elite overall commander may give one extra orders phase at the start of each turn.",
                defaults.elite_commander_initiative),
            (contingents, "contingent_commanders", "5.6", "Contingent commanders",
                "Contingent commanders, activated by the overall or a wing commander, move their own troops as one line.",
                defaults.contingent_commanders),
            (hoplites, "law_of_inertia", "6.14", "Law of inertia",
                "Citizen hoplite lines, once moving, keep going as far as they can.",
                defaults.law_of_inertia),
            (hoplites, "drift_to_the_right", "6.5", "Drift to the right",
                "Citizen hoplite lines moving a second time slide toward their right front.",
                defaults.drift_to_the_right),
            (true, "engaged", "10.3", "Engaged",
                "Units still face to face after a shock stay locked together and must fight again.",
                defaults.engaged),
        ];
        all.into_iter()
            .filter(|c| c.0)
            .map(|(_, key, rule, name, about, default)| OptionChoice { key, rule, name, about, default, house: false })
            .collect()
    }

    /// The house rules (issue 23, rulings P310–P314): every battle has leaders ordering units
    /// out of sight and commands that can break, so both are offered everywhere.
    fn house_choices(&self) -> Vec<OptionChoice> {
        let defaults = &self.meta.optional_rules;
        let house = |key, rule, name, about, default| OptionChoice { key, rule, name, about, default, house: true };
        let mut choices = vec![
            house(
                "out_of_sight_orders",
                "House B3",
                "Out-of-sight orders",
                "An individual order to a unit its leader cannot see costs two orders; skirmishers and line \
                 commands are exempt. Recommended in the big battles where lines stand behind lines and ground \
                 hides the field: Issus, the Granicus, the Hydaspes, the Indian battles; on Samarkand's open \
                 plain it seldom matters. House rule, inspired by the Mutford house rules.",
                defaults.out_of_sight_orders,
            ),
            house(
                "command_collapse",
                "House B9",
                "Command collapse",
                "A leader whose command has half its units routed or gone is broken: two orders fewer \
                 (at least one), no line commands, and his units check their TQ at +1. Recommended in long \
                 battles of many leaders, where a beaten wing should falter: the Granicus, Issus, Takshashila. House rule, inspired by the Mutford house rules.",
                defaults.command_collapse,
            ),
        ];
        choices.extend(self.house_b1_b2_choices());
        choices
    }

    /// House rules B1 and B2 (rulings P331–P336): temperament wherever a disciplined army has
    /// subordinate leaders (every battle); the barbarian order only where a side is barbarian.
    fn house_b1_b2_choices(&self) -> Vec<OptionChoice> {
        let defaults = &self.meta.optional_rules;
        let house = |key, rule, name, about, default| OptionChoice { key, rule, name, about, default, house: true };
        let mut choices = vec![house(
            "leader_temperament",
            "House B1",
            "Leader temperament",
            "At set-up each subordinate leader of a disciplined army rolls a die: 0–1 cautious, 8–9 aggressive, \
             the rest steady. An aggressive leader comes up one step earlier in the activation order and his \
             attackers take −1 on their pre-shock checks; a cautious one a step later and +1. Recommended where \
             many subordinates lead lines that must close: Chaeronea, the Granicus, Issus, the Hydaspes. House \
             rule, inspired by the Mutford house rules.",
            defaults.leader_temperament,
        )];
        if self.sides.iter().any(|side| side.barbarian) {
            choices.push(house(
                "barbarian_activation",
                "House B2",
                "Barbarian activation order",
                "Each turn the leaders of a barbarian army roll a die each and take their side's activation slots \
                 highest first: the side keeps its place in the order, but nobody knows which chief moves when. \
                 Recommended wherever it is offered: Spitamenes' horsemen at Samarkand, Malayaketu's coalition of \
                 hill kings. House rule, inspired by the Mutford house rules.",
                defaults.barbarian_activation,
            ));
        }
        choices
    }

    /// House rules B4, B6 and B8 (issue 23, rulings P341–P347), each only where the battle has
    /// what it acts on: levies (units tagged `levy`), light foot, missile troops.
    fn house_b4_b8_choices(&self) -> Vec<OptionChoice> {
        let defaults = &self.meta.optional_rules;
        let levies = self.units.iter().any(|u| u.tags.contains(&crate::scenario::units::UnitTag::Levy));
        let light_foot = self.units.iter().any(|u| u.kind.is_light_foot());
        let missiles = self.units.iter().any(|u| u.missile.is_some());
        let house = |key, rule, name, about, default| OptionChoice { key, rule, name, about, default, house: true };
        let all = [
            (
                levies,
                house(
                    "levy_reluctance",
                    "House B4",
                    "Levy reluctance",
                    "A levy ordered toward the enemy first checks its troop quality: on a die above it the levy \
                 balks, stays where it is, and the order is spent. Recommended where levies stood in the line \
                 and were slow to close: Issus (the Persian, Median and Armenian levies) and the Granicus; at \
                 Pataliputra and Takshashila it holds the guild levies back. House rule, inspired by the \
                 Mutford house rules.",
                    defaults.levy_reluctance,
                ),
            ),
            (
                light_foot,
                house(
                    "contagious_flight",
                    "House B6",
                    "Contagious flight",
                    "When light foot withdraw before the enemy, each light foot unit beside them checks its troop \
                 quality: on a die above it, it is swept back with them, and may sweep its own neighbours. \
                 Recommended where screens of light foot face horse: the Granicus, Issus, the Hydaspes. House \
                 rule, inspired by the Mutford house rules.",
                    defaults.contagious_flight,
                ),
            ),
            (
                missiles,
                house(
                    "shooting_into_melee",
                    "House B8",
                    "Shooting into a melee",
                    "A volley that hits an enemy in a friend's zone of control may strike the friend instead (a \
                 die of 0-3), and a natural 0 fired over a friend near the target gives that friend a hit. \
                 Recommended where archers shoot over and beside their own lines: the Hydaspes and the Indian \
                 battles. House rule, inspired by the Mutford house rules.",
                    defaults.shooting_into_melee,
                ),
            ),
        ];
        all.into_iter().filter(|(fits, _)| *fits).map(|(_, choice)| choice).collect()
    }

    /// House rule B5 (issue 23, rulings P348–P355): only where the battle tags units `eager`.
    fn house_b5_choices(&self) -> Vec<OptionChoice> {
        if !self.units.iter().any(|u| u.tags.contains(&crate::scenario::units::UnitTag::Eager)) {
            return Vec::new();
        }
        vec![OptionChoice {
            key: "eager_troops",
            rule: "House B5",
            name: "Eager troops and the surge",
            about: "Eager units (tribal foot and noble horse the battle marks) are hard to hold back: an order that \
                    moves one and leaves it no nearer the enemy costs two orders. When their leader's momentum or \
                    trump fails, each eager unit he could have ordered that has not moved this turn rolls a die: \
                    0–1 it rushes its whole MA at the nearest enemy, 2–3 half its MA, and if it ends in contact it \
                    takes the pre-shock check at once. Recommended where headstrong horse and hillmen fought: \
                    Spitamenes' nobles and lancers at Samarkand, the Thracians at Chaeronea and Issus, the hill \
                    kings' horse and Khasas of Malayaketu, Parvataka's hill horse at Pataliputra. House rule, \
                    inspired by the Mutford house rules.",
            default: self.meta.optional_rules.eager_troops,
            house: true,
        }]
    }

    /// House rule B7 (issue 23, rulings P356–P362): only where the map has woods to make dense.
    fn house_b7_choice(&self) -> Option<OptionChoice> {
        self.map.has_woods().then_some(OptionChoice {
            key: "dense_woods",
            rule: "House B7",
            name: "Dense woods",
            about: "The battle's woods are dense forest: only light foot and skirmishers go in (horse, elephants, \
                    chariots, formed foot and engines stay out; a leader goes on foot), missiles reach only one hex \
                    into, out of or within them, and a unit deep inside, woods all round it, rolls before each hex \
                    it goes on to: on a 0 or 1 it loses its way, turns left or right and stops. Recommended at \
                    Pataliputra, where true forest closes the field's south edge and the Kirata forest bowmen \
                    stand at its edge; elsewhere the woods are groves or a hunting park (at Samarkand the \
                    lancers hidden in the riverside woods could not ride through them). House rule, inspired by the \
                    Mutford house rules.",
            default: self.meta.optional_rules.dense_woods,
            house: true,
        })
    }

    /// This scenario with the players' changes to its optional rules; a change this battle does
    /// not offer is refused, naming it (a tampered save or a mistyped `--option`).
    pub fn with_options(&self, changes: &OptionChanges) -> Result<Scenario, String> {
        let choices = self.optional_choices();
        let mut scenario = self.clone();
        for (key, &on) in changes {
            if !choices.iter().any(|c| c.key == key) {
                let offered: Vec<&str> = choices.iter().map(|c| c.key).collect();
                let offered = if offered.is_empty() { "none".to_string() } else { offered.join(", ") };
                return Err(format!(
                    "the optional rule `{key}` cannot be chosen for {} (it offers: {offered})",
                    self.meta.name
                ));
            }
            scenario.meta.optional_rules.set(key, on);
        }
        Ok(scenario)
    }
}
