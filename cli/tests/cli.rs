//! The command-line tool, run as a program: output, exit status, messages.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    run_bytes(args, stdin.unwrap_or("").as_bytes())
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
            "warnings": [{"offset": 58, "code": "warningDone", "args": [
                {"code": "violationUnknownOption", "args": ["x"], "message": "the link's options hold \"x\", which is no option uri-list reads"},
                {"code": "actionIgnored", "args": [], "message": "ignored"},
            ], "message": "the link's options hold \"x\", which is no option uri-list reads (ignored)"},
            {"offset": 61, "code": "warningDone", "args": [
                {"code": "violationFragment", "args": [], "message": "the part after \"#\" is a fragment of the whole list, not part of its last item"},
                {"code": "actionFragment", "args": ["%23"], "message": "ignored when opening: to make it part of the item, write that \"#\" as %23"},
            ], "message": "the part after \"#\" is a fragment of the whole list, not part of its last item (ignored when opening: to make it part of the item, write that \"#\" as %23)"}],
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
        "uri-list: warning: Item 2 is empty at byte 23 (skipped).\n"
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
    assert_eq!(stderr(&o), "uri-list: error: Item 2 is empty at byte 23.\n");
    assert_eq!(stdout(&o), "");
}

#[test]
fn invalid_input_exits_1() {
    for (link, message) in [
        ("", "Empty input"),
        (
            "uri-list:",
            "Empty list: no item after the scheme at byte 9.",
        ),
        ("https://a.com", "Not a uri-list link"),
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
        &["encode", "--option", "=value", "https://a.com"],
        &["format", "uri-list:a"],
        &["format", "--plain", "--separator", ", ", "uri-list:a"],
        &["check", "--json", "--bogus", "uri-list:a"],
    ] {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("Usage: uri-list") || stderr(&o).contains("try '--help'"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    // What is wrong, said.
    let o = run(&["decode", "uri-list:a", "uri-list:b"], None);
    assert!(
        stderr(&o).contains("more than one LINK given: quote the link"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("Usage: uri-list decode"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &["format", "--plain", "--separator", ", ", "uri-list:a"],
        None,
    );
    assert!(
        stderr(&o).contains("--separator goes with --template"),
        "{}",
        stderr(&o)
    );
    let o = run(&["encode", "--option", "=value", "https://a.com"], None);
    assert!(
        stderr(&o).contains("the key before \"=\" is empty"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn page_titles_from_stdin_through_decode() {
    let o = run(
        &["encode", "--title", "Trip"],
        Some("https://a.com/hotel\tHotel, old town.\nhttps://b.com\nhttps://c.com\tCafé (best)\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let link = stdout(&o);
    assert_eq!(
        link,
        "uri-list:https://a.com/hotel;https://b.com;https://c.com?title=Trip&page-titles=Hotel%2C%20old%20town%2E~~Caf%C3%A9%20%28best%29\n"
    );
    let o = run(&["decode", link.trim_end()], None);
    assert_eq!(
        stdout(&o),
        "https://a.com/hotel\r\nhttps://b.com\r\nhttps://c.com\r\n#?title=Trip\r\n#?page-titles=Hotel, old town.~~Café (best)\r\n"
    );
    let o = run(&["decode", "--json", link.trim_end()], None);
    assert!(
        stdout(&o).contains(r#""pageTitles":["Hotel, old town.",null,"Café (best)"]"#),
        "{}",
        stdout(&o)
    );
    let o = run(
        &["encode", "--option", "page-titles=a,b", "https://a.com"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("would be read as the pages' titles"),
        "{}",
        stderr(&o)
    );
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
    assert_eq!(
        stderr(&o),
        "uri-list: error: No URL to encode: give them as arguments, or one a line on standard input.\n"
    );
    let o = run(&["encode", "https://a.com", ""], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "uri-list: error: URL 2 is empty: a uri-list cannot carry an empty item.\n"
    );
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
    assert_eq!(
        stderr(&o),
        "uri-list: error: No URI in the text: every line is blank or a comment.\n"
    );
}

#[test]
fn check_lists_classes_sites_and_warnings() {
    let o = run(
        &["check", "uri-list:https://xn--bcher-kva.de/x;javascript:alert(1);example.com;https://a.com/?q=1"],
        None,
    );
    assert_eq!(o.status.code(), Some(3), "a blocked item");
    assert_eq!(
        stdout(&o),
        "  1  openable  bücher.de (xn--bcher-kva.de)  https://xn--bcher-kva.de/x
  2  blocked   -                             javascript:alert(1)
     javascript: links are never opened from a list: it runs code in the page you are on.
  3  openable  example.com                   https://example.com
  4  openable  a.com                         https://a.com/
warning: example.com has no https:// in front: it is read as https://example.com, as an address bar reads it at byte 56.
warning: The link's options hold \"q\", which is no option uri-list reads at byte 83 (ignored: if \"?q=1\" belongs to item 4, write that \"?\" as %3F).
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

/// A message of the core as the human output says it: a sentence, the
/// first letter capital unless the message starts with a piece of the input
/// (checked exactly where it matters, in the tests that compare whole
/// outputs).
fn as_sentence(line_start: &str, message: &str, text: &str) -> bool {
    let mut capital = message.to_owned();
    if let Some(first) = capital.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    [message, &capital]
        .iter()
        .any(|m| text.contains(&format!("{line_start}{m}.\n")))
}

/// Every alert and note of `check --json` (each item's, and the lookalike
/// pairs of the whole list), as a line of the human output naming its item.
fn assert_human_has_every_note(link: &str) -> String {
    let human = run(&["check", link], None);
    assert_eq!(human.status.code(), Some(3), "{}", stderr(&human));
    let json = run(&["check", "--json", link], None);
    assert_eq!(json.status.code(), Some(3), "{}", stderr(&json));
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
            let start = format!("     {kind} (item {}): ", n + 1);
            let message = note["message"].as_str().unwrap();
            assert!(
                as_sentence(&start, message, &text),
                "{start}{message} is missing from:\n{text}"
            );
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
     alert (item 2): mybank.evil.com belongs to evil.com, not to mybank.com, another site in this list.
1 alert: look at the list before opening it.
"
    );
    // A lookalike pair, user info, a mixed-script host, plain http.
    let text = assert_human_has_every_note(
        "uri-list:https://paypal.com;https://paypa1.com;https://bank.com@evil.example/;http://p%D0%B0ypal.com/;http://localhost/",
    );
    assert!(
        text.ends_with("4 alerts: look at the list before opening it.\n"),
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
        "uri-list: error: The link on standard input is too long: more than 2097152 bytes, the limit (the longest URL Chrome accepts).\n"
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
        "uri-list: error: The link on standard input is not UTF-8 text (bad byte at offset 23).\n"
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
            "uri-list: error: Not a uri-list link but a web address: a web link carries a uri-list link after \"#\""
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
    // A base with user info writes a link that reads as one site and goes to another.
    let (code, out, err) = outcome(
        &[
            "encode",
            "--web",
            "https://paypal.com@evil.example/",
            "https://a.example/",
            "https://b.example/",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert_eq!(
        err,
        "uri-list: error: \"https://paypal.com@evil.example/\" cannot start web links: \
         \"paypal.com@\" before its site is a user name or password, which a reader could take \
         for the site, but its links open evil.example: leave out \"paypal.com@\".\n"
    );
    // An "@" escaped in the site (%40) is still no user name: the URL Standard decodes the host
    // and refuses it, the base reads as paypal.com and its links open nothing. Refused, saying
    // what the escape stands for; from-text the same.
    for command in ["encode", "from-text"] {
        let (code, out, err) = outcome(
            &[command, "--web", "https://paypal.com%40evil.example/"],
            "https://a.example/\n",
        );
        assert_eq!((code, out.as_str()), (1, ""), "{err}");
        assert_eq!(
            err,
            "uri-list: error: \"https://paypal.com%40evil.example/\" cannot start web links: \
             \"%40\" in its site \"paypal.com%40evil.example\" stands for \"@\", which no \
             site's name can hold: a browser opens none of its links.\n"
        );
    }
    let (code, _, err) = outcome(&["encode", "--web"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("a value is required for '--web <BASE>'"),
        "{err}"
    );
}

#[test]
fn format_shows_the_titles_a_link_gives_its_pages() {
    // Titles of the list's pages and of a nested list's, Markdown-escaped; a page without one
    // shows its address; bidirectional controls are taken out.
    let link = "uri-list:https://a.com/;https://b.com/;uri-list:https://c.com/%3Fpage-titles=Inner%20%5Bc%5D&title=Sub?page-titles=Caf%C3%A9%E2%80%AE%20*1*~~Unused";
    let o = run(&["format", "--markdown", link], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "- [Café \\*1\\*](https://a.com/)\n- [https://b.com/](https://b.com/)\n- Sub\n  - [Inner \\[c\\]](https://c.com/)\n"
    );
    let o = run(
        &[
            "format",
            "--html",
            "uri-list:https://a.com/?title=T&page-titles=A%20%3Cb%3E",
        ],
        None,
    );
    assert_eq!(
        stdout(&o),
        "<ul>\n<li>T\n<ul>\n<li><a href=\"https://a.com/\">A &lt;b&gt;</a></li>\n</ul></li>\n</ul>\n"
    );
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
        stderr(&o).contains(
            "uri-list: error: The template has no {url}: the copied text would carry no address.\n"
        ),
        "{}",
        stderr(&o)
    );
    let o = run(
        &["format", "--markdown", "--html", "uri-list:https://a.com"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn check_exits_3_when_the_list_holds_an_alert_or_an_item_that_will_not_open() {
    for (link, code, why) in [
        (
            "uri-list:https://a.example/;https://b.example/x",
            0,
            "clean",
        ),
        // Notes that are not alerts leave it clean: a page without encryption.
        ("uri-list:http://a.example/", 0, "a mild note"),
        ("uri-list:https://a.example;example.com", 0, "a scheme read"),
        (
            "multi:https://mybank.com/;https://mybank.evil.com/login",
            3,
            "a borrowed name",
        ),
        (
            "uri-list:https://paypal.com;https://paypa1.com",
            3,
            "lookalikes",
        ),
        ("uri-list:https://bank.com@evil.example/", 3, "user@host"),
        (
            "uri-list:https://a.example;javascript:alert(1)",
            3,
            "blocked",
        ),
        (
            "uri-list:https://a.example;file:///etc/passwd",
            3,
            "blocked",
        ),
        (
            "uri-list:https://a.example;https://a.com:99999/",
            3,
            "invalid",
        ),
        ("uri-list:https://a.example;not%20a%20url", 3, "invalid"),
        (
            "uri-list:https://a.example;uri-list:",
            3,
            "unreadable nested",
        ),
        // Nested lists count: the extension opens them too.
        (
            "uri-list:https://a.example;uri-list:https://b.example%3Bjavascript:alert(1)",
            3,
            "blocked in a nested list",
        ),
        (
            "uri-list:https://a.example;uri-list:https://paypal.com%3Bhttps://paypa1.com",
            3,
            "alert in a nested list",
        ),
    ] {
        let human = run(&["check", link], None);
        assert_eq!(human.status.code(), Some(code), "{why}: {}", stdout(&human));
        assert_eq!(stderr(&human), "", "{why}");
        let json = run(&["check", "--json", link], None);
        assert_eq!(json.status.code(), Some(code), "--json, {why}");
        let _: serde_json::Value = serde_json::from_str(stdout(&json)).unwrap();
        let from_stdin = run(&["check", "--json", "-"], Some(link));
        assert_eq!(from_stdin.status.code(), Some(code), "-, {why}");
    }
    // Unreadable input is still 1, wrong usage 2.
    assert_eq!(
        run(&["check", "https://a.com"], None).status.code(),
        Some(1)
    );
    assert_eq!(
        run(&["check", "--json", "uri-list:"], None).status.code(),
        Some(1)
    );
    assert_eq!(run(&["check"], None).status.code(), Some(2));
}

#[test]
fn check_shows_the_items_of_nested_lists_and_why_they_are_not_opened() {
    let o = run(
        &[
            "check",
            "uri-list:https://a.com;uri-list:javascript:alert(1)%3Bhttps://paypal.com%3Bhttps://paypa1.com;uri-list:",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stdout(&o),
        "  1  openable  a.com       https://a.com
  2  list      -           uri-list:javascript:alert(1);https://paypal.com;https://paypa1.com
     A nested list of 3 items.
2.1  blocked   -           javascript:alert(1)
     javascript: links are never opened from a list: it runs code in the page you are on.
2.2  openable  paypal.com  https://paypal.com
2.3  openable  paypa1.com  https://paypa1.com
     alert (item 2.3): paypa1.com looks like paypal.com, another site in this list.
  3  invalid   -           uri-list:
     A nested list that cannot be read (see the warnings).
warning: Item 3 looks like a nested list but cannot be read (empty list: no item after the scheme at byte 9 of the nested link) at byte 94 (kept as a plain item).
1 alert: look at the list before opening it.
"
    );
}

/// `encode`, then `decode` of what it wrote.
fn round_trip(urls: &[&str]) -> (String, String, String) {
    let mut args = vec!["encode"];
    args.extend_from_slice(urls);
    let (code, link, err) = outcome(&args, "");
    assert_eq!(code, 0, "{err}");
    let (code, text, decode_err) = outcome(&["decode", link.trim_end()], "");
    assert_eq!(code, 0, "{decode_err}");
    (link, text, err)
}

#[test]
fn encode_writes_an_address_without_a_scheme_as_decode_reads_it() {
    let (link, text, err) = round_trip(&["example.com/page"]);
    assert_eq!(link, "uri-list:https://example.com/page\n");
    assert_eq!(text, "https://example.com/page\r\n");
    assert_eq!(
        err,
        "uri-list: note: Item 1: example.com/page has no https:// in front: it is read as https://example.com/page, as an address bar reads it.\n"
    );
    // From standard input, numbered among the items; a port, a query; a
    // host with non-ASCII letters.
    let (code, link, err) = outcome(
        &["encode"],
        "https://a.example\nlogin.example.com:8443/x?q=1\nbücher.de\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        link,
        "uri-list:https://a.example;https://login.example.com:8443/x%3Fq=1;https://b%C3%BCcher.de\n"
    );
    assert!(err.contains("uri-list: note: Item 2: login.example.com:8443/x?q=1 has no https:// in front: it is read as https://login.example.com:8443/x?q=1"), "{err}");
    assert!(
        err.contains("uri-list: note: Item 3: bücher.de has no https://"),
        "{err}"
    );
    let (_, text, _) = outcome(&["decode", link.trim_end()], "");
    assert_eq!(
        text,
        "https://a.example\r\nhttps://login.example.com:8443/x?q=1\r\nhttps://b%C3%BCcher.de\r\n"
    );
    // What is not read as an address stays as written, with no note.
    let (link, text, err) = round_trip(&["https://a.example/", "localhost/x"]);
    assert_eq!(link, "uri-list:https://a.example/;localhost/x\n");
    assert_eq!(text, "https://a.example/\r\nlocalhost/x\r\n");
    assert!(!err.contains("note:"), "{err}");
}

#[test]
fn encode_says_which_items_will_not_open_and_why() {
    let (link, text, err) = round_trip(&["https://a.example/", "javascript:alert(1)", "not a url"]);
    assert_eq!(
        link,
        "uri-list:https://a.example/;javascript:alert(1);not%20a%20url\n"
    );
    assert_eq!(
        text,
        "https://a.example/\r\njavascript:alert(1)\r\nnot%20a%20url\r\n"
    );
    assert_eq!(
        err,
        "uri-list: warning: Item 2 (javascript:alert(1)) will not open: javascript: links are never opened from a list: it runs code in the page you are on.
uri-list: warning: Item 3 (not a url) will not open: Not a web address: it does not start with https:// or another scheme.
"
    );
    // The reason is the core's own: an invalid host says what is wrong.
    let (_, _, err) = round_trip(&["https://a.com:99999/"]);
    assert_eq!(
        err,
        "uri-list: warning: Item 1 (https://a.com:99999/) will not open: The port 99999 is out of range.\n"
    );
    // A link given as an item is a nested list once decoded: its items are
    // checked too, and an unreadable one said.
    let (_, _, err) = round_trip(&["uri-list:https://a.example;mailto:a@b.example", "uri-list:"]);
    assert_eq!(
        err,
        "uri-list: warning: Item 1.2 (mailto:a@b.example) will not open: mailto: links are not opened as tabs (only http and https pages are).
uri-list: warning: Item 2 (uri-list:) will not open: Empty list: no item after the scheme at byte 9.
"
    );
    // Pages that open are said nothing of.
    let (_, _, err) = round_trip(&["https://a.example/", "http://b.example/"]);
    assert_eq!(err, "");
}

#[test]
fn from_text_writes_items_as_decode_reads_them_and_says_what_will_not_open() {
    let (code, link, err) = outcome(
        &["from-text"],
        "example.com/page\r\n#\r\nb.example/x\r\njavascript:alert(1)\r\n#\r\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        link,
        "uri-list:https://example.com/page;uri-list:https://b.example/x%3Bjavascript:alert(1)\n"
    );
    assert_eq!(
        err,
        "uri-list: note: Item 1: example.com/page has no https:// in front: it is read as https://example.com/page, as an address bar reads it.
uri-list: note: Item 2.1: b.example/x has no https:// in front: it is read as https://b.example/x, as an address bar reads it.
uri-list: warning: Item 2.2 (javascript:alert(1)) will not open: javascript: links are never opened from a list: it runs code in the page you are on.
"
    );
    let (code, text, _) = outcome(&["decode", link.trim_end()], "");
    assert_eq!(code, 0);
    assert_eq!(
        text,
        "https://example.com/page\r\n#\r\nhttps://b.example/x\r\njavascript:alert(1)\r\n#\r\n"
    );
}

#[test]
fn every_command_has_its_help_and_the_tool_its_version() {
    for (command, options) in [
        ("decode", &["--strict", "--json", "LINK"][..]),
        (
            "encode",
            &["--title", "--type", "--option", "KEY=VALUE", "--web", "URL"],
        ),
        ("from-text", &["--web", "FILE"]),
        ("check", &["--json", "LINK", "Exit status", "3 "]),
        (
            "format",
            &[
                "--markdown",
                "--html",
                "--plain",
                "--template",
                "--separator",
                "LINK",
            ],
        ),
    ] {
        for help in ["--help", "-h"] {
            let o = run(&[command, help], None);
            assert_eq!(o.status.code(), Some(0), "{command} {help}");
            let text = stdout(&o);
            assert!(
                text.contains(&format!("Usage: uri-list {command}")),
                "{command} {help}: {text}"
            );
            for option in options {
                assert!(
                    text.contains(option),
                    "{command} {help}: no {option}: {text}"
                );
            }
        }
        let o = run(&["help", command], None);
        assert_eq!(o.status.code(), Some(0), "help {command}");
        assert!(stdout(&o).contains(&format!("Usage: uri-list {command}")));
    }
    for help in ["--help", "-h", "help"] {
        let o = run(&[help], None);
        assert_eq!(o.status.code(), Some(0), "{help}");
        for word in [
            "decode",
            "encode",
            "from-text",
            "check",
            "format",
            "Exit status",
        ] {
            assert!(stdout(&o).contains(word), "{help}: no {word}");
        }
    }
    for version in ["--version", "-V"] {
        let o = run(&[version], None);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(
            stdout(&o),
            format!("uri-list {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn a_title_with_control_characters_reaches_the_terminal_without_them() {
    // A received link's title and page titles are the sender's words: an escape sequence or a
    // bell in them must not reach the terminal, nor a line break forge a line of the report.
    let link = "uri-list:https://a.com;https://b.com\
                ?title=T%1B%5B2J%0A%20%203%20%20openable%20%20paypal.com%07\
                &page-titles=A%1B%5B31m~B%07%C2%9B";
    let controls = |c: char| c.is_control() && c != '\n' && c != '\r';
    let o = run(&["check", link], None);
    let out = stdout(&o);
    assert!(!out.contains(controls), "{out:?}");
    assert!(
        out.starts_with("title: T%1B[2J%0A  3  openable  paypal.com%07\n"),
        "{out:?}"
    );
    for format in [
        &["format", "--plain", link][..],
        &["format", "--markdown", link],
        &["format", "--html", link],
        &["format", "--template", "{group}: {title} {url}", link],
    ] {
        let o = run(format, None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(!out.contains(controls), "{format:?}: {out:?}");
        assert!(
            out.contains("31m") && out.contains("B"),
            "{format:?}: {out:?}"
        );
    }
}

#[test]
fn decode_writes_a_bidi_control_in_a_title_escaped_and_reads_it_back() {
    // "Invoice\u{202E}fdp.exe" shows as "Invoiceexe.pdf": in the text form a title's
    // bidirectional controls are percent-encoded (the text form stays exact).
    let link = "uri-list:https://a.com;https://b.com\
                ?title=x%E2%80%AEgnp%2Eexe&page-titles=Invoice%E2%80%AEfdp%2Eexe~b%E2%81%A6";
    let o = run(&["decode", link], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "https://a.com\r\nhttps://b.com\r\n#?title=x%E2%80%AEgnp.exe\r\n\
         #?page-titles=Invoice%E2%80%AEfdp.exe~b%E2%81%A6\r\n"
    );
    let back = run(&["from-text"], Some(stdout(&o)));
    assert_eq!(stdout(&back).trim_end(), link);
}

/// A character a terminal acts on rather than shows: a control character (an escape
/// sequence, a bell; a line end excepted) or a bidirectional control (which reverses
/// what follows it on the line).
fn acts_on_terminal(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\r') || uri_list::is_bidi_control(c)
}

#[test]
fn json_output_writes_bidi_and_c1_controls_as_escapes_with_the_same_value() {
    // serde_json escapes only C0 controls: a right-to-left override or a C1 control (U+009B,
    // a CSI that some terminals obey) in an item or a title reached the terminal raw from
    // check --json and decode --json. Written as \uXXXX, the JSON value is the same.
    let link =
        "uri-list:https://a.com/\u{202E}fdp.exe;https://b.com/\u{9b}2J?title=a%E2%80%AEb%C2%9B";
    for command in ["check", "decode"] {
        let o = run(&[command, "--json", link], None);
        assert!(matches!(o.status.code(), Some(0 | 3)), "{command}");
        let out = stdout(&o);
        assert!(!out.contains(acts_on_terminal), "{command}: {out:?}");
        assert!(
            out.contains("https://a.com/\\u202Efdp.exe"),
            "{command}: {out}"
        );
        // The same value as serde_json's own writing reads back to.
        let value: serde_json::Value = serde_json::from_str(out).unwrap();
        let items = value["items"].as_array().unwrap();
        let first = items[0].get("item").unwrap_or(&items[0]);
        assert_eq!(
            first.as_str(),
            Some("https://a.com/\u{202E}fdp.exe"),
            "{command}"
        );
    }
}

#[test]
fn an_item_with_an_escape_sequence_or_a_bidi_control_reaches_the_terminal_without_it() {
    // A lenient reading keeps an item's raw control characters ("kept as it is"): check (the
    // command to look at a list before opening it) showed "https://a.com/\u{202E}fdp.exe" as
    // ".../exe.pdf", and an escape sequence in an item cleared the screen; decode, format and
    // the warnings wrote them raw too.
    let link = "uri-list:https://a.com/\u{202E}fdp.exe;https://b.com/\u{1b}[2J;\
                javascript:\u{1b}[31m";
    for args in [
        &["check", link][..],
        &["decode", link],
        &["format", "--plain", link],
        &["format", "--markdown", link],
        &["format", "--html", link],
        &["format", "--template", "{title} {url} {host}", link],
    ] {
        let o = run(args, None);
        assert!(matches!(o.status.code(), Some(0 | 3)), "{args:?}");
        for (stream, text) in [("stdout", stdout(&o)), ("stderr", stderr(&o))] {
            assert!(
                !text.contains(acts_on_terminal),
                "{args:?} {stream}: {text:?}"
            );
        }
    }
    let o = run(&["check", link], None);
    assert!(
        stdout(&o).contains("  https://a.com/%E2%80%AEfdp.exe\n"),
        "{}",
        stdout(&o)
    );
    // The text form reads back as the link's items, percent-encoded (the same resources).
    let o = run(&["decode", link], None);
    let back = run(&["from-text"], Some(stdout(&o)));
    assert_eq!(
        stdout(&back),
        "uri-list:https://a.com/%E2%80%AEfdp.exe;https://b.com/%1B[2J;javascript:%1B[31m\n"
    );
    // encode's warning names the item as it will be written.
    let o = run(
        &["encode", "javascript:\u{1b}[2Jx", "https://a.com/\u{202E}x"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(!stderr(&o).contains(acts_on_terminal), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("Item 1 (javascript:%1B[2Jx) will not open"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn characters_that_shape_a_title_are_kept_in_the_report() {
    // An emoji with its variation selector (❤️), a family joined by zero-width joiners, a
    // Persian word with its zero-width non-joiner, and Scotland's flag (🏴 and its tags): they
    // draw as they should only whole, and were percent-encoded ("I ❤%EF%B8%8F Rust") with the
    // characters that draw nothing. Tags that follow no flag spell hidden text: still encoded.
    let title = "I \u{2764}\u{FE0F} Rust \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \
                 \u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645} \
                 \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    let mut encoded = String::new();
    for b in title.bytes() {
        encoded.push_str(&format!("%{b:02X}"));
    }
    let link = format!("uri-list:https://a.example;https://b.example?title={encoded}");
    let o = run(&["check", &link], None);
    assert!(
        stdout(&o).starts_with(&format!("title: {title}\n")),
        "{}",
        stdout(&o)
    );
    let hidden = "uri-list:https://a.example;https://b.example?title=A%F3%A0%81%A8%F3%A0%81%A9B";
    let o = run(&["check", hidden], None);
    assert!(
        stdout(&o).starts_with("title: A%F3%A0%81%A8%F3%A0%81%A9B\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn an_invisible_character_is_shown_in_the_messages_and_the_report() {
    // A zero-width space, a left-to-right mark, a word joiner, a byte order mark: each draws
    // nothing, and was printed raw into the warnings ("non-ASCII character \"\" (U+200B)") and
    // into check's report ("https://b.example/" with a zero-width space no one sees). The
    // warning names it by its code point; the report and any quoted input percent-encode it, as
    // decode writes it.
    let link = "uri-list:https://a.example/\u{200B}x;https://b\u{200B}.example/;\
                https://c.example/\u{200E}y;https://d.example/\u{FEFF}z?title=A\u{2060}B";
    let o = run(&["check", link], None);
    let (out, err) = (stdout(&o), stderr(&o));
    for c in ['\u{200B}', '\u{200E}', '\u{2060}', '\u{FEFF}'] {
        assert!(!out.contains(c) && !err.contains(c), "{c:?}: {out}{err}");
    }
    // check's report: the table, then the link's warnings.
    assert!(
        out.starts_with(
            "title: A%E2%81%A0B\n  1  openable  a.example  https://a.example/%E2%80%8Bx\n  \
             2  openable  b.example  https://b%E2%80%8B.example/\n  \
             3  openable  c.example  https://c.example/%E2%80%8Ey\n  \
             4  openable  d.example  https://d.example/%EF%BB%BFz\n\
             warning: Invisible character U+200B in item 1 must be percent-encoded at byte 27 \
             (kept as it is).\n"
        ),
        "{out}"
    );
    for said in [
        "warning: Invisible character U+200E in item 3",
        "warning: Invisible character U+FEFF in item 4",
        "warning: Invisible character U+2060 in the options",
    ] {
        assert!(out.contains(said), "{said}: {out}");
    }
    // decode says the same on standard error.
    let o = run(&["decode", link], None);
    assert!(
        stderr(&o).contains(
            "uri-list: warning: Invisible character U+200B in item 2 must be percent-encoded"
        ),
        "{}",
        stderr(&o)
    );
    // Quoted input in an error: the web base's user name, the zero-width space in it escaped.
    let (code, _, err) = outcome(
        &[
            "encode",
            "--web",
            "https://paypal.com\u{200B}@evil.example/",
            "https://a.example/",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("\"paypal.com%E2%80%8B@\" before its site is a user name or password"),
        "{err}"
    );
}

#[test]
fn the_escape_advised_in_a_nested_list_is_the_one_its_link_must_hold() {
    // A "#" of an item of a nested list: the advice said %23, which is what the link held
    // already (the nested link is its item, read once more). It is %2523 one level deep and
    // %252523 two; written so, the link decodes without a warning, the "#" in its item.
    for (link, advice, fixed) in [
        (
            "uri-list:https://a.example;uri-list:https://b.example/x%23y%3Bhttps://c.example",
            "uri-list: warning: In the nested list of item 2: unencoded \"#\" in item 1 (write it \
             as %2523) (read as part of the item, since another item follows) at byte 27.\n",
            "uri-list:https://a.example;uri-list:https://b.example/x%2523y%3Bhttps://c.example",
        ),
        (
            "uri-list:https://a.example;uri-list:https://b.example/x%23y",
            "uri-list: warning: In the nested list of item 2: the part after \"#\" is a fragment of \
             the whole list, not part of its last item (ignored when opening: to make it part of \
             the item, write that \"#\" as %2523) at byte 27.\n",
            "uri-list:https://a.example;uri-list:https://b.example/x%2523y",
        ),
        (
            "uri-list:uri-list:uri-list:https://b.example/x%2523y;https://d.example",
            "uri-list: warning: In the nested list of item 1: in the nested list of item 1: the \
             part after \"#\" is a fragment of the whole list, not part of its last item (ignored \
             when opening: to make it part of the item, write that \"#\" as %252523) at byte 9.\n",
            "uri-list:uri-list:uri-list:https://b.example/x%252523y;https://d.example",
        ),
    ] {
        let (code, _, err) = outcome(&["decode", link], "");
        assert_eq!((code, err.as_str()), (0, advice), "{link}");
        let (code, out, err) = outcome(&["decode", fixed], "");
        assert_eq!((code, err.as_str()), (0, ""), "{fixed}");
        assert!(out.contains("https://b.example/x#y\r\n"), "{fixed}: {out}");
    }
}

#[test]
fn white_space_after_a_link_is_said_where_it_is() {
    // It was said "at byte 0", the start of the link, for white space at its end.
    let o = run(&["decode", "uri-list:https://a.com  "], None);
    assert_eq!(
        stderr(&o),
        "uri-list: warning: White space or control characters around the link at byte 22 (removed).\n"
    );
    let o = run(&["decode", " uri-list:https://a.com "], None);
    assert!(stderr(&o).contains("at byte 0 (removed)"), "{}", stderr(&o));
    let o = run(&["decode", "--strict", "uri-list:https://a.com\u{1}"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("at byte 22."), "{}", stderr(&o));
}

#[test]
fn a_byte_order_mark_before_the_text_or_the_link_is_not_part_of_it() {
    // A file saved by Notepad starts with U+FEFF: it became part of the first item
    // ("%EF%BB%BFhttps://a.com", which never opens), and decode - refused the link.
    let bom = "\u{feff}";
    let text = format!("{bom}https://a.com\r\nhttps://b.com\r\n");
    for args in [&["from-text"][..], &["encode"]] {
        let o = run(args, Some(&text));
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert_eq!(
            stdout(&o),
            "uri-list:https://a.com;https://b.com\n",
            "{args:?}"
        );
        assert_eq!(stderr(&o), "", "{args:?}");
    }
    let o = run(
        &["decode", "-"],
        Some(&format!("{bom}uri-list:https://a.com\r\n")),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "https://a.com\r\n");
    assert_eq!(stderr(&o), "");
}

/// `run` with raw bytes on standard input (not UTF-8, a BOM).
fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-list"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the uri-list binary runs");
    // Standard input is written from a thread while wait_with_output reads the command's output:
    // written first, a command that writes more than a pipe holds (64 KiB) before it reads all
    // its input would wait for this test to read, and this test for it to read.
    // A command that reads no standard input, or stops reading it (past 2 MiB), may have exited
    // before the write ends: its end of the pipe is closed then (a broken pipe), which is no
    // failure of the command.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || match input.write_all(&stdin) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    });
    let output = child.wait_with_output().unwrap();
    writer.join().expect("standard input written");
    output
}

#[test]
fn urls_on_stdin_that_are_not_utf8_are_said_with_the_offset() {
    // encode said Rust's "stream did not contain valid UTF-8", where from-text and decode -
    // give the offset of the bad byte.
    let o = run_bytes(&["encode"], b"https://a.com\nhttps://b.com/\xff\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "uri-list: error: The URLs on standard input are not UTF-8 text (bad byte at offset 28).\n"
    );
    assert_eq!(stdout(&o), "");
    let o = run_bytes(&["from-text"], b"https://a.com/\xff\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "uri-list: error: Standard input is not UTF-8 text (bad byte at offset 14).\n"
    );
}

#[test]
fn encode_refuses_a_link_longer_than_decode_reads() {
    // URLs that made a link over the limit, exit 0, which decode (and Chrome) refuse. (More
    // than 2 MiB of URLs is refused as it is read: an_endless_input_is_refused_...)
    // A text under the limit whose link is over it (each ";" in an item is written "%3B").
    let text = "https://a.example/;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;\n".repeat(30_000);
    assert!(text.len() < uri_list::MAX_LENGTH);
    let o = run(&["encode"], Some(&text));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).starts_with("uri-list: error: The link would be too long: 3900008 bytes, the limit is 2097152 bytes"),
        "{}",
        stderr(&o)
    );
    let o = run(&["from-text"], Some(&text));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with("uri-list: error: The link would be too long:"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn output_cut_short_by_a_pipe_is_no_error() {
    // `uri-list check "$link" | head -1`: the reader has what it wanted. The tool said
    // "error: Cannot write the output: Broken pipe" and exited 1, so that check's 3 was lost.
    let mut link = String::from("uri-list:javascript:x");
    for n in 0..50_000 {
        link.push_str(&format!(";https://a.example/{n}"));
    }
    for (args, status) in [(&["check", "-"][..], 3), (&["decode", "-"], 0)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_uri-list"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(link.as_bytes())
            .unwrap();
        // Read one line, then close the pipe, as `head -1` does.
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 64];
        std::io::Read::read(&mut out, &mut first).unwrap();
        drop(out);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(status), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn encode_refuses_an_option_given_twice() {
    // `--title Y --option title=X` wrote "?title=Y&title=X", exit 0, which decode warns about
    // ("the first one is used"): X was lost without a word.
    for args in [
        &[
            "encode",
            "--title",
            "Y",
            "--option",
            "title=X",
            "https://a.com",
        ][..],
        &[
            "encode",
            "--type",
            "tabs",
            "--option",
            "type=grid-view",
            "https://a.com",
        ],
        &[
            "encode",
            "--option",
            "x=1",
            "--option",
            "x=2",
            "https://a.com",
        ],
    ] {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&o), "", "{args:?}");
        assert!(
            stderr(&o).starts_with("error: the option ") && stderr(&o).contains("is given twice"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    // Different keys are fine.
    let o = run(
        &[
            "encode",
            "--title",
            "Y",
            "--option",
            "x=1",
            "--option",
            "X=2",
            "https://a.com",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "uri-list:https://a.com?title=Y&x=1&X=2\n");
}

#[test]
fn check_says_a_list_named_as_another_sites_address_and_exits_3() {
    // The extension shows the preview page for a list whose name reads as the address of a
    // site none of its pages is on; check showed the title, said nothing and exited 0.
    let link = "uri-list:https://evil.example/login;https://evil.example/pay?title=PayPal.com";
    let o = run(&["check", link], None);
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(
            "     alert (list): The list's name \"PayPal.com\" names PayPal.com, but its pages are on evil.example.\n"
        ),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).ends_with("1 alert: look at the list before opening it.\n"));
    let o = run(&["check", "--json", link], None);
    assert_eq!(o.status.code(), Some(3));
    // The JSON carries it, as a note of the list (`notes`, beside the items' own): the status 3
    // alone told a script that something was wrong, not what.
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    assert_eq!(
        v["notes"],
        serde_json::json!([{
            "alert": true,
            "code": "previewTitleNamesSite",
            "args": ["PayPal.com", "PayPal.com", "evil.example"],
            "message": "the list's name \"PayPal.com\" names PayPal.com, but its pages are on evil.example",
        }]),
        "{v}"
    );
    // A nested list's name too, and an untitled one named by its list's page-titles.
    let nested = "uri-list:https://a.example;uri-list:https://evil.example%3Fgroup-name=PayPal.com";
    let o = run(&["check", nested], None);
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("alert (list 2): The list's name \"PayPal.com\""),
        "{}",
        stdout(&o)
    );
    let o = run(&["check", "--json", nested], None);
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    let notes = v["notes"].as_array().expect("notes");
    assert_eq!(notes.len(), 1, "{v}");
    assert_eq!(notes[0]["alert"], true);
    assert_eq!(notes[0]["code"], "violationInNested");
    assert_eq!(notes[0]["args"][0], "2");
    assert_eq!(notes[0]["args"][1]["code"], "previewTitleNamesSite");
    assert_eq!(
        notes[0]["message"],
        "in the nested list of item 2: the list's name \"PayPal.com\" names PayPal.com, but its pages are on evil.example"
    );
    // A name that is its pages' own site is no alert.
    let o = run(
        &[
            "check",
            "uri-list:https://www.paypal.com/a?title=PayPal.com",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = run(
        &[
            "check",
            "--json",
            "uri-list:https://www.paypal.com/a?title=PayPal.com",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    assert_eq!(v["notes"], serde_json::json!([]), "{v}");
}

#[test]
fn format_names_a_nested_list_by_its_lists_page_title() {
    // A nested list without a title of its own is named by the title its list's page-titles
    // gives it (the extension's group, the web page's heading); format wrote its pages as
    // loose links, the name "Flights" dropped.
    let link =
        "uri-list:https://a.com;uri-list:https://b.com%3Bhttps://c.com?page-titles=A~Flights";
    let o = run(&["format", "--plain", link], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "A\nhttps://a.com\n\nFlights\n  https://b.com\n  https://c.com\n"
    );
    let o = run(&["format", "--template", "{group}|{url}", link], None);
    assert_eq!(
        stdout(&o),
        "|https://a.com\nFlights|https://b.com\nFlights|https://c.com\n"
    );
    // Its own title comes first.
    let own = "uri-list:https://a.com;uri-list:https://b.com%3Ftitle=Own?page-titles=A~Flights";
    let o = run(&["format", "--plain", own], None);
    assert_eq!(stdout(&o), "A\nhttps://a.com\n\nOwn\n  https://b.com\n");
}

#[test]
fn encode_removes_white_space_around_a_url_argument_as_around_a_line() {
    // ' https://a.com ' (pasted, or from a command's output) was written "%20https://a.com%20",
    // without a word, an item decode reads as no address at all (check: invalid, exit 3).
    let o = run(&["encode", " https://a.com\t", "https://b.com"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "uri-list:https://a.com;https://b.com\n");
    assert_eq!(stderr(&o), "");
    // Only white space: as empty.
    let o = run(&["encode", "https://a.com", "  "], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "uri-list: error: URL 2 is empty: a uri-list cannot carry an empty item.\n"
    );
}

#[test]
fn encode_checks_each_item_as_decode_will_read_it() {
    // A control character before the scheme: the item was checked as written (an address,
    // once the URL parser strips it) and written "%01https://a.com", which decode reads as no
    // address: no warning, and check then exits 3.
    let o = run(&["encode", "\u{1}https://a.com", "https://b.com"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "uri-list:%01https://a.com;https://b.com\n");
    assert_eq!(
        stderr(&o),
        "uri-list: warning: Item 1 (%01https://a.com) will not open: Not a web address: it does not start with https:// or another scheme.\n"
    );
    let o = run(&["from-text"], Some("\u{1}https://a.com\n"));
    assert!(
        stderr(&o).contains("Item 1 (%01https://a.com) will not open"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_keeps_its_columns_for_deep_and_long_lists() {
    // "2.2.1" (and item 1000) pushed its row's columns right of the others'.
    let link =
        "uri-list:https://a.com;uri-list:https://b.com%3Buri-list:https://c.com%253Bhttps://d.com";
    let o = run(&["check", link], None);
    let class_at: Vec<usize> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with("     "))
        .map(|l| l.find("openable").or_else(|| l.find("list")).unwrap())
        .collect();
    assert_eq!(class_at.len(), 6, "{}", stdout(&o));
    assert!(class_at.iter().all(|&c| c == class_at[0]), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("    1  openable"), "{}", stdout(&o));
}

#[test]
fn encode_refuses_a_line_with_a_title_and_no_url() {
    // "\tOnly title" was trimmed before it was split at its tab: the title became the URL
    // (item "Only%20title", with a warning that it will not open).
    let o = run(&["encode"], Some("https://a.com\tA\n\tOnly title\n"));
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "uri-list: error: Line 2 gives a page title (Only title) but no URL before its tab.\n"
    );
    // A URL, a tab and white space: no title.
    let o = run(&["encode"], Some("https://a.com\t \r\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "uri-list:https://a.com\n");
}

#[test]
fn a_fragment_after_the_last_item_is_said_plainly_with_what_to_do() {
    // Read "... and is ignored when opening (write # in an item as %23) at byte 22.": the
    // offset after the advice, and what happened lost in the middle.
    let o = run(&["decode", "uri-list:https://a.com/page#section"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "https://a.com/page\r\n");
    assert_eq!(
        stderr(&o),
        "uri-list: warning: The part after \"#\" is a fragment of the whole list, not part of its \
         last item at byte 27 (ignored when opening: to make it part of the item, write that \"#\" \
         as %23).\n"
    );
    // What it says to do gives the item its fragment.
    let o = run(&["decode", "uri-list:https://a.com/page%23section"], None);
    assert_eq!(
        (stdout(&o), stderr(&o)),
        ("https://a.com/page#section\r\n", "")
    );
}

/// Every example of docs/cli.md (its ```console blocks: `$ command`, then what it writes,
/// standard error's lines before standard output's; `$ echo $?` the status of the command
/// before) gives the output shown, run by `sh` with this build first on the PATH.
#[test]
fn every_example_in_the_cli_docs_gives_the_output_shown() {
    let doc = include_str!("../../docs/cli.md");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_uri-list"))
        .parent()
        .unwrap()
        .to_owned();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let mut examples = 0;
    for block in doc.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let mut commands: Vec<(&str, Vec<&str>)> = Vec::new();
        for line in block.lines() {
            match line.strip_prefix("$ ") {
                Some(command) => commands.push((command, Vec::new())),
                None => commands
                    .last_mut()
                    .expect("a block starts with $")
                    .1
                    .push(line),
            }
        }
        let mut status = None;
        for (command, shown) in commands {
            let got = if command == "echo $?" {
                format!("{}\n", status.expect("a command before echo $?"))
            } else {
                let o = Command::new("sh")
                    .args(["-c", command])
                    .env("PATH", &path)
                    .stdin(Stdio::null())
                    .output()
                    .unwrap();
                status = o.status.code();
                examples += 1;
                [stderr(&o), stdout(&o)].concat().replace("\r\n", "\n")
            };
            let shown: String = shown.iter().map(|l| format!("{l}\n")).collect();
            assert_eq!(got, shown, "docs/cli.md: $ {command}");
        }
    }
    assert!(examples >= 10, "only {examples} examples found");
}

/// Runs `args` with `stdin` as standard input, killed after `seconds`: `None` if it had not
/// ended by then.
#[cfg(unix)]
fn run_for(args: &[&str], stdin: Stdio, seconds: u64) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-list"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(seconds) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

#[cfg(unix)]
#[test]
fn an_endless_input_is_refused_once_past_the_limit_not_read_to_its_end() {
    // `from-text FILE` and `encode`/`from-text` on standard input read the whole input before
    // looking at its length: an endless one (/dev/zero, a stream that never ends) was read
    // until memory ran out.
    let zero = || Stdio::from(std::fs::File::open("/dev/zero").unwrap());
    for (args, stdin, what) in [
        (
            &["from-text", "/dev/zero"][..],
            Stdio::null(),
            "/dev/zero is too long",
        ),
        (&["from-text"][..], zero(), "Standard input is too long"),
        (
            &["encode"][..],
            zero(),
            "The URLs on standard input are too long",
        ),
    ] {
        let o = run_for(args, stdin, 20).unwrap_or_else(|| panic!("{args:?} still reading"));
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(
            stderr(&o),
            format!(
                "uri-list: error: {what}: more than 2097152 bytes, the limit (as for a link).\n"
            ),
            "{args:?}"
        );
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn a_link_on_stdin_one_byte_over_the_limit_is_refused_after_a_byte_order_mark_too() {
    // The byte order mark took 3 of the bytes read: a link 1 byte over the limit after one
    // was read cut to the limit, its last byte lost without a word (`https://a.example/ab`
    // read as `https://a.example/a`), where without the mark it was refused.
    let head = "uri-list:https://a.example/";
    let link = format!("{head}{}b", "a".repeat(uri_list::MAX_LENGTH - head.len()));
    assert_eq!(link.len(), uri_list::MAX_LENGTH + 1);
    for input in [
        format!("\u{feff}{link}"),
        format!("\u{feff}{link}\r\n"),
        link.clone(),
        format!("{link}\n"),
    ] {
        let o = run(&["decode", "-"], Some(&input));
        assert_eq!(o.status.code(), Some(1), "{}", &input[input.len() - 4..]);
        assert_eq!(stdout(&o), "");
        assert!(
            stderr(&o).contains("The link on standard input is too long"),
            "{}",
            stderr(&o)
        );
    }
    // At the limit, with a mark and a line end, it is read whole.
    let link = &link[..uri_list::MAX_LENGTH];
    let o = run(
        &["check", "--json", "-"],
        Some(&format!("\u{feff}{link}\r\n")),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    assert_eq!(
        v["items"][0]["item"].as_str().unwrap().len(),
        link.len() - 9
    );
}

#[test]
fn encode_drops_a_byte_order_mark_at_the_start_of_any_line() {
    // Joined Notepad files: the second file's mark made its first URL "\u{feff}https://..."
    // (written %EF%BB%BFhttps://..., which will not open).
    let o = run(
        &["encode"],
        Some("\u{feff}https://a.example\n\u{feff}https://b.example\tB\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        (stdout(&o), stderr(&o)),
        (
            "uri-list:https://a.example;https://b.example?page-titles=~B\n",
            ""
        )
    );
}

#[test]
fn format_makes_a_list_nested_two_deep_a_group_of_its_own() {
    // A list in a nested list was one page whose address is its link
    // (`uri-list:https://b.com;https://c.com?title=Deep`), where the extension opens it as a
    // group of its own; the nested list's pages after it are a group again, numbered as the
    // extension numbers them.
    let link = "uri-list:https://x.com;uri-list:https://a.com%3Buri-list:https://b.com%253Bhttps://c.com%253Ftitle=Deep%3Bhttps://d.com%3Fpage-titles=A&title=Mid";
    let o = run(&["format", "--plain", link], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "https://x.com\n\nMid (1)\n  A\n  https://a.com\n\nDeep\n  https://b.com\n  https://c.com\n\nMid (2)\n  https://d.com\n"
    );
    // Without pages of its own after it, the nested list is one group, not numbered.
    let link = "uri-list:https://x.com;uri-list:https://a.com%3Buri-list:https://b.com%253Bhttps://c.com%253Ftitle=Deep%3Ftitle=Mid";
    let o = run(&["format", "--markdown", link], None);
    assert_eq!(
        stdout(&o),
        "- [https://x.com](https://x.com)\n- Mid\n  - [https://a.com](https://a.com)\n- Deep\n  - [https://b.com](https://b.com)\n  - [https://c.com](https://c.com)\n"
    );
}

#[test]
fn encode_says_when_one_url_holds_two_addresses() {
    // The link's own separator typed into one argument: one page, said so.
    let o = run(
        &["encode", "https://a.com;https://b.com", "https://c.com/x;y"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "uri-list:https://a.com%3Bhttps://b.com;https://c.com/x%3By\n"
    );
    assert_eq!(
        stderr(&o),
        "uri-list: warning: URL 1 (https://a.com;https://b.com) holds \";\" before another address: it is written as one page whose address holds \";\" (as %3B). If these are two pages, give each as its own URL.\n"
    );
    let o = run(
        &["encode"],
        Some("https://a.com\nhttps://b.com;http://c.com\n"),
    );
    assert!(
        stderr(&o).starts_with("uri-list: warning: Line 2 (https://b.com;http://c.com) holds"),
        "{}",
        stderr(&o)
    );
}
