#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/<target>/) from the project's examples and fixtures and,
# when present, shared/corpus/. Run from anywhere; existing corpus entries are kept.
set -euo pipefail
cd "$(dirname "$0")"
root=..
# shared/ sits beside a checkout (../shared), or one level further up from a worktree under wt/.
shared="$root/../shared"
[ -d "$shared" ] || shared="$root/../../shared"
mkdir -p corpus/analysis_elem corpus/analysis_json corpus/format_elem corpus/lsp_edits corpus/pose_json corpus/analysis_incremental corpus/upgrade corpus/binary_read
for f in "$root"/examples/*.elem "$root"/server/tests/fixtures/elem/*/*.elem "$root"/server/tests/data/cli/*.elem \
         "$root"/tests/e2e/fixtures/*.elem "$root"/tests/grammar/fixtures/*.elem "$shared"/corpus/elem/*.elem \
         "$root"/server/tests/fuzz_regressions/*.elem; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    head -c 16384 "$f" > "corpus/analysis_elem/$name"
    cp "$f" "corpus/format_elem/$name"
done
# Skeletons: the first 4 KB of each file (analysis_json runs with -max_len=4096: small inputs run
# faster, and the fuzzer mutates the start of a file as well as the whole).
for f in "$root"/tests/e2e/fixtures/*.json "$root"/server/tests/fixtures/dragonbones/*.json \
         "$root"/server/tests/fixtures/dragonbones/*/*.json "$shared"/corpus/dragonbones/*.json \
         "$root"/server/tests/fuzz_regressions/*.json; do
    [ -f "$f" ] || continue
    head -c 4096 "$f" > "corpus/analysis_json/$(basename "$(dirname "$f")")_$(basename "$f")"
done
# Upgrades: whole skeletons of up to 8 KB (a cut one is broken JSON, which is never upgraded),
# the upgrade fixtures first (every data version, each layout).
for f in "$root"/server/tests/fixtures/dragonbones/upgrade/*_ske.json "$root"/server/tests/fixtures/dragonbones/*.json \
         "$root"/server/tests/fixtures/dragonbones/*/*_ske.json "$shared"/corpus/dragonbones/*.json \
         "$root"/server/tests/fuzz_regressions/*.json; do
    [ -f "$f" ] && [ "$(wc -c < "$f")" -le 8192 ] || continue
    cp "$f" "corpus/upgrade/$(basename "$(dirname "$f")")_$(basename "$f")"
done
# Binaries: the editor's (fixtures), and the project's skeletons converted by a built rigls, when
# there is one; whole (a cut binary is only a truncated one), those up to 32 KB
# (binary_read runs with -max_len=32768).
for f in "$root"/server/tests/fixtures/dragonbones/binary/*.dbbin; do
    cp "$f" corpus/binary_read/
done
rigls=""
for candidate in "$root"/target/release/rigls "$root"/target/debug/rigls; do
    [ -x "$candidate" ] && { rigls=$candidate; break; }
done
if [ -n "$rigls" ]; then
    for f in "$root"/server/tests/fixtures/dragonbones/*.json "$root"/server/tests/fixtures/dragonbones/*/*_ske.json \
             "$shared"/corpus/dragonbones/*.json; do
        [ -f "$f" ] || continue
        out="corpus/binary_read/$(basename "$f" .json).dbbin"
        if ! "$rigls" convert "$f" -o "$out" 2>/dev/null || [ "$(wc -c < "$out")" -gt 32768 ]; then
            rm -f "$out"
        fi
    done
fi
echo "seeded: $(ls corpus/analysis_elem | wc -l) .elem, $(ls corpus/analysis_json | wc -l) .json, $(ls corpus/upgrade | wc -l) upgrades, $(ls corpus/binary_read | wc -l) .dbbin"
