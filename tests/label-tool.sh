#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-label: every position of the data comes back once, unchanged,
# with its result; the label is the result at --lambda 1 and the search's
# win probability (from the score on the line) at --lambda 0; scores are
# clamped to +-2000 and not all equal; two runs write the same file; bad
# options are refused with status 2.
#   label-tool.sh FANORONA-SELFPLAY FANORONA-LABEL
set -eu
sp=$1
lab=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$sp" --games 6 --nodes 800 --seed 3 --out "$dir/data" 2>/dev/null
n=$(wc -l <"$dir/data")
[ "$n" -gt 10 ] || { echo "too little data: $n lines"; exit 1; }

"$lab" --nodes 1500 --lambda 1 "$dir/data" >"$dir/l1" 2>/dev/null
"$lab" --nodes 1500 --lambda 0 "$dir/data" >"$dir/l0" 2>/dev/null
"$lab" --nodes 1500 --lambda 0 "$dir/data" >"$dir/l0b" 2>/dev/null
cmp -s "$dir/l0" "$dir/l0b" || { echo "two runs differ"; exit 1; }

# the positions and results, in order
cut -d';' -f1,2 "$dir/l1" >"$dir/back"
cmp -s "$dir/data" "$dir/back" ||
    { diff "$dir/data" "$dir/back" | head; echo "positions or results changed"; exit 1; }

awk -F';' '$4 != $2 { bad++ } END { exit bad > 0 }' "$dir/l1" ||
    { echo "--lambda 1: label is not the result"; exit 1; }
awk -F';' '{
        q = 1 / (1 + 10 ^ (-0.476 * $3 / 400))
        d = $4 - q; if (d < 0) d = -d
        if (d > 0.0002 || $3 > 2000 || $3 < -2000) bad++
        seen[$3] = 1
    }
    END { k = 0; for (s in seen) k++; exit bad > 0 || k < 3 }' "$dir/l0" ||
    { head "$dir/l0"; echo "--lambda 0: label is not the score's probability"; exit 1; }

for args in "--lambda 2 $dir/data" "--nodes 0 $dir/data" "--nodes 100" \
            "--bogus 1 $dir/data"; do
    status=0
    # shellcheck disable=SC2086
    "$lab" $args >/dev/null 2>&1 || status=$?
    [ "$status" = 2 ] || { echo "'$args': status $status, not 2"; exit 1; }
done
echo ok
