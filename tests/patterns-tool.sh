#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-patterns: fits pattern weights to self-play data and writes
# them as C: 8 tables of 19683 entries, each within +-1500, the tables of
# blocks that a mirror maps onto themselves symmetric; the held-out error
# it reports with the weights is no worse than without; two runs write the
# same file; the table is named by --name; --warm starts from the table
# built in (lib/eval-patterns.c); bad arguments are refused.
#   patterns-tool.sh FANORONA-SELFPLAY FANORONA-PATTERNS EVAL-PATTERNS.C
set -eu
sp=$1
pat=$2
builtin=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$sp" --games 130 --nodes 300 --seed 5 --out "$dir/data" 2>/dev/null
n=$(wc -l <"$dir/data")
[ "$n" -gt 10000 ] || { echo "too little data: $n lines"; exit 1; }

"$pat" --iterations 60 --out "$dir/p.c" "$dir/data" 2>"$dir/log"
"$pat" --iterations 60 --out "$dir/p2.c" "$dir/data" 2>/dev/null
# the same weights (the header names the --out file)
sed -n '/^#define PW/,$p' "$dir/p.c" >"$dir/b1"
sed -n '/^#define PW/,$p' "$dir/p2.c" >"$dir/b2"
[ -s "$dir/b1" ] && cmp -s "$dir/b1" "$dir/b2" || { echo "two runs differ"; exit 1; }

# the built-in table's errors come first; the table is named by --name
# (eval_pattern_weights by default)
grep -q '^the built-in pattern weights: error [0-9.]*, held out [0-9.]*$' \
    "$dir/log" || { echo "no built-in table's errors"; exit 1; }
grep -q '^const int32_t eval_pattern_weights\[' "$dir/p.c" ||
    { echo "not named eval_pattern_weights"; exit 1; }
"$pat" --iterations 1 --name eval_pattern_weights_must \
    --out "$dir/m.c" "$dir/data" 2>/dev/null
grep -q '^const int32_t eval_pattern_weights_must\[' "$dir/m.c" ||
    { echo "--name not written"; exit 1; }

# "best held-out error A at iteration I (B without patterns)": A <= B
awk '/^best held-out error/ {
        a = $4; b = $8; sub(/^\(/, "", b); found = 1
        if (a + 0 > b + 0) { print "worse with patterns: " $0; exit 1 }
    }
    END { if (!found) { print "no summary"; exit 1 } }' "$dir/log"

# the entries, table by table; the middle row's tables (4 .. 7) equal
# under the rows' mirror, the middle column's (3, 7) under the columns';
# some weight is not 0
grep -o 'PW(-\?[0-9]*, -\?[0-9]*)' "$dir/p.c" | tr -d 'PW(),' >"$dir/w"
awk '
    { mg[NR - 1] = $1; eg[NR - 1] = $2
      if ($1 > 1500 || $1 < -1500 || $2 > 1500 || $2 < -1500) big++
      if ($1 != 0 || $2 != 0) nz++ }
    function mirror(s, rows, cols,    d, k, out, p, dr, dc) {
        for (k = 0; k < 9; k++) { d[k] = s % 3; s = int(s / 3) }
        out = 0; p = 1
        for (k = 0; k < 9; k++) {
            dr = int(k / 3); dc = k % 3
            if (rows) dr = 2 - dr
            if (cols) dc = 2 - dc
            out += p * d[3 * dr + dc]; p *= 3
        }
        return out
    }
    function same(t, s, m) {
        return mg[t * 19683 + s] == mg[t * 19683 + m] &&
               eg[t * 19683 + s] == eg[t * 19683 + m]
    }
    END {
        if (NR != 8 * 19683) { print NR " entries"; exit 1 }
        if (big) { print big " entries beyond 1500"; exit 1 }
        if (!nz) { print "all weights 0"; exit 1 }
        for (t = 3; t < 8; t++)
            for (s = 0; s < 19683; s++) {
                if (t >= 4 && !same(t, s, mirror(s, 1, 0))) {
                    print "table " t " not symmetric by rows at " s; exit 1
                }
                if (t % 4 == 3 && !same(t, s, mirror(s, 0, 1))) {
                    print "table " t " not symmetric by columns at " s; exit 1
                }
            }
    }' "$dir/w"

# --warm: with --iterations 0 it writes the built-in table back; 30
# iterations change it, the held-out error reported from the built-in
# table's as the start
entries() { grep -o 'PW(-\?[0-9]*, -\?[0-9]*)' "$1"; }
"$pat" --warm --iterations 0 --out "$dir/w0.c" "$dir/data" 2>/dev/null
entries "$dir/w0.c" >"$dir/e0"
entries "$builtin" >"$dir/eb"
[ "$(wc -l <"$dir/e0")" -eq $((8 * 19683)) ] && cmp -s "$dir/e0" "$dir/eb" ||
    { echo "--warm --iterations 0 is not the built-in table"; exit 1; }
"$pat" --warm --iterations 30 --out "$dir/w30.c" "$dir/data" 2>"$dir/wlog"
awk '/^best held-out error .* at the start\)$/ {
        a = $4; b = $8; sub(/^\(/, "", b); found = 1
        if (a + 0 > b + 0) { print "worse than the start: " $0; exit 1 } }
    END { if (!found) { print "no start error with --warm"; exit 1 } }' \
    "$dir/wlog"
entries "$dir/w30.c" >"$dir/e30"
if cmp -s "$dir/e30" "$dir/eb"; then echo "--warm changed nothing"; exit 1; fi

for args in "--iterations -1 $dir/data" "--rules none $dir/data" \
        "--rate 0 $dir/data" "--l2 -1 $dir/data" "--shapes 1 $dir/data" \
        "--bogus 1 $dir/data" ""; do
    # shellcheck disable=SC2086
    if "$pat" $args --out "$dir/x.c" >/dev/null 2>&1; then
        echo "accepted: $args"; exit 1
    fi
done
if "$pat" --out "$dir/x.c" "$dir/missing" >/dev/null 2>&1; then
    echo "accepted a missing file"; exit 1
fi
# under 10 000 lines nothing is held out: the last iteration's weights
head -5000 "$dir/data" >"$dir/half"
"$pat" --iterations 30 --out "$dir/h.c" "$dir/half" 2>"$dir/hlog"
grep -q 'no positions held out' "$dir/hlog" || { cat "$dir/hlog"; exit 1; }
grep -q 'PW(-\?[1-9]' "$dir/h.c" || { echo "all weights 0 (5000 lines)"; exit 1; }
head -100 "$dir/data" >"$dir/small"
if "$pat" --out "$dir/x.c" "$dir/small" >/dev/null 2>&1; then
    echo "accepted 100 positions"; exit 1
fi
echo ok
