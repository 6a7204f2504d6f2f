//! The JSON shapes shared by the command-line tool (`decode --json`, `check
//! --json`) and the JavaScript API, written by hand: plain data, no
//! serialisation framework in the wasm.

use crate::prelude::*;

use crate::check::{check_item, check_openable, pair_notes, Class, Site};
use crate::message::digits::{push_decimal, push_hex};
use crate::message::error::Warning;
use crate::message::{Arg, Code, Message};
use crate::plan::Plan;
use crate::syntax::list::UriList;
use crate::syntax::parse::Parsed;

/// Appends `s` as a JSON string literal (RFC 8259 §7).
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut plain = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[plain..i]);
        if esc.is_empty() {
            out.push_str("\\u");
            push_hex(out, u32::from(b), 4, false);
        } else {
            out.push_str(esc);
        }
        plain = i + 1;
    }
    out.push_str(&s[plain..]);
    out.push('"');
}

fn push_opt(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => push_str(out, s),
        None => out.push_str("null"),
    }
}

/// Appends the fields `"code":"…","args":[…],"message":"…"` of a message
/// (its code, its arguments, its English text), for an object of its own or
/// one that has other fields too. An argument is a string, or an object of
/// the same three fields for a message within the message.
pub fn push_message_fields(out: &mut String, m: &Message) {
    out.push_str("\"code\":\"");
    out.push_str(m.code.as_str());
    out.push_str("\",\"args\":[");
    for (n, arg) in m.args.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        match arg {
            Arg::Text(s) => push_str(out, s),
            Arg::Message(inner) => push_message(out, inner),
        }
    }
    out.push_str("],\"message\":");
    push_str(out, &m.english());
}

/// Appends a message as the object `{"code","args","message"}`.
pub fn push_message(out: &mut String, m: &Message) {
    out.push('{');
    push_message_fields(out, m);
    out.push('}');
}

fn push_messages(out: &mut String, messages: &[Message], flush: &mut dyn FnMut(&mut String)) {
    out.push('[');
    for (n, m) in messages.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        push_message(out, m);
        maybe_flush(out, flush);
    }
    out.push(']');
}

fn push_warnings(out: &mut String, warnings: &[Warning]) {
    out.push('[');
    for (n, w) in warnings.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str("{\"offset\":");
        push_decimal(out, w.offset() as u64);
        out.push(',');
        push_message_fields(out, &w.message());
        out.push('}');
    }
    out.push(']');
}

/// The object `decode --json` prints and `decode()` returns in JavaScript:
///
/// `{"items": [...], "title": null|"...", "type": null|"...",
///   "options": [["key","value"], ...], "fragment": null|"...",
///   "warnings": [{"offset": n, "code": "...", "args": [...], "message": "..."}],
///   "lists": [...]}`
///
/// A message (a warning here; a reason, a note below) is its code, which is
/// also its name in the extension's `_locales`, its arguments and its English
/// text: see [`push_message_fields`].
///
/// `items` holds the decoded items (a nested list as its decoded link);
/// `lists`, present only when some item is a nested list, holds for each item
/// `null` or the same object for its nested list (without `warnings`).
pub fn decode_json(parsed: &Parsed) -> String {
    let mut out = String::with_capacity(
        parsed
            .list
            .items()
            .iter()
            .map(|i| i.as_str().len() + 3)
            .sum::<usize>()
            + 96,
    );
    write_list(
        &mut out,
        &parsed.list,
        Some(&parsed.warnings),
        true,
        &mut |_| {},
    );
    out
}

/// [`decode_json`], written to `out` and handed to `flush` piece by piece
/// (see [`CHUNK`]).
pub fn write_decode_json(parsed: &Parsed, out: &mut String, flush: &mut dyn FnMut(&mut String)) {
    write_list(out, &parsed.list, Some(&parsed.warnings), true, flush);
}

/// [`decode_json`] with `"items": null`, for a caller that builds the items
/// itself (the JS API slices them out of the caller's string).
pub fn decode_json_without_items(parsed: &Parsed) -> String {
    let mut out = String::with_capacity(96);
    write_list(
        &mut out,
        &parsed.list,
        Some(&parsed.warnings),
        false,
        &mut |_| {},
    );
    out
}

fn write_list(
    out: &mut String,
    list: &UriList,
    warnings: Option<&[Warning]>,
    items: bool,
    flush: &mut dyn FnMut(&mut String),
) {
    out.push_str("{\"items\":");
    if items {
        out.push('[');
        for (n, item) in list.items().iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            push_str(out, item.as_str());
            maybe_flush(out, flush);
        }
        out.push(']');
    } else {
        out.push_str("null");
    }
    out.push_str(",\"title\":");
    push_opt(out, list.title());
    out.push_str(",\"type\":");
    push_opt(out, list.kind());
    out.push_str(",\"options\":[");
    for (n, (k, v)) in list.options().iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('[');
        push_str(out, k);
        out.push(',');
        push_str(out, v);
        out.push(']');
    }
    out.push_str("],\"fragment\":");
    push_opt(out, list.fragment());
    if let Some(w) = warnings {
        out.push_str(",\"warnings\":");
        push_warnings(out, w);
    }
    if list.items().iter().any(|i| i.list().is_some()) {
        out.push_str(",\"lists\":[");
        for (n, item) in list.items().iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            match item.list() {
                Some(l) => write_list(out, l, None, true, flush),
                None => out.push_str("null"),
            }
        }
        out.push(']');
    }
    out.push('}');
}

/// JSON is handed to the `flush` of the `write_*` functions in pieces of
/// about this many bytes: the JS API passes each to the engine at once, so
/// that the wasm's memory (which never shrinks) holds one piece, not the
/// whole result.
pub const CHUNK: usize = 64 * 1024;

/// After a whole value: hands what `out` holds to `flush` when it is a
/// piece's worth. `flush` takes it (and empties `out`), or leaves it be.
fn maybe_flush(out: &mut String, flush: &mut dyn FnMut(&mut String)) {
    if out.len() >= CHUNK {
        flush(out);
    }
}

/// The object `check --json` prints and `check()` returns in JavaScript:
///
/// `{"items": [{"item": "...", "class": "openable"|"blocked"|"invalid"|"list",
///   "site": null|"host", "siteUnicode": null|"host", "userinfo": null|"...",
///   "reason": null|{"code", "args", "message"},
///   "notes": [{"alert": bool, "code": "...", "args": [...], "message": "..."}]}],
///   "title": ..., "type": ..., "warnings": [...]}`
///
/// The notes are those of [`crate::check_list`]: each item's own, then those
/// that come from another item of the list (a lookalike, a borrowed name).
pub fn check_json(parsed: &Parsed) -> String {
    let mut out = String::new();
    write_check_json(parsed, &mut out, &mut |_| {});
    out
}

/// [`check_json`], written to `out` and handed to `flush` piece by piece
/// (see [`CHUNK`]). The items are checked one at a time as they are
/// written: only the sites of the list (for the notes across items) are
/// held, never every item's check.
pub fn write_check_json(parsed: &Parsed, out: &mut String, flush: &mut dyn FnMut(&mut String)) {
    let list = &parsed.list;
    let sites: Vec<(usize, Site)> = list
        .items()
        .iter()
        .enumerate()
        .filter_map(|(i, item)| check_item(item.as_str()).site.map(|s| (i, s)))
        .collect();
    let refs: Vec<(usize, &Site)> = sites.iter().map(|(i, s)| (*i, s)).collect();
    let mut pair = pair_notes(&refs).into_iter().peekable();
    drop(refs);
    let mut sites = sites.into_iter().peekable();
    out.push_str("{\"items\":[");
    for (n, item) in list.items().iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        let mut c = match sites.next_if(|(i, _)| *i == n) {
            Some((_, site)) => check_openable(item.as_str(), site),
            None => check_item(item.as_str()),
        };
        while let Some((_, note)) = pair.next_if(|(i, _)| *i == n) {
            c.notes.push(note);
        }
        // A nested list that could not be read is an invalid item.
        let (class, reason) = match (c.class, item.list()) {
            (Class::List, None) => (
                Class::Invalid,
                Some(Message::new(Code::itemNestedUnreadable)),
            ),
            _ => (c.class, c.reason),
        };
        out.push_str("{\"item\":");
        push_str(out, item.as_str());
        out.push_str(",\"class\":\"");
        out.push_str(class.as_str());
        out.push_str("\",\"site\":");
        push_opt(out, c.site.as_ref().map(|s| s.host.as_str()));
        out.push_str(",\"siteUnicode\":");
        push_opt(out, c.site.as_ref().map(|s| s.unicode.as_str()));
        out.push_str(",\"userinfo\":");
        push_opt(out, c.site.as_ref().and_then(|s| s.userinfo.as_deref()));
        out.push_str(",\"reason\":");
        match &reason {
            Some(m) => push_message(out, m),
            None => out.push_str("null"),
        }
        out.push_str(",\"notes\":[");
        for (k, note) in c.notes.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str(if note.alert {
                "{\"alert\":true,"
            } else {
                "{\"alert\":false,"
            });
            push_message_fields(out, &note.message);
            out.push('}');
        }
        out.push_str("]}");
        maybe_flush(out, flush);
    }
    out.push_str("],\"title\":");
    push_opt(out, list.title());
    out.push_str(",\"type\":");
    push_opt(out, list.kind());
    out.push_str(",\"warnings\":");
    push_warnings(out, &parsed.warnings);
    out.push('}');
}

/// The object `plan()` returns in JavaScript: what the extension opens.
///
/// `{"mode": "group"|"tabs"|"window"|"list", "pages": n,
///   "groups": [{"title": "...", "summary": null|{message}, "color": null|"blue",
///     "depth": n, "urls": [...]}],
///   "skipped": [{"item": "...", "reason": {message}}], "preview": [{message}, ...],
///   "notes": [{message}, ...],
///   "title": null|"...", "warnings": [...]}`
pub fn plan_json(plan: &Plan, parsed: &Parsed) -> String {
    let mut out = String::new();
    write_plan_json(plan, parsed, &mut out, &mut |_| {});
    out
}

/// [`plan_json`], written to `out` and handed to `flush` piece by piece
/// (see [`CHUNK`]).
pub fn write_plan_json(
    plan: &Plan,
    parsed: &Parsed,
    out: &mut String,
    flush: &mut dyn FnMut(&mut String),
) {
    out.push_str("{\"mode\":\"");
    out.push_str(plan.mode.as_str());
    out.push_str("\",\"pages\":");
    push_decimal(out, plan.pages() as u64);
    out.push_str(",\"groups\":[");
    for (n, g) in plan.groups.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str("{\"title\":");
        push_str(out, &g.title);
        out.push_str(",\"summary\":");
        match &g.summary {
            Some(m) => push_message(out, m),
            None => out.push_str("null"),
        }
        out.push_str(",\"color\":");
        push_opt(out, g.color);
        out.push_str(",\"depth\":");
        push_decimal(out, g.depth as u64);
        out.push_str(",\"urls\":[");
        for (k, url) in g.urls.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            push_str(out, url);
            maybe_flush(out, flush);
        }
        out.push_str("]}");
    }
    out.push_str("],\"skipped\":[");
    for (n, s) in plan.skipped.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str("{\"item\":");
        push_str(out, &s.item);
        out.push_str(",\"reason\":");
        push_message(out, &s.reason);
        out.push('}');
        maybe_flush(out, flush);
    }
    out.push_str("],\"preview\":");
    push_messages(out, &plan.preview, flush);
    out.push_str(",\"notes\":");
    push_messages(out, &plan.notes, flush);
    out.push_str(",\"title\":");
    push_opt(out, parsed.list.title());
    out.push_str(",\"warnings\":");
    push_warnings(out, &parsed.warnings);
    out.push('}');
}
