// From the web page to the extension: a person without it sees "Get the extension" for the browser
// they use, linking to the release page built in (GITHUB_REPOSITORY=acme/lists: dist/distributed,
// served at /distributed-web/); with the extension the page is told (and only that page) and the
// offer is gone. A developer's build (dist/web) offers nothing.
import assert from 'node:assert/strict';
import { waitFor } from './util.mjs';

const LINK = (origin) => `uri-list:${origin}/page/g1;${origin}/page/g2?title=Get`;

/** Sets the extension's "Web page for web links" (`webBase`) to `base`; null: takes it away. */
function setWebBase(browser, base) {
  return browser.inExtension(async (base) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (base === null) await api.storage.sync.remove('webBase');
    else await api.storage.sync.set({ webBase: base });
  }, base);
}

/** What the page shows of the offer, once the list is on it. */
function offer(browser) {
  return waitFor(
    () =>
      browser.inPage(() => {
        const box = document.getElementById('get-extension');
        const link = document.getElementById('get-extension-link');
        return {
          ready: document.getElementById('main').getAttribute('aria-busy') === null,
          shown: !!box && !box.hidden && getComputedStyle(box).display !== 'none',
          text: link?.textContent ?? '',
          href: link?.getAttribute('href') ?? '',
          marked: document.documentElement.hasAttribute('data-uri-list-extension'),
          title: document.title,
        };
      }),
    (read) => read.ready,
    { what: 'the web page to show its list' },
  );
}

export const cases = [
  {
    name: 'get the extension: without it, the web page offers it for this browser, linking to the release page built in',
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/distributed-web/#${LINK(origin)}`);
      const shown = await offer(browser);
      assert.equal(shown.shown, true);
      assert.equal(shown.href, 'https://github.com/acme/lists/releases/latest');
      assert.equal(shown.text, browser.name === 'firefox' ? 'Get the uri-list extension for Firefox' : 'Get the uri-list extension for Chrome');
      assert.match(shown.title, /uri-list/);
    },
  },
  {
    name: "get the extension: a developer's build of the web page (no release page built in) offers nothing",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/#${LINK(origin)}`);
      const shown = await offer(browser);
      assert.equal(shown.shown, false);
    },
  },
  {
    name: 'get the extension: with it, the web page at its web page address is told and offers nothing; another page is not told',
    build: 'distributed',
    async run({ browser, origin }) {
      await setWebBase(browser, `${origin}/distributed-web/`);
      try {
        await browser.goto(`${origin}/distributed-web/#${LINK(origin)}`);
        const shown = await waitFor(() => offer(browser), (read) => read.marked, { what: 'the extension to tell the page' });
        assert.equal(shown.shown, false);
        // The same page at another address (not the one web links use) learns nothing.
        await browser.goto(`${origin}/web/#${LINK(origin)}`);
        await waitFor(() => browser.inPage(() => location.pathname), (path) => path === '/web/', { what: 'the other page' });
        await offer(browser);
        const other = await browser.inPage(() => ({ path: location.pathname, marked: document.documentElement.hasAttribute('data-uri-list-extension') }));
        assert.deepEqual(other, { path: '/web/', marked: false });
      } finally {
        await setWebBase(browser, null);
      }
    },
  },
  {
    name: 'get the extension: with it, the web page is told at its address as a host or a chat app gives it (a final "/" added, index.html, a query such as ?fbclid=), the setting written without the "/"',
    build: 'distributed',
    async run({ browser, origin }) {
      await setWebBase(browser, `${origin}/distributed-web`);
      try {
        for (const path of ['/distributed-web/', '/distributed-web/index.html', '/distributed-web/?fbclid=IwAR0x']) {
          await browser.goto(`${origin}${path}#${LINK(origin)}`);
          const shown = await waitFor(() => offer(browser), (read) => read.marked, { what: `the extension to tell the page at ${path}` });
          assert.equal(shown.shown, false, path);
        }
      } finally {
        await setWebBase(browser, null);
      }
    },
  },
];
