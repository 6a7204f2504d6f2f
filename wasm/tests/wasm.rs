//! The JavaScript API, inside real browsers (headless Chromium and Firefox,
//! through `wasm-bindgen-test`): the spec vectors of `tests/vectors.json`
//! read through `decode`, `toText`, `encode` and `fromText` as a page would
//! call them, results and errors included.

#![cfg(target_arch = "wasm32")]

use js_sys::{Array, JsString, Reflect, JSON};
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("an object")
}

fn json(v: &JsValue) -> String {
    JSON::stringify(v).unwrap().as_string().unwrap()
}

fn vectors() -> JsValue {
    JSON::parse(include_str!("../../tests/vectors.json")).expect("tests/vectors.json is JSON")
}

fn string_list(v: &JsValue) -> Vec<String> {
    v.dyn_ref::<Array>()
        .unwrap()
        .iter()
        .map(|s| s.as_string().unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn decode_matches_every_link_vector() {
    let cases: Array = get(&vectors(), "links").dyn_into().unwrap();
    assert!(cases.length() >= 25);
    for case in cases.iter() {
        let name = get(&case, "name").as_string().unwrap();
        let link = get(&case, "link").as_string().unwrap();
        let opts = JSON::parse(r#"{"strict": false}"#).unwrap();
        if get(&case, "mode").as_string().as_deref() == Some("strict") {
            Reflect::set(&opts, &"strict".into(), &JsValue::TRUE).unwrap();
        }
        let got = uri_list_wasm::js_decode(JsString::from(link.as_str()), opts)
            .unwrap_or_else(|_| panic!("{name}: decode threw"));
        for key in ["items", "title", "type", "options", "fragment"] {
            assert_eq!(
                json(&get(&got, key)),
                json(&get(&case, key)),
                "{name}: {key}"
            );
        }
        let warnings: Vec<String> = get(&got, "warnings")
            .dyn_ref::<Array>()
            .unwrap()
            .iter()
            .map(|w| get(&w, "message").as_string().unwrap())
            .collect();
        let expected = string_list(&get(&case, "warnings"));
        assert_eq!(warnings.len(), expected.len(), "{name}: {warnings:?}");
        for e in &expected {
            assert!(
                warnings.iter().any(|w| w.contains(e.as_str())),
                "{name}: {e}"
            );
        }
        if let Some(text) = get(&case, "text").as_string() {
            assert_eq!(
                uri_list_wasm::js_to_text(&link).ok().unwrap(),
                text,
                "{name}: toText"
            );
            let back = uri_list_wasm::js_from_text(&text).ok().unwrap();
            assert_eq!(
                uri_list_wasm::js_to_text(&back).ok().unwrap(),
                text,
                "{name}: fromText"
            );
        }
    }
}

#[wasm_bindgen_test]
fn encode_then_decode_gives_the_items_back() {
    let input = JSON::parse(
        r#"{"items": ["https://example.com/search?q=C%23", "https://a.example/a;b#c", "https://a.example/100%"],
            "title": "Mine & yours", "type": "grid-view", "options": [["color", "blue"]]}"#,
    )
    .unwrap();
    let link = uri_list_wasm::js_encode(input).ok().unwrap();
    assert_eq!(
        link,
        "uri-list:https://example.com/search%3Fq=C%2523;https://a.example/a%3Bb%23c;https://a.example/100%2525?title=Mine%20%26%20yours&type=grid-view&color=blue"
    );
    let got = uri_list_wasm::js_decode(JsString::from(link.as_str()), JsValue::UNDEFINED)
        .ok()
        .unwrap();
    assert_eq!(
        json(&get(&got, "items")),
        r#"["https://example.com/search?q=C%23","https://a.example/a;b#c","https://a.example/100%"]"#
    );
    assert_eq!(get(&got, "title").as_string().unwrap(), "Mine & yours");
}

#[wasm_bindgen_test]
fn errors_throw_with_the_core_message() {
    let err = uri_list_wasm::js_decode(JsString::from("uri-list:"), JsValue::UNDEFINED)
        .err()
        .unwrap();
    let message = get(&err, "message").as_string().unwrap();
    assert_eq!(message, "empty list: no item after the scheme at byte 9");
    assert_eq!(get(&err, "code").as_string().unwrap(), "errorEmptyList");
    let strict = JSON::parse(r#"{"strict": true}"#).unwrap();
    let err = uri_list_wasm::js_decode(JsString::from("uri-list:a;;b"), strict)
        .err()
        .unwrap();
    assert_eq!(
        get(&err, "message").as_string().unwrap(),
        "item 2 is empty at byte 11"
    );
    let err: JsValue = uri_list_wasm::js_encode(JSON::parse(r#"{"items": []}"#).unwrap())
        .err()
        .unwrap();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("no item to encode"));
    for (input, message) in [
        (r#"{"title": "x"}"#, "encode: items must be an array"),
        (r#"{"items": []}"#, "no item to encode: items is empty"),
        (r#"{"items": ["a", 2]}"#, "encode: items[1] is not a string or a list"),
        (
            r#"{"items": ["a", ""]}"#,
            "encode: items[1] is empty: a uri-list cannot carry an empty item",
        ),
        (
            r#"{"items": "a"}"#,
            "encode: items must be an array",
        ),
        (
            r#"{"items": ["a"], "options": [["k"]]}"#,
            "encode: options[0] is not a [key, value] pair of strings",
        ),
        (
            r#"{"items": ["a"], "title": 3}"#,
            "encode: title must be a string",
        ),
        (
            r#""https://a.example""#,
            "encode takes {items: (string | {items, title?, type?, options?, pageTitles?})[], title?, type?, options?: [key, value][], pageTitles?: (string | null)[]}",
        ),
        (
            r#"{"items": ["a"], "pageTitles": ["x", null]}"#,
            "encode: pageTitles has more titles (2) than there are items (1)",
        ),
        (
            r#"{"items": ["a"], "pageTitles": [3]}"#,
            "encode: pageTitles[0] must be a string",
        ),
        (
            r#"{"items": ["a"], "options": [["k", "v", "w"]]}"#,
            "encode: options[0] is not a [key, value] pair of strings",
        ),
        (
            r#"{"items": ["a"], "options": [["k", 2]]}"#,
            "encode: options[0] is not a [key, value] pair of strings",
        ),
        (
            r#"{"items": ["a", {"items": ["b", 5]}]}"#,
            "encode: items[1].items[1] is not a string or a list",
        ),
        (
            r#"{"items": ["a", {"items": ["b"], "title": false}]}"#,
            "encode: items[1].title must be a string",
        ),
        (
            r#"{"items": ["a"], "options": {"k": "v"}}"#,
            "encode: options must be an array of [key, value] pairs",
        ),
        (
            r#"{"items": ["a"], "pageTitles": "x"}"#,
            "encode: pageTitles must be an array of strings or nulls, one per item",
        ),
        (
            r#"{"items": ["a"], "options": [["page-titles", "x"]]}"#,
            "encode: options holds \"page-titles\": give the pages' titles as pageTitles, one per item",
        ),
    ] {
        let err: JsValue = uri_list_wasm::js_encode(JSON::parse(input).unwrap())
            .err()
            .unwrap_or_else(|| panic!("{input} is refused"));
        assert_eq!(
            get(&err, "message").as_string().unwrap(),
            message,
            "{input}"
        );
        // Every mistake carries its code and arguments, for the browser's language.
        let code = get(&err, "code").as_string().unwrap_or_default();
        assert!(code.starts_with("encode"), "{input}: code {code:?}");
        assert!(Array::is_array(&get(&err, "args")), "{input}: no args");
    }
    // Lists nested as deep as a link may hold are encoded; one level more is refused with its
    // path, and so is a hostile depth, before serde's recursion could exhaust the stack.
    let nested = |depth: usize| {
        let mut json = String::from(r#"{"items": ["https://a.example/"]}"#);
        for _ in 0..depth {
            json = [r#"{"items": ["https://b.example/", "#, &json, "]}"].concat();
        }
        JSON::parse(&json).unwrap()
    };
    assert!(uri_list_wasm::js_encode(nested(8)).is_ok());
    let err = uri_list_wasm::js_encode(nested(9)).err().unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "encodeTooDeep");
    let path = ["items[1]"; 9].join(".");
    assert_eq!(
        get(&err, "message").as_string().unwrap(),
        format!("encode: {path} nests lists deeper than 8 levels")
    );
    let mut deep = JsValue::from_str("https://a.example/");
    for _ in 0..100_000 {
        let items = Array::of1(&deep);
        let list = js_sys::Object::new();
        js_sys::Reflect::set(&list, &"items".into(), &items).unwrap();
        deep = list.into();
    }
    let err = uri_list_wasm::js_encode(deep).err().unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "encodeTooDeep");
    // The other functions' mistakes too: a decode of no string, a web base that is no string.
    let err = uri_list_wasm::js_decode(JsValue::from(3).unchecked_into(), JsValue::UNDEFINED)
        .err()
        .unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "apiNotString");
    assert_eq!(
        get(&err, "message").as_string().unwrap(),
        "decode takes a string: the link"
    );
    let err = uri_list_wasm::js_encode(
        JSON::parse(r#"{"items": ["https://a.example"], "web": 3}"#).unwrap(),
    )
    .err()
    .unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "apiNotString");
    let err = uri_list_wasm::js_encode(
        JSON::parse(r#"{"items": ["https://a.example"], "web": "ftp://x.example/"}"#).unwrap(),
    )
    .err()
    .unwrap();
    assert!(
        get(&err, "code").as_string().is_some_and(|c| !c.is_empty()),
        "webLink's mistake has its code"
    );
}

#[wasm_bindgen_test]
fn check_reports_classes_and_sites() {
    let got = uri_list_wasm::js_check(
        "uri-list:https://B%C3%BCcher.example/;javascript:alert(1);uri-list:https://a.example",
    )
    .ok()
    .unwrap();
    let items: Array = get(&got, "items").dyn_into().unwrap();
    let classes: Vec<String> = items
        .iter()
        .map(|i| get(&i, "class").as_string().unwrap())
        .collect();
    assert_eq!(classes, ["openable", "blocked", "list"]);
    let first = items.get(0);
    assert_eq!(
        get(&first, "site").as_string().unwrap(),
        "xn--bcher-kva.example"
    );
    assert_eq!(
        get(&first, "siteUnicode").as_string().unwrap(),
        "bücher.example"
    );
    let reason = get(&items.get(1), "reason");
    assert!(get(&reason, "message")
        .as_string()
        .unwrap()
        .contains("runs code"));
    assert_eq!(json(&get(&reason, "args")), r#"["javascript"]"#);
    assert_eq!(get(&reason, "code").as_string().unwrap(), "itemScript");
    // Non-ASCII hosts are mapped (lowercased) by the engine's own URL parser (UTS #46).
    let got = uri_list_wasm::js_check("uri-list:https://BÜCHER.example/;https://ΠΑΡΆΔΕΙΓΜΑ.gr")
        .ok()
        .unwrap();
    let items: Array = get(&got, "items").dyn_into().unwrap();
    assert_eq!(
        get(&items.get(0), "site").as_string().unwrap(),
        "xn--bcher-kva.example"
    );
    assert_eq!(
        get(&items.get(1), "siteUnicode").as_string().unwrap(),
        "παράδειγμα.gr"
    );
}

#[wasm_bindgen_test]
fn check_all_with_a_limit_writes_that_many_items_and_counts_the_rest() {
    let link = "uri-list:https://a.example;uri-list:https://b.example%3Bhttps://c.example;https://d.example";
    let got = uri_list_wasm::js_check_all(link, Some(2)).ok().unwrap();
    let items: Vec<String> = Array::from(&get(&got, "items"))
        .iter()
        .map(|i| get(&i, "item").as_string().unwrap())
        .collect();
    assert_eq!(
        items,
        [
            "https://a.example",
            "uri-list:https://b.example;https://c.example"
        ]
    );
    assert_eq!(get(&got, "unchecked").as_f64(), Some(3.0));
    let all = uri_list_wasm::js_check_all(link, None).ok().unwrap();
    assert!(get(&all, "unchecked").is_undefined());
}

#[wasm_bindgen_test]
fn check_all_walks_nested_lists_in_the_core() {
    let link = "uri-list:https://a.example;uri-list:https://b.example%3B%3Bjavascript:x%3Ftitle=Inner;https://c.example";
    let got = uri_list_wasm::js_check_all(link, None).ok().unwrap();
    let rows: Vec<String> = Array::from(&get(&got, "items"))
        .iter()
        .map(|i| {
            let nested = get(&i, "nested")
                .as_f64()
                .map_or(String::new(), |n| format!(">{n}"));
            format!(
                "{} {} {}{nested}",
                get(&i, "class").as_string().unwrap(),
                get(&i, "depth").as_f64().unwrap(),
                get(&i, "list").as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            "openable 0 0",
            "list 0 0>1",
            "openable 1 1",
            "blocked 1 1",
            "openable 0 0"
        ]
    );
    let inner = get(&get(&got, "lists"), "1");
    assert_eq!(get(&inner, "title").as_string().unwrap(), "Inner");
    assert_eq!(get(&inner, "depth").as_f64(), Some(1.0));
    assert_eq!(
        get(&get(&get(&inner, "warnings"), "0"), "code")
            .as_string()
            .unwrap(),
        "warningDone"
    );
    // check() is unchanged: the link's own items only.
    let top = uri_list_wasm::js_check(link).ok().unwrap();
    assert_eq!(Array::from(&get(&top, "items")).length(), 3);
    assert!(get(&top, "lists").is_undefined());
}

#[wasm_bindgen_test]
fn plan_names_groups_and_asks_for_the_preview() {
    let opts = JSON::parse(r#"{"limit": 2, "linkText": "Read these"}"#).unwrap();
    let got = uri_list_wasm::js_plan(
        "uri-list:https://a.example;javascript:x;https://b.example",
        opts,
    )
    .ok()
    .unwrap();
    assert_eq!(
        json(&got),
        r#"{"mode":"group","pages":2,"groups":[{"title":"Read these","summary":null,"color":null,"depth":0,"urls":["https://a.example","https://b.example"],"titles":[null,null]}],"skipped":[{"item":"javascript:x","reason":{"code":"itemScript","args":["javascript"],"message":"javascript: links are never opened from a list: it runs code in the page you are on"}}],"duplicates":[],"preview":[],"notes":[],"title":null,"warnings":[]}"#
    );
    let opts = JSON::parse(r#"{"limit": 1}"#).unwrap();
    let got = uri_list_wasm::js_plan("uri-list:https://a.example;https://b.example", opts)
        .ok()
        .unwrap();
    assert_eq!(
        json(&get(&got, "preview")),
        r#"[{"code":"previewOverLimit","args":["2","1"],"message":"2 pages: more than the 1 that open at once"}]"#
    );
    // A group without a name is named by a summary, also given as a message.
    let summary = get(&get(&get(&got, "groups"), "0"), "summary");
    assert_eq!(
        json(&summary),
        r#"{"code":"summarySites","args":["2","2"],"message":"2 pages from 2 sites"}"#
    );
    // Without options, the default open-limit (15) applies.
    let got = uri_list_wasm::js_plan("uri-list:https://a.example", JsValue::UNDEFINED)
        .ok()
        .unwrap();
    assert_eq!(json(&get(&got, "preview")), "[]");
}

/// Each page's title from the list crosses with its URL (the fast path's
/// URL rows): cleaned, in UTF-16 spans of the batch's text, `null` where the
/// list has none and where the title names another site than the page's.
#[wasm_bindgen_test]
fn plan_gives_each_url_its_sender_title() {
    let link =
        "uri-list:https://a.example/;https://b.example/;https://c.example/;https://d.example/\
                ?page-titles=Caf%C3%A9%20%F0%9F%98%80%E2%80%AE~~paypal%2Ecom~Last";
    let got = uri_list_wasm::js_plan(link, JsValue::UNDEFINED)
        .ok()
        .unwrap();
    let group = get(&get(&got, "groups"), "0");
    assert_eq!(
        json(&get(&group, "titles")),
        r#"["Café 😀",null,null,"Last"]"#
    );
    let opts = JSON::parse(r#"{"reverse": true}"#).unwrap();
    let got = uri_list_wasm::js_plan(link, opts).ok().unwrap();
    let group = get(&get(&got, "groups"), "0");
    assert_eq!(
        json(&get(&group, "titles")),
        r#"["Last",null,null,"Café 😀"]"#
    );
}

/// Duplicates are found with the engine's own URL parser where an address
/// is not written as it serialises (an upper-case scheme and host, a `.`
/// segment, a default port), and kept or reversed on request.
#[wasm_bindgen_test]
fn plan_leaves_out_duplicates_as_the_engine_reads_them_and_reverses() {
    let link = "uri-list:https://a.example/x;HTTPS://A.EXAMPLE:443/y/../x;https://a.example/x%23top;https://b.example";
    let got = uri_list_wasm::js_plan(link, JsValue::UNDEFINED)
        .ok()
        .unwrap();
    assert_eq!(
        json(&get(&got, "duplicates")),
        r#"[{"item":"HTTPS://A.EXAMPLE:443/y/../x","reason":{"code":"itemDuplicate","args":["1"],"message":"the same page as item 1"},"entry":1}]"#
    );
    assert_eq!(get(&got, "pages").as_f64(), Some(3.0));
    let opts = JSON::parse(r#"{"keepDuplicates": true, "reverse": true}"#).unwrap();
    let got = uri_list_wasm::js_plan(link, opts).ok().unwrap();
    assert_eq!(json(&get(&got, "duplicates")), "[]");
    assert_eq!(
        json(&get(&get(&get(&got, "groups"), "0"), "urls")),
        r#"["https://b.example","https://a.example/x#top","HTTPS://A.EXAMPLE:443/y/../x","https://a.example/x"]"#
    );
}

#[wasm_bindgen_test]
fn errors_of_links_and_texts_carry_a_code_and_args() {
    let err = uri_list_wasm::js_check("uri-list:").err().unwrap();
    assert_eq!(
        get(&err, "message").as_string().unwrap(),
        "empty list: no item after the scheme at byte 9"
    );
    assert_eq!(get(&err, "code").as_string().unwrap(), "errorEmptyList");
    assert_eq!(json(&get(&err, "args")), r#"["9"]"#);
    assert!(err.is_instance_of::<js_sys::Error>());
    let err = uri_list_wasm::js_read_pasted("nothing here").err().unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "errorNoLinks");
    let err = uri_list_wasm::js_plan("uri-list:a;;b?x=%", JsValue::UNDEFINED)
        .ok()
        .unwrap();
    let warning = get(&get(&err, "warnings"), "0");
    assert_eq!(get(&warning, "code").as_string().unwrap(), "warningDone");
    assert_eq!(
        json(&get(&warning, "args")),
        r#"[{"code":"violationEmptyItem","args":["2"],"message":"item 2 is empty"},{"code":"actionSkipped","args":[],"message":"skipped"}]"#
    );
}

#[wasm_bindgen_test]
fn page_titles_cross_the_boundary_both_ways() {
    let input = JSON::parse(
        r#"{"items": ["https://a.example/hotel", "https://b.example/", "https://c.example/"], "title": "Trip", "pageTitles": ["Hotel, old town.", null, "Café ~ 1"]}"#,
    )
    .unwrap();
    let link = uri_list_wasm::js_encode(input).unwrap();
    assert_eq!(
        link,
        "uri-list:https://a.example/hotel;https://b.example/;https://c.example/?title=Trip&page-titles=Hotel%2C%20old%20town%2E~~Caf%C3%A9%20%7E%201"
    );
    let decoded = uri_list_wasm::js_decode(link.as_str().into(), JsValue::UNDEFINED).unwrap();
    let titles = js_sys::Reflect::get(&decoded, &"pageTitles".into()).unwrap();
    assert_eq!(
        JSON::stringify(&titles).unwrap(),
        r#"["Hotel, old town.",null,"Café ~ 1"]"#
    );
    // A link without titles has no pageTitles.
    let plain =
        uri_list_wasm::js_decode("uri-list:https://a.example/".into(), JsValue::UNDEFINED).unwrap();
    assert!(js_sys::Reflect::get(&plain, &"pageTitles".into())
        .unwrap()
        .is_undefined());
}

#[wasm_bindgen_test]
fn encode_nests_lists_given_as_objects() {
    let input = JSON::parse(
        r#"{"items": ["https://a.example",
                      {"items": ["https://b.example/?q=1", "https://c.example"], "title": "Inner", "options": [["color", "red"]]}],
            "title": "Window"}"#,
    )
    .unwrap();
    let link = uri_list_wasm::js_encode(input).ok().unwrap();
    assert_eq!(
        link,
        "uri-list:https://a.example;uri-list:https://b.example/%253Fq=1%3Bhttps://c.example%3Ftitle=Inner&color=red?title=Window"
    );
    let got = uri_list_wasm::js_decode(JsString::from(link.as_str()), JsValue::UNDEFINED)
        .ok()
        .unwrap();
    let inner = get(&get(&got, "lists"), "1");
    assert_eq!(
        json(&get(&inner, "items")),
        r#"["https://b.example/?q=1","https://c.example"]"#
    );
    assert_eq!(get(&inner, "title").as_string().unwrap(), "Inner");
    let bad = JSON::parse(r#"{"items": [{"items": [{"items": []}]}]}"#).unwrap();
    let err: JsValue = uri_list_wasm::js_encode(bad).err().unwrap();
    assert_eq!(
        get(&err, "message").as_string().unwrap(),
        "no item to encode: items[0].items[0].items is empty"
    );
}

#[wasm_bindgen_test]
fn pasted_text_and_links_in_text() {
    let got = uri_list_wasm::js_read_pasted("https://a.example\nhttps://b.example\n#?title=T\n")
        .ok()
        .unwrap();
    assert_eq!(get(&got, "form").as_string().unwrap(), "text");
    assert_eq!(
        get(&got, "link").as_string().unwrap(),
        "uri-list:https://a.example;https://b.example?title=T"
    );
    assert_eq!(get(&got, "title").as_string().unwrap(), "T");
    // Text that holds a link, as a selection in a chat app does.
    let got = uri_list_wasm::js_read_pasted(
        "😀 see uri-list:https://a.example;https://b.example. Thoughts?",
    )
    .ok()
    .unwrap();
    assert_eq!(get(&got, "form").as_string().unwrap(), "link");
    assert_eq!(
        json(&get(&got, "items")),
        r#"["https://a.example","https://b.example"]"#
    );
}

#[wasm_bindgen_test]
fn decode_builds_the_same_object_as_the_core_json() {
    // decode() builds its result in JS from a span table (items sliced out
    // of the caller's string or out of one string of decoded items, then
    // options) or a JSON string for the rest: it must give exactly the object the core's
    // own JSON describes. Unchanged items, decoded ones, escapes that decode
    // to themselves, non-ASCII (and astral) characters before and inside
    // both kinds, tabs (every item then a copy), nested lists, warnings.
    let tab_link = "uri-list:https://a.example/\t;https://b.example%3Bc";
    for (link, strict) in [
        ("uri-list:https://a.example/x;https://b.example/%3Fq=1;https://c.example/é?title=T", false),
        ("uri-list:https://é.example/😀;https://b.example/ü%23x;https://c.example", false),
        ("uri-list:https://a.example/Stra%C3%9Fe;https://b.example/%20;https://c.example/100%25", false),
        ("uri-list:https://😀.example/%3Bx%23y;https://b.example/q=C%2523;https://c.example/%2525;https://d.example/é", false),
        (tab_link, false),
        (" uri-list:https://a.example ; https://b.example;;https://c.example%3F ", false),
        ("uri-list:https://a.example;uri-list:https://b.example%3Bhttps://c.example%253Fq%3Ftitle=In;https://d.example%23f?title=Out&type=grid-view&color=red#frag", false),
        ("multi:https://a.example/%C3%BC;https://b.example/%3B?group-name=G", true),
        ("uri-list:https://a.example/%3Fq%20x?title=%E2%9C%93", true),
        // Without warnings, a fragment or nested lists, the options come as
        // spans, not JSON: none, a title, a type, `group-name` for the
        // title, empty keys and values, non-ASCII ones after non-ASCII items.
        ("uri-list:https://a.example", false),
        ("uri-list:https://a.example/%3Fq=1;https://b.example?title=Reading%20list:%2010%20pages%20%26%20notes", false),
        ("uri-list:https://a.example?type=grid-view&title=T&x", false),
        ("uri-list:https://a.example?group-name=G&type=&=v", false),
        ("uri-list:https://%C3%A9.example/%23x;https://b.example?title=%C3%A9%F0%9F%98%80&type=tabs", true),
        ("uri-list:https://a.example?k=%E2%9C%93&title=%E2%9C%93", false),
    ] {
        let opts = JSON::parse(if strict { r#"{"strict": true}"# } else { "{}" }).unwrap();
        let got = uri_list_wasm::js_decode(JsString::from(link), opts)
            .ok()
            .unwrap_or_else(|| panic!("{link}: decode threw"));
        let parsed = uri_list::Parser::new().strict(strict).parse(link).unwrap();
        let expected = parsed
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .unwrap();
        assert_eq!(json(&got), json(&expected), "{link}");
    }
}

#[wasm_bindgen_test]
fn decode_throws_clear_errors() {
    let err: JsValue =
        uri_list_wasm::js_decode(JsValue::from_f64(3.0).unchecked_into(), JsValue::UNDEFINED)
            .err()
            .unwrap();
    assert_eq!(
        get(&err, "message").as_string().unwrap(),
        "decode takes a string: the link"
    );
    // After a failed call, the next one still works (nothing is left half done).
    let err: JsValue =
        uri_list_wasm::js_decode(JsString::from("https://a.example"), JsValue::UNDEFINED)
            .err()
            .unwrap();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .starts_with("not a uri-list link"));
    let strict = JSON::parse(r#"{"strict": true}"#).unwrap();
    let err: JsValue = uri_list_wasm::js_decode(JsString::from("uri-list:a b"), strict)
        .err()
        .unwrap();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("byte 10"));
    let got = uri_list_wasm::js_decode(JsString::from("uri-list:a%3Bb"), JsValue::UNDEFINED)
        .ok()
        .unwrap();
    assert_eq!(json(&get(&got, "items")), r#"["a;b"]"#);
}

/// The allocator reuses what a call freed: calls on a link of the greatest
/// length read ([`uri_list::MAX_LENGTH`]) do not grow the memory past what
/// the first call took.
#[wasm_bindgen_test]
fn calls_on_the_longest_link_do_not_grow_the_memory() {
    let mut link = String::from("uri-list:");
    let mut items = 0;
    // ASCII and non-ASCII items, some with escapes to decode.
    while link.len() < uri_list::MAX_LENGTH - 64 {
        link.push_str(&format!("https://\u{e9}{items}.example/a%3Bb?q={items};"));
        link.push_str(&format!("https://{items}.example/x;"));
        items += 2;
    }
    link.pop();
    assert!(link.len() <= uri_list::MAX_LENGTH);
    let js = JsString::from(link.as_str());
    let call = || {
        let got = uri_list_wasm::js_decode(js.clone(), JsValue::UNDEFINED)
            .ok()
            .unwrap();
        let got: Array = get(&got, "items").dyn_into().unwrap();
        assert_eq!(got.length(), items);
        assert_eq!(
            got.get(0).as_string().unwrap(),
            "https://\u{e9}0.example/a;b?q=0"
        );
        assert!(uri_list_wasm::js_to_text(&link).is_ok());
        assert!(uri_list_wasm::js_check(&link).is_ok());
    };
    call();
    let pages = core::arch::wasm32::memory_size(0);
    for _ in 0..4 {
        call();
    }
    assert_eq!(core::arch::wasm32::memory_size(0), pages, "pages of 64 KiB");
}

// --- Hosts as the browser sees them (src/platform.rs) ---------------------------------------

/// The schemes whose hosts the URL Standard reads as domains or IP
/// addresses ("special" schemes, `file:` aside): one host parser for all.
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// `input` with a special scheme written as `https` (the core opens only
/// `http:` and `https:`; the host is read the same way), or `None`. The
/// scheme is found as the URL parser finds it: after removing the C0
/// controls and spaces around the input and every tab and newline in it.
fn as_https(input: &str) -> Option<String> {
    let t: String = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let colon = t.find(':')?;
    SPECIAL
        .contains(&t[..colon].to_ascii_lowercase().as_str())
        .then(|| ["https", &t[colon..]].concat())
}

/// This browser's own reading: `new URL(url).hostname`, or `None` where it
/// throws.
fn browser_hostname(url: &str) -> Option<String> {
    web_sys::Url::new(url).ok().map(|u| u.hostname())
}

/// Hosts that Chromium reads though the URL Standard rejects them (the
/// web-platform-tests expect a failure; Firefox fails them): a space kept
/// escaped in a domain (`a%20b`), an escaped IPv6 address (`%5B::1]`,
/// `[::%31]`). The core follows the standard there and does not open them:
/// the first resolve nowhere, the second would open another host than the
/// one shown.
fn beyond_the_standard(item: &str, hostname: &str) -> bool {
    let authority = item
        .split_once("//")
        .map_or("", |(_, rest)| rest.split('/').next().unwrap_or(""));
    hostname.contains('%') || (hostname.starts_with('[') && authority.contains('%'))
}

/// The hosts of the hardening issue (#10): an ideographic full stop,
/// percent-encoded or not, a combining mark, full-width letters and digits.
const ISSUE_HOSTS: &[&str] = &[
    "https://example\u{3002}com/",
    "https://bu%CC%88cher.de/",
    "https://\u{ff45}\u{ff58}\u{ff41}\u{ff4d}\u{ff50}\u{ff4c}\u{ff45}\u{ff0e}\u{ff43}\u{ff4f}\u{ff4d}/",
    "https://paypal.com%E3%80%82evil.example/",
    "https://paypal.com\u{3002}evil.example/",
    "https://stra\u{df}e.de/",
    "https://a\u{ad}b.example/",
    "http://\u{ff11}\u{ff12}\u{ff17}.\u{ff10}.\u{ff10}.\u{ff11}/",
    "http://0x7f.1/",
    "http://0..0x300/",
    "http://[0:0::1]:8080/",
    "https://goo\u{261}le.com/",
    "https://EXAMPLE.com/",
];

/// Every input of the web-platform-tests URL corpus with a special scheme
/// (as `https:`), and the issue's hosts, checked as one list through
/// `encode` and `check` as the extension does: the site of each item is
/// this browser's `new URL(item).hostname`, and an item this browser does
/// not parse is not openable.
#[wasm_bindgen_test]
fn the_site_of_every_special_input_is_the_browsers_hostname() {
    let corpus: Array = JSON::parse(include_str!("../../tests/fixtures/wpt/urltestdata.json"))
        .expect("urltestdata.json is JSON")
        .dyn_into()
        .unwrap();
    let mut inputs: Vec<String> = corpus
        .iter()
        .filter(JsValue::is_object)
        .filter_map(|case| get(&case, "input").as_string())
        .filter_map(|input| as_https(&input))
        .collect();
    inputs.extend(ISSUE_HOSTS.iter().map(|s| (*s).to_owned()));
    let items = Array::new();
    for input in &inputs {
        items.push(&JsValue::from_str(input));
    }
    let list = js_sys::Object::new();
    Reflect::set(&list, &"items".into(), &items).unwrap();
    let link = uri_list_wasm::js_encode(list.into()).ok().unwrap();
    let checked = uri_list_wasm::js_check(&link).ok().unwrap();
    let checked: Array = get(&checked, "items").dyn_into().unwrap();
    assert_eq!(checked.length() as usize, inputs.len());
    let (mut same, mut rejected, mut reencoded, mut beyond) = (0, 0, 0, 0);
    for (input, c) in inputs.iter().zip(checked.iter()) {
        // The item as the core holds it: `encode` percent-encodes what
        // may not stand in a link (non-ASCII, spaces, controls).
        let item = get(&c, "item").as_string().unwrap();
        let class = get(&c, "class").as_string().unwrap();
        match browser_hostname(&item) {
            Some(hostname) if beyond_the_standard(&item, &hostname) => {
                assert_eq!(class, "invalid", "{input:?} as {item:?}: {}", json(&c));
                beyond += 1;
            }
            Some(hostname) => {
                assert_eq!(class, "openable", "{input:?} as {item:?}: {}", json(&c));
                assert_eq!(
                    get(&c, "site").as_string().as_deref(),
                    Some(hostname.as_str()),
                    "{input:?} as {item:?}"
                );
                same += 1;
            }
            None => {
                assert_eq!(class, "invalid", "{input:?} as {item:?}: {}", json(&c));
                rejected += 1;
            }
        }
        // Percent-encoding non-ASCII characters keeps the host the
        // browser reads (its host parser percent-decodes). ASCII that may
        // not stand in a link (white space, `\`, `|`…) is percent-encoded
        // too, and then means something else to the URL parser: the item
        // is another URL, checked as such above.
        if item != *input {
            reencoded += 1;
            let uri_char =
                |c: char| c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c);
            if input.chars().all(|c| !c.is_ascii() || uri_char(c)) {
                assert_eq!(
                    browser_hostname(&item),
                    browser_hostname(input),
                    "{input:?} as {item:?}"
                );
            }
        }
    }
    assert!(
        same > 200 && rejected > 150,
        "{same} read, {rejected} rejected, {beyond} beyond the standard ({reencoded} re-encoded)"
    );
}

/// The issue's hosts, named: what the tab opens, in this browser.
#[wasm_bindgen_test]
fn the_issue_hosts_are_named_as_the_tab_opens_them() {
    let got = uri_list_wasm::js_check(
        "uri-list:https://example%E3%80%82com/;https://paypal.com%E3%80%82evil.example/;https://%EF%BD%85%EF%BD%98%EF%BD%81%EF%BD%8D%EF%BD%90%EF%BD%8C%EF%BD%85.com/;https://bu%CC%88cher.de/",
    )
    .ok()
    .unwrap();
    let items: Array = get(&got, "items").dyn_into().unwrap();
    let sites: Vec<String> = items
        .iter()
        .map(|i| get(&i, "siteUnicode").as_string().unwrap())
        .collect();
    assert_eq!(
        sites,
        [
            "example.com",
            "paypal.com.evil.example",
            "example.com",
            "b\u{fc}cher.de"
        ]
    );
    // A Latin lookalike alone in its list is an alert.
    let got = uri_list_wasm::js_check("uri-list:https://goo%C9%A1le.com/")
        .ok()
        .unwrap();
    let item = Array::from(&get(&got, "items")).get(0);
    let notes = json(&get(&item, "notes"));
    assert!(notes.contains("noteLatinLookalike"), "{notes}");
    assert!(notes.contains("xn--goole-tmc.com"), "{notes}");
}

// --- Memory and time at the limit -------------------------------------------------------------
//
// The bound of the crate docs ("Memory and time"): a call's peak memory is at
// most `MEMORY_FACTOR` times the size of its input, plus `MEMORY_SLACK`.
// Measured as the growth of the wasm memory while everything the allocator
// had free is held ("ballast"), so that the figure is the call's own peak
// whatever the tests before it left free.

/// The bound: the peak growth of the memory for one call, per byte of input
/// (the crate docs). The costliest call is `plan` of a link of two-byte
/// items (`a;a;…`): each is an `Item` of the parse (32 bytes and a copy)
/// and a `Skipped` of the plan (32 bytes and a copy). Before the fixes of
/// this section, `check` of such a link took 414 times its size, `plan`
/// 178 times, `check` of one with tabs 207 times.
const MEMORY_FACTOR: usize = 48;
/// Plus this much, for the fixed costs of a call.
const MEMORY_SLACK: usize = 1 << 20;

const PAGE: usize = 64 * 1024;

fn memory_bytes() -> usize {
    core::arch::wasm32::memory_size(0) * PAGE
}

/// Holds every free block of the allocator (blocks of 4 KiB, then of
/// 256 bytes, until the memory has to grow), so that what a call then
/// allocates comes from new memory.
fn ballast() -> Vec<Vec<u8>> {
    let mut held = Vec::new();
    for size in [4096, 256] {
        let before = memory_bytes();
        while memory_bytes() == before {
            held.push(std::hint::black_box(Vec::<u8>::with_capacity(size)));
        }
    }
    held
}

/// The peak memory `call` takes, in bytes (to a page), and its time in ms.
fn peak_of(call: impl FnOnce()) -> (usize, f64) {
    let held = ballast();
    let before = memory_bytes();
    let start = js_sys::Date::now();
    call();
    let ms = js_sys::Date::now() - start;
    let grown = memory_bytes() - before;
    drop(held);
    (grown, ms)
}

/// A link of about `size` bytes: `head`, then `piece(0)`, `piece(1)`… as
/// many as fit.
fn link_of(size: usize, head: &str, piece: impl Fn(usize) -> String) -> String {
    let mut link = String::from(head);
    for n in 0.. {
        let p = piece(n);
        if link.len() + p.len() > size {
            break;
        }
        link.push_str(&p);
    }
    if link.ends_with(';') || link.ends_with('&') {
        link.pop();
    }
    link
}

type Call = fn(&str, &JsString);
/// A function of the JS API by name, called with the link as a `&str` and
/// as a JS string.
type NamedCall = (&'static str, Call);

const DECODE: NamedCall = ("decode", |_, js| {
    drop(uri_list_wasm::js_decode(js.clone(), JsValue::UNDEFINED))
});
const CHECK: NamedCall = ("check", |link, _| drop(uri_list_wasm::js_check(link)));
const CHECK_ALL: NamedCall = ("checkAll", |link, _| {
    drop(uri_list_wasm::js_check_all(link, None))
});
const PLAN: NamedCall = ("plan", |link, _| {
    drop(uri_list_wasm::js_plan(link, JsValue::UNDEFINED))
});
const TO_TEXT: NamedCall = ("toText", |link, _| drop(uri_list_wasm::js_to_text(link)));
const FROM_TEXT: NamedCall = ("fromText", |text, _| {
    drop(uri_list_wasm::js_from_text(text))
});
const READ_PASTED: NamedCall = ("readPasted", |link, _| {
    drop(uri_list_wasm::js_read_pasted(link))
});

/// The shapes of link that cost the most memory, each with the functions
/// it costs the most in (measured on every function with these and more:
/// spaces, escapes, long items, long titles, non-ASCII hosts, lookalike
/// hosts, borrowed names, all under 25 times their size).
fn costliest(size: usize) -> Vec<(&'static str, String, Vec<NamedCall>)> {
    vec![
        (
            "two-byte items",
            link_of(size, "uri-list:", |_| "a;".into()),
            vec![DECODE, CHECK, CHECK_ALL, PLAN, TO_TEXT, READ_PASTED],
        ),
        (
            "a text of two-byte lines",
            link_of(size, "", |_| "a\n".into()),
            vec![FROM_TEXT, READ_PASTED],
        ),
        (
            "nested lists",
            link_of(size, "uri-list:", |_| "uri-list:a%3Bb;".into()),
            vec![DECODE, CHECK_ALL, PLAN],
        ),
        (
            "many options",
            link_of(size, "uri-list:a?", |_| "k=v&".into()),
            vec![DECODE, TO_TEXT],
        ),
        (
            "tabs",
            link_of(size, "uri-list:", |_| "a\tb;".into()),
            vec![PLAN],
        ),
        (
            "small pages with non-ASCII hosts",
            link_of(size, "uri-list:", |_| "http://\u{e9};".into()),
            vec![PLAN],
        ),
        (
            "small pages with user info",
            link_of(size, "uri-list:", |_| "https://u@a.b;".into()),
            vec![PLAN],
        ),
    ]
}

/// Lets the page's event loop run (a `setTimeout` of 0): the test runner
/// polls the page over WebDriver, and gives up on a page whose main thread
/// stays busy for 20 s, as a run of these heavy calls back to back can on a
/// loaded machine.
async fn yield_to_the_page() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let set_timeout: js_sys::Function =
            get(&js_sys::global(), "setTimeout").dyn_into().unwrap();
        set_timeout
            .call2(&JsValue::UNDEFINED, &resolve, &JsValue::from(0))
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Each function on each of the costliest shapes: the peak memory within
/// the bound. The figures (and the time, which is not asserted: speed is
/// for benches/limits.mjs) are logged (`-- --nocapture`).
async fn memory_stays_bounded(size: usize) {
    let mut over: Vec<String> = Vec::new();
    for (shape, link, calls) in costliest(size) {
        assert!(link.len() <= size && link.len() > size - 32, "{shape}");
        let js = JsString::from(link.as_str());
        for (name, call) in calls {
            yield_to_the_page().await;
            let (grown, ms) = peak_of(|| call(&link, &js));
            let ratio = grown as f64 / link.len() as f64;
            console_log!(
                "memory: {name}({shape}, {} bytes): {:.1} MiB, {ratio:.1} x the input, {ms:.0} ms",
                link.len(),
                grown as f64 / (1 << 20) as f64
            );
            if grown > MEMORY_FACTOR * link.len() + MEMORY_SLACK {
                over.push(format!("{name}({shape}): {ratio:.1} x"));
            }
        }
    }
    assert!(
        over.is_empty(),
        "over {MEMORY_FACTOR} x the input: {over:?}"
    );
}

/// A text longer than a link may be is refused before it is read, with a
/// message that says how long it is and what the limit is.
#[wasm_bindgen_test]
fn texts_over_the_limit_are_refused_with_their_length() {
    let text = "https://a.example/\n".repeat(uri_list::MAX_LENGTH / 19 + 1);
    for err in [
        uri_list_wasm::js_from_text(&text).err().unwrap(),
        uri_list_wasm::js_read_pasted(&text).err().unwrap(),
    ] {
        assert_eq!(get(&err, "code").as_string().unwrap(), "errorTextTooLong");
        assert_eq!(
            get(&err, "message").as_string().unwrap(),
            format!(
                "text too long: {} bytes, the limit is 2097152 bytes (as for a link)",
                text.len()
            )
        );
    }
}

#[wasm_bindgen_test]
async fn memory_at_1_mib_is_bounded() {
    memory_stays_bounded(1 << 20).await;
}

#[wasm_bindgen_test]
async fn memory_at_2_mib_is_bounded() {
    memory_stays_bounded(uri_list::MAX_LENGTH).await;
}

/// Web links (src/syntax/web_link.rs), through the JavaScript API: made with
/// `webLink` and `encode({web})`, read by `decode`, `toText`, `check`, `plan`
/// and `readPasted`, from the fragment exactly as this browser's own `URL`
/// gives it (`hash`), for `%23`, `;`, non-ASCII, spaces and nested lists.
#[wasm_bindgen_test]
fn web_links_are_made_and_read_as_the_browser_gives_their_fragment() {
    let base = "https://lists.example/open/";
    let input = JSON::parse(
        r#"{"items": ["https://a.example/search?q=C%23", "https://b.example/a;b",
            "https://bücher.example/straße?q=a b",
            {"items": ["https://c.example/", "https://d.example/ü"], "title": "Innen"}],
            "title": "Zwei Seiten ä 😀", "web": "https://lists.example/open/#old"}"#,
    )
    .unwrap();
    let web = uri_list_wasm::js_encode(input).ok().unwrap();
    assert!(web
        .starts_with("https://lists.example/open/#uri-list:https://a.example/search%3Fq=C%2523;"));
    let url = web_sys::Url::new(&web).unwrap();
    // The browser encodes nothing more: its hash is what was written.
    assert_eq!(url.hash(), &web[web.find('#').unwrap()..]);
    assert_eq!(url.href(), web);
    let link = url.hash()[1..].to_owned();
    assert_eq!(
        uri_list_wasm::js_link_in_web_link(&web).as_deref(),
        Some(link.as_str())
    );
    assert_eq!(uri_list_wasm::js_web_link(base, &link).ok().unwrap(), web);
    let read = uri_list_wasm::js_decode(JsString::from(web.as_str()), JsValue::UNDEFINED)
        .ok()
        .unwrap();
    assert_eq!(get(&read, "title").as_string().unwrap(), "Zwei Seiten ä 😀");
    let items = get(&read, "items");
    assert_eq!(
        json(&items),
        r#"["https://a.example/search?q=C%23","https://b.example/a;b","https://b%C3%BCcher.example/stra%C3%9Fe?q=a%20b","uri-list:https://c.example/;https://d.example/%C3%BC?title=Innen"]"#
    );
    let lists = get(&read, "lists");
    assert!(json(&lists).contains("Innen"), "{}", json(&lists));
    assert_eq!(
        uri_list_wasm::js_to_text(&web).ok().unwrap(),
        uri_list_wasm::js_to_text(&link).ok().unwrap()
    );
    let checked = uri_list_wasm::js_check(&web).ok().unwrap();
    assert_eq!(
        json(&get(&checked, "items")),
        json(&get(&uri_list_wasm::js_check(&link).ok().unwrap(), "items"))
    );
    let plan = uri_list_wasm::js_plan(&web, JsValue::UNDEFINED)
        .ok()
        .unwrap();
    assert_eq!(
        json(&plan),
        json(
            &uri_list_wasm::js_plan(&link, JsValue::UNDEFINED)
                .ok()
                .unwrap()
        )
    );
    let pasted = uri_list_wasm::js_read_pasted(&format!("look: {web} !"))
        .ok()
        .unwrap();
    assert_eq!(get(&pasted, "form").as_string().unwrap(), "link");
    assert_eq!(
        get(&pasted, "title").as_string().unwrap(),
        "Zwei Seiten ä 😀"
    );

    // Typed with spaces and non-ASCII: the browser percent-encodes them in
    // the hash, and the list reads the same.
    let typed = "https://h.example/#Multi:https://a.example/ä b?title=Zwei Seiten ä";
    let hash = web_sys::Url::new(typed).unwrap().hash();
    assert_eq!(
        hash,
        "#Multi:https://a.example/%C3%A4%20b?title=Zwei%20Seiten%20%C3%A4"
    );
    for given in [typed.to_owned(), format!("https://h.example/{hash}")] {
        let read = uri_list_wasm::js_decode(JsString::from(given.as_str()), JsValue::UNDEFINED)
            .ok()
            .unwrap();
        assert_eq!(get(&read, "title").as_string().unwrap(), "Zwei Seiten ä");
    }
    let read = uri_list_wasm::js_decode(
        JsString::from(format!("https://h.example/{hash}").as_str()),
        JsValue::UNDEFINED,
    )
    .ok()
    .unwrap();
    assert_eq!(
        json(&get(&read, "items")),
        r#"["https://a.example/%C3%A4%20b"]"#
    );
}

#[wasm_bindgen_test]
fn web_link_errors_carry_a_code() {
    let err = uri_list_wasm::js_web_link("lists.example", "uri-list:https://a.example")
        .err()
        .unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "errorWebBase");
    assert_eq!(json(&get(&err, "args")), r#"["lists.example"]"#);
    // webBase(), the options page's question, asks the engine's own URL: an escaped "@" in the
    // site is refused, naming the escape; a base that can start web links comes back without its
    // fragment.
    let err = uri_list_wasm::js_web_base("https://paypal.com%40evil.example/")
        .err()
        .unwrap();
    assert_eq!(
        get(&err, "code").as_string().unwrap(),
        "errorWebBaseHostEscape"
    );
    // The character is a message of its own (`charQuoted`), which each language quotes as it
    // quotes (German „@“).
    assert_eq!(
        json(&get(&err, "args")),
        r#"["https://paypal.com%40evil.example/","%40","paypal.com%40evil.example",{"code":"charQuoted","args":["@"],"message":"\"@\""}]"#
    );
    assert_eq!(
        uri_list_wasm::js_web_base("https://lists.example/open/#old").ok(),
        Some("https://lists.example/open/".to_owned())
    );
    for call in [
        uri_list_wasm::js_decode(JsString::from("https://h.example/#top"), JsValue::UNDEFINED)
            .err(),
        uri_list_wasm::js_check("https://h.example/").err(),
        uri_list_wasm::js_plan("HTTP://h.example/x", JsValue::UNDEFINED).err(),
    ] {
        assert_eq!(
            get(&call.unwrap(), "code").as_string().unwrap(),
            "errorWebNoList"
        );
    }
    let bad =
        JSON::parse(r#"{"items": ["https://a.example"], "web": "ftp://h.example/"}"#).unwrap();
    let err: JsValue = uri_list_wasm::js_encode(bad).err().unwrap();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .starts_with("\"ftp://h.example/\" cannot start web links"));
}

/// `formatLinks`: titled links across the boundary (src/format.rs), the
/// host from the engine's own URL parser, and every wrong shape refused.
#[wasm_bindgen_test]
fn format_links_reads_pages_and_groups_and_refuses_other_shapes() {
    let entries = JSON::parse(
        r#"[{"title": "A [b] <c>", "url": "https://xn--bcher-kva.de/(x)"},
            {"title": "G & H", "items": [{"title": "", "url": "https://b.example/"}]}]"#,
    )
    .unwrap();
    let options = |o: &str| JSON::parse(o).unwrap();
    let markdown =
        uri_list_wasm::js_format_links(entries.clone(), options(r#"{"format": "markdown"}"#));
    assert_eq!(
        markdown.ok().unwrap(),
        "- [A \\[b\\] \\<c\\>](https://xn--bcher-kva.de/\\(x\\))\n- G & H\n  - [https://b.example/](https://b.example/)"
    );
    let html = uri_list_wasm::js_format_links(entries.clone(), options(r#"{"format": "html"}"#));
    assert!(html
        .ok()
        .unwrap()
        .contains(r#"<a href="https://xn--bcher-kva.de/(x)">A [b] &lt;c&gt;</a>"#));
    let template = uri_list_wasm::js_format_links(
        entries.clone(),
        options(r#"{"format": "template", "template": "{index} {host} {group}"}"#),
    );
    let err = template.err().unwrap();
    assert_eq!(get(&err, "code").as_string().unwrap(), "templateNoUrl");
    let template = uri_list_wasm::js_format_links(
        entries.clone(),
        options(
            r#"{"format": "template", "template": "{index} {host} {url}", "separator": " | "}"#,
        ),
    );
    assert_eq!(
        template.ok().unwrap(),
        "1 bücher.de https://xn--bcher-kva.de/(x) | 2 b.example https://b.example/"
    );
    // Every wrong shape is refused with its code, and the path of what is wrong in its arguments.
    for (entries, options, code, message) in [
        (
            r#"[{"title": "no url"}]"#,
            r#"{"format": "plain"}"#,
            "formatNotEntry",
            "formatLinks: entries[0] must be a page {title, url} or a tab group {title, items}",
        ),
        (
            r#"[{"url": 1}]"#,
            r#"{"format": "plain"}"#,
            "formatNotString",
            "formatLinks: entries[0].url must be a string",
        ),
        (
            r#"[{"url": "https://a.example/", "items": []}]"#,
            r#"{"format": "plain"}"#,
            "formatNotEntry",
            "formatLinks: entries[0] must be a page {title, url} or a tab group {title, items}",
        ),
        (
            r#"[{"title": "g", "items": [{"url": "https://a.example/"}, {"title": "x"}]}]"#,
            r#"{"format": "plain"}"#,
            "formatNotLink",
            "formatLinks: entries[0].items[1] must be a page {title, url}",
        ),
        (
            r#"[{"title": "g", "items": "https://a.example/"}]"#,
            r#"{"format": "plain"}"#,
            "formatNotArray",
            "formatLinks: entries[0].items must be an array",
        ),
        (
            r#"[{"title": 3, "url": "https://a.example/"}]"#,
            r#"{"format": "plain"}"#,
            "formatNotString",
            "formatLinks: entries[0].title must be a string",
        ),
        (
            r#"{"url": "https://a.example/"}"#,
            r#"{"format": "plain"}"#,
            "formatInput",
            "formatLinks takes ({title, url} | {title, items: {title, url}[]})[] and {format, template?, separator?}",
        ),
        (
            r#"[]"#,
            r#"{"format": "rtf"}"#,
            "formatNotFormat",
            "formatLinks: options.format must be \"markdown\", \"html\", \"plain\" or \"template\"",
        ),
        (
            r#"[]"#,
            r#"{"format": "template", "template": ["{url}"]}"#,
            "formatNotString",
            "formatLinks: options.template must be a string",
        ),
        (r#"[]"#, r#"null"#, "formatInput", ""),
    ] {
        let err = uri_list_wasm::js_format_links(
            JSON::parse(entries).unwrap(),
            JSON::parse(options).unwrap(),
        )
        .err()
        .unwrap_or_else(|| panic!("{entries} {options} is refused"));
        assert_eq!(get(&err, "code").as_string().unwrap(), code, "{entries} {options}");
        assert!(Array::is_array(&get(&err, "args")), "{entries} {options}: no args");
        let got = String::from(err.unchecked_into::<js_sys::Error>().message());
        if !message.is_empty() {
            assert_eq!(got, message, "{entries} {options}");
        }
    }
}

// --- The fast path of check, checkAll and plan (src/lib.rs, `Table`) ---------------------

/// Every value in `v` is defined (JSON.stringify leaves out a key whose
/// value is `undefined`, so a comparison of JSON alone would not see one).
fn assert_defined(v: &JsValue, path: &str) {
    assert!(!v.is_undefined(), "{path} is undefined");
    if let Some(array) = v.dyn_ref::<Array>() {
        for (n, e) in array.iter().enumerate() {
            assert_defined(&e, &format!("{path}[{n}]"));
        }
    } else if v.is_object() {
        for key in js_sys::Object::keys(v.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap();
            assert_defined(&get(v, &key), &format!("{path}.{key}"));
        }
    }
}

/// Links of every shape the rows can take: tiny items, pages, non-ASCII
/// hosts (punycode), lookalikes and borrowed names (notes across items),
/// user info, nested lists (depth, list, nested; one unreadable), options
/// and a title, warnings, empty items, characters outside the BMP (the
/// spans are UTF-16), blocked and invalid items, more distinct reasons
/// than the table remembers, and links long enough for several batches
/// (by rows and by text).
fn fast_path_links() -> Vec<String> {
    let mut links: Vec<String> = [
        "uri-list:a",
        "uri-list:a;a;a",
        "uri-list:;;",
        "uri-list:a;;b?x=%",
        "uri-list:http://a.b;https://b.example/x?title=Two%20pages",
        "uri-list:https://b\u{fc}cher.example/;https://xn--bcher-kva.example/stra%C3%9Fe",
        "uri-list:https://paypal.com/;https://paypa1.com/;https://p%D0%B0ypal.com/",
        "uri-list:https://goo%C9%A1le.com/",
        "uri-list:https://login.bank.evil.example/;https://bank.example/",
        "uri-list:https://u@a.b;https://user:pw@b.example/;http://u@c.example",
        // Page titles: words, none, one naming another site, bidirectional controls, a nested
        // list's own, and more titles than items.
        "uri-list:https://a.example/;https://b.example/;https://c.example/;javascript:x?page-titles=Caf%C3%A9%2C%20ok~~paypal%2Ecom~%E2%80%AEevil",
        "uri-list:https://a.example/;uri-list:https://b.example/%3Fpage-titles=Inner?page-titles=Outer~List~Beyond",
        "uri-list:javascript:alert(1);data:text/html,x;file:///etc/passwd;mailto:a@b.example;about:blank;chrome://settings",
        "uri-list:https://[::1;http://a.example:99999;http://a.example:x;https://%FF.example;https://a%20b.example;https://xn--a.example",
        "uri-list:https://a.example/\u{1F600};https://\u{1F600}.example/\u{10348};a\u{1F600}b;https://c.example/%F0%9F%98%80",
        "uri-list:https://a.example;uri-list:https://paypal.com%3Bhttps://p%D0%B0ypal.com%3B%3Buri-list:javascript:x%253Btitle%3Ftitle=Inner;https://b.example",
        "uri-list:uri-list:a%3Bb;uri-list:;uri-list:x%3F%25;https://a.example",
        "uri-list:https://a.example/#frag",
        "uri-list: https://a.example/ ;https://b.example/\tc?title=T&title=U&type=tabs&color=red",
        "uri-list:https://a.example?type=list&color=gray",
        "uri-list:a\tb;a\tb",
        "multi:example.com/a;login.example.com",
        "https://lists.example/#uri-list:https://a.example;b",
    ]
    .map(str::to_owned)
    .to_vec();
    let schemes = [
        "mailto", "tel", "sms", "ftp", "ws", "wss", "irc", "news", "git", "ssh", "magnet", "xmpp",
    ];
    let mixed = (0..10_000)
        .map(|n| match n % 7 {
            0 => "a".to_owned(),
            1 => format!("https://s{}.example/{n}", n % 13),
            2 => format!("{}:x{n}", schemes[n % schemes.len()]),
            3 => format!("https://\u{e9}{}.example/\u{1F600}{n}", n % 5),
            4 => "https://paypa1.com/".to_owned(),
            5 => format!("https://u{n}@a.example/"),
            _ => "uri-list:https://a.example%3Bb".to_owned(),
        })
        .collect::<Vec<_>>()
        .join(";");
    links.push(format!("uri-list:{mixed}?title=Mixed"));
    links.push(link_of(40_000, "uri-list:", |_| "a;".into()));
    links.push(link_of(300_000, "uri-list:", |n| {
        format!(
            "https://news{}.example/2026/\u{e4}rticle-{n}-{};",
            n % 97,
            "x".repeat(n % 300)
        )
    }));
    links
}

/// `check`, `checkAll` and `plan` (with several options) through the fast
/// path give the very objects serde-wasm-bindgen gives: the same keys in
/// the same order, the same values, `null` where it has `null`, no key it
/// leaves out; errors the same.
#[wasm_bindgen_test]
fn the_fast_path_gives_what_serde_gives() {
    let plan_opts = [
        "null",
        r#"{"limit": 0}"#,
        r#"{"limit": 100000, "linkText": "Links"}"#,
        r#"{"limit": "x", "linkText": 3}"#,
    ];
    for link in fast_path_links() {
        let short: String = link.chars().take(60).collect();
        for all in [false, true] {
            let fast = if all {
                uri_list_wasm::js_check_all(&link, None)
            } else {
                uri_list_wasm::js_check(&link)
            };
            let plain = uri_list_wasm::js_check_plain(&link, all);
            assert_same(&format!("check (all: {all}) of {short}"), fast, plain);
        }
        for opts in plan_opts {
            let fast = uri_list_wasm::js_plan(&link, JSON::parse(opts).unwrap());
            let plain = uri_list_wasm::js_plan_plain(&link, JSON::parse(opts).unwrap());
            assert_same(&format!("plan {opts} of {short}"), fast, plain);
        }
    }
}

/// A fast path's result against serde-wasm-bindgen's: the same object
/// (no `undefined` in it), or the same error thrown by both.
fn assert_same(what: &str, fast: Result<JsValue, JsValue>, plain: Result<JsValue, JsValue>) {
    match (fast, plain) {
        (Ok(fast), Ok(plain)) => {
            assert_defined(&fast, what);
            assert_eq!(json(&fast), json(&plain), "{what}");
        }
        (Err(fast), Err(plain)) => assert_eq!(json(&fast), json(&plain), "{what}"),
        (fast, _) => panic!("{what}: only one threw: {fast:?}"),
    }
}

/// Rows with the same reason or notes have objects of their own: changing
/// one row changes no other.
#[wasm_bindgen_test]
fn rows_of_the_fast_path_share_no_object() {
    let link = "uri-list:a;a;https://p%D0%B0ypal.com/;https://paypal.com/;https://p%D0%B0ypal.com/";
    let check = uri_list_wasm::js_check(link).ok().unwrap();
    let items = Array::from(&get(&check, "items"));
    let before = json(&check);
    let reason = get(&items.get(0), "reason");
    assert_eq!(json(&reason), json(&get(&items.get(1), "reason")));
    get(&reason, "args")
        .unchecked_into::<Array>()
        .push(&"changed".into());
    Reflect::set(&reason, &"code".into(), &"changed".into()).unwrap();
    let notes: Array = get(&items.get(2), "notes").unchecked_into();
    assert!(notes.length() > 0, "{}", json(&notes));
    Reflect::set(&notes.get(0), &"message".into(), &"changed".into()).unwrap();
    notes.push(&"changed".into());
    let after = uri_list_wasm::js_check(link).ok().unwrap();
    let count = |s: &str| s.matches("changed").count();
    assert_eq!(count(&json(&check)), 4, "{}", json(&check));
    assert_eq!(count(&json(&after)), 0);
    assert_eq!(json(&after), before);
    let plan = uri_list_wasm::js_plan(link, JsValue::UNDEFINED)
        .ok()
        .unwrap();
    let skipped = Array::from(&get(&plan, "skipped"));
    Reflect::set(
        &get(&skipped.get(0), "reason"),
        &"code".into(),
        &"changed".into(),
    )
    .unwrap();
    assert_eq!(count(&json(&plan)), 1, "{}", json(&plan));
}
