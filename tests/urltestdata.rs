//! The web-platform-tests URL corpus (`tests/fixtures/wpt/urltestdata.json`):
//! every valid `href`, and every `input` (valid URL or not), survives as an
//! item: alone, in lists of ten, and all in one list. It comes back exactly
//! when it is made of URI characters, otherwise as its percent-encoded form
//! (`encode_non_uri_chars`; see the crate docs); the item that ends the link
//! with a character running text would leave out of it (`.`, `,`, `!`, `'`,
//! a closing bracket without its opening one) comes back with that
//! character percent-encoded (`UriList::to_link`).
//!
//! The corpus is vendored (`tests/fixtures/wpt/README.md`: its revision, its
//! licence, how to refresh it). When it is missing or unreadable, every test
//! that reads it fails, saying so: none passes having checked nothing.

#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::path::PathBuf;
use uri_list::{check_item, encode_non_uri_chars, Class, Parser, UriList, UrlCrate};

/// The corpus, or a panic that says where it should be.
fn corpus() -> Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wpt/urltestdata.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the web-platform-tests URL corpus {} cannot be read ({e}): it is part of the repository \
             (tests/fixtures/wpt/README.md says how to refresh it)",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn field(corpus: &Value, name: &str) -> Vec<String> {
    corpus
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|case| case.get(name).and_then(Value::as_str))
        .map(str::to_owned)
        .collect()
}

fn is_uri_chars(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&b))
}

/// Writes the items as one list, reads it back strictly, and checks each item.
fn round_trip(items: &[String]) {
    let list: UriList = items.iter().cloned().collect();
    let link = list.to_link();
    let parsed = Parser::new()
        .strict(true)
        .parse(&link)
        .unwrap_or_else(|e| panic!("{link:?} does not parse strictly: {e}"));
    assert!(
        parsed.warnings.is_empty(),
        "{link:?}: {:?}",
        parsed.warnings
    );
    assert_eq!(parsed.list.len(), items.len(), "{link:?}");
    let last = items.len() - 1;
    for (n, (item, back)) in items.iter().zip(parsed.list.items()).enumerate() {
        let mut expected = encode_non_uri_chars(item).into_owned();
        if n == last {
            // The link's last character, percent-encoded where running text would leave it out.
            if let Some(c) = expected.chars().last().filter(|c| ".,!')]}".contains(*c)) {
                let encoded = format!("%{:02X}", u32::from(c));
                if !link.ends_with(c) && link.ends_with(&encoded) {
                    expected.pop();
                    expected.push_str(&encoded);
                    assert_eq!(back.as_str(), expected, "item {item:?} via {link:?}");
                    continue;
                }
            }
        }
        assert_eq!(back.as_str(), expected, "item {item:?} via {link:?}");
        if is_uri_chars(item) {
            assert_eq!(
                back.as_str(),
                item,
                "a URI-character item comes back exactly"
            );
        }
    }
}

fn check_all(items: &[String]) {
    for item in items {
        round_trip(std::slice::from_ref(item));
    }
    for chunk in items.chunks(10) {
        round_trip(chunk);
    }
    round_trip(items);
}

#[test]
fn every_valid_href_survives() {
    let corpus = corpus();
    let hrefs = field(&corpus, "href");
    assert!(hrefs.len() > 500, "the corpus has {} hrefs", hrefs.len());
    check_all(&hrefs);
}

#[test]
fn every_input_survives() {
    let corpus = corpus();
    // An empty input cannot be an item: `uri-data = 1*uri-char` (draft §3).
    let inputs: Vec<String> = field(&corpus, "input")
        .into_iter()
        .filter(|i| !i.is_empty())
        .collect();
    assert!(inputs.len() > 800, "the corpus has {} inputs", inputs.len());
    check_all(&inputs);
}

/// The schemes whose hosts the URL Standard reads as domains or IP
/// addresses ("special" schemes, `file:` aside): one host parser for all.
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// `input` with a special scheme written as `https`, for [`check_item`],
/// which opens only `http:` and `https:`: the host is read the same way.
/// `None` when the input has no special scheme. The scheme is found as the
/// URL parser finds it: after removing the C0 controls and spaces around
/// the input and every tab and newline in it.
fn as_https(input: &str) -> Option<String> {
    let t: String = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let colon = t.find(':')?;
    SPECIAL
        .contains(&t[..colon].to_ascii_lowercase().as_str())
        .then(|| ["https", &t[colon..]].concat())
}

/// The hosts of the hardening issue (#10) and their like, as `(item, the
/// host the browser opens)` (Chromium and Firefox agree on each; Node's
/// `URL` too).
const ISSUE_HOSTS: &[(&str, &str)] = &[
    ("https://example\u{3002}com/", "example.com"),
    ("https://example%E3%80%82com/", "example.com"),
    ("https://bu%CC%88cher.de/", "xn--bcher-kva.de"),
    ("https://bu\u{308}cher.de/", "xn--bcher-kva.de"),
    (
        "https://\u{ff45}\u{ff58}\u{ff41}\u{ff4d}\u{ff50}\u{ff4c}\u{ff45}\u{ff0e}\u{ff43}\u{ff4f}\u{ff4d}/",
        "example.com",
    ),
    ("https://\u{ff25}\u{ff38}\u{ff21}\u{ff2d}\u{ff30}\u{ff2c}\u{ff25}.com/", "example.com"),
    (
        "https://paypal.com%E3%80%82evil.example/",
        "paypal.com.evil.example",
    ),
    ("https://paypal.com\u{3002}evil.example/", "paypal.com.evil.example"),
    ("https://stra\u{df}e.de/", "xn--strae-oqa.de"),
    ("https://STRASSE.de/", "strasse.de"),
    ("https://XN--BCHER-KVA.de/", "xn--bcher-kva.de"),
    ("https://B\u{dc}CHER.de/", "xn--bcher-kva.de"),
    ("https://a\u{ad}b.example/", "ab.example"),
    ("http://\u{ff11}\u{ff12}\u{ff17}.\u{ff10}.\u{ff10}.\u{ff11}/", "127.0.0.1"),
    ("http://0x7f.1/", "127.0.0.1"),
    ("http://[0:0::1]:8080/", "[::1]"),
    ("http://[::FFFF:127.0.0.1]/", "[::ffff:7f00:1]"),
    ("https://\u{65e5}\u{672c}.jp/", "xn--wgv71a.jp"),
    ("https://goo\u{261}le.com/", "xn--goole-tmc.com"),
];

#[test]
fn the_hosts_of_the_issue_are_the_hosts_the_browser_opens() {
    for (item, host) in ISSUE_HOSTS {
        let c = check_item(item, &UrlCrate);
        assert_eq!(c.class, Class::Openable, "{item}: {:?}", c.reason);
        assert_eq!(c.site.unwrap().host, *host, "{item}");
    }
    // The Unicode form shown next to the ASCII one is that of the host
    // opened, not of what the link spelled.
    let site = check_item("https://paypal.com%E3%80%82evil.example/", &UrlCrate)
        .site
        .unwrap();
    assert_eq!(site.unicode, "paypal.com.evil.example");
    assert_eq!(site.shown(), "paypal.com.evil.example");
    let site = check_item("https://bu%CC%88cher.de/", &UrlCrate)
        .site
        .unwrap();
    assert_eq!(site.shown(), "b\u{fc}cher.de (xn--bcher-kva.de)");
}

#[test]
fn the_site_of_every_valid_special_href_is_its_hostname() {
    let corpus = corpus();
    let mut checked = 0;
    for case in corpus.as_array().unwrap() {
        let (Some(href), Some(hostname)) = (
            case.get("href").and_then(Value::as_str),
            case.get("hostname").and_then(Value::as_str),
        ) else {
            continue;
        };
        // Not a special scheme (file:, data:, sc:…): not a host the core reads.
        let Some(item) = as_https(href) else { continue };
        let c = check_item(&item, &UrlCrate);
        assert_eq!(c.class, Class::Openable, "{href}: {:?}", c.reason);
        assert_eq!(c.site.unwrap().host, hostname, "{href}");
        checked += 1;
    }
    assert!(checked > 250, "only {checked} special hrefs");
}

/// `new URL(input).hostname` in Node (WHATWG URL, UTS #46: the same
/// answers as Chromium's), or `None` where it throws. Node is needed to
/// build and test the extension (docs/building-and-testing.md): without it this test fails,
/// saying so, rather than compare nothing.
fn node_hostnames(inputs: &[String]) -> Vec<Option<String>> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let script = "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{\
        console.log(JSON.stringify(JSON.parse(s).map(i=>{\
        try{return new URL(i).hostname}catch(e){return null}})))})";
    let mut child = Command::new("node")
        .args(["-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("node cannot be started ({e}): the hosts are compared with Node's URL (install Node.js 20 or later)")
        });
    let input = serde_json::to_string(inputs).unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "node failed");
    serde_json::from_slice(&out.stdout).expect("node printed JSON")
}

/// Every input of the corpus with a special scheme (as `https:`), read
/// without a base, and the issue's hosts: the core's site is Node's
/// `new URL(item).hostname`, and the core opens none that Node rejects.
#[test]
fn the_site_of_every_special_input_is_nodes_hostname() {
    let corpus = corpus();
    let mut items: Vec<String> = field(&corpus, "input")
        .iter()
        .filter_map(|i| as_https(i))
        .collect();
    items.extend(ISSUE_HOSTS.iter().map(|(item, _)| (*item).to_owned()));
    let hostnames = node_hostnames(&items);
    let (mut same, mut rejected) = (0, 0);
    for (item, hostname) in items.iter().zip(&hostnames) {
        let c = check_item(item, &UrlCrate);
        match hostname {
            Some(hostname) => {
                assert_eq!(c.class, Class::Openable, "{item:?}: {:?}", c.reason);
                assert_eq!(&c.site.unwrap().host, hostname, "{item:?}");
                same += 1;
            }
            None => {
                assert_eq!(c.class, Class::Invalid, "{item:?}: {:?}", c.site);
                assert!(c.reason.is_some(), "{item:?}");
                rejected += 1;
            }
        }
    }
    assert!(
        same > 200 && rejected > 150,
        "{same} read, {rejected} rejected"
    );
}
