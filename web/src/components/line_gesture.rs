//! A line moved as a body in one gesture (issue 20 §4): while a line command's units are to
//! move, a bar over the map offers the engine's plans (`play::line_plan`) — the whole line
//! straight ahead, bearing left or right, or wheeled left or right about its end — shows the
//! chosen one on the map (each unit's step, where it ends, which way it then faces), lets the
//! player tap units of the line to set them aside (they then move singly), and plays it on
//! "Confirm".

use crate::components::map::Overlay;
use sarissa_rules::play::line_plan::{Bearing, Gesture, LinePlan};
use sarissa_rules::{Game, HexId};
use yew::prelude::*;

/// How a plan reads on its button.
pub fn plan_label(plan: &LinePlan) -> String {
    let side = |b: Bearing| match b {
        Bearing::Left => "left",
        Bearing::Right => "right",
    };
    let units = if plan.moves.len() == 1 { "1 unit".to_string() } else { format!("{} units", plan.moves.len()) };
    match plan.gesture {
        Gesture::Advance { bearing, hexes } => {
            let hexes = if hexes == 1 { "1 hex".to_string() } else { format!("{hexes} hexes") };
            format!("{units} forward {hexes}, bearing {}", side(bearing))
        }
        Gesture::Wheel { toward } => format!("{units} wheel {}", side(toward)),
    }
}

/// The class of a plan's button: an advance or a wheel.
pub fn plan_class(plan: &LinePlan) -> &'static str {
    match plan.gesture {
        Gesture::Advance { .. } => "line-advance",
        Gesture::Wheel { .. } => "line-wheel",
    }
}

/// The plan on the map: where each unit ends outlined, a step drawn from where it stands.
pub fn show_plan(game: &Game, plan: &LinePlan, o: &mut Overlay) {
    for ((command, end), facing) in plan.moves.iter().zip(&plan.ends).zip(&plan.facings) {
        let from = command_unit(command).and_then(|id| game.scenario.units.iter().position(|u| u.id == id));
        if let Some(u) = from {
            let start: Vec<HexId> = game.state.units[u].placement.hexes().collect();
            let to: Vec<HexId> = end.hexes().collect();
            o.plan_steps.push((start, to, *facing));
        }
        o.outline.extend(end.hexes());
    }
}

/// Every hex the plan touches: where each unit stands and where it ends.
pub fn plan_hexes(game: &Game, plan: &LinePlan) -> Vec<HexId> {
    let starts =
        plan.moves.iter().filter_map(command_unit).filter_map(|id| game.scenario.units.iter().position(|u| u.id == id));
    let mut hexes: Vec<HexId> = starts.flat_map(|u| game.state.units[u].placement.hexes()).collect();
    hexes.extend(plan.ends.iter().flat_map(|e| e.hexes()));
    hexes
}

/// The unit a move names.
fn command_unit(c: &sarissa_rules::Command) -> Option<&str> {
    match c {
        sarissa_rules::Command::Move { unit, .. } | sarissa_rules::Command::MoveTo { unit, .. } => Some(unit),
        _ => None,
    }
}

#[derive(Properties, PartialEq)]
pub struct LineGestureProps {
    /// The plans' labels and button classes, in the engine's order.
    pub plans: Vec<(String, &'static str)>,
    /// The plan shown on the map, if any.
    pub chosen: Option<usize>,
    /// How many units of the line are set aside to move singly.
    pub aside: usize,
    pub on_choose: Callback<Option<usize>>,
    pub on_confirm: Callback<()>,
}

/// The bar over the map: the plans, then the chosen one's Confirm and Cancel.
#[function_component(LineGesture)]
pub fn line_gesture(p: &LineGestureProps) -> Html {
    if p.plans.is_empty() {
        return Html::default();
    }
    let choose = |k: Option<usize>| p.on_choose.reform(move |_: MouseEvent| k);
    let aside = match p.aside {
        0 => String::new(),
        1 => " · 1 unit set aside".into(),
        n => format!(" · {n} units set aside"),
    };
    html! {
        <div class="line-gesture" role="group" aria-label="Move the line as a body">
            if let Some(k) = p.chosen {
                <span class="line-gesture-text">{ format!("{}{aside}. Tap a unit of the line to set it aside or take it back.", p.plans[k].0) }</span>
                <button class="line-confirm" onclick={p.on_confirm.reform(|_: MouseEvent| ())}>{ "Confirm" }</button>
                <button class="line-cancel" onclick={choose(None)}>{ "Cancel" }</button>
            } else {
                <span class="line-gesture-text">{ "Move the line as a body:" }</span>
                { for p.plans.iter().enumerate().map(|(k, (label, class))| html! {
                    <button class={*class} data-plan={k.to_string()} onclick={choose(Some(k))}>{ label }</button>
                }) }
            }
        </div>
    }
}
