// The end-to-end suite for one browser:  node tests/e2e/run.mjs chromium|firefox [DIST]
//
// Serves tests/fixtures on 127.0.0.1, starts the browser with the built extension from
// DIST/<chrome|firefox> (default: dist; a case with `build: NAME`, from DIST/NAME/<chrome|firefox>),
// runs every case from cases.mjs, and ends with the
// line "N passed, N failed". Exits 1 if any case failed or the browser could not start.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cases } from './cases.mjs';
import { launchChromium } from './chromium.mjs';
import { launchFirefox } from './firefox.mjs';
import { startServer } from './server.mjs';
import { FIXTURES, ROOT, withTimeout } from './util.mjs';

const BROWSERS = {
  chromium: { folder: 'chrome', launch: launchChromium },
  firefox: { folder: 'firefox', launch: launchFirefox },
};
const CASE_TIME = 30_000;
const SUITE_TIME = Number(process.env.E2E_SUITE_SECONDS ?? 1500) * 1000;

const [name, dist = join(ROOT, 'dist')] = process.argv.slice(2);
const target = BROWSERS[name];
if (!target) {
  console.error(`usage: node tests/e2e/run.mjs ${Object.keys(BROWSERS).join('|')} [DIST]`);
  process.exit(2);
}
const filter = process.env.E2E_FILTER ?? '';

// Never hang CI: past the suite's time limit, give up loudly (the case running then fails).
const watchdog = setTimeout(async () => {
  console.log(`not ok - the suite took longer than ${SUITE_TIME / 1000} s; giving up`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  await withTimeout(browser?.close() ?? Promise.resolve(), 15_000, 'closing the browser').catch(() => {});
  process.exit(1);
}, SUITE_TIME);
watchdog.unref();

// On Ctrl-C, close the browser and remove its profile before leaving.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`${name}: stopped by ${signal}`);
    await browser?.close().catch((error) => console.error(error.message));
    process.exit(130);
  });
}

// cases.mjs, then each feature's own file (cases-open.mjs, cases-share.mjs, ...), in name order.
const all = [...cases];
const here = new URL('.', import.meta.url);
for (const file of readdirSync(here).filter((f) => /^cases-.+\.mjs$/.test(f)).sort()) {
  const module = await import(pathToFileURL(join(here.pathname, file)).href);
  all.push(...module.cases);
}
// A case may name the browsers it is for (`browsers: ['firefox']`): one that has no such feature skips it.
const selected = all.filter((c) => c.name.includes(filter) && (!c.browsers || c.browsers.includes(name)));
let passed = 0;
let failed = 0;
const server = await startServer(FIXTURES);
let browser;
// A case may need the browser in another UI language (`lang: 'de'`): those run last, in a
// browser started in that language, one start per language. A case for a person without the
// extension (`extension: false`, cases-web.mjs) runs in a browser started without it.
const languages = [undefined, ...new Set(selected.map((c) => c.lang).filter(Boolean))];
try {
  for (const lang of languages) {
    const batch = selected.filter((c) => c.lang === lang && c.extension !== false && !c.build);
    if (batch.length === 0 && selected.length > 0) continue; // (nothing selected: still start it once)
    await runBatch(batch, lang);
  }
  const bare = selected.filter((c) => c.extension === false);
  if (bare.length > 0) await runBatch(bare, undefined, { extension: false });
  // A case may need the extension as a distributor builds it (`build: 'distributed'`: built by
  // ./build.sh test into DIST/distributed with GITHUB_REPOSITORY=acme/lists): a batch of its own.
  for (const build of new Set(selected.map((c) => c.build).filter(Boolean))) {
    await runBatch(selected.filter((c) => c.build === build), undefined, { dir: join(dist, build) });
  }
} finally {
  await server.close();
}

/** Starts the browser (in `lang`, if given; without the extension if so asked), runs `batch`, closes the browser. */
async function runBatch(batch, lang, { extension = true, dir = dist } = {}) {
  let done = 0;
  try {
    const started = Date.now();
    browser = await target.launch({ extensionDir: extension ? resolve(dir, target.folder) : null, lang });
    const language = (lang ? ` in language ${lang}` : '') + (extension ? '' : ' without the extension') + (dir === dist ? '' : ` built as ${dir}`);
    console.log(`# ${name} ${browser.version ?? ''}${language} started in ${Date.now() - started} ms; fixtures at ${server.origin}`);
    // How many errors the extension had logged before each case: a new one is named with the
    // case it came in (it may still be a late one of an earlier case), for whoever reads a failure.
    let logged = 0;
    for (const c of batch) {
      const start = Date.now();
      done += 1;
      try {
        await browser.reset();
        await withTimeout(c.run({ browser, origin: server.origin, server }), CASE_TIME, 'the case');
        passed += 1;
        console.log(`ok - ${c.name} (${Date.now() - start} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`not ok - ${c.name} (${Date.now() - start} ms)`);
        console.log(String(error?.stack ?? error).replace(/^/gm, '    '));
      }
      if (extension && browser.extensionErrors) {
        const errors = await browser.extensionErrors().catch(() => []);
        for (const error of errors.slice(logged)) console.log(`#   logged during or after "${c.name}": ${error}`);
        logged = Math.max(logged, errors.length);
      }
    }
    if (extension && browser.extensionErrors) {
      const errors = await browser.extensionErrors();
      if (errors.length) {
        failed += 1;
        console.log(`not ok - the extension logged no errors in the browser console\n    ${errors.join('\n    ')}`);
      } else {
        passed += 1;
        console.log('ok - the extension logged no errors in the browser console');
      }
    }
  } catch (error) {
    failed += Math.max(1, batch.length - done);
    console.log(`not ok - ${name}${lang ? ` (${lang})` : ''} could not be started or driven`);
    console.log(String(error?.stack ?? error).replace(/^/gm, '    '));
  } finally {
    await browser?.close();
    browser = undefined;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
