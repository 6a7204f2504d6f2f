// The web page's first steps, taken from its first bytes: .ci/web.mjs writes this module into
// index.html's head as an inline script (`globalThis.uriListBoot = boot()`, its hash in the
// page's Content-Security-Policy), so that the three things the page waits for before it can
// show a list (the words of the person's language, the compiled wasm, the reader: a worker whose
// script is fetched) are asked for at once, beside the page's script (web.js), and not only once
// web.js has been fetched and has run: on a phone every step of that chain cost a round trip of
// the network and a run of a throttled CPU (benches/README.md, "The web page on a phone").
// web.js takes what was started here (`globalThis.uriListBoot`), or calls `boot()` itself where the
// inline script did not run (a host that sends a stricter policy of its own).
// The languages the page has (made by .ci/web.mjs from extension/_locales: words/LANG.json each).
import { LANGUAGES } from 'words';

/** The first of the browser's languages that the page has, else English. */
export function language() {
  const wanted = (navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en']).map((l) => l.toLowerCase().split('-')[0]);
  return wanted.find((l) => LANGUAGES.includes(l)) ?? 'en';
}

/**
 * What the page starts before it runs: `{language, words, wasm, reader, unstarted, failed}`.
 * `words`: the messages of `language` (words/LANG.json beside the page). `wasm`: the page's
 * wasm, preloaded by index.html and compiled while it downloads (a host that does not say
 * application/wasm gets it compiled once downloaded). `reader`: the worker (worker.js) that makes
 * every call to the wasm, given the compiled module as soon as there is one; or null, and
 * `unstarted` says why. `failed`: the reader's error, where its script failed before web.js
 * listened. Promises are read by web.js, which reports their failures: none is left unhandled.
 */
export function boot() {
  const lang = language();
  const words = fetch(`words/${lang}.json`).then((response) => {
    if (!response.ok) throw new Error(`words/${lang}.json: HTTP ${response.status}`);
    return response.json();
  });
  const wasm = fetch('pkg/uri_list_bg.wasm').then(async (response) => {
    if (!response.ok) throw new Error(`pkg/uri_list_bg.wasm: HTTP ${response.status}`);
    const streams = response.headers.get('content-type')?.split(';')[0].trim() === 'application/wasm';
    return streams ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
  });
  // Read later by web.js: not an unhandled rejection meanwhile.
  words.catch(() => {});
  wasm.catch(() => {});
  const started = { language: lang, words, wasm, reader: null, unstarted: null, failed: null };
  try {
    const reader = new Worker('worker.js', { type: 'module' });
    reader.addEventListener('error', (event) => {
      event.preventDefault();
      started.failed ??= new Error(`the page's reader (worker.js) failed${event.message ? `: ${event.message}` : ''}`);
    });
    wasm.then((module) => reader.postMessage({ wasm: module }), () => {});
    started.reader = reader;
  } catch (error) {
    started.unstarted = error;
  }
  return started;
}
