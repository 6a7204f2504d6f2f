//! The JavaScript API: the only file that uses `#[wasm_bindgen]`.
//!
//! Results cross the boundary as one JSON string each, parsed by the engine's
//! own `JSON.parse` into plain objects: two crossings per call, however many
//! items, instead of one per string. Errors throw a JS `Error` whose message
//! is the core's. No function here panics.

use crate::{from_text, json, to_text, Parser, UriList};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

fn parse(link: &str, strict: bool) -> Result<crate::Parsed, JsError> {
    Parser::new()
        .strict(strict)
        .parse(link)
        .map_err(|e| JsError::new(&e.to_string()))
}

fn json_value(s: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(s).map_err(|_| JsError::new("internal error: the result is not JSON"))
}

/// `decode(link, {strict}?)`: the list a link stands for, as a plain object
/// `{items, title, type, options, fragment, warnings, lists?}` (see the
/// README). Throws on a link that cannot be read.
#[wasm_bindgen]
pub fn decode(link: &str, opts: JsValue) -> Result<JsValue, JsError> {
    let strict = opts.is_object()
        && js_sys::Reflect::get(&opts, &JsValue::from_str("strict"))
            .map(|v| v.is_truthy())
            .unwrap_or(false);
    json_value(&json::decode_json(&parse(link, strict)?))
}

#[derive(Deserialize)]
struct EncodeInput {
    items: Vec<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    options: Vec<(String, String)>,
}

/// `encode({items, title?, type?, options?})`: the link for a list.
#[wasm_bindgen]
pub fn encode(list: JsValue) -> Result<String, JsError> {
    let input: EncodeInput = serde_wasm_bindgen::from_value(list).map_err(|e| {
        JsError::new(&format!(
            "encode takes {{items: string[], title?, type?, options?: [key, value][]}}: {e}"
        ))
    })?;
    if input.items.is_empty() {
        return Err(JsError::new("no item to encode: items is empty"));
    }
    if let Some(n) = input.items.iter().position(String::is_empty) {
        return Err(JsError::new(&format!(
            "item {} is empty: a uri-list cannot carry an empty item",
            n + 1
        )));
    }
    let mut out = UriList::new();
    for item in input.items {
        out.push(item);
    }
    if let Some(t) = input.title {
        out.set_title(t);
    }
    if let Some(t) = input.kind {
        out.set_kind(t);
    }
    for (k, v) in input.options {
        out.push_option(k, v);
    }
    Ok(out.to_link())
}

/// `toText(link)`: the text/uri-list form of a link (CRLF line ends).
#[wasm_bindgen(js_name = toText)]
pub fn to_text_js(link: &str) -> Result<String, JsError> {
    Ok(to_text(&parse(link, false)?.list))
}

/// `fromText(text)`: the link for a text/uri-list document.
#[wasm_bindgen(js_name = fromText)]
pub fn from_text_js(text: &str) -> Result<String, JsError> {
    from_text(text)
        .map(|read| read.list.to_link())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// `check(link)`: each item with its class, site and the reason it is not
/// opened, plus the warnings: `{items: [{item, class, site, siteUnicode,
/// userinfo, reason}], title, type, warnings}`.
#[wasm_bindgen]
pub fn check(link: &str) -> Result<JsValue, JsError> {
    json_value(&json::check_json(&parse(link, false)?))
}

/// `version()`: the crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
