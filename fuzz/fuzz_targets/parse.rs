//! `cargo +nightly fuzz run parse`: any input, both modes.
//!
//! Neither mode may panic. On success the list obeys the invariants of
//! `common::check_list`, and writing it back with `to_link` gives a link that
//! reads back the same:
//!
//! - after a strict parse, exactly (strict mode accepts only URI characters),
//!   in strict mode, and a lenient parse of the original link agrees with the
//!   strict one whenever the two modes read the same hier-part (no `;` after
//!   the first `?` or `#`, at any depth);
//! - after a lenient parse, in lenient mode, with each item percent-encoded
//!   by `encode_non_uri_chars`, the options unchanged, and `to_link` a fixed
//!   point. Strict mode accepts it too and reads the same items (a nested
//!   item that is not a valid list is a note, not an error, in both modes),
//!   unless a nested list is too deep.

#![no_main]

mod common;

use common::{check_list, expected_fragment, expected_items, items};
use libfuzzer_sys::fuzz_target;
use uri_list::{ErrorKind, Parser, Scheme, UriList, MAX_LENGTH};

/// Whether a lenient parse must read what a strict one did: the lenient
/// reading of the hier-part differs when a `;` follows the first `?` or `#`,
/// and a nested item the strict parse could not read (a note) may read
/// differently, or nest deeper, leniently.
fn same_reading(link: &str, list: &UriList) -> bool {
    let rest = &link
        [Scheme::strip_prefix(link.trim_start_matches(|c: char| c <= ' ')).map_or(0, |(_, n)| n)..];
    let plain = match rest.find(['?', '#']) {
        Some(q) => !rest[q..].contains(';'),
        None => true,
    };
    plain
        && list.items().iter().all(|i| match i.list() {
            Some(l) => same_reading(i.as_str(), l),
            None => Scheme::strip_prefix(i.as_str()).is_none(),
        })
}

fuzz_target!(|data: &[u8]| {
    let Ok(link) = std::str::from_utf8(data) else {
        return;
    };
    let lenient = Parser::new().parse(link);
    let strict = Parser::new().strict(true).parse(link);

    if let Ok(s) = &strict {
        check_list(&s.list, 0);
        let again = s.list.to_link();
        match Parser::new().strict(true).parse(&again) {
            Ok(p) => assert_eq!(p.list, s.list, "{again:?}"),
            Err(e) => panic!("strict parse of to_link() {again:?} failed: {e}"),
        }
        assert_eq!(
            expected_items(&s.list),
            items(&s.list),
            "strict items are URI characters"
        );
        if same_reading(link, &s.list) {
            let l = lenient.as_ref().expect("strict accepts, lenient fails");
            assert_eq!(l.list, s.list);
            assert_eq!(l.warnings, s.warnings);
        }
    }

    let Ok(l) = &lenient else { return };
    check_list(&l.list, 0);
    let link2 = l.list.to_link();
    if link2.len() > MAX_LENGTH {
        return;
    }
    let p2 = match Parser::new().parse(&link2) {
        Ok(p) => p,
        Err(e) => panic!("lenient parse of to_link() {link2:?} failed: {e}"),
    };
    check_list(&p2.list, 0);
    assert_eq!(items(&p2.list), expected_items(&l.list), "{link2:?}");
    assert_eq!(p2.list.options(), l.list.options(), "{link2:?}");
    assert_eq!(
        p2.list.fragment(),
        l.list.fragment().map(expected_fragment).as_deref(),
        "{link2:?}"
    );
    assert_eq!(p2.list.scheme(), l.list.scheme());
    assert_eq!(p2.list.to_link(), link2, "to_link is not a fixed point");
    match Parser::new().strict(true).parse(&link2) {
        Ok(p3) => assert_eq!(p3.list, p2.list),
        Err(e) => assert!(
            matches!(e.kind(), ErrorKind::TooDeep { .. }),
            "strict parse of to_link() {link2:?} failed: {e}"
        ),
    }
});
