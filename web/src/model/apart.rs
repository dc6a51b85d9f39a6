//! Games played apart (issue 22 §1): each player on their own device, the game travelling
//! between the two as a link or a file whenever the decision passes to the other side.
//!
//! A game played apart has a record in the library ([`Apart`]): the game's own id, which both
//! devices share (a game is known across devices by it, not by this device's key), the side
//! this device plays, and the last save this device sent. What arrives must continue that save:
//! the same battle, seed and optional rules, and every earlier command unchanged; otherwise it
//! is refused and the game on this device stays as it was.
//!
//! What travels is a [`Parcel`]: the game's id, the side the receiver plays, and a game link
//! (`#/apart/<game>/<side>/g2.…`); as a file, the game's save with the same two marks beside it.
//! Pure data and logic, tested natively.

use crate::model::session::{Seat, Session};
use sarissa_share::Save;
use serde::{Deserialize, Serialize};

/// What the library keeps of a game played apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Apart {
    /// The game's id, the same on both devices.
    pub game: String,
    /// The side this device plays.
    pub side: usize,
    /// The last save this device sent, and when (milliseconds since 1970).
    #[serde(default)]
    pub sent: Option<Save>,
    #[serde(default)]
    pub sent_at: Option<f64>,
    /// A move received and not yet watched: "what happened since" begins after this many
    /// commands.
    #[serde(default)]
    pub unseen_from: Option<usize>,
}

impl Apart {
    /// A game of `side` on this device, nothing sent yet.
    pub fn new(game: String, side: usize) -> Self {
        Self { game, side, sent: None, sent_at: None, unseen_from: None }
    }

    /// Whether the decision now is the other device's: the battle goes on and this side does
    /// not decide. (A question the rules ask this side mid-move is its decision like any.)
    pub fn waiting(&self, session: &Session) -> bool {
        session.game.decider().is_some_and(|side| side != self.side)
    }

    /// Whether this device holds commands the other device has not been sent.
    pub fn unsent(&self, session: &Session) -> bool {
        session.commands.len() > self.sent.as_ref().map_or(0, |s| s.commands.len())
    }

    /// The parcel that sends `save` (this game now) to the other device.
    pub fn parcel(&self, link: String, sides: usize) -> Parcel {
        Parcel { game: self.game.clone(), side: (self.side + 1) % sides.max(1), link }
    }

    /// Notes `save` as sent at `now`.
    pub fn mark_sent(&mut self, save: Save, now: f64) {
        self.sent = Some(save);
        self.sent_at = Some(now);
    }
}

/// The side this device plays when `players` has a side played on another device: the first
/// side not played there. Refused when no side is left to play here.
pub fn side_here(players: &[Seat]) -> Result<Option<usize>, String> {
    if !players.contains(&Seat::Apart) {
        return Ok(None);
    }
    match players.iter().position(|p| *p != Seat::Apart) {
        Some(side) => Ok(Some(side)),
        None => Err("Both sides are set to be played on another device: choose who plays one of them here.".into()),
    }
}

/// Who plays each of `sides` on the device that plays `side`: a person here, the others apart.
pub fn players_for(side: usize, sides: usize) -> Vec<Seat> {
    (0..sides).map(|s| if s == side { Seat::Person } else { Seat::Apart }).collect()
}

/// A move sent to the other device: the game's id, the side the receiver plays, the game link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parcel {
    pub game: String,
    pub side: usize,
    pub link: String,
}

const ROUTE: &str = "apart/";

impl Parcel {
    /// The fragment of the address that opens it: `/apart/<game>/<side>/<link>`.
    pub fn fragment(&self) -> String {
        format!("/{ROUTE}{}/{}/{}", self.game, self.side, self.link)
    }

    /// Reads a fragment written by [`Parcel::fragment`] (with or without its `#`).
    pub fn parse(fragment: &str) -> Option<Self> {
        let path = fragment.trim_start_matches('#').trim_start_matches('/').strip_prefix(ROUTE)?;
        let mut parts = path.splitn(3, '/');
        let (game, side, link) = (parts.next()?, parts.next()?, parts.next()?);
        let side = side.parse().ok()?;
        (is_game_id(game) && sarissa_share::is_link(link)).then(|| Self {
            game: game.to_string(),
            side,
            link: link.to_string(),
        })
    }
}

/// A game id: letters and digits, 1 to 32 of them.
fn is_game_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A new game's id from 64 random bits.
pub fn new_game_id(random: u64) -> String {
    format!("{random:016x}")
}

/// The marks a file sent to the other device carries beside the save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileMark {
    pub game: String,
    pub side: usize,
}

/// The file that sends `stored_json` (the game's stored save) to the other device: the same
/// save, readable by any Sarissa, with the parcel's marks beside it.
pub fn file_text(stored_json: &str, game: &str, side: usize) -> String {
    let mut value: serde_json::Value = serde_json::from_str(stored_json).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        // The sender's seats are not the receiver's: the receiver's come from the mark.
        fields.remove("players");
        let mark = FileMark { game: game.to_string(), side };
        fields.insert("apart".into(), serde_json::to_value(mark).unwrap_or_default());
    }
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// The marks of a file sent by [`file_text`], if it is one.
pub fn file_mark(text: &str) -> Option<FileMark> {
    #[derive(Deserialize)]
    struct Marked {
        apart: Option<FileMark>,
    }
    serde_json::from_str::<Marked>(text.trim_start_matches('\u{feff}')).ok()?.apart.filter(|m| is_game_id(&m.game))
}

/// What to do with a move received for a game this device already has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It continues what this device sent: the game becomes it, and what happened since is
    /// shown from this many commands.
    Continues { seen: usize },
    /// This device has it already (the same link opened twice): nothing changes.
    AlreadyHere,
}

/// Checks a move received (`received`) against the game here: what this device last sent, or,
/// when it has sent nothing yet, the game as it stands here (`local`).
pub fn judge(record: &Apart, local: &Save, received: &Save) -> Result<Verdict, String> {
    let same_start = local.scenario == received.scenario && local.seed == received.seed;
    if same_start && received.commands.len() <= local.commands.len() && local.commands.starts_with(&received.commands) {
        return Ok(Verdict::AlreadyHere);
    }
    let sent = record.sent.as_ref().unwrap_or(local);
    continues(sent, received)?;
    Ok(Verdict::Continues { seen: local.commands.len().min(received.commands.len()) })
}

/// Whether `received` continues `sent` (`sarissa_share::continues`), why not as the end of a
/// player's sentence.
fn continues(sent: &Save, received: &Save) -> Result<(), String> {
    sarissa_share::continues(sent, received).map_err(|divergence| format!("{divergence}."))
}

/// The library's word on a game played apart: "your move (Sogdians)", or "Macedonians to move,
/// on the other device"; `decider` is the side whose decision it is, `name` its name.
pub fn whose_move(record: &Apart, decider: Option<usize>, name: Option<&str>) -> String {
    match (decider, name) {
        (Some(side), Some(name)) if side == record.side => format!("your move ({name})"),
        (Some(_), Some(name)) => format!("{name} to move, on the other device"),
        _ => "the battle is over".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenarios;
    use sarissa_rules::scenario::OptionChanges;
    use std::sync::Arc;

    fn samarkand(seed: u64, commands: usize) -> Session {
        let scenario = Arc::new(scenarios::load("samarkand").unwrap().unwrap());
        let mut s = Session::new(scenario, seed, OptionChanges::new()).unwrap();
        for c in sarissa_rules::play::playout::random_game(&mut s.game.clone(), seed, commands) {
            s.execute(c).unwrap();
        }
        s
    }

    #[test]
    fn the_side_here_is_the_one_not_played_on_another_device() {
        assert_eq!(side_here(&[Seat::Person, Seat::Easy]), Ok(None));
        assert_eq!(side_here(&[]), Ok(None));
        assert_eq!(side_here(&[Seat::Apart, Seat::Person]), Ok(Some(1)));
        assert_eq!(side_here(&[Seat::Person, Seat::Apart]), Ok(Some(0)));
        assert!(side_here(&[Seat::Apart, Seat::Apart]).unwrap_err().contains("choose who plays"));
        assert_eq!(players_for(1, 2), vec![Seat::Apart, Seat::Person]);
    }

    #[test]
    fn a_parcel_round_trips_through_the_address_and_junk_is_not_one() {
        let p = Parcel { game: new_game_id(0xabc), side: 1, link: "g2.AbC_-9".into() };
        assert_eq!(p.game, "0000000000000abc");
        assert_eq!(Parcel::parse(&format!("#{}", p.fragment())), Some(p.clone()));
        for junk in ["#/apart/", "#/apart/x/1", "#/apart/x/one/g2.a", "#/apart/x!/1/g2.a", "#/apart/x/1/hello", "#g2.a"]
        {
            assert_eq!(Parcel::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn a_file_sent_carries_its_marks_and_still_reads_as_a_game_file() {
        let s = samarkand(4, 5).with_players(vec![Seat::Person, Seat::Apart]);
        let text = file_text(&s.to_json(), "00ff", 1);
        assert_eq!(file_mark(&text), Some(FileMark { game: "00ff".into(), side: 1 }));
        let save = sarissa_share::read_save(&text).unwrap();
        assert_eq!(save.commands.len(), s.commands.len());
        assert!(!text.contains("players"), "the sender's seats stay with the sender");
        assert_eq!(file_mark(&s.to_json()), None);
    }

    #[test]
    fn the_decision_passing_to_the_other_side_is_the_moment_to_send() {
        let mut s = samarkand(6, 0);
        let first = s.game.decider().unwrap();
        let record = Apart::new("g".into(), first);
        assert!(!record.waiting(&s));
        let other = Apart::new("g".into(), 1 - first);
        assert!(other.waiting(&s), "the other device waits while this side decides");
        // Played on until the decision is the other side's.
        let commands = sarissa_rules::play::playout::random_game(&mut s.game.clone(), 6, 400);
        for c in commands {
            s.execute(c).unwrap();
            if record.waiting(&s) {
                break;
            }
        }
        assert!(record.waiting(&s) && record.unsent(&s));
        let mut record = record;
        record.mark_sent(s.save().save, 5.0);
        assert!(!record.unsent(&s));
        assert_eq!(record.parcel("g2.x".into(), 2).side, 1 - first);
    }

    #[test]
    fn what_arrives_must_continue_what_was_sent() {
        let played = samarkand(8, 60);
        let all = played.save().save;
        let mut sent = all.clone();
        sent.commands.truncate(40);
        let mut record = Apart::new("g".into(), 0);
        record.mark_sent(sent.clone(), 1.0);
        assert_eq!(judge(&record, &sent, &all), Ok(Verdict::Continues { seen: 40 }));
        assert_eq!(judge(&record, &sent, &sent), Ok(Verdict::AlreadyHere));
        let mut earlier = sent.clone();
        earlier.commands.truncate(30);
        assert_eq!(judge(&record, &sent, &earlier), Ok(Verdict::AlreadyHere));

        let mut changed = all.clone();
        changed.commands[13] = "tampered".into();
        assert_eq!(
            judge(&record, &sent, &changed),
            Err("the history differs from the one you sent, at command 14.".into())
        );
        let mut seed = all.clone();
        seed.seed += 1;
        assert!(judge(&record, &sent, &seed).unwrap_err().contains("dice seed differs"));
        let mut battle = all.clone();
        battle.scenario = "issus".into();
        assert!(judge(&record, &sent, &battle).unwrap_err().contains("another battle"));
        let mut options = all;
        options.options.insert("engaged".into(), true);
        assert!(judge(&record, &sent, &options).unwrap_err().contains("optional rules"));
    }

    #[test]
    fn with_nothing_sent_yet_what_arrives_must_continue_the_game_here() {
        let played = samarkand(9, 30);
        let mut here = played.save().save;
        here.commands.truncate(10);
        let record = Apart::new("g".into(), 1);
        assert_eq!(judge(&record, &here, &played.save().save), Ok(Verdict::Continues { seen: 10 }));
    }

    #[test]
    fn the_library_says_whose_move_it_is() {
        let record = Apart::new("g".into(), 1);
        assert_eq!(whose_move(&record, Some(1), Some("Sogdians")), "your move (Sogdians)");
        assert_eq!(whose_move(&record, Some(0), Some("Macedonians")), "Macedonians to move, on the other device");
        assert_eq!(whose_move(&record, None, None), "the battle is over");
    }
}
