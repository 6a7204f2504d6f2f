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
  3  openable  example.com                   https://example.com
  4  openable  a.com                         https://a.com/
warning: example.com has no https:// in front: it is read as https://example.com, as an address bar reads it at byte 56
"
    );
    // Strict mode keeps an item without a scheme as written: not a URL.
    let o = run(
        &["decode", "--strict", "uri-list:example.com;https://a.com/"],
        None,
    );
    assert_eq!(stdout(&o), "example.com\r\nhttps://a.com/\r\n");
    let o = run(&["check", "--json", "uri-list:https://a.com"], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    assert_eq!(v["items"][0]["class"], "openable");
    assert_eq!(v["items"][0]["site"], "a.com");
}

/// Every alert and note of `check --json` (each item's, and the lookalike
/// pairs of the whole list), as a line of the human output naming its item.
fn assert_human_has_every_note(link: &str) -> String {
    let human = run(&["check", link], None);
    assert_eq!(human.status.code(), Some(0), "{}", stderr(&human));
    let json = run(&["check", "--json", link], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&json)).unwrap();
    let text = stdout(&human).to_owned();
    let mut count = 0;
    for (n, item) in v["items"].as_array().unwrap().iter().enumerate() {
        for note in item["notes"].as_array().unwrap() {
            let kind = if note["alert"] == true {
                "alert"
            } else {
                "note"
            };
            let line = format!(
                "     {kind} (item {}): {}\n",
                n + 1,
                note["message"].as_str().unwrap()
            );
            assert!(text.contains(&line), "{line:?} is missing from:\n{text}");
            count += 1;
        }
    }
    assert!(count > 0, "{link}: no notes at all");
    text
}

#[test]
fn check_shows_every_alert_and_note_that_json_has() {
    // The explainer's own phishing example: a site that borrows the name of
    // another site of the list as a subdomain.
    let text =
        assert_human_has_every_note("multi:https://mybank.com/;https://mybank.evil.com/login");
    assert_eq!(
        text,
        "  1  openable  mybank.com       https://mybank.com/
  2  openable  mybank.evil.com  https://mybank.evil.com/login
     alert (item 2): mybank.evil.com belongs to evil.com, not to mybank.com, another site in this list
1 alert: look at the list before opening it
"
    );
    // A lookalike pair, user info, a mixed-script host, plain http.
    let text = assert_human_has_every_note(
        "uri-list:https://paypal.com;https://paypa1.com;https://bank.com@evil.example/;http://p%D0%B0ypal.com/;http://localhost/",
    );
    assert!(
        text.ends_with("4 alerts: look at the list before opening it\n"),
        "{text}"
    );
}

#[test]
fn check_never_panics_on_a_site_wider_than_a_format_width() {
    // `{:<width$}` panics on a width over 65 535: the site column is padded
    // by hand, and only up to 40 characters.
    let host = "a".repeat(70_000);
    let link = format!("uri-list:https://{host}.example/;https://b.example/");
    let o = run(&["check", &link], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(&format!("  1  openable  {host}.example  https://")));
    let b_row = format!(
        "  2  openable  b.example{}  https://b.example/\n",
        " ".repeat(31)
    );
    assert!(out.contains(&b_row), "{}", &out[out.len() - 200..]);
}

#[test]
fn a_link_of_dash_is_read_from_stdin() {
    let o = run(
        &["decode", "-"],
        Some("uri-list:https://a.com;https://b.com\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "https://a.com\r\nhttps://b.com\r\n");
    assert_eq!(stderr(&o), "", "the line end after the link is no warning");
    let o = run(
        &["check", "--json", "-"],
        Some("uri-list:https://a.com\r\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"site\":\"a.com\""));
    // A 2 MiB link, longer than a command line takes.
    let mut link = String::from("uri-list:");
    while link.len() < uri_list::MAX_LENGTH - 32 {
        link.push_str("https://a.example/x;");
    }
    link.pop();
    let o = run(&["check", "-"], Some(&link));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), (link.len() - 8) / 20);
    // Too long, and not UTF-8: a clear message, exit 1.
    link.push_str(&";https://a.example/".repeat(4));
    let o = run(&["decode", "-"], Some(&link));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "uri-list: error: the link on stdin is too long: more than 2097152 bytes, the limit (the longest URL Chrome accepts)\n"
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_uri-list"))
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"uri-list:https://a.com/\xff")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "uri-list: error: the link on stdin is not UTF-8 text (bad byte at offset 23)\n"
    );
}

// Web links (src/syntax/web_link.rs, and tests/web_link.rs) through the tool.
const BASE: &str = "https://lists.example/open/";

/// `run`'s exit status, standard output and standard error.
fn outcome(args: &[&str], stdin: &str) -> (i32, String, String) {
    let o = run(args, Some(stdin));
    (
        o.status.code().unwrap(),
        stdout(&o).to_owned(),
        stderr(&o).to_owned(),
    )
}

#[test]
fn the_cli_writes_and_reads_web_links() {
    let (code, out, err) = outcome(
        &[
            "encode",
            "--web",
            BASE,
            "--title",
            "Zwei ä",
            "https://a.example/search?q=C%23",
            "https://b.example/a;b",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "https://lists.example/open/#uri-list:https://a.example/search%3Fq=C%2523;https://b.example/a%3Bb?title=Zwei%20%C3%A4\n"
    );
    let web = out.trim_end();
    let (code, text, _) = outcome(&["decode", web], "");
    assert_eq!(code, 0);
    assert_eq!(
        text,
        "https://a.example/search?q=C%23\r\nhttps://b.example/a;b\r\n#?title=Zwei ä\r\n"
    );
    let (code, checked, _) = outcome(&["check", web], "");
    assert_eq!(code, 0);
    assert!(checked.starts_with("title: Zwei ä\n"), "{checked}");
    assert!(checked.contains("https://b.example/a;b"), "{checked}");
    let (code, json, _) = outcome(&["decode", "--json", "-"], &format!("{web}\n"));
    assert_eq!(code, 0);
    assert!(json.contains("\"title\":\"Zwei ä\""), "{json}");
    // from-text, and the same text read back through its web link.
    let (code, out, _) = outcome(&["from-text", "--web", BASE], &text);
    assert_eq!((code, out.trim_end()), (0, web));
    // The fragment as a browser gives it reads the same.
    let (code, typed, _) = outcome(
        &[
            "decode",
            "https://h.example/#multi:https://a.example/%C3%A4%20b?title=Zwei%20%C3%A4",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(typed, "https://a.example/%C3%A4%20b\r\n#?title=Zwei ä\r\n");
}

#[test]
fn the_cli_says_what_is_wrong() {
    let (code, _, err) = outcome(&["decode", "https://h.example/page#top"], "");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "not a uri-list link but a web address: a web link carries a uri-list link after \"#\""
        ),
        "{err}"
    );
    let (code, _, err) = outcome(
        &["encode", "--web", "ftp://h.example/", "https://a.example"],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("\"ftp://h.example/\" cannot start web links"),
        "{err}"
    );
    let (code, _, err) = outcome(&["encode", "--web"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--web needs a value"), "{err}");
}

#[test]
fn format_writes_the_pages_as_markdown_html_plain_or_a_template() {
    let link =
        "uri-list:https://a.com/(x);uri-list:https://b.com%3Bhttps://c.com%3Ftitle=R%26D%20%5B1%5D";
    let o = run(&["format", "--markdown", link], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "- [https://a.com/\\(x\\)](https://a.com/\\(x\\))\n- R&D \\[1\\]\n  - [https://b.com](https://b.com)\n  - [https://c.com](https://c.com)\n"
    );
    let o = run(
        &[
            "format",
            "--html",
            "uri-list:https://a.com?title=A%20%3Cb%3E",
        ],
        None,
    );
    assert_eq!(
        stdout(&o),
        "<ul>\n<li>A &lt;b&gt;\n<ul>\n<li><a href=\"https://a.com\">https://a.com</a></li>\n</ul></li>\n</ul>\n"
    );
    let o = run(
        &[
            "format",
            "--template",
            "{index} {host} {url}",
            "--separator",
            ", ",
            "uri-list:https://xn--bcher-kva.de;https://b.com",
        ],
        None,
    );
    assert_eq!(
        stdout(&o),
        "1 bücher.de https://xn--bcher-kva.de, 2 b.com https://b.com\n"
    );
    let o = run(
        &["format", "--template", "{title}", "uri-list:https://a.com"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the template has no {url}"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &["format", "--markdown", "--html", "uri-list:https://a.com"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}
