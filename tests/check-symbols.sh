#!/bin/sh
# SPDX-License-Identifier: MIT
# The functions the shared library exports (global T symbols of nm -D) must
# be exactly the names listed in the linker version script: nothing extra,
# nothing missing.
# Usage: check-symbols.sh NM LIBRARY VERSION-SCRIPT
set -eu
nm=$1
lib=$2
script=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$nm" -D --defined-only "$lib" |
    awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort -u >"$tmp/exported"
# Names between "global:" and "local:", one "name;" per line.
# A node's braces end its list (later nodes: "} FANORONA_1;").
awk '/[{}]/    { on = 0; next }
     /global:/ { on = 1; next }
     /local:/  { on = 0 }
     on { gsub(/[;[:space:]]/, ""); if ($0 != "") print }' "$script" |
    sort -u >"$tmp/listed"

if [ ! -s "$tmp/exported" ] || [ ! -s "$tmp/listed" ]; then
    echo "no symbols found (exported: $(wc -l <"$tmp/exported"), listed: $(wc -l <"$tmp/listed"))" >&2
    exit 1
fi
status=0
extra=$(comm -23 "$tmp/exported" "$tmp/listed")
missing=$(comm -13 "$tmp/exported" "$tmp/listed")
if [ -n "$extra" ]; then
    echo "exported but not in $script:" >&2
    echo "$extra" >&2
    status=1
fi
if [ -n "$missing" ]; then
    echo "in $script but not exported:" >&2
    echo "$missing" >&2
    status=1
fi
echo "$(wc -l <"$tmp/exported") symbols checked"
exit $status
