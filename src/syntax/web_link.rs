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
use crate::syntax::list::Scheme;
use crate::syntax::percent::encode_non_uri_chars;

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
/// host, and no white space or control characters. Returns it without its
/// fragment, if it had one (the list takes the fragment's place).
///
/// Refused besides: a user name or password (`https://paypal.com@evil.example/`
/// reads as paypal.com, and its links open evil.example), and a backslash,
/// which a browser reads as `/` (`https://evil.example\@paypal.com/` opens
/// evil.example). A query is kept: it goes to the server with the request for
/// the page, as any address's does, and the list, in the fragment, does not.
///
/// ```
/// assert_eq!(uri_list::web_base("https://example.com/open/#old").unwrap(), "https://example.com/open/");
/// assert!(uri_list::web_base("example.com/open/").is_err());
/// assert!(uri_list::web_base("ftp://example.com/").is_err());
/// assert!(uri_list::web_base("https://paypal.com@evil.example/").is_err());
/// ```
pub fn web_base(base: &str) -> Result<&str, Error> {
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
    Ok(without_fragment)
}

/// The web link for a uri-list `link` on `base` (see [`web_base`]): the base
/// without its fragment, `#`, and the link, with the characters a browser
/// would percent-encode in a fragment (and the others that may not stand in a
/// URI) percent-encoded, so that the link is one word for a chat app to
/// linkify and reads back as the same list ([`link_in_web_link`]).
///
/// ```
/// let link = uri_list::UriList::from_iter(["https://a.example/ä", "https://b.example"]).to_link();
/// let web = uri_list::web_link("https://example.com/open/", &link).unwrap();
/// assert_eq!(web, "https://example.com/open/#uri-list:https://a.example/%C3%A4;https://b.example");
/// ```
pub fn web_link(base: &str, link: &str) -> Result<String, Error> {
    let base = web_base(base)?;
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
            assert_eq!(web_base(good).unwrap(), good);
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
            let e = web_base(bad).unwrap_err();
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
            let e = web_base(bad).unwrap_err();
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
            let e = web_base(bad).unwrap_err();
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
            assert_eq!(web_base(good).unwrap(), base);
        }
    }
}
