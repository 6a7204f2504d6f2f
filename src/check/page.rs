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
//! here without a call into the engine (in the wasm, one per item). The
//! rest goes through the platform's parser (src/platform.rs); a property
//! test (tests/plan.rs) checks that both give the `url` crate's answer.

use alloc::borrow::Cow;

/// The address the browser loads for `item`, an `http(s)` URL: the URL
/// Standard's serialisation of it. `None` for any other item, or when the
/// parser refuses it (the browser would open no such URL).
pub fn page_address(item: &str) -> Option<Cow<'_, str>> {
    let scheme = item.trim_start_matches(|c: char| c <= ' ').get(..6)?;
    if !scheme.eq_ignore_ascii_case("https:") && !scheme[..5].eq_ignore_ascii_case("http:") {
        return None;
    }
    match written_as_serialised(item) {
        Some(Slash::No) => Some(Cow::Borrowed(item)),
        Some(Slash::After(at)) => Some(Cow::Owned([&item[..at], "/", &item[at..]].concat())),
        None => crate::platform::url_href(item).map(Cow::Owned),
    }
}

/// An item that is its own serialisation: as it is, or with the `/` of an
/// empty path added after its authority (at the byte offset given).
enum Slash {
    No,
    After(usize),
}

/// Whether `item` is written as the URL Standard serialises it (but for
/// the `/` of an empty path), judged conservatively: `None` means "ask the
/// parser", never "not a URL".
fn written_as_serialised(item: &str) -> Option<Slash> {
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
    let plain = host.split('.').all(|label| {
        !label.is_empty()
            && !label.starts_with("xn--")
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    });
    if !plain
        || !host
            .rsplit('.')
            .next()?
            .starts_with(|c: char| c.is_ascii_lowercase())
    {
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
    Some(if path.is_empty() {
        Slash::After(authority_end)
    } else {
        Slash::No
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
