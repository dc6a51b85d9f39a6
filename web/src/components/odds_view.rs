//! The odds of a shock before it is rolled (GBA 9.13–9.18): for each side, the chance of each
//! number of hits and of a rout, exact (by `combat::odds`), as small bars.

use sarissa_rules::combat::odds::{shock_odds, Prob};
use sarissa_rules::combat::shock::ShockSetup;
use yew::prelude::*;

fn percent(p: &Prob) -> f64 {
    p.to_f64() * 100.0
}

fn bars(title: &str, class: &'static str, hits: &[Prob], rout: &Prob, mean: f64) -> Html {
    let top = hits.iter().map(percent).fold(1.0_f64, f64::max);
    html! {
        <div class={classes!("odds-side", class)}>
            <div class="odds-title">{ format!("{title}: {mean:.1} hits on average, rout {:.0}%", percent(rout)) }</div>
            <div class="odds-bars">
                { for hits.iter().enumerate().filter(|(_, p)| percent(p) >= 0.5).map(|(n, p)| {
                    let pc = percent(p);
                    html! {
                        <div class="odds-bar" title={format!("{n} hits: {pc:.1}%")}>
                            <div class="odds-fill" style={format!("height:{:.0}%", pc / top * 100.0)} />
                            <div class="odds-n">{ n }</div>
                            <div class="odds-p">{ format!("{pc:.0}%") }</div>
                        </div>
                    }
                }) }
            </div>
        </div>
    }
}

/// One combat's preview: its names and both sides' bars.
pub fn combat_odds(label: &str, setup: &ShockSetup) -> Html {
    match shock_odds(setup) {
        Ok(o) => html! {
            <div class="odds-combat">
                <div class="odds-label">{ label }</div>
                { bars("Attackers", "attacker", &o.attacker_hits, &o.attacker_routs, o.attacker_mean_hits) }
                { bars("Defenders", "defender", &o.defender_hits, &o.defender_routs, o.defender_mean_hits) }
            </div>
        },
        Err(e) => html! { <div class="odds-combat"><div class="odds-label">{ format!("{label}: {e}") }</div></div> },
    }
}
