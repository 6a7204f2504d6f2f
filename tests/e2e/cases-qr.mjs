// "Open on another device" (issue 24, part 5): the web link as a QR code, made by the QR wasm
// (qr/) and drawn by pages/qr-view.js, in the popup (the tabs about to be shared), the preview page
// (the list shown) and the web page (its own address). A person's press on the button; the code
// is taken as the browser draws it (a screenshot of the element) and read by a QR decoder (jsQR),
// which must give the exact web link. A link too long for a code a phone reads from a screen
// shows a message, and no code. The web page fetches the QR code's module and wasm only when asked.
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { assertAccessible } from './axe.mjs';
import { arrange } from './cases-share.mjs';
import { openPopup, SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/** The longest text the QR wasm makes a code of (qr/src/lib.rs MAX_LENGTH). */
const MAX_LENGTH = 666;

/** The text of the QR code in a PNG, or null when jsQR finds none. */
function decode(png) {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** A PNG of the element `selector` in the tab in front, as the browser draws it. */
async function shot(browser, selector) {
  if (browser.name === 'chromium') return browser.page.locator(selector).screenshot();
  return browser.screenshot(selector);
}

/** What the QR panel shows: a code (its accessible name), a message, or nothing yet. */
const PANEL = () => {
  const panel = document.getElementById('qr-panel');
  const button = document.getElementById('qr-show');
  return {
    hidden: panel.hidden,
    busy: panel.getAttribute('aria-busy') === 'true',
    code: panel.querySelector('svg')?.getAttribute('aria-label') ?? null,
    hint: panel.querySelector('figcaption')?.textContent ?? null,
    message: panel.querySelector('.qr-message')?.textContent ?? null,
    button: button.textContent,
    expanded: button.getAttribute('aria-expanded'),
  };
};

/** Waits until the panel shows a code or a message. */
const panelDone = (read) => waitFor(read, (p) => !p.hidden && !p.busy && (p.code !== null || p.message !== null), { what: 'the QR code or its message' });

/**
 * The web page for web links, set for these cases; with null, cleared after them, with the
 * titles choice a copy remembers (`sharePageTitles`), which other cases expect off.
 */
async function setWebBase(browser, base) {
  await browser.inExtension(async (value) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (value === null) await api.storage.sync.remove(['webBase', 'sharePageTitles']);
    else await api.storage.sync.set({ webBase: value });
  }, base);
}

/** `count` pages of the fixtures' server whose addresses make a web link of about `count` × 60 characters. */
const longPages = (origin, count) =>
  Array.from({ length: count }, (_, n) => ({ url: `${origin}/page/qr-${n}-${'abcdefghij'.repeat(4)}` }));

/**
 * The popup for the tabs `tabs`: "Copy as web link" pressed first (the link it shows is the one
 * the code must hold), then "Open on another device". Returns the copied link and the panel.
 */
async function popupCode(browser, origin, tabs, body) {
  await setWebBase(browser, `${origin}/web/`);
  try {
    await arrange(browser, { tabs, select: tabs.map((_, n) => n) });
    const popup = await openPopup(browser);
    try {
      await waitFor(() => popup.evaluate(() => !document.getElementById('qr-show').hidden && !document.getElementById('copy-web').disabled), Boolean, { what: 'the QR button' });
      await popup.click('#copy-web');
      const copied = await waitFor(() => popup.evaluate(() => document.getElementById('link').value), (value) => value !== '', { what: 'the copied web link' });
      await popup.click('#qr-show');
      const panel = await panelDone(() => popup.evaluate(PANEL));
      return await body({ popup, copied, panel });
    } finally {
      await popup.close();
    }
  } finally {
    await setWebBase(browser, null);
  }
}

export const cases = [
  {
    name: 'QR code: the popup shows the web link of the tabs about to be shared as a QR code that decodes to the exact link it copies; under 600 px, accessible',
    async run({ browser, origin }) {
      const tabs = [{ url: `${origin}/page/qr-a` }, { url: `${origin}/page/qr-b?x=1` }, { url: `${origin}/page/qr-c` }];
      await popupCode(browser, origin, tabs, async ({ popup, copied, panel }) => {
        assert.ok(copied.startsWith(`${origin}/web/#uri-list:`), copied);
        for (const { url } of tabs) assert.ok(copied.includes(url.replace('?', '%3F')) || copied.includes(url), `${url} in ${copied}`);
        assert.equal(panel.code, `QR code of the web link (${copied.length} characters)`);
        assert.equal(panel.hint, 'Point a phone’s camera at the code to open this list there.');
        // In the popup, the short label (its tooltip says "Open on another device").
        assert.equal(panel.button, 'Hide code');
        assert.equal(panel.expanded, 'true');
        assert.equal(decode(await popup.shot('#qr-panel svg')), copied);
        await popup.screenshots('qr');
        // With the tabs' titles ticked, the link is another, longer one: the code shown follows it.
        await popup.click('#page-titles');
        const titled = await panelDone(async () => {
          const now = await popup.evaluate(PANEL);
          return now.code === panel.code ? { ...now, busy: true } : now;
        });
        await popup.click('#copy-web');
        const copiedTitled = await waitFor(() => popup.evaluate(() => document.getElementById('link').value), (value) => value !== copied, { what: 'the web link with titles' });
        assert.match(copiedTitled, /page-titles=/);
        assert.equal(titled.code, `QR code of the web link (${copiedTitled.length} characters)`);
        assert.equal(decode(await popup.shot('#qr-panel svg')), copiedTitled);
        // The code takes the place of the paste box: the popup stays within Chrome's 600 px.
        // The height the popup needs to show it all (the page's own, whatever the window's).
        const height = await popup.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
        console.log(`# ${browser.name}: the popup with the QR code is ${height} px tall`);
        assert.ok(height <= 600, `the popup is ${height} px tall with the QR code`);
        for (const id of ['paste', 'copied']) assert.equal(await popup.evaluate((id) => getComputedStyle(document.getElementById(id)).display, id), 'none', id);
        await assertAccessible(popup, 'the popup with the QR code');
        // Pressed again, the code goes, and the paste box is back.
        await popup.click('#qr-show');
        const hidden = await popup.evaluate(PANEL);
        assert.deepEqual([hidden.hidden, hidden.code, hidden.button, hidden.expanded], [true, null, 'QR code', 'false']);
        for (const id of ['paste', 'copied']) assert.notEqual(await popup.evaluate((id) => getComputedStyle(document.getElementById(id)).display, id), 'none', id);
      });
    },
  },
  {
    name: 'QR code: in the popup, tabs whose web link is too long for a code a phone reads show why, with the length, and no code',
    async run({ browser, origin }) {
      await popupCode(browser, origin, longPages(origin, 12), async ({ popup, copied, panel }) => {
        assert.ok(copied.length > MAX_LENGTH, `${copied.length}`);
        assert.equal(panel.code, null);
        assert.equal(
          panel.message,
          `This link is ${copied.length} characters long, too long for a QR code that a phone reads reliably from a screen (at most ${MAX_LENGTH} characters). Copy the link instead, and send it to the other device.`,
        );
        assert.equal(await popup.evaluate(() => document.querySelectorAll('#qr-panel svg').length), 0);
        await assertAccessible(popup, 'the popup with the message instead of a QR code');
        await popup.screenshots('qr-too-long');
      });
    },
  },
  {
    name: 'QR code: the preview page\'s "Open on another device" shows the list\'s web link as a code that decodes to it exactly; accessible',
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/qr-1;${origin}/page/qr-2;${origin}/page/qr-3?title=Phone`;
      await setWebBase(browser, `${origin}/web/`);
      try {
        await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
        await waitFor(() => browser.inPage(() => !document.getElementById('qr-show').hidden), Boolean, { what: 'the QR button' });
        await browser.click('#qr-show');
        const panel = await panelDone(() => browser.inPage(PANEL));
        const expected = `${origin}/web/#${link}`;
        assert.equal(panel.code, `QR code of the web link (${expected.length} characters)`);
        assert.equal(decode(await shot(browser, '#qr-panel svg')), expected);
        await assertAccessible(browser, 'the preview page with the QR code');
        await browser.screenshots(SCREENSHOTS, `${browser.name}-preview-qr`);
      } finally {
        await setWebBase(browser, null);
      }
    },
  },
  {
    name: 'QR code: the preview page offers no code without a web page for web links set',
    async run({ browser, origin }) {
      await setWebBase(browser, null);
      const link = `uri-list:${origin}/page/qr-1;${origin}/page/qr-2`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
      await waitFor(() => browser.inPage(() => document.querySelectorAll('#items a').length), (n) => n === 2, { what: 'the list' });
      assert.equal(await browser.inPage(() => document.getElementById('qr-show').hidden), true);
    },
  },
  {
    name: 'QR code: the web page (without the extension) shows its own address as a code that decodes to it exactly, fetching the QR module and wasm only when asked; accessible',
    extension: false,
    async run({ browser, origin }) {
      await browser.setViewport({ width: 1000, height: 800 });
      await browser.recordRequests();
      const address = `${origin}/web/#uri-list:https://a.example/;https://b.example/x?title=Phone`;
      await browser.goto(address);
      await waitFor(() => browser.inPage(() => document.querySelector('main').getAttribute('aria-busy')), (busy) => busy === null, { what: 'the list' });
      await waitFor(() => browser.inPage(() => !document.getElementById('qr-show').hidden), Boolean, { what: 'the QR button' });
      const qrRequests = async () => (await browser.requests()).filter((url) => /uri_list_qr|qr-code/.test(url));
      assert.deepEqual(await qrRequests(), [], 'the QR code is off the first load');
      await browser.click('#qr-show');
      const panel = await panelDone(() => browser.inPage(PANEL));
      assert.equal(panel.button, 'Hide the QR code');
      const href = await browser.inPage(() => location.href);
      assert.equal(href, address);
      assert.equal(decode(await shot(browser, '#qr-panel svg')), href);
      const fetched = await qrRequests();
      assert.ok(fetched.some((url) => url.endsWith('/web/pkg/uri_list_qr_bg.wasm')), fetched.join('\n'));
      assert.ok(fetched.some((url) => /\/web\/chunks\/qr-code-[A-Z0-9]+\.js$/.test(url)), fetched.join('\n'));
      assert.deepEqual(await browser.pageErrorsOf(origin), []);
      await assertAccessible(browser, 'the web page with the QR code');
      for (const [size, viewport] of [['desktop', { width: 1000, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
        await browser.setViewport(viewport);
        await browser.screenshots(SCREENSHOTS, `web-${browser.name}-qr-${size}`);
      }
      await browser.setViewport({ width: 1000, height: 800 });
    },
  },
  {
    name: 'QR code: the web page with a list whose address is too long for a code says so, and draws none',
    extension: false,
    async run({ browser, origin }) {
      const items = Array.from({ length: 30 }, (_, n) => `https://example.com/${n}/${'abcdefghij'.repeat(2)}`);
      await browser.goto(`${origin}/web/#uri-list:${items.join(';')}`);
      await waitFor(() => browser.inPage(() => !document.getElementById('qr-show').hidden), Boolean, { what: 'the QR button' });
      await browser.click('#qr-show');
      const panel = await panelDone(() => browser.inPage(PANEL));
      const length = await browser.inPage(() => location.href.length);
      assert.ok(length > MAX_LENGTH);
      assert.equal(panel.code, null);
      assert.match(panel.message, new RegExp(`^This link is ${length} characters long, too long for a QR code`));
      await assertAccessible(browser, 'the web page with the message instead of a QR code');
    },
  },
  {
    name: 'QR code: in a German browser, the preview page says in German why a web page setting stored by hand makes no code',
    lang: 'de',
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/qr-1;${origin}/page/qr-2`;
      await setWebBase(browser, 'https://paypal.com@evil.example/');
      try {
        await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
        await waitFor(() => browser.inPage(() => !document.getElementById('qr-show').hidden), Boolean, { what: 'the QR button' });
        await browser.click('#qr-show');
        const panel = await panelDone(() => browser.inPage(PANEL));
        assert.equal(panel.code, null);
        assert.match(panel.message, /„https:\/\/paypal\.com@evil\.example\/“ kann keine Web-Links einleiten: „paypal\.com@“ vor der Website/);
      } finally {
        await setWebBase(browser, null);
      }
    },
  },
  {
    name: 'QR code: in a German browser, the preview page\'s button and the message for a link too long for a code are German',
    lang: 'de',
    async run({ browser, origin }) {
      const items = Array.from({ length: 14 }, (_, n) => `${origin}/page/qr-${n}-${'abcdefghij'.repeat(4)}`);
      const link = `uri-list:${items.join(';')}`;
      await setWebBase(browser, `${origin}/web/`);
      try {
        await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
        await waitFor(() => browser.inPage(() => !document.getElementById('qr-show').hidden), Boolean, { what: 'the QR button' });
        assert.equal(await browser.inPage(() => document.getElementById('qr-show').textContent), 'Auf einem anderen Gerät öffnen');
        await browser.click('#qr-show');
        const panel = await panelDone(() => browser.inPage(PANEL));
        const length = `${origin}/web/#${link}`.length;
        assert.equal(panel.button, 'QR-Code ausblenden');
        assert.equal(
          panel.message,
          `Dieser Link ist ${length} Zeichen lang, zu lang für einen QR-Code, den ein Smartphone zuverlässig von einem Bildschirm liest (höchstens ${MAX_LENGTH} Zeichen). Kopieren Sie stattdessen den Link und schicken Sie ihn an das andere Gerät.`,
        );
      } finally {
        await setWebBase(browser, null);
      }
    },
  },
];
