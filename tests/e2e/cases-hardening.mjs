// Hardening (issue 10): a page cannot bend a person's real click or key press into opening a
// list they did not see, or one list many times, and every link the extension will not open is
// said where the person clicked. Each attack is a fixture (tests/fixtures/attack-*.html); each
// case asserts what must not happen (no tabs from the bent action: the preview page instead, with
// its reason, or a single group) and, in a case of its own, that an honest action on the same
// page still opens the list. Same cases in Chromium and Firefox.
import assert from 'node:assert/strict';
import { backgroundDone, contextMenu, settled, stateOf, stillSame, urlAndGroup } from './cases-open.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/** Drives the preview page (the newest one) and reads what it shows once it has shown it. */
export async function previewShows(browser) {
  await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
  return waitFor(
    () =>
      browser.inPage(() => ({
        title: document.querySelector('h1').textContent,
        why: document.getElementById('why').hidden ? '' : document.getElementById('why').textContent,
        error: document.getElementById('error').hidden ? '' : document.getElementById('error').textContent,
        rows: document.querySelectorAll('#items li.item').length,
      })),
      // The title comes before the rows (drawn in chunks): wait for the rows, or an error.
      (shown) => shown.title !== '' && (shown.rows > 0 || shown.error !== ''),
    { what: 'the preview page to show the list' },
  );
}

const isPreview = (url) => /^(moz|chrome)-extension:\/\/[^/]+\/preview\/preview\.html\?/.test(url);

/** The bent action showed the preview page next to the page, and nothing else opened. */
async function previewInstead(browser, origin, page) {
  const state = await settled(browser, origin, { tabs: 2 }, 'the preview page, and no tabs of the list');
  assert.equal(state.tabs[0].url, page);
  assert.ok(isPreview(state.tabs[1].url), `the second tab is the preview page: ${state.tabs[1].url}`);
  await stillSame(browser, origin, state, { page: true });
  return previewShows(browser);
}

/** An honest action opened `title`'s group (of `pages` pages) next to the page, once. */
async function opensOnce(browser, origin, page, title, pages) {
  const state = await settled(browser, origin, { tabs: pages + 1, groups: 1 }, `the group ${title}`);
  assert.equal(state.tabs[0].url, page);
  assert.deepEqual(state.groups.map((g) => g.title), [title]);
  assert.equal(urlAndGroup(state).filter(([, group]) => group === title).length, pages);
  await stillSame(browser, origin, state, { page: true });
}

const OVERLAYS = ['opacity', 'filter', 'faded-parent', 'empty', 'transparent-text'];

export const cases = [
  {
    name: 'hardening: a link whose href the page swaps between press and release shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-href-swap.html`);
      await browser.click('#link');
      const shown = await previewInstead(browser, origin, '/attack-href-swap.html');
      assert.equal(shown.title, 'Swapped');
      assert.match(shown.why, /the link changed as you clicked it/);
    },
  },
  {
    name: 'hardening: a link whose href the page swaps after its tooltip was shown (pointer resting on it) shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-shown-swap.html`);
      await browser.hover('#link');
      const lines = await waitFor(() => browser.shadowTexts('#uri-list-tooltip', '.line'), (l) => l?.length > 0, { what: 'the tooltip of the safe list' });
      assert.equal(lines[0], 'Two safe pages');
      await waitFor(() => browser.inPage(() => document.body.dataset.swapped), (id) => id === 'link', { what: 'the page to swap the href' });
      await browser.click('#link');
      const shown = await previewInstead(browser, origin, '/attack-shown-swap.html');
      assert.equal(shown.title, 'Swapped');
      assert.match(shown.why, /the link changed after you were shown it/);
      await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-link-changed-shown`); // light and dark, for a person to look at
    },
  },
  {
    name: 'hardening: Enter on a link whose href the page swapped after its tooltip was shown (reached with Tab) shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-shown-swap.html`);
      await browser.typeInto('#box', 'A');
      await browser.pressKey('Tab');
      await waitFor(() => browser.inPage(() => document.activeElement?.id), (id) => id === 'keyed', { what: 'Tab to reach the link' });
      const lines = await waitFor(() => browser.shadowTexts('#uri-list-tooltip', '.line'), (l) => l?.length > 0, { what: 'the tooltip of the safe list' });
      assert.equal(lines[0], 'Two more safe pages');
      await waitFor(() => browser.inPage(() => document.body.dataset.swapped), (id) => id === 'keyed', { what: 'the page to swap the href' });
      await browser.pressKey('Enter');
      const shown = await previewInstead(browser, origin, '/attack-shown-swap.html');
      assert.equal(shown.title, 'Swapped');
      assert.match(shown.why, /the link changed after you were shown it/);
    },
  },
  {
    name: 'hardening: "Open as tab group" on a link whose href the page swaps in its contextmenu handler (after its tooltip was shown) shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-menu-swap.html`);
      await browser.hover('#link');
      const lines = await waitFor(() => browser.shadowTexts('#uri-list-tooltip', '.line'), (l) => l?.length > 0, { what: 'the tooltip of the safe list' });
      assert.equal(lines[0], 'Two safe pages');
      // Chromium shows no menu headless: the right-click is real, and the item gets the link as
      // the browser reads it after the page's handler (see contextMenu()).
      const web = await browser.inPage(() => /^https?:/.test(document.getElementById('link').href));
      await contextMenu(browser, { selector: '#link', label: 'Open as tab group', id: web ? 'open-web-link-as-group' : 'open-link-as-group', info: { linkText: 'Two safe pages' } });
      const shown = await previewInstead(browser, origin, '/attack-menu-swap.html');
      assert.equal(shown.title, 'Swapped');
      assert.match(shown.why, /the link changed after you were shown it/);
    },
  },
  {
    name: 'hardening: a click on a <label> whose button the page put inside an off-screen link shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-label.html`);
      await browser.click('#accept');
      const shown = await previewInstead(browser, origin, '/attack-label.html');
      assert.equal(shown.title, 'Label');
      assert.match(shown.why, /the link changed as you clicked it/);
    },
  },
  {
    name: 'hardening: a link the page replaces by another under the resting pointer (after its tooltip was shown) shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-node-swap.html`);
      await browser.hover('#link');
      const lines = await waitFor(() => browser.shadowTexts('#uri-list-tooltip', '.line'), (l) => l?.length > 0, { what: 'the tooltip of the safe list' });
      assert.equal(lines[0], 'Two safe pages');
      await waitFor(() => browser.inPage(() => document.body.dataset.swapped), (id) => id === 'link', { what: 'the page to replace the link' });
      await browser.click('#link');
      const shown = await previewInstead(browser, origin, '/attack-node-swap.html');
      assert.equal(shown.title, 'Swapped');
      assert.match(shown.why, /the link changed after you were shown it/);
    },
  },
  ...[
    ['text', 'text'],
    ['title', 'title attribute'],
    ['query-items', 'text (its href adding pages after a "?;")'],
    ['generated', 'text drawn by CSS (::before)'],
  ].map(([id, where]) => ({
    name: `hardening: a link whose ${where} shows another list than its href (same site) shows the preview page with the reason, no tabs`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-text-list.html`);
      await browser.click(`#${id}`);
      const shown = await previewInstead(browser, origin, '/attack-text-list.html');
      assert.equal(shown.title, 'Other');
      assert.match(shown.why, /the link shows another list than the one it opens/);
    },
  })),
  {
    name: 'hardening: a link whose text is its own address still opens its list',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-text-list.html`);
      await browser.click('#own');
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group of the link');
      assert.deepEqual(urlAndGroup(state).slice(1).map(([url]) => url), ['/page/own-1', '/page/own-2']);
    },
  },
  {
    name: 'hardening: an honest click next to the swapping link still opens its list',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-href-swap.html`);
      await browser.click('#honest');
      await opensOnce(browser, origin, '/attack-href-swap.html', 'Honest', 2);
    },
  },
  ...OVERLAYS.map((kind) => ({
    name: `hardening: a click on "Accept cookies" under an invisible link (${kind}) shows the preview page with the reason, no tabs`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-overlay.html?kind=${kind}`);
      await browser.clickThrough('#accept');
      const shown = await previewInstead(browser, origin, `/attack-overlay.html?kind=${kind}`);
      assert.equal(shown.title, 'Overlay');
      assert.match(shown.why, /the link was not visible where you clicked/);
    },
  })),
  {
    name: 'hardening: a click on a visible link over the invisible one still opens its list',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-overlay.html?kind=opacity`);
      await browser.click('#honest');
      await opensOnce(browser, origin, '/attack-overlay.html?kind=opacity', 'Seen', 2);
    },
  },
  {
    name: 'hardening: a double-click opens the list once',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-repeat.html`);
      await browser.dblclick('#link');
      await opensOnce(browser, origin, '/attack-repeat.html', 'Once', 2);
    },
  },
  {
    name: 'hardening: a held Enter (key auto-repeat) on a link reached with Tab opens the list once',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-repeat.html`);
      await browser.tabTo('#link');
      await browser.holdKey('Enter', 10);
      await opensOnce(browser, origin, '/attack-repeat.html', 'Once', 2);
    },
  },
  {
    name: 'hardening: ten clicks in a row on one link open the list once',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-repeat.html`);
      // Once the list opened, the page is behind its group: clickThrough() does not wait for it to paint.
      for (let n = 0; n < 10; n += 1) await browser.clickThrough('#link');
      await opensOnce(browser, origin, '/attack-repeat.html', 'Once', 2);
    },
  },
  {
    name: 'hardening: Chrome: a click after the service worker was stopped still opens the list once (the open is remembered in storage.session)',
    browsers: ['chromium'], // Firefox's background page is not stopped like a service worker
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-repeat.html`);
      await browser.click('#link');
      await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group');
      // The open is finished (and remembered) before the worker is stopped: Chrome itself never
      // stops a worker that has a message to answer; stopped mid-answer, the page's content
      // script would rightly log that its open failed.
      await backgroundDone(browser, { page: true });
      await browser.stopServiceWorker();
      await browser.clickThrough('#link');
      await opensOnce(browser, origin, '/attack-repeat.html', 'Once', 2);
    },
  },
  {
    name: 'hardening: Enter after the page moved the focus from a text box to an off-screen link shows the preview page with the reason, no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus.html`);
      await browser.typeInto('#box', 'Ann');
      await browser.pressKey('Enter');
      const shown = await previewInstead(browser, origin, '/attack-focus.html');
      assert.equal(shown.title, 'Far');
      assert.match(shown.why, /the link was focused by the page, not by you/);
    },
  },
  ...[
    ['an ArrowDown in a text box (as an autocomplete would)', '#box', 'ArrowDown'],
    ['a Tab the page cancelled', '#tab-box', 'Tab'],
    ['a Tab, a moment after the browser moved on (a timer)', '#late-box', 'Tab'],
    ['an ArrowDown in a text box, a moment later (a timer)', '#late-arrow-box', 'ArrowDown'],
  ].map(([how, box, key]) => ({
    name: `hardening: Enter after the page answered the person's own key by focusing a link in plain sight (${how}) shows the preview page with the reason, no tabs`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus-keys.html`);
      await browser.typeInto(box, 'An');
      await browser.pressKey(key);
      await waitFor(() => browser.inPage(() => document.activeElement?.id), (id) => id === 'list', { what: 'the page to move the focus to the link' });
      await browser.pressKey('Enter');
      const shown = await previewInstead(browser, origin, '/attack-focus-keys.html');
      assert.equal(shown.title, 'Keys');
      assert.match(shown.why, /the link was focused by the page, not by you/);
    },
  })),
  {
    name: "hardening: a link the page focused (its tooltip shown) and whose href it swapped as the pointer came onto it: the tooltip then says what it holds now, and the click shows the preview page of the new list, with the reason, no tabs",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus-swap.html`);
      await waitFor(() => browser.inPage(() => document.activeElement?.id), (id) => id === 'link', { what: 'the page to focus its link' });
      const tooltip = () => browser.shadowTexts('#uri-list-tooltip', '.line');
      await waitFor(tooltip, (l) => l?.[0] === 'Shown', { what: "the tooltip of the focused link's list" });
      await browser.hover('#link');
      await waitFor(() => browser.inPage(() => document.getElementById('link').getAttribute('href')), (href) => href.includes('Swapped'), { what: 'the page to swap the link' });
      // The pointer on the link: its tooltip says what it holds now.
      await waitFor(tooltip, (l) => l?.[0] === 'Swapped', { what: 'the tooltip of the list the link holds now' });
      await browser.click('#link');
      const shown = await previewInstead(browser, origin, '/attack-focus-swap.html');
      assert.equal(shown.title, 'Swapped');
      assert.match(shown.why, /changed/);
    },
  },
  {
    name: "hardening: a link the page updates after the person clicked it (it keeps the click's focus, which showed nothing) opens its new list at once on the next click",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/focus-update.html`);
      // In the background: the page stays in front, the link keeps the focus the click gave it.
      await browser.click('#link', { modifiers: ['Control'] });
      await settled(browser, origin, { tabs: 3, groups: 1 }, 'the first list, in the background');
      assert.equal(await browser.inPage(() => document.activeElement?.id), 'link');
      await browser.inPage(() => update());
      await browser.hover('#away');
      await browser.click('#link');
      const state = await settled(browser, origin, { tabs: 5, groups: 2 }, 'the updated list, at once');
      assert.deepEqual(state.groups.map((g) => g.title).sort(), ['After', 'Before']);
    },
  },
  {
    name: 'hardening: Enter on a link the person reached with Tab from a text box still opens its list',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus-keys.html`);
      await browser.typeInto('#late-next', 'A');
      await browser.pressKey('Tab');
      await waitFor(() => browser.inPage(() => document.activeElement?.id), (id) => id === 'list', { what: 'Tab to reach the link' });
      await browser.pressKey('Enter');
      await opensOnce(browser, origin, '/attack-focus-keys.html', 'Keys', 3);
    },
  },
  {
    name: 'hardening: Enter on a link the person reached with Tab still opens its list',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus.html`);
      await browser.tabTo('#near');
      await browser.pressKey('Enter');
      await opensOnce(browser, origin, '/attack-focus.html', 'Near', 2);
    },
  },
  {
    name: 'hardening: a link over the 2 MiB limit is refused, and the tab where it was clicked says so (badge), no tabs',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-too-long.html`);
      const length = await browser.inPage(() => document.getElementById('link').href.length);
      assert.ok(length > 2 * 1024 * 1024, `the fixture's link is over 2 MiB: ${length}`);
      await browser.click('#link');
      const badge = await waitFor(() => browser.badge(`${origin}/attack-too-long.html`), (b) => b?.text === '!', {
        what: 'the badge on the tab where the link was clicked',
      });
      assert.match(badge.title, /the link was not opened/);
      assert.match(badge.title, /more than the 2 MiB a uri-list link may be/);
      const state = await stateOf(browser, origin);
      assert.deepEqual(state.tabs.map((t) => t.url), ['/attack-too-long.html']);
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    name: 'hardening: a ~900 KB list that needs the preview page is shown there whole (its URL does not carry it)',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-big-list.html`);
      const length = await browser.inPage(() => document.getElementById('link').href.length);
      assert.ok(length > 880_000 && length < 2 * 1024 * 1024, `the fixture's link is about 900 KB: ${length}`);
      await browser.click('#link');
      const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
      assert.ok(isPreview(state.tabs[1].url), `the preview page: ${state.tabs[1].url.slice(0, 200)}`);
      assert.ok(state.tabs[1].url.length < 200, `the preview URL is short: ${state.tabs[1].url.length} characters`);
      const shown = await previewShows(browser);
      assert.deepEqual({ ...shown, why: undefined }, { title: 'Big list', why: undefined, error: '', rows: 16 });
      assert.match(shown.why, /16 pages: more than the 15 that open at once/);
    },
  },
  {
    name: "hardening: a click on a link inside a closed shadow root opens its list, and the person's page stays",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-shadow.html`);
      await browser.click('#host');
      await opensOnce(browser, origin, '/attack-shadow.html', 'From the shadow', 2);
    },
  },
];
