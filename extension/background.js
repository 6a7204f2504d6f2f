// The background: Chrome's service worker, Firefox's background script. Written as ES modules;
// packed as one file (.ci/pack.mjs), in Chrome a classic script (it starts sooner than a module).
//
// Start-up is "import, start init, register listeners": a service worker may be stopped and
// restarted at any time, forbids top-level await and dynamic import(), and only sees events
// whose listeners were registered synchronously at start-up. So the wasm core is imported
// statically (through common/core.js, which gives its results their types), its init is started
// by the first import below (background/ready.js), before the other modules are evaluated, and
// every handler awaits it. The settings are read beside it (background/settings.js).
import { ready, startupMark } from './background/ready.js';
import './background/settings.js';
import { api } from './common/api.js';
import * as capabilities from './common/capabilities.js';
import { addMenuItem, createMenus, menuItemIds, onMenuClicked, restoreMenus } from './background/menus.js';
import {
  onNavigationFailed,
  onNavigationStarted,
  onOmniboxChanged,
  onOmniboxEntered,
  openMenuItems,
  setOmniboxHint,
  openMessages,
} from './background/sources.js';
import { bookmarkMenuItems, bookmarkMessages } from './background/bookmarks.js';
import { shareAlarms, shareCommands, shareMenuItems, shareMessages } from './background/share-actions.js';
import { describeMessages, handlingOther } from './background/describe-queue.js';
import { countClosedTabs } from './background/closed-tabs.js';
import { forgetClosedPreviews } from './background/previews.js';
import { paintMessages } from './background/painted.js';
import { handlerRegistry } from './background/registry.js';
import { rememberOwnTabs, restoreOwnTabs } from './background/update.js';
import { putIntoOpenPages } from './background/content-scripts.js';
import {
  SEARCH_PATTERNS,
  listenForMultilinks,
  onSearchRequest,
  webLinkMenuItems,
  webLinkMessages,
} from './background/web-links.js';
import { SCHEMES } from './common/prelude.js';

// Fail loudly: an error that no handler caught (most often a listener's rejected promise, which
// the browser would only note in the extension's own console) is logged as a uri-list error, where
// chrome://extensions, about:debugging and the end-to-end tests see it.
// Chrome rejects every call still pending as it shuts down ("The browser is shutting down."): a
// storage write for a closing tab, say. Nothing is lost that the next start does not redo
// (offers and previews of closed tabs are forgotten then): a warning, not an error.
const isShutdown = (reason) => /browser is shutting down/i.test(String(reason?.message ?? reason));
globalThis.addEventListener('unhandledrejection', (event) => {
  if (isShutdown(event.reason)) console.warn('uri-list: not done, the browser is shutting down:', event.reason?.message);
  else console.error('uri-list: unhandled error:', event.reason);
});
globalThis.addEventListener('error', (event) => console.error('uri-list: uncaught error:', event.error ?? event.message));

// What the background has been asked and what it has done with it, for the end-to-end tests:
// "nothing more opened" is asserted once every request an action caused has been received and
// finished, never after a fixed wait. A request counts as received in its listener, before any
// await; as finished once its handler's promise settled (the tab and group calls it awaited done).
// `startedUp` says the start-up's own work is done (below);
// `log` holds the latest requests, `[number, kind]`; `messages` the names the background answers,
// and `capabilities` what it found this browser can do (common/capabilities.js); `epoch` is new each time the background
// starts (Chrome stops an idle service worker, and its counts with it). Readable only by this extension's own
// contexts (`uriListBackground.activity()`) and, in Firefox, whose background is a page, by the
// browser's own code as that page's title, which no page shows: a web page reaches neither.
const ACTIVITY_LOG = 100;
const activity = { epoch: crypto.randomUUID(), startedUp: false, received: 0, finished: 0, log: [], messages: [], capabilities: { ...capabilities } };
const publishActivity = () => {
  if (typeof document !== 'undefined') document.title = JSON.stringify(activity);
};
/** Counts a request of `kind` as received; the function returned counts it as finished. */
function received(kind) {
  activity.received += 1;
  activity.log.push([activity.received, kind]);
  if (activity.log.length > ACTIVITY_LOG) activity.log.shift();
  publishActivity();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    activity.finished += 1;
    publishActivity();
    settled();
  };
}

/**
 * The `ul` keyword's hint in the address bar, set once in a background's life: at install or
 * browser start (with the menus, below), or else once the start is quiet, a second after its
 * start-up (the event a background was started for reaches it a few milliseconds after its own
 * start-up is done) with no request in flight. At every start, for a browser that forgot it
 * (Firefox, once the add-on is disabled and enabled again, which is neither); never on the way
 * to what started it: reading its words is a start's first message read, a synchronous wait for
 * the browser process, which on a cold click's way to its tabs cost milliseconds
 * (benches/README.md, "Nothing at start-up that the click does not need").
 */
let hintSet = false;
let quiet = false;
const QUIET_AFTER_START_MS = 1000;
function setHint() {
  hintSet = true;
  setOmniboxHint();
}
/**
 * Sets the hint if it is not set and the start is quiet (after each request, and once the start-up
 * has settled); with it, the menus made again if the browser has none of ours (menus.js
 * `restoreMenus`: Chrome, once the extension is turned off and on again, which is neither an
 * install nor a browser start either).
 */
function settled() {
  if (!hintSet && quiet && activity.received === activity.finished) {
    setHint();
    counted('menus checked', restoreMenus)();
  }
}

/**
 * `listener`, each call counted as a request of `kind` (a string, or a function of the call's
 * arguments), finished when what `listener` returns settles.
 */
const counted = (kind, listener) => (...args) => {
  const finish = received(typeof kind === 'function' ? kind(...args) : kind);
  try {
    const result = listener(...args);
    // (A rejection still reaches the unhandledrejection listener above, through this promise.)
    Promise.resolve(result).finally(finish);
    return result;
  } catch (error) {
    finish();
    throw error;
  }
};
/** A navigation's kind: its event and its URL's scheme (`webNavigation.onBeforeNavigate uri-list`). */
const navigation = (event) => (details) => `webNavigation.${event} ${/^[a-z][a-z0-9+.-]*(?=:)/i.exec(details?.url ?? '')?.[0].toLowerCase() ?? '?'}`;

/** Waits for the wasm core, then runs `handler`. */
const whenReady = (handler) => async (...args) => {
  await ready;
  return handler(...args);
};

/**
 * Message handlers by `type`. Each gets the message and the sender, which the one listener
 * below has checked is this extension (its content scripts or its own pages); a handler that
 * takes messages from only one of those checks which.
 */
const handlers = handlerRegistry('message', openMessages, shareMessages, describeMessages, webLinkMessages, bookmarkMessages, paintMessages);

/** Requests come only from this extension: its content scripts (in a tab) or its own pages. */
function isOwnSender(sender) {
  if (sender.id !== api.runtime.id) return false;
  return Boolean(sender.tab) || String(sender.url ?? '').startsWith(api.runtime.getURL(''));
}

activity.messages = handlers.names();
/** The handlers that start their storage reads before the core is ready (a cold start's first click). */
const beforeReady = new Set([openMessages.open]);

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const type = message?.type;
  const finish = received(`message ${typeof type === 'string' ? type.slice(0, 40) : '?'}`);
  if (!isOwnSender(sender) || typeof type !== 'string' || !handlers.has(type)) {
    finish();
    return false;
  }
  // A tooltip's description waits for every other request (background/describe-queue.js): a page's link
  // cannot keep a click in another tab waiting.
  // A handler in `beforeReady` awaits the core itself, after starting what does not need it.
  const handler = handlers.get(type);
  const handled = (beforeReady.has(handler) ? handler : whenReady(handler))(message, sender);
  (type === 'describeLink' ? handled : handlingOther(handled))
    .then(
      (result) => sendResponse({ ok: true, result }),
      (error) => {
        console.error(`uri-list: ${type} failed:`, error);
        sendResponse({ ok: false, error: String(error?.message ?? error) });
      },
    )
    .finally(finish);
  return true; // the answer is sent asynchronously
});

// Context menus: every feature's items in one registry, one listener dispatching by id.
for (const item of [...openMenuItems, ...shareMenuItems(), ...webLinkMenuItems, ...bookmarkMenuItems()]) {
  addMenuItem(item, whenReady(item.onClicked));
}
api.contextMenus.onClicked.addListener(counted((info) => `menu ${info?.menuItemId}`, onMenuClicked));
// Made on install and update, and again at every browser start: whether a browser keeps an
// extension's items across its own restart is its choice (createMenus() replaces what is there).
// The `ul` keyword's hint is set then too, at once (see `setHint`).
const atInstallOrBrowserStart = () => {
  setHint();
  return createMenus();
};
api.runtime.onInstalled.addListener(counted('menus made (installed)', atInstallOrBrowserStart));
api.runtime.onStartup.addListener(counted('menus made (browser start)', atInstallOrBrowserStart));
// The bookmark menu's item needs the optional bookmarks permission: made when it is granted.
api.permissions.onAdded.addListener(counted('menus made (permission added)', () => createMenus()));
api.permissions.onRemoved.addListener(counted('menus made (permission removed)', () => createMenus()));
// Chrome closes the extension's own tabs (unloaded tabs' placeholders, preview pages) when the
// extension updates: they are written down before the update is applied, and opened again after
// it (background/update.js). Firefox's unloaded tabs are its own.
if (capabilities.closesOwnTabsOnUpdate) {
  api.runtime.onUpdateAvailable.addListener(() => {
    rememberOwnTabs()
      .catch((error) => console.error('uri-list: the open tabs could not be written down before the update:', error))
      .finally(() => api.runtime.reload());
  });
  api.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'update') return;
    restoreOwnTabs().catch((error) => console.error('uri-list: the tabs could not be opened again after the update:', error));
  });
}

// Chrome leaves the pages open at an install or update without the content scripts (or with a
// copy cut off from the extension): a click there would only reach the preview page. They are
// put into those pages here (background/content-scripts.js). Firefox does it itself.
if (capabilities.fillsOpenPages) {
  api.runtime.onInstalled.addListener(
    counted('content scripts put into open pages', ({ reason }) => {
      if (reason !== 'install' && reason !== 'update') return;
      return putIntoOpenPages().catch((error) => console.error('uri-list: the content scripts could not be put into the open pages:', error));
    }),
  );
}

// The address bar: the `ul` keyword (its hint: `setHint`, above), and navigations to a bare
// uri-list: URL.
api.omnibox.onInputChanged.addListener(counted('omnibox changed', (text, suggest) => whenReady(onOmniboxChanged)(text, suggest)));
api.omnibox.onInputEntered.addListener(counted('omnibox entered', (text, disposition) => whenReady(onOmniboxEntered)(text, disposition)));
// Every listener to navigations or requests names what it is for: a stopped background starts for
// each event one of them takes, so one that took every page load would start it (and load the wasm
// core) whenever any page loads anywhere, and in Firefox hold each page's request until it answered.
// Firefox sees a navigation to a uri-list: URL start; Chrome only sees it fail (an unknown protocol).
const LIST_NAVIGATIONS = { url: [{ schemes: [...SCHEMES] }] };
api.webNavigation.onBeforeNavigate.addListener(counted(navigation('onBeforeNavigate'), whenReady(onNavigationStarted)), LIST_NAVIGATIONS);
api.webNavigation.onErrorOccurred.addListener(counted(navigation('onErrorOccurred'), whenReady(onNavigationFailed)), LIST_NAVIGATIONS);
// A rel="multilink" click waits for the navigation it started (background/web-links.js): its start,
// its commit, and no same-document navigation after it. Its listeners are there while a tab has a
// page with a multilink on it, and taken away when none has.
listenForMultilinks(counted, navigation);
// Firefox: a uri-list link typed into the address bar never reaches the search engine. Only a
// top-level request whose address holds one of the schemes' names is looked at (SEARCH_PATTERNS).
if (capabilities.stopsSearches) {
  api.webRequest.onBeforeRequest.addListener(counted('webRequest search', onSearchRequest), { urls: SEARCH_PATTERNS, types: ['main_frame'] }, ['blocking']);
}
// A tab closed: what a feature kept for it (a preview page's list, a multilink page) is forgotten.
// Listened to only while something is kept (background/closed-tabs.js): a listener there at start
// would start a stopped background at every tab closed anywhere.
countClosedTabs(counted);
// The previews of tabs closed while the background was stopped are forgotten as it starts (one
// storage.session read beside the core's init; more only when a preview is kept). Once this and
// the core are done, the background has started up (`activity.startedUp`: the end-to-end tests
// stop it only after that, as an idle browser does).
Promise.allSettled([
  ready,
  forgetClosedPreviews().catch((error) => console.warn('uri-list: the previews of closed tabs are forgotten later:', error?.message ?? error)),
]).then(() => {
  activity.startedUp = true;
  publishActivity();
  setTimeout(() => {
    quiet = true;
    settled();
  }, QUIET_AFTER_START_MS);
});

// Keyboard shortcuts (manifest `commands`), each with the active tab.
const commands = handlerRegistry('command', shareCommands);
async function onCommand(command, tab) {
  if (!commands.has(command)) return undefined;
  await ready;
  return commands.get(command)(tab);
}
api.commands.onCommand.addListener(
  counted(
    (command) => `command ${command}`,
    (command, tab) => onCommand(command, tab).catch((error) => console.error(`uri-list: shortcut ${command} failed:`, error)),
  ),
);

// Alarms (timers that outlive a stopped service worker), by name.
const alarms = handlerRegistry('alarm', shareAlarms);
api.alarms.onAlarm.addListener(({ name }) => {
  if (!alarms.has(name)) return;
  alarms.get(name)().catch((error) => console.error(`uri-list: alarm ${name} failed:`, error));
});

/**
 * For the end-to-end tests, mostly in Chromium, whose native menus and omnibox cannot be
 * driven: the same functions the listeners call, counted as theirs are; what the background has
 * been asked (`activity`); the menu items it registered (`menuItemIds`). Only this extension's
 * own contexts can reach them.
 */
globalThis.uriListBackground = {
  onMenuClicked: counted((info) => `menu ${info?.menuItemId}`, onMenuClicked),
  /** What install and browser start run (the menus made, the keyword's hint set), counted as theirs is. */
  onInstalled: counted('menus made (installed)', atInstallOrBrowserStart),
  menuItemIds,
  rememberOwnTabs,
  onOmniboxEntered: counted('omnibox entered', whenReady(onOmniboxEntered)),
  onNavigationFailed: counted(navigation('onErrorOccurred'), whenReady(onNavigationFailed)),
  onCommand: counted((command) => `command ${command}`, onCommand),
  /** A copy of `activity`: the requests received and finished so far (the latest of them by kind). */
  activity: () => structuredClone(activity),
};
publishActivity();

startupMark('evaluated');
