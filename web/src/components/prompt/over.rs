//! The end of the battle: who won, and each army's losses.

use super::body::Body;
use super::DecisionProps;
use sarissa_rules::effects::victory::report;
use sarissa_rules::game::Phase;
use sarissa_rules::works::retire::lost_camp;
use yew::prelude::*;

#[function_component(Over)]
pub fn over(p: &DecisionProps) -> Html {
    let game = &p.shared.game;
    let (s, st) = (&*game.scenario, &game.state);
    let Phase::Over { winner } = &st.phase else {
        return Html::default();
    };
    let routed: Vec<bool> = st.units.iter().map(|u| u.routed).collect();
    let report = report(s, st, &routed);
    let text = match winner {
        // CG 12.44: the army that retired to its camp is beaten only by its loss.
        Some(w) if lost_camp(s, st).is_some() => format!(
            "The battle is over after {} turns: victory to {}, who took the camp or city their enemy had retired to (CG 12.44).",
            st.turn, s.sides[*w].name
        ),
        Some(w) => format!("The battle is over after {} turns: victory to {}.", st.turn, s.sides[*w].name),
        None => format!("The battle is over after {} turns: a draw.", st.turn),
    };
    html! {
        <Body shared={p.shared.clone()} text={text}>
            <table class="battle-report">
                <tr><th></th>{ for s.sides.iter().map(|sd| html! { <th>{ &sd.name }</th> }) }</tr>
                <tr><td>{ "Rout points / withdrawal level" }</td>{ for report.sides.iter().map(|t| html! { <td>{ format!("{} / {}", t.rout_points, t.withdrawal_level) }</td> }) }</tr>
                <tr><td>{ "Units eliminated" }</td>{ for report.sides.iter().map(|t| html! { <td>{ t.units_eliminated.len() }</td> }) }</tr>
                <tr><td>{ "Units routed on the field" }</td>{ for report.sides.iter().map(|t| html! { <td>{ t.units_routed.len() }</td> }) }</tr>
                <tr><td>{ "Leaders lost" }</td>{ for report.sides.iter().map(|t| html! { <td>{ t.leaders_lost.len() }</td> }) }</tr>
            </table>
        </Body>
    }
}
