// Sharing as a web link (issue 11, part 4): "Copy as web link" in the tab context menu (tabs, a
// group, a window), the popup and a shortcut, on the `webBase` setting (storage.sync, shown and
// validated on the options page); with none set, the person is told how to set one. Round
// trip: the copied web link, opened in a browser WITHOUT the extension, shows the same pages; with
// the extension, a click on it opens the same group again.
import assert from 'node:assert/strict';
import { launchChromium } from './chromium.mjs';
import { launchFirefox } from './firefox.mjs';
import { arrange, clickCopied, copied, forgetShareFormat, markClipboard, MARKER, shortcut, tabMenu } from './cases-share.mjs';
import { openOptions, openPopup } from './popup.mjs';
import { activityMark, backgroundDone } from './cases-open.mjs';
import { waitFor } from './util.mjs';

const page = (origin, name) => `${origin}/page/${name}`;

/** Sets (or with '' clears) the web page for web links as a person does: typed into the settings (the options page). */
async function setWebBase(browser, value) {
  const popup = await openOptions(browser);
  try {
    await popup.type('#web-base', value);
    return await waitFor(
      () => popup.evaluate(() => ({ error: document.getElementById('web-base-error').textContent, status: document.getElementById('settings-status').textContent })),
      (shown) => shown.error !== '' || shown.status !== '',
      { what: 'the setting to be saved or refused' },
    );
  } finally {
    await popup.close();
  }
}

const storedWebBase = (browser) =>
  browser.inExtension(async () => {
    const api = globalThis.browser ?? globalThis.chrome;
    return (await api.storage.sync.get('webBase')).webBase ?? null;
  });

async function clearWebBase(browser) {
  await browser.inExtension(async () => {
    const api = globalThis.browser ?? globalThis.chrome;
    await api.storage.sync.remove('webBase');
  });
}

/** The links the web page shows for `url`, in a browser of the same kind started WITHOUT the extension. */
async function shownWithoutTheExtension(name, url) {
  const bare = await (name === 'chromium' ? launchChromium : launchFirefox)({ extensionDir: null });
  try {
    await bare.reset();
    await bare.goto(url);
    return await waitFor(
      () => bare.inPage(() => ({ title: document.getElementById('title').textContent, links: [...document.querySelectorAll('#items a')].map((a) => a.getAttribute('href')) })),
      (shown) => shown.links.length > 0,
      { what: 'the web page to show the list' },
    );
  } finally {
    await bare.close();
  }
}

export const cases = [
  {
    name: 'share as web link: with no web page set, the popup offers "Set up web links…", which opens the settings at that field; the shortcut copies nothing and says why',
    async run({ browser, origin }) {
      await clearWebBase(browser);
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: [{ url: page(origin, 'n1') }] });
      // The shortcut copies nothing, and says why in a notification, not as a copied link.
      const since = await activityMark(browser);
      await shortcut(browser, 'copy-tabs-web', 'w');
      await backgroundDone(browser, { since, expect: ['command copy-tabs-web'] });
      assert.equal(await browser.clipboard(), MARKER);
      const popup = await openPopup(browser);
      try {
        const shown = await waitFor(
          () => popup.evaluate(() => ({ button: document.getElementById('copy-web').textContent, disabled: document.getElementById('copy-web').disabled, formats: [...document.querySelectorAll('#format option')].map((o) => o.textContent) })),
          (read) => !read.disabled && read.formats.length > 0,
          { what: 'the buttons' },
        );
        assert.equal(shown.button, 'Set up web links…');
        // "Web link" is offered once: by its button, not again in the format list.
        assert.ok(!shown.formats.some((name) => /web link/i.test(name)), shown.formats.join(', '));
        await popup.click('#copy-web');
      } finally {
        await popup.close();
      }
      const options = await browser.extensionUrl('options/options.html#web-base');
      await browser.switchTo(options);
      const focused = await waitFor(() => browser.inPage(() => document.activeElement?.id ?? null), (id) => id === 'web-base', { what: 'the web page field to have the focus' });
      assert.equal(focused, 'web-base');
    },
  },
  {
    name: 'share as web link: a failed copy leaves no earlier link in the popup as if it had just been copied',
    async run({ browser, origin }) {
      await clearWebBase(browser);
      await setWebBase(browser, `${origin}/web/`);
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: [{ url: page(origin, 'f1') }] });
      const popup = await openPopup(browser);
      try {
        await waitFor(() => popup.evaluate(() => !document.getElementById('copy').disabled), (ready) => ready, { what: 'the button' });
        await popup.click('#copy');
        await waitFor(() => popup.evaluate(() => document.getElementById('link').value), (value) => value.startsWith('uri-list:'), { what: 'the copied link' });
        // The web page setting is cleared elsewhere (the options page in another tab) while the
        // popup is open: its "Copy as web link" now copies nothing.
        await clearWebBase(browser);
        await popup.click('#copy-web');
        const after = await waitFor(
          () => popup.evaluate(() => ({ status: document.getElementById('status').textContent, shown: !document.getElementById('copied').hidden, link: document.getElementById('link').value })),
          (read) => read.status !== '' && !read.status.startsWith('Copied'),
          { what: 'the failure' },
        );
        assert.deepEqual({ shown: after.shown, link: after.link }, { shown: false, link: '' }, after.status);
      } finally {
        await popup.close();
      }
    },
  },
  {
    name: 'share as web link: a build made for a repository (GITHUB_REPOSITORY=acme/lists) copies https://acme.github.io/lists/#uri-list:… with no setting touched',
    build: 'distributed',
    async run({ browser, origin }) {
      assert.equal(await storedWebBase(browser), null, 'a fresh profile: nothing set');
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: ['d1', 'd2'].map((name) => ({ url: page(origin, name) })), select: [0, 1] });
      const popup = await openPopup(browser);
      try {
        await waitFor(() => popup.evaluate(() => !document.getElementById('copy-web').disabled), (ready) => ready, { what: 'the button' });
        assert.equal(await popup.evaluate(() => document.getElementById('copy-web').textContent), 'Copy as web link');
        await popup.click('#copy-web');
        await waitFor(() => popup.evaluate(() => document.getElementById('status').textContent), (text) => text.startsWith('Copied'), { what: 'the confirmation' });
      } finally {
        await popup.close();
      }
      assert.equal(await copied(browser, MARKER), `https://acme.github.io/lists/#uri-list:${page(origin, 'd1')};${page(origin, 'd2')}`);
    },
  },
  {
    name: 'share as web link: the web page setting takes only an absolute http(s) address without a user name or a backslash, and says why otherwise',
    async run({ browser, origin }) {
      await clearWebBase(browser);
      for (const bad of ['example.com/lists/', 'ftp://example.com/', 'javascript:alert(1)//https://x']) {
        const shown = await setWebBase(browser, bad);
        assert.equal(shown.error, `"${bad}" cannot start web links: it must be an absolute http: or https: address, such as https://example.com/list/`);
        assert.equal(await storedWebBase(browser), null, bad);
      }
      // A user name before "@" reads as the site, the links open the host after it; a backslash
      // is read as "/". Each refused, saying what is wrong.
      const shownUserinfo = await setWebBase(browser, 'https://paypal.com@evil.example/');
      assert.equal(shownUserinfo.error, '"https://paypal.com@evil.example/" cannot start web links: "paypal.com@" before its site is a user name or password, which a reader could take for the site, but its links open evil.example: leave out "paypal.com@"');
      assert.equal(await storedWebBase(browser), null);
      const shownBackslash = await setWebBase(browser, 'https://evil.example\\@paypal.com/');
      assert.equal(shownBackslash.error, '"https://evil.example\\@paypal.com/" cannot start web links: a browser reads "\\" as "/": write "/"');
      assert.equal(await storedWebBase(browser), null);
      // An "@" escaped in the site (%40) is no user name: the URL Standard decodes the host and
      // refuses the address, which reads as paypal.com. The core says so (the page asks it through
      // the background); it names the escape and what it stands for.
      const shownEscape = await setWebBase(browser, 'https://paypal.com%40evil.example/');
      assert.equal(
        shownEscape.error,
        '"https://paypal.com%40evil.example/" cannot start web links: "%40" in its site "paypal.com%40evil.example" stands for "@", which no site\'s name can hold: a browser opens none of its links',
      );
      assert.equal(await storedWebBase(browser), null);
      const shown = await setWebBase(browser, `${origin}/web/`);
      assert.equal(shown.status, `Saved: web links start with ${origin}/web/`);
      assert.equal(await storedWebBase(browser), `${origin}/web/`);
      assert.equal((await setWebBase(browser, '')).status, 'Saved: no web page for web links.');
      assert.equal(await storedWebBase(browser), '');
    },
  },
  {
    name: 'share as web link: the web page setting: one stored by hand that the core would not take is said as the options page opens',
    async run({ browser }) {
      await browser.inExtension(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        await api.storage.sync.set({ webBase: 'https://paypal.com@evil.example/' });
      });
      const options = await openOptions(browser);
      try {
        const said = await waitFor(
          () => options.evaluate(() => document.getElementById('web-base-error').textContent),
          (text) => text !== '',
          { what: 'the stored web page refused as the options page opens' },
        );
        assert.match(said, /^"https:\/\/paypal\.com@evil\.example\/" cannot start web links: "paypal\.com@" before its site is a user name/);
        await options.screenshots?.('web-base-refused');
      } finally {
        await options.close();
        await clearWebBase(browser);
      }
    },
  },
  {
    name: 'share as web link: with a web page setting stored by hand that the core would not take, "Copy as web link" copies nothing and says why',
    async run({ browser, origin }) {
      await browser.inExtension(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        await api.storage.sync.set({ webBase: 'https://paypal.com%40evil.example/' });
      });
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: [{ url: page(origin, 'b1') }] });
      const popup = await openPopup(browser);
      try {
        await waitFor(() => popup.evaluate(() => !document.getElementById('copy-web').disabled), Boolean, { what: 'the button' });
        await popup.click('#copy-web');
        const status = await waitFor(
          () => popup.evaluate(() => document.getElementById('status').textContent),
          (text) => text !== '',
          { what: 'why nothing was copied' },
        );
        assert.match(status, /"%40" in its site "paypal\.com%40evil\.example" stands for "@"/);
        assert.equal(await popup.evaluate(() => document.getElementById('link').value), '');
      } finally {
        await popup.close();
        await clearWebBase(browser);
      }
      assert.equal(await browser.clipboard(), MARKER);
    },
  },
  {
    name: 'share as web link: the web page setting, in a German browser, says in German (the core\'s message) why an address cannot start web links',
    lang: 'de',
    async run({ browser }) {
      await clearWebBase(browser);
      const shown = await setWebBase(browser, 'https://paypal.com%40evil.example/');
      assert.equal(
        shown.error,
        '„https://paypal.com%40evil.example/“ kann keine Web-Links einleiten: „%40“ in der Website „paypal.com%40evil.example“ steht für „@“, was kein Website-Name enthalten kann: Ein Browser öffnet keinen ihrer Links',
      );
      const userinfo = await setWebBase(browser, 'https://paypal.com@evil.example/');
      assert.match(userinfo.error, /^„https:\/\/paypal\.com@evil\.example\/“ kann keine Web-Links einleiten: „paypal\.com@“ vor der Website/);
      assert.equal(await storedWebBase(browser), null);
    },
  },
  {
    name: 'share as web link: round trip: a tab group copied as a web link shows the same pages without the extension, and opens the same group with it',
    async run({ browser, origin }) {
      await clearWebBase(browser);
      await setWebBase(browser, `${origin}/web/`);
      await markClipboard(browser, origin);
      const names = ['r1', 'r;2', 'r 3', 'r%234', 'über'];
      await arrange(browser, {
        tabs: names.map((name) => ({ url: page(origin, name), group: 'trip' })),
        groups: { trip: { title: 'Web trip ä', color: 'green' } },
      });
      const before = (await browser.state()).tabs.map((tab) => tab.url);
      await tabMenu(browser, 0, 'share-group-web');
      const web = await copied(browser, MARKER);
      assert.ok(web.startsWith(`${origin}/web/#uri-list:`), web);
      assert.ok(!/\s/.test(web), `one word for a chat app: ${web}`);
      // Without the extension: the web page lists the very same addresses.
      const shown = await shownWithoutTheExtension(browser.name, web);
      assert.equal(shown.title, 'Web trip ä');
      assert.deepEqual(shown.links, before);
      // With it: a person's click on the web link opens the same group again.
      const state = await clickCopied(browser, origin, web, names.length);
      assert.deepEqual(state.tabs.filter((t) => t.group).map((t) => t.url), before);
      assert.equal(state.groups[0].title, 'Web trip ä');
      assert.equal(state.groups[0].color, 'green');
      await forgetShareFormat(browser);
    },
  },
  {
    name: 'share as web link: selected tabs from the tab menu, a window, the popup and the shortcut',
    async run({ browser, origin }) {
      await clearWebBase(browser);
      await setWebBase(browser, `${origin}/web/`);
      const base = `${origin}/web/#uri-list:`;
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: ['s1', 's2', 's3'].map((name) => ({ url: page(origin, name) })), select: [0, 2] });
      await tabMenu(browser, 0, 'share-tabs-web');
      let web = await copied(browser, MARKER);
      assert.equal(web, `${base}${page(origin, 's1')};${page(origin, 's3')}`);
      await browser.reset();
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: ['w1', 'w2'].map((name) => ({ url: page(origin, name) })) });
      await tabMenu(browser, 0, 'share-window-web');
      web = await copied(browser, MARKER);
      assert.equal(web, `${base}${page(origin, 'w1')};${page(origin, 'w2')}`);
      await browser.reset();
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: ['k1', 'k2'].map((name) => ({ url: page(origin, name) })), select: [1] });
      await shortcut(browser, 'copy-tabs-web', 'w');
      web = await copied(browser, MARKER);
      assert.equal(web, `${base}${page(origin, 'k2')}`);
      await browser.reset();
      await markClipboard(browser, origin);
      await arrange(browser, { tabs: ['p1', 'p2'].map((name) => ({ url: page(origin, name) })), select: [0, 1] });
      const popup = await openPopup(browser);
      try {
        await waitFor(() => popup.evaluate(() => !document.getElementById('copy-web').disabled), (ready) => ready, { what: 'the button' });
        await popup.click('#copy-web');
        const status = await waitFor(() => popup.evaluate(() => document.getElementById('status').textContent), (text) => text !== '', { what: 'the confirmation' });
        const expected = `${base}${page(origin, 'p1')};${page(origin, 'p2')}`;
        assert.equal(status, `Copied 2 tabs as a web link (${expected.length} characters).`);
        assert.equal(await popup.evaluate(() => document.getElementById('link').value), expected);
      } finally {
        await popup.close();
      }
      assert.equal(await copied(browser, MARKER), `${base}${page(origin, 'p1')};${page(origin, 'p2')}`);
      await forgetShareFormat(browser); // the menus made the web link the format last used
    },
  },
];
