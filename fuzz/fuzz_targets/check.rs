//! `cargo +nightly fuzz run check`: the link checks and the plan, on any input.
//!
//! What the extension, the web page and `uri-list check` run on every link a
//! person meets: `check_item` on the raw input as one item, and on a lenient
//! parse, `check_list` at every depth and `plan` under several open-limits.
//! None may panic, and what they say holds together:
//!
//! - every openable item has a site whose ASCII host is ASCII, with no
//!   upper-case letter, and whose shown name is not empty;
//! - a blocked or invalid item has a reason, an openable one none;
//! - every message (reason, note, skip reason, preview reason, summary)
//!   writes its English text;
//! - the plan opens only URLs the list holds (at any depth), at most as many
//!   as it has items, and with a limit under its page count it asks for the
//!   preview page first.

#![no_main]

use libfuzzer_sys::fuzz_target;
use uri_list::{check_item, check_list, plan, UrlCrate, Class, ItemCheck, Parser, PlanContext, UriList};

fn check_one(check: &ItemCheck) {
    match check.class {
        Class::Openable => {
            assert!(
                check.reason.is_none(),
                "an openable item with a reason: {check:?}"
            );
            if let Some(site) = &check.site {
                assert!(site.host.is_ascii(), "a non-ASCII host {:?}", site.host);
                assert!(
                    !site.host.bytes().any(|b| b.is_ascii_uppercase()),
                    "an upper-case host {:?}",
                    site.host
                );
                assert!(!site.shown().is_empty(), "an empty site name for {check:?}");
            }
        }
        Class::Blocked | Class::Invalid => {
            assert!(check.reason.is_some(), "no reason for {check:?}")
        }
        _ => {}
    }
    if let Some(reason) = &check.reason {
        assert!(!reason.to_string().is_empty());
    }
    for note in &check.notes {
        assert!(!note.message.to_string().is_empty());
    }
}

/// Every item of `list`, nested lists walked, as the URLs a plan may open.
fn all_items(list: &UriList, out: &mut Vec<String>) {
    for item in list.items() {
        out.push(item.as_str().to_owned());
        if let Some(nested) = item.list() {
            all_items(nested, out);
        }
    }
}

fn check_nested(list: &UriList) {
    let checks = check_list(list, &UrlCrate);
    assert_eq!(checks.len(), list.len(), "one check per item");
    for check in &checks {
        check_one(check);
    }
    for item in list.items() {
        if let Some(nested) = item.list() {
            check_nested(nested);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_one(&check_item(text, &UrlCrate));
    let Ok(parsed) = Parser::new().parse(text) else {
        return;
    };
    check_nested(&parsed.list);
    let mut items = Vec::new();
    all_items(&parsed.list, &mut items);
    for limit in [1, 15, usize::MAX] {
        let planned = plan(
            &parsed,
            &PlanContext {
                open_limit: limit,
                link_text: Some("link text"),
                ..PlanContext::default()
            },
            &UrlCrate,
        );
        let pages = planned.pages();
        assert!(
            pages <= items.len(),
            "{pages} pages from {} items",
            items.len()
        );
        for group in &planned.groups {
            assert!(
                !group.title.is_empty() || group.summary.is_some(),
                "an unnamed group"
            );
            if let Some(summary) = &group.summary {
                assert!(!summary.to_string().is_empty());
            }
            for url in &group.urls {
                assert!(
                    items.iter().any(|item| item == url),
                    "{url:?} is not in the list"
                );
            }
        }
        for skipped in &planned.skipped {
            assert!(!skipped.reason.to_string().is_empty());
        }
        for message in planned.preview.iter().chain(&planned.notes) {
            assert!(!message.to_string().is_empty());
        }
        if pages > limit {
            assert!(
                !planned.preview.is_empty(),
                "{pages} pages over a limit of {limit}, no preview"
            );
        }
        // Looking for repeated pages reads some hosts on the way and hands
        // them to the items' checks: what the plan says of every item must
        // be what it says without that.
        let keeping = plan(
            &parsed,
            &PlanContext {
                open_limit: limit,
                link_text: Some("link text"),
                keep_duplicates: true,
                ..PlanContext::default()
            },
            &UrlCrate,
        );
        if planned.duplicates.is_empty() {
            assert_eq!(
                planned, keeping,
                "the same list planned with and without the duplicate check"
            );
        } else {
            assert_eq!(
                planned.pages() + planned.duplicates.len(),
                keeping.pages(),
                "a duplicate is one page less"
            );
        }
    }
});
