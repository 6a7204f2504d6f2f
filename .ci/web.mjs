// Assembles the web page for people without the extension (web/) into DIST/web:
//
//   node .ci/web.mjs PKG DIST
//
// The same wasm package the extension uses (PKG: uri_list.js, uri_list_bg.wasm, snippets/) goes
// to DIST/web/pkg/, so the page reads lists exactly as the extension does; web/'s files are
// minified one by one (as .ci/pack.mjs does); the extension's _locales become
// DIST/web/_locales/<language>.json without the notes for translators; the icon, the preview
// page's stylesheet (web.css builds on it) and the pages' DOM helper (lib/dom.js) come along.
// Nothing else: the page asks nothing of any other origin (web/index.html's CSP).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PKG_FILES = ['uri_list.js', 'uri_list_bg.wasm', 'snippets'];

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
mkdirSync(join(out, '_locales'));

for (const name of readdirSync(join(ROOT, 'web'))) {
  const text = readFileSync(join(ROOT, 'web', name), 'utf8');
  const minify = MINIFY[extname(name)];
  writeFileSync(join(out, name), minify ? minify(text) : text);
}
for (const file of PKG_FILES) cpSync(join(pkg, file), join(out, 'pkg', file), { recursive: true });
for (const file of readdirSync(join(out, 'pkg', 'snippets'), { recursive: true })) {
  const path = join(out, 'pkg', 'snippets', file);
  if (extname(path) === '.js') writeFileSync(path, MINIFY['.js'](readFileSync(path, 'utf8')));
}
writeFileSync(join(out, 'pkg', 'uri_list.js'), MINIFY['.js'](readFileSync(join(out, 'pkg', 'uri_list.js'), 'utf8')));
for (const language of readdirSync(join(ROOT, 'extension', '_locales'))) {
  const messages = JSON.parse(readFileSync(join(ROOT, 'extension', '_locales', language, 'messages.json'), 'utf8'));
  for (const message of Object.values(messages)) {
    delete message.description;
    for (const placeholder of Object.values(message.placeholders ?? {})) delete placeholder.example;
  }
  writeFileSync(join(out, '_locales', `${language}.json`), JSON.stringify(messages));
}
cpSync(join(ROOT, 'extension', 'icons', 'icon.svg'), join(out, 'icon.svg'));
// The extension's page helpers, and the pages' shared styles (colours, type, controls) and the
// preview page's, which web.css builds on: one look
// for a list, with or without the extension.
writeFileSync(join(out, 'dom.js'), MINIFY['.js'](readFileSync(join(ROOT, 'extension', 'lib', 'dom.js'), 'utf8')));
writeFileSync(join(out, 'page.css'), MINIFY['.css'](readFileSync(join(ROOT, 'extension', 'lib', 'page.css'), 'utf8')));
writeFileSync(join(out, 'preview.css'), MINIFY['.css'](readFileSync(join(ROOT, 'extension', 'preview', 'preview.css'), 'utf8')));
if (!existsSync(join(out, 'index.html'))) fail('web/index.html is missing');
console.log(`web: ${out}`);
