#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-tune on a little self-play data: with --from-fitted and no
# iterations it writes back the committed fit (lib/eval-weights.c: the same
# numbers, the same groups) and reports the same error before and after;
# a fit of some iterations from the hand weights lowers the training error
# and keeps material at 100 in both phases with --fix-material.
#   tune-tool.sh FANORONA-SELFPLAY FANORONA-TUNE LIB/EVAL-WEIGHTS.C
set -eu
selfplay=$1
tune=$2
fitted=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$selfplay" --games 20 --nodes 300 --seed 5 --out "$dir/data.txt" 2>/dev/null
[ "$(wc -l <"$dir/data.txt")" -gt 100 ] || { echo "too little data"; exit 1; }

# the numbers of a weights file: the mg and eg lists and the groups
numbers() {
    sed -n '/^const eval_weights/,$p' "$1" | sed 's|/\*.*\*/||' |
        tr -cs '0-9-' '\n' | grep -v '^$'
}

"$tune" --iterations 0 --from-fitted --out "$dir/same.c" "$dir/data.txt" >"$dir/log"
numbers "$fitted" >"$dir/want"
numbers "$dir/same.c" >"$dir/got"
[ "$(wc -l <"$dir/want")" -gt 50 ] || { echo "no weights read from $fitted"; exit 1; }
cmp -s "$dir/want" "$dir/got" ||
    { diff "$dir/want" "$dir/got"; echo "--from-fitted did not start from the fit"; exit 1; }
before=$(sed -n 's/.*error before: training \([0-9.]*\), held out \([0-9.]*\)$/\1 \2/p' "$dir/log")
after=$(sed -n 's/^error after: training \([0-9.]*\), held out \([0-9.]*\)$/\1 \2/p' "$dir/log")
[ -n "$before" ] && [ "$before" = "$after" ] ||
    { cat "$dir/log"; echo "no iterations changed the error"; exit 1; }

"$tune" --iterations 200 --fix-material --out "$dir/fit.c" "$dir/data.txt" >"$dir/log"
b=$(sed -n 's/.*error before: training \([0-9.]*\),.*/\1/p' "$dir/log")
a=$(sed -n 's/^error after: training \([0-9.]*\),.*/\1/p' "$dir/log")
awk -v b="$b" -v a="$a" 'BEGIN { if (!(b != "" && a != "" && a + 0 < b + 0)) {
    print "training error " b " -> " a; exit 1 } }'
[ "$(grep -c '^        100, /\* material \*/$' "$dir/fit.c")" -eq 2 ] ||
    { echo "material not 100 in both phases"; exit 1; }
