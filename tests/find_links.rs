//! Links in running text: the cases `find_links` shares with the extension's `findLinks`
//! (extension/content/prelude.js, run by tests/find_links.mjs), from `tests/find_links.json`,
//! so that the two cannot drift apart.

#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use uri_list::find_links;

#[test]
fn the_shared_cases() {
    let vectors: Value = serde_json::from_str(include_str!("find_links.json"))
        .expect("tests/find_links.json is JSON");
    let cases = vectors["cases"].as_array().expect("cases");
    assert!(cases.len() > 20, "the cases are there");
    for case in cases {
        let name = case["name"].as_str().expect("a name");
        let text = case["text"].as_str().expect("a text");
        // Each link, and where it starts, in Unicode scalar values (`start` is in bytes).
        let found: Vec<(String, u64)> = find_links(text)
            .iter()
            .map(|f| (f.link.to_owned(), text[..f.start].chars().count() as u64))
            .collect();
        let expected: Vec<(String, u64)> = case["links"]
            .as_array()
            .expect("links")
            .iter()
            .map(|pair| {
                let link = pair[0].as_str().expect("a link").to_owned();
                (link, pair[1].as_u64().expect("an index"))
            })
            .collect();
        assert_eq!(found, expected, "{name}: {text:?}");
    }
}
