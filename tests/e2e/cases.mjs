// The end-to-end cases, the same for every browser. Each gets `{browser, origin}`: `browser`
// is a driver (chromium.mjs, firefox.mjs) with one interface: reset, goto, click, press, inPage,
// state, clipboard. Each case starts from one blank tab, acts like a person, and asserts what the browser
// really shows (tabs, their order and URLs, groups and their names).
import assert from 'node:assert/strict';
import { backgroundDone } from './cases-open.mjs';
import { waitFor } from './util.mjs';

/** The state with URLs on the fixture server shortened to their path ("/page/one"). */
async function stateOf(browser, origin) {
  const state = await browser.state();
  const short = (url) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  return { ...state, tabs: state.tabs.map((tab) => ({ ...tab, url: short(tab.url) })) };
}

/**
 * Waits until the browser shows `groups` groups, each named (a group is made, then named: two
 * steps), and every tab has reached a fixture-server URL.
 */
function settled(browser, origin, groups, what) {
  return waitFor(
    () => stateOf(browser, origin),
    (state) =>
      state.groups.length === groups &&
      state.groups.every((group) => group.title !== '') &&
      state.tabs.every((tab) => tab.url.startsWith('/')),
    { what },
  );
}

const tab = (url, group = null, active = false) => ({ url, group, active, window: 0 });

export const cases = [
  ...[
    ['a click on a link with ?title= opens its items next to the tab, as one group named by the title', (browser) => browser.click('#link')],
    ['a tap on a touch screen opens the group next to the tab, as a click does', (browser) => browser.tap('#link')],
  ].map(([name, press]) => ({
    name,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/click-title.html`);
      await press(browser);
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs, [
        tab('/click-title.html'),
        tab('/page/one', 'Reading list', true),
        tab('/page/two', 'Reading list'),
        tab('/page/three', 'Reading list'),
      ]);
      assert.deepEqual(state.groups.map((group) => group.title), ['Reading list']);
    },
  })),
  {
    name: "without a title, the link's text names the group",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/link-text.html`);
      await browser.click('#link');
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        ['/link-text.html', null],
        ['/page/beach', 'Weekend plans'],
        ['/page/museum', 'Weekend plans'],
      ]);
    },
  },
  {
    name: 'a javascript: item is never opened; the other items still open',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/blocked-item.html`);
      await browser.click('#link');
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        ['/blocked-item.html', null],
        ['/page/safe', 'Mixed'],
      ]);
    },
  },
  {
    name: 'a click on a link inside an iframe opens the group next to the tab',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/in-frame.html`);
      await browser.click('#link', { frame: 'iframe' });
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        ['/in-frame.html', null],
        ['/page/one', 'Reading list'],
        ['/page/two', 'Reading list'],
        ['/page/three', 'Reading list'],
      ]);
    },
  },
  ...['sandboxed', 'blob', 'data'].map((where) => ({
    name: `a click on a link inside a frame ${where === 'sandboxed' ? 'sandboxed by its page' : `at a ${where}: address`} (as mail apps show a message) opens the group next to the tab${where === 'blob' ? "; the page's script clicking it opens nothing" : ''}`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/in-frame-opaque.html?in=${where}`);
      if (where === 'blob') {
        // The page's own script clicks the link in its blob: frame first: cancelled, nothing opens.
        await browser.click('#script-click');
        const result = await waitFor(() => browser.inPage(() => document.getElementById('result').textContent), (text) => text !== '', { what: "the page's report of its own click" });
        assert.equal(result, 'untrusted click, defaultPrevented=true');
        await backgroundDone(browser, { page: true });
        assert.deepEqual((await stateOf(browser, origin)).tabs, [tab(`/in-frame-opaque.html?in=${where}`, null, true)]);
      }
      await browser.click('#link', { frame: 'iframe' });
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        [`/in-frame-opaque.html?in=${where}`, null],
        ['/page/one', 'Reading list'],
        ['/page/two', 'Reading list'],
        ['/page/three', 'Reading list'],
      ]);
    },
  })),
  {
    name: 'a middle click opens the group in the background',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/click-title.html`);
      await browser.click('#link', { button: 'middle' });
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.active]), [
        ['/click-title.html', true],
        ['/page/one', false],
        ['/page/two', false],
        ['/page/three', false],
      ]);
    },
  },
  {
    name: 'a Ctrl-click opens the group in the background',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/link-text.html`);
      await browser.click('#link', { modifiers: ['Control'] });
      const state = await settled(browser, origin, 1, 'one tab group');
      assert.deepEqual(state.tabs, [
        tab('/link-text.html', null, true),
        tab('/page/beach', 'Weekend plans'),
        tab('/page/museum', 'Weekend plans'),
      ]);
    },
  },
  {
    name: 'Enter on a focused link opens it once',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/click-title.html`);
      // Focused as a person focuses it (a script's focus() would get the preview page: lib content.js).
      await browser.tabTo('#link');
      await browser.pressKey('Enter');
      await settled(browser, origin, 1, 'one tab group');
      // A second open (keydown, then the click synthesised from it) has reached the background by now.
      await backgroundDone(browser, { page: true });
      const state = await settled(browser, origin, 1, 'still one tab group');
      assert.equal(state.tabs.length, 4, JSON.stringify(state.tabs));
    },
  },
  ...[
    ['#list', 'a uri-list link', 'Opened once', ['/page/one', '/page/two']],
    ['#web', 'a web link', 'Web list', ['/page/w1', '/page/w2']],
  ].map(([selector, what, title, pages]) => ({
    name: `a person's click on ${what} in a page that opens its links itself (window.open in its click handler) opens the group once, and no tab of the page's`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/opens-itself.html`);
      await browser.click(selector);
      await settled(browser, origin, 1, 'the group');
      await backgroundDone(browser, { page: true });
      const state = await stateOf(browser, origin);
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [['/opens-itself.html', null], ...pages.map((page) => [page, title])]);
      assert.equal(await browser.inPage(() => document.getElementById('result').textContent), '', "the page's handler did not get the click");
    },
  })),
  {
    name: "a page script's link.click() opens nothing; a person's click on the same link then opens one group",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/untrusted.html`);
      await browser.click('#script-click');
      // The extension saw the script's click and cancelled the browser's own handling of it...
      const result = await waitFor(
        () => browser.inPage(() => document.getElementById('result').textContent),
        (text) => text !== '',
        { what: "the page's report of its own click" },
      );
      assert.equal(result, 'untrusted click, defaultPrevented=true');
      await backgroundDone(browser, { page: true });
      // ...and opened nothing.
      assert.deepEqual((await stateOf(browser, origin)).tabs, [tab('/untrusted.html', null, true)]);
      await browser.click('#link');
      await settled(browser, origin, 1, 'the group from the real click');
      await backgroundDone(browser, { page: true });
      const state = await settled(browser, origin, 1, 'still one group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        ['/untrusted.html', null],
        ['/page/p1', 'Clicked by a person'],
        ['/page/p2', 'Clicked by a person'],
      ]);
    },
  },
  {
    name: "the harness sees an error the service worker did not catch (a listener's rejected promise)",
    browsers: ['chromium'], // Firefox's harness reads the browser's console service, which has every error
    async run({ browser }) {
      const deliberate = 'uri-list e2e: a deliberate unhandled rejection';
      await browser.inExtension((message) => {
        Promise.reject(new Error(message));
      }, deliberate);
      await waitFor(() => browser.extensionErrors(), (errors) => errors.some((e) => e.includes(deliberate)), {
        what: 'the rejection among the extension errors',
      });
      browser.errors = browser.errors.filter((e) => !e.includes(deliberate)); // only this one
    },
  },
  {
    name: 'the harness reads back the clipboard (here, what a page copied on a click)',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/clipboard.html`);
      await browser.click('#copy');
      await waitFor(() => browser.inPage(() => document.getElementById('result').textContent), (text) => text === 'copied', {
        what: 'the page to copy',
      });
      assert.equal(await browser.clipboard(), 'uri-list:https://a.example/;https://b.example/?title=Copied');
    },
  },
];
