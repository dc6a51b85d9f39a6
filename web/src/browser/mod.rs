//! What the app asks of the browser itself: storage on the device, files, the battles' files, and
//! its Web Worker.

pub mod battles;
pub mod files;
pub mod storage;
pub mod worker;

/// Milliseconds on the page's clock (`performance.now()`).
pub fn page_clock() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Puts `value` on the page's root element as attribute `name`: how long or when something
/// took place, for the e2e test of issue 19's budgets (tests/e2e/budgets.spec.ts).
pub fn mark_page(name: &str, value: &str) {
    let _ = gloo::utils::document_element().set_attribute(name, value);
}
