// Hosts (issue 10): the preview page names each site as the browser opens it (UTS #46, as
// `new URL(item).hostname`), not as the link spells it; a host of Latin letters that only look
// like ASCII ones (gooɡle.com) is an alert. A person's click on a link in a page; the preview page
// read as a person sees it. Same cases in Chromium and Firefox.
import assert from 'node:assert/strict';
import { settled, stillSame } from './cases-open.mjs';
import { waitFor } from './util.mjs';

/** After a click on `selector`: the preview page's reasons and, per item, its box, site and alerts. */
async function previewOf(browser, origin, selector, items) {
  await browser.goto(`${origin}/hosts.html`);
  await browser.click(selector);
  const state = await settled(browser, origin, { tabs: 2 }, 'the preview page');
  await stillSame(browser, origin, state, { page: true });
  await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
  return waitFor(
    () =>
      browser.inPage(() => ({
        why: document.getElementById('why').hidden ? '' : document.getElementById('why').textContent,
        rows: [...document.querySelectorAll('#items li.item')].map((li) => ({
          checked: li.querySelector('input').checked,
          // The site is named once, in the heading above its pages.
          site: (() => {
            let row = li.previousElementSibling;
            while (row && !row.classList.contains('site')) row = row.previousElementSibling;
            return row ? `Site: ${row.querySelector('h4').textContent}` : null;
          })(),
          alerts: [...li.querySelectorAll('.alert')].map((a) => a.textContent),
        })),
      })),
    (shown) => shown.rows.length === items,
    { what: 'the items' },
  );
}

export const cases = [
  {
    name: 'hosts: the preview page names the hosts the browser opens (U+3002 written or escaped, full-width letters)',
    async run({ browser, origin }) {
      const shown = await previewOf(browser, origin, '#link', 4);
      assert.deepEqual(
        shown.rows.map((r) => r.site),
        ['Site: paypal.com', 'Site: paypal.com.evil.example', 'Site: example.com', 'Site: example.org'],
      );
      // The borrowed name is told against the site the tab would open.
      assert.deepEqual(shown.rows[1].alerts, [
        'paypal.com.evil.example belongs to evil.example, not to paypal.com, another site in this list',
      ]);
      assert.deepEqual(shown.rows.map((r) => r.checked), [true, false, true, true]);
    },
  },
  {
    name: 'hosts: a host of Latin letters that only look like ASCII (gooɡle.com) opens the preview with the alert',
    async run({ browser, origin }) {
      const shown = await previewOf(browser, origin, '#lookalike', 2);
      const alert =
        'gooɡle.com (xn--goole-tmc.com): "gooɡle" is written with letters that only look like plain Latin ones: it imitates google.com';
      assert.match(shown.why, /gooɡle\.com \(xn--goole-tmc\.com\): "gooɡle" is written with letters that only look like plain Latin ones: it imitates google\.com/);
      assert.deepEqual(shown.rows, [
        { checked: false, site: 'Site: gooɡle.com (xn--goole-tmc.com)', alerts: [alert] },
        { checked: true, site: 'Site: example.org', alerts: [] },
      ]);
    },
  },
];
