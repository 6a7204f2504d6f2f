//! Read and write `uri-list:` links: one link, many pages.
//!
//! This crate implements the `uri-list` URI scheme draft (`uri-list-draft`,
//! called "the draft" below) and the `multi:` spelling of the Multilinks
//! explainer ("the explainer"). It does no I/O and knows nothing of
//! browsers; the extension, the command-line tool (the crate
//! `uri-list-cli`) and the JavaScript API (the crate `uri-list-wasm`) are
//! thin layers on top of it. The crate uses only `core` and `alloc`; with
//! its default features it adds the JSON shapes (`serde`) and a URL parser
//! for hosts ([`UrlCrate`], `url`).
//!
//! ```
//! let parsed = uri_list::parse(
//!     "uri-list:https://a.com;https://b.com;https://c.com?type=grid-view&title=My%20example",
//! ).unwrap();
//! let list = &parsed.list;
//! assert_eq!(list.len(), 3);
//! assert_eq!(list.title(), Some("My example"));
//! assert_eq!(list.kind(), Some("grid-view"));
//! assert_eq!(
//!     uri_list::to_text(list),
//!     "https://a.com\r\nhttps://b.com\r\nhttps://c.com\r\n#?type=grid-view\r\n#?title=My example\r\n",
//! );
//! assert!(parsed.warnings.is_empty());
//! ```
//!
//! # The grammar (draft §3)
//!
//! ```text
//! uri-list = "uri-list:" uri-data *( ";" uri-data ) [ "?" query ] [ "#" fragment ]
//! uri-data = 1*uri-char
//! uri-char = unreserved / pct-encoded / gen-delims-limited / sub-delims-limited
//! gen-delims-limited = ":" / "/" / "[" / "]" / "@"                ; no "?" "#"
//! sub-delims-limited = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / "="   ; no ";"
//!
//!   uri-list:https://a.com;https://b.com%3Fq=1?title=Two#x
//!   \______/ \_________________________/ \_______/ \/
//!    scheme          items (";")          query   fragment
//! ```
//!
//! The scheme may also be written `multi:` (the explainer), `web+urilist:` or
//! `ext+urilist:` (the names browsers allow for protocol handlers), in any
//! case (RFC 3986 §3.1).
//!
//! # Reading a link (draft §5)
//!
//! [`parse`] splits the hier-part on `;` and, in each item, decodes only
//! `%3B`, `%3F` and `%23` (any case) to `;`, `?` and `#`; nothing else is
//! decoded, so `%20` stays `%20`. The result maps to a text/uri-list
//! document with [`to_text`], and back with [`from_text`].
//!
//! Two modes, like a browser's URL parser ([`Parser::strict`]):
//! - **lenient** (the default, for links pasted from real life) reads on past
//!   every grammar violation and reports each as a [`Warning`] with its byte
//!   offset: white space around the link or an item is removed, tabs and
//!   newlines are removed, an empty item (`a;;b`) is skipped, a space or a
//!   non-ASCII character is kept as it is, and an unencoded `?` or `#` that
//!   another item follows (`https://a.com/?q=1;https://b.com`) is read as
//!   part of its item rather than as the start of the query;
//! - **strict** returns an [`Error`] at the first violation. Notes that are
//!   no grammar violation are kept as warnings in both modes: a nested list
//!   that cannot be read (kept as a plain item: a list may hold invalid URIs,
//!   draft §3), a repeated or unknown option.
//!
//! **A deviation from the draft, in lenient mode only:** an item without a
//! scheme that reads as a web address the way a browser's address bar reads
//! one (a host name of two or more labels ending in letters, an optional
//! port, then a path, query or fragment: `example.com/page`,
//! `login.example.com`) is read as `https://` followed by it, and a
//! [`Violation::SchemeAdded`] note says so. The draft keeps such an item as
//! written, an invalid URI that nothing opens; but the explainer's own
//! examples and the links people write (`multi:example.com/a;example.org`)
//! leave the scheme out, and a person expects what their address bar does.
//! Strict mode keeps the draft's reading: the item stays as written, and is
//! not opened. IP addresses, single labels (`localhost`), user info and
//! percent-escapes in the host are never read this way. Exactly: the item
//! as written (before its escapes are decoded) up to the first `/`, `?`,
//! `#` or `\`, with at most one `:` and one to five digits after it (the
//! port; its range is judged by the check, which says "port out of
//! range"), is two or more labels, one final `.` allowed, each of ASCII
//! letters, digits and `-` (not first or last) or any non-ASCII character
//! (the host parser judges those later: no Unicode tables in the wasm for
//! this), the last label at least two characters, all letters. `_` is not
//! taken (browsers accept it in a host, but no registered name has it), so
//! `a.b` and `my_site.example` stay as written, and the check suggests the
//! `https://` they need.
//!
//! ```
//! let parsed = uri_list::parse("multi:example.com/a;login.example.com").unwrap();
//! assert_eq!(parsed.list.items()[0].as_str(), "https://example.com/a");
//! assert_eq!(parsed.list.items()[1].as_str(), "https://login.example.com");
//! let strict = uri_list::Parser::new().strict(true).parse("multi:example.com/a").unwrap();
//! assert_eq!(strict.list.items()[0].as_str(), "example.com/a");
//! ```
//!
//! Neither ever panics. Both fail on an empty input, a missing or foreign
//! scheme, a list with no item, a link over [`MAX_LENGTH`] bytes (2 MiB,
//! Chrome's URL limit), and lists nested deeper than [`MAX_DEPTH`].
//!
//! Items are numbered in messages by their place in the link, counting
//! empty ones, so that "item 3" is the third `;`-separated part.
//!
//! # Memory and time
//!
//! Every function reads its input in time and memory in proportion to its
//! length (sorting, where repeats are looked for, adds a logarithm), so that
//! no link under [`MAX_LENGTH`] can make it slow or large:
//!
//! - **Memory**: one call of the JavaScript API (`decode`, `check`, `plan`,
//!   `toText`, `readPasted`) takes at most **48 times the size of its input**
//!   in the wasm's memory at its peak, plus 1 MiB, whatever the shape of the
//!   link (wasm/tests/wasm.rs measures it on links of 1 and 2 MiB of the costliest
//!   shapes: two-byte items, nested lists, many options, tabs, small pages
//!   with user info, lookalike hosts). This matters because the wasm's
//!   memory never shrinks: what one call took stays with the extension
//!   until it restarts (std's allocator, dlmalloc, reuses it for the next
//!   calls). The costliest is `plan` of a link of two-byte items
//!   (`a;a;a;…`): each item is an [`Item`] of the parse and a [`Skipped`] of
//!   the plan, each 32 bytes and a copy of the item; links of real pages
//!   (30 bytes an item and more) take under 8 times their size. Results
//!   leave the wasm as JS objects built by serde-wasm-bindgen value by
//!   value, or, for the rows of `check`, `checkAll` and `plan`, in
//!   batches of 4 096 rows (wasm/src/lib.rs, `Table`), so a result of 100
//!   bytes an item is never held whole in the wasm's memory; `check` checks
//!   one item at a time as it is written ([`CheckReport`]) and `plan` each
//!   page once, both keeping only the sites, which the notes across items
//!   need.
//! - **Time**: linear in the input. In Chromium 156 and Firefox 153, every
//!   function of the JavaScript API takes under a second on links of 2 MiB
//!   of each shape of `benches/limits.mjs` (the slowest: Firefox's `plan`
//!   of 87 000 pages with non-ASCII hosts, about 0.75 s, one call of the
//!   engine's `URL` per host; `benches/README.md`, "At the limit").
//!   Figures in `benches/README.md`, "At the limit".
//!
//! # Messages
//!
//! Every sentence written for a person (an error, a warning, why an item is
//! not opened, a note on a site, why the preview page comes first, the name
//! of an unnamed group) is a [`Message`]: a stable code, which is also the
//! name of its entry in the extension's `_locales/*/messages.json`, and its
//! arguments, declared once with its English text ([`Code`]). `Display`
//! writes it in English ([`messages`]); the JSON shapes (serde, the feature
//! `serde`) carry it as `{"code", "args", "message"}` so that the extension
//! can show it in the browser's language and fall back to the English
//! `message`.
//!
//! # Options (draft §8.1, explainer)
//!
//! The query holds `key=value` pairs separated by `&`, percent-decoded as
//! UTF-8. `title` names the list; the explainer's `group-name` does too, and
//! `title` wins when both are there ([`UriList::title`]). `type` is a display
//! hint ([`UriList::kind`]), `color` a tab group's colour ([`plan`]). Every
//! other key is kept, in order ([`UriList::options`]), with a
//! [`Violation::UnknownOption`] note. Most often such a key is no option at
//! all: a query that holds no key uri-list reads, after a last item that is
//! a web address, is that page's own query whose `?` was left unencoded
//! (`…/watch?v=1;…/watch?v=2`, by hand), and a key starting with `amp;` is
//! `&amp;` copied from a page's source. For those two the note says how to
//! write the link, and [`plan`] asks for the preview page: the list opens
//! as the grammar reads it (the last page without its query) only once the
//! person has seen that. A `+` is a plus sign, not a space: the query of a
//! URI is RFC 3986's, not an HTML form's. [`UriList::to_link`] writes every
//! character of a key or value but ASCII letters, digits and `-`
//! percent-encoded (`+` as `%2B`, a space as `%20`, `.` as `%2E`), so that a
//! form decoder reads the same values and no chat app's linkifier cuts the
//! link at a title's last `.`, `)`, `?` or `~`.
//!
//! # Page titles (an extension, by draft §8.1)
//!
//! The option [`PAGE_TITLES`] (`page-titles`) carries the pages' titles, so
//! that a person who receives a list sees what each page is before opening
//! it:
//!
//! ```text
//! uri-list:https://a.com/hotel;https://b.com;https://c.com?title=Trip&page-titles=Hotel%2C%20old%20town~~Caf%C3%A9
//! ```
//!
//! - One title per item, in the items' order (a nested list counts as one
//!   item, and its title names the nested list's group where that list has
//!   no title of its own), separated by unencoded tildes (`~`: unreserved, and no linkifier
//!   cuts a link at it, where anchorme cuts at `,,`); each title
//!   percent-encoded like any option value (a tilde in a title is `%7E`).
//!   The value is split on `~` *before* it is decoded. An empty title, and every item past the last title written,
//!   has none ([`UriList::page_title`]). Titles past the last item are not kept, with
//!   a [`Violation::PageTitlesBeyondItems`] note; a second `page-titles` is
//!   ignored, with a [`Violation::DuplicateOption`] note.
//! - It is read into the items, not kept among [`UriList::options`], and
//!   [`UriList::to_link`] writes it after the other options from the items
//!   ([`UriList::set_page_title`]), trailing empty titles left out: reading
//!   a link and writing it back gives the same titles (tests/properties.rs).
//! - In the text form it is the comment line `#?page-titles=Hotel, old
//!   town~~Café`: the option's line of §8.1, each title as an option value
//!   is written there (decoded, with `%`, control characters,
//!   bidirectional controls and `~` percent-encoded).
//! - A reader that does not know it reads exactly the same pages: it is an
//!   option in the query, which §5's algorithm never reads, and a comment
//!   line in the text form, which RFC 2483 readers skip (tests/draft-reader.mjs
//!   reads written links with a plain reader of §5).
//! - The titles are the sender's words, not the pages': whoever shows them
//!   shows them as text, never as a site's name, and the check warns when a
//!   title reads as another site's address ([`check_list`]).
//!
//! # Nesting (draft §8.2)
//!
//! An item that is itself a uri-list link (any of the four schemes) is read
//! as a nested list ([`Item::list`]), to [`MAX_DEPTH`] levels. In the text
//! form a nested list stands between two lines of as many `#` as its depth.
//! [`plan`] opens each nested list as a group of its own; when nested lists
//! split a list's own pages into several groups, they are numbered
//! ("Bookmarks (1)", "Bookmarks (2)") so that no two groups look the same.
//!
//! # Web links
//!
//! A **web link** is an `http:` or `https:` address whose fragment is a
//! uri-list link (any of the four schemes, any case), for the places where
//! only web addresses are links (chat apps, e-mail) and for browsers
//! without the extension:
//!
//! ```text
//!   https://example.com/open/#uri-list:https://a.example;https://b.example?title=Two
//! ```
//!
//! A browser never sends the fragment to the server, so the page at the base
//! (`web/` in the repository, any static host) learns nothing of the list.
//! [`web_link`] writes one; [`link_in_web_link`] and [`list_link`] find the
//! list in one, from the fragment as a browser gives it (percent-encoded
//! where the URL Standard encodes: space, `"`, `<`, `>`, `` ` ``, controls,
//! non-ASCII), which reads as the same list. The command-line tool and the
//! JavaScript API take a web link wherever they take a link; byte offsets in
//! their messages then count in the link after the `#`. An item of a list
//! that is itself a web link is a page, not a nested list.
//!
//! ```
//! let web = uri_list::web_link("https://example.com/open/", "uri-list:https://a.example;https://b.example?title=Two", &uri_list::UrlCrate).unwrap();
//! let list = uri_list::parse(uri_list::list_link(&web).unwrap()).unwrap().list;
//! assert_eq!(list.title(), Some("Two"));
//! ```
//!
//! # Sites and lookalikes
//!
//! [`check_item`] names the site of an `http`/`https` item as the browser
//! opens it: the URL Standard's host parser with the full UTS #46 processing,
//! so that [`Site::host`] is `new URL(item).hostname` (`https://example。com/`
//! is `example.com`), asked of the [`UrlParser`] the caller hands in: in the
//! wasm the engine's own `URL` parser (the module carries no IDNA tables);
//! natively the `url` crate ([`UrlCrate`]). Hosts of plain
//! ASCII letters, digits, `-` and `.` are read without asking either. A host
//! that the standard rejects is invalid, with the reason, even where a
//! browser is more lenient (Chromium escapes a space that `U+3000` maps to).
//! Hosts that look like others are alerts (TR39, src/check/lookalike.rs): mixed
//! scripts, whole-script confusables, Latin letters that only look like ASCII
//! ones (`gooɡle.com`), and two sites of one list that look alike.
//!
//! # Deviations from the draft
//!
//! **Items that contain `%3B`, `%3F` or `%23`.** The draft's §5 alone cannot
//! carry an item that itself holds one of these escapes, such as
//! `https://example.com/search?q=C%23`: its `%23` would come out as `#` and
//! the query would lose its meaning. This crate adds an escape rule:
//!
//! - when writing an item, a `%`, any run of `25` pairs after it, then
//!   `3B`, `3F` or `23` gains one more `25`: `%23` is written `%2523`,
//!   `%2523` is written `%252523`;
//! - when reading, such a run loses one `25` (and with none left, the draft's
//!   decoding applies: `%23` is `#`).
//!
//! Links whose items hold no such run read exactly as the draft says. A
//! decoder that follows only the draft sees `%2523` and gives
//! `https://example.com/search?q=C%2523`: a visibly wrong URL, never a
//! silently different page.
//!
//! **A `%` that starts no escape** (`https://example.com/100%`) is a
//! violation in a link, but a URI character in an item. It is written
//! `%2525`, and a `%2525…` run before anything but two hex digits loses one
//! `25` when read; a single `%25` stays `%25` both ways, so the common
//! `100%25off` is untouched.
//!
//! With both rules, [`UriList::to_link`] then [`parse`] gives back every
//! item made of URI characters (RFC 3986 unreserved, reserved and `%`)
//! exactly (but the link's last character, below). Characters that may not stand in a link (space, non-ASCII,
//! controls, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`) are written
//! percent-encoded as UTF-8 with uppercase hex (RFC 3986 §2.1, RFC 2718
//! §2.2.5), so such an item comes back as the original with exactly those
//! characters percent-encoded ([`encode_non_uri_chars`]) and nothing else
//! changed: the same resource.
//!
//! **The link's last character.** [`UriList::to_link`] writes it
//! percent-encoded when running text would take it for the end of a sentence
//! rather than of the link (`.`, `,`, `!`, `'`, or a `)`, `]` or `}` without
//! its opening one), as [`find_links`] and chat apps' linkifiers do: a list
//! whose last page is `https://en.wikipedia.org/wiki/Washington,_D.C.` would
//! lose its `.` in a chat message. It is the last item's (a link with options
//! ends with an option, whose value is written percent-encoded anyway), and
//! the item reads back with it percent-encoded: for `.` the same URI (RFC 3986
//! §6.2.2.2), for the others what web servers read alike. A `:` is left as it
//! is: an item that ends with one may be a scheme alone (`uri-list:`).
//!
//! **The lenient reading of `?` and `#`** described above goes beyond the
//! grammar, which would end the items at the first `?`. It applies only when
//! a `;` and a scheme follow, and is always reported.
//!
//! **The text form of options** keeps `%`, control characters and
//! bidirectional controls percent-encoded in `#?key=value` lines so that they
//! read back exactly (and a right-to-left override cannot reorder a line as
//! it is shown); the draft shows only plain values.

// With the feature `ts` (the boundary's tests only), the crate is built with std: the TypeScript
// types that ts-rs derives use std's prelude (`format!`, `vec!`).
#![cfg_attr(not(feature = "ts"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The code uses only `core` and `alloc`: the crate that runs the core
// brings std (the wasm boundary, the CLI, the feature `url`).
extern crate alloc;

/// What std's prelude would bring, for a `no_std` crate.
mod prelude {
    pub(crate) use alloc::borrow::ToOwned;
    pub(crate) use alloc::boxed::Box;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec;
    pub(crate) use alloc::vec::Vec;
}

mod bidi;
mod check;
mod format;
mod message;
mod plan;
mod platform;
mod strset;
mod syntax;

pub use bidi::{is_bidi_control, is_invisible, without_bidi_controls};
#[cfg(feature = "serde")]
pub use check::CheckReport;
pub use check::{check_item, check_list, page_address, Class, ItemCheck, Note, Site};
pub use format::{check_template, format_links, Entry, Format, Link};
pub use message::error::{Error, ErrorKind, Violation, Warning};
pub use message::{messages, Arg, Code, Message};
pub use plan::{
    plan, Context as PlanContext, Duplicate, Group, Mode, Plan, Skipped, DEFAULT_OPEN_LIMIT,
    GROUP_COLORS, MAX_PAGE_TITLE_CHARS,
};
#[cfg(feature = "url")]
pub use platform::UrlCrate;
pub use platform::UrlParser;
pub use syntax::find::{find_links, read_pasted, Form, Found};
pub use syntax::list::{Item, Scheme, UriList, PAGE_TITLES};
pub use syntax::parse::{
    parse, reads_as_address, Parsed, Parser, MAX_DEPTH, MAX_LENGTH, MAX_WARNINGS,
};
pub use syntax::percent::encode_non_uri_chars;
pub use syntax::text::{from_text, to_text, FromText};
pub use syntax::web_link::{is_web_address, link_in_web_link, list_link, web_base, web_link};

/// What a language boundary needs beyond the API above: the pieces of the
/// JSON shapes and of the core's work that the wasm boundary (crate
/// `uri-list-wasm`) hands to JavaScript its own way, where handing over
/// whole serde objects was measured too slow (its `decode` and the rows of
/// `check`, `checkAll` and `plan`: benches/README.md, "decode" and
/// "Click to group"). With [`Parser::spans_only`], [`Item::is_escaped`],
/// [`CheckReport::rows`] and [`CheckReport::rest`].
pub mod boundary {
    #[cfg(feature = "serde")]
    pub use crate::check::report::{Rest, Row};
    pub use crate::message::digits::decimal;
    /// `decode()`'s and `readPasted()`'s TypeScript types (`Decoded`,
    /// `Pasted`), for the boundary's tests to write.
    #[cfg(feature = "ts")]
    pub use crate::syntax::list::{DecodedJson, PastedJson};
    #[cfg(feature = "serde")]
    pub use crate::syntax::list::{ListShape, Lists, PageTitles};
    pub use crate::syntax::percent::decode_item_into;
}
