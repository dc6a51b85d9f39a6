//! A rampaging elephant (6.77, CG 6.67): units and leaders near it may get out of its way.

use super::body::Body;
use super::{leader_name, unit_name, Moving, Shared};
use sarissa_rules::game::Phase;
use sarissa_rules::scenario::rule_set::hooks;
use sarissa_rules::Command;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RampageProps {
    pub shared: Shared,
    pub moving: Moving,
}

// 6.77: units a rampaging elephant came near may step out of its way, whoever's they are;
// and leaders, as from any enemy coming up (4.62, P190).
#[function_component(Rampage)]
pub fn rampage(p: &RampageProps) -> Html {
    let (sh, mv) = (&p.shared, &p.moving);
    let s = &*sh.game.scenario;
    let Phase::RampageWithdrawal { withdrawers, leaders, rampage, .. } = &sh.game.state.phase else {
        return Html::default();
    };
    let side_name = sh.side_name();
    // The rule a withdrawal from it cites in this rule set (GBA 6.77, CG 6.67).
    let withdrawal_rule = hooks(s.meta.rules).rampage.withdrawal_rule;
    let text = match (&mv.riding, &mv.ordering) {
        (Some(leader), _) => format!("{side_name}: tap a bright hex to take {leader} out of the elephant's way, each hex farther from it (4.62)."),
        (_, Some((unit, false))) => format!("{side_name}: tap a bright hex to take {unit} out of the elephant's way, keeping its facing; every hex is farther from it ({withdrawal_rule})."),
        (_, Some((unit, true))) => format!("{side_name}: choose which way {unit} faces at the end of its withdrawal (turning costs as usual, 6.72)."),
        _ => {
            let names: Vec<String> = withdrawers.iter().map(|w| unit_name(s, w)).collect();
            let riders: Vec<String> = leaders.iter().map(|l| leader_name(s, l)).collect();
            let mut parts = vec![format!(
                "{} runs amok{}.",
                unit_name(s, &rampage.unit),
                rampage.leg.map(|l| format!(", heading {}", l.heading.name())).unwrap_or_default()
            )];
            if !names.is_empty() {
                parts.push(format!(
                    "{side_name}: {} may {}get out of its way, with the usual cost of a withdrawal — tap a ringed unit ({withdrawal_rule}).",
                    names.join(" and "),
                    if names.len() == 1 { "" } else { "each " },
                ));
            }
            if !riders.is_empty() {
                let who = if names.is_empty() { format!("{side_name}: {}", riders.join(" and ")) } else { riders.join(" and ") };
                // 11.14 (CG 10.14): the rule that kills those left in its path (P191).
                let rule = hooks(s.meta.rules).rampage.rule;
                parts.push(format!("{who} may ride out of its way (4.62); a leader still in the hex it runs into is killed ({rule})."));
            }
            parts.push("Or stand and let it come.".to_string());
            parts.join(" ")
        }
    };
    let busy = mv.busy();
    html! {
        <Body shared={sh.clone()} {text}>
            { mv.escort_toggles() }
            { mv.face_choices() }
            { mv.ride_buttons(!busy) }
            if busy {
                { mv.cancel_button() }
            } else {
                { sh.button("Stand and let it come".into(), "no-reaction", Command::EndReaction) }
            }
        </Body>
    }
}
