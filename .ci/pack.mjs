// Assembles the two unpacked extensions from the one source manifest:
//
//   node .ci/pack.mjs PKG DIST
//
// PKG holds the wasm-bindgen output (uri_list.js, uri_list_bg.wasm, and snippets/: the JS half
// of wasm/src/lib.rs, which uri_list.js imports). For each browser, DIST/<browser>/ gets its own
// manifest.json, generated from the root manifest.json, the files under extension/, and PKG's
// wasm under pkg/. Fails if a file the manifest names is missing.
//
// Size and start-up are features (the goal is a zip of 64 KB at most; a cold service worker
// fetches and links every module it imports), so the JavaScript is packed bundled and minified
// per entry point, by esbuild:
// - each ES module entry point (the background, and every `<script type="module" src>` of an
//   HTML page) is bundled with everything it imports (extension/common/, pages/ and background/, the wasm-bindgen glue
//   pkg/uri_list.js and its snippets) into one ES module at the entry's own path. The glue finds
//   its wasm at `new URL('uri_list_bg.wasm', import.meta.url)`, which from a bundle elsewhere
//   would point beside the bundle: the bundle reads `/pkg/uri_list_bg.wasm` (the extension's
//   root) instead, the one change made to any source on the way. The entries are bundled
//   together: what several of them import goes once into shared chunks (chunks/chunk-HASH.js,
//   imported statically), which saves 7 KB of zip over a copy of the glue and common/ in each.
//   The background is bundled alone, one file that imports nothing: Firefox's event page
//   (manifest `background.scripts`) as one ES module, since Firefox fetches and links each module
//   of its graph before any runs (a cold start's first click got its message 13–14 ms sooner,
//   benches/README.md, "Cold start in Firefox"); Chrome's service worker as one classic script
//   (an IIFE, in strict mode as a module is, `import.meta.url` read as the script's
//   `self.location.href`), its manifest without the source's `"type": "module"`: a classic worker
//   starts sooner than a module one (evaluated 4–5 ms sooner, planned 7–8 ms sooner on a cold
//   click, "A classic service worker"; about 5.5 KB of zip, the chunks' code it no longer shares
//   with the pages). Firefox's event page as a classic script measured no sooner (same section);
// - the content scripts of each `content_scripts` entry of the manifest (classic scripts, which
//   share one global scope and run in the order listed) are joined in that order into one
//   classic script, `content.js` (`content-N.js` for a further entry), and the manifest lists
//   that file alone. The join is not wrapped: top-level names stay shared as they were.
// Each bundled source file is then gone from the packed folder. CSS goes through esbuild's
// minifier file by file; the _locales files keep only each message's text, with its named
// placeholders written in as the `$1`… they stand for (.ci/messages.mjs): no browser reads the
// notes for translators, and both read `$1` in a message. The readable sources are the
// repository's; docs/reviewers.md says how to rebuild every packed file.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transformSync } from 'esbuild';
import { packedMessages } from './messages.mjs';
import { projectVersion } from './version.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The core's wasm and glue, and the QR code's (qr/): pages/qr-view.js imports pages/qr-code.js, which
// imports that glue, dynamically, so that the bundler makes them a chunk of their own, loaded
// only when a person asks for a code.
const PKG_FILES = ['uri_list.js', 'uri_list_bg.wasm', 'snippets', 'uri_list_qr.js', 'uri_list_qr_bg.wasm'];
/** Where the glue looks for the wasm, and where the bundles look for it: the extension's root. */
const GLUE_WASM_URL = "new URL('uri_list_bg.wasm', import.meta.url)";
const BUNDLE_WASM_URL = "new URL('/pkg/uri_list_bg.wasm', import.meta.url)";
/**
 * `offscreen`: Chrome's service worker has no clipboard (background/clipboard.js); `scripting`:
 * Chrome leaves the pages open at an install or update without the content scripts, which the
 * background puts into them (background/content-scripts.js). Firefox does both itself.
 */
const CHROME_ONLY_PERMISSIONS = new Set(['offscreen', 'scripting']);
/**
 * `cookies`: tabs.create({cookieStoreId}); `webRequest`, `webRequestBlocking` and `search`: a
 * uri-list link typed into the address bar is stopped before Firefox sends it to the search
 * engine, and only a request to one of the browser's search engines is taken for that
 * (background/web-links.js); Chrome's MV3 has no blocking webRequest, and never searches for it.
 */
const FIREFOX_ONLY_PERMISSIONS = ['cookies', 'webRequest', 'webRequestBlocking', 'search'];
/**
 * Folders under extension/ a browser does not get: Firefox writes the clipboard from its
 * background page, and creates unloaded tabs itself (no placeholder page, background/lazy.js).
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
    manifest.permissions.push(...FIREFOX_ONLY_PERMISSIONS);
    return manifest;
  },
};

/**
 * The default web page for web links (extension/common/distribution.js): an absolute http(s)
 * address, or nothing. `URI_LIST_WEB_BASE` when set (a distributor's own host, a custom domain:
 * the release workflow passes the repository variable WEB_BASE); else, built on GitHub (or with
 * `GITHUB_REPOSITORY=owner/repo` set by hand), the GitHub Pages address where the same workflows
 * publish dist/web: https://OWNER.github.io/REPO/. With neither, nothing: a developer's own build,
 * whose popup offers to set one up.
 */
export function defaultWebBase(env = process.env) {
  const base = (env.URI_LIST_WEB_BASE ?? '').trim();
  if (base === '') return pagesAddress(env.GITHUB_REPOSITORY ?? '');
  let url = null;
  try {
    url = new URL(base);
  } catch {
    // not an address: said below
  }
  if (!url || !/^https?:$/.test(url.protocol) || !/^https?:\/\/[^\s]+$/i.test(base) || url.hostname === '') {
    fail(`URI_LIST_WEB_BASE=${JSON.stringify(base)} is not an absolute http: or https: address (such as https://example.org/lists/)`);
  }
  return base.split('#')[0];
}

/**
 * The GitHub Pages address of the repository `owner/repo` (GITHUB_REPOSITORY), or '' for none:
 * a project site at https://owner.github.io/repo/, or for the repository named owner.github.io
 * the user site https://owner.github.io/. Owners are case-insensitive host labels: lowercased.
 */
function pagesAddress(repository) {
  const value = repository.trim();
  if (value === '') return '';
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(value);
  if (!match) fail(`GITHUB_REPOSITORY=${JSON.stringify(value)} is not OWNER/REPO (such as acme/lists)`);
  const owner = match[1].toLowerCase();
  const repo = match[2];
  return repo.toLowerCase() === `${owner}.github.io` ? `https://${owner}.github.io/` : `https://${owner}.github.io/${repo}/`;
}

/** The packed form of a file, by its extension; a file not named here is copied as it is. */
const MINIFY = {
  '.css': (text) => transformSync(text, { loader: 'css', minify: true, legalComments: 'none' }).code,
  '.json': (text, file) => (file.endsWith('messages.json') ? packedLocale(text) : text),
};

/** A messages.json as a browser reads it: each message's text, its placeholders written in (.ci/messages.mjs). */
function packedLocale(text) {
  return JSON.stringify(packedMessages(JSON.parse(text)));
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

/** The glue's text with its wasm found at the extension's root, whatever the bundle's folder. */
export function glueWithWasmAtRoot(path) {
  const text = readFileSync(path, 'utf8');
  if (text.split(GLUE_WASM_URL).length !== 2) fail(`${path}: expected ${GLUE_WASM_URL} once (wasm-bindgen changed?)`);
  return text.replace(GLUE_WASM_URL, BUNDLE_WASM_URL);
}

/** Where esbuild meets the glue (benches/all.mjs loads it through a plugin of its own). */
export const GLUE = /[\\/]pkg[\\/]uri_list\.js$/;

const wasmAtRoot = {
  name: 'wasm-at-root',
  setup(build) {
    build.onLoad({ filter: GLUE }, ({ path }) => ({ contents: glueWithWasmAtRoot(path), loader: 'js' }));
  },
};

/** The ES module entry points: the background and each HTML page's module scripts. */
function moduleEntries(out, manifest) {
  const entries = new Set([manifest.background?.service_worker, ...(manifest.background?.scripts ?? [])].filter(Boolean));
  for (const page of filesBelow(out).filter((file) => file.endsWith('.html'))) {
    for (const [tag] of readFileSync(page, 'utf8').matchAll(/<script\b[^>]*>/g)) {
      const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
      if (!src) continue;
      if (!/\btype="module"/.test(tag)) fail(`${page}: <script src="${src}"> is not a module: bundle it or make it one`);
      entries.add(relative(out, join(dirname(page), src)));
    }
  }
  return [...entries];
}

/**
 * One minified ES module per entry, everything it imports inside (written over the entry). With
 * `splitting` (the default), what several entries import goes once into shared chunks, which the
 * entries import statically; without it, each entry is one file (give one entry at a time).
 */
export async function bundleModules(out, entries, plugins = [wasmAtRoot], { splitting = true } = {}) {
  return bundle(out, entries, plugins, { splitting, format: 'esm' });
}

/**
 * A service worker (an ES module with everything it imports) as one classic script: an IIFE in
 * strict mode, as the module was, with `import.meta.url` (the glue's base for its wasm) read as
 * the script's own address. The manifest that names it must not say `"type": "module"`.
 */
export async function bundleBackground(out, entry, plugins = [wasmAtRoot]) {
  return bundle(out, [entry], plugins, {
    splitting: false,
    format: 'iife',
    define: { 'import.meta.url': 'self.location.href' },
  });
}

async function bundle(out, entries, plugins, { splitting, ...options }) {
  const result = await build({
    entryPoints: entries.map((entry) => join(out, entry)),
    outbase: out,
    outdir: out,
    bundle: true,
    ...options,
    // What several entries import (the glue, common/) goes once into shared chunks, which the
    // entries import statically.
    splitting,
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    legalComments: 'none',
    plugins,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // A warning is a bundle that may not run as written (an `import.meta` left empty, say), but for
  // the glue's import object, which wasm-bindgen writes with one key per import of a snippet.
  const warnings = result.warnings.filter(({ id, location }) => !(id === 'duplicate-object-key' && GLUE.test(location?.file ?? '')));
  if (warnings.length) throw new Error(warnings.map(({ text, location }) => `${location?.file ?? ''}:${location?.line ?? ''}: ${text}`).join('; '));
  if (!splitting) {
    for (const [file, { imports }] of Object.entries(result.metafile.outputs)) {
      if (imports.length) fail(`${file} imports ${imports.map(({ path }) => path).join(', ')}: it was to be one file`);
    }
  }
  return result.outputFiles.map(({ path, text }) => [relative(out, path), text]);
}

/** Each content_scripts entry's scripts joined in order into one classic script; the manifest names it. */
function bundleContentScripts(out, manifest) {
  return (manifest.content_scripts ?? []).map((script, index) => {
    const name = index === 0 ? 'content.js' : `content-${index}.js`;
    const joined = (script.js ?? []).map((file) => readFileSync(join(out, file), 'utf8')).join('\n;\n');
    script.js = [name];
    return [name, transformSync(joined, { loader: 'js', minify: true, legalComments: 'none' }).code];
  });
}

/** Replaces every JavaScript file of the folder with the bundles; removes the folders left empty. */
async function packJavaScript(out, manifest) {
  let bundles;
  try {
    const entries = moduleEntries(out, manifest);
    // The background alone (Chrome's worker a classic script, Firefox's event page a module); the pages together.
    const worker = manifest.background?.service_worker;
    const eventPage = manifest.background?.scripts ?? [];
    const together = entries.filter((entry) => entry !== worker && !eventPage.includes(entry));
    const single = await Promise.all([
      ...(worker ? [bundleBackground(out, worker)] : []),
      ...eventPage.map((entry) => bundleModules(out, [entry], [wasmAtRoot], { splitting: false })),
    ]);
    bundles = [...single.flat(), ...(together.length ? await bundleModules(out, together) : []), ...bundleContentScripts(out, manifest)];
    if (worker) delete manifest.background.type;
  } catch (error) {
    fail(`${out}: ${error.message}`);
  }
  for (const file of filesBelow(out)) if (file.endsWith('.js')) rmSync(file);
  for (const [file, text] of bundles) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), text);
  }
  removeEmptyFolders(out);
}

function removeEmptyFolders(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      removeEmptyFolders(path);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    }
  }
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

/**
 * Each call extension/common/core.js takes from the wasm package is one the package exports. The
 * extension's wasm exports only what it calls (build.sh, dist/pkg-ext), and `tsc` checks the
 * extension against the whole API's declarations (dist/pkg), so a name only the whole API has
 * would pass `tsc` and be `undefined` in the packed extension: this fails the build instead.
 */
function checkCoreNames(pkg) {
  const core = readFileSync(join(ROOT, 'extension', 'common', 'core.js'), 'utf8');
  const taken = core.match(/export const \{([^}]*)\} = core;/);
  if (!taken) fail('extension/common/core.js: expected one `export const { ... } = core;` (the calls it takes from the wasm)');
  const glue = readFileSync(join(pkg, 'uri_list.js'), 'utf8');
  const exported = new Set([...glue.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]));
  const missing = taken[1].split(',').map((name) => name.trim()).filter((name) => name && !exported.has(name));
  if (missing.length) fail(`extension/common/core.js takes ${missing.join(', ')} from ${join(pkg, 'uri_list.js')}, which does not export ${missing.length > 1 ? 'them' : 'it'}: add ${missing.length > 1 ? 'them' : 'it'} to wasm/Cargo.toml's feature extension (wasm/src/lib.rs)`);
}

/** Packs both browsers' folders (the command line's work). */
async function main(pkg, dist) {
  if (!pkg || !dist) fail('usage: node .ci/pack.mjs PKG DIST');
  for (const file of PKG_FILES) if (!existsSync(join(pkg, file))) fail(`${join(pkg, file)} is missing: run wasm-bindgen first`);
  checkCoreNames(pkg);
  const source = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));
  const webBase = defaultWebBase();

  for (const [browser, adapt] of Object.entries(BROWSERS)) {
    const out = join(dist, browser);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(join(out, 'pkg'), { recursive: true });
    cpSync(join(ROOT, 'extension'), out, { recursive: true });
    for (const file of PKG_FILES) cpSync(join(pkg, file), join(out, 'pkg', file), { recursive: true });
    for (const folder of FOLDERS_LEFT_OUT[browser]) rmSync(join(out, folder), { recursive: true, force: true });
    for (const file of FILES_LEFT_OUT) rmSync(join(out, file));
    // The version is Cargo.toml's (.ci/version.mjs): the source manifest has none of its own.
    const manifest = { ...adapt(source), version: projectVersion() };
    // A Firefox release signed as unlisted (AMO_CHANNEL=unlisted, .ci/publish/firefox.sh) updates
    // itself from updates.json on the web page's site, published with the page.
    if (browser === 'firefox' && process.env.AMO_CHANNEL === 'unlisted') {
      if (!webBase) fail('AMO_CHANNEL=unlisted needs a web page address (GITHUB_REPOSITORY or URI_LIST_WEB_BASE): updates.json is published there');
      manifest.browser_specific_settings.gecko.update_url = new URL('updates.json', webBase).href;
    }
    // A distributor's default web page, before bundling: the bundles import it.
    if (webBase) {
      writeFileSync(join(out, 'common', 'distribution.js'), `export const DEFAULT_WEB_BASE = ${JSON.stringify(webBase)};\n`);
      const script = join(out, 'content', 'web-page.js');
      const text = readFileSync(script, 'utf8');
      const line = "const DEFAULT_WEB_BASE = '';";
      if (text.split(line).length !== 2) fail(`extension/content/web-page.js: expected ${line} once`);
      writeFileSync(script, text.replace(line, `const DEFAULT_WEB_BASE = ${JSON.stringify(webBase)};`));
    }
    await packJavaScript(out, manifest);
    writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    minifyBelow(out);
    const missing = referencedFiles(manifest).filter((file) => !existsSync(join(out, file)));
    if (missing.length) fail(`${browser}: the manifest names files that are not in extension/: ${missing.join(', ')}`);
    console.log(`pack: ${out}`);
  }
}

// Run as a program (not imported by benches/all.mjs, which uses bundleModules).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(...process.argv.slice(2));
