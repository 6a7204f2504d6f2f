// Assembles the two unpacked extensions from the one source manifest:
//
//   node .ci/pack.mjs PKG DIST
//
// PKG holds the wasm-bindgen output (uri_list.js, uri_list_bg.wasm, and snippets/: the JS half
// of src/js/wasm.rs, which uri_list.js imports). For each browser, DIST/<browser>/ gets its own
// manifest.json, generated from the root manifest.json, the files under extension/, and PKG's
// files under pkg/. Fails if a file the manifest names is missing.
//
// Size is a feature (the goal is a zip of 64 KB at most), so every file is packed in its smallest
// equivalent form, one file at a time (no bundling: each packed file is its source file, minified):
// JavaScript and CSS through esbuild's minifier, which drops comments and white space and shortens
// local names; the _locales files without the notes for translators (`description`, and each
// placeholder's `example`), which no browser reads. The readable sources are the repository's.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PKG_FILES = ['uri_list.js', 'uri_list_bg.wasm', 'snippets'];
const CHROME_ONLY_PERMISSIONS = new Set(['offscreen']);
const FIREFOX_ONLY_PERMISSIONS = ['cookies'];
/**
 * Folders under extension/ a browser does not get: Firefox writes the clipboard from its
 * background page, and creates unloaded tabs itself (no placeholder page, lib/lazy.js).
 */
const FOLDERS_LEFT_OUT = { chrome: [], firefox: ['offscreen', 'lazy'] };
/** Files under extension/ no browser gets: the drawing the PNG icons are made from (.ci/icons.mjs). */
const FILES_LEFT_OUT = ['icons/icon.svg'];

/** Each browser's manifest, from the source manifest (which is not changed). */
const BROWSERS = {
  /** Chrome: an MV3 service worker; no Firefox settings (Chrome has no extension protocol handlers). */
  chrome(source) {
    const manifest = structuredClone(source);
    delete manifest.background.scripts;
    delete manifest.browser_specific_settings;
    delete manifest.protocol_handlers;
    return manifest;
  },
  /** Firefox: a background script (Firefox has no extension service workers); no Chrome-only keys. */
  firefox(source) {
    const manifest = structuredClone(source);
    delete manifest.background.service_worker;
    delete manifest.minimum_chrome_version;
    manifest.permissions = manifest.permissions.filter((permission) => !CHROME_ONLY_PERMISSIONS.has(permission));
    // tabs.create({cookieStoreId}) (new tabs in the container of the link's tab) needs it.
    manifest.permissions.push(...FIREFOX_ONLY_PERMISSIONS);
    return manifest;
  },
};

/** The packed form of a file, by its extension; a file not named here is copied as it is. */
const MINIFY = {
  '.js': (text) => transformSync(text, { loader: 'js', minify: true, legalComments: 'none' }).code,
  '.css': (text) => transformSync(text, { loader: 'css', minify: true, legalComments: 'none' }).code,
  '.json': (text, file) => (file.endsWith('messages.json') ? withoutTranslatorNotes(text) : text),
};

/** A messages.json without what only translators read: the same messages, placeholders and all. */
function withoutTranslatorNotes(text) {
  const messages = JSON.parse(text);
  for (const message of Object.values(messages)) {
    delete message.description;
    for (const placeholder of Object.values(message.placeholders ?? {})) delete placeholder.example;
  }
  return JSON.stringify(messages);
}

/** Every file below a folder. */
function filesBelow(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** Rewrites every file below a folder in its packed form. */
function minifyBelow(dir) {
  for (const file of filesBelow(dir)) {
    const minify = MINIFY[extname(file)];
    if (!minify) continue;
    try {
      writeFileSync(file, minify(readFileSync(file, 'utf8'), file));
    } catch (error) {
      fail(`${file}: ${error.message}`);
    }
  }
}

function fail(message) {
  console.error(`pack: ${message}`);
  process.exit(1);
}

/** Every file a manifest refers to, relative to the extension's folder. */
function referencedFiles(manifest) {
  return [
    ...Object.values(manifest.icons ?? {}),
    manifest.background?.service_worker,
    ...(manifest.background?.scripts ?? []),
    ...(manifest.content_scripts ?? []).flatMap((script) => [...(script.js ?? []), ...(script.css ?? [])]),
    manifest.default_locale && `_locales/${manifest.default_locale}/messages.json`,
    manifest.action?.default_popup,
    manifest.options_ui?.page,
    ...Object.values(manifest.action?.default_icon ?? {}),
  ].filter(Boolean);
}

const [pkg, dist] = process.argv.slice(2);
if (!pkg || !dist) fail('usage: node .ci/pack.mjs PKG DIST');
for (const file of PKG_FILES) if (!existsSync(join(pkg, file))) fail(`${join(pkg, file)} is missing: run wasm-bindgen first`);
const source = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));

for (const [browser, adapt] of Object.entries(BROWSERS)) {
  const out = join(dist, browser);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'pkg'), { recursive: true });
  cpSync(join(ROOT, 'extension'), out, { recursive: true });
  for (const file of PKG_FILES) cpSync(join(pkg, file), join(out, 'pkg', file), { recursive: true });
  for (const folder of FOLDERS_LEFT_OUT[browser]) rmSync(join(out, folder), { recursive: true, force: true });
  for (const file of FILES_LEFT_OUT) rmSync(join(out, file));
  const manifest = adapt(source);
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  minifyBelow(out);
  const missing = referencedFiles(manifest).filter((file) => !existsSync(join(out, file)));
  if (missing.length) fail(`${browser}: the manifest names files that are not in extension/: ${missing.join(', ')}`);
  console.log(`pack: ${out}`);
}
