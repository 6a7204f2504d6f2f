//! Percent-encoding of items and options.
//!
//! Items follow the draft's `uri-char` set (§3); the decoding of items is the
//! draft's §5 step, extended by the escape rule described in the crate docs
//! ("Items that contain `%3B`, `%3F` or `%23`").

use crate::prelude::*;

use alloc::borrow::Cow;

/// The URL Standard's forbidden domain code points: what no host may hold
/// once its escapes are decoded (`%40` is an `@`), and so also a `%` that no
/// escape explains. The host parser refuses a host that holds one: the
/// address is no URL, and a browser opens nothing.
pub(crate) fn is_forbidden_domain_char(c: char) -> bool {
    c <= ' '
        || c == '\u{7f}'
        || matches!(
            c,
            '#' | '/' | ':' | '<' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '|' | '%'
        )
}

/// `uri-char` without `pct-encoded` (draft §3):
/// `unreserved / gen-delims-limited / sub-delims-limited`.
///
/// `gen-delims-limited` is RFC 3986's gen-delims without `?` and `#`;
/// `sub-delims-limited` is its sub-delims without `;`.
pub(crate) const fn is_uri_char(b: u8) -> bool {
    URI_CHARS[b as usize]
}

/// [`is_uri_char`] for every byte, computed at compile time: one load at
/// run time instead of a chain of comparisons (or a `u128` shift, which is a
/// call on 32-bit wasm).
static URI_CHARS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = matches!(c,
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~'
            | b':' | b'/' | b'[' | b']' | b'@'
            | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b'=');
        b += 1;
    }
    table
};

/// `0x0101…01`: times a byte, that byte in each of the eight lanes.
const ONES: u64 = u64::from_le_bytes([1; 8]);
/// The high bit of each lane.
const HIGHS: u64 = ONES << 7;

/// Whether one of the eight bytes of `word` is `b` (SWAR: a zero lane of
/// `word ^ b…b`). Exact.
pub(crate) const fn has_byte(word: u64, b: u8) -> bool {
    let x = word ^ (ONES * b as u64);
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

/// Whether one of the eight bytes of `word` is below `n`, for `n <= 128`.
/// Exact.
pub(crate) const fn has_byte_below(word: u64, n: u8) -> bool {
    word.wrapping_sub(ONES * n as u64) & !word & HIGHS != 0
}

/// The position of the first byte of `bytes` for which `is_match` holds.
/// `may_match` looks at eight bytes at a time (little-endian) and must be
/// true of every eight that hold a match; the bytes of a word it passes are
/// looked at one by one.
///
/// The link is scanned this way for tabs and newlines, for its query, and
/// items for `%` and `;`: `set.contains(b)` per byte, a `memchr` call each,
/// made most of the parse time in wasm, and a per-byte test a third of it.
#[inline(always)]
pub(crate) fn find_byte(
    bytes: &[u8],
    may_match: impl Fn(u64) -> bool,
    is_match: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut start = 0;
    loop {
        for word in bytes[start..].chunks_exact(8) {
            if may_match(u64::from_le_bytes(word.try_into().unwrap_or_default())) {
                break;
            }
            start += 8;
        }
        let end = bytes.len().min(start + 8);
        if let Some(p) = bytes[start..end].iter().position(|&b| is_match(b)) {
            return Some(start + p);
        }
        if end == bytes.len() {
            return None;
        }
        start = end;
    }
}

/// The position of the first `%` in `bytes`.
pub(crate) fn find_percent(bytes: &[u8]) -> Option<usize> {
    find_byte(bytes, |w| has_byte(w, b'%'), |b| b == b'%')
}

/// Whether `item` is made only of `uri-char`s and valid escapes (the
/// common case, checked byte by byte without decoding characters): `None`
/// when it is not, else whether it holds an escape (a `%`), which
/// [`decode_item`] may have to decode.
pub(crate) fn plain_uri_data(item: &[u8]) -> Option<bool> {
    let mut i = 0;
    let mut escapes = false;
    while i < item.len() {
        let b = item[i];
        if is_uri_char(b) {
            i += 1;
        } else if b == b'%' && is_pct_encoded(item, i) {
            escapes = true;
            i += 3;
        } else {
            return None;
        }
    }
    Some(escapes)
}

/// Reads one item of a hier-part: returns the length of `bytes` up to the
/// first `;` (or all of it), and for that part what [`plain_uri_data`]
/// returns. One pass over the item, which most take.
pub(crate) fn scan_item(bytes: &[u8]) -> (usize, Option<bool>) {
    let mut i = 0;
    let mut escapes = false;
    loop {
        // A run of URI characters, then whatever ends it.
        i = uri_char_run(bytes, i);
        match bytes.get(i) {
            None | Some(b';') => return (i, Some(escapes)),
            Some(b'%') if is_pct_encoded(bytes, i) => {
                escapes = true;
                i += 3;
            }
            Some(_) => {
                let semicolon = find_byte(&bytes[i..], |w| has_byte(w, b';'), |b| b == b';');
                return (semicolon.map_or(bytes.len(), |p| i + p), None);
            }
        }
    }
}

/// Where the run of URI characters that starts at `bytes[i]` ends. Four at
/// a time, one test for the four: half the work of a byte-by-byte loop.
/// Indices rather than a subslice: slicing is a call of its own in the
/// size-optimised wasm, and this runs once per item and escape.
fn uri_char_run(bytes: &[u8], mut i: usize) -> usize {
    while i + 4 <= bytes.len() {
        if !(is_uri_char(bytes[i])
            & is_uri_char(bytes[i + 1])
            & is_uri_char(bytes[i + 2])
            & is_uri_char(bytes[i + 3]))
        {
            break;
        }
        i += 4;
    }
    while i < bytes.len() && is_uri_char(bytes[i]) {
        i += 1;
    }
    i
}

/// RFC 3986 §3.4 `query` (and §3.5 `fragment`) without `pct-encoded`:
/// `pchar / "/" / "?"`, where `pchar = unreserved / sub-delims / ":" / "@"`.
pub(crate) const fn is_query_char(b: u8) -> bool {
    is_uri_char(b) || matches!(b, b';' | b'?')
}

/// The characters an option key or value may carry unencoded in the query:
/// ASCII letters, digits and `-`. Everything else is percent-encoded
/// (decoding gives back the same text), so that
/// - `&`, `=`, `#`, `+`, `%`, `;` and spaces survive any query parser,
///   including `application/x-www-form-urlencoded` ones that read `+` as a
///   space, and
/// - no linkifier of a chat, mail or forge app ends the link early: they trim
///   a trailing `.`, `!`, `?`, `,`, `:` or an unbalanced `)` from what they
///   find, GitHub's autolink literals and twitter-text a trailing `_` or `~`
///   too, and anchorme stops at `,,` (linkify-it, linkifyjs, Autolinker,
///   twitter-text, anchorme, GitHub's autolink literals; tested by
///   `tests/linkifiers.mjs`), which a title such as `Reading list (May).`
///   would otherwise lose.
///
/// A reader takes any `query` character unencoded; this only narrows what the
/// encoder writes.
const fn is_option_char(b: u8) -> bool {
    matches!(b, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-')
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn push_pct(out: &mut String, b: u8) {
    out.push('%');
    out.push(HEX[usize::from(b >> 4)] as char);
    out.push(HEX[usize::from(b & 15)] as char);
}

/// `c` percent-encoded, each of its UTF-8 bytes (`%E2%80%AE` for U+202E).
pub(crate) fn push_pct_char(out: &mut String, c: char) {
    let mut buf = [0; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_pct(out, b);
    }
}

fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Whether `bytes[i]` (a `%`) starts a valid `pct-encoded` triplet.
pub(crate) fn is_pct_encoded(bytes: &[u8], i: usize) -> bool {
    matches!(bytes.get(i + 1..i + 3), Some([a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
}

/// What follows a `%` and its run of `25` pairs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tail {
    /// `3B`, `3F` or `23` in any case: an escaped delimiter.
    Delimiter(u8),
    /// Two other hex digits: an ordinary escape, never touched.
    Hex,
    /// Anything else: the `%` does not start a valid escape.
    Stray,
}

/// Looks at the `%` at `bytes[i]`: returns the number `k` of `25` pairs that
/// follow it and what comes after them.
fn escape_at(bytes: &[u8], i: usize) -> (usize, Tail) {
    let mut j = i + 1;
    let mut k = 0;
    while let Some([b'2', b'5']) = bytes.get(j..j + 2) {
        j += 2;
        k += 1;
    }
    let tail = match bytes.get(j..j + 2) {
        Some([b'3', b'B' | b'b']) => Tail::Delimiter(b';'),
        Some([b'3', b'F' | b'f']) => Tail::Delimiter(b'?'),
        Some([b'2', b'3']) => Tail::Delimiter(b'#'),
        Some([a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() => Tail::Hex,
        _ => Tail::Stray,
    };
    (k, tail)
}

/// Encodes one item into `out` so that [`decode_item`] gives it back exactly.
///
/// - `;`, `?`, `#` become `%3B`, `%3F`, `%23` (draft §3);
/// - every other character outside `uri-char` becomes `%XX` per UTF-8 byte,
///   uppercase (RFC 3986 §2.1, RFC 2718 §2.2.5);
/// - a `%` is written as it is, except under the escape rule of the crate
///   docs: a `%25…` run before `3B`/`3F`/`23` gains one `25`, and a `%` that
///   does not start a valid escape is written `%2525` (a `%25…` run of two or
///   more before such a tail also gains one `25`).
pub(crate) fn encode_item(item: &str, out: &mut String) {
    let bytes = item.as_bytes();
    let mut i = 0;
    let mut plain = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if is_uri_char(b) {
            i += 1;
            continue;
        }
        // `plain..i` holds only URI characters (ASCII), so both ends are
        // character boundaries whenever it is not empty.
        if plain < i {
            out.push_str(&item[plain..i]);
        }
        if b == b'%' {
            let (k, tail) = escape_at(bytes, i);
            let extra = match (k, tail) {
                (_, Tail::Delimiter(_)) => 1,
                (_, Tail::Hex) => 0,
                (0, Tail::Stray) => 2,
                (1, Tail::Stray) => 0,
                (_, Tail::Stray) => 1,
            };
            out.push('%');
            for _ in 0..extra {
                out.push_str("25");
            }
            i += 1;
        } else {
            push_pct(out, b);
            i += 1;
        }
        plain = i;
    }
    if plain < bytes.len() {
        out.push_str(&item[plain..]);
    }
}

/// Decodes one item per draft §5 ("percent-decode any instances of `;`, `?`
/// and `#`") and the escape rule of the crate docs. Nothing else is decoded.
/// Borrowed when that changes nothing (no escape, or only ordinary ones such
/// as `%C3%9F`).
pub(crate) fn decode_item(raw: &str) -> Cow<'_, str> {
    let mut out = String::new();
    if decode_item_into(raw, &mut out) {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(raw)
    }
}

/// Decodes one item as the parse does (draft §5: `%3B`, `%3F` and `%23`,
/// and the escape rule of the crate docs; nothing else), appending it to
/// `out`: returns `false`, and appends nothing, when decoding changes
/// nothing.
pub fn decode_item_into(raw: &str, out: &mut String) -> bool {
    let bytes = raw.as_bytes();
    let Some(first) = find_percent(bytes) else {
        return false;
    };
    let mut changed = false;
    let mut plain = 0;
    let mut next = Some(first);
    while let Some(i) = next {
        let (k, tail) = escape_at(bytes, i);
        // What replaces `raw[i..i + len]`: a delimiter, or a `%` alone.
        let (with, len) = match (k, tail) {
            (0, Tail::Delimiter(d)) => (d, 3),
            // Drop one `25` pair: `%25…25XX` → `%…25XX`.
            (_, Tail::Delimiter(_)) | (3.., Tail::Stray) => (b'%', 3),
            // `%2525` followed by no escape is a lone `%`.
            (2, Tail::Stray) => (b'%', 5),
            _ => (0, 1),
        };
        if len > 1 {
            if !changed {
                out.reserve(raw.len());
                changed = true;
            }
            out.push_str(&raw[plain..i]);
            out.push(char::from(with));
            plain = i + len;
        }
        next = find_percent(&bytes[i + len..]).map(|p| i + len + p);
    }
    if changed {
        out.push_str(&raw[plain..]);
    }
    changed
}

/// Encodes an option key or value for the query.
pub(crate) fn encode_option(s: &str, out: &mut String) {
    let mut plain = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        if !is_option_char(b) {
            if plain < i {
                out.push_str(&s[plain..i]);
            }
            push_pct(out, b);
            plain = i + 1;
        }
    }
    if plain < s.len() {
        out.push_str(&s[plain..]);
    }
}

/// Percent-decodes an option key or value as UTF-8. `+` stays a plus sign
/// (RFC 3986; see the crate docs). Returns `None` in the second place when
/// the bytes were not UTF-8 and were replaced.
pub(crate) fn decode_option(s: &str) -> (Cow<'_, str>, bool) {
    if !s.contains('%') {
        return (Cow::Borrowed(s), true);
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            if let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).copied().and_then(hex_val),
                bytes.get(i + 2).copied().and_then(hex_val),
            ) {
                out.push(hi << 4 | lo);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    match String::from_utf8(out) {
        Ok(s) => (Cow::Owned(s), true),
        Err(e) => (
            Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            false,
        ),
    }
}

/// Writes a fragment: query characters and valid escapes as they are, every
/// other byte (a stray `%` included) percent-encoded.
pub(crate) fn encode_fragment(s: &str, out: &mut String) {
    let bytes = s.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if is_query_char(b) || (b == b'%' && is_pct_encoded(bytes, i)) {
            out.push(b as char);
        } else {
            push_pct(out, b);
        }
    }
}

/// Percent-encodes the characters that may not stand in a link (RFC 3986
/// §2.1: UTF-8, uppercase hex), leaving every URI character, `%` included,
/// as it is. This is what [`crate::parse`] gives back for an item that held
/// such characters.
///
/// ```
/// assert_eq!(uri_list::encode_non_uri_chars("https://a.example/a b?q=é#x"), "https://a.example/a%20b?q=%C3%A9#x");
/// ```
pub fn encode_non_uri_chars(s: &str) -> Cow<'_, str> {
    let keep = |b: u8| is_query_char(b) || b == b'%' || b == b'#';
    if s.bytes().all(keep) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for b in s.bytes() {
        if keep(b) {
            out.push(b as char);
        } else {
            push_pct(&mut out, b);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    fn enc(s: &str) -> String {
        let mut out = String::new();
        encode_item(s, &mut out);
        out
    }

    #[test]
    fn delimiters_are_escaped_and_come_back() {
        for (item, link) in [
            ("a;b?c#d", "a%3Bb%3Fc%23d"),
            ("q=C%23", "q=C%2523"),
            ("q=C%2523", "q=C%252523"),
            ("100%", "100%2525"),
            ("100%25", "100%25"),
            ("100%25off", "100%25off"),
            ("%2525", "%252525"),
            ("%2", "%25252"),
            ("%41", "%41"),
            ("a b", "a%20b"),
            ("é", "%C3%A9"),
        ] {
            assert_eq!(enc(item), link, "encoding {item:?}");
            assert_eq!(
                decode_item(link),
                encode_non_uri_chars(item),
                "decoding {link:?}"
            );
        }
    }

    #[test]
    fn options_are_written_with_only_letters_digits_and_hyphens() {
        for (value, written) in [
            ("Reading list (May).", "Reading%20list%20%28May%29%2E"),
            ("Plan: day 1, or 2?!", "Plan%3A%20day%201%2C%20or%202%3F%21"),
            ("a-b_c~d", "a-b%5Fc%7Ed"),
            ("1+1=2 & 50%", "1%2B1%3D2%20%26%2050%25"),
            ("Straße", "Stra%C3%9Fe"),
        ] {
            let mut out = String::new();
            encode_option(value, &mut out);
            assert_eq!(out, written, "writing {value:?}");
            assert_eq!(decode_option(&out), (Cow::Borrowed(value), true));
        }
    }

    #[test]
    fn find_byte_finds_the_first_match() {
        let query = |w| has_byte(w, b'?') || has_byte(w, b'#');
        let is_query = |b| b == b'?' || b == b'#';
        let text: Vec<u8> = (0..200u8).map(|i| b'a' + i % 26).collect();
        for at in [0, 1, 7, 8, 9, 15, 63, 64, 100, 198, 199] {
            let mut t = text.clone();
            t[at] = b'?';
            if at + 3 < t.len() {
                t[at + 3] = b'#';
            }
            assert_eq!(find_byte(&t, query, is_query), Some(at), "at {at}");
            assert_eq!(find_byte(&t[..at], query, is_query), None);
        }
        assert_eq!(find_percent(b""), None);
        // Every length and position, next to bytes that carry into the
        // lane above (0x00, 0x80, 0xff) and to near misses: the same answer
        // as a plain search.
        for len in 0..40 {
            for at in 0..=len {
                let mut t: Vec<u8> = (0..len)
                    .map(|i| [0x00, 0x80, 0xff, 0x24, 0x26, b'a'][i % 6])
                    .collect();
                if at < len {
                    t[at] = b'%';
                }
                assert_eq!(find_percent(&t), t.iter().position(|&b| b == b'%'), "{t:?}");
                let tab = |b| matches!(b, b'\t' | b'\n' | b'\r');
                if at < len {
                    t[at] = b'\r';
                }
                assert_eq!(
                    find_byte(&t, |w| has_byte_below(w, 14), tab),
                    t.iter().position(|&b| tab(b)),
                    "{t:?}"
                );
            }
        }
    }

    #[test]
    fn draft_decoding_is_case_insensitive() {
        assert_eq!(decode_item("a%3bb%3fc%23d"), "a;b?c#d");
    }

    #[test]
    fn options_keep_plus_and_decode_utf8() {
        assert_eq!(decode_option("My%20list+x").0, "My list+x");
        assert_eq!(decode_option("%C3%A9").0, "é");
        assert!(!decode_option("%FF").1);
        let mut out = String::new();
        encode_option("a&b=c#d+e%f;g h", &mut out);
        assert_eq!(out, "a%26b%3Dc%23d%2Be%25f%3Bg%20h");
    }

    #[test]
    fn decoding_never_makes_or_unmakes_a_scheme() {
        // What the parser relies on to tell nested lists before decoding.
        let pieces = [
            "uri-list",
            "multi",
            "web+urilist",
            "ext+",
            "urilist",
            ":",
            "%",
            "%25",
            "%2525",
            "%23",
            "%3B",
            "%3f",
            "%3A",
            "u",
            "a",
            "-",
        ];
        // Every string of up to four pieces.
        let mut strings = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = strings
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            strings.extend(longer);
        }
        for s in &strings {
            let decoded = decode_item(s);
            assert_eq!(
                crate::Scheme::strip_prefix(s).is_some(),
                crate::Scheme::strip_prefix(&decoded).is_some(),
                "{s:?} decodes to {decoded:?}"
            );
        }
    }

    #[test]
    fn decode_item_borrows_what_it_does_not_change() {
        assert!(matches!(decode_item("a%C3%9Fb%20"), Cow::Borrowed(_)));
        assert!(matches!(decode_item("a%3Bb"), Cow::Owned(s) if s == "a;b"));
        let mut out = String::from("x");
        assert!(!decode_item_into("100%25", &mut out));
        assert!(decode_item_into("q=C%2523", &mut out));
        assert_eq!(out, "xq=C%23");
    }
}
