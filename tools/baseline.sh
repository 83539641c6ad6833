#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the engine program of an earlier commit, to play against in
# matches (issue 13: every change is judged against a frozen engine):
#
#   tools/baseline.sh COMMIT [DIR]
#
# The source of COMMIT is taken from git (git archive: the working tree is
# not touched), built in release mode without tests into DIR (default
# build-baseline/COMMIT), and the path of its fanorona-engine is printed
# last. That program keeps working as long as DIR exists (it finds its
# library there). Use it with fanorona-match as `--b uci:PATH`.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 COMMIT [DIR]" >&2
    exit 2
fi
top=$(git rev-parse --show-toplevel)
commit=$(git -C "$top" rev-parse --short=12 "$1^{commit}")
out=${2:-$top/build-baseline/$commit}
engine=$(find "$out" -name fanorona-engine -type f -perm -u+x 2>/dev/null | head -n 1 || true)
if [ -n "$engine" ]; then
    echo "$engine"
    exit 0
fi

src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
git -C "$top" archive "$commit" | tar -x -C "$src"
mkdir -p "$(dirname "$out")"
meson setup "$out" "$src" -Dtests=false -Dbuildtype=release >/dev/null
ninja -C "$out" >/dev/null
engine=$(find "$out" -name fanorona-engine -type f -perm -u+x | head -n 1)
if [ -z "$engine" ]; then
    echo "$0: commit $commit built no fanorona-engine" >&2
    exit 1
fi
# the program must run without its source tree
echo "uci" | "$engine" | grep -q uciok
echo "$engine"
