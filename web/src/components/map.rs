//! The map view: an SVG battlefield inside a pannable, zoomable viewport.
//!
//! Gestures are handled outside Yew's render cycle: pointer and wheel listeners update a
//! [`Camera`] and write the wrapper's CSS transform directly, so panning and pinching never
//! re-render anything. Only a tap (a press that does not move) reaches Yew, as a selected hex.

use crate::components::counters::CountersLayer;
use crate::components::counters::{leader_disc_at, side_class};
use crate::components::map_keys::{describe, next_live, step};
use crate::components::terrain_layer::TerrainLayer;
use crate::model::camera::{Camera, DETAIL_SCALE, FAR_SCALE, LABEL_SCALE, NEAR_SCALE};
use crate::model::geometry::{center, corner, hex_at, hex_points, hexsides_path, map_size, R};
use gloo::events::{EventListener, EventListenerOptions};
use gloo::storage::Storage;
use sarissa_rules::map::facing::Heading;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::scenario::Edge;
use sarissa_rules::{Game, HexId, Scenario, Vertex};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, PointerEvent, WheelEvent};
use yew::prelude::*;

/// A press that moves less than this (screen pixels) is a tap.
const TAP_SLOP: f64 = 8.0;
/// Screen pixels of map that always stay in view when panning.
const KEEP_VISIBLE: f64 = 80.0;
/// Map pixels of room the opening view keeps around the armies: a hex and a half, so that a
/// unit at an army's edge is whole and clear of the zoom buttons. (Four hexes, tried first,
/// left Issus's and Chaeronea's armies, which span most of the map's height, at whole-map zoom.)
const ARMIES_ROOM: f64 = 1.5 * 2.0 * R;
/// Two taps within this many milliseconds (and close together) are a double tap.
const DOUBLE_TAP_MS: f64 = 350.0;

/// A way the move in progress may end, drawn as an arrow on the map: tapping it chooses
/// `choice` (an index into the prompt's choices).
#[derive(Clone, Debug, PartialEq)]
pub struct FacingArrow {
    pub choice: usize,
    pub facing: Vertex,
    /// A column's hexside (6.63) rather than a vertex.
    pub column: bool,
    /// Map pixels: the centre the arrow points away from, and where it is drawn.
    pub from: (f64, f64),
    pub at: (f64, f64),
    /// What the choice is, in words (its MP and hits).
    pub title: String,
}

impl FacingArrow {
    /// The arrow of a one-hex unit ending in `hex`: toward its vertex, or a column's hexside.
    pub fn one_hex(choice: usize, hex: HexId, facing: Vertex, column: bool, title: String) -> Self {
        let (from, at) = (center(hex), facing_arrow_at(hex, facing, column));
        Self { choice, facing, column, from, at, title }
    }

    /// The arrow of a two-hex unit's pose covering the chosen hex: drawn in the other hex of
    /// the pose (`partner`), pointing the way the unit would face, so each pose has its own
    /// place (GBA 7.11: a two-hex unit faces a vertex as seen from its centre).
    pub fn two_hex(choice: usize, partner: HexId, facing: Vertex, column: bool, title: String) -> Self {
        let (cx, cy) = center(partner);
        let a = Heading::of(facing, column).degrees().to_radians();
        let at = (cx + R * 0.5 * a.cos(), cy - R * 0.5 * a.sin());
        Self { choice, facing, column, from: (cx, cy), at, title }
    }
}

/// What the map shows on top of the battlefield while a player gives orders.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// Hexes of units the active leader may order now.
    pub orderable: Vec<HexId>,
    /// Where the unit being ordered can end its move; the rest of the map is dimmed.
    pub reachable: Vec<HexId>,
    /// The path to preview: the start hex, then the hexes entered.
    pub path: Vec<HexId>,
    /// The ways the move may end at the chosen destination, as arrows.
    pub arrows: Vec<FacingArrow>,
    /// Overlays the player switches on: the hexes in the enemy's zones of control (7.2), and
    /// those within the active leader's command range (4.21).
    pub zoc: Vec<HexId>,
    pub command_range: Vec<HexId>,
    /// Where the chosen unit's missiles reach: in range, arc and sight (8.13, 8.14).
    pub missile_reach: Vec<HexId>,
    /// The hexes of the leaders who may be activated now (5.1), marked on the map.
    pub offered: Vec<HexId>,
    /// The hexes the move would end in (both, for a two-hex unit).
    pub outline: Vec<HexId>,
    /// Hexes picked out from the log.
    pub focus: Vec<HexId>,
    /// A line's planned move (issue 20 §4): each unit's hexes now, where it would end, and which
    /// way it would then face.
    pub plan_steps: Vec<(Vec<HexId>, Vec<HexId>, Vertex)>,
    /// Enemy units the unit being ordered may fire at: the hex and its chance to hit, in words
    /// ("38%") (GBA 8.15).
    pub fire_targets: Vec<(HexId, String)>,
}

#[derive(Properties, Clone)]
pub struct MapViewProps {
    pub game: Rc<Game>,
    pub selected: Option<HexId>,
    pub on_select: Callback<HexId>,
    #[prop_or_default]
    pub overlay: Rc<Overlay>,
    #[prop_or_default]
    pub on_facing: Callback<usize>,
    /// Hexes to keep in sight, clear of a sheet over the right of the map.
    #[prop_or_default]
    pub reveal: Reveal,
}

/// Hexes the player must see (the combats a shock preview describes, a line's plan), and how
/// many screen pixels at the right and at the top of the map a sheet or bar covers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reveal {
    pub hexes: Vec<HexId>,
    pub covered_right: f64,
    pub covered_top: f64,
}

impl PartialEq for MapViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && self.selected == other.selected
            && self.on_select == other.on_select
            && self.overlay == other.overlay
            && self.on_facing == other.on_facing
            && self.reveal == other.reveal
    }
}

/// Where a facing arrow is drawn: toward its vertex, or a column's hexside, inside the hex.
fn facing_arrow_at(hex: HexId, v: Vertex, column: bool) -> (f64, f64) {
    let (cx, cy) = center(hex);
    if !column {
        return corner(cx, cy, R * 0.78, v.index());
    }
    let a = Heading::of(v, true).degrees().to_radians();
    (cx + R * 0.7 * a.cos(), cy - R * 0.7 * a.sin())
}

/// The rotation (degrees, clockwise, as SVG turns) that makes an arrow drawn pointing up at
/// `at` point straight away from `from`: at the vertex (or hexside) it stands for. Taken from
/// where the arrow is drawn, so arrow and position can never disagree.
pub fn arrow_rotation(from: (f64, f64), at: (f64, f64)) -> f64 {
    // Screen y grows downward; "up" is rotation 0.
    (at.0 - from.0).atan2(from.1 - at.1).to_degrees()
}

/// Where the view of a battle is kept, so a reload shows the same part of the map.
const VIEW_KEY: &str = "sarissa.view";

/// The camera kept for this battle in this tab, if any.
fn stored_view(battle: &str) -> Option<Camera> {
    let kept: String = gloo::storage::SessionStorage::get(VIEW_KEY).ok()?;
    let mut parts = kept.split('|');
    (parts.next()? == battle).then_some(())?;
    let mut number = || parts.next()?.parse::<f64>().ok().filter(|n| n.is_finite());
    let (x, y, scale, min_scale) = (number()?, number()?, number()?, number()?);
    Some(Camera { x, y, scale, min_scale })
}

fn store_view(battle: &str, c: &Camera) {
    let kept = format!("{battle}|{:.2}|{:.2}|{:.5}|{:.5}", c.x, c.y, c.scale, c.min_scale);
    let _ = gloo::storage::SessionStorage::set(VIEW_KEY, kept);
}

/// What the gesture handlers share.
struct Gestures {
    camera: Option<Camera>,
    content: (f64, f64),
    /// Active pointers: (pointer id, x, y) relative to the viewport.
    pointers: Vec<(i32, f64, f64)>,
    /// Where a possible tap started; cleared once the press moves or a second finger lands.
    tap_start: Option<(f64, f64)>,
    /// Facing arrows on the map now, in map pixels; a tap on one makes its choice.
    arrows: Vec<(f64, f64, usize)>,
    /// The player has panned or zoomed: layout changes keep his view instead of refitting.
    user_moved: bool,
    /// The battle shown (its id), under which the view is kept for a reload.
    battle: String,
    /// The last tap: when (ms) and where, to tell a double tap (which zooms) from two taps.
    last_tap: Option<(f64, f64, f64)>,
    /// Hexes a tap chooses something in now (a unit to order, a destination, a target): two
    /// quick taps there are two choices, not a double tap.
    live: Vec<HexId>,
    /// The centres of the hexes the armies stand in (map pixels): the opening view fills the
    /// window but keeps them all in it.
    armies: Vec<(f64, f64)>,
    /// The player asked for the whole map (the ⤢ button): refits keep showing all of it.
    whole: bool,
}

struct Elements {
    viewport: HtmlElement,
    wrapper: HtmlElement,
}

impl Elements {
    fn size(&self) -> (f64, f64) {
        (self.viewport.client_width() as f64, self.viewport.client_height() as f64)
    }

    fn local(&self, client_x: i32, client_y: i32) -> (f64, f64) {
        let rect = self.viewport.get_bounding_client_rect();
        (client_x as f64 - rect.left(), client_y as f64 - rect.top())
    }

    /// Writes the camera to the DOM: the transform, the label toggle, and `data-scale` (tests read it).
    fn apply(&self, g: &mut Gestures) {
        let (vw, vh) = self.size();
        let Some(camera) = g.camera.as_mut() else {
            return;
        };
        camera.clamp(g.content.0, g.content.1, vw, vh, KEEP_VISIBLE);
        let _ = self.wrapper.style().set_property("transform", &camera.css_transform());
        let _ = self.viewport.class_list().toggle_with_force("show-hex-ids", camera.scale >= LABEL_SCALE);
        let _ = self.viewport.class_list().toggle_with_force("far", camera.scale < FAR_SCALE);
        let _ = self.viewport.class_list().toggle_with_force("near", camera.scale >= NEAR_SCALE);
        let mid = (FAR_SCALE..DETAIL_SCALE).contains(&camera.scale);
        let _ = self.viewport.class_list().toggle_with_force("mid", mid);
        if camera.scale >= NEAR_SCALE {
            self.write_label_scale(camera.scale);
        }
        let _ = self.viewport.set_attribute("data-scale", &format!("{:.4}", camera.scale));
        if g.user_moved {
            store_view(&g.battle, camera);
        }
    }

    /// Labels sized in screen pixels divide by the scale the map is drawn at: written on the
    /// leaders' layer alone, where they are, since a custom property changed on the viewport
    /// restyles every element of the map (issue 19: at Issus, 2,640 hexes and their numbers,
    /// 100-200 ms a zoom step at 4× CPU throttle); and only near in, where they show. The layer
    /// is there from the counters' first drawing (counters.rs), so the camera always finds it.
    fn write_label_scale(&self, scale: f64) {
        if let Ok(Some(leaders)) = self.wrapper.query_selector("g.leaders") {
            let _ = leaders.set_attribute("style", &format!("--inv-scale: {:.4}", 1.0 / scale));
        }
    }

    /// The opening view (the map fills the window, the armies in it), or the whole map.
    fn fit(&self, g: &mut Gestures) {
        let (vw, vh) = self.size();
        g.camera = Some(match g.whole {
            true => Camera::fit(g.content.0, g.content.1, vw, vh),
            false => Camera::fill(g.content, &g.armies, ARMIES_ROOM, (vw, vh)),
        });
        self.apply(g);
    }
}

fn two_pointer_span(p: &[(i32, f64, f64)]) -> Option<((f64, f64), f64)> {
    match p {
        [(_, x1, y1), (_, x2, y2), ..] => Some((((x1 + x2) / 2.0, (y1 + y2) / 2.0), (x1 - x2).hypot(y1 - y2))),
        _ => None,
    }
}

/// The map's node refs and the gesture state the listeners, keys and buttons share.
#[derive(Clone)]
struct MapRefs {
    viewport: NodeRef,
    wrapper: NodeRef,
    gestures: Rc<RefCell<Gestures>>,
}

#[function_component(MapView)]
pub fn map_view(props: &MapViewProps) -> Html {
    // The map as set up (`base`): the same ground, and the same pointer after a chariot
    // dismounts (CG 10.28), so the view is not fitted again nor the terrain redrawn.
    let scenario: Arc<Scenario> = props.game.base.clone();
    let content = map_size(&scenario.map);
    let refs = use_map_refs(props, content);
    use_gestures(&refs, props, &scenario);
    let keys = use_map_keys(&refs, props, &scenario);
    use_reveal(&refs, &props.reveal);
    let cursor_ring = keys.cursor.map(|c| html! { <polygon class="cursor" points={hex_points(c, R - 1.0)} /> });
    let readout = keys.cursor.map(|c| describe(&props.game, c)).unwrap_or_default();
    let overlay = overlay_layer(&props.overlay, content);
    let (w, h) = content;
    html! {
        // The geometry the camera relies on is inline, so the component works without the stylesheet.
        <div class="map-viewport" ref={refs.viewport.clone()} data-columns={scenario.map.columns.to_string()}
            data-rows={scenario.map.rows.to_string()} tabindex="0" role="application"
            aria-label={format!("Map of {}: arrow keys move the cursor, Enter chooses, question mark lists the keys", scenario.meta.name)}
            data-cursor={keys.cursor.map(|c| c.to_string())} onkeydown={keys.on_key} onfocus={keys.on_focus}
            style="position: relative; overflow: hidden; touch-action: none; flex: 1; min-width: 0; min-height: 0">
            <div class="map-wrapper" ref={refs.wrapper.clone()}
                style="position: absolute; left: 0; top: 0; transform-origin: 0 0; will-change: transform">
                <svg class="map" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="Battlefield" width={format!("{w:.0}")} height={format!("{h:.0}")}
                    viewBox={format!("0 0 {w:.1} {h:.1}")}>
                    <TerrainLayer scenario={scenario.clone()} />
                    { retreat_edges(&scenario, content) }
                    { works_state(&props.game.state) }
                    { overlay.0 }
                    <g class="selection-layer">{ selection_outline(&props.game, props.selected) }</g>
                    <CountersLayer game={props.game.clone()} selected={props.selected} />
                    { overlay.1 }
                    <g class="cursor-layer">{ for cursor_ring }</g>
                </svg>
            </div>
            <div class="cursor-readout" aria-live="polite">{ readout }</div>
            { compass() }
            { zoom_controls(&refs, props.selected) }
        </div>
    }
}

/// The map's refs and gesture state, the state following the props: the arrows and hexes a tap
/// chooses something in, and where the armies stand.
#[hook]
fn use_map_refs(props: &MapViewProps, content: (f64, f64)) -> MapRefs {
    let (viewport, wrapper) = (use_node_ref(), use_node_ref());
    let gestures = use_mut_ref(|| Gestures {
        camera: None,
        content,
        pointers: Vec::new(),
        tap_start: None,
        arrows: Vec::new(),
        user_moved: false,
        battle: String::new(),
        last_tap: None,
        live: Vec::new(),
        armies: Vec::new(),
        whole: false,
    });
    {
        let mut g = gestures.borrow_mut();
        // The arrows the tap handler tests against follow the overlay.
        g.arrows = props.overlay.arrows.iter().map(|a| (a.at.0, a.at.1, a.choice)).collect();
        let o = &props.overlay;
        g.live = o.reachable.iter().chain(&o.orderable).chain(o.fire_targets.iter().map(|(h, _)| h)).copied().collect();
        g.armies = army_points(&props.game);
    }
    MapRefs { viewport, wrapper, gestures }
}

/// Fits the map and attaches the gesture listeners once per battle.
#[hook]
fn use_gestures(refs: &MapRefs, props: &MapViewProps, scenario: &Arc<Scenario>) {
    // Callbacks change identity between renders; the listeners read the latest from here.
    let callbacks = use_mut_ref(|| (props.on_select.clone(), props.on_facing.clone()));
    *callbacks.borrow_mut() = (props.on_select.clone(), props.on_facing.clone());
    let (refs, scenario) = (refs.clone(), scenario.clone());
    use_effect_with(Arc::as_ptr(&scenario) as usize, move |_| {
        let listeners = install(&refs, callbacks, scenario);
        move || drop(listeners)
    });
}

/// The keyboard's cursor over the map (issue 20 §6) and the map's key and focus handlers.
struct MapKeys {
    cursor: Option<HexId>,
    on_key: Callback<KeyboardEvent>,
    on_focus: Callback<FocusEvent>,
}

#[hook]
fn use_map_keys(refs: &MapRefs, props: &MapViewProps, scenario: &Arc<Scenario>) -> MapKeys {
    let cursor = use_state(|| None::<HexId>);
    let live: Vec<HexId> = {
        let mut v = refs.gestures.borrow().live.clone();
        v.extend(props.overlay.offered.iter().copied());
        v
    };
    let on_key = {
        let (refs, cursor, selected, on_select, scenario) =
            (refs.clone(), cursor.clone(), props.selected, props.on_select.clone(), scenario.clone());
        let live = live.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let Some(moved) = map_key(&refs, &e.key(), *cursor, selected, &live, &on_select, &scenario) else {
                return;
            };
            e.prevent_default();
            e.stop_propagation();
            if let Some(h) = moved {
                cursor.set(Some(h));
                reveal_hex(&refs, h);
            }
        })
    };
    // Tabbing onto the map puts the cursor where something can be chosen, else the selection or
    // the middle of the view.
    let on_focus = {
        let (refs, cursor, selected) = (refs.clone(), cursor.clone(), props.selected);
        Callback::from(move |_: FocusEvent| {
            if cursor.is_none() {
                let start = selected.or_else(|| next_live(&live, None, false)).or_else(|| view_centre_hex(&refs));
                cursor.set(start);
            }
        })
    };
    MapKeys { cursor: *cursor, on_key, on_focus }
}

/// What a key does on the map: `None` if it is not the map's; else where the cursor moves, if
/// it does (Enter chooses the cursor's hex, + − 0 zoom about it).
fn map_key(
    refs: &MapRefs,
    key: &str,
    cursor: Option<HexId>,
    selected: Option<HexId>,
    live: &[HexId],
    on_select: &Callback<HexId>,
    scenario: &Scenario,
) -> Option<Option<HexId>> {
    let here = cursor.or(selected);
    Some(match key {
        "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => {
            let start = here.or_else(|| view_centre_hex(refs));
            start.map(|c| step(c, key, |h| scenario.map.contains(h)).unwrap_or(c))
        }
        "n" | "N" => next_live(live, cursor, key == "N"),
        "Enter" | " " => {
            if let Some(c) = cursor {
                on_select.emit(c);
            }
            None
        }
        "+" | "=" | "-" | "0" => {
            let factor = match key {
                "0" => 0.0,
                "-" => 1.0 / 1.4,
                _ => 1.4,
            };
            zoom(refs, factor, here);
            None
        }
        _ => return None,
    })
}

/// Brings the hexes the overlay picks out into the part of the view no sheet covers.
#[hook]
fn use_reveal(refs: &MapRefs, reveal: &Reveal) {
    let refs = refs.clone();
    use_effect_with(reveal.clone(), move |reveal| {
        if let (Some(el), false) = (refs.elements(), reveal.hexes.is_empty()) {
            let mut g = refs.gestures.borrow_mut();
            let (vw, vh) = el.size();
            if let Some(c) = g.camera.as_mut() {
                let points: Vec<(f64, f64)> = reveal.hexes.iter().map(|h| center(*h)).collect();
                // The view below a covered top: the camera moved up by it while revealing.
                let top = reveal.covered_top.min(vh * 0.5);
                c.y -= top;
                c.reveal(&points, R * 1.2, (vw - reveal.covered_right).max(vw * 0.3), vh - top);
                c.y += top;
            }
            el.apply(&mut g);
        }
    });
}

/// The selected hex outlined, or both hexes of a two-hex unit standing in it.
fn selection_outline(game: &Game, selected: Option<HexId>) -> Html {
    let Some(hex) = selected else { return html! {} };
    let mut hexes = vec![hex];
    if let Some(u) = game.state.units.iter().find(|u| !u.eliminated && u.placement.hexes().any(|h| h == hex)) {
        if let Placement::Two(a, b) = u.placement {
            hexes = vec![a, b];
        }
    }
    html! { <>{ for hexes.into_iter().map(|h| html! { <polygon class="selection" points={hex_points(h, R - 2.0)} /> }) }</> }
}

/// The camp's and city's works as the battle left them: towers damaged or destroyed, and
/// breached hexsides.
fn works_state(st: &sarissa_rules::game::GameState) -> Html {
    // CG 12.32: a damaged tower ringed in orange; a destroyed one covered as open camp ground,
    // crossed out in red.
    let towers = (!st.damaged_towers.is_empty() || !st.destroyed_towers.is_empty()).then(|| {
        let damaged = st.damaged_towers.iter().map(|&t| {
            html! { <polygon class="tower-damaged" points={hex_points(t, R - 4.0)}><title>{format!("Damaged tower {t} (CG 12.32)")}</title></polygon> }
        });
        let destroyed = st.destroyed_towers.iter().map(|&t| {
            let (cx, cy) = center(t);
            let (a, b, c, d) = (corner(cx, cy, R * 0.6, 1), corner(cx, cy, R * 0.6, 4), corner(cx, cy, R * 0.6, 2), corner(cx, cy, R * 0.6, 5));
            let cross = format!("M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}", a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1);
            html! {
                <g class="tower-destroyed">
                    <polygon class="t-camp" points={hex_points(t, R)} />
                    <path class="tower-rubble" d={cross} />
                    <title>{format!("Destroyed tower {t}: open camp ground (CG 12.32)")}</title>
                </g>
            }
        });
        html! { <g class="tower-state-layer">{ for destroyed }{ for damaged }</g> }
    });
    // CG 12.31: the breached palisade and gate hexsides, a broken red line over the works.
    let breaches = (!st.breaches.is_empty()).then(|| {
        html! {
            <g class="breach-layer">
                <path class="hexside breached" d={hexsides_path(st.breaches.iter().copied())} />
            </g>
        }
    });
    html! { <>{ for towers }{ for breaches }</> }
}

/// The compass of the rules' map edges (north is the top edge), beside which each army's retreat
/// edge is drawn in its colour.
fn compass() -> Html {
    html! {
        <svg class="compass" viewBox="-22 -22 44 44" width="44" height="44" aria-label="Compass: north is the top edge">
            <circle r="20" />
            <path class="needle" d="M0,-8 L3.5,4 L0,2 L-3.5,4 Z" />
            <text y="-10" class="n">{ "N" }</text>
            <text x="15" y="3.5">{ "E" }</text>
            <text y="18">{ "S" }</text>
            <text x="-15" y="3.5">{ "W" }</text>
        </svg>
    }
}

/// The zoom buttons: about the selection when it is in view, else about the centre of the view.
fn zoom_controls(refs: &MapRefs, selected: Option<HexId>) -> Html {
    let zoom_button = |factor: f64| {
        let refs = refs.clone();
        Callback::from(move |_: MouseEvent| zoom(&refs, factor, selected))
    };
    html! {
        <div class="zoom-controls">
            <button class="zoom-in" title="Zoom in" aria-label="Zoom in" onclick={zoom_button(1.4)}>{"+"}</button>
            <button class="zoom-out" title="Zoom out" aria-label="Zoom out" onclick={zoom_button(1.0 / 1.4)}>{"−"}</button>
            <button class="zoom-fit" title="Show the whole map" aria-label="Show the whole map" onclick={zoom_button(0.0)}>{"⤢"}</button>
        </div>
    }
}

/// Each army's retreat edge (10.2: routers go toward it): a band along that edge of the map in
/// the army's colour, with the army named along it.
fn retreat_edges(scenario: &Scenario, (w, h): (f64, f64)) -> Html {
    let bands = scenario.sides.iter().enumerate().map(|(i, side)| {
        // Two armies retreating over one edge: the second band drawn just inside the first.
        let inset = 4.0 + 8.0 * scenario.sides[..i].iter().filter(|s| s.retreat_edge == side.retreat_edge).count() as f64;
        let ((x1, y1), (x2, y2), turn) = match side.retreat_edge {
            Edge::North => ((0.0, inset), (w, inset), 0.0),
            Edge::South => ((0.0, h - inset), (w, h - inset), 0.0),
            Edge::West => ((inset, 0.0), (inset, h), -90.0),
            Edge::East => ((w - inset, 0.0), (w - inset, h), 90.0),
        };
        let label = format!("{} retreat this way ({})", side.name, side.retreat_edge.name());
        let labels = [0.25, 0.75].map(|f| {
            let (x, y) = (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f);
            // Just inside the band, reading along it.
            let (dx, dy) = match side.retreat_edge {
                Edge::North => (0.0, 22.0),
                Edge::South => (0.0, -12.0),
                Edge::West => (18.0, 0.0),
                Edge::East => (-18.0, 0.0),
            };
            html! {
                <text class="retreat-label" transform={format!("translate({:.1},{:.1}) rotate({turn})", x + dx, y + dy)}>{ label.clone() }</text>
            }
        });
        html! {
            <g class={classes!("retreat-edge", side_class(i))} data-edge={side.retreat_edge.name()}>
                <line x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} />
                { for labels }
            </g>
        }
    });
    html! { <g class="retreat-edges">{ for bands }</g> }
}

/// Zooms by `factor` about `about` when it is in view, else about the view's centre; a factor
/// of 0 shows the whole map.
fn zoom(refs: &MapRefs, factor: f64, about: Option<HexId>) {
    let Some(el) = refs.elements() else {
        return;
    };
    let mut g = refs.gestures.borrow_mut();
    if factor == 0.0 {
        g.user_moved = false;
        g.whole = true;
        el.fit(&mut g);
    } else if let Some(c) = g.camera.as_mut() {
        let (vw, vh) = el.size();
        let (sx, sy) = c.zoom_centre(about.map(center), vw, vh);
        c.zoom_at(factor, sx, sy);
        g.user_moved = true;
        el.apply(&mut g);
    }
}

/// Where the armies stand: the centre of every hex of a unit on the map and of every leader.
fn army_points(game: &Game) -> Vec<(f64, f64)> {
    let st = &game.state;
    let units = st.units.iter().filter(|u| !u.eliminated).flat_map(|u| u.placement.hexes());
    let leaders = st
        .leaders
        .iter()
        .filter(|l| l.status != sarissa_rules::game::LeaderStatus::Eliminated && !l.fled)
        .map(|l| l.at);
    units.chain(leaders).map(center).collect()
}

/// Pans just enough to bring `hex` (the keyboard's cursor) into view.
fn reveal_hex(refs: &MapRefs, hex: HexId) {
    let Some(el) = refs.elements() else {
        return;
    };
    let mut g = refs.gestures.borrow_mut();
    let (vw, vh) = el.size();
    if let Some(c) = g.camera.as_mut() {
        let before = (c.x, c.y);
        c.reveal(&[center(hex)], R * 1.2, vw, vh);
        g.user_moved |= before != (c.x, c.y);
    }
    el.apply(&mut g);
}

/// The hex in the middle of the view.
fn view_centre_hex(refs: &MapRefs) -> Option<HexId> {
    let el = refs.elements()?;
    let (vw, vh) = el.size();
    let (mx, my) = refs.gestures.borrow().camera?.to_map(vw / 2.0, vh / 2.0);
    hex_at(mx, my)
}

impl MapRefs {
    fn elements(&self) -> Option<Elements> {
        Some(Elements { viewport: self.viewport.cast::<HtmlElement>()?, wrapper: self.wrapper.cast::<HtmlElement>()? })
    }
}

type Callbacks = Rc<RefCell<(Callback<HexId>, Callback<usize>)>>;

/// Fits the map to the view and attaches the gesture listeners; dropping the result detaches them.
fn install(refs: &MapRefs, callbacks: Callbacks, scenario: Arc<Scenario>) -> Installed {
    let Some(el) = refs.elements() else {
        return Installed { _listeners: Vec::new(), observer: None };
    };
    let (el, gestures) = (Rc::new(el), &refs.gestures);
    first_view(&el, &mut gestures.borrow_mut(), &scenario);
    let mut listeners = vec![on_press(&el, gestures), on_move(&el, gestures)];
    for kind in ["pointerup", "pointercancel"] {
        listeners.push(on_release(kind, &el, gestures, &callbacks, &scenario));
    }
    listeners.push(on_wheel(&el, gestures));
    let observer = refit_on_resize(&el, gestures);
    Installed { _listeners: listeners, observer }
}

/// The view a battle opens with: the one the player left before a reload, else the map fitted.
fn first_view(el: &Elements, g: &mut Gestures, scenario: &Scenario) {
    g.content = map_size(&scenario.map);
    g.battle = scenario.meta.id.clone();
    match stored_view(&g.battle) {
        // A reload: the view the player left.
        Some(kept) => {
            g.camera = Some(kept);
            g.user_moved = true;
            el.apply(g);
        }
        None => el.fit(g),
    }
}

/// A press on the map (not on its buttons) starts a drag, a pinch or a tap.
fn on_press(el: &Rc<Elements>, gestures: &Rc<RefCell<Gestures>>) -> EventListener {
    let (e, g) = (el.clone(), gestures.clone());
    EventListener::new(&el.viewport, "pointerdown", move |event| {
        let Some(ev) = event.dyn_ref::<PointerEvent>() else {
            return;
        };
        // Presses on the zoom buttons are theirs, not the map's.
        let on_control = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| t.closest("button").ok().flatten().is_some());
        if ev.button() > 0 || on_control {
            return;
        }
        let _ = e.viewport.set_pointer_capture(ev.pointer_id());
        let (x, y) = e.local(ev.client_x(), ev.client_y());
        let mut g = g.borrow_mut();
        g.pointers.retain(|p| p.0 != ev.pointer_id());
        g.pointers.push((ev.pointer_id(), x, y));
        g.tap_start = (g.pointers.len() == 1).then_some((x, y));
    })
}

/// A pointer moving: one finger pans once it has left the tap's slop, two pinch.
fn on_move(el: &Rc<Elements>, gestures: &Rc<RefCell<Gestures>>) -> EventListener {
    let (e, g) = (el.clone(), gestures.clone());
    EventListener::new(&el.viewport, "pointermove", move |event| {
        let Some(ev) = event.dyn_ref::<PointerEvent>() else {
            return;
        };
        let (x, y) = e.local(ev.client_x(), ev.client_y());
        let mut g = g.borrow_mut();
        let Some(i) = g.pointers.iter().position(|p| p.0 == ev.pointer_id()) else {
            return;
        };
        let before = two_pointer_span(&g.pointers);
        let (_, px, py) = g.pointers[i];
        g.pointers[i] = (ev.pointer_id(), x, y);
        if let Some((sx, sy)) = g.tap_start {
            if (x - sx).hypot(y - sy) > TAP_SLOP {
                g.tap_start = None;
            }
        }
        let after = two_pointer_span(&g.pointers);
        let dragging = g.tap_start.is_none();
        // The closed hand of a drag (styles.css: not :active, which restyled the whole map).
        let _ = e.viewport.class_list().toggle_with_force("dragging", dragging);
        let Some(camera) = g.camera.as_mut() else {
            return;
        };
        match (before, after) {
            (Some(((mx0, my0), d0)), Some(((mx1, my1), d1))) => {
                // Pinch: follow the midpoint and scale by the change in finger distance.
                camera.pan(mx1 - mx0, my1 - my0);
                if d0 > 1.0 {
                    camera.zoom_at(d1 / d0, mx1, my1);
                }
            }
            _ if dragging => camera.pan(x - px, y - py),
            _ => return,
        }
        g.user_moved = true;
        e.apply(&mut g);
    })
}

/// A pointer lifted (or cancelled): the end of a drag, or a tap.
fn on_release(
    kind: &'static str,
    el: &Rc<Elements>,
    gestures: &Rc<RefCell<Gestures>>,
    callbacks: &Callbacks,
    scenario: &Arc<Scenario>,
) -> EventListener {
    let (e, g, callbacks, scenario) = (el.clone(), gestures.clone(), callbacks.clone(), scenario.clone());
    EventListener::new(&el.viewport, kind, move |event| {
        let Some(ev) = event.dyn_ref::<PointerEvent>() else {
            return;
        };
        let mut g = g.borrow_mut();
        let was_only = g.pointers.len() == 1;
        g.pointers.retain(|p| p.0 != ev.pointer_id());
        if g.pointers.is_empty() {
            let _ = e.viewport.class_list().remove_1("dragging");
        }
        let tap = g.tap_start.take().filter(|_| was_only && event.type_() == "pointerup");
        let Some((sx, sy)) = tap else { return };
        let Some(tapped) = tapped(&e, &mut g, sx, sy) else { return };
        drop(g);
        let (on_select, on_facing) = callbacks.borrow().clone();
        match tapped {
            Tapped::Arrow(v) => on_facing.emit(v),
            Tapped::At(mx, my) => {
                if let Some(hex) = hex_at(mx, my).filter(|h| scenario.map.contains(*h)) {
                    on_select.emit(hex);
                }
            }
        }
    })
}

/// What a tap chooses: a facing arrow, else a point of the map.
enum Tapped {
    Arrow(usize),
    /// Map pixels.
    At(f64, f64),
}

/// A tap at `(sx, sy)` in the view: a facing arrow's choice; or a double tap, which zooms in
/// about it and chooses nothing (`None`); else the point of the map tapped.
fn tapped(e: &Elements, g: &mut Gestures, sx: f64, sy: f64) -> Option<Tapped> {
    let camera = g.camera?;
    let (mx, my) = camera.to_map(sx, sy);
    // A facing arrow takes the tap before its hex does, and before any double tap.
    let arrow = g.arrows.iter().find(|(x, y, _)| (x - mx).hypot(y - my) < R * 0.38).map(|a| a.2);
    // A second tap on the same spot, soon after the first, zooms in about it.
    let now = js_sys::Date::now();
    let live = hex_at(mx, my).is_some_and(|h| g.live.contains(&h));
    let double = arrow.is_none()
        && !live
        && g.last_tap.is_some_and(|(t, x, y)| now - t < DOUBLE_TAP_MS && (sx - x).hypot(sy - y) < TAP_SLOP);
    g.last_tap = (!double && arrow.is_none()).then_some((now, sx, sy));
    if double {
        if let Some(c) = g.camera.as_mut() {
            c.zoom_at(1.6, sx, sy);
        }
        g.user_moved = true;
        e.apply(g);
        return None;
    }
    Some(arrow.map_or(Tapped::At(mx, my), Tapped::Arrow))
}

/// The wheel zooms about the pointer.
fn on_wheel(el: &Rc<Elements>, gestures: &Rc<RefCell<Gestures>>) -> EventListener {
    let (e, g) = (el.clone(), gestures.clone());
    EventListener::new_with_options(
        &el.viewport,
        "wheel",
        EventListenerOptions::enable_prevent_default(),
        move |event| {
            let Some(ev) = event.dyn_ref::<WheelEvent>() else {
                return;
            };
            event.prevent_default();
            let (x, y) = e.local(ev.client_x(), ev.client_y());
            // Lines and pages scroll in bigger steps than pixels.
            let unit = match ev.delta_mode() {
                1 => 16.0,
                2 => 400.0,
                _ => 1.0,
            };
            let factor = (-ev.delta_y() * unit * 0.0015).exp();
            let mut g = g.borrow_mut();
            if let Some(c) = g.camera.as_mut() {
                c.zoom_at(factor, x, y);
            }
            g.user_moved = true;
            e.apply(&mut g);
        },
    )
}

/// When the view changes size (layout settling, the window, the tablet turned): fit the map
/// again until the player has moved it himself, then just keep it in view.
fn refit_on_resize(el: &Rc<Elements>, gestures: &Rc<RefCell<Gestures>>) -> Option<Observer> {
    let (e, g) = (el.clone(), gestures.clone());
    let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |_| {
        let mut g = g.borrow_mut();
        if g.user_moved {
            e.apply(&mut g);
        } else {
            e.fit(&mut g);
        }
    });
    let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
    observer.observe(&el.viewport);
    Some((observer, on_resize))
}

/// A resize observer and the callback it calls, kept alive together.
type Observer = (web_sys::ResizeObserver, Closure<dyn FnMut(js_sys::Array)>);

/// The gesture listeners and the resize observer of a mounted map; dropping detaches them.
struct Installed {
    _listeners: Vec<EventListener>,
    observer: Option<Observer>,
}

impl Drop for Installed {
    fn drop(&mut self) {
        if let Some((o, _)) = &self.observer {
            o.disconnect();
        }
    }
}

/// The middle of one hex, or of the two of a two-hex unit, in map pixels.
fn middle(hexes: &[HexId]) -> (f64, f64) {
    let n = hexes.len().max(1) as f64;
    let (x, y) = hexes.iter().map(|h| center(*h)).fold((0.0, 0.0), |(ax, ay), (x, y)| (ax + x, ay + y));
    (x / n, y / n)
}

/// The orders overlay: below the counters, the dimming, reachable hexes and path; above them,
/// the facing arrows (so they can be seen and tapped over a counter).
fn overlay_layer(o: &Overlay, (w, h): (f64, f64)) -> (Html, Html) {
    let below = html! {
        <g class="overlay-layer">
            if !o.reachable.is_empty() {
                <rect class="dim" x="0" y="0" width={format!("{w:.0}")} height={format!("{h:.0}")} />
                { for o.reachable.iter().map(|hex| html! {
                    <polygon class="reach" points={hex_points(*hex, R - 1.0)} data-reach={hex.to_string()} />
                }) }
            }
            // The overlays the player switched on, over the dimming of an order in progress.
            { for o.command_range.iter().map(|hex| html! { <polygon class="command-hex" points={hex_points(*hex, R - 1.0)} /> }) }
            { for o.zoc.iter().map(|hex| html! { <polygon class="zoc-hex" points={hex_points(*hex, R - 3.0)} data-zoc={hex.to_string()} /> }) }
            { for o.missile_reach.iter().map(|hex| html! { <polygon class="missile-hex" points={hex_points(*hex, R - 5.0)} data-missile={hex.to_string()} /> }) }
            { for o.focus.iter().map(|hex| html! { <polygon class="focus" points={hex_points(*hex, R - 2.0)} /> }) }
            if o.path.len() > 1 {
                <polyline class="path-preview" points={o.path.iter().map(|h| {
                    let (x, y) = center(*h);
                    format!("{x:.1},{y:.1}")
                }).collect::<Vec<_>>().join(" ")} />
            }
            { for o.outline.iter().map(|hex| html! { <polygon class="target" points={hex_points(*hex, R - 2.0)} /> }) }
            { for o.plan_steps.iter().map(|(from, to, facing)| {
                let ((x1, y1), (x2, y2)) = (middle(from), middle(to));
                // A short stroke from where it ends toward the vertex it will face.
                let a = facing.screen_degrees().to_radians();
                let (x3, y3) = (x2 + R * 0.8 * a.cos(), y2 + R * 0.8 * a.sin());
                html! { <>
                    <line class="plan-step" x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} />
                    <line class="plan-facing" data-facing={facing.name()} x1={format!("{x2:.1}")} y1={format!("{y2:.1}")} x2={format!("{x3:.1}")} y2={format!("{y3:.1}")} />
                </> }
            }) }
        </g>
    };
    let rings = html! {
        <g class="orderable-layer">
            { for o.orderable.iter().map(|hex| html! { <polygon class="orderable" points={hex_points(*hex, R - 1.5)} data-hex={hex.to_string()} /> }) }
            { for o.fire_targets.iter().map(|(hex, chance)| {
                let (x, y) = center(*hex);
                html! {
                    <g class="fire-target" data-target={hex.to_string()}>
                        <polygon points={hex_points(*hex, R - 1.5)} />
                        <rect x={format!("{:.1}", x - 16.0)} y={format!("{:.1}", y + R * 0.42)} width="32" height="13" rx="3" />
                        <text x={format!("{x:.1}")} y={format!("{:.1}", y + R * 0.42 + 10.0)}>{ chance }</text>
                    </g>
                }
            }) }
        </g>
    };
    // An arrow with a shaft: a bare triangle turned 30° reads as pointing the other way.
    let arrows = html! {
        <g class="facing-choices">
            { for o.arrows.iter().map(|a| {
                let (x, y) = a.at;
                html! {
                    <g class={classes!("facing-choice", a.column.then_some("column"))} data-facing={a.facing.name()}
                        data-choice={a.choice.to_string()} transform={format!("translate({x:.1},{y:.1})")}>
                        <circle r="10" />
                        <path d="M0,-8 L6,-1 L2,-1 L2,5 L-2,5 L-2,-1 L-6,-1 Z"
                            transform={format!("rotate({:.1})", arrow_rotation(a.from, a.at))} />
                        <title>{ &a.title }</title>
                    </g>
                }
            }) }
        </g>
    };
    let offered = html! {
        <g class="offered-layer">
            { for o.offered.iter().map(|hex| {
                let (x, y) = leader_disc_at(*hex);
                html! { <circle class="offered-leader" cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="15" data-hex={hex.to_string()} /> }
            }) }
        </g>
    };
    (below, html! { <>{ rings }{ offered }{ arrows }</> })
}
