//! A web link as a QR code, for "Open on another device": the popup, the
//! preview page and the web page show it for a phone's camera.
//!
//! Pure: [`qr_svg`] takes the text and gives SVG markup (one `<rect>` for
//! the light background and one `<path>` for the dark modules: nothing of
//! the text itself), or [`QrError::TooLong`] when the code would be too
//! dense for a phone to read from a screen. Built into its own small wasm
//! (`build.sh`), which a page loads only when a person asks for a code
//! (`extension/pages/qr-view.js`), so that no page's first load carries it.
//!
//! The encoder is the `qrcodegen` crate, Nayuki's QR Code generator library
//! (the reference implementation that encoders in six languages share):
//! `#![forbid(unsafe_code)]`, no dependencies, and an encoder that takes
//! the largest version to make, so that the limit below is the encoder's
//! own. Measured against the `qrcode` crate with only its SVG renderer, the
//! shipped wasm was half the size (21.8 KB against 42.7 KB, 10.4 KB against
//! 22.2 KB gzipped), which the extension's zips, near their guard in
//! build.sh, need. The SVG is written here: a path of the dark modules'
//! runs, row by row.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use core::fmt;

use qrcodegen::{DataTooLong, QrCode, QrCodeEcc, QrSegment, Version};

/// The error correction level: M, which restores up to 15 % of the code.
/// A code on a screen is not torn or smudged as a printed one is, but a
/// camera sees glare, moiré and blur; M is also what Chromium's own
/// "Create QR code" uses (`QrCodeShareMediator`: version 40 at level M).
pub const EC_LEVEL: QrCodeEcc = QrCodeEcc::Medium;

/// The largest code made: version 20, 97 × 97 modules (105 with the quiet
/// zone of 4 modules each side).
///
/// Why there: a phone reads a code from a screen when each module covers
/// enough screen pixels and enough pixels of the camera's preview frame.
/// Denso Wave (the QR code's maker) asks for 4 dots a module from a
/// printer; from a screen, phones were seen reading modules of 1 to 3 screen
/// pixels (scruss.com, "Too many QR Codes", 2013: an iPhone 4s at 1-2 px, a
/// Nexus 7 at 2-3 px). The narrowest place the code is shown is the popup
/// (22rem wide, the code 280 CSS px: `extension/pages/page.css`, `.qr-code`):
/// there version 20 gives each module 2.7 CSS px, 2 to 3 screen pixels at
/// 1x and 5 at 2x, what the Nexus 7 of 2013 read. Denser codes would be
/// under that. The camera side: a preview frame of 640 × 480 at about 6
/// camera pixels a module reads about 80 modules (kangaderoo.nl, "QR Code
/// size", 2013); phones' preview frames are 1280 × 720 and more, which
/// reads version 20's 105 modules with room to spare.
pub const MAX_VERSION: u8 = 20;

/// The longest text made into a code: what version 20 at level M holds in
/// the byte mode (ISO/IEC 18004 table 7: 666 octets). Every text is written
/// in the byte mode (a web link is lowercase letters and punctuation, which
/// the denser modes do not hold), so that the limit is one length for every
/// text, and a person can be told it. A test checks it against the encoder.
pub const MAX_LENGTH: usize = 666;

/// The quiet zone around the code, in modules: the 4 the standard asks for.
const QUIET_ZONE: i32 = 4;

/// Why no code was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QrError {
    /// The text is longer than [`MAX_LENGTH`] octets: its code would be
    /// denser than a phone reads reliably from a screen.
    TooLong {
        /// The text's length, in octets (a web link is ASCII: characters).
        length: usize,
        /// [`MAX_LENGTH`].
        max: usize,
    },
}

impl QrError {
    /// The error in English (also its `Display`), written without `core::fmt`, which the wasm
    /// then does not carry (5 KB of it).
    pub fn english(&self) -> String {
        let QrError::TooLong { length, max } = self;
        let mut text = String::from("This link is ");
        push_number(&mut text, *length);
        text.push_str(" characters long, too long for a QR code that a phone reads reliably from a screen (at most ");
        push_number(&mut text, *max);
        text.push_str(" characters). Copy the link instead, and send it to the other device.");
        text
    }
}

impl fmt::Display for QrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english())
    }
}

impl std::error::Error for QrError {}

/// The QR code of `text` (its UTF-8 octets, as they are, in the byte mode)
/// as SVG markup: a white square with the quiet zone, the dark modules as
/// one path, one unit a module (`viewBox="0 0 N N"`: the page sizes it),
/// `shape-rendering="crispEdges"`. Or [`QrError::TooLong`] past
/// [`MAX_LENGTH`] octets.
pub fn qr_svg(text: &str) -> Result<String, QrError> {
    let too_long = |_: DataTooLong| QrError::TooLong {
        length: text.len(),
        max: MAX_LENGTH,
    };
    // Refused before any encoding: a link may be megabytes long.
    if text.len() > MAX_LENGTH {
        return Err(too_long(DataTooLong::DataOverCapacity(
            text.len(),
            MAX_LENGTH,
        )));
    }
    let segments = [QrSegment::make_bytes(text.as_bytes())];
    let code = QrCode::encode_segments_advanced(
        &segments,
        EC_LEVEL,
        Version::MIN,
        Version::new(MAX_VERSION),
        None,
        true,
    )
    .map_err(too_long)?;
    Ok(svg(&code))
}

/// The code as SVG: the dark modules of each row as runs, `M{x} {y}h{run}v1h-{run}z`.
fn svg(code: &QrCode) -> String {
    let size = code.size();
    let side = size + 2 * QUIET_ZONE;
    let mut out = String::with_capacity(64 + (size * size) as usize * 3);
    out.push_str(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 "#);
    push_number(&mut out, side as usize);
    out.push(' ');
    push_number(&mut out, side as usize);
    out.push_str(r#"" shape-rendering="crispEdges"><rect width=""#);
    push_number(&mut out, side as usize);
    out.push_str(r#"" height=""#);
    push_number(&mut out, side as usize);
    out.push_str(r##"" fill="#fff"/><path fill="#000" d=""##);
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < size && code.get_module(x, y) {
                x += 1;
            }
            out.push('M');
            push_number(&mut out, (start + QUIET_ZONE) as usize);
            out.push(' ');
            push_number(&mut out, (y + QUIET_ZONE) as usize);
            out.push('h');
            push_number(&mut out, (x - start) as usize);
            out.push_str("v1h-");
            push_number(&mut out, (x - start) as usize);
            out.push('z');
        }
    }
    out.push_str(r#""/></svg>"#);
    out
}

/// A number in decimal, without `core::fmt` (which the wasm then need not carry).
fn push_number(out: &mut String, number: usize) {
    if number >= 10 {
        push_number(out, number / 10);
    }
    out.push(char::from(b'0' + (number % 10) as u8));
}

/// The JavaScript API of the QR wasm (`dist/pkg/uri_list_qr.js`).
#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use crate::QrError;

    /// `qrSvg(text)`: the SVG markup of `text`'s QR code; throws an `Error`
    /// with `code` ('qrTooLong', its name in `_locales`) and `args` (the
    /// length and the most, as text) when it is too long.
    #[wasm_bindgen(js_name = qrSvg)]
    pub fn qr_svg(text: &str) -> Result<String, JsValue> {
        crate::qr_svg(text).map_err(|error| {
            let js = js_sys::Error::new(&error.english());
            let QrError::TooLong { length, max } = error;
            let (mut length_text, mut max_text) = (String::new(), String::new());
            crate::push_number(&mut length_text, length);
            crate::push_number(&mut max_text, max);
            let args = js_sys::Array::of2(&length_text.into(), &max_text.into());
            let object: &js_sys::Object = js.unchecked_ref();
            // Setting a property on a fresh Error cannot fail; nothing to do if it did.
            let _ = js_sys::Reflect::set(object, &"code".into(), &"qrTooLong".into());
            let _ = js_sys::Reflect::set(object, &"args".into(), &args);
            js.into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A web link of `length` characters, as the extension writes them.
    fn web_link(length: usize) -> String {
        let mut link =
            String::from("https://uri-list.github.io/uri-list/#uri-list:https://example.com/");
        while link.len() < length {
            link.push_str(";https://example.org/a");
        }
        link.truncate(length);
        link
    }

    /// The modules a side, read from the viewBox: 17 + 4 × version + 8 (the quiet zone).
    fn side(svg: &str) -> i32 {
        let rest = svg.split(r#"viewBox="0 0 "#).nth(1).expect("a viewBox");
        rest.split(' ').next().unwrap().parse().unwrap()
    }

    /// The dark modules the path draws, as a grid without the quiet zone.
    fn drawn(svg: &str) -> Vec<Vec<bool>> {
        let size = side(svg) - 2 * QUIET_ZONE;
        let mut grid = vec![vec![false; size as usize]; size as usize];
        let d = svg
            .split(r#" d=""#)
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        for run in d.split('M').skip(1) {
            let numbers: Vec<i32> = run
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().unwrap())
                .collect();
            let [x, y, width, one, back] = numbers[..] else {
                panic!("{run}")
            };
            assert_eq!((one, back), (1, width), "{run}");
            for column in x..x + width {
                grid[(y - QUIET_ZONE) as usize][(column - QUIET_ZONE) as usize] = true;
            }
        }
        grid
    }

    #[test]
    fn a_link_at_the_limit_makes_a_version_20_code() {
        let link = web_link(MAX_LENGTH);
        assert_eq!(link.len(), 666);
        let svg = qr_svg(&link).expect("a code");
        assert_eq!(side(&svg), 17 + 4 * 20 + 8);
        assert!(svg.contains(r#"shape-rendering="crispEdges""#));
    }

    #[test]
    fn one_past_the_limit_is_too_long() {
        let link = web_link(MAX_LENGTH + 1);
        assert_eq!(
            qr_svg(&link),
            Err(QrError::TooLong {
                length: 667,
                max: 666
            })
        );
        assert_eq!(
            QrError::TooLong { length: 667, max: 666 }.to_string(),
            "This link is 667 characters long, too long for a QR code that a phone reads reliably from a screen (at most 666 characters). Copy the link instead, and send it to the other device."
        );
    }

    /// MAX_LENGTH is what version 20 at level M holds in the byte mode: the
    /// encoder, given no limit, makes version 21 for one octet more.
    #[test]
    fn the_limit_is_version_20s_byte_capacity() {
        let version = |text: &str| {
            let segments = [QrSegment::make_bytes(text.as_bytes())];
            QrCode::encode_segments_advanced(
                &segments,
                EC_LEVEL,
                Version::MIN,
                Version::MAX,
                None,
                true,
            )
            .unwrap()
            .version()
            .value()
        };
        assert_eq!(version(&web_link(MAX_LENGTH)), MAX_VERSION);
        assert_eq!(version(&web_link(MAX_LENGTH + 1)), MAX_VERSION + 1);
    }

    /// The drawing is the encoder's code, module for module, and nothing of the text.
    #[test]
    fn the_path_draws_the_codes_dark_modules_and_nothing_else() {
        let link = "https://uri-list.github.io/uri-list/#uri-list:https://example.com/;https://example.org/";
        let svg = qr_svg(link).expect("a code");
        let code = QrCode::encode_segments_advanced(
            &[QrSegment::make_bytes(link.as_bytes())],
            EC_LEVEL,
            Version::MIN,
            Version::MAX,
            None,
            true,
        )
        .unwrap();
        let expected: Vec<Vec<bool>> = (0..code.size())
            .map(|y| (0..code.size()).map(|x| code.get_module(x, y)).collect())
            .collect();
        assert_eq!(drawn(&svg), expected);
        assert!(!svg.contains("example"));
        let elements: Vec<&str> = svg
            .split('<')
            .skip(1)
            .map(|tag| tag.split([' ', '>']).next().unwrap())
            .collect();
        assert_eq!(elements, ["svg", "rect", "path", "/svg"]);
    }

    #[test]
    fn a_huge_text_is_refused_without_encoding_it() {
        let huge = "a".repeat(2 * 1024 * 1024);
        assert_eq!(
            qr_svg(&huge),
            Err(QrError::TooLong {
                length: huge.len(),
                max: MAX_LENGTH
            })
        );
    }

    /// The extension's English message (extension/_locales/en) is this error's text.
    #[test]
    fn the_english_message_is_the_locales() {
        let text = QrError::TooLong {
            length: 667,
            max: 666,
        }
        .to_string()
        .replace("667", "$LENGTH$")
        .replace("666", "$MAX$");
        let en = include_str!("../../extension/_locales/en/messages.json");
        assert!(en.contains(&format!(r#""message": "{text}""#)), "{text}");
    }
}
