// What a recipient sees on the web page, driven as a person would in cases nobody had written
// (issue 24's defect hunt): the filter box hides the rows it leaves out from sight (not only in
// the DOM), "Open N selected" opens only the ticked pages the filter shows and says how many
// ticked pages it leaves out (the preview page's Open button too), a nested list keeps the title
// the sender gave it, and a page title drawn as another site's address with an invisible
// character or a dot that is not "." in it is still an alert, and a list's name hundreds of
// characters long does not push the count and the main action off a phone's first screen.
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

/** Six pages, then a nested list "Flights to Rome" of six: the filter box shows (from ten rows). */
const withNested = (origin) =>
  `uri-list:${Array.from({ length: 6 }, (_, n) => `${origin}/page/s${n}`).join(';')};uri-list:${Array.from({ length: 6 }, (_, n) => `${origin}/page/f${n}`).join('%3B')}%3Ftitle=Flights%2520to%2520Rome?title=Trip`;

/** The addresses of the rows the filter leaves on screen. */
const visibleAddresses = (browser) =>
  browser.inPage(() => [...document.querySelectorAll('#items li.item')].filter((li) => li.getBoundingClientRect().height > 0).map((li) => new URL(li.querySelector('a.url').href).pathname));

export const cases = [
  {
    name: "hunt24: the web page's filter matches the name of a nested list: typing it shows that list's pages",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/#${withNested(origin)}`);
      await shown(browser);
      await browser.typeInto('#filter-input', 'rome');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (text) => text.startsWith('6 of 12 shown'), { what: 'the filter count' });
      assert.deepEqual(await visibleAddresses(browser), ['/page/f0', '/page/f1', '/page/f2', '/page/f3', '/page/f4', '/page/f5']);
    },
  },
  {
    name: "hunt24: the preview page's filter matches the name of a group it shows: typing it shows that group's pages",
    async run({ browser, origin }) {
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(withNested(origin))}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (r) => r !== '', { what: 'the preview page' });
      await browser.typeInto('#filter-input', 'rome');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (text) => text.startsWith('6 of 12 shown'), { what: 'the filter count' });
      assert.deepEqual(await visibleAddresses(browser), ['/page/f0', '/page/f1', '/page/f2', '/page/f3', '/page/f4', '/page/f5']);
      assert.equal(await browser.inPage(() => document.getElementById('open').textContent), 'Open 6 pages as a group');
      // Two nested lists side by side: the one the filter leaves no page of goes, heading and all;
      // the list they are in stays, as the heading of the one shown.
      const sides = `uri-list:${origin}/page/t0;${origin}/page/t1;uri-list:${origin}/page/r0%3B${origin}/page/r1%3B${origin}/page/r2%3B${origin}/page/r3%3Ftitle=Rome;uri-list:${origin}/page/p0%3B${origin}/page/p1%3B${origin}/page/p2%3B${origin}/page/p3%3Ftitle=Paris?title=Trip`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(sides)}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (r) => r !== '', { what: 'the preview page' });
      await browser.typeInto('#filter-input', 'paris');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (text) => text.startsWith('4 of 10 shown'), { what: 'the filter count' });
      const headings = await browser.inPage(() =>
        [...document.querySelectorAll('#items li.heading, #items li.site')].filter((li) => li.getBoundingClientRect().height > 0).map((li) => li.querySelector('h3, h4').textContent),
      );
      assert.deepEqual(headings, ['Trip', 'Paris', '127.0.0.1']);
    },
  },
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
  {
    name: 'hunt24: "Open N selected" under a filter opens only the ticked pages shown, and says how many ticked pages the filter hides',
    extension: false,
    async run({ browser, origin }) {
      await browser.allowPopups(origin);
      try {
        await browser.goto(`${origin}/web/#${twelve(origin)}`);
        await shown(browser);
        await browser.typeInto('#filter-input', 'museum');
        const box = await waitFor(
          () => browser.inPage(() => ({ count: document.getElementById('filter-count').textContent, button: document.getElementById('open-selected').textContent })),
          (b) => b.count.startsWith('3 of 12 shown'),
          { what: 'the filter count' },
        );
        assert.deepEqual(box, { count: '3 of 12 shown; 9 ticked pages hidden by the filter do not open', button: 'Open 3 selected' });
        await browser.screenshots(SCREENSHOTS, `web-${browser.name}-hunt24-filtered-open`);
        await assertAccessible(browser, 'the web page, filtered with ticked rows hidden');
        await browser.click('#open-selected');
        const state = await waitFor(
          () => stateOf(browser, origin),
          (s) => s.tabs.length >= 4 && s.tabs.every((t) => t.url !== 'about:blank' && t.url !== ''),
          { what: 'the pages shown to open' },
        );
        assert.deepEqual(state.tabs.map((t) => t.url).filter((url) => !url.startsWith('/web/')).sort(), ['/page/h0', '/page/h10', '/page/h5']);
        await browser.switchTo(`${origin}/web/`);
        assert.equal(await browser.inPage(() => document.getElementById('status').textContent), 'Opened 3 pages.');
      } finally {
        await browser.allowPopups(origin, false);
      }
    },
  },
  {
    name: 'hunt24: the preview page\'s filter takes the rows it leaves out off the screen, and its Open button opens only the ticked pages shown, as one group',
    async run({ browser, origin }) {
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link: twelve(origin) })}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered), (n) => Number(n) >= 12, { what: 'the preview page to draw its rows' });
      await browser.typeInto('#filter-input', 'museum');
      const box = await waitFor(
        () => browser.inPage(() => ({ count: document.getElementById('filter-count').textContent, button: document.getElementById('open').textContent })),
        (b) => b.count.startsWith('3 of 12 shown'),
        { what: 'the filter count' },
      );
      assert.deepEqual(box, { count: '3 of 12 shown; 9 ticked pages hidden by the filter do not open', button: 'Open 3 pages as a group' });
      assert.deepEqual((await seenRows(browser)).filter((r) => r.visible).map((r) => r.title), ['Museum0', 'Museum5', 'Museum10']);
      await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-hunt24-filtered`);
      await assertAccessible(browser, 'the preview page, filtered with ticked rows hidden');
      await browser.click('#open');
      const state = await settled(browser, origin, { tabs: 4, groups: 1 }, 'the three pages shown, as a group');
      assert.deepEqual(state.tabs.filter((t) => t.group === 'Twelve').map((t) => t.url), ['/page/h0', '/page/h5', '/page/h10']);
    },
  },
  {
    name: 'hunt24: a nested list shows the title the sender gave it in page-titles, and its own title with it',
    extension: false,
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/n1;uri-list:${origin}/page/n2%3B${origin}/page/n3;uri-list:${origin}/page/n4%3B${origin}/page/n5%3Ftitle=Inner?title=Outer&page-titles=First~Flights~Hotels`;
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      const headings = await browser.inPage(() => [...document.querySelectorAll('#items li.nested > h3')].map((h) => h.textContent));
      assert.deepEqual(headings, ['Flights', 'Inner (Hotels)']);
      await assertAccessible(browser, 'the web page with titled nested lists');
    },
  },
  {
    name: 'hunt24: a page title drawn as another site\'s address with a character that draws nothing in it, or a dot that is not ".", starts unticked with its alert',
    extension: false,
    async run({ browser, origin }) {
      // "paypal.com" then a zero-width space; "paypal" U+3002 "com"; "pay", a soft hyphen, "pal.com".
      const link = `uri-list:${origin}/page/z1;${origin}/page/z2;${origin}/page/z3;${origin}/page/z4?title=Pay&page-titles=paypal.com%E2%80%8B~paypal%E3%80%82com~pay%C2%ADpal.com~Plain`;
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      const seen = await browser.inPage(() =>
        [...document.querySelectorAll('#items li.item')].map((li) => ({
          ticked: li.querySelector('input').checked,
          alert: li.querySelector('.alert')?.textContent ?? null,
        })),
      );
      assert.deepEqual(seen.map((r) => r.ticked), [false, false, false, true]);
      for (const row of seen.slice(0, 3)) assert.match(row.alert ?? '', /names paypal\.com, but the page is on 127\.0\.0\.1/);
      assert.equal(await browser.inPage(() => document.getElementById('open-selected').textContent), 'Open 1 selected');
    },
  },
  {
    name: 'hunt24: on a phone (390 and 320 px), a list whose name runs to hundreds of characters still shows the count and "Open N selected" on the first screen, the whole name in its tooltip',
    extension: false,
    async run({ browser, origin }) {
      for (const [width, name] of [
        [390, Array.from({ length: 120 }, () => 'Holiday').join(' ')],
        [320, 'W'.repeat(2000)],
      ]) {
        await browser.setViewport({ width, height: 700 });
        await browser.goto(`${origin}/web/#uri-list:${origin}/page/l1;${origin}/page/l2?title=${encodeURIComponent(name)}`);
        await shown(browser);
        const first = await browser.inPage(() => {
          const inView = (id) => {
            const box = document.getElementById(id).getBoundingClientRect();
            return box.height > 0 && box.bottom <= innerHeight && box.right <= innerWidth;
          };
          const title = document.getElementById('title');
          return { title: inView('title'), summary: inView('summary'), open: inView('open-selected'), whole: title.textContent.length, tooltip: title.title.length, wide: document.documentElement.scrollWidth <= innerWidth };
        });
        assert.deepEqual(first, { title: true, summary: true, open: true, whole: name.length, tooltip: name.length, wide: true }, `${width} px`);
        await browser.screenshots(SCREENSHOTS, `web-${browser.name}-hunt24-long-name-${width}`, { viewport: true });
      }
      await assertAccessible(browser, 'the web page with a list name of 2000 characters (320 px)');
      await browser.setViewport({ width: 1000, height: 800 });
    },
  },
  {
    name: 'hunt24: a list whose every page has a warning says, by its disabled Open button, that nothing is ticked and how to open a page; one tick opens it',
    extension: false,
    async run({ browser, origin }) {
      const port = new URL(origin).port;
      await browser.goto(`${origin}/web/#uri-list:http://paypal.com@127.0.0.1:${port}/page/v1;${origin}/page/v2?title=Warned&page-titles=One~paypal.com`);
      await shown(browser);
      const before = await browser.inPage(() => ({ disabled: document.getElementById('open-selected').disabled, box: document.getElementById('open').innerText }));
      assert.equal(before.disabled, true);
      assert.match(before.box, /Nothing is selected: check the pages to open\./);
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-hunt24-all-warned`, { viewport: true });
      await assertAccessible(browser, 'the web page, every page warned');
      await browser.click('#item-1');
      const after = await browser.inPage(() => ({ disabled: document.getElementById('open-selected').disabled, button: document.getElementById('open-selected').textContent, box: document.getElementById('open').innerText }));
      assert.deepEqual([after.disabled, after.button, /Nothing is selected/.test(after.box)], [false, 'Open 1 selected', false]);
    },
  },
  {
    name: 'hunt24: a nested list without a title of its own opens as a group named by its list\'s page-titles, as the preview page shows it',
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/n1;uri-list:${origin}/page/n2%3B${origin}/page/n3;uri-list:${origin}/page/n4%3B${origin}/page/n5%3Ftitle=Inner?title=Outer&page-titles=First~Flights~Hotels`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
      const headings = await waitFor(
        () => browser.inPage(() => [...document.querySelectorAll('#items li.heading')].map((li) => li.firstChild?.textContent ?? '')),
        (h) => h.length === 3,
        { what: 'the preview page to show three groups' },
      );
      assert.deepEqual(headings, ['Outer', 'Flights', 'Inner']);
      await browser.click('#open');
      const state = await settled(browser, origin, { tabs: 6, groups: 3 }, 'three groups');
      assert.deepEqual(state.groups.map((g) => g.title), ['Outer', 'Flights', 'Inner']);
    },
  },
  {
    name: 'hunt24: the preview page\'s filter takes a site\'s heading off the screen with the last of its rows',
    async run({ browser, origin }) {
      const other = origin.replace('127.0.0.1', 'localhost');
      const link = `uri-list:${Array.from({ length: 12 }, (_, n) => `${n < 6 ? origin : other}/page/s${n}`).join(';')}?title=Two%20sites&page-titles=${Array.from({ length: 12 }, (_, n) => (n < 6 ? `Page${n}` : `Museum${n}`)).join('~')}`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered), (n) => Number(n) >= 12, { what: 'the preview page to draw its rows' });
      const sites = () => browser.inPage(() => [...document.querySelectorAll('#items li.site')].filter((li) => li.getBoundingClientRect().height > 0).map((li) => li.querySelector('h4')?.textContent));
      assert.deepEqual(await sites(), ['127.0.0.1', 'localhost']);
      await browser.typeInto('#filter-input', 'museum');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (text) => text.startsWith('6 of 12 shown'), { what: 'the filter count' });
      assert.deepEqual(await sites(), ['localhost']);
      await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-hunt24-filtered-sites`);
    },
  },
];
