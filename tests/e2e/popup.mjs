// The toolbar popup, for the cases that drive it. A headless browser shows no toolbar popups,
// so the popup's page is opened on its own in a second window and pointed at the first window
// (`?window=ID`): it then acts on that window's tabs as the real popup does on its own window.
// Input is real: clicks and key presses (Playwright's CDP input in Chromium, WebDriver actions in Firefox).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_EXPRESSION } from './axe.mjs';
import { trustedDrop } from './chromium.mjs';
import { EXTENSION_UUID } from './firefox.mjs';
import { ROOT, waitFor } from './util.mjs';

/** Where screenshots go (target/ is not committed); a person looks at them. */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? join(ROOT, 'target', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * Opens the popup, gives it `read()` (the function `read` evaluated in the popup: what a case
 * looks at, with `ready` once the popup has counted the tabs), waits until it is ready, runs
 * `body(popup)`, and closes the popup whatever happens.
 */
export async function withPopupReading(browser, read, body) {
  const popup = await openPopup(browser);
  popup.read = () => popup.evaluate(read);
  try {
    await waitFor(() => popup.read(), (p) => p.ready, { what: 'the popup to count the tabs' });
    return await body(popup);
  } finally {
    await popup.close();
  }
}

/**
 * Opens the popup for the last focused normal window. Returns
 * `{evaluate(fn, arg), click(selector), press(selector, key), type(selector, text), drop(selector, items), shot(selector), screenshots?(name), close()}`:
 * `type` replaces the field's text with `text` typed key by key, then leaves the field (Tab), as
 * a person commits a value; `screenshots(name)` writes BROWSER-popup-NAME-light/dark.png.
 */
export async function openPopup(browser) {
  if (browser.name === 'chromium') return openInChromium(browser, 'popup/popup.html');
  return openInFirefox(browser, 'popup/popup.html');
}

/**
 * Opens the options page in a window of its own, as openPopup does the popup (the same handle):
 * the popup's "Settings" link and the browser's add-on manager open this very page.
 */
export async function openOptions(browser) {
  if (browser.name === 'chromium') return openInChromium(browser, 'options/options.html');
  return openInFirefox(browser, 'options/options.html');
}

/** The height of the page's content, in CSS pixels: what the popup needs to show it all. */
export const PAGE_HEIGHT = () => document.documentElement.scrollHeight;

async function openInChromium(browser, path) {
  const windowId = await browser.inExtension(async () => (await chrome.windows.getLastFocused({ windowTypes: ['normal'] })).id);
  await browser.inExtension(async ({ windowId, path }) => {
    await chrome.windows.create({ url: chrome.runtime.getURL(`${path}?window=${windowId}`), type: 'popup', width: 400, height: 700, focused: false });
  }, { windowId, path });
  const popup = await waitFor(
    () => browser.context.pages().find((p) => p.url().includes(`/${path}`)) ?? null,
    (found) => found !== null,
    { what: 'the popup page' },
  );
  await popup.waitForLoadState();
  return {
    evaluate: (fn, arg) => popup.evaluate(fn, arg),
    /** Runs `fn(arg)` in the page of the tab the popup was opened for. */
    inTabPage: (fn, arg) => browser.inPage(fn, arg),
    click: (selector) => popup.click(selector),
    /** Chooses the option `value` of the <select> `selector`, as a person picks it from the list. */
    choose: (selector, value) => popup.selectOption(selector, value),
    /** Chooses the option labelled `label` of the `<select>` (as a person picks it). */
    chooseLabel: (selector, label) => popup.selectOption(selector, { label }),
    /** Focuses the element, then presses `key` (a person's key on it). */
    async press(selector, key) {
      await popup.focus(selector);
      await popup.keyboard.press(key);
    },
    async type(selector, text) {
      await popup.fill(selector, '');
      await popup.locator(selector).pressSequentially(text);
      await popup.keyboard.press('Tab');
    },
    /** Pastes `text` into the field at once (an insertText, as a paste does). */
    async paste(selector, text) {
      await popup.fill(selector, text);
    },
    /** A person's drop of one dragged item, `items` (`[{type, data}]`), on the element (chromium.mjs trustedDrop). */
    drop: (selector, items) => trustedDrop(popup, selector, items),
    async screenshots(name) {
      const page = path.split('/')[0];
      for (const colorScheme of ['light', 'dark']) {
        await popup.emulateMedia({ colorScheme });
        await popup.locator('body').screenshot({ path: join(SCREENSHOTS, `chromium-${page}-${name}-${colorScheme}.png`) });
      }
      await popup.emulateMedia({ colorScheme: null });
    },
    colorScheme: (scheme) => popup.emulateMedia({ colorScheme: scheme }),
    /** A PNG of the element `selector`, as the popup draws it. */
    shot: (selector) => popup.locator(selector).screenshot(),
    /** axe-core's WCAG 2 A/AA violations in the popup (see axe.mjs). */
    auditAccessibility: () => popup.evaluate(AUDIT_EXPRESSION),
    /** The accessibility tree of the popup as a screen reader gets it (roles and names), as YAML. */
    ariaSnapshot: () => popup.locator('body').ariaSnapshot(),
    close: () => popup.close(),
  };
}

async function openInFirefox(browser, path) {
  const windowId = await browser.script(
    `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
     return ExtensionParent.apiManager.global.windowTracker.getId(Services.wm.getMostRecentWindow('navigator:browser'));`,
    [],
    { chrome: true },
  );
  const main = await browser.command('GET', '/window');
  const { handle } = await browser.command('POST', '/window/new', { type: 'window' });
  await browser.command('POST', '/window', { handle });
  await browser.goto(`moz-extension://${EXTENSION_UUID}/${path}?window=${windowId}`);
  const typeInto = async (selector, text, commit) => {
    const id = Object.values(await browser.element(selector))[0];
    await browser.command('POST', `/element/${id}/clear`, {});
    await browser.command('POST', `/element/${id}/value`, { text: commit ? `${text}\uE004` : text }); // \uE004: Tab
  };
  return {
    evaluate: (fn, arg) => browser.inPage(fn, arg),
    click: (selector) => browser.click(selector),
    // WebDriver's click on an <option> selects it, as a person's pick from the list (WebDriver §12.4.1).
    async choose(selector, value) {
      const id = Object.values(await browser.element(`${selector} option[value="${value}"]`))[0];
      await browser.command('POST', `/element/${id}/click`, {});
    },
    /** Chooses the option labelled `label` of the `<select>`: WebDriver's click on that option. */
    async chooseLabel(selector, label) {
      const options = await browser.command('POST', '/elements', { using: 'css selector', value: `${selector} option` });
      for (const option of options) {
        const id = Object.values(option)[0];
        if ((await browser.command('GET', `/element/${id}/text`)).trim() === label.trim()) return browser.command('POST', `/element/${id}/click`, {});
      }
      throw new Error(`no option "${label}" in ${selector}`);
    },
    /** Focuses the element, then presses `key` (firefox.mjs press). */
    press: (selector, key) => browser.press(selector, key),
    type: (selector, text) => typeInto(selector, text, true),
    paste: (selector, text) => typeInto(selector, text, false),
    /** A person's drop of one dragged item, `items` (`[{type, data}]`), on the element (firefox.mjs trustedDrop). */
    drop: (selector, items) => browser.trustedDrop(selector, items),
    colorScheme: (scheme) => browser.colorScheme(scheme),
    /** A PNG of the element `selector` (WebDriver's Take Element Screenshot). */
    shot: (selector) => browser.screenshot(selector),
    auditAccessibility: () => browser.auditAccessibility(),
    /** firefox-popup-NAME-light/dark.png: the page's body alone (the popup's own size). */
    screenshots: (name) => browser.screenshots(SCREENSHOTS, `firefox-${path.split('/')[0]}-${name}`, 'body'),
    ariaSnapshot: null,
    /** Runs `fn(arg)` in the page of the tab the popup was opened for (its window, then back to the popup's). */
    async inTabPage(fn, arg) {
      await browser.command('POST', '/window', { handle: main });
      try {
        return await browser.inPage(fn, arg);
      } finally {
        await browser.command('POST', '/window', { handle });
      }
    },
    async close() {
      await browser.command('DELETE', '/window');
      await browser.command('POST', '/window', { handle: main });
    },
  };
}
