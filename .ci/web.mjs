// Assembles the web page for people without the extension (web/) into DIST/web:
//
//   node .ci/web.mjs PKG DIST
//
// PKG is the web page's wasm package: the same boundary and core as the extension's, built without the boundary's features
// `js-api` and `extension` (build.sh: dist/pkg-web), so that it exports only the page's three calls (checkAll,
// plan, toText) and carries nothing only the others reach; it reads lists exactly as the
// extension does. PKG/uri_list_bg.wasm goes to DIST/web/pkg/. The page's script, web/web.js, is
// bundled by esbuild with all it imports (extension/pages/dom.js, the page's languages: `words()`
// below) into one minified module, DIST/web/web.js, which compiles the wasm at
// pkg/uri_list_bg.wasm while it downloads (index.html preloads it) and hands the module to its
// reader, web/worker.js, bundled with the wasm-bindgen glue PKG/uri_list.js
// and its snippets into DIST/web/worker.js (a module worker: every call to the wasm runs there); web/web.css and the two stylesheets it imports
// (the pages' shared pages/page.css, the preview page's) become one minified web.css; the icon comes
// along. Why one module and one stylesheet: measured with benches/all.mjs --only web (100 items,
// Chromium's CPU 4x slower), the page as five modules, three stylesheets and a _locales file
// fetched after the script had run showed its list 556 ms after navigation start (median of 8);
// as it is now, 369 ms (benches/README.md, "Web page").
// Nothing else: the page asks nothing of any other origin (web/index.html's CSP).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transformSync } from 'esbuild';
import { packedMessages } from './messages.mjs';
import { projectVersion } from './version.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PKG_FILES = ['uri_list.js', 'uri_list_bg.wasm', 'snippets', 'uri_list_qr.js', 'uri_list_qr_bg.wasm'];

function fail(message) {
  console.error(`web: ${message}`);
  process.exit(1);
}

const MINIFY = {
  '.js': (text) => transformSync(text, { loader: 'js', minify: true, legalComments: 'none', format: 'esm' }).code,
  '.css': (text) => transformSync(text, { loader: 'css', minify: true, legalComments: 'none' }).code,
};

const [pkg, dist] = process.argv.slice(2);
if (!pkg || !dist) fail('usage: node .ci/web.mjs PKG DIST');
for (const file of PKG_FILES) if (!existsSync(join(pkg, file))) fail(`${join(pkg, file)} is missing: run wasm-bindgen first`);
const out = join(dist, 'web');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'pkg'), { recursive: true });

for (const name of readdirSync(join(ROOT, 'web'))) {
  if (name === 'web.js' || name === 'worker.js' || name === 'web.css' || name === 'boot.js' || name === 'index.html') continue; // bundled below
  let text = readFileSync(join(ROOT, 'web', name), 'utf8');
  const minify = MINIFY[extname(name)];
  writeFileSync(join(out, name), minify ? minify(text) : text);
}
cpSync(join(pkg, 'uri_list_bg.wasm'), join(out, 'pkg', 'uri_list_bg.wasm'));
// The QR code's wasm: fetched only when a person asks for a code (extension/pages/qr-view.js).
cpSync(join(pkg, 'uri_list_qr_bg.wasm'), join(out, 'pkg', 'uri_list_qr_bg.wasm'));

/** The glue, found at PKG whatever web.js names it; it looks for the wasm in pkg/, beside the bundle. */
const GLUE_WASM_URL = "new URL('uri_list_bg.wasm', import.meta.url)";
const glue = {
  name: 'glue',
  setup(build) {
    build.onResolve({ filter: /^\.\/pkg\/uri_list\.js$/ }, () => ({ path: resolve(pkg, 'uri_list.js') }));
    build.onLoad({ filter: /[\\/]uri_list\.js$/ }, ({ path }) => {
      const text = readFileSync(path, 'utf8');
      if (text.split(GLUE_WASM_URL).length !== 2) fail(`${path}: expected ${GLUE_WASM_URL} once (wasm-bindgen changed?)`);
      return { contents: text.replace(GLUE_WASM_URL, "new URL('pkg/uri_list_bg.wasm', import.meta.url)"), loader: 'js' };
    });
  },
};
/**
 * The page's words, `{en: {...}, de: {...}}`: of each language of the extension's _locales, the
 * messages the page can show (each message name written in web/web.js and in the modules of the
 * extension it draws with; and, but in English, the core's messages, src/message/mod.rs, which it
 * shows for an item or a link), without the notes for translators. Each language is a file of its
 * own, DIST/web/words/LANG.json, and the page fetches only the one it shows (web/boot.js), from
 * the page's first bytes, beside the reader's start and the wasm's compilation
 * (benches/phone.mjs: both languages bundled into web.js were half its bytes).
 */
function words() {
  // The names written in the page's script, in the list view that draws its rows and in the
  // shared module it shows QR codes with.
  const source = ['web/web.js', 'extension/pages/list-view.js', 'extension/pages/qr-view.js'].map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  const declared = readFileSync(join(ROOT, 'src', 'message', 'mod.rs'), 'utf8').split(/^messages! \{$/m)[1]?.split(/^\}$/m)[0] ?? '';
  const coreCodes = [...declared.matchAll(/^\s*(\w+): "/gm)].map((m) => m[1]);
  if (coreCodes.length === 0) fail('src/message/mod.rs: no messages! { … } declarations found');
  const named = new Set([...source.matchAll(/'([A-Za-z][A-Za-z0-9_]*)'/g)].map((m) => m[1]));
  const all = {};
  for (const language of readdirSync(join(ROOT, 'extension', '_locales')).sort()) {
    const file = join('extension', '_locales', language, 'messages.json');
    let messages;
    try {
      messages = packedMessages(JSON.parse(readFileSync(join(ROOT, file), 'utf8')));
    } catch (error) {
      fail(`${file}: ${error.message}`);
    }
    const kept = {};
    for (const [name, { message }] of Object.entries(messages)) {
      // The core's messages in English are the text each of them carries already (`message`,
      // which the page shows where its words have no entry: web.js `localized`), the same text
      // as _locales/en's (tests/messages.rs): en.json leaves them out (4.6 → 2.0 KB gzip).
      if (!named.has(name) && (language === 'en' || !coreCodes.includes(name))) continue;
      kept[name] = message;
    }
    all[language] = kept;
  }
  return all;
}
/**
 * Where a person without the extension gets it, for the page's "Get the extension" (the module
 * `distribution`): `URI_LIST_CHROME_URL` and `URI_LIST_FIREFOX_URL` (a store's page, once listed),
 * else, built for a GitHub repository (`GITHUB_REPOSITORY`), its latest release's page, which has
 * both packages. With neither, none: the page offers nothing (a developer's own build).
 */
function getExtension() {
  const repository = (process.env.GITHUB_REPOSITORY ?? '').trim();
  const server = (process.env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/$/, '');
  const releases = /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository) ? `${server}/${repository}/releases/latest` : '';
  const address = (name) => {
    const value = (process.env[name] ?? '').trim() || releases;
    if (value && !/^https:\/\/[^\s]+$/.test(value)) fail(`${name}=${JSON.stringify(value)} is not an https: address`);
    return value;
  };
  return { chrome: address('URI_LIST_CHROME_URL'), firefox: address('URI_LIST_FIREFOX_URL') };
}
const distributionModule = {
  name: 'distribution',
  setup(build) {
    build.onResolve({ filter: /^distribution$/ }, () => ({ path: 'distribution', namespace: 'distribution' }));
    build.onLoad({ filter: /.*/, namespace: 'distribution' }, () => ({ contents: JSON.stringify(getExtension()), loader: 'json' }));
  },
};
const WORDS = words();
mkdirSync(join(out, 'words'), { recursive: true });
for (const [language, messages] of Object.entries(WORDS)) writeFileSync(join(out, 'words', `${language}.json`), JSON.stringify(messages));
/** The module `words`: the languages the page has (web/boot.js fetches words/LANG.json of one). */
const wordsModule = {
  name: 'words',
  setup(build) {
    build.onResolve({ filter: /^words$/ }, () => ({ path: 'words', namespace: 'words' }));
    build.onLoad({ filter: /.*/, namespace: 'words' }, () => ({ contents: `export const LANGUAGES = ${JSON.stringify(Object.keys(WORDS))};`, loader: 'js' }));
  },
};
/**
 * index.html, with web/boot.js written into its head as an inline script (bundled with the
 * module `words`, minified) and that script's hash added to the CSP's script-src, which allows
 * no other inline script. Why inline: the page's first steps (its words, its wasm, its reader's
 * script) are then asked for from the page's first bytes, beside web.js, not a round trip later
 * once web.js has come and run (benches/README.md, "The web page on a phone"). The generator
 * meta names the release (Cargo.toml's version, .ci/version.mjs): the page and the extension of
 * one release are published together, and a person reporting a problem can name it. The file's
 * comments, written for its readers here, and its lines' indents are left out: on a phone's
 * network every byte is felt (a quarter of the HTML's gzip bytes).
 */
async function indexHtml() {
  let text = readFileSync(join(ROOT, 'web', 'index.html'), 'utf8');
  const expect = (what) => text.split(what).length === 2 || fail(`web/index.html: expected ${what} once`);
  const charset = '<meta charset="utf-8">';
  const bootTag = '<script src="boot.js"></script>';
  const scriptSrc = "script-src 'self' 'wasm-unsafe-eval';";
  for (const what of [charset, bootTag, scriptSrc]) expect(what);
  text = text.replace(/<!--[^]*?-->\n?/g, '').replace(/\n[ \t]+/g, '\n');
  if (text.includes('<!--') || text.includes('-->')) fail('web/index.html: a comment left unclosed');
  let code;
  try {
    const result = await build({
      stdin: { contents: "import { boot } from './web/boot.js';\nglobalThis.uriListBoot = boot();", resolveDir: ROOT, loader: 'js' },
      bundle: true,
      format: 'iife',
      minify: true,
      legalComments: 'none',
      write: false,
      plugins: [wordsModule],
      logLevel: 'silent',
    });
    code = result.outputFiles[0].text.trimEnd();
  } catch (error) {
    fail(`web/boot.js: ${error.message}`);
  }
  if (/<\/script|<!--/i.test(code)) fail('web/boot.js: its minified code would end the inline <script> early');
  const hash = createHash('sha256').update(code, 'utf8').digest('base64');
  text = text.replace(charset, `${charset}\n<meta name="generator" content="uri-list ${projectVersion()}">`);
  text = text.replace(scriptSrc, `script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
  return text.replace(bootTag, () => `<script>${code}</script>`);
}
writeFileSync(join(out, 'index.html'), await indexHtml());
// The page's script, and its reader (web/worker.js, a module worker that web.js starts): the
// reader holds the glue and makes every call to the wasm, off the page's main thread.
/**
 * The QR code's glue (`../pkg/uri_list_qr.js`, which pages/qr-code.js imports, which pages/qr-view.js
 * imports dynamically): found at PKG, and split by esbuild with qr-code.js into a chunk of their
 * own (chunks/), fetched only when a person asks for a code, never on the page's first load.
 */
const qrGlue = {
  name: 'qr-glue',
  setup(build) {
    build.onResolve({ filter: /[\\/]pkg[\\/]uri_list_qr\.js$/ }, () => ({ path: resolve(pkg, 'uri_list_qr.js') }));
  },
};
for (const [name, plugins] of [['web.js', [wordsModule, distributionModule, qrGlue]], ['worker.js', [glue]]]) {
  try {
    await build({
      entryPoints: [join(ROOT, 'web', name)],
      outdir: out,
      entryNames: '[name]',
      // Dynamic imports (the QR code's glue) as chunks of their own.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      format: 'esm',
      minify: true,
      legalComments: 'none',
      plugins,
      logLevel: 'silent',
    });
  } catch (error) {
    fail(`web/${name}: ${error.message}`);
  }
}
cpSync(join(ROOT, 'extension', 'icons', 'icon.svg'), join(out, 'icon.svg'));
// One stylesheet: the pages' shared styles (pages/page.css: colours, type, controls) and the preview
// page's, which web.css imports and builds on: one look for a list, with or without the extension.
try {
  await build({ entryPoints: [join(ROOT, 'web', 'web.css')], outfile: join(out, 'web.css'), bundle: true, minify: true, legalComments: 'none', logLevel: 'silent' });
} catch (error) {
  fail(`web/web.css: ${error.message}`);
}
if (!existsSync(join(out, 'index.html'))) fail('web/index.html is missing');
console.log(`web: ${out}`);
