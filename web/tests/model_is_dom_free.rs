//! The model (session, routes, camera, geometry, the wording of events) stays free of the
//! browser, so that it builds and is tested natively: none of its files names a DOM crate.
#![cfg(not(target_arch = "wasm32"))]

#[test]
fn no_model_file_uses_a_browser_crate() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut read = 0;
    // The model's folders too (the wording of events is split by the rulebook's parts).
    let mut folders = vec![dir.clone()];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path)
            } else {
                files.push(path)
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        read += 1;
        for word in ["yew", "web_sys", "gloo", "js_sys", "wasm_bindgen"] {
            let used = text.lines().any(|l| {
                let code = l.split("//").next().unwrap_or("");
                code.contains(&format!("{word}::")) || code.contains(&format!("use {word}"))
            });
            assert!(!used, "{} uses {word}: the model must not touch the browser", path.display());
        }
    }
    assert!(read >= 17, "the model's files were not found in {}", dir.display());
}
