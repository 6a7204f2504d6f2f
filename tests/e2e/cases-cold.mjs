// A cold start (issue 26): the background reads its settings once, beside the wasm core's init,
// and a click's storage reads start before the core is ready. What a person sees must not change:
// a setting changed after the background read it applies to the next click, and the first click
// after Chrome stopped the service worker opens its group as the stored settings say, a web link's
// as well (the core reads it).
import assert from 'node:assert/strict';
import { activityMark, backgroundDone, settled, stateOf, urlAndGroup } from './cases-open.mjs';
import { setSettings } from './cases-opening.mjs';
import { waitFor } from './util.mjs';

/** A person's click on click-title.html's list (three pages, "Reading list"): the tabs, once grouped. */
async function clickReadingList(browser, origin, what) {
  await browser.goto(`${origin}/click-title.html`);
  await browser.click('#link');
  return urlAndGroup(await settled(browser, origin, { tabs: 4, groups: 1 }, what));
}

/**
 * What starts a stopped background: a page's own offer, sent by the content script. Loads one in
 * the current tab; the background's activity once the offer is handled.
 */
async function offerStartsIt(browser, origin) {
  await browser.goto(`${origin}/offers.html`);
  await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.text === '1', { what: 'the badge' });
  // (Firefox's copy of the background's activity, its page title, may come a moment after the badge.)
  return waitFor(() => activityMark(browser), (a) => a !== null && a.received > 0 && a.received === a.finished, { what: 'the offer handled' });
}

/**
 * A person's click on web-links.html's multilink `link` (with the pointer on it first if `hover`)
 * after the background stopped: the page at `target` and the list it names, grouped.
 */
async function coldMultilinkClick(browser, origin, { link, target, hover }) {
  const since = await activityMark(browser);
  await browser.goto(`${origin}/web-links.html`);
  await backgroundDone(browser, { since, expect: ['message multilinkPage'] });
  await browser.stopBackground();
  if (hover) {
    await browser.hover(link);
    await backgroundDone(browser, { since, expect: ['message warm'] });
  }
  await browser.click(link);
  const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the page and its list, after a cold start');
  assert.deepEqual(urlAndGroup(state), [
    [target, null],
    ['/page/m1', 'Named by the page'],
    ['/page/m2', 'Named by the page'],
  ]);
}

const IN_ORDER = [
  ['/click-title.html', null],
  ['/page/one', 'Reading list'],
  ['/page/two', 'Reading list'],
  ['/page/three', 'Reading list'],
];
const REVERSED = [IN_ORDER[0], IN_ORDER[3], IN_ORDER[2], IN_ORDER[1]];

export const cases = [
  {
    name: 'cold: a setting changed after the background read its settings applies to the next click',
    async run({ browser, origin }) {
      await setSettings(browser, { reverse: null });
      try {
        // The background has read the settings (at its start, and for this click).
        assert.deepEqual(await clickReadingList(browser, origin, 'the group, in order'), IN_ORDER);
        await browser.reset();
        await setSettings(browser, { reverse: true });
        assert.deepEqual(await clickReadingList(browser, origin, 'the group, reversed by the new setting'), REVERSED);
      } finally {
        await setSettings(browser, { reverse: null });
      }
    },
  },
  {
    name: 'cold: the pointer on a uri-list link readies the background before the click (Chromium: starts its stopped worker), once in 10 s; a script\'s events do not; nothing opens until the click',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/title-names-site.html`);
      const since = await activityMark(browser);
      const before = await stateOf(browser, origin); // (read through the worker in Chromium: before it stops)
      // A page's script cannot: its own pointerover and focusin on the link (untrusted) send nothing.
      await browser.inPage(() => {
        const link = document.querySelector('#plain');
        link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      });
      const scripted = await backgroundDone(browser, { page: true, since });
      assert.deepEqual(scripted.filter((kind) => kind === 'message warm'), [], 'a script\'s events warmed the background');
      if (browser.name === 'chromium') await browser.stopServiceWorker();
      await browser.hover('#plain');
      const kinds = await backgroundDone(browser, { since, expect: ['message warm'] });
      // Finished: its handler returns once the core is ready and has planned once.
      assert.deepEqual(kinds.filter((kind) => kind === 'message warm'), ['message warm']);
      assert.deepEqual(await stateOf(browser, origin), before);
      // Another uri-list link within 10 s: nothing more is sent.
      const again = await activityMark(browser);
      await browser.hover('#named-title');
      await browser.hover('#plain');
      await backgroundDone(browser, { page: true });
      const now = await activityMark(browser);
      assert.deepEqual(now.log.filter(([n, kind]) => n > again.received && kind === 'message warm'), []);
      // The click opens the list as ever.
      await browser.click('#plain');
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group');
      assert.deepEqual(urlAndGroup(state), [
        ['/title-names-site.html', null],
        ['/page/fine', 'Words'],
        ['/page/login', 'Words'],
      ]);
    },
  },
  {
    // The background listens to navigations only where it acts: a uri-list: address (every other
    // page load is not its business), and, for 30 s after a person's rel="multilink" click, that
    // tab's (background/web-links.js); Firefox's search guard only to a top-level request whose
    // address holds a scheme's name. A listener to every navigation would start a stopped
    // background (and in Firefox hold every page load until it answered) at every page anyone loads.
    name: 'cold: pages loading in a tab do not start the stopped background (a load, a query, a fragment, a history entry, a failed load); a page that offers a list does',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/link-text.html`);
      await browser.stopBackground();
      await browser.goto(`${origin}/page/one`);
      await browser.goto(`${origin}/page/two?q=multiple+lists&list=1`);
      await browser.goto(`${origin}/page/two?q=multiple+lists&list=1#part`);
      await browser.inPage(() => history.pushState({}, '', '/page/three'));
      await browser.goto('http://127.0.0.1:9/').catch(() => {}); // nothing listens there: the load fails
      // (Chromium's error page commits after the failed navigation returned.)
      await waitFor(() => browser.inPage(() => location.href).catch(() => origin), (href) => !href.startsWith(origin), { what: 'the error page' });
      const { log } = await offerStartsIt(browser, origin);
      assert.deepEqual(log.map(([, kind]) => kind), ['message offers'], 'what the background received since it stopped');
    },
  },
  {
    // tabs.onRemoved takes no filter: a listener there when the background stopped starts it again
    // (and loads the wasm core) for every tab closed anywhere (background/closed-tabs.js).
    name: 'cold: a tab a person opens and closes does not start the stopped background',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/link-text.html`);
      await browser.stopBackground();
      await browser.openAndCloseTab(`${origin}/page/one`);
      await browser.openAndCloseTab(`${origin}/page/two`);
      assert.equal(await browser.backgroundRunning(), false, 'the background runs after two tabs closed');
      const { log } = await offerStartsIt(browser, origin);
      assert.deepEqual(log.map(([, kind]) => kind), ['message offers'], 'what the background received since it stopped');
    },
  },
  {
    // A tab with a multilink page keeps the navigation listeners there (they start a stopped
    // background at every page load); one closed while the background was stopped is looked for
    // when it next starts (background/web-links.js), and the listeners go.
    name: 'cold: a multilink page\'s tab closed while the background was stopped no longer has page loads start it',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/link-text.html`);
      const since = await activityMark(browser);
      await browser.openTab(`${origin}/web-links.html`);
      await backgroundDone(browser, { since, expect: ['message multilinkPage'] });
      await browser.stopBackground();
      await browser.closeTab(`${origin}/web-links.html`);
      await offerStartsIt(browser, origin);
      await browser.stopBackground();
      await browser.goto(`${origin}/page/one`);
      await browser.goto(`${origin}/page/two`);
      // (A background started by the first load is starting by the time the second has loaded;
      // its listeners, made after a storage read, may miss the load that started it.)
      assert.equal(await browser.backgroundRunning(), false, 'the background runs after two page loads');
    },
  },
  {
    // What a preview page shows is kept in storage.local until its tab closes: the tab's close is
    // listened to while a preview is kept (background/closed-tabs.js), and a tab closed while the
    // background was stopped is looked for when it next starts (background/previews.js).
    name: 'cold: a preview page\'s list is forgotten when its tab closes, also when the background had stopped by then',
    async run({ browser, origin }) {
      const preview = await browser.extensionUrl('preview/preview.html');
      const stored = (id) => browser.inExtension(async (key) => (await (globalThis.browser ?? globalThis.chrome).storage.local.get(key))[key] !== undefined, `preview.${id}`);
      const showPreview = async () => {
        await browser.goto(`${origin}/type-list.html`);
        await browser.click('#link');
        const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
        const id = new URL(state.tabs[1].url).searchParams.get('id');
        assert.ok(id && (await stored(id)), `the preview's list is stored (${state.tabs[1].url})`);
        return id;
      };
      const running = await showPreview();
      await browser.closeTab(preview);
      await waitFor(() => stored(running), (kept) => !kept, { what: 'the list of the preview closed while the background ran forgotten' });

      const stopped = await showPreview();
      await browser.stopBackground();
      await browser.closeTab(preview);
      await offerStartsIt(browser, origin);
      await waitFor(() => stored(stopped), (kept) => !kept, { what: 'the list of the preview closed while the background was stopped forgotten' });
    },
  },
  {
    // A page with a multilink on it keeps the background's navigation listeners there, also for a
    // background started again (it reads which tabs have one from storage.session).
    // The pointer comes onto the link first, as a person's does, and readies the background.
    name: 'cold: a person\'s click on <a rel="multilink"> on a page loaded before the background stopped opens the list its page names',
    run: ({ browser, origin }) => coldMultilinkClick(browser, origin, { link: '#multilink', target: '/multilink-target.html', hover: true }),
  },
  {
    // With no pause, the background the click starts registers its navigation listeners after
    // the click's navigation started (Firefox): the page at the clicked address is still the
    // click's (background/web-links.js, `blind`); Firefox only offered the list before. The
    // server takes a moment to answer, as on the web: on 127.0.0.1 the page that was clicked is
    // gone before Firefox's background has started, and with it the click's message, now and
    // then (not something the extension can change: it never holds a person's navigation).
    name: 'cold: a person\'s click on <a rel="multilink"> with no pause on the link (the pointer moved and pressed at once) from a stopped background opens the list its page names',
    run: ({ browser, origin }) => coldMultilinkClick(browser, origin, { link: '#multilink-slow', target: '/multilink-target.html?slow', hover: false }),
  },
  {
    name: 'cold: the first click after the service worker stopped opens its group as the stored settings say',
    browsers: ['chromium'],
    async run({ browser, origin }) {
      await setSettings(browser, { reverse: true });
      try {
        await browser.goto(`${origin}/click-title.html`);
        await browser.stopServiceWorker();
        // The click starts the worker: its storage reads run before the core is ready, its plan after.
        await browser.click('#link');
        assert.deepEqual(urlAndGroup(await settled(browser, origin, { tabs: 4, groups: 1 }, 'the group, reversed, after a cold start')), REVERSED);
      } finally {
        await setSettings(browser, { reverse: null });
      }
    },
  },
  {
    // A web link is read by the core (the list after its "#") before anything else of the click:
    // the one part of a click that must wait for the core, which a cold start has not finished.
    name: 'cold: a click on a web link that starts the stopped service worker opens its group',
    browsers: ['chromium'],
    async run({ browser, origin }) {
      const since = await activityMark(browser);
      await browser.goto(`${origin}/web-links.html`);
      // The page has a rel="multilink" link and says so as it loads: that answered first, as Chrome
      // never stops a worker with a message to answer (stopped mid-answer, the page's content
      // script is told nothing, and says so in the console).
      await backgroundDone(browser, { since, expect: ['message multilinkPage'] });
      await browser.stopServiceWorker();
      await browser.click('#web');
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the group of the web link, after a cold start');
      assert.deepEqual(urlAndGroup(state), [
        ['/web-links.html', null],
        ['/page/w1', 'Web list'],
        ['/page/w2', 'Web list'],
      ]);
    },
  },
];
