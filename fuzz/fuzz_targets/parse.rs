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

use common::{
    check_list, expected_fragment, expected_items, items, reads_as_address, written_items, W,
};
use libfuzzer_sys::fuzz_target;
use uri_list::{ErrorKind, Parser, Scheme, UriList, Violation, MAX_LENGTH, MAX_WARNINGS};

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

/// Checks that the lenient list `l` of `link` (one level of it) is what the
/// strict one `s` is, with exactly the items that read as web addresses
/// (`common::reads_as_address`, on the item as written) read as `https://`
/// followed by the item, at every depth. Returns the warnings the lenient
/// parse gives for this level, before its sink's limit: the strict ones
/// (`strict`), with a `SchemeAdded` note at each such item, in item order,
/// and the first `MAX_WARNINGS` of each nested list's wrapped at its item;
/// with the number of those its nested lists did not keep (counted in the
/// link's last warning). `None` when a strict level kept `MAX_WARNINGS`
/// warnings (some may have been dropped).
fn lenient_reading(link: &str, s: &UriList, strict: &[W], l: &UriList) -> Option<(Vec<W>, usize)> {
    let written = written_items(link);
    assert_eq!(
        written.len(),
        s.len(),
        "a strict list of {link:?} with an empty item"
    );
    let mut known = strict.len() < MAX_WARNINGS;
    let mut expected = UriList::new();
    expected.set_scheme(s.scheme());
    let mut out = Vec::new();
    for ((at, raw), item) in written.iter().zip(s.items()) {
        if reads_as_address(raw) {
            let url = format!("https://{}", item.as_str());
            out.push(W::Note(
                *at,
                Violation::SchemeAdded {
                    written: item.as_str().to_owned(),
                    url: url.clone(),
                },
            ));
            expected.push(url);
        } else {
            expected.push(item.as_str());
        }
    }
    for (k, v) in s.options() {
        expected.push_option(k.as_str(), v.as_str());
    }
    expected.set_fragment(s.fragment().map(str::to_owned));
    assert_eq!(*l, expected, "lenient list of {link:?}");

    // The nested lists, and the warnings in order: each item's (its note,
    // or its nested list's), then the list's own (options, fragment).
    let mut notes = out.into_iter().peekable();
    let mut warnings = Vec::new();
    let mut dropped = 0;
    for (n, ((at, _), (si, li))) in written
        .iter()
        .zip(s.items().iter().zip(l.items()))
        .enumerate()
    {
        if let Some(W::Note(note_at, _)) = notes.peek() {
            if note_at == at {
                warnings.extend(notes.next());
            }
        }
        match (si.list(), li.list()) {
            (None, None) => {}
            (Some(sn), Some(ln)) => {
                let inner: Vec<W> = strict
                    .iter()
                    .filter_map(|w| match w {
                        W::In(a, i, w) if a == at && *i == n + 1 => Some((**w).clone()),
                        _ => None,
                    })
                    .collect();
                match lenient_reading(si.as_str(), sn, &inner, ln) {
                    Some((mut inner, below)) => {
                        dropped += below + inner.len().saturating_sub(MAX_WARNINGS);
                        inner.truncate(MAX_WARNINGS);
                        warnings.extend(inner.into_iter().map(|w| W::In(*at, n + 1, Box::new(w))));
                    }
                    None => known = false,
                }
            }
            _ => panic!("item {} of {link:?}: a nested list in one mode only", n + 1),
        }
    }
    warnings.extend(strict.iter().filter(|w| !matches!(w, W::In(..))).cloned());
    known.then_some((warnings, dropped))
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
            let strict_warnings: Vec<W> = s.warnings.iter().map(W::of).collect();
            let expected = lenient_reading(link, &s.list, &strict_warnings, &l.list);
            if let Some((mut expected, below)) = expected {
                let count = below + expected.len().saturating_sub(MAX_WARNINGS);
                expected.truncate(MAX_WARNINGS);
                if count > 0 {
                    let offset = expected.last().map_or(0, |w| match w {
                        W::Note(at, _) | W::In(at, _, _) => *at,
                    });
                    expected.push(W::Note(offset, Violation::More { count }));
                }
                let warnings: Vec<W> = l.warnings.iter().map(W::of).collect();
                assert_eq!(warnings, expected, "lenient warnings of {link:?}");
            }
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
