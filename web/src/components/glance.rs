//! The battle at a glance, always in view above the map: the turn, the phase, whose decision it
//! is, and how close each army is to withdrawing (its rout points against its withdrawal level).

use crate::components::counters::side_class;
use sarissa_rules::effects::victory::tally;
use sarissa_rules::game::Phase;
use sarissa_rules::Game;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct GlanceProps {
    pub game: Rc<Game>,
}

impl PartialEq for GlanceProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
    }
}

/// The phase in a word or two, as the players call it.
fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Setup => "Set-up",
        Phase::Activation { .. } => "Activation",
        Phase::Orders { .. } => "Orders",
        Phase::PreArranged { .. } => "Pre-arranged withdrawal",
        Phase::Reaction { .. } => "Reaction",
        Phase::Shock { .. } => "Shock",
        Phase::AdvanceTurn { .. } => "Advance after combat",
        Phase::EliteInitiative { .. } => "Elite initiative",
        Phase::TrumpResponse { .. } => "Trump",
        Phase::Momentum { .. } => "Momentum",
        Phase::Reactivation { .. } => "Re-activation",
        Phase::RoutChoice { .. } => "Rout",
        Phase::RampageWithdrawal { .. } => "Elephant rampage",
        Phase::Over { .. } => "Battle over",
    }
}

#[function_component(Glance)]
pub fn glance(props: &GlanceProps) -> Html {
    let (s, st) = (&props.game.scenario, &props.game.state);
    let routed: Vec<bool> = st.units.iter().map(|u| u.routed).collect();
    let losses = tally(s, st, &routed);
    let decider = props.game.decider();
    let sides = s.sides.iter().zip(losses.iter()).enumerate().map(|(i, (side, t))| {
        // Near the level (three quarters of it or more): the number is shown as a warning.
        let near = t.rout_points * 4 >= t.withdrawal_level * 3;
        html! {
            <span class={classes!("glance-side", side_class(i), near.then_some("near"))} data-side={i.to_string()}
                title={format!("{}: {} rout points; the army withdraws at {}", side.name, t.rout_points, t.withdrawal_level)}>
                <span class="swatch" />
                <span class="glance-name">{ &side.name }</span>
                <span class="rout-points">{ format!("{}/{}", t.rout_points, t.withdrawal_level) }</span>
            </span>
        }
    });
    html! {
        <div class="glance" aria-label="The battle at a glance">
            <span class="glance-turn">{ format!("Turn {}", st.turn) }</span>
            <span class="glance-phase">{ phase_name(&st.phase) }</span>
            if let Some(d) = decider {
                <span class={classes!("glance-decider", side_class(d))}>{ format!("{} to decide", s.sides[d].name) }</span>
            }
            <span class="glance-rout" title="Rout points against withdrawal level">{ for sides }</span>
        </div>
    }
}
