#!/bin/sh
# SPDX-License-Identifier: MIT
# fanorona-match: the SPRT stops a lopsided match early with H1 accepted;
# clocks are kept and nobody loses on time against an instant player;
# refused options exit 2; the time a turn is summed up; a protocol engine
# (fanorona-engine, whose bestmove carries a ponder turn) plays; Fanorona
# Chess matches add up, with a record for every game, and the engine
# beats a random mover; Fanorona games have records too.
#   match-tool.sh FANORONA-MATCH [FANORONA-ENGINE]
set -eu
match=$1
engine=${2:-}
out=$(mktemp)
rec=$(mktemp)
pos=$(mktemp)
trap 'rm -f "$out" "$rec" "$pos"' EXIT

"$match" --games 200 --a engine --b random --depth 2 --sprt 0,100 >"$out"
grep -q '^sprt elo0 0 elo1 100 alpha 0.05 beta 0.05: LLR .*: H1 accepted$' "$out"
games=$(sed -n 's/^games \([0-9]*\) .*/\1/p' "$out")
[ "$games" -lt 200 ] || { echo "the SPRT did not stop the match: $games games"; exit 1; }
grep -q '^pairs ' "$out"
grep -q '^Elo A-B (pairs): ' "$out"

"$match" --games 2 --a engine --b random --tc 0.4+0.01 --plies 2 >"$out"
grep -q ' 0 on time;' "$out" || { cat "$out"; echo "a side lost on time"; exit 1; }
grep -q '^A: 0 lost on time, least clock left after a turn [0-9]* ms$' "$out" ||
    { cat "$out"; echo "no clock figures"; exit 1; }

# the time a turn at a fixed time: a median near it over the turns the
# engine chose (forced turns and decided ones, answered with a proven win
# or loss after a short search, are left out and counted: against a
# depth-3 opponent the engine may prove its win early in a game)
"$match" --games 2 --a engine --b engine:depth=3 --movetime 30 --plies 2 >"$out"
line=$(grep '^A: time a turn ' "$out") || { cat "$out"; echo "no time figures"; exit 1; }
median=$(echo "$line" | sed -n 's/.* median \([0-9.]*\) .*/\1/p')
awk -v m="$median" 'BEGIN { exit !(m >= 27 && m <= 60) }' ||
    { echo "$line"; echo "median time a turn not near 30 ms"; exit 1; }
echo "$line" | grep -Eq ' of movetime; [0-9]+ of [0-9]+ turns under 90%\); [0-9]+ forced and [0-9]+ decided turns left out$' ||
    { echo "$line"; exit 1; }

# two search threads against one; a thread count out of range is refused
"$match" --games 2 --a engine:threads=2 --b engine --depth 2 --plies 2 >"$out"
grep -q '^games 2 ' "$out" || { cat "$out"; echo "threads=2"; exit 1; }
if "$match" --games 2 --a engine:threads=0 --b engine --depth 1 >"$out" 2>&1; then
    echo "threads=0 was accepted"; exit 1
fi

if [ -n "$engine" ]; then
    "$match" --games 2 --jobs 2 --a "uci:$engine" --b engine --depth 2 --plies 2 >"$out"
    grep -q ' 0 forfeits,' "$out" || { cat "$out"; echo "the protocol engine forfeited"; exit 1; }
fi

# endgame openings: every game starts with 3 or 4 pieces left
"$match" --games 4 --a engine --b random --depth 1 --endgame 3-4 --verbose >"$out"
grep -q '^games 4 ' "$out" || { cat "$out"; echo "endgame openings"; exit 1; }
if "$match" --games 2 --a engine:tables=/nonexistent --b random --depth 1 \
        >"$out" 2>&1; then
    echo "tables that do not exist were accepted"; exit 1
fi

# balanced openings: drawn again until a depth-8 search scores them near 0
"$match" --games 2 --a engine --b random --depth 1 --balanced 40 --verbose >"$out"
grep -q '^games 2 ' "$out" || { cat "$out"; echo "balanced openings"; exit 1; }

for bad in "--balanced -1" "--balanced x" "--endgame 1-4" "--endgame 5-3" "--endgame 4" "--tc 10+" "--tc x+1" "--tc 0+1" "--sprt 5,0" "--sprt 0,5,0.7,0.05"; do
    # shellcheck disable=SC2086
    if "$match" --games 2 --a engine --b random $bad >"$out" 2>&1; then
        echo "accepted: $bad"; exit 1
    else
        status=$?
        [ "$status" -eq 2 ] || { echo "$bad: exit $status, not 2"; exit 1; }
    fi
done
# Fanorona records: one a game, each after its "# game" line, whose
# score for A agrees with the record's result and with the match's score
"$match" --games 4 --a engine --b random --depth 1 --plies 2 --records "$rec" >"$out"
wins=$(sed -n 's/^games 4 (A: +\([0-9]*\) =.*/\1/p' "$out")
[ -n "$wins" ] || { cat "$out"; echo "records: no games line"; exit 1; }
[ "$(grep -c '^# game [1-4]: A \(white\|black\), A scored -\?[01], pieces [0-9]*-[0-9]*$' "$rec")" -eq 4 ] &&
    [ "$(grep -c '^\[Result ' "$rec")" -eq 4 ] || { cat "$rec"; echo "not a record a game"; exit 1; }
awk -v wins="$wins" '
    /^# game / { side = $5; sc = $8 + 0; n++; if (sc == 1) w++ }
    /^\[Result / { white_won = (sc == 1) == (side == "white,")
                   want = sc == 0 ? "\"1/2-1/2\"]" : white_won ? "\"1-0\"]" : "\"0-1\"]"
                   if ($2 != want) bad = 1 }
    END { exit bad || n != 4 || w != wins }' "$rec" ||
    { cat "$rec"; echo "records: results differ from the scores"; exit 1; }

# Fanorona Chess. "games N (A: +W =D -L)" and the ends must add up to N,
# the records must say the same, and the engine must win.
fail() { cat "$out"; echo "chess: $1"; exit 1; }
"$match" --game chess --games 6 --a engine --b random --nodes 300 \
    --records "$rec" --positions "$pos" >"$out"
# shellcheck disable=SC2046
set -- $(sed -n 's/^games \([0-9]*\) (A: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\)).*/\1 \2 \3 \4/p' "$out")
[ "$#" -eq 4 ] || fail "no games line"
if [ "$1" -ne 6 ] || [ $(($2 + $3 + $4)) -ne 6 ]; then fail "the games do not add up"; fi
if [ "$4" -ne 0 ] || [ "$2" -lt 5 ]; then fail "the engine did not beat random"; fi
decisive=$(($2 + $4))
# shellcheck disable=SC2046
set -- $(sed -n 's/^ends: \([0-9]*\) checkmate, \([0-9]*\) stalemate, \([0-9]*\) repetition, \([0-9]*\) fifty moves, \([0-9]*\) length cap (400 plies, a draw), \([0-9]*\) on time;.*/\1 \2 \3 \4 \5 \6/p' "$out")
[ "$#" -eq 6 ] || fail "no ends line"
[ $(($1 + $2 + $3 + $4 + $5 + $6)) -eq 6 ] || fail "the ends do not add up"
[ $(($1 + $2)) -eq "$decisive" ] || fail "mates and stalemates are not the wins"
[ "$(grep -c '^\[Result ' "$rec")" -eq 6 ] || fail "not a record a game"
[ "$(grep -c '^\[Result "\(1-0\|0-1\)"\]' "$rec")" -eq "$decisive" ] ||
    fail "the records' results differ from the score"
# a material sample a line: game, score, side to move and six differences
awk 'NF != 9 || $1 < 1 || $1 > 6 || ($2 != 0 && $2 != 0.5 && $2 != 1) \
     { bad = 1 } END { exit bad || NR == 0 }' "$pos" || fail "--positions"

# the length cap: random movers stopped after 10 plies, drawn, unfinished
"$match" --game chess --games 4 --a random --b random --max-plies 10 \
    --records "$rec" >"$out"
grep -q '^games 4 (A: +0 =4 -0)' "$out" || fail "capped games are not draws"
grep -q ' 4 length cap (10 plies, a draw)' "$out" || fail "the cap"
[ "$(grep -c '^\[Result "\*"\]' "$rec")" -eq 4 ] || fail "capped records"
[ "$(grep -c ' 10\. [A-Z]' "$rec")" -eq 4 ] || fail "not 10 plies a game"
[ "$(grep -c ' 11\. ' "$rec")" -eq 0 ] || fail "more than 10 plies"

for bad in "--endgame 3-4" "--balanced 30" "--rules must" "--a uci:/bin/true" \
        "--a engine:tables=/tmp" "--a engine:nosuch=1" "--a engine:value.x=1"; do
    # shellcheck disable=SC2086
    if "$match" --game chess --games 2 --b random --depth 1 $bad >"$out" 2>&1; then
        echo "chess accepted: $bad"; exit 1
    else
        status=$?
        [ "$status" -eq 2 ] || { echo "chess $bad: exit $status, not 2"; exit 1; }
    fi
done
for bad in "--game checkers" "--max-plies 10" "--positions $pos"; do
    # shellcheck disable=SC2086
    if "$match" --games 2 --a random --b random $bad >"$out" 2>&1; then
        echo "accepted: $bad"; exit 1
    fi
done
echo "match tool: ok"
