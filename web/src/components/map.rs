//! The map view: an SVG battlefield inside a pannable, zoomable viewport.
//!
//! Gestures are handled outside Yew's render cycle: pointer and wheel listeners update a
//! [`Camera`] and write the wrapper's CSS transform directly, so panning and pinching never
//! re-render anything. Only a tap (a press that does not move) reaches Yew, as a selected hex.

use crate::components::counters::CountersLayer;
use crate::components::terrain_layer::TerrainLayer;
use crate::model::camera::{Camera, LABEL_SCALE};
use crate::model::geometry::{center, corner, hex_at, hex_points, hexsides_path, map_size, R};
use gloo::events::{EventListener, EventListenerOptions};
use sarissa_rules::map::facing::Heading;
use sarissa_rules::scenario::units::Placement;
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

/// A facing a move may end in, with its MP and cohesion hits.
pub type FacingOption = (Vertex, u8, u8);

/// What the map shows on top of the battlefield while a player gives orders.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// Hexes of units the active leader may order now.
    pub orderable: Vec<HexId>,
    /// Where the unit being ordered can end its move; the rest of the map is dimmed.
    pub reachable: Vec<HexId>,
    /// The path to preview: the start hex, then the hexes entered.
    pub path: Vec<HexId>,
    /// The chosen destination and the facings it may end in, with their MP and hits.
    pub target: Option<(HexId, Vec<FacingOption>)>,
    /// Those facings are a column's hexsides (6.63), not vertices.
    pub target_column: bool,
    /// The hexes the move would end in (both, for a two-hex unit).
    pub outline: Vec<HexId>,
    /// Hexes picked out from the log.
    pub focus: Vec<HexId>,
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
    pub on_facing: Callback<Vertex>,
}

impl PartialEq for MapViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && self.selected == other.selected
            && self.on_select == other.on_select
            && self.overlay == other.overlay
            && self.on_facing == other.on_facing
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

/// What the gesture handlers share.
struct Gestures {
    camera: Option<Camera>,
    content: (f64, f64),
    /// Active pointers: (pointer id, x, y) relative to the viewport.
    pointers: Vec<(i32, f64, f64)>,
    /// Where a possible tap started; cleared once the press moves or a second finger lands.
    tap_start: Option<(f64, f64)>,
    /// Facing arrows on the map now, in map pixels; a tap on one chooses that facing.
    arrows: Vec<(f64, f64, Vertex)>,
    /// The player has panned or zoomed: layout changes keep his view instead of refitting.
    user_moved: bool,
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
        let _ = self.viewport.set_attribute("data-scale", &format!("{:.4}", camera.scale));
    }

    fn fit(&self, g: &mut Gestures) {
        let (vw, vh) = self.size();
        g.camera = Some(Camera::fit(g.content.0, g.content.1, vw, vh));
        self.apply(g);
    }
}

fn two_pointer_span(p: &[(i32, f64, f64)]) -> Option<((f64, f64), f64)> {
    match p {
        [(_, x1, y1), (_, x2, y2), ..] => Some((((x1 + x2) / 2.0, (y1 + y2) / 2.0), (x1 - x2).hypot(y1 - y2))),
        _ => None,
    }
}

#[function_component(MapView)]
pub fn map_view(props: &MapViewProps) -> Html {
    let viewport_ref = use_node_ref();
    let wrapper_ref = use_node_ref();
    // The map as set up (`base`): the same ground, and the same pointer after a chariot
    // dismounts (CG 10.28), so the view is not fitted again nor the terrain redrawn.
    let scenario: Arc<Scenario> = props.game.base.clone();
    let content = map_size(&scenario.map);
    let gestures = use_mut_ref(|| Gestures {
        camera: None,
        content,
        pointers: Vec::new(),
        tap_start: None,
        arrows: Vec::new(),
        user_moved: false,
    });
    // The arrows the tap handler tests against follow the overlay.
    let column = props.overlay.target_column;
    gestures.borrow_mut().arrows = match &props.overlay.target {
        Some((hex, facings)) => facings
            .iter()
            .map(|(v, ..)| {
                let (x, y) = facing_arrow_at(*hex, *v, column);
                (x, y, *v)
            })
            .collect(),
        None => Vec::new(),
    };
    // Callbacks change identity between renders; the listeners read the latest from here.
    let callbacks = use_mut_ref(|| (props.on_select.clone(), props.on_facing.clone()));
    *callbacks.borrow_mut() = (props.on_select.clone(), props.on_facing.clone());

    {
        let (viewport_ref, wrapper_ref, gestures) = (viewport_ref.clone(), wrapper_ref.clone(), gestures.clone());
        let callbacks = callbacks.clone();
        let scenario = scenario.clone();
        use_effect_with(Arc::as_ptr(&scenario) as usize, move |_| {
            let listeners = install(&viewport_ref, &wrapper_ref, gestures, callbacks, scenario);
            move || drop(listeners)
        });
    }

    let zoom_button = |factor: f64| {
        let (viewport_ref, wrapper_ref, gestures) = (viewport_ref.clone(), wrapper_ref.clone(), gestures.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(el) = elements(&viewport_ref, &wrapper_ref) else {
                return;
            };
            let mut g = gestures.borrow_mut();
            if factor == 0.0 {
                el.fit(&mut g);
            } else if let Some(c) = g.camera.as_mut() {
                let (vw, vh) = el.size();
                c.zoom_at(factor, vw / 2.0, vh / 2.0);
                el.apply(&mut g);
            }
        })
    };

    let selection = props.selected.map(|hex| {
        // Outline the hex, or both hexes of a two-hex unit standing in it.
        let mut hexes = vec![hex];
        if let Some(u) = props.game.state.units.iter().find(|u| !u.eliminated && u.placement.hexes().any(|h| h == hex)) {
            if let Placement::Two(a, b) = u.placement {
                hexes = vec![a, b];
            }
        }
        html! { <>{ for hexes.into_iter().map(|h| html! { <polygon class="selection" points={hex_points(h, R - 2.0)} /> }) }</> }
    });
    let overlay = overlay_layer(&props.overlay, content);
    // CG 12.31: the breached palisade and gate hexsides, a broken red line over the works.
    let breaches = &props.game.state.breaches;
    let breaches = (!breaches.is_empty()).then(|| {
        html! {
            <g class="breach-layer">
                <path class="hexside breached" d={hexsides_path(breaches.iter().copied())} />
            </g>
        }
    });
    // CG 12.32: a damaged tower ringed in orange; a destroyed one covered as open camp ground,
    // crossed out in red.
    let st = &props.game.state;
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

    let (w, h) = content;
    html! {
        // The geometry the camera relies on is inline, so the component works without the stylesheet.
        <div class="map-viewport" ref={viewport_ref.clone()} data-columns={scenario.map.columns.to_string()}
            data-rows={scenario.map.rows.to_string()}
            style="position: relative; overflow: hidden; touch-action: none; flex: 1; min-width: 0; min-height: 0">
            <div class="map-wrapper" ref={wrapper_ref.clone()}
                style="position: absolute; left: 0; top: 0; transform-origin: 0 0; will-change: transform">
                <svg class="map" xmlns="http://www.w3.org/2000/svg" width={format!("{w:.0}")} height={format!("{h:.0}")}
                    viewBox={format!("0 0 {w:.1} {h:.1}")}>
                    <TerrainLayer scenario={scenario.clone()} />
                    { for towers }
                    { for breaches }
                    { overlay.0 }
                    <g class="selection-layer">{ for selection }</g>
                    <CountersLayer game={props.game.clone()} selected={props.selected} />
                    { overlay.1 }
                </svg>
            </div>
            <div class="zoom-controls">
                <button class="zoom-in" title="Zoom in" aria-label="Zoom in" onclick={zoom_button(1.4)}>{"+"}</button>
                <button class="zoom-out" title="Zoom out" aria-label="Zoom out" onclick={zoom_button(1.0 / 1.4)}>{"−"}</button>
                <button class="zoom-fit" title="Show the whole map" aria-label="Show the whole map" onclick={zoom_button(0.0)}>{"⤢"}</button>
            </div>
        </div>
    }
}

fn elements(viewport: &NodeRef, wrapper: &NodeRef) -> Option<Elements> {
    Some(Elements { viewport: viewport.cast::<HtmlElement>()?, wrapper: wrapper.cast::<HtmlElement>()? })
}

/// Fits the map to the view and attaches the gesture listeners; dropping the result detaches them.
type Callbacks = Rc<RefCell<(Callback<HexId>, Callback<Vertex>)>>;

fn install(
    viewport_ref: &NodeRef,
    wrapper_ref: &NodeRef,
    gestures: Rc<RefCell<Gestures>>,
    callbacks: Callbacks,
    scenario: Arc<Scenario>,
) -> Installed {
    let Some(el) = elements(viewport_ref, wrapper_ref) else {
        return Installed { _listeners: Vec::new(), observer: None };
    };
    let el = Rc::new(el);
    {
        let mut g = gestures.borrow_mut();
        g.content = map_size(&scenario.map);
        el.fit(&mut g);
    }
    let target = el.viewport.clone();
    let mut listeners = Vec::new();

    let (e, g) = (el.clone(), gestures.clone());
    listeners.push(EventListener::new(&target, "pointerdown", move |event| {
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
    }));

    let (e, g) = (el.clone(), gestures.clone());
    listeners.push(EventListener::new(&target, "pointermove", move |event| {
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
    }));

    for kind in ["pointerup", "pointercancel"] {
        let (g, callbacks, scenario) = (gestures.clone(), callbacks.clone(), scenario.clone());
        listeners.push(EventListener::new(&target, kind, move |event| {
            let Some(ev) = event.dyn_ref::<PointerEvent>() else {
                return;
            };
            let mut g = g.borrow_mut();
            let was_only = g.pointers.len() == 1;
            g.pointers.retain(|p| p.0 != ev.pointer_id());
            let tap = g.tap_start.take().filter(|_| was_only && event.type_() == "pointerup");
            let Some((sx, sy)) = tap else { return };
            let Some(camera) = g.camera else { return };
            let (mx, my) = camera.to_map(sx, sy);
            // A facing arrow takes the tap before its hex does.
            let arrow = g.arrows.iter().find(|(x, y, _)| (x - mx).hypot(y - my) < R * 0.38).map(|a| a.2);
            drop(g);
            let (on_select, on_facing) = callbacks.borrow().clone();
            if let Some(v) = arrow {
                on_facing.emit(v);
            } else if let Some(hex) = hex_at(mx, my).filter(|h| scenario.map.contains(*h)) {
                on_select.emit(hex);
            }
        }));
    }

    let (e, g) = (el.clone(), gestures.clone());
    listeners.push(EventListener::new_with_options(
        &target,
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
    )); // When the view changes size (layout settling, the window, the tablet turned): fit the map
        // again until the player has moved it himself, then just keep it in view.
    let (e, g) = (el.clone(), gestures.clone());
    let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |_| {
        let mut g = g.borrow_mut();
        if g.user_moved {
            e.apply(&mut g);
        } else {
            e.fit(&mut g);
        }
    });
    let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok();
    if let Some(o) = &observer {
        o.observe(&el.viewport);
    }
    Installed { _listeners: listeners, observer: observer.map(|o| (o, on_resize)) }
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
            { for o.focus.iter().map(|hex| html! { <polygon class="focus" points={hex_points(*hex, R - 2.0)} /> }) }
            if o.path.len() > 1 {
                <polyline class="path-preview" points={o.path.iter().map(|h| {
                    let (x, y) = center(*h);
                    format!("{x:.1},{y:.1}")
                }).collect::<Vec<_>>().join(" ")} />
            }
            { for o.outline.iter().map(|hex| html! { <polygon class="target" points={hex_points(*hex, R - 2.0)} /> }) }
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
    let arrows = match &o.target {
        Some((hex, facings)) => html! {
            <g class="facing-choices">
                { for facings.iter().map(|(v, mp, hits)| {
                    let (x, y) = facing_arrow_at(*hex, *v, o.target_column);
                    let heading = Heading::of(*v, o.target_column);
                    let rot = 90.0 - heading.degrees();
                    html! {
                        <g class={classes!("facing-choice", o.target_column.then_some("column"))} data-facing={v.name()} transform={format!("translate({x:.1},{y:.1})")}>
                            <circle r="10" />
                            <path d="M0,-6 L5,3 L-5,3 Z" transform={format!("rotate({rot})")} />
                            <title>{ format!("Face {} ({mp} MP{})", heading.name(), if *hits > 0 { format!(", {hits} hits") } else { String::new() }) }</title>
                        </g>
                    }
                }) }
            </g>
        },
        None => Html::default(),
    };
    (below, html! { <>{ rings }{ arrows }</> })
}
