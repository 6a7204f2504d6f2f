#!/usr/bin/env node
// What the extension costs a page load that has nothing to do with it, in headless Chromium and
// Firefox: the same plain page (no uri-list link, nothing offered) loaded with the built
// extension, its background stopped before each load (Chromium: the service worker, CDP; Firefox:
// the event page, `terminateBackground()` as its idle timer calls it), and in a browser without
// the extension. Not part of the test run.
//
//   node benches/page-load.mjs [--dist DIR] [--rounds N] [--browsers chromium,firefox]
//
// Per load, from the page's own Navigation Timing entry: `requestStart` (until the request left:
// a blocking webRequest listener holds it until the background has answered) and `loadEventEnd`;
// and whether the background was running afterwards (a load that started it). Medians (min-max)
// of the rounds; each round loads a new address (`?n=`), served with no-store.
//
// Before issue 26's navigation filters, every top-level load started a stopped background in
// both browsers, and Firefox held every top-level request until its search guard had answered.
import { resolve } from 'node:path';
import { launchChromium } from '../tests/e2e/chromium.mjs';
import { launchFirefox } from '../tests/e2e/firefox.mjs';
import { startServer } from '../tests/e2e/server.mjs';
import { FIXTURES, ROOT } from '../tests/e2e/util.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const dist = resolve(option('dist', resolve(ROOT, 'dist')));
const rounds = Number(option('rounds', 15));
const browsers = option('browsers', 'chromium,firefox').split(',');
const LAUNCH = {
  chromium: { folder: 'chrome', launch: launchChromium },
  firefox: { folder: 'firefox', launch: launchFirefox },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const figure = (values) => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

const server = await startServer(FIXTURES);
try {
  for (const name of browsers) {
    for (const extension of [true, false]) {
      const { folder, launch } = LAUNCH[name];
      const browser = await launch({ extensionDir: extension ? resolve(dist, folder) : null });
      browser.name ??= name;
      const request = [];
      const load = [];
      let started = 0;
      try {
        await browser.reset();
        await browser.goto(`${server.origin}/link-text.html`);
        for (let n = 0; n < rounds; n += 1) {
          if (extension) await browser.stopBackground();
          await browser.goto(`${server.origin}/page/plain?n=${n}`);
          const timing = await browser.inPage(() => {
            const entry = performance.getEntriesByType('navigation')[0];
            return { requestStart: entry.requestStart, loadEventEnd: entry.loadEventEnd };
          });
          request.push(timing.requestStart);
          load.push(timing.loadEventEnd);
          if (extension && (await browser.backgroundRunning())) started += 1;
        }
      } finally {
        await browser.close();
      }
      console.log(
        `${name.padEnd(8)} ${extension ? 'extension' : 'without  '}: request left ${figure(request)} ms, loaded ${figure(load)} ms` +
          (extension ? `; the background started by ${started} of ${rounds} loads` : ''),
      );
    }
  }
} finally {
  await server.close();
}
