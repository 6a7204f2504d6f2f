//! Every message the core can write is in the extension's
//! `_locales/en/messages.json`, under its code, with the same English text
//! and as many placeholders: what the extension shows in the browser's
//! language is what the core means.
#![cfg(not(target_arch = "wasm32"))]

use uri_list::messages;

fn en() -> serde_json::Map<String, serde_json::Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/extension/_locales/en/messages.json"
    );
    let text = std::fs::read_to_string(path).expect("extension/_locales/en/messages.json");
    match serde_json::from_str(&text).expect("messages.json is JSON") {
        serde_json::Value::Object(map) => map,
        _ => panic!("messages.json is not an object"),
    }
}

/// The `_locales` message with each `$NAME$` replaced by its placeholder's
/// content (`$1`, `$2`…): the form of the core's English text.
fn positional(code: &str, entry: &serde_json::Value) -> String {
    let mut text = entry["message"]
        .as_str()
        .unwrap_or_else(|| panic!("{code}: no message"))
        .to_owned();
    if let Some(placeholders) = entry["placeholders"].as_object() {
        for (name, p) in placeholders {
            let content = p["content"].as_str().unwrap_or_default();
            text = text.replace(&format!("${}$", name.to_uppercase()), content);
        }
    }
    text
}

#[test]
fn every_core_message_is_in_the_english_locale() {
    let en = en();
    for (code, english) in messages() {
        let entry = en
            .get(code)
            .unwrap_or_else(|| panic!("{code} is missing from _locales/en/messages.json"));
        assert_eq!(
            positional(code, entry),
            english,
            "{code}: not the core's text"
        );
        let args = (1..=9)
            .filter(|n| english.contains(&format!("${n}")))
            .count();
        let placeholders = entry["placeholders"].as_object().map_or(0, |p| p.len());
        assert_eq!(placeholders, args, "{code}: placeholders");
        assert!(
            entry["description"].as_str().is_some_and(|d| !d.is_empty()),
            "{code}: no description for translators"
        );
    }
}
