//! The battle's log, newest first: only its latest entries are drawn, and earlier ones a page at
//! a time on request. A long battle logs thousands of entries; drawing them all after every
//! order made each order a long task (issue 19: no task over 50 ms at 4× CPU throttle).

use crate::components::counters::side_class;
use crate::model::wording::LogEntry;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How many entries are drawn at first, and how many more each tap on "earlier" adds.
pub const LOG_PAGE: usize = 150;

#[derive(Properties, Clone)]
pub struct LogViewProps {
    pub log: Rc<Vec<LogEntry>>,
    /// An entry was tapped: its index in the whole log.
    pub on_log: Callback<usize>,
}

impl PartialEq for LogViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.log, &other.log) && self.on_log == other.on_log
    }
}

/// The indices of the entries drawn, newest first: the last `shown` of `len`.
pub fn drawn(len: usize, shown: usize) -> std::iter::Rev<std::ops::Range<usize>> {
    (len.saturating_sub(shown)..len).rev()
}

/// One entry of the log, by its index: drawn again only when the entry there changes (issue 19:
/// after an order, the 150 entries drawn were all drawn again though at most a few were new).
#[derive(Properties, Clone)]
struct LogLineProps {
    log: Rc<Vec<LogEntry>>,
    index: usize,
}

impl PartialEq for LogLineProps {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
            && (Rc::ptr_eq(&self.log, &other.log) || self.log.get(self.index) == other.log.get(other.index))
    }
}

#[function_component(LogLine)]
fn log_line(props: &LogLineProps) -> Html {
    let Some(e) = props.log.get(props.index) else { return Html::default() };
    html! {
        <li class={classes!("log-entry", e.side.map(side_class))} data-index={props.index.to_string()}>
            if let Some(roll) = e.roll { <span class="die" title="die roll">{ roll }</span> }
            <span class="log-text">{ &e.text }</span>
            if let Some(rule) = e.rule { <span class="rule">{ rule }</span> }
        </li>
    }
}

/// The index of the log entry a click landed in (`data-index` of the entry around its target).
fn clicked_entry(event: &MouseEvent) -> Option<usize> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    target.closest("li.log-entry").ok()??.get_attribute("data-index")?.parse().ok()
}

#[function_component(LogView)]
pub fn log_view(props: &LogViewProps) -> Html {
    let shown = use_state(|| LOG_PAGE);
    let log = &props.log;
    // Keyed by index: an order adds entries on top without the ones below being redrawn.
    let entries = drawn(log.len(), *shown).map(|i| html! { <LogLine key={i} log={log.clone()} index={i} /> });
    // One listener for the whole list rather than one per entry.
    let onclick = {
        let on_log = props.on_log.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(i) = clicked_entry(&e) {
                on_log.emit(i);
            }
        })
    };
    let hidden = log.len().saturating_sub(*shown);
    let earlier = {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(*shown + LOG_PAGE))
    };
    html! {
        <>
            <ol class="log" reversed=true start={log.len().to_string()} {onclick}>{ for entries }</ol>
            if hidden > 0 {
                <button class="log-earlier" onclick={earlier}>
                    { format!("Show {} earlier entries ({hidden} not shown)", hidden.min(LOG_PAGE)) }
                </button>
            }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_entries_are_drawn_newest_first() {
        assert_eq!(drawn(1000, LOG_PAGE).count(), LOG_PAGE);
        assert_eq!(drawn(1000, LOG_PAGE).next(), Some(999));
        assert_eq!(drawn(1000, LOG_PAGE).next_back(), Some(1000 - LOG_PAGE));
        assert_eq!(drawn(3, LOG_PAGE).collect::<Vec<_>>(), vec![2, 1, 0]);
        assert_eq!(drawn(0, LOG_PAGE).count(), 0);
    }
}
