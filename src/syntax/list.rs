//! The value a link parses into, and how it is written back.

use crate::prelude::*;

use crate::syntax::percent::{encode_item, encode_option};
use alloc::borrow::Cow;
use core::fmt;

/// The four spellings of the scheme. Scheme names are case-insensitive
/// (RFC 3986 §3.1), so `URI-LIST:` is [`Scheme::UriList`] too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scheme {
    /// `uri-list:`, the draft's name.
    #[default]
    UriList,
    /// `multi:`, the explainer's name.
    Multi,
    /// `web+urilist:`, the form a web page registers as a protocol handler.
    WebUrilist,
    /// `ext+urilist:`, the form an extension registers as a protocol handler.
    ExtUrilist,
}

impl Scheme {
    /// The scheme name, lowercase, without the colon.
    pub const fn as_str(self) -> &'static str {
        match self {
            Scheme::UriList => "uri-list",
            Scheme::Multi => "multi",
            Scheme::WebUrilist => "web+urilist",
            Scheme::ExtUrilist => "ext+urilist",
        }
    }

    /// Recognises a scheme name, case-insensitively.
    pub fn from_name(name: &str) -> Option<Scheme> {
        [
            Scheme::UriList,
            Scheme::Multi,
            Scheme::WebUrilist,
            Scheme::ExtUrilist,
        ]
        .into_iter()
        .find(|s| s.as_str().eq_ignore_ascii_case(name))
    }

    /// If `s` starts with one of the four schemes and its colon, returns the
    /// scheme and the length of the prefix.
    pub fn strip_prefix(s: &str) -> Option<(Scheme, usize)> {
        // Every name starts with u, m, w or e: most items (http…) stop here.
        if !matches!(
            s.as_bytes().first(),
            Some(b'u' | b'U' | b'm' | b'M' | b'w' | b'W' | b'e' | b'E')
        ) {
            return None;
        }
        // The longest name, `web+urilist`, has 11 letters.
        let colon = s.bytes().take(12).position(|b| b == b':')?;
        Scheme::from_name(&s[..colon]).map(|sch| (sch, colon + 1))
    }
}

/// The option that carries the pages' titles: `page-titles=Hotel~~Museum`,
/// one title per item in order, separated by unencoded tildes, each title
/// percent-encoded (a tilde in a title is `%7E`); an empty title, or none
/// past the last one written, means the item has none. An extension of the
/// draft by its §8.1 mechanism, so a reader that does not know it reads the
/// same pages: see the crate docs, "Page titles".
pub const PAGE_TITLES: &str = "page-titles";

/// What separates the titles of [`PAGE_TITLES`]: `~`, an unreserved
/// character (RFC 3986 §2.3), which no linkifier of tests/linkifiers.mjs
/// cuts a link at inside it, even twice in a row (anchorme cuts at `,,`);
/// never the value's last character (the last title written is not empty,
/// and [`UriList::to_link`] writes a `~` in a title as `%7E`), where
/// GitHub's autolink literals would trim it.
pub(crate) const PAGE_TITLE_SEPARATOR: char = '~';

/// One member of a list: a URI (any string, decoded per draft §5), and, when
/// that URI is itself a uri-list, the nested list it holds (draft §8.2). Its
/// page title, when the link carries one, is the list's
/// ([`UriList::page_title`]).
///
/// Two items are equal when their URIs are: the nested list is a reading of
/// the URI, not more.
#[derive(Debug, Clone)]
pub struct Item {
    pub(crate) uri: String,
    pub(crate) list: Option<Box<UriList>>,
    /// Where the item stands, unchanged, in the link it was read from (byte
    /// offsets), when it does: the JS API then hands out a slice of the
    /// caller's own string instead of a copy.
    pub(crate) span: Option<(usize, usize)>,
    /// Set only by [`crate::Parser::spans_only`]: `span` holds the item as
    /// written, escapes not yet decoded; the caller decodes it.
    pub(crate) escaped: bool,
}

impl PartialEq for Item {
    fn eq(&self, other: &Self) -> bool {
        self.uri == other.uri
    }
}

impl Eq for Item {}

impl Item {
    /// The decoded item: the text/uri-list line for it.
    pub fn as_str(&self) -> &str {
        &self.uri
    }

    /// The nested list, when the item is one.
    pub fn list(&self) -> Option<&UriList> {
        self.list.as_deref()
    }

    /// Where the item stands, unchanged, in the link it was read from: a
    /// byte range such that `&link[range] == item.as_str()`. `None` when the
    /// item was decoded (it held `%3B`, `%3F`, `%23` or the escape rule's
    /// `%25…`), when tabs or newlines were removed from the link, for nested
    /// lists' items, and for items that were not read from a link.
    pub fn span(&self) -> Option<core::ops::Range<usize>> {
        match self.span {
            Some((start, end)) if !self.escaped => Some(start..end),
            _ => None,
        }
    }

    /// Where the item stands in the link it was read from as written, its
    /// escapes not decoded when [`Item::is_escaped`]: what a caller of
    /// [`crate::Parser::spans_only`] slices out of its own string.
    pub fn written_span(&self) -> Option<(usize, usize)> {
        self.span
    }

    /// Set only by [`crate::Parser::spans_only`]: the item's text is left to
    /// the caller, who decodes its [`Item::written_span`] with
    /// [`crate::boundary::decode_item_into`].
    pub fn is_escaped(&self) -> bool {
        self.escaped
    }
}

/// A list of URIs with its options: what a uri-list link stands for.
///
/// Build one with [`UriList::new`] and [`UriList::push`], write it as a link
/// with [`UriList::to_link`] (or `to_string()`), read one with [`crate::parse`].
///
/// ```
/// let mut list = uri_list::UriList::new();
/// list.push("https://example.com/search?q=C%23");
/// list.push("https://example.org/a;b");
/// list.set_title("Two pages");
/// let link = list.to_link();
/// assert_eq!(
///     link,
///     "uri-list:https://example.com/search%3Fq=C%2523;https://example.org/a%3Bb?title=Two%20pages"
/// );
/// let back = uri_list::parse(&link).unwrap().list;
/// assert_eq!(back, list);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UriList {
    pub(crate) scheme: Scheme,
    pub(crate) items: Vec<Item>,
    /// The items' page titles ([`PAGE_TITLES`]), by position: empty when no
    /// item has one (most links: no room taken), else as long as the items
    /// up to the last one that has a title; never `Some("")`.
    pub(crate) page_titles: Vec<Option<Box<str>>>,
    pub(crate) options: Vec<(String, String)>,
    pub(crate) fragment: Option<String>,
}

impl UriList {
    /// An empty list with the `uri-list:` scheme.
    pub fn new() -> Self {
        Self::default()
    }

    /// The scheme the link was written with.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// Chooses the scheme [`UriList::to_link`] writes.
    pub fn set_scheme(&mut self, scheme: Scheme) {
        self.scheme = scheme;
    }

    /// The items, in order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The number of items (a nested list counts as one).
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the list has no item (a parsed list never is).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Appends a URI. When it is itself a uri-list link it stays a plain item
    /// here; use [`UriList::push_list`] to nest a list.
    pub fn push(&mut self, uri: impl Into<String>) {
        self.items.push(Item {
            uri: uri.into(),
            list: None,
            span: None,
            escaped: false,
        });
    }

    /// Appends a nested list (draft §8.2).
    pub fn push_list(&mut self, list: UriList) {
        self.items.push(Item {
            uri: list.to_link(),
            list: Some(Box::new(list)),
            span: None,
            escaped: false,
        });
    }

    /// Gives the item at `index` a page title (an empty one removes it).
    /// Returns `false`, changing nothing, when there is no such item.
    ///
    /// ```
    /// let mut list = uri_list::UriList::new();
    /// list.push("https://example.com/hotel");
    /// list.push("https://example.org/");
    /// list.push("https://example.net/museum");
    /// list.set_page_title(0, "Hotel, old town");
    /// list.set_page_title(2, "Museum.");
    /// let link = list.to_link();
    /// assert_eq!(
    ///     link,
    ///     "uri-list:https://example.com/hotel;https://example.org/;https://example.net/museum\
    ///      ?page-titles=Hotel%2C%20old%20town~~Museum%2E"
    /// );
    /// let back = uri_list::parse(&link).unwrap().list;
    /// assert_eq!(back.page_title(0), Some("Hotel, old town"));
    /// assert_eq!(back.page_title(1), None);
    /// assert_eq!(back, list);
    /// ```
    pub fn set_page_title(&mut self, index: usize, title: impl Into<String>) -> bool {
        if index >= self.items.len() {
            return false;
        }
        let title: String = title.into();
        if title.is_empty() {
            if let Some(slot) = self.page_titles.get_mut(index) {
                *slot = None;
            }
            while self.page_titles.last().is_some_and(Option::is_none) {
                self.page_titles.pop();
            }
        } else {
            if self.page_titles.len() <= index {
                self.page_titles.resize(index + 1, None);
            }
            self.page_titles[index] = Some(title.into_boxed_str());
        }
        true
    }

    /// The page title the link carries for the item at `index`
    /// ([`PAGE_TITLES`]): the sender's words, not the site's. Show it as
    /// text, never as the site's name.
    pub fn page_title(&self, index: usize) -> Option<&str> {
        self.page_titles.get(index)?.as_deref()
    }

    /// Whether any item has a page title.
    pub fn has_page_titles(&self) -> bool {
        !self.page_titles.is_empty()
    }

    /// Every option, in the order of the query, with keys and values decoded.
    /// The page titles ([`PAGE_TITLES`]) are not among them: they are the
    /// items' ([`UriList::page_title`]).
    pub fn options(&self) -> &[(String, String)] {
        &self.options
    }

    /// The first value of an option.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The list's name: `title` (draft §8.1), else `group-name` (the explainer).
    pub fn title(&self) -> Option<&str> {
        self.option("title").or_else(|| self.option("group-name"))
    }

    /// The display hint `type` (draft §8.1): `grid-view`, `tabs`, `window`…
    pub fn kind(&self) -> Option<&str> {
        self.option("type")
    }

    /// Sets `title`, replacing any `title` already there.
    pub fn set_title(&mut self, title: impl Into<String>) {
        self.set_option("title", title);
    }

    /// Sets `type`, replacing any `type` already there.
    pub fn set_kind(&mut self, kind: impl Into<String>) {
        self.set_option("type", kind);
    }

    /// Sets an option: replaces the first one with that key and removes the
    /// others, or appends it.
    pub fn set_option(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.options.iter().position(|(k, _)| k == key) {
            Some(i) => {
                self.options[i].1 = value;
                let mut seen = 0;
                self.options.retain(|(k, _)| {
                    seen += usize::from(k == key);
                    k != key || seen == 1
                });
            }
            None => self.options.push((key.to_owned(), value)),
        }
    }

    /// Appends an option, keeping any with the same key.
    pub fn push_option(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.options.push((key.into(), value.into()));
    }

    /// The fragment (without `#`), as written. It belongs to the list and has
    /// no meaning for opening it.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.as_deref()
    }

    /// Sets the fragment. It is written as it is, with only the characters
    /// that may not stand in a link percent-encoded.
    pub fn set_fragment(&mut self, fragment: Option<String>) {
        self.fragment = fragment;
    }

    /// Writes the list as a link: the draft's grammar (§3), with the items
    /// encoded by the escape rule of the crate docs and the options as a
    /// query. For every list, [`crate::parse`] in strict mode accepts the
    /// result and gives back an equal list (items made of URI characters
    /// come back exactly; others with only their non-URI characters
    /// percent-encoded), but for the link's last character: one that running
    /// text takes for the end of a sentence (`.`, `,`, `!`, `'`) or a
    /// closing bracket without its opening one is written percent-encoded,
    /// so that [`crate::find_links`] and chat apps' linkifiers keep it in the
    /// link, and the item it ends comes back with it percent-encoded (crate
    /// docs, "Deviations from the draft").
    ///
    /// ```
    /// let list = uri_list::UriList::from_iter(["https://a.example/", "https://en.wikipedia.org/wiki/Washington,_D.C."]);
    /// let link = list.to_link();
    /// assert_eq!(link, "uri-list:https://a.example/;https://en.wikipedia.org/wiki/Washington,_D.C%2E");
    /// assert_eq!(uri_list::find_links(&format!("Our trip: {link}."))[0].link, link);
    /// ```
    pub fn to_link(&self) -> String {
        let mut out = String::with_capacity(self.encoded_len_hint());
        self.write_link(&mut out);
        if crate::syntax::find::loses_last_char(&out) {
            if let Some(last) = out.pop() {
                crate::syntax::percent::push_pct_char(&mut out, last);
            }
        }
        out
    }

    fn encoded_len_hint(&self) -> usize {
        16 + self.items.iter().map(|i| i.uri.len() + 1).sum::<usize>()
    }

    pub(crate) fn write_link(&self, out: &mut String) {
        out.push_str(self.scheme.as_str());
        out.push(':');
        for (n, item) in self.items.iter().enumerate() {
            if n > 0 {
                out.push(';');
            }
            encode_item(&item.uri, out);
        }
        for (n, (k, v)) in self.options.iter().enumerate() {
            out.push(if n == 0 { '?' } else { '&' });
            encode_option(k, out);
            out.push('=');
            encode_option(v, out);
        }
        if self.has_page_titles() {
            out.push(if self.options.is_empty() { '?' } else { '&' });
            out.push_str(PAGE_TITLES);
            out.push('=');
            self.write_page_titles(out, encode_option);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            crate::syntax::percent::encode_fragment(f, out);
        }
    }
}

impl UriList {
    /// Writes the value of [`PAGE_TITLES`]: each title written by `write`
    /// (which must escape `~`), separated by `~`, up to the last item that
    /// has one.
    pub(crate) fn write_page_titles(&self, out: &mut String, write: impl Fn(&str, &mut String)) {
        for (n, title) in self.page_titles.iter().enumerate() {
            if n > 0 {
                out.push(PAGE_TITLE_SEPARATOR);
            }
            if let Some(title) = title {
                write(title, out);
            }
        }
    }

    /// Sets the items' titles from the value of [`PAGE_TITLES`] as written
    /// (before percent-decoding): split on `~`, each part decoded by
    /// `decode`. Returns how many titles were given and whether every part
    /// was UTF-8. Titles past the last item are not kept.
    pub(crate) fn read_page_titles(
        &mut self,
        raw: &str,
        decode: impl Fn(&str) -> (Cow<'_, str>, bool),
    ) -> (usize, bool) {
        let mut count = 0;
        let mut utf8 = true;
        for (n, part) in raw.split(PAGE_TITLE_SEPARATOR).enumerate() {
            count = n + 1;
            let (title, ok) = decode(part);
            utf8 &= ok;
            self.set_page_title(n, title);
        }
        (count, utf8)
    }
}

impl fmt::Display for UriList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_link())
    }
}

impl<S: Into<String>> FromIterator<S> for UriList {
    fn from_iter<T: IntoIterator<Item = S>>(iter: T) -> Self {
        let mut list = UriList::new();
        for uri in iter {
            list.push(uri);
        }
        list
    }
}

/// The JSON shape of a list, as `decode --json` prints it and `decode()`
/// returns it in JavaScript:
///
/// `{"items": [...], "title": null|"...", "type": null|"...",
///   "options": [["key","value"], ...], "fragment": null|"...",
///   "pageTitles": [null|"...", ...],
///   "warnings": [{"offset": n, "code": "...", "args": [...], "message": "..."}],
///   "lists": [...]}`
///
/// `items` holds the decoded items (a nested list as its decoded link);
/// `pageTitles`, present only when some item has a page title, holds for
/// each item `null` or its title;
/// `warnings` is there for a parsed link only ([`crate::Parsed`]); `lists`,
/// present only when some item is a nested list, holds for each item `null`
/// or the same object for its nested list (without `warnings`).
// Its TypeScript type (`Decoded`, the feature `ts`): `DecodedJson`'s.
#[cfg(feature = "serde")]
pub struct ListShape<'a> {
    /// The list.
    pub list: &'a UriList,
    /// The warnings of its parse, for a parsed link.
    pub warnings: Option<&'a [crate::Warning]>,
    /// Fields after the others (`readPasted()`'s `form` and `link`).
    pub more: &'a [(&'static str, &'a str)],
}

#[cfg(feature = "serde")]
impl serde::Serialize for ListShape<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let list = self.list;
        let nested = list.items().iter().any(|i| i.list().is_some());
        let mut out = s.serialize_struct("List", 8)?;
        out.serialize_field("items", &Items(list))?;
        out.serialize_field("title", &list.title())?;
        out.serialize_field("type", &list.kind())?;
        out.serialize_field("options", list.options())?;
        out.serialize_field("fragment", &list.fragment())?;
        if list.has_page_titles() {
            out.serialize_field("pageTitles", &PageTitles(list))?;
        }
        if let Some(warnings) = self.warnings {
            out.serialize_field("warnings", warnings)?;
        }
        if nested {
            out.serialize_field("lists", &Lists(list))?;
        }
        for (key, value) in self.more {
            out.serialize_field(key, value)?;
        }
        out.end()
    }
}

/// The decoded items, as strings.
#[cfg(feature = "serde")]
struct Items<'a>(&'a UriList);

#[cfg(feature = "serde")]
impl serde::Serialize for Items<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.items().iter().map(Item::as_str))
    }
}

/// For each item, `null` or its page title.
#[cfg(feature = "serde")]
pub struct PageTitles<'a>(pub &'a UriList);

#[cfg(feature = "serde")]
impl serde::Serialize for PageTitles<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..self.0.len()).map(|i| self.0.page_title(i)))
    }
}

/// For each item, `null` or its nested list.
#[cfg(feature = "serde")]
pub struct Lists<'a>(pub &'a UriList);

#[cfg(feature = "serde")]
impl serde::Serialize for Lists<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.items().iter().map(Item::list))
    }
}

/// The list's JSON shape, without warnings: `{"items", "title", "type",
/// "options", "fragment"}`, with `"pageTitles"` and `"lists"` when the list
/// has page titles or nested lists (docs/javascript-api.md).
#[cfg(feature = "serde")]
impl serde::Serialize for UriList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ListShape {
            list: self,
            warnings: None,
            more: &[],
        }
        .serialize(s)
    }
}

// `ListShape`'s JSON as a struct, for ts-rs to derive its TypeScript type from (`Decoded`; the
// feature `ts`). Not what writes a list: a derived writer in place of `ListShape`'s, whose fields
// depend on the list, measured 0.2 KB more in the extension's wasm; the test `ts_shapes` below
// holds the two to the same JSON. Its doc comments are the TypeScript type's.
/// What `decode()` returns: the list a link stands for.
#[cfg(feature = "ts")]
#[derive(serde::Serialize, ts_rs::TS)]
#[ts(rename = "Decoded")]
pub struct DecodedJson<'a> {
    /// The items, decoded; a nested list as its decoded link.
    items: Vec<&'a str>,
    /// The list's title (option `title`).
    title: Option<&'a str>,
    /// The list's type (option `type`), a display hint.
    #[serde(rename = "type")]
    kind: Option<&'a str>,
    /// Every option, `[key, value]`, in order (the title and type too).
    options: &'a [(String, String)],
    /// The link's fragment (after `#`), which a list does not use.
    fragment: Option<&'a str>,
    /// When some item has a page title (option `page-titles`): for each
    /// item, its title or `null`.
    #[serde(rename = "pageTitles", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    page_titles: Option<Vec<Option<&'a str>>>,
    /// The warnings of reading the link (a link's; not a nested list's).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    warnings: Option<&'a [crate::Warning]>,
    /// When some item is a nested list: for each item, its list (in this
    /// shape, without warnings) or `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    lists: Option<Vec<Option<DecodedJson<'a>>>>,
}

// `readPasted()`'s JSON as a struct, for ts-rs (`Pasted`; the feature `ts`): the list's, then
// `ListShape::more`'s `form` and `link`; held to the writer by the same test.
/// What `readPasted()` returns: what `decode()` returns for the list read,
/// and what the text was and the list's link.
#[cfg(feature = "ts")]
#[derive(serde::Serialize, ts_rs::TS)]
#[ts(rename = "Pasted")]
pub struct PastedJson<'a> {
    #[serde(flatten)]
    #[ts(flatten)]
    list: DecodedJson<'a>,
    /// What the text was: a uri-list link (alone, or the first in running
    /// text), a text/uri-list, or plain text with web addresses.
    form: crate::Form,
    /// The list written as a uri-list link.
    link: String,
}

#[cfg(all(test, feature = "ts"))]
impl<'a> DecodedJson<'a> {
    /// The shape of `list`, with `warnings` for a parsed link.
    fn of(list: &'a UriList, warnings: Option<&'a [crate::Warning]>) -> Self {
        let nested = list.items().iter().any(|i| i.list().is_some());
        DecodedJson {
            items: list.items().iter().map(Item::as_str).collect(),
            title: list.title(),
            kind: list.kind(),
            options: list.options(),
            fragment: list.fragment(),
            page_titles: list
                .has_page_titles()
                .then(|| (0..list.len()).map(|i| list.page_title(i)).collect()),
            warnings,
            lists: nested.then(|| {
                let of = |i: &'a Item| i.list().map(|l| DecodedJson::of(l, None));
                list.items().iter().map(of).collect()
            }),
        }
    }
}

/// The TypeScript types of lists are derived from structs that do not
/// write them ([`DecodedJson`], [`PastedJson`]): these hold the two to the
/// same JSON.
#[cfg(all(test, feature = "ts", not(target_arch = "wasm32")))]
mod ts_shapes {
    use super::*;

    #[test]
    fn the_typescript_shapes_write_what_the_core_writes() {
        // Nested lists (one of them with page titles), page titles, a
        // warning, a fragment; and a link with none of them.
        let links = [
            "uri-list:https://a.example;uri-list:https://b.example%3Bhttps://c.example%3Fpage-titles=X;;https://d.example?title=T&type=tabs&color=blue&page-titles=A~B#frag",
            "uri-list:https://a.example",
        ];
        for link in links {
            let parsed = crate::Parser::new().parse(link).unwrap();
            let (list, warnings) = (&parsed.list, &parsed.warnings[..]);
            assert_eq!(json(&parsed), json(DecodedJson::of(list, Some(warnings))));
            assert_eq!(json(list), json(DecodedJson::of(list, None)));
            let link = list.to_link();
            let pasted = ListShape {
                list,
                warnings: Some(warnings),
                more: &[("form", "link"), ("link", &link)],
            };
            let shape = PastedJson {
                list: DecodedJson::of(list, Some(warnings)),
                form: crate::Form::Link,
                link: link.clone(),
            };
            assert_eq!(json(pasted), json(shape));
        }
    }

    fn json(value: impl serde::Serialize) -> String {
        serde_json::to_string(&value).unwrap()
    }
}
