// What a recipient sees on the web page, driven as a person would in cases nobody had written
// (issue 24's defect hunt): the filter box hides the rows it leaves out from sight (not only in
// the DOM), "Open N selected" opens only the ticked pages the filter shows and says how many
// ticked pages it leaves out, and a nested list keeps the title the sender gave it.
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { settled, stateOf } from './cases-open.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/** Waits until the page has read its fragment (main loses aria-busy). */
async function shown(browser) {
  await waitFor(() => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy')), (busy) => busy === null, {
    what: 'the web page to show its list',
  });
}

/** Twelve titled pages: a filter box (from ten rows). */
const twelve = (origin) =>
  `uri-list:${Array.from({ length: 12 }, (_, n) => `${origin}/page/h${n}`).join(';')}?title=Twelve&page-titles=${Array.from({ length: 12 }, (_, n) => (n % 5 === 0 ? `Museum${n}` : `Page${n}`)).join('~')}`;

/** The rows as a person sees them: title, and whether the row takes room on the page. */
function seenRows(browser) {
  return browser.inPage(() =>
    [...document.querySelectorAll('#items li.item')].map((li) => ({
      title: li.querySelector('.page-title')?.textContent ?? null,
      visible: li.getBoundingClientRect().height > 0,
    })),
  );
}

export const cases = [
  {
    name: 'hunt24: the filter box takes the rows it leaves out off the screen, and a filter that matches nothing says so',
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/#${twelve(origin)}`);
      await shown(browser);
      await browser.typeInto('#filter-input', 'museum');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (text) => text.startsWith('3 of 12 shown'), { what: 'the filter count' });
      const seen = await seenRows(browser);
      assert.deepEqual(seen.filter((r) => r.visible).map((r) => r.title), ['Museum0', 'Museum5', 'Museum10']);
      await browser.typeInto('#filter-input', 'zzz');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (text) => text.startsWith('0 of 12 shown'), { what: 'the filter to match nothing' });
      assert.deepEqual((await seenRows(browser)).filter((r) => r.visible), []);
      await assertAccessible(browser, 'the web page, a filter matching nothing');
    },
  },
];
