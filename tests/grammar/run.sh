#!/usr/bin/env bash
# Tests of the .elem editor support in syntaxes/:
#   1. grammar snapshots: every fixtures/*.elem is tokenized with syntaxes/elem.tmLanguage.json by
#      vscode-textmate (vscode-tmgrammar-snap, pinned in package-lock.json) and compared with its
#      committed fixtures/*.elem.snap;
#   2. language configuration: language-configuration.test.mjs checks the brackets, pairs, folding
#      markers, indentation rules and word pattern of syntaxes/elem.language-configuration.json;
#   3. typing: typing.test.mjs reads the token type VS Code sees under half-typed keys, scope names
#      and values (never a string, so quick suggestions open), and the extension's .elem default
#      that turns quick suggestions on inside strings (enum values).
# Usage: tests/grammar/run.sh            run the tests (installs the pinned tools with npm ci first)
#        tests/grammar/run.sh --update   rewrite the snapshots after a deliberate grammar change
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

# Install the pinned tools when they are missing or the lockfile changed since the last install.
if ! cmp -s package-lock.json node_modules/.rigls-installed-lock 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.rigls-installed-lock
fi

update=()
if [ "${1:-}" = "--update" ]; then
    update=(--updateSnapshot)
else
    # The tool writes a missing snapshot and passes; a fixture without a committed one is a failure.
    missing=0
    for fixture in fixtures/*.elem; do
        if [ ! -f "$fixture.snap" ]; then
            echo "missing snapshot $fixture.snap: run tests/grammar/run.sh --update and review it" >&2
            missing=1
        fi
    done
    [ "$missing" = 0 ] || exit 1
fi

node_modules/.bin/vscode-tmgrammar-snap --grammar ../../syntaxes/elem.tmLanguage.json --scope source.elem \
    "${update[@]}" 'fixtures/*.elem'
node --test language-configuration.test.mjs typing.test.mjs
