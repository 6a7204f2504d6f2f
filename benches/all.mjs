#!/usr/bin/env node
// Every benchmark in one run, one table: `./build.sh bench` (after ./build.sh), or
//
//   node benches/all.mjs [--quick] [--only native,decode,size,startup,click,web,phone,freeze,flood] [--rounds N]
//                        [--web DIR] [--click-items 5,30] [--phone-arm NAME=DIR]...
//
// Prints one table (figure, value, goal, met or not) and writes it as JSON to
// target/bench.json. Each comparison is a ratio (or a difference) measured in the same run,
// interleaved round by round, shown as the median with the min–max over the rounds:
//
// - native: `cargo bench --bench parse -- --ratio` (benches/parse.rs), the parse against a
//   memchr scan of the same bytes; goal 0.25 or more from 1 000 items up;
// - decode: benches/browser/run.mjs (wasm `decode` against a plain-JS decoder, Chromium,
//   Firefox, node); goal 0.5 or less from 100 items up;
// - size: the zips (goal 64 KB each) and the wasm (gzip -9, goal 48 KB);
// - startup (Chromium): from the service worker's start (its `performance.timeOrigin`) to the
//   core ready (`init()` resolved), the shipped background bundle against the same bundle whose
//   `init()` resolves at once, no wasm fetched (both built here, one browser each, 20 cold
//   starts each: CDP `ServiceWorker.stopAllWorkers`, then a tab closed): goal 10 ms or less more; and
//   the first click after a cold start (5 items, to the group titled), the extension against
//   the one-file baseline below, in Chromium (every worker stopped, CDP) and Firefox (the
//   extension's and the observer's event pages suspended, `terminateBackground()` as Firefox's
//   idle timer calls it), each once the list page is loaded: goal 15 ms or less more;
// - click (Chromium and Firefox): a trusted click on a 5- and a 30-item list to the group
//   titled, the extension against a baseline extension made here (a content script that sends
//   a pre-split list, a one-file worker making the same tabs.create / tabs.group /
//   tabGroups.update calls, no parsing, no settings read): goal 1.05x or less, stable to 2%
//   (the medians of the first and second halves of the rounds within 2% of each other);
//   `--click-items 5` runs one size alone (more rounds in the same time);
// - web (once dist/web/index.html exists, or the folder --web names): the bytes a first visit
//   transfers (gzip), goal under 60 KB; the time from navigation start to 100 `li` elements in
//   the page, the link given in its #fragment, with Chromium's CPU throttled 4x, goal 300 ms;
// - phone (benches/phone.mjs): the web page on a phone profile (CPU 4x, 150 ms, 1.6 Mbit/s, HTTP/2
//   and gzip as a static host serves it), a web link of 10 and of 100 pages with their titles:
//   navigation to every row shown with its checks, goal 0.7 s; bytes transferred, goal 50 KB;
//   beside it, interleaved, each other folder --phone-arm names (an older build, to compare);
// - freeze (only when named in --only): the web page with a 2 MB fragment (distinct pages; distinct
//   lookalike hosts), Chromium and Firefox: the longest long task (Chromium), the longest gap of a
//   setTimeout(0) chain (both), the first rows and the end, from navigation start; no goal;
// - flood (only when named in --only): an honest click in tab B to its group titled while tab A
//   floods the extension (quiet, synthetic events, a person's hovers on 2 MB lookalike links),
//   Chromium and Firefox; goal 1 s.
//
// The end of a click is seen by a third extension made here, the observer: its
// `tabGroups.onUpdated` listener posts the time a group got its title to the local server; the
// click's time is the page's `pointerup` event (the click follows it at once). Both are
// `performance.timeOrigin + ...`, one clock for every process of the browser.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir, loadavg, totalmem } from 'node:os';
import { dirname, extname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleBackground, GLUE, glueWithWasmAtRoot } from '../.ci/pack.mjs';
import { launchFirefox } from '../tests/e2e/firefox.mjs';
import { findProgram, sleep, waitFor, withTimeout } from '../tests/e2e/util.mjs';
import { stopWorkers } from './service-workers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECTIONS = ['native', 'decode', 'size', 'startup', 'click', 'web', 'phone', 'freeze', 'flood'];
/** The sections run when --only is not given: freeze and flood take minutes, and are asked for by name. */
const DEFAULT_SECTIONS = ['native', 'decode', 'size', 'startup', 'click', 'web', 'phone'];

function usage(message) {
  console.error(`${message}\nusage: node benches/all.mjs [--quick] [--only ${SECTIONS.join(',')}] [--rounds N] [--web DIR] [--click-items 5,30] [--phone-arm NAME=DIR]...`);
  process.exit(2);
}
const opts = { quick: false, only: new Set(DEFAULT_SECTIONS), rounds: 20, web: join(ROOT, 'dist/web'), clickItems: [5, 30], phoneArms: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--quick') opts.quick = true;
  else if (argv[i] === '--only' && argv[i + 1]) {
    opts.only = new Set(argv[++i].split(','));
    for (const s of opts.only) if (!SECTIONS.includes(s)) usage(`unknown section: ${s}`);
  } else if (argv[i] === '--rounds' && Number(argv[i + 1]) >= 2) opts.rounds = Number(argv[++i]);
  else if (argv[i] === '--web' && argv[i + 1]) opts.web = resolve(argv[++i]);
  else if (argv[i] === '--phone-arm' && /^[a-z0-9-]+=./.test(argv[i + 1] ?? '')) {
    const [name, ...dir] = argv[++i].split('=');
    opts.phoneArms.push({ name, dir: resolve(dir.join('=')) });
  }
  else if (argv[i] === '--click-items' && argv[i + 1]) {
    opts.clickItems = argv[++i].split(',').map(Number);
    if (!opts.clickItems.every((n) => Number.isInteger(n) && n >= 1 && n <= 100)) usage('--click-items takes sizes from 1 to 100, such as 5,30');
  }
  else usage(`unknown argument: ${argv[i]}`);
}
if (opts.quick) opts.rounds = Math.min(opts.rounds, 4);

// ---- the table -------------------------------------------------------------------------------

const rows = [];
const versions = {};
/** One figure: `value` as shown, `goal` as shown, `met` true/false/null (no goal or not measured). */
function row(section, figure, value, goal = '', met = null, detail = undefined) {
  rows.push({ section, figure, value, goal, met, ...(detail ? { detail } : {}) });
  console.error(`  ${figure}: ${value}${goal ? ` (goal ${goal}: ${met === null ? '-' : met ? 'met' : 'NOT met'})` : ''}`);
}
const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const stats = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length });
const fmt = (s, digits = 2, unit = '') => `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)}, n=${s.n})`;
/** Stable: the medians of the first and second halves within `tolerance` of each other. */
function stability(values) {
  const half = Math.floor(values.length / 2);
  const [a, b] = [median(values.slice(0, half)), median(values.slice(half))];
  return { halves: [a, b], stable: Math.abs(a - b) / Math.min(a, b) <= 0.02 };
}

function printTable() {
  const head = ['figure', 'value (median, min–max)', 'goal', 'met'];
  const body = rows.map((r) => [r.figure, r.value, r.goal, r.met === null ? '-' : r.met ? 'met' : 'NOT met']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

// ---- native and decode: the existing benchmarks, their output read --------------------------

function native() {
  const run = spawnSync('cargo', ['bench', '--quiet', '--bench', 'parse', '--', '--ratio'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) throw new Error('cargo bench --bench parse -- --ratio failed');
  for (const line of run.stdout.split('\n').filter((l) => l.startsWith('{'))) {
    const r = JSON.parse(line);
    const goal = r.items >= 1000;
    row('native', `native parse / memchr scan, ${r.items} items`,
      `${r.ratio.toFixed(3)} (${r.min.toFixed(3)}–${r.max.toFixed(3)}, n=${r.repeats}); ${Math.round(r.parse_mb_s)} vs ${Math.round(r.memchr_mb_s)} MB/s`,
      goal ? '≥ 0.25' : '', goal ? r.ratio >= 0.25 : null, r);
  }
}

function decode() {
  const json = join(ROOT, 'target', 'bench-decode.json');
  const args = [join(ROOT, 'benches/browser/run.mjs'), '--json', json, ...(opts.quick ? ['--quick'] : [])];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('benches/browser/run.mjs failed');
  for (const [engine, list] of Object.entries(JSON.parse(readFileSync(json, 'utf8')))) {
    for (const r of list) {
      const goal = r.items >= 100;
      row('decode', `decode wasm / plain JS, ${engine}, ${r.items} items`, `${r.ratio.toFixed(2)} (median run of ${opts.quick ? 5 : 15})`,
        goal ? '≤ 0.5' : '', goal ? r.ratio <= 0.5 : null, r);
    }
  }
}

function size() {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB (${bytes} bytes)`;
  for (const zip of ['uri-list-chrome.zip', 'uri-list-firefox.zip']) {
    const bytes = statSync(join(ROOT, 'dist', zip)).size;
    row('size', `dist/${zip}`, kb(bytes), '≤ 64 KB', bytes <= 64 * 1024);
  }
  // The module the extension ships (dist/pkg-ext: its exports only), which the goal is for.
  const gz = gzipSync(readFileSync(join(ROOT, 'dist/pkg-ext/uri_list_bg.wasm')), { level: 9 }).length;
  row('size', 'the extension\'s wasm, gzip -9', kb(gz), '≤ 48 KB', gz <= 48 * 1024);
  for (const [what, file] of [['the web page\'s wasm', 'dist/pkg-web/uri_list_bg.wasm'], ['the QR code\'s wasm', 'dist/pkg/uri_list_qr_bg.wasm'], ['the whole JS API\'s wasm (dist/pkg, not shipped)', 'dist/pkg/uri_list_bg.wasm']]) {
    const bytes = readFileSync(join(ROOT, file));
    row('size', `${what}, gzip -9`, kb(gzipSync(bytes, { level: 9 }).length), '', null, { raw: bytes.length });
  }
  whereTheBytesAre();
}

/**
 * Where the extension's and the web page's wasm spend their bytes: twiggy's largest items of the
 * modules build.sh keeps with their function names (target/wasm-names/, before wasm-opt, so a
 * little larger than what ships), each as a share of its module. Said, not judged: no goal.
 */
function whereTheBytesAre() {
  for (const [what, dir] of [['extension', 'pkg-ext'], ['web page', 'pkg-web']]) {
    const file = join(ROOT, 'target/wasm-names', dir, 'uri_list_bg.wasm');
    if (!existsSync(file)) {
      row('size', `where the ${what}'s wasm bytes are`, `not measured: ${relative(ROOT, file)} is missing (./build.sh writes it)`);
      continue;
    }
    let items;
    try {
      items = JSON.parse(execFileSync('twiggy', ['top', '-n', '13', '--format', 'json', file], { encoding: 'utf8' }));
    } catch (e) {
      row('size', `where the ${what}'s wasm bytes are`, `not measured: twiggy is missing (cargo install twiggy): ${e.message.split('\n')[0]}`);
      continue;
    }
    // The names section is the names themselves, which do not ship.
    for (const item of items.filter((i) => !i.name.includes('"function names"'))) {
      const bare = item.name.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '');
      const name = bare.length > 90 ? `${bare.slice(0, 87)}...` : bare;
      row('size', `${what}'s wasm: ${name}`, `${item.shallow_size} bytes (${item.shallow_size_percent.toFixed(1)} %)`);
    }
  }
}

// ---- the extensions made here ----------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'uri-list-bench-'));
if (!process.env.BENCH_KEEP) process.on('exit', () => rmSync(work, { recursive: true, force: true }));

/** A small extension in `work/name`: a manifest per browser, and its files. */
function extension(name, browser, manifest, files) {
  const dir = join(work, `${name}-${browser}`);
  mkdirSync(dir, { recursive: true });
  const background = browser === 'chrome' ? { service_worker: 'worker.js' } : { scripts: ['worker.js'] };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({
    manifest_version: 3, name, version: '1.0', ...manifest, background,
    ...(browser === 'firefox' ? { browser_specific_settings: { gecko: { id: `${name}@bench.uri-list` } } } : {}),
  }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** The baseline: the same tab calls as extension/background/tabs.js, for a list split beforehand. */
function baseline(browser) {
  const content = `addEventListener('click', (event) => {
    const link = event.target.closest?.('a[href^="x-bench:"]');
    if (!link || !event.isTrusted) return;
    event.preventDefault();
    event.stopPropagation();
    (globalThis.browser ?? chrome).runtime.sendMessage(JSON.parse(link.dataset.list));
  }, true);`;
  // The same start-up marks as the extension's (background/ready.js startupMark), once each.
  const worker = `const api = globalThis.browser ?? chrome;
  const marked = new Set();
  const mark = (name) => { if (!marked.has(name)) { marked.add(name); performance.mark('uri-list: ' + name); } };
  api.runtime.onMessage.addListener(({ urls, title }, sender) => { mark('open request'); open(urls, title, sender.tab); });
  async function open(urls, title, tab) {
    const same = tab.cookieStoreId ? { cookieStoreId: tab.cookieStoreId } : {};
    const tabIds = [];
    let index = tab.index + 1;
    for (const url of urls) {
      const created = await api.tabs.create({ windowId: tab.windowId, index, openerTabId: tab.id, ...same, url, active: tabIds.length === 0 });
      index += 1;
      tabIds.push(created.id);
    }
    const groupId = await api.tabs.group({ tabIds, createProperties: { windowId: tab.windowId } });
    await api.tabGroups.update(groupId, { title });
    mark('group titled');
  }
  mark('evaluated');`;
  return extension('bench-baseline', browser, {
    // Firefox: tabs.create({cookieStoreId}) needs cookies, as for the extension (.ci/pack.mjs).
    permissions: ['tabs', 'tabGroups', ...(browser === 'firefox' ? ['cookies'] : [])],
    content_scripts: [{ matches: ['<all_urls>'], js: ['content.js'], run_at: 'document_start' }],
  }, { 'content.js': content, 'worker.js': worker });
}

/** The observer: posts the time each group titled bench-... got its title. */
function observer(browser, port) {
  const worker = `(globalThis.browser ?? chrome).tabGroups.onUpdated.addListener((group) => {
    if (!group.title?.startsWith('bench-')) return;
    const t = performance.timeOrigin + performance.now();
    fetch('http://127.0.0.1:${port}/done', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ title: group.title, t }) });
  });`;
  return extension('bench-observer', browser, { permissions: ['tabs', 'tabGroups'], host_permissions: ['http://127.0.0.1/*'] }, { 'worker.js': worker });
}

/**
 * The shipped extension (dist/chrome) with its background bundled again, its `init()`
 * noting when it resolved (`globalThis.benchCoreReady`); with `wasm: false` that `init()`
 * resolves at once and fetches nothing: the same worker without the wasm.
 */
async function timedExtension(name, wasm) {
  const dir = join(work, name);
  cpSync(join(ROOT, 'dist/chrome'), dir, { recursive: true });
  const stage = join(work, `${name}-src`);
  cpSync(join(ROOT, 'extension'), stage, { recursive: true });
  cpSync(join(ROOT, 'dist/pkg-ext'), join(stage, 'pkg'), { recursive: true });
  const timedInit = {
    name: 'timed-init',
    setup(build) {
      build.onLoad({ filter: GLUE }, ({ path }) => {
        const glue = glueWithWasmAtRoot(path).replace('__wbg_init as default', '__benchInit as default');
        const body = wasm
          ? 'const p = __wbg_init(a); p.then(() => { globalThis.benchCoreReady ??= performance.now(); }); return p;'
          : 'globalThis.benchCoreReady ??= performance.now(); return Promise.resolve({});';
        return { contents: `${glue}\nfunction __benchInit(a) { ${body} }\n`, loader: 'js' };
      });
    },
  };
  const [[, text]] = await bundleBackground(stage, 'background.js', [timedInit]);
  writeFileSync(join(dir, 'background.js'), text);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  // The rest as shipped: the worker registers listeners for all of it (omnibox, commands...).
  manifest.name = name;
  delete manifest.content_scripts;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

// ---- the pages -------------------------------------------------------------------------------

/** The local server: /p/N tiny pages, /list pages with the links, POST /click and /done. */
function startServer() {
  const clicks = new Map();
  const done = new Map();
  const lists = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const data = JSON.parse(body);
        const into = url.pathname === '/click' ? clicks : done;
        if (!into.has(data.title)) into.set(data.title, data.t);
        res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      });
      return;
    }
    if (url.pathname.startsWith('/p/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${url.pathname.slice(3)}</title><p>page`);
      return;
    }
    if (url.pathname === '/list') {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(lists.get(url.searchParams.get('id')) ?? 'no such list');
      return;
    }
    // flood: the end-to-end suite's flooding page (its {{ORIGIN}} made this server's).
    if (server.fixtures && url.pathname.startsWith('/fixture/') && /^[a-z-]+\.html$/.test(url.pathname.slice(9))) {
      const page = String(readFileSync(join(server.fixtures, url.pathname.slice(9)))).replaceAll('{{ORIGIN}}', `http://127.0.0.1:${server.port}`);
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(page);
      return;
    }
    if (server.web) return serveWeb(server, server.web, url, req, res);
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    server.port = server.address().port;
    Object.assign(server, { clicks, done, lists });
    resolve(server);
  }));
}

/**
 * A page with one link to `items` local pages in a group titled `title`: a `uri-list:` link
 * for the extension, or an `x-bench:` link with the list split beforehand for the baseline.
 */
function listPage(server, title, items, kind) {
  const urls = Array.from({ length: items }, (_, i) => `http://127.0.0.1:${server.port}/p/${title}-${i}`);
  const href = kind === 'extension' ? `uri-list:${urls.join(';')}?title=${title}` : 'x-bench:list';
  const data = kind === 'extension' ? '' : ` data-list='${JSON.stringify({ urls, title })}'`;
  server.lists.set(title, `<!doctype html><title>${title}</title>
<a id="l" href="${href}"${data} style="font-size:40px">open this list</a>
<script>addEventListener('pointerup', (event) => fetch('/click', { method: 'POST',
  body: JSON.stringify({ title: ${JSON.stringify(title)}, t: performance.timeOrigin + event.timeStamp }) }), true);</script>`);
  return `http://127.0.0.1:${server.port}/list?id=${title}`;
}

let counter = 0;
/**
 * One click on a fresh list page: ms from the click to the group titled. `cold(driver)`, if
 * given, runs once the page is loaded, just before the click: the page's navigation itself wakes
 * the extension's background (its webNavigation listeners, and in Firefox its blocking
 * webRequest one), so a background stopped before it would be running again by the click.
 */
async function clickToGroup(server, driver, items, kind, cold = null, hoverMs = 0) {
  const title = `bench-${kind}-${items}-${++counter}`;
  await driver.goto(listPage(server, title, items, kind));
  if (cold) await cold(driver);
  if (hoverMs > 0) {
    await driver.hover('#l');
    await new Promise((resolve) => setTimeout(resolve, hoverMs));
  }
  await driver.click('#l');
  await waitFor(() => server.done.has(title) && server.clicks.has(title), Boolean, { timeout: 30_000, interval: 20, what: `${title} grouped` })
    .catch(async (error) => {
      const seen = { click: server.clicks.has(title), grouped: server.done.has(title), done: [...server.done.keys()] };
      throw new Error(`${error.message}\nseen: ${JSON.stringify(seen)}; tabs: ${JSON.stringify(await driver.tabs?.())}`);
    });
  // After a cold start: when the background started, and its start-up marks, from the click.
  if (cold && driver.startupMarks) {
    const { origin, marks } = await driver.startupMarks();
    const click = server.clicks.get(title);
    (driver.phases ??= []).push(Object.fromEntries([['started', origin - click], ...marks.map(([name, t]) => [name.replace(/^uri-list: /, ''), origin + t - click])]));
  }
  return server.done.get(title) - server.clicks.get(title);
}

// ---- Chromium ----------------------------------------------------------------------------------

async function launchChromium(dirs) {
  const { chromium } = await import('playwright-core');
  const executablePath = findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium');
  const profile = join(work, `chromium-${++counter}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath, headless: true, viewport: { width: 1000, height: 700 },
    args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${dirs.join(',')}`, `--load-extension=${dirs.join(',')}`,
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  versions.chromium = context.browser()?.version() ?? '';
  const page = context.pages()[0] ?? (await context.newPage());
  await waitFor(() => context.serviceWorkers().length >= dirs.length, Boolean, { what: 'every extension started' });
  /** The worker of the extension named `name` (waiting for it to start). */
  const worker = async (name) => {
    const named = async () => {
      for (const w of context.serviceWorkers()) {
        if ((await w.evaluate(() => chrome.runtime.getManifest().name).catch(() => null)) === name) return w;
      }
      return null;
    };
    return waitFor(named, Boolean, { interval: 5, what: `the service worker of ${name}` });
  };
  const driver = {
    context, worker,
    page,
    goto: (url) => driver.page.goto(url),
    click: (selector) => driver.page.locator(selector).click(),
    hover: (selector) => driver.page.locator(selector).hover(),
    /**
     * Stops every worker but `driver.keepWarm`'s (the observer's, if set: a worker the bench
     * itself needs is no part of the figure); with `wake`, starts them again (service-workers.mjs).
     */
    async coldStart({ wake = false } = {}) {
      const urls = context.serviceWorkers().map((w) => w.url()).filter((u) => u !== driver.keepWarm);
      await stopWorkers(context, driver.page, [...new Set(urls)], { start: wake });
    },
    /** One blank tab left, this driver's page (closed through CDP: no worker needs to be up). */
    async clean() {
      driver.page = await context.newPage();
      const cdp = await context.browser().newBrowserCDPSession();
      try {
        const keep = (await cdp.send('Target.getTargets')).targetInfos.filter((t) => t.type === 'page' && t.url === 'about:blank').at(-1);
        for (const t of (await cdp.send('Target.getTargets')).targetInfos) {
          if (t.type === 'page' && t.targetId !== keep.targetId) await cdp.send('Target.closeTarget', { targetId: t.targetId });
        }
        await waitFor(async () => (await cdp.send('Target.getTargets')).targetInfos.filter((t) => t.type === 'page').length, (n) => n === 1, { interval: 10, what: 'one tab left' });
      } finally {
        await cdp.detach();
      }
    },
    close: () => context.close(),
  };
  return driver;
}

async function startupChromium() {
  // One browser each: a worker is woken by an event every loaded extension listens to.
  const names = ['bench-start-wasm', 'bench-start-nowasm'];
  const drivers = {};
  try {
    for (const name of names) drivers[name] = await launchChromium([await timedExtension(name, name === 'bench-start-wasm')]);
    const times = { 'bench-start-wasm': [], 'bench-start-nowasm': [] };
    const diffs = [];
    for (let round = 0; round < opts.rounds; round++) {
      for (const name of round % 2 ? [...names].reverse() : names) {
        await drivers[name].coldStart({ wake: true });
        const worker = await drivers[name].worker(name);
        times[name].push(await waitFor(() => worker.evaluate(() => globalThis.benchCoreReady), (t) => t !== undefined, { interval: 10, what: `${name} ready` }));
      }
      diffs.push(times['bench-start-wasm'][round] - times['bench-start-nowasm'][round]);
    }
    const d = stats(diffs);
    row('startup', 'Chromium: worker start → core ready, more than without the wasm', fmt(d, 1, ' ms'), '≤ 10 ms', d.median <= 10,
      { withWasm: stats(times['bench-start-wasm']), withoutWasm: stats(times['bench-start-nowasm']), diffs });
    row('startup', '  (worker start → core ready: with the wasm; without)', `${fmt(stats(times['bench-start-wasm']), 1, ' ms')}; ${fmt(stats(times['bench-start-nowasm']), 1, ' ms')}`);
  } finally {
    for (const driver of Object.values(drivers)) await driver.close();
  }
}

/**
 * Interleaved click rounds: the extension and the baseline, each in a browser of its own (one
 * extension's listeners would otherwise run on the other's tabs), each size; `cold(driver)`
 * before each click (the page loaded), if given.
 */
async function clickRounds(drivers, server, { sizes, cold = null, hoverMs = 0 }) {
  const out = {};
  for (const items of sizes) out[items] = { extension: [], baseline: [] };
  for (let round = 0; round < opts.rounds; round++) {
    for (const items of sizes) {
      const order = round % 2 ? ['baseline', 'extension'] : ['extension', 'baseline'];
      for (const kind of order) {
        out[items][kind].push(await clickToGroup(server, drivers[kind], items, kind, cold, hoverMs));
        await drivers[kind].clean();
      }
    }
  }
  return out;
}

function clickRows(browser, out) {
  for (const [items, { extension: e, baseline: b }] of Object.entries(out)) {
    const ratios = e.map((t, i) => t / b[i]);
    const r = stats(ratios);
    const s = stability(ratios);
    row('click', `${browser}: click → group titled, ${items} items, extension / baseline`, `${fmt(r, 3)}; halves ${s.halves.map((h) => h.toFixed(3)).join(', ')}`,
      '≤ 1.05, stable to 2%', r.median <= 1.05 && s.stable, { extension: stats(e), baseline: stats(b), ratios });
    row('click', `  (${browser}, ${items} items: extension ms; baseline ms)`, `${fmt(stats(e), 0)}; ${fmt(stats(b), 0)}`);
  }
}

async function clickChromium(server, { startup }) {
  const ext = join(work, 'chrome-ext');
  cpSync(join(ROOT, 'dist/chrome'), ext, { recursive: true });
  const drivers = {};
  try {
    drivers.extension = await launchChromium([ext, observer('chrome', server.port)]);
    drivers.baseline = await launchChromium([baseline('chrome'), observer('chrome', server.port)]);
    const name = JSON.parse(readFileSync(join(ROOT, 'extension/_locales/en/messages.json'), 'utf8')).extName.message;
    await (await drivers.extension.worker(name)).evaluate(() => chrome.storage.sync.set({ openLimit: 100 }));
    for (const [kind, driver] of Object.entries(drivers)) {
      driver.keepWarm = (await driver.worker('bench-observer')).url();
      const tested = kind === 'extension' ? name : 'bench-baseline';
      driver.startupMarks = async () =>
        (await driver.worker(tested)).evaluate(() => ({ origin: performance.timeOrigin, marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]) }));
    }
    // The first click after a cold start: the tested worker stopped, the observer's kept running
    // (its own cold start, some 150-250 ms after the group's title, only blurred the figure).
    if (startup) await coldClickRows('Chromium', drivers, server);
    if (opts.only.has('click')) clickRows('Chromium', await clickRounds(drivers, server, { sizes: opts.clickItems }));
  } finally {
    for (const driver of Object.values(drivers)) await driver.close();
  }
}

/**
 * The first click after a cold start (5 items), the extension against the one-file baseline:
 * each driver's `coldStart()` once its list page is loaded, then the click (`clickRounds`).
 */
async function coldClickRows(browser, drivers, server) {
  // As the bench clicks (the pointer moved onto the link and pressed at once), and as a person
  // does, resting on the link a moment first (the extension's content script tells its
  // background to get ready then: content.js `warm`).
  for (const hoverMs of [0, 200]) {
    const cold = await clickRounds(drivers, server, { sizes: [5], cold: (driver) => driver.coldStart(), hoverMs });
    const { extension: e, baseline: b } = cold[5];
    const d = stats(e.map((t, i) => t - b[i]));
    const how = hoverMs ? `, the pointer on the link ${hoverMs} ms first` : '';
    row('startup', `${browser}: first click after a cold start (5 items${how}), more than the one-file baseline`, fmt(d, 1, ' ms'), '≤ 15 ms', d.median <= 15,
      { extension: stats(e), baseline: stats(b) });
    row('startup', `  (${browser}, first click after a cold start${how}: extension; baseline)`, `${fmt(stats(e), 0, ' ms')}; ${fmt(stats(b), 0, ' ms')}`);
    // Where the time went, from the click: the background started, its start-up marks
    // (extension/background/ready.js startupMark; the baseline marks the same steps it has).
    const phases = (kind) => drivers[kind].phases ?? [];
    const names = [...new Set([...phases('extension'), ...phases('baseline')].flatMap((p) => Object.keys(p)))];
    const median = (kind, name) => {
      const values = phases(kind).map((p) => p[name]).filter((v) => v !== undefined);
      return values.length > 0 ? `${stats(values).median.toFixed(0)}` : '-';
    };
    if (names.length > 0) {
      row('startup', `  (${browser}, first click after a cold start${how}, ms from the click to: extension; baseline)`,
        names.map((name) => `${name} ${median('extension', name)}; ${median('baseline', name)}`).join(' · '));
    }
    // The start-up alone, without the tabs' own time (which spreads the figure above by ±100 ms):
    // the click to the extension's first tab call ("planned": its plan made, tabs.create next)
    // against the baseline's ("open request": its list received, tabs.create next), round by round.
    const paired = phases('extension').map((p, i) => p.planned - phases('baseline')[i]?.['open request']).filter(Number.isFinite);
    if (paired.length > 0) {
      row('startup', `  (${browser}, first click after a cold start${how}: the first tab call, more than the baseline's)`, fmt(stats(paired), 1, ' ms'));
    }
    for (const driver of Object.values(drivers)) driver.phases = [];
  }
}

/**
 * Suspends the background pages of the extensions `ids` as Firefox does when one has been idle
 * (`extensions.background.idle.timeout`, 30 s): its idle timer calls the extension's
 * `terminateBackground()`, which may decline (a listener's promise pending) and is asked again
 * here until every one is stopped. A stopped event page starts again at the next event one of
 * its persistent listeners waits for (the click's runtime message; the observer's
 * tabGroups.onUpdated), as a new page: nothing of the previous one is left.
 */
async function suspendFirefoxBackgrounds(driver, ids) {
  const stopped = await driver.script(
    `const [ids, done] = arguments;
     const end = Date.now() + 10_000;
     (async () => {
       for (;;) {
         const states = ids.map((id) => WebExtensionPolicy.getByID(id).extension.backgroundState);
         if (states.every((s) => s === 'stopped')) return true;
         if (Date.now() > end) return states;
         await Promise.all(ids.map((id) => {
           const extension = WebExtensionPolicy.getByID(id).extension;
           return extension.backgroundState === 'running' ? extension.terminateBackground() : new Promise((r) => setTimeout(r, 10));
         }));
       }
     })().then(done, (error) => done(String(error)));`,
    [ids],
    { chrome: true, async: true },
  );
  if (stopped !== true) throw new Error(`the background pages of ${ids.join(', ')} did not stop: ${JSON.stringify(stopped)}`);
}

async function clickFirefox(server, { startup }) {
  const drivers = {};
  try {
    drivers.extension = await launchFirefox({ extensionDir: join(ROOT, 'dist/firefox') });
    drivers.baseline = await launchFirefox({ extensionDir: baseline('firefox') });
    versions.firefox = drivers.extension.version;
    const observerDir = observer('firefox', server.port);
    const observerId = JSON.parse(readFileSync(join(observerDir, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
    for (const driver of Object.values(drivers)) {
      await driver.command('POST', '/moz/addon/install', { path: observerDir, temporary: true });
      // Firefox rounds performance.now() otherwise.
      await driver.script("Services.prefs.setBoolPref('privacy.reduceTimerPrecision', false);", [], { chrome: true });
      driver.clean = () => driver.reset();
      // As Chromium's coldStart(): the tested background suspended, the observer's kept running
      // (Firefox's idle timer, 30 s, told to wait 10 min: the bench suspends what it measures).
      await driver.script("Services.prefs.setIntPref('extensions.background.idle.timeout', 600000);", [], { chrome: true });
      driver.coldStart = () => suspendFirefoxBackgrounds(driver, [driver.addonId]);
    }
    await drivers.extension.inExtension(() => browser.storage.sync.set({ openLimit: 100 }));
    if (startup) await coldClickRows('Firefox', drivers, server);
    if (opts.only.has('click')) clickRows('Firefox', await clickRounds(drivers, server, { sizes: opts.clickItems }));
  } finally {
    for (const driver of Object.values(drivers)) await driver.close();
  }
}

// ---- the web page ------------------------------------------------------------------------------

function serveWeb(server, dir, url, req, res) {
  const file = normalize(join(dir, url.pathname === '/web/' ? 'index.html' : url.pathname.replace(/^\/web\//, '')));
  if (server.probe && url.pathname === '/web/bench-probe.js') {
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(server.probe);
    return;
  }
  if (!url.pathname.startsWith('/web/') || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
  let body = readFileSync(file);
  // freeze: the probe, before the page's own script.
  if (server.probe && extname(file) === '.html') body = Buffer.from(String(body).replace('<script type="module"', '<script src="bench-probe.js"></script><script type="module"'));
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(gzip ? gzipSync(body, { level: 9 }) : body);
}

async function web(server) {
  const dir = opts.web;
  if (!existsSync(join(dir, 'index.html'))) {
    row('web', 'web page: first visit, bytes transferred (gzip)', `not built (no ${relative(ROOT, dir) || dir}/index.html)`, '< 60 KB', null);
    row('web', 'web page: 100 items shown, CPU 4x slower', 'not built', '≤ 300 ms', null);
    return;
  }
  server.web = dir;
  const { chromium } = await import('playwright-core');
  const executablePath = findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium');
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  versions.chromium = browser.version();
  const link = `uri-list:${Array.from({ length: 100 }, (_, i) => `https://example.org/page/${i}`).join(';')}?title=bench`;
  const address = `http://127.0.0.1:${server.port}/web/#${link}`;
  try {
    const bytes = [];
    const times = [];
    for (let round = 0; round < Math.max(3, Math.round(opts.rounds / 2)); round++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // When 100 list items are in the document, noted by the page's first script.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelectorAll('li').length >= 100) {
            globalThis.benchShown = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      let transferred = 0;
      cdp.on('Network.loadingFinished', ({ encodedDataLength }) => (transferred += encodedDataLength));
      await page.goto(address, { waitUntil: 'load' });
      const shown = await waitFor(() => page.evaluate(() => globalThis.benchShown), (t) => t !== undefined,
        { timeout: 15_000, interval: 50, what: '100 items shown (the page reads the link from its #fragment; see benches/all.mjs)' }).catch(() => undefined);
      await sleep(200);
      bytes.push(transferred);
      if (shown !== undefined) times.push(shown);
      await context.close();
    }
    const b = stats(bytes);
    row('web', 'web page: first visit, bytes transferred (gzip)', `${(b.median / 1024).toFixed(1)} KB`, '< 60 KB', b.median < 60 * 1024, b);
    if (times.length === 0) row('web', 'web page: 100 items shown, CPU 4x slower', 'no list of 100 items seen (how does the page take a link?)', '≤ 300 ms', false);
    else {
      const t = stats(times);
      row('web', 'web page: 100 items shown, CPU 4x slower', fmt(t, 0, ' ms'), '≤ 300 ms', t.median <= 300, t);
    }
  } finally {
    await browser.close();
  }
}

// ---- the web page on a phone (benches/phone.mjs) -----------------------------------------------

async function phone() {
  const goals = { time: '≤ 700 ms', bytes: '≤ 50 KB' };
  if (!existsSync(join(opts.web, 'index.html'))) {
    row('phone', 'phone: web page, all rows shown', `not built (no ${relative(ROOT, opts.web) || opts.web}/index.html)`, goals.time, null);
    return;
  }
  const arms = [{ name: 'web', dir: opts.web }, ...opts.phoneArms];
  const { phoneBench } = await import('./phone.mjs');
  const result = await phoneBench({ arms, rounds: Math.max(3, Math.round(opts.rounds / 2)) });
  versions.chromium ??= result.browser;
  for (const [name, bySize] of Object.entries(result.arms)) {
    const who = name === 'web' ? 'web page' : `web page (${name})`;
    for (const [size, r] of Object.entries(bySize)) {
      const ours = name === 'web';
      row('phone', `phone: ${who}, ${size} pages, navigation → all rows shown`, fmt(r.shown, 0, ' ms'), ours ? goals.time : '', ours ? r.shown.median <= 700 : null, r.raw.shown);
    }
    const b = Object.values(bySize)[0].bytes;
    row('phone', `phone: ${who}, bytes transferred (gzip bodies)`, `${(b.median / 1024).toFixed(1)} KB (${b.median} bytes)`, name === 'web' ? goals.bytes : '', name === 'web' ? b.median <= 50 * 1024 : null);
  }
}

// ---- the web page with a 2 MB fragment: does the tab freeze? ---------------------------------

/**
 * A probe for the web page, injected by the server before the page's own script (same origin:
 * the page's Content-Security-Policy allows it): the longest long task (Chromium's Long Tasks
 * API; Firefox has none), the longest gap between two callbacks of a setTimeout(0) chain (both
 * browsers: how long the page could not answer an event), the time the first row of the list
 * showed, and the time the page was done (its main lost aria-busy); all from navigation start.
 */
const PROBE = `(() => {
  const probe = { longtask: null, gap: 0, firstRows: null, done: null };
  window.benchProbe = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longtask = Math.max(probe.longtask ?? 0, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    probe.longtask = 0;
  } catch {}
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    probe.gap = Math.max(probe.gap, now - last);
    last = now;
    if (probe.done === null) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  new MutationObserver(() => {
    if (probe.firstRows === null && document.querySelector('#items li')) probe.firstRows = performance.now();
    const main = document.querySelector('main');
    if (probe.done === null && probe.firstRows !== null && main && !main.hasAttribute('aria-busy')) probe.done = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
})();`;

/** A 2 MB link (as a fragment): distinct pages, or distinct lookalike hosts (one alert each, as tests/fixtures/bounded-flood.html). */
function bigFragment(kind) {
  const parts = ['uri-list:'];
  let length = parts[0].length;
  for (let n = 0; length < 2_000_000; n += 1) {
    const item = kind === 'lookalike' ? `https://p%D0%B0ypal${n}.com/;` : `https://example.org/page/${n};`;
    parts.push(item);
    length += item.length;
  }
  return `${parts.join('')}?title=Big%20${kind}`;
}

async function freeze(server) {
  const dir = opts.web;
  if (!existsSync(join(dir, 'index.html'))) {
    row('freeze', 'web page, 2 MB fragment', `not built (no ${relative(ROOT, dir) || dir}/index.html)`);
    return;
  }
  server.web = dir;
  server.probe = PROBE;
  const kinds = ['distinct', 'lookalike'];
  const fragments = Object.fromEntries(kinds.map((kind) => [kind, bigFragment(kind)]));
  const address = (kind) => `http://127.0.0.1:${server.port}/web/#${fragments[kind]}`;
  const rounds = Math.max(2, Math.round(opts.rounds / 4));
  const read = (evaluate) => waitFor(evaluate, (p) => p?.done !== null && p?.done !== undefined, { timeout: 120_000, interval: 100, what: 'the web page done with a 2 MB fragment' });
  const results = {};
  const { chromium } = await import('playwright-core');
  const executablePath = findProgram('CHROMIUM', ['/usr/bin/chromium', 'chromium'], 'apt-get install chromium');
  const browsers = {
    Chromium: await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] }),
    Firefox: await launchFirefox({}),
  };
  versions.chromium = browsers.Chromium.version();
  versions.firefox = browsers.Firefox.version;
  // Firefox takes addresses of at most 1 MiB by default (Chromium 2 MiB): raised for the 2 MB fragment.
  await browsers.Firefox.script("Services.prefs.setIntPref('network.standard-url.max-length', 4 * 1024 * 1024);", [], { chrome: true });
  try {
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? ['Firefox', 'Chromium'] : ['Chromium', 'Firefox']) {
        for (const kind of kinds) {
          let probe;
          if (name === 'Chromium') {
            const context = await browsers.Chromium.newContext({ viewport: { width: 1000, height: 800 } });
            const page = await context.newPage();
            await page.goto(address(kind), { waitUntil: 'commit' });
            probe = await read(() => page.evaluate(() => window.benchProbe).catch(() => undefined));
            await context.close();
          } else {
            const driver = browsers.Firefox;
            await driver.reset();
            await driver.goto(address(kind));
            probe = await read(() => driver.inPage(() => window.benchProbe ?? null));
            if (!(await driver.inPage(() => document.querySelectorAll('#items li').length))) throw new Error('Firefox showed no rows');
          }
          ((results[name] ??= {})[kind] ??= []).push(probe);
        }
      }
    }
  } finally {
    await browsers.Chromium.close();
    await browsers.Firefox.close();
  }
  for (const [name, byKind] of Object.entries(results)) {
    for (const [kind, probes] of Object.entries(byKind)) {
      const of = (key) => stats(probes.map((p) => p[key]));
      const longtask = name === 'Chromium' ? `longest long task ${fmt(of('longtask'), 0, ' ms')}; ` : '';
      row('freeze', `${name}: web page, 2 MB fragment (${kind}): longest task; longest setTimeout gap; first rows; done`,
        `${longtask}gap ${fmt(of('gap'), 0, ' ms')}; first rows ${fmt(of('firstRows'), 0, ' ms')}; done ${fmt(of('done'), 0, ' ms')}`, '', null, probes);
    }
  }
}

// ---- flood: an honest click in one tab while another tab floods the extension -------------------

/**
 * Tab A floods the extension, as tests/e2e/cases-bounded.mjs does (its page,
 * tests/fixtures/bounded-flood.html: three links of about 2 MB, each item a distinct lookalike
 * host), and tab B, opened from A as a person's second tab, gets a trusted click on a 2-item
 * uri-list link: ms from the click (its pointerup) to the group titled. Modes: `quiet` (A is a
 * page that does nothing), `synthetic` (A fires a synthetic mouseover and focusin on one of its
 * links every 350 ms, from its load on; the click comes after its fourth), `trusted` (a person's
 * pointer rests 400 ms on each of the three links in A, past the tooltip's 300 ms delay, just
 * before the click in B).
 */
const FLOOD_MODES = ['quiet', 'synthetic', 'trusted'];

async function floodClick(server, driver, mode) {
  const title = `bench-flood-${mode}-${++counter}`;
  const honest = listPage(server, title, 2, 'extension');
  const origin = `http://127.0.0.1:${server.port}`;
  await driver.goto(mode === 'quiet' ? `${origin}/p/quiet` : `${origin}/fixture/bounded-flood.html${mode === 'synthetic' ? '?synthetic' : ''}`);
  if (mode === 'synthetic') await waitFor(() => driver.inPage(() => window.fired), (fired) => fired >= 4, { what: 'the flood to start' });
  if (mode === 'trusted') {
    for (const id of ['#big0', '#big1', '#big2']) {
      await driver.hover(id);
      await sleep(400);
    }
    // The hovers reached the extension: its tooltip (a host element in the page) is up.
    await waitFor(() => driver.inPage(() => document.getElementById('uri-list-tooltip') !== null), Boolean, { what: 'the tooltip in tab A' });
  }
  await driver.openSecond(honest);
  await driver.click('#l');
  await waitFor(() => server.done.has(title) && server.clicks.has(title), Boolean, { timeout: 60_000, interval: 20, what: `${title} grouped` });
  return server.done.get(title) - server.clicks.get(title);
}

async function flood(server) {
  server.fixtures = join(ROOT, 'tests', 'fixtures');
  const drivers = {};
  const results = {};
  const rounds = Math.max(2, Math.round(opts.rounds / 4));
  try {
    const ext = join(work, 'flood-chrome-ext');
    cpSync(join(ROOT, 'dist/chrome'), ext, { recursive: true });
    const chromium = await launchChromium([ext, observer('chrome', server.port)]);
    Object.assign(chromium, {
      inPage: (fn, arg) => chromium.page.evaluate(fn, arg),
      hover: (selector) => chromium.page.locator(selector).hover(),
      async openSecond(url) {
        const opened = chromium.context.waitForEvent('page');
        await chromium.page.evaluate((address) => void window.open(address, '_blank'), url);
        chromium.page = await opened;
        await chromium.page.waitForLoadState('load');
      },
    });
    drivers.Chromium = chromium;
    const firefox = await launchFirefox({ extensionDir: join(ROOT, 'dist/firefox') });
    versions.firefox = firefox.version;
    await firefox.command('POST', '/moz/addon/install', { path: observer('firefox', server.port), temporary: true });
    await firefox.script("Services.prefs.setBoolPref('privacy.reduceTimerPrecision', false);", [], { chrome: true });
    firefox.clean = () => firefox.reset();
    firefox.openSecond = async (url) => {
      await firefox.inPage((address) => void window.open(address, '_blank'), url);
      await firefox.switchTo(url);
    };
    drivers.Firefox = firefox;
    for (const driver of Object.values(drivers)) await driver.inExtension?.(() => (globalThis.browser ?? chrome).storage.sync.set({ openLimit: 100 }));
    const name = JSON.parse(readFileSync(join(ROOT, 'extension/_locales/en/messages.json'), 'utf8')).extName.message;
    await (await chromium.worker(name)).evaluate(() => chrome.storage.sync.set({ openLimit: 100 }));
    for (let round = 0; round < rounds; round++) {
      for (const browser of round % 2 ? ['Firefox', 'Chromium'] : ['Chromium', 'Firefox']) {
        for (const mode of round % 2 ? [...FLOOD_MODES].reverse() : FLOOD_MODES) {
          ((results[browser] ??= {})[mode] ??= []).push(await floodClick(server, drivers[browser], mode));
          await drivers[browser].clean();
        }
      }
    }
  } finally {
    for (const driver of Object.values(drivers)) await driver.close();
  }
  for (const [browser, byMode] of Object.entries(results)) {
    for (const mode of FLOOD_MODES) {
      const s = stats(byMode[mode]);
      const goal = mode === 'quiet' ? '' : '≤ 1 s';
      row('flood', `${browser}: honest click in tab B → group titled, tab A ${mode}`, fmt(s, 0, ' ms'), goal, goal ? s.max <= 1000 : null, byMode[mode]);
    }
  }
}

// ---- the run -----------------------------------------------------------------------------------

for (const file of ['dist/chrome/manifest.json', 'dist/firefox/manifest.json', 'dist/pkg/uri_list_bg.wasm', 'dist/pkg-ext/uri_list_bg.wasm']) {
  if (!existsSync(join(ROOT, file))) {
    console.error(`benches/all.mjs: ${file} is missing: run ./build.sh first`);
    process.exit(1);
  }
}
const started = Date.now();
const load = [loadavg()];
const server = await startServer();
try {
  if (opts.only.has('size')) size();
  if (opts.only.has('native')) native();
  if (opts.only.has('startup')) await startupChromium();
  if (opts.only.has('click') || opts.only.has('startup')) await clickChromium(server, { startup: opts.only.has('startup') });
  if (opts.only.has('click') || opts.only.has('startup')) {
    await withTimeout(clickFirefox(server, { startup: opts.only.has('startup') }), 30 * 60_000, 'the Firefox clicks');
  }
  if (opts.only.has('web')) await web(server);
  if (opts.only.has('phone')) await phone();
  if (opts.only.has('freeze')) await freeze(server);
  if (opts.only.has('flood')) await flood(server);
  if (opts.only.has('decode')) decode();
} finally {
  server.close();
}
load.push(loadavg());

const machine = {
  date: new Date().toISOString(),
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
  memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
  loadAverage: { before: load[0].map((l) => l.toFixed(2)), after: load[1].map((l) => l.toFixed(2)) },
  browsers: versions,
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim(),
  rounds: opts.rounds,
  seconds: Math.round((Date.now() - started) / 1000),
};
console.log(`\n./build.sh bench, ${machine.date}, commit ${machine.commit}, ${machine.cpus}, ${machine.memory}`);
console.log(`load average (1, 5, 15 min) before ${machine.loadAverage.before.join(' ')}, after ${machine.loadAverage.after.join(' ')}; ` +
  `${Object.entries(versions).map(([b, v]) => `${b} ${v}`).join(', ') || 'no browser'}; ${opts.rounds} rounds; ${machine.seconds} s\n`);
printTable();
const out = join(ROOT, 'target', 'bench.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ machine, rows }, null, 2)}\n`);
console.log(`\nwritten: ${relative(process.cwd(), out) || out}`);
process.exit(0);
