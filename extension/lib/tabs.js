// Carrying out a plan from the wasm core: opening tabs, grouping and naming them. Each browser
// difference lives in a small named helper.
import { api } from './api.js';
import { createUnloaded } from './lazy.js';

/**
 * Opens the plan's groups, in order, next to `tab` (or in a new window), in the tab's
 * private/incognito mode and (Firefox) container, then makes each of the plan's groups a tab
 * group with its name and colour (unless `grouped` is false: `type=tabs`). One tab that fails
 * to open does not stop the others.
 *
 * With `lazy`, only the first page loads; every other tab is created unloaded (lib/lazy.js) and
 * loads when it is selected. A tab that cannot be created unloaded is opened loaded instead.
 *
 * With `joinGroupId` (the tab group the link's tab is in), every page joins that group instead:
 * nested lists too (a group cannot hold groups), with or without `grouped` (the person asked
 * for no new group, and `type=tabs` asks for none either); the group keeps its name and colour.
 *
 * @param {{title: string, color: string|null, urls: string[]}[]} groups
 * @param {{tab: object, active: boolean, newWindow: boolean, grouped: boolean, lazy?: boolean, joinGroupId?: number|null}} how
 *   `active`: whether the first new tab (or the new window) takes the focus
 * @returns {Promise<{tabIds: number[], groupIds: number[], windowId: number, failures: {url: string, message: string}[]}>}
 */
export async function openGroups(groups, { tab, active, newWindow, grouped, lazy = false, joinGroupId = null }) {
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
          const properties = { windowId, index, ...(newWindow ? {} : { openerTabId: tab.id }), ...same };
          const loaded = () => api.tabs.create({ ...properties, url, active: active && !newWindow && tabIds.length === 0 });
          created = lazy && tabIds.length > 0 ? await unloadedOrLoaded(url, properties, loaded) : await loaded();
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
  if (joinGroupId !== null && !newWindow) {
    if (tabIds.length > 0) groupIds.push(await joinGroup(tabIds, joinGroupId));
  } else if (grouped) {
    for (const [g, group] of groups.entries()) {
      if (tabsOfGroup[g].length === 0) continue;
      groupIds.push(await groupTabs(tabsOfGroup[g], windowId, group));
    }
  }
  return { tabIds, groupIds, windowId, failures };
}

/** Makes `tabIds` (of window `windowId`) one new tab group, named `title`, coloured `color` if given; its id. */
export async function groupTabs(tabIds, windowId, { title, color }) {
  const groupId = await api.tabs.group({ tabIds, createProperties: { windowId } });
  await api.tabGroups.update(groupId, { title, ...(color ? { color } : {}) });
  return groupId;
}

/** Adds `tabIds` to the existing tab group `groupId` (name and colour unchanged); its id. */
async function joinGroup(tabIds, groupId) {
  return api.tabs.group({ tabIds, groupId });
}

/** A tab created unloaded; if the browser refuses that, the page opened loaded rather than not at all. */
async function unloadedOrLoaded(url, properties, loaded) {
  try {
    return await createUnloaded(url, properties);
  } catch (error) {
    console.warn(`uri-list: could not open ${url} unloaded (${error?.message ?? error}); opening it loaded`);
    return loaded();
  }
}

/**
 * Firefox: new tabs take the container (contextual identity) of the tab the link was in;
 * otherwise they would open in the default one. Chrome tabs have no `cookieStoreId` (and
 * `tabs.create` rejects the key), so nothing is added there.
 */
function sameContext(tab) {
  return typeof tab.cookieStoreId === 'string' ? { cookieStoreId: tab.cookieStoreId } : {};
}
