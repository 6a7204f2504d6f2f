// The extension's translations are complete and in step (run by `./build.sh test`):
// - every locale in extension/_locales has exactly the messages of en, each with the same
//   placeholders (names and contents), and uses no placeholder it does not define;
// - German says "Sie" (no "du", "dir", "dein…");
// - every message name the extension uses (data-i18n* attributes in its pages, getMessage('…')
//   and t('…') in its scripts, __MSG_…__ in manifest.json) is in en;
// - every message of en is used: by the extension, or by the core (src/message/mod.rs, whose own
//   test, tests/messages.rs, checks the English text and the placeholders against en).
//
//   node tests/locales.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packedMessages } from '../.ci/messages.mjs';

const root = new URL('..', import.meta.url).pathname;
const locales = join(root, 'extension/_locales');
const problems = [];
const problem = (text) => problems.push(text);

const read = (file) => readFileSync(file, 'utf8');
const messagesOf = (locale) => JSON.parse(read(join(locales, locale, 'messages.json')));

/** `{NAME: content}` of a message's placeholders (names are case-insensitive in both browsers). */
function placeholders(entry) {
  return Object.fromEntries(Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toUpperCase(), p.content]));
}

/** The `$NAME$` a message uses (`$$` is a literal dollar sign; `$1` a bare substitution). */
const used = (message) => new Set([...message.replaceAll('$$', '').matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1].toUpperCase()));

function checkEntry(locale, name, entry) {
  if (typeof entry?.message !== 'string' || entry.message.trim() === '') return problem(`${locale}: ${name} has no message`);
  const defined = placeholders(entry);
  for (const p of used(entry.message)) if (!(p in defined)) problem(`${locale}: ${name} uses $${p}$, which it does not define`);
  for (const p of Object.keys(defined)) if (!used(entry.message).has(p)) problem(`${locale}: ${name} defines $${p}$ but does not use it`);
}

const en = messagesOf('en');
for (const [name, entry] of Object.entries(en)) {
  checkEntry('en', name, entry);
  if (typeof entry.description !== 'string' || entry.description === '') problem(`en: ${name} has no description for translators`);
}
/** What the browsers and stores take at most, in characters (the descriptions in en say so too). */
const LIMITS = { extName: 75, extDescription: 132 };
const others = readdirSync(locales).filter((locale) => locale !== 'en');
for (const locale of ['en', ...others]) {
  const messages = messagesOf(locale);
  for (const [name, max] of Object.entries(LIMITS)) {
    const length = [...(messages[name]?.message ?? '')].length;
    if (length > max) problem(`${locale}: ${name} is ${length} characters, more than ${max}`);
  }
}
// German addresses the person as "Sie" throughout: a message with "du" stood out beside the others.
if (others.includes('de')) {
  for (const [name, entry] of Object.entries(messagesOf('de'))) {
    const informal = String(entry?.message ?? '').match(/(?<![\p{L}$])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)(?!\p{L})/iu);
    if (informal) problem(`de: ${name} says "${informal[0]}": the extension says "Sie"`);
  }
}
for (const locale of others) {
  const messages = messagesOf(locale);
  for (const name of Object.keys(en)) if (!(name in messages)) problem(`${locale}: ${name} is missing (it is in en)`);
  for (const [name, entry] of Object.entries(messages)) {
    if (!(name in en)) {
      problem(`${locale}: ${name} is not in en`);
      continue;
    }
    checkEntry(locale, name, entry);
    const mine = JSON.stringify(placeholders(entry));
    const theirs = JSON.stringify(placeholders(en[name]));
    if (mine !== theirs) problem(`${locale}: ${name} has placeholders ${mine}, en has ${theirs}`);
  }
}

// The packed form (.ci/messages.mjs, what the zips and the web page carry) can be made of every
// locale: each placeholder's content is one substitution, and each `$NAME$` has its placeholder.
for (const locale of ['en', ...others]) {
  try {
    packedMessages(messagesOf(locale));
  } catch (error) {
    problem(`${locale}: ${error.message}`);
  }
}

// The names the extension uses, and every quoted word of its sources (to find unused messages).
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_locales' ? [] : files(path);
    return /\.(m?js|html)$/.test(name) ? [path] : [];
  });
}
// web/ (the page for people without the extension) reads the same messages.
const sources = [...files(join(root, 'extension')), ...files(join(root, 'web')), join(root, 'manifest.json')];
const named = [
  /\bgetMessage\(\s*['"`]([^'"`$]*)['"`]/g,
  /(?<![\w.])t\(\s*['"`]([^'"`$]*)['"`]/g,
  /__MSG_(\w+)__/g,
  // A context-menu item's title (background/menus.js), read when the menus are made.
  /\btitleMessage:\s*['"`]([^'"`$]*)['"`]/g,
];
const inPages = /\bdata-i18n(?:-[a-z-]+)?="([^"]*)"/g;
const quoted = new Set();
/** Names a script makes from a template (`popup${capital(key)}On`), as patterns. */
const templates = [];
for (const file of sources) {
  const text = read(file);
  for (const pattern of file.endsWith('.html') ? [inPages, ...named] : named) {
    for (const [, name] of text.matchAll(pattern)) {
      if (!(name in en)) problem(`${relative(root, file)}: message ${JSON.stringify(name)} is not in _locales/en`);
    }
  }
  for (const [, word] of text.matchAll(/['"`](\w+)['"`]/g)) quoted.add(word);
  for (const [, word] of text.matchAll(/__MSG_(\w+)__/g)) quoted.add(word);
  for (const [template] of text.matchAll(/`\w*(?:\$\{[^}`]*\}\w*)+`/g)) {
    templates.push(new RegExp(`^${template.slice(1, -1).replace(/\$\{[^}]*\}/g, '\\w+')}$`));
  }
}
// The core's codes: the declarations in `messages! { code: "English text", … }`.
const declared = read(join(root, 'src/message/mod.rs')).split(/^messages! \{$/m)[1]?.split(/^\}$/m)[0] ?? '';
const coreCodes = [...declared.matchAll(/^\s*(\w+): "/gm)].map((m) => m[1]);
if (coreCodes.length === 0) problem('src/message/mod.rs: no messages! { … } declarations found');
for (const code of coreCodes) {
  quoted.add(code);
  if (!(code in en)) problem(`_locales/en: ${code} (a message of the core) is missing`);
}
const usedSomewhere = (name) => quoted.has(name) || templates.some((pattern) => pattern.test(name));
for (const name of Object.keys(en)) if (!usedSomewhere(name)) problem(`_locales/en: ${name} is used nowhere (not by the extension, not by the core)`);

if (problems.length > 0) {
  console.error(`locales: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`locales: en and ${others.join(', ') || 'no other locale'}: ${Object.keys(en).length} messages each, in step; every name the extension uses is in en`);
