#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps the getting-started guides true.

  doc-examples.py check TOP
      Every code block in C, C++, Python or Rust in TOP/doc/getting-started-
      *.md follows a line <!-- file: PATH --> and is exactly the file PATH
      (relative to TOP), which the build compiles and runs as a test.

  doc-examples.py run DOC NAME -- COMMAND...
      Runs COMMAND and compares what it prints with the block after
      <!-- output: NAME --> in DOC. A line "..." in that block stands for
      any number of lines.
"""
import re
import subprocess
import sys
from pathlib import Path

CODE_LANGUAGES = {"c", "cpp", "c++", "python", "rust"}
FENCE = re.compile(r"^```(\S*)\s*$")
MARK = re.compile(r"^<!-- (file|output): (\S+) -->\s*$")


def blocks(text):
    """(language, marker kind, marker value, body, line number) of every
    fenced block."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        mark = MARK.match(lines[i - 1]) if i > 0 else None
        i += 1
        body = []
        while i < len(lines) and lines[i] != "```":
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit("FAIL: unclosed block at line %d" % (start + 1))
        i += 1
        out.append((m.group(1), mark.group(1) if mark else None,
                    mark.group(2) if mark else None, "\n".join(body) + "\n",
                    start + 1))
    return out


def check(top):
    top = Path(top)
    docs = sorted((top / "doc").glob("getting-started-*.md"))
    if not docs:
        raise SystemExit("FAIL: no doc/getting-started-*.md")
    failures = 0
    for doc in docs:
        code = 0
        for lang, kind, value, body, line in blocks(doc.read_text()):
            if lang not in CODE_LANGUAGES:
                continue
            where = "%s:%d" % (doc.relative_to(top), line)
            if kind != "file":
                print("FAIL: %s: a %s block without <!-- file: PATH -->"
                      % (where, lang))
                failures += 1
                continue
            path = top / value
            if not path.is_file():
                print("FAIL: %s: %s does not exist" % (where, value))
                failures += 1
            elif path.read_text() != body:
                print("FAIL: %s: the block differs from %s" % (where, value))
                failures += 1
            else:
                code += 1
        print("%s: %d code blocks, each a tested file"
              % (doc.relative_to(top), code))
        if code == 0:
            print("FAIL: %s has no code" % doc.relative_to(top))
            failures += 1
    return 1 if failures else 0


def matches(expected, actual):
    """Line by line, "..." matching any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:])
                   for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and \
        matches(expected[1:], actual[1:])


def run(doc, name, command):
    wanted = [body for _, kind, value, body, _ in blocks(Path(doc).read_text())
              if kind == "output" and value == name]
    if len(wanted) != 1:
        raise SystemExit("FAIL: %s has %d output blocks named %s"
                         % (doc, len(wanted), name))
    p = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        print("FAIL: %s exited %d\n%s%s" % (" ".join(command), p.returncode,
                                            p.stdout, p.stderr))
        return 1
    expected = wanted[0].rstrip("\n").split("\n")
    actual = p.stdout.rstrip("\n").split("\n")
    if not matches(expected, actual):
        print("FAIL: the output of %s differs from %s (%s)"
              % (" ".join(command), doc, name))
        print("---- expected ----\n%s\n---- printed ----\n%s"
              % ("\n".join(expected), p.stdout))
        return 1
    print("ok: %s prints what %s shows" % (" ".join(command), doc))
    return 0


def main(argv):
    if len(argv) == 2 and argv[0] == "check":
        return check(argv[1])
    if len(argv) >= 5 and argv[0] == "run" and argv[3] == "--":
        return run(argv[1], argv[2], argv[4:])
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
