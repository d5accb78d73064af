#!/usr/bin/env bash
# Runs tests/e2e/vscode/test.mjs: a real VS Code 1.100.3 workbench (code-server 4.100.3, installed
# by install.sh into a cache outside the repository) driven by playwright-core in Debian's
# Chromium, with the project's .vsix installed.
#
#   RIGLS_VSIX        the extension to install (default: the linux-x64 package in editors/vscode/dist,
#                     which bundles the server: build it with editors/vscode/scripts/package.sh)
#   RIGLS_BIN         if set, the server binary to use through `rigls.server.path` instead of the
#                     bundled one
#   RIGLS_E2E_CACHE   where code-server is installed (default ~/.cache/rigls-e2e)
#   RIGLS_ARTIFACTS   where screenshots and logs go (default tests/artifacts/vscode)
#
# Everything runs as a throwaway user: HOME and XDG dirs in a scratch directory, code-server on
# loopback only, started in its own process group and killed with it on exit.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"

version=$(node -p 'require("./editors/vscode/package.json").version')
vsix="${RIGLS_VSIX:-$repo/editors/vscode/dist/rigls-linux-x64-$version.vsix}"
[[ "$vsix" == /* ]] || vsix="$repo/$vsix"
artifacts="${RIGLS_ARTIFACTS:-$repo/tests/artifacts/vscode}"
cache="${RIGLS_E2E_CACHE:-$HOME/.cache/rigls-e2e}"
prefix="$cache/code-server-4.100.3"

if [[ ! -f "$vsix" ]]; then
    echo "error: no extension package at $vsix (build it: editors/vscode/scripts/package.sh --target linux-x64)" >&2
    exit 2
fi
# The package itself: no placeholder URLs, a stripped server (prints the sizes).
python3 tests/e2e/vscode/check-vsix.py "$vsix"
bash tests/e2e/vscode/install.sh

scratch=$(mktemp -d "${TMPDIR:-/tmp}/rigls-vscode.XXXXXX")
rm -rf "$artifacts"
mkdir -p "$artifacts" "$scratch"/{home,config,data,state,cache,runtime,user-data/User,extensions,browser}
chmod 700 "$scratch/runtime"
cp -R tests/e2e/fixtures "$scratch/workspace"
# The corpus's large one-line skeleton, when ../shared is there (the preview's timing check).
corpus="$repo/../shared/corpus/dragonbones-images/body"
if [[ -d "$corpus" ]]; then
    cp -R "$corpus" "$scratch/workspace/body" && chmod -R u+w "$scratch/workspace/body"
fi

server_pgid=""
# shellcheck disable=SC2317 # (run by the trap)
cleanup() {
    local status=$?
    if [[ -n "$server_pgid" ]]; then
        kill -TERM -- "-$server_pgid" 2>/dev/null || true
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 -- "-$server_pgid" 2>/dev/null || break
            sleep 0.5
        done
        kill -KILL -- "-$server_pgid" 2>/dev/null || true
    fi
    cp "$scratch/code-server.log" "$artifacts/" 2>/dev/null || true
    find "$scratch/user-data/logs" -name '*.log' -path '*rigls*' -exec cp {} "$artifacts/" \; 2>/dev/null || true
    rm -rf "$scratch"
    exit "$status"
}
trap cleanup EXIT INT TERM

export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
    XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache" XDG_RUNTIME_DIR="$scratch/runtime"
unset VSCODE_IPC_HOOK_CLI VSCODE_CWD ELECTRON_RUN_AS_NODE

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" >"$scratch/config.yaml"
node - "$scratch/user-data/User/settings.json" "${RIGLS_BIN:-}" <<'JS'
const [file, bin] = process.argv.slice(2);
const settings = {
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.enableExperiments": false,
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": false,
    "editor.hover.delay": 100,
    "editor.minimap.enabled": false,
    "outline.collapseItems": "alwaysCollapse",
    "editor.stickyScroll.enabled": false,
    "window.zoomLevel": 0,
    // Reaches the server in initializationOptions; test.mjs changes it while running.
    "rigls.severity": { "invalid-value": "warning" },
    "rigls.trace.server": "messages",
};
if (bin) settings["rigls.server.path"] = require("path").resolve(bin);
require("fs").writeFileSync(file, JSON.stringify(settings, null, 2));
JS

entry="$prefix/node_modules/code-server/out/node/entry.js"
common=(--config "$scratch/config.yaml" --user-data-dir "$scratch/user-data" --extensions-dir "$scratch/extensions")
echo "[vscode] installing $(basename "$vsix")" >&2
timeout 120 node "$entry" "${common[@]}" --install-extension "$vsix" >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log" >&2; echo "error: installing $vsix failed" >&2; exit 2; }

echo "[vscode] starting code-server on 127.0.0.1:$port" >&2
setsid node "$entry" "${common[@]}" --disable-telemetry --disable-update-check --disable-workspace-trust \
    --disable-getting-started-override --ignore-last-opened "$scratch/workspace" \
    >"$scratch/code-server.log" 2>&1 </dev/null &
server_pgid=$!
for _ in $(seq 1 120); do
    node -e 'require("http").get(process.argv[1], (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on("error", () => process.exit(1))' \
        "http://127.0.0.1:$port/healthz" && break
    kill -0 "$server_pgid" 2>/dev/null || { cat "$scratch/code-server.log" >&2; echo "error: code-server exited" >&2; exit 2; }
    sleep 0.5
done

status=0
RIGLS_E2E_PREFIX="$prefix" RIGLS_URL="http://127.0.0.1:$port/?folder=$scratch/workspace" \
    RIGLS_WORKSPACE="$scratch/workspace" RIGLS_USER_SETTINGS="$scratch/user-data/User/settings.json" RIGLS_ARTIFACTS="$artifacts" RIGLS_BROWSER_PROFILE="$scratch/browser" \
    timeout -k 5 420 node tests/e2e/vscode/test.mjs || status=$?
echo "[vscode] screenshots and logs: ${artifacts#"$repo"/}" >&2

# The extension's README shows screenshots of this run: refresh them on request. A check saves its
# screenshot under its plain name only when it passes.
if [[ "${RIGLS_UPDATE_SCREENSHOTS:-0}" == 1 ]]; then
    mkdir -p editors/vscode/images
    for name in problems hover quickfix dragonbones; do
        for shot in "$artifacts"/[0-9][0-9]-"$name".png; do
            if [[ -f "$shot" ]]; then
                cp "$shot" "editors/vscode/images/$name.png"
                echo "[vscode] updated editors/vscode/images/$name.png" >&2
            fi
        done
    done
fi
exit "$status"
