#!/usr/bin/env bash
# Builds the extension and packages it as a .vsix in editors/vscode/dist/.
#
#   scripts/package.sh                     universal package: uses rigls.server.path or rigls on PATH
#   scripts/package.sh --target linux-x64  platform package bundling target/dist/rigls as server/rigls
#                                          (build it first: cargo build --profile dist -p rigls, the
#                                          release code stripped of debug information and symbols;
#                                          RIGLS_DIST_BIN=… bundles another binary)
#
# Prints the path of the .vsix on the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(cd ../.. && pwd)

target=""
if [[ "${1:-}" == "--target" ]]; then
    target=${2:?"--target needs a VS Code platform, e.g. linux-x64"}
elif [[ $# -gt 0 ]]; then
    echo "usage: $0 [--target PLATFORM]" >&2
    exit 2
fi

version=$(node -p 'require("./package.json").version')
cargo_version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version *= *"\(.*\)"/\1/p' "$repo/Cargo.toml")
if [[ "$version" != "$cargo_version" ]]; then
    echo "error: editors/vscode/package.json has version $version but Cargo.toml has $cargo_version; keep them equal" >&2
    exit 1
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
    case "$target" in
        win32-*) exe=rigls.exe ;;
        *) exe=rigls ;;
    esac
    binary="${RIGLS_DIST_BIN:-$repo/target/dist/$exe}"
    if [[ ! -x "$binary" ]]; then
        echo "error: $binary does not exist; run 'cargo build --profile dist -p rigls' first" >&2
        exit 1
    fi
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
