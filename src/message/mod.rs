//! Messages for a person, in a form that can be translated.
//!
//! Every sentence the core writes for a person (why an item is not opened, a
//! note on a site, why the preview page comes first, a warning, an error) is a
//! [`Message`]: a stable `code` and its arguments. The code is also the name
//! of the message in the extension's `_locales/*/messages.json`, so the
//! extension shows it in the browser's language
//! (`i18n.getMessage(code, args)`); the English text ([`messages`]) is what
//! the command-line tool prints and what the extension falls back to.
//!
//! An argument is a piece of the input (a scheme, a host, a number) or, where
//! one message is part of another (a warning in a nested list), a message of
//! its own, translated the same way.

pub(crate) mod digits;
pub(crate) mod error;

use crate::prelude::*;

use core::fmt;

/// Declares every message once: its code (the variant's name, which is also
/// its name in `_locales/*/messages.json`) and its English text, where `$1`,
/// `$2`… stand for its arguments. In the style of rust-url's
/// `syntax_violation_enum!`: a code that is not declared here does not
/// compile, and tests/messages.rs checks `_locales/en` against these texts.
macro_rules! messages {
    ($($code:ident: $text:literal,)*) => {
        /// The code of every message the core can write: the name of its
        /// entry in the extension's `_locales/*/messages.json`, spelt the same
        /// (hence the camelCase).
        #[allow(non_camel_case_types, missing_docs)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($code,)*
        }

        impl Code {
            /// Every code, in the order of their declaration.
            pub const ALL: &'static [Code] = &[$(Code::$code,)*];

            /// The code as written in `_locales` and in the JSON shapes.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => stringify!($code),)*
                }
            }

            /// The English text, where `$1`, `$2`… stand for the arguments.
            pub const fn english(self) -> &'static str {
                match self {
                    $(Code::$code => $text,)*
                }
            }
        }
    };
}

messages! {
    // Why an item is not opened (`check`, `plan`).
    itemNoScheme: "not a web address: it does not start with https:// or another scheme",
    itemNoSchemeHint: "not a web address: it does not start with https:// or another scheme (did you mean $1?)",
    itemScript: "$1: links are never opened from a list: it runs code in the page you are on",
    itemOwnPage: "$1: links are never opened from a list: it carries a page of its own, a common way to hide where a link goes",
    itemFile: "$1: links are never opened from a list: it reads files on your computer",
    itemSiteFiles: "$1: links are never opened from a list: it reads files stored by a site",
    itemPrivileged: "$1: links are never opened from a list: it opens one of the browser's own pages",
    itemExtension: "$1: links are never opened from a list: it opens a page of a browser extension",
    itemNotWeb: "$1: links are not opened as tabs (only http and https pages are)",
    itemNoHost: "the URL has no host",
    itemIpv6Unclosed: "the IPv6 address in the host has no closing \"]\"",
    itemNotIpv6: "\"$1\" is not an IPv6 address",
    itemNotIpv4: "\"$1\" is not a valid IPv4 address",
    itemPortRange: "the port $1 is out of range",
    itemPortNumber: "the port \"$1\" is not a number",
    itemHostUtf8: "the host \"$1\" is not valid UTF-8 once percent-decoded",
    itemHostChar: "the host \"$1\" holds $2, which a host name cannot",
    itemBadPunycode: "\"$1\" in the host is not valid punycode",
    itemHostInvalid: "the host \"$1\" is not a valid international host name (UTS #46): a browser would not open it",
    itemNestedUnreadable: "a nested list that cannot be read (see the warnings)",
    itemDuplicate: "the same page as item $1",
    // What a person should know of a site (`check`, `plan`).
    noteLookalike: "$1 looks like $2, another site in this list",
    noteBorrowedName: "$1 belongs to $2, not to $3, another site in this list",
    noteHost: "$1: $2",
    noteMixedScripts: "\"$1\" mixes $2 letters, a way to imitate another site",
    noteLatinLookalike: "\"$1\" is written with letters that only look like plain Latin ones: it imitates $2",
    noteConfusable: "\"$1\" is written in $2 letters that look like the Latin \"$3\"",
    listAnd: "$1 and $2",
    noteTitleNamesSite: "the title \"$1\" names $2, but the page is on $3",
    noteUserinfo: "the link starts with \"$1@\", which is not where it goes: it opens $2",
    noteHttp: "$1 is opened without encryption (http:)",
    // Why the preview page comes first (`plan`).
    previewTypeList: "the list asks to be shown as a list first",
    previewOverLimit: "$1 pages: more than the $2 that open at once",
    previewNothingOpenable: "no page in the list can be opened",
    previewTitleNamesSite: "the list's name \"$1\" names $2, but its pages are on $3",
    previewTitleNamesSites: "the list's name \"$1\" names $2, but its pages are on $3 and $4 other sites",
    // Names of groups without a title (`plan`).
    summaryOnePage: "1 page",
    summaryOneSite: "$1 pages from $2",
    summarySites: "$1 pages from $2 sites",
    groupNumbered: "$1 ($2)",
    // Fatal errors.
    errorEmptyInput: "empty input: expected a link such as uri-list:https://a.example;https://b.example",
    errorScheme: "not a uri-list link: the scheme is \"$1:\", expected uri-list:, multi:, web+urilist: or ext+urilist:",
    errorNoScheme: "not a uri-list link: it has no scheme, expected it to start with uri-list:, multi:, web+urilist: or ext+urilist:",
    errorEmptyList: "empty list: no item after the scheme at byte $1",
    errorTooLong: "link too long: $1 bytes, the limit is $2 bytes (the longest URL Chrome accepts)",
    errorTextTooLong: "text too long: $1 bytes, the limit is $2 bytes (as for a link)",
    errorTooDeep: "nested lists too deep at byte $1: the limit is $2 levels",
    errorAtByte: "$1 at byte $2",
    errorNoUris: "no URI in the text: every line is blank or a comment",
    errorNoLinks: "nothing to open: the text holds no uri-list link, no text/uri-list and no http or https address",
    errorWebBase: "\"$1\" cannot start web links: it must be an absolute http: or https: address, such as https://example.com/list/",
    errorWebBaseUserinfo: "\"$1\" cannot start web links: \"$2@\" before its site is a user name or password, which a reader could take for the site, but its links open $3: leave out \"$2@\"",
    errorWebBaseBackslash: "\"$1\" cannot start web links: a browser reads \"\\\" as \"/\": write \"/\"",
    errorWebBaseHostChar: "\"$1\" cannot start web links: its site \"$2\" holds $3, which no site's name can hold: a browser opens none of its links",
    errorWebBaseHostEscape: "\"$1\" cannot start web links: \"$2\" in its site \"$3\" stands for $4, which no site's name can hold: a browser opens none of its links",
    errorWebNoList: "not a uri-list link but a web address: a web link carries a uri-list link after \"#\", such as https://example.com/#uri-list:https://a.example;https://b.example",
    // Syntax violations: warnings, or errors in strict mode.
    warningDone: "$1 ($2)",
    violationSurroundingSpace: "white space or control characters around the link",
    violationTabOrNewline: "tab or line break inside the link",
    violationEmptyItem: "item $1 is empty",
    violationItemSpace: "white space around item $1",
    violationCharacter: "$1 in item $2 must be percent-encoded",
    violationQueryCharacter: "$1 in the options must be percent-encoded",
    violationPercent: "\"%\" in item $1 is not followed by two hex digits (write %25 for a percent sign)",
    violationQueryPercent: "\"%\" in the options is not followed by two hex digits (write %25 for a percent sign)",
    violationQuestionMark: "unencoded \"?\" in item $1 (write it as $2)",
    violationNumberSign: "unencoded \"#\" in item $1 (write it as $2)",
    violationOptionUtf8: "option \"$1\" is not valid UTF-8 once decoded",
    violationDuplicateOption: "option \"$1\" is given more than once",
    violationUnknownOption: "the link's options hold \"$1\", which is no option uri-list reads",
    violationPageTitles: "page-titles gives more titles ($1) than the list has items ($2)",
    violationFragment: "the part after \"#\" is a fragment of the whole list, not part of its last item",
    violationNested: "item $1 looks like a nested list but cannot be read ($2 of the nested link)",
    violationSchemeAdded: "$1 has no https:// in front: it is read as $2, as an address bar reads it",
    violationInNested: "in the nested list of item $1: $2",
    violationMore: "$1 more warnings not shown",
    violationMarker: "line $1: a depth marker that opens no nested list and closes none",
    violationUnclosed: "a nested list at depth $1 is not closed by the end of the text",
    violationOptionLine: "line $1: an option line without \"=\"",
    charSpace: "a space",
    charControl: "control character $1",
    charNonAscii: "non-ASCII character \"$1\" ($2)",
    charInvisible: "invisible character $1",
    // A printable ASCII character, quoted as the person's language quotes.
    charQuoted: "\"$1\"",
    // A person's own template for copied links (`format_links`).
    templateNoUrl: "the template has no {url}: the copied text would carry no address",
    // What the JavaScript API (the wasm boundary, crate uri-list-wasm) says of a value it
    // cannot take: a caller's mistake, named by where it is (`items[2].items[0]`).
    apiNotString: "$1 takes a string: $2",
    encodeInput: "encode takes {items: (string | {items, title?, type?, options?, pageTitles?})[], title?, type?, options?: [key, value][], pageTitles?: (string | null)[]}",
    encodeTooDeep: "encode: $1 nests lists deeper than $2 levels",
    encodeNotArray: "encode: $1 must be an array",
    encodeNoItem: "no item to encode: $1 is empty",
    encodeNotItem: "encode: $1 is not a string or a list",
    encodeEmptyItem: "encode: $1 is empty: a uri-list cannot carry an empty item",
    encodeNotString: "encode: $1 must be a string",
    encodeNotPairs: "encode: $1 must be an array of [key, value] pairs",
    encodeNotPair: "encode: $1 is not a [key, value] pair of strings",
    encodeTitlesOption: "encode: $1 holds \"$2\": give the pages' titles as pageTitles, one per item",
    encodeTooManyTitles: "encode: $1 has more titles ($2) than there are items ($3)",
    encodeNotTitles: "encode: $1 must be an array of strings or nulls, one per item",
    formatInput: "formatLinks takes ({title, url} | {title, items: {title, url}[]})[] and {format, template?, separator?}",
    formatNotEntry: "formatLinks: $1 must be a page {title, url} or a tab group {title, items}",
    formatNotLink: "formatLinks: $1 must be a page {title, url}",
    formatNotArray: "formatLinks: $1 must be an array",
    formatNotString: "formatLinks: $1 must be a string",
    formatNotFormat: "formatLinks: $1 must be \"markdown\", \"html\", \"plain\" or \"template\"",
    internalError: "internal error: $1",
    // What a lenient reading did about a violation.
    actionRemoved: "removed",
    actionSkipped: "skipped",
    actionKept: "kept as it is",
    actionPercentSign: "read as a percent sign",
    actionPartOfItem: "read as part of the item, since another item follows",
    actionReplaced: "bad bytes replaced by U+FFFD",
    actionFirstUsed: "the first one is used",
    actionExtraIgnored: "the titles past the last item are ignored",
    actionIgnored: "ignored",
    actionFragment: "ignored when opening: to make it part of the item, write that \"#\" as $1",
    actionComment: "its marker is read as a comment",
    actionEmptyValue: "read as an empty value",
    actionPlainItem: "kept as a plain item",
    actionHtmlAmp: "\"&amp;\" is how a web page's source writes \"&\": write \"&\"",
    actionItemQuery: "ignored: if \"?$1\" belongs to item $2, write that \"?\" as $3",
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every message the core can write: its code and its English text, where
/// `$1`, `$2`… stand for its arguments. The extension's
/// `_locales/en/messages.json` holds the same texts under the same names (a
/// test checks it).
pub fn messages() -> impl Iterator<Item = (&'static str, &'static str)> {
    Code::ALL.iter().map(|c| (c.as_str(), c.english()))
}

/// A message for a person: a code from [`messages`] and its arguments.
/// `Display` writes it in English.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "MessageJson<'static>"))]
pub struct Message {
    /// The message's name: a code of [`messages`] and of the extension's
    /// `_locales/*/messages.json`.
    pub code: Code,
    /// The arguments, in the order of `$1`, `$2`….
    pub args: Vec<Arg>,
}

/// An argument of a [`Message`]: a string, or an object of the message's
/// three fields in the JSON shapes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MessageArg"))]
pub enum Arg {
    /// A piece of the input or a number: the same in every language.
    Text(String),
    /// A message within the message, translated with it.
    Message(Message),
}

impl Message {
    /// A message without arguments.
    #[inline(never)]
    pub fn new(code: Code) -> Self {
        Message {
            code,
            args: Vec::new(),
        }
    }

    /// A message whose arguments are all text (numbers written with
    /// [`crate::boundary::decimal`]). (Not generic: one copy of this in the
    /// wasm, whatever the arguments are.)
    #[inline(never)]
    pub fn with(code: Code, args: &[&str]) -> Self {
        Message {
            code,
            args: args.iter().map(|&a| Arg::Text(a.to_owned())).collect(),
        }
    }

    /// The English text with its arguments in place.
    pub fn english(&self) -> String {
        let mut out = String::new();
        self.push_english(&mut out);
        out
    }

    /// Appends the English text (what `Display` writes).
    fn push_english(&self, out: &mut String) {
        push_template(self.code.english(), &self.args, out);
    }
}

/// Appends `template` with each `$1`, `$2`… replaced by its argument.
fn push_template(template: &str, args: &[Arg], out: &mut String) {
    let mut rest = template;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let n = rest
            .as_bytes()
            .get(at + 1)
            .map_or(0, |b| b.wrapping_sub(b'0'));
        // `$` and one ASCII digit; anything else (a `$` at the end, or
        // before a non-ASCII character) is kept as written, never a
        // slice off a character boundary (a panic traps the wasm).
        let Some(marker) = rest.get(at..at + 2) else {
            out.push_str(&rest[at..]);
            return;
        };
        match args.get(usize::from(n).wrapping_sub(1)) {
            Some(Arg::Text(s)) => out.push_str(s),
            Some(Arg::Message(m)) => m.push_english(out),
            None => out.push_str(marker),
        }
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
}

/// `{"code", "args", "message"}`: the code, which is also the message's name
/// in the extension's `_locales`, its arguments, and its English text
/// (its TypeScript type: `MessageJson`).
#[cfg(feature = "serde")]
impl serde::Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Message", 3)?;
        self.serialize_fields(&mut out)?;
        out.end()
    }
}

#[cfg(feature = "serde")]
impl Message {
    /// The fields `code`, `args` and `message`, for an object that has
    /// other fields too (a warning's `offset`, a note's `alert`).
    pub(crate) fn serialize_fields<S: serde::ser::SerializeStruct>(
        &self,
        out: &mut S,
    ) -> Result<(), S::Error> {
        out.serialize_field("code", self.code.as_str())?;
        out.serialize_field("args", &self.args)?;
        out.serialize_field("message", &self.english())
    }
}

/// A serialised [`Message`] as a struct, for ts-rs to derive its TypeScript
/// type from (`Message`; the feature `ts`). Messages, warnings and notes
/// are written by one writer of their shared fields
/// ([`Message::serialize_fields`]): three derived shapes in its place
/// measured 0.4 KB more in the extension's wasm (0.24 KB gzip). The shapes
/// are held to the writer by a test (`ts_shapes`: the same JSON, byte for
/// byte).
#[cfg(feature = "ts")]
#[derive(serde::Serialize, ts_rs::TS)]
#[ts(rename = "Message")]
pub struct MessageJson<'a> {
    /// The message's name: also its name in the extension's `_locales`
    /// (each language's `messages.json`), to say it in the browser's language.
    code: &'static str,
    /// Its arguments, for `$1`, `$2`…: strings, or messages of their own.
    args: &'a [Arg],
    /// Its English text, the arguments in place.
    message: String,
}

#[cfg(all(test, feature = "ts"))]
impl<'a> MessageJson<'a> {
    /// The shape of `m`.
    pub fn of(m: &'a Message) -> Self {
        MessageJson {
            code: m.code.as_str(),
            args: &m.args,
            message: m.english(),
        }
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Self {
        Arg::Message(m)
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english())
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Text(s) => f.write_str(s),
            Arg::Message(m) => f.write_str(&m.english()),
        }
    }
}

/// Compares the English text, for tests and callers that only read English.
impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        self.english() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_take_their_places() {
        let inner = Message::with(Code::violationEmptyItem, &["3"]);
        let m = Message {
            code: Code::violationInNested,
            args: vec![Arg::Text("2".into()), inner.into()],
        };
        assert_eq!(
            m.to_string(),
            "in the nested list of item 2: item 3 is empty"
        );
    }

    #[test]
    fn a_dollar_that_is_no_argument_is_kept_as_written() {
        for template in ["costs $", "costs $\u{e9}", "$9 and $1", "$$"] {
            let mut out = String::new();
            push_template(template, &[Arg::Text("one".into())], &mut out);
            let expected = template.replace("$1", "one");
            assert_eq!(out, expected, "{template}");
        }
    }

    /// A quoted character is a message of its own, so that each language
    /// quotes it as it quotes (German „<“), in every message that names one.
    #[test]
    fn a_character_is_quoted_by_the_language() {
        use crate::{web_base, Parser, UrlCrate};
        fn quoted(m: &Message) -> usize {
            let inner = m.args.iter().map(|arg| match arg {
                Arg::Message(inner) => usize::from(inner.code == Code::charQuoted) + quoted(inner),
                Arg::Text(_) => 0,
            });
            inner.sum()
        }
        let parsed = Parser::new()
            .parse("uri-list:https://a.example/<x>")
            .unwrap();
        let warning = &parsed.warnings[0];
        assert_eq!(quoted(&warning.message()), 1, "{}", warning.message());
        assert!(
            warning.message().to_string().contains("\"<\""),
            "{}",
            warning.message()
        );
        let base = web_base("https://paypal.com%40evil.example/", &UrlCrate).unwrap_err();
        assert_eq!(quoted(&base.message()), 1, "{base}");
        assert!(base.to_string().contains("stands for \"@\""), "{base}");
    }

    #[test]
    fn codes_are_unique_names() {
        let all: Vec<_> = messages().collect();
        assert_eq!(all.len(), Code::ALL.len());
        for (n, (code, text)) in all.iter().enumerate() {
            assert!(code.bytes().all(|b| b.is_ascii_alphanumeric()), "{code}");
            assert!(!text.is_empty() && !text.contains('\n'), "{code}");
            assert!(all[..n].iter().all(|(c, _)| c != code), "{code} twice");
        }
    }
}

/// The TypeScript types of messages, warnings and notes are derived from
/// structs that do not write them (`MessageJson`): these hold the two to the
/// same JSON.
#[cfg(all(test, feature = "ts", feature = "url", not(target_arch = "wasm32")))]
mod ts_shapes {
    use super::*;
    use crate::check::NoteJson;
    use crate::message::error::WarningJson;

    #[test]
    fn the_typescript_shapes_write_what_the_core_writes() {
        // A warning whose message holds messages (`warningDone`), which hold
        // text: both kinds of argument.
        let parsed = crate::Parser::new().parse("uri-list:a;;b").unwrap();
        let warning = &parsed.warnings[0];
        let message = warning.message();
        assert!(matches!(message.args[0], Arg::Message(_)), "{message:?}");
        assert_eq!(json(&message), json(MessageJson::of(&message)));
        assert_eq!(json(warning), json(WarningJson::of(warning, &message)));
        let note = crate::Note {
            alert: true,
            message: message.clone(),
        };
        assert_eq!(json(&note), json(NoteJson::of(&note)));
    }

    fn json(value: impl serde::Serialize) -> String {
        serde_json::to_string(&value).unwrap()
    }
}
