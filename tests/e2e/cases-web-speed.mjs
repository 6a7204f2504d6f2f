// The web page's first steps (issue 24: fast on a phone, where each round trip is felt): what it
// needs before it can show a list (the words of the person's language, its reader's script, its
// wasm) is asked for from the page's first bytes, by the inline copy of web/boot.js in its head,
// not once web.js has come and run. Shown with a host of this file's own that holds web.js back
// until the others have been asked for: a page that waited for web.js would never ask for them,
// and the host answers web.js at the latest after HOLD_MS so that the case fails by its
// assertion, not by a hang. And where a host's own policy forbids every inline script, web.js
// takes those steps itself: the list is still shown, with every check.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './util.mjs';

const WEB = normalize(join(fileURLToPath(new URL('../../dist/web/', import.meta.url)), sep));
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.wasm': 'application/wasm', '.txt': 'text/plain' };
/** The longest web.js is held back: the others are asked for within milliseconds when they are. */
const HOLD_MS = 10_000;
/** What the page needs besides web.js before it can show a list (in English). */
const FIRST_STEPS = ['/words/en.json', '/worker.js', '/pkg/uri_list_bg.wasm'];
/** A lookalike host: its row starts unticked, with its alert (the checks are in place). */
const LINK = 'uri-list:https://a.example/;https://xn--pple-43d.com/?title=Speed';

/**
 * dist/web served on a port of its own. `hold`: web.js is answered only once every one of
 * FIRST_STEPS has been asked for (or after HOLD_MS). `policy`: a Content-Security-Policy header
 * sent with the page, as a host may add one.
 */
async function host({ hold = false, policy = null } = {}) {
  const asked = [];
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const heldUntil = { at: null };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://127.0.0.1').pathname;
    asked.push(path);
    if (FIRST_STEPS.every((step) => asked.includes(step))) release();
    if (hold && path === '/web.js') {
      const timer = setTimeout(release, HOLD_MS);
      await released;
      clearTimeout(timer);
      heldUntil.at = [...asked];
    }
    const file = normalize(join(WEB, path === '/' ? 'index.html' : path));
    try {
      if (!file.startsWith(WEB)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      const body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      if (policy && extname(file) === '.html') headers['content-security-policy'] = policy;
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404, { 'content-type': TYPES['.txt'] }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    asked,
    heldUntil,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** The page once its list is drawn (main loses aria-busy): the rows' boxes and alerts, the button. */
async function shownList(browser) {
  await waitFor(
    () => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy') === null && document.querySelectorAll('#items li').length),
    (rows) => rows === 2,
    { what: 'the web page to show its two rows', timeout: HOLD_MS + 5_000 },
  );
  return browser.inPage(() => ({
    ticked: [...document.querySelectorAll('#items input[type="checkbox"]')].map((box) => /** @type {HTMLInputElement} */ (box).checked),
    look: document.getElementById('look').hidden ? '' : document.getElementById('look').textContent,
    open: document.getElementById('open-selected').textContent,
  }));
}

/** A page and an item never opened, as the list view draws it: `{tag, reason}` of its row. */
const NEVER = 'uri-list:https://a.example/;javascript:alert(1)?title=Never';
async function neverOpened(browser) {
  return waitFor(
    () => browser.inPage(() => {
      const row = document.querySelector('main:not([aria-busy]) #items li .tag')?.closest('li');
      return row && { tag: row.querySelector('.tag').textContent, reason: row.querySelector('.reason').textContent };
    }),
    (row) => !!row,
    { what: 'the row of the item never opened' },
  );
}

export const cases = [
  {
    name: "web page speed: its words, its reader's script and its wasm are asked for from the page's first bytes, not after web.js",
    extension: false,
    async run({ browser }) {
      const server = await host({ hold: true });
      try {
        await browser.goto(`${server.origin}/#${LINK}`);
        const page = await shownList(browser);
        assert.deepEqual(page.ticked, [true, false], 'the lookalike starts unticked');
        assert.match(page.look, /xn--pple-43d\.com|аpple\.com/);
        assert.equal(page.open, 'Open 1 selected');
        // While web.js was held back, the page had asked for everything else it needs.
        assert.ok(server.heldUntil.at, 'web.js was asked for');
        for (const step of FIRST_STEPS) assert.ok(server.heldUntil.at.includes(step), `${step} asked for before web.js was answered: ${server.heldUntil.at.join(' ')}`);
        // Each once: the wasm's preload and the page's fetch of it are one request.
        for (const step of FIRST_STEPS) assert.equal(server.asked.filter((path) => path === step).length, 1, `${step} asked for once: ${server.asked.join(' ')}`);
      } finally {
        await server.close();
      }
    },
  },
  {
    name: 'web page speed: where a host forbids inline scripts, web.js takes the first steps itself and the list is shown with its checks',
    extension: false,
    async run({ browser }) {
      const server = await host({ policy: "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'" });
      try {
        await browser.goto(`${server.origin}/#${LINK}`);
        const page = await shownList(browser);
        assert.deepEqual(page.ticked, [true, false], 'the lookalike starts unticked');
        assert.match(page.look, /xn--pple-43d\.com|аpple\.com/);
        assert.equal(page.open, 'Open 1 selected');
        // web.js fetched the words itself, once.
        assert.equal(server.asked.filter((path) => path === '/words/en.json').length, 1);
      } finally {
        await server.close();
      }
    },
  },
  {
    name: "web page speed: in English, the core's messages come with the wasm's answers (en.json leaves them out); the list view's own words are there",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/#${NEVER}`);
      assert.deepEqual(await neverOpened(browser), { tag: 'Never opened', reason: 'javascript: links are never opened from a list: it runs code in the page you are on' });
      const en = await browser.inPage(async () => (await fetch('words/en.json')).json());
      assert.equal('itemScript' in en, false, 'en.json does not repeat the core English messages');
    },
  },
  {
    name: "web page speed: in German, the core's messages and the list view's words are German",
    extension: false,
    async run({ browser, origin }) {
      await browser.setPageLanguage('de');
      await browser.goto(`${origin}/web/#${NEVER}`);
      const row = await neverOpened(browser);
      assert.equal(row.tag, 'Wird nie geöffnet');
      assert.doesNotMatch(row.reason, /links are never opened/);
      assert.match(row.reason, /javascript/);
    },
  },
  {
    name: 'web page speed: a list of at most 100 items has its rows drawn once, from the whole check (not first from a bounded one, then again)',
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/#${LINK}`);
      await shownList(browser);
      // Another list in the fragment: the page reads it again; every row added is counted.
      await browser.inPage((link) => {
        // Each row element once, however it came in (alone, or in a list added whole); the count
        // kept in the document (a WebDriver script's globals are not the page's in Firefox).
        const rows = new Set();
        document.body.dataset.rowsAdded = '0';
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (!(node instanceof Element)) continue;
              for (const li of node.matches('li') ? [node] : node.querySelectorAll('li')) rows.add(li);
            }
          }
          document.body.dataset.rowsAdded = String(rows.size);
        }).observe(document.getElementById('items'), { childList: true, subtree: true });
        location.hash = link;
      }, 'uri-list:https://c.example/;https://d.example/;https://e.example/?title=Three');
      const drawn = await waitFor(
        () => browser.inPage(() => ({ busy: document.querySelector('main').getAttribute('aria-busy'), title: document.getElementById('title').textContent, rows: document.querySelectorAll('#items li').length, added: Number(document.body.dataset.rowsAdded) })),
        (read) => read.busy === null && read.title === 'Three',
        { what: 'the second list drawn' },
      );
      assert.equal(drawn.rows, 3);
      assert.equal(drawn.added, 3, 'each row drawn once');
    },
  },
];
