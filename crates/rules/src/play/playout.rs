//! A seeded random player: picks legal commands, weighted toward moving so games go somewhere.
//! The soak test plays it to look for broken invariants, and determinism tests replay its games
//! natively and in wasm. Its choices come only from the legal queries.

use crate::game::{Command, Phase};
use crate::movement::leader_reach;
use crate::play::legal::{destination_ends, destinations, legal_commands, orderable_units};
use crate::play::Game;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

pub struct RandomPlayer {
    rng: Pcg32,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        Self { rng: Pcg32::seed_from_u64(seed ^ 0x0005_EED0_F5A8_155A) }
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u32() as usize) % n.max(1)
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.next_u32() % 100 < percent
    }

    /// A legal command for the current decision, or `None` when the game waits for nothing.
    pub fn choose(&mut self, game: &Game) -> Option<Command> {
        // The orderable units and the chosen unit's moves ask for the same enemy zones of control.
        let _shared = crate::map::zoc::ZocScope::for_battle(&game.scenario);
        let (s, st) = (&*game.scenario, &game.state);
        match &st.phase {
            Phase::Orders { leader, orders_left, ordered, line, .. } => {
                // Now and then, open the phase with a line command (4.31).
                if line.is_none() && ordered.is_empty() && self.chance(35) {
                    if let Some(li) = s.leaders.iter().position(|l| &l.id == leader) {
                        let options = crate::command::line::options(s, st, li);
                        if !options.is_empty() {
                            let (kind, anchor, formation, _) = options[self.below(options.len())].clone();
                            return Some(Command::LineCommand {
                                line: kind,
                                anchor: s.units[anchor].id.clone(),
                                formation,
                                units: Vec::new(),
                            });
                        }
                    }
                }
                // Now and then, a Wing Command (CG 4.54).
                // (The dice of the choice are drawn only when one is open, so games without
                // wings play as before.)
                if let Some(li) = s.leaders.iter().position(|l| &l.id == leader) {
                    let options = crate::play::legal::wing_commands(s, st, li);
                    if !options.is_empty() && self.chance(50) {
                        return Some(options[self.below(options.len())].clone());
                    }
                }
                // Now and then, a contingent commander (GBA 5.63); no dice drawn unless one is open.
                if let Some(li) = s.leaders.iter().position(|l| &l.id == leader) {
                    let options = crate::play::legal::contingent_commands(s, st, li);
                    if !options.is_empty() && self.chance(40) {
                        return Some(options[self.below(options.len())].clone());
                    }
                }
                let units = orderable_units(game);
                // A trumper owing an action moves a unit before he may end his orders (5.46).
                let owes = s
                    .leaders
                    .iter()
                    .position(|l| &l.id == leader)
                    .is_some_and(|li| crate::command::trump::duty_outstanding(s, st, li));
                if owes {
                    for _ in 0..20 {
                        let unit = units[self.below(units.len())];
                        let here: Vec<_> = st.units[unit].placement.hexes().collect();
                        let moves: Vec<_> = destinations(s, st, unit)
                            .into_iter()
                            .filter(|d| !d.placement.hexes().eq(here.iter().copied()))
                            .collect();
                        if !moves.is_empty() {
                            return Some(moves[self.below(moves.len())].command(&s.units[unit].id));
                        }
                    }
                }
                // Routed units are rallied when they can be (10.27).
                if *orders_left > 0 && line.is_none() && self.chance(50) {
                    let routed = crate::effects::rally::rallyable(s, st);
                    if !routed.is_empty() {
                        let u = routed[self.below(routed.len())];
                        return Some(Command::Rally { unit: s.units[u].id.clone(), facing: st.units[u].facing });
                    }
                }
                // Now and then, a volley (8.11).
                if self.chance(20) {
                    let firers = crate::combat::fire::firers(s, st);
                    if !firers.is_empty() {
                        let (unit, targets) = &firers[self.below(firers.len())];
                        let t = &targets[self.below(targets.len())];
                        let (unit, target) = (s.units[*unit].id.clone(), s.units[t.unit].id.clone());
                        // CG G52: a "J/A" elephant shoots its bow as often as its javelins (the
                        // dice of the choice are drawn only for one, so other games play as before).
                        let bow = crate::combat::fire::bow_targets(s, st, s.units.iter().position(|u| u.id == unit)?);
                        if bow.iter().any(|b| s.units[b.unit].id == target) && self.chance(50) {
                            return Some(Command::FireBow { unit, target });
                        }
                        return Some(Command::Fire { unit, target });
                    }
                }
                // Now and then, a recovery (10.16).
                if self.chance(15) {
                    let recoverers = crate::effects::recovery::recoverers(s, st);
                    if !recoverers.is_empty() {
                        let (u, _) = recoverers[self.below(recoverers.len())];
                        return Some(Command::Recover { unit: s.units[u].id.clone() });
                    }
                }
                // Now and then, into or out of Square (CG 10.62; no dice drawn unless a unit may, so
                // other games play as before).
                let squares = crate::special::square::changers(s, st);
                if !squares.is_empty() && self.chance(10) {
                    let (u, form) = squares[self.below(squares.len())];
                    let unit = s.units[u].id.clone();
                    return Some(if form { Command::FormSquare { unit } } else { Command::LeaveSquare { unit } });
                }
                // Now and then, a chariot's crew dismount (CG 10.28; as for Square, no dice drawn
                // unless one may).
                let dismounters = crate::special::dismount::dismounters(s, st);
                if !dismounters.is_empty() && self.chance(10) {
                    let unit = s.units[dismounters[self.below(dismounters.len())]].id.clone();
                    return Some(Command::Dismount { unit, facing: crate::map::hex::Vertex::ALL[self.below(6)] });
                }
                // Now and then, a harassment (8.3).
                if self.chance(15) {
                    let options: Vec<(usize, usize)> = units
                        .iter()
                        .flat_map(|&u| {
                            crate::combat::harassment::options(s, st, u, &units).into_iter().map(move |o| (u, o.target))
                        })
                        .collect();
                    if !options.is_empty() {
                        let (unit, target) = options[self.below(options.len())];
                        return Some(Command::Harass {
                            unit: s.units[unit].id.clone(),
                            target: s.units[target].id.clone(),
                        });
                    }
                }
                if !units.is_empty() && (*orders_left > 0 || line.is_some()) && self.chance(85) {
                    // 5.68: now and then a unit a contingent commander could go along with (no
                    // dice drawn unless there is one, so other games play as before).
                    let carriers: Vec<usize> = units
                        .iter()
                        .copied()
                        .filter(|&u| !crate::command::contingent::riders(s, st, u, &[]).is_empty())
                        .collect();
                    let unit = if !carriers.is_empty() && self.chance(40) {
                        carriers[self.below(carriers.len())]
                    } else {
                        units[self.below(units.len())]
                    };
                    // CG 4.33 (8): only ends that keep a Combined line together (P92).
                    // (Only the path of the one picked is written out.)
                    let mut destinations = destination_ends(s, st, unit);
                    // Now and then a change into or out of column (6.61); mostly it keeps its formation.
                    let keep = !self.chance(15);
                    if keep && destinations.iter().any(|d| d.column == st.units[unit].column) {
                        destinations.retain(|d| d.column == st.units[unit].column);
                    }
                    let picked = (!destinations.is_empty()).then(|| self.below(destinations.len()));
                    if let Some(d) = picked.and_then(|k| destinations.written_at(k)) {
                        let command = d.command(&s.units[unit].id);
                        // 5.68: a contingent commander stacked with it often goes along (no dice
                        // drawn unless one may, so other games play as before).
                        let going: Vec<_> = d.placement.hexes().chain(d.path.iter().copied()).collect();
                        let riders = crate::command::contingent::riders(s, st, unit, &going);
                        if !riders.is_empty() && self.chance(60) {
                            return Some(command.with_rider(&s.leaders[riders[self.below(riders.len())]].id));
                        }
                        return Some(command);
                    }
                }
                if *orders_left > 0 && self.chance(10) {
                    if let Some(li) = s.leaders.iter().position(|l| &l.id == leader) {
                        let options: Vec<_> = leader_reach(s, st, li, false).into_values().collect();
                        if !options.is_empty() {
                            let (_, path) = options[self.below(options.len())].clone();
                            let command = Command::MoveLeader { leader: leader.clone(), path };
                            // Only if the order may be given (a leader in an enemy ZOC may not).
                            if game.clone().execute(&command).is_ok() {
                                return Some(command);
                            }
                        }
                    }
                }
                Some(Command::EndOrders)
            }
            Phase::Activation { leaders, .. } => {
                let trumps = crate::command::trump::trump_options(s, st);
                if !trumps.is_empty() && self.chance(10) {
                    let t = trumps[self.below(trumps.len())];
                    return Some(Command::Trump { leader: s.leaders[t].id.clone() });
                }
                let l = leaders[self.below(leaders.len())].clone();
                let forced = s.leaders.iter().position(|x| x.id == l).is_some_and(|i| st.leaders[i].must_activate);
                Some(if forced || self.chance(90) {
                    Command::Activate { leader: l }
                } else {
                    Command::Pass { leader: l }
                })
            }
            // Pre-arranged withdrawal: as often as not, a PW order under every leader who may hold
            // one (the last declaration offered), else any (6.82).
            Phase::PreArranged { .. } => {
                let all = legal_commands(game);
                let k = if self.chance(50) { all.len() - 1 } else { self.below(all.len()) };
                all.get(k).cloned()
            }
            // Reactions: let the enemy pass now and then, else turn or withdraw at random; a
            // line that may withdraw as a body often does (6.78, 6.83).
            Phase::Reaction { .. }
                if self.chance(40)
                    && crate::special::elephants::forced_withdrawers(&game.scenario, &game.state).is_empty() =>
            {
                Some(Command::EndReaction)
            }
            // A rampaging elephant's pause (6.77): stand now and then, else step aside at random.
            Phase::RampageWithdrawal { .. } if self.chance(40) => Some(Command::EndReaction),
            Phase::Reaction { .. } => {
                let all = legal_commands(game);
                let lines: Vec<Command> = all
                    .iter()
                    .filter(|c| matches!(c, Command::WithdrawLine { .. } | Command::PreArrangedWithdrawal { .. }))
                    .cloned()
                    .collect();
                let all = if !lines.is_empty() && self.chance(50) { lines } else { all };
                (!all.is_empty()).then(|| all[self.below(all.len())].clone())
            }
            _ => {
                let all = legal_commands(game);
                (!all.is_empty()).then(|| all[self.below(all.len())].clone())
            }
        }
    }
}

/// Plays `commands` random commands from the start (fewer if the game stops waiting) and
/// returns them.
pub fn random_game(game: &mut Game, seed: u64, commands: usize) -> Vec<Command> {
    let mut player = RandomPlayer::new(seed);
    let mut played = Vec::new();
    for _ in 0..commands {
        let Some(c) = player.choose(game) else { break };
        if game.execute(&c).is_err() {
            break;
        }
        played.push(c);
    }
    played
}
