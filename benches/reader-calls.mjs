#!/usr/bin/env node
// The web page's reader's wasm calls, timed in node: what web/worker.js runs for a list of 100
// pages (`checkAll(link, 100)`, `plan`, `toText`), on the phone bench's link (benches/phone.mjs)
// without titles, with its titles ("Page N, a title") and with titles of other shapes, for each
// build of the page's wasm named (a wasm-bindgen `--target web` folder: dist/pkg-web, or an older
// one kept aside), the builds interleaved in one process. Warm figures (the module compiled by
// node's optimising tier after the first runs), at the full speed of this machine's CPU: what the
// core's code costs, without the browser's compilation or the network.
//
//   node benches/reader-calls.mjs NAME=DIR... [--runs N]
//
// Prints, in µs, the minimum and median over the runs of the three calls together, and of
// `checkAll` alone. Results: benches/README.md, "The web page on a phone".
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
let runs = 400;
const arms = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--runs' && Number(argv[i + 1]) >= 1) runs = Number(argv[++i]);
  else if (/^[a-z0-9-]+=/i.test(argv[i])) {
    const [name, ...dir] = argv[i].split('=');
    arms.push({ name, dir: resolve(dir.join('=')) });
  } else {
    console.error(`unknown argument: ${argv[i]}\nusage: node benches/reader-calls.mjs NAME=DIR... [--runs N]`);
    process.exit(2);
  }
}
if (arms.length === 0) arms.push({ name: 'pkg-web', dir: resolve('dist/pkg-web') });
for (const arm of arms) {
  // A query of its own: each build its own module instance.
  arm.core = await import(`${pathToFileURL(`${arm.dir}/uri_list.js`)}?${arm.name}`);
  arm.core.initSync({ module: readFileSync(`${arm.dir}/uri_list_bg.wasm`) });
}

/** The titles of each case (none: the link without `page-titles`). */
const TITLES = {
  none: null,
  'Page N, a title': (i) => `Page ${i}, a title`,
  'Notes v1.N on example.org (Node.js)': (i) => `Notes v1.${i} on example.org (Node.js)`,
  'Seite N – Übersicht': (i) => `Seite ${i} – Übersicht`,
};
/** benches/phone.mjs's link of `count` pages, with `title(i)` as each page's title. */
function link(count, title) {
  const pages = Array.from({ length: count }, (_, i) => `https://example.org/notes/${i}`);
  const titles = title && Array.from({ length: count }, (_, i) => encodeURIComponent(title(i)).replaceAll('~', '%7E'));
  return `uri-list:${pages.join(';')}?title=Bench${titles ? `&page-titles=${titles.join('~')}` : ''}`;
}
const figure = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return `${Math.round(v[0] * 1000)} / ${Math.round(v[v.length >> 1] * 1000)}`;
};

console.log(`node ${process.version}, ${runs} runs; µs, min / median: the reader's three calls | checkAll alone`);
for (const [name, title] of Object.entries(TITLES)) {
  const l = link(100, title);
  const times = new Map(arms.map((arm) => [arm, { calls: [], check: [] }]));
  for (let run = 0; run < runs; run++) {
    for (const arm of run % 2 ? [...arms].reverse() : arms) {
      const start = performance.now();
      arm.core.checkAll(l, 100);
      const checked = performance.now();
      arm.core.plan(l, { limit: Number.MAX_SAFE_INTEGER });
      arm.core.toText(l);
      const end = performance.now();
      times.get(arm).calls.push(end - start);
      times.get(arm).check.push(checked - start);
    }
  }
  console.log(`100 pages, titles ${name}:`);
  for (const arm of arms) console.log(`  ${arm.name.padEnd(12)} ${figure(times.get(arm).calls).padStart(13)} | ${figure(times.get(arm).check)}`);
}
