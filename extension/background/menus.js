// Context-menu items: one registry that every feature adds its items to (background.js, at
// start-up), created on install and update (runtime.onInstalled) and at browser start
// (runtime.onStartup), and one onClicked listener dispatching by id.
import { api } from '../common/api.js';

/**
 * A feature's menu item. `properties` are contextMenus.create's (with an `id`) but the title:
 * `titleMessage` names its message in _locales, read only when the menus are made (install,
 * browser start, a permission changed), so that a start for a click reads no locale file (a
 * worker's first `i18n.getMessage` costs milliseconds: benches/README.md, "Nothing at start-up
 * that the click does not need"). `onClicked(info, tab)` runs when it is chosen; `available()`,
 * if given, says whether to make it now (an item whose context needs an optional permission:
 * made again when permissions change).
 * @typedef {{titleMessage: string, properties: any, onClicked: (info: any, tab: any) => any,
 *   available?: () => Promise<boolean>}} MenuItem
 */

/** Registered items by id. @type {Map<string, MenuItem>} */
const items = new Map();

/**
 * Registers `item`, its `onClicked` replaced by `onClicked`. Call at start-up, before createMenus().
 * @param {MenuItem} item
 * @param {MenuItem['onClicked']} onClicked
 */
export function addMenuItem(item, onClicked) {
  const { id } = item.properties;
  if (items.has(id)) throw new Error(`menu item ${id} is registered twice`);
  items.set(id, { ...item, onClicked });
}

/** The ids of the registered items (for the end-to-end tests: background.js `uriListBackground`). */
export function menuItemIds() {
  return [...items.keys()];
}

/**
 * The contexts for items that act on tabs: the tab strip's own menu where the browser has one
 * for extensions (`"tab"`: Firefox, Chrome 150+), else the page's and the toolbar button's menus.
 * Detected from the browser's list of contexts, not from its name or version.
 */
export function tabContexts() {
  /** @type {string[]} */
  const known = Object.values(api.contextMenus.ContextType ?? api.menus?.ContextType ?? {});
  return known.includes('tab') ? ['tab'] : ['page', 'action'];
}

/** The menus being made (createMenus()), so that the next run waits for it. */
let making = Promise.resolve();

/**
 * Creates every registered item (removing earlier ones). If the browser rejects the `tab`
 * context (one that lists no ContextType and lacks it), that item goes to the page's and the
 * toolbar button's menus instead.
 */
export function createMenus() {
  // One at a time: two runs at once (install and a permission granted in the same moment) would
  // interleave, one's removeAll() taking the other's parent item from under its children.
  making = making.then(makeMenus, makeMenus);
  return making;
}

async function makeMenus() {
  await api.contextMenus.removeAll();
  for (const { titleMessage, properties: item, available } of items.values()) {
    if (available && !(await available().catch(() => false))) continue;
    const properties = { ...item, title: api.i18n.getMessage(titleMessage) };
    try {
      await create(properties);
    } catch (error) {
      if (!properties.contexts?.includes('tab')) {
        console.error('uri-list:', error.message);
        continue;
      }
      await create({ ...properties, contexts: ['page', 'action'] });
    }
  }
}

/**
 * Makes the menus again when the browser has none of ours, and resolves to whether it did: Chrome
 * takes them away when the extension is turned off and does not give them back when it is turned
 * on again, which is neither an install nor a browser start, and no event says so. Asked once a
 * start is quiet (background.js). Which are there is asked of the browser, by an update of the
 * first item made whatever the permissions (nothing changes; an update of an item the browser
 * does not have fails).
 */
export async function restoreMenus() {
  const probe = [...items].find(([, item]) => !item.available)?.[0];
  if (probe === undefined) return false;
  try {
    await api.contextMenus.update(probe, {});
    return false;
  } catch {
    await createMenus();
    return true;
  }
}

/**
 * The contextMenus.onClicked listener: runs the item's handler and returns what it resolves to
 * (for the tests); a failure is logged, as nothing else would see it.
 */
export function onMenuClicked(info, tab) {
  const item = items.get(info.menuItemId);
  if (!item) return Promise.resolve(undefined);
  return Promise.resolve(item.onClicked(info, tab)).catch((error) => {
    console.error(`uri-list: menu item ${info.menuItemId} failed:`, error);
  });
}

/** contextMenus.create as a promise: it reports errors through a callback, or throws on bad input. */
function create(properties) {
  return new Promise((resolve, reject) => {
    api.contextMenus.create(properties, () => {
      const error = api.runtime.lastError;
      if (error) reject(new Error(`menu item ${properties.id}: ${error.message}`));
      else resolve();
    });
  });
}
