// The browser benchmark itself, shared by the page (index.html) and the node
// runner (run.mjs): `decode` through the wasm JS API, boundary included
// (string in, JSON.parse of the result), against the plain-JS decoder.

import { urls } from './data.js';

export const SIZES = [10, 100, 1000, 10000];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The link for a list of `n` items, written by the core's own encoder. */
export function linkOf(wasm, n) {
  return wasm.encode({ items: urls(n), title: `Reading list: ${n} pages & notes` });
}

// The two decoders must agree before their times mean anything.
function sameResult(a, b, n) {
  const pick = (r) => JSON.stringify([r.items, r.title, r.type, r.options, r.fragment, r.warnings.length, r.lists ?? null]);
  if (pick(a) !== pick(b)) {
    throw new Error(`the decoders disagree on the list of ${n} items:\nwasm:  ${pick(a).slice(0, 400)}\nplain: ${pick(b).slice(0, 400)}`);
  }
}

let sink = 0;
const count = (r) => (typeof r === 'number' ? r : typeof r === 'string' ? r.length : r.items.length);

/** Mean time of one call of `f(link)` over `iters` calls, in µs. */
function timeRun(now, f, link, iters) {
  const t0 = now();
  for (let i = 0; i < iters; i++) sink += count(f(link));
  return ((now() - t0) * 1000) / iters;
}

/** Runs `f(link)` for about `ms` (warm-up) and returns the mean call time in ms. */
function warmUp(now, f, link, ms = 150) {
  const t0 = now();
  let k = 0;
  while (now() - t0 < ms) {
    sink += count(f(link));
    k++;
  }
  return (now() - t0) / k;
}

/**
 * A second of each decoder on a mid-sized list before anything is timed, so
 * that the engine has compiled the wasm with its optimising tier (V8 starts
 * with its baseline compiler and tiers up in the background, which on a busy
 * machine can take long enough to spoil the first, smallest size).
 */
function warmUpAll(now, wasm, fs) {
  const link = linkOf(wasm, 1000);
  for (const f of fs) warmUp(now, f, link, 1000);
}

/**
 * Times functions of the link side by side: after a warm-up, `runs` runs of
 * `iters` calls each (iters chosen so that one run of the slowest takes
 * about `runMs`), rotating which goes first; returns the median run of each
 * (or the fastest, with `stat: 'min'`), in µs per call.
 */
export function measure(now, fs, link, { runs = 15, runMs = 30, stat = 'median' } = {}) {
  const single = Math.max(...fs.map((f) => warmUp(now, f, link)));
  const iters = Math.max(1, Math.round(runMs / single));
  const times = fs.map(() => []);
  for (let r = 0; r < runs; r++) {
    for (let j = 0; j < fs.length; j++) {
      const k = (j + r) % fs.length;
      times[k].push(timeRun(now, fs[k], link, iters));
    }
  }
  return { iters, us: times.map(stat === 'min' ? (xs) => Math.min(...xs) : median) };
}

/**
 * Times both decoders on lists of each size (see `measure`). The wasm
 * `decode` is called as the extension calls it: link in, plain object out.
 */
export function runBench({ wasm, plain, now, sizes = SIZES, runs = 15, runMs = 30, log = () => {} }) {
  warmUpAll(now, wasm, [(s) => plain.decode(s), (s) => wasm.decode(s)]);
  const rows = [];
  for (const n of sizes) {
    const link = linkOf(wasm, n);
    sameResult(wasm.decode(link), plain.decode(link), n);
    const { iters, us } = measure(now, [(s) => plain.decode(s), (s) => wasm.decode(s)], link, { runs, runMs });
    const row = { items: n, bytes: link.length, iters, plainUs: us[0], wasmUs: us[1] };
    row.ratio = row.wasmUs / row.plainUs;
    log(row);
    rows.push(row);
  }
  return { rows, sink };
}

/**
 * Where the time of the wasm `decode` goes, with a module built from
 * benches/browser/profile (its stages: copy_in, parse_only, parse_json,
 * decode_string, and the crate's own decode; decode_utf8, the same with
 * the link encoded by TextEncoder first), plus JSON.parse and
 * TextEncoder.encodeInto on their own, and the plain-JS decoder.
 */
export function runProfile({ wasm, plain, now, sizes = SIZES, runs = 15, runMs = 30 }) {
  const enc = new TextEncoder();
  warmUpAll(now, wasm, [(s) => plain.decode(s), (s) => wasm.decode(s)]);
  const rows = [];
  for (const n of sizes) {
    const link = linkOf(wasm, n);
    const json = wasm.decode_string(link);
    const buf = new Uint8Array(link.length * 3);
    const stages = {
      encodeInto: () => enc.encodeInto(link, buf).written,
      copy_in: (s) => wasm.copy_in(s),
      parse_only: (s) => wasm.parse_only(s),
      parse_json: (s) => wasm.parse_json(s),
      decode_string: (s) => wasm.decode_string(s),
      decode: (s) => wasm.decode(s),
      decode_utf8: (s) => wasm.decode_utf8(enc.encode(s)),
      'JSON.parse': () => JSON.parse(json),
      plain: (s) => plain.decode(s),
    };
    const names = Object.keys(stages);
    // The fastest run of each stage: the stages are compared by difference,
    // and the fastest run is the one least disturbed by other processes.
    const { us } = measure(now, Object.values(stages), link, { runs, runMs, stat: 'min' });
    const t = Object.fromEntries(names.map((k, i) => [k, us[i]]));
    rows.push({ items: n, bytes: link.length, jsonBytes: json.length, t });
  }
  return rows;
}

/** The profile rows as a plain-text table: each stage's own share, in µs. */
export function profileTable(rows, label) {
  const cols = [
    ['copy in', (t) => t.copy_in],
    ['parse', (t) => t.parse_only - t.copy_in],
    ['JSON write', (t) => t.parse_json - t.parse_only],
    ['str out', (t) => t.decode_string - t.parse_json],
    ['JSON.parse', (t) => t.decode - t.decode_string],
    ['= decode', (t) => t.decode],
    ['bytes in', (t) => t.decode_utf8],
    ['plain-JS', (t) => t.plain],
    ['(encodeInto)', (t) => t.encodeInto],
    ['(JSON.parse)', (t) => t['JSON.parse']],
  ];
  const head = `${label}: µs per call, fastest of the runs (each stage by difference)\n   items ` + cols.map(([c]) => c.padStart(12)).join('');
  const lines = rows.map((r) => String(r.items).padStart(8) + ' ' + cols.map(([, f]) => f(r.t).toFixed(1).padStart(12)).join(''));
  return [head, ...lines].join('\n');
}

/** The rows as a plain-text table. */
export function table(rows, label) {
  const head = `${label}\n   items   link bytes  plain-JS µs      wasm µs  ratio (wasm/plain)`;
  const lines = rows.map((r) =>
    `${String(r.items).padStart(8)} ${String(r.bytes).padStart(12)} ${r.plainUs.toFixed(2).padStart(12)} ${r.wasmUs.toFixed(2).padStart(12)}  ${r.ratio.toFixed(2).padStart(6)}`,
  );
  return [head, ...lines].join('\n');
}
