#!/usr/bin/env node
// Runs the browser benchmark: `decode` through the wasm JS API against the
// plain-JS decoder, in headless Chromium (playwright-core, the system
// browser) and in node. Builds nothing: it serves this folder and an already
// built wasm-bindgen `--target web` package on 127.0.0.1.
//
//   node benches/browser/run.mjs [--pkg DIR] [--profile] [--node-only | --browser-only] [--quick]
//
// --pkg DIR      the package (NAME.js, NAME_bg.wasm); default dist/chrome/pkg,
//                made by ./build.sh
// --profile      where the time of the wasm decode goes, stage by stage; needs
//                --pkg pointing at a build of benches/browser/profile (see its Cargo.toml)
// --chromium P   the browser; default /usr/bin/chromium
// --quick        fewer, shorter runs (a smoke test, not figures to quote)
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

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function usage(message) {
  console.error(`${message}\nusage: node benches/browser/run.mjs [--pkg DIR] [--profile] [--chromium PATH] [--node-only | --browser-only] [--quick]`);
  process.exit(2);
}

const opts = { pkg: path.join(root, 'dist/chrome/pkg'), chromium: '/usr/bin/chromium', node: true, browser: true, quick: false, profile: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--pkg' || a === '--chromium') {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    opts[a.slice(2)] = path.resolve(argv[++i]);
  } else if (a === '--node-only') opts.browser = false;
  else if (a === '--browser-only') opts.node = false;
  else if (a === '--quick') opts.quick = true;
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
  // The package's .js is an ES module, but a folder outside this repository
  // has no package.json saying so: import a copy named .mjs.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-list-bench-'));
  const copy = path.join(dir, 'uri_list.mjs');
  fs.copyFileSync(jsFile, copy);
  try {
    const wasm = await import(pathToFileURL(copy).href);
    await wasm.default({ module_or_path: fs.readFileSync(wasmFile) });
    const run = { wasm, plain, now: () => performance.now(), ...settings };
    const label = `node ${process.version}`;
    console.log(opts.profile ? profileTable(runProfile(run), label) : table(runBench(run).rows, label));
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

async function inChromium() {
  const { chromium } = playwright();
  const server = await serve();
  const browser = await chromium.launch({ executablePath: opts.chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    const query = [opts.quick && 'quick', opts.profile && 'profile'].filter(Boolean).join('&');
    const url = `http://127.0.0.1:${server.address().port}/${query ? '?' + query : ''}`;
    await page.goto(url);
    await page.waitForFunction(() => window.benchResult, null, { timeout: 600_000, polling: 500 });
    const result = await page.evaluate(() => window.benchResult);
    if (result.error) throw new Error(`in Chromium: ${result.error}`);
    const label = `Chromium ${browser.version()}`;
    console.log(result.profile ? profileTable(result.profile, label) : table(result.rows, label));
  } finally {
    await browser.close();
    server.close();
  }
}

if (opts.browser) await inChromium();
if (opts.node) await inNode();
