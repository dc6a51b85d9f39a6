//! The game state: plain, serialisable data. Only `GameState::apply` changes it.

use super::dice::Dice;
use super::pending::{
    Advance, AfterRout, AfterShock, CampOrders, Harassment, LeaderMove, LineEntry, LineFire, PendingRout, Rampage,
    ReactionFire, Retire,
};
use crate::map::hex::{HexId, Vertex};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderStatus {
    /// Not yet activated this turn (GBA 5.11; CG 5.11).
    Inactive,
    /// Giving orders.
    Active,
    /// Done for the turn (GBA 5.15).
    Finished,
    Eliminated,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub placement: Placement,
    pub facing: Vertex,
    /// Cohesion hits (GBA 10.1, CG 11.11).
    pub hits: u8,
    /// Has moved this game turn: the counter's Moved side (GBA 6.13).
    pub moved: bool,
    pub eliminated: bool,
    /// Routed (GBA 10.2): TQ 1, no orders but rally, no ZOC; any hit eliminates it.
    #[serde(default)]
    pub routed: bool,
    /// Rallied this turn: no orders until the next (GBA 10.27).
    #[serde(default)]
    pub rallied: bool,
    /// Has turned in reaction this orders phase: once only (GBA 7.16).
    pub reacted: bool,
    /// Missile supply (GBA 8.17).
    #[serde(default)]
    pub supply: Supply,
    /// An elephant's screen arrows, supplied apart from its rider's javelins (GBA 11.11, CG 10.11).
    #[serde(default)]
    pub screen_supply: Supply,
    /// Has fired under orders this orders phase: once only (GBA 8.11).
    #[serde(default)]
    pub fired: bool,
    /// CG 10.52, 10.56: an engine's shots since its Fired marker was last cleared: 1 is Fired
    /// Once (a Yantra), its engine's limit Fire Done.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub artillery_shots: u8,
    /// A Chandragupta engine (CG 10.5), copied from the scenario: the hex it shares with a foot
    /// unit counts as the foot unit's (6.71(3)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub engine: bool,
    /// Where its move under orders this phase began, to tell whether it moved toward a target
    /// before firing (GBA 8.11).
    #[serde(default)]
    pub order_start: Option<Placement>,
    /// MP its move under this phase's order has spent so far, for a move that goes on after
    /// firing part-way (8.11).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub order_mp: u8,
    /// Hexes its moves under this phase's order have entered: a chariot that moved four or
    /// more charges (GBA 9.13 exemption 4; CG 10.23).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub order_hexes: u8,
    /// It fired under this phase's order and has not moved since: it may still move, or go on
    /// with its move, with what MP are left (8.11 "before, during or after").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may_move_on: bool,
    /// The enemy units it has fired at while withdrawing this orders phase: once each (6.76).
    #[serde(default)]
    pub withdrawal_volleys: Vec<String>,
    /// The enemy units it has fired at in entry reaction fire this orders phase: it may not
    /// fire back at them when they fire at it (8.23).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entry_volleys: Vec<String>,
    /// In Column (GBA 6.6): `facing` then names a hexside, see [`crate::map::facing::Heading`].
    #[serde(default)]
    pub column: bool,
    /// It was In Column when this orders phase began: only then may it move as a column (6.61).
    #[serde(default)]
    pub column_at_start: bool,
    /// Has made an orderly withdrawal of its own this orders phase: its cavalry line may no
    /// longer withdraw as a body (6.78).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrew_alone: bool,
    /// It stood in an enemy ZOC when this orders phase began: in CG it may not turn in reaction
    /// (CG 7.16, D41). Recorded only where the rule set asks for it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zoc_at_orders_start: bool,
    /// Engaged (GBA 10.3, optional): still locked with an enemy after a shock combat; it may
    /// not move, turn, fire or be fired at, and attacks again when its leader can (10.31).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub engaged: bool,
    /// An elephant on its rampage, from its first direction roll until it is eliminated: it has
    /// no ZOC (CG 10.14), so the units it comes near may step out of its way (6.77).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rampaging: bool,
    /// In Square (CG 10.62): every adjacent hex is a front hex; it moves 1 MP, one hex any way
    /// (P194), never shock attacks, and no friendly unit enters its hexes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub square: bool,
    /// An Indian chariot whose crew has dismounted (CG 10.28): its counter shows the foot side
    /// (`Unit::dismounted`) for the rest of the battle. `Game` reads its ratings from that side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dismounted: bool,
    /// In a city's block, temple or palace hex (CG 12.26): every adjacent hex is a front hex, as
    /// in Square. Kept by `GameState::apply` from where the unit stands.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_round: bool,
}

impl UnitState {
    /// Which way it faces: a vertex, in column a hexside (6.63), in Square all round (CG 10.62).
    pub fn heading(&self) -> crate::map::facing::Heading {
        // CG 12.26: in a block hex a unit faces all round, as a Square does (10.62).
        if self.square || self.all_round {
            return crate::map::facing::Heading::Square(self.facing);
        }
        crate::map::facing::Heading::of(self.facing, self.column)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    pub at: HexId,
    pub status: LeaderStatus,
    /// Withdrew off the map (GBA 9.24): out of the battle, but not killed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fled: bool,
    /// Orders phases in succession in this activation: 1 + momentum phases (GBA 5.14).
    pub succession: u8,
    /// Trumped, bypassed or re-activated: no momentum this turn (GBA 5.31, 5.34, 5.44).
    pub no_momentum: bool,
    /// Has been in an enemy ZOC this turn (GBA 5.31).
    pub was_in_enemy_zoc: bool,
    /// Movement points spent this orders phase (at most 9, GBA 6.15).
    pub mp_used: u8,
    /// Gave a line command in this activation's first orders phase (4.34, momentum).
    pub used_line_command: bool,
    /// Moved by the overall commander in this orders phase: once only (4.4).
    pub moved_by_overall: bool,
    /// Brought out of an enemy ZOC before his activation: he goes next, without momentum (5.25).
    pub must_activate: bool,
    /// Units he has tried to rally this turn: once each (GBA 10.27).
    #[serde(default)]
    pub rallies_tried: Vec<String>,
    /// Rating points lost to wounds, every rating (GBA 9.22); a second wound kills.
    #[serde(default)]
    pub wounds: u8,
    /// Orders phases he had this turn under the elite commander's initiative: they count toward
    /// the three in succession (GBA 5.52).
    #[serde(default)]
    pub elite_phases: u8,
    /// He is giving the elite initiative orders phase now (GBA 5.51).
    #[serde(default)]
    pub in_elite_phase: bool,
    /// A Nayaka who passed his activation: not Finished, still open to a Wing Command, no
    /// longer offered for activation (CG 4.53, D17).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passed: bool,
    /// An overall commander used to activate several Nayakas without a roll: Restricted until
    /// the turn ends (CG 4.55, G10).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub restricted: bool,
}

/// A Wing Command under way (CG 4.54): the wing commander whose orders phase it is, and the
/// Nayakas still to give their line commands after the one giving his now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WingOrders {
    pub commander: String,
    pub waiting: Vec<String>,
    /// A contingent commander's line command (GBA 5.65) rather than a Wing Command: the orders
    /// the commander has left when it is over, and his orders phase goes on (5.64).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<u8>,
}

/// A pre-arranged withdrawal marker under a leader (GBA 6.82): `units`, the line it covers;
/// empty for the "No PW" side. Kept from the other side until `revealed` (6.83, P58).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PwOrder {
    pub leader: String,
    pub units: Vec<String>,
    #[serde(default)]
    pub revealed: bool,
    /// He has been activated holding it: a line with a PW order may not move then (6.83).
    #[serde(default)]
    pub activated: bool,
}

crate::tagged_enum! { tag = "phase";
/// The decision the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Phase {
    /// Before the first turn begins.
    Setup,
    /// `side` activates one of `leaders` or passes (GBA 5.1).
    Activation {
        side: usize,
        leaders: Vec<String>,
    },
    /// The active leader gives orders (GBA 5.2). `must_act`: he trumped, and may not end his
    /// orders before a unit has moved to another hex (5.46, R11; CG 5.46).
    /// `line`: the units of the line command given this phase, if any (4.31); `line_refused`:
    /// his strategy roll failed, individual orders only (4.34).
    Orders {
        leader: String,
        orders_left: u8,
        ordered: Vec<String>,
        momentum: bool,
        must_act: bool,
        line: Option<Vec<String>>,
        line_refused: bool,
        /// A Wing Command: `leader` is then the Nayaka giving his line command (CG 4.54).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wing: Option<WingOrders>,
        /// The Nayakas a Wing Command activated this phase: their command ranges lend shock
        /// with the wing commander's in its shock segment (7.32[2], CG 4.54, P83).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lenders: Vec<String>,
        /// 8.21: entry fire at the units of the moving line, owed once the line has moved.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        line_entries: Vec<LineEntry>,
        /// 8.21: the line's move is over (`line-done`, or its entry fire offered).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        line_moved: bool,
    },
    /// At the start of the game turn `side` declares its pre-arranged withdrawals: a marker under
    /// each of `leaders`, PW for one of his eligible lines or "No PW" (GBA 6.82).
    PreArranged {
        side: usize,
        leaders: Vec<String>,
    },
    /// An enemy unit (`mover`) has come up: `side` may turn `reactors` one vertex to face it
    /// (GBA 7.16), withdraw `withdrawers` (6.7) and `leaders` (4.62) away from it; `exposed`
    /// leaders, alone beside it, are captured unless they withdraw (4.62); the lines of the
    /// `pre_arranged` leaders may withdraw under their PW orders (6.83). Then the move goes on
    /// with `remaining`, having spent `spent` MP; the suspended orders phase is `resume`.
    Reaction {
        side: usize,
        mover: String,
        reactors: Vec<String>,
        #[serde(default)]
        withdrawers: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pre_arranged: Vec<String>,
        /// After a shock segment: the units still to be reacted to as they advanced, and the
        /// leader whose orders phase then goes on (9.35).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after_shock: Option<Box<AfterShock>>,
        #[serde(default)]
        leaders: Vec<String>,
        #[serde(default)]
        exposed: Vec<String>,
        /// Units that may fire at the mover in reaction (8.2), and why.
        #[serde(default)]
        firers: Vec<String>,
        #[serde(default)]
        fire_kind: ReactionFire,
        /// A harassment waiting on the other side's fire (8.33).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        harass: Option<Harassment>,
        remaining: Vec<HexId>,
        /// A two-hex mover: the pose it is going to (`remaining` is then empty).
        #[serde(default)]
        to: Option<Placement>,
        /// A two-hex mover that had not moved this turn before this order (6.46).
        #[serde(default)]
        fresh: bool,
        facing: Vertex,
        spent: u8,
        /// The move ends In Column (6.61): `facing` is then a hexside.
        #[serde(default)]
        column: bool,
        /// The mover is an enemy leader moving on his own (GBA 9.24, P128): `mover` is then his
        /// id, not a unit's, and this is what is left of his move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader_move: Option<Box<LeaderMove>>,
        /// 8.21: the entry fire owed to a line after its move; `mover` is then its first target.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line_fire: Option<LineFire>,
        /// A contingent commander going along with the mover (GBA 5.68): he goes on with it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rider: Option<String>,
        resume: Box<Phase>,
    },
    /// The shock segment of `leader`'s orders phase (GBA 9.0): `must` attack (7.31); the
    /// player chooses which of `optional` attack too (7.32, 7.33); `ordered`: the units he
    /// ordered this phase.
    Shock {
        leader: String,
        ordered: Vec<String>,
        must: Vec<String>,
        optional: Vec<String>,
        /// Other leaders whose command ranges lend shock too: a Wing Command's Nayakas (P83).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lenders: Vec<String>,
    },
    /// After a shock segment, the attacker decides for `unit`, a one-hex unit that advanced,
    /// whether it turns a vertex (GBA 9.32); then for each of `waiting` in turn. `advances`: every
    /// advance of the segment, for the defender's reactions that follow (9.35, P78).
    AdvanceTurn {
        leader: String,
        unit: String,
        waiting: Vec<String>,
        advances: Vec<Advance>,
    },
    /// The optional elite commander initiative (GBA 5.5): `side` may open the turn with one orders
    /// phase for one of `leaders`, or decline.
    EliteInitiative {
        side: usize,
        leaders: Vec<String>,
    },
    /// `side` may trump `trumper` — who trumped, or just gained momentum — with a leader of equal
    /// or higher initiative, or let it stand (GBA 5.42).
    TrumpResponse {
        side: usize,
        trumper: String,
        momentum: bool,
    },
    /// The leader who just finished an orders phase may try for momentum (GBA 5.3).
    Momentum {
        leader: String,
    },
    /// After the die roll of doom, `side` may re-activate any one leader (GBA 5.33[1]).
    Reactivation {
        side: usize,
    },
    /// A router's owner chooses between hexes the rout rules rank equal (GBA 10.21, P120):
    /// `pending` names the unit and the options; `then` is what was still to happen, and
    /// `resume` the decision that was open when the rout began.
    RoutChoice {
        side: usize,
        pending: PendingRout,
        then: AfterRout,
        resume: Box<Phase>,
    },
    /// A rampaging elephant has come within two hexes of units that may step out of its way
    /// (GBA 6.71, 6.77; CG 6.61, 6.67; P75): `side` may withdraw `withdrawers` from it; the
    /// other side's `waiting` are asked next. Then `rampage` goes on, and after it `then`;
    /// `resume` is the decision that was open when it began. `leaders` of `side` it came within
    /// two hexes of may withdraw too, then the other side's `waiting_leaders` (4.62, P190).
    RampageWithdrawal {
        side: usize,
        withdrawers: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        waiting: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        waiting_leaders: Vec<String>,
        rampage: Rampage,
        then: AfterRout,
        resume: Box<Phase>,
    },
    Over {
        winner: Option<usize>,
    },
}
}

/// The sealed dice of a game played apart (rulings P300–P302): each side's commitment and the
/// latest value it revealed, as 64 hex digits. Checking a value against its chain is done
/// outside the engine (`sarissa_share::verify_seals`); the engine keeps the order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedDice {
    pub commitments: [Option<String>; 2],
    pub revealed: [Option<String>; 2],
    /// How many values have been revealed, both sides together.
    pub reveals: u32,
    /// Who revealed last: the sides take turns (P302).
    pub last_revealer: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub scenario_id: String,
    pub turn: u16,
    pub phase: Phase,
    /// Index-aligned with the scenario's units.
    pub units: Vec<UnitState>,
    /// Index-aligned with the scenario's leaders.
    pub leaders: Vec<LeaderState>,
    pub dice: Dice,
    /// While equal-initiative leaders of both sides alternate: (initiative, side next) (GBA 5.12).
    pub tie: Option<(u8, usize)>,
    /// Which sides have tried a trump in the current activation: one each (GBA 5.43).
    pub trumps_tried: [bool; 2],
    /// The pre-arranged withdrawal markers of this game turn (GBA 6.82).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pre_arranged: Vec<PwOrder>,
    /// The Camp Orders Phase under way, if any (CG 12.17): whose, and which units may act.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camp_orders: Option<CampOrders>,
    /// Overall commanders who declared a retire to camp, and how far it has gone (CG 12.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retire: Vec<Retire>,
    /// For testing only (`sarissa run --shock-result`): the cell the next shock combat uses
    /// instead of the one the table gives, "A(D)" (hits to the attacker, to the defender). Set by
    /// [`crate::Event::ShockResultToBeForced`], used and cleared by
    /// [`crate::Event::ShockResultForced`]; absent in every normal game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_shock: Option<(u8, u8)>,
    /// For testing only (`sarissa run --missile-result`): whether the next volley hits, whatever
    /// the Missile Range and Results Chart says. Set by [`crate::Event::MissileResultToBeForced`],
    /// used and cleared by [`crate::Event::MissileResultForced`]; absent in every normal game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_missile: Option<bool>,
    /// CG 12.31: the elephants trying to breach a camp's palisade or gate this turn, each where
    /// and as it stood when its attempt began (rulings P175). Emptied after the breach segment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breach_attempts: Vec<BreachAttempt>,
    /// CG 12.31: the camp palisade and gate hexsides breached so far, for the rest of the battle;
    /// each as its two hexes, the lower first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breaches: Vec<(HexId, HexId)>,
    /// Sealed dice, once a side has sealed (P300); absent in games without them, so their
    /// states (and hashes) are as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_dice: Option<SealedDice>,
    /// CG 12.32: the camp towers Damaged so far (one success; a second destroys them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damaged_towers: Vec<HexId>,
    /// CG 12.32: the camp towers Destroyed, for the rest of the battle: each is camp ground and
    /// its palisade and gate hexsides are breached (rulings P188).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destroyed_towers: Vec<HexId>,
    /// CG 12.32, 12.35: the city gates Damaged so far, each as its two hexes, the lower first;
    /// a second success breaches them (they then join `breaches`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damaged_gates: Vec<(HexId, HexId)>,
    /// CG 12.213: who controls each city gate, by the gate's inside hex: the side of the unit
    /// there, or of the last unit there; the city's side at set-up (`city::gate_controller`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gate_holders: Vec<(HexId, usize)>,
    /// CG 6.74: the Tribal units placed underneath another of their tribe, by id (the stack's
    /// order is `special::tribal::is_bottom`). A stale entry of a unit now alone means nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tribal_bottoms: Vec<String>,
    /// House rule B9 (command collapse, optional): the leaders whose commands have broken, each
    /// with the units of his command; absent in games without it, so their hashes are as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken_commands: Vec<BrokenCommand>,
    /// House rule B1 (leader temperament, optional): each leader's temperament as rolled at
    /// set-up; absent in games without it (a leader not listed is steady).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub temperaments: Vec<(String, Temperament)>,
    /// House rule B2 (barbarian activation, optional): this turn's order of the barbarian
    /// sides' leaders, in die order, each with the initiative of the activation slot he fills.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barbarian_slots: Vec<(String, u8)>,
}

/// A leader's command that has broken under house rule B9: `units`, the command, check their TQ
/// at +1 for the rest of the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrokenCommand {
    pub leader: String,
    pub units: Vec<String>,
}

/// An elephant trying to breach a camp's works this turn (CG 12.31; rulings P175): it must stay
/// as it stood, `placement` and `facing`, until the breach segment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreachAttempt {
    pub unit: String,
    pub placement: Placement,
    pub facing: Vertex,
}

impl GameState {
    /// The gate holders after a change of position (CG 12.213): a unit in the inside hex of a gate
    /// gives it to its side; an empty hex leaves it with the last side there.
    pub fn gate_holders_now(&self, scenario: &Scenario) -> Vec<(HexId, usize)> {
        let mut out = crate::map::city::initial_gate_holders(&scenario.map);
        for (inside, holder) in out.iter_mut() {
            if let Some(&(_, held)) = self.gate_holders.iter().find(|(h, _)| h == inside) {
                *holder = held;
            }
            let here = self
                .units
                .iter()
                .enumerate()
                .find(|(_, st)| !st.eliminated && st.placement.hexes().any(|h| h == *inside));
            if let Some((i, _)) = here {
                *holder = scenario.units[i].side;
            }
        }
        out
    }

    /// Does unit `i` face all round where it stands (CG 12.26): in a block, temple or palace hex?
    pub fn in_city_buildings(&self, scenario: &Scenario, i: usize) -> bool {
        let st = &self.units[i];
        !st.eliminated && st.placement.hexes().any(|h| crate::map::city::in_block(&scenario.map, h))
    }

    /// The position at set-up, before the first turn.
    pub fn setup(scenario: &Scenario, dice: Dice) -> Self {
        let mut state = Self {
            scenario_id: scenario.meta.id.clone(),
            turn: 0,
            phase: Phase::Setup,
            units: scenario
                .units
                .iter()
                .map(|u| UnitState {
                    placement: u.placement,
                    facing: u.facing,
                    hits: 0,
                    moved: false,
                    eliminated: false,
                    routed: false,
                    rallied: false,
                    reacted: false,
                    supply: Default::default(),
                    screen_supply: Default::default(),
                    fired: false,
                    artillery_shots: 0,
                    engine: u.engine.is_some(),
                    order_start: None,
                    order_mp: 0,
                    order_hexes: 0,
                    may_move_on: false,
                    withdrawal_volleys: Vec::new(),
                    entry_volleys: Vec::new(),
                    column: false,
                    column_at_start: false,
                    withdrew_alone: false,
                    zoc_at_orders_start: false,
                    engaged: false,
                    rampaging: false,
                    square: false,
                    dismounted: false,
                    all_round: u.placement.hexes().any(|h| crate::map::city::in_block(&scenario.map, h)),
                })
                .collect(),
            leaders: scenario
                .leaders
                .iter()
                .map(|l| LeaderState {
                    at: l.at,
                    status: LeaderStatus::Inactive,
                    fled: false,
                    succession: 0,
                    no_momentum: false,
                    was_in_enemy_zoc: false,
                    mp_used: 0,
                    used_line_command: false,
                    moved_by_overall: false,
                    must_activate: false,
                    rallies_tried: Vec::new(),
                    wounds: 0,
                    elite_phases: 0,
                    in_elite_phase: false,
                    passed: false,
                    restricted: false,
                })
                .collect(),
            dice,
            tie: None,
            trumps_tried: [false, false],
            pre_arranged: Vec::new(),
            camp_orders: None,
            retire: Vec::new(),
            forced_shock: None,
            forced_missile: None,
            breach_attempts: Vec::new(),
            breaches: Vec::new(),
            sealed_dice: None,
            damaged_towers: Vec::new(),
            destroyed_towers: Vec::new(),
            broken_commands: Vec::new(),
            temperaments: Vec::new(),
            barbarian_slots: Vec::new(),
            damaged_gates: Vec::new(),
            gate_holders: crate::map::city::initial_gate_holders(&scenario.map),
            tribal_bottoms: Vec::new(),
        };
        state.apply_position(scenario);
        // CG 12.213: a unit set up inside a gate holds it from the start.
        state.gate_holders = state.gate_holders_now(scenario);
        state
    }

    /// A battle set up mid-play (`Scenario::position`, checked by the loader): each unit's and
    /// leader's markers. The turn and phase are the game's to begin (`Game::new`).
    fn apply_position(&mut self, scenario: &Scenario) {
        let Some(position) = &scenario.position else { return };
        for (i, unit) in scenario.units.iter().enumerate() {
            let (Some(start), Some(st)) = (position.units.get(&unit.id), self.units.get_mut(i)) else { continue };
            st.hits = start.hits;
            st.routed = start.routed;
            st.rallied = start.rallied;
            st.moved = start.moved;
            // GBA 6.6: a column's stored facing is already the vertex of its hexside's index.
            st.column = start.column;
            st.column_at_start = start.column;
            st.square = start.square;
            st.supply = start.missiles;
            st.screen_supply = start.screen_missiles;
            // GBA 10.3: Engaged only while the optional rule is on (an `--option` may turn it off).
            st.engaged = start.engaged && scenario.meta.optional_rules.engaged;
            // CG 10.28: `Game::resume` then reads the counter's foot side.
            st.dismounted = start.on_foot;
            st.eliminated = start.eliminated;
        }
        for (l, leader) in scenario.leaders.iter().enumerate() {
            let (Some(start), Some(st)) = (position.leaders.get(&leader.id), self.leaders.get_mut(l)) else { continue };
            st.wounds = start.wounds;
            if start.killed || start.captured {
                st.status = LeaderStatus::Eliminated;
            } else if start.finished {
                st.status = LeaderStatus::Finished;
            }
        }
    }

    /// The side whose decision it is, if any.
    pub fn decider(&self, scenario: &Scenario) -> Option<usize> {
        match &self.phase {
            Phase::Setup | Phase::Over { .. } => None,
            Phase::Activation { side, .. }
            | Phase::EliteInitiative { side, .. }
            | Phase::Reactivation { side }
            | Phase::TrumpResponse { side, .. }
            | Phase::PreArranged { side, .. }
            | Phase::RoutChoice { side, .. }
            | Phase::RampageWithdrawal { side, .. }
            | Phase::Reaction { side, .. } => Some(*side),
            // CG 12.17: the Camp Orders Phase and its shock segment have no leader.
            Phase::Orders { .. } | Phase::Shock { .. } | Phase::AdvanceTurn { .. } if self.camp_orders.is_some() => {
                self.camp_orders.as_ref().map(|c| c.side)
            }
            Phase::Orders { leader, .. }
            | Phase::Momentum { leader }
            | Phase::Shock { leader, .. }
            | Phase::AdvanceTurn { leader, .. } => scenario.leaders.iter().find(|l| &l.id == leader).map(|l| l.side),
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A unit's missile supply (GBA 8.17, CG 8.19): the marker a battle file may set (`scenario::position`).
pub use crate::scenario::position::Supply;

/// A leader's temperament under house rule B1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Temperament {
    Cautious,
    Steady,
    Aggressive,
}
