#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A manual page says what the program's own --help and --version say.

Usage: man-sync.py [--uci] MANPAGE PROGRAM

Works on the program's output, not its source: runs PROGRAM --help and
PROGRAM --version, renders MANPAGE with groff, and checks that
  - every usage form of --help (the lines under "Usage:" that start with
    the program's name, with their continuation lines) appears in the
    page's SYNOPSIS, word for word;
  - every long option (--name) of --help is documented in the page, and
    the page documents no option that --help does not know (but --help);
  - the page's footer names the version that --version prints.
With --uci (an engine program) it also sends "uci" on standard input and
checks that the options the program announces ("option name NAME ...")
are exactly those of the page's OPTIONS section, and that the version of
its "id name" line is the footer's; then a program that does not answer
--help and --version yet is checked on that alone.
Exits 77 (skipped) when groff is missing, or when there is nothing to
compare: no --help and --version, and no --uci.
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
        # "Usage:" alone, the forms below; or "usage: FORM" on one line
        m = re.match(r"\s*usage:\s*(.*)$", line, re.I)
        if m and not in_usage:
            in_usage = True
            if m.group(1).split()[:1] == [name]:
                forms.append(" ".join(m.group(1).split()))
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


def uci_failures(text, program):
    """The engine's announced options and version against the page."""
    r = subprocess.run([program], input="uci\nquit\n", capture_output=True,
                       text=True, timeout=60)
    announced = re.findall(r"^option name (\S+)", r.stdout, re.M)
    ident = re.search(r"^id name \S+ (\S+)", r.stdout, re.M)
    if not announced or not ident:
        return ["%s answered 'uci' with no options or no id name:\n%s"
                % (program, r.stdout)], 0
    m = re.search(r"^OPTIONS\n(.*?)(?=^[A-Z][A-Z ]+\n|\Z)", text, re.S | re.M)
    # the tags of the section: lines indented by one step, first word
    documented = set(re.findall(r"^ {7}(\w+)", m.group(1), re.M)) if m else set()
    failures = []
    for opt in sorted(set(announced) - documented):
        failures.append("engine option %s is not in the page's OPTIONS" % opt)
    for opt in sorted(documented - set(announced)):
        failures.append("the page's OPTIONS has %s, which 'uci' does not "
                        "announce" % opt)
    footer = text.rstrip().splitlines()[-1].split()
    if ident.group(1) not in footer:
        failures.append("'uci' names version %s, the page's footer reads: %s"
                        % (ident.group(1), " ".join(footer)))
    return failures, len(announced)


def listed_commands_failures(text, help_text):
    """The protocol commands that --help lists ("Commands: a, b NAME, c.")
    against the tags of the page's COMMANDS section."""
    m = re.search(r"^Commands:(.*?)(?=^\S+:|\Z)", help_text, re.S | re.M)
    if not m:
        return ["--help lists no 'Commands:'"]
    listed = {item.split()[0] for item in
              " ".join(m.group(1).split()).rstrip(".").split(", ")
              if item.split()}
    c = re.search(r"^COMMANDS\n(.*?)(?=^[A-Z][A-Z ]+\n|\Z)", text, re.S | re.M)
    documented = set(re.findall(r"^ {7}(\w+)", c.group(1), re.M)) if c else set()
    return ["command %s of --help is not in the page's COMMANDS" % cmd
            for cmd in sorted(listed - documented)] + \
        ["the page's COMMANDS has %s, which --help does not list" % cmd
         for cmd in sorted(documented - listed)]


def main():
    args = sys.argv[1:]
    uci = "--uci" in args
    args = [a for a in args if a != "--uci"]
    page, program = args[0], args[1]
    name = os.path.basename(program)
    if shutil.which("groff") is None:
        print("groff not found: skipped")
        return SKIP
    text = render(page)
    failures = []
    if uci:
        found, n = uci_failures(text, program)
        failures += found
        if not found:
            print("ok: %s: the %d options and the version of 'uci'"
                  % (page, n))
    status, help_text = run([program, "--help"])
    vstatus, version = run([program, "--version"])
    version = version.strip().split()[-1] if version.strip() else ""
    if status != 0 or not re.search(r"^\s*usage:", help_text, re.I | re.M) or \
            vstatus != 0 or not re.fullmatch(r"\d+\.\d+\.\d+\S*", version):
        print("%s does not answer --help and --version yet" % name)
        for f in failures:
            print("FAIL: " + f)
        if failures:
            return 1
        return 0 if uci else SKIP
    if uci:
        failures += listed_commands_failures(text, help_text)
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
