//! After an advance (9.32, 9.33): turn, wheel or hold.

use super::body::Body;
use super::{unit_name, DecisionProps};
use sarissa_rules::combat::advance::turn_options;
use sarissa_rules::game::Phase;
use sarissa_rules::{Command, Vertex};
use yew::prelude::*;

#[function_component(AdvanceTurn)]
pub fn advance_turn(p: &DecisionProps) -> Html {
    let sh = &p.shared;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::AdvanceTurn { unit, .. } = &st.phase else {
        return Html::default();
    };
    let (side_name, name) = (sh.side_name(), unit_name(s, unit));
    let options = turn_options(s, st);
    let two_hex = options.iter().any(|(_, pose)| pose.is_some());
    let text = if two_hex {
        format!("{side_name}: {name} advanced straight. It may wheel forward, paying the wheel's costs — and if they rout it, it routs (9.33) — or hold.")
    } else {
        format!("{side_name}: {name} advanced. It may turn one vertex, free, even in an enemy zone of control (9.32).")
    };
    html! {
        <Body shared={sh.clone()} {text}>
            { for options.iter().enumerate().map(|(k, (f, pose))| {
                let c = Command::TurnAfterAdvance { unit: unit.clone(), facing: *f };
                sh.button(turn_label(k, *f, pose.is_some()), "advance-turn", c)
            }) }
        </Body>
    }
}

/// The first option keeps the facing; a one-hex unit's others are left, then right.
fn turn_label(k: usize, f: Vertex, wheel: bool) -> String {
    match (k, wheel) {
        (0, _) => "Keep its facing".to_string(),
        (_, true) => format!("Wheel to face {}", f.name()),
        (1, false) => format!("Turn left ({})", f.name()),
        _ => format!("Turn right ({})", f.name()),
    }
}
