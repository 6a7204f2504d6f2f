// Carrying out a plan from the wasm core: opening tabs, grouping and naming them. Each browser
// difference lives in a small named helper.
import { api } from './api.js';

/**
 * Opens the plan's groups, in order, next to `tab` (or in a new window), in the tab's
 * private/incognito mode and (Firefox) container, then makes each of the plan's groups a tab
 * group with its name and colour (unless `grouped` is false: `type=tabs`). One tab that fails
 * to open does not stop the others.
 *
 * @param {{title: string, color: string|null, urls: string[]}[]} groups
 * @param {{tab: object, active: boolean, newWindow: boolean, grouped: boolean}} how
 *   `active`: whether the first new tab (or the new window) takes the focus
 * @returns {Promise<{tabIds: number[], groupIds: number[], windowId: number, failures: {url: string, message: string}[]}>}
 */
export async function openGroups(groups, { tab, active, newWindow, grouped }) {
  const failures = [];
  const tabIds = [];
  const tabsOfGroup = groups.map(() => []);
  const same = sameContext(tab);
  let windowId = tab.windowId;
  let index = tab.index + 1;
  for (const [g, group] of groups.entries()) {
    for (const url of group.urls) {
      try {
        let created;
        if (newWindow && tabIds.length === 0) {
          const window = await api.windows.create({ url, focused: active, incognito: tab.incognito, ...same });
          created = window.tabs[0];
          windowId = window.id;
          index = 1;
        } else {
          created = await api.tabs.create({
            url,
            windowId,
            index,
            ...(newWindow ? {} : { openerTabId: tab.id }),
            active: active && !newWindow && tabIds.length === 0,
            ...same,
          });
          index += 1;
        }
        tabIds.push(created.id);
        tabsOfGroup[g].push(created.id);
      } catch (error) {
        failures.push({ url, message: String(error?.message ?? error) });
      }
    }
  }
  const groupIds = [];
  if (grouped) {
    for (const [g, group] of groups.entries()) {
      if (tabsOfGroup[g].length === 0) continue;
      const groupId = await api.tabs.group({ tabIds: tabsOfGroup[g], createProperties: { windowId } });
      await api.tabGroups.update(groupId, { title: group.title, ...(group.color ? { color: group.color } : {}) });
      groupIds.push(groupId);
    }
  }
  return { tabIds, groupIds, windowId, failures };
}

/**
 * Firefox: new tabs take the container (contextual identity) of the tab the link was in;
 * otherwise they would open in the default one. Chrome tabs have no `cookieStoreId` (and
 * `tabs.create` rejects the key), so nothing is added there.
 */
function sameContext(tab) {
  return typeof tab.cookieStoreId === 'string' ? { cookieStoreId: tab.cookieStoreId } : {};
}
