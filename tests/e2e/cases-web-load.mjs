// What the web page downloads (issue 24: fast on a phone, where every byte is felt): the words of
// the one language it shows, not every language's; and its own wasm, which exports only the three
// calls its reader makes (checkAll, plan, toText: the core built without the feature js-api,
// build.sh), not the extension's whole JavaScript API. The speed itself is measured, never
// asserted: benches/phone.mjs (`./build.sh bench`).
import assert from 'node:assert/strict';
import { waitFor } from './util.mjs';

const LINK = 'uri-list:https://a.example/;https://b.example/?title=Load';

/** Waits until the page has read its fragment (main loses aria-busy). */
async function shown(browser) {
  await waitFor(
    () => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy')),
    (busy) => busy === null,
    { what: 'the web page to show its list' },
  );
}

/** The words files the page asked for since recordRequests(), by language. */
async function wordsAskedFor(browser, origin) {
  const requests = await browser.requests();
  return requests
    .filter((url) => url.startsWith(`${origin}/web/words/`))
    .map((url) => new URL(url).pathname.replace('/web/words/', ''))
    .sort();
}

export const cases = [
  {
    name: 'web page load: it fetches the words of the one language it shows (English), not every language',
    extension: false,
    async run({ browser, origin }) {
      await browser.recordRequests();
      await browser.goto(`${origin}/web/#${LINK}`);
      await shown(browser);
      assert.deepEqual(await wordsAskedFor(browser, origin), ['en.json']);
      const page = await browser.inPage(() => ({ lang: document.documentElement.lang, open: document.getElementById('open-selected').textContent }));
      assert.equal(page.lang, 'en');
      assert.equal(page.open, 'Open 2 selected');
      assert.deepEqual(await browser.pageErrorsOf(origin), []);
    },
  },
  {
    name: 'web page load: a person who reads German gets the German words alone',
    extension: false,
    async run({ browser, origin }) {
      await browser.setPageLanguage('de');
      await browser.recordRequests();
      await browser.goto(`${origin}/web/#${LINK}`);
      await shown(browser);
      assert.deepEqual(await wordsAskedFor(browser, origin), ['de.json']);
      const page = await browser.inPage(() => ({ lang: document.documentElement.lang, open: document.getElementById('open-selected').textContent }));
      assert.equal(page.lang, 'de');
      assert.equal(page.open, '2 ausgewählte öffnen');
    },
  },
  {
    name: "web page load: its wasm exports only the reader's three calls (checkAll, plan, toText), not the extension's whole API",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/`);
      await shown(browser);
      // Compiled in the page, as the page itself does; its exported functions, wasm-bindgen's
      // own (`__wbindgen_…`, `__wbg_…`, `__externref_…`) set aside.
      const exports = await browser.inPage(async () => {
        const module = await WebAssembly.compileStreaming(fetch('pkg/uri_list_bg.wasm'));
        return WebAssembly.Module.exports(module)
          .filter((e) => e.kind === 'function' && !/^__(wbindgen|wbg|externref)_/.test(e.name))
          .map((e) => e.name)
          .sort();
      });
      assert.deepEqual(exports, ['checkAll', 'plan', 'toText']);
    },
  },
];
