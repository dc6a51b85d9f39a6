//! Counters of our own design: a rectangle whose front edge (the dark band and notch) points at
//! the vertex the unit faces (GBA 7.11), a type symbol, name, size / TQ / MA, missile letter.
//! Two-hex units span both their hexes. Leaders are discs.

use crate::model::geometry::{center, R};
use sarissa_rules::game::{LeaderState, LeaderStatus, PwOrder, UnitState};
use sarissa_rules::scenario::units::{Leader, LeaderRole, Placement, Unit, UnitType};
use sarissa_rules::special::house::temperament::Temperament;
use sarissa_rules::{Game, Scenario};
use std::rc::Rc;
use std::sync::Arc;
use yew::prelude::*;

/// Counter depth (front to back) in map pixels; a one-hex counter is square.
const DEPTH: f64 = 44.0;

pub fn side_class(side: usize) -> &'static str {
    if side == 0 {
        "side-a"
    } else {
        "side-b"
    }
}

/// Our own pictograph for each type, drawn in a box about 18 × 12 around the origin.
pub fn type_symbol(kind: UnitType) -> Html {
    let d = match kind {
        // Pikes: a forest of upright shafts on a base.
        UnitType::PH => "M-7,5 H7 M-6,5 V-6 M-2,5 V-6 M2,5 V-6 M6,5 V-6 M-7,-4 l1,-3 l1,3 M-3,-4 l1,-3 l1,3 M1,-4 l1,-3 l1,3 M5,-4 l1,-3 l1,3",
        // Round shield with a boss.
        UnitType::HI => "M-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0 M-1.5,0 a1.5,1.5 0 1,0 3,0 a1.5,1.5 0 1,0 -3,0",
        // Smaller shield with a spear.
        UnitType::MI => "M-4,1 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0 M-8,-6 L8,6",
        // A single spear.
        UnitType::LI => "M-8,5 L8,-5 M8,-5 l-4,0 M8,-5 l-1,3.5",
        // The crescent pelta shield.
        UnitType::LP => "M-7,-3 q7,12 14,0 q-3,2 -7,-1 q-4,3 -7,1 z",
        // Scattered shooters.
        UnitType::SK | UnitType::SkStar => "M-6,2 a1.8,1.8 0 1,0 0.1,0 M0,-3 a1.8,1.8 0 1,0 0.1,0 M6,2 a1.8,1.8 0 1,0 0.1,0",
        // Cavalry: a box with one diagonal; lancers add a lance head; heavy cavalry two diagonals.
        UnitType::LC => "M-9,-6 H9 V6 H-9 Z M-9,6 L9,-6",
        UnitType::LN => "M-9,-6 H9 V6 H-9 Z M-9,6 L9,-6 M9,-6 l-4,0.5 M9,-6 l-1.5,3.5",
        UnitType::HC => "M-9,-6 H9 V6 H-9 Z M-9,6 L5,-6 M-5,6 L9,-6",
        // Trunk and tusk.
        UnitType::EL => "M-8,4 q0,-10 8,-10 q8,0 8,8 v6 M4,2 q-2,3 -5,3 M0,-6 v4",
        // A spoked wheel.
        UnitType::CH | UnitType::ChStar => "M-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0 M-6,0 H6 M0,-6 V6 M-4.2,-4.2 L4.2,4.2 M-4.2,4.2 L4.2,-4.2",
        // A bolt in flight.
        UnitType::AT => "M-8,0 H8 M8,0 l-4,-3 M8,0 l-4,3 M-8,0 l-2,-3 M-8,0 l-2,3",
    };
    html! { <path class="symbol" d={d} /> }
}

/// Screen rotation (degrees, clockwise) that turns a counter's top edge toward its vertex, or
/// a column's toward its hexside (6.63).
fn rotation(state: &UnitState) -> f64 {
    90.0 - state.heading().degrees()
}

fn anchor(state: &UnitState) -> (f64, f64, f64) {
    match state.placement {
        Placement::One(h) => {
            let (x, y) = center(h);
            (x, y, DEPTH)
        }
        Placement::Two(a, b) => {
            let ((x1, y1), (x2, y2)) = (center(a), center(b));
            ((x1 + x2) / 2.0, (y1 + y2) / 2.0, DEPTH + (x1 - x2).hypot(y1 - y2))
        }
    }
}

/// How the writing sits inside a counter whose frame is turned by `frame` degrees: turned by
/// `relative` degrees within the frame (quarter turns for a square, half turns or a quarter turn
/// into "portrait" for a two-hex rectangle), so that it is as near upright on screen as possible.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContentLayout {
    pub relative: f64,
    pub width: f64,
    pub height: f64,
}

fn normalise(deg: f64) -> f64 {
    (deg + 180.0).rem_euclid(360.0) - 180.0
}

pub fn content_layout(frame: f64, length: f64, depth: f64) -> ContentLayout {
    let square = (length - depth).abs() < 1e-6;
    let candidates: &[f64] = if square { &[0.0, 90.0, 180.0, -90.0] } else { &[0.0, 180.0, 90.0, -90.0] };
    let relative = candidates
        .iter()
        .copied()
        .min_by(|a, b| normalise(frame + a).abs().total_cmp(&normalise(frame + b).abs()))
        .unwrap_or(0.0);
    let quarter = (relative.abs() - 90.0).abs() < 1e-6;
    let (width, height) = if quarter { (depth, length) } else { (length, depth) };
    ContentLayout { relative, width, height }
}

/// Text of a given size, squeezed to `avail` pixels when it would not fit.
fn fitted_text(class: &'static str, x: f64, y: f64, size: f64, avail: f64, text: String) -> Html {
    // Bold sans-serif runs at about 0.6 em a character.
    let estimate = text.chars().count() as f64 * size * 0.6;
    let squeeze = (estimate > avail).then(|| format!("{avail:.1}"));
    html! {
        <text class={class} x={format!("{x:.1}")} y={format!("{y:.1}")} font-size={format!("{size:.1}")}
            textLength={squeeze.clone()} lengthAdjust={squeeze.map(|_| "spacingAndGlyphs")}>{ text }</text>
    }
}

/// Splits a name into at most two lines at the space nearest its middle.
fn two_lines(name: &str) -> (String, Option<String>) {
    let mid = name.len() / 2;
    match name.match_indices(' ').min_by_key(|(i, _)| i.abs_diff(mid)) {
        Some((i, _)) if name.chars().count() > 7 => (name[..i].to_string(), Some(name[i + 1..].to_string())),
        _ => (name.to_string(), None),
    }
}

/// The letters on an engine's disc (CG 10.5): Y Yantra, Jd Jamadagnya, Sb Sarvatobhadra.
pub fn engine_letters(engine: sarissa_rules::scenario::units::Engine) -> &'static str {
    match engine {
        sarissa_rules::scenario::units::Engine::Yantra => "Y",
        sarissa_rules::scenario::units::Engine::Jamadagnya => "Jd",
        sarissa_rules::scenario::units::Engine::Sarvatobhadra => "Sb",
    }
}

/// The Fired marker of an engine (CG 10.52, 10.56): "F1" Fired Once, "FD" Fire Done.
fn fired_marker(unit: &Unit, state: &UnitState) -> Option<&'static str> {
    let engine = unit.engine?;
    match (state.artillery_shots, engine.shots().saturating_sub(state.artillery_shots)) {
        (0, _) => None,
        (_, 0) => Some("FD"),
        _ => Some("F1"),
    }
}

fn missile_disc(unit: &Unit, x: f64, y: f64) -> Html {
    if let Some(engine) = unit.engine {
        // CG 10.5: an engine shows which it is, on a square plate, not a missile letter.
        return html! {
            <g class="engine" transform={format!("translate({x:.1},{y:.1})")}>
                <rect class="missile" x="-6.5" y="-5.5" width="13" height="11" rx="1" />
                <text class="missile-letter" y="2.6">{ engine_letters(engine) }</text>
            </g>
        };
    }
    match unit.missile {
        Some(m) => html! {
            <g transform={format!("translate({x:.1},{y:.1})")}>
                <circle class="missile" r="5.5" />
                <text class="missile-letter" y="2.6">{ m.letter() }</text>
            </g>
        },
        None => Html::default(),
    }
}

/// The writing of a counter laid out upright in a `w` × `h` box centred on the origin.
fn counter_content(unit: &Unit, w: f64, h: f64) -> Html {
    let symbol_at =
        |x: f64, y: f64| html! { <g transform={format!("translate({x:.1},{y:.1})")}>{ type_symbol(unit.kind) }</g> };
    if h > w {
        // Portrait: a two-hex unit facing east or west; everything stacked.
        let (first, second) = two_lines(&unit.name);
        let top = -h / 2.0 + 15.0;
        html! {
            <>
                { fitted_text("name", 0.0, top, 8.5, w - 6.0, first) }
                if let Some(second) = second { { fitted_text("name", 0.0, top + 10.0, 8.5, w - 6.0, second) } }
                { symbol_at(0.0, 0.0) }
                { fitted_text("type", 0.0, 16.0, 8.0, w - 6.0, unit.type_label()) }
                { fitted_text("ratings", 0.0, 28.0, 9.5, w - 6.0, ratings_line(unit)) }
                { missile_disc(unit, 0.0, h / 2.0 - 11.0) }
            </>
        }
    } else if w > h + 1.0 {
        // Landscape: a two-hex unit facing a diagonal vertex.
        html! {
            <>
                { fitted_text("name", 0.0, -4.0, 10.5, w - 14.0, unit.name.clone()) }
                { symbol_at(-w / 2.0 + 18.0, 9.0) }
                { fitted_text("type", -w / 2.0 + 40.0, 12.5, 8.0, 22.0, unit.type_label()) }
                { fitted_text("ratings", 8.0, 12.5, 9.5, 34.0, ratings_line(unit)) }
                { missile_disc(unit, w / 2.0 - 12.0, 9.0) }
            </>
        }
    } else {
        // A square one-hex counter.
        html! {
            <>
                { fitted_text("name", 0.0, -8.0, 8.2, w - 8.0, unit.name.clone()) }
                { symbol_at(-10.0, 3.5) }
                { fitted_text("type", if unit.missile.is_some() { 3.0 } else { 8.0 }, 6.5, 7.5, 16.0, unit.type_label()) }
                { missile_disc(unit, 14.0, 3.5) }
                { fitted_text("ratings", 0.0, 16.5, 9.5, w - 8.0, ratings_line(unit)) }
            </>
        }
    }
}

/// Writing on the counter's face in the middle distance (a hex of 30 to 75 screen pixels, where
/// the full writing would be under 10 px): the name and the ratings alone, 14 map pixels high
/// (10.5 screen pixels at a hex of 45), the name wrapped onto two lines rather than shrunk.
const FACE_TEXT: f64 = 14.0;

/// A name in at most two lines of about `max` characters: whole if it fits (squeezed a little
/// more rather than broken, so "Amyntas" stays one word), else split at a space, else its first
/// word hyphenated between syllables with the rest of the name after it ("Compa-", "nions 7");
/// what still does not fit ends in a full stop.
fn face_lines(name: &str, max: usize) -> Vec<String> {
    // A line of up to a quarter more than `max` is squeezed to fit rather than cut; the end of a
    // broken word may be squeezed further: it is read with its head.
    let (room, rest_room) = (max + max / 4, max + max / 2);
    let count = |line: &str| line.chars().count();
    let fit_in = |line: &str, room: usize| -> String {
        if count(line) <= room {
            line.to_string()
        } else {
            let kept: String = line.chars().take(max.saturating_sub(1)).collect();
            format!("{kept}.")
        }
    };
    if count(name) <= room {
        return vec![name.to_string()];
    }
    let split = two_lines(name);
    if let (first, Some(second)) = &split {
        if count(first) <= room && count(second) <= room {
            return vec![first.clone(), second.clone()];
        }
    }
    let (word, tail) = name.split_once(' ').map_or((name, String::new()), |(w, t)| (w, format!(" {t}")));
    let letters: Vec<char> = word.chars().collect();
    if (letters.len() >= 6 || tail.is_empty()) && count(&tail) + 3 <= rest_room {
        let k = hyphen_at(&letters, max, rest_room - count(&tail));
        let rest = format!("{}{tail}", letters[k..].iter().collect::<String>());
        // A word alone is broken even if its end must be cut.
        if count(&rest) <= rest_room || tail.is_empty() {
            return vec![format!("{}-", letters[..k].iter().collect::<String>()), fit_in(&rest, rest_room)];
        }
    }
    match split {
        (first, Some(second)) => vec![fit_in(&first, room), fit_in(&second, room)],
        (word, None) => vec![fit_in(&word, room)],
    }
}

fn is_vowel(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// Where to hyphenate a word too long for one line: the head (with its hyphen) within `max`
/// letters and at least three, never fewer than three letters left; best between two
/// consonants ("Hypas-pists", "Myg-donians"), else before a consonant that opens a syllable
/// ("Pto-lemy"); but first where the rest fits within `room`.
fn hyphen_at(letters: &[char], max: usize, room: usize) -> usize {
    let n = letters.len();
    let last = max.saturating_sub(1).min(n.saturating_sub(3)).max(1);
    let first = 3.min(last);
    let syllable = |k: usize| -> u8 {
        let (before, after) = (letters[k - 1], letters[k]);
        match (is_vowel(before), is_vowel(after)) {
            // "ph", "th", "ch" are one sound: never "Amp-haxitae".
            (false, false) if after.eq_ignore_ascii_case(&'h') => 0,
            (false, false) => 2,
            (true, false) if letters.get(k + 1).is_some_and(|&c| is_vowel(c)) => 1,
            _ => 0,
        }
    };
    (first..=last).max_by_key(|&k| (n - k <= room, syllable(k), k)).unwrap_or(last)
}

/// The middle-distance face laid out upright in a `w` × `h` box centred on the origin; the
/// missile letter (or engine letters) follows the ratings.
fn mid_face(unit: &Unit, w: f64, h: f64) -> Html {
    let letter = match (unit.engine, unit.missile) {
        (Some(e), _) => format!(" {}", engine_letters(e)),
        (None, Some(m)) => format!(" {}", m.letter()),
        (None, None) => String::new(),
    };
    let ratings = format!("{}{letter}", ratings_line(unit));
    let avail = w - 4.0;
    // Bold sans-serif runs at about 0.6 em a character; squeezed at most to three quarters.
    let max = (avail / (FACE_TEXT * 0.6 * 0.75)).floor().max(3.0) as usize;
    let lines = face_lines(&unit.name, max);
    let top = -h / 2.0 + FACE_TEXT + 1.0;
    html! {
        <g class="mid-face">
            { for lines.into_iter().enumerate().map(|(i, line)| fitted_text("face-name", 0.0, top + i as f64 * 13.0, FACE_TEXT, avail, line)) }
            { fitted_text("face-ratings", 0.0, h / 2.0 - 4.0, FACE_TEXT, avail, ratings) }
        </g>
    }
}

/// What a screen reader says of a unit's counter: name, type, side, hex, facing, hits, status.
pub fn unit_label(unit: &Unit, state: &UnitState, side: &str) -> String {
    let hexes: Vec<String> = state.placement.hexes().map(|h| h.to_string()).collect();
    let heading = state.heading().name();
    let mut label = format!(
        "{}, {} {}, {side}, in {}, facing {heading}, {} {}",
        unit.name,
        unit.type_label(),
        ratings_line(unit),
        hexes.join(" and "),
        state.hits,
        if state.hits == 1 { "hit" } else { "hits" }
    );
    for (on, word) in [
        (state.routed, "routed"),
        (state.column, "in column"),
        (state.square, "in square"),
        (state.engaged, "engaged"),
        (state.moved, "moved"),
    ] {
        if on {
            label.push_str(", ");
            label.push_str(word);
        }
    }
    label
}

/// "10·7·4/5": size, troop quality and movement allowance as printed on the counter.
pub fn ratings_line(unit: &Unit) -> String {
    let ma = match unit.ma_extended {
        Some(ext) => format!("{}/{}", unit.ma, ext),
        None => unit.ma.to_string(),
    };
    format!("{}·{}·{}", unit.size, unit.tq, ma)
}

/// How far the bottom unit of a Tribal stack (CG 6.74) is drawn from its hex's centre, up and to
/// the left, so that its edge shows behind the top one.
const UNDER_OFFSET: f64 = 6.0;

fn unit_counter(unit: &Unit, state: &UnitState, selected: bool, under: bool, side: &str) -> Html {
    let (x, y, length) = anchor(state);
    let (x, y) = if under { (x - UNDER_OFFSET, y - UNDER_OFFSET) } else { (x, y) };
    let rot = rotation(state);
    // A two-hex column lies along its heading (6.63): its counter stands on end, head at the top.
    let (w, hgt) = if state.column && state.placement.is_two_hex() { (DEPTH, length) } else { (length, DEPTH) };
    let (half, d2) = (w / 2.0, hgt / 2.0);
    let layout = content_layout(rot, w, hgt);
    html! {
        <g class={classes!("counter", "unit", side_class(unit.side), selected.then_some("selected"), state.moved.then_some("moved"), state.routed.then_some("routed"), state.column.then_some("column"), state.square.then_some("square"), state.engaged.then_some("engaged"))}
            data-unit={unit.id.clone()} data-hits={state.hits.to_string()} data-column={state.column.then_some("true")}
            data-square={state.square.then_some("true")} data-under={under.then_some("true")} role="img" aria-label={unit_label(unit, state, side)}
            transform={format!("translate({x:.1},{y:.1}) rotate({rot})")}>
            <rect class="body" x={format!("{:.1}", -half)} y={format!("{:.1}", -d2)}
                width={format!("{w:.1}")} height={format!("{hgt:.1}")} rx="3" />
            <rect class="front" x={format!("{:.1}", -half)} y={format!("{:.1}", -d2)}
                width={format!("{w:.1}")} height="5" rx="2" />
            <path class="notch" d={format!("M-5,{:.1} L0,{:.1} L5,{:.1} Z", -d2, -d2 - 6.0, -d2)} />
            <g transform={format!("rotate({})", layout.relative)}>
                <g class="full-face">{ counter_content(unit, layout.width, layout.height) }</g>
                { mid_face(unit, layout.width, layout.height) }
            </g>
            if state.routed {
                // Routed (10.2): a diagonal band, and the word, upright.
                <line class="routed-band" x1={format!("{:.1}", -half)} y1={format!("{:.1}", d2)} x2={format!("{half:.1}")} y2={format!("{:.1}", -d2)} />
                <text class="routed-label" transform={format!("rotate({})", -rot)} y="4">{ "ROUTED" }</text>
            }
            if state.column {
                // In Column (6.6): a marker in the back corner opposite the hits, upright.
                <g class="column-marker" transform={format!("translate({:.1},{:.1}) rotate({})", -half + 8.0, d2 - 6.0, -rot)}>
                    <rect x="-8" y="-5" width="16" height="10" rx="2" />
                    <text y="3">{ "COL" }</text>
                </g>
            }
            if state.square {
                // In Square (CG 10.62): a marker where a column's would be (never both), upright.
                <g class="square-marker" transform={format!("translate({:.1},{:.1}) rotate({})", -half + 8.0, d2 - 6.0, -rot)}>
                    <rect x="-8" y="-5" width="16" height="10" rx="2" />
                    <text y="3">{ "SQ" }</text>
                </g>
            }
            if state.engaged {
                // Engaged (10.3, optional): crossed swords' stand-in, in the front corner, upright.
                <g class="engaged-marker" transform={format!("translate({:.1},{:.1}) rotate({})", -half + 9.0, -d2 + 9.0, -rot)}>
                    <rect x="-9" y="-5" width="18" height="10" rx="2" />
                    <text y="3">{ "ENG" }</text>
                </g>
            }
            if let Some(marker) = fired_marker(unit, state) {
                // CG 10.52: the engine's Fired Once / Fire Done side, in the front corner, upright.
                <g class="fired-marker" data-fired={marker} transform={format!("translate({:.1},{:.1}) rotate({})", half - 9.0, -d2 + 9.0, -rot)}>
                    <rect x="-8" y="-5" width="16" height="10" rx="2" />
                    <text y="3">{ marker }</text>
                </g>
            }
            if state.hits > 0 {
                // Cohesion hits, upright in the counter's back corner.
                <g transform={format!("translate({:.1},{:.1}) rotate({})", half - 7.0, d2 - 7.0, -rot)}>
                    <circle class="hits-badge" r="7" />
                    <text class="hits-number" y="3">{ state.hits.to_string() }</text>
                </g>
            }
        </g>
    }
}

/// A pre-arranged withdrawal marker under a leader (GBA 6.82): face down "PW?" for either side
/// until turned up, then "PW" or "No PW" (P58).
fn pw_marker(order: Option<&PwOrder>) -> Html {
    let Some(o) = order else { return Html::default() };
    let text = match (o.revealed, o.units.is_empty()) {
        (false, _) => "PW?",
        (true, false) => "PW",
        (true, true) => "No PW",
    };
    html! {
        <g class={classes!("pw-marker", o.revealed.then_some("revealed"))} transform="translate(0,16)">
            <rect x="-11" y="-5" width="22" height="9" rx="2" />
            <text y="2.5">{ text }</text>
        </g>
    }
}

/// Where a leader's disc is drawn in his hex: its upper-left corner.
pub fn leader_disc_at(hex: sarissa_rules::HexId) -> (f64, f64) {
    let (x, y) = center(hex);
    (x - R * 0.68, y - R * 0.68)
}

/// Leaders are small discs tucked into the upper-left corner of their hex, over the corner of
/// any counter beneath rather than its name; a PW marker sits under the disc.
fn leader_counter(
    leader: &Leader,
    state: &LeaderState,
    selected: bool,
    pw: Option<&PwOrder>,
    mcc: bool,
    side: &str,
    temperament: Temperament,
) -> Html {
    if state.status == LeaderStatus::Eliminated {
        return Html::default();
    }
    let (x, y) = leader_disc_at(state.at);
    // A contingent commander in play shows "C" whatever initiative he has with 5.6 off (5.61).
    let rating = match leader.initiative {
        Some(i) if !mcc => i.to_string(),
        _ => "C".to_string(),
    };
    let short: String = leader.name.chars().take(7).collect();
    html! {
        <g class={classes!("counter", "leader", side_class(leader.side),
                (leader.role == LeaderRole::Overall).then_some("overall"), selected.then_some("selected"),
                (state.status == LeaderStatus::Finished).then_some("finished"), (state.status == LeaderStatus::Active).then_some("active"), temperament_class(temperament))}
            data-leader={leader.id.clone()} role="img" aria-label={leader_label(leader, state, &rating, side, temperament)} transform={format!("translate({x:.1},{y:.1})")}>
            <circle class="disc" r="10.5" />
            { fitted_text("leader-name", 0.0, -1.5, 5.6, 17.0, short) }
            // The whole name, shown near in at a size that stays readable (styles.css).
            <text class="leader-label" y="-12.5">{ &leader.name }</text>
            <text class="leader-rating" y="7">{ format!("{}{}", rating, if leader.line_command { "L" } else { "" }) }</text>
            { temperament_mark(temperament) }
            { pw_marker(pw) }
        </g>
    }
}

/// House rule B1: the class colouring a cautious or aggressive leader's rim (styles.css).
fn temperament_class(t: Temperament) -> Option<&'static str> {
    (t != Temperament::Steady).then_some(t.name())
}

/// House rule B1: a small mark on the rim, ▲ aggressive, ▼ cautious; none for the steady.
fn temperament_mark(t: Temperament) -> Html {
    let mark = match t {
        Temperament::Aggressive => "▲",
        Temperament::Cautious => "▼",
        Temperament::Steady => return Html::default(),
    };
    html! { <text class="temperament-mark" x="9" y="-5.5">{ mark }</text> }
}

/// What a screen reader says of a leader's disc: name, side, hex, rating and state.
fn leader_label(leader: &Leader, state: &LeaderState, rating: &str, side: &str, temperament: Temperament) -> String {
    let status = match state.status {
        LeaderStatus::Active => ", giving orders",
        LeaderStatus::Finished => ", finished",
        _ => "",
    };
    let line = if leader.line_command { ", may command lines" } else { "" };
    let temperament = temperament_class(temperament).map_or(String::new(), |t| format!(", {t}"));
    format!("Leader {}, {side}, in {}, initiative {rating}{temperament}{line}{status}", leader.name, state.at)
}

#[derive(Properties, Clone)]
pub struct CountersLayerProps {
    pub game: Rc<Game>,
    pub selected: Option<sarissa_rules::HexId>,
}

impl PartialEq for CountersLayerProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game) && self.selected == other.selected
    }
}

/// One unit's counter: drawn again only when what it shows changes (issue 19: an order late in
/// a long battle moved one or two counters but drew all hundred again).
#[derive(Properties, Clone)]
struct UnitCounterProps {
    scenario: Arc<Scenario>,
    unit: usize,
    state: UnitState,
    selected: bool,
    /// The bottom unit of a Tribal stack (CG 6.74).
    under: bool,
}

impl PartialEq for UnitCounterProps {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.scenario, &other.scenario)
            && (self.unit, self.selected, self.under) == (other.unit, other.selected, other.under)
            && self.state == other.state
    }
}

#[function_component(UnitCounter)]
fn unit_counter_view(props: &UnitCounterProps) -> Html {
    let u = &props.scenario.units[props.unit];
    unit_counter(u, &props.state, props.selected, props.under, &props.scenario.sides[u.side].name)
}

/// One leader's disc, drawn again only when what it shows changes.
#[derive(Properties, Clone)]
struct LeaderCounterProps {
    scenario: Arc<Scenario>,
    leader: usize,
    state: LeaderState,
    selected: bool,
    pw: Option<PwOrder>,
    temperament: Temperament,
}

impl PartialEq for LeaderCounterProps {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.scenario, &other.scenario)
            && (self.leader, self.selected, self.temperament) == (other.leader, other.selected, other.temperament)
            && self.state == other.state
            && self.pw == other.pw
    }
}

#[function_component(LeaderCounter)]
fn leader_counter_view(props: &LeaderCounterProps) -> Html {
    let (s, i) = (&props.scenario, props.leader);
    let l = &s.leaders[i];
    let mcc = sarissa_rules::command::contingent::is_mcc(s, i);
    leader_counter(l, &props.state, props.selected, props.pw.as_ref(), mcc, &s.sides[l.side].name, props.temperament)
}

/// Units' counters drawn in one task on the map's first paint (issue 19).
const UNITS_PER_SLICE: usize = 24;

#[function_component(CountersLayer)]
pub fn counters_layer(props: &CountersLayerProps) -> Html {
    let (s, st) = (&*props.game.scenario, &props.game.state);
    let scenario = &props.game.scenario;
    let sel = props.selected;
    // Drawn first in the tasks after the map's own, not in the one that starts the app and draws
    // the screen, and a slice of units a task (issue 19: Issus's 107 counters in one task took
    // 136 ms at 4× CPU throttle in a profile build), then the leaders. The layers are there from
    // the start: the camera writes the leaders' label size on theirs (map.rs).
    // Sliced by the battle's units, live or not: the same count all game long, so the stages
    // end the same way whatever the game (an undo may bring an eliminated unit back).
    let slices = s.units.len().div_ceil(UNITS_PER_SLICE);
    let drawn = crate::components::terrain_layer::use_first_paint_stages(slices + 2) - 1;
    // CG 6.74: the bottom unit of a Tribal stack is drawn first, so the top one covers it.
    let mut shown: Vec<(usize, bool)> = (0..s.units.len())
        .filter(|&i| !st.units[i].eliminated)
        .map(|i| (i, sarissa_rules::special::tribal::is_bottom(s, st, i)))
        .collect();
    sarissa_rules::game::sorting::sort_by_key(&mut shown, |&(i, under)| (!under, i));
    let units = shown.into_iter().take(drawn * UNITS_PER_SLICE).map(|(i, under)| {
        let us = &st.units[i];
        let selected = sel.is_some_and(|h| us.placement.hexes().any(|x| x == h));
        html! { <UnitCounter key={s.units[i].id.as_str()} scenario={scenario.clone()} unit={i} state={us.clone()} {selected} {under} /> }
    });
    let leaders_drawn = drawn > slices;
    let leaders = s.leaders.iter().zip(&st.leaders).enumerate().filter(|_| leaders_drawn).map(|(i, (l, ls))| {
        let pw = st.pre_arranged.iter().find(|o| o.leader == l.id).cloned();
        let temperament = sarissa_rules::special::house::temperament::of(s, st, i);
        html! { <LeaderCounter key={l.id.as_str()} scenario={scenario.clone()} leader={i} state={ls.clone()} selected={sel == Some(ls.at)} {pw} {temperament} /> }
    });
    html! {
        <g class="counters-layer">
            <g class="units">{ for units }</g>
            <g class="leaders">{ for leaders }</g>
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_counters_keep_their_writing_within_30_degrees_of_upright() {
        for frame in [90.0, 30.0, -30.0, -90.0, -150.0, 150.0] {
            let l = content_layout(frame, DEPTH, DEPTH);
            assert!(normalise(frame + l.relative).abs() <= 30.0 + 1e-9, "{frame}: {l:?}");
            assert_eq!((l.width, l.height), (DEPTH, DEPTH));
        }
    }

    #[test]
    fn two_hex_counters_facing_east_or_west_use_the_portrait_layout() {
        let length = 96.0;
        for frame in [90.0, -90.0] {
            let l = content_layout(frame, length, DEPTH);
            assert_eq!(normalise(frame + l.relative), 0.0);
            assert_eq!((l.width, l.height), (DEPTH, length));
        }
        for frame in [30.0, -30.0, 150.0, -150.0] {
            let l = content_layout(frame, length, DEPTH);
            assert_eq!(normalise(frame + l.relative).abs(), 30.0, "{frame}");
            assert_eq!((l.width, l.height), (length, DEPTH));
        }
    }

    #[test]
    fn names_on_the_middle_distance_face_wrap_rather_than_shrink() {
        assert_eq!(face_lines("Coenus", 6), vec!["Coenus"]);
        // A word a little too long is squeezed whole, never broken as "Amynt-as".
        assert_eq!(face_lines("Amyntas", 6), vec!["Amyntas"]);
        // A numbered name keeps its number and its whole word, hyphenated.
        assert_eq!(face_lines("Mercenaries 1", 6), vec!["Merce-", "naries 1"]);
        assert_eq!(face_lines("Companions 7", 6), vec!["Com-", "panions 7"]);
        assert_eq!(face_lines("Apollonia Ile", 6), vec!["Apol-", "lonia Ile"]);
        assert_eq!(face_lines("Royal Ile", 6), vec!["Royal", "Ile"]);
        // Two long words: what does not fit is cut with a full stop.
        assert_eq!(face_lines("Macedonian Archers", 6), vec!["Maced.", "Archers"]);
        assert_eq!(face_lines("Hill Javelinmen", 6), vec!["Hill", "Javel."]);
        // Longer words break between syllables, with at least three letters on each line.
        assert_eq!(face_lines("Hypaspists", 6), vec!["Hypas-", "pists"]);
        assert_eq!(face_lines("Thessalians", 6), vec!["Thes-", "salians"]);
        assert_eq!(face_lines("Agrianians", 6), vec!["Agria-", "nians"]);
        assert_eq!(face_lines("Mygdonians", 5), vec!["Myg-", "donians"]);
        assert_eq!(face_lines("Ptolemy", 5), vec!["Pto-", "lemy"]);
        assert_eq!(face_lines("Perdiccas", 5), vec!["Per-", "diccas"]);
        assert_eq!(face_lines("Amphaxitae", 6), vec!["Ampha-", "xitae"]);
        assert_eq!(face_lines("Peltastsandmore", 6), vec!["Pel-", "tasts."]);
    }

    #[test]
    fn long_names_split_near_the_middle() {
        assert_eq!(two_lines("Greek Mercenaries I"), ("Greek".into(), Some("Mercenaries I".into())));
        assert_eq!(two_lines("Coenus"), ("Coenus".into(), None));
        assert_eq!(two_lines("Hypaspists"), ("Hypaspists".into(), None));
    }
}
