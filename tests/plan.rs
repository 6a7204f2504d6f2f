//! The plan of what to open: names, groups, skipped items, display hints and
//! the open-limit.

#![cfg(not(target_arch = "wasm32"))]

use uri_list::{parse, plan, Mode, Plan, PlanContext, UrlCrate};

fn plan_of(link: &str, limit: usize, text: Option<&str>) -> Plan {
    let parsed = parse(link).unwrap_or_else(|e| panic!("{link}: {e}"));
    plan(
        &parsed,
        &PlanContext {
            open_limit: limit,
            link_text: text,
            ..PlanContext::default()
        },
        &UrlCrate,
    )
}

fn titles(p: &Plan) -> Vec<&str> {
    p.groups.iter().map(|g| g.title.as_str()).collect()
}

#[test]
fn the_group_is_named_by_title_then_group_name_then_link_text_then_a_summary() {
    let two = "https://a.example/1;https://b.example/2";
    assert_eq!(
        titles(&plan_of(
            &format!("uri-list:{two}?title=T&group-name=G"),
            15,
            Some("text")
        )),
        ["T"]
    );
    assert_eq!(
        titles(&plan_of(
            &format!("multi:{two}?group-name=G"),
            15,
            Some("text")
        )),
        ["G"]
    );
    assert_eq!(
        titles(&plan_of(
            &format!("uri-list:{two}"),
            15,
            Some("  Read\n these  ")
        )),
        ["Read these"]
    );
    assert_eq!(
        titles(&plan_of(&format!("uri-list:{two}"), 15, None)),
        ["2 pages from 2 sites"]
    );
    // A link whose text is the link itself is no name.
    let link = format!("uri-list:{two}");
    assert_eq!(
        titles(&plan_of(&link, 15, Some(&link))),
        ["2 pages from 2 sites"]
    );
    assert_eq!(
        titles(&plan_of(
            "uri-list:https://a.example/1;https://a.example/2",
            15,
            None
        )),
        ["2 pages from a.example"]
    );
    assert_eq!(
        titles(&plan_of(
            "uri-list:https://xn--bcher-kva.example/",
            15,
            None
        )),
        ["bücher.example"]
    );
    assert_eq!(
        titles(&plan_of(
            "uri-list:https://a.example?title=%20%20",
            15,
            Some("x")
        )),
        ["x"]
    );
}

#[test]
fn blocked_and_invalid_items_are_skipped_with_their_reason() {
    let p = plan_of(
        "uri-list:https://a.example;javascript:alert(1);data:text/html,x;//example.com;https://b.example",
        15,
        None,
    );
    assert_eq!(p.groups.len(), 1);
    assert_eq!(p.groups[0].urls, ["https://a.example", "https://b.example"]);
    let skipped: Vec<&str> = p.skipped.iter().map(|s| s.item.as_str()).collect();
    assert_eq!(
        skipped,
        ["javascript:alert(1)", "data:text/html,x", "//example.com"]
    );
    assert!(p.skipped[0].reason.to_string().contains("runs code"));
    assert_eq!(p.skipped[0].reason.code, "itemScript");
    assert!(p.skipped[2]
        .reason
        .to_string()
        .contains("did you mean https://example.com?"));
    assert!(p.preview.is_empty());
}

#[test]
fn the_open_limit_sends_long_lists_to_the_preview() {
    let link: String = format!(
        "uri-list:{}",
        (0..16)
            .map(|n| format!("https://a.example/{n}"))
            .collect::<Vec<_>>()
            .join(";")
    );
    assert!(plan_of(&link, 16, None).preview.is_empty());
    let p = plan_of(&link, 15, None);
    assert_eq!(p.preview, ["16 pages: more than the 15 that open at once"]);
    assert_eq!(p.pages(), 16);
    let p = plan_of("uri-list:javascript:void(0)", 15, None);
    assert_eq!(p.preview, ["no page in the list can be opened"]);
}

#[test]
fn display_hints() {
    let base = "uri-list:https://a.example;https://b.example?type=";
    assert_eq!(plan_of(&format!("{base}tabs"), 15, None).mode, Mode::Tabs);
    assert_eq!(
        plan_of(&format!("{base}window"), 15, None).mode,
        Mode::Window
    );
    assert_eq!(
        plan_of(&format!("{base}grid-view"), 15, None).mode,
        Mode::Group
    );
    assert_eq!(
        plan_of(&format!("{base}carousel"), 15, None).mode,
        Mode::Group
    );
    let p = plan_of(&format!("{base}list"), 15, None);
    assert_eq!(p.mode, Mode::List);
    assert_eq!(p.preview, ["the list asks to be shown as a list first"]);
    assert_eq!(
        plan_of("uri-list:https://a.example?color=Blue", 15, None).groups[0].color,
        Some("blue")
    );
    assert_eq!(
        plan_of("uri-list:https://a.example?color=gray", 15, None).groups[0].color,
        Some("grey")
    );
    assert_eq!(
        plan_of("uri-list:https://a.example?color=mauve", 15, None).groups[0].color,
        None
    );
}

#[test]
fn nested_lists_open_as_one_group_each_in_order() {
    // The draft's §8.2 example.
    let p = plan_of(
        "uri-list:https://foo.com;uri-list:https://a.com%3Bhttps://b.com%3Bhttps://c.com%3Ftype=grid-view&title=My%20example;https://bar.com?title=Bookmarks",
        15,
        None,
    );
    // The outer list's two groups are numbered: every group can be told apart.
    assert_eq!(titles(&p), ["Bookmarks (1)", "My example", "Bookmarks (2)"]);
    assert_eq!(p.groups[0].urls, ["https://foo.com"]);
    assert_eq!(
        p.groups[1].urls,
        ["https://a.com", "https://b.com", "https://c.com"]
    );
    assert_eq!(p.groups[1].depth, 1);
    assert_eq!(p.groups[2].urls, ["https://bar.com"]);
    assert_eq!(p.pages(), 5);
    // An untitled nested list is named by a summary of its own pages.
    let p = plan_of(
        "uri-list:uri-list:https://a.com%3Bhttps://a.com/2;https://b.com",
        15,
        None,
    );
    assert_eq!(titles(&p), ["2 pages from a.com", "b.com"]);
    // Named by its list's page-titles when it has no title of its own; its
    // own title comes first.
    let p = plan_of(
        "uri-list:uri-list:https://a.com%3Bhttps://a.com/2;uri-list:https://c.com%3Bhttps://d.com%3Ftitle=Own;https://b.com?page-titles=Flights~Hotels~B",
        15,
        None,
    );
    assert_eq!(titles(&p), ["Flights", "Own", "b.com"]);
    // Untitled, the outer list's groups are numbered summaries, in every language.
    let p = plan_of(
        "uri-list:https://x.com;uri-list:https://a.com%3Bhttps://a.com/2;https://y.com",
        15,
        None,
    );
    assert_eq!(
        titles(&p),
        [
            "2 pages from 2 sites (1)",
            "2 pages from a.com",
            "2 pages from 2 sites (2)"
        ]
    );
    assert_eq!(p.groups[2].summary.as_ref().unwrap().code, "groupNumbered");
    // One run of the list's own pages is not numbered.
    let p = plan_of(
        "uri-list:https://x.com;https://y.com;uri-list:https://a.com%3Fcolor=red?title=T",
        15,
        None,
    );
    assert_eq!(titles(&p), ["T", "a.com"]);
    // An unreadable nested list is skipped, and says so.
    let p = plan_of("uri-list:https://a.com;uri-list:", 15, None);
    assert_eq!(
        p.skipped[0].reason,
        "a nested list that cannot be read (see the warnings)"
    );
}

#[test]
fn items_without_a_scheme_open_as_https_with_a_note_as_an_address_bar_reads_them() {
    let p = plan_of("multi:example.com/a;login.example.com", 15, None);
    assert_eq!(
        p.groups[0].urls,
        ["https://example.com/a", "https://login.example.com"]
    );
    assert!(p.skipped.is_empty());
    assert_eq!(
        p.notes
            .iter()
            .map(|m| m.english())
            .collect::<Vec<_>>(),
        [
            "example.com/a has no https:// in front: it is read as https://example.com/a, as an address bar reads it",
            "login.example.com has no https:// in front: it is read as https://login.example.com, as an address bar reads it",
        ]
    );
    // With a port, a query, in a nested list, and Unicode names.
    let p = plan_of(
        "uri-list:example.com:8080/x?q=1;uri-list:bücher.de/a%3Bhttps://c.example",
        15,
        None,
    );
    let urls: Vec<&str> = p
        .groups
        .iter()
        .flat_map(|g| g.urls.iter().map(String::as_str))
        .collect();
    assert_eq!(
        urls,
        [
            "https://example.com:8080/x?q=1",
            "https://bücher.de/a",
            "https://c.example"
        ]
    );
    assert_eq!(p.notes.len(), 2);
    // What is not a host name stays as written, and is not opened.
    for item in [
        "localhost/a",
        "127.0.0.1/a",
        "user@example.com",
        "example.123",
        "//example.com/a",
        "example.com:http/a",
        "-bad.example.com",
        "ex%61mple.com",
        "just words",
    ] {
        let p = plan_of(&format!("uri-list:https://ok.example;{item}"), 15, None);
        assert_eq!(p.pages(), 1, "{item} is not read as a web address");
        assert_eq!(p.skipped.len(), 1, "{item}");
    }
}

#[test]
fn strict_mode_keeps_an_item_without_a_scheme_as_written() {
    let parsed = uri_list::Parser::new()
        .strict(true)
        .parse("multi:example.com/a;https://b.example")
        .unwrap();
    assert_eq!(parsed.list.items()[0].as_str(), "example.com/a");
    let p = plan(
        &parsed,
        &PlanContext {
            open_limit: 15,
            link_text: None,
            ..PlanContext::default()
        },
        &UrlCrate,
    );
    assert_eq!(p.pages(), 1);
    assert_eq!(p.skipped[0].item, "example.com/a");
    assert_eq!(p.skipped[0].reason.code, "itemNoScheme");
    // Leniently, the same link reads it as https:, and its decoded list says so.
    let lenient = parse("multi:example.com/a;https://b.example").unwrap();
    assert_eq!(lenient.list.items()[0].as_str(), "https://example.com/a");
    assert!(lenient.list.items()[0].span().is_none());
}

fn plan_with(link: &str, keep_duplicates: bool, reverse: bool) -> Plan {
    let parsed = parse(link).unwrap_or_else(|e| panic!("{link}: {e}"));
    plan(
        &parsed,
        &PlanContext {
            open_limit: 15,
            keep_duplicates,
            reverse,
            ..PlanContext::default()
        },
        &UrlCrate,
    )
}

fn urls(p: &Plan) -> Vec<Vec<&str>> {
    p.groups
        .iter()
        .map(|g| g.urls.iter().map(String::as_str).collect())
        .collect()
}

#[test]
fn a_page_the_list_holds_twice_opens_once_and_the_second_is_said() {
    let link = "uri-list:https://a.example/x;https://b.example;https://a.example/x;\
                HTTPS://A.EXAMPLE:443/y/../x;https://a.example/x%23top;http://a.example/x";
    let p = plan_with(link, false, false);
    assert_eq!(
        urls(&p),
        [vec![
            "https://a.example/x",
            "https://b.example",
            "https://a.example/x#top",
            "http://a.example/x"
        ]]
    );
    assert_eq!(p.pages(), 4);
    let said: Vec<(&str, String, usize)> = p
        .duplicates
        .iter()
        .map(|d| (d.item.as_str(), d.reason.english(), d.entry))
        .collect();
    assert_eq!(
        said,
        [
            ("https://a.example/x", "the same page as item 1".into(), 2),
            (
                "HTTPS://A.EXAMPLE:443/y/../x",
                "the same page as item 1".into(),
                3
            ),
        ]
    );
    assert_eq!(p.duplicates[0].reason.code, "itemDuplicate");
    assert!(p.skipped.is_empty(), "duplicates are not skipped items");
    // The summary counts the pages that open.
    assert_eq!(titles(&p), ["4 pages from 2 sites"]);

    // Kept on request: every item opens.
    let kept = plan_with(link, true, false);
    assert_eq!(kept.pages(), 6);
    assert!(kept.duplicates.is_empty());
}

#[test]
fn an_empty_path_is_a_slash_and_ip_hosts_and_idn_are_read_as_the_browser_reads_them() {
    let p = plan_with(
        "uri-list:https://example.com;https://example.com/;https://127.1/a;https://127.0.0.1/a;\
         https://b%C3%BCcher.de/;https://xn--bcher-kva.de/;https://example.com/%7e;https://example.com/~",
        false,
        false,
    );
    assert_eq!(
        urls(&p),
        [vec![
            "https://example.com",
            "https://127.1/a",
            "https://b%C3%BCcher.de/",
            // The standard keeps each escape as it is written: two addresses.
            "https://example.com/%7e",
            "https://example.com/~",
        ]]
    );
    assert_eq!(p.duplicates.len(), 3);
}

#[test]
fn duplicates_are_per_list_each_nested_list_a_whole_group() {
    // The outer list holds a.example twice (once on each side of the nested
    // list): the second is left out. The nested list holds a.example too, and
    // b.example twice: its own group keeps a.example, and drops one b.example.
    let inner = "uri-list:https://a.example%3Bhttps://b.example%3Bhttps://B.example/%3Ftitle=Inner";
    let link = format!(
        "uri-list:https://a.example;{inner};https://a.example/;https://c.example?title=Out"
    );
    let p = plan_with(&link, false, false);
    assert_eq!(titles(&p), ["Out (1)", "Inner", "Out (2)"]);
    assert_eq!(
        urls(&p),
        [
            vec!["https://a.example"],
            vec!["https://a.example", "https://b.example"],
            vec!["https://c.example"]
        ]
    );
    let said: Vec<(String, usize)> = p
        .duplicates
        .iter()
        .map(|d| (d.reason.english(), d.entry))
        .collect();
    // Entries: 0 a, 1 the nested list, 2-4 its items, 5 a/, 6 c.
    assert_eq!(
        said,
        [
            (
                "in the nested list of item 2: the same page as item 2".to_owned(),
                4
            ),
            ("the same page as item 1".to_owned(), 5),
        ]
    );
}

#[test]
fn reverse_opens_the_last_group_first_and_each_groups_last_page_first() {
    let inner = "uri-list:https://n.example/1%3Bhttps://n.example/2%3Ftitle=Inner";
    let link = format!("uri-list:https://a.example/1;https://a.example/2;{inner};https://a.example/3;https://a.example/1?title=Out");
    let p = plan_with(&link, false, true);
    assert_eq!(titles(&p), ["Out (2)", "Inner", "Out (1)"]);
    assert_eq!(
        urls(&p),
        [
            vec!["https://a.example/3"],
            vec!["https://n.example/2", "https://n.example/1"],
            vec!["https://a.example/2", "https://a.example/1"]
        ]
    );
    // The first of two equal pages in the list is the one kept.
    assert_eq!(p.duplicates[0].reason.english(), "the same page as item 1");
    assert_eq!(p.duplicates[0].entry, 6);
}

#[test]
fn the_entry_of_a_duplicate_is_its_row_in_check_all() {
    let inner = "uri-list:https://x.example%3Bjavascript:1%3Bhttps://x.example";
    let link = format!("uri-list:https://a.example;{inner};data:,x;https://a.example;{inner}");
    let parsed = parse(&link).unwrap();
    let rows = serde_json::to_value(uri_list::CheckReport::nested(&parsed, &UrlCrate)).unwrap();
    let rows = rows["items"].as_array().unwrap();
    let p = plan_with(&link, false, false);
    assert_eq!(p.duplicates.len(), 3);
    for d in &p.duplicates {
        assert_eq!(rows[d.entry]["item"], d.item.as_str(), "{d:?}");
        assert_eq!(rows[d.entry]["class"], "openable");
    }
}

/// Found by fuzzing: a scheme of five bytes and the start of a two-byte
/// character (`httǞ`) made the duplicate check cut the character in two.
#[test]
fn an_item_that_starts_almost_like_http_is_no_page() {
    for item in [
        "httǞ//a.example",
        "httpǞ//a.example",
        "htǞ",
        "Ǟ",
        "http:",
        "https:",
    ] {
        assert_eq!(uri_list::page_address(item, &UrlCrate), None, "{item}");
        let p = plan_with(&format!("uri-list:{item};{item}"), false, false);
        assert_eq!(p.pages(), 0, "{item}");
        assert!(p.duplicates.is_empty(), "{item}");
    }
}

proptest::proptest! {
    /// What decides "the same page" is the URL Standard's serialisation,
    /// whether the quick reading or the parser answers.
    #[test]
    fn the_page_address_is_the_url_standards_serialisation(
        scheme in "(https?|HTTPS?|HtTp)://",
        host in "(a\\.example|A\\.Example|bücher\\.de|BÜCHER\\.de|example。com|ｅｘａｍｐｌｅ\\.com|１２７\\.０\\.０\\.１|xn--a\\.b|a%2Fb|é|127\\.1|0x7f\\.0\\.0\\.1|a\\.0x7f|a\\.1e|a-\\.b|a\\.\\.b|a\\.b\\.|\\[::1\\]|b%C3%BCcher\\.de|xn--bcher-kva\\.de|XN--bcher-kva\\.de)",
        port in "(|:|:443|:80|:8080|:08080|:65535)",
        rest in "[/a-z0-9.%2eE~'?#\\\\ ^{}|`\"<>@:;=&]{0,16}",
    ) {
        let item = format!("{scheme}{host}{port}{rest}");
        if uri_list::check_item(&item, &UrlCrate).class == uri_list::Class::Openable {
            let ours = uri_list::page_address(&item, &UrlCrate).map(|a| a.into_owned());
            let theirs = url::Url::parse(&item).ok().map(String::from);
            proptest::prop_assert_eq!(ours, theirs, "{}", item);
        }
    }

    /// The host that the page address read on the way is the one the
    /// item's check reads: `plan()` gives the same sites, notes and reasons
    /// whether it looks for repeated pages (and passes the readings on) or
    /// not.
    #[test]
    fn the_checks_are_the_same_with_the_host_read_for_the_address(
        items in proptest::collection::vec(
            "(https?|HTTP)://(bücher\\.de|BÜCHER\\.de|example。com|ｅｘａｍｐｌｅ\\.com|１２７\\.０\\.０\\.１|xn--a\\.b|a%2Fb|b%C3%BCcher\\.de|xn--bcher-kva\\.de|ɑpple\\.com|paypal\\.com|gooɡle\\.com|a\\.example|u@é)(|:8080|:0)(|/[a-z%2e.]{0,4})",
            1..6,
        ),
    ) {
        let link = format!("uri-list:{}", items.join(";"));
        let skipping = plan_with(&link, false, false);
        if skipping.duplicates.is_empty() {
            proptest::prop_assert_eq!(skipping, plan_with(&link, true, false), "{}", link);
        }
    }
}

/// The plan's reasons for the preview page, in English.
fn reasons(p: &Plan) -> Vec<String> {
    p.preview.iter().map(|m| m.english()).collect()
}

#[test]
fn a_list_named_as_another_sites_address_asks_for_the_preview_page() {
    // The title, the group-name or the link's text: the name the group would take.
    for (link, text) in [
        ("uri-list:https://evil.example/a;https://evil.example/b?title=paypal.com", None),
        ("uri-list:https://evil.example/a;https://evil.example/b?group-name=Log%20in%20to%20www.PayPal.com", None),
        ("uri-list:https://evil.example/a;https://evil.example/b", Some("paypal.com")),
        // Read as drawn: a zero-width space, a dot that is not ".".
        ("uri-list:https://evil.example/a?title=paypal%E2%80%8B.com", None),
        ("uri-list:https://evil.example/a?title=paypal%E3%80%82com", None),
        // A dot TR39 confuses with "." (Lisu), an address without its scheme.
        ("uri-list:https://evil.example/a?title=paypal%EA%93%B8com", None),
        ("uri-list:https://evil.example/a", Some("//paypal.com")),
        // A link's text written as another list's link: that list's site is named as plainly.
        ("uri-list:https://evil.example/a;https://evil.example/b", Some("uri-list:https://paypal.com/login")),
        ("uri-list:https://evil.example/a;https://evil.example/b", Some("MULTI:paypal.com")),
        ("uri-list:https://evil.example/a", Some("web+urilist:https://paypal.com/a;https://evil.example/b")),
    ] {
        let p = plan_of(link, 15, text);
        assert_eq!(p.preview.len(), 1, "{link}");
        assert_eq!(p.preview[0].code.as_str(), "previewTitleNamesSite", "{link}");
        assert!(reasons(&p)[0].ends_with("names paypal.com, but its pages are on evil.example")
            || reasons(&p)[0].ends_with("names www.PayPal.com, but its pages are on evil.example"), "{:?}", reasons(&p));
        // The group keeps the name the person is warned about.
        assert!(!p.groups[0].title.is_empty());
    }
    // A top-level domain of Cyrillic letters that look Latin: named as written.
    assert_eq!(
        reasons(&plan_of("uri-list:https://evil.example/a?title=PayPal.%D1%81om", 15, None)),
        ["the list's name \"PayPal.\u{441}om\" names PayPal.\u{441}om, but its pages are on evil.example"]
    );
    assert_eq!(
        reasons(&plan_of("uri-list:https://evil.example/a;https://b.example/?title=bank.de", 15, None)),
        ["the list's name \"bank.de\" names bank.de, but its pages are on evil.example and b.example"]
    );
    assert_eq!(
        reasons(&plan_of(
            "uri-list:https://a.example/;https://b.example/;https://c.example/;https://a.example/2?title=Best%20of%20paypal.com",
            15,
            None
        )),
        ["the list's name \"Best of paypal.com\" names paypal.com, but its pages are on a.example and 2 other sites"]
    );
}

#[test]
fn a_list_named_by_the_site_its_pages_are_on_asks_for_nothing() {
    for link in [
        // One of its sites, with www. or a subdomain; a name that is no address.
        "uri-list:https://github.com/a;https://docs.github.com/b?title=Reading%20from%20github.com",
        "uri-list:https://www.paypal.com/a;https://evil.example/?title=paypal.com%20and%20friends",
        "uri-list:https://paypal.com/?title=www.paypal.com",
        "uri-list:https://a.example/;https://b.example/?title=README.md%20and%20Node.js",
        // No page: nothing opens, and the plan says why already.
        "uri-list:javascript:alert(1)?title=paypal.com",
    ] {
        let p = plan_of(link, 15, None);
        assert!(
            !p.preview
                .iter()
                .any(|m| m.code.as_str().starts_with("previewTitleNames")),
            "{link}: {:?}",
            reasons(&p)
        );
    }
}

#[test]
fn a_link_whose_text_is_its_own_list_asks_for_nothing() {
    let p = plan_of(
        "uri-list:https://paypal.com/a;https://www.paypal.com/b",
        15,
        Some("uri-list:https://paypal.com/a;https://www.paypal.com/b"),
    );
    assert!(p.preview.is_empty(), "{:?}", reasons(&p));
}

#[test]
fn a_nested_lists_name_is_checked_against_its_own_pages() {
    // The nested list "paypal.com" holds a page of evil.example; the link's
    // other page is on paypal.com, which does not make the nested name true.
    let p = plan_of(
        "uri-list:https://paypal.com/;uri-list:https://evil.example/%3Ftitle=paypal.com?title=Mine",
        15,
        None,
    );
    assert_eq!(
        reasons(&p),
        ["in the nested list of item 2: the list's name \"paypal.com\" names paypal.com, but its pages are on evil.example"]
    );
    // The link's own name, first.
    let p = plan_of(
        "uri-list:https://evil.example/;uri-list:https://evil.example/2%3Ftitle=paypal.com?title=bank.de",
        15,
        None,
    );
    assert_eq!(p.preview[0].code.as_str(), "previewTitleNamesSite");
    assert!(
        reasons(&p)[0].starts_with("the list's name \"bank.de\""),
        "{:?}",
        reasons(&p)
    );
    assert!(
        reasons(&p)[1].starts_with("in the nested list of item 2"),
        "{:?}",
        reasons(&p)
    );
}

fn page_titles(p: &Plan) -> Vec<Vec<Option<&str>>> {
    p.groups
        .iter()
        .map(|g| g.titles.iter().map(Option::as_deref).collect())
        .collect()
}

/// Each page carries the sender's title (`page-titles`) for its tab, in the
/// pages' order (reversed with them), `None` where the list has none; a
/// nested list's title names its group, not a page; duplicates and skipped
/// items take theirs with them.
#[test]
fn each_page_carries_its_sender_title() {
    let inner = "uri-list:https://n.example/1%3Bhttps://n.example/2%3Fpage-titles=N1";
    let link = format!(
        "uri-list:https://a.example/1;javascript:x;{inner};https://a.example/2;https://a.example/1;https://a.example/3\
         ?page-titles=Hotel%2C%20old%20town~Script~Inner~~Again~Caf%C3%A9"
    );
    let p = plan_with(&link, false, false);
    assert_eq!(
        titles(&p),
        [
            "3 pages from a.example (1)",
            "Inner",
            "3 pages from a.example (2)"
        ]
    );
    assert_eq!(
        page_titles(&p),
        [
            vec![Some("Hotel, old town")],
            vec![Some("N1"), None],
            vec![None, Some("Café")]
        ]
    );
    for g in &p.groups {
        assert_eq!(g.titles.len(), g.urls.len());
    }
    let p = plan_with(&link, false, true);
    assert_eq!(
        page_titles(&p),
        [
            vec![Some("Café"), None],
            vec![None, Some("N1")],
            vec![Some("Hotel, old town")]
        ]
    );
    // A list without titles: a `None` for each page.
    let p = plan_with("uri-list:https://a.example;https://b.example", false, false);
    assert_eq!(page_titles(&p), [vec![None, None]]);
}

/// A title the check gives an alert (it names another site than the
/// page's, also through invisible characters or a look-alike dot) is not
/// carried: its tab shows the page's address. The alert still reaches the
/// preview. A carried title is one line, without bidirectional or other
/// control characters, and at most 120 characters.
#[test]
fn a_title_with_an_alert_is_not_carried_and_titles_are_clean() {
    let link = "uri-list:https://evil.example/login;https://evil.example/2;https://evil.example/3;\
                https://paypal.com/;https://evil.example/5\
                ?page-titles=paypal.com~pay%E2%80%8Bpal.com~paypal%E3%80%82com~paypal.com~Evil";
    let p = plan_with(link, false, false);
    assert_eq!(
        page_titles(&p),
        [vec![None, None, None, Some("paypal.com"), Some("Evil")]]
    );
    assert_eq!(p.preview.len(), 3, "{:?}", p.preview);
    let long = "x".repeat(300);
    let link = format!(
        "uri-list:https://a.example/1;https://a.example/2;https://a.example/3\
         ?page-titles=%E2%80%AEevil%E2%80%AC%20%0Aname%09here~%20%20~{long}"
    );
    let p = plan_with(&link, false, false);
    let got = page_titles(&p);
    assert_eq!(got[0][0], Some("evil name here"));
    assert_eq!(got[0][1], None);
    let cut = got[0][2].unwrap();
    assert_eq!(cut.chars().count(), uri_list::MAX_PAGE_TITLE_CHARS);
    assert!(cut.ends_with('…'));
}

#[test]
fn a_list_named_as_another_site_over_many_sites_is_planned_in_linear_time() {
    // The alert's message counts the other sites its pages are on: each was looked for among
    // those already counted, one by one, so that a link of 80 000 sites named "PayPal.com"
    // took 26 s to plan (0.8 s without the name), the extension's background with it.
    let items: Vec<String> = (0..40_000)
        .map(|n| format!("https://h{n}.example/"))
        .collect();
    let link = |title: &str| {
        let mut list: uri_list::UriList = items.iter().map(String::as_str).collect();
        list.set_title(title);
        list.to_link()
    };
    let timed = |link: &str| {
        let start = std::time::Instant::now();
        let p = plan_of(link, usize::MAX, None);
        (start.elapsed(), p)
    };
    let (plain, p) = timed(&link("Trip"));
    assert!(p.preview.is_empty());
    let (named, p) = timed(&link("PayPal.com"));
    assert_eq!(
        p.preview[0].to_string(),
        "the list's name \"PayPal.com\" names PayPal.com, but its pages are on h0.example and 39999 other sites"
    );
    assert!(
        named < plain * 3 + std::time::Duration::from_millis(500),
        "{named:?} with the alert, {plain:?} without"
    );
}

#[test]
fn an_option_that_took_the_last_pages_query_asks_for_the_preview_page_saying_how_to_write_it() {
    // Two videos written by hand: the second one's "?v=def" is the list's
    // query by the grammar, and its tab would open the site's home page.
    let p = plan_of(
        "uri-list:https://www.youtube.com/watch?v=abc;https://www.youtube.com/watch?v=def",
        15,
        None,
    );
    assert_eq!(p.groups[0].urls[1], "https://www.youtube.com/watch");
    let reasons: Vec<String> = p.preview.iter().map(|m| m.english()).collect();
    assert_eq!(
        reasons,
        ["the link's options hold \"v\", which is no option uri-list reads (ignored: if \"?v=def\" belongs to item 2, write that \"?\" as %3F)"]
    );
    // "&amp;" copied from a page's source: the preview page, which says how to write it.
    let p = plan_of(
        "uri-list:https://a.example;https://b.example?title=X&amp;type=tabs",
        15,
        None,
    );
    let reasons: Vec<String> = p.preview.iter().map(|m| m.english()).collect();
    assert_eq!(
        reasons,
        ["the link's options hold \"amp;type\", which is no option uri-list reads (\"&amp;\" is how a web page's source writes \"&\": write \"&\")"]
    );
    // In a nested list, said where it is.
    let p = plan_of(
        "uri-list:https://a.example;uri-list:https://b.example/x%3Bhttps://c.example/y%3Fq=1",
        15,
        None,
    );
    let reasons: Vec<String> = p.preview.iter().map(|m| m.english()).collect();
    assert_eq!(
        reasons,
        ["in the nested list of item 2: the link's options hold \"q\", which is no option uri-list reads (ignored: if \"?q=1\" belongs to item 2, write that \"?\" as %253F)"]
    );
    // The options uri-list reads ask for nothing; nor does an unknown one
    // after a last item that is no web address: a note, not the preview page.
    let p = plan_of(
        "uri-list:https://a.example;https://b.example?title=T&type=tabs&color=blue",
        15,
        None,
    );
    assert!(
        p.preview.is_empty() && p.notes.is_empty(),
        "{:?} {:?}",
        p.preview,
        p.notes
    );
    // Beside an option uri-list reads, an unknown one is another writer's: a note.
    let p = plan_of(
        "uri-list:https://a.example;https://b.example?title=T&x-later=1",
        15,
        None,
    );
    assert!(p.preview.is_empty(), "{:?}", p.preview);
    assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
    let p = plan_of(
        "uri-list:https://a.example;mailto:x@b.example?later=1",
        15,
        None,
    );
    assert!(p.preview.is_empty(), "{:?}", p.preview);
    let notes: Vec<String> = p.notes.iter().map(|m| m.english()).collect();
    assert_eq!(
        notes,
        ["the link's options hold \"later\", which is no option uri-list reads (ignored)"]
    );
}

#[test]
fn a_backslash_before_an_at_sign_gets_the_user_info_alert() {
    // A browser opens evil.example ("\\" reads as "/"); a person reads bank.com as the site.
    let p = plan_of(
        "uri-list:https://a.example/;https://evil.example\\@bank.com/",
        15,
        None,
    );
    let reasons: Vec<String> = p.preview.iter().map(|m| m.english()).collect();
    assert!(
        reasons.iter().any(|r| r == "the link starts with \"evil.example\\@\", which is not where it goes: it opens evil.example"),
        "{reasons:?}"
    );
}
