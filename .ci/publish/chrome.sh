#!/usr/bin/env bash
# Uploads the Chrome package of dist/release/ to the Chrome Web Store and publishes it
# (chrome-webstore-upload-cli), run by .github/workflows/release.yml after ./build.sh release.
# Without the Web Store's API credentials it does nothing and says so (a GitHub notice).
#
#   CHROME_EXTENSION_ID, CHROME_CLIENT_ID, CHROME_CLIENT_SECRET, CHROME_REFRESH_TOKEN,
#   CHROME_PUBLISHER_ID   the item and its OAuth credentials (repository secrets)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
notice() { printf '::notice title=Chrome Web Store upload skipped::%s\n' "$*"; }

missing=()
for name in CHROME_EXTENSION_ID CHROME_CLIENT_ID CHROME_CLIENT_SECRET CHROME_REFRESH_TOKEN CHROME_PUBLISHER_ID; do
  [[ -n ${!name:-} ]] || missing+=("$name")
done
if ((${#missing[@]})); then
  notice "no ${missing[*]} secret: the release has the Chrome package to load by hand; set them to publish it"
  exit 0
fi
version=$(node -e 'import("./.ci/version.mjs").then((m) => console.log(m.projectVersion()))')
zip=dist/release/uri-list-$version-chrome.zip
[[ -f $zip ]] || { echo "$zip is missing: run ./build.sh release first" >&2; exit 1; }
EXTENSION_ID=$CHROME_EXTENSION_ID CLIENT_ID=$CHROME_CLIENT_ID CLIENT_SECRET=$CHROME_CLIENT_SECRET \
  REFRESH_TOKEN=$CHROME_REFRESH_TOKEN PUBLISHER_ID=$CHROME_PUBLISHER_ID \
  npx --no-install chrome-webstore-upload --source "$zip"
