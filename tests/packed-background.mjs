// The packed background is one file (.ci/pack.mjs): a cold start neither fetches and links a graph
// of modules nor, in Chrome, pays for a module worker (benches/README.md, "A classic service
// worker").
//
//   node tests/packed-background.mjs [DIST]      (after ./build.sh; DIST defaults to dist/)
//
// dist/chrome: the packed manifest's service worker is a classic script (no `"type": "module"`,
// and the file compiles as a script: `import`, `export` and `import.meta` are syntax errors there).
// dist/firefox: each event page script is one module that imports nothing (as esbuild reads it).
// Each carries the core's glue itself (it finds the wasm at the extension's root,
// `/pkg/uri_list_bg.wasm`), which a bundle importing it from a chunk would not.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(ROOT, 'dist'));

/** The modules a packed module imports, each once ("import-statement chunks/chunk-X.js"), as esbuild resolves them. */
async function importsOf(file, dir) {
  const { metafile } = await build({ entryPoints: [file], bundle: true, format: 'esm', write: false, metafile: true, logLevel: 'silent' });
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
  return [...new Set(imports.map(({ path, kind }) => `${kind} ${relative(dir, resolve(path))}`))].sort();
}

/** What each browser's background must be, or the reason it is not. */
const FORMS = {
  async chrome(dir, background) {
    assert.ok(background.service_worker, 'the manifest names no background.service_worker');
    assert.ok(background.type === undefined, `the service worker is "type": ${JSON.stringify(background.type)}, not a classic script`);
    const text = readFileSync(join(dir, background.service_worker), 'utf8');
    try {
      new Script(text, { filename: background.service_worker });
    } catch (error) {
      assert.fail(`${background.service_worker} is not a classic script: ${error.message}`);
    }
    return [[background.service_worker, 'one classic script']];
  },
  async firefox(dir, background) {
    assert.ok(background.scripts?.length > 0, 'the manifest names no background.scripts');
    assert.ok(background.type === 'module', `the event page is "type": ${JSON.stringify(background.type)}, not "module"`);
    for (const script of background.scripts) {
      const imports = await importsOf(join(dir, script), dir);
      assert.ok(imports.length === 0, `${script} imports ${imports.length} other modules (Firefox fetches and links each before it runs): ${imports.join(', ')}`);
    }
    return background.scripts.map((script) => [script, 'one module, no import']);
  },
};

let failed = false;
for (const [browser, form] of Object.entries(FORMS)) {
  const dir = join(dist, browser);
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`packed-background: ${manifestFile} is missing: run ./build.sh first`);
    process.exit(1);
  }
  const { background = {} } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  try {
    for (const [script, what] of await form(dir, background)) {
      const text = readFileSync(join(dir, script), 'utf8');
      assert.ok(text.includes('/pkg/uri_list_bg.wasm'), `${script} does not carry the core's glue (no /pkg/uri_list_bg.wasm in it)`);
      console.log(`ok: ${browser}/${script} is ${what} (${text.length} bytes)`);
    }
  } catch (error) {
    failed = true;
    console.error(`not ok: ${browser}: ${error.message}`);
  }
}
process.exit(failed ? 1 : 0);
