//! The JavaScript API: the only file that uses `#[wasm_bindgen]`.
//!
//! Results cross the boundary as plain objects built by serde-wasm-bindgen
//! (in the JSON shapes of `Serializer::json_compatible`: `null` for
//! nothing, plain objects, the same shapes as the CLI's `--json`), but
//! `decode`'s items, which src/js/wasm.js slices out of the caller's own
//! string (measured: see `decode`). Errors throw a JS `Error` whose message
//! is the core's; a link or text that cannot be read throws one that also has
//! the message's `code` and `args`, to show it in the browser's language. No
//! function here panics.

use crate::prelude::*;

use crate::syntax::list::{ListShape, Lists};
use crate::syntax::percent;
use crate::{from_text, to_text, CheckReport, Parser, UriList};
use core::sync::atomic::{AtomicBool, Ordering};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a link, or the link in a web link (src/syntax/web_link.rs).
fn parse(link: &str, strict: bool) -> Result<crate::Parsed, JsValue> {
    let link = crate::list_link(link).map_err(error)?;
    Parser::new().strict(strict).parse(link).map_err(error)
}

/// A JS `Error` for a core error: its English `message`, and its `code` and
/// `args` (the fields of a serialised [`crate::Message`]).
fn error(e: crate::Error) -> JsValue {
    let message = e.message();
    let js = js_sys::Error::new(&message.english());
    if let Ok(fields) = to_js(&message) {
        js_sys::Object::<JsValue>::assign(js.unchecked_ref(), fields.unchecked_ref());
    }
    js.into()
}

/// A result as a plain JS object, in its JSON shape.
fn to_js(value: &impl Serialize) -> Result<JsValue, JsValue> {
    Ok(value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())?)
}

// The JavaScript half of `decode` (src/js/wasm.js), shipped with the package.
#[wasm_bindgen(module = "/src/js/wasm.js")]
extern "C" {
    /// Hands the module's memory to src/js/wasm.js, once.
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
    /// items, then the title, the type and `options` options) and the
    /// `text_len` bytes of text at `text`: the decoded items' text, then the
    /// options' keys and values. `rest` is `{fragment, warnings, lists?}`,
    /// or `undefined` for none of them.
    fn build(
        link: &js_sys::JsString,
        ptr: u32,
        count: u32,
        text: u32,
        text_len: u32,
        options: u32,
        rest: &JsValue,
    ) -> JsValue;
}

/// Whether src/js/wasm.js has the module's memory (see `set_memory`). The wasm
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

/// The bytes of the options' keys and values, and a little room.
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
/// table of item spans there, and src/js/wasm.js builds the object from it,
/// each unchanged item (most are) a `slice` of the caller's own string, each
/// decoded one a `slice` of one string holding all of them, followed by
/// the options' keys and values; when there are warnings, a fragment or
/// nested lists, those come as an object from serde-wasm-bindgen. Three
/// calls into JS per call (`readInput`, `copyIn`, `build`): each costs
/// about as much as a few items.
#[wasm_bindgen(js_name = decode)]
pub fn js_decode(link: js_sys::JsString, opts: JsValue) -> Result<JsValue, JsValue> {
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
    // spans index it). The list is the end of the text (src/syntax/web_link.rs).
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
    // own). What follows the items: the options' keys and values, their
    // spans after the items' in the table, those of the title and type
    // first. The rest (warnings, a fragment, nested lists: most links have
    // none) comes as an object.
    let list = &parsed.list;
    let rest = if nested || !parsed.warnings.is_empty() || list.fragment().is_some() {
        to_js(&DecodeRest {
            fragment: list.fragment(),
            warnings: &parsed.warnings,
            lists: nested.then_some(Lists(list)),
        })?
    } else {
        JsValue::UNDEFINED
    };
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
    // The title and the type are option values (`UriList::title`): the
    // span of that value.
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
    Ok(build(
        &link,
        spans.as_ptr() as u32,
        items.len() as u32,
        decoded.as_ptr() as u32,
        decoded.len() as u32,
        options.len() as u32,
        &rest,
    ))
}

/// What `decode()`'s result has beyond its items, title, type and options,
/// for the links that have any of it.
#[derive(Serialize)]
struct DecodeRest<'a> {
    fragment: Option<&'a str>,
    warnings: &'a [crate::Warning],
    #[serde(skip_serializing_if = "Option::is_none")]
    lists: Option<Lists<'a>>,
}

/// `encode({items, title?, type?, options?})`: the link for a list. An item
/// is a string, or an object of the same shape for a nested list (draft
/// §8.2); `options` are `[key, value]` pairs of strings. Read with
/// serde-wasm-bindgen; each mistake is named by its path (src/js/encode.rs).
///
/// With `web: BASE` (an absolute `http(s)` address), the web link on that
/// base (`webLink`).
#[wasm_bindgen(js_name = encode)]
pub fn js_encode(input: JsValue) -> Result<String, JsError> {
    let web = if input.is_object() {
        js_sys::Reflect::get(&input, &JsValue::from_str("web")).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    };
    let link = super::encode::list_from(input)
        .map(|list| list.to_link())
        .map_err(|message| JsError::new(&message))?;
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
/// absolute `http(s)` address (src/syntax/web_link.rs). Throws, with `code`
/// and `args`, on a base or link that cannot make one.
#[wasm_bindgen(js_name = webLink)]
pub fn js_web_link(base: &str, link: &str) -> Result<String, JsValue> {
    crate::web_link(base, link).map_err(error)
}

/// `linkInWebLink(url)`: the uri-list link in a web link (its fragment), or
/// `undefined` when `url` is not one.
#[wasm_bindgen(js_name = linkInWebLink)]
pub fn js_link_in_web_link(url: &str) -> Option<String> {
    crate::link_in_web_link(url).map(str::to_owned)
}

/// `toText(link)`: the text/uri-list form of a link (CRLF line ends).
#[wasm_bindgen(js_name = toText)]
pub fn js_to_text(link: &str) -> Result<String, JsValue> {
    Ok(to_text(&parse(link, false)?.list))
}

/// `fromText(text)`: the link for a text/uri-list document.
#[wasm_bindgen(js_name = fromText)]
pub fn js_from_text(text: &str) -> Result<String, JsValue> {
    from_text(text)
        .map(|read| read.list.to_link())
        .map_err(error)
}

/// `check(link)`: each item with its class, site and the reason it is not
/// opened, plus the warnings: `{items: [{item, class, site, siteUnicode,
/// userinfo, reason, notes}], title, type, warnings}` ([`CheckReport`]).
#[wasm_bindgen(js_name = check)]
pub fn js_check(link: &str) -> Result<JsValue, JsValue> {
    to_js(&CheckReport::new(&parse(link, false)?))
}

/// `checkAll(link)`: `check(link)` with the items of the nested lists too,
/// each after its list's item, with its `depth` and `list` (its list's
/// index in `lists`; a `"list"` item also `nested`, the list it holds), and
/// `lists: [{title, type, depth, warnings}]` ([`CheckReport::nested`]): the
/// whole link walked once, in the core.
#[wasm_bindgen(js_name = checkAll)]
pub fn js_check_all(link: &str) -> Result<JsValue, JsValue> {
    to_js(&CheckReport::nested(&parse(link, false)?))
}

/// `plan()`'s options: `{limit?, linkText?, keepDuplicates?, reverse?}`. A
/// value of the wrong kind counts as none (the defaults).
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct PlanOptions {
    #[serde(deserialize_with = "lenient")]
    limit: Option<f64>,
    #[serde(rename = "linkText", deserialize_with = "lenient")]
    link_text: Option<String>,
    #[serde(rename = "keepDuplicates", deserialize_with = "lenient")]
    keep_duplicates: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    reverse: Option<bool>,
}

/// A value, or none when it is not of the kind expected.
fn lenient<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    Ok(T::deserialize(d).ok())
}

/// `plan()`'s result: the plan, with the link's title and warnings.
#[derive(Serialize)]
struct PlanShape<'a> {
    mode: crate::Mode,
    pages: usize,
    groups: &'a [crate::Group],
    skipped: &'a [crate::Skipped],
    duplicates: &'a [crate::Duplicate],
    preview: &'a [crate::Message],
    notes: &'a [crate::Message],
    title: Option<&'a str>,
    warnings: &'a [crate::Warning],
}

/// `plan(link, {limit?, linkText?, keepDuplicates?, reverse?})`: what to
/// open for a link: groups of URLs with their names and colours, what is
/// skipped and why, the duplicates left out, and why the preview page should
/// be shown first (see the README).
#[wasm_bindgen(js_name = plan)]
pub fn js_plan(link: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let options: PlanOptions = if opts.is_object() {
        serde_wasm_bindgen::from_value(opts).unwrap_or_default()
    } else {
        PlanOptions::default()
    };
    let open_limit = match options.limit {
        Some(n) if n >= 0.0 => n as usize,
        _ => crate::DEFAULT_OPEN_LIMIT,
    };
    let link_text = options.link_text;
    let parsed = parse(link, false)?;
    let context = crate::PlanContext {
        open_limit,
        link_text: link_text.as_deref(),
        keep_duplicates: options.keep_duplicates.unwrap_or(false),
        reverse: options.reverse.unwrap_or(false),
    };
    let plan = crate::plan(&parsed, &context);
    to_js(&PlanShape {
        mode: plan.mode,
        pages: plan.pages(),
        groups: &plan.groups,
        skipped: &plan.skipped,
        duplicates: &plan.duplicates,
        preview: &plan.preview,
        notes: &plan.notes,
        title: parsed.list.title(),
        warnings: &parsed.warnings,
    })
}

/// `readPasted(text)`: what a person pasted, read as a uri-list link, a
/// text/uri-list or plain text with web addresses: the object `decode()`
/// returns, with `form` (`"link"`, `"text"` or `"urls"`) and `link` (the
/// list written as a uri-list link) added.
#[wasm_bindgen(js_name = readPasted)]
pub fn js_read_pasted(text: &str) -> Result<JsValue, JsValue> {
    let (form, parsed) = crate::read_pasted(text).map_err(error)?;
    to_js(&ListShape {
        list: &parsed.list,
        warnings: Some(&parsed.warnings),
        more: &[("form", form.as_str()), ("link", &parsed.list.to_link())],
    })
}

/// `version()`: the crate's version.
#[wasm_bindgen(js_name = version)]
pub fn js_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
