//! The JavaScript API: the only file that uses `#[wasm_bindgen]`.
//!
//! Results cross the boundary as one JSON string each, parsed by the engine's
//! own `JSON.parse` into plain objects: two crossings per call, however many
//! items, instead of one per string. Errors throw a JS `Error` whose message
//! is the core's. No function here panics.

use crate::{from_text, json, to_text, Parser, UriList};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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

/// Reads `input[key]` as an optional string; anything else is an error that
/// names the key.
fn string_field(input: &JsValue, key: &str) -> Result<Option<String>, JsError> {
    let v = js_sys::Reflect::get(input, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_string()
        .map(Some)
        .ok_or_else(|| JsError::new(&format!("encode: {key} must be a string")))
}

/// Reads `input[key]` as an array, each element through `read`.
fn array_field<T>(
    input: &JsValue,
    key: &str,
    read: impl Fn(&JsValue) -> Option<T>,
    (plural, one): (&str, &str),
) -> Result<Vec<T>, JsError> {
    let v = js_sys::Reflect::get(input, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    let array = v
        .dyn_ref::<js_sys::Array>()
        .ok_or_else(|| JsError::new(&format!("encode: {key} must be an array of {plural}")))?;
    array
        .iter()
        .enumerate()
        .map(|(n, e)| {
            read(&e).ok_or_else(|| JsError::new(&format!("encode: {key}[{n}] is not {one}")))
        })
        .collect()
}

/// `encode({items, title?, type?, options?})`: the link for a list. `items`
/// are strings, `options` `[key, value]` pairs of strings.
///
/// The input is read field by field with `Reflect` rather than through
/// serde-wasm-bindgen: the same checks, and a third of the wasm's size less
/// (serde's error paths bring in float formatting).
#[wasm_bindgen]
pub fn encode(input: JsValue) -> Result<String, JsError> {
    if !input.is_object() {
        return Err(JsError::new(
            "encode takes {items: string[], title?, type?, options?: [key, value][]}",
        ));
    }
    let items = array_field(&input, "items", JsValue::as_string, ("strings", "a string"))?;
    let options = array_field(
        &input,
        "options",
        |pair| {
            let pair = pair.dyn_ref::<js_sys::Array>()?;
            match (
                pair.length(),
                pair.get(0).as_string(),
                pair.get(1).as_string(),
            ) {
                (2, Some(k), Some(v)) => Some((k, v)),
                _ => None,
            }
        },
        (
            "[key, value] pairs of strings",
            "a [key, value] pair of strings",
        ),
    )?;
    if items.is_empty() {
        return Err(JsError::new("no item to encode: items is empty"));
    }
    if let Some(n) = items.iter().position(String::is_empty) {
        return Err(JsError::new(&format!(
            "item {} is empty: a uri-list cannot carry an empty item",
            n + 1
        )));
    }
    let mut out: UriList = items.into_iter().collect();
    if let Some(t) = string_field(&input, "title")? {
        out.set_title(t);
    }
    if let Some(t) = string_field(&input, "type")? {
        out.set_kind(t);
    }
    for (k, v) in options {
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

/// `plan(link, {limit?, linkText?})`: what to open for a link: groups of
/// URLs with their names and colours, what is skipped and why, and why the
/// preview page should be shown first (see the README).
#[wasm_bindgen]
pub fn plan(link: &str, opts: JsValue) -> Result<JsValue, JsError> {
    let field = |key: &str| {
        if opts.is_object() {
            js_sys::Reflect::get(&opts, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
        } else {
            JsValue::UNDEFINED
        }
    };
    let open_limit = match field("limit").as_f64() {
        Some(n) if n >= 0.0 => n as usize,
        _ => crate::DEFAULT_OPEN_LIMIT,
    };
    let link_text = field("linkText").as_string();
    let parsed = parse(link, false)?;
    let context = crate::PlanContext {
        open_limit,
        link_text: link_text.as_deref(),
    };
    json_value(&json::plan_json(&crate::plan(&parsed, &context), &parsed))
}

/// `version()`: the crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The engine's `String.prototype.toLowerCase`, for the core's host checks.
pub(crate) fn to_lowercase(s: &str) -> String {
    js_sys::JsString::from(s).to_lower_case().into()
}
