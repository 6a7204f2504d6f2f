// "Copy as…" (the formats): real tabs whose pages' titles hold `]`, `<`, `&`, quotes, brackets
// and non-ASCII, copied from the tab menu's submenus, the popup's format choice and the shortcut,
// as Markdown, HTML (with its plain-text flavour), titles and addresses, and a person's own
// template set on the options page; each read back from the real clipboard and compared exactly.
import assert from 'node:assert/strict';
import { assertAccessible } from './axe.mjs';
import { arrange, copied, forgetShareFormat, markClipboard, MARKER, shortcut, tabMenu } from './cases-share.mjs';
import { openOptions, openPopup } from './popup.mjs';
import { waitFor } from './util.mjs';

/** The pages' titles: what a tab shows (the fixture server titles /page/NAME with NAME). */
const TITLES = {
  docs: 'Docs [draft] ]',
  math: 'a < b & c > d &amp;',
  quotes: `"Quoted" & 'single' (x)`,
  intl: 'Grüße – 日本語',
};
const GROUP = 'R&D [1] <b>';

/** The page titled `title` and its address as the browser shows it (percent-encoded, `'()` as they are). */
const url = (origin, title) => `${origin}/page/${encodeURIComponent(title)}`;

/** A window: a loose page, a group of two, a loose page. */
async function arrangeWindow(browser, origin) {
  await arrange(browser, {
    tabs: [
      { url: url(origin, TITLES.docs) },
      { url: url(origin, TITLES.math), group: 'rd' },
      { url: url(origin, TITLES.quotes), group: 'rd' },
      { url: url(origin, TITLES.intl) },
    ],
    groups: { rd: { title: GROUP, color: 'green' } },
    select: [0, 3],
  });
  // The titles are the pages' own (loaded), not their addresses.
  await waitFor(
    () =>
      browser.name === 'chromium'
        ? browser.inExtension(async () => (await chrome.tabs.query({ currentWindow: true })).map((t) => t.title))
        : browser.script('return gBrowser.tabs.map((tab) => tab.label);', [], { chrome: true }),
    (titles) => titles.join('|') === [TITLES.docs, TITLES.math, TITLES.quotes, TITLES.intl].join('|'),
    { what: "the pages' titles" },
  );
}

/**
 * Selects the tabs at `indexes` again, the first active (in Chromium, reading the clipboard from
 * the first tab's page brings it to the front, which ends a multi-selection).
 */
async function select(browser, indexes) {
  if (browser.name === 'chromium') {
    await browser.inExtension(async (tabs) => {
      const { id } = await chrome.windows.getLastFocused({ windowTypes: ['normal'] });
      await chrome.tabs.highlight({ windowId: id, tabs });
    }, indexes);
    return;
  }
  await browser.script(
    `const [first, ...rest] = arguments[0];
     gBrowser.selectedTab = gBrowser.tabs[first];
     for (const n of rest) gBrowser.addToMultiSelectedTabs(gBrowser.tabs[n]);`,
    [indexes],
    { chrome: true },
  );
}

/** Waits until the clipboard changes from `before`: `{text, html}` (html: its text/html flavour, or null). */
async function clipboardAfter(browser, before) {
  const text = await copied(browser, before);
  return { text, html: await browser.clipboardHtml() };
}

/** The expected copies of the arranged window, written out by hand. */
function expected(origin) {
  const [docs, math, quotes, intl] = [TITLES.docs, TITLES.math, TITLES.quotes, TITLES.intl].map((title) => url(origin, title));
  return {
    markdown: [
      `- [Docs \\[draft\\] \\]](${docs})`,
      `- R&D \\[1\\] \\<b\\>`,
      `  - [a \\< b & c \\> d \\&amp;](${math})`,
      `  - ["Quoted" & 'single' \\(x\\)](${quotes.replace('(x)', '\\(x\\)')})`,
      `- [Grüße – 日本語](${intl})`,
    ].join('\n'),
    html: [
      '<ul>',
      `<li><a href="${docs}">Docs [draft] ]</a></li>`,
      '<li>R&amp;D [1] &lt;b&gt;',
      '<ul>',
      `<li><a href="${math}">a &lt; b &amp; c &gt; d &amp;amp;</a></li>`,
      `<li><a href="${quotes.replaceAll("'", '&#39;')}">&quot;Quoted&quot; &amp; &#39;single&#39; (x)</a></li>`,
      '</ul></li>',
      `<li><a href="${intl}">Grüße – 日本語</a></li>`,
      '</ul>',
    ].join('\n'),
    plain: [
      TITLES.docs,
      docs,
      '',
      GROUP,
      `  ${TITLES.math}`,
      `  ${math}`,
      `  ${TITLES.quotes}`,
      `  ${quotes}`,
      '',
      TITLES.intl,
      intl,
    ].join('\n'),
    // The selected tabs (the first and the last) only.
    selectedMarkdown: `- [Docs \\[draft\\] \\]](${docs})\n- [Grüße – 日本語](${intl})`,
  };
}

/** What the toolbar button's tooltip says (the confirmation), as cases-share.mjs reads it. */
async function confirmationTitle(browser) {
  if (browser.name === 'chromium') return browser.inExtension(async () => chrome.action.getTitle({}));
  return browser.script(
    `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
     const extension = ExtensionParent.GlobalManager.getExtension(arguments[0]);
     return ExtensionParent.apiManager.global.browserActionFor(extension).action.globals.title;`,
    ['{5777c714-38b0-4949-ba65-7afa4f90061a}'],
    { chrome: true },
  );
}

export const cases = [
  {
    name: 'formats: a window with a group from the tab menu as Markdown, HTML (both flavours) and titles with addresses',
    async run({ browser, origin }) {
      try {
        const want = expected(origin);
        await markClipboard(browser, origin);
        await arrangeWindow(browser, origin);
        await tabMenu(browser, 0, 'share-window-markdown');
        const markdown = await clipboardAfter(browser, MARKER);
        assert.equal(markdown.text, want.markdown);
        await waitFor(() => confirmationTitle(browser), (title) => title === 'Copied 4 tabs as Markdown.', { what: 'the confirmation' });

        await tabMenu(browser, 0, 'share-window-html');
        const html = await clipboardAfter(browser, markdown.text);
        assert.equal(html.text, want.plain, 'the text/plain flavour beside the HTML');
        assert.equal(html.html, want.html, 'the text/html flavour');
        await waitFor(() => confirmationTitle(browser), (title) => title === 'Copied 4 tabs as Titled links (HTML).', { what: 'the confirmation' });

        await tabMenu(browser, 0, 'share-window-plain');
        // The same text as the HTML's plain flavour: the clipboard changes only in its flavours.
        await waitFor(() => browser.clipboardHtml(), (found) => found === null, { what: 'the HTML flavour to go' });
        assert.equal(await browser.clipboard(), want.plain);

        // The selected tabs (tab 0 and 3) as Markdown: the last format used is remembered, and
        // the shortcut copies in it.
        await select(browser, [0, 3]);
        await tabMenu(browser, 0, 'share-tabs-text');
        await waitFor(() => browser.clipboard(), (text) => text.startsWith(`${url(origin, TITLES.docs)}\r\n`), { what: 'the addresses' });
        await select(browser, [0, 3]);
        await tabMenu(browser, 0, 'share-tabs-markdown');
        await waitFor(() => browser.clipboard(), (text) => text === want.selectedMarkdown, { what: 'the selected tabs as Markdown' });
        await tabMenu(browser, 0, 'share-window-markdown');
        await waitFor(() => browser.clipboard(), (text) => text === want.markdown, { what: 'the window as Markdown again' });
        await select(browser, [0, 3]);
        await shortcut(browser);
        assert.equal(await copied(browser, want.markdown), want.selectedMarkdown, 'the shortcut copies in the format last used');
      } finally {
        await forgetShareFormat(browser);
      }
    },
  },
  {
    name: 'formats: the popup offers the formats, copies in the chosen one and remembers it',
    async run({ browser, origin }) {
      try {
        await markClipboard(browser, origin);
        await arrangeWindow(browser, origin);
        await select(browser, [0, 3]);
        let popup = await openPopup(browser);
        const read = () =>
          popup.evaluate(() => ({
            button: document.getElementById('copy').textContent,
            disabled: document.getElementById('copy').disabled,
            format: /** @type {HTMLSelectElement} */ (document.getElementById('format')).value,
            choices: [.../** @type {HTMLSelectElement} */ (document.getElementById('format')).options].map((o) => o.textContent),
            status: document.getElementById('status').textContent,
            link: document.getElementById('copied').hidden ? null : /** @type {HTMLInputElement} */ (document.getElementById('link')).value,
            // The height the popup needs to show it all (the page's own, whatever the window's).
            height: Math.ceil(document.documentElement.getBoundingClientRect().height),
          }));
        try {
          const shown = await waitFor(read, (p) => !p.disabled, { what: 'the popup to count the tabs' });
          assert.equal(shown.format, 'link', 'the uri-list link first, until another format is used');
          assert.equal(shown.button, 'Copy 2 tabs as one link');
          assert.deepEqual(shown.choices, ['uri-list link', 'Markdown', 'Titled links (HTML)', 'Titles and addresses', 'Addresses, one per line', 'My template']);
          await popup.choose('#format', 'html');
          await waitFor(read, (p) => p.button === 'Copy 2 tabs as Titled links (HTML)', { what: 'the button to name the format' });
          await popup.click('#copy');
          const after = await waitFor(read, (p) => p.status !== '', { what: "the popup's confirmation" });
          assert.equal(after.status, 'Copied 2 tabs as Titled links (HTML).');
          assert.ok(after.height <= 600, `the popup is ${after.height} px tall`);
          await popup.screenshots?.('formats');
          await assertAccessible(popup, 'the popup (a format chosen, copied)');
        } finally {
          await popup.close();
        }
        const docs = url(origin, TITLES.docs);
        const intl = url(origin, TITLES.intl);
        assert.equal(await copied(browser, MARKER), `${TITLES.docs}\n${docs}\n\n${TITLES.intl}\n${intl}`);
        assert.equal(await browser.clipboardHtml(), `<ul>\n<li><a href="${docs}">Docs [draft] ]</a></li>\n<li><a href="${intl}">Grüße – 日本語</a></li>\n</ul>`);
        // Opened again, the popup offers the format last used.
        await select(browser, [0, 3]);
        popup = await openPopup(browser);
        try {
          const again = await waitFor(read, (p) => !p.disabled, { what: 'the popup to count the tabs' });
          assert.equal(again.format, 'html');
          assert.equal(again.button, 'Copy 2 tabs as Titled links (HTML)');
        } finally {
          await popup.close();
        }
      } finally {
        await forgetShareFormat(browser);
      }
    },
  },
  {
    name: 'formats: a template set on the options page, with its live example, a refusal without {url} and of a separator too long (each field marked), copies a tab group',
    async run({ browser, origin }) {
      try {
        const options = await openOptions(browser);
        const read = () =>
          options.evaluate(() => ({
            example: document.getElementById('template-example').textContent,
            error: document.getElementById('template-error').textContent,
            invalid: document.getElementById('template').getAttribute('aria-invalid'),
            separatorInvalid: document.getElementById('separator').getAttribute('aria-invalid'),
            exampleShown: !document.getElementById('template-example').closest('figure').hidden,
            status: document.getElementById('settings-status').textContent,
          }));
        try {
          await waitFor(read, (o) => o.example === 'Example Domain: https://example.com/\nBücher – Wikipedia: https://de.wikipedia.org/wiki/B%C3%BCcher', {
            what: 'the example of the default template',
          });
          await options.type('#template', '{title}');
          const refused = await waitFor(read, (o) => o.error !== '', { what: 'the refusal' });
          assert.equal(refused.error, 'the template has no {url}: the copied text would carry no address');
          assert.equal(refused.invalid, 'true');
          assert.equal(refused.separatorInvalid, null, 'the separator is not the problem');
          assert.equal(refused.exampleShown, false, 'no example of a template that cannot be used');
          await options.screenshots?.('template-refused');
          await assertAccessible(options, 'the options page (a template without {url})');
          await options.type('#template', '{index}. {title} <{url}> @{host} [{group}]');
          // A separator too long: that field is the one marked, and the template is not.
          await options.paste('#separator', '-'.repeat(501));
          const tooLong = await waitFor(read, (o) => o.separatorInvalid === 'true', { what: 'the separator refused' });
          assert.equal(tooLong.error, 'what goes between two tabs is too long: at most 500 characters');
          assert.equal(tooLong.invalid, null, 'the template is not the problem');
          assert.equal(tooLong.exampleShown, false);
          await options.screenshots?.('separator-refused');
          await assertAccessible(options, 'the options page (a separator too long)');
          await options.type('#separator', '\\n--\\n');
          // The example follows each key press through the background: it may come after the status.
          const example =
            '1. Example Domain <https://example.com/> @example.com []\n--\n2. Bücher – Wikipedia <https://de.wikipedia.org/wiki/B%C3%BCcher> @de.wikipedia.org [Wikipedia]';
          const saved = await waitFor(read, (o) => o.status === 'Template saved.' && o.error === '' && o.example === example, {
            what: 'the template saved, and its example',
          });
          assert.equal(saved.example, example);
          assert.deepEqual([saved.invalid, saved.separatorInvalid, saved.exampleShown], [null, null, true]);
          await options.screenshots?.('template');
          await assertAccessible(options, 'the options page (a template and its example)');
          // The commit (leaving the field, Enter) judges before any key press's example came
          // back: its refusal hides the example at once. A change with no input event before it,
          // so that no example is on its way to hide it later.
          const committed = await options.evaluate(() => {
            const field = /** @type {HTMLInputElement} */ (document.getElementById('template'));
            field.value = '{title}';
            field.dispatchEvent(new Event('change'));
            return {
              error: document.getElementById('template-error').textContent,
              exampleShown: !document.getElementById('template-example').closest('figure').hidden,
            };
          });
          assert.deepEqual(committed, { error: 'the template has no {url}: the copied text would carry no address', exampleShown: false });
        } finally {
          await options.close();
        }
        await markClipboard(browser, origin);
        await arrangeWindow(browser, origin);
        await tabMenu(browser, 1, 'share-group-template');
        const math = url(origin, TITLES.math);
        const quotes = url(origin, TITLES.quotes);
        assert.equal(
          await copied(browser, MARKER),
          `1. ${TITLES.math} <${math}> @127.0.0.1 [${GROUP}]\n--\n2. ${TITLES.quotes} <${quotes}> @127.0.0.1 [${GROUP}]`,
        );
      } finally {
        await forgetShareFormat(browser);
      }
    },
  },
];
