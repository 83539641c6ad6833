#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-selfplay --tables: games end where 2..4-piece tables (made here
# with fanorona tb generate) cover the position, the summary says how many,
# no position written has 4 pieces or fewer, every label is 0, 0.5 or 1;
# an unreadable table directory is refused (exit 1).
#   selfplay-tool.sh FANORONA-SELFPLAY FANORONA
set -eu
selfplay=$1
cli=$2
dir=$(mktemp -d)
out=$(mktemp)
err=$(mktemp)
trap 'rm -rf "$dir" "$out" "$err"' EXIT

"$cli" tb generate --rules stop --pieces 4 "$dir" >/dev/null 2>&1
"$selfplay" --games 30 --nodes 300 --seed 3 --tables "$dir" --out "$out" 2>"$err"
grep -Eq '^30 games, [1-9][0-9]* ended by the tables \([0-9]+ won, [0-9]+ drawn, [0-9]+ lost for the side to move there\); [0-9]+ positions written$' "$err" ||
    { cat "$err"; echo "no games ended by the tables"; exit 1; }
written=$(sed -n 's/.*; \([0-9]*\) positions written$/\1/p' "$err")
[ "$(wc -l <"$out")" -eq "$written" ] || { echo "lines and summary disagree"; exit 1; }
# pieces on the board (the first field of the position string)
awk -F';' '{ split($1, f, " "); n = gsub(/[WB]/, "", f[1]);
             if (n <= 4 || ($2 != "0" && $2 != "0.5" && $2 != "1")) { print; bad = 1 } }
           END { exit bad }' "$out" || { echo "a covered position or a bad label"; exit 1; }

if "$selfplay" --games 1 --tables "$dir/none" --out "$out" 2>"$err"; then
    echo "a missing table directory was accepted"; exit 1
fi
grep -q "^fanorona-selfplay: $dir/none: " "$err" || { cat "$err"; exit 1; }
