//! Playing a battle, hotseat: the prompt says whose decision it is; the map offers exactly the
//! legal orders (from the engine's queries) and previews them; every command is saved at once.
//!
//! The screen in parts: the person's picks (`picks`), the engine's answers for them
//! (`answers`), a tap on the map (`select`), the unit or leader being moved (`moving`), what
//! the map shows (`overlay`), and the game played on (`playing`).

mod answers;
mod moving;
mod overlay;
mod picks;
mod playing;
mod select;
mod warm;

use crate::components::apart::SendMove;
use crate::components::computer::{self, Thinking};
use crate::components::later::{LaterMap, LaterPanel};
use crate::components::layers::{LayerButtons, Layers};
use crate::components::line_gesture;
use crate::components::map::{Overlay, Reveal};
use crate::components::orders::{formation_toggle, withdrawing};
use crate::components::prompt::Prompt;
use crate::components::standing_orders::StandingSheet;
use crate::components::topbar::TopBar;
use crate::model::session::{Session, Unlogged};
use answers::Answers;
use picks::Picks;
use sarissa_rules::game::Phase;
use sarissa_rules::play::line_plan::LinePlan;
use sarissa_rules::{Command, Game};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct PlayProps {
    /// The game's key in the library, under which every command is saved.
    pub game_id: AttrValue,
    pub session: Rc<Session>,
    /// What the players should be told as the game opens (a move of its save that no longer
    /// replays, a game file of an earlier battle).
    #[prop_or_default]
    pub note: Option<AttrValue>,
    pub on_exit: Callback<()>,
    /// The record of a game played apart (issue 22): which side this device plays.
    #[prop_or_default]
    pub apart: Option<crate::model::apart::Apart>,
}

impl PartialEq for PlayProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.session, &other.session) && self.game_id == other.game_id
    }
}

/// Screen pixels of the map's right side under the shock's odds sheet (styles.css, `.odds`).
const ODDS_SHEET: f64 = 350.0;
/// The height the line gesture's bar covers at the top of the map (CSS .line-gesture, two rows).
const LINE_BAR: f64 = 110.0;

/// What the screen's parts read and change, as the screen was drawn: the game shown and its
/// session, the person's picks and the engine's answers for them.
#[derive(Clone)]
struct Screen {
    game_id: AttrValue,
    session: UseStateHandle<Rc<Session>>,
    game: Rc<Game>,
    error: UseStateHandle<Option<String>>,
    /// The drawer over the map with the details, the log and the battle's story.
    drawer: UseStateHandle<bool>,
    picks: Picks,
    answers: Answers,
    /// The computer decides now: the person has nothing to choose.
    computer_decides: bool,
}

/// The ways to play the screen's commands: a person's gesture (`execute`, refused while the
/// computer or the other device decides), and several in turn (`play_many`).
struct Plays {
    execute: Callback<Command>,
    play_many: Callback<Vec<Command>>,
}

#[function_component(PlayScreen)]
pub fn play_screen(props: &PlayProps) -> Html {
    let session = use_state(|| props.session.clone());
    let picks = picks::use_picks();
    let error = use_state(|| props.note.as_ref().map(|n| n.to_string()));
    // A game resumed from its checkpoint: its log and undo come as its history is read back.
    crate::components::read_back::use_read_back(props.game_id.clone(), session.clone(), error.clone());
    // The drawer over the map with the details, the log and the battle's story: shut, so the
    // map has the screen, until the player opens it or taps something to read about.
    let drawer = use_state(|| false);
    // The overlays the player has switched on: enemy zones of control, command range.
    let layers = use_state(Layers::default);
    // The standing orders' sheet, open or shut.
    let sheet = use_state(|| false);
    // A leader passed in one tap (issue 20).
    let passing = use_state(|| None::<String>);
    // Single keys press the buttons on screen; the prompt's buttons are numbered (issue 20 §6).
    crate::components::keys::use_shortcuts();
    let key = Rc::as_ptr(&*session) as usize;
    let game: Rc<Game> = use_memo(key, {
        let s = session.clone();
        move |_| s.game.clone()
    });
    let computer_decides = session.computer_to_decide().is_some();
    let answers = answers::use_answers(key, &game, computer_decides, &picks);
    let (game_id, drawer_open) = (props.game_id.clone(), drawer.clone());
    let s = Screen { game_id, session, game, error, drawer: drawer_open, picks, answers, computer_decides };
    let plays = use_plays(&s, props, &passing);
    warm::use_warm_worker(&s.game);
    let shown_plan = s.picks.line_pick.and_then(|g| s.answers.line_plans.iter().find(|p| p.gesture == g).cloned());
    let shoot = moving::volley_as_it_goes(&s);
    let on_choice = moving::on_choice(&s, &plays.execute, shoot.is_some());
    // An arrow on the map makes the same choice as its button (the plain one, when each way
    // is offered with and without a volley).
    let on_facing = {
        let step = if shoot.is_some() { 2 } else { 1 };
        on_choice.reform(move |k: usize| k * step)
    };
    let overlay = overlay::overlay(&s, shown_plan.as_ref(), *layers);
    let reveal = reveal(&s, &overlay, shown_plan.as_ref());
    let on_layers = {
        let layers = layers.clone();
        Callback::from(move |l: Layers| layers.set(l))
    };
    html! {
        <div class="app playing">
            { top_bar(&s, props, &sheet) }
            { decision_bar(&s, props, &plays, &passing, on_choice, shoot.as_ref()) }
            <div class="battle">
                <LaterMap game={s.game.clone()} selected={*s.picks.selected} on_select={select::on_select(&s, &plays.execute)} {overlay} {on_facing} {reveal} />
                <LayerButtons layers={*layers} {on_layers} />
                <crate::components::keys::KeysHelp />
                { line_gesture_bar(&s, shown_plan.as_ref(), &plays.play_many) }
                { standing_sheet(&s, props, &sheet) }
                { drawer_panel(&s) }
            </div>
        </div>
    }
}

/// The commands played from the screen: a person's, the computer's (issue 21, played out by its
/// own hook, then adopted), and the standing orders' answers (issues 20, 22).
#[hook]
fn use_plays(s: &Screen, props: &PlayProps, passing: &UseStateHandle<Option<String>>) -> Plays {
    let adopt = playing::adopt(s);
    let play_many_as = playing::play_many_as(s, adopt.clone());
    let play_many = play_many_as.reform(|commands: Vec<Command>| (commands, false));
    let play_as = play_many_as.reform(|(command, standing): (Command, bool)| (vec![command], standing));
    let play_any = play_many.reform(|c: Command| vec![c]);
    computer::use_computer_turn(s.session.clone(), adopt, s.error.clone());
    crate::components::standing_orders::use_automatic_answers(s.session.clone(), passing.clone(), play_as);
    let execute = computer::people_only(&s.session, play_any, s.error.clone());
    let execute = crate::components::apart::ours_only(props.apart.as_ref(), &s.session, execute, s.error.clone());
    Plays { execute, play_many }
}

/// The shock's odds sheet covers the right of the map: the combats it describes are kept clear
/// of it. A line's plan is brought into view below the gesture's bar before it is confirmed.
fn reveal(s: &Screen, overlay: &Overlay, shown_plan: Option<&LinePlan>) -> Reveal {
    match (&s.game.state.phase, shown_plan) {
        (Phase::Shock { .. }, _) if s.picks.ordering.is_none() => {
            Reveal { hexes: overlay.focus.clone(), covered_right: ODDS_SHEET, ..Reveal::default() }
        }
        (_, Some(plan)) if s.picks.ordering.is_none() => {
            Reveal { hexes: line_gesture::plan_hexes(&s.game, plan), covered_top: LINE_BAR, ..Reveal::default() }
        }
        _ => Reveal::default(),
    }
}

/// The bar at the top: who plays each side, the drawer's and the standing orders' buttons, the
/// game as a file, the way out.
fn top_bar(s: &Screen, props: &PlayProps, sheet: &UseStateHandle<bool>) -> Html {
    let seats = (0..s.game.scenario.sides.len()).map(|k| s.session.seat(k)).collect::<Vec<_>>();
    let toggle_drawer = {
        let drawer = s.drawer.clone();
        Callback::from(move |_| drawer.set(!*drawer))
    };
    let toggle_sheet = {
        let sheet = sheet.clone();
        Callback::from(move |_| sheet.set(!*sheet))
    };
    html! {
        <TopBar game={s.game.clone()} {seats} on_seat={playing::on_seat(s)}
            drawer={*s.drawer} on_drawer={toggle_drawer} standing={**sheet} on_standing={toggle_sheet}
            on_save={playing::save_file(s)} on_exit={props.on_exit.clone()} />
    }
}

/// Whose decision it is: the computer thinking, the move to send to the other device, or the
/// prompt with the person's choices.
fn decision_bar(
    s: &Screen,
    props: &PlayProps,
    plays: &Plays,
    passing: &UseStateHandle<Option<String>>,
    on_choice: Callback<usize>,
    shoot: Option<&String>,
) -> Html {
    let (session, game, error) = (&s.session, &s.game, (*s.error).clone());
    if let (Some(text), Some(side)) = (computer::thinking_text(session), game.decider()) {
        return html! { <Thinking text={text} {side} turn={game.state.turn} {error} /> };
    }
    if let Some(record) = props.apart.clone().filter(|r| r.waiting(session)) {
        return html! { <SendMove game_id={props.game_id.clone()} session={(**session).clone()} {record} refused={error} /> };
    }
    let on_pass = {
        let passing = passing.clone();
        Callback::from(move |leader: String| passing.set(Some(leader)))
    };
    html! { <>
        { prompt(s, plays, on_pass, on_choice, shoot) }
        if let Some(record) = props.apart.clone().filter(|r| r.last_to_send(session)) {
            <SendMove game_id={props.game_id.clone()} session={(**session).clone()} {record} />
        }
    </> }
}

/// The prompt: the decision's text and buttons, with the person's move in progress.
fn prompt(
    s: &Screen,
    plays: &Plays,
    on_pass: Callback<String>,
    on_choice: Callback<usize>,
    shoot: Option<&String>,
) -> Html {
    let (game, picks, answers) = (&s.game, &s.picks, &s.answers);
    let sc = &game.scenario;
    let ordering = picks.ordering.map(|u| (sc.units[u].name.clone(), picks.target.is_some()));
    let reacting = withdrawing(&game.state.phase);
    let can_undo = s.session.can_undo() && !reacting;
    let undo_refused = s.session.undo_refused().map(AttrValue::from);
    let on_toggle_shock = {
        let picks = picks.clone();
        Callback::from(move |id: String| picks.toggle_shock(id))
    };
    // Several reactions answered together: those still legal in the same pause, then its end
    // (reactions.rs asks the engine at each).
    let on_answers = {
        let (game, play_many) = (game.clone(), plays.play_many.clone());
        Callback::from(move |answers: Vec<Command>| {
            play_many.emit(crate::components::reactions::in_one_pause(&game, &answers));
        })
    };
    let line = picks.line_chosen.and_then(|k| answers.lines.get(k));
    html! {
        <Prompt game={game.clone()} {ordering} orderable={answers.orderable.len()} can_fire={!answers.volleys.is_empty()} harass={(*answers.harassments).clone()} {can_undo} {undo_refused}
            error={(*s.error).clone()} on_command={plays.execute.clone()} on_cancel={moving::on_cancel(s)} on_undo={playing::on_undo(s)} {on_pass}
            choices={moving::choices(s, shoot)} {on_choice} riders={moving::riders(s)} riding={picks.riding.map(|(l, _)| sc.leaders[l].name.clone())} on_ride={moving::on_ride(s)}
            formation={formation_toggle(answers.column_now, answers.wanted, answers.can_change && !reacting)} on_formation={moving::on_formation(s)}
            escorts={moving::escorts(s)} on_escort={moving::on_escort(s)}
            shock_chosen={(*picks.shock_chosen).clone()} {on_toggle_shock}
            lines={answers.lines.iter().map(|l| l.label.clone()).collect::<Vec<_>>()} on_line={moving::on_line(s)}
            line_choice={line.map(|l| l.label.clone())}
            line_plans={line.map(|l| l.choices.clone()).unwrap_or_default()} {on_answers}
            rout_ways={answers.rout_ways.clone()} />
    }
}

/// A line moved as a body in one gesture (issue 20 §4): the engine's plans over the map, one
/// shown, played on "Confirm"; none while a unit is in hand.
fn line_gesture_bar(s: &Screen, shown_plan: Option<&LinePlan>, play_many: &Callback<Vec<Command>>) -> Html {
    if s.picks.ordering.is_some() {
        return Html::default();
    }
    let plans = &s.answers.line_plans;
    let on_choose = {
        let (line_pick, plans) = (s.picks.line_pick.clone(), plans.clone());
        Callback::from(move |k: Option<usize>| line_pick.set(k.and_then(|k| plans.get(k)).map(|p| p.gesture)))
    };
    let on_confirm = {
        let (plan, play_many) = (shown_plan.cloned(), play_many.clone());
        Callback::from(move |_| {
            if let Some(p) = &plan {
                play_many.emit(p.moves.clone());
            }
        })
    };
    html! {
        <line_gesture::LineGesture plans={plans.iter().map(|p| (line_gesture::plan_label(p), line_gesture::plan_class(p))).collect::<Vec<_>>()}
            chosen={shown_plan.and_then(|p| plans.iter().position(|q| q == p))}
            aside={s.picks.line_aside.len()} {on_choose} {on_confirm} />
    }
}

/// The standing orders' sheet (issues 20, 22), when open.
fn standing_sheet(s: &Screen, props: &PlayProps, sheet: &UseStateHandle<bool>) -> Html {
    if !**sheet {
        return Html::default();
    }
    let (sc, session) = (&s.game.scenario, &s.session);
    let on_close = {
        let sheet = sheet.clone();
        Callback::from(move |_| sheet.set(false))
    };
    html! {
        <StandingSheet orders={session.standing.sides.clone()} names={sc.sides.iter().map(|x| x.name.clone()).collect::<Vec<_>>()} on_change={playing::on_standing(s)}
            units={crate::components::standing_orders::units_by_side(sc)} theirs={props.apart.as_ref().map(|r| r.other_side())}
            computer={(0..sc.sides.len()).map(|k| session.seat(k).level().is_some()).collect::<Vec<_>>()}
            {on_close} />
    }
}

/// The drawer over the map: the details of the hex selected, the log, the battle's story.
fn drawer_panel(s: &Screen) -> Html {
    let on_close = {
        let selected = s.picks.selected.clone();
        Callback::from(move |_| selected.set(None))
    };
    let on_hide = {
        let drawer = s.drawer.clone();
        Callback::from(move |_| drawer.set(false))
    };
    html! {
        <LaterPanel game={s.game.clone()} selected={*s.picks.selected} {on_close} log={s.session.log.clone()} on_log={playing::on_log(s)} drawer=true open={*s.drawer} {on_hide} />
    }
}

/// `commands` played in turn on a copy of `session` until one is refused (as standing orders'
/// answers when `standing`): the game after them, how many were played, why the next was
/// refused, and the last one's entries in the log, still to be written (`Session::write_log`)
/// in a task of their own (issue 19).
pub fn played_unlogged(
    session: &Session,
    commands: Vec<Command>,
    standing: bool,
) -> (Session, usize, Option<String>, Option<Unlogged>) {
    let mut next = session.clone();
    let (mut done, mut last) = (0, None);
    for command in commands {
        // Each command's entries are written before the next is played.
        if let Some(previous) = last.take() {
            next.write_log(previous);
        }
        match if standing { next.execute_standing_unlogged(command) } else { next.execute_unlogged(command) } {
            Ok(unlogged) => {
                done += 1;
                last = Some(unlogged);
            }
            Err(e) => return (next, done, Some(e.to_string()), last),
        }
    }
    (next, done, None, last)
}
