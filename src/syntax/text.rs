//! The text/uri-list form (RFC 2483 §5) of a list: draft §5, with options
//! as `#?key=value` lines (§8.1) and nesting as `#` depth markers (§8.2).

use crate::prelude::*;

use crate::bidi::is_bidi_control;
use crate::message::error::{Error, ErrorKind, Violation, Warning};
use crate::syntax::list::{UriList, PAGE_TITLES};
use crate::syntax::percent::push_pct_char;

/// Writes the text/uri-list form of a list, every line ended by CRLF.
///
/// Items are written one per line, as decoded (draft §5). Options follow the
/// items of their list as `#?key=value` lines with the value decoded; only
/// `%`, control characters and bidirectional controls stay percent-encoded
/// there, so the lines read back exactly and show as they read. A nested
/// list is written between two lines of as many `#` as its depth. The fragment has no place in the text form and is left out.
///
/// Item lines are written as they are, but for what the line syntax cannot
/// carry or would show as something else: a control character (a carriage
/// return or line feed, an escape sequence), a bidirectional control (which
/// would reorder the line as shown), a leading `#` and white space at either
/// end are percent-encoded, so that such an item reads back in its
/// percent-encoded form (the same resource, as the link writes it) rather
/// than breaking the lines or reaching a terminal raw.
///
/// ```
/// let list = uri_list::parse("uri-list:https://a.com;https://b.com?title=Two").unwrap().list;
/// assert_eq!(uri_list::to_text(&list), "https://a.com\r\nhttps://b.com\r\n#?title=Two\r\n");
/// ```
pub fn to_text(list: &UriList) -> String {
    let mut out = String::with_capacity(list.items.iter().map(|i| i.uri.len() + 2).sum());
    write_text(list, 0, &mut out);
    out
}

fn write_text(list: &UriList, depth: usize, out: &mut String) {
    for item in &list.items {
        match &item.list {
            Some(child) => {
                let marker = "#".repeat(depth + 1);
                out.push_str(&marker);
                out.push_str("\r\n");
                write_text(child, depth + 1, out);
                out.push_str(&marker);
                out.push_str("\r\n");
            }
            None => {
                write_item_line(&item.uri, out);
                out.push_str("\r\n");
            }
        }
    }
    for (k, v) in &list.options {
        out.push_str("#?");
        write_option_text(k, Part::Key, out);
        out.push('=');
        write_option_text(v, Part::Value, out);
        out.push_str("\r\n");
    }
    if list.has_page_titles() {
        out.push_str("#?");
        out.push_str(PAGE_TITLES);
        out.push('=');
        list.write_page_titles(out, |title, out| {
            write_option_text(title, Part::PageTitle, out)
        });
        out.push_str("\r\n");
    }
}

/// What an option line's text is: a key (`=` escaped), a value, or one page
/// title of [`PAGE_TITLES`] (`~`, their separator, escaped).
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Key,
    Value,
    PageTitle,
}

fn write_item_line(uri: &str, out: &mut String) {
    let last = uri.len().saturating_sub(1);
    for (i, c) in uri.char_indices() {
        let escape = c.is_control()
            || is_bidi_control(c)
            || (i == 0 && c == '#')
            || ((i == 0 || i == last) && matches!(c, ' ' | '\t'));
        if escape {
            push_pct_char(out, c);
        } else {
            out.push(c);
        }
    }
}

fn write_option_text(s: &str, part: Part, out: &mut String) {
    // White space at either end would be trimmed with the line. A bidirectional
    // control is escaped, as a control character is: raw, it would reorder the
    // line as shown ("Invoice\u{202E}fdp.exe" reads "Invoiceexe.pdf").
    let body = s.trim_matches(|c: char| c.is_whitespace());
    let start = s.len() - s.trim_start_matches(|c: char| c.is_whitespace()).len();
    let end = start + body.len();
    for (i, c) in s.char_indices() {
        let edge = (i < start || i >= end) && c.is_whitespace();
        if c == '%'
            || c.is_control()
            || is_bidi_control(c)
            || edge
            || (part == Part::Key && c == '=')
            || (part == Part::PageTitle && c == '~')
        {
            push_pct_char(out, c);
        } else {
            out.push(c);
        }
    }
}

/// What [`from_text`] read, and what it had to overlook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromText {
    /// The list.
    pub list: UriList,
    /// Each problem, with the byte offset of its line.
    pub warnings: Vec<Warning>,
}

/// A text longer than a link may be ([`crate::MAX_LENGTH`]) is refused
/// before it is read: its cost in time and memory is bounded like a link's.
pub(crate) fn too_long(text: &str) -> Result<(), Error> {
    if text.len() > crate::MAX_LENGTH {
        return Err(Error::new(
            ErrorKind::TextTooLong {
                len: text.len(),
                max: crate::MAX_LENGTH,
            },
            crate::MAX_LENGTH,
        ));
    }
    Ok(())
}

/// A list read to its end: its items get the titles of its `#?page-titles`
/// line (split on `~`, then each decoded, as in a link), with a warning when
/// it has more titles than items; a key given twice is said, as a link's
/// reading says it (at `option_at`, each option line's offset).
fn finish(
    list: &mut UriList,
    line: Option<(&str, usize)>,
    option_at: &[usize],
    warnings: &mut Vec<Warning>,
) {
    let keys: Vec<&str> = list.options.iter().map(|(k, _)| k.as_str()).collect();
    for (i, first) in crate::strset::first_of_each(&keys).into_iter().enumerate() {
        if first != i {
            warnings.push(Warning {
                violation: Violation::DuplicateOption {
                    key: keys[i].to_owned(),
                },
                offset: option_at.get(i).copied().unwrap_or(0),
            });
        }
    }
    read_titles(list, line, warnings);
}

/// A list's `#?page-titles` line (its value, its offset) read into its items'
/// titles, with a warning when it has more titles than items.
fn read_titles(list: &mut UriList, line: Option<(&str, usize)>, warnings: &mut Vec<Warning>) {
    let Some((value, offset)) = line else { return };
    let (given, utf8) = list.read_page_titles(value, crate::syntax::percent::decode_option);
    if !utf8 {
        warnings.push(Warning {
            violation: Violation::OptionNotUtf8 {
                key: PAGE_TITLES.to_owned(),
            },
            offset,
        });
    }
    if given > list.len() {
        warnings.push(Warning {
            violation: Violation::PageTitlesBeyondItems {
                titles: given,
                items: list.len(),
            },
            offset,
        });
    }
}

/// The byte order mark, which a text may start with (it is no part of it).
const BOM: char = '\u{feff}';

/// Reads a text/uri-list document (RFC 2483 §5) into a list.
///
/// A byte order mark at the start, or at the start of any line (files
/// joined), is skipped. Lines may end in CRLF or LF. Blank lines and comments (`#` lines) are
/// skipped, except `#?key=value` option lines (draft §8.1) and lines made
/// only of `#`, the depth markers of nested lists (draft §8.2): a marker one
/// deeper than the current list opens a nested list, one at its depth closes
/// it. A marker that does neither is ignored with a warning; a nested list
/// left open at the end is read as if its marker were a comment (its items
/// join the list around it, each with the title its `#?page-titles` line
/// gave it), with a warning. Every other line is a URI, with
/// white space around it removed. A list's `#?page-titles` line names its
/// items wherever it is in the list (before them too); as in a link, the
/// first such line is used, and more titles than items is said.
///
/// ```
/// let read = uri_list::from_text("# my links\nhttps://a.com\n\nhttps://b.com\n#?title=Two\n").unwrap();
/// assert_eq!(read.list.to_link(), "uri-list:https://a.com;https://b.com?title=Two");
/// ```
pub fn from_text(text: &str) -> Result<FromText, Error> {
    too_long(text)?;
    let mut stack = vec![UriList::new()];
    // Each open list's `#?page-titles` line (its value, its offset), read
    // when the list is closed: the line may come before the items it names.
    let mut titles: Vec<Option<(&str, usize)>> = vec![None];
    // Each open list's option lines' offsets, for a key given twice.
    let mut option_at: Vec<Vec<usize>> = vec![Vec::new()];
    let mut warnings = Vec::new();
    // A byte order mark (a file saved by Notepad) is not part of the first line.
    let (body, mut offset) = match text.strip_prefix(BOM) {
        Some(rest) => (rest, BOM.len_utf8()),
        None => (text, 0),
    };
    for (n, raw) in body.split('\n').enumerate() {
        let line_at = offset;
        offset += raw.len() + 1;
        // A byte order mark is no part of a line, at its start or anywhere around
        // it: joined files saved by Notepad each start with one.
        let line = raw.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r' || c == BOM);
        if line.is_empty() {
            continue;
        }
        let current = stack.len() - 1;
        if let Some(option) = line.strip_prefix("#?") {
            let (k, v) = option.split_once('=').unwrap_or_else(|| {
                warnings.push(Warning {
                    violation: Violation::OptionLine { line: n + 1 },
                    offset: line_at,
                });
                (option, "")
            });
            let (k, key_ok) = crate::syntax::percent::decode_option(k);
            let list = &mut stack[current];
            if k == PAGE_TITLES {
                // As in a link: the first is used.
                if titles[current].is_some() {
                    warnings.push(Warning {
                        violation: Violation::DuplicateOption {
                            key: PAGE_TITLES.to_owned(),
                        },
                        offset: line_at,
                    });
                } else {
                    titles[current] = Some((v, line_at));
                }
            } else {
                let (v, value_ok) = crate::syntax::percent::decode_option(v);
                // As in a link: bad bytes are replaced, and said.
                if !key_ok || !value_ok {
                    warnings.push(Warning {
                        violation: Violation::OptionNotUtf8 { key: k.to_string() },
                        offset: line_at,
                    });
                }
                list.push_option(k, v);
                option_at[current].push(line_at);
            }
        } else if line.bytes().all(|b| b == b'#') {
            let depth = line.len();
            // No deeper than a link may nest: a deeper marker is ignored.
            if depth == current + 1 && depth <= crate::MAX_DEPTH {
                stack.push(UriList::new());
                titles.push(None);
                option_at.push(Vec::new());
            } else if depth == current && current > 0 && !stack[current].is_empty() {
                let mut child = stack.pop().expect("depth > 0");
                let at = option_at.pop().unwrap_or_default();
                finish(&mut child, titles.pop().flatten(), &at, &mut warnings);
                stack[current - 1].push_list(child);
            } else if depth == current && current > 0 {
                // `#` … `#` with nothing but comments between: two comments.
                let child = stack.pop().expect("depth > 0");
                stack[current - 1].options.extend(child.options);
                let at = option_at.pop().unwrap_or_default();
                option_at[current - 1].extend(at);
                match (titles.pop().flatten(), &titles[current - 1]) {
                    (Some(line), None) => titles[current - 1] = Some(line),
                    // A second line of the list around it: said, as in a link.
                    (Some((_, offset)), Some(_)) => warnings.push(Warning {
                        violation: Violation::DuplicateOption {
                            key: PAGE_TITLES.to_owned(),
                        },
                        offset,
                    }),
                    (None, _) => {}
                }
            } else {
                warnings.push(Warning {
                    violation: Violation::Marker { line: n + 1 },
                    offset: line_at,
                });
            }
        } else if !line.starts_with('#') {
            stack[current].push(line);
        }
    }
    while stack.len() > 1 {
        let depth = stack.len() - 1;
        warnings.push(Warning {
            violation: Violation::Unclosed { depth },
            offset: text.len(),
        });
        let mut child = stack.pop().expect("depth > 0");
        // Its page titles stay with its pages, wherever they land.
        read_titles(&mut child, titles.pop().flatten(), &mut warnings);
        let at = option_at.pop().unwrap_or_default();
        option_at.last_mut().expect("root").extend(at);
        let parent = stack.last_mut().expect("root");
        let first = parent.items.len();
        parent.items.extend(child.items);
        for (n, title) in child.page_titles.into_iter().enumerate() {
            if let Some(title) = title {
                parent.set_page_title(first + n, title);
            }
        }
        parent.options.extend(child.options);
    }
    let mut list = stack.pop().expect("root");
    let at = option_at.pop().unwrap_or_default();
    finish(&mut list, titles.pop().flatten(), &at, &mut warnings);
    // In the order of the text (a list's are said when it closes).
    warnings.sort_by_key(|w| w.offset);
    if list.is_empty() {
        return Err(Error::new(ErrorKind::NoUris, 0));
    }
    Ok(FromText { list, warnings })
}
