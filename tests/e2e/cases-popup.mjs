// The popup and the safety net (issue 6): the open-limit setting as a person changes it, the
// paste box, what a page offers, and lists that look like something they are not.
//
// The popup is driven with real input (typed keys, clicks) in its own window, pointed at the
// test's window (see popup.mjs); what it changes is then checked where it matters: what a click
// on a link in a page opens, what is in storage.sync, what the preview page shows.
import assert from 'node:assert/strict';
import { previewedLink, settled, stateOf, stillSame, urlAndGroup } from './cases-open.mjs';
import { expectLoggedErrors } from './cases-attacks.mjs';
import { SCREENSHOTS, openOptions, withPopupReading } from './popup.mjs';
import { waitFor } from './util.mjs';

/** What the popup shows. */
function readPopup() {
  const text = (id) => document.getElementById(id).textContent;
  const items = (id) => [...document.querySelectorAll(`#${id} li`)].map((li) => li.textContent);
  return {
    ready: !document.getElementById('copy').disabled || text('status') !== '',
    summary: text('pasted-summary'),
    sites: items('pasted-sites'),
    alerts: items('pasted-alerts'),
    notes: items('pasted-notes'),
    openButton: text('open-pasted'),
    openDisabled: document.getElementById('open-pasted').disabled,
    pasteStatus: text('paste-status'),
    offersHeading: text('offers-heading'),
    offers: document.getElementById('offers').hidden ? null : [...document.querySelectorAll('#offers-list button')].map((b) => b.textContent),
    offersRead: document.getElementById('offers').getAttribute('aria-busy') !== 'true',
    offersStatus: text('offers-status'),
    offersAbout: [...document.querySelectorAll('#offers-list .about')].map((about) => about.textContent),
    height: document.documentElement.offsetHeight,
  };
}

/** What the options page shows. */
function readOptions() {
  const text = (id) => document.getElementById(id).textContent;
  return {
    limit: document.getElementById('open-limit').value,
    limitError: text('open-limit-error'),
    invalid: document.getElementById('open-limit').getAttribute('aria-invalid'),
    settingsStatus: text('settings-status'),
    lazy: ((choice) => (choice?.value === 'above' ? `above ${document.getElementById('lazy-count').value}` : (choice?.value ?? null)))(
      /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="lazy"]:checked')),
    ),
    linkify: document.getElementById('linkify').checked,
  };
}

async function storedSettings(browser) {
  return browser.inExtension(async () => {
    const api = globalThis.browser ?? globalThis.chrome;
    return api.storage.sync.get(null);
  });
}

async function clearSettings(browser) {
  await browser.inExtension(async () => {
    const api = globalThis.browser ?? globalThis.chrome;
    await api.storage.sync.clear();
  });
}

/** Opens the popup (read with `readPopup`), runs `body(popup)`, closes it whatever happens. */
const withPopup = (browser, body) => withPopupReading(browser, readPopup, body);

/** Opens the options page (where the settings are), runs `body(options)`, closes it whatever happens. */
async function withOptions(browser, body) {
  const options = await openOptions(browser);
  options.read = () => options.evaluate(readOptions);
  try {
    await waitFor(() => options.read(), (p) => p.limit !== '', { what: 'the options page to show the settings' });
    return await body(options);
  } finally {
    await options.close();
  }
}

export const cases = [
  {
    name: 'options: changing how many pages open at once on the options page changes what opens directly',
    async run({ browser, origin }) {
      try {
        await browser.goto(`${origin}/click-title.html`); // a 3-page list
        await withOptions(browser, async (popup) => {
          assert.equal((await popup.read()).limit, '15', 'the default open-limit');
          await popup.type('#open-limit', '2');
          const shown = await waitFor(() => popup.read(), (p) => p.settingsStatus !== '', { what: 'the confirmation' });
          assert.equal(shown.settingsStatus, 'Saved: lists of more than 2 pages show a preview first.');
          assert.equal(shown.limitError, '');
        });
        assert.equal((await storedSettings(browser)).openLimit, 2);
        await browser.click('#link');
        const state = await settled(browser, origin, { tabs: 2 }, 'the preview page (3 pages, limit 2)');
        assert.notEqual(await previewedLink(browser, state.tabs[1].url), null);
        await stillSame(browser, origin, state, { page: true });

        await browser.reset();
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          assert.equal((await popup.read()).limit, '2', 'the popup shows the stored limit');
          await popup.type('#open-limit', '3');
          await waitFor(() => popup.read(), (p) => p.settingsStatus.includes('3 pages'), { what: 'the confirmation' });
        });
        await browser.click('#link');
        const opened = await settled(browser, origin, { tabs: 4, groups: 1 }, 'the group (3 pages, limit 3)');
        assert.deepEqual(urlAndGroup(opened).slice(1), [
          ['/page/one', 'Reading list'],
          ['/page/two', 'Reading list'],
          ['/page/three', 'Reading list'],
        ]);
      } finally {
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'options: an invalid number of pages (0, 501, 2.5, letters, empty) is rejected with a message and not saved',
    async run({ browser, origin }) {
      try {
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          await popup.type('#open-limit', '7');
          await waitFor(() => popup.read(), (p) => p.settingsStatus.includes('7 pages'), { what: 'the valid limit saved' });
          for (const typed of ['0', '501', '2.5', 'abc', '']) {
            await popup.type('#open-limit', typed);
            const shown = await waitFor(() => popup.read(), (p) => p.limitError !== '', { what: `the message for ${JSON.stringify(typed)}` });
            assert.equal(shown.limitError, 'The number of pages must be a whole number from 1 to 500.', `for ${JSON.stringify(typed)}`);
            assert.equal(shown.invalid, 'true');
            assert.equal((await storedSettings(browser)).openLimit, 7, `${JSON.stringify(typed)} is not saved`);
            // A valid value again clears the message.
            await popup.type('#open-limit', '7');
            await waitFor(() => popup.read(), (p) => p.limitError === '' && p.invalid === null, { what: 'the message to go' });
          }
          await popup.type('#open-limit', '0');
          await waitFor(() => popup.read(), (p) => p.limitError !== '', { what: 'the message' });
          await popup.screenshots?.('invalid-limit');
        });
        assert.equal((await storedSettings(browser)).openLimit, 7);
      } finally {
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'options: a corrupt stored setting shows (and acts) as its default',
    async run({ browser, origin }) {
      try {
        await browser.inExtension(async () => {
          const api = globalThis.browser ?? globalThis.chrome;
          await api.storage.sync.set({ openLimit: '9; drop table', lazy: 'yes', linkify: 1 });
        });
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          const shown = await popup.read();
          assert.deepEqual([shown.limit, shown.lazy, shown.linkify], ['15', 'above 5', false]);
        });
        await browser.click('#link');
        await settled(browser, origin, { tabs: 4, groups: 1 }, 'the group, under the default limit');
      } finally {
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'options: the lazy choice and the linkify checkbox are saved in storage.sync',
    async run({ browser, origin }) {
      try {
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          await popup.click('#lazy-always');
          await waitFor(() => storedSettings(browser), (s) => s.lazy === true, { what: 'lazy saved' });
          await popup.click('#linkify');
          await waitFor(() => storedSettings(browser), (s) => s.linkify === true, { what: 'linkify saved' });
          await popup.click('#linkify');
          await waitFor(() => storedSettings(browser), (s) => s.linkify === false, { what: 'linkify off again' });
          assert.equal((await popup.read()).settingsStatus, 'Saved: page text is left alone.');
        });
      } finally {
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'popup: a pasted text/uri-list is previewed live (pages, sites, what is left out) and opens as a group',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/click-title.html`);
      const text = [
        '#?title=Pasted%20reading',
        '# a comment line',
        `${origin}/page/p1`,
        `${origin}/page/p2`,
        'javascript:alert(1)',
        `${origin.replace('127.0.0.1', 'localhost')}/page/p3`,
      ].join('\r\n');
      await withPopup(browser, async (popup) => {
        await popup.paste('#pasted', text);
        const shown = await waitFor(() => popup.read(), (p) => p.summary !== '', { what: 'the live preview' });
        assert.equal(shown.summary, '3 pages from 2 sites');
        assert.deepEqual(shown.sites, ['127.0.0.1', 'localhost']);
        assert.deepEqual(shown.alerts, []);
        assert.equal(shown.notes.length, 1);
        assert.match(shown.notes[0], /^Left out: javascript:alert\(1\) \(javascript: links are never opened/);
        assert.equal(shown.openButton, 'Open 3 pages as a group');
        await popup.screenshots?.('pasted');
        await popup.click('#open-pasted');
        await waitFor(() => stateOf(browser, origin), (s) => s.groups.length === 1, { what: 'the group' });
      });
      const state = await waitFor(() => stateOf(browser, origin), (s) => s.tabs.length === 4, { what: 'the pasted list as a group' });
      assert.equal(state.groups.length, 1);
      assert.deepEqual(urlAndGroup(state), [
        ['/click-title.html', null],
        ['/page/p1', 'Pasted reading'],
        ['/page/p2', 'Pasted reading'],
        [`${origin.replace('127.0.0.1', 'localhost')}/page/p3`, 'Pasted reading'],
      ]);
    },
  },
  {
    name: 'popup: addresses pasted in a sentence open as written: a closing bracket the address opened stays in it (a Wikipedia page), one around it and the full stop do not',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/click-title.html`);
      await withPopup(browser, async (popup) => {
        await popup.paste('#pasted', `See ${origin}/page/Rust_(language), and (${origin}/page/other).`);
        const shown = await waitFor(() => popup.read(), (p) => p.summary !== '', { what: 'the live preview' });
        assert.equal(shown.openButton, 'Open 2 pages as a group');
        await popup.click('#open-pasted');
        await waitFor(() => stateOf(browser, origin), (s) => s.groups.length === 1, { what: 'the group' });
      });
      const state = await waitFor(() => stateOf(browser, origin), (s) => s.tabs.length === 3 && s.tabs.every((tab) => tab.url !== ''), { what: 'the two pages' });
      assert.deepEqual(
        urlAndGroup(state).map(([url]) => url),
        ['/click-title.html', '/page/Rust_(language)', '/page/other'],
      );
    },
  },
  {
    name: 'popup: a pasted list with a lookalike site warns in the box, and goes to the preview page first',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/click-title.html`);
      await withPopup(browser, async (popup) => {
        await popup.paste('#pasted', 'see uri-list:https://paypal.com/signin;https://p%D0%B0ypal.com/signin?title=Pay and more');
        const shown = await waitFor(() => popup.read(), (p) => p.summary !== '', { what: 'the live preview' });
        assert.equal(shown.summary, '2 pages from 2 sites');
        assert.deepEqual(shown.sites, ['paypal.com', 'pаypal.com (xn--pypal-4ve.com)']);
        assert.ok(shown.alerts.some((a) => /mixes Latin and Cyrillic/.test(a)), JSON.stringify(shown.alerts));
        // Both names look the same on screen: the warning names the lookalike by its punycode too.
        assert.ok(shown.alerts.some((a) => /\(xn--pypal-4ve\.com\) looks like paypal\.com/.test(a)), JSON.stringify(shown.alerts));
        assert.equal(shown.openButton, 'Review 2 pages first…');
        await popup.screenshots?.('lookalike');
        await popup.click('#open-pasted');
        await waitFor(() => popup.read(), (p) => p.pasteStatus !== '', { what: 'the popup to say what it did' });
      });
      const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
      assert.notEqual(await previewedLink(browser, state.tabs[1].url), null);
    },
  },
  {
    name: 'safety: a clicked list with a lookalike site opens the preview page with the warning, the lookalike unchecked',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/lookalike-hosts.html`);
      await browser.click('#link');
      const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
      await stillSame(browser, origin, state, { page: true });
      await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
      const shown = await waitFor(
        () =>
          browser.inPage(() => ({
            why: document.getElementById('why').hidden ? '' : document.getElementById('why').textContent,
            rows: [...document.querySelectorAll('#items li.item')].map((li) => ({
              checked: li.querySelector('input').checked,
              about: li.querySelector('.about').textContent,
            })),
          })),
        (shown) => shown.rows.length === 2,
        { what: 'the items' },
      );
      assert.match(shown.why, /\(xn--pypal-4ve\.com\) looks like paypal\.com/);
      assert.deepEqual(shown.rows.map((r) => r.checked), [true, false]);
      assert.match(shown.rows[1].about, /pаypal\.com \(xn--pypal-4ve\.com\)/);
      assert.match(shown.rows[1].about, /mixes Latin and Cyrillic/);
      await browser.screenshots?.(SCREENSHOTS, 'preview-lookalike');
    },
  },
  {
    name: 'popup: a list the page offers with <link rel="alternate"> is offered in the popup and opens as a group',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/offers.html`);
      await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.text === '1', { what: 'the badge' });
      await withPopup(browser, async (popup) => {
        const shown = await waitFor(() => popup.read(), (p) => p.offers !== null, { what: 'the offer' });
        assert.deepEqual(shown.offers, ["This page's reading list"]);
        // What it holds, before anything opens: its pages and sites.
        assert.deepEqual(shown.offersAbout, ['2 pages · 127.0.0.1']);
        assert.equal(shown.offersHeading, 'This page offers a list');
        // The line under it is drawn as the stylesheet says: smaller than the list's name, and
        // wrapped within the box however long a host is.
        const drawn = await popup.evaluate(() => {
          const about = document.querySelector('#offers-list .about');
          const button = document.querySelector('#offers-list button');
          return { about: parseFloat(getComputedStyle(about).fontSize), button: parseFloat(getComputedStyle(button).fontSize), wrap: getComputedStyle(about).overflowWrap };
        });
        assert.ok(drawn.about < drawn.button, JSON.stringify(drawn));
        assert.equal(drawn.wrap, 'anywhere');
        await popup.screenshots?.('offer');
        await popup.click('#offers-list button');
        await waitFor(() => stateOf(browser, origin), (s) => s.groups.length === 1, { what: 'the group' });
      });
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the offered list as a group');
      assert.deepEqual(urlAndGroup(state).slice(1), [
        ['/page/offer-1', 'Offered'],
        ['/page/offer-2', 'Offered'],
      ]);
    },
  },
  {
    // The uri-list web page names the list of its address in <link rel="alternate"> too (web/web.js,
    // for browsers and extensions that read that): one list, offered once.
    name: 'popup: the uri-list web page at a web link offers its list once, though it also names it in <link rel="alternate">',
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/once-1;${origin}/page/once-2?title=Once`;
      await browser.goto(`${origin}/web/#${link}`);
      await waitFor(() => browser.inPage(() => document.querySelector('link[rel="alternate"]')?.getAttribute('href') ?? null), (href) => href === link, {
        what: "the web page's <link rel=alternate>",
      });
      await withPopup(browser, async (popup) => {
        const shown = await waitFor(() => popup.read(), (p) => p.offersRead, { what: 'the offers read' });
        assert.deepEqual(shown.offersAbout, ['2 pages · 127.0.0.1']);
        assert.equal(shown.offersHeading, 'This page offers a list');
      });
    },
  },
  {
    // content.js follows the page's <head>: a single-page app names its list once it has drawn.
    name: 'popup: a list a page names in <link rel="alternate"> after it has loaded is offered on the badge; taken away, the badge clears',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/page/app`);
      await browser.inPage((origin) => {
        const link = Object.assign(document.createElement('link'), { rel: 'alternate', href: `uri-list:${origin}/page/app-1;${origin}/page/app-2?title=App`, title: 'The app list' });
        document.head.append(link);
      }, origin);
      const badge = await waitFor(() => browser.badge(`${origin}/page/app`), (b) => b?.text === '1', { what: 'the offer added after the load' });
      assert.match(badge.title, /The app list/);
      await withPopup(browser, async (popup) => {
        const shown = await waitFor(() => popup.read(), (p) => p.offersRead, { what: 'the offers read' });
        assert.deepEqual(shown.offers, ['The app list']);
      });
      await browser.inPage(() => document.querySelector('link[rel="alternate"]').remove());
      await waitFor(() => browser.badge(`${origin}/page/app`), (b) => b?.text === '', { what: 'the badge cleared' });
    },
  },
  {
    // The uri-list web page draws the list of a new fragment, and its <link rel="alternate"> with it,
    // after the browser's hashchange: the button ends with the new list alone.
    name: 'popup: the uri-list web page whose fragment changes to another list offers that list alone on the badge',
    async run({ browser, origin }) {
      const alternate = () => browser.inPage(() => document.querySelector('link[rel="alternate"]')?.getAttribute('href') ?? null);
      const first = `uri-list:${origin}/page/one-1;${origin}/page/one-2?title=First`;
      const second = `uri-list:${origin}/page/two-1;${origin}/page/two-2;${origin}/page/two-3?title=Second`;
      await browser.goto(`${origin}/web/#${first}`);
      await waitFor(alternate, (href) => href === first, { what: "the first list's <link rel=alternate>" });
      await browser.inPage((second) => { location.hash = second; }, second);
      await waitFor(alternate, (href) => href === second, { what: "the second list's <link rel=alternate>" });
      // (The button's title is set before its text: both are waited for.)
      await waitFor(() => browser.badge(`${origin}/web/`), (b) => b?.text === '1' && b.title.includes('two-1') && !b.title.includes('one-1'), {
        what: 'the second list alone on the badge',
      });
    },
  },
  {
    // Nothing of what a page offers is kept: the popup asks the page, through its content script.
    name: 'popup: what the page in the tab offers is read from it as the popup opens: after the background stopped in between, still offered; another page in the tab, nothing',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/offers.html`);
      await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.text === '1', { what: 'the badge' });
      await browser.stopBackground();
      await withPopup(browser, async (popup) => {
        const shown = await waitFor(() => popup.read(), (p) => p.offersRead, { what: 'the offers read' });
        assert.deepEqual(shown.offers, ["This page's reading list"]);
      });
      await browser.goto(`${origin}/link-text.html`);
      await waitFor(() => browser.badge(`${origin}/link-text.html`), (b) => b?.text === '', { what: 'no badge' });
      await withPopup(browser, async (popup) => {
        const shown = await waitFor(() => popup.read(), (p) => p.offersRead, { what: 'the offers read' });
        assert.equal(shown.offers, null);
      });
    },
  },
  {
    // The popup shows a page's offer; the page then puts another list in its place (and changes
    // its fragment, which tells the background): the person's choice opens nothing they did not see.
    name: 'popup: an offered list the page swapped for another after the popup showed it opens nothing: the popup says the page no longer offers it',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/offers.html`);
      await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.text === '1', { what: 'the badge' });
      await withPopup(browser, async (popup) => {
        await waitFor(() => popup.read(), (p) => p.offers?.length === 1, { what: 'the offer' });
        await popup.inTabPage((origin) => {
          const link = document.querySelector('link[rel~="alternate"]');
          link.setAttribute('href', `uri-list:${origin}/page/swapped-1;${origin}/page/swapped-2?title=Swapped`);
          link.title = 'Swapped list';
          location.hash = 'swapped';
        }, origin);
        // The page told the background (its fragment changed): the button names the new list.
        await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.title?.includes('Swapped list'), { what: 'the new offer on the button' });
        await popup.click('#offers-list button');
        const shown = await waitFor(() => popup.read(), (p) => p.offersStatus !== '', { what: 'what the popup says' });
        assert.equal(shown.offersStatus, 'The page no longer offers this list (it was reloaded or left).');
      });
      await expectLoggedErrors(browser, [['openOffer', 'The page no longer offers this list']]);
      const state = await stateOf(browser, origin);
      assert.deepEqual(urlAndGroup(state), [['/offers.html#swapped', null]]);
      await stillSame(browser, origin, state, { page: true });
    },
  },
  {
    name: 'options: settings survive a browser restart (same profile, a new browser process)',
    async run({ browser, origin }) {
      try {
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          await popup.type('#open-limit', '2');
          await waitFor(() => popup.read(), (p) => p.settingsStatus.includes('2 pages'), { what: 'the limit saved' });
          await popup.click('#lazy-always');
          await popup.click('#linkify');
          await waitFor(() => storedSettings(browser), (s) => s.lazy === true && s.linkify === true, { what: 'the checkboxes saved' });
        });
        await browser.restart();
        await browser.reset();
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          const shown = await popup.read();
          assert.deepEqual([shown.limit, shown.lazy, shown.linkify], ['2', 'always', true], 'the popup after the restart');
        });
        // And the new browser acts on them: 3 pages, over the limit of 2.
        await browser.click('#link');
        const state = await settled(browser, origin, { tabs: 2 }, 'the preview page (3 pages, limit 2)');
        assert.notEqual(await previewedLink(browser, state.tabs[1].url), null);
      } finally {
        await clearSettings(browser);
      }
    },
  },
  {
    name: 'popup: every control has a name and role a screen reader reads, in a sensible order',
    browsers: ['chromium'], // the accessibility tree comes from Chromium's DevTools protocol
    async run({ browser, origin }) {
      await browser.goto(`${origin}/offers.html`);
      await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.text === '1', { what: 'the badge' });
      await withPopup(browser, async (popup) => {
        await waitFor(() => popup.read(), (p) => p.offers !== null, { what: 'the offer' });
        const tree = await popup.ariaSnapshot();
        const expected = [
          'link "Settings"',
          'heading "Share tabs"',
          'button "Copy 1 tab as a link"',
          'combobox "Format"',
          'heading "This page offers a list"',
          `button "This page's reading list"`,
          'heading "Open a list"',
          'textbox "Paste a link, or web addresses"',
          'button "Open as a group" [disabled]',
        ];
        let at = 0;
        for (const line of expected) {
          const found = tree.indexOf(line, at);
          assert.ok(found >= 0, `the accessibility tree has ${line} (after the one before); it is:\n${tree}`);
          at = found;
        }
      });
    },
  },
  {
    name: 'safety: a milder note (a plain http: page) does not stop a list under the limit; the badge shows it',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/http-note.html`);
      await browser.click('#link');
      const state = await waitFor(() => stateOf(browser, origin), (s) => s.tabs.length === 3 && s.groups.length === 1 && s.groups[0].title !== '' && s.tabs[2].url === 'http://plain.invalid/page', { what: 'the group, named' });
      assert.deepEqual(urlAndGroup(state), [
        ['/http-note.html', null],
        ['/page/local', 'Plain'],
        ['http://plain.invalid/page', 'Plain'],
      ]);
      const badge = await waitFor(() => browser.badge(`${origin}/http-note.html`), (b) => b?.text === '!', { what: 'the badge' });
      assert.equal(badge.title, 'uri-list: opened, with notes\nplain.invalid is opened without encryption (http:)');
    },
  },
  {
    name: 'options: settings survive an update of the extension (reloaded from its folder)',
    async run({ browser, origin }) {
      try {
        await browser.goto(`${origin}/click-title.html`);
        await withOptions(browser, async (popup) => {
          await popup.type('#open-limit', '42');
          await waitFor(() => popup.read(), (p) => p.settingsStatus.includes('42 pages'), { what: 'the limit saved' });
          await popup.click('#lazy-always');
          await waitFor(() => storedSettings(browser), (s) => s.lazy === true, { what: 'lazy saved' });
        });
        await browser.reloadExtension();
        await withOptions(browser, async (popup) => {
          const shown = await popup.read();
          assert.deepEqual([shown.limit, shown.lazy, shown.linkify], ['42', 'always', false], 'the popup after the update');
        });
      } finally {
        await clearSettings(browser);
      }
    },
  },
];
