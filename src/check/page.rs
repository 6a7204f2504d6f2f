//! The address the browser loads for an openable item: what decides that two
//! items of a list are the same page (`plan()` leaves out the second).
//!
//! Two items are the same page when the URL Standard's parser serialises
//! them to the same string (`new URL(item).href`): the scheme and host in
//! lowercase, the host as the host parser reads it (IDNA, IPv4 in any form),
//! a default port dropped, an empty path written `/`, `.` and `..` segments
//! resolved, `\` read as `/`, the characters the standard escapes escaped.
//! `HTTPS://Example.COM:443/a/./b` and `https://example.com/a/b` are one
//! page; `https://example.com/a` and `https://example.com/a/` are two (the
//! server may answer them differently), and so are two percent-encodings of
//! one character (`%7E`, `~`), which the standard keeps as they are written.
//!
//! The fragment counts: `https://example.com/docs#install` and
//! `https://example.com/docs#usage` are two pages. A browser fetches the
//! same document for both, but the person sees another part of it, and in
//! an application that routes by fragment (`https://mail.example/#inbox`,
//! `#sent`) another page altogether. Leaving out a page the author meant is
//! worse than one tab too many.
//!
//! Most items need no parser: an address that is already written as the
//! standard writes it (lowercase `http://` or `https://`, the host as the
//! host parser gives it, then a path, query and fragment of characters the
//! parser leaves alone, no dot segment) is its own serialisation, found
//! here without a call into the engine (in the wasm, one per item). When
//! only the host is not written as the parser gives it (`bücher.de`,
//! `Example.COM`, `127.1`), the platform's host parser reads the host alone
//! (src/platform.rs) and the address is the item with that host: the very
//! answer the item's check needs, so `plan()` passes it on and the engine is
//! asked once per item, not twice. The rest goes through the platform's URL
//! parser; a property test (tests/plan.rs) checks that every way gives the
//! `url` crate's answer.

use crate::prelude::*;

use super::HostRead;
use crate::platform::UrlParser;
use alloc::borrow::Cow;

/// The address the browser loads for `item`, an `http(s)` URL: the URL
/// Standard's serialisation of it. `None` for any other item, or when the
/// parser refuses it (the browser would open no such URL).
pub fn page_address<'a>(item: &'a str, urls: &dyn UrlParser) -> Option<Cow<'a, str>> {
    page_address_reading_host(item, urls).0
}

/// What the platform's host parser said of a host: the host as written, and
/// its reading (`None`: refused).
pub(crate) type HostReading<'a> = (&'a str, Option<String>);

/// [`page_address`], and what the platform's host parser said of the item's
/// host when it was asked on the way, for the item's check (see
/// [`HostRead`]).
pub(crate) fn page_address_reading_host<'a>(
    item: &'a str,
    urls: &dyn UrlParser,
) -> (Option<Cow<'a, str>>, Option<HostReading<'a>>) {
    let start = item.trim_start_matches(|c: char| c <= ' ').as_bytes();
    let scheme_is = |s: &str| {
        start
            .get(..s.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(s.as_bytes()))
    };
    if !scheme_is("https:") && !scheme_is("http:") {
        return (None, None);
    }
    let Some(w) = written_as_serialised(item) else {
        return (urls.href(item).map(Cow::Owned), None);
    };
    let slash = if w.empty_path { "/" } else { "" };
    let (host, path) = (w.host, w.authority_end);
    if w.host_as_parsed && slash.is_empty() {
        return (Some(Cow::Borrowed(item)), None);
    }
    if w.host_as_parsed {
        let address = [&item[..path], slash, &item[path..]].concat();
        return (Some(Cow::Owned(address)), None);
    }
    let written = &item[host.clone()];
    let ascii = urls.host(written);
    let address = ascii.as_deref().map(|ascii| {
        let parts = [
            &item[..host.start],
            ascii,
            &item[host.end..path],
            slash,
            &item[path..],
        ];
        Cow::Owned(parts.concat())
    });
    (address, Some((written, ascii)))
}

impl<'a> HostRead<'a> {
    /// A reading that [`page_address_reading_host`] gave back.
    pub(crate) fn of(reading: &'a HostReading<'a>) -> Self {
        HostRead {
            written: reading.0,
            ascii: reading.1.as_deref(),
        }
    }
}

/// An item written as the URL Standard serialises it, but perhaps for its
/// host and for the `/` of an empty path.
struct Written {
    /// Where its host is, in bytes.
    host: core::ops::Range<usize>,
    /// Whether the host is written as the host parser gives it back; if
    /// not, the parser's reading of the host alone, put in its place, makes
    /// the address.
    host_as_parsed: bool,
    /// Where its authority ends, in bytes.
    authority_end: usize,
    /// Whether its path is empty (serialised as `/`).
    empty_path: bool,
}

/// Whether `item` is written as the URL Standard serialises it (but for
/// its host and the `/` of an empty path), judged conservatively: `None`
/// means "ask the URL parser", never "not a URL".
fn written_as_serialised(item: &str) -> Option<Written> {
    let (rest, default_port) = if let Some(rest) = item.strip_prefix("https://") {
        (rest, "443")
    } else {
        (item.strip_prefix("http://")?, "80")
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, port) = rest[..end].split_at(rest[..end].find(':').unwrap_or(end));
    // A host the host parser gives back as it is: lowercase ASCII labels of
    // letters, digits and `-`, none empty or punycode (`xn--`), the last
    // starting with a letter (so not an IPv4 address in any form).
    let as_parsed = host.split('.').all(|label| {
        !label.is_empty()
            && !label.starts_with("xn--")
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    }) && host
        .rsplit('.')
        .next()
        .is_some_and(|last| last.starts_with(|c: char| c.is_ascii_lowercase()));
    // Else a host that the host parser reads alone as it reads it in the
    // URL: one with nothing that ends a host or stands around it (`@`, `\`,
    // `[`, a space or control, which the URL parser splits the authority at
    // or drops), but for the percent sign (decoded by the host parser alike).
    let alone = |c: char| c == '%' || !crate::syntax::percent::is_forbidden_domain_char(c);
    if !as_parsed && (host.is_empty() || !host.chars().all(alone)) {
        return None;
    }
    if let Some(digits) = port.strip_prefix(':') {
        // Written as the serialiser writes a port: decimal, no leading zero,
        // in range, not the scheme's default (which it leaves out).
        let ok = !digits.starts_with('0')
            && digits != default_port
            && (1..=5).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && digits
                .bytes()
                .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'))
                <= 65535;
        if !ok {
            return None;
        }
    }
    let authority_end = item.len() - rest.len() + end;
    let tail = &rest[end..];
    let (path, after_path) = tail.split_at(tail.find(['?', '#']).unwrap_or(tail.len()));
    let (query, fragment) = after_path.split_at(after_path.find('#').unwrap_or(after_path.len()));
    let path_ok = path.bytes().all(|b| kept(b) || b == b'\'')
        && !path.split('/').any(|s| s == "." || s == "..")
        && !contains_ignore_case(path, "%2e");
    let query_ok = query.bytes().skip(1).all(|b| kept(b) || b == b'?');
    let fragment_ok = fragment
        .bytes()
        .skip(1)
        .all(|b| kept(b) || matches!(b, b'?' | b'#' | b'\''));
    if !(path_ok && query_ok && fragment_ok) {
        return None;
    }
    let at = item.len() - rest.len();
    Some(Written {
        host: at..at + host.len(),
        host_as_parsed: as_parsed,
        authority_end,
        empty_path: path.is_empty(),
    })
}

/// Characters the URL parser keeps as they are in the path, query and
/// fragment of an `http(s)` URL (none is in a percent-encode set, none is a
/// delimiter there): letters, digits, and `-._~!$&()*+,;=:@/%`.
fn kept(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'-' | b'.'
                | b'_'
                | b'~'
                | b'!'
                | b'$'
                | b'&'
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'@'
                | b'/'
                | b'%'
        )
}

fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}
