#!/usr/bin/env bash
# The pre-commit hook of .pre-commit-hooks.yaml as a user's pre-commit runs it: `pre-commit
# try-repo` of this clone (with its uncommitted changes) on a scratch git repository holding a
# clean model, a DragonBones skeleton and atlas, and files rigls does not lint; then a broken model.
# Offline: pre-commit clones the local repository, and its `cargo install` uses cargo's cache.
#
#   RIGLS_PRE_COMMIT   the pre-commit executable (tests/run-all.sh installs it from PyPI)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
pre_commit="${RIGLS_PRE_COMMIT:-pre-commit}"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/rigls-pre-commit.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export PRE_COMMIT_HOME="$scratch/cache" CARGO_NET_OFFLINE=true
# pre-commit builds the hook with `cargo install` (the release profile): kept between runs here,
# and unoptimised (what is tested is the hook, not rigls's speed), which builds in a third of the time.
export CARGO_TARGET_DIR="$repo/target/pre-commit" CARGO_PROFILE_RELEASE_OPT_LEVEL=0 \
    CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_INCREMENTAL=false

fail() {
    printf '[pre-commit] FAIL: %s\n' "$1" >&2
    [[ -n "${2:-}" ]] && printf '%s\n' "$2" >&2
    exit 1
}

work="$scratch/work"
mkdir -p "$work"
cd "$work"
git init -q
cp "$repo/examples/walker.elem" "$repo/examples/dragonbones/hero_ske.json" "$repo/examples/dragonbones/hero_tex.json" .
printf '# A game\n' >README.md
printf '{"name": "game", "version": "1.0.0"}\n' >package.json
git add .

status=0
out=$(timeout 1800 "$pre_commit" try-repo "$repo" rigls --all-files 2>&1) || status=$?
[[ $status == 0 ]] || fail "the hook fails on clean files (exit $status)" "$out"
grep -Eq '^rigls\.+Passed$' <<<"$out" || fail "no 'rigls ... Passed' line" "$out"
echo "[pre-commit] clean files pass"

cp "$repo/examples/broken.elem" .
git add broken.elem
status=0
out=$(timeout 600 "$pre_commit" try-repo "$repo" rigls --all-files 2>&1) || status=$?
[[ $status == 1 ]] || fail "the hook gives $status on a broken model, not 1" "$out"
grep -Eq '^rigls\.+Failed$' <<<"$out" || fail "no 'rigls ... Failed' line" "$out"
grep -Fq 'error[unknown-bone]: unknown bone `首`' <<<"$out" || fail "rigls's report is not shown" "$out"
grep -Fq -- '--> broken.elem:66:15' <<<"$out" || fail "the report does not point at broken.elem:66:15" "$out"
if grep -Fq 'skipped' <<<"$out"; then
    fail "--quiet should keep the notes about skipped files out" "$out"
fi
echo "[pre-commit] a broken model fails with rigls's report"
