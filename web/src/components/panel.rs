//! The side panel: the battle at a glance, or everything about the tapped hex and its counters.

use crate::components::counters::side_class;
use crate::components::log_view::LogView;
use crate::components::terrain_layer::{feature_class, terrain_class, DENSE_WOODS_CLASS};
use crate::model::wording::LogEntry;
use sarissa_rules::game::{GameState, LeaderStatus};
use sarissa_rules::map::hex::Hexside;
use sarissa_rules::map::terrain::{HexsideFeature, Terrain};
use sarissa_rules::scenario::units::{Leader, Unit};
use sarissa_rules::special::house::dense_woods;
use sarissa_rules::{Game, HexId, Scenario};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct PanelProps {
    pub game: Rc<Game>,
    pub selected: Option<HexId>,
    pub on_close: Callback<()>,
    #[prop_or_default]
    pub log: Rc<Vec<LogEntry>>,
    /// A log entry was tapped: its index.
    #[prop_or_default]
    pub on_log: Callback<usize>,
    /// The panel is a drawer over the map (while playing; a replay keeps it beside the map):
    /// whether it is one, open or shut, and the way to shut it.
    #[prop_or_default]
    pub drawer: bool,
    #[prop_or(true)]
    pub open: bool,
    #[prop_or_default]
    pub on_hide: Callback<()>,
}

impl PartialEq for PanelProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && self.selected == other.selected
            && Rc::ptr_eq(&self.log, &other.log)
            && self.open == other.open
            && self.drawer == other.drawer
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Tab {
    Details,
    Log,
}

#[function_component(Panel)]
pub fn panel(props: &PanelProps) -> Html {
    let tab = use_state(|| Tab::Details);
    {
        // Tapping the map brings the details back.
        let tab = tab.clone();
        use_effect_with(props.selected, move |sel| {
            if sel.is_some() {
                tab.set(Tab::Details);
            }
        });
    }
    let (s, st) = (&*props.game.scenario, &props.game.state);
    let body = match (*tab, props.selected) {
        (Tab::Log, _) => html! { <LogView log={props.log.clone()} on_log={props.on_log.clone()} /> },
        (Tab::Details, None) => overview(s),
        (Tab::Details, Some(hex)) => {
            let close = props.on_close.reform(|_: MouseEvent| ());
            html! {
                <>
                    <button class="panel-close" aria-label="Close details" onclick={close}>{"×"}</button>
                    { hex_details(s, st, hex) }
                </>
            }
        }
    };
    let switch = |to: Tab| {
        let tab = tab.clone();
        Callback::from(move |_: MouseEvent| tab.set(to))
    };
    html! {
        <aside class={classes!("panel", props.drawer.then_some("drawer"))} aria-live="polite" hidden={!props.open}>
            <nav class="tabs" role="tablist">
                if props.drawer {
                    <button class="drawer-hide" aria-label="Hide the details" title="Hide" onclick={props.on_hide.reform(|_: MouseEvent| ())}>{ "⟩" }</button>
                }
                <button role="tab" class={classes!("tab", (*tab == Tab::Details).then_some("on"))} aria-selected={(*tab == Tab::Details).to_string()}
                    onclick={switch(Tab::Details)}>{ "Details" }</button>
                <button role="tab" class={classes!("tab", "tab-log", (*tab == Tab::Log).then_some("on"))} aria-selected={(*tab == Tab::Log).to_string()}
                    onclick={switch(Tab::Log)}>{ format!("Log ({})", props.log.len()) }</button>
            </nav>
            <div class="panel-body">{ body }</div>
        </aside>
    }
}

fn overview(s: &Scenario) -> Html {
    let sides = s.sides.iter().enumerate().map(|(i, side)| {
        let units = s.units.iter().filter(|u| u.side == i).count();
        let leaders = s.leaders.iter().filter(|l| l.side == i).count();
        html! {
            <li class={classes!("side-summary", side_class(i))}>
                <span class="swatch" />
                <strong>{ &side.name }</strong>
                { format!(": {units} units, {leaders} leaders; retreats {}; withdraws at {} rout points",
                    side.retreat_edge.name(), side.withdrawal_level) }
            </li>
        }
    });
    html! {
        <div class="overview">
            <h2>{ &s.meta.name }<span class="date">{ format!(" · {}", s.meta.date) }</span></h2>
            <p class="summary">{ &s.meta.summary }</p>
            <ul class="sides">{ for sides }</ul>
            <p class="hint">{ "Tap a counter or a hex to see its details. Drag to move the map; pinch or use the wheel to zoom." }</p>
            <details class="note">
                <summary>{ "The battle" }</summary>
                { for s.meta.note.split("\n\n").map(|p| html! { <p>{ p }</p> }) }
            </details>
            { battle_rules(s) }
            { legend(s) }
        </div>
    }
}

/// The battle's special rules and the optional rules in force in this game (GBA §C, as the
/// players chose them): the rulebook's, then the house rules as their own group, credited.
fn battle_rules(s: &Scenario) -> Html {
    // The game's scenario has the players' choice applied: its settings are the rules in force.
    let in_force = |house: bool| -> Vec<String> {
        let chosen = s.optional_choices().into_iter().filter(|c| c.default && c.house == house);
        chosen.map(|c| format!("{} ({})", c.name, c.rule)).collect()
    };
    let (optional, house) = (in_force(false), in_force(true));
    if s.meta.special_rules.is_empty() && optional.is_empty() && house.is_empty() {
        return Html::default();
    }
    html! {
        <details class="battle-rules">
            <summary>{ "Rules of this battle" }</summary>
            { for s.meta.special_rules.iter().map(|r| html! {
                <p data-rule={r.id.clone()}><strong>{ format!("{}. ", r.title) }</strong>{ &r.text }
                    if r.players_keep {
                        <em class="players-keep">{ " The game does not check this rule yet: keep it yourselves." }</em>
                    }
                </p>
            }) }
            <p class="optional-in-force">{ if optional.is_empty() {
                "Optional rules: none.".to_string()
            } else {
                format!("Optional rules in this game: {}.", optional.join(", "))
            } }</p>
            if !house.is_empty() {
                <p class="house-in-force">{ format!("House rules in this game: {}. ", house.join(", ")) }
                    <small>{ crate::components::chooser::house_credit() }</small></p>
            }
        </details>
    }
}

fn legend(s: &Scenario) -> Html {
    // House B7: dense woods, where the battle's woods are made dense.
    let dense = dense_woods::on(s).then_some((DENSE_WOODS_CLASS, "dense woods (house rule B7)"));
    let items = Terrain::ALL.iter().map(|&t| (terrain_class(t), t.name())).chain(dense).map(|(class, name)| {
        html! {
            <li>
                <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
                    <polygon class={classes!("hex", class)} points="5,1 17,1 22,9 17,17 5,17 0,9" />
                </svg>
                { name }
            </li>
        }
    });
    // The hexside lines, each drawn as on the map: the camp's rings among them (CG 12.11).
    let edges = HexsideFeature::ALL.iter().map(|&f| {
        html! {
            <li>
                <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
                    <path class={classes!("hexside", "legend-line", feature_class(f))} d="M2,9 L20,9" />
                </svg>
                { f.name() }
            </li>
        }
    });
    html! {
        <details class="legend">
            <summary>{ "Map key" }</summary>
            <ul>{ for items }</ul>
            <ul class="legend-edges">
                { for edges }
                // CG 12.23, 12.24: the city's streets, the main one the elephants' way.
                { for [("street", "city street"), ("street main", "main street (elephants)")].map(|(class, name)| html! {
                    <li>
                        <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
                            <rect x="0" y="0" width="22" height="18" class="t-block-bg" />
                            <path class={classes!(class, "legend-line")} d="M2,9 L20,9" />
                        </svg>
                        { name }
                    </li>
                }) }
                // CG 12.31: drawn over a palisade or gate the elephants have broken.
                <li>
                    <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
                        <path class={classes!("hexside", "legend-line", "breached")} d="M2,9 L20,9" />
                    </svg>
                    { "breached palisade or gate" }
                </li>
                // CG 12.32: a camp tower the elephants have damaged, or brought down.
                <li>
                    <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
                        <rect class="tower-damaged" x="3" y="2" width="16" height="14" />
                    </svg>
                    { "damaged camp tower" }
                </li>
                <li>
                    <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
                        <path class="tower-rubble" d="M5,3 L17,15 M17,3 L5,15" />
                    </svg>
                    { "destroyed camp tower (now open camp ground)" }
                </li>
            </ul>
            <p>{ "Darker tints and brown contour lines mark higher ground; a heavy contour is a climb of two levels or more. Blue lines on hex edges are streams and rivers." }</p>
        </details>
    }
}

fn hex_details(s: &Scenario, st: &GameState, hex: HexId) -> Html {
    let map = &s.map;
    // CG 12.32 (P188): a tower as the elephants have left it.
    let terrain = if st.destroyed_towers.contains(&hex) {
        "camp hex, where a camp tower stood until the elephants brought it down".to_string()
    } else if st.damaged_towers.contains(&hex) {
        "camp tower, damaged: one more success by the elephants brings it down".to_string()
    } else {
        dense_woods::ground_name(s, hex).to_string()
    };
    let level = map.elevation(hex).unwrap_or(0);
    // CG 12.11: which ring of whose camp the hex is in.
    let enclosure = map.enclosure(hex).map(|(c, e)| {
        let ring = ["royal (first)", "second", "third", "outer (fourth)"][usize::from(e.clamp(1, 4) - 1)];
        let side = s.sides.get(map.camps[c].side).map_or("", |x| x.name.as_str());
        format!("; {ring} enclosure of the camp of the {side}")
    });
    let edges: Vec<String> = Hexside::ALL
        .iter()
        .filter_map(|&side| {
            let other = hex.neighbour(side)?;
            let f = map.hexside(hex, other)?;
            // CG 12.31: a breach is for the rest of the battle.
            let breached = if sarissa_rules::works::breach::is_breached(st, hex, other) { " (breached)" } else { "" };
            Some(format!("{}{breached} toward {other}", f.name()))
        })
        .collect();
    let units =
        (0..s.units.len()).filter(|&i| !st.units[i].eliminated && st.units[i].placement.hexes().any(|h| h == hex));
    let leaders =
        (0..s.leaders.len()).filter(|&i| st.leaders[i].at == hex && st.leaders[i].status != LeaderStatus::Eliminated);
    html! {
        <div class="hex-details" data-hex={hex.to_string()}>
            <h2>{ format!("Hex {hex}") }</h2>
            <p class="terrain-line">{ format!("{terrain}, level {level}{}", enclosure.unwrap_or_default()) }</p>
            if !edges.is_empty() {
                <p class="edges">{ format!("Edges: {}", edges.join("; ")) }</p>
            }
            { for units.map(|i| unit_card(s, st, i)) }
            { for leaders.map(|i| leader_card(s, st, i)) }
        </div>
    }
}

fn row(label: &str, value: String) -> Html {
    html! { <><dt>{ label }</dt><dd>{ value }</dd></> }
}

fn unit_card(s: &Scenario, st: &GameState, i: usize) -> Html {
    let (u, us): (&Unit, _) = (&s.units[i], &st.units[i]);
    let side = s.sides.get(u.side).map_or("", |x| x.name.as_str());
    let ma = match u.ma_extended {
        Some(ext) => format!("{} (augmented {ext}, rule 6.46)", u.ma),
        None => u.ma.to_string(),
    };
    html! {
        <section class={classes!("card", "unit-card", side_class(u.side))} data-unit={u.id.clone()}>
            <h3>{ &u.name }</h3>
            <p class="subtitle">{ format!("{side} · {} ({})", u.kind.name(), u.type_label()) }</p>
            <dl>
                { row("Size", u.size.to_string()) }
                { row("Troop quality", u.tq.to_string()) }
                if us.column {
                    { row("Formation", "In column (TQ −2): no shock attack or missile fire, no withdrawal or reaction facing; attacked, the enemy is superior (6.65–6.67)".to_string()) }
                }
                if us.routed {
                    { row("State", "Routed: no orders but rally; any hit eliminates it; it runs on in Phase D (10.2)".to_string()) }
                } else {
                    { row("Cohesion hits", format!("{} (it routs at {})", us.hits, sarissa_rules::movement::column::effective_tq(s, st, i))) }
                }
                if us.moved { { row("This turn", "has moved (rule 6.13: moving again costs a hit)".to_string()) } }
                { row("Movement", ma) }
                { row("Missiles", u.missile.map_or("none".into(), |m| {
                    let supply = match us.supply {
                        sarissa_rules::combat::missile::Supply::Full => "",
                        sarissa_rules::combat::missile::Supply::Low => " — low: one volley left (8.17)",
                        sarissa_rules::combat::missile::Supply::No => " — none left until it reloads (8.17)",
                    };
                    format!("{} ({}){supply}", m.name(), m.letter())
                })) }
                if us.dismounted {
                    { row("Crew", "on foot for the rest of the battle; the chariots are left behind (10.28)".to_string()) }
                }
                if let Some(f) = u.foot_side() {
                    { row("Foot side", format!("{} {}·{}·{}: inside a camp its crew may dismount, for good (10.28)", f.type_label(), f.size, f.tq, f.ma)) }
                }
                if u.kind == sarissa_rules::scenario::units::UnitType::EL {
                    { row("Screen", match us.screen_supply {
                        sarissa_rules::combat::missile::Supply::Full => "archers, shooting only in reaction (11.11)",
                        sarissa_rules::combat::missile::Supply::Low => "archers, low: one volley left (11.11)",
                        sarissa_rules::combat::missile::Supply::No => "archers, no arrows until they reload (11.11)",
                    }.to_string()) }
                }
                { row("Facing", match us.heading() {
                    sarissa_rules::map::facing::Heading::Vertex(v) => format!("{} vertex", v.name()),
                    sarissa_rules::map::facing::Heading::Square(_) if us.square => "front all round: in Square (10.62)".to_string(),
                    sarissa_rules::map::facing::Heading::Square(_) => "front all round: in the city's buildings (12.26)".to_string(),
                    h => format!("{} (in column, 6.63)", h.name()),
                }) }
                { row(if us.placement.is_two_hex() { "Hexes" } else { "Hex" }, us.placement.label()) }
                if let Some(origin) = &u.origin { { row("Who", origin.clone()) } }
                if !u.tags.is_empty() {
                    { row("Notes", u.tags.iter().map(|t| t.key()).collect::<Vec<_>>().join(", ")) }
                }
            </dl>
        </section>
    }
}

/// House rule B1: leader `i`'s temperament and what it does, when one was rolled for him.
fn house_temperament(s: &Scenario, st: &GameState, i: usize) -> Option<String> {
    use sarissa_rules::special::house::temperament::{of, Temperament};
    st.temperaments.iter().any(|(l, _)| *l == s.leaders[i].id).then(|| {
        match of(s, st, i) {
            Temperament::Aggressive => {
                "aggressive: a step earlier to act, his attackers −1 on pre-shock checks (House B1)"
            }
            Temperament::Cautious => "cautious: a step later to act, his attackers +1 on pre-shock checks (House B1)",
            Temperament::Steady => "steady (House B1)",
        }
        .to_string()
    })
}

fn leader_card(s: &Scenario, st: &GameState, i: usize) -> Html {
    let (l, ls): (&Leader, _) = (&s.leaders[i], &st.leaders[i]);
    let side = s.sides.get(l.side).map_or("", |x| x.name.as_str());
    let status = match ls.status {
        LeaderStatus::Inactive => "not yet activated this turn",
        LeaderStatus::Active => "giving orders",
        LeaderStatus::Finished => "finished for this turn",
        LeaderStatus::Eliminated => "fallen",
    };
    // Ratings as they stand, wounds taken off (9.22).
    let r = sarissa_rules::command::orders::ratings(s, st, i);
    let initiative = r.initiative.map_or("contingent commander (C)".to_string(), |i| i.to_string());
    let line = if l.line_command {
        if l.line_types.is_empty() {
            "yes".to_string()
        } else {
            format!("yes, for {}", l.line_types.iter().map(|t| t.label()).collect::<Vec<_>>().join(", "))
        }
    } else {
        "no".to_string()
    };
    html! {
        <section class={classes!("card", "leader-card", side_class(l.side))} data-leader={l.id.clone()}>
            <h3>{ &l.name }</h3>
            <p class="subtitle">{ format!("{side} · {}{}", l.role.name(), if l.elite { " · elite" } else { "" }) }</p>
            if let Some(title) = &l.title { <p class="title">{ title }</p> }
            <dl>
                { row("Now", status.to_string()) }
                if ls.wounds > 0 { { row("Wounds", format!("every rating {} lower; another wound kills him (9.22)", ls.wounds)) } }
                { row("Initiative", initiative) }
                { row("Command range", format!("{} hexes", r.command_range)) }
                { row("Charisma", r.charisma.to_string()) }
                { row("Personal combat", r.personal_combat.map_or("—".into(), |p| p.to_string())) }
                { row("Line Command", line) }
                if let Some(st) = r.strategy { { row("Strategy", st.to_string()) } }
                if let Some(t) = house_temperament(s, st, i) { { row("Temperament", t) } }
                if let Some(slot) = sarissa_rules::special::house::barbarian::slot(s, st, i) {
                    { row("This turn", format!("moves in his side's slot of initiative {slot}, by the barbarian order's dice (House B2)")) }
                }
            </dl>
        </section>
    }
}
