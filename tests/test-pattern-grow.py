#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/pattern-grow.py: 3x3 blocks that score as 2x3 and 3x2 ones.

    test-pattern-grow.py PATTERN-GROW.PY

A made-up table in the old format (16 tables of 729 states, the tables of
the blocks that a mirror maps onto themselves symmetric, as the fits kept
them) is grown; on random boards the sum of the 3x3 blocks' weights (read
by coordinates here, each block folded by the mirrors) equals the sum of
the old blocks' weights (read by coordinates too) when every old weight
is even, and is within 21 halves of it when they are odd; the output's
own mirror-symmetric tables are symmetric; a bad name, a file of the
wrong size and a missing file are refused.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

ENTRY = re.compile(r"PW\((-?\d+), (-?\d+)\)")


def digits_state(points, own, opp):
    s, p = 0, 1
    for pt in points:
        s += p * (1 if pt in own else 2 if pt in opp else 0)
        p *= 3
    return s


def placements(h, w):
    """(table, points in digit order) of every h x w block: the block is
    folded onto the board's first rows and columns by the mirrors, and
    digit k = w dr + dc is the point the mirrors take the folded block's
    point k to."""
    rmax, cmax = 5 - h, 9 - w
    out = []
    for r in range(rmax + 1):
        for c in range(cmax + 1):
            fr, fc = r > rmax // 2, c > cmax // 2
            t = (rmax - r if fr else r) * 4 + (cmax - c if fc else c)
            pts = [(r + (h - 1 - k // w if fr else k // w),
                    c + (w - 1 - k % w if fc else k % w))
                   for k in range(h * w)]
            out.append((t, pts))
    return out


def mirror_digits(s, h, w, rows, cols):
    d = [(s // 3 ** k) % 3 for k in range(h * w)]
    out = 0
    for k in range(h * w):
        dr, dc = k // w, k % w
        src = w * (h - 1 - dr if rows else dr) + (w - 1 - dc if cols else dc)
        out += 3 ** k * d[src]
    return out


def write_old(path, entries):
    """The old format (16 tables of 729), by the tools' own writer."""
    pattern_table.write(path, ["made up"], "t",
                        [entries[t * 729:(t + 1) * 729] for t in range(16)],
                        states=729)


def made_up(rng, even):
    e = [(rng.randint(-60, 60), rng.randint(-60, 60)) for _ in range(16 * 729)]
    if even:
        e = [(2 * a, 2 * b) for a, b in e]
    # symmetric where a mirror maps the block onto itself: 2x3 tables 3, 7
    # (the middle column) by the columns, 3x2 tables 12..15 (the middle
    # row) by the rows
    for t, h, w, rows, cols in ([(t, 2, 3, 0, 1) for t in (3, 7)] +
                                [(t, 3, 2, 1, 0) for t in range(12, 16)]):
        for s in range(729):
            m = mirror_digits(s, h, w, rows, cols)
            e[t * 729 + m] = e[t * 729 + s]
    return e


def main():
    tool = sys.argv[1]
    sys.path.insert(0, os.path.dirname(os.path.abspath(tool)))
    global pattern_table  # the tools' module for the generated format
    import pattern_table  # pylint: disable=import-outside-toplevel
    rng = random.Random(13)
    failures = []
    old23, old32 = placements(2, 3), placements(3, 2)
    new33 = placements(3, 3)
    with tempfile.TemporaryDirectory() as d:
        for even in (True, False):
            old = made_up(rng, even)
            pin, pout = os.path.join(d, "old.c"), os.path.join(d, "new.c")
            write_old(pin, old)
            r = subprocess.run([sys.executable, tool, "--name", "grown",
                                "--out", pout, pin],
                               capture_output=True, text=True, check=False)
            if r.returncode:
                failures.append(f"refused: {r.stderr}")
                break
            with open(pout, encoding="utf-8") as f:
                text = f.read()
            if "const int32_t grown[EVAL_PAT_TABLES][EVAL_PAT_STATES]" \
                    not in text:
                failures.append("not named by --name")
            new = [(int(a), int(b)) for a, b in ENTRY.findall(text)]
            if len(new) != 8 * 19683:
                failures.append(f"{len(new)} entries")
                break
            for _ in range(300):
                pts = [(r_, c) for r_ in range(5) for c in range(9)]
                rng.shuffle(pts)
                n_own, n_opp = rng.randint(0, 15), rng.randint(0, 15)
                own = set(pts[:n_own])
                opp = set(pts[n_own:n_own + n_opp])
                want = [0, 0]
                for base, blocks in ((0, old23), (8, old32)):
                    for t, bp in blocks:
                        e = old[(base + t) * 729 + digits_state(bp, own, opp)]
                        want[0] += e[0]
                        want[1] += e[1]
                got = [0, 0]
                for t, bp in new33:
                    e = new[t * 19683 + digits_state(bp, own, opp)]
                    got[0] += e[0]
                    got[1] += e[1]
                bound = 0 if even else 10.5
                if any(abs(g - w) > bound for g, w in zip(got, want)):
                    failures.append(f"even={even}: {got} against {want}")
                    break
            # the middle row's tables (4..7) by the rows, the middle
            # column's (3, 7) by the columns
            for t in range(3, 8):
                for s in range(0, 19683, 7):
                    for rows, cols in ((1, 0), (0, 1)):
                        if (rows and t < 4) or (cols and t % 4 != 3):
                            continue
                        m = mirror_digits(s, 3, 3, rows, cols)
                        if new[t * 19683 + s] != new[t * 19683 + m]:
                            failures.append(f"table {t} not symmetric")
                            break
        short = os.path.join(d, "short.c")
        with open(short, "w", encoding="utf-8") as f:
            f.write("const int32_t t[1][1] = { PW(1, 2), };\n")
        for args in (["--name", "1x", "--out", os.path.join(d, "x.c"), pin],
                     ["--name", "x", "--out", os.path.join(d, "x.c"), short],
                     ["--name", "x", "--out", os.path.join(d, "x.c"),
                      os.path.join(d, "missing.c")]):
            r = subprocess.run([sys.executable, tool, *args],
                               capture_output=True, text=True, check=False)
            if r.returncode == 0:
                failures.append(f"accepted {args}")
    for f in failures:
        print(f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
