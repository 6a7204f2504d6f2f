// Accessibility: every page of the extension a person sees passes axe-core's WCAG 2 A/AA rules
// (axe.mjs), light and dark, in the states that show the most: the popup with what the page
// offers, with a pasted list that has warnings and left-out items, and after copying; the options
// page, with a refused number; the preview page of a list with every kind of row (lookalike,
// user-info, blocked, nested, plain http), more pages than open at once, and of 10 000 pages
// (cases-first.mjs); Chrome's placeholder for an unloaded page. Real input drives each state.
import assert from 'node:assert/strict';
import { AUDIT_EXPRESSION, assertAccessible } from './axe.mjs';
import { openOptions, openPopup } from './popup.mjs';
import { waitFor } from './util.mjs';

/** A list that makes the preview page show every kind of row and message. */
function everyKindOfRow(origin) {
  const pages = Array.from({ length: 16 }, (_, i) => `${origin}/page/n${i + 1}`);
  return (
    'uri-list:https://paypal.com/;https://p%D0%B0ypal.com/signin;https://paypal.com@evil.example/;' +
    'javascript:alert(1);http://plain.example/;' +
    pages.join(';') +
    ';uri-list:https://a.example/%3Bhttps://b.example/' +
    '?title=Every%20kind%20of%20row'
  );
}

export const cases = [
  {
    name: 'a11y: the audit finds what it is there to find (a page broken on purpose: an image without alt, a nameless button, pale text)',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/a11y-broken.html`);
      const failure = await assertAccessible(browser, 'the broken page').then(
        () => null,
        (error) => error.message,
      );
      assert.ok(failure, 'the audit passed a page that breaks WCAG 2 A/AA');
      for (const rule of ['image-alt', 'button-name', 'color-contrast']) assert.match(failure, new RegExp(rule));
      assert.match(failure, /in the light colour scheme/);
      assert.match(failure, /in the dark colour scheme/);
      // The dark pass really is dark: the page's media query says so.
      try {
        for (const scheme of ['dark', 'light']) {
          await browser.colorScheme(scheme);
          const dark = await browser.inPage(() => matchMedia('(prefers-color-scheme: dark)').matches);
          assert.equal(dark, scheme === 'dark', `prefers-color-scheme in the ${scheme} pass`);
        }
      } finally {
        await browser.colorScheme(null);
      }
    },
  },
  {
    name: 'a11y: the popup passes the WCAG 2 A/AA audit as it opens (with what the page offers), with a pasted list that has warnings, and after copying (light, dark)',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/offers.html`); // a page that offers lists: the popup shows them
      await waitFor(() => browser.badge(`${origin}/offers.html`), (b) => b?.text === '1', { what: 'the badge' });
      const popup = await openPopup(browser);
      try {
        const read = () =>
          popup.evaluate(() => ({
            ready: !document.getElementById('copy').disabled,
            offers: document.querySelectorAll('#offers-list button').length,
            summary: document.getElementById('pasted-summary').textContent,
            alerts: document.querySelectorAll('#pasted-alerts li').length,
            copied: !document.getElementById('copied').hidden,
          }));
        await waitFor(read, (p) => p.ready && p.offers === 1, { what: 'the popup to count the tabs and show the offer' });
        await assertAccessible(popup, 'the popup (with what the page offers)');

        await popup.paste('#pasted', 'https://paypal.com/\nhttps://p\u0430ypal.com/signin\njavascript:alert(1)\n');
        await waitFor(read, (p) => p.summary !== '' && p.alerts > 0, { what: 'the pasted list with its warnings' });
        await assertAccessible(popup, 'the popup (a pasted list with warnings)');

        await popup.click('#copy');
        await waitFor(read, (p) => p.copied, { what: 'the link copied' });
        await assertAccessible(popup, 'the popup (after copying)');
      } finally {
        await popup.close();
      }
    },
  },
  {
    name: 'a11y: the options page passes the WCAG 2 A/AA audit, as it comes and with a refused number (light, dark)',
    async run({ browser }) {
      const options = await openOptions(browser);
      try {
        const read = () =>
          options.evaluate(() => ({
            limit: document.getElementById('open-limit').value,
            error: document.getElementById('open-limit-error').textContent,
          }));
        await waitFor(read, (p) => p.limit !== '', { what: 'the options page to show its settings' });
        await assertAccessible(options, 'the options page');
        await options.type('#open-limit', '0');
        await waitFor(read, (p) => p.error !== '', { what: 'the number refused' });
        await assertAccessible(options, 'the options page (a refused number)');
        // The lazy choice's own number refused, then "always" (its number box disabled).
        await options.type('#open-limit', '15');
        await options.type('#lazy-count', '0');
        await waitFor(
          () => options.evaluate(() => document.getElementById('lazy-count-error').textContent),
          (text) => text === 'The number of pages must be a whole number from 1 to 500.',
          { what: 'the lazy number refused' },
        );
        await assertAccessible(options, 'the options page (a refused number of pages for lazy loading)');
        await options.screenshots?.('lazy-refused');
        await options.click('#lazy-always');
        await options.click('#reverse');
        await waitFor(() => options.evaluate(() => document.getElementById('lazy-count').disabled), (d) => d === true, { what: 'the number box disabled' });
        await assertAccessible(options, 'the options page (lazy always, reverse order ticked)');
      } finally {
        await options.close();
        await browser.inExtension(async () => (globalThis.browser ?? globalThis.chrome).storage.sync.clear());
      }
    },
  },
  {
    name: 'a11y: the preview page passes the WCAG 2 A/AA audit with every kind of row, over the open-limit (light, dark)',
    async run({ browser, origin }) {
      const link = everyKindOfRow(origin);
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
      const rows = await waitFor(
        () => browser.inPage(() => document.querySelectorAll('#items li').length),
        (count) => count >= 21,
        { what: 'the preview page to list the items' },
      );
      assert.ok(rows >= 21);
      await assertAccessible(browser, 'the preview page');
    },
  },
  {
    name: 'a11y: the preview page passes the WCAG 2 A/AA audit with pages by site under several groups (nested lists), a renamed group and its choices ticked (light, dark)',
    async run({ browser, origin }) {
      const pages = Array.from({ length: 20 }, (_, i) => (i % 3 ? `https://news${i % 5}.example/story/${i}` : `${origin}/page/a${i}`));
      const link = `uri-list:${pages.slice(0, 10).join(';')};uri-list:${pages.slice(10).join('%3B')}%3Ftitle=Inner;https://last.example/?title=Outer`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?${new URLSearchParams({ link })}`);
      const shown = await waitFor(
        () => browser.inPage(() => ({ groups: document.querySelectorAll('#items li.heading').length, sites: document.querySelectorAll('#items li.site').length })),
        (p) => p.groups === 3,
        { what: 'the preview page to show three groups' },
      );
      assert.ok(shown.sites >= 6, JSON.stringify(shown));
      await browser.typeInto('#group-name', ' and more');
      await browser.click('#new-window');
      await browser.click('#lazy');
      await assertAccessible(browser, 'the preview page (groups, sites, choices)');
    },
  },
  {
    name: "a11y: Chrome's placeholder for an unloaded page passes the WCAG 2 A/AA audit, waiting and refusing a URL (light, dark)",
    browsers: ['chromium'],
    async run({ browser, origin }) {
      const placeholder = await browser.extensionUrl('lazy/lazy.html');
      // Waiting: a tab that is not selected keeps the placeholder (a selected one loads the page).
      const waiting = `${placeholder}?${new URLSearchParams({ url: `${origin}/page/one`, title: 'Page one' })}`;
      await browser.inExtension((url) => chrome.tabs.create({ url, active: false }), waiting);
      const page = await waitFor(
        () => browser.context.pages().find((p) => p.url() === waiting) ?? null,
        (found) => found !== null,
        { what: 'the placeholder tab' },
      );
      await page.waitForLoadState();
      await waitFor(() => page.evaluate(() => document.getElementById('hint').textContent), (hint) => hint !== '', {
        what: 'the placeholder to say what it is',
      });
      await assertAccessible(
        { auditAccessibility: () => page.evaluate(AUDIT_EXPRESSION) },
        'the placeholder (waiting)',
        { schemes: { colorScheme: (scheme) => page.emulateMedia({ colorScheme: scheme }) } },
      );
      // Refusing: a URL it will not load.
      await browser.goto(`${placeholder}?${new URLSearchParams({ url: 'javascript:alert(1)' })}`);
      await waitFor(() => browser.inPage(() => document.getElementById('heading').textContent), (h) => h !== '', {
        what: 'the refusal',
      });
      await assertAccessible(browser, 'the placeholder (refusing a URL)');
    },
  },
];
