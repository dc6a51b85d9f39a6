//! Playing a battle, hotseat: the prompt says whose decision it is; the map offers exactly the
//! legal orders (from the engine's queries) and previews them; every command is saved at once.

use crate::browser::storage::{store_session, store_soon};
use crate::components::apart::SendMove;
use crate::components::computer::{self, Thinking};
use crate::components::later::{LaterMap, LaterPanel};
use crate::components::layers::{add_layers, LayerButtons, Layers};
use crate::components::line_gesture;
use crate::components::map::{Overlay, Reveal};
use crate::components::orders::{
    body_withdrawals, choice_label, command_to, ending_in, escort_label, facing_arrow, fire_targets, formation_toggle,
    leaders_to_move, rout_choice_at, still_in_hand, unit_buttons, unit_in, units_to_order, withdrawing, BodyWithdrawal,
};
use crate::components::prompt::Prompt;
use crate::components::standing_orders::StandingSheet;
use crate::components::topbar::TopBar;
use crate::model::session::{Session, Unlogged};
use sarissa_rules::combat::odds::missile_odds;
use sarissa_rules::game::Phase;
use sarissa_rules::movement::withdrawal::{leader_withdrawals, unit_withdrawals, withdrawal_volley};
use sarissa_rules::movement::{leader_reach, Destination};
use sarissa_rules::play::legal::rout_ways;
use sarissa_rules::play::line_plan::{body_plans, Gesture, LinePlan};
use sarissa_rules::{Command, Game, HexId};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct PlayProps {
    /// The game's key in the library, under which every command is saved.
    pub game_id: AttrValue,
    pub session: Rc<Session>,
    /// What the players should be told as the game opens (a move of its save that no longer
    /// replays, a game file of an earlier battle).
    #[prop_or_default]
    pub note: Option<AttrValue>,
    pub on_exit: Callback<()>,
    /// The record of a game played apart (issue 22): which side this device plays.
    #[prop_or_default]
    pub apart: Option<crate::model::apart::Apart>,
}

impl PartialEq for PlayProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.session, &other.session) && self.game_id == other.game_id
    }
}

/// Screen pixels of the map's right side under the shock's odds sheet (styles.css, `.odds`).
const ODDS_SHEET: f64 = 350.0;
/// The height the line gesture's bar covers at the top of the map (CSS .line-gesture, two rows).
const LINE_BAR: f64 = 110.0;

#[function_component(PlayScreen)]
pub fn play_screen(props: &PlayProps) -> Html {
    let session = use_state(|| props.session.clone());
    let selected = use_state(|| None::<HexId>);
    let ordering = use_state(|| None::<usize>);
    let target = use_state(|| None::<HexId>);
    let focus = use_state(Vec::<HexId>::new);
    // A leader being moved: his index and whether on the overall commander's order (4.4).
    let riding = use_state(|| None::<(usize, bool)>);
    let error = use_state(|| props.note.as_ref().map(|n| n.to_string()));
    // The shock segment: optional attackers picked so far (9.11).
    let shock_chosen = use_state(Vec::<String>::new);
    // The formation the move in progress ends in: the unit's own unless toggled (6.61).
    let column_wanted = use_state(|| None::<bool>);
    // A line chosen to withdraw as a body (6.78, 6.83): its index among `lines`.
    let line_chosen = use_state(|| None::<usize>);
    // The contingent commander going along with the move in progress, if toggled on (5.68).
    let escort = use_state(|| None::<usize>);
    // A game resumed from its checkpoint: its log and undo come as its history is read back.
    crate::components::read_back::use_read_back(props.game_id.clone(), session.clone(), error.clone());
    // The drawer over the map with the details, the log and the battle's story: shut, so the
    // map has the screen, until the player opens it or taps something to read about.
    let drawer = use_state(|| false);
    // The overlays the player has switched on: enemy zones of control, command range.
    let layers = use_state(Layers::default);
    // A line moved as a body (issue 20 §4): the plan shown, and the units set aside from it.
    let line_pick = use_state(|| None::<Gesture>);
    let line_aside = use_state(Vec::<usize>::new);
    // Single keys press the buttons on screen; the prompt's buttons are numbered (issue 20 §6).
    crate::components::keys::use_shortcuts();

    let key = Rc::as_ptr(&*session) as usize;
    let game: Rc<Game> = use_memo(key, {
        let s = session.clone();
        move |_| s.game.clone()
    });
    let log = session.log.clone();
    // While the computer decides, the person has nothing to choose: the engine is not asked
    // what they might order (issue 19: those queries ran in each of the computer's commands'
    // tasks, and in the tap's task that hands it the decision).
    let computer_decides = session.computer_to_decide().is_some();
    let orderable = use_memo(key, {
        let g = game.clone();
        move |_| if computer_decides { Vec::new() } else { units_to_order(&g) }
    });
    let rides: Rc<std::collections::BTreeMap<HexId, (u8, Vec<HexId>)>> = use_memo((key, *riding), {
        let g = game.clone();
        move |(_, r)| {
            r.map(|(l, by)| match g.state.phase {
                Phase::Reaction { .. } | Phase::RampageWithdrawal { .. } => {
                    leader_withdrawals(&g.scenario, &g.state, l)
                }
                // CG 12.44: a retiring commander's moves are the engine's to allow.
                _ => {
                    let limit = sarissa_rules::works::retire::move_limit(&g.scenario, &g.state, l);
                    leader_reach(&g.scenario, &g.state, l, by)
                        .into_iter()
                        .filter(|(_, (_, path))| limit.as_ref().is_none_or(|m| m.refusal(path).is_none()))
                        .collect()
                }
            })
            .unwrap_or_default()
        }
    });
    let lines: Rc<Vec<BodyWithdrawal>> = use_memo(key, {
        let g = game.clone();
        move |_| if computer_decides { Vec::new() } else { body_withdrawals(&g) }
    });
    let movable = use_memo(key, {
        let g = game.clone();
        move |_| if computer_decides { Vec::new() } else { leaders_to_move(&g) }
    });
    let volleys: Rc<Vec<(HexId, String, String)>> = use_memo((key, *ordering), {
        let g = game.clone();
        move |(_, unit)| unit.map(|u| fire_targets(&g, u)).unwrap_or_default()
    });
    let harassments: Rc<Vec<(String, Command)>> = use_memo((key, *ordering), {
        let g = game.clone();
        move |(_, unit)| unit.map(|u| unit_buttons(&g, u)).unwrap_or_default()
    });
    let all_destinations: Rc<Vec<Destination>> = use_memo((key, *ordering), {
        let g = game.clone();
        move |(_, unit)| {
            unit.map(|u| match &g.state.phase {
                Phase::Reaction { .. } | Phase::RampageWithdrawal { .. } => unit_withdrawals(&g.scenario, &g.state, u),
                // Ordered already this phase: it may only fire, or move on after its fire (8.11).
                Phase::Orders { ordered, .. }
                    if ordered.contains(&g.scenario.units[u].id)
                        && sarissa_rules::movement::move_and_fire::refusal(&g.scenario, &g.state, u).is_some() =>
                {
                    Vec::new()
                }
                _ => sarissa_rules::play::legal::destinations(&g.scenario, &g.state, u),
            })
            .unwrap_or_default()
        }
    });
    // In column or in line: the engine's destinations in the formation the move is to end in.
    let column_now = ordering.is_some_and(|u| game.state.units[u].column);
    let wanted = column_wanted.unwrap_or(column_now);
    let can_change = all_destinations.iter().any(|d| d.column != column_now);
    let destinations: Rc<Vec<Destination>> = use_memo((key, *ordering, wanted), {
        let all = all_destinations.clone();
        move |(_, _, wanted)| all.iter().filter(|d| d.column == *wanted).cloned().collect()
    });
    let on_formation = {
        let (column_wanted, target) = (column_wanted.clone(), target.clone());
        Callback::from(move |_| {
            column_wanted.set(Some(!wanted));
            target.set(None);
        })
    };

    // A game played on: the screen takes it, with why a command of it was refused, if one was.
    let adopt = {
        let game_id = props.game_id.clone();
        let (session, ordering, target, error, focus, riding) =
            (session.clone(), ordering.clone(), target.clone(), error.clone(), focus.clone(), riding.clone());
        let (shock_chosen, column_wanted, line_chosen, escort) =
            (shock_chosen.clone(), column_wanted.clone(), line_chosen.clone(), escort.clone());
        let (selected, line_pick, line_aside) = (selected.clone(), line_pick.clone(), line_aside.clone());
        Callback::from(move |(next, refused): (Rc<Session>, Option<String>)| {
            let watched = (*selected).and_then(|h| unit_in(&session.game, h));
            error.set(refused);
            line_pick.set(None);
            line_aside.set(Vec::new());
            // The unit just ordered stays in hand while the engine lets it still shoot
            // or move on (8.11), so its shot is offered without tapping it again.
            let in_hand = (*ordering).filter(|&u| still_in_hand(&next.game, u));
            // The details follow the unit they are about.
            if let Some(u) = in_hand.or(watched) {
                let st = &next.game.state.units[u];
                selected.set(st.placement.hexes().next().filter(|_| !st.eliminated));
            }
            store_soon(&game_id, next.clone(), Callback::from(error.setter()).reform(Some));
            session.set(next);
            ordering.set(in_hand);
            target.set(None);
            focus.set(Vec::new());
            riding.set(None);
            shock_chosen.set(Vec::new());
            column_wanted.set(None);
            line_chosen.set(None);
            escort.set(None);
        })
    };
    // Any side's commands given in turn until one is refused, and whether standing orders gave
    // them (issues 20, 22); a person's gestures go through `execute`.
    let play_many_as = {
        let (session, error, adopt) = (session.clone(), error.clone(), adopt.clone());
        // Taken at once, in the tap's task: a second tap must meet the game this one made (a
        // command carried out here and adopted a task later let a quick second tap, or an undo,
        // play on the game before it). The map and the drawer are drawn in later tasks (`later`).
        Callback::from(move |(commands, standing): (Vec<Command>, bool)| {
            match played_unlogged(&session, commands, standing) {
                (_, 0, Some(e), _) => error.set(Some(e)),
                (mut next, _, refused, unlogged) => {
                    if let Some(unlogged) = unlogged {
                        next.write_log(unlogged);
                    }
                    adopt.emit((Rc::new(next), refused));
                }
            }
        })
    };
    let play_many = play_many_as.reform(|commands: Vec<Command>| (commands, false));
    let play_as = play_many_as.reform(|(command, standing): (Command, bool)| (vec![command], standing));
    let play_any = play_many.reform(|c: Command| vec![c]);
    // The computer's commands (issue 21) are played out by its own hook, then adopted.
    crate::components::computer::use_computer_turn(session.clone(), adopt, error.clone());
    // A leader passed in one tap (issue 20), and the standing orders' answers (issues 20, 22).
    let passing = use_state(|| None::<String>);
    crate::components::standing_orders::use_automatic_answers(session.clone(), passing.clone(), play_as);
    let on_pass = {
        let passing = passing.clone();
        Callback::from(move |leader: String| passing.set(Some(leader)))
    };
    let sheet = use_state(|| false);
    let on_standing = {
        let (session, error, game_id) = (session.clone(), error.clone(), props.game_id.clone());
        Callback::from(move |sides| {
            let mut next = (**session).clone();
            next.standing.sides = sides;
            error.set(store_session(&game_id, &next).err());
            session.set(Rc::new(next));
        })
    };
    let execute = crate::components::computer::people_only(&session, play_any, error.clone());
    let execute = crate::components::apart::ours_only(props.apart.as_ref(), &session, execute, error.clone());
    // The line's plans, the engine's (play::line_plan); a person's only.
    let line_plans_now: Rc<Vec<LinePlan>> = use_memo((key, (*line_aside).clone()), {
        let g = game.clone();
        move |(_, aside)| if computer_decides { Vec::new() } else { body_plans(&g, aside) }
    });
    let shown_plan = line_pick.and_then(|g| line_plans_now.iter().find(|p| p.gesture == g).cloned());
    let on_line_plan = {
        let (line_pick, plans) = (line_pick.clone(), line_plans_now.clone());
        Callback::from(move |k: Option<usize>| line_pick.set(k.and_then(|k| plans.get(k)).map(|p| p.gesture)))
    };
    let on_line_confirm = {
        let (plan, play_many) = (shown_plan.clone(), play_many.clone());
        Callback::from(move |_| {
            if let Some(p) = &plan {
                play_many.emit(p.moves.clone());
            }
        })
    };
    // Several reactions answered together: those still legal in the same pause, then its end
    // (reactions.rs asks the engine at each).
    let on_answers = {
        let (game, play_many) = (game.clone(), play_many.clone());
        Callback::from(move |answers: Vec<Command>| {
            play_many.emit(crate::components::reactions::in_one_pause(&game, &answers));
        })
    };
    let on_toggle_shock = {
        let shock_chosen = shock_chosen.clone();
        Callback::from(move |id: String| {
            let mut v = (*shock_chosen).clone();
            if let Some(k) = v.iter().position(|x| *x == id) {
                v.remove(k);
            } else {
                v.push(id);
            }
            shock_chosen.set(v);
        })
    };

    let on_select = {
        let (game, selected, ordering, target, orderable, destinations) =
            (game.clone(), selected.clone(), ordering.clone(), target.clone(), orderable.clone(), destinations.clone());
        let (riding, rides, execute, volleys) = (riding.clone(), rides.clone(), execute.clone(), volleys.clone());
        let (on_toggle_shock, column_wanted, line_chosen, escort) =
            (on_toggle_shock.clone(), column_wanted.clone(), line_chosen.clone(), escort.clone());
        let drawer = drawer.clone();
        let (line_pick, line_aside) = (line_pick.clone(), line_aside.clone());
        Callback::from(move |hex: HexId| {
            // A line's plan shown: a tap on a unit of the line sets it aside or takes it back.
            if line_pick.is_some() {
                let line = sarissa_rules::combat::line_entry::moving_line(&game.state).unwrap_or_default();
                if let Some(u) = unit_in(&game, hex).filter(|&u| line.contains(&game.scenario.units[u].id)) {
                    let mut aside = (*line_aside).clone();
                    match aside.iter().position(|&x| x == u) {
                        Some(k) => drop(aside.remove(k)),
                        None => aside.push(u),
                    }
                    line_aside.set(aside);
                }
                return;
            }
            // A router's owner choosing: a tap on a bright hex sends it there (10.21, 10.32).
            if let Phase::RoutChoice { pending, .. } = &game.state.phase {
                if let Some(c) = rout_choice_at(&game, &pending.options, hex) {
                    execute.emit(c);
                }
                return;
            }
            // A tap on the map sets aside a line chosen to withdraw as a body (6.78, 6.83).
            if line_chosen.is_some() {
                line_chosen.set(None);
            }
            // The shock segment: a tap on a ringed unit adds it to the attack or takes it out.
            if let Phase::Shock { optional, .. } = &game.state.phase {
                let here = game.scenario.units.iter().enumerate().find(|(i, u)| {
                    optional.contains(&u.id) && game.state.units[*i].placement.hexes().any(|h| h == hex)
                });
                if let Some((_, u)) = here {
                    on_toggle_shock.emit(u.id.clone());
                    return;
                }
            }
            // A tap on a red-ringed enemy fires at it (8.11).
            if let Some(u) = *ordering {
                if let Some((_, _, target)) = volleys.iter().find(|(h, ..)| *h == hex) {
                    execute.emit(Command::Fire { unit: game.scenario.units[u].id.clone(), target: target.clone() });
                    return;
                }
            }
            // Riding: a tap on a bright hex sends the leader there by his cheapest path.
            if let Some((l, _)) = *riding {
                if let Some((_, path)) = rides.get(&hex) {
                    let (leader, path) = (game.scenario.leaders[l].id.clone(), path.clone());
                    execute.emit(match game.state.phase {
                        Phase::Reaction { .. } | Phase::RampageWithdrawal { .. } => {
                            Command::WithdrawLeader { leader, path }
                        }
                        _ => Command::MoveLeader { leader, path },
                    });
                    return;
                }
                riding.set(None);
            }
            if ordering.is_some() {
                if !ending_in(&destinations, hex).is_empty() {
                    target.set(Some(hex));
                    return;
                }
                ordering.set(None);
                target.set(None);
            }
            let unit_here =
                orderable.iter().copied().find(|&u| game.state.units[u].placement.hexes().any(|h| h == hex));
            if let Some(u) = unit_here {
                column_wanted.set(None);
                escort.set(None);
                ordering.set(Some(u));
                target.set(None);
                selected.set(Some(hex));
                return;
            }
            let now = if *selected == Some(hex) { None } else { Some(hex) };
            if now.is_some() {
                drawer.set(true);
            }
            selected.set(now);
        })
    };

    // 5.68: the contingent commander toggled on goes along; the engine checks him.
    let escorted = {
        let (game, escort) = (game.clone(), escort.clone());
        move |c: Command| match *escort {
            Some(l) => c.with_rider(&game.scenario.leaders[l].id),
            None => c,
        }
    };
    // A horse archer withdrawing may shoot as it goes (6.76): each way to end is offered twice.
    let shoot: Option<String> = ordering.and_then(|u| {
        let fire = withdrawal_volley(&game.scenario, &game.state, u)?;
        let odds = missile_odds(&fire).ok()?;
        Some(format!("{:.0}%", (1.0 - odds.hits.first().map_or(0.0, |p| p.to_f64())) * 100.0))
    });
    let on_choice = {
        let (game, ordering, target, destinations, execute) =
            (game.clone(), ordering.clone(), target.clone(), destinations.clone(), execute.clone());
        let shooting = shoot.is_some();
        Callback::from(move |i: usize| {
            let (Some(u), Some(t)) = (*ordering, *target) else {
                return;
            };
            let (k, fire) = if shooting { (i / 2, i % 2 == 1) } else { (i, false) };
            if let Some(d) = ending_in(&destinations, t).get(k) {
                let command = match command_to(withdrawing(&game.state.phase), &game.scenario.units[u].id, d) {
                    Command::Withdraw { unit, path, facing, with, .. } => {
                        Command::Withdraw { unit, path, facing, fire, with }
                    }
                    other => other,
                };
                execute.emit(escorted(command));
            }
        })
    };
    // An arrow on the map makes the same choice as its button (the plain one, when each way
    // is offered with and without a volley).
    let on_facing = {
        let step = if shoot.is_some() { 2 } else { 1 };
        on_choice.reform(move |k: usize| k * step)
    };
    // The toggles: the contingent commanders stacked with the unit being ordered (5.68).
    let escorts: Vec<(String, usize, bool)> = ordering
        .filter(|_| !all_destinations.is_empty())
        .map(|u| sarissa_rules::command::contingent::riders(&game.scenario, &game.state, u, &[]))
        .unwrap_or_default()
        .into_iter()
        .map(|l| (escort_label(&game.scenario.leaders[l].name), l, *escort == Some(l)))
        .collect();
    let on_escort = {
        let escort = escort.clone();
        Callback::from(move |l: usize| escort.set(if *escort == Some(l) { None } else { Some(l) }))
    };
    let on_cancel = {
        let (ordering, target, riding, line_chosen) =
            (ordering.clone(), target.clone(), riding.clone(), line_chosen.clone());
        Callback::from(move |_| {
            ordering.set(None);
            target.set(None);
            riding.set(None);
            line_chosen.set(None);
        })
    };
    let on_line = {
        let (ordering, target, riding, line_chosen) =
            (ordering.clone(), target.clone(), riding.clone(), line_chosen.clone());
        Callback::from(move |k: usize| {
            ordering.set(None);
            target.set(None);
            riding.set(None);
            line_chosen.set(Some(k));
        })
    };
    let on_ride = {
        let (riding, ordering, target, movable) = (riding.clone(), ordering.clone(), target.clone(), movable.clone());
        Callback::from(move |l: usize| {
            ordering.set(None);
            target.set(None);
            riding.set(movable.iter().copied().find(|(i, _)| *i == l));
        })
    };
    let on_undo = {
        let game_id = props.game_id.clone();
        let (session, ordering, target, error) = (session.clone(), ordering.clone(), target.clone(), error.clone());
        Callback::from(move |_| {
            let mut next = (**session).clone();
            match next.undo() {
                Ok(()) => {
                    error.set(None);
                    let next = Rc::new(next);
                    store_soon(&game_id, next.clone(), Callback::from(error.setter()).reform(Some));
                    session.set(next);
                    ordering.set(None);
                    target.set(None);
                }
                Err(e) => error.set(Some(e.to_string())),
            }
        })
    };
    let on_close = {
        let selected = selected.clone();
        Callback::from(move |_| selected.set(None))
    };
    let on_log = {
        let (log, focus, game) = (log.clone(), focus.clone(), game.clone());
        Callback::from(move |i: usize| {
            let Some(entry) = log.get(i) else { return };
            // Pick out where the entry's units are now, and where it happened.
            let mut hexes = entry.hexes.clone();
            for id in &entry.units {
                if let Some(u) = game.scenario.units.iter().position(|u| &u.id == id) {
                    hexes.extend(game.state.units[u].placement.hexes());
                }
                if let Some(l) = game.scenario.leaders.iter().position(|l| &l.id == id) {
                    hexes.push(game.state.leaders[l].at);
                }
            }
            sarissa_rules::game::sorting::sort(&mut hexes);
            hexes.dedup();
            focus.set(hexes);
        })
    };

    // What the map shows for the order in progress.
    let in_orders = matches!(game.state.phase, Phase::Orders { .. });
    let overlay = {
        let mut o = Overlay { focus: (*focus).clone(), ..Overlay::default() };
        match *ordering {
            Some(u) => {
                let start: Vec<HexId> = game.state.units[u].placement.hexes().collect();
                let mut hexes: Vec<HexId> = destinations.iter().flat_map(|d| d.placement.hexes()).collect();
                hexes.extend(start.iter().copied());
                sarissa_rules::game::sorting::sort(&mut hexes);
                hexes.dedup();
                o.reachable = hexes;
                o.fire_targets = volleys.iter().map(|(h, chance, _)| (*h, chance.clone())).collect();
                if let Some(t) = *target {
                    let options = ending_in(&destinations, t);
                    if let Some(best) = options.first() {
                        // A one-hex unit's path as a line; a two-hex unit's end pose is outlined.
                        if !best.placement.is_two_hex() {
                            o.path = start.first().copied().into_iter().chain(best.path.iter().copied()).collect();
                        }
                        o.outline = best.placement.hexes().collect();
                    }
                    o.arrows = options.iter().enumerate().map(|(k, d)| facing_arrow(k, t, d)).collect();
                }
            }
            // The computer's decision: nothing for the person to choose is picked out.
            None if computer_decides => {}
            // The shock: the combats picked out, optional attackers ringed.
            None if matches!(game.state.phase, Phase::Shock { .. }) => {
                if let Phase::Shock { optional, .. } = &game.state.phase {
                    for (c, _) in
                        sarissa_rules::combat::shock_segment::preview(&game.scenario, &game.state, &shock_chosen)
                    {
                        o.focus.extend(sarissa_rules::combat::shock_segment::combat_hexes(&game.state, &c));
                    }
                    o.orderable = game
                        .scenario
                        .units
                        .iter()
                        .enumerate()
                        .filter(|(_, u)| optional.contains(&u.id))
                        .flat_map(|(i, _)| game.state.units[i].placement.hexes())
                        .collect();
                }
            }
            // A cavalry line chosen to withdraw: its units outlined, where the first plan
            // takes them picked out (6.78).
            None if line_chosen.is_some() => {
                if let Some(line) = line_chosen.and_then(|k| lines.get(k)) {
                    o.outline = line.units.iter().flat_map(|&u| game.state.units[u].placement.hexes()).collect();
                    o.focus.extend(line.ends());
                }
            }
            // A router's owner choosing: the router picked out, the hexes it may go to bright
            // (10.21, 10.32).
            None if matches!(game.state.phase, Phase::RoutChoice { .. }) => {
                if let Phase::RoutChoice { pending, .. } = &game.state.phase {
                    o.reachable = pending.options.iter().flat_map(|p| p.hexes()).collect();
                    // Every whole path bright, the rules' preferred one drawn (10.21, P120).
                    let ways = rout_ways(&game, crate::components::prompt::ROUT_WAYS_SHOWN);
                    o.reachable.extend(ways.iter().flat_map(|w| w.hexes.iter().copied()));
                    if let Some(i) = game.scenario.units.iter().position(|u| u.id == pending.unit) {
                        o.focus.extend(game.state.units[i].placement.hexes());
                        let from = game.state.units[i].placement.hexes().next();
                        o.path =
                            from.into_iter().chain(ways.first().into_iter().flat_map(|w| w.hexes.clone())).collect();
                    }
                }
            }
            // A rampaging elephant: picked out, with the units that may step out of its way
            // ringed (6.77), and the leaders who may, as in a reaction (4.62, P190).
            None if riding.is_none() && matches!(game.state.phase, Phase::RampageWithdrawal { .. }) => {
                if let Phase::RampageWithdrawal { rampage, leaders, .. } = &game.state.phase {
                    if let Some(i) = game.scenario.units.iter().position(|u| u.id == rampage.unit) {
                        o.focus.extend(game.state.units[i].placement.hexes());
                    }
                    for id in leaders {
                        if let Some(i) = game.scenario.leaders.iter().position(|l| &l.id == id) {
                            o.focus.push(game.state.leaders[i].at);
                        }
                    }
                }
                o.orderable = orderable.iter().flat_map(|&u| game.state.units[u].placement.hexes()).collect();
            }
            None if riding.is_some() => {
                o.reachable = rides.keys().copied().collect();
                if let Some((l, _)) = *riding {
                    o.reachable.push(game.state.leaders[l].at);
                }
            }
            // A reaction: pick out the enemy that came up and the units that may turn (7.16);
            // ring those that may withdraw (6.7) and the leaders who may (4.62).
            None if matches!(game.state.phase, Phase::Reaction { .. }) => {
                if let Phase::Reaction { mover, reactors, leaders, line_fire, .. } = &game.state.phase {
                    // 8.21: after a line's move, its units that may be shot at, red-ringed with
                    // the best chance of a hit, and the units that may shoot.
                    if line_fire.is_some() {
                        let (sc, st) = (&game.scenario, &game.state);
                        for (f, _) in sarissa_rules::combat::fire::reaction_firers(sc, st) {
                            o.focus.extend(st.units[f].placement.hexes());
                            for t in sarissa_rules::combat::fire::reaction_targets(sc, st, f) {
                                let chance = missile_odds(&t.fire)
                                    .map(|d| 1.0 - d.hits.first().map_or(0.0, |p| p.to_f64()))
                                    .unwrap_or(0.0);
                                if !o.fire_targets.iter().any(|(h, _)| *h == t.hex) {
                                    o.fire_targets.push((t.hex, format!("{:.0}%", chance * 100.0)));
                                }
                            }
                        }
                    }
                    for id in reactors.iter().chain(std::iter::once(mover).filter(|_| line_fire.is_none())) {
                        if let Some(i) = game.scenario.units.iter().position(|u| &u.id == id) {
                            o.focus.extend(game.state.units[i].placement.hexes());
                        }
                    }
                    // An enemy leader riding alone is the mover when Darius is asked (9.24).
                    for id in leaders.iter().chain(std::iter::once(mover)) {
                        if let Some(i) = game.scenario.leaders.iter().position(|l| &l.id == id) {
                            o.focus.push(game.state.leaders[i].at);
                        }
                    }
                }
                o.orderable = orderable.iter().flat_map(|&u| game.state.units[u].placement.hexes()).collect();
            }
            None if in_orders => {
                o.orderable = orderable.iter().flat_map(|&u| game.state.units[u].placement.hexes()).collect();
            }
            None => {}
        }
        if let (Some(plan), None) = (&shown_plan, *ordering) {
            crate::components::line_gesture::show_plan(&game, plan, &mut o);
        }
        let chosen = (*ordering).or_else(|| (*selected).and_then(|h| unit_in(&game, h)));
        add_layers(&game, *layers, chosen, &mut o);
        Rc::new(o)
    };

    let s = &game.scenario;
    let ordering_label = ordering.map(|u| (s.units[u].name.clone(), target.is_some()));
    // Leaders who may ride now: the active one, and (for the overall commander) the leaders in
    // the selected hex (4.23, 4.4).
    let active = match &game.state.phase {
        Phase::Orders { leader, .. } => s.leaders.iter().position(|l| &l.id == leader),
        _ => None,
    };
    let reacting = withdrawing(&game.state.phase);
    let riders: Vec<(String, usize)> = movable
        .iter()
        .filter(|(l, _)| reacting || Some(*l) == active || selected.is_some_and(|h| game.state.leaders[*l].at == h))
        .map(|(l, _)| (format!("{} {}", if reacting { "Withdraw" } else { "Move" }, s.leaders[*l].name), *l))
        .collect();
    let riding_label = riding.map(|(l, _)| s.leaders[l].name.clone());
    // The game as a file, whenever wanted, and the way out when the browser will not store it.
    let save_file = {
        let (session, error) = (session.clone(), error.clone());
        Callback::from(move |_| {
            let json = serde_json::to_string_pretty(&session.save()).unwrap_or_default();
            let name = crate::browser::files::file_name(&session.game.scenario.meta.name);
            if let Err(e) = crate::browser::files::download(&name, &json) {
                error.set(Some(e));
            }
        })
    };
    // Issue 21: who plays each side, kept with the game (a game from a link comes with none).
    let on_seat = {
        let (game_id, session, error) = (props.game_id.clone(), session.clone(), error.clone());
        Callback::from(move |(side, seat): (usize, crate::model::session::Seat)| {
            let mut players: Vec<_> = (0..session.game.scenario.sides.len()).map(|k| session.seat(k)).collect();
            players[side] = seat;
            let next = (**session).clone().with_players(players);
            error.set(store_session(&game_id, &next).err());
            session.set(Rc::new(next));
        })
    };
    let toggle_drawer = {
        let drawer = drawer.clone();
        Callback::from(move |_| drawer.set(!*drawer))
    };
    let toggle_sheet = {
        let sheet = sheet.clone();
        Callback::from(move |_| sheet.set(!*sheet))
    };
    let on_layers = {
        let layers = layers.clone();
        Callback::from(move |l: Layers| layers.set(l))
    };
    let on_hide = {
        let drawer = drawer.clone();
        Callback::from(move |_| drawer.set(false))
    };
    // The shock's odds sheet covers the right of the map: the combats it describes are kept
    // clear of it. A line's plan is brought into view below the gesture's bar before it is
    // confirmed.
    let reveal = match (&game.state.phase, &shown_plan) {
        (Phase::Shock { .. }, _) if ordering.is_none() => {
            Reveal { hexes: overlay.focus.clone(), covered_right: ODDS_SHEET, ..Reveal::default() }
        }
        (_, Some(plan)) if ordering.is_none() => {
            Reveal { hexes: line_gesture::plan_hexes(&game, plan), covered_top: LINE_BAR, ..Reveal::default() }
        }
        _ => Reveal::default(),
    };
    html! {
        <div class="app playing">
            <TopBar game={game.clone()} seats={(0..s.sides.len()).map(|k| session.seat(k)).collect::<Vec<_>>()} {on_seat}
                drawer={*drawer} on_drawer={toggle_drawer} standing={*sheet} on_standing={toggle_sheet}
                on_save={save_file} on_exit={props.on_exit.clone()} />
            if let (Some(text), Some(side)) = (computer::thinking_text(&session), game.decider()) {
                <Thinking text={text} {side} turn={game.state.turn} error={(*error).clone()} />
            } else if let Some(record) = props.apart.clone().filter(|r| r.waiting(&session)) {
                <SendMove game_id={props.game_id.clone()} session={(*session).clone()} {record} refused={(*error).clone()} />
            } else {
            <Prompt game={game.clone()} ordering={ordering_label} orderable={orderable.len()} can_fire={!volleys.is_empty()} harass={(*harassments).clone()} can_undo={session.can_undo() && !withdrawing(&game.state.phase)} undo_refused={session.undo_refused().map(AttrValue::from)}
                error={(*error).clone()} on_command={execute} {on_cancel} {on_undo} {on_pass}
                choices={target.map(|t| ending_in(&destinations, t).into_iter().flat_map(|d| {
                    let plain = choice_label(d);
                    let volley = shoot.as_ref().map(|p| format!("{plain} · shoot as it goes ({p})"));
                    std::iter::once(plain).chain(volley)
                }).collect::<Vec<_>>()).unwrap_or_default()}
                {on_choice} {riders} riding={riding_label} {on_ride}
                formation={formation_toggle(column_now, wanted, can_change && !reacting)} {on_formation}
                {escorts} {on_escort}
                shock_chosen={(*shock_chosen).clone()} {on_toggle_shock}
                lines={lines.iter().map(|l| l.label.clone()).collect::<Vec<_>>()} {on_line}
                line_choice={line_chosen.and_then(|k| lines.get(k)).map(|l| l.label.clone())}
                line_plans={line_chosen.and_then(|k| lines.get(k)).map(|l| l.choices.clone()).unwrap_or_default()} {on_answers} />
            if let Some(record) = props.apart.clone().filter(|r| r.last_to_send(&session)) {
                <SendMove game_id={props.game_id.clone()} session={(*session).clone()} {record} />
            }
            }
            <div class="battle">
                <LaterMap game={game.clone()} selected={*selected} {on_select} {overlay} {on_facing} {reveal} />
                <LayerButtons layers={*layers} {on_layers} />
                <crate::components::keys::KeysHelp />
                if ordering.is_none() {
                    <crate::components::line_gesture::LineGesture plans={line_plans_now.iter().map(|p| (line_gesture::plan_label(p), line_gesture::plan_class(p))).collect::<Vec<_>>()}
                        chosen={shown_plan.as_ref().and_then(|p| line_plans_now.iter().position(|q| q == p))}
                        aside={line_aside.len()} on_choose={on_line_plan} on_confirm={on_line_confirm} />
                }
                if *sheet {
                    <StandingSheet orders={session.standing.sides.clone()} names={s.sides.iter().map(|x| x.name.clone()).collect::<Vec<_>>()} on_change={on_standing}
                        units={crate::components::standing_orders::units_by_side(s)} theirs={props.apart.as_ref().map(|r| r.other_side())}
                        computer={(0..s.sides.len()).map(|k| session.seat(k).level().is_some()).collect::<Vec<_>>()}
                        on_close={{ let sheet = sheet.clone(); Callback::from(move |_| sheet.set(false)) }} />
                }
                <LaterPanel game={game.clone()} selected={*selected} {on_close} log={log.clone()} {on_log} drawer=true open={*drawer} {on_hide} />
            </div>
        </div>
    }
}

/// `commands` played in turn on a copy of `session` until one is refused (as standing orders'
/// answers when `standing`): the game after them, how many were played, why the next was
/// refused, and the last one's entries in the log, still to be written (`Session::write_log`)
/// in a task of their own (issue 19).
pub fn played_unlogged(
    session: &Session,
    commands: Vec<Command>,
    standing: bool,
) -> (Session, usize, Option<String>, Option<Unlogged>) {
    let mut next = session.clone();
    let (mut done, mut last) = (0, None);
    for command in commands {
        // Each command's entries are written before the next is played.
        if let Some(previous) = last.take() {
            next.write_log(previous);
        }
        match if standing { next.execute_standing_unlogged(command) } else { next.execute_unlogged(command) } {
            Ok(unlogged) => {
                done += 1;
                last = Some(unlogged);
            }
            Err(e) => return (next, done, Some(e.to_string()), last),
        }
    }
    (next, done, None, last)
}
