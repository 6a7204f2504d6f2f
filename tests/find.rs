//! Links in running text (a chat message, a selection) and pasted text.

#![cfg(not(target_arch = "wasm32"))]

use uri_list::{find_links, read_pasted, Form};

fn links(text: &str) -> Vec<&str> {
    find_links(text).into_iter().map(|f| f.link).collect()
}

#[test]
fn links_in_running_text() {
    assert_eq!(
        links("uri-list:https://a.example;https://b.example"),
        ["uri-list:https://a.example;https://b.example"]
    );
    assert_eq!(
        links("Look: multi:https://a.example;https://b.example. And MULTI:https://c.example!"),
        [
            "multi:https://a.example;https://b.example",
            "MULTI:https://c.example"
        ]
    );
    assert_eq!(
        links("(uri-list:https://a.example/(x))"),
        ["uri-list:https://a.example/(x)"]
    );
    assert_eq!(
        links("<uri-list:https://a.example>"),
        ["uri-list:https://a.example"]
    );
    assert_eq!(
        links("\"web+urilist:https://a.example\""),
        ["web+urilist:https://a.example"]
    );
    assert_eq!(links("a uri-list: is nice"), Vec::<&str>::new());
    assert_eq!(
        links("xmulti:https://a.example and uri-lists:x"),
        Vec::<&str>::new()
    );
    assert_eq!(
        links("二つ uri-list:https://a.example;https://b.example。"),
        ["uri-list:https://a.example;https://b.example"]
    );
    let found = find_links("é uri-list:https://a.example");
    assert_eq!(found[0].start, 3);
}

#[test]
fn pasted_text_in_its_three_forms() {
    let (form, read) =
        read_pasted("  uri-list:https://a.example;https://b.example?title=T \n").unwrap();
    assert_eq!(form, Form::Link);
    assert_eq!(read.list.title(), Some("T"));
    let (form, read) =
        read_pasted("Here you go: uri-list:https://a.example;https://b.example thanks").unwrap();
    assert_eq!((form, read.list.len()), (Form::Link, 2));
    let (form, read) =
        read_pasted("# my list\r\nhttps://a.example\r\nhttps://b.example\r\n#?title=Mine\r\n")
            .unwrap();
    assert_eq!(form, Form::Text);
    assert_eq!(
        read.list.to_link(),
        "uri-list:https://a.example;https://b.example?title=Mine"
    );
    let (form, read) = read_pasted("Try https://a.example/x?y=1, then (https://b.example/) and https://a.example/x?y=1 again; HTTPS://C.example.").unwrap();
    assert_eq!(form, Form::Urls);
    let items: Vec<&str> = read.list.items().iter().map(|i| i.as_str()).collect();
    assert_eq!(
        items,
        [
            "https://a.example/x?y=1",
            "https://b.example/",
            "HTTPS://C.example"
        ]
    );
    assert_eq!(
        read_pasted("nothing here, not even http:// alone").unwrap_err().to_string(),
        "nothing to open: the text holds no uri-list link, no text/uri-list and no http or https address"
    );
    assert!(read_pasted("uri-list:").is_err());
}

#[test]
fn pasted_addresses_keep_a_closing_bracket_whose_opening_one_they_hold() {
    // A Wikipedia page, an IPv6 host and a query in brackets lost their last ")" or "]": the
    // paste box opened another page. A bracket around the address is still left out.
    let (form, read) = read_pasted(
        "see https://en.wikipedia.org/wiki/Rust_(programming_language), http://[::1] and (https://c.example/?q=(a)).",
    )
    .unwrap();
    assert_eq!(form, Form::Urls);
    let items: Vec<&str> = read.list.items().iter().map(|i| i.as_str()).collect();
    assert_eq!(
        items,
        [
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
            "http://[::1]",
            "https://c.example/?q=(a)"
        ]
    );
}

#[test]
fn a_link_ending_in_many_unbalanced_brackets_is_found_in_linear_time() {
    // Each ")" past the last "(" was taken off one at a time, the brackets of the whole link
    // counted again for each: 200 000 of them (a page's text, linkified; a paste) took
    // minutes.
    let timed = |text: &str| {
        let start = std::time::Instant::now();
        let found = uri_list::find_links(text);
        (start.elapsed(), found.first().map(|f| f.link.len()))
    };
    let head = "uri-list:https://a.example/";
    let (plain, len) = timed(&format!("{head}{}", "a".repeat(200_000)));
    assert_eq!(len, Some(head.len() + 200_000));
    for close in [")", "]", "}", ").", "(x))"] {
        let text = format!("{head}{}", close.repeat(200_000 / close.len()));
        let (brackets, _) = timed(&text);
        assert!(
            brackets < plain * 5 + std::time::Duration::from_millis(300),
            "{close}: {brackets:?}, {plain:?} without brackets"
        );
    }
    // What is found is as before: the brackets that close nothing are left out.
    assert_eq!(
        uri_list::find_links(&format!("({head}x(y))))."))
            .first()
            .map(|f| f.link),
        Some("uri-list:https://a.example/x(y)")
    );
}
