//! Game files: a save handed to the browser as a download.

use wasm_bindgen::JsCast;

/// Offers `text` as a file called `name` to download; says why if the browser refuses.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let refused = || "This browser would not save the file.".to_string();
    let blob = gloo::file::Blob::new_with_options(text, Some("application/json"));
    let url = gloo::file::ObjectUrl::from(blob);
    let document = gloo::utils::document();
    let a: web_sys::HtmlAnchorElement = document.create_element("a").map_err(|_| refused())?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.style().set_property("display", "none").map_err(|_| refused())?;
    let body = document.body().ok_or_else(refused)?;
    body.append_child(&a).map_err(|_| refused())?;
    a.click();
    let _ = body.remove_child(&a);
    // The URL must live until the browser has taken the file: revoke it a little later.
    gloo::timers::callback::Timeout::new(10_000, move || drop(url)).forget();
    Ok(())
}

/// A file name from a game's name: letters, digits and dashes, with the `.sarissa` extension.
pub fn file_name(game: &str) -> String {
    let mut stem: String = game
        .chars()
        .map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if stem.is_empty() {
        stem = "game".into();
    }
    format!("{stem}.sarissa")
}
