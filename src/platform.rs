//! What the core asks of the platform it runs on: the URL Standard's
//! parser, as the browser that opens the pages runs it. The core has no
//! parser of its own for hosts and whole URLs; the crate that runs it hands
//! it one ([`UrlParser`]): the wasm boundary the engine's own `URL`
//! (through web-sys: the very parser that will open the page, and no IDNA
//! tables in the module), the CLI and native users the `url` crate
//! ([`UrlCrate`], feature `url`), which follows the same standard
//! (tests/urltestdata.rs checks it against the web-platform-tests corpus,
//! and the wasm tests check the engine's answers in Chromium and Firefox).
//!
//! A host is read as the browser reads it (percent-decoding, the full UTS
//! #46 processing with its flags `CheckHyphens=false`, `CheckBidi=true`,
//! `CheckJoiners=true`, `UseSTD3ASCIIRules=false`,
//! `Transitional_Processing=false`, the forbidden domain code points, IPv4
//! in all its forms, IPv6): so the site the core names is the one
//! `new URL(item).hostname` names, and the one the tab opens.

use crate::prelude::*;

/// The URL Standard's parser, as the platform that opens the pages runs
/// it. The core asks it only what it cannot read alone (most hosts are
/// plain ASCII names, read without asking: src/check/host.rs), so an
/// implementation that calls into a JavaScript engine is called once per
/// host that needs it.
pub trait UrlParser {
    /// The host of a `http:` URL whose authority holds `host` (as written,
    /// with no `/`, `\`, `?`, `#`, `@` or port in it), as the URL
    /// Standard's host parser serialises it:
    /// `new URL("http://" + host + "/").hostname`. `None` when the parser
    /// fails (the browser opens no such URL).
    fn host(&self, host: &str) -> Option<String>;

    /// A URL as the URL Standard's parser serialises it
    /// (`new URL(url).href`): the address the browser loads for it. `None`
    /// when the parser fails.
    fn href(&self, url: &str) -> Option<String>;
}

/// The `url` crate's parser (feature `url`): the URL Standard natively, for
/// the CLI and for Rust programs.
#[cfg(feature = "url")]
#[derive(Clone, Copy, Debug, Default)]
pub struct UrlCrate;

#[cfg(feature = "url")]
impl UrlParser for UrlCrate {
    fn host(&self, host: &str) -> Option<String> {
        url::Host::parse(host).ok().map(|h| h.to_string())
    }

    fn href(&self, url: &str) -> Option<String> {
        url::Url::parse(url).ok().map(String::from)
    }
}
