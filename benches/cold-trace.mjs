#!/usr/bin/env node
// Where a cold click's time goes inside Chromium's service worker, read from a browser trace:
//
//   node benches/cold-trace.mjs [--rounds N] [--hover] [--profile] [--keep DIR] [DIST]
//
// DIST is a `dist/` folder as ./build.sh leaves it (default: dist/; its `chrome/` is loaded).
// Each round loads a page with a 5-page uri-list link, stops the extension's worker (CDP
// `ServiceWorker.stopWorker`), records a trace (CDP `Tracing`) while a trusted click on the link
// (with `--hover`, the pointer on it 200 ms first) starts the worker again and the list opens,
// then reads the worker thread's events. It prints, per step, the median ms from the click (its
// `EventDispatch`) over the rounds: the worker's thread up, its script read
// (`ServiceWorkerInstalledScriptsManager::GetScriptData`), the script compiled and evaluated
// (a module worker's `v8.compileModule`, `v8.evaluateModule`; a classic one's `v8.compile`,
// `v8.run`), the wasm asked for, its streaming compile done and instantiated, the functions V8
// compiled on their first call (`wasm.CompileLazy`: how many, how long in all), the extension API
// calls made, and the background's own start-up marks
// (extension/background/ready.js `startupMark`). With `--profile`, V8's sampling profiler runs
// too (`disabled-by-default-v8.cpu_profiler`, which slows the worker) and the functions with the
// most time of their own up to "planned" are printed. `--keep DIR` writes each trace there, for
// DevTools' performance panel.
//
// Tracing costs time itself, so the figures are for where the time goes, not for how long a click
// takes: that is `./build.sh bench --only startup` (benches/README.md, "Where a cold click's time
// goes in Chromium's worker").
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findProgram, waitFor } from '../tests/e2e/util.mjs';
import { stopWorkers } from './service-workers.mjs';

function usage(message) {
  console.error(`${message}\nusage: node benches/cold-trace.mjs [--rounds N] [--hover] [--profile] [--keep DIR] [DIST]`);
  process.exit(2);
}
const opts = { rounds: 8, hover: false, profile: false, keep: null, dist: fileURLToPath(new URL('../dist', import.meta.url)) };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--rounds') {
    opts.rounds = Number(argv[++i]);
    if (!Number.isInteger(opts.rounds) || opts.rounds < 1) usage(`--rounds takes a whole number of 1 or more, not ${argv[i] ?? 'nothing'}`);
  } else if (argv[i] === '--hover') opts.hover = true;
  else if (argv[i] === '--profile') opts.profile = true;
  else if (argv[i] === '--keep') {
    if (!argv[i + 1] || argv[i + 1].startsWith('-')) usage('--keep takes the folder to write the traces to');
    opts.keep = resolve(argv[++i]);
  }
  else if (!argv[i].startsWith('-')) opts.dist = resolve(argv[i]);
  else usage(`not understood: ${argv[i]}`);
}
if (!existsSync(join(opts.dist, 'chrome', 'manifest.json'))) usage(`${join(opts.dist, 'chrome')} is not a built extension (./build.sh first)`);
if (opts.keep) mkdirSync(opts.keep, { recursive: true });

const CATEGORIES = [
  'toplevel', 'v8', 'v8.execute', 'v8.wasm', 'blink', 'blink.user_timing', 'loading', 'ServiceWorker', 'extensions',
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.wasm.detailed',
  ...(opts.profile ? ['disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.cpu_profiler.hires'] : []),
];

// ---- the page ----------------------------------------------------------------------------------

let port;
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (url.pathname.startsWith('/p/')) {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${url.pathname.slice(3)}</title><p>page`);
    return;
  }
  const title = url.searchParams.get('title') ?? 'trace';
  const pages = Array.from({ length: 5 }, (_, i) => `http://127.0.0.1:${port}/p/${title}-${i}`);
  res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' })
    .end(`<!doctype html><title>${title}</title><a id="l" href="uri-list:${pages.join(';')}?title=${title}" style="font-size:40px">open this list</a>`);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
port = server.address().port;

// ---- the browser -------------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'uri-list-cold-trace-'));
const extension = join(work, 'chrome');
cpSync(join(opts.dist, 'chrome'), extension, { recursive: true });
const { chromium } = await import('playwright-core');
const context = await chromium.launchPersistentContext(join(work, 'profile'), {
  executablePath: findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium'),
  headless: true, viewport: { width: 1000, height: 700 },
  args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${extension}`, `--load-extension=${extension}`,
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const cleanUp = async () => {
  await context.close().catch(() => {});
  server.close();
  rmSync(work, { recursive: true, force: true });
};
const page = context.pages()[0] ?? (await context.newPage());
await waitFor(() => context.serviceWorkers().length, Boolean, { what: 'the extension started' });
const script = context.serviceWorkers()[0].url();
const browserCdp = await context.browser().newBrowserCDPSession();

/** One cold click, traced: the trace's events. */
async function tracedClick(round) {
  const title = `trace-${round}`;
  await page.goto(`http://127.0.0.1:${port}/list?title=${title}`);
  await stopWorkers(context, page, [script]);
  await browserCdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } });
  await new Promise((done) => setTimeout(done, 200));
  if (opts.hover) {
    await page.locator('#l').hover();
    await new Promise((done) => setTimeout(done, 200));
  }
  await page.locator('#l').click();
  await waitFor(() => context.pages().length, (n) => n >= 6, { interval: 20, what: `${title}'s 5 tabs` });
  await new Promise((done) => setTimeout(done, 1_000));
  const complete = new Promise((done) => browserCdp.once('Tracing.tracingComplete', done));
  await browserCdp.send('Tracing.end');
  const { stream } = await complete;
  let text = '';
  for (let eof = false; !eof;) {
    const chunk = await browserCdp.send('IO.read', { handle: stream });
    text += chunk.data;
    eof = chunk.eof;
  }
  await browserCdp.send('IO.close', { handle: stream });
  if (opts.keep) writeFileSync(join(opts.keep, `${title}.json`), text);
  for (const other of context.pages()) if (other !== page) await other.close();
  return JSON.parse(text).traceEvents;
}

// ---- reading a trace ---------------------------------------------------------------------------

/** The worker thread's events as complete ones (`ph` X, begin and end paired), and its marks. */
function workerEvents(events) {
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const worker = [...threads].find(([, name]) => /^ServiceWorker thread/.test(name))?.[0];
  if (!worker) throw new Error('no ServiceWorker thread in the trace');
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === worker).sort((a, b) => a.ts - b.ts);
  const open = [];
  const complete = [];
  for (const e of mine) {
    if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) complete.push({ ...begin, ph: 'X', dur: e.ts - begin.ts });
    } else complete.push(e);
  }
  return { worker, events: complete.sort((a, b) => a.ts - b.ts) };
}

/** What one round's trace says, in ms from the click. */
function phases(events) {
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) throw new Error('no click in the trace');
  const { worker, events: mine } = workerEvents(events);
  const at = (e) => (e.ts - click.ts) / 1000;
  const end = (e) => at(e) + (e.dur ?? 0) / 1000;
  const first = (test) => mine.find(test);
  const all = (test) => mine.filter(test);
  const sum = (list) => list.reduce((total, e) => total + (e.dur ?? 0) / 1000, 0);
  const out = {};
  const up = first((e) => e.name === 'V8PerIsolateData::Initialize') ?? mine.find((e) => e.dur);
  out['thread up'] = at(up);
  const scriptRead = all((e) => e.name === 'ServiceWorkerInstalledScriptsManager::GetScriptData');
  out['script read, ms'] = sum(scriptRead);
  // A module worker's modules (`v8.compileModule`, the entry's `v8.evaluateModule`), or a
  // classic worker's script (`v8.compile`, `v8.run` of the background's file: Chrome's since the
  // packing made it one, .ci/pack.mjs).
  const classic = (e) => /\/background\.js$/.test(e.args?.fileName ?? e.args?.data?.url ?? '');
  const compiled = all((e) => e.name === 'v8.compileModule' || (e.name === 'v8.compile' && classic(e)));
  out['script compiled, ms'] = sum(compiled);
  const evaluated = first((e) => e.name === 'v8.evaluateModule' || (e.name === 'v8.run' && classic(e)));
  if (evaluated) {
    out['evaluation starts'] = at(evaluated);
    out['evaluation, ms'] = evaluated.dur / 1000;
  }
  const wasmAsked = first((e) => e.name === 'ResourceFetcher::requestResource' && /\.wasm$/.test(e.args?.url ?? e.args?.data?.url ?? ''));
  if (wasmAsked) out['wasm asked for'] = at(wasmAsked);
  const streamed = first((e) => e.name === 'wasm.FinishStreaming');
  if (streamed) out['wasm compiled (streaming done)'] = end(streamed);
  const instantiated = first((e) => e.name === 'wasm.AsyncInstantiate');
  if (instantiated) out['wasm instantiated'] = end(instantiated);
  // wasm.CompileLazy nests in nothing of its own kind: each is one function's first call.
  const lazy = all((e) => e.name === 'wasm.CompileLazy');
  out['wasm functions compiled on first call'] = lazy.length;
  out['  their compilation, ms'] = sum(lazy);
  out['extension API calls made'] = all((e) => e.name === 'NativeExtensionBindingsSystem::SendRequest').length;
  // Each startup mark once (the first), as ready.js makes them.
  for (const e of events) {
    if (e.cat === 'blink.user_timing' && /^uri-list: /.test(e.name) && `${e.pid}:${e.tid}` === worker) {
      const name = e.name.slice('uri-list: '.length);
      out[name] ??= at(e);
    }
  }
  return { out, profile: opts.profile ? selfTimes(events, worker, click.ts, click.ts + (out.planned ?? 1e6) * 1000) : null };
}

/** With --profile: ms of the worker's samples in each function (its own time), from `from` to `to` (trace µs). */
function selfTimes(events, worker, from, to) {
  const pid = worker.split(':')[0];
  const ids = new Set(events.filter((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === worker).map((e) => e.id));
  const start = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === worker)?.args?.data?.startTime;
  const nodes = new Map();
  const samples = [];
  const deltas = [];
  for (const e of events) {
    // The chunks come from the profiler's own thread of the same process.
    if (e.name !== 'ProfileChunk' || !ids.has(e.id) || String(e.pid) !== pid) continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    samples.push(...(profile.samples ?? []));
    deltas.push(...(e.args.data.timeDeltas ?? []));
  }
  const times = new Map();
  let t = start;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i];
    if (t < from || t > to) continue;
    const frame = nodes.get(samples[i])?.callFrame;
    if (!frame) continue;
    const name = `${frame.functionName || '(top level)'} ${String(frame.url).split('/').pop()}`.trim();
    times.set(name, (times.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return times;
}

// ---- the rounds --------------------------------------------------------------------------------

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
try {
  const load = loadavg()[0];
  const rounds = [];
  for (let round = 0; round < opts.rounds; round++) rounds.push(phases(await tracedClick(round)));
  console.log(`Chromium ${context.browser()?.version() ?? ''}, a cold click on a 5-page link${opts.hover ? ', the pointer on it 200 ms first' : ''}, traced; ${opts.rounds} rounds, load average ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
  console.log('median over the rounds (min–max); a time without ", ms" is ms from the click');
  // The moments in the order they came (by their medians), then the durations and counts.
  const names = [...new Set(rounds.flatMap(({ out }) => Object.keys(out)))];
  const isMoment = (step) => !/ms$|calls|functions/.test(step);
  const when = (step) => median(rounds.map(({ out }) => out[step]).filter((v) => v !== undefined));
  const steps = [...names.filter(isMoment).sort((a, b) => when(a) - when(b)), ...names.filter((step) => !isMoment(step))];
  for (const step of steps) {
    const values = rounds.map(({ out }) => out[step]).filter((v) => v !== undefined);
    const digits = /calls|functions compiled on/.test(step) ? 0 : 1;
    console.log(`  ${step.padEnd(40)} ${median(values).toFixed(digits).padStart(7)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}, n=${values.length})`);
  }
  if (opts.profile) {
    const total = new Map();
    for (const { profile } of rounds) for (const [name, ms] of profile) total.set(name, (total.get(name) ?? 0) + ms / rounds.length);
    console.log('own time up to "planned", ms a round (the sampling profiler on):');
    for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${ms.toFixed(2).padStart(7)}  ${name}`);
  }
} finally {
  await cleanUp();
}
