#!/bin/sh
# SPDX-License-Identifier: MIT
# The Rust crates as a publisher would check them, for CI:
#   1. without the C library, the build stops with a message that names
#      PKG_CONFIG_PATH and FANORONA_LIB_DIR;
#   2. docs-only mode: `cargo doc` without the C library, warnings fatal;
#   3. clippy on every target, warnings fatal (skipped without clippy);
#   4. `cargo package --offline --no-verify` of both crates (README,
#      licence, metadata; a clean git tree, as in a fresh clone).
# Usage: check-crates.sh BUILD_DIR   (a meson build dir, for clippy's link)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
cargo=${CARGO:-cargo}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CARGO_TARGET_DIR=$tmp/target
cd "$here"

echo "== 1. no C library: a clear error"
if env -u FANORONA_LIB_DIR -u PKG_CONFIG_PATH PKG_CONFIG_LIBDIR=$tmp/none \
        "$cargo" build --offline --quiet >"$tmp/nolib.log" 2>&1; then
    echo "FAIL: the build succeeded without the C library" >&2
    exit 1
fi
for word in PKG_CONFIG_PATH FANORONA_LIB_DIR FANORONA_DOCS_ONLY; do
    grep -q "$word" "$tmp/nolib.log" ||
        { cat "$tmp/nolib.log"; echo "FAIL: the error does not name $word" >&2; exit 1; }
done
echo "ok: the build stops and names PKG_CONFIG_PATH and FANORONA_LIB_DIR"

echo "== 2. cargo doc without the C library"
env -u FANORONA_LIB_DIR -u PKG_CONFIG_PATH PKG_CONFIG_LIBDIR=$tmp/none \
    FANORONA_DOCS_ONLY=1 RUSTDOCFLAGS="-D warnings" \
    "$cargo" doc --offline --quiet --no-deps
ls "$CARGO_TARGET_DIR/doc/fanorona/index.html" "$CARGO_TARGET_DIR/doc/fanorona_sys/index.html" >/dev/null
echo "ok: documentation of both crates built"

echo "== 3. clippy"
if "$cargo" clippy --version >/dev/null 2>&1; then
    PKG_CONFIG_PATH=$build/meson-uninstalled \
        "$cargo" clippy --offline --quiet --all-targets -- -D warnings
    echo "ok: clippy clean"
else
    echo "clippy not installed: skipped"
fi

echo "== 4. cargo package"
"$cargo" package --offline --no-verify --workspace
echo "ok: both crates packaged"
