// Carrying out a plan from the wasm core: opening tabs, grouping and naming them. Each browser
// difference lives in a small named helper.
import { api } from '../common/api.js';
import { opensOwnPagesInPrivate } from '../common/capabilities.js';
import { createUnloaded } from './lazy.js';
import { shorten } from '../common/prelude.js';
import { startupMark } from './ready.js';

/** Longer reasons from the browser are cut: they go into a tooltip and a notification. */
const MAX_REASON = 200;

/**
 * Opens the plan's groups, in order, next to `tab` (or in a new window; from a window without a
 * tab strip, at the end of a browser window: `tabbedPlaceFor`), in the tab's
 * private/incognito mode and (Firefox) container, then makes each of the plan's groups a tab
 * group with its name and colour (unless `grouped` is false: `type=tabs`). One tab that fails
 * to open does not stop the others.
 *
 * Every tab is asked for at once, each at its own index (the new window's first tab before
 * them): the browser makes them in the order asked, and no tab waits for the one before it to
 * be made (benches/README.md, "Click to group": this is how the click beats a baseline that
 * waits for each). When a tab failed, or was opened loaded after it could not be made unloaded
 * (later than the others), the tabs are put back in the list's order with one move.
 *
 * With `lazy`, only the first page loads; every other tab is created unloaded (background/lazy.js) and
 * loads when it is selected, titled meanwhile by the sender's title for its page (the plan's
 * `titles`, when the list has one that passed the core's check) or by its address. A tab that
 * cannot be created unloaded is opened loaded instead.
 *
 * With `joinGroupId` (the tab group the link's tab is in), every page joins that group instead:
 * nested lists too (a group cannot hold groups), with or without `grouped` (the person asked
 * for no new group, and `type=tabs` asks for none either); the group keeps its name and colour.
 *
 * @param {{title: string, color: string|null, urls: string[], titles?: (string|null)[]}[]} groups
 *   `titles`: the sender's title of each URL (null for none)
 * @param {{tab: object, active: boolean, newWindow: boolean, grouped: boolean, lazy?: boolean, joinGroupId?: number|null}} how
 *   `active`: whether the first new tab (or the new window) takes the focus
 * @returns {Promise<{tabIds: number[], groupIds: number[], windowId: number, failures: {url: string, message: string}[]}>}
 */
export async function openGroups(groups, { tab, active, newWindow, grouped, lazy = false, joinGroupId = null }) {
  // Chrome, Incognito: an unloaded tab's placeholder is an extension page, which Chrome would put
  // in a normal window (the pages' addresses and titles in the person's own profile): every page
  // loads at once there.
  if (tab.incognito && !opensOwnPagesInPrivate) lazy = false;
  const failures = [];
  const failed = (url, error) => failures.push({ url, message: reasonOf(error, url) });
  const same = sameContext(tab);
  let pages = groups.flatMap((group, g) => group.urls.map((url, i) => ({ url, g, title: group.titles?.[i] ?? null })));
  /** What opened, in the list's order: `{id, g}`. */
  const opened = [];
  let windowId = tab.windowId;
  let start = 0;
  /** @type {{openerTabId?: number}} */
  let opener = { openerTabId: tab.id };
  // Next to the tab (past pinned tabs and split views); from a window without a tab strip (a site's
  // pop-up, an app's window): in the browser window.
  const place = newWindow ? null : await tabbedPlaceFor(tab);
  if (place === null) newWindow = true;
  else {
    ({ windowId, index: start } = place);
    if (place.elsewhere) opener = {};
  }
  // A new window is made by its first page (the first that opens); the others then go into it.
  while (newWindow && opened.length === 0 && pages.length > 0) {
    const [{ url, g }] = pages;
    pages = pages.slice(1);
    try {
      const window = await api.windows.create({ url, focused: active, incognito: tab.incognito, ...same });
      opened.push({ id: window.tabs[0].id, g });
      windowId = window.id;
      start = 1;
    } catch (error) {
      failed(url, error);
    }
  }
  if (newWindow) opener = {};
  const loadsFirst = opened.length === 0;
  let late = false;
  const settled = await Promise.allSettled(pages.map(({ url, title }, k) => {
    const properties = { windowId, index: start + k, ...opener, ...same };
    const first = loadsFirst && k === 0;
    const loaded = () => api.tabs.create({ ...properties, url, active: active && !newWindow && first });
    if (!lazy || first) return loaded();
    return unloadedOrLoaded(url, title, properties, () => {
      late = true;
      return loaded();
    });
  }));
  for (const [k, outcome] of settled.entries()) {
    if (outcome.status === 'fulfilled') opened.push({ id: outcome.value.id, g: pages[k].g });
    else failed(pages[k].url, outcome.reason);
  }
  const tabIds = opened.map(({ id }) => id);
  if ((late || failures.length > 0) && tabIds.length > 1) {
    await inListOrder(tabIds, windowId, newWindow ? 0 : start);
  }
  // The first page was to take the focus and failed: the first that opened takes it.
  if (active && !newWindow && loadsFirst && settled[0]?.status === 'rejected' && tabIds.length > 0) {
    await api.tabs.update(tabIds[0], { active: true }).catch(() => {});
  }
  if (active && tabIds.length > 0) await toFront(place);
  const groupIds = [];
  if (joinGroupId !== null && !newWindow) {
    if (tabIds.length > 0) groupIds.push(await joinGroup(tabIds, joinGroupId));
  } else if (grouped) {
    for (const [g, group] of groups.entries()) {
      const ids = opened.filter((page) => page.g === g).map(({ id }) => id);
      if (ids.length === 0) continue;
      groupIds.push(await groupTabs(ids, windowId, group));
    }
  }
  return { tabIds, groupIds, windowId, failures };
}

/**
 * Why the browser did not open `url`, short: Firefox's reason repeats the whole address ("Illegal
 * URL: http://…" for one over 1 MB), which would fill the badge's tooltip and the notification.
 */
function reasonOf(error, url) {
  return shorten(String(error?.message ?? error).split(url).join(shorten(url)), MAX_REASON);
}

/**
 * Puts `tabIds` side by side from `index` on, in that order (after a tab failed or came late:
 * the indices asked for then have gaps). Tabs the person closed meanwhile are left out.
 */
async function inListOrder(tabIds, windowId, index) {
  try {
    await api.tabs.move(tabIds, { windowId, index });
  } catch (error) {
    console.warn('uri-list: the new tabs could not be put in the list\'s order:', error?.message ?? error);
  }
}

/** Makes `tabIds` (of window `windowId`) one new tab group, named `title`, coloured `color` if given; its id. */
export async function groupTabs(tabIds, windowId, { title, color }) {
  const groupId = await api.tabs.group({ tabIds, createProperties: { windowId } });
  await api.tabGroups.update(groupId, { title, ...(color ? { color } : {}) });
  startupMark('group titled');
  return groupId;
}

/** Adds `tabIds` to the existing tab group `groupId` (name and colour unchanged); its id. */
async function joinGroup(tabIds, groupId) {
  return api.tabs.group({ tabIds, groupId });
}

/** A tab created unloaded (titled `title`, else by its address); if the browser refuses that, the page opened loaded rather than not at all. */
async function unloadedOrLoaded(url, title, properties, loaded) {
  try {
    return await createUnloaded(url, properties, title);
  } catch (error) {
    console.warn(`uri-list: could not open ${url} unloaded (${error?.message ?? error}); opening it loaded`);
    return loaded();
  }
}

/** Each window's type (`normal`, `popup`, `app`...), asked once: a window keeps its type. */
const windowTypes = new Map();
/**
 * The type of window `windowId` (null when it is gone): a promise, asked of the browser once per
 * window. The click's handler asks it as the click arrives (background/sources.js), beside the
 * wasm core's start, so that a cold click does not wait for it on its way to its tabs.
 * @param {number} windowId
 * @returns {Promise<string | null>}
 */
export function windowType(windowId) {
  let type = windowTypes.get(windowId);
  if (!type) {
    if (windowTypes.size >= 64) windowTypes.clear(); // closed windows' ids: never asked again
    type = api.windows.get(windowId).then((window) => window.type ?? 'normal', () => null);
    windowTypes.set(windowId, type);
  }
  return type;
}

/**
 * Where tabs opened from `tab` go: next to it when its window is a browser window with a tab
 * strip (`normal`), past the pinned tabs or the split view it is in (`nextTo`). A link in a
 * window without one (a site's pop-up, opened by `window.open` with the "popup" feature;
 * Chrome's app windows) opens its pages in a browser window of the same
 * private mode, at the end: the one the pop-up was opened from (its tab's opener's), else the
 * focused one, else the newest. Left to themselves, Chrome put the tabs in a browser window but
 * could not group them there (the group was asked for in the pop-up's window), and Firefox put
 * them in the pop-up, whose tab strip is hidden. Null: no such window (the caller makes one).
 * `elsewhere`: not `tab`'s own window (bring it to the front with `toFront`).
 * (Firefox ignores `windowTypes` in `windows.getLastFocused`, and warns: hence the list.)
 * @returns {Promise<{windowId: number, index: number, elsewhere: boolean} | null>}
 */
export async function tabbedPlaceFor(tab) {
  const type = await windowType(tab.windowId);
  if (type === 'normal' || type === null) return { windowId: tab.windowId, index: await nextTo(tab), elsewhere: false };
  const windows = (await api.windows.getAll({ windowTypes: ['normal'] })).filter((window) => Boolean(window.incognito) === Boolean(tab.incognito));
  const opener = typeof tab.openerTabId === 'number' ? await api.tabs.get(tab.openerTabId).catch(() => null) : null;
  const window = windows.find((w) => w.id === opener?.windowId) ?? windows.find((w) => w.focused) ?? windows.at(-1);
  if (!window) return null;
  return { windowId: window.id, index: (await api.tabs.query({ windowId: window.id })).length, elsewhere: true };
}

/**
 * The index right after `tab`, past what the browser keeps together with it: the pinned tabs,
 * when `tab` is pinned, and its split view (two tabs shown side by side: `splitViewId`), when it
 * is in one. Asked for inside either, Chrome makes each new tab at the first index after it, so
 * that tabs asked for at once (openGroups) came out of the list's order (the second page first,
 * the first page last). One tab query, only from a pinned or split tab.
 * @returns {Promise<number>}
 */
async function nextTo(tab) {
  let index = tab.index + 1;
  if (tab.pinned) index = Math.max(index, (await api.tabs.query({ windowId: tab.windowId, pinned: true })).length);
  if (inSplitView(tab)) {
    for (const other of await splitViewTabs(tab.windowId, new Set([tab.splitViewId]))) index = Math.max(index, other.index + 1);
  }
  return index;
}

/**
 * Whether `tab` is one half of a split view (two tabs shown side by side, Chrome and Firefox):
 * its `splitViewId` is not `tabs.SPLIT_VIEW_ID_NONE` (-1). A browser without split views gives none.
 */
export function inSplitView(tab) {
  return typeof tab.splitViewId === 'number' && tab.splitViewId !== -1;
}

/**
 * The tabs of window `windowId` in the split views `splitViewIds`: the window's tabs, filtered
 * here (a query by `splitViewId` is refused by a browser that does not know the property).
 * @param {number} windowId
 * @param {Set<number>} splitViewIds
 */
export async function splitViewTabs(windowId, splitViewIds) {
  return (await api.tabs.query({ windowId })).filter((tab) => inSplitView(tab) && splitViewIds.has(tab.splitViewId));
}

/**
 * Tabs opened in `place` rather than in the pop-up the link was in: that window comes to the
 * front, as it does for a link followed from a pop-up. Nothing for a place next to the tab.
 * @param {{windowId: number, elsewhere: boolean} | null} place
 */
export async function toFront(place) {
  if (place?.elsewhere) await api.windows.update(place.windowId, { focused: true }).catch(() => {});
}

/**
 * Firefox: new tabs take the container (contextual identity) of the tab the link was in;
 * otherwise they would open in the default one. Chrome tabs have no `cookieStoreId` (and
 * `tabs.create` rejects the key), so nothing is added there.
 */
export function sameContext(tab) {
  return typeof tab.cookieStoreId === 'string' ? { cookieStoreId: tab.cookieStoreId } : {};
}
