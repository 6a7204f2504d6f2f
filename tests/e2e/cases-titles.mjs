// Page titles in a link (the option page-titles, src/lib.rs "Page titles"): they are the sender's
// words, so a title that reads as another site's address than its page's is an alert, as a
// lookalike host is (src/check/mod.rs title_note): a click shows the preview page, with the page
// unticked and the reason; titles that are only words open at once.
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { settled, stillSame } from './cases-open.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/** A list of `n` pages on a few sites, each with a title (the one at 3 names another site). */
function titledList(origin, n) {
  const titles = Array.from({ length: n }, (_, i) => (i === 3 ? 'paypal%2Ecom' : `Page%20${i}%2C%20notes%20%28${i % 5}%29`));
  const items = Array.from({ length: n }, (_, i) => `https://site${i % 4}.example/articles/${i}/a-long-slug-that-goes-on-and-on`);
  return `uri-list:${items.join(';')}?title=Titled%20${n}&page-titles=${titles.join('~')}`;
}

export const cases = [
  {
    name: 'titles: the preview page shows 10 and 100 titled pages, on a phone and a desktop, light and dark, and passes the audit',
    async run({ browser, origin }) {
      const page = await browser.extensionUrl('preview/preview.html');
      for (const n of [10, 100]) {
        await browser.goto(`${page}?link=${encodeURIComponent(titledList(origin, n))}`);
        await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (r) => r !== '', { what: 'the preview page' });
        const seen = await browser.inPage(() => ({
          titles: document.querySelectorAll('#items .page-title').length,
          unticked: [...document.querySelectorAll('#items li.item')].filter((li) => !li.querySelector('input').checked).map((li) => li.querySelector('.page-title').textContent),
          filter: getComputedStyle(document.getElementById('filter')).display !== 'none',
        }));
        assert.deepEqual(seen, { titles: n, unticked: ['paypal.com'], filter: true });
        for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1000, height: 800 }]]) {
          await browser.setViewport(viewport);
          await assertAccessible(browser, `the preview page with ${n} titled pages (${size})`);
          await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-titled-${n}-${size}`, { viewport: true });
        }
        await browser.setViewport({ width: 1000, height: 700 });
      }
    },
  },
  {
    name: 'titles: a click on a link whose page title names another site (PayPal.com over 127.0.0.1) shows the preview page, that page unticked, with the reason',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/title-names-site.html`);
      await browser.click('#link');
      const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
      assert.equal(state.groups.length, 0, 'nothing opened');
      await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
      const shown = await waitFor(
        () =>
          browser.inPage(() => ({
            why: document.getElementById('why').textContent,
            checked: [...document.querySelectorAll('#items input')].map((box) => box.checked),
            // Each row's title (pages/list-view.js), the sender's words, over its address.
            rows: [...document.querySelectorAll('#items li.item')].map((li) => [li.querySelector('.page-title')?.textContent ?? null, li.querySelector('a.url')?.getAttribute('href')]),
          })),
        (shown) => shown.checked.length === 2,
        { what: 'the items' },
      );
      assert.match(shown.why, /the title "Log in to PayPal\.com" names PayPal\.com, but the page is on 127\.0\.0\.1/);
      assert.deepEqual(shown.checked, [true, false]);
      assert.deepEqual(shown.rows, [
        [null, `${origin}/page/fine`],
        ['Log in to PayPal.com', `${origin}/page/login`],
      ]);
      await assertAccessible(browser, 'the preview page with page titles');
      await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-titles`);
    },
  },
  {
    name: "titles: a click on a list named as another site's address (its link's text \"PayPal.com\" or another list's link \"uri-list:https://www.paypal.com/signin\", or its title) over pages of 127.0.0.1 shows the preview page with the reason, nothing opened",
    async run({ browser, origin }) {
      for (const [id, said] of [
        ['#named-text', /the list's name "PayPal\.com" names PayPal\.com, but its pages are on 127\.0\.0\.1/],
        ['#named-title', /the list's name "Sign in at www\.paypal\.com" names www\.paypal\.com, but its pages are on 127\.0\.0\.1/],
        ['#named-list', /the list's name "uri-list:https:\/\/www\.paypal\.com\/signin" names www\.paypal\.com, but its pages are on 127\.0\.0\.1/],
      ]) {
        await browser.reset();
        await browser.goto(`${origin}/title-names-site.html`);
        await browser.click(id);
        const state = await settled(browser, origin, { tabs: 2 }, `the preview page of ${id}`);
        assert.equal(state.groups.length, 0, `${id}: nothing opened`);
        await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
        const why = await waitFor(
          () => browser.inPage(() => document.getElementById('why')?.textContent ?? ''),
          (text) => said.test(text),
          { what: `the reason for ${id}` },
        );
        assert.match(why, said);
      }
      await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-list-named-site`);
    },
  },
  {
    name: 'titles: a click on a link whose page titles are only words opens its group at once',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/title-names-site.html`);
      await browser.click('#plain');
      const after = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group Words');
      await stillSame(browser, origin, after, { page: true });
    },
  },
];
