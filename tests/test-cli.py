#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the fanorona command-line program (examples/fanorona.c).

Usage: test-cli.py PATH-TO-fanorona TEST PROJECT-VERSION

Each TEST is one meson test. Expected boards are worked out from the rules
in the comments next to them; perft totals are the known start values for
depths 1 to 3 (doc/perft.md), and every divide is checked against the plain
count.
"""
import re
import subprocess
import sys
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


# ---------------------------------------------------------------------------

def test_perft_start():
    expect_nodes(["1"], 5)
    expect_nodes(["2"], 39)
    expect_nodes(["3"], 724)
    expect_nodes(["--count", "paths", "3"], 724)
    expect_nodes(["0"], 1)


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


# The start position as a position string, row 5 first (START above); and
# the position after White's d3-e3W, which withdraws from c3 and takes it.
START_STRING = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -"
AFTER_D3E3W = "BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW b stop 1 -"


def test_perft_position():
    for rules in ("stop", "must"):
        for count in ("unique", "paths"):
            opts = ["--rules", rules, "--count", count]
            for depth in ("1", "2", "3"):
                plain, _ = perft(opts + [depth])
                # the short form takes --rules; the full one names its own
                short = START_STRING.replace(" stop 0 -", " 0 1")
                there, _ = perft(opts + ["--position", short, depth])
                if there != plain:
                    fail(f"{opts} {depth}: {there} from the string, "
                         f"{plain} from the start")
    # below d3-e3W at depth 2 from the start = depth 1 from the position
    _, lines = perft(["--divide", "2"])
    below = dict(ln.split() for ln in lines)["d3-e3W"]
    nodes, _ = perft(["--position", AFTER_D3E3W, "1"])
    if nodes != int(below):
        fail(f"perft 1 after d3-e3W is {nodes}, divide says {below}")
    rc, out, err = run(["perft", "--position", "BBBBBBBBB/BBBxB w stop 0 -", "1"])
    if rc != 1 or out or "position string, at offset 13" not in err:
        fail(f"bad position: exit {rc}, stdout {out!r}, stderr {err!r}")


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
                "--turn", "d3-e3W", START_STRING])
    if (len(classes(root, "highlight")) != 2 or
            len(classes(root, "arrow")) != 1 or
            len(classes(root, "captured")) != 1 or
            any(e.tag.endswith("text") for e in root.iter())):
        fail("highlights, arrow and capture of d3-e3W")
    root = svg([AFTER_D3E3W])
    if (len(classes(root, "piece white")) != 22 or
            len(classes(root, "piece black")) != 21):
        fail("after d3-e3W: 22 white and 21 black pieces expected")
    for turn, why in (("e2-e4", "not a legal"), ("d3-e3", "ambiguous"),
                      ("xx", "could not be parsed")):
        rc, out, err = run(["svg", "--turn", turn])
        if rc != 1 or out or why not in err:
            fail(f"svg --turn {turn}: exit {rc}, stdout {out!r}, "
                 f"stderr {err!r}")


def test_usage():
    for args in ([], ["bogus"], ["perft"], ["perft", "x"], ["perft", "3", "4"],
                 ["perft", "--rules"], ["perft", "--rules", "any", "3"],
                 ["perft", "--count", "all", "3"], ["perft", "--bogus", "3"],
                 ["perft", "-1"], ["play", "--white", "robot"],
                 ["play", "--seed"], ["play", "--seed", "x"], ["play", "x"],
                 ["help", "x"], ["perft", "--position"],
                 ["svg", "--bogus"], ["svg", "a", "b"],
                 ["svg", "--highlight", "z9"], ["svg", "--turn"]):
        rc, out, err = run(args)
        if rc != 2 or out or "Usage:" not in err:
            fail(f"{args}: exit {rc}, stdout {out!r}, stderr {err!r}")
    rc, out, err = run(["perft", "65"])  # refused by the library
    if rc != 1 or out or not err.startswith("fanorona: perft: "):
        fail(f"perft 65: exit {rc}, stdout {out!r}, stderr {err!r}")
    rc, out, _ = run(["help"])
    if rc != 0 or "fanorona perft" not in out or "fanorona play" not in out:
        fail("help", out)
    rc, out, _ = run(["--version"])
    if rc != 0 or out != VERSION + "\n":
        fail(f"--version printed {out!r}, expected {VERSION!r}")


def test_play_session():
    script = "\n".join([
        "xyz",      # not a command
        "end",      # no chain to end
        "a1-a2",    # a paika while a capture exists
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
    need(out, "Not understood: 'xyz'")
    need(out, "There is no capture chain to end.")
    need(out, "a1-a2 is not a legal step here. A capture is compulsory")
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


TESTS = {
    "perft-start": test_perft_start,
    "perft-must": test_perft_must,
    "divide": test_divide,
    "usage": test_usage,
    "play-session": test_play_session,
    "play-must": test_play_must,
    "play-random-undo": test_play_random_undo,
    "play-eof": test_play_eof,
    "random-game": test_random_game,
    "perft-position": test_perft_position,
    "svg": test_svg,
}

if __name__ == "__main__":
    CLI, name, VERSION = sys.argv[1], sys.argv[2], sys.argv[3]
    TESTS[name]()
    print("ok", name)
