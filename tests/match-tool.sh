#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-match: the SPRT stops a lopsided match early with H1 accepted;
# clocks are kept and nobody loses on time against an instant player;
# refused options exit 2.
#   match-tool.sh FANORONA-MATCH
set -eu
match=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT

"$match" --games 200 --a engine --b random --depth 2 --sprt 0,100 >"$out"
grep -q '^sprt elo0 0 elo1 100 alpha 0.05 beta 0.05: LLR .*: H1 accepted$' "$out"
games=$(sed -n 's/^games \([0-9]*\) .*/\1/p' "$out")
[ "$games" -lt 200 ] || { echo "the SPRT did not stop the match: $games games"; exit 1; }
grep -q '^pairs ' "$out"
grep -q '^Elo A-B (pairs): ' "$out"

"$match" --games 2 --a engine --b random --tc 0.4+0.01 --plies 2 >"$out"
grep -q ' 0 on time;' "$out" || { cat "$out"; echo "a side lost on time"; exit 1; }

# endgame openings: every game starts with 3 or 4 pieces left
"$match" --games 4 --a engine --b random --depth 1 --endgame 3-4 --verbose >"$out"
grep -q '^games 4 ' "$out" || { cat "$out"; echo "endgame openings"; exit 1; }
if "$match" --games 2 --a engine:tables=/nonexistent --b random --depth 1 \
        >"$out" 2>&1; then
    echo "tables that do not exist were accepted"; exit 1
fi

for bad in "--endgame 1-4" "--endgame 5-3" "--endgame 4" "--tc 10+" "--tc x+1" "--tc 0+1" "--sprt 5,0" "--sprt 0,5,0.7,0.05"; do
    # shellcheck disable=SC2086
    if "$match" --games 2 --a engine --b random $bad >"$out" 2>&1; then
        echo "accepted: $bad"; exit 1
    else
        status=$?
        [ "$status" -eq 2 ] || { echo "$bad: exit $status, not 2"; exit 1; }
    fi
done
echo "match tool: ok"
