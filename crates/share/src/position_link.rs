//! Position links: the battle as it stands, without its history, `p1.` + base64url(deflate(
//! payload)). The payload names the battle, its file's fingerprint and the optional rules, then
//! holds the game state as JSON changes from the battle's setup ([`crate::patch`]): a few bytes
//! at the start, the units that moved, fought or fell later on.

use crate::bytes::{pack, unpack, Reader, Writer};
use crate::game_link::{read_fingerprint, read_options, write_fingerprint, write_options};
use crate::patch::{apply, diff};
use crate::{Battle, ShareError};
use sarissa_rules::game::GameState;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Dice, Game, Scenario};
use serde_json::Value;
use std::sync::Arc;

pub const POSITION_LINK_PREFIX: &str = "p1.";

/// A position of a battle, as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The battle's id.
    pub scenario: String,
    /// The fingerprint of the battle file the position was reached on.
    pub fingerprint: Option<String>,
    pub options: OptionChanges,
    /// The state, the dice included: the game goes on as it would have.
    pub state: GameState,
}

/// The state every position is told against: the battle set up (the dice do not matter, the
/// state carries its own).
fn setup(scenario: &Scenario) -> Value {
    serde_json::to_value(GameState::setup(scenario, Dice::seeded(0))).unwrap_or(Value::Null)
}

fn with_options(battle: &Battle, options: &OptionChanges) -> Result<Scenario, ShareError> {
    battle.scenario.with_options(options).map_err(ShareError::AlteredOptions)
}

/// Packs `position` into a link; the battle is needed for the setup it is told against.
pub fn encode_position_link(position: &Position, find: impl Fn(&str) -> Option<Battle>) -> Result<String, ShareError> {
    let battle = find(&position.scenario).ok_or_else(|| ShareError::UnknownBattle(position.scenario.clone()))?;
    let scenario = with_options(&battle, &position.options)?;
    let state = serde_json::to_value(&position.state).unwrap_or(Value::Null);
    let changes = diff(&setup(&scenario), &state).unwrap_or_else(|| Value::Object(Default::default()));
    let mut w = Writer::default();
    w.text(&position.scenario);
    write_fingerprint(&mut w, position.fingerprint.as_deref());
    write_options(&mut w, &position.options);
    w.text(&changes.to_string());
    Ok(pack(POSITION_LINK_PREFIX, w.bytes))
}

/// Reads a position link back to the position it holds (not yet checked against the battle:
/// see [`open_position`]).
pub fn decode_position_link(link: &str, find: impl Fn(&str) -> Option<Battle>) -> Result<Position, ShareError> {
    let payload = unpack(link, POSITION_LINK_PREFIX)?;
    let mut r = Reader::new(&payload);
    let scenario_id = r.text()?;
    let fingerprint = read_fingerprint(&mut r)?;
    let options = read_options(&mut r)?;
    let changes: Value = serde_json::from_str(&r.text()?).map_err(|_| ShareError::DamagedLink)?;
    if !r.is_empty() {
        return Err(ShareError::DamagedLink);
    }
    let battle = find(&scenario_id).ok_or_else(|| ShareError::UnknownBattle(scenario_id.clone()))?;
    let older_battle = fingerprint.as_ref().is_some_and(|f| *f != battle.fingerprint);
    let scenario = with_options(&battle, &options)?;
    let unfit = ShareError::PositionDoesNotFit { older_battle };
    let state = apply(setup(&scenario), &changes).ok_or(unfit.clone())?;
    let state: GameState = serde_json::from_value(state).map_err(|_| unfit)?;
    Ok(Position { scenario: scenario_id, fingerprint, options, state })
}

/// A position opened: the game, and what the players should be told, if anything.
#[derive(Clone, Debug)]
pub struct OpenedPosition {
    pub game: Game,
    pub note: Option<String>,
}

/// Resumes the game at `position`, once it is checked to fit the battle `find` gives: its units
/// and leaders are the battle's, and on its map.
pub fn open_position(position: &Position, find: impl Fn(&str) -> Option<Battle>) -> Result<OpenedPosition, ShareError> {
    let battle = find(&position.scenario).ok_or_else(|| ShareError::UnknownBattle(position.scenario.clone()))?;
    let older_battle = position.fingerprint.as_ref().is_some_and(|f| *f != battle.fingerprint);
    let scenario = with_options(&battle, &position.options)?;
    let st = &position.state;
    let on_map =
        st.units.iter().filter(|u| !u.eliminated).all(|u| u.placement.hexes().all(|h| scenario.map.contains(h)));
    let fits = st.scenario_id == scenario.meta.id
        && st.units.len() == scenario.units.len()
        && st.leaders.len() == scenario.leaders.len()
        && on_map;
    if !fits {
        return Err(ShareError::PositionDoesNotFit { older_battle });
    }
    let note = older_battle.then(|| "This position was reached on an earlier version of the battle.".to_string());
    Ok(OpenedPosition { game: Game::resume(Arc::new(scenario), st.clone()), note })
}

impl Position {
    /// The position `game` has reached; `fingerprint` is its battle file's.
    pub fn of(game: &Game, fingerprint: Option<String>, options: OptionChanges) -> Self {
        Self { scenario: game.base.meta.id.clone(), fingerprint, options, state: game.state.clone() }
    }
}
