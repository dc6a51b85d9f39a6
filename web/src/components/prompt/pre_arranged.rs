//! Pre-arranged withdrawal (6.8): each leader's lines picked before any unit moves.

use super::body::Body;
use super::DecisionProps;
use sarissa_rules::game::{Phase, PwDeclaration};
use sarissa_rules::movement::pre_arranged::candidate_lines;
use sarissa_rules::Command;
use yew::prelude::*;

#[function_component(PreArranged)]
pub fn pre_arranged(p: &DecisionProps) -> Html {
    // The PW orders picked so far (6.82), one line a leader.
    let pw_pick = use_state(Vec::<PwDeclaration>::new);
    let sh = &p.shared;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::PreArranged { leaders, .. } = &st.phase else {
        return Html::default();
    };
    let name = |i: &usize| s.units[*i].name.clone();
    let picked = |l: &str| pw_pick.iter().find(|d| d.leader == l).map(|d| d.units.clone());
    let toggles = leaders
        .iter()
        .filter_map(|l| s.leaders.iter().position(|x| &x.id == l))
        .flat_map(|li| {
            let leader = s.leaders[li].id.clone();
            candidate_lines(s, st, li).into_iter().map(move |units| (li, leader.clone(), units))
        })
        .map(|(li, leader, units)| {
            let ids: Vec<String> = units.iter().map(|&u| s.units[u].id.clone()).collect();
            let on = picked(&leader).as_ref() == Some(&ids);
            let label = format!(
                "{}{}: {}",
                if on { "✓ PW " } else { "PW " },
                s.leaders[li].name,
                units.iter().map(name).collect::<Vec<_>>().join(", ")
            );
            let pick = pw_pick.clone();
            let toggle = Callback::from(move |_: MouseEvent| {
                let mut v: Vec<PwDeclaration> = (*pick).iter().filter(|d| d.leader != leader).cloned().collect();
                if !on {
                    v.push(PwDeclaration { leader: leader.clone(), units: ids.clone() });
                }
                pick.set(v);
            });
            html! { <button class={classes!("act", "pw-toggle", on.then_some("on"))} onclick={toggle}>{ label }</button> }
        })
        .collect::<Html>();
    let place = {
        let (on, pick) = (sh.on_command.clone(), pw_pick.clone());
        Callback::from(move |_: MouseEvent| {
            on.emit(Command::DeclarePreArranged { lines: (*pick).clone() });
            pick.set(Vec::new());
        })
    };
    let text = format!(
        "{}, before any unit moves: pre-arranged withdrawal (6.8), an advanced rule that may be left alone. A line picked here may step back a hex all together when enemy infantry comes up this turn, instead of standing to be hit. Every leader listed gets a face-down marker, real or a bluff, so the other player should look away. To play without it, pick nothing and go on.",
        sh.side_name()
    );
    html! {
        <Body shared={sh.clone()} {text}>
            { toggles }
            <button class="act place-pw" onclick={place}>{ match pw_pick.len() {
                0 => "No pre-arranged withdrawal".to_string(),
                n => format!("Place the markers ({n} PW)"),
            } }</button>
        </Body>
    }
}
