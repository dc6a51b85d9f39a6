//! Reactions answered together (issue 20 §4): when an enemy step gives several of the player's
//! units something to answer — turn to face it (GBA 7.16, 7.17), shoot at it (8.21–8.23), an
//! engine's shot in the pause (CG 10.52) — the prompt lists them all, a row a unit, each with
//! "stay" picked; the player picks the answers and sends them at once. The engine still takes
//! them one command at a time: each is sent only while it is legal in the same pause, and the
//! pause is closed only when no new question has come of the answers (a unit that turned may
//! now shoot, 8.21: then the prompt asks again).

use sarissa_rules::combat::fire::{reaction_firers, reaction_targets};
use sarissa_rules::combat::missile::MissileFire;
use sarissa_rules::combat::odds::missile_odds;
use sarissa_rules::game::Phase;
use sarissa_rules::movement::reaction::reaction_options;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::special::artillery::pause_shots;
use sarissa_rules::{Command, Game};
use std::rc::Rc;
use yew::prelude::*;

/// One unit's question: its name, the label of doing nothing, and each answer with its command.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub unit: String,
    pub name: String,
    pub stay: &'static str,
    pub answers: Vec<(String, Command)>,
}

/// The chance of at least one hit, in whole percent (8.15).
pub fn hit_chance(fire: &MissileFire) -> f64 {
    missile_odds(fire).map(|o| 1.0 - o.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0) * 100.0
}

/// The questions of the reaction pause shown, from the engine's own lists: the units that may
/// turn to face the mover, then those that may shoot, then the engines that may shoot in the
/// pause; none outside a reaction.
pub fn questions(game: &Game) -> Vec<Question> {
    let (s, st) = (&*game.scenario, &game.state);
    let Phase::Reaction { mover, reactors, leader_move, .. } = &st.phase else { return Vec::new() };
    // An enemy leader riding alone is the mover when Darius is asked (9.24): nobody turns or shoots.
    if leader_move.is_some() {
        return Vec::new();
    }
    let name = |i: usize| s.units[i].name.clone();
    let mover_name = s.unit(mover).map(|u| u.name.clone()).unwrap_or_default();
    let facing = reactors.iter().filter_map(|r| s.units.iter().position(|u| &u.id == r)).map(|i| {
        let (placement, now) = (&st.units[i].placement, st.units[i].facing);
        let answers = reaction_options(placement, now)
            .into_iter()
            .map(|f| {
                let label = if placement.is_two_hex() {
                    format!("Reverse to face {}", f.name())
                } else {
                    format!("Turn to {}", f.name())
                };
                (label, Command::ReactFacing { unit: s.units[i].id.clone(), facing: f })
            })
            .collect();
        Question { unit: s.units[i].id.clone(), name: name(i), stay: "Stay", answers }
    });
    let fire = reaction_firers(s, st).into_iter().map(|(f, _)| {
        let answers = reaction_targets(s, st, f)
            .into_iter()
            .map(|t| {
                let label = format!("Shoot at {} ({:.0}%)", name(t.unit), hit_chance(&t.fire));
                (label, Command::Fire { unit: s.units[f].id.clone(), target: s.units[t.unit].id.clone() })
            })
            .collect();
        Question { unit: s.units[f].id.clone(), name: name(f), stay: "Hold fire", answers }
    });
    // CG 10.52: an engine may shoot at the unit on the move, though not as reaction fire.
    let engines = pause_shots(s, st).into_iter().map(|(f, t)| {
        let label = format!("Shoot at {mover_name} ({:.0}%, 10.52)", hit_chance(&t.fire));
        let answers = vec![(label, Command::Fire { unit: s.units[f].id.clone(), target: mover.clone() })];
        Question { unit: s.units[f].id.clone(), name: format!("{} (engine)", name(f)), stay: "Hold", answers }
    });
    facing.chain(fire).chain(engines).filter(|q| !q.answers.is_empty()).collect()
}

/// The pause a reaction belongs to: the unit on the move and where it stands.
fn pause_of(game: &Game) -> Option<(String, Placement)> {
    let Phase::Reaction { mover, .. } = &game.state.phase else { return None };
    let at = game.scenario.units.iter().position(|u| &u.id == mover)?;
    Some((mover.clone(), game.state.units[at].placement))
}

/// The commands that give `answers` in the pause now shown, tried in order on a copy of the
/// game: each only while it is legal in that same pause; then the end of the reactions, when
/// the answers have raised no question the player was not shown (and the pause is still open).
pub fn in_one_pause(game: &Game, answers: &[Command]) -> Vec<Command> {
    let (pause, asked) = (pause_of(game), legal_commands(game));
    let mut trial = game.clone();
    let mut out = Vec::new();
    for a in answers {
        if pause_of(&trial) != pause || !legal_commands(&trial).contains(a) || trial.execute(a).is_err() {
            return out;
        }
        out.push(a.clone());
    }
    let now = legal_commands(&trial);
    let nothing_new = now.iter().all(|c| asked.contains(c));
    if pause_of(&trial) == pause && nothing_new && now.contains(&Command::EndReaction) {
        out.push(Command::EndReaction);
    }
    out
}

#[derive(Properties, Clone)]
pub struct ReactionRowsProps {
    pub game: Rc<Game>,
    pub questions: Rc<Vec<Question>>,
    /// The answers picked, in the order of the questions, to be sent together.
    pub on_answers: Callback<Vec<Command>>,
    /// The prompt's button that lets the enemy come on unanswered, shown while nothing is picked.
    pub pass: Html,
}

impl PartialEq for ReactionRowsProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game) && self.questions == other.questions
    }
}

/// A row a unit, "stay" picked until another answer is; one button sends them all.
#[function_component(ReactionRows)]
pub fn reaction_rows(p: &ReactionRowsProps) -> Html {
    // The picks, each an index into its question's answers, for the game they were made in.
    let game_key = Rc::as_ptr(&p.game) as usize;
    let picks = use_state(|| (game_key, Vec::<(usize, usize)>::new()));
    let current: Vec<(usize, usize)> = if picks.0 == game_key { picks.1.clone() } else { Vec::new() };
    let pick = |q: usize, a: Option<usize>| {
        let (picks, now) = (picks.clone(), current.clone());
        Callback::from(move |_: MouseEvent| {
            let mut next = now.clone();
            next.retain(|(k, _)| *k != q);
            next.extend(a.map(|a| (q, a)));
            sarissa_rules::game::sorting::sort(&mut next);
            picks.set((game_key, next));
        })
    };
    let rows = p.questions.iter().enumerate().map(|(q, question)| {
        let chosen = current.iter().find(|(k, _)| *k == q).map(|(_, a)| *a);
        html! {
            <div class="reaction-row" role="radiogroup" aria-label={question.name.clone()} data-unit={question.unit.clone()}>
                <span class="reaction-unit">{ &question.name }</span>
                <button class={classes!("react-pick", "stay", chosen.is_none().then_some("on"))} aria-checked={chosen.is_none().to_string()}
                    role="radio" onclick={pick(q, None)}>{ question.stay }</button>
                { for question.answers.iter().enumerate().map(|(a, (label, _))| html! {
                    <button class={classes!("react-pick", (chosen == Some(a)).then_some("on"))} aria-checked={(chosen == Some(a)).to_string()}
                        role="radio" onclick={pick(q, Some(a))}>{ label }</button>
                }) }
            </div>
        }
    });
    let commands: Vec<Command> = current.iter().map(|&(q, a)| p.questions[q].answers[a].1.clone()).collect();
    let send = {
        let (on, commands) = (p.on_answers.clone(), commands.clone());
        Callback::from(move |_: MouseEvent| on.emit(commands.clone()))
    };
    let label = match commands.len() {
        0 => String::new(),
        1 => "Answer: 1 reaction".to_string(),
        n => format!("Answer together: {n} reactions"),
    };
    html! { <>
        if commands.is_empty() { { p.pass.clone() } } else { <button class="act react-batch" onclick={send}>{ label }</button> }
        <div class="reaction-rows">{ for rows }</div>
    </> }
}
