//! Titled links (src/format.rs): whatever a page's title holds, it never
//! ends its link early nor becomes markup.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use uri_list::{format_links, Entry, Format, Link, UrlCrate};

fn one(title: &str, url: &str, format: Format<'_>) -> String {
    let entries = [Entry::Link(Link {
        title: title.into(),
        url: url.into(),
    })];
    format_links(&entries, format, &UrlCrate).unwrap()
}

/// The index of the first `]` not escaped by a backslash, in Markdown.
fn first_unescaped(text: &str, wanted: char) -> Option<usize> {
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == wanted {
            return Some(at);
        }
    }
    None
}

/// Markdown text with its backslash escapes read back.
fn unescape_markdown(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

proptest! {
    #[test]
    fn a_markdown_title_never_closes_its_link(title in "\\PC*", path in "[a-z()\\\\<> ]*") {
        let url = format!("https://a.example/{path}");
        let out = one(&title, &url, Format::Markdown);
        prop_assert!(out.starts_with("- ["));
        let text = &out[3..];
        let close = first_unescaped(text, ']').expect("the link text ends");
        // The link text ends at the `](` we wrote, and reads back as the title.
        prop_assert!(text[close..].starts_with("]("));
        let shown = title.split_whitespace().collect::<Vec<_>>().join(" ");
        let expected = if shown.is_empty() { url.clone() } else { shown };
        prop_assert_eq!(unescape_markdown(&text[..close]), expected);
        // The destination ends at the last character: no unescaped `)` or space before it.
        let dest = &text[close + 2..];
        prop_assert_eq!(first_unescaped(dest, ')'), Some(dest.len() - 1));
        prop_assert!(!dest.contains([' ', '<', '>']));
    }

    #[test]
    fn an_html_title_is_text(title in "\\PC*", query in "[a-z\"'<>&]*") {
        let url = format!("https://a.example/?{query}");
        let out = one(&title, &url, Format::Html);
        let inner = out
            .strip_prefix("<ul>\n<li><a href=\"")
            .and_then(|rest| rest.strip_suffix("</a></li>\n</ul>"))
            .expect("one item");
        let (href, text) = inner.split_once("\">").expect("the attribute ends once");
        for part in [href, text] {
            prop_assert!(!part.contains(['<', '>', '"', '\'']));
        }
        let unescape = |s: &str| {
            s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
        };
        prop_assert_eq!(unescape(href), url);
        if !title.trim().is_empty() {
            prop_assert_eq!(unescape(text), title.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
}

/// Text that mixes bidirectional controls (U+202E, U+2066, …) into ordinary text.
fn with_bidi_controls() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "\\PC{0,4}",
            prop::sample::select(vec![
                "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
                "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
            ])
            .prop_map(str::to_owned),
        ],
        0..8,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    /// A tab's title (or a group's name, or an address) holding a right-to-left override never
    /// puts one in a copied line, in any format: the address after it is shown as it is.
    #[test]
    fn no_format_writes_a_bidi_control(
        title in with_bidi_controls(),
        group in with_bidi_controls(),
        path in with_bidi_controls(),
    ) {
        let entries = [
            Entry::Link(Link { title: title.clone(), url: format!("https://a.example/{path}") }),
            Entry::Group {
                title: group,
                links: vec![Link { title, url: "https://b.example/".into() }],
            },
        ];
        let template = Format::Template { template: "{title} {group} {host} {url}", separator: "\\n" };
        for format in [Format::Markdown, Format::Html, Format::Plain, template] {
            let out = format_links(&entries, format, &UrlCrate).unwrap();
            prop_assert!(!out.contains(uri_list::is_bidi_control), "{:?}: {:?}", format, out);
        }
    }
}

#[test]
fn a_title_with_a_right_to_left_override_shows_the_address_as_it_is() {
    let title = "Login \u{202E}moc.elgoog//:sptth";
    let url = "https://evil.example/";
    assert_eq!(
        one(title, url, Format::Markdown),
        "- [Login moc.elgoog//:sptth](https://evil.example/)"
    );
    let template = Format::Template {
        template: "{title} <{url}>",
        separator: "\\n",
    };
    assert_eq!(
        one(title, url, template),
        "Login moc.elgoog//:sptth <https://evil.example/>"
    );
    assert_eq!(
        one("", "https://a.example/\u{202E}x", Format::Markdown),
        "- [https://a.example/%E2%80%AEx](https://a.example/%E2%80%AEx)"
    );
}

#[test]
fn an_address_with_a_control_character_is_written_without_it_raw() {
    // A lenient reading keeps an item's raw control characters: plain lines, HTML and
    // templates wrote an escape sequence in an address raw (to a terminal, through the CLI).
    for format in [
        Format::Plain,
        Format::Html,
        Format::Markdown,
        Format::Template {
            template: "{url}",
            separator: "\n",
        },
    ] {
        let out = one("", "https://a.example/\u{1b}[2J\u{7}\u{9b}", format);
        // (HTML's own line breaks apart.)
        let raw = |c: char| c.is_control() && c != '\n';
        assert!(!out.contains(raw), "{format:?}: {out:?}");
        assert!(out.contains("https://a.example/%1B"), "{format:?}: {out:?}");
    }
}
