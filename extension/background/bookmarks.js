// Bookmarks, both ways (background): a bookmark folder copied as one uri-list link (its
// subfolders nested lists, draft §8.2, which names bookmark folders as their motivation), and a
// list saved as a bookmark folder (its nested lists subfolders). The `bookmarks` permission is
// optional: a page asks for it on the person's click (pages/bookmark-access.js), and until then
// every request here answers with a message saying so.
//
// Two layers, as in share.js: `listForTree()` is a pure decision (a bookmark tree in, the list
// to encode and what was left out), the rest asks the browser.
import { checkAll, encode, plan } from '../common/core.js';
import { api } from '../common/api.js';
import { localized } from '../common/i18n.js';
import { writeClipboard } from './clipboard.js';
import { confirmCopy } from './share-actions.js';
import { realUrl } from '../common/placeholder.js';
import { MAX_LINK_LENGTH } from '../common/prelude.js';
import { sharedTitle, unshareableReasons } from './share.js';
import { readSettings } from '../common/settings.js';

/**
 * The permission, in the form permissions.contains/request take it.
 * @type {chrome.permissions.Permissions}
 */
export const BOOKMARKS = { permissions: ['bookmarks'] };

/** The core follows nested lists 8 deep (`MAX_DEPTH`); a deeper folder is left out and said so. */
const MAX_NESTING = 8;

/** A person's request the extension cannot do: something to tell them, not a failure. */
export class BookmarkRefused extends Error {
  name = 'BookmarkRefused';
}

/** Throws a BookmarkRefused saying how to allow it, when the person has not allowed bookmarks. */
async function needBookmarks() {
  if (!api.bookmarks || !(await api.permissions.contains(BOOKMARKS))) throw new BookmarkRefused(api.i18n.getMessage('bookmarkNoPermission'));
}

/**
 * The list for a bookmark tree node: its title the list's `title`, each bookmark an item in
 * order, each subfolder a nested list titled by its name. Left out, with the reason counted:
 * separators, bookmarks that are not web pages (by the core's rule, as for tabs: `place:`,
 * `javascript:`, `file:`...), empty folders and folders nested deeper than a list may be.
 *
 * With `pageTitles`, each list (a subfolder's too) carries its bookmarks' names as the pages'
 * titles (the link's `page-titles`), as a share of tabs carries theirs (background/share.js).
 * @param {{title?: string, url?: string, type?: string, children?: object[]}} node
 * @param {{pageTitles?: boolean}} [how]
 * @returns {{list: {items: any[], title?: string} | null, shared: number, leftOut: {reason: string, count: number}[]}}
 */
export function listForTree(node, { pageTitles = false } = {}) {
  const reasons = [];
  // A list's titles, one per item (null for a subfolder, which has its own name), or none.
  const titled = (titles) => (pageTitles && titles.some((title) => title !== null) ? { pageTitles: titles } : {});
  let shared = 0;
  const walk = (folder, depth) => {
    const entries = folder.children ?? [];
    // One check for the folder's bookmarks (the core's rule for what others can open).
    const marks = entries.filter((child) => child.url !== undefined && child.type !== 'separator');
    const why = unshareableReasons(marks.map((mark) => ({ url: mark.url })));
    const reasonOf = new Map(marks.map((mark, n) => [mark, why[n]]));
    const items = [];
    const titles = [];
    for (const child of entries) {
      if (child.type === 'separator') reasons.push(api.i18n.getMessage('bookmarkSeparator'));
      else if (child.url !== undefined) {
        const reason = reasonOf.get(child);
        if (reason) reasons.push(reason);
        else {
          // A bookmark of Chrome's unloaded tab is of its placeholder page: the page it stands for.
          items.push(realUrl(child.url));
          titles.push(sharedTitle(child));
          shared += 1;
        }
      } else if (depth >= MAX_NESTING) reasons.push(api.i18n.getMessage('bookmarkTooDeep', [child.title ?? '', String(MAX_NESTING)]));
      else {
        const inner = walk(child, depth + 1);
        if (inner.items.length === 0) reasons.push(api.i18n.getMessage('bookmarkEmptyFolder', [child.title ?? '']));
        else {
          items.push({ items: inner.items, ...(child.title ? { title: child.title } : {}), ...inner.titles });
          titles.push(null);
        }
      }
    }
    return { items, titles: titled(titles) };
  };
  // A single bookmark (Firefox's menu on a bookmark, not a folder) is a list of one.
  const { items, titles } = node.url !== undefined ? walk({ children: [node] }, 0) : walk(node, 0);
  const counts = new Map();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const leftOut = [...counts].map(([reason, count]) => ({ reason, count }));
  if (items.length === 0) return { list: null, shared: 0, leftOut };
  return { list: { items, ...(node.url === undefined && node.title ? { title: node.title } : {}), ...titles }, shared, leftOut };
}

/**
 * Copies the bookmark folder `id` as one uri-list link and confirms it (badge, tooltip and,
 * with `notify`, a notification). Returns `{shared, link, title, message}`; `shared` 0 when
 * nothing was copied (the message says why).
 */
export async function copyFolder(id, { notify = true } = {}) {
  let made;
  try {
    await needBookmarks();
    const [node] = await api.bookmarks.getSubTree(String(id));
    // The bookmarks' names go with them as the pages' titles when the person chose so (the
    // popup's "Titles" choice, remembered as `sharePageTitles`).
    const { sharePageTitles } = await readSettings();
    const { list, shared, leftOut } = listForTree(node, { pageTitles: sharePageTitles === true });
    if (!list) throw new BookmarkRefused([api.i18n.getMessage('bookmarkNothing', [node.title ?? '']), leftOutOf(leftOut)].filter(Boolean).join(' '));
    const link = encode(list);
    // A link no reader takes (the core reads at most MAX_LINK_LENGTH bytes) is not copied.
    const bytes = new TextEncoder().encode(link).length;
    if (bytes > MAX_LINK_LENGTH) throw new BookmarkRefused(api.i18n.getMessage('bookmarkTooLong', [node.title ?? '', String(bytes), String(MAX_LINK_LENGTH)]));
    await writeClipboard(link);
    made = { shared, link, title: list.title ?? null, leftOut };
  } catch (error) {
    await confirmCopy({ badge: '!', warn: true, message: error.message, notify });
    if (error instanceof BookmarkRefused) return { shared: 0, message: error.message };
    throw error;
  }
  const copied = api.i18n.getMessage(made.shared === 1 ? 'bookmarkCopiedOne' : 'bookmarkCopied', [made.title ?? '', String(made.shared), String(made.link.length)]);
  const message = [copied, leftOutOf(made.leftOut)].filter(Boolean).join(' ');
  await confirmCopy({ badge: String(made.shared), warn: made.leftOut.length > 0, message, notify });
  return { ...made, copied, message };
}

/** "2 bookmarks left out: 1 × a separator; 1 × javascript: pages ...", or "". */
function leftOutOf(leftOut) {
  if (leftOut.length === 0) return '';
  const total = leftOut.reduce((sum, { count }) => sum + count, 0);
  if (total === 1) return api.i18n.getMessage('bookmarkLeftOutOne', [leftOut[0].reason]);
  return api.i18n.getMessage('bookmarkLeftOut', [String(total), leftOut.map(({ reason, count }) => `${count} × ${reason}`).join('; ')]);
}

/**
 * Saves the list of `link` as a new bookmark folder in the browser's default place for new
 * bookmarks ("Other bookmarks"): named by the list's title (an untitled list by what it holds,
 * "4 pages from 3 sites"), each page a bookmark in order, each nested list a subfolder named by
 * its title (the untitled ones "List 1", "List 2", ...). The list's structure comes from the core
 * (`checkAll`); blocked and invalid items are left out and counted by reason. Returns `{saved, folders, id, title, parent, message}`.
 */
export async function saveList(link) {
  await needBookmarks();
  const report = checkAll(link);
  const pages = report.items.filter((entry) => entry.class === 'openable').length;
  if (pages === 0) throw new BookmarkRefused(api.i18n.getMessage('bookmarkSaveNothing'));
  const planned = plan(link, { limit: Number.MAX_SAFE_INTEGER });
  const title = report.title || localized(planned.groups[0]?.summary) || api.i18n.getMessage('extName');
  const root = await api.bookmarks.create({ title });
  /** Folder ids by the index of their list in `report.lists` (0: the link's own). */
  const folders = new Map([[0, root.id]]);
  // An untitled nested list is "List N", N counting the untitled ones alone (the first is 1),
  // in the order of the link; a titled one is named by its title.
  let untitled = 0;
  const nameOf = (index) => report.lists[index]?.title || api.i18n.getMessage('bookmarkUntitledList', [String(++untitled)]);
  const reasons = [];
  let saved = 0;
  for (const entry of report.items) {
    const parentId = folders.get(entry.list);
    if (parentId === undefined) continue; // inside a nested list that was not saved (said when it was left out)
    if (entry.class === 'list' && entry.nested !== undefined) {
      const folder = await api.bookmarks.create({ parentId, title: nameOf(entry.nested) });
      folders.set(entry.nested, folder.id);
    } else if (entry.class === 'openable') {
      // Named by the title the link gives the page (the sender's words), else by its address.
      await api.bookmarks.create({ parentId, url: entry.item, title: entry.pageTitle || entry.item });
      saved += 1;
    } else reasons.push(localized(entry.reason) || api.i18n.getMessage('bookmarkNotSaved'));
  }
  const [parent] = await api.bookmarks.get(root.parentId ?? '');
  const counts = new Map();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const leftOut = [...counts].map(([reason, count]) => ({ reason, count }));
  const said = api.i18n.getMessage(saved === 1 ? 'bookmarkSavedOne' : 'bookmarkSaved', [String(saved), title, parent?.title ?? '']);
  return { saved, folders: folders.size, id: root.id, title, parent: parent?.title ?? '', leftOut, message: [said, leftOutOf(leftOut)].filter(Boolean).join(' ') };
}

/**
 * Every bookmark folder, in the order of the tree, for the popup's picker: `{id, title, depth}`
 * (the roots' own children at depth 0; the invisible root is not offered).
 */
export async function listFolders() {
  await needBookmarks();
  const [root] = await api.bookmarks.getTree();
  const folders = [];
  const walk = (node, depth) => {
    for (const child of node.children ?? []) {
      if (child.url !== undefined || child.type === 'separator') continue;
      folders.push({ id: child.id, title: child.title || api.i18n.getMessage('bookmarkNoName'), depth });
      walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return folders;
}

/** The pages' requests (background.js's registry); each answers with what to tell the person. */
export const bookmarkMessages = {
  async bookmarkFolders() {
    try {
      return { folders: await listFolders() };
    } catch (error) {
      if (error instanceof BookmarkRefused) return { folders: [], message: error.message };
      throw error;
    }
  },
  async copyBookmarkFolder({ id }) {
    return copyFolder(String(id), { notify: false });
  },
  async saveBookmarks({ link }) {
    try {
      return await saveList(String(link));
    } catch (error) {
      if (error instanceof BookmarkRefused) return { saved: 0, message: error.message };
      throw error;
    }
  },
};

/**
 * The bookmark context menu's item, where the browser has one (Firefox's `"bookmark"` context;
 * Chrome's contextMenus has none: its popup's folder picker is the way there). The browser
 * accepts that context only with the bookmarks permission, so the item is made only once it is
 * granted (`available`; background.js makes the menus again on permissions.onAdded/onRemoved).
 */
export function bookmarkMenuItems() {
  if (!bookmarkContext()) return [];
  return [
    {
      titleMessage: 'menuCopyBookmarkFolder',
      properties: { id: 'bookmark-folder', contexts: ['bookmark'] },
      available: async () => Boolean(api.bookmarks) && (await api.permissions.contains(BOOKMARKS)),
      onClicked: (/** @type {any} */ info) => copyFolder(String(info.bookmarkId)),
    },
  ];
}

/** Whether the browser's menus have a bookmark context (Firefox), from its list of contexts. */
function bookmarkContext() {
  /** @type {string[]} */
  const known = Object.values(api.menus?.ContextType ?? api.contextMenus.ContextType ?? {});
  return known.includes('bookmark');
}
