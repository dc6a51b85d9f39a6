//! The shock segment (9.0): who attacks, how the combats are formed, and their odds.

use super::body::Body;
use super::{unit_name, Shared};
use crate::components::odds_view::ShockOdds;
use sarissa_rules::combat::shock_segment::{combat_groups, combat_ids, groupings, preview_combats, Combat};
use sarissa_rules::game::Phase;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::{Command, Scenario};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShockProps {
    pub shared: Shared,
    /// The optional attackers picked so far (7.33), and picking one in or out.
    pub chosen: Vec<String>,
    pub on_toggle: Callback<String>,
}

#[function_component(Shock)]
pub fn shock(p: &ShockProps) -> Html {
    // The combats as the player formed them (9.12): an index into the engine's ways, for the
    // game and attackers it was picked with (another game or pick: the first way).
    let grouping = use_state(|| (0usize, Vec::<String>::new(), 0usize));
    let sh = &p.shared;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Shock { must, optional, .. } = &st.phase else {
        return Html::default();
    };
    let name = |id: &str| unit_name(s, id);
    let ways = groupings(s, st, &p.chosen);
    let game_key = sh.game.key();
    let picked = match &*grouping {
        (g, chosen, k) if *g == game_key && *chosen == p.chosen && *k < ways.len() => *k,
        _ => 0,
    };
    let fights = ways.get(picked).map(|w| preview_combats(s, st, w)).unwrap_or_default();
    let break_offs: Vec<Command> =
        legal_commands(&sh.game).into_iter().filter(|c| matches!(c, Command::BreakOff { .. })).collect();
    let text = shock_text(sh, must, optional, !break_offs.is_empty(), fights.is_empty());
    let resolve = match ways.get(picked) {
        Some(w) if picked > 0 => Command::ShockCombats { combats: combat_groups(s, w) },
        _ => Command::Shock { attackers: p.chosen.clone() },
    };
    let label = match fights.len() {
        0 => "No shock".to_string(),
        1 => "Resolve the combat".to_string(),
        n => format!("Resolve the {n} combats"),
    };
    let names = |v: &[String]| v.iter().map(|x| name(x)).collect::<Vec<_>>().join(" + ");
    html! {
        <Body shared={sh.clone()} {text}>
            { for optional.iter().map(|o| {
                let on = p.on_toggle.clone();
                let (id, chosen) = (o.clone(), p.chosen.contains(o));
                let label = if chosen { format!("✓ {} attacks", name(o)) } else { format!("Add {}", name(o)) };
                html! { <button class={classes!("act", "shock-toggle", chosen.then_some("on"))} onclick={Callback::from(move |_: MouseEvent| on.emit(id.clone()))}>{ label }</button> }
            }) }
            if ways.len() > 1 {
                { for ways.iter().enumerate().map(|(k, w)| {
                    let (set, chosen) = (grouping.clone(), p.chosen.clone());
                    let pick = Callback::from(move |_: MouseEvent| set.set((game_key, chosen.clone(), k)));
                    html! { <button class={classes!("act", "shock-grouping", (k == picked).then_some("on"))} onclick={pick}>{ way_label(s, k, w) }</button> }
                }) }
            }
            { for break_offs.into_iter().map(|c| {
                let label = match &c {
                    Command::BreakOff { unit, to } => format!("Break off: {} to {to}", name(unit)),
                    _ => String::new(),
                };
                sh.button(label, "break-off", c)
            }) }
            { sh.button(label, "resolve-shock", resolve) }
            // The bars in each army's colour: the side deciding the shock attacks.
            <ShockOdds game={sh.game.0.clone()} attackers={p.chosen.clone()} grouping={picked} side={sh.game.decider()}
                labels={fights.iter().enumerate().map(|(k, (c, _))| {
                    let (a, d) = combat_ids(s, c);
                    format!("{}. {} against {}", k + 1, names(&a), names(&d))
                }).collect::<Vec<_>>()} />
        </Body>
    }
}

/// Who must attack and why (7.31, 10.31), what else may be done (10.32, 7.33), and whether
/// there is a combat to show the odds of.
fn shock_text(sh: &Shared, must: &[String], optional: &[String], break_offs: bool, no_fight: bool) -> String {
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let names = |v: &[&String]| v.iter().map(|m| unit_name(s, m)).collect::<Vec<_>>().join(", ");
    let mut text = format!("{}: the shock (9.0).", sh.side_name());
    let engaged = |m: &String| s.units.iter().position(|u| &u.id == m).is_some_and(|i| st.units[i].engaged);
    let (locked, moved): (Vec<&String>, Vec<&String>) = must.iter().partition(|m| engaged(m));
    if !moved.is_empty() {
        text.push_str(&format!(" {} moved up and must attack (7.31).", names(&moved)));
    }
    if !locked.is_empty() {
        text.push_str(&format!(" Engaged, so they must attack again, without a check (10.31): {}.", names(&locked)));
    }
    if break_offs {
        text.push_str(" Quick units locked with slower ones may break off a hex instead (10.32).");
    }
    if !optional.is_empty() {
        text.push_str(" Tap a ringed unit, or its button, to add it to the attack (7.33).");
    }
    text.push_str(if no_fight { " No combat as things stand." } else { " The odds of each combat are below." });
    text
}

/// Another way to form the combats (9.12), naming who fights whom.
fn way_label(s: &Scenario, k: usize, way: &[Combat]) -> String {
    if k == 0 {
        return "Combats as grouped".to_string();
    }
    let names = |v: &[String]| v.iter().map(|x| unit_name(s, x)).collect::<Vec<_>>().join(" + ");
    let fights: Vec<String> = way
        .iter()
        .map(|c| {
            let (a, d) = combat_ids(s, c);
            format!("{} → {}", names(&a), names(&d))
        })
        .collect();
    format!("Split: {}", fights.join("; "))
}
