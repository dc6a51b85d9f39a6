//! A battle file's units: ratings, arms, placement and facing, the foot side of a chariot.

use super::*;

pub(super) fn read_unit(
    ctx: &mut Ctx,
    value: &Value,
    side: SideIndex,
    map: Option<&Map>,
    rules: Option<RuleSet>,
    ids: &mut IdRegistry,
    starts: &mut Starts,
) -> Option<Unit> {
    let mut f = Fields::of(ctx, value, "unit")?;
    let span = value.span();
    let id = f.claimed_id(ctx, ids, "unit");
    let what = f.what.clone();
    let name = f.string(ctx, "name", true);
    let kind = f.string(ctx, "type", true).and_then(|field| parse_type(ctx, &what, field));
    let class_field = f.string(ctx, "class", false);
    let size = f.int(ctx, "size", 1..=20, true).map(|n| n as u8);
    let tq = f.int(ctx, "tq", 1..=9, true).map(|n| n as u8);
    let ma = f.int(ctx, "ma", 1..=12, true).map(|n| n as u8);
    let ma_extended = f.int(ctx, "ma_extended", 1..=12, false).map(|n| n as u8);
    let missile_field = f.string(ctx, "missile", false);
    let at = f.string(ctx, "at", true);
    // Its markers at the start of a position (docs/scenario-format.md); a column faces a hexside.
    let (start, start_spans) = read_unit_start(ctx, &mut f);
    let facing = f.string(ctx, "facing", true).and_then(|field| parse_facing(ctx, &what, field, start.column));
    let origin = f.string(ctx, "origin", false).map(|(s, _)| s);
    let tag_fields = f.strings(ctx, "tags", false);
    let tags = parse_tags(ctx, &what, tag_fields);
    let grade = f.string(ctx, "grade", false).and_then(|field| parse_grade(ctx, &what, field, rules));
    // CG 4.62: a Sreni or Tribal unit names its guild or tribe, so that its own chief orders it.
    let guild = f.string(ctx, "guild", false).map(|(s, span)| {
        if !matches!(grade, Some(Grade::Sreni | Grade::Tribal)) {
            ctx.error(span, format!("{what}: `guild` names the guild or tribe of a sreni or tribal unit (CG 4.62)"));
        }
        s
    });
    let bow_field = f.bool(ctx, "bow");
    let engine = f.string(ctx, "engine", false).and_then(|field| parse_engine(ctx, &what, field));
    let immovable = f.bool(ctx, "immovable").unwrap_or(false);
    let dismounted_field = f.value(ctx, "dismounted", false);
    f.finish(ctx);
    let kind = kind?;
    let bow = bow_field.unwrap_or(false);
    check_special_arms(ctx, &span, &what, kind, rules, (engine, immovable, bow));

    let class = class_field.and_then(|field| parse_class(ctx, &what, kind, field));
    // CG 10.5: an engine shoots its own bolts and stones; its missile letter may be left out.
    let missile_field = missile_field.or_else(|| engine.map(|_| ("B".to_string(), span.clone())));
    let missile = missile_field.and_then(|field| parse_missile(ctx, &what, field));

    // Ratings that the rules make impossible.
    check_size(ctx, &span, &what, kind, size);
    check_augmented_ma(ctx, &span, &what, kind, ma, ma_extended);
    check_arms(ctx, &span, &what, kind, class, missile);

    let placement = at.and_then(|field| read_placement(ctx, &what, field, map, (kind, class), (facing, start.column)));
    if let (Some(p), Some(map)) = (&placement, map) {
        for hex in p.hexes() {
            if map.terrain(hex).is_some_and(Terrain::is_impassable) {
                ctx.error(span.clone(), format!("{what}: hex {hex} is sea or lake, where no unit may stand"));
            }
        }
    }

    let mut unit = Unit {
        id: id?.0,
        name: name?.0,
        side,
        kind,
        class,
        size: size?,
        tq: tq?,
        ma: ma?,
        ma_extended,
        missile,
        placement: placement?,
        facing: facing?,
        origin,
        tags,
        grade,
        guild,
        bow,
        engine,
        immovable,
        dismounted: None,
    };
    if let Some(value) = dismounted_field {
        unit.dismounted = read_foot_side(ctx, value, &unit, rules);
    }
    if start != UnitStart::default() {
        starts.units.push((unit.id.clone(), start, start_spans));
    }
    Some(unit)
}

/// A unit's `facing`: a vertex, or for a unit In Column a hexside (GBA 6.63).
fn parse_facing(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>), column: bool) -> Option<Vertex> {
    if column {
        // GBA 6.63: a column faces a hexside, stored as the vertex of the same index (`Heading`).
        let h = Hexside::parse(&s);
        if h.is_none() {
            ctx.error(span, format!("{what}: a unit In Column faces a hexside: N, NE, SE, S, SW or NW (GBA 6.63)"));
        }
        return h.map(|h| Vertex::from_index(h.index()));
    }
    let v = Vertex::parse(&s);
    if v.is_none() {
        ctx.error(span, format!("{what}: facing `{s}` must be a vertex: E, NE, NW, W, SW or SE"));
    }
    v
}

/// A unit's `tags`, each one the engine knows.
fn parse_tags(ctx: &mut Ctx, what: &str, tags: Vec<(String, Range<usize>)>) -> Vec<UnitTag> {
    tags.into_iter()
        .filter_map(|(s, span)| {
            let t = UnitTag::parse(&s);
            if t.is_none() {
                let known: Vec<_> = UnitTag::ALL.iter().map(|t| t.key()).collect();
                ctx.error(span, format!("{what}: unknown tag `{s}` (known: {})", known.join(", ")));
            }
            t
        })
        .collect()
}

/// An Indian unit's `grade` (CG 2.22), which only the Chandragupta rules know.
fn parse_grade(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>), rules: Option<RuleSet>) -> Option<Grade> {
    let g = Grade::parse(&s);
    if g.is_none() {
        ctx.error(span.clone(), format!("{what}: grade `{s}` must be maula, bharta, sreni or tribal"));
    } else if rules == Some(RuleSet::Alexander) {
        ctx.error(span, format!("{what}: Indian grades belong to the chandragupta rules (CG 2.22)"));
    }
    g
}

/// A Chandragupta engine's kind (CG 10.5).
fn parse_engine(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>)) -> Option<Engine> {
    let e = Engine::parse(&s);
    if e.is_none() {
        ctx.error(span, format!("{what}: engine `{s}` must be yantra, jamadagnya or sarvatobhadra (CG 10.5)"));
    }
    e
}

/// The arms only some units carry: an engine (CG 10.5), an immovable Jamadagnya (CG 10.54), an
/// elephant's bow (CG G52).
fn check_special_arms(
    ctx: &mut Ctx,
    span: &Range<usize>,
    what: &str,
    kind: UnitType,
    rules: Option<RuleSet>,
    (engine, immovable, bow): (Option<Engine>, bool, bool),
) {
    // CG 10.5: a Chandragupta artillery unit names its engine; nothing else has one.
    match (kind, engine, rules) {
        (UnitType::AT, None, Some(RuleSet::Chandragupta)) => ctx.error(
            span.clone(),
            format!("{what}: Chandragupta artillery names its `engine`: yantra, jamadagnya or sarvatobhadra (CG 10.5)"),
        ),
        (UnitType::AT, Some(_), Some(RuleSet::Chandragupta)) | (_, None, _) => {}
        (_, Some(_), _) => {
            ctx.error(span.clone(), format!("{what}: `engine` belongs to Chandragupta artillery (type AT, CG 10.5)"))
        }
    }
    if immovable && engine != Some(Engine::Jamadagnya) {
        ctx.error(span.clone(), format!("{what}: only a Jamadagnya may be `immovable` (CG 10.54)"));
    }
    // CG G52: only a Chandragupta elephant may carry the real bow of a "J/A" counter.
    if bow && (kind != UnitType::EL || rules == Some(RuleSet::Alexander)) {
        ctx.error(
            span.clone(),
            format!("{what}: `bow` marks a Chandragupta \"J/A\" elephant (CG G52); this unit cannot have it"),
        );
    }
}

/// Only a phalanx has an augmented MA, and it must be the larger (GBA 6.46).
fn check_augmented_ma(
    ctx: &mut Ctx,
    span: &Range<usize>,
    what: &str,
    kind: UnitType,
    ma: Option<u8>,
    ma_extended: Option<u8>,
) {
    match (kind, ma, ma_extended) {
        (UnitType::PH, _, None) => {
            ctx.error(span.clone(), format!("{what}: a phalanx needs `ma_extended`, its augmented MA (GBA 6.46)"));
        }
        (UnitType::PH, Some(ma), Some(ext)) if ext <= ma => {
            ctx.error(span.clone(), format!("{what}: ma_extended {ext} must be greater than ma {ma} (GBA 6.46)"));
        }
        (UnitType::PH, _, _) | (_, _, None) => {}
        (_, _, Some(_)) => {
            ctx.error(span.clone(), format!("{what}: only phalanxes have `ma_extended` (GBA 6.46)"));
        }
    }
}

/// Where a unit stands: one hex, or two adjacent hexes for the two-hex types (GBA 6.41), its
/// facing fitting the placement (GBA 6.63, 7.11).
fn read_placement(
    ctx: &mut Ctx,
    what: &str,
    (s, at_span): (String, Range<usize>),
    map: Option<&Map>,
    (kind, class): (UnitType, Option<UnitClass>),
    (facing, column): (Option<Vertex>, bool),
) -> Option<Placement> {
    let two_hex_type = is_two_hex_type(kind, class);
    if let Some((a, b)) = s.split_once('-') {
        let a = parse_hex(ctx, a, at_span.clone(), map, what);
        let b = parse_hex(ctx, b, at_span.clone(), map, what);
        let (a, b) = (a?, b?);
        if !two_hex_type {
            ctx.error(
                at_span,
                format!(
                    "{what}: only PH, HI/HO and LP/CA are two-hex units (GBA 6.41); a {} stands in one hex",
                    Unit::label_of(kind, class)
                ),
            );
            return None;
        }
        let Some(side) = a.side_towards(b) else {
            ctx.error(at_span, format!("{what}: the two halves {a} and {b} are not adjacent"));
            return None;
        };
        if let (Some(facing), true) = (facing, column) {
            // GBA 6.63: a two-hex column faces along its length, out of either end.
            // The same test as `movement::is_column_pose`, which this layer may not call.
            if facing.index() % 3 != side.index() % 3 {
                let ends = [side, Hexside::from_index(side.index() + 3)];
                ctx.error(
                    at_span.clone(),
                    format!(
                        "{what}: a two-hex column at {a}-{b} faces along its length: {} or {} (GBA 6.63)",
                        ends[0].name(),
                        ends[1].name()
                    ),
                );
            }
        } else if let Some(facing) = facing {
            let allowed = Vertex::perpendicular_to(side);
            if !allowed.contains(&facing) {
                ctx.error(
                    at_span.clone(),
                    format!(
                        "{what}: a two-hex unit at {a}-{b} faces across its long edge: {} or {}, not {} (GBA 7.11)",
                        allowed[0].name(),
                        allowed[1].name(),
                        facing.name()
                    ),
                );
            }
        }
        Some(Placement::Two(a, b))
    } else {
        let hex = parse_hex(ctx, &s, at_span.clone(), map, what)?;
        if two_hex_type && kind != UnitType::HI {
            ctx.error(
                at_span,
                format!(
                    "{what}: a {} is a two-hex unit (GBA 6.41): give `at` as \"HEX-HEX\"",
                    Unit::label_of(kind, class)
                ),
            );
            return None;
        }
        if two_hex_type {
            ctx.error(
                at_span,
                format!(
                    "{what}: HI/HO hoplites are two-hex units (GBA 6.41): give `at` as \"HEX-HEX\", or use class HY"
                ),
            );
            return None;
        }
        Some(Placement::One(hex))
    }
}

/// A chariot's foot side, `dismounted = { type = "LI", ... }` (CG 10.28, 2.21): only an Indian
/// chariot (one with a grade) under the Chandragupta rules has one, and it shows a one-hex foot
/// unit. Size and TQ left out are the mounted side's; the missile, the one its class implies,
/// else the mounted side's (the crew keep their bows); its type and MA must be given.
pub(super) fn read_foot_side(ctx: &mut Ctx, value: &Value, mounted: &Unit, rules: Option<RuleSet>) -> Option<FootSide> {
    let what = format!("unit `{}`: its foot side (`dismounted`)", mounted.id);
    let mut f = Fields::of(ctx, value, what.clone())?;
    let span = value.span();
    let kind = f.string(ctx, "type", true).and_then(|field| parse_type(ctx, &what, field));
    let class_field = f.string(ctx, "class", false);
    let size = f.int(ctx, "size", 1..=20, false).map(|n| n as u8).unwrap_or(mounted.size);
    let tq = f.int(ctx, "tq", 1..=9, false).map(|n| n as u8).unwrap_or(mounted.tq);
    let ma = f.int(ctx, "ma", 1..=12, true).map(|n| n as u8);
    let missile_field = f.string(ctx, "missile", false);
    f.finish(ctx);
    if rules != Some(RuleSet::Chandragupta) {
        ctx.error(span.clone(), format!("{what}: chariots dismount only under the chandragupta rules (CG 10.28)"));
    }
    if !matches!(mounted.kind, UnitType::CH | UnitType::ChStar) || mounted.grade.is_none() {
        ctx.error(
            span.clone(),
            format!("{what}: only an Indian chariot (type CH or CH* with a grade) has a foot side (CG 10.28)"),
        );
    }
    let kind = kind?;
    let class = class_field.and_then(|field| parse_class(ctx, &what, kind, field));
    let foot = !kind.is_cavalry() && !matches!(kind, UnitType::EL | UnitType::CH | UnitType::ChStar | UnitType::AT);
    if !foot || is_two_hex_type(kind, class) {
        ctx.error(
            span.clone(),
            format!("{what}: the crew fight as a one-hex foot unit (CG 10.28), not {}", Unit::label_of(kind, class)),
        );
    }
    let missile = match missile_field {
        Some(field) => parse_missile(ctx, &what, field),
        None => class.and_then(UnitClass::implied_missile).or(mounted.missile),
    };
    check_size(ctx, &span, &what, kind, Some(size));
    check_arms(ctx, &span, &what, kind, class, missile);
    Some(FootSide { kind, class, size, tq, ma: ma?, missile })
}

/// A unit's `type`.
pub(super) fn parse_type(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>)) -> Option<UnitType> {
    let t = UnitType::parse(&s);
    if t.is_none() {
        let known: Vec<_> = UnitType::ALL.iter().map(|t| t.code()).collect();
        ctx.error(span, format!("{what}: unknown type `{s}` (known: {})", known.join(" ")));
    }
    t
}

/// A unit's `class`, one its type allows.
pub(super) fn parse_class(
    ctx: &mut Ctx,
    what: &str,
    kind: UnitType,
    (s, span): (String, Range<usize>),
) -> Option<UnitClass> {
    let c = UnitClass::parse(&s).filter(|c| kind.allowed_classes().contains(c));
    if c.is_none() {
        let allowed: Vec<_> = kind.allowed_classes().iter().map(|c| c.code()).collect();
        let hint = if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") };
        ctx.error(span, format!("{what}: class `{s}` is not a class of {} (allowed: {hint})", kind.code()));
    }
    c
}

/// A unit's `missile` letter.
pub(super) fn parse_missile(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>)) -> Option<Missile> {
    let m = Missile::parse(&s);
    if m.is_none() {
        ctx.error(span, format!("{what}: missile `{s}` must be J, A, A*, S or B"));
    }
    m
}

/// The size the rules allow a type (GBA 2.5).
pub(super) fn check_size(ctx: &mut Ctx, span: &Range<usize>, what: &str, kind: UnitType, size: Option<u8>) {
    if let Some(size) = size {
        if kind.is_foot_skirmisher() && size != 1 {
            ctx.error(span.clone(), format!("{what}: foot skirmishers always have size 1 (GBA 2.5), not {size}"));
        }
    }
}

/// The missile letter against what the type and class carry (GBA 2.21, 2.4).
pub(super) fn check_arms(
    ctx: &mut Ctx,
    span: &Range<usize>,
    what: &str,
    kind: UnitType,
    class: Option<UnitClass>,
    missile: Option<Missile>,
) {
    if kind == UnitType::LN && missile.is_some() {
        ctx.error(span.clone(), format!("{what}: lancers carry no missiles (GBA 2.4)"));
    }
    let implied = class.and_then(UnitClass::implied_missile);
    let needs_missile = kind.always_missile() || implied.is_some();
    if needs_missile && missile.is_none() {
        ctx.error(span.clone(), format!("{what}: a {} unit needs a `missile` letter", Unit::label_of(kind, class)));
    }
    if let (Some(implied), Some(m)) = (implied, missile) {
        let compatible = implied == m || (implied == Missile::Arrow && m == Missile::LongBow);
        if !compatible {
            ctx.error(
                span.clone(),
                format!(
                    "{what}: class {} fights with {}, but missile is {}",
                    class.map_or("", |c| c.code()),
                    implied.letter(),
                    m.letter()
                ),
            );
        }
    }
}

/// The two-hex types (GBA 6.41).
pub(super) fn is_two_hex_type(kind: UnitType, class: Option<UnitClass>) -> bool {
    matches!(
        (kind, class),
        (UnitType::PH, _) | (UnitType::HI, Some(UnitClass::HO)) | (UnitType::LP, Some(UnitClass::CA))
    )
}

impl Unit {
    pub(super) fn label_of(kind: UnitType, class: Option<UnitClass>) -> String {
        LineType::of(kind, class).label()
    }
}
