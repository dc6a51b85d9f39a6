//! Why a command was refused: a typed reason that names the rule.

use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum RuleError {
    /// The command does not belong to the current decision: `rule` is the rule that says when it
    /// may be given (GBA 7.16 for a reaction facing, 9.32 for a turn after an advance...), or GBA
    /// 3.0, the sequence of play, for a command given in another phase; `expected` says which
    /// decision is awaited.
    NotNow {
        command: String,
        rule: &'static str,
        expected: String,
    },
    UnknownUnit {
        unit: String,
    },
    UnknownLeader {
        leader: String,
    },
    /// Only the lowest-initiative leaders not yet activated may be activated (GBA 5.12, 5.13).
    NotEligibleForActivation {
        leader: String,
    },
    /// A leader gives at most his initiative in orders per orders phase (GBA 5.21).
    NoOrdersLeft {
        leader: String,
    },
    /// A unit moves at most once per orders phase (GBA 5.23, 6.12; CG 6.12).
    AlreadyOrdered {
        unit: String,
    },
    NotFriendly {
        unit: String,
    },
    /// Orders reach units within command range along an unobstructed path (GBA 4.21).
    OutOfCommandRange {
        unit: String,
        leader: String,
    },
    /// A leader other than the overall commander gives no orders in an enemy ZOC (GBA 4.24).
    LeaderInEnemyZoc {
        leader: String,
    },
    /// A two-hex unit is ordered to a pose, not along a path (GBA 6.4).
    TwoHexNeedsMoveTo {
        unit: String,
    },
    /// The unit is eliminated (or routed) and takes no orders.
    UnitNotAvailable {
        unit: String,
    },
    /// A path problem, with the rule that forbids it.
    IllegalMove {
        unit: String,
        rule: &'static str,
        reason: String,
    },
    /// Momentum is not open to this leader now (GBA 5.31, 5.14).
    NoMomentum {
        leader: String,
        reason: String,
    },
    /// A trump not open to this leader (GBA 5.41–5.43).
    Trump {
        leader: String,
        rule: &'static str,
        reason: String,
    },
    /// A line command not open now (GBA 4.3).
    LineCommand {
        leader: String,
        rule: &'static str,
        reason: String,
    },
    /// A line withdrawal not open now, or not of the whole line (GBA 6.78).
    LineWithdrawal {
        leader: String,
        rule: &'static str,
        reason: String,
    },
    /// A Wing Command not open now (CG 4.52–4.54).
    WingCommand {
        leader: String,
        rule: &'static str,
        reason: String,
    },
    /// A contingent commander not to be activated now, or an order he may not give (GBA 5.6).
    ContingentCommand {
        leader: String,
        rule: &'static str,
        reason: String,
    },
    /// This leader may not order this unit, whatever the range (CG 4.41[3], 4.53, 4.62).
    NotHisToOrder {
        leader: String,
        unit: String,
        rule: &'static str,
        reason: String,
    },
    /// A Restricted overall commander may only rally, recover, move himself and try momentum
    /// (CG 4.55).
    Restricted {
        leader: String,
    },
    /// A leader who trumped must move a unit to another hex before his orders end (GBA 5.46, R11).
    TrumperMustAct {
        leader: String,
    },
    /// Loaded dice ran out: a test or reproduction supplied too few rolls.
    DiceExhausted,
    /// The battle is over.
    GameOver,
    /// A seal or reveal of sealed dice out of order or malformed (rulings P300–P302).
    SealedDice {
        rule: &'static str,
        reason: String,
    },
}

impl RuleError {
    /// The rule number that refuses the command.
    pub fn rule(&self) -> &'static str {
        match self {
            Self::NotNow { rule, .. } => rule,
            Self::UnknownUnit { .. } | Self::UnknownLeader { .. } => "scenario",
            Self::NotEligibleForActivation { .. } => "5.12",
            Self::NoOrdersLeft { .. } => "5.21",
            Self::AlreadyOrdered { .. } => "5.23",
            Self::NotFriendly { .. } => "4.21",
            Self::OutOfCommandRange { .. } => "4.21",
            Self::LeaderInEnemyZoc { .. } => "4.24",
            Self::TwoHexNeedsMoveTo { .. } => "6.4",
            Self::UnitNotAvailable { .. } => "10.2",
            Self::IllegalMove { rule, .. } => rule,
            Self::NoMomentum { .. } => "5.31",
            Self::Trump { rule, .. } => rule,
            Self::TrumperMustAct { .. } => "5.46",
            Self::LineCommand { rule, .. } => rule,
            Self::LineWithdrawal { rule, .. } => rule,
            Self::WingCommand { rule, .. } | Self::NotHisToOrder { rule, .. } => rule,
            Self::ContingentCommand { rule, .. } => rule,
            Self::Restricted { .. } => "CG 4.55",
            Self::DiceExhausted => "2.3",
            Self::GameOver => "3.0",
            Self::SealedDice { rule, .. } => rule,
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule {}: ", self.rule())?;
        match self {
            Self::NotNow { command, expected, .. } => {
                write!(f, "{} is not possible now: {expected}", command.replace('_', " "))
            }
            Self::UnknownUnit { unit } => write!(f, "there is no unit `{unit}`"),
            Self::UnknownLeader { leader } => write!(f, "there is no leader `{leader}`"),
            Self::NotEligibleForActivation { leader } => {
                write!(f, "{leader} cannot be activated now: leaders go in order of initiative, lowest first")
            }
            Self::NoOrdersLeft { leader } => write!(f, "{leader} has given all the orders his initiative allows"),
            Self::AlreadyOrdered { unit } => write!(f, "{unit} has already had an order this orders phase"),
            Self::NotFriendly { unit } => write!(f, "{unit} belongs to the other side"),
            Self::OutOfCommandRange { unit, leader } => {
                write!(
                    f,
                    "{unit} is beyond {leader}'s command range (counted along a path clear of enemies and their ZOCs)"
                )
            }
            Self::LeaderInEnemyZoc { leader } => {
                write!(f, "{leader} is in an enemy zone of control and cannot give orders")
            }
            Self::TwoHexNeedsMoveTo { unit } => {
                write!(f, "{unit} is a two-hex unit: it is ordered to where both its halves end, not along a path")
            }
            Self::UnitNotAvailable { unit } => write!(f, "{unit} is not on the field"),
            Self::IllegalMove { unit, reason, .. } => write!(f, "{unit} cannot move so: {reason}"),
            Self::NoMomentum { leader, reason } => write!(f, "{leader} cannot try for momentum: {reason}"),
            Self::Trump { leader, reason, .. } => write!(f, "{leader} cannot trump now: {reason}"),
            Self::LineCommand { leader, reason, .. } => write!(f, "{leader} cannot give that line command: {reason}"),
            Self::LineWithdrawal { leader, reason, .. } => write!(f, "{leader}'s line cannot withdraw so: {reason}"),
            Self::WingCommand { leader, reason, .. } => write!(f, "{leader} cannot give that wing command: {reason}"),
            Self::ContingentCommand { leader, reason, .. } => {
                write!(f, "{leader} cannot do that with a contingent commander: {reason}")
            }
            Self::NotHisToOrder { leader, reason, .. } => write!(f, "{leader} cannot order it: {reason}"),
            Self::Restricted { leader } => write!(
                f,
                "{leader} is Restricted this turn: he may only rally, recover, move himself (5 MP) and try momentum"
            ),
            Self::TrumperMustAct { leader } => {
                write!(f, "{leader} took the initiative by trump and must move a unit before his orders end")
            }
            Self::DiceExhausted => write!(f, "the loaded dice have no more rolls"),
            Self::GameOver => write!(f, "the battle is over"),
            Self::SealedDice { reason, .. } => write!(f, "the sealed dice refuse it: {reason}"),
        }
    }
}

impl std::error::Error for RuleError {}
