//! Titled links (src/format.rs): whatever a page's title holds, it never
//! ends its link early nor becomes markup.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use uri_list::{format_links, Entry, Format, Link};

fn one(title: &str, url: &str, format: Format<'_>) -> String {
    let entries = [Entry::Link(Link {
        title: title.into(),
        url: url.into(),
    })];
    format_links(&entries, format).unwrap()
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
