// Every way a uri-list link reaches the extension, each turned into one call of openLink():
// a click in a page (content script), the preview page, the context menus, the omnibox, a
// navigation to a bare uri-list: URL, and pages that offer a list with <link rel="alternate">.
import { api } from '../common/api.js';
import { failedNavigationLeavesPage, handlesOwnProtocol, omniboxReadsXml } from '../common/capabilities.js';
import { localized, t } from '../common/i18n.js';
import { LINK_SCHEME, MAX_LINK_LENGTH, SCHEMES, shorten, withoutBidiControls } from '../common/prelude.js';
import { plan, readPasted } from '../common/core.js';
import { tooLong, validLink, validText } from '../common/link.js';
import { clickReason } from '../common/preview.js';
import { linkInText, openLink, openOrSay, openSelected, previewIn, reportRefused } from './open.js';
import { noteMenuLink, openMenuLink } from './menu-links.js';
import { ready, startupMark } from './ready.js';
import { once, storedOpen } from './repeats.js';
import { currentSettings } from './settings.js';
import { fromContentScript, fromPopup, fromPreviewPage } from './senders.js';
import { windowType } from './tabs.js';
import { openMultilinkOffer } from './web-links.js';

/** The active tab of window `windowId`: what the popup's actions open next to. */
async function activeTabOf(windowId) {
  if (!Number.isInteger(windowId)) throw new Error(t('noWindow'));
  const [tab] = await api.tabs.query({ active: true, windowId });
  if (!tab) throw new Error(t('noWindow'));
  return tab;
}

/** Message handlers (background.js puts them in its one onMessage listener). */
export const openMessages = {
  /**
   * A person activated a uri-list link in a page. `trusted` is the content script's reading of
   * the event; the background adds nothing to it but can only lower it (untrusted: the preview,
   * with the content script's `reason`). The same link from the same tab opens once in a short
   * while (see `once`). A link that is not opened at all is said on the tab (`reportRefused`).
   */
  async open({ href, text, active, newWindow, trusted, reason }, sender) {
    startupMark('open request');
    const tab = fromContentScript(sender);
    // One key per tab, link and way of opening: a Shift-click (a new window) after a click is a
    // new request a person made; a repeat of one action has the same modifiers.
    const how = newWindow === true ? 'window' : active === false ? 'background' : 'tab';
    const key = `${tab.id} ${how} ${href}`;
    // Taken before the wasm core is ready (background.js runs this handler without waiting for
    // it): the settings and the repeat guard's look in storage.session, the two storage reads on
    // a click's way to its tabs, overlap the core's init on a cold start. A link refused below or
    // a repeat leaves them unused.
    const settings = currentSettings();
    settings.catch(() => {}); // a failure is openLink's to say, when it awaits them
    const stored = storedOpen(key);
    stored.catch(() => {}); // likewise `once`'s
    windowType(tab.windowId); // whether the tab has a tab strip (tabs.js `tabbedPlaceFor`), asked once
    await ready;
    try {
      validLink(href);
    } catch (error) {
      await reportRefused(tab.id, error.message);
      return { refused: error.message };
    }
    return once(
      key,
      () =>
        openOrSay({
          href,
          text,
          tab,
          active: active !== false,
          newWindow: newWindow === true,
          trusted: trusted === true,
          reason: clickReason(reason),
          settings,
        }),
      stored,
    );
  },

  /**
   * The pointer or focus is on a uri-list link (content.js, at most once in 10 s): the core and
   * the settings made ready before the person's click, and the core's `plan()` run once on a
   * small list, as V8 compiles each wasm function at its first call. Nothing opens.
   */
  async warm(_message, sender) {
    fromContentScript(sender);
    startupMark('warm request');
    await Promise.all([ready, currentSettings().catch(() => null)]);
    if (!warmPlanned) {
      warmPlanned = true;
      try {
        plan(WARM_LIST, { limit: 100 });
      } catch (error) {
        console.warn('uri-list: the warm-up plan failed:', error?.message ?? error);
      }
    }
    startupMark('warm');
    return {};
  },

  /**
   * A person opened the context menu on a link in a page: the `href` they were shown of it
   * (null: none), which "Open as tab group" then compares with the link the menu has.
   */
  async menuLinkShown({ href, text }, sender) {
    const tab = fromContentScript(sender);
    await noteMenuLink(tab.id, sender.frameId, typeof href === 'string' ? href : null, validText(text));
    return {};
  },

  /** The content script found a link over the length limit: not sent whole, said on the tab. */
  async linkTooLong({ length }, sender) {
    const tab = fromContentScript(sender);
    const reason = tooLong(Number.isFinite(length) ? Math.max(length, MAX_LINK_LENGTH + 1) : MAX_LINK_LENGTH + 1);
    await reportRefused(tab.id, reason);
    return { refused: reason };
  },

  /** The preview page: the person checked some pages and clicked "Open selected as group". */
  async openSelected(message, sender) {
    return openSelected(message, fromPreviewPage(sender));
  },

  /**
   * The popup's paste box: "Open as group" on what the person pasted (a uri-list link, a
   * text/uri-list, plain text with web addresses), next to the window's active tab. The popup
   * sends only a person's own click; the plan still decides whether the preview comes first.
   */
  async openPasted({ text, windowId }, sender) {
    fromPopup(sender);
    // The longest text the paste box may send: the longest link.
    if (typeof text !== 'string' || text.length > MAX_LINK_LENGTH) throw new Error(t('popupPasteTooLong', MAX_LINK_LENGTH));
    const link = linkInText(text, { anyForm: true });
    if (!link) throw new Error(api.i18n.getMessage('noLinkInText'));
    return openLink({ href: link, tab: await activeTabOf(windowId), trusted: true });
  },

  /**
   * The popup: the lists the page in tab `tabId` offers now, as its content script reads them
   * from the page when asked (none where no content script runs: a browser's own page).
   */
  async pageOffers({ tabId }, sender) {
    fromPopup(sender);
    return { offers: await offersIn(tabId) };
  },

  /**
   * The popup: the person chose the list at `href`, one of those it showed (pageOffers) for the
   * page in tab `tabId`: it opens if that page still offers it (the one it shows then, by that
   * address: its title may have changed), not another the page put in its place.
   */
  async openOffer({ tabId, href }, sender) {
    fromPopup(sender);
    const offer = (await offersIn(tabId)).find((offered) => offered.href === href);
    if (!offer) throw new Error(api.i18n.getMessage('offerGone'));
    return openLink({ href: offer.href, text: offer.title, tab: await api.tabs.get(tabId), trusted: true });
  },

  /**
   * A page offers uri-lists with <link rel="alternate" href="uri-list:...">, or is itself at a
   * web link (whose list then comes first): a badge says so. `atLoad`: what the page offered when
   * it had loaded (DOMContentLoaded), not later (a fragment changed).
   */
  async offers({ links, atLoad, shown }, sender) {
    const tab = fromContentScript(sender);
    if (sender.frameId !== 0 || !Array.isArray(links)) return { offers: 0 };
    const offers = validOffers(links);
    // None now: the button is reset only if it showed this page's offers (not what a click said).
    if (offers.length > 0 || (Number.isInteger(shown) && shown > 0)) await showOffers(tab.id, offers);
    // The page a person's rel="multilink" click loaded: its list opens (background/web-links.js).
    const opened = await openMultilinkOffer(tab, offers, sender.url, atLoad === true);
    return { offers: offers.length, ...(opened ? { opened } : {}) };
  },
};

const MAX_OFFERS = 20;

/** What `warm` plans once per background start: two pages of two sites, titled. */
const WARM_LIST = 'uri-list:https://example.com/a;https://example.org/b?title=Warm';
/** Whether `warm` has planned in this background's life. */
let warmPlanned = false;

/** What the page in tab `tabId` offers now (its content script reads it), or nothing. */
async function offersIn(tabId) {
  if (!Number.isInteger(tabId)) return [];
  return validOffers(await api.tabs.sendMessage(tabId, { type: 'offered' }, { frameId: 0 }).catch(() => null));
}

/**
 * What a page offers (`[{href, title}]` as content.js reads it), at most MAX_OFFERS of them, each
 * a uri-list or web link the core reads (others are not offered), its title cut at 200 characters.
 * @param {unknown} links
 * @returns {{href: string, title: string}[]}
 */
function validOffers(links) {
  if (!Array.isArray(links)) return [];
  const offers = [];
  for (const link of links.slice(0, MAX_OFFERS)) {
    try {
      offers.push({ href: validLink(link?.href), title: typeof link?.title === 'string' ? link.title.slice(0, 200) : '' });
    } catch {
      // not a uri-list link: not offered
    }
  }
  return offers;
}

/**
 * Shows the number of lists the page in `tabId` offers on the toolbar button for that tab, and
 * each in its tooltip; none: the button as it is on any page. Nothing is kept: the browser resets
 * a tab's button when the tab goes to another page, and the popup asks the page what it offers.
 */
async function showOffers(tabId, offers) {
  // The tooltip first, then the badge, both ways: a badge that shows a count (or none) has the
  // tooltip that goes with it already.
  if (offers.length === 0) {
    await api.action.setTitle({ tabId, title: api.i18n.getMessage('actionTitle') });
    await api.action.setBadgeText({ tabId, text: '' });
    return;
  }
  // The toolbar button's tooltip: each offer in a short line (a page's link can be 2 MiB), its
  // title without bidirectional controls.
  const names = offers.map((offer) => shorten(withoutBidiControls(offer.title) || offer.href, 200)).join('\n');
  await api.action.setTitle({ tabId, title: `${api.i18n.getMessage('offersTitle', [String(offers.length)])}\n${names}` });
  await api.action.setBadgeBackgroundColor({ tabId, color: '#1c5bd6' });
  await api.action.setBadgeText({ tabId, text: String(offers.length) });
}

// --- context menus ------------------------------------------------------------------------------

/** The context-menu items of this feature, for background.js's registry. */
export const openMenuItems = [
  {
    titleMessage: 'menuOpenAsGroup',
    properties: {
      id: 'open-link-as-group',
      contexts: ['link'],
      targetUrlPatterns: SCHEMES.map((scheme) => `${scheme}:*`),
    },
    async onClicked(info, tab) {
      if (!tab) return;
      await openMenuLink(info, tab);
    },
  },
  {
    titleMessage: 'menuOpenSelected',
    properties: { id: 'open-selected-uri-list', contexts: ['selection'] },
    async onClicked(info, tab) {
      if (!tab) return;
      const link = linkInText(info.selectionText);
      if (!link) {
        await api.action.setBadgeText({ tabId: tab.id, text: '0' });
        await api.action.setTitle({ tabId: tab.id, title: api.i18n.getMessage('noLinkInSelection') });
        return;
      }
      // Never the tabs at once: the preview page shows what the selection really held.
      await openOrSay({ href: link, tab, trusted: false, reason: 'selected' });
    },
  },
];

// --- the omnibox ----------------------------------------------------------------------------------

/**
 * As the person types after `ul`: a suggestion that says what Enter would open (the default
 * suggestion, set once, says what to type).
 */
export async function onOmniboxChanged(text, suggest) {
  const link = linkInText(text, { anyForm: true });
  if (!link) return suggest([]);
  // As Enter would read it: with the person's open-limit and duplicates setting. A list that goes
  // to the preview page first (over the limit, a warning) says so, as the popup's button does.
  const settings = await currentSettings().catch(() => null);
  try {
    const planned = plan(link, settings ? { limit: settings.openLimit, keepDuplicates: !settings.skipDuplicates } : {});
    const first = planned.groups[0];
    const pages = planned.pages === 1 ? t('popupOnePage') : t('popupPages', planned.pages);
    const description =
      planned.preview.length > 0 || planned.mode === 'list'
        ? t('popupReviewPasted', pages)
        : t('omniboxWillOpen', planned.pages, localized(first?.summary) || first?.title || '');
    // Firefox drops a suggestion whose content is the typed text itself; a trailing space
    // (which linkInText() ignores) keeps it.
    suggest([{ content: link === text.trim() ? `${link} ` : link, description: omniboxText(description) }]);
  } catch {
    suggest([]); // not readable (yet)
  }
}

/** The first line under the typed keyword: what to type. */
export function setOmniboxHint() {
  api.omnibox.setDefaultSuggestion({ description: omniboxText(api.i18n.getMessage('omniboxHint')) });
}

/** Enter after `ul`: the typed link (or text/uri-list, or plain addresses) opens next to the current tab. */
export async function onOmniboxEntered(text, disposition) {
  const [tab] = await api.tabs.query({ active: true, lastFocusedWindow: true });
  const link = linkInText(text, { anyForm: true });
  if (!link) {
    // Nothing to open in what was typed (or too much of it): said on the tab's badge and in a
    // notification, as for a link that opens nothing.
    if (tab) await reportRefused(tab.id, readError(text));
    return { opened: false };
  }
  if (!tab) return { opened: false };
  return openOrSay({ href: link, tab, trusted: true, active: disposition !== 'newBackgroundTab' });
}

/** Why `text` holds nothing to open, in the core's words. */
function readError(text) {
  try {
    readPasted(String(text ?? ''));
  } catch (error) {
    return localized(error) || String(error?.message ?? error);
  }
  return t('notALink');
}

/**
 * Chrome reads omnibox descriptions as XML (so `&` and `<` must be escaped); Firefox shows
 * them as they are. https://developer.chrome.com/docs/extensions/reference/api/omnibox#type-SuggestResult
 */
function omniboxText(text) {
  return !omniboxReadsXml ? text : text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
}

// --- navigations to a bare uri-list: URL -------------------------------------------------------------

/** Navigations already shown, by "tabId url": Firefox may report one both as started and failed. */
const shown = new Map();

/**
 * Firefox: a typed or navigated `uri-list:` URL starts a navigation (then an error page).
 * Whoever started it (a person typing, or a page's script), it is shown on the preview page
 * in that tab: opening tabs needs a click there. `ext+urilist:` goes to the protocol handler
 * (the preview page too) instead.
 */
export async function onNavigationStarted(details) {
  if (toProtocolHandler(details.url)) return;
  await previewNavigation(details);
}

/** An `ext+urilist:` URL in Firefox, whose protocol handler (the preview page) takes it. */
const toProtocolHandler = (url) => /^\s*ext\+urilist:/i.test(url) && handlesOwnProtocol;

/**
 * Chrome: a navigation to a `uri-list:` URL fails as an unknown protocol; the preview page shows
 * it instead. The failed navigation left the tab's page as it was: a page the person was on (a
 * click the content script could not see, a script's navigation) stays, and the preview opens
 * next to it; a blank tab (a link typed into a new tab) shows the preview itself. (Firefox: see
 * `failedNavigationLeavesPage` in common/capabilities.js.)
 */
export async function onNavigationFailed(details) {
  await previewNavigation(details, { keepPage: failedNavigationLeavesPage });
}

async function previewNavigation({ tabId, frameId, url }, { keepPage = false } = {}) {
  if (frameId !== 0 || tabId < 0 || !LINK_SCHEME.test(url)) return;
  const key = `${tabId} ${url}`;
  if (shown.has(key) && Date.now() - shown.get(key) < 5000) return;
  shown.set(key, Date.now());
  for (const [old, time] of shown) if (Date.now() - time > 5000) shown.delete(old);
  await previewIn(tabId, url, { keepPage, reason: 'navigated' });
}
