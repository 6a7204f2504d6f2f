#!/usr/bin/env node
// Worker start → the packed background evaluated, in Chromium, for two or more builds side by side:
//
//   node benches/worker-evaluated.mjs [--rounds N] [--mark NAME] NAME=DIST NAME=DIST...
//
// Each DIST is a `dist/` folder as ./build.sh leaves it (its `chrome/` is used; copy one aside
// to compare it with another build). Each build's `chrome/background.js` gets one line appended,
// `globalThis.benchEvaluated = performance.now()`: an entry module's body runs after every module
// it imports has been fetched, linked and evaluated, and `performance.now()` in a worker is the
// time since its start (a classic script's last line runs after the rest of it). So the figure is
// what the packing decides (one file or a graph of chunks, a module worker or a classic one),
// which benches/all.mjs's `startup` section does not see (it bundles the background again, alone,
// as the packing does now). Each build runs in a headless Chromium of its own; each round stops every
// worker (CDP `ServiceWorker.stopAllWorkers`) and starts it again (CDP `ServiceWorker.startWorker`
// with its scope: closing a tab no longer starts it), the builds' order alternating round by round.
// Prints each build's median and min–max, and each further build minus the first, paired by
// round, with the middle half of those differences (benches/README.md, "One-file background").
// With `--mark NAME`, the figure is worker start → the background's start-up mark NAME instead
// (extension/background/ready.js `startupMark`: `--mark "core ready"`, the wasm core loaded;
// benches/README.md, "Nothing at start-up that the click does not need").
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findProgram, waitFor } from '../tests/e2e/util.mjs';
import { stopWorkers } from './service-workers.mjs';

function usage(message) {
  console.error(`${message}\nusage: node benches/worker-evaluated.mjs [--rounds N] [--mark NAME] NAME=DIST NAME=DIST...`);
  process.exit(2);
}
let rounds = 30;
/** The start-up marks a worker makes without a click (extension/background/ready.js, background.js). */
const START_MARKS = ['modules loaded', 'core ready', 'evaluated'];
let mark = null;
const builds = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--rounds' && Number(argv[i + 1]) >= 2) rounds = Number(argv[++i]);
  else if (argv[i] === '--mark') {
    if (!argv[i + 1] || argv[i + 1].startsWith('-')) usage(`--mark takes the name of a start-up mark: ${START_MARKS.join(', ')}`);
    if (!START_MARKS.includes(argv[i + 1])) usage(`--mark ${argv[i + 1]}: not a mark a start without a click makes (${START_MARKS.join(', ')})`);
    mark = `uri-list: ${argv[++i]}`;
  }
  else if (/^[a-z0-9-]+=./.test(argv[i])) {
    const [name, ...dir] = argv[i].split('=');
    const dist = resolve(dir.join('='));
    if (!existsSync(join(dist, 'chrome', 'background.js'))) usage(`${name}: ${join(dist, 'chrome', 'background.js')} is missing (a dist/ folder built by ./build.sh?)`);
    builds.push({ name, dist });
  } else usage(`not understood: ${argv[i]}`);
}
if (builds.length < 2) usage('name two builds or more');

const work = mkdtempSync(join(tmpdir(), 'uri-list-worker-evaluated-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

async function launch({ name, dist }) {
  const { chromium } = await import('playwright-core');
  const dir = join(work, name);
  cpSync(join(dist, 'chrome'), dir, { recursive: true });
  appendFileSync(join(dir, 'background.js'), '\n;globalThis.benchEvaluated = performance.now();\n');
  const context = await chromium.launchPersistentContext(join(work, `${name}-profile`), {
    executablePath: findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium'),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${dir}`, `--load-extension=${dir}`,
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await waitFor(() => context.serviceWorkers().length, Boolean, { what: `${name}'s worker started` });
  return { name, context, page };
}

/** One cold start: ms from the worker's start to its background evaluated (or to `mark`). */
async function coldStart({ name, context, page }) {
  await stopWorkers(context, page, [...new Set(context.serviceWorkers().map((w) => w.url()))], { start: true });
  const reached = async () => {
    for (const worker of context.serviceWorkers()) {
      const t = await worker
        .evaluate((mark) => (mark ? performance.getEntriesByName(mark)[0]?.startTime : globalThis.benchEvaluated), mark)
        .catch(() => undefined);
      if (typeof t === 'number') return t;
    }
    return undefined;
  };
  return waitFor(reached, (t) => t !== undefined, { interval: 10, what: `${name}'s ${mark ?? 'background evaluated'}` });
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  return sorted[Math.floor(at)] + (sorted[Math.ceil(at)] - sorted[Math.floor(at)]) * (at - Math.floor(at));
};
const ms = (v) => `${v >= 0 ? '' : '−'}${Math.abs(v).toFixed(1)}`;
const summary = (v) => `${ms(quantile(v, 0.5))} ms (${ms(Math.min(...v))}–${ms(Math.max(...v))}, n=${v.length})`;

const drivers = [];
try {
  for (const build of builds) drivers.push(await launch(build));
  const load = loadavg()[0];
  const times = new Map(drivers.map((d) => [d.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const driver of round % 2 ? [...drivers].reverse() : drivers) times.get(driver.name).push(await coldStart(driver));
  }
  console.log(`worker start → ${mark ?? 'background evaluated'}, Chromium; load average ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
  for (const [name, values] of times) console.log(`  ${name}: ${summary(values)}`);
  const [first, ...rest] = [...times];
  for (const [name, values] of rest) {
    const diffs = values.map((t, i) => t - first[1][i]);
    console.log(`  ${name} − ${first[0]}, paired: ${summary(diffs)}; middle half ${ms(quantile(diffs, 0.25))}–${ms(quantile(diffs, 0.75))}`);
  }
} finally {
  for (const driver of drivers) await driver.context.close();
}
