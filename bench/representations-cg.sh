#!/bin/sh
# SPDX-License-Identifier: MIT
# Instruction counts of each variant of bench/representations.c under
# cachegrind (deterministic, unlike wall times on a shared machine): every
# variant is run alone (--only) and the run with --only none (the fan_perft
# references and the start-up) is subtracted. Prints instructions in
# millions and per leaf. About a minute in all.
#
#   bench/representations-cg.sh build/bench/representations
set -eu
exe=${1:?usage: $0 path/to/representations}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

irefs() { # variant -> instruction count; the program's output in $tmp/out
    valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file="$tmp/cg.out" "$exe" 1 --only "$1" \
        >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    sed -n 's/.*I *refs: *//p' "$tmp/err" | tr -d ,
}

base=$(irefs none)
printf '%-9s %-6s %10s %10s %8s\n' variant count leaves "M instr" "/leaf"
for v in copy unmake unmake-c wcopy wunmake spos8 walk8 walk64 tlist64 walk8p walk64p \
         tlist64p; do
    ir=$(irefs "$v")
    # the summary line: "  name kind leaves leaves ..."
    set -- $(grep -A20 '^all positions' "$tmp/out" | grep "^  $v ")
    awk -v v="$v" -v k="$2" -v n="$3" -v ir="$ir" -v b="$base" 'BEGIN {
        printf "%-9s %-6s %10d %10.1f %8.1f\n", v, k, n, (ir - b) / 1e6,
               (ir - b) / n }'
done
