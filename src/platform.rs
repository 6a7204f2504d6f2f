//! What the core asks of the platform it runs on: the one core file that
//! talks to the JavaScript engine (the wasm boundary, src/js/, is not
//! part of the core and the core never imports it).
//!
//! A host is read as the browser reads it, with the URL Standard's host
//! parser (percent-decoding, the full UTS #46 processing with its flags
//! `CheckHyphens=false`, `CheckBidi=true`, `CheckJoiners=true`,
//! `UseSTD3ASCIIRules=false`, `Transitional_Processing=false`, the
//! forbidden domain code points, IPv4 in all its forms, IPv6): so the site
//! the core names is the one `new URL(item).hostname` names, and the one
//! the tab opens.
//!
//! - In the wasm the engine's own `URL` does it: the very parser that will
//!   open the page, and no IDNA tables (about 60 KB) in the module.
//! - Natively, the `url` crate's host parser, which follows the same
//!   standard (tests/urltestdata.rs checks it against the web-platform-tests
//!   corpus, and the wasm tests check the engine's answers in Chromium and
//!   Firefox).

use crate::prelude::*;

/// The host of a `http:` URL whose authority holds `host` (as written, with
/// no `/`, `\`, `?`, `#`, `@` or port in it), as the URL Standard's host
/// parser serialises it: `new URL("http://" + host + "/").hostname`. `None`
/// when the parser fails (the browser opens no such URL).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn host_to_ascii(host: &str) -> Option<String> {
    url::Host::parse(host).ok().map(|h| h.to_string())
}

/// In the wasm, the engine's `URL`: the same parser as the tab's.
#[cfg(target_arch = "wasm32")]
pub(crate) fn host_to_ascii(host: &str) -> Option<String> {
    web_sys::Url::new(&["http://", host, "/"].concat())
        .ok()
        .map(|url| url.hostname())
}

/// A URL as the URL Standard's parser serialises it (`new URL(url).href`):
/// the address the browser loads for it. `None` when the parser fails.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn url_href(url: &str) -> Option<String> {
    url::Url::parse(url).ok().map(String::from)
}

/// In the wasm, the engine's `URL`: the same parser as the tab's.
#[cfg(target_arch = "wasm32")]
pub(crate) fn url_href(url: &str) -> Option<String> {
    web_sys::Url::new(url).ok().map(|url| url.href())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::path::Path;

    /// Every `.rs` file under `dir`, with its path from `src/`.
    fn sources(dir: &Path, out: &mut std::vec::Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The shape of the crate: the core asks the engine only through this
    /// module, and never reaches into the wasm boundary (src/js/), which is
    /// built on the core, not the other way round.
    #[test]
    fn only_this_module_and_the_boundary_talk_to_the_engine() {
        let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
        let mut files = std::vec::Vec::new();
        sources(src, &mut files);
        assert!(files.len() > 10, "the sources were not found");
        for path in files {
            let name = path
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if name.starts_with("js/") || name == "platform.rs" {
                continue;
            }
            // The declaration of the boundary itself, in lib.rs, is no use of it.
            let text = std::fs::read_to_string(&path)
                .unwrap()
                .replace("mod js {", "")
                .replace("pub use js::wasm::", "");
            for what in ["js_sys", "web_sys", "wasm_bindgen", "crate::js", "js::"] {
                assert!(!text.contains(what), "src/{name} names {what}");
            }
        }
    }
}
