//! The engine made ready while the game opens (issue 19). V8 compiles a wasm function the first
//! time it runs, in the task that calls it: a game's first shock ran most of the engine's combat,
//! rout and advance code and the log's wording of them for the first time in the tap's task
//! (Granicus, unthrottled: the first `Game::execute` 9.7 ms, the next 0.37 ms). The page and its
//! worker share what V8 compiles (the worker runs the page's own module), so the worker plays the
//! battle on a copy as the game opens (`browser::worker::warm`), off the page's thread. That
//! replaced a copy of the offered shock played on the page 150 ms after its prompt, itself a
//! task of some 70 ms at 4×: at the first shock's tap the page compiles 69 functions after the
//! worker's warm-up, 59–65 after the page's copy, 212 after neither (traced at 4×,
//! `profile.spec.ts`).

/// Has the app's worker play this battle on a copy, off the page's thread, once the worker is
/// ready.
#[yew::hook]
pub(super) fn use_warm_worker(game: &std::rc::Rc<sarissa_rules::Game>) {
    let game = game.clone();
    yew::use_effect_with(game.base.meta.id.clone(), move |_| crate::browser::worker::warm(&game));
}
