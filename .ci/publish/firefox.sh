#!/usr/bin/env bash
# Signs the Firefox package of dist/release/ with addons.mozilla.org (web-ext sign), run by
# .github/workflows/release.yml after ./build.sh release. Without the add-on site's API keys it
# does nothing and says so (a GitHub notice): a fork's release still has every unsigned file.
#
#   AMO_JWT_ISSUER, AMO_JWT_SECRET   the API keys (repository secrets)
#   AMO_CHANNEL                      unlisted (default: a signed .xpi for the release, installed for
#                                    good, updated through updates.json on the web page's site) or
#                                    listed (submitted to addons.mozilla.org for review, with the
#                                    sources archive)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
notice() { printf '::notice title=Firefox signing skipped::%s\n' "$*"; }

if [[ -z ${AMO_JWT_ISSUER:-} || -z ${AMO_JWT_SECRET:-} ]]; then
  notice "no AMO_JWT_ISSUER and AMO_JWT_SECRET secrets: the release has the unsigned .xpi (Firefox Developer Edition or a temporary add-on load it); set both to sign it"
  exit 0
fi
channel=${AMO_CHANNEL:-unlisted}
[[ $channel == listed || $channel == unlisted ]] || { echo "AMO_CHANNEL must be listed or unlisted, not $channel" >&2; exit 1; }
version=$(node -e 'import("./.ci/version.mjs").then((m) => console.log(m.projectVersion()))')
source_zip=dist/release/uri-list-$version-source.zip
[[ -f $source_zip ]] || { echo "$source_zip is missing: run ./build.sh release first" >&2; exit 1; }

rm -rf dist/signed
npx --no-install web-ext sign --channel "$channel" --source-dir dist/firefox --artifacts-dir dist/signed \
  --api-key "$AMO_JWT_ISSUER" --api-secret "$AMO_JWT_SECRET" --upload-source-code "$source_zip" \
  --approval-timeout 900000 --no-config-discovery
if [[ $channel == unlisted ]]; then
  signed=$(find dist/signed -name '*.xpi' | head -n 1)
  [[ -n $signed ]] || { echo "web-ext sign gave no .xpi" >&2; exit 1; }
  # The signed package replaces the unsigned one; its checksum and updates.json follow it.
  cp "$signed" "dist/release/uri-list-$version-firefox.xpi"
  (cd dist/release && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
  node .ci/publish/updates.mjs "dist/release/uri-list-$version-firefox.xpi" dist/web/updates.json
fi
