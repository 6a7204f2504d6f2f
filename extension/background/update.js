// The extension's own tabs outlive an update of the extension (Chrome).
//
// Chrome closes every tab that shows one of an extension's pages when it unloads the extension,
// for an update too: the placeholders of unloaded tabs (background/lazy.js) and any preview page a
// person is reading would be gone. So before an update is applied (`runtime.onUpdateAvailable`,
// which holds the update back until `runtime.reload()`), those tabs are written down in
// storage.local, and the new version opens them again, in their windows, places and groups
// (`runtime.onInstalled`, reason "update"). Firefox has no placeholders (its unloaded tabs are
// the browser's own), and this is not wired there.
import { api } from '../common/api.js';
import { PLACEHOLDER_PAGE, placeholderTarget, placeholderUrl, unloadedTitle } from '../common/placeholder.js';
import { PREVIEW_PAGE } from '../common/preview.js';
import { groupTabs } from './tabs.js';

const RESTORE_KEY = 'tabsToRestore';

/**
 * The URL to open again for a tab that shows `url`, or null when it is not a page to bring back:
 * a placeholder (made again from the page it stands for, an http(s) URL only) or a preview page.
 */
function pageToRestore(url) {
  const text = String(url ?? '');
  const placeholder = api.runtime.getURL(PLACEHOLDER_PAGE);
  if (text.startsWith(`${placeholder}?`)) {
    const params = new URL(text).searchParams;
    const target = placeholderTarget(params);
    return target && placeholderUrl(target, params.get('title') ?? unloadedTitle(target));
  }
  return text.startsWith(`${api.runtime.getURL(PREVIEW_PAGE)}?`) ? text : null;
}

/**
 * Writes down every tab of ours to bring back: `{url, windowId, index, active, pinned, group}`,
 * `group` being `{id, title, color}` or null. Returns how many there are.
 */
export async function rememberOwnTabs() {
  const groups = new Map((await api.tabGroups.query({})).map((group) => [group.id, group]));
  const remembered = [];
  for (const tab of await api.tabs.query({})) {
    const url = pageToRestore(tab.url || tab.pendingUrl);
    if (!url) continue;
    const group = groups.get(tab.groupId);
    remembered.push({
      url,
      windowId: tab.windowId,
      index: tab.index,
      active: tab.active,
      pinned: tab.pinned === true,
      group: group ? { id: group.id, title: group.title ?? '', color: group.color } : null,
    });
  }
  if (remembered.length) await api.storage.local.set({ [RESTORE_KEY]: remembered });
  return remembered.length;
}

/**
 * Opens again the tabs that `rememberOwnTabs` wrote down (and forgets them): each in its window,
 * at its place (pinned again if it was), in its group (the same group when it is still there,
 * else a new one with its name and colour), the one that was in front in front again. A window
 * closed meanwhile takes none back. (A tab that was in a split view comes back beside it, not
 * in it.)
 */
export async function restoreOwnTabs() {
  const { [RESTORE_KEY]: remembered } = await api.storage.local.get(RESTORE_KEY);
  if (!Array.isArray(remembered) || remembered.length === 0) return 0;
  await api.storage.local.remove(RESTORE_KEY);
  const windows = new Set((await api.windows.getAll()).map((window) => window.id));
  const groupsLeft = new Set((await api.tabGroups.query({})).map((group) => group.id));
  // In place order, so that each tab goes back where it was among the ones already back.
  const tabs = remembered
    .filter((tab) => windows.has(tab?.windowId) && pageToRestore(tab.url) === tab.url)
    .sort((a, b) => a.windowId - b.windowId || a.index - b.index);
  const byGroup = new Map(); // a remembered group's id -> {group, windowId, tabIds}
  let restored = 0;
  for (const tab of tabs) {
    let created;
    try {
      created = await api.tabs.create({ windowId: tab.windowId, index: tab.index, url: tab.url, active: tab.active === true, pinned: tab.pinned === true });
      restored += 1;
    } catch (error) {
      // One tab that cannot be opened again does not stop the others; it is said, not dropped.
      console.error(`uri-list: could not open ${tab.url} again after the update:`, error);
      continue;
    }
    if (!tab.group) continue;
    const entry = byGroup.get(tab.group.id) ?? { group: tab.group, windowId: tab.windowId, tabIds: [] };
    entry.tabIds.push(created.id);
    byGroup.set(tab.group.id, entry);
  }
  for (const { group, windowId, tabIds } of byGroup.values()) {
    if (groupsLeft.has(group.id)) {
      await api.tabs.group({ groupId: group.id, tabIds });
    } else {
      await groupTabs(tabIds, windowId, group);
    }
  }
  return restored;
}
