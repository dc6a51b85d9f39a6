//! Playing apart in the browser (issue 22): beginning a game apart with this device's dice
//! sealed; the bar that replaces the prompt while the decision is the other device's ("send
//! your move", through the share sheet, with this side's standing orders), and once the battle
//! is over ("send the last move"); the refusal of a gesture for the other side; and taking in a
//! move received by link or file, checked, with this device's next die value revealed. The
//! rules of it (what continues what, who plays which side, when the dice are sealed and
//! revealed) are `model::apart`'s.

use crate::browser::files::{download, file_name};
use crate::browser::storage::{load_game, load_library, now, open_game, resume_game, save_library, store_session};
use crate::components::counters::side_class;
use crate::components::share::ShareSheet;
use crate::model::apart::{answered_by_orders, file_text, judge, judge_first, players_for, Apart, Parcel, Verdict};
use crate::model::scenarios;
use crate::model::session::{restore, Session, Stored};
use crate::model::sharing::Links;
use sarissa_rules::play::notation;
use sarissa_rules::play::standing::StandingOrders;
use sarissa_rules::Command;
use sarissa_share::{encode_game_link, Save, SEALED_DICE_HELP};
use std::rc::Rc;
use yew::prelude::*;

/// 32 bytes from the browser's cryptographic generator, for a game's secret (P300).
fn draw_secret() -> Result<[u8; 32], String> {
    let mut secret = [0u8; 32];
    getrandom::getrandom(&mut secret)
        .map_err(|e| format!("This browser gave no secure random numbers for sealing the dice ({e})."))?;
    Ok(secret)
}

/// Begins game `key` (just stored) apart, this device playing `side` of it, under `id`, the id
/// both devices will know it by: its record, with a new secret, and this device's dice sealed
/// before anyone moves (P300).
pub fn begin(key: &str, id: String, side: usize, mut session: Session) -> Result<(), String> {
    let record = Apart::new(id, side).with_secret(&draw_secret()?);
    record.settle_dice(&mut session, true)?;
    store_session(key, &session)?;
    update_record(key, |r| *r = Some(record))
}

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
/// words (the other device decides it, or the standing orders it sent answer it).
pub fn ours_only(
    record: Option<&Apart>,
    session: &Session,
    play: Callback<Command>,
    error: UseStateHandle<Option<String>>,
) -> Callback<Command> {
    let theirs = |r: &&Apart| r.waiting(session) || session.game.decider().is_some_and(|d| d != r.side);
    match record.filter(theirs) {
        Some(r) if !r.waiting(session) => Callback::from(move |_| {
            error.set(Some("This decision is the other player's: their standing orders answer it.".into()))
        }),
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

/// This side's standing orders, which travel with its moves (issue 22 §2).
fn orders_here(record: &Apart, session: &Session) -> StandingOrders {
    session.standing.sides.get(record.side).cloned().unwrap_or_default()
}

/// The game now as the parcel for the other device, with this side's standing orders, and
/// the save it holds.
fn parcel_now(record: &Apart, session: &Session) -> Result<(Parcel, Save), String> {
    let save = session.save().save;
    let link = encode_game_link(&save, scenarios::battle).map_err(|e| e.to_string())?;
    Ok((record.parcel(link, &orders_here(record, session)), save))
}

/// What the bar says: the battle's end to send, the seal awaited, or the other side deciding.
fn waiting_text(record: &Apart, session: &Session) -> String {
    let game = &session.game;
    let name = |side: usize| game.scenario.sides.get(side).map(|s| s.name.clone()).unwrap_or_default();
    if record.last_to_send(session) {
        "The battle is over. Send the last move, so that the other player sees the end.".into()
    } else if record.awaiting_seal(game) {
        "Your dice are sealed. Send the game to the other player: once they seal theirs, the battle begins.".into()
    } else {
        format!("The decision is now with {}, on the other player’s device.", name(game.decider().unwrap_or(0)))
    }
}

/// The prompt bar while the other device decides, or once the battle is over and its end is
/// not sent: whose decision it is, "send your move", and what sealed dice guarantee.
#[function_component(SendMove)]
pub fn send_move(p: &SendProps) -> Html {
    let sheet = use_state(|| None::<Result<Links, String>>);
    let sent = use_state(|| !p.record.unsent(&p.session));
    let error = use_state(|| None::<String>);
    let game = &p.session.game;
    let side = game.decider().unwrap_or(p.record.side);
    let open = {
        let (sheet, sent, record, session, id) =
            (sheet.clone(), sent.clone(), p.record.clone(), p.session.clone(), p.game_id.clone());
        Callback::from(move |_: MouseEvent| {
            let links = parcel_now(&record, &session).and_then(|(parcel, save)| {
                update_record(&id, |r| {
                    if let Some(r) = r {
                        r.mark_sent(save, orders_here(&record, &session), now());
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
            let parcel = record.parcel(String::new(), &orders_here(&record, &session));
            let name = file_name(&format!("{} your move", session.game.scenario.meta.name));
            error.set(download(&name, &file_text(&json, &parcel)).err());
        })
    };
    let close = {
        let sheet = sheet.clone();
        Callback::from(move |_| sheet.set(None))
    };
    let last = p.record.last_to_send(&p.session);
    let button = match (last, *sent) {
        (true, false) => "Send the last move",
        (true, true) => "Send the last move again",
        (false, false) => "Send your move",
        (false, true) => "Send your move again",
    };
    html! {
        <>
            // The last move's bar goes below the prompt, which says how the battle ended.
            <div class={classes!(if last { "apart-last" } else { "prompt apart-waiting" }, side_class(side))} role="status" aria-live="polite" data-turn={game.state.turn.to_string()}>
                <span class={if last { "apart-text" } else { "prompt-text" }}>{ waiting_text(&p.record, &p.session) }</span>
                if let Some(e) = error.as_ref().or(p.refused.as_ref()) { <span class="prompt-error" role="alert">{ e }</span> }
                <span class="prompt-buttons">
                    <button class="play send-move" onclick={open}>{ button }</button>
                </span>
                if p.record.secret.is_some() {
                    <details class="sealed-help"><summary>{ "Sealed dice: what they guarantee" }</summary><p>{ SEALED_DICE_HELP }</p></details>
                }
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

/// Takes in `save`, received for game `game` of which this device plays `side`, with the
/// sender's standing `orders`: a game already here must be continued by it, its dice and this
/// side's answers checked (else it is refused and the game stays as it was); a game not here
/// yet joins the library, with a new secret. What happened since is marked to be shown; the
/// game is kept exactly as received until the player decides ([`decide`]).
pub fn receive(game: &str, side: usize, orders: Option<StandingOrders>, save: &Save) -> Received {
    let library = load_library();
    let here = library.games.iter().find(|g| g.apart.as_ref().is_some_and(|a| a.game == game));
    let refused = |why: String| format!("The move received was not taken in: {why} Your game is as it was.");
    let Some(entry) = here else {
        judge_first(save).map_err(refused)?;
        let record = Apart { unseen_from: Some(0), ..Apart::new(game.to_string(), side).with_secret(&draw_secret()?) };
        // Nothing sent yet, no orders: no decision of this side can have been taken there.
        answers_checked(&record, save, 0).map_err(refused)?;
        let mut session = take_in(save, side).map_err(refused)?;
        session.standing.sides[record.other_side()] = orders.unwrap_or_default();
        let id = library.new_id(now());
        store_session(&id, &session)?;
        update_record(&id, |r| *r = Some(record))?;
        return Ok((id, None));
    };
    let (id, record) = (entry.id.clone(), entry.apart.clone().unwrap_or_else(|| Apart::new(game.into(), side)));
    let stored = load_game(&id).and_then(|j| sarissa_share::read_json::<Stored>(&j).ok());
    let stored = stored.ok_or("That game's save on this device could not be read.")?;
    match judge(&record, &stored.save, save).map_err(refused)? {
        Verdict::AlreadyHere => {
            open_game(&id)?;
            Ok((id, Some("You have this move already: the game is as it was.".into())))
        }
        Verdict::Continues { seen } => {
            let given = answers_checked(&record, save, seen).map_err(refused)?;
            let mut session = take_in(save, record.side).map_err(refused)?;
            let mut standing = stored.standing;
            standing.given.retain(|&i| i < seen);
            standing.given.extend(given);
            if let Some(orders) = orders {
                standing.sides[record.other_side()] = orders;
            }
            session = session.with_standing(standing);
            store_session(&id, &session)?;
            update_record(&id, |r| *r = Some(Apart { unseen_from: Some(seen), ..record }))?;
            Ok((id, None))
        }
    }
}

/// The player has watched what happened since and takes the decision on game `id`: first this
/// device settles its dice (its seal once the other side has sealed, its next value when the
/// decision is its own: P300–P304), then the game goes on.
pub fn decide(id: &str) -> Result<(), String> {
    let record = load_library().get(id).and_then(|g| g.apart.clone());
    if let Some(record) = record {
        let (mut session, _) = resume_game(id).ok_or("That game is no longer on this device.")??;
        let before = session.commands.len();
        record.settle_dice(&mut session, false)?;
        if session.commands.len() > before {
            store_session(id, &session)?;
        }
    }
    update_record(id, |r| r.iter_mut().for_each(|r| r.unseen_from = None))
}

/// Issue 22 §2: the questions of this side the other device answered in `save` after its first
/// `seen` commands were answered as the orders this device sent say; their indices.
fn answers_checked(record: &Apart, save: &Save, seen: usize) -> Result<Vec<usize>, String> {
    let commands = save.commands.iter().map(|l| notation::parse(l).map_err(|e| e.to_string()));
    let commands: Vec<Command> = commands.collect::<Result<Vec<_>, _>>()?.into_iter().flatten().collect();
    let before = Save { commands: save.commands[..seen.min(save.commands.len())].to_vec(), ..save.clone() };
    let restored = sarissa_share::restore(&before, scenarios::battle).map_err(|e| format!("{e}."))?;
    if let Some(problem) = restored.problem {
        return Err(problem.to_string());
    }
    let orders = record.orders_sent.clone().unwrap_or_default();
    answered_by_orders(restored.game, &commands, seen, record.side, &orders)
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
