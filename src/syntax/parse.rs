//! Reading a link: the draft's grammar (§3) and its decoding algorithm (§5).

use crate::prelude::*;

use crate::message::error::{Error, ErrorKind, Violation, Warning};
use crate::syntax::list::{Item, Scheme, UriList, PAGE_TITLES};
use crate::syntax::percent::{
    decode_item, decode_option, find_byte, has_byte, has_byte_below, is_pct_encoded, is_query_char,
    is_uri_char,
};
use alloc::borrow::Cow;

/// The longest link read: 2 MiB, the longest URL Chrome accepts
/// (`url::kMaxURLChars`). Longer input is an error, not a slow parse.
pub const MAX_LENGTH: usize = 2 * 1024 * 1024;

/// How deep lists may nest (draft §8.2). The list a link stands for is at
/// depth 0; a list nested in it at depth 1, and so on.
pub const MAX_DEPTH: usize = 8;

/// At most this many warnings are kept for one link; a last warning says how
/// many more there were.
pub const MAX_WARNINGS: usize = 100;

/// A parsed link and what a lenient reading had to overlook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The list.
    pub list: UriList,
    /// Each violation found, with its byte offset in the link, in order.
    /// In strict mode only the notes that are not grammar violations
    /// (a duplicate option, a fragment) can appear here.
    pub warnings: Vec<Warning>,
}

/// Reads links. Lenient by default, like a browser's URL parser.
///
/// ```
/// use uri_list::Parser;
/// let parsed = Parser::new().parse("uri-list:https://a.example; https://b.example").unwrap();
/// assert_eq!(parsed.list.len(), 2);
/// assert_eq!(parsed.warnings[0].to_string(), "white space around item 2 at byte 27 (removed)");
///
/// let err = Parser::new().strict(true).parse("uri-list:https://a.example; https://b.example").unwrap_err();
/// assert_eq!(err.to_string(), "white space around item 2 at byte 27");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Parser {
    strict: bool,
    max_length: usize,
    max_depth: usize,
    /// For the JS API: items with a span are left empty (no copy), the
    /// caller slicing them out of its own string.
    spans_only: bool,
}

impl Default for Parser {
    fn default() -> Self {
        Parser {
            strict: false,
            max_length: MAX_LENGTH,
            max_depth: MAX_DEPTH,
            spans_only: false,
        }
    }
}

/// Reads a link leniently: see [`Parser`].
pub fn parse(link: &str) -> Result<Parsed, Error> {
    Parser::new().parse(link)
}

impl Parser {
    /// A lenient parser with the default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Strict mode stops at the first grammar violation with an error.
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Changes the longest link accepted, in bytes.
    pub fn max_length(mut self, bytes: usize) -> Self {
        self.max_length = bytes;
        self
    }

    /// Changes how deep lists may nest.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Leaves empty the text of every item that has a [`Item::span`]: the
    /// caller takes it from the link itself. Saves a copy per item. Items
    /// that need decoding keep their span too, marked `escaped`: the caller
    /// decodes them with [`crate::boundary::decode_item_into`]
    /// ([`Item::written_span`], [`Item::is_escaped`]).
    pub fn spans_only(mut self) -> Self {
        self.spans_only = true;
        self
    }

    /// Reads a link.
    pub fn parse(&self, link: &str) -> Result<Parsed, Error> {
        if link.len() > self.max_length {
            return Err(Error::new(
                ErrorKind::TooLong {
                    len: link.len(),
                    max: self.max_length,
                },
                self.max_length,
            ));
        }
        let mut sink = Sink {
            strict: self.strict,
            warnings: Vec::new(),
            dropped: 0,
        };
        let list = self.parse_at(link, 0, &mut sink)?;
        let mut warnings = sink.warnings;
        if sink.dropped > 0 {
            let offset = warnings.last().map_or(0, |w| w.offset);
            warnings.push(Warning {
                violation: Violation::More {
                    count: sink.dropped,
                },
                offset,
            });
        }
        Ok(Parsed { list, warnings })
    }

    fn parse_at(&self, input: &str, depth: usize, sink: &mut Sink) -> Result<UriList, Error> {
        // Like the URL Standard's basic URL parser: remove leading and trailing
        // C0 controls and spaces, then every ASCII tab or newline.
        let trimmed = input.trim_start_matches(|c: char| c <= ' ');
        let lead = input.len() - trimmed.len();
        let trimmed = trimmed.trim_end_matches(|c: char| c <= ' ');
        if trimmed.is_empty() {
            return Err(Error::new(ErrorKind::EmptyInput, 0));
        }
        if trimmed.len() != input.len() {
            // Where it is: at the start, else just after the link.
            let at = if lead > 0 { 0 } else { trimmed.len() };
            sink.violation(Violation::SurroundingWhitespace, at)?;
        }
        let (link, map) = remove_tabs_and_newlines(trimmed, lead);
        if map.is_some() {
            let at = trimmed.find(['\t', '\n', '\r']).unwrap_or(0) + lead;
            sink.violation(Violation::TabOrNewline, at)?;
        }
        let at = |i: usize| match &map {
            Some(m) => m[i],
            None => i + lead,
        };

        let Some((scheme, start)) = Scheme::strip_prefix(&link) else {
            let found = link
                .find(':')
                .map(|c| &link[..c])
                .filter(|s| is_scheme_name(s))
                .map(str::to_owned);
            return Err(Error::new(ErrorKind::NotAUriList { found }, at(0)));
        };
        let bytes = link.as_bytes();

        // Where the hier-part ends: at the first `?` or `#` (RFC 3986 §3).
        // A lenient reading keeps in the items any `?` or `#` that another
        // item follows (a `;` then a scheme): a person pasting
        // `uri-list:https://a.example/?q=1;https://b.example` means two pages.
        let mut end = link.len();
        let mut search = start;
        let mut last_item = None;
        while let Some(p) = find_byte(
            &bytes[search..end],
            |w| has_byte(w, b'?') || has_byte(w, b'#'),
            |b| b == b'?' || b == b'#',
        ) {
            let p = search + p;
            if !self.strict {
                let last = *last_item.get_or_insert_with(|| last_item_start(bytes, start));
                if p < last {
                    search = p + 1;
                    continue;
                }
            }
            end = p;
            break;
        }
        let hier = &link[start..end];
        if hier.is_empty() {
            return Err(Error::new(ErrorKind::EmptyList, at(start)));
        }
        let (query, fragment) = match bytes.get(end) {
            Some(b'?') => match link[end + 1..].find('#') {
                Some(h) => (
                    Some((end + 1, &link[end + 1..end + 1 + h])),
                    Some((end + 2 + h, &link[end + 2 + h..])),
                ),
                None => (Some((end + 1, &link[end + 1..])), None),
            },
            Some(_) => (None, Some((end + 1, &link[end + 1..]))),
            None => (None, None),
        };

        // The items, counted first (the starts of the non-empty parts): a
        // vector grown by doubling would take up to three times the room
        // while it is copied, 32 bytes an item, at the size of the item
        // (2 bytes) the costliest part of a link of many small items.
        // One pass over the bytes with no indexing: in the wasm, built for size, the bounds
        // checks of `bytes[i]` and `bytes[i - 1]` made this count a seventh of `decode()`.
        let mut parts = 0;
        let mut after_separator = true;
        for &b in hier.as_bytes() {
            let separator = b == b';';
            parts += usize::from(after_separator && !separator);
            after_separator = separator;
        }
        let mut list = UriList {
            scheme,
            items: Vec::with_capacity(parts),
            page_titles: Vec::new(),
            options: Vec::new(),
            fragment: None,
        };

        // Draft §5: split the hier-part on `;`; decode each item.
        let mut offset = start;
        // The number of the last item if it is a web address: a `?` a
        // person left unencoded in it makes its query the list's options.
        let mut last_web = None;
        for (n, (raw, plain)) in split_items(hier).enumerate() {
            let number = n + 1;
            let raw_at = offset;
            offset += raw.len() + 1;
            let (item, item_at, escapes) = match plain {
                // Only URI characters and valid escapes (most items): no
                // white space to trim, nothing to report.
                Some(escapes) if !raw.is_empty() => (raw, raw_at, escapes),
                _ => {
                    let lead_spaces = raw.bytes().take_while(|&b| b == b' ').count();
                    let trail_spaces = raw.bytes().rev().take_while(|&b| b == b' ').count();
                    let item =
                        &raw[lead_spaces..raw.len() - trail_spaces.min(raw.len() - lead_spaces)];
                    let item_at = raw_at + lead_spaces;
                    if item.is_empty() {
                        sink.violation(Violation::EmptyItem { item: number }, at(raw_at))?;
                        continue;
                    }
                    if item.len() != raw.len() {
                        sink.violation(Violation::ItemWhitespace { item: number }, at(raw_at))?;
                    }
                    let escapes = check_item_grammar(item, number, item_at, &at, sink)?;
                    (item, item_at, escapes)
                }
            };
            // Decoding never makes or unmakes a scheme: it yields `;`, `?`,
            // `#` or keeps a `%`, none of which a scheme name holds, so
            // whether an item is a nested list shows before decoding.
            let is_list = Scheme::strip_prefix(item).is_some();
            // A lenient reading reads an item without a scheme the way an
            // address bar does (`example.com/page` is `https://example.com/page`):
            // see the crate docs' deviations. Strict mode keeps it as written.
            let address = !self.strict && !is_list && reads_as_address(item);
            last_web = (address || is_web_address(item)).then_some(number);
            // The JS API decodes the items of the link itself, into one
            // string for all of them: no copy per item here.
            let escaped =
                escapes && self.spans_only && depth == 0 && map.is_none() && !is_list && !address;
            let decoded = if escapes && !escaped {
                decode_item(item)
            } else {
                Cow::Borrowed(item)
            };
            let decoded = if address {
                let url = ["https://", &decoded].concat();
                sink.note(
                    Violation::SchemeAdded {
                        written: decoded.into_owned(),
                        url: url.clone(),
                    },
                    at(item_at),
                );
                Cow::Owned(url)
            } else {
                decoded
            };
            // Unchanged (or left to the caller to decode), and read from the
            // caller's own text (not a copy without tabs, nor a nested
            // link): keep where it stands.
            let span = match (&decoded, &map, depth) {
                (Cow::Borrowed(_), None, 0) => Some((item_at + lead, item_at + lead + item.len())),
                _ => None,
            };
            let nested = if is_list {
                if depth + 1 > self.max_depth {
                    return Err(Error::new(
                        ErrorKind::TooDeep {
                            max: self.max_depth,
                        },
                        at(item_at),
                    ));
                }
                match self.parse_nested(&decoded, depth + 1, sink, number, at(item_at)) {
                    Ok(l) => Some(Box::new(l)),
                    Err(e) if matches!(e.kind(), ErrorKind::TooDeep { .. }) => return Err(e),
                    // "A valid uri-list may contain invalid URIs as elements"
                    // (draft §3): in both modes, a note, not an error.
                    Err(e) => {
                        sink.note(
                            Violation::Nested {
                                item: number,
                                // Said as the nested link stands in the link
                                // read from its start (depth 0): warnings are
                                // said from there, one level deeper at each
                                // nested list.
                                message: e.message_at(depth + 1),
                            },
                            at(item_at),
                        );
                        None
                    }
                }
            } else {
                None
            };
            let uri = match span {
                Some(_) if self.spans_only => String::new(),
                _ => decoded.into_owned(),
            };
            list.items.push(Item {
                uri,
                list: nested,
                span,
                escaped,
            });
        }
        if list.items.is_empty() {
            return Err(Error::new(ErrorKind::EmptyList, at(start)));
        }
        // Fewer when parts of white space were skipped: no room kept for them.
        list.items.shrink_to_fit();

        if let Some((q_at, query)) = query {
            check_query_grammar(query, q_at, &at, sink)?;
            // Counted first, as the items are.
            let pairs = query.split('&').filter(|p| !p.is_empty()).count();
            list.options.reserve_exact(pairs);
            let mut offsets = Vec::with_capacity(pairs);
            let mut page_titles = false;
            for pair in query.split('&').filter(|p| !p.is_empty()) {
                let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                let pair_at = at(q_at + (pair.as_ptr() as usize - query.as_ptr() as usize));
                // The first `page-titles` gives the items their titles; it
                // is split before it is decoded, so it is not kept as an
                // option (it is written back from the items).
                let (key, key_ok) = decode_option(k);
                if key == PAGE_TITLES && page_titles {
                    sink.note(
                        Violation::DuplicateOption {
                            key: PAGE_TITLES.to_owned(),
                        },
                        pair_at,
                    );
                    continue;
                }
                if key == PAGE_TITLES {
                    page_titles = true;
                    let (given, utf8) = list.read_page_titles(v, decode_option);
                    if !utf8 {
                        sink.violation(
                            Violation::OptionNotUtf8 {
                                key: PAGE_TITLES.to_owned(),
                            },
                            pair_at,
                        )?;
                    }
                    if given > list.items.len() {
                        sink.note(
                            Violation::PageTitlesBeyondItems {
                                titles: given,
                                items: list.items.len(),
                            },
                            pair_at,
                        );
                    }
                    continue;
                }
                let (value, value_ok) = decode_option(v);
                if !key_ok || !value_ok {
                    sink.violation(
                        Violation::OptionNotUtf8 {
                            key: key.to_string(),
                        },
                        pair_at,
                    )?;
                }
                offsets.push((pair_at, pair));
                list.options.push((key.into_owned(), value.into_owned()));
            }
            let mut repeated = vec![false; list.options.len()];
            for i in duplicate_keys(&list.options) {
                repeated[i] = true;
                let key = list.options[i].0.clone();
                sink.note(Violation::DuplicateOption { key }, offsets[i].0);
            }
            // Each key once: its first time. A query that holds no option
            // this crate reads is most likely the last page's own, its `?`
            // left unencoded (two videos written by hand: `…watch?v=1;…watch?v=2`):
            // the note names that page. Beside an option it reads, an unknown
            // one is another writer's option.
            let last_web = last_web.filter(|_| {
                !page_titles
                    && !list
                        .options
                        .iter()
                        .any(|(k, _)| KNOWN_OPTIONS.contains(&k.as_str()))
            });
            for (i, (key, _)) in list.options.iter().enumerate() {
                if !repeated[i] && !KNOWN_OPTIONS.contains(&key.as_str()) {
                    let (pair_at, pair) = offsets[i];
                    sink.note(
                        Violation::UnknownOption {
                            key: key.clone(),
                            pair: pair.to_owned(),
                            item: last_web,
                        },
                        pair_at,
                    );
                }
            }
        }
        if let Some((f_at, fragment)) = fragment {
            check_query_grammar(fragment, f_at, &at, sink)?;
            sink.note(Violation::Fragment, at(f_at - 1));
            list.fragment = Some(fragment.to_owned());
        }
        Ok(list)
    }

    fn parse_nested(
        &self,
        uri: &str,
        depth: usize,
        sink: &mut Sink,
        item: usize,
        item_at: usize,
    ) -> Result<UriList, Error> {
        let mut inner = Sink {
            strict: sink.strict,
            warnings: Vec::new(),
            dropped: 0,
        };
        let list = self
            .parse_at(uri, depth, &mut inner)
            .map_err(|e| match e.kind() {
                ErrorKind::TooDeep { .. } => Error::new(e.kind().clone(), item_at),
                _ => e,
            })?;
        for w in inner.warnings {
            sink.note(
                Violation::InNested {
                    item,
                    inner: Box::new(w),
                },
                item_at,
            );
        }
        // What the nested list could not keep is counted in the link's last
        // warning ("… more warnings not shown"), as the link's own are.
        sink.dropped += inner.dropped;
        Ok(list)
    }
}

/// The `;`-separated parts of a hier-part, each with what
/// [`crate::syntax::percent::scan_item`] saw of it: the split and the check of the
/// common item in one pass over its bytes.
fn split_items(hier: &str) -> impl Iterator<Item = (&str, Option<bool>)> {
    let mut rest = Some(hier);
    core::iter::from_fn(move || {
        let s = rest?;
        let (len, plain) = crate::syntax::percent::scan_item(s.as_bytes());
        // Past the `;` (ASCII: a character boundary); none after the last.
        rest = s.get(len + 1..);
        Some((&s[..len], plain))
    })
}

/// The positions of the options whose key appeared before, in order.
fn duplicate_keys(options: &[(String, String)]) -> Vec<usize> {
    let keys: Vec<&str> = options.iter().map(|(k, _)| k.as_str()).collect();
    let first = crate::strset::first_of_each(&keys);
    (0..options.len()).filter(|&i| first[i] != i).collect()
}

/// Collects warnings, or turns the first grammar violation into an error in
/// strict mode.
struct Sink {
    strict: bool,
    warnings: Vec<Warning>,
    dropped: usize,
}

impl Sink {
    /// A grammar violation.
    fn violation(&mut self, violation: Violation, offset: usize) -> Result<(), Error> {
        if self.strict {
            return Err(Error::new(ErrorKind::Violation(violation), offset));
        }
        self.note(violation, offset);
        Ok(())
    }

    /// A note that is not a grammar violation: kept in both modes.
    fn note(&mut self, violation: Violation, offset: usize) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(Warning { violation, offset });
        } else {
            self.dropped += 1;
        }
    }
}

/// The options this crate reads: `title` and the explainer's `group-name`
/// (the list's name), `type` (a display hint) and `color` (its group's
/// colour, [`crate::plan`]); `page-titles` is read apart. Any other is kept
/// ([`UriList::options`]), with a [`Violation::UnknownOption`] note: most
/// often it is no option at all, but the query of the last item, whose `?`
/// was not encoded, or `&amp;` copied from HTML.
const KNOWN_OPTIONS: [&str; 4] = ["title", "group-name", "type", "color"];

/// Whether an item is an `http:` or `https:` address (any case).
fn is_web_address(item: &str) -> bool {
    let starts = |prefix: &str| {
        item.get(..prefix.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
    };
    starts("https://") || starts("http://")
}

/// Checks an item against `uri-data = 1*uri-char` (draft §3). Reports each
/// kind of problem once per item: the first unencoded `?`, `#` and bad
/// escape, and each distinct character that may not stand in a link (up to
/// [`MAX_CHARS_PER_ITEM`] of them). Returns whether the item may hold an
/// escape to decode (a `%`): most items do not, and skip the decoding.
fn check_item_grammar(
    item: &str,
    number: usize,
    item_at: usize,
    at: &impl Fn(usize) -> usize,
    sink: &mut Sink,
) -> Result<bool, Error> {
    let bytes = item.as_bytes();
    if let Some(escapes) = crate::syntax::percent::plain_uri_data(bytes) {
        return Ok(escapes);
    }
    let (mut question, mut hash, mut percent) = (false, false, false);
    let mut chars: Vec<char> = Vec::new();
    for (i, c) in item.char_indices() {
        let b = bytes[i];
        if c.is_ascii() && is_uri_char(b) {
            continue;
        }
        let mut other = false;
        let (seen, violation) = match b {
            b'?' => (
                &mut question,
                Violation::UnencodedQuestionMark { item: number },
            ),
            b'#' => (&mut hash, Violation::UnencodedNumberSign { item: number }),
            b'%' if is_pct_encoded(bytes, i) => continue,
            b'%' => (
                &mut percent,
                Violation::PercentEscape { item: Some(number) },
            ),
            _ if chars.contains(&c) || chars.len() == MAX_CHARS_PER_ITEM => continue,
            _ => {
                chars.push(c);
                (
                    &mut other,
                    Violation::Character {
                        item: number,
                        ch: c,
                    },
                )
            }
        };
        if !*seen {
            *seen = true;
            sink.violation(violation, at(item_at + i))?;
        }
    }
    Ok(true)
}

/// How many distinct bad characters are reported for one item.
const MAX_CHARS_PER_ITEM: usize = 8;

/// Checks a query or fragment against RFC 3986 §3.4/§3.5.
fn check_query_grammar(
    s: &str,
    s_at: usize,
    at: &impl Fn(usize) -> usize,
    sink: &mut Sink,
) -> Result<(), Error> {
    let bytes = s.as_bytes();
    if plain_query(bytes) {
        return Ok(());
    }
    let (mut percent, mut other) = (false, false);
    for (i, c) in s.char_indices() {
        let b = bytes[i];
        if c.is_ascii() && is_query_char(b) {
            continue;
        }
        let (seen, violation) = match b {
            b'%' if is_pct_encoded(bytes, i) => continue,
            b'%' => (&mut percent, Violation::PercentEscape { item: None }),
            _ => (&mut other, Violation::QueryCharacter { ch: c }),
        };
        if !*seen {
            *seen = true;
            sink.violation(violation, at(s_at + i))?;
        }
    }
    Ok(())
}

/// Whether `s` is made only of query characters and valid escapes: most
/// queries (`title=Reading%20list`), checked byte by byte, without the
/// walk over characters that finding what is wrong takes.
fn plain_query(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        if is_query_char(s[i]) {
            i += 1;
        } else if s[i] == b'%' && is_pct_encoded(s, i) {
            i += 3;
        } else {
            return false;
        }
    }
    true
}

/// Whether an item without a scheme reads as a web address the way an
/// address bar reads it: a host name of two or more labels ending in a
/// name of letters (`example.com`, `login.example.com`, `bücher.de`),
/// an optional port, then nothing or a path, query or fragment. Not an IP
/// address, a single label (`localhost`), user info (`a@b.example`) or a
/// percent-escape in the host: those stay as written.
///
/// A lenient [`parse`] reads such an item as `https://` followed by it,
/// with a [`Violation::SchemeAdded`] note (the crate docs' deviations say
/// exactly which items). A writer whose link should read back as it
/// meant it (the command-line tool's `encode`) writes such an item with
/// the `https://` in front.
/// `item` is read as written in a link (its escapes not decoded). An item
/// not yet escaped by [`UriList::to_link`](crate::UriList::to_link) reads
/// as an address whenever its escaped form does (escaping adds only `%`,
/// which no host read here holds), and also when its host has a non-ASCII
/// character or ends at a backslash, which escaping would turn into `%`.
///
/// ```
/// use uri_list::reads_as_address;
/// assert!(reads_as_address("example.com/page"));
/// assert!(reads_as_address("login.example.com:8080"));
/// assert!(!reads_as_address("https://example.com/page"));
/// assert!(!reads_as_address("localhost/page"));
/// assert!(!reads_as_address("not a url"));
/// assert!(!reads_as_address("javascript:alert(1)"));
/// ```
pub fn reads_as_address(item: &str) -> bool {
    // By bytes: every item is asked, and a search for characters decodes each one (a fifth of
    // `decode()`'s time in the wasm, built for size, measured in node). The bytes sought are
    // ASCII, so each one found is a character boundary.
    let end = item
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#' | b'\\'))
        .unwrap_or(item.len());
    let hostport = &item[..end];
    let colon = hostport.bytes().rposition(|b| b == b':');
    let host = match colon.map(|c| (&hostport[..c], &hostport[c + 1..])) {
        Some((host, port))
            if !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) =>
        {
            host
        }
        Some(_) => return false,
        None => hostport,
    };
    let label_ok = |l: &str| {
        !l.is_empty()
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80)
    };
    // The labels read one by one, none collected: every item is asked.
    let (mut labels, mut last) = (0, "");
    for label in host.strip_suffix('.').unwrap_or(host).split('.') {
        if !label_ok(label) {
            return false;
        }
        (labels, last) = (labels + 1, label);
    }
    // Non-ASCII letters are taken as letters (the host parser judges them later): no Unicode
    // tables in the wasm for this.
    labels >= 2
        && last.chars().count() >= 2
        && last.bytes().all(|b| b.is_ascii_alphabetic() || b >= 0x80)
}

/// The offset of the last item that follows a `;` and starts with a scheme,
/// or `start` when there is none.
fn last_item_start(bytes: &[u8], start: usize) -> usize {
    let mut i = bytes.len();
    while let Some(p) = bytes[start..i].iter().rposition(|&b| b == b';') {
        let p = start + p;
        if starts_with_scheme(&bytes[p + 1..]) {
            return p + 1;
        }
        i = p;
    }
    start
}

/// `scheme ":"` (RFC 3986 §3.1) at the start of `s`, ignoring leading spaces.
fn starts_with_scheme(s: &[u8]) -> bool {
    let s = match s.iter().position(|&b| b != b' ') {
        Some(p) => &s[p..],
        None => return false,
    };
    match s.iter().position(|&b| b == b':') {
        Some(colon) if colon > 0 => is_scheme_name_bytes(&s[..colon]),
        _ => false,
    }
}

fn is_scheme_name(s: &str) -> bool {
    is_scheme_name_bytes(s.as_bytes())
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
pub(crate) fn is_scheme_name_bytes(s: &[u8]) -> bool {
    matches!(s.first(), Some(b) if b.is_ascii_alphabetic())
        && s.iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Removes ASCII tabs and newlines. When any were removed, also returns the
/// map from each byte of the result to its offset in the original input.
fn remove_tabs_and_newlines(s: &str, lead: usize) -> (Cow<'_, str>, Option<Vec<usize>>) {
    // Tabs and newlines are below 14; a word with none passes at once.
    let tab_or_newline = |b| matches!(b, b'\t' | b'\n' | b'\r');
    if find_byte(s.as_bytes(), |w| has_byte_below(w, 14), tab_or_newline).is_none() {
        return (Cow::Borrowed(s), None);
    }
    let mut out = String::with_capacity(s.len());
    let mut map = Vec::with_capacity(s.len() + 1);
    for (i, c) in s.char_indices() {
        if !matches!(c, '\t' | '\n' | '\r') {
            out.push(c);
            map.extend((0..c.len_utf8()).map(|k| lead + i + k));
        }
    }
    map.push(lead + s.len());
    (Cow::Owned(out), Some(map))
}

/// The JSON shape of `decode --json` and of `decode()` in JavaScript: the
/// list's, with the warnings (see `ListShape` in src/syntax/list.rs).
#[cfg(feature = "serde")]
impl serde::Serialize for Parsed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::syntax::list::ListShape {
            list: &self.list,
            warnings: Some(&self.warnings),
            more: &[],
        }
        .serialize(s)
    }
}
