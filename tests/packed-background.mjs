// The packed background is one file (.ci/pack.mjs): a cold service worker fetches and links
// every module its script imports before any of it runs, so the background imports nothing.
//
//   node tests/packed-background.mjs [DIST]      (after ./build.sh; DIST defaults to dist/)
//
// For dist/chrome and dist/firefox: each background script the packed manifest names
// (`background.service_worker`, `background.scripts`) has no static import, no re-export and no
// dynamic import(), as esbuild reads it; and it carries the core's glue itself (it finds the wasm
// at the extension's root, `/pkg/uri_list_bg.wasm`), which a bundle importing it from a chunk
// would not.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(ROOT, 'dist'));

/** The modules a packed module imports, each once ("import-statement chunks/chunk-X.js"), as esbuild resolves them. */
async function importsOf(file, dir) {
  const { metafile } = await build({ entryPoints: [file], bundle: true, format: 'esm', write: false, metafile: true, logLevel: 'silent' });
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
  return [...new Set(imports.map(({ path, kind }) => `${kind} ${relative(dir, resolve(path))}`))].sort();
}

let failed = false;
for (const browser of ['chrome', 'firefox']) {
  const dir = join(dist, browser);
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`packed-background: ${manifestFile} is missing: run ./build.sh first`);
    process.exit(1);
  }
  const { background = {} } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const scripts = [background.service_worker, ...(background.scripts ?? [])].filter(Boolean);
  try {
    assert.ok(scripts.length > 0, `${manifestFile} names no background script`);
    for (const script of scripts) {
      const file = join(dir, script);
      const imports = await importsOf(file, dir);
      assert.ok(imports.length === 0, `${browser}/${script} imports ${imports.length} other modules (a cold worker fetches and links each before it runs): ${imports.join(', ')}`);
      assert.ok(readFileSync(file, 'utf8').includes('/pkg/uri_list_bg.wasm'), `${browser}/${script} does not carry the core's glue (no /pkg/uri_list_bg.wasm in it)`);
      console.log(`ok: ${browser}/${script} is one file (${readFileSync(file).length} bytes), no import`);
    }
  } catch (error) {
    failed = true;
    console.error(`not ok: ${error.message}`);
  }
}
process.exit(failed ? 1 : 0);
