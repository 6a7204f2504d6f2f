// Share with page titles, at its edges: what a tab's title is when the page has none, tabs that
// make a link longer than a link may be, and a bookmark of an unloaded tab. Each case builds real
// tabs on pages served from 127.0.0.1 and copies the way a person does (cases-share.mjs: the tab
// context menu, for real in Firefox; the popup).
import assert from 'node:assert/strict';
import { arrange, copied, forgetShareFormat, markClipboard, MARKER, tabMenu } from './cases-share.mjs';
import { openPopup, withPopupReading } from './popup.mjs';
import { waitFor } from './util.mjs';

const FIREFOX_ID = '{5777c714-38b0-4949-ba65-7afa4f90061a}';

/**
 * A fixture page whose script sets its title to `title` (tests/fixtures/titled.html); with `pad`,
 * that many more characters in its address's fragment (which is not sent to the server).
 */
const titled = (origin, title, pad = '') => `${origin}/titled.html?t=${encodeURIComponent(JSON.stringify(title))}${pad ? `#${pad}` : ''}`;

/** Sets the `sharePageTitles` setting (`undefined`: removes it), as the popup's "Titles" choice does. */
async function setPageTitles(browser, value) {
  await browser.inExtension(async (value) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (value === undefined) await api.storage.sync.remove('sharePageTitles');
    else await api.storage.sync.set({ sharePageTitles: value });
  }, value);
}

/**
 * Every tab's address, title and whether it is grouped and loaded, in tab-strip order (Chrome's
 * unloaded tab: the placeholder page's address). Read in Firefox from the tab strip itself: a
 * driver's extension page (`inExtension`) would be a tab of its own, and closing it would select,
 * and so load, its neighbour.
 */
function tabs(browser) {
  if (browser.name === 'chromium') {
    return browser.inExtension(async () => {
      const all = await chrome.tabs.query({ windowType: 'normal' });
      return all.sort((a, b) => a.index - b.index).map((tab) => ({ url: tab.url ?? '', title: tab.title ?? '', loaded: tab.status === 'complete', grouped: tab.groupId !== -1 }));
    });
  }
  return browser.script(
    `return gBrowser.tabs.map((tab) => ({
       url: tab.linkedBrowser.currentURI.spec,
       title: tab.label,
       loaded: !tab.hasAttribute('busy') && !tab.hasAttribute('pending'),
       grouped: Boolean(tab.group),
     }));`,
    [],
    { chrome: true },
  );
}

/** The toolbar button's tooltip: what the person was told after a copy from a menu (cases-share.mjs). */
async function buttonTitle(browser) {
  if (browser.name === 'chromium') return browser.inExtension(async () => chrome.action.getTitle({}));
  return browser.script(
    `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
     const extension = ExtensionParent.GlobalManager.getExtension(arguments[0]);
     return ExtensionParent.apiManager.global.browserActionFor(extension).action.globals.title;`,
    [FIREFOX_ID],
    { chrome: true },
  );
}

/** The option `page-titles` of a copied link, as written (null: the link carries none). */
const pageTitlesOf = (link) => /[?&]page-titles=([^&#]*)/.exec(link)?.[1] ?? null;

/**
 * Three tabs with addresses of 800 000 characters (a link of about 2.4 million, past the 2 MiB a
 * link may be, the longest URL Chrome accepts), all selected; the popup says `said` (a pattern
 * whose group is the link's length) instead of offering to copy them; screenshots named `shot`.
 */
async function tooLongInPopup(browser, origin, said, shot) {
  const pad = 'y'.repeat(800_000);
  const urls = ['one', 'two', 'three'].map((name) => titled(origin, name, pad));
  await arrange(browser, { tabs: urls.map((url) => ({ url })), select: [0, 1, 2] });
  await withPopupReading(
    browser,
    () => ({
      ready: document.getElementById('status').textContent !== '',
      status: document.getElementById('status').textContent,
      disabled: /** @type {HTMLButtonElement} */ (document.getElementById('copy')).disabled,
      format: /** @type {HTMLSelectElement} */ (document.getElementById('format')).disabled,
    }),
    async (popup) => {
      const { status, disabled, format } = await popup.read();
      assert.match(status, said);
      assert.ok(Number(said.exec(status)[1]) > 2_400_000, status);
      assert.equal(disabled, true, 'nothing to copy');
      assert.equal(format, true, 'no format to choose (its list is empty)');
      await popup.screenshots?.(shot);
    },
  );
}

/** What the popup's folder dialog shows (read in the popup). */
function readFolders() {
  return {
    ready: document.getElementById('status').textContent !== '' || !(/** @type {HTMLButtonElement} */ (document.getElementById('copy')).disabled),
    open: /** @type {HTMLDialogElement} */ (document.getElementById('bookmarks')).open,
    folders: [...document.querySelectorAll('#folder option')].map((option) => (option.textContent ?? '').trim()),
    said: document.getElementById('bookmarks-status').textContent,
  };
}

export const cases = [
  {
    name: "huntshare: a page without a title of its own goes without one in the link, not with the address the browser shows as its title",
    async run({ browser, origin }) {
      await forgetShareFormat(browser);
      await markClipboard(browser, origin);
      await setPageTitles(browser, true);
      try {
        const untitled = titled(origin, '');
        const named = `${origin}/page/Named`;
        await arrange(browser, { tabs: [{ url: untitled }, { url: named }], select: [0, 1] });
        // Each page's script has set its title: the browser shows the untitled one by its address.
        const shown = await waitFor(() => tabs(browser), (all) => all.length === 2 && all.every((tab) => tab.loaded && tab.title !== 'untitled'), {
          what: 'the pages to set their titles',
        });
        assert.notEqual(shown[0].title, '', 'the browser shows something for the untitled page');
        await tabMenu(browser, 1, 'share-tabs');
        const link = await copied(browser, MARKER);
        assert.equal(link, `uri-list:${untitled.replace('?', '%3F')};${named}?page-titles=~Named`);
      } finally {
        await setPageTitles(browser, undefined);
      }
    },
  },
  {
    name: 'huntshare: tabs opened unloaded (a list of six) are shared with no title but the one page that loaded, not their addresses as titles',
    async run({ browser, origin }) {
      await forgetShareFormat(browser);
      await markClipboard(browser, origin);
      await setPageTitles(browser, true);
      try {
        const pages = [1, 2, 3, 4, 5, 6].map((n) => `${origin}/page/hunt${n}`);
        await browser.goto(`${origin}/share-open.html`);
        await browser.inPage((href) => {
          document.getElementById('link').href = href;
        }, `uri-list:${pages.join(';')}?title=Hunt`);
        await browser.click('#link');
        // By default a list of more than five opens its first page loaded, the others unloaded.
        await waitFor(
          () => tabs(browser),
          (all) => all.filter((tab) => tab.grouped).length === 6 && all.some((tab) => tab.url === pages[0] && tab.title === 'hunt1' && tab.loaded),
          { what: 'the list opened, its first page loaded' },
        );
        await tabMenu(browser, 2, 'share-group');
        const link = await copied(browser, MARKER);
        assert.ok(link.startsWith(`uri-list:${pages.join(';')}?title=Hunt`), link);
        assert.equal(pageTitlesOf(link), 'hunt1', link);
      } finally {
        await setPageTitles(browser, undefined);
      }
    },
  },
  {
    name: 'huntshare: tabs that make a link longer than a link may be copy nothing, and the popup and the menu say why in words',
    async run({ browser, origin }) {
      await forgetShareFormat(browser);
      await markClipboard(browser, origin);
      // Before any copy, the popup says what a copy would meet; the menu's copy, that nothing was copied.
      const ahead = /^These 3 tabs make a link of (\d+) bytes, more than the 2097152 bytes a link may have: select fewer tabs to copy them\.$/;
      const said = /^Nothing was copied: these 3 tabs make a link of (\d+) bytes, more than the 2097152 bytes a link may have\. Copy fewer tabs at a time\.$/;
      await tooLongInPopup(browser, origin, ahead, 'too-long');
      await tabMenu(browser, 0, 'share-tabs');
      const told = await waitFor(() => buttonTitle(browser), (title) => said.test(title ?? ''), { what: 'the confirmation of the refused copy' });
      assert.match(told, said);
      assert.equal(await browser.clipboard(), MARKER, 'nothing was copied');
    },
  },
  {
    name: "huntshare: the popup opened on a tab that cannot be shared (a blank tab, where a person goes to paste a link) says so quietly, not \"Nothing was copied\" in red before any copy",
    async run({ browser, origin }) {
      await forgetShareFormat(browser);
      await arrange(browser, { tabs: [{ url: 'about:blank' }], select: [0] });
      await withPopupReading(
        browser,
        () => ({
          ready: document.getElementById('status').textContent !== '',
          status: document.getElementById('status').textContent,
          kind: document.getElementById('status').className,
          disabled: /** @type {HTMLButtonElement} */ (document.getElementById('copy')).disabled,
        }),
        async (popup) => {
          const { status, kind, disabled } = await popup.read();
          assert.equal(status, 'No tab here can be shared. 1 tab left out: about: pages cannot be shared, only web pages (http: and https:) can.');
          assert.equal(kind, 'status small', 'a quiet line, not an error');
          assert.equal(disabled, true, 'nothing to copy');
          await popup.screenshots?.('nothing-to-share');
        },
      );
    },
  },
  {
    name: 'huntshare: in a German browser, the popup says in German that the tabs make a link too long',
    lang: 'de',
    async run({ browser, origin }) {
      await forgetShareFormat(browser);
      await tooLongInPopup(
        browser,
        origin,
        /^Diese 3 Tabs ergeben einen Link von (\d+) Bytes, mehr als die 2097152 Bytes, die ein Link haben darf: Wählen Sie weniger Tabs aus, um sie zu kopieren\.$/,
        'too-long-de',
      );
    },
  },
  {
    name: 'huntshare: a bookmark folder whose link would be longer than a link may be copies nothing, and the dialog says why',
    async run({ browser, origin }) {
      await browser.allowOptionalPermissions(['bookmarks']);
      await markClipboard(browser, origin);
      // The permission, asked for in the click on "Bookmark folder…" (cases-bookmarks.mjs).
      await withPopupReading(browser, readFolders, async (popup) => {
        await popup.click('#pick-folder');
        await waitFor(() => popup.read(), (p) => p.open, { what: 'the folder dialog after the permission was granted' });
      });
      // Forty bookmarks with addresses of 60 000 characters (Firefox keeps no longer bookmark):
      // a link of about 2.4 million, past the 2 MiB a link may be.
      const pad = 'y'.repeat(60_000);
      const made = await browser.inExtension(
        async (urls) => {
          const api = globalThis.browser ?? globalThis.chrome;
          const folder = await api.bookmarks.create({ title: 'Hunt huge' });
          for (const url of urls) await api.bookmarks.create({ parentId: folder.id, url, title: 'Huge' });
          return (await api.bookmarks.getChildren(folder.id)).length;
        },
        Array.from({ length: 40 }, (_, n) => titled(origin, `huge ${n}`, pad)),
      );
      assert.equal(made, 40, 'the bookmarks were made');
      try {
        await withPopupReading(
          browser,
          readFolders,
          async (popup) => {
            await popup.click('#pick-folder');
            await waitFor(() => popup.read(), (p) => p.open && p.folders.includes('Hunt huge'), { what: 'the folder in the dialog' });
            await popup.chooseLabel('#folder', '\u00a0\u00a0Hunt huge');
            await popup.click('#copy-folder');
            const { said } = await waitFor(() => popup.read(), (p) => p.said !== '', { what: 'what the dialog says' });
            assert.match(said, /^Nothing copied: the folder “Hunt huge” makes a link of \d+ bytes, more than the 2097152 bytes a link may have\. Copy a smaller folder\.$/);
          },
        );
        assert.equal(await browser.clipboard(), MARKER, 'nothing was copied');
      } finally {
        await browser.inExtension(async () => {
          const api = globalThis.browser ?? globalThis.chrome;
          for (const node of await api.bookmarks.search({ title: 'Hunt huge' })) if (node.url === undefined) await api.bookmarks.removeTree(node.id);
          await api.permissions.remove({ permissions: ['bookmarks'] });
        });
      }
    },
  },
  {
    name: 'huntshare: a bookmark of an unloaded tab (the placeholder page) is copied in its folder as the page it stands for',
    browsers: ['chromium'],
    async run({ browser, origin }) {
      await browser.allowOptionalPermissions(['bookmarks']);
      await forgetShareFormat(browser);
      await markClipboard(browser, origin);
      const pages = [1, 2, 3, 4, 5, 6].map((n) => `${origin}/page/mark${n}`);
      try {
        await browser.goto(`${origin}/share-open.html`);
        await browser.inPage((href) => {
          document.getElementById('link').href = href;
        }, `uri-list:${pages.join(';')}?title=Marks`);
        await browser.click('#link');
        const placeholder = await browser.extensionUrl('lazy/lazy.html');
        const opened = await waitFor(
          () => tabs(browser),
          (all) => all.filter((tab) => tab.grouped && tab.loaded && (tab.url.startsWith(`${origin}/page/`) || tab.url.startsWith(`${placeholder}?`))).length === 6,
          { what: 'the list opened, each tab showing its page or the placeholder page' },
        );
        // "Bookmark all tabs" into a folder: each bookmark has its tab's address and title.
        await browser.inExtension(async (marks) => {
          const folder = await chrome.bookmarks.create({ title: 'Hunt marks' });
          for (const { url, title } of marks) await chrome.bookmarks.create({ parentId: folder.id, url, title });
        }, opened.filter((tab) => tab.grouped).map(({ url, title }) => ({ url, title })));
        assert.ok(opened.some((tab) => tab.url.startsWith(`${placeholder}?`)), 'the unloaded tabs show the placeholder page');
        const popup = await openPopup(browser);
        try {
          await waitFor(() => popup.evaluate(() => !document.getElementById('copy').disabled), Boolean, { what: 'the popup' });
          await popup.click('#pick-folder');
          await waitFor(() => popup.evaluate(() => document.getElementById('bookmarks').open), Boolean, { what: 'the folder dialog' });
          await popup.chooseLabel('#folder', '\u00a0\u00a0Hunt marks');
          await popup.click('#copy-folder');
          await waitFor(() => popup.evaluate(() => document.getElementById('bookmarks-status').textContent), (text) => text !== '', { what: 'the copy confirmation' });
        } finally {
          await popup.close();
        }
        assert.equal(await copied(browser, MARKER), `uri-list:${pages.join(';')}?title=Hunt%20marks`);
      } finally {
        await browser.inExtension(async () => {
          for (const node of await chrome.bookmarks.search({ title: 'Hunt marks' })) if (node.url === undefined) await chrome.bookmarks.removeTree(node.id);
          await chrome.permissions.remove({ permissions: ['bookmarks'] });
        });
      }
    },
  },
];
