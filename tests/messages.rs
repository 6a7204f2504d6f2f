//! Every message the core can write is in the extension's
//! `_locales/en/messages.json`, under its code, with the same English text
//! and as many placeholders: what the extension shows in the browser's
//! language is what the core means.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
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

/// The codes the core's sources use, found as camelCase string literals
/// outside the table itself, are all in the table: a code missing there
/// would reach a person as its bare name.
#[test]
fn every_code_in_the_sources_is_in_the_table() {
    let known: BTreeSet<&str> = messages().map(|(code, _)| code).collect();
    // JSON field names and option keys, not messages.
    let not_codes = ["siteUnicode", "linkText"];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut used = BTreeSet::new();
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(dir)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    for path in files {
        if path.ends_with("message/mod.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // Every `"word"` (an escaped `\"` never ends one: a backslash is no letter).
        for (at, _) in text.match_indices('"') {
            let rest = &text[at + 1..];
            let end = rest
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            let literal = &rest[..end];
            let camel = rest[end..].starts_with('"')
                && literal.starts_with(|c: char| c.is_ascii_lowercase())
                && literal.chars().any(|c| c.is_ascii_uppercase());
            if camel && !not_codes.contains(&literal) {
                assert!(
                    known.contains(literal),
                    "{}: {literal} is not in messages()",
                    path.display()
                );
                used.insert(literal.to_owned());
            }
        }
    }
    let unused: Vec<&&str> = known.iter().filter(|c| !used.contains(**c)).collect();
    assert!(unused.is_empty(), "codes no source uses: {unused:?}");
}
