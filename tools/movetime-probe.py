#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How a protocol engine uses `go movetime T` (doc/search.md, "Time").

    movetime-probe.py ENGINE T GAMES

Plays GAMES games of ENGINE against itself from the start position, every
turn with "go movetime T", and measures the wall time from "go" to
"bestmove". Prints the least, median and greatest, and each turn under 90%
of T with the last "info" line's score and depth, so that the short turns
can be told apart (a proven result, the depth cap, or something else).
Standard library only.
"""
import subprocess
import sys
import time


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    engine, limit, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    p = subprocess.Popen([engine], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    send("uci")
    while p.stdout.readline().strip() != "uciok":
        pass
    rows = []
    for _ in range(games):
        moves = []
        send("ucinewgame")
        while True:
            send("position startpos" +
                 (" moves " + " ".join(moves) if moves else ""))
            send("d")
            p.stdout.readline()  # info string position ...
            if "ongoing" not in p.stdout.readline():
                break
            t0 = time.monotonic()
            send("go movetime %d" % limit)
            last = ""
            while True:
                line = p.stdout.readline().strip()
                if line.startswith("info depth"):
                    last = line
                if line.startswith("bestmove"):
                    break
            took = (time.monotonic() - t0) * 1000
            score = last.split(" score ")[1].split(" nodes")[0] if last else "?"
            depth = last.split()[2] if last else "?"
            rows.append((took, score, depth))
            moves.append(line.split()[1])
    send("quit")
    p.wait()
    if not rows:
        sys.exit("no turns played")
    short = [r for r in rows if r[0] < 0.9 * limit]
    print("turns %d, under 90%% of %d ms: %d" % (len(rows), limit, len(short)))
    for r in short:
        print("  %.1f ms, score %s, depth %s" % r)
    rows.sort()
    print("least %.1f ms, median %.1f, greatest %.1f" %
          (rows[0][0], rows[len(rows) // 2][0], rows[-1][0]))


if __name__ == "__main__":
    main()
