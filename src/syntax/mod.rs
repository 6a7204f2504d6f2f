//! Reading and writing links: the draft's grammar (§3) and its reading
//! (§5), the list a link stands for, percent-encoding, the text/uri-list
//! form (RFC 2483), and finding links in pasted text.

pub(crate) mod find;
pub(crate) mod list;
pub(crate) mod parse;
pub(crate) mod percent;
pub(crate) mod text;
