#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-treesize: the same configuration twice searches the same trees
# (equal node counts, a node ratio of exactly 1), the counts do not depend
# on the run (two runs print the same nodes), a switch that changes the
# search changes them, and a spec that is not an engine's is refused.
#   treesize-tool.sh FANORONA-TREESIZE
set -eu
ts=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

nodes() { sed -n "s/^$1 .* \([0-9][0-9]*\) nodes .*/\1/p" "$2"; }

"$ts" --positions 12 --depth 6 --rules must >"$dir/same"
a=$(nodes A "$dir/same")
b=$(nodes B "$dir/same")
[ -n "$a" ] && [ "$a" -gt 0 ] && [ "$a" = "$b" ] ||
    { cat "$dir/same"; echo "one configuration, two node counts"; exit 1; }
grep -q '^A / B: nodes 1.000,' "$dir/same" ||
    { cat "$dir/same"; echo "ratio of equal counts not 1"; exit 1; }

"$ts" --positions 12 --depth 6 --a engine:lmr=0 >"$dir/lmr1"
"$ts" --positions 12 --depth 6 --a engine:lmr=0 >"$dir/lmr2"
[ "$(nodes A "$dir/lmr1")" = "$(nodes A "$dir/lmr2")" ] &&
    [ "$(nodes B "$dir/lmr1")" = "$(nodes B "$dir/lmr2")" ] ||
    { cat "$dir/lmr1" "$dir/lmr2"; echo "node counts differ between runs"; exit 1; }
[ "$(nodes A "$dir/lmr1")" -gt "$(nodes B "$dir/lmr1")" ] ||
    { cat "$dir/lmr1"; echo "no late move reductions did not search more nodes"; exit 1; }

if "$ts" --a plain --positions 1 2>/dev/null; then
    echo "a spec that is not an engine's was accepted"; exit 1
fi
status=0
"$ts" --a plain --positions 1 >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || { echo "refusal exit status $status, not 2"; exit 1; }
echo ok
