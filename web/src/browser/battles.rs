//! Fetching the battles' files (issue 19): the app carries only their catalogue, and a game's
//! battle is fetched before the game is opened, then kept for the page's life
//! (`model::scenarios`). The service worker keeps every file of the build, so a battle opens
//! offline too. A battle that cannot be fetched or read is reported in plain words.

use crate::model::scenarios::{self, Card};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Does `work` with every battle it asks for at hand: it is done once; if it asked for battles
/// not fetched yet, they are fetched and it is done again (it must not change anything before
/// it has its battle, as reading a save, a file or a link does not). `announce` hears the name
/// of each battle as it is fetched. Err is what to tell the player when a battle could not be
/// fetched.
pub async fn with_battles<T>(
    mut work: impl FnMut() -> T,
    announce: impl Fn(Option<&'static str>),
) -> Result<T, String> {
    // Each pass fetches at least one battle, or ends.
    for _ in 0..=scenarios::CATALOGUE.len() {
        scenarios::take_wanted();
        let done = work();
        let wanted = scenarios::take_wanted();
        if wanted.is_empty() {
            return Ok(done);
        }
        fetch_all(wanted, &announce).await?;
    }
    Err("The battle's data could not be loaded.".into())
}

/// Fetches the battles `wanted`, one after another. A function of its own because
/// [`with_battles`] is generic and compiled once per kind of work: the fetching is not.
async fn fetch_all(wanted: Vec<&'static Card>, announce: &dyn Fn(Option<&'static str>)) -> Result<(), String> {
    for card in wanted {
        announce(Some(card.name));
        fetch(card).await?;
    }
    Ok(())
}

/// Fetches battle `id` unless it is at hand (or there is no such battle, which the work that
/// needs it then says).
pub async fn ensure(id: &str) -> Result<(), String> {
    with_battles(|| scenarios::battle(id), |_| ()).await.map(drop)
}

/// Fetches `card`'s battle and keeps it.
async fn fetch(card: &Card) -> Result<(), String> {
    let bytes = fetch_bytes(card.path).await.map_err(|why| format!("The battle's data could not be loaded: {why}"))?;
    scenarios::keep(card.id, &bytes).map_err(|e| {
        let why = e.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
        format!("The battle's data could not be loaded: {why}. Reloading the page fetches it again.")
    })
}

/// The bytes of the file at `path`, relative to the page.
async fn fetch_bytes(path: &str) -> Result<Vec<u8>, String> {
    let unreachable = "this device could not reach the game's server and has no copy of it (is it offline?).";
    let response = JsFuture::from(gloo::utils::window().fetch_with_str(path)).await.map_err(|_| unreachable)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| unreachable)?;
    if !response.ok() {
        return Err(format!("the game's server does not have it (it answered {}).", response.status()));
    }
    let body = response.array_buffer().map_err(|_| unreachable)?;
    let body = JsFuture::from(body).await.map_err(|_| "it was cut off on its way here.")?;
    Ok(js_sys::Uint8Array::new(&body).to_vec())
}
