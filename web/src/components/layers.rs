//! The overlays a player switches on over the map — the enemy's zones of control, a leader's
//! command range, where a unit's missiles reach — each worked out by the engine, never here;
//! and the leaders who may be activated, marked on the map.

use crate::components::map::Overlay;
use sarissa_rules::game::Phase;
use sarissa_rules::Game;
use yew::prelude::*;

/// The overlays the player may switch on over the map.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Layers {
    pub zoc: bool,
    pub command: bool,
    pub missiles: bool,
}

/// The leader whose command range is meant: the one giving orders, else the first the
/// deciding side may activate.
fn leader_in_command(game: &Game) -> Option<usize> {
    let id = match &game.state.phase {
        Phase::Orders { leader, .. } => Some(leader),
        Phase::Activation { leaders, .. } => leaders.first(),
        _ => None,
    }?;
    game.scenario.leaders.iter().position(|l| &l.id == id)
}

/// Adds what the engine says for the overlays switched on (7.2 zones of control, 4.21 command
/// range, 8.13-8.14 where the chosen unit's missiles reach), and marks the leaders who may be
/// activated now (5.1).
pub fn add_layers(game: &Game, layers: Layers, chosen: Option<usize>, o: &mut Overlay) {
    let (s, st) = (&game.scenario, &game.state);
    if let (true, Some(u)) = (layers.missiles, chosen) {
        o.missile_reach = sarissa_rules::combat::fire::reach(s, st, u);
    }
    if let (true, Some(side)) = (layers.zoc, game.decider()) {
        o.zoc = sarissa_rules::map::zoc::enemy_zoc(s, st, side).into_keys().collect();
        sarissa_rules::game::sorting::sort(&mut o.zoc);
    }
    if let (true, Some(l)) = (layers.command, leader_in_command(game)) {
        o.command_range = sarissa_rules::command::orders::command_range(s, st, l).into_keys().collect();
        o.command_range.push(st.leaders[l].at);
        sarissa_rules::game::sorting::sort(&mut o.command_range);
    }
    if let Phase::Activation { leaders, .. } = &st.phase {
        o.offered = leaders
            .iter()
            .filter_map(|id| s.leaders.iter().position(|l| &l.id == id))
            .map(|l| st.leaders[l].at)
            .collect();
    }
}

#[derive(Properties, PartialEq)]
pub struct LayerButtonsProps {
    pub layers: Layers,
    pub on_layers: Callback<Layers>,
}

/// The switches, over the map's left edge.
#[function_component(LayerButtons)]
pub fn layer_buttons(p: &LayerButtonsProps) -> Html {
    let button = |label: &'static str, title: &'static str, class: &'static str, on: bool, flip: fn(&mut Layers)| {
        let (layers, on_layers) = (p.layers, p.on_layers.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            let mut next = layers;
            flip(&mut next);
            on_layers.emit(next);
        });
        html! { <button class={classes!(class, on.then_some("on"))} aria-pressed={on.to_string()} {title} {onclick}>{ label }</button> }
    };
    let l = p.layers;
    html! {
        <div class="map-layers">
            { button("ZOC", "Show the enemy's zones of control (7.2)", "layer-zoc", l.zoc, |l| l.zoc = !l.zoc) }
            { button("Command", "Show the command range of the leader giving orders, or offered (4.21)", "layer-command", l.command, |l| l.command = !l.command) }
            { button("Missiles", "Show where the chosen unit's missiles reach: range, arc and sight (8.13, 8.14)", "layer-missiles", l.missiles, |l| l.missiles = !l.missiles) }
        </div>
    }
}
