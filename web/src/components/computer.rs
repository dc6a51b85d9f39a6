//! The computer's turn (issue 21): when the decision is a side the computer plays, its Web
//! Worker thinks (`model::worker`, `Job::Think`, on its own copy of the game kept in step with
//! the page's: `browser::worker::ask_about`) while the map stays usable, the prompt says so,
//! and its commands are played one at a time, at a pace a player can follow, through the same
//! door as anyone's (so they are saved and logged alike). A person's gestures meanwhile are
//! refused in words.

use crate::browser::worker::ask_about;
use crate::browser::{mark_page, page_clock};
use crate::components::counters::side_class;
use crate::components::play::played_unlogged;
use crate::model::session::{Seat, Session};
use crate::model::worker::{Answer, Decision, Job};
use sarissa_rules::play::notation;
use sarissa_rules::Command;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

/// How long a command of the computer's stays on the map before the next: moves, shots and
/// shocks are worth watching; the many small decisions (passes, reactions, facings) go faster.
fn pace(command: &Command) -> f64 {
    match command {
        Command::Move { .. }
        | Command::MoveTo { .. }
        | Command::LineCommand { .. }
        | Command::WingCommand { .. }
        | Command::Fire { .. }
        | Command::FireBow { .. }
        | Command::Shock { .. }
        | Command::ShockCombats { .. }
        | Command::RoutTo { .. } => 400.0,
        _ => 150.0,
    }
}

/// The rest of a run of the computer's decisions (one answer of its worker brings a run:
/// `model::worker::Worker::think_run`), each played once the game is the one the computer's
/// command before it made.
#[derive(Default)]
struct Plan {
    /// The game the computer's last command made; the plan holds only while it is the game now.
    made: Option<Rc<Session>>,
    run: VecDeque<Command>,
}

impl Plan {
    /// The computer's next command at `session`, if the run it planned goes on from there.
    fn next_at(&mut self, session: &Rc<Session>) -> Option<Command> {
        if !self.made.as_ref().is_some_and(|made| Rc::ptr_eq(made, session)) {
            self.run.clear();
        }
        self.run.pop_front()
    }
}

/// The screen's ways to take the game on: `adopt` takes a game the computer played on (with why
/// its command was refused, if it was); `error` says why the computer could not decide.
#[derive(Clone)]
struct Screen {
    session: UseStateHandle<Rc<Session>>,
    adopt: Callback<(Rc<Session>, Option<String>)>,
    error: UseStateHandle<Option<String>>,
    plan: Rc<RefCell<Plan>>,
    /// The screen has moved on (another game, or left): what was waited for is dropped.
    dropped: Rc<Cell<bool>>,
}

/// Plays the computer's decisions in `session`, each once the session stands still, through
/// `adopt`: the worker answers a run of them at a time, played out one by one at a pace a
/// player can follow. A decision no longer awaited (the game moved on, the screen was left) is
/// dropped. Why the computer could not decide goes to `error`.
#[hook]
pub fn use_computer_turn(
    session: UseStateHandle<Rc<Session>>,
    adopt: Callback<(Rc<Session>, Option<String>)>,
    error: UseStateHandle<Option<String>>,
) {
    let plan = use_mut_ref(Plan::default);
    let key = Rc::as_ptr(&*session) as usize;
    use_effect_with(key, move |_| {
        note_redrawn();
        let screen = Screen { session, adopt, error, plan, dropped: Rc::new(Cell::new(false)) };
        let dropped = screen.dropped.clone();
        if screen.session.computer_to_decide().is_some() {
            let planned = screen.plan.borrow_mut().next_at(&screen.session);
            match planned {
                Some(command) => play_after(pace(&command), command, screen),
                None => ask_soon(screen),
            }
        }
        move || dropped.set(true)
    });
}

/// [`ask_for_run`] in a task of its own: not in the one drawing the game, which this hook's
/// effect ends.
fn ask_soon(screen: Screen) {
    spawn_local(async move {
        sleep(Duration::ZERO).await;
        if !screen.dropped.get() {
            ask_for_run(screen);
        }
    });
}

/// Asks the worker for the computer's run from the decision now, and plays its first command.
fn ask_for_run(screen: Screen) {
    let session = (*screen.session).clone();
    let sides = session.game.scenario.sides.len();
    let levels: Vec<Option<String>> =
        (0..sides).map(|side| session.seat(side).level().map(|l| l.name().into())).collect();
    let job = move |sync| Job::Think { sync, levels: levels.clone(), seed: session.seed };
    let asked = page_clock();
    mark_page("data-computer-thinking", "1");
    ask_about((*screen.session).clone(), job, move |_, answer| {
        if screen.dropped.get() {
            return;
        }
        mark_page("data-computer-thinking", "0");
        match answer {
            Answer::Think { run, busy_ms, .. } => {
                note_run(&run, page_clock() - asked, busy_ms);
                match read_run(&run) {
                    Ok(mut commands) => {
                        // The worker had the computer to decide and chose nothing: said, not
                        // left as "thinking…" for ever.
                        let Some(first) = commands.pop_front() else {
                            let why = "The computer found no order to give at this decision; a person may take its side from Players.";
                            return screen.error.set(Some(why.into()));
                        };
                        screen.plan.borrow_mut().run = commands;
                        play_after(pace(&first) - (page_clock() - asked), first, screen);
                    }
                    Err(why) => screen.error.set(Some(why)),
                }
            }
            Answer::Refused(why) => screen.error.set(Some(format!("The computer could not decide: {why}"))),
            Answer::ShockOdds(_) | Answer::OutOfStep | Answer::Warmed { .. } => {}
        }
    });
}

/// The run's commands, read from the notation.
fn read_run(run: &[Decision]) -> Result<VecDeque<Command>, String> {
    run.iter()
        .map(|d| match notation::parse(&d.command) {
            Ok(Some(command)) => Ok(command),
            Ok(None) => Err(format!("The computer's order “{}” is empty.", d.command)),
            Err(why) => Err(format!("The computer's order “{}” could not be read: {why}", d.command)),
        })
        .collect()
}

/// Plays `command` after `wait_ms`, in three tasks so that none holds the page long: the game
/// played on (the engine's checks), the log's wording, then the screen taking it (and drawing
/// it again, its map and drawer in tasks of their own: `later`).
fn play_after(wait_ms: f64, command: Command, screen: Screen) {
    spawn_local(async move {
        sleep(Duration::from_millis(wait_ms.max(0.0) as u64)).await;
        if screen.dropped.get() {
            return;
        }
        let began = page_clock();
        let (mut next, done, refused, unlogged) = played_unlogged(&screen.session, vec![command], false);
        note("carry-out", page_clock() - began);
        if done == 0 {
            screen.plan.borrow_mut().run.clear();
            screen.error.set(refused);
            return;
        }
        // Its log's entries are worded in a task of their own (issue 19).
        if let Some(unlogged) = unlogged {
            sleep(Duration::ZERO).await;
            let began = page_clock();
            next.write_log(unlogged);
            note("wording", page_clock() - began);
        }
        sleep(Duration::ZERO).await;
        if screen.dropped.get() {
            return;
        }
        let next = Rc::new(next);
        screen.plan.borrow_mut().made = Some(next.clone());
        ADOPTED_AT.set(Some(page_clock()));
        screen.adopt.emit((next, refused));
    });
}

thread_local! {
    /// When the screen was handed the computer's last command, until it has drawn it.
    static ADOPTED_AT: Cell<Option<f64>> = const { Cell::new(None) };
    /// Each figure's times so far (ms), by name.
    static FIGURES: RefCell<Vec<(&'static str, Vec<f64>)>> = const { RefCell::new(Vec::new()) };
}

/// The screen has drawn the game the computer's command made (its effects run after drawing):
/// how long that took, from the screen's taking it.
fn note_redrawn() {
    if let Some(at) = ADOPTED_AT.take() {
        note("redraw", page_clock() - at);
    }
}

/// A run's figures: each decision's thinking in the worker (what issue 21 compares with the
/// native time), the page's round trip (asked to answered), and the part of it the worker was
/// not busy (posting, waiting for the page to wake).
fn note_run(run: &[Decision], round_trip: f64, busy_ms: f64) {
    for decision in run {
        note("think", decision.think_ms);
    }
    note("round-trip", round_trip);
    note("overhead", round_trip - busy_ms);
}

/// Adds `ms` to the figure `name` and puts its count, median and longest on the page
/// (`data-computer-NAME-count`, `-median`, `-longest`), for the e2e test to print against
/// issue 21's measures.
fn note(name: &'static str, ms: f64) {
    let (count, median, longest) = FIGURES.with_borrow_mut(|figures| {
        let at = figures.iter().position(|(n, _)| *n == name).unwrap_or_else(|| {
            figures.push((name, Vec::new()));
            figures.len() - 1
        });
        let times = &mut figures[at].1;
        times.push(ms);
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        (sorted.len(), sorted[sorted.len() / 2], sorted[sorted.len() - 1])
    });
    mark_page(&format!("data-computer-{name}-count"), &count.to_string());
    mark_page(&format!("data-computer-{name}-median"), &format!("{median:.1}"));
    mark_page(&format!("data-computer-{name}-longest"), &format!("{longest:.1}"));
}

/// `play` for the person at the device: refused, in words, while the computer decides.
pub fn people_only(
    session: &Rc<Session>,
    play: Callback<Command>,
    error: UseStateHandle<Option<String>>,
) -> Callback<Command> {
    match thinking_text(session) {
        Some(text) => Callback::from(move |_| error.set(Some(format!("{text} Its decisions are its own.")))),
        None => play,
    }
}

/// "Bactrians (computer, hard) is thinking…" while the computer decides.
pub fn thinking_text(session: &Session) -> Option<String> {
    let side = session.game.decider()?;
    session.computer_to_decide()?;
    let name = &session.game.scenario.sides[side].name;
    Some(format!("{name} ({}) is thinking…", session.seat(side).label()))
}

#[derive(Properties, PartialEq)]
pub struct ThinkingProps {
    pub text: AttrValue,
    pub side: usize,
    pub turn: u16,
    #[prop_or_default]
    pub error: Option<String>,
}

/// The prompt bar while the computer decides: no buttons, the map stays to look at.
#[function_component(Thinking)]
pub fn thinking(p: &ThinkingProps) -> Html {
    html! {
        <div class={classes!("prompt", "thinking", side_class(p.side))} role="status" aria-live="polite" data-turn={p.turn.to_string()}>
            <span class="prompt-text">{ p.text.clone() }</span>
            if let Some(e) = &p.error { <span class="prompt-error" role="alert">{ e }</span> }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct SeatsProps {
    /// Who plays each side now, in side order.
    pub seats: Vec<Seat>,
    pub sides: Vec<AttrValue>,
    /// A side and who is to play it from now on.
    pub on_seat: Callback<(usize, Seat)>,
}

/// Who plays each side, changeable at any point of a game: a game opened from a link (which
/// carries no players) or begun by two people can be handed to the computer, and back.
#[function_component(Seats)]
pub fn seats(p: &SeatsProps) -> Html {
    let pickers = p.sides.iter().enumerate().map(|(i, name)| {
        let now = p.seats.get(i).copied().unwrap_or_default();
        let pick = p.on_seat.reform(move |e: Event| {
            let chosen = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
            (i, Seat::ALL.get(chosen as usize).copied().unwrap_or_default())
        });
        let options = Seat::ALL.iter().map(|seat| {
            html! { <option value={seat.label()} selected={*seat == now}>{ seat.label() }</option> }
        });
        html! {
            <label class={classes!("seat-row", side_class(i))}>{ name.clone() }
                <select class="seat" data-side={i.to_string()} aria-label={format!("Who plays {name}")} onchange={pick}>
                    { for options }
                </select>
            </label>
        }
    });
    html! {
        <details class="seats">
            <summary>{ "Players" }</summary>
            <div class="seats-sheet">{ for pickers }</div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::scenario::OptionChanges;
    use std::sync::Arc;

    fn samarkand(players: Vec<Seat>) -> Session {
        let scenario = Arc::new(crate::model::scenarios::load("samarkand").unwrap());
        Session::new(scenario, 3, OptionChanges::new()).unwrap().with_players(players)
    }

    /// The prompt names the side and its level while the computer decides, and only then.
    #[test]
    fn the_prompt_says_which_computer_is_thinking() {
        let s = samarkand(vec![Seat::Hard, Seat::Person]);
        assert_eq!(s.game.decider(), Some(0));
        assert_eq!(thinking_text(&s).as_deref(), Some("Macedonian relief column (computer, hard) is thinking…"));
        assert_eq!(thinking_text(&samarkand(vec![Seat::Person, Seat::Easy])), None);
        assert_eq!(thinking_text(&samarkand(Vec::new())), None);
    }

    /// A run of the computer's (issue 21) goes on only on the game its last command made: on
    /// any other (a person changed the seats, or the game), what was left of it is dropped.
    #[test]
    fn the_computers_run_goes_on_only_on_the_game_its_last_command_made() {
        let made = Rc::new(samarkand(vec![Seat::Hard, Seat::Person]));
        let run = VecDeque::from([Command::EndReaction, Command::EndReaction]);
        let mut plan = Plan { made: Some(made.clone()), run };
        assert_eq!(plan.next_at(&made), Some(Command::EndReaction));
        let other = Rc::new((*made).clone());
        assert_eq!(plan.next_at(&other), None);
        assert_eq!(plan.next_at(&made), None, "dropped for good");
    }

    /// Moves, shots and shocks stay longer on the map than the small decisions.
    #[test]
    fn the_computers_moves_are_paced_slower_than_its_small_decisions() {
        let shock = Command::Shock { attackers: vec!["a".into()] };
        assert!(pace(&shock) > pace(&Command::EndReaction));
    }
}
