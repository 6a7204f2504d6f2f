//! Finding links in text a person pasted or selected: a uri-list link in a
//! chat message, a text/uri-list document, or plain text with URLs in it.

use crate::prelude::*;

use crate::message::error::Error;
use crate::syntax::list::{Scheme, UriList};
use crate::syntax::parse::{Parsed, Parser};
use crate::syntax::text::from_text;

/// Where a uri-list link stands in a text, in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// The link.
    pub link: &'a str,
    /// Its byte offset in the text.
    pub start: usize,
}

/// Characters that end a link in running text: white space, and what
/// RFC 3986 Appendix C suggests as delimiters of URIs in text.
fn ends_link(c: char) -> bool {
    c.is_whitespace() || matches!(c, '<' | '>' | '"' | '`' | '\u{0}'..='\u{1f}')
}

/// Punctuation that ends a sentence rather than a link, in Latin and CJK text.
const SENTENCE_END: [char; 15] = [
    '.', ',', ':', '!', '?', '\'', ';', '。', '、', '，', '．', '！', '？', '」', '）',
];

/// Whether running text ends `link` before its last character, as
/// [`find_links`] (and chat apps' linkifiers) read it: a sentence's final
/// punctuation, or a closing `)`, `]` or `}` without its opening one in the
/// link; [`crate::UriList::to_link`] writes such a last character
/// percent-encoded. But for a `:`: an item that ends with one may be a
/// scheme alone (`uri-list:`, an empty nested list; `about:`), which
/// percent-encoded would be no scheme at all, and a web address seldom ends
/// with one (some linkifiers keep it, too).
pub(crate) fn loses_last_char(link: &str) -> bool {
    match link.chars().last() {
        Some(':') => false,
        Some(c) if SENTENCE_END.contains(&c) => true,
        Some(close @ (')' | ']' | '}')) => {
            let open = match close {
                ')' => '(',
                ']' => '[',
                _ => '{',
            };
            link.matches(close).count() > link.matches(open).count()
        }
        _ => false,
    }
}

/// `link`, as running text ends it: without the punctuation that ends a
/// sentence, and without a closing `)`, `]` or `}` whose opening one is not
/// in the link (`(https://a.example/x_(y))` keeps the `)` of `x_(y)`), taken
/// off the end in turn.
fn trim_text_end(mut link: &str) -> &str {
    // Each bracket's opens and closes in the link, counted once and kept
    // as the end is taken off (no sentence end is a bracket): counted
    // again for each bracket taken off, a link ending in many of them
    // cost their number times its length.
    let pairs = [('(', ')'), ('[', ']'), ('{', '}')];
    let mut counts = pairs.map(|(open, close)| {
        (
            link.bytes().filter(|&b| char::from(b) == open).count(),
            link.bytes().filter(|&b| char::from(b) == close).count(),
        )
    });
    loop {
        let trimmed = link.trim_end_matches(SENTENCE_END);
        let trimmed = match trimmed.chars().last() {
            Some(close @ (')' | ']' | '}')) => {
                let k = pairs.iter().position(|&(_, c)| c == close).unwrap_or(0);
                let (opens, closes) = &mut counts[k];
                if *closes > *opens {
                    *closes -= 1;
                    &trimmed[..trimmed.len() - 1]
                } else {
                    trimmed
                }
            }
            _ => trimmed,
        };
        if trimmed.len() == link.len() {
            return link;
        }
        link = trimmed;
    }
}

/// Finds the uri-list links (any of the four schemes, any case) in running
/// text, the way a chat app linkifies URLs: a link starts at its scheme, at
/// the start of the text or after a character that is not a letter, digit,
/// `+`, `-` or `.`, and ends before white space, `<`, `>`, `"` or a
/// backtick. Punctuation that ends a sentence (`.`, `,`, `:`, `!`, `?`, `'`,
/// `;`) is left out, and so is a closing `)`, `]` or `}` without its
/// opening one in the link.
///
/// ```
/// let text = "Tonight's options (uri-list:https://a.example;https://b.example?title=Food). Thoughts?";
/// let found = uri_list::find_links(text);
/// assert_eq!(found[0].link, "uri-list:https://a.example;https://b.example?title=Food");
/// ```
pub fn find_links(text: &str) -> Vec<Found<'_>> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(p) = bytes[i..].iter().position(|&b| b == b':') {
        let colon = i + p;
        i = colon + 1;
        // The scheme before the colon, as long as a scheme can be.
        let mut s = colon;
        while s > 0
            && (bytes[s - 1].is_ascii_alphanumeric() || matches!(bytes[s - 1], b'+' | b'-' | b'.'))
        {
            s -= 1;
        }
        let Some(scheme) = Scheme::from_name(&text[s..colon]) else {
            continue;
        };
        let name = scheme.as_str();
        // The scheme may be preceded by other scheme characters only when
        // they are not part of it (`xmulti:` is not `multi:`).
        let start = colon - name.len();
        if start != s {
            continue;
        }
        let rest = &text[colon + 1..];
        let len = rest.find(ends_link).unwrap_or(rest.len());
        let link = trim_text_end(&text[start..colon + 1 + len]);
        if link.len() > name.len() + 1 {
            found.push(Found { link, start });
        }
        i = start + link.len().max(name.len() + 1);
    }
    found
}

/// What [`read_pasted`] recognised in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(serde::Serialize, ts_rs::TS),
    serde(rename_all = "lowercase"),
    ts(rename = "PastedForm")
)]
pub enum Form {
    /// A uri-list link (alone, or the first one in running text).
    Link,
    /// A text/uri-list document.
    Text,
    /// Plain text with `http:` or `https:` URLs in it.
    Urls,
}

impl Form {
    /// The form as a lowercase word.
    pub const fn as_str(self) -> &'static str {
        match self {
            Form::Link => "link",
            Form::Text => "text",
            Form::Urls => "urls",
        }
    }
}

/// Reads what a person pasted: a uri-list link (or text holding one), a
/// text/uri-list document (one URI per line, `#` comments), or plain text
/// with web addresses in it, which are gathered in order, duplicates left
/// out. Returns the list as a parsed link would give it, and the form.
///
/// ```
/// use uri_list::{read_pasted, Form};
/// let (form, read) = read_pasted("see https://a.example/x, and https://b.example.").unwrap();
/// assert_eq!(form, Form::Urls);
/// assert_eq!(read.list.to_link(), "uri-list:https://a.example/x;https://b.example");
/// ```
pub fn read_pasted(text: &str) -> Result<(Form, Parsed), Error> {
    crate::syntax::text::too_long(text)?;
    let trimmed = text.trim();
    if Scheme::strip_prefix(trimmed).is_some() && !trimmed.contains(char::is_whitespace) {
        return Ok((Form::Link, Parser::new().parse(trimmed)?));
    }
    if let Some(first) = find_links(text).first() {
        return Ok((Form::Link, Parser::new().parse(first.link)?));
    }
    let lines: Vec<&str> = trimmed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let is_uri_line = |l: &&str| {
        l.starts_with('#')
            || (!l.contains(char::is_whitespace)
                && l.find(':').is_some_and(|c| {
                    c > 0 && crate::syntax::parse::is_scheme_name_bytes(&l.as_bytes()[..c])
                }))
    };
    if !lines.is_empty()
        && lines.iter().all(is_uri_line)
        && !lines.iter().all(|l| l.starts_with('#'))
    {
        let read = from_text(text)?;
        return Ok((
            Form::Text,
            Parsed {
                list: read.list,
                warnings: read.warnings,
            },
        ));
    }
    let mut list = UriList::new();
    let mut urls: Vec<&str> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(p) = bytes[i..]
        .iter()
        .position(|b| b.eq_ignore_ascii_case(&b'h'))
    {
        let start = i + p;
        i = start + 1;
        let after = &bytes[start..];
        let is = |prefix: &[u8]| {
            after.len() >= prefix.len() && after[..prefix.len()].eq_ignore_ascii_case(prefix)
        };
        let scheme_len = if is(b"https://") {
            8
        } else if is(b"http://") {
            7
        } else {
            continue;
        };
        if start > 0 && text.as_bytes()[start - 1].is_ascii_alphanumeric() {
            continue;
        }
        let rest = &text[start + scheme_len..];
        let len = rest.find(ends_link).unwrap_or(rest.len());
        let url = trim_text_end(&text[start..start + scheme_len + len]);
        if url.len() > scheme_len {
            urls.push(url);
        }
        i = start + url.len().max(scheme_len);
    }
    let first = crate::strset::first_of_each(&urls);
    for (n, url) in urls.iter().enumerate() {
        if first[n] == n {
            list.push(*url);
        }
    }
    if list.is_empty() {
        return Err(Error::new(crate::message::error::ErrorKind::NoLinks, 0));
    }
    Ok((
        Form::Urls,
        Parsed {
            list,
            warnings: Vec::new(),
        },
    ))
}
