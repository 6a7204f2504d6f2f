// Accessibility: every page of the extension a person sees passes axe-core's WCAG 2 A/AA rules
// (axe.mjs), light and dark, in the states that show the most: the popup empty, with a pasted
// list that has warnings and left-out items, and with a refused setting; the preview page of a
// list with every kind of row (lookalike, user-info, blocked, nested, plain http) and over the
// open-limit; Chrome's placeholder for an unloaded page. Real input drives each state.
import assert from 'node:assert/strict';
import { AUDIT_EXPRESSION, assertAccessible } from './axe.mjs';
import { openPopup } from './popup.mjs';
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
    name: 'a11y: the popup passes the WCAG 2 A/AA audit empty, with a pasted list that has warnings, and with a refused open-limit (light, dark)',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/offers.html`); // a page that offers lists: the popup shows them
      const popup = await openPopup(browser);
      try {
        const read = () =>
          popup.evaluate(() => ({
            limit: document.getElementById('open-limit').value,
            summary: document.getElementById('pasted-summary').textContent,
            alerts: document.querySelectorAll('#pasted-alerts li').length,
            limitError: document.getElementById('open-limit-error').textContent,
          }));
        await waitFor(read, (p) => p.limit !== '', { what: 'the popup to show its settings' });
        await assertAccessible(popup, 'the popup (empty)');

        await popup.paste('#pasted', 'https://paypal.com/\nhttps://p\u0430ypal.com/signin\njavascript:alert(1)\n');
        await waitFor(read, (p) => p.summary !== '' && p.alerts > 0, { what: 'the pasted list with its warnings' });
        await assertAccessible(popup, 'the popup (a pasted list with warnings)');

        await popup.type('#open-limit', '0');
        await waitFor(read, (p) => p.limitError !== '', { what: 'the open-limit refused' });
        await assertAccessible(popup, 'the popup (a refused open-limit)');
      } finally {
        await popup.close();
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
