//! Property tests of the command-line tool, run as a program: `check`
//! never panics, whatever the link, and its human output agrees with its
//! `--json`.

use proptest::prelude::*;

/// A piece of an item for `check`: hosts that look alike, borrow each
/// other's names, carry user info or are very wide, non-ASCII characters,
/// escapes and nested lists.
fn check_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "https?://[a-z0-9.@:-]{1,12}/?",
        Just("https://paypal.com/".to_owned()),
        Just("https://paypa1.com/".to_owned()),
        Just("https://mybank.com/".to_owned()),
        Just("https://mybank.evil.com/login".to_owned()),
        Just("https://user@bank.example/".to_owned()),
        Just("http://p%D0%B0ypal.com/".to_owned()),
        Just("https://xn--pypal-4ve.com/".to_owned()),
        Just("javascript:alert(1)".to_owned()),
        Just("uri-list:https://a.example%3Bhttps://b.example".to_owned()),
        Just("uri-list:%3B".to_owned()),
        (1usize..3).prop_map(|n| format!("https://{}.example/", "w".repeat(n * 40_000))),
        "[a-zé😀%;?# \t.:/\\[\\]]{0,8}",
    ]
}

proptest! {
    // Each case runs the program twice: fewer cases than the core's properties.
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// `check` never panics, whatever the link (read from stdin, so that
    /// links longer than a command line take are tried too), and its human
    /// output has every alert and note of its `--json`, on the line of its
    /// item.
    #[test]
    fn check_never_panics_and_shows_every_note(
        scheme in "(uri-list|multi):",
        pieces in proptest::collection::vec(check_piece(), 1..8),
        title in "(\\?title=[a-z%20é]{0,10})?",
    ) {
        let link = format!("{scheme}{}{title}", pieces.join(";"));
        let run = |args: &[&str]| {
            use std::io::Write;
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_uri-list"))
                .args(args)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("the uri-list binary runs");
            child.stdin.take().unwrap().write_all(link.as_bytes()).unwrap();
            child.wait_with_output().unwrap()
        };
        let human = run(&["check", "-"]);
        let stderr = String::from_utf8_lossy(&human.stderr);
        prop_assert!(matches!(human.status.code(), Some(0 | 1 | 3)), "{:?}: {}", human.status, stderr);
        prop_assert!(!stderr.contains("panicked"), "{}", stderr);
        if human.status.code() != Some(1) {
            let text = String::from_utf8(human.stdout).unwrap();
            let json = run(&["check", "--json", "-"]);
            prop_assert_eq!(json.status.code(), human.status.code());
            let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
            for (n, item) in v["items"].as_array().unwrap().iter().enumerate() {
                for note in item["notes"].as_array().unwrap() {
                    let kind = if note["alert"] == true { "alert" } else { "note" };
                    let start = format!("     {kind} (item {}): ", n + 1);
                    let message = note["message"].as_str().unwrap();
                    // A sentence: the first letter may be capital, a period ends it.
                    let mut capital = message.to_owned();
                    if let Some(first) = capital.get_mut(..1) {
                        first.make_ascii_uppercase();
                    }
                    prop_assert!(
                        [message, capital.as_str()].iter().any(|m| text.contains(&format!("{start}{m}.\n"))),
                        "{}{} missing", start, message
                    );
                }
            }
            // 3 exactly when an item is blocked, invalid or has an alert,
            // at any depth: the link's own items are in the JSON.
            let items = v["items"].as_array().unwrap();
            let look_first = items.iter().any(|item| {
                item["class"] == "blocked"
                    || item["class"] == "invalid"
                    || item["notes"].as_array().unwrap().iter().any(|n| n["alert"] == true)
            });
            if look_first {
                prop_assert_eq!(human.status.code(), Some(3));
            } else if human.status.code() == Some(3) {
                prop_assert!(items.iter().any(|item| item["class"] == "list"), "3 with nothing to show for it: {}", text);
            }
            prop_assert_eq!(
                text.lines().filter(|l| l.starts_with("warning: ")).count(),
                v["warnings"].as_array().unwrap().len()
            );
        }
    }
}
