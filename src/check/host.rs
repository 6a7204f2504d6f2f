//! The authority of an `http`/`https` item (RFC 3986 §3.2) and its host,
//! read as the browser reads it: the URL Standard's host parser
//! (src/platform.rs) names the host, punycode labels are shown in Unicode,
//! and a host the standard rejects gets the reason why.

use crate::prelude::*;

use super::punycode;
use super::Site;
use crate::message::{Code, Message};
use crate::platform::UrlParser;
use crate::syntax::percent::is_forbidden_domain_char;
use alloc::borrow::Cow;

/// What the platform's host parser made of a host as written (`None`: it
/// refused it), kept by a caller that asked already (`plan()`, reading the
/// page address of each item before checking it), so that the item's check
/// does not ask again: in the wasm each question is a call into the engine.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HostRead<'a> {
    pub written: &'a str,
    pub ascii: Option<&'a str>,
}

/// Reads the authority of an `http`/`https` URL (RFC 3986 §3.2), given what
/// follows the scheme's colon, with what the host parser said of its host
/// when that is known already.
pub(super) fn parse_authority(
    rest: &str,
    known: Option<HostRead<'_>>,
    urls: &dyn UrlParser,
) -> Result<Site, Message> {
    // URL Standard, "special authority slashes" states: any run of `/` or `\`.
    let rest = rest.trim_start_matches(['/', '\\']);
    let end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    // `https://evil.example\@paypal.com/`: a browser reads `\` as `/`, so
    // the site is evil.example; a person reads `evil.example\` as user info
    // and paypal.com as the site (RFC 3986, where `\` ends nothing). What
    // reads as user info is kept as such, for the same alert.
    let userinfo = userinfo.or_else(|| {
        let read = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
        read.get(end..)
            .filter(|after| after.starts_with('\\'))
            .and(read.rfind('@'))
            .map(|at| &read[..at])
    });
    let (host, port) = if hostport.starts_with('[') {
        let close = hostport
            .find(']')
            .ok_or_else(|| Message::new(Code::itemIpv6Unclosed))?;
        (&hostport[..=close], &hostport[close + 1..])
    } else {
        match hostport.rfind(':') {
            Some(c) => (&hostport[..c], &hostport[c..]),
            None => (hostport, ""),
        }
    };
    let port = match port {
        "" | ":" => None,
        p if p.starts_with(':') && p[1..].bytes().all(|b| b.is_ascii_digit()) => Some(
            number(&p[1..], 10)
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| Message::with(Code::itemPortRange, &[&p[1..]]))?,
        ),
        p => {
            return Err(Message::with(
                Code::itemPortNumber,
                &[p.trim_start_matches(':')],
            ))
        }
    };
    if host.is_empty() {
        return Err(Message::new(Code::itemNoHost));
    }
    let (ascii, unicode) = if host.starts_with('[') {
        let inner = &host[1..host.len() - 1];
        if inner.is_empty()
            || !inner
                .bytes()
                .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        {
            return Err(Message::with(Code::itemNotIpv6, &[host]));
        }
        // Serialised as the browser does (`[0:0::1]` is `[::1]`).
        let h = urls
            .host(host)
            .ok_or_else(|| Message::with(Code::itemNotIpv6, &[host]))?;
        (h.clone(), h)
    } else {
        domain_to_ascii(host, known, urls)?
    };
    Ok(Site {
        host: ascii,
        unicode,
        port,
        userinfo: userinfo.filter(|u| !u.is_empty()).map(str::to_owned),
    })
}

/// The host as the browser reads it (see [`UrlParser`]), and its
/// Unicode form for display; or why the browser would not open it.
///
/// Most hosts are plain ASCII names (`www.example.com`): letters, digits,
/// `-` and `.`, no `xn--` label. For them the URL Standard's host parser
/// only lowercases: UTS #46 maps `A`-`Z` to `a`-`z` and leaves the rest as
/// it is (with `UseSTD3ASCIIRules=false` and `CheckHyphens=false` every such
/// label is valid), none of them is a forbidden domain code point, and only
/// a last label that is a number makes the host an IPv4 address, which
/// [`parse_ipv4`] reads as the standard does. They are read here, without
/// asking the platform (in the wasm, a call into the engine per item). The
/// rest are read by the platform, unless `known` says what it answered.
fn domain_to_ascii(
    host: &str,
    known: Option<HostRead<'_>>,
    urls: &dyn UrlParser,
) -> Result<(String, String), Message> {
    if is_plain_ascii_host(host) {
        let lower = host.to_ascii_lowercase();
        return Ok(match parse_ipv4(&lower)? {
            Some(v4) => (v4.clone(), v4),
            None => (lower.clone(), lower),
        });
    }
    // What no host can hold, said precisely before the platform's verdict
    // (which only says yes or no).
    let decoded = percent_decode(host).ok_or_else(|| Message::with(Code::itemHostUtf8, &[host]))?;
    if let Some(c) = decoded.chars().find(|&c| is_forbidden_domain_char(c)) {
        return Err(Message {
            code: Code::itemHostChar,
            args: vec![host.to_owned().into(), crate::message::error::host_char(c)],
        });
    }
    let ascii = match known {
        Some(k) if k.written == host => k.ascii.map(str::to_owned),
        _ => urls.host(host),
    };
    match ascii {
        // UTS #46 maps some characters to forbidden ones (U+3000 and U+00A0
        // to a space, U+FF0F to `/`), which the URL Standard then rejects;
        // Chromium instead keeps them escaped (`goo%20goo.com`), a host that
        // resolves nowhere or is not the one shown. The standard's reading.
        Some(ascii) if ascii.chars().any(is_forbidden_domain_char) => {
            Err(Message::with(Code::itemHostInvalid, &[host]))
        }
        Some(ascii) => {
            let unicode = domain_to_unicode(&ascii);
            Ok((ascii, unicode))
        }
        None => Err(why_not_a_host(host, &decoded)),
    }
}

/// Letters, digits, `-` and `.` only, and no label that starts with `xn--`
/// (which the host parser decodes and checks): a host that the URL
/// Standard's host parser only lowercases (see [`domain_to_ascii`]).
fn is_plain_ascii_host(host: &str) -> bool {
    host.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !host
            .split('.')
            .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case("xn--"))
}

/// A host in its Unicode form, for display: each `xn--` label of the
/// browser's ASCII form decoded (the host parser has checked that each is
/// valid punycode of a valid label).
fn domain_to_unicode(ascii: &str) -> String {
    let mut unicode = String::with_capacity(ascii.len());
    for (n, label) in ascii.split('.').enumerate() {
        if n > 0 {
            unicode.push('.');
        }
        match label.strip_prefix("xn--").and_then(punycode::decode) {
            Some(u) if !u.is_empty() => unicode.push_str(&u),
            _ => unicode.push_str(label),
        }
    }
    unicode
}

/// Why the host parser rejected a host, as precisely as can be said: an
/// IPv4 address out of range, a label that is not punycode, else a host
/// that UTS #46 does not allow (a character no host name may hold, a
/// right-to-left label mixed with numbers the wrong way, a joiner out of
/// place).
fn why_not_a_host(host: &str, decoded: &str) -> Message {
    let lower = decoded.to_ascii_lowercase();
    if lower.is_ascii() {
        if let Err(why) = parse_ipv4(&lower) {
            return why;
        }
        for label in lower.split('.') {
            if let Some(p) = label.strip_prefix("xn--") {
                if punycode::decode(p).is_none_or(|u| u.is_empty()) {
                    return Message::with(Code::itemBadPunycode, &[label]);
                }
            }
        }
    }
    Message::with(Code::itemHostInvalid, &[host])
}

fn percent_decode(s: &str) -> Option<Cow<'_, str>> {
    match crate::syntax::percent::decode_option(s) {
        (decoded, true) => Some(decoded),
        (_, false) => None,
    }
}

/// A whole number in `radix`, or `None` when it is not one or is over
/// `u64::MAX`.
fn number(digits: &str, radix: u32) -> Option<u64> {
    digits.chars().try_fold(0u64, |n, c| {
        n.checked_mul(u64::from(radix))?
            .checked_add(u64::from(c.to_digit(radix)?))
    })
}

/// The URL Standard's IPv4 parser: when the last label is a number, the host
/// is an IPv4 address written in any of its forms (`127.1`, `0x7f.0.0.1`,
/// `2130706433`). Returns it in dotted decimal, or `None` when the host is a
/// domain.
fn parse_ipv4(host: &str) -> Result<Option<String>, Message> {
    let trimmed = host.strip_suffix('.').unwrap_or(host);
    let last = trimmed.rsplit('.').next().unwrap_or("");
    let looks_numeric = !last.is_empty()
        && (last.bytes().all(|b| b.is_ascii_digit())
            || ((last.starts_with("0x") || last.starts_with("0X"))
                && last[2..].bytes().all(|b| b.is_ascii_hexdigit())));
    if !looks_numeric {
        return Ok(None);
    }
    let bad = || Message::with(Code::itemNotIpv4, &[host]);
    let parts: Vec<&str> = trimmed.split('.').collect();
    if parts.len() > 4 {
        return Err(bad());
    }
    let mut numbers = Vec::with_capacity(4);
    for part in &parts {
        // "0..1" has an empty part: not a number (an empty last part, the
        // trailing dot, is gone already).
        if part.is_empty() {
            return Err(bad());
        }
        let (digits, radix) =
            if let Some(h) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (h, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else {
                (*part, 10)
            };
        let n = if digits.is_empty() {
            0
        } else {
            number(digits, radix).ok_or_else(bad)?
        };
        numbers.push(n);
    }
    let (last, init) = numbers.split_last().ok_or_else(bad)?;
    if init.iter().any(|&n| n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return Err(bad());
    }
    let mut ipv4 = *last;
    for (i, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - i));
    }
    let mut dotted = String::new();
    for shift in [24, 16, 8, 0] {
        if shift < 24 {
            dotted.push('.');
        }
        crate::message::digits::push_decimal(&mut dotted, (ipv4 >> shift) & 255);
    }
    Ok(Some(dotted))
}
