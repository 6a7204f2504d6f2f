//! The plan of what to open for a link: which pages, in which groups, under
//! which names, what is skipped and why, and whether the person should see
//! the list first. The extension carries the plan out; it decides nothing.

use crate::prelude::*;

use crate::check::{
    check_item_knowing, list_title_note, page_address_reading_host, pair_notes, title_note, Class,
    HostRead, HostReading, Note, Site,
};
use crate::message::digits::decimal;
use crate::message::error::Violation;
use crate::message::{Code, Message};
use crate::platform::UrlParser;
use crate::syntax::list::UriList;
use crate::syntax::parse::Parsed;

/// The open-limit used when none is set: the point at which Firefox asks
/// before opening a bookmark folder (`browser.tabs.maxOpenBeforeWarn`).
pub const DEFAULT_OPEN_LIMIT: usize = 15;

/// The colours a tab group can take, in both Chrome and Firefox.
pub const GROUP_COLORS: [&str; 9] = [
    "grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange",
];

/// How the pages open, from the `type` display hint (draft §8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mode {
    /// In a tab group next to the tab the link was in (the default, and the
    /// fallback for hints a browser cannot show, such as `grid-view`).
    Group,
    /// `type=tabs`: as tabs, without a group.
    Tabs,
    /// `type=window`: in a new window, grouped.
    Window,
    /// `type=list`: the preview page instead of tabs.
    List,
}

impl Mode {
    /// The mode as a lowercase word.
    pub const fn as_str(self) -> &'static str {
        match self {
            Mode::Group => "group",
            Mode::Tabs => "tabs",
            Mode::Window => "window",
            Mode::List => "list",
        }
    }

    fn from_hint(hint: Option<&str>) -> Mode {
        match hint.map(str::trim) {
            Some(h) if h.eq_ignore_ascii_case("tabs") => Mode::Tabs,
            Some(h) if h.eq_ignore_ascii_case("window") => Mode::Window,
            Some(h) if h.eq_ignore_ascii_case("list") => Mode::List,
            _ => Mode::Group,
        }
    }
}

/// A run of pages that open together as one group.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Group {
    /// The group's name.
    pub title: String,
    /// When the list has no name, the summary that names the group ("4
    /// pages from 3 sites"), for the extension to show in the browser's
    /// language; `title` is its English text.
    pub summary: Option<Message>,
    /// The group's colour, one of [`GROUP_COLORS`], when the list asks for one.
    pub color: Option<&'static str>,
    /// How deep the list is nested (0 for the link's own list).
    pub depth: usize,
    /// The URLs, in order.
    pub urls: Vec<String>,
    /// Each URL's page title as the list's sender wrote it (the option
    /// `page-titles`), for the tab to show until its page loads; `None`
    /// where the list has none, and where the title gets an alert (it
    /// names another site than the page's: `title_note`). One line, without
    /// bidirectional or other control characters, at most
    /// [`MAX_PAGE_TITLE_CHARS`] characters. As long as `urls`.
    pub titles: Vec<Option<String>>,
}

/// An item that is not opened, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Skipped {
    /// The item.
    pub item: String,
    /// Why, in a sentence for a person.
    pub reason: Message,
}

/// An item left out because its list opens the same page earlier.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Duplicate {
    /// The item.
    pub item: String,
    /// Which one it repeats, in a sentence for a person: "the same page as
    /// item 2" (in a nested list: "in the nested list of item 3: the same
    /// page as item 1"), items numbered from 1 in their own list.
    pub reason: Message,
    /// Its place in the link walked in order, nested lists' items right
    /// after the item that holds them: the index of its row in
    /// `checkAll()`'s items ([`CheckReport::nested`](crate::CheckReport)).
    pub entry: usize,
}

/// What to do with a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// How the pages open.
    pub mode: Mode,
    /// The groups, in order; every openable page is in exactly one.
    pub groups: Vec<Group>,
    /// The items that are not opened.
    pub skipped: Vec<Skipped>,
    /// The pages left out because their list opens them already (unless
    /// [`Context::keep_duplicates`]); not in `skipped`: nothing is wrong
    /// with them.
    pub duplicates: Vec<Duplicate>,
    /// Why the person should see the list before anything opens (the
    /// preview page); empty when the pages may open at once. Lookalike
    /// hosts and user-info tricks are here, whatever the list's length.
    pub preview: Vec<Message>,
    /// Milder notes, shown but no reason to stop: a page without
    /// encryption, for instance.
    pub notes: Vec<Message>,
}

impl Plan {
    /// The number of pages the plan opens.
    pub fn pages(&self) -> usize {
        self.groups.iter().map(|g| g.urls.len()).sum()
    }
}

/// What the extension knows about where the link came from.
#[derive(Debug, Clone, Default)]
pub struct Context<'a> {
    /// Lists with more pages than this open the preview page instead.
    pub open_limit: usize,
    /// The text of the link that was clicked, a fallback name for the group.
    pub link_text: Option<&'a str>,
    /// Open a page again when its list holds it twice. By default (false)
    /// the second is left out (see [`page_address`](crate::page_address) for what counts as the
    /// same page) and listed in [`Plan::duplicates`].
    pub keep_duplicates: bool,
    /// Open the pages in the reverse order: the last group first, and the
    /// last page of each group first (the tab strip reads the list from its
    /// end).
    pub reverse: bool,
}

/// Plans the opening of a parsed link.
///
/// Names: the list's `title`, else `group-name`, else the link's text, else
/// a summary such as "4 pages from 3 sites". Nested lists (draft §8.2) open
/// as one group each, in order, named by their own title or a summary; the
/// items of a list around them form groups of their own, one for each run
/// of items between nested lists, numbered when there is more than one
/// ("Bookmarks (1)", "Bookmarks (2)"), so that no two groups of a list
/// share a name. Blocked and invalid items are skipped with
/// their reason. The preview page is asked for when the list has more pages
/// than the open-limit, when `type=list`, when nothing can be opened, when a
/// page has an alert, or when a list's name reads as the address of a site
/// none of its pages is on (`list_title_note` in the check).
///
/// Duplicates: a page that its list holds earlier (the same address once
/// the browser has read it: [`page_address`](crate::page_address)) is left out and listed in
/// `duplicates`, unless [`Context::keep_duplicates`]. Each list is its own
/// scope: a page in two nested lists opens in both groups, since each is a
/// group a person may keep, close or share whole; within a list, across
/// the runs its nested lists split it into, it opens once. The pages are
/// counted after duplicates are left out (for the open-limit too).
///
/// With [`Context::reverse`], the groups come in the reverse order, and the
/// pages of each group too; names and duplicates are as without it (the
/// first of two equal pages in the list is the one kept).
///
/// ```
/// use uri_list::{parse, plan, PlanContext, UrlCrate};
/// let parsed = parse("uri-list:https://a.example;javascript:alert(1);https://b.example;HTTPS://A.example/?title=Two").unwrap();
/// let plan = plan(&parsed, &PlanContext { open_limit: 15, ..PlanContext::default() }, &UrlCrate);
/// assert_eq!(plan.groups[0].title, "Two");
/// assert_eq!(plan.groups[0].urls, ["https://a.example", "https://b.example"]);
/// assert_eq!(plan.skipped[0].item, "javascript:alert(1)");
/// assert!(plan.preview.is_empty());
/// assert_eq!(plan.duplicates[0].item, "HTTPS://A.example/");
/// assert_eq!(plan.duplicates[0].reason.english(), "the same page as item 1");
/// ```
pub fn plan(parsed: &Parsed, context: &Context<'_>, urls: &dyn UrlParser) -> Plan {
    let list = &parsed.list;
    let mut out = Plan {
        mode: Mode::from_hint(list.kind()),
        groups: Vec::new(),
        // Room for every item at once (given back below): grown by doubling,
        // the copy would hold up to three times the room at its peak.
        skipped: Vec::with_capacity(list.len()),
        duplicates: Vec::new(),
        preview: Vec::new(),
        notes: Vec::new(),
    };
    let link_text = context
        .link_text
        .map(clean_title)
        .filter(|t| !t.is_empty() && crate::syntax::list::Scheme::strip_prefix(t).is_none());
    // A link's text written as a list's link names no group, but the person
    // read it: checked below as a name is, whole (on one line).
    let text_as_link = context
        .link_text
        .map(|t| clean_to(t, MAX_LINK_TEXT_CHARS))
        .filter(|t| crate::syntax::list::Scheme::strip_prefix(t).is_some());
    let title = own_title(list).or(link_text);
    let mut seen = Seen {
        pages: 0,
        entries: 0,
        sites: Vec::new(),
        notes: Vec::new(),
        keep_duplicates: context.keep_duplicates,
        urls,
    };
    add_groups(list, title, &[], &mut out, &mut seen);

    // A link whose text is another list's link ("uri-list:https://paypal.com/signin"
    // over pages of another site): the preview page, as for a name.
    if let Some(text) = &text_as_link {
        let sites: Vec<&Site> = seen.sites.iter().map(|(_, s)| s).collect();
        if let Some(alert) = list_title_note(text, &sites) {
            out.preview.insert(0, alert);
        }
    }

    // What a person should know of the pages, the whole link at once (so
    // that a lookalike in one nested list of a site in another is seen):
    // each page's own notes, then those from another page, in page order.
    let refs: Vec<(usize, &Site)> = seen.sites.iter().map(|(p, s)| (*p, s)).collect();
    let mut pair = pair_notes(&refs).into_iter().peekable();
    drop(refs);
    drop(seen.sites);
    let mut own = seen.notes.into_iter().peekable();
    loop {
        let next = match (own.peek(), pair.peek()) {
            (Some(a), Some(b)) if a.0 <= b.0 => own.next(),
            (_, Some(_)) => pair.next(),
            (Some(_), None) => own.next(),
            (None, None) => break,
        };
        let Some((_, note)) = next else { break };
        if note.alert {
            out.preview.push(note.message);
        } else {
            out.notes.push(note.message);
        }
    }

    // Items read as web addresses, as an address bar reads them: said
    // wherever the plan's notes are shown (the badge, the preview page).
    for w in &parsed.warnings {
        if let Some(added) = scheme_added(&w.violation) {
            out.notes.push(added);
        }
    }

    // An option uri-list does not read where it most likely took the end
    // of the last page's address (its `?` left unencoded) or came with
    // `&amp;` from a page's source: the preview page, which says so and
    // how to write it; any other unknown option, a note.
    for w in &parsed.warnings {
        match unknown_option(&w.violation) {
            Some(true) => out.preview.push(w.message()),
            Some(false) => out.notes.push(w.message()),
            None => {}
        }
    }

    out.skipped.shrink_to_fit();
    if context.reverse {
        out.groups.reverse();
        for group in &mut out.groups {
            group.urls.reverse();
            group.titles.reverse();
        }
    }
    let pages = out.pages();
    if out.mode == Mode::List {
        out.preview.push(Message::new(Code::previewTypeList));
    }
    if pages > context.open_limit {
        out.preview.push(Message::with(
            Code::previewOverLimit,
            &[&decimal(pages as u64), &decimal(context.open_limit as u64)],
        ));
    }
    if pages == 0 {
        out.preview.push(Message::new(Code::previewNothingOpenable));
    }
    out
}

/// The note of a [`Violation::SchemeAdded`], in a nested list or not.
/// Whether `violation` is (or holds) a [`Violation::UnknownOption`], and if
/// so whether it most likely changed a page that opens.
fn unknown_option(violation: &Violation) -> Option<bool> {
    match violation {
        Violation::UnknownOption { key, item, .. } => {
            Some(item.is_some() || key.starts_with("amp;"))
        }
        Violation::InNested { inner, .. } => unknown_option(&inner.violation),
        _ => None,
    }
}

fn scheme_added(violation: &Violation) -> Option<Message> {
    match violation {
        Violation::SchemeAdded { .. } => Some(violation.message()),
        Violation::InNested { inner, .. } => scheme_added(&inner.violation),
        _ => None,
    }
}

/// What [`add_groups`] keeps of the pages' checks, each page checked once:
/// the sites (for the notes across pages and the groups' summaries) and
/// each page's own notes, by the page's position in the plan.
struct Seen<'u> {
    pages: usize,
    /// Items walked so far, nested lists' items included (checkAll's rows).
    entries: usize,
    sites: Vec<(usize, Site)>,
    notes: Vec<(usize, Note)>,
    keep_duplicates: bool,
    /// Reads the hosts that need the URL Standard's parser.
    urls: &'u dyn UrlParser,
}

/// A run of a list's own pages, between its nested lists: their URLs and,
/// beside each, the title the group carries for it ([`Group::titles`]).
#[derive(Default)]
struct Run {
    urls: Vec<String>,
    titles: Vec<Option<String>>,
}

/// Ends a run of a list's own pages (at a nested list, or at the list's
/// end): its pages and their titles become a group, named later with the
/// list's other runs.
fn end_run(
    run: &mut Run,
    runs: &mut Vec<(usize, usize)>,
    color: Option<&'static str>,
    depth: usize,
    out: &mut Plan,
    seen: &Seen<'_>,
) {
    if run.urls.is_empty() {
        return;
    }
    runs.push((out.groups.len(), seen.pages - run.urls.len()));
    out.groups.push(Group {
        title: String::new(),
        summary: None,
        color,
        urls: core::mem::take(&mut run.urls),
        titles: core::mem::take(&mut run.titles),
        depth,
    });
}

/// Adds the groups of `list`, nested in the lists whose items `nest` are
/// (their numbers, from 1, outermost first; empty for the link's own list).
fn add_groups(
    list: &UriList,
    title: Option<String>,
    nest: &[usize],
    out: &mut Plan,
    seen: &mut Seen<'_>,
) {
    let depth = nest.len();
    let first_page = seen.pages;
    let color = list.option("color").and_then(|c| {
        GROUP_COLORS.into_iter().find(|g| {
            g.eq_ignore_ascii_case(c.trim())
                || (c.trim().eq_ignore_ascii_case("gray") && *g == "grey")
        })
    });
    // The name is decided once the list's own pages are known.
    let mut run = Run::default();
    // Each run's group, and the position of its first page.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    // The items that repeat an earlier item's address, with the first
    // (found by sorting: no hash table to flood, little wasm), and the hosts
    // the platform read on the way, for the items' checks.
    let SamePages { repeats, readings } = if seen.keep_duplicates {
        SamePages::default()
    } else {
        same_pages(list, seen.urls)
    };
    let mut repeats = repeats.into_iter().peekable();
    let mut readings = readings.iter().peekable();
    for (n, item) in list.items().iter().enumerate() {
        // (A repeat of an item that is not openable is passed by.)
        while repeats.next_if(|&(i, _)| i < n).is_some() {}
        let entry = seen.entries;
        seen.entries += 1;
        let known = readings
            .next_if(|(i, _)| *i == n)
            .map(|(_, r)| HostRead::of(r));
        let mut c = check_item_knowing(item.as_str(), known, seen.urls);
        let alert = title_note(list.page_title(n), c.site.as_ref());
        // The sender's title, shown in the tab strip, unless it gets an alert.
        let page_title = match alert {
            Some(_) => None,
            None => list
                .page_title(n)
                .map(|t| clean_to(t, MAX_PAGE_TITLE_CHARS))
                .filter(|t| !t.is_empty()),
        };
        c.notes.extend(alert);
        match (c.class, item.list()) {
            (Class::Openable, _) => {
                if let Some((_, earlier)) = repeats.next_if(|&(i, _)| i == n) {
                    out.duplicates.push(Duplicate {
                        item: item.as_str().to_owned(),
                        reason: in_nested(
                            nest,
                            Message::with(Code::itemDuplicate, &[&decimal(earlier as u64 + 1)]),
                        ),
                        entry,
                    });
                    continue;
                }
                run.urls.push(item.as_str().to_owned());
                run.titles.push(page_title);
                let page = seen.pages;
                seen.pages += 1;
                seen.notes.extend(c.notes.into_iter().map(|n| (page, n)));
                if let Some(site) = c.site {
                    seen.sites.push((page, site));
                }
            }
            (Class::List, Some(child)) => {
                end_run(&mut run, &mut runs, color, depth, out, seen);
                let inner = [nest, &[n + 1]].concat();
                // Its own title, else the one this list's page-titles gives it.
                let title = own_title(child).or_else(|| {
                    list.page_title(n)
                        .map(clean_title)
                        .filter(|t| !t.is_empty())
                });
                add_groups(child, title, &inner, out, seen);
            }
            (Class::List, None) => out.skipped.push(Skipped {
                item: item.as_str().to_owned(),
                reason: Message::new(Code::itemNestedUnreadable),
            }),
            (_, _) => out.skipped.push(Skipped {
                item: item.as_str().to_owned(),
                reason: c.reason.unwrap_or(Message::new(Code::itemNoScheme)),
            }),
        }
    }
    end_run(&mut run, &mut runs, color, depth, out, seen);
    // A name that reads as another site's address than its pages' (its own
    // and its nested lists') asks for the preview page, the link's own
    // list's first.
    if let Some(title) = &title {
        let from = seen.sites.partition_point(|(p, _)| *p < first_page);
        let sites: Vec<&Site> = seen.sites[from..].iter().map(|(_, s)| s).collect();
        if let Some(alert) = list_title_note(title, &sites) {
            if nest.is_empty() {
                out.preview.insert(0, alert);
            } else {
                out.preview.push(in_nested(nest, alert));
            }
        }
    }
    // Every run of this list's own pages takes the list's name; without one,
    // a summary of them all.
    let (name, about) = title.map_or_else(
        || {
            let mut pages = 0;
            let mut sites: Vec<&str> = Vec::new();
            for &(g, first) in &runs {
                let end = first + out.groups[g].urls.len();
                pages += end - first;
                let from = seen.sites.partition_point(|(p, _)| *p < first);
                let to = seen.sites.partition_point(|(p, _)| *p < end);
                sites.extend(seen.sites[from..to].iter().map(|(_, s)| s.unicode.as_str()));
            }
            summary(pages, &sites)
        },
        |t| (t, None),
    );
    // When nested lists split this list's own pages into more than one
    // group, each is numbered ("Bookmarks (1)", "Bookmarks (2)"): a person
    // can tell apart every group in the tab strip, and the pages stay in
    // the order the list's author gave them (tab groups cannot interleave).
    let numbered = runs.len() > 1;
    for (k, &(g, _)) in runs.iter().enumerate() {
        let g = &mut out.groups[g];
        if !numbered {
            g.title.clone_from(&name);
            g.summary.clone_from(&about);
            continue;
        }
        let n = decimal(k as u64 + 1);
        g.title = [name.as_str(), " (", &n, ")"].concat();
        g.summary = about.as_ref().map(|m| Message {
            code: Code::groupNumbered,
            args: vec![m.clone().into(), n.into()],
        });
    }
}

/// What [`same_pages`] finds.
#[derive(Default)]
struct SamePages<'a> {
    /// The items that repeat an earlier item's page address, each with the
    /// position of the first such item, in item order.
    repeats: Vec<(usize, usize)>,
    /// The hosts the platform read on the way, by item.
    readings: Vec<(usize, HostReading<'a>)>,
}

/// The items of `list` that repeat an earlier item's page address
/// ([`page_address`](crate::page_address)). Memory in proportion to the
/// `http(s)` items alone.
fn same_pages<'a>(list: &'a UriList, urls: &dyn UrlParser) -> SamePages<'a> {
    let mut addresses: Vec<(usize, alloc::borrow::Cow<'_, str>)> = Vec::new();
    let mut readings = Vec::new();
    for (i, item) in list.items().iter().enumerate() {
        if item.list().is_some() {
            continue;
        }
        let (address, reading) = page_address_reading_host(item.as_str(), urls);
        if let Some(address) = address {
            addresses.push((i, address));
        }
        if let Some(reading) = reading {
            readings.push((i, reading));
        }
    }
    let keys: Vec<&str> = addresses.iter().map(|(_, a)| a.as_ref()).collect();
    let first = crate::strset::first_of_each(&keys);
    let repeats = first
        .into_iter()
        .enumerate()
        .filter(|&(k, f)| f != k)
        .map(|(k, f)| (addresses[k].0, addresses[f].0))
        .collect();
    SamePages { repeats, readings }
}

/// A reason about an item of the list nested at `nest` (see [`add_groups`]),
/// said as a warning of that list is: "in the nested list of item 2: …".
fn in_nested(nest: &[usize], reason: Message) -> Message {
    nest.iter().rev().fold(reason, |reason, &n| Message {
        code: Code::violationInNested,
        args: vec![decimal(n as u64).into(), reason.into()],
    })
}

/// The list's `title` or `group-name`, unless blank.
fn own_title(list: &UriList) -> Option<String> {
    list.title().map(clean_title).filter(|t| !t.is_empty())
}

/// The longest group name, in characters; longer ones end in "…".
pub const MAX_TITLE_CHARS: usize = 80;

/// The longest page title a group carries ([`Group::titles`]), in
/// characters; longer ones end in "…". The most the extension writes in a
/// link (`TITLE_MAX` in extension/background/share.js), so that tabs opened
/// from a link it wrote are shared again with the same titles; a tab shows a
/// few dozen.
pub const MAX_PAGE_TITLE_CHARS: usize = 120;

/// White space folded to single spaces, control characters and
/// bidirectional controls ([`crate::bidi::is_bidi_control`]: a group's
/// name is shown, and copied, next to addresses) dropped, and at most
/// [`MAX_TITLE_CHARS`] characters.
/// The most of a link's text read when it is written as a list's link: as
/// much as the extension sends of it (background/open.js `MAX_TEXT_LENGTH`).
const MAX_LINK_TEXT_CHARS: usize = 1000;

fn clean_title(t: &str) -> String {
    clean_to(t, MAX_TITLE_CHARS)
}

/// [`clean_title`], at most `most` characters.
fn clean_to(t: &str, most: usize) -> String {
    let t = crate::bidi::without_bidi_controls(t);
    let folded: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    let folded = folded.join(" ");
    match folded.char_indices().nth(most - 1) {
        Some((cut, _)) if folded.chars().count() > most => {
            let mut title = folded[..cut].to_owned();
            title.push('…');
            title
        }
        _ => folded,
    }
}

/// "1 page", "4 pages from 3 sites", "2 pages from example.com", or the
/// site of a single page; with the message it is the English of. `sites`
/// are the pages' sites (Unicode), in order.
fn summary(pages: usize, sites: &[&str]) -> (String, Option<Message>) {
    let first = crate::strset::first_of_each(sites);
    let distinct = (0..sites.len()).filter(|&i| first[i] == i).count();
    let message = match (pages, distinct) {
        (1, 1) => return (sites[0].to_owned(), None),
        (1, _) => Message::new(Code::summaryOnePage),
        (n, 1) => Message::with(Code::summaryOneSite, &[&decimal(n as u64), sites[0]]),
        (n, s) => Message::with(
            Code::summarySites,
            &[&decimal(n as u64), &decimal(s as u64)],
        ),
    };
    (message.english(), Some(message))
}
