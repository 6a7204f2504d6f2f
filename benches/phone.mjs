#!/usr/bin/env node
// The web page on a phone: from navigation to every row shown with its checks, and the bytes a
// first visit transfers, on the phone profile of issue 24 (run by benches/all.mjs, section
// `phone`, in `./build.sh bench`; alone:
//
//   node benches/phone.mjs [--rounds N] [--sizes 10,100] [--arm NAME=DIR]... [-v]
//
// with no --arm, one arm: dist/web). The profile, in headless Chromium through CDP: the CPU 4x
// slower (`Emulation.setCPUThrottlingRate`), 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s
// up (`Network.emulateNetworkConditions`), the cache disabled, a 390 x 844 phone viewport
// (mobile, touch, an Android Chrome user agent), a fresh browser context each round. The pages
// are served as a static host serves them: HTTP/2 over TLS (node:http2, a self-signed
// certificate made at run time with openssl, which the browser is told to accept), each file
// gzipped (zlib's default level) when the browser accepts gzip.
//
// The link is a web link of 10 or 100 pages with their titles (the option `page-titles`).
// "All rows shown" is the first animation frame after the page has drawn its last row and every
// check: the page removes `aria-busy` from `main` when its reader's `done` has been drawn
// (web/web.js `render()`), watched by a script the browser runs before the page's. Bytes: the
// encoded (gzip) body sizes of every response, the page's and its workers' Resource Timing
// entries (headers not counted; a few hundred bytes a response over HTTP/2). Arms and sizes are interleaved round by round
// (the order turning): the machine is shared, and only figures taken side by side compare.
// --arm NAME=DIR adds another build of the page (an older dist/web kept aside) beside dist/web.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { findProgram, waitFor } from '../tests/e2e/util.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The phone profile (issue 24). */
export const PROFILE = {
  cpu: 4,
  latency: 150,
  down: (1.6e6 / 8) | 0, // bytes per second
  up: (750e3 / 8) | 0,
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.txt': 'text/plain' };
/** What a static host compresses (not the icon's neighbours already compressed: none here). */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json', '.txt']);

/** A self-signed certificate for 127.0.0.1, made now (the browser is told to accept it). */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'phone-bench-'));
  try {
    const openssl = findProgram('OPENSSL', ['/usr/bin/openssl', 'openssl'], 'apt-get install openssl');
    execFileSync(openssl, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An HTTP/2 static host: `/NAME/...` is the folder of the arm NAME; `index.html` for a folder.
 * Files are read (and gzipped) once, as a host that precompresses them.
 */
export async function startHost(arms) {
  const cache = new Map();
  const server = createSecureServer({ ...certificate(), allowHTTP1: true }, (req, res) => {
    const url = new URL(req.url, 'https://127.0.0.1');
    const [, name, ...rest] = url.pathname.split('/');
    const dir = arms[name];
    const file = dir && normalize(join(dir, rest.join('/') || 'index.html'));
    if (!file || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (!cache.has(file)) {
      const body = readFileSync(file);
      cache.set(file, { body, gzip: COMPRESSED.has(extname(file)) ? gzipSync(body) : null });
    }
    const { body, gzip } = cache.get(file);
    const zipped = gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'max-age=600',
      vary: 'Accept-Encoding',
      ...(zipped ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(zipped ? gzip : body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  server.origin = `https://127.0.0.1:${server.address().port}`;
  return server;
}

/** A `uri-list:` link of `count` pages with their titles (`page-titles`). */
export function phoneLink(count) {
  const pages = Array.from({ length: count }, (_, i) => `https://example.org/notes/${i}`);
  const titles = Array.from({ length: count }, (_, i) => encodeURIComponent(`Page ${i}, a title`).replaceAll('~', '%7E'));
  return `uri-list:${pages.join(';')}?title=Bench&page-titles=${titles.join('~')}`;
}

/**
 * The page's end, seen from a script that runs before the page's own: ours removes `aria-busy`
 * from `main` once the reader's last answer is drawn; the time is that of the next animation
 * frame (the frame that shows it). `first`: the first list row in the document.
 */
const OURS = String.raw`(() => {
  const at = { first: null, drawn: null, shown: null };
  globalThis.__phone = at;
  new MutationObserver(() => {
    const main = document.getElementById('main');
    if (at.first === null && document.querySelector('#items li')) at.first = performance.now();
    if (at.drawn === null && main && !main.hasAttribute('aria-busy') && document.querySelector('#items li')) {
      at.drawn = performance.now();
      requestAnimationFrame(() => (at.shown = performance.now()));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
})()`;

/** One visit on the phone profile: `{shown, first, bytes, requests}`. */
async function visit(browser, address, probe) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    screen: PROFILE.viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: PROFILE.userAgent,
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PROFILE.latency, downloadThroughput: PROFILE.down, uploadThroughput: PROFILE.up });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
    await page.goto(address, { waitUntil: 'commit' });
    const at = await waitFor(() => page.evaluate(() => globalThis.__phone), (a) => a?.shown != null, { timeout: 60_000, interval: 50, what: `all rows shown at ${address.slice(0, 80)}…` });
    // What the page and its workers fetched, from their Resource Timing (the worker's own
    // script is the page's entry; what a worker fetches is the worker's), once every response
    // has ended (the icon may come after the list).
    // Times from the page's navigation start (a worker's own clock starts later: its timeOrigin).
    const entries = (scope) => scope.evaluate(() => performance.getEntries()
      .filter((e) => e.entryType === 'navigation' || e.entryType === 'resource')
      .map((e) => ({ path: new URL(e.name).pathname, bytes: e.encodedBodySize, start: e.startTime + performance.timeOrigin,
        firstByte: e.responseStart + performance.timeOrigin, end: e.responseEnd + performance.timeOrigin, ended: e.responseEnd > 0 })));
    const origin = await page.evaluate(() => performance.timeOrigin);
    const all = (await waitFor(async () => [...(await entries(page)), ...(await Promise.all(page.workers().map(entries))).flat()],
      (list) => list.every((e) => e.ended), { timeout: 20_000, interval: 50, what: 'every response ended' }))
      .map(({ ended, ...e }) => ({ ...e, start: e.start - origin, firstByte: e.firstByte - origin, end: e.end - origin }));
    // When each worker began to run (its script fetched before: its own entry's times are
    // clamped to its clock's start).
    const workers = await Promise.all(page.workers().map((worker) => worker.evaluate(() => performance.timeOrigin)));
    return { shown: at.shown, first: at.first, bytes: all.reduce((sum, e) => sum + e.bytes, 0), requests: all, workers: workers.map((t) => t - origin) };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const stats = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length });

/**
 * Every arm (`{name, dir}`) at every size, `rounds` times, interleaved; returns
 * `{arms: {NAME: {SIZE: {shown, first, bytes, requests}}}, browser}` (stats of each figure; the
 * requests of the last round).
 */
export async function phoneBench({ arms, rounds = 10, sizes = [10, 100], log = () => {} }) {
  const host = await startHost(Object.fromEntries(arms.map((arm) => [arm.name, resolve(arm.dir)])));
  const { chromium } = await import('playwright-core');
  const executablePath = findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium');
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update'] });
  const raw = {};
  try {
    const jobs = arms.flatMap((arm) => sizes.map((size) => ({ arm, size })));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...jobs].reverse() : jobs;
      for (const { arm, size } of order) {
        const result = await visit(browser, `${host.origin}/${arm.name}/#${phoneLink(size)}`, OURS);
        const into = ((raw[arm.name] ??= {})[size] ??= { shown: [], first: [], bytes: [], requests: null });
        into.shown.push(result.shown);
        into.first.push(result.first);
        into.bytes.push(result.bytes);
        into.requests = result.requests;
        into.workers = result.workers;
        log(`  phone ${arm.name} ${size} pages, round ${round + 1}: ${Math.round(result.shown)} ms, ${result.bytes} bytes`);
      }
    }
    const out = {};
    for (const [name, bySize] of Object.entries(raw)) {
      out[name] = {};
      for (const [size, r] of Object.entries(bySize)) out[name][size] = { shown: stats(r.shown), first: stats(r.first), bytes: stats(r.bytes), requests: r.requests, workers: r.workers, raw: r };
    }
    return { arms: out, browser: browser.version() };
  } finally {
    await browser.close();
    host.close();
  }
}

// ---- alone -------------------------------------------------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const arms = [];
  let rounds = 10;
  let sizes = [10, 100];
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rounds' && Number(argv[i + 1]) >= 1) rounds = Number(argv[++i]);
    else if (argv[i] === '--sizes' && argv[i + 1]) sizes = argv[++i].split(',').map(Number);
    else if (argv[i] === '--arm' && /^[a-z0-9-]+=/.test(argv[i + 1] ?? '')) {
      const [name, ...dir] = argv[++i].split('=');
      arms.push({ name, dir: dir.join('=') });
    } else if (argv[i] === '-v') verbose = true;
    else {
      console.error(`unknown argument: ${argv[i]}\nusage: node benches/phone.mjs [--rounds N] [--sizes 10,100] [--arm NAME=DIR]... [-v]`);
      process.exit(2);
    }
  }
  // dist/web always, the arms named beside it (the usage above).
  if (!arms.some((arm) => arm.name === 'web')) arms.unshift({ name: 'web', dir: join(ROOT, 'dist', 'web') });
  for (const arm of arms) {
    if (!existsSync(join(arm.dir, 'index.html'))) {
      console.error(`benches/phone.mjs: ${arm.dir} has no index.html (run ./build.sh first)`);
      process.exit(1);
    }
  }
  const result = await phoneBench({ arms, rounds, sizes, log: verbose ? (line) => console.error(line) : () => {} });
  const f = (s, unit = ' ms') => `${Math.round(s.median)}${unit} (${Math.round(s.min)}–${Math.round(s.max)}, n=${s.n})`;
  console.log(`Chromium ${result.browser}, phone profile (CPU ${PROFILE.cpu}x, ${PROFILE.latency} ms, 1.6 Mbit/s), ${rounds} rounds`);
  for (const [name, bySize] of Object.entries(result.arms)) {
    for (const [size, r] of Object.entries(bySize)) {
      console.log(`${name}, ${size} pages: all rows shown ${f(r.shown)}; first row ${f(r.first)}; ${(r.bytes.median / 1024).toFixed(1)} KB transferred`);
      // The waterfall of the last round: each response's bytes, and when it was asked for, its
      // first byte came and its last, in ms from navigation start.
      if (verbose) {
        for (const q of [...r.requests].sort((a, b) => a.start - b.start)) {
          console.log(`    ${q.path.padEnd(32)} ${String(q.bytes).padStart(6)} B  ${[q.start, q.firstByte, q.end].map((t) => String(Math.round(t)).padStart(5)).join(' ')} ms`);
        }
        for (const t of r.workers) console.log(`    a worker began to run at ${Math.round(t)} ms`);
        console.log(`    first row ${Math.round(r.raw.first.at(-1))} ms, all rows shown ${Math.round(r.raw.shown.at(-1))} ms`);
      }
    }
  }
}
