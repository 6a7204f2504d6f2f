// Opening tabs and grouping them. Each browser difference lives in a small named helper.
import { api } from './api.js';

/**
 * Opens `urls` in order right after `tab`, in its window, then puts them in one tab group
 * named `title`. One tab that fails to open does not stop the others.
 *
 * @param {string[]} urls
 * @param {{tab: {id: number, index: number, windowId: number}, title: string, active: boolean}} where
 *   `active`: whether the first new tab takes the focus (a plain click) or not (middle or Ctrl/Cmd click)
 * @returns {Promise<{tabIds: number[], groupId: number|null, failures: {url: string, message: string}[]}>}
 */
export async function openAsGroup(urls, { tab, title, active }) {
  const tabIds = [];
  const failures = [];
  for (const url of urls) {
    try {
      const created = await api.tabs.create({
        url,
        windowId: tab.windowId,
        index: tab.index + 1 + tabIds.length,
        openerTabId: tab.id,
        active: active && tabIds.length === 0,
      });
      tabIds.push(created.id);
    } catch (error) {
      failures.push({ url, message: error.message });
    }
  }
  if (tabIds.length === 0) return { tabIds, groupId: null, failures };
  const groupId = await groupTabs(tabIds, tab.windowId);
  await nameGroup(groupId, title);
  return { tabIds, groupId, failures };
}

/** Puts tabs into a new group in `windowId`. Chrome 89+ and Firefox 139+ have the same call. */
async function groupTabs(tabIds, windowId) {
  return api.tabs.group({ tabIds, createProperties: { windowId } });
}

/** Names a group. `tabGroups.update` is the same in Chrome 89+ and Firefox 139+. */
async function nameGroup(groupId, title) {
  await api.tabGroups.update(groupId, { title });
}
