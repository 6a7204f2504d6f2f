// The web page stays responsive while it reads a long list (issue 22, "the tab never freezes"):
// in a browser without the extension, Chromium and Firefox, a page of the web page's own origin
// frames it with a long web link of distinct lookalike hosts (one alert each: the core's costliest
// check), and watches its own event loop, which a same-origin frame shares: how long its
// setTimeout(0) chain ever waited (Firefox), and Chromium's long animation frames (a task and the
// rendering after it; Firefox has no such API), from the first rows until the web page has drawn
// the whole list and one frame more.
// Read on the page's main thread, that list blocked it for seconds at once (the check, then 32 000
// alerts and as many sites laid out at once: 2.3 s in Firefox, 11 s in Chromium); read by the
// page's worker, no task comes near the bound, which is generous: a second, on a machine shared
// with other test runs.
import assert from 'node:assert/strict';
import { waitFor } from './util.mjs';

/** The longest the page may ever leave an event unanswered. */
const BOUND_MS = 1000;
/**
 * A link of distinct lookalike hosts (`pаypal17.com`, Cyrillic а), as tests/fixtures/bounded-flood.html
 * makes them, of this many characters: Firefox takes addresses of at most 1 MiB (its
 * network.standard-url.max-length; Chromium 2 MiB).
 */
const SIZE = 1_000_000;

/** The link, as the browser's address holds it. */
function lookalikes() {
  const parts = ['uri-list:'];
  let length = parts[0].length;
  for (let n = 0; length < SIZE; n += 1) {
    const item = `https://p%D0%B0ypal${n}.com/;`;
    parts.push(item);
    length += item.length;
  }
  return { link: `${parts.join('')}?title=Lookalikes`, items: parts.length - 1 };
}

/**
 * In the current page (of the web page's origin): frames the web page at `address` and probes
 * the event loop until the web page is done (its main loses aria-busy, with rows drawn).
 */
function frameAndProbe(address) {
  const probe = { gap: 0, at: null, frame: null, ticks: 0, rows: 0, done: false };
  window.probe = probe;
  // Chromium: its long animation frames (a task and the rendering after it, which its Long
  // Tasks API leaves out: main's page laid out 32 000 sites in one frame of 11 s). Firefox has
  // neither API: the gaps say it there.
  let frames = null;
  if (PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) {
    probe.frame = 0;
    const note = (entries) => {
      for (const entry of entries) if (probe.rows && entry.startTime >= probe.rows) probe.frame = Math.max(probe.frame, entry.duration);
    };
    frames = new PerformanceObserver((list) => note(list.getEntries()));
    frames.observe({ type: 'long-animation-frame', buffered: true });
    frames.note = note;
  }
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 900px; height: 600px';
  let last = performance.now();
  let finishing = false;
  const tick = (final = false) => {
    if (probe.done) return;
    const now = performance.now();
    const page = frame.contentDocument;
    const rows = page?.location.pathname.endsWith('/web/') ? page.querySelectorAll('#items li').length : 0;
    // From the first rows on: what comes before is the browser loading a page with a 1 MB
    // address (the web page's own script has not run yet), the same with or without a worker.
    if (probe.rows) {
      if (now - last > probe.gap) Object.assign(probe, { gap: now - last, at: { rows, after: Math.round(now - probe.rows) } });
    } else if (rows > 0) {
      probe.rows = now;
    }
    last = now;
    probe.ticks += 1;
    if (final) {
      // The frames not yet told to the observer, the last one's included.
      frames?.note(frames.takeRecords());
      probe.done = true;
    } else if (!finishing && rows > 0 && !page.querySelector('main').hasAttribute('aria-busy')) {
      // Done: one frame more (the last layout of what it drew), then one more tick.
      finishing = true;
      requestAnimationFrame(() => setTimeout(() => tick(true), 0));
    } else {
      setTimeout(tick, 0);
    }
  };
  setTimeout(tick, 0);
  frame.src = address;
  document.body.append(frame);
}

/** What the framed web page shows once done. */
function shown() {
  const page = document.querySelector('iframe').contentDocument;
  const lines = (id) => [...page.querySelectorAll(`#${id}-list li`)].map((li) => li.textContent);
  return {
    title: page.getElementById('title').textContent,
    summary: page.getElementById('summary').textContent,
    sites: page.getElementById('sites').textContent,
    rows: page.querySelectorAll('#items li.item').length,
    more: page.getElementById('more-rows')?.textContent ?? null,
    look: lines('look'),
    open: page.getElementById('open-selected').textContent,
    openDisabled: page.getElementById('open-selected').disabled,
  };
}

export const cases = [
  {
    name: 'web responsive: the web page reading a 1 MB list of 32 000 lookalike hosts never leaves its tab unanswering for a second, and shows it all',
    extension: false,
    async run({ browser, origin }) {
      const { link, items } = lookalikes();
      await browser.goto(`${origin}/page/responsive`);
      await browser.inPage(frameAndProbe, `${origin}/web/#${link}`);
      const probe = await waitFor(() => browser.inPage(() => window.probe), (p) => p?.done, {
        timeout: 27_000,
        interval: 200,
        what: 'the web page to draw the list',
      });
      console.log(`#   ${browser.name}: the longest setTimeout gap ${Math.round(probe.gap)} ms ${JSON.stringify(probe.at)}${probe.frame === null ? '' : `, the longest animation frame ${Math.round(probe.frame)} ms`} (${probe.ticks} ticks)`);
      if (probe.frame !== null) {
        // Chromium: its frames say how long the page was blocked; the gaps there also count the
        // time the machine gave the tab no CPU (they reached 0.8 s under a load of 14 on 2 cores).
        assert.ok(probe.frame < BOUND_MS, `a frame of the page took ${Math.round(probe.frame)} ms, not under ${BOUND_MS} ms`);
      } else {
        assert.ok(probe.gap < BOUND_MS, `the page's event loop waited ${Math.round(probe.gap)} ms at once, not under ${BOUND_MS} ms`);
      }
      // It read the whole list: 5 000 rows, a line for the rest, every page to open.
      const page = await browser.inPage(shown);
      assert.equal(page.title, 'Lookalikes');
      assert.equal(page.rows, 5000);
      assert.equal(page.more, `The first 5000 items are shown here, and ${items - 5000} more are not: “Open selected” takes those without a warning, and the copies take them all.`);
      // Every host is a lookalike: every page starts unticked, and the button opens none.
      assert.equal(page.open, 'Open selected');
      assert.equal(page.openDisabled, true);
      // One alert a host, 50 of them in the box, then how many more; 20 sites named, then how many more.
      assert.equal(page.look.length, 51);
      assert.match(page.look[0], /^pаypal0\.com \(xn--pypal0-3nf\.com\): "pаypal0" mixes Latin and Cyrillic letters/);
      assert.equal(page.look.at(-1), `${items - 50} more warnings not shown`);
      assert.equal(page.summary, `${items} pages from ${items} sites.`);
      assert.match(page.sites, new RegExp(`^Sites: pаypal0\\.com \\(xn--pypal0-3nf\\.com\\), .*, and ${items - 20} more$`));
    },
  },
  {
    name: 'web responsive: the first rows of a long list, shown while the whole list is checked, cannot be clicked or focused until its check is done',
    extension: false,
    async run({ browser, origin }) {
      const { link } = lookalikes();
      await browser.goto(`${origin}/web/#${link}`, { waitUntil: 'commit' });
      // The first row's link as the page has it: whether it takes focus (an inert one does not,
      // nor a click), and whether the page is still checking the list.
      const firstRow = () => {
        const a = document.querySelector('#items li a.url');
        if (!a) return null;
        a.focus();
        const focused = document.activeElement === a;
        a.blur();
        return { focused, inert: a.closest('[inert]') !== null, busy: document.querySelector('main').hasAttribute('aria-busy') };
      };
      const early = await waitFor(() => browser.inPage(firstRow), (r) => r !== null, { timeout: 20_000, interval: 25, what: 'the first rows' });
      assert.ok(early.busy, 'the whole list was checked before its first rows could be looked at: make the list longer');
      assert.equal(early.inert, true, 'a first row is clickable before the whole list is checked');
      assert.equal(early.focused, false, 'a first row takes focus before the whole list is checked');
      // Once checked, the rows are the whole check's, and a person can use them.
      const done = await waitFor(() => browser.inPage(firstRow), (r) => r && !r.busy, { timeout: 27_000, interval: 200, what: 'the whole check' });
      assert.equal(done.inert, false);
      assert.equal(done.focused, true);
    },
  },
];
