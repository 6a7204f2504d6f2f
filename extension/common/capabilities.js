// What this browser can do, where Chrome and Firefox differ, each capability named for what it
// changes and found by what the browser has (never by its name): the API a behaviour needs when
// the browser shows one; otherwise the manifest this browser's package was built with
// (.ci/pack.mjs makes one per browser), or an API that ships in every version the manifest
// allows with the behaviour it stands for. The extension's own differences (the clipboard:
// background/clipboard.js looks for `offscreen`) stay with the code they concern.
import { api } from './api.js';

const manifest = api.runtime.getManifest();

/**
 * `tabs.create({discarded: true, title})` makes a tab that loads nothing until it is selected:
 * Firefox (63 and later). Chrome's `tabs.create` has no `discarded` (and a tab discarded before
 * its page commits loses its URL), so an unloaded tab there is the extension's placeholder page
 * (lazy/, packed for Chrome only). No API says which parameters `tabs.create` takes: the sign
 * is `tabs.warmup`, Firefox's call to prepare a tab ahead of its selection (Firefox 61 and
 * later, so every Firefox the manifest allows), which Chrome does not have.
 */
export const createsDiscardedTabs = typeof api.tabs?.warmup === 'function';

/**
 * The extension's own pages (the preview page; Chrome's placeholders of unloaded tabs) open in a
 * private window: Firefox, for an add-on allowed in private windows. Chrome runs an extension
 * allowed in Incognito in "spanning" mode (the manifest asks for no other), and cannot load its
 * pages in an Incognito window: `tabs.create` puts them in a normal window, the person's own
 * profile, instead (or fails, when the Incognito tab is their opener). No API says so: the sign is
 * the one of `createsDiscardedTabs`, the browser whose unloaded tabs are its own, which is the
 * one that shows an add-on's pages in its private windows.
 */
export const opensOwnPagesInPrivate = createsDiscardedTabs;

/**
 * The browser closes the extension's own tabs (unloaded tabs' placeholders, preview pages) when
 * the extension updates: Chrome, whose unloaded tabs are those placeholders, so the background
 * writes them down before the update and opens them again after it (background/update.js).
 * Firefox's unloaded tabs are its own and stay.
 */
export const closesOwnTabsOnUpdate = !createsDiscardedTabs;

/**
 * The omnibox reads a suggestion's description as XML, so `&` and `<` must be escaped: Chrome
 * (https://developer.chrome.com/docs/extensions/reference/api/omnibox#type-SuggestResult), whose
 * omnibox has `sendSuggestions`, the call that carries suggestions to that parser. Firefox has no
 * such call, and shows the text as it is.
 */
export const omniboxReadsXml = typeof (/** @type {any} */ (api.omnibox)?.sendSuggestions) === 'function';

/**
 * The extension handles `ext+urilist:` itself (manifest `protocol_handlers`, in Firefox's package
 * only: Chrome has no extension protocol handlers).
 */
export const handlesOwnProtocol = Array.isArray(manifest.protocol_handlers) && manifest.protocol_handlers.length > 0;

/**
 * A failed navigation to a scheme the browser does not know leaves the tab's page as it was:
 * Chrome. Firefox shows its error page in the tab instead, and reports such a navigation as
 * started (background/sources.js has shown the preview in the tab already) and, for an
 * `ext+urilist:` URL its protocol handler did not take, as failed: there the preview takes the
 * tab, as the protocol handler would have. The sign: a browser with extension protocol handlers.
 */
export const failedNavigationLeavesPage = !handlesOwnProtocol;

/**
 * Requests can be stopped before they leave (`webRequest` with `blocking`, a Firefox-only
 * permission in its package), and the browser names its search engines (`search.get`): Firefox.
 * A uri-list link typed into its address bar, which Firefox would send to the search engine, is
 * stopped and shown on the preview page (background/web-links.js). Chrome's MV3 has no blocking
 * webRequest and never searches for a scheme it does not know.
 */
export const stopsSearches =
  Boolean(api.webRequest?.onBeforeRequest) &&
  typeof api.search?.get === 'function' &&
  (manifest.permissions ?? []).includes('webRequestBlocking');

/**
 * The content scripts reach only the pages that load after the extension is installed or
 * updated: Chrome, which leaves the pages open then with none, or with a copy cut off from the
 * extension (content/prelude.js `cutOff`), so the background puts them into those pages itself
 * (background/content-scripts.js). Firefox puts them into every open page on its own. The
 * sign: the `scripting` permission, in Chrome's package only (.ci/pack.mjs).
 */
export const fillsOpenPages = (manifest.permissions ?? []).includes('scripting');
