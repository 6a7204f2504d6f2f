//! The command-line tool, run as a program: output, exit status, messages.

#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-list"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the uri-list binary runs");
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).unwrap()
}

fn stderr(o: &Output) -> &str {
    std::str::from_utf8(&o.stderr).unwrap()
}

#[test]
fn decode_prints_the_text_uri_list_with_crlf() {
    let o = run(
        &["decode", "uri-list:https://a.com;https://b.com?title=Two"],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "https://a.com\r\nhttps://b.com\r\n#?title=Two\r\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn decode_json_has_the_documented_shape() {
    let o = run(
        &[
            "decode",
            "--json",
            "multi:https://a.com;https://b.com%3Fq=C%2523?group-name=G&x=1#f",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "items": ["https://a.com", "https://b.com?q=C%23"],
            "title": "G",
            "type": null,
            "options": [["group-name", "G"], ["x", "1"]],
            "fragment": "f",
            "warnings": [{"offset": 61, "code": "violationFragment", "args": [], "message": "the \"#\" fragment belongs to the list, not to its last item, and is ignored when opening (write # in an item as %23)"}],
        })
    );
}

#[test]
fn decode_warns_on_stderr_and_strict_fails_with_the_offset() {
    let o = run(&["decode", "uri-list:https://a.com;;https://b.com"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "https://a.com\r\nhttps://b.com\r\n");
    assert_eq!(
        stderr(&o),
        "uri-list: warning: item 2 is empty at byte 23 (skipped)\n"
    );
    let o = run(
        &[
            "decode",
            "--strict",
            "uri-list:https://a.com;;https://b.com",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "uri-list: error: item 2 is empty at byte 23\n");
    assert_eq!(stdout(&o), "");
}

#[test]
fn invalid_input_exits_1() {
    for (link, message) in [
        ("", "empty input"),
        (
            "uri-list:",
            "empty list: no item after the scheme at byte 9",
        ),
        ("https://a.com", "not a uri-list link"),
    ] {
        let o = run(&["decode", link], None);
        assert_eq!(o.status.code(), Some(1), "{link}");
        assert!(
            stderr(&o).starts_with("uri-list: error: "),
            "{}",
            stderr(&o)
        );
        assert!(stderr(&o).contains(message), "{}", stderr(&o));
    }
}

#[test]
fn wrong_usage_exits_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["decode"],
        &["decode", "--bogus", "uri-list:a"],
        &["decode", "uri-list:a", "uri-list:b"],
        &["encode", "--title"],
        &["encode", "--option", "novalue", "https://a.com"],
    ] {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("usage:"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn encode_from_arguments_and_from_stdin() {
    let o = run(
        &[
            "encode",
            "--title",
            "My list",
            "--type",
            "grid-view",
            "--option",
            "color=blue",
            "https://example.com/search?q=C%23",
            "https://example.com/a;b c",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "uri-list:https://example.com/search%3Fq=C%2523;https://example.com/a%3Bb%20c?title=My%20list&type=grid-view&color=blue\n"
    );
    let o = run(
        &["encode"],
        Some("https://a.com\r\n\r\n  https://b.com  \n"),
    );
    assert_eq!(stdout(&o), "uri-list:https://a.com;https://b.com\n");
    let o = run(&["encode"], Some("\n"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "uri-list: error: no URL to encode\n");
    let o = run(&["encode", "https://a.com", ""], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("URL 2 is empty"));
}

#[test]
fn from_text_reads_a_file_or_stdin() {
    let text = "# comment\r\nhttps://a.com\r\n#\r\nhttps://b.com\r\n#?title=Inner\r\n#\r\n#?title=Outer\r\n";
    let o = run(&["from-text"], Some(text));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "uri-list:https://a.com;uri-list:https://b.com%3Ftitle=Inner?title=Outer\n"
    );
    let dir = std::env::temp_dir().join(format!("uri-list-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("list.txt");
    std::fs::write(&file, text).unwrap();
    let o = run(&["from-text", file.to_str().unwrap()], None);
    assert_eq!(
        stdout(&o),
        "uri-list:https://a.com;uri-list:https://b.com%3Ftitle=Inner?title=Outer\n"
    );
    std::fs::write(&file, b"\xff\xfe").unwrap();
    let o = run(&["from-text", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is not UTF-8 text (bad byte at offset 0)"));
    std::fs::remove_dir_all(&dir).unwrap();
    let o = run(&["from-text"], Some("# only a comment\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no URI in the text"));
}

#[test]
fn check_lists_classes_sites_and_warnings() {
    let o = run(
        &["check", "uri-list:https://xn--bcher-kva.de/x;javascript:alert(1);example.com;https://a.com/?q=1"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "  1  openable  bücher.de (xn--bcher-kva.de)  https://xn--bcher-kva.de/x
  2  blocked   -                             javascript:alert(1)
     javascript: links are never opened from a list: it runs code in the page you are on
  3  invalid   -                             example.com
     not a URL: it has no scheme such as https: (did you mean https://example.com?)
  4  openable  a.com                         https://a.com/
"
    );
    let o = run(&["check", "--json", "uri-list:https://a.com"], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    assert_eq!(v["items"][0]["class"], "openable");
    assert_eq!(v["items"][0]["site"], "a.com");
}
