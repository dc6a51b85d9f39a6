//! A line moved as a body (issue 20): after a line command (GBA 4.3) each unit of the line still
//! moves by its own move; this plans those moves for one gesture — every unit straight ahead the
//! same number of hexes, keeping its facing, through the front hexside on the left or on the
//! right of the vertex it faces (7.11) — by trying them on a copy of the game, so the plan holds
//! only moves the rules allow, made in an order in which no unit of the line blocks another.

use crate::combat::line_entry::moving_line;
use crate::game::Phase;
use crate::map::hex::{HexId, Hexside};
use crate::play::legal::{destinations, orderable_units};
use crate::play::Game;
use crate::scenario::units::Placement;
use crate::Command;

/// Which front hexside the line advances through: left or right of the vertex each unit faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bearing {
    Left,
    Right,
}

/// The moves that take the line `hexes` hexes forward, one command per unit, in the order to
/// give them.
#[derive(Clone, Debug, PartialEq)]
pub struct LinePlan {
    pub bearing: Bearing,
    pub hexes: u8,
    pub moves: Vec<Command>,
    /// Where each unit ends, in the same order (for the map to show before it is confirmed).
    pub ends: Vec<Placement>,
}

/// The advances the line being moved can make together on each bearing, left then right: one
/// hex, and the farthest if that is more; none when no line is moving, or some unit of it is In Column (it faces a hexside, 6.63:
/// it moves on its own). The units in `aside` are left out: the player moves them singly.
pub fn advance_plans(game: &Game, aside: &[usize]) -> Vec<LinePlan> {
    let Some(movers) = line_units(game, aside) else { return Vec::new() };
    [Bearing::Left, Bearing::Right].into_iter().flat_map(|b| advances(game, &movers, b)).collect()
}

/// The units of the moving line not yet moved, less those set `aside`, or `None` if there is no
/// line moving or one of them is In Column.
fn line_units(game: &Game, aside: &[usize]) -> Option<Vec<usize>> {
    let line = moving_line(&game.state)?;
    let s = &game.scenario;
    let movers: Vec<usize> =
        orderable_units(game).into_iter().filter(|&u| line.contains(&s.units[u].id) && !aside.contains(&u)).collect();
    let in_column = movers.iter().any(|&u| game.state.units[u].column);
    (!movers.is_empty() && !in_column).then_some(movers)
}

/// The front hexside of a unit facing vertex `v` on the given bearing: vertex i lies between
/// hexsides i - 1 (its right) and i (its left).
fn front_side(v: crate::map::hex::Vertex, bearing: Bearing) -> Hexside {
    match bearing {
        Bearing::Left => Hexside::from_index(v.index()),
        Bearing::Right => Hexside::from_index(v.index() + 5),
    }
}

fn stepped(hex: HexId, side: Hexside, k: u8) -> Option<HexId> {
    (0..k).try_fold(hex, |h, _| h.neighbour(side))
}

/// Where `unit` ends `k` hexes ahead on the bearing.
fn ahead(game: &Game, unit: usize, bearing: Bearing, k: u8) -> Option<Placement> {
    let st = &game.state.units[unit];
    let side = front_side(st.facing, bearing);
    match st.placement {
        Placement::One(h) => Some(Placement::One(stepped(h, side, k)?)),
        Placement::Two(a, b) => Some(Placement::Two(stepped(a, side, k)?, stepped(b, side, k)?)),
    }
}

/// The units in the order to move them: the one farthest ahead first, so none steps into a hex
/// another is yet to leave.
fn front_first(game: &Game, units: &[usize], bearing: Bearing) -> Vec<usize> {
    let forward = |u: usize| {
        let st = &game.state.units[u];
        let Some(Placement::One(to) | Placement::Two(to, _)) = ahead(game, u, bearing, 1) else { return 0.0 };
        let from = st.placement.hexes().next().unwrap_or(to);
        let ((x0, y0), (x1, y1)) = (from.center(), to.center());
        // How far along its own forward step the unit already stands.
        x0 * (x1 - x0) + y0 * (y1 - y0)
    };
    let mut order = units.to_vec();
    order.sort_by(|&a, &b| forward(b).total_cmp(&forward(a)));
    order
}

/// The plan for `k` hexes, if every unit can make its move in turn without the line's move
/// being interrupted (a reaction, a rout) before the last.
fn plan(game: &Game, units: &[usize], bearing: Bearing, k: u8) -> Option<LinePlan> {
    let mut trial = game.clone();
    let (mut moves, mut ends) = (Vec::new(), Vec::new());
    for (n, &u) in front_first(game, units, bearing).iter().enumerate() {
        let end = ahead(&trial, u, bearing, k)?;
        let facing = trial.state.units[u].facing;
        let same = |p: &Placement| {
            let mut a: Vec<HexId> = p.hexes().collect();
            let mut b: Vec<HexId> = end.hexes().collect();
            a.sort();
            b.sort();
            a == b
        };
        let d = destinations(&trial.scenario, &trial.state, u)
            .into_iter()
            .filter(|d| d.facing == facing && !d.column && same(&d.placement))
            .min_by_key(|d| (d.hits, d.mp))?;
        let command = d.command(&trial.scenario.units[u].id);
        trial.execute(&command).ok()?;
        let last = n + 1 == units.len();
        if !last && !matches!(trial.state.phase, Phase::Orders { .. }) {
            return None;
        }
        moves.push(command);
        ends.push(d.placement);
    }
    Some(LinePlan { bearing, hexes: k, moves, ends })
}

/// The advances on the bearing that every unit can make together: one hex, and the longest.
fn advances(game: &Game, units: &[usize], bearing: Bearing) -> Vec<LinePlan> {
    let most = units.iter().map(|&u| game.scenario.units[u].ma).min().unwrap_or(0);
    let mut plans: Vec<LinePlan> = Vec::new();
    for k in 1..=most {
        match plan(game, units, bearing, k) {
            Some(p) if plans.len() < 2 => plans.push(p),
            Some(p) => plans[1] = p,
            None => break,
        }
    }
    plans
}
