#!/usr/bin/env bash
# Installs code-server (the VS Code 1.100.3 workbench) offline from the npm registry, following
# shared/recipes/editor-e2e.md: code-server's own postinstall minus the steps that download from
# GitHub. Also installs playwright-core for the test driver. Idempotent: does nothing when the
# install stamp exists and every native module still loads.
#
#   RIGLS_E2E_CACHE   where to install (default ~/.cache/rigls-e2e), outside the repository
#
# Needs Node 20, npm, and the Debian packages listed in tests/e2e/vscode/apt-packages.txt
# (.ci/run installs them; `tests/e2e/vscode/install.sh --apt` installs them too, as root).
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.65.1
HERE="$(cd "$(dirname "$0")" && pwd)"
CACHE="${RIGLS_E2E_CACHE:-$HOME/.cache/rigls-e2e}"
PREFIX="$CACHE/code-server-$CODE_SERVER_VERSION"
STAMP="$PREFIX/.installed"

log() { printf '[vscode-install] %s\n' "$*" >&2; }
die() { printf '[vscode-install] ERROR: %s\n' "$*" >&2; exit 1; }

# npm with retries: the registry is the only network there is, and it does time out sometimes.
npm_retry() {
    local attempt
    for attempt in 1 2 3; do
        if timeout 900 npm "$@" --no-audit --no-fund --fetch-timeout=120000 --fetch-retries=4; then
            return 0
        fi
        log "npm $1 failed (attempt $attempt/3); retrying in $((attempt * 10)) s"
        sleep $((attempt * 10))
    done
    return 1
}

if [[ "${1:-}" == "--apt" ]]; then
    [[ $(id -u) == 0 ]] || die "--apt needs root"
    mapfile -t packages < <(grep -v '^#' "$HERE/apt-packages.txt")
    for attempt in 1 2 3; do
        if timeout 600 apt-get update -q && DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q \
            --no-install-recommends "${packages[@]}"; then
            break
        fi
        [[ $attempt == 3 ]] && die "apt-get install failed"
        sleep $((attempt * 10))
    done
fi

# The native modules code-server needs at run time. Each one must load: npm 11 silently skips
# dependency install scripts, so a module that was never built only shows up here.
CS="$PREFIX/node_modules/code-server"
VS="$CS/lib/vscode"
check_native() {
    (cd "$CS" && node -e 'require("argon2")') &&
        (cd "$VS" && node -e '
            for (const m of ["kerberos", "@parcel/watcher", "@vscode/spdlog", "@vscode/deviceid",
                             "native-watchdog", "node-pty"]) {
                try { require(m); } catch (e) { console.error(`native module ${m} does not load: ${e.message}`); process.exit(1); }
            }') &&
        (cd "$PREFIX" && node -e 'require("playwright-core")') &&
        [[ -x "$VS/node_modules/@vscode/ripgrep/bin/rg" ]]
}

if [[ -f "$STAMP" ]] && check_native 2>/dev/null; then
    log "code-server $CODE_SERVER_VERSION already installed in $PREFIX"
    exit 0
fi

for tool in node npm rg cc make python3 /usr/bin/chromium; do
    command -v "$tool" >/dev/null || die "missing $tool: run, as root, '$0 --apt' (Debian packages: $(grep -v '^#' "$HERE/apt-packages.txt" | tr '\n' ' '))"
done
node_major=$(node -p 'process.versions.node.split(".")[0]')
[[ "$node_major" == 20 ]] || die "code-server $CODE_SERVER_VERSION needs Node 20, found $(node --version)"
[[ -f /usr/include/krb5.h || -f /usr/include/krb5/krb5.h ]] || die "missing Kerberos headers (Debian: libkrb5-dev)"

start=$SECONDS
log "installing code-server $CODE_SERVER_VERSION and playwright-core $PLAYWRIGHT_VERSION into $PREFIX"
rm -rf "$PREFIX"
mkdir -p "$PREFIX"
cd "$PREFIX"
printf '{"name":"rigls-e2e-vscode","private":true}\n' >package.json
# 1. code-server without its install scripts (they download ripgrep and argon2 from GitHub).
npm_retry install --ignore-scripts --save-exact "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION"
# 2. argon2 (password hashing; loaded even with --auth none) built from source.
#    npm hoists it beside code-server, so rebuild it from the prefix.
npm_retry rebuild argon2 --build-from-source
# 3. The VS Code server's own dependencies, then its native modules built against Debian's Node
#    headers (npm config nodedir=/usr, or node-gyp finds /usr/include/node).
cd "$VS"
npm_retry install --omit=dev --ignore-scripts
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sfn "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
# npm_config_yes lets node-pty's `npx node-gyp` run without a prompt.
npm_config_yes=true npm_retry rebuild kerberos @parcel/watcher @vscode/spdlog @vscode/deviceid \
    @vscode/windows-process-tree @vscode/windows-registry native-watchdog node-pty
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm_retry install --omit=dev)
cd "$PREFIX"

check_native || die "a native module failed to load (see above); delete $PREFIX and retry"
date -u +%FT%TZ >"$STAMP"
log "installed in $((SECONDS - start)) s ($(du -sh "$PREFIX" | cut -f1))"
