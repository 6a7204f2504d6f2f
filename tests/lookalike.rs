//! Lookalike and hidden-destination warnings, with real confusable pairs:
//! they send a list to the preview page; ASCII hosts and single-script
//! internationalised hosts never warn on their own.

#![cfg(not(target_arch = "wasm32"))]

use uri_list::{check_item, check_list, parse, plan, PlanContext, UriList, UrlCrate};

fn alerts(uri: &str) -> Vec<String> {
    check_item(uri, &UrlCrate)
        .notes
        .into_iter()
        .filter(|n| n.alert)
        .map(|n| n.message.to_string())
        .collect()
}

fn list_alerts(uris: &[&str]) -> Vec<Vec<String>> {
    let list: UriList = uris.iter().copied().collect();
    check_list(&list, &UrlCrate)
        .into_iter()
        .map(|c| {
            c.notes
                .into_iter()
                .filter(|n| n.alert)
                .map(|n| n.message.to_string())
                .collect()
        })
        .collect()
}

#[test]
fn mixed_scripts_are_flagged() {
    // A Cyrillic "а" (U+0430) in "paypal".
    assert_eq!(
        alerts("https://p\u{430}ypal.com/login"),
        ["p\u{430}ypal.com (xn--pypal-4ve.com): \"p\u{430}ypal\" mixes Latin and Cyrillic letters, a way to imitate another site"]
    );
    // Greek omicrons in "google".
    assert!(alerts("https://g\u{3bf}\u{3bf}gle.com/")[0].contains("mixes Latin and Greek letters"));
    // The same, written as punycode in the link.
    assert!(alerts("https://xn--pypal-4ve.com/")[0].contains("mixes Latin and Cyrillic"));
}

#[test]
fn whole_script_confusables_under_a_latin_tld_are_flagged() {
    // "аррӏе" is all Cyrillic.
    assert_eq!(
        alerts("https://\u{430}\u{440}\u{440}\u{4cf}\u{435}.com/"),
        ["\u{430}\u{440}\u{440}\u{4cf}\u{435}.com (xn--80ak6aa92e.com): \"\u{430}\u{440}\u{440}\u{4cf}\u{435}\" is written in Cyrillic letters that look like the Latin \"apple\""]
    );
    assert!(alerts("https://\u{3bf}\u{3c1}\u{3b1}.com/")[0]
        .contains("Greek letters that look like the Latin \"opa\""));
}

#[test]
fn no_false_warnings() {
    for uri in [
        "https://bücher.de/",
        "https://xn--bcher-kva.de/",
        "https://münchen.de/",
        "https://пример.рф/",
        "https://παράδειγμα.ελ/",
        "https://例え.jp/",
        "https://日本語のサイト.jp/",
        "https://한국어.kr/",
        "https://中文網.tw/",
        "https://google.com/",
        "https://www.example.org/a?b#c",
        "https://paypal.com/",
        "https://xn--80ak6aa92e.xn--p1ai/",
        "http://localhost:8080/",
        "http://127.0.0.1/",
        "http://[::1]/",
    ] {
        assert_eq!(alerts(uri), Vec::<String>::new(), "{uri}");
    }
    // A list of ordinary ASCII sites: nothing.
    let plain = [
        "https://google.com",
        "https://github.com",
        "https://example.org",
        "https://w3.org",
        "https://rust-lang.org",
    ];
    assert!(list_alerts(&plain).iter().all(Vec::is_empty));
    // The same brand in two countries is not a trick.
    assert!(list_alerts(&["https://amazon.com", "https://amazon.co.uk"])
        .iter()
        .all(Vec::is_empty));
}

#[test]
fn a_list_that_mixes_a_site_with_a_lookalike_of_it() {
    assert_eq!(
        list_alerts(&[
            "https://paypal.com/",
            "https://news.example/",
            "https://paypa1.com/"
        ]),
        [
            vec![],
            vec![],
            vec!["paypa1.com looks like paypal.com, another site in this list".to_owned()]
        ]
    );
    assert_eq!(
        list_alerts(&["https://microsoft.com/", "https://rnicrosoft.com/"])[1],
        ["rnicrosoft.com looks like microsoft.com, another site in this list"]
    );
    // Two names that look the same on screen are told apart by their
    // punycode form (a Cyrillic "а" in the second).
    assert_eq!(
        list_alerts(&["https://paypal.com/", "https://p\u{430}ypal.com/"])[1],
        [
            "p\u{430}ypal.com (xn--pypal-4ve.com): \"p\u{430}ypal\" mixes Latin and Cyrillic letters, a way to imitate another site",
            "p\u{430}ypal.com (xn--pypal-4ve.com) looks like paypal.com, another site in this list"
        ]
    );
    // The explainer's phishing example.
    assert_eq!(
        list_alerts(&["https://mybank.com/", "https://mybank.evil.com/login"])[1],
        ["mybank.evil.com belongs to evil.com, not to mybank.com, another site in this list"]
    );
}

#[test]
fn user_info_tricks_and_plain_http() {
    assert_eq!(
        alerts("https://bank.com@evil.example/"),
        ["the link starts with \"bank.com@\", which is not where it goes: it opens evil.example"]
    );
    let notes = check_item("http://example.com/", &UrlCrate).notes;
    assert_eq!(notes.len(), 1);
    assert!(!notes[0].alert);
    assert_eq!(
        notes[0].message,
        "example.com is opened without encryption (http:)"
    );
}

#[test]
fn alerts_send_even_a_short_list_to_the_preview_and_notes_do_not() {
    let context = PlanContext {
        open_limit: 15,
        link_text: None,
        ..PlanContext::default()
    };
    let p = plan(
        &parse("uri-list:https://paypal.com;https://p%D0%B0ypal.com").unwrap(),
        &context,
        &UrlCrate,
    );
    assert_eq!(p.preview.len(), 2, "{:?}", p.preview);
    let p = plan(
        &parse("uri-list:http://example.com;https://example.org").unwrap(),
        &context,
        &UrlCrate,
    );
    assert!(p.preview.is_empty());
    assert_eq!(
        p.notes,
        ["example.com is opened without encryption (http:)"]
    );
    // Across nested lists too.
    let p = plan(
        &parse("uri-list:https://paypal.com;uri-list:https://paypa1.com%3Bhttps://b.example")
            .unwrap(),
        &context,
        &UrlCrate,
    );
    assert_eq!(
        p.preview,
        ["paypa1.com looks like paypal.com, another site in this list"]
    );
}

#[test]
fn latin_letters_that_only_look_ascii_are_flagged() {
    // U+0261 LATIN SMALL LETTER SCRIPT G.
    assert_eq!(
        alerts("https://goo\u{261}le.com/"),
        ["goo\u{261}le.com (xn--goole-tmc.com): \"goo\u{261}le\" is written with letters that only look like plain Latin ones: it imitates google.com"]
    );
    for (uri, imitated) in [
        // A dotless i (U+0131).
        ("https://paypa\u{131}.com/", "paypai.com"),
        // U+0251 LATIN SMALL LETTER ALPHA.
        ("https://\u{251}pple.com/", "apple.com"),
        // U+1D18 LATIN LETTER SMALL CAPITAL P.
        ("https://\u{1d18}aypal.com/", "paypal.com"),
        // The same, written as punycode in the link, and in a subdomain.
        ("https://xn--goole-tmc.com/", "google.com"),
        ("https://login.goo\u{261}le.com/", "login.google.com"),
    ] {
        let a = alerts(uri);
        assert_eq!(a.len(), 1, "{uri}: {a:?}");
        assert!(
            a[0].contains("only look like plain Latin ones")
                && a[0].ends_with(&format!("it imitates {imitated}")),
            "{uri}: {a:?}"
        );
    }
    // Alone in its list, it still sends the list to the preview page.
    let p = plan(
        &parse("uri-list:https://goo%C9%A1le.com/;https://example.org/").unwrap(),
        &PlanContext {
            open_limit: 15,
            link_text: None,
            ..PlanContext::default()
        },
        &UrlCrate,
    );
    assert_eq!(p.preview.len(), 1, "{:?}", p.preview);
    assert!(p.preview[0].to_string().contains("it imitates google.com"));
}

#[test]
fn ordinary_international_names_are_not_latin_lookalikes() {
    for uri in [
        "https://b\u{fc}cher.de/",
        "https://\u{65e5}\u{672c}.jp/",
        "https://\u{440}\u{43e}\u{441}\u{441}\u{438}\u{44f}.\u{440}\u{444}/",
        "https://stra\u{df}e.de/",
        "https://caf\u{e9}.fr/",
        "https://m\u{fc}nchen.de/",
        "https://xn--strae-oqa.de/",
        "https://\u{e9}cole.fr/",
        "https://\u{f8}l.dk/",
        "https://espa\u{f1}a.es/",
        "https://\u{10d}esko.cz/",
    ] {
        assert_eq!(alerts(uri), Vec::<String>::new(), "{uri}");
    }
}
