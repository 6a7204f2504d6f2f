//! Bidirectional control characters, kept out of what a person sees: the
//! lowest layer with `strset.rs`, used by every layer that hands out a
//! title or a name (the check, the plan, the formats).

use alloc::borrow::Cow;

/// Whether `c` is a bidirectional control character: Unicode's
/// `Bidi_Control` property (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069). Each changes the direction in which the text after it is
/// shown: U+202E before an address shows it reversed.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` without its bidirectional control characters ([`is_bidi_control`]):
/// how every title and name the core hands out for a person to see or copy
/// is written (here, in the plan's group names and in the check's titles).
pub fn without_bidi_controls(text: &str) -> Cow<'_, str> {
    if text.contains(is_bidi_control) {
        Cow::Owned(text.chars().filter(|&c| !is_bidi_control(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}
