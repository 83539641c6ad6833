#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps the guides true.

  doc-examples.py check TOP
      Every code block in C, C++, Python or Rust in TOP/doc/getting-started-
      *.md follows a line <!-- file: PATH --> and is exactly the file PATH
      (relative to TOP), which the build compiles and runs as a test.
      In every page of TOP/doc, a block of shell commands is marked ```sh
      (a block without a language that starts like a command fails), and
      the references to the rules page hold (see references()).

  doc-examples.py run DOC NAME -- COMMAND...
      Runs COMMAND and compares what it prints with the block after
      <!-- output: NAME --> in DOC. A line "..." in that block stands for
      any number of lines.

  doc-examples.py commands TOP BUILD (--only | --except) PAGE...
      Runs the ```sh blocks of the pages of TOP/doc named (--only) or of
      all the others (--except), as written, with bash -e, each page's
      blocks in order in one scratch folder that stands for the top of a
      checkout whose build directory is BUILD (see commands()). The line
      before a block may hold a marker:
        <!-- prints: NAME -->    what the block prints must match the
                                 block after <!-- output: NAME -->;
        <!-- no-test: REASON --> the block is not run (it needs root,
                                 installs, runs for minutes or names a
                                 placeholder); REASON is printed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CODE_LANGUAGES = {"c", "cpp", "c++", "python", "rust"}
FENCE = re.compile(r"^( *)```(\S*)\s*$")
MARK = re.compile(r"^ *<!-- (file|output|prints|no-test): (.+?) -->\s*$")
# How the first line of a shell command block tends to begin.
COMMAND_START = re.compile(
    r"^(\$ |#|meson |ninja |cc |c\+\+ |clang |mkdir |rm |cd |sudo |export |"
    r"python3 |cargo |git |build[-/]|\./|[A-Z_]+=\S* )")


def blocks(text):
    """(language, marker kind, marker value, body, line number) of every
    fenced block; an indented fence (in a list) closes at the same
    indentation, which is taken off its lines."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        indent = m.group(1)
        mark = MARK.match(lines[i - 1]) if i > 0 else None
        i += 1
        body = []
        while i < len(lines) and lines[i] != indent + "```":
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent)
                        else line)
            i += 1
        if i == len(lines):
            raise SystemExit("FAIL: unclosed block at line %d" % (start + 1))
        i += 1
        out.append((m.group(2), mark.group(1) if mark else None,
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
    failures += command_blocks_marked(top)
    failures += references(top)
    return 1 if failures else 0


def command_blocks_marked(top):
    """Shell commands are in ```sh blocks, so that commands() runs them;
    a no-test marker says why."""
    failures = 0
    count = 0
    for doc in sorted((top / "doc").glob("*.md")):
        for lang, kind, value, body, line in blocks(doc.read_text()):
            where = "%s:%d" % (doc.relative_to(top), line)
            first = next((x for x in body.split("\n") if x.strip()), "")
            if lang == "" and COMMAND_START.match(first):
                print("FAIL: %s: a block of commands without ```sh" % where)
                failures += 1
            if lang == "sh":
                count += 1
                if kind not in (None, "prints", "no-test"):
                    print("FAIL: %s: a %s marker on a sh block"
                          % (where, kind))
                    failures += 1
                if kind == "no-test" and len(value.split()) < 2:
                    print("FAIL: %s: no-test needs a reason" % where)
                    failures += 1
    print("doc/: %d blocks of commands, each marked ```sh" % count)
    return failures


def slug(heading):
    """The anchor a Markdown renderer gives a heading (GitHub's rule)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def headings(page):
    return [re.sub(r"^#+\s*", "", line) for line in page.read_text().split("\n")
            if re.match(r"^#+ ", line)]


# The notes the rules page replaced; their name is split so that this file
# does not match its own search.
OLD_NOTES = "RULES" + "-NOTES"
SOURCE_REF = re.compile(r'doc/(\w[\w-]*\.md) "([^"]+)"')
LINK_REF = re.compile(r"\]\((\w[\w-]*\.md)#([\w-]+)\)")
IMAGE_REF = re.compile(r"!\[[^\]]*\]\(([^):#]+)\)")


def references(top):
    """The sources point at sections of the pages in doc/ as
    doc/<page>.md "<heading>", the pages link them as (<page>.md#<anchor>):
    each must name a section that exists, and each picture a page shows
    must exist. Nothing refers to the old notes file outside the project."""
    failures = 0
    checked = 0
    files = [top / "README.md"]
    for folder in ("doc", "lib", "include", "tests", "examples", "tools",
                   "bench"):
        files += [f for f in (top / folder).rglob("*")
                  if f.is_file() and f.suffix in
                  (".md", ".c", ".h", ".cpp", ".py", ".rs", ".txt", ".sh",
                   ".build", ".in")]
    for f in files:
        text = f.read_text(errors="replace")
        where = f.relative_to(top)
        if OLD_NOTES in text:
            print("FAIL: %s refers to %s, which is not part of the project; "
                  "point at doc/rules.md" % (where, OLD_NOTES))
            failures += 1
        refs = [(page, heading, False)
                for page, heading in SOURCE_REF.findall(text)]
        if f.suffix == ".md":
            refs += [(page, anchor, True)
                     for page, anchor in LINK_REF.findall(text)]
            for image in IMAGE_REF.findall(text):
                checked += 1
                if not (f.parent / image).is_file():
                    print("FAIL: %s: the picture %s does not exist"
                          % (where, image))
                    failures += 1
        for page, name, is_anchor in refs:
            target = top / "doc" / page
            if not target.is_file():
                print("FAIL: %s: doc/%s does not exist" % (where, page))
                failures += 1
                continue
            names = headings(target)
            if is_anchor:
                names = [slug(h) for h in names]
            if name not in names:
                print("FAIL: %s: doc/%s has no section %s"
                      % (where, page, name))
                failures += 1
            checked += 1
    print("references to sections of doc/: %d, each to a section that "
          "exists" % checked)
    return failures


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


# The libFuzzer flags the pages use, and the ones that take a file.
FUZZER_FLAGS = {"max_len", "max_total_time", "timeout", "print_final_stats",
                "dict", "merge", "runs", "jobs", "workers", "seed",
                "only_ascii", "use_value_profile"}
FUZZER_STUB = r'''#!/usr/bin/env python3
# Stands for the libFuzzer program %(name)s, which this build lacks
# (doc-examples.py commands): checks the arguments as libFuzzer would need
# them (known -flag=value options, a -dict file that exists, every corpus
# folder present, as libFuzzer refuses a missing one), then stops.
import os, sys
flags, paths = {}, []
for a in sys.argv[1:]:
    if a.startswith("-"):
        name, eq, value = a[1:].partition("=")
        if not eq or name not in %(flags)r:
            sys.exit("%(name)s: not a libFuzzer flag of the pages: " + a)
        flags[name] = value
    else:
        paths.append(a)
if "dict" in flags and not os.path.isfile(flags["dict"]):
    sys.exit("%(name)s: no dictionary " + flags["dict"])
for p in paths:
    if not os.path.exists(p):
        sys.exit('ERROR: The required directory "%%s" does not exist' %% p)
if flags.get("merge") == "1" and (len(paths) < 2 or
                                  not all(os.path.isdir(p) for p in paths)):
    sys.exit("%(name)s: -merge=1 needs an output folder and corpus folders")
print("%(name)s: arguments accepted (no libFuzzer build to run)")
'''
FUZZER_SHORT = """#!/bin/sh
# The libFuzzer program of $FANORONA_FUZZ_BUILD, each session cut to a
# few seconds (a later -max_total_time wins in libFuzzer).
case " $* " in
  *" -merge=1 "*) exec %(real)s "$@" ;;
  *) exec %(real)s "$@" -max_total_time=3 ;;
esac
"""


def scratch_top(top, build, folder):
    """folder stands for the top of a checkout: each entry of top linked,
    build/ linked to the build directory under test, and build-fuzz/
    holding one program per harness (fuzzer_programs())."""
    for entry in top.iterdir():
        if entry.name.startswith("build") or entry.name == ".git":
            continue
        (folder / entry.name).symlink_to(entry)
    (folder / "build").symlink_to(build)
    (folder / "tmp").mkdir()
    fuzz = folder / "build-fuzz" / "tests" / "fuzz"
    fuzz.mkdir(parents=True)
    real = os.environ.get("FANORONA_FUZZ_BUILD")
    for src in sorted((top / "tests" / "fuzz").glob("fuzz-*.c")):
        name = src.stem
        program = fuzz / name
        if real:
            program.write_text(FUZZER_SHORT % {
                "real": Path(real).resolve() / "tests" / "fuzz" / name})
        else:
            program.write_text(FUZZER_STUB % {"name": name,
                                              "flags": FUZZER_FLAGS})
        program.chmod(0o755)


def commands(top, build, only, pages):
    """Runs the ```sh blocks of the pages. The scratch folder stands for
    the top of a checkout (scratch_top()); the environment stands for the
    install step a page asks for: pkg-config finds the build's uninstalled
    .pc file, the loader and the Python package find its library, the
    Python tests its command line, cargo keeps its output in the build
    directory. A libFuzzer session runs the
    programs of the -Dfuzz=true build named by FANORONA_FUZZ_BUILD for a
    few seconds each, or, without one, stubs that check the arguments and
    the folders the session needs."""
    top = Path(top).resolve()
    build = Path(build).resolve()
    chosen = [top / "doc" / p for p in pages]
    for doc in chosen:
        if not doc.is_file():
            raise SystemExit("FAIL: no page %s" % doc)
    if not only:
        chosen = [d for d in sorted((top / "doc").glob("*.md"))
                  if d not in chosen]
    env = dict(os.environ)
    env["PKG_CONFIG_PATH"] = os.pathsep.join(
        [str(build / "meson-uninstalled")] +
        [p for p in [env.get("PKG_CONFIG_PATH")] if p])
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        [str(build / "lib")] +
        [p for p in [env.get("LD_LIBRARY_PATH")] if p])
    env["FANORONA_LIBRARY"] = str(build / "lib" / "libfanorona.so")
    env["CARGO_TARGET_DIR"] = str(build / "examples" / "rust" / "target")
    env["FANORONA_CLI"] = str(build / "examples" / "fanorona")
    env.pop("PYTHONPATH", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    failures = 0
    for doc in chosen:
        found = blocks(doc.read_text())
        outputs = {value: body for _, kind, value, body, _ in found
                   if kind == "output"}
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            scratch_top(top, build, folder)
            env["TMPDIR"] = str(folder / "tmp")
            env["PWD"] = str(folder)
            for lang, kind, value, body, line in found:
                if lang != "sh":
                    continue
                where = "%s:%d" % (doc.relative_to(top), line)
                if kind == "no-test":
                    print("skip: %s: %s" % (where, value))
                    continue
                p = subprocess.run(["bash", "-e", "-c", body], cwd=folder,
                                   env=env, capture_output=True, text=True,
                                   timeout=600)
                if p.returncode != 0:
                    print("FAIL: %s exited %d\n%s%s\n---- the block ----\n%s"
                          % (where, p.returncode, p.stdout, p.stderr, body))
                    failures += 1
                    continue
                if kind == "prints":
                    if value not in outputs:
                        print("FAIL: %s: no <!-- output: %s --> block"
                              % (where, value))
                        failures += 1
                        continue
                    expected = outputs[value].rstrip("\n").split("\n")
                    actual = p.stdout.rstrip("\n").split("\n")
                    if not matches(expected, actual):
                        print("FAIL: %s prints other than the page shows "
                              "(%s)\n---- expected ----\n%s\n"
                              "---- printed ----\n%s"
                              % (where, value, "\n".join(expected), p.stdout))
                        failures += 1
                        continue
                    print("ok: %s runs and prints what the page shows"
                          % where)
                else:
                    print("ok: %s runs" % where)
    return 1 if failures else 0


def main(argv):
    if len(argv) == 2 and argv[0] == "check":
        return check(argv[1])
    if len(argv) >= 5 and argv[0] == "run" and argv[3] == "--":
        return run(argv[1], argv[2], argv[4:])
    if len(argv) >= 4 and argv[0] == "commands" and \
            argv[3] in ("--only", "--except"):
        return commands(argv[1], argv[2], argv[3] == "--only", argv[4:])
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
