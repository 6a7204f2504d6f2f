//! Errors and warnings.
//!
//! Fatal errors ([`Error`]) and non-fatal syntax violations ([`Warning`]) are kept
//! apart, as in a browser's URL parser: a lenient parse turns every violation
//! into a warning and still produces the best reading; a strict parse stops at
//! the first one. Every message is lowercase, names what is wrong, and carries
//! the byte offset in the link where it was found.

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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::EmptyInput => f.write_str("empty input: expected a link such as uri-list:https://a.example;https://b.example"),
            ErrorKind::NotAUriList { found: Some(s) } => write!(
                f,
                "not a uri-list link: the scheme is \"{s}:\", expected uri-list:, multi:, web+urilist: or ext+urilist:"
            ),
            ErrorKind::NotAUriList { found: None } => f.write_str(
                "not a uri-list link: it has no scheme, expected it to start with uri-list:, multi:, web+urilist: or ext+urilist:",
            ),
            ErrorKind::EmptyList => write!(f, "empty list: no item after the scheme at byte {}", self.offset),
            ErrorKind::TooLong { len, max } => write!(
                f,
                "link too long: {len} bytes, the limit is {max} bytes (the longest URL Chrome accepts)"
            ),
            ErrorKind::TooDeep { max } => write!(
                f,
                "nested lists too deep at byte {}: the limit is {max} levels",
                self.offset
            ),
            ErrorKind::Violation(v) => write!(f, "{v} at byte {}", self.offset),
            ErrorKind::NoUris => f.write_str("no URI in the text: every line is blank or a comment"),
            ErrorKind::NoLinks => f.write_str(
                "nothing to open: the text holds no uri-list link, no text/uri-list and no http or https address",
            ),
        }
    }
}

impl std::error::Error for Error {}

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
    /// A nested list could not be read; the item is kept as a plain item.
    /// Not a grammar violation: a list may hold invalid URIs (draft §3).
    Nested { item: usize, message: String },
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
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::SurroundingWhitespace => f.write_str("white space or control characters around the link"),
            Violation::TabOrNewline => f.write_str("tab or line break inside the link"),
            Violation::EmptyItem { item } => write!(f, "item {item} is empty"),
            Violation::ItemWhitespace { item } => write!(f, "white space around item {item}"),
            Violation::Character { item, ch } => write!(
                f,
                "{} in item {item} must be percent-encoded",
                describe_char(*ch)
            ),
            Violation::QueryCharacter { ch } => {
                write!(f, "{} in the options must be percent-encoded", describe_char(*ch))
            }
            Violation::PercentEscape { item: Some(item) } => write!(
                f,
                "\"%\" in item {item} is not followed by two hex digits (write %25 for a percent sign)"
            ),
            Violation::PercentEscape { item: None } => f.write_str(
                "\"%\" in the options is not followed by two hex digits (write %25 for a percent sign)",
            ),
            Violation::UnencodedQuestionMark { item } => write!(
                f,
                "unencoded \"?\" in item {item} (write it as %3F)"
            ),
            Violation::UnencodedNumberSign { item } => write!(
                f,
                "unencoded \"#\" in item {item} (write it as %23)"
            ),
            Violation::OptionNotUtf8 { key } => {
                write!(f, "option \"{key}\" is not valid UTF-8 once decoded")
            }
            Violation::DuplicateOption { key } => {
                write!(f, "option \"{key}\" is given more than once")
            }
            Violation::Fragment => f.write_str(
                "the \"#\" fragment belongs to the list, not to its last item, and is ignored when opening (write # in an item as %23)",
            ),
            Violation::InNested { item, inner } => {
                write!(f, "in the nested list of item {item}: {inner}")
            }
            Violation::More { count } => write!(f, "{count} more warnings not shown"),
            Violation::Marker { line } => write!(
                f,
                "line {line}: a depth marker that opens no nested list and closes none"
            ),
            Violation::Unclosed { depth } => write!(
                f,
                "a nested list at depth {depth} is not closed by the end of the text"
            ),
            Violation::OptionLine { line } => {
                write!(f, "line {line}: an option line without \"=\"")
            }
            Violation::Nested { item, message } => {
                write!(f, "item {item} looks like a nested list but cannot be read ({message} of the nested link)")
            }
        }
    }
}

fn describe_char(ch: char) -> String {
    match ch {
        ' ' => "a space".to_owned(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c if !c.is_ascii() => format!("non-ASCII character \"{c}\" (U+{:04X})", c as u32),
        c => format!("\"{c}\""),
    }
}

/// A non-fatal violation found by a lenient parse, with its byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub fn action(&self) -> Option<&'static str> {
        Some(match self {
            Violation::SurroundingWhitespace
            | Violation::TabOrNewline
            | Violation::ItemWhitespace { .. } => "removed",
            Violation::EmptyItem { .. } => "skipped",
            Violation::Character { .. } | Violation::QueryCharacter { .. } => "kept as it is",
            Violation::PercentEscape { .. } => "read as a percent sign",
            Violation::UnencodedQuestionMark { .. } | Violation::UnencodedNumberSign { .. } => {
                "read as part of the item, since another item follows"
            }
            Violation::OptionNotUtf8 { .. } => "bad bytes replaced by U+FFFD",
            Violation::DuplicateOption { .. } => "the first one is used",
            Violation::Marker { .. } => "ignored",
            Violation::Unclosed { .. } => "its marker is read as a comment",
            Violation::OptionLine { .. } => "read as an empty value",
            Violation::Nested { .. } => "kept as a plain item",
            Violation::Fragment | Violation::InNested { .. } | Violation::More { .. } => {
                return None
            }
        })
    }
}

impl Warning {
    /// The warning without its offset: the problem, then what was done about it.
    pub fn message(&self) -> String {
        match self.violation.action() {
            Some(action) => format!("{} ({action})", self.violation),
            None => self.violation.to_string(),
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
