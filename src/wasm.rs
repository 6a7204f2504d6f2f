//! The JavaScript API: the only file that uses `#[wasm_bindgen]`.
//!
//! Results cross the boundary as one JSON string each, parsed by the engine's
//! own `JSON.parse` into plain objects: two crossings per call, however many
//! items, instead of one per string. Errors throw a JS `Error` whose message
//! is the core's; a link or text that cannot be read throws one that also has
//! the message's `code` and `args`, to show it in the browser's language. No
//! function here panics.

use crate::prelude::*;

use crate::digits::decimal;
use crate::{from_text, json, percent, to_text, Parser, UriList};
use core::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a link, or the link in a web link (src/web_link.rs).
fn parse(link: &str, strict: bool) -> Result<crate::Parsed, JsValue> {
    let link = crate::list_link(link).map_err(error)?;
    Parser::new().strict(strict).parse(link).map_err(error)
}

/// A JS `Error` for a core error: its English `message`, and its `code` and
/// `args` (see `json::push_message_fields`).
fn error(e: crate::Error) -> JsValue {
    let js = js_sys::Error::new(&e.message().english());
    let mut fields = String::from("{");
    json::push_message_fields(&mut fields, &e.message());
    fields.push('}');
    if let Ok(fields) = js_sys::JSON::parse(&fields) {
        js_sys::Object::<JsValue>::assign(js.unchecked_ref(), fields.unchecked_ref());
    }
    js.into()
}

/// The value of JSON written by one of `json::write_*`, piece by piece:
/// each piece (about `json::CHUNK` bytes) goes to the engine as soon as it
/// is written, so the wasm's memory, which never shrinks, holds one piece
/// rather than the whole result (100 bytes and more per item of `check()`).
fn chunked_json(
    write: impl FnOnce(&mut String, &mut dyn FnMut(&mut String)),
) -> Result<JsValue, JsError> {
    let pieces = js_sys::Array::<JsValue>::new();
    let mut out = String::with_capacity(json::CHUNK + 1024);
    write(&mut out, &mut |s: &mut String| {
        pieces.push(&JsValue::from_str(s));
        s.clear();
    });
    pieces.push(&JsValue::from_str(&out));
    drop(out);
    json_parse(&pieces.join("")).map_err(|_| JsError::new("internal error: the result is not JSON"))
}

#[wasm_bindgen]
extern "C" {
    /// The engine's `JSON.parse`, of a JS string (js-sys's takes a `&str`,
    /// which a string made in JS would have to be copied into first).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &js_sys::JsString) -> Result<JsValue, JsValue>;
}

// The JavaScript half of `decode` (src/wasm.js), shipped with the package.
#[wasm_bindgen(module = "/src/wasm.js")]
extern "C" {
    /// Hands the module's memory to src/wasm.js, once.
    #[wasm_bindgen(js_name = setMemory)]
    fn set_memory(memory: &JsValue);
    /// -1 when `link` is not a string, else twice its length in UTF-16
    /// units, plus 1 for `opts.strict`.
    #[wasm_bindgen(js_name = readInput)]
    fn read_input(link: &js_sys::JsString, opts: &JsValue) -> f64;
    /// Writes `link` as UTF-8 at `ptr` (room for `room` bytes); returns the
    /// number of bytes written, or -1 when it did not fit.
    #[wasm_bindgen(js_name = copyIn)]
    fn copy_in(link: &js_sys::JsString, ptr: u32, room: u32) -> i32;
    /// Builds the result object from the span table at `ptr` (`count`
    /// items) and the `text_len` bytes of text at `text`: the decoded items'
    /// text, then, from UTF-16 index `split`, the rest of the result as JSON
    /// when `tail` is 0, else the keys and values of its `tail - 1` options
    /// (their spans in the table, after the title's and the type's).
    fn build(
        link: &js_sys::JsString,
        ptr: u32,
        count: u32,
        text: u32,
        text_len: u32,
        split: u32,
        tail: u32,
    ) -> JsValue;
}

/// Whether src/wasm.js has the module's memory (see `set_memory`). The wasm
/// has one thread: an atomic only because a `static` must be `Sync`.
static MEMORY_SET: AtomicBool = AtomicBool::new(false);

/// In the span table, the bit that marks a span in the decoded items' text
/// rather than in the link. Links are shorter than 2^31 UTF-16 units (see
/// [`crate::MAX_LENGTH`]), and so is that text.
const DECODED: u32 = 1 << 31;

/// In the span table after the items, the span of a title or type the list
/// does not have.
const NONE: u32 = u32::MAX;

/// UTF-16 length of `s`: a JavaScript string's `length`.
fn utf16_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.encode_utf16().count()
    }
}

/// The bytes of the options' keys and values, with room for the JSON of
/// the rest of a result in the common case.
fn options_len(list: &UriList) -> usize {
    list.options()
        .iter()
        .map(|(k, v)| k.len() + v.len())
        .sum::<usize>()
        + 96
}

/// `decode(link, {strict}?)`: the list a link stands for, as a plain object
/// `{items, title, type, options, fragment, warnings, lists?}` (see the
/// README). Throws on a link that cannot be read.
///
/// Built for speed across the boundary, which costs more than the parse
/// when each item crosses on its own: the link is written into the
/// module's memory with one `TextEncoder.encodeInto`; the parse leaves a
/// table of item spans there, and src/wasm.js builds the object from it,
/// each unchanged item (most are) a `slice` of the caller's own string, each
/// decoded one a `slice` of one string holding all of them, followed by
/// the options' keys and values (or, when there are warnings, a fragment or
/// nested lists, the rest of the result as JSON). Three calls into JS per call (`readInput`, `copyIn`,
/// `build`): each costs about as much as a few items.
#[wasm_bindgen]
pub fn decode(link: js_sys::JsString, opts: JsValue) -> Result<JsValue, JsValue> {
    let input = read_input(&link, &opts);
    if input < 0.0 {
        return Err(JsError::new("decode takes a string: the link").into());
    }
    let (units, strict) = ((input / 2.0) as usize, input % 2.0 == 1.0);
    if !MEMORY_SET.swap(true, Ordering::Relaxed) {
        set_memory(&wasm_bindgen::memory());
    }
    // One byte per UTF-16 unit first (an ASCII link, the common case: less
    // memory to zero), three (always enough) when that does not fit.
    let mut bytes = vec![0u8; units];
    let mut written = copy_in(&link, bytes.as_mut_ptr() as u32, units as u32);
    if written < 0 {
        bytes = vec![0u8; 3 * units];
        written = copy_in(&link, bytes.as_mut_ptr() as u32, 3 * units as u32);
    }
    let written = usize::try_from(written)
        .map_err(|_| JsError::new("internal error: the link did not fit"))?;
    bytes.truncate(written);
    // As many bytes as UTF-16 units: every character is ASCII.
    let ascii = bytes.len() == units;
    let mut text = String::from_utf8(bytes)
        .map_err(|_| JsError::new("internal error: the link is not UTF-8"))?;
    // A web link: its list from here on, in the caller's string too (the
    // spans index it). The list is the end of the text (src/web_link.rs).
    let list_at = text.len() - crate::list_link(&text).map_err(error)?.len();
    let link = if list_at > 0 {
        let units = if ascii {
            list_at
        } else {
            utf16_len(&text[..list_at])
        };
        text.drain(..list_at);
        link.slice(units as u32, link.length())
    } else {
        link
    };
    let parsed = Parser::new()
        .strict(strict)
        .spans_only()
        .parse(&text)
        .map_err(error)?;

    let items = parsed.list.items();
    // Room for the spans of the title, the type and the options too.
    let mut spans = Vec::with_capacity(2 * items.len() + 4 + 4 * parsed.list.options().len());
    spans.resize(2 * items.len(), 0);
    // The decoded items, one after the other, and its length in UTF-16
    // units. Decoding only shortens an item: sized once, for the items to
    // decode and the options (growing it by doubling copied it each time).
    let room = items
        .iter()
        .map(|item| match item.span {
            Some((start, end)) if item.escaped => end - start,
            Some(_) => 0,
            None => item.as_str().len(),
        })
        .sum::<usize>()
        + options_len(&parsed.list);
    let mut decoded = String::with_capacity(room);
    let mut decoded_units = 0;
    // Byte offsets to UTF-16 offsets (JavaScript string indices), walking
    // forward once: the spans come in order.
    let (mut byte, mut unit) = (0, 0);
    let mut utf16 = |at: usize| {
        if !ascii {
            unit += utf16_len(&text[byte..at]);
            byte = at;
        }
        (if ascii { at } else { unit }) as u32
    };
    let mut nested = false;
    for (item, span) in items.iter().zip(spans.chunks_exact_mut(2)) {
        nested |= item.list().is_some();
        let decoded_len = decoded.len();
        let in_link = item.span.filter(|&(start, end)| {
            // An item left to us to decode that decoding leaves as it is
            // (`%C3%9F`) is a slice of the link after all.
            !item.escaped || !percent::decode_item_into(&text[start..end], &mut decoded)
        });
        match in_link {
            Some((start, end)) => {
                span[0] = utf16(start);
                span[1] = utf16(end);
            }
            None => {
                // Decoded: by us just now, or by the parser (nested lists,
                // links with tabs).
                if !item.escaped {
                    decoded.push_str(item.as_str());
                }
                let start = decoded_units;
                // Decoding keeps an ASCII link ASCII.
                decoded_units += if ascii {
                    decoded.len() - decoded_len
                } else {
                    utf16_len(&decoded[decoded_len..])
                };
                span[0] = DECODED | start as u32;
                span[1] = decoded_units as u32;
            }
        }
    }
    // One string out (the decoding of each string out has a cost of its
    // own). What follows the items: for most links (no warnings, no
    // fragment, no nested list) the options' keys and values, their spans
    // after the items' in the table, those of the title and type first; for
    // the others the rest of the result as JSON.
    let split = decoded_units;
    let list = &parsed.list;
    let tail = if nested || !parsed.warnings.is_empty() || list.fragment().is_some() {
        decoded.push_str(&json::decode_json_without_items(&parsed));
        0
    } else {
        let options = list.options();
        let mut text_span = |s: &str| {
            let start = decoded_units as u32;
            decoded.push_str(s);
            decoded_units += utf16_len(s);
            [start, decoded_units as u32]
        };
        let mut option_spans = Vec::with_capacity(4 * options.len());
        for (key, value) in options {
            option_spans.extend(text_span(key));
            option_spans.extend(text_span(value));
        }
        // The title and the type are option values (`UriList::title`):
        // the span of that value.
        let span_of = |value: Option<&str>| {
            options
                .iter()
                .position(|(_, v)| value.is_some_and(|value| core::ptr::eq(v.as_str(), value)))
                .map_or([NONE, NONE], |n| {
                    [option_spans[4 * n + 2], option_spans[4 * n + 3]]
                })
        };
        spans.extend(span_of(list.title()));
        spans.extend(span_of(list.kind()));
        spans.extend(option_spans);
        1 + options.len() as u32
    };
    Ok(build(
        &link,
        spans.as_ptr() as u32,
        items.len() as u32,
        decoded.as_ptr() as u32,
        decoded.len() as u32,
        split as u32,
        tail,
    ))
}

/// Reads `input[key]` (undefined when it is missing or `input` is no object).
fn field(input: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(input, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

const ENCODE_SHAPE: &str =
    "{items: (string | {items, title?, type?, options?})[], title?, type?, options?: [key, value][]}";

/// Builds a list from `{items, title?, type?, options?}`, where an item is a
/// string or, for a nested list (draft §8.2), an object of the same shape.
/// `path` names the object in messages (`items[2]`).
fn list_from_js(input: &JsValue, path: &str, depth: usize) -> Result<UriList, JsError> {
    // The messages are put together with `concat` rather than `format!`:
    // the wasm has no `core::fmt` (src/digits.rs).
    let fail = |what: &[&str]| JsError::new(&["encode: ", &what.concat()].concat());
    let name = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            [path, ".", key].concat()
        }
    };
    if !input.is_object() || input.is_array() {
        let not_what = if path.is_empty() {
            String::new()
        } else {
            [", not what ", path, " is"].concat()
        };
        return Err(JsError::new(
            &["encode takes ", ENCODE_SHAPE, &not_what].concat(),
        ));
    }
    if depth > crate::MAX_DEPTH {
        return Err(fail(&[
            path,
            " nests lists deeper than ",
            &decimal(crate::MAX_DEPTH as u64),
            " levels",
        ]));
    }
    let items = field(input, "items");
    let items = items
        .dyn_ref::<js_sys::Array>()
        .ok_or_else(|| fail(&[&name("items"), " must be an array"]))?;
    if items.length() == 0 {
        return Err(JsError::new(
            &["no item to encode: ", &name("items"), " is empty"].concat(),
        ));
    }
    let mut list = UriList::new();
    for (n, item) in items.iter().enumerate() {
        let here = [&name("items"), "[", &decimal(n as u64), "]"].concat();
        if let Some(uri) = item.as_string() {
            if uri.is_empty() {
                return Err(JsError::new(
                    &[&here, " is empty: a uri-list cannot carry an empty item"].concat(),
                ));
            }
            list.push(uri);
        } else if item.is_object() && !item.is_array() {
            list.push_list(list_from_js(&item, &here, depth + 1)?);
        } else {
            return Err(fail(&[&here, " is not a string or a list"]));
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
                .ok_or_else(|| fail(&[&name(key), " must be a string"]))?,
        );
    }
    let options = field(input, "options");
    if !options.is_undefined() && !options.is_null() {
        let options = options
            .dyn_ref::<js_sys::Array>()
            .ok_or_else(|| fail(&[&name("options"), " must be an array of [key, value] pairs"]))?;
        for (n, pair) in options.iter().enumerate() {
            let kv = pair.dyn_ref::<js_sys::Array>().and_then(|p| {
                match (p.length(), p.get(0).as_string(), p.get(1).as_string()) {
                    (2, Some(k), Some(v)) => Some((k, v)),
                    _ => None,
                }
            });
            let (k, v) = kv.ok_or_else(|| {
                fail(&[
                    &name("options"),
                    "[",
                    &decimal(n as u64),
                    "] is not a [key, value] pair of strings",
                ])
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
///
/// With `web: BASE` (an absolute `http(s)` address), the web link on that
/// base (`webLink`).
#[wasm_bindgen]
pub fn encode(input: JsValue) -> Result<String, JsError> {
    let link = list_from_js(&input, "", 0)?.to_link();
    let web = if input.is_object() {
        field(&input, "web")
    } else {
        JsValue::UNDEFINED
    };
    if web.is_undefined() || web.is_null() {
        return Ok(link);
    }
    let base = web.as_string().ok_or_else(|| {
        JsError::new("encode: web must be a string: the address of a page that shows lists")
    })?;
    // In English only, as every error of `encode`: `webLink` throws with
    // the message's code.
    crate::web_link(&base, &link).map_err(|e| JsError::new(&e.message().english()))
}

/// `webLink(base, link)`: the web link for a uri-list link on `base`, an
/// absolute `http(s)` address (src/web_link.rs). Throws, with `code` and
/// `args`, on a base or link that cannot make one.
#[wasm_bindgen(js_name = webLink)]
pub fn web_link_js(base: &str, link: &str) -> Result<String, JsValue> {
    crate::web_link(base, link).map_err(error)
}

/// `linkInWebLink(url)`: the uri-list link in a web link (its fragment), or
/// `undefined` when `url` is not one.
#[wasm_bindgen(js_name = linkInWebLink)]
pub fn link_in_web_link_js(url: &str) -> Option<String> {
    crate::link_in_web_link(url).map(str::to_owned)
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
    let parsed = parse(link, false)?;
    Ok(chunked_json(|out, flush| {
        json::write_check_json(&parsed, out, flush)
    })?)
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
    let plan = crate::plan(&parsed, &context);
    Ok(chunked_json(|out, flush| {
        json::write_plan_json(&plan, &parsed, out, flush)
    })?)
}

/// `readPasted(text)`: what a person pasted, read as a uri-list link, a
/// text/uri-list or plain text with web addresses: the object `decode()`
/// returns, with `form` (`"link"`, `"text"` or `"urls"`) and `link` (the
/// list written as a uri-list link) added.
#[wasm_bindgen(js_name = readPasted)]
pub fn read_pasted_js(text: &str) -> Result<JsValue, JsValue> {
    let (form, parsed) = crate::read_pasted(text).map_err(error)?;
    Ok(chunked_json(|out, flush| {
        json::write_decode_json(&parsed, out, flush);
        out.pop();
        out.push_str(",\"form\":\"");
        out.push_str(form.as_str());
        out.push_str("\",\"link\":");
        json::push_str(out, &parsed.list.to_link());
        out.push('}');
    })?)
}

/// `version()`: the crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
