//! `encode()`'s input: `{items, title?, type?, options?, pageTitles?}`,
//! where an item is a string or, for a nested list (draft §8.2), an object of
//! the same shape, `options` are `[key, value]` pairs of strings, and
//! `pageTitles` holds for each item a string or `null` (the link's
//! `page-titles`). [`EncodeInput`] is the input's type, read by serde's
//! derive through serde-wasm-bindgen; the TypeScript type of `encode`'s
//! argument is generated from it (ts-rs, `./build.sh`).
//!
//! Every mistake is named by where it is (`items[0].items[2] is not a
//! string or a list`): serde_path_to_error gives the path of a value of the
//! wrong type, and the checks serde cannot make (an empty list, an empty
//! item, more titles than items) follow the same paths. Lists nested deeper
//! than the core reads are refused before serde reads them (`too_deep`),
//! so that a hostile depth cannot exhaust the stack.

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde_path_to_error::Segment;
use uri_list::boundary::decimal;
use uri_list::{Code, Message, UriList};
use wasm_bindgen::{JsCast, JsValue};

/// What `encode()` takes: a list's items, its title and type, its other
/// options, and its pages' titles.
#[derive(serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export, rename = "EncodeInput"))]
#[serde(rename_all = "camelCase")]
pub struct EncodeInput {
    /// The items: a URI, or a nested list of the same shape.
    #[serde(default)]
    #[cfg_attr(test, ts(type = "Array<string | EncodeInput>"))]
    items: Option<Vec<ItemInput>>,
    /// The list's title (option `title`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    title: Option<String>,
    /// The list's type (option `type`), a display hint.
    #[serde(default, rename = "type")]
    #[cfg_attr(test, ts(optional = nullable))]
    kind: Option<String>,
    /// Other options, as `[key, value]` pairs, in order.
    // Read as arrays of strings and counted (`build`): serde-wasm-bindgen
    // reads a tuple from the first two elements of a longer array, and a
    // third would be lost.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable, as = "Option<Vec<(String, String)>>"))]
    options: Option<Vec<Vec<String>>>,
    /// Each item's page title, or `null` for none (option `page-titles`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    page_titles: Option<Vec<Option<String>>>,
    /// With it, `encode` returns the web link on this base (an absolute
    /// `http(s)` address) in place of the uri-list link.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    web: Option<String>,
}

/// An item of [`EncodeInput`]: a URI, or a nested list. Read as a string or
/// an object (serde's "string or struct"), so that a mistake inside a nested
/// list keeps its own path.
enum ItemInput {
    Uri(String),
    List(EncodeInput),
}

impl<'de> Deserialize<'de> for ItemInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct StringOrList;

        impl<'de> Visitor<'de> for StringOrList {
            type Value = ItemInput;

            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a string or a list")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<ItemInput, E> {
                Ok(ItemInput::Uri(v.to_owned()))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<ItemInput, E> {
                Ok(ItemInput::Uri(v))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ItemInput, A::Error> {
                let list = EncodeInput::deserialize(de::value::MapAccessDeserializer::new(map));
                list.map(ItemInput::List)
            }
        }

        d.deserialize_any(StringOrList)
    }
}

/// The list `input` describes and the web base it names, or the message of
/// the first mistake in it.
pub(crate) fn list_from(input: JsValue) -> Result<(UriList, Option<String>), Message> {
    if let Some(too_deep) = too_deep(&input, "", 0) {
        return Err(too_deep);
    }
    let de = serde_wasm_bindgen::Deserializer::from(input);
    let mut read: EncodeInput =
        serde_path_to_error::deserialize(de).map_err(|e| mistake(e.path()))?;
    let web = read.web.take();
    Ok((build(read, "")?, web))
}

/// `path` with `.key` (or `key` at the top) after it.
fn field(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        [path, ".", key].concat()
    }
}

/// `path[index]`.
fn index(path: &str, index: usize) -> String {
    [path, "[", &decimal(index as u64), "]"].concat()
}

/// The message for a list nested deeper than [`uri_list::MAX_DEPTH`] in
/// `value` (the list at `path`, `depth` levels down), read with no more
/// than that many levels of recursion.
fn too_deep(value: &JsValue, path: &str, depth: usize) -> Option<Message> {
    if !value.is_object() {
        return None;
    }
    if depth > uri_list::MAX_DEPTH {
        let limit = decimal(uri_list::MAX_DEPTH as u64);
        return Some(Message::with(Code::encodeTooDeep, &[path, &limit]));
    }
    let items = js_sys::Reflect::get(value, &JsValue::from_str("items")).ok()?;
    let items = items.dyn_into::<js_sys::Array>().ok()?;
    let items_path = field(path, "items");
    (0..items.length()).find_map(|i| {
        let path = index(&items_path, i as usize);
        too_deep(&items.get(i), &path, depth + 1)
    })
}

/// The message for a value of the wrong type at `path`: what the field
/// there must be.
fn mistake(path: &serde_path_to_error::Path) -> Message {
    let segments: Vec<&Segment> = path.iter().collect();
    let text = |n: usize| {
        segments[..n]
            .iter()
            .fold(String::new(), |text, segment| match segment {
                Segment::Seq { index: i } => index(&text, *i),
                Segment::Map { key } => field(&text, key),
                Segment::Enum { variant } => field(&text, variant),
                Segment::Unknown => field(&text, "?"),
            })
    };
    let key = |n: usize| match segments.get(n) {
        Some(Segment::Map { key }) => Some(key.as_str()),
        _ => None,
    };
    // Anything wrong inside a pair is the pair's mistake: `options[2]`.
    let options = (0..segments.len())
        .rev()
        .find(|&n| key(n) == Some("options"));
    if let Some(n) = options.filter(|&n| n + 1 < segments.len()) {
        return Message::with(Code::encodeNotPair, &[&text(n + 2)]);
    }
    let last = segments.len().checked_sub(1);
    let at = text(segments.len());
    let code = match (
        last.and_then(key),
        last.and_then(|n| n.checked_sub(1)).and_then(key),
    ) {
        (Some("items"), _) => Code::encodeNotArray,
        (Some("title" | "type"), _) => Code::encodeNotString,
        (Some("options"), _) => Code::encodeNotPairs,
        (Some("pageTitles"), _) => Code::encodeNotTitles,
        (Some("web"), _) => {
            let what = "the address of a page that shows lists";
            return Message::with(Code::apiNotString, &["encode's web", what]);
        }
        (None, Some("items")) => Code::encodeNotItem,
        (None, Some("pageTitles")) => Code::encodeNotString,
        _ => return Message::new(Code::encodeInput),
    };
    Message::with(code, &[&at])
}

/// The list `input` (at `path`) describes, or the first mistake serde could
/// not see: no items, an empty item, the `page-titles` option given as an
/// option, more titles than items. Items first, then the options, then the
/// titles.
fn build(input: EncodeInput, path: &str) -> Result<UriList, Message> {
    let items_path = field(path, "items");
    let items = input
        .items
        .ok_or_else(|| Message::with(Code::encodeNotArray, &[&items_path]))?;
    if items.is_empty() {
        return Err(Message::with(Code::encodeNoItem, &[&items_path]));
    }
    let mut list = UriList::new();
    for (i, item) in items.into_iter().enumerate() {
        match item {
            ItemInput::Uri(uri) if uri.is_empty() => {
                let at = index(&items_path, i);
                return Err(Message::with(Code::encodeEmptyItem, &[&at]));
            }
            ItemInput::Uri(uri) => list.push(uri),
            ItemInput::List(inner) => list.push_list(build(inner, &index(&items_path, i))?),
        }
    }
    if let Some(title) = input.title {
        list.set_title(title);
    }
    if let Some(kind) = input.kind {
        list.set_kind(kind);
    }
    let options = field(path, "options");
    for (i, pair) in input.options.unwrap_or_default().into_iter().enumerate() {
        let Ok([key, value]) = <[String; 2]>::try_from(pair) else {
            return Err(Message::with(Code::encodeNotPair, &[&index(&options, i)]));
        };
        // Written from the items' titles: as an option it would be read
        // back as titles, not as the option given.
        if key == uri_list::PAGE_TITLES {
            return Err(Message::with(
                Code::encodeTitlesOption,
                &[&options, uri_list::PAGE_TITLES],
            ));
        }
        list.push_option(key, value);
    }
    let titles = input.page_titles.unwrap_or_default();
    if titles.len() > list.len() {
        let (given, items) = (titles.len() as u64, list.len() as u64);
        return Err(Message::with(
            Code::encodeTooManyTitles,
            &[&field(path, "pageTitles"), &decimal(given), &decimal(items)],
        ));
    }
    for (i, title) in titles.into_iter().enumerate() {
        if let Some(title) = title {
            list.set_page_title(i, title);
        }
    }
    Ok(list)
}
