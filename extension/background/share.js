// Share: turn tabs (a selection, a tab group, a window) into one uri-list link, or into titled
// links in another format (FORMATS: the one place that says how each format is made).
//
// Two layers: `listFor()` is a pure decision (tabs and groups in, the list to encode and the
// titled entries out), and `gather()` asks the browser which tabs a scope means. `makeShare()`
// joins them and writes the chosen format.
import { check, encode, formatLinks, toText, webBase, webLink } from '../common/core.js';
import { api } from '../common/api.js';
import { localized } from '../common/i18n.js';
import { placeholderTitle, realUrl, unloadedTitle } from '../common/placeholder.js';
import { MAX_LINK_LENGTH, withoutBidiControls } from '../common/prelude.js';
import { readSettings, SHARE_FORMATS } from '../common/settings.js';
import { inSplitView, splitViewTabs } from './tabs.js';

/**
 * Links longer than this are still copied, with a warning: 8 000 octets is the length RFC 9110
 * (§4.1) recommends that senders and recipients support at least; some apps cut longer links.
 */
export const LONG_LINK = 8000;

/** What a share covers: the selected tabs, the clicked tab's group, or the whole window. */
export const SCOPES = ['tabs', 'group', 'window'];

const NO_GROUP = -1;

/**
 * A page title as a shared link carries it (`page-titles`, src/lib.rs "Page titles"): the tab's
 * title without bidirectional controls and white space around it, at most TITLE_MAX characters
 * (a title is the sender's words about the page, not its text), or null for none: also when the
 * title is only the page's address, which the browser shows for a page without one. The core
 * carries no longer title to a tab it opens unloaded (MAX_PAGE_TITLE_CHARS, src/plan.rs).
 */
const TITLE_MAX = 120;
export function sharedTitle(tab) {
  const title = withoutBidiControls(titleOf(tab)).replace(/\s+/g, ' ').trim();
  if (!title || isAddress(title, urlOf(tab))) return null;
  const chars = [...title];
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX - 1).join('')}…` : title;
}

/**
 * Whether `title` is no title but the page's address, as a browser shows it for a page without a
 * title of its own: the address, or the address without its scheme (Firefox as it is; Chrome
 * with its escapes decoded, and so an unloaded tab, common/placeholder.js `unloadedTitle`).
 */
function isAddress(title, url) {
  if (title === url || title === unloadedTitle(url)) return true;
  try {
    const page = new URL(url);
    return new URL(`${page.protocol}//${title}`).href === page.href;
  } catch {
    return false;
  }
}

/**
 * A tab's address: `pendingUrl` while a Chrome tab is still loading its first page; for a tab
 * opened unloaded in Chrome (the placeholder page, common/placeholder.js), the page it stands for;
 * for a Firefox tab in Reader View, the page it shows (`readerViewPage`).
 */
const urlOf = (tab) => readerViewPage(realUrl(tab.url || tab.pendingUrl || ''));

/**
 * The page a Firefox tab in Reader View shows. Its address is `about:reader?url=URL` (URL
 * percent-encoded, then the fragment the reader is at), which no other browser opens and
 * Firefox's own address bar neither shows nor copies: it gives URL, with the fragment after
 * `about:reader` in place of URL's own (Firefox's `ReaderMode.getOriginalUrl`). So does this,
 * when URL is an http(s) address; any other address is returned as it is.
 */
function readerViewPage(url) {
  if (!url.startsWith('about:reader?')) return url;
  let reader;
  try {
    reader = new URL(url);
  } catch {
    return url;
  }
  const page = reader.searchParams.get('url');
  if (!page) return url;
  try {
    const { protocol } = new URL(page);
    if (protocol !== 'http:' && protocol !== 'https:') return url;
  } catch {
    return url;
  }
  return reader.hash ? `${page.split('#')[0]}${reader.hash}` : page;
}

/**
 * A tab's title: for Chrome's placeholder of an unloaded page (common/placeholder.js), the title it shows
 * for that page, read from its address, so even before the placeholder has loaded; none for a tab
 * showing the browser's own page in place of the site's (`errorPage`).
 */
const titleOf = (tab) => placeholderTitle(tab.url || tab.pendingUrl || '') ?? (errorPage(tab) ? '' : (tab.title ?? ''));

/**
 * Whether the tab shows the browser's page saying the site could not be loaded (no connection,
 * an unknown host, a blocked port), whose title is the browser's words, not the site's: Firefox's
 * ("Problem loading page", in the browser's language) has one of the browser's own icons
 * (chrome://global/skin/icons/…, which no site can use); Chrome's is titled with the site's host
 * alone ("a.example", for https://a.example/some/page).
 */
function errorPage(tab) {
  if (tab.favIconUrl?.startsWith('chrome://')) return true;
  try {
    const { hostname, host } = new URL(tab.url || '');
    return tab.title === hostname || tab.title === host;
  } catch {
    return false;
  }
}

/**
 * Which tabs can be shared, by the core's own rule (`check()`: only what a receiver would open,
 * http and https pages). Returns, for each tab in order, null (shareable) or why not. A tab another
 * add-on hid from the tab strip (Firefox's `tabs.hide()`, as tab-group add-ons do) is not one the
 * person sees in the window: "Copy window" leaves it out, and says so.
 *
 * @param {{url?: string, pendingUrl?: string, hidden?: boolean}[]} tabs
 * @returns {(string|null)[]}
 */
export function unshareableReasons(tabs) {
  const reasons = tabs.map((tab) => (tab.hidden === true ? api.i18n.getMessage('shareHidden') : urlOf(tab) ? null : api.i18n.getMessage('shareNoUrl')));
  const candidates = tabs.map((tab, n) => ({ url: urlOf(tab), n })).filter(({ n }) => reasons[n] === null);
  for (const batch of checkBatches(candidates)) {
    let report;
    try {
      report = check(encode({ items: batch.map(({ url }) => url) }));
    } catch (error) {
      // An address longer than a link may be (said in the core's words).
      for (const { n } of batch) reasons[n] = localized(error) || String(error?.message ?? error);
      continue;
    }
    report.items.forEach((entry, k) => {
      if (entry.class === 'openable') return;
      // Said as a reason not to share (the core's reason is why a list would not open it).
      const scheme = entry.class === 'blocked' && typeof entry.reason?.args?.[0] === 'string' ? entry.reason.args[0] : '';
      reasons[batch[k].n] = scheme ? api.i18n.getMessage('shareNotWebPage', [scheme]) : api.i18n.getMessage('shareNotAddress');
    });
  }
  return reasons;
}

/**
 * The addresses in batches, each checked as one link: so many tabs that their link would be
 * longer than the core reads (MAX_LINK_LENGTH) are checked all the same, a batch at a time, and
 * the share then says that their link is too long. A third of the limit leaves room for the
 * escapes of `;`, `?`, `#` and `%` (three characters each).
 *
 * @template {{url: string}} T
 * @param {T[]} candidates
 * @returns {T[][]}
 */
function checkBatches(candidates) {
  const batches = [];
  let size = Infinity;
  for (const candidate of candidates) {
    if (size + candidate.url.length > MAX_LINK_LENGTH / 3) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1).push(candidate);
    size += candidate.url.length + 1;
  }
  return batches;
}

/**
 * The list to encode for `tabs` (one window's tabs, in tab-strip order) and what was left out.
 * A pure decision:
 * - `tabs`, `group`: the tabs as plain items; when they all belong to one group, its title
 *   becomes the list's `title` and its colour the option `color`, so opening the link recreates it;
 * - `window`: each run of tabs of one group becomes a nested list (draft §8.2) with the group's
 *   title and colour; ungrouped tabs stay plain items.
 *
 * With `pageTitles`, each list (a nested one too) carries its tabs' titles (`pageTitles`, the
 * link's `page-titles`).
 *
 * @param {string} scope one of SCOPES
 * @param {{url?: string, pendingUrl?: string, hidden?: boolean, groupId?: number, title?: string}[]} tabs
 * @param {Map<number, {title?: string, color?: string}>} groups the tabs' groups by id
 * @param {{pageTitles?: boolean}} [how]
 * @returns {{list: object|null, entries: import('../pkg/uri_list.js').FormatEntry[], shared: number, leftOut: {reason: string, count: number}[]}}
 *   `entries`: the same tabs with their titles, for the titled formats (a group: its name and tabs)
 */
export function listFor(scope, tabs, groups, { pageTitles = false } = {}) {
  const reasons = unshareableReasons(tabs);
  const kept = tabs.filter((_, n) => reasons[n] === null);
  const leftOut = countReasons(reasons.filter((reason) => reason !== null));
  if (kept.length === 0) return { list: null, entries: [], shared: 0, leftOut };
  const groupOf = (tab) => tab.groupId ?? NO_GROUP;
  let list;
  // A list's titles, one per item (null for a nested list, which has its own title), or none.
  const titled = (titles) => (pageTitles && titles.some((title) => title !== null) ? { pageTitles: titles } : {});
  if (scope === 'window') {
    const items = [];
    for (const tab of kept) {
      const last = items.at(-1);
      if (groupOf(tab) === NO_GROUP) items.push(tab);
      else if (last && 'tabs' in last && last.groupId === groupOf(tab)) last.tabs.push(tab);
      else items.push({ groupId: groupOf(tab), tabs: [tab] });
    }
    list = {
      items: items.map((item) =>
        'tabs' in item
          ? { items: item.tabs.map(urlOf), ...groupFields(groups.get(item.groupId)), ...titled(item.tabs.map(sharedTitle)) }
          : urlOf(item),
      ),
      ...titled(items.map((item) => ('tabs' in item ? null : sharedTitle(item)))),
    };
  } else {
    const ids = new Set(kept.map(groupOf));
    const [only] = ids;
    list = {
      items: kept.map(urlOf),
      ...(ids.size === 1 && only !== NO_GROUP ? groupFields(groups.get(only)) : {}),
      ...titled(kept.map(sharedTitle)),
    };
  }
  return { list, entries: titledEntries(list, kept), shared: kept.length, leftOut };
}

/**
 * The list's items with the tabs' titles (`kept`, in the list's order): a page as `{title, url}`,
 * a nested list (a tab group) as `{title, items}`; a list with a title (the tabs of one group) as
 * that one group.
 */
function titledEntries(list, kept) {
  let n = 0;
  const page = () => {
    const tab = kept[n++];
    return { title: titleOf(tab), url: urlOf(tab) };
  };
  const entries = list.items.map((item) => (typeof item === 'string' ? page() : { title: item.title ?? '', items: item.items.map(page) }));
  return list.title ? [{ title: list.title, items: /** @type {import('../pkg/uri_list.js').FormatEntry[]} */ (entries) }] : entries;
}

/** `title` and the option `color` for a tab group (an untitled group gives no title). */
function groupFields(group) {
  const fields = {};
  if (group?.title) fields.title = group.title;
  if (group?.color) fields.options = [['color', group.color]];
  return fields;
}

function countReasons(reasons) {
  const counts = new Map();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count }));
}

/**
 * The tabs a scope means, in tab-strip order, and their groups.
 * - `tabs`: the highlighted tabs of the window; if `clicked` (a tab whose context menu was used)
 *   is not among them, that tab alone, as the browser's own tab menu does; either way with the
 *   other half of a split view one of them is in (`withSplitViews`);
 * - `group`: every tab of `clicked`'s group (none if it is in no group);
 * - `window`: every tab of the window.
 *
 * @param {string} scope
 * @param {{windowId?: number, clicked?: chrome.tabs.Tab}} where
 */
export async function gather(scope, { windowId, clicked }) {
  const window = clicked?.windowId ?? windowId ?? (await api.windows.getLastFocused({ windowTypes: ['normal'] })).id;
  let tabs;
  if (scope === 'window') tabs = await api.tabs.query({ windowId: window });
  else if (scope === 'group') {
    const groupId = clicked?.groupId ?? NO_GROUP;
    tabs = groupId === NO_GROUP ? [] : await api.tabs.query({ windowId: window, groupId });
  } else {
    tabs = clicked && !clicked.highlighted ? [clicked] : await api.tabs.query({ windowId: window, highlighted: true });
    tabs = await withSplitViews(tabs, window);
  }
  tabs.sort((a, b) => a.index - b.index);
  return { tabs, groups: await groupsOf(tabs) };
}

/**
 * `tabs` with the other half of each split view one of them is in. A person sees a split view's
 * two pages at once, and the browsers move it as one; Chrome highlights both halves, but Firefox
 * selects only the one in front, so that "Copy tabs" there copied one of the two pages shown.
 * One more tab query, only when a tab is in a split view.
 */
async function withSplitViews(tabs, windowId) {
  const splits = new Set(tabs.filter(inSplitView).map((tab) => tab.splitViewId));
  if (splits.size === 0) return tabs;
  const have = new Set(tabs.map((tab) => tab.id));
  return [...tabs, ...(await splitViewTabs(windowId, splits)).filter((tab) => !have.has(tab.id))];
}

/** The tab groups the tabs belong to, by id. */
async function groupsOf(tabs) {
  const ids = [...new Set(tabs.map((tab) => tab.groupId ?? NO_GROUP))].filter((id) => id !== NO_GROUP);
  const groups = await Promise.all(ids.map((id) => api.tabGroups.get(id)));
  return new Map(groups.map((group) => [group.id, group]));
}

/**
 * How each format a share can be copied in (common/settings.js SHARE_FORMATS: the ids, their order
 * and names) is made from the link and the titled entries. `text` is
 * what goes on the clipboard as text/plain; `html`, when there is one, goes with it as text/html.
 * The uri-list link and the web link come first.
 *
 * @type {Readonly<Record<string, {make: (share: {link: string, entries: import('../pkg/uri_list.js').FormatEntry[]}) =>
 *   Promise<{text: string, html?: string}>}>>}
 */
export const FORMATS = Object.freeze({
  link: { make: async ({ link }) => ({ text: link }) },
  web: { make: async ({ link }) => ({ text: await webLinkFor(link) }) },
  markdown: { make: async ({ entries }) => ({ text: formatLinks(entries, { format: 'markdown' }) }) },
  // Mail, documents and chat editors paste the HTML as clickable titled links; the rest, the
  // same links as plain lines.
  html: {
    make: async ({ entries }) => ({ text: formatLinks(entries, { format: 'plain' }), html: formatLinks(entries, { format: 'html' }) }),
  },
  plain: { make: async ({ entries }) => ({ text: formatLinks(entries, { format: 'plain' }) }) },
  text: { make: async ({ link }) => ({ text: toText(link) }) },
  template: {
    async make({ entries }) {
      const { shareTemplate, shareSeparator } = await readSettings();
      try {
        return { text: formatLinks(entries, { format: 'template', template: shareTemplate, separator: shareSeparator }) };
      } catch (error) {
        throw new NothingToShare(localized(error) || String(error?.message ?? error));
      }
    },
  },
});

/** Two pages to show a template with, on the options page (their sites' own titles). */
const SAMPLE = [
  { title: 'Example Domain', url: 'https://example.com/' },
  { title: 'Wikipedia', items: [{ title: 'Bücher – Wikipedia', url: 'https://de.wikipedia.org/wiki/B%C3%BCcher' }] },
];

/**
 * What a template makes of two sample pages (the options page's live example): `{text}`, or
 * `{error}` saying why the template cannot be used.
 */
export function templateExample(template, separator) {
  try {
    return { text: formatLinks(SAMPLE, { format: 'template', template, separator }) };
  } catch (error) {
    return { error: localized(error) || String(error?.message ?? error) };
  }
}

/** The format a person last used (the `shareFormat` setting): what the shortcut copies in. */
export async function lastFormat() {
  return (await readSettings()).shareFormat;
}

/**
 * The share for a scope in a format (FORMATS; `asText` and `asWeb` are the older names of 'text'
 * and 'web'), and what a person should be told: how many tabs, the length of the link, what was
 * left out and why, whether it is long. Throws (with a message for the person) when no tab can
 * be shared.
 *
 * @returns {Promise<{scope: string, format: string, link: string, pageTitles: boolean, lengths: {titled: number, untitled: number},
 *   text: string, html: string | null, web: boolean, shared: number, length: number, long: boolean,
 *   leftOut: {reason: string, count: number}[], title: string|null, notes: string[]}>}
 *
 * @param {string} scope one of SCOPES
 * @param {{windowId?: number, clicked?: chrome.tabs.Tab, format?: string, asText?: boolean, asWeb?: boolean, pageTitles?: boolean}} where
 *   `pageTitles`: whether the link carries the tabs' titles (else the `sharePageTitles` setting)
 */
export async function makeShare(scope, { windowId, clicked, format = 'link', asText = false, asWeb = false, pageTitles }) {
  if (!SCOPES.includes(scope)) throw new Error(`share: unknown scope ${JSON.stringify(scope)}`);
  if (asWeb) format = 'web';
  else if (asText) format = 'text';
  if (!Object.hasOwn(FORMATS, format)) throw new Error(`share: unknown format ${JSON.stringify(format)}`);
  const { tabs, groups } = await gather(scope, { windowId, clicked });
  if (tabs.length === 0) {
    throw scope === 'group'
      ? new NothingToShare(api.i18n.getMessage('shareNoGroup'))
      : new NothingToShare(api.i18n.getMessage('shareNothing'), api.i18n.getMessage('shareNothingAhead'));
  }
  // The page titles: as asked for this copy, else as the setting says.
  const withTitles = typeof pageTitles === 'boolean' ? pageTitles : (await readSettings()).sharePageTitles;
  const { list: titledList, entries, shared, leftOut } = listFor(scope, tabs, groups, { pageTitles: true });
  if (!titledList) {
    const why = describeLeftOut(leftOut);
    throw new NothingToShare(`${api.i18n.getMessage('shareNothing')} ${why}`, `${api.i18n.getMessage('shareNothingAhead')} ${why}`);
  }
  const list = withTitles ? titledList : stripTitles(titledList);
  const link = encode(list);
  // A link no reader takes (the core reads at most MAX_LINK_LENGTH bytes) is not copied.
  const bytes = new TextEncoder().encode(link).length;
  if (bytes > MAX_LINK_LENGTH) {
    const sizes = [String(shared), String(bytes), String(MAX_LINK_LENGTH)];
    throw new NothingToShare(api.i18n.getMessage('shareTooLong', sizes), api.i18n.getMessage('shareTooLongAhead', sizes));
  }
  // The link's length the other way too, for a person choosing before copying.
  const other = encode(withTitles ? stripTitles(titledList) : titledList);
  const made = await FORMATS[format].make({ link, entries });
  const web = format === 'web';
  const length = (web ? made.text : link).length;
  // Only a copy of the link itself (or the web link) is one long address an app may cut: the
  // titled formats and the addresses one per line hold each page's own.
  const long = (format === 'link' || web) && length > LONG_LINK;
  return {
    scope,
    format,
    link,
    pageTitles: withTitles,
    // The uri-list link's length with and without the tabs' titles.
    lengths: withTitles ? { titled: link.length, untitled: other.length } : { titled: other.length, untitled: link.length },
    text: made.text,
    html: made.html ?? null,
    web,
    shared,
    length,
    long,
    leftOut,
    title: list.title ?? null,
    // What the person should read besides "copied": what was left out, a warning for a long link.
    notes: [describeLeftOut(leftOut), long ? api.i18n.getMessage('shareLong', [String(LONG_LINK)]) : ''].filter(Boolean),
  };
}

/** The same list without page titles, nested lists' too. */
function stripTitles(list) {
  const { pageTitles: _titles, ...rest } = list;
  return { ...rest, items: rest.items.map((item) => (typeof item === 'string' ? item : stripTitles(item))) };
}

/**
 * The web link for `link` on the `webBase` setting (src/syntax/web_link.rs); with none set, a
 * NothingToShare that says how to set one.
 */
async function webLinkFor(link) {
  const { webBase } = await readSettings();
  if (!webBase) throw new NothingToShare(api.i18n.getMessage('shareNoWebBase'));
  try {
    return webLink(webBase, link);
  } catch (error) {
    throw new NothingToShare(localized(error) || String(error?.message ?? error));
  }
}

/**
 * Why `base` cannot start web links, in the core's words (src/syntax/web_link.rs `web_base`, the
 * rule `webLink()` holds it to) and the browser's language, or null when it can: the options
 * page's field of the `webBase` setting asks it (share-actions.js `webBaseProblem`).
 * @param {string} base
 * @returns {string | null}
 */
export function webBaseProblem(base) {
  try {
    webBase(base);
    return null;
  } catch (error) {
    return localized(error) || String(error?.message ?? error);
  }
}

/**
 * No tab in the scope can be shared: something to tell the person, not a failure of the extension.
 * `message` says it after a copy was asked for ("Nothing was copied: …"); `ahead`, before any (the
 * popup, opened on a new tab to paste a link into, says what a copy would meet, not that one failed).
 */
export class NothingToShare extends Error {
  name = 'NothingToShare';
  /**
   * @param {string} message
   * @param {string} [ahead]
   */
  constructor(message, ahead = message) {
    super(message);
    this.ahead = ahead;
  }
}

/** "1 tab left out: …", "3 tabs left out: 2 × about: links are …; 1 × …", or "" when nothing was. */
export function describeLeftOut(leftOut) {
  if (leftOut.length === 0) return '';
  const total = leftOut.reduce((sum, { count }) => sum + count, 0);
  if (total === 1) return api.i18n.getMessage('shareLeftOutOne', [leftOut[0].reason]);
  const why = leftOut.map(({ reason, count }) => `${count} × ${reason}`).join('; ');
  return api.i18n.getMessage('shareLeftOut', [String(total), why]);
}

/**
 * "Copied 3 tabs as one link (212 characters)." (or as text/uri-list, or as a web link), "Copied 3
 * tabs as Markdown." for the titled formats.
 */
export function describeCopy(share) {
  const one = share.shared === 1;
  if (!['link', 'web', 'text'].includes(share.format)) {
    const name = api.i18n.getMessage(SHARE_FORMATS[share.format]);
    return api.i18n.getMessage(one ? 'shareCopiedFormatOne' : 'shareCopiedFormat', [String(share.shared), name]);
  }
  const [many, single] = share.web
    ? ['shareCopiedWeb', 'shareCopiedWebOne']
    : share.format === 'link'
      ? ['shareCopied', 'shareCopiedOne']
      : ['shareCopiedText', 'shareCopiedTextOne'];
  const message = one ? single : many;
  return api.i18n.getMessage(message, [String(share.shared), String(share.length)]);
}
