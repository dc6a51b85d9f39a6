//! Games played apart (issue 22 §1): each player on their own device, the game travelling
//! between the two as a link or a file whenever the decision passes to the other side.
//!
//! A game played apart has a record in the library ([`Apart`]): the game's own id, which both
//! devices share (a game is known across devices by it, not by this device's key), the side
//! this device plays, the last save this device sent, and this device's secret for the sealed
//! dice. What arrives must continue that save: the same battle, seed and optional rules, every
//! earlier command unchanged, every revealed die value matching its seal
//! (`sarissa_share::verify_exchange`), and every question of this side answered as its standing
//! orders say; otherwise it is refused and the game on this device stays as it was.
//!
//! Sealed dice (§3, P300–P304): the device that begins the game seals its dice at once and
//! sends the game before anyone moves; the other seals its own on joining. From then on each
//! device, when its player has watched a move received and takes the decision, reveals the next
//! value of its chain before anything else: a move is kept exactly as it came until then, so
//! both devices hold the same game.
//!
//! What travels is a [`Parcel`]: the game's id, the side the receiver plays, the sender's
//! standing orders, and a game link (`#/apart/<game>/<side>/o1.…/g2.…`); as a file, the game's
//! save with the same marks beside it. Pure data and logic, tested natively.

use crate::model::session::{Seat, Session};
use crate::model::standing::{orders_code, read_orders_code};
use sarissa_rules::game::{Phase, SealedDice};
use sarissa_rules::play::standing::{answer, StandingOrders};
use sarissa_rules::{Command, Game};
use sarissa_share::{DiceChain, Save};
use serde::{Deserialize, Serialize};
use std::fmt;

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
    /// This device's secret for the game's sealed dice; games from before sealed dice have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<Secret>,
    /// The standing orders sent with the last move: the other device answers this side's
    /// questions by them, and what comes back is checked against them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders_sent: Option<StandingOrders>,
}

/// This device's secret for a game's sealed dice: 32 bytes as 64 hex digits. It never leaves
/// the device (only its seal and, one by one, the values of its chain do), nor any log.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    pub fn new(bytes: &[u8; 32]) -> Self {
        Self(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The chain of sealed values it begins; `None` if the stored secret was damaged.
    fn chain(&self) -> Option<DiceChain> {
        let mut bytes = [0u8; 32];
        if self.0.len() != 64 {
            return None;
        }
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(self.0.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(DiceChain::new(&bytes))
    }
}

impl Apart {
    /// A game of `side` on this device, nothing sent yet.
    pub fn new(game: String, side: usize) -> Self {
        Self { game, side, sent: None, sent_at: None, unseen_from: None, secret: None, orders_sent: None }
    }

    /// The same, with `secret` to seal its dice.
    pub fn with_secret(self, secret: &[u8; 32]) -> Self {
        Self { secret: Some(Secret::new(secret)), ..self }
    }

    /// The other side, the one played on the other device.
    pub fn other_side(&self) -> usize {
        1 - self.side.min(1)
    }

    /// Whether the decision now is the other device's: the battle goes on and this side does
    /// not decide, nor do the other side's standing orders answer (a question the rules ask
    /// this side mid-move is its decision like any); or this side has sealed its dice and the
    /// other has not yet (P301: nobody moves before both have).
    pub fn waiting(&self, session: &Session) -> bool {
        let theirs = session.game.decider().is_some_and(|side| side != self.side);
        self.awaiting_seal(&session.game) || theirs && session.standing_answer().is_none()
    }

    /// This device has sealed its dice, and the other has not yet.
    pub fn awaiting_seal(&self, game: &Game) -> bool {
        let sealed = game.state.sealed_dice.clone().unwrap_or_default();
        sealed.commitments[self.side.min(1)].is_some() && sealed.commitments[self.other_side()].is_none()
    }

    /// The battle is over and the other device has not been sent its end.
    pub fn last_to_send(&self, session: &Session) -> bool {
        matches!(session.game.state.phase, Phase::Over { .. }) && self.unsent(session)
    }

    /// Whether this device holds commands the other device has not been sent.
    pub fn unsent(&self, session: &Session) -> bool {
        session.commands.len() > self.sent.as_ref().map_or(0, |s| s.commands.len())
    }

    /// The parcel that sends the game (its link `link`) and this side's standing `orders` to
    /// the other device.
    pub fn parcel(&self, link: String, orders: &StandingOrders) -> Parcel {
        Parcel { game: self.game.clone(), side: self.other_side(), orders: Some(orders.clone()), link }
    }

    /// Notes `save` as sent at `now`, with `orders`.
    pub fn mark_sent(&mut self, save: Save, orders: StandingOrders, now: f64) {
        self.sent = Some(save);
        self.sent_at = Some(now);
        self.orders_sent = Some(orders);
    }

    /// The seal and reveal this device owes the game `session` now, carried out (P300, P301,
    /// P304): its seal when it begins the game (`beginning`) or once the other side has sealed;
    /// then, once both have sealed and the decision is this side's, the next value of its
    /// chain, unless it revealed last. A game without a secret (begun before sealed dice) is
    /// left as it is.
    pub fn settle_dice(&self, session: &mut Session, beginning: bool) -> Result<(), String> {
        let Some(chain) = self.secret.as_ref().map(|s| s.chain().ok_or(DAMAGED_SECRET)).transpose()? else {
            return Ok(());
        };
        let sealed = |s: &Session| s.game.state.sealed_dice.clone().unwrap_or_default();
        let (mine, theirs) = (self.side.min(1), self.other_side());
        if sealed(session).commitments[mine].is_none() && (beginning || sealed(session).commitments[theirs].is_some()) {
            session.execute(chain.seal(mine)).map_err(|e| e.to_string())?;
        }
        if reveal_due(&sealed(session), session.game.decider(), mine) {
            let reveal = chain.next_reveal(&session.save().save, mine).map_err(|e| format!("{e}."))?;
            session.execute(reveal).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

const DAMAGED_SECRET: &str = "This device's secret for the game's dice is damaged, so it cannot reveal its next value.";

/// P301, P302, P304: `side` reveals now when both have sealed, the decision is its own, and it
/// did not reveal last.
fn reveal_due(sealed: &SealedDice, decider: Option<usize>, side: usize) -> bool {
    sealed.commitments.iter().all(Option::is_some) && decider == Some(side) && sealed.last_revealer != Some(side)
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

/// A move sent to the other device: the game's id, the side the receiver plays, the sender's
/// standing orders (none from an earlier version), the game link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parcel {
    pub game: String,
    pub side: usize,
    pub orders: Option<StandingOrders>,
    pub link: String,
}

const ROUTE: &str = "apart/";

impl Parcel {
    /// The fragment of the address that opens it: `/apart/<game>/<side>/<orders>/<link>`.
    pub fn fragment(&self) -> String {
        let orders = self.orders.as_ref().map(|o| format!("{}/", orders_code(o))).unwrap_or_default();
        format!("/{ROUTE}{}/{}/{orders}{}", self.game, self.side, self.link)
    }

    /// Reads a fragment written by [`Parcel::fragment`] (with or without its `#`), or by an
    /// earlier version (no orders).
    pub fn parse(fragment: &str) -> Option<Self> {
        let path = fragment.trim_start_matches('#').trim_start_matches('/').strip_prefix(ROUTE)?;
        let mut parts = path.splitn(3, '/');
        let (game, side, rest) = (parts.next()?, parts.next()?, parts.next()?);
        let side = side.parse().ok()?;
        let (orders, link) = match rest.split_once('/') {
            Some((code, link)) => (Some(read_orders_code(code)?), link),
            None => (None, rest),
        };
        (is_game_id(game) && sarissa_share::is_link(link)).then(|| Self {
            game: game.to_string(),
            side,
            orders,
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
    /// The sender's standing orders (issue 22 §2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<StandingOrders>,
}

/// The file that sends `stored_json` (the game's stored save) to the other device: the same
/// save, readable by any Sarissa, with the parcel's marks beside it.
pub fn file_text(stored_json: &str, parcel: &Parcel) -> String {
    let mut value: serde_json::Value = serde_json::from_str(stored_json).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        // The sender's seats and orders are not the receiver's: the mark carries what travels.
        fields.remove("players");
        fields.remove("standing");
        let mark = FileMark { game: parcel.game.clone(), side: parcel.side, orders: parcel.orders.clone() };
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
    sarissa_share::read_json::<Marked>(text.trim_start_matches('\u{feff}')).ok()?.apart.filter(|m| is_game_id(&m.game))
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
/// when it has sent nothing yet, the game as it stands here (`local`). It must continue it and
/// every die value in it must match its seal (`sarissa_share::verify_exchange`, P303, P304).
pub fn judge(record: &Apart, local: &Save, received: &Save) -> Result<Verdict, String> {
    let same_start = local.scenario == received.scenario && local.seed == received.seed;
    if same_start && received.commands.len() <= local.commands.len() && local.commands.starts_with(&received.commands) {
        return Ok(Verdict::AlreadyHere);
    }
    let sent = record.sent.as_ref().unwrap_or(local);
    sarissa_share::verify_exchange(sent, received).map_err(|why| format!("{why}."))?;
    Ok(Verdict::Continues { seen: local.commands.len().min(received.commands.len()) })
}

/// Checks a game received for the first time: every die value in it matches its seal (P303).
pub fn judge_first(received: &Save) -> Result<(), String> {
    sarissa_share::verify_seals(received).map(|_| ()).map_err(|why| format!("{why}."))
}

/// Issue 22 §2: the commands from `from` on that the other device gave for `side` (this
/// device's), from the game `before` them, must each be the answer `side`'s standing `orders`
/// give there (the orders this device sent; none sent, none answer). Returns their indices, to
/// log them as standing orders; refuses the first that is not.
pub fn answered_by_orders(
    mut before: Game,
    commands: &[Command],
    from: usize,
    side: usize,
    orders: &StandingOrders,
) -> Result<Vec<usize>, String> {
    let mut given = Vec::new();
    for (index, command) in commands.iter().enumerate().skip(from) {
        let dice = matches!(command, Command::SealDice { .. } | Command::RevealDice { .. });
        if !dice && before.decider() == Some(side) {
            if answer(&before, orders).as_ref() != Some(command) {
                return Err(format!(
                    "command {} answers a question of your side otherwise than your standing orders say.",
                    index + 1
                ));
            }
            given.push(index);
        }
        before.execute(command).map_err(|e| format!("its command {} breaks the rules here ({e}).", index + 1))?;
    }
    Ok(given)
}

/// The library's word on a game played apart: "your move (Sogdians)", or "Macedonians to move,
/// on the other device"; `decider` is the side whose decision it is, `name` its name. Once the
/// game is sent with this side's seal alone: waiting for the other player to join.
pub fn whose_move(record: &Apart, decider: Option<usize>, name: Option<&str>) -> String {
    let sealed_here = record.sent.as_ref().and_then(|s| sarissa_share::verify_seals(s).ok());
    match (decider, name) {
        _ if decider.is_some()
            && sealed_here.is_some_and(|r| {
                r.commitments[record.side.min(1)].is_some() && r.commitments[record.other_side()].is_none()
            }) =>
        {
            "sent; waiting for the other player to join".into()
        }
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
        let scenario = Arc::new(scenarios::load("samarkand").unwrap());
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
        let p = Parcel { game: new_game_id(0xabc), side: 1, orders: None, link: "g2.AbC_-9".into() };
        assert_eq!(p.game, "0000000000000abc");
        assert_eq!(p.fragment(), "/apart/0000000000000abc/1/g2.AbC_-9", "as an earlier version wrote it");
        assert_eq!(Parcel::parse(&format!("#{}", p.fragment())), Some(p.clone()));
        let with_orders = Parcel { orders: Some(StandingOrders::answer_all()), ..p };
        assert_eq!(with_orders.fragment(), "/apart/0000000000000abc/1/o1.1111111/g2.AbC_-9");
        assert_eq!(Parcel::parse(&with_orders.fragment()), Some(with_orders));
        for junk in [
            "#/apart/",
            "#/apart/x/1",
            "#/apart/x/one/g2.a",
            "#/apart/x!/1/g2.a",
            "#/apart/x/1/hello",
            "#g2.a",
            "#/apart/x/1/o1.9/g2.a",
            "#/apart/x/1/o1.0000000/hello",
        ] {
            assert_eq!(Parcel::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn a_file_sent_carries_its_marks_and_still_reads_as_a_game_file() {
        let s = samarkand(4, 5).with_players(vec![Seat::Person, Seat::Apart]);
        let parcel = Apart::new("00ff".into(), 0).parcel(String::new(), &StandingOrders::answer_all());
        let text = file_text(&s.to_json(), &parcel);
        let orders = Some(StandingOrders::answer_all());
        assert_eq!(file_mark(&text), Some(FileMark { game: "00ff".into(), side: 1, orders }));
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
        record.mark_sent(s.save().save, StandingOrders::default(), 5.0);
        assert!(!record.unsent(&s));
        assert_eq!(record.parcel("g2.x".into(), &StandingOrders::default()).side, 1 - first);
    }

    #[test]
    fn what_arrives_must_continue_what_was_sent() {
        let played = samarkand(8, 60);
        let all = played.save().save;
        let mut sent = all.clone();
        sent.commands.truncate(40);
        let mut record = Apart::new("g".into(), 0);
        record.mark_sent(sent.clone(), StandingOrders::default(), 1.0);
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

    /// One device of a game played apart: its record and its copy of the game.
    struct Device {
        record: Apart,
        session: Session,
    }

    impl Device {
        /// Begins Samarkand (seed `seed`) apart, this device playing side 0: its dice sealed at once.
        fn begin(seed: u64) -> Self {
            let scenario = Arc::new(scenarios::load("samarkand").unwrap());
            let session = Session::new(scenario, seed, OptionChanges::new()).unwrap().with_players(players_for(0, 2));
            let mut device = Self { record: Apart::new("g".into(), 0).with_secret(&[1; 32]), session };
            device.record.settle_dice(&mut device.session, true).unwrap();
            device
        }

        /// Plays random legal commands until the decision is the other device's (or the end).
        fn play_until_theirs(&mut self, seed: u64) {
            for k in 0..200 {
                if self.record.waiting(&self.session) || self.session.game.decider().is_none() {
                    return;
                }
                let next = sarissa_rules::play::playout::random_game(&mut self.session.game.clone(), seed + k, 1);
                self.session.execute(next[0].clone()).unwrap();
            }
        }

        fn send(&mut self) -> Save {
            let save = self.session.save().save;
            self.record.mark_sent(save.clone(), StandingOrders::default(), 0.0);
            save
        }

        /// Takes in `save` as the browser does: judged, replayed, then this device's dice settled.
        fn receive(&mut self, save: &Save) -> Result<(), String> {
            judge(&self.record, &self.session.save().save, save)?;
            self.take_in(save)
        }

        fn take_in(&mut self, save: &Save) -> Result<(), String> {
            let commands: Vec<Command> =
                save.commands.iter().filter_map(|l| sarissa_rules::play::notation::parse(l).unwrap()).collect();
            let scenario = self.session.game.base.clone();
            let replayed = Session::replay(scenario, save.seed, save.options.clone(), &commands).unwrap();
            self.session = replayed.with_players(players_for(self.record.side, 2));
            self.record.settle_dice(&mut self.session, false)
        }
    }

    /// Two devices exchange the game `exchanges` times from the beginning; the second joins on
    /// the first move.
    fn exchanged(exchanges: usize) -> (Device, Device, Vec<Save>) {
        let mut a = Device::begin(21);
        assert!(a.record.waiting(&a.session), "nobody moves before both have sealed (P301)");
        let first = a.send();
        assert_eq!(
            whose_move(&a.record, a.session.game.decider(), Some("X")),
            "sent; waiting for the other player to join"
        );
        judge_first(&first).unwrap();
        let mut b = Device { record: Apart::new("g".into(), 1).with_secret(&[2; 32]), session: a.session.clone() };
        b.take_in(&first).unwrap();
        let mut sent = vec![first];
        for k in 0..exchanges {
            let (mover, other) = if k % 2 == 0 { (&mut b, &mut a) } else { (&mut a, &mut b) };
            mover.play_until_theirs(100 * k as u64);
            let save = mover.send();
            other.receive(&save).unwrap();
            sent.push(save);
        }
        (a, b, sent)
    }

    #[test]
    fn sealed_dice_travel_with_the_moves_and_both_devices_end_with_the_same_game_p304() {
        let (a, b, sent) = exchanged(6);
        // The last to receive has revealed its next value before deciding: nobody takes it back.
        assert!(matches!(b.session.commands.last(), Some(Command::RevealDice { side: 1, .. })));
        let refused = "The dice were just sealed or drawn anew for this move; that stands.";
        assert_eq!(b.session.undo_refused(), Some(refused));
        let mut b = b;
        b.session.commands.pop();
        b.session =
            Session::replay(b.session.game.base.clone(), b.session.seed, OptionChanges::new(), &b.session.commands)
                .unwrap();
        assert_eq!(a.session.game.state_hash(), b.session.game.state_hash(), "as received, the same game");
        let last = sent.last().unwrap();
        let report = sarissa_share::verify_seals(last).unwrap();
        assert!(report.sealed(), "both sides sealed");
        assert!(report.reveals() >= 4, "a value revealed on nearly every exchange: {report:?}");
        // The device that begins seals first thing; the other seals on joining.
        assert!(sent[0].commands[0].starts_with("seal-dice 0 "));
        assert_eq!(sent[0].commands.len(), 1, "the first move sent is the seal alone");
        assert!(sent[1].commands[1].starts_with("seal-dice 1 "));
        // Every stretch after both seals begins with its sender's reveal.
        for pair in sent.windows(2).skip(1) {
            let first_new = &pair[1].commands[pair[0].commands.len()];
            assert!(first_new.starts_with("reveal-dice"), "{first_new}");
        }
    }

    #[test]
    fn a_die_value_changed_or_left_out_is_refused_with_its_reason_p303() {
        let (mut a, _, sent) = exchanged(3);
        let (before, received) = (&sent[sent.len() - 2], sent.last().unwrap());
        // `a` sent `before` and took in `received`: as it was before taking it in.
        a.record.sent = Some(before.clone());
        let reveal = received.commands.iter().rposition(|l| l.starts_with("reveal-dice")).unwrap();
        let mut changed = received.clone();
        let side = &changed.commands[reveal][12..13].to_string();
        changed.commands[reveal] = format!("reveal-dice {side} {}", "ab".repeat(32));
        let why = judge(&a.record, before, &changed).unwrap_err();
        assert_eq!(
            why,
            format!(
                "the die value the {} side revealed at command {} does not match its seal.",
                if side == "0" { "first" } else { "second" },
                reveal + 1
            )
        );
        let mut left_out = received.clone();
        left_out.commands.remove(reveal);
        assert!(judge(&a.record, before, &left_out).unwrap_err().contains("without revealing a new die value first"));
        assert_eq!(judge(&a.record, before, received), Ok(Verdict::Continues { seen: before.commands.len() }));
    }

    #[test]
    fn the_secret_stays_out_of_logs() {
        let record = Apart::new("g".into(), 0).with_secret(&[0xab; 32]);
        assert!(!format!("{record:?}").contains("abab"));
        assert!(serde_json::to_string(&record).unwrap().contains(&"ab".repeat(32)), "kept on this device");
    }

    /// A Samarkand game of the random player in which side `side`'s standing orders
    /// (`answer_all`) answer its questions: the commands, and the first one they answered.
    fn answered_game(side: usize) -> (Session, Vec<Command>, usize) {
        let scenario = Arc::new(scenarios::load("samarkand").unwrap());
        let origin = Session::new(scenario, 3, OptionChanges::new()).unwrap();
        let mut game = origin.game.clone();
        let orders = StandingOrders::answer_all();
        let mut commands = Vec::new();
        for k in 0..3000u64 {
            let covered = (game.decider() == Some(side) && matches!(game.state.phase, Phase::Reaction { .. }))
                .then(|| answer(&game, &orders))
                .flatten();
            if let Some(c) = covered {
                let at = commands.len();
                commands.push(c);
                return (origin, commands, at);
            }
            let c = sarissa_rules::play::playout::random_game(&mut game.clone(), k, 1).remove(0);
            game.execute(&c).unwrap();
            commands.push(c);
        }
        panic!("no reaction met");
    }

    #[test]
    fn what_the_other_device_answered_for_this_side_must_be_what_its_orders_say_issue_22() {
        let side = 1;
        let (origin, commands, at) = answered_game(side);
        let mut before = origin.game.clone();
        for c in &commands[..at] {
            before.execute(c).unwrap();
        }
        let orders = StandingOrders::answer_all();
        assert_eq!(answered_by_orders(before.clone(), &commands, at, side, &orders), Ok(vec![at]));
        let asked = StandingOrders::default();
        let why = answered_by_orders(before.clone(), &commands, at, side, &asked).unwrap_err();
        assert_eq!(
            why,
            format!("command {} answers a question of your side otherwise than your standing orders say.", at + 1)
        );
        // Another legal answer in its place is refused too.
        let other =
            sarissa_rules::play::legal::legal_commands(&before).into_iter().find(|c| *c != commands[at]).unwrap();
        let mut changed = commands.clone();
        changed[at] = other;
        assert!(answered_by_orders(before, &changed, at, side, &orders).is_err());
    }
}
