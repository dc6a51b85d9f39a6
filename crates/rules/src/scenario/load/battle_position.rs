//! A battle file's `[position]`: a battle set up mid-play, with each unit's and leader's markers.

use super::*;

/// Which key of an entry set which marker, for messages at that key's line.
pub(super) type KeySpans = Vec<(&'static str, Range<usize>)>;

/// The markers read from the unit and leader entries, checked once every unit is known.
#[derive(Default)]
pub(super) struct Starts {
    pub(super) units: Vec<(String, UnitStart, KeySpans)>,
    pub(super) leaders: Vec<(String, LeaderStart, KeySpans)>,
}

/// `[position]`: the turn and phase the battle starts in.
pub(super) struct PositionHead {
    pub(super) turn: u16,
    pub(super) phase: StartPhase,
}

pub(super) fn read_position(ctx: &mut Ctx, value: &Value) -> Option<PositionHead> {
    let mut f = Fields::of(ctx, value, "[position]")?;
    let turn = f.int(ctx, "turn", 1..=99, true).map(|n| n as u16);
    let phase = match f.string(ctx, "phase", false) {
        None => Some(StartPhase::TurnStart),
        Some((s, span)) => {
            let p = StartPhase::parse(&s);
            if p.is_none() {
                ctx.error(span, format!("[position]: phase `{s}` must be turn-start or activation"));
            }
            p
        }
    };
    f.finish(ctx);
    Some(PositionHead { turn: turn?, phase: phase? })
}

pub(super) fn span_of(spans: &KeySpans, key: &str) -> Range<usize> {
    spans.iter().find(|(k, _)| *k == key).map_or(0..0, |(_, s)| s.clone())
}

/// A `true` marker key, remembering where it was written.
pub(super) fn flag(ctx: &mut Ctx, f: &mut Fields, key: &'static str, spans: &mut KeySpans) -> bool {
    let on = f.bool(ctx, key).unwrap_or(false);
    if on {
        spans.push((key, f.get(key).map_or(0..0, |v| v.span())));
    }
    on
}

/// A missile supply key: "full", "low" or "no" (GBA 8.17).
pub(super) fn supply(ctx: &mut Ctx, f: &mut Fields, key: &'static str, spans: &mut KeySpans) -> Supply {
    let Some((s, span)) = f.string(ctx, key, false) else {
        return Supply::Full;
    };
    let supply = match s.as_str() {
        "full" => Supply::Full,
        "low" => Supply::Low,
        "no" => Supply::No,
        _ => {
            ctx.error(span, format!("{}: `{key}` `{s}` must be full, low or no (GBA 8.17)", f.what));
            return Supply::Full;
        }
    };
    if supply != Supply::Full {
        spans.push((key, span));
    }
    supply
}

pub(super) fn read_unit_start(ctx: &mut Ctx, f: &mut Fields) -> (UnitStart, KeySpans) {
    let mut spans = KeySpans::new();
    let hits = f.int(ctx, "hits", 0..=9, false).unwrap_or(0) as u8;
    if hits > 0 {
        spans.push(("hits", f.get("hits").map_or(0..0, |v| v.span())));
    }
    let start = UnitStart {
        hits,
        routed: flag(ctx, f, "routed", &mut spans),
        rallied: flag(ctx, f, "rallied", &mut spans),
        moved: flag(ctx, f, "moved", &mut spans),
        column: flag(ctx, f, "column", &mut spans),
        square: flag(ctx, f, "square", &mut spans),
        missiles: supply(ctx, f, "missiles", &mut spans),
        screen_missiles: supply(ctx, f, "screen_missiles", &mut spans),
        engaged: flag(ctx, f, "engaged", &mut spans),
        on_foot: flag(ctx, f, "on_foot", &mut spans),
        eliminated: flag(ctx, f, "eliminated", &mut spans),
    };
    (start, spans)
}

pub(super) fn read_leader_start(ctx: &mut Ctx, f: &mut Fields) -> (LeaderStart, KeySpans) {
    let mut spans = KeySpans::new();
    let wounds = f.int(ctx, "wounds", 0..=2, false).unwrap_or(0) as u8;
    if wounds > 0 {
        spans.push(("wounds", f.get("wounds").map_or(0..0, |v| v.span())));
    }
    let start = LeaderStart {
        finished: flag(ctx, f, "finished", &mut spans),
        killed: flag(ctx, f, "killed", &mut spans),
        captured: flag(ctx, f, "captured", &mut spans),
        wounds,
    };
    (start, spans)
}

/// The position as a whole: markers the rules make impossible, alone or together, are errors at
/// the key that sets them. `None` when the file sets up no position.
pub(super) fn check_position(
    ctx: &mut Ctx,
    meta: &Meta,
    units: &[Unit],
    leaders: &[Leader],
    head: Option<PositionHead>,
    starts: Starts,
) -> Option<Position> {
    if head.is_none() && starts.units.is_empty() && starts.leaders.is_empty() {
        return None;
    }
    let (turn, phase) = head.map_or((1, StartPhase::TurnStart), |h| (h.turn, h.phase));
    let gone: FxHashSet<&str> =
        starts.units.iter().filter(|(_, s, _)| s.eliminated).map(|(id, _, _)| id.as_str()).collect();
    let check = PositionCheck {
        meta,
        hooks: crate::scenario::rule_set::hooks(meta.rules),
        units,
        gone,
        mid_turn: phase == StartPhase::Activation,
    };
    for (id, st, spans) in &starts.units {
        if let Some(unit) = units.iter().find(|u| &u.id == id) {
            check.unit_start(ctx, unit, st, spans);
        }
    }
    for (id, st, spans) in &starts.leaders {
        if let Some(leader) = leaders.iter().find(|l| &l.id == id) {
            check.leader_start(ctx, leader, st, spans);
        }
    }
    Some(Position {
        turn,
        phase,
        units: starts.units.into_iter().map(|(id, st, _)| (id, st)).collect(),
        leaders: starts.leaders.into_iter().map(|(id, st, _)| (id, st)).collect(),
    })
}

/// What every marker's check needs to know about the battle beyond its own entry.
struct PositionCheck<'a> {
    meta: &'a Meta,
    hooks: &'static crate::scenario::rule_set::RuleHooks,
    units: &'a [Unit],
    /// The units marked eliminated: off the map, so nobody is beside them.
    gone: FxHashSet<&'a str>,
    /// The position starts in an activation, not at a turn's start.
    mid_turn: bool,
}

impl PositionCheck<'_> {
    fn unit_start(&self, ctx: &mut Ctx, unit: &Unit, st: &UnitStart, spans: &KeySpans) {
        let what = format!("unit `{}`", unit.id);
        if st.eliminated {
            for (key, span) in spans.iter().filter(|(k, _)| *k != "eliminated") {
                ctx.error(span.clone(), format!("{what}: an eliminated unit is off the map; it carries no `{key}`"));
            }
            return;
        }
        let shown = self.side_shown(ctx, unit, st, spans, &what);
        if st.routed {
            routed_markers(ctx, st, spans, &what);
        } else {
            hits_below_tq(ctx, &shown, st, spans, &what);
        }
        self.formation(ctx, &shown, st, spans, &what);
        supplies(ctx, &shown, st, spans, &what);
        if st.engaged && !st.routed {
            self.engaged(ctx, unit, spans, &what);
        }
        if !self.mid_turn {
            for key in ["moved", "rallied"] {
                if spans.iter().any(|(k, _)| *k == key) {
                    mid_turn_only(ctx, &what, key, span_of(spans, key));
                }
            }
        }
    }

    /// CG 10.28: with its crew on foot, the counter's foot side is what every check reads.
    fn side_shown(&self, ctx: &mut Ctx, unit: &Unit, st: &UnitStart, spans: &KeySpans, what: &str) -> Unit {
        match (st.on_foot, unit.foot_side()) {
            (true, Some(foot)) if self.hooks.dismount => foot,
            (true, _) => {
                ctx.error(
                    span_of(spans, "on_foot"),
                    format!(
                        "{what}: only an Indian chariot with a foot side (`dismounted = {{ ... }}`) has its crew on \
                         foot (CG 10.28)"
                    ),
                );
                unit.clone()
            }
            (false, _) => unit.clone(),
        }
    }

    /// In Column (GBA 6.6, CG 6.5) and Square (CG 10.62; P292 in Alexander battles).
    fn formation(&self, ctx: &mut Ctx, shown: &Unit, st: &UnitStart, spans: &KeySpans, what: &str) {
        let label = shown.type_label();
        if st.column && !st.routed {
            if !self.hooks.column.allows(shown) {
                let rule = if self.meta.rules == RuleSet::Chandragupta { "CG 6.5, 6.51" } else { "GBA 6.6" };
                ctx.error(span_of(spans, "column"), format!("{what}: a {label} is never In Column ({rule})"));
            }
            if st.square {
                ctx.error(span_of(spans, "square"), format!("{what}: a column does not form Square (CG 10.62)"));
            }
        }
        let hoplite = shown.kind == UnitType::HI && shown.class == Some(UnitClass::HO) && shown.size == 10;
        if st.square && !(self.hooks.square.is_some() && (shown.kind == UnitType::PH || hoplite)) {
            ctx.error(
                span_of(spans, "square"),
                format!(
                    "{what}: only phalanxes and Size-10 hoplites form Square (CG 10.62; in Alexander battles by \
                     rulings P292); this is a {label}"
                ),
            );
        }
    }

    /// GBA 10.3: Engaged is an optional rule, and an Engaged unit stands next to an enemy.
    fn engaged(&self, ctx: &mut Ctx, unit: &Unit, spans: &KeySpans, what: &str) {
        if !self.meta.optional_rules.engaged {
            ctx.error(
                span_of(spans, "engaged"),
                format!(
                    "{what}: Engaged belongs to the optional rule 10.3: switch `engaged` on under \
                     [scenario.optional_rules]"
                ),
            );
            return;
        }
        let beside_enemy = self.units.iter().any(|e| {
            e.side != unit.side
                && !self.gone.contains(e.id.as_str())
                && e.placement.hexes().any(|h| unit.placement.hexes().any(|m| m.is_adjacent(h)))
        });
        if !beside_enemy {
            ctx.error(
                span_of(spans, "engaged"),
                format!("{what}: an Engaged unit stands next to the enemy it is locked with (GBA 10.3)"),
            );
        }
    }

    fn leader_start(&self, ctx: &mut Ctx, leader: &Leader, st: &LeaderStart, spans: &KeySpans) {
        let what = format!("leader `{}`", leader.id);
        if st.killed && st.captured {
            ctx.error(span_of(spans, "captured"), format!("{what}: a leader is `killed` or `captured`, not both"));
        }
        if st.killed || st.captured {
            for (key, span) in spans.iter().filter(|(k, _)| !matches!(*k, "killed" | "captured")) {
                ctx.error(
                    span.clone(),
                    format!("{what}: a leader killed or captured is off the map; he carries no `{key}`"),
                );
            }
            if leader.darius_the_target {
                let key = if st.killed { "killed" } else { "captured" };
                ctx.error(
                    span_of(spans, key),
                    format!("{what}: Darius the Target lost ends the battle at once (GBA 9.24): there is no position to play"),
                );
            }
        } else if st.finished && !self.mid_turn {
            mid_turn_only(ctx, &what, "finished", span_of(spans, "finished"));
        }
    }
}

/// A routed unit's markers: no hits (GBA 10.2), no formation, not rallied, not Engaged.
fn routed_markers(ctx: &mut Ctx, st: &UnitStart, spans: &KeySpans, what: &str) {
    if st.hits > 0 {
        ctx.error(
            span_of(spans, "hits"),
            format!(
                "{what}: a routed unit carries no hits: they come off when it routs, and any new hit \
                 eliminates it (GBA 10.2)"
            ),
        );
    }
    for (key, why) in [
        ("column", "a routed unit cannot be In Column (GBA 6.61)"),
        ("square", "a routed unit cannot be in Square (CG 10.62, P195)"),
        ("rallied", "a unit is `routed` or `rallied`, not both (GBA 10.27)"),
        ("engaged", "a routed unit is not Engaged (GBA 10.3)"),
    ] {
        if spans.iter().any(|(k, _)| *k == key) {
            ctx.error(span_of(spans, key), format!("{what}: {why}"));
        }
    }
}

/// GBA 10.1: hits reaching the TQ rout the unit; In Column its TQ is 2 less (6.65, R3).
fn hits_below_tq(ctx: &mut Ctx, shown: &Unit, st: &UnitStart, spans: &KeySpans, what: &str) {
    let tq = if st.column { shown.tq.saturating_sub(2).max(1) } else { shown.tq };
    if st.hits >= tq {
        let column = if st.column { " In Column (GBA 6.65)" } else { "" };
        ctx.error(
            span_of(spans, "hits"),
            format!(
                "{what}: hits {} but TQ {tq}{column}: a unit whose hits reach its TQ has routed (GBA 10.1); \
                 mark it `routed` instead",
                st.hits
            ),
        );
    }
}

/// Missile supply (GBA 8.17) and an elephant's screen (GBA 11.11, CG 10.11) run low only where
/// they exist.
fn supplies(ctx: &mut Ctx, shown: &Unit, st: &UnitStart, spans: &KeySpans, what: &str) {
    let label = shown.type_label();
    if st.missiles != Supply::Full && shown.missile.is_none() {
        ctx.error(
            span_of(spans, "missiles"),
            format!("{what}: a {label} without a `missile` has no supply to run low (GBA 8.17)"),
        );
    }
    if st.screen_missiles != Supply::Full && shown.kind != UnitType::EL {
        ctx.error(
            span_of(spans, "screen_missiles"),
            format!("{what}: `screen_missiles` is an elephant's screen (GBA 11.11, CG 10.11); this is a {label}"),
        );
    }
}

/// A marker that only exists between an activation's start and the turn's end.
fn mid_turn_only(ctx: &mut Ctx, what: &str, key: &str, span: Range<usize>) {
    ctx.error(
        span,
        format!(
            "{what}: `{key}` marks the middle of a game turn (the markers come off at its end, GBA 3.0 D4); \
             set `phase = \"activation\"` under [position]"
        ),
    );
}
