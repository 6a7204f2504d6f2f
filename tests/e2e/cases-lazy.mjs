// Lazy loading (issue 6): with the `lazy` setting on ("always", or by default when more than 5
// pages open), the first page of a list loads and every other tab is created unloaded, loading
// when it is selected. Firefox creates the tabs
// discarded (real URL, a title, nothing fetched); Chrome shows the extension's placeholder page,
// which loads the real page once its tab is selected. Each case checks what the browser has
// (tab state through the extension API), what the fixture server was asked for, and the groups.
import assert from 'node:assert/strict';
import { MARKER, copied, forgetShareFormat, markClipboard, tabMenu } from './cases-share.mjs';
import { activityMark, backgroundDone } from './cases-open.mjs';
import { waitFor } from './util.mjs';

/** Sets (or with `undefined`, removes) the lazy setting in storage.sync, as the popup does. */
export async function setLazy(browser, value) {
  const stored = await browser.inExtension(async (value) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (value === undefined) await api.storage.sync.remove('lazy');
    else await api.storage.sync.set({ lazy: value });
    return (await api.storage.sync.get('lazy')).lazy ?? null;
  }, value);
  assert.equal(stored, value ?? null, 'the stored lazy setting');
}

/**
 * Every tab, in order: `{url, page, title, status, discarded, active, group}`. `page` is the
 * page the tab stands for, shortened to its path on the fixture server: the URL itself, or for
 * Chrome's placeholder page the page it will load.
 *
 * Chromium: as the extension API reports it. Firefox: as the browser's tab strip has it (the
 * chrome context; `discarded` is a tab without a content browser, which is what the extension
 * API reports too), because `inExtension` there runs in a tab of its own and would change which
 * tab is selected.
 */
export async function tabsOf(browser, origin) {
  const tabs =
    browser.name === 'firefox'
      ? await browser.script(
          `const tabs = [];
           for (const win of Services.wm.getEnumerator('navigator:browser')) {
             for (const tab of win.gBrowser.tabs) {
               tabs.push({
                 url: tab.linkedBrowser.currentURI.spec,
                 title: tab.label,
                 status: !tab.linkedPanel ? 'unloaded' : tab.hasAttribute('busy') ? 'loading' : 'complete',
                 discarded: !tab.linkedPanel,
                 active: tab.selected,
                 group: tab.group ? tab.group.label : null,
               });
             }
           }
           return tabs;`,
          [],
          { chrome: true },
        )
      : await browser.inExtension(async () => {
          const [tabs, groups] = await Promise.all([chrome.tabs.query({}), chrome.tabGroups.query({})]);
          const titleOf = new Map(groups.map((group) => [group.id, group.title]));
          tabs.sort((a, b) => a.windowId - b.windowId || a.index - b.index);
          return tabs.map((tab) => ({
            url: tab.url || tab.pendingUrl || '',
            title: tab.title ?? '',
            status: tab.status,
            discarded: tab.discarded,
            active: tab.active,
            group: tab.groupId === -1 ? null : (titleOf.get(tab.groupId) ?? '(unknown group)'),
          }));
        });
  const placeholder = await browser.extensionUrl('lazy/lazy.html');
  const short = (url) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  return tabs.map((tab) => ({
    ...tab,
    page: short(tab.url.startsWith(`${placeholder}?`) ? new URL(tab.url).searchParams.get('url') : tab.url),
  }));
}

/** Paths of the fixture server's /page/ requests so far. */
export const pagesFetched = (server) => server.requests.filter((path) => path.startsWith('/page/'));

/**
 * A person's click on the fixture's list link (lazy.html: five pages in three groups), then,
 * once six tabs are open, grouped and none loading: `{before, tabs}`, `before` being how many
 * pages the server had been asked for before the click.
 */
async function clickTheList(browser, origin, server, what) {
  await browser.goto(`${origin}/lazy.html`);
  const before = pagesFetched(server).length;
  await browser.click('#link');
  // Every page of the list in its group: the last group is made a moment after its tab (seen
  // under load in Firefox: lazy-5 read before its group "Later (2)" was made).
  const tabs = await waitFor(() => opened(browser, origin, 6, what), (tabs) => tabs.slice(1).every((tab) => tab.group !== null), { what });
  return { before, tabs };
}

/** Asserts that the tab for `page` is unloaded, the way each browser does it, and titled by its host and path. */
async function assertUnloaded(browser, origin, tab, page) {
  const host = new URL(origin).host;
  assert.equal(tab.page, page);
  assert.equal(tab.title, `${host}${page}`, `the title of the unloaded tab for ${page}`);
  assert.equal(tab.active, false);
  if (browser.name === 'firefox') {
    assert.equal(tab.discarded, true, `${page} is discarded`);
    assert.equal(tab.url, `${origin}${page}`, 'a discarded tab has its real URL');
  } else {
    const placeholder = await browser.extensionUrl('lazy/lazy.html');
    assert.ok(tab.url.startsWith(`${placeholder}?`), `${page} shows the placeholder page, not ${tab.url}`);
  }
}

/** Selects the tab for `page`, as a click on it in the tab strip does. */
export async function select(browser, origin, page) {
  const tabs = await tabsOf(browser, origin);
  const index = tabs.findIndex((tab) => tab.page === page);
  assert.ok(index >= 0, `a tab for ${page}`);
  if (browser.name === 'firefox') {
    // The tab strip itself (chrome context): what a click on the tab does.
    await browser.script('gBrowser.selectedTab = gBrowser.tabs[arguments[0]];', [index], { chrome: true });
  } else {
    await browser.inExtension(async (index) => {
      const [tab] = await chrome.tabs.query({ index, lastFocusedWindow: true });
      await chrome.tabs.update(tab.id, { active: true });
    }, index);
  }
}

/** Waits until the tab for `page` shows that page, loaded (its URL, the title the page sets, status complete). */
export function loaded(browser, origin, page) {
  const name = page.replace('/page/', '');
  return waitFor(
    () => tabsOf(browser, origin),
    (tabs) => tabs.some((tab) => tab.url === `${origin}${page}` && tab.title === name && tab.status === 'complete' && !tab.discarded),
    { what: `${page} to load` },
  );
}

/** Waits until `count` tabs are open, every one grouped and named (unless `grouped` is false) and none still loading. */
export function opened(browser, origin, count, what) {
  return waitFor(
    () => tabsOf(browser, origin),
    // A tab just created is about:blank, and in Firefox not yet busy, until its navigation starts.
    (tabs) =>
      tabs.length === count &&
      tabs.every((tab) => tab.group !== '' && tab.group !== '(unknown group)' && tab.status !== 'loading' && tab.url !== 'about:blank'),
    { what },
  );
}

/** A click on lazy.html's list (five pages): every page loads, none is left unloaded. */
async function assertAllLoad(browser, origin, server) {
  await browser.goto(`${origin}/lazy.html`);
  const before = pagesFetched(server).length;
  await browser.click('#link');
  const tabs = await waitFor(
    () => tabsOf(browser, origin),
    // Grouped too: pages this small can load before the last group is made (a fresh-clone run read
    // the last tab still outside its group).
    (tabs) =>
      tabs.length === 6 &&
      tabs.slice(1).every((tab, n) => tab.status === 'complete' && tab.title === tab.page.replace('/page/', '') && tab.group === GROUPS[n]?.[1]),
    { what: 'six tabs, every page loaded and grouped' },
  );
  assert.deepEqual(tabs.map((tab) => [tab.url.replace(origin, ''), tab.group, Boolean(tab.discarded)]), [
    ['/lazy.html', null, false],
    ...GROUPS.map(([page, group]) => [page, group, false]),
  ]);
  assert.deepEqual(pagesFetched(server).slice(before).sort(), GROUPS.map(([page]) => page));
}

const GROUPS = [
  ['/page/lazy-1', 'Later (1)'],
  ['/page/lazy-2', 'Later (1)'],
  ['/page/lazy-3', 'Inner'],
  ['/page/lazy-4', 'Inner'],
  ['/page/lazy-5', 'Later (2)'],
];

export const cases = [
  {
    name: 'lazy: with the setting on, only the first page loads; the others are unloaded, grouped, titled, and load when selected',
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      try {
        const { before, tabs } = await clickTheList(browser, origin, server, 'six tabs, grouped and named, none still loading');
        assert.deepEqual(tabs.map((tab) => [tab.page, tab.group]), [['/lazy.html', null], ...GROUPS]);
        // The first page is loaded and in front, as without lazy loading.
        assert.equal(tabs[1].url, `${origin}/page/lazy-1`);
        assert.equal(tabs[1].active, true);
        assert.equal(tabs[1].discarded, false);
        for (const [n, [page]] of GROUPS.entries()) if (n > 0) await assertUnloaded(browser, origin, tabs[n + 1], page);
        // The groups have their names and colours whatever their tabs' state.
        const state = await browser.state();
        assert.deepEqual(state.groups.map((group) => [group.title, group.color === 'red']), [['Later (1)', false], ['Inner', true], ['Later (2)', false]]);
        // Only the first page was fetched.
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lazy-1']);

        // A person selects the fourth page's tab: it loads, in its place and group; the others stay unloaded.
        await select(browser, origin, '/page/lazy-4');
        const after = await loaded(browser, origin, '/page/lazy-4');
        assert.deepEqual(after.map((tab) => [tab.page, tab.group]), [['/lazy.html', null], ...GROUPS]);
        assert.equal(after[4].active, true);
        for (const n of [2, 3, 5]) await assertUnloaded(browser, origin, after[n], GROUPS[n - 1][0]);
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lazy-1', '/page/lazy-4']);
        if (browser.name === 'chromium') {
          // The page itself is shown, and the placeholder left no entry in its back history.
          await browser.switchTo(`${origin}/page/lazy-4`);
          assert.deepEqual(await browser.inPage(() => [document.querySelector('h1').textContent, history.length]), ['lazy-4', 1]);
        }
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: "lazy: Chrome: unloaded tabs and a preview page come back after an update of the extension, which closes its own pages",
    browsers: ['chromium'], // Firefox's unloaded tabs are its own, not the extension's pages
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      try {
        const { before } = await clickTheList(browser, origin, server, 'the lazily opened list');
        // A preview page a person is reading, at the end of the window.
        const link = `uri-list:${origin}/page/p1;${origin}/page/p2?title=Read%20later`;
        const preview = `${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`;
        // Pinned by the person (which puts it first in the window).
        await browser.inExtension((url) => chrome.tabs.create({ url, active: false, pinned: true }), preview);
        await opened(browser, origin, 7, 'the preview page too');
        // What runtime.onUpdateAvailable does before it lets the update in (a test cannot offer
        // an update): the extension's own tabs are written down. Then the extension is loaded
        // again from its folder, which unloads it (and closes its pages) as an update does.
        assert.equal(await browser.inExtension(() => globalThis.uriListBackground.rememberOwnTabs()), 5);
        await browser.reloadExtension();
        const back = await opened(browser, origin, 7, 'the tabs back in their places and groups');
        assert.deepEqual(back.map((tab) => [tab.page, tab.group]), [[preview, null], ['/lazy.html', null], ...GROUPS]);
        const pinned = await browser.inExtension(async () => (await chrome.tabs.query({ pinned: true })).map((tab) => tab.url));
        assert.deepEqual(pinned, [preview], 'the preview page pinned again, and only it');
        for (const [n, [page]] of GROUPS.entries()) if (n > 0) await assertUnloaded(browser, origin, back[n + 2], page);
        const state = await browser.state();
        assert.deepEqual(state.groups.map((group) => [group.title, group.color === 'red']), [['Later (1)', false], ['Inner', true], ['Later (2)', false]]);
        // Nothing was fetched to bring them back, and they still load when selected.
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lazy-1']);
        await select(browser, origin, '/page/lazy-4');
        await loaded(browser, origin, '/page/lazy-4');
        const stored = await browser.inExtension(async () => Object.keys(await chrome.storage.local.get(null)));
        assert.ok(!stored.includes('tabsToRestore'), 'the list of tabs to bring back is forgotten');
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: 'lazy: with the setting off ("never"), every page of the list loads',
    async run({ browser, origin, server }) {
      await setLazy(browser, false);
      try {
        await assertAllLoad(browser, origin, server);
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: 'lazy: by default (above 5 pages), a list of 6 opens its first page loaded and the others unloaded; a list of 5 loads every page',
    async run({ browser, origin, server }) {
      await setLazy(browser, undefined);
      await browser.goto(`${origin}/lazy-six.html`);
      const before = pagesFetched(server).length;
      await browser.click('#link');
      const tabs = await opened(browser, origin, 7, 'seven tabs, grouped');
      const six = Array.from({ length: 6 }, (_, n) => `/page/six-${n + 1}`);
      assert.deepEqual(tabs.map((tab) => [tab.page, tab.group]), [['/lazy-six.html', null], ...six.map((page) => [page, 'Six'])]);
      assert.equal(tabs[1].url, `${origin}/page/six-1`);
      assert.equal(tabs[1].active, true);
      for (const n of [2, 3, 4, 5, 6]) await assertUnloaded(browser, origin, tabs[n], six[n - 1]);
      assert.deepEqual(pagesFetched(server).slice(before), ['/page/six-1']);

      await browser.reset();
      await assertAllLoad(browser, origin, server);
    },
  },
  {
    name: 'lazy: sharing a group of unloaded tabs copies their real URLs, and loads none of them',
    async run({ browser, origin, server }) {
      await markClipboard(browser, origin);
      await setLazy(browser, true);
      try {
        const { before } = await clickTheList(browser, origin, server, 'the lazily opened list');
        // The "Inner" group: both of its tabs unloaded. The menu of its second tab.
        await tabMenu(browser, 4, 'share-group');
        const link = await copied(browser, MARKER);
        assert.equal(link, `uri-list:${origin}/page/lazy-3;${origin}/page/lazy-4?title=Inner&color=red`);
        // With their titles: an unloaded tab's is the one it shows (its address without the scheme),
        // read without loading it (Chrome: from the placeholder's address).
        await tabMenu(browser, 4, 'share-group-markdown');
        const host = new URL(origin).host;
        assert.equal(
          await copied(browser, link),
          `- Inner\n  - [${host}/page/lazy-3](${origin}/page/lazy-3)\n  - [${host}/page/lazy-4](${origin}/page/lazy-4)`,
        );
        const tabs = await tabsOf(browser, origin);
        for (const n of [1, 2, 3, 4]) await assertUnloaded(browser, origin, tabs[n + 1], GROUPS[n][0]);
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/lazy-1']);
      } finally {
        await forgetShareFormat(browser);
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: 'lazy: "Open selected as group" on the preview page loads only the first checked page',
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      try {
        await browser.goto(`${origin}/over-limit.html`);
        await browser.click('#link');
        await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
        await waitFor(() => browser.inPage(() => document.querySelectorAll('#items li.item').length), (n) => n === 17, {
          what: 'the preview page to list its items',
        });
        const before = pagesFetched(server).length;
        await browser.click('#select-none');
        for (const n of [1, 2, 4]) await browser.click(`#item-${n}`);
        await browser.click('#open');
        const tabs = await opened(browser, origin, 5, 'the three checked pages as a group');
        assert.deepEqual(tabs.slice(2).map((tab) => [tab.page, tab.group]), [
          ['/page/n2', 'Sixteen pages'],
          ['/page/n3', 'Sixteen pages'],
          ['/page/n5', 'Sixteen pages'],
        ]);
        assert.equal(tabs[2].url, `${origin}/page/n2`);
        assert.equal(tabs[2].active, true);
        await assertUnloaded(browser, origin, tabs[3], '/page/n3');
        await assertUnloaded(browser, origin, tabs[4], '/page/n5');
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/n2']);
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    name: 'lazy: a Shift-click opens the new window with its first page loaded, the others unloaded',
    async run({ browser, origin, server }) {
      await setLazy(browser, true);
      try {
        await browser.goto(`${origin}/click-title.html`);
        const before = pagesFetched(server).length;
        await browser.click('#link', { modifiers: ['Shift'] });
        const tabs = await opened(browser, origin, 4, 'the new window with the group');
        assert.deepEqual(tabs.map((tab) => [tab.page, tab.group]), [
          ['/click-title.html', null],
          ['/page/one', 'Reading list'],
          ['/page/two', 'Reading list'],
          ['/page/three', 'Reading list'],
        ]);
        assert.equal(tabs[1].url, `${origin}/page/one`);
        assert.equal(tabs[1].active, true, 'the first page is the new window\'s selected tab');
        await assertUnloaded(browser, origin, tabs[2], '/page/two');
        await assertUnloaded(browser, origin, tabs[3], '/page/three');
        assert.deepEqual(pagesFetched(server).slice(before), ['/page/one']);
      } finally {
        await setLazy(browser, undefined);
      }
    },
  },
  {
    // The placeholder is Chrome's alone (Firefox creates discarded tabs itself).
    name: 'lazy: the placeholder page loads only an http(s) page, and a web page cannot open it',
    browsers: ['chromium'],
    async run({ browser, origin, server }) {
      const placeholder = await browser.extensionUrl('lazy/lazy.html');
      // A web page navigating to it is stopped by the browser: it is no web-accessible resource.
      await browser.goto(`${origin}/plain-link.html`);
      await browser.inPage((url) => {
        location.href = url;
      }, `${placeholder}?url=${encodeURIComponent(`${origin}/page/from-a-web-page`)}`);
      // The browser refuses it (the navigation fails: its error page is in the tab): the placeholder never ran.
      await waitFor(() => browser.inPage(() => location.href).catch(() => ''), (href) => href.startsWith('chrome-error:'), { what: "the browser's error page" });
      assert.equal(pagesFetched(server).includes('/page/from-a-web-page'), false, 'the placeholder, opened by a web page, loaded nothing');
      // Opened (by the extension, selected) with anything but an http(s) URL, it stays, and says so.
      for (const url of ['javascript:alert(1)', 'data:text/html,hi', `${placeholder}?url=${origin}`, 'not a url']) {
        await browser.inExtension((url) => chrome.tabs.create({ url, active: true }), `${placeholder}?url=${encodeURIComponent(url)}`);
        await browser.switchTo(placeholder);
        const shown = await browser.inPage(() => ({ url: location.href, title: document.title, heading: document.querySelector('h1').textContent }));
        assert.equal(shown.url, `${placeholder}?url=${encodeURIComponent(url)}`, `the placeholder for ${url} went nowhere`);
        assert.equal(shown.heading, 'Nothing to load: this placeholder names no web page.');
        await browser.inPage(() => window.close());
        await browser.reset();
      }
    },
  },
];
