//! The prompt bar: whose decision it is, what can be done, and touch-sized buttons to do it.

use crate::components::counters::side_class;
use sarissa_rules::combat::fire::{reaction_firers, reaction_targets, ReactionFire};
use sarissa_rules::combat::odds::missile_odds;
use sarissa_rules::command::trump::trump_options;
use sarissa_rules::game::{LeaderStatus, Phase, PwDeclaration};
use sarissa_rules::play::legal::{rout_ways, RoutWay};
use sarissa_rules::{Command, Game};
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
    }
}

/// How many whole rout paths the prompt lists (10.21); beyond them, hex by hex.
pub const ROUT_WAYS_SHOWN: usize = 8;

#[function_component(Prompt)]
pub fn prompt(p: &PromptProps) -> Html {
    // A rout's whole paths, each one decision (10.21, P120), found once for the game shown.
    let ways = use_memo(Rc::as_ptr(&p.game) as usize, {
        let game = p.game.clone();
        move |_| rout_ways(&game, ROUT_WAYS_SHOWN)
    });
    // The PW orders picked so far in a declaration (6.82), one line a leader.
    let pw_pick = use_state(Vec::<PwDeclaration>::new);
    // The shock's combats as the player formed them (9.12): an index into the engine's ways,
    // for the game and attackers it was picked with (another game or pick: the first way).
    let grouping = use_state(|| (0usize, Vec::<String>::new(), 0usize));
    // A long prompt shows two lines; a tap opens the rest over the map (for the game shown).
    let game_key = Rc::as_ptr(&p.game) as usize;
    let text_open = use_state(|| (game_key, false));
    let toggle_text = {
        let text_open = text_open.clone();
        Callback::from(move |_: MouseEvent| text_open.set((game_key, !(text_open.0 == game_key && text_open.1))))
    };
    // A reaction pause's questions, a unit each (turn to face, shoot), answered together when
    // there are several.
    let questions = use_memo(Rc::as_ptr(&p.game) as usize, {
        let game = p.game.clone();
        move |_| crate::components::reactions::questions(&game)
    });
    let (s, st) = (&*p.game.scenario, &p.game.state);
    let button = |label: String, class: &'static str, c: Command| {
        let on = p.on_command.clone();
        html! { <button class={classes!("act", class)} onclick={Callback::from(move |_: MouseEvent| on.emit(c.clone()))}>{ label }</button> }
    };
    // CG 12.17: the Camp Orders Phase has no leader; its prompts speak of the camp.
    let leader_name = |id: &str| s.leader(id).map_or_else(|| "Camp orders".to_string(), |l| l.name.clone());
    // 5.68: a toggle for each contingent commander who may go along with the unit being ordered.
    let escorts: Html = p
        .escorts
        .iter()
        .map(|(label, l, on)| {
            let (toggle, l) = (p.on_escort.clone(), *l);
            html! { <button class={classes!("act", "escort", on.then_some("on"))} aria-pressed={on.to_string()}
            onclick={Callback::from(move |_: MouseEvent| toggle.emit(l))}>{ label.clone() }</button> }
        })
        .collect();
    let initiative = |id: &str| s.leader(id).and_then(|l| l.initiative).unwrap_or(0);
    let side = p.game.decider();
    let side_name = side.map(|i| s.sides[i].name.clone()).unwrap_or_default();
    let (text, buttons): (String, Html) = match &st.phase {
        Phase::Setup => ("The battle is being set up.".into(), Html::default()),
        Phase::Over { winner } => {
            let routed: Vec<bool> = st.units.iter().map(|u| u.routed).collect();
            let report = sarissa_rules::effects::victory::report(s, st, &routed);
            let text = match winner {
                // CG 12.44: the army that retired to its camp is beaten only by its loss.
                Some(w) if sarissa_rules::works::retire::lost_camp(s, st).is_some() => format!(
                    "The battle is over after {} turns: victory to {}, who took the camp or city their enemy had retired to (CG 12.44).",
                    st.turn, s.sides[*w].name
                ),
                Some(w) => format!("The battle is over after {} turns: victory to {}.", st.turn, s.sides[*w].name),
                None => format!("The battle is over after {} turns: a draw.", st.turn),
            };
            (
                text,
                html! {
                    <table class="battle-report">
                        <tr><th></th>{ for s.sides.iter().map(|sd| html! { <th>{ &sd.name }</th> }) }</tr>
                        <tr><td>{ "Rout points / withdrawal level" }</td>{ for report.sides.iter().map(|t| html! { <td>{ format!("{} / {}", t.rout_points, t.withdrawal_level) }</td> }) }</tr>
                        <tr><td>{ "Units eliminated" }</td>{ for report.sides.iter().map(|t| html! { <td>{ t.units_eliminated.len() }</td> }) }</tr>
                        <tr><td>{ "Units routed on the field" }</td>{ for report.sides.iter().map(|t| html! { <td>{ t.units_routed.len() }</td> }) }</tr>
                        <tr><td>{ "Leaders lost" }</td>{ for report.sides.iter().map(|t| html! { <td>{ t.leaders_lost.len() }</td> }) }</tr>
                    </table>
                },
            )
        }
        Phase::Activation { leaders, .. } => (
            format!("{side_name}: activate a leader — lowest initiative goes first (5.12) — pass him (5.15), or trump him with a higher one (5.41)."),
            html! { <>
                { for leaders.iter().map(|l| html! { <>
                    { button(format!("Activate {} ({})", leader_name(l), initiative(l)), "activate", Command::Activate { leader: l.clone() }) }
                    { button(pass_label(s, l, &leader_name(l)), "pass", Command::Pass { leader: l.clone() }) }
                </> }) }
                { for trump_options(s, st).into_iter().map(|i| {
                    let l = &s.leaders[i];
                    button(format!("Trump with {} (needs {} or less)", l.name, l.initiative.unwrap_or(0)), "trump", Command::Trump { leader: l.id.clone() })
                }) }
            </> },
        ),
        Phase::Reaction { mover, reactors, withdrawers, leaders, exposed, fire_kind, leader_move, line_fire, .. } => {
            // The mover is an enemy leader riding on his own when Darius is asked (9.24).
            let name = |id: &str| match leader_move {
                Some(_) => leader_name(id),
                None => s.unit(id).map(|u| u.name.clone()).unwrap_or_default(),
            };
            let target = |rider: &str| s.leaders.iter().any(|l| l.name == rider && l.darius_the_target);
            let list = |ids: &[String], f: &dyn Fn(&str) -> String| ids.iter().map(|i| f(i)).collect::<Vec<_>>().join(" and ");
            let volleys = reaction_firers(s, st);
            let text = match (&p.riding, &p.ordering) {
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
                    list(leaders, &leader_name)
                ),
                // 8.21: the whole line has moved; now the entry fire at it.
                _ if line_fire.is_some() => {
                    let shooters: Vec<String> = volleys.iter().map(|(f, _)| s.units[*f].id.clone()).collect();
                    let choices: Vec<String> = volleys
                        .iter()
                        .map(|(f, _)| {
                            let targets: Vec<String> = reaction_targets(s, st, *f).iter().map(|t| s.units[t.unit].id.clone()).collect();
                            format!("{} at {}", s.units[*f].name, list(&targets, &name))
                        })
                        .collect();
                    format!(
                        "{side_name}: the enemy line has finished its move. {} may each shoot once, at range 1, at one of its units that came into their zone (8.21): {}.",
                        list(&shooters, &name),
                        choices.join("; ")
                    )
                }
                _ => {
                    let opening = match fire_kind {
                        ReactionFire::Return => "has shot at you",
                        ReactionFire::Harass => "is harassing your line",
                        ReactionFire::Retire => "is pulling back",
                        ReactionFire::Entry => "is coming on",
                    };
                    let mut parts = vec![format!("{side_name}: {} {opening}.", name(mover))];
                    let shooters: Vec<String> = volleys.iter().map(|(f, _)| s.units[*f].id.clone()).collect();
                    if !shooters.is_empty() {
                        let when = match fire_kind {
                            ReactionFire::Entry => "as it comes into their zone, at range 1 (8.21)",
                            ReactionFire::Retire => "before it goes, at range 2 (8.22)",
                            ReactionFire::Return => "back (8.23)",
                            ReactionFire::Harass => "at range 1, at the same moment as it shoots (8.33)",
                        };
                        parts.push(format!("{} may shoot at it {when}.", list(&shooters, &name)));
                    }
                    let forced: Vec<String> = sarissa_rules::special::elephants::forced_withdrawers(s, st).into_iter().map(|u| s.units[u].id.clone()).collect();
                    let free_to: Vec<String> = withdrawers.iter().filter(|w| !forced.contains(w)).cloned().collect();
                    if !free_to.is_empty() {
                        parts.push(format!("{} may withdraw in good order — tap a ringed unit (6.7).", list(&free_to, &name)));
                    }
                    if !forced.is_empty() {
                        parts.push(format!("{} must withdraw from the elephant beside them — tap a ringed unit (10.16).", list(&forced, &name)));
                    }
                    if !p.lines.is_empty() {
                        parts.push("A line may fall back as a body: a cavalry line (6.78), or one under a pre-arranged withdrawal order (6.83).".to_string());
                    }
                    if !reactors.is_empty() {
                        parts.push(format!("{} may turn to face it (a TQ check; a vertex, or a two-hex unit's reverse face, 7.16, 7.17).", list(reactors, &name)));
                    }
                    let free: Vec<String> = leaders.iter().filter(|l| !exposed.contains(l)).cloned().collect();
                    if !free.is_empty() {
                        parts.push(format!("{} may withdraw (4.62).", list(&free, &leader_name)));
                    }
                    if !exposed.is_empty() {
                        parts.push(format!("{} stands alone beside it: withdraw him or he is taken (4.62).", list(exposed, &leader_name)));
                    }
                    parts.join(" ")
                }
            };
            let cancel = p.on_cancel.reform(|_: MouseEvent| ());
            let busy = p.ordering.is_some() || p.riding.is_some() || p.line_choice.is_some();
            let pass = match (exposed.is_empty(), fire_kind) {
                _ if leader_move.is_some() => format!("Let {} come on", name(mover)),
                _ if line_fire.is_some() => "Hold fire".to_string(),
                (true, ReactionFire::Return | ReactionFire::Harass) => "Hold fire".to_string(),
                (true, ReactionFire::Retire) => "Let it go".to_string(),
                (true, ReactionFire::Entry) => "Let it come on".to_string(),
                (false, _) => format!("Let it come on ({} taken)", list(exposed, &leader_name)),
            };
            // Several units to answer: a row each, sent together; one: its buttons act at once.
            let together = questions.len() > 1 && !busy;
            let text = if together { format!("{text} Pick each unit's answer, then send them together.") } else { text };
            let pass_button = if sarissa_rules::special::elephants::forced_withdrawers(s, st).is_empty() {
                button(pass, "no-reaction", Command::EndReaction)
            } else {
                Html::default()
            };
            (
                text,
                html! { <>
                    { escorts }
                    { face_choices(p) }
                    if together {
                        <crate::components::reactions::ReactionRows game={p.game.clone()} questions={questions.clone()}
                            on_answers={p.on_answers.clone()} pass={pass_button.clone()} />
                    } else {
                        { for reactors.iter().filter(|_| !busy).flat_map(|r| {
                            let at = s.units.iter().position(|u| &u.id == r);
                            let options = at.map(|i| sarissa_rules::movement::reaction::reaction_options(&st.units[i].placement, st.units[i].facing)).unwrap_or_default();
                            let two_hex = at.is_some_and(|i| st.units[i].placement.is_two_hex());
                            options.into_iter().map(move |f| (r.clone(), f, two_hex))
                        }).map(|(r, f, two_hex)| {
                            let label = if two_hex { format!("Reverse {} to face {}", name(&r), f.name()) } else { format!("Turn {} to {}", name(&r), f.name()) };
                            button(label, "react", Command::ReactFacing { unit: r, facing: f })
                        }) }
                        { for volleys.iter().filter(|_| !busy).flat_map(|(f, _)| reaction_targets(s, st, *f).into_iter().map(move |t| (*f, t))).map(|(f, t)| {
                            let chance = missile_odds(&t.fire).map(|o| 1.0 - o.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
                            let target = s.units[t.unit].id.clone();
                            let label = format!("{}: shoot at {} ({:.0}% to hit)", s.units[f].name, name(&target), chance * 100.0);
                            button(label, "react-fire", Command::Fire { unit: s.units[f].id.clone(), target })
                        }) }
                        { for sarissa_rules::special::artillery::pause_shots(s, st).iter().filter(|_| !busy).map(|(f, t)| {
                            // CG 10.52: an engine may shoot at the unit on the move, though not as reaction fire.
                            let chance = missile_odds(&t.fire).map(|o| 1.0 - o.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
                            let label = format!("{} (engine): shoot at {} ({:.0}% to hit, 10.52)", s.units[*f].name, name(mover), chance * 100.0);
                            button(label, "engine-fire", Command::Fire { unit: s.units[*f].id.clone(), target: mover.clone() })
                        }) }
                    }
                    { for p.riders.iter().filter(|_| !busy).map(|(label, l)| {
                        let (on, l) = (p.on_ride.clone(), *l);
                        html! { <button class="act ride" onclick={Callback::from(move |_: MouseEvent| on.emit(l))}>{ label }</button> }
                    }) }
                    { for p.lines.iter().enumerate().filter(|_| !busy).map(|(k, label)| {
                        let on = p.on_line.clone();
                        html! { <button class="act line-withdraw" onclick={Callback::from(move |_: MouseEvent| on.emit(k))}>{ format!("Withdraw the whole line: {label}") }</button> }
                    }) }
                    { for p.line_plans.iter().map(|(label, c)| button(label.clone(), "line-withdraw", c.clone())) }
                    if busy { <button class="act cancel" onclick={cancel}>{ "Cancel" }</button> }
                    if !together { { pass_button } }
                </> },
            )
        }
        Phase::PreArranged { leaders, .. } => {
            let name = |i: &usize| s.units[*i].name.clone();
            let picked = |l: &str| pw_pick.iter().find(|d| d.leader == l).map(|d| d.units.clone());
            let toggles = leaders.iter().filter_map(|l| s.leaders.iter().position(|x| &x.id == l)).flat_map(|li| {
                let leader = s.leaders[li].id.clone();
                sarissa_rules::movement::pre_arranged::candidate_lines(s, st, li).into_iter().map(move |units| (li, leader.clone(), units))
            }).map(|(li, leader, units)| {
                let ids: Vec<String> = units.iter().map(|&u| s.units[u].id.clone()).collect();
                let on = picked(&leader).as_ref() == Some(&ids);
                let label = format!("{}{}: {}", if on { "✓ PW " } else { "PW " }, s.leaders[li].name, units.iter().map(name).collect::<Vec<_>>().join(", "));
                let pick = pw_pick.clone();
                let toggle = Callback::from(move |_: MouseEvent| {
                    let mut v: Vec<PwDeclaration> = (*pick).iter().filter(|d| d.leader != leader).cloned().collect();
                    if !on {
                        v.push(PwDeclaration { leader: leader.clone(), units: ids.clone() });
                    }
                    pick.set(v);
                });
                html! { <button class={classes!("act", "pw-toggle", on.then_some("on"))} onclick={toggle}>{ label }</button> }
            }).collect::<Html>();
            let place = {
                let (on, pick) = (p.on_command.clone(), pw_pick.clone());
                Callback::from(move |_: MouseEvent| {
                    on.emit(sarissa_rules::Command::DeclarePreArranged { lines: (*pick).clone() });
                    pick.set(Vec::new());
                })
            };
            (
                format!(
                    "{side_name}, before any unit moves: pre-arranged withdrawal (6.8), an advanced rule that may be left alone. A line picked here may step back a hex all together when enemy infantry comes up this turn, instead of standing to be hit. Every leader listed gets a face-down marker, real or a bluff, so the other player should look away. To play without it, pick nothing and go on."
                ),
                html! { <>
                    { toggles }
                    <button class="act place-pw" onclick={place}>{ match pw_pick.len() {
                        0 => "No pre-arranged withdrawal".to_string(),
                        n => format!("Place the markers ({n} PW)"),
                    } }</button>
                </> },
            )
        }
        Phase::EliteInitiative { leaders, .. } => (
            format!("{side_name}: your commander's elite initiative — tap a leader in his range to give an orders phase before anyone else, without momentum (5.51), or decline."),
            html! { <>
                { for leaders.iter().map(|l| button(leader_name(l), "activate", Command::Activate { leader: l.clone() })) }
                { button("No elite phase".into(), "pass", Command::Pass { leader: leaders.first().cloned().unwrap_or_default() }) }
            </> },
        ),
        Phase::TrumpResponse { trumper, momentum, .. } => (
            format!(
                "{side_name}: {} has {} Trump him with a leader of initiative {} or more (5.42), or let it stand.",
                leader_name(trumper),
                if *momentum { "gained momentum." } else { "taken the initiative by trump." },
                initiative(trumper)
            ),
            html! { <>
                { for trump_options(s, st).into_iter().map(|i| {
                    let l = &s.leaders[i];
                    button(format!("Trump with {} (needs {} or less)", l.name, l.initiative.unwrap_or(0)), "trump", Command::Trump { leader: l.id.clone() })
                }) }
                { button("Let it stand".into(), "no-trump", Command::DeclineTrump) }
            </> },
        ),        Phase::Orders { leader, orders_left, momentum, must_act, line, wing, .. } => {
            let under_wing = wing.as_ref().map(|w| match w.resume {
                // GBA 5.65: a contingent commander's one line command, then back to his commander.
                Some(_) => format!(" (contingent commander, activated by {}: one line command to his own units, no other orders, 5.65)", leader_name(&w.commander)),
                None => format!(" (Wing Command of {}: one line command, CG 4.54)", leader_name(&w.commander)),
            });
            let back_to = wing.as_ref().filter(|w| w.resume.is_some()).map(|w| leader_name(&w.commander));
            let restricted = s.leaders.iter().position(|l| &l.id == leader).is_some_and(|li| sarissa_rules::command::orders::is_restricted(st, li));
            let retiring = s.leaders.iter().position(|l| &l.id == leader).and_then(|li| sarissa_rules::works::retire::stage(s, st, li));
            let phase = match (*momentum, *must_act) {
                _ if under_wing.is_some() => under_wing.as_deref().unwrap_or_default(),
                _ if retiring == Some(sarissa_rules::works::retire::Stage::Triggered) => {
                    " (retiring to camp: individual orders only, and he must first ride as near to the royal enclosure as he can, CG 12.44)"
                }
                _ if retiring == Some(sarissa_rules::works::retire::Stage::Arrived) => " (retired to camp: he stays in the royal enclosure, CG 12.44)",
                _ if restricted => " (Restricted: he may only rally, recover, move himself 5 MP and try momentum, CG 4.55)",
                (_, true) => " (he trumped: he must move a unit before ending his orders, 5.46)",
                (true, false) => " (momentum)",
                (false, false) => "",
            };
            // 8.21: the line command's units are still moving.
            let line_moving = sarissa_rules::combat::line_entry::moving_line(st).is_some();
            let text = match (&p.riding, &p.ordering) {
                (Some(name), _) => format!("{}: tap a bright hex to move {name} there (9 MP a phase; he stops in an enemy zone of control).", leader_name(leader)),
                _ => String::new(),
            };
            let harass = match (p.harass.iter().any(|(_, c)| matches!(c, Command::Harass { .. })), p.harass.iter().any(|(_, c)| matches!(c, Command::Recover { .. }))) {
                (true, true) => " It may also harass an enemy without leaving its hex (8.3), or recover (10.16): see the buttons.",
                (true, false) => " It may also harass an enemy without leaving its hex (8.3): see the buttons.",
                (false, true) => " Or it may recover, re-forming its ranks instead of moving (10.16).",
                (false, false) => "",
            };
            // CG 10.62: the Square button.
            let square = if p.harass.iter().any(|(_, c)| matches!(c, Command::FormSquare { .. } | Command::LeaveSquare { .. })) {
                " It may instead form or leave Square, which takes its whole move (10.62)."
            } else {
                ""
            };
            let harass = format!("{harass}{square}");
            let text = if !text.is_empty() { text } else { match &p.ordering {
                Some((unit, false)) if p.can_fire => format!(
                    "{}: tap a bright hex to move {unit} there, its own hex to turn it, or a red-ringed enemy to fire at it (chance of a hit shown, 8.15).{harass}",
                    leader_name(leader)
                ),
                Some((unit, false)) => format!(
                    "{}: tap a bright hex to move {unit} there, or its own hex to turn it.{harass}",
                    leader_name(leader)
                ),
                Some((unit, true)) => format!(
                    "{}: choose how {unit} ends its move (an arrow on the map, or a button).",
                    leader_name(leader)
                ),
                None if st.camp_orders.is_some() && p.orderable > 0 => format!(
                    "{side_name} · Camp orders (CG 12.17): the camp's units with no leader inside, and the engines, act on their own, each once. Tap a ringed unit to move it (camp units stay inside the palisade) or fire; then end the camp orders: any shock follows."
                ),
                None if st.camp_orders.is_some() => {
                    format!("{side_name} · Camp orders (CG 12.17): no unit left to act; end the camp orders.")
                }
                None if line_moving && p.orderable > 0 => format!(
                    "{}{phase} commands a line: tap a ringed unit of it to move it; each moves once (4.31). When the line has moved, say so: the enemy's fire at units that came into its zones comes then, before the line's own (8.21).",
                    leader_name(leader)
                ),
                None if line.is_some() && p.orderable > 0 => format!(
                    "{}{phase}: the line has moved; a ringed unit of it may still fire (8.21).",
                    leader_name(leader)
                ),
                None if line.is_some() => format!("{}{phase}: every unit of the line has moved; end his orders.", leader_name(leader)),
                None if *orders_left == 0 && p.orderable > 0 => format!(
                    "{}{phase} has given all his orders; a ringed unit may still fire, or finish the move it broke off to shoot (8.11).",
                    leader_name(leader)
                ),
                None if *orders_left == 0 => format!("{}{phase} has given all his orders.", leader_name(leader)),
                None if p.orderable == 0 => {
                    format!("{}{phase}: no unit he can order now; end his orders.", leader_name(leader))
                }
                None => format!(
                    "{side_name} · {}{phase}: {} — tap a ringed unit to order it (4.21, 5.21).",
                    leader_name(leader),
                    if *orders_left == 1 { "1 order left".to_string() } else { format!("{orders_left} orders left") }
                ),
            } };
            let cancel = p.on_cancel.reform(|_: MouseEvent| ());
            // The line commands he could give instead of individual orders (4.31).
            // CG 12.44[1]: a retiring commander gives individual orders only.
            let commanding = s
                .leaders
                .iter()
                .position(|l| &l.id == leader)
                .filter(|&li| sarissa_rules::works::retire::command_refusal(s, st, li).is_none());
            let lines: Vec<(String, Command)> = match (&p.ordering, commanding) {
                (None, Some(li)) => sarissa_rules::command::line::options(s, st, li)
                    .into_iter()
                    // A Nayaka under a Wing Command has nothing else to give: even a line of one (CG 4.54).
                    .filter(|(_, _, _, units)| units.len() > 1 || wing.is_some())
                    .map(|(kind, anchor, formation, units)| {
                        (
                            line_label(s, li, &kind, formation, &units),
                            Command::LineCommand {
                                line: kind,
                                anchor: s.units[anchor].id.clone(),
                                formation,
                                units: Vec::new(),
                            },
                        )
                    })
                    .collect(),
                _ => Vec::new(),
            };
            // The Wing Commands he could give instead (CG 4.54).
            let wings: Vec<(String, Command)> = match (&p.ordering, commanding) {
                (None, Some(li)) => sarissa_rules::play::legal::wing_commands(s, st, li)
                    .into_iter()
                    .map(|c| (wing_label(s, st, &c), c))
                    .collect(),
                _ => Vec::new(),
            };
            // The contingent commanders he could activate (GBA 5.63): name and cost.
            let contingents: Vec<(String, Command)> = match (&p.ordering, commanding) {
                (None, Some(li)) => sarissa_rules::command::contingent::candidates(s, st, li)
                    .into_iter()
                    .map(|(m, cost)| {
                        let orders = if cost == 1 { "1 order".to_string() } else { format!("{cost} orders") };
                        (format!("{} ({orders})", s.leaders[m].name), Command::Contingent { leader: s.leaders[m].id.clone() })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let end_label = match &back_to {
                Some(c) => format!("Done: back to {c}'s orders"),
                None if st.camp_orders.is_some() => "End camp orders".to_string(),
                None => "End orders".to_string(),
            };
            let formation = p.formation.clone().map(|(label, on)| {
                let toggle = p.on_formation.reform(|_: MouseEvent| ());
                html! { <button class={classes!("act", "formation", on.then_some("on"))} aria-pressed={on.to_string()} onclick={toggle}>{ label }</button> }
            });
            (
                text,
                html! { <>
                    { formation.unwrap_or_default() }
                    { escorts }
                    { face_choices(p) }
                    { for p.harass.iter().filter(|_| matches!(p.ordering, Some((_, false)))).map(|(label, c)| {
                        let class = match c {
                            Command::Recover { .. } => "recover",
                            Command::FormSquare { .. } | Command::LeaveSquare { .. } => "square",
                            Command::Dismount { .. } => "dismount",
                            _ => "harass",
                        };
                        button(label.clone(), class, c.clone())
                    }) }
                    { for lines.into_iter().map(|(label, c)| button(label, "line", c)) }
                    { for (0..s.units.len()).filter(|_| p.ordering.is_none() && p.riding.is_none()).flat_map(|i| {
                        sarissa_rules::special::artillery::targets(s, st, i).into_iter().map(move |t| (i, t))
                    }).map(|(i, t)| {
                        // CG 10.52: the side's engines shoot at will, no order spent.
                        let chance = missile_odds(&t.fire).map(|o| 1.0 - o.hits.first().map_or(0.0, |p| p.to_f64())).unwrap_or(0.0);
                        let label = format!("{} (engine, {} left): shoot at {} ({:.0}% to hit, 10.52)", s.units[i].name, sarissa_rules::special::artillery::shots_left(s, st, i), s.units[t.unit].name, chance * 100.0);
                        button(label, "engine-fire", Command::Fire { unit: s.units[i].id.clone(), target: s.units[t.unit].id.clone() })
                    }) }
                    { for (0..s.units.len()).filter(|_| p.ordering.is_none() && p.riding.is_none()).flat_map(|i| {
                        sarissa_rules::special::artillery::gate_targets(s, st, i).into_iter().map(move |g| (i, g))
                    }).map(|(i, ((a, b), range))| {
                        // CG 12.35: the Sarvatobhadra at the enemy's city gate, on an order.
                        let label = format!("{} (engine): shoot at the city gate {a}–{b} from {range} hexes (an order, 12.35)", s.units[i].name);
                        button(label, "engine-fire", Command::FireAtGate { unit: s.units[i].id.clone(), gate: (a, b) })
                    }) }
                    { for wings.into_iter().map(|(label, c)| button(label, "wing", c)) }
                    { for s.leaders.iter().position(|l| &l.id == leader)
                        .filter(|_| p.ordering.is_none() && p.riding.is_none())
                        .and_then(|li| sarissa_rules::works::retire::declarable(s, st, li))
                        .map(|refuge| {
                            let to = if matches!(refuge, sarissa_rules::works::retire::Refuge::City) { "the city's palace" } else { "camp" };
                            button(format!("Declare a retire to {to} (CG 12.42)"), "retire", Command::RetireToCamp { leader: leader.clone() })
                        }) }
                    { for contingents.into_iter().map(|(label, c)| button(label, "contingent", c)) }
                    { for sarissa_rules::effects::rally::rallyable(s, st).into_iter().filter(|_| p.ordering.is_none() && p.riding.is_none()).map(|i| {
                        let need = sarissa_rules::effects::rally::needed(s, st).unwrap_or(0);
                        let unit = &s.units[i];
                        let chance = if sarissa_rules::effects::rally::automatic(s, st, i) { "sure: he is with it".to_string() } else { format!("{need} or less") };
                        button(format!("Rally {} ({chance})", unit.name), "rally", Command::Rally { unit: unit.id.clone(), facing: st.units[i].facing })
                    }) }
                    { for p.riders.iter().filter(|_| p.ordering.is_none() && p.riding.is_none()).map(|(label, l)| {
                        let (on, l) = (p.on_ride.clone(), *l);
                        html! { <button class="act ride" onclick={Callback::from(move |_: MouseEvent| on.emit(l))}>{ label }</button> }
                    }) }
                    if p.ordering.is_some() || p.riding.is_some() { <button class="act cancel" onclick={cancel}>{ "Cancel" }</button> }
                    if line_moving && p.ordering.is_none() { { button("The line has moved".into(), "line-done", Command::LineDone) } }
                    { button(end_label, "end-orders", Command::EndOrders) }
                    if p.ordering.is_none() && p.riding.is_none() && back_to.is_none() && st.camp_orders.is_none() && !*must_act {
                        <button class="act pass-leader" onclick={{ let (on, l) = (p.on_pass.clone(), leader.clone()); Callback::from(move |_: MouseEvent| on.emit(l.clone())) }}>
                            { format!("Pass {}: no more orders, no momentum", leader_name(leader)) }</button>
                    }
                </> },
            )
        }
        Phase::Shock { must, optional, .. } => {
            let name = |id: &str| s.unit(id).map(|u| u.name.clone()).unwrap_or_default();
            let ways = sarissa_rules::combat::shock_segment::groupings(s, st, &p.shock_chosen);
            let game_key = Rc::as_ptr(&p.game) as usize;
            let picked = match &*grouping {
                (g, chosen, k) if *g == game_key && *chosen == p.shock_chosen && *k < ways.len() => *k,
                _ => 0,
            };
            let fights = ways.get(picked).map(|w| sarissa_rules::combat::shock_segment::preview_combats(s, st, w)).unwrap_or_default();
            let mut text = format!("{side_name}: the shock (9.0).");
            let engaged = |m: &String| s.units.iter().position(|u| &u.id == m).is_some_and(|i| st.units[i].engaged);
            let (locked, moved): (Vec<&String>, Vec<&String>) = must.iter().partition(|m| engaged(m));
            if !moved.is_empty() {
                text.push_str(&format!(" {} moved up and must attack (7.31).", moved.iter().map(|m| name(m)).collect::<Vec<_>>().join(", ")));
            }
            if !locked.is_empty() {
                text.push_str(&format!(" Engaged, so they must attack again, without a check (10.31): {}.", locked.iter().map(|m| name(m)).collect::<Vec<_>>().join(", ")));
            }
            let break_offs: Vec<Command> = sarissa_rules::play::legal::legal_commands(&p.game)
                .into_iter()
                .filter(|c| matches!(c, Command::BreakOff { .. }))
                .collect();
            if !break_offs.is_empty() {
                text.push_str(" Quick units locked with slower ones may break off a hex instead (10.32).");
            }
            if !optional.is_empty() {
                text.push_str(" Tap a ringed unit, or its button, to add it to the attack (7.33).");
            }
            text.push_str(if fights.is_empty() { " No combat as things stand." } else { " The odds of each combat are below." });
            let resolve = match ways.get(picked) {
                Some(w) if picked > 0 => Command::ShockCombats { combats: sarissa_rules::combat::shock_segment::combat_groups(s, w) },
                _ => Command::Shock { attackers: p.shock_chosen.clone() },
            };
            // Other ways to form the combats (9.12), each a button naming who fights whom.
            let way_label = |k: usize, w: &Vec<sarissa_rules::combat::shock_segment::Combat>| {
                if k == 0 {
                    return "Combats as grouped".to_string();
                }
                let fights: Vec<String> = w
                    .iter()
                    .map(|c| {
                        let (a, d) = sarissa_rules::combat::shock_segment::combat_ids(s, c);
                        let names = |v: &[String]| v.iter().map(|x| name(x)).collect::<Vec<_>>().join(" + ");
                        format!("{} → {}", names(&a), names(&d))
                    })
                    .collect();
                format!("Split: {}", fights.join("; "))
            };
            let label = match fights.len() {
                0 => "No shock".to_string(),
                1 => "Resolve the combat".to_string(),
                n => format!("Resolve the {n} combats"),
            };
            (
                text,
                html! { <>
                    { for optional.iter().map(|o| {
                        let on = p.on_toggle_shock.clone();
                        let (id, chosen) = (o.clone(), p.shock_chosen.contains(o));
                        let label = if chosen { format!("✓ {} attacks", name(o)) } else { format!("Add {}", name(o)) };
                        html! { <button class={classes!("act", "shock-toggle", chosen.then_some("on"))} onclick={Callback::from(move |_: MouseEvent| on.emit(id.clone()))}>{ label }</button> }
                    }) }
                    if ways.len() > 1 {
                        { for ways.iter().enumerate().map(|(k, w)| {
                            let (set, chosen) = (grouping.clone(), p.shock_chosen.clone());
                            let pick = Callback::from(move |_: MouseEvent| set.set((game_key, chosen.clone(), k)));
                            html! { <button class={classes!("act", "shock-grouping", (k == picked).then_some("on"))} onclick={pick}>{ way_label(k, w) }</button> }
                        }) }
                    }
                    { for break_offs.into_iter().map(|c| {
                        let label = match &c {
                            Command::BreakOff { unit, to } => format!("Break off: {} to {to}", name(unit)),
                            _ => String::new(),
                        };
                        button(label, "break-off", c)
                    }) }
                    { button(label, "resolve-shock", resolve) }
                    // The bars in each army's colour: the side deciding the shock attacks.
                    <crate::components::odds_view::ShockOdds game={p.game.clone()} attackers={p.shock_chosen.clone()} grouping={picked} {side}
                        labels={fights.iter().enumerate().map(|(k, (c, _))| {
                            let (a, d) = sarissa_rules::combat::shock_segment::combat_ids(s, c);
                            let names = |v: &[String]| v.iter().map(|x| name(x)).collect::<Vec<_>>().join(" + ");
                            format!("{}. {} against {}", k + 1, names(&a), names(&d))
                        }).collect::<Vec<_>>()} />
                </> },
            )
        }
        // 6.77: units a rampaging elephant came near may step out of its way, whoever's they are;
        // and leaders, as from any enemy coming up (4.62, P190).
        Phase::RampageWithdrawal { withdrawers, leaders, rampage, .. } => {
            let name = |id: &str| s.unit(id).map(|u| u.name.clone()).unwrap_or_default();
            let names: Vec<String> = withdrawers.iter().map(|w| name(w)).collect();
            let riders: Vec<String> = leaders.iter().map(|l| leader_name(l)).collect();
            let text = match (&p.riding, &p.ordering) {
                (Some(leader), _) => format!("{side_name}: tap a bright hex to take {leader} out of the elephant's way, each hex farther from it (4.62)."),
                (_, Some((unit, false))) => format!("{side_name}: tap a bright hex to take {unit} out of the elephant's way, keeping its facing; every hex is farther from it ({}).", rule_of_rampage_withdrawal(s)),
                (_, Some((unit, true))) => format!("{side_name}: choose which way {unit} faces at the end of its withdrawal (turning costs as usual, 6.72)."),
                _ => {
                    let mut parts = vec![format!(
                        "{} runs amok{}.",
                        name(&rampage.unit),
                        rampage.leg.map(|l| format!(", heading {}", l.heading.name())).unwrap_or_default()
                    )];
                    if !names.is_empty() {
                        parts.push(format!(
                            "{side_name}: {} may {}get out of its way, with the usual cost of a withdrawal — tap a ringed unit ({}).",
                            names.join(" and "),
                            if names.len() == 1 { "" } else { "each " },
                            rule_of_rampage_withdrawal(s)
                        ));
                    }
                    if !riders.is_empty() {
                        let who = if names.is_empty() { format!("{side_name}: {}", riders.join(" and ")) } else { riders.join(" and ") };
                        // 11.14 (CG 10.14): the rule that kills those left in its path (P191).
                        let rule = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage.rule;
                        parts.push(format!(
                            "{who} may ride out of its way (4.62); a leader still in the hex it runs into is killed ({rule})."
                        ));
                    }
                    parts.push("Or stand and let it come.".to_string());
                    parts.join(" ")
                }
            };
            let cancel = p.on_cancel.reform(|_: MouseEvent| ());
            let busy = p.ordering.is_some() || p.riding.is_some();
            (
                text,
                html! { <>
                    { escorts }
                    { face_choices(p) }
                    { for p.riders.iter().filter(|_| !busy).map(|(label, l)| {
                        let (on, l) = (p.on_ride.clone(), *l);
                        html! { <button class="act ride" onclick={Callback::from(move |_: MouseEvent| on.emit(l))}>{ label }</button> }
                    }) }
                    if busy {
                        <button class="act cancel" onclick={cancel}>{ "Cancel" }</button>
                    } else {
                        { button("Stand and let it come".into(), "no-reaction", Command::EndReaction) }
                    }
                </> },
            )
        }
        // 10.21: on equal priority the router's owner chooses; 10.32: a forced step back (P90).
        Phase::RoutChoice { pending, .. } => {
            let name = s.unit(&pending.unit).map(|u| u.name.clone()).unwrap_or_default();
            let text = if pending.break_off {
                format!("{side_name}: choose where {name} steps back — these hexes are as far from the enemy it was locked with (10.32). Tap one on the map, or a button.")
            } else if !ways.is_empty() {
                format!("{side_name}: choose where {name} routs — each button is a whole path, all equally good by the rules (10.21); the first, their order of preference, is drawn on the map.")
            } else {
                format!("{side_name}: choose where {name} routs — these hexes are equally good for it (10.21). Tap one on the map, or a button.")
            };
            // Hex by hex only when the whole paths are too many to list (or a break-off).
            let by_hex = ways.is_empty() || ways.len() >= ROUT_WAYS_SHOWN;
            let commands = sarissa_rules::play::legal::legal_commands(&p.game);
            let route = |w: &RoutWay| w.hexes.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" → ");
            (
                text,
                html! { <>
                    { for ways.iter().enumerate().map(|(k, w)| {
                        let label = if k == 0 { format!("Preferred: {}", route(w)) } else { route(w) };
                        button(label, "rout-way", w.command.clone())
                    }) }
                    if by_hex {
                        { for pending.options.iter().zip(commands).map(|(to, c)| button(format!("To {}", to.label()), "rout-to", c)) }
                    }
                </> },
            )
        }
        Phase::AdvanceTurn { unit, .. } => {
            let name = s.unit(unit).map(|u| u.name.clone()).unwrap_or_default();
            let options = sarissa_rules::combat::advance::turn_options(s, st);
            let two_hex = options.iter().any(|(_, pose)| pose.is_some());
            let text = if two_hex {
                format!("{side_name}: {name} advanced straight. It may wheel forward, paying the wheel's costs — and if they rout it, it routs (9.33) — or hold.")
            } else {
                format!("{side_name}: {name} advanced. It may turn one vertex, free, even in an enemy zone of control (9.32).")
            };
            // The first option keeps the facing; a one-hex unit's others are left, then right.
            let label = |k: usize, f: sarissa_rules::Vertex, wheel: bool| match (k, wheel) {
                (0, _) => "Keep its facing".to_string(),
                (_, true) => format!("Wheel to face {}", f.name()),
                (1, false) => format!("Turn left ({})", f.name()),
                _ => format!("Turn right ({})", f.name()),
            };
            (
                text,
                html! { <>
                    { for options.iter().enumerate().map(|(k, (f, pose))| {
                        let c = Command::TurnAfterAdvance { unit: unit.clone(), facing: *f };
                        button(label(k, *f, pose.is_some()), "advance-turn", c)
                    }) }
                </> },
            )
        }
        Phase::Momentum { leader } => (
            format!(
                "{}: try for momentum — another orders phase on {} or less; a 9 is the roll of doom (5.3).",
                leader_name(leader),
                initiative(leader)
            ),
            html! { <>
                { button("Try momentum".into(), "momentum", Command::TryMomentum) }
                { button("Stop here".into(), "no-momentum", Command::DeclineMomentum) }
            </> },
        ),
        Phase::Reactivation { side: sd } => {
            let leaders: Vec<_> = s
                .leaders
                .iter()
                .enumerate()
                .filter(|(i, l)| {
                    l.side == *sd && l.initiative.is_some() && st.leaders[*i].status != LeaderStatus::Eliminated
                })
                .map(|(_, l)| l.id.clone())
                .collect();
            let first = leaders.first().cloned().unwrap_or_default();
            (
                format!("{side_name} may re-activate any one leader, even a finished one (5.33)."),
                html! { <>
                    { for leaders.iter().map(|l| button(format!("Re-activate {}", leader_name(l)), "activate", Command::Activate { leader: l.clone() })) }
                    { button("Decline".into(), "pass", Command::Pass { leader: first }) }
                </> },
            )
        }
    };
    let undo = p.on_undo.reform(|_: MouseEvent| ());
    html! {
        <div class={classes!("prompt", side.map(side_class))} role="status" aria-live="polite" data-turn={st.turn.to_string()}>
            <span class="turn">{ format!("Turn {}", st.turn) }</span>
            <span class={classes!("prompt-text", (text_open.0 == game_key && text_open.1).then_some("open"))} onclick={toggle_text}
                title="Tap to read it all, and again to close it">{ text }</span>
            if let Some(e) = &p.error { <span class="prompt-error" role="alert">{ e }</span> }
            <span class="prompt-buttons">
                { buttons }
                <button class="act undo" disabled={!p.can_undo} onclick={undo} title="Take back your last order (not past a die roll, nor the other side's decision)">{ "Undo" }</button>
                if let Some(why) = p.undo_refused.clone() { <span class="undo-why">{ why }</span> }
            </span>
        </div>
    }
}

/// "Pass" for most leaders; a Nayaka's pass keeps him ready for a Wing Command (CG 4.53).
/// A line command's button: its kind, how it holds together, and the units it takes (4.33).
fn line_label(
    s: &sarissa_rules::Scenario,
    leader: usize,
    kind: &sarissa_rules::scenario::units::LineType,
    formation: sarissa_rules::command::line::Formation,
    units: &[usize],
) -> String {
    use sarissa_rules::command::line::Formation;
    let gathered = sarissa_rules::command::line::is_guild_line(s, leader)
        || (sarissa_rules::command::line::is_mounted_line(kind.kind) && !kind.combined);
    let shape = match formation {
        _ if gathered => "",
        Formation::Abreast => " abreast",
        Formation::Deep => " deep",
        Formation::Spread => " spread (every elephant in range)",
    };
    let combined = if kind.combined { " combined" } else { "" };
    // The units it takes, by name; a long line ends with how many more.
    const SHOWN: usize = 6;
    let mut names: Vec<&str> = units.iter().take(SHOWN).map(|&u| s.units[u].name.as_str()).collect();
    let more = units.len().saturating_sub(SHOWN);
    let tail = if more > 0 { format!(" and {more} more") } else { String::new() };
    if names.is_empty() {
        names.push("none");
    }
    format!("Line: {} × {}{combined}{shape} — {}{tail}", units.len(), kind.label(), names.join(", "))
}

fn pass_label(s: &sarissa_rules::Scenario, id: &str, name: &str) -> String {
    match s.leader(id) {
        Some(l)
            if l.role == sarissa_rules::scenario::units::LeaderRole::Nayaka
                && s.meta.rules == sarissa_rules::scenario::RuleSet::Chandragupta =>
        {
            format!("Pass {name} (he waits for a Wing Command)")
        }
        _ => format!("Pass {name}"),
    }
}

/// A Wing Command button: the Nayakas, and how the extra ones come (CG 4.54).
fn wing_label(s: &sarissa_rules::Scenario, st: &sarissa_rules::game::GameState, c: &Command) -> String {
    let Command::WingCommand { nayakas, use_overall } = c else { return String::new() };
    let names: Vec<String> = nayakas.iter().map(|n| s.leader(n).map_or(n.clone(), |l| l.name.clone())).collect();
    let how = match (nayakas.len(), *use_overall) {
        (1, _) => String::new(),
        _ if st.turn <= 1 => " (first turn: all free)".into(),
        (_, true) => " (by the overall commander's range: he becomes Restricted)".into(),
        (_, false) => " (a strategy roll for each after the first)".into(),
    };
    format!("Wing Command: {}{how}", names.join(", "))
}

/// The rule a withdrawal from a rampaging elephant cites in this rule set (GBA 6.77, CG 6.67).
fn rule_of_rampage_withdrawal(s: &sarissa_rules::Scenario) -> &'static str {
    sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage.withdrawal_rule
}

/// The ways to end the move or withdrawal chosen in the hex tapped, one button each (its facing,
/// and a withdrawing horse archer's volley).
fn face_choices(p: &PromptProps) -> Html {
    html! { <>{ for p.choices.iter().enumerate().map(|(i, label)| {
        let on = p.on_choice.clone();
        html! { <button class="act face" data-choice={i.to_string()} onclick={Callback::from(move |_: MouseEvent| on.emit(i))}>
            { label }</button> }
    }) }</> }
}
