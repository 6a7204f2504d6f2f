//! Numbers as text, for messages: thin names over `core::fmt`, which the
//! wasm carries anyway (std is linked for serde-wasm-bindgen); a crate
//! (`itoa`) or hand-written digits measured the same size (benches/README.md,
//! "Size").

use crate::prelude::*;

use core::fmt::Write;

/// Appends `n` in decimal.
pub(crate) fn push_decimal(out: &mut String, n: u64) {
    // Writing into a `String` cannot fail.
    let _ = write!(out, "{n}");
}

/// `n` in decimal.
pub fn decimal(n: u64) -> String {
    n.to_string()
}

/// Appends `n` in hexadecimal, in upper case (`%2F`, `U+00A0`) or lower
/// case (`\u001f`), with at least `width` digits.
pub(crate) fn push_hex(out: &mut String, n: u32, width: usize, upper: bool) {
    let _ = if upper {
        write!(out, "{n:0width$X}")
    } else {
        write!(out, "{n:0width$x}")
    };
}

/// `U+` and the code point of `c` in upper-case hexadecimal, at least four
/// digits (`U+0020`, `U+1F600`).
pub(crate) fn code_point(c: char) -> String {
    let mut out = String::from("U+");
    push_hex(&mut out, c as u32, 4, true);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn writes_like_format() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            100,
            255,
            65535,
            2097152,
            u32::MAX as u64,
            u64::MAX,
        ] {
            assert_eq!(decimal(n), format!("{n}"));
        }
        for n in [
            0u32,
            1,
            0x1f,
            0x20,
            0xA0,
            0xFFFF,
            0x1F600,
            0x10FFFF,
            u32::MAX,
        ] {
            let mut upper = String::new();
            push_hex(&mut upper, n, 2, true);
            assert_eq!(upper, format!("{n:02X}"));
            let mut lower = String::new();
            push_hex(&mut lower, n, 4, false);
            assert_eq!(lower, format!("{n:04x}"));
        }
        for c in [
            '\0',
            ' ',
            '\u{7f}',
            '\u{a0}',
            'é',
            '\u{1F600}',
            '\u{10FFFF}',
        ] {
            assert_eq!(code_point(c), format!("U+{:04X}", c as u32));
        }
    }
}
