//! The wasm boundary: the JavaScript API of the uri-list core (the crate
//! `uri-list`), the only crate that uses `#[wasm_bindgen]`; built as the
//! cdylib that build.sh packs into `dist/pkg/` (the extension's) and
//! `dist/pkg-web/` (the web page's).
//!
//! Results cross the boundary as plain objects built by serde-wasm-bindgen
//! (in the JSON shapes of `Serializer::json_compatible`: `null` for
//! nothing, plain objects, the same shapes as the CLI's `--json`), but
//! `decode`'s items, which src/wasm.js slices out of the caller's own
//! string (measured: see `decode`), and the rows of `check`, `checkAll`
//! and `plan`, which src/wasm.js builds from a table (measured: see
//! `Table`); their objects are serde-wasm-bindgen's, value for value.
//! Errors throw a JS `Error` whose message is the core's; a link or text
//! that cannot be read throws one that also has the message's `code` and
//! `args`, to show it in the browser's language. No function here panics.
//!
//! Exported from the wasm: `checkAll`, `plan` and `toText` always (the web
//! page's calls, web/worker.js); every other function only with the
//! feature `js-api` (on by default: the extension's package). The web
//! page's wasm is built without it (build.sh), so that what only the other
//! exports reach is not in the module the page downloads. The functions
//! stay public Rust functions either way (the wasm tests call them).

#![forbid(unsafe_code)]

#[cfg(feature = "js-api")]
mod encode;
#[cfg(feature = "js-api")]
mod format;
mod platform;

use core::sync::atomic::{AtomicBool, Ordering};
use platform::EngineUrl;
use serde::Serialize;
use uri_list::boundary::{decode_item_into, ListShape, Lists, PageTitles};
use uri_list::{from_text, to_text, CheckReport, Class, Code, Message, Parser, UriList};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a link, or the link in a web link (src/syntax/web_link.rs).
fn parse(link: &str, strict: bool) -> Result<uri_list::Parsed, JsValue> {
    let link = uri_list::list_link(link).map_err(error)?;
    Parser::new().strict(strict).parse(link).map_err(error)
}

/// A JS `Error` for a core error: its English `message`, and its `code` and
/// `args` (the fields of a serialised [`uri_list::Message`]).
fn error(e: uri_list::Error) -> JsValue {
    message_error(e.message())
}

/// A JS `Error` for what cannot happen (a bound the core keeps), with a code
/// all the same.
fn internal(what: &str) -> JsValue {
    message_error(Message::with(Code::internalError, &[what]))
}

/// A JS `Error` for a message: its English text, `code` and `args`.
fn message_error(message: uri_list::Message) -> JsValue {
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

// The TypeScript types of the inputs, generated from their Rust types by ts-rs (`cargo test`
// writes them into types/api/, and build.sh copies them beside the package's declarations).
#[cfg(feature = "js-api")]
#[wasm_bindgen(typescript_custom_section)]
const INPUT_TYPES: &str = r#"
import type { EncodeInput } from "./types/EncodeInput";
import type { FormatEntry } from "./types/FormatEntry";
import type { FormatOptions } from "./types/FormatOptions";
export type { EncodeInput, FormatEntry, FormatOptions };
"#;

// The JavaScript half of `decode` (src/wasm.js), shipped with the package.
#[wasm_bindgen(module = "/src/wasm.js")]
extern "C" {
    /// Hands the module's memory to src/wasm.js, once.
    #[wasm_bindgen(js_name = setMemory)]
    fn set_memory(memory: &JsValue, layout: &JsValue);
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
    /// Starts the result of `check`, `checkAll` or `plan`: forgets the rows
    /// and values of the last one.
    fn begin();
    /// Adds the `count` rows of `kind` (see [`Table`]) at `ptr`, their text
    /// the `text_len` bytes at `text`; `fresh` is the values (messages,
    /// arrays of notes) new since the last batch, or `undefined`.
    fn rows(kind: u32, ptr: u32, count: u32, text: u32, text_len: u32, fresh: &JsValue);
    /// `check`'s or `checkAll`'s result: the rows added, then `rest`'s
    /// fields (`{lists?, title, type, warnings}`).
    #[wasm_bindgen(js_name = finishCheck)]
    fn finish_check(rest: &JsValue) -> JsValue;
    /// `plan`'s result from `head` (its groups' `urls` the number of their
    /// URLs), the skipped rows and the URLs added.
    #[wasm_bindgen(js_name = finishPlan)]
    fn finish_plan(head: &JsValue) -> JsValue;
}

/// Whether src/wasm.js has the module's memory (see `set_memory`). The wasm
/// has one thread: an atomic only because a `static` must be `Sync`.
static MEMORY_SET: AtomicBool = AtomicBool::new(false);

/// Hands the module's memory to src/wasm.js, the first time only, with the
/// layout of the tables it reads there ([`Layout`]).
fn hand_over_memory() {
    if !MEMORY_SET.swap(true, Ordering::Relaxed) {
        let layout = to_js(&Layout {
            decoded: DECODED,
            none: NONE,
            check: CHECK,
            check_all: CHECK_ALL,
            skipped: SKIPPED,
            duplicate: DUPLICATE,
            widths: WIDTHS,
            classes: CLASSES,
            columns: COLUMNS,
        })
        .unwrap_or(JsValue::UNDEFINED);
        set_memory(&wasm_bindgen::memory(), &layout);
    }
}

/// The numbers of the tables this file writes and src/wasm.js reads
/// (spans, kinds of row, widths, columns, classes), declared once, here:
/// src/wasm.js takes them from this object, handed over with the memory.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Layout {
    decoded: u32,
    none: u32,
    check: u32,
    check_all: u32,
    skipped: u32,
    duplicate: u32,
    widths: [usize; 5],
    /// A row's class is its index here; serde names each class as the
    /// core's JSON shapes do.
    classes: [Class; 4],
    columns: Columns,
}

/// Where each field of a `check` row is, in `u32`s from the row's start
/// (a span takes two); a `checkAll` row adds `depth`, `list` and `nested`.
#[derive(Serialize, Clone, Copy)]
#[serde(rename_all = "camelCase")]
struct Columns {
    item: usize,
    site: usize,
    site_unicode: usize,
    userinfo: usize,
    class: usize,
    reason: usize,
    notes: usize,
    page_title: usize,
    depth: usize,
    list: usize,
    nested: usize,
}

const COLUMNS: Columns = Columns {
    item: 0,
    site: 2,
    site_unicode: 4,
    userinfo: 6,
    class: 8,
    reason: 9,
    notes: 10,
    page_title: 11,
    depth: 13,
    list: 14,
    nested: 15,
};

/// The classes of a row, by their number in the table.
const CLASSES: [Class; 4] = [Class::Openable, Class::Blocked, Class::Invalid, Class::List];

/// In the span table, the bit that marks a span in the decoded items' text
/// rather than in the link. Links are shorter than 2^31 UTF-16 units (see
/// [`uri_list::MAX_LENGTH`]), and so is that text.
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
/// `{items, title, type, options, fragment, warnings, lists?, pageTitles?}` (see
/// docs/javascript-api.md). Throws on a link that cannot be read.
///
/// Built for speed across the boundary, which costs more than the parse
/// when each item crosses on its own: the link is written into the
/// module's memory with one `TextEncoder.encodeInto`; the parse leaves a
/// table of item spans there, and src/wasm.js builds the object from it,
/// each unchanged item (most are) a `slice` of the caller's own string, each
/// decoded one a `slice` of one string holding all of them, followed by
/// the options' keys and values; when there are warnings, a fragment or
/// nested lists, those come as an object from serde-wasm-bindgen. Three
/// calls into JS per call (`readInput`, `copyIn`, `build`): each costs
/// about as much as a few items.
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = decode))]
pub fn js_decode(link: js_sys::JsString, opts: JsValue) -> Result<JsValue, JsValue> {
    let input = read_input(&link, &opts);
    if input < 0.0 {
        return Err(message_error(Message::with(
            Code::apiNotString,
            &["decode", "the link"],
        )));
    }
    let (units, strict) = ((input / 2.0) as usize, input % 2.0 == 1.0);
    hand_over_memory();
    // One byte per UTF-16 unit first (an ASCII link, the common case: less
    // memory to zero), three (always enough) when that does not fit.
    let mut bytes = vec![0u8; units];
    let mut written = copy_in(&link, bytes.as_mut_ptr() as u32, units as u32);
    if written < 0 {
        bytes = vec![0u8; 3 * units];
        written = copy_in(&link, bytes.as_mut_ptr() as u32, 3 * units as u32);
    }
    let written = usize::try_from(written).map_err(|_| internal("the link did not fit"))?;
    bytes.truncate(written);
    // As many bytes as UTF-16 units: every character is ASCII.
    let ascii = bytes.len() == units;
    let mut text = String::from_utf8(bytes).map_err(|_| internal("the link is not UTF-8"))?;
    // A web link: its list from here on, in the caller's string too (the
    // spans index it). The list is the end of the text (src/syntax/web_link.rs).
    let list_at = text.len() - uri_list::list_link(&text).map_err(error)?.len();
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
        .map(|item| match item.written_span() {
            Some((start, end)) if item.is_escaped() => end - start,
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
        let in_link = item.written_span().filter(|&(start, end)| {
            // An item left to us to decode that decoding leaves as it is
            // (`%C3%9F`) is a slice of the link after all.
            !item.is_escaped() || !decode_item_into(&text[start..end], &mut decoded)
        });
        match in_link {
            Some((start, end)) => {
                span[0] = utf16(start);
                span[1] = utf16(end);
            }
            None => {
                // Decoded: by us just now, or by the parser (nested lists,
                // links with tabs).
                if !item.is_escaped() {
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
    let titled = list.has_page_titles();
    let rest = if nested || titled || !parsed.warnings.is_empty() || list.fragment().is_some() {
        to_js(&DecodeRest {
            fragment: list.fragment(),
            warnings: &parsed.warnings,
            lists: nested.then_some(Lists(list)),
            page_titles: titled.then_some(PageTitles(list)),
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
    warnings: &'a [uri_list::Warning],
    #[serde(skip_serializing_if = "Option::is_none")]
    lists: Option<Lists<'a>>,
    /// For each item, `null` or its page title, when some item has one.
    #[serde(rename = "pageTitles", skip_serializing_if = "Option::is_none")]
    page_titles: Option<PageTitles<'a>>,
}

/// `encode({items, title?, type?, options?, pageTitles?})`: the link for a
/// list. An item is a string, or an object of the same shape for a nested
/// list (draft §8.2); `options` are `[key, value]` pairs of strings;
/// `pageTitles` a string or `null` for each item (`page-titles`). Read with
/// serde-wasm-bindgen; each mistake is named by its path (src/encode.rs).
///
/// With `web: BASE` (an absolute `http(s)` address), the web link on that
/// base (`webLink`).
#[cfg(feature = "js-api")]
#[wasm_bindgen(js_name = encode)]
pub fn js_encode(
    #[wasm_bindgen(unchecked_param_type = "EncodeInput")] input: JsValue,
) -> Result<String, JsValue> {
    let (list, web) = encode::list_from(input).map_err(message_error)?;
    let link = list.to_link();
    match web {
        Some(base) => uri_list::web_link(&base, &link).map_err(error),
        None => Ok(link),
    }
}

/// `webLink(base, link)`: the web link for a uri-list link on `base`, an
/// absolute `http(s)` address (src/syntax/web_link.rs). Throws, with `code`
/// and `args`, on a base or link that cannot make one.
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = webLink))]
pub fn js_web_link(base: &str, link: &str) -> Result<String, JsValue> {
    uri_list::web_link(base, link).map_err(error)
}

/// `linkInWebLink(url)`: the uri-list link in a web link (its fragment), or
/// `undefined` when `url` is not one.
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = linkInWebLink))]
pub fn js_link_in_web_link(url: &str) -> Option<String> {
    uri_list::link_in_web_link(url).map(str::to_owned)
}

/// `toText(link)`: the text/uri-list form of a link (CRLF line ends).
#[wasm_bindgen(js_name = toText)]
pub fn js_to_text(link: &str) -> Result<String, JsValue> {
    Ok(to_text(&parse(link, false)?.list))
}

/// `fromText(text)`: the link for a text/uri-list document.
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = fromText))]
pub fn js_from_text(text: &str) -> Result<String, JsValue> {
    from_text(text)
        .map(|read| read.list.to_link())
        .map_err(error)
}

/// `check(link)`: each item with its class, site and the reason it is not
/// opened, plus the warnings: `{items: [{item, class, site, siteUnicode,
/// userinfo, reason, notes}], title, type, warnings}` ([`CheckReport`]),
/// through the rows' fast path (`Table` below).
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = check))]
pub fn js_check(link: &str) -> Result<JsValue, JsValue> {
    check_fast(&CheckReport::new(&parse(link, false)?, &EngineUrl), CHECK)
}

/// `checkAll(link)`: `check(link)` with the items of the nested lists too,
/// each after its list's item, with its `depth` and `list` (its list's
/// index in `lists`; a `"list"` item also `nested`, the list it holds), and
/// `lists: [{title, type, depth, warnings}]` ([`CheckReport::nested`]): the
/// whole link walked once, in the core. With `limit`, at most that many
/// items (in the same order) and `unchecked`, the number of items left out
/// ([`CheckReport::limited`]): an answer whose cost is bounded whatever the
/// link (the hover tooltip's).
#[wasm_bindgen(js_name = checkAll)]
pub fn js_check_all(link: &str, limit: Option<u32>) -> Result<JsValue, JsValue> {
    let parsed = parse(link, false)?;
    let report = CheckReport::nested(&parsed, &EngineUrl);
    match limit {
        Some(limit) => check_fast(&report.limited(limit as usize), CHECK_ALL),
        None => check_fast(&report, CHECK_ALL),
    }
}

/// `check`'s and `checkAll`'s result as serde-wasm-bindgen makes it: the
/// shape the fast path must give, value for value (tests/wasm.rs compares
/// them). Not part of the JavaScript API.
pub fn js_check_plain(link: &str, all: bool) -> Result<JsValue, JsValue> {
    let parsed = parse(link, false)?;
    if all {
        to_js(&CheckReport::nested(&parsed, &EngineUrl))
    } else {
        to_js(&CheckReport::new(&parsed, &EngineUrl))
    }
}

/// The rows of `report` through a [`Table`], then the rest of it.
fn check_fast(report: &CheckReport, kind: u32) -> Result<JsValue, JsValue> {
    let mut table = Table::new(kind);
    report.rows(|row| {
        let item = table.text(Some(row.item));
        let site = table.text(row.site);
        let unicode = if row.site_unicode == row.site {
            site
        } else {
            table.text(row.site_unicode)
        };
        let userinfo = table.text(row.userinfo);
        let class = CLASSES.iter().position(|&c| c == row.class).unwrap_or(0) as u32;
        let reason = table.message(row.reason);
        let notes = table.notes(row.notes);
        let title = table.text(row.page_title);
        let c = COLUMNS;
        let mut cells = [0; WIDTHS[CHECK_ALL as usize]];
        cells[c.item..c.item + 2].copy_from_slice(&item);
        cells[c.site..c.site + 2].copy_from_slice(&site);
        cells[c.site_unicode..c.site_unicode + 2].copy_from_slice(&unicode);
        cells[c.userinfo..c.userinfo + 2].copy_from_slice(&userinfo);
        cells[c.class] = class;
        cells[c.reason] = reason;
        cells[c.notes] = notes;
        cells[c.page_title..c.page_title + 2].copy_from_slice(&title);
        if kind == CHECK_ALL {
            let n = |v: Option<usize>| v.map_or(NONE, |v| v as u32);
            cells[c.depth] = n(row.depth);
            cells[c.list] = n(row.list);
            cells[c.nested] = n(row.nested);
        }
        table.push(&cells[..WIDTHS[kind as usize]])
    })?;
    table.flush()?;
    Ok(finish_check(&to_js(&report.rest())?))
}

/// The kinds of row of a [`Table`], and their widths in `u32`s: `check`'s
/// (the item's span in the text, the site's, its Unicode form's, the user
/// info's, the class, the reason's value, the notes' value and the page
/// title's span, [`NONE`] for none); `checkAll`'s
/// (those, then the depth, the list and the nested list, [`NONE`] for none);
/// `plan`'s skipped items (the item's span, the reason's value); `plan`'s
/// URLs (a span); `plan`'s duplicates (the item's span, the reason's value,
/// the entry). src/wasm.js reads them from the [`Layout`] it is handed.
const CHECK: u32 = 0;
const CHECK_ALL: u32 = 1;
const SKIPPED: u32 = 2;
const URL: u32 = 3;
const DUPLICATE: u32 = 4;
const WIDTHS: [usize; 5] = [13, 16, 3, 2, 4];

/// A batch is handed to JavaScript at this many rows, or at this much text.
const BATCH_ROWS: usize = 4096;
const BATCH_TEXT: usize = 64 * 1024;
/// How many of the last distinct values a [`Table`] remembers, to give a
/// value that comes again the index it had.
const RECENT: usize = 8;

/// A value of a [`Table`]: a reason, or the notes of an item.
#[derive(Serialize, PartialEq)]
#[serde(untagged)]
enum Value {
    Message(uri_list::Message),
    Notes(Vec<uri_list::Note>),
}

/// The measured fast path of the results of `check`, `checkAll` and `plan`:
/// their rows cross the boundary as a table of `u32`s in the module's
/// memory, the text of their strings (items, sites, URLs) as one UTF-8
/// buffer (the table holds UTF-16 spans in it), and each distinct message
/// or array of notes once, made by serde-wasm-bindgen; src/wasm.js
/// builds the row objects from them, each with objects of its own (a copy
/// of the value: rows never share an object). Rows go in batches of
/// [`BATCH_ROWS`] or [`BATCH_TEXT`] bytes of text, so that the table takes
/// a fixed amount of memory, whatever the link. A value is found again
/// among the [`RECENT`] last ones (the million items of `a;a;…` have one
/// reason), and otherwise sent again: the memory stays bounded.
///
/// Why it exists: serde-wasm-bindgen builds an object one call into JS
/// per field and string. `check` of a link of a million two-byte items
/// (`a;a;…`, 2 MiB), whose result is a million rows with a reason each
/// (223 MB as JSON), took 1 624 ms in Chromium 156 and `plan` 1 306 ms;
/// JSON is no way out (`JSON.parse` of those 223 MB alone took 1.1 s in
/// node). benches/README.md ("At the limit") has the figures after.
struct Table {
    kind: u32,
    rows: Vec<u32>,
    text: String,
    /// The length of `text` in UTF-16 units.
    units: usize,
    /// The values new since the last batch.
    fresh: Vec<Value>,
    /// The number of values given out in this result (0 stands for none).
    values: u32,
    recent: Vec<(Value, u32)>,
    /// Where in `recent` the next value goes, once it is full.
    next: usize,
}

impl Table {
    fn new(kind: u32) -> Self {
        hand_over_memory();
        begin();
        Table {
            kind,
            rows: Vec::with_capacity(BATCH_ROWS * WIDTHS[CHECK_ALL as usize]),
            text: String::with_capacity(BATCH_TEXT),
            units: 0,
            fresh: Vec::new(),
            values: 0,
            recent: Vec::with_capacity(RECENT),
            next: 0,
        }
    }

    /// The span of `s` in the text, written there; `[NONE, NONE]` for none.
    fn text(&mut self, s: Option<&str>) -> [u32; 2] {
        let Some(s) = s else { return [NONE, NONE] };
        let start = self.units as u32;
        self.text.push_str(s);
        self.units += utf16_len(s);
        [start, self.units as u32]
    }

    /// The index of a value (from 1): of a recent one that `is` it, else
    /// of a new one, `make`.
    fn value(&mut self, is: impl Fn(&Value) -> bool, make: impl Fn() -> Value) -> u32 {
        if let Some((_, n)) = self.recent.iter().find(|(v, _)| is(v)) {
            return *n;
        }
        self.values += 1;
        let n = self.values;
        self.fresh.push(make());
        if self.recent.len() < RECENT {
            self.recent.push((make(), n));
        } else {
            self.recent[self.next] = (make(), n);
            self.next = (self.next + 1) % RECENT;
        }
        n
    }

    /// The index of a reason; 0 for none.
    fn message(&mut self, m: Option<&uri_list::Message>) -> u32 {
        match m {
            None => 0,
            Some(m) => self.value(
                |v| matches!(v, Value::Message(v) if v == m),
                || Value::Message(m.clone()),
            ),
        }
    }

    /// The index of an item's notes; 0 for none.
    fn notes(&mut self, notes: &[uri_list::Note]) -> u32 {
        if notes.is_empty() {
            return 0;
        }
        self.value(
            |v| matches!(v, Value::Notes(v) if v == notes),
            || Value::Notes(notes.to_vec()),
        )
    }

    /// Adds a row, and hands the batch over when it is full.
    fn push(&mut self, row: &[u32]) -> Result<(), JsValue> {
        self.rows.extend_from_slice(row);
        if self.rows.len() >= BATCH_ROWS * WIDTHS[self.kind as usize]
            || self.text.len() >= BATCH_TEXT
        {
            self.flush()?;
        }
        Ok(())
    }

    /// Hands the rows so far to src/wasm.js.
    fn flush(&mut self) -> Result<(), JsValue> {
        let count = self.rows.len() / WIDTHS[self.kind as usize];
        if count == 0 {
            return Ok(());
        }
        let fresh = if self.fresh.is_empty() {
            JsValue::UNDEFINED
        } else {
            to_js(&self.fresh)?
        };
        rows(
            self.kind,
            self.rows.as_ptr() as u32,
            count as u32,
            self.text.as_ptr() as u32,
            self.text.len() as u32,
            &fresh,
        );
        self.rows.clear();
        self.text.clear();
        self.units = 0;
        self.fresh.clear();
        Ok(())
    }

    /// Hands the rows so far over; the next rows are of `kind`.
    fn switch(&mut self, kind: u32) -> Result<(), JsValue> {
        self.flush()?;
        self.kind = kind;
        Ok(())
    }
}

/// `plan()`'s options: `{limit?, linkText?, keepDuplicates?, reverse?}`. A
/// value of the wrong kind counts as none (the defaults).
#[derive(Default)]
struct PlanOptions {
    limit: Option<f64>,
    link_text: Option<String>,
    keep_duplicates: Option<bool>,
    reverse: Option<bool>,
}

impl PlanOptions {
    /// Read with `Reflect`, as `formatLinks`'s options are, not with serde's
    /// derive: serde's errors (which this reading threw away) name what
    /// they found, floats included, and kept the float formatting of `core`
    /// in the web page's wasm, which exports `plan` (13 KB; benches/README.md,
    /// "Phone").
    fn read(opts: &JsValue) -> Self {
        if !opts.is_object() {
            return Self::default();
        }
        let get = |key: &str| js_sys::Reflect::get(opts, &JsValue::from_str(key)).ok();
        Self {
            limit: get("limit").and_then(|v| v.as_f64()),
            link_text: get("linkText").and_then(|v| v.as_string()),
            keep_duplicates: get("keepDuplicates").and_then(|v| v.as_bool()),
            reverse: get("reverse").and_then(|v| v.as_bool()),
        }
    }
}

/// `plan()`'s result: the plan, with the link's title and warnings. The
/// fast path sends it without its rows (`groups` as [`GroupHead`]s, no
/// `skipped` or `duplicates`: those cross as the table's rows); the
/// reference path, whole.
#[derive(Serialize)]
struct PlanShape<'a, G> {
    mode: uri_list::Mode,
    pages: usize,
    groups: G,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<&'a [uri_list::Skipped]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicates: Option<&'a [uri_list::Duplicate]>,
    preview: &'a [uri_list::Message],
    notes: &'a [uri_list::Message],
    title: Option<std::borrow::Cow<'a, str>>,
    warnings: &'a [uri_list::Warning],
}

impl<'a, G> PlanShape<'a, G> {
    /// The shape of `plan` for `parsed`, with `groups` as given, and its
    /// skipped items and duplicates when `rows`.
    fn new(parsed: &'a uri_list::Parsed, plan: &'a uri_list::Plan, groups: G, rows: bool) -> Self {
        PlanShape {
            mode: plan.mode,
            pages: plan.pages(),
            groups,
            skipped: rows.then_some(&plan.skipped[..]),
            duplicates: rows.then_some(&plan.duplicates[..]),
            preview: &plan.preview,
            notes: &plan.notes,
            // Shown (the preview page's heading): without bidirectional controls.
            title: parsed.list.title().map(uri_list::without_bidi_controls),
            warnings: &parsed.warnings,
        }
    }
}

/// A [`uri_list::Group`] without its URLs: their number.
#[derive(Serialize)]
struct GroupHead<'a> {
    title: &'a str,
    summary: Option<&'a uri_list::Message>,
    color: Option<&'a str>,
    depth: usize,
    urls: usize,
}

/// The parsed link and the plan for `plan(link, opts)`.
fn planned(link: &str, opts: JsValue) -> Result<(uri_list::Parsed, uri_list::Plan), JsValue> {
    let options = PlanOptions::read(&opts);
    let open_limit = match options.limit {
        Some(n) if n >= 0.0 => n as usize,
        _ => uri_list::DEFAULT_OPEN_LIMIT,
    };
    let link_text = options.link_text;
    let parsed = parse(link, false)?;
    let context = uri_list::PlanContext {
        open_limit,
        link_text: link_text.as_deref(),
        keep_duplicates: options.keep_duplicates.unwrap_or(false),
        reverse: options.reverse.unwrap_or(false),
    };
    let plan = uri_list::plan(&parsed, &context, &EngineUrl);
    Ok((parsed, plan))
}

/// `plan(link, {limit?, linkText?, keepDuplicates?, reverse?})`: what to
/// open for a link: groups of URLs with their names and colours, what is
/// skipped and why, the duplicates left out, and why the preview page should
/// be shown first (see docs/javascript-api.md). The skipped items, the URLs and the
/// duplicates cross through the rows' fast path (`Table`), the rest through
/// serde-wasm-bindgen.
#[wasm_bindgen(js_name = plan)]
pub fn js_plan(link: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let (parsed, plan) = planned(link, opts)?;
    let mut table = Table::new(SKIPPED);
    for skipped in &plan.skipped {
        let item = table.text(Some(&skipped.item));
        let reason = table.message(Some(&skipped.reason));
        table.push(&[item[0], item[1], reason])?;
    }
    table.switch(URL)?;
    for url in plan.groups.iter().flat_map(|g| &g.urls) {
        let span = table.text(Some(url));
        table.push(&span)?;
    }
    table.switch(DUPLICATE)?;
    for duplicate in &plan.duplicates {
        let item = table.text(Some(&duplicate.item));
        let reason = table.message(Some(&duplicate.reason));
        let entry = u32::try_from(duplicate.entry).map_err(|_| internal("too many items"))?;
        table.push(&[item[0], item[1], reason, entry])?;
    }
    table.flush()?;
    let groups: Vec<GroupHead> = plan
        .groups
        .iter()
        .map(|g| GroupHead {
            title: &g.title,
            summary: g.summary.as_ref(),
            color: g.color,
            depth: g.depth,
            urls: g.urls.len(),
        })
        .collect();
    let head = to_js(&PlanShape::new(&parsed, &plan, groups, false))?;
    Ok(finish_plan(&head))
}

/// `plan()`'s result as serde-wasm-bindgen makes it: the shape the fast
/// path must give (tests/wasm.rs compares them). Not part of the
/// JavaScript API.
pub fn js_plan_plain(link: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let (parsed, plan) = planned(link, opts)?;
    to_js(&PlanShape::new(&parsed, &plan, &plan.groups[..], true))
}

/// `readPasted(text)`: what a person pasted, read as a uri-list link, a
/// text/uri-list or plain text with web addresses: the object `decode()`
/// returns, with `form` (`"link"`, `"text"` or `"urls"`) and `link` (the
/// list written as a uri-list link) added.
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = readPasted))]
pub fn js_read_pasted(text: &str) -> Result<JsValue, JsValue> {
    let (form, parsed) = uri_list::read_pasted(text).map_err(error)?;
    to_js(&ListShape {
        list: &parsed.list,
        warnings: Some(&parsed.warnings),
        more: &[("form", form.as_str()), ("link", &parsed.list.to_link())],
    })
}

/// `formatLinks(entries, {format, template?, separator?})`: titled links as
/// text to paste (src/format.rs). `entries`: `{title, url}` for a page,
/// `{title, items: [{title, url}]}` for a tab group; `format`: `"markdown"`,
/// `"html"`, `"plain"` or `"template"` (with `template`, and `separator`,
/// `"\n"` when not given). Throws, with `code` and `args`, for another shape
/// (its path named: wasm/src/format.rs) and for a template without `{url}`.
#[cfg(feature = "js-api")]
#[wasm_bindgen(js_name = formatLinks)]
pub fn js_format_links(
    #[wasm_bindgen(unchecked_param_type = "FormatEntry[]")] entries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FormatOptions")] options: JsValue,
) -> Result<String, JsValue> {
    format::format(entries, options).map_err(message_error)
}

/// `version()`: the crate's version.
#[cfg_attr(feature = "js-api", wasm_bindgen(js_name = version))]
pub fn js_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
