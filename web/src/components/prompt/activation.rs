//! Which leader acts: activation (5.1), the elite initiative (5.51), a trump answered (5.42),
//! a re-activation (5.33) and momentum (5.3).

use super::body::Body;
use super::{initiative, leader_name, DecisionProps, Shared};
use sarissa_rules::command::trump::trump_options;
use sarissa_rules::game::{LeaderStatus, Phase};
use sarissa_rules::scenario::units::LeaderRole;
use sarissa_rules::scenario::RuleSet;
use sarissa_rules::{Command, Scenario};
use yew::prelude::*;

#[function_component(Activation)]
pub fn activation(p: &DecisionProps) -> Html {
    let sh = &p.shared;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Activation { leaders, .. } = &st.phase else {
        return Html::default();
    };
    let text = format!(
        "{}: activate a leader — lowest initiative goes first (5.12) — pass him (5.15), or trump him with a higher one (5.41).",
        sh.side_name()
    );
    html! {
        <Body shared={sh.clone()} {text}>
            { for leaders.iter().map(|l| html! { <>
                { sh.button(format!("Activate {} ({})", leader_name(s, l), initiative(s, l)), "activate", Command::Activate { leader: l.clone() }) }
                { sh.button(pass_label(s, l, &leader_name(s, l)), "pass", Command::Pass { leader: l.clone() }) }
            </> }) }
            { trump_buttons(sh) }
        </Body>
    }
}

#[function_component(EliteInitiative)]
pub fn elite_initiative(p: &DecisionProps) -> Html {
    let sh = &p.shared;
    let Phase::EliteInitiative { leaders, .. } = &sh.game.state.phase else {
        return Html::default();
    };
    let s = &*sh.game.scenario;
    let text = format!(
        "{}: your commander's elite initiative — tap a leader in his range to give an orders phase before anyone else, without momentum (5.51), or decline.",
        sh.side_name()
    );
    html! {
        <Body shared={sh.clone()} {text}>
            { for leaders.iter().map(|l| sh.button(leader_name(s, l), "activate", Command::Activate { leader: l.clone() })) }
            { sh.button("No elite phase".into(), "pass", Command::Pass { leader: leaders.first().cloned().unwrap_or_default() }) }
        </Body>
    }
}

#[function_component(TrumpResponse)]
pub fn trump_response(p: &DecisionProps) -> Html {
    let sh = &p.shared;
    let Phase::TrumpResponse { trumper, momentum, .. } = &sh.game.state.phase else {
        return Html::default();
    };
    let s = &*sh.game.scenario;
    let text = format!(
        "{}: {} has {} Trump him with a leader of initiative {} or more (5.42), or let it stand.",
        sh.side_name(),
        leader_name(s, trumper),
        if *momentum { "gained momentum." } else { "taken the initiative by trump." },
        initiative(s, trumper)
    );
    html! {
        <Body shared={sh.clone()} {text}>
            { trump_buttons(sh) }
            { sh.button("Let it stand".into(), "no-trump", Command::DeclineTrump) }
        </Body>
    }
}

#[function_component(Reactivation)]
pub fn reactivation(p: &DecisionProps) -> Html {
    let sh = &p.shared;
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    let Phase::Reactivation { side } = &st.phase else {
        return Html::default();
    };
    // 5.33: any one leader of the side still in the battle, even a finished one.
    let leaders: Vec<_> = s
        .leaders
        .iter()
        .enumerate()
        .filter(|(i, l)| l.side == *side && l.initiative.is_some() && st.leaders[*i].status != LeaderStatus::Eliminated)
        .map(|(_, l)| l.id.clone())
        .collect();
    let first = leaders.first().cloned().unwrap_or_default();
    let text = format!("{} may re-activate any one leader, even a finished one (5.33).", sh.side_name());
    html! {
        <Body shared={sh.clone()} {text}>
            { for leaders.iter().map(|l| sh.button(format!("Re-activate {}", leader_name(s, l)), "activate", Command::Activate { leader: l.clone() })) }
            { sh.button("Decline".into(), "pass", Command::Pass { leader: first }) }
        </Body>
    }
}

#[function_component(Momentum)]
pub fn momentum(p: &DecisionProps) -> Html {
    let sh = &p.shared;
    let Phase::Momentum { leader } = &sh.game.state.phase else {
        return Html::default();
    };
    let s = &*sh.game.scenario;
    let text = format!(
        "{}: try for momentum — another orders phase on {} or less; a 9 is the roll of doom (5.3).",
        leader_name(s, leader),
        initiative(s, leader)
    );
    html! {
        <Body shared={sh.clone()} {text}>
            { sh.button("Try momentum".into(), "momentum", Command::TryMomentum) }
            { sh.button("Stop here".into(), "no-momentum", Command::DeclineMomentum) }
        </Body>
    }
}

/// A button for each leader who may trump now (5.41, 5.42).
fn trump_buttons(sh: &Shared) -> Html {
    let (s, st) = (&*sh.game.scenario, &sh.game.state);
    trump_options(s, st)
        .into_iter()
        .map(|i| {
            let l = &s.leaders[i];
            let label = format!("Trump with {} (needs {} or less)", l.name, l.initiative.unwrap_or(0));
            sh.button(label, "trump", Command::Trump { leader: l.id.clone() })
        })
        .collect()
}

/// "Pass" for most leaders; a Nayaka's pass keeps him ready for a Wing Command (CG 4.53).
fn pass_label(s: &Scenario, id: &str, name: &str) -> String {
    match s.leader(id) {
        Some(l) if l.role == LeaderRole::Nayaka && s.meta.rules == RuleSet::Chandragupta => {
            format!("Pass {name} (he waits for a Wing Command)")
        }
        _ => format!("Pass {name}"),
    }
}
