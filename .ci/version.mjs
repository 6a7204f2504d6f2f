// The one version number of the project: Cargo.toml's [package] version. The manifests written by
// .ci/pack.mjs and the web page written by .ci/web.mjs take it from here; package.json and
// package-lock.json (which npm needs) are checked against it by build.sh.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Cargo.toml's [package] version, or an Error naming the file. */
export function projectVersion() {
  const toml = readFileSync(`${ROOT}Cargo.toml`, 'utf8');
  const section = /^\[package\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
  const version = /^version\s*=\s*"([^"]+)"/m.exec(section)?.[1];
  if (!version) throw new Error('Cargo.toml has no [package] version');
  return version;
}
