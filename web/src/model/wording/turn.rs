//! The log's words for the game turn: activation, trumps, momentum, orders phases and the turn's end (GBA 4.1, 5; CG 5).

use super::{plural, unit_name, LogEntry, Wording};
use sarissa_rules::game::{Doom, Event};

impl Wording<'_> {
    /// The game turn (GBA 3, 5; CG 5), by the rulebook's parts.
    pub(super) fn turn(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::TurnBegan { .. }
            | Event::TurnEnded { .. }
            | Event::DiceSealed { .. }
            | Event::DiceRevealed { .. }
            | Event::UnitsAndLeadersReadied
            | Event::TieOrderSet { .. } => self.game_turn(event),
            Event::ActivationOffered { .. }
            | Event::MomentumOffered { .. }
            | Event::ReactivationOffered { .. }
            | Event::TrumpResponseOffered { .. }
            | Event::EliteInitiativeOffered { .. }
            | Event::EliteInitiativeTaken { .. }
            | Event::EliteInitiativeEnded { .. }
            | Event::LeadersBypassed { .. }
            | Event::LeaderActivated { .. }
            | Event::LeaderFinished { .. } => self.activation(event),
            Event::PreArrangedOffered { .. }
            | Event::PreArrangedDeclared { .. }
            | Event::PreArrangedRevealed { .. } => self.pre_arranged(event),
            Event::TrumpTried { .. }
            | Event::TrumpSucceeded { .. }
            | Event::TrumpFailed { .. }
            | Event::TrumpVoided { .. }
            | Event::MomentumGained { .. }
            | Event::DoomOutcome { .. } => self.trumps_and_momentum(event),
            Event::OrdersPhaseBegan { .. } | Event::OrdersEnded { .. } => self.orders_phase(event),
            other => {
                debug_assert!(false, "not worded as turn: {other:?}");
                None
            }
        }
    }

    /// The turn's frame: its start and end, sealed dice, readying for the next turn (3.0, 3.1), the order of ties (5.12).
    fn game_turn(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::TurnBegan { turn } => self.entry(format!("Turn {turn} begins."), Some("3.0")),
            Event::TurnEnded { turn } => self.entry(format!("Turn {turn} ends."), Some("3.0")),
            Event::DiceSealed { side, .. } => {
                let text =
                    format!("{} seal their dice: from now on neither side can choose a roll.", s.sides[*side].name);
                LogEntry { side: Some(*side), ..self.entry(text, None) }
            }
            Event::DiceRevealed { side, .. } => {
                let text = format!("{} reveal their next sealed value: the dice are drawn anew.", s.sides[*side].name);
                LogEntry { side: Some(*side), ..self.entry(text, None) }
            }
            Event::UnitsAndLeadersReadied => {
                self.entry("Rout and reload: moved units and finished leaders are ready again.".into(), Some("3.1"))
            }
            Event::TieOrderSet { initiative, next_side } => {
                let mut e = self.entry(
                    format!(
                        "Leaders of equal initiative ({initiative}): the next to act is from {}.",
                        s.sides[*next_side].name
                    ),
                    Some("5.12"),
                );
                e.side = Some(*next_side);
                e
            }
            _ => return None,
        })
    }

    /// Leaders activated, bypassed and finished, and the elite initiative (5.1, 5.15, 5.44, 5.5).
    fn activation(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::ActivationOffered { .. }
            | Event::MomentumOffered { .. }
            | Event::ReactivationOffered { .. }
            | Event::TrumpResponseOffered { .. } => return None,
            Event::EliteInitiativeOffered { .. } => return None,
            Event::EliteInitiativeTaken { leader } => self.about(
                self.entry(
                    format!("{} takes the elite commander's opening orders phase (no momentum).", unit_name(s, leader)),
                    Some("5.51"),
                ),
                leader,
            ),
            Event::EliteInitiativeEnded { leader } => self.about(
                self.entry(
                    format!("{}'s opening phase is over; he may still be activated this turn.", unit_name(s, leader)),
                    Some("5.52"),
                ),
                leader,
            ),
            Event::LeadersBypassed { leaders } => {
                let names: Vec<String> = leaders.iter().map(|l| unit_name(s, l)).collect();
                self.entry(
                    format!("Passed over by the trump, {} may not use momentum this turn.", names.join(", ")),
                    Some("5.44"),
                )
            }
            Event::LeaderActivated { leader, no_momentum, .. } => {
                let extra = if *no_momentum { " (re-activated: no momentum this time)" } else { "" };
                self.about(self.entry(format!("{} is activated{extra}.", unit_name(s, leader)), Some("5.1")), leader)
            }
            Event::LeaderFinished { leader } => self.about(
                self.entry(format!("{} is finished for this turn.", unit_name(s, leader)), Some("5.15")),
                leader,
            ),
            _ => return None,
        })
    }

    /// Pre-arranged orders (6.82, 6.83).
    fn pre_arranged(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::PreArrangedOffered { .. } => return None,
            Event::PreArrangedDeclared { side, orders } => {
                let names = orders.iter().map(|o| unit_name(s, &o.leader)).collect::<Vec<_>>().join(", ");
                let mut e = self.entry(
                    format!(
                        "{} places pre-arranged withdrawal markers face down under {names}: each is a real order or a bluff.",
                        s.sides[*side].name
                    ),
                    Some("6.82"),
                );
                e.side = Some(*side);
                e
            }
            Event::PreArrangedRevealed { leader, units, activated } => {
                let name = unit_name(s, leader);
                let text = match (units.is_empty(), *activated) {
                    (true, _) => format!("{name}'s marker is turned up: no pre-arranged withdrawal — it was a bluff."),
                    (false, true) => format!(
                        "{name}'s marker is turned up: pre-arranged withdrawal. Activated with it, his line may fire or rally but not move this turn."
                    ),
                    (false, false) => format!("{name}'s marker is turned up: pre-arranged withdrawal."),
                };
                let mut e = self.about(self.entry(text, Some("6.83")), leader);
                e.units.extend(units.iter().cloned());
                e
            }
            _ => return None,
        })
    }

    /// Momentum and trumps (5.3, 5.4).
    fn trumps_and_momentum(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::TrumpTried { leader, over } => self.about(
                self.entry(
                    format!("{} tries to take the initiative from {}.", unit_name(s, leader), unit_name(s, over)),
                    Some("5.41"),
                ),
                leader,
            ),
            Event::TrumpSucceeded { leader } => {
                self.about(self.entry(format!("{} trumps successfully.", unit_name(s, leader)), Some("5.41")), leader)
            }
            Event::TrumpFailed { leader } => {
                self.about(self.entry(format!("{}'s trump fails.", unit_name(s, leader)), Some("5.41")), leader)
            }
            Event::TrumpVoided { leader } => self.about(
                self.entry(
                    format!(
                        "{} is in an enemy zone of control and can neither order a move or a volley nor send anyone \
                         into shock: his trump counts as never made.",
                        unit_name(s, leader)
                    ),
                    Some("5.47"),
                ),
                leader,
            ),
            Event::MomentumGained { leader } => {
                self.about(self.entry(format!("{} keeps the momentum.", unit_name(s, leader)), Some("5.32")), leader)
            }
            Event::DoomOutcome { leader, outcome } => {
                let text = match outcome {
                    Doom::Reactivation => "The enemy may re-activate any one of his leaders.",
                    Doom::Finished => "Nothing worse than losing the initiative.",
                    Doom::CrisisOfFaith => "A crisis of faith: his nearby troops lose heart.",
                };
                self.about(self.entry(format!("{} — {text}", unit_name(s, leader)), Some("5.33")), leader)
            }
            _ => return None,
        })
    }

    /// A leader's orders phase (5.2).
    fn orders_phase(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::OrdersPhaseBegan { leader, orders, momentum, .. } => {
                let kind = if *momentum { "another orders phase" } else { "his orders phase" };
                self.about(
                    self.entry(
                        format!(
                            "{} begins {kind}: up to {}.",
                            unit_name(s, leader),
                            plural(*orders, "order", "orders")
                        ),
                        Some("5.21"),
                    ),
                    leader,
                )
            }
            Event::OrdersEnded { leader } => {
                self.about(self.entry(format!("{} ends his orders.", unit_name(s, leader)), Some("5.27")), leader)
            }
            _ => return None,
        })
    }
}
