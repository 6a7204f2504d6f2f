//! Titled links as text for a person to paste: Markdown, HTML, plain lines,
//! or a template of their own (the extension's "Copy as…" formats).
//!
//! The input is what a browser window holds: links (a page's title and its
//! address) and groups of links (a tab group's name and its tabs); groups do
//! not nest, as tab groups do not. Each format escapes the titles so that a
//! title can never end the link early or become markup: Markdown backslash
//! escapes (CommonMark §2.4), HTML character references. No bidirectional
//! control character reaches a copied line raw (a right-to-left override in a
//! tab's title would show the address after it reversed): removed from titles
//! and names ([`without_bidi_controls`]), percent-encoded in addresses; nor
//! does any other control character (removed from titles, percent-encoded in
//! addresses).

use crate::prelude::*;
use alloc::borrow::Cow;

use crate::bidi::{is_bidi_control, without_bidi_controls};
use crate::check::check_item;
use crate::message::{Code, Message};
use crate::platform::UrlParser;
use crate::syntax::percent::push_pct_char;

/// A page: its title (may be empty: the address stands in for it) and its
/// address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The page's title, as the tab shows it.
    pub title: String,
    /// The page's address.
    pub url: String,
}

/// A link, or a named group of links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// One page.
    Link(Link),
    /// A tab group: its name (empty for an unnamed group, whose links are
    /// then written as if they were not grouped) and its pages.
    Group {
        /// The group's name.
        title: String,
        /// Its pages, in order.
        links: Vec<Link>,
    },
}

/// How to write the links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format<'a> {
    /// A Markdown list of `[title](url)`; a group is an item with its name
    /// and its links as a nested list.
    Markdown,
    /// An HTML `<ul>` of `<a href="url">title</a>`; a group is an item with
    /// its name and a nested `<ul>`.
    Html,
    /// The title on one line, the address on the next; links apart by an
    /// empty line; a group's name, then its links indented by two spaces.
    Plain,
    /// A person's own template, for each link, joined by `separator`:
    /// `{title}`, `{url}`, `{index}` (1, 2, … over all the links), `{host}`
    /// (the site's name in Unicode, as the core names sites) and `{group}`
    /// (the link's group name, or nothing). In both, `\n` is a line break,
    /// `\t` a tab and `\\` a backslash; anything else is kept as written.
    Template {
        /// The text for each link.
        template: &'a str,
        /// What goes between two links.
        separator: &'a str,
    },
}

/// The links written in `format`. Fails only for a template without
/// `{url}` (the copy would carry no address: said in
/// [`Code::templateNoUrl`]).
pub fn format_links(
    entries: &[Entry],
    format: Format<'_>,
    urls: &dyn UrlParser,
) -> Result<String, Message> {
    let mut out = String::new();
    match format {
        Format::Markdown => markdown(entries, &mut out),
        Format::Html => html(entries, &mut out),
        Format::Plain => plain(entries, &mut out),
        Format::Template {
            template,
            separator,
        } => {
            check_template(template)?;
            let separator = unescape(separator);
            let template = unescape(template);
            let mut index = 0usize;
            for (group, link) in flat(entries) {
                if index > 0 {
                    out.push_str(&separator);
                }
                index += 1;
                expand(&template, group, link, index, urls, &mut out);
            }
        }
    }
    Ok(out)
}

/// Whether `template` can be used: it must hold `{url}`.
pub fn check_template(template: &str) -> Result<(), Message> {
    if template.contains("{url}") {
        Ok(())
    } else {
        Err(Message::new(Code::templateNoUrl))
    }
}

/// Every link with its group's name ("" for none), in order.
fn flat(entries: &[Entry]) -> impl Iterator<Item = (&str, &Link)> {
    entries.iter().flat_map(|entry| {
        let (group, links) = match entry {
            Entry::Link(link) => ("", core::slice::from_ref(link)),
            Entry::Group { title, links } => (title.as_str(), links.as_slice()),
        };
        links.iter().map(move |link| (group, link))
    })
}

/// A title on one line: runs of white space (line breaks too) as one space,
/// none at either end, and no bidirectional control character nor any other
/// control character (an escape sequence or a bell in a title would reach a
/// terminal, and no app shows them).
fn one_line(title: &str) -> String {
    without_bidi_controls(title)
        .split_whitespace()
        .map(|word| word.replace(char::is_control, ""))
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// An address as it is written in a copied line: a bidirectional control
/// or any other control character (an escape sequence, which a lenient
/// reading keeps in an item) percent-encoded, as a browser sends it; the
/// rest as it is.
fn address(url: &str) -> Cow<'_, str> {
    let encoded = |c: char| is_bidi_control(c) || c.is_control();
    if !url.contains(encoded) {
        return Cow::Borrowed(url);
    }
    let mut out = String::with_capacity(url.len() + 16);
    for c in url.chars() {
        if encoded(c) {
            push_pct_char(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The text a link shows: its title on one line, else its address.
fn shown(link: &Link) -> String {
    let title = one_line(&link.title);
    if title.is_empty() {
        address(&link.url).into_owned()
    } else {
        title
    }
}

/// The entries as they are written: a named group with its links, or links
/// without a group (a link, or the links of an unnamed group).
fn blocks(entries: &[Entry]) -> Vec<(Option<String>, &[Link])> {
    let mut blocks = Vec::new();
    for entry in entries {
        match entry {
            Entry::Link(link) => blocks.push((None, core::slice::from_ref(link))),
            Entry::Group { title, links } => {
                let title = one_line(title);
                blocks.push(((!title.is_empty()).then_some(title), links.as_slice()));
            }
        }
    }
    blocks
}

fn markdown(entries: &[Entry], out: &mut String) {
    for (group, links) in blocks(entries) {
        let indent = match group {
            Some(name) => {
                line_start(out);
                out.push_str("- ");
                md_block_text(&name, out);
                "  "
            }
            None => "",
        };
        for link in links {
            line_start(out);
            out.push_str(indent);
            out.push_str("- [");
            md_text(&shown(link), out);
            out.push_str("](");
            md_url(&link.url, out);
            out.push(')');
        }
    }
}

/// A line break before what follows, unless it is the first line.
fn line_start(out: &mut String) {
    if !out.is_empty() {
        out.push('\n');
    }
}

/// Text in Markdown, every character that could start markup escaped
/// (CommonMark: any ASCII punctuation may be escaped with a backslash): the
/// link's brackets, emphasis, code, raw HTML and autolinks, strikethrough,
/// and `&` where it would start a character reference.
fn md_text(text: &str, out: &mut String) {
    for (at, c) in text.char_indices() {
        let escape = match c {
            '\\' | '[' | ']' | '(' | ')' | '*' | '_' | '`' | '<' | '>' | '~' | '|' => true,
            '&' => starts_reference(&text[at + 1..]),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Whether `rest` (after a `&`) makes it a character reference: `name;`,
/// `#digits;` or `#xhex;`.
fn starts_reference(rest: &str) -> bool {
    let body = rest.split(';').next().unwrap_or("");
    body.len() < rest.len()
        && !body.is_empty()
        && body.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'#')
}

/// A group's name at the start of a list item: also escaped where it would
/// start a block of its own (a heading `#`, a list `-`/`+`, a numbered list
/// `1.`, a quote `>`).
fn md_block_text(text: &str, out: &mut String) {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if matches!(text.as_bytes().first(), Some(b'#' | b'-' | b'+' | b'=')) {
        out.push('\\');
    } else if digits > 0 && text.as_bytes().get(digits) == Some(&b'.') {
        // (A `)` after the digits is escaped by `md_text` anyway.)
        out.push_str(&text[..digits]);
        out.push('\\');
        md_text(&text[digits..], out);
        return;
    }
    md_text(text, out);
}

/// An address as a Markdown link destination, read back as the same
/// address: `\`, `(` and `)` escaped, white space, `<`, `>` and control
/// characters percent-encoded (what a browser sends for them anyway).
fn md_url(url: &str, out: &mut String) {
    for c in url.chars() {
        match c {
            '\\' | '(' | ')' => {
                out.push('\\');
                out.push(c);
            }
            ' ' | '<' | '>' => push_pct_char(out, c),
            c if c.is_control() || is_bidi_control(c) => push_pct_char(out, c),
            c => out.push(c),
        }
    }
}

fn html(entries: &[Entry], out: &mut String) {
    out.push_str("<ul>");
    for (group, links) in blocks(entries) {
        if let Some(name) = &group {
            out.push_str("\n<li>");
            html_text(name, out);
            out.push_str("\n<ul>");
        }
        for link in links {
            out.push_str("\n<li><a href=\"");
            html_text(&address(&link.url), out);
            out.push_str("\">");
            html_text(&shown(link), out);
            out.push_str("</a></li>");
        }
        if group.is_some() {
            out.push_str("\n</ul></li>");
        }
    }
    out.push_str("\n</ul>");
}

/// Text or an attribute's value in HTML: `&`, `<`, `>`, `"` and `'` as
/// character references.
fn html_text(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

fn plain(entries: &[Entry], out: &mut String) {
    for (group, links) in blocks(entries) {
        let indent = match group {
            Some(name) => {
                paragraph(out);
                out.push_str(&name);
                "  "
            }
            None => "",
        };
        for link in links {
            if indent.is_empty() {
                paragraph(out);
            } else {
                out.push('\n');
            }
            let title = one_line(&link.title);
            if !title.is_empty() {
                out.push_str(indent);
                out.push_str(&title);
                out.push('\n');
            }
            out.push_str(indent);
            out.push_str(&address(&link.url));
        }
    }
}

/// An empty line before what follows, unless it is the first.
fn paragraph(out: &mut String) {
    if !out.is_empty() {
        out.push_str("\n\n");
    }
}

/// `\n`, `\t` and `\\` as the characters they name.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// One link in a template: each known `{name}` replaced, the rest as written.
fn expand(
    template: &str,
    group: &str,
    link: &Link,
    index: usize,
    urls: &dyn UrlParser,
    out: &mut String,
) {
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        rest = &rest[open..];
        let Some(close) = rest.find('}') else { break };
        match &rest[1..close] {
            "title" => out.push_str(&shown(link)),
            "url" => out.push_str(&address(&link.url)),
            "index" => out.push_str(&crate::message::digits::decimal(index as u64)),
            "host" => {
                if let Some(site) = check_item(&link.url, urls).site {
                    out.push_str(&without_bidi_controls(&site.unicode));
                }
            }
            "group" => out.push_str(&one_line(group)),
            _ => {
                // Not a name: the brace is text; look for the next one after it.
                out.push('{');
                rest = &rest[1..];
                continue;
            }
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
}

#[cfg(all(test, feature = "url"))]
mod tests {
    use super::*;
    use crate::UrlCrate;

    fn link(title: &str, url: &str) -> Entry {
        Entry::Link(Link {
            title: title.into(),
            url: url.into(),
        })
    }

    fn group(title: &str, links: &[(&str, &str)]) -> Entry {
        Entry::Group {
            title: title.into(),
            links: links
                .iter()
                .map(|(t, u)| Link {
                    title: (*t).into(),
                    url: (*u).into(),
                })
                .collect(),
        }
    }

    fn sample() -> Vec<Entry> {
        vec![
            link("A [b] <c> & \"d\" 'e' ä", "https://a.example/x?q=1&r=(2)"),
            group(
                "News & more",
                &[
                    ("", "https://b.example/"),
                    ("B\nline", "https://xn--bcher-kva.de/"),
                ],
            ),
        ]
    }

    fn f(format: Format<'_>) -> String {
        format_links(&sample(), format, &UrlCrate).unwrap()
    }

    #[test]
    fn other_control_characters_are_removed_from_titles() {
        // An escape sequence, a bell, DEL and a C1 control: none reaches a copied line (nor a
        // terminal, through the CLI's `format`); a line break is white space.
        assert_eq!(
            one_line("\u{1b}[31mRed\u{7}\u{7f} \u{9b}\n\u{1b}\tB"),
            "[31mRed B"
        );
        assert_eq!(one_line("\u{1b}\u{7}"), "");
    }

    #[test]
    fn bidi_controls_are_removed_from_text_and_kept_out_of_addresses() {
        for c in [
            '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}',
            '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ] {
            assert!(is_bidi_control(c), "{c:?}");
        }
        // Joiners and marks that scripts need are not bidi controls.
        for c in ['\u{200C}', '\u{200D}', '\u{0301}', 'a', '\u{05D0}'] {
            assert!(!is_bidi_control(c), "{c:?}");
        }
        assert_eq!(without_bidi_controls("a\u{202E}b\u{2066}c"), "abc");
        assert!(matches!(
            without_bidi_controls("plain"),
            Cow::Borrowed("plain")
        ));
        assert_eq!(
            address("https://a.example/\u{202E}"),
            "https://a.example/%E2%80%AE"
        );
        let entries = [group(
            "\u{202E}News",
            &[("\u{2067}A\u{2069}", "https://a.example/\u{200F}")],
        )];
        assert_eq!(
            format_links(&entries, Format::Html, &UrlCrate).unwrap(),
            "<ul>\n<li>News\n<ul>\n<li><a href=\"https://a.example/%E2%80%8F\">A</a></li>\n</ul></li>\n</ul>"
        );
        assert_eq!(
            format_links(&entries, Format::Plain, &UrlCrate).unwrap(),
            "News\n  A\n  https://a.example/%E2%80%8F"
        );
    }

    #[test]
    fn markdown_escapes_titles_and_addresses() {
        assert_eq!(
            f(Format::Markdown),
            "- [A \\[b\\] \\<c\\> & \"d\" 'e' ä](https://a.example/x?q=1&r=\\(2\\))\n\
             - News & more\n  \
               - [https://b.example/](https://b.example/)\n  \
               - [B line](https://xn--bcher-kva.de/)"
        );
        let mut out = String::new();
        md_text("&amp; &#38; &x & ;", &mut out);
        assert_eq!(out, "\\&amp; \\&#38; &x & ;");
        let mut out = String::new();
        md_url("https://a.example/a b<c>\\", &mut out);
        assert_eq!(out, "https://a.example/a%20b%3Cc%3E\\\\");
        for (name, written) in [
            ("# x", "\\# x"),
            ("1. x", "1\\. x"),
            ("2) x", "2\\) x"),
            ("- x", "\\- x"),
        ] {
            let mut out = String::new();
            md_block_text(name, &mut out);
            assert_eq!(out, written);
        }
    }

    #[test]
    fn html_escapes_text_and_attributes() {
        assert_eq!(
            f(Format::Html),
            "<ul>\n<li><a href=\"https://a.example/x?q=1&amp;r=(2)\">A [b] &lt;c&gt; &amp; &quot;d&quot; &#39;e&#39; ä</a></li>\n\
             <li>News &amp; more\n<ul>\n\
             <li><a href=\"https://b.example/\">https://b.example/</a></li>\n\
             <li><a href=\"https://xn--bcher-kva.de/\">B line</a></li>\n</ul></li>\n</ul>"
        );
    }

    #[test]
    fn plain_is_title_then_address() {
        assert_eq!(
            f(Format::Plain),
            "A [b] <c> & \"d\" 'e' ä\nhttps://a.example/x?q=1&r=(2)\n\n\
             News & more\n  https://b.example/\n  B line\n  https://xn--bcher-kva.de/"
        );
    }

    #[test]
    fn templates_expand_names_and_escapes() {
        let out = f(Format::Template {
            template: "{index}. {title} <{url}> {host} {group}{nope}",
            separator: "\\n--\\n",
        });
        assert_eq!(
            out,
            "1. A [b] <c> & \"d\" 'e' ä <https://a.example/x?q=1&r=(2)> a.example {nope}\n--\n\
             2. https://b.example/ <https://b.example/> b.example News & more{nope}\n--\n\
             3. B line <https://xn--bcher-kva.de/> bücher.de News & more{nope}"
        );
        assert_eq!(unescape("a\\tb\\\\n\\q\\"), "a\tb\\n\\q\\");
        let no_url = format_links(
            &sample(),
            Format::Template {
                template: "{title}",
                separator: "\n",
            },
            &UrlCrate,
        );
        assert_eq!(no_url.unwrap_err().code, Code::templateNoUrl);
    }

    #[test]
    fn unnamed_groups_are_written_as_loose_links() {
        let entries = [group(" ", &[("T", "https://t.example/")])];
        assert_eq!(
            format_links(&entries, Format::Markdown, &UrlCrate).unwrap(),
            "- [T](https://t.example/)"
        );
        assert_eq!(
            format_links(&entries, Format::Plain, &UrlCrate).unwrap(),
            "T\nhttps://t.example/"
        );
    }
}
