//! The battle's log, newest first: only its latest entries are drawn, and earlier ones a page at
//! a time on request. A long battle logs thousands of entries; drawing them all after every
//! order made each order a long task (issue 19: no task over 50 ms at 4× CPU throttle).

use crate::components::counters::side_class;
use crate::model::wording::LogEntry;
use std::rc::Rc;
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

#[function_component(LogView)]
pub fn log_view(props: &LogViewProps) -> Html {
    let shown = use_state(|| LOG_PAGE);
    let log = &props.log;
    // Keyed by index: an order adds entries on top without the ones below being redrawn.
    let entries = drawn(log.len(), *shown).map(|i| {
        let e = &log[i];
        let on_log = props.on_log.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_log.emit(i));
        html! {
            <li key={i} class={classes!("log-entry", e.side.map(side_class))} {onclick} data-index={i.to_string()}>
                if let Some(roll) = e.roll { <span class="die" title="die roll">{ roll }</span> }
                <span class="log-text">{ &e.text }</span>
                if let Some(rule) = e.rule { <span class="rule">{ rule }</span> }
            </li>
        }
    });
    let hidden = log.len().saturating_sub(*shown);
    let earlier = {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(*shown + LOG_PAGE))
    };
    html! {
        <>
            <ol class="log" reversed=true start={log.len().to_string()}>{ for entries }</ol>
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
