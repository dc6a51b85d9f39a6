//! Playing apart in the browser (issue 22 §1): the bar that replaces the prompt while the
//! decision is the other device's ("send your move", through the share sheet), the refusal of a
//! gesture for the other side, and taking in a move received by link or file. The rules of it
//! (what continues what, who plays which side) are `model::apart`'s.

use crate::browser::files::{download, file_name};
use crate::browser::storage::{load_game, load_library, now, open_game, save_library, store_session};
use crate::components::counters::side_class;
use crate::components::share::ShareSheet;
use crate::model::apart::{file_text, judge, players_for, Apart, Parcel, Verdict};
use crate::model::scenarios;
use crate::model::session::{restore, Session, Stored};
use crate::model::sharing::Links;
use sarissa_rules::Command;
use sarissa_share::{encode_game_link, Save};
use std::rc::Rc;
use yew::prelude::*;

/// Changes the record of game `id` of the library (its apart record), and saves the library.
pub fn update_record(id: &str, change: impl FnOnce(&mut Option<Apart>)) -> Result<(), String> {
    let mut library = load_library();
    let Some(entry) = library.games.iter_mut().find(|g| g.id == id) else {
        return Err("That game is no longer on this device.".into());
    };
    change(&mut entry.apart);
    save_library(&library)
}

/// `play` for this device's side only: a gesture for the other side's decision is refused in
/// words (the other device decides it).
pub fn ours_only(
    record: Option<&Apart>,
    session: &Session,
    play: Callback<Command>,
    error: UseStateHandle<Option<String>>,
) -> Callback<Command> {
    match record.filter(|r| r.waiting(session)) {
        Some(_) => Callback::from(move |_| {
            error.set(Some("This decision is the other player's, on their device: send them your move.".into()))
        }),
        None => play,
    }
}

#[derive(Properties, Clone)]
pub struct SendProps {
    pub game_id: AttrValue,
    pub session: Rc<Session>,
    pub record: Apart,
    /// A gesture refused on the play screen (the other side's decision), said here.
    #[prop_or_default]
    pub refused: Option<String>,
}

impl PartialEq for SendProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.session, &other.session)
            && self.game_id == other.game_id
            && self.record == other.record
            && self.refused == other.refused
    }
}

/// The game now as the parcel for the other device, and the save it holds.
fn parcel_now(record: &Apart, session: &Session) -> Result<(Parcel, Save), String> {
    let save = session.save().save;
    let link = encode_game_link(&save, scenarios::battle).map_err(|e| e.to_string())?;
    Ok((record.parcel(link, session.game.scenario.sides.len()), save))
}

/// The prompt bar while the other device decides: whose decision it is, and "send your move".
#[function_component(SendMove)]
pub fn send_move(p: &SendProps) -> Html {
    let sheet = use_state(|| None::<Result<Links, String>>);
    let sent = use_state(|| !p.record.unsent(&p.session));
    let error = use_state(|| None::<String>);
    let game = &p.session.game;
    let side = game.decider().unwrap_or(0);
    let name = game.scenario.sides.get(side).map(|s| s.name.clone()).unwrap_or_default();
    let open = {
        let (sheet, sent, record, session, id) =
            (sheet.clone(), sent.clone(), p.record.clone(), p.session.clone(), p.game_id.clone());
        Callback::from(move |_: MouseEvent| {
            let links = parcel_now(&record, &session).and_then(|(parcel, save)| {
                update_record(&id, |r| {
                    if let Some(r) = r {
                        r.mark_sent(save, now());
                    }
                })?;
                Ok(Links { game: Some(parcel.fragment()), position: String::new() })
            });
            sent.set(links.is_ok());
            sheet.set(Some(links));
        })
    };
    let file = {
        let (record, session, id, error) = (p.record.clone(), p.session.clone(), p.game_id.clone(), error.clone());
        Callback::from(move |_| {
            let json = load_game(&id).unwrap_or_else(|| session.to_json());
            let receiver = record.parcel(String::new(), session.game.scenario.sides.len()).side;
            let name = file_name(&format!("{} your move", session.game.scenario.meta.name));
            error.set(download(&name, &file_text(&json, &record.game, receiver)).err());
        })
    };
    let close = {
        let sheet = sheet.clone();
        Callback::from(move |_| sheet.set(None))
    };
    let text = format!("The decision is now with {name}, on the other player’s device.");
    html! {
        <>
            <div class={classes!("prompt", "apart-waiting", side_class(side))} role="status" aria-live="polite" data-turn={game.state.turn.to_string()}>
                <span class="prompt-text">{ text }</span>
                if let Some(e) = error.as_ref().or(p.refused.as_ref()) { <span class="prompt-error" role="alert">{ e }</span> }
                <span class="prompt-buttons">
                    <button class="play send-move" onclick={open}>{ if *sent { "Send your move again" } else { "Send your move" } }</button>
                </span>
            </div>
            if let Some(links) = &*sheet {
                <ShareSheet name={game.scenario.meta.name.clone()} links={links.clone()} apart=true on_save_file={file} on_close={close} />
            }
        </>
    }
}

/// What became of a move received: the key of its game on this device, and what to tell the
/// player.
pub type Received = Result<(String, Option<String>), String>;

/// Takes in `save`, received for game `game` of which this device plays `side`: a game already
/// here must be continued by it (else it is refused and the game stays as it was); a game not
/// here yet joins the library. What happened since is marked to be shown.
pub fn receive(game: &str, side: usize, save: &Save) -> Received {
    let library = load_library();
    let here = library.games.iter().find(|g| g.apart.as_ref().is_some_and(|a| a.game == game));
    let Some(entry) = here else {
        let session = take_in(save, side)?;
        let id = library.new_id(now());
        store_session(&id, &session)?;
        update_record(&id, |r| *r = Some(Apart { unseen_from: Some(0), ..Apart::new(game.to_string(), side) }))?;
        return Ok((id, None));
    };
    let (id, record) = (entry.id.clone(), entry.apart.clone().unwrap_or_else(|| Apart::new(game.into(), side)));
    let stored = load_game(&id).and_then(|j| serde_json::from_str::<Stored>(&j).ok());
    let local = stored.ok_or("That game's save on this device could not be read.")?.save;
    let refused = |why: String| format!("The move received was not taken in: {why} Your game is as it was.");
    match judge(&record, &local, save).map_err(refused)? {
        Verdict::AlreadyHere => {
            open_game(&id)?;
            Ok((id, Some("You have this move already: the game is as it was.".into())))
        }
        Verdict::Continues { seen } => {
            let session = take_in(save, record.side).map_err(refused)?;
            store_session(&id, &session)?;
            update_record(&id, |r| *r = Some(Apart { unseen_from: Some(seen), ..record }))?;
            Ok((id, None))
        }
    }
}

/// The game of `save`, every command of it replayed, played here as `side`.
fn take_in(save: &Save, side: usize) -> Result<Session, String> {
    let (session, _) = restore(&save.to_json(), scenarios::battle)?;
    let sides = session.game.scenario.sides.len();
    if side >= sides {
        return Err(format!("it names side {} of a battle of {sides} sides.", side + 1));
    }
    if session.commands.len() != save.commands.len() {
        let k = session.commands.len() + 1;
        return Err(format!("its command {k} breaks the rules here."));
    }
    Ok(session.with_players(players_for(side, sides)))
}
