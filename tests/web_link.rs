//! Web links (src/syntax/web_link.rs): a list written on a base and read back, from
//! the fragment as a browser gives it (the `url` crate, the URL Standard's
//! parser, stands in for the browser here; tests/wasm.rs asks the browsers'
//! own `URL`). The command-line tool's web links are in cli/tests/cli.rs.

#![cfg(not(target_arch = "wasm32"))]

use uri_list::{link_in_web_link, list_link, parse, web_link, UriList, UrlCrate};

const BASE: &str = "https://lists.example/open/";

/// `url.hash` without the `#`: the fragment as a browser gives it.
fn browser_fragment(url: &str) -> String {
    url::Url::parse(url)
        .expect("a URL")
        .fragment()
        .expect("a fragment")
        .to_owned()
}

fn nested() -> UriList {
    let mut inner = UriList::from_iter(["https://c.example/x", "https://d.example/ü"]);
    inner.set_title("Innen; drin");
    let mut list = UriList::from_iter(["https://a.example/"]);
    list.push_list(inner);
    list.push("https://b.example/");
    list.set_title("Außen & #1");
    list
}

fn lists() -> Vec<UriList> {
    let mut titled = UriList::from_iter(["https://a.example/", "https://b.example/"]);
    titled.set_title("Zwei Seiten ä 😀");
    vec![
        titled,
        // `%23`, `;`, `?` and `#` inside items.
        UriList::from_iter([
            "https://a.example/search?q=C%23&x=1",
            "https://b.example/a;b?c=d#frag",
            "https://c.example/100%25off/%2523",
        ]),
        // Non-ASCII and spaces in items, an IDN host, a punycode one.
        UriList::from_iter([
            "https://bücher.example/straße?q=a b",
            "https://xn--bcher-kva.example/",
            "https://例え.jp/パス",
        ]),
        nested(),
    ]
}

#[test]
fn every_list_reads_back_from_its_web_link_as_a_browser_gives_it() {
    for list in lists() {
        let link = list.to_link();
        let web = web_link(BASE, &link, &UrlCrate).unwrap();
        assert!(web.starts_with("https://lists.example/open/#uri-list:"));
        // What the browser gives is what was written: nothing is left for it
        // to percent-encode.
        assert_eq!(browser_fragment(&web), link, "{web}");
        assert_eq!(url::Url::parse(&web).unwrap().as_str(), web);
        let inner = link_in_web_link(&web).unwrap();
        let back = parse(inner).unwrap();
        assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        assert_eq!(back.list, parse(&link).unwrap().list);
        assert_eq!(back.list.title(), list.title());
        assert_eq!(back.list.len(), list.len());
        for (got, want) in back.list.items().iter().zip(list.items()) {
            assert_eq!(
                got.as_str(),
                uri_list::encode_non_uri_chars(want.as_str()),
                "{web}"
            );
            assert_eq!(got.list().is_some(), want.list().is_some());
        }
    }
    let inner =
        parse(link_in_web_link(&web_link(BASE, &nested().to_link(), &UrlCrate).unwrap()).unwrap())
            .unwrap()
            .list;
    let nested_back = inner.items()[1].list().expect("the nested list");
    assert_eq!(nested_back.title(), Some("Innen; drin"));
    assert_eq!(nested_back.items()[1].as_str(), "https://d.example/%C3%BC");
    assert_eq!(inner.title(), Some("Außen & #1"));
}

#[test]
fn a_link_typed_with_spaces_and_non_ascii_reads_as_its_encoded_form() {
    // As a person types it, and as the browser's `hash` gives it back.
    let typed = "https://lists.example/#uri-list:https://a.example/ä b;https://b.example/\"x\"?title=Zwei Seiten ä";
    let given = browser_fragment(typed);
    assert_eq!(
        given,
        "uri-list:https://a.example/%C3%A4%20b;https://b.example/%22x%22?title=Zwei%20Seiten%20%C3%A4"
    );
    let read = parse(&given).unwrap();
    assert!(read.warnings.is_empty());
    assert_eq!(read.list.title(), Some("Zwei Seiten ä"));
    let raw = parse(link_in_web_link(typed).unwrap()).unwrap();
    assert_eq!(raw.list.title(), read.list.title());
    for (a, b) in raw.list.items().iter().zip(read.list.items()) {
        assert_eq!(uri_list::encode_non_uri_chars(a.as_str()), b.as_str());
    }
}

#[test]
fn every_scheme_in_any_case_and_any_base() {
    for scheme in [
        "uri-list",
        "URI-LIST",
        "multi",
        "Multi",
        "web+urilist",
        "WEB+URILIST",
        "ext+urilist",
        "Ext+UriList",
    ] {
        for base in [
            "https://h.example/",
            "HTTP://h.example:8080/a/b.html?x=1&y=2",
            "https://h.example/#old-fragment",
            "http://127.0.0.1:8000/web/index.html",
        ] {
            let link = format!("{scheme}:https://a.example;https://b.example?title=T");
            let web = web_link(base, &link, &UrlCrate).unwrap();
            assert_eq!(link_in_web_link(&web), Some(link.as_str()), "{web}");
            assert_eq!(list_link(&web).unwrap(), link);
            assert!(!web.contains("old-fragment"));
            let list = parse(list_link(&web).unwrap()).unwrap().list;
            assert_eq!(list.len(), 2);
            assert_eq!(list.title(), Some("T"));
        }
    }
}

#[test]
fn bad_bases_and_links_are_refused_with_a_message() {
    let e = web_link(
        "lists.example/open",
        "uri-list:https://a.example",
        &UrlCrate,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "\"lists.example/open\" cannot start web links: it must be an absolute http: or https: address, such as https://example.com/list/"
    );
    assert_eq!(e.message().code, "errorWebBase");
    let e = web_link(BASE, "https://a.example", &UrlCrate).unwrap_err();
    assert_eq!(e.message().code, "errorScheme");
    let e = web_link(BASE, " ", &UrlCrate).unwrap_err();
    assert_eq!(e.message().code, "errorEmptyInput");
    let e = list_link("https://lists.example/open/#top").unwrap_err();
    assert_eq!(e.message().code, "errorWebNoList");
    // A web link is not a nested list: an item that is one is a page.
    let list = parse("uri-list:https://h.example/%23uri-list:https://a.example;https://b.example")
        .unwrap()
        .list;
    assert!(list.items()[0].list().is_none());
}
