//! A leader's orders phase (4.0, 5.2): the unit being ordered — its move, facing, fire,
//! harassment — and the leader's other orders: line commands, Wing Commands, contingents,
//! rallies, engines, a retire, his own ride, and the end of his orders.

use super::body::Body;
use super::{leader_name, Moving, Shared};
use crate::components::reactions::hit_chance;
use sarissa_rules::combat::line_entry::moving_line;
use sarissa_rules::command::line::{self, Formation};
use sarissa_rules::game::{GameState, Phase};
use sarissa_rules::scenario::units::LineType;
use sarissa_rules::special::artillery;
use sarissa_rules::works::retire::{self, Refuge, Stage};
use sarissa_rules::{Command, Scenario};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OrdersProps {
    pub shared: Shared,
    pub moving: Moving,
    /// The unit being ordered may change into or out of column at the end of its move (6.61):
    /// the toggle's label and whether it is on.
    pub formation: Option<(String, bool)>,
    pub on_formation: Callback<()>,
    /// How many units the leader may order now.
    pub orderable: usize,
    /// The unit being ordered has enemies it may fire at (8.11).
    pub can_fire: bool,
    /// Its other orders — harassments (8.3), recovery (10.16), Square (CG 10.62), dismounting
    /// (CG 10.28) — as button labels and commands.
    pub harass: Vec<(String, Command)>,
    /// The leader will do nothing more, in one tap.
    pub on_pass: Callback<String>,
}

#[function_component(Orders)]
pub fn orders(p: &OrdersProps) -> Html {
    let (sh, mv) = (&p.shared, &p.moving);
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Orders { leader, must_act, wing, .. } = &st.phase else {
        return Html::default();
    };
    let back_to = wing.as_ref().filter(|w| w.resume.is_some()).map(|w| leader_name(s, &w.commander));
    // 8.21: the line command's units are still moving.
    let line_moving = moving_line(st).is_some();
    let idle = !mv.busy();
    // The leader's own orders (line, wing, contingent, retire; CG 12.44[1]: a retiring
    // commander gives individual orders only), while no unit is being ordered.
    let commanding = s
        .leaders
        .iter()
        .position(|l| &l.id == leader)
        .filter(|&li| mv.ordering.is_none() && retire::command_refusal(s, st, li).is_none());
    let end_label = match &back_to {
        Some(c) => format!("Done: back to {c}'s orders"),
        None if st.camp_orders.is_some() => "End camp orders".to_string(),
        None => "End orders".to_string(),
    };
    let formation = p.formation.clone().map(|(label, on)| {
        let toggle = p.on_formation.reform(|_: MouseEvent| ());
        html! { <button class={classes!("act", "formation", on.then_some("on"))} aria-pressed={on.to_string()} onclick={toggle}>{ label }</button> }
    });
    let pass = {
        let (on, l) = (p.on_pass.clone(), leader.clone());
        Callback::from(move |_: MouseEvent| on.emit(l.clone()))
    };
    html! {
        <Body shared={sh.clone()} text={orders_text(p)}>
            { formation.unwrap_or_default() }
            { mv.escort_toggles() }
            { mv.face_choices() }
            { for p.harass.iter().filter(|_| matches!(mv.ordering, Some((_, false)))).map(|(label, c)| {
                sh.button(label.clone(), harass_class(c), c.clone())
            }) }
            { for commanding.into_iter().flat_map(|li| line_commands(s, st, li, wing.is_some())).map(|(label, c)| sh.button(label, "line", c)) }
            if idle { { engine_buttons(sh) } }
            { for commanding.into_iter().flat_map(|li| sarissa_rules::play::legal::wing_commands(s, st, li)).map(|c| sh.button(wing_label(s, st, &c), "wing", c)) }
            { for s.leaders.iter().position(|l| &l.id == leader).filter(|_| idle).and_then(|li| retire::declarable(s, st, li)).map(|refuge| {
                let to = if matches!(refuge, Refuge::City) { "the city's palace" } else { "camp" };
                sh.button(format!("Declare a retire to {to} (CG 12.42)"), "retire", Command::RetireToCamp { leader: leader.clone() })
            }) }
            { for commanding.into_iter().flat_map(|li| contingents(s, st, li)).map(|(label, c)| sh.button(label, "contingent", c)) }
            if idle { { rally_buttons(sh) } }
            { mv.ride_buttons(idle) }
            if !idle { { mv.cancel_button() } }
            if line_moving && mv.ordering.is_none() { { sh.button("The line has moved".into(), "line-done", Command::LineDone) } }
            { sh.button(end_label, "end-orders", Command::EndOrders) }
            if idle && back_to.is_none() && st.camp_orders.is_none() && !*must_act {
                <button class="act pass-leader" onclick={pass}>{ format!("Pass {}: no more orders, no momentum", leader_name(s, leader)) }</button>
            }
        </Body>
    }
}

/// The class of a unit's other order's button (the e2e tests and the style tell them apart).
fn harass_class(c: &Command) -> &'static str {
    match c {
        Command::Recover { .. } => "recover",
        Command::FormSquare { .. } | Command::LeaveSquare { .. } => "square",
        Command::Dismount { .. } => "dismount",
        _ => "harass",
    }
}

/// What the leader may do now, from the unit or leader being moved to the orders left.
fn orders_text(p: &OrdersProps) -> String {
    let (sh, mv) = (&p.shared, &p.moving);
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Orders { leader, orders_left, line, .. } = &st.phase else {
        return String::new();
    };
    let (side_name, who) = (sh.side_name(), leader_name(s, leader));
    let phase = phase_note(sh);
    let harass = harass_note(&p.harass);
    match (&mv.riding, &mv.ordering) {
        (Some(name), _) => format!("{who}: tap a bright hex to move {name} there (9 MP a phase; he stops in an enemy zone of control)."),
        (_, Some((unit, false))) if p.can_fire => format!(
            "{who}: tap a bright hex to move {unit} there, its own hex to turn it, or a red-ringed enemy to fire at it (chance of a hit shown, 8.15).{harass}"
        ),
        (_, Some((unit, false))) => format!("{who}: tap a bright hex to move {unit} there, or its own hex to turn it.{harass}"),
        (_, Some((unit, true))) => format!("{who}: choose how {unit} ends its move (an arrow on the map, or a button)."),
        _ if st.camp_orders.is_some() && p.orderable > 0 => format!(
            "{side_name} · Camp orders (CG 12.17): the camp's units with no leader inside, and the engines, act on their own, each once. Tap a ringed unit to move it (camp units stay inside the palisade) or fire; then end the camp orders: any shock follows."
        ),
        _ if st.camp_orders.is_some() => format!("{side_name} · Camp orders (CG 12.17): no unit left to act; end the camp orders."),
        _ if moving_line(st).is_some() && p.orderable > 0 => format!(
            "{who}{phase} commands a line: tap a ringed unit of it to move it; each moves once (4.31). When the line has moved, say so: the enemy's fire at units that came into its zones comes then, before the line's own (8.21)."
        ),
        _ if line.is_some() && p.orderable > 0 => format!("{who}{phase}: the line has moved; a ringed unit of it may still fire (8.21)."),
        _ if line.is_some() => format!("{who}{phase}: every unit of the line has moved; end his orders."),
        _ if *orders_left == 0 && p.orderable > 0 => format!(
            "{who}{phase} has given all his orders; a ringed unit may still fire, or finish the move it broke off to shoot (8.11)."
        ),
        _ if *orders_left == 0 => format!("{who}{phase} has given all his orders."),
        _ if p.orderable == 0 => format!("{who}{phase}: no unit he can order now; end his orders."),
        _ => format!(
            "{side_name} · {who}{phase}: {} — tap a ringed unit to order it (4.21, 5.21).",
            if *orders_left == 1 { "1 order left".to_string() } else { format!("{orders_left} orders left") }
        ),
    }
}

/// What kind of orders phase this is, after the leader's name: a wing or contingent's one line
/// command, a retire to camp, Restricted, a trump, momentum — or nothing.
fn phase_note(sh: &Shared) -> String {
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Orders { leader, momentum, must_act, wing, .. } = &st.phase else {
        return String::new();
    };
    let li = s.leaders.iter().position(|l| &l.id == leader);
    let restricted = li.is_some_and(|li| sarissa_rules::command::orders::is_restricted(st, li));
    let retiring = li.and_then(|li| retire::stage(s, st, li));
    let note = match (wing, *momentum, *must_act) {
        // GBA 5.65: a contingent commander's one line command, then back to his commander.
        (Some(w), ..) if w.resume.is_some() => {
            return format!(" (contingent commander, activated by {}: one line command to his own units, no other orders, 5.65)", leader_name(s, &w.commander))
        }
        (Some(w), ..) => return format!(" (Wing Command of {}: one line command, CG 4.54)", leader_name(s, &w.commander)),
        _ if retiring == Some(Stage::Triggered) => {
            " (retiring to camp: individual orders only, and he must first ride as near to the royal enclosure as he can, CG 12.44)"
        }
        _ if retiring == Some(Stage::Arrived) => " (retired to camp: he stays in the royal enclosure, CG 12.44)",
        _ if restricted => " (Restricted: he may only rally, recover, move himself 5 MP and try momentum, CG 4.55)",
        (_, _, true) => " (he trumped: he must move a unit before ending his orders, 5.46)",
        (_, true, false) => " (momentum)",
        (_, false, false) => "",
    };
    note.to_string()
}

/// The unit's other orders, said after how to move it: harass (8.3), recover (10.16), Square (CG 10.62).
fn harass_note(harass: &[(String, Command)]) -> String {
    let has = |f: fn(&Command) -> bool| harass.iter().any(|(_, c)| f(c));
    let others = match (has(|c| matches!(c, Command::Harass { .. })), has(|c| matches!(c, Command::Recover { .. }))) {
        (true, true) => {
            " It may also harass an enemy without leaving its hex (8.3), or recover (10.16): see the buttons."
        }
        (true, false) => " It may also harass an enemy without leaving its hex (8.3): see the buttons.",
        (false, true) => " Or it may recover, re-forming its ranks instead of moving (10.16).",
        (false, false) => "",
    };
    let square = match has(|c| matches!(c, Command::FormSquare { .. } | Command::LeaveSquare { .. })) {
        true => " It may instead form or leave Square, which takes its whole move (10.62).",
        false => "",
    };
    format!("{others}{square}")
}

/// The line commands he could give instead of individual orders (4.31); a Nayaka under a
/// Wing Command has nothing else to give, so even a line of one (CG 4.54).
fn line_commands(s: &Scenario, st: &GameState, li: usize, under_wing: bool) -> Vec<(String, Command)> {
    line::options(s, st, li)
        .into_iter()
        .filter(|(_, _, _, units)| units.len() > 1 || under_wing)
        .map(|(kind, anchor, formation, units)| {
            let label = line_label(s, li, &kind, formation, &units);
            (
                label,
                Command::LineCommand { line: kind, anchor: s.units[anchor].id.clone(), formation, units: Vec::new() },
            )
        })
        .collect()
}

/// A line command's button: its kind, how it holds together, and the units it takes (4.33).
fn line_label(s: &Scenario, leader: usize, kind: &LineType, formation: Formation, units: &[usize]) -> String {
    let gathered = line::is_guild_line(s, leader) || (line::is_mounted_line(kind.kind) && !kind.combined);
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

/// A Wing Command button: the Nayakas, and how the extra ones come (CG 4.54).
fn wing_label(s: &Scenario, st: &GameState, c: &Command) -> String {
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

/// The contingent commanders he could activate (GBA 5.63): name and cost.
fn contingents(s: &Scenario, st: &GameState, li: usize) -> Vec<(String, Command)> {
    sarissa_rules::command::contingent::candidates(s, st, li)
        .into_iter()
        .map(|(m, cost)| {
            let orders = if cost == 1 { "1 order".to_string() } else { format!("{cost} orders") };
            (format!("{} ({orders})", s.leaders[m].name), Command::Contingent { leader: s.leaders[m].id.clone() })
        })
        .collect()
}

/// The side's engines: shots at will, no order spent (CG 10.52), and at the enemy city's gate,
/// on an order (CG 12.35).
fn engine_buttons(sh: &Shared) -> Html {
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let shots = (0..s.units.len()).flat_map(|i| artillery::targets(s, st, i).into_iter().map(move |t| (i, t)));
    let gates = (0..s.units.len()).flat_map(|i| artillery::gate_targets(s, st, i).into_iter().map(move |g| (i, g)));
    html! { <>
        { for shots.map(|(i, t)| {
            let label = format!("{} (engine, {} left): shoot at {} ({:.0}% to hit, 10.52)", s.units[i].name, artillery::shots_left(s, st, i), s.units[t.unit].name, hit_chance(&t.fire));
            sh.button(label, "engine-fire", Command::Fire { unit: s.units[i].id.clone(), target: s.units[t.unit].id.clone() })
        }) }
        { for gates.map(|(i, ((a, b), range))| {
            let label = format!("{} (engine): shoot at the city gate {a}–{b} from {range} hexes (an order, 12.35)", s.units[i].name);
            sh.button(label, "engine-fire", Command::FireAtGate { unit: s.units[i].id.clone(), gate: (a, b) })
        }) }
    </> }
}

/// The routed units he may try to rally, with the roll needed (10.4).
fn rally_buttons(sh: &Shared) -> Html {
    use sarissa_rules::effects::rally;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let need = rally::needed(s, st).unwrap_or(0);
    rally::rallyable(s, st)
        .into_iter()
        .map(|i| {
            let unit = &s.units[i];
            let chance =
                if rally::automatic(s, st, i) { "sure: he is with it".to_string() } else { format!("{need} or less") };
            sh.button(
                format!("Rally {} ({chance})", unit.name),
                "rally",
                Command::Rally { unit: unit.id.clone(), facing: st.units[i].facing },
            )
        })
        .collect()
}
