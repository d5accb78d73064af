#!/usr/bin/env bash
# Builds the extension and packages it as a .vsix in editors/vscode/dist/.
#
#   scripts/package.sh                            universal package: uses rigls.server.path or rigls
#                                                 on PATH
#   scripts/package.sh --target PLATFORM [--binary PATH]
#                                                 platform package bundling that platform's rigls as
#                                                 server/rigls (server/rigls.exe on win32-*)
#
# PLATFORM is one of VS Code's: win32-x64, win32-arm64, linux-x64, linux-arm64, linux-armhf,
# alpine-x64, alpine-arm64, darwin-x64, darwin-arm64. The binary is PATH (or RIGLS_DIST_BIN), by
# default target/dist/rigls, the host's build (cargo build --profile dist -p rigls: the release code
# stripped of debug information and symbols); for another platform build it there, or with
# `cargo build --profile dist -p rigls --target TRIPLE` (target/TRIPLE/dist/rigls), and pass it.
# Its header must say it is built for PLATFORM (scripts/check-binary.cjs), or nothing is packaged.
#
# Prints the path of the .vsix on the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(cd ../.. && pwd)

usage() {
    echo "usage: $0 [--target PLATFORM [--binary PATH]]" >&2
    exit 2
}
target=""
binary="${RIGLS_DIST_BIN:-}"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --target) target=${2:-}; [[ -n "$target" ]] || usage; shift 2 ;;
        --binary) binary=${2:-}; [[ -n "$binary" ]] || usage; shift 2 ;;
        *) usage ;;
    esac
done
[[ -z "$binary" || -n "$target" ]] || { echo "error: --binary goes with --target PLATFORM" >&2; exit 2; }

version=$(node -p 'require("./package.json").version')
cargo_version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version *= *"\(.*\)"/\1/p' "$repo/Cargo.toml")
if [[ "$version" != "$cargo_version" ]]; then
    echo "error: editors/vscode/package.json has version $version but Cargo.toml has $cargo_version; keep them equal" >&2
    exit 1
fi

# The platform's binary, checked before anything is built.
if [[ -n "$target" ]]; then
    case "$target" in
        win32-*) exe=rigls.exe ;;
        *) exe=rigls ;;
    esac
    if [[ -z "$binary" ]]; then
        binary="$repo/target/dist/$exe"
        if [[ ! -x "$binary" ]]; then
            echo "error: $binary does not exist; run 'cargo build --profile dist -p rigls' first, or give the $target binary with --binary PATH" >&2
            exit 1
        fi
    fi
    [[ -f "$binary" ]] || { echo "error: $binary does not exist" >&2; exit 1; }
    node scripts/check-binary.cjs "$target" "$binary"
fi

if [[ ! -d node_modules ]]; then
    npm ci --no-audit --no-fund
fi
node scripts/copy-syntaxes.mjs
node scripts/build.mjs

# The package names no repository (rigls has no public address yet): the README's images stay
# relative, which is what VS Code's extension page shows for an installed .vsix.
base=(--allow-missing-repository --no-rewrite-relative-links)

rm -rf server
mkdir -p dist
if [[ -n "$target" ]]; then
    mkdir -p server
    cp "$binary" "server/$exe"
    chmod 755 "server/$exe"
    out="dist/rigls-$target-$version.vsix"
    npx --no-install vsce package --target "$target" --no-dependencies --skip-license "${base[@]}" --out "$out"
    rm -rf server
else
    out="dist/rigls-$version.vsix"
    npx --no-install vsce package --no-dependencies --skip-license "${base[@]}" --out "$out"
fi
echo "$out"
