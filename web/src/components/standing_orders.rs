//! Standing orders (issues 20, 22): a sheet per side of the questions the rules put to a side
//! in the middle of the other side's move, each with the answer to give without asking; and
//! the play flow answering from them, at a pace a player can follow, through the same door as
//! any command (saved, and logged as a standing order). The answers themselves come from the
//! rules crate (`play::standing::answer`), which picks them among the engine's legal commands.

use crate::components::counters::side_class;
use crate::model::session::Session;
use sarissa_rules::play::standing::{pass_step, Face, Fire, Leaders, Rampage, Rout, StandingOrders, Trump, Withdraw};
use sarissa_rules::Command;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

/// How long the question stays on screen before its standing order answers it (ms).
const PACE_MS: u64 = 300;

/// One question of the sheet: its words, its answers' words, and how it reads and sets them.
struct Question {
    label: &'static str,
    answers: &'static [&'static str],
    get: fn(&StandingOrders) -> usize,
    set: fn(&mut StandingOrders, usize),
}

const FACES: [Face; 3] = [Face::Ask, Face::Always, Face::Never];
const WITHDRAWS: [Withdraw; 4] = [Withdraw::Ask, Withdraw::Cavalry, Withdraw::Always, Withdraw::Never];
const LEADERS: [Leaders; 3] = [Leaders::Ask, Leaders::WhenExposed, Leaders::Always];
const FIRES: [Fire; 4] = [Fire::Ask, Fire::AtAnything, Fire::AtSkirmishers, Fire::Never];
const TRUMPS: [Trump; 2] = [Trump::Ask, Trump::Never];
const ROUTS: [Rout; 2] = [Rout::Ask, Rout::ByPreference];
const RAMPAGES: [Rampage; 3] = [Rampage::Ask, Rampage::StepAside, Rampage::Stand];

fn at<T: PartialEq>(all: &[T], now: &T) -> usize {
    all.iter().position(|x| x == now).unwrap_or(0)
}

const QUESTIONS: [Question; 7] = [
    Question {
        label: "An enemy comes up beside a unit (reaction facing, 7.16)",
        answers: &["Ask me", "Always turn to face", "Never turn"],
        get: |o| at(&FACES, &o.face),
        set: |o, k| o.face = FACES[k],
    },
    Question {
        label: "A slower enemy comes within two hexes (orderly withdrawal, 6.7)",
        answers: &["Ask me", "Withdraw cavalry", "Withdraw every unit that may", "Never withdraw"],
        get: |o| at(&WITHDRAWS, &o.withdraw),
        set: |o, k| o.withdraw = WITHDRAWS[k],
    },
    Question {
        label: "An enemy comes up to a leader (4.62)",
        answers: &["Ask me", "Withdraw only a leader who would be captured", "Always withdraw"],
        get: |o| at(&LEADERS, &o.leaders),
        set: |o, k| o.leaders = LEADERS[k],
    },
    Question {
        label: "An enemy comes into range (reaction fire, 8.2)",
        answers: &["Ask me", "Fire at anything", "Fire only at skirmishers", "Hold fire"],
        get: |o| at(&FIRES, &o.fire),
        set: |o, k| o.fire = FIRES[k],
    },
    Question {
        label: "The enemy trumps or gains momentum (5.42)",
        answers: &["Ask me", "Never trump the trump"],
        get: |o| at(&TRUMPS, &o.trump),
        set: |o, k| o.trump = TRUMPS[k],
    },
    Question {
        label: "A rout reaches hexes equally good (10.21)",
        answers: &["Ask me", "Choose for me by the rule's order of preference"],
        get: |o| at(&ROUTS, &o.rout),
        set: |o, k| o.rout = ROUTS[k],
    },
    Question {
        label: "A rampaging elephant comes near (6.77)",
        answers: &["Ask me", "Step out of its way", "Stand"],
        get: |o| at(&RAMPAGES, &o.rampage),
        set: |o, k| o.rampage = RAMPAGES[k],
    },
];

#[derive(Properties, PartialEq)]
pub struct StandingSheetProps {
    /// Each side's orders now, and the sides' names.
    pub orders: [StandingOrders; 2],
    pub names: Vec<String>,
    /// The sides' orders as changed on the sheet.
    pub on_change: Callback<[StandingOrders; 2]>,
    pub on_close: Callback<()>,
}

/// The standing orders of both sides, one column a side, one row a question.
#[function_component(StandingSheet)]
pub fn standing_sheet(p: &StandingSheetProps) -> Html {
    let (sides, names) = (p.orders.clone(), &p.names);
    let pick = |side: usize, q: usize| {
        let (on_change, sides) = (p.on_change.clone(), sides.clone());
        Callback::from(move |e: Event| {
            let k = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index().max(0) as usize;
            let mut next = sides.clone();
            (QUESTIONS[q].set)(&mut next[side], k.min(QUESTIONS[q].answers.len() - 1));
            on_change.emit(next);
        })
    };
    let cell = |side: usize, q: usize| {
        let now = (QUESTIONS[q].get)(&sides[side]);
        let options = QUESTIONS[q].answers.iter().enumerate().map(|(k, a)| {
            html! {
                <option value={k.to_string()} selected={k == now}>{ *a }</option>
            }
        });
        html! {
            <td class={side_class(side)}>
                <select class="standing-answer" data-side={side.to_string()} data-question={q.to_string()}
                    aria-label={format!("{}: {}", names.get(side).cloned().unwrap_or_default(), QUESTIONS[q].label)}
                    onchange={pick(side, q)}>{ for options }</select>
            </td>
        }
    };
    let close = p.on_close.reform(|_: MouseEvent| ());
    html! {
        <div class="standing-sheet" role="dialog" aria-label="Standing orders">
            <h2>{ "Standing orders" }</h2>
            <p>{ "While the other side moves, the app answers these questions for you, and the log says so. “Ask me” leaves the question to you." }</p>
            <table>
                <tr><th></th>{ for names.iter().enumerate().map(|(i, n)| html! { <th class={side_class(i)}>{ n }</th> }) }</tr>
                { for (0..QUESTIONS.len()).map(|q| html! {
                    <tr><th scope="row">{ QUESTIONS[q].label }</th>{ cell(0, q) }{ cell(1, q) }</tr>
                }) }
            </table>
            <button class="act close-standing" onclick={close}>{ "Done" }</button>
        </div>
    }
}

/// Plays, through `play` (the command, and whether standing orders gave it) after a short
/// pause: the next step of a leader `passing` in one tap (`play::standing::pass_step`), else
/// the standing orders' answer to the decision now, if they cover it. A decision no longer
/// awaited (the game moved on, the screen was left) is dropped; a pass that is done (or meets
/// a decision of its own) is cleared.
#[hook]
pub fn use_automatic_answers(
    session: UseStateHandle<Rc<Session>>,
    passing: UseStateHandle<Option<String>>,
    play: Callback<(Command, bool)>,
) {
    let key = (Rc::as_ptr(&*session) as usize, (*passing).clone());
    use_effect_with(key, move |(_, leader)| {
        let dropped = Rc::new(Cell::new(false));
        let pass = leader.as_deref().and_then(|l| pass_step(&session.game, l));
        if leader.is_some() && pass.is_none() {
            passing.set(None);
        }
        let next = pass.map(|c| (c, false)).or_else(|| session.standing_answer().map(|c| (c, true)));
        if let Some(next) = next {
            let waiting = dropped.clone();
            spawn_local(async move {
                sleep(Duration::from_millis(PACE_MS)).await;
                if !waiting.get() {
                    play.emit(next);
                }
            });
        }
        move || dropped.set(true)
    });
}
