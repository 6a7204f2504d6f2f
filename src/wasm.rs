//! The JavaScript API: the only file that uses `#[wasm_bindgen]`.
//!
//! Results cross the boundary as one JSON string each, parsed by the engine's
//! own `JSON.parse` into plain objects: two crossings per call, however many
//! items, instead of one per string. Errors throw a JS `Error` whose message
//! is the core's; a link or text that cannot be read throws one that also has
//! the message's `code` and `args`, to show it in the browser's language. No
//! function here panics.

use crate::{from_text, json, to_text, Parser, UriList};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn parse(link: &str, strict: bool) -> Result<crate::Parsed, JsValue> {
    Parser::new().strict(strict).parse(link).map_err(error)
}

/// A JS `Error` for a core error: its English `message`, and its `code` and
/// `args` (see `json::push_message_fields`).
fn error(e: crate::Error) -> JsValue {
    let js = js_sys::Error::new(&e.to_string());
    let mut fields = String::from("{");
    json::push_message_fields(&mut fields, &e.message());
    fields.push('}');
    if let Ok(fields) = js_sys::JSON::parse(&fields) {
        js_sys::Object::<JsValue>::assign(js.unchecked_ref(), fields.unchecked_ref());
    }
    js.into()
}

fn json_value(s: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(s).map_err(|_| JsError::new("internal error: the result is not JSON"))
}

/// `decode(link, {strict}?)`: the list a link stands for, as a plain object
/// `{items, title, type, options, fragment, warnings, lists?}` (see the
/// README). Throws on a link that cannot be read.
///
/// Built for speed across the boundary: the link is copied in once; each
/// item that stands unchanged in it (most do) is handed out as a slice of
/// the caller's own string (`String.prototype.slice`, no copy, no
/// decoding), the others as new strings; the rest of the object comes from
/// one small JSON string.
#[wasm_bindgen]
pub fn decode(link: js_sys::JsString, opts: JsValue) -> Result<JsValue, JsError> {
    let text = JsValue::from(&link)
        .as_string()
        .ok_or_else(|| JsError::new("decode takes a string: the link"))?;
    let strict = opts.is_object()
        && js_sys::Reflect::get(&opts, &JsValue::from_str("strict"))
            .map(|v| v.is_truthy())
            .unwrap_or(false);
    let parsed = Parser::new()
        .strict(strict)
        .spans_only()
        .parse(&text)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let out = json_value(&json::decode_json_without_items(&parsed))?;
    let items = js_sys::Array::new_with_length(parsed.list.len() as u32);
    // Byte offsets to UTF-16 offsets (JavaScript string indices), walking
    // forward once: the spans come in order.
    let ascii = text.is_ascii();
    let (mut byte, mut unit) = (0, 0);
    let mut utf16 = |at: usize| {
        if ascii {
            return at as u32;
        }
        unit += text[byte..at].encode_utf16().count();
        byte = at;
        unit as u32
    };
    for (n, item) in parsed.list.items().iter().enumerate() {
        let value = match item.span {
            Some((start, end)) => {
                let (start, end) = (utf16(start), utf16(end));
                JsValue::from(link.slice(start, end))
            }
            None => JsValue::from_str(item.as_str()),
        };
        items.set(n as u32, value);
    }
    js_sys::Reflect::set(&out, &JsValue::from_str("items"), &items)
        .map_err(|_| JsError::new("internal error: cannot set items"))?;
    Ok(out)
}

/// Reads `input[key]`, where `path` names `input` in messages.
fn field(input: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(input, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

const ENCODE_SHAPE: &str =
    "{items: (string | {items, title?, type?, options?})[], title?, type?, options?: [key, value][]}";

/// Builds a list from `{items, title?, type?, options?}`, where an item is a
/// string or, for a nested list (draft §8.2), an object of the same shape.
/// `path` names the object in messages (`items[2]`).
fn list_from_js(input: &JsValue, path: &str, depth: usize) -> Result<UriList, JsError> {
    let fail = |what: String| JsError::new(&format!("encode: {what}"));
    let name = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    if !input.is_object() || input.is_array() {
        return Err(JsError::new(&format!(
            "encode takes {ENCODE_SHAPE}{}",
            if path.is_empty() {
                String::new()
            } else {
                format!(", not what {path} is")
            }
        )));
    }
    if depth > crate::MAX_DEPTH {
        return Err(fail(format!(
            "{path} nests lists deeper than {} levels",
            crate::MAX_DEPTH
        )));
    }
    let items = field(input, "items");
    let items = items
        .dyn_ref::<js_sys::Array>()
        .ok_or_else(|| fail(format!("{} must be an array", name("items"))))?;
    if items.length() == 0 {
        return Err(JsError::new(&format!(
            "no item to encode: {} is empty",
            name("items")
        )));
    }
    let mut list = UriList::new();
    for (n, item) in items.iter().enumerate() {
        let here = format!("{}[{n}]", name("items"));
        if let Some(uri) = item.as_string() {
            if uri.is_empty() {
                return Err(JsError::new(&format!(
                    "{here} is empty: a uri-list cannot carry an empty item"
                )));
            }
            list.push(uri);
        } else if item.is_object() && !item.is_array() {
            list.push_list(list_from_js(&item, &here, depth + 1)?);
        } else {
            return Err(fail(format!("{here} is not a string or a list")));
        }
    }
    for (key, set) in [
        ("title", UriList::set_title as fn(&mut UriList, String)),
        ("type", UriList::set_kind),
    ] {
        let v = field(input, key);
        if v.is_undefined() || v.is_null() {
            continue;
        }
        set(
            &mut list,
            v.as_string()
                .ok_or_else(|| fail(format!("{} must be a string", name(key))))?,
        );
    }
    let options = field(input, "options");
    if !options.is_undefined() && !options.is_null() {
        let options = options.dyn_ref::<js_sys::Array>().ok_or_else(|| {
            fail(format!(
                "{} must be an array of [key, value] pairs",
                name("options")
            ))
        })?;
        for (n, pair) in options.iter().enumerate() {
            let kv = pair.dyn_ref::<js_sys::Array>().and_then(|p| {
                match (p.length(), p.get(0).as_string(), p.get(1).as_string()) {
                    (2, Some(k), Some(v)) => Some((k, v)),
                    _ => None,
                }
            });
            let (k, v) = kv.ok_or_else(|| {
                fail(format!(
                    "{}[{n}] is not a [key, value] pair of strings",
                    name("options")
                ))
            })?;
            list.push_option(k, v);
        }
    }
    Ok(list)
}

/// `encode({items, title?, type?, options?})`: the link for a list. An item
/// is a string, or an object of the same shape for a nested list (draft
/// §8.2); `options` are `[key, value]` pairs of strings.
///
/// The input is read field by field with `Reflect` rather than through
/// serde-wasm-bindgen: the same checks, with messages that name the field,
/// and a third of the wasm's size less (serde's error paths bring in float
/// formatting).
#[wasm_bindgen]
pub fn encode(input: JsValue) -> Result<String, JsError> {
    Ok(list_from_js(&input, "", 0)?.to_link())
}

/// `toText(link)`: the text/uri-list form of a link (CRLF line ends).
#[wasm_bindgen(js_name = toText)]
pub fn to_text_js(link: &str) -> Result<String, JsValue> {
    Ok(to_text(&parse(link, false)?.list))
}

/// `fromText(text)`: the link for a text/uri-list document.
#[wasm_bindgen(js_name = fromText)]
pub fn from_text_js(text: &str) -> Result<String, JsValue> {
    from_text(text)
        .map(|read| read.list.to_link())
        .map_err(error)
}

/// `check(link)`: each item with its class, site and the reason it is not
/// opened, plus the warnings: `{items: [{item, class, site, siteUnicode,
/// userinfo, reason}], title, type, warnings}`.
#[wasm_bindgen]
pub fn check(link: &str) -> Result<JsValue, JsValue> {
    Ok(json_value(&json::check_json(&parse(link, false)?))?)
}

/// `plan(link, {limit?, linkText?})`: what to open for a link: groups of
/// URLs with their names and colours, what is skipped and why, and why the
/// preview page should be shown first (see the README).
#[wasm_bindgen]
pub fn plan(link: &str, opts: JsValue) -> Result<JsValue, JsValue> {
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
    Ok(json_value(&json::plan_json(
        &crate::plan(&parsed, &context),
        &parsed,
    ))?)
}

/// `readPasted(text)`: what a person pasted, read as a uri-list link, a
/// text/uri-list or plain text with web addresses: the object `decode()`
/// returns, with `form` (`"link"`, `"text"` or `"urls"`) and `link` (the
/// list written as a uri-list link) added.
#[wasm_bindgen(js_name = readPasted)]
pub fn read_pasted_js(text: &str) -> Result<JsValue, JsValue> {
    let (form, parsed) = crate::read_pasted(text).map_err(error)?;
    let mut out = json::decode_json(&parsed);
    out.pop();
    out.push_str(",\"form\":\"");
    out.push_str(form.as_str());
    out.push_str("\",\"link\":");
    json::push_str(&mut out, &parsed.list.to_link());
    out.push('}');
    Ok(json_value(&out)?)
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
