//! Where a router goes when the rule's order of preference leaves a choice (10.21), or where a
//! unit breaking off steps back (10.32).

use super::body::Body;
use super::{unit_name, Shared, ROUT_WAYS_SHOWN};
use sarissa_rules::game::Phase;
use sarissa_rules::play::legal::{legal_commands, RoutWay};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RoutProps {
    pub shared: Shared,
    /// The rout's whole paths, each one decision (10.21, P120), found once for the game shown
    /// (`play::legal::rout_ways`, at most `ROUT_WAYS_SHOWN`).
    pub ways: Rc<Vec<RoutWay>>,
}

#[function_component(RoutChoice)]
pub fn rout_choice(p: &RoutProps) -> Html {
    let (sh, ways) = (&p.shared, &p.ways);
    let Phase::RoutChoice { pending, .. } = &sh.game.state.phase else {
        return Html::default();
    };
    let (side_name, name) = (sh.side_name(), unit_name(&sh.game.scenario, &pending.unit));
    let text = if pending.break_off {
        format!("{side_name}: choose where {name} steps back — these hexes are as far from the enemy it was locked with (10.32). Tap one on the map, or a button.")
    } else if !ways.is_empty() {
        format!("{side_name}: choose where {name} routs — each button is a whole path, all equally good by the rules (10.21); the first, their order of preference, is drawn on the map.")
    } else {
        format!("{side_name}: choose where {name} routs — these hexes are equally good for it (10.21). Tap one on the map, or a button.")
    };
    // Hex by hex only when the whole paths are too many to list (or a break-off).
    let by_hex = ways.is_empty() || ways.len() >= ROUT_WAYS_SHOWN;
    let commands = legal_commands(&sh.game);
    let route = |w: &RoutWay| w.hexes.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" → ");
    html! {
        <Body shared={sh.clone()} {text}>
            { for ways.iter().enumerate().map(|(k, w)| {
                let label = if k == 0 { format!("Preferred: {}", route(w)) } else { route(w) };
                sh.button(label, "rout-way", w.command.clone())
            }) }
            if by_hex {
                { for pending.options.iter().zip(commands).map(|(to, c)| sh.button(format!("To {}", to.label()), "rout-to", c)) }
            }
        </Body>
    }
}
