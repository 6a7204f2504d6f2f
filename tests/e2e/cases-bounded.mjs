// Bounded work (issue 22): no page can stall the extension, nor take its warnings away. A page in
// one tab floods the background (a synthetic mouseover on a new 2 MB link of distinct
// lookalike hosts every 350 ms; a person's pointer resting on such links), and an honest click in
// another tab must still open its group within a second; a page that fires synthetic scroll and
// blur events (or scrolls itself) every 40 ms must not hide the hover warning; and a title
// holding bidirectional controls (U+202E) never reaches a copied line. Same cases in Chromium and
// Firefox, driven by trusted input (CDP, WebDriver actions).
import assert from 'node:assert/strict';
import { arrange, copied, forgetShareFormat, markClipboard, MARKER, tabMenu } from './cases-share.mjs';
import { sleep, waitFor } from './util.mjs';

/** Unicode's bidirectional controls (Bidi_Control). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** A page title that would show the address after it reversed, with an isolate around a word. */
const RTL_TITLE = 'Holiday \u2067photos\u2069 \u202E';

/**
 * The promise of an honest click: its group opens within this long of the time it takes with a
 * quiet page in the other tab (measured first, in the same browser: on a loaded machine an
 * honest click alone can take longer than a second), whatever the other tab does. Before the
 * bounds, a flooding tab delayed it by 11-12 s (the run), or for good.
 */
const OPEN_WITHIN_MS = 1000;
/** How long to wait for a group before giving up (to say how long it took when it is too slow). */
const GIVE_UP_MS = 20_000;

/**
 * Opens the honest page in a new tab (from the current page, as a person's second tab), clicks
 * its link for real, and returns how long, in ms, its group took to open (from the click to the
 * group of two pages being in the tab strip).
 */
async function honestClickInAnotherTab(browser, origin) {
  await browser.inPage((url) => void window.open(url, '_blank'), `${origin}/bounded-honest.html`);
  await browser.switchTo(`${origin}/bounded-honest.html`);
  await browser.click('#link');
  const clicked = Date.now();
  const state = await waitFor(
    () => browser.state(),
    (state) => state.groups.some((g) => g.title === 'Honest B') && state.tabs.filter((t) => t.group === 'Honest B').length === 2,
    { timeout: GIVE_UP_MS, interval: 20, what: "the honest tab's group" },
  ).catch((error) => ({ error }));
  const took = Date.now() - clicked;
  if (state.error) throw new Error(`the honest click's group had not opened after ${took} ms: ${state.error.message}`);
  return took;
}

/**
 * How long an honest click in another tab takes with a quiet page in this one (then a fresh
 * start), for the bound: see OPEN_WITHIN_MS.
 */
async function quietTime(browser, origin) {
  await browser.goto(`${origin}/page/quiet`);
  const took = await honestClickInAnotherTab(browser, origin);
  await browser.reset();
  return took;
}

/** Asserts that `took` is within OPEN_WITHIN_MS of `quiet`, saying both. */
function assertPrompt(took, quiet, what) {
  console.log(`#   the honest click's group opened in ${took} ms ${what} (${quiet} ms with a quiet page there)`);
  assert.ok(took < quiet + OPEN_WITHIN_MS, `the honest click's group opened in ${took} ms ${what}, not within ${OPEN_WITHIN_MS} ms of ${quiet} ms`);
}

/** The tooltip's lines, or null when no tooltip is shown. */
const tooltip = (browser) => browser.shadowTexts('#uri-list-tooltip', '.line');

export const cases = [
  {
    name: 'bounded: an honest click in one tab opens its group within 1 s (of its time with a quiet tab) while another tab fires synthetic mouseovers on 2 MB lookalike links',
    async run({ browser, origin }) {
      const quiet = await quietTime(browser, origin);
      await browser.goto(`${origin}/bounded-flood.html?synthetic`);
      // Three of the page's mouseovers (each past the tooltip's delay) before the honest click.
      await waitFor(() => browser.inPage(() => window.fired), (fired) => fired >= 4, { what: 'the flood to start' });
      assertPrompt(await honestClickInAnotherTab(browser, origin), quiet, 'while the other tab flooded (synthetic events)');
    },
  },
  {
    name: "bounded: an honest click in one tab opens its group within 1 s (of its time with a quiet tab) after a person's pointer rested on three 2 MB lookalike links in another",
    async run({ browser, origin }) {
      const quiet = await quietTime(browser, origin);
      await browser.goto(`${origin}/bounded-flood.html`);
      for (const id of ['#big0', '#big1', '#big2']) {
        await browser.hover(id);
        await sleep(400); // resting past the tooltip's 300 ms delay: each asks for a description
      }
      assertPrompt(await honestClickInAnotherTab(browser, origin), quiet, 'after three trusted hovers in the other tab');
    },
  },
  {
    name: 'bounded: the tooltip of a 2 MB link of lookalike hosts comes at once, reads its first 200 items and says how many it left out',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/bounded-flood.html`);
      await browser.hover('#big1');
      const hovered = Date.now();
      const lines = await waitFor(() => tooltip(browser), (lines) => lines !== null && lines.length > 0, { timeout: GIVE_UP_MS, what: 'the tooltip of #big1' });
      const took = Date.now() - hovered;
      console.log(`#   the tooltip of a 2 MB link showed ${took} ms after the pointer came to rest (300 ms of it the tooltip's delay)`);
      assert.equal(lines[0], 'Flood 1');
      assert.match(lines[1], /^200 pages · /);
      assert.ok(lines.some((line) => /^⚠ Only the first 200 items are read here; 6\d\d\d\d more are not: the preview page reads them all$/.test(line)), lines.join('\n'));
      assert.ok(took < 3000, `the tooltip showed after ${took} ms`);
    },
  },
  ...['', '?jiggle'].map((query) => ({
    name: `bounded: synthetic scroll and blur events every 40 ms${query ? ' (and the page scrolling itself by a pixel)' : ''} do not hide the lookalike warning`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/bounded-hide.html${query}`);
      await browser.hover('#link');
      const lines = await waitFor(() => tooltip(browser), (lines) => lines !== null && lines.length > 0, { what: 'the tooltip with the warning, under the page’s events' });
      assert.ok(lines.some((line) => line.startsWith('⚠')), lines.join('\n'));
      // It stays while the page fires 25 more rounds of its events (about a second).
      const fired = await browser.inPage(() => window.fired);
      await waitFor(() => browser.inPage(() => window.fired), (now) => now >= fired + 25, { what: 'the page to fire 25 more rounds' });
      const still = await browser.inPage(() => {
        const host = document.getElementById('uri-list-tooltip');
        return host ? getComputedStyle(host).visibility : 'gone';
      });
      assert.equal(still, 'visible', 'the warning is still shown');
    },
  })),
  {
    name: 'bounded: a tab titled with a right-to-left override (U+202E) copied as Markdown and as a template line gives lines with no bidirectional control',
    async run({ browser, origin }) {
      const page = `${origin}/page/${encodeURIComponent(RTL_TITLE)}`;
      try {
        await markClipboard(browser, origin);
        await arrange(browser, { tabs: [{ url: page }] });
        await waitFor(
          () =>
            browser.name === 'chromium'
              ? browser.inExtension(async () => (await chrome.tabs.query({ currentWindow: true }))[0].title)
              : browser.script('return gBrowser.tabs[0].label;', [], { chrome: true }),
          (title) => title === RTL_TITLE,
          { what: "the page's title, with its controls, on the tab" },
        );
        await tabMenu(browser, 0, 'share-tabs-markdown');
        const markdown = await copied(browser, MARKER);
        assert.equal(markdown, `- [Holiday photos](${page})`);
        assert.doesNotMatch(markdown, BIDI);
        await browser.inExtension(async () => {
          await (globalThis.browser ?? globalThis.chrome).storage.sync.set({ shareTemplate: '{title}: {url}' });
        });
        await tabMenu(browser, 0, 'share-tabs-template');
        const line = await copied(browser, markdown);
        assert.equal(line, `Holiday photos: ${page}`);
        assert.doesNotMatch(line, BIDI);
      } finally {
        await forgetShareFormat(browser);
      }
    },
  },
];
