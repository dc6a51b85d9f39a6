//! Standing orders (issues 20, 22): a sheet per side of the questions the rules put to a side
//! in the middle of the other side's move, each with the answer to give without asking; and
//! the play flow answering from them, at a pace a player can follow, through the same door as
//! any command (saved, and logged as a standing order). The answers themselves come from the
//! rules crate (`play::standing::answer`), which picks them among the engine's legal commands.

use crate::components::counters::side_class;
use crate::model::session::Session;
use crate::model::standing::{place, FACES, FIRES, LEADERS, RAMPAGES, ROUTS, TRUMPS, WITHDRAWS};
use sarissa_rules::play::standing::{pass_step, StandingOrders, UnitOrders};
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

const QUESTIONS: [Question; 7] = [
    Question {
        label: "An enemy comes up beside a unit (reaction facing, 7.16)",
        answers: &["Ask me", "Always turn to face", "Never turn"],
        get: |o| place(&FACES, &o.face),
        set: |o, k| o.face = FACES[k],
    },
    Question {
        label: "A slower enemy comes within two hexes (orderly withdrawal, 6.7)",
        answers: &["Ask me", "Withdraw cavalry", "Withdraw every unit that may", "Never withdraw"],
        get: |o| place(&WITHDRAWS, &o.withdraw),
        set: |o, k| o.withdraw = WITHDRAWS[k],
    },
    Question {
        label: "An enemy comes up to a leader (4.62)",
        answers: &["Ask me", "Withdraw only a leader who would be captured", "Always withdraw"],
        get: |o| place(&LEADERS, &o.leaders),
        set: |o, k| o.leaders = LEADERS[k],
    },
    Question {
        label: "An enemy comes into range (reaction fire, 8.2)",
        answers: &["Ask me", "Fire at anything", "Fire only at skirmishers", "Hold fire"],
        get: |o| place(&FIRES, &o.fire),
        set: |o, k| o.fire = FIRES[k],
    },
    Question {
        label: "The enemy trumps or gains momentum (5.42)",
        answers: &["Ask me", "Never trump the trump"],
        get: |o| place(&TRUMPS, &o.trump),
        set: |o, k| o.trump = TRUMPS[k],
    },
    Question {
        label: "A rout reaches hexes equally good (10.21)",
        answers: &["Ask me", "Choose for me by the rule's order of preference"],
        get: |o| place(&ROUTS, &o.rout),
        set: |o, k| o.rout = ROUTS[k],
    },
    Question {
        label: "A rampaging elephant comes near (6.77)",
        answers: &["Ask me", "Step out of its way", "Stand"],
        get: |o| place(&RAMPAGES, &o.rampage),
        set: |o, k| o.rampage = RAMPAGES[k],
    },
];

#[derive(Properties, PartialEq)]
pub struct StandingSheetProps {
    /// Each side's orders now, and the sides' names.
    pub orders: [StandingOrders; 2],
    pub names: Vec<String>,
    /// Each side's units, as (id, name), for the single units' rows.
    #[prop_or_default]
    pub units: Vec<Vec<(String, String)>>,
    /// A side played on another device (issue 22): its orders came with its last move, and are
    /// its player's to change, not this device's.
    #[prop_or_default]
    pub theirs: Option<usize>,
    /// Each side played by the computer: it decides all its questions, so its column asks none.
    #[prop_or_default]
    pub computer: Vec<bool>,
    /// The sides' orders as changed on the sheet.
    pub on_change: Callback<[StandingOrders; 2]>,
    pub on_close: Callback<()>,
}

/// Each side's units as (id, name), for the sheet's single units.
pub fn units_by_side(scenario: &sarissa_rules::Scenario) -> Vec<Vec<(String, String)>> {
    (0..scenario.sides.len())
        .map(|side| scenario.units.iter().filter(|u| u.side == side).map(|u| (u.id.clone(), u.name.clone())).collect())
        .collect()
}

/// A single unit's answers on the sheet: its facing, withdrawal and fire, each "as its side"
/// (`None`) or one of the side's answers.
struct UnitQuestion {
    label: &'static str,
    get: fn(&UnitOrders) -> Option<usize>,
    set: fn(&mut UnitOrders, Option<usize>),
    /// Into `QUESTIONS`, whose answers it offers.
    question: usize,
}

const UNIT_QUESTIONS: [UnitQuestion; 3] = [
    UnitQuestion {
        label: "Reaction facing",
        get: |u| u.face.map(|f| place(&FACES, &f)),
        set: |u, k| u.face = k.map(|k| FACES[k]),
        question: 0,
    },
    UnitQuestion {
        label: "Withdrawal",
        get: |u| u.withdraw.map(|w| place(&WITHDRAWS, &w)),
        set: |u, k| u.withdraw = k.map(|k| WITHDRAWS[k]),
        question: 1,
    },
    UnitQuestion {
        label: "Reaction fire",
        get: |u| u.fire.map(|f| place(&FIRES, &f)),
        set: |u, k| u.fire = k.map(|k| FIRES[k]),
        question: 3,
    },
];

/// The standing orders of both sides, one column a side, one row a question; then, for each
/// side this device plays, a row for each of its units whose orders differ from its side's.
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
    let by_computer = |side: usize| p.computer.get(side).copied().unwrap_or(false);
    let cell = |side: usize, q: usize| {
        if by_computer(side) {
            return html! { <td class={classes!(side_class(side), "standing-computer")}>{ "The computer decides" }</td> };
        }
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
                    disabled={p.theirs == Some(side)} onchange={pick(side, q)}>{ for options }</select>
            </td>
        }
    };
    let close = p.on_close.reform(|_: MouseEvent| ());
    let ours = (0..2).filter(|&s| p.theirs != Some(s) && !by_computer(s));
    html! {
        <div class="standing-sheet" role="dialog" aria-label="Standing orders">
            <h2>{ "Standing orders" }</h2>
            <p>{ "While the other side moves, the app answers these questions for you, and the log says so. “Ask me” leaves the question to you." }</p>
            if let Some(side) = p.theirs {
                <p class="standing-theirs">{ format!("{}’s orders came with their last move; their player sets them on their device. Yours travel with each move you send.", names.get(side).cloned().unwrap_or_default()) }</p>
            }
            <table>
                <tr><th></th>{ for names.iter().enumerate().map(|(i, n)| html! { <th class={side_class(i)}>{ n }</th> }) }</tr>
                { for (0..QUESTIONS.len()).map(|q| html! {
                    <tr><th scope="row">{ QUESTIONS[q].label }</th>{ cell(0, q) }{ cell(1, q) }</tr>
                }) }
            </table>
            { for ours.map(|side| unit_rows(p, side)) }
            <button class="act close-standing" onclick={close}>{ "Done" }</button>
        </div>
    }
}

/// A change to a side's single units' orders, by the place of the answer chosen.
type UnitsEdit = Box<dyn Fn(&mut Vec<UnitOrders>, usize)>;

/// `side`'s single units with orders of their own, a row each, and a unit to add.
fn unit_rows(p: &StandingSheetProps, side: usize) -> Html {
    let orders = &p.orders[side];
    let units = p.units.get(side).cloned().unwrap_or_default();
    let name_of =
        |id: &str| units.iter().find(|(u, _)| u == id).map(|(_, n)| n.clone()).unwrap_or_else(|| id.to_string());
    let change = |edit: UnitsEdit| {
        let (on_change, all) = (p.on_change.clone(), p.orders.clone());
        Callback::from(move |e: Event| {
            let k = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index().max(0) as usize;
            let mut next = all.clone();
            edit(&mut next[side].units, k);
            on_change.emit(next);
        })
    };
    let row = |(i, unit): (usize, &UnitOrders)| {
        let cells = UNIT_QUESTIONS.iter().enumerate().map(|(q, uq)| {
            let now = (uq.get)(unit).map_or(0, |k| k + 1);
            let answers = std::iter::once("As the side").chain(QUESTIONS[uq.question].answers.iter().copied());
            let set = uq.set;
            let onchange = change(Box::new(move |units, k| {
                if let Some(u) = units.get_mut(i) {
                    set(u, k.checked_sub(1));
                }
            }));
            html! {
                <td><select class="unit-answer" data-unit={unit.unit.clone()} data-question={q.to_string()}
                    aria-label={format!("{}: {}", name_of(&unit.unit), uq.label)} {onchange}>
                    { for answers.enumerate().map(|(k, a)| html! { <option selected={k == now}>{ a }</option> }) }
                </select></td>
            }
        });
        let remove = {
            let (on_change, all) = (p.on_change.clone(), p.orders.clone());
            Callback::from(move |_: MouseEvent| {
                let mut next = all.clone();
                next[side].units.remove(i);
                on_change.emit(next);
            })
        };
        html! {
            <tr class="unit-orders" data-unit={unit.unit.clone()}><th scope="row">{ name_of(&unit.unit) }</th>{ for cells }
                <td><button class="act remove-unit-orders" onclick={remove} aria-label={format!("{}: as the side", name_of(&unit.unit))}>{ "×" }</button></td></tr>
        }
    };
    let others: Vec<(String, String)> =
        units.iter().filter(|(id, _)| !orders.units.iter().any(|u| &u.unit == id)).cloned().collect();
    let add = {
        let others = others.clone();
        change(Box::new(move |units, k| {
            if let Some((id, _)) = k.checked_sub(1).and_then(|k| others.get(k)) {
                units.push(UnitOrders { unit: id.clone(), ..UnitOrders::default() });
            }
        }))
    };
    let side_name = p.names.get(side).cloned().unwrap_or_default();
    html! {
        <table class={classes!("standing-units", side_class(side))} data-side={side.to_string()}>
            <tr><th>{ format!("Single units of {side_name}") }</th>{ for UNIT_QUESTIONS.iter().map(|q| html! { <th>{ q.label }</th> }) }<th></th></tr>
            { for orders.units.iter().enumerate().map(row) }
            <tr><td colspan="5">
                <select class="add-unit-orders" data-side={side.to_string()} aria-label={format!("{side_name}: orders of their own for a unit")} onchange={add}>
                    <option selected=true>{ "A unit with orders of its own…" }</option>
                    { for others.iter().map(|(_, name)| html! { <option>{ name }</option> }) }
                </select>
            </td></tr>
        </table>
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
