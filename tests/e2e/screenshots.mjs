// The README's two pictures, made from the built extension (run `./build.sh` first):
//
//   node tests/e2e/screenshots.mjs [DIST]
//
// writes docs/images/tab-group.png (the demo page's first uri-list link, middle-clicked: the tab
// strip with the named tab group it opened beside the page) and docs/images/popup.png (the
// toolbar popup at its own size, three of four tabs selected). Headless Firefox, through the e2e
// suite's driver (firefox.mjs) and fixture server (server.mjs): a headless page screenshot has no
// tab strip, but WebDriver's screenshot in Firefox's chrome context is of the whole browser
// window, tabs and toolbar included. Each picture is checked for what it must show before it is
// written (the run fails, saying what is missing, otherwise), and its image data is deflated
// again at zlib's highest level: the same pixels in fewer bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { arrange } from './cases-share.mjs';
import { launchFirefox } from './firefox.mjs';
import { openPopup } from './popup.mjs';
import { startServer } from './server.mjs';
import { FIXTURES, ROOT, waitFor } from './util.mjs';

const IMAGES = join(ROOT, 'docs', 'images');
// `--store`: the stores' pictures instead (store/screenshots/, or `--out DIR`): 1280x800
// screenshots of a tab group just opened, the preview page, the web page and the popup (light
// and dark), and the 440x280 promo tile. `./build.sh release` makes them again into
// dist/store-screenshots/.
const STORE = process.argv.includes('--store');
const outAt = process.argv.indexOf('--out');
const SHOTS = outAt > 0 ? resolve(process.argv[outAt + 1]) : join(ROOT, 'store', 'screenshots');
const dist = resolve(process.argv.slice(2).find((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--out') ?? join(ROOT, 'dist'));
/** The stores' screenshot size (Chrome Web Store: 1280x800 or 640x400; addons.mozilla.org takes it too). */
const STORE_WINDOW = { width: 1280, height: 800 };
/** A list pasted into the popup's paste box: nothing is loaded, only read. */
const PASTED_LIST =
  'uri-list:https://en.wikipedia.org/wiki/Uniform_Resource_Identifier;https://www.rfc-editor.org/rfc/rfc3986;' +
  'https://developer.mozilla.org/en-US/docs/Web/API/URL;https://url.spec.whatwg.org/;https://www.w3.org/TR/html52/?title=Reading%20about%20links';
/** A list to show on the preview page and the web page: nothing is loaded, only shown. */
const SHOWN_LIST =
  'uri-list:https://en.wikipedia.org/wiki/Uniform_Resource_Identifier;https://www.rfc-editor.org/rfc/rfc3986;' +
  'https://developer.mozilla.org/en-US/docs/Web/API/URL;https://url.spec.whatwg.org/;https://www.w3.org/TR/html52/;' +
  'https://github.com/web-platform-tests/wpt;https://doc.rust-lang.org/book/;https://webassembly.org/;' +
  'https://developer.chrome.com/docs/extensions;https://extensionworkshop.com/;https://www.rust-lang.org/;' +
  'https://nodejs.org/en/docs;https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions;' +
  'https://tc39.es/ecma262/;https://www.unicode.org/reports/tr39/;https://publicsuffix.org/;' +
  'https://datatracker.ietf.org/doc/html/rfc2483?title=Reading%20about%20links';
// The browser window of tab-group.png, in CSS pixels: the tab strip, the toolbar and the top of
// the demo page with the link that was clicked.
const WINDOW = { width: 760, height: 402 };

mkdirSync(STORE ? SHOTS : IMAGES, { recursive: true });
const server = await startServer(FIXTURES);
const browser = await launchFirefox({ extensionDir: join(dist, 'firefox') });
try {
  // No animations (a tab still sliding in is drawn half there); the window as a person's, not
  // striped as one under remote control (Firefox's `remotecontrol` mark, set by geckodriver).
  await browser.script(
    `Services.prefs.setIntPref('ui.prefersReducedMotion', 1);
     Services.prefs.setStringPref('browser.toolbars.bookmarks.visibility', 'never');`,
    [],
    { chrome: true },
  );
  // Firefox's light theme: with the system's (the default), headless Firefox draws the inactive
  // tabs' titles in white on a white tab strip.
  await theme('light');
  if (STORE) {
    await storeShots();
  } else {
    await tabGroup();
    await popup();
  }
} finally {
  await browser.close();
  await server.close();
}

/** store/screenshots/: the stores' pictures, each checked for its size. */
async function storeShots() {
  const write = (name, png) => {
    const { width, height } = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    writeFileSync(join(SHOTS, name), smaller(png));
    console.log(`screenshots: ${join(SHOTS, name)} (${width}x${height})`);
  };
  await tabGroup(STORE_WINDOW, (png) => write('tab-group-1280x800.png', png));
  // The preview page (Firefox's protocol handler's form of it: the link in the address).
  await browser.reset();
  await browser.command('POST', '/window/rect', { x: 0, y: 0, ...STORE_WINDOW });
  await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(SHOWN_LIST)}`);
  await waitFor(() => browser.inPage(() => document.querySelectorAll('a[href^="https://"]').length), (n) => n >= 17, { what: 'the preview page to show the list' });
  await pointerAway();
  write('preview-1280x800.png', await windowShot());
  // The web page, as a person without the extension meets a web link.
  await browser.reset();
  await browser.goto(`${server.origin}/web/#${SHOWN_LIST}`);
  await waitFor(() => browser.inPage(() => document.getElementById('main').getAttribute('aria-busy')), (busy) => busy === null, { what: 'the web page to show the list' });
  await pointerAway();
  write('web-page-1280x800.png', await windowShot());
  // The promo tile: the product's name, icon and what it does, at 440x280.
  await browser.reset();
  await browser.goto(`${server.origin}/promo-tile.html`);
  await browser.command('POST', '/window/rect', { width: 900, height: 700 });
  write('promo-tile-440x280.png', await browser.screenshot('#tile'));
  // The popup, as it opens under its toolbar button: tabs copied, a list pasted. Last: the dark
  // one turns Firefox's dark theme on.
  for (const scheme of ['light', 'dark']) write(`popup-${scheme}-1280x800.png`, await popupInWindow(scheme));
}

/** Turns on Firefox's `light` or `dark` theme (compact). */
async function theme(scheme) {
  const failed = await browser.script(
    `const [id, done] = arguments;
     const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
     AddonManager.getAddonByID(id)
       .then((addon) => addon.enable())
       .then(() => done(''), (error) => done(String(error)));`,
    [`firefox-compact-${scheme}@mozilla.org`],
    { chrome: true, async: true },
  );
  if (failed) throw new Error(`Firefox's ${scheme} theme could not be turned on: ${failed}`);
}

/**
 * The popup as a person sees it, at 1280x800, in the `light` or `dark` colour scheme: the browser
 * window on the demo page with three of its four tabs selected, the extension's button on the
 * toolbar; under that button, the popup at its own size, once it has copied the three tabs and
 * read a pasted list. Two real screenshots put together (tests/fixtures/store-popup.html): the
 * popup page's body, taken in a window of its own (a headless browser shows no toolbar popup)
 * where it is as a person's popup is, 22rem wide and as tall as its content; then the window's
 * (chrome context), with the badge the copy left on the button.
 */
async function popupInWindow(scheme) {
  await theme(scheme);
  // Scrollbars that show only while one scrolls (GNOME's and macOS's default): headless Firefox
  // otherwise draws a light scrollbar in the paste box even in the dark theme.
  await browser.script(`Services.prefs.setIntPref('ui.useOverlayScrollbars', 1);`, [], { chrome: true });
  await browser.reset();
  await browser.command('POST', '/window/rect', { x: 0, y: 0, ...STORE_WINDOW });
  const page = (name) => `${server.origin}/page/${name}`;
  await arrange(browser, { tabs: [{ url: `${server.origin}/demo.html` }, { url: page('Apple') }, { url: page('Banana') }, { url: page('Cherry') }], select: [0, 1, 2] });

  const popup = await openPopup(browser);
  let image;
  let seen;
  try {
    // Firefox's theme sets the pages' colour scheme, as a person's does.
    const dark = await popup.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark !== (scheme === 'dark')) throw new Error(`Firefox's ${scheme} theme left the popup ${dark ? 'dark' : 'light'}`);
    await waitFor(() => popup.evaluate(() => !document.getElementById('copy').disabled), (ready) => ready, { what: 'the popup to count the selected tabs' });
    await popup.click('#copy');
    const copied = await waitFor(() => popup.evaluate(() => document.getElementById('status').textContent), (text) => text !== '', { what: 'the copy to be done' });
    await popup.paste('#pasted', PASTED_LIST);
    await waitFor(() => popup.evaluate(() => document.querySelectorAll('#pasted-sites li').length), (n) => n === 5, { what: 'the pasted list read: its five sites' });
    // As a person leaves it: the focus elsewhere (no focus ring), the paste box at its start.
    await popup.evaluate(() => {
      /** @type {HTMLElement} */ (document.activeElement)?.blur();
      document.getElementById('pasted').scrollTo(0, 0);
    });
    seen = await popup.evaluate(() => {
      const body = document.body.getBoundingClientRect();
      const shown = (id) => {
        const box = document.getElementById(id).getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top >= body.top && box.bottom <= body.bottom && box.right <= body.right;
      };
      return {
        height: Math.ceil(body.height),
        buttons: ['copy', 'open-pasted', 'save-pasted'].filter(shown),
        copied: !document.getElementById('copied').hidden,
        summary: document.getElementById('pasted-summary').textContent,
        open: document.getElementById('open-pasted').textContent,
      };
    });
    const problems = [
      seen.buttons.length === 3 ? '' : `only ${seen.buttons.join(', ') || 'none'} of the buttons copy, open-pasted and save-pasted are in the popup`,
      seen.copied && /\b3\b/.test(copied) ? '' : `the copy of three tabs is not shown (status: "${copied}")`,
      /\b5\b/.test(seen.summary) && /\b5\b/.test(seen.open) ? '' : `the paste box does not read five pages ("${seen.summary}", "${seen.open}")`,
      seen.height <= 600 ? '' : `the popup is ${seen.height} px tall, taller than a popup is shown (600 px)`,
    ].filter(Boolean);
    if (problems.length) throw new Error(`the popup screenshot (${scheme}): ${problems.join('; ')}`);
    // Room for the whole popup: an element's screenshot is of what is in view.
    await browser.command('POST', '/window/rect', { width: 500, height: 900 });
    image = await browser.screenshot('body');
  } finally {
    await popup.close();
  }
  const size = { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  // The whole popup, down to its paste box's buttons: not cut at the bottom of a window.
  if (Math.abs(size.height - seen.height) > 1) throw new Error(`the popup's screenshot is ${size.height} px tall, the popup ${seen.height} px: cut`);

  // The extension's button on the toolbar (Firefox puts it in the extensions panel at first),
  // drawn pressed, as while its popup is open; its badge is what the extension set.
  const button = await browser.script(
    `const [addonId] = arguments;
     const id = addonId.toLowerCase().replace(/[^a-z0-9_-]/g, '_') + '-browser-action';
     CustomizableUI.addWidgetToArea(id, CustomizableUI.AREA_NAVBAR);
     const node = document.getElementById(id);
     (node.querySelector('toolbarbutton') ?? node).setAttribute('open', 'true'); // (the item, or its button)
     const box = node.getBoundingClientRect();
     return { right: Math.round(box.right), bottom: Math.round(document.getElementById('nav-bar').getBoundingClientRect().bottom) };`,
    [browser.addonId],
    { chrome: true },
  );
  await pointerAway();
  const shot = await windowShot();

  // Put together in a page of the fixture server, and taken as that page's 1280x800 element.
  const top = button.bottom - 2;
  if (top + size.height + 2 > STORE_WINDOW.height) throw new Error(`the popup (${size.height} px tall) does not fit under the toolbar`);
  await browser.goto(`${server.origin}/store-popup.html`);
  await browser.command('POST', '/window/rect', { width: 1400, height: 1000 });
  const placed = await browser.script(
    'const [what, done] = arguments; place(what).then(() => done(""), (error) => done(String(error)));',
    [{ window: `data:image/png;base64,${shot.toString('base64')}`, popup: { url: `data:image/png;base64,${image.toString('base64')}`, ...size }, right: Math.min(button.right + 8, STORE_WINDOW.width - 8), top, dark: scheme === 'dark' }],
    { async: true },
  );
  if (placed) throw new Error(`the popup screenshot could not be put together: ${placed}`);
  return browser.screenshot('#stage');
}

/** The pointer off anything it would highlight. */
async function pointerAway() {
  await browser.command('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', origin: 'viewport', x: 1, y: 1 }] }] });
  await browser.command('DELETE', '/actions');
}

/** docs/images/tab-group.png: the demo page's "Fruit" link, middle-clicked (the group opens beside it). */
async function tabGroup(size = WINDOW, write = null) {
  await browser.reset();
  await browser.command('POST', '/window/rect', { x: 0, y: 0, width: size.width, height: size.height });
  await browser.goto(`${server.origin}/demo.html`);
  // A person's middle click on the link where it is (the driver's click() would first scroll it
  // to the middle of the window), then the pointer onto the heading, off the link.
  const link = await browser.element('#first');
  const heading = await browser.element('h1');
  const pointer = (actions) => browser.command('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }] });
  await pointer([{ type: 'pointerMove', origin: link, x: 0, y: 0 }, { type: 'pointerDown', button: 1 }, { type: 'pointerUp', button: 1 }]);
  await pointer([{ type: 'pointerMove', origin: heading, x: 0, y: 0 }]);
  await browser.command('DELETE', '/actions');
  const titles = ['Apple', 'Banana', 'Cherry'];
  // Every tab of the group is there, loaded (its title is the page's) and drawn at its full width.
  const strip = await waitFor(
    () =>
      browser.script(
        `const tabs = [...gBrowser.tabs];
         return { labels: tabs.map((tab) => tab.label), groups: gBrowser.tabGroups.map((group) => group.label),
                  loading: tabs.some((tab) => tab.hasAttribute('busy')),
                  narrow: tabs.some((tab) => tab.getBoundingClientRect().width < 60) };`,
        [],
        { chrome: true },
      ),
    (s) => s.groups.length === 1 && titles.every((title) => s.labels.includes(title)) && !s.loading && !s.narrow,
    { what: 'the "Fruit" group, its three tabs loaded' },
  );
  if (strip.groups[0] !== 'Fruit') throw new Error(`the group is named "${strip.groups[0]}", not "Fruit"`);
  await waitFor(
    // It fades out, and is hidden (`visibility: hidden`) at the end.
    () => browser.script(`const panel = document.getElementById('statuspanel'); return !panel || getComputedStyle(panel).visibility === 'hidden';`, [], { chrome: true }),
    (gone) => gone,
    { what: "the status panel with the link's address to go" },
  );
  if (write) return write(await windowShot());
  writeFileSync(join(IMAGES, 'tab-group.png'), smaller(await windowShot()));
  console.log(`screenshots: docs/images/tab-group.png (tabs: ${strip.labels.join(' | ')}; group: ${strip.groups[0]})`);
}

/** docs/images/popup.png: the popup, three of four tabs selected. */
async function popup() {
  await browser.reset();
  const page = (name) => `${server.origin}/page/${name}`;
  await arrange(browser, {
    tabs: [{ url: page('Flights') }, { url: page('Hotel') }, { url: page('Museums') }, { url: page('Weather') }],
    select: [0, 1, 2],
  });
  const popup = await openPopup(browser);
  try {
    const label = await waitFor(
      () => popup.evaluate(() => (document.getElementById('copy').disabled ? '' : document.getElementById('copy').textContent)),
      (text) => text !== '',
      { what: 'the popup to count the selected tabs' },
    );
    if (!label.includes('3')) throw new Error(`the popup's button says "${label}", not three tabs`);
    await popup.colorScheme('light');
    // Room for the whole popup: an element's screenshot is of what is in view.
    await browser.command('POST', '/window/rect', { width: 500, height: 900 });
    writeFileSync(join(IMAGES, 'popup.png'), smaller(await browser.screenshot('body')));
    console.log(`screenshots: docs/images/popup.png (its button: "${label}")`);
  } finally {
    await popup.close();
  }
}

/** The browser window as a person sees it (tab strip, toolbar, page): the chrome context's screenshot. */
async function windowShot() {
  await browser.command('POST', '/moz/context', { context: 'chrome' });
  try {
    await browser.command('POST', '/execute/sync', { script: `document.documentElement.removeAttribute('remotecontrol');`, args: [] });
    return Buffer.from(await browser.command('GET', '/screenshot'), 'base64');
  } finally {
    await browser.command('POST', '/moz/context', { context: 'content' });
  }
}

/**
 * The same PNG with its image data deflated at zlib's level 9 (Firefox writes a faster level):
 * the same pixels, fewer bytes. Chunks other than IHDR, IDAT and IEND (none that Firefox writes
 * matter for display) are dropped.
 */
function smaller(png) {
  const chunks = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const ihdr = chunks.find((chunk) => chunk.type === 'IHDR');
  const pixels = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, tail]);
  };
  return Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr.data), chunk('IDAT', deflateSync(pixels, { level: 9, memLevel: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
