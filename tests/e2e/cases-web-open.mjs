// The web page's list view and "Open N selected" (issue 24, parts 3 and 4), for a person who got
// a web link: page titles on every row, a box per page with the warned ones unticked, a filter
// from ten rows; one press opens every ticked page where the browser allows it, and where its
// pop-up blocker lets only the first through, the page says how to allow them (in the browser's
// own words) and the next press goes on from there; with the extension, "Open as a tab group"
// hands the list to it. Without the extension the browsers run with their pop-up blockers on, as
// a person's are (chromium.mjs, firefox.mjs).
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { settled, stateOf } from './cases-open.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1000, height: 800 };

/** A title as the extension writes it in a link: everything but letters, digits and `-` percent-encoded. */
const encodeTitle = (title) => [...new TextEncoder().encode(title)].map((b) => (/[A-Za-z0-9-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Ten pages with titles that chat apps cut, and the words around them. */
const TITLES = ['Hotel, old town', 'Café Central!', 'Museum (tickets)', 'Train: times?', 'Weather.', 'Map', 'Dinner – Fisch & Chips', 'Flights (BER → HAM)', 'Tickets, again?', '«Hafen»'];
const titled = (origin) =>
  `uri-list:${TITLES.map((_, n) => `${origin}/page/t${n}`).join(';')}?title=${encodeTitle('Trip to Hamburg')}&page-titles=${TITLES.map(encodeTitle).join('~')}`;

/** A list with a lookalike (its title names another site) and a `user@host` item among honest pages. */
const warnedList = (origin) =>
  `uri-list:${origin}/page/w1;${origin}/page/w2;http://paypal.com@127.0.0.1:${new URL(origin).port}/page/w3;${origin}/page/w4?title=Mixed&page-titles=One~paypal%2Ecom~Three~Four`;

/** Waits until the page has read its fragment (main loses aria-busy). */
async function shown(browser) {
  await waitFor(() => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy')), (busy) => busy === null, {
    what: 'the web page to show its list',
  });
}

/** The rows as a person sees them: title, address, box. */
function rows(browser) {
  return browser.inPage(() =>
    [...document.querySelectorAll('#items li.item')].map((li) => ({
      title: li.querySelector('.page-title')?.textContent ?? null,
      address: (li.querySelector('a.url .address') ?? li.querySelector('.url'))?.textContent ?? '',
      href: li.querySelector('a.url')?.getAttribute('href') ?? null,
      ticked: li.querySelector('input[type=checkbox]')?.checked ?? null,
      shown: !li.hidden,
    })),
  );
}

/** The open box: the button's words, the status, the pop-up help when shown. */
function openBox(browser) {
  return browser.inPage(() => ({
    button: document.getElementById('open-selected').textContent,
    status: document.getElementById('status').textContent,
    popups: document.getElementById('popups').hidden ? null : document.getElementById('popups').textContent,
  }));
}

/** The addresses of the tabs other than the web page's, once `count` are open and loaded. */
async function openedTabs(browser, origin, count, what) {
  const state = await waitFor(
    () => stateOf(browser, origin),
    (s) => s.tabs.length === count + 1 && s.tabs.every((t) => t.url !== 'about:blank' && t.url !== ''),
    { what },
  );
  return state.tabs.map((t) => t.url).filter((url) => !url.startsWith('/web/')).sort();
}

export const cases = [
  {
    name: 'web open: a titled 10-item web link shows every title over its exact address, on a phone and a desktop, and passes the audit',
    extension: false,
    async run({ browser, origin }) {
      await browser.setViewport(PHONE);
      await browser.goto(`${origin}/web/#${titled(origin)}`);
      await shown(browser);
      const seen = await rows(browser);
      assert.deepEqual(seen.map((r) => r.title), TITLES);
      assert.deepEqual(seen.map((r) => r.href), TITLES.map((_, n) => `${origin}/page/t${n}`));
      assert.deepEqual(seen.map((r) => r.address), TITLES.map((_, n) => `${origin}/page/t${n}`));
      assert.ok(seen.every((r) => r.ticked === true));
      // On a phone's first screen: the list's name, how many pages, and the main action.
      const first = await browser.inPage(() => {
        const inView = (id) => {
          const box = document.getElementById(id).getBoundingClientRect();
          return box.height > 0 && box.bottom <= innerHeight;
        };
        return { title: inView('title'), summary: inView('summary'), open: inView('open-selected'), text: document.getElementById('open-selected').textContent };
      });
      assert.deepEqual(first, { title: true, summary: true, open: true, text: 'Open 10 selected' });
      await assertAccessible(browser, 'the web page with page titles (phone)');
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-titled-10-phone`, { viewport: true });
      await browser.setViewport(DESKTOP);
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-titled-10-desktop`);
      await assertAccessible(browser, 'the web page with page titles (desktop)');
    },
  },
  {
    name: 'web open: 100 pages get a filter box that narrows the rows by title, address or site, and "Select none" unticks only the rows shown',
    extension: false,
    async run({ browser, origin }) {
      const link = `uri-list:${Array.from({ length: 100 }, (_, n) => `https://site${n % 7}.example/page/${n}`).join(';')}?title=Reading&page-titles=${Array.from({ length: 100 }, (_, n) => (n === 42 ? 'Answer' : `Page${n}`)).join('~')}`;
      await browser.setViewport(PHONE);
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      assert.equal(await browser.inPage(() => document.getElementById('filter').hidden), false);
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-100-phone`, { viewport: true });
      await browser.typeInto('#filter-input', 'answer');
      let seen = await waitFor(() => rows(browser), (r) => r.filter((row) => row.shown).length === 1, { what: 'the filter to leave one row' });
      assert.deepEqual(seen.filter((r) => r.shown).map((r) => r.title), ['Answer']);
      assert.equal(await browser.inPage(() => document.getElementById('filter-count').textContent), '1 of 100 shown; 99 ticked pages hidden by the filter do not open');
      await browser.click('#select-none');
      seen = await rows(browser);
      assert.deepEqual(seen.filter((r) => !r.ticked).map((r) => r.title), ['Answer']);
      // "Open selected" takes the ticked rows the filter shows: none here; the count says what it hides.
      assert.equal((await openBox(browser)).button, 'Open selected');
      assert.equal(await browser.inPage(() => document.getElementById('filter-count').textContent), '1 of 100 shown; 99 ticked pages hidden by the filter do not open');
      await assertAccessible(browser, 'the web page with 100 rows, filtered');
      await browser.setViewport(DESKTOP);
    },
  },
  {
    name: 'web open: with pop-ups blocked, the first page opens, the page says how to allow pop-ups in this browser\'s words, and goes on from where it stopped',
    extension: false,
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/p1;${origin}/page/p2;${origin}/page/p3?title=Three`;
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      await browser.click('#open-selected');
      assert.deepEqual(await openedTabs(browser, origin, 1, 'the first page'), ['/page/p1']);
      // The opened page came to the front: back to the web page, as the person would (Firefox
      // throttles the timers of a tab in the background, and the audit below runs on timers).
      await browser.switchTo(`${origin}/web/`);
      const blocked = await waitFor(() => openBox(browser), (b) => b.popups !== null, { what: 'the pop-up help' });
      assert.equal(blocked.status, 'Opened 1 of 3 pages.');
      assert.equal(blocked.button, 'Open the other 2');
      assert.ok(
        browser.name === 'firefox'
          ? blocked.popups.includes(`“Allow pop-ups and third-party redirects for ${new URL(origin).hostname}”`)
          : blocked.popups.includes(`“Always allow pop-ups and redirects from ${origin}”`),
        blocked.popups,
      );
      await assertAccessible(browser, 'the web page saying how to allow pop-ups');
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-popups-blocked`, { viewport: true });
      // The next press goes on with the second page (one more, the blocker still on).
      await browser.click('#open-selected');
      assert.deepEqual(await openedTabs(browser, origin, 2, 'the second page'), ['/page/p1', '/page/p2']);
      await browser.switchTo(`${origin}/web/`);
      assert.equal((await openBox(browser)).button, 'Open the other 1');
      await browser.click('#open-selected');
      assert.deepEqual(await openedTabs(browser, origin, 3, 'the third page'), ['/page/p1', '/page/p2', '/page/p3']);
      const done = await waitFor(() => openBox(browser), (b) => b.popups === null, { what: 'the help to go' });
      assert.equal(done.button, 'Open 3 selected');
    },
  },
  {
    name: "web open: where the page may open no tab at all (a frame without allow-popups, as an app's own browser that opens no new tab), it says so and what to do instead, not how to allow pop-ups",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web-sandboxed.html`);
      await waitFor(() => browser.inFrame('#frame', () => document.querySelector('main')?.getAttribute('aria-busy')), (busy) => busy === null, {
        what: 'the web page in the frame to show its list',
      });
      await browser.click('#open-selected', { frame: '#frame' });
      const box = await waitFor(
        () =>
          browser.inFrame('#frame', () => ({
            button: document.getElementById('open-selected').textContent,
            status: document.getElementById('status').textContent,
            popups: document.getElementById('popups').hidden ? null : document.getElementById('popups').textContent,
          })),
        (b) => b.popups !== null,
        { what: 'what the page says' },
      );
      assert.deepEqual(box, {
        button: 'Open 3 selected',
        status: 'No page was opened.',
        popups:
          "\nThis browser lets the page open no new tab: an app's own browser (a chat app's) often does not.\n" +
          "Open this page in your browser (in the app's menu: “Open in browser”), or open the pages one by one from their addresses below.\n",
      });
      assert.deepEqual((await browser.state()).tabs.length, 1, 'no tab opened');
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-no-new-tabs`, { viewport: true });
    },
  },
  {
    name: 'web open: pages opened before the browser blocked the rest are not opened again when the person filters the rows meanwhile',
    extension: false,
    async run({ browser, origin }) {
      // Twelve pages: the filter box comes from ten rows on. Pop-ups blocked: one page a press.
      const titles = Array.from({ length: 12 }, (_, n) => `${n % 2 ? 'Even' : 'Odd'}${n + 1}`);
      const link = `uri-list:${titles.map((_, n) => `${origin}/page/q${n + 1}`).join(';')}?title=Twelve&page-titles=${titles.join('~')}`;
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      await browser.click('#open-selected');
      assert.deepEqual(await openedTabs(browser, origin, 1, 'the first page'), ['/page/q1']);
      await browser.switchTo(`${origin}/web/`);
      await waitFor(() => openBox(browser), (b) => b.popups !== null, { what: 'the pop-up help' });
      // A filter that every row matches: the same pages selected, the first one still opened.
      await browser.typeInto('#filter-input', 'page');
      await waitFor(() => browser.inPage(() => document.getElementById('filter-count').textContent), (c) => c === '12 of 12 shown', { what: 'the filter to apply' });
      let box = await openBox(browser);
      assert.equal(box.button, 'Open the other 11', 'the run goes on after filtering');
      assert.ok(box.popups?.includes('11'), box.popups);
      await browser.click('#open-selected');
      assert.deepEqual(await openedTabs(browser, origin, 2, 'the second page'), ['/page/q1', '/page/q2']);
      await browser.switchTo(`${origin}/web/`);
      // Narrowed to the odd pages (q1, q3 … q11): q1 is opened already, five wait.
      await browser.typeInto('#filter-input', ' odd'); // "page odd": the rows holding both words
      await waitFor(() => openBox(browser), (b) => b.button === 'Open the other 5', { what: 'the button to count the odd pages not opened' });
      await browser.click('#open-selected');
      assert.deepEqual(await openedTabs(browser, origin, 3, 'the third page'), ['/page/q1', '/page/q2', '/page/q3']);
      await browser.switchTo(`${origin}/web/`);
      assert.equal((await openBox(browser)).button, 'Open the other 4');
    },
  },
  {
    name: 'web open: with the extension, "Open as a tab group" on the web page opens one named group through the extension',
    async run({ browser, origin }) {
      await browser.inExtension(async (base) => {
        const api = globalThis.browser ?? globalThis.chrome;
        await api.storage.sync.set({ webBase: base });
      }, `${origin}/web/`);
      try {
        const link = `uri-list:${origin}/page/g1;${origin}/page/g2?title=Grouped`;
        await browser.goto(`${origin}/web/#${link}`);
        await waitFor(() => browser.inPage(() => getComputedStyle(document.getElementById('open-group')).display), (display) => display !== 'none', {
          what: 'the extension to tell the page, and the button to show',
        });
        await browser.click('#open-group');
        const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group');
        assert.deepEqual(state.groups.map((g) => g.title), ['Grouped']);
        assert.deepEqual(state.tabs.filter((t) => t.group === 'Grouped').map((t) => t.url), ['/page/g1', '/page/g2']);
      } finally {
        await browser.inExtension(async () => {
          const api = globalThis.browser ?? globalThis.chrome;
          await api.storage.sync.remove('webBase');
        });
      }
    },
  },
  {
    name: 'web open: a lookalike title and a user@host item start unticked, and "Open selected" (pop-ups allowed for the site) opens only the ticked pages, with no opener and no referrer',
    extension: false,
    async run({ browser, origin }) {
      await browser.allowPopups(origin);
      try {
        await openTicked(browser, origin);
      } finally {
        await browser.allowPopups(origin, false);
      }
    },
  },
  {
    name: "web open: a list named as another site's address (\"paypal.com\" over pages of 127.0.0.1) says so under \"Look before you open\", naming the site its pages are on",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/#uri-list:${origin}/page/w1;${origin}/page/w2?title=paypal%2Ecom`);
      await shown(browser);
      const look = await browser.inPage(() => (document.getElementById('look').hidden ? null : document.getElementById('look-list').textContent));
      assert.equal(look, 'the list\'s name "paypal.com" names paypal.com, but its pages are on 127.0.0.1');
      // The rows themselves carry no alert: both start ticked.
      assert.deepEqual((await rows(browser)).map((r) => r.ticked), [true, true]);
      await assertAccessible(browser, 'the web page of a list named as another site');
      await browser.screenshots(SCREENSHOTS, `web-${browser.name}-list-named-site`);
    },
  },
  {
    name: 'web open: a page the list holds twice starts unticked, marked as the same page as the first, said over the list, and "Open selected" opens each page once',
    extension: false,
    async run({ browser, origin }) {
      await browser.allowPopups(origin);
      try {
        await browser.goto(`${origin}/web/#uri-list:${origin}/page/d1;${origin}/page/d2;${origin}/page/d1;${origin}/page/d3?title=Twice`);
        await shown(browser);
        const seen = await rows(browser);
        assert.deepEqual(seen.map((r) => [r.href, r.ticked]), [
          [`${origin}/page/d1`, true],
          [`${origin}/page/d2`, true],
          [`${origin}/page/d1`, false],
          [`${origin}/page/d3`, true],
        ]);
        const marks = await browser.inPage(() => [...document.querySelectorAll('#items li.item')].map((li) => (li.classList.contains('duplicate') ? li.querySelector('.about').textContent : null)));
        assert.deepEqual(marks, [null, null, 'Duplicatethe same page as item 1', null]);
        const notes = await browser.inPage(() => (document.getElementById('notes').hidden ? null : document.getElementById('notes-list').textContent));
        assert.equal(notes, '1 page is the same as an earlier one: it is not ticked.');
        assert.equal((await openBox(browser)).button, 'Open 3 selected');
        await assertAccessible(browser, 'the web page of a list with a page twice');
        await browser.screenshots(SCREENSHOTS, `web-${browser.name}-duplicate`);
        await browser.click('#open-selected');
        assert.deepEqual(await openedTabs(browser, origin, 3, 'each page once'), ['/page/d1', '/page/d2', '/page/d3']);
      } finally {
        await browser.allowPopups(origin, false);
      }
    },
  },
];

/** The lookalike case's steps, with pop-ups allowed for the site. */
async function openTicked(browser, origin) {
  await browser.goto(`${origin}/web/#${warnedList(origin)}`);
  await shown(browser);
  const seen = await rows(browser);
  assert.deepEqual(seen.map((r) => [r.title, r.ticked]), [['One', true], ['paypal.com', false], ['Three', false], ['Four', true]]);
  assert.equal((await openBox(browser)).button, 'Open 2 selected');
  // Four rows: no filter box (it comes from ten).
  assert.equal(await browser.inPage(() => getComputedStyle(document.getElementById('filter')).display), 'none');
  await browser.click('#open-selected');
  assert.deepEqual(await openedTabs(browser, origin, 2, 'the two ticked pages'), ['/page/w1', '/page/w4']);
  const box = await waitFor(() => openBox(browser), (b) => b.status !== '', { what: 'the status' });
  assert.deepEqual(box, { button: 'Open 2 selected', status: 'Opened 2 pages.', popups: null });
  await browser.switchTo(`${origin}/page/w4`);
  assert.deepEqual(await browser.inPage(() => ({ opener: window.opener, referrer: document.referrer })), { opener: null, referrer: '' });
}
