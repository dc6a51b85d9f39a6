//! A line moved as a body (issue 20): after a line command (GBA 4.3) each unit of the line still
//! moves by its own move; this plans those moves for one gesture, by trying them on a copy of
//! the game, so a plan holds only moves the rules allow, made in an order in which no unit of
//! the line blocks another. Two gestures:
//! - an advance: every unit straight ahead the same number of hexes, keeping its facing,
//!   through the front hexside on the left or on the right of the vertex it faces (7.11);
//! - a wheel: the line turned one vertex about the hex at one end, every unit ending where
//!   the turn takes it and facing one vertex further round (7.12), the units far from the pivot
//!   walking farther; when the whole line cannot, the longest part of it from the pivot that
//!   can, the rest left to move singly.

use crate::combat::line_entry::moving_line;
use crate::game::Phase;
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::play::legal::{destinations, orderable_units};
use crate::play::Game;
use crate::scenario::units::Placement;
use crate::Command;

/// Which way a gesture goes: for an advance, the front hexside left or right of the vertex each
/// unit faces; for a wheel, the way the line turns (about its unit at that end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bearing {
    Left,
    Right,
}

/// What a plan does with the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gesture {
    /// Every unit `hexes` hexes straight ahead on the bearing, keeping its facing.
    Advance { bearing: Bearing, hexes: u8 },
    /// The line turned one vertex toward `toward`, about the end hex on that side.
    Wheel { toward: Bearing },
}

/// The moves that carry out a gesture, one command per unit, in the order to give them.
#[derive(Clone, Debug, PartialEq)]
pub struct LinePlan {
    pub gesture: Gesture,
    pub moves: Vec<Command>,
    /// Where each unit ends and which way it faces, in the same order (for the map to show
    /// before it is confirmed).
    pub ends: Vec<Placement>,
    pub facings: Vec<Vertex>,
}

/// Every plan for the line being moved: its advances, then its wheels.
pub fn body_plans(game: &Game, aside: &[usize]) -> Vec<LinePlan> {
    let mut plans = advance_plans(game, aside);
    plans.extend(wheel_plans(game, aside));
    plans
}

/// The advances the line being moved can make together on each bearing, left then right: one
/// hex, and the farthest if that is more; none when no line is moving, or some unit of it is In
/// Column (it faces a hexside, 6.63: it moves on its own). The units in `aside` are left out:
/// the player moves them singly.
pub fn advance_plans(game: &Game, aside: &[usize]) -> Vec<LinePlan> {
    let Some(movers) = line_units(game, aside) else { return Vec::new() };
    [Bearing::Left, Bearing::Right].into_iter().flat_map(|b| advances(game, &movers, b)).collect()
}

/// The wheels the line being moved can make, left then right (none for a lone unit: it turns
/// on its own). Each is of the whole line, or else of the longest part of it from the pivot
/// that can wheel.
pub fn wheel_plans(game: &Game, aside: &[usize]) -> Vec<LinePlan> {
    let Some(movers) = line_units(game, aside).filter(|m| m.len() > 1) else { return Vec::new() };
    [Bearing::Left, Bearing::Right].into_iter().filter_map(|b| wheel(game, &movers, b)).collect()
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
fn front_side(v: Vertex, bearing: Bearing) -> Hexside {
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

/// The unit's middle, in the map units of [`HexId::center`].
fn middle(game: &Game, unit: usize) -> (f64, f64) {
    let hexes: Vec<(f64, f64)> = game.state.units[unit].placement.hexes().map(|h| h.center()).collect();
    let n = hexes.len().max(1) as f64;
    (hexes.iter().map(|p| p.0).sum::<f64>() / n, hexes.iter().map(|p| p.1).sum::<f64>() / n)
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
    crate::game::sorting::sort_by(&mut order, |&a, &b| forward(b).total_cmp(&forward(a)));
    order
}

/// Do two placements cover the same hexes (a two-hex unit's halves in either order)?
fn same_hexes(a: &Placement, b: &Placement) -> bool {
    let sorted = |p: &Placement| {
        let mut v: Vec<HexId> = p.hexes().collect();
        crate::game::sorting::sort(&mut v);
        v
    };
    sorted(a) == sorted(b)
}

/// Plays the units' moves in `order` on a copy of the game, each to the end and facing `target`
/// gives it, by its cheapest legal way (fewest hits, then MP): the plan, if every move is legal
/// and the line's move is not interrupted (a reaction, a rout) before the last.
fn play_out(
    game: &Game,
    order: &[usize],
    target: impl Fn(usize) -> Option<(Placement, Vertex)>,
    gesture: Gesture,
) -> Option<LinePlan> {
    let mut trial = game.clone();
    let mut plan = LinePlan { gesture, moves: Vec::new(), ends: Vec::new(), facings: Vec::new() };
    for (n, &u) in order.iter().enumerate() {
        let (end, facing) = target(u)?;
        let d = destinations(&trial.scenario, &trial.state, u)
            .into_iter()
            .filter(|d| d.facing == facing && !d.column && same_hexes(&d.placement, &end))
            .min_by_key(|d| (d.hits, d.mp))?;
        let command = d.command(&trial.scenario.units[u].id);
        trial.execute(&command).ok()?;
        let last = n + 1 == order.len();
        if !last && !matches!(trial.state.phase, Phase::Orders { .. }) {
            return None;
        }
        plan.moves.push(command);
        plan.ends.push(d.placement);
        plan.facings.push(facing);
    }
    Some(plan)
}

/// The plan for `k` hexes ahead on the bearing.
fn plan(game: &Game, units: &[usize], bearing: Bearing, k: u8) -> Option<LinePlan> {
    let order = front_first(game, units, bearing);
    let target = |u: usize| Some((ahead(game, u, bearing, k)?, game.state.units[u].facing));
    play_out(game, &order, target, Gesture::Advance { bearing, hexes: k })
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

/// The hexside steps that turn a unit facing `v` one vertex toward the bearing (vertices count
/// counter-clockwise, so a left turn adds one).
fn turn_steps(toward: Bearing) -> usize {
    match toward {
        Bearing::Left => 1,
        Bearing::Right => 5,
    }
}

/// `hex` turned about `pivot` by `steps` sixths of a circle counter-clockwise: the same walk
/// from the pivot with every step turned (a turn about a hex centre maps the grid onto itself).
fn turned_about(pivot: HexId, hex: HexId, steps: usize) -> Option<HexId> {
    let (mut at, mut image) = (pivot, pivot);
    while at != hex {
        let side = Hexside::ALL.into_iter().min_by_key(|&s| at.neighbour(s).map_or(u32::MAX, |n| n.distance(hex)))?;
        at = at.neighbour(side)?;
        image = image.neighbour(Hexside::from_index(side.index() + steps))?;
    }
    Some(image)
}

/// The hex the line wheels about, the end hex on the side it turns toward (measured across the
/// first unit's facing), and the units nearest it first.
fn pivot_and_order(game: &Game, units: &[usize], toward: Bearing) -> Option<(HexId, Vec<usize>)> {
    let facing = game.state.units[*units.first()?].facing;
    let a = facing.screen_degrees().to_radians();
    // The unit's left across the screen (y grows downward): the facing turned a quarter back.
    let left = |h: HexId| {
        let (x, y) = h.center();
        let l = x * a.sin() - y * a.cos();
        if toward == Bearing::Left {
            l
        } else {
            -l
        }
    };
    let hexes = units.iter().flat_map(|&u| game.state.units[u].placement.hexes());
    let pivot = hexes.max_by(|&p, &q| left(p).total_cmp(&left(q)))?;
    let from_pivot = |u: usize| {
        let (x, y) = middle(game, u);
        let (px, py) = pivot.center();
        (x - px).hypot(y - py)
    };
    let mut order = units.to_vec();
    crate::game::sorting::sort_by(&mut order, |&p, &q| from_pivot(p).total_cmp(&from_pivot(q)));
    Some((pivot, order))
}

/// Where `unit` ends when the line wheels about `pivot`, and which way it then faces.
fn wheeled(game: &Game, unit: usize, pivot: HexId, steps: usize) -> Option<(Placement, Vertex)> {
    let st = &game.state.units[unit];
    let placement = match st.placement {
        Placement::One(h) => Placement::One(turned_about(pivot, h, steps)?),
        Placement::Two(a, b) => Placement::Two(turned_about(pivot, a, steps)?, turned_about(pivot, b, steps)?),
    };
    Some((placement, Vertex::from_index(st.facing.index() + steps)))
}

/// The wheel toward the bearing of the whole line, or of the longest part of it from the pivot
/// that can (at least two units): those farther out are left to move singly.
fn wheel(game: &Game, units: &[usize], toward: Bearing) -> Option<LinePlan> {
    let (pivot, nearest_first) = pivot_and_order(game, units, toward)?;
    let steps = turn_steps(toward);
    let target = |u: usize| wheeled(game, u, pivot, steps);
    // A unit whose end lies beyond its MA cannot wheel; nor can any unit beyond it.
    let reach = |u: usize| {
        let (end, _) = target(u)?;
        let far = game.state.units[u].placement.hexes().zip(end.hexes()).map(|(a, b)| a.distance(b)).max()?;
        (far < u32::from(game.scenario.units[u].ma)).then_some(())
    };
    let most = nearest_first.iter().take_while(|&&u| reach(u).is_some()).count();
    (2..=most).rev().find_map(|m| {
        // The outermost unit moves first: its way leads through hexes the others will not take.
        let order: Vec<usize> = nearest_first[..m].iter().rev().copied().collect();
        play_out(game, &order, target, Gesture::Wheel { toward })
    })
}
