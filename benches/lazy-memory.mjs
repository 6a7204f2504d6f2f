#!/usr/bin/env node
// Memory of a 30-page list opened eagerly and lazily (the `lazy` setting), in headless
// Chromium and Firefox with the built extension. Not part of the test run.
//
//   node benches/lazy-memory.mjs [--dist DIR] [--reps N] [--browsers chromium,firefox] [--settle S]
//
// For each browser, mode and repetition: a fresh browser and profile; the setting written to
// storage.sync; a real click on a 30-page link in a page on 127.0.0.1; then, once the pages
// that load have loaded (each reports it to the server) and `--settle` seconds have passed, the
// memory of every process of the browser (the descendants of this node process, geckodriver
// left out), summed from /proc/PID/smaps_rollup:
// - USS, private memory (Private_Clean + Private_Dirty): what ending the processes would free;
//   the main figure, as it does not depend on what else runs on the machine;
// - PSS (shared pages split between the processes sharing them): includes a share of the
//   libraries mapped by every other Chromium or Firefox running on the machine, so it moves
//   when they start and stop;
// - RSS (shared pages counted in every process: an upper bound).
// The same is read before the click (the baseline); the figure of interest is the growth, after
// minus before. Medians of the repetitions.
//
// Modes:
// - eager: the setting off, every page loads;
// - lazy: the setting on (Firefox: discarded tabs; Chrome: the placeholder page);
// - Chromium only, for comparison (done from the service worker, not something the extension does):
//   lazy+discard: lazy, then every placeholder tab discarded (`tabs.discard`);
//   eager+discard: eager, then every tab but the first discarded once loaded.
//
// The pages are made here, all different: an article of about 300 paragraphs, a 400-row table,
// 4 PNG images of 800x500 (each distinct), a stylesheet and a script that builds about 40 000
// small objects and keeps them, as a page's own data would. Each page is about 0.2 MB on the
// wire and several MB in a browser.
import { createServer } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { launchChromium } from '../tests/e2e/chromium.mjs';
import { launchFirefox } from '../tests/e2e/firefox.mjs';
import { ROOT, sleep, waitFor } from '../tests/e2e/util.mjs';

const PAGES = 30;
const IMAGES = 4;

function usage(message) {
  console.error(`${message}\nusage: node benches/lazy-memory.mjs [--dist DIR] [--reps N] [--browsers chromium,firefox] [--settle S]`);
  process.exit(2);
}
const opts = { dist: resolve(ROOT, 'dist'), reps: 3, browsers: ['chromium', 'firefox'], settle: 8 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const [flag, value] = [argv[i], argv[i + 1]];
  if (value === undefined) usage(`${flag} needs a value`);
  if (flag === '--dist') opts.dist = resolve(value);
  else if (flag === '--reps') opts.reps = Number(value);
  else if (flag === '--settle') opts.settle = Number(value);
  else if (flag === '--browsers') opts.browsers = value.split(',');
  else usage(`unknown argument: ${flag}`);
}
if (!(opts.reps >= 1)) usage('--reps must be 1 or more');

// ---- The pages ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** An 800x500 RGB PNG, a pattern that differs with `seed` (so no two images are the same). */
function png(seed, width = 800, height = 500) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let state = seed * 2654435761 >>> 0;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = state >>> 28;
      raw[row + 1 + x * 3] = (x + seed * 37) & 0xff;
      raw[row + 2 + x * 3] = (y * 2 + noise) & 0xff;
      raw[row + 3 + x * 3] = ((x ^ y) + seed) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');
function article(n) {
  const words = (count, offset) => Array.from({ length: count }, (_, k) => WORDS[(k * 7 + offset + n) % WORDS.length]).join(' ');
  const paragraphs = Array.from({ length: 300 }, (_, p) => `<p>${words(40, p)} <a href="#s${p}">${n}.${p}</a></p>`).join('\n');
  const rows = Array.from({ length: 400 }, (_, r) => `<tr><td>${r}</td><td>${words(3, r)}</td><td>${(r * n) % 997}</td></tr>`).join('');
  const images = Array.from({ length: IMAGES }, (_, k) => `<img src="/img/${n}-${k}.png" width="800" height="500" alt="">`).join('\n');
  return `<!doctype html>
<meta charset="utf-8">
<title>Article ${n}</title>
<link rel="stylesheet" href="/style.css">
<h1>Article ${n}</h1>
${images}
${paragraphs}
<table>${rows}</table>
<script>
  // A page's own data: kept, as a web app keeps its state.
  window.appState = Array.from({ length: 40000 }, (_, i) => ({ id: i, label: 'item ' + i + ' of page ${n}', tags: [i % 7, i % 11] }));
  addEventListener('load', () => fetch('/loaded/${n}'));
</script>`;
}
const STYLE = 'body{font:16px/1.5 sans-serif;max-width:50rem;margin:auto}img{max-width:100%;height:auto}td{border:1px solid #ccc}';

/** Serves the list page, the articles, their images and the stylesheet; records which pages said they loaded. */
async function startPages() {
  const loaded = new Set();
  const fetched = new Set();
  const images = new Map();
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url, origin).pathname;
    const send = (type, body) => {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    let match;
    if (path === '/') {
      const items = Array.from({ length: PAGES }, (_, n) => `${origin}/article/${n + 1}`).join(';');
      return send('text/html; charset=utf-8', `<!doctype html><meta charset="utf-8"><title>List</title><a id="link" href="uri-list:${items}?title=Thirty">Thirty articles</a>`);
    }
    if ((match = /^\/article\/(\d+)$/.exec(path))) {
      fetched.add(Number(match[1]));
      return send('text/html; charset=utf-8', article(Number(match[1])));
    }
    if ((match = /^\/img\/(\d+)-(\d+)\.png$/.exec(path))) {
      const key = Number(match[1]) * IMAGES + Number(match[2]);
      if (!images.has(key)) images.set(key, png(key));
      return send('image/png', images.get(key));
    }
    if ((match = /^\/loaded\/(\d+)$/.exec(path))) {
      loaded.add(Number(match[1]));
      return send('text/plain', 'ok');
    }
    if (path === '/style.css') return send('text/css', STYLE);
    response.writeHead(404).end();
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, loaded, fetched, close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }) };
}

// ---- Memory of the browser's processes ----

/** Every descendant of this process (the browser and its children; geckodriver left out). */
function descendants() {
  const parent = new Map();
  const name = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      name.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parent.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!mine.has(pid) && mine.has(ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  return [...mine].filter((pid) => name.get(pid) !== 'geckodriver');
}

/** Summed USS, PSS and RSS (MiB) and the number of processes. */
function memory() {
  let uss = 0;
  let pss = 0;
  let rss = 0;
  let processes = 0;
  for (const pid of descendants()) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
      uss += field('Private_Clean') + field('Private_Dirty');
      pss += field('Pss');
      rss += field('Rss');
      processes += 1;
    } catch {
      // a process that ended meanwhile
    }
  }
  return { uss: uss / 1024, pss: pss / 1024, rss: rss / 1024, processes };
}

/** Memory once it has stopped moving much: the last of readings a second apart, after `settle` seconds. */
async function settledMemory(settle) {
  await sleep(settle * 1000);
  const readings = [];
  for (let k = 0; k < 3; k++) {
    readings.push(memory());
    await sleep(1000);
  }
  return readings.sort((a, b) => a.uss - b.uss)[1];
}

// ---- One run ----

const LAUNCH = { chromium: ['chrome', launchChromium], firefox: ['firefox', launchFirefox] };

async function run(name, mode, pages) {
  const [folder, launch] = LAUNCH[name];
  const browser = await launch({ extensionDir: resolve(opts.dist, folder) });
  try {
    const lazy = mode.startsWith('lazy');
    // An open-limit above 30, or the list would show the preview page (the default limit is 15).
    await browser.inExtension((lazy) => (globalThis.browser ?? globalThis.chrome).storage.sync.set({ lazy, openLimit: 50 }), lazy);
    await browser.reset();
    await browser.goto(`${pages.origin}/`);
    pages.loaded.clear();
    pages.fetched.clear();
    const before = await settledMemory(3);
    await browser.click('#link');
    const expected = lazy ? 1 : PAGES;
    await waitFor(() => pages.loaded.size, (n) => n >= expected, { timeout: 120_000, interval: 250, what: `${expected} pages to load` });
    if (mode.endsWith('+discard')) await discardAllButFirst(browser, pages.origin);
    const after = await settledMemory(opts.settle);
    if (pages.loaded.size !== expected) throw new Error(`${pages.loaded.size} pages loaded, not ${expected}`);
    return { before, after, fetched: pages.fetched.size };
  } finally {
    await browser.close();
  }
}

/** Chromium: every tab of the list but the first, discarded (the comparison modes). */
async function discardAllButFirst(browser, origin) {
  const left = await browser.inExtension(async (first) => {
    const tabs = await chrome.tabs.query({});
    // Placeholders must have committed first, or their discarded tab loses its URL.
    await new Promise((done) => setTimeout(done, 1000));
    let failed = 0;
    for (const tab of tabs) {
      const url = tab.url || tab.pendingUrl || '';
      if (url === first || tab.active || !(url.startsWith('http') || url.startsWith('chrome-extension'))) continue;
      if (url.endsWith('/')) continue; // the list page
      const done = await chrome.tabs.discard(tab.id).catch(() => null);
      if (!done?.discarded || !(done.url || '').length) failed += 1;
    }
    return failed;
  }, `${origin}/article/1`);
  if (left) throw new Error(`${left} tabs were not discarded with their URL`);
}

// ---- Main ----

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mib = (value) => value.toFixed(0).padStart(6);

const pages = await startPages();
const results = [];
try {
  for (const name of opts.browsers) {
    if (!LAUNCH[name]) usage(`unknown browser ${name}`);
    const modes = name === 'chromium' ? ['eager', 'lazy', 'lazy+discard', 'eager+discard'] : ['eager', 'lazy'];
    const runs = Object.fromEntries(modes.map((mode) => [mode, []]));
    // Modes interleaved, so that a change in the machine's load touches each alike.
    for (let rep = 0; rep < opts.reps; rep++) {
      for (const mode of modes) {
        const result = await run(name, mode, pages);
        runs[mode].push(result);
        const change = (key) => `${key.toUpperCase()} ${mib(result.before[key])} -> ${mib(result.after[key])}`;
        console.error(`${name} ${mode} #${rep + 1}: ${['uss', 'pss', 'rss'].map(change).join(', ')} MiB, ${result.after.processes} processes, ${result.fetched} page requests`);
      }
    }
    for (const mode of modes) {
      const list = runs[mode];
      const growth = (key) => median(list.map((r) => r.after[key] - r.before[key]));
      results.push({
        browser: name,
        mode,
        uss: median(list.map((r) => r.after.uss)),
        ussGrowth: growth('uss'),
        pssGrowth: growth('pss'),
        rssGrowth: growth('rss'),
        processes: median(list.map((r) => r.after.processes)),
        fetched: median(list.map((r) => r.fetched)),
      });
    }
  }
} finally {
  await pages.close();
}

console.log(`${opts.reps} runs each, medians; MiB; growth = after the open minus before it`);
console.log(`| browser | mode | USS growth | PSS growth | RSS growth | USS after | processes | articles fetched |`);
console.log(`|---|---|---|---|---|---|---|---|`);
for (const r of results) {
  const n = (value) => value.toFixed(0);
  console.log(`| ${r.browser} | ${r.mode} | ${n(r.ussGrowth)} | ${n(r.pssGrowth)} | ${n(r.rssGrowth)} | ${n(r.uss)} | ${r.processes} | ${r.fetched} |`);
}
