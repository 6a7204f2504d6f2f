// Sender titles in the tab strip: a list's page titles (the option page-titles, src/lib.rs "Page
// titles") name the tabs it opens unloaded until each loads its page (src/plan.rs `Group.titles`,
// background/lazy.js), in Firefox (a discarded tab's title) and in Chrome (the placeholder page's).
// A title is the sender's words: one the core gives an alert (it names another site than its
// page's, src/check/mod.rs title_note) is not carried, and its tab shows its address. Shared
// again while still unloaded, the tabs give the same titles back.
import assert from 'node:assert/strict';
import { MARKER, copied, markClipboard, tabMenu } from './cases-share.mjs';
import { loaded, opened, pagesFetched, select, setLazy, tabsOf } from './cases-lazy.mjs';
import { waitFor } from './util.mjs';

/** A title as the extension writes it in a link: everything but letters, digits and `-` percent-encoded. */
const encodeTitle = (title) =>
  [...new TextEncoder().encode(title)]
    .map((b) => (/[A-Za-z0-9-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

/** lazy-titles.html's #link: four pages, three with a title (the second's bidirectional controls left out). */
const TRIP = [
  ['/page/lt-1', 'Hotel, old town'],
  ['/page/lt-2', 'Café menu'],
  ['/page/lt-3', null],
  ['/page/lt-4', 'Museum (tickets)'],
];
const tripLink = (origin) =>
  `uri-list:${TRIP.map(([page]) => `${origin}${page}`).join(';')}?title=Trip&color=blue&page-titles=Hotel%2C%20old%20town~Caf%C3%A9%20%E2%80%AEmenu%E2%80%AC~~Museum%20%28tickets%29`;

/**
 * Asserts that `tab` stands for `page`, unloaded the way its browser does it (Firefox: discarded
 * with its real URL; Chrome: the placeholder page), not selected, and shows `title` in the tab
 * strip; with `title` null, its host and path (the address title).
 */
async function assertUnloadedAs(browser, origin, tab, page, title) {
  const shown = title ?? `${new URL(origin).host}${page}`;
  assert.equal(tab.page, page);
  assert.equal(tab.title, shown, `the title of the unloaded tab for ${page}`);
  assert.equal(tab.active, false);
  if (browser.name === 'firefox') {
    assert.equal(tab.discarded, true, `${page} is discarded`);
    assert.equal(tab.url, `${origin}${page}`, 'a discarded tab has its real URL');
  } else {
    const placeholder = await browser.extensionUrl('lazy/lazy.html');
    assert.ok(tab.url.startsWith(`${placeholder}?`), `${page} shows the placeholder page, not ${tab.url}`);
  }
}

/** Sets (or with `undefined`, removes) the sharePageTitles setting, as the popup's box does. */
async function setSharePageTitles(browser, value) {
  await browser.inExtension(async (value) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (value === undefined) await api.storage.sync.remove('sharePageTitles');
    else await api.storage.sync.set({ sharePageTitles: value });
  }, value);
}

/** The trip's tabs after the opening tab (`first`), once opened: the first page loaded and in front, the others unloaded with the sender's titles. */
async function assertTrip(browser, origin, tabs, first) {
  assert.ok(tabs[0].page.startsWith(first), `the first tab is ${first}, not ${tabs[0].page}`);
  assert.deepEqual(tabs.slice(1).map((tab) => [tab.page, tab.group]), TRIP.map(([page]) => [page, 'Trip']));
  assert.equal(tabs[1].url, `${origin}/page/lt-1`);
  assert.equal(tabs[1].active, true);
  for (const [n, [page, title]] of TRIP.entries()) if (n > 0) await assertUnloadedAs(browser, origin, tabs[n + 1], page, title);
}

export const cases = [
  {
    name: "lazy titles: a click on a titled list names its unloaded tabs by the sender's titles (an untitled page by its address), until each loads its own",
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      try {
        await browser.goto(`${origin}/lazy-titles.html`);
        const before = pagesFetched(server).length;
        await browser.click('#link');
        const tabs = await waitFor(
          () => opened(browser, origin, 5, 'the trip, grouped'),
          (tabs) => tabs.slice(1).every((tab) => tab.group === 'Trip'),
          { what: 'the trip, grouped' },
        );
        await assertTrip(browser, origin, tabs, '/lazy-titles.html');
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lt-1']);
        // Selected, a tab loads its page, whose own title replaces the sender's.
        await select(browser, origin, '/page/lt-4');
        const after = await loaded(browser, origin, '/page/lt-4');
        assert.equal(after[4].title, 'lt-4');
        for (const n of [1, 2]) await assertUnloadedAs(browser, origin, after[n + 1], ...TRIP[n]);
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: 'lazy titles: a title that names another site (paypal.com with a zero-width space, over 127.0.0.1) is not put in the tab strip: ticked and opened from the preview page, its tab shows its address',
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      try {
        await browser.goto(`${origin}/lazy-titles.html`);
        await browser.click('#lookalike');
        await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
        const checked = await waitFor(
          () => browser.inPage(() => [...document.querySelectorAll('#items li.item input')].map((box) => /** @type {HTMLInputElement} */ (box).checked)),
          (boxes) => boxes.length === 3,
          { what: 'the preview page to list its items' },
        );
        assert.deepEqual(checked, [true, false, true], 'the page under the lookalike title starts unticked');
        const before = pagesFetched(server).length;
        // The person ticks it all the same, and opens the three.
        await browser.click('#item-1');
        await browser.click('#open');
        const tabs = await waitFor(
          () => opened(browser, origin, 5, 'the three pages as a group'),
          (tabs) => tabs.slice(2).every((tab) => tab.group === 'Accounts'),
          { what: 'the three pages, grouped' },
        );
        assert.deepEqual(tabs.slice(2).map((tab) => [tab.page, tab.group]), [
          ['/page/lk-1', 'Accounts'],
          ['/page/lk-2', 'Accounts'],
          ['/page/lk-3', 'Accounts'],
        ]);
        assert.equal(tabs[2].url, `${origin}/page/lk-1`);
        await assertUnloadedAs(browser, origin, tabs[3], '/page/lk-2', null);
        await assertUnloadedAs(browser, origin, tabs[4], '/page/lk-3', 'Notes');
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lk-1']);
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: "lazy titles: sharing the group again while its tabs are unloaded copies the sender's titles (page-titles), an address title none, and loads nothing",
    async run({ browser, origin, server }) {
      await markClipboard(browser, origin);
      await setLazy(browser, true);
      await setSharePageTitles(browser, true);
      try {
        await browser.goto(`${origin}/lazy-titles.html`);
        const before = pagesFetched(server).length;
        await browser.click('#link');
        await waitFor(
          () => opened(browser, origin, 5, 'the trip, grouped'),
          (tabs) => tabs.slice(1).every((tab) => tab.group === 'Trip'),
          { what: 'the trip, grouped' },
        );
        // The first page has its own title by now: that is the one shared for it.
        await loaded(browser, origin, '/page/lt-1');
        // The menu of the third page's tab, unloaded.
        await tabMenu(browser, 3, 'share-group');
        const link = await copied(browser, MARKER);
        const titles = ['lt-1', 'Café menu', '', 'Museum (tickets)'];
        assert.equal(link, `uri-list:${TRIP.map(([page]) => `${origin}${page}`).join(';')}?title=Trip&color=blue&page-titles=${titles.map(encodeTitle).join('~')}`);
        // Still unloaded, with the same titles.
        const after = await tabsOf(browser, origin);
        for (const [n, [page, title]] of TRIP.entries()) if (n > 0) await assertUnloadedAs(browser, origin, after[n + 1], page, title);
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lt-1']);
      } finally {
        await setSharePageTitles(browser, undefined);
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: 'lazy titles: "Open as a tab group" on the web page hands the titles to the extension, which names the unloaded tabs by them',
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      await browser.inExtension(async (base) => {
        const api = globalThis.browser ?? globalThis.chrome;
        await api.storage.sync.set({ webBase: base });
      }, `${origin}/web/`);
      try {
        const web = `${origin}/web/#${tripLink(origin)}`;
        await browser.goto(web);
        await waitFor(() => browser.inPage(() => getComputedStyle(document.getElementById('open-group')).display), (display) => display !== 'none', {
          what: 'the extension to tell the page, and the button to show',
        });
        const before = pagesFetched(server).length;
        await browser.click('#open-group');
        const tabs = await waitFor(
          () => opened(browser, origin, 5, 'the trip, grouped'),
          (tabs) => tabs.slice(1).every((tab) => tab.group === 'Trip'),
          { what: 'the trip, grouped' },
        );
        await assertTrip(browser, origin, tabs, '/web/');
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lt-1']);
      } finally {
        await browser.inExtension(async () => {
          const api = globalThis.browser ?? globalThis.chrome;
          await api.storage.sync.remove('webBase');
        });
        await setLazy(browser, undefined);
      }
    },
  },
];
