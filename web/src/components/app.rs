//! The application shell: the start screen (the games on this device and the battles) or the
//! game being played, chosen by the URL fragment.

use crate::browser::battles::{ensure, with_battles};
use crate::browser::files::{download, file_name};
use crate::browser::storage::{
    discard_old_autosave, drop_game, load_game, load_library, migrate_old_autosave, now, old_autosave, open_game,
    resume_game, save_library, store_session,
};
use crate::components::apart::{begin, decide, receive};
use crate::components::chooser::Chooser;
use crate::components::library::{drop_handlers, LibraryAction, LibraryView};
use crate::components::play::PlayScreen;
use crate::components::replay::ReplayScreen;
use crate::components::share::ShareSheet;
use crate::model::apart;
use crate::model::route::Route;
use crate::model::scenarios;
use crate::model::scenarios::Card;
use crate::model::session::{restore, Session, Stored};
use crate::model::sharing;
use gloo::events::EventListener;
use sarissa_rules::scenario::OptionChanges;
use std::rc::Rc;
use std::sync::Arc;
use yew::platform::spawn_local;
use yew::prelude::*;

fn current_route() -> Route {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    Route::parse(&hash)
}

fn navigate(route: &Route) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&route.hash());
    }
}

/// A fresh seed for a new game's dice.
fn new_seed() -> u64 {
    let now = js_sys::Date::now() as u64;
    let noise = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    now.rotate_left(20) ^ noise
}

/// Whether the browser has granted persistent storage, as index.html marks it on the page
/// (`navigator.storage.persisted()`), once known.
fn persisted() -> Option<bool> {
    match gloo::utils::document_element().get_attribute("data-persisted").as_deref() {
        Some("yes") => Some(true),
        Some("no") => Some(false),
        _ => None,
    }
}

/// What became of the old single save of earlier versions.
#[derive(Clone, Debug, PartialEq)]
enum Migrated {
    /// Filed as a game of the library, with what the players should be told of it.
    Filed(String),
    /// It could not be restored (and stays where it is), for this reason.
    Broken(String),
}

/// The old single save of earlier versions becomes the first game of the library; one that
/// cannot be restored stays where it is, and the start screen says why.
fn migrate() -> Option<Migrated> {
    let json = old_autosave()?;
    match restore(&json, scenarios::battle) {
        Ok((session, note)) => match migrate_old_autosave(&session) {
            Ok(_) => note.map(|n| Migrated::Filed(format!("The game saved on this device is now in your games. {n}"))),
            Err(e) => Some(Migrated::Broken(e)),
        },
        Err(why) => Some(Migrated::Broken(why)),
    }
}

/// A game file or a save brought in: added to the library, or, when the library already has
/// the same game (battle and dice) and one history continues the other, the player is asked.
#[derive(Clone)]
struct Arrival {
    session: Rc<Session>,
    /// The game of the library it continues or is continued by, with its name and commands.
    same: Option<(String, String, usize)>,
}

fn same_game(session: &Session) -> Option<(String, String, usize)> {
    let library = load_library();
    let mine = session.save().save;
    library.games.iter().find_map(|g| {
        let theirs = sarissa_share::read_json::<Stored>(&load_game(&g.id)?).ok()?.save;
        let continues = theirs.commands.len() <= mine.commands.len() && mine.commands.starts_with(&theirs.commands)
            || mine.commands.len() < theirs.commands.len() && theirs.commands.starts_with(&mine.commands);
        (theirs.scenario == mine.scenario && theirs.seed == mine.seed && theirs.options == mine.options && continues)
            .then(|| (g.id.clone(), g.name.clone(), theirs.commands.len()))
    })
}

/// A game file sent by the other player of a game played apart, taken in as their move once its
/// battle is at hand.
async fn take_in_file(name: &str, text: &str, loading: &Loading) -> Result<Option<String>, String> {
    let mark = apart::file_mark(text).ok_or_else(|| format!("“{name}” is not a move sent from another device."))?;
    let save = sarissa_share::read_save(text).map_err(|e| format!("“{name}” could not be opened: {e}"))?;
    fetching(loading, || scenarios::battle(&save.scenario)).await?;
    receive(&mark.game, mark.side, mark.orders, &save).map(|(_, note)| note)
}

/// A new game of the battle chosen (its battle at hand), stored as the library's current game.
fn begin_game((id, options, players): crate::components::chooser::Chosen) -> Result<(), String> {
    let Some(base) = scenarios::load(&id) else {
        return Err(format!("There is no battle called “{id}” here; choose one below."));
    };
    let begun = base
        .with_options(&options)
        .map_err(|e| e.to_string())
        .and_then(|s| Session::new(Arc::new(s), new_seed(), options).map_err(|e| e.to_string()))
        .map(|s| s.with_players(players));
    let (apart_side, session) = begun
        .and_then(|s| Ok((apart::side_here(&s.players)?, s)))
        .map_err(|e| format!("The battle could not begin: {e}"))?;
    let key = load_library().new_id(now());
    store_session(&key, &session)?;
    // Issue 22: a game played apart is known on both devices by its own id, and this device's
    // dice are sealed before anyone moves.
    match apart_side.map(|side| begin(&key, apart::new_game_id(new_seed()), side, session)) {
        Some(Err(e)) => Err(e),
        _ => Ok(()),
    }
}

/// What the page says while a battle's file is fetched: the battle's name, or nothing.
type Loading = UseStateHandle<Option<&'static str>>;

/// Does `work` once the battles it asks for are fetched, saying so on the page meanwhile.
async fn fetching<T>(loading: &Loading, work: impl FnMut() -> T) -> Result<T, String> {
    let announce = {
        let loading = loading.clone();
        move |name| loading.set(name)
    };
    let done = with_battles(work, announce).await;
    loading.set(None);
    done
}

/// What the start screen and the game are made from, read again whenever the route, the
/// library or the battles at hand change: the old save filed, the library, the current game
/// restored, and the battles that asked for and are not fetched yet.
type Loaded = (
    Option<Migrated>,
    Rc<crate::model::library::Library>,
    Option<(String, crate::model::session::Restoring)>,
    Vec<&'static Card>,
);

/// Fetches the battles `wanted` (by the current game, or the old save) and then makes `at_hand`
/// the number of battles kept, which reads everything again; what to tell the player if one
/// could not be fetched. Tried again whenever the route or the library changes.
#[hook]
fn use_fetch_wanted(
    wanted: &[&'static Card],
    route: Route,
    version: u32,
    at_hand: &UseStateHandle<usize>,
) -> Option<String> {
    let failed = use_state(|| None::<String>);
    let ids: Vec<&'static str> = wanted.iter().map(|c| c.id).collect();
    {
        let (failed, at_hand) = (failed.clone(), at_hand.clone());
        use_effect_with((ids, route, version), move |(ids, _, _)| {
            if !ids.is_empty() {
                failed.set(None);
                let ids = ids.clone();
                spawn_local(async move {
                    for id in ids {
                        if let Err(why) = ensure(id).await {
                            return failed.set(Some(why));
                        }
                    }
                    at_hand.set(scenarios::kept());
                });
            }
        });
    }
    (*failed).clone()
}

/// Records the first paint of what the page opens on, once `ready` (not the note that a battle
/// is loading), for the README's measurement (read by tests/e2e/map.spec.ts).
#[hook]
fn use_first_paint(ready: bool) {
    use_effect_with(ready, |&ready| {
        // The frame handle must outlive this effect or the callback is cancelled.
        let frame = ready.then(|| {
            gloo::render::request_animation_frame(|_| {
                let now = web_sys::window().and_then(|w| w.performance()).map(|p| p.now());
                let body = gloo::utils::document().body().filter(|b| !b.has_attribute("data-first-paint-ms"));
                if let (Some(ms), Some(body)) = (now, body) {
                    let _ = body.set_attribute("data-first-paint-ms", &format!("{ms:.0}"));
                }
            })
        });
        move || drop(frame)
    });
}

#[function_component(App)]
pub fn app() -> Html {
    // Issue 19: the worker starts with the app, to be ready (and warmed) before it is asked.
    use_effect_with((), |_| crate::browser::worker::start_early());
    let route = use_route();
    // Bumped whenever the library changes outside the play screen.
    let version = use_state(|| 0u32);
    let notice = use_state(|| None::<String>);
    let arrival = use_state(|| None::<Arrival>);
    // The game whose share sheet is open.
    let sharing = use_state(|| None::<String>);
    // Issue 19: a battle not fetched yet is fetched first (the screen says so), then all is
    // read again with it at hand.
    let at_hand = use_state(scenarios::kept);
    let loading = use_state(|| None::<&'static str>);
    let loaded = use_loaded(&route, *version, *at_hand);
    let unfetched = use_fetch_wanted(&loaded.3, (*route).clone(), *version, &at_hand);
    let wanted = loaded.3.first().map(|c| c.name);
    // The old save is filed once its battle is at hand.
    let old_save_broken = match (wanted, &unfetched) {
        (None, _) => loaded.0.clone(),
        (Some(_), Some(why)) => loaded.0.as_ref().map(|_| Migrated::Broken(why.trim_end_matches(".").into())),
        (Some(_), None) => None,
    };
    let (library, restored) = (loaded.1.clone(), &loaded.2);

    let bump = {
        let version = version.clone();
        Callback::from(move |()| version.set(*version + 1))
    };
    let start_new = start_new_game(&notice, &bump, &loading);
    let file_in = file_in_library(&notice, &bump);

    // The loading screen of a game whose battle is being fetched.
    let loading_game = matches!(&*route, Route::Play | Route::Replay) && wanted.is_some() && unfetched.is_none();
    use_first_paint(!loading_game);

    use_battle_link((*route).clone(), &start_new);
    use_game_links((*route).clone(), &notice, &arrival, &bump, &file_in, &loading);

    let on_library = library_actions(&notice, &arrival, &sharing, &bump, &file_in, &loading);
    let (drag_over, dropped) = drop_handlers(on_library.clone());
    let start = StartScreen {
        notice: (*notice).clone(),
        loading: *loading,
        old_save_broken,
        on_discard_old: bump.reform(|_: MouseEvent| discard_old_autosave()),
        arrival_card: arrival.as_ref().map(|a| arrival_card(a, &arrival, &bump, &notice, &file_in)).unwrap_or_default(),
        share_sheet: share_sheet(&sharing, &library, &notice).unwrap_or_default(),
        library: library.clone(),
        on_library,
        on_choose: start_new,
        drag_over,
        dropped,
    };
    if let (Route::Play | Route::Replay, Some(name)) = (&*route, wanted) {
        return match unfetched {
            Some(why) => start.view(Some(format!("The game could not be restored. {why}"))),
            None => {
                html! { <main class="start loading" role="status"><p class="notice">{ format!("Loading {name}…") }</p></main> }
            }
        };
    }
    let Some((id, restoring)) = restored else {
        return match &*route {
            Route::Play | Route::Replay => start.view(Some("There is no game in progress; choose a battle.".into())),
            _ => start.view(None),
        };
    };
    let (session, note) = match (&*route, restoring) {
        (Route::Play | Route::Replay, Ok(restored)) => restored,
        (Route::Play | Route::Replay, Err(why)) => {
            return start.view(Some(format!("The game could not be restored: {why}.")));
        }
        _ => return start.view(None),
    };
    let session = Rc::new(session.clone());
    let on_exit = Callback::from(|_| navigate(&Route::Start));
    if matches!(*route, Route::Replay) {
        return html! { <ReplayScreen {session} {on_exit} on_play_on={file_in} /> };
    }
    let key = format!("{id}-{}", *version);
    let note = note.clone().or_else(|| (*notice).clone()).map(AttrValue::from);
    let record = library.get(id).and_then(|g| g.apart.clone());
    // A move received and not yet watched: what happened since, before the decision.
    if let Some(since) = record.as_ref().and_then(|r| r.unseen_from) {
        let on_decide = {
            let (id, notice, bump) = (id.clone(), notice.clone(), bump.clone());
            Callback::from(move |_| {
                notice.set(decide(&id).err());
                bump.emit(());
            })
        };
        return html! { <ReplayScreen {key} {session} {on_exit} on_play_on={Callback::noop()} {since} {on_decide} /> };
    }
    html! { <PlayScreen {key} game_id={id.clone()} {session} {note} {on_exit} apart={record} /> }
}

/// The route (the URL fragment), followed as it changes.
#[hook]
fn use_route() -> UseStateHandle<Route> {
    let route = use_state(current_route);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener =
                web_sys::window().map(|w| EventListener::new(&w, "hashchange", move |_| route.set(current_route())));
            move || drop(listener)
        });
    }
    route
}

/// Whenever the route, the library or the battles at hand change: an old single save left by
/// an earlier version (or a page that wrote one) is filed first; then the library is read, and
/// the current game restored by replaying its save.
#[hook]
fn use_loaded(route: &Route, version: u32, at_hand: usize) -> Rc<Loaded> {
    use_memo((route.clone(), version, at_hand), |_| {
        scenarios::take_wanted();
        let old_save_broken = migrate();
        let library = load_library();
        let restored = library.current.clone().and_then(|id| {
            let resumed = resume_game(&id)?;
            Some((id, resumed))
        });
        (old_save_broken, Rc::new(library), restored, scenarios::take_wanted())
    })
}

/// A battle chosen: its file fetched, a new game begun and played.
fn start_new_game(
    notice: &UseStateHandle<Option<String>>,
    bump: &Callback<()>,
    loading: &Loading,
) -> Callback<crate::components::chooser::Chosen> {
    let (notice, bump, loading) = (notice.clone(), bump.clone(), loading.clone());
    Callback::from(move |chosen: crate::components::chooser::Chosen| {
        let (notice, bump, loading) = (notice.clone(), bump.clone(), loading.clone());
        spawn_local(async move {
            let id = chosen.0.clone();
            match fetching(&loading, || scenarios::battle(&id)).await.and_then(|_| begin_game(chosen)) {
                Ok(()) => {
                    notice.set(None);
                    bump.emit(());
                    navigate(&Route::Play);
                }
                Err(e) => notice.set(Some(e)),
            }
        });
    })
}

/// A game brought in (a file, a link): filed in the library as a new game and played.
fn file_in_library(notice: &UseStateHandle<Option<String>>, bump: &Callback<()>) -> Callback<Session> {
    let (notice, bump) = (notice.clone(), bump.clone());
    Callback::from(move |session: Session| match store_session(&load_library().new_id(now()), &session) {
        Ok(()) => {
            notice.set(None);
            bump.emit(());
            navigate(&Route::Play);
        }
        Err(e) => notice.set(Some(e)),
    })
}

/// The start screen's parts: the battles to choose from, the games on this device, and what
/// the player is told above them.
struct StartScreen {
    notice: Option<String>,
    loading: Option<&'static str>,
    old_save_broken: Option<Migrated>,
    on_discard_old: Callback<MouseEvent>,
    arrival_card: Html,
    share_sheet: Html,
    library: Rc<crate::model::library::Library>,
    on_library: Callback<LibraryAction>,
    on_choose: Callback<crate::components::chooser::Chosen>,
    drag_over: Callback<DragEvent>,
    dropped: Callback<DragEvent>,
}

impl StartScreen {
    /// The screen, with `extra` said in place of the current notice.
    fn view(&self, extra: Option<String>) -> Html {
        let notice = extra.or_else(|| self.notice.clone());
        html! {
            <div class="start-screen" ondragover={self.drag_over.clone()} ondrop={self.dropped.clone()}>
                <Chooser on_choose={self.on_choose.clone()}>
                    if let Some(name) = self.loading { <p class="notice loading" role="status">{ format!("Loading {name}…") }</p> }
                    if let Some(n) = notice { <p class="notice" role="alert">{ n }</p> }
                    if let Some(Migrated::Filed(n)) = self.old_save_broken.clone() { <p class="notice" role="status">{ n }</p> }
                    if let Some(Migrated::Broken(why)) = self.old_save_broken.clone() {
                        <section class="continue-card broken" role="alert">
                            <div>{ format!("The saved game could not be restored: {why}.") }</div>
                            <button class="play discard" onclick={self.on_discard_old.clone()}>{ "Discard it" }</button>
                        </section>
                    }
                    { self.arrival_card.clone() }
                    { self.share_sheet.clone() }
                    <LibraryView library={self.library.clone()} on_action={self.on_library.clone()} persisted={persisted()} />
                </Chooser>
            </div>
        }
    }
}

/// What the library's buttons do: continue, replay, rename, delete and bring back a game, save
/// it as a file, share it, or take in a file dropped or opened.
fn library_actions(
    notice: &UseStateHandle<Option<String>>,
    arrival: &UseStateHandle<Option<Arrival>>,
    sharing: &UseStateHandle<Option<String>>,
    bump: &Callback<()>,
    file_in: &Callback<Session>,
    loading: &Loading,
) -> Callback<LibraryAction> {
    let (notice, arrival, bump, file_in) = (notice.clone(), arrival.clone(), bump.clone(), file_in.clone());
    let (sharing, loading) = (sharing.clone(), loading.clone());
    Callback::from(move |action: LibraryAction| {
        notice.set(None);
        let mut library = load_library();
        let stored = match action {
            LibraryAction::Continue(id) => {
                let opened = open_game(&id);
                if opened.is_ok() {
                    navigate(&Route::Play);
                }
                opened
            }
            LibraryAction::Replay(id) => {
                let opened = open_game(&id);
                if opened.is_ok() {
                    navigate(&Route::Replay);
                }
                opened
            }
            LibraryAction::Rename(id, name) => {
                library.rename(&id, &name);
                save_library(&library)
            }
            LibraryAction::Delete(id) => {
                if let Some(gone) = library.delete(&id) {
                    drop_game(&gone);
                }
                save_library(&library)
            }
            LibraryAction::Undelete => {
                library.undelete();
                save_library(&library)
            }
            LibraryAction::SaveFile(id) => save_file(&library, &id),
            // The links are made with the game's battle at hand.
            LibraryAction::Share(id) => {
                let battle = library.get(&id).map(|g| g.scenario.clone()).unwrap_or_default();
                let (sharing, notice, loading) = (sharing.clone(), notice.clone(), loading.clone());
                spawn_local(async move {
                    match fetching(&loading, || scenarios::battle(&battle)).await {
                        Ok(_) => sharing.set(Some(id)),
                        Err(why) => notice.set(Some(why)),
                    }
                });
                Ok(())
            }
            LibraryAction::Import { name, text } if apart::file_mark(&text).is_some() => {
                let (notice, bump, loading) = (notice.clone(), bump.clone(), loading.clone());
                spawn_local(async move {
                    match take_in_file(&name, &text, &loading).await {
                        Ok(note) => {
                            notice.set(note);
                            navigate(&Route::Play);
                        }
                        Err(e) => notice.set(Some(e)),
                    }
                    bump.emit(());
                });
                Ok(())
            }
            LibraryAction::Import { name, text } => {
                let (notice, arrival, bump, file_in) = (notice.clone(), arrival.clone(), bump.clone(), file_in.clone());
                let loading = loading.clone();
                spawn_local(async move {
                    match fetching(&loading, || restore(&text, scenarios::battle)).await {
                        Ok(Ok((session, note))) => {
                            notice.set(note);
                            let same = same_game(&session);
                            if same.is_some() {
                                arrival.set(Some(Arrival { session: Rc::new(session), same }));
                            } else {
                                file_in.emit(session);
                            }
                        }
                        Ok(Err(why)) => notice.set(Some(format!("“{name}” could not be opened: {why}."))),
                        Err(why) => notice.set(Some(format!("“{name}” could not be opened. {why}"))),
                    }
                    bump.emit(());
                });
                Ok(())
            }
        };
        if let Err(e) = stored {
            notice.set(Some(e));
        }
        bump.emit(());
    })
}

/// A link to a battle starts a new game of it; no other game is touched.
#[hook]
fn use_battle_link(route: Route, start_new: &Callback<crate::components::chooser::Chosen>) {
    let start_new = start_new.clone();
    use_effect_with(route, move |r| {
        if let Route::Battle(id) = r {
            start_new.emit((id.clone(), OptionChanges::new(), Vec::new()));
        }
    });
}

/// The links of games the page may be opened with: a game or position link files its game in
/// the library (one already there asks first); a move of a game played apart is taken in if it
/// continues the game here (issue 22). No other game is touched.
#[hook]
fn use_game_links(
    route: Route,
    notice: &UseStateHandle<Option<String>>,
    arrival: &UseStateHandle<Option<Arrival>>,
    bump: &Callback<()>,
    file_in: &Callback<Session>,
    loading: &Loading,
) {
    // A game or position link: its game joins the library (a game already there asks first).
    {
        let (route, notice, arrival, file_in) = (route.clone(), notice.clone(), arrival.clone(), file_in.clone());
        let loading = loading.clone();
        use_effect_with(route, move |r| {
            if let Route::Link(link) = r {
                let link = link.clone();
                spawn_local(async move {
                    let opened = fetching(&loading, || sharing::open(&link)).await;
                    match opened.map(|o| o.map_err(|why| format!("The link could not be opened: {why}"))) {
                        Ok(Ok((session, note))) => {
                            let same = same_game(&session);
                            if same.is_some() {
                                arrival.set(Some(Arrival { session: Rc::new(session), same }));
                                navigate(&Route::Start);
                            } else {
                                file_in.emit(session);
                                notice.set(note);
                            }
                        }
                        Err(why) | Ok(Err(why)) => {
                            notice.set(Some(why));
                            navigate(&Route::Start);
                        }
                    }
                });
            }
        });
    }

    // A move of a game played apart: taken in if it continues the game here (issue 22).
    {
        let (route, notice, bump, loading) = (route.clone(), notice.clone(), bump.clone(), loading.clone());
        use_effect_with(route, move |r| {
            if let Route::Apart(parcel) = r {
                let parcel = parcel.clone();
                spawn_local(async move {
                    let decoded =
                        fetching(&loading, || sarissa_share::decode_game_link(&parcel.link, scenarios::battle));
                    let taken = decoded.await.and_then(|save| {
                        save.map_err(|e| format!("The move received could not be read: {e}"))
                            .and_then(|save| receive(&parcel.game, parcel.side, parcel.orders.clone(), &save))
                    });
                    match taken {
                        Ok((_, note)) => {
                            notice.set(note);
                            bump.emit(());
                            navigate(&Route::Play);
                        }
                        Err(why) => {
                            notice.set(Some(why));
                            navigate(&Route::Start);
                        }
                    }
                });
            }
        });
    }
}

/// A game opened that is already in the library: replace the one here, or keep both.
fn arrival_card(
    a: &Arrival,
    arrival: &UseStateHandle<Option<Arrival>>,
    bump: &Callback<()>,
    notice: &UseStateHandle<Option<String>>,
    file_in: &Callback<Session>,
) -> Html {
    let (id, name, had) = a.same.clone().unwrap_or_default();
    let has = a.session.commands.len();
    let update = {
        let (arrival, session, bump, notice) = (arrival.clone(), a.session.clone(), bump.clone(), notice.clone());
        Callback::from(move |_: MouseEvent| {
            notice.set(store_session(&id, &session).err());
            arrival.set(None);
            bump.emit(());
            navigate(&Route::Play);
        })
    };
    let both = {
        let (arrival, session, file_in) = (arrival.clone(), a.session.clone(), file_in.clone());
        Callback::from(move |_: MouseEvent| {
            arrival.set(None);
            file_in.emit((*session).clone());
        })
    };
    html! {
        <section class="arrival" role="alert">
            <p>{ format!("This game is already here as “{name}”, with {had} commands; the one opened has {has}.") }</p>
            <button class="play update-game" onclick={update}>{ "Replace it with the one opened" }</button>
            <button class="act keep-both" onclick={both}>{ "Keep both" }</button>
        </section>
    }
}

/// The share sheet of the game being shared, if it is still in the library.
fn share_sheet(
    sharing: &UseStateHandle<Option<String>>,
    library: &Rc<crate::model::library::Library>,
    notice: &UseStateHandle<Option<String>>,
) -> Option<Html> {
    sharing.as_ref().and_then(|id| library.get(id).map(|g| (id.clone(), g.name.clone()))).map(|(id, name)| {
        let links = load_game(&id)
            .ok_or_else(|| "That game is no longer on this device.".to_string())
            .and_then(|j| sharing::links(&j));
        let close = {
            let sharing = sharing.clone();
            Callback::from(move |_| sharing.set(None))
        };
        let file = {
            let (library, notice) = (library.clone(), notice.clone());
            Callback::from(move |_| notice.set(save_file(&library, &id).err()))
        };
        html! { <ShareSheet name={name} {links} on_save_file={file} on_close={close} /> }
    })
}

/// A game of the library as a file to keep, its JSON laid out to be read.
fn save_file(library: &crate::model::library::Library, id: &str) -> Result<(), String> {
    match (library.get(id), load_game(id)) {
        (Some(g), Some(json)) => download(&file_name(&g.name), &sarissa_share::pretty_json(&json)),
        _ => Err("That game is no longer on this device.".to_string()),
    }
}
