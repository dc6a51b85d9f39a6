//! A reaction pause: the enemy has moved next to, shot at or passed the player's units, who
//! may turn to face (7.16, 7.17), shoot (8.21–8.23), withdraw (6.7, 6.78, 6.83) or ride off (4.62).

use super::body::Body;
use super::{and_list, leader_name, unit_name, Moving, Shared};
use crate::components::reactions::{hit_chance, questions, ReactionRows};
use sarissa_rules::combat::fire::{reaction_firers, reaction_targets, ReactionFire};
use sarissa_rules::game::Phase;
use sarissa_rules::movement::reaction::reaction_options;
use sarissa_rules::special::artillery::pause_shots;
use sarissa_rules::special::elephants::forced_withdrawers;
use sarissa_rules::Command;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ReactionProps {
    pub shared: Shared,
    pub moving: Moving,
    /// Lines that may withdraw as a body now (6.78, 6.83), as button labels; one sends its index.
    pub lines: Vec<String>,
    pub on_line: Callback<usize>,
    /// The line chosen, and its ready-made withdrawals as (label, command).
    pub line_choice: Option<String>,
    pub line_plans: Vec<(String, Command)>,
    /// Several units' reactions picked and sent together.
    pub on_answers: Callback<Vec<Command>>,
}

#[function_component(Reaction)]
pub fn reaction(p: &ReactionProps) -> Html {
    let (sh, mv) = (&p.shared, &p.moving);
    // The pause's questions, a unit each (turn to face, shoot), answered together when several.
    let questions = use_memo(sh.game.key(), {
        let game = sh.game.clone();
        move |_| questions(&game)
    });
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Reaction { mover, exposed, fire_kind, leader_move, line_fire, .. } = &st.phase else {
        return Html::default();
    };
    // The mover is an enemy leader riding on his own when Darius is asked (9.24).
    let name = |id: &str| match leader_move {
        Some(_) => leader_name(s, id),
        None => unit_name(s, id),
    };
    let busy = mv.busy() || p.line_choice.is_some();
    let pass = match (exposed.is_empty(), fire_kind) {
        _ if leader_move.is_some() => format!("Let {} come on", name(mover)),
        _ if line_fire.is_some() => "Hold fire".to_string(),
        (true, ReactionFire::Return | ReactionFire::Harass) => "Hold fire".to_string(),
        (true, ReactionFire::Retire) => "Let it go".to_string(),
        (true, ReactionFire::Entry) => "Let it come on".to_string(),
        (false, _) => format!("Let it come on ({} taken)", and_list(exposed, &|l| leader_name(s, l))),
    };
    // Several units to answer: a row each, sent together; one: its buttons act at once.
    let together = questions.len() > 1 && !busy;
    let text = reaction_text(p);
    let text = if together { format!("{text} Pick each unit's answer, then send them together.") } else { text };
    // 10.16: units beside an elephant must withdraw; nobody may just let the enemy come on.
    let pass_button = if forced_withdrawers(s, st).is_empty() {
        sh.button(pass, "no-reaction", Command::EndReaction)
    } else {
        Html::default()
    };
    html! {
        <Body shared={sh.clone()} {text}>
            { mv.escort_toggles() }
            { mv.face_choices() }
            if together {
                <ReactionRows game={sh.game.0.clone()} questions={questions.clone()}
                    on_answers={p.on_answers.clone()} pass={pass_button.clone()} />
            } else if !busy {
                { one_by_one(sh) }
            }
            { mv.ride_buttons(!busy) }
            { for p.lines.iter().enumerate().filter(|_| !busy).map(|(k, label)| {
                let on = p.on_line.clone();
                html! { <button class="act line-withdraw" onclick={Callback::from(move |_: MouseEvent| on.emit(k))}>{ format!("Withdraw the whole line: {label}") }</button> }
            }) }
            { for p.line_plans.iter().map(|(label, c)| sh.button(label.clone(), "line-withdraw", c.clone())) }
            if busy { { mv.cancel_button() } }
            if !together { { pass_button } }
        </Body>
    }
}

/// A single unit's answers, each a button acting at once: turn to face (7.16, 7.17), reaction
/// fire (8.2), an engine's shot in the pause (CG 10.52).
fn one_by_one(sh: &Shared) -> Html {
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Reaction { mover, reactors, leader_move, .. } = &st.phase else {
        return Html::default();
    };
    let name = |id: &str| match leader_move {
        Some(_) => leader_name(s, id),
        None => unit_name(s, id),
    };
    let turns = reactors.iter().flat_map(|r| {
        let at = s.units.iter().position(|u| &u.id == r);
        let options = at.map(|i| reaction_options(&st.units[i].placement, st.units[i].facing)).unwrap_or_default();
        let two_hex = at.is_some_and(|i| st.units[i].placement.is_two_hex());
        options.into_iter().map(move |f| (r.clone(), f, two_hex))
    });
    let volleys = reaction_firers(s, st);
    let shots = volleys.iter().flat_map(|(f, _)| reaction_targets(s, st, *f).into_iter().map(move |t| (*f, t)));
    html! { <>
        { for turns.map(|(r, f, two_hex)| {
            let label = if two_hex { format!("Reverse {} to face {}", name(&r), f.name()) } else { format!("Turn {} to {}", name(&r), f.name()) };
            sh.button(label, "react", Command::ReactFacing { unit: r, facing: f })
        }) }
        { for shots.map(|(f, t)| {
            let target = s.units[t.unit].id.clone();
            let label = format!("{}: shoot at {} ({:.0}% to hit)", s.units[f].name, name(&target), hit_chance(&t.fire));
            sh.button(label, "react-fire", Command::Fire { unit: s.units[f].id.clone(), target })
        }) }
        { for pause_shots(s, st).iter().map(|(f, t)| {
            // CG 10.52: an engine may shoot at the unit on the move, though not as reaction fire.
            let label = format!("{} (engine): shoot at {} ({:.0}% to hit, 10.52)", s.units[*f].name, name(mover), hit_chance(&t.fire));
            sh.button(label, "engine-fire", Command::Fire { unit: s.units[*f].id.clone(), target: mover.clone() })
        }) }
    </> }
}

/// What the pause is about and what each of the player's units may do.
fn reaction_text(p: &ReactionProps) -> String {
    let (sh, mv) = (&p.shared, &p.moving);
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Reaction { mover, leaders, leader_move, line_fire, .. } = &st.phase else {
        return String::new();
    };
    let side_name = sh.side_name();
    let name = |id: &str| match leader_move {
        Some(_) => leader_name(s, id),
        None => unit_name(s, id),
    };
    let target = |rider: &str| s.leaders.iter().any(|l| l.name == rider && l.darius_the_target);
    match (&mv.riding, &mv.ordering) {
        _ if p.line_choice.is_some() => format!(
            "{side_name}: {} falls back as a body, every unit of it (outlined), each by the rules of its own withdrawal (6.78). How far?",
            p.line_choice.clone().unwrap_or_default()
        ),
        (Some(leader), _) if target(leader) => format!("{side_name}: tap a bright hex to withdraw {leader} there, up to 4 hexes, each one nearer your own edge (9.24)."),
        (Some(leader), _) => format!("{side_name}: tap a bright hex to withdraw {leader} there, each hex farther from {} (4.62).", name(mover)),
        (_, Some((unit, false))) => format!("{side_name}: tap a bright hex to withdraw {unit} there, keeping its facing; every hex is farther from {} (6.7).", name(mover)),
        (_, Some((unit, true))) => format!("{side_name}: choose which way {unit} faces at the end of its withdrawal (turning costs as usual, 6.72)."),
        _ if leader_move.is_some() => format!(
            "{} approaches, alone. {side_name}: {} may withdraw up to 4 hexes toward your own edge — tap him — or let him come on (9.24).",
            name(mover),
            and_list(leaders, &|l| leader_name(s, l))
        ),
        // 8.21: the whole line has moved; now the entry fire at it.
        _ if line_fire.is_some() => line_fire_text(sh),
        _ => pause_text(p),
    }
}

/// 8.21: the enemy line has finished its move; who may shoot at which of its units.
fn line_fire_text(sh: &Shared) -> String {
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let name = |id: &str| unit_name(s, id);
    let volleys = reaction_firers(s, st);
    let shooters: Vec<String> = volleys.iter().map(|(f, _)| s.units[*f].id.clone()).collect();
    let choices: Vec<String> = volleys
        .iter()
        .map(|(f, _)| {
            let targets: Vec<String> = reaction_targets(s, st, *f).iter().map(|t| s.units[t.unit].id.clone()).collect();
            format!("{} at {}", s.units[*f].name, and_list(&targets, &name))
        })
        .collect();
    format!(
        "{}: the enemy line has finished its move. {} may each shoot once, at range 1, at one of its units that came into their zone (8.21): {}.",
        sh.side_name(),
        and_list(&shooters, &name),
        choices.join("; ")
    )
}

/// An enemy unit's step: who may shoot, withdraw, turn or ride off, each with its rule.
fn pause_text(p: &ReactionProps) -> String {
    let sh = &p.shared;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Reaction { mover, reactors, withdrawers, leaders, exposed, fire_kind, .. } = &st.phase else {
        return String::new();
    };
    let name = |id: &str| unit_name(s, id);
    let leader = |id: &str| leader_name(s, id);
    let opening = match fire_kind {
        ReactionFire::Return => "has shot at you",
        ReactionFire::Harass => "is harassing your line",
        ReactionFire::Retire => "is pulling back",
        ReactionFire::Entry => "is coming on",
    };
    let mut parts = vec![format!("{}: {} {opening}.", sh.side_name(), name(mover))];
    let shooters: Vec<String> = reaction_firers(s, st).iter().map(|(f, _)| s.units[*f].id.clone()).collect();
    if !shooters.is_empty() {
        let when = match fire_kind {
            ReactionFire::Entry => "as it comes into their zone, at range 1 (8.21)",
            ReactionFire::Retire => "before it goes, at range 2 (8.22)",
            ReactionFire::Return => "back (8.23)",
            ReactionFire::Harass => "at range 1, at the same moment as it shoots (8.33)",
        };
        parts.push(format!("{} may shoot at it {when}.", and_list(&shooters, &name)));
    }
    let forced: Vec<String> = forced_withdrawers(s, st).into_iter().map(|u| s.units[u].id.clone()).collect();
    let free_to: Vec<String> = withdrawers.iter().filter(|w| !forced.contains(w)).cloned().collect();
    if !free_to.is_empty() {
        parts.push(format!("{} may withdraw in good order — tap a ringed unit (6.7).", and_list(&free_to, &name)));
    }
    if !forced.is_empty() {
        parts.push(format!(
            "{} must withdraw from the elephant beside them — tap a ringed unit (10.16).",
            and_list(&forced, &name)
        ));
    }
    if !p.lines.is_empty() {
        parts.push("A line may fall back as a body: a cavalry line (6.78), or one under a pre-arranged withdrawal order (6.83).".to_string());
    }
    if !reactors.is_empty() {
        parts.push(format!(
            "{} may turn to face it (a TQ check; a vertex, or a two-hex unit's reverse face, 7.16, 7.17).",
            and_list(reactors, &name)
        ));
    }
    let free: Vec<String> = leaders.iter().filter(|l| !exposed.contains(l)).cloned().collect();
    if !free.is_empty() {
        parts.push(format!("{} may withdraw (4.62).", and_list(&free, &leader)));
    }
    if !exposed.is_empty() {
        parts.push(format!(
            "{} stands alone beside it: withdraw him or he is taken (4.62).",
            and_list(exposed, &leader)
        ));
    }
    parts.join(" ")
}
