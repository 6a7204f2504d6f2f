//! `cargo +nightly fuzz run roundtrip`: any items and title → `to_link` →
//! parse.
//!
//! Each item comes back as `encode_non_uri_chars(item)` (exactly, when it is
//! made of URI characters), the title exactly, in both modes, and `to_link`
//! of the result is the same link. The expectations follow the parser's
//! rules rather than loosening the check:
//!
//! - an empty item is written as an empty `;`-separated part: a strict parse
//!   rejects it, a lenient one skips it (and a list of only empty items is no
//!   list);
//! - an item that starts with a uri-list scheme is read as a nested list
//!   (draft §8.2) one level down. One that cannot be read stays a plain item
//!   with a note, in both modes (draft §3: a list may hold invalid URIs), but
//!   one that nests too deep fails the whole parse: a parse of the link fails
//!   exactly when a parse of that item in the same mode, with one level less
//!   to spare, fails with `TooDeep`.

#![no_main]

mod common;

use common::{check_list, items, reads_as_address, written_items};
use libfuzzer_sys::fuzz_target;
use uri_list::{encode_non_uri_chars, ErrorKind, Parser, Scheme, UriList, MAX_DEPTH};

const SCHEMES: [Scheme; 4] = [
    Scheme::UriList,
    Scheme::Multi,
    Scheme::WebUrilist,
    Scheme::ExtUrilist,
];

fuzz_target!(|input: (u8, Vec<String>, Option<String>)| {
    let (scheme, originals, title) = input;
    let scheme = SCHEMES[usize::from(scheme % 4)];
    let mut list = UriList::new();
    list.set_scheme(scheme);
    for item in &originals {
        list.push(item.as_str());
    }
    if let Some(t) = &title {
        list.set_title(t.as_str());
    }
    let link = list.to_link();

    let expected: Vec<String> = originals
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| encode_non_uri_chars(s).into_owned())
        .collect();
    let has_empty = expected.len() != originals.len();
    // What a parse one level down makes of each nested item.
    let nested = |strict: bool| {
        let parser = Parser::new().strict(strict).max_depth(MAX_DEPTH - 1);
        expected
            .iter()
            .filter(|e| Scheme::strip_prefix(e).is_some())
            .map(move |e| parser.parse(e))
    };
    let too_deep = |strict: bool| {
        nested(strict).any(|r| matches!(r, Err(e) if matches!(e.kind(), ErrorKind::TooDeep { .. })))
    };

    // In lenient mode, an item that reads as a web address, as it is
    // written in the link, comes back as `https://` followed by it; the
    // link of the result is the link with `https://` written before it.
    let written = written_items(&link);
    assert_eq!(written.len(), originals.len().max(1), "{link:?}");
    let address: Vec<bool> = originals
        .iter()
        .zip(&written)
        .filter(|(s, _)| !s.is_empty())
        .map(|(_, (_, raw))| reads_as_address(raw))
        .collect();
    let lenient_link = {
        let (_, start) = Scheme::strip_prefix(&link).expect("a uri-list link");
        let end = written.last().map_or(start, |(at, raw)| at + raw.len());
        let parts: Vec<String> = written
            .iter()
            .map(|(_, raw)| match reads_as_address(raw) {
                true => format!("https://{raw}"),
                false => raw.to_string(),
            })
            .collect();
        format!("{}{}{}", &link[..start], parts.join(";"), &link[end..])
    };

    let check = |strict: bool| {
        let parsed = Parser::new().strict(strict).parse(&link);
        // A parse fails on no item at all, on a nested item that nests too
        // deep, and in strict mode on an empty item.
        let fails = expected.is_empty() || too_deep(strict) || (strict && has_empty);
        let p = match (parsed, !fails) {
            (Ok(p), true) => p,
            (Err(_), false) => return,
            (Ok(p), false) => panic!("strict={strict}: {link:?} parsed, expected an error: {p:?}"),
            (Err(e), true) => panic!("strict={strict}: {link:?} failed: {e}"),
        };
        check_list(&p.list, 0);
        let expected: Vec<String> = expected
            .iter()
            .zip(&address)
            .map(|(e, &a)| match a && !strict {
                true => format!("https://{e}"),
                false => e.clone(),
            })
            .collect();
        assert_eq!(items(&p.list), expected, "strict={strict}: {link:?}");
        assert_eq!(
            p.list.title(),
            title.as_deref(),
            "strict={strict}: {link:?}"
        );
        assert_eq!(p.list.scheme(), scheme);
        if !has_empty {
            let link = if strict { &link } else { &lenient_link };
            assert_eq!(
                p.list.to_link(),
                *link,
                "to_link of the parsed list differs"
            );
        }
    };
    check(false);
    check(true);
});
