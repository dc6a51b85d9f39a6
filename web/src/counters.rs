//! Counters of our own design: a rectangle whose front edge (the dark band and notch) points at
//! the vertex the unit faces (GBA 7.11), a type symbol, name, size / TQ / MA, missile letter.
//! Two-hex units span both their hexes. Leaders are discs.

use crate::geometry::{center, R};
use sarissa_rules::units::{Leader, LeaderRole, Placement, Unit, UnitType};
use sarissa_rules::Scenario;
use std::rc::Rc;
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

/// Screen rotation (degrees, clockwise) that turns a counter's top edge toward its vertex.
fn rotation(unit: &Unit) -> f64 {
    90.0 - unit.facing.index() as f64 * 60.0
}

fn anchor(unit: &Unit) -> (f64, f64, f64) {
    match unit.placement {
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

/// "10·7·4/5": size, troop quality and movement allowance as printed on the counter.
pub fn ratings_line(unit: &Unit) -> String {
    let ma = match unit.ma_extended {
        Some(ext) => format!("{}/{}", unit.ma, ext),
        None => unit.ma.to_string(),
    };
    format!("{}·{}·{}", unit.size, unit.tq, ma)
}

fn unit_counter(unit: &Unit, selected: bool) -> Html {
    let (x, y, width) = anchor(unit);
    let rot = rotation(unit);
    let half = width / 2.0;
    let d2 = DEPTH / 2.0;
    // Keep the writing the right way up on counters facing down the screen; the band and notch
    // still mark the front.
    let upside_down = rot.abs() > 90.0;
    let content_transform = if upside_down { "rotate(180)" } else { "" };
    let two_hex = unit.placement.is_two_hex();
    let name_size = if two_hex { 10.5 } else { 8.2 };
    html! {
        <g class={classes!("counter", "unit", side_class(unit.side), selected.then_some("selected"))}
            data-unit={unit.id.clone()}
            transform={format!("translate({x:.1},{y:.1}) rotate({rot})")}>
            <rect class="body" x={format!("{:.1}", -half)} y={format!("{:.1}", -d2)}
                width={format!("{width:.1}")} height={format!("{DEPTH:.1}")} rx="3" />
            <rect class="front" x={format!("{:.1}", -half)} y={format!("{:.1}", -d2)}
                width={format!("{width:.1}")} height="5" rx="2" />
            <path class="notch" d={format!("M-5,{:.1} L0,{:.1} L5,{:.1} Z", -d2, -d2 - 6.0, -d2)} />
            <g transform={content_transform}>
                <text class="name" y={if upside_down { "-4" } else { "-6" }} font-size={name_size.to_string()}>{ unit.name.clone() }</text>
                <g transform={format!("translate({:.1},5.5)", if two_hex { -22.0 } else { -9.0 })}>{ type_symbol(unit.kind) }</g>
                <text class="type" x={if two_hex { "-6" } else { "8" }} y="9">{ unit.type_label() }</text>
                if two_hex {
                    <text class="ratings" x="22" y="9">{ ratings_line(unit) }</text>
                } else {
                    <text class="ratings" y="18.5">{ ratings_line(unit) }</text>
                }
                if let Some(m) = unit.missile {
                    <g transform={format!("translate({:.1},{:.1})", half - 7.5, if upside_down { 13.5 } else { -11.0 })}>
                        <circle class="missile" r="5.5" />
                        <text class="missile-letter" y="2.6">{ m.letter() }</text>
                    </g>
                }
            </g>
        </g>
    }
}

/// Leaders sit in the upper-left of their hex so a unit beneath stays readable.
fn leader_counter(leader: &Leader, selected: bool) -> Html {
    let (x, y) = center(leader.at);
    let (x, y) = (x - R * 0.42, y - R * 0.42);
    let rating = match leader.initiative {
        Some(i) => i.to_string(),
        None => "C".to_string(),
    };
    let short: String = leader.name.chars().take(7).collect();
    html! {
        <g class={classes!("counter", "leader", side_class(leader.side),
                (leader.role == LeaderRole::Overall).then_some("overall"), selected.then_some("selected"))}
            data-leader={leader.id.clone()} transform={format!("translate({x:.1},{y:.1})")}>
            <circle class="disc" r="13" />
            <text class="leader-name" y="-2">{ short }</text>
            <text class="leader-rating" y="8">{ format!("{}{}", rating, if leader.line_command { "L" } else { "" }) }</text>
        </g>
    }
}

#[derive(Properties, Clone)]
pub struct CountersLayerProps {
    pub scenario: Rc<Scenario>,
    pub selected: Option<sarissa_rules::HexId>,
}

impl PartialEq for CountersLayerProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenario, &other.scenario) && self.selected == other.selected
    }
}

#[function_component(CountersLayer)]
pub fn counters_layer(props: &CountersLayerProps) -> Html {
    let s = &props.scenario;
    let sel = props.selected;
    let units = s.units.iter().map(|u| {
        let selected = sel.is_some_and(|h| u.placement.hexes().any(|x| x == h));
        html! { <g key={u.id.clone()}>{ unit_counter(u, selected) }</g> }
    });
    let leaders = s.leaders.iter().map(|l| {
        html! { <g key={l.id.clone()}>{ leader_counter(l, sel == Some(l.at)) }</g> }
    });
    html! {
        <g class="counters-layer">
            <g class="units">{ for units }</g>
            <g class="leaders">{ for leaders }</g>
        </g>
    }
}
