// The third-party notices of what the built extension and the web page carry:
//
//   node .ci/notices.mjs OUT_FILE...
//
// The packed extension and the web page carry the wasm, compiled from the core and the crates it
// links for wasm32, and the JavaScript glue wasm-bindgen writes. Their licences ask that their
// copyright notices and permission notices travel with them. This writes one text file that names
// each such crate (the normal dependencies of the boundary's crate, `uri-list-wasm` (the core with it), and of the QR code's crate,
// `uri-list-qr`, for wasm32, proc-macros left out: they run at compile time and are not carried), the licence it is used under, its copyright
// lines, and each licence's text once. Crates offered under "MIT OR Apache-2.0" (or
// "Unlicense OR MIT") are used under MIT, the shortest text that covers them.
//
// Written here rather than with cargo-about: installing that tool compiles for minutes on every
// fresh machine, and the rule needed is small. A crate whose licence offers no licence this script
// knows, or whose licence file is missing, stops the build with its name.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET = 'wasm32-unknown-unknown';

/** The licences a carried crate may be used under, in order of preference, and the file that holds each. */
const CHOSEN = [
  { id: 'MIT', files: ['LICENSE-MIT', 'LICENSE-MIT.md', 'LICENSE', 'LICENSE.md', 'LICENSE.txt', 'COPYING'] },
  { id: 'Apache-2.0', files: ['LICENSE-APACHE', 'LICENSE-APACHE.md', 'LICENSE', 'LICENSE.txt'] },
  // ICU4X's crates (icu_properties and what it links: Unicode's Default_Ignorable_Code_Point for the
  // core's check of page titles). The Unicode License v3 asks, as MIT does, that its copyright and
  // permission notice go with the copies.
  { id: 'Unicode-3.0', files: ['LICENSE'] },
];

const outputs = process.argv.slice(2);
if (outputs.length === 0) {
  console.error('usage: node .ci/notices.mjs OUT_FILE...');
  process.exit(2);
}

const cargo = (...args) => execFileSync('cargo', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });

/** name@version of every crate compiled into the wasm. */
const carried = new Set(
  cargo('tree', '--quiet', '-p', 'uri-list-wasm', '-p', 'uri-list-qr', '-e', 'normal,no-proc-macro', '--target', TARGET, '--prefix', 'none', '--format', '{p}')
    .split('\n')
    .map((line) => /^(\S+) v(\S+)/.exec(line))
    .filter(Boolean)
    .map(([, name, version]) => `${name}@${version}`),
);
const metadata = JSON.parse(cargo('metadata', '--quiet', '--format-version', '1', '--filter-platform', TARGET));
const packages = metadata.packages
  .filter((p) => carried.has(`${p.name}@${p.version}`) && p.source !== null) // the crate itself is ours
  .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));

/** The licence this crate is used under, from its SPDX expression (`MIT/Apache-2.0` is the old spelling of OR). */
function chosenLicence(pkg) {
  const offered = (pkg.license ?? '').replace(/[()]/g, ' ').split(/\s+OR\s+|\//).map((s) => s.trim());
  for (const choice of CHOSEN) if (offered.includes(choice.id)) return choice;
  throw new Error(`${pkg.name} ${pkg.version}: its licence "${pkg.license}" offers none of ${CHOSEN.map((c) => c.id).join(', ')}; add it to .ci/notices.mjs after reading what it asks`);
}

/** The copyright lines of a licence text (MIT files often carry them), else the crate's authors. */
function copyrightOf(pkg, text) {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => /^copyright\b/i.test(l) && !/^copyright (and permission )?(notice|license)/i.test(l) && !/\[yyyy\]|\{yyyy\}/i.test(l));
  if (lines.length) return lines;
  return [`Copyright the ${pkg.name} authors${pkg.authors.length ? ` (${pkg.authors.map((a) => a.replace(/\s*<[^>]*>/, '')).join(', ')})` : ''}`];
}

/** The licence's permission text, without the copyright lines above it (those are listed per crate). */
const permissionOf = (text) =>
  text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((l) => !/^\s*copyright\b/i.test(l) || /^\s*copyright (and permission )?(notice|license)/i.test(l))
    .join('\n')
    .replace(/^\s*(MIT License|The MIT License \(MIT\))\s*\n/i, '')
    .trim();

/**
 * Crates that ship no licence file but state their licence, notice and all, in the comment that
 * opens a source file: the file, whose comment is read as the licence text.
 */
const LICENCE_IN_SOURCE = { qrcodegen: 'src/lib.rs' };

/** The opening comment of a source file (` * `-prefixed lines), as plain text. */
const openingComment = (text) =>
  (/^\s*\/\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').replace(/^- /, ''))
    .join('\n');

const texts = new Map(); // licence id -> its text
const entries = packages.map((pkg) => {
  const choice = chosenLicence(pkg);
  const dir = dirname(pkg.manifest_path);
  const names = readdirSync(dir);
  const file = choice.files.find((f) => names.includes(f)) ?? LICENCE_IN_SOURCE[pkg.name];
  if (!file) throw new Error(`${pkg.name} ${pkg.version}: no ${choice.id} licence file in ${dir} (looked for ${choice.files.join(', ')})`);
  const read = readFileSync(join(dir, file), 'utf8');
  const text = file === LICENCE_IN_SOURCE[pkg.name] ? openingComment(read) : read;
  if (!texts.has(choice.id)) texts.set(choice.id, permissionOf(text));
  return { pkg, licence: choice.id, copyright: copyrightOf(pkg, text) };
});

// The Rust standard library (core, alloc, std) is linked into the wasm too.
const rustVersion = execFileSync('rustc', ['--version'], { encoding: 'utf8' }).trim();
const notice = [
  'Third-party notices',
  '',
  'uri-list is licensed under MIT OR Apache-2.0 (LICENSE-MIT and LICENSE-APACHE in its repository).',
  'Its WebAssembly modules (pkg/uri_list_bg.wasm; pkg/uri_list_qr_bg.wasm, the QR codes) and the',
  'JavaScript glue that loads them carry code from the projects below, each used under the licence',
  'named, whose text follows the list.',
  '',
  `- The Rust standard library (core, alloc, std), ${rustVersion}: MIT`,
  '  Copyright the Rust project contributors',
  ...entries.flatMap(({ pkg, licence, copyright }) => [
    `- ${pkg.name} ${pkg.version}${pkg.repository ? ` (${pkg.repository})` : ''}: ${licence}`,
    ...copyright.map((line) => `  ${line}`),
  ]),
  ...[...texts].flatMap(([id, text]) => ['', `--- The ${id} licence ---`, '', text]),
  '',
].join('\n');

for (const out of outputs) {
  if (!existsSync(dirname(out))) throw new Error(`${dirname(out)} does not exist`);
  writeFileSync(out, notice);
}
