// Firefox with the built extension, driven by geckodriver over plain WebDriver HTTP.
//
// The add-on is installed as a temporary add-on from its folder. Its moz-extension:// UUID is
// fixed by a pref, so tests can open its pages. geckodriver runs with --allow-system-access,
// which gives the "chrome" context: the browser's own UI and state (gBrowser, its tabs and
// tab groups), read here as the browser itself has them. Input goes through WebDriver actions,
// which Firefox turns into trusted events, like a person's.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_SCRIPT } from './axe.mjs';
import { findProgram, tempDir, waitFor, withTimeout } from './util.mjs';

export const EXTENSION_UUID = 'a3c7e0d4-51f6-4b0e-9a51-75c1e2d0c0de';

/**
 * Firefox's lines for a content script's message whose page went away (unloaded, or into the
 * back-forward cache) before the background's answer came, or whose own copy of the content
 * script Firefox unloaded meanwhile: extensionErrors() does not count them. The last: the add-on
 * installed over itself (reloadExtension, as an update) puts its content scripts into an open
 * page twice, about 100 ms apart, unloading the first copy with its background; a message that
 * copy sent at once (the page's offers, for its badge) is refused after it is gone.
 */
const ANSWERED_AFTER_LEAVING = [
  "Promise rejected after context unloaded: Actor 'Conduits' destroyed before query 'RuntimeMessage' was resolved",
  'Promise resolved after context unloaded',
  'Promise resolved while context is inactive',
  'Promise rejected after context unloaded: Could not establish connection. Receiving end does not exist.',
];
const KEYS = { Enter: '\uE007', Control: '\uE009', Shift: '\uE008', Alt: '\uE00A', Tab: '\uE004', Escape: '\uE00C', ArrowDown: '\uE015' };
const BUTTONS = { left: 0, middle: 1, right: 2 };

/**
 * @param {{extensionDir: string | null, headless?: boolean, lang?: string}} options
 *   `extensionDir: null`: Firefox as a person without the extension has it (tests/e2e/cases-web.mjs)
 *   `lang`: the browser's UI language, for the extension's _locales. Firefox picks only languages
 *   it has resources for (a language pack; Debian's firefox-esr has en-US alone), and the pref
 *   `intl.locale.requested` alone changes nothing then: the locale service is told `lang` is
 *   available and asked for it, before the extension is installed (it reads its locale then).
 */
export async function launchFirefox({ extensionDir, headless = true, lang }) {
  const binary = findProgram('FIREFOX', ['/usr/bin/firefox-esr', 'firefox-esr', 'firefox'], 'apt-get install firefox-esr');
  const geckodriver = findProgram(
    'GECKODRIVER',
    [join(homedir(), '.cargo', 'bin', 'geckodriver'), 'geckodriver'],
    'cargo install geckodriver',
  );
  const addonId = extensionDir ? JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id : null;
  // geckodriver makes its Firefox profile under TMPDIR: a folder of our own, removed afterwards.
  const temp = await tempDir('firefox');
  const server = spawn(geckodriver, ['--port', '0', '--allow-system-access'], {
    env: { ...process.env, TMPDIR: temp.path },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches only us, and we end the session cleanly.
    detached: true,
  });
  // Never leave geckodriver and its Firefox (its process group) behind, whatever happens to us;
  // before the profile folder is removed on exit.
  const killServer = () => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.prependOnceListener('exit', killServer);
  server.once('exit', () => process.off('exit', killServer));
  const driver = new FirefoxDriver(server, temp);
  try {
    driver.base = await withTimeout(listeningAddress(driver), 10_000, 'starting geckodriver');
    // A profile folder of our own (not one geckodriver makes and throws away), so that a
    // restart can start a new Firefox on the same profile.
    const profile = join(temp.path, 'profile');
    mkdirSync(profile);
    driver.startSession = async () => {
      const { value } = await driver.request('POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'firefox',
            'moz:firefoxOptions': {
              binary,
              args: [...(headless ? ['-headless'] : []), '-profile', profile],
              prefs: {
                'extensions.webextensions.uuids': JSON.stringify(addonId ? { [addonId]: EXTENSION_UUID } : {}),
                'browser.tabs.groups.enabled': true,
                'browser.tabs.warnOnClose': false,
                'browser.tabs.warnOnCloseOtherTabs': false,
                'browser.sessionstore.resume_from_crash': false,
                'devtools.console.stdout.content': true,
                // A drop's data readable only while the drop event is dispatched, as the HTML
                // Standard says and Chromium does (Firefox keeps it by default; hardened profiles
                // turn this on): a page that reads a drop late fails here as it would there.
                'dom.events.dataTransfer.protected.enabled': true,
                // Without the extension, the pop-up blocker is on, as for a person (geckodriver
                // turns it off): the web page's "Open N selected" meets it (cases-web.mjs).
                ...(addonId ? {} : { 'dom.disable_open_during_load': true }),
              },
            },
          },
        },
      });
      driver.session = `/session/${value.sessionId}`;
      driver.version = value.capabilities.browserVersion;
      if (lang) {
        await driver.script(
          `Services.locale.availableLocales = [...Services.locale.availableLocales, arguments[0]];
           Services.locale.requestedLocales = [arguments[0]];`,
          [lang],
          { chrome: true },
        );
      }
      // Allowed in private windows, as a person can allow it, so that tests can open lists there.
      if (extensionDir) await driver.command('POST', '/moz/addon/install', { path: extensionDir, temporary: true, allowPrivateBrowsing: true });
    };
    driver.addonId = addonId;
    driver.extensionDir = extensionDir;
    await driver.startSession();
  } catch (error) {
    await driver.close();
    throw error;
  }
  return driver;
}

/**
 * The process script of trustedDrop(), in every content process: on `uri-list-test:drop`, the
 * process that has the page (the browsing context `id`) drops `items` on `selector` and answers
 * `uri-list-test:dropped` with the `token` it was given.
 */
function PROCESS_DROP() {
  Services.cpmm.addMessageListener('uri-list-test:drop', ({ data: { token, id, selector, items } }) => {
    const context = BrowsingContext.get(id);
    if (!context?.docShell) return; // the page lives in another process
    const win = context.window;
    let reply;
    try {
      const target = win.document.querySelector(selector);
      if (!target) throw new Error(`no element matches ${selector}`);
      target.scrollIntoView({ block: 'center' });
      const box = target.getBoundingClientRect();
      const [x, y] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
      const drags = Cc['@mozilla.org/widget/dragservice;1'].getService(Ci.nsIDragService);
      drags.startDragSessionForTests(win, Ci.nsIDragService.DRAGDROP_ACTION_COPY);
      const transfer = new win.DataTransfer();
      for (const { type, data } of items) transfer.mozSetDataAt(type, data, 0);
      // The session's data, which the pres shell gives each event a copy of (a drop's copy is
      // protected once the drop has been dispatched).
      win.windowUtils.dragSession.dataTransfer = transfer;
      const dispatch = (type) => {
        const event = win.document.createEvent('DragEvent');
        event.initDragEvent(type, true, true, win, 0, 0, 0, x, y, false, false, false, false, 0, null, null);
        return win.windowUtils.dispatchDOMEventViaPresShellForTesting(target, event);
      };
      const dispatched = [dispatch('dragenter'), dispatch('dragover')];
      reply = dispatched[1] ? { token, refused: true } : { token, dispatched: [...dispatched, dispatch('drop')] };
    } catch (error) {
      reply = { token, error: String(error) };
    } finally {
      win.windowUtils.dragSession?.endDragSession(true, 0);
    }
    Services.cpmm.sendAsyncMessage('uri-list-test:dropped', reply);
  });
}

/**
 * trustedDrop()'s part in the browser (chrome context): loads the process script (once), finds
 * the tab showing `url` (the current page's: there must be one only), asks for the drop and
 * waits for the answer (5 s).
 */
const DROP_SCRIPT = `
  const [script, url, selector, items, done] = arguments;
  if (!Services.ppmm.getDelayedProcessScripts().some(([loaded]) => loaded === script)) Services.ppmm.loadProcessScript(script, true);
  const pages = [];
  for (const win of Services.wm.getEnumerator('navigator:browser')) {
    for (const browser of win.gBrowser?.browsers ?? []) if (browser.currentURI.spec === url) pages.push(browser);
  }
  if (pages.length !== 1) return done({ error: pages.length + ' tabs show ' + url + ', not 1' });
  const [page] = pages;
  const token = Services.uuid.generateUUID().toString();
  const { setTimeout } = ChromeUtils.importESModule('resource://gre/modules/Timer.sys.mjs');
  let answered = false;
  const answer = (data) => {
    if (answered) return;
    answered = true;
    Services.ppmm.removeMessageListener('uri-list-test:dropped', listener);
    done(data);
  };
  const listener = { receiveMessage: ({ data }) => data.token === token && answer(data) };
  Services.ppmm.addMessageListener('uri-list-test:dropped', listener);
  setTimeout(() => answer({ error: 'no content process answered in 5 s' }), 5000);
  Services.ppmm.broadcastAsyncMessage('uri-list-test:drop', { token, id: page.browsingContext.id, selector, items });
`;

/** Resolves with geckodriver's http://127.0.0.1:PORT once it says where it listens. */
function listeningAddress(driver) {
  return new Promise((resolve, reject) => {
    const read = () => {
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(driver.output);
      if (match) resolve(`http://${match[1]}`);
    };
    driver.server.stdout.on('data', read);
    driver.server.stderr.on('data', read);
    driver.server.once('error', reject);
    driver.server.once('exit', (code) => reject(new Error(`geckodriver exited (${code}) before listening:\n${driver.output}`)));
  });
}

class FirefoxDriver {
  name = 'firefox';
  base = '';
  session = '';

  constructor(server, temp) {
    this.server = server;
    this.temp = temp;
    // What geckodriver and Firefox print; with devtools.console.stdout.content, that includes
    // console calls from content and from the extension's process.
    this.output = '';
    const keep = (chunk) => (this.output += chunk);
    server.stdout.on('data', keep);
    server.stderr.on('data', keep);
  }

  async request(method, path, body) {
    const response = await fetch(this.base + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = await response.json();
    if (!response.ok) {
      const { error, message } = reply.value ?? {};
      throw new Error(`WebDriver ${method} ${path}: ${error}: ${message}`);
    }
    return reply;
  }

  async command(method, path, body) {
    return (await this.request(method, this.session + path, body)).value;
  }

  /**
   * A person's right-click on `element` (a WebDriver element reference, in the page or, in the
   * chrome context, in the browser's own window: a tab, a bookmark), through WebDriver actions.
   */
  async rightClick(element) {
    await this.command('POST', '/actions', {
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', origin: element, x: 0, y: 0 },
            { type: 'pointerDown', button: 2 },
            { type: 'pointerUp', button: 2 },
          ],
        },
      ],
    });
    await this.command('DELETE', '/actions');
  }

  /**
   * Runs `source` (a function body using `arguments`) in the page or, with chrome: true, in the
   * browser UI; with async: true, its last argument is a function to call with the result.
   */
  async script(source, args = [], { chrome = false, async = false } = {}) {
    const path = async ? '/execute/async' : '/execute/sync';
    if (!chrome) return this.command('POST', path, { script: source, args });
    await this.command('POST', '/moz/context', { context: 'chrome' });
    try {
      return await this.command('POST', path, { script: source, args });
    } finally {
      await this.command('POST', '/moz/context', { context: 'content' });
    }
  }

  async element(selector) {
    return this.command('POST', '/element', { using: 'css selector', value: selector });
  }

  /** False once the person closed the browser. */
  async isOpen() {
    try {
      return (await this.command('GET', '/window/handles')).length > 0;
    } catch {
      return false; // the session is gone with the browser
    }
  }

  /** One window with one blank tab, no groups: every test starts from here. */
  async reset() {
    if (!this.addonId) await this.script(`Services.prefs.clearUserPref('intl.accept_languages');`, [], { chrome: true });
    const old = await this.command('GET', '/window/handles');
    const { handle } = await this.command('POST', '/window/new', { type: 'tab' });
    for (const other of old) {
      await this.command('POST', '/window', { handle: other });
      await this.command('DELETE', '/window');
    }
    await this.command('POST', '/window', { handle });
    const left = await this.command('GET', '/window/handles');
    if (left.length !== 1) throw new Error(`reset: ${left.length} tabs are left open, not 1`);
  }

  async goto(url) {
    await this.command('POST', '/url', { url });
  }

  /**
   * A real mouse click in the middle of the element. `button`: left, middle; `modifiers`:
   * ['Control'], ...; `frame`: the selector of the iframe the element is in, if it is in one.
   */
  async click(selector, { button = 'left', modifiers = [], frame } = {}) {
    if (frame) await this.command('POST', '/frame', { id: await this.element(frame) });
    try {
      await this.clickHere(selector, button, modifiers);
    } finally {
      if (frame) await this.command('POST', '/frame/parent', {});
    }
  }

  async clickHere(selector, button, modifiers) {
    const element = await this.element(selector);
    // Pointer actions only reach what is in the viewport.
    await this.command('POST', '/execute/sync', { script: 'arguments[0].scrollIntoView({ block: "center" })', args: [element] });
    await this.untilEnabled(element);
    const keys = modifiers.map((name) => KEYS[name]);
    await this.command('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [...keys.map((value) => ({ type: 'keyDown', value })), ...[0, 1, 2].map(() => ({ type: 'pause' })), ...keys.map((value) => ({ type: 'keyUp', value }))],
        },
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            ...keys.map(() => ({ type: 'pause' })),
            { type: 'pointerMove', origin: element, x: 0, y: 0 },
            { type: 'pointerDown', button: BUTTONS[button] },
            { type: 'pointerUp', button: BUTTONS[button] },
          ],
        },
      ],
    });
    await this.command('DELETE', '/actions');
  }

  /** A real tap of a finger on the middle of the element, as on a touch screen (WebDriver's touch pointer). */
  async tap(selector) {
    const element = await this.element(selector);
    await this.command('POST', '/execute/sync', { script: 'arguments[0].scrollIntoView({ block: "center" })', args: [element] });
    await this.command('POST', '/actions', {
      actions: [{
        type: 'pointer',
        id: 'finger',
        parameters: { pointerType: 'touch' },
        actions: [{ type: 'pointerMove', origin: element, x: 0, y: 0 }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }],
      }],
    });
    await this.command('DELETE', '/actions');
  }

  /** Moves the mouse, for real, onto the middle of the element (and leaves it there). */
  async hover(selector) {
    const element = await this.element(selector);
    await this.command('POST', '/execute/sync', { script: 'arguments[0].scrollIntoView({ block: "center" })', args: [element] });
    await this.command('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', origin: element, x: 0, y: 0 }] }],
    });
  }

  /**
   * The text of each element matching `selector` inside the shadow root (open or closed) of the
   * element `host` of the page, or null when there is no such host. WebDriver reaches closed
   * shadow roots in Firefox; page scripts cannot.
   */
  async shadowTexts(host, selector) {
    const found = await this.command('POST', '/elements', { using: 'css selector', value: host });
    if (found.length === 0) return null;
    const shadow = await this.command('GET', `/element/${Object.values(found[0])[0]}/shadow`);
    const nodes = await this.command('POST', `/shadow/${Object.values(shadow)[0]}/elements`, { using: 'css selector', value: selector });
    const texts = [];
    for (const node of nodes) texts.push(await this.command('GET', `/element/${Object.values(node)[0]}/text`));
    return texts;
  }

  /**
   * Waits (at most 10 s) until the element is enabled as Playwright's actionability checks have it:
   * not `aria-disabled="true"`, itself or an ancestor (a control that takes no press yet, such as
   * the preview page's Open button for a moment after the page comes to the front).
   */
  async untilEnabled(element) {
    await this.command('POST', '/execute/async', {
      script: `const [node, done] = arguments;
               const end = Date.now() + 10000;
               (function wait() {
                 if (!node.closest('[aria-disabled="true"]') || Date.now() > end) done(true);
                 else setTimeout(wait, 50);
               })();`,
      args: [element],
    });
  }

  /** Focuses the element, then presses `key` on the keyboard. */
  async press(selector, key) {
    const element = await this.element(selector);
    await this.untilEnabled(element);
    await this.command('POST', '/execute/sync', { script: 'arguments[0].focus()', args: [element] });
    const value = KEYS[key] ?? key;
    await this.command('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value }, { type: 'keyUp', value }] }],
    });
    await this.command('DELETE', '/actions');
  }

  // --- primitives for cases-hardening.mjs (a person's double-click, held key, Tab, typing) ---

  /** A real double-click in the middle of the element: two clicks, `detail` 1 then 2. */
  async dblclick(selector) {
    const element = await this.element(selector);
    await this.command('POST', '/execute/sync', { script: 'arguments[0].scrollIntoView({ block: "center" })', args: [element] });
    const click = [{ type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }];
    await this.command('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', origin: element, x: 0, y: 0 }, ...click, ...click] }],
    });
    await this.command('DELETE', '/actions');
  }

  /**
   * A real mouse click in the middle of the element, wherever it lands (WebDriver actions do
   * not check what lies over the element: the same as click()).
   */
  async clickThrough(selector) {
    await this.click(selector);
  }

  /** Presses `key` on the keyboard, on whatever has the focus (nothing is focused first). */
  async pressKey(key) {
    const value = KEYS[key] ?? key;
    await this.command('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value }, { type: 'keyUp', value }] }],
    });
    await this.command('DELETE', '/actions');
  }

  /** Presses the page's access key `key` as a person does in Firefox on Linux: Alt+Shift+key. */
  async accessKey(key) {
    const held = [KEYS.Alt, KEYS.Shift];
    await this.command('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: [...held.map((value) => ({ type: 'keyDown', value })), { type: 'keyDown', value: key }, { type: 'keyUp', value: key }, ...held.reverse().map((value) => ({ type: 'keyUp', value }))] }],
    });
    await this.command('DELETE', '/actions');
  }

  /** Presses Tab, as a person would, until the element has the focus (at most `max` times). */
  async tabTo(selector, max = 20) {
    for (let n = 0; n < max; n += 1) {
      await this.pressKey('Tab');
      if (await this.script('return document.activeElement === document.querySelector(arguments[0]);', [selector])) return;
    }
    throw new Error(`tabTo: ${selector} did not get the focus after ${max} presses of Tab`);
  }

  /** Clicks into the element (a text box) and types `text`, key by key. */
  async typeInto(selector, text) {
    await this.click(selector);
    await this.command('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: [...text].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }],
    });
    await this.command('DELETE', '/actions');
  }

  /**
   * Holds `key` down on whatever has the focus: one key press and `repeats` auto-repeats (a
   * keyDown of a key already down: trusted `keydown` events with `repeat: true`), then the release.
   */
  async holdKey(key, repeats) {
    const value = KEYS[key] ?? key;
    const downs = Array.from({ length: repeats + 1 }, () => ({ type: 'keyDown', value }));
    await this.command('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: [...downs, { type: 'keyUp', value }] }],
    });
    await this.command('DELETE', '/actions');
  }

  // --- end of the primitives for cases-hardening.mjs ---

  /**
   * A person's drop of one dragged item on the element `selector` of the current page: trusted
   * `dragenter`, `dragover` and, when the page accepts it (cancels the `dragover`), `drop`, whose
   * DataTransfer holds `items` (`[{type, data}]`) as a drag from another window or application
   * does, and, like one, readable only while the `drop` is dispatched. Returns `{dispatched}`
   * (each event's "not cancelled") or `{refused: true}` when the page did not accept the drag.
   *
   * Headless Firefox on Linux has no drag service in its parent process, which a real drag (and
   * WebDriver's) goes through; content processes have theirs. So the drop is made where the
   * page lives, by chrome code, as Gecko's own test tooling does (EventUtils.synthesizeDrop): a
   * drag session for tests holding the data, and the events dispatched through the pres shell
   * (trusted, hit-tested as input is). The code runs there as a process script (PROCESS_DROP),
   * loaded once and asked by message.
   */
  async trustedDrop(selector, items) {
    const url = await this.command('GET', '/url');
    const reply = await this.script(DROP_SCRIPT, [`data:,(${encodeURIComponent(String(PROCESS_DROP))})()`, url, selector, items], { chrome: true, async: true });
    if (reply?.error) throw new Error(`the drop on ${selector}: ${reply.error}`);
    return reply;
  }

  /** Evaluates a function in the current page (not in the extension). */
  async inPage(fn, arg) {
    return this.script(`return (${fn})(arguments[0]);`, [arg]);
  }

  /** The text on the clipboard, read by the browser itself (chrome context: no permission prompt). */
  async clipboard() {
    return this.script('return navigator.clipboard.readText();', [], { chrome: true });
  }

  /**
   * The text/html flavour on the clipboard (null when there is none), as it was written: read by
   * the browser's own clipboard service (navigator.clipboard.read() hands back the markup parsed
   * and written again, as a whole document).
   */
  async clipboardHtml() {
    return this.script(
      `const transferable = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable);
       transferable.init(null);
       transferable.addDataFlavor('text/html');
       Services.clipboard.getData(transferable, Services.clipboard.kGlobalClipboard, null);
       const data = {};
       try {
         transferable.getTransferData('text/html', data);
       } catch {
         return null;
       }
       return data.value.QueryInterface(Ci.nsISupportsString).data;`,
      [],
      { chrome: true },
    );
  }

  /**
   * The browser's tabs (by window, in order) and tab groups, as gBrowser has them:
   * `{tabs: [{url, group, active, window}], groups: [{title, color, window}]}`, `group` being a group's title or null.
   */
  async state() {
    return this.script(
      `const tabs = [];
       const groups = [];
       let window = 0;
       for (const win of Services.wm.getEnumerator('navigator:browser')) {
         // A window still opening (a Shift-click's, under load) has no tab browser yet: it is
         // counted once it has one (the callers poll).
         if (!win.gBrowser) continue;
         for (const tab of win.gBrowser.tabs) {
           tabs.push({ url: tab.linkedBrowser.currentURI.spec, group: tab.group ? tab.group.label : null, active: tab.selected, window });
         }
         for (const group of win.gBrowser.tabGroups) groups.push({ title: group.label, color: group.color, window });
         window += 1;
       }
       return { tabs, groups };`,
      [],
      { chrome: true },
    );
  }

  /**
   * Error messages from this extension: uncaught errors in its files (from the browser console,
   * to which every process reports them) and its console.error calls (printed on Firefox's
   * stdout; the extension's messages all start with "uri-list:").
   *
   * Not counted: Firefox's own lines for a content script's message whose page went away before
   * the background answered (`ANSWERED_AFTER_LEAVING`: the tab navigated or closed, or the page
   * went into the back-forward cache, meanwhile; here, a case's page replaced by the next case's).
   * Firefox reports one for any content script with a message in flight as its page leaves,
   * whatever the script does with the promise (content/prelude.js `ask` lets it go: nobody is
   * left to tell), and a person leaving a page at that moment gets the same line; the message
   * itself has reached the background. Only those exact lines, only from content.js: the
   * background's own calls cut short (a stopped background) still count.
   */
  async extensionErrors() {
    const thrown = await this.script(
      `return Services.console.getMessageArray()
         .filter((m) => m instanceof Ci.nsIScriptError && !(m.flags & Ci.nsIScriptError.warningFlag))
         .filter((m) => String(m.sourceName).startsWith('moz-extension://' + arguments[0] + '/'))
         .filter((m) => !(String(m.sourceName) === 'moz-extension://' + arguments[0] + '/content.js' && arguments[1].includes(m.errorMessage.trim())))
         .map((m) => m.errorMessage + ' (' + m.sourceName + ':' + m.lineNumber + ')');`,
      [EXTENSION_UUID, ANSWERED_AFTER_LEAVING],
      { chrome: true },
    );
    const logged = this.output.split('\n').filter((line) => /^console\.error: "?uri-list:/.test(line));
    return [...thrown, ...logged];
  }

  /**
   * Allows pop-ups for `origin`, as a person does from the bar Firefox shows when it blocked one
   * (Options, "Allow pop-ups and third-party redirects for…"): the same site permission.
   * `allow: false` takes it back.
   */
  async allowPopups(origin, allow = true) {
    await this.script(
      `const principal = Services.scriptSecurityManager.createContentPrincipalFromOrigin(arguments[0]);
       if (arguments[1]) Services.perms.addFromPrincipal(principal, 'popup', Services.perms.ALLOW_ACTION);
       else Services.perms.removeFromPrincipal(principal, 'popup');`,
      [origin, allow],
      { chrome: true },
    );
  }

  /** The URL of a file of the extension (`preview/preview.html`). */
  async extensionUrl(path) {
    return new URL(path, `moz-extension://${EXTENSION_UUID}/`).href;
  }

  /** Whether the extension's background page is there (running or starting), without starting it. */
  async backgroundRunning() {
    const state = await this.script('return WebExtensionPolicy.getByID(arguments[0]).extension.backgroundState;', [this.addonId], { chrome: true });
    return state !== 'stopped';
  }

  /** Opens `url` in a new tab, as a person does (not through the extension); it is then the current tab. */
  async openTab(url) {
    const { handle } = await this.command('POST', '/window/new', { type: 'tab' });
    await this.command('POST', '/window', { handle });
    await this.goto(url);
  }

  /** Closes the (first) tab whose URL starts with `prefix`, as a person does (not through the extension); the first other tab is then current. */
  async closeTab(prefix) {
    await this.switchTo(prefix);
    await this.command('DELETE', '/window');
    const [first] = await this.command('GET', '/window/handles');
    await this.command('POST', '/window', { handle: first });
  }

  /** Opens `url` in a new tab and closes that tab, as a person does (not through the extension); the current tab stays. */
  async openAndCloseTab(url) {
    const back = await this.command('GET', '/window');
    const { handle } = await this.command('POST', '/window/new', { type: 'tab' });
    await this.command('POST', '/window', { handle });
    try {
      await this.goto(url);
    } finally {
      await this.command('DELETE', '/window');
      await this.command('POST', '/window', { handle: back });
    }
  }

  /**
   * Runs `fn(arg)` (it may return a promise) with the extension's `browser.*` API: in one of the
   * extension's pages, opened in a tab of its own that is closed afterwards.
   */
  async inExtension(fn, arg) {
    const back = await this.command('GET', '/window');
    const { handle } = await this.command('POST', '/window/new', { type: 'tab' });
    await this.command('POST', '/window', { handle });
    try {
      await this.goto(await this.extensionUrl('preview/preview.html'));
      return await this.command('POST', '/execute/async', {
        script: `const done = arguments[arguments.length - 1];
                 Promise.resolve((${fn})(arguments[0])).then(done, (error) => done({ error: String(error) }));`,
        args: [arg],
      });
    } finally {
      await this.command('DELETE', '/window');
      await this.command('POST', '/window', { handle: back });
    }
  }

  /**
   * What the extension's content scripts in the current page's top frame have handled
   * (`uriList.handled`, extension/content/prelude.js): `{pointer, key, mutations, settings,
   * pending}`, or null while they have not started. Read in the content scripts' own sandbox,
   * which the page's scripts cannot reach: from the browser's side, Marionette's own actor
   * runs a script with the system's privileges in the page's process, and Firefox's
   * ExtensionContent lists the content scripts' sandboxes there (as its developer tools do).
   */
  async contentHandled() {
    return this.script(
      `const [addonId] = arguments;
       const page = gBrowser.selectedBrowser.browsingContext.currentWindowGlobal;
       return page.getActor('MarionetteCommands').executeScript(
         \`const { ExtensionContent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionContent.sys.mjs');
          const ours = ExtensionContent.getAllContentScriptGlobals().find(
            (sandbox) => Cu.getSandboxMetadata(sandbox)?.addonId === arguments[0] && sandbox.document === document,
          );
          return ours?.uriList ? { ...ours.uriList.handled } : null;\`,
         [addonId],
         { sandboxName: 'system', timeout: 10000 },
       );`,
      [this.addonId],
      { chrome: true },
    );
  }

  /**
   * What the extension's background has received and finished (extension/background.js
   * `activity`: `{epoch, received, finished, log}`), or null while it has no background page (not
   * started yet, or suspended): read from the browser's side, as the title the background page
   * gives itself, without a tab of its own (as inExtension() needs) or any change to the browser.
   */
  async activity() {
    const title = await this.script(
      `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
       const extension = ExtensionParent.GlobalManager.getExtension(arguments[0]);
       const page = [...(extension?.views ?? [])].find((view) => view.viewType === 'background');
       return page?.xulBrowser?.browsingContext?.currentWindowGlobal?.documentTitle ?? null;`,
      [this.addonId],
      { chrome: true },
    );
    return title ? JSON.parse(title) : null;
  }

  /**
   * Suspends the extension's background page as Firefox does once it has been idle: its idle timer
   * calls `terminateBackground()`, which declines while a listener's promise is pending, so it is
   * asked again until the page is gone. The next event one of its persistent listeners waits for
   * starts a new page (activity() is null until then). A page still starting up (its wasm core
   * loading, what it does once that is ready: `startedUp`) is let finish first, as it is long
   * before Firefox's idle timer ends: stopped in the middle, its pending calls are logged as
   * errors ("Promise rejected after context unloaded").
   */
  async stopBackground() {
    await waitFor(
      async () => ((await this.backgroundRunning()) ? (await this.activity())?.startedUp === true : 'stopped'),
      (ready) => ready !== false,
      { what: 'the background to have started up' },
    );
    const stopped = await this.script(
      `const [id, done] = arguments;
       const extension = WebExtensionPolicy.getByID(id).extension;
       const end = Date.now() + 10_000;
       (async () => {
         while (extension.backgroundState !== 'stopped') {
           if (Date.now() > end) return extension.backgroundState;
           if (extension.backgroundState === 'running') await extension.terminateBackground();
           else await new Promise((resolve) => setTimeout(resolve, 10));
         }
         return true;
       })().then(done, (error) => done(String(error)));`,
      [this.addonId],
      { chrome: true, async: true },
    );
    if (stopped !== true) throw new Error(`the background page did not stop: ${stopped}`);
  }

  /**
   * Lets the extension have its optional permissions: Firefox's own switch for that
   * (`extensions.webextOptionalPermissionPrompts` off) grants what the extension's
   * `permissions.request()` asks for in a person's click, without the prompt a headless browser
   * cannot show. The request itself still runs, in the click (Firefox refuses one outside a
   * person's gesture). `names` is what the caller expects to be granted (Chromium's driver
   * grants it ahead).
   */
  async allowOptionalPermissions(names) {
    await this.script(`Services.prefs.setBoolPref('extensions.webextOptionalPermissionPrompts', false);`, [], { chrome: true });
  }

  /** Drives the tab whose URL starts with `prefix` from now on (say, a page the extension opened). */
  async switchTo(prefix) {
    const end = Date.now() + 10_000;
    for (;;) {
      for (const handle of await this.command('GET', '/window/handles')) {
        await this.command('POST', '/window', { handle });
        if (String(await this.command('GET', '/url')).startsWith(prefix)) {
          await this.script('return new Promise((resolve) => document.readyState === "complete" ? resolve() : addEventListener("load", () => resolve()))');
          return;
        }
      }
      if (Date.now() > end) throw new Error(`switchTo: no tab at ${prefix}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The extension's toolbar badge and tooltip for the (first) tab whose URL starts with `prefix`. */
  async badge(prefix) {
    return this.script(
      `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
       const extension = ExtensionParent.GlobalManager.getExtension(arguments[1]);
       const action = ExtensionParent.apiManager.global.browserActionFor(extension).action;
       for (const win of Services.wm.getEnumerator('navigator:browser')) {
         if (!win.gBrowser) continue; // a window still opening
         const tab = win.gBrowser.tabs.find((t) => t.linkedBrowser.currentURI.spec.startsWith(arguments[0]));
         if (tab) return { text: action.getProperty(tab, 'badgeText') ?? '', title: action.getProperty(tab, 'title') ?? '' };
       }
       return null;`,
      [prefix, this.addonId],
      { chrome: true },
    );
  }

  /**
   * Right-clicks the element (for a selection: on it) and chooses the extension's item `label`
   * in the page's real context menu (#contentAreaContextMenu, in the browser's UI).
   */
  async contextMenu(selector, label) {
    const element = await this.element(selector);
    await this.command('POST', '/actions', {
      actions: [{
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', origin: element, x: 0, y: 0 },
          { type: 'pointerDown', button: BUTTONS.right },
          { type: 'pointerUp', button: BUTTONS.right },
        ],
      }],
    });
    await this.command('DELETE', '/actions');
    const chosen = await this.script(
      `const [label, done] = [arguments[0], arguments[arguments.length - 1]];
       const menu = document.getElementById('contentAreaContextMenu');
       const choose = () => {
         const item = [...menu.querySelectorAll('menuitem')].find((node) => node.label === label && !node.hidden);
         if (!item) {
           const shown = [...menu.querySelectorAll('menuitem')].filter((n) => !n.hidden).map((n) => n.label);
           menu.hidePopup();
           return done('no item "' + label + '" in: ' + shown.join(' | '));
         }
         menu.activateItem(item);
         done('');
       };
       if (menu.state === 'open') choose();
       else menu.addEventListener('popupshown', choose, { once: true });`,
      [label],
      { chrome: true, async: true },
    );
    if (chosen) throw new Error(`contextMenu: ${chosen}`);
  }

  /** Types `text` into the address bar, for real, then (unless `enter` is false) presses Enter. */
  async addressBar(text, { enter = true } = {}) {
    await this.command('POST', '/moz/context', { context: 'chrome' });
    try {
      const input = await this.command('POST', '/element', { using: 'css selector', value: '#urlbar-input' });
      const id = Object.values(input)[0];
      await this.command('POST', `/element/${id}/clear`, {});
      await this.command('POST', `/element/${id}/value`, { text });
      if (enter) await this.command('POST', `/element/${id}/value`, { text: KEYS.Enter });
    } finally {
      await this.command('POST', '/moz/context', { context: 'content' });
    }
  }

  /** Turns the add-on off and on again, as a person does in the add-ons manager. */
  async turnExtensionOffAndOn() {
    await this.script(
      `const [id, done] = [arguments[0], arguments[arguments.length - 1]];
       const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
       AddonManager.getAddonByID(id).then(async (addon) => {
         await addon.disable();
         await addon.enable();
         done(addon.isActive);
       }, (error) => done(String(error)));`,
      [this.addonId],
      { chrome: true, async: true },
    );
  }

  /** Installs the extension again over itself, as an update does (the add-on's storage stays). */
  async reloadExtension() {
    await this.command('POST', '/moz/addon/install', { path: this.extensionDir, temporary: true, allowPrivateBrowsing: true });
  }

  /**
   * Every open tab's page in the `light` or `dark` colour scheme, or the browser's own (null): the
   * override devtools' colour-scheme simulation sets on a tab's browsing context.
   */
  async colorScheme(scheme) {
    await this.script(
      `const [scheme] = arguments;
       for (const win of Services.wm.getEnumerator('navigator:browser')) {
         if (!win.gBrowser) continue; // a window still opening
         for (const tab of win.gBrowser.tabs) tab.linkedBrowser.browsingContext.prefersColorSchemeOverride = scheme ?? 'none';
       }`,
      [scheme],
      { chrome: true },
    );
  }

  /** axe-core's WCAG 2 A/AA violations on the current page (see axe.mjs). */
  async auditAccessibility() {
    return this.script(AUDIT_SCRIPT, [], { async: true });
  }

  /**
   * A PNG of what the current tab shows (WebDriver's Take Screenshot: the viewport), or with
   * `selector`, of that element alone (Take Element Screenshot).
   */
  async screenshot(selector) {
    if (!selector) {
      // The whole page, as Chromium's screenshots are, unless it is taller than Firefox takes
      // (65 535 px: a preview of 10 000 pages): then what is in view.
      const tall = await this.inPage(() => document.documentElement.scrollHeight > 32_000);
      return Buffer.from(await this.command('GET', tall ? '/screenshot' : '/moz/screenshot/full'), 'base64');
    }
    const id = Object.values(await this.element(selector))[0];
    return Buffer.from(await this.command('GET', `/element/${id}/screenshot`), 'base64');
  }

  /** The current page, light and dark, as PNGs NAME-light.png and NAME-dark.png in folder `dir`. */
  async screenshots(dir, name, selector) {
    if (typeof selector !== 'string') selector = undefined; // ({viewport}: what is in view is all WebDriver takes)
    try {
      for (const scheme of ['light', 'dark']) {
        await this.colorScheme(scheme);
        writeFileSync(join(dir, `${name}-${scheme}.png`), await this.screenshot(selector));
      }
    } finally {
      await this.colorScheme(null);
    }
  }

  /**
   * Quits Firefox and starts a new Firefox process on the same profile, as a person closing and
   * reopening it: what the extension stored must still be there.
   */
  async restart() {
    await withTimeout(this.request('DELETE', this.session), 15_000, 'quitting Firefox');
    this.session = '';
    await this.startSession();
  }

  // --- Added for the attack suite (cases-attacks.mjs) -------------------------------------------

  /**
   * Evaluates a function in the document of the iframe `frame` (a selector in the current page),
   * whatever its origin (WebDriver switches into it).
   */
  async inFrame(frame, fn, arg) {
    await this.command('POST', '/frame', { id: await this.element(frame) });
    try {
      return await this.inPage(fn, arg);
    } finally {
      await this.command('POST', '/frame/parent', {});
    }
  }

  // --- End of the attack suite's additions ------------------------------------------------------

  // --- For the web page without the extension (cases-web.mjs) ------------------------------------

  /**
   * From now on, notes the URL of every HTTP request a page (any document, any tab) makes, as
   * the network layer sees it just before it connects (the observer topic http-on-before-connect,
   * in the parent process: after every extension's webRequest had its say, so a request an
   * extension cancelled is not there, and before anything leaves): requests with no document (the
   * browser's own) are left out.
   * pageErrorsOf() then counts from here too.
   */
  async recordRequests() {
    await this.script(
      `if (!window.uriListRequests) {
         window.uriListRequests = [];
         Services.obs.addObserver({ observe(subject) {
           const channel = subject.QueryInterface(Ci.nsIHttpChannel);
           if (channel.loadInfo?.browsingContextID) window.uriListRequests.push(channel.URI.spec);
         } }, 'http-on-before-connect');
       }
       window.uriListRequests.length = 0;
       window.uriListSince = Date.now();`,
      [],
      { chrome: true },
    );
  }

  /** The URLs recordRequests() has noted since it was called. */
  async requests() {
    return this.script('return window.uriListRequests ?? [];', [], { chrome: true });
  }

  /** Errors thrown in (or logged by) pages whose address starts with `origin`, from the browser console. */
  async pageErrorsOf(origin) {
    return this.script(
      `return Services.console.getMessageArray()
         .filter((m) => m instanceof Ci.nsIScriptError && !(m.flags & Ci.nsIScriptError.warningFlag))
         .filter((m) => String(m.sourceName).startsWith(arguments[0]) && m.timeStamp >= (window.uriListSince ?? 0))
         .map((m) => m.errorMessage + ' (' + m.sourceName + ':' + m.lineNumber + ')');`,
      [origin],
      { chrome: true },
    );
  }

  /** The languages pages are told the person reads (`navigator.languages`), until reset(). */
  async setPageLanguage(language) {
    await this.script(`Services.prefs.setCharPref('intl.accept_languages', arguments[0]);`, [language], { chrome: true });
  }

  /** The viewport: `{width, height}` in CSS pixels; the window is sized around it. */
  async setViewport({ width, height }) {
    const inner = async () => this.inPage(() => [innerWidth, innerHeight]);
    const scale = (value) => this.script(`Services.prefs.setCharPref('layout.css.devPixelsPerPx', arguments[0]);`, [value], { chrome: true });
    await scale('-1');
    await this.command('POST', '/window/rect', { width, height });
    const [w, h] = await inner();
    await this.command('POST', '/window/rect', { width: 2 * width - w, height: 2 * height - h });
    // A window narrower than about 480 px cannot be had: a phone's pixel density then, as on a
    // phone, gives it `width` CSS pixels.
    const [wide] = await inner();
    if (wide > width) await scale(String(wide / width));
  }

  // --- End of the web page's additions ----------------------------------------------------------

  async close() {
    try {
      if (this.session) await withTimeout(this.request('DELETE', this.session), 15_000, 'closing Firefox');
    } catch (error) {
      console.error(`firefox: ${error.message}`);
    } finally {
      this.server.kill();
      await new Promise((resolve) => (this.server.exitCode === null ? this.server.once('exit', resolve) : resolve()));
      await this.temp.remove();
    }
  }
}
