//! `sarissa odds`: exact odds of one shock or one missile fire (docs/odds.md).

use clap::{Args, Subcommand};
use sarissa_rules::charts::column_shifts::{Applying, SHIFTS};
use sarissa_rules::combat::missile::{MissileFire, Supply};
use sarissa_rules::combat::odds::{missile_odds, shock_odds, Prob};
use sarissa_rules::combat::shock::{Fighter, Leader, ShockSetup};
use sarissa_rules::combat::Side;
use sarissa_rules::map::facing::Arc;
use sarissa_rules::scenario::units::{Missile, UnitClass, UnitType};
use sarissa_rules::scenario::RuleSet;
use serde_json::{json, Value};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum OddsCmd {
    /// Odds of one shock combat: hits and rout chances for each side.
    ///
    /// A unit is TYPE[/CLASS]:SIZE:TQ[:HITS][,FLAG...], e.g. PH/MA:10:7 or HC:4:7:1,moved,flank.
    /// Flags: moved (it moved to attack: Shock-Must Check), front|flank|rear (the side of the
    /// defenders it strikes), chariot-charge (moved 4+ hexes), column, missile-no,
    /// threatened (enemy in its flank or rear), double-depth, other-zoc.
    Shock(ShockArgs),
    /// Odds of one missile fire: hits and the chance of running low.
    ///
    /// The firer is TYPE[/CLASS][:MISSILE], e.g. LI:J, SK/A, LC:A, EL:J, LI:A*; the target
    /// TYPE[/CLASS], e.g. HI/HO or HC/Cat.
    Missile(MissileArgs),
}

#[derive(Args)]
pub struct ShockArgs {
    /// An attacking unit (repeat for several; the first standing is the one chosen for the Clash).
    #[arg(long = "attacker", required = true)]
    attackers: Vec<String>,
    /// A defending unit (repeat for several; the first standing is the one the defender chooses).
    #[arg(long = "defender", required = true)]
    defenders: Vec<String>,
    /// The side of the defenders every attacker strikes unless its own flag says otherwise.
    #[arg(long, default_value = "front")]
    arc: String,
    /// Every attacker moved to make this attack (Shock-Must Check TQ).
    #[arg(long)]
    attacker_moved: bool,
    /// Charisma of the attacking side's leader.
    #[arg(long, default_value_t = 0)]
    charisma: u8,
    /// Charisma of the defending side's leader.
    #[arg(long, default_value_t = 0)]
    defender_charisma: u8,
    /// A column shift that holds (terrain, works): a condition name such as any-defender-higher,
    /// across-river, defenders-in-woods; phalanx-flank-covered*2 for two steps. `--shift list`
    /// prints them all.
    #[arg(long = "shift")]
    shifts: Vec<String>,
    /// Hits the attackers would take advancing (GBA 10.15).
    #[arg(long, default_value_t = 0)]
    advance_hits: u8,
    /// alexander or chandragupta.
    #[arg(long, default_value = "alexander")]
    rules: String,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct MissileArgs {
    #[arg(long)]
    firer: String,
    /// 1 = adjacent.
    #[arg(long)]
    range: u8,
    #[arg(long)]
    target: String,
    /// The fire enters through the target's flank or rear (default: its front).
    #[arg(long)]
    not_front: bool,
    /// Target in Woods / Forest.
    #[arg(long)]
    woods: bool,
    /// The firer moves this order, or fires in H&D.
    #[arg(long)]
    moving: bool,
    /// The target is lower: one hex of extended range (natural 0 only).
    #[arg(long)]
    lower: bool,
    /// Any further modifier (works, towers).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    drm: i32,
    /// The firer is already Missile Low.
    #[arg(long)]
    low: bool,
    /// A leader stands with the target (GBA 8.19).
    #[arg(long)]
    leader: bool,
    /// alexander or chandragupta.
    #[arg(long, default_value = "alexander")]
    rules: String,
    #[arg(long)]
    json: bool,
}

pub fn odds(cmd: OddsCmd) -> ExitCode {
    let result = match cmd {
        OddsCmd::Shock(a) => shock(&a),
        OddsCmd::Missile(a) => missile(&a),
    };
    match result {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sarissa odds: {e}");
            ExitCode::from(2)
        }
    }
}

fn rules(s: &str) -> Result<RuleSet, String> {
    RuleSet::parse(s).ok_or_else(|| format!("unknown rule set {s:?}: use alexander or chandragupta"))
}

fn arc(s: &str) -> Option<Arc> {
    match s {
        "front" => Some(Arc::Front),
        "flank" => Some(Arc::Flank),
        "rear" => Some(Arc::Rear),
        _ => None,
    }
}

fn unit_type(s: &str) -> Result<(UnitType, Option<UnitClass>), String> {
    let (t, c) = match s.split_once('/') {
        Some((t, c)) => (t, Some(c)),
        None => (s, None),
    };
    let kind = UnitType::parse(t)
        .ok_or_else(|| format!("unknown unit type {t:?} (PH, HI, MI, LI, LP, SK, SK*, LC, LN, HC, EL, CH, CH*, AT)"))?;
    let class = match c {
        None => None,
        Some(c) => {
            let class =
                UnitClass::parse(c).ok_or_else(|| format!("unknown class {c:?} (MA, HO, HY, A, J, S, CA, Cat, B)"))?;
            if !kind.allowed_classes().contains(&class) {
                return Err(format!("{t} cannot have class {c}"));
            }
            Some(class)
        }
    };
    Ok((kind, class))
}

fn fighter(spec: &str, default_arc: Arc, moved: bool) -> Result<Fighter, String> {
    let mut parts = spec.split(',');
    let head = parts.next().unwrap_or_default();
    let fields: Vec<&str> = head.split(':').collect();
    if !(3..=4).contains(&fields.len()) {
        return Err(format!("unit {spec:?}: expected TYPE[/CLASS]:SIZE:TQ[:HITS]"));
    }
    let (kind, class) = unit_type(fields[0]).map_err(|e| format!("unit {spec:?}: {e}"))?;
    let num = |s: &str, what: &str| s.parse::<u8>().map_err(|_| format!("unit {spec:?}: {what} {s:?} is not a number"));
    let mut f = Fighter::new(kind, class, num(fields[1], "size")?, num(fields[2], "TQ")?);
    if let Some(h) = fields.get(3) {
        f.hits = num(h, "hits")?;
    }
    f.arc = default_arc;
    f.moved = moved;
    for flag in parts {
        match flag {
            "moved" => f.moved = true,
            "chariot-charge" => {
                f.moved = true;
                f.hexes_moved = 4;
            }
            "column" => f.in_column = true,
            "missile-no" => f.javelins_no = true,
            "threatened" => f.flank_threatened = true,
            "double-depth" => f.double_depth = true,
            "other-zoc" => f.other_enemy_zoc = true,
            a if arc(a).is_some() => f.arc = arc(a).unwrap(),
            other => return Err(format!("unit {spec:?}: unknown flag {other:?}")),
        }
    }
    Ok(f)
}

fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

fn shift_names() -> Vec<(String, &'static str)> {
    SHIFTS.iter().map(|r| (kebab(&format!("{:?}", r.condition)), r.code)).collect()
}

fn shift(s: &str) -> Result<Applying, String> {
    let (name, steps) = match s.split_once('*') {
        Some((n, k)) => (n, k.parse::<u8>().map_err(|_| format!("shift {s:?}: steps must be a number"))?),
        None => (s, 1),
    };
    SHIFTS
        .iter()
        .find(|r| kebab(&format!("{:?}", r.condition)) == name)
        .map(|r| Applying::times(r.condition, steps))
        .ok_or_else(|| format!("unknown shift {name:?}; `--shift list` lists them"))
}

fn p(prob: Prob) -> Value {
    let (num, den) = prob.fraction();
    json!({ "p": prob.to_f64(), "exact": format!("{num}/{den}") })
}

fn pct(prob: Prob) -> String {
    format!("{:5.1}%", prob.to_f64() * 100.0)
}

fn shock(a: &ShockArgs) -> Result<String, String> {
    if a.shifts.iter().any(|s| s == "list") {
        let mut out = String::from("shift conditions (charts-draft §2 code):\n");
        for (name, code) in shift_names() {
            out.push_str(&format!("  {name:36} {code}\n"));
        }
        return Ok(out.trim_end().to_string());
    }
    let rules = rules(&a.rules)?;
    let default_arc = arc(&a.arc).ok_or_else(|| format!("--arc {:?}: use front, flank or rear", a.arc))?;
    let attackers =
        a.attackers.iter().map(|s| fighter(s, default_arc, a.attacker_moved)).collect::<Result<Vec<_>, _>>()?;
    let defenders = a.defenders.iter().map(|s| fighter(s, Arc::Front, false)).collect::<Result<Vec<_>, _>>()?;
    let mut setup = ShockSetup::new(rules, attackers, defenders);
    let leader =
        |c: u8| (c > 0).then_some(Leader { charisma: c, initiative: 0, personal_combat: None, wounded: false });
    setup.attacker_leader = leader(a.charisma);
    setup.defender_leader = leader(a.defender_charisma);
    setup.conditions = a.shifts.iter().map(|s| shift(s)).collect::<Result<_, _>>()?;
    setup.advance_hits = a.advance_hits;
    let o = shock_odds(&setup).map_err(|e| e.to_string())?;
    if a.json {
        let side = |s: Side| {
            let hits: Vec<Value> = o.hits(s).iter().enumerate().map(|(n, &q)| json!({"n": n, "p": p(q)})).collect();
            json!({ "hits": hits, "mean_hits": o.mean_hits(s), "routs": p(o.routs(s)) })
        };
        let columns: Vec<Value> = o
            .columns
            .iter()
            .enumerate()
            .filter(|(_, q)| q.count > 0)
            .map(|(c, &q)| json!({"column": c, "p": p(q)}))
            .collect();
        let v = json!({
            "kind": "shock",
            "rules": a.rules,
            "attacker": side(Side::Attacker),
            "defender": side(Side::Defender),
            "columns": columns,
            "ended_at_charge": p(o.ended_at_charge),
            "attacker_specs": a.attackers,
            "defender_specs": a.defenders,
        });
        return Ok(v.to_string());
    }
    let mut out = format!("shock, {}: {} v {}\n", rules.name(), a.attackers.join(" + "), a.defenders.join(" + "));
    let cols: Vec<String> = o
        .columns
        .iter()
        .enumerate()
        .filter(|(_, q)| q.count > 0)
        .map(|(c, &q)| format!("{c} ({})", pct(q).trim()))
        .collect();
    out.push_str(&format!("CRT column: {}", if cols.is_empty() { "never reached".into() } else { cols.join(", ") }));
    if o.ended_at_charge.count > 0 {
        out.push_str(&format!("; over at the charge {}", pct(o.ended_at_charge).trim()));
    }
    out.push_str("\n\nhits   attacker  defender\n");
    let n = o.attacker_hits.len().max(o.defender_hits.len());
    for h in 0..n {
        let get = |v: &[Prob]| v.get(h).copied().unwrap_or(Prob::ZERO);
        let (pa, pd) = (get(&o.attacker_hits), get(&o.defender_hits));
        if pa.count == 0 && pd.count == 0 {
            continue;
        }
        out.push_str(&format!("{h:>4}   {:>8}  {:>8}\n", pct(pa), pct(pd)));
    }
    out.push_str(&format!("mean   {:>8.2}  {:>8.2}\n", o.attacker_mean_hits, o.defender_mean_hits));
    out.push_str(&format!("routs  {:>8}  {:>8}", pct(o.attacker_routs), pct(o.defender_routs)));
    Ok(out)
}

fn missile(a: &MissileArgs) -> Result<String, String> {
    let rules = rules(&a.rules)?;
    let (head, letter) = match a.firer.split_once(':') {
        Some((h, m)) => (h, Some(m)),
        None => (a.firer.as_str(), None),
    };
    let (firer, firer_class) = unit_type(head).map_err(|e| format!("firer {:?}: {e}", a.firer))?;
    let missile = match letter {
        Some(m) => {
            Missile::parse(m).ok_or_else(|| format!("firer {:?}: unknown missile {m:?} (J, A, A*, S, B)", a.firer))?
        }
        None => firer_class
            .and_then(UnitClass::implied_missile)
            .ok_or_else(|| format!("firer {:?}: name its missile, e.g. {head}:J", a.firer))?,
    };
    let (target, target_class) = unit_type(&a.target).map_err(|e| format!("target {:?}: {e}", a.target))?;
    let mut fire = MissileFire::new(rules, firer, missile, a.range, target);
    fire.firer_class = firer_class.or_else(|| UnitClass::parse(missile.letter()));
    fire.target_class = target_class;
    fire.through_front = !a.not_front;
    fire.target_in_woods = a.woods;
    fire.moving = a.moving;
    fire.target_lower = a.lower;
    fire.extra_drm = a.drm;
    fire.supply = if a.low { Supply::Low } else { Supply::Full };
    fire.leader_in_target_hex =
        a.leader.then_some(Leader { charisma: 0, initiative: 0, personal_combat: None, wounded: false });
    let o = missile_odds(&fire).map_err(|e| e.to_string())?;
    if a.json {
        let hits: Vec<Value> = o.hits.iter().enumerate().map(|(n, &q)| json!({"n": n, "p": p(q)})).collect();
        let v = json!({
            "kind": "missile",
            "rules": a.rules,
            "hits": hits,
            "mean_hits": o.mean_hits,
            "missile_low": p(o.missile_low),
            "missile_no": p(o.missile_no),
            "leader_casualty": p(o.leader_casualty),
        });
        return Ok(v.to_string());
    }
    let mut out =
        format!("missile, {}: {} at range {} on {}\n\nhits   chance\n", rules.name(), a.firer, a.range, a.target);
    for (h, &q) in o.hits.iter().enumerate().filter(|(_, q)| q.count > 0) {
        out.push_str(&format!("{h:>4}   {}\n", pct(q)));
    }
    out.push_str(&format!("mean   {:.2}\n", o.mean_hits));
    if a.low {
        out.push_str(&format!("then Missile No: {}", pct(o.missile_no).trim()));
    } else {
        out.push_str(&format!("goes Missile Low: {}", pct(o.missile_low).trim()));
    }
    if a.leader {
        out.push_str(&format!("\nleader a casualty: {}", pct(o.leader_casualty).trim()));
    }
    Ok(out)
}
