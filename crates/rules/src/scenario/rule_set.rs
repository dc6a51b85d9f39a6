//! Where the two rule sets part ways in the game flow, answered as data in one place (CG digest
//! §6, D1–D80). The game flow asks `hooks(rules)` rather than testing the rule set itself; the
//! pure combat resolvers (`combat`, `charts`) keep their own per-table switches.

use crate::scenario::units::{Grade, Missile, Unit, UnitClass, UnitType};
use crate::scenario::RuleSet;

/// Who goes first when leaders of equal initiative are left on both sides (5.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieRule {
    /// GBA 5.12: the non-Macedonian side first; a die roll only if both or neither are Macedonian.
    NonMacedonianFirst,
    /// CG 5.12 (D16, W7): always a die roll, the high roller's leader first, then alternate.
    DieRoll,
}

/// Who may move and then fire under one order, and at whom (8.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFireRule {
    /// GBA 8.11: only at a target the move brought it closer to; archer LI and artillery move
    /// or fire.
    TowardTheTarget,
    /// CG 8.11 (D44): at any target during the move; only long bows (A*) move or fire — they
    /// may still turn in place and fire.
    AnyTimeButLongBows,
}

/// Column (GBA 6.6, CG 6.5, D31).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnRule {
    /// GBA 6.6: formed infantry only (PH, HI, MI, LI, LP); CG 6.5: any combat unit but
    /// skirmishers and artillery.
    pub any_combat_unit: bool,
    /// The MP the change into or out of column costs: 1 in GBA 6.61, free in CG.
    pub change_mp: u8,
    /// CG 6.5: only foot get the +1 MA; GBA: every column (all foot anyway).
    pub extra_ma_for_foot_only: bool,
    /// CG 6.51 exc.: Tribal LI may not use column (GBA has no Tribal units).
    pub tribal_li_barred: bool,
    /// The rule that says who may use column: GBA 6.6, CG 6.51.
    pub rule: &'static str,
}

impl ColumnRule {
    /// May `unit` ever be In Column? GBA 6.6: formed infantry, PH down to LI (and LP), never
    /// skirmishers. CG 6.5 (D31): any combat unit but skirmishers, artillery and (CG 6.51 exc.)
    /// Tribal LI. Play (`movement::column`) and the battle files' positions ask the same.
    pub fn allows(&self, unit: &Unit) -> bool {
        if unit.kind.is_foot_skirmisher()
            || (self.tribal_li_barred && unit.kind == UnitType::LI && unit.grade == Some(Grade::Tribal))
        {
            return false;
        }
        if self.any_combat_unit {
            unit.kind != UnitType::AT
        } else {
            matches!(unit.kind, UnitType::PH | UnitType::HI | UnitType::MI | UnitType::LI | UnitType::LP)
        }
    }
}

/// What turning in place costs beyond the GBA facing chart (7.12, 7.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FacingRule {
    /// MP a vertex for a light chariot (CH): GBA 7.12 charges every chariot 2; CG 7.12 exc. 2
    /// names only heavy chariots (CH*), so a light chariot pays the ordinary 1.
    pub light_chariot_mp: u8,
    /// Who takes no hit for turning in a Rough hex (7.14).
    pub rough_turn_spares: RoughTurnSpares,
    /// Turning in an enemy ZOC (7.25) also needs no enemy combat unit in the unit's own ZOC:
    /// GBA 7.25 lists it among the conditions; CG 7.25 drops it (one pinning enemy and staying
    /// in the hex are all it asks).
    pub zoc_turn_needs_own_zoc_clear: bool,
}

/// Who is spared the Rough-hex hit for changing facing (7.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoughTurnSpares {
    /// GBA 7.14: elephants.
    Elephants,
    /// CG 7.14 exception: Tribal LI and skirmishers (SK, SK*); elephants take it.
    TribalLightInfantryAndSkirmishers,
}

/// The ground rules of an orderly withdrawal: no enemy ZOC, no rough hex or hexside (GBA 6.75,
/// CG 6.66).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WithdrawalGround {
    /// GBA 6.75: of the rough hexes, rocky ones are open to a withdrawal; CG 6.66 makes no such
    /// exception, and CG 6.24 counts every non-clear hex as rough.
    pub rocky_open: bool,
    /// The rule cited when a withdrawal is refused its ground.
    pub rule: &'static str,
}

/// Whom a unit may harass (GBA 8.31, CG 9.3, D51).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HarassTargets {
    /// GBA 8.31: foot the same or a lower MA; light cavalry a lower one, never skirmishers, but
    /// cataphracts whatever their MA.
    ByType,
    /// CG 9.31: always a lower MA (a phalanx's the higher of its two), nobody harasses
    /// skirmishers, and light cavalry harass cataphracts whatever their MA.
    LowerMaNoSkirmishers,
}

/// How a rally goes (GBA 10.27, CG 11.31–11.34).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RallyRule {
    /// GBA 10.27: only in a hex that costs 1 MP to enter; CG has no such limit (D69).
    pub needs_open_ground: bool,
    /// CG 11.33: a unit stacked with the leader rallies without a roll (D69, W39).
    pub automatic_when_stacked: bool,
    /// GBA 10.27: a second roll on the Rally Table gives the hits; CG 11.34: half the printed
    /// TQ, no roll (D69).
    pub table_roll: bool,
    /// CG 11.33: taken off the roll when the rallying leader rides an elephant (6.16, D69).
    pub elephant_rider_drm: u8,
}

/// How a unit turning to face an enemy coming up is checked (7.16, 7.17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReactionFacingRule {
    /// GBA 7.16: the difference of the two MAs is added to the roll.
    pub ma_difference: bool,
    /// GBA 7.16 (R2): at least one hit, whatever the roll; CG: DR − TQ, none possible.
    pub minimum_hit: bool,
    /// CG 7.16: not if the unit began the orders phase's movement segment in an enemy ZOC.
    pub barred_if_started_in_zoc: bool,
    /// GBA 7.17: a two-hex unit may reverse its face in reaction; CG 7.16: never a double.
    pub two_hex_reverse: bool,
}

/// How an elephant's rampage goes (GBA 11.14, CG 10.14, D71).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RampageRule {
    /// GBA 11.14: a 7–9 on the first roll sends it directly away from the unit that caused the
    /// rampage (later 7–9 kill it); CG 10.14: every 7–9 kills it.
    pub first_high_roll_flees_cause: bool,
    /// CG 10.14(3): eliminated when a leg ends this many hexes or more from every other unit.
    pub isolated_at: Option<u32>,
    /// CG 10.14(4): eliminated after this many direction rolls.
    pub max_rolls: Option<u8>,
    /// The rule the log cites.
    pub rule: &'static str,
    /// Who may withdraw from a rampaging elephant (GBA 6.71, 6.77; CG 6.61, 6.67; D36).
    pub withdrawers: RampageWithdrawers,
    /// The rule such a withdrawal cites.
    pub withdrawal_rule: &'static str,
}

/// Who may step out of a rampaging elephant's way, at any time and whoever's phase it is (D36).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RampageWithdrawers {
    /// GBA 6.71, 6.77: any unit of either side.
    AnyUnit,
    /// CG 6.67: cavalry and chariots of either side; CG 6.61: units of the elephant's own side,
    /// "about to be trampled by a friendly elephant".
    MountedOrOwnSide,
}

/// An elephant's pass-through after its shock (GBA 11.13, CG 10.13, D70).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassThroughRule {
    /// The rule the log cites.
    pub rule: &'static str,
    /// GBA 11.13: an elephant routed while attacking the next row is eliminated; CG 10.13 says
    /// nothing, so it rampages like any elephant that routs (D70, G23).
    pub row_rout_eliminates: bool,
    /// CG 10.26: chariots pass through too (the rule cited). GBA 11.25's text is lost (G2);
    /// CG 10.26 stands in for it (rulings P291).
    pub chariots: Option<&'static str>,
    /// CG 10.27: Greek units attacked frontally by chariots may part their ranks (the rule);
    /// in GBA too, standing in for the lost GBA 11.25 (P291).
    pub avoidance: Option<&'static str>,
    /// Who is "Greek" for the avoidance (CG 10.27, P291).
    pub parting_units: PartingUnits,
}

/// The units that may part their ranks for chariots (CG 10.27; rulings P291).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartingUnits {
    /// CG 10.27: Greek units, i.e. of no Indian grade (CG 2.22); never artillery.
    NoIndianGrade,
    /// GBA (P291): GBA has no Indian grades, so the units of a Macedonian side (`macedonian =
    /// true`); never artillery.
    MacedonianSide,
}

/// The chain of command (GBA 4.4–4.6, CG 4.4–4.6; D5, D12, D13, D17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandRule {
    /// CG 4.54: wing commanders activate the Nayakas of their wing by Wing Commands (D12).
    pub wing_commands: bool,
    /// CG 4.41[3], 4.62: Sreni and Tribal units obey only their own chief (D13).
    pub chiefs_only_for_sreni_and_tribal: bool,
    /// GBA 5.15: declining a leader finishes him; CG 4.53: a Nayaka who passes stays ready for
    /// a Wing Command (D17).
    pub nayaka_pass_keeps_him: bool,
    /// CG 4.55: the MP of a Restricted overall commander, ceil(9 / 2).
    pub restricted_overall_mp: u8,
    /// CG 6.15: a tribal chief's MP (D6).
    pub tribal_chief_mp: u8,
    /// CG 4.1: a tribal chief pays infantry costs, not cavalry ones (D6).
    pub tribal_chief_on_foot: bool,
    /// GBA 4.34: a subordinate's line command in a momentum phase needs a new strategy roll;
    /// CG 4.42 names none (D11).
    pub momentum_line_needs_roll: bool,
}

/// What a line may hold and how it gathers (GBA 4.33, CG 4.33, 4.65, 4.66; D9, D10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRule {
    /// CG 4.33: an elephant line may instead be cavalry style, every elephant within the leader's
    /// full command range (`Formation::Spread`); GBA 4.33: by adjacency only.
    pub elephants_by_range: bool,
    /// CG 4.33 cavalry (3): Indian LN and Indian LC share one line; foreign LN stay apart.
    pub indian_light_horse_share: bool,
    /// CG 4.33: Combined EL/LI and CH/LI lines may be named on the chart.
    pub combined: bool,
    /// CG 4.65, 4.66: a guild chief with Line Command commands his guild's units in his range
    /// as a line, his initiative standing for a strategy rating.
    pub guild_lines: bool,
    /// CG 4.34 (D10): no combat unit between the leader and his line — one beside a hexside the
    /// sight line runs along is enough; GBA reads that loosely (P15).
    pub no_unit_between: bool,
}

/// The rule-set answers the game flow needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleHooks {
    /// GBA 4.63, 9.2: leaders fight personal combats; CG has none (D15).
    pub personal_combat: bool,
    /// 5.12 ties (D16).
    pub activation_tie: TieRule,
    /// GBA 6.13: skirmishers take no hit for moving again; CG 6.13 names no such exemption (D22, G44).
    pub second_move_hit_exempts_skirmishers: bool,
    /// GBA 6.45: no wheeling check when only skirmishers hold the unit; CG: always a check (D30).
    pub wheel_check_ignores_skirmisher_zoc: bool,
    /// GBA 6.43: Macedonian phalanxes pivot without the hit; CG: every double unit pays it (D29).
    pub macedonian_pivot_free: bool,
    /// GBA 6.72[3]: skirmishers skip the end-of-withdrawal TQ check; CG 6.63[3]: every unit
    /// withdrawing makes it (D32, W13).
    pub withdrawal_check_exempts_skirmishers: bool,
    /// CG 6.62 exception 2: a chariot may withdraw 1 MP from an elephant though their MAs are
    /// equal (D33); GBA's chariot rules are lost (G2).
    pub chariot_withdraws_from_elephant: bool,
    /// Where a withdrawal may not go (GBA 6.75, CG 6.66).
    pub withdrawal_ground: WithdrawalGround,
    /// 7.16, 7.17 (D41).
    pub reaction_facing: ReactionFacingRule,
    /// 7.21: a skirmisher out of missiles has no ZOC in GBA; in CG it keeps its front one (D42).
    pub skirmisher_without_missiles_keeps_front_zoc: bool,
    /// GBA 7.23, 7.25: the ZOC of a unit that can never shock pins nobody; CG has no such
    /// exception (D42).
    pub zoc_of_non_shockers_pins: bool,
    /// CG 7.21: artillery has no ZOC (D42); GBA says nothing, so it keeps one (that pins nobody).
    pub artillery_has_zoc: bool,
    /// CG 10.62: phalanxes and Size-10 hoplites may form Square (the rule cited); in GBA too,
    /// CG 10.62 standing in for the lost GBA 11.63 (rulings P292). `None`: no Square.
    pub square: Option<&'static str>,
    /// CG 10.28: an Indian chariot in a camp (or Takshashila) may dismount; GBA has no such rule.
    pub dismount: bool,
    /// 8.11 (D44).
    pub move_and_fire: MoveFireRule,
    /// CG 8.15: between two levels, woods, units and the like block a line of sight only when
    /// nearer its lower end (exactly halfway blocks); GBA 8.14 has no such rule, so they block
    /// wherever they stand on it.
    pub sight_blocked_only_near_the_lower_end: bool,
    /// GBA 10.27, CG 11.3 (D69).
    pub rally: RallyRule,
    /// GBA 10.16: 1 hit off a unit within reach of enemy missiles; CG 11.13: none (D67, W40).
    pub recovery_hits_under_missiles: u8,
    /// GBA 6.8 pre-arranged withdrawal; CG has none (D23).
    pub pre_arranged_withdrawal: bool,
    /// GBA 6.78: a cavalry line withdrawing as a body needs a unit within two hexes of its
    /// leader and may be any cavalry he commands; CG 6.68: the line as 4.33 and the chart make it (D37).
    pub cavalry_line_withdrawal_by_chart: bool,
    /// GBA 6.6 / CG 6.5 (D31).
    pub column: ColumnRule,
    /// Facing costs (7.12, 7.14).
    pub facing: FacingRule,
    /// GBA 8.31 / CG 9.3 (D51).
    pub harass_targets: HarassTargets,
    /// CG 9.3: a harassment path crosses no river or other hexside feature but a stream (D51).
    pub harass_path_avoids_rivers: bool,
    /// GBA 8.32 exc.: a skirmisher's harassment path may cross a rocky hex, though it is rough;
    /// CG 9.33 bars every rough hex (and CG 6.24 counts every non-clear hex as rough).
    pub harass_rocky_open_to_skirmishers: bool,
    /// CG 11.25, 12.14, 12.213: routers cross no river, fortified hexside or city wall (D68).
    pub routers_barred_by_rivers_and_walls: bool,
    /// CG 12.1: camps — enclosures (12.11), no withdrawal across their fortified hexsides
    /// (12.14), zones of control stopped or turned into Fort ZOCs at them (12.15, 12.16). GBA
    /// has no camps (D27): a scenario may describe one only under the CG rules.
    pub camps: bool,
    /// CG 12.2: a city (Takshashila) — street, square, block, temple and palace hexes, its
    /// streets and gates. GBA has none: a scenario may describe one only under the CG rules.
    pub city: bool,
    /// CG 9.21: the entry fire an advancing unit meets never routs it (TQ − 1 hits at most);
    /// GBA 9.31 caps only the advance's own costs (P142).
    pub advance_fire_cannot_rout: bool,
    /// GBA 11.14 / CG 10.14 (D71).
    pub rampage: RampageRule,
    /// GBA 11.13 / CG 10.13 (D70).
    pub pass_through: PassThroughRule,
    /// CG 10.15: cavalry and chariots never shock an elephant through its front (D72).
    pub mounted_never_shock_elephant_front: bool,
    /// CG 10.11: an elephant's screen shoots only as entry reaction fire; GBA 11.11: as any
    /// reaction fire (D50).
    pub screen_entry_only: bool,
    /// CG 10.15: cavalry and chariots never enter an enemy elephant's ZOC under orders, and
    /// non-Indian cavalry pay 2 hits for each of its flank or rear hexes they enter (D72).
    pub mounted_shy_of_elephants: bool,
    /// GBA 4.4 / CG 4.4–4.6 (D12, D13, D17).
    pub command: CommandRule,
    /// GBA 4.33 / CG 4.33, 4.65, 4.66 (D9).
    pub lines: LineRule,
    /// CG's Indian systems (D76): Maula Rout (10.81), Cascade Rout (11.23), Guild Enmity
    /// (10.72), Sreni and Tribal Flight (11.4), Indian Charisma (9.17[3]).
    pub indian_rules: bool,
    /// CG 6.73–6.76, 10.74: two Tribal LI of one tribe may share a hex (GBA has no Tribal units).
    pub tribal_stacking: bool,
}

const ALEXANDER: RuleHooks = RuleHooks {
    personal_combat: true,
    activation_tie: TieRule::NonMacedonianFirst,
    second_move_hit_exempts_skirmishers: true,
    wheel_check_ignores_skirmisher_zoc: true,
    macedonian_pivot_free: true,
    withdrawal_check_exempts_skirmishers: true,
    chariot_withdraws_from_elephant: false,
    withdrawal_ground: WithdrawalGround { rocky_open: true, rule: "6.75" },
    reaction_facing: ReactionFacingRule {
        ma_difference: true,
        minimum_hit: true,
        barred_if_started_in_zoc: false,
        two_hex_reverse: true,
    },
    skirmisher_without_missiles_keeps_front_zoc: false,
    zoc_of_non_shockers_pins: false,
    artillery_has_zoc: true,
    // GBA 11.63 (text lost): CG 10.62 stands in (rulings P292).
    square: Some("CG 10.62"),
    dismount: false,
    move_and_fire: MoveFireRule::TowardTheTarget,
    sight_blocked_only_near_the_lower_end: false,
    rally: RallyRule {
        needs_open_ground: true,
        automatic_when_stacked: false,
        table_roll: true,
        elephant_rider_drm: 0,
    },
    recovery_hits_under_missiles: 1,
    pre_arranged_withdrawal: true,
    cavalry_line_withdrawal_by_chart: false,
    column: ColumnRule {
        any_combat_unit: false,
        change_mp: 1,
        extra_ma_for_foot_only: false,
        tribal_li_barred: false,
        rule: "6.6",
    },
    facing: FacingRule {
        light_chariot_mp: 2,
        rough_turn_spares: RoughTurnSpares::Elephants,
        zoc_turn_needs_own_zoc_clear: true,
    },
    harass_targets: HarassTargets::ByType,
    harass_path_avoids_rivers: false,
    harass_rocky_open_to_skirmishers: true,
    routers_barred_by_rivers_and_walls: false,
    camps: false,
    city: false,
    advance_fire_cannot_rout: false,
    rampage: RampageRule {
        first_high_roll_flees_cause: true,
        isolated_at: None,
        max_rolls: None,
        rule: "11.14",
        withdrawers: RampageWithdrawers::AnyUnit,
        withdrawal_rule: "6.77",
    },
    // GBA 11.25 (text lost): CG 10.26 and 10.27 stand in (rulings P291).
    pass_through: PassThroughRule {
        rule: "11.13",
        row_rout_eliminates: true,
        chariots: Some("CG 10.26"),
        avoidance: Some("CG 10.27"),
        parting_units: PartingUnits::MacedonianSide,
    },
    mounted_never_shock_elephant_front: false,
    screen_entry_only: false,
    mounted_shy_of_elephants: false,
    command: CommandRule {
        wing_commands: false,
        chiefs_only_for_sreni_and_tribal: false,
        nayaka_pass_keeps_him: false,
        restricted_overall_mp: 9,
        tribal_chief_mp: 9,
        tribal_chief_on_foot: false,
        momentum_line_needs_roll: true,
    },
    lines: LineRule {
        elephants_by_range: false,
        indian_light_horse_share: false,
        combined: false,
        guild_lines: false,
        no_unit_between: false,
    },
    indian_rules: false,
    tribal_stacking: false,
};

const CHANDRAGUPTA: RuleHooks = RuleHooks {
    personal_combat: false,
    activation_tie: TieRule::DieRoll,
    second_move_hit_exempts_skirmishers: false,
    wheel_check_ignores_skirmisher_zoc: false,
    macedonian_pivot_free: false,
    withdrawal_check_exempts_skirmishers: false,
    chariot_withdraws_from_elephant: true,
    withdrawal_ground: WithdrawalGround { rocky_open: false, rule: "CG 6.66" },
    reaction_facing: ReactionFacingRule {
        ma_difference: false,
        minimum_hit: false,
        barred_if_started_in_zoc: true,
        two_hex_reverse: false,
    },
    skirmisher_without_missiles_keeps_front_zoc: true,
    zoc_of_non_shockers_pins: true,
    artillery_has_zoc: false,
    square: Some("10.62"),
    dismount: true,
    move_and_fire: MoveFireRule::AnyTimeButLongBows,
    sight_blocked_only_near_the_lower_end: true,
    rally: RallyRule {
        needs_open_ground: false,
        automatic_when_stacked: true,
        table_roll: false,
        elephant_rider_drm: 1,
    },
    recovery_hits_under_missiles: 0,
    pre_arranged_withdrawal: false,
    cavalry_line_withdrawal_by_chart: true,
    // CG 6.51 exc.: skirmishers, Tribal LI and routed units never use column.
    column: ColumnRule {
        any_combat_unit: true,
        change_mp: 0,
        extra_ma_for_foot_only: true,
        tribal_li_barred: true,
        rule: "6.51",
    },
    // CG 7.12 exc. 2: only heavy chariots pay 2 MP a vertex; CG 7.14 exc.: Tribal LI and
    // skirmishers take no hit for turning in Rough, elephants do; CG 7.25: an enemy in the
    // unit's own ZOC does not stop it turning in the ZOC it starts in.
    facing: FacingRule {
        light_chariot_mp: 1,
        rough_turn_spares: RoughTurnSpares::TribalLightInfantryAndSkirmishers,
        zoc_turn_needs_own_zoc_clear: false,
    },
    harass_targets: HarassTargets::LowerMaNoSkirmishers,
    harass_path_avoids_rivers: true,
    harass_rocky_open_to_skirmishers: false,
    routers_barred_by_rivers_and_walls: true,
    camps: true,
    city: true,
    advance_fire_cannot_rout: true,
    rampage: RampageRule {
        first_high_roll_flees_cause: false,
        isolated_at: Some(8),
        max_rolls: Some(4),
        rule: "10.14",
        withdrawers: RampageWithdrawers::MountedOrOwnSide,
        withdrawal_rule: "6.67",
    },
    pass_through: PassThroughRule {
        rule: "10.13",
        row_rout_eliminates: false,
        chariots: Some("10.26"),
        avoidance: Some("10.27"),
        parting_units: PartingUnits::NoIndianGrade,
    },
    mounted_never_shock_elephant_front: true,
    screen_entry_only: true,
    mounted_shy_of_elephants: true,
    command: CommandRule {
        wing_commands: true,
        chiefs_only_for_sreni_and_tribal: true,
        nayaka_pass_keeps_him: true,
        restricted_overall_mp: 5,
        tribal_chief_mp: 6,
        tribal_chief_on_foot: true,
        momentum_line_needs_roll: false,
    },
    lines: LineRule {
        elephants_by_range: true,
        indian_light_horse_share: true,
        combined: true,
        guild_lines: true,
        no_unit_between: true,
    },
    indian_rules: true,
    tribal_stacking: true,
};

impl RuleHooks {
    /// CG 8.11: a long bow that only turned in place may fire (D44).
    pub fn turn_and_fire(&self, missile: Option<Missile>) -> bool {
        self.move_and_fire == MoveFireRule::AnyTimeButLongBows && missile == Some(Missile::LongBow)
    }

    /// GBA 8.11: moving and firing, only at a target the move brought it closer to.
    pub fn fire_needs_approach(&self) -> bool {
        self.move_and_fire == MoveFireRule::TowardTheTarget
    }

    /// Must this unit choose between moving and firing under one order (8.11, D44)? Artillery
    /// keeps the GBA restriction in both sets until CG artillery (10.5) is built.
    pub fn move_or_fire(&self, kind: UnitType, class: Option<UnitClass>, missile: Option<Missile>) -> bool {
        match self.move_and_fire {
            MoveFireRule::TowardTheTarget => {
                (kind == UnitType::LI && class == Some(UnitClass::A)) || kind == UnitType::AT
            }
            MoveFireRule::AnyTimeButLongBows => missile == Some(Missile::LongBow) || kind == UnitType::AT,
        }
    }

    /// Does a Moved unit of this type take the hit for moving again (6.13, D22)?
    pub fn second_move_hit(&self, kind: UnitType) -> bool {
        !(self.second_move_hit_exempts_skirmishers && kind.is_foot_skirmisher())
    }
}

/// The game-flow differences of `rules`.
pub fn hooks(rules: RuleSet) -> &'static RuleHooks {
    match rules {
        RuleSet::Alexander => &ALEXANDER,
        RuleSet::Chandragupta => &CHANDRAGUPTA,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_sets_differ_where_the_cg_digest_says() {
        let (gba, cg) = (hooks(RuleSet::Alexander), hooks(RuleSet::Chandragupta));
        assert!(gba.personal_combat && !cg.personal_combat);
        assert_eq!(cg.activation_tie, TieRule::DieRoll);
        assert!(!cg.second_move_hit_exempts_skirmishers);
        assert!(!cg.reaction_facing.minimum_hit && gba.reaction_facing.minimum_hit);
        assert!(gba.withdrawal_ground.rocky_open && !cg.withdrawal_ground.rocky_open);
        assert!(gba.harass_rocky_open_to_skirmishers && !cg.harass_rocky_open_to_skirmishers);
    }
}
