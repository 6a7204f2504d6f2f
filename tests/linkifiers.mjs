// Web links in chat apps: the web links the project writes (the built wasm's `encode` with `web`,
// as the extension's "Copy as web link" and the CLI make them), put in the sentences people write
// around a link, run through the linkifiers that real chat, mail and forge apps use. Each must
// find the whole link: what it finds must read back (linkInWebLink, decode) as the same pages and
// the same title. A linkifier trims a trailing `.`, `!`, `?`, `,`, `:` or an unbalanced `)` from
// what it finds, so the encoder writes titles and options with only letters, digits and `-_~`
// unencoded (src/syntax/percent.rs, is_option_char). Run by `./build.sh test` after the build:
//
//   node tests/linkifiers.mjs [DIST]        (default: dist; needs DIST/pkg)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LinkifyIt } from 'linkify-it';
import * as linkifyjs from 'linkifyjs';
import { Autolinker } from 'autolinker';
import twitterText from 'twitter-text';
import anchormeModule from 'anchorme';
import { micromark } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = join(process.argv[2] ?? join(root, 'dist'), 'pkg');
if (!existsSync(join(pkg, 'uri_list_bg.wasm'))) {
  console.error(`tests/linkifiers.mjs: no ${join(pkg, 'uri_list_bg.wasm')}: run ./build.sh first`);
  process.exit(1);
}
const core = await import(join(pkg, 'uri_list.js'));
core.initSync({ module: readFileSync(join(pkg, 'uri_list_bg.wasm')) });

// Two of them are CommonJS modules whose ES export is under `default`.
const twitter = twitterText.default ?? twitterText;
const anchorme = anchormeModule.default ?? anchormeModule;

/** Each linkifier as an app uses it: the addresses (hrefs) it makes of a text. */
const unescapeHtml = (s) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const LINKIFIERS = {
  'linkify-it': (text) => (new LinkifyIt().match(text) ?? []).map((m) => m.url),
  linkifyjs: (text) => linkifyjs.find(text, 'url').map((m) => m.href),
  autolinker: (text) => Autolinker.parse(text, { urls: true, email: false, phone: false, mention: false, hashtag: false }).map((m) => m.getUrl()),
  'twitter-text': (text) => twitter.extractUrls(text),
  anchorme: (text) => anchorme.list(text).filter((m) => m.isURL).map((m) => m.string),
  'GitHub autolink literals (micromark)': (text) =>
    [...micromark(text, { extensions: [gfmAutolinkLiteral()], htmlExtensions: [gfmAutolinkLiteralHtml()] }).matchAll(/href="([^"]*)"/g)].map((m) =>
      unescapeHtml(m[1]),
    ),
};

// Titles people give lists: ending in `.`, `!`, `?`, holding `(`, `)`, `,`, `:`, quotes, `&`,
// `#`, `;`, `=`, `+`, `%`, non-Latin letters and emoji.
const TITLES = [
  'Reading list',
  'Trip to Lisbon.',
  'Read these!',
  'Which one?',
  'Reading list (May)',
  'Notes (draft',
  'Shops, cafés, parks',
  'Plan: day 1',
  'Q&A #3; part=2 + 50% off',
  '"Best of" 2026...',
  "Tom's picks :)",
  'Straße ✓ 東京 😀',
  'Tom ~ Jerry~',
  'Part 2 -',
  'snake_case_',
  'a.b',
  ':',
  '...',
];
const LISTS = [
  ['https://example.com/', 'https://example.org/docs/page'],
  ['https://en.wikipedia.org/wiki/Lisbon', 'https://www.rfc-editor.org/rfc/rfc2483.html', 'https://example.net/search?q=tram+28&lang=en'],
];
const BASE = 'https://acme.github.io/lists/';

// How people write a link in a message.
const SENTENCES = [
  (l) => l,
  (l) => `Here is the list: ${l}`,
  (l) => `${l}.`,
  (l) => `Have a look at ${l}!`,
  (l) => `Did you see ${l}?`,
  (l) => `(see ${l})`,
  (l) => `Links: ${l}, and more tomorrow`,
  (l) => `"${l}"`,
  (l) => `<${l}>`,
  (l) => `${l}:\nthat's all`,
  (l) => `→ ${l} …`,
];

// What a linkifier does to any link, which no way of writing ours can change: such a pair is not
// counted, as long as the linkifier still does it to a plain address (checked below, so that
// the exception goes when the linkifier mends it).
const LIMITS = [
  {
    linkifier: 'linkify-it',
    sentence: (l) => `${l}:\nthat's all`,
    why: 'takes a colon right after a link into it',
    plain: () => new LinkifyIt().match('see https://example.com/page: ok')?.[0]?.url === 'https://example.com/page:',
  },
];
for (const limit of LIMITS) {
  if (!limit.plain()) {
    console.error(`not ok - ${limit.linkifier} no longer ${limit.why}: remove this exception from tests/linkifiers.mjs`);
    process.exit(1);
  }
}
const limited = (name, sentence) => LIMITS.some((limit) => limit.linkifier === name && String(limit.sentence) === String(sentence));

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
let checked = 0;
const failures = [];
// Each list with a title, and with the same words as its first page's title (page-titles, the
// link's last option).
// Lists with no title, whose link ends with their last page's address, ending in what a sentence
// ends with: the encoder writes that last character percent-encoded (src/syntax/list.rs,
// `to_link`), the same address for `.` (RFC 3986 §6.2.2.2), and the page reads back with it so
// (`read`); a closing bracket with its opening one is left as it is.
const ENDINGS = [
  { items: ['https://example.com/', 'https://en.wikipedia.org/wiki/Washington,_D.C.'], read: 'https://en.wikipedia.org/wiki/Washington,_D.C%2E' },
  { items: ['https://example.com/', 'https://en.wikipedia.org/wiki/Mercury_(planet)'], read: 'https://en.wikipedia.org/wiki/Mercury_(planet)' },
  { items: ['https://example.com/', 'https://example.org/see)'], read: 'https://example.org/see%29' },
  { items: ['https://example.com/', 'https://example.org/wow!'], read: 'https://example.org/wow%21' },
  { items: ['https://example.com/', 'https://example.org/a,b,'], read: 'https://example.org/a,b%2C' },
  { items: ['https://example.com/', "https://example.org/it's'"], read: "https://example.org/it's%27" },
];
const FORMS = [
  ...LISTS.flatMap((items) =>
    TITLES.flatMap((title) => [
      { items, title },
      { items, title: 'Pages', pageTitles: [title, null, title].slice(0, items.length) },
    ]),
  ),
  ...ENDINGS.map(({ items, read }) => ({ items, title: null, read: [...items.slice(0, -1), read] })),
];
for (const { items, title, pageTitles, read: readItems } of FORMS) {
  {
    const link = core.encode({ items, ...(title === null ? {} : { title }), pageTitles });
    const web = core.encode({ items, ...(title === null ? {} : { title }), pageTitles, web: BASE });
    // The web link reads back as what was given (the round trip the linkifiers must keep).
    const expected = { items: readItems ?? items, title, pageTitles: pageTitles && items.map((_, i) => pageTitles[i] ?? null) };
    const readBack = (found) => {
      const inner = core.linkInWebLink(found);
      if (!inner) return null;
      const list = core.decode(inner, {});
      return { items: list.items, title: list.title, pageTitles: list.pageTitles };
    };
    const own = readBack(web);
    if (!same(own, expected)) {
      failures.push(`the web link itself does not read back: ${web}\n    read:     ${JSON.stringify(own)}\n    expected: ${JSON.stringify(expected)}`);
      continue;
    }
    for (const sentence of SENTENCES) {
      const text = sentence(web);
      for (const [name, linkify] of Object.entries(LINKIFIERS)) {
        if (limited(name, sentence)) continue;
        checked += 1;
        const found = linkify(text).filter((href) => href.startsWith(BASE));
        const read = found.map(readBack);
        if (found.length !== 1 || !same(read[0], expected)) {
          failures.push(`${name}, ${JSON.stringify(pageTitles ? { pageTitles } : { title })} (link ${link}), in ${JSON.stringify(text)}:\n    found: ${JSON.stringify(found)}`);
        }
      }
    }
  }
}
for (const failure of failures) console.error(`not ok - ${failure}`);
console.log(`linkifiers: ${checked - failures.length} of ${checked} (link, sentence, linkifier) found whole, ${failures.length} cut or missed`);
process.exit(failures.length ? 1 : 0);
