#!/usr/bin/env bash
# Reproduces every figure of BENCHMARKS.md: installs the pinned VS Code JSON language server
# (npm ci, into bench/node_modules) when Node.js is there, then runs the benchmark harness
# (server/benches/perf/) in release mode. Arguments name sections: cli scaling lsp memory vscode folder eval render preview upgrade real
# (real-server: real's server edits alone).
# Inputs are generated once into target/tmp/bench-data/ (about 400 MB).
#
# `bench/run.sh draw [FILE…]` instead times the preview page drawing skeletons in Chromium
# (bench/preview-draw.mjs), with the playwright-core the browser end-to-end test installs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == draw ]]; then
    shift
    version=$(sed -n 's/^PLAYWRIGHT_VERSION=//p' tests/e2e/browser/run.sh)
    prefix="${RIGLS_E2E_CACHE:-$HOME/.cache/rigls-e2e}/playwright-core-$version"
    if [[ ! -d "$prefix/node_modules/playwright-core" ]]; then
        echo "error: no playwright-core in $prefix: run tests/e2e/browser/run.sh once" >&2
        exit 2
    fi
    # (The page draws; how fast the server answers does not matter here: the debug build serves it.)
    cargo build -p rigls
    RIGLS_E2E_PREFIX="$prefix" RIGLS_BIN="$PWD/target/debug/rigls" exec node bench/preview-draw.mjs "$@"
fi
if command -v npm >/dev/null 2>&1; then
    for attempt in 1 2 3; do
        (cd bench && npm ci --no-audit --no-fund --silent) && break
        [[ $attempt == 3 ]] && echo "npm ci failed: the VS Code comparison will be skipped" >&2
        sleep $((attempt * 10))
    done
fi
cargo bench -p rigls --bench perf -- "$@"
