//! Punycode (RFC 3492), for showing internationalised host names both ways.
//!
//! Only the bootstring algorithm: no IDNA mapping tables (UTS #46). Hosts are
//! canonicalised by the URL Standard's host parser (src/platform.rs: the
//! engine's `URL` in the wasm); this decodes the `xn--` labels of its answer
//! for display.
//!
//! Not a crate: `idna` (whose `punycode` module does this) brings its UTS #46
//! tables with it, about 60 KB of the wasm that the engine's own `URL`
//! makes unneeded (benches/README.md, "Size"); the decoder alone is 90
//! lines, checked against RFC 3492's samples below and by the wasm tests'
//! hosts in both browsers.

use crate::prelude::*;

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// RFC 3492 §6.1.
fn adapt(mut delta: u32, num_points: u32, first_time: bool) -> u32 {
    delta /= if first_time { DAMP } else { 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn digit_value(b: u8) -> Option<u32> {
    match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        _ => None,
    }
}

#[cfg(test)]
fn digit_char(d: u32) -> char {
    // d < 36 by construction.
    char::from(if d < 26 {
        b'a' + d as u8
    } else {
        b'0' + (d - 26) as u8
    })
}

fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// RFC 3492 §6.2: decodes the part of a label after `xn--`.
/// `None` when it is not valid punycode.
pub fn decode(input: &str) -> Option<String> {
    let (basic, extended) = match input.rfind('-') {
        Some(d) => (&input[..d], &input[d + 1..]),
        None => ("", input),
    };
    if !basic.is_ascii() {
        return None;
    }
    let mut output: Vec<char> = basic.chars().collect();
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut bytes = extended.bytes().peekable();
    while bytes.peek().is_some() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let digit = digit_value(bytes.next()?)?;
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = u32::try_from(output.len()).ok()? + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        let c = char::from_u32(n).filter(|c| !c.is_ascii())?;
        output.insert(i as usize, c);
        i += 1;
    }
    Some(output.into_iter().collect())
}

/// RFC 3492 §6.3: encodes a label (without the `xn--` prefix): only the
/// tests use it, to check [`decode`] both ways.
/// `None` only on arithmetic overflow, which a host label cannot reach.
#[cfg(test)]
fn encode(input: &str) -> Option<String> {
    let chars: Vec<u32> = input.chars().map(u32::from).collect();
    let mut output: String = input.chars().filter(char::is_ascii).collect();
    let basic = u32::try_from(output.len()).ok()?;
    let mut h = basic;
    if basic > 0 {
        output.push('-');
    }
    let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let total = u32::try_from(chars.len()).ok()?;
    while h < total {
        let m = *chars.iter().filter(|&&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(h + 1)?)?;
        n = m;
        for &c in &chars {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    output.push(digit_char(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                output.push(digit_char(q));
                bias = adapt(delta, h + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3492_samples_and_common_hosts() {
        for (unicode, puny) in [
            ("bücher", "bcher-kva"),
            ("münchen", "mnchen-3ya"),
            ("пример", "e1afmkfd"),
            ("例え", "r8jz45g"),
            ("pаypal", "pypal-4ve"),
            // RFC 3492 §7.1 (A) Arabic (Egyptian).
            (
                "\u{644}\u{64a}\u{647}\u{645}\u{627}\u{628}\u{62a}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64a}\u{61f}",
                "egbpdaj6bu4bxfgehfvwxn",
            ),
        ] {
            assert_eq!(encode(unicode).as_deref(), Some(puny), "encode {unicode}");
            assert_eq!(decode(puny).as_deref(), Some(unicode), "decode {puny}");
        }
    }

    #[test]
    fn bad_input_is_none_not_a_panic() {
        for bad in ["99999999999", "a-!", "-", "zzzzzzzzzzzzzzzzzzzzzzzz"] {
            let _ = decode(bad);
        }
        assert_eq!(decode("a-!"), None);
    }
}
