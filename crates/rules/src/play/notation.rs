//! A plain-text notation for commands, one per line: the script format of `sarissa run`, and a
//! compact form for logs and links. Documented in docs/script-format.md.
//!
//! ```text
//! activate arsites
//! pass omares
//! trump memnon                           # or, answering a trump or momentum: no-trump
//! move companions 0605 0705 facing E     # hexes entered, then the final facing
//! move companions facing NE              # turn in place
//! move craterus to 0605-0606 facing E    # a two-hex unit: where it ends
//! move peltasts 0605 column N            # end In Column facing the N hexside (6.61, 6.63)
//! move comp-royal 0605 0705 facing E with philotas  # a contingent commander goes along (5.68)
//! line PH/MA from craterus abreast        # a line command (or `deep`; CG elephants `spread`)
//! line PH/MA from ph1 deep units ph1 ph2  # the line of the units named only (4.32, 4.33)
//! wing nayaka-1 nayaka-2 overall         # a wing command (CG 4.54); `overall`: by the OC's range
//! contingent philotas                   # activate a contingent commander (GBA 5.63)
//! leader alexander 0205 0305             # the active leader moves himself
//! withdraw archers 0704 0804 facing W    # orderly withdrawal: hexes entered, final facing
//! withdraw horse 0704 facing W fire      # horse archers shoot as they go (6.76)
//! withdraw-leader bupares 0704 0804      # a leader withdraws
//! withdraw-line philotas hc1 0704 facing W; hc2 0705 0805 facing W  # a cavalry line (6.78)
//! withdraw horse 0704 facing W with attalus  # any withdrawal, or a line's step, may end `with L`
//! pre-arrange craterus ph1 ph2; perdiccas ph3  # PW orders (6.82); `pre-arrange` alone: none
//! withdraw-pw craterus ph1 0604 0605 facing W; ph2 0606 0607 facing W  # a PW line (6.83)
//! fire archers at hoplites               # ordered missile fire
//! fire archers at leader darius          # at a hex holding only an enemy leader (8.19)
//! rally levy facing E                    # try to rally a Routed unit
//! dismount chariots facing NE            # CG 10.28: a chariot's crew go on foot, for good
//! shock agrianians companions            # the shock segment: optional attackers that join
//! advance-turn hypaspists facing NE      # after advancing: turn a vertex, or keep (9.32)
//! break-off horse-archers to 0506       # an Engaged unit steps back instead of attacking (10.32)
//! rout levy to 0506                      # a router's owner picks among equal hexes (10.21; A-B: two-hex)
//! end                                    # end orders
//! momentum | no-momentum
//! seal-dice 0 HASH                       # sealed dice (P300): side 0 or 1, 64 hex digits
//! reveal-dice 1 VALUE                    # the next value of side 1's chain (P301, P302)
//! ```
//! A line may also be a command in JSON (`{"command":"end_orders"}`).

use crate::command::line::Formation;
use crate::game::{CombatGroup, Command, LineStep, PwDeclaration};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::scenario::units::{LineType, Placement};

/// A command written as JSON, for scripts and tools (feature `json-commands`, on in the CLI).
#[cfg(feature = "json-commands")]
fn parse_json(line: &str) -> Result<Command, String> {
    serde_json::from_str(line).map_err(|e| format!("not a JSON command: {e}"))
}

/// Without the feature (the web app, whose saves and links hold notation only) a JSON line is
/// refused in a plain sentence; its parser would add some 60 KB to the wasm.
#[cfg(not(feature = "json-commands"))]
fn parse_json(_: &str) -> Result<Command, String> {
    Err("a command in JSON is not read here; write it in the notation".to_string())
}

/// Parses one line; `Ok(None)` for a blank line or a comment.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    if line.starts_with('{') {
        return parse_json(line).map(Some);
    }
    // `;` parts a line withdrawal's units, with or without spaces round it.
    let spaced = line.replace(';', " ; ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    // 5.68: a move or a withdrawal may end `with LEADER`, a contingent commander going along.
    let (words, with) = match words.as_slice() {
        ["move" | "withdraw", .., "with", leader] if words.len() > 3 => {
            (&words[..words.len() - 2], Some(leader.to_string()))
        }
        _ => (words.as_slice(), None),
    };
    let family = match words.first() {
        Some(&("move" | "leader" | "line")) => movement_command(words, with)?,
        Some(&("withdraw" | "withdraw-line" | "withdraw-pw" | "withdraw-leader" | "pre-arrange" | "react")) => {
            reaction_command(words, with)?
        }
        Some(&("fire" | "harass")) => missile_command(words)?,
        Some(&("shock" | "advance-turn" | "break-off" | "rout" | "rally")) => combat_command(words)?,
        _ => sequence_command(words).or_else(|| unit_action_command(words)).transpose()?,
    };
    family.map(Some).ok_or_else(|| format!("`{line}` is not a command (see docs/script-format.md)"))
}

/// Hex ids, each written as four digits.
fn hexes(words: &[&str]) -> Result<Vec<HexId>, String> {
    words.iter().map(|w| hex(w)).collect()
}

fn hex(word: &str) -> Result<HexId, String> {
    HexId::parse(word).ok_or_else(|| format!("`{word}` is not a hex id"))
}

/// A pose: one hex, or a two-hex unit's two hexes as `A-B`.
fn pose(word: &str) -> Result<Placement, String> {
    Ok(match word.split_once('-') {
        Some((a, b)) => Placement::Two(hex(a)?, hex(b)?),
        None => Placement::One(hex(word)?),
    })
}

fn hexside(word: &str) -> Result<Hexside, String> {
    Hexside::parse(word).ok_or_else(|| format!("`{word}` is not a hexside (NE, N, NW, SW, S, SE)"))
}

/// The game turn's sequence, the activation and the orders phase's frame (GBA 4, 5; P300 dice).
fn sequence_command(words: &[&str]) -> Option<Result<Command, String>> {
    Some(Ok(match words {
        ["activate", leader] => Command::Activate { leader: leader.to_string() },
        ["pass", leader] => Command::Pass { leader: leader.to_string() },
        ["trump", leader] => Command::Trump { leader: leader.to_string() },
        ["no-trump"] => Command::DeclineTrump,
        ["momentum"] => Command::TryMomentum,
        ["no-momentum"] => Command::DeclineMomentum,
        ["end"] => Command::EndOrders,
        ["line-done"] => Command::LineDone,
        ["no-reaction"] => Command::EndReaction,
        ["contingent", leader] => Command::Contingent { leader: leader.to_string() },
        ["wing", rest @ ..] => {
            let use_overall = rest.last() == Some(&"overall");
            let names = if use_overall { &rest[..rest.len() - 1] } else { rest };
            Command::WingCommand { nayakas: names.iter().map(|n| n.to_string()).collect(), use_overall }
        }
        ["retire-to-camp", leader] => Command::RetireToCamp { leader: leader.to_string() },
        ["seal-dice", side, commitment] => {
            return Some(side_number(side).map(|side| Command::SealDice { side, commitment: commitment.to_string() }))
        }
        ["reveal-dice", side, value] => {
            return Some(side_number(side).map(|side| Command::RevealDice { side, value: value.to_string() }))
        }
        _ => return None,
    }))
}

/// A unit's orders that are neither a move nor fire (recovery, squares, restacking, dismounting).
fn unit_action_command(words: &[&str]) -> Option<Result<Command, String>> {
    Some(Ok(match words {
        ["recover", unit] => Command::Recover { unit: unit.to_string() },
        ["square", unit] => Command::FormSquare { unit: unit.to_string() },
        ["unsquare", unit] => Command::LeaveSquare { unit: unit.to_string() },
        ["restack", unit] => Command::Restack { unit: unit.to_string() },
        ["dismount", unit, "facing", v] => {
            return Some(vertex(v).map(|facing| Command::Dismount { unit: unit.to_string(), facing }))
        }
        _ => return None,
    }))
}

/// Movement (GBA 6): a unit's move, a leader's, and line commands (4.32, 4.33).
fn movement_command(words: &[&str], with: Option<String>) -> Result<Option<Command>, String> {
    Ok(Some(match words {
        ["move", unit, "to", to, "facing", v] => {
            Command::MoveTo { unit: unit.to_string(), to: pose(to)?, facing: vertex(v)?, with }
        }
        ["move", unit, "to", to, "column", side] => {
            // 6.63: a two-hex column faces the hexside at its head, stored as the vertex of that index.
            let side = hexside(side)?;
            let Some((a, b)) = to.split_once('-') else {
                return Err("only a two-hex unit moves to a pose in column: `move UNIT to A-B column S`".into());
            };
            let to = Placement::Two(hex(a)?, hex(b)?);
            Command::MoveTo { unit: unit.to_string(), to, facing: Vertex::from_index(side.index()), with }
        }
        ["move", unit, rest @ .., "column", side] => {
            // 6.63: a column faces a hexside, stored as the vertex of the same index.
            let facing = Vertex::from_index(hexside(side)?.index());
            Command::Move { unit: unit.to_string(), path: hexes(rest)?, facing, column: true, with }
        }
        ["move", unit, rest @ ..] => {
            let (path, facing) = path_then_facing(rest, "a move")?;
            Command::Move { unit: unit.to_string(), path, facing, column: false, with }
        }
        ["leader", leader, path @ ..] => Command::MoveLeader { leader: leader.to_string(), path: hexes(path)? },
        ["line", kind, "from", anchor, formation, rest @ ..] => line_command(kind, anchor, formation, rest)?,
        _ => return Ok(None),
    }))
}

/// `line KIND from ANCHOR FORMATION [units A B ...]` (4.32, 4.33).
fn line_command(kind: &str, anchor: &str, formation: &str, rest: &[&str]) -> Result<Command, String> {
    let line = LineType::parse(kind).ok_or_else(|| format!("`{kind}` is not a unit type or TYPE/CLASS"))?;
    let formation = match formation {
        "abreast" => Formation::Abreast,
        "deep" => Formation::Deep,
        "spread" => Formation::Spread,
        other => return Err(format!("`{other}`: a line is `abreast`, `deep` or `spread`")),
    };
    // `units A B C`: only those units, which must make a line themselves (4.32, 4.33).
    let units = match rest {
        [] => Vec::new(),
        ["units", named @ ..] if !named.is_empty() => named.iter().map(|u| u.to_string()).collect(),
        _ => return Err("a line command ends with its formation, or `units` and the units of the line".into()),
    };
    Ok(Command::LineCommand { line, anchor: anchor.to_string(), formation, units })
}

/// Reactions to an enemy's move (GBA 6.7): facing, withdrawals of units, lines and leaders,
/// pre-arranged withdrawals (6.82, 6.83).
fn reaction_command(words: &[&str], with: Option<String>) -> Result<Option<Command>, String> {
    Ok(Some(match words {
        ["react", unit, "facing", v] => Command::ReactFacing { unit: unit.to_string(), facing: vertex(v)? },
        ["withdraw", unit, rest @ .., "fire"] => {
            let (path, facing) = path_then_facing(rest, "a withdrawal")?;
            Command::Withdraw { unit: unit.to_string(), path, facing, fire: true, with }
        }
        ["withdraw", unit, rest @ ..] => {
            let (path, facing) = path_then_facing(rest, "a withdrawal")?;
            Command::Withdraw { unit: unit.to_string(), path, facing, fire: false, with }
        }
        ["withdraw-line", leader, rest @ ..] => {
            Command::WithdrawLine { leader: leader.to_string(), units: line_steps(rest)? }
        }
        ["withdraw-pw", leader, rest @ ..] => {
            Command::PreArrangedWithdrawal { leader: leader.to_string(), units: line_steps(rest)? }
        }
        ["pre-arrange", rest @ ..] => {
            let lines = rest
                .split(|w| *w == ";")
                .filter_map(|part| part.split_first())
                .map(|(leader, units)| PwDeclaration {
                    leader: leader.to_string(),
                    units: units.iter().map(|u| u.to_string()).collect(),
                })
                .collect();
            Command::DeclarePreArranged { lines }
        }
        ["withdraw-leader", leader, path @ ..] => {
            Command::WithdrawLeader { leader: leader.to_string(), path: hexes(path)? }
        }
        _ => return Ok(None),
    }))
}

/// Missile fire (GBA 8) and harassment (8.2).
fn missile_command(words: &[&str]) -> Result<Option<Command>, String> {
    Ok(Some(match words {
        ["fire", unit, "at", "gate", side] => {
            let pair = side.split_once('-').and_then(|(a, b)| Some((HexId::parse(a)?, HexId::parse(b)?)));
            let gate = pair.ok_or_else(|| format!("`{side}` is not a hexside: two hex ids joined by `-`"))?;
            Command::FireAtGate { unit: unit.to_string(), gate }
        }
        ["fire", unit, "at", "leader", leader] => {
            Command::FireAtLeader { unit: unit.to_string(), leader: leader.to_string() }
        }
        ["fire", unit, "at", target, "with", "bow"] => {
            Command::FireBow { unit: unit.to_string(), target: target.to_string() }
        }
        ["fire", unit, "at", target] => Command::Fire { unit: unit.to_string(), target: target.to_string() },
        ["harass", unit, "at", target] => Command::Harass { unit: unit.to_string(), target: target.to_string() },
        _ => return Ok(None),
    }))
}

/// Shock (GBA 9), its aftermath (advance 9.32, break-off 10.32) and routs and rallies (10).
fn combat_command(words: &[&str]) -> Result<Option<Command>, String> {
    Ok(Some(match words {
        ["shock", rest @ ..] if rest.contains(&"vs") => Command::ShockCombats { combats: combat_groups(rest)? },
        ["shock", attackers @ ..] => Command::Shock { attackers: attackers.iter().map(|a| a.to_string()).collect() },
        ["advance-turn", unit, "facing", v] => Command::TurnAfterAdvance { unit: unit.to_string(), facing: vertex(v)? },
        ["break-off", unit, "to", to] => Command::BreakOff { unit: unit.to_string(), to: hex(to)? },
        ["rout", unit, "to", to] => Command::RoutTo { unit: unit.to_string(), to: pose(to)? },
        ["rout", unit, "via", choices @ ..] if !choices.is_empty() => {
            let choices = choices.iter().map(|c| pose(c)).collect::<Result<_, _>>()?;
            Command::RoutPath { unit: unit.to_string(), choices }
        }
        ["rally", unit, "facing", v] => Command::Rally { unit: unit.to_string(), facing: vertex(v)? },
        _ => return Ok(None),
    }))
}

/// A side as sealed dice name it (P300): 0, the battle file's first side, or 1.
fn side_number(word: &str) -> Result<usize, String> {
    match word {
        "0" => Ok(0),
        "1" => Ok(1),
        _ => Err(format!("`{word}` is not a side: 0 or 1")),
    }
}

/// `UNIT HEX ... facing V [fire] [with L]; UNIT ...`: each unit's part in a line's withdrawal.
fn line_steps(words: &[&str]) -> Result<Vec<LineStep>, String> {
    words
        .split(|w| *w == ";")
        .map(|part| {
            let (part, with) = match part {
                [rest @ .., "with", leader] if !rest.is_empty() => (rest, Some(leader.to_string())),
                _ => (part, None),
            };
            let (unit, steps, fire) = match part {
                [unit, steps @ .., "fire"] => (unit, steps, true),
                [unit, steps @ ..] => (unit, steps, false),
                [] => return Err("a line withdrawal names each unit: `UNIT HEX ... facing V`, parted by `;`".into()),
            };
            let (path, facing) = path_then_facing(steps, "each unit's withdrawal")?;
            Ok(LineStep { unit: unit.to_string(), path, facing, fire, with })
        })
        .collect()
}

/// `HEX HEX ... facing V`: the hexes entered, then the final facing.
/// A vertex named in the notation (E, NE, NW, W, SW, SE).
fn vertex(v: &str) -> Result<Vertex, String> {
    Vertex::parse(v).ok_or_else(|| format!("`{v}` is not a vertex (E, NE, NW, W, SW, SE)"))
}

fn path_then_facing(words: &[&str], what: &str) -> Result<(Vec<HexId>, Vertex), String> {
    let Some(at) = words.iter().position(|w| *w == "facing") else {
        return Err(format!("{what} ends with `facing V` (E, NE, NW, W, SW or SE)"));
    };
    let [v] = &words[at + 1..] else {
        return Err("`facing` takes one vertex".into());
    };
    let facing = vertex(v)?;
    let path = words[..at]
        .iter()
        .map(|w| HexId::parse(w).ok_or_else(|| format!("`{w}` is not a hex id")))
        .collect::<Result<_, _>>()?;
    Ok((path, facing))
}

/// Writes a command in the notation `parse` reads.
pub fn format(command: &Command) -> String {
    let text = format_bare(command);
    match command.rider() {
        Some(l) => format!("{text} with {l}"),
        None => text,
    }
}

/// The command without its `with LEADER` (5.68).
fn format_bare(command: &Command) -> String {
    let hexes = |p: &[HexId]| p.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ");
    match command {
        Command::Activate { leader } => format!("activate {leader}"),
        Command::Pass { leader } => format!("pass {leader}"),
        Command::Trump { leader } => format!("trump {leader}"),
        Command::DeclineTrump => "no-trump".into(),
        Command::Move { unit, path, facing, column: true, .. } => {
            let path = if path.is_empty() { String::new() } else { format!(" {}", hexes(path)) };
            format!("move {unit}{path} column {}", Hexside::from_index(facing.index()).name())
        }
        Command::Move { unit, path, facing, .. } if path.is_empty() => format!("move {unit} facing {}", facing.name()),
        Command::Move { unit, path, facing, .. } => format!("move {unit} {} facing {}", hexes(path), facing.name()),
        Command::MoveTo { unit, to, facing, .. } if crate::movement::is_column_pose(to, *facing) => {
            format!("move {unit} to {} column {}", to.label(), Hexside::from_index(facing.index()).name())
        }
        Command::MoveTo { unit, to, facing, .. } => format!("move {unit} to {} facing {}", to.label(), facing.name()),
        Command::MoveLeader { leader, path } => format!("leader {leader} {}", hexes(path)),
        Command::LineCommand { line, anchor, formation, units } => format!(
            "line {} from {anchor} {}{}",
            line.label(),
            match formation {
                Formation::Abreast => "abreast",
                Formation::Deep => "deep",
                Formation::Spread => "spread",
            },
            if units.is_empty() { String::new() } else { format!(" units {}", units.join(" ")) }
        ),
        Command::WingCommand { nayakas, use_overall } => {
            format!("wing {}{}", nayakas.join(" "), if *use_overall { " overall" } else { "" })
        }
        Command::Contingent { leader } => format!("contingent {leader}"),
        Command::Fire { unit, target } => format!("fire {unit} at {target}"),
        Command::FireBow { unit, target } => format!("fire {unit} at {target} with bow"),
        Command::FireAtLeader { unit, leader } => format!("fire {unit} at leader {leader}"),
        Command::FireAtGate { unit, gate: (a, b) } => format!("fire {unit} at gate {a}-{b}"),
        Command::Harass { unit, target } => format!("harass {unit} at {target}"),
        Command::Recover { unit } => format!("recover {unit}"),
        Command::FormSquare { unit } => format!("square {unit}"),
        Command::LeaveSquare { unit } => format!("unsquare {unit}"),
        Command::Restack { unit } => format!("restack {unit}"),
        Command::Dismount { unit, facing } => format!("dismount {unit} facing {}", facing.name()),
        Command::Rally { unit, facing } => format!("rally {unit} facing {}", facing.name()),
        Command::ShockCombats { combats } => {
            let groups: Vec<String> =
                combats.iter().map(|g| format!("{} vs {}", g.attackers.join(" "), g.defenders.join(" "))).collect();
            format!("shock {}", groups.join("; "))
        }
        Command::Shock { attackers } if attackers.is_empty() => "shock".into(),
        Command::Shock { attackers } => format!("shock {}", attackers.join(" ")),
        Command::TurnAfterAdvance { unit, facing } => format!("advance-turn {unit} facing {}", facing.name()),
        Command::BreakOff { unit, to } => format!("break-off {unit} to {to}"),
        Command::RoutTo { unit, to } => format!("rout {unit} to {}", to.label()),
        Command::RoutPath { unit, choices } => {
            let labels: Vec<String> = choices.iter().map(|c| c.label()).collect();
            format!("rout {unit} via {}", labels.join(" "))
        }
        Command::EndOrders => "end".into(),
        Command::LineDone => "line-done".into(),
        Command::ReactFacing { unit, facing } => format!("react {unit} facing {}", facing.name()),
        Command::Withdraw { unit, path, facing, fire, .. } => {
            format!("withdraw {unit} {} facing {}{}", hexes(path), facing.name(), if *fire { " fire" } else { "" })
        }
        Command::WithdrawLine { leader, units } => format!("withdraw-line {leader} {}", format_steps(units)),
        Command::PreArrangedWithdrawal { leader, units } => format!("withdraw-pw {leader} {}", format_steps(units)),
        Command::DeclarePreArranged { lines } if lines.is_empty() => "pre-arrange".into(),
        Command::DeclarePreArranged { lines } => {
            let parts: Vec<String> = lines.iter().map(|l| format!("{} {}", l.leader, l.units.join(" "))).collect();
            format!("pre-arrange {}", parts.join("; "))
        }
        Command::WithdrawLeader { leader, path } => format!("withdraw-leader {leader} {}", hexes(path)),
        Command::EndReaction => "no-reaction".into(),
        Command::RetireToCamp { leader } => format!("retire-to-camp {leader}"),
        Command::SealDice { side, commitment } => format!("seal-dice {side} {commitment}"),
        Command::RevealDice { side, value } => format!("reveal-dice {side} {value}"),
        Command::TryMomentum => "momentum".into(),
        Command::DeclineMomentum => "no-momentum".into(),
    }
}

/// Each unit's part in a line's withdrawal, as `line_steps` reads it.
fn format_steps(units: &[LineStep]) -> String {
    let hexes = |p: &[HexId]| p.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ");
    let parts: Vec<String> = units
        .iter()
        .map(|u| {
            let fire = if u.fire { " fire" } else { "" };
            let with = u.with.as_ref().map(|l| format!(" with {l}")).unwrap_or_default();
            format!("{} {} facing {}{fire}{with}", u.unit, hexes(&u.path), u.facing.name())
        })
        .collect();
    parts.join("; ")
}

/// `A B vs X Y ; C vs Z`: the combats of a shock formed by the player (9.12).
fn combat_groups(words: &[&str]) -> Result<Vec<CombatGroup>, String> {
    words
        .split(|w| *w == ";")
        .map(|part| {
            let at = part.iter().position(|w| *w == "vs").ok_or("each combat is written `ATTACKERS vs DEFENDERS`")?;
            let (attackers, defenders) = (&part[..at], &part[at + 1..]);
            if attackers.is_empty() || defenders.is_empty() {
                return Err("each combat needs attackers before `vs` and defenders after it".to_string());
            }
            let ids = |v: &[&str]| v.iter().map(|w| w.to_string()).collect();
            Ok(CombatGroup { attackers: ids(attackers), defenders: ids(defenders) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_round_trips_through_the_notation() {
        let h = |s: &str| HexId::parse(s).unwrap();
        let all = [
            Command::Activate { leader: "arsites".into() },
            Command::Pass { leader: "omares".into() },
            Command::Trump { leader: "memnon".into() },
            Command::WingCommand { nayakas: vec!["left-el".into(), "right-cav".into()], use_overall: true },
            Command::WingCommand { nayakas: vec!["left-el".into()], use_overall: false },
            Command::Contingent { leader: "philotas".into() },
            Command::DeclineTrump,
            Command::Move {
                unit: "companions".into(),
                path: vec![h("0605"), h("0705")],
                facing: Vertex::E,
                column: false,
                with: None,
            },
            Command::MoveTo {
                unit: "phalanx".into(),
                to: Placement::Two(h("0506"), h("0507")),
                facing: Vertex::E,
                with: None,
            },
            Command::Move { unit: "companions".into(), path: vec![], facing: Vertex::NE, column: false, with: None },
            Command::Move {
                unit: "hypaspists".into(),
                path: vec![h("0605")],
                facing: Vertex::NE,
                column: true,
                with: None,
            },
            Command::Move { unit: "hypaspists".into(), path: vec![], facing: Vertex::SE, column: true, with: None },
            Command::MoveLeader { leader: "alexander".into(), path: vec![h("0205")] },
            Command::LineCommand {
                line: LineType::parse("PH/MA").unwrap(),
                anchor: "craterus".into(),
                formation: Formation::Abreast,
                units: vec![],
            },
            Command::LineCommand {
                line: LineType::parse("PH/MA").unwrap(),
                anchor: "ph1".into(),
                formation: Formation::Deep,
                units: vec!["ph1".into(), "ph2".into()],
            },
            Command::Fire { unit: "archers".into(), target: "hoplites".into() },
            Command::FireAtLeader { unit: "archers".into(), leader: "darius".into() },
            Command::FireAtGate { unit: "engine".into(), gate: (h("0605"), h("0706")) },
            Command::Harass { unit: "peltasts".into(), target: "hoplites".into() },
            Command::Recover { unit: "hoplites".into() },
            Command::FormSquare { unit: "hoplites".into() },
            Command::LeaveSquare { unit: "hoplites".into() },
            Command::Restack { unit: "kiratas-2".into() },
            Command::Dismount { unit: "chariots".into(), facing: Vertex::NE },
            Command::Rally { unit: "hoplites".into(), facing: Vertex::W },
            Command::Shock { attackers: vec![] },
            Command::Shock { attackers: vec!["agrianians".into(), "companions".into()] },
            Command::ShockCombats {
                combats: vec![
                    CombatGroup { attackers: vec!["phalanx".into()], defenders: vec!["hoplites".into()] },
                    CombatGroup {
                        attackers: vec!["hypaspists".into(), "agrianians".into()],
                        defenders: vec!["slingers".into(), "peltasts".into()],
                    },
                ],
            },
            Command::TurnAfterAdvance { unit: "hypaspists".into(), facing: Vertex::NE },
            Command::BreakOff { unit: "horse-archers".into(), to: h("0506") },
            Command::RoutTo { unit: "levy".into(), to: Placement::One(h("0506")) },
            Command::RoutTo { unit: "hoplites".into(), to: Placement::Two(h("0506"), h("0507")) },
            Command::RoutPath {
                unit: "hoplites".into(),
                choices: vec![Placement::One(h("0506")), Placement::Two(h("0606"), h("0607"))],
            },
            Command::EndOrders,
            Command::LineDone,
            Command::ReactFacing { unit: "hoplites".into(), facing: Vertex::NE },
            Command::Withdraw {
                unit: "archers".into(),
                path: vec![h("0704"), h("0804")],
                facing: Vertex::W,
                fire: false,
                with: None,
            },
            Command::Withdraw {
                unit: "horse".into(),
                path: vec![h("0704")],
                facing: Vertex::W,
                fire: true,
                with: None,
            },
            Command::WithdrawLeader { leader: "bupares".into(), path: vec![h("0704")] },
            Command::WithdrawLine {
                leader: "philotas".into(),
                units: vec![
                    LineStep { unit: "hc1".into(), path: vec![h("0704")], facing: Vertex::W, fire: false, with: None },
                    LineStep {
                        unit: "hc2".into(),
                        path: vec![h("0705"), h("0805")],
                        facing: Vertex::SW,
                        fire: true,
                        with: Some("philotas".into()),
                    },
                ],
            },
            Command::PreArrangedWithdrawal {
                leader: "craterus".into(),
                units: vec![LineStep {
                    unit: "ph1".into(),
                    path: vec![h("0604"), h("0605")],
                    facing: Vertex::W,
                    fire: false,
                    with: Some("craterus".into()),
                }],
            },
            Command::DeclarePreArranged { lines: vec![] },
            Command::DeclarePreArranged {
                lines: vec![
                    PwDeclaration { leader: "craterus".into(), units: vec!["ph1".into(), "ph2".into()] },
                    PwDeclaration { leader: "perdiccas".into(), units: vec!["ph3".into()] },
                ],
            },
            Command::EndReaction,
            Command::TryMomentum,
            Command::DeclineMomentum,
            Command::RetireToCamp { leader: "chandragupta".into() },
            Command::SealDice { side: 0, commitment: "ab".repeat(32) },
            Command::RevealDice { side: 1, value: "0f".repeat(32) },
        ];
        // 5.68: every move and withdrawal also with a contingent commander going along.
        let ridden = all.iter().filter(|c| c.rider().is_none()).map(|c| c.clone().with_rider("philotas"));
        let ridden: Vec<Command> = ridden.filter(|c| c.rider().is_some()).collect();
        assert_eq!(ridden.len(), 7);
        for c in all.into_iter().chain(ridden) {
            assert_eq!(parse(&format(&c)), Ok(Some(c.clone())));
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(parse(&json), Ok(Some(c)));
        }
    }

    #[test]
    fn comments_blanks_and_mistakes() {
        assert_eq!(parse("   # nothing"), Ok(None));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("end # done"), Ok(Some(Command::EndOrders)));
        assert!(parse("move x 0605").unwrap_err().contains("facing"));
        assert!(parse("move x 06a5 facing E").unwrap_err().contains("not a hex id"));
        assert!(parse("move x facing Q").unwrap_err().contains("not a vertex"));
        assert!(parse("charge!").unwrap_err().contains("not a command"));
        // 5.68: `with` names one leader, last; a move of nothing but `with` is no move.
        assert!(parse("move x 0605 facing E with").is_err());
        assert!(parse("move x 0605 facing E with a b").is_err());
        assert_eq!(
            parse("move x 0605 facing E with phil").unwrap().and_then(|c| match c {
                Command::Move { with, .. } => with,
                _ => None,
            }),
            Some("phil".to_string())
        );
        assert!(parse("withdraw-line hero a 0605 facing E;;").unwrap_err().contains("each unit"));
        assert_eq!(
            parse("withdraw-line hero a 0605 facing E;b 0606 facing W fire"),
            parse("withdraw-line hero a 0605 facing E ; b 0606 facing W fire")
        );
        assert!(parse("{\"command\":\"fly\"}").is_err());
    }
}
