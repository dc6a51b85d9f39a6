//! The map view: an SVG battlefield inside a pannable, zoomable viewport.
//!
//! Gestures are handled outside Yew's render cycle: pointer and wheel listeners update a
//! [`Camera`] and write the wrapper's CSS transform directly, so panning and pinching never
//! re-render anything. Only a tap (a press that does not move) reaches Yew, as a selected hex.

use crate::camera::{Camera, LABEL_SCALE};
use crate::counters::CountersLayer;
use crate::geometry::{hex_at, hex_points, map_size, R};
use crate::terrain_layer::TerrainLayer;
use gloo::events::{EventListener, EventListenerOptions};
use sarissa_rules::units::Placement;
use sarissa_rules::{HexId, Scenario};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, PointerEvent, WheelEvent};
use yew::prelude::*;

/// A press that moves less than this (screen pixels) is a tap.
const TAP_SLOP: f64 = 8.0;
/// Screen pixels of map that always stay in view when panning.
const KEEP_VISIBLE: f64 = 80.0;

#[derive(Properties, Clone)]
pub struct MapViewProps {
    pub scenario: Rc<Scenario>,
    pub selected: Option<HexId>,
    pub on_select: Callback<HexId>,
}

impl PartialEq for MapViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenario, &other.scenario)
            && self.selected == other.selected
            && self.on_select == other.on_select
    }
}

/// What the gesture handlers share.
struct Gestures {
    camera: Option<Camera>,
    content: (f64, f64),
    /// Active pointers: (pointer id, x, y) relative to the viewport.
    pointers: Vec<(i32, f64, f64)>,
    /// Where a possible tap started; cleared once the press moves or a second finger lands.
    tap_start: Option<(f64, f64)>,
}

struct Elements {
    viewport: HtmlElement,
    wrapper: HtmlElement,
}

impl Elements {
    fn size(&self) -> (f64, f64) {
        (
            self.viewport.client_width() as f64,
            self.viewport.client_height() as f64,
        )
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
        let _ = self
            .viewport
            .class_list()
            .toggle_with_force("show-hex-ids", camera.scale >= LABEL_SCALE);
        let _ = self
            .viewport
            .set_attribute("data-scale", &format!("{:.4}", camera.scale));
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
    let content = map_size(&props.scenario.map);
    let gestures = use_mut_ref(|| Gestures {
        camera: None,
        content,
        pointers: Vec::new(),
        tap_start: None,
    });

    {
        let (viewport_ref, wrapper_ref, gestures) = (viewport_ref.clone(), wrapper_ref.clone(), gestures.clone());
        let on_select = props.on_select.clone();
        let scenario = props.scenario.clone();
        use_effect_with(Rc::as_ptr(&props.scenario) as usize, move |_| {
            let listeners = install(&viewport_ref, &wrapper_ref, gestures, on_select, scenario);
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
        if let Some(u) = props.scenario.units.iter().find(|u| u.placement.hexes().any(|h| h == hex)) {
            if let Placement::Two(a, b) = u.placement {
                hexes = vec![a, b];
            }
        }
        html! { <>{ for hexes.into_iter().map(|h| html! { <polygon class="selection" points={hex_points(h, R - 2.0)} /> }) }</> }
    });

    let (w, h) = content;
    html! {
        // The geometry the camera relies on is inline, so the component works without the stylesheet.
        <div class="map-viewport" ref={viewport_ref.clone()} data-columns={props.scenario.map.columns.to_string()}
            data-rows={props.scenario.map.rows.to_string()}
            style="position: relative; overflow: hidden; touch-action: none; flex: 1; min-width: 0; min-height: 0">
            <div class="map-wrapper" ref={wrapper_ref.clone()}
                style="position: absolute; left: 0; top: 0; transform-origin: 0 0; will-change: transform">
                <svg class="map" xmlns="http://www.w3.org/2000/svg" width={format!("{w:.0}")} height={format!("{h:.0}")}
                    viewBox={format!("0 0 {w:.1} {h:.1}")}>
                    <TerrainLayer scenario={props.scenario.clone()} />
                    <g class="selection-layer">{ for selection }</g>
                    <CountersLayer scenario={props.scenario.clone()} selected={props.selected} />
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
    Some(Elements {
        viewport: viewport.cast::<HtmlElement>()?,
        wrapper: wrapper.cast::<HtmlElement>()?,
    })
}

/// Fits the map to the view and attaches the gesture listeners; dropping the result detaches them.
fn install(
    viewport_ref: &NodeRef,
    wrapper_ref: &NodeRef,
    gestures: Rc<RefCell<Gestures>>,
    on_select: Callback<HexId>,
    scenario: Rc<Scenario>,
) -> Vec<EventListener> {
    let Some(el) = elements(viewport_ref, wrapper_ref) else {
        return Vec::new();
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
        if ev.button() > 0 {
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
        e.apply(&mut g);
    }));

    for kind in ["pointerup", "pointercancel"] {
        let (g, on_select, scenario) = (gestures.clone(), on_select.clone(), scenario.clone());
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
            drop(g);
            let (mx, my) = camera.to_map(sx, sy);
            if let Some(hex) = hex_at(mx, my).filter(|h| scenario.map.contains(*h)) {
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
            e.apply(&mut g);
        },
    ));

    // Keep the map inside the view when the window (or the tablet's orientation) changes.
    let (e, g) = (el.clone(), gestures.clone());
    if let Some(window) = web_sys::window() {
        listeners.push(EventListener::new(&window, "resize", move |_| {
            e.apply(&mut g.borrow_mut())
        }));
    }
    listeners
}
