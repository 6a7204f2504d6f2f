//! Web links: a uri-list link carried in the fragment of an ordinary web
//! address, so that it works where only `http(s)` is a link (chat apps,
//! e-mail, SMS) and in browsers without the extension.
//!
//! ```text
//!   https://example.com/open/#uri-list:https://a.example;https://b.example?title=Two
//!   \______________________/ \_______________________________________________________/
//!     base (any http(s) URL)     the uri-list link (any of the four schemes, any case)
//! ```
//!
//! The fragment never leaves the browser (a browser does not send it to the
//! server, URL Standard and RFC 3986 §3.5), so the host serves one static page
//! and learns nothing of the list; the explainer's "Fallback and Feature
//! Detection" asks for exactly such a page. A web link is read from the
//! fragment as a browser gives it (`new URL(url).hash`, `location.hash`):
//! there a space, `"`, `<`, `>`, `` ` ``, control and non-ASCII characters
//! are percent-encoded (the URL Standard's fragment percent-encode set, and
//! UTF-8 for the rest). An item then holds `%20` or `%C3%A4` where it held a
//! space or `ä`: the same resource ([`crate::encode_non_uri_chars`]); an
//! option's value, which is percent-decoded, reads the same.
//! [`web_link`] writes those characters percent-encoded from the start, so
//! what it writes is exactly what a browser gives back.
//!
//! Byte offsets in the errors and warnings of a web link count in the uri-list
//! link after the `#`, as in the link on its own.

use crate::prelude::*;

use crate::message::error::{Error, ErrorKind};
use crate::platform::UrlParser;
use crate::syntax::list::Scheme;
use crate::syntax::percent::{encode_non_uri_chars, is_forbidden_domain_char};

/// `scheme "://"` of an `http` or `https` address at the start of `s` (any
/// case), and its length.
fn web_scheme_len(s: &str) -> Option<usize> {
    let starts = |prefix: &str| {
        s.get(..prefix.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
    };
    if starts("https://") {
        Some(8)
    } else if starts("http://") {
        Some(7)
    } else {
        None
    }
}

/// Whether `s` is an `http:` or `https:` address (`scheme "://"`, any case),
/// leading white space aside: a web page, or a web link.
pub fn is_web_address(s: &str) -> bool {
    web_scheme_len(s.trim_start()).is_some()
}

/// The uri-list link in a web link: its fragment, when `url` is an `http:` or
/// `https:` address whose fragment starts with a uri-list scheme and its
/// colon (any of the four, any case). `None` for anything else, an
/// `http(s)` address without such a fragment included.
///
/// ```
/// let url = "https://example.com/open/#uri-list:https://a.example;https://b.example";
/// assert_eq!(uri_list::link_in_web_link(url), Some("uri-list:https://a.example;https://b.example"));
/// assert_eq!(uri_list::link_in_web_link("https://example.com/#top"), None);
/// assert_eq!(uri_list::link_in_web_link("uri-list:https://a.example"), None);
/// ```
pub fn link_in_web_link(url: &str) -> Option<&str> {
    let url = url.trim_start();
    web_scheme_len(url)?;
    let fragment = &url[url.find('#')? + 1..];
    Scheme::strip_prefix(fragment).map(|_| fragment)
}

/// The uri-list link that `input` stands for: `input` itself, or the link in
/// a web link ([`link_in_web_link`]). An `http(s)` address that carries no
/// list is an error that says what a web link looks like; anything else is
/// left for the parser to judge. This is what the command-line tool and the
/// JavaScript API read wherever they take a link.
///
/// ```
/// let link = uri_list::list_link("HTTPS://example.com/#Multi:https://a.example").unwrap();
/// assert_eq!(link, "Multi:https://a.example");
/// assert_eq!(uri_list::list_link("uri-list:https://a.example").unwrap(), "uri-list:https://a.example");
/// let err = uri_list::list_link("https://example.com/page").unwrap_err();
/// assert!(err.to_string().starts_with("not a uri-list link but a web address"));
/// ```
pub fn list_link(input: &str) -> Result<&str, Error> {
    if let Some(link) = link_in_web_link(input) {
        Ok(link)
    } else if is_web_address(input) {
        Err(Error::new(ErrorKind::NoListInWebLink, 0))
    } else {
        Ok(input)
    }
}

/// Checks a base for web links: an absolute `http:` or `https:` URL with a
/// host, and no white space or control characters, that the URL Standard's
/// parser (`urls`, the browser's own in the extension) reads: the base of
/// links that open. Returns it without its fragment, if it had one (the list
/// takes the fragment's place).
///
/// Refused besides, each saying why: a user name or password
/// (`https://paypal.com@evil.example/` reads as paypal.com, and its links
/// open evil.example); a backslash, which a browser reads as `/`
/// (`https://evil.example\@paypal.com/` opens evil.example); a host that
/// holds a character no host may hold, written or escaped
/// (`https://paypal.com%40evil.example/`: `%40` is an `@`, the URL Standard
/// refuses the address, and a reader takes it for paypal.com). A query is
/// kept: it goes to the server with the request for the page, as any
/// address's does, and the list, in the fragment, does not.
///
/// ```
/// use uri_list::{web_base, UrlCrate};
/// assert_eq!(web_base("https://example.com/open/#old", &UrlCrate).unwrap(), "https://example.com/open/");
/// assert!(web_base("example.com/open/", &UrlCrate).is_err());
/// assert!(web_base("ftp://example.com/", &UrlCrate).is_err());
/// assert!(web_base("https://paypal.com@evil.example/", &UrlCrate).is_err());
/// assert!(web_base("https://paypal.com%40evil.example/", &UrlCrate).is_err());
/// ```
pub fn web_base<'a>(base: &'a str, urls: &dyn UrlParser) -> Result<&'a str, Error> {
    let fail = |kind| Error::new(kind, 0);
    let generic = || fail(ErrorKind::WebBase { base: base.into() });
    let scheme_len = web_scheme_len(base).ok_or_else(generic)?;
    if base.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(generic());
    }
    if base.contains('\\') {
        return Err(fail(ErrorKind::WebBaseBackslash { base: base.into() }));
    }
    let without_fragment = base.split('#').next().unwrap_or(base);
    let rest = &without_fragment[scheme_len..];
    let authority = &rest[..rest.find(['/', '?']).unwrap_or(rest.len())];
    // The host is what follows any user info and precedes any port.
    if let Some((userinfo, host)) = authority.rsplit_once('@') {
        return Err(fail(ErrorKind::WebBaseUserinfo {
            base: base.into(),
            userinfo: userinfo.into(),
            host: host.into(),
        }));
    }
    if authority.is_empty() || authority.starts_with(':') {
        return Err(generic());
    }
    // An IPv6 address (`[::1]`) is the parser's to judge.
    if !authority.starts_with('[') {
        let host = authority
            .rsplit_once(':')
            .map_or(authority, |(host, _)| host);
        if let Some((written, ch)) = forbidden_in_host(host) {
            return Err(fail(ErrorKind::WebBaseHostChar {
                base: base.into(),
                host: host.into(),
                written: written.into(),
                ch,
            }));
        }
    }
    // Anything else the URL Standard refuses (a port that is no number, an
    // IPv4 address out of range, a name UTS #46 does not allow): its links
    // would open nothing.
    if urls.href(without_fragment).is_none() {
        return Err(generic());
    }
    Ok(without_fragment)
}

/// The first thing in `host` (as written, its port left out) that makes it
/// hold a forbidden domain code point once percent-decoded, as the URL
/// Standard's host parser decodes it: a character written as it is, or an
/// escape (`%40`, an `@`); with that character.
fn forbidden_in_host(host: &str) -> Option<(&str, char)> {
    let bytes = host.as_bytes();
    let hex = |i: usize| {
        let digit = |b: Option<&u8>| b.and_then(|&b| char::from(b).to_digit(16));
        Some(digit(bytes.get(i + 1))? * 16 + digit(bytes.get(i + 2))?)
    };
    let mut i = 0;
    while i < bytes.len() {
        if let Some(byte) = (bytes[i] == b'%').then(|| hex(i)).flatten() {
            // An escape of a byte under 0x80 is that character; the others
            // are parts of UTF-8, a Unicode name (IDNA reads it).
            let c = char::from_u32(byte).filter(char::is_ascii);
            if let Some(c) = c.filter(|&c| is_forbidden_domain_char(c)) {
                return Some((&host[i..i + 3], c));
            }
            i += 3;
            continue;
        }
        let c = host[i..].chars().next()?;
        if is_forbidden_domain_char(c) {
            return Some((&host[i..i + c.len_utf8()], c));
        }
        i += c.len_utf8();
    }
    None
}

/// The web link for a uri-list `link` on `base` (see [`web_base`]): the base
/// without its fragment, `#`, and the link, with the characters a browser
/// would percent-encode in a fragment (and the others that may not stand in a
/// URI) percent-encoded, so that the link is one word for a chat app to
/// linkify and reads back as the same list ([`link_in_web_link`]).
///
/// ```
/// let link = uri_list::UriList::from_iter(["https://a.example/ä", "https://b.example"]).to_link();
/// let web = uri_list::web_link("https://example.com/open/", &link, &uri_list::UrlCrate).unwrap();
/// assert_eq!(web, "https://example.com/open/#uri-list:https://a.example/%C3%A4;https://b.example");
/// ```
pub fn web_link(base: &str, link: &str, urls: &dyn UrlParser) -> Result<String, Error> {
    let base = web_base(base, urls)?;
    let link = link.trim();
    if link.is_empty() {
        return Err(Error::new(ErrorKind::EmptyInput, 0));
    }
    if Scheme::strip_prefix(link).is_none() {
        let found = link
            .find(':')
            .map(|c| &link[..c])
            .filter(|s| crate::syntax::parse::is_scheme_name_bytes(s.as_bytes()))
            .map(str::to_owned);
        return Err(Error::new(ErrorKind::NotAUriList { found }, 0));
    }
    let link = encode_non_uri_chars(link);
    let mut out = String::with_capacity(base.len() + 1 + link.len());
    out.push_str(base);
    out.push('#');
    out.push_str(&link);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::UrlCrate;
    use alloc::format;

    #[test]
    fn only_http_and_https_fragments_that_start_with_a_scheme() {
        for (url, link) in [
            ("https://h.example/#uri-list:a", Some("uri-list:a")),
            ("http://h.example/p/q?x=1#MULTI:a", Some("MULTI:a")),
            ("HtTpS://h.example#web+urilist:a", Some("web+urilist:a")),
            ("  https://h.example/#ext+urilist:a", Some("ext+urilist:a")),
            ("https://h.example/#uri-list:a#b", Some("uri-list:a#b")),
            ("https://h.example/#top", None),
            ("https://h.example/#x#uri-list:a", None),
            ("https://h.example/uri-list:a", None),
            ("ftp://h.example/#uri-list:a", None),
            ("https:h.example/#uri-list:a", None),
            ("uri-list:https://a.example#uri-list:b", None),
            ("", None),
        ] {
            assert_eq!(link_in_web_link(url), link, "{url}");
        }
    }

    #[test]
    fn bases() {
        for good in [
            "https://h.example",
            "http://h.example:8080/a/b?c=d",
            "https://127.0.0.1/web/index.html",
            "https://[::1]/",
        ] {
            assert_eq!(web_base(good, &UrlCrate).unwrap(), good);
        }
        for bad in [
            "",
            "h.example",
            "//h.example/",
            "https://",
            "https:///path",
            "https://:80/",
            "https://h.example/a b",
            "https://h.example/\n",
            "javascript:alert(1)//https://h.example/",
            "file:///tmp/",
            "uri-list:https://h.example/",
        ] {
            let e = web_base(bad, &UrlCrate).unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::WebBase { .. }), "{bad}");
        }
    }

    /// A base with a user name or password reads as the name before its
    /// `@` (`https://paypal.com@evil.example/` as paypal.com) while its
    /// links go to the host after it: refused, the message naming both.
    /// A backslash, which a browser reads as `/`, the same: in
    /// `https://evil.example\@paypal.com/` the host is evil.example.
    #[test]
    fn a_base_with_user_info_or_a_backslash_is_refused_saying_why() {
        for (bad, userinfo, host) in [
            (
                "https://paypal.com@evil.example/",
                "paypal.com",
                "evil.example",
            ),
            ("HTTPS://user@h.example/", "user", "h.example"),
            (
                "http://u:p@ss@h.example:8080?q#f",
                "u:p@ss",
                "h.example:8080",
            ),
            ("https://@h.example/", "", "h.example"),
        ] {
            let e = web_base(bad, &UrlCrate).unwrap_err();
            assert_eq!(
                e.kind(),
                &ErrorKind::WebBaseUserinfo {
                    base: bad.into(),
                    userinfo: userinfo.into(),
                    host: host.into()
                },
                "{bad}"
            );
            assert_eq!(
                e.to_string(),
                format!(
                    "\"{bad}\" cannot start web links: \"{userinfo}@\" before its site is a user \
                     name or password, which a reader could take for the site, but its links \
                     open {host}: leave out \"{userinfo}@\""
                )
            );
        }
        for bad in [
            "https://evil.example\\@paypal.com/",
            "https://h.example\\list/",
        ] {
            let e = web_base(bad, &UrlCrate).unwrap_err();
            assert_eq!(e.kind(), &ErrorKind::WebBaseBackslash { base: bad.into() });
            assert!(
                e.to_string()
                    .ends_with("a browser reads \"\\\" as \"/\": write \"/\""),
                "{e}"
            );
        }
        // An "@" after the site, in the path, the query or the fragment, is no user info; a
        // query is kept (it reaches the server with the page, the list does not), the
        // fragment replaced by the list.
        for (good, base) in [
            ("https://h.example/@lists/", "https://h.example/@lists/"),
            ("https://h.example?to=a@b", "https://h.example?to=a@b"),
            (
                "https://h.example/?lang=de#a@b",
                "https://h.example/?lang=de",
            ),
        ] {
            assert_eq!(web_base(good, &UrlCrate).unwrap(), base);
        }
    }

    /// `https://paypal.com%40evil.example/` reads as paypal.com, but its
    /// host, percent-decoded as the URL Standard's host parser decodes it, is
    /// `paypal.com@evil.example`: an `@` no host may hold, and the parser
    /// refuses the address (node's `new URL()` throws, the `url` crate
    /// fails). Refused, the message naming the escape and what it stands
    /// for; a forbidden character written as it is, the same.
    #[test]
    fn a_base_whose_host_holds_a_forbidden_character_is_refused_saying_which() {
        for bad in [
            "https://paypal.com%40evil.example/",
            "https://a%2Fb.example/",
            "https://a%3Ab.example:8080/",
        ] {
            assert_eq!(UrlCrate.href(bad), None, "{bad}");
        }
        for (bad, written, host, shown) in [
            (
                "https://paypal.com%40evil.example/",
                "%40",
                "paypal.com%40evil.example",
                "\"@\"",
            ),
            ("https://a%2fb.example/x", "%2f", "a%2fb.example", "\"/\""),
            (
                "http://a%3Ab.example:8080/",
                "%3A",
                "a%3Ab.example",
                "\":\"",
            ),
            ("https://a%00b.example/", "%00", "a%00b.example", "U+0000"),
            ("https://a%20b.example/", "%20", "a%20b.example", "U+0020"),
            (
                "https://paypal.com%2540evil.example/",
                "%25",
                "paypal.com%2540evil.example",
                "\"%\"",
            ),
        ] {
            let e = web_base(bad, &UrlCrate).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "\"{bad}\" cannot start web links: \"{written}\" in its site \"{host}\" \
                     stands for {shown}, which no site's name can hold: a browser opens none \
                     of its links"
                ),
                "{bad}"
            );
        }
        for (bad, host, shown) in [
            ("https://a<b.example/", "a<b.example", "\"<\""),
            ("https://a|b.example:443/", "a|b.example", "\"|\""),
            ("https://a%zz.example/", "a%zz.example", "\"%\""),
        ] {
            let e = web_base(bad, &UrlCrate).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "\"{bad}\" cannot start web links: its site \"{host}\" holds {shown}, \
                     which no site's name can hold: a browser opens none of its links"
                ),
                "{bad}"
            );
        }
        // What the URL Standard's parser refuses for another reason: the
        // general message. An escape of an allowed character, or of UTF-8,
        // is a host the parser reads.
        for bad in ["https://h.example:80x/", "https://999.1.1.1/"] {
            let e = web_base(bad, &UrlCrate).unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::WebBase { .. }), "{bad}");
        }
        for good in [
            "https://paypal%2Ecom/",
            "https://b%C3%BCcher.example/",
            "https://[::1]:8080/",
        ] {
            assert_eq!(web_base(good, &UrlCrate).unwrap(), good);
        }
    }
}
