//! `uri-list`: the command-line face of the core (the crate `uri-list`), for
//! scripts and people: read, write and check `uri-list:` links.
//!
//! Everything it decides comes from the core (the parse, the checks, the
//! messages); this file reads the arguments (clap), reads and writes files
//! and streams, and words the core's messages as sentences for a terminal.
//! The exit status tells a script what happened: see [`EXIT_STATUS`].

#![forbid(unsafe_code)]

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser as _, Subcommand};
use std::io::{self, Read, Write};
use std::process::ExitCode;
use uri_list::{
    check_list, from_text, reads_as_address, to_text, Arg, CheckReport, Class, Code, Item,
    ItemCheck, Message, Parser, UriList, UrlCrate, Violation, Warning, MAX_LENGTH, PAGE_TITLES,
};

/// The exit statuses, as the help and docs/cli.md give them.
const EXIT_STATUS: &str = "\
Exit status:
  0  done; with check: nothing in the list to look at first
  1  the input cannot be read: not a link, not UTF-8, too long, an unreadable file
     (the message says what is wrong and, in a link, at which byte)
  2  wrong usage: an unknown command or option, a missing or extra argument
  3  check only: the list holds an alert (a lookalike host, a user@host address, ...)
     or a blocked or invalid item (what the extension would not open, or would ask
     about first); nested lists count";

/// The exit status of `check` for a list with something to look at first.
const EXIT_LOOK_FIRST: u8 = 3;

/// What a LINK argument may be, for the help of each command that takes one.
const LINK_HELP: &str = "The link: uri-list:..., multi:..., or a web link (an http(s) address \
    whose part after \"#\" is the link). \"-\" reads it from standard input (one line end after \
    it is dropped): for links longer than a command line takes, up to 2 MiB";

/// What `--web` does, for `encode` and `from-text`.
const WEB_HELP: &str = "Print a web link instead: BASE#uri-list:..., BASE being the absolute \
    http(s) address of a page that shows lists (web/ in the repository)";

#[derive(clap::Parser)]
#[command(
    name = "uri-list",
    version,
    about = "Read, write and check uri-list: links: one link, many pages.",
    long_about = "Read, write and check uri-list: links: one link, many pages \
        (uri-list:https://a.example;https://b.example?title=Two).\n\n\
        A LINK may also be a web link, an http(s) address whose part after \"#\" is the link \
        (https://example.com/#uri-list:https://a.example;https://b.example). A LINK of \"-\" is \
        read from standard input. Warnings and notes go to standard error, as sentences; the \
        output goes to standard output.",
    after_help = EXIT_STATUS,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the text/uri-list of a link: one item a line, then its options (CRLF line ends).
    #[command(
        long_about = "Print the text/uri-list of a link (RFC 2483): one item a line, a nested list \
            between lines of \"#\", the options as \"#?key=value\" lines, CRLF line ends.\n\n\
            A lenient reading (the default) reads on past every mistake in the link and says each \
            on standard error with its byte offset; --strict stops at the first.",
        after_help = "Example:\n  uri-list decode 'uri-list:https://a.com;https://b.com?title=Two'\n\n\
            Exit status: 0 done, 1 the link cannot be read, 2 wrong usage."
    )]
    Decode(DecodeArgs),
    /// Write a link from URLs (one an argument, or one a line on standard input).
    #[command(
        long_about = "Write a link from URLs: one an argument or, with none, one a line on \
            standard input (blank lines skipped).\n\n\
            An item without a scheme that reads as a web address (example.com/page) is written as \
            https:// followed by it, as decode would read it, and a note says so. An item that \
            will never open (a blocked scheme such as javascript:, or text that is not an address) \
            is written all the same, and a warning says why it will not open.",
        after_help = "Example:\n  uri-list encode --title 'Two pages' https://a.com 'https://b.com/?q=C%23'\n\n\
            Exit status: 0 done (warnings included), 1 the input cannot be read or a URL is \
            empty, 2 wrong usage."
    )]
    Encode(EncodeArgs),
    /// Write a link from a text/uri-list file (or standard input).
    #[command(
        long_about = "Write a link from a text/uri-list (RFC 2483): one URI a line, \"#\" \
            comments, \"#?key=value\" option lines, nested lists between lines of \"#\".\n\n\
            As in encode, an item without a scheme that reads as a web address is written with \
            https:// in front, and an item that will never open gets a warning.",
        after_help = "Example:\n  printf 'https://a.com\\nhttps://b.com\\n#?title=Two\\n' | uri-list from-text\n\n\
            Exit status: 0 done (warnings included), 1 the text cannot be read (not UTF-8, no \
            URI in it, an unreadable file), 2 wrong usage."
    )]
    FromText(FromTextArgs),
    /// Check each item: its class and site, every alert, note and warning.
    #[command(
        long_about = "Check each item of a link as the extension does before opening it: its class \
            (openable, blocked, invalid, list), its site (the host the browser opens, in Unicode \
            and punycode), why it is not opened, every alert (a lookalike host, a user@host \
            address, ...) and note, and the link's warnings. The items of nested lists follow \
            their list, numbered 2.1, 2.2, ...\n\n\
            --json prints the JSON shape of check() in JavaScript (the link's own items), and \
            \"notes\": the alerts about the names of the lists.",
        after_help = CHECK_AFTER_HELP
    )]
    Check(CheckArgs),
    /// Print the pages as text to paste: Markdown, HTML, plain lines or a template.
    #[command(
        long_about = "Print the link's pages as text to paste: Markdown, HTML, plain lines or a \
            template of your own. Each page shows the title the link gives it (the option \
            page-titles), else its address. A nested list, at any depth, is a group under its \
            title (else the title its list's page-titles gives it), and a list with a title and \
            no nested list one group.",
        after_help = "Example:\n  uri-list format --template '{index}. {url}' --separator '\\n' 'uri-list:https://a.com;https://b.com'\n\n\
            Exit status: 0 done, 1 the link cannot be read or the template has no {url}, 2 wrong \
            usage (none or more than one of --markdown, --html, --plain, --template)."
    )]
    Format(FormatArgs),
}

/// The help after `check`'s options: examples and every exit status.
const CHECK_AFTER_HELP: &str =
    "Examples:\n  uri-list check 'multi:https://mybank.com/;https://mybank.evil.com/login'\n  \
     uri-list check --json - < link.txt\n\n\
     Exit status:\n  \
     0  nothing in the list to look at first\n  \
     1  the link cannot be read (the message says what is wrong and at which byte)\n  \
     2  wrong usage\n  \
     3  the list holds an alert (a lookalike host, a user@host address, ...) or a blocked\n     \
     or invalid item (what the extension would not open, or would ask about first);\n     \
     nested lists count. The same with --json.";

/// A LINK argument; a second one is a usage error that says to quote the link.
#[derive(Args)]
struct LinkArg {
    #[arg(value_name = "LINK", help = LINK_HELP)]
    link: String,
    /// Arguments after the LINK: a link the shell split at spaces.
    #[arg(hide = true)]
    extra: Vec<String>,
}

#[derive(Args)]
struct DecodeArgs {
    /// Stop at the first mistake in the link (exit 1) instead of reading on past it.
    #[arg(long)]
    strict: bool,
    /// Print the list as JSON: {"items", "title", "type", "options", "fragment", "warnings"}, and
    /// "pageTitles" (null or a title for each item) when the link carries page titles.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    link: LinkArg,
}

#[derive(Args)]
struct EncodeArgs {
    /// The list's name (the option title): the name of its tab group.
    #[arg(long, value_name = "TITLE")]
    title: Option<String>,
    /// A display hint (the option type): grid-view, tabs, window, list...
    #[arg(long = "type", value_name = "TYPE")]
    kind: Option<String>,
    /// Another option of the list, as KEY=VALUE; give it again for more (kept in order).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = key_value)]
    options: Vec<(String, String)>,
    #[arg(long, value_name = "BASE", help = WEB_HELP)]
    web: Option<String>,
    /// The items, one an argument; with none, one a line on standard input, each line a URL
    /// or a URL, a tab and the page's title (written as the option page-titles).
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

#[derive(Args)]
struct FromTextArgs {
    #[arg(long, value_name = "BASE", help = WEB_HELP)]
    web: Option<String>,
    /// The text/uri-list file; none or "-": standard input.
    #[arg(value_name = "FILE")]
    file: Option<String>,
}

#[derive(Args)]
struct CheckArgs {
    /// Print the JSON shape of check() in JavaScript: {"items": [{"item", "class", "site",
    /// "siteUnicode", "userinfo", "reason", "notes"}], "title", "type", "warnings"}, and
    /// "notes": the alerts about the names of the lists.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    link: LinkArg,
}

/// The format of `format`: exactly one.
#[derive(Args)]
#[group(required = true, multiple = false)]
struct Style {
    /// A Markdown list of [address](address); a group is an item with its links under it.
    #[arg(long)]
    markdown: bool,
    /// An HTML <ul> of <a href="address">address</a>; a group is an item with a nested <ul>.
    #[arg(long)]
    html: bool,
    /// Each page's address; a group's title, then its pages indented by two spaces.
    #[arg(long)]
    plain: bool,
    /// Your own text for each page: {url}, {title}, {index}, {host}, {group}; \n is a line
    /// break, \t a tab.
    #[arg(long, value_name = "TEMPLATE")]
    template: Option<String>,
}

#[derive(Args)]
struct FormatArgs {
    #[command(flatten)]
    style: Style,
    /// What goes between two pages with --template (\n is a line break) [default: \n].
    // Not `requires = "template"`: clap takes another member of the group
    // (--plain) for it; checked in format_cmd.
    #[arg(long, value_name = "S")]
    separator: Option<String>,
    #[command(flatten)]
    link: LinkArg,
}

/// `--option`'s KEY=VALUE, the key not empty.
fn key_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some(("", _)) => Err("the key before \"=\" is empty".into()),
        Some((k, v)) => Ok((k.to_owned(), v.to_owned())),
        None => Err("an option is KEY=VALUE, with \"=\" between them".into()),
    }
}

/// A usage error that clap's parse cannot see, with the usage of
/// `command` (a subcommand's name), as clap writes its own (exit 2).
fn usage(command: &str, kind: ErrorKind, message: &str) -> Failure {
    let mut cli = Cli::command();
    cli.build();
    let sub = cli
        .find_subcommand_mut(command)
        .expect("a subcommand of Cli");
    Failure::Usage(sub.error(kind, message))
}

/// Why a command stopped.
enum Failure {
    /// The input cannot be read (exit 1): a sentence saying why.
    Input(String),
    /// Wrong usage found after clap's parse (exit 2).
    Usage(clap::Error),
    /// Standard output was closed by its reader (`| head -1`): it has what
    /// it wanted; nothing more is written, nothing is said (exit 0, or
    /// `check`'s status).
    Closed,
}

/// What a command found: everything fine, or (`check`) something to look at first.
enum Outcome {
    Done,
    LookFirst,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdout = io::stdout().lock();
    let result = match cli.command {
        Command::Decode(args) => decode(args, &mut stdout),
        Command::Encode(args) => encode(args, &mut stdout),
        Command::FromText(args) => from_text_cmd(args, &mut stdout),
        Command::Check(args) => check(args, &mut stdout),
        Command::Format(args) => format_cmd(args, &mut stdout),
    };
    let result = result.and_then(|outcome| match stdout.flush().map_err(cannot_write) {
        Ok(()) | Err(Failure::Closed) => Ok(outcome),
        Err(e) => Err(e),
    });
    match result {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::LookFirst) => ExitCode::from(EXIT_LOOK_FIRST),
        Err(Failure::Input(sentence)) => {
            eprintln!("uri-list: error: {sentence}");
            ExitCode::FAILURE
        }
        Err(Failure::Usage(error)) => error.exit(),
        Err(Failure::Closed) => ExitCode::SUCCESS,
    }
}

// --- sentences --------------------------------------------------------------------------------

/// Whether a message of the core starts with a word of its own, which a
/// sentence starts with a capital, rather than with a piece of the input
/// (a scheme, a host), which is kept as written.
fn starts_with_word(message: &Message) -> bool {
    let text = message.code.english();
    match text.strip_prefix('$') {
        Some(rest) => {
            let n = rest
                .bytes()
                .next()
                .map_or(0, |b| usize::from(b.wrapping_sub(b'0')));
            matches!(message.args.get(n.wrapping_sub(1)), Some(Arg::Message(m)) if starts_with_word(m))
        }
        None => text.starts_with(|c: char| c.is_ascii_lowercase()),
    }
}

/// `text` as a sentence: a capital first (when `capital`), then a period.
/// The pieces of the input it quotes (an item, a character) are put
/// [`on_one_line`]: a message never carries an escape sequence or a
/// bidirectional control to the terminal.
fn sentence(text: &str, capital: bool) -> String {
    let text = on_one_line(text);
    let mut out = String::with_capacity(text.len() + 1);
    let mut chars = text.chars();
    if capital {
        out.extend(chars.next().map(|c| c.to_ascii_uppercase()));
    }
    out.push_str(chars.as_str());
    out.push('.');
    out
}

/// The link's own words (its title, its type, an item) on one line of `check`'s report or of a
/// message: each control and bidirectional control character percent-encoded, as `decode`
/// writes them, so that the sender's words neither start a line of the report, nor reach the
/// terminal as an escape sequence, nor reverse what follows; and so is each character that
/// draws nothing (`uri_list::is_invisible`: a zero-width space, a byte order mark...), so
/// that a person sees it is there, but for those that shape what is drawn ([`shapes_text`]).
fn on_one_line(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    // Within a flag's tag sequence: after a 🏴 and only its tags so far.
    let mut in_flag = false;
    for c in words.chars() {
        let tag = matches!(c, '\u{E0020}'..='\u{E007F}');
        in_flag = c == '\u{1F3F4}' || (in_flag && tag);
        if c.is_control()
            || uri_list::is_bidi_control(c)
            || (uri_list::is_invisible(c) && !shapes_text(c, in_flag))
        {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c`, which draws nothing of its own, is part of how the text around it is drawn
/// (`in_flag`: it comes in the tags that follow a 🏴): the zero-width non-joiner and joiner (Persian and Indic words, emoji
/// sequences such as 👨‍👩‍👧), a variation selector (the emoji form of ❤️), Mongolian's free
/// variation selectors, and the tag characters of a subdivision flag (🏴 and the tags after it).
/// Percent-encoded, these would garble honest titles; the check reads a title past every
/// invisible character anyway (a name check sees "pay\u{200D}pal.com" as paypal.com). Tags
/// elsewhere spell hidden ASCII text, and stay encoded.
fn shapes_text(c: char, in_flag: bool) -> bool {
    match c {
        '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' => true,
        '\u{180B}'..='\u{180D}' | '\u{180F}' => true,
        '\u{E0020}'..='\u{E007F}' => in_flag,
        _ => false,
    }
}

/// A message of the core as a sentence. The period is added even after an
/// argument that ends with one (a host of "."), but not after a message
/// whose own text ends a sentence.
fn said(message: &Message) -> String {
    let mut out = sentence(&message.english(), starts_with_word(message));
    if message.code.english().ends_with(['.', '!', '?']) {
        out.pop();
    }
    out
}

/// A warning of the core (the violation, its byte offset, what was done
/// about it) as a sentence.
fn warning_said(warning: &Warning) -> String {
    sentence(
        &warning.to_string(),
        starts_with_word(&warning.violation().message()),
    )
}

/// An error of the core as a sentence.
fn error_said(error: &uri_list::Error) -> String {
    sentence(&error.to_string(), starts_with_word(&error.message()))
}

/// An error of the core that stops a command: the input cannot be read.
fn unreadable(error: uri_list::Error) -> Failure {
    Failure::Input(error_said(&error))
}

fn warn_all(warnings: &[Warning]) {
    for w in warnings {
        eprintln!("uri-list: warning: {}", warning_said(w));
    }
}

// --- input and output -------------------------------------------------------------------------

fn cannot_write(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Failure::Closed;
    }
    Failure::Input(format!("Cannot write the output: {e}."))
}

/// The JSON shape of a result (`--json`), as the JavaScript API gives it, written so that it
/// is safe to print ([`TerminalSafe`]).
fn write_json(out: &mut impl Write, value: &impl serde::Serialize) -> Result<(), Failure> {
    let mut json = serde_json::Serializer::with_formatter(&mut *out, TerminalSafe);
    value
        .serialize(&mut json)
        .map_err(|e| match e.io_error_kind() {
            Some(io::ErrorKind::BrokenPipe) => Failure::Closed,
            _ => Failure::Input(format!("Cannot write the JSON: {e}.")),
        })?;
    write(out, "\n")
}

/// serde_json's compact writing, with the characters that act on a terminal or reorder what it
/// shows written as `\uXXXX` escapes: the C1 controls and DEL (serde_json escapes only the C0
/// ones; U+009B is a CSI that some terminals obey) and the bidirectional controls (a right-to-left
/// override shows `fdp.exe` as `exe.pdf`). The JSON value is the same.
struct TerminalSafe;

impl serde_json::ser::Formatter for TerminalSafe {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if c.is_control() || uri_list::is_bidi_control(c) {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                // Every such character is in the Basic Multilingual Plane: one escape.
                write!(writer, "\\u{:04X}", u32::from(c))?;
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

fn write(out: &mut impl Write, s: &str) -> Result<(), Failure> {
    out.write_all(s.as_bytes()).map_err(cannot_write)
}

impl LinkArg {
    /// The link itself, or with "-" the link read from standard input.
    /// `command` names the subcommand, for the usage in an error.
    fn read(self, command: &str) -> Result<String, Failure> {
        if !self.extra.is_empty() {
            return Err(usage(
                command,
                ErrorKind::TooManyValues,
                "more than one LINK given: quote the link (a shell splits it at spaces and \";\")",
            ));
        }
        match self.link.as_str() {
            "-" => read_link(io::stdin().lock()),
            _ => Ok(self.link),
        }
    }
}

/// Reads a text (`from-text`'s, `encode`'s URLs) from `input`, at most
/// [`MAX_LENGTH`] bytes, the most a text may be (as a link): more is refused
/// as soon as it is read, so that an endless input (`/dev/zero`, a stream)
/// is not read until memory runs out. `what` names the input in the
/// sentence that says so, with its verb ("Standard input is"); `cannot`
/// words an error of reading it.
fn read_bounded(
    input: impl Read,
    what: &str,
    cannot: impl FnOnce(io::Error) -> String,
) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    input
        .take(MAX_LENGTH as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(cannot(e)))?;
    if bytes.len() > MAX_LENGTH {
        return Err(Failure::Input(format!(
            "{what} too long: more than {MAX_LENGTH} bytes, the limit (as for a link)."
        )));
    }
    Ok(bytes)
}

/// Reads a link from `input` (stdin): at most [`MAX_LENGTH`] bytes and a
/// line end, which is dropped (`echo` adds one); the parser reports any
/// other white space. Longer input is refused without reading it all.
fn read_link(input: impl Read) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    // The most a link takes with a byte order mark and a CRLF, and one byte
    // more: input cut there is over the limit once they are taken off.
    input
        .take(MAX_LENGTH as u64 + 6)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("Cannot read the link from standard input: {e}.")))?;
    for end in [&b"\n"[..], b"\r"] {
        if bytes.ends_with(end) {
            bytes.pop();
        }
    }
    // A byte order mark (a file saved by Notepad) is no part of the link.
    let bom = if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3).len()
    } else {
        0
    };
    if bytes.len() > MAX_LENGTH {
        return Err(Failure::Input(format!(
            "The link on standard input is too long: more than {MAX_LENGTH} bytes, the limit (the longest URL Chrome accepts)."
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::Input(format!(
            "The link on standard input is not UTF-8 text (bad byte at offset {}).",
            bom + e.utf8_error().valid_up_to()
        ))
    })
}

/// The uri-list link of a LINK argument, read: itself, or the one in a web
/// link.
fn parse_link(link: &str, strict: bool) -> Result<uri_list::Parsed, Failure> {
    let link = uri_list::list_link(link).map_err(unreadable)?;
    Parser::new().strict(strict).parse(link).map_err(unreadable)
}

/// `--web`'s base, checked before any input is read.
fn web_base(web: Option<String>) -> Result<Option<String>, Failure> {
    if let Some(base) = &web {
        uri_list::web_base(base, &UrlCrate).map_err(unreadable)?;
    }
    Ok(web)
}

/// Prints `list`'s link, or with `--web BASE` the web link on BASE; refuses
/// one longer than [`MAX_LENGTH`], which decode (and Chrome) would refuse.
fn print_link(out: &mut impl Write, list: &UriList, web: Option<&str>) -> Result<(), Failure> {
    let link = match web {
        Some(base) => uri_list::web_link(base, &list.to_link(), &UrlCrate).map_err(unreadable)?,
        None => list.to_link(),
    };
    if link.len() > MAX_LENGTH {
        return Err(Failure::Input(format!(
            "The link would be too long: {} bytes, the limit is {MAX_LENGTH} bytes (the longest \
             URL Chrome accepts); decode would refuse it. Share fewer pages in one link.",
            link.len()
        )));
    }
    write(out, &link)?;
    write(out, "\n")
}

// --- writing links: items as decode will read them --------------------------------------------

/// `list` as it will be written, each item as `decode` will read it: an
/// item without a scheme that the core's lenient reading takes for a web
/// address (`example.com/page`) gets its `https://` (with a note saying
/// so), so that the link says what decode gives. Nested lists the same;
/// items are numbered by their place (`2.1`: item 1 of the list in item 2).
fn as_decode_reads(list: &UriList, prefix: &str) -> UriList {
    let mut out = UriList::new();
    out.set_scheme(list.scheme());
    for (n, item) in list.items().iter().enumerate() {
        let number = format!("{prefix}{}", n + 1);
        match item.list() {
            Some(nested) => out.push_list(as_decode_reads(nested, &format!("{number}."))),
            None if reads_as_address(item.as_str()) => {
                let url = ["https://", item.as_str()].concat();
                let read = Violation::SchemeAdded {
                    written: item.as_str().to_owned(),
                    url: url.clone(),
                };
                eprintln!("uri-list: note: Item {number}: {}", said(&read.message()));
                out.push(url);
            }
            None => out.push(item.as_str()),
        }
        if let Some(title) = list.page_title(n) {
            out.set_page_title(n, title);
        }
    }
    for (key, value) in list.options() {
        out.push_option(key.as_str(), value.as_str());
    }
    out.set_fragment(list.fragment().map(str::to_owned));
    out
}

/// Says, for each item of `list` that will never open (the core's check:
/// blocked or invalid), why, in the core's words; nested lists' items too.
/// Each item is checked as decode will read it from the link (a control
/// character before the scheme is written `%01https://...`, no address,
/// where the URL parser would strip it from the item as given), and named
/// as given.
/// A `;` before another address in one URL (`https://a.com;https://b.com`,
/// the link's own separator typed into one argument): encode writes one
/// page whose address holds a `;` (as `%3B`), which is seldom what was meant.
/// Said, and written as given.
fn say_if_joined(what: &str, url: &str) {
    let joined = url.match_indices(';').any(|(at, _)| {
        let rest = &url[at + 1..];
        let scheme = rest.find(':').map_or("", |c| &rest[..c]);
        !scheme.is_empty()
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            && rest[scheme.len()..].starts_with("://")
    });
    if joined {
        eprintln!(
            "uri-list: warning: {what} ({}) holds \";\" before another address: it is written as one \
             page whose address holds \";\" (as %3B). If these are two pages, give each as its own URL.",
            on_one_line(url)
        );
    }
}

fn say_what_will_not_open(list: &UriList) {
    let read = Parser::new()
        .parse(&list.to_link())
        .map_or_else(|_| list.clone(), |parsed| parsed.list);
    say_what_will_not_open_in(list, &read, "");
}

/// [`say_what_will_not_open`] for `read`, the list as decode reads it, its
/// items named as in `given`.
fn say_what_will_not_open_in(given: &UriList, read: &UriList, prefix: &str) {
    for (n, (item, c)) in read
        .items()
        .iter()
        .zip(check_list(read, &UrlCrate))
        .enumerate()
    {
        let number = format!("{prefix}{}", n + 1);
        let given_item = given.items().get(n).unwrap_or(item);
        let will_not_open = |why: &str| {
            eprintln!(
                "uri-list: warning: Item {number} ({}) will not open: {why}",
                on_one_line(given_item.as_str())
            );
        };
        match (c.class, item.list()) {
            (Class::Blocked | Class::Invalid, _) => {
                if let Some(reason) = &c.reason {
                    will_not_open(&said(reason));
                }
            }
            (Class::List, Some(nested)) => {
                let given_nested = given_item.list().unwrap_or(nested);
                say_what_will_not_open_in(given_nested, nested, &format!("{number}."));
            }
            // A nested list that cannot be read.
            (Class::List, None) => match Parser::new().parse(item.as_str()) {
                Ok(parsed) => {
                    say_what_will_not_open_in(&parsed.list, &parsed.list, &format!("{number}."))
                }
                Err(e) => will_not_open(&error_said(&e)),
            },
            (Class::Openable, _) => {}
        }
    }
}

/// `encode`'s options, each key once: a link with a key twice is read with
/// the first only (decode warns), so the second would be lost.
fn options_once(args: &EncodeArgs) -> Result<(), Failure> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    if args.title.is_some() {
        seen.push(("title", "--title"));
    }
    if args.kind.is_some() {
        seen.push(("type", "--type"));
    }
    for (key, _) in &args.options {
        if let Some((_, first)) = seen.iter().find(|(k, _)| k == key) {
            return Err(usage(
                "encode",
                ErrorKind::ArgumentConflict,
                &format!(
                    "the option \"{key}\" is given twice ({first}, then --option {key}=...): a \
                     link carries each option once, and decode reads only the first"
                ),
            ));
        }
        seen.push((key, "--option"));
    }
    Ok(())
}

fn encode(args: EncodeArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    options_once(&args)?;
    let web = web_base(args.web)?;
    let mut list = UriList::new();
    if args.urls.is_empty() {
        let bytes = read_bounded(io::stdin().lock(), "The URLs on standard input are", |e| {
            format!("Cannot read the URLs from standard input: {e}.")
        })?;
        let input = String::from_utf8(bytes).map_err(|e| {
            Failure::Input(format!(
                "The URLs on standard input are not UTF-8 text (bad byte at offset {}).",
                e.utf8_error().valid_up_to()
            ))
        })?;
        // `URL` or `URL<TAB>page title`; a byte order mark (Notepad's) is no part of the first.
        let input = input.strip_prefix('\u{feff}').unwrap_or(&input);
        // Split at the tab before white space is removed: a line of a tab and a title has
        // no URL (trimmed first, its title became the URL).
        for (n, line) in input.lines().enumerate() {
            // Nor is one at the start of a line: files joined (`cat a.txt b.txt`).
            let line = line.trim_start_matches('\u{feff}');
            let (url, title) = line.split_once('\t').unwrap_or((line, ""));
            let (url, title) = (url.trim(), title.trim());
            if url.is_empty() && !title.is_empty() {
                return Err(Failure::Input(format!(
                    "Line {} gives a page title ({}) but no URL before its tab.",
                    n + 1,
                    on_one_line(title)
                )));
            }
            if url.is_empty() {
                continue;
            }
            say_if_joined(&format!("Line {}", n + 1), url);
            list.push(url);
            list.set_page_title(list.len() - 1, title);
        }
    } else {
        for (n, url) in args.urls.iter().enumerate() {
            // White space around it removed, as around a line on stdin (and as an
            // address bar does): written, it would be part of the item ("%20https://...").
            let url = url.trim();
            if url.is_empty() {
                return Err(Failure::Input(format!(
                    "URL {} is empty: a uri-list cannot carry an empty item.",
                    n + 1
                )));
            }
            say_if_joined(&format!("URL {}", n + 1), url);
            list.push(url);
        }
    }
    if list.is_empty() {
        return Err(Failure::Input(
            "No URL to encode: give them as arguments, or one a line on standard input.".into(),
        ));
    }
    if let Some(title) = args.title {
        list.set_title(title);
    }
    if let Some(kind) = args.kind {
        list.set_kind(kind);
    }
    for (key, value) in args.options {
        if key == PAGE_TITLES {
            return Err(Failure::Input(format!(
                "--option {PAGE_TITLES}=... would be read as the pages' titles: give each page's \
                 title after its URL and a tab, one a line on standard input."
            )));
        }
        list.push_option(key, value);
    }
    let list = as_decode_reads(&list, "");
    say_what_will_not_open(&list);
    print_link(out, &list, web.as_deref())?;
    Ok(Outcome::Done)
}

fn from_text_cmd(args: FromTextArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let web = web_base(args.web)?;
    let (bytes, source) = match args.file.as_deref() {
        None | Some("-") => (
            read_bounded(io::stdin().lock(), "Standard input is", |e| {
                format!("Cannot read standard input: {e}.")
            })?,
            "Standard input".to_owned(),
        ),
        Some(file) => {
            let cannot = |e: io::Error| format!("Cannot read {file}: {e}.");
            let opened = std::fs::File::open(file).map_err(|e| Failure::Input(cannot(e)))?;
            (
                read_bounded(opened, &format!("{file} is"), cannot)?,
                file.to_owned(),
            )
        }
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::Input(format!(
            "{source} is not UTF-8 text (bad byte at offset {}).",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let read = from_text(&text).map_err(unreadable)?;
    warn_all(&read.warnings);
    let list = as_decode_reads(&read.list, "");
    say_what_will_not_open(&list);
    print_link(out, &list, web.as_deref())?;
    Ok(Outcome::Done)
}

// --- reading links ----------------------------------------------------------------------------

fn decode(args: DecodeArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let link = args.link.read("decode")?;
    let parsed = parse_link(&link, args.strict)?;
    if args.json {
        write_json(out, &parsed)?;
    } else {
        warn_all(&parsed.warnings);
        write(out, &to_text(&parsed.list))?;
    }
    Ok(Outcome::Done)
}

/// `format`: the link's pages as Markdown, HTML, plain lines or a template
/// (the core's `format_links`). Each page shows the title the link gives it
/// (option `page-titles`), else its address; a nested list is a group with
/// its title (else the title the list's page-titles gives it), and a list
/// with a title and no nested list one group.
fn format_cmd(args: FormatArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    use uri_list::{Entry, Format, Link};
    let style = &args.style;
    if args.separator.is_some() && style.template.is_none() {
        return Err(usage(
            "format",
            ErrorKind::MissingRequiredArgument,
            "--separator goes with --template: it is what goes between two pages of the template",
        ));
    }
    let format = match &style.template {
        Some(template) => Format::Template {
            template,
            separator: args.separator.as_deref().unwrap_or("\\n"),
        },
        None if style.markdown => Format::Markdown,
        None if style.html => Format::Html,
        None => Format::Plain,
    };
    let link = args.link.read("format")?;
    let parsed = parse_link(&link, false)?;
    warn_all(&parsed.warnings);
    // Each page with the sender's title for it (option page-titles), else none.
    let pages = |list: &uri_list::UriList| -> Vec<Link> {
        list.items()
            .iter()
            .enumerate()
            .map(|(n, item)| Link {
                title: list
                    .page_title(n)
                    .map(|t| uri_list::without_bidi_controls(t).into_owned())
                    .unwrap_or_default(),
                url: item.as_str().to_owned(),
            })
            .collect()
    };
    let list = &parsed.list;
    let mut entries: Vec<Entry> = Vec::new();
    add_entries(list, None, &pages, &mut entries);
    if let (Some(title), true) = (
        list.title(),
        entries.iter().all(|e| matches!(e, Entry::Link(_))),
    ) {
        let links = pages(list);
        entries = vec![Entry::Group {
            title: title.to_owned(),
            links,
        }];
    }
    let text = uri_list::format_links(&entries, format, &UrlCrate)
        .map_err(|m| Failure::Input(said(&m)))?;
    write(out, &text)?;
    write(out, "\n")?;
    Ok(Outcome::Done)
}

/// The entries of `format` for `list`: its pages, each run of them between
/// two nested lists a group named `name` (numbered "Name (1)", "Name (2)"
/// when there is more than one, as the extension names its groups), or with
/// no name (the link's own list) loose links; each nested list, at any depth,
/// the groups of its own pages where it stands, named by its title, else the
/// title `list`'s page-titles gives it.
fn add_entries(
    list: &UriList,
    name: Option<&str>,
    pages: &dyn Fn(&UriList) -> Vec<uri_list::Link>,
    out: &mut Vec<uri_list::Entry>,
) {
    use uri_list::Entry;
    let links = pages(list);
    let items = list.items();
    // The runs of pages between nested lists: more than one, and they are numbered.
    let runs = items
        .iter()
        .enumerate()
        .filter(|&(n, item)| item.list().is_none() && (n == 0 || items[n - 1].list().is_some()))
        .count();
    let mut run: Vec<uri_list::Link> = Vec::new();
    let mut numbered = 0;
    let mut flush = |run: &mut Vec<uri_list::Link>, out: &mut Vec<Entry>| {
        if run.is_empty() {
            return;
        }
        match name {
            Some(name) => {
                numbered += 1;
                // (A list without a name is not named by its number alone.)
                let title = if runs > 1 && !name.trim().is_empty() {
                    format!("{name} ({numbered})")
                } else {
                    name.to_owned()
                };
                out.push(Entry::Group {
                    title,
                    links: std::mem::take(run),
                });
            }
            None => out.extend(run.drain(..).map(Entry::Link)),
        }
    };
    for (item, page) in items.iter().zip(links) {
        match item.list() {
            Some(nested) => {
                flush(&mut run, out);
                // Its own title, else the one this list's page-titles gives it (as the
                // extension names its group).
                let title = nested
                    .title()
                    .filter(|t| !t.trim().is_empty())
                    .map_or(page.title, str::to_owned);
                add_entries(nested, Some(&title), pages, out);
            }
            None => run.push(page),
        }
    }
    flush(&mut run, out);
}

/// One item of `check`, checked by the core in its own list.
struct Checked<'a> {
    /// Its place: `2`, or `2.1` for item 1 of the list in item 2.
    number: String,
    item: &'a Item,
    check: ItemCheck,
    /// The check's class, but a nested list that cannot be read is invalid
    /// (as in `--json`).
    class: Class,
}

impl Checked<'_> {
    /// Whether the extension would not open it, or would show the list
    /// before opening anything: blocked, invalid, or with an alert.
    fn look_first(&self) -> bool {
        matches!(self.class, Class::Blocked | Class::Invalid)
            || self.check.notes.iter().any(|n| n.alert)
    }
}

/// Every item of `list` checked with the core's `check_list` (each list on
/// its own, as `checkAll()` in JavaScript checks them), each nested list's
/// items after the item that holds it.
fn check_all<'a>(list: &'a UriList, prefix: &str, rows: &mut Vec<Checked<'a>>) {
    for (n, (item, check)) in list
        .items()
        .iter()
        .zip(check_list(list, &UrlCrate))
        .enumerate()
    {
        let number = format!("{prefix}{}", n + 1);
        let class = match (check.class, item.list()) {
            (Class::List, None) => Class::Invalid,
            (class, _) => class,
        };
        let nested = format!("{number}.");
        rows.push(Checked {
            number,
            item,
            check,
            class,
        });
        if let Some(list) = item.list() {
            check_all(list, &nested, rows);
        }
    }
}

/// The alerts about the names of lists that the extension shows the preview
/// page for (the core's `plan`, not `check_list`, which checks items): a
/// list's title or group-name, or the title its list's `page-titles` gives a
/// nested one, read as the address of a site none of its pages is on. Each
/// with the number of its nested list (`"2"`, `"2.1"`; `""` for the link's
/// own list), the message itself, and the message as the plan gives it (for
/// a nested list, "in the nested list of item 2: ...", as its warnings are
/// said: `--json`'s `notes`).
fn name_alerts(parsed: &uri_list::Parsed) -> Vec<NameAlert> {
    let context = uri_list::PlanContext {
        open_limit: usize::MAX,
        ..Default::default()
    };
    let mut alerts = Vec::new();
    for message in uri_list::plan(parsed, &context, &UrlCrate).preview {
        // "in the nested list of item 2: <message>", unwrapped.
        let (mut number, mut inner) = (String::new(), message.clone());
        while inner.code == Code::violationInNested {
            match (inner.args.first(), inner.args.get(1)) {
                (Some(Arg::Text(n)), Some(Arg::Message(m))) => {
                    number = if number.is_empty() {
                        n.clone()
                    } else {
                        format!("{number}.{n}")
                    };
                    inner = m.clone();
                }
                _ => break,
            }
        }
        if matches!(
            inner.code,
            Code::previewTitleNamesSite | Code::previewTitleNamesSites
        ) {
            alerts.push(NameAlert {
                number,
                inner,
                note: uri_list::Note {
                    alert: true,
                    message,
                },
            });
        }
    }
    alerts
}

/// An alert about a list's name: see [`name_alerts`].
struct NameAlert {
    /// The number of its nested list (`"2"`, `"2.1"`), `""` for the link's own list.
    number: String,
    /// What is wrong with the name.
    inner: Message,
    /// The same as a note of the link's own list: "in the nested list of item 2: ..." for a
    /// nested list's.
    note: uri_list::Note,
}

/// `check --json`: `check()`'s shape, and after it `"notes"`, the alerts about
/// the lists' names (which `check()` leaves to `plan()`: it checks items), in
/// the shape of an item's notes.
#[derive(serde::Serialize)]
struct CheckJson<'a> {
    #[serde(flatten)]
    report: CheckReport<'a>,
    notes: Vec<&'a uri_list::Note>,
}

/// The widest the site column is padded to, in characters: a wider site is
/// written whole, the column then shifted on its row only.
const MAX_SITE_COLUMN: usize = 40;

/// `check`: a row per item (number, class, site, item), then under it why it
/// is not opened, each alert and note (all that `--json` has, the lookalike
/// pairs of each list included), and at the end the warnings. Exits 3 when
/// an item, at any depth, is blocked, invalid or has an alert.
fn check(args: CheckArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let link = args.link.read("check")?;
    let parsed = parse_link(&link, false)?;
    let mut rows = Vec::new();
    check_all(&parsed.list, "", &mut rows);
    let names = name_alerts(&parsed);
    let outcome = if rows.iter().any(Checked::look_first) || !names.is_empty() {
        Outcome::LookFirst
    } else {
        Outcome::Done
    };
    // Output cut short by its reader still ends with what the list holds.
    let written = |r: Result<(), Failure>| match r {
        Ok(()) | Err(Failure::Closed) => Ok(outcome),
        Err(e) => Err(e),
    };
    if args.json {
        let json = CheckJson {
            report: CheckReport::new(&parsed, &UrlCrate),
            notes: names.iter().map(|n| &n.note).collect(),
        };
        return written(write_json(out, &json));
    }
    let mut text = String::new();
    if let Some(t) = parsed.list.title() {
        text.push_str(&format!("title: {}\n", on_one_line(t)));
    }
    if let Some(t) = parsed.list.kind() {
        text.push_str(&format!("type: {}\n", on_one_line(t)));
    }
    let sites: Vec<String> = rows
        .iter()
        .map(|r| {
            r.check
                .site
                .as_ref()
                .map_or_else(|| "-".into(), |s| s.shown())
        })
        .collect();
    let width = sites
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1)
        .min(MAX_SITE_COLUMN);
    // The number column: as wide as the widest number ("2.2.1", "1000"), three at least.
    let numbers = rows
        .iter()
        .map(|r| r.number.len())
        .max()
        .unwrap_or(0)
        .max(3);
    // What is said under a row starts under its class.
    let under = " ".repeat(numbers + 2);
    let mut alerts = 0;
    for (row, site) in rows.iter().zip(&sites) {
        let number = &row.number;
        // Padded by hand: `{:<width$}` panics on a width over 65 535.
        let pad = " ".repeat(width.saturating_sub(site.chars().count()));
        text.push_str(&format!(
            "{number:>numbers$}  {:<8}  {site}{pad}  {}\n",
            row.class.as_str(),
            on_one_line(row.item.as_str())
        ));
        if let Some(reason) = &row.check.reason {
            text.push_str(&format!("{under}{}\n", said(reason)));
        }
        if row.check.class == Class::List && row.item.list().is_none() {
            let reason = Message {
                code: Code::itemNestedUnreadable,
                args: Vec::new(),
            };
            text.push_str(&format!("{under}{}\n", said(&reason)));
        }
        for note in &row.check.notes {
            let kind = if note.alert { "alert" } else { "note" };
            alerts += usize::from(note.alert);
            text.push_str(&format!(
                "{under}{kind} (item {number}): {}\n",
                said(&note.message)
            ));
        }
        if let Some(list) = row.item.list() {
            text.push_str(&format!(
                "{under}A nested list of {} item{}.\n",
                list.len(),
                if list.len() == 1 { "" } else { "s" }
            ));
        }
    }
    for NameAlert {
        number,
        inner: message,
        ..
    } in &names
    {
        alerts += 1;
        let list = if number.is_empty() {
            "list".to_owned()
        } else {
            format!("list {number}")
        };
        text.push_str(&format!("{under}alert ({list}): {}\n", said(message)));
    }
    for w in &parsed.warnings {
        text.push_str(&format!("warning: {}\n", warning_said(w)));
    }
    if alerts > 0 {
        text.push_str(&format!(
            "{alerts} alert{}: look at the list before opening it.\n",
            if alerts == 1 { "" } else { "s" }
        ));
    }
    written(write(out, &text))
}
