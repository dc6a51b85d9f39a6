//! The start screen: every bundled battle with a map preview, its sides and what it asks of the
//! players.

use crate::components::counters::side_class;
use crate::components::terrain_layer::terrain_class;
use crate::model::geometry::{center, grid_size};
use crate::model::scenarios::{Card, Preview, Run, CATALOGUE};
use crate::model::session::Seat;
use sarissa_rules::scenario::{OptionChanges, OptionChoice, HOUSE_CREDIT};
use sarissa_rules::HexId;
use yew::prelude::*;

#[derive(Properties, Clone, PartialEq)]
pub struct ChooserProps {
    /// A battle chosen, with the players' changes to its optional rules and who plays each side.
    pub on_choose: Callback<Chosen>,
    /// What the start screen shows above the battles: notices and the games on this device.
    #[prop_or_default]
    pub children: Html,
}

/// A battle, the players' changes to its optional rules, and who plays each side (issue 21).
pub type Chosen = (String, OptionChanges, Vec<Seat>);

#[function_component(Chooser)]
pub fn chooser(props: &ChooserProps) -> Html {
    // The catalogue's cards: each battle's file is fetched only once it is chosen (issue 19).
    let cards = (0..CATALOGUE.len()).map(|index| html! { <BattleCard {index} on_choose={props.on_choose.clone()} /> });
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

#[derive(Properties, Clone, PartialEq)]
struct BattleCardProps {
    /// Its place in the catalogue.
    index: usize,
    on_choose: Callback<Chosen>,
}

/// One battle: its preview, what it is, and the optional rules the players may switch for it
/// (GBA §C), preset as the scenario has them.
#[function_component(BattleCard)]
fn battle_card(props: &BattleCardProps) -> Html {
    let changes = use_state(OptionChanges::new);
    let seats = use_state(Vec::<Seat>::new);
    let Some(s) = CATALOGUE.get(props.index) else {
        return Html::default();
    };
    let choose = {
        let (id, changes, seats) = (s.id, changes.clone(), seats.clone());
        props.on_choose.reform(move |_: MouseEvent| (id.to_string(), (*changes).clone(), (*seats).clone()))
    };
    let sides = s.sides.iter().enumerate().map(|(i, side)| {
        html! {
            <li class={side_class(i)}><span class="swatch" />
                <strong>{ side.name }</strong>{ format!(" — {} units, {} leaders", side.units, side.leaders) }
                { seat_picker(&seats, i, s.sides.len(), side.name) }</li>
        }
    });
    let choices = s.choices;
    // The rulebook's optional rules, then the house rules as a group of their own (issue 23).
    let (house, rulebook): (Vec<&OptionChoice>, Vec<&OptionChoice>) = choices.iter().partition(|c| c.house);
    html! {
        <article class="battle-card" data-scenario={s.id}>
            <button class="preview-button" onclick={choose.clone()} aria-label={format!("Play {}", s.name)}>
                { preview(s) }
            </button>
            <div class="card-text">
                <h2>{ s.name }<span class="date">{ format!(" · {}", s.date) }</span></h2>
                <p class="summary">{ s.summary }</p>
                <ul class="sides">{ for sides }</ul>
                <p class="facts">
                    { format!("{} rules · map {} × {} hexes", s.rules, s.columns, s.rows) }
                    if let Some(length) = s.length { { format!(" · plays in about {length}") } }
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
fn optional_summary(s: &Card, changes: &OptionChanges) -> String {
    let on: Vec<String> = s
        .choices
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

/// A miniature of the map: one path per terrain (a rectangle per run of hexes down a column)
/// and one per side for the units (a square per hex). A few dozen nodes, however big the map.
fn preview(s: &Card) -> Html {
    let (w, h) = grid_size(s.columns, s.rows);
    let Preview { terrain, high, units } = &s.preview;
    let terrain_paths = terrain.iter().map(|&(t, runs)| {
        html! { <path class={classes!("preview-terrain", terrain_class(t))} d={ground(runs)} /> }
    });
    let units = units.iter().enumerate().map(|(side, runs)| {
        let mut d = String::new();
        for hex in runs.iter().flat_map(|&(col, first, last)| (first..=last).map(move |row| HexId { col, row })) {
            let (x, y) = center(hex);
            d.push_str(&format!("M{:.0},{:.0}h40v40h-40z", x - 20.0, y - 20.0));
        }
        html! { <path class={classes!("preview-units", side_class(side))} d={d} /> }
    });
    html! {
        <svg class="preview" viewBox={format!("0 0 {w:.0} {h:.0}")} preserveAspectRatio="xMidYMid meet" role="img"
            aria-label="Map preview">
            <g class="preview-map">{ for terrain_paths }<path class="preview-high" d={ground(high)} /></g>
            { for units }
        </svg>
    }
}

/// The ground of `runs` of hexes as one path: a rectangle per run, slightly larger than the
/// column spacing (45) and the row height (52) so that runs side by side leave no hairline seams
/// when scaled down.
fn ground(runs: &[Run]) -> String {
    let mut d = String::new();
    for &(col, first, last) in runs {
        let (x, top) = center(HexId { col, row: first });
        let (_, bottom) = center(HexId { col, row: last });
        d.push_str(&format!("M{:.0},{:.0}h47v{:.0}h-47z", x - 23.5, top - 27.0, bottom - top + 54.0));
    }
    d
}
