// Chromium with the built extension, driven by playwright-core over CDP.
//
// The system browser is used (never `playwright install`). Pages are driven with real input
// events (CDP Input.dispatch*: trusted, like a person's), and the browser's state is read through
// the extension's service worker, which sees every tab and group.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { AUDIT_EXPRESSION } from './axe.mjs';
import { findProgram, tempDir, waitFor, withTimeout } from './util.mjs';

/**
 * @param {{extensionDir: string | null, headless?: boolean, args?: string[], lang?: string}} options
 *   `extensionDir: null`: Chromium as a person without the extension has it (tests/e2e/cases-web.mjs)
 *   `lang`: the browser's UI language (`--lang`; on Linux it picks the extension's _locales, though
 *   `i18n.getUILanguage()` still says en-US)
 */
export async function launchChromium({ extensionDir, headless = true, args = [], lang }) {
  if (lang) args = [...args, `--lang=${lang}`];
  const executablePath = findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium');
  const profile = await tempDir('chromium-profile');
  const start = () => startContext(profile.path, { executablePath, extensionDir, headless, args });
  let context;
  try {
    context = await start();
  } catch (error) {
    await profile.remove();
    throw error;
  }
  const driver = new ChromiumDriver(context, profile, start);
  driver.extensionDir = extensionDir;
  try {
    await driver.ready();
  } catch (error) {
    await driver.close();
    throw error;
  }
  return driver;
}

/** Starts Chromium on `profilePath` with the extension loaded. */
function startContext(profilePath, { executablePath, extensionDir, headless, args }) {
  return chromium.launchPersistentContext(profilePath, {
    executablePath,
    headless,
    // The caller closes the browser on Ctrl-C (and removes the profile): not Playwright.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    viewport: headless ? { width: 1000, height: 700 } : null,
    // Without the extension, the pop-up blocker is on, as for a person (Playwright turns it off):
    // the web page's "Open N selected" meets it (tests/e2e/cases-web.mjs).
    // Playwright turns the back-forward cache off too; a person's browser has it (a case needs it:
    // cases-weblinks.mjs). The fixtures' pages are no-store, which it never keeps, but `?cacheable`.
    ignoreDefaultArgs: ['--disable-back-forward-cache', ...(extensionDir ? [] : ['--disable-popup-blocking'])],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      // Playwright adds --disable-extensions; --disable-extensions-except is what overrides it.
      ...(extensionDir ? [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`] : []),
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // The DevTools protocol's Extensions domain, for reloadExtension().
      '--enable-unsafe-extension-debugging',
      ...args,
    ],
  });
}

/**
 * A person's drop of one dragged item on the element `selector` of `page`: CDP's
 * Input.dispatchDragEvent (dragEnter, dragOver, then drop), trusted events whose DataTransfer
 * holds `items` (`[{type, data}]`) as a drag from another window or application does, and,
 * like one, readable only while the `drop` is dispatched. The page accepts the drop by
 * cancelling `dragover`, as for a person's.
 */
export async function trustedDrop(page, selector, items) {
  const target = page.locator(selector);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`the drop on ${selector}: it is not shown`);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const data = { items: items.map(({ type, data }) => ({ mimeType: type, data })), dragOperationsMask: 1 }; // 1: copy
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const type of ['dragEnter', 'dragOver', 'drop']) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  } finally {
    await cdp.detach();
  }
}

class ChromiumDriver {
  name = 'chromium';

  constructor(context, profile, start) {
    this.profile = profile;
    this.start = start;
    // Errors from the service worker, and from the content script (its messages start with "uri-list:").
    this.errors = [];
    // Every request any page makes (its URL), and every error in a page's console or thrown
    // there (`{text, url}`): for the web page without the extension (cases-web.mjs).
    this.requested = [];
    this.pageErrors = [];
    this.attach(context);
  }

  /** Drives `context` (a browser process on this.profile) from now on. */
  attach(context) {
    this.context = context;
    this.page = context.pages()[0] ?? null;
    this.version = context.browser()?.version() ?? '';
    this.closed = false;
    this.restarting = false;
    context.once('close', () => (this.closed = !this.restarting));
    context.on('request', (request) => this.requested.push(request));
    context.on('weberror', (error) => this.pageErrors.push({ text: String(error.error()), url: error.page()?.url() ?? '' }));
    // Chromium answers an API call still running when the harness quits it (restart(), the
    // permission and pop-up settings below) with "The browser is shutting down": that error is the
    // quit's, not the extension's (a menu being made at start-up, CI saw it once).
    const quitting = (message) =>
      (this.restarting || this.context !== context) && message.text().includes('The browser is shutting down');
    context.on('console', (message) => {
      if (quitting(message)) return;
      if (message.type() === 'error') this.pageErrors.push({ text: message.text(), url: message.location()?.url ?? '' });
      if (message.type() === 'error' && (message.worker?.() || message.text().startsWith('uri-list:'))) {
        this.errors.push(message.text());
      }
    });
  }

  /** Once the browser runs: the clipboard may be read back from a page; the extension is up. */
  async ready() {
    await this.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    if (this.extensionDir !== null) await this.worker();
  }

  /**
   * Quits the browser and starts a new browser process on the same profile, as a person
   * closing and reopening it: what the extension stored must still be there.
   */
  async restart() {
    this.restarting = true;
    await this.context.close();
    this.attach(await this.start());
    await this.ready();
  }

  /**
   * Lets the extension have its optional permissions `names` (say `['bookmarks']`), as for a
   * person who allowed them before: the browser is quit, the grant written where Chromium keeps
   * it (the profile's Preferences, the extension's granted and active API permissions) and the
   * browser started again on the profile. Headless Chromium shows the permission prompt of
   * `permissions.request()` in a dialog that no driver can answer (and has no switch to accept
   * it); a request for what is granted resolves true at once, as the extension's click handler
   * then sees. The extension can drop them again itself (`permissions.remove`).
   */
  async allowOptionalPermissions(names) {
    const id = await this.inExtension(() => chrome.runtime.id);
    this.restarting = true;
    await this.context.close();
    const file = join(this.profile.path, 'Default', 'Preferences');
    const preferences = JSON.parse(readFileSync(file, 'utf8'));
    const settings = preferences.extensions.settings[id];
    for (const key of ['granted_permissions', 'active_permissions']) {
      settings[key].api = [...new Set([...settings[key].api, ...names])];
    }
    writeFileSync(file, JSON.stringify(preferences));
    this.attach(await this.start());
    await this.ready();
    await this.reset(); // one blank tab, as the case had (the browser restores nothing)
  }

  /**
   * Allows pop-ups for `origin`, as a person does from the blocked pop-up icon of the address bar
   * ("Always allow pop-ups and redirects from…"): the browser is quit, the site's exception
   * written where Chromium keeps it (the profile's Preferences) and the browser started again.
   * `allow: false` takes the exception back.
   */
  async allowPopups(origin, allow = true) {
    this.restarting = true;
    await this.context.close();
    const file = join(this.profile.path, 'Default', 'Preferences');
    const preferences = JSON.parse(readFileSync(file, 'utf8'));
    const settings = (((preferences.profile ??= {}).content_settings ??= {}).exceptions ??= {});
    const popups = (settings.popups ??= {});
    if (allow) popups[`${origin},*`] = { last_modified: String(Date.now() * 1000), setting: 1 };
    else delete popups[`${origin},*`];
    writeFileSync(file, JSON.stringify(preferences));
    this.attach(await this.start());
    await this.ready();
    await this.reset();
  }

  /** Error messages from this extension in the consoles of its service worker and of pages. */
  async extensionErrors() {
    return this.errors;
  }

  /** False once the person closed the browser. */
  async isOpen() {
    return !this.closed;
  }

  /** The extension's service worker (it may have been stopped and started again). */
  async worker() {
    if (this.stoppedScript) await this.startServiceWorker();
    return this.context.serviceWorkers().at(-1) ?? (await this.context.waitForEvent('serviceworker', { timeout: 10_000 }));
  }

  /**
   * Starts the extension's service worker again after stopServiceWorker() (unless an event has
   * started it already), as an event would: Playwright's handle on it cannot run anything while
   * it is stopped.
   */
  async startServiceWorker() {
    const script = this.stoppedScript;
    await this.serviceWorkerCommand(script, 'running', 'ServiceWorker.startWorker', { scopeURL: new URL('/', script).href });
    this.stoppedScript = null;
  }

  /** Sends the CDP `command` (`params`), then waits until the worker of `script` is `status` ('running', 'stopped'). */
  async serviceWorkerCommand(script, status, command, params) {
    const cdp = await this.context.newCDPSession(this.page);
    try {
      let reached;
      const done = new Promise((resolve) => (reached = resolve));
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (versions.some((v) => v.scriptURL === script && v.runningStatus === status)) reached();
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send(command, params);
      await withTimeout(done, 10_000, `the service worker to be ${status}`);
    } finally {
      await cdp.detach();
    }
  }

  /** Runs `fn(arg)` inside the extension's service worker, where `chrome.*` is available. */
  async inExtension(fn, arg) {
    return (await this.worker()).evaluate(fn, arg);
  }

  /**
   * What the extension's background has received and finished (`uriListBackground.activity()`,
   * extension/background.js): `{epoch, received, finished, log}`.
   */
  async activity() {
    return this.inExtension(() => globalThis.uriListBackground.activity());
  }

  /** One window with one blank tab, no groups: every test starts from here. */
  async reset() {
    const page = await this.context.newPage();
    if (this.extensionDir === null) {
      for (const other of this.context.pages()) if (other !== page) await other.close();
      this.page = page;
      return;
    }
    // Closed through the extension, which sees every tab at once: Playwright learns of tabs
    // the extension opened only a little later, so its own list of pages can miss some.
    const left = await this.inExtension(async () => {
      const tabs = await chrome.tabs.query({});
      const keep = tabs.filter((tab) => tab.url === 'about:blank').sort((a, b) => b.id - a.id)[0];
      await chrome.tabs.remove(tabs.filter((tab) => tab !== keep).map((tab) => tab.id));
      // An earlier case's copy confirmation (the window's badge, up for 30 s) taken down, as
      // its alarm does: a case's badge is its own.
      await chrome.alarms.clear('share-badge');
      await chrome.action.setBadgeText({ text: '' });
      await chrome.action.setTitle({ title: '' });
      return (await chrome.tabs.query({})).length;
    });
    if (left !== 1) throw new Error(`reset: ${left} tabs are left open, not 1`);
    this.page = page;
  }

  /**
   * Loads `url` in the current tab. `waitUntil: 'commit'` for a page that navigates its own tab
   * before it loads (Chrome keeps the page when that navigation fails, and Playwright then waits
   * for a load event that does not come).
   */
  async goto(url, { waitUntil = 'load' } = {}) {
    await this.page.goto(url, { waitUntil });
  }

  /**
   * A real mouse click in the middle of the element. `button`: left, middle; `modifiers`:
   * ['Control'], ...; `frame`: the selector of the iframe the element is in, if it is in one.
   */
  async click(selector, { button = 'left', modifiers = [], frame } = {}) {
    const scope = frame ? this.page.frameLocator(frame) : this.page;
    await scope.locator(selector).click({ button, modifiers });
  }

  /**
   * A real tap of a finger on the middle of the element, as on a touch screen: touch events over
   * CDP (what Playwright's tap() sends, which needs a context made with touch), from which the
   * browser makes its own pointer, compatibility mouse and click events.
   */
  async tap(selector) {
    const box = await this.page.locator(selector).boundingBox();
    const cdp = await this.context.newCDPSession(this.page);
    try {
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } finally {
      await cdp.detach();
    }
  }

  /** Moves the mouse, for real, onto the middle of the element (and leaves it there). */
  async hover(selector) {
    await this.page.locator(selector).hover();
  }

  /**
   * The text of each element matching `selector` inside the shadow root (open or closed) of the
   * element `host` of the page, or null when there is no such host. Read over CDP, which sees
   * closed shadow roots; page scripts cannot.
   */
  async shadowTexts(host, selector) {
    const cdp = await this.context.newCDPSession(this.page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: host });
      if (!nodeId) return null;
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1, pierce: true });
      const shadow = node.shadowRoots?.[0];
      if (!shadow) throw new Error(`shadowTexts: ${host} has no shadow root`);
      const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: shadow.backendNodeId });
      const { result } = await cdp.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: 'function (selector) { return [...this.querySelectorAll(selector)].map((n) => n.textContent); }',
        arguments: [{ value: selector }],
        returnByValue: true,
      });
      return result.value;
    } finally {
      await cdp.detach();
    }
  }

  /** Focuses the element (once enabled, as click() waits for it), then presses `key` on the keyboard. */
  async press(selector, key) {
    await this.page.waitForFunction((s) => !document.querySelector(s)?.closest('[aria-disabled="true"]'), selector);
    await this.page.focus(selector);
    await this.page.keyboard.press(key);
  }

  // --- primitives for cases-hardening.mjs (a person's double-click, held key, Tab, typing) ---

  /** A real double-click in the middle of the element: two clicks, `detail` 1 then 2. */
  async dblclick(selector) {
    await this.page.locator(selector).dblclick();
  }

  /**
   * A real mouse click in the middle of the element, wherever it lands: on whatever lies over
   * the element (Playwright's click() would wait for the element to be the one hit).
   */
  async clickThrough(selector) {
    await this.page.locator(selector).click({ force: true });
  }

  /** Presses `key` on the keyboard, on whatever has the focus (nothing is focused first). */
  async pressKey(key) {
    await this.page.keyboard.press(key);
  }

  /**
   * Presses the page's access key `key` (a lower-case letter) as a person does in Chromium on
   * Linux: Alt+key. Chromium looks for access keys on the key's character event, which
   * Playwright's keyboard does not send with Alt held: sent here over CDP, as the OS would.
   */
  async accessKey(key) {
    const code = `Key${key.toUpperCase()}`;
    const keyCode = key.toUpperCase().charCodeAt(0);
    const cdp = await this.context.newCDPSession(this.page);
    try {
      const alt = { key: 'Alt', code: 'AltLeft', windowsVirtualKeyCode: 18 };
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...alt, modifiers: 1 });
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key, code, windowsVirtualKeyCode: keyCode, modifiers: 1 });
      await cdp.send('Input.dispatchKeyEvent', { type: 'char', key, code, text: key, unmodifiedText: key, windowsVirtualKeyCode: keyCode, modifiers: 1 });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode, modifiers: 1 });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...alt, modifiers: 0 });
    } finally {
      await cdp.detach();
    }
  }

  /** Presses Tab, as a person would, until the element has the focus (at most `max` times). */
  async tabTo(selector, max = 20) {
    for (let n = 0; n < max; n += 1) {
      await this.page.keyboard.press('Tab');
      if (await this.page.evaluate((s) => document.activeElement === document.querySelector(s), selector)) return;
    }
    throw new Error(`tabTo: ${selector} did not get the focus after ${max} presses of Tab`);
  }

  /** Clicks into the element (a text box) and types `text`, key by key. */
  async typeInto(selector, text) {
    await this.page.locator(selector).click();
    await this.page.keyboard.type(text);
  }

  /**
   * Holds `key` down on whatever has the focus: one key press and `repeats` auto-repeats (trusted
   * `keydown` events with `repeat: true`, as a held key gives), then the release.
   */
  async holdKey(key, repeats) {
    const KEYS = { Enter: { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' } };
    const known = KEYS[key];
    if (!known) throw new Error(`holdKey: no key ${key}`);
    const cdp = await this.context.newCDPSession(this.page);
    try {
      const down = { type: 'keyDown', key, code: known.code, windowsVirtualKeyCode: known.windowsVirtualKeyCode, text: known.text };
      await cdp.send('Input.dispatchKeyEvent', down);
      for (let n = 0; n < repeats; n += 1) await cdp.send('Input.dispatchKeyEvent', { ...down, autoRepeat: true });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: known.code, windowsVirtualKeyCode: known.windowsVirtualKeyCode });
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Whether the extension's service worker runs (or is starting), without starting it: CDP's
   * ServiceWorker domain reports every version's status once enabled.
   */
  async backgroundRunning() {
    if (!this.stoppedScript) return true; // not stopped by stopServiceWorker(): the harness's handle keeps it
    const script = this.stoppedScript;
    const cdp = await this.context.newCDPSession(this.page);
    try {
      const status = new Promise((resolve) => {
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          const version = versions.find((v) => v.scriptURL === script);
          if (version) resolve(version.runningStatus);
        });
      });
      await cdp.send('ServiceWorker.enable');
      return (await withTimeout(status, 10_000, 'the service worker\'s status')) !== 'stopped';
    } finally {
      await cdp.detach();
    }
  }

  /** Opens `url` in a new tab, as a person does (not through the extension); it is then the current tab. */
  async openTab(url) {
    this.page = await this.context.newPage();
    await this.page.goto(url);
  }

  /** Closes the (first) tab whose URL starts with `prefix`, as a person does (not through the extension); the first other tab is then current. */
  async closeTab(prefix) {
    await this.switchTo(prefix);
    await this.page.close();
    this.page = this.context.pages()[0];
  }

  /** Opens `url` in a new tab and closes that tab, as a person does (not through the extension); the current tab stays. */
  async openAndCloseTab(url) {
    const page = await this.context.newPage();
    try {
      await page.goto(url);
    } finally {
      await page.close();
    }
  }

  /** Stops the extension's background as the browser does once it has been idle (stopServiceWorker()). */
  async stopBackground() {
    await this.stopServiceWorker();
  }

  /**
   * Stops the extension's service worker, as Chrome does when it has been idle (its memory is
   * gone); the next event starts it again. As Chrome, which never stops a worker with an event
   * to answer or an API call under way, it lets the worker finish first: its start-up (the core,
   * `startedUp`) and every request it has received (a message, the menus made at install:
   * `received === finished`). Stopped in the middle, the worker would lose what no person sees
   * lost: a sender told "did not answer", menus half made.
   */
  async stopServiceWorker() {
    const script = (await this.worker()).url();
    await waitFor(
      () => this.activity(),
      (activity) => activity?.startedUp === true && activity.received === activity.finished,
      { interval: 20, what: 'the service worker to have finished its start-up and every request it received (activity)' },
    );
    await this.serviceWorkerCommand(script, 'stopped', 'ServiceWorker.stopAllWorkers', {});
    this.stoppedScript = script;
  }


  // --- end of the primitives for cases-hardening.mjs ---

  /** A person's drop of `items` (`[{type, data}]`) on the element `selector` of the current page (see trustedDrop()). */
  async trustedDrop(selector, items) {
    await trustedDrop(this.page, selector, items);
  }

  /** Evaluates a function in the current page (not in the extension). */
  async inPage(fn, arg) {
    return this.page.evaluate(fn, arg);
  }

  /**
   * What the extension's content scripts in the current page's top frame have handled
   * (`uriList.handled`, extension/content/prelude.js): `{pointer, key, mutations, settings,
   * pending}`, or null while they have not started. Read over CDP in the content scripts' own
   * world (Chromium's isolated world of the extension), which the page's scripts cannot reach.
   */
  async contentHandled() {
    const cdp = await this.context.newCDPSession(this.page);
    try {
      const contexts = [];
      cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
      await cdp.send('Runtime.enable'); // reports every context there is, before it returns
      const { frameTree } = await cdp.send('Page.getFrameTree');
      const origin = (await this.extensionUrl('/')).replace(/\/$/, ''); // (URL#origin is "null" for chrome-extension:)
      const world = contexts.find((c) => c.auxData?.frameId === frameTree.frame.id && c.auxData?.type === 'isolated' && c.origin === origin);
      if (!world) return null;
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        contextId: world.id,
        expression: 'typeof uriList === "undefined" ? null : { ...uriList.handled }',
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(`contentHandled: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    } finally {
      await cdp.detach();
    }
  }

  /** The text on the clipboard, read from the current page (which therefore takes the focus). */
  async clipboard() {
    await this.page.bringToFront();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /**
   * The text/html flavour on the clipboard (null when there is none), read from the current page
   * as it was written: `unsanitized`, or Chromium would rewrite the markup it hands back.
   */
  async clipboardHtml() {
    await this.page.bringToFront();
    return this.page.evaluate(async () => {
      const items = await navigator.clipboard.read({ unsanitized: ['text/html'] });
      const item = items.find((i) => i.types.includes('text/html'));
      return item ? (await item.getType('text/html')).text() : null;
    });
  }

  /**
   * The browser's tabs (by window, in order) and tab groups:
   * `{tabs: [{url, group, active, window}], groups: [{title, color, window}]}`, `group` being a group's title or null.
   */
  async state() {
    if (this.extensionDir === null) {
      const pages = this.context.pages();
      return { tabs: pages.map((page) => ({ url: page.url(), group: null, active: page === this.page, window: 0 })), groups: [] };
    }
    return this.inExtension(async () => {
      const [tabs, groups] = await Promise.all([chrome.tabs.query({}), chrome.tabGroups.query({})]);
      const windows = [...new Set(tabs.map((tab) => tab.windowId))].sort((a, b) => a - b);
      const titleOf = new Map(groups.map((group) => [group.id, group.title]));
      tabs.sort((a, b) => a.windowId - b.windowId || a.index - b.index);
      return {
        tabs: tabs.map((tab) => ({
          url: tab.url || tab.pendingUrl || '',
          group: tab.groupId === -1 ? null : (titleOf.get(tab.groupId) ?? '(unknown group)'),
          active: tab.active,
          window: windows.indexOf(tab.windowId),
        })),
        // In the order they stand in the tab strip.
        groups: groups
          .map((group) => ({ group, first: tabs.findIndex((tab) => tab.groupId === group.id) }))
          .sort((a, b) => a.first - b.first)
          .map(({ group }) => ({ title: group.title, color: group.color, window: windows.indexOf(group.windowId) })),
      };
    });
  }

  /**
   * Loads the extension again from its folder over itself, as an update does (a new service
   * worker; the extension's storage stays), through the DevTools protocol's Extensions domain
   * (chrome.runtime.reload() does not bring back an extension loaded from the command line).
   */
  async reloadExtension() {
    const old = await this.worker();
    const closed = new Promise((resolve) => old.once('close', resolve));
    const next = this.context.waitForEvent('serviceworker', { timeout: 10_000 });
    const cdp = await this.context.browser().newBrowserCDPSession();
    await cdp.send('Extensions.loadUnpacked', { path: this.extensionDir });
    await withTimeout(closed, 10_000, 'the old service worker to stop');
    await next;
  }

  /**
   * Turns the extension off and on again, as a person does on chrome://extensions (its page's own
   * `management` API), and waits for its new service worker.
   */
  async turnExtensionOffAndOn() {
    const id = new URL(await this.extensionUrl('/')).host;
    const next = this.context.waitForEvent('serviceworker', { timeout: 10_000 });
    const page = await this.context.newPage();
    try {
      await page.goto('chrome://extensions');
      await page.evaluate(async (id) => {
        await chrome.management.setEnabled(id, false);
        await chrome.management.setEnabled(id, true);
      }, id);
    } finally {
      await page.close();
    }
    await next;
    await this.page.bringToFront();
  }

  /**
   * The current page, light and dark, as PNGs NAME-light.png and NAME-dark.png in folder `dir`:
   * the whole page, or with `viewport`, what is in view (a page of 10 000 rows is too tall for one PNG).
   */
  async screenshots(dir, name, { viewport = false } = {}) {
    for (const colorScheme of ['light', 'dark']) {
      await this.page.emulateMedia({ colorScheme });
      await this.page.screenshot({ path: join(dir, `${name}-${colorScheme}.png`), fullPage: !viewport });
    }
    await this.page.emulateMedia({ colorScheme: null });
  }

  /** The current page in the `light` or `dark` colour scheme, or the browser's own (null). */
  async colorScheme(scheme) {
    await this.page.emulateMedia({ colorScheme: scheme });
  }

  /** axe-core's WCAG 2 A/AA violations on the current page (see axe.mjs). */
  async auditAccessibility() {
    return this.page.evaluate(AUDIT_EXPRESSION);
  }

  /** The URL of a file of the extension (`preview/preview.html`). */
  async extensionUrl(path) {
    return new URL(path, (await this.worker()).url()).href;
  }

  /**
   * From now on, notes the URL of every request any page makes (Playwright's request event);
   * pageErrorsOf() then counts from here too.
   */
  async recordRequests() {
    this.requested.length = 0;
    this.pageErrors.length = 0;
  }

  /**
   * The URLs noted since recordRequests(), but for those Chromium itself stopped for the page's
   * Content-Security-Policy (Playwright reports them too, as failed with the error text "csp"):
   * those never left the browser. Firefox makes no request at all for them.
   */
  async requests() {
    const out = [];
    for (const request of [...this.requested]) {
      await withTimeout(request.response(), 5000, `the request for ${request.url()}`).catch(() => null);
      if (request.failure()?.errorText === 'csp') continue;
      out.push(request.url());
    }
    return out;
  }

  /** Errors thrown in (or logged by) pages whose address starts with `origin`. */
  async pageErrorsOf(origin) {
    return this.pageErrors.filter((error) => error.url.startsWith(origin)).map((error) => `${error.text} (${error.url})`);
  }

  /** The languages the current tab's pages are told the person reads (`navigator.languages`, Accept-Language). */
  async setPageLanguage(language) {
    const cdp = await this.context.newCDPSession(this.page);
    const userAgent = await this.page.evaluate(() => navigator.userAgent);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent, acceptLanguage: language });
  }

  /** The viewport: `{width, height}` in CSS pixels (a phone's, a desktop's). */
  async setViewport(size) {
    await this.page.setViewportSize(size);
  }

  /** Drives the tab whose URL starts with `prefix` from now on (say, a page the extension opened). */
  async switchTo(prefix) {
    const end = Date.now() + 10_000;
    for (;;) {
      const page = this.context.pages().find((p) => p.url().startsWith(prefix));
      if (page) {
        await page.bringToFront();
        await page.waitForLoadState();
        this.page = page;
        return;
      }
      if (Date.now() > end) throw new Error(`switchTo: no tab at ${prefix}; tabs: ${this.context.pages().map((p) => p.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The extension's toolbar badge and tooltip for the (first) tab whose URL starts with `prefix`. */
  async badge(prefix) {
    return this.inExtension(async (prefix) => {
      const tab = (await chrome.tabs.query({})).find((t) => (t.url || t.pendingUrl || '').startsWith(prefix));
      if (!tab) return null;
      return { text: await chrome.action.getBadgeText({ tabId: tab.id }), title: await chrome.action.getTitle({ tabId: tab.id }) };
    }, prefix);
  }

  // --- Added for the attack suite (cases-attacks.mjs) -------------------------------------------

  /**
   * Evaluates a function in the document of the iframe `frame` (a selector in the current page),
   * whatever its origin; null if the element has no document.
   */
  async inFrame(frame, fn, arg) {
    const document = await (await this.page.waitForSelector(frame)).contentFrame();
    return document ? document.evaluate(fn, arg) : null;
  }

  // --- End of the attack suite's additions ------------------------------------------------------

  async close() {
    try {
      await this.context.close();
    } finally {
      await this.profile.remove();
    }
  }
}
