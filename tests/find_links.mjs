// Links in running text: the extension's findLinks (extension/content/prelude.js, which linkify
// uses) against the cases it shares with the core's find_links (tests/find_links.rs), from
// tests/find_links.json, so that the two cannot drift apart. Run by `./build.sh test`.
//
//   node tests/find_links.mjs
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';

const root = new URL('..', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

// The prelude as a content script gets it: a classic script, in a global of its own.
const world = createContext({});
runInContext(read('extension/content/prelude.js'), world, { filename: 'extension/content/prelude.js' });
const { findLinks } = world.uriList;

const { cases } = JSON.parse(read('tests/find_links.json'));
let failed = 0;
for (const { name, text, links } of cases) {
  // Each link, and where it starts, in Unicode scalar values (`start` is in UTF-16 units).
  const found = findLinks(text).map(({ start, end }) => [text.slice(start, end), [...text.slice(0, start)].length]);
  if (JSON.stringify(found) !== JSON.stringify(links)) {
    failed += 1;
    console.error(`not ok - ${name}: ${JSON.stringify(text)}\n    found:    ${JSON.stringify(found)}\n    expected: ${JSON.stringify(links)}`);
  }
}
// A link ending in many brackets that close nothing is read in linear time: each was taken off
// one at a time, the brackets of the whole link counted again for each (40 000 took 21 s, in
// a content script, on a page's text).
let slow = 0;
{
  const head = 'uri-list:https://a.example/';
  const timed = (text) => {
    const start = performance.now();
    const found = findLinks(text);
    return [performance.now() - start, found];
  };
  const [plain] = timed(head + 'a'.repeat(40_000));
  for (const close of [')', ']', '}', ').']) {
    const [brackets, found] = timed(head + close.repeat(40_000 / close.length));
    if (brackets > plain * 5 + 300 || JSON.stringify(found) !== JSON.stringify([{ start: 0, end: head.length }])) {
      slow += 1;
      console.error(`not ok - a link ending in 40 000 ${JSON.stringify(close)}: ${Math.round(brackets)} ms (${Math.round(plain)} ms without), found ${JSON.stringify(found)}`);
    }
  }
}
if (cases.length < 20) {
  console.error(`tests/find_links.json has ${cases.length} cases: fewer than expected`);
  process.exit(1);
}
console.log(`find_links: ${cases.length - failed} of ${cases.length} cases as the core finds them`);
process.exit(failed === 0 && slow === 0 ? 0 : 1);
