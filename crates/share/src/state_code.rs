//! The units and leaders of a game state in a few bytes each, as changes from the battle's setup:
//! what a `p2.` position link carries for the part of the state that is most of it.
//!
//! A byte for each unit names which of its parts differ from the setup (0: none): where it
//! stands, its facing, its hits, its markers, its missile supply, its move under orders, the
//! units it has fired at. Then come the parts, part by part for every unit that changed it.
//! Leaders likewise. Every field of [`UnitState`] and [`LeaderState`] is written: the
//! destructuring in `unit_markers` and `leader_markers` fails to compile when one is added.

use crate::bytes::{Reader, Writer};
use crate::ShareError;
use rustc_hash::FxHashMap;
use sarissa_rules::game::{LeaderState, LeaderStatus, Supply, UnitState};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::{HexId, Hexside, Scenario, Vertex};

// A unit's parts.
const PLACEMENT: u8 = 1;
const FACING: u8 = 2;
const HITS: u8 = 4;
const MARKERS: u8 = 8;
const SUPPLY: u8 = 16;
const ORDER: u8 = 32;
const VOLLEYS: u8 = 64;

// A leader's parts.
const AT: u8 = 1;
const STATUS: u8 = 2;
const COUNTS: u8 = 4;
const RALLIES: u8 = 8;

/// An absent placement where a placement's kind byte would be.
const NO_PLACEMENT: u8 = 255;

/// The battle's units and leaders by id, to write a name as its place in the list.
pub struct Names<'a> {
    scenario: &'a Scenario,
    units: FxHashMap<&'a str, usize>,
    leaders: FxHashMap<&'a str, usize>,
}

impl<'a> Names<'a> {
    pub fn new(scenario: &'a Scenario) -> Self {
        let mut units = FxHashMap::default();
        for (i, u) in scenario.units.iter().enumerate() {
            units.entry(u.id.as_str()).or_insert(i);
        }
        let mut leaders = FxHashMap::default();
        for (i, l) in scenario.leaders.iter().enumerate() {
            leaders.entry(l.id.as_str()).or_insert(i);
        }
        Self { scenario, units, leaders }
    }

    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.get(id).copied()
    }

    pub fn leader(&self, id: &str) -> Option<usize> {
        self.leaders.get(id).copied()
    }

    pub fn unit_id(&self, i: u64) -> Result<&'a str, ShareError> {
        let unit = usize::try_from(i).ok().and_then(|i| self.scenario.units.get(i));
        Ok(unit.ok_or(ShareError::DamagedLink)?.id.as_str())
    }

    pub fn leader_id(&self, i: u64) -> Result<&'a str, ShareError> {
        let leader = usize::try_from(i).ok().and_then(|i| self.scenario.leaders.get(i));
        Ok(leader.ok_or(ShareError::DamagedLink)?.id.as_str())
    }

    /// A list of unit ids: each its place + 1, or 0 and the text for a name not of the battle.
    fn write_units(&self, w: &mut Writer, ids: &[String]) {
        w.varint(ids.len() as u64);
        for id in ids {
            match self.unit(id) {
                Some(i) => w.varint(i as u64 + 1),
                None => {
                    w.byte(0);
                    w.text(id);
                }
            }
        }
    }

    fn read_units(&self, r: &mut Reader) -> Result<Vec<String>, ShareError> {
        let n = r.count()?;
        (0..n)
            .map(|_| match r.varint()? {
                0 => r.text(),
                i => Ok(self.unit_id(i - 1)?.to_string()),
            })
            .collect()
    }
}

fn write_hex(w: &mut Writer, h: HexId) {
    w.byte(h.col);
    w.byte(h.row);
}

fn read_hex(r: &mut Reader) -> Result<HexId, ShareError> {
    Ok(HexId::new(r.byte()?, r.byte()?))
}

/// A hex told from another: the differences of their columns and rows, each a byte.
fn write_hex_from(w: &mut Writer, from: HexId, h: HexId) {
    w.byte(h.col.wrapping_sub(from.col));
    w.byte(h.row.wrapping_sub(from.row));
}

fn hex_from(from: HexId, col: u8, row: u8) -> HexId {
    HexId::new(from.col.wrapping_add(col), from.row.wrapping_add(row))
}

fn first_hex(p: &Placement) -> HexId {
    match *p {
        Placement::One(a) | Placement::Two(a, _) => a,
    }
}

/// A placement's kind: 0 one hex; 1 + the hexside of its second half from its first; 7 two
/// hexes not side by side (then the second is written after).
fn placement_kind(p: &Placement) -> u8 {
    match *p {
        Placement::One(_) => 0,
        Placement::Two(a, b) => a.side_towards(b).map_or(7, |side| 1 + side.index() as u8),
    }
}

fn placement_of_kind(r: &mut Reader, kind: u8, a: HexId) -> Result<Placement, ShareError> {
    Ok(match kind {
        0 => Placement::One(a),
        1..=6 => Placement::Two(a, a.neighbour(Hexside::from_index(kind as usize - 1)).ok_or(ShareError::DamagedLink)?),
        7 => Placement::Two(a, read_hex(r)?),
        _ => return Err(ShareError::DamagedLink),
    })
}

/// A placement alone: its kind, its first hex, its second if the kind says so.
fn write_placement(w: &mut Writer, p: &Placement) {
    w.byte(placement_kind(p));
    write_hex(w, first_hex(p));
    if let (7, Placement::Two(_, b)) = (placement_kind(p), p) {
        write_hex(w, *b);
    }
}

fn read_placement_of_kind(r: &mut Reader, kind: u8) -> Result<Placement, ShareError> {
    let a = read_hex(r)?;
    placement_of_kind(r, kind, a)
}

fn supply_code(s: Supply) -> u8 {
    match s {
        Supply::Full => 0,
        Supply::Low => 1,
        Supply::No => 2,
    }
}

fn supply(code: u8) -> Result<Supply, ShareError> {
    [Supply::Full, Supply::Low, Supply::No].get(code as usize).copied().ok_or(ShareError::DamagedLink)
}

/// Flags as the bits of a number, the first the lowest.
fn bits(flags: &[bool]) -> u64 {
    flags.iter().enumerate().fold(0, |n, (i, &f)| n | (u64::from(f) << i))
}

fn flags<const N: usize>(n: u64) -> Result<[bool; N], ShareError> {
    if n >> N != 0 {
        return Err(ShareError::DamagedLink);
    }
    Ok(std::array::from_fn(|i| n >> i & 1 == 1))
}

/// A unit's markers as the bits of a number. It names every field of [`UnitState`], so that a
/// field added there does not compile until this encoding knows it.
fn unit_markers(u: &UnitState) -> u64 {
    let UnitState {
        placement: _,
        facing: _,
        hits: _,
        moved,
        eliminated,
        routed,
        rallied,
        reacted,
        supply: _,
        screen_supply: _,
        fired,
        artillery_shots: _,
        engine,
        order_start: _,
        order_mp: _,
        order_hexes: _,
        may_move_on,
        withdrawal_volleys: _,
        entry_volleys: _,
        column,
        column_at_start,
        withdrew_alone,
        zoc_at_orders_start,
        engaged,
        rampaging,
        square,
        dismounted,
        all_round,
    } = *u;
    bits(&[
        moved,
        eliminated,
        routed,
        column,
        column_at_start,
        reacted,
        fired,
        rallied,
        engine,
        may_move_on,
        withdrew_alone,
        zoc_at_orders_start,
        engaged,
        rampaging,
        square,
        dismounted,
        all_round,
    ])
}

fn set_unit_markers(u: &mut UnitState, n: u64) -> Result<(), ShareError> {
    [
        u.moved,
        u.eliminated,
        u.routed,
        u.column,
        u.column_at_start,
        u.reacted,
        u.fired,
        u.rallied,
        u.engine,
        u.may_move_on,
        u.withdrew_alone,
        u.zoc_at_orders_start,
        u.engaged,
        u.rampaging,
        u.square,
        u.dismounted,
        u.all_round,
    ] = flags(n)?;
    Ok(())
}

/// Which of a unit's parts differ from the setup's.
fn unit_parts(was: &UnitState, now: &UnitState) -> u8 {
    let order = |u: &UnitState| (u.order_start, u.order_mp, u.order_hexes, u.artillery_shots);
    [
        (now.placement != was.placement, PLACEMENT),
        (now.facing != was.facing, FACING),
        (now.hits != was.hits, HITS),
        (unit_markers(now) != unit_markers(was), MARKERS),
        ((now.supply, now.screen_supply) != (was.supply, was.screen_supply), SUPPLY),
        (order(now) != order(was), ORDER),
        ((&now.withdrawal_volleys, &now.entry_volleys) != (&was.withdrawal_volleys, &was.entry_volleys), VOLLEYS),
    ]
    .into_iter()
    .filter(|(differs, _)| *differs)
    .fold(0, |parts, (_, part)| parts | part)
}

/// The items whose parts have `part`, with what they were at the setup.
fn changed<'s, T>(setup: &'s [T], now: &'s [T], parts: &'s [u8], part: u8) -> impl Iterator<Item = (&'s T, &'s T)> {
    setup.iter().zip(now).zip(parts).filter(move |(_, p)| *p & part != 0).map(|(pair, _)| pair)
}

/// The items whose parts have `part`, to change (they hold the setup's values until then).
fn to_change<'s, T>(items: &'s mut [T], parts: &'s [u8], part: u8) -> impl Iterator<Item = &'s mut T> {
    items.iter_mut().zip(parts).filter(move |(_, p)| *p & part != 0).map(|(item, _)| item)
}

/// Writes `units` as changes from `setup`, index by index (the same length: the caller's): each
/// unit's parts that changed, then each part of every unit that has it changed, part by part, as
/// like values together deflate best. Where a unit stands is told from where it was set up
/// (the kinds of its placement, the columns, then the rows), its facing as a turn from then.
pub fn write_units(w: &mut Writer, names: &Names, setup: &[UnitState], units: &[UnitState]) {
    let parts: Vec<u8> = setup.iter().zip(units).map(|(was, u)| unit_parts(was, u)).collect();
    w.bytes.extend_from_slice(&parts);
    let changed = |part| changed(setup, units, &parts, part);
    w.bytes.extend(changed(PLACEMENT).map(|(_, u)| placement_kind(&u.placement)));
    let moves: Vec<_> =
        changed(PLACEMENT).map(|(was, u)| (first_hex(&was.placement), first_hex(&u.placement))).collect();
    w.bytes.extend(moves.iter().map(|(from, to)| to.col.wrapping_sub(from.col)));
    w.bytes.extend(moves.iter().map(|(from, to)| to.row.wrapping_sub(from.row)));
    for (_, u) in changed(PLACEMENT) {
        if let (7, Placement::Two(_, b)) = (placement_kind(&u.placement), u.placement) {
            write_hex(w, b);
        }
    }
    w.bytes.extend(changed(FACING).map(|(was, u)| ((u.facing.index() + 6 - was.facing.index()) % 6) as u8));
    w.bytes.extend(changed(HITS).map(|(_, u)| u.hits));
    for (_, u) in changed(MARKERS) {
        w.varint(unit_markers(u));
    }
    w.bytes.extend(changed(SUPPLY).map(|(_, u)| supply_code(u.supply) + 3 * supply_code(u.screen_supply)));
    for (_, u) in changed(ORDER) {
        match &u.order_start {
            None => w.byte(NO_PLACEMENT),
            Some(p) => write_placement(w, p),
        }
        w.bytes.extend_from_slice(&[u.order_mp, u.order_hexes, u.artillery_shots]);
    }
    for (_, u) in changed(VOLLEYS) {
        names.write_units(w, &u.withdrawal_volleys);
        names.write_units(w, &u.entry_volleys);
    }
}

/// Changes `units` (the setup's) as [`write_units`] wrote.
pub fn read_units(r: &mut Reader, names: &Names, units: &mut [UnitState]) -> Result<(), ShareError> {
    let parts = r.take(units.len())?;
    if parts.iter().any(|p| p & !(PLACEMENT | FACING | HITS | MARKERS | SUPPLY | ORDER | VOLLEYS) != 0) {
        return Err(ShareError::DamagedLink);
    }
    let moved = parts.iter().filter(|p| *p & PLACEMENT != 0).count();
    let (kinds, cols, rows) = (r.take(moved)?, r.take(moved)?, r.take(moved)?);
    for (i, u) in to_change(units, parts, PLACEMENT).enumerate() {
        let a = hex_from(first_hex(&u.placement), cols[i], rows[i]);
        u.placement = placement_of_kind(r, kinds[i], a)?;
    }
    for u in to_change(units, parts, FACING) {
        let turn = r.byte()?;
        if turn > 5 {
            return Err(ShareError::DamagedLink);
        }
        u.facing = Vertex::from_index(u.facing.index() + turn as usize);
    }
    for u in to_change(units, parts, HITS) {
        u.hits = r.byte()?;
    }
    for u in to_change(units, parts, MARKERS) {
        set_unit_markers(u, r.varint()?)?;
    }
    for u in to_change(units, parts, SUPPLY) {
        let code = r.byte()?;
        (u.supply, u.screen_supply) = (supply(code % 3)?, supply(code / 3)?);
    }
    for u in to_change(units, parts, ORDER) {
        u.order_start = match r.byte()? {
            NO_PLACEMENT => None,
            kind => Some(read_placement_of_kind(r, kind)?),
        };
        let b = r.take(3)?;
        (u.order_mp, u.order_hexes, u.artillery_shots) = (b[0], b[1], b[2]);
    }
    for u in to_change(units, parts, VOLLEYS) {
        u.withdrawal_volleys = names.read_units(r)?;
        u.entry_volleys = names.read_units(r)?;
    }
    Ok(())
}

const STATUSES: [LeaderStatus; 4] =
    [LeaderStatus::Inactive, LeaderStatus::Active, LeaderStatus::Finished, LeaderStatus::Eliminated];

/// A leader's status and markers as the bits of a number, naming every field of [`LeaderState`].
fn leader_markers(l: &LeaderState) -> u64 {
    let LeaderState {
        at: _,
        status,
        fled,
        succession: _,
        no_momentum,
        was_in_enemy_zoc,
        mp_used: _,
        used_line_command,
        moved_by_overall,
        must_activate,
        rallies_tried: _,
        wounds: _,
        elite_phases: _,
        in_elite_phase,
        passed,
        restricted,
    } = *l;
    let status = STATUSES.iter().position(|s| *s == status).unwrap_or(0) as u64;
    status
        | bits(&[
            fled,
            no_momentum,
            was_in_enemy_zoc,
            used_line_command,
            moved_by_overall,
            must_activate,
            in_elite_phase,
            passed,
            restricted,
        ]) << 2
}

fn set_leader_markers(l: &mut LeaderState, n: u64) -> Result<(), ShareError> {
    l.status = STATUSES[(n & 3) as usize];
    [
        l.fled,
        l.no_momentum,
        l.was_in_enemy_zoc,
        l.used_line_command,
        l.moved_by_overall,
        l.must_activate,
        l.in_elite_phase,
        l.passed,
        l.restricted,
    ] = flags(n >> 2)?;
    Ok(())
}

fn leader_counts(l: &LeaderState) -> [u8; 4] {
    [l.succession, l.mp_used, l.wounds, l.elite_phases]
}

fn leader_parts(was: &LeaderState, l: &LeaderState) -> u8 {
    [
        (l.at != was.at, AT),
        (leader_markers(l) != leader_markers(was), STATUS),
        (leader_counts(l) != leader_counts(was), COUNTS),
        (l.rallies_tried != was.rallies_tried, RALLIES),
    ]
    .into_iter()
    .filter(|(differs, _)| *differs)
    .fold(0, |parts, (_, part)| parts | part)
}

/// Writes `leaders` as changes from `setup`, index by index, part by part as [`write_units`].
pub fn write_leaders(w: &mut Writer, names: &Names, setup: &[LeaderState], leaders: &[LeaderState]) {
    let parts: Vec<u8> = setup.iter().zip(leaders).map(|(was, l)| leader_parts(was, l)).collect();
    w.bytes.extend_from_slice(&parts);
    let changed = |part| changed(setup, leaders, &parts, part);
    for (was, l) in changed(AT) {
        write_hex_from(w, was.at, l.at);
    }
    for (_, l) in changed(STATUS) {
        w.varint(leader_markers(l));
    }
    for (_, l) in changed(COUNTS) {
        w.bytes.extend_from_slice(&leader_counts(l));
    }
    for (_, l) in changed(RALLIES) {
        names.write_units(w, &l.rallies_tried);
    }
}

/// Changes `leaders` (the setup's) as [`write_leaders`] wrote.
pub fn read_leaders(r: &mut Reader, names: &Names, leaders: &mut [LeaderState]) -> Result<(), ShareError> {
    let parts = r.take(leaders.len())?;
    if parts.iter().any(|p| p & !(AT | STATUS | COUNTS | RALLIES) != 0) {
        return Err(ShareError::DamagedLink);
    }
    for l in to_change(leaders, parts, AT) {
        let b = r.take(2)?;
        l.at = hex_from(l.at, b[0], b[1]);
    }
    for l in to_change(leaders, parts, STATUS) {
        set_leader_markers(l, r.varint()?)?;
    }
    for l in to_change(leaders, parts, COUNTS) {
        let b = r.take(4)?;
        (l.succession, l.mp_used, l.wounds, l.elite_phases) = (b[0], b[1], b[2], b[3]);
    }
    for l in to_change(leaders, parts, RALLIES) {
        l.rallies_tried = names.read_units(r)?;
    }
    Ok(())
}
