//! Checks shared by the fuzz targets.

#![allow(dead_code)] // each target uses a part

use uri_list::{encode_non_uri_chars, Scheme, UriList, Violation, Warning, MAX_DEPTH};

/// What every list a parse returns satisfies, at every depth: it has an
/// item, no item is empty, nesting stays within `MAX_DEPTH`, and a nested
/// list sits only under an item that starts with a uri-list scheme (such an
/// item may also stay a plain one, with a note, when it cannot be read: in
/// both modes, since draft §3 lets a list hold invalid URIs).
pub fn check_list(list: &UriList, depth: usize) {
    assert!(depth <= MAX_DEPTH, "nested {depth} deep, limit {MAX_DEPTH}");
    assert!(!list.is_empty(), "a parsed list without items");
    for item in list.items() {
        let uri = item.as_str();
        assert!(!uri.is_empty(), "an empty item in {list:?}");
        if let Some(nested) = item.list() {
            assert!(
                Scheme::strip_prefix(uri).is_some(),
                "a nested list under {uri:?}"
            );
            check_list(nested, depth + 1);
        }
    }
}

/// The items a parse of `list.to_link()` gives back: each original with the
/// characters that may not stand in a link percent-encoded.
pub fn expected_items(list: &UriList) -> Vec<String> {
    list.items()
        .iter()
        .map(|i| encode_non_uri_chars(i.as_str()).into_owned())
        .collect()
}

pub fn items(list: &UriList) -> Vec<&str> {
    list.items().iter().map(|i| i.as_str()).collect()
}

/// The fragment a parse of `to_link()` gives back: RFC 3986 query
/// characters and valid escapes as they were, every other byte (a stray `%`
/// and a second `#` included) percent-encoded.
pub fn expected_fragment(f: &str) -> String {
    let bytes = f.as_bytes();
    let mut out = String::new();
    for (i, &b) in bytes.iter().enumerate() {
        let query_char = b.is_ascii_alphanumeric() || b"-._~:/[]@!$&'()*+,=;?".contains(&b);
        let escape = b == b'%'
            && matches!(bytes.get(i + 1..i + 3), Some([x, y]) if x.is_ascii_hexdigit() && y.is_ascii_hexdigit());
        if query_char || escape {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether an item, as it is written in the link (its escapes not yet
/// decoded), is read in lenient mode as `https://` followed by it: the
/// crate docs' deviation from the draft, modelled here from its words, not
/// from the parser. A web address as an address bar reads one: a host name
/// of two or more labels ending in a name of letters, an optional port,
/// then nothing or a path, query or fragment (`/`, `?`, `#`, or `\`, which an
/// address bar reads as `/`). Never an item that is a nested list (it
/// starts with a uri-list scheme), an IP address (its last label is
/// digits), a single label (`localhost`), user info (`a@b.example`) or a
/// host with a percent-escape (`%` is no label character).
///
/// Where the words leave it open, the target takes: a label in the sense of
/// RFC 1123 §2.1 (letters, digits and hyphens, no hyphen first or last),
/// with every non-ASCII character counted as a letter (an IDN label, the host
/// parser judges it later); one final `.` allowed (`example.com.`, the DNS
/// root); the last label of two or more letters (no top-level domain has
/// one); a port of one to five digits.
pub fn reads_as_address(written: &str) -> bool {
    if Scheme::strip_prefix(written).is_some() {
        return false;
    }
    let authority = written
        .split(['/', '?', '#', '\\'])
        .next()
        .unwrap_or_default();
    let (host, port) = match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    if let Some(port) = port {
        if !(1..=5).contains(&port.len()) || !port.chars().all(|c| c.is_ascii_digit()) {
            return false;
        }
    }
    let host = host.strip_suffix('.').unwrap_or(host);
    let labels: Vec<&str> = host.split('.').collect();
    let letter = |c: char| c.is_ascii_alphabetic() || !c.is_ascii();
    let label = |l: &str| {
        !l.is_empty()
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars()
                .all(|c| letter(c) || c.is_ascii_digit() || c == '-')
    };
    let last = labels[labels.len() - 1];
    labels.len() >= 2
        && labels.iter().all(|l| label(l))
        && last.chars().count() >= 2
        && last.chars().all(letter)
}

/// The `;`-separated parts of the hier-part of `link` (a link that
/// `to_link` wrote or a strict parse accepted: no white space around it,
/// and its hier-part ends at the first `?` or `#`), each with its byte
/// offset in `link`.
pub fn written_items(link: &str) -> Vec<(usize, &str)> {
    let (_, start) = Scheme::strip_prefix(link).expect("a uri-list link");
    let hier = link[start..].split(['?', '#']).next().unwrap_or_default();
    let mut at = start;
    hier.split(';')
        .map(|part| {
            let item = (at, part);
            at += part.len() + 1;
            item
        })
        .collect()
}

/// A [`Warning`] in a form the targets can build to compare: a note with
/// its offset, or a warning inside the nested list of the item at an
/// offset.
#[derive(Debug, Clone, PartialEq)]
pub enum W {
    Note(usize, Violation),
    In(usize, usize, Box<W>),
}

impl W {
    pub fn of(w: &Warning) -> W {
        match w.violation() {
            Violation::InNested { item, inner } => W::In(w.offset(), *item, Box::new(W::of(inner))),
            v => W::Note(w.offset(), v.clone()),
        }
    }
}
