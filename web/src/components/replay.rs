//! A game played back on the map: step through it one command or one turn at a time, the
//! log following; "play on from here" makes a new game of the library from the position shown.

use crate::components::map::MapView;
use crate::components::panel::Panel;
use crate::model::replay::Replay;
use crate::model::session::Session;
use sarissa_rules::{Game, HexId};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct ReplayProps {
    pub session: Rc<Session>,
    pub on_exit: Callback<()>,
    /// A new game from the position shown.
    pub on_play_on: Callback<Session>,
    /// What happened since this side's last decision, in a game played apart (issue 22): the
    /// replay begins after this many commands, and ends with this side's decision.
    #[prop_or_default]
    pub since: Option<usize>,
    #[prop_or_default]
    pub on_decide: Callback<()>,
}

impl PartialEq for ReplayProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.session, &other.session)
    }
}

#[function_component(ReplayScreen)]
pub fn replay_screen(props: &ReplayProps) -> Html {
    let replay: Rc<RefCell<Result<Replay, String>>> = {
        let session = props.session.clone();
        let since = props.since;
        use_memo((), move |_| {
            let mut replay = Replay::new(&session);
            if let (Ok(r), Some(k)) = (&mut replay, since) {
                r.go_to(k);
            }
            RefCell::new(replay)
        })
    };
    let step = use_state(|| props.since.unwrap_or(props.session.commands.len()));
    let selected = use_state(|| None::<HexId>);
    let steps = Steps { replay: replay.clone(), step: step.clone() };
    let back = props.on_exit.reform(|_: MouseEvent| ());
    let guard = replay.borrow();
    let r = match &*guard {
        Ok(r) => r,
        Err(why) => {
            return html! {
                <div class="app replaying">
                    <header class="topbar"><button class="back" onclick={back}>{ "‹ Games" }</button></header>
                    <p class="notice" role="alert">{ format!("This game cannot be played back: {why}.") }</p>
                </div>
            }
        }
    };
    let game: Rc<Game> = Rc::new(r.at.game.clone());
    let log = r.at.log.clone();
    let play_on = {
        let (replay, on_play_on) = (replay.clone(), props.on_play_on.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(r) = &*replay.borrow() {
                on_play_on.emit(r.at.clone());
            }
        })
    };
    let on_select = {
        let selected = selected.clone();
        Callback::from(move |h: HexId| selected.set(Some(h)))
    };
    let on_close = {
        let selected = selected.clone();
        Callback::from(move |_| selected.set(None))
    };
    let s = &game.scenario;
    // What happened since this side's last decision (issue 22): from there to the end, then
    // the decision; otherwise the whole game, and a new game from any move.
    let (class, title, bar) = match props.since {
        Some(since) => {
            ("since", "What happened since your last decision", since_bar(&steps, r, since, &props.on_decide))
        }
        None => ("whole", "Replay", whole_bar(&steps, r, play_on)),
    };
    html! {
        <div class={classes!("app", "playing", "replaying", class)}>
            <header class="topbar">
                <button class="back" onclick={back} aria-label="Your games">{ "‹ Games" }</button>
                <span class="battle-name">{ &s.meta.name }</span>
                <span class="rules">{ title }</span>
            </header>
            { bar }
            <div class="battle">
                <MapView game={game.clone()} selected={*selected} {on_select} />
                <Panel game={game.clone()} selected={*selected} {on_close} log={log} />
            </div>
        </div>
    }
}

/// The replay's position, and the buttons that move it.
struct Steps {
    replay: Rc<RefCell<Result<Replay, String>>>,
    step: UseStateHandle<usize>,
}

impl Steps {
    /// A button's action: go to the step `to` picks.
    fn go(&self, to: fn(&Replay) -> usize) -> Callback<MouseEvent> {
        let (replay, step) = (self.replay.clone(), self.step.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(r) = &mut *replay.borrow_mut() {
                let k = to(r);
                r.go_to(k);
                step.set(r.step);
            }
        })
    }
}

/// In a game played apart: the moves since `since`, then this side's decision.
fn since_bar(steps: &Steps, r: &Replay, since: usize, on_decide: &Callback<()>) -> Html {
    let (at, len) = (r.step, r.len());
    let decide = on_decide.reform(|_: MouseEvent| ());
    let first = since.min(len);
    html! {
        <nav class="replay-bar" aria-label="What happened since">
            <button class="act step-back" onclick={steps.go(|r| r.step.saturating_sub(1))} disabled={at <= first}>{ "‹ Move" }</button>
            <span class="where" data-step={at.to_string()}>{ format!("{} of {} commands since · turn {}", at.saturating_sub(first), len - first, r.turn_at(at)) }</span>
            <button class="act step-on" onclick={steps.go(|r| r.step + 1)} disabled={at == len}>{ "Move ›" }</button>
            <button class="act to-end" onclick={steps.go(|r| r.len())} disabled={at == len}>{ "Skip to the end" }</button>
            <button class="play decide" onclick={decide}>{ "Your decision ›" }</button>
        </nav>
    }
}

/// The whole game: by move or by turn, and a new game from the position shown.
fn whole_bar(steps: &Steps, r: &Replay, play_on: Callback<MouseEvent>) -> Html {
    let (at, len) = (r.step, r.len());
    html! {
        <nav class="replay-bar" aria-label="Replay">
            <button class="act to-start" onclick={steps.go(|_| 0)} disabled={at == 0} aria-label="To the start">{ "« Start" }</button>
            <button class="act turn-back" onclick={steps.go(Replay::previous_turn)} disabled={at == 0}>{ "◀ Turn" }</button>
            <button class="act step-back" onclick={steps.go(|r| r.step.saturating_sub(1))} disabled={at == 0}>{ "‹ Move" }</button>
            <span class="where" data-step={at.to_string()}>{ format!("move {at} of {len} · turn {}", r.turn_at(at)) }</span>
            <button class="act step-on" onclick={steps.go(|r| r.step + 1)} disabled={at == len}>{ "Move ›" }</button>
            <button class="act turn-on" onclick={steps.go(Replay::next_turn)} disabled={at == len}>{ "Turn ▶" }</button>
            <button class="act to-end" onclick={steps.go(|r| r.len())} disabled={at == len} aria-label="To the end">{ "End »" }</button>
            <button class="play play-on" onclick={play_on}>{ "Play on from here" }</button>
        </nav>
    }
}
