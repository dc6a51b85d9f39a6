//! Standing orders: a side's answers, set in advance, to the questions the rules put to it in
//! the middle of the other side's move — reaction facing (GBA 7.16), orderly withdrawal (6.7),
//! a leader's withdrawal (4.62), reaction fire (8.2), answering a trump (5.42), its routers'
//! ties (10.21, P120) and stepping out of a rampage's way (6.77). [`answer`] picks the answer
//! from the engine's own legal commands, never from a second copy of a rule; a question the
//! orders leave to the player (`Ask`) gets no answer, and goes to the player.
//!
//! Used by hotseat play to save taps and by play apart so that a link need not travel for each
//! reaction. The random player and the pinned games never use them.

use crate::game::{Command, Phase};
use crate::map::facing::{hexes_in, Arc};
use crate::play::legal::{legal_commands, rout_ways};
use crate::play::Game;
use serde::{Deserialize, Serialize};

/// One side's standing orders. The default asks every question (nothing is answered).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StandingOrders {
    /// Reaction facing (7.16, 7.17).
    pub face: Face,
    /// Orderly withdrawal (6.7), and pre-arranged withdrawal (6.83) under `Always`.
    pub withdraw: Withdraw,
    /// A leader's withdrawal from an enemy that came up (4.62, 9.24).
    pub leaders: Leaders,
    /// Reaction fire (8.21–8.23, 8.33), and an engine's shot in the pause (CG 10.52).
    pub fire: Fire,
    /// An enemy trump or momentum that this side may trump in turn (5.42).
    pub trump: Trump,
    /// Ties in this side's routs, and a break-off's hex (10.21, 10.32, P120).
    pub rout: Rout,
    /// Units and leaders a rampaging elephant comes near (6.77, 4.62).
    pub rampage: Rampage,
    /// Exceptions for single units, by unit id; the first naming a unit counts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<UnitOrders>,
}

/// Reaction facing (7.16): whether a unit an enemy came up beside turns toward it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    #[default]
    Ask,
    /// Always turn to face, toward the enemy (a TQ check, 7.16).
    Always,
    /// Never turn.
    Never,
}

/// Orderly withdrawal (6.7): which units step back from an enemy that comes within two hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Withdraw {
    #[default]
    Ask,
    /// Every unit that may (the rules allow it only from slower enemies, 6.71), and every
    /// pre-arranged withdrawal (6.83).
    Always,
    /// Cavalry only (LC, LN, HC): withdraw cavalry from slower enemies.
    Cavalry,
    /// None, save those the rules force back (CG 10.16).
    Never,
}

/// A leader's withdrawal (4.62).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leaders {
    #[default]
    Ask,
    /// Only a leader alone beside the enemy, who would be captured if he stayed (4.62).
    WhenExposed,
    /// Every leader who may.
    Always,
}

/// Reaction fire (8.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fire {
    #[default]
    Ask,
    /// Fire at anything that comes into range.
    AtAnything,
    /// Only at foot skirmishers (SK, SK*).
    AtSkirmishers,
    /// Hold fire.
    Never,
}

/// Answering a trump or a momentum with a trump of one's own (5.42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trump {
    #[default]
    Ask,
    /// Never trump the trump: let it stand.
    Never,
}

/// A router's ties (10.21, P120) and a break-off's hex (10.32, P90).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rout {
    #[default]
    Ask,
    /// Choose for me by the rule's order of preference: at each tie the first option, as the
    /// rules do where nobody can be asked (P120); the whole way as one answer.
    ByPreference,
}

/// Units and leaders a rampaging elephant comes near (6.77, 4.62).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rampage {
    #[default]
    Ask,
    /// Everyone who may steps out of its way.
    StepAside,
    /// Stand and let it come.
    Stand,
}

/// Standing orders for one unit, where it differs from its side's: `None` keeps the side's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UnitOrders {
    pub unit: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face: Option<Face>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdraw: Option<Withdraw>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fire: Option<Fire>,
}

impl StandingOrders {
    /// Every question answered without asking: turn to face, withdraw cavalry, fire at
    /// anything, leaders withdraw when exposed, never trump the trump, routs by preference,
    /// step out of a rampage's way.
    pub fn answer_all() -> Self {
        Self {
            face: Face::Always,
            withdraw: Withdraw::Cavalry,
            leaders: Leaders::WhenExposed,
            fire: Fire::AtAnything,
            trump: Trump::Never,
            rout: Rout::ByPreference,
            rampage: Rampage::StepAside,
            units: Vec::new(),
        }
    }

    fn exception(&self, unit: &str) -> Option<&UnitOrders> {
        self.units.iter().find(|u| u.unit == unit)
    }

    fn face_of(&self, unit: &str) -> Face {
        self.exception(unit).and_then(|u| u.face).unwrap_or(self.face)
    }

    fn withdraw_of(&self, unit: &str) -> Withdraw {
        self.exception(unit).and_then(|u| u.withdraw).unwrap_or(self.withdraw)
    }

    fn fire_of(&self, unit: &str) -> Fire {
        self.exception(unit).and_then(|u| u.fire).unwrap_or(self.fire)
    }
}

/// The answer the side deciding now gives by `orders`, if they cover the question: always one
/// of [`legal_commands`] (or, for a rout, the whole way from [`rout_ways`]); `None` when the
/// player must answer. Only the questions asked in the middle of the other side's move (and a
/// side's own routs) are answered; a side's own orders never are.
pub fn answer(game: &Game, orders: &StandingOrders) -> Option<Command> {
    match &game.state.phase {
        Phase::Reaction { .. } => reaction(game, orders),
        Phase::TrumpResponse { .. } => (orders.trump == Trump::Never).then_some(Command::DeclineTrump),
        Phase::RoutChoice { .. } if orders.rout == Rout::ByPreference => rout(game),
        Phase::RampageWithdrawal { .. } => rampage(game, orders),
        _ => None,
    }
}

/// 10.21 (P120): the first option at every tie, as one command; a break-off's first hex (10.32).
fn rout(game: &Game) -> Option<Command> {
    rout_ways(game, 1).into_iter().next().map(|w| w.command).or_else(|| legal_commands(game).into_iter().next())
}

/// 6.77, 4.62: step aside one by one, then let it come; or stand at once.
fn rampage(game: &Game, orders: &StandingOrders) -> Option<Command> {
    let legal = legal_commands(game);
    match orders.rampage {
        Rampage::Ask => None,
        Rampage::Stand => legal.into_iter().find(|c| *c == Command::EndReaction),
        Rampage::StepAside => farthest_withdrawal(game, &legal, |_| true)
            .or_else(|| legal.iter().find(|c| matches!(c, Command::WithdrawLeader { .. })).cloned())
            .or_else(|| legal.into_iter().find(|c| *c == Command::EndReaction)),
    }
}

/// A reaction pause (7.16, 6.7, 4.62, 6.83, 8.2): each reaction the orders want, one at a time;
/// then, when every question of the pause is covered, no more reactions.
fn reaction(game: &Game, orders: &StandingOrders) -> Option<Command> {
    let legal = legal_commands(game);
    if let Some(wanted) = wanted_reaction(game, orders, &legal) {
        return Some(wanted);
    }
    let covered = legal.iter().all(|c| covers(orders, c));
    legal.into_iter().find(|c| covered && *c == Command::EndReaction)
}

/// The first reaction the orders want, among the legal ones.
fn wanted_reaction(game: &Game, orders: &StandingOrders, legal: &[Command]) -> Option<Command> {
    let s = &*game.scenario;
    let forced = crate::special::elephants::forced_withdrawers(s, &game.state);
    // CG 10.16: a unit the rules force back goes whatever the orders say, unless they ask.
    let withdraws = |unit: &str| match orders.withdraw_of(unit) {
        Withdraw::Ask => false,
        _ if forced.iter().any(|&i| s.units[i].id == unit) => true,
        Withdraw::Always => true,
        Withdraw::Cavalry => s.unit(unit).is_some_and(|u| u.kind.is_cavalry()),
        Withdraw::Never => false,
    };
    let fire = legal.iter().find(|c| match c {
        Command::Fire { unit, target } => fires_at(orders.fire_of(unit), game, target),
        _ => false,
    });
    let face = legal.iter().find(|c| match c {
        Command::ReactFacing { unit, facing } => {
            orders.face_of(unit) == Face::Always && best_facing(game, unit) == Some(*facing)
        }
        _ => false,
    });
    let pre_arranged = legal
        .iter()
        .find(|c| matches!(c, Command::PreArrangedWithdrawal { .. }) && orders.withdraw == Withdraw::Always);
    let leader = legal.iter().find(|c| match c {
        Command::WithdrawLeader { leader, .. } => leader_withdraws(game, orders.leaders, leader),
        _ => false,
    });
    fire.or(face)
        .cloned()
        .or_else(|| pre_arranged.cloned())
        .or_else(|| farthest_withdrawal(game, legal, withdraws))
        .or_else(|| leader.cloned())
}

/// Whether the orders settle command `c`'s question: a reaction it stands for is either wanted
/// or declined by them, not left to the player.
fn covers(orders: &StandingOrders, c: &Command) -> bool {
    match c {
        Command::ReactFacing { unit, .. } => orders.face_of(unit) != Face::Ask,
        Command::Withdraw { unit, .. } => orders.withdraw_of(unit) != Withdraw::Ask,
        Command::WithdrawLine { units, .. } => units.iter().all(|u| orders.withdraw_of(&u.unit) != Withdraw::Ask),
        Command::PreArrangedWithdrawal { .. } => orders.withdraw != Withdraw::Ask,
        Command::WithdrawLeader { .. } => orders.leaders != Leaders::Ask,
        Command::Fire { unit, .. } => orders.fire_of(unit) != Fire::Ask,
        Command::EndReaction => true,
        // Any other question of a pause is not one the orders know: ask.
        _ => false,
    }
}

fn fires_at(fire: Fire, game: &Game, target: &str) -> bool {
    match fire {
        Fire::AtAnything => true,
        Fire::AtSkirmishers => game.scenario.unit(target).is_some_and(|u| u.kind.is_foot_skirmisher()),
        Fire::Ask | Fire::Never => false,
    }
}

/// 4.62: a leader alone beside the enemy is captured unless he withdraws.
fn leader_withdraws(game: &Game, policy: Leaders, leader: &str) -> bool {
    let exposed = match &game.state.phase {
        Phase::Reaction { exposed, .. } => exposed.iter().any(|l| l == leader),
        _ => false,
    };
    match policy {
        Leaders::Always => true,
        Leaders::WhenExposed => exposed,
        Leaders::Ask => false,
    }
}

/// 7.16: of the turns open to `unit`, the one that puts the enemy that came up in its front;
/// failing that, the first (a two-hex unit has only its reverse face, 7.17).
fn best_facing(game: &Game, unit: &str) -> Option<crate::map::hex::Vertex> {
    let (s, st) = (&*game.scenario, &game.state);
    let Phase::Reaction { mover, .. } = &st.phase else { return None };
    let ui = s.units.iter().position(|u| u.id == unit)?;
    let enemy: Vec<_> = s
        .units
        .iter()
        .position(|u| &u.id == mover)
        .map(|m| st.units[m].placement.hexes().collect())
        .unwrap_or_default();
    let options = crate::movement::reaction::reaction_options(&st.units[ui].placement, st.units[ui].facing);
    let faces_enemy =
        |f: crate::map::hex::Vertex| hexes_in(&st.units[ui].placement, f, Arc::Front).iter().any(|h| enemy.contains(h));
    options.iter().copied().find(|&f| faces_enemy(f)).or(options.first().copied())
}

/// 6.7: of the withdrawals open to a unit `wanted`, the first unit's farthest, keeping its
/// facing where it can (turning costs, 6.72), a horse archer shooting as it goes (6.76), and no
/// contingent commander taken along unasked (5.68).
fn farthest_withdrawal(game: &Game, legal: &[Command], wanted: impl Fn(&str) -> bool) -> Option<Command> {
    let first = legal.iter().find_map(|c| match c {
        Command::Withdraw { unit, .. } if wanted(unit) => Some(unit.clone()),
        _ => None,
    })?;
    let facing = game.scenario.units.iter().position(|u| u.id == first).map(|i| game.state.units[i].facing);
    legal
        .iter()
        .filter(|c| matches!(c, Command::Withdraw { unit, with: None, .. } if *unit == first))
        .max_by_key(|c| match c {
            Command::Withdraw { path, facing: f, fire, .. } => (path.len(), Some(*f) == facing, *fire),
            _ => (0, false, false),
        })
        .cloned()
}

/// The kind of question a standing-order answer settled, for the log's label.
pub fn kind_label(command: &Command) -> &'static str {
    match command {
        Command::ReactFacing { .. } => "reaction facing",
        Command::Withdraw { .. } | Command::WithdrawLine { .. } | Command::PreArrangedWithdrawal { .. } => "withdrawal",
        Command::WithdrawLeader { .. } => "leader's withdrawal",
        Command::Fire { .. } => "reaction fire",
        Command::DeclineTrump => "no trump",
        Command::RoutPath { .. } | Command::RoutTo { .. } | Command::BreakOff { .. } => "rout by preference",
        Command::EndReaction => "no more reactions",
        _ => "answer",
    }
}

/// Which side's orders answer now, if any: the side deciding.
pub fn orders_for<'a>(game: &Game, sides: &'a [StandingOrders; 2]) -> Option<&'a StandingOrders> {
    game.decider().and_then(|d| sides.get(d))
}

/// Every standing-order answer in a row from the current decision, up to `limit`: what the
/// app plays before it asks a player (both sides' orders, since a rout or a rampage may turn
/// the question over to the other side).
pub fn answers_in_a_row(game: &mut Game, sides: &[StandingOrders; 2], limit: usize) -> Vec<Command> {
    let mut out = Vec::new();
    while out.len() < limit {
        let Some(c) = orders_for(game, sides).and_then(|o| answer(game, o)) else { break };
        if game.execute(&c).is_err() {
            break;
        }
        out.push(c);
    }
    out
}

/// A leader who will do nothing more this activation, in one gesture: the next of the engine's
/// legal commands that take him there — end his orders (5.21), no optional attack (9.11),
/// no momentum (5.31, which finishes him, 5.15) — or `None` once he is done, or when something
/// else must be decided first (an attack he must make, the enemy's reaction).
pub fn pass_step(game: &Game, leader: &str) -> Option<Command> {
    let next = match &game.state.phase {
        Phase::Orders { leader: l, .. } if l == leader => Command::EndOrders,
        Phase::Shock { leader: l, must, .. } if l == leader && must.is_empty() => {
            Command::Shock { attackers: Vec::new() }
        }
        Phase::Momentum { leader: l } if l == leader => Command::DeclineMomentum,
        _ => return None,
    };
    crate::play::legal::decision_commands(game).contains(&next).then_some(next)
}
