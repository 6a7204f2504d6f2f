// Share with page titles, at its edges: what a tab's title is when the page has none, tabs that
// make a link longer than a link may be, and a bookmark of an unloaded tab. Each case builds real
// tabs on pages served from 127.0.0.1 and copies the way a person does (cases-share.mjs: the tab
// context menu, for real in Firefox; the popup).
import assert from 'node:assert/strict';
import { arrange, copied, forgetShareFormat, markClipboard, MARKER, tabMenu } from './cases-share.mjs';
import { waitFor } from './util.mjs';

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

/** The option `page-titles` of a copied link, as written (null: the link carries none). */
const pageTitlesOf = (link) => /[?&]page-titles=([^&#]*)/.exec(link)?.[1] ?? null;

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
];
