// First minutes (issue 13): what a person meets first. Links as people write them (items
// without https://, read as an address bar reads them) and nested lists whose groups a person
// can tell apart, driven by real clicks on pages served on 127.0.0.1.
import assert from 'node:assert/strict';
import { stateOf, urlAndGroup } from './cases-open.mjs';
import { waitFor } from './util.mjs';

/** Waits for `tabs` tabs with every URL known (a page that cannot load still has its URL) and `groups` named groups. */
function opened(browser, origin, tabs, groups, what) {
  return waitFor(
    () => stateOf(browser, origin),
    (s) => s.tabs.length === tabs && s.groups.length === groups && s.groups.every((g) => g.title !== '') && s.tabs.every((t) => t.url && t.url !== 'about:blank'),
    { what },
  );
}

export const cases = [
  {
    name: "first: the draft's nested example (§8.2) opens as groups a person can tell apart",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/draft-nested.html`);
      await browser.click('#link');
      const state = await opened(browser, origin, 6, 3, 'three groups');
      assert.deepEqual(
        state.groups.map((g) => g.title),
        ['Bookmarks (1)', 'My example', 'Bookmarks (2)'],
      );
      assert.equal(new Set(state.groups.map((g) => g.title)).size, 3, 'no two groups share a name');
      assert.deepEqual(urlAndGroup(state).slice(1).map(([url, group]) => [url.replace(/\/$/, ''), group]), [
        ['https://foo.com', 'Bookmarks (1)'],
        ['https://a.com', 'My example'],
        ['https://b.com', 'My example'],
        ['https://c.com', 'My example'],
        ['https://bar.com', 'Bookmarks (2)'],
      ]);
    },
  },
  {
    name: 'first: multi:example.com/a;login.example.com opens both pages as https, with a note on the badge',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/no-scheme.html`);
      await browser.click('#link');
      const state = await opened(browser, origin, 3, 1, 'the group');
      assert.deepEqual(urlAndGroup(state).slice(1).map(([url, group]) => [url.replace(/\/$/, ''), group]), [
        ['https://example.com/a', 'Two pages without a scheme'],
        ['https://login.example.com', 'Two pages without a scheme'],
      ]);
      const badge = await waitFor(() => browser.badge(`${origin}/no-scheme.html`), (b) => b?.text === '!', { what: 'the badge' });
      assert.equal(
        badge.title,
        [
          'uri-list: opened, with notes',
          'example.com/a has no https:// in front: it is read as https://example.com/a, as an address bar reads it',
          'login.example.com has no https:// in front: it is read as https://login.example.com, as an address bar reads it',
        ].join('\n'),
      );
    },
  },
];
