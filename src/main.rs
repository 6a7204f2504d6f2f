//! `uri-list`: the command-line face of the crate, for scripts and native apps.

#![forbid(unsafe_code)]

use std::io::{self, Read, Write};
use std::process::ExitCode;
use uri_list::{check_list, from_text, to_text, CheckReport, Class, Parser, UriList, MAX_LENGTH};

const USAGE: &str = "\
usage:
  uri-list decode [--strict] [--json] LINK     the text/uri-list of a link (CRLF line ends)
  uri-list encode [--title T] [--type X] [--option K=V]... [--web BASE] [URL...]
                                               a link from URLs (one per line on stdin when none)
  uri-list from-text [--web BASE] [FILE]       a link from a text/uri-list (stdin when no FILE)
  uri-list check [--json] LINK                 each item, its class and site, every alert, note
                                               and warning
  uri-list format (--markdown | --html | --plain | --template T [--separator S]) LINK
                                               the pages as text to paste: a nested list is a
                                               group under its title; a page shows its address

A LINK may also be a web link, an http(s) address whose part after \"#\" is the link
(https://example.com/#uri-list:https://a.example;https://b.example); --web BASE writes one,
BASE being the address of a page that shows lists (web/ in the repository).
A LINK of \"-\" is read from standard input (one line end after it is dropped): for links
longer than a command line takes (up to 2 MiB).

exit status: 0 success, 1 invalid input (the message names the problem and its byte offset),
2 wrong usage";

enum Failure {
    Usage(String),
    Input(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut stdout = io::stdout().lock();
    match run(&args, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("uri-list: {msg}\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Input(msg)) => {
            eprintln!("uri-list: error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &[String], out: &mut impl Write) -> Result<(), Failure> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Failure::Usage("no command given".into()));
    };
    let result = match command.as_str() {
        "decode" => decode(rest, out),
        "encode" => encode(rest, out),
        "from-text" => from_text_cmd(rest, out),
        "check" => check(rest, out),
        "format" => format_cmd(rest, out),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        "-V" | "--version" => {
            println!("uri-list {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        other => Err(Failure::Usage(format!("unknown command \"{other}\""))),
    };
    out.flush()
        .map_err(|e| Failure::Input(format!("cannot write the output: {e}")))?;
    result
}

/// The JSON shape of a result (`--json`), as the JavaScript API gives it.
fn to_json(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure::Input(format!("cannot write JSON: {e}")))
}

fn write(out: &mut impl Write, s: &str) -> Result<(), Failure> {
    out.write_all(s.as_bytes())
        .map_err(|e| Failure::Input(format!("cannot write the output: {e}")))
}

/// The flags found (with their values) and the positional arguments.
type Args<'a> = (Vec<(&'a str, Option<&'a str>)>, Vec<&'a str>);

/// Splits flags from positional arguments. `flags` lists the flags without a
/// value, `valued` those that take one. `--` ends the flags.
fn split_args<'a>(
    args: &'a [String],
    flags: &[&str],
    valued: &[&str],
) -> Result<Args<'a>, Failure> {
    let mut found = Vec::new();
    let mut positional = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let a = arg.as_str();
        if a == "--" {
            positional.extend(iter.by_ref().map(String::as_str));
        } else if flags.contains(&a) {
            found.push((a, None));
        } else if valued.contains(&a) {
            let v = iter
                .next()
                .ok_or_else(|| Failure::Usage(format!("{a} needs a value")))?;
            found.push((a, Some(v.as_str())));
        } else if let Some((k, v)) = a.split_once('=').filter(|(k, _)| valued.contains(k)) {
            found.push((k, Some(v)));
        } else if a.starts_with("--") || (a.starts_with('-') && a.len() > 1) {
            return Err(Failure::Usage(format!("unknown option \"{a}\"")));
        } else {
            positional.push(a);
        }
    }
    Ok((found, positional))
}

/// The LINK argument: the link itself, or with "-" the link read from stdin.
fn one_link<'a>(positional: &[&'a str]) -> Result<std::borrow::Cow<'a, str>, Failure> {
    match positional {
        ["-"] => read_link(io::stdin().lock()).map(std::borrow::Cow::Owned),
        [link] => Ok(std::borrow::Cow::Borrowed(link)),
        [] => Err(Failure::Usage("no LINK given".into())),
        _ => Err(Failure::Usage(
            "more than one LINK given (quote the link: a shell splits it at spaces and ';')".into(),
        )),
    }
}

/// Reads a link from `input` (stdin): at most [`MAX_LENGTH`] bytes and a
/// line end, which is dropped (`echo` adds one); the parser reports any
/// other white space. Longer input is refused without reading it all.
fn read_link(input: impl Read) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    input
        .take(MAX_LENGTH as u64 + 3)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("cannot read the link from stdin: {e}")))?;
    for end in [&b"\n"[..], b"\r"] {
        if bytes.ends_with(end) {
            bytes.pop();
        }
    }
    if bytes.len() > MAX_LENGTH {
        return Err(Failure::Input(format!(
            "the link on stdin is too long: more than {MAX_LENGTH} bytes, the limit (the longest URL Chrome accepts)"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::Input(format!(
            "the link on stdin is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The uri-list link of a LINK argument: itself, or the one in a web link.
fn list_link(link: &str) -> Result<&str, Failure> {
    uri_list::list_link(link).map_err(|e| Failure::Input(e.to_string()))
}

/// The link to print: `link`, or with `--web BASE` the web link on BASE.
fn print_link(out: &mut impl Write, link: &str, web: Option<&str>) -> Result<(), Failure> {
    let link = match web {
        Some(base) => uri_list::web_link(base, link).map_err(|e| Failure::Input(e.to_string()))?,
        None => link.to_owned(),
    };
    write(out, &link)?;
    write(out, "\n")
}

/// The value of `--web`, its base checked before any input is read.
fn web_base<'a>(flags: &[(&str, Option<&'a str>)]) -> Result<Option<&'a str>, Failure> {
    let Some(base) = flags.iter().find(|(f, _)| *f == "--web").and_then(|f| f.1) else {
        return Ok(None);
    };
    uri_list::web_base(base).map_err(|e| Failure::Input(e.to_string()))?;
    Ok(Some(base))
}

fn warn_all(warnings: &[uri_list::Warning]) {
    for w in warnings {
        eprintln!("uri-list: warning: {w}");
    }
}

/// `format`: the link's pages as Markdown, HTML, plain lines or a template
/// (src/format.rs). A link has no page titles: each page shows its address;
/// a nested list is a group with its title, and a list with a title and no
/// nested list one group.
fn format_cmd(args: &[String], out: &mut impl Write) -> Result<(), Failure> {
    use uri_list::{Entry, Format, Link};
    let (flags, positional) = split_args(
        args,
        &["--markdown", "--html", "--plain"],
        &["--template", "--separator"],
    )?;
    let value = |name: &str| flags.iter().find(|(f, _)| *f == name).and_then(|f| f.1);
    let separator = value("--separator").unwrap_or("\\n");
    let chosen: Vec<Format<'_>> = flags
        .iter()
        .filter_map(|(flag, v)| match *flag {
            "--markdown" => Some(Format::Markdown),
            "--html" => Some(Format::Html),
            "--plain" => Some(Format::Plain),
            "--template" => Some(Format::Template {
                template: v.unwrap_or_default(),
                separator,
            }),
            _ => None,
        })
        .collect();
    let [format] = chosen[..] else {
        return Err(Failure::Usage(
            "format takes one of --markdown, --html, --plain or --template T".into(),
        ));
    };
    let link = one_link(&positional)?;
    let parsed = Parser::new()
        .parse(list_link(&link)?)
        .map_err(|e| Failure::Input(e.to_string()))?;
    warn_all(&parsed.warnings);
    let page = |item: &uri_list::Item| Link {
        title: String::new(),
        url: item.as_str().to_owned(),
    };
    let list = &parsed.list;
    let mut entries: Vec<Entry> = list
        .items()
        .iter()
        .map(|item| match item.list() {
            Some(nested) => Entry::Group {
                title: nested.title().unwrap_or_default().to_owned(),
                links: nested.items().iter().map(page).collect(),
            },
            None => Entry::Link(page(item)),
        })
        .collect();
    if let (Some(title), true) = (
        list.title(),
        entries.iter().all(|e| matches!(e, Entry::Link(_))),
    ) {
        let links = list.items().iter().map(page).collect();
        entries = vec![Entry::Group {
            title: title.to_owned(),
            links,
        }];
    }
    let text = uri_list::format_links(&entries, format)
        .map_err(|message| Failure::Input(message.english()))?;
    write(out, &text)?;
    write(out, "\n")
}

fn decode(args: &[String], out: &mut impl Write) -> Result<(), Failure> {
    let (flags, positional) = split_args(args, &["--strict", "--json"], &[])?;
    let link = one_link(&positional)?;
    let strict = flags.iter().any(|(f, _)| *f == "--strict");
    let as_json = flags.iter().any(|(f, _)| *f == "--json");
    let parsed = Parser::new()
        .strict(strict)
        .parse(list_link(&link)?)
        .map_err(|e| Failure::Input(e.to_string()))?;
    if as_json {
        write(out, &to_json(&parsed)?)?;
        write(out, "\n")
    } else {
        warn_all(&parsed.warnings);
        write(out, &to_text(&parsed.list))
    }
}

fn encode(args: &[String], out: &mut impl Write) -> Result<(), Failure> {
    let (flags, positional) = split_args(args, &[], &["--title", "--type", "--option", "--web"])?;
    let web = web_base(&flags)?;
    let mut list = UriList::new();
    if positional.is_empty() {
        let mut input = String::new();
        io::stdin()
            .read_to_string(&mut input)
            .map_err(|e| Failure::Input(format!("cannot read the URLs from stdin: {e}")))?;
        for line in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
            list.push(line);
        }
    } else {
        for (n, url) in positional.iter().enumerate() {
            if url.is_empty() {
                return Err(Failure::Input(format!(
                    "URL {} is empty: a uri-list cannot carry an empty item",
                    n + 1
                )));
            }
            list.push(*url);
        }
    }
    if list.is_empty() {
        return Err(Failure::Input("no URL to encode".into()));
    }
    for (flag, value) in flags {
        let value = value.unwrap_or_default();
        match flag {
            "--title" => list.set_title(value),
            "--type" => list.set_kind(value),
            "--web" => {}
            _ => {
                let (k, v) = value.split_once('=').ok_or_else(|| {
                    Failure::Usage(format!("--option takes KEY=VALUE, not \"{value}\""))
                })?;
                if k.is_empty() {
                    return Err(Failure::Usage(format!(
                        "--option \"{value}\" has an empty key"
                    )));
                }
                list.push_option(k, v);
            }
        }
    }
    print_link(out, &list.to_link(), web)
}

fn from_text_cmd(args: &[String], out: &mut impl Write) -> Result<(), Failure> {
    let (flags, positional) = split_args(args, &[], &["--web"])?;
    let web = web_base(&flags)?;
    let mut bytes = Vec::new();
    let source = match positional.as_slice() {
        [] | ["-"] => {
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Failure::Input(format!("cannot read stdin: {e}")))?;
            "stdin".to_owned()
        }
        [file] => {
            bytes = std::fs::read(file)
                .map_err(|e| Failure::Input(format!("cannot read {file}: {e}")))?;
            (*file).to_owned()
        }
        _ => return Err(Failure::Usage("more than one FILE given".into())),
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::Input(format!(
            "{source} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let read = from_text(&text).map_err(|e| Failure::Input(e.to_string()))?;
    warn_all(&read.warnings);
    print_link(out, &read.list.to_link(), web)
}

/// The widest the site column is padded to, in characters: a wider site is
/// written whole, the column then shifted on its row only.
const MAX_SITE_COLUMN: usize = 40;

/// `check`: a row per item (number, class, site, item), then under it why it
/// is not opened, each alert and note (all that `--json` has, the lookalike
/// pairs of the whole list included), and at the end the warnings.
fn check(args: &[String], out: &mut impl Write) -> Result<(), Failure> {
    let (flags, positional) = split_args(args, &["--json"], &[])?;
    let link = one_link(&positional)?;
    let parsed = Parser::new()
        .parse(list_link(&link)?)
        .map_err(|e| Failure::Input(e.to_string()))?;
    if !flags.is_empty() {
        write(out, &to_json(&CheckReport::new(&parsed))?)?;
        return write(out, "\n");
    }
    let mut text = String::new();
    if let Some(t) = parsed.list.title() {
        text.push_str(&format!("title: {t}\n"));
    }
    if let Some(t) = parsed.list.kind() {
        text.push_str(&format!("type: {t}\n"));
    }
    let checks = check_list(&parsed.list);
    let sites: Vec<String> = checks
        .iter()
        .map(|c| c.site.as_ref().map_or_else(|| "-".into(), |s| s.shown()))
        .collect();
    let width = sites
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1)
        .min(MAX_SITE_COLUMN);
    let mut alerts = 0;
    for (n, ((item, c), site)) in parsed
        .list
        .items()
        .iter()
        .zip(&checks)
        .zip(&sites)
        .enumerate()
    {
        let number = n + 1;
        // A nested list that could not be read is an invalid item (as in
        // `--json`).
        let (class, nested_reason) = match (c.class, item.list()) {
            (Class::List, None) => (
                Class::Invalid,
                Some(uri_list::Code::itemNestedUnreadable.english()),
            ),
            (class, _) => (class, None),
        };
        // Padded by hand: `{:<width$}` panics on a width over 65 535.
        let pad = " ".repeat(width.saturating_sub(site.chars().count()));
        text.push_str(&format!(
            "{number:>3}  {:<8}  {site}{pad}  {}\n",
            class.as_str(),
            item.as_str()
        ));
        if let Some(reason) = &c.reason {
            text.push_str(&format!("     {reason}\n"));
        }
        if let Some(reason) = nested_reason {
            text.push_str(&format!("     {reason}\n"));
        }
        for note in &c.notes {
            let kind = if note.alert { "alert" } else { "note" };
            alerts += usize::from(note.alert);
            text.push_str(&format!("     {kind} (item {number}): {}\n", note.message));
        }
        if let Some(list) = item.list() {
            text.push_str(&format!("     a nested list of {} items\n", list.len()));
        }
    }
    for w in &parsed.warnings {
        text.push_str(&format!("warning: {w}\n"));
    }
    if alerts > 0 {
        text.push_str(&format!(
            "{alerts} alert{}: look at the list before opening it\n",
            if alerts == 1 { "" } else { "s" }
        ));
    }
    write(out, &text)
}
