//! A small battlefield for rule tests: a clear, flat 12 × 10 map with terrain painted in, and
//! units and leaders given as lines of the scenario format.
#![allow(dead_code)]

use sarissa_rules::game::{Command, Dice, Event};
use sarissa_rules::map::hex::{HexId, Vertex};
use sarissa_rules::play::Game;
use std::sync::Arc;

pub fn h(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

pub struct Field {
    pub rules: &'static str,
    pub macedonian: [bool; 2],
    pub terrain: Vec<(&'static str, char)>,
    pub elevation: Vec<(&'static str, char)>,
    pub hexsides: Vec<(&'static str, &'static str)>,
    pub units: [Vec<String>; 2],
    pub leaders: [Vec<String>; 2],
    /// Optional rules switched on, by their scenario-file key (e.g. "drift_to_the_right").
    pub optional: Vec<&'static str>,
    /// The map's rampage compass (GBA 11.14), six hexsides; empty: the default.
    pub compass: Vec<&'static str>,
}

impl Default for Field {
    fn default() -> Self {
        Self {
            rules: "alexander",
            macedonian: [true, false],
            terrain: Vec::new(),
            elevation: Vec::new(),
            hexsides: Vec::new(),
            units: [Vec::new(), Vec::new()],
            leaders: [Vec::new(), Vec::new()],
            optional: Vec::new(),
            compass: Vec::new(),
        }
    }
}

/// `line` (a unit's inline table) with these extra keys, e.g. `with(unit(..), "hits = 2")`: the
/// markers of a battle set up mid-play (docs/scenario-format.md).
pub fn with(line: String, keys: &str) -> String {
    format!("{}, {keys} }}", line.strip_suffix(" }").expect("an inline table"))
}

/// `unit("a1", "HC", "", 5, 7, 7, "", "0505", "E")`: id, type, class, size, tq, ma, missile, at, facing.
#[allow(clippy::too_many_arguments)]
pub fn unit(
    id: &str,
    kind: &str,
    class: &str,
    size: u8,
    tq: u8,
    ma: u8,
    missile: &str,
    at: &str,
    facing: &str,
) -> String {
    let class = if class.is_empty() { String::new() } else { format!(", class = \"{class}\"") };
    let missile = if missile.is_empty() { String::new() } else { format!(", missile = \"{missile}\"") };
    let ext = if kind == "PH" { format!(", ma_extended = {}", ma + 1) } else { String::new() };
    format!("{{ id = \"{id}\", name = \"{id}\", type = \"{kind}\"{class}, size = {size}, tq = {tq}, ma = {ma}{ext}{missile}, at = \"{at}\", facing = \"{facing}\" }}")
}

/// `leader("alex", "overall", 7, 6, "0101")`: id, role, initiative, command range, at.
pub fn leader(id: &str, role: &str, initiative: u8, range: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"{role}\", initiative = {initiative}, command_range = {range}, charisma = 1, personal_combat = 3, at = \"{at}\" }}")
}

/// A grid of the 12 × 10 field, one line a row as the scenario format writes it: `blank` but
/// in the `cells` given.
pub fn grid(cells: &[(&str, char)], blank: char) -> String {
    let mut g = vec![vec![blank; 12]; 10];
    for (hex, c) in cells {
        let hx = h(hex);
        g[hx.row as usize - 1][hx.col as usize - 1] = *c;
    }
    g.iter().enumerate().map(|(r, row)| format!("{:02} {}\n", r + 1, row.iter().collect::<String>())).collect()
}

impl Field {
    pub fn toml(&self) -> String {
        let (cols, rows) = (12usize, 10usize);
        // One key per feature, listing every hexside that carries it (TOML keys are unique).
        let mut by_feature: Vec<(&str, Vec<String>)> = Vec::new();
        for (feature, pair) in &self.hexsides {
            match by_feature.iter_mut().find(|(f, _)| f == feature) {
                Some((_, pairs)) => pairs.push(format!("\"{pair}\"")),
                None => by_feature.push((feature, vec![format!("\"{pair}\"")])),
            }
        }
        let hexsides: String = by_feature.iter().map(|(f, pairs)| format!("{f} = [{}]\n", pairs.join(", "))).collect();
        // CG leaders have no personal combat rating (CG 4.1, D5).
        let leaders = |i: usize| {
            let all = self.leaders[i].join(",\n");
            if self.rules == "chandragupta" {
                all.replace(", personal_combat = 3", "")
            } else {
                all
            }
        };
        let side = |i: usize, name: &str, edge: &str| {
            format!(
                "[[side]]\nid = \"{name}\"\nname = \"{name}\"\nretreat_edge = \"{edge}\"\nwithdrawal_level = 20\nmacedonian = {}\nline_command = [\"PH/MA\", \"HC\", \"HI/HO\", \"LC\"]\nunits = [\n{}\n]\nleaders = [\n{}\n]\n",
                self.macedonian[i],
                self.units[i].join(",\n"),
                leaders(i)
            )
        };
        let compass = if self.compass.is_empty() {
            String::new()
        } else {
            format!("compass = [{}]\n", self.compass.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", "))
        };
        format!(
            "format = 1\n[scenario]\nid = \"field\"\nname = \"Test field\"\ndate = \"now\"\nrules = \"{}\"\nsummary = \"s\"\nnote = \"n\"\nsources = []\n{}\n[map]\ncolumns = {cols}\nrows = {rows}\n{compass}terrain = \"\"\"\n{}\"\"\"\nelevation = \"\"\"\n{}\"\"\"\n[map.hexsides]\n{hexsides}\n{}\n{}",
            self.rules,
            if self.optional.is_empty() {
                String::new()
            } else {
                format!(
                    "[scenario.optional_rules]\n{}",
                    self.optional.iter().map(|o| format!("{o} = true\n")).collect::<String>()
                )
            },
            grid(&self.terrain, '.'),
            grid(&self.elevation, '0'),
            side(0, "blue", "west"),
            side(1, "red", "east"),
        )
    }

    /// Starts a game on this field with loaded dice. Any pre-arranged withdrawal markers of the
    /// first turn are all "No PW" (GBA 6.82); `start_declaring` leaves them to the test.
    pub fn start(&self, dice: &[u8]) -> (Game, Vec<Event>) {
        let (mut game, mut events) = self.start_declaring(dice);
        events.extend(no_pw(&mut game));
        (game, events)
    }

    /// Starts a game on this field with loaded dice, at the first decision of the turn.
    pub fn start_declaring(&self, dice: &[u8]) -> (Game, Vec<Event>) {
        let scenario = sarissa_rules::load("field.toml", &self.toml()).unwrap_or_else(|e| panic!("{e}"));
        Game::new(Arc::new(scenario), Dice::scripted(dice)).expect("the game starts")
    }
}

pub fn activate(id: &str) -> Command {
    Command::Activate { leader: id.into() }
}

pub fn pass(id: &str) -> Command {
    Command::Pass { leader: id.into() }
}

pub fn mv(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Move { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, column: false, with: None }
}

/// The individual orders the active leader has left (5.21); panics outside an orders phase.
pub fn orders_left(game: &Game) -> u8 {
    match &game.state.phase {
        sarissa_rules::game::Phase::Orders { orders_left, .. } => *orders_left,
        other => panic!("not an orders phase: {other:?}"),
    }
}

/// The rule a contingent commander's refusal names (5.6); panics on anything else.
pub fn contingent_refusal(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e @ sarissa_rules::game::RuleError::ContingentCommand { .. }) => e.rule(),
        other => panic!("{command:?}: expected a contingent commander refusal, got {other:?}"),
    }
}

/// Runs a command that must succeed and returns its events.
pub fn ok(game: &mut Game, command: Command) -> Vec<Event> {
    game.execute(&command).unwrap_or_else(|e| panic!("{command:?} refused: {e}"))
}

/// The leaders offered at the current activation decision.
pub fn offered(game: &Game) -> Vec<String> {
    match &game.state.phase {
        sarissa_rules::game::Phase::Activation { leaders, .. } => leaders.clone(),
        other => panic!("not an activation decision: {other:?}"),
    }
}

/// Ends the active leader's orders; if a shock segment follows with nobody obliged to attack,
/// declines it (GBA 9.0, 7.33). Returns every event.
pub fn end_orders(game: &mut Game) -> Vec<Event> {
    let mut events = ok(game, Command::EndOrders);
    if matches!(&game.state.phase, sarissa_rules::game::Phase::Shock { must, .. } if must.is_empty()) {
        events.extend(ok(game, Command::Shock { attackers: Vec::new() }));
    }
    events
}

/// Blue (overall commander "hero" at 0205) against red ("foe" at 1210), with these units.
pub fn two_armies(blue: Vec<String>, red: Vec<String>) -> Field {
    Field {
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

pub fn fire(unit: &str, target: &str) -> Command {
    Command::Fire { unit: unit.into(), target: target.into() }
}

/// Declares no pre-arranged withdrawal for each side asked (GBA 6.82). Returns every event.
pub fn no_pw(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while matches!(game.state.phase, sarissa_rules::game::Phase::PreArranged { .. }) {
        events.extend(ok(game, Command::DeclarePreArranged { lines: Vec::new() }));
    }
    events
}

/// The initiative tie rolls among `events` (5.12): (side, roll) in order.
pub fn tie_rolls(events: &[Event]) -> Vec<(usize, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { roll, purpose: sarissa_rules::game::RollPurpose::InitiativeTie { side } } => {
                Some((*side, *roll))
            }
            _ => None,
        })
        .collect()
}

/// The router's owner picks `hex` (one-hex) or `A-B` (two-hex) at the rout choice now open
/// (GBA 10.21, P120); panics if `unit`'s rout is not waiting on a tie that offers it.
pub fn rout_to(game: &mut Game, unit: &str, hex: &str) -> Vec<Event> {
    use sarissa_rules::scenario::units::Placement;
    let to = match hex.split_once('-') {
        Some((a, b)) => Placement::Two(h(a), h(b)),
        None => Placement::One(h(hex)),
    };
    match &game.state.phase {
        sarissa_rules::game::Phase::RoutChoice { pending, .. } => {
            assert_eq!(pending.unit, unit, "whose rout waits");
            assert!(pending.options.contains(&to), "{hex} is not among {:?}", pending.options);
        }
        other => panic!("no rout choice is open: {other:?}"),
    }
    ok(game, Command::RoutTo { unit: unit.into(), to })
}

/// Answers `unit`'s rout choices with `hexes`, one tie after another (P120); all the events.
pub fn rout_via(game: &mut Game, unit: &str, hexes: &[&str]) -> Vec<Event> {
    hexes.iter().flat_map(|hex| rout_to(game, unit, hex)).collect()
}

/// Answers every rout choice open now, one tie after another, with the first hex by id offered
/// (what the engine took before owners were asked, P34, P120); all the events.
pub fn rout_first(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while let sarissa_rules::game::Phase::RoutChoice { pending, .. } = &game.state.phase {
        let (unit, to) = (pending.unit.clone(), pending.options[0]);
        events.extend(ok(game, Command::RoutTo { unit, to }));
    }
    events
}

/// Blue's slingers at `slingers_at` (facing E) and red's elephant `el` at `el_at` (facing W),
/// for a volley that breaks it; `blue` and `red` add units; overall commanders "hero"
/// (`hero_at`) and "foe" (1210).
pub fn elephant_field(
    rules: &'static str,
    el_at: &str,
    slingers_at: &str,
    blue: Vec<String>,
    red: Vec<String>,
    hero_at: &str,
) -> Field {
    let mut b = vec![unit("slingers", "SK", "S", 1, 5, 6, "S", slingers_at, "E")];
    b.extend(blue);
    let mut r = vec![unit("el", "EL", "", 4, 6, 5, "J", el_at, "W")];
    r.extend(red);
    Field {
        rules,
        units: [b, r],
        leaders: [vec![leader("hero", "overall", 2, 8, hero_at)], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

/// One leg of `el`'s rampage (GBA 11.14): its roll, heading, the hexes entered, whom it ran
/// into, its end, and whether it stopped there for withdrawals (6.77).
pub fn el_leg(
    r: u8,
    heading: Option<sarissa_rules::map::hex::Hexside>,
    path: &[&str],
    collided: &[&str],
    end: Option<sarissa_rules::game::RampageEnd>,
    paused: bool,
) -> Event {
    Event::Rampaged {
        unit: "el".into(),
        roll: r,
        heading,
        path: path.iter().map(|p| h(p)).collect(),
        collided_with: collided.iter().map(|c| c.to_string()).collect(),
        end,
        paused,
    }
}

/// Blue's camp on the test field (CG 12.1), along row 05 going east: 0505 outside | berm | 0605
/// outer (4) | palisade | 0705 third (3) | thorns | 0805 second (2) | wagons | 0905, 0906 royal
/// (1); and 0605 | camp gate | 0706 third (3).
pub const CAMP_ENCLOSURES: [(&str, char); 6] =
    [("0605", '4'), ("0705", '3'), ("0706", '3'), ("0805", '2'), ("0906", '1'), ("0905", '1')];

/// The Chandragupta field round that camp: blue's raja (initiative `blue_init`) at 0209, red's
/// overall commander (initiative `red_init`) at 1210.
pub fn camp_field(blue: Vec<String>, red: Vec<String>, blue_init: u8, red_init: u8) -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        terrain: vec![("0705", 'c'), ("0706", 'c'), ("0805", 'c'), ("0906", 'c'), ("0905", 'c')],
        hexsides: vec![
            ("berm", "0505-0605"),
            ("palisade", "0605-0705"),
            ("camp_gate", "0605-0706"),
            ("thorns", "0705-0805"),
            ("wagons", "0805-0906"),
            ("wagons", "0805-0905"),
        ],
        units: [blue, red],
        leaders: [
            vec![leader("raja", "overall", blue_init, 8, "0209")],
            vec![leader("foe", "overall", red_init, 8, "1210")],
        ],
        ..Field::default()
    }
}

/// The field's file with a camp table held by `side`, of these enclosures.
pub fn camp_toml(f: &Field, side: &str, cells: &[(&str, char)]) -> String {
    format!("{}\n[[map.camp]]\nside = \"{side}\"\nenclosures = \"\"\"\n{}\"\"\"\n", f.toml(), grid(cells, '.'))
}

/// Starts a game on `f` with blue's camp, with loaded dice, past the turn's PW declarations.
pub fn start_camp(f: &Field, dice: &[u8]) -> Game {
    let scenario =
        sarissa_rules::load("field.toml", &camp_toml(f, "blue", &CAMP_ENCLOSURES)).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(Arc::new(scenario), Dice::scripted(dice)).expect("the game starts");
    no_pw(&mut game);
    game
}

/// The camp field of [`camp_field`] with a camp tower (`T`, CG 12.11) at 0705, in the third
/// enclosure: the palisade between it and 0605, the thorns between it and 0805, and open
/// hexsides to 0704 and 0706.
pub fn tower_field(blue: Vec<String>, red: Vec<String>, blue_init: u8, red_init: u8) -> Field {
    let mut f = camp_field(blue, red, blue_init, red_init);
    for (hex, c) in f.terrain.iter_mut() {
        if *hex == "0705" {
            *c = 'T';
        }
    }
    f
}

/// Red's overall commander, moved to 0405, gives no order, and red's `attacker` shocks on the
/// camp field `f` (dice all 5): the lines of the resolved shock (CG 9.17[3], the camp shifts).
pub fn camp_shock_lines(mut f: Field, attacker: &str) -> Vec<String> {
    f.leaders[1] = vec![leader("foe", "overall", 1, 8, "0405")];
    let mut game = start_camp(&f, &[5; 40]);
    ok(&mut game, activate("foe"));
    ok(&mut game, Command::EndOrders);
    assert!(matches!(game.state.phase, sarissa_rules::game::Phase::Shock { .. }), "{:?}", game.state.phase);
    let events = ok(&mut game, Command::Shock { attackers: vec![attacker.into()] });
    events
        .iter()
        .find_map(|e| match e {
            Event::ShockResolved { lines, .. } => Some(lines.clone()),
            _ => None,
        })
        .expect("the shock is resolved")
}

/// A side's Rout Point base in a shipped battle: its combat units' points at set-up (CG 13.12;
/// leaders count only when they fall, charts-draft §8.4).
pub fn rout_base(s: &sarissa_rules::Scenario, side: usize) -> u32 {
    (0..s.units.len())
        .filter(|&i| s.units[i].side == side)
        .map(|i| sarissa_rules::effects::victory::unit_points(s, i))
        .sum()
}

/// The Rout Points of the leader `id` (CG 13.12).
pub fn leader_rout(s: &sarissa_rules::Scenario, id: &str) -> u32 {
    sarissa_rules::effects::victory::leader_points(s, s.leaders.iter().position(|l| l.id == id).unwrap())
}

/// Checks that every Nayaka of a shipped battle starts stacked with a unit of his side of a type
/// he commands (CG 4.34); returns how many each side has.
pub fn nayakas_with_their_units(s: &sarissa_rules::Scenario) -> [usize; 2] {
    let mut count = [0, 0];
    for n in s.leaders.iter().filter(|l| l.role == sarissa_rules::scenario::units::LeaderRole::Nayaka) {
        count[n.side] += 1;
        let under = s.units.iter().find(|u| u.placement.hexes().any(|h| h == n.at)).expect("stacked with a unit");
        assert_eq!(under.side, n.side, "{}", n.id);
        let kind = under.kind.code().to_string();
        let full = under.class.map_or(kind.clone(), |c| format!("{kind}/{}", c.code()));
        assert!(n.line_types.iter().any(|t| t.label() == kind || t.label() == full), "{} on {}", n.id, under.id);
    }
    count
}

/// A small walled city (CG 12.2) on the field, its geometry that of the book's Takshashila
/// example (12.23, 12.25): the main street runs 0403–0407 (north to south; like 2426–2430), a
/// side street leaves it at 0406 for 0506 (like 2429 → 2528), and the square 0606 (like 2628)
/// lies beyond 0506, which is adjacent to 0405 (like 2528 to 2428) but joined to it by no street.
/// Blocks round about, a temple at 0504 and the palace at 0307. The north gate is the hexside
/// 0402–0403; walls close 0403 off from 0303 and 0503.
pub const CITY_TERRAIN: [(&str, char); 15] = [
    ("0403", '='),
    ("0404", '='),
    ("0405", '='),
    ("0406", '='),
    ("0407", '='),
    ("0506", '='),
    ("0606", '+'),
    ("0305", 'B'),
    ("0306", 'B'),
    ("0505", 'B'),
    ("0507", 'B'),
    ("0605", 'B'),
    ("0607", 'B'),
    ("0504", 'H'),
    ("0307", 'P'),
];

/// The `[map.city]` table of [`CITY_TERRAIN`], held by `side`.
pub fn city_table(side: &str) -> String {
    format!("\n[map.city]\nname = \"Testpur\"\nside = \"{side}\"\nstreets = [\"0406 0506\"]\nmain_street = [\"0403 0404 0405 0406 0407\"]\n")
}

/// A Chandragupta field with the city of [`CITY_TERRAIN`] and its north gate and walls.
pub fn city_field(blue: Vec<String>, red: Vec<String>) -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        terrain: CITY_TERRAIN.to_vec(),
        hexsides: vec![("city_gate", "0402-0403"), ("wall", "0303-0403"), ("wall", "0403-0503")],
        units: [blue, red],
        leaders: [vec![leader("raja", "overall", 2, 8, "0109")], vec![leader("foe", "overall", 6, 8, "1210")]],
        ..Field::default()
    }
}

/// Starts a game on a city field with `side`'s city, loaded dice, past the PW declarations.
pub fn start_city(f: &Field, side: &str, dice: &[u8]) -> Game {
    let text = format!("{}{}", f.toml(), city_table(side));
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(Arc::new(scenario), Dice::scripted(dice)).expect("the game starts");
    no_pw(&mut game);
    game
}

/// The index of unit `id` in the game's scenario.
pub fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

/// The rule a refused command names; panics if it is accepted.
pub fn refused_rule(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e) => e.rule(),
        Ok(events) => panic!("{command:?} was accepted: {events:?}"),
    }
}

/// The volleys among `events`: who fired, at what range, how many hits, in reaction to what.
pub fn volleys(events: &[Event]) -> Vec<(String, u8, u8, Option<sarissa_rules::combat::fire::ReactionFire>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MissileFired { unit, range, hits, reaction, .. } => Some((unit.clone(), *range, *hits, *reaction)),
            _ => None,
        })
        .collect()
}

/// `combats` shock combats among `events`, every one resolved before the first rout, and the
/// routs before the first advance (GBA 9.18, CG 9.13; P40).
pub fn strikes_then_routs_then_advances(events: &[Event], combats: usize) {
    let at = |f: &dyn Fn(&Event) -> bool| events.iter().position(f);
    let resolved: Vec<usize> =
        events.iter().enumerate().filter(|(_, e)| matches!(e, Event::ShockResolved { .. })).map(|(i, _)| i).collect();
    assert_eq!(resolved.len(), combats, "{events:?}");
    let first_rout = at(&|e| matches!(e, Event::UnitRouted { .. })).expect("a rout");
    let first_advance = at(&|e| matches!(e, Event::UnitAdvanced { .. })).expect("an advance");
    assert!(first_rout > resolved[combats - 1], "routs wait for every combat's result: {events:?}");
    assert!(first_advance > first_rout, "advances follow the routs: {events:?}");
}

/// The lines of the shock combat among `events`; panics when there is none.
pub fn shock_lines(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .find_map(|e| match e {
            Event::ShockResolved { lines, .. } => Some(lines.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a shock: {events:?}"))
}

/// Every bundled battle file, by name, read from scenarios/ (new battles join by themselves).
pub fn bundled_battles() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(p).unwrap()))
        .collect()
}

/// Plays up to `commands` commands of the random player on `scenario` from `seed`, each one
/// accepted (else panics naming `name`, the seed and the command), handing each command's
/// events to `seen`.
pub fn random_playout(
    name: &str,
    scenario: Arc<sarissa_rules::Scenario>,
    seed: u64,
    commands: usize,
    mut seen: impl FnMut(&[Event]),
) {
    let (mut game, _) = Game::new(scenario, Dice::seeded(seed)).expect("the game starts");
    let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
    for _ in 0..commands {
        let Some(c) = player.choose(&game) else { break };
        let events = game.execute(&c).unwrap_or_else(|e| panic!("{name} seed {seed}: {c:?} refused: {e}"));
        seen(&events);
    }
}

/// A battle file of tests/data, set up mid-play (docs/scenario-format.md "Starting from a
/// position"), started with loaded dice and the activation of `leader`.
pub fn position_at(file: &str, text: &str, dice: &[u8], leader: &str) -> Game {
    let scenario = sarissa_rules::load(file, text).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(Arc::new(scenario), Dice::scripted(dice)).expect("it starts");
    ok(&mut game, activate(leader));
    game
}

/// Starts `f` with loaded dice; blue's "hero" is activated and ends his orders at once, and
/// `attackers` (who did not move) shock in the segment that follows. The game and every event.
pub fn stand_and_shock(f: &Field, attackers: &[&str], dice: &[u8]) -> (Game, Vec<Event>) {
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, Command::EndOrders);
    assert!(matches!(game.state.phase, sarissa_rules::game::Phase::Shock { .. }), "{:?}", game.state.phase);
    events.extend(ok(&mut game, Command::Shock { attackers: attackers.iter().map(|a| a.to_string()).collect() }));
    (game, events)
}
