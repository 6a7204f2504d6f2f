// What a person is shown of a list before they open it, when the person who wrote the link wants
// them to believe its pages are on another site: a page title drawn as another site's address
// in letters, dots or spaces the name check did not read as one; an address whose host is too
// long for its row, cut where it names the site.
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

/** Waits until the web page has read its fragment (main loses aria-busy). */
async function shown(browser) {
  await waitFor(() => browser.inPage(() => document.querySelector('main')?.getAttribute('aria-busy')), (busy) => busy === null, {
    what: 'the web page to show its list',
  });
}

/** Page titles written as page-titles writes them (each percent-encoded, "~" between). */
const pageTitles = (titles) => titles.map((t) => encodeURIComponent(t).replace(/~/g, '%7E')).join('~');

/** Titles a person reads as "paypal.com" that the name check read as no address. */
const LOOKS_LIKE_PAYPAL = [
  'paypal.\u0441om', // a Cyrillic "с" in the top-level domain
  'paypal.\u{1D5BC}\u{1D5C8}\u{1D5C6}', // mathematical sans-serif "com"
  '\uFF50\uFF41\uFF59\uFF50\uFF41\uFF4C\uFF0E\uFF43\uFF4F\uFF4D', // full-width letters and dot
  'paypal.com\u0332', // a combining low line under the "m" of an underlined title
  'paypal\uA4F8com', // the Lisu tone mark TR39 confuses with "."
  'paypal\u200A.com', // a hair space before the dot
  '//paypal.com', // an address without its scheme
  'PAYPAL.C0M', // a zero for the "O" of a generic top-level domain
  'paypal.corn', // "rn" for its "m"
];

/** A host that starts with the name it borrows, for a row too short to show it all. */
const LONG_HOST = 'paypal.com-secure-login-verification-account-center.evil.example';
/** 252 characters, the site at its end: more than the hover tooltip's 200 characters of a text. */
const LONGEST_HOST = ['paypal', 'a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(40), 'evil', 'example'].join('.');

/**
 * Whether the last occurrence of `text` in the `nth` element `selector` finds is drawn in view:
 * inside the box of every element on the way up that clips what overflows it (an ellipsis hides
 * the rest).
 */
function drawnInView(browser, selector, text, nth = 0) {
  return browser.inPage(
    ({ selector, text, nth }) => {
      const root = document.querySelectorAll(selector)[nth];
      if (!root) return `no ${selector} [${nth}]`;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let found = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data.includes(text)) found = node;
      if (!found) return `no "${text}" in ${selector}`;
      const range = document.createRange();
      const at = found.data.lastIndexOf(text);
      range.setStart(found, at);
      range.setEnd(found, at + text.length);
      const drawn = range.getBoundingClientRect();
      for (let el = found.parentElement; el; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === 'visible') continue;
        const box = el.getBoundingClientRect();
        if (drawn.left < box.left - 1 || drawn.right > box.right + 1) return `cut by ${el.tagName}.${el.className}`;
        if (el === root) break;
      }
      return 'in view';
    },
    { selector, text, nth },
  );
}

export const cases = [
  {
    name: 'spoof: a page title drawn as "paypal.com" in letters that only look Latin, a dot TR39 confuses with ".", a hair space by the dot, without its scheme, or with a top-level domain of digits or letter pairs drawn as "com" starts unticked with its alert',
    extension: false,
    async run({ browser, origin }) {
      const titles = [...LOOKS_LIKE_PAYPAL, 'Plain'];
      const link = `uri-list:${titles.map((_, n) => `${origin}/page/s${n}`).join(';')}?title=Pay&page-titles=${pageTitles(titles)}`;
      await browser.goto(`${origin}/web/#${link}`);
      await shown(browser);
      const rows = await browser.inPage(() =>
        [...document.querySelectorAll('#items li.item')].map((li) => ({
          title: li.querySelector('.page-title')?.textContent ?? null,
          ticked: li.querySelector('input').checked,
          alert: li.querySelector('.alert')?.textContent ?? null,
        })),
      );
      assert.equal(rows.length, titles.length);
      for (const [n, row] of rows.slice(0, -1).entries()) {
        assert.equal(row.ticked, false, `${JSON.stringify(titles[n])} starts unticked`);
        assert.match(row.alert ?? '', /names .+, but the page is on 127\.0\.0\.1/, JSON.stringify(titles[n]));
      }
      assert.deepEqual(rows.at(-1), { title: 'Plain', ticked: true, alert: null });
      assert.equal(await browser.inPage(() => document.getElementById('open-selected').textContent), 'Open 1 selected');
    },
  },
  {
    name: 'spoof: on a phone (390 px), a host that starts with the name it borrows (paypal.com-secure-login-….evil.example) shows its end, the site it is on, in its row and in the line of sites; desktop too',
    extension: false,
    async run({ browser, origin }) {
      const link = `uri-list:https://${LONG_HOST}/signin/account/verify/12345678;${origin}/page/ok?title=PayPal`;
      try {
        for (const width of [390, 1000]) {
          await browser.setViewport({ width, height: 844 });
          await browser.goto(`${origin}/web/#${link}`);
          await shown(browser);
          assert.equal(await drawnInView(browser, '#item-0-url .address', 'evil.example'), 'in view', `${width} px: the row`);
          assert.equal(await drawnInView(browser, '#sites', 'evil.example'), 'in view', `${width} px: the line of sites`);
          // The whole address is still the link's text, its tooltip, and what it opens.
          const row = await browser.inPage(() => {
            const a = document.querySelector('#item-0-url');
            return { text: a.querySelector('.address').textContent, title: a.title, href: a.href };
          });
          const address = `https://${LONG_HOST}/signin/account/verify/12345678`;
          assert.deepEqual(row, { text: address, title: address, href: address });
          await browser.screenshots(SCREENSHOTS, `web-${browser.name}-spoof-long-host-${width}`, { viewport: true });
        }
        await assertAccessible(browser, 'the web page with a long host (1000 px)');
        // With the focus, the address is written out whole, host first.
        await browser.setViewport({ width: 390, height: 844 });
        await browser.goto(`${origin}/web/#${link}`);
        await shown(browser);
        await browser.inPage(() => document.getElementById('item-0-url').focus({ focusVisible: true }));
        assert.equal(await drawnInView(browser, '#item-0-url .address', 'paypal.com-secure'), 'in view', 'focused: the start of the host');
      } finally {
        await browser.setViewport({ width: 1000, height: 800 });
      }
    },
  },
  {
    name: 'spoof: the preview page shows the end of a long host in its row (390 px and desktop)',
    async run({ browser, origin }) {
      const link = `uri-list:https://${LONG_HOST}/signin/account/verify/12345678;https://www.${LONG_HOST}/?title=PayPal`;
      try {
        for (const width of [390, 1000]) {
          await browser.setViewport({ width, height: 844 });
          await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
          await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered), (n) => Number(n) >= 2, { what: 'the preview page to draw its rows' });
          for (const n of [0, 1]) {
            assert.equal(await drawnInView(browser, '#items li.item .address', 'evil.example', n), 'in view', `${width} px: row ${n}`);
          }
          await browser.screenshots(SCREENSHOTS, `preview-${browser.name}-spoof-long-host-${width}`, { viewport: true });
        }
        await assertAccessible(browser, 'the preview page with a long host (390 px)');
      } finally {
        await browser.setViewport({ width: 1000, height: 800 });
      }
    },
  },
  {
    name: "spoof: the hover tooltip of a link to a host of 252 characters names the end of it, the site it is on, not only the name it borrows",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/hover.html`);
      await browser.inPage((href) => {
        const a = Object.assign(document.createElement('a'), { id: 'long-host', href, textContent: 'Your account' });
        document.body.prepend(a);
      }, `uri-list:https://${LONGEST_HOST}/signin?title=PayPal`);
      await browser.hover('#long-host');
      const lines = await waitFor(() => browser.shadowTexts('#uri-list-tooltip', '.line'), (l) => l?.length > 1, { what: 'the tooltip of the long host' });
      assert.equal(lines[0], 'PayPal');
      assert.match(lines[1], /^1 page · …[a-d.]+\.evil\.example$/, lines[1]);
      await browser.screenshots(SCREENSHOTS, `hover-${browser.name}-spoof-long-host`);
    },
  },
  {
    name: 'spoof: on a phone (390 px), a page title of 2 000 characters takes three lines: its address follows it at once, the next row is on the first screen; the focus writes it out whole; a nested list\'s title of 2 000 takes three lines too, whole in its tooltip',
    extension: false,
    async run({ browser, origin }) {
      const long = 'Sign in to your account '.repeat(84).trim();
      const nested = `uri-list:${origin}/page/n1%3B${origin}/page/n2%3Ftitle=${encodeURIComponent(encodeURIComponent(long))}`;
      const link = `uri-list:${origin}/page/long;${origin}/page/next;${nested}?title=Titles&page-titles=${pageTitles([long, 'Next'])}`;
      try {
        await browser.setViewport({ width: 390, height: 844 });
        await browser.goto(`${origin}/web/#${link}`);
        await shown(browser);
        const measure = () =>
          browser.inPage(() => {
            const row = document.querySelector('#item-0-url');
            const title = row.querySelector('.page-title');
            const line = parseFloat(getComputedStyle(title).lineHeight);
            const next = document.querySelector('#item-1-url').getBoundingClientRect();
            const heading = document.querySelector('li.nested > h3');
            return {
              nestedLines: Math.round(heading.getBoundingClientRect().height / parseFloat(getComputedStyle(heading).lineHeight)),
              nestedWhole: heading.title.length > 2000 && heading.title === heading.textContent,
              whole: title.textContent.length,
              titleLines: Math.round(title.getBoundingClientRect().height / line),
              addressBelowTitle: Math.round(row.querySelector('.address').getBoundingClientRect().top - title.getBoundingClientRect().bottom),
              nextInView: next.bottom <= innerHeight,
            };
          });
        const seen = await measure();
        assert.deepEqual({ ...seen, addressBelowTitle: seen.addressBelowTitle <= 4 }, { nestedLines: 3, nestedWhole: true, whole: long.length, titleLines: 3, addressBelowTitle: true, nextInView: true });
        await browser.screenshots(SCREENSHOTS, `web-${browser.name}-spoof-long-title-390`, { viewport: true });
        await assertAccessible(browser, 'the web page with a page title of 2000 characters');
        await browser.inPage(() => document.getElementById('item-0-url').focus({ focusVisible: true }));
        assert.ok((await measure()).titleLines > 10, 'focused: the whole title');
      } finally {
        await browser.setViewport({ width: 1000, height: 800 });
      }
    },
  },
  {
    name: 'spoof: the preview page shows a right-to-left override in an address percent-encoded, not drawing the rest of it backwards ("/https://www.paypal.com")',
    async run({ browser, origin }) {
      const link = `uri-list:https://evil.example/\u202Emoc.lapyap.www//:sptth;javascript:\u202E)1(trela;${origin}/page/a?title=T`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered), (n) => Number(n) >= 3, { what: 'the preview page to draw its rows' });
      const seen = await browser.inPage(() => {
        const row = document.querySelector('#items li.item.openable a.url');
        return { address: row.querySelector('.address').textContent, tooltip: row.title, blocked: document.querySelector('#items li.item.blocked .url').textContent };
      });
      assert.deepEqual(seen, {
        address: 'https://evil.example/%E2%80%AEmoc.lapyap.www//:sptth',
        tooltip: 'https://evil.example/%E2%80%AEmoc.lapyap.www//:sptth',
        blocked: 'javascript:%E2%80%AE)1(trela',
      });
    },
  },
];
