// Firefox's self-hosted update manifest for an unlisted (signed, not listed) release:
//
//   node .ci/publish/updates.mjs SIGNED_XPI OUT_JSON
//
// The packed manifest's gecko.update_url (.ci/pack.mjs, when AMO_CHANNEL=unlisted) points at
// updates.json on the web page's site; this writes that file, naming this version and where its
// signed package is: the GitHub release's asset (GITHUB_REPOSITORY, GITHUB_REF_NAME, or
// GITHUB_SERVER_URL for GitHub Enterprise).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectVersion } from '../version.mjs';

const [xpi, out] = process.argv.slice(2);
if (!xpi || !out) {
  console.error('usage: node .ci/publish/updates.mjs SIGNED_XPI OUT_JSON');
  process.exit(2);
}
const { GITHUB_REPOSITORY: repository, GITHUB_REF_NAME: tag } = process.env;
if (!repository || !tag) {
  console.error('updates.json needs GITHUB_REPOSITORY and GITHUB_REF_NAME (the release tag): set by GitHub Actions');
  process.exit(1);
}
const server = process.env.GITHUB_SERVER_URL ?? 'https://github.com';
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../manifest.json', import.meta.url)), 'utf8'));
const id = manifest.browser_specific_settings.gecko.id;
const bytes = readFileSync(xpi);
const updates = {
  addons: {
    [id]: {
      updates: [
        {
          version: projectVersion(),
          update_link: `${server}/${repository}/releases/download/${encodeURIComponent(tag)}/${encodeURIComponent(basename(xpi))}`,
          update_hash: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
        },
      ],
    },
  },
};
writeFileSync(out, `${JSON.stringify(updates, null, 2)}\n`);
console.log(`updates.json: ${id} ${projectVersion()}`);
