#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the fanorona command-line program (examples/cli/).

Usage: test-cli.py PATH-TO-fanorona TEST PROJECT-VERSION

Each TEST is one meson test. Expected boards are worked out from the rules
in the comments next to them; perft totals are the known start values for
depths 1 to 3 (doc/perft.md), and every divide is checked against the plain
count.
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

CLI = None
VERSION = None

START = {
    5: "BBBBBBBBB",
    4: "BBBBBBBBB",
    3: "BWBW.BWBW",
    2: "WWWWWWWWW",
    1: "WWWWWWWWW",
}

# Position strings (doc/formats.md): the start in both forms, written from
# START above (row 5 first, "1" for the one empty point).
START_BOARD = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW"
START_FULL = START_BOARD + " w stop 0 -"
START_SHORT = START_BOARD + " w 0 1"

# White in the middle of its ninth turn (the example of doc/formats.md):
# the piece from c4 has captured a4 approaching b4, then a3 withdrawing
# from b4 to c5, where it stands. Read row by row:
MID_CHAIN = ("1BW1BBBBB/6BBB/1W2WB2W/WW1WW1WBW/1W1W1WW2 w stop 8 "
             "c4-b4A-c5W[a3,a4]")
MID_BOARD = {5: ".BW.BBBBB", 4: "......BBB", 3: ".W..WB..W",
             2: "WW.WW.WBW", 1: ".W.W.WW.."}
# The same turn at its start: c4 holds the piece again, a3 and a4 their
# black pieces, c5 is empty.
MID_TURN_START = ("1B2BBBBB/B1W3BBB/BW2WB2W/WW1WW1WBW/1W1W1WW2 w stop 8 -")
# Its completions, worked out by hand. From c5 (a strong point, visited
# c4 b4 c5, last direction north-east) the empty points not yet visited
# are d5 (east) and d4 (south-east). c5-d5 approaches e5 and the run
# e5..i5, or withdraws from b5 (a5 is empty); c5-d4 captures nothing (e3 is
# White, nothing behind c5). From d5 the only unvisited empty neighbours
# are e5 (east again, or still Black) and d4 (nothing to capture). So a
# chain ends after d5 either way, and under stop-at-will ending at c5 is a
# third turn.
MID_TURNS = {"c4-b4A-c5W", "c4-b4A-c5W-d5A", "c4-b4A-c5W-d5W"}


def fail(msg, output=None):
    print("FAIL:", msg)
    if output is not None:
        print("---- output ----")
        print(output)
    sys.exit(1)


def run(args, stdin=""):
    p = subprocess.run([CLI] + args, input=stdin, capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def perft(args):
    rc, out, err = run(["perft"] + args)
    if rc != 0:
        fail(f"perft {args} exited {rc}: {err}")
    lines = out.splitlines()
    m = re.fullmatch(r"nodes (\d+)", lines[-1]) if lines else None
    if not m:
        fail(f"perft {args}: last line is not 'nodes N'", out)
    return int(m.group(1)), lines[:-1]


def expect_nodes(args, want):
    got, _ = perft(args)
    if got != want:
        fail(f"perft {args}: nodes {got}, expected {want}")


def boards(out):
    """Every board drawn in out, each as {row: 'pieces of a..i'}, with the
    marks of empty points (* destination, o visited) read as empty."""
    found, cur = [], {}
    for line in out.splitlines():
        m = re.match(r"([1-5])   (.*)$", line)
        if not m:
            continue
        text = m.group(2)
        cells = "".join(text[4 * c] if 4 * c < len(text) else "?"
                        for c in range(9))
        cur[int(m.group(1))] = cells.replace("*", ".").replace("o", ".")
        if m.group(1) == "1":
            found.append(cur)
            cur = {}
    return found


def expect_board(board, want, what):
    if board != want:
        shown = "\n".join(f"{r} {board.get(r)}  want {want[r]}"
                          for r in range(5, 0, -1))
        fail(f"{what}: board differs\n{shown}")


def need(out, text, what=None):
    if text not in out:
        fail(f"missing {what or repr(text)}", out)


def play(args, script):
    rc, out, err = run(["play"] + args, script)
    if rc != 0:
        fail(f"play {args} exited {rc}: {err}", out)
    return out


def fen_lines(out):
    """The position strings that the game's 'fen' command printed."""
    return re.findall(r"^[\w ]+> fen\n(.*)$", out, re.M)


def expect_refused(args, line, offset, reason, stdin=""):
    """args must fail with exit 2, nothing on stdout, and on stderr the
    reason, then line (the text at fault) and a caret under byte offset
    of that line."""
    rc, out, err = run(args, stdin)
    lines = err.splitlines()
    if rc != 2 or out or reason not in err or "  " + line not in lines:
        fail(f"{args}: exit {rc}, stdout {out!r}, stderr {err!r}")
    k = lines.index("  " + line)
    if k + 1 >= len(lines) or lines[k + 1] != "  " + " " * offset + "^":
        fail(f"{args}: the caret is not under byte {offset}", err)
    return err


# ---------------------------------------------------------------------------

def test_perft_start():
    expect_nodes(["1"], 5)
    expect_nodes(["2"], 39)
    expect_nodes(["3"], 724)
    expect_nodes(["--count", "paths", "3"], 724)
    expect_nodes(["0"], 1)
    # threads and a table of counts change the speed, never the count
    expect_nodes(["--threads", "2", "--hash", "8", "4"], 18026)
    expect_nodes(["--threads", "0", "--count", "paths", "5"], 431852)


def test_perft_must():
    expect_nodes(["--rules", "must", "1"], 5)
    expect_nodes(["--rules", "must", "2"], 21)
    expect_nodes(["--rules", "must", "3"], 223)
    expect_nodes(["--rules=must", "--count=paths", "3"], 223)


def test_divide():
    # White's five first turns, all captures onto e3 (doc/rules.md).
    total, lines = perft(["--divide", "1"])
    first = {ln.split()[0] for ln in lines}
    if total != 5 or len(lines) != 5 or first != {
            "d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3W"}:
        fail("divide 1 from the start", "\n".join(lines))
    for rules in ("stop", "must"):
        for count in ("unique", "paths"):
            for depth in ("2", "3"):
                opts = ["--rules", rules, "--count", count]
                plain, _ = perft(opts + [depth])
                total, lines = perft(opts + ["--divide", depth])
                s = 0
                for ln in lines:
                    m = re.fullmatch(r"[a-i][1-5](-[a-i][1-5][AW]?)+ (\d+)",
                                     ln)
                    if not m:
                        fail(f"bad divide line {ln!r}")
                    s += int(m.group(2))
                if s != total or total != plain:
                    fail(f"divide {opts} {depth}: lines sum to {s}, "
                         f"total {total}, perft {plain}")


def test_usage():
    for args in ([], ["bogus"], ["perft"], ["perft", "x"], ["perft", "3", "4"],
                 ["perft", "--rules"], ["perft", "--rules", "any", "3"],
                 ["perft", "--count", "all", "3"], ["perft", "--bogus", "3"],
                 ["perft", "-1"], ["perft", "1", "--fen"],
                 ["play", "--white", "robot"],
                 ["play", "--black", "engine:0"],
                 ["play", "--black", "engine:11"],
                 ["play", "--white", "engine:"], ["play", "--white", "engine3"],
                 ["analyze", "--depth", "0"], ["analyze", "--depth", "x"],
                 ["analyze", "--depth", "2", "--time", "100"],
                 ["analyze", "--multipv", "0"], ["analyze", "x"],
                 ["play", "--seed"], ["play", "--seed", "x"], ["play", "x"],
                 ["play", "--load"], ["play", "--fen", START_FULL,
                                      "--load", "game.txt"],
                 ["show"], ["show", START_FULL, START_FULL],
                 ["show", "--bogus", START_FULL], ["help", "x"],
                 ["svg", "--bogus"], ["svg", START_FULL, START_FULL],
                 ["svg", "--highlight", "z9"], ["svg", "--turn"]):
        rc, out, err = run(args)
        if rc != 2 or out or "Usage:" not in err:
            fail(f"{args}: exit {rc}, stdout {out!r}, stderr {err!r}")
    rc, out, err = run(["perft", "65"])  # refused by the library
    if rc != 1 or out or not err.startswith("fanorona: perft: "):
        fail(f"perft 65: exit {rc}, stdout {out!r}, stderr {err!r}")
    rc, out, _ = run(["help"])
    if rc != 0 or any(f"fanorona {c}" not in out
                      for c in ("perft", "play", "analyze", "show",
                                "svg")):
        fail("help", out)
    rc, out, _ = run(["--version"])
    if rc != 0 or out != VERSION + "\n":
        fail(f"--version printed {out!r}, expected {VERSION!r}")


def test_play_session():
    script = "\n".join([
        "xyz",      # not a command
        "end",      # no chain to end
        "a1-a2",    # onto a point that is not empty
        "help",
        "d3-e3",    # both modes: asked
        "w",
        "d4",       # select
        "d3",       # d4-d3A, the chain goes on
        "c3",       # both modes again: asked
        "a",
        "end",      # stop-at-will: end the chain
        "undo",     # Black's whole turn
        "redo",
        "undo",
        "d4d3",
        "undo",     # the chain in progress
        "quit",
    ]) + "\n"
    out = play(["--white", "human", "--black", "human"], script)
    bs = boards(out)
    expect_board(bs[0], START, "start")
    # The library's reader refuses the first byte; the caret is under it.
    need(out, "Not understood: expected a step such as d3-e3W, found 'x'."
              "\n  xyz\n  ^\n")
    need(out, "There is no capture chain to end.")
    need(out, "a1-a2 is not a legal step here: a2 is not empty.")
    need(out, "undo ")  # the help text
    # d3-e3 approaches f3 (g3 is White: the run stops) and withdraws from
    # c3 (b3 is White).
    need(out, "d3-e3 captures either way")
    need(out, "approach    removes f3")
    need(out, "withdrawal  removes c3")
    need(out, "White plays d3-e3W (removes c3).")
    after_white = {**START, 3: "BW..WBWBW"}
    expect_board(bs[1], after_white, "after d3-e3W")
    expect_board(bs[2], after_white, "d4 selected")
    need(out, "Selected d4; its steps:")
    # d4-d3 approaches d2 and d1; from d3, west to c3 approaches b3 (a3 is
    # Black) or withdraws from e3 (f3 is Black).
    need(out, "Black captures with d4-d3A; the chain can go on.")
    need(out, "Active piece d3; visited d3 d4.")
    need(out, "d3-c3A   removes b3")
    need(out, "d3-c3W   removes e3")
    expect_board(bs[3], {5: "BBBBBBBBB", 4: "BBB.BBBBB", 3: "BW.BWBWBW",
                         2: "WWW.WWWWW", 1: "WWW.WWWWW"}, "mid-chain")
    need(out, "Play a continuation, or 'end' to end the turn.")
    after_black = {5: "BBBBBBBBB", 4: "BBB.BBBBB", 3: "B.B.WBWBW",
                   2: "WWW.WWWWW", 1: "WWW.WWWWW"}
    expect_board(bs[4], after_black, "chain d4-d3A-c3A")
    need(out, "Black plays d4-d3A-c3A (removes d1 d2 b3).")
    expect_board(bs[5], after_black, "turn ended")
    need(out, "Turn 3: White to move.")
    need(out, "Took back Black's turn d4-d3A-c3A.")
    expect_board(bs[6], after_white, "after undo")
    need(out, "Redo: Black plays d4-d3A-c3A")
    expect_board(bs[7], after_black, "after redo")
    expect_board(bs[8], after_white, "after second undo")
    need(out, "Took back the chain in progress.")
    expect_board(bs[10], after_white, "after undoing the chain")
    if len(bs) != 11:
        fail(f"{len(bs)} boards drawn, expected 11", out)
    need(out, "Game left unfinished.")


def test_play_must():
    out = play(["--rules", "must", "--white", "human", "--black", "human"],
               "d3-e3W\nd4-d3\nend\nundo\nquit\n")
    need(out, "Fanorona, must-continue rules.")
    need(out, "The chain must go on.")
    need(out, "Under must-continue rules the chain goes on while it can.")
    need(out, "Took back the chain in progress.")


def test_play_random_undo():
    # Against the random player, undo takes back its reply and our turn.
    out = play(["--black", "random", "--seed", "3"],
               "d3-e3W\nundo\nquit\n")
    need(out, "White plays d3-e3W (removes c3).")
    replies = re.findall(r"Black \(random\) plays (\S+?)[ .]", out)
    took = re.findall(r"Took back (\w+)'s turn (\S+)\.", out)
    if len(replies) != 1 or took != [("Black", replies[0]),
                                     ("White", "d3-e3W")]:
        fail("undo against the random player", out)
    expect_board(boards(out)[-1], START, "after undo")


def test_play_eof():
    out = play(["--white", "human", "--black", "human"], "d3-e3\n")
    need(out, "Approach or withdrawal")
    need(out, "End of input; the game is left unfinished.")
    out = play(["--white", "human", "--black", "human"], "")
    need(out, "End of input; the game is left unfinished.")


def test_random_game():
    for rules in ("stop", "must"):
        args = ["--rules", rules, "--white", "random", "--black", "random",
                "--seed", "20260101"]
        out = play(args, "")
        last = out.rstrip("\n").splitlines()[-1]
        if not re.fullmatch(r"Result: (White wins|Black wins|draw) \(.+\)\.",
                            last):
            fail(f"{rules}: last line {last!r}", out)
        turns = len(re.findall(r"^(White|Black) \(random\) plays ", out,
                               re.M))
        if not 1 <= turns <= 400:
            fail(f"{rules}: {turns} turns", out)
        if play(args, "") != out:
            fail(f"{rules}: the same seed gave another game")


def test_perft_fen():
    # The start given as a string, in either form, counts what the plain
    # start counts.
    for count in ("unique", "paths"):
        for depth in ("1", "2", "3"):
            opts = ["--count", count, depth]
            plain, plain_lines = perft(["--divide"] + opts)
            for fen in (START_FULL, START_SHORT):
                got, lines = perft(["--fen", fen, "--divide"] + opts)
                if got != plain or lines != plain_lines:
                    fail(f"--fen {fen!r} {opts}: {got}, plain {plain}")
    # A short form takes --rules; must-continue from the start gives 5, 21,
    # 223 (doc/perft.md), as the plain --rules must does.
    for depth, want in (("1", 5), ("2", 21), ("3", 223)):
        expect_nodes(["--fen", START_SHORT, "--rules", "must", depth], want)
        expect_nodes(["--rules=must", "--fen=" + START_SHORT, depth], want)
        expect_nodes(["--fen", START_BOARD + " w must 0 -", depth], want)
    # A full form carries its ruleset: --rules may repeat it, not change it.
    expect_nodes(["--fen", START_FULL, "--rules", "stop", "2"], 39)
    for args in (["--fen", START_FULL, "--rules", "must", "2"],
                 ["--rules", "stop", "--fen", START_BOARD + " w must 0 -",
                  "2"]):
        rc, out, err = run(["perft"] + args)
        if rc != 2 or out or "contradicts" not in err or "Usage:" not in err:
            fail(f"perft {args}: exit {rc}, stdout {out!r}, stderr {err!r}")


def test_perft_fen_chain():
    # From the middle of a chain the first turn completes it (MID_TURNS).
    for count in ("unique", "paths"):
        total, lines = perft(["--fen", MID_CHAIN, "--count", count,
                              "--divide", "1"])
        if total != 3 or {ln.split()[0] for ln in lines} != MID_TURNS:
            fail(f"divide 1 from the chain ({count})", "\n".join(lines))
    # Under must-continue the chain cannot end at c5.
    must = MID_CHAIN.replace(" stop ", " must ")
    total, lines = perft(["--fen", must, "--divide", "1"])
    if total != 2 or {ln.split()[0] for ln in lines} != MID_TURNS - {
            "c4-b4A-c5W"}:
        fail("divide 1 from the chain (must)", "\n".join(lines))
    # Each entry of a divide 2 is the count one turn below the position the
    # game reaches by playing that turn: play it (or end the chain), print
    # the position string and count from there.
    total, lines = perft(["--fen", MID_CHAIN, "--divide", "2"])
    s = 0
    for ln in lines:
        turn, nodes = ln.split()
        typed = "end" if turn == "c4-b4A-c5W" else turn
        out = play(["--fen", MID_CHAIN, "--white", "human", "--black",
                    "human"], f"{typed}\nfen\nquit\n")
        need(out, f"White plays {turn} ")
        after = fen_lines(out)
        if len(after) != 1 or " b stop 9 -" not in after[0]:
            fail(f"after {turn}: position strings {after}", out)
        below, _ = perft(["--fen", after[0], "1"])
        if below != int(nodes):
            fail(f"divide entry {ln!r}, but {below} from {after[0]}")
        s += below
    if s != total:
        fail(f"divide 2 from the chain: lines sum to {s}, total {total}")


def test_show():
    rc, out, err = run(["show", MID_CHAIN])
    if rc != 0 or err:
        fail(f"show exited {rc}: {err}", out)
    bs = boards(out)
    if len(bs) != 1:
        fail(f"{len(bs)} boards drawn", out)
    expect_board(bs[0], MID_BOARD, "show of the chain")
    # The marks of the game: c5 the active piece, d5 its continuation, b4
    # and c4 visited.
    lines = out.splitlines()
    for row in ("5   .---B--[W]--*---B---B---B---B---B",
                "4   .---o---o---.---.---.---B---B---B"):
        if row not in lines:
            fail(f"no line {row!r}", out)
    need(out, "Side to move: White\n")
    need(out, "Rules: stop")
    need(out, "Turns played: 8\n")
    need(out, "Result: ongoing")
    need(out, "Chain so far: c4-b4A-c5W (captured a3 a4), active piece c5\n")
    need(out, "Position: " + MID_CHAIN + "\n")

    # The short form: the ruleset from --rules (stop by default); the
    # writer gives the full form.
    for args, rules in (([], "stop"), (["--rules", "must"], "must")):
        rc, out, err = run(["show"] + args + [START_SHORT])
        if rc != 0:
            fail(f"show {args} exited {rc}: {err}", out)
        expect_board(boards(out)[0], START, "show of the start")
        need(out, "Turns played: 0\n")
        need(out, f"Rules: {rules}")
        need(out, f"Position: {START_BOARD} w {rules} 0 -\n")
        if "Chain so far" in out or "[" in out:
            fail("a chain shown at the start", out)
    # Short form N2 = 5 with Black to move: 2 * (5 - 1) + 1 turns played.
    rc, out, _ = run(["show", "9/9/9/9/W7B b 0 5"])
    need(out, "Turns played: 9\n")
    need(out, "Side to move: Black\n")
    need(out, "Position: 9/9/9/9/W7B b stop 9 -\n")
    # Black to move without pieces: the game is over.
    rc, out, _ = run(["show", "9/9/9/9/W8 b stop 10 -"])
    if rc != 0:
        fail(f"show of an ended game exited {rc}", out)
    need(out, "Result: White wins (Black has no pieces left).\n")


def test_play_fen_save_load():
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "Game One.txt")  # case and a space kept
        humans = ["--white", "human", "--black", "human"]
        # From the start given in short form: a turn, then a chain left
        # open (stop-at-will), saved there.
        out = play(["--fen", START_SHORT] + humans,
                   f"d3-e3W\nd4-d3\nfen\nsave {record}\nquit\n")
        need(out, f"Saved the game to {record}.")
        saved = fen_lines(out)
        if len(saved) != 1 or not saved[0].endswith(" b stop 1 d4-d3A[d1,d2]"):
            fail(f"position strings {saved}", out)
        with open(record) as f:
            text = f.read()
        if "1. d3-e3W 2. d4-d3A ..." not in text:
            fail("the record", text)
        # Loading it comes back to the same position, in the chain; undo
        # goes back through the record to the start.
        out = play(["--load", record] + humans,
                   "fen\nundo\nundo\nundo\nfen\nquit\n")
        need(out, "Going on with the game of")
        need(out, "Took back the chain in progress.")
        need(out, "Took back White's turn d3-e3W.")
        need(out, "Nothing to undo.")
        if fen_lines(out) != [saved[0], START_FULL]:
            fail(f"after --load: {fen_lines(out)}", out)
        # The record carries its ruleset.
        rc, out, err = run(["play", "--load", record, "--rules", "must"])
        if rc != 2 or "contradicts" not in err:
            fail(f"--load with another ruleset: exit {rc}, {err!r}")

        # From the middle of a chain: finished by a whole turn typed
        # compactly, saved, loaded, and undone back to the start of that
        # turn.
        out = play(["--fen", MID_CHAIN] + humans,
                   "c4b4c5d5\nc4b4Ac5Wd5W\nfen\nsave " + record + "\nquit\n")
        need(out, "c4b4c5d5 is not a legal turn here: ambiguous: "
                  "c4-b4A-c5W-d5A or c4-b4A-c5W-d5W.")
        need(out, "White plays c4-b4A-c5W-d5W (removes a3 a4 b5).")
        first = fen_lines(out)
        out = play(["--load", record] + humans, "fen\nundo\nfen\nquit\n")
        if fen_lines(out) != [first[0], MID_TURN_START]:
            fail(f"{first} saved, then {fen_lines(out)}", out)

        # A finished game can still be saved. White's c2-c3 approaches c4,
        # Black's last piece (c5 is empty).
        out = play(["--fen", "9/2B6/9/2W6/9 w must 0 -"] + humans,
                   f"c2-c3\nc3-c4\nfen\nsave {record}\nquit\n")
        need(out, "White plays c2-c3A (removes c4).")
        need(out, "Result: White wins (Black has no pieces left).\n"
                  "Game over> c3-c4\nThe game is over")
        if fen_lines(out) != ["9/9/2W6/9/9 b must 1 -"]:
            fail(f"position strings {fen_lines(out)}", out)
        with open(record) as f:
            text = f.read()
        need(text, '[Rules "must"]')
        need(text, '[Result "1-0"]')
        # Loaded, it is over at once; undo takes the capture back.
        out = play(["--load", record] + humans, "undo\nfen\nquit\n")
        need(out, "Result: White wins (Black has no pieces left).")
        need(out, "Took back White's turn c2-c3A.")
        if fen_lines(out) != ["9/2B6/9/2W6/9 w must 0 -"]:
            fail(f"after undo: {fen_lines(out)}", out)


def test_play_fen_random():
    # The random players finish a game begun in the middle of a chain.
    for seed in ("1", "2"):
        out = play(["--fen", MID_CHAIN, "--white", "random", "--black",
                    "random", "--seed", seed], "")
        first = re.search(r"White \(random\) plays (\S+?)[ .]", out)
        if not first or first.group(1) not in MID_TURNS:
            fail("the first turn completes the chain", out)
        need(out, "\nResult: ")


def test_bad_input():
    # Offsets are those of the part at fault (doc/formats.md), found here
    # by searching the text.
    short_row = START_FULL[1:]  # row 5 has 8 points
    expect_refused(["perft", "--fen", short_row, "1"], short_row, 8,
                   "row 5 has 8 points, not 9")
    stip = START_FULL.replace("stop", "stip")
    expect_refused(["play", "--fen", stip], stip, stip.index("stip"),
                   "unknown ruleset 'stip'")
    bad_chain = "9/2B6/9/2W6/9 w stop 0 b2-c2W[d2]"
    expect_refused(["show", bad_chain], bad_chain, bad_chain.index("c2W"),
                   "b2-c2 captures by approach (A), not by withdrawal")
    tail = START_FULL + " x"
    expect_refused(["show", tail], tail, len(START_FULL), "after the position")
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "bad.txt")
        with open(record, "w") as f:
            f.write('[Rules "stop"]\n\n1. d3-e3W 3. f4-e4W\n')
        line = "1. d3-e3W 3. f4-e4W"
        err = expect_refused(["play", "--load", record], line,
                             line.index("3."), "out of sequence")
        need(err, f"{record}:3:{line.index('3.') + 1}: ")
        rc, out, err = run(["play", "--load", os.path.join(tmp, "none")])
        if rc != 2 or out or "none" not in err:
            fail(f"--load of a missing file: exit {rc}, {err!r}")
    # Typed moves are brought to the notation's alphabet: case, spaces.
    out = play(["--white", "human", "--black", "human"],
               "D3 E3 w\nd4 - d3\nquit\n")
    need(out, "White plays d3-e3W (removes c3).")
    need(out, "Black captures with d4-d3A; the chain can go on.")
    # In the game, a move that cannot be read is shown with a caret.
    out = play(["--white", "human", "--black", "human"], "d3-e3x\nquit\n")
    need(out, "Not understood: unexpected 'x' after the turn.\n"
              "  d3-e3x\n       ^\n")


def expect_window(args, text, offset, reason, line_start=0):
    """A refused text of 100 kB: exit 2, a short message with the offset,
    and a window of the line at fault (... where it is cut) with a caret
    under byte offset of text; the window is the text around it."""
    rc, out, err = run(args)
    if rc != 2 or out or reason not in err:
        fail(f"{args[:2]}: exit {rc}, stderr {err[:300]!r}")
    if len(err) > 600:
        fail(f"{args[:2]}: {len(err)} bytes on stderr for a long input")
    need(err, f"(at byte {offset})")
    lines = err.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.endswith("^"))
    shown, caret = lines[k - 1][2:], len(lines[k]) - 3
    left = shown.startswith("...")
    right = shown.endswith("...")
    body = shown[3 if left else 0:len(shown) - 3 if right else len(shown)]
    at = caret - (3 if left else 0)  # the caret's byte within body
    begin = offset - at
    if not 0 <= at < len(body) or text[begin:begin + len(body)] != body:
        fail(f"{args[:2]}: the window is not the text around byte {offset}",
             err)
    line_end = text.find("\n", offset)
    line_end = len(text) if line_end < 0 else line_end
    if left != (begin > line_start) or right != (begin + len(body) < line_end):
        fail(f"{args[:2]}: '...' marks do not match the cuts", err)
    return body


def test_bad_input_window():
    # A fault near the start of a long string: cut on the right only.
    long_row = "B" * 100000
    expect_window(["show", long_row], long_row, 9, "more than 9 points")
    # A fault in the middle of 100 kB: cut on both sides, the caret under
    # the byte at fault.
    spaced = START_FULL + " " * 50000 + "x" + "y" * 50000
    body = expect_window(["perft", "--fen", spaced, "1"], spaced,
                         len(START_FULL), "after the position")
    need(body, "stop 0 -")
    with tempfile.TemporaryDirectory() as tmp:
        head = '[Rules "stop"]\n\n'
        text = head + " " * 50000 + "1. d3-e3W zz" + " " * 50000 + "\n"
        record = os.path.join(tmp, "long.txt")
        with open(record, "w") as f:
            f.write(text)
        at = text.index("zz")
        body = expect_window(["play", "--load", record], text, at,
                             "expected turn number 2", len(head))
        need(body, "1. d3-e3W zz")


def test_exit_status():
    """One rule for every command: 0 success, 1 an error of the library or
    the system (here: standard output that cannot be written), 2 a usage
    or input error."""
    ended = "9/9/9/9/W8 b stop 10 -"
    cases = {
        "perft": (["1"], ["--count", "all", "1"], ["--fen", "BBB", "1"]),
        "play": (["--white", "random", "--black", "random", "--seed", "1"],
                 ["--white", "robot"], ["--fen", START_FULL + " x"]),
        "analyze": (["--depth", "1"], ["--depth", "0"], ["--fen", ended]),
        "show": ([START_FULL], [], [START_FULL.replace("stop", "stip")]),
        "svg": ([], ["--highlight", "z9"], ["--turn", "a1-a2"]),
    }
    for cmd, (good, usage, bad) in cases.items():
        for args, want in ((good, 0), (usage, 2), (bad, 2)):
            rc, out, err = run([cmd] + args, "quit\n")
            if rc != want:
                fail(f"{cmd} {args}: exit {rc}, expected {want}: {err!r}")
            if want and (out or not err.startswith("fanorona: ")):
                fail(f"{cmd} {args}: stdout {out!r}, stderr {err!r}")
        if not os.path.exists("/dev/full"):
            continue
        with open("/dev/full", "w") as full:
            p = subprocess.run([CLI, cmd] + good, input="quit\n",
                               stdout=full, stderr=subprocess.PIPE,
                               text=True, timeout=120)
        if p.returncode != 1 or "standard output" not in p.stderr:
            fail(f"{cmd} {good} > /dev/full: exit {p.returncode}, "
                 f"{p.stderr!r}")


def usage_lines(text):
    """The usage lines of a help text: those after 'Usage:' up to the first
    blank line, without their indentation of two."""
    lines = text.split("Usage:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    return [ln[2:] for ln in lines]


def test_readme_usage():
    # The README's synopsis is the program's own usage text, line for line,
    # and each command's --help and help COMMAND show its lines of it.
    rc, out, _ = run(["help"])
    if rc != 0:
        fail("help", out)
    want = usage_lines(out)
    readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                          "README.md")
    with open(readme) as f:
        text = f.read()
    block = text.split("## The `fanorona` program\n\n", 1)[1]
    got = []
    for ln in block.splitlines():
        if not ln.startswith("    "):
            break
        got.append(ln[4:])
    if got != want:
        fail("README's usage lines differ from 'fanorona help':\n" +
             "\n".join(got) + "\n---- help ----\n" + "\n".join(want))
    for cmd in ("perft", "play", "analyze", "show", "svg"):
        rc1, own, _ = run([cmd, "--help"])
        rc2, again, _ = run(["help", cmd])
        mine = usage_lines(own)
        if rc1 or rc2 or own != again or not mine or \
                not mine[0].startswith(f"fanorona {cmd} ") or \
                any(ln not in want for ln in mine):
            fail(f"{cmd} --help", own)
        rc, out, err = run([cmd, "--bogus"])
        if rc != 2 or out or usage_lines(err) != mine:
            fail(f"{cmd} --bogus: the usage of {cmd} expected", err)


def test_engine_game():
    # The weakest level against the random player: a whole game, each of
    # White's turns the engine's, and the same seed gives the same game
    # (level 1 is capped at depth 1, so its search does not depend on time).
    args = ["--white", "engine:1", "--black", "random", "--seed", "3"]
    out = play(args, "")
    need(out, "White: engine level 1, Black: random. Random seed 3.")
    last = out.rstrip("\n").splitlines()[-1]
    if not re.fullmatch(r"Result: (White wins|Black wins|draw) \(.+\)\.",
                        last):
        fail(f"last line {last!r}", out)
    white = re.findall(r"^White (\(\w+\) )?plays ", out, re.M)
    black = re.findall(r"^Black (\(\w+\) )?plays ", out, re.M)
    if (not white or set(white) != {"(engine) "} or
            set(black) - {"(random) "} or
            not 0 <= len(white) - len(black) <= 1):
        fail("White's turns are the engine's, Black's the random's", out)
    if play(args, "") != out:
        fail("the same seed gave another game")


def test_engine_undo():
    # Against the engine, undo takes back its reply and our turn.
    out = play(["--black", "engine:2", "--seed", "5"],
               "d3-e3W\nundo\nquit\n")
    need(out, "White plays d3-e3W (removes c3).")
    replies = re.findall(r"Black \(engine\) plays (\S+?)[ .]", out)
    took = re.findall(r"Took back (\w+)'s turn (\S+)\.", out)
    if len(replies) != 1 or took != [("Black", replies[0]),
                                     ("White", "d3-e3W")]:
        fail("undo against the engine", out)
    expect_board(boards(out)[-1], START, "after undo")


def analyze(args):
    rc, out, err = run(["analyze"] + args)
    if rc != 0:
        fail(f"analyze {args} exited {rc}: {err}", out)
    lines = out.splitlines()
    info = [re.fullmatch(r"info depth (\d+) seldepth \d+( multipv \d+)? "
                         r"score (cp -?\d+|win in \d+|loss in \d+) "
                         r"nodes \d+ time \d+ pv( \S+)+", ln)
            for ln in lines[:-1]]
    best = re.fullmatch(r"best (\S+)", lines[-1]) if lines else None
    if not best or not all(info):
        fail(f"analyze {args}: not info lines and a best line", out)
    return info, best.group(1), out


def test_analyze():
    info, best, out = analyze(["--depth", "3"])
    if [int(m.group(1)) for m in info] != [1, 2, 3]:
        fail("depths 1..3 expected", out)
    # The legal first turns, as perft's divide lists them.
    _, divide = perft(["--divide", "1"])
    legal = {ln.split()[0] for ln in divide}
    pv = info[-1].group(0).split(" pv ")[1].split()
    if best not in legal or pv[0] != best:
        fail(f"best {best} not a legal first turn {legal} or not the pv's",
             out)
    # The whole PV is playable: typed into a game, each turn is played
    # ('end' closes a chain that could go on; it is refused harmlessly
    # after a complete turn).
    script = "".join(f"{t}\nend\n" for t in pv) + "quit\n"
    game = play(["--white", "human", "--black", "human"], script)
    played = re.findall(r"^(?:White|Black) plays (\S+?)[ .]", game, re.M)
    if played != pv:
        fail(f"pv {pv}, played {played}", game)
    # --multipv 2: two lines per depth, different first turns, both legal.
    info, best, out = analyze(["--depth", "2", "--multipv", "2"])
    if [(int(m.group(1)), m.group(2)) for m in info] != [
            (1, " multipv 1"), (1, " multipv 2"),
            (2, " multipv 1"), (2, " multipv 2")]:
        fail("two lines per depth expected", out)
    firsts = [m.group(0).split(" pv ")[1].split()[0] for m in info[2:]]
    if firsts[0] == firsts[1] or not set(firsts) <= legal:
        fail(f"multipv first turns {firsts}", out)
    # A time limit still completes depth 1.
    info, best, out = analyze(["--time", "50", "--rules", "must"])
    if not info or int(info[0].group(1)) != 1:
        fail("analyze --time", out)
    # An ended game cannot be analysed: the position given is at fault.
    rc, out, err = run(["analyze", "--fen", "9/9/9/9/W8 b stop 10 -"])
    if rc != 2 or out or "game is over" not in err:
        fail(f"analyze of an ended game: exit {rc}, {out!r}, {err!r}")


def test_analyze_win():
    # White c3 against Black e3 alone, White to move: c3-d3 approaches e3
    # and removes Black's last piece. It is the only legal turn: a piece
    # next to c3 would be needed for a withdrawal, and the other approach
    # lines from c3 (to d4, d2, ...) point at empty points. So White wins
    # in one turn, proven at depth 1: the search ends there.
    info, best, out = analyze(["--fen", "9/9/2W1B4/9/9 w 0 1",
                               "--depth", "2"])
    if best != "c3-d3A" or len(info) != 1 or info[0].group(1) != "1" or \
            info[0].group(3) != "win in 1":
        fail("win in 1 with c3-d3A, proven at depth 1, expected", out)
    # Black to move in the same position wins the same way (e3-d3A).
    info, best, out = analyze(["--fen", "9/9/2W1B4/9/9 b 0 1",
                               "--depth", "1"])
    if best != "e3-d3A" or info[-1].group(3) != "win in 1":
        fail("Black's win in 1 with e3-d3A expected", out)


# The position after White's d3-e3W, which withdraws from c3 and takes it.
AFTER_D3E3W = "BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW b stop 1 -"


def svg(args):
    rc, out, err = run(["svg"] + args)
    if rc != 0:
        fail(f"svg {args} exited {rc}: {err}")
    try:
        root = ET.fromstring(out)
    except ET.ParseError as e:
        fail(f"svg {args}: not XML: {e}", out)
    return root


def classes(root, name):
    return [e for e in root.iter() if e.get("class") == name]


def test_svg():
    root = svg([])
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        fail(f"root element {root.tag}")
    for colour in ("white", "black"):
        if len(classes(root, "piece " + colour)) != 22:
            fail(f"start: not 22 {colour} pieces")
    if len([e for e in root.iter() if e.tag.endswith("text")]) != 14:
        fail("start: not 9 + 5 coordinates")
    root = svg(["--no-coordinates", "--highlight", "c3, d3",
                "--turn", "d3-e3W", START_FULL])
    if (len(classes(root, "highlight")) != 2 or
            len(classes(root, "arrow")) != 1 or
            len(classes(root, "captured")) != 1 or
            any(e.tag.endswith("text") for e in root.iter())):
        fail("highlights, arrow and capture of d3-e3W")
    root = svg([AFTER_D3E3W])
    if (len(classes(root, "piece white")) != 22 or
            len(classes(root, "piece black")) != 21):
        fail("after d3-e3W: 22 white and 21 black pieces expected")
    # a turn that is not legal, ambiguous or unreadable is an input error
    for turn, status, why in (("e2-e4", 2, "not a legal"),
                              ("a1-a2", 2, "not a legal"),
                              ("d3-e3", 2, "ambiguous"),
                              ("xx", 2, "expected a step")):
        rc, out, err = run(["svg", "--turn", turn])
        if rc != status or out or why not in err:
            fail(f"svg --turn {turn}: exit {rc}, stdout {out!r}, "
                 f"stderr {err!r}")
    rc, out, err = run(["svg", "BBB w stop 0 -"])
    if rc != 2 or out or "position string" not in err:
        fail(f"svg of a bad string: exit {rc}, stderr {err!r}")


CHESS_START = "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1"


def chess_perft(args):
    rc, out, err = run(["chess", "perft"] + args)
    if rc != 0:
        fail(f"chess perft {args} exited {rc}: {err}")
    lines = out.splitlines()
    m = re.fullmatch(r"nodes (\d+)", lines[-1]) if lines else None
    if not m:
        fail(f"chess perft {args}: last line is not 'nodes N'", out)
    return int(m.group(1)), lines[:-1]


def test_chess():
    """fanorona chess: perft (the values the Fanorona Chess notes give for
    depths 1-3, and divide adding up), show, svg and a whole game."""
    for depth, want in ((1, 11), (2, 121), (3, 1630)):
        got, _ = chess_perft([str(depth)])
        if got != want:
            fail(f"chess perft {depth}: {got}, the notes say {want}")
    total, lines = chess_perft(["--divide", "3"])
    moves = [ln.split() for ln in lines if ln.strip()]
    if len(moves) != 11 or sum(int(n) for _, n in moves) != total:
        fail("chess perft --divide 3 does not add up", "\n".join(lines))
    rc, out, err = run(["chess", "show"])
    if rc != 0 or CHESS_START not in out.splitlines():
        fail("chess show: no start position string", out + err)
    need(out, "11 legal moves", "chess show")
    # after Pc3-c4 the position string shows Black to move
    rc, out, err = run(["chess", "perft", "--fen",
                        "nrkrn/1bqb1/ppppp/5/5/2P2/PP1PP/1BQB1/NRKRN b Kk - - 0 1",
                        "1"])
    if rc != 0:
        fail("chess perft --fen", err)
    rc, out, err = run(["chess", "svg"])
    if rc != 0:
        fail("chess svg", err)
    import xml.etree.ElementTree as ET
    root = ET.fromstring(out)
    classes = [e.get("class") for e in root.iter()]
    if classes.count("piece white") != 13 or classes.count("piece black") != 13:
        fail("chess svg: not 13 pieces a side", out)
    # a whole game between random players ends with a result
    rc, out, err = run(["chess", "play", "--white", "random", "--black",
                        "random", "--seed", "3"])
    if rc != 0 or not re.search(r"^game over: (White wins|Black wins|draw)",
                                out, re.M):
        fail("chess play: no result", out[-2000:] + err)
    # refused input exits 2 and says where
    for args in (["chess", "perft", "--fen", "bad", "1"],
                 ["chess", "svg", "--move", "z9z9"],
                 ["chess", "perft"]):
        rc, out, err = run(args)
        if rc != 2 or out:
            fail(f"{args}: exit {rc}, not 2", out + err)


CHESS_MOVE = r"[KQRBNP][a-e][1-9]-[a-e][1-9][AW]?(=[QRBN])?"
# doc/fanorona-chess.md's record: White mates in one (Qe3-a7)
CHESS_MATE_IN_1 = "kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1"


def chess_analyze(args):
    rc, out, err = run(["chess", "analyze"] + args)
    if rc != 0:
        fail(f"chess analyze {args} exited {rc}: {err}", out)
    lines = out.splitlines()
    info = [re.fullmatch(r"info depth (\d+) seldepth \d+( multipv \d+)? "
                         r"score (cp -?\d+|win in \d+|loss in \d+) "
                         rf"nodes \d+ time \d+ pv(( {CHESS_MOVE})+)", ln)
            for ln in lines[:-1]]
    best = re.fullmatch(rf"best ({CHESS_MOVE})", lines[-1]) if lines else None
    if not info or not best or not all(info):
        fail(f"chess analyze {args}: not info lines and a best line", out)
    return info, best.group(1), out


def chess_game(args, script):
    """A game of chess play with the moves of script; its output."""
    rc, out, err = run(["chess", "play"] + args, script)
    if rc != 0:
        fail(f"chess play {args} exited {rc}: {err}", out)
    return out


def test_chess_engine():
    """fanorona chess analyze and the engine player of chess play; the
    moves are judged by the rules (the legal moves of perft --divide, a
    game that plays them), not by the search."""
    info, best, out = chess_analyze(["--depth", "3"])
    if [int(m.group(1)) for m in info] != [1, 2, 3]:
        fail("chess analyze: depths 1..3 expected", out)
    _, divide = chess_perft(["--divide", "1"])
    legal = {ln.split()[0] for ln in divide}
    pv = info[-1].group(4).split()
    if best not in legal or pv[0] != best:
        fail(f"chess analyze: best {best} not legal {legal} or not the pv's",
             out)
    # the whole PV is playable, move after move, by two humans
    game = chess_game(["--white", "human", "--black", "human"],
                      "\n".join(pv) + "\nquit\n")
    if "illegal" in game.lower() or game.count("to move") != len(pv) + 1:
        fail(f"chess pv {pv} is not playable", game)
    # --multipv 2: two lines per depth, different legal first moves
    info, _, out = chess_analyze(["--depth", "2", "--multipv", "2"])
    if [(int(m.group(1)), m.group(2)) for m in info] != [
            (1, " multipv 1"), (1, " multipv 2"),
            (2, " multipv 1"), (2, " multipv 2")]:
        fail("chess analyze: two lines per depth expected", out)
    firsts = [m.group(4).split()[0] for m in info[2:]]
    if firsts[0] == firsts[1] or not set(firsts) <= legal:
        fail(f"chess analyze: multipv first moves {firsts}", out)
    # a time limit still completes depth 1
    info, _, out = chess_analyze(["--time", "50"])
    if int(info[0].group(1)) != 1:
        fail("chess analyze --time", out)
    # a mate in one: scored "win in 1", and the rules end the game with it
    info, best, out = chess_analyze(["--depth", "3", CHESS_MATE_IN_1])
    if info[-1].group(3) != "win in 1":
        fail("chess analyze: the mate in one is not 'win in 1'", out)
    game = chess_game(["--fen", CHESS_MATE_IN_1, "--white", "human",
                       "--black", "human"], best + "\n")
    if not re.search(r"^game over: White wins \((checkmate|stalemate)\)$",
                     game, re.M):
        fail(f"chess analyze: {best} does not win at once", game)
    # an ended game is the position's fault: exit 2
    mated = "kp3/1p3/QPP2/P4/5/5/5/5/K4 b - - - 1 1"
    rc, out, err = run(["chess", "analyze", mated])
    if rc != 2 or out or "game" not in err:
        fail(f"chess analyze of a mated position: exit {rc}", out + err)
    # the engine plays whole games: against greedy at level 1, and itself
    # at level 2 from the mate in one (it mates at once)
    out = chess_game(["--white", "engine:1", "--black", "greedy", "--seed",
                      "4"], "")
    if not re.search(r"^game over: (White wins|Black wins|drawn)", out,
                     re.M) or not re.search(rf"^White plays {CHESS_MOVE}$",
                                            out, re.M):
        fail("chess play --white engine:1: no game", out[-2000:])
    out = chess_game(["--fen", CHESS_MATE_IN_1, "--white", "engine:10",
                      "--black", "engine"], "")
    if not re.search(r"^game over: White wins", out, re.M):
        fail("chess play: engine:10 misses the mate in one", out)
    # against a human: the engine answers the human's move
    out = chess_game(["--black", "engine:3"], "Pc3-c4\nquit\n")
    if not re.search(rf"^Black plays {CHESS_MOVE}$", out, re.M):
        fail("chess play --black engine:3: no reply", out)
    for args in (["chess", "play", "--black", "engine:0"],
                 ["chess", "play", "--black", "engine:11"],
                 ["chess", "play", "--white", "robot"],
                 ["chess", "analyze", "--depth", "0"],
                 ["chess", "analyze", "--depth", "2", "--time", "100"],
                 ["chess", "analyze", "--multipv", "0"],
                 ["chess", "analyze", "nonsense"]):
        rc, out, err = run(args)
        if rc != 2 or out:
            fail(f"{args}: exit {rc}, not 2", out + err)


TESTS = {
    "chess": test_chess,
    "chess-engine": test_chess_engine,
    "perft-start": test_perft_start,
    "perft-must": test_perft_must,
    "divide": test_divide,
    "usage": test_usage,
    "play-session": test_play_session,
    "play-must": test_play_must,
    "play-random-undo": test_play_random_undo,
    "play-eof": test_play_eof,
    "random-game": test_random_game,
    "perft-fen": test_perft_fen,
    "perft-fen-chain": test_perft_fen_chain,
    "show": test_show,
    "play-fen-save-load": test_play_fen_save_load,
    "play-fen-random": test_play_fen_random,
    "bad-input": test_bad_input,
    "bad-input-window": test_bad_input_window,
    "exit-status": test_exit_status,
    "readme-usage": test_readme_usage,
    "svg": test_svg,
    "engine-game": test_engine_game,
    "engine-undo": test_engine_undo,
    "analyze": test_analyze,
    "analyze-win": test_analyze_win,
}

if __name__ == "__main__":
    CLI, name, VERSION = sys.argv[1], sys.argv[2], sys.argv[3]
    TESTS[name]()
    print("ok", name)
