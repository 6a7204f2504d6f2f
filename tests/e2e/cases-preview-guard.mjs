// The preview page and the ways a page can still steer what opens (issue 22): each case a hostile
// page driven by a person's trusted input (CDP in Chromium, WebDriver actions in Firefox).
//
// - double-clickjacking: the first press of a double-click (or of a "click fast" game) sends the
//   tab to a uri-list: link, the preview page comes up under the pointer, and the next press lands
//   on its Open button: it must not count (pages/input-guard.js);
// - rel="multilink" followed elsewhere: only the navigation the person's click started, to the
//   clicked address or a server redirect of that very request, and only the list its page names
//   when it has loaded (background/web-links.js);
// - Firefox's guard against sending a typed link to the search engine acts only on a search, never
//   on a page address a person typed; every preview page says why it is shown.
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { previewedLink, settled, stateOf, stillSame, urlAndGroup } from './cases-open.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { sleep, waitFor } from './util.mjs';

const PREVIEW = 'preview/preview.html';
const DOUBLE_CLICK = '/attack-double-click.html';
const LIST_PAGE = /^\/page\/dc\d+$/;

// --- driving presses where the pointer is, whatever page is under it -----------------------------

/** A person's press and release at (x, y) of the viewport of the tab in front, as it is now. */
async function pressAt(browser, x, y) {
  if (browser.name === 'chromium') {
    await browser.page.mouse.click(x, y);
    return;
  }
  try {
    await browser.command('POST', '/actions', {
      actions: [{
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y) },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      }],
    });
  } catch (error) {
    // Marionette cannot send its reply when the press itself navigated the tab (its reply names
    // the page that went: "DataCloneError"); the press was made. Any other failure is one.
    if (!/DataCloneError|cannot be cloned/.test(String(error?.message ?? error))) throw error;
  }
  await browser.command('DELETE', '/actions');
}

/**
 * The preview page in front, as soon as its Open button is drawn: true once it is (the driver then
 * drives it), false while it is not there yet. Chromium opens it in a new tab next to the page (a
 * failed navigation keeps the page), Firefox in the page's own tab.
 */
async function previewInFront(browser, prefix) {
  const drawn = () => browser.inPage(() => document.getElementById('bar')?.hidden === false).catch(() => false);
  if (browser.name === 'chromium') {
    const page = browser.context.pages().find((p) => p.url().startsWith(prefix));
    if (!page) return false;
    browser.page = page;
    return drawn();
  }
  const url = await browser.command('GET', '/url').catch(() => '');
  return String(url).startsWith(prefix) && drawn();
}

/** The middle of the preview page's Open button for a list (where it comes up in this window). */
async function openButtonAt(browser, link) {
  await browser.goto(`${await browser.extensionUrl(PREVIEW)}?link=${encodeURIComponent(link)}`);
  await waitFor(() => browser.inPage(() => document.getElementById('bar').hidden), (hidden) => hidden === false, { what: 'the preview bar' });
  return browser.inPage(() => {
    const box = document.getElementById('open').getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });
}

/** What the preview page in front says and shows of its Open button. */
const previewState = (browser) =>
  browser.inPage(() => ({
    status: document.getElementById('status').textContent,
    disabled: document.getElementById('open').getAttribute('aria-disabled'),
    wait: document.getElementById('open-wait').hidden ? null : document.getElementById('open-wait').textContent,
    why: [...document.querySelectorAll('#why-list li')].map((li) => li.textContent),
  }));

const NOT_YET = /^Not opened: the button takes a press a moment after this page comes to the front/;

/** Tabs of the list (its group, "Double-clicked": loaded at /page/dcN, or unloaded) open now. */
const listTabs = async (browser, origin) => (await stateOf(browser, origin)).tabs.filter((tab) => tab.group === 'Double-clicked' || LIST_PAGE.test(tab.url));

/** The double-click fixture's link, as the page builds it. */
const doubleClickLink = (origin) => `uri-list:${Array.from({ length: 20 }, (_, n) => `${origin}/page/dc${n + 1}`).join(';')}?title=Double-clicked`;

/**
 * After presses that must not have counted: the preview page said so (the signal that a press
 * reached Open), no page of the list opened, and nothing comes later; then a person's deliberate
 * click, once the button is active, opens the list.
 */
async function refusedThenOpens(browser, origin) {
  const seen = await waitFor(() => previewState(browser), (s) => NOT_YET.test(s.status), { what: 'the preview page to refuse the early press' });
  assert.deepEqual(await listTabs(browser, origin), [], 'no page of the list opened');
  const state = await stateOf(browser, origin);
  await stillSame(browser, origin, state, { page: true });
  // The way in is said too: a navigation brought the page.
  assert.ok(seen.why.some((line) => /this tab was sent to the link itself/.test(line)), JSON.stringify(seen.why));
  await browser.click('#open'); // waits, as a person would, until the button is active
  await waitFor(() => listTabs(browser, origin), (tabs) => tabs.length === 20, { what: "the list's 20 pages from a deliberate click" });
}

// --- cases ------------------------------------------------------------------------------------------

const doubleClickCases = [
  {
    name: 'preview guard: a double-click whose first press sends the tab to a list brings the preview page up under the pointer; the second press on its Open button opens nothing, a deliberate click later opens the list',
    async run({ browser, origin }) {
      const prefix = await browser.extensionUrl(PREVIEW);
      const at = await openButtonAt(browser, doubleClickLink(origin));
      await browser.reset();
      await browser.goto(`${origin}${DOUBLE_CLICK}`);
      const first = Date.now();
      await pressAt(browser, at.x, at.y);
      await waitFor(() => previewInFront(browser, prefix), (up) => up, { interval: 10, what: 'the preview page under the pointer' });
      console.log(`    # ${browser.name}: the preview page was drawn ${Date.now() - first} ms after the first press`);
      await pressAt(browser, at.x, at.y); // the second press of the double-click
      const gap = Date.now() - first;
      console.log(`    # ${browser.name}: the second press came ${gap} ms after the first`);
      await refusedThenOpens(browser, origin);
    },
  },
  {
    name: 'preview guard: a "click fast" game (a press every 100 ms) that brings the preview page up under the pointer opens nothing, however long it goes on; a deliberate click after it opens the list',
    async run({ browser, origin }) {
      const prefix = await browser.extensionUrl(PREVIEW);
      const at = await openButtonAt(browser, doubleClickLink(origin));
      await browser.reset();
      await browser.goto(`${origin}${DOUBLE_CLICK}`);
      // Until 10 presses have landed on the preview page: well past the moment it takes no press.
      const end = Date.now() + 25_000;
      let onPreview = 0;
      while (onPreview < 10 && Date.now() < end) {
        const next = Date.now() + 100;
        if (await previewInFront(browser, prefix)) onPreview += 1;
        await pressAt(browser, at.x, at.y);
        await sleep(Math.max(0, next - Date.now()));
      }
      assert.equal(onPreview, 10, 'the presses reached the preview page');
      await refusedThenOpens(browser, origin);
    },
  },
  {
    name: 'preview guard: Enter on the Open button right after the preview page came up under the pointer opens nothing; Enter once the button is active opens the list',
    async run({ browser, origin }) {
      const prefix = await browser.extensionUrl(PREVIEW);
      const at = await openButtonAt(browser, doubleClickLink(origin));
      await browser.reset();
      await browser.goto(`${origin}${DOUBLE_CLICK}`);
      await pressAt(browser, at.x, at.y);
      await waitFor(() => previewInFront(browser, prefix), (up) => up, { interval: 10, what: 'the preview page' });
      await browser.inPage(() => document.getElementById('open').focus());
      await browser.pressKey('Enter');
      await waitFor(() => previewState(browser), (s) => NOT_YET.test(s.status), { what: 'the early Enter refused' });
      assert.deepEqual(await listTabs(browser, origin), []);
      await waitFor(() => previewState(browser), (s) => s.disabled === null && s.wait === null, { what: 'the button to become active' });
      await browser.pressKey('Enter');
      await waitFor(() => listTabs(browser, origin), (tabs) => tabs.length === 20, { what: 'the list from Enter' });
    },
  },
  {
    name: 'preview guard: Firefox: while the preview page has not the focus its Open button says it is not active (aria-disabled, a line under it) and takes no press; focused again, it takes one a moment later',
    browsers: ['firefox'], // headless Chromium under Playwright has every page visible and focused
    async run({ browser, origin }) {
      await browser.goto(`${await browser.extensionUrl(PREVIEW)}?link=${encodeURIComponent(doubleClickLink(origin))}`);
      await waitFor(() => previewState(browser), (s) => s.disabled === null, { what: 'the button active' });
      await browser.script('gURLBar.focus();', [], { chrome: true });
      const away = await waitFor(() => previewState(browser), (s) => s.disabled === 'true', { what: 'the button inactive without the focus' });
      assert.equal(away.wait, 'Active in a moment');
      assert.equal(await browser.inPage(() => document.getElementById('open').getAttribute('aria-describedby')), 'open-wait');
      assert.match(await browser.inPage(() => getComputedStyle(document.getElementById('open')).backgroundImage), /repeating-linear-gradient/);
      await browser.script('gBrowser.selectedBrowser.focus();', [], { chrome: true });
      await browser.click('#open'); // waits until active again, as a person would
      await waitFor(() => listTabs(browser, origin), (tabs) => tabs.length === 20, { what: 'the list' });
    },
  },
];

// --- rel="multilink" ----------------------------------------------------------------------------

const MULTILINK = '/attack-multilink.html';

/**
 * After a multilink click that must open nothing: the page `path` loaded, offered `offers` lists
 * (the badge: the signal that the extension has read what the page names), and no group opened.
 */
async function onlyOffered(browser, origin, path, offers = '1') {
  await waitFor(() => browser.badge(`${origin}${path}`), (b) => b?.text === offers, { what: `the page at ${path} offering its list` });
  const state = await stateOf(browser, origin);
  assert.deepEqual(state.groups, [], 'no group opened');
  assert.equal(state.tabs.length, 1, JSON.stringify(state.tabs));
  await stillSame(browser, origin, state, { page: true });
}

const multilinkCases = [
  {
    name: "preview guard: a multilink whose page's own click handler sends the tab through a server redirect to another origin opens nothing there: its list is only offered",
    async run({ browser, origin, server }) {
      await browser.goto(`${origin}${MULTILINK}`);
      await browser.click('#elsewhere');
      const elsewhere = `${server.otherOrigin}/multilink-elsewhere.html`;
      await waitFor(() => browser.badge(elsewhere), (b) => b?.text === '1', { what: "the other origin's page offering its list" });
      const state = await browser.state();
      assert.deepEqual(state.groups, [], 'no group opened');
      assert.deepEqual(state.tabs.map((t) => t.url), [elsewhere]);
      await stillSame(browser, origin, await stateOf(browser, origin), { page: true });
    },
  },
  {
    name: 'preview guard: a multilink whose own address the server redirects opens the list of the page it lands on',
    async run({ browser, origin }) {
      await browser.goto(`${origin}${MULTILINK}`);
      await browser.click('#redirected');
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the page and its list');
      assert.deepEqual(urlAndGroup(state), [
        ['/multilink-target.html', null],
        ['/page/m1', 'Named by the page'],
        ['/page/m2', 'Named by the page'],
      ]);
    },
  },
  ...[
    ['hash', 'sets its location.hash to a web link'],
    ['alternate', 'adds a <link rel="alternate"> (and changes its fragment)'],
  ].map(([how, what]) => ({
    name: `preview guard: a multilink to a page that names no list when it has loaded and, a moment later, ${what} opens nothing: the list is only offered`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}${MULTILINK}`);
      await browser.click(`#late-${how}`);
      await waitFor(() => browser.inPage(() => document.getElementById('report')?.textContent), (text) => text === `named late (${how})`, { what: 'the page naming its list late' });
      await onlyOffered(browser, origin, `/multilink-late.html?how=${how}`);
    },
  })),
];

// --- Firefox's search-leak guard, and the reasons ------------------------------------------------

const searchCases = [
  {
    name: "preview guard: Firefox: a page address typed into the address bar whose query holds a uri-list link loads that page; a bare uri-list link typed there still never reaches the search engine, and its preview says it was typed",
    browsers: ['firefox'],
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/s1;${origin}/page/s2?title=Shared`;
      const address = `${origin}/page/shared?link=${link}`;
      await browser.recordRequests();
      await browser.addressBar(address);
      await waitFor(() => browser.inPage(() => document.title), (title) => title === 'shared', { what: 'the typed page loaded' });
      let state = await stateOf(browser, origin);
      assert.deepEqual(state.tabs.map((t) => t.url), [`/page/shared?link=${link}`]);
      assert.ok((await browser.requests()).some((url) => url.startsWith(`${origin}/page/shared?link=`)), 'the page was asked for');
      await stillSame(browser, origin, state, { page: true });

      await browser.reset();
      await browser.recordRequests();
      await browser.addressBar(link);
      state = await waitFor(() => stateOf(browser, origin), (s) => s.tabs.length === 1 && s.tabs[0].url.includes(PREVIEW), { what: 'the preview page in the tab' });
      assert.equal(await previewedLink(browser, state.tabs[0].url), link);
      const requests = await browser.requests();
      assert.deepEqual(requests.filter((url) => /uri-list|page%2Fs1/i.test(url)), [], requests.join('\n'));
      const seen = await waitFor(() => previewState(browser), (s) => s.why.length > 0, { what: 'the reason on the preview page' });
      assert.deepEqual(seen.why, ['you typed the link into the address bar: it is shown here, and it was not sent to your search engine']);
    },
  },
  {
    name: 'preview guard: the preview page says why it is shown when a navigation brought it, when an ext+urilist: address did, and when a list was dropped on it',
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/r1;${origin}/page/r2?title=Reasons`;
      const page = await browser.extensionUrl(PREVIEW);
      const whyOn = async (url) => {
        await browser.goto(url);
        return (await waitFor(() => previewState(browser), (s) => s.why.length > 0, { what: `the reason on ${url}` })).why;
      };
      assert.deepEqual(await whyOn(`${page}?link=${encodeURIComponent(link)}`), ['an ext+urilist: address brought the link here (a page, another app, or the address bar)']);
      assert.deepEqual(await whyOn(`${page}?link=${encodeURIComponent(link)}&dropped`), ['you dropped a list on this page']);
      // A page's script navigating to the link (the navigation reason; Chromium shows the preview beside the page).
      await browser.goto(`${origin}/hostile-navigate.html?attack=location`, ...(browser.name === 'chromium' ? [{ waitUntil: 'commit' }] : []));
      await browser.switchTo(page);
      const seen = await waitFor(() => previewState(browser), (s) => s.why.length > 0, { what: 'the reason for the navigation' });
      assert.deepEqual(seen.why, ["this tab was sent to the link itself (a page's navigation, a redirect, or the address bar), not by a click on it: a list opens only from a click on its link"]);
    },
  },
];

// --- how the page looks, active and not yet ------------------------------------------------------

const lookCases = [
  {
    name: 'preview guard: the preview page passes the WCAG 2 A/AA audit with its Open button active, and (Firefox, without the focus) not active yet; screenshots (light, dark)',
    async run({ browser, origin }) {
      await browser.goto(`${await browser.extensionUrl(PREVIEW)}?link=${encodeURIComponent(doubleClickLink(origin))}`);
      await waitFor(() => previewState(browser), (s) => s.disabled === null, { what: 'the button active' });
      await assertAccessible(browser, 'the preview page, its button active');
      await browser.screenshots(SCREENSHOTS, `${browser.name}-preview-guard-active`, { viewport: true });
      if (browser.name !== 'firefox') return; // headless Chromium under Playwright has every page focused
      await browser.script('gURLBar.focus();', [], { chrome: true });
      await waitFor(() => previewState(browser), (s) => s.disabled === 'true' && s.wait !== null, { what: 'the button not active' });
      await assertAccessible(browser, 'the preview page, its button not active yet');
      await browser.screenshots(SCREENSHOTS, `${browser.name}-preview-guard-waiting`, { viewport: true });
      await browser.script('gBrowser.selectedBrowser.focus();', [], { chrome: true });
    },
  },
];

export const cases = [...doubleClickCases, ...multilinkCases, ...searchCases, ...lookCases];
