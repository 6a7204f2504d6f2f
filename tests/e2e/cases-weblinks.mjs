// Web links and rel="multilink" with the extension (issue 11, part 3): a person's click (left,
// middle, Ctrl, Shift, Enter, the context menu) on a web link (an http(s) address with a list
// after "#") opens the list as a uri-list link does, whatever the host and path; a script's click
// opens nothing; landing on a web link otherwise only offers it (badge, popup); a person's click on
// <a rel="multilink"> opens the list the page it loads names, for that navigation only; Firefox's
// address bar never sends a typed uri-list: link to the search engine. Then every hardening case
// (cases-hardening.mjs) again with its fixture's links made web links (`?web`, server.mjs).
import assert from 'node:assert/strict';
import { cases as hardening } from './cases-hardening.mjs';
import { contextMenu, previewedLink, settled, stateOf, stillSame, urlAndGroup } from './cases-open.mjs';
import { setSettings } from './cases-opening.mjs';
import { openPopup } from './popup.mjs';
import { waitFor } from './util.mjs';

const PAGE = '/web-links.html';
const hrefOf = (browser, selector) => browser.inPage((s) => document.querySelector(s).href, selector);

export const cases = [
  ...[
    ['#web', 'a click on a web link to the web page opens its list as one named group, and the page stays', 'Web list', ['w1', 'w2']],
    ['#elsewhere', 'on another host and path (and MULTI: in capitals) a click opens the group too', 'Elsewhere', ['e1', 'e2']],
  ].map(([selector, what, title, pages]) => ({
    name: `web links: ${what}`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}${PAGE}`);
      await browser.click(selector);
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group of the web link');
      assert.deepEqual(urlAndGroup(state), [[PAGE, null], ...pages.map((name) => [`/page/${name}`, title])]);
      await stillSame(browser, origin, state, { page: true });
    },
  })),
  {
    name: 'web links: a web link shown as its own address (as chat apps show a pasted link) on the web page set opens at once, named by its pages; shown on another site, it names that site and gets the preview page',
    async run({ browser, origin }) {
      await setSettings(browser, { webBase: 'https://lists.example.com/web/' });
      try {
        await browser.goto(`${origin}${PAGE}`);
        // The tooltip reads the words as the click does: no alert about the name.
        await browser.hover('#web-shown');
        const lines = await waitFor(() => browser.shadowTexts('#uri-list-tooltip', '.line'), (l) => l?.length > 0, { what: 'the tooltip' });
        assert.ok(lines.some((line) => line.includes('2 pages')) && !lines.some((line) => line.includes('names')), lines.join(' | '));
        await browser.click('#web-shown');
        const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group of the web link shown as its address');
        assert.deepEqual(urlAndGroup(state), [[PAGE, null], ['/page/v1', '2 pages from 127.0.0.1'], ['/page/v2', '2 pages from 127.0.0.1']]);
        await stillSame(browser, origin, state, { page: true });

        // The same list on a page that is not the web page: its words name that site.
        await browser.reset();
        await browser.goto(`${origin}${PAGE}`);
        await browser.click('#web-shown-elsewhere');
        const shown = await waitFor(
          () => stateOf(browser, origin),
          (s) => s.tabs.some((tab) => tab.url.includes('preview/preview.html')),
          { what: 'the preview page' },
        );
        assert.equal(shown.groups.length, 0);
        const preview = shown.tabs.find((tab) => tab.url.includes('preview/preview.html'));
        assert.equal(await previewedLink(browser, preview.url), `uri-list:${origin}/page/v1;${origin}/page/v2`);
      } finally {
        await setSettings(browser, { webBase: undefined });
      }
    },
  },
  {
    name: 'web links: a middle click and a Ctrl-click open the group in the background, no tab of the web page',
    async run({ browser, origin }) {
      for (const how of [{ button: 'middle' }, { modifiers: ['Control'] }]) {
        await browser.reset();
        await browser.goto(`${origin}${PAGE}`);
        await browser.click('#web', how);
        const state = await settled(browser, origin, { tabs: 3, groups: 1 }, `the group (${JSON.stringify(how)})`);
        assert.deepEqual(
          state.tabs.map((t) => [t.url, t.group, t.active]),
          [
            [PAGE, null, true],
            ['/page/w1', 'Web list', false],
            ['/page/w2', 'Web list', false],
          ],
          JSON.stringify(how),
        );
        await stillSame(browser, origin, state, { page: true });
      }
    },
  },
  {
    name: 'web links: Shift-click opens the group in a new window; Enter on a link reached with Tab opens it next to the page',
    async run({ browser, origin }) {
      await browser.goto(`${origin}${PAGE}`);
      await browser.click('#web', { modifiers: ['Shift'] });
      let state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'a new window with the group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group, t.window]), [
        [PAGE, null, 0],
        ['/page/w1', 'Web list', 1],
        ['/page/w2', 'Web list', 1],
      ]);
      await browser.reset();
      await browser.goto(`${origin}${PAGE}`);
      await browser.tabTo('#web');
      await browser.pressKey('Enter');
      state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group from Enter');
      assert.deepEqual(urlAndGroup(state), [
        [PAGE, null],
        ['/page/w1', 'Web list'],
        ['/page/w2', 'Web list'],
      ]);
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    name: 'web links: "Open as tab group" in the context menu of a web link opens its group',
    async run({ browser, origin }) {
      await browser.goto(`${origin}${PAGE}`);
      await browser.hover('#web');
      await contextMenu(browser, {
        selector: '#web',
        label: 'Open as tab group',
        id: 'open-web-link-as-group',
        info: { linkUrl: await hrefOf(browser, '#web'), linkText: 'A web link to the web page' },
      });
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group from the menu');
      assert.deepEqual(urlAndGroup(state).slice(1), [
        ['/page/w1', 'Web list'],
        ['/page/w2', 'Web list'],
      ]);
    },
  },
  {
    name: 'web links: Firefox: "Open as tab group" is not in the context menu of an ordinary http link next to web links',
    browsers: ['firefox'], // Chromium's menus cannot be shown headless
    async run({ browser, origin }) {
      await browser.goto(`${origin}${PAGE}`);
      await browser.hover('#web');
      await assert.rejects(browser.contextMenu('#ordinary', 'Open as tab group'), /no item "Open as tab group" in: .*Open Link in New Tab/);
    },
  },
  {
    name: "web links: a page script's click on a web link opens no tab and no group: the web page loads in the tab, which only offers the list",
    async run({ browser, origin }) {
      await browser.goto(`${origin}${PAGE}`);
      await browser.click('#script-click');
      const state = await waitFor(
        () => stateOf(browser, origin),
        (s) => s.tabs.length === 1 && s.tabs[0].url.startsWith('/web/#'),
        { what: 'the web page loaded in the tab' },
      );
      assert.deepEqual(state.groups, []);
      await waitFor(() => browser.badge(`${origin}/web/`), (b) => b?.text === '1', { what: 'the offer on the badge' });
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    name: 'web links: landing on a web link (typed) opens nothing by itself; the badge offers the list, and the popup opens it on a click',
    async run({ browser, origin }) {
      const web = `${origin}/web/#uri-list:${origin}/page/l1;${origin}/page/l2?title=Landed`;
      if (browser.name === 'firefox') await browser.addressBar(web);
      else await browser.goto(web); // Chromium's address bar cannot be driven headless: the same navigation
      const state = await waitFor(() => stateOf(browser, origin), (s) => s.tabs[0]?.url.startsWith('/web/#'), { what: 'the web page' });
      const badge = await waitFor(() => browser.badge(`${origin}/web/`), (b) => b?.text === '1', { what: 'the offer on the badge' });
      assert.match(badge.title, /uri-list:/);
      await stillSame(browser, origin, state, { page: true });
      assert.deepEqual(state.groups, []);
      const popup = await openPopup(browser);
      try {
        await waitFor(() => popup.evaluate(() => !document.getElementById('offers').hidden), (shown) => shown, { what: 'the offer in the popup' });
        await popup.click('#offers-list button');
        await waitFor(() => stateOf(browser, origin), (s) => s.groups.length === 1, { what: 'the group' });
      } finally {
        await popup.close();
      }
      const opened = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the offered list as a group');
      assert.deepEqual(urlAndGroup(opened).slice(1), [
        ['/page/l1', 'Landed'],
        ['/page/l2', 'Landed'],
      ]);
    },
  },
  {
    // content.js tells the background of a fragment change only when it changes what the button
    // shows (`shown`): the offer it showed ends with the web link, and comes back with it. (Any
    // page: the uri-list web page at /web/ offers the list it shows by itself, whatever its fragment.)
    name: 'web links: a web page whose fragment stops being a web link no longer offers it on the badge; back at the web link, offered again',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/page/x#uri-list:${origin}/page/f1;${origin}/page/f2?title=Fragment`);
      await waitFor(() => browser.badge(`${origin}/page/x`), (b) => b?.text === '1', { what: 'the offer on the badge' });
      await browser.inPage(() => { location.hash = 'about'; });
      const cleared = await waitFor(() => browser.badge(`${origin}/page/x`), (b) => b?.text === '', { what: 'the badge cleared at #about' });
      assert.doesNotMatch(cleared.title, /offers/);
      await browser.inPage(() => history.back());
      const again = await waitFor(() => browser.badge(`${origin}/page/x`), (b) => b?.text === '1', { what: 'the offer again, back at the web link' });
      assert.match(again.title, /Fragment|uri-list:/);
      const state = await stateOf(browser, origin);
      assert.deepEqual(urlAndGroup(state), [[`/page/x#uri-list:${origin}/page/f1;${origin}/page/f2?title=Fragment`, null]]);
    },
  },
  {
    // A page the browser kept in its back-forward cache is shown again without loading: the
    // browser reset the button as the tab left it, and content.js offers again at `pageshow`.
    name: 'web links: a web page shown again from the back-forward cache offers its list again on the badge',
    async run({ browser, origin }) {
      const web = `${origin}/page/kept?cacheable#uri-list:${origin}/page/b1;${origin}/page/b2?title=Kept`;
      await browser.goto(web);
      await waitFor(() => browser.badge(`${origin}/page/kept`), (b) => b?.text === '1', { what: 'the offer on the badge' });
      await browser.inPage(() => { window.keptMarker = 'kept'; });
      // Whether a page enters the cache is the browser's choice (Firefox, now and then, loads it
      // again): the way away and back is tried up to three times, and one restore is required.
      let restored = false;
      for (let attempt = 0; attempt < 3 && !restored; attempt += 1) {
        await browser.goto(`${origin}/page/elsewhere`);
        // (An earlier case's copy confirmation may be on every tab's badge for a while: only the offer is looked for.)
        await waitFor(() => browser.badge(`${origin}/page/elsewhere`), (b) => b !== null && b.text !== '1', { what: 'the offer gone on the other page' });
        await browser.inPage(() => history.back());
        // The document itself, not only the tab's address, is the web page again before it is asked.
        const [, marker] = await waitFor(
          () => browser.inPage(() => [location.pathname, window.keptMarker ?? null]),
          ([path]) => path === '/page/kept',
          { what: 'the web page again' },
        );
        // Restored, not loaded again: the page's own state is still there (else this case tests nothing).
        restored = marker === 'kept';
        if (!restored) await browser.inPage(() => { window.keptMarker = 'kept'; });
      }
      assert.ok(restored, 'the page came back from the back-forward cache (in one of three tries)');
      await waitFor(() => browser.badge(`${origin}/page/kept`), (b) => b?.text === '1', { what: 'the offer again, after back' });
    },
  },
  {
    name: 'web links: a click on <a rel="multilink"> loads the page and opens the list it names in <link rel="alternate">',
    async run({ browser, origin }) {
      await browser.goto(`${origin}${PAGE}`);
      await browser.click('#multilink');
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the page and its list');
      assert.deepEqual(urlAndGroup(state), [
        ['/multilink-target.html', null],
        ['/page/m1', 'Named by the page'],
        ['/page/m2', 'Named by the page'],
      ]);
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    name: 'web links: Enter on a multilink the page focused in answer to the person\'s own key only loads the page, which offers its list',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus-multilink.html`);
      await browser.typeInto('#box', 'An');
      await browser.pressKey('ArrowDown');
      await waitFor(() => browser.inPage(() => document.activeElement?.id), (id) => id === 'multilink', { what: 'the page to focus the multilink' });
      await browser.pressKey('Enter');
      await waitFor(() => browser.badge(`${origin}/multilink-target.html`), (b) => b?.text === '1', { what: 'the page loaded, offering its list' });
      const state = await stateOf(browser, origin);
      assert.deepEqual(urlAndGroup(state), [['/multilink-target.html', null]]);
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    name: 'web links: Enter on a multilink the person reached with Tab opens the list its page names',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/attack-focus-multilink.html`);
      await browser.typeInto('#next', 'A');
      await browser.pressKey('Tab');
      await waitFor(() => browser.inPage(() => document.activeElement?.id), (id) => id === 'multilink', { what: 'Tab to reach the multilink' });
      await browser.pressKey('Enter');
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the page and its list');
      assert.deepEqual(urlAndGroup(state), [
        ['/multilink-target.html', null],
        ['/page/m1', 'Named by the page'],
        ['/page/m2', 'Named by the page'],
      ]);
    },
  },
  {
    name: 'web links: the same page reached by an ordinary link, or by a script clicking the multilink, only offers its list',
    async run({ browser, origin }) {
      for (const selector of ['#plain', '#script-multilink']) {
        await browser.reset();
        await browser.goto(`${origin}${PAGE}`);
        await browser.click(selector);
        await waitFor(() => browser.badge(`${origin}/multilink-target.html`), (b) => b?.text === '1', { what: `the offer (${selector})` });
        const state = await stateOf(browser, origin);
        assert.deepEqual(urlAndGroup(state), [['/multilink-target.html', null]], selector);
        await stillSame(browser, origin, state, { page: true });
        // Reloading the page (a navigation of its own) opens nothing either.
        await browser.goto(`${origin}/multilink-target.html`);
        await stillSame(browser, origin, state, { page: true });
      }
    },
  },
  {
    name: 'web links: Firefox: a uri-list: link typed into the address bar never reaches the search engine: the preview page shows it',
    browsers: ['firefox'],
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/t1;${origin}/page/t2?title=Typed`;
      await browser.recordRequests();
      await browser.addressBar(link);
      const state = await waitFor(
        () => stateOf(browser, origin),
        (s) => s.tabs.length === 1 && s.tabs[0].url.includes('preview/preview.html'),
        { what: 'the preview page in the tab' },
      );
      assert.equal(await previewedLink(browser, state.tabs[0].url), link);
      const requests = await browser.requests();
      assert.deepEqual(requests.filter((url) => /uri-list|page%2Ft1/i.test(url)), [], requests.join('\n'));
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    // Firefox gives the guard only requests whose address holds a scheme's name as typed in small
    // letters, capitals, or with a capital first letter (background/web-links.js SEARCH_PATTERNS).
    name: 'web links: Firefox: a list typed as URI-LIST:, Multi: or web+urilist: never reaches the search engine either',
    browsers: ['firefox'],
    async run({ browser, origin }) {
      for (const scheme of ['URI-LIST', 'Multi', 'web+urilist']) {
        await browser.reset();
        const link = `${scheme}:${origin}/page/c1;${origin}/page/c2?title=Capitals`;
        await browser.recordRequests();
        await browser.addressBar(link);
        const state = await waitFor(
          () => stateOf(browser, origin),
          (s) => s.tabs.length === 1 && s.tabs[0].url.includes('preview/preview.html'),
          { what: `the preview page in the tab (${scheme}:)` },
        );
        assert.equal(await previewedLink(browser, state.tabs[0].url), link);
        const requests = await browser.requests();
        assert.deepEqual(requests.filter((url) => /uri-?list|multi|page%2Fc1/i.test(url)), [], requests.join('\n'));
      }
    },
  },
  // Every hardening case, its fixture's links made web links.
  ...hardening.map((c) => ({
    ...c,
    name: c.name.replace(/^hardening: /, 'web links: hardening, with web links: '),
    run: ({ browser, ...rest }) => c.run({ browser: withWebLinks(browser), ...rest }),
  })),
];

/**
 * `browser`, but every fixture page loads with `?web`, which makes its uri-list links web links to
 * /web/ (server.mjs); the state and badges read as the page's own path.
 */
function withWebLinks(browser) {
  const plain = (url) => url.replace(/\?web(?=$|#)/, '');
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'goto') {
        return async (url, ...rest) => {
          if (!/\.html$/.test(url)) return target.goto(url, ...rest);
          await target.goto(`${url}?web`, ...rest);
          // The case runs on web links indeed (in the page, or in its closed shadow root's host script).
          const links = await target.inPage(() => document.documentElement.outerHTML.match(/\/web\/#(?:uri-list|multi):/gi)?.length ?? 0);
          assert.ok(links > 0, `${url} has no web link`);
        };
      }
      if (key === 'state') {
        return async () => {
          const state = await target.state();
          return { ...state, tabs: state.tabs.map((tab) => ({ ...tab, url: plain(tab.url) })) };
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
