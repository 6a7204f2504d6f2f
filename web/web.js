// The web page for people without the extension: opened at BASE#LINK (a web link, src/syntax/web_link.rs),
// it shows the list in its fragment as the extension's preview page does, read by the same wasm
// core (in a worker, web/worker.js: never on the page's main thread), drawn by the same list view
// (extension/pages/list-view.js: a box per page, the pages with a warning unticked), and offers what
// a web page can do: each page as a link, "Open N selected" (every ticked page where the browser
// lets a page open them; where it blocks all but one as pop-ups, the page says how to allow them
// and goes on from there), copying the link and its text/uri-list, and, where the extension is
// installed, "Open as a tab group". It asks nothing of any other
// origin (index.html's Content-Security-Policy); the fragment never leaves the browser. It puts
// the list in `<link rel="alternate">`, for browsers and extensions that know uri-list (the
// Multilinks explainer's fallback). Words come from the extension's _locales (English, German);
// no text is ever set as HTML (pages/dom.js `element`). .ci/web.mjs bundles this file, pages/dom.js
// and the words into one module, and the worker with the wasm's glue into another.
// The extension's page helpers (bundled into the page's one module by .ci/web.mjs).
import { $, element, fill } from '../extension/pages/dom.js';
import { filterCount, filterRows, otherRow, pageRow } from '../extension/pages/list-view.js';
// What the page needs before it can show a list (its words, its wasm, its reader), asked for
// from the page's first bytes by index.html's inline copy of web/boot.js, or here where that did
// not run.
import { boot } from './boot.js';
// Where a person gets the extension, set at build time (.ci/web.mjs): `{chrome, firefox}`, '' for none.
import GET_EXTENSION from 'distribution';
// "Open on another device": the page's address as a QR code (its wasm loaded only when asked for).
import { qrButton } from '../extension/pages/qr-view.js';

/** Example items for the page without a list: hosts reserved for examples (RFC 2606). */
const EXAMPLE = 'uri-list:https://example.com/;https://example.org/?title=Example';

let messages = {};

/** The filter box over the rows (extension/pages/list-view.js), from ten rows on. */
const filter = filterRows({
  box: $('filter'),
  input: /** @type {HTMLInputElement} */ ($('filter-input')),
  list: $('items'),
  say: (shown, total) => {
    // What "Open N selected" leaves out: the ticked pages the filter hides (it opens the rows shown).
    const hidden = pages.filter((page) => page.checked && !opens(page)).length;
    $('filter-count').textContent = filterCount(t, shown, total, hidden);
    selectionChanged();
  },
});

/** Whether "Open selected" takes `page` when ticked: a row the filter shows (list-view.js). */
const opens = (page) => filter.shows(page.box);

/**
 * A message of the page's words by name, as `i18n.getMessage` gives it: `$1`… the substitutions,
 * `$$` a dollar sign. The words are _locales' messages as the extension's package has them, each
 * `$NAME$` placeholder written in as the `$1`… it stands for (.ci/messages.mjs).
 */
function t(name, ...substitutions) {
  const message = messages[name];
  if (typeof message !== 'string') return '';
  return message.replace(/\$\$|\$([1-9])/g, (whole, n) => (n === undefined ? '$' : String(substitutions[n - 1] ?? '')));
}

/** A core message `{code, args, message}` in the page's language (its English `message` without an entry). */
function localized(message) {
  if (typeof message === 'string') return message;
  if (message === null || typeof message !== 'object') return '';
  const args = (message.args ?? []).map((arg) => (arg !== null && typeof arg === 'object' ? localized(arg) : String(arg)));
  return (typeof message.code === 'string' && t(message.code, ...args)) || String(message.message ?? '');
}

/** Fills a box of warnings (MAX_LINES lines at most, then how many more there are: see `report`). */
function fillList(id, lines) {
  fill(`${id}-list`, lines);
  $(id).hidden = lines.length === 0;
}

function status(text) {
  $('status').textContent = text;
}

/**
 * The list's name in the heading: at most three lines are shown (web.css), so that on a phone's
 * first screen the count and the main action stay under it; a longer name is whole in the
 * heading's tooltip, and in the tab's title.
 */
function showTitle(title) {
  $('title').textContent = title;
  $('title').title = title.length > 80 ? title : '';
}

/** The page's address without its fragment: the base of web links to it. */
const base = () => location.href.split('#')[0];

/** The list's `<link rel="alternate">` in the head (the explainer's fallback), or none. */
function alternate(link) {
  document.querySelector('link[rel="alternate"]')?.remove();
  if (link) document.head.append(element('link', { rel: 'alternate', href: link }));
}

/**
 * Openable pages in order (nested lists walked): `{url, checked, box}`, `box` the row's checkbox
 * (null for a page past the rows drawn, see MAX_ROWS). The boxes and this model are kept in step.
 * @type {{url: string, checked: boolean, box: HTMLInputElement | null}[]}
 */
let pages = [];
/**
 * The list's pages that repeat an earlier one (the plan's `duplicates`, by their row in
 * `checkAll`: `entry`), each with the reason ("the same page as item 1"): drawn unticked and
 * marked, as the extension's preview page leaves them out, so that a person does not open a
 * page twice. A list too long to be planned (past MAX_ROWS) has none here.
 * @type {Map<number, {entry: number, reason: any}>}
 */
let duplicates = new Map();
/**
 * The pages "Open selected" opened in the run it has not finished: where the browser blocked the
 * rest as pop-ups, the next press opens the ticked pages the filter shows that are not among these,
 * even when the person changed the ticks or the filter meanwhile (a page already opened is never
 * opened twice in a run). Once none is left the run ends, and a press opens them all again.
 * @type {Set<object>}
 */
let opened = new Set();
let current = { link: '', text: '' };
/** The words the list view (extension/pages/list-view.js) writes with. */
const words = { t: (name, ...args) => t(name, ...args), localized: (message) => localized(message) };

/** The ticked pages the filter shows: what "Open selected" takes. */
const selected = () => pages.filter((page) => page.checked && opens(page));

/** Of the selected pages, those the unfinished run has not opened yet (none when no run waits). */
const notOpened = () => (opened.size === 0 ? [] : selected().filter((page) => !opened.has(page)));

/** "Open 6 selected", or "Open the other 4" while blocked pop-ups wait. */
function openLabel() {
  const rest = notOpened().length;
  const ticked = selected().length;
  const button = /** @type {HTMLButtonElement} */ ($('open-selected'));
  button.textContent = rest ? t('webOpenRest', rest) : ticked === 0 ? t('webOpenNone') : t('webOpenSelected', ticked);
  button.disabled = ticked === 0;
  // No page ticked at all (a filter's hidden ticks are told by its count): the person is told
  // why the button is disabled, and what to do.
  $('open-hint').hidden = pages.length === 0 || pages.some((page) => page.checked);
}

/**
 * The ticks or the filter changed: the button says the new count, and the pop-up help how many
 * pages still wait (it goes when none does). What the run opened stays opened.
 */
function selectionChanged() {
  const rest = notOpened().length;
  if (rest) popupHelp(rest);
  else $('popups').hidden = true;
  openLabel();
}

/**
 * The wasm core's calls run in a dedicated worker, the reader (web/worker.js), never on the
 * page's main thread: checking a 2 MB list takes the core seconds, and done here it kept the tab
 * from answering input or painting all that time. The reader streams its answers back, each a
 * message and so a task of its own, and the page draws as they come: the first FIRST_ROWS rows
 * from a bounded check (the core's `checkAll(link, limit)`), at once, where the list is longer
 * (else that check is the whole one, and its rows are drawn once, with the list's parts); then
 * the whole check's parts and the plan (of lists of at most MAX_ROWS items); then the items,
 * CHUNK_ROWS at a time, each chunk's rows drawn as it comes.
 */
const FIRST_ROWS = 100;
const CHUNK_ROWS = 250;
/**
 * The most rows drawn: each row more makes every later chunk's layout longer (measured in
 * Chromium: 400 rows added to 20 000 took 300 ms), and no one reads 60 000 rows. The rest are
 * counted in a line after them; "Open selected" takes those without a warning, and the copies every item.
 */
const MAX_ROWS = 5000;
/**
 * The most lines in each of the boxes of warnings ("Look before you open", notes), then a line
 * saying how many more: a 2 MB list of distinct lookalike hosts has 60 000 alerts, one a host,
 * and no one reads them all before the list (each row still carries its own).
 */
const MAX_LINES = 50;
/**
 * The most sites named in the line of sites, then how many more: a list of 60 000 sites made one
 * paragraph of 1.5 MB, whose layout alone froze the tab for a minute (Chromium).
 */
const MAX_SITES = 20;
/** The newest rendering: answers for an older one (the fragment changed meanwhile) are dropped. */
let rendering = 0;

/** The reader (a Worker), the compiled wasm it is given, and who waits for which answer. */
let reader = null;
let wasm = null;
let asked = 0;
/** Answers awaited, by request id: `{each(message) -> true when it is the last, fail(error)}`. */
const waiting = new Map();
/** Why the reader cannot answer (the wasm not fetched, the worker not started), once known. */
let broken = null;

/** Tells everyone waiting, and everyone who asks later, that the reader cannot answer. */
function breaks(error) {
  broken = error;
  for (const { fail } of waiting.values()) fail(error);
  waiting.clear();
}

/** What a request left unanswered by a reader started again gets: nothing to show for it. */
const REPLACED = new Error('replaced by a newer list');

/**
 * Starts the reader (again, when a long check would only delay the newer list), or takes the one
 * `given` (started by web/boot.js, which gives it the wasm itself).
 */
function startReader(given = null) {
  for (const { fail } of waiting.values()) fail(REPLACED);
  waiting.clear();
  reader?.terminate();
  reader = given ?? new Worker('worker.js', { type: 'module' });
  reader.addEventListener('message', ({ data }) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    try {
      if (data.kind === 'error') throw data.error;
      if (entry.each(data)) waiting.delete(data.id);
    } catch (error) {
      waiting.delete(data.id);
      entry.fail(error);
    }
  });
  // The reader did not start (its script not found, refused...): whoever waits is told.
  reader.addEventListener('error', (event) => {
    event.preventDefault();
    breaks(new Error(`the page's reader (worker.js) failed${event.message ? `: ${event.message}` : ''}`));
  });
  // A copy: kept for a reader started again.
  const started = reader;
  wasm.then((module) => given || started.postMessage({ wasm: module }), breaks);
}

/** Sends `request` to the reader; `each(message)` for each answer, true for the last; `fail(error)`. */
function ask(request, each, fail) {
  if (broken) return fail(broken);
  const id = ++asked;
  waiting.set(id, { each, fail });
  reader.postMessage({ ...request, id });
}

/** The text/uri-list form of `link`, from the reader. */
const textOf = (link) =>
  new Promise((resolve, reject) => ask({ kind: 'text', link }, (message) => (resolve(message.text), true), reject));

/**
 * Draws `rows` (checkAll's items, nested lists' items after their list's item with their depth)
 * from `from` on into the `<ol>`s of `stack` (one per depth; a nested list is an item holding
 * its title and an `<ol>` of its own), `count` rows at most; returns where it stopped.
 */
function drawRows(report, stack, from, count, offset = 0) {
  const end = Math.min(report.items.length, from + count);
  for (let n = from; n < end; n += 1) {
    const entry = report.items[n];
    const depth = entry.depth ?? 0;
    stack.length = Math.min(stack.length, depth + 1);
    const ol = stack[stack.length - 1];
    if (entry.class === 'list') {
      const li = element('li', { class: 'nested' });
      const inner = element('ol');
      // Its own title, and the one its list's page-titles gives it (both the sender's words).
      const own = report.lists?.[entry.nested]?.title;
      const given = entry.pageTitle;
      const heading = own && given && own !== given ? t('webNestedBoth', own, given) : own || given || t('previewNestedList');
      li.append(element('h3', heading.length > 80 ? { title: heading } : {}, heading), inner);
      ol.append(li);
      stack.push(inner);
      continue;
    }
    ol.append(itemRow(entry, within(ol), offset + n));
  }
  return end;
}

/** The headings of the nested lists `ol` is in, innermost first (the filter matches them too). */
function within(ol) {
  const names = [];
  for (let at = ol.closest('li.nested'); at; at = at.parentElement?.closest('li.nested') ?? null) {
    names.push(at.querySelector(':scope > h3')?.textContent ?? '');
  }
  return names;
}

/**
 * A row of the list view; an openable page's with its box, which the model follows. `index`: the
 * row's place in the whole check (a duplicate is known by it).
 */
function itemRow(entry, names, index) {
  if (entry.class !== 'openable') return otherRow(entry, words, names);
  const n = pages.length;
  const duplicate = duplicates.get(index);
  const marked = duplicate
    ? { checked: false, className: 'duplicate', before: [element('span', { class: 'tag' }, t('previewDuplicate')), element('span', {}, localized(duplicate.reason))] }
    : {};
  const li = pageRow(entry, words, { id: `item-${n}`, n, within: names, ...marked });
  const box = /** @type {HTMLInputElement} */ (li.querySelector('input[type=checkbox]'));
  pages.push({ url: entry.item, checked: box.checked, box });
  return li;
}

/**
 * The page for the list `link`, drawn from the reader's answers as they come (see FIRST_ROWS):
 * `head` draws the first rows, `report` the list's parts, `items` each chunk, `done` the rest.
 */
function listView(link) {
  let report = null;
  let stack = null;
  /** The rows of the whole check drawn so far (each chunk's first is the next). */
  let drawn = 0;
  return {
    head(head) {
      pages = [];
      duplicates = new Map();
      opened = new Set();
      selectionChanged();
      filter.clear();
      $('filter-count').textContent = '';
      // At once: the first rows and the list's own title.
      const provisional = head.title || t('previewUntitled');
      document.title = t('webPageTitle', provisional);
      showTitle(provisional);
      $('summary').textContent = t('webReading');
      $('sites').hidden = true;
      for (const id of ['look', 'notes', 'open']) $(id).hidden = true;
      // Where the list has more items than these, its first rows (the whole check's come next);
      // else these are the whole check's, which come next to be drawn once, with the list's parts.
      // The first rows are to read, not to click: a note may still come from a later item (a
      // lookalike of a site further down), and a tap must never come before its warning. So they
      // are inert (no click, no focus) until the whole check's rows take their place.
      const firstOl = element('ol');
      if (head.unchecked) {
        firstOl.inert = true;
        firstOl.classList.add('provisional');
        drawRows(head, [firstOl], 0, FIRST_ROWS);
      }
      $('items').replaceChildren(firstOl);
      $('list').hidden = false;
      $('how').hidden = true;
      alternate(link);
      pages = []; // counted again from the whole check
    },
    report(message) {
      report = message;
      // MAX_LINES lines at most, then how many more there are (`count` in all).
      const more = (lines, count = lines.length) => (count > MAX_LINES ? [...lines.slice(0, MAX_LINES), t('violationMore', count - MAX_LINES)] : lines);
      if (message.plan) {
        // The plan: the name the extension would give the group, why it would show its preview.
        const all = message.plan;
        const first = all.groups[0];
        const title = all.title || localized(first?.summary) || first?.title || t('previewUntitled');
        document.title = t('webPageTitle', title);
        showTitle(title);
        const reasons = all.preview.filter((reason) => !['previewTypeList', 'previewOverLimit'].includes(reason.code));
        fillList('look', more(reasons.map(localized)));
        duplicates = new Map(all.duplicates.map((duplicate) => [duplicate.entry, duplicate]));
        const repeated = duplicates.size === 0 ? [] : [duplicates.size === 1 ? t('webDuplicateOne') : t('webDuplicates', duplicates.size)];
        fillList('notes', more([...repeated, ...all.notes.map(localized), ...message.warnings.map(localized)]));
      } else {
        // A list not planned: its warnings are the items' own, each once (the reader's summary).
        fillList('look', more(message.look.map(localized), message.lookCount));
        fillList('notes', more([...message.notes, ...message.warnings].map(localized), message.noteCount + message.warnings.length));
      }
    },
    items(chunk) {
      // The rows again from the whole check (an early row may have a note from a later one),
      // the first chunk in place of the provisional rows.
      if (!stack) {
        stack = [element('ol')];
        $('items').replaceChildren(stack[0]);
      }
      drawRows({ items: chunk, lists: report.lists }, stack, 0, chunk.length, drawn);
      drawn += chunk.length;
      filter.refresh();
    },
    done() {
      if (!stack) $('items').replaceChildren(element('ol'));
      // Past the rows drawn: the pages without a warning (the reader leaves the others out).
      pages.push(...report.pages.map((url) => ({ url, checked: true, box: null })));
      if (report.total > MAX_ROWS) {
        $('items').append(element('p', { class: 'more', id: 'more-rows' }, t('webMoreRows', MAX_ROWS, report.total - MAX_ROWS)));
      }
      // "6 pages from 4 sites.", as the extension's preview page says it.
      const count = (n, one, many) => (n === 1 ? t(one) : t(many, n));
      $('summary').textContent =
        report.openable === 0 ? t('previewNoPages') : t('previewSummary', count(report.openable, 'popupOnePage', 'popupPages'), count(report.siteCount, 'popupOneSite', 'popupSites'));
      const named = report.sites.map(([site, unicode]) => (unicode === site ? site : t('previewSiteBoth', unicode, site)));
      if (report.siteCount > named.length) named.push(t('popupMoreSites', report.siteCount - named.length));
      // Each site a piece of its own, cut at its start where it is longer than the line: the end
      // of a host is the site it is on ("…-center.evil.example", not "paypal.com-secure-…").
      const [before, after = ''] = t('webSites', '\u0000').split('\u0000');
      $('sites').replaceChildren(before);
      named.forEach((name, n) => {
        if (n > 0) $('sites').append(', ');
        $('sites').append(element('span', { class: 'site-name' }, element('bdi', { dir: 'ltr' }, name)));
      });
      $('sites').append(after);
      $('sites').hidden = report.siteCount === 0;
      $('open-group').setAttribute('href', link);
      $('open').hidden = false;
      filter.refresh();
      openLabel();
    },
  };
}

/** The page without a list (`error`: why the fragment could not be read, if it held something). */
function showAbout(error) {
  const title = error ? t('previewUnreadable') : t('webEmptyTitle');
  document.title = `${title} · uri-list`;
  showTitle(title);
  $('summary').textContent = t('webEmptyLead');
  $('sites').hidden = true;
  $('error').textContent = error ? localized(error) || String(error?.message ?? error) : '';
  $('error').hidden = !error;
  for (const id of ['look', 'notes', 'open', 'list']) $(id).hidden = true;
  $('how').hidden = false;
  alternate(null);
}

/** Whether the reader is still answering an earlier request. */
const readerBusy = () => waiting.size > 0;

/** Shows what the fragment holds; resolves once it is all drawn (or replaced by a newer one). */
async function render() {
  const turn = ++rendering;
  const stale = () => turn !== rendering;
  status('');
  $('error').hidden = true;
  $('main').setAttribute('aria-busy', 'true');
  const hash = location.hash.slice(1);
  if (hash === '') {
    showAbout(null);
    $('main').removeAttribute('aria-busy');
    return;
  }
  const fragment = location.href.slice(location.href.indexOf('#') + 1);
  current = { link: fragment, text: null };
  // A reader still checking an earlier list would only answer after it: a new one now.
  if (readerBusy()) startReader();
  const view = listView(fragment);
  try {
    await new Promise((resolve, reject) => {
      const request = { kind: 'render', fragment, href: location.href, first: FIRST_ROWS, chunk: CHUNK_ROWS, most: MAX_ROWS, maxSites: MAX_SITES, maxLines: MAX_LINES };
      ask(
        request,
        (message) => {
          if (stale()) {
            resolve();
            return true;
          }
          switch (message.kind) {
            case 'head':
              view.head(message.head);
              break;
            case 'report':
              view.report(message);
              break;
            case 'items':
              view.items(message.items);
              break;
            case 'done':
              view.done();
              resolve();
              break;
            case 'text':
              current.text = message.text;
              return true;
          }
          return false;
        },
        reject,
      );
    });
  } catch (error) {
    if (!stale()) showAbout(error);
  } finally {
    if (!stale()) $('main').removeAttribute('aria-busy');
  }
}

/** Copies `text`: the Clipboard API where the page is a secure context, else a selected textarea. */
async function copy(text) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = element('textarea', { 'aria-hidden': 'true', class: 'offscreen' });
      area.value = text;
      document.body.append(area);
      area.select();
      const done = document.execCommand('copy');
      area.remove();
      if (!done) throw new Error('execCommand');
    }
    status(t('previewCopied', text.length));
  } catch (error) {
    status(t('previewCopyFailed', error?.message ?? error));
  }
}

/**
 * "Open N selected": each ticked page in a tab of its own, in order, at its exact URL, with no
 * opener (set to null before it loads: `noopener` would make window.open() return null always,
 * and null is how a page learns the browser blocked a pop-up) and no referrer (index.html's
 * referrer policy). A browser lets a click open one tab, and more only where the person allows
 * pop-ups for the site: where it blocks one, the page stops there, says how to allow them in
 * this browser's own words, and the next press goes on from that page.
 */
function openSelected() {
  let todo = notOpened();
  if (todo.length === 0) {
    opened = new Set();
    todo = selected();
  }
  if (todo.length === 0) return status(t('previewNothingChecked'));
  let count = 0;
  for (const page of todo) {
    if (!openTab(page.url)) break;
    opened.add(page);
    count += 1;
  }
  if (count === 0) {
    // Not even the first: a browser that lets a page open no tab at all, however it is asked (an
    // app's own browser, a chat app's, often is one). Allowing pop-ups would not help there.
    status(t('webOpenedNone'));
    $('popups-what').textContent = t('webNoNewTabs');
    $('popups-how').textContent = t('webNoNewTabsHow');
    $('popups').hidden = false;
  } else if (count < todo.length) {
    const run = selected();
    status(t('webOpenedSome', run.filter((page) => opened.has(page)).length, run.length));
    popupHelp(todo.length - count);
  } else {
    status(count === 1 ? t('webOpenedOne', todo[0].url) : t('webOpenedAll', count));
    $('popups').hidden = true;
    opened = new Set();
  }
  openLabel();
}

/**
 * Opens `url` in a new tab, with no opener (and so no referrer); false when the browser opened
 * none: it returned no window (a pop-up blocked), or refused what the page asked of it (Firefox,
 * in a frame that may open no window, throws on the new window's `opener`).
 */
function openTab(url) {
  let tab = null;
  try {
    tab = window.open('about:blank', '_blank');
    if (!tab) return false;
    tab.opener = null;
    tab.location.replace(url);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}

/** How to let this page open every page with one press: in the browser's own words. */
function popupHelp(left) {
  const kind = browserKind(); // null on a phone, whose browsers say it otherwise
  // As each browser names the site there: Chrome the origin ("http://127.0.0.1:8000"), Firefox
  // the host without its port.
  const site = kind === 'firefox' ? location.hostname : location.origin;
  $('popups-what').textContent = t('webPopupsBlocked', left);
  $('popups-how').textContent = t(kind === 'firefox' ? 'webPopupsFirefox' : kind === 'chrome' ? 'webPopupsChrome' : 'webPopupsOther', site, left);
  $('popups').hidden = false;
}

/** Ticks (or unticks) every page shown by the filter. */
function setAll(checked) {
  for (const page of pages) {
    if (page.box && page.box.closest('li')?.hidden) continue;
    page.checked = checked;
    if (page.box) page.box.checked = checked;
  }
  selectionChanged();
}

function fillStatic() {
  document.documentElement.lang = t('languageCode') || 'en';
  const words = {
    kicker: 'webKicker',
    'look-heading': 'webLook',
    'notes-heading': 'previewNotes',
    'open-heading': 'webOpenHeading',
    'open-group': 'webOpenGroup',
    'copy-link': 'previewCopyLink',
    'select-all': 'previewSelectAll',
    'select-none': 'previewSelectNone',
    'filter-label': 'webFilter',
    'open-hint': 'previewNothingChecked',
    'copy-text': 'previewCopyText',
    'items-heading': 'previewItems',
    'about-heading': 'webAboutHeading',
    privacy: 'webPrivacy',
    extension: 'webExtension',
    'how-heading': 'webHowHeading',
    'how-extension': 'webHowExtension',
    'how-cli': 'webHowCli',
    'how-hand': 'webHowHand',
  };
  for (const [id, name] of Object.entries(words)) $(id).textContent = t(name);
  $('how-cli-code').textContent = `uri-list encode --web ${base()} https://example.com/ https://example.org/`;
  $('example').href = `#${EXAMPLE}`;
  $('example').textContent = `${base()}#${EXAMPLE}`;
}

/**
 * The browser the page runs in, for "Get the extension": 'firefox', 'chrome' (Chromium's browsers
 * take the Chrome package), or null (no package for it: Safari, a phone's browser...).
 */
function browserKind() {
  const agent = navigator.userAgent;
  if (/Android|iPhone|iPad|Mobile/.test(agent)) return null;
  if (/\bFirefox\//.test(agent)) return 'firefox';
  if (/Chrom(e|ium)\//.test(agent)) return 'chrome';
  return null;
}

/**
 * "Get the extension for Chrome/Firefox" at the top of the page, linking to the store or release
 * page set at build time. The extension, when installed, marks this page (its content script sets
 * `data-uri-list-extension` on the root element: the page learns only that), and web.css hides it.
 */
function offerExtension() {
  const kind = browserKind();
  const address = kind && GET_EXTENSION[kind];
  if (!address) return;
  const link = /** @type {HTMLAnchorElement} */ ($('get-extension-link'));
  link.href = address;
  link.textContent = t(kind === 'firefox' ? 'webGetExtensionFirefox' : 'webGetExtensionChrome');
  $('get-extension-why').textContent = t('webGetExtensionWhy');
  $('get-extension').hidden = false;
}

async function start() {
  // The words, the wasm and the reader, started together: none waits for another.
  const started = globalThis.uriListBoot ?? boot();
  const framed = framedByAnotherSite();
  let unstarted = started.unstarted;
  wasm = started.wasm;
  if (framed) {
    started.reader?.terminate();
  } else if (started.reader) {
    try {
      startReader(started.reader);
      if (started.failed) breaks(started.failed);
    } catch (error) {
      unstarted = error;
    }
  }
  try {
    messages = await started.words;
  } catch (error) {
    showAbout(error);
    $('main').removeAttribute('aria-busy');
    return;
  }
  offerExtension();
  fillStatic();
  $('open-selected').addEventListener('click', openSelected);
  $('select-all').addEventListener('click', () => setAll(true));
  $('select-none').addEventListener('click', () => setAll(false));
  $('items').addEventListener('change', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return;
    pages[Number(box.dataset.n)].checked = box.checked;
    selectionChanged();
  });
  $('copy-link').addEventListener('click', () => copy(location.href));
  const qr = qrButton({ button: $('qr-show'), panel: $('qr-panel'), link: () => location.href, t, wasm: 'pkg/uri_list_qr_bg.wasm' });
  addEventListener('hashchange', () => qr.refresh()); // another list: the code of its address
  // The text/uri-list form, which the reader sends once the list is drawn (or makes when asked).
  $('copy-text').addEventListener('click', async () => {
    const link = current.link;
    try {
      copy((current.text ??= await textOf(link)));
    } catch (error) {
      if (error !== REPLACED) status(t('previewCopyFailed', localized(error) || String(error?.message ?? error)));
    }
  });
  if (framed) return refuseFrame();
  if (unstarted) {
    showAbout(unstarted);
    $('main').removeAttribute('aria-busy');
    return;
  }
  // Another list: the focus goes to its name once it is drawn (a screen reader then reads the new
  // name, not the old one still there while the list is read).
  addEventListener('hashchange', async () => {
    await render();
    $('title').focus();
  });
  await render();
}

/**
 * Whether the page is shown inside a frame of another site's page. Such a page could lay the
 * "Open" button under a press of its own (clickjacking), and `frame-ancestors` cannot be set
 * from a `<meta>` Content-Security-Policy (the page is static): so the page looks for itself.
 * Chromium names every ancestor's origin (`location.ancestorOrigins`); elsewhere, reading the
 * top page's address throws when it is of another origin.
 */
function framedByAnotherSite() {
  if (window.top === window) return false;
  const ancestors = location.ancestorOrigins;
  if (ancestors) return [...ancestors].some((origin) => origin !== location.origin);
  try {
    return window.top.location.origin !== location.origin;
  } catch {
    return true;
  }
}

/** In another site's frame: nothing of the list, nothing to press but a link to this page in a tab of its own. */
function refuseFrame() {
  rendering += 1;
  showAbout(null);
  $('how').hidden = true;
  document.title = t('webFramedTitle');
  showTitle(t('webFramedTitle'));
  $('summary').textContent = t('webFramed');
  const own = element('a', { href: location.href, target: '_blank', rel: 'noopener noreferrer', id: 'own-tab' }, t('webOpenOwnTab'));
  $('error').replaceChildren(own);
  $('error').hidden = false;
  $('main').removeAttribute('aria-busy');
}

start();
