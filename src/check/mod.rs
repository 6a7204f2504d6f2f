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
pub(crate) mod strset;

use crate::message::{Code, Message};
use crate::syntax::list::{Scheme, UriList};
use crate::syntax::parse::is_scheme_name_bytes;
use alloc::borrow::Cow;
use host::parse_authority;
pub(crate) use host::HostRead;
use strset::first_of_each;

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
pub struct Note {
    /// Whether it is serious enough to show the list before opening it
    /// (a lookalike host, user info in the URL), rather than a mild note
    /// (a page without encryption).
    pub alert: bool,
    /// What it is, in a sentence for a person.
    pub message: Message,
}

/// `{"alert", "code", "args", "message"}`.
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
pub fn check_list(list: &UriList) -> Vec<ItemCheck> {
    let mut checks: Vec<ItemCheck> = list
        .items()
        .iter()
        .map(|i| check_item(i.as_str()))
        .collect();
    note_lookalike_pairs(&mut checks);
    checks
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
    let labels: Vec<&str> = host.trim_end_matches('.').split('.').collect();
    let n = labels.len();
    let second_level = [
        "co", "com", "net", "org", "gov", "edu", "ac", "ne", "or", "go", "ltd", "plc", "gob",
        "nic", "mil",
    ];
    let suffix = if n >= 3 && labels[n - 1].len() == 2 && second_level.contains(&labels[n - 2]) {
        2
    } else {
        1
    };
    (n > suffix).then(|| (labels[n - suffix - 1], n - suffix - 1))
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

/// Classifies one item and finds its site.
///
/// ```
/// use uri_list::{check_item, Class};
/// let c = check_item("https://Bücher.example/a");
/// assert_eq!(c.class, Class::Openable);
/// assert_eq!(c.site.unwrap().host, "xn--bcher-kva.example");
/// // UTS #46 maps an ideographic full stop to a dot, as the browser does.
/// assert_eq!(check_item("https://example\u{3002}com/").site.unwrap().host, "example.com");
/// assert_eq!(check_item("javascript:alert(1)").class, Class::Blocked);
/// assert_eq!(check_item("example.com").class, Class::Invalid);
/// ```
pub fn check_item(uri: &str) -> ItemCheck {
    check_item_knowing(uri, None)
}

/// [`check_item`], given what the platform's host parser said of the item's
/// host when that is known already (see [`HostRead`]).
pub(crate) fn check_item_knowing(uri: &str, known: Option<HostRead<'_>>) -> ItemCheck {
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
    match parse_authority(&uri[colon + 1..], known) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn site(uri: &str) -> Site {
        check_item(uri)
            .site
            .unwrap_or_else(|| panic!("{uri} has no site"))
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
            let c = check_item(uri);
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
            assert_eq!(check_item(uri).class, class, "{uri}");
        }
        assert!(check_item("example.com")
            .reason
            .unwrap()
            .to_string()
            .contains("did you mean https://example.com?"));
    }
}
