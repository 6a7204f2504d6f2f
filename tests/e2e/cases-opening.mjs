// Opening options: duplicates left out (on by default) and counted, reverse order, adding the
// pages to the current tab group; each as a setting and as a choice on the preview page.
// (Lazy loading above N pages, the default: cases-lazy.mjs.)
import assert from 'node:assert/strict';
import { settled, stateOf, urlAndGroup } from './cases-open.mjs';
import { previewShows } from './cases-hardening.mjs';
import { arrange } from './cases-share.mjs';
import { assertAccessible } from './axe.mjs';
import { SCREENSHOTS, openOptions, openPopup } from './popup.mjs';
import { waitFor } from './util.mjs';

/** Sets settings in storage.sync as the options page does (`undefined` or `null` removes one: its default). */
export async function setSettings(browser, values) {
  await browser.inExtension(async (values) => {
    const api = globalThis.browser ?? globalThis.chrome;
    for (const [key, value] of Object.entries(values)) {
      if (value === null) await api.storage.sync.remove(key);
      else await api.storage.sync.set({ [key]: value });
    }
  }, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? null])));
}

const clearSettings = (browser) => setSettings(browser, { skipDuplicates: undefined, reverse: undefined, joinGroup: undefined, lazy: undefined });

/** The four different pages of duplicates.html, in the list's order. */
const FOUR = ['/page/dup-a', '/page/dup-b', '/page/dup-c', '/page/dup-c#part'];

/** The preview page of `link`, once its rows are drawn: what it shows. */
async function preview(browser, link) {
  await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
  return waitFor(() => browser.inPage(readPreview), (p) => p.rendered, { what: 'the preview page to draw its rows' });
}

function readPreview() {
  const box = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
  return {
    rendered: document.documentElement.dataset.rendered !== undefined,
    summary: document.getElementById('summary').textContent,
    open: document.getElementById('open').textContent,
    status: document.getElementById('status').textContent,
    duplicatesChoice: document.getElementById('duplicates-choice').hidden ? null : document.getElementById('duplicates-choice').textContent.trim(),
    skip: box('skip-duplicates').checked,
    lazy: box('lazy').checked,
    joinChoice: !document.getElementById('join-choice').hidden,
    rows: [...document.querySelectorAll('#items li.item.openable')].map((li) => ({
      url: li.querySelector('.url').textContent,
      checked: li.querySelector('input').checked,
      disabled: li.querySelector('input').disabled,
      about: li.querySelector('.about').textContent,
    })),
  };
}

export const cases = [
  {
    name: 'opening: a page the list holds twice opens once (also when written another way), and the badge says how many were left out',
    async run({ browser, origin }) {
      await clearSettings(browser);
      await browser.goto(`${origin}/duplicates.html`);
      await browser.click('#link');
      const state = await settled(browser, origin, { tabs: 5, groups: 1 }, 'the four different pages as one group');
      assert.deepEqual(urlAndGroup(state), [['/duplicates.html', null], ...FOUR.map((page) => [page, 'Twice'])]);
      const badge = await waitFor(() => browser.badge(`${origin}/duplicates.html`), (b) => b?.text === '-3', { what: 'the badge' });
      const [heading, ...lines] = badge.title.split('\n');
      assert.equal(heading, 'uri-list: 3 duplicates left out.');
      assert.deepEqual(lines.map((line) => line.replace(/^.*\/page\//, '')), [
        'dup-a: the same page as item 1',
        './dup-a: the same page as item 1',
        'dup-b: the same page as item 2',
      ]);
    },
  },
  {
    name: 'opening: with "leave out pages a list holds twice" off, every item opens',
    async run({ browser, origin }) {
      // Seven pages: above the default of lazy loading, which is not what this case is about.
      await setSettings(browser, { skipDuplicates: false, lazy: false });
      try {
        await browser.goto(`${origin}/duplicates.html`);
        await browser.click('#link');
        const state = await settled(browser, origin, { tabs: 8, groups: 1 }, 'all seven items as one group');
        assert.deepEqual(
          state.tabs.slice(1).map((tab) => tab.url),
          ['/page/dup-a', '/page/dup-b', '/page/dup-a', '/page/dup-a', '/page/dup-c', '/page/dup-b', '/page/dup-c#part'],
        );
        assert.equal((await browser.badge(`${origin}/duplicates.html`))?.text ?? '', '', 'no badge: nothing left out');
      } finally {
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'opening: the preview page shows each duplicate in place, unticked, with the item it repeats; it opens each page once and says how many were left out, or all once they are kept',
    async run({ browser, origin }) {
      await clearSettings(browser);
      await browser.goto(`${origin}/duplicates.html`);
      const link = await browser.inPage(() => document.getElementById('link').getAttribute('href'));
      const shown = await preview(browser, link);
      assert.equal(shown.duplicatesChoice, 'Leave out 3 duplicates');
      assert.equal(shown.skip, true);
      assert.match(shown.summary, /^4 pages from 1 site\. 3 duplicates left out\./);
      assert.equal(shown.open, 'Open 4 pages as a group');
      const duplicates = shown.rows.filter((row) => row.about.startsWith('Duplicate'));
      assert.deepEqual(
        duplicates.map((row) => [row.url.replace(/^.*\/page\//, ''), row.checked, row.disabled, row.about]),
        [
          ['dup-a', false, true, 'Duplicatethe same page as item 1'],
          ['./dup-a', false, true, 'Duplicatethe same page as item 1'],
          ['dup-b', false, true, 'Duplicatethe same page as item 2'],
        ],
      );
      await assertAccessible(browser, 'the preview page with duplicates');
      await browser.screenshots?.(SCREENSHOTS, 'preview-duplicates');
      await browser.click('#open');
      const state = await settled(browser, origin, { tabs: 5, groups: 1 }, 'the four pages from the preview');
      assert.deepEqual(state.tabs.slice(1).map((tab) => tab.url), FOUR);
      const after = await waitFor(() => browser.inPage(readPreview), (p) => p.status !== '', { what: 'the preview to say what opened' });
      assert.equal(after.status, 'Pages opened: 4. 3 duplicates left out.');

      // Kept: every item is ticked and opens.
      await browser.reset();
      await preview(browser, link);
      await browser.click('#skip-duplicates');
      const kept = await browser.inPage(readPreview);
      assert.equal(kept.open, 'Open 7 pages as a group');
      // The line under the title says the same as the button.
      assert.equal(kept.summary, '7 pages from 1 site.');
      assert.ok(kept.rows.every((row) => row.checked && !row.disabled));
      // Seven pages: above 5, the lazy choice follows; the person unticks it, every page loads.
      assert.equal(kept.lazy, true);
      await browser.click('#lazy');
      await browser.click('#open');
      const all = await settled(browser, origin, { tabs: 8, groups: 1 }, 'all seven items from the preview');
      assert.equal(all.tabs.filter((tab) => tab.url === '/page/dup-a').length, 3);
    },
  },
  {
    name: 'opening: a hand-written list whose last page kept its "?" unencoded (two videos) shows the preview page, which says what became of it and how to write it; nothing opens',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/share-open.html`);
      await browser.inPage((href) => {
        document.getElementById('link').href = href;
      }, `uri-list:${origin}/page/watch?v=abc;${origin}/page/watch?v=def`);
      await browser.click('#link');
      const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
      assert.equal(state.groups.length, 0);
      assert.match(state.tabs[1].url, /preview\/preview\.html/);
      const shown = await previewShows(browser);
      assert.match(shown.why, /the link's options hold "v", which is no option uri-list reads \(ignored: if "\?v=def" belongs to item 2, write that "\?" as %3F\)/);
      // Said once: not again under "Good to know".
      const notes = await browser.inPage(() => document.getElementById('notes-list').textContent);
      assert.ok(notes.includes('unencoded "?" in item 1') && !notes.includes('options hold'), notes);
      await assertAccessible(browser, 'the preview page saying what became of the last page');
      await browser.screenshots?.(SCREENSHOTS, 'preview-item-query');
    },
  },
  {
    name: 'opening: on the preview page, Enter in the group name box opens the pages under that name, as the Open button does; the page keeps its list',
    async run({ browser, origin }) {
      await clearSettings(browser);
      await browser.goto(`${origin}/duplicates.html`);
      const link = await browser.inPage(() => document.getElementById('link').getAttribute('href'));
      await preview(browser, link);
      const address = await browser.inPage(() => location.href);
      await browser.inPage(() => {
        /** @type {HTMLInputElement} */ (document.getElementById('group-name')).value = '';
      });
      await browser.typeInto('#group-name', 'Named by Enter');
      // Once Open takes a press (the page's moment after it was shown is over), as a person's eyes see.
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.inputReady), (ready) => ready === 'true', { what: 'Open to take a press' });
      await browser.pressKey('Enter');
      const state = await settled(browser, origin, { tabs: 5, groups: 1 }, 'the four pages, from Enter in the name box');
      assert.deepEqual(state.tabs.slice(1).map((tab) => tab.url), FOUR);
      assert.equal(state.groups[0].title, 'Named by Enter');
      const after = await waitFor(() => browser.inPage(readPreview), (p) => p.status !== '', { what: 'the preview to say what opened' });
      assert.equal(after.status, 'Pages opened: 4. 3 duplicates left out.');
      assert.equal(await browser.inPage(() => location.href), address);
    },
  },
  {
    name: 'opening: reverse order, as a setting and as a choice on the preview page: the last page opens first',
    async run({ browser, origin }) {
      await setSettings(browser, { reverse: true });
      try {
        await browser.goto(`${origin}/click-title.html`);
        await browser.click('#link');
        const state = await settled(browser, origin, { tabs: 4, groups: 1 }, 'the group, reversed');
        assert.deepEqual(urlAndGroup(state), [
          ['/click-title.html', null],
          ['/page/three', 'Reading list'],
          ['/page/two', 'Reading list'],
          ['/page/one', 'Reading list'],
        ]);
        // The first page to open (the list's last) is the one in front.
        assert.equal(state.tabs.find((tab) => tab.active)?.url, '/page/three');
      } finally {
        await clearSettings(browser);
      }
      // The preview page's choice, with nested lists: the last group first, each reversed.
      await browser.reset();
      const inner = `uri-list:${origin}/page/n1%3B${origin}/page/n2%3Ftitle=Inner`;
      const link = `uri-list:${origin}/page/o1;${origin}/page/o2;${inner};${origin}/page/o3?title=Outer`;
      const shown = await preview(browser, link);
      assert.equal(shown.open, 'Open 5 pages as a group');
      await browser.click('#reverse');
      await browser.click('#item-1'); // o2 left out
      await browser.click('#open');
      const state = await settled(browser, origin, { tabs: 5, groups: 3 }, 'three groups, reversed');
      assert.deepEqual(urlAndGroup(state).slice(1), [
        ['/page/o3', 'Outer (2)'],
        ['/page/n2', 'Inner'],
        ['/page/n1', 'Inner'],
        ['/page/o1', 'Outer (1)'],
      ]);
    },
  },
  {
    name: 'opening: with "add the pages to the current tab group", a list opened from a grouped tab joins that group; the preview page offers the same',
    async run({ browser, origin }) {
      await setSettings(browser, { joinGroup: true });
      try {
        await arrange(browser, { tabs: [{ url: `${origin}/click-title.html`, group: 'mine' }], groups: { mine: { title: 'Mine', color: 'blue' } } });
        await browser.click('#link');
        // The group is there before the click: wait until the new tabs are in a group too.
        const state = await waitFor(
          () => stateOf(browser, origin),
          (s) => s.tabs.length === 4 && s.tabs.every((tab) => tab.group !== null && tab.url.startsWith('/')),
          { what: 'the pages in the existing group' },
        );
        assert.deepEqual(urlAndGroup(state), [
          ['/click-title.html', 'Mine'],
          ['/page/one', 'Mine'],
          ['/page/two', 'Mine'],
          ['/page/three', 'Mine'],
        ]);
        assert.deepEqual(state.groups.map((group) => [group.title, group.color]), [['Mine', 'blue']]);
      } finally {
        await clearSettings(browser);
      }
      // Not grouped: a new group, as always.
      await browser.reset();
      await setSettings(browser, { joinGroup: true });
      try {
        await browser.goto(`${origin}/click-title.html`);
        await browser.click('#link');
        const state = await settled(browser, origin, { tabs: 4, groups: 1 }, 'a new group');
        assert.deepEqual(state.groups.map((group) => group.title), ['Reading list']);
      } finally {
        await clearSettings(browser);
      }
      // The preview page, opened from a grouped tab: the choice is there (setting off), ticked by the person.
      await browser.reset();
      await arrange(browser, { tabs: [{ url: `${origin}/over-limit.html`, group: 'mine' }], groups: { mine: { title: 'Mine', color: 'green' } } });
      await browser.click('#link');
      await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
      const shown = await waitFor(() => browser.inPage(readPreview), (p) => p.rendered && p.joinChoice, { what: 'the preview page, with the choice to join the group' });
      assert.equal(shown.rows.length, 16);
      assert.equal(shown.lazy, true, 'sixteen pages: above the default of lazy loading, the choice starts ticked');
      await browser.click('#select-none');
      for (const n of [1, 2]) await browser.click(`#item-${n}`);
      assert.equal((await browser.inPage(readPreview)).lazy, false, 'two pages checked: not above 5, the choice follows');
      await browser.click('#join-group');
      await assertAccessible(browser, 'the preview page with every choice shown');
      await browser.screenshots?.(SCREENSHOTS, 'preview-choices');
      await browser.click('#open');
      const state = await waitFor(
        () => stateOf(browser, origin),
        // The tabs come first and join a group after: wait until both are in one (which, asserted below).
        (s) =>
          s.tabs.filter((tab) => tab.url.startsWith('/page/')).length === 2 &&
          s.tabs.filter((tab) => tab.url.startsWith('/page/')).every((tab) => tab.group !== null) &&
          s.tabs.every((tab) => tab.url.startsWith('/') || /extension:/.test(tab.url)),
        { what: 'the two checked pages, grouped' },
      );
      assert.deepEqual(state.groups.map((group) => group.title), ['Mine']);
      assert.deepEqual(
        state.tabs.filter((tab) => tab.url.startsWith('/page/')).map((tab) => [tab.url, tab.group]),
        [['/page/n2', 'Mine'], ['/page/n3', 'Mine']],
      );
    },
  },
  {
    name: 'opening: the options page saves the lazy choice (above N, always, never) and the three opening checkboxes, and refuses a number out of range',
    async run({ browser }) {
      await clearSettings(browser);
      const stored = () =>
        browser.inExtension(async () => (globalThis.browser ?? globalThis.chrome).storage.sync.get(['lazy', 'skipDuplicates', 'reverse', 'joinGroup']));
      const options = await openOptions(browser);
      const read = () =>
        options.evaluate(() => ({
          choice: /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="lazy"]:checked'))?.value ?? null,
          count: /** @type {HTMLInputElement} */ (document.getElementById('lazy-count')).value,
          error: document.getElementById('lazy-count-error').textContent,
          status: document.getElementById('settings-status').textContent,
          boxes: ['skipDuplicates', 'reverse', 'joinGroup'].map((id) => /** @type {HTMLInputElement} */ (document.getElementById(id)).checked),
        }));
      try {
        const shown = await waitFor(read, (p) => p.count !== '', { what: 'the options page to show its settings' });
        // The defaults, as the page says them: lazy above 5, duplicates left out, the rest off.
        assert.deepEqual([shown.choice, shown.count, shown.boxes], ['above', '5', [true, false, false]]);
        await options.type('#lazy-count', '501');
        await waitFor(read, (p) => p.error === 'The number of pages must be a whole number from 1 to 500.', { what: 'the number refused' });
        assert.equal((await stored()).lazy, undefined, 'nothing saved');
        await options.type('#lazy-count', '8');
        const saved = await waitFor(read, (p) => p.status !== '' && p.error === '', { what: 'the number saved' });
        assert.equal(saved.status, 'Saved: lists of more than 8 pages load each page when you select it.');
        assert.equal((await stored()).lazy, 8);
        await options.click('#lazy-never');
        await waitFor(stored, (s) => s.lazy === false, { what: 'never saved' });
        await options.click('#lazy-always');
        await waitFor(stored, (s) => s.lazy === true, { what: 'always saved' });
        for (const id of ['skipDuplicates', 'reverse', 'joinGroup']) await options.click(`#${id}`);
        await waitFor(stored, (s) => s.skipDuplicates === false && s.reverse === true && s.joinGroup === true, { what: 'the checkboxes saved' });
        await options.screenshots?.('opening-choices');
      } finally {
        await options.close();
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'opening: the popup says which pasted pages are duplicates before opening, and opens each page once',
    async run({ browser, origin }) {
      await clearSettings(browser);
      await browser.goto(`${origin}/click-title.html`);
      const text = [`${origin}/page/p1`, `${origin}/page/p2`, `${origin.toUpperCase()}/page/p1`].join('\r\n');
      const popup = await openPopup(browser);
      const read = () =>
        popup.evaluate(() => ({
          summary: document.getElementById('pasted-summary').textContent,
          notes: [...document.querySelectorAll('#pasted-notes li')].map((li) => li.textContent),
          openButton: document.getElementById('open-pasted').textContent,
        }));
      try {
        await popup.paste('#pasted', text);
        const shown = await waitFor(read, (p) => p.summary !== '', { what: 'the live preview' });
        assert.equal(shown.summary, '2 pages from 1 site');
        assert.deepEqual(shown.notes, [`Left out: ${origin.toUpperCase()}/page/p1 (the same page as item 1)`]);
        assert.equal(shown.openButton, 'Open 2 pages as a group');
        await popup.click('#open-pasted');
        await waitFor(() => stateOf(browser, origin), (s) => s.groups.length === 1, { what: 'the group' });
      } finally {
        await popup.close();
      }
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the two pages');
      assert.deepEqual(state.tabs.slice(1).map((tab) => tab.url), ['/page/p1', '/page/p2']);
    },
  },
  {
    name: 'opening: in a German browser, the preview page says the duplicates and the choices in German',
    lang: 'de',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/duplicates.html`);
      const link = await browser.inPage(() => document.getElementById('link').getAttribute('href'));
      const shown = await preview(browser, link);
      assert.equal(shown.duplicatesChoice, '3 Duplikate weglassen');
      assert.match(shown.summary, /3 Duplikate weggelassen\./);
      assert.deepEqual(
        shown.rows.filter((row) => row.about.startsWith('Duplikat')).map((row) => row.about),
        ['Duplikatdieselbe Seite wie Eintrag 1', 'Duplikatdieselbe Seite wie Eintrag 1', 'Duplikatdieselbe Seite wie Eintrag 2'],
      );
      const labels = await browser.inPage(() => [...document.querySelectorAll('#bar label:not([hidden])')].map((l) => l.textContent.trim()));
      assert.ok(labels.includes('In umgekehrter Reihenfolge'), JSON.stringify(labels));
    },
  },
];
