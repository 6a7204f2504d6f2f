//! The one module that asks the JavaScript engine anything on the core's
//! behalf: the URL Standard's parser the core needs for hosts it cannot
//! read alone ([`uri_list::UrlParser`]) is the engine's own `URL`, through
//! web-sys: the very parser that will open the page, so the site the core
//! names is the one the tab opens, and the module carries no IDNA tables
//! (about 60 KB). The wasm tests check its answers in Chromium and Firefox
//! against the web-platform-tests corpus, as tests/urltestdata.rs checks
//! the `url` crate's natively.

use uri_list::UrlParser;

/// The engine's `URL`.
pub(crate) struct EngineUrl;

impl UrlParser for EngineUrl {
    fn host(&self, host: &str) -> Option<String> {
        web_sys::Url::new(&["http://", host, "/"].concat())
            .ok()
            .map(|url| url.hostname())
    }

    fn href(&self, url: &str) -> Option<String> {
        web_sys::Url::new(url).ok().map(|url| url.href())
    }
}
