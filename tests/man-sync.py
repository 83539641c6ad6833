#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A manual page says what the program's own --help and --version say.

Usage: man-sync.py MANPAGE PROGRAM

Works on the program's output, not its source: runs PROGRAM --help and
PROGRAM --version, renders MANPAGE with groff, and checks that
  - every usage form of --help (the lines under "Usage:" that start with
    the program's name, with their continuation lines) appears in the
    page's SYNOPSIS, word for word;
  - every long option (--name) of --help is documented in the page, and
    the page documents no option that --help does not know (but --help);
  - the page's footer names the version that --version prints.
Exits 77 (skipped) when groff is missing, or when the program does not
answer --help and --version yet (it reads its input instead).
"""
import os
import re
import shutil
import subprocess
import sys

SKIP = 77


def run(args):
    r = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=60)
    return r.returncode, r.stdout


def usage_forms(help_text, name):
    """The usage forms of --help, each joined into one line."""
    forms = []
    in_usage = False
    for line in help_text.splitlines():
        if line.strip() == "Usage:":
            in_usage = True
            continue
        if not in_usage:
            continue
        if not line.strip():
            if forms:
                break
            continue
        words = line.split()
        if words[0] == name:
            forms.append(" ".join(words))
        elif forms and not words[0].startswith("("):
            # a continuation of the form above; "(...)" lines are notes
            forms[-1] += " " + " ".join(words)
    return forms


def render(page):
    r = subprocess.run(["groff", "-man", "-Tascii", "-P-cbou", "-rLL=1000n",
                        "-rHY=0", "-ww", page],
                       capture_output=True, text=True, check=True)
    return r.stdout


def section(text, title):
    """The body of a rendered section, whitespace folded to single spaces."""
    m = re.search(r"^%s\n(.*?)(?=^[A-Z][A-Z ]+\n|\Z)" % re.escape(title),
                  text, re.S | re.M)
    return " ".join(m.group(1).split()) if m else ""


def options(text):
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", text))


def main():
    page, program = sys.argv[1], sys.argv[2]
    name = os.path.basename(program)
    if shutil.which("groff") is None:
        print("groff not found: skipped")
        return SKIP
    status, help_text = run([program, "--help"])
    vstatus, version = run([program, "--version"])
    version = version.strip().split()[-1] if version.strip() else ""
    if status != 0 or "Usage:" not in help_text or \
            vstatus != 0 or not re.fullmatch(r"\d+\.\d+\.\d+\S*", version):
        print("%s does not answer --help and --version yet: skipped" % name)
        return SKIP

    text = render(page)
    failures = []
    synopsis = section(text, "SYNOPSIS")
    forms = usage_forms(help_text, name)
    if not forms:
        failures.append("no usage forms found in %s --help" % name)
    for form in forms:
        if form not in synopsis:
            failures.append("usage form of --help missing from SYNOPSIS:\n"
                            "    %s\n  SYNOPSIS reads:\n    %s"
                            % (form, synopsis))
    said, documented = options(help_text), options(text)
    for opt in sorted(said - documented):
        failures.append("option %s of --help is not in the page" % opt)
    for opt in sorted(documented - said - {"--help"}):
        failures.append("the page documents %s, which --help does not know"
                        % opt)
    footer = text.rstrip().splitlines()[-1]
    if version not in footer.split():
        failures.append("--version prints %s, the page's footer reads: %s"
                        % (version, " ".join(footer.split())))

    for f in failures:
        print("FAIL: " + f)
    if failures:
        return 1
    print("ok: %s: %d usage forms, %d options, version %s"
          % (page, len(forms), len(said), version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
