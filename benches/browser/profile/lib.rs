//! `decode` cut at each stage; each function does what the one before it
//! does, and one step more. See Cargo.toml. The crate's own JS API
//! (`decode`, `encode`...) is exported from the same module, so the last
//! stage is the real `decode`: `decode_string`, then `JSON.parse`.

use uri_list::{Parsed, Parser};

/// The decode JSON of `decode --json`.
fn decode_json(parsed: &Parsed) -> String {
    serde_json::to_string(parsed).unwrap_or_default()
}
use wasm_bindgen::prelude::*;

fn parse(link: &str) -> Option<uri_list::Parsed> {
    Parser::new().parse(link).ok()
}

/// Copies the link into the wasm memory (UTF-16 to UTF-8), nothing more.
#[wasm_bindgen]
pub fn copy_in(link: &str) -> usize {
    link.len()
}

/// Copy in, then parse.
#[wasm_bindgen]
pub fn parse_only(link: &str) -> usize {
    parse(link).map_or(0, |p| p.list.len())
}

/// Copy in, parse, then write the JSON.
#[wasm_bindgen]
pub fn parse_json(link: &str) -> usize {
    parse(link).map_or(0, |p| decode_json(&p).len())
}

/// Copy in, parse, write the JSON and hand it back as a JS string (UTF-8 to
/// UTF-16).
#[wasm_bindgen]
pub fn decode_string(link: &str) -> String {
    parse(link).map_or_else(String::new, |p| decode_json(&p))
}

/// A variant of `decode` for a link the caller has already encoded as UTF-8
/// (`new TextEncoder().encode(link)`): wasm-bindgen then copies it in with
/// one `Uint8Array.set` instead of its per-character loop over the string.
#[wasm_bindgen]
pub fn decode_utf8(link: &[u8]) -> Result<JsValue, JsError> {
    let link = std::str::from_utf8(link).map_err(|_| JsError::new("not UTF-8"))?;
    let parsed = Parser::new()
        .parse(link)
        .map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&decode_json(&parsed)).map_err(|_| JsError::new("not JSON"))
}
