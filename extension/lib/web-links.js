// Web links and the explainer's rel="multilink", the ways a list reaches the extension through an
// ordinary http(s) address:
//
// - a web link (`https://HOST/PATH#uri-list:...`, src/syntax/web_link.rs) clicked by a person opens as
//   its list (content.js catches the click, lib/open.js validLink() reads the fragment); landing
//   on one otherwise only offers the list (content.js sends it with the page's offers);
// - "Open as tab group" in the context menu of a web link;
// - `<a rel="multilink" href="https://...">` clicked by a person: the page loads, and the list it
//   names in `<link rel="alternate">` opens, for the navigation that click started only;
// - Firefox: a `uri-list:` link typed into the address bar goes to the search engine as a query
//   (Firefox does not know the scheme): the request is cancelled before it leaves, and the
//   preview page shows the list instead.
import { api } from './api.js';
import { LINK_SCHEME, WEB_LINK } from './prelude.js';
import { fromContentScript, openOrSay, previewIn } from './sources.js';

// --- the context menu ---------------------------------------------------------------------------

const MENU_ID = 'open-web-link-as-group';

/** "Open as tab group" on a web link: shown only on one (see `webLinkMessages.webLinkMenu`, `onMenuShown`). */
export const webLinkMenuItems = [
  {
    properties: {
      id: MENU_ID,
      title: api.i18n.getMessage('menuOpenAsGroup'),
      contexts: ['link'],
      // Match patterns never look at the fragment: every http(s) link, made visible only on web links.
      targetUrlPatterns: ['http://*/*', 'https://*/*'],
      visible: false,
    },
    async onClicked(info, tab) {
      if (!tab || !WEB_LINK.test(info.linkUrl ?? '')) return undefined;
      return openOrSay({ href: info.linkUrl, text: info.linkText ?? '', tab, trusted: true });
    },
  },
];

/** Firefox: the menu is about to show on `info.linkUrl`: the item only on a web link. */
export async function onMenuShown(info) {
  const visible = WEB_LINK.test(info.linkUrl ?? '');
  await api.menus.update(MENU_ID, { visible });
  api.menus.refresh();
}

// --- rel="multilink" ------------------------------------------------------------------------------

/** How long after the click the page it loads may name its list. */
const MULTILINK_MS = 30_000;
/** By tab: `{href, url, until}`: the address clicked, and the one its navigation committed at. */
const multilinks = new Map();
const withoutFragment = (url) => String(url ?? '').split('#')[0];

/** Message handlers (background.js puts them in its one onMessage listener). */
export const webLinkMessages = {
  /**
   * A person's own click on `<a rel="multilink" href>` in the top frame of a tab (content.js made
   * the same checks as for a list link): the next navigation of that tab, if it goes there,
   * may open the list its page names.
   */
  async multilink({ href }, sender) {
    const tab = fromContentScript(sender);
    if (sender.frameId !== 0 || typeof href !== 'string' || !/^https?:\/\//i.test(href)) return { waiting: false };
    multilinks.set(tab.id, { href: withoutFragment(href), url: null, until: Date.now() + MULTILINK_MS });
    return { waiting: true };
  },

  /** Chrome (no onShown): the pointer or focus is on a web link, or left it. */
  async webLinkMenu({ visible }, sender) {
    fromContentScript(sender);
    await api.contextMenus.update(MENU_ID, { visible: visible === true });
    return { visible: visible === true };
  },
};

/**
 * A top-frame navigation committed: the first one after a multilink click is the click's if it
 * is at the address clicked (or the server redirected it); any other navigation ends the wait.
 */
export function onMultilinkCommitted({ tabId, frameId, url, transitionQualifiers = [] }) {
  const waiting = multilinks.get(tabId);
  if (frameId !== 0 || !waiting) return;
  const clicked = withoutFragment(url) === waiting.href || transitionQualifiers.includes('server_redirect');
  if (waiting.url === null && clicked && Date.now() < waiting.until) waiting.url = withoutFragment(url);
  else multilinks.delete(tabId);
}

/**
 * The page in `tab` offers lists (`offers`, read from its `<link rel="alternate">`): if the
 * person's multilink click loaded it, the first list opens, as after a click on it (the same
 * plan, the preview page when it asks for one). Only once, only for that page.
 */
export async function openMultilinkOffer(tab, offers, pageUrl) {
  const waiting = multilinks.get(tab.id);
  if (!waiting || waiting.url === null || waiting.url !== withoutFragment(pageUrl)) return null;
  multilinks.delete(tab.id);
  if (Date.now() > waiting.until || offers.length === 0) return null;
  return openOrSay({ href: offers[0].href, text: offers[0].title, tab, trusted: true });
}

export const forgetMultilinkOfTab = (tabId) => multilinks.delete(tabId);

// --- Firefox: a typed uri-list: link sent to the search engine ----------------------------------

/**
 * Firefox treats a typed `uri-list:...` (a scheme it does not know) as words to search for, and
 * sends the whole list to the search engine. A top-level request that no page started (the
 * address bar's) whose query holds a uri-list link as one of its values (no white space: a
 * link, not a question about one) is cancelled before it leaves the browser, and the preview
 * page shows the list in that tab.
 * https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/webRequest/onBeforeRequest
 */
export function onSearchRequest(/** @type {chrome.webRequest.OnBeforeRequestDetails & {originUrl?: string}} */ { url, tabId, originUrl }) {
  if (tabId < 0 || (originUrl && !/^(?:about|chrome|moz-extension|resource):/i.test(originUrl))) return {};
  let link = null;
  try {
    for (const [, value] of new URL(url).searchParams) {
      const text = value.trim();
      if (LINK_SCHEME.test(text) && !/\s/.test(text)) link = text;
    }
  } catch {
    return {};
  }
  if (!link) return {};
  previewIn(tabId, link, { reason: 'typed' }).catch((error) => console.error('uri-list: the typed link could not be shown:', error));
  return { cancel: true };
}

/** Whether this browser can stop a request before it leaves (Firefox's blocking webRequest). */
export const canStopSearches = () => Boolean(api.webRequest?.onBeforeRequest) && typeof api.runtime.getBrowserInfo === 'function';
