// Page titles are an extension of the draft (the option page-titles, src/lib.rs "Page titles"):
// a reader that knows only the draft must read exactly the same pages from a link that carries
// them. Here a plain reader of the draft's §5 algorithm, and a plain text/uri-list reader
// (RFC 2483 §5: comment lines skipped), read the links and texts the built wasm writes with
// titles, and must get the pages the project's own decoder gets, and the same as without titles.
// Run by `./build.sh test` after the build:
//
//   node tests/draft-reader.mjs [DIST]        (default: dist; needs DIST/pkg)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = join(process.argv[2] ?? join(root, 'dist'), 'pkg');
if (!existsSync(join(pkg, 'uri_list_bg.wasm'))) {
  console.error(`tests/draft-reader.mjs: no ${join(pkg, 'uri_list_bg.wasm')}: run ./build.sh first`);
  process.exit(1);
}
const core = await import(join(pkg, 'uri_list.js'));
core.initSync({ module: readFileSync(join(pkg, 'uri_list_bg.wasm')) });

/** The draft's §5, as written: the hier-part split on ";", %3B %3F %23 decoded in each item. */
function draftItems(link) {
  const hier = link.slice(link.indexOf(':') + 1).split(/[?#]/)[0];
  return hier.split(';').map((item) => item.replace(/%3B/gi, ';').replace(/%3F/gi, '?').replace(/%23/gi, '#'));
}

/** RFC 2483 §5: one URI a line, lines starting with "#" are comments. */
const textItems = (text) => text.split(/\r?\n/).filter((line) => line && !line.startsWith('#'));

const LISTS = [
  { items: ['https://a.example/hotel', 'https://b.example/', 'https://c.example/museum'], pageTitles: ['Hotel, old town.', null, 'Museum (closed Mon.)'] },
  { items: ['https://a.example/?q=1;2', 'https://b.example/#top'], pageTitles: ['Search; page=2 & more?', '#1 pick'], title: 'Mixed: a, b' },
  { items: ['https://a.example/', 'https://b.example/'], pageTitles: [null, 'Straße ✓ 東京 😀, 100% ~ ~~'] },
  { items: ['https://a.example/', 'https://b.example/', 'https://c.example/'], pageTitles: ['only the first'] },
];

let failed = 0;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const check = (what, got, want) => {
  if (!same(got, want)) {
    failed += 1;
    console.error(`not ok - ${what}\n    got:  ${JSON.stringify(got)}\n    want: ${JSON.stringify(want)}`);
  }
};
for (const list of LISTS) {
  const link = core.encode(list);
  const plain = core.encode({ ...list, pageTitles: undefined });
  if (!link.includes('page-titles=')) {
    failed += 1;
    console.error(`not ok - ${link} carries no page-titles`);
  }
  const decoded = core.decode(link, {});
  check(`the draft's reader reads ${link} as the decoder does`, draftItems(link), decoded.items);
  check(`the draft's reader reads the same pages with titles as without (${plain})`, draftItems(link), draftItems(plain));
  check(`the decoder gives back the titles of ${link}`, decoded.pageTitles, list.items.map((_, i) => list.pageTitles[i] ?? null));
  const text = core.toText(link);
  check(`a text/uri-list reader reads the text of ${link} as the decoder does`, textItems(text), decoded.items);
  // The text form reads back with the same titles.
  const back = core.fromText(text);
  check(`the text of ${link} reads back to the same link`, back, link);
}
console.log(`draft reader: ${LISTS.length} lists with page titles, ${failed} failed`);
process.exit(failed ? 1 : 0);
