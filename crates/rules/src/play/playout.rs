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
        match &game.state.phase {
            Phase::Orders { leader, orders_left, ordered, line, .. } => {
                let at = OrdersAt {
                    leader,
                    has_orders: *orders_left > 0,
                    opening: line.is_none() && ordered.is_empty(),
                    in_line: line.is_some(),
                };
                Some(self.orders(game, &at))
            }
            Phase::Activation { leaders, .. } => Some(self.activation(game, leaders)),
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

    /// The activation decision: now and then a trump (5.4), else a leader activated (or, now
    /// and then, passed over unless he must be activated).
    fn activation(&mut self, game: &Game, leaders: &[String]) -> Command {
        let (s, st) = (&*game.scenario, &game.state);
        let trumps = crate::command::trump::trump_options(s, st);
        if !trumps.is_empty() && self.chance(10) {
            let t = trumps[self.below(trumps.len())];
            return Command::Trump { leader: s.leaders[t].id.clone() };
        }
        let l = leaders[self.below(leaders.len())].clone();
        let forced = s.leaders.iter().position(|x| x.id == l).is_some_and(|i| st.leaders[i].must_activate);
        if forced || self.chance(90) {
            Command::Activate { leader: l }
        } else {
            Command::Pass { leader: l }
        }
    }

    /// A leader's orders phase, tried in this order (each step draws its dice only when it is
    /// reached, so the games stay as they were): a command over several units, a move a trumper
    /// owes, a unit's action other than moving, a unit's move, the leader's own move, the end.
    fn orders(&mut self, game: &Game, at: &OrdersAt) -> Command {
        let li = game.scenario.leaders.iter().position(|l| l.id == at.leader);
        if let Some(command) = self.leaders_command(game, li, at.opening) {
            return command;
        }
        let units = orderable_units(game);
        self.owed_move(game, li, &units)
            .or_else(|| self.unit_action(game, at, &units))
            .or_else(|| self.unit_move(game, at, &units))
            .or_else(|| if at.has_orders { self.leader_move(game, li) } else { None })
            .unwrap_or(Command::EndOrders)
    }

    /// Now and then, opening the phase, a line command (4.31); a Wing Command (CG 4.54) or a
    /// contingent commander (GBA 5.63) where one is open (no dice drawn otherwise). `li` is
    /// the leader giving the orders; an orders phase may have none (its dice are drawn alike).
    fn leaders_command(&mut self, game: &Game, li: Option<usize>, opening: bool) -> Option<Command> {
        let (s, st) = (&*game.scenario, &game.state);
        if opening && self.chance(35) {
            let options = li.map(|li| crate::command::line::options(s, st, li)).unwrap_or_default();
            if !options.is_empty() {
                let (kind, anchor, formation, _) = options[self.below(options.len())].clone();
                let anchor = s.units[anchor].id.clone();
                return Some(Command::LineCommand { line: kind, anchor, formation, units: Vec::new() });
            }
        }
        let li = li?;
        let wings = crate::play::legal::wing_commands(s, st, li);
        if !wings.is_empty() && self.chance(50) {
            return Some(wings[self.below(wings.len())].clone());
        }
        let contingents = crate::play::legal::contingent_commands(s, st, li);
        if !contingents.is_empty() && self.chance(40) {
            return Some(contingents[self.below(contingents.len())].clone());
        }
        None
    }

    /// A trumper owing an action moves a unit before he may end his orders (5.46): up to 20
    /// units tried for one that can go somewhere.
    fn owed_move(&mut self, game: &Game, li: Option<usize>, units: &[usize]) -> Option<Command> {
        let (s, st) = (&*game.scenario, &game.state);
        if !li.is_some_and(|li| crate::command::trump::duty_outstanding(s, st, li)) {
            return None;
        }
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
        None
    }

    /// A unit's order other than a move, each now and then: a rally (10.27), a volley (8.11), a
    /// recovery (10.16), into or out of Square (CG 10.62), a dismount (CG 10.28), a harassment
    /// (8.3). Square and dismount draw no dice unless a unit may, so other games play as before.
    fn unit_action(&mut self, game: &Game, at: &OrdersAt, units: &[usize]) -> Option<Command> {
        let (s, st) = (&*game.scenario, &game.state);
        if at.has_orders && !at.in_line && self.chance(50) {
            let routed = crate::effects::rally::rallyable(s, st);
            if !routed.is_empty() {
                let u = routed[self.below(routed.len())];
                return Some(Command::Rally { unit: s.units[u].id.clone(), facing: st.units[u].facing });
            }
        }
        if self.chance(20) {
            if let Some(volley) = self.volley(game) {
                return Some(volley);
            }
        }
        if self.chance(15) {
            let recoverers = crate::effects::recovery::recoverers(s, st);
            if !recoverers.is_empty() {
                let (u, _) = recoverers[self.below(recoverers.len())];
                return Some(Command::Recover { unit: s.units[u].id.clone() });
            }
        }
        let squares = crate::special::square::changers(s, st);
        if !squares.is_empty() && self.chance(10) {
            let (u, form) = squares[self.below(squares.len())];
            let unit = s.units[u].id.clone();
            return Some(if form { Command::FormSquare { unit } } else { Command::LeaveSquare { unit } });
        }
        let dismounters = crate::special::dismount::dismounters(s, st);
        if !dismounters.is_empty() && self.chance(10) {
            let unit = s.units[dismounters[self.below(dismounters.len())]].id.clone();
            return Some(Command::Dismount { unit, facing: crate::map::hex::Vertex::ALL[self.below(6)] });
        }
        if self.chance(15) {
            let options: Vec<(usize, usize)> = units
                .iter()
                .flat_map(|&u| {
                    crate::combat::harassment::options(s, st, u, units).into_iter().map(move |o| (u, o.target))
                })
                .collect();
            if !options.is_empty() {
                let (unit, target) = options[self.below(options.len())];
                return Some(Command::Harass { unit: s.units[unit].id.clone(), target: s.units[target].id.clone() });
            }
        }
        None
    }

    /// A volley by any unit that may fire (8.11); a "J/A" elephant shoots its bow as often as
    /// its javelins (CG G52; the dice of that choice drawn only for one, so other games play as
    /// before).
    fn volley(&mut self, game: &Game) -> Option<Command> {
        let (s, st) = (&*game.scenario, &game.state);
        let firers = crate::combat::fire::firers(s, st);
        if firers.is_empty() {
            return None;
        }
        let (firer, targets) = &firers[self.below(firers.len())];
        let t = &targets[self.below(targets.len())];
        let (unit, target) = (s.units[*firer].id.clone(), s.units[t.unit].id.clone());
        let bow = crate::combat::fire::bow_targets(s, st, *firer);
        if bow.iter().any(|b| b.unit == t.unit) && self.chance(50) {
            return Some(Command::FireBow { unit, target });
        }
        Some(Command::Fire { unit, target })
    }

    /// Most of the time, a unit's move: any orderable unit (now and then one a contingent
    /// commander could go along with, 5.68), to any end it may reach, mostly keeping its
    /// formation (6.61); a contingent commander stacked with it often goes along. No dice are
    /// drawn for the commanders unless one may, so other games play as before.
    fn unit_move(&mut self, game: &Game, at: &OrdersAt, units: &[usize]) -> Option<Command> {
        let (s, st) = (&*game.scenario, &game.state);
        if units.is_empty() || !(at.has_orders || at.in_line) || !self.chance(85) {
            return None;
        }
        let carriers: Vec<usize> =
            units.iter().copied().filter(|&u| !crate::command::contingent::riders(s, st, u, &[]).is_empty()).collect();
        let unit = if !carriers.is_empty() && self.chance(40) {
            carriers[self.below(carriers.len())]
        } else {
            units[self.below(units.len())]
        };
        // CG 4.33 (8): only ends that keep a Combined line together (P92).
        // (Only the path of the one picked is written out.)
        let mut ends = destination_ends(s, st, unit);
        let keep = !self.chance(15);
        if keep && ends.iter().any(|d| d.column == st.units[unit].column) {
            ends.retain(|d| d.column == st.units[unit].column);
        }
        let picked = (!ends.is_empty()).then(|| self.below(ends.len()));
        let d = picked.and_then(|k| ends.written_at(k))?;
        let command = d.command(&s.units[unit].id);
        let going: Vec<_> = d.placement.hexes().chain(d.path.iter().copied()).collect();
        let riders = crate::command::contingent::riders(s, st, unit, &going);
        if !riders.is_empty() && self.chance(60) {
            return Some(command.with_rider(&s.leaders[riders[self.below(riders.len())]].id));
        }
        Some(command)
    }

    /// Now and then the leader himself moves, if the order may be given (a leader in an enemy
    /// ZOC may not).
    fn leader_move(&mut self, game: &Game, li: Option<usize>) -> Option<Command> {
        if !self.chance(10) {
            return None;
        }
        let li = li?;
        let options: Vec<_> = leader_reach(&game.scenario, &game.state, li, false).into_values().collect();
        if options.is_empty() {
            return None;
        }
        let (_, path) = options[self.below(options.len())].clone();
        let command = Command::MoveLeader { leader: game.scenario.leaders[li].id.clone(), path };
        game.clone().execute(&command).is_ok().then_some(command)
    }
}

/// Where a leader's orders phase stands, as the random player weighs it.
struct OrdersAt<'a> {
    leader: &'a str,
    /// Orders are left to give (a line command's units move without one).
    has_orders: bool,
    /// Nothing ordered yet and no line command given: a line command may open the phase.
    opening: bool,
    in_line: bool,
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
