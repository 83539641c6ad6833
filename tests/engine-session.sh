#!/bin/sh
# SPDX-License-Identifier: MIT
# A scripted session with fanorona-engine: handshake, options, positions
# with moves in compact notation (dashes too), every kind of "go", "stop"
# during an infinite search, and a forced win; then the same for Fanorona
# Chess (setoption Variant). Usage: engine-session.sh ENGINE [CLI]
set -u
ENGINE=$1
CLI=${2:-}
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
fail() {
    echo "FAIL: $*"
    echo "---- engine output ----"
    cat "$OUT"
    exit 1
}
# expect PATTERN: a line of the last session's output matches (grep -E)
expect() {
    grep -Eq -- "$1" "$OUT" || fail "no line matches '$1'"
}
reject() {
    ! grep -Eq -- "$1" "$OUT" || fail "a line matches '$1'"
}
# lines come in this order
before() {
    a=$(grep -En -- "$1" "$OUT" | head -n 1 | cut -d: -f1)
    b=$(grep -En -- "$2" "$OUT" | tail -n 1 | cut -d: -f1)
    [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ] || fail "'$1' not before '$2'"
}
# The engine reading what is written to fd 3; end_session sends quit.
# OUT is emptied here, before the engine starts: the engine's own "> OUT"
# happens only once its process runs, which on a loaded machine can be
# after session() has found the previous session's bestmove in OUT and
# sent quit (the next engine then answered "go" without an iteration).
start_engine() {
    : > "$OUT"
    fifo=$(mktemp -u)
    mkfifo "$fifo" || fail "mkfifo"
    "$ENGINE" < "$fifo" > "$OUT" 2>&1 &
    pid=$!
    exec 3> "$fifo"
}
end_session() {
    printf 'quit\n' >&3
    exec 3>&-
    rm -f "$fifo"
    wait "$pid" || fail "engine exited with an error"
}
# Runs one session: sends the commands in order, after each "go" waits for
# its bestmove (at most 30 s), then sends quit.
session() {
    start_engine
    gos=0
    for c in "$@"; do
        printf '%s\n' "$c" >&3
        case $c in
        go*)
            gos=$((gos + 1))
            n=0
            while [ "$(grep -c '^bestmove' "$OUT")" -lt "$gos" ]; do
                n=$((n + 1))
                [ "$n" -le 600 ] || { exec 3>&-; rm -f "$fifo"; fail "no bestmove for '$c'"; }
                sleep 0.05
            done
            ;;
        esac
    done
    end_session
}

# Sends the commands of $1 (\n between them), "go infinite", after 1 s
# "isready", after 0.5 s more "stop", then quit.
infinite() {
    {
        printf '%b\ngo infinite\n' "$1"
        sleep 1
        printf 'isready\n'
        sleep 0.5
        printf 'stop\n'
        sleep 0.5
        printf 'quit\n'
    } | "$ENGINE" > "$OUT" 2>&1 || fail "engine exited with an error"
}

# 1. handshake and a first search from the start position
session uci isready ucinewgame "position startpos" "go depth 3" isready
expect '^id name '
for opt in Hash Threads MultiPV MandatoryContinuation Ponder; do
    expect "^option name $opt type "
done
before '^id name' '^uciok$'
expect '^readyok$'
expect '^info depth 1 .*score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv '
expect '^info depth 3 '
before '^info depth 3 ' '^bestmove '
# the whole search's nodes, after the iterations' lines and before the
# answer; never fewer than the last completed iteration counted
total_not_below_last() {
    expect '^info nodes [0-9]+ nps [0-9]+ time [0-9]+$'
    before '^info depth ' '^info nodes '
    before '^info nodes ' '^bestmove '
    local last total
    last=$(grep '^info depth' "$OUT" | tail -n 1 | sed 's/.* nodes \([0-9]*\) .*/\1/')
    total=$(grep '^info nodes' "$OUT" | tail -n 1 | cut -d' ' -f3)
    [ "$total" -ge "$last" ] || fail "search total $total below the last iteration's $last"
}
total_not_below_last
# White's five legal first turns (doc/rules)
expect '^bestmove (d2e3A|e2e3A|f2e3A|d3e3A|d3e3W)( ponder [a-i][1-5][a-i1-5AW]*)?$'
best=$(grep '^bestmove' "$OUT" | cut -d' ' -f2)

# 2. the best turn is playable; dashes and plain compact text are equal
session "position startpos moves $best" d
expect '^info string position [^ ]+ b stop 1 -$'
reject 'illegal'
session "position startpos moves d3-e3A" d "position startpos moves d3e3A" d
[ "$(grep -c 'b stop 1 -' "$OUT")" -eq 2 ] || fail "dash and compact moves differ"
# an illegal move: the moves before it are kept, the library says why
session "position startpos moves d3e3A e4e3W" d
expect '^info string move 2 \(e4e3W\) not played: .*: .+; the position is the one after move 1$'
expect '^info string position [^ ]+ b stop 1 -$'
# a paika to the a-file, and lower-case modes
session "position fen 8B/9/9/1W7/9 w stop 0 - moves b2a3" d \
    "position startpos moves d3e3a" d
expect '^info string position 8B/9/W8/9/9 b stop 1 -$'
expect '^info string position [^ ]+ b stop 1 -$'
reject 'illegal'

# 3. must-continue through the option; a chain of two segments
session "setoption name MandatoryContinuation value true" "position startpos" d
expect '^info string position [^ ]+ w must 0 -$'
session "position startpos moves d3e3A" "go depth 2"
expect '^bestmove [a-i][1-5][a-i][1-5][AW]'

# 4. a forced win: a3-b3 approaches the last black piece on c3
session "position fen 9/9/W1B6/9/9 w stop 0 -" "go depth 3"
expect '^info depth [0-9]+ .*score mate 1 '
expect '^bestmove a3b3A$'
# a win proven at full width ends the search before the depth asked: a1-b2,
# then whichever way a2 steps, b2 withdraws from it (a win in 3 turns of
# both sides, "mate 2"); depth 2 sees it only through quiescence, depth 3
# proves it, and no deeper iteration is printed
session "position fen 9/9/9/B8/W8 w stop 0 -" "go depth 30"
expect '^info depth 3 .*score mate 2 '
reject '^info depth 4 '
expect '^bestmove a1b2( ponder [^ ]+)?$'
# the loser's side: proven lost in 2 turns at depth 2
session "position fen 9/9/9/B8/W8 w stop 0 - moves a1b2" "go depth 30"
expect '^info depth 2 .*score mate -1 '
reject '^info depth 3 '
# and "go infinite" in it prints no more iterations, but its bestmove
# still waits for "stop"
infinite 'position fen 9/9/9/B8/W8 w stop 0 -'
expect '^info depth 3 .*score mate 2 '
reject '^info depth 4 '
before '^readyok$' '^bestmove a1b2( ponder [^ ]+)?$'
[ "$(grep -c '^bestmove ' "$OUT")" -eq 1 ] || fail "not exactly one bestmove"
# the short form of a position string, other engines' counters
session "position fen 9/9/W1B6/9/9 w 0 1" "go nodes 500"
expect '^bestmove a3b3A$'

# 5. limits: nodes, movetime, clock, multipv
session "position startpos moves d3e3A" "go nodes 2000"
expect '^bestmove '
session "position startpos" "go movetime 100"
expect '^bestmove '
session "position startpos moves d3e3A" "go wtime 2000 btime 2000 winc 10 binc 10"
expect '^bestmove '
session "setoption name MultiPV value 3" "position startpos" "go depth 2"
expect '^info depth 2 .*multipv 3 '

# 6. "go infinite" answers only after "stop", and then at once
{
    printf 'position startpos\ngo infinite\n'
    sleep 1
    printf 'isready\n'
    sleep 1
    printf 'stop\n'
    sleep 1
    printf 'quit\n'
} | "$ENGINE" > "$OUT" 2>&1 || fail "engine exited with an error"
expect '^readyok$'
before '^readyok$' '^bestmove '
[ "$(grep -c '^bestmove ' "$OUT")" -eq 1 ] || fail "not exactly one bestmove"

# 7. errors are reported, not fatal; a bad position string leaves the
# engine at the start, not on the position before it
session "position startpos moves d3e3A" "position fen nonsense" d \
    "setoption name Nope value 1" "frobnicate" isready
expect '^info string bad position at byte [0-9]+: .+; at the start position now$'
expect '^info string position BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -$'
expect '^info string unknown option'
expect '^info string unknown command'
expect '^readyok$'
session "position startpos moves d3e3A" fen "position sideways" fen
expect '^info string position needs startpos or fen; at the start position now$'
[ "$(grep -Ec '^info string position [^ ]+ [wb] stop' "$OUT")" -eq 2 ] || fail "fen is not shown"
# a line longer than any buffer: a whole game of paikas and captures
long="position startpos moves"
for i in $(seq 1 300); do long="$long d3e3A"; done
session "$long" d
expect '^info string move 2 \(d3e3A\) not played'

# 8. endgame tables: a directory without them is refused and the engine
# goes on; with tables (made by the CLI) the engine reports them
session "setoption name TablePath value /nonexistent/tables" isready
expect '^info string no tables in /nonexistent/tables: .*; the old ones are kept$'
expect '^readyok$'
session uci
expect '^option name TablePath type string default <empty>$'
if [ -n "$CLI" ]; then
    tables=$(mktemp -d)
    "$CLI" tb generate --pieces 3 "$tables" >/dev/null
    session "setoption name TablePath value $tables" \
        "position fen 9/9/2W1B4/9/4B4 w stop 0 -" "go depth 2" \
        "setoption name TablePath value <empty>" isready
    expect "^info string tables of up to 3 pieces from $tables\$"
    expect '^bestmove c3d2Ac1W( ponder [^ ]+)?$'
    rm -rf "$tables"
fi

# 9. pondering: "go ponder" searches until "ponderhit" (then its limits
# apply, counted from the ponderhit) or "stop" (bestmove at once)
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# ponder_session SECONDS CMDS... : starts a session with CMDS, waits
# SECONDS, checks that no bestmove came, then the caller sends more on fd 3
ponder_session() {
    start_engine
    wait_s=$1
    shift
    for c in "$@"; do printf '%s\n' "$c" >&3; done
    sleep "$wait_s"
    ! grep -q '^bestmove' "$OUT" || fail "a bestmove while pondering"
    grep -q '^info depth ' "$OUT" || fail "no search while pondering"
}
# send LINE: sends it and prints the milliseconds until a bestmove (at
# most 10 s)
send_and_time() {
    t0=$(now_ms)
    printf '%s\n' "$1" >&3
    while ! grep -q '^bestmove' "$OUT"; do
        [ $(($(now_ms) - t0)) -le 10000 ] || fail "no bestmove after '$1'"
        sleep 0.01
    done
    echo $(($(now_ms) - t0))
}
# movetime 300 from ponderhit, not from "go ponder" (1 s before); the
# margin is for a loaded machine
ponder_session 1 "position startpos moves d3e3A" "go ponder movetime 300"
took=$(send_and_time ponderhit)
[ "$took" -ge 280 ] && [ "$took" -le 1500 ] ||
    fail "bestmove $took ms after ponderhit with movetime 300"
expect '^bestmove [a-i][1-5][a-i][1-5][AW]* ponder [a-i][1-5][a-i][1-5][AW]*'
end_session
# the predicted reply is legal after the turn
line=$(grep '^bestmove' "$OUT")
best=$(echo "$line" | cut -d' ' -f2)
reply=$(echo "$line" | cut -d' ' -f4)
session "position startpos moves d3e3A $best $reply" d
reject 'not played'
expect '^info string position [^ ]+ b stop 3 -$'
# a clock of 2.6 s: the library's plan stops at 3 shares of 100 ms
ponder_session 1 "position startpos moves d3e3A" \
    "go ponder wtime 2600 btime 2600"
took=$(send_and_time ponderhit)
[ "$took" -le 1500 ] || fail "bestmove $took ms after ponderhit, clock 2.6 s"
end_session
# "stop" while pondering: bestmove at once, whatever the limits
ponder_session 1 "position startpos" "go ponder movetime 60000"
took=$(send_and_time stop)
[ "$took" -le 1000 ] || fail "bestmove $took ms after stop while pondering"
expect '^bestmove '
end_session
# "ponderhit" without a ponder search is ignored
session "position startpos" ponderhit "go depth 1" isready
expect '^bestmove '
[ "$(grep -c '^bestmove ' "$OUT")" -eq 1 ] || fail "not exactly one bestmove"

# 10. Fanorona Chess: the Variant option switches the game; positions,
# moves and bestmove in the chess notation (doc/fanorona-chess.md)
session uci
expect '^option name Variant type combo default fanorona var fanorona var fanorona-chess$'
CS="setoption name Variant value fanorona-chess"
START='nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1'
session "$CS" "position startpos" d "go depth 3"
expect '^info string variant fanorona-chess$'
expect "^info string position $START\$"
expect '^info string fanorona-chess, white to move, move 1, halfmove clock 0, ongoing$'
expect '^info depth 1 .*score (cp -?[0-9]+|mate -?[0-9]+) nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [KQRBNP][a-e][1-9]-[a-e][1-9]'
expect '^bestmove [KQRBNP][a-e][1-9]-[a-e][1-9]'
total_not_below_last
best=$(grep '^bestmove' "$OUT" | cut -d' ' -f2)
# the best move is legal: the rules play it (White's side is then Black's)
session "$CS" "position startpos moves $best" d
reject 'not played'
expect '^info string position [^ ]+ b '
# so is every move of the reported PV, one after the other
session "$CS" "position startpos moves Pc3-c4 Pc7-c6" "go depth 4"
pv=$(grep '^info depth' "$OUT" | tail -n 1 | sed 's/.* pv //')
[ -n "$pv" ] || fail "no pv"
session "$CS" "position startpos moves Pc3-c4 Pc7-c6 $pv" d
reject 'not played'
# a mate in 1 (doc/fanorona-chess.md's record, Qe3-a7 mates; the search
# may find another, or a stalemate, which loses too): the rules say the
# bestmove ends the game, White won
MATE='kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1'
session "$CS" "position fen $MATE" "go depth 4"
expect '^info depth [0-9]+ .*score mate 1 '
best=$(grep '^bestmove' "$OUT" | cut -d' ' -f2)
session "$CS" "position fen $MATE moves $best" d "go depth 2"
reject 'not played'
expect '^info string fanorona-chess, black to move.*, white wins: (checkmate|stalemate)$'
expect '^bestmove \(none\)$'
session "$CS" "position fen $MATE moves Qe3-a7" d
expect 'white wins: checkmate$'
# illegal and unreadable moves: the legal prefix is kept, the library
# says why
session "$CS" "position startpos moves Pc3-c4 Kc9-c8 Pc4-c5" d
expect '^info string move 2 \(Kc9-c8\) not played: .*: .+; the position is the one after move 1$'
expect '^info string position nrkrn/1bqb1/ppppp/5/5/2P2/PP1PP/1BQB1/NRKRN b Kk - - 0 1$'
# a pinned pawn (the rook on c9 would take the king on c1): the rules'
# reason, not only "no legal move"
session "$CS" "position fen 2r1k/5/5/5/5/5/2P2/5/2K2 w - - - 0 1 moves Pc3-b4" fen
expect '^info string move 1 \(Pc3-b4\) not played: .*c3-b4 would leave the king in check; the position is the one after move 0$'
expect '^info string position 2r1k/5/5/5/5/5/2P2/5/2K2 w - - - 0 1$'
session "$CS" "position startpos moves Pc3-c4 Zz9" fen
expect '^info string move 2 \(Zz9\) not played: .+; the position is the one after move 1$'
session "$CS" "position fen nrkrn/garbage w Kk - - 0 1" fen
expect '^info string bad position at byte [0-9]+: .+; at the start position now$'
expect "^info string position $START\$"
# the limits and options of Fanorona apply
session "$CS" "position startpos" "go nodes 3000" "go movetime 100" \
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20" \
    "setoption name MultiPV value 3" "go depth 2" \
    "setoption name Level value 3" "go depth 2"
[ "$(grep -c '^bestmove [KQRBNP][a-e][1-9]-[a-e][1-9]' "$OUT")" -eq 5 ] || fail "five searches"
expect '^info depth 2 .*multipv 3 '
infinite "$CS\nposition startpos"
before '^readyok$' '^bestmove [KQRBNP]'
[ "$(grep -c '^bestmove ' "$OUT")" -eq 1 ] || fail "not exactly one bestmove"
# ucinewgame keeps the variant: the chess start again
session "$CS" "position startpos moves Pc3-c4" ucinewgame fen
expect "^info string position $START\$"
# and back: Fanorona at its start position
session "$CS" "position startpos moves Pc3-c4" \
    "setoption name Variant value fanorona" d "go depth 1" \
    "setoption name Variant value chess"
expect '^info string variant fanorona$'
expect '^info string position BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -$'
expect '^bestmove (d2e3A|e2e3A|f2e3A|d3e3A|d3e3W)( ponder [^ ]+)?$'
expect '^info string unknown option or bad value: Variant$'
# pondering is Fanorona's: a chess "go ponder" says so and searches
session "$CS" "position startpos" "go ponder depth 2" isready
expect '^info string go ponder is for Fanorona only: searching with the limits given$'
expect '^bestmove [KQRBNP][a-e][1-9]-[a-e][1-9]'

# 11. the command line
"$ENGINE" --version | grep -q '^fanorona-engine [0-9]' || fail "--version"
"$ENGINE" --help | grep -q '^usage: fanorona-engine' || fail "--help"
if "$ENGINE" --frobnicate 2>/dev/null; then fail "an unknown argument is accepted"; fi
echo "engine session: all checks passed"
