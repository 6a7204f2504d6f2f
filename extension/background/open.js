// Opening a uri-list link: the wasm core's plan() decides what opens (pages, groups, names,
// colours, what is skipped and why, whether to show the preview page first); this module
// carries it out and tells the person what was skipped. Every way a link reaches the
// extension (a click, the omnibox, a context menu, a navigation) ends here.
import { plan, readPasted } from '../common/core.js';
import { api } from '../common/api.js';
import { opensOwnPagesInPrivate } from '../common/capabilities.js';
import { localized, t } from '../common/i18n.js';
import { listWords, validLink, validText } from '../common/link.js';
import { PREVIEW_PAGE, previewReason } from '../common/preview.js';
import { shorten } from '../common/prelude.js';
import { forgetPreviewsOfTab, storePreview, notePreviewTab } from './previews.js';
import { lazyFor } from '../common/settings.js';
import { currentSettings } from './settings.js';
import { openGroups, sameContext, tabbedPlaceFor, toFront } from './tabs.js';
import { startupMark } from './ready.js';


/**
 * Opens `href` the way its plan says, next to `tab`.
 *
 * - `trusted`: a person's own action (a real click, a key press, the omnibox, a menu). Anything
 *   else at most opens the preview page, which itself needs a click.
 * - The preview page opens instead of tabs when the plan asks for it (over the open-limit,
 *   `type=list`, lookalike or user-info alerts, nothing openable).
 *
 * @param {{href: string, text?: string, tab: object, active?: boolean, newWindow?: boolean,
 *   trusted: boolean, replaceTab?: boolean, reason?: string|null, settings?: Promise<any>|null}} request
 *   `replaceTab`: show the preview page in `tab` itself (a navigation to the link) rather than next to it;
 *   `reason`: why the click was not trusted (a `clickReason` code), said on the preview page;
 *   `settings`: currentSettings() already under way, if the caller started it
 */
export async function openLink({ href, text = '', tab, active = true, newWindow = false, trusted, replaceTab = false, reason = null, settings: reading = null }) {
  const link = validLink(href);
  const settings = await (reading ?? currentSettings());
  const linkText = listWords(validText(text), settings.webBase);
  let planned;
  try {
    planned = plan(link, { limit: settings.openLimit, linkText, keepDuplicates: !settings.skipDuplicates, reverse: settings.reverse });
  } catch {
    // A link the core cannot read (say, no item at all): the preview page says why.
    planned = { preview: ['unreadable'], mode: 'list' };
  }
  startupMark('planned');
  if (!trusted || planned.preview.length > 0 || planned.mode === 'list') {
    const preview = await openPreview({ link, text: linkText, tab, replaceTab, active: active || replaceTab, reason });
    return { preview: true, reasons: planned.preview, previewTabId: preview.id, windowId: preview.windowId };
  }
  const inWindow = newWindow || planned.mode === 'window';
  // The settings read above, not read again: each read is a storage call on the click's way to its tabs.
  const lazy = lazyFor(settings.lazy, planned.groups.reduce((n, group) => n + group.urls.length, 0));
  return carryOut(planned, { tab, active, newWindow: inWindow, grouped: planned.mode !== 'tabs', lazy, join: settings.joinGroup && !inWindow });
}

/**
 * Opens what a plan says, then reports what was skipped, left out as a duplicate, or failed.
 * Lazily (only the first page loads; the others when their tab is selected) as the `lazy`
 * setting says for this many pages. A group the list does not name is named by the core's
 * summary ("4 pages from 3 sites"), in the browser's language.
 *
 * @param {any} planned what the core's plan() gave for the link
 * @param {{tab: any, active: boolean, newWindow: boolean, grouped: boolean, lazy?: boolean, join?: boolean}} how
 *   `lazy`: the person's choice on the preview page; without it, the setting. `join`: add the
 *   pages to the tab group of `tab` (or of the tab that opened it), if it is in one.
 */
async function carryOut(planned, { tab, active, newWindow, grouped, lazy, join = false }) {
  lazy ??= lazyFor((await currentSettings()).lazy, planned.groups.reduce((n, group) => n + group.urls.length, 0));
  const groups = planned.groups.map((group) => (group.summary ? { ...group, title: localized(group.summary) } : group));
  const joinGroupId = join && !newWindow ? await currentGroup(tab) : null;
  const opened = await openGroups(groups, { tab, active, newWindow, grouped, lazy, joinGroupId });
  for (const { url, message } of opened.failures) console.warn(`uri-list: could not open ${url}: ${message}`);
  const notOpened = [
    ...planned.skipped,
    ...opened.failures.map(({ url, message }) => ({ item: url, reason: t('openFailed', message) })),
  ];
  const duplicates = planned.duplicates ?? [];
  await reportSkipped(notOpened, tab.id, planned.notes ?? [], duplicates, { inPrivate: tab.incognito === true });
  return {
    preview: false,
    ...opened,
    titles: groups.map((g) => g.title),
    skipped: notOpened,
    duplicates: duplicates.length,
    notes: planned.notes ?? [],
  };
}

/**
 * The tab group the pages join with "add to the current tab group": the group of `tab`, else
 * (a preview page next to a grouped tab) of the tab that opened it, in the same window; null for none.
 * @param {any} tab
 * @returns {Promise<number | null>}
 */
async function currentGroup(tab) {
  const grouped = (t) => (typeof t?.groupId === 'number' && t.groupId >= 0 ? t.groupId : null);
  if (grouped(tab) !== null) return grouped(tab);
  if (typeof tab.openerTabId !== 'number') return null;
  try {
    const opener = await api.tabs.get(tab.openerTabId);
    return opener.windowId === tab.windowId ? grouped(opener) : null;
  } catch {
    return null; // the opener is closed
  }
}

/**
 * The preview page for a link: every item with its site, checkboxes, "Open selected as group".
 * Opened next to `tab`, or in its place. `reason`: a `PREVIEW_REASONS` code, said on the page.
 */
export async function openPreview({ link, text = '', tab, replaceTab = false, active = true, reason = null, intoTab = null }) {
  // Chrome cannot show it in an Incognito window (capabilities.js): it would open in a normal
  // window, with the list, or fail with Chrome's own words. Nothing opens, and the person is told.
  if (tab.incognito && !opensOwnPagesInPrivate) throw new Error(t('previewNotInIncognito'));
  // A preview tab shown again with another list: what it showed is forgotten.
  if (intoTab) await forgetPreviewsOfTab(intoTab.id);
  const id = await storePreview({ link, text, reason: previewReason(reason) }, { inPrivate: tab.incognito === true });
  const url = `${api.runtime.getURL(PREVIEW_PAGE)}?${new URLSearchParams({ id })}`;
  const same = sameContext(tab);
  // Next to the tab; from a pop-up, in the browser window (tabs.js `tabbedPlaceFor`), or a new one.
  const place = replaceTab || intoTab ? null : await tabbedPlaceFor(tab);
  const opened = intoTab
    ? await api.tabs.update(intoTab.id, { url, active })
    : replaceTab
    ? await api.tabs.update(tab.id, { url })
    : place === null
      ? (await api.windows.create({ url, focused: active, incognito: tab.incognito, ...same })).tabs[0]
      : await api.tabs.create({
          url,
          windowId: place.windowId,
          index: place.index,
          ...(place.elsewhere ? {} : { openerTabId: tab.id }),
          active,
          ...same,
        });
  if (active) await toFront(place);
  await notePreviewTab(id, opened.id);
  return opened;
}

/**
 * From the preview page: opens the pages the person checked, as the plan groups them (one
 * group per nested list), next to the preview's tab. The page sends page indices into the
 * plan's pages with their URLs; the plan is made again here and only pages that match both
 * are opened, so the page cannot open anything the link does not hold. The person's choices
 * come along and are checked here too: `title`, a new name for the list's own groups ('' keeps
 * the plan's; folded to one line of at most 80 characters), `newWindow`, `lazy`, `reverse`,
 * `keepDuplicates` and `join` (true or false; `lazy` absent: the setting). The indices are
 * those of the plan in the list's order with the duplicates as the page shows them
 * (`keepDuplicates`); `reverse` turns the opened order round.
 */
export async function openSelected({ link, text, pages, title = '', newWindow = false, lazy, reverse = false, keepDuplicates = false, join = false }, tab) {
  if (!Array.isArray(pages)) throw new Error('openSelected: no pages');
  if (typeof title !== 'string') throw new Error('openSelected: the group name must be text');
  for (const [name, value] of Object.entries({ newWindow, reverse, keepDuplicates, join })) {
    if (typeof value !== 'boolean') throw new Error(`openSelected: ${name} must be true or false`);
  }
  if (lazy !== undefined && typeof lazy !== 'boolean') throw new Error('openSelected: lazy must be true or false');
  const planned = plan(validLink(link), { limit: Number.MAX_SAFE_INTEGER, linkText: validText(text), keepDuplicates, reverse });
  const name = groupName(title);
  const chosen = new Set();
  const flat = planned.groups.flatMap((group) => group.urls);
  // Reversed, the page at index i of the list's order is at the mirror place.
  const at = (index) => (reverse ? flat.length - 1 - index : index);
  for (const page of pages) {
    if (Number.isInteger(page?.index) && page.index >= 0 && flat[at(page.index)] === page.url) chosen.add(at(page.index));
  }
  let n = 0;
  // The list's own groups (depth 0) take the new name; numbered when there are several, as the
  // core numbers them (in the list's order, whichever way they open).
  const own = planned.groups.filter((group) => group.depth === 0).length;
  let k = reverse ? own + 1 : 0;
  const groups = planned.groups
    .map((group) => {
      const number = group.depth === 0 ? (reverse ? --k : ++k) : 0;
      const renamed = name && group.depth === 0 ? { title: own > 1 ? `${name} (${number})` : name, summary: null } : {};
      // Each page with the sender's title the plan gives it (the tab's title while unloaded).
      const kept = group.urls.map(() => chosen.has(n++));
      return { ...group, ...renamed, urls: group.urls.filter((_, i) => kept[i]), titles: group.titles.filter((_, i) => kept[i]) };
    })
    .filter((group) => group.urls.length > 0);
  return carryOut({ ...planned, groups, skipped: [] }, { tab, active: true, newWindow, grouped: true, lazy, join: join && !newWindow });
}

/** A group name as a person typed it: one line, no control characters, at most 80 characters. */
function groupName(typed) {
  const folded = typed.replace(/[\p{C}\s]+/gu, ' ').trim();
  return [...folded].length > 80 ? `${[...folded].slice(0, 79).join('')}…` : folded;
}

/**
 * Text a person pointed at (a selection, the omnibox): the uri-list link in it, or null.
 * `anyForm`: also take a text/uri-list or plain web addresses (typed in the omnibox after `ul`).
 */
export function linkInText(text, { anyForm = false } = {}) {
  let read;
  try {
    read = readPasted(String(text ?? ''));
  } catch {
    return null; // no link in it: the caller says so
  }
  return read.form === 'link' || anyForm ? read.link : null;
}

/**
 * Tells the person which items were not opened and why, how many duplicates were left out, and
 * the plan's milder notes (say, a page opened over plain http:): a badge on the toolbar button
 * for the tab the link was in (browsers reset a tab's badge when it loads a page, so the new
 * tabs cannot carry it) with the number not opened (red), else the duplicates left out ("-2",
 * grey: nothing is wrong), else "!" for notes alone; its tooltip lists each with its reason;
 * and, for items not opened, a notification.
 */
export async function reportSkipped(notOpened, tabId, notes = [], duplicates = [], { inPrivate = false } = {}) {
  if (notOpened.length === 0 && notes.length === 0 && duplicates.length === 0) return;
  const lines = notOpened.map(({ item, reason }) => `${shorten(item)}: ${localized(reason)}`);
  const twice = duplicates.map(({ item, reason }) => `${shorten(item)}: ${localized(reason)}`);
  const left = duplicates.length === 0 ? [] : [duplicates.length === 1 ? t('duplicatesLeftOutOne') : t('duplicatesLeftOut', duplicates.length)];
  const heading = notOpened.length ? t('skippedTitle', notOpened.length) : duplicates.length ? `uri-list: ${left[0]}` : t('notesTitle');
  const title = [heading, ...lines, ...(notOpened.length ? left : []), ...twice, ...notes.map(localized)].join('\n');
  const [text, color] = notOpened.length
    ? [String(notOpened.length), '#b3261e']
    : duplicates.length
      ? [`-${duplicates.length}`, '#5f6368']
      : ['!', '#9a6700'];
  try {
    await api.action.setTitle({ tabId, title });
    await api.action.setBadgeBackgroundColor({ tabId, color });
    await api.action.setBadgeText({ tabId, text });
  } catch (error) {
    console.warn('uri-list: no badge (was the tab closed?):', error?.message ?? error);
  }
  if (notOpened.length === 0) return; // duplicates and notes are not worth interrupting the person
  try {
    await api.notifications.create({
      type: 'basic',
      iconUrl: api.runtime.getURL('icons/icon-128.png'),
      title: heading,
      // The system keeps notifications after a private window closes: from one, no address, only
      // where to look (the button's tooltip, in the browser, lists them).
      message: (inPrivate ? [t('skippedSeeButton'), ...left] : [...lines, ...left]).join('\n'),
    });
  } catch (error) {
    // Some systems have no notification service; the badge has said it already.
    console.warn('uri-list: no notification:', error?.message ?? error);
  }
}

/**
 * Tells the person a link was not opened at all, and why (too long, not a link, the browser
 * refused): on the toolbar badge of the tab where they clicked ("!", the reason in its tooltip)
 * and in a notification. Never only a console line.
 */
export async function reportRefused(tabId, reason) {
  const heading = t('refusedTitle');
  try {
    await api.action.setTitle({ tabId, title: `${heading}\n${reason}` });
    await api.action.setBadgeBackgroundColor({ tabId, color: '#b3261e' });
    await api.action.setBadgeText({ tabId, text: '!' });
  } catch (error) {
    console.warn('uri-list: no badge (was the tab closed?):', error?.message ?? error);
  }
  try {
    await api.notifications.create({ type: 'basic', iconUrl: api.runtime.getURL('icons/icon-128.png'), title: heading, message: reason });
  } catch (error) {
    console.warn('uri-list: no notification:', error?.message ?? error);
  }
}

/**
 * openLink(), and when it opens nothing at all (a link too long or not a link, the browser
 * refusing the tab), the reason on the toolbar badge of the tab it came from and in a
 * notification: `{refused: reason}`. For the ways in that have no page of their own to say it
 * (a click, a context menu, the omnibox); the popup says it itself.
 */
export async function openOrSay(request) {
  try {
    return await openLink(request);
  } catch (error) {
    const reason = String(error?.message ?? error);
    await reportRefused(request.tab.id, reason);
    return { refused: reason };
  }
}

/** A tab showing nothing the person would miss: blank, or the browser's new-tab page. */
function isBlank(url) {
  const text = String(url ?? '');
  return ['', 'about:blank', 'about:newtab', 'about:home'].includes(text) || /^(?:chrome:\/\/newtab|chrome-search:)/.test(text);
}

/**
 * The preview page for `url`, a link that reached tab `tabId` without a click (a navigation, a
 * typed link): in that tab, or next to its page with `keepPage` (a blank tab shows it itself).
 * `reason` (common/preview.js PREVIEW_REASONS) says which way it came. A link that is no link, or too
 * long, is said on the tab.
 */
export async function previewIn(tabId, url, { keepPage = false, reason }) {
  const tab = await api.tabs.get(tabId);
  let link;
  try {
    link = validLink(url);
  } catch (error) {
    await reportRefused(tabId, error.message);
    return;
  }
  if (!(keepPage && !isBlank(tab.url))) {
    await openPreview({ link, tab, replaceTab: true, reason });
    return;
  }
  // Next to the page, one preview tab for all its navigations: the one an earlier navigation of
  // this tab opened, while it still shows its preview, shows this list instead. A page's script
  // that navigates to uri-list: links over and over (each one a failed navigation that leaves
  // the page where it is) gets that one tab, never a tab for each. Taken in turn, so that
  // navigations made at once do not each find no tab and open one. Selected only if the page's
  // own tab is: a page in a tab the person is not looking at does not take them out of theirs.
  const turn = (navigationTurns.get(tabId) ?? Promise.resolve()).then(async () => {
    const opened = await openPreview({ link, tab, intoTab: await navigationPreview(tabId), reason, active: tab.active === true });
    navigationPreviews.set(tabId, opened.id);
  });
  const queued = turn.catch(() => {});
  navigationTurns.set(tabId, queued);
  await turn.finally(() => {
    if (navigationTurns.get(tabId) === queued) navigationTurns.delete(tabId);
  });
}

/**
 * Chrome (`keepPage`): the preview tab the failed navigations of a tab last opened, by that tab's
 * id, and each tab's navigations in turn (previewIn).
 * @type {Map<number, number>}
 */
const navigationPreviews = new Map();
/** @type {Map<number, Promise<void>>} */
const navigationTurns = new Map();

/** The preview tab of `tabId`'s navigations, while it is open and still shows a preview page. */
async function navigationPreview(tabId) {
  const id = navigationPreviews.get(tabId);
  if (id === undefined) return null;
  const shown = await api.tabs.get(id).catch(() => null);
  if (String(shown?.pendingUrl || shown?.url || '').startsWith(api.runtime.getURL(PREVIEW_PAGE))) return shown;
  navigationPreviews.delete(tabId);
  return null;
}
