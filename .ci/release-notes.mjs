// The release notes of one version: its section of CHANGELOG.md (Keep a Changelog form).
//
//   node .ci/release-notes.mjs VERSION [--tagged]
//
// Prints the body of `## [VERSION]`. A release made for a tag (--tagged) must have that section;
// otherwise, without one, the `## [Unreleased]` section is printed under a line saying so.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [version, flag] = process.argv.slice(2);
if (!version) {
  console.error('usage: node .ci/release-notes.mjs VERSION [--tagged]');
  process.exit(2);
}
const changelog = readFileSync(`${ROOT}CHANGELOG.md`, 'utf8');

/** The text under `## [name]` (to the next `## [` heading or the link references), or null. */
function section(name) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## [${name}]`));
  if (start < 0) return null;
  let end = lines.findIndex((line, i) => i > start && (line.startsWith('## [') || /^\[[^\]]+\]:\s/.test(line)));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join('\n').trim();
}

const notes = section(version);
if (notes) {
  console.log(notes);
} else if (flag === '--tagged') {
  console.error(`CHANGELOG.md has no section "## [${version}]": a tagged release needs its notes (move the Unreleased entries under it)`);
  process.exit(1);
} else {
  const unreleased = section('Unreleased');
  if (!unreleased) {
    console.error(`CHANGELOG.md has neither "## [${version}]" nor "## [Unreleased]"`);
    process.exit(1);
  }
  console.log(`Not a tagged release: the changes since the last release (CHANGELOG.md, Unreleased).\n\n${unreleased}`);
}
