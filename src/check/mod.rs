//! Link checks: which items may be opened as pages, and on which site.
//!
//! Only what the extension needs of an item is read: the scheme (RFC 3986
//! §3.1) and, for `http` and `https`, the authority (§3.2) with the URL
//! Standard's leniencies for those schemes (backslashes read as slashes, any
//! number of slashes, an IPv4 host in any of its number forms). The host is
//! the one the browser opens: the URL Standard's host parser reads it, with
//! the full UTS #46 processing (see src/platform.rs). The browser that opens
//! the page is the final judge of the rest of the URL.

use crate::prelude::*;

mod host;
pub(crate) mod lookalike;
mod page;
mod punycode;
#[cfg(feature = "serde")]
pub(crate) mod report;

use crate::message::{Arg, Code, Message};
use crate::platform::UrlParser;
use crate::strset::first_of_each;
use crate::syntax::list::{Scheme, UriList};
use crate::syntax::parse::is_scheme_name_bytes;
use alloc::borrow::Cow;
use host::parse_authority;
pub(crate) use host::HostRead;

pub use page::page_address;
pub(crate) use page::{page_address_reading_host, HostReading};
#[cfg(feature = "serde")]
pub use report::CheckReport;

/// What may be done with an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Class {
    /// An `http:` or `https:` URL with a host: it may be opened as a page.
    Openable,
    /// A URL that is never opened from a link: it could run code in a page
    /// (`javascript:`), carry a page of its own (`data:`, `blob:`), reach
    /// local files (`file:`) or privileged pages (`about:`, `chrome:`,
    /// `moz-extension:`…), or hand off to another program (`mailto:`…).
    Blocked,
    /// Not a URL that can be opened.
    Invalid,
    /// A nested uri-list (draft §8.2): opened as a list of its own.
    List,
}

impl Class {
    /// The class as a lowercase word.
    pub const fn as_str(self) -> &'static str {
        match self {
            Class::Openable => "openable",
            Class::Blocked => "blocked",
            Class::Invalid => "invalid",
            Class::List => "list",
        }
    }
}

/// The site of an openable item: its host, in both forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// The host as the browser opens it, as `new URL(item).hostname`: mapped
    /// by UTS #46 (lowercase, `。` and full-width letters to ASCII),
    /// internationalised labels as punycode (`xn--…`), IPv4 in dotted
    /// decimal, IPv6 in brackets, compressed.
    pub host: String,
    /// The host for display, with punycode labels shown in Unicode.
    pub unicode: String,
    /// The port, when one is written.
    pub port: Option<u16>,
    /// The user info before `@` (`user@host`), when there is some: a classic
    /// way to make a link look as if it went somewhere else.
    pub userinfo: Option<String>,
}

impl Site {
    /// The host as a person should see it: the Unicode name and, when it
    /// differs, the punycode one (`paypal.com (xn--pypal-4ve.com)`), so that
    /// two names that look alike can still be told apart.
    pub fn shown(&self) -> String {
        if self.unicode == self.host {
            self.host.clone()
        } else {
            [self.unicode.as_str(), " (", &self.host, ")"].concat()
        }
    }
}

/// Something a person should know about an item before opening it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "NoteJson<'static>"))]
pub struct Note {
    /// Whether it is serious enough to show the list before opening it
    /// (a lookalike host, user info in the URL), rather than a mild note
    /// (a page without encryption).
    pub alert: bool,
    /// What it is, in a sentence for a person.
    pub message: Message,
}

/// `{"alert", "code", "args", "message"}` (its TypeScript type:
/// `NoteJson`).
#[cfg(feature = "serde")]
impl serde::Serialize for Note {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Note", 4)?;
        out.serialize_field("alert", &self.alert)?;
        self.message.serialize_fields(&mut out)?;
        out.end()
    }
}

/// A serialised [`Note`] as a struct, for ts-rs to derive its TypeScript
/// type from (`Note`; the feature `ts`): see `MessageJson` for why it is
/// not what writes a note, and the test that holds the two together.
#[cfg(feature = "ts")]
#[derive(serde::Serialize, ts_rs::TS)]
#[ts(rename = "Note")]
pub struct NoteJson<'a> {
    /// A lookalike host or user info in the URL: serious enough to show the
    /// list before opening it; `false` for a mild note (a page without
    /// encryption).
    alert: bool,
    /// The message's name (see `Message`).
    code: &'static str,
    /// Its arguments, for `$1`, `$2`…: strings, or messages of their own.
    args: &'a [Arg],
    /// Its English text, the arguments in place.
    message: String,
}

#[cfg(all(test, feature = "ts"))]
impl<'a> NoteJson<'a> {
    /// The shape of `n`.
    pub fn of(n: &'a Note) -> Self {
        NoteJson {
            alert: n.alert,
            code: n.message.code.as_str(),
            args: &n.message.args,
            message: n.message.english(),
        }
    }
}

/// The result of checking one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemCheck {
    /// What may be done with it.
    pub class: Class,
    /// The lowercase scheme, when there is one.
    pub scheme: Option<String>,
    /// For an openable item, its site.
    pub site: Option<Site>,
    /// Why an item is blocked or invalid, in a sentence for a person.
    pub reason: Option<Message>,
    /// What a person should know before opening an openable item.
    pub notes: Vec<Note>,
}

impl ItemCheck {
    fn not_openable(class: Class, scheme: Option<String>, reason: Message) -> Self {
        ItemCheck {
            class,
            scheme,
            site: None,
            reason: Some(reason),
            notes: Vec::new(),
        }
    }
}

/// Checks every item of a list, in order (a nested list counts as one
/// item), and notes the hosts of the list that look like one another
/// (TR39 skeletons: `paypal.com` and `paypa1.com`).
///
/// An item whose page title ([`UriList::page_title`]) reads as the address of
/// another site than the page's gets an alert (`title_note`).
pub fn check_list(list: &UriList, urls: &dyn UrlParser) -> Vec<ItemCheck> {
    let mut checks: Vec<ItemCheck> = list
        .items()
        .iter()
        .enumerate()
        .map(|(n, i)| {
            let mut c = check_item(i.as_str(), urls);
            c.notes
                .extend(title_note(list.page_title(n), c.site.as_ref()));
            c
        })
        .collect();
    note_lookalike_pairs(&mut checks);
    checks
}

/// An alert when a page's title, the sender's words, reads as the address of
/// another site than the one the page is on: "paypal.com" over a page of
/// `example.net` would pass for the site's name (how a title is read:
/// [`site_named_elsewhere`]).
pub(crate) fn title_note(title: Option<&str>, site: Option<&Site>) -> Option<Note> {
    let (title, site) = (title?, site?);
    let named = site_named_elsewhere(title, &[site])?;
    Some(Note {
        alert: true,
        message: Message::with(
            Code::noteTitleNamesSite,
            &[&shown_title(title), &named, &site.shown()],
        ),
    })
}

/// An alert when a list's name (its `title` or `group-name`, or the text of
/// the link it came from), the sender's words, reads as the address of a
/// site that none of the list's pages, `sites`, is on: a tab group named
/// "paypal.com" around pages of `example.net` would pass for that site's.
/// Read as a page's title is ([`title_note`]); the message names the sites
/// the pages are on (the first, and how many others). None for a list
/// without pages.
pub(crate) fn list_title_note(title: &str, sites: &[&Site]) -> Option<Message> {
    let first = sites.first()?;
    let named = site_named_elsewhere(title, sites)?;
    // The other hosts, each counted once (found by sorting: a list of many
    // sites costs n log n, not a search of those counted for each).
    let others: Vec<&Site> = sites[1..]
        .iter()
        .copied()
        .filter(|site| site.host != first.host)
        .collect();
    let hosts: Vec<&str> = others.iter().map(|s| s.host.as_str()).collect();
    let distinct = crate::strset::first_of_each(&hosts)
        .into_iter()
        .enumerate()
        .filter(|&(i, f)| i == f)
        .count();
    let on = match (others.first(), distinct) {
        (None, _) => first.shown().into(),
        (Some(other), 1) => Arg::Message(Message {
            code: Code::listAnd,
            args: vec![first.shown().into(), other.shown().into()],
        }),
        (Some(_), more) => {
            return Some(Message::with(
                Code::previewTitleNamesSites,
                &[
                    &shown_title(title),
                    &named,
                    &first.shown(),
                    &crate::message::digits::decimal(more as u64),
                ],
            ))
        }
    };
    Some(Message {
        code: Code::previewTitleNamesSite,
        args: vec![shown_title(title).into(), named.into(), on],
    })
}

/// The first site that a word of `title` names (read as drawn: [`as_drawn`])
/// and that none of `sites` is: another registered domain
/// (`www.paypal.com` and `paypal.com` are one site, `bank.de` and
/// `bank.example` two), and not the host itself. Every word of the title that
/// reads as a web address (as [`crate::reads_as_address`] reads one, after an
/// `http://` or `https://`) counts. A word counts as an address only when it
/// starts with a scheme or `www.`, or ends in a top-level domain people write
/// in names: a common generic one (`com`, `org`, `io`...) or any two letters
/// but a few file extensions (`README.md`, `Node.js` and `index.html` are
/// titles, not sites). A heuristic, without the Public Suffix List (which
/// would outweigh the module): it errs towards warning. The host named is
/// returned without bidirectional controls.
fn site_named_elsewhere(title: &str, sites: &[&Site]) -> Option<String> {
    // A word names a site only with a dot in it (a host of two labels at
    // least: `address_in_word`), and the title as drawn has a dot only where
    // the title has "." or a character that looks like one (`looks_like_dot`).
    // Most titles have neither: they are let go at this one pass, with
    // nothing allocated (every page title of a list is read here).
    if !title.contains(|c: char| c == '.' || looks_like_dot(c)) {
        return None;
    }
    // Read as it looks: "paypal.com" followed by a zero-width space draws
    // as "paypal.com", and "paypal\u{3002}com" reads (and opens, in an
    // address bar) as it.
    let read = as_drawn(title);
    let named = read
        .split(breaks_word)
        // Without a dot a word is no address (as above): not read further.
        .filter(|word| word.contains('.'))
        .filter_map(address_in_word)
        .find(|host| {
            // ASCII case only: the engine's hosts are lowercase already, and
            // Unicode's case tables (`to_lowercase`) cost 17 KB of wasm. Full-width
            // and mathematical letters read as the ASCII ones, as a host parser
            // maps them (UTS #46): "ｐａｙｐａｌ.ｃｏｍ" opens paypal.com.
            let lower: String = host
                .chars()
                .map(|c| compat_ascii(c).unwrap_or(c).to_ascii_lowercase())
                .collect();
            let domain = registered_domain(&lower);
            !sites
                .iter()
                .any(|site| domain == registered_domain(&site.unicode) || lower == site.host)
        })?;
    Some(crate::bidi::without_bidi_controls(named).into_owned())
}

/// A sender's title as an alert shows it: as text, without bidirectional
/// controls, and at most 80 characters of it.
fn shown_title(title: &str) -> String {
    let shown = crate::bidi::without_bidi_controls(title);
    match shown.char_indices().nth(80) {
        Some((cut, _)) => [&shown[..cut], "…"].concat(),
        None => shown.into_owned(),
    }
}

/// What ends a word of a title: a space, or a bracket, quote or separator
/// around an address ("(see www.shop.example)").
fn breaks_word(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '(' | ')'
                | '['
                | ']'
                | '{'
                | '}'
                | '<'
                | '>'
                | '"'
                | '\''
                | '“'
                | '”'
                | '‘'
                | '’'
                | '«'
                | '»'
                | ','
                | ';'
                | '|'
        )
}

/// A character other than `.` that is drawn as a dot: TR39's confusables of
/// `.` (the Lisu tone mark `ꓸ`...) and the dots a browser reads as `.` in a
/// host (UTS #46: `。`, `．`, `｡`).
fn looks_like_dot(c: char) -> bool {
    matches!(
        c,
        '\u{3002}'
            | '\u{FF0E}'
            | '\u{FF61}'
            | '\u{2024}'
            | '\u{FE52}'
            | '\u{0660}'
            | '\u{06F0}'
            | '\u{0701}'
            | '\u{0702}'
            | '\u{A4F8}'
            | '\u{A60E}'
            | '\u{10A50}'
            | '\u{1D16D}'
    )
}

/// `title` as a person reads it: without the characters that draw nothing
/// (Unicode's `Default_Ignorable_Code_Point`: zero-width spaces and joiners,
/// the soft hyphen, bidirectional controls, variation selectors...), with the
/// dots that are not `.` but look like it (TR39's confusables of `.`, such as
/// the Lisu tone mark `ꓸ`), or that a browser reads as one in a host (UTS
/// #46), as `.`, and without the spaces narrower than a space next to a dot
/// ("paypal" U+200A ".com" draws as "paypal.com" with a hair's gap).
fn as_drawn(title: &str) -> Cow<'_, str> {
    let dot = looks_like_dot;
    // Six-per-em, punctuation, thin, hair, narrow no-break and medium
    // mathematical spaces: a gap a reader takes for kerning.
    let narrow = |c: char| {
        matches!(
            c,
            '\u{2006}' | '\u{2008}' | '\u{2009}' | '\u{200A}' | '\u{202F}' | '\u{205F}'
        )
    };
    // Unicode's Default_Ignorable_Code_Point (ICU4X's compiled data).
    let invisible = crate::bidi::is_invisible;
    // No ASCII character is any of the three (a test holds it): an ASCII
    // title is not looked up in the property's table.
    if !title.contains(|c: char| !c.is_ascii() && (dot(c) || invisible(c) || narrow(c))) {
        return Cow::Borrowed(title);
    }
    let chars: Vec<char> = title
        .chars()
        .filter(|&c| !invisible(c))
        .map(|c| if dot(c) { '.' } else { c })
        .collect();
    // Whether the first character after each run of narrow spaces is a dot,
    // found from the end: one pass each way, however long the run.
    let mut dot_after = vec![false; chars.len()];
    let mut next_is_dot = false;
    for (i, &c) in chars.iter().enumerate().rev() {
        dot_after[i] = next_is_dot;
        if !narrow(c) {
            next_is_dot = c == '.';
        }
    }
    let mut out = String::with_capacity(title.len());
    let mut last_is_dot = false;
    for (i, &c) in chars.iter().enumerate() {
        if narrow(c) {
            if last_is_dot || dot_after[i] {
                continue;
            }
        } else {
            last_is_dot = c == '.';
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// The ASCII letter or digit a full-width or mathematical one is (`ｃ`,
/// `𝖼`: U+FF01–U+FF5E, U+1D400–U+1D7FF), as UTS #46 maps it in a host.
fn compat_ascii(c: char) -> Option<char> {
    let n = u32::from(c);
    let ascii = match n {
        0xFF01..=0xFF5E => n - 0xFF01 + 0x21,
        // Thirteen alphabets of 52 letters, A-Z then a-z.
        0x1D400..=0x1D6A3 => {
            let i = (n - 0x1D400) % 52;
            if i < 26 {
                u32::from(b'A') + i
            } else {
                u32::from(b'a') + i - 26
            }
        }
        // Five sets of digits 0-9.
        0x1D7CE..=0x1D7FF => u32::from(b'0') + (n - 0x1D7CE) % 10,
        // The letterlike symbols that fill the gaps of those alphabets.
        0x210A => u32::from(b'g'),
        0x210E => u32::from(b'h'),
        0x212F => u32::from(b'e'),
        0x2134 => u32::from(b'o'),
        _ => return None,
    };
    char::from_u32(ascii)
}

/// A top-level domain as a reader sees it, when every letter of it looks
/// like an ASCII one: full-width and mathematical letters, letters of
/// other scripts that look Latin (TR39's confusables: Cyrillic `сом`),
/// combining marks left out (a `com` with a combining low line under an
/// underlined title draws as `com`). None when a letter looks like none.
fn tld_as_seen(tld: &str) -> Option<String> {
    let mut seen = String::with_capacity(tld.len());
    for c in tld.chars() {
        let n = u32::from(c);
        if matches!(n, 0x300..=0x36F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
        {
            continue;
        }
        let c = compat_ascii(c).unwrap_or(c);
        if c.is_ascii_alphabetic() {
            seen.push(c.to_ascii_lowercase());
            continue;
        }
        // Cyrillic and Greek capitals as their small letters (the prototypes
        // are lowercase): an offset, not Unicode's case tables.
        let small = match n {
            0x410..=0x42F | 0x391..=0x3A9 => char::from_u32(n + 0x20).unwrap_or(c),
            0x400..=0x40F => char::from_u32(n + 0x50).unwrap_or(c),
            _ => c,
        };
        match lookalike::prototype(small) {
            Some(p) if p.bytes().all(|b| b.is_ascii_lowercase()) => seen.push_str(p),
            _ => return None,
        }
    }
    Some(seen)
}

/// The site a host is registered as: its registered name and what follows
/// (`www.bbc.co.uk`: `bbc.co.uk`), or the host itself.
fn registered_domain(host: &str) -> &str {
    let host = host.trim_end_matches('.');
    match registered_name(host) {
        Some((_, 0)) | None => host,
        Some((_, at)) => host
            .match_indices('.')
            .nth(at - 1)
            .map_or(host, |(i, _)| &host[i + 1..]),
    }
}

/// The top-level domains people write in names that are no country's.
const GENERIC_TLDS: &[&str] = &[
    "com", "net", "org", "info", "biz", "edu", "gov", "mil", "int", "app", "dev", "xyz", "online",
    "site", "shop", "store", "blog", "cloud", "page", "tech", "news", "live", "link", "club",
    "top", "bank", "pay", "money", "email", "mobi", "name", "pro",
];

/// The host a word of a title names, when it reads as a web address. A
/// word written as a list's link (`uri-list:https://paypal.com/login`, the
/// text of a link whose address is another list) is read as the address
/// after its scheme: it names that site as plainly.
fn address_in_word(word: &str) -> Option<&str> {
    let word = word.trim_end_matches(['.', ':', '!', '?']);
    let word = Scheme::strip_prefix(word).map_or(word, |(_, n)| &word[n..]);
    // After `http:` or `https:`, or two slashes ("//paypal.com", an address
    // without its scheme), as many slashes as the browser takes.
    let (word, schemed) = match ["https:", "http:"].iter().find_map(|s| {
        word.get(..s.len())
            .filter(|p| p.eq_ignore_ascii_case(s))
            .map(|p| p.len())
    }) {
        Some(n) => (&word[n..], true),
        None => (word, false),
    };
    let rest = word.trim_start_matches(['/', '\\']);
    let marked = schemed || word.len() - rest.len() >= 2;
    let host = rest.split(['/', '?', '#', '\\']).next()?;
    let host = host.split(':').next()?.trim_end_matches('.');
    let last = host.rsplit('.').next()?;
    // A top-level domain drawn as a generic one by digits or letter pairs that
    // look like its letters ("PAYPAL.C0M", "paypal.corn": TR39's skeleton
    // folds), only where they make a generic one: "v2.10" names nothing.
    let drawn_generic = last.bytes().any(|b| b.is_ascii_alphabetic())
        && last
            .bytes()
            .any(|b| matches!(b, b'0' | b'1' | b'r' | b'R' | b'v' | b'V'))
        && tld_as_seen(&last.replace('0', "o").replace('1', "l")).is_some_and(|seen| {
            // Copied only when there is a pair to fold.
            let seen = if seen.contains("rn") || seen.contains("vv") {
                seen.replace("rn", "m").replace("vv", "w")
            } else {
                seen
            };
            GENERIC_TLDS.contains(&seen.as_str())
                && crate::reads_as_address(&[&host[..host.len() - last.len()], &seen].concat())
        });
    if !drawn_generic && !crate::reads_as_address(rest) {
        return None;
    }
    let marked = marked
        || drawn_generic
        || host
            .get(..4)
            .is_some_and(|w| w.eq_ignore_ascii_case("www."));
    let tld = tld_as_seen(last).unwrap_or_default();
    const FILE_EXTENSIONS: &[&str] = &[
        "js", "ts", "md", "rs", "sh", "py", "so", "pl", "pm", "rb", "cs", "mk", "gz", "xz",
    ];
    let named = marked
        || GENERIC_TLDS.contains(&tld.as_str())
        || (tld.len() == 2 && !FILE_EXTENSIONS.contains(&tld.as_str()));
    named.then_some(host)
}

/// Adds a note to each item whose host looks like the host of an earlier
/// item without being it, and to each whose host borrows the name of
/// another site of the list as a subdomain (the explainer's example:
/// `mybank.com` next to `mybank.evil.com`).
pub(crate) fn note_lookalike_pairs(checks: &mut [ItemCheck]) {
    let sites: Vec<(usize, &Site)> = checks
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.site.as_ref().map(|s| (i, s)))
        .collect();
    let notes = pair_notes(&sites);
    for (i, note) in notes {
        checks[i].notes.push(note);
    }
}

/// The notes [`note_lookalike_pairs`] adds, for the sites of a list given
/// as (position, site) in order: each with its position, in order, an
/// item's borrowed-name note before its lookalike one. Only the sites are
/// held, not every item's check: what a link of many items costs in memory.
pub(crate) fn pair_notes(sites: &[(usize, &Site)]) -> Vec<(usize, Note)> {
    let borrowed = borrowed_name_notes(sites);
    let mut lookalikes = Vec::new();
    let skeletons: Vec<String> = sites
        .iter()
        .map(|(_, s)| lookalike::skeleton(&s.unicode))
        .collect();
    let keys: Vec<&str> = skeletons.iter().map(String::as_str).collect();
    let first = first_of_each(&keys);
    drop(keys);
    drop(skeletons);
    for (k, &(i, b)) in sites.iter().enumerate() {
        let a = sites[first[k]].1;
        if a.host != b.host {
            lookalikes.push((
                i,
                Note {
                    alert: true,
                    message: Message::with(Code::noteLookalike, &[&b.shown(), &a.shown()]),
                },
            ));
        }
    }
    // Both in order of position: merged, an item's borrowed name first.
    let mut notes = Vec::with_capacity(borrowed.len() + lookalikes.len());
    let mut lookalikes = lookalikes.into_iter().peekable();
    for b in borrowed {
        while let Some(l) = lookalikes.next_if(|l| l.0 < b.0) {
            notes.push(l);
        }
        notes.push(b);
    }
    notes.extend(lookalikes);
    notes
}

/// The name a site is registered under: the label before its public
/// suffix. The suffix is approximated (no Public Suffix List, which would
/// outweigh the whole module): the last label, or the last two when they
/// read like `co.uk` or `com.au`.
pub(crate) fn registered_name(host: &str) -> Option<(&str, usize)> {
    if host.starts_with('[') || host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    // The labels read from the end, none collected: every host of a list is
    // asked several times (`borrowed_name_notes`).
    let host = host.trim_end_matches('.');
    let n = host.split('.').count();
    let mut from_end = host.rsplit('.');
    let (last, before) = (from_end.next().unwrap_or(""), from_end.next());
    let second_level = [
        "co", "com", "net", "org", "gov", "edu", "ac", "ne", "or", "go", "ltd", "plc", "gob",
        "nic", "mil",
    ];
    let suffix = if n >= 3 && last.len() == 2 && before.is_some_and(|l| second_level.contains(&l)) {
        2
    } else {
        1
    };
    if n <= suffix {
        return None;
    }
    let name = if suffix == 1 { before } else { from_end.next() };
    name.map(|name| (name, n - suffix - 1))
}

fn borrowed_name_notes(sites: &[(usize, &Site)]) -> Vec<(usize, Note)> {
    let mut notes = Vec::new();
    let hosts: Vec<&str> = sites.iter().map(|(_, s)| s.unicode.as_str()).collect();
    // The registered names of the list's sites, then every label in front
    // of a registered name: a label equal to some site's name borrows it.
    let mut keys: Vec<&str> = Vec::new();
    let mut owners: Vec<usize> = Vec::new();
    for (i, h) in hosts.iter().enumerate() {
        if let Some((name, _)) = registered_name(h) {
            if name.len() >= 3 {
                keys.push(name);
                owners.push(i);
            }
        }
    }
    let names = keys.len();
    let mut labels: Vec<usize> = Vec::new();
    for (i, h) in hosts.iter().enumerate() {
        if let Some((_, at)) = registered_name(h) {
            for label in h.split('.').take(at) {
                keys.push(label);
                labels.push(i);
            }
        }
    }
    let first = first_of_each(&keys);
    drop(keys);
    let mut borrowed_by: Vec<Option<&str>> = vec![None; hosts.len()];
    for (k, &i) in labels.iter().enumerate() {
        let f = first[names + k];
        if f >= names {
            continue;
        }
        let (host, other) = (hosts[i], hosts[owners[f]]);
        let own = registered_name(host).map(|(n, _)| n);
        if borrowed_by[i].is_none() && own != registered_name(other).map(|(n, _)| n) {
            borrowed_by[i] = Some(other);
        }
    }
    for (i, host) in hosts.iter().enumerate() {
        let (Some((_, at)), Some(other)) = (registered_name(host), borrowed_by[i]) else {
            continue;
        };
        // The registered site: what follows the first `at` labels.
        let cut = host
            .match_indices('.')
            .nth(at.saturating_sub(1))
            .map_or(0, |(i, _)| i + 1);
        let site = &host[cut..];
        notes.push((
            sites[i].0,
            Note {
                alert: true,
                message: Message::with(Code::noteBorrowedName, &[host, site, other]),
            },
        ));
    }
    notes
}

/// The notes on one openable item: how its host looks, user info, http.
fn notes_for(scheme: &str, site: &Site) -> Vec<Note> {
    let mut notes = Vec::new();
    if let Some(alert) = lookalike::check_host(&site.unicode) {
        let shown = site.shown();
        notes.push(Note {
            alert: true,
            message: Message {
                code: Code::noteHost,
                args: vec![shown.into(), alert.message().into()],
            },
        });
    }
    if let Some(user) = &site.userinfo {
        notes.push(Note {
            alert: true,
            message: Message::with(Code::noteUserinfo, &[user, &site.shown()]),
        });
    }
    if scheme == "http" && !is_loopback(&site.host) {
        notes.push(Note {
            alert: false,
            message: Message::with(Code::noteHttp, &[&site.unicode]),
        });
    }
    notes
}

/// Loopback hosts, which browsers treat as potentially trustworthy even
/// over `http:` (Secure Contexts §3.2).
fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host.ends_with(".localhost")
        || host == "[::1]"
        || (host.starts_with("127.") && host.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// Classifies one item and finds its site, the hosts the core cannot read
/// alone read by `urls` (see [`UrlParser`]).
///
/// ```
/// use uri_list::{check_item, Class, UrlCrate};
/// let c = check_item("https://Bücher.example/a", &UrlCrate);
/// assert_eq!(c.class, Class::Openable);
/// assert_eq!(c.site.unwrap().host, "xn--bcher-kva.example");
/// // UTS #46 maps an ideographic full stop to a dot, as the browser does.
/// assert_eq!(check_item("https://example\u{3002}com/", &UrlCrate).site.unwrap().host, "example.com");
/// assert_eq!(check_item("javascript:alert(1)", &UrlCrate).class, Class::Blocked);
/// assert_eq!(check_item("example.com", &UrlCrate).class, Class::Invalid);
/// ```
pub fn check_item(uri: &str, urls: &dyn UrlParser) -> ItemCheck {
    check_item_knowing(uri, None, urls)
}

/// [`check_item`], given what the platform's host parser said of the item's
/// host when that is known already (see [`HostRead`]).
pub(crate) fn check_item_knowing(
    uri: &str,
    known: Option<HostRead<'_>>,
    urls: &dyn UrlParser,
) -> ItemCheck {
    let uri = uri.trim_matches(|c: char| c <= ' ');
    // The URL parser removes every tab and newline before it reads a URL
    // (URL Standard, basic URL parser, step 3): the page opened is the one
    // without them.
    let uri: Cow<'_, str> = if uri.contains(['\t', '\n', '\r']) {
        Cow::Owned(
            uri.chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect(),
        )
    } else {
        Cow::Borrowed(uri)
    };
    let uri = uri.as_ref();
    let bytes = uri.as_bytes();
    let colon = bytes.iter().position(|&b| b == b':');
    let Some(colon) = colon.filter(|&c| c > 0 && is_scheme_name_bytes(&bytes[..c])) else {
        let reason = if !uri.is_empty() && uri.contains('.') && !uri.contains([' ', '/', ':']) {
            Message::with(Code::itemNoSchemeHint, &[&["https://", uri].concat()])
        } else if uri.starts_with("//") {
            Message::with(Code::itemNoSchemeHint, &[&["https:", uri].concat()])
        } else {
            Message::new(Code::itemNoScheme)
        };
        return ItemCheck::not_openable(Class::Invalid, None, reason);
    };
    let scheme = uri[..colon].to_ascii_lowercase();
    if Scheme::from_name(&scheme).is_some() {
        return ItemCheck {
            class: Class::List,
            scheme: Some(scheme),
            site: None,
            reason: None,
            notes: Vec::new(),
        };
    }
    if scheme != "http" && scheme != "https" {
        let reason = blocked_reason(&scheme);
        return ItemCheck::not_openable(Class::Blocked, Some(scheme), reason);
    }
    match parse_authority(&uri[colon + 1..], known, urls) {
        Ok(site) => ItemCheck {
            class: Class::Openable,
            notes: notes_for(&scheme, &site),
            scheme: Some(scheme),
            site: Some(site),
            reason: None,
        },
        Err(why) => ItemCheck::not_openable(Class::Invalid, Some(scheme), why),
    }
}

/// [`check_item`] of an item whose site is known already (an openable item,
/// checked before): the same result, without reading the host again.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
pub(crate) fn check_openable(uri: &str, site: Site) -> ItemCheck {
    let uri = uri.trim_matches(|c: char| c <= ' ');
    let scheme = uri
        .split_once(':')
        .map_or_else(String::new, |(s, _)| s.to_ascii_lowercase());
    ItemCheck {
        class: Class::Openable,
        notes: notes_for(&scheme, &site),
        scheme: Some(scheme),
        site: Some(site),
        reason: None,
    }
}

fn blocked_reason(scheme: &str) -> Message {
    let code = match scheme {
        "javascript" => Code::itemScript,
        "data" | "blob" => Code::itemOwnPage,
        "file" => Code::itemFile,
        "filesystem" => Code::itemSiteFiles,
        "about" | "chrome" | "chrome-untrusted" | "edge" | "brave" | "opera" | "vivaldi"
        | "devtools" | "view-source" | "resource" | "moz-icon" | "jar" => Code::itemPrivileged,
        "chrome-extension" | "moz-extension" | "extension" | "safari-web-extension" => {
            Code::itemExtension
        }
        _ => Code::itemNotWeb,
    };
    Message::with(code, &[scheme])
}

#[cfg(all(test, feature = "url"))]
mod tests {
    use super::*;
    use crate::message::Arg;
    use crate::UrlCrate;

    fn site(uri: &str) -> Site {
        check_item(uri, &UrlCrate)
            .site
            .unwrap_or_else(|| panic!("{uri} has no site"))
    }

    #[test]
    fn a_title_that_names_another_site_is_an_alert() {
        let note = |title: &str, uri: &str| title_note(Some(title), Some(&site(uri)));
        for (title, uri, named) in [
            ("paypal.com", "https://example.net/login", "paypal.com"),
            (
                "Log in to PayPal.com.",
                "https://paypa1.example/",
                "PayPal.com",
            ),
            (
                "https://www.bank.de/login",
                "https://bank.example/",
                "www.bank.de",
            ),
            (
                "(see www.shop.example)",
                "https://evil.example/",
                "www.shop.example",
            ),
            (
                "Docs: docs.python.org",
                "https://python.org.evil.example/",
                "docs.python.org",
            ),
            // Drawn as "paypal.com": a zero-width space, word joiner or soft
            // hyphen; dots that are not "." (U+3002 opens as one).
            ("paypal.com\u{200B}", "https://example.net/", "paypal.com"),
            ("pay\u{2060}pal.com", "https://example.net/", "paypal.com"),
            ("pay\u{00AD}pal.com", "https://example.net/", "paypal.com"),
            ("paypal\u{3002}com", "https://example.net/", "paypal.com"),
            ("paypal\u{2024}com", "https://example.net/", "paypal.com"),
            // Drawn as "paypal.com" too: a top-level domain of letters that look
            // ASCII (Cyrillic, mathematical, full-width, with a combining low
            // line), a dot TR39 confuses with "." (Lisu, Syriac), a hair or thin
            // space by the dot, an address without its scheme.
            (
                "paypal.\u{441}om",
                "https://example.net/",
                "paypal.\u{441}om",
            ),
            (
                "PAYPAL.\u{421}\u{41E}\u{41C}",
                "https://example.net/",
                "PAYPAL.\u{421}\u{41E}\u{41C}",
            ),
            (
                "paypal.\u{1D5BC}\u{1D5C8}\u{1D5C6}",
                "https://example.net/",
                "paypal.\u{1D5BC}\u{1D5C8}\u{1D5C6}",
            ),
            (
                "\u{FF50}\u{FF41}\u{FF59}\u{FF50}\u{FF41}\u{FF4C}\u{FF0E}\u{FF43}\u{FF4F}\u{FF4D}",
                "https://example.net/",
                "\u{FF50}\u{FF41}\u{FF59}\u{FF50}\u{FF41}\u{FF4C}.\u{FF43}\u{FF4F}\u{FF4D}",
            ),
            (
                "paypal.com\u{332}",
                "https://example.net/",
                "paypal.com\u{332}",
            ),
            ("paypal\u{A4F8}com", "https://example.net/", "paypal.com"),
            ("paypal\u{702}com", "https://example.net/", "paypal.com"),
            ("paypal\u{200A}.com", "https://example.net/", "paypal.com"),
            (
                "paypal.\u{2009}\u{2009}com",
                "https://example.net/",
                "paypal.com",
            ),
            ("//paypal.com", "https://example.net/", "paypal.com"),
            (
                "https:/paypal.com/signin",
                "https://example.net/",
                "paypal.com",
            ),
            // Digits and letter pairs that draw as a generic top-level domain.
            ("PAYPAL.C0M", "https://example.net/", "PAYPAL.C0M"),
            ("paypal.corn", "https://example.net/", "paypal.corn"),
            ("paypal.0rg", "https://example.net/", "paypal.0rg"),
        ] {
            let n = note(title, uri).unwrap_or_else(|| panic!("{title:?} over {uri}: no note"));
            assert!(n.alert);
            assert_eq!(n.message.code, Code::noteTitleNamesSite);
            assert_eq!(n.message.args[1], Arg::from(named.to_owned()), "{title:?}");
        }
        for (title, uri) in [
            ("paypal.com", "https://www.paypal.com/signin"),
            ("PayPal", "https://example.net/"),
            ("README.md", "https://github.com/a/b"),
            ("Node.js docs", "https://nodejs.org/"),
            ("index.html", "https://example.org/"),
            ("Mr. Smith's page, e.g. v1.2", "https://example.org/"),
            ("Google Maps: maps.google.com", "https://maps.google.com/"),
            ("bbc.co.uk news", "https://www.bbc.co.uk/news"),
            // Full-width letters name the site the browser opens for them.
            (
                "\u{FF50}\u{FF41}\u{FF59}\u{FF50}\u{FF41}\u{FF4C}\u{FF0E}\u{FF43}\u{FF4F}\u{FF4D}",
                "https://www.paypal.com/",
            ),
            // Words of other scripts that are no Latin-looking address, a
            // thin space that is not by a dot, a path.
            (
                "\u{41D}\u{43E}\u{432}\u{43E}\u{441}\u{442}\u{438} \u{442}.\u{435}.",
                "https://example.org/",
            ),
            (
                "\u{441}\u{430}\u{439}\u{442}.\u{440}\u{444}",
                "https://example.org/",
            ),
            ("10\u{202F}000 pages", "https://example.org/"),
            ("/docs/README.md", "https://example.org/"),
            ("Python 3.10, v2.1b and 1.0rc1", "https://example.org/"),
            ("Inbox - me@gmail.c0m", "https://mail.google.com/"),
            (
                "Inbox (3) - me@gmail.com - Gmail",
                "https://mail.google.com/",
            ),
        ] {
            assert_eq!(note(title, uri), None, "{title:?} over {uri}");
        }
        assert_eq!(title_note(None, Some(&site("https://a.example/"))), None);
        assert_eq!(title_note(Some("paypal.com"), None), None);
        // In a list: the note is the item's, with the others.
        let list =
            crate::parse("uri-list:https://example.net/;https://a.example/?page-titles=paypal.com")
                .unwrap()
                .list;
        let checks = check_list(&list, &UrlCrate);
        assert!(checks[0]
            .notes
            .iter()
            .any(|n| n.message.code == Code::noteTitleNamesSite));
        assert!(checks[1].notes.is_empty());
    }

    #[test]
    fn only_a_dot_or_a_dot_look_alike_is_read_as_a_dot() {
        // What `site_named_elsewhere` takes for granted when it lets a title with neither go
        // unread: no other character comes out of `as_drawn` as ".", whatever it maps.
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            // With a zero-width space, so that the title is read through (not let go as it is).
            let written = alloc::format!("a{c}b\u{200B}");
            if as_drawn(&written).contains('.') {
                assert!(c == '.' || looks_like_dot(c), "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn no_ascii_character_is_drawn_otherwise() {
        // What `as_drawn` and `site_named_elsewhere` take for granted when they
        // let an ASCII title, or one without a dot, go unread.
        for c in (0..=0x7Fu8).map(char::from) {
            assert!(!crate::bidi::is_invisible(c), "{c:?}");
            assert!(!looks_like_dot(c), "{c:?}");
        }
    }

    #[test]
    fn hosts_are_read_like_a_browser_reads_them() {
        assert_eq!(site("https://EXAMPLE.com:8080/x").host, "example.com");
        assert_eq!(site("https://EXAMPLE.com:8080/x").port, Some(8080));
        assert_eq!(site("http:\\\\example.com\\a").host, "example.com");
        assert_eq!(site("http:example.com").host, "example.com");
        assert_eq!(site("http://127.1/").host, "127.0.0.1");
        assert_eq!(site("http://0x7f.0.0.1/").host, "127.0.0.1");
        assert_eq!(site("http://2130706433/").host, "127.0.0.1");
        assert_eq!(site("http://[::1]:80/").host, "[::1]");
        assert_eq!(site("https://xn--bcher-kva.de/").unicode, "bücher.de");
        assert_eq!(site("https://b%C3%BCcher.de/").host, "xn--bcher-kva.de");
        assert_eq!(
            site("https://bank.com@evil.example/").userinfo.as_deref(),
            Some("bank.com")
        );
        assert_eq!(site("https://bank.com@evil.example/").host, "evil.example");
        // A "\" ends the site for a browser, not for a person: what reads as user info is kept.
        let spoof = site("https://evil.example\\@bank.com/");
        assert_eq!(spoof.host, "evil.example");
        assert_eq!(spoof.userinfo.as_deref(), Some("evil.example\\"));
        assert_eq!(site("https://example.com\\a/b@c").userinfo, None);
        assert_eq!(site("https://example.com\\a").userinfo, None);
    }

    #[test]
    fn bad_hosts_are_invalid_with_a_reason() {
        for (uri, reason) in [
            ("https://", "no host"),
            ("https://a b/", "U+0020"),
            ("https://a.com:99999/", "out of range"),
            ("https://a.com:x/", "not a number"),
            ("https://256.256.256.256/", "IPv4"),
            ("https://xn--.ru/", "punycode"),
            ("https://xn--a-!.ru/", "punycode"),
            ("https://[::1/", "closing"),
            ("https://[::%31]/", "not an IPv6 address"),
            ("https://0..1/", "not a valid IPv4 address"),
            ("https://1.2.3.4.5/", "not a valid IPv4 address"),
            // UTS #46 maps U+3000 to a space, U+FF0F to "/": forbidden.
            ("https://a\u{3000}b.example/", "UTS #46"),
            ("https://a\u{ff0f}b.example/", "UTS #46"),
            // Disallowed by UTS #46; a joiner out of place (CheckJoiners).
            ("https://a\u{fffd}b.example/", "UTS #46"),
            ("https://a\u{200d}b.example/", "UTS #46"),
        ] {
            let c = check_item(uri, &UrlCrate);
            assert_eq!(c.class, Class::Invalid, "{uri}");
            let r = c.reason.unwrap().to_string();
            assert!(r.contains(reason), "{uri}: {r}");
        }
    }

    #[test]
    fn schemes_are_classified() {
        for (uri, class) in [
            ("https://a.example", Class::Openable),
            ("HTTP://a.example", Class::Openable),
            ("javascript:alert(1)", Class::Blocked),
            ("JavaScript:alert(1)", Class::Blocked),
            ("data:text/html,hi", Class::Blocked),
            ("file:///etc/passwd", Class::Blocked),
            ("blob:https://a.example/x", Class::Blocked),
            ("about:config", Class::Blocked),
            ("chrome://settings", Class::Blocked),
            ("moz-extension://x/y", Class::Blocked),
            ("mailto:a@b.example", Class::Blocked),
            ("uri-list:https://a.example", Class::List),
            ("MULTI:https://a.example", Class::List),
            ("example.com", Class::Invalid),
            ("", Class::Invalid),
            ("1http://a", Class::Invalid),
        ] {
            assert_eq!(check_item(uri, &UrlCrate).class, class, "{uri}");
        }
        assert!(check_item("example.com", &UrlCrate)
            .reason
            .unwrap()
            .to_string()
            .contains("did you mean https://example.com?"));
    }
}
