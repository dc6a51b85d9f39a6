//! The prompt bar: whose decision it is, what can be done, and touch-sized buttons to do it.
//!
//! One component per kind of decision the game waits for (its [`Phase`]); each writes the
//! prompt's text and buttons inside the same [`Body`], whose bar never leaves the page (it is
//! the live region a screen reader reads).

mod activation;
mod advance;
mod body;
mod orders;
mod over;
mod pre_arranged;
mod rampage;
mod reaction;
mod rout;
mod shock;

use crate::components::counters::side_class;
use body::Body;
use sarissa_rules::game::Phase;
use sarissa_rules::play::legal::RoutWay;
use sarissa_rules::{Command, Game, Scenario};
use std::ops::Deref;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct PromptProps {
    pub game: Rc<Game>,
    /// The unit being ordered, if any (its name), and whether a destination is chosen.
    pub ordering: Option<(String, bool)>,
    /// At the chosen destination: the ways the move may end (facings, or a two-hex unit's
    /// poses), as button labels; choosing one sends its index.
    #[prop_or_default]
    pub choices: Vec<String>,
    #[prop_or_default]
    pub on_choice: Callback<usize>,
    /// The unit being ordered may change into or out of column at the end of its move (6.61):
    /// the toggle's label and whether it is on.
    #[prop_or_default]
    pub formation: Option<(String, bool)>,
    #[prop_or_default]
    pub on_formation: Callback<()>,
    /// Contingent commanders stacked with the unit being ordered who may go along (GBA 5.68):
    /// each toggle's label, the leader's index, and whether it is on.
    #[prop_or_default]
    pub escorts: Vec<(String, usize, bool)>,
    #[prop_or_default]
    pub on_escort: Callback<usize>,
    /// Leaders who may move now, as (label, leader index), and the one being moved.
    #[prop_or_default]
    pub riders: Vec<(String, usize)>,
    #[prop_or_default]
    pub riding: Option<String>,
    #[prop_or_default]
    pub on_ride: Callback<usize>,
    pub orderable: usize,
    /// The unit being ordered has enemies it may fire at (8.11).
    #[prop_or_default]
    pub can_fire: bool,
    /// Other orders the unit being ordered may take — harassments (8.3), recovery (10.16) — as
    /// button labels and commands.
    #[prop_or_default]
    pub harass: Vec<(String, Command)>,
    pub can_undo: bool,
    /// Why undo is refused, said beside its button (a die was rolled, the other side decided).
    #[prop_or_default]
    pub undo_refused: Option<AttrValue>,
    pub error: Option<String>,
    pub on_command: Callback<Command>,
    pub on_cancel: Callback<()>,
    pub on_undo: Callback<()>,
    /// The active leader will do nothing more: end his orders, no attack, no momentum, in one
    /// tap (the engine's commands one after another, `play::standing::pass_step`).
    #[prop_or_default]
    pub on_pass: Callback<String>,
    /// The shock segment: the optional attackers picked so far, and picking one in or out.
    #[prop_or_default]
    pub shock_chosen: Vec<String>,
    #[prop_or_default]
    pub on_toggle_shock: Callback<String>,
    /// Cavalry lines that may withdraw as a body now (6.78), as button labels; choosing one
    /// sends its index.
    #[prop_or_default]
    pub lines: Vec<String>,
    #[prop_or_default]
    pub on_line: Callback<usize>,
    /// The line chosen, and its ready-made withdrawals as (label, command).
    #[prop_or_default]
    pub line_choice: Option<String>,
    #[prop_or_default]
    pub line_plans: Vec<(String, Command)>,
    /// Several units' reactions picked and sent together (issue 20 §4, `reactions.rs`).
    #[prop_or_default]
    pub on_answers: Callback<Vec<Command>>,
    /// A rout's whole paths, each one decision (10.21, P120): the play screen's, found once for
    /// the game shown and drawn on its map too.
    pub rout_ways: Rc<Vec<RoutWay>>,
}

impl PartialEq for PromptProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.game, &o.game)
            && self.ordering == o.ordering
            && self.choices == o.choices
            && self.formation == o.formation
            && self.escorts == o.escorts
            && self.riders == o.riders
            && self.riding == o.riding
            && self.orderable == o.orderable
            && self.can_fire == o.can_fire
            && self.harass == o.harass
            && self.can_undo == o.can_undo
            && self.undo_refused == o.undo_refused
            && self.error == o.error
            && self.shock_chosen == o.shock_chosen
            && self.lines == o.lines
            && self.line_choice == o.line_choice
            && self.line_plans == o.line_plans
            && Rc::ptr_eq(&self.rout_ways, &o.rout_ways)
    }
}

/// How many whole rout paths the prompt lists (10.21); beyond them, hex by hex.
pub const ROUT_WAYS_SHOWN: usize = 8;

/// The game shown, equal to another only when it is the same one (a game is never changed in
/// place: each command makes a new one).
#[derive(Clone)]
pub struct Shown(pub Rc<Game>);

impl PartialEq for Shown {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

impl Deref for Shown {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.0
    }
}

impl Shown {
    /// A number that changes with the game shown: what a decision's own picks are kept under.
    pub fn key(&self) -> usize {
        Rc::as_ptr(&self.0) as usize
    }
}

/// What every decision's prompt has: the game, the error and undo beside the buttons, and
/// the way to send a command.
#[derive(Clone, PartialEq)]
pub struct Shared {
    pub game: Shown,
    pub error: Option<String>,
    pub can_undo: bool,
    pub undo_refused: Option<AttrValue>,
    pub on_undo: Callback<()>,
    pub on_command: Callback<Command>,
}

impl Shared {
    /// A button that sends `command`.
    pub fn button(&self, label: String, class: &'static str, command: Command) -> Html {
        let on = self.on_command.clone();
        html! { <button class={classes!("act", class)} onclick={Callback::from(move |_: MouseEvent| on.emit(command.clone()))}>{ label }</button> }
    }

    /// The name of the side whose decision it is.
    pub fn side_name(&self) -> String {
        self.game.decider().map(|i| self.game.scenario.sides[i].name.clone()).unwrap_or_default()
    }
}

/// The props of a decision that needs nothing but what every prompt has.
#[derive(Properties, PartialEq)]
pub struct DecisionProps {
    pub shared: Shared,
}

/// A unit or leader being moved by the player, tap by tap (an order, a withdrawal, a ride):
/// what the prompts of orders, reactions and a rampage share.
#[derive(Clone, PartialEq)]
pub struct Moving {
    /// The unit being moved (its name), and whether its destination is chosen.
    pub ordering: Option<(String, bool)>,
    pub choices: Vec<String>,
    pub on_choice: Callback<usize>,
    pub escorts: Vec<(String, usize, bool)>,
    pub on_escort: Callback<usize>,
    pub riders: Vec<(String, usize)>,
    pub riding: Option<String>,
    pub on_ride: Callback<usize>,
    pub on_cancel: Callback<()>,
}

impl Moving {
    /// A unit or leader is on the move: the other choices wait.
    pub fn busy(&self) -> bool {
        self.ordering.is_some() || self.riding.is_some()
    }

    /// 5.68: a toggle for each contingent commander who may go along with the unit being ordered.
    pub fn escort_toggles(&self) -> Html {
        self.escorts
            .iter()
            .map(|(label, l, on)| {
                let (toggle, l) = (self.on_escort.clone(), *l);
                html! { <button class={classes!("act", "escort", on.then_some("on"))} aria-pressed={on.to_string()}
                onclick={Callback::from(move |_: MouseEvent| toggle.emit(l))}>{ label.clone() }</button> }
            })
            .collect()
    }

    /// The ways to end the move or withdrawal chosen in the hex tapped, one button each (its
    /// facing, and a withdrawing horse archer's volley).
    pub fn face_choices(&self) -> Html {
        html! { <>{ for self.choices.iter().enumerate().map(|(i, label)| {
            let on = self.on_choice.clone();
            html! { <button class="act face" data-choice={i.to_string()} onclick={Callback::from(move |_: MouseEvent| on.emit(i))}>
                { label }</button> }
        }) }</> }
    }

    /// A button for each leader who may move now, while nothing else is on the move.
    pub fn ride_buttons(&self, shown: bool) -> Html {
        html! { <>{ for self.riders.iter().filter(|_| shown).map(|(label, l)| {
            let (on, l) = (self.on_ride.clone(), *l);
            html! { <button class="act ride" onclick={Callback::from(move |_: MouseEvent| on.emit(l))}>{ label }</button> }
        }) }</> }
    }

    pub fn cancel_button(&self) -> Html {
        html! { <button class="act cancel" onclick={self.on_cancel.reform(|_: MouseEvent| ())}>{ "Cancel" }</button> }
    }
}

/// A leader's name; the Camp Orders Phase has no leader, so its prompts speak of the camp (CG 12.17).
pub fn leader_name(s: &Scenario, id: &str) -> String {
    s.leader(id).map_or_else(|| "Camp orders".to_string(), |l| l.name.clone())
}

/// A unit's name, or nothing for an id the battle does not have.
pub fn unit_name(s: &Scenario, id: &str) -> String {
    s.unit(id).map(|u| u.name.clone()).unwrap_or_default()
}

pub fn initiative(s: &Scenario, id: &str) -> u8 {
    s.leader(id).and_then(|l| l.initiative).unwrap_or(0)
}

/// The names joined with "and".
pub fn and_list(ids: &[String], name: &dyn Fn(&str) -> String) -> String {
    ids.iter().map(|i| name(i)).collect::<Vec<_>>().join(" and ")
}

#[function_component(Prompt)]
pub fn prompt(p: &PromptProps) -> Html {
    let shared = Shared {
        game: Shown(p.game.clone()),
        error: p.error.clone(),
        can_undo: p.can_undo,
        undo_refused: p.undo_refused.clone(),
        on_undo: p.on_undo.clone(),
        on_command: p.on_command.clone(),
    };
    let moving = Moving {
        ordering: p.ordering.clone(),
        choices: p.choices.clone(),
        on_choice: p.on_choice.clone(),
        escorts: p.escorts.clone(),
        on_escort: p.on_escort.clone(),
        riders: p.riders.clone(),
        riding: p.riding.clone(),
        on_ride: p.on_ride.clone(),
        on_cancel: p.on_cancel.clone(),
    };
    let st = &p.game.state;
    let decision = match &st.phase {
        Phase::Setup => html! { <Body {shared} text="The battle is being set up." /> },
        Phase::Over { .. } => html! { <over::Over {shared} /> },
        Phase::Activation { .. } => html! { <activation::Activation {shared} /> },
        Phase::EliteInitiative { .. } => html! { <activation::EliteInitiative {shared} /> },
        Phase::TrumpResponse { .. } => html! { <activation::TrumpResponse {shared} /> },
        Phase::Reactivation { .. } => html! { <activation::Reactivation {shared} /> },
        Phase::Momentum { .. } => html! { <activation::Momentum {shared} /> },
        Phase::PreArranged { .. } => html! { <pre_arranged::PreArranged {shared} /> },
        Phase::Orders { .. } => html! {
            <orders::Orders {shared} {moving} formation={p.formation.clone()} on_formation={p.on_formation.clone()}
                orderable={p.orderable} can_fire={p.can_fire} harass={p.harass.clone()} on_pass={p.on_pass.clone()} />
        },
        Phase::Reaction { .. } => html! {
            <reaction::Reaction {shared} {moving} lines={p.lines.clone()} on_line={p.on_line.clone()}
                line_choice={p.line_choice.clone()} line_plans={p.line_plans.clone()} on_answers={p.on_answers.clone()} />
        },
        Phase::RampageWithdrawal { .. } => html! { <rampage::Rampage {shared} {moving} /> },
        Phase::Shock { .. } => html! {
            <shock::Shock {shared} chosen={p.shock_chosen.clone()} on_toggle={p.on_toggle_shock.clone()} />
        },
        Phase::RoutChoice { .. } => html! { <rout::RoutChoice {shared} ways={p.rout_ways.clone()} /> },
        Phase::AdvanceTurn { .. } => html! { <advance::AdvanceTurn {shared} /> },
    };
    let side = p.game.decider();
    html! {
        <div class={classes!("prompt", side.map(side_class))} role="status" aria-live="polite" data-turn={st.turn.to_string()}>
            <span class="turn">{ format!("Turn {}", st.turn) }</span>
            { decision }
        </div>
    }
}
