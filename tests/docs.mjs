// The documents' links lead somewhere, and the README stays short:
//
//   node tests/docs.mjs
//
// For README.md, docs/*.md and the other documents of the repository (CHANGELOG.md aside: its
// entries name things as they were), every relative link and image (`[text](path)`,
// `[text](path#anchor)`, `[text](#anchor)`) must name a file of the repository (tracked, or new
// and not ignored: a link into dist/ or target/ is dead for everyone else), and its anchor a
// heading of that Markdown file, by the ids GitHub gives headings. Links in code blocks and code
// spans are text, not links; web addresses are not fetched. README.md must be at most 12 KB: it
// is what a person who just found the project reads, and the rest belongs in docs/.
// Each dead link is printed with its file, line and what is missing; the exit status is 1 then.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README_LIMIT = 12 * 1024;

const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
  'ARCHITECTURE.md',
  'SECURITY.md',
  'benches/README.md',
  'fuzz/README.md',
].filter((file) => existsSync(join(ROOT, file)));

/** The repository's files (tracked, or untracked and not ignored) and their folders; null outside git. */
function repositoryFiles() {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  } catch {
    return null; // not a git checkout (the source archive): whatever exists counts
  }
  const files = new Set();
  for (const file of listed.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the work tree
    for (let path = file; path !== '.'; path = dirname(path)) files.add(path);
  }
  return files;
}
const FILES = repositoryFiles();
const exists = (path) => (FILES ? FILES.has(path) : existsSync(join(ROOT, path)));

/** The text of a Markdown file, line by line, with fenced code blocks blanked and code spans made `CODE`. */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line.replace(/(`+)(?!`).*?[^`]\1(?!`)|(`+)[^`]\2(?!`)/g, 'CODE');
  });
}

/**
 * GitHub's id for a heading: its text as shown (code, emphasis and link marks gone), lower case,
 * every character but letters, digits, `_`, `-` and spaces dropped, spaces made `-`; a repeated
 * id gets `-1`, `-2`, ...
 */
function headingIds(text) {
  const ids = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(id);
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const shown = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const base = shown
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

const idsOf = new Map();
const anchorsOf = (file) => {
  if (!idsOf.has(file)) idsOf.set(file, headingIds(readFileSync(join(ROOT, file), 'utf8')));
  return idsOf.get(file);
};

const problems = [];
let links = 0;
for (const file of DOCUMENTS) {
  const lines = proseLines(readFileSync(join(ROOT, file), 'utf8'));
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [, target] of line.matchAll(/!?\[(?:[^\[\]]|\\[\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // a web address, mailto:, ...
      links += 1;
      if (target === '') {
        problems.push(`${where}: a link with no target`);
        continue;
      }
      const [pathPart, anchor] = target.split('#', 2);
      const path = pathPart === '' ? file : normalize(join(dirname(file), decodeURIComponent(pathPart))).replace(/\/$/, '');
      // GitHub's pages of the repository itself, reached from the top folder (../../releases/latest).
      if (file === 'README.md' && /^\.\.\/\.\.\/(releases|issues|actions)(\/[A-Za-z0-9/_.-]*)?$/.test(target)) continue;
      if (path.startsWith('..')) {
        problems.push(`${where}: ${target} leads out of the repository`);
        continue;
      }
      if (!exists(path)) {
        problems.push(`${where}: ${target}: there is no ${path} in the repository`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!path.endsWith('.md') || statSync(join(ROOT, path)).isDirectory()) {
        problems.push(`${where}: ${target}: an anchor into ${path}, which is not a Markdown file`);
        continue;
      }
      const ids = anchorsOf(path);
      if (!ids.has(anchor)) {
        const near = [...ids].filter((id) => id.includes(anchor.split('-')[0])).slice(0, 5);
        problems.push(`${where}: ${target}: ${path} has no heading with the id #${anchor}${near.length ? ` (similar: ${near.map((id) => `#${id}`).join(', ')})` : ''}`);
      }
    }
  });
}

const readme = statSync(join(ROOT, 'README.md')).size;
if (readme > README_LIMIT) {
  problems.push(`README.md is ${readme} bytes, over ${README_LIMIT} (12 KB): it is for a person who just found the project; move detail to docs/ and link it`);
}

for (const problem of problems) console.log(`not ok - ${problem}`);
console.log(`docs: ${links} relative links in ${DOCUMENTS.length} documents (${DOCUMENTS.map((file) => relative('.', file)).join(', ')}); README.md ${readme} bytes`);
console.log(`${problems.length === 0 ? 1 : 0} passed, ${problems.length === 0 ? 0 : 1} failed`);
process.exit(problems.length === 0 ? 0 : 1);
