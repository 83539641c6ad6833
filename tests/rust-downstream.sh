#!/bin/sh
# SPDX-License-Identifier: MIT
# A new cargo project outside the source tree that depends on the
# `fanorona` crate by path, as doc/getting-started-rust.md says: builds it
# against this build's library (PKG_CONFIG_PATH at meson-uninstalled) and
# runs it (1) with LD_LIBRARY_PATH and (2) with a run path from RUSTFLAGS
# and no LD_LIBRARY_PATH, the two ways the guide gives for a library that
# is not installed where the loader looks.
# Usage: rust-downstream.sh CARGO SOURCE_DIR BUILD_DIR
set -eu
cargo=$1
src=$(cd "$2" && pwd)
build=$(cd "$3" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
libdir=$build/lib
export PKG_CONFIG_PATH=$build/meson-uninstalled
unset FANORONA_LIB_DIR LD_LIBRARY_PATH

mkdir -p "$tmp/user/src"
cat >"$tmp/user/Cargo.toml" <<TOML
[package]
name = "fanorona-user"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
fanorona = { path = "$src/bindings/rust/fanorona" }

[workspace]
TOML
cat >"$tmp/user/src/main.rs" <<'RUST'
use fanorona::{Count, Position, Rules};

fn main() {
    let mut pos = Position::new(Rules::Stop).expect("a new game");
    println!("perft 3: {}", pos.perft(3, Count::Unique).expect("perft"));
    pos.play_str("d3-e3W").expect("a legal turn");
    println!("after d3-e3W: {} legal turns", pos.legal_turns().expect("turns").count());
    println!("library {}", fanorona::library_version());
}
RUST

check() {
    if ! grep -qx 'perft 3: 724' "$1" || ! grep -q '^library [0-9]' "$1"; then
        echo "FAIL: $2 printed:" >&2
        cat "$1" >&2
        exit 1
    fi
    echo "ok: $2"
}

cd "$tmp/user"
"$cargo" build --offline --quiet --target-dir "$tmp/target-plain"
LD_LIBRARY_PATH=$libdir "$tmp/target-plain/debug/fanorona-user" >"$tmp/plain.out"
check "$tmp/plain.out" "built by path, run with LD_LIBRARY_PATH"

RUSTFLAGS="-C link-arg=-Wl,-rpath,$libdir" \
    "$cargo" build --offline --quiet --target-dir "$tmp/target-rpath"
"$tmp/target-rpath/debug/fanorona-user" >"$tmp/rpath.out"
check "$tmp/rpath.out" "built with a run path, run without LD_LIBRARY_PATH"
loaded=$(ldd "$tmp/target-rpath/debug/fanorona-user" |
         awk '$1 ~ /^libfanorona\.so/ { print $3 }')
case "$loaded" in
    "$libdir"/*) ;;
    *) echo "FAIL: the program loads '$loaded', not $libdir's" >&2; exit 1 ;;
esac
