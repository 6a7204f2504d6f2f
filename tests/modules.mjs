// The extension's and the web page's JavaScript modules, by where they run (ARCHITECTURE.md,
// "The extension"):  node tests/modules.mjs
//
// - no import circle, among every module under extension/ and web/ (static imports, re-exports
//   and dynamic import(), as esbuild resolves them; the wasm glue and the web page's build-time
//   modules are outside);
// - no page (popup/, preview/, options/, lazy/, offscreen/, pages/, web/) and nothing of common/
//   reaches background code (extension/background/, background.js), directly or through another module;
// - the handler registry (extension/background/registry.js) refuses a name registered twice.
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['extension', 'web'];

/** Every .js and .mjs file below a folder (relative to the repository). */
function modulesBelow(dir) {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'pkg' || name === 'node_modules' ? [] : modulesBelow(path);
    return /\.m?js$/.test(name) ? [path] : [];
  });
}

/**
 * The import graph of `files` (paths relative to the repository): each file's relative imports,
 * resolved by esbuild (so comments, strings and JSDoc types are not taken for imports).
 * @param {string[]} files
 */
export async function importGraph(files) {
  const outside = {
    name: 'outside',
    setup(b) {
      // Bare names (the web page's build-time modules) and the wasm-bindgen glue, which the build makes.
      b.onResolve({ filter: /^[^./]|[\\/]pkg[\\/]/ }, ({ path }) => ({ path, external: true }));
    },
  };
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    splitting: true,
    outdir: 'out',
    logLevel: 'silent',
    plugins: [outside],
  });
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const [file, { imports }] of Object.entries(result.metafile.inputs)) {
    graph.set(file, imports.filter((i) => !i.external).map((i) => i.path));
  }
  return graph;
}

/** Each import circle of `graph`, as the list of its modules (the first repeated at the end). */
export function circles(graph) {
  const found = [];
  const state = new Map(); // 1: on the path, 2: done
  const path = [];
  const visit = (file) => {
    state.set(file, 1);
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 2);
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

const isBackground = (file) => file === 'extension/background.js' || file.startsWith('extension/background/');
const isPageOrCommon = (file) =>
  /^extension\/(popup|preview|options|lazy|offscreen|pages|common)\//.test(file) || file.startsWith('web/');

/** For each page or common module that reaches background code: the chain of imports that gets there. */
export function pagesReachingBackground(graph) {
  const found = [];
  for (const start of [...graph.keys()].filter(isPageOrCommon).sort()) {
    const seen = new Set([start]);
    const queue = [[start]];
    while (queue.length) {
      const chain = queue.shift();
      const next = graph.get(chain.at(-1)) ?? [];
      const hit = next.find(isBackground);
      if (hit) {
        found.push([...chain, hit]);
        break;
      }
      for (const file of next) if (!seen.has(file)) seen.add(file), queue.push([...chain, file]);
    }
  }
  return found;
}

let failures = 0;
function check(name, fn) {
  return Promise.resolve()
    .then(fn)
    .then(
      () => console.log(`ok - ${name}`),
      (error) => {
        failures += 1;
        console.log(`not ok - ${name}\n  ${String(error.message).replace(/\n/g, '\n  ')}`);
      },
    );
}

const files = FOLDERS.flatMap(modulesBelow);
let graph;
try {
  graph = await importGraph(files);
} catch (error) {
  console.log(`not ok - every module's imports resolve\n  ${error.message.replace(/\n/g, '\n  ')}`);
  process.exit(1);
}

await check(`every module's imports resolve, and every module is in the graph (${files.length} modules)`, () => {
  const missing = files.filter((file) => !graph.has(file.split('\\').join('/')));
  assert.deepEqual(missing, [], `not read: ${missing.join(', ')}`);
});

await check('no import circle among the modules of extension/ and web/', () => {
  const found = circles(graph);
  assert.equal(found.length, 0, `import circles (break each by moving what both sides need into a third module):\n${found.map((c) => c.join(' -> ')).join('\n')}`);
});

await check('no page (popup, preview, options, lazy, offscreen, pages/, web/) and no common/ module reaches background code', () => {
  const found = pagesReachingBackground(graph);
  assert.equal(found.length, 0, `background code reached (move what the page needs to extension/common/):\n${found.map((c) => c.join(' -> ')).join('\n')}`);
});

await check('the check finds a circle and a page reaching background code (a graph made for it)', () => {
  const made = new Map([
    ['extension/background/a.js', ['extension/background/b.js']],
    ['extension/background/b.js', ['extension/background/a.js']],
    ['extension/popup/popup.js', ['extension/common/x.js']],
    ['extension/common/x.js', ['extension/background/a.js']],
  ]);
  assert.deepEqual(circles(made), [['extension/background/a.js', 'extension/background/b.js', 'extension/background/a.js']]);
  assert.deepEqual(
    pagesReachingBackground(made).sort(),
    [
      ['extension/common/x.js', 'extension/background/a.js'],
      ['extension/popup/popup.js', 'extension/common/x.js', 'extension/background/a.js'],
    ],
  );
});

const { handlerRegistry } = await import(pathToFileURL(join(ROOT, 'extension/background/registry.js')).href);

await check('the handler registry refuses a name registered twice, naming it', () => {
  const one = { async open() {} };
  const other = { async open() {}, async share() {} };
  assert.throws(() => handlerRegistry('message', one, other), /two message handlers are named "open"/);
});

await check('the handler registry holds each handler of its groups by name, and nothing else', () => {
  const open = async () => 'opened';
  const share = async () => 'shared';
  const registry = handlerRegistry('message', { open }, { share });
  assert.deepEqual(registry.names(), ['open', 'share']);
  assert.equal(registry.get('share'), share);
  assert.equal(registry.has('open'), true);
  assert.equal(registry.has('toString'), false);
  assert.equal(registry.has(undefined), false);
});

if (failures) {
  console.log(`${failures} failed`);
  process.exit(1);
}
console.log('modules: everything passed');
