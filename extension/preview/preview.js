// The preview page: a uri-list link shown page by page before anything opens. It comes up for
// long lists (more pages than open at once), `type=list`, lists with lookalike sites or
// addresses that hide where they go, links that arrive without a person's click (a navigation,
// the ext+urilist protocol handler), and clicks the content script doubts (the link changed as
// it was clicked, was not visible, was focused by the page, a repeat): it then says which.
//
// A bar stays at the top: the group's name (editable), "in a new window", "load pages only
// when I look at them", "leave out N duplicates" (when the list holds a page twice), "in
// reverse order", "add to the current tab group" (when there is one), and the one button,
// "Open 18 pages as a group". Below, the groups the
// list opens as, each page under its site (named once), each page a link that opens that one
// page. Pages are rendered in chunks, so a list of 10 000 keeps the page responsive.
//
// Tabs open only on a real click (or key press) on the Open button, and only the pages the link
// holds: the background makes the plan again, checks each page it is sent, and checks the
// name and the choices (background/open.js openSelected).
import init, { checkAll, plan, toText, webLink } from '../common/core.js';
import { requestBookmarks } from '../pages/bookmark-access.js';
import { $, element } from '../pages/dom.js';
import { acceptDrops, dragOut, readDrop } from '../pages/drop.js';
import { localized, localizePage, t } from '../common/i18n.js';
import { api } from '../common/api.js';
import { ask } from '../common/prelude.js';
import { lazyFor, readSettings } from '../common/settings.js';
import { PREVIEW_REASONS, readPreview } from '../common/preview.js';
import { guardInput } from '../pages/input-guard.js';
import { qrButton, QR_WASM } from '../pages/qr-view.js';
import { filterCount, filterRows, otherRow, pageRow as listRow, siteName } from '../pages/list-view.js';

/** The words the list view (pages/list-view.js) writes with. */
const words = { t, localized };

/** Rows added to the page per task: small enough that no task runs long, big enough to be quick. */
const CHUNK = 250;

/**
 * The link: `?id=` names what the extension stored for this page in storage.local (the link,
 * its text, why it is shown), so that a link of any length up to the 2 MiB limit fits;
 * `?link=` is %s of the ext+urilist protocol handler (Firefox), and of pages opened that way
 * before this version.
 */
const query = new URLSearchParams(location.search);
const stored = query.has('id') ? await readPreview(query.get('id')).catch(() => null) : null;
const link = (stored?.link ?? query.get('link') ?? '').trim();
const linkText = stored?.text ?? query.get('text') ?? '';
/**
 * Why the page is shown, when it is not the list's own plan that asks for it (`limited.preview`):
 * the reason stored with the link (a click in doubt, a navigation, a typed link); a link in the
 * address (`?link=`) came through Firefox's ext+urilist protocol handler, or was dropped here.
 */
function wayIn() {
  if (Object.hasOwn(PREVIEW_REASONS, stored?.reason)) return t(PREVIEW_REASONS[stored.reason]);
  if (!stored && query.has('link')) return t(query.has('dropped') ? 'reasonDropped' : 'reasonProtocolHandler');
  return null;
}
const reason = wayIn();

/**
 * Double-clickjacking: a page can bring this page up under the person's pointer between the two
 * presses of a double-click. The controls that open (or save) pages take a press only once the
 * page has been in front, focused, for a moment (pages/input-guard.js).
 */
const guard = guardInput({
  selector: '#open, #save-bookmarks, #items a.url',
  marked: '#open, #save-bookmarks',
  hint: $('open-wait'),
  onRefused: () => status(t('previewNotYet')),
});

/**
 * Every openable page, in the order shown: `{n, index, kept, url, checked, box, duplicate}` (`n`
 * its place here, `index` its place in the plan with every page, `kept` in the plan without the
 * duplicates (null for a duplicate), `box` once its row is on the page, `duplicate` the reason
 * it repeats an earlier page). The boxes on the page and this model are kept in step.
 * @type {{n: number, index: number, kept: number | null, url: string, checked: boolean, box: HTMLInputElement | null, duplicate: any}[]}
 */
const pages = [];

/** Whether the filter shows a row (list-view.js `shows`): every row until the filter is made. */
let shownByFilter = (/** @type {HTMLInputElement | null} */ _box) => true;

/**
 * Whether the Open button takes `page` when ticked: a row the filter shows. What is opened is what
 * the person sees ticked; the filter's count says how many ticked pages it hides.
 * @param {{box: HTMLInputElement | null}} page
 */
const opens = (page) => shownByFilter(page.box);

/**
 * The `lazy` setting when it is "above N pages" (N), else null; once the person ticks or unticks
 * the lazy choice themselves, null too: then the choice is theirs, and no longer follows the count.
 * @type {number | null}
 */
let lazyAbove = null;

localizePage();

try {
  if (query.has('id') && !stored) throw new Error(t('previewGone'));
  await init();
  const settings = await readSettings();
  await show(/** @type {Settings} */ (settings));
  // "Open on another device": the list's web link as a QR code, on the web page set for web links.
  if (settings.webBase) {
    // The core's error (a web page setting it would not take) said in the browser's language.
    const webLinkShown = () => {
      try {
        return webLink(settings.webBase, link);
      } catch (error) {
        throw new Error(localized(error) || String(error));
      }
    };
    qrButton({ button: $('qr-show'), panel: $('qr-panel'), link: webLinkShown, t, wasm: QR_WASM });
  }
} catch (error) {
  document.title = t('previewUnreadable');
  $('title').textContent = t('previewUnreadable');
  $('error').textContent = localized(error) || String(error);
  $('error').hidden = false;
}

/**
 * @typedef {{openLimit: number, lazy: boolean | number, skipDuplicates: boolean, reverse: boolean, joinGroup: boolean}} Settings
 */

/**
 * The groups the link opens as (the plan's groups, in order: a list's own pages, one group per run
 * between nested lists; each nested list's), each with its pages, and the items that are not
 * opened. The core's checkAll() gives every item, nested lists' right after the item that holds
 * them, each with the index of its list: a run ends at a nested list and where its list changes,
 * as in plan(). `the` is the plan with every page (duplicates kept); `duplicates`, the plan's
 * duplicates by their row in checkAll() (`entry`): those pages are marked, and counted apart.
 */
function sections(planned, checked, duplicates) {
  const groups = planned.groups.map((group) => ({ title: localized(group.summary) || group.title, depth: group.depth, rows: [] }));
  const others = [];
  let next = 0; // the next group of the plan
  let index = 0; // the next openable page of the plan
  let kept = 0; // the next page of the plan without duplicates
  let run = null;
  let runList = -1;
  for (const [at, entry] of checked.items.entries()) {
    if (entry.class === 'list') {
      run = null;
      continue;
    }
    if (entry.class !== 'openable') {
      others.push(entry);
      continue;
    }
    if (run === null || runList !== entry.list) {
      run = groups[next++];
      runList = entry.list;
    }
    const duplicate = duplicates.get(at) ?? null;
    run.rows.push({ ...entry, page: index++, kept: duplicate ? null : kept++, duplicate });
  }
  return { groups: groups.filter((g) => g.rows.length > 0), others };
}

/** The rows of one group, by site (in the order sites first appear), each site named once. */
function bySite(rows) {
  const sites = new Map();
  for (const row of rows) {
    const key = row.site ?? '';
    if (!sites.has(key)) sites.set(key, []);
    sites.get(key).push(row);
  }
  return [...sites.values()];
}

/**
 * The tab group "add to the current tab group" would join: this page's tab's, else the group of
 * the tab that opened it (the preview opens next to the link's tab); null for none.
 */
async function currentGroup() {
  const grouped = (tab) => (typeof tab?.groupId === 'number' && tab.groupId >= 0 ? tab.groupId : null);
  try {
    const tab = await api.tabs.getCurrent();
    if (grouped(tab) !== null || typeof tab?.openerTabId !== 'number') return grouped(tab);
    const opener = await api.tabs.get(tab.openerTabId);
    return opener.windowId === tab.windowId ? grouped(opener) : null;
  } catch {
    return null;
  }
}

/** @param {Settings} settings */
async function show(settings) {
  const planned = plan(link, { limit: Number.MAX_SAFE_INTEGER, linkText, keepDuplicates: true });
  const deduplicated = plan(link, { limit: Number.MAX_SAFE_INTEGER, linkText });
  const duplicates = new Map(deduplicated.duplicates.map((d) => [d.entry, d]));
  const first = planned.groups[0];
  const title = planned.title || localized(first?.summary) || first?.title || t('previewUntitled');
  document.title = t('previewPageTitle', title);
  $('title').textContent = title;
  $('group-name').value = title;
  const skipping = settings.skipDuplicates && duplicates.size > 0;
  $('lazy').checked = lazyFor(settings.lazy, skipping ? deduplicated.pages : planned.pages);
  if (typeof settings.lazy === 'number') lazyAbove = settings.lazy;
  $('lazy').addEventListener('change', () => {
    lazyAbove = null;
  });
  $('new-window').checked = planned.mode === 'window';
  $('reverse').checked = settings.reverse;
  if (duplicates.size > 0) {
    $('skip-duplicates-label').textContent = duplicates.size === 1 ? t('previewSkipDuplicateOne') : t('previewSkipDuplicates', duplicates.size);
    $('skip-duplicates').checked = settings.skipDuplicates;
    $('duplicates-choice').hidden = false;
  }
  if ((await currentGroup()) !== null) {
    $('join-group').checked = settings.joinGroup;
    $('join-choice').hidden = false;
  }

  const checked = checkAll(link);
  const { groups, others } = sections(planned, checked, duplicates);
  const sites = new Set(groups.flatMap((g) => g.rows.map((row) => row.site)));
  /** The line under the title: what opens, with the duplicates left out or not (`skip`). */
  const summarize = (skip) => {
    const openPages = skip ? deduplicated.pages : planned.pages;
    $('summary').textContent = [
      openPages === 0 ? t('previewNoPages') : t('previewSummary', pagesWord(openPages), sitesWord(sites.size)),
      !skip ? '' : duplicates.size === 1 ? t('duplicatesLeftOutOne') : t('duplicatesLeftOut', duplicates.size),
      others.length === 0 ? '' : t(others.length === 1 ? 'previewOthersOne' : 'previewOthers', others.length),
    ].filter(Boolean).join(' ');
  };
  summarize(skipping);

  // Why the page is shown (a long list, type=list, warnings), and what is good to know.
  const limited = plan(link, { limit: settings.openLimit, linkText, keepDuplicates: !settings.skipDuplicates });
  const why = [...(reason ? [reason] : []), ...limited.preview.map(localized)];
  fillList('why', why);
  // What the reasons already say is not said again.
  const said = new Set(why);
  fillList('notes', [...new Set([...planned.notes, ...checked.warnings].map(localized))].filter((note) => !said.has(note)));

  // The rows, as a flat sequence rendered in chunks: group headings (when there is more than
  // one group), site headings, pages; then the items not opened.
  const rows = [];
  const named = groups.length > 1;
  for (const group of groups) {
    if (named) rows.push({ kind: 'group', title: group.title, depth: group.depth, count: group.rows.length });
    for (const site of bySite(group.rows)) {
      rows.push({ kind: 'site', row: site[0], count: site.length });
      for (const row of site) {
        const alerts = (row.notes ?? []).some((note) => note.alert);
        // A lookalike opens only if checked; a duplicate, only once duplicates are kept.
        const model = { n: pages.length, index: row.page, kept: row.kept, url: row.item, checked: !alerts && !(row.duplicate && skipping), box: null, duplicate: row.duplicate };
        pages.push(model);
        rows.push({ kind: 'page', row, model, group: named ? group.title : null });
      }
    }
  }
  if (others.length) rows.push({ kind: 'others', count: others.length });
  for (const row of others) rows.push({ kind: 'other', row });

  $('select-all').addEventListener('click', () => setAll(true));
  $('select-none').addEventListener('click', () => setAll(false));
  $('open').addEventListener('click', openChecked);
  $('skip-duplicates').addEventListener('change', () => {
    const skip = $('skip-duplicates').checked;
    for (const page of pages.filter((p) => p.duplicate)) {
      page.checked = !skip;
      if (page.box) {
        page.box.checked = !skip;
        page.box.disabled = skip;
      }
    }
    summarize(skip);
    updateButton();
  });
  // Enter in the name box presses Open (the form's default button), as in any form: the
  // browser's own click on it, which the guard takes as the key's. The form is never sent: sent,
  // it loaded this page again without its list.
  $('bar').addEventListener('submit', (event) => event.preventDefault());
  $('copy-link').addEventListener('click', () => copy(link));
  $('copy-text').addEventListener('click', () => copy(toText(link)));
  $('save-bookmarks').addEventListener('click', saveBookmarks);
  $('save-bookmarks').disabled = planned.pages === 0;
  // Dragged out: a page's row as its address; the handle "all" as every page, in order.
  $('items').addEventListener('dragstart', (event) => {
    const row = event.target instanceof Element ? event.target.closest('li.openable') : null;
    const box = row?.querySelector('input[type=checkbox]');
    if (!box || !event.dataTransfer) return;
    const { url } = pages[Number(box.dataset.n)];
    dragOut(event.dataTransfer, [url], url);
  });
  $('drag-all').addEventListener('dragstart', (event) => {
    if (event.dataTransfer) dragOut(event.dataTransfer, pages.map((page) => page.url), link);
  });
  $('items').addEventListener('change', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return;
    pages[Number(box.dataset.n)].checked = box.checked;
    updateButton();
  });
  // A page's row opens that one page: guarded as the Open button (a click before the moment
  // is over is not followed).
  for (const type of ['click', 'auxclick']) {
    $('items').addEventListener(type, (event) => {
      const link = event.target instanceof Element ? event.target.closest('a.url') : null;
      if (link && !guard.allows(event)) event.preventDefault();
    });
  }
  updateButton();
  $('bar').hidden = false;
  $('list').hidden = false;
  guard.start();

  const list = $('items');
  // The filter box, from ten pages on: a heading whose pages are all hidden goes with them.
  const filter = filterRows({
    box: $('filter'),
    input: /** @type {HTMLInputElement} */ ($('filter-input')),
    list,
    say: (shown, total) => {
      const hidden = pages.filter((page) => page.checked && !opens(page)).length;
      $('filter-count').textContent = filterCount(t, shown, total, hidden);
      updateButton();
      hideEmptyHeadings(list, shown !== null);
    },
  });
  shownByFilter = filter.shows;
  for (let at = 0; at < rows.length; at += CHUNK) {
    if (at > 0) await nextTask();
    const fragment = document.createDocumentFragment();
    for (const row of rows.slice(at, at + CHUNK)) fragment.append(render(row));
    list.append(fragment);
  }
  filter.refresh();
  document.documentElement.dataset.rendered = String(rows.length);
  performance.mark('uri-list:rendered'); // every row is on the page
}

/**
 * While the filter shows some rows (`filtering`), hides each heading none of whose rows it shows:
 * a site's (its rows run to the next heading), a group's (its rows, and its nested groups', run
 * to the next group at its depth or above) and the items not opened.
 */
function hideEmptyHeadings(list, filtering) {
  /** The headings whose rows are being read, the innermost last, each with its depth. */
  const open = [];
  const close = (depth) => {
    while (open.length > 0 && open[open.length - 1].depth >= depth) {
      const { heading, any } = open.pop();
      heading.hidden = filtering && !any;
    }
  };
  for (const child of list.children) {
    const li = /** @type {HTMLElement} */ (child);
    if (li.matches('li.heading, li.site')) {
      // A site's heading is inside its group; the items not opened come after every group.
      const depth = li.matches('li.heading') ? Number(li.dataset.depth) : li.matches('.others') ? -Infinity : Infinity;
      close(depth);
      open.push({ heading: li, depth, any: false });
    } else if (li.matches('li.item') && !li.hidden) {
      for (const heading of open) heading.any = true;
    }
  }
  close(-Infinity);
}

/** Lets the browser paint and handle input between chunks. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function pagesWord(n) {
  return n === 1 ? t('popupOnePage') : t('popupPages', n);
}

function sitesWord(n) {
  return n === 1 ? t('popupOneSite') : t('popupSites', n);
}

function fillList(id, lines) {
  if (lines.length === 0) return;
  const list = $(`${id}-list`);
  for (const line of lines) list.append(element('li', {}, line));
  $(id).hidden = false;
}

function render(row) {
  switch (row.kind) {
    case 'group': {
      const li = element('li', { class: 'heading', style: `--depth: ${row.depth}`, 'data-depth': String(row.depth) });
      li.append(element('h3', {}, row.title), element('span', { class: 'count' }, pagesWord(row.count)));
      return li;
    }
    case 'site': {
      const li = element('li', { class: 'site' });
      li.append(element('h4', {}, siteName(row.row, words)), element('span', { class: 'count' }, pagesWord(row.count)));
      return li;
    }
    case 'others':
      return element('li', { class: 'site others' }, element('h4', {}, t('previewNotOpened', row.count)));
    case 'page':
      return pageRow(row.row, row.model, row.group);
    default:
      return otherRow(row.row, words);
  }
}

/**
 * An openable page (pages/list-view.js): its box, and its title and address as a link that opens
 * that one page; its site is named by the heading above it, its group's name (`group`, when the
 * page shows group names) too.
 */
function pageRow(row, model, group) {
  const before = model.duplicate ? [element('span', { class: 'tag' }, t('previewDuplicate')), element('span', {}, localized(model.duplicate.reason))] : [];
  const li = listRow(row, words, {
    id: `item-${model.index}`, // by the page's place in the list
    n: model.n,
    checked: model.checked,
    site: false,
    before,
    disabled: Boolean(model.duplicate) && /** @type {HTMLInputElement} */ ($('skip-duplicates')).checked,
    draggable: true,
    className: model.duplicate ? 'duplicate' : '',
    // The group's name, when the page shows it: the filter matches it too.
    within: group ? [group] : [],
  });
  model.box = /** @type {HTMLInputElement} */ (li.querySelector('input[type=checkbox]'));
  return li;
}

/** Ticks (or unticks) every page the filter shows. */
function setAll(checked) {
  const skip = $('skip-duplicates').checked && !$('duplicates-choice').hidden;
  for (const page of pages.filter((p) => !(p.duplicate && skip) && !p.box?.closest('li')?.hidden)) {
    page.checked = checked;
    if (page.box) page.box.checked = checked;
  }
  updateButton();
}

/**
 * The button says what it opens: "Open 18 pages as a group". With the `lazy` setting at "above N
 * pages", the lazy choice follows the number checked, until the person makes it themselves.
 */
function updateButton() {
  const n = pages.filter((page) => page.checked && opens(page)).length;
  if (lazyAbove !== null) $('lazy').checked = n > lazyAbove;
  $('open').textContent = n === 0 ? t('previewOpenNone') : n === 1 ? t('previewOpenOne') : t('previewOpenMany', n);
}

function status(text) {
  $('status').textContent = text;
}

/** Opens the checked pages: only a person's own click (or key press on the button) does. */
async function openChecked(event) {
  if (!guard.allows(event)) return;
  // Indices into the plan the background makes again: without the duplicates while they are left out.
  const keepDuplicates = $('duplicates-choice').hidden || !$('skip-duplicates').checked;
  const chosen = pages
    .filter((page) => page.checked && opens(page) && (keepDuplicates || page.kept !== null))
    .map(({ index, kept, url }) => ({ index: keepDuplicates ? index : kept, url }));
  if (chosen.length === 0) return status(t('previewNothingChecked'));
  const name = $('group-name').value.trim();
  try {
    const opened = await ask('openSelected', {
      link,
      text: linkText,
      pages: chosen,
      title: name === $('title').textContent ? '' : name,
      newWindow: $('new-window').checked,
      lazy: $('lazy').checked,
      reverse: $('reverse').checked,
      keepDuplicates,
      join: !$('join-choice').hidden && $('join-group').checked,
    });
    const left = opened.duplicates === 0 ? '' : opened.duplicates === 1 ? t('duplicatesLeftOutOne') : t('duplicatesLeftOut', opened.duplicates);
    status([t('previewOpened', opened.tabIds.length), left].filter(Boolean).join(' '));
  } catch (error) {
    status(t('previewOpenFailed', error.message));
  }
}

/**
 * "Save as bookmark folder": the list as a new folder (background/bookmarks.js saveList), with the
 * bookmarks permission asked for in the click itself, before any await.
 */
async function saveBookmarks(event) {
  if (!guard.allows(event)) return;
  const granted = requestBookmarks();
  try {
    if (!(await granted)) return status(t('bookmarkNoPermission'));
    status((await ask('saveBookmarks', { link })).message);
  } catch (error) {
    status(t('previewSaveFailed', error.message));
  }
}

// A list dropped on the page (links, tabs, bookmarks, text with addresses) is shown here instead.
acceptDrops(
  document.body,
  async (data) => {
    await init();
    const dropped = readDrop(data);
    location.assign(`${location.pathname}?link=${encodeURIComponent(dropped.link)}&dropped`);
  },
  (error) => {
    if (!$('bar').hidden) return status(error.message);
    $('error').textContent = error.message;
    $('error').hidden = false;
  },
);

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    status(t('previewCopied', text.length));
  } catch (error) {
    status(t('previewCopyFailed', error?.message ?? error));
  }
}
