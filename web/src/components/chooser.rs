//! The start screen: every bundled battle with a map preview, its sides and what it asks of the
//! players.

use crate::components::counters::side_class;
use crate::components::terrain_layer::terrain_class;
use crate::model::geometry::{center, map_size};
use crate::model::session::Seat;
use sarissa_rules::map::terrain::Terrain;
use sarissa_rules::scenario::{OptionChanges, OptionChoice, HOUSE_CREDIT};
use sarissa_rules::{LoadError, Scenario};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct ChooserProps {
    pub scenarios: Rc<Vec<Result<Scenario, LoadError>>>,
    /// A battle chosen, with the players' changes to its optional rules and who plays each side.
    pub on_choose: Callback<Chosen>,
    /// What the start screen shows above the battles: notices and the games on this device.
    #[prop_or_default]
    pub children: Html,
}

impl PartialEq for ChooserProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenarios, &other.scenarios)
            && self.on_choose == other.on_choose
            && self.children == other.children
    }
}

/// A battle, the players' changes to its optional rules, and who plays each side (issue 21).
pub type Chosen = (String, OptionChanges, Vec<Seat>);

#[function_component(Chooser)]
pub fn chooser(props: &ChooserProps) -> Html {
    let cards = props.scenarios.iter().enumerate().map(|(index, entry)| match entry {
        Ok(_) => {
            html! { <BattleCard scenarios={props.scenarios.clone()} {index} on_choose={props.on_choose.clone()} /> }
        }
        Err(e) => html! {
            <article class="battle-card broken">
                <h2>{ format!("{} could not be loaded", e.file) }</h2>
                <pre>{ e.to_string() }</pre>
            </article>
        },
    });
    html! {
        <main class="start">
            <header class="start-header">
                <h1>{ "Sarissa" }</h1>
                <p>{ "Ancient battles under the full Great Battles of History rules. Everything stays on this device." }</p>
            </header>
            { props.children.clone() }
            <section class="battles" aria-label="Battles">{ for cards }</section>
        </main>
    }
}

#[derive(Properties, Clone)]
struct BattleCardProps {
    scenarios: Rc<Vec<Result<Scenario, LoadError>>>,
    index: usize,
    on_choose: Callback<Chosen>,
}

impl PartialEq for BattleCardProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenarios, &other.scenarios) && self.index == other.index && self.on_choose == other.on_choose
    }
}

/// One battle: its preview, what it is, and the optional rules the players may switch for it
/// (GBA §C), preset as the scenario has them.
#[function_component(BattleCard)]
fn battle_card(props: &BattleCardProps) -> Html {
    let changes = use_state(OptionChanges::new);
    let seats = use_state(Vec::<Seat>::new);
    let Some(Ok(s)) = props.scenarios.get(props.index) else {
        return Html::default();
    };
    let choose = {
        let (id, changes, seats) = (s.meta.id.clone(), changes.clone(), seats.clone());
        props.on_choose.reform(move |_: MouseEvent| (id.clone(), (*changes).clone(), (*seats).clone()))
    };
    let sides = s.sides.iter().enumerate().map(|(i, side)| {
        let units = s.units.iter().filter(|u| u.side == i).count();
        let leaders = s.leaders.iter().filter(|l| l.side == i).count();
        html! {
            <li class={side_class(i)}><span class="swatch" />
                <strong>{ &side.name }</strong>{ format!(" — {units} units, {leaders} leaders") }
                { seat_picker(&seats, i, s.sides.len(), &side.name) }</li>
        }
    });
    let choices = s.optional_choices();
    // The rulebook's optional rules, then the house rules as a group of their own (issue 23).
    let (house, rulebook): (Vec<&OptionChoice>, Vec<&OptionChoice>) = choices.iter().partition(|c| c.house);
    html! {
        <article class="battle-card" data-scenario={s.meta.id.clone()}>
            <button class="preview-button" onclick={choose.clone()} aria-label={format!("Play {}", s.meta.name)}>
                { preview(s) }
            </button>
            <div class="card-text">
                <h2>{ &s.meta.name }<span class="date">{ format!(" · {}", s.meta.date) }</span></h2>
                <p class="summary">{ &s.meta.summary }</p>
                <ul class="sides">{ for sides }</ul>
                <p class="facts">
                    { format!("{} rules · map {} × {} hexes", s.meta.rules.name(), s.map.columns, s.map.rows) }
                    if let Some(length) = &s.meta.length { { format!(" · plays in about {length}") } }
                </p>
                if !choices.is_empty() {
                    <details class="options">
                        <summary>{ optional_summary(s, &changes) }</summary>
                        <ul>{ for rulebook.iter().map(|c| option_toggle(c, &changes)) }</ul>
                        if !house.is_empty() {
                            <div class="house-rules">
                                <h3>{ "House rules" }</h3>
                                <p class="credit"><small>{ house_credit() }</small></p>
                                <ul>{ for house.iter().map(|c| option_toggle(c, &changes)) }</ul>
                            </div>
                        }
                    </details>
                }
                <button class="play" onclick={choose}>{ "Play this battle" }</button>
            </div>
        </article>
    }
}

/// One optional rule's switch, as the scenario presets it or the player changed it.
fn option_toggle(c: &OptionChoice, changes: &UseStateHandle<OptionChanges>) -> Html {
    let on = changes.get(c.key).copied().unwrap_or(c.default);
    let toggle = {
        let (changes, key, default) = (changes.clone(), c.key, c.default);
        Callback::from(move |_: Event| {
            let mut next = (*changes).clone();
            let now = !next.get(key).copied().unwrap_or(default);
            // Only differences from the scenario are kept (and saved).
            if now == default {
                next.remove(key);
            } else {
                next.insert(key.to_string(), now);
            }
            changes.set(next);
        })
    };
    html! {
        <li>
            <label class="option" data-option={c.key}>
                <input type="checkbox" checked={on} onchange={toggle} />
                <span><strong>{ format!("{} ({})", c.name, c.rule) }</strong>
                    if c.default { <em>{ " · as the scenario has it" }</em> }
                    <br /><small>{ c.about }</small></span>
            </label>
        </li>
    }
}

/// The line that credits the house rules' source (issue 23), under their heading.
pub fn house_credit() -> String {
    format!("Optional rules of our own, not the rulebook's: {HOUSE_CREDIT}.")
}

/// Who plays side `i` of `sides`: a person or the computer at a level (issue 21).
fn seat_picker(seats: &UseStateHandle<Vec<Seat>>, i: usize, sides: usize, name: &str) -> Html {
    let now = seats.get(i).copied().unwrap_or_default();
    let pick = {
        let seats = seats.clone();
        Callback::from(move |e: Event| {
            let chosen = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
            let mut next = (*seats).clone();
            next.resize(sides, Seat::Person);
            next[i] = Seat::ALL.get(chosen as usize).copied().unwrap_or_default();
            seats.set(next);
        })
    };
    let options = Seat::ALL.iter().map(|seat| {
        html! { <option value={seat.label()} selected={*seat == now}>{ format!("played by {}", seat.label()) }</option> }
    });
    html! {
        <select class="seat" data-side={i.to_string()} aria-label={format!("Who plays {name}")} onchange={pick}>
            { for options }
        </select>
    }
}

/// "Optional rules: engaged (10.3)" — those in force as chosen so far.
fn optional_summary(s: &Scenario, changes: &OptionChanges) -> String {
    let on: Vec<String> = s
        .optional_choices()
        .iter()
        .filter(|c| changes.get(c.key).copied().unwrap_or(c.default))
        .map(|c| format!("{} ({})", c.name, c.rule))
        .collect();
    if on.is_empty() {
        "Optional rules: none".to_string()
    } else {
        format!("Optional rules: {}", on.join(", "))
    }
}

/// A miniature of the map: one path per terrain (a dot per hex) and one per side for the units.
/// A few dozen nodes, however big the map.
pub fn preview(s: &Scenario) -> Html {
    let (w, h) = map_size(&s.map);
    // Slightly larger than the column spacing (45) and row height (52) so the tiles overlap
    // instead of leaving hairline seams when scaled down.
    let dot = 47.0;
    let terrain_paths = Terrain::ALL.iter().filter_map(|&t| {
        let mut d = String::new();
        for hex in s.map.hexes().filter(|h| s.map.terrain(*h) == Some(t)) {
            let (x, y) = center(hex);
            d.push_str(&format!("M{:.0},{:.0}h{dot:.0}v54h-{dot:.0}z", x - dot / 2.0, y - 27.0));
        }
        (!d.is_empty()).then(|| html! { <path class={classes!("preview-terrain", terrain_class(t))} d={d} /> })
    });
    let high = {
        let mut d = String::new();
        for hex in s.map.hexes() {
            let level = s.map.elevation(hex).unwrap_or(0);
            if level >= 2 {
                let (x, y) = center(hex);
                d.push_str(&format!("M{:.0},{:.0}h{dot:.0}v54h-{dot:.0}z", x - dot / 2.0, y - 27.0));
            }
        }
        html! { <path class="preview-high" d={d} /> }
    };
    let units = (0..s.sides.len()).map(|side| {
        let mut d = String::new();
        for u in s.units.iter().filter(|u| u.side == side) {
            for hex in u.placement.hexes() {
                let (x, y) = center(hex);
                d.push_str(&format!("M{:.0},{:.0}h40v40h-40z", x - 20.0, y - 20.0));
            }
        }
        html! { <path class={classes!("preview-units", side_class(side))} d={d} /> }
    });
    html! {
        <svg class="preview" viewBox={format!("0 0 {w:.0} {h:.0}")} preserveAspectRatio="xMidYMid meet" role="img"
            aria-label="Map preview">
            <g class="preview-map">{ for terrain_paths }{ high }</g>
            { for units }
        </svg>
    }
}
