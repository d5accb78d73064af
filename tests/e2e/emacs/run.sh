#!/usr/bin/env bash
# Runs tests/e2e/emacs/test.el in a real Emacs (Debian's emacs-nox with elpa-eglot, Emacs 28 +
# eglot 1.9; Emacs 29+ has eglot built in) in batch mode, against the rigls binary under test,
# with editors/emacs/rigls.el loaded.
#
#   RIGLS_BIN   the binary (default: target/debug/rigls)
#   EMACS       the Emacs to run (default: emacs on PATH)
#
# Exits non-zero if any check fails, 2 when Emacs or eglot is missing (tests/run-all.sh turns that
# into a loud SKIP, or a failure under RIGLS_REQUIRE_E2E=1). Packages: tests/e2e/emacs/apt-packages.txt.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"

bin="${RIGLS_BIN:-$repo/target/debug/rigls}"
[[ "$bin" == /* ]] || bin="$repo/$bin"
emacs="${EMACS:-emacs}"
if [[ ! -x "$bin" ]]; then
    echo "error: no rigls binary at $bin (cargo build -p rigls, or set RIGLS_BIN)" >&2
    exit 2
fi
if ! command -v "$emacs" >/dev/null; then
    echo "error: no $emacs (apt-get install $(grep -v '^#' tests/e2e/emacs/apt-packages.txt | tr '\n' ' '))" >&2
    exit 2
fi
if ! "$emacs" --batch -q --eval '(progn (require (quote package)) (package-initialize) (require (quote eglot)))' 2>/dev/null; then
    echo "error: $emacs has no eglot (Emacs 29+, or Debian's elpa-eglot)" >&2
    exit 2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/rigls-emacs.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cp -R tests/e2e/fixtures "$scratch/workspace"
mkdir -p "$scratch/home"

echo "[emacs] $("$emacs" --version | head -1), rigls: $bin" >&2
# -q, not -Q: the site start files (Debian's put elpa-eglot on the load path) but no user init;
# HOME: a scratch one, so that no user package or eglot state is read or written.
env HOME="$scratch/home" RIGLS_REPO="$repo" RIGLS_BIN="$bin" RIGLS_WORKSPACE="$scratch/workspace" \
    timeout -k 5 120 "$emacs" --batch -q -l tests/e2e/emacs/test.el
