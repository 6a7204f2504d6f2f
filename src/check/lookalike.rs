//! Lookalike hosts: the mixed-script and confusable checks of Unicode
//! Technical Standard #39 (Unicode Security Mechanisms), cut down to what a
//! list of links needs.
//!
//! - **Mixed scripts** (TR39 §5.1): a host label that mixes letters of
//!   several scripts, other than the mixes a language really uses (Japanese:
//!   Han, Hiragana, Katakana; Korean: Han, Hangul; Chinese: Han, Bopomofo;
//!   each also with Latin), is "Highly Restrictive" in TR39's terms when it is
//!   *not*: `pаypal` with a Cyrillic `а` is the classic case.
//! - **Whole-script confusables** (TR39 §4): a label written entirely in
//!   Cyrillic, Greek or Armenian letters that all look like Latin ones,
//!   under a Latin top-level domain (`аррӏе.com`).
//! - **Latin lookalikes** (TR39 §4): a Latin label whose letters beyond
//!   ASCII only look like ASCII letters (`gooɡle.com` with U+0261, `paypaı.com`
//!   with a dotless `ı`, `ᴘaypal.com` with a small capital): its skeleton is
//!   an ASCII name, the label is not. Letters with diacritics (`bücher`,
//!   `café`) and `ß` are letters of their own, not disguises.
//! - **Skeletons** (TR39 §4, `skeleton(X)`): two hosts of one list that
//!   look the same once each character is mapped to its Latin prototype
//!   (`paypal.com` and `paypa1.com`, or `раураl.com`).
//!
//! Deviation from TR39: the confusables data is a hand-picked subset (the
//! Cyrillic, Greek and Armenian letters that look like Latin ones, dotless
//! and other lookalike Latin letters, Latin letters with diacritics, and
//! the ASCII look-alike pairs `0`/`o`, `1`/`l`, `rn`/`m`, `vv`/`w`, `cl`/`d`),
//! not the full `confusables.txt`: the full table would outweigh the rest of
//! the wasm module. Plain ASCII hosts and single-script internationalised
//! ones (`bücher.de`) never warn on their own.

use crate::prelude::*;

use crate::message::{Arg, Code, Message};

/// The scripts the checks tell apart (TR24 script values, coarsened).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Digits, hyphens, marks and other characters shared by all scripts.
    Common,
    /// Latin.
    Latin,
    /// Greek.
    Greek,
    /// Cyrillic.
    Cyrillic,
    /// Armenian.
    Armenian,
    /// Hebrew.
    Hebrew,
    /// Arabic.
    Arabic,
    /// Thai.
    Thai,
    /// Georgian.
    Georgian,
    /// Cherokee (its letters look much like Latin capitals).
    Cherokee,
    /// Han ideographs.
    Han,
    /// Hiragana.
    Hiragana,
    /// Katakana.
    Katakana,
    /// Hangul.
    Hangul,
    /// Bopomofo.
    Bopomofo,
    /// Any other script.
    Other,
}

impl Script {
    /// The script's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Script::Common => "common",
            Script::Latin => "Latin",
            Script::Greek => "Greek",
            Script::Cyrillic => "Cyrillic",
            Script::Armenian => "Armenian",
            Script::Hebrew => "Hebrew",
            Script::Arabic => "Arabic",
            Script::Thai => "Thai",
            Script::Georgian => "Georgian",
            Script::Cherokee => "Cherokee",
            Script::Han => "Han",
            Script::Hiragana => "Hiragana",
            Script::Katakana => "Katakana",
            Script::Hangul => "Hangul",
            Script::Bopomofo => "Bopomofo",
            Script::Other => "other",
        }
    }
}

/// Ranges of code points and their script, sorted by start.
const SCRIPTS: &[(u32, u32, Script)] = &[
    (0x0030, 0x0039, Script::Common),
    (0x0041, 0x005A, Script::Latin),
    (0x0061, 0x007A, Script::Latin),
    (0x00AA, 0x00AA, Script::Latin),
    (0x00BA, 0x00BA, Script::Latin),
    (0x00C0, 0x00D6, Script::Latin),
    (0x00D8, 0x00F6, Script::Latin),
    (0x00F8, 0x024F, Script::Latin),
    (0x0250, 0x02AF, Script::Latin),
    (0x0300, 0x036F, Script::Common),
    (0x0370, 0x03FF, Script::Greek),
    (0x0400, 0x052F, Script::Cyrillic),
    (0x0531, 0x058F, Script::Armenian),
    (0x0591, 0x05FF, Script::Hebrew),
    (0x0600, 0x06FF, Script::Arabic),
    (0x0750, 0x077F, Script::Arabic),
    (0x08A0, 0x08FF, Script::Arabic),
    (0x0E00, 0x0E7F, Script::Thai),
    (0x10A0, 0x10FF, Script::Georgian),
    (0x1100, 0x11FF, Script::Hangul),
    (0x13A0, 0x13FF, Script::Cherokee),
    (0x1C80, 0x1C8F, Script::Cyrillic),
    (0x1D00, 0x1D7F, Script::Latin),
    (0x1E00, 0x1EFF, Script::Latin),
    (0x1F00, 0x1FFF, Script::Greek),
    (0x2C60, 0x2C7F, Script::Latin),
    (0x2DE0, 0x2DFF, Script::Cyrillic),
    (0x3005, 0x3007, Script::Han),
    (0x3040, 0x309F, Script::Hiragana),
    (0x30A0, 0x30FF, Script::Katakana),
    (0x3100, 0x312F, Script::Bopomofo),
    (0x3130, 0x318F, Script::Hangul),
    (0x31A0, 0x31BF, Script::Bopomofo),
    (0x3400, 0x4DBF, Script::Han),
    (0x4E00, 0x9FFF, Script::Han),
    (0xA640, 0xA69F, Script::Cyrillic),
    (0xA720, 0xA7FF, Script::Latin),
    (0xAB30, 0xAB6F, Script::Latin),
    (0xAB70, 0xABBF, Script::Cherokee),
    (0xAC00, 0xD7AF, Script::Hangul),
    (0xF900, 0xFAFF, Script::Han),
    (0x20000, 0x3134F, Script::Han),
];

/// The script of a character.
pub fn script(c: char) -> Script {
    if c.is_ascii() && !c.is_ascii_alphabetic() {
        return Script::Common;
    }
    let c = u32::from(c);
    match SCRIPTS.binary_search_by(|&(lo, hi, _)| {
        if hi < c {
            core::cmp::Ordering::Less
        } else if lo > c {
            core::cmp::Ordering::Greater
        } else {
            core::cmp::Ordering::Equal
        }
    }) {
        Ok(i) => SCRIPTS[i].2,
        Err(_) => Script::Other,
    }
}

/// Characters that look like a Latin letter or letters (a subset of TR39's
/// `confusables.txt`, lowercase, since hosts are lowercased first).
const CONFUSABLES: &[(char, &str)] = &[
    // Cyrillic (the letters Chrome's IDN spoof checker also treats as Latin lookalikes).
    ('а', "a"),
    ('г', "r"),
    ('е', "e"),
    ('ё', "e"),
    ('к', "k"),
    ('м', "m"),
    ('о', "o"),
    ('п', "n"),
    ('р', "p"),
    ('с', "c"),
    ('у', "y"),
    ('х', "x"),
    ('ѕ', "s"),
    ('і', "i"),
    ('ї', "i"),
    ('ј', "j"),
    ('һ', "h"),
    ('ԁ', "d"),
    ('ԛ', "q"),
    ('ԝ', "w"),
    ('ӏ', "l"),
    ('ү', "y"),
    ('ѡ', "w"),
    ('ԍ', "g"),
    ('ҫ', "c"),
    ('ӕ', "ae"),
    ('ѵ', "v"),
    ('ҽ', "e"),
    // Greek.
    ('α', "a"),
    ('γ', "y"),
    ('ε', "e"),
    ('η', "n"),
    ('ι', "i"),
    ('κ', "k"),
    ('ν', "v"),
    ('ο', "o"),
    ('ρ', "p"),
    ('υ', "u"),
    ('χ', "x"),
    ('ω', "w"),
    ('ϲ', "c"),
    ('ϳ', "j"),
    ('ά', "a"),
    ('έ', "e"),
    ('ί', "i"),
    ('ό', "o"),
    ('ύ', "u"),
    // Armenian.
    ('օ', "o"),
    ('ս', "u"),
    ('հ', "h"),
    ('ո', "n"),
    ('ց', "g"),
    ('զ', "q"),
    // Latin lookalikes.
    ('ı', "i"),
    ('ɑ', "a"),
    ('ȷ', "j"),
    ('ʏ', "y"),
    ('ɩ', "i"),
    ('ɪ', "i"),
    ('ʀ', "r"),
    ('ℓ', "l"),
    ('ſ', "f"),
    ('ꞁ', "l"),
    ('ɒ', "a"),
    ('ǀ', "l"),
    ('ɡ', "g"),
    ('ɢ', "g"),
    ('ɴ', "n"),
    ('ʟ', "l"),
    ('ʜ', "h"),
    ('ʙ', "b"),
    // Latin small capitals (U+1D00 block), which read as lowercase letters.
    ('ᴀ', "a"),
    ('ᴄ', "c"),
    ('ᴅ', "d"),
    ('ᴇ', "e"),
    ('ᴊ', "j"),
    ('ᴋ', "k"),
    ('ᴍ', "m"),
    ('ᴏ', "o"),
    ('ᴘ', "p"),
    ('ᴛ', "t"),
    ('ᴜ', "u"),
    ('ᴠ', "v"),
    ('ᴡ', "w"),
    ('ᴢ', "z"),
    ('ꜱ', "s"),
    // Cherokee (lowercase forms).
    ('ꭰ', "d"),
    ('ꭱ', "r"),
    ('ꭲ', "t"),
    ('ꮃ', "w"),
    ('ꮪ', "s"),
    ('ꮯ', "c"),
];

/// Latin letters with diacritics, mapped to their base letter.
const DIACRITICS: &[(char, char, &str)] = &[
    ('à', 'å', "a"),
    ('æ', 'æ', "ae"),
    ('ç', 'ç', "c"),
    ('è', 'ë', "e"),
    ('ì', 'ï', "i"),
    ('ð', 'ð', "d"),
    ('ñ', 'ñ', "n"),
    ('ò', 'ö', "o"),
    ('ø', 'ø', "o"),
    ('ù', 'ü', "u"),
    ('ý', 'ý', "y"),
    ('ÿ', 'ÿ', "y"),
];

/// The Latin prototype of one character, for skeletons.
pub(crate) fn prototype(c: char) -> Option<&'static str> {
    if let Some((_, p)) = CONFUSABLES.iter().find(|(k, _)| *k == c) {
        return Some(p);
    }
    DIACRITICS
        .iter()
        .find(|(lo, hi, _)| (*lo..=*hi).contains(&c))
        .map(|(_, _, p)| *p)
}

/// TR39's `skeleton(X)`, on the subset of confusables above: each character
/// mapped to its Latin prototype, combining marks dropped, then the ASCII
/// look-alike pairs folded (`0`→`o`, `1`→`l`, `rn`→`m`, `vv`→`w`, `cl`→`d`).
pub fn skeleton(host: &str) -> String {
    let mut out = String::with_capacity(host.len());
    for c in host.chars() {
        if ('\u{300}'..='\u{36f}').contains(&c) {
            continue;
        }
        let c = match c {
            '0' => 'o',
            '1' | '|' => 'l',
            c => c,
        };
        match prototype(c) {
            Some(p) => out.push_str(p),
            None => out.push(c),
        }
        // The two-letter look-alikes, folded as they appear.
        let fold = match out.as_bytes() {
            [.., b'r', b'n'] => Some('m'),
            [.., b'v', b'v'] => Some('w'),
            [.., b'c', b'l'] => Some('d'),
            _ => None,
        };
        if let Some(f) = fold {
            out.truncate(out.len() - 2);
            out.push(f);
        }
    }
    out
}

/// What is wrong with how a host looks, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostAlert {
    /// A label mixes scripts that no language mixes.
    MixedScripts {
        /// The label, in Unicode.
        label: String,
        /// The scripts it mixes, in the order met.
        scripts: Vec<Script>,
    },
    /// A Latin label whose letters that are not ASCII only look like ASCII
    /// ones (`gooɡle` with U+0261 `ɡ`, `paypaı` with a dotless `ı`): its
    /// skeleton is an ASCII name, the label is not.
    LatinLookalike {
        /// The label, in Unicode.
        label: String,
        /// The whole host as the ASCII name it imitates (`google.com`).
        looks_like: String,
    },
    /// A label is written in another script with letters that all look Latin.
    WholeScriptConfusable {
        /// The label, in Unicode.
        label: String,
        /// Its script.
        script: Script,
        /// The Latin word it looks like.
        looks_like: String,
    },
}

impl HostAlert {
    /// What is wrong, as a message that can be translated. Script names are
    /// Unicode's (`Latin`, `Cyrillic`), the same in every language.
    pub fn message(&self) -> Message {
        match self {
            HostAlert::MixedScripts { label, scripts } => {
                let mut names = scripts.iter().map(|s| Arg::Text(s.name().to_owned()));
                let first = names.next().unwrap_or(Arg::Text(String::new()));
                let all = names.fold(first, |list, next| {
                    Arg::Message(Message {
                        code: Code::listAnd,
                        args: vec![list, next],
                    })
                });
                Message {
                    code: Code::noteMixedScripts,
                    args: vec![label.clone().into(), all],
                }
            }
            HostAlert::LatinLookalike { label, looks_like } => {
                Message::with(Code::noteLatinLookalike, &[label.as_str(), looks_like])
            }
            HostAlert::WholeScriptConfusable {
                label,
                script,
                looks_like,
            } => Message::with(
                Code::noteConfusable,
                &[label.as_str(), script.name(), looks_like],
            ),
        }
    }
}

impl core::fmt::Display for HostAlert {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.message().fmt(f)
    }
}

/// Whether a set of scripts is one a language uses together (TR39 §5.1,
/// "Highly Restrictive").
fn allowed_mix(scripts: &[Script]) -> bool {
    let only = |allowed: &[Script]| scripts.iter().all(|s| allowed.contains(s));
    use Script::*;
    scripts.len() <= 1
        || only(&[Latin, Han, Hiragana, Katakana])
        || only(&[Latin, Han, Hangul])
        || only(&[Latin, Han, Bopomofo])
}

/// The ASCII label that a non-ASCII one imitates, when each of its
/// characters is ASCII or a letter that only looks like ASCII ones (the
/// confusables above, TR39's prototypes): `gooɡle` gives `google`. `None`
/// for a label that is ASCII already or holds anything else: a letter with
/// a diacritic (`bücher`, `café`), `ß`, a letter of a script of its own.
/// Unlike [`skeleton`], diacritics are not folded: they are part of how a
/// word is written, not a disguise.
fn ascii_lookalike(label: &str) -> Option<String> {
    if label.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(label.len());
    for c in label.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(CONFUSABLES.iter().find(|(k, _)| *k == c)?.1);
        }
    }
    Some(out)
}

/// Checks the labels of a host given in Unicode (as [`crate::Site::unicode`]).
pub fn check_host(unicode_host: &str) -> Option<HostAlert> {
    if unicode_host.is_ascii() {
        return None;
    }
    let labels: Vec<&str> = unicode_host.split('.').collect();
    let tld_latin = labels
        .iter()
        .rev()
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.is_ascii());
    for label in &labels {
        if label.is_ascii() {
            continue;
        }
        let mut scripts: Vec<Script> = Vec::new();
        for c in label.chars() {
            let s = script(c);
            if s != Script::Common && !scripts.contains(&s) {
                scripts.push(s);
            }
        }
        if !allowed_mix(&scripts) {
            return Some(HostAlert::MixedScripts {
                label: (*label).to_owned(),
                scripts,
            });
        }
        if scripts == [Script::Latin] && ascii_lookalike(label).is_some() {
            let looks_like = labels
                .iter()
                .map(|l| ascii_lookalike(l).unwrap_or_else(|| (*l).to_owned()))
                .collect::<Vec<String>>()
                .join(".");
            return Some(HostAlert::LatinLookalike {
                label: (*label).to_owned(),
                looks_like,
            });
        }
        if let [s @ (Script::Cyrillic | Script::Greek | Script::Armenian | Script::Cherokee)] =
            scripts[..]
        {
            let all_look_latin = label
                .chars()
                .all(|c| script(c) == Script::Common || prototype(c).is_some());
            if tld_latin && all_look_latin {
                return Some(HostAlert::WholeScriptConfusable {
                    label: (*label).to_owned(),
                    script: s,
                    looks_like: skeleton(label),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_of_characters() {
        assert_eq!(script('a'), Script::Latin);
        assert_eq!(script('ü'), Script::Latin);
        assert_eq!(script('а'), Script::Cyrillic);
        assert_eq!(script('α'), Script::Greek);
        assert_eq!(script('-'), Script::Common);
        assert_eq!(script('7'), Script::Common);
        assert_eq!(script('日'), Script::Han);
        assert_eq!(script('😀'), Script::Other);
    }
}
