//! Bidirectional control characters, kept out of what a person sees, and
//! the invisible characters among which they are: the lowest layer with
//! `strset.rs`, used by every layer that hands out a title or a name (the
//! check, the plan, the formats) or says a character (the messages).

use alloc::borrow::Cow;
use icu_properties::props::DefaultIgnorableCodePoint;
use icu_properties::CodePointSetData;

/// Whether `c` draws nothing: Unicode's `Default_Ignorable_Code_Point`
/// (zero-width spaces and joiners, U+2060, the byte order mark U+FEFF, the
/// soft hyphen, the bidirectional marks and controls, variation
/// selectors...). A message that names such a character says its code point
/// (`U+200B`), and a title is read without them (the check's `as_drawn`).
/// The property's set from ICU4X's compiled data (a const table).
pub fn is_invisible(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

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
