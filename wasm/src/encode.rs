//! `encode()`'s input, read with serde-wasm-bindgen: `{items, title?, type?,
//! options?, pageTitles?}`, where an item is a string or, for a nested list
//! (draft §8.2), an object of the same shape, `options` are `[key, value]`
//! pairs of strings, and `pageTitles` holds for each item a string or `null`
//! (the link's `page-titles`).
//!
//! Read with `DeserializeSeed`s that carry the path of the value they read,
//! so that every mistake is named where it is (`items[0].items[2] is not a
//! string or a list`) rather than as serde's "invalid type". A mistake is a
//! value (`Checked`), not a serde error, so that the fields are judged in a
//! fixed order (items, title, type, options) whatever the object's order.

use core::fmt;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use uri_list::boundary::decimal;
use uri_list::{Code, Message, UriList};
use wasm_bindgen::JsValue;

/// A value read, or what is wrong with it: a message with its code, in
/// the browser's language where the extension shows it.
type Checked<T> = Result<T, Message>;

/// The list `input` describes, or the message of the first mistake in it.
pub(crate) fn list_from(input: JsValue) -> Result<UriList, Message> {
    let seed = ListSeed {
        path: String::new(),
        depth: 0,
    };
    let read = seed.deserialize(serde_wasm_bindgen::Deserializer::from(input));
    read.unwrap_or_else(|_| Err(Message::new(Code::encodeInput)))
}

/// Visitor methods that take a kind of value as a mistake: `self.wrong()`.
/// `scalars` are booleans, numbers and bytes; `strings`, `unit` (`null`,
/// `undefined`), `seq` (an array) and `map` (an object) the others.
macro_rules! reject {
    ($de:lifetime: $($kind:ident),*) => {
        $(reject!(@ $de $kind);)*
    };
    (@ $de:lifetime scalars) => {
        reject!(@ visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64),
            visit_bytes(&[u8]), visit_byte_buf(Vec<u8>));
    };
    (@ $de:lifetime strings) => {
        reject!(@ visit_str(&str), visit_string(String));
    };
    (@ $de:lifetime unit) => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Err(self.wrong()))
        }
    };
    (@ $de:lifetime seq) => {
        fn visit_seq<A: SeqAccess<$de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Ok(Err(self.wrong()))
        }
    };
    (@ $de:lifetime map) => {
        fn visit_map<A: MapAccess<$de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Ok(Err(self.wrong()))
        }
    };
    (@ $($method:ident($ty:ty)),*) => {
        $(fn $method<E: de::Error>(self, _: $ty) -> Result<Self::Value, E> {
            Ok(Err(self.wrong()))
        })*
    };
}

/// `DeserializeSeed` for seeds that are their own visitor, over any value.
macro_rules! seeds {
    ($($seed:ty),*) => {
        $(impl<'de> DeserializeSeed<'de> for $seed {
            type Value = <$seed as Visitor<'de>>::Value;
            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_any(self)
            }
        })*
    };
}

seeds!(
    ListSeed,
    ItemsSeed,
    ItemSeed,
    TextSeed,
    OptionsSeed,
    PairSeed,
    PageTitlesSeed
);

/// A list at `path` (`""` for the input itself, else `items[2]`…).
struct ListSeed {
    path: String,
    depth: usize,
}

impl ListSeed {
    fn name(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            [&self.path, ".", key].concat()
        }
    }

    fn wrong(&self) -> Message {
        if self.path.is_empty() {
            Message::new(Code::encodeInput)
        } else {
            Message::with(Code::encodeNotList, &[&self.path])
        }
    }
}

impl<'de> Visitor<'de> for ListSeed {
    type Value = Checked<UriList>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Code::encodeInput.english())
    }

    reject!('de: scalars, strings, unit, seq);

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        if self.depth > uri_list::MAX_DEPTH {
            return Ok(Err(Message::with(
                Code::encodeTooDeep,
                &[&self.path, &decimal(uri_list::MAX_DEPTH as u64)],
            )));
        }
        let (mut items, mut title, mut kind, mut options) = (None, Ok(None), Ok(None), Ok(None));
        let mut page_titles = Ok(None);
        while let Some(key) = map.next_key::<String>()? {
            let name = self.name(&key);
            match key.as_str() {
                "items" => {
                    let seed = ItemsSeed {
                        name,
                        depth: self.depth,
                    };
                    let wrong = seed.wrong();
                    items = Some(map.next_value_seed(seed).unwrap_or(Err(wrong)));
                }
                "title" | "type" => {
                    let seed = TextSeed { name };
                    let wrong = seed.wrong();
                    let value = map.next_value_seed(seed).unwrap_or(Err(wrong));
                    if key == "title" {
                        title = value;
                    } else {
                        kind = value;
                    }
                }
                "options" => {
                    let seed = OptionsSeed { name };
                    let wrong = seed.wrong();
                    options = map.next_value_seed(seed).unwrap_or(Err(wrong));
                }
                "pageTitles" => {
                    let seed = PageTitlesSeed { name };
                    let wrong = seed.wrong();
                    page_titles = map.next_value_seed(seed).unwrap_or(Err(wrong));
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let items = items
            .unwrap_or_else(|| Err(Message::with(Code::encodeNotArray, &[&self.name("items")])));
        let list = build(items, title, kind, options, &self.name("options"));
        Ok(list.and_then(|list| with_page_titles(list, page_titles?, &self.name("pageTitles"))))
    }
}

/// The list of checked fields, or the first mistake: in the items, the
/// title, the type, the options, in that order (the page titles after them:
/// [`with_page_titles`]).
fn build(
    items: Checked<Vec<Entry>>,
    title: Checked<Option<String>>,
    kind: Checked<Option<String>>,
    options: Checked<Option<Vec<(String, String)>>>,
    options_name: &str,
) -> Checked<UriList> {
    let mut list = UriList::new();
    for item in items? {
        match item {
            Entry::Uri(uri) => list.push(uri),
            Entry::List(inner) => list.push_list(inner),
        }
    }
    if let Some(title) = title? {
        list.set_title(title);
    }
    if let Some(kind) = kind? {
        list.set_kind(kind);
    }
    for (key, value) in options?.unwrap_or_default() {
        // Written from the items' titles: as an option it would be read
        // back as titles, not as the option given.
        if key == uri_list::PAGE_TITLES {
            return Err(Message::with(
                Code::encodeTitlesOption,
                &[options_name, uri_list::PAGE_TITLES],
            ));
        }
        list.push_option(key, value);
    }
    Ok(list)
}

/// The list with its items' titles, or a mistake when there are more
/// titles than items.
fn with_page_titles(
    mut list: UriList,
    titles: Option<Vec<Option<String>>>,
    name: &str,
) -> Checked<UriList> {
    let titles = titles.unwrap_or_default();
    if titles.len() > list.len() {
        return Err(Message::with(
            Code::encodeTooManyTitles,
            &[
                name,
                &decimal(titles.len() as u64),
                &decimal(list.len() as u64),
            ],
        ));
    }
    for (i, title) in titles.into_iter().enumerate() {
        if let Some(title) = title {
            list.set_page_title(i, title);
        }
    }
    Ok(list)
}

/// An item: a URI, or a nested list.
enum Entry {
    Uri(String),
    List(UriList),
}

/// The `items` of a list, named `name`.
struct ItemsSeed {
    name: String,
    depth: usize,
}

impl ItemsSeed {
    fn wrong(&self) -> Message {
        Message::with(Code::encodeNotArray, &[&self.name])
    }
}

impl<'de> Visitor<'de> for ItemsSeed {
    type Value = Checked<Vec<Entry>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array")
    }

    reject!('de: scalars, strings, unit, map);

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        loop {
            let seed = ItemSeed {
                path: [&self.name, "[", &decimal(items.len() as u64), "]"].concat(),
                depth: self.depth,
            };
            let wrong = seed.wrong();
            match seq.next_element_seed(seed) {
                Ok(Some(Ok(item))) => items.push(item),
                Ok(Some(Err(why))) => return Ok(Err(why)),
                Ok(None) => break,
                // A value serde-wasm-bindgen does not read (a function, a
                // symbol) is no string and no list either.
                Err(_) => return Ok(Err(wrong)),
            }
        }
        if items.is_empty() {
            return Ok(Err(Message::with(Code::encodeNoItem, &[&self.name])));
        }
        Ok(Ok(items))
    }
}

/// One item, at `path` (`items[2]`).
struct ItemSeed {
    path: String,
    depth: usize,
}

impl ItemSeed {
    fn wrong(&self) -> Message {
        Message::with(Code::encodeNotItem, &[&self.path])
    }

    fn uri(self, uri: String) -> Checked<Entry> {
        if uri.is_empty() {
            return Err(Message::with(Code::encodeEmptyItem, &[&self.path]));
        }
        Ok(Entry::Uri(uri))
    }
}

impl<'de> Visitor<'de> for ItemSeed {
    type Value = Checked<Entry>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string or a list")
    }

    reject!('de: scalars, unit, seq);

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.uri(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(self.uri(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let nested = ListSeed {
            path: self.path,
            depth: self.depth + 1,
        };
        Ok(nested.visit_map(map)?.map(Entry::List))
    }
}

/// `title` or `type`: a string, or nothing (`null`, `undefined`).
struct TextSeed {
    name: String,
}

impl TextSeed {
    fn wrong(&self) -> Message {
        Message::with(Code::encodeNotString, &[&self.name])
    }
}

impl<'de> Visitor<'de> for TextSeed {
    type Value = Checked<Option<String>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    reject!('de: scalars, seq, map);

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Ok(Some(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Ok(Some(v)))
    }
}

/// `options`: `[key, value]` pairs of strings, or nothing.
struct OptionsSeed {
    name: String,
}

impl OptionsSeed {
    fn wrong(&self) -> Message {
        Message::with(Code::encodeNotPairs, &[&self.name])
    }
}

impl<'de> Visitor<'de> for OptionsSeed {
    type Value = Checked<Option<Vec<(String, String)>>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of [key, value] pairs")
    }

    reject!('de: scalars, strings, map);

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut pairs = Vec::new();
        loop {
            let at = [&self.name, "[", &decimal(pairs.len() as u64), "]"].concat();
            let not_a_pair = Message::with(Code::encodeNotPair, &[&at]);
            match seq.next_element_seed(PairSeed) {
                Ok(Some(Some(pair))) => pairs.push(pair),
                Ok(None) => break,
                Ok(Some(None)) | Err(_) => return Ok(Err(not_a_pair)),
            }
        }
        Ok(Ok(Some(pairs)))
    }
}

/// `[key, value]`: an array of exactly two strings, else `None`.
struct PairSeed;

impl<'de> Visitor<'de> for PairSeed {
    type Value = Option<(String, String)>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a [key, value] pair of strings")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let key = seq.next_element::<String>();
        let value = seq.next_element::<String>();
        let more = seq.next_element::<IgnoredAny>();
        Ok(match (key, value, more) {
            (Ok(Some(key)), Ok(Some(value)), Ok(None)) => Some((key, value)),
            _ => None,
        })
    }
}

/// `pageTitles`: for each item, a string or `null`; or nothing.
struct PageTitlesSeed {
    name: String,
}

impl PageTitlesSeed {
    fn wrong(&self) -> Message {
        Message::with(Code::encodeNotTitles, &[&self.name])
    }
}

impl<'de> Visitor<'de> for PageTitlesSeed {
    type Value = Checked<Option<Vec<Option<String>>>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of strings or nulls")
    }

    reject!('de: scalars, strings, map);

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut titles = Vec::new();
        loop {
            let seed = TextSeed {
                name: [&self.name, "[", &decimal(titles.len() as u64), "]"].concat(),
            };
            let wrong = seed.wrong();
            match seq.next_element_seed(seed) {
                Ok(Some(Ok(title))) => titles.push(title),
                Ok(Some(Err(why))) => return Ok(Err(why)),
                Ok(None) => break,
                Err(_) => return Ok(Err(wrong)),
            }
        }
        Ok(Ok(Some(titles)))
    }
}
