#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The tb subcommand (fanorona-tb): generate, info, probe, verify, refusals.

Usage: test-tb-cli.py PROGRAM [ARGS...] (e.g. "fanorona-tb" or "fanorona
tb": the words that start the command). Expectations come from the rules by hand
(a capture of the last piece wins in 1 turn) and from arithmetic (the
number of placements of a material), not from the program's own output.
"""
import filecmp
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from math import comb

PROG = sys.argv[1:]


def run(*args, code=0):
    r = subprocess.run([*PROG, *args], capture_output=True, text=True,
                       timeout=300)
    if r.returncode != code:
        sys.exit(f"{args}: exit {r.returncode}, wanted {code}\n"
                 f"stdout: {r.stdout}\nstderr: {r.stderr}")
    return r


def main():
    run(code=2)
    run("generate", "--pieces", "9", "x", code=2)
    run("generate", "--rules", "both", "--pieces", "3", "x", code=2)
    run("frobnicate", code=2)
    with tempfile.TemporaryDirectory() as d:
        r = run("generate", "--rules", "must", "--pieces", "3",
                "--threads", "2", d)
        assert "generated up to 3 pieces (must)" in r.stdout, r.stdout
        files = sorted(os.listdir(d))
        assert files == ["fanorona-must-1v1.tb", "fanorona-must-1v2.tb",
                         "fanorona-must-2v1.tb"], files

        lines = run("info", d).stdout.splitlines()
        assert len(lines) == 3, lines
        for line in lines:
            f = line.split()
            assert f[0] == "must", line
            own, other = map(int, f[1].split("v"))
            kv = dict(zip(f[2::2], f[3::2]))
            positions = comb(45, own) * comb(45 - own, other)
            assert int(kv["positions"]) == positions, line
            assert (int(kv["wins"]) + int(kv["draws"]) + int(kv["losses"])
                    == positions), line

        # d3 takes the last black piece on f3 by approach: a win in 1
        r = run("probe", "--rules", "must", d, "9/9/3W1B3/9/9 w must 0 -")
        assert r.stdout.startswith("win 1 d3-e3"), r.stdout
        # the short form takes the ruleset from --rules
        r = run("probe", "--rules", "must", d, "9/9/3W1B3/9/9 w 0 1")
        assert r.stdout.startswith("win 1 d3-e3"), r.stdout
        # not covered: five pieces, another ruleset
        r = run("probe", d, "9/9/9/1BB6/WWW6 w must 0 -", code=1)
        assert "no endgame table" in r.stderr, r.stderr
        run("probe", d, "9/9/3W1B3/9/9 w stop 0 -", code=1)
        run("probe", d, "not a position", code=2)

        r = run("verify", d)
        assert "verified 3 tables: 0 bad entries" in r.stdout, r.stdout

        # a damaged file is refused by every command
        path = os.path.join(d, "fanorona-must-1v2.tb")
        with open(path, "r+b") as f:
            f.seek(500)
            b = f.read(1)
            f.seek(500)
            f.write(bytes([b[0] ^ 1]))
        for args in (("verify", d), ("info", d)):
            r = run(*args, code=1)
            assert "corrupt" in r.stderr, r.stderr
    run("info", "/nonexistent/tables", code=1)
    resume()
    old_checkpoint()
    print("ok")


def resume():
    """Ctrl-C in the middle of a pair leaves its checkpoint, which the next
    run resumes from and removes; the tables are those of a run in one go.
    """
    with tempfile.TemporaryDirectory() as d, \
            tempfile.TemporaryDirectory() as clean:
        p = subprocess.Popen([*PROG, "generate", "--pieces", "4", d],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        # 2v1 is written last of the three pieces: the 4-piece pairs
        # (about a second of work) have just begun
        deadline = time.time() + 60
        while (not os.path.exists(os.path.join(d, "fanorona-stop-2v1.tb"))
               and time.time() < deadline):
            time.sleep(0.001)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=300)
        assert p.returncode == 1, (p.returncode, out, err)
        assert "stopped" in err, err
        ckpt = [f for f in os.listdir(d) if f.endswith(".ckpt")]
        assert ckpt in (["fanorona-stop-1v3.ckpt"],
                        ["fanorona-stop-2v2.ckpt"]), os.listdir(d)
        pair = ckpt[0][len("fanorona-stop-"):-len(".ckpt")]
        if pair == "1v3":
            pair = "1v3+3v1"
        assert f"wrote a checkpoint of {pair} " in err, err
        # a copy with the checkpoint damaged: refused, started again
        damaged = os.path.join(clean, "damaged")
        shutil.copytree(d, damaged)
        with open(os.path.join(damaged, ckpt[0]), "r+b") as f:
            f.seek(-1, os.SEEK_END)
            b = f.read(1)
            f.seek(-1, os.SEEK_END)
            f.write(bytes([b[0] ^ 1]))
        r = run("generate", "--pieces", "4", damaged)
        assert "resuming" not in r.stderr, r.stderr
        r = run("generate", "--pieces", "4", d)
        assert f"resuming {pair} from a checkpoint " in r.stderr, r.stderr
        run("generate", "--pieces", "4", clean)
        files = sorted(os.listdir(d))
        assert files == sorted(os.listdir(damaged)), os.listdir(damaged)
        assert (sorted(files + ["damaged"])
                == sorted(os.listdir(clean))), files
        for f in files:
            for other in (clean, damaged):
                assert filecmp.cmp(os.path.join(d, f),
                                   os.path.join(other, f), shallow=False), f


def old_checkpoint():
    """A checkpoint of format version 1 (it held the full index) is not
    read: the run stops when it reaches its pair, names the file and
    leaves it as it was; once removed, the pair is made.
    """
    with tempfile.TemporaryDirectory() as d:
        # the 3-piece tables are made first, then the run reaches 1v3
        run("generate", "--pieces", "2", d)
        path = os.path.join(d, "fanorona-stop-1v3.ckpt")
        old = bytearray(128 + 4096)
        old[0:8] = b"FANCK\r\n\x1a"
        old[8] = 1
        with open(path, "wb") as f:
            f.write(old)
        r = run("generate", "--pieces", "4", d, code=1)
        assert path in r.stderr and "format version 1" in r.stderr, r.stderr
        assert "resuming" not in r.stderr, r.stderr
        assert os.path.exists(os.path.join(d, "fanorona-stop-2v1.tb"))
        with open(path, "rb") as f:
            assert f.read() == old
        assert not os.path.exists(os.path.join(d, "fanorona-stop-1v3.tb"))
        os.remove(path)
        run("generate", "--pieces", "4", d)
        assert os.path.exists(os.path.join(d, "fanorona-stop-3v1.tb"))


main()
