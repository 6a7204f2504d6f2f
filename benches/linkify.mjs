// What linkify (extension/content/linkify.js) costs a page, off and on, in headless Chromium
// and Firefox with the built extension:
//
//   node benches/linkify.mjs [DIST] [RUNS]        # DIST: default dist/, RUNS: default 5
//
// Not part of the test run. Two pages, made here and served on 127.0.0.1:
// - static: 10 000 text nodes (2 000 paragraphs of 5 spans), 10 of them with a uri-list link.
// - mutations: a page that adds 10 000 text nodes after loading, in 500 batches of 20 (one
//   batch per task, back to back, as a busy chat or feed does), 5 of them with a link.
// Measured in the page, both browsers: the initial pass (from DOMContentLoaded to the 10th link
// made), the time from the last batch to the last link made (linkify's deferred, idle-time
// work), the mutation loop's time (the page's own tasks plus linkify's MutationObserver
// callbacks, which only queue nodes), the longest frame (the largest gap between two
// requestAnimationFrame callbacks: the longest the page could not paint) and, in Chromium, long
// tasks (Long Tasks API: tasks over 50 ms).
// Measured in Chromium only, with the V8 sampling profiler (CDP, 100 µs samples, which cover
// content scripts too): linkify's own main-thread time, i.e. every sample with a frame of
// content/linkify.js on its stack (its DOM calls included), and its longest run of such
// samples in a row, i.e. its longest slice. Page-level times are noisy on a shared machine;
// the profiler's figures are what linkify itself costs.
// Off and on alternate run by run; each figure is the median of RUNS (the longest frame, task
// and slice: the median and the largest of all runs).
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchChromium } from '../tests/e2e/chromium.mjs';
import { launchFirefox } from '../tests/e2e/firefox.mjs';
import { startServer } from '../tests/e2e/server.mjs';
import { ROOT, sleep, tempDir, waitFor } from '../tests/e2e/util.mjs';

const [dist = join(ROOT, 'dist'), runsArg = '5'] = process.argv.slice(2);
const RUNS = Number(runsArg);
const STATIC_LINKS = 10;
const BATCHES = 500;
const PER_BATCH = 20;
const MUTATION_LINKS = 5;

/** The page's own instruments: links seen appearing, frames, long tasks. */
const INSTRUMENTS = `<script>
  const bench = (window.bench = { links: 0, lastLink: 0, maxFrame: 0, longTasks: [], ready: 0 });
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType === 1 && node.hasAttribute('data-uri-list-linkified')) { bench.links += 1; bench.lastLink = performance.now(); }
    }
  }).observe(document, { childList: true, subtree: true });
  let last = performance.now();
  requestAnimationFrame(function tick(now) {
    bench.maxFrame = Math.max(bench.maxFrame, now - last);
    last = now;
    requestAnimationFrame(tick);
  });
  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => bench.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
  } else bench.longTasks = null;
  document.addEventListener('DOMContentLoaded', () => (bench.ready = performance.now()));
</script>`;

const link = (n) => `uri-list:https://a.example/${n};https://b.example/${n}?title=List%20${n}`;

function staticPage() {
  const paragraphs = [];
  for (let p = 0; p < 2000; p += 1) {
    const spans = [];
    for (let s = 0; s < 5; s += 1) {
      const n = p * 5 + s;
      const text = n % 1000 === 500 ? `see ${link(n)} for the plan` : `Text node ${n} of the page, words that hold no link at all.`;
      spans.push(`<span>${text}</span>`);
    }
    paragraphs.push(`<p>${spans.join('')}</p>`);
  }
  return `<!doctype html><meta charset="utf-8"><title>10 000 text nodes</title>${INSTRUMENTS}<body>${paragraphs.join('\n')}</body>`;
}

function mutationsPage() {
  return `<!doctype html><meta charset="utf-8"><title>Many mutations</title>${INSTRUMENTS}<body><div id="feed"></div><script>
  /** Adds ${BATCHES} batches of ${PER_BATCH} paragraphs, one batch per task; resolves with the loop's time. */
  bench.mutate = () => new Promise((done) => {
    const feed = document.getElementById('feed');
    const channel = new MessageChannel();
    let batch = 0;
    const start = performance.now();
    bench.maxFrame = 0;
    channel.port1.onmessage = () => {
      const fragment = document.createDocumentFragment();
      for (let k = 0; k < ${PER_BATCH}; k += 1) {
        const n = batch * ${PER_BATCH} + k;
        const p = document.createElement('p');
        p.textContent = n % ${(BATCHES * PER_BATCH) / MUTATION_LINKS} === 1000 ? 'see ${link('x')} now' : 'Message ' + n + ', words that hold no link at all.';
        fragment.append(p);
      }
      feed.append(fragment);
      batch += 1;
      if (batch < ${BATCHES}) channel.port2.postMessage(0);
      else { bench.loopEnd = performance.now(); done(bench.loopEnd - start); }
    };
    channel.port2.postMessage(0);
  });
</script></body>`;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => {
  if (value === null || value === undefined) return 'n/a';
  if (typeof value === 'object') return `${value.median.toFixed(1)} / ${value.max.toFixed(1)} ms`;
  return `${value.toFixed(1)} ms`;
};

/**
 * linkify's share of a V8 CPU profile: `{total, longest}` in ms, `total` over every sample with
 * a frame of content/linkify.js on its stack, `longest` the longest run of such samples in a row.
 */
function linkifyTime(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inLinkify = new Map();
  const isLinkify = (id) => {
    if (inLinkify.has(id)) return inLinkify.get(id);
    const mine = byId.get(id).callFrame.url.endsWith('/content/linkify.js');
    const result = mine || (parent.has(id) && isLinkify(parent.get(id)));
    inLinkify.set(id, result);
    return result;
  };
  let total = 0;
  let run = 0;
  let longest = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    // A sample stands for the time until the next one.
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (isLinkify(profile.samples[i])) {
      total += delta;
      run += delta;
      longest = Math.max(longest, run);
    } else {
      run = 0;
    }
  }
  return { total, longest };
}

/** One browser, driven the same way: `load(url)`, `evaluate(fn, arg)`, `profile(start|stop)`, `setLinkify(on)`. */
async function chromiumSession(extensionDir) {
  const driver = await launchChromium({ extensionDir });
  let page = null;
  let cdp = null;
  return {
    name: `chromium ${driver.version}`,
    async load(url, { profile = false } = {}) {
      await page?.close();
      page = await driver.context.newPage();
      cdp = await driver.context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      if (profile) await cdp.send('Profiler.start');
      await page.goto(url);
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    startProfile: () => cdp.send('Profiler.start'),
    async stopProfile() {
      const { profile } = await cdp.send('Profiler.stop');
      return linkifyTime(profile);
    },
    setLinkify: (on) => driver.inExtension((on) => chrome.storage.sync.set({ linkify: on }), on),
    close: () => driver.close(),
  };
}

async function firefoxSession(extensionDir) {
  const driver = await launchFirefox({ extensionDir });
  return {
    name: `firefox ${driver.version}`,
    load: (url) => driver.goto(url),
    evaluate: (fn, arg) =>
      driver.script(`Promise.resolve((${fn})(arguments[0])).then(arguments[arguments.length - 1]);`, [arg], { async: true }),
    startProfile: async () => {},
    stopProfile: async () => null,
    setLinkify: (on) => driver.inExtension((on) => browser.storage.sync.set({ linkify: on }), on),
    close: () => driver.close(),
  };
}

const readInstruments = (session) =>
  session.evaluate(() => ({ ...window.bench, longTasks: window.bench.longTasks && [...window.bench.longTasks] }));
const longestTask = (page) => (page.longTasks ? Math.max(0, ...page.longTasks) : null);

/** The static page: waits for the links (on) or a quiet second (off), then reads the instruments. */
async function measureStatic(session, url, on) {
  await session.load(url, { profile: true });
  if (on) {
    await waitFor(() => session.evaluate(() => window.bench.links), (n) => n >= STATIC_LINKS, { what: 'the links', timeout: 30_000 });
  }
  await sleep(1000);
  const page = await readInstruments(session);
  const profile = await session.stopProfile();
  if (!on && page.links !== 0) throw new Error('linkify is off, yet links were made');
  return { pass: on ? page.lastLink - page.ready : null, maxFrame: page.maxFrame, longTask: longestTask(page), ...linkifyFigures(profile) };
}

async function measureMutations(session, url, on) {
  await session.load(url);
  await sleep(500);
  await session.startProfile();
  const loop = await session.evaluate(() => window.bench.mutate());
  if (on) {
    await waitFor(() => session.evaluate(() => window.bench.links), (n) => n >= MUTATION_LINKS, { what: 'the links', timeout: 30_000 });
  }
  await sleep(1000);
  const page = await readInstruments(session);
  const profile = await session.stopProfile();
  if (!on && page.links !== 0) throw new Error('linkify is off, yet links were made');
  return { loop, settle: on ? page.lastLink - page.loopEnd : null, maxFrame: page.maxFrame, longTask: longestTask(page), ...linkifyFigures(profile) };
}

const linkifyFigures = (profile) => ({ linkify: profile?.total ?? null, slice: profile?.longest ?? null });

async function bench(session, origin) {
  const runs = { off: { statics: [], mutations: [] }, on: { statics: [], mutations: [] } };
  for (let run = 0; run < RUNS; run += 1) {
    for (const on of [false, true]) {
      await session.setLinkify(on);
      const mine = runs[on ? 'on' : 'off'];
      mine.statics.push(await measureStatic(session, `${origin}/static.html`, on));
      mine.mutations.push(await measureMutations(session, `${origin}/mutations.html`, on));
    }
  }
  const pick = (list, key, how = median) => (list[0][key] === null ? null : how(list.map((r) => r[key])));
  /** The median and, after a slash, the largest of the runs: one run preempted by another process shows only in the second. */
  const max = (values) => ({ median: median(values), max: Math.max(...values) });
  const rows = {};
  for (const [mode, { statics, mutations }] of Object.entries(runs)) {
    rows[mode] = {
      'static: initial pass (DOMContentLoaded to last link)': pick(statics, 'pass'),
      "static: linkify's main-thread time (profiler)": pick(statics, 'linkify'),
      "static: linkify's longest slice (profiler; median / max of runs)": pick(statics, 'slice', max),
      'static: longest frame (median / max of runs)': pick(statics, 'maxFrame', max),
      'static: longest long task (median / max of runs; 0 = none over 50 ms)': pick(statics, 'longTask', max),
      'mutations: loop of 500 batches': pick(mutations, 'loop'),
      'mutations: last batch to last link': pick(mutations, 'settle'),
      "mutations: linkify's main-thread time (profiler)": pick(mutations, 'linkify'),
      "mutations: linkify's longest slice (profiler; median / max of runs)": pick(mutations, 'slice', max),
      'mutations: longest frame (median / max of runs)': pick(mutations, 'maxFrame', max),
      'mutations: longest long task (median / max of runs; 0 = none over 50 ms)': pick(mutations, 'longTask', max),
    };
  }
  console.log(`\n## ${session.name} (median of ${RUNS} runs)\n`);
  console.log('| measure | linkify off | linkify on |\n|---|---|---|');
  for (const key of Object.keys(rows.off)) console.log(`| ${key} | ${ms(rows.off[key])} | ${ms(rows.on[key])} |`);
  const cost = rows.on["mutations: linkify's main-thread time (profiler)"];
  if (cost !== null) {
    console.log(`\nlinkify in the mutation run: ${((cost / BATCHES) * 1000).toFixed(0)} µs per batch of ${PER_BATCH} nodes, ${((cost / (BATCHES * PER_BATCH)) * 1000).toFixed(1)} µs per node`);
  }
}

/**
 * A copy of the packed extension with the content scripts as their source files, one script
 * each (the package joins them into one content.js): the profile tells linkify's frames by
 * their file, content/linkify.js.
 */
async function withSourceContentScripts(packed, copy) {
  await cp(packed, copy, { recursive: true });
  const scripts = JSON.parse(await readFile(join(ROOT, 'manifest.json'), 'utf8')).content_scripts;
  const manifest = JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8'));
  manifest.content_scripts = scripts;
  for (const file of scripts.flatMap((script) => script.js)) await cp(join(ROOT, 'extension', file), join(copy, file));
  await writeFile(join(copy, 'manifest.json'), JSON.stringify(manifest));
  return copy;
}

const folder = await tempDir('linkify-bench');
const server = await startServer(folder.path);
try {
  await mkdir(folder.path, { recursive: true });
  await writeFile(join(folder.path, 'static.html'), staticPage());
  await writeFile(join(folder.path, 'mutations.html'), mutationsPage());
  for (const [launch, sub] of [[chromiumSession, 'chrome'], [firefoxSession, 'firefox']]) {
    const session = await launch(await withSourceContentScripts(resolve(dist, sub), join(folder.path, sub)));
    try {
      await bench(session, server.origin);
      await session.setLinkify(false);
    } finally {
      await session.close();
    }
  }
} finally {
  await server.close();
  await folder.remove();
}
