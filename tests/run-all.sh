#!/usr/bin/env bash
# Every test of the project, in order:
#   0. the Debian packages the end-to-end stages need (tests/e2e/install-debian.sh), installed as
#      root before the first stage that needs them; said to be missing otherwise
#   1. cargo test --workspace
#   2. tests/grammar/run.sh (the .elem TextMate grammar), when present
#   3. the VS Code extension's unit tests and type check
#   4. Neovim 0.11 end to end (tests/e2e/nvim), against target/debug/rigls
#   5. Emacs end to end (tests/e2e/emacs: emacs-nox with eglot, batch mode), against target/debug/rigls
#   6. the `rigls preview` page in Chromium (tests/e2e/browser), against target/debug/rigls
#   7. VS Code end to end (tests/e2e/vscode), against the distribution build (cargo's dist profile)
#      bundled in the .vsix
#   8. packaging: `cargo install --path server` gives a working rigls, and `cargo package
#      --workspace` packages every published crate (offline, without the verifying build)
#   9. pre-commit (from PyPI, into tests/e2e/.venv): `pre-commit try-repo` of this clone's hook on a
#      scratch repository, offline
# Each stage runs even when an earlier one failed; the summary shows each stage's result and time,
# and the script exits 1 if any stage failed.
#
# The VS Code and browser stages need Node 20 and some Debian packages
# (tests/e2e/vscode/apt-packages.txt), the Emacs stage those of tests/e2e/emacs/apt-packages.txt:
# run as root, stage 0 installs them all before any stage runs. When they cannot be had a stage is
# SKIPPED, loudly, unless RIGLS_REQUIRE_E2E=1 (as in CI), which makes that a failure.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo" || exit 2

names=()
results=()
times=()

banner() {
    printf '\n\033[1m==> %s\033[0m\n' "$*"
}

# stage NAME COMMAND...: runs COMMAND, records PASS/FAIL (or SKIPPED, exit status 77) and the time.
stage() {
    local name=$1
    shift
    banner "$name"
    local start=$SECONDS status=0
    "$@" || status=$?
    local elapsed=$((SECONDS - start))
    names+=("$name")
    times+=("$elapsed")
    case $status in
        0) results+=(PASS) ;;
        77) results+=(SKIPPED) ;;
        *) results+=("FAIL (exit $status)") ;;
    esac
    printf '<== %s: %s in %d s\n' "$name" "${results[-1]}" "$elapsed"
}

skip_or_fail() {
    printf '\n\033[1;33m*** SKIPPED: %s ***\033[0m\n' "$*"
    if [[ "${RIGLS_REQUIRE_E2E:-0}" == 1 ]]; then
        echo "RIGLS_REQUIRE_E2E=1: a skipped end-to-end stage is a failure" >&2
        return 1
    fi
    return 77
}

debian_packages() {
    local status=0
    bash tests/e2e/install-debian.sh || status=$?
    if [[ $status == 77 ]]; then
        skip_or_fail "Debian packages: not root to apt-get install them; the stages that need them will say so"
        return
    fi
    return "$status"
}

cargo_tests() {
    cargo test --workspace
}

grammar_tests() {
    if [[ ! -x tests/grammar/run.sh && ! -f tests/grammar/run.sh ]]; then
        echo "no tests/grammar/run.sh in this checkout"
        return 77
    fi
    bash tests/grammar/run.sh
}

extension_unit_tests() {
    (
        cd editors/vscode &&
            npm_ci &&
            npx --no-install tsc --noEmit -p . &&
            npm test --silent
    )
}

# npm ci in the current directory, skipped when node_modules was installed from this very lockfile.
npm_ci() {
    if cmp -s package-lock.json node_modules/.rigls-installed-lock 2>/dev/null; then
        return 0
    fi
    local attempt
    for attempt in 1 2 3; do
        timeout 600 npm ci --no-audit --no-fund --fetch-timeout=120000 --fetch-retries=4 &&
            cp package-lock.json node_modules/.rigls-installed-lock && return 0
        echo "npm ci failed (attempt $attempt/3)" >&2
        sleep $((attempt * 10))
    done
    return 1
}

nvim_e2e() {
    cargo build -p rigls && RIGLS_BIN="$repo/target/debug/rigls" bash tests/e2e/nvim/run.sh
}

# Emacs with eglot (built in from Emacs 29; Debian 12's Emacs 28 needs elpa-eglot).
have_emacs_eglot() {
    command -v emacs >/dev/null &&
        emacs --batch -q --eval '(progn (require (quote package)) (package-initialize) (require (quote eglot)))' >/dev/null 2>&1
}

emacs_e2e() {
    if ! have_emacs_eglot; then
        skip_or_fail "Emacs end to end: no Emacs with eglot (Debian: $(grep -v '^#' tests/e2e/emacs/apt-packages.txt | tr '\n' ' '), which stage 0 installs as root)"
        return
    fi
    cargo build -p rigls && RIGLS_BIN="$repo/target/debug/rigls" bash tests/e2e/emacs/run.sh
}

browser_e2e() {
    if [[ ! -x /usr/bin/chromium ]]; then
        skip_or_fail "browser preview end to end: /usr/bin/chromium is missing (Debian package chromium, which stage 0 installs as root)"
        return
    fi
    cargo build -p rigls && RIGLS_BIN="$repo/target/debug/rigls" bash tests/e2e/browser/run.sh
}

vscode_e2e() {
    local missing=()
    local tool
    for tool in /usr/bin/chromium rg cc make; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    [[ -f /usr/include/krb5.h || -f /usr/include/krb5/krb5.h ]] || missing+=(krb5.h)
    if [[ ${#missing[@]} -gt 0 ]]; then
        skip_or_fail "VS Code end to end: missing ${missing[*]} (Debian: $(grep -v '^#' tests/e2e/vscode/apt-packages.txt | tr '\n' ' '), which stage 0 installs as root)"
        return
    fi
    if [[ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != 20 ]]; then
        skip_or_fail "VS Code end to end: code-server 4.100.3 needs Node 20 (found $(node --version 2>/dev/null || echo none))"
        return
    fi
    local version
    version=$(node -p 'require("./editors/vscode/package.json").version')
    cargo build --profile dist -p rigls &&
        (cd editors/vscode && npm_ci && bash scripts/package.sh --target linux-x64) &&
        RIGLS_VSIX="$repo/editors/vscode/dist/rigls-linux-x64-$version.vsix" bash tests/e2e/vscode/run.sh
}

# `cargo install --path server` installs a rigls that works, and the crates package for crates.io.
# Offline (the crates cargo test fetched); the debug build cargo test made, in target/.
packaging() {
    local scratch
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/rigls-packaging.XXXXXX")
    (
        set -e
        CARGO_TARGET_DIR="$repo/target" cargo install --offline --locked --debug --path server --root "$scratch/root"
        "$scratch/root/bin/rigls" --check examples/walker.elem examples/dragonbones/hero_ske.json
        local status=0
        "$scratch/root/bin/rigls" --check --quiet examples/broken.elem >/dev/null || status=$?
        [[ $status == 1 ]] || { echo "the installed rigls gave $status for examples/broken.elem, not 1" >&2; exit 1; }
        cargo package --workspace --offline --no-verify --allow-dirty \
            --exclude rigls-test-support --exclude rigls-pre-commit
        local version crate name manifest field listing
        version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
        for crate in rigls rigls-text rigls-diagnostic rigls-elem rigls-dragonbones rigls-ide rigls-protocol rigls-lsp rigls-cli; do
            name="$crate-$version"
            manifest=$(tar -xzOf "target/package/$name.crate" "$name/Cargo.toml")
            for field in description license readme keywords categories; do
                grep -q "^$field = " <<<"$manifest" || { echo "$name.crate: no $field" >&2; exit 1; }
            done
            # A listing captured first: `tar | grep -q` under pipefail fails when grep stops
            # reading before tar has written everything (SIGPIPE), as it did on a large crate.
            listing=$(tar -tzf "target/package/$name.crate")
            grep -qx "$name/README.md" <<<"$listing" || { echo "$name.crate: no README.md" >&2; exit 1; }
        done
        # The preview page's script travels inside rigls-cli (not a link out of it).
        listing=$(tar -tvzf target/package/rigls-cli-*.crate)
        grep -q ' rigls-cli-[0-9.]*/preview.js$' <<<"$listing"
        echo "packaged: $(ls target/package/*.crate | wc -l) crates"
    )
    local status=$?
    rm -rf "$scratch"
    return "$status"
}

# The pre-commit hook of .pre-commit-hooks.yaml, as a user's pre-commit runs it: pre-commit from
# PyPI, `try-repo` of this clone on a scratch repository, cargo offline.
precommit_e2e() {
    local venv="${RIGLS_E2E_VENV:-$repo/tests/e2e/.venv}"
    if ! "$venv/bin/pre-commit" --version 2>/dev/null | grep -q "^pre-commit $PRE_COMMIT_VERSION$"; then
        python3 -m venv "$venv" || { skip_or_fail "pre-commit: python3 -m venv failed (Debian: python3-venv)"; return; }
        local attempt
        for attempt in 1 2 3; do
            timeout 300 "$venv/bin/pip" install --quiet --disable-pip-version-check --retries 5 --timeout 60 \
                "pre-commit==$PRE_COMMIT_VERSION" && break
            [[ $attempt == 3 ]] && return 1
            sleep $((attempt * 10))
        done
    fi
    RIGLS_PRE_COMMIT="$venv/bin/pre-commit" bash tests/e2e/pre-commit/run.sh
}
PRE_COMMIT_VERSION=4.7.0

total_start=$SECONDS
stage "Debian packages" debian_packages
stage "cargo test --workspace" cargo_tests
stage "grammar tests" grammar_tests
stage "VS Code extension unit tests" extension_unit_tests
stage "Neovim end to end" nvim_e2e
stage "Emacs end to end" emacs_e2e
stage "Browser preview end to end" browser_e2e
stage "VS Code end to end" vscode_e2e
stage "packaging" packaging
stage "pre-commit hook" precommit_e2e

banner "Summary ($((SECONDS - total_start)) s)"
pass=0
fail=0
skip=0
for i in "${!names[@]}"; do
    printf '  %-32s %-16s %5d s\n' "${names[$i]}" "${results[$i]}" "${times[$i]}"
    case ${results[$i]} in
        PASS) pass=$((pass + 1)) ;;
        SKIPPED) skip=$((skip + 1)) ;;
        *) fail=$((fail + 1)) ;;
    esac
done
echo "stages: $pass passed, $fail failed, $skip skipped"
[[ $fail == 0 ]]
