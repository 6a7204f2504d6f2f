#!/usr/bin/env node
// Runs the browser benchmark: `decode` through the wasm JS API against the
// plain-JS decoder, in headless Chromium (playwright-core, the system
// browser), headless Firefox (geckodriver, plain WebDriver HTTP) and node.
// Builds nothing: it serves this folder and an already built wasm-bindgen
// `--target web` package on 127.0.0.1.
//
//   node benches/browser/run.mjs [--pkg DIR] [--profile] [--only chromium,firefox,node] [--quick] [--json FILE]
//
// --pkg DIR      the package (NAME.js, NAME_bg.wasm); default dist/pkg,
//                made by ./build.sh
// --profile      where the time of the wasm decode goes, stage by stage; needs
//                --pkg pointing at a build of benches/browser/profile (see its Cargo.toml)
// --only LIST    the engines to run, comma-separated; default chromium,firefox,node
//                (--node-only and --browser-only still work)
// --chromium P   the browser; default /usr/bin/chromium
// --firefox P    the browser; default /usr/bin/firefox-esr, driven by
//                $GECKODRIVER or geckodriver (~/.cargo/bin or PATH)
// --quick        fewer, shorter runs (a smoke test, not figures to quote)
// --json FILE    also writes each engine's rows (items, µs, ratio) to FILE
//
// playwright-core comes from the repository's node_modules (npm ci), or from
// the folder named by PLAYWRIGHT_CORE.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

import * as plain from './plain-decoder.js';
import { profileTable, runBench, runProfile, table } from './bench.js';
import { startGeckodriver } from '../geckodriver.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function usage(message) {
  console.error(`${message}\nusage: node benches/browser/run.mjs [--pkg DIR] [--profile] [--chromium PATH] [--firefox PATH] [--only chromium,firefox,node] [--quick] [--json FILE]`);
  process.exit(2);
}

const ENGINES = ['chromium', 'firefox', 'node'];
const opts = { pkg: path.join(root, 'dist/pkg'), chromium: '/usr/bin/chromium', firefox: '/usr/bin/firefox-esr', only: new Set(ENGINES), quick: false, profile: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--pkg' || a === '--chromium' || a === '--firefox') {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    opts[a.slice(2)] = path.resolve(argv[++i]);
  } else if (a === '--only') {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    opts.only = new Set(argv[++i].split(','));
    for (const e of opts.only) if (!ENGINES.includes(e)) usage(`unknown engine: ${e} (known: ${ENGINES.join(', ')})`);
  } else if (a === '--node-only') opts.only = new Set(['node']);
  else if (a === '--browser-only') opts.only.delete('node');
  else if (a === '--quick') opts.quick = true;
  else if (a === '--json') {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    opts.json = path.resolve(argv[++i]);
  }
  else if (a === '--profile') opts.profile = true;
  else usage(`unknown argument: ${a}`);
}

// The package's entry point: the one NAME.js with a NAME_bg.wasm beside it.
const entry = fs.existsSync(opts.pkg)
  ? fs.readdirSync(opts.pkg).find((f) => f.endsWith('.js') && fs.existsSync(path.join(opts.pkg, f.replace(/\.js$/, '_bg.wasm'))))
  : undefined;
if (!entry) {
  console.error(`no wasm-bindgen package in ${opts.pkg}: run ./build.sh first, or pass --pkg DIR (a wasm-bindgen --target web output)`);
  process.exit(1);
}
const jsFile = path.join(opts.pkg, entry);
const wasmFile = jsFile.replace(/\.js$/, '_bg.wasm');
const settings = opts.quick ? { runs: 5, runMs: 10 } : { runs: 15, runMs: 30 };
console.log(`package: ${path.relative(process.cwd(), opts.pkg) || '.'} (${fs.statSync(wasmFile).size} bytes of wasm)`);

async function inNode() {
  // The package's .js files (its entry and its snippets/) are ES modules, but
  // a folder outside this repository has no package.json saying so: import a
  // copy of the package from a folder that has one.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-list-bench-'));
  fs.cpSync(opts.pkg, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n');
  const copy = path.join(dir, entry);
  try {
    const wasm = await import(pathToFileURL(copy).href);
    await wasm.default({ module_or_path: fs.readFileSync(wasmFile) });
    const run = { wasm, plain, now: () => performance.now(), ...settings };
    const label = `node ${process.version}`;
    if (opts.profile) console.log(profileTable(runProfile(run), label));
    else printResult(runBench(run), label);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function serve() {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const [base, rel] = url.pathname.startsWith('/pkg/')
      ? [opts.pkg, url.pathname === '/pkg/entry.js' ? entry : url.pathname.slice(5)]
      : [here, url.pathname === '/' ? 'index.html' : url.pathname.slice(1)];
    const file = path.join(base, path.normalize(decodeURIComponent(rel)));
    if (!file.startsWith(base + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function playwright() {
  const from = process.env.PLAYWRIGHT_CORE
    ? createRequire(path.join(path.resolve(process.env.PLAYWRIGHT_CORE), 'noop.js'))
    : createRequire(path.join(root, 'package.json'));
  try {
    return from(process.env.PLAYWRIGHT_CORE ? path.resolve(process.env.PLAYWRIGHT_CORE) : 'playwright-core');
  } catch {
    console.error('playwright-core is missing: run npm ci at the repository root, or set PLAYWRIGHT_CORE to its folder');
    process.exit(1);
  }
}

/** The benchmark page's address on `server`, with the options it reads. */
function pageUrl(server) {
  const query = [opts.quick && 'quick', opts.profile && 'profile'].filter(Boolean).join('&');
  return `http://127.0.0.1:${server.address().port}/${query ? '?' + query : ''}`;
}

/** Each engine's rows, written as JSON with --json (./build.sh bench reads them). */
const results = {};

function printResult(result, label) {
  if (result.error) throw new Error(`in ${label}: ${result.error}`);
  results[label] = result.rows;
  console.log(result.profile ? profileTable(result.profile, label) : table(result.rows, label));
}

async function inChromium() {
  const { chromium } = playwright();
  const server = await serve();
  const browser = await chromium.launch({ executablePath: opts.chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(pageUrl(server));
    await page.waitForFunction(() => window.benchResult, null, { timeout: 600_000, polling: 500 });
    printResult(await page.evaluate(() => window.benchResult), `Chromium ${browser.version()}`);
  } finally {
    await browser.close();
    server.close();
  }
}

// Firefox rounds performance.now() to a coarse step by default (against timing
// attacks), which would quantise every run; the benchmark wants the real clock.
const FIREFOX_PREFS = { 'privacy.reduceTimerPrecision': false };

/** Headless Firefox through geckodriver (plain WebDriver HTTP); no add-on, just the page. */
async function inFirefox() {
  const { request, stop } = startGeckodriver('uri-list-bench-firefox-');
  const server = await serve();
  let session = '';
  try {
    const created = await request('POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'firefox', 'moz:firefoxOptions': { binary: opts.firefox, args: ['-headless'], prefs: FIREFOX_PREFS } } },
    });
    session = `/session/${created.sessionId}`;
    await request('POST', `${session}/url`, { url: pageUrl(server) });
    const deadline = Date.now() + 600_000;
    let result;
    while (!(result = await request('POST', `${session}/execute/sync`, { script: 'return window.benchResult || null', args: [] }))) {
      if (Date.now() > deadline) throw new Error('Firefox: the benchmark took longer than 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    printResult(result, `Firefox ${created.capabilities.browserVersion}`);
    await request('DELETE', session);
  } finally {
    server.close();
    stop();
  }
}

if (opts.only.has('chromium')) await inChromium();
if (opts.only.has('firefox')) await inFirefox();
if (opts.only.has('node')) await inNode();
if (opts.json) fs.writeFileSync(opts.json, `${JSON.stringify(results, null, 2)}\n`);
