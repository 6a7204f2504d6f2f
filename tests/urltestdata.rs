//! The web-platform-tests URL corpus (`../shared/vectors/urltestdata.json`):
//! every valid `href`, and every `input` (valid URL or not), survives as an
//! item: alone, in lists of ten, and all in one list. It comes back exactly
//! when it is made of URI characters, otherwise as its percent-encoded form
//! (`encode_non_uri_chars`; see the crate docs).
//!
//! The corpus is read where it is, never copied into the repository. When
//! it is missing the tests say so and check nothing.

#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::path::PathBuf;
use uri_list::{check_item, encode_non_uri_chars, Class, Parser, UriList};

fn corpus() -> Option<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors/urltestdata.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(serde_json::from_str(&text).expect("urltestdata.json is JSON")),
        Err(e) => {
            eprintln!(
                "NOTE: {} not found ({e}): the web-platform-tests URL vectors were NOT checked",
                path.display()
            );
            None
        }
    }
}

fn field(corpus: &Value, name: &str) -> Vec<String> {
    corpus
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|case| case.get(name).and_then(Value::as_str))
        .map(str::to_owned)
        .collect()
}

fn is_uri_chars(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&b))
}

/// Writes the items as one list, reads it back strictly, and checks each item.
fn round_trip(items: &[String]) {
    let list: UriList = items.iter().cloned().collect();
    let link = list.to_link();
    let parsed = Parser::new()
        .strict(true)
        .parse(&link)
        .unwrap_or_else(|e| panic!("{link:?} does not parse strictly: {e}"));
    assert!(
        parsed.warnings.is_empty(),
        "{link:?}: {:?}",
        parsed.warnings
    );
    assert_eq!(parsed.list.len(), items.len(), "{link:?}");
    for (item, back) in items.iter().zip(parsed.list.items()) {
        let expected = encode_non_uri_chars(item);
        assert_eq!(back.as_str(), expected, "item {item:?} via {link:?}");
        if is_uri_chars(item) {
            assert_eq!(
                back.as_str(),
                item,
                "a URI-character item comes back exactly"
            );
        }
    }
}

fn check_all(items: &[String]) {
    for item in items {
        round_trip(std::slice::from_ref(item));
    }
    for chunk in items.chunks(10) {
        round_trip(chunk);
    }
    round_trip(items);
}

#[test]
fn every_valid_href_survives() {
    let Some(corpus) = corpus() else { return };
    let hrefs = field(&corpus, "href");
    assert!(hrefs.len() > 500, "the corpus has {} hrefs", hrefs.len());
    check_all(&hrefs);
}

#[test]
fn every_input_survives() {
    let Some(corpus) = corpus() else { return };
    // An empty input cannot be an item: `uri-data = 1*uri-char` (draft §3).
    let inputs: Vec<String> = field(&corpus, "input")
        .into_iter()
        .filter(|i| !i.is_empty())
        .collect();
    assert!(inputs.len() > 800, "the corpus has {} inputs", inputs.len());
    check_all(&inputs);
}

#[test]
fn the_site_of_every_valid_http_href_is_its_host() {
    let Some(corpus) = corpus() else { return };
    let mut checked = 0;
    for case in corpus.as_array().unwrap() {
        let (Some(href), Some(protocol), Some(hostname)) = (
            case.get("href").and_then(Value::as_str),
            case.get("protocol").and_then(Value::as_str),
            case.get("hostname").and_then(Value::as_str),
        ) else {
            continue;
        };
        if protocol != "http:" && protocol != "https:" {
            continue;
        }
        let c = check_item(href);
        assert_eq!(c.class, Class::Openable, "{href}: {:?}", c.reason);
        assert_eq!(c.site.unwrap().host, hostname, "{href}");
        checked += 1;
    }
    assert!(checked > 100, "only {checked} http(s) hrefs");
}
