//! The JSON shapes shared by the command-line tool (`decode --json`, `check
//! --json`) and the JavaScript API, written by hand: plain data, no
//! serialisation framework in the wasm.

use crate::prelude::*;

use crate::check::{check_list, Class};
use crate::digits::{push_decimal, push_hex};
use crate::error::Warning;
use crate::list::UriList;
use crate::message::{Arg, Message};
use crate::parse::Parsed;
use crate::plan::Plan;

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

/// Appends `[` the strings `]` as a JSON array.
fn push_str_array<'a>(out: &mut String, strings: impl IntoIterator<Item = &'a str>) {
    out.push('[');
    for (n, s) in strings.into_iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        push_str(out, s);
    }
    out.push(']');
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
    out.push_str(m.code);
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

fn push_messages<'a>(out: &mut String, messages: impl IntoIterator<Item = &'a Message>) {
    out.push('[');
    for (n, m) in messages.into_iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        push_message(out, m);
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
    write_list(&mut out, &parsed.list, Some(&parsed.warnings), true);
    out
}

/// [`decode_json`] with `"items": null`, for a caller that builds the items
/// itself (the JS API slices them out of the caller's string).
pub fn decode_json_without_items(parsed: &Parsed) -> String {
    let mut out = String::with_capacity(96);
    write_list(&mut out, &parsed.list, Some(&parsed.warnings), false);
    out
}

fn write_list(out: &mut String, list: &UriList, warnings: Option<&[Warning]>, items: bool) {
    out.push_str("{\"items\":");
    if items {
        push_str_array(out, list.items().iter().map(|i| i.as_str()));
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
                Some(l) => write_list(out, l, None, true),
                None => out.push_str("null"),
            }
        }
        out.push(']');
    }
    out.push('}');
}

/// The object `check --json` prints and `check()` returns in JavaScript:
///
/// `{"items": [{"item": "...", "class": "openable"|"blocked"|"invalid"|"list",
///   "site": null|"host", "siteUnicode": null|"host", "userinfo": null|"...",
///   "reason": null|{"code", "args", "message"},
///   "notes": [{"alert": bool, "code": "...", "args": [...], "message": "..."}]}],
///   "title": ..., "type": ..., "warnings": [...]}`
pub fn check_json(parsed: &Parsed) -> String {
    let list = &parsed.list;
    let mut out = String::with_capacity(
        list.items()
            .iter()
            .map(|i| 2 * i.as_str().len() + 90)
            .sum::<usize>()
            + 96,
    );
    out.push_str("{\"items\":[");
    let checks = check_list(list);
    for (n, (item, c)) in list.items().iter().zip(checks).enumerate() {
        if n > 0 {
            out.push(',');
        }
        // A nested list that could not be read is an invalid item.
        let (class, reason) = match (c.class, item.list()) {
            (Class::List, None) => (Class::Invalid, Some(Message::new("itemNestedUnreadable"))),
            _ => (c.class, c.reason),
        };
        out.push_str("{\"item\":");
        push_str(&mut out, item.as_str());
        out.push_str(",\"class\":\"");
        out.push_str(class.as_str());
        out.push_str("\",\"site\":");
        push_opt(&mut out, c.site.as_ref().map(|s| s.host.as_str()));
        out.push_str(",\"siteUnicode\":");
        push_opt(&mut out, c.site.as_ref().map(|s| s.unicode.as_str()));
        out.push_str(",\"userinfo\":");
        push_opt(
            &mut out,
            c.site.as_ref().and_then(|s| s.userinfo.as_deref()),
        );
        out.push_str(",\"reason\":");
        match &reason {
            Some(m) => push_message(&mut out, m),
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
            push_message_fields(&mut out, &note.message);
            out.push('}');
        }
        out.push_str("]}");
    }
    out.push_str("],\"title\":");
    push_opt(&mut out, list.title());
    out.push_str(",\"type\":");
    push_opt(&mut out, list.kind());
    out.push_str(",\"warnings\":");
    push_warnings(&mut out, &parsed.warnings);
    out.push('}');
    out
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
    let mut out = String::with_capacity(plan.pages() * 40 + 128);
    out.push_str("{\"mode\":\"");
    out.push_str(plan.mode.as_str());
    out.push_str("\",\"pages\":");
    push_decimal(&mut out, plan.pages() as u64);
    out.push_str(",\"groups\":[");
    for (n, g) in plan.groups.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str("{\"title\":");
        push_str(&mut out, &g.title);
        out.push_str(",\"summary\":");
        match &g.summary {
            Some(m) => push_message(&mut out, m),
            None => out.push_str("null"),
        }
        out.push_str(",\"color\":");
        push_opt(&mut out, g.color);
        out.push_str(",\"depth\":");
        push_decimal(&mut out, g.depth as u64);
        out.push_str(",\"urls\":");
        push_str_array(&mut out, g.urls.iter().map(String::as_str));
        out.push('}');
    }
    out.push_str("],\"skipped\":[");
    for (n, s) in plan.skipped.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str("{\"item\":");
        push_str(&mut out, &s.item);
        out.push_str(",\"reason\":");
        push_message(&mut out, &s.reason);
        out.push('}');
    }
    out.push_str("],\"preview\":");
    push_messages(&mut out, &plan.preview);
    out.push_str(",\"notes\":");
    push_messages(&mut out, &plan.notes);
    out.push_str(",\"title\":");
    push_opt(&mut out, parsed.list.title());
    out.push_str(",\"warnings\":");
    push_warnings(&mut out, &parsed.warnings);
    out.push('}');
    out
}
