//! Checks shared by the fuzz targets.

#![allow(dead_code)] // each target uses a part

use uri_list::{encode_non_uri_chars, Scheme, UriList, MAX_DEPTH};

/// What every list a parse returns satisfies, at every depth: it has an
/// item, no item is empty, nesting stays within `MAX_DEPTH`, and a nested
/// list sits only under an item that starts with a uri-list scheme (such an
/// item may also stay a plain one, with a note, when it cannot be read: in
/// both modes, since draft §3 lets a list hold invalid URIs).
pub fn check_list(list: &UriList, depth: usize) {
    assert!(depth <= MAX_DEPTH, "nested {depth} deep, limit {MAX_DEPTH}");
    assert!(!list.is_empty(), "a parsed list without items");
    for item in list.items() {
        let uri = item.as_str();
        assert!(!uri.is_empty(), "an empty item in {list:?}");
        if let Some(nested) = item.list() {
            assert!(
                Scheme::strip_prefix(uri).is_some(),
                "a nested list under {uri:?}"
            );
            check_list(nested, depth + 1);
        }
    }
}

/// The items a parse of `list.to_link()` gives back: each original with the
/// characters that may not stand in a link percent-encoded.
pub fn expected_items(list: &UriList) -> Vec<String> {
    list.items()
        .iter()
        .map(|i| encode_non_uri_chars(i.as_str()).into_owned())
        .collect()
}

pub fn items(list: &UriList) -> Vec<&str> {
    list.items().iter().map(|i| i.as_str()).collect()
}

/// The fragment a parse of `to_link()` gives back: RFC 3986 query
/// characters and valid escapes as they were, every other byte (a stray `%`
/// and a second `#` included) percent-encoded.
pub fn expected_fragment(f: &str) -> String {
    let bytes = f.as_bytes();
    let mut out = String::new();
    for (i, &b) in bytes.iter().enumerate() {
        let query_char = b.is_ascii_alphanumeric() || b"-._~:/[]@!$&'()*+,=;?".contains(&b);
        let escape = b == b'%'
            && matches!(bytes.get(i + 1..i + 3), Some([x, y]) if x.is_ascii_hexdigit() && y.is_ascii_hexdigit());
        if query_char || escape {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
