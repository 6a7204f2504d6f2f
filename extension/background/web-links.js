// Web links and the explainer's rel="multilink", the ways a list reaches the extension through an
// ordinary http(s) address:
//
// - a web link (`https://HOST/PATH#uri-list:...`, src/syntax/web_link.rs) clicked by a person opens as
//   its list (content.js catches the click, common/link.js validLink() reads the fragment); landing
//   on one otherwise only offers the list (content.js sends it with the page's offers);
// - "Open as tab group" in the context menu of a web link;
// - `<a rel="multilink" href="https://...">` clicked by a person: the page loads, and the list it
//   names in `<link rel="alternate">` opens, for the navigation that click started only;
// - Firefox: a `uri-list:` link typed into the address bar goes to the search engine as a query
//   (Firefox does not know the scheme): the request is cancelled before it leaves, and the
//   preview page shows the list instead.
import { api } from '../common/api.js';
import { forgetOnClose, openTabIds } from './closed-tabs.js';
import { LINK_SCHEME, SCHEMES, WEB_LINK } from '../common/prelude.js';
import { openMenuLink } from './menu-links.js';
import { openOrSay, previewIn } from './open.js';
import { fromContentScript } from './senders.js';

// --- the context menu ---------------------------------------------------------------------------

const MENU_ID = 'open-web-link-as-group';

/** "Open as tab group" on a web link: shown only on one (see `webLinkMessages.webLinkMenu`). */
export const webLinkMenuItems = [
  {
    titleMessage: 'menuOpenAsGroup',
    properties: {
      id: MENU_ID,
      contexts: ['link'],
      // Match patterns never look at the fragment: every http(s) link, made visible only on web links.
      targetUrlPatterns: ['http://*/*', 'https://*/*'],
      visible: false,
    },
    async onClicked(info, tab) {
      if (!tab || !WEB_LINK.test(info.linkUrl ?? '')) return undefined;
      return openMenuLink(info, tab);
    },
  },
];

// --- rel="multilink" ------------------------------------------------------------------------------

/** How long after the click the page it loads may name its list. */
const MULTILINK_MS = 30_000;
/**
 * By tab: `{href, started, blind, url, until}`: the address clicked; whether the navigation the
 * click started (to that address) has been seen to start; whether it may have started unseen (see
 * `multilink`); the address it committed at.
 */
const multilinks = new Map();
/**
 * By tab: the top frame's last navigation that started, `{url, at, committed}` (`committed`: the
 * address it committed at, if it has, and a server redirect made it go there): a click's message
 * may reach the background after the navigation it started, even after its commit (the two come by
 * different ways, and a busy browser delays either).
 */
const lastStarts = new Map();
/** How recent a navigation at the clicked address must be to be the click's, when it started before the message came. */
const START_BEFORE_MESSAGE_MS = 10_000;
const withoutFragment = (url) => String(url ?? '').split('#')[0];

/**
 * The tabs whose page has a multilink on it (content.js says so once the page has loaded, or a
 * person's pointer or focus reaches one), kept in storage.session under `multilinkTabs` (a
 * stopped background forgets its memory): the navigation listeners below are there only while
 * one of them is, or a click waits. Any other page load leaves a stopped background stopped.
 */
const MULTILINK_TABS = 'multilinkTabs';
/** @type {Promise<Set<number>> | null} */
let multilinkTabs = null;
function tabsWithMultilinks() {
  if (!multilinkTabs) {
    const read = api.storage.session.get(MULTILINK_TABS).then(async (items) => {
      const tabs = new Set(Array.isArray(items[MULTILINK_TABS]) ? items[MULTILINK_TABS].filter(Number.isInteger) : []);
      if (tabs.size === 0) return tabs;
      // Tabs closed while no listener was there (background/closed-tabs.js) are forgotten now.
      const open = await openTabIds();
      const left = new Set([...tabs].filter((tabId) => open.has(tabId)));
      if (left.size !== tabs.size) await api.storage.session.set({ [MULTILINK_TABS]: [...left] });
      // The background that stopped had the listeners: taken away (Firefox would start this one
      // for them at every page load else).
      if (left.size === 0) takeAwayPersisted();
      return left;
    });
    read.catch(() => {
      if (multilinkTabs === read) multilinkTabs = null; // read again next time
    });
    multilinkTabs = read;
  }
  return multilinkTabs;
}

/** Adds (`has`) or removes tab `tabId` from the tabs with a multilink page; then listens, or stops, as needed. */
async function markMultilinkTab(tabId, has) {
  const tabs = await tabsWithMultilinks();
  if (tabs.has(tabId) !== has) {
    if (has) tabs.add(tabId);
    else tabs.delete(tabId);
    await api.storage.session.set({ [MULTILINK_TABS]: [...tabs] });
  }
  await listenAsNeeded();
}

/** A tab closed while the listeners are there: what it had is forgotten (forgetMultilinkOfTab). */
const keepMultilinkTabs = forgetOnClose('multilinks', forgetMultilinkOfTab);

/** The navigation listeners, made once by listenForMultilinks(): `[event, listener]`. */
let navigationListeners = [];
let listening = false;
/** When the listeners were registered (Date.now()), while they are. */
let listeningSince = 0;

/**
 * Makes the navigation listeners a multilink click needs, and registers them once
 * storage.session says a tab has a multilink page. Not at the background's start: a listener
 * registered then is one the browser starts a stopped background for (Firefox even after it was
 * taken away again), at every page load. A stopped background learns of a click from the
 * pointer's warm-up (content.js) and the click's own message; the listeners are there by the
 * time the click's navigation starts. `counted` wraps each, as a request of the kind `kind(event)`
 * names (background.js counts what the background receives).
 * @param {(kind: any, listener: Function) => any} counted
 * @param {(event: string) => (details: any) => string} kind
 */
export function listenForMultilinks(counted, kind) {
  navigationListeners = [
    [api.webNavigation.onBeforeNavigate, counted(kind('onBeforeNavigate'), onMultilinkStarted)],
    [api.webNavigation.onCommitted, counted(kind('onCommitted'), onMultilinkCommitted)],
    [api.webNavigation.onReferenceFragmentUpdated, counted(kind('onReferenceFragmentUpdated'), onMultilinkSameDocument)],
    [api.webNavigation.onHistoryStateUpdated, counted(kind('onHistoryStateUpdated'), onMultilinkSameDocument)],
  ];
  listenAsNeeded().catch((error) => console.warn('uri-list: whether a tab has a multilink is read again later:', error?.message ?? error));
}

function listen(on) {
  if (on === listening) return;
  listening = on;
  listeningSince = on ? Date.now() : 0;
  keepMultilinkTabs(on);
  for (const [event, listener] of navigationListeners) {
    if (on) event.addListener(listener);
    else event.removeListener(listener);
  }
}

/**
 * Firefox keeps an event page's listeners when it suspends it, and starts it again for their
 * events, until a background takes them away: one that never registers them (its multilink
 * tabs closed while it was stopped) registers them and takes them away again.
 */
function takeAwayPersisted() {
  if (listening) return;
  for (const [event, listener] of navigationListeners) {
    event.addListener(listener);
    event.removeListener(listener);
  }
}

/** Listens while a tab has a multilink page or a click waits (an expired wait is dropped here). */
async function listenAsNeeded() {
  for (const [tabId, waiting] of multilinks) if (Date.now() > waiting.until) multilinks.delete(tabId);
  const tabs = await tabsWithMultilinks();
  listen(tabs.size > 0 || multilinks.size > 0);
  if (!listening) lastStarts.clear();
}

/** Message handlers (background.js puts them in its one onMessage listener). */
export const webLinkMessages = {
  /** The page in the top frame of the sender's tab has a multilink on it (content.js). */
  async multilinkPage(_message, sender) {
    const tab = fromContentScript(sender);
    if (sender.frameId !== 0) return { listening };
    await markMultilinkTab(tab.id, true);
    return { listening };
  },

  /**
   * A person's own click on `<a rel="multilink" href>` in the top frame of a tab (content.js made
   * the same checks as for a list link): the navigation it starts, if it goes there (or the
   * server redirects that very request), may open the list its page names when it has loaded.
   */
  async multilink({ href }, sender) {
    const tab = fromContentScript(sender);
    if (sender.frameId !== 0 || typeof href !== 'string' || !/^https?:\/\//i.test(href)) return { waiting: false };
    const clicked = withoutFragment(href);
    const start = lastStarts.get(tab.id);
    // The click's navigation may have started (and committed) before this message came.
    const started = start?.url === clicked && Date.now() - start.at < START_BEFORE_MESSAGE_MS;
    const url = started && start.committed ? start.committed.url : null;
    // A background the click itself started (or its pointer's warm-up, a moment before) may have
    // registered its listeners after the navigation started, and even after it committed (seen in
    // Firefox): the navigation is then the click's if it is seen to end at the clicked address
    // itself (not at a redirect), and the page there may be the click's even if no navigation was
    // seen. A navigation seen to start elsewhere still ends the wait.
    const blind = !listening || Date.now() - listeningSince < START_BEFORE_MESSAGE_MS;
    multilinks.set(tab.id, { href: clicked, started, blind, url, until: Date.now() + MULTILINK_MS });
    // (Its page said it had a multilink when it loaded, and the listeners have been there since.)
    await markMultilinkTab(tab.id, true);
    return { waiting: true };
  },

  /** The pointer or focus is on a web link, or left it (content.js, before the person opens the menu). */
  async webLinkMenu({ visible }, sender) {
    fromContentScript(sender);
    await api.contextMenus.update(MENU_ID, { visible: visible === true });
    return { visible: visible === true };
  },
};

/**
 * A top-frame navigation started (webNavigation.onBeforeNavigate: once per navigation, not again
 * for its server redirects, in both browsers): after a multilink click, the one to the clicked
 * address is the click's; one anywhere else (the page's own script sending the tab elsewhere)
 * ends the wait.
 */
export function onMultilinkStarted({ tabId, frameId, url }) {
  if (frameId !== 0 || tabId < 0) return;
  lastStarts.set(tabId, { url: withoutFragment(url), at: Date.now(), committed: null });
  const waiting = multilinks.get(tabId);
  if (!waiting || waiting.url !== null) return;
  if (withoutFragment(url) === waiting.href) waiting.started = true;
  else multilinks.delete(tabId);
}

/**
 * A top-frame navigation committed: the first one after a multilink click is the click's if that
 * navigation was seen to start at the clicked address, and commits there or at a server redirect
 * of it; any other navigation ends the wait.
 */
export async function onMultilinkCommitted({ tabId, frameId, url, transitionQualifiers = [] }) {
  if (frameId !== 0) return;
  // Another page in the tab: it says so itself if it has a multilink too.
  markMultilinkTab(tabId, false).catch((error) => console.warn('uri-list: a tab\'s multilink page is forgotten later:', error?.message ?? error));
  const start = lastStarts.get(tabId);
  if (start && !start.committed) {
    const there = withoutFragment(url) === start.url || transitionQualifiers.includes('server_redirect');
    start.committed = there ? { url: withoutFragment(url) } : null;
    if (!there) lastStarts.delete(tabId);
  }
  const waiting = multilinks.get(tabId);
  if (!waiting) return;
  const there = withoutFragment(url) === waiting.href;
  const clicked = (waiting.started && (there || transitionQualifiers.includes('server_redirect'))) || (waiting.blind && there);
  if (waiting.url === null && clicked && Date.now() < waiting.until) waiting.url = withoutFragment(url);
  else multilinks.delete(tabId);
}

/**
 * A same-document navigation of the top frame (a fragment, `history.pushState`): the page is no
 * longer the one the click loaded, as it loaded; the wait ends.
 */
export function onMultilinkSameDocument({ tabId, frameId }) {
  if (frameId === 0) multilinks.delete(tabId);
}

/**
 * The page in `tab` offers lists (`offers`, read from its `<link rel="alternate">`; `atLoad`: read
 * when it had loaded, at DOMContentLoaded): if the person's multilink click loaded it, the first
 * list it named then opens, as after a click on it (the same plan, the preview page when it asks
 * for one). Only once, only for that page; offers it makes later (a fragment changed, a link
 * added) end the wait and open nothing.
 */
export async function openMultilinkOffer(tab, offers, pageUrl, atLoad) {
  const waiting = multilinks.get(tab.id);
  // (A click the background may have missed the navigation of: its page at the clicked address.)
  const loaded = waiting?.url ?? (waiting?.blind ? waiting.href : null);
  if (!waiting || loaded === null || loaded !== withoutFragment(pageUrl)) return null;
  multilinks.delete(tab.id);
  await listenAsNeeded();
  if (!atLoad || Date.now() > waiting.until || offers.length === 0) return null;
  return openOrSay({ href: offers[0].href, text: offers[0].title, tab, trusted: true });
}

/** Tab `tabId` closed: its click's wait, its navigation and its multilink page are forgotten. */
async function forgetMultilinkOfTab(tabId) {
  multilinks.delete(tabId);
  lastStarts.delete(tabId);
  await markMultilinkTab(tabId, false);
}

// --- Firefox: a typed uri-list: link sent to the search engine ----------------------------------

/**
 * The requests the search guard is given (a blocking listener holds each until it answers, so it
 * is given only these): those whose address has a scheme's name in its path or query, as a search
 * engine's address carries a typed link (`uri-list%3Ahttps%3A%2F%2F…`): `uri-list`, `urilist`
 * (web+urilist:, ext+urilist:), `multi` with its colon (the word alone is in too many addresses).
 * Match patterns tell capitals apart: each in small letters, in capitals, and with a capital
 * first letter (a phone's keyboard); a name typed in another mix of them (`uRI-list:`) reaches the
 * search engine, as it would without the extension.
 */
export const SEARCH_PATTERNS = (() => {
  const names = SCHEMES.flatMap((scheme) => (scheme === 'multi' ? [`${scheme}%3A`, `${scheme}:`] : [scheme.split('+').at(-1)]));
  const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);
  const forms = (name) => [name, name.toUpperCase(), capital(name), name.split('-').map(capital).join('-')];
  return [...new Set(names.flatMap(forms))].map((form) => `*://*/*${form}*`);
})();

/**
 * Firefox treats a typed `uri-list:...` (a scheme it does not know) as words to search for, and
 * sends the whole list to the search engine. A top-level request that no page started (the
 * address bar's) to a search engine the browser knows (`searchEngine()`), whose query holds a
 * uri-list link as one of its values (no white space: a link, not a question about one), is
 * cancelled before it leaves the browser, and the preview page shows the list in that tab. A page
 * address the person typed, whose query happens to hold a link (`https://example.com/share?link=
 * uri-list:...`), is no search: it loads.
 * https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/webRequest/onBeforeRequest
 */
export function onSearchRequest(/** @type {chrome.webRequest.OnBeforeRequestDetails & {originUrl?: string}} */ { url, tabId, originUrl }) {
  if (tabId < 0 || (originUrl && !/^(?:about|chrome|moz-extension|resource):/i.test(originUrl))) return {};
  let link = null;
  let host = '';
  try {
    const parsed = new URL(url);
    host = parsed.hostname;
    for (const [, value] of parsed.searchParams) {
      const text = value.trim();
      if (LINK_SCHEME.test(text) && !/\s/.test(text)) link = text;
    }
  } catch {
    return {};
  }
  if (!link) return {};
  // Only now (a link in the query: rare) is the request held while the engines are looked up.
  return searchEngine(host).then(
    (engine) => {
      if (!engine) return {};
      previewIn(tabId, link, { reason: 'typed' }).catch((error) => console.error('uri-list: the typed link could not be shown:', error));
      return { cancel: true };
    },
    (error) => {
      // Not knowing the engines, the request is taken for a search: a typed link stays on the device.
      console.warn('uri-list: the search engines could not be read:', error?.message ?? error);
      previewIn(tabId, link, { reason: 'typed' }).catch((e) => console.error('uri-list: the typed link could not be shown:', e));
      return { cancel: true };
    },
  );
}

/**
 * The name of the search engine the browser knows (`search.get()`: the address bar searches with
 * them) that `host` belongs to, or null. WebExtensions are told an engine's name, not its
 * address: an engine is recognised by its name's first word (at least 3 letters or digits:
 * "Google", "DuckDuckGo", "Wikipedia (en)", "Amazon.com") as one label of the host
 * (www.google.com, duckduckgo.com, en.wikipedia.org, www.amazon.com).
 * @param {string} host
 */
export async function searchEngine(host) {
  const labels = new Set(host.toLowerCase().split('.'));
  for (const { name } of (await api.search.get?.()) ?? []) {
    const word = String(name).toLowerCase().split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 3);
    if (word && labels.has(word)) return name;
  }
  return null;
}
