//! A battle file's sides and leaders, and the checks across the whole army: stacking, restrictions,
//! contingents, the chain of command.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn read_side(
    ctx: &mut Ctx,
    value: &Value,
    index: SideIndex,
    map: Option<&Map>,
    rules: Option<RuleSet>,
    ids: &mut IdRegistry,
    units: &mut Vec<Unit>,
    leaders: &mut Vec<Leader>,
    starts: &mut Starts,
) -> Option<Side> {
    let mut f = Fields::of(ctx, value, format!("side {}", index + 1))?;
    let id = f.string(ctx, "id", true);
    if let Some((id, span)) = &id {
        if !valid_id(id) {
            ctx.error(span.clone(), format!("side id `{id}` may only use lower-case letters, digits and '-'"));
        }
        f.what = format!("side `{id}`");
    }
    let name = f.string(ctx, "name", true);
    let edge = f.string(ctx, "retreat_edge", true).and_then(|(s, span)| {
        let e = Edge::parse(&s);
        if e.is_none() {
            ctx.error(span, format!("retreat_edge `{s}` must be north, south, east or west"));
        }
        e
    });
    let withdrawal_level = f.int(ctx, "withdrawal_level", 1..=999, true).map(|n| n as u16);
    let macedonian = f.bool(ctx, "macedonian").unwrap_or(false);
    let indian = f.bool(ctx, "indian").unwrap_or(false);
    // House rule B2 (P335): a barbarian army.
    let barbarian = f.bool(ctx, "barbarian").unwrap_or(false);
    if indian && rules == Some(RuleSet::Chandragupta) {
        let span = f.get("indian").map_or(f.span.clone(), |v| v.span());
        ctx.error(span, format!("{}: `indian` marks Porus's army in the alexander rules; Chandragupta marks Indian units by `grade` (CG 2.22)", f.what));
    }
    let line_command = f
        .strings(ctx, "line_command", false)
        .into_iter()
        .filter_map(|(s, span)| parse_line_type(ctx, &s, span, "line_command", rules))
        .collect();
    let flight_value = f.get("flight_levels");
    let unit_items = f.array(ctx, "units", true).unwrap_or(&[]);
    let leader_items = f.array(ctx, "leaders", true).unwrap_or(&[]);
    let side_what = f.what.clone();
    let side_span = f.span.clone();
    f.finish(ctx);

    for item in unit_items {
        if let Some(u) = read_unit(ctx, item, index, map, rules, ids, starts) {
            units.push(u);
        }
    }
    let flight_levels = flight_value.map(|v| read_flight_levels(ctx, v, &side_what, index, rules, units));
    let mut overall = 0;
    for item in leader_items {
        if let Some(l) = read_leader(ctx, item, index, map, rules, indian, ids, starts) {
            overall += usize::from(l.role == LeaderRole::Overall);
            leaders.push(l);
        }
    }
    // CG 4.41: some Indian armies have more than one overall commander.
    let several = rules == Some(RuleSet::Chandragupta);
    if overall == 0 || (overall > 1 && !several) {
        let wanted = if several { "at least one" } else { "exactly one" };
        ctx.error(
            side_span,
            format!("{side_what} must have {wanted} leader with role = \"overall\"; it has {overall}"),
        );
    }
    Some(Side {
        id: id?.0,
        name: name?.0,
        retreat_edge: edge?,
        withdrawal_level: withdrawal_level?,
        macedonian,
        indian,
        barbarian,
        line_command,
        flight_levels: flight_levels.unwrap_or_default(),
    })
}

/// CG 11.42: `flight_levels = { <guild or tribe> = N }` on a side; each names a guild or tribe
/// of that side's Sreni or Tribal units.
pub(super) fn read_flight_levels(
    ctx: &mut Ctx,
    value: &Value,
    what: &str,
    side: SideIndex,
    rules: Option<RuleSet>,
    units: &[Unit],
) -> BTreeMap<String, u8> {
    let mut out = BTreeMap::new();
    let DeValue::Table(t) = value.get_ref() else {
        ctx.error(value.span(), format!("{what}: `flight_levels` must be a table of guild or tribe = level"));
        return out;
    };
    if rules != Some(RuleSet::Chandragupta) {
        ctx.error(value.span(), format!("{what}: `flight_levels` is a Chandragupta rule (CG 11.42)"));
    }
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        let banded = units.iter().any(|u| {
            u.side == side && u.guild.as_deref() == Some(key) && matches!(u.grade, Some(Grade::Sreni | Grade::Tribal))
        });
        if !banded {
            ctx.error(k.span(), format!("{what}: no sreni or tribal unit of this side belongs to `{key}` (CG 11.42)"));
        }
        let level = match v.get_ref() {
            DeValue::Integer(i) => parse_integer(i.as_str(), i.radix()).filter(|n| (0..=99).contains(n)),
            _ => None,
        };
        match level {
            Some(n) => {
                out.insert(key.to_string(), n as u8);
            }
            None => ctx.error(v.span(), format!("{what}: flight level of `{key}` must be a whole number from 0 to 99")),
        }
    }
    out
}

pub(super) fn parse_line_type(
    ctx: &mut Ctx,
    s: &str,
    span: Range<usize>,
    key: &str,
    rules: Option<RuleSet>,
) -> Option<LineType> {
    let parsed = LineType::parse(s);
    match parsed {
        None => ctx.error(
            span,
            format!(
                "`{key}` entry `{s}` is not a unit type or TYPE/CLASS (e.g. HC, PH/MA, LC/A; CG also EL+LI, CH+LI)"
            ),
        ),
        // CG 4.33: Combined lines are Chandragupta's.
        Some(t) if t.combined && rules != Some(RuleSet::Chandragupta) => ctx.error(
            span,
            format!("`{key}` entry `{s}`: Combined EL/LI and CH/LI lines are Chandragupta rules (CG 4.33)"),
        ),
        Some(_) => {}
    }
    parsed
}

#[allow(clippy::too_many_arguments)]
pub(super) fn read_leader(
    ctx: &mut Ctx,
    value: &Value,
    side: SideIndex,
    map: Option<&Map>,
    rules: Option<RuleSet>,
    indian: bool,
    ids: &mut IdRegistry,
    starts: &mut Starts,
) -> Option<Leader> {
    let mut f = Fields::of(ctx, value, "leader")?;
    let span = value.span();
    let id = f.claimed_id(ctx, ids, "leader");
    let what = f.what.clone();
    let name = f.string(ctx, "name", true);
    let role = f.string(ctx, "role", true).and_then(|(s, span)| {
        let r = LeaderRole::parse(&s);
        if r.is_none() {
            ctx.error(
                span,
                format!("{what}: role `{s}` must be overall, wing, subordinate, nayaka, guild-chief or tribal-chief"),
            );
        } else if r.is_some_and(LeaderRole::indian_only) && rules == Some(RuleSet::Alexander) {
            ctx.error(span, format!("{what}: role `{s}` belongs to the chandragupta rules (CG 4.4)"));
        }
        r
    });
    let cg = rules == Some(RuleSet::Chandragupta);
    let contingent = f.bool(ctx, "contingent").unwrap_or(false);
    if contingent && cg {
        ctx.error(span.clone(), format!("{what}: Chandragupta has no contingent commanders (CG 4.1, D5)"));
    }
    let initiative = f.int(ctx, "initiative", 1..=9, !contingent).map(|n| n as u8);
    if contingent && f.get("initiative").is_some() {
        ctx.error(span.clone(), format!("{what}: a contingent commander has \"C\" instead of an initiative (GBA 5.6)"));
    }
    // P112: `contingent_units` with an initiative: a contingent commander when 5.6 is on, an
    // ordinary leader with that initiative when it is off.
    let contingent_units: Vec<String> = f.strings(ctx, "contingent_units", false).into_iter().map(|(s, _)| s).collect();
    if cg && !contingent && !contingent_units.is_empty() {
        ctx.error(span.clone(), format!("{what}: Chandragupta has no contingent commanders (CG 4.1, D5)"));
    }
    if contingent && contingent_units.is_empty() {
        ctx.error(span.clone(), format!("{what}: a contingent commander needs `contingent_units` (GBA 5.6)"));
    }
    let command_range = f.int(ctx, "command_range", 1..=12, true).map(|n| n as u8);
    let charisma = f.int(ctx, "charisma", 0..=6, true).map(|n| n as u8);
    // GBA 2.25, 9.23: Indian leaders have no Personal Combat rating.
    let pc_required = rules == Some(RuleSet::Alexander) && !indian;
    if indian && f.get("personal_combat").is_some() {
        ctx.error(span.clone(), format!("{what}: Indian leaders have no Personal Combat rating (GBA 2.25, 9.23)"));
    }
    let personal_combat = f.int(ctx, "personal_combat", 0..=9, pc_required).map(|n| n as u8);
    if personal_combat.is_some() && cg {
        ctx.error(span.clone(), format!("{what}: Chandragupta leaders have no personal combat rating (CG 4.1, D5)"));
    }
    // CG 4.53: a Nayaka's counter names the lines he commands; he has Line Command for them.
    let nayaka = role == Some(LeaderRole::Nayaka);
    let line_command = f.bool(ctx, "line_command").unwrap_or(nayaka);
    let line_types: Vec<LineType> = f
        .strings(ctx, "line_types", false)
        .into_iter()
        .filter_map(|(s, span)| parse_line_type(ctx, &s, span, "line_types", rules))
        .collect();
    if !line_command && !line_types.is_empty() {
        ctx.error(
            span.clone(),
            format!("{what}: `line_types` restricts Line Commands, so it needs `line_command = true` (GBA 4.37)"),
        );
    }
    let strategy = f.int(ctx, "strategy", 0..=9, false).map(|n| n as u8);
    // CG 4.54[3]: a wing commander rolls his strategy for each extra Nayaka, L or not.
    if strategy.is_some() && !line_command && role != Some(LeaderRole::Wing) {
        ctx.error(span.clone(), format!("{what}: a strategy rating is for leaders with Line Command (GBA 4.1, 4.34)"));
    }
    if nayaka && line_types.is_empty() {
        ctx.error(span.clone(), format!("{what}: a nayaka needs `line_types`, the lines on his counter (CG 4.53)"));
    }
    let elite = f.bool(ctx, "elite").unwrap_or(false);
    let darius_the_target = f.bool(ctx, "darius_the_target").unwrap_or(false);
    if elite && cg {
        ctx.error(span.clone(), format!("{what}: Chandragupta has no elite commanders (CG 4.1, D5)"));
    }
    let wing = f.string(ctx, "wing", nayaka).map(|(s, _)| s);
    if wing.is_some() && !nayaka {
        ctx.error(span.clone(), format!("{what}: only a nayaka names his `wing` commander (CG 4.51)"));
    }
    let chief = role.is_some_and(LeaderRole::is_chief);
    let guild = f.string(ctx, "guild", chief).map(|(s, _)| s);
    if guild.is_some() && !chief {
        ctx.error(span.clone(), format!("{what}: only a guild or tribal chief names a `guild` (CG 4.62)"));
    }
    // CG 6.16: an Indian leader may ride an elephant or a chariot all game (D6).
    let rides = f.string(ctx, "rides", false).and_then(|(s, rides_span)| {
        let kind = UnitType::parse(&s).filter(|k| matches!(k, UnitType::EL | UnitType::CH | UnitType::ChStar));
        if kind.is_none() {
            ctx.error(rides_span.clone(), format!("{what}: `rides` is EL, CH or CH* (CG 6.16)"));
        }
        if !cg {
            ctx.error(rides_span, format!("{what}: `rides` is a Chandragupta rule (CG 6.16)"));
        }
        kind
    });
    let title = f.string(ctx, "title", false).map(|(s, _)| s);
    let at = f.string(ctx, "at", true).and_then(|(s, at_span)| {
        let hex = parse_hex(ctx, &s, at_span.clone(), map, &what)?;
        if map.and_then(|m| m.terrain(hex)).is_some_and(Terrain::is_impassable) {
            ctx.error(at_span, format!("{what}: hex {hex} is sea or lake"));
        }
        Some(hex)
    });
    let (start, start_spans) = read_leader_start(ctx, &mut f);
    f.finish(ctx);
    if let (Some((id, _)), true) = (&id, start != LeaderStart::default()) {
        starts.leaders.push((id.clone(), start, start_spans));
    }
    Some(Leader {
        id: id?.0,
        name: name?.0,
        side,
        role: role?,
        initiative,
        contingent_units,
        command_range: command_range?,
        charisma: charisma?,
        personal_combat,
        line_command,
        line_types,
        strategy,
        elite,
        title,
        at: at?,
        darius_the_target,
        wing,
        guild,
        rides,
    })
}

/// One combat unit (or half of a two-hex unit) per hex at set-up (GBA 6.91); in CG an engine
/// may share its hex with one single-hex foot unit of its side (6.71(3)), and two Tribal LI of
/// one tribe may share a hex outside a city or stronghold, faced alike (CG 6.73, CG 6.75, CG 10.74).
pub(super) fn check_stacking(
    ctx: &mut Ctx,
    map: &Map,
    rules: Option<RuleSet>,
    units: &[Unit],
    ids: &IdRegistry,
    starts: &Starts,
) {
    let mut occupants: FxHashMap<HexId, Vec<&Unit>> = FxHashMap::default();
    // An eliminated unit of a position is off the map.
    let gone: FxHashSet<&str> =
        starts.units.iter().filter(|(_, s, _)| s.eliminated).map(|(id, _, _)| id.as_str()).collect();
    for u in units.iter().filter(|u| !gone.contains(u.id.as_str())) {
        for hex in u.placement.hexes() {
            let here = occupants.entry(hex).or_default();
            here.push(u);
            if let Some(reason) = stack_refusal(map, rules, hex, here) {
                ctx.error(ids.span(&u.id), format!("unit `{}`: {reason}", u.id));
            }
        }
    }
}

/// Why the units set up in `hex` may not share it, if they may not.
pub(super) fn stack_refusal(map: &Map, rules: Option<RuleSet>, hex: HexId, here: &[&Unit]) -> Option<String> {
    let [a, b] = here else {
        return (here.len() > 1).then(|| {
            format!(
                "hex {hex} is already occupied by `{}`; combat units do not stack (GBA 6.91; CG 6.71(3): an \
                 engine with one single-hex foot unit; CG 6.73: two Tribal LI of one tribe; no more)",
                here[0].id
            )
        });
    };
    use crate::charts::stacking::engine_may_stack_with as engine;
    if engine(a, b) || engine(b, a) {
        return None;
    }
    let tribal_pair = rules.is_some_and(|r| crate::charts::stacking::tribal_may_stack(r, a, b));
    if !tribal_pair {
        return Some(format!(
            "hex {hex} is already occupied by `{}`; combat units do not stack (GBA 6.91; CG 6.71(3): only an \
             engine with one single-hex foot unit of its side; CG 6.73: two Tribal LI of the same tribe)",
            a.id
        ));
    }
    if !crate::charts::stacking::tribal_ground_allows(map, hex) {
        return Some(format!(
            "hex {hex} is in a city or a stronghold, where Tribal units do not stack (CG 6.73, 10.74)"
        ));
    }
    (a.facing != b.facing).then(|| {
        format!("it shares hex {hex} with `{}` and must face the same way, {} (CG 6.75)", a.id, a.facing.name())
    })
}

/// A special rule's closed ground names sides and leaders that exist (P151).
pub(super) fn check_restrictions(ctx: &mut Ctx, meta: &Meta, sides: &[Side], leaders: &[Leader]) {
    for r in &meta.special_rules {
        for n in &r.no_entry {
            if !sides.iter().any(|s| s.id == n.side) {
                ctx.error(0..0, format!("special rule `{}`: no_entry names no side `{}`", r.id, n.side));
            }
            for l in &n.leaders {
                if !leaders.iter().any(|x| &x.id == l) {
                    ctx.error(0..0, format!("special rule `{}`: no_entry names no leader `{l}`", r.id));
                }
            }
        }
    }
}

/// A contingent commander's units exist, are on his side, and are listed once, under one
/// commander; and his side is Macedonian (GBA 5.6).
pub(super) fn check_contingents(ctx: &mut Ctx, sides: &[Side], units: &[Unit], leaders: &[Leader], ids: &IdRegistry) {
    let mut owner: FxHashMap<&str, &str> = FxHashMap::default();
    for l in leaders {
        if !l.contingent_units.is_empty() && sides.get(l.side).is_some_and(|s| !s.macedonian) {
            ctx.error(
                ids.span(&l.id),
                format!("leader `{}`: contingent commanders are Macedonian (GBA 5.6); his side is not", l.id),
            );
        }
        for uid in &l.contingent_units {
            if let Some(other) = owner.insert(uid, &l.id) {
                let twice = if other == l.id { "twice".to_string() } else { format!("also under `{other}`") };
                ctx.error(ids.span(&l.id), format!("leader `{}`: contingent unit `{uid}` is listed {twice}", l.id));
            }
            match units.iter().find(|u| &u.id == uid) {
                None => {
                    ctx.error(ids.span(&l.id), format!("leader `{}`: contingent unit `{uid}` does not exist", l.id))
                }
                Some(u) if u.side != l.side => ctx.error(
                    ids.span(&l.id),
                    format!("leader `{}`: contingent unit `{uid}` belongs to the other side", l.id),
                ),
                Some(_) => {}
            }
        }
    }
}

/// The Mauryan chain of command holds together (CG 4.51, 4.62): each Nayaka's wing is a wing
/// commander (or an overall commander who also leads a wing) of his own side, and each chief's
/// guild or tribe has units on his side.
pub(super) fn check_command_structure(ctx: &mut Ctx, units: &[Unit], leaders: &[Leader], ids: &IdRegistry) {
    for l in leaders {
        if let Some(wing) = &l.wing {
            let ok = leaders
                .iter()
                .any(|w| &w.id == wing && w.side == l.side && matches!(w.role, LeaderRole::Wing | LeaderRole::Overall));
            if !ok {
                ctx.error(
                    ids.span(&l.id),
                    format!(
                        "leader `{}`: wing `{wing}` is not a wing commander (or overall commander) of his side (CG 4.51)",
                        l.id
                    ),
                );
            }
        }
        if let Some(guild) = &l.guild {
            if !units.iter().any(|u| u.side == l.side && u.guild.as_ref() == Some(guild)) {
                ctx.error(
                    ids.span(&l.id),
                    format!("leader `{}`: no unit of his side belongs to guild or tribe `{guild}` (CG 4.62)", l.id),
                );
            }
        }
        // CG 6.16: he rides what he starts the game stacked with.
        if let Some(kind) = l.rides {
            let chariot = |k: UnitType| matches!(k, UnitType::CH | UnitType::ChStar);
            let carried = units.iter().any(|u| {
                u.side == l.side
                    && (u.kind == kind || (chariot(u.kind) && chariot(kind)))
                    && u.placement.hexes().any(|h| h == l.at)
            });
            if !carried {
                ctx.error(
                    ids.span(&l.id),
                    format!(
                        "leader `{}`: a rider starts the game stacked with a {} of his side (CG 6.16)",
                        l.id,
                        kind.code()
                    ),
                );
            }
        }
    }
}

// ---- Starting from a position (docs/scenario-format.md) ----------------------------------------
