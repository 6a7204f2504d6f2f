//! Numbers as text without `core::fmt`: with these, and messages written
//! into a `String` of their own ([`crate::Message::english`]), the wasm
//! needs none of the formatting machinery (`Formatter`, padding,
//! `fmt::write`, the `Display` of each integer type).

use crate::prelude::*;

/// Appends `n` in decimal.
pub(crate) fn push_decimal(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&b| char::from(b)));
}

/// `n` in decimal.
pub(crate) fn decimal(n: u64) -> String {
    let mut out = String::new();
    push_decimal(&mut out, n);
    out
}

/// Appends `n` in hexadecimal, in upper case (`%2F`, `U+00A0`) or lower
/// case (`\u001f`), with at least `width` digits (at most 8).
pub(crate) fn push_hex(out: &mut String, mut n: u32, width: usize, upper: bool) {
    let hex: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut digits = [0u8; 8];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = hex[(n & 15) as usize];
        n >>= 4;
        if n == 0 && digits.len() - i >= width {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&b| char::from(b)));
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
