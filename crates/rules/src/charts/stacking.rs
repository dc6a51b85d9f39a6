//! Stacking chart (GBA 6.95; CG 6.78, Voluntary and Mandatory) as data: what happens when a
//! combat unit moves through, or would stop in, a hex held by a friendly combat unit.
//!
//! The books name the chart but do not print it. The values are the proposal of
//! `shared/rules/charts-draft.md` §7; each cell says whether a rule fixes it
//! ([`Origin::Recovered`], citing the rule and the part it fixes) or the project chose it
//! ([`Origin::Designed`]). Reasons: `docs/charts/movement-and-stacking.md`.
//!
//! * One combat unit (or one half of a two-hex unit) per hex at the end of any move (GBA 6.91,
//!   CG 6.71); leaders and markers never count and stack freely (GBA 6.94, CG 6.77).
//! * No unit enters an enemy unit's hex (GBA 6.93, CG 6.72) except by elephant/chariot pass-through: that
//!   is not this chart.
//! * A Routed unit uses the Mandatory table whatever its type (GBA 6.92); every other move
//!   (orders, Orderly Withdrawal, advances) uses the Voluntary one.
//! * "Stop in" for a router is GBA 10.24 / CG 11.26: a router whose move would end in a friendly
//!   unit's hex goes one hex further; if that hex is occupied too, the router is eliminated and
//!   the unit there suffers the cell's effect.
//!
//! CG differences the caller applies: in CG only *Greek* skirmishers are the Skirmisher class
//! (Indian SK are Basic, CG 6.78), two same-tribe Tribal LI may share a hex (CG 6.73–6.76), one
//! artillery unit may share with one single-hex foot unit (CG 6.71), and guild units may not move
//! through another guild's unit (CG 10.72). These need the volume and grade, which this table
//! does not see.

use super::movement_costs::Origin;
use crate::map::hex::HexId;
use crate::map::terrain::Terrain;
use crate::scenario::units::{Grade, Unit, UnitType};
use crate::scenario::{Map, RuleSet};

/// A unit's class for stacking (GBA 6.92; CG 6.78), used for the moving and the stationary unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StackClass {
    /// Every unit that is not one of the others (GBA 6.92 "Basic").
    Basic,
    /// PH or HI, one-hex hypaspists included.
    PhOrHi,
    /// SK and SK*.
    Skirmisher,
    /// Any Routed unit, whatever its type.
    Routed,
    /// A unit In Column (GBA 6.6x).
    InColumn,
}

impl StackClass {
    /// Columns of the tables, in order.
    pub const ALL: [StackClass; 5] = [Self::Basic, Self::PhOrHi, Self::Skirmisher, Self::Routed, Self::InColumn];
}

/// The class of a unit (GBA 6.92): Routed first (whatever the type), then In Column, then type.
pub fn stack_class(kind: UnitType, routed: bool, in_column: bool) -> StackClass {
    use UnitType::*;
    if routed {
        return StackClass::Routed;
    }
    if in_column {
        return StackClass::InColumn;
    }
    match kind {
        PH | HI => StackClass::PhOrHi,
        SK | SkStar => StackClass::Skirmisher,
        MI | LI | LP | LC | LN | HC | EL | CH | ChStar | AT => StackClass::Basic,
    }
}

/// What the moving unit does in the occupied hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    MoveThrough,
    /// Voluntary: end the move there. Routed: the extra hex of GBA 10.24 / CG 11.26 is occupied.
    StopIn,
}

/// The effect of one cell. The mover pays the normal terrain cost of the hex on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not allowed.
    Prohibited,
    /// Allowed, with no extra cost and no effect on either unit.
    Free,
    /// Allowed for `mp` extra MP paid by the mover; then BOTH units check TQ and each takes
    /// `tq_check_both_hits_on_fail` hits if its roll is higher than its TQ.
    ExtraMp { mp: u8, tq_check_both_hits_on_fail: u8 },
    /// Allowed; the stationary (Routed) unit is eliminated.
    StationaryEliminated,
    /// Allowed; the stationary unit checks TQ: hits = roll + `drm` (+ `two_hex_router_drm` when
    /// the router is a two-hex unit) − TQ, none if that is 0 or less. With
    /// `against_tq_minus_two` it checks against TQ − 2: that is the column rule (GBA 6.65,
    /// rulings R3) restated, not an extra penalty; apply it once.
    StationaryTqCheck { drm: u8, two_hex_router_drm: u8, against_tq_minus_two: bool },
    /// Allowed; the stationary unit takes this many hits.
    StationaryHit(u8),
    /// The router is eliminated (GBA 10.24, CG 11.26) and the stationary unit suffers `then`
    /// (one of `StationaryEliminated`, `StationaryTqCheck`, `StationaryHit`).
    RouterEliminated { then: &'static Outcome },
}

impl Outcome {
    pub fn is_allowed(self) -> bool {
        self != Self::Prohibited
    }

    /// The stationary unit's hits from a TQ-check outcome (directly or after a router's
    /// elimination), for a roll `dr` (0–9) and the unit's TQ as rated, the column reduction being
    /// applied here when the cell says so. None for outcomes without such a check.
    pub fn stationary_check_hits(self, dr: u8, tq: u8, router_two_hex: bool) -> Option<u8> {
        match self {
            Self::StationaryTqCheck { drm, two_hex_router_drm, against_tq_minus_two } => {
                let extra = if router_two_hex { two_hex_router_drm } else { 0 };
                let target = if against_tq_minus_two { tq.saturating_sub(2) } else { tq };
                Some((dr + drm + extra).saturating_sub(target))
            }
            Self::RouterEliminated { then } => then.stationary_check_hits(dr, tq, router_two_hex),
            _ => None,
        }
    }
}

/// One cell: the outcome and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub outcome: Outcome,
    pub origin: Origin,
}

const fn e(outcome: Outcome, origin: Origin) -> Entry {
    Entry { outcome, origin }
}

const D: Origin = Origin::Designed;
const R_PH_HI: Origin = Origin::Recovered("GBA 6.92; CG 6.78: no voluntary stacking with or through PH/HI");
const R_SK_FREE: Origin = Origin::Recovered("GBA 6.92: skirmishers pass through unrouted friends at no cost to either");
const R_ROUTED_GONE: Origin = Origin::Recovered("GBA 6.92: a Routed unit moved through is eliminated");
const R_COLUMN_NOT_THROUGH: Origin = Origin::Recovered("GBA 6.67: no voluntary moving through a column");
const R_COLUMN_MOVER: Origin = Origin::Recovered("GBA 6.67: a column may not move through a friendly unit");
const R_NO_STOP: Origin = Origin::Recovered("GBA 6.91; CG 6.71: no voluntary move ends stacked");
const R_ROUT_BASIC: Origin =
    Origin::Recovered("GBA 10.21 Granicus example: the unit passed through checks TQ (DRMs designed)");
const R_ROUT_PH_HI: Origin = Origin::Recovered("GBA 6.92: routers may pass through PH/HI (check designed)");
const R_ROUT_COLUMN: Origin =
    Origin::Recovered("GBA 6.67: routers may pass through a column (check designed; TQ − 2 is GBA 6.65)");
const R_ROUT_STOP: Origin = Origin::Recovered("GBA 10.24; CG 11.26: the router is eliminated (penalty designed)");
const R_ROUT_STOP_ROUTED: Origin =
    Origin::Recovered("GBA 6.92, 10.24; CG 11.26: the router and the Routed unit are both eliminated");

const CHECK: Outcome = Outcome::StationaryTqCheck { drm: 0, two_hex_router_drm: 1, against_tq_minus_two: false };

/// Voluntary chart, moving through: rows by mover (Routed movers use [`MANDATORY`]), columns by
/// the stationary unit in [`StackClass::ALL`] order (Basic, PH/HI, SK, Routed, In Column).
pub const VOLUNTARY_THROUGH: [(StackClass, [Entry; 5]); 4] = [
    (
        StackClass::Basic,
        [
            // charts-draft §10 point 5: the rules leave Basic through Basic open.
            e(Outcome::ExtraMp { mp: 1, tq_check_both_hits_on_fail: 1 }, D),
            e(Outcome::Prohibited, R_PH_HI),
            e(Outcome::Free, D),
            e(Outcome::StationaryEliminated, R_ROUTED_GONE),
            e(Outcome::Prohibited, R_COLUMN_NOT_THROUGH),
        ],
    ),
    (StackClass::PhOrHi, [e(Outcome::Prohibited, R_PH_HI); 5]),
    (
        StackClass::Skirmisher,
        [
            e(Outcome::Free, R_SK_FREE),
            e(Outcome::Free, R_SK_FREE),
            e(Outcome::Free, R_SK_FREE),
            e(Outcome::StationaryEliminated, R_ROUTED_GONE),
            e(Outcome::Prohibited, R_COLUMN_NOT_THROUGH),
        ],
    ),
    (StackClass::InColumn, [e(Outcome::Prohibited, R_COLUMN_MOVER); 5]),
];

/// Voluntary chart, stopping in: never (GBA 6.91).
pub const VOLUNTARY_STOP: [Entry; 5] = [e(Outcome::Prohibited, R_NO_STOP); 5];

/// Mandatory chart (a Routed mover, whatever its type): rows by action, columns by the
/// stationary unit in [`StackClass::ALL`] order.
pub const MANDATORY: [(Action, [Entry; 5]); 2] = [
    (
        Action::MoveThrough,
        [
            e(CHECK, R_ROUT_BASIC),
            // Packed ranks: a further +1.
            e(Outcome::StationaryTqCheck { drm: 1, two_hex_router_drm: 1, against_tq_minus_two: false }, R_ROUT_PH_HI),
            e(Outcome::Free, D),
            e(Outcome::StationaryEliminated, R_ROUTED_GONE),
            e(Outcome::StationaryTqCheck { drm: 0, two_hex_router_drm: 1, against_tq_minus_two: true }, R_ROUT_COLUMN),
        ],
    ),
    (
        Action::StopIn,
        [
            e(
                Outcome::RouterEliminated {
                    then: &Outcome::StationaryTqCheck { drm: 2, two_hex_router_drm: 0, against_tq_minus_two: false },
                },
                R_ROUT_STOP,
            ),
            e(
                Outcome::RouterEliminated {
                    then: &Outcome::StationaryTqCheck { drm: 3, two_hex_router_drm: 0, against_tq_minus_two: false },
                },
                R_ROUT_STOP,
            ),
            e(Outcome::RouterEliminated { then: &Outcome::StationaryHit(1) }, R_ROUT_STOP),
            e(Outcome::RouterEliminated { then: &Outcome::StationaryEliminated }, R_ROUT_STOP_ROUTED),
            e(
                Outcome::RouterEliminated {
                    then: &Outcome::StationaryTqCheck { drm: 2, two_hex_router_drm: 0, against_tq_minus_two: true },
                },
                R_ROUT_STOP,
            ),
        ],
    ),
];

/// The cell for `mover` entering a hex held by a friendly `stationary` unit (GBA 6.95, CG 6.78).
pub fn entry(mover: StackClass, stationary: StackClass, action: Action) -> Entry {
    let column = stationary as usize;
    match (mover, action) {
        (StackClass::Routed, action) => MANDATORY[action as usize].1[column],
        (_, Action::StopIn) => VOLUNTARY_STOP[column],
        (mover, Action::MoveThrough) => {
            let row = VOLUNTARY_THROUGH.iter().find(|(m, _)| *m == mover);
            row.map_or(e(Outcome::Prohibited, D), |(_, cells)| cells[column])
        }
    }
}

/// The outcome of the cell.
pub fn outcome(mover: StackClass, stationary: StackClass, action: Action) -> Outcome {
    entry(mover, stationary, action).outcome
}

/// The origin of the cell.
pub fn origin(mover: StackClass, stationary: StackClass, action: Action) -> Origin {
    entry(mover, stationary, action).origin
}

/// CG 6.71(3): may an engine share a hex with `u` — one single-hex foot unit of its side, not
/// another engine?
pub fn engine_may_stack_with(engine: &crate::scenario::units::Unit, u: &crate::scenario::units::Unit) -> bool {
    use crate::scenario::units::UnitType::*;
    engine.engine.is_some()
        && u.engine.is_none()
        && u.side == engine.side
        && matches!(u.kind, HI | MI | LI | LP | SK | SkStar)
        && !u.placement.is_two_hex()
}

/// May `a` and `b` share a hex (CG 6.73, CG 10.74)? Both Tribal LI of the same tribe and side, under a
/// rule set that has Tribal stacking. The ground is [`tribal_ground_allows`].
pub fn tribal_may_stack(rules: RuleSet, a: &Unit, b: &Unit) -> bool {
    let tribal = |u: &Unit| u.kind == UnitType::LI && u.grade == Some(Grade::Tribal) && u.guild.is_some();
    crate::scenario::rule_set::hooks(rules).tribal_stacking
        && tribal(a)
        && tribal(b)
        && a.side == b.side
        && a.guild == b.guild
}

/// Is `hex` ground where Tribal units may stack: not a city or stronghold hex (CG 6.73 exc., CG 10.74)?
pub fn tribal_ground_allows(map: &Map, hex: HexId) -> bool {
    map.terrain(hex).is_some_and(|t| t != Terrain::Stronghold && !crate::map::city::is_city(t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Action::*;
    use StackClass::*;

    const MOVERS: [StackClass; 5] = StackClass::ALL;

    #[test]
    fn tables_follow_the_enum_order() {
        for (i, c) in StackClass::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i);
        }
        assert_eq!(MANDATORY[MoveThrough as usize].0, MoveThrough);
        assert_eq!(MANDATORY[StopIn as usize].0, StopIn);
    }

    #[test]
    fn stack_classes_gba_6_92() {
        use UnitType::*;
        assert_eq!(stack_class(PH, false, false), PhOrHi);
        assert_eq!(stack_class(HI, false, false), PhOrHi);
        assert_eq!(stack_class(SK, false, false), Skirmisher);
        assert_eq!(stack_class(SkStar, false, false), Skirmisher);
        for kind in [MI, LI, LP, LC, LN, HC, EL, CH, ChStar, AT] {
            assert_eq!(stack_class(kind, false, false), Basic);
        }
        assert_eq!(stack_class(PH, true, false), Routed);
        assert_eq!(stack_class(SK, true, false), Routed);
        assert_eq!(stack_class(MI, false, true), InColumn);
        assert_eq!(stack_class(PH, true, true), Routed);
    }

    #[test]
    fn no_voluntary_move_ends_stacked_gba_6_91() {
        for mover in [Basic, PhOrHi, Skirmisher, InColumn] {
            for stationary in StackClass::ALL {
                assert_eq!(outcome(mover, stationary, StopIn), Outcome::Prohibited);
            }
        }
    }

    #[test]
    fn ph_hi_never_stack_voluntarily_except_skirmishers_through_gba_6_92() {
        for stationary in StackClass::ALL {
            assert_eq!(outcome(PhOrHi, stationary, MoveThrough), Outcome::Prohibited);
        }
        assert_eq!(outcome(Basic, PhOrHi, MoveThrough), Outcome::Prohibited);
        assert_eq!(outcome(Skirmisher, PhOrHi, MoveThrough), Outcome::Free);
    }

    #[test]
    fn skirmishers_pass_through_unrouted_friends_free_gba_6_92() {
        for stationary in [Basic, PhOrHi, Skirmisher] {
            assert_eq!(outcome(Skirmisher, stationary, MoveThrough), Outcome::Free);
            assert!(
                matches!(origin(Skirmisher, stationary, MoveThrough), Origin::Recovered(r) if r.contains("GBA 6.92"))
            );
        }
    }

    #[test]
    fn routed_unit_moved_through_or_stopped_in_is_eliminated_gba_6_92() {
        for mover in [Basic, Skirmisher] {
            assert_eq!(outcome(mover, Routed, MoveThrough), Outcome::StationaryEliminated);
        }
        assert_eq!(outcome(Routed, Routed, MoveThrough), Outcome::StationaryEliminated);
        assert_eq!(outcome(Routed, Routed, StopIn), Outcome::RouterEliminated { then: &Outcome::StationaryEliminated });
    }

    #[test]
    fn columns_closed_to_voluntary_moves_open_to_routers_gba_6_67() {
        for mover in [Basic, PhOrHi, Skirmisher, InColumn] {
            assert_eq!(outcome(mover, InColumn, MoveThrough), Outcome::Prohibited);
        }
        for stationary in StackClass::ALL {
            assert_eq!(outcome(InColumn, stationary, MoveThrough), Outcome::Prohibited);
        }
        assert_eq!(
            outcome(Routed, InColumn, MoveThrough),
            Outcome::StationaryTqCheck { drm: 0, two_hex_router_drm: 1, against_tq_minus_two: true }
        );
    }

    #[test]
    fn routers_pass_through_but_never_stop_gba_10_24_cg_11_26() {
        for stationary in StackClass::ALL {
            assert!(outcome(Routed, stationary, MoveThrough).is_allowed());
            assert!(matches!(outcome(Routed, stationary, StopIn), Outcome::RouterEliminated { .. }));
        }
        assert_eq!(
            outcome(Routed, PhOrHi, MoveThrough),
            Outcome::StationaryTqCheck { drm: 1, two_hex_router_drm: 1, against_tq_minus_two: false }
        );
        assert_eq!(outcome(Routed, Skirmisher, MoveThrough), Outcome::Free);
        assert_eq!(outcome(Routed, Skirmisher, StopIn), Outcome::RouterEliminated { then: &Outcome::StationaryHit(1) });
        let stop_basic = outcome(Routed, Basic, StopIn);
        assert_eq!(stop_basic.stationary_check_hits(5, 4, true), Some(3));
        let stop_column = outcome(Routed, InColumn, StopIn);
        assert_eq!(stop_column.stationary_check_hits(5, 6, false), Some(3));
        let stop_ph = outcome(Routed, PhOrHi, StopIn);
        assert_eq!(stop_ph.stationary_check_hits(0, 6, false), Some(0));
    }

    #[test]
    fn granicus_levy_routs_if_tq_3_gba_10_21() {
        // A two-hex hoplite router passes through the Anatolian Levy (Basic), which rolls 6.
        let cell = outcome(Routed, stack_class(UnitType::MI, false, false), MoveThrough);
        let hits = |tq| cell.stationary_check_hits(6, tq, true).unwrap();
        assert_eq!(hits(3), 4);
        assert!(hits(3) >= 3, "routs at TQ 3");
        assert!(hits(4) < 4, "stands at TQ 4");
        // A one-hex router would not add the +1.
        assert_eq!(cell.stationary_check_hits(6, 3, false), Some(3));
    }

    #[test]
    fn basic_through_basic_costs_one_mp_and_a_check_charts_draft_10_5() {
        assert_eq!(outcome(Basic, Basic, MoveThrough), Outcome::ExtraMp { mp: 1, tq_check_both_hits_on_fail: 1 });
        assert_eq!(origin(Basic, Basic, MoveThrough), Origin::Designed);
        assert_eq!(outcome(Basic, Skirmisher, MoveThrough), Outcome::Free);
    }

    #[test]
    fn every_cell_has_an_origin_and_recovered_cells_cite_a_rule() {
        for mover in MOVERS {
            for stationary in StackClass::ALL {
                for action in [MoveThrough, StopIn] {
                    let cell = entry(mover, stationary, action);
                    if let Origin::Recovered(text) = cell.origin {
                        assert!(text.contains("GBA 6.") || text.contains("GBA 10.") || text.contains("CG "), "{text}");
                    }
                    if let Outcome::RouterEliminated { then } = cell.outcome {
                        assert!(matches!(
                            then,
                            Outcome::StationaryEliminated
                                | Outcome::StationaryTqCheck { .. }
                                | Outcome::StationaryHit(_)
                        ));
                    }
                }
            }
        }
        // Only Basic through Basic, Basic through SK and routers through SK are wholly designed.
        let designed: Vec<_> = MOVERS
            .into_iter()
            .flat_map(|m| StackClass::ALL.into_iter().map(move |s| (m, s)))
            .flat_map(|(m, s)| [MoveThrough, StopIn].map(|a| (m, s, a)))
            .filter(|&(m, s, a)| origin(m, s, a) == Origin::Designed)
            .collect();
        assert_eq!(
            designed,
            [(Basic, Basic, MoveThrough), (Basic, Skirmisher, MoveThrough), (Routed, Skirmisher, MoveThrough)]
        );
    }
}
