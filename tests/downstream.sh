#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Downstream builds: installs this build into a temporary DESTDIR, then
# builds examples/c/first-game.c against the installed copy twice, once
# with nothing but `pkg-config --cflags --libs fanorona` and once as a
# meson project with dependency('fanorona'), and runs both.
#
# With a C++ compiler it also builds examples/cpp/greedy-game.cpp that way.
#
# Usage: downstream.sh BUILD_DIR SOURCE_DIR MESON CC [CXX]
# (CC and CXX may be several words, as "ccache cc".)
set -euo pipefail

build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) meson=$3 cc=$4 cxx=${5:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root

"$meson" install -C "$build" --no-rebuild --destdir "$root" --quiet >/dev/null

pc=$(find "$root" -name fanorona.pc -print -quit)
lib=$(find "$root" -name 'libfanorona.so*' -print -quit)
if [ -z "$pc" ] || [ -z "$lib" ]; then
    echo "FAIL: no fanorona.pc or libfanorona.so under $root" >&2
    exit 1
fi
# The .pc file names the real prefix; the sysroot puts DESTDIR in front.
export PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_SYSROOT_DIR=$root
export LD_LIBRARY_PATH=$(dirname "$lib")

check_output() {
    if ! grep -qx 'perft 3: 724' "$1"; then
        echo "FAIL: $2 printed:" >&2
        cat "$1" >&2
        exit 1
    fi
}

# 1. A compiler and pkg-config, nothing else.
mkdir "$tmp/plain"
flags=$(pkg-config --cflags --libs fanorona)
echo "pkg-config --cflags --libs fanorona: $flags"
case "$flags" in
    *"$src"* | *"$build"*) echo "FAIL: flags point into the source or build tree" >&2
                           exit 1 ;;
esac
# shellcheck disable=SC2086 # the compiler and the flags are words
$cc -o "$tmp/plain/first-game" "$src/examples/c/first-game.c" $flags
(cd "$tmp/plain" && ./first-game) >"$tmp/plain.out"
check_output "$tmp/plain.out" "the pkg-config build"
echo "ok: built with pkg-config and ran"
if [ -n "$cxx" ]; then
    # shellcheck disable=SC2086
    $cxx -std=c++17 -o "$tmp/plain/greedy-game" \
        "$src/examples/cpp/greedy-game.cpp" $flags
    "$tmp/plain/greedy-game" >"$tmp/cpp.out"
    if ! grep -qx 'undone to the start: yes' "$tmp/cpp.out"; then
        echo "FAIL: the C++ example printed:" >&2
        cat "$tmp/cpp.out" >&2
        exit 1
    fi
    echo "ok: C++ example built with pkg-config and ran"
fi

# 2. A meson project using dependency('fanorona').
mkdir "$tmp/user"
cp "$src/examples/c/first-game.c" "$tmp/user/"
cat >"$tmp/user/meson.build" <<'MESON'
project('fanorona-user', 'c')
executable('first-game', 'first-game.c', dependencies : dependency('fanorona'))
MESON
"$meson" setup "$tmp/user/build" "$tmp/user" >"$tmp/setup.log" 2>&1 ||
    { cat "$tmp/setup.log" >&2; exit 1; }
"$meson" compile -C "$tmp/user/build" >"$tmp/compile.log" 2>&1 ||
    { cat "$tmp/compile.log" >&2; exit 1; }
(cd "$tmp/user/build" && ./first-game) >"$tmp/user.out"
check_output "$tmp/user.out" "the meson build"
echo "ok: built with meson dependency('fanorona') and ran"
