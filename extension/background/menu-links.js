// "Open as tab group" on a link in a page: the context menu gives the link's address as the
// browser read it once the page's own `contextmenu` handlers had run, and a page may swap it there
// (after its hover tooltip described another list). The content script says which `href` the
// person was shown as the menu opened (content.js, `menuLinkShown`); the link opens at once only
// when the menu's is that one.
import { unescaped } from '../common/prelude.js';
import { openOrSay } from './open.js';

/**
 * By tab: `{frameId, href, at}`, the link the person last opened the context menu on, as they
 * were shown it (its content script's `menuLinkShown`). Kept in memory: a service worker stopped
 * while the menu was open forgets it, and the link shows the preview page.
 */
const menuLinks = new Map();
/** How long a menu may stay open before the link chosen in it counts as unknown. */
const MENU_LINK_MS = 5 * 60_000;

export function noteMenuLink(tabId, frameId, href) {
  menuLinks.set(tabId, { frameId, href, at: Date.now() });
}


/**
 * "Open as tab group" on a link (uri-list or web link, `info.linkUrl`): at once when it is the
 * `href` its content script said the person was shown; otherwise (a page's `contextmenu` handler
 * swapped it, or no content script saw the menu open) the preview page, with the reason.
 */
export async function openMenuLink(info, tab) {
  const shown = menuLinks.get(tab.id);
  menuLinks.delete(tab.id);
  const href = String(info.linkUrl ?? '');
  const seen =
    shown !== undefined &&
    shown.href !== null &&
    (info.frameId === undefined || shown.frameId === info.frameId) &&
    Date.now() - shown.at < MENU_LINK_MS &&
    unescaped(shown.href.trim()) === unescaped(href.trim());
  return openOrSay({ href, text: info.linkText ?? '', tab, trusted: seen, reason: seen ? null : 'linkChangedShown' });
}
