//! The static battlefield: hexes, elevation, hexside features and hex ids.
//!
//! Rendered once per scenario: its only prop is the scenario behind an `Rc`, compared by
//! pointer, so pan, zoom and selection never touch these thousands of nodes.

use crate::model::digits::push_number;
use crate::model::geometry::{center, hex_points, hexsides_path, R};
use sarissa_rules::map::hex::Hexside;
use sarissa_rules::map::terrain::{HexsideFeature, Terrain};
use sarissa_rules::special::house::dense_woods;
use sarissa_rules::Scenario;
use std::sync::Arc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct TerrainLayerProps {
    pub scenario: Arc<Scenario>,
}

impl PartialEq for TerrainLayerProps {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.scenario, &other.scenario)
    }
}

/// CSS class of a terrain; patterned terrains use an SVG pattern as fill (see `patterns`).
pub fn terrain_class(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "t-clear",
        Terrain::Woods => "t-woods",
        Terrain::Marsh => "t-marsh",
        Terrain::Rocky => "t-rocky",
        Terrain::Rough => "t-rough",
        Terrain::RockyRiverbed => "t-riverbed",
        Terrain::MajorRiver => "t-river",
        Terrain::Town => "t-town",
        Terrain::Camp => "t-camp",
        Terrain::Stronghold => "t-stronghold",
        Terrain::Water => "t-water",
        Terrain::CampTower => "t-tower",
        // The city of CG 12.2: blocks of houses, streets drawn along their steps (see
        // `city_streets`), open squares, a temple and the palace.
        Terrain::CityStreet => "t-street",
        Terrain::CitySquare => "t-square",
        Terrain::CityBlock => "t-block",
        Terrain::Temple => "t-temple",
        Terrain::Palace => "t-palace",
    }
}

/// The CSS class of dense woods (house rule B7): woods drawn darker, with more trees.
pub const DENSE_WOODS_CLASS: &str = "t-dense-woods";

/// The CSS class a hexside feature is drawn with; each camp hexside has its own (CG 12.11).
pub fn feature_class(f: HexsideFeature) -> &'static str {
    match f {
        HexsideFeature::Stream => "hs-stream",
        HexsideFeature::MinorRiver => "hs-minor-river",
        HexsideFeature::SteepBankedStream => "hs-steep-stream",
        HexsideFeature::SteepBank => "hs-steep-bank",
        HexsideFeature::SteepSlope => "hs-steep-slope",
        HexsideFeature::SheerSlope => "hs-sheer-slope",
        HexsideFeature::Wall => "hs-wall",
        HexsideFeature::Gate | HexsideFeature::CityGate => "hs-gate",
        HexsideFeature::Berm => "hs-ditch",
        HexsideFeature::Moat => "hs-moat",
        HexsideFeature::Palisade => "hs-palisade",
        HexsideFeature::Thorns => "hs-thorns",
        HexsideFeature::Wagons => "hs-wagons",
        HexsideFeature::CampGate => "hs-camp-gate",
    }
}

/// Texture patterns for terrain that colour alone would not tell apart (also for colour-blind
/// players): trees, reeds, stones, scrub, brick, tents, towers.
pub fn patterns() -> Html {
    html! {
        <defs>
            <pattern id="pat-woods" width="20" height="20" patternUnits="userSpaceOnUse">
                <rect width="20" height="20" class="t-woods-bg" />
                <circle cx="5" cy="6" r="3.6" class="tree" />
                <circle cx="15" cy="15" r="3.6" class="tree" />
            </pattern>
            <pattern id="pat-dense-woods" width="14" height="14" patternUnits="userSpaceOnUse">
                <rect width="14" height="14" class="t-dense-woods-bg" />
                <circle cx="3.5" cy="4" r="3.2" class="tree-dense" />
                <circle cx="10.5" cy="3" r="3" class="tree-dense" />
                <circle cx="7" cy="10.5" r="3.4" class="tree-dense" />
            </pattern>
            <pattern id="pat-marsh" width="16" height="10" patternUnits="userSpaceOnUse">
                <rect width="16" height="10" class="t-marsh-bg" />
                <path d="M2,7 h6 M10,3 h5 M5,5 v-3 M12,9 v-3" class="reed" />
            </pattern>
            <pattern id="pat-rocky" width="18" height="16" patternUnits="userSpaceOnUse">
                <rect width="18" height="16" class="t-rocky-bg" />
                <path d="M3,12 l3,-5 l3,5 z M11,6 l3,-4 l2,4 z" class="stone" />
            </pattern>
            <pattern id="pat-rough" width="14" height="14" patternUnits="userSpaceOnUse">
                <rect width="14" height="14" class="t-rough-bg" />
                <path d="M2,10 q2,-4 4,0 M8,5 q2,-4 4,0" class="scrub" />
            </pattern>
            <pattern id="pat-riverbed" width="14" height="12" patternUnits="userSpaceOnUse">
                <rect width="14" height="12" class="t-riverbed-bg" />
                <circle cx="4" cy="4" r="1.8" class="pebble" />
                <circle cx="10" cy="9" r="1.5" class="pebble" />
            </pattern>
            <pattern id="pat-town" width="12" height="12" patternUnits="userSpaceOnUse">
                <rect width="12" height="12" class="t-town-bg" />
                <rect x="1" y="1" width="4.5" height="4.5" class="house" />
                <rect x="7" y="6.5" width="4.5" height="4.5" class="house" />
            </pattern>
            <pattern id="pat-camp" width="16" height="16" patternUnits="userSpaceOnUse">
                <rect width="16" height="16" class="t-camp-bg" />
                <path d="M3,12 l4,-7 l4,7 z" class="tent" />
            </pattern>
            // A camp tower (CG 12.11): a crenellated keep on the camp's ground.
            <pattern id="pat-tower" width="16" height="16" patternUnits="userSpaceOnUse">
                <rect width="16" height="16" class="t-tower-bg" />
                <path d="M3,14 v-9 h2 v-2 h2 v2 h2 v-2 h2 v2 h2 v9 z" class="keep" />
            </pattern>
            // The city (CG 12.21): blocks of crowded houses with lanes between, a paved square,
            // a stepped temple spire, a pillared palace hall.
            <pattern id="pat-block" width="14" height="14" patternUnits="userSpaceOnUse">
                <rect width="14" height="14" class="t-block-bg" />
                <rect x="0.5" y="0.5" width="6" height="5" class="roof" />
                <rect x="8" y="0.5" width="5.5" height="6.5" class="roof" />
                <rect x="0.5" y="7" width="5" height="6.5" class="roof" />
                <rect x="7" y="8.5" width="6.5" height="5" class="roof" />
            </pattern>
            <pattern id="pat-square" width="10" height="10" patternUnits="userSpaceOnUse">
                <rect width="10" height="10" class="t-square-bg" />
                <path d="M0,0.5 h10 M0.5,0 v10" class="paving" />
            </pattern>
            <pattern id="pat-temple" width="22" height="22" patternUnits="userSpaceOnUse">
                <rect width="22" height="22" class="t-temple-bg" />
                <path d="M4,19 h14 v-3 h-2 v-3 h-2 l-3,-9 l-3,9 h-2 v3 h-2 z" class="shrine" />
            </pattern>
            <pattern id="pat-palace" width="22" height="22" patternUnits="userSpaceOnUse">
                <rect width="22" height="22" class="t-palace-bg" />
                <path d="M2,8 l9,-5 l9,5 z M3,18 h16 v2 h-16 z M4,9 h2 v9 h-2 z M10,9 h2 v9 h-2 z M16,9 h2 v9 h-2 z" class="hall" />
            </pattern>
            <pattern id="pat-water" width="24" height="12" patternUnits="userSpaceOnUse">
                <rect width="24" height="12" class="t-water-bg" />
                <path d="M2,7 q4,-4 8,0 t8,0" class="wave" />
            </pattern>
        </defs>
    }
}

/// The city's streets (CG 12.23, 12.24): a lane from hex centre to hex centre across each
/// hexside the street crosses, the main street (the elephants' way) wider. A street hex entered
/// any other way costs as a block, so the lane, not the hex, is what a player needs to see.
fn city_streets(map: &sarissa_rules::scenario::Map) -> Html {
    let Some(city) = &map.city else { return html! {} };
    let lanes = |steps: &mut dyn Iterator<Item = &(sarissa_rules::HexId, sarissa_rules::HexId)>| {
        let mut d = String::new();
        for &(a, b) in steps {
            let ((x1, y1), (x2, y2)) = (center(a), center(b));
            d.push_str(&format!("M{x1:.1},{y1:.1}L{x2:.1},{y2:.1}"));
        }
        d
    };
    let side = lanes(&mut city.streets.iter().filter(|s| !city.main_street.contains(s)));
    let main = lanes(&mut city.main_street.iter());
    html! {
        <g class="city-streets">
            <path class="street" d={side} data-streets={city.streets.len().to_string()} />
            <path class="street main" d={main} data-streets={city.main_street.len().to_string()} />
        </g>
    }
}

/// Appends the outline of `hex` to an SVG path: its six corners, closed.
fn push_hex_path(d: &mut String, hex: sarissa_rules::HexId) {
    d.push('M');
    d.push_str(&hex_points(hex, R).replace(' ', "L"));
    d.push('Z');
}

/// Hexes drawn in one task on the map's first paint: a slice of the largest battle (Issus, 2,640
/// hexes) stays well inside the 50 ms budget at 4× CPU throttle (issue 19; slices of 450 took
/// up to 80 ms on a quiet machine).
const HEXES_PER_SLICE: usize = 200;

/// How many slices the map's hexes are drawn in.
fn slices(map: &sarissa_rules::scenario::Map) -> usize {
    map.hexes().count().div_ceil(HEXES_PER_SLICE).max(1)
}

/// How many of `stages` are drawn: one more in each task after the first, until all are.
#[hook]
pub fn use_first_paint_stages(stages: usize) -> usize {
    let drawn = use_state(|| 1);
    {
        let drawn = drawn.clone();
        use_effect_with(*drawn, move |&now| {
            let next = (now < stages).then(|| gloo::timers::callback::Timeout::new(0, move || drawn.set(now + 1)));
            move || drop(next)
        });
    }
    *drawn
}

#[derive(Properties, Clone)]
struct HexSliceProps {
    scenario: Arc<Scenario>,
    /// Which slice of the map's hexes, in the map's order.
    slice: usize,
    /// Their ids rather than the hexes themselves.
    ids: bool,
}

impl PartialEq for HexSliceProps {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.scenario, &other.scenario) && self.slice == other.slice && self.ids == other.ids
    }
}

/// One slice of the map's hexes (or of their ids), drawn once.
#[function_component(HexSlice)]
fn hex_slice(props: &HexSliceProps) -> Html {
    let map = &props.scenario.map;
    let hexes = map.hexes().skip(props.slice * HEXES_PER_SLICE).take(HEXES_PER_SLICE);
    if props.ids {
        return hex_numbers(hexes);
    }
    html! { <>{ for hexes.map(|hex| {
        let t = map.terrain(hex).unwrap_or(Terrain::Clear);
        let level = map.elevation(hex).unwrap_or(0);
        // House B7: under the rule the battle's woods are dense, drawn darker and thicker.
        let class = if dense_woods::is_dense(&props.scenario, hex) { DENSE_WOODS_CLASS } else { terrain_class(t) };
        html! {
            <polygon class={classes!("hex", class, format!("lvl-{}", level.min(6)))}
                points={hex_points(hex, R)} data-hex={hex.to_string()} />
        }
    }) }</> }
}

/// The numbers of `hexes` as one path (digits.rs: a `<text>` each was laid out one by one, 250-450
/// ms at 4× each time the numbers were shown or hidden), each written above its hex's centre where
/// the text stood.
fn hex_numbers(hexes: impl Iterator<Item = sarissa_rules::HexId>) -> Html {
    let (mut d, mut count) = (String::with_capacity(HEXES_PER_SLICE * 1200), 0);
    for hex in hexes {
        let (x, y) = center(hex);
        let round = |v: f64| (v * 10.0).round() / 10.0;
        push_number(&mut d, &hex.to_string(), round(x), round(y - R * 0.58));
        count += 1;
    }
    html! { <path class="hex-id" {d} data-hexes={count.to_string()} /> }
}

#[function_component(TerrainLayer)]
pub fn terrain_layer(props: &TerrainLayerProps) -> Html {
    let map = &props.scenario.map;
    // Drawn a slice at a time, each in a task of its own after the one that starts the app and
    // draws the screen (issue 19): the hexes first, then what lies over them (drawn once: each
    // slice draws this component again, not it), then the hexes' ids (hidden until the map is
    // zoomed in).
    let n = slices(map);
    let stages = use_first_paint_stages(2 * n + 1) - 1;
    let hex_slices = (0..n).take(stages).map(|k| {
        html! { <HexSlice key={k} scenario={props.scenario.clone()} slice={k} ids=false /> }
    });
    let id_slices = (0..n).take(stages.saturating_sub(n)).map(|k| {
        html! { <HexSlice key={k} scenario={props.scenario.clone()} slice={k} ids=true /> }
    });
    html! {
        <g class="terrain-layer">
            <Patterns />
            <g class="hexes">{ for hex_slices }</g>
            if stages >= n {
                <OverHexes scenario={props.scenario.clone()} />
            }
            // Shown near in as one group (styles.css); a reading aid for the eye, kept from
            // screen readers, which hear a hex from the keyboard cursor's readout. A path a
            // slice, laid out as it is drawn and only repainted when shown or hidden.
            <g class="hex-ids" aria-hidden="true">{ for id_slices }</g>
        </g>
    }
}

/// The terrain patterns' definitions, drawn once.
#[function_component(Patterns)]
fn patterns_view() -> Html {
    patterns()
}

/// What is drawn over the hexes: the city's streets, elevation tints and contours, and hexside
/// features.
#[function_component(OverHexes)]
fn over_hexes(props: &TerrainLayerProps) -> Html {
    let map = &props.scenario.map;
    // Elevation: a tint per level on top of the terrain, and a contour on every hexside
    // between different levels (heavier where the change is two levels or more).
    let mut contour = Vec::new();
    let mut cliff = Vec::new();
    for hex in map.hexes() {
        let here = map.elevation(hex).unwrap_or(0);
        for side in [Hexside::NE, Hexside::N, Hexside::SE] {
            let Some(other) = hex.neighbour(side).filter(|h| map.contains(*h)) else {
                continue;
            };
            let there = map.elevation(other).unwrap_or(0);
            match here.abs_diff(there) {
                0 => {}
                1 => contour.push((hex, other)),
                _ => cliff.push((hex, other)),
            }
        }
    }
    // One path a level, not a polygon a hex (issue 19: 2,517 of Issus's 2,640 hexes stand above
    // level 0, and their polygons made this drawing's task the longest of opening the battle).
    // Hexes do not overlap, so the tint is the same.
    let mut levels = vec![String::new(); 6];
    for hex in map.hexes() {
        let level = map.elevation(hex).unwrap_or(0).min(6);
        if level > 0 {
            push_hex_path(&mut levels[level as usize - 1], hex);
        }
    }
    let tints = levels.into_iter().enumerate().filter(|(_, d)| !d.is_empty()).map(|(k, d)| {
        html! { <path class={classes!("elev", format!("elev-{}", k + 1))} {d} /> }
    });

    let features = HexsideFeature::ALL.iter().filter_map(|&f| {
        let pairs: Vec<_> = map.hexsides.iter().filter(|e| e.feature == f).map(|e| (e.a, e.b)).collect();
        (!pairs.is_empty()).then(|| {
            html! {
                <path class={classes!("hexside", feature_class(f))} d={hexsides_path(pairs.into_iter())}
                    data-feature={f.key()} />
            }
        })
    });

    html! {
        <>
            { city_streets(map) }
            <g class="elevation">{ for tints }</g>
            <path class="contour" d={hexsides_path(contour.into_iter())} />
            <path class="contour cliff" d={hexsides_path(cliff.into_iter())} />
            <g class="hexsides">{ for features }</g>
        </>
    }
}
