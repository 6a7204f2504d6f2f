//! Spec vectors: the draft's and the explainer's examples and the rules of
//! the crate docs, as data (`tests/vectors.json`), each case named by what it
//! shows. Every link case is also a round-trip test.

#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use uri_list::{from_text, parse, to_text, Parser, Warning};

fn vectors() -> Value {
    serde_json::from_str(include_str!("vectors.json")).expect("tests/vectors.json is JSON")
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_owned())
        .collect()
}

fn opt(v: &Value) -> Option<&str> {
    v.as_str()
}

/// Every expected warning is found, and every warning found is expected.
fn assert_warnings(name: &str, found: &[Warning], expected: &Value) {
    let expected = strs(expected);
    let messages: Vec<String> = found.iter().map(ToString::to_string).collect();
    for e in &expected {
        assert!(
            messages.iter().any(|m| m.contains(e.as_str())),
            "{name}: expected a warning containing {e:?}, got {messages:?}"
        );
    }
    for m in &messages {
        assert!(
            expected.iter().any(|e| m.contains(e.as_str())),
            "{name}: unexpected warning {m:?}"
        );
    }
}

#[test]
fn link_vectors() {
    let v = vectors();
    let cases = v["links"].as_array().unwrap();
    assert!(cases.len() >= 25);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let link = case["link"].as_str().unwrap();
        // `"mode": "strict"` cases are read strictly; the others leniently.
        let strict_mode = case.get("mode").and_then(Value::as_str) == Some("strict");
        let parsed = Parser::new()
            .strict(strict_mode)
            .parse(link)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let list = &parsed.list;
        let items: Vec<&str> = list.items().iter().map(|i| i.as_str()).collect();
        assert_eq!(items, strs(&case["items"]), "{name}: items");
        for item in list.items() {
            if let Some(span) = item.span() {
                assert_eq!(&link[span], item.as_str(), "{name}: span");
            }
        }
        assert_eq!(list.title(), opt(&case["title"]), "{name}: title");
        assert_eq!(list.kind(), opt(&case["type"]), "{name}: type");
        assert_eq!(list.fragment(), opt(&case["fragment"]), "{name}: fragment");
        let options: Vec<Vec<String>> = case["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(strs)
            .collect();
        let found: Vec<Vec<String>> = list
            .options()
            .iter()
            .map(|(k, v)| vec![k.clone(), v.clone()])
            .collect();
        assert_eq!(found, options, "{name}: options");
        assert_warnings(name, &parsed.warnings, &case["warnings"]);

        let strict = Parser::new().strict(true).parse(link);
        if case["strict"].as_bool().unwrap() {
            let strict = strict.unwrap_or_else(|e| panic!("{name}: strict: {e}"));
            assert_eq!(&strict.list, list, "{name}: strict and lenient agree");
        } else {
            // Strict mode refuses the link, or reads it by the grammar alone.
            assert!(
                strict.as_ref().map_or(true, |s| &s.list != list),
                "{name}: strict mode should refuse it or read it otherwise"
            );
        }

        if let Some(text) = case.get("text") {
            assert_eq!(
                to_text(list),
                text.as_str().unwrap(),
                "{name}: text/uri-list"
            );
            let back = from_text(text.as_str().unwrap()).unwrap();
            assert!(back.warnings.is_empty(), "{name}: {:?}", back.warnings);
            // text → link → text is stable (the text form does not keep the
            // spelling of a nested list's scheme, so compare text forms).
            let again = parse(&back.list.to_link()).unwrap().list;
            assert_eq!(to_text(&again), to_text(list), "{name}: text → link → text");
        }

        // Round trip: what we write reads back strictly as the same list.
        let written = list.to_link();
        let reread = Parser::new()
            .strict(true)
            .parse(&written)
            .unwrap_or_else(|e| panic!("{name}: {written}: {e}"));
        let reread_items: Vec<&str> = reread.list.items().iter().map(|i| i.as_str()).collect();
        let expected: Vec<String> = items
            .iter()
            .map(|i| uri_list::encode_non_uri_chars(i).into_owned())
            .collect();
        assert_eq!(reread_items, expected, "{name}: round trip of {written}");
        assert_eq!(
            reread.list.options(),
            list.options(),
            "{name}: options round trip"
        );
    }
}

#[test]
fn text_vectors() {
    let v = vectors();
    for case in v["texts"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        let read = from_text(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            read.list.to_link(),
            case["link"].as_str().unwrap(),
            "{name}: link"
        );
        assert_warnings(name, &read.warnings, &case["warnings"]);
        // The link's text form reads back as the same link.
        let parsed = Parser::new()
            .strict(true)
            .parse(case["link"].as_str().unwrap())
            .unwrap();
        let again = from_text(&to_text(&parsed.list)).unwrap();
        assert_eq!(
            again.list.to_link(),
            case["link"].as_str().unwrap(),
            "{name}: text again"
        );
    }
}

#[test]
fn the_draft_restaurants_text_comes_back_exactly() {
    let v = vectors();
    let case = &v["texts"][0];
    let parsed = parse(case["link"].as_str().unwrap()).unwrap();
    assert_eq!(to_text(&parsed.list), case["text"].as_str().unwrap());
}
