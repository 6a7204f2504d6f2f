// "Open as tab group" on a link in a page: the context menu gives the link's address as the
// browser read it once the page's own `contextmenu` handlers had run, and a page may swap it there
// (after its hover tooltip described another list). The content script says which `href` the
// person was shown as the menu opened (content.js, `menuLinkShown`); the link opens at once only
// when the menu's is that one.
import { api } from '../common/api.js';
import { unescaped } from '../common/prelude.js';
import { sha256Hex } from './digest.js';
import { openOrSay } from './open.js';

/**
 * By tab: `{frameId, href, at, stored}`, the link the person last opened the context menu on, as
 * they were shown it (its content script's `menuLinkShown`), and its write to storage.session.
 * The service worker may be stopped while a menu stays open (Chrome stops an idle one after
 * 30 s): storage.session's copy `{frameId, hash, at}` (the SHA-256 of the address as compared,
 * not the address, which may be 2 MiB) is read then, so that an honest choice does not fall to
 * the preview page. storage.session is the background's and the extension pages', not content
 * scripts'.
 */
const menuLinks = new Map();
/** How long a menu may stay open before the link chosen in it counts as unknown. */
const MENU_LINK_MS = 5 * 60_000;

const storedKey = (tabId) => `menuLink:${tabId}`;
/** The address as the menu's and the shown one are compared: unescaped, without white space at either end. */
const compared = (href) => unescaped(href.trim());

/**
 * Notes the link shown in tab `tabId`'s context menu, and its words (`text`, at most 1 000
 * characters: Chrome's menu event has none); resolves once storage.session has it.
 */
export function noteMenuLink(tabId, frameId, href, text = '') {
  const at = Date.now();
  const stored = (async () => {
    const hash = typeof href === 'string' ? await sha256Hex(compared(href)) : null;
    await api.storage.session.set({ [storedKey(tabId)]: { frameId, hash, at, text } });
  })().catch(() => {});
  menuLinks.set(tabId, { frameId, href, at, stored, text });
  return stored;
}

/**
 * Whether the link tab `tabId`'s context menu chose, `href` in frame `frameId`, is the one the
 * person was shown as the menu opened (then forgotten): its words if so, else null.
 * @returns {Promise<string | null>}
 */
async function shownInMenu(tabId, frameId, href) {
  const key = storedKey(tabId);
  const kept = menuLinks.get(tabId);
  menuLinks.delete(tabId);
  // The write done before the removal, which must not overtake it.
  if (kept) await kept.stored;
  const stored = kept ? undefined : (await api.storage.session.get(key).catch(() => ({})))[key];
  await api.storage.session.remove(key).catch(() => {});
  const shown = kept ?? stored;
  if (!shown || typeof shown !== 'object' || !Number.isFinite(shown.at) || Date.now() - shown.at >= MENU_LINK_MS) return null;
  if (frameId !== undefined && shown.frameId !== frameId) return null;
  const same = kept
    ? typeof kept.href === 'string' && compared(kept.href) === compared(href)
    : typeof shown.hash === 'string' && shown.hash === (await sha256Hex(compared(href)));
  return same ? (typeof shown.text === 'string' ? shown.text : '') : null;
}

/**
 * "Open as tab group" on a link (uri-list or web link, `info.linkUrl`): at once when it is the
 * `href` its content script said the person was shown; otherwise (a page's `contextmenu` handler
 * swapped it, or no content script saw the menu open) the preview page, with the reason.
 */
export async function openMenuLink(info, tab) {
  const href = String(info.linkUrl ?? '');
  const words = await shownInMenu(tab.id, info.frameId, href);
  const seen = words !== null;
  // Firefox's menu gives the link's words; Chrome's none, and the content script's are used.
  return openOrSay({ href, text: info.linkText ?? words ?? '', tab, trusted: seen, reason: seen ? null : 'linkChangedShown' });
}
