// What a person is shown of a list before they open it, when the person who wrote the link wants
// them to believe its pages are on another site: a page title drawn as another site's address
// in letters, dots or spaces the name check did not read as one.
import assert from 'node:assert/strict';
import { waitFor } from './util.mjs';

/** Waits until the web page has read its fragment (main loses aria-busy). */
async function shown(browser) {
  await waitFor(() => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy')), (busy) => busy === null, {
    what: 'the web page to show its list',
  });
}

/** Page titles written as page-titles writes them (each percent-encoded, "~" between). */
const pageTitles = (titles) => titles.map((t) => encodeURIComponent(t).replace(/~/g, '%7E')).join('~');

/** Titles a person reads as "paypal.com" that the name check read as no address. */
const LOOKS_LIKE_PAYPAL = [
  'paypal.\u0441om', // a Cyrillic "с" in the top-level domain
  'paypal.\u{1D5BC}\u{1D5C8}\u{1D5C6}', // mathematical sans-serif "com"
  '\uFF50\uFF41\uFF59\uFF50\uFF41\uFF4C\uFF0E\uFF43\uFF4F\uFF4D', // full-width letters and dot
  'paypal.com\u0332', // a combining low line under the "m" of an underlined title
  'paypal\uA4F8com', // the Lisu tone mark TR39 confuses with "."
  'paypal\u200A.com', // a hair space before the dot
  '//paypal.com', // an address without its scheme
];

export const cases = [
  {
    name: 'spoof: a page title drawn as "paypal.com" in letters that only look Latin, a dot TR39 confuses with ".", a hair space by the dot, or without its scheme starts unticked with its alert',
    extension: false,
    async run({ browser, origin }) {
      const titles = [...LOOKS_LIKE_PAYPAL, 'Plain'];
      const link = `uri-list:${titles.map((_, n) => `${origin}/page/s${n}`).join(';')}?title=Pay&page-titles=${pageTitles(titles)}`;
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      const rows = await browser.inPage(() =>
        [...document.querySelectorAll('#items li.item')].map((li) => ({
          title: li.querySelector('.page-title')?.textContent ?? null,
          ticked: li.querySelector('input').checked,
          alert: li.querySelector('.alert')?.textContent ?? null,
        })),
      );
      assert.equal(rows.length, titles.length);
      for (const [n, row] of rows.slice(0, -1).entries()) {
        assert.equal(row.ticked, false, `${JSON.stringify(titles[n])} starts unticked`);
        assert.match(row.alert ?? '', /names .+, but the page is on 127\.0\.0\.1/, JSON.stringify(titles[n]));
      }
      assert.deepEqual(rows.at(-1), { title: 'Plain', ticked: true, alert: null });
      assert.equal(await browser.inPage(() => document.getElementById('open-selected').textContent), 'Open 1 selected');
    },
  },
];
