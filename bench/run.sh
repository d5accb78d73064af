#!/usr/bin/env bash
# Reproduces every figure of BENCHMARKS.md: installs the pinned VS Code JSON language server
# (npm ci, into bench/node_modules) when Node.js is there, then runs the benchmark harness
# (server/benches/perf/) in release mode. Arguments name sections: cli scaling lsp memory vscode folder eval render preview upgrade.
# Inputs are generated once into target/tmp/bench-data/ (about 400 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v npm >/dev/null 2>&1; then
    for attempt in 1 2 3; do
        (cd bench && npm ci --no-audit --no-fund --silent) && break
        [[ $attempt == 3 ]] && echo "npm ci failed: the VS Code comparison will be skipped" >&2
        sleep $((attempt * 10))
    done
fi
cargo bench -p rigls --bench perf -- "$@"
