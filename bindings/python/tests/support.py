# SPDX-License-Identifier: MIT
"""Shared by the tests: where the CLI is, and how to run it."""
import os
import subprocess
import unittest
from pathlib import Path

TOP = Path(__file__).resolve().parents[3]


def cli_path():
    """The fanorona program: $FANORONA_CLI, else the build directory's."""
    path = os.environ.get("FANORONA_CLI") or str(TOP / "build" / "examples"
                                                 / "fanorona")
    if not os.access(path, os.X_OK):
        raise unittest.SkipTest("the fanorona CLI is not at %s" % path)
    return path


def run_cli(args, stdin=""):
    p = subprocess.run([cli_path()] + args, input=stdin, capture_output=True,
                       text=True, timeout=120)
    if p.returncode != 0:
        raise AssertionError("fanorona %s exited %d: %s"
                             % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def cli_divide(position_string, depth, count):
    """The CLI's perft divide: {notation: nodes}, and its total."""
    out = run_cli(["perft", "--fen", position_string, "--count", count,
                   "--divide", str(depth)])
    lines = out.splitlines()
    total = int(lines[-1].split()[1])
    entries = {}
    for line in lines[:-1]:
        text, nodes = line.split()
        assert text not in entries, "the CLI listed %s twice" % text
        entries[text] = int(nodes)
    return entries, total
