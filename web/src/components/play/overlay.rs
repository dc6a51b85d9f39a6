//! What the map shows for the decision in progress: one function per kind of decision, each
//! drawing the engine's answers (`answers`) and the person's picks (`picks`).

use super::Screen;
use crate::components::layers::{add_layers, Layers};
use crate::components::map::Overlay;
use crate::components::orders::{ending_in, facing_arrow, unit_in};
use sarissa_rules::combat::odds::missile_odds;
use sarissa_rules::game::Phase;
use sarissa_rules::play::line_plan::LinePlan;
use sarissa_rules::HexId;
use std::rc::Rc;

/// The map's overlay: the decision's own, a line's plan shown, and the layers switched on.
pub(super) fn overlay(s: &Screen, shown_plan: Option<&LinePlan>, layers: Layers) -> Rc<Overlay> {
    let (game, picks) = (&s.game, &s.picks);
    let phase = &game.state.phase;
    let mut o = Overlay { focus: (*picks.focus).clone(), ..Overlay::default() };
    match *picks.ordering {
        Some(u) => unit_in_hand(s, u, &mut o),
        // The computer's decision: nothing for the person to choose is picked out.
        None if s.computer_decides => {}
        None if matches!(phase, Phase::Shock { .. }) => shock(s, &mut o),
        None if picks.line_chosen.is_some() => line_withdrawing(s, &mut o),
        None if matches!(phase, Phase::RoutChoice { .. }) => rout(s, &mut o),
        None if picks.riding.is_none() && matches!(phase, Phase::RampageWithdrawal { .. }) => rampage(s, &mut o),
        None if picks.riding.is_some() => leader_riding(s, &mut o),
        None if matches!(phase, Phase::Reaction { .. }) => reaction(s, &mut o),
        None if matches!(phase, Phase::Orders { .. }) => o.orderable = orderable_hexes(s),
        None => {}
    }
    if let (Some(plan), None) = (shown_plan, *picks.ordering) {
        crate::components::line_gesture::show_plan(game, plan, &mut o);
    }
    let chosen = (*picks.ordering).or_else(|| (*picks.selected).and_then(|h| unit_in(game, h)));
    add_layers(game, layers, chosen, &mut o);
    Rc::new(o)
}

/// The hexes of the units the person may order now.
fn orderable_hexes(s: &Screen) -> Vec<HexId> {
    s.answers.orderable.iter().flat_map(|&u| s.game.state.units[u].placement.hexes()).collect()
}

/// The unit being ordered: where it may end bright, the enemies it may shoot red-ringed, and
/// at the hex chosen its path (or end pose) and the ways it may face.
fn unit_in_hand(s: &Screen, u: usize, o: &mut Overlay) {
    let (game, destinations) = (&s.game, &s.answers.destinations);
    let start: Vec<HexId> = game.state.units[u].placement.hexes().collect();
    let mut hexes: Vec<HexId> = destinations.iter().flat_map(|d| d.placement.hexes()).collect();
    hexes.extend(start.iter().copied());
    sarissa_rules::game::sorting::sort(&mut hexes);
    hexes.dedup();
    o.reachable = hexes;
    o.fire_targets = s.answers.volleys.iter().map(|(h, chance, _)| (*h, chance.clone())).collect();
    if let Some(t) = *s.picks.target {
        let options = ending_in(destinations, t);
        if let Some(best) = options.first() {
            // A one-hex unit's path as a line; a two-hex unit's end pose is outlined.
            if !best.placement.is_two_hex() {
                o.path = start.first().copied().into_iter().chain(best.path.iter().copied()).collect();
            }
            o.outline = best.placement.hexes().collect();
        }
        o.arrows = options.iter().enumerate().map(|(k, d)| facing_arrow(k, t, d)).collect();
    }
}

/// The shock: the combats picked out, optional attackers ringed (9.11).
fn shock(s: &Screen, o: &mut Overlay) {
    let game = &s.game;
    if let Phase::Shock { optional, .. } = &game.state.phase {
        for (c, _) in sarissa_rules::combat::shock_segment::preview(&game.scenario, &game.state, &s.picks.shock_chosen)
        {
            o.focus.extend(sarissa_rules::combat::shock_segment::combat_hexes(&game.state, &c));
        }
        o.orderable = game
            .scenario
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| optional.contains(&u.id))
            .flat_map(|(i, _)| game.state.units[i].placement.hexes())
            .collect();
    }
}

/// A cavalry line chosen to withdraw: its units outlined, where the first plan takes them
/// picked out (6.78).
fn line_withdrawing(s: &Screen, o: &mut Overlay) {
    if let Some(line) = s.picks.line_chosen.and_then(|k| s.answers.lines.get(k)) {
        o.outline = line.units.iter().flat_map(|&u| s.game.state.units[u].placement.hexes()).collect();
        o.focus.extend(line.ends());
    }
}

/// A router's owner choosing: the router picked out, the hexes it may go to bright (10.21,
/// 10.32); every whole path bright, the rules' preferred one drawn (10.21, P120).
fn rout(s: &Screen, o: &mut Overlay) {
    let game = &s.game;
    if let Phase::RoutChoice { pending, .. } = &game.state.phase {
        let ways = &s.answers.rout_ways;
        o.reachable = pending.options.iter().flat_map(|p| p.hexes()).collect();
        o.reachable.extend(ways.iter().flat_map(|w| w.hexes.iter().copied()));
        if let Some(i) = game.scenario.units.iter().position(|u| u.id == pending.unit) {
            o.focus.extend(game.state.units[i].placement.hexes());
            let from = game.state.units[i].placement.hexes().next();
            o.path = from.into_iter().chain(ways.first().into_iter().flat_map(|w| w.hexes.clone())).collect();
        }
    }
}

/// A rampaging elephant: picked out, with the units that may step out of its way ringed
/// (6.77), and the leaders who may, as in a reaction (4.62, P190).
fn rampage(s: &Screen, o: &mut Overlay) {
    let game = &s.game;
    if let Phase::RampageWithdrawal { rampage, leaders, .. } = &game.state.phase {
        if let Some(i) = game.scenario.units.iter().position(|u| u.id == rampage.unit) {
            o.focus.extend(game.state.units[i].placement.hexes());
        }
        for id in leaders {
            if let Some(i) = game.scenario.leaders.iter().position(|l| &l.id == id) {
                o.focus.push(game.state.leaders[i].at);
            }
        }
    }
    o.orderable = orderable_hexes(s);
}

/// A leader being moved: where he may go bright, and where he stands.
fn leader_riding(s: &Screen, o: &mut Overlay) {
    o.reachable = s.answers.rides.keys().copied().collect();
    if let Some((l, _)) = *s.picks.riding {
        o.reachable.push(s.game.state.leaders[l].at);
    }
}

/// A reaction: pick out the enemy that came up and the units that may turn (7.16); ring those
/// that may withdraw (6.7) and the leaders who may (4.62).
fn reaction(s: &Screen, o: &mut Overlay) {
    let game = &s.game;
    if let Phase::Reaction { mover, reactors, leaders, line_fire, .. } = &game.state.phase {
        if line_fire.is_some() {
            reaction_fire(s, o);
        }
        for id in reactors.iter().chain(std::iter::once(mover).filter(|_| line_fire.is_none())) {
            if let Some(i) = game.scenario.units.iter().position(|u| &u.id == id) {
                o.focus.extend(game.state.units[i].placement.hexes());
            }
        }
        // An enemy leader riding alone is the mover when Darius is asked (9.24).
        for id in leaders.iter().chain(std::iter::once(mover)) {
            if let Some(i) = game.scenario.leaders.iter().position(|l| &l.id == id) {
                o.focus.push(game.state.leaders[i].at);
            }
        }
    }
    o.orderable = orderable_hexes(s);
}

/// 8.21: after a line's move, its units that may be shot at, red-ringed with the best chance
/// of a hit, and the units that may shoot.
fn reaction_fire(s: &Screen, o: &mut Overlay) {
    let (sc, st) = (&s.game.scenario, &s.game.state);
    for (f, _) in sarissa_rules::combat::fire::reaction_firers(sc, st) {
        o.focus.extend(st.units[f].placement.hexes());
        for t in sarissa_rules::combat::fire::reaction_targets(sc, st, f) {
            let chance = missile_odds(&t.fire).map(|d| 1.0 - d.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
            if !o.fire_targets.iter().any(|(h, _)| *h == t.hex) {
                o.fire_targets.push((t.hex, format!("{:.0}%", chance * 100.0)));
            }
        }
    }
}
