#!/usr/bin/env bash
# Runs tests/e2e/browser/test.mjs: the `rigls preview` page in Debian's Chromium, driven by
# playwright-core (installed from the npm registry into a cache outside the repository).
#
#   RIGLS_BIN         the rigls binary under test (default target/debug/rigls)
#   RIGLS_E2E_CACHE   where playwright-core is installed (default ~/.cache/rigls-e2e)
#   RIGLS_ARTIFACTS   where screenshots go (default tests/artifacts/browser)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"

PLAYWRIGHT_VERSION=1.65.1
cache="${RIGLS_E2E_CACHE:-$HOME/.cache/rigls-e2e}"
prefix="$cache/playwright-core-$PLAYWRIGHT_VERSION"
bin="${RIGLS_BIN:-$repo/target/debug/rigls}"
artifacts="${RIGLS_ARTIFACTS:-$repo/tests/artifacts/browser}"

[[ -x "$bin" ]] || { echo "error: no rigls binary at $bin (cargo build -p rigls)" >&2; exit 2; }
[[ -x /usr/bin/chromium ]] || { echo "error: /usr/bin/chromium is missing (Debian package chromium)" >&2; exit 2; }
if ! (cd "$prefix" 2>/dev/null && node -e 'require("playwright-core")' 2>/dev/null); then
    echo "[browser] installing playwright-core $PLAYWRIGHT_VERSION into $prefix" >&2
    mkdir -p "$prefix"
    printf '{"name":"rigls-e2e-browser","private":true}\n' >"$prefix/package.json"
    for attempt in 1 2 3; do
        if (cd "$prefix" && timeout 600 npm install --no-audit --no-fund --fetch-timeout=120000 --fetch-retries=4 \
            --save-exact "playwright-core@$PLAYWRIGHT_VERSION"); then
            break
        fi
        [[ $attempt == 3 ]] && { echo "error: npm install playwright-core failed" >&2; exit 2; }
        sleep $((attempt * 10))
    done
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/rigls-browser.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cp -R tests/e2e/fixtures/preview "$scratch/workspace"
mkdir -p "$scratch/profile"
rm -rf "$artifacts"
mkdir -p "$artifacts"
RIGLS_E2E_PREFIX="$prefix" RIGLS_BIN="$bin" RIGLS_WORKSPACE="$scratch/workspace" RIGLS_ARTIFACTS="$artifacts" \
    RIGLS_BROWSER_PROFILE="$scratch/profile" timeout -k 5 180 node tests/e2e/browser/test.mjs
