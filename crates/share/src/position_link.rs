//! Position links: the battle as it stands, without its history, `p2.` + base64url(deflate(
//! payload)). The payload names the battle, its file's fingerprint and the optional rules, then
//! holds the game state as changes from the battle's setup: its units and leaders a few bytes
//! each ([`crate::state_code`]), the rest (the phase, the dice) the fields that changed, as JSON.
//! Links of the first version (`p1.`, the whole state as JSON changes, [`crate::patch`]) still
//! open.

use crate::bytes::{pack, unpack, Reader, Writer};
use crate::game_link::{read_fingerprint, read_options, write_fingerprint, write_options};
use crate::json_code::{read_fields, read_key, write_fields, write_key};
use crate::patch::apply;
use crate::state_code::{read_leaders, read_units, write_leaders, write_units, Names};
use crate::{Battle, ShareError};
use sarissa_rules::game::GameState;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Dice, Game, Scenario};
use serde_json::{Map, Value};
use std::sync::Arc;

/// The prefix of the position links this version writes.
pub const POSITION_LINK_PREFIX: &str = "p2.";
/// Every version of position link this version reads, the newest first.
const POSITION_LINK_PREFIXES: [&str; 2] = [POSITION_LINK_PREFIX, "p1."];

/// Whether `link` (or the address it ends) is a position link, of any version: to tell it from
/// a game link before reading it.
pub fn is_position_link(link: &str) -> bool {
    crate::link_kind(link) == Some('p')
}

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
fn setup(scenario: &Scenario) -> GameState {
    GameState::setup(scenario, Dice::seeded(0))
}

/// The state as a JSON tree, read back from its JSON text: the same tree `serde_json::to_value`
/// builds (the state has no floats), without a third copy of the state's serialising code in
/// the wasm beside the text writer's (issue 19: links are rare, the code is shipped always).
fn to_value(state: &GameState) -> Value {
    serde_json::to_string(state).ok().and_then(|json| serde_json::from_str(&json).ok()).unwrap_or(Value::Null)
}

fn with_options(battle: &Battle, options: &OptionChanges) -> Result<Scenario, ShareError> {
    battle.scenario.with_options(options).map_err(ShareError::AlteredOptions)
}

/// The fields of a state other than its units and leaders (the phase, the dice...) that differ
/// from the setup's, whole; and those the setup has and it has not (serde leaves out a field at
/// its default).
fn other_fields(setup: &Value, state: &Value) -> (Map<String, Value>, Vec<String>) {
    let (Value::Object(setup), Value::Object(state)) = (setup, state) else { return Default::default() };
    let changed = state.iter().filter(|(k, v)| !is_units_or_leaders(k) && setup.get(*k) != Some(*v));
    let removed = setup.keys().filter(|k| !state.contains_key(*k) && !is_units_or_leaders(k));
    (changed.map(|(k, v)| (k.clone(), v.clone())).collect(), removed.cloned().collect())
}

fn is_units_or_leaders(key: &str) -> bool {
    key == "units" || key == "leaders"
}

/// Packs `position` into a link; the battle is needed for the setup it is told against.
pub fn encode_position_link(position: &Position, find: impl Fn(&str) -> Option<Battle>) -> Result<String, ShareError> {
    let battle = find(&position.scenario).ok_or_else(|| ShareError::UnknownBattle(position.scenario.clone()))?;
    let scenario = with_options(&battle, &position.options)?;
    let setup = setup(&scenario);
    let state = &position.state;
    if state.units.len() != setup.units.len() || state.leaders.len() != setup.leaders.len() {
        return Err(ShareError::PositionDoesNotFit { older_battle: false });
    }
    let names = Names::new(&scenario);
    let mut w = Writer::default();
    w.text(&position.scenario);
    write_fingerprint(&mut w, position.fingerprint.as_deref());
    write_options(&mut w, &position.options);
    write_units(&mut w, &names, &setup.units, &state.units);
    write_leaders(&mut w, &names, &setup.leaders, &state.leaders);
    let (changed, removed) = other_fields(&to_value(&setup), &to_value(state));
    write_fields(&mut w, &names, &changed);
    w.varint(removed.len() as u64);
    for key in &removed {
        write_key(&mut w, key);
    }
    Ok(pack(POSITION_LINK_PREFIX, w.bytes))
}

/// Reads a position link back to the position it holds (not yet checked against the battle:
/// see [`open_position`]).
pub fn decode_position_link(link: &str, find: impl Fn(&str) -> Option<Battle>) -> Result<Position, ShareError> {
    let (prefix, payload) = unpack(link, &POSITION_LINK_PREFIXES)?;
    let mut r = Reader::new(&payload);
    let scenario_id = r.text()?;
    let fingerprint = read_fingerprint(&mut r)?;
    let options = read_options(&mut r)?;
    let battle = find(&scenario_id).ok_or_else(|| ShareError::UnknownBattle(scenario_id.clone()))?;
    let older_battle = fingerprint.as_ref().is_some_and(|f| *f != battle.fingerprint);
    let scenario = with_options(&battle, &options)?;
    let unfit = ShareError::PositionDoesNotFit { older_battle };
    let state = if prefix == POSITION_LINK_PREFIX {
        read_state(&mut r, &scenario, unfit)?
    } else {
        read_state_p1(&mut r, &scenario, unfit)?
    };
    if !r.is_empty() {
        return Err(ShareError::DamagedLink);
    }
    Ok(Position { scenario: scenario_id, fingerprint, options, state })
}

/// The state of a `p2.` link: its units, leaders and other fields, changed from the setup's.
fn read_state(r: &mut Reader, scenario: &Scenario, unfit: ShareError) -> Result<GameState, ShareError> {
    let names = Names::new(scenario);
    let setup = setup(scenario);
    let (mut units, mut leaders) = (setup.units.clone(), setup.leaders.clone());
    read_units(r, &names, &mut units)?;
    read_leaders(r, &names, &mut leaders)?;
    let changed = read_fields(r, &names)?;
    let removed = (0..r.count()?).map(|_| read_key(r)).collect::<Result<Vec<_>, _>>()?;
    if changed.keys().chain(&removed).any(|k| is_units_or_leaders(k)) {
        return Err(ShareError::DamagedLink);
    }
    let mut state = if changed.is_empty() && removed.is_empty() {
        setup
    } else {
        let Value::Object(mut fields) = to_value(&setup) else { return Err(unfit) };
        for key in &removed {
            fields.remove(key).ok_or(unfit.clone())?;
        }
        fields.extend(changed);
        serde_json::from_value(Value::Object(fields)).map_err(|_| unfit)?
    };
    (state.units, state.leaders) = (units, leaders);
    Ok(state)
}

/// The state of a `p1.` link: the whole state as JSON changes from the setup's.
fn read_state_p1(r: &mut Reader, scenario: &Scenario, unfit: ShareError) -> Result<GameState, ShareError> {
    let changes: Value = serde_json::from_str(&r.text()?).map_err(|_| ShareError::DamagedLink)?;
    let state = apply(to_value(&setup(scenario)), &changes).ok_or(unfit.clone())?;
    serde_json::from_value(state).map_err(|_| unfit)
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

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::game::Phase;
    use sarissa_rules::play::playout::RandomPlayer;

    /// The state's JSON tree read back from its text is the tree `serde_json::to_value` builds,
    /// at the setup and all through random games of every battle: `p2.` links are told from it,
    /// so they are byte for byte what they were (issue 19, the app's size).
    #[test]
    fn the_states_tree_read_back_from_its_text_is_serdes_own() {
        for (i, battle) in crate::altered_payloads::battles().iter().enumerate() {
            let seed = 90 + i as u64;
            let (mut game, _) = Game::new(battle.scenario.clone(), Dice::seeded(seed)).unwrap();
            let mut player = RandomPlayer::new(seed);
            for step in 0..240 {
                if step % 8 == 0 {
                    let serdes = serde_json::to_value(&game.state).unwrap();
                    assert_eq!(to_value(&game.state), serdes, "{} after {step}", battle.scenario.meta.id);
                }
                let Some(command) = player.choose(&game) else { break };
                game.execute(&command).unwrap();
                if matches!(game.state.phase, Phase::Over { .. }) {
                    break;
                }
            }
        }
    }
}
