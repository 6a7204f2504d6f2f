//! Property tests: round trips for arbitrary lists, `parse` never panics,
//! and what `to_link` writes always parses strictly.

#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use uri_list::{
    encode_non_uri_chars, from_text, parse, to_text, Parser, Scheme, UriList, UrlCrate,
};

/// Any string that is not empty and is not itself a uri-list link (those
/// become nested lists: see `nested_lists_round_trip`).
fn item() -> impl Strategy<Value = String> {
    any::<String>().prop_filter("a plain, non-empty item", |s| {
        !s.is_empty() && Scheme::strip_prefix(s).is_none()
    })
}

/// Strings made only of URI characters (RFC 3986 unreserved, reserved, `%`),
/// biased towards the ones the escape rule is about.
fn uri_chars_item() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[A-Za-z0-9._~:/?#\\[\\]@!$&'()*+,;=-]{1,6}",
        Just("%".to_owned()),
        Just("%25".to_owned()),
        Just("%23".to_owned()),
        Just("%3b".to_owned()),
        Just("%3F".to_owned()),
        Just("%2525".to_owned()),
        Just("%4".to_owned()),
        Just("%41".to_owned()),
    ];
    proptest::collection::vec(piece, 1..8)
        .prop_map(|p| p.concat())
        .prop_filter("not a uri-list link", |s| Scheme::strip_prefix(s).is_none())
}

fn options() -> impl Strategy<Value = Vec<(String, String)>> {
    proptest::collection::vec(("[a-z-]{1,8}|.{1,8}", any::<String>()), 0..4)
}

fn titles(list: &UriList) -> Vec<Option<&str>> {
    (0..list.len()).map(|i| list.page_title(i)).collect()
}

fn items_of(list: &UriList) -> Vec<&str> {
    list.items().iter().map(|i| i.as_str()).collect()
}

/// `items` as they read back from `link`, where the last of them ends it: `UriList::to_link`
/// writes the link's last character percent-encoded when running text would take it for the end
/// of a sentence, and the item keeps it so (`ends_in_text` checks that rule itself).
fn read_back(mut items: Vec<String>, link: &str) -> Vec<String> {
    if let Some(last) = items.last_mut() {
        if let Some(c) = last.chars().last().filter(|c| ".,!')]}".contains(*c)) {
            if !link.ends_with(c) && link.ends_with(&format!("%{:02X}", u32::from(c))) {
                last.pop();
                last.push_str(&format!("%{:02X}", u32::from(c)));
            }
        }
    }
    items
}

/// `link` as `UriList::to_link` ends it: its last character percent-encoded where running text
/// would leave it out of the link (`find_links` would not find it whole), but for a `:`.
fn guarded(link: &str) -> String {
    match link.chars().last() {
        Some(c)
            if c != ':'
                && uri_list::find_links(link).first().map(|f| f.link.len()) != Some(link.len()) =>
        {
            format!(
                "{}%{:02X}",
                &link[..link.len() - c.len_utf8()],
                u32::from(c)
            )
        }
        _ => link.to_owned(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_list_round_trips(items in proptest::collection::vec(item(), 1..12), options in options()) {
        let mut list: UriList = items.iter().cloned().collect();
        for (k, v) in &options {
            list.push_option(k.clone(), v.clone());
        }
        let link = list.to_link();
        let parsed = Parser::new().strict(true).parse(&link);
        prop_assert!(parsed.is_ok(), "{:?} does not parse strictly: {:?}", link, parsed.err());
        let parsed = parsed.unwrap();
        let mut expected: Vec<String> = items.iter().map(|i| encode_non_uri_chars(i).into_owned()).collect();
        if options.is_empty() {
            expected = read_back(expected, &link);
        }
        prop_assert_eq!(items_of(&parsed.list), expected);
        prop_assert_eq!(parsed.list.options(), &options[..]);
    }

    #[test]
    fn page_titles_round_trip_through_the_link_and_the_text(
        entries in proptest::collection::vec((uri_chars_item(), proptest::option::of(any::<String>())), 1..10),
        options in options(),
        over in any::<bool>(),
    ) {
        let mut list: UriList = entries.iter().map(|(item, _)| item.clone()).collect();
        for (k, v) in &options {
            list.push_option(k.clone(), v.clone());
        }
        for (i, (_, title)) in entries.iter().enumerate() {
            if let Some(title) = title {
                list.set_page_title(i, title.clone());
            }
        }
        // An empty title is none.
        let expected: Vec<Option<&str>> = entries.iter().map(|(_, t)| t.as_deref().filter(|t| !t.is_empty())).collect();
        prop_assert_eq!(titles(&list), expected.clone());
        let link = list.to_link();
        let parsed = Parser::new().strict(true).parse(&link).map_err(|e| TestCaseError::fail(format!("{link:?}: {e}")))?;
        if options.is_empty() && expected.iter().all(Option::is_none) {
            // The link ends with the last item.
            let items: Vec<String> = entries.iter().map(|(item, _)| item.clone()).collect();
            prop_assert_eq!(items_of(&parsed.list), read_back(items, &link));
        } else {
            prop_assert_eq!(&parsed.list, &list);
        }
        prop_assert_eq!(titles(&parsed.list), expected.clone());
        prop_assert_eq!(parsed.list.options(), &options[..]);
        // (The generated options may repeat a key, and be keys uri-list does not read: those notes alone.)
        prop_assert!(
            parsed.warnings.iter().all(|w| match w.violation() {
                uri_list::Violation::DuplicateOption { key } => key != uri_list::PAGE_TITLES,
                uri_list::Violation::UnknownOption { key, .. } => key != uri_list::PAGE_TITLES,
                _ => false,
            }),
            "{:?}",
            parsed.warnings
        );
        // A reader that does not know page-titles reads the same items: the
        // hier-part (up to the first unencoded `?`) is untouched by them.
        let hier = |l: &str| l.split('?').next().unwrap_or_default().to_owned();
        let mut plain: UriList = entries.iter().map(|(item, _)| item.clone()).collect();
        for (k, v) in &options {
            plain.push_option(k.clone(), v.clone());
        }
        // (Without options the plain link ends with its last item, which may end guarded.)
        let written = if options.is_empty() { guarded(&hier(&link)) } else { hier(&link) };
        prop_assert_eq!(written, hier(&plain.to_link()));
        // Through the text form.
        let back = from_text(&to_text(&parsed.list)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(titles(&back.list), expected);
        // More titles than items: the items keep theirs, a note says so.
        if over {
            let mut longer = list.clone();
            longer.push("https://extra.example/");
            longer.set_page_title(entries.len(), "x");
            let link = longer.to_link().replacen(";https://extra.example/", "", 1);
            let read = parse(&link).map_err(|e| TestCaseError::fail(format!("{link:?}: {e}")))?;
            prop_assert_eq!(titles(&read.list), titles(&list));
            prop_assert!(read.warnings.iter().any(|w| matches!(w.violation(), uri_list::Violation::PageTitlesBeyondItems { .. })), "{:?}", read.warnings);
        }
    }

    #[test]
    fn uri_character_items_round_trip_exactly(items in proptest::collection::vec(uri_chars_item(), 1..12), title in any::<String>()) {
        let mut list: UriList = items.iter().cloned().collect();
        list.set_title(title.clone());
        let link = list.to_link();
        let parsed = Parser::new().strict(true).parse(&link).map_err(|e| TestCaseError::fail(format!("{link:?}: {e}")))?;
        prop_assert_eq!(items_of(&parsed.list), items.iter().map(String::as_str).collect::<Vec<_>>());
        prop_assert_eq!(parsed.list.title(), Some(title.as_str()));
        // …and through the text form too.
        let back = from_text(&to_text(&parsed.list)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let expected: Vec<String> = items.iter().map(|i| match i.strip_prefix('#') {
            Some(rest) => format!("%23{rest}"),
            None => i.clone(),
        }).collect();
        prop_assert_eq!(items_of(&back.list), expected.iter().map(String::as_str).collect::<Vec<_>>());
        prop_assert_eq!(back.list.title(), Some(title.as_str()));
    }

    /// What `to_link` writes is found whole in running text, at the end of a sentence too: a
    /// last character that a linkifier (or `find_links`) would leave out is written
    /// percent-encoded (but for a `:`), and only then; the list reads back with every other
    /// character as it was.
    #[test]
    fn ends_in_text(items in proptest::collection::vec(uri_chars_item(), 1..6), title in proptest::option::of("[ -~]{0,6}")) {
        let mut list: UriList = items.iter().cloned().collect();
        if let Some(title) = &title {
            list.set_title(title.clone());
        }
        let link = list.to_link();
        // A last `:` is left as it is (a scheme alone stays one), and cut from the text's link.
        prop_assume!(!link.ends_with(':'));
        let mut texts = vec![format!("See {link}."), format!("{link}, and more"), format!("{link}!")];
        // In brackets: a link with an opening bracket of its own unclosed takes the text's `)`.
        if link.matches('(').count() == link.matches(')').count() {
            texts.push(format!("({link})"));
        }
        for text in texts {
            let found = uri_list::find_links(&text);
            prop_assert_eq!(found.first().map(|f| f.link), Some(link.as_str()), "in {:?}", text);
        }
        let parsed = Parser::new().strict(true).parse(&link).map_err(|e| TestCaseError::fail(format!("{link:?}: {e}")))?;
        let read = items_of(&parsed.list);
        let last = items.len() - 1;
        prop_assert_eq!(&read[..last], &items[..last]);
        if title.is_some() {
            prop_assert_eq!(read[last], items[last].as_str());
        } else if read[last] != items[last] {
            // Only the last character, percent-encoded; and without it, text would have cut the link.
            let c = items[last].chars().last().unwrap();
            prop_assert_eq!(read[last].to_owned(), format!("{}%{:02X}", &items[last][..items[last].len() - 1], u32::from(c)));
            let plain = format!("{}{c}", &link[..link.len() - 3]);
            prop_assert_ne!(uri_list::find_links(&plain).first().map(|f| f.link.len()), Some(plain.len()), "{:?} needed no encoding", plain);
        }
    }

    #[test]
    fn parse_never_panics(s in any::<String>()) {
        let _ = parse(&s);
        let _ = Parser::new().strict(true).parse(&s);
        let _ = from_text(&s);
    }

    #[test]
    fn parse_never_panics_on_link_like_input(
        scheme in "(uri-list|MULTI|web\\+urilist|ext\\+urilist|http):",
        body in "([a-z:/ ;?#&=%+\\t]|%3[bBfF]|%23|%25|uri-list:|é){0,40}",
    ) {
        let link = format!("{scheme}{body}");
        for strict in [false, true] {
            if let Ok(parsed) = Parser::new().strict(strict).parse(&link) {
                prop_assert!(!parsed.list.is_empty());
                // What was read can always be written and read back strictly.
                let again = Parser::new().strict(true).parse(&parsed.list.to_link());
                prop_assert!(again.is_ok(), "{:?}: {:?}", parsed.list.to_link(), again.err());
                let _ = to_text(&parsed.list);
                let _ = serde_json::to_string(&parsed).unwrap();
                let _ = serde_json::to_string(&uri_list::CheckReport::new(&parsed, &UrlCrate)).unwrap();
            }
        }
    }

    #[test]
    fn nested_lists_round_trip(
        outer in proptest::collection::vec(uri_chars_item(), 1..4),
        inner in proptest::collection::vec(uri_chars_item(), 1..4),
        innermost in proptest::collection::vec(uri_chars_item(), 1..4),
        title in "[ -~]{0,10}",
    ) {
        let mut deepest: UriList = innermost.iter().cloned().collect();
        deepest.set_title(title);
        let mut middle: UriList = inner.iter().cloned().collect();
        middle.push_list(deepest);
        let mut top: UriList = outer.iter().cloned().collect();
        top.push_list(middle.clone());
        // A title of its own, so that the link does not end with the innermost list's last item
        // (its last character may be written percent-encoded: ends_in_text).
        top.set_title("Top");
        let link = top.to_link();
        let parsed = Parser::new().strict(true).parse(&link).map_err(|e| TestCaseError::fail(format!("{link:?}: {e}")))?;
        prop_assert_eq!(&parsed.list, &top);
        let nested = parsed.list.items().last().unwrap().list().unwrap();
        prop_assert_eq!(nested, &middle);
        prop_assert_eq!(to_text(&parsed.list), to_text(&top));
        let back = from_text(&to_text(&top)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(to_text(&back.list), to_text(&top));
    }
}

/// Text that looks a little like what each entry point reads: links, web
/// links, templates, addresses, with the characters that steer them.
fn link_like() -> impl Strategy<Value = String> {
    "(uri-list:|https?://|HTTP://|multi:|web\\+urilist:|\\{url\\}|\\{title\\}|#|)([a-zé.:/ ;?#&=%+\\t\\n{}\\[\\]()<>\"'\\\\]|%3[bB]|%23|%2|uri-list:|Ǟ|ı|\\{|\\}|\\{url\\}|\\{host\\}){0,40}"
}

proptest! {
    /// Every other entry point of the core (the ones the JavaScript API, the
    /// CLI and the extension call with what a page, a paste or a person
    /// gives them) returns for any input: a value or an error, no panic (a
    /// trap in the wasm).
    #[test]
    fn no_entry_point_panics(a in prop_oneof![link_like(), any::<String>()], b in prop_oneof![link_like(), any::<String>()], c in link_like()) {
        let _ = uri_list::find_links(&a);
        let _ = uri_list::read_pasted(&a);
        let _ = uri_list::is_web_address(&a);
        let _ = uri_list::link_in_web_link(&a);
        let _ = uri_list::list_link(&a);
        let _ = uri_list::web_base(&a, &UrlCrate);
        let _ = uri_list::web_link(&a, &b, &UrlCrate);
        let _ = uri_list::page_address(&a, &UrlCrate);
        let _ = uri_list::check_item(&a, &UrlCrate);
        let _ = uri_list::check_template(&c);
        let entries = vec![
            uri_list::Entry::Link(uri_list::Link { title: b.clone(), url: a.clone() }),
            uri_list::Entry::Group {
                title: c.clone(),
                links: vec![uri_list::Link { title: a.clone(), url: b.clone() }, uri_list::Link { title: c.clone(), url: c.clone() }],
            },
        ];
        for format in [
            uri_list::Format::Markdown,
            uri_list::Format::Html,
            uri_list::Format::Plain,
            uri_list::Format::Template { template: &c, separator: &b },
            uri_list::Format::Template { template: &b, separator: &a },
        ] {
            let _ = uri_list::format_links(&entries, format, &UrlCrate);
        }
    }
}
