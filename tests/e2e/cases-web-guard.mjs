// The web page's guards (issue 22), in a browser without the extension, Chromium and Firefox: in a
// frame of another site's page it shows no list and nothing to press, says why and links to
// itself in a tab of its own; framed by its own site, it shows the list.
import assert from 'node:assert/strict';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/** What the framed web page shows. */
const framed = (browser) =>
  browser.inFrame('#frame', () => ({
    busy: document.querySelector('main').getAttribute('aria-busy'),
    title: document.getElementById('title').textContent,
    summary: document.getElementById('summary').textContent,
    own: document.getElementById('own-tab')?.getAttribute('href') ?? null,
    ownTarget: document.getElementById('own-tab')?.getAttribute('target') ?? null,
    rows: document.querySelectorAll('#items li').length,
    openShown: !document.getElementById('open').hidden,
    alternate: document.querySelector('link[rel="alternate"]') !== null,
  }));

export const cases = [
  {
    name: 'web guard: framed by another site, the web page shows no list and nothing to press, says why, and links to itself in a tab of its own',
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web-framed.html`);
      const shown = await waitFor(() => framed(browser), (s) => s?.busy === null, { what: 'the framed web page to decide' });
      assert.equal(shown.title, 'Open this page in a tab of its own');
      assert.match(shown.summary, /^This page shows nothing inside another site's page/);
      assert.equal(shown.rows, 0, 'no row of the list');
      assert.equal(shown.openShown, false, 'no "Open" button');
      assert.equal(shown.alternate, false, 'no rel=alternate offer of the list');
      assert.match(shown.own, /\/web\/#uri-list:https:\/\/a\.example\/;https:\/\/b\.example\/\?title=Framed$/);
      assert.equal(shown.ownTarget, '_blank');
      await browser.screenshots?.(SCREENSHOTS, 'web-framed');
      // The link opens the page on its own, where it shows the list.
      await browser.click('#own-tab', { frame: '#frame' });
      await browser.switchTo(origin.replace('127.0.0.1', 'localhost') + '/web/#');
      await waitFor(() => browser.inPage(() => document.querySelectorAll('#items li.item').length), (n) => n === 2, { what: 'the list in its own tab' });
    },
  },
  {
    name: 'web guard: framed by its own site, the web page shows the list',
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web-framed-same.html`);
      const shown = await waitFor(() => framed(browser), (s) => s?.busy === null && s.rows === 2, { what: 'the framed web page to show the list' });
      assert.equal(shown.title, 'Framed');
      assert.equal(shown.openShown, true);
    },
  },
];
