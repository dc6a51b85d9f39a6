//! The map component in a real browser (wasm-bindgen-test in headless Chromium).
#![cfg(target_arch = "wasm32")]

use sarissa_rules::{HexId, Scenario};
use sarissa_web::components::map::{MapView, MapViewProps};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, PointerEvent, PointerEventInit};
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// The battles' files as the build wrote them (the app fetches them; here they are at hand).
mod files {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// Battle `id`, kept as the app keeps a battle it fetched.
fn battle(id: &str) -> Scenario {
    let (_, bytes) = files::EMBEDDED.iter().find(|(i, _)| *i == id).unwrap();
    sarissa_web::model::scenarios::keep(id, bytes).unwrap();
    sarissa_web::model::scenarios::load(id).unwrap()
}

fn samarkand() -> Rc<Scenario> {
    Rc::new(battle("samarkand"))
}

/// Mounts a MapView in an 800 x 600 box; returns the box and the hexes selected so far.
async fn mount(scenario: Rc<Scenario>) -> (Element, Rc<RefCell<Vec<HexId>>>) {
    let root = document().create_element("div").unwrap();
    root.set_attribute("style", "width: 800px; height: 600px; display: flex; position: relative").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let taps = Rc::new(RefCell::new(Vec::new()));
    let sink = taps.clone();
    let (game, _) =
        sarissa_rules::Game::new(std::sync::Arc::new((*scenario).clone()), sarissa_rules::Dice::seeded(1)).unwrap();
    let props = MapViewProps {
        game: Rc::new(game),
        selected: None,
        on_select: Callback::from(move |h| sink.borrow_mut().push(h)),
        overlay: Default::default(),
        on_facing: Callback::noop(),
        reveal: Default::default(),
    };
    yew::Renderer::<MapView>::with_root_and_props(root.clone(), props).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    (root, taps)
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

/// How many `selector` matches once the map's first paint has drawn every stage (the hexes come
/// a slice per task, issue 19), waiting up to two seconds for the count to reach `expected`.
async fn count_when_drawn(root: &Element, selector: &str, expected: u32) -> u32 {
    for _ in 0..40 {
        if count(root, selector) >= expected {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    count(root, selector)
}

fn pointer(kind: &str, x: f64, y: f64) -> PointerEvent {
    let init = PointerEventInit::new();
    init.set_pointer_id(7);
    init.set_is_primary(true);
    init.set_bubbles(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    PointerEvent::new_with_event_init_dict(kind, &init).unwrap()
}

#[wasm_bindgen_test]
async fn draws_one_polygon_per_hex_and_one_counter_per_unit_and_leader() {
    let s = samarkand();
    let (root, _) = mount(s.clone()).await;
    let hexes = s.map.columns as u32 * s.map.rows as u32;
    assert_eq!(count_when_drawn(&root, "polygon.hex", hexes).await, hexes);
    assert_eq!(count(&root, ".counter.unit"), s.units.len() as u32);
    assert_eq!(count(&root, ".counter.leader"), s.leaders.len() as u32);
    // Every hexside feature kind in the file is drawn.
    let kinds: std::collections::BTreeSet<_> = s.map.hexsides.iter().map(|e| e.feature.key()).collect();
    assert_eq!(count(&root, "path.hexside"), kinds.len() as u32);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_tap_on_a_counter_selects_its_hex_and_a_drag_does_not() {
    let s = samarkand();
    let (root, taps) = mount(s.clone()).await;
    let viewport: HtmlElement = root.query_selector(".map-viewport").unwrap().unwrap().dyn_into().unwrap();
    let unit = &s.units[0];
    let hex = unit.placement.hexes().next().unwrap();
    let counter = root.query_selector(&format!("[data-unit='{}']", unit.id)).unwrap().unwrap();
    let r = counter.get_bounding_client_rect();
    let (x, y) = (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0);

    viewport.dispatch_event(&pointer("pointerdown", x, y)).unwrap();
    viewport.dispatch_event(&pointer("pointerup", x, y)).unwrap();
    let tapped = taps.borrow().clone();
    assert_eq!(tapped.len(), 1);
    assert!(unit.placement.hexes().any(|h| h == tapped[0]), "tapped {} for unit at {}", tapped[0], hex);

    // A drag pans the map and selects nothing.
    let before = viewport.query_selector(".map-wrapper").unwrap().unwrap().get_attribute("style");
    viewport.dispatch_event(&pointer("pointerdown", x, y)).unwrap();
    viewport.dispatch_event(&pointer("pointermove", x + 40.0, y + 30.0)).unwrap();
    viewport.dispatch_event(&pointer("pointerup", x + 40.0, y + 30.0)).unwrap();
    assert_eq!(taps.borrow().len(), 1);
    let after = viewport.query_selector(".map-wrapper").unwrap().unwrap().get_attribute("style");
    assert_ne!(before, after, "the drag moved the map");
    root.remove();
}

#[wasm_bindgen_test]
fn every_bundled_battle_file_reads_in_the_browser() {
    let catalogue = sarissa_web::model::scenarios::CATALOGUE;
    assert_eq!(files::EMBEDDED.len(), catalogue.len());
    for card in catalogue {
        let read = battle(card.id);
        assert_eq!((read.meta.name.as_str(), read.map.columns, read.map.rows), (card.name, card.columns, card.rows));
    }
}

/// The same seeded random game as the native test `a_seeded_random_game_replays_to_a_pinned_hash`
/// (crates/rules/tests/sequence_of_play.rs), with the same pinned hash: native and wasm agree.
#[wasm_bindgen_test]
fn a_seeded_random_game_has_the_same_hash_in_wasm_as_natively() {
    let scenario = std::sync::Arc::new(battle("samarkand"));
    let (mut game, _) = sarissa_rules::Game::new(scenario, sarissa_rules::Dice::seeded(2026)).unwrap();
    let commands = sarissa_rules::play::playout::random_game(&mut game, 2026, 120);
    assert_eq!(commands.len(), 120);
    assert_eq!(format!("{:016x}", game.state_hash()), "e7781fede0382ab4");
}
