#!/bin/sh
# SPDX-License-Identifier: MIT
# Compares the ABI of the built library with the checked-in baseline
# (abi/libfanorona.abi, written by abidw). Added functions are compatible
# and ignored; a removed function or a changed type fails the test unless
# the soversion was bumped (see doc/versioning.md). Exit 77 (skipped) when
# abigail-tools are not installed or the library has no debug information.
#
# Usage: check-abi.sh LIBRARY BASELINE SUPPRESSIONS HEADER-DIR...
# SUPPRESSIONS (abi/libfanorona.suppr) names what is not ABI: the layout of
# the opaque handles.
set -u

lib=$1
baseline=$2
suppressions=$3
shift 3

for tool in abidw abidiff; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool not found (install abigail-tools)"
        exit 77
    fi
done

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

headers=""
for dir in "$@"; do
    headers="$headers --headers-dir $dir"
done

# shellcheck disable=SC2086 # word splitting of $headers is intended
if ! abidw --no-corpus-path --no-comp-dir-path --no-show-locs $headers "$lib" >"$tmp/current.abi"; then
    echo "FAIL: abidw could not read $lib"
    exit 1
fi
if ! grep -q '<abi-instr' "$tmp/current.abi"; then
    echo "SKIP: $lib has no debug information to compare types (build with -g)"
    exit 77
fi

soname() {
    sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$1"
}
old=$(soname "$baseline")
new=$(soname "$tmp/current.abi")
echo "baseline: $baseline ($old)"
echo "built:    $lib ($new)"

abidiff --no-added-syms --suppressions "$suppressions" "$baseline" \
    "$tmp/current.abi" >"$tmp/diff.txt"
status=$?
cat "$tmp/diff.txt"

if [ $((status & 3)) -ne 0 ]; then
    echo "FAIL: abidiff could not compare (status $status)"
    exit 1
fi
if [ "$status" -eq 0 ]; then
    echo "OK: no change to the released ABI (added functions are compatible)"
    exit 0
fi
if [ "$old" != "$new" ]; then
    echo "OK: the ABI changed and the soversion was bumped ($old -> $new);"
    echo "    record the new baseline: ninja -C <builddir> abi-baseline"
    exit 0
fi
if [ $((status & 8)) -ne 0 ]; then
    echo "FAIL: incompatible ABI change (removed functions or variables)"
else
    echo "FAIL: the ABI changed (types or function signatures)"
fi
echo "      Keep the old ABI, or bump the soversion in meson.build; a change"
echo "      that is compatible in fact (e.g. naming a reserved field) needs a"
echo "      reviewed new baseline: ninja -C <builddir> abi-baseline"
echo "      (doc/versioning.md)."
exit 1
