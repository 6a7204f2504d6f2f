//! Errors and warnings.
//!
//! Fatal errors ([`Error`]) and non-fatal syntax violations ([`Warning`]) are kept
//! apart, as in a browser's URL parser: a lenient parse turns every violation
//! into a warning and still produces the best reading; a strict parse stops at
//! the first one. Every message is lowercase, names what is wrong, and carries
//! the byte offset in the link where it was found.

use crate::prelude::*;

use crate::message::digits::{code_point, decimal};
use crate::message::{Arg, Code, Message};
use core::fmt;

/// What went wrong, without the position. Messages are lowercase and name the
/// offending text where that helps.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input was empty (or only white space).
    EmptyInput,
    /// The input does not start with a uri-list scheme.
    NotAUriList {
        /// The scheme that was found, if any.
        found: Option<String>,
    },
    /// The scheme was there but no item followed it.
    EmptyList,
    /// The link is longer than the limit.
    TooLong {
        /// The length of the link in bytes.
        len: usize,
        /// The limit in bytes.
        max: usize,
    },
    /// A text (a text/uri-list, pasted text) is longer than the limit.
    TextTooLong {
        /// The length of the text in bytes.
        len: usize,
        /// The limit in bytes.
        max: usize,
    },
    /// A nested list is deeper than the limit.
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A strict parse found a syntax violation.
    Violation(Violation),
    /// A text/uri-list document holds no URI.
    NoUris,
    /// Pasted text holds no uri-list link, text/uri-list or web address.
    NoLinks,
    /// A base for web links is not an absolute `http(s)` URL with a host.
    WebBase {
        /// The base as given.
        base: String,
    },
    /// A base for web links carries a user name or password: it would read
    /// as `userinfo` (`https://paypal.com@evil.example/`) while its links
    /// open `host`.
    WebBaseUserinfo {
        /// The base as given.
        base: String,
        /// What stands between `//` and the last `@` of its authority.
        userinfo: String,
        /// What follows that `@`: the host, and the port if any.
        host: String,
    },
    /// A base for web links holds a backslash, which a browser reads as
    /// `/`: `https://evil.example\@paypal.com/` opens evil.example.
    WebBaseBackslash {
        /// The base as given.
        base: String,
    },
    /// The host of a base for web links holds a character no host may hold
    /// (the URL Standard's forbidden domain code points), written as it is
    /// or escaped: `https://paypal.com%40evil.example/`, whose `%40` is an
    /// `@`, is no URL, and reads as paypal.com.
    WebBaseHostChar {
        /// The base as given.
        base: String,
        /// Its host as written, without the port.
        host: String,
        /// The character as written in the host, or its escape (`%40`).
        written: String,
        /// The character.
        ch: char,
    },
    /// An `http(s)` address was given for a link, but its fragment holds no
    /// uri-list link: it is a web page, not a web link.
    NoListInWebLink,
}

/// A fatal error with the byte offset in the input where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, offset: usize) -> Self {
        Error { kind, offset }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The byte offset in the input where it went wrong.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl Error {
    /// What went wrong, as a message that can be translated.
    pub fn message(&self) -> Message {
        self.message_at(0)
    }

    /// [`Error::message`] of an error in a list nested `depth` levels deep
    /// in the link a person writes (see [`Violation::message_at`]).
    pub(crate) fn message_at(&self, depth: usize) -> Message {
        let at = self.offset;
        match &self.kind {
            ErrorKind::EmptyInput => Message::new(Code::errorEmptyInput),
            ErrorKind::NotAUriList { found: Some(s) } => Message::with(Code::errorScheme, &[s]),
            ErrorKind::NotAUriList { found: None } => Message::new(Code::errorNoScheme),
            ErrorKind::EmptyList => Message::with(Code::errorEmptyList, &[&decimal(at as u64)]),
            ErrorKind::TooLong { len, max } => Message::with(
                Code::errorTooLong,
                &[&decimal(*len as u64), &decimal(*max as u64)],
            ),
            ErrorKind::TextTooLong { len, max } => Message::with(
                Code::errorTextTooLong,
                &[&decimal(*len as u64), &decimal(*max as u64)],
            ),
            ErrorKind::TooDeep { max } => Message::with(
                Code::errorTooDeep,
                &[&decimal(at as u64), &decimal(*max as u64)],
            ),
            ErrorKind::Violation(v) => Message {
                code: Code::errorAtByte,
                args: vec![v.message_at(depth).into(), decimal(at as u64).into()],
            },
            ErrorKind::NoUris => Message::new(Code::errorNoUris),
            ErrorKind::NoLinks => Message::new(Code::errorNoLinks),
            ErrorKind::WebBase { base } => Message::with(Code::errorWebBase, &[base]),
            ErrorKind::WebBaseUserinfo {
                base,
                userinfo,
                host,
            } => Message::with(Code::errorWebBaseUserinfo, &[base, userinfo, host]),
            ErrorKind::WebBaseBackslash { base } => {
                Message::with(Code::errorWebBaseBackslash, &[base])
            }
            ErrorKind::WebBaseHostChar {
                base,
                host,
                written,
                ch,
            } => {
                let shown = host_char(*ch);
                if written.starts_with('%') && written.len() == 3 {
                    Message {
                        code: Code::errorWebBaseHostEscape,
                        args: vec![
                            base.clone().into(),
                            written.clone().into(),
                            host.clone().into(),
                            shown,
                        ],
                    }
                } else {
                    Message {
                        code: Code::errorWebBaseHostChar,
                        args: vec![base.clone().into(), host.clone().into(), shown],
                    }
                }
            }
            ErrorKind::NoListInWebLink => Message::new(Code::errorWebNoList),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl core::error::Error for Error {}

/// A syntax violation: the input does not follow the grammar, but a lenient
/// reading is still possible. Strict parsing turns the first one into an
/// [`Error`]; lenient parsing reports each as a [`Warning`].
///
/// In the fields, `item` is the 1-based number of the item in the link
/// (counting empty ones), `line` a 1-based line of a text/uri-list, `ch` the
/// offending character and `key` an option's key.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[allow(missing_docs)]
pub enum Violation {
    /// White space or control characters around the link were removed.
    SurroundingWhitespace,
    /// A tab or newline inside the link was removed (as a browser does).
    TabOrNewline,
    /// An item is empty (`a;;b`, or a trailing `;`); it is skipped.
    EmptyItem { item: usize },
    /// White space around an item was removed.
    ItemWhitespace { item: usize },
    /// A character that may not stand in a link appears in an item.
    Character { item: usize, ch: char },
    /// A character that may not stand in a link appears in the query or fragment.
    QueryCharacter { ch: char },
    /// A `%` is not followed by two hex digits.
    PercentEscape { item: Option<usize> },
    /// An unencoded `?` inside an item (it was read as part of the item
    /// because a `;` and another item follow it).
    UnencodedQuestionMark { item: usize },
    /// An unencoded `#` inside an item (read as part of the item because a
    /// `;` and another item follow it).
    UnencodedNumberSign { item: usize },
    /// An option value is not valid UTF-8 once percent-decoded.
    OptionNotUtf8 { key: String },
    /// An option appears twice; the first one is used.
    DuplicateOption { key: String },
    /// The link has a fragment; it belongs to the list, not to its last item,
    /// and has no meaning when the list is opened.
    Fragment,
    /// `page-titles` gives more titles than the list has items; those past
    /// the last item are not kept.
    PageTitlesBeyondItems { titles: usize, items: usize },
    /// A nested list could not be read; the item is kept as a plain item.
    /// Not a grammar violation: a list may hold invalid URIs (draft §3).
    Nested { item: usize, message: Message },
    /// A warning inside a nested list; the offset is the item's.
    InNested { item: usize, inner: Box<Warning> },
    /// More warnings than are kept ([`crate::MAX_WARNINGS`]).
    More { count: usize },
    /// text/uri-list: a `#` depth marker line that opens no list and closes none.
    Marker { line: usize },
    /// text/uri-list: a nested list is not closed by the end of the text.
    Unclosed { depth: usize },
    /// text/uri-list: an option line `#?…` without `=`.
    OptionLine { line: usize },
    /// An option this crate does not read (`key`, written `pair` in the
    /// link). Kept among the options, with this note: most often it is the
    /// query of the last item (`item`, when that is a web address) whose `?`
    /// was left unencoded, or `&amp;` copied from HTML. Not a grammar
    /// violation: a note.
    UnknownOption {
        key: String,
        pair: String,
        item: Option<usize>,
    },
    /// An item without a scheme that reads as a web address was read as
    /// `https://` followed by it, as an address bar reads it (lenient mode
    /// only). Not a grammar violation: a note.
    SchemeAdded { written: String, url: String },
}

/// How `escape` (`%23` or `%3F`; `%3B` the same) is written in a list nested
/// `depth` levels deep, as the link a person writes holds it: a nested list
/// is an item of the list around it, whose reading turns its `%23` into `#`
/// and takes one `25` off a longer run (`%2523` is `%23`: the escape rule in
/// the crate's docs), so each level adds one `25`: `%23` in the link's own
/// items, `%2523` in a nested list's, `%252523` one level deeper. (A `%25`
/// is read as it is at every level: it needs no such care.)
fn escaped_at(escape: &str, depth: usize) -> String {
    let mut out = String::with_capacity(escape.len() + 2 * depth);
    out.push('%');
    for _ in 0..depth {
        out.push_str("25");
    }
    out.push_str(escape.trim_start_matches('%'));
    out
}

impl Violation {
    /// What is wrong, as a message that can be translated.
    pub fn message(&self) -> Message {
        self.message_at(0)
    }

    /// [`Violation::message`] of a violation in a list nested `depth` levels
    /// deep in the link a person writes: the escapes it advises are written
    /// as they must stand there ([`escaped_at`]), and a warning inside a
    /// nested list ([`Violation::InNested`]) is said one level deeper.
    pub(crate) fn message_at(&self, depth: usize) -> Message {
        let number = |n: &usize| Some(decimal(*n as u64));
        let advised = |code: Code, item: &usize, escape: &str| {
            Message::with(code, &[&decimal(*item as u64), &escaped_at(escape, depth)])
        };
        let (code, arg): (Code, Option<String>) = match self {
            Violation::SurroundingWhitespace => (Code::violationSurroundingSpace, None),
            Violation::TabOrNewline => (Code::violationTabOrNewline, None),
            Violation::EmptyItem { item } => (Code::violationEmptyItem, number(item)),
            Violation::ItemWhitespace { item } => (Code::violationItemSpace, number(item)),
            Violation::Character { item, ch } => {
                return Message {
                    code: Code::violationCharacter,
                    args: vec![describe_char(*ch), decimal(*item as u64).into()],
                }
            }
            Violation::QueryCharacter { ch } => {
                return Message {
                    code: Code::violationQueryCharacter,
                    args: vec![describe_char(*ch)],
                }
            }
            // "%25" at every depth: a nested link's `%25` is `%25` in the
            // link around it too (a single `%25` is read as it is).
            Violation::PercentEscape { item: Some(item) } => (Code::violationPercent, number(item)),
            Violation::PercentEscape { item: None } => (Code::violationQueryPercent, None),
            Violation::UnencodedQuestionMark { item } => {
                return advised(Code::violationQuestionMark, item, "%3F")
            }
            Violation::UnencodedNumberSign { item } => {
                return advised(Code::violationNumberSign, item, "%23")
            }
            Violation::OptionNotUtf8 { key } => (Code::violationOptionUtf8, Some(key.clone())),
            Violation::UnknownOption { key, .. } => {
                (Code::violationUnknownOption, Some(key.clone()))
            }
            Violation::DuplicateOption { key } => {
                (Code::violationDuplicateOption, Some(key.clone()))
            }
            Violation::Fragment => (Code::violationFragment, None),
            Violation::PageTitlesBeyondItems { titles, items } => {
                return Message {
                    code: Code::violationPageTitles,
                    args: vec![
                        decimal(*titles as u64).into(),
                        decimal(*items as u64).into(),
                    ],
                }
            }
            Violation::InNested { item, inner } => {
                return Message {
                    code: Code::violationInNested,
                    args: vec![
                        decimal(*item as u64).into(),
                        inner.message_at(depth + 1).into(),
                    ],
                }
            }
            Violation::More { count } => (Code::violationMore, number(count)),
            Violation::Marker { line } => (Code::violationMarker, number(line)),
            Violation::Unclosed { depth } => (Code::violationUnclosed, number(depth)),
            Violation::OptionLine { line } => (Code::violationOptionLine, number(line)),
            Violation::SchemeAdded { written, url } => {
                return Message::with(Code::violationSchemeAdded, &[written, url])
            }
            Violation::Nested { item, message } => {
                return Message {
                    code: Code::violationNested,
                    args: vec![decimal(*item as u64).into(), message.clone().into()],
                }
            }
        };
        match arg {
            Some(arg) => Message {
                code,
                args: vec![arg.into()],
            },
            None => Message::new(code),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

fn describe_char(ch: char) -> Arg {
    let code = code_point(ch);
    match ch {
        ' ' => Message::new(Code::charSpace).into(),
        c if c.is_control() => Message::with(Code::charControl, &[&code]).into(),
        // Drawn as nothing: only its code point shows what it is.
        c if crate::bidi::is_invisible(c) => Message::with(Code::charInvisible, &[&code]).into(),
        c if !c.is_ascii() => Message::with(Code::charNonAscii, &[&c.to_string(), &code]).into(),
        c => quoted_char(c),
    }
}

/// A character a host cannot hold, as a message names it: by its code point
/// when it draws as a space or nothing (a control), else quoted.
pub(crate) fn host_char(ch: char) -> Arg {
    if ch <= ' ' || ch == '\u{7f}' {
        code_point(ch).into()
    } else {
        quoted_char(ch)
    }
}

/// A character quoted as the person's language quotes (`charQuoted`: "<" in
/// English, „<“ in German), for a message that names what it is about.
fn quoted_char(ch: char) -> Arg {
    Message::with(Code::charQuoted, &[&ch.to_string()]).into()
}

/// A non-fatal violation found by a lenient parse, with its byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "WarningJson<'static>"))]
pub struct Warning {
    pub(crate) violation: Violation,
    pub(crate) offset: usize,
}

impl Warning {
    /// What was wrong.
    pub fn violation(&self) -> &Violation {
        &self.violation
    }

    /// The byte offset in the link.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl Violation {
    /// What a lenient reading did about it, for the person reading the warning.
    pub fn action(&self) -> Option<Message> {
        self.action_at(0)
    }

    /// [`Violation::action`] in a list nested `depth` levels deep (see
    /// [`Violation::message_at`]).
    pub(crate) fn action_at(&self, depth: usize) -> Option<Message> {
        Some(Message::new(match self {
            Violation::SurroundingWhitespace
            | Violation::TabOrNewline
            | Violation::ItemWhitespace { .. } => Code::actionRemoved,
            Violation::EmptyItem { .. } => Code::actionSkipped,
            Violation::Character { .. } | Violation::QueryCharacter { .. } => Code::actionKept,
            Violation::PercentEscape { .. } => Code::actionPercentSign,
            Violation::UnencodedQuestionMark { .. } | Violation::UnencodedNumberSign { .. } => {
                Code::actionPartOfItem
            }
            Violation::OptionNotUtf8 { .. } => Code::actionReplaced,
            Violation::DuplicateOption { .. } => Code::actionFirstUsed,
            Violation::PageTitlesBeyondItems { .. } => Code::actionExtraIgnored,
            Violation::Marker { .. } => Code::actionIgnored,
            Violation::Unclosed { .. } => Code::actionComment,
            Violation::OptionLine { .. } => Code::actionEmptyValue,
            Violation::Nested { .. } => Code::actionPlainItem,
            Violation::Fragment => {
                return Some(Message::with(
                    Code::actionFragment,
                    &[&escaped_at("%23", depth)],
                ))
            }
            // `&amp;` is how HTML writes `&`: the link was copied from a page's source.
            Violation::UnknownOption { key, .. } if key.starts_with("amp;") => Code::actionHtmlAmp,
            Violation::UnknownOption {
                pair,
                item: Some(item),
                ..
            } => {
                return Some(Message::with(
                    Code::actionItemQuery,
                    &[pair, &decimal(*item as u64), &escaped_at("%3F", depth)],
                ))
            }
            Violation::UnknownOption { .. } => Code::actionIgnored,
            Violation::InNested { .. } | Violation::More { .. } | Violation::SchemeAdded { .. } => {
                return None
            }
        }))
    }
}

impl Warning {
    /// The warning without its offset: the problem, then what was done about it.
    pub fn message(&self) -> Message {
        self.message_at(0)
    }

    /// [`Warning::message`] of a warning in a list nested `depth` levels
    /// deep (see [`Violation::message_at`]).
    pub(crate) fn message_at(&self, depth: usize) -> Message {
        match self.violation.action_at(depth) {
            Some(action) => Message {
                code: Code::warningDone,
                args: vec![self.violation.message_at(depth).into(), action.into()],
            },
            None => self.violation.message_at(depth),
        }
    }
}

/// `{"offset", "code", "args", "message"}`: the byte offset and
/// [`Warning::message`] (its TypeScript type: `WarningJson`).
#[cfg(feature = "serde")]
impl serde::Serialize for Warning {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Warning", 4)?;
        out.serialize_field("offset", &self.offset)?;
        self.message().serialize_fields(&mut out)?;
        out.end()
    }
}

/// A serialised [`Warning`] as a struct, for ts-rs to derive its TypeScript
/// type from (`Warning`; the feature `ts`): see `MessageJson` for why it is
/// not what writes a warning, and the test that holds the two together.
#[cfg(feature = "ts")]
#[derive(serde::Serialize, ts_rs::TS)]
#[ts(rename = "Warning")]
pub struct WarningJson<'a> {
    /// Where in the link: a byte offset in its UTF-8.
    offset: usize,
    /// The message's name (see `Message`): what is wrong, or
    /// `warningDone`, what is wrong and what was done about it.
    code: &'static str,
    /// Its arguments, for `$1`, `$2`…: strings, or messages of their own.
    args: &'a [Arg],
    /// Its English text, the arguments in place.
    message: String,
}

#[cfg(all(test, feature = "ts"))]
impl<'a> WarningJson<'a> {
    /// The shape of `w`, whose message is `message` ([`Warning::message`]).
    pub fn of(w: &Warning, message: &'a Message) -> Self {
        WarningJson {
            offset: w.offset,
            code: message.code.as_str(),
            args: &message.args,
            message: message.english(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.violation.action() {
            Some(action) => write!(f, "{} at byte {} ({action})", self.violation, self.offset),
            None => write!(f, "{} at byte {}", self.violation, self.offset),
        }
    }
}
