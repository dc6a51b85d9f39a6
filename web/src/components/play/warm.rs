//! The shock's resolution made ready while the players read its odds (issue 19). V8 compiles a
//! wasm function the first time it runs, in the task that calls it: a game's first shock ran
//! most of the engine's combat, rout and advance code and the log's wording of them for the
//! first time in the tap's task (Granicus, unthrottled: the first `Game::execute` 9.7 ms, the
//! next 0.37 ms; 0.8 ms the first time with Chromium's lazy compilation off). So the shock the
//! button would give is carried out once on a copy of the game, worded, and thrown away, in a
//! task of its own a moment after the prompt is drawn: the tap then finds that code compiled.
//! The copy changes nothing the game keeps; the engine's kept zones of control are kept by the
//! state they were worked out for, so the tap's results are the same.

use super::{played_unlogged, Screen};
use gloo::timers::callback::Timeout;
use sarissa_rules::game::Phase;
use sarissa_rules::Command;

/// How long after the shock's prompt is drawn the copy is played: after the map's and the
/// drawer's own tasks (`later`), so as not to lengthen them.
const AFTER_MS: u32 = 150;

/// Plays the shock the prompt offers on a copy of the game, once per position and choice of
/// attackers, while a person decides it.
#[yew::hook]
pub(super) fn use_ready_shock(s: &Screen) {
    let offered = matches!(s.game.state.phase, Phase::Shock { .. }) && !s.computer_decides;
    let key = (std::rc::Rc::as_ptr(&*s.session) as usize, (*s.picks.shock_chosen).clone(), offered);
    let session = (*s.session).clone();
    yew::use_effect_with(key, move |(_, chosen, offered)| {
        let command = Command::Shock { attackers: chosen.clone() };
        let timer = offered.then(|| {
            Timeout::new(AFTER_MS, move || {
                if let (mut copy, 1, None, Some(unlogged)) = played_unlogged(&session, vec![command], false) {
                    copy.write_log(unlogged);
                }
            })
        });
        move || drop(timer)
    });
}
