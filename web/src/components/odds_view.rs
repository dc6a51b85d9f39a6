//! The odds of a shock before it is rolled (GBA 9.13–9.18): for each combat and side, the
//! chance of each number of hits and of a rout, exact (by `combat::odds`), as small bars.
//!
//! They are worked out by the app's Web Worker (`browser::worker`): a big shock takes seconds,
//! which would freeze the page. Meanwhile the preview says so; an answer for a shock the
//! players have since changed is dropped.

use crate::browser::worker::ask;
use crate::browser::{mark_page, page_clock};
use crate::model::worker::{Answer, CombatOdds, Job, Position, SideOdds};
use sarissa_rules::Game;
use std::rc::Rc;
use yew::prelude::*;

fn bars(title: &str, class: &'static str, side: &SideOdds) -> Html {
    let percent = |p: &f64| p * 100.0;
    let hits = side.hit_chances();
    let top = hits.iter().map(percent).fold(1.0_f64, f64::max);
    html! {
        <div class={classes!("odds-side", class)}>
            <div class="odds-title">{ format!("{title}: {:.1} hits on average, rout {:.0}%", side.mean_hits, percent(&side.rout_chance())) }</div>
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
fn combat_odds(label: &str, odds: &CombatOdds) -> Html {
    match odds {
        Ok([attackers, defenders]) => html! {
            <div class="odds-combat">
                <div class="odds-label">{ label }</div>
                { bars("Attackers", "attacker", attackers) }
                { bars("Defenders", "defender", defenders) }
            </div>
        },
        Err(e) => html! { <div class="odds-combat"><div class="odds-label">{ format!("{label}: {e}") }</div></div> },
    }
}

/// When the odds were last asked for and shown (ms on the page's clock).
fn stamp(what: &str) {
    mark_page(what, &format!("{:.1}", page_clock()));
}

#[derive(Properties, Clone)]
pub struct ShockOddsProps {
    pub game: Rc<Game>,
    /// The attackers chosen and the way of forming the combats picked (9.12; 0 as grouped).
    pub attackers: Vec<String>,
    pub grouping: usize,
    /// Each combat's name, in the order the engine forms them.
    pub labels: Vec<String>,
    /// The side deciding the shock, who attacks: the bars take each army's colour.
    pub side: Option<usize>,
}

impl PartialEq for ShockOddsProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.game, &o.game)
            && self.attackers == o.attackers
            && self.grouping == o.grouping
            && self.labels == o.labels
            && self.side == o.side
    }
}

/// The odds of every combat of the shock as the players have formed it, once the worker has
/// them; "working them out" until then.
#[function_component(ShockOdds)]
pub fn shock_odds(p: &ShockOddsProps) -> Html {
    // The answer shown, and the number of the request it must answer.
    let odds = use_state(|| None::<(u64, Result<Vec<CombatOdds>, String>)>);
    let awaited = use_mut_ref(|| 0u64);
    {
        let (odds, awaited) = (odds.clone(), awaited.clone());
        let key = (Rc::as_ptr(&p.game) as usize, p.attackers.clone(), p.grouping);
        let (game, attackers, grouping) = (p.game.clone(), p.attackers.clone(), p.grouping);
        let any = !p.labels.is_empty();
        use_effect_with(key, move |_| {
            if any {
                let job = Job::ShockOdds { at: Position::of(&game), attackers, grouping };
                let answered = awaited.clone();
                stamp("data-odds-asked");
                *awaited.borrow_mut() = ask(job, move |id, answer| {
                    // A stale answer (the players moved on) is dropped.
                    if id != *answered.borrow() {
                        return;
                    }
                    stamp("data-odds-shown");
                    let shown = match answer {
                        Answer::ShockOdds(combats) => Ok(combats),
                        Answer::Refused(why) => Err(why),
                        Answer::Think { .. } | Answer::OutOfStep | Answer::Warmed { .. } => {
                            Err("the worker answered another question".into())
                        }
                    };
                    odds.set(Some((id, shown)));
                });
            }
        });
    }
    let current = odds.as_ref().filter(|(id, _)| *id == *awaited.borrow());
    html! {
        <div class={classes!("odds", p.side.map(crate::components::counters::side_class))} aria-busy={current.is_none().to_string()}>
            { match current {
                None if p.labels.is_empty() => Html::default(),
                None => html! { <div class="odds-working" role="status">{ "Working out the odds…" }</div> },
                Some((_, Err(why))) => html! { <div class="odds-working">{ format!("No odds: {why}.") }</div> },
                Some((_, Ok(combats))) => p.labels.iter().zip(combats).map(|(label, o)| combat_odds(label, o)).collect::<Html>(),
            } }
        </div>
    }
}
