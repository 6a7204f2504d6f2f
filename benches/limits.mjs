#!/usr/bin/env node
// Time and memory of the JavaScript API on links at the length limit (2 MiB)
// of the costliest shapes, in headless Chromium (playwright-core, the system
// browser), headless Firefox (geckodriver, plain WebDriver HTTP) and in node: figures for benches/README.md ("At the limit"). Each
// shape runs in a fresh page (a fresh wasm instance), so that the memory
// figure is what that shape's calls took: the wasm's memory after them, less
// what it was before.
//
//   node benches/limits.mjs [--pkg DIR] [--only chromium,firefox,node] [--size BYTES] [--shapes A,B]
//
// --pkg DIR    a wasm-bindgen --target web package; default dist/pkg (./build.sh)
// --size N     the links' length; default 2097152 (MAX_LENGTH)
// --shapes     only these shapes (their names, comma-separated); default all

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startGeckodriver } from './geckodriver.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const opts = { pkg: path.join(root, 'dist/pkg'), only: new Set(['chromium', 'node']), size: 2 * 1024 * 1024 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--pkg') opts.pkg = path.resolve(argv[++i] ?? '');
  else if (a === '--only') opts.only = new Set((argv[++i] ?? '').split(','));
  else if (a === '--size') opts.size = Number(argv[++i]);
  else if (a === '--shapes') opts.shapes = new Set((argv[++i] ?? '').split(','));
  else {
    console.error(`unknown argument: ${a}\nusage: node benches/limits.mjs [--pkg DIR] [--only chromium,firefox,node] [--size BYTES] [--shapes A,B]`);
    process.exit(2);
  }
}
const entry = fs.existsSync(opts.pkg) ? fs.readdirSync(opts.pkg).find((f) => f.endsWith('.js') && fs.existsSync(path.join(opts.pkg, f.replace(/\.js$/, '_bg.wasm')))) : undefined;
if (!entry) {
  console.error(`no wasm-bindgen package in ${opts.pkg}: run ./build.sh first, or pass --pkg DIR`);
  process.exit(1);
}

// Runs in the page and in node alike (its source is sent to the page): makes
// the links of one shape and times each function on it, best of three.
async function measure(wasm, memory, shape, size) {
  const shapes = {
    'tiny items': ['uri-list:', () => 'a;', ''],
    'tiny pages': ['uri-list:', () => 'http://a.b;', ''],
    'non-ASCII hosts': ['uri-list:', (n) => `https://\u00e9${n % 1000}.example/;`, ''],
    'lookalike hosts': ['uri-list:', (n) => ['https://paypal.com/;', 'https://paypa1.com/;', 'https://p\u0430ypal.com/;'][n % 3], ''],
    'borrowed names': ['uri-list:', (n) => `https://b${n}.evil.example/;https://b${n}.com/;`, ''],
    escapes: ['uri-list:', () => 'a%3Bb;', ''],
    tabs: ['uri-list:', () => 'a\tb;', ''],
    'nested lists': ['uri-list:', () => 'uri-list:a%3Bb;', ''],
    'many options': ['uri-list:a?', () => 'k=v&', ''],
    'realistic pages': ['uri-list:', (n) => `https://news${n % 97}.example/2026/11/article-${n}?ref=list;`, '?title=Reading'],
  };
  const [head, piece, tail] = shapes[shape];
  const enc = new TextEncoder();
  let link = head;
  let bytes = enc.encode(head).length;
  for (let n = 0; ; n++) {
    const p = piece(n);
    const len = enc.encode(p).length;
    if (bytes + len + tail.length > size) break;
    link += p;
    bytes += len;
  }
  link = link.replace(/[;&]$/, '') + tail;
  const calls = {
    decode: () => wasm.decode(link),
    check: () => wasm.check(link),
    checkAll: () => wasm.checkAll(link),
    plan: () => wasm.plan(link, { limit: 15 }),
    toText: () => wasm.toText(link),
    readPasted: () => wasm.readPasted(link),
  };
  const before = memory().buffer.byteLength;
  const row = { shape, bytes: enc.encode(link).length, ms: {} };
  for (const [name, call] of Object.entries(calls)) {
    let best = Infinity;
    for (let r = 0; r < 3; r++) {
      const t = performance.now();
      try {
        call();
      } catch {
        // An error is a result too (readPasted of a link with tabs).
      }
      best = Math.min(best, performance.now() - t);
    }
    row.ms[name] = best;
  }
  row.memoryMiB = (memory().buffer.byteLength - before) / 2 ** 20;
  return row;
}

const SHAPES = ['tiny items', 'tiny pages', 'non-ASCII hosts', 'lookalike hosts', 'borrowed names', 'escapes', 'tabs', 'nested lists', 'many options', 'realistic pages'].filter(
  (shape) => !opts.shapes || opts.shapes.has(shape),
);

function print(rows, label) {
  console.log(`\n${label}: best of 3, ms; memory: the wasm's growth over the six calls, MiB; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('| shape | bytes | decode | check | checkAll | plan | toText | readPasted | memory |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    // By name: WebDriver hands the object back with its keys sorted.
    const ms = ['decode', 'check', 'checkAll', 'plan', 'toText', 'readPasted'].map((name) => r.ms[name].toFixed(0));
    console.log(`| ${r.shape} | ${r.bytes} | ${ms.join(' | ')} | ${r.memoryMiB.toFixed(1)} |`);
  }
}

async function inNode() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-list-limits-'));
  fs.cpSync(opts.pkg, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n');
  const rows = [];
  try {
    for (const shape of SHAPES) {
      // A fresh instance per shape: a fresh copy of the module.
      const copy = path.join(dir, `${rows.length}-${entry}`);
      fs.copyFileSync(path.join(dir, entry), copy);
      const wasm = await import(pathToFileURL(copy).href);
      const exports = await wasm.default({ module_or_path: fs.readFileSync(path.join(opts.pkg, entry.replace(/\.js$/, '_bg.wasm'))) });
      rows.push(await measure(wasm, () => exports.memory, shape, opts.size));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  print(rows, `node ${process.version}`);
}

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>limits</title>');
      return;
    }
    const file = path.join(opts.pkg, path.normalize(decodeURIComponent(url.pathname.slice(1))));
    if (!file.startsWith(opts.pkg + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = { '.js': 'text/javascript', '.wasm': 'application/wasm' }[path.extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function inChromium() {
  const require = createRequire(path.join(root, 'package.json'));
  const { chromium } = require('playwright-core');
  const server = await serve();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const shape of SHAPES) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      rows.push(
        await page.evaluate(
          async ([source, entryName, shapeName, size]) => {
            const wasm = await import(`/${entryName}`);
            const exports = await wasm.default();
            // eslint-disable-next-line no-new-func
            const run = new Function(`return (${source})`)();
            return run(wasm, () => exports.memory, shapeName, size);
          },
          [measure.toString(), entry, shape, opts.size],
        ),
      );
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  print(rows, `Chromium ${browser.version()}`);
}

/** Headless Firefox through geckodriver (as benches/browser/run.mjs drives it): a fresh page per shape. */
async function inFirefox() {
  const { request, stop } = startGeckodriver('uri-list-limits-firefox-');
  const server = await serve();
  const rows = [];
  let version = '';
  try {
    // performance.now() at full precision (Firefox rounds it by default).
    const prefs = { 'privacy.reduceTimerPrecision': false };
    const created = await request('POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'firefox', 'moz:firefoxOptions': { binary: '/usr/bin/firefox-esr', args: ['-headless'], prefs } } },
    });
    version = created.capabilities.browserVersion;
    const session = `/session/${created.sessionId}`;
    await request('POST', `${session}/timeouts`, { script: 600_000 });
    for (const shape of SHAPES) {
      await request('POST', `${session}/url`, { url: `http://127.0.0.1:${server.address().port}/` });
      const script = `const [source, entryName, shapeName, size, done] = arguments;
        (async () => {
          const wasm = await import('/' + entryName);
          const exports = await wasm.default();
          const run = new Function('return (' + source + ')')();
          return run(wasm, () => exports.memory, shapeName, size);
        })().then(done, (e) => done({ error: String(e) }));`;
      const row = await request('POST', `${session}/execute/async`, { script, args: [measure.toString(), entry, shape, opts.size] });
      if (row.error) throw new Error(`Firefox, ${shape}: ${row.error}`);
      rows.push(row);
    }
    await request('DELETE', session);
  } finally {
    server.close();
    stop();
  }
  print(rows, `Firefox ${version}`);
}

if (opts.only.has('chromium')) await inChromium();
if (opts.only.has('firefox')) await inFirefox();
if (opts.only.has('node')) await inNode();
