//! Bad input: each gets a clear error (what is wrong, and where) or, for a
//! lenient reading, a warning; never a panic, never a silently dropped item.

#![cfg(not(target_arch = "wasm32"))]

use uri_list::{parse, ErrorKind, Parser, UriList, UrlCrate, MAX_DEPTH};

fn err(link: &str) -> String {
    parse(link).expect_err(link).to_string()
}

fn strict_err(link: &str) -> String {
    Parser::new()
        .strict(true)
        .parse(link)
        .expect_err(link)
        .to_string()
}

#[test]
fn texts_over_the_limit_are_refused_and_markers_nest_no_deeper_than_links() {
    let text = "https://a.example/\n".repeat(uri_list::MAX_LENGTH / 19 + 1);
    let expected = format!(
        "text too long: {} bytes, the limit is 2097152 bytes (as for a link)",
        text.len()
    );
    let e = uri_list::from_text(&text).expect_err("too long");
    assert_eq!(e.to_string(), expected);
    assert!(matches!(e.kind(), ErrorKind::TextTooLong { .. }));
    assert_eq!(
        uri_list::read_pasted(&text)
            .expect_err("too long")
            .to_string(),
        expected
    );
    // Just under the limit: read.
    let under = &text[..uri_list::MAX_LENGTH - uri_list::MAX_LENGTH % 19];
    assert_eq!(
        uri_list::from_text(under).unwrap().list.len(),
        uri_list::MAX_LENGTH / 19
    );
    // Depth markers open lists only as deep as a link may nest (8): a
    // ninth is ignored, with a warning that names its line.
    let mut text = String::new();
    for depth in 1..=MAX_DEPTH + 1 {
        text.push_str(&"#".repeat(depth));
        text.push_str("\nhttps://a.example/\n");
    }
    for depth in (1..=MAX_DEPTH + 1).rev() {
        text.push_str(&"#".repeat(depth));
        text.push('\n');
    }
    let read = uri_list::from_text(&text).unwrap();
    let warnings: Vec<String> = read.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    for (w, line) in warnings.iter().zip([17, 19]) {
        let expected =
            format!("line {line}: a depth marker that opens no nested list and closes none");
        assert!(w.starts_with(&expected), "{warnings:?}");
    }
    let mut list = &read.list;
    for _ in 0..MAX_DEPTH {
        list = list.items().last().unwrap().list().unwrap();
    }
    assert_eq!(list.len(), 2, "the ninth level's item joins the eighth");
}

#[test]
fn empty_link() {
    assert_eq!(
        err(""),
        "empty input: expected a link such as uri-list:https://a.example;https://b.example"
    );
    assert!(err("   ").starts_with("empty input"));
}

#[test]
fn scheme_alone() {
    assert_eq!(
        err("uri-list:"),
        "empty list: no item after the scheme at byte 9"
    );
    assert_eq!(
        err("multi:"),
        "empty list: no item after the scheme at byte 6"
    );
    assert_eq!(
        err("uri-list:?title=x"),
        "empty list: no item after the scheme at byte 9"
    );
    assert_eq!(
        err("uri-list:;;"),
        "empty list: no item after the scheme at byte 9"
    );
}

#[test]
fn not_a_uri_list() {
    assert_eq!(
        err("https://a.example"),
        "not a uri-list link: the scheme is \"https:\", expected uri-list:, multi:, web+urilist: or ext+urilist:"
    );
    assert!(err("a.example;b.example").contains("it has no scheme"));
    assert!(err("urilist:https://a.example").contains("\"urilist:\""));
}

#[test]
fn empty_items() {
    let parsed = parse("uri-list:a;;b").unwrap();
    assert_eq!(parsed.list.len(), 2);
    assert_eq!(
        parsed.warnings[0].to_string(),
        "item 2 is empty at byte 11 (skipped)"
    );
    assert_eq!(strict_err("uri-list:a;;b"), "item 2 is empty at byte 11");
    assert_eq!(strict_err("uri-list:a;b;"), "item 3 is empty at byte 13");
}

#[test]
fn bad_percent_escapes() {
    let parsed = parse("uri-list:https://a.example/%zz;https://b.example/%4").unwrap();
    let w: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        w,
        [
            "\"%\" in item 1 is not followed by two hex digits (write %25 for a percent sign) at byte 27 (read as a percent sign)",
            "\"%\" in item 2 is not followed by two hex digits (write %25 for a percent sign) at byte 49 (read as a percent sign)",
        ]
    );
    assert_eq!(parsed.list.items()[0].as_str(), "https://a.example/%zz");
    assert!(strict_err("uri-list:https://a.example?title=100%")
        .contains("in the options is not followed by two hex digits"));
    // Valid escapes in the query and fragment pass without a word; a bad
    // one after them, or a character that must be encoded, is still found.
    let parsed = parse("uri-list:a?title=A%20b%3A&type=x#f%2F").unwrap();
    assert_eq!(parsed.warnings.len(), 1, "the fragment's note only");
    assert!(parsed.warnings[0].to_string().contains("fragment"));
    for bad in [
        "uri-list:a?t=%20%4",
        "uri-list:a?t=%41%zz",
        "uri-list:a#%20%",
    ] {
        assert!(
            strict_err(bad).contains("not followed by two hex digits"),
            "{bad}"
        );
    }
    assert!(strict_err("uri-list:a?t=%20 b").contains("a space in the options"));
}

#[test]
fn control_characters() {
    let parsed = parse("uri-list:https://a.example/\u{1}x;https://b.example").unwrap();
    assert_eq!(
        parsed.warnings[0].to_string(),
        "control character U+0001 in item 1 must be percent-encoded at byte 27 (kept as it is)"
    );
    assert_eq!(parsed.list.len(), 2);
    assert_eq!(
        strict_err("uri-list:https://a.example/\u{7f}"),
        "control character U+007F in item 1 must be percent-encoded at byte 27"
    );
    assert_eq!(
        strict_err("uri-list:https://a.example\u{0}"),
        "white space or control characters around the link at byte 26"
    );
    // Tabs and newlines are removed, and their offset is the one in the input.
    let parsed = parse("uri-list:https://a.\nexample;https://b.example\t").unwrap();
    assert_eq!(parsed.list.items()[0].as_str(), "https://a.example");
    assert!(parsed
        .warnings
        .iter()
        .any(|w| w.to_string() == "tab or line break inside the link at byte 19 (removed)"));
}

/// A character that draws nothing (Default_Ignorable_Code_Point: a zero-width space, the
/// left-to-right and right-to-left marks, the word joiner, the byte order mark, a soft hyphen)
/// is said by its code point alone: printed as it is, the message would show `""` and a person
/// could not see what is wrong. A visible one keeps its glyph beside its code point.
#[test]
fn invisible_characters_are_said_by_their_code_point() {
    for (c, code) in [
        ('\u{200B}', "U+200B"),
        ('\u{200E}', "U+200E"),
        ('\u{200F}', "U+200F"),
        // A right-to-left override: raw in a message, the words after it are drawn backwards.
        ('\u{202E}', "U+202E"),
        ('\u{2060}', "U+2060"),
        ('\u{FEFF}', "U+FEFF"),
        ('\u{00AD}', "U+00AD"),
        ('\u{E0041}', "U+E0041"),
    ] {
        let link = format!("uri-list:https://a.example/{c}x;https://b.example?title=T{c}");
        let parsed = parse(&link).unwrap();
        let said: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
        assert_eq!(
            said[0],
            format!("invisible character {code} in item 1 must be percent-encoded at byte 27 (kept as it is)"),
            "{code}"
        );
        assert_eq!(
            said[1],
            format!("invisible character {code} in the options must be percent-encoded at byte {} (kept as it is)", link.len() - c.len_utf8()),
            "{code}"
        );
        assert!(said.iter().all(|w| !w.contains(c)), "{said:?}");
    }
    let parsed = parse("uri-list:https://a.example/\u{e9}").unwrap();
    assert_eq!(
        parsed.warnings[0].to_string(),
        "non-ASCII character \"\u{e9}\" (U+00E9) in item 1 must be percent-encoded at byte 27 (kept as it is)"
    );
}

/// A nested list is an item of the list around it, percent-encoded once more: a "#" of one of
/// its items is `%23` in the nested link and `%2523` in the link a person writes (`%252523` one
/// level deeper). The advice said `%23` at every depth: written so, the "#" reads as the
/// nested list's own (the same warning again). Each warning says the escape as the link must
/// hold it, and the link written as advised reads without a warning, the "#" in its item.
#[test]
fn escapes_advised_in_a_nested_list_are_encoded_once_per_level() {
    let said = |link: &str| -> Vec<String> {
        parse(link)
            .unwrap()
            .warnings
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    for (link, advice, fixed, item) in [
        (
            "uri-list:https://a.example;uri-list:https://b.example/x%23y%3Bhttps://c.example",
            "in the nested list of item 2: unencoded \"#\" in item 1 (write it as %2523) (read as \
             part of the item, since another item follows) at byte 27",
            "uri-list:https://a.example;uri-list:https://b.example/x%2523y%3Bhttps://c.example",
            "https://b.example/x#y",
        ),
        (
            "uri-list:https://a.example;uri-list:https://b.example/x%23y",
            "in the nested list of item 2: the part after \"#\" is a fragment of the whole list, not \
             part of its last item (ignored when opening: to make it part of the item, write that \
             \"#\" as %2523) at byte 27",
            "uri-list:https://a.example;uri-list:https://b.example/x%2523y",
            "https://b.example/x#y",
        ),
        (
            "uri-list:https://a.example;uri-list:https://b.example/x%3Fq%3Bhttps://c.example",
            "in the nested list of item 2: unencoded \"?\" in item 1 (write it as %253F) (read as \
             part of the item, since another item follows) at byte 27",
            "uri-list:https://a.example;uri-list:https://b.example/x%253Fq%3Bhttps://c.example",
            "https://b.example/x?q",
        ),
    ] {
        assert_eq!(said(link), [advice], "{link}");
        let parsed = parse(fixed).unwrap();
        assert!(parsed.warnings.is_empty(), "{fixed}: {:?}", said(fixed));
        let nested = parsed.list.items()[1].list().expect("a nested list");
        assert_eq!(nested.items()[0].as_str(), item, "{fixed}");
    }
    // A "%" that starts no escape: %25 at every depth, as the outer link reads a single %25 as
    // it is (the nested link holds %25 where it holds %25).
    assert_eq!(
        said("uri-list:https://a.example;uri-list:https://b.example/%2525zz%3Bhttps://c.example"),
        [
            "in the nested list of item 2: \"%\" in item 1 is not followed by two hex digits \
          (write %25 for a percent sign) (read as a percent sign) at byte 27"
        ]
    );
    let fixed = "uri-list:https://a.example;uri-list:https://b.example/%25zz%3Bhttps://c.example";
    assert!(said(fixed).is_empty());
    // Two levels deep: %252523; the link's own items keep %23.
    let deep = "uri-list:uri-list:uri-list:https://b.example/x%2523y%253Bhttps://c.example\
                %3Bhttps://e.example;https://d.example";
    assert_eq!(
        said(deep),
        ["in the nested list of item 1: in the nested list of item 1: unencoded \"#\" in item 1 \
          (write it as %252523) (read as part of the item, since another item follows) at byte 9"]
    );
    let fixed = "uri-list:uri-list:uri-list:https://b.example/x%252523y%253Bhttps://c.example\
                 %3Bhttps://e.example;https://d.example";
    let parsed = parse(fixed).unwrap();
    assert!(parsed.warnings.is_empty(), "{:?}", said(fixed));
    let inner = parsed.list.items()[0].list().unwrap().items()[0]
        .list()
        .unwrap();
    assert_eq!(inner.items()[0].as_str(), "https://b.example/x#y");
    assert_eq!(
        said("uri-list:https://a.example/x#y;https://b.example"),
        ["unencoded \"#\" in item 1 (write it as %23) at byte 28 (read as part of the item, since \
          another item follows)"]
    );
}

#[test]
fn a_10_mb_link() {
    let link = format!(
        "uri-list:https://a.example/{}",
        "x".repeat(10 * 1024 * 1024)
    );
    let e = parse(&link).unwrap_err();
    assert_eq!(
        e.to_string(),
        "link too long: 10485787 bytes, the limit is 2097152 bytes (the longest URL Chrome accepts)"
    );
    // The limit can be raised by a caller who needs to.
    let parsed = Parser::new().max_length(usize::MAX).parse(&link).unwrap();
    assert_eq!(parsed.list.items()[0].as_str().len(), 10 * 1024 * 1024 + 18);
}

#[test]
fn a_100_000_item_list() {
    let list: UriList = (0..100_000).map(|n| format!("https://a.b/{n}")).collect();
    let link = list.to_link();
    assert!(link.len() < uri_list::MAX_LENGTH);
    let parsed = Parser::new().strict(true).parse(&link).unwrap();
    assert_eq!(parsed.list.len(), 100_000);
    assert_eq!(parsed.list.items()[99_999].as_str(), "https://a.b/99999");
    // With a bad item in every one, the warnings stop at a bound and say how many more.
    let bad = link.replace(".b/", ".b/ ");
    let parsed = parse(&bad).unwrap();
    assert_eq!(parsed.list.len(), 100_000);
    assert_eq!(parsed.warnings.len(), uri_list::MAX_WARNINGS + 1);
    assert_eq!(
        parsed.warnings.last().unwrap().violation().to_string(),
        "99900 more warnings not shown"
    );
}

#[test]
fn warnings_past_the_bound_in_a_nested_list_are_counted_too() {
    // 150 repeated options in a list nested one and two levels down: 150
    // notes (149 of a repeated option, one of an option uri-list does not
    // read), of which a list keeps 100. The last warning of the link says
    // how many more there were, as it does for the link's own (these were
    // dropped without a word before).
    let options = vec!["k=1"; 150].join("&");
    for link in [
        format!("uri-list:https://x.example;multi:https://a.example%3F{options}"),
        format!("uri-list:https://x.example;multi:multi:https://a.example%253F{options}"),
    ] {
        let parsed = parse(&link).unwrap();
        assert_eq!(parsed.warnings.len(), uri_list::MAX_WARNINGS + 1, "{link}");
        assert_eq!(
            parsed.warnings.last().unwrap().violation().to_string(),
            "50 more warnings not shown"
        );
    }
}

fn nested(depth: usize) -> UriList {
    let mut list: UriList = ["https://a.example", "https://b.example"]
        .into_iter()
        .collect();
    for _ in 0..depth {
        let mut outer = UriList::new();
        outer.push("https://c.example");
        outer.push_list(list);
        list = outer;
    }
    list
}

#[test]
fn nesting_beyond_the_limit() {
    let ok = nested(MAX_DEPTH).to_link();
    assert!(Parser::new().strict(true).parse(&ok).is_ok());
    let deep = nested(MAX_DEPTH + 1).to_link();
    for strict in [false, true] {
        let e = Parser::new().strict(strict).parse(&deep).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::TooDeep { max: MAX_DEPTH }),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "nested lists too deep at byte 27: the limit is 8 levels"
        );
    }
}

#[test]
fn an_unreadable_nested_list_is_kept_and_reported() {
    let parsed = Parser::new()
        .strict(true)
        .parse("uri-list:https://a.example;uri-list:")
        .unwrap();
    assert_eq!(parsed.list.len(), 2);
    assert!(parsed.list.items()[1].list().is_none());
    assert_eq!(
        parsed.warnings[0].to_string(),
        "item 2 looks like a nested list but cannot be read (empty list: no item after the scheme at byte 9 of the nested link) at byte 27 (kept as a plain item)"
    );
}

#[test]
fn what_check_says_of_bad_items() {
    let parsed = parse(
        "uri-list:https://a.example;javascript:alert(1);data:text/html,x;//example.com;https://",
    )
    .unwrap();
    let json = serde_json::to_string(&uri_list::CheckReport::new(&parsed, &UrlCrate)).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let classes: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["class"].as_str().unwrap())
        .collect();
    assert_eq!(
        classes,
        ["openable", "blocked", "blocked", "invalid", "invalid"]
    );
    assert_eq!(v["items"][0]["site"], "a.example");
    // A reason is a message: its code (a _locales name), its arguments, its English text.
    assert_eq!(
        v["items"][1]["reason"],
        serde_json::json!({
            "code": "itemScript",
            "args": ["javascript"],
            "message": "javascript: links are never opened from a list: it runs code in the page you are on"
        })
    );
    assert_eq!(v["items"][4]["reason"]["message"], "the URL has no host");
    assert_eq!(v["items"][4]["reason"]["code"], "itemNoHost");
}

#[test]
fn white_space_around_a_link_is_said_where_it_starts() {
    // White space only after the link was said "at byte 0", where nothing is wrong.
    assert_eq!(
        strict_err("uri-list:https://a.example  "),
        "white space or control characters around the link at byte 26"
    );
    assert_eq!(
        strict_err(" uri-list:https://a.example "),
        "white space or control characters around the link at byte 0"
    );
}

#[test]
fn the_text_form_writes_an_items_control_characters_percent_encoded() {
    // A lenient reading keeps an item's raw control characters; the text form wrote them raw:
    // an escape sequence reached the terminal (the CLI's decode), a right-to-left override
    // reversed the line ("https://a.example/\u{202E}fdp.exe" shows as ".../exe.pdf").
    let parsed =
        parse("uri-list:https://a.example/\u{1b}[2J;https://b.example/\u{202E}fdp.exe").unwrap();
    let text = uri_list::to_text(&parsed.list);
    assert_eq!(
        text,
        "https://a.example/%1B[2J\r\nhttps://b.example/%E2%80%AEfdp.exe\r\n"
    );
    // It reads back as the link writes those items (the same resources).
    let back = uri_list::from_text(&text).unwrap().list;
    assert_eq!(back.to_link(), parsed.list.to_link());
}

#[test]
fn a_byte_order_mark_before_a_text_uri_list_is_not_part_of_its_first_item() {
    // A file saved by Notepad starts with U+FEFF: it became part of the first item.
    let read = uri_list::from_text("\u{feff}https://a.example\r\nhttps://b.example\r\n").unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example;https://b.example"
    );
    assert_eq!(read.warnings, []);
    let read = uri_list::from_text("\u{feff}# a comment\n#?title=T\nhttps://a.example\n").unwrap();
    assert_eq!(read.list.to_link(), "uri-list:https://a.example?title=T");
}

#[test]
fn a_text_uri_lists_page_titles_line_is_read_wherever_it_is_and_never_dropped_silently() {
    use uri_list::{from_text, Violation};
    let violations = |text: &str| -> (String, Vec<Violation>) {
        let read = from_text(text).unwrap();
        let v = read
            .warnings
            .iter()
            .map(|w| w.violation().clone())
            .collect();
        (read.list.to_link(), v)
    };
    // Before the items, as `#?title=` may be: its titles were dropped without a word.
    assert_eq!(
        violations("#?page-titles=A~B\nhttps://a.example\nhttps://b.example\n"),
        (
            "uri-list:https://a.example;https://b.example?page-titles=A~B".into(),
            vec![]
        )
    );
    // More titles than items: the link's reading says so; the text's said nothing.
    assert_eq!(
        violations("https://a.example\n#?page-titles=A~B\n"),
        (
            "uri-list:https://a.example?page-titles=A".into(),
            vec![Violation::PageTitlesBeyondItems {
                titles: 2,
                items: 1
            }]
        )
    );
    // Twice: the first is used, as in a link (the second became an option written before
    // the titles, which decode then read in their place).
    assert_eq!(
        violations("https://a.example\n#?page-titles=A\n#?page-titles=B\n"),
        (
            "uri-list:https://a.example?page-titles=A".into(),
            vec![Violation::DuplicateOption {
                key: "page-titles".into()
            }]
        )
    );
    // A nested list's own line.
    assert_eq!(
        violations("https://a.example\n#\n#?page-titles=X\nhttps://b.example\n#\n").0,
        "uri-list:https://a.example;uri-list:https://b.example%3Fpage-titles=X"
    );
}

#[test]
fn an_option_line_given_twice_in_a_text_uri_list_is_said() {
    // `#?title=A` then `#?title=B` wrote "?title=A&title=B" without a word; a link's reading
    // says the key is given more than once (and uses the first).
    let read = uri_list::from_text("#?title=A\nhttps://a.example\n#?title=B\n#?x=1\n").unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example?title=A&title=B&x=1"
    );
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
    assert_eq!(
        read.warnings[0].to_string(),
        "option \"title\" is given more than once at byte 28 (the first one is used)"
    );
}

#[test]
fn a_nested_list_left_open_keeps_its_page_titles() {
    // Its items join the list around it (with a warning): its `#?page-titles` line was lost
    // with it, the pages untitled.
    use uri_list::{from_text, Violation};
    let read = from_text(
        "https://a.example\n#\nhttps://b.example\nhttps://c.example\n#?page-titles=B~C\n",
    )
    .unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example;https://b.example;https://c.example?page-titles=~B~C"
    );
    let v: Vec<_> = read
        .warnings
        .iter()
        .map(|w| w.violation().clone())
        .collect();
    assert_eq!(v, [Violation::Unclosed { depth: 1 }]);
    // Two deep, the outer list titled too: each title stays with its page.
    let read = from_text(
        "#?page-titles=A\nhttps://a.example\n#\nhttps://b.example\n#?page-titles=B\n##\nhttps://c.example\n#?page-titles=C\n",
    )
    .unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example;https://b.example;https://c.example?page-titles=A~B~C"
    );
    // More titles than its items: said, as for a closed list.
    let read = from_text("https://a.example\n#\nhttps://b.example\n#?page-titles=B~X\n").unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example;https://b.example?page-titles=~B"
    );
    let v: Vec<_> = read
        .warnings
        .iter()
        .map(|w| w.violation().clone())
        .collect();
    assert!(
        v.contains(&Violation::PageTitlesBeyondItems {
            titles: 2,
            items: 1
        }),
        "{v:?}"
    );
}

#[test]
fn a_second_page_titles_line_between_empty_markers_is_said() {
    // `#` … `#` with only comments between is two comments: its `#?page-titles` line is a
    // second one of the list around it, dropped without a word (a second `#?title` was said).
    use uri_list::{from_text, Violation};
    let read = from_text("https://a.example\n#?page-titles=A\n#\n#?page-titles=B\n#\n").unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example?page-titles=A"
    );
    let v: Vec<_> = read
        .warnings
        .iter()
        .map(|w| (w.violation().clone(), w.offset()))
        .collect();
    assert_eq!(
        v,
        [(
            Violation::DuplicateOption {
                key: "page-titles".into()
            },
            36
        )]
    );
}

#[test]
fn a_byte_order_mark_at_the_start_of_any_line_is_no_part_of_it() {
    // Two files saved by Notepad, joined (`cat a.txt b.txt`): the second's mark started its
    // first line, which was read as the item "\u{feff}https://b.example" (no scheme: it will not
    // open, and a message quoting it shows "https://b.example") or, before "#?", as an item
    // rather than an option.
    let read = uri_list::from_text(
        "\u{feff}https://a.example\r\n\u{feff}https://b.example\r\n\u{feff}#?title=T\r\n",
    )
    .unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example;https://b.example?title=T"
    );
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
}

#[test]
fn an_option_line_not_utf8_once_decoded_is_said_as_in_a_link() {
    // `%FF` in an option line's key, value or page titles was replaced by U+FFFD without a
    // word; the same option in a link says so.
    use uri_list::{from_text, Violation};
    let read =
        from_text("https://a.example\n#?title=A%FFB\n#?page-titles=T%C3\n#?k%FF=v\n").unwrap();
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example?title=A%EF%BF%BDB&k%EF%BF%BD=v&page-titles=T%EF%BF%BD"
    );
    let v: Vec<_> = read
        .warnings
        .iter()
        .map(|w| (w.violation().clone(), w.offset()))
        .collect();
    let not_utf8 = |key: &str, offset| {
        (
            Violation::OptionNotUtf8 {
                key: key.to_owned(),
            },
            offset,
        )
    };
    assert_eq!(
        v,
        [
            not_utf8("title", 18),
            not_utf8("page-titles", 32),
            not_utf8("k\u{fffd}", 51)
        ]
    );
}
