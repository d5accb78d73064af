#!/usr/bin/env bash
# Installs the Debian packages the end-to-end stages need, all at once, before the first of them
# runs: those of the VS Code test (tests/e2e/vscode/apt-packages.txt: Chromium, which the browser
# preview test uses too, ripgrep, a C++ toolchain, Kerberos headers, fonts), of the Emacs test
# (tests/e2e/emacs/apt-packages.txt) and python3-venv (Neovim and pre-commit from PyPI).
#
# Does nothing when every package is installed. Needs root and apt-get otherwise: without them it
# says what is missing and exits 77 (the stages that need the packages then skip, or fail under
# RIGLS_REQUIRE_E2E=1). Retried: the package mirror is the network's least reliable part.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

mapfile -t packages < <(grep -hv '^#' "$here/vscode/apt-packages.txt" "$here/emacs/apt-packages.txt")
packages+=(python3-venv)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [[ ${#missing[@]} == 0 ]]; then
    echo "[debian] every package the end-to-end stages need is installed"
    exit 0
fi
if [[ $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
    echo "[debian] missing ${missing[*]}: run as root (with apt-get) to install them" >&2
    exit 77
fi
echo "[debian] installing ${missing[*]}"
for attempt in 1 2 3; do
    if timeout 600 apt-get update -q && DEBIAN_FRONTEND=noninteractive timeout 1200 apt-get install -y -q \
        --no-install-recommends "${missing[@]}"; then
        exit 0
    fi
    if [[ $attempt == 3 ]]; then
        echo "[debian] apt-get install failed 3 times" >&2
        exit 1
    fi
    sleep $((attempt * 15))
done
