//! The report of `check`: each item of a link checked, in the JSON shape of
//! `check --json` and of `check()` and `checkAll()` in JavaScript.

use crate::prelude::*;

use super::{check_item, check_openable, pair_notes, title_note, Class, Note, Site};
use crate::bidi::without_bidi_controls;
use crate::message::{Code, Message};
use crate::platform::UrlParser;
use crate::syntax::parse::{Parsed, Parser};
use crate::Warning;
#[cfg(feature = "ts")]
use alloc::borrow::Cow;
use core::cell::{Cell, RefCell};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

/// Each item of a parsed link checked, as `check --json` prints it and
/// `check()` returns it in JavaScript:
///
/// `{"items": [{"item": "...", "class": "openable"|"blocked"|"invalid"|"list",
///   "site": null|"host", "siteUnicode": null|"host", "userinfo": null|"...",
///   "reason": null|{"code", "args", "message"},
///   "notes": [{"alert": bool, "code": "...", "args": [...], "message": "..."}],
///   "pageTitle": "..." (only when the link gives the page a title)}],
///   "title": ..., "type": ..., "warnings": [...]}`
///
/// The notes are those of [`crate::check_list`]: each item's own, then those
/// that come from another item of the list (a lookalike, a borrowed name).
/// A nested list that cannot be read is an invalid item.
///
/// With [`CheckReport::nested`] (`checkAll()` in JavaScript), the items of
/// the nested lists (draft §8.2) follow each `"list"` item, checked as the
/// list they are in, each with its `"depth"` (0 for the link's own list) and
/// `"list"` (its list's index in `"lists"`), a `"list"` item also with
/// `"nested"` (the index of the list it holds); after the items,
/// `"lists": [{"title", "type", "depth", "warnings"}]`, the link's own list
/// first, each nested list with its own warnings.
///
/// The items are checked one at a time as they are written: only the sites
/// of a list (for the notes across items) are held, never every item's
/// check, so that a link of a million items costs its sites, not its report.
///
/// With [`CheckReport::limited`] (`checkAll(link, limit)`), at most `limit`
/// rows are written, in the same order: what a caller that must answer at
/// once (the hover tooltip) can afford, whatever the link. The notes across
/// items are then those among the rows written; after the items,
/// `"unchecked"` counts the items left out (a nested list not reached
/// counts as one item).
// Its TypeScript type (`CheckReport`, the feature `ts`): `ReportJson`'s.
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(as = "ReportJson<'static, Vec<Row<'static>>>")
)]
pub struct CheckReport<'a> {
    parsed: &'a Parsed,
    /// Reads the hosts that need the URL Standard's parser.
    urls: &'a dyn UrlParser,
    /// The lists met so far, when nested lists are walked.
    lists: Option<RefCell<Vec<ListInfo>>>,
    /// The most rows written, if limited.
    limit: Option<usize>,
    /// Rows still to write in this walk, and the items left out so far.
    budget: Cell<Budget>,
}

#[derive(Clone, Copy, Default)]
struct Budget {
    left: usize,
    unchecked: usize,
}

impl<'a> CheckReport<'a> {
    /// The report of the link's own items (`check`).
    pub fn new(parsed: &'a Parsed, urls: &'a dyn UrlParser) -> Self {
        CheckReport {
            parsed,
            urls,
            lists: None,
            limit: None,
            budget: Cell::default(),
        }
    }

    /// The report of every item, the nested lists' too (`checkAll`).
    pub fn nested(parsed: &'a Parsed, urls: &'a dyn UrlParser) -> Self {
        CheckReport {
            parsed,
            urls,
            lists: Some(RefCell::new(Vec::new())),
            limit: None,
            budget: Cell::default(),
        }
    }

    /// The same report, of at most `limit` rows.
    pub fn limited(self, limit: usize) -> Self {
        CheckReport {
            limit: Some(limit),
            ..self
        }
    }
}

/// A list of [`CheckReport::nested`]: `{"title", "type", "depth", "warnings"}`.
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(Clone))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CheckedList"))]
pub(crate) struct ListInfo {
    /// The list's title, without bidirectional controls.
    title: Option<String>,
    /// The list's type (option `type`), a display hint.
    #[serde(rename = "type")]
    kind: Option<String>,
    /// How deep it is nested: 0 for the link's own list.
    depth: usize,
    /// The warnings of reading it.
    warnings: Vec<Warning>,
}

/// One item of the report, as [`CheckReport::rows`] hands it out (the
/// JavaScript API's fast path writes rows its own way, wasm/src/lib.rs).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CheckedItem"))]
pub struct Row<'a> {
    /// The item as written.
    pub item: &'a str,
    /// What the item is.
    pub class: Class,
    /// Its site's host as the browser reads it, for an `http(s)` item.
    pub site: Option<&'a str>,
    /// That host in Unicode, for display.
    pub site_unicode: Option<&'a str>,
    /// The `user:password@` part of its address, if any.
    pub userinfo: Option<&'a str>,
    /// Why it will not open, when it will not.
    pub reason: Option<&'a Message>,
    /// What a person should know of it.
    pub notes: &'a [Note],
    /// The sender's title for the page (option `page-titles`), without
    /// bidirectional controls; absent for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub page_title: Option<&'a str>,
    /// The depth of its list (`checkAll`): 0 for the link's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub depth: Option<usize>,
    /// Its list's index in `lists` (`checkAll`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub list: Option<usize>,
    /// For a nested list, the index of the list it holds (`checkAll`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub nested: Option<usize>,
}

impl CheckReport<'_> {
    /// Hands each row to `f`, in order, checking each item as it goes.
    pub fn rows<E>(&self, mut f: impl FnMut(&Row) -> Result<(), E>) -> Result<(), E> {
        if let Some(lists) = &self.lists {
            lists.borrow_mut().clear();
        }
        self.budget.set(Budget {
            left: self.limit.unwrap_or(usize::MAX),
            unchecked: 0,
        });
        write_items(
            self.parsed,
            0,
            self.lists.as_ref(),
            &self.budget,
            self.urls,
            &mut f,
        )
    }

    /// What follows the items (`{lists?, title, type, warnings}`), once
    /// [`CheckReport::rows`] has walked them (the lists are met on the way).
    pub fn rest(&self) -> Rest<'_, '_> {
        Rest(self)
    }

    fn serialize_rest<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error> {
        let list = &self.parsed.list;
        if let Some(lists) = &self.lists {
            out.serialize_field("lists", &*lists.borrow())?;
        }
        // Titles are shown (the hover, the preview and web pages, bookmark folders): without
        // bidirectional controls, as every title the core hands out.
        out.serialize_field("title", &list.title().map(without_bidi_controls))?;
        out.serialize_field("type", &list.kind())?;
        if self.limit.is_some() {
            out.serialize_field("unchecked", &self.budget.get().unchecked)?;
        }
        out.serialize_field("warnings", &self.parsed.warnings)
    }
}

impl Serialize for CheckReport<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Check", 5)?;
        out.serialize_field("items", &Items(self))?;
        self.serialize_rest(&mut out)?;
        out.end()
    }
}

/// The report without its items: see [`CheckReport::rest`].
pub struct Rest<'r, 'a>(&'r CheckReport<'a>);

impl Serialize for Rest<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Check", 4)?;
        self.0.serialize_rest(&mut out)?;
        out.end()
    }
}

struct Items<'r, 'a>(&'r CheckReport<'a>);

/// The report's JSON shape as a struct, for ts-rs to derive its TypeScript
/// type from (`CheckReport`; the feature `ts`): the items (`I`, [`Row`]s),
/// then what [`CheckReport::rest`] writes, as the JavaScript API's fast
/// path puts them together (`{items, ...rest}`, wasm/src/wasm.js). Not what
/// writes a report: derived writers in place of `serialize_rest`, whose
/// fields depend on the walk of the rows, measured 0.3 KB more in the
/// wasm; a test (`the_typescript_shape_writes_what_the_report_writes`)
/// holds the two to the same JSON.
#[cfg(feature = "ts")]
#[derive(serde::Serialize, ts_rs::TS)]
#[ts(rename = "CheckReport", concrete(I = Vec<Row<'static>>))]
pub struct ReportJson<'r, I> {
    /// Every item checked, in order (with `checkAll`, each nested list's
    /// items right after the item that holds it).
    items: I,
    /// With `checkAll`: every list, the link's own first, each nested one
    /// where its item is met.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    lists: Option<&'r [ListInfo]>,
    /// The link's title, without bidirectional controls.
    title: Option<Cow<'r, str>>,
    /// The link's type (option `type`), a display hint.
    #[serde(rename = "type")]
    kind: Option<&'r str>,
    /// With a limit (`checkAll(link, limit)`): the items left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    unchecked: Option<usize>,
    /// The warnings of reading the link.
    warnings: &'r [Warning],
}

impl Serialize for Items<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        self.0.rows(|row| seq.serialize_element(row))?;
        seq.end()
    }
}

/// Hands the rows of the items of `parsed`, a list at `depth`, to `f`; with
/// `lists`, each nested list's rows after its item, and every list met into
/// `lists`; no more rows than `budget` has left, the items left out counted
/// there.
fn write_items<E, F: FnMut(&Row) -> Result<(), E>>(
    parsed: &Parsed,
    depth: usize,
    lists: Option<&RefCell<Vec<ListInfo>>>,
    budget: &Cell<Budget>,
    urls: &dyn UrlParser,
    f: &mut F,
) -> Result<(), E> {
    let list = &parsed.list;
    let index = lists.map(|lists| {
        let mut lists = lists.borrow_mut();
        lists.push(ListInfo {
            title: list.title().map(|t| without_bidi_controls(t).into_owned()),
            kind: list.kind().map(str::to_owned),
            depth,
            warnings: parsed.warnings.clone(),
        });
        lists.len() - 1
    });
    // Only the items that will be written are checked, their sites paired.
    let items = &list.items()[..list.len().min(budget.get().left)];
    let sites: Vec<(usize, Site)> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| check_item(item.as_str(), urls).site.map(|s| (i, s)))
        .collect();
    let refs: Vec<(usize, &Site)> = sites.iter().map(|(i, s)| (*i, s)).collect();
    let mut pair = pair_notes(&refs).into_iter().peekable();
    drop(refs);
    let mut sites = sites.into_iter().peekable();
    for (n, item) in items.iter().enumerate() {
        let mut left = budget.get();
        if left.left == 0 {
            // A nested list before this item took the rest.
            left.unchecked += items.len() - n;
            budget.set(left);
            break;
        }
        left.left -= 1;
        budget.set(left);
        let mut c = match sites.next_if(|(i, _)| *i == n) {
            Some((_, site)) => check_openable(item.as_str(), site),
            None => check_item(item.as_str(), urls),
        };
        c.notes
            .extend(title_note(list.page_title(n), c.site.as_ref()));
        while let Some((_, note)) = pair.next_if(|(i, _)| *i == n) {
            c.notes.push(note);
        }
        // The nested list, read again on its own (as a caller that checks
        // its link would): its own warnings and lookalike pairs.
        let inner = match (lists, c.class, item.list()) {
            (Some(_), Class::List, Some(_)) => Some(Parser::new().parse(item.as_str())),
            _ => None,
        };
        // A nested list that could not be read is an invalid item.
        let unreadable;
        let (class, reason) = match (c.class, item.list(), &inner) {
            (Class::List, None, _) => {
                unreadable = Message::new(Code::itemNestedUnreadable);
                (Class::Invalid, Some(&unreadable))
            }
            (_, _, Some(Err(e))) => {
                unreadable = e.message();
                (Class::Invalid, Some(&unreadable))
            }
            _ => (c.class, c.reason.as_ref()),
        };
        let site = c.site.as_ref();
        let page_title = list.page_title(n).map(without_bidi_controls);
        let nested = match (&inner, lists) {
            (Some(Ok(_)), Some(lists)) => Some(lists.borrow().len()),
            _ => None,
        };
        f(&Row {
            item: item.as_str(),
            class,
            site: site.map(|s| s.host.as_str()),
            site_unicode: site.map(|s| s.unicode.as_str()),
            userinfo: site.and_then(|s| s.userinfo.as_deref()),
            reason,
            notes: &c.notes,
            page_title: page_title.as_deref(),
            depth: index.map(|_| depth),
            list: index,
            nested,
        })?;
        if let Some(Ok(inner)) = inner {
            write_items(&inner, depth + 1, lists, budget, urls, f)?;
        }
    }
    let mut left = budget.get();
    left.unchecked += list.len() - items.len();
    budget.set(left);
    Ok(())
}

#[cfg(all(test, feature = "url", not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::UrlCrate;
    use serde_json::{json, Value};

    fn report(link: &str, nested: bool) -> Value {
        let parsed = Parser::new().parse(link).unwrap();
        let report = if nested {
            CheckReport::nested(&parsed, &UrlCrate)
        } else {
            CheckReport::new(&parsed, &UrlCrate)
        };
        serde_json::to_value(&report).unwrap()
    }

    /// The TypeScript type is derived from [`ReportJson`], not from the
    /// writer: both write the same JSON, for each kind of report.
    #[cfg(feature = "ts")]
    #[test]
    fn the_typescript_shape_writes_what_the_report_writes() {
        // Nested lists, a warning, page titles, a title with a bidirectional
        // control; and a link with none of them.
        let links = [
            "uri-list:https://a.example;uri-list:https://b.example%3Bhttps://c.example%3Ftitle=Inner;;https://d.example?title=%E2%80%AEOuter&page-titles=A~B",
            "uri-list:https://a.example",
        ];
        for link in links {
            let parsed = Parser::new().parse(link).unwrap();
            let reports = [
                CheckReport::new(&parsed, &UrlCrate),
                CheckReport::nested(&parsed, &UrlCrate),
                CheckReport::nested(&parsed, &UrlCrate).limited(2),
                CheckReport::new(&parsed, &UrlCrate).limited(1),
            ];
            for report in &reports {
                // The lists and the count, as the walk of the rows leaves them.
                report.rows(|_| Ok::<_, ()>(())).unwrap();
                let lists = report.lists.as_ref().map(|l| l.borrow().clone());
                let shape = ReportJson {
                    items: Items(report),
                    lists: lists.as_deref(),
                    title: parsed.list.title().map(without_bidi_controls),
                    kind: parsed.list.kind(),
                    unchecked: report.limit.map(|_| report.budget.get().unchecked),
                    warnings: &parsed.warnings,
                };
                assert_eq!(
                    serde_json::to_string(report).unwrap(),
                    serde_json::to_string(&shape).unwrap()
                );
            }
        }
    }

    #[test]
    fn a_limited_report_writes_the_first_rows_and_counts_the_rest() {
        let link = "uri-list:https://a.example;uri-list:https://b.example%3Bhttps://c.example%3Bhttps://d.example;https://e.example;https://f.example";
        let parsed = Parser::new().parse(link).unwrap();
        let items = |limit: usize| {
            let value =
                serde_json::to_value(CheckReport::nested(&parsed, &UrlCrate).limited(limit))
                    .unwrap();
            let rows: Vec<String> = value["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["item"].as_str().unwrap().to_owned())
                .collect();
            (rows, value["unchecked"].as_u64().unwrap())
        };
        // Cut inside the nested list: its last item and the two after it.
        assert_eq!(
            items(3),
            (
                vec![
                    "https://a.example".to_owned(),
                    "uri-list:https://b.example;https://c.example;https://d.example".to_owned(),
                    "https://b.example".to_owned()
                ],
                4
            )
        );
        assert_eq!(items(0), (vec![], 4));
        assert_eq!(items(100).1, 0);
        assert_eq!(items(100).0.len(), 7);
        // Unlimited, the shape has no "unchecked".
        assert!(report(link, true).get("unchecked").is_none());
    }

    #[test]
    fn a_limited_report_pairs_lookalikes_among_its_rows_only() {
        let link = "uri-list:https://paypal.com;https://example.com;https://p%D0%B0ypal.com";
        let parsed = Parser::new().parse(link).unwrap();
        let value = serde_json::to_value(CheckReport::new(&parsed, &UrlCrate).limited(2)).unwrap();
        assert_eq!(value["items"].as_array().unwrap().len(), 2);
        assert_eq!(value["unchecked"], json!(1));
        let full = serde_json::to_value(CheckReport::new(&parsed, &UrlCrate)).unwrap();
        assert!(full["items"][2]["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["code"] == "noteLookalike"));
    }

    #[test]
    fn nested_lists_are_walked_once_each_item_with_its_depth_and_list() {
        // Inner: a list of two with a lookalike pair and a title, and an
        // empty item (a warning of its own); then one more level.
        let link = "uri-list:https://a.example;uri-list:https://paypal.com%3Bhttps://p%D0%B0ypal.com%3B%3Buri-list:javascript:x%253Btitle%3Ftitle=Inner;https://b.example";
        let all = report(link, true);
        let rows: Vec<(&str, &str, u64, u64)> = all["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                let (item, class) = (i["item"].as_str().unwrap(), i["class"].as_str().unwrap());
                (
                    item,
                    class,
                    i["depth"].as_u64().unwrap(),
                    i["list"].as_u64().unwrap(),
                )
            })
            .collect();
        let classes: Vec<_> = rows.iter().map(|r| (r.1, r.2, r.3)).collect();
        assert_eq!(
            classes,
            [
                ("openable", 0, 0),
                ("list", 0, 0),
                ("openable", 1, 1),
                ("openable", 1, 1),
                ("list", 1, 1),
                ("blocked", 2, 2),
                ("invalid", 2, 2),
                ("openable", 0, 0),
            ],
            "{rows:?}"
        );
        assert_eq!(all["items"][1]["nested"], json!(1));
        assert_eq!(all["items"][4]["nested"], json!(2));
        assert!(all["items"][0].get("nested").is_none());
        // The lookalike pair is noted within the nested list, as a check of
        // the nested link on its own would note it.
        let notes = all["items"][3]["notes"].as_array().unwrap();
        assert!(
            notes.iter().any(|n| n["code"] == "noteLookalike"),
            "{notes:?}"
        );
        let lists = all["lists"].as_array().unwrap();
        assert_eq!(lists.len(), 3);
        assert_eq!(lists[1]["title"], "Inner");
        assert_eq!(lists[1]["depth"], 1);
        assert_eq!(lists[1]["warnings"][0]["code"], "warningDone");
        assert_eq!(lists[2]["depth"], 2);
        // Each list is the check of its own link.
        let inner = report(all["items"][1]["item"].as_str().unwrap(), false);
        assert_eq!(lists[1]["warnings"], inner["warnings"]);
        assert_eq!(all["items"][2]["notes"], inner["items"][0]["notes"]);
        // check() keeps its shape: the link's own items, no depth or lists.
        let top = report(link, false);
        assert_eq!(top["items"].as_array().unwrap().len(), 3);
        assert!(top.get("lists").is_none() && top["items"][0].get("depth").is_none());
        assert_eq!(top["warnings"], all["warnings"]);
    }
}
