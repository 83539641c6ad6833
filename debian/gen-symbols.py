#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes debian/libfanorona0.symbols from the linker version script.

Usage: gen-symbols.py [--check] [VERSION_SCRIPT] [SYMBOLS_FILE] [MESON_BUILD]
(defaults: lib/fanorona.sym, debian/libfanorona0.symbols, meson.build,
relative to the top of the source tree)

Every global name of every version node of lib/fanorona.sym becomes
"name@NODE VERSION", and each node its own "NODE@NODE VERSION". VERSION is
the upstream version that first exported the symbol: kept from the
symbols file already there, else the project version of meson.build (a
symbol new in this release). With --check nothing is written: the exit
status says whether the file is what this script would write, and the
difference is printed.
"""
import difflib
import re
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
SONAME = "libfanorona.so.0"
PACKAGE = "libfanorona0"


def version_nodes(script_text):
    """[(node, [names])] in the order of the script."""
    text = re.sub(r"/\*.*?\*/|#[^\n]*", "", script_text, flags=re.S)
    nodes = []
    for m in re.finditer(r"([A-Za-z_][\w.]*)\s*\{(.*?)\}\s*[\w.]*\s*;",
                         text, re.S):
        node, body = m.group(1), m.group(2)
        names = []
        scope = None
        for item in body.split(";"):
            item = item.strip()
            label = re.match(r"(global|local)\s*:\s*(.*)", item, re.S)
            if label:
                scope, item = label.group(1), label.group(2).strip()
            if item and scope == "global":
                names.append(item)
        nodes.append((node, names))
    return nodes


def project_version(meson_text):
    m = re.search(r"project\(.*?version\s*:\s*'([^']+)'", meson_text, re.S)
    if not m:
        raise SystemExit("gen-symbols: no project version in meson.build")
    return m.group(1)


def known_versions(symbols_text):
    """{symbol@node: version} from an existing symbols file."""
    known = {}
    for line in symbols_text.splitlines():
        m = re.match(r"^ (\S+@\S+) (\S+)", line)
        if m:
            known[m.group(1)] = m.group(2)
    return known


def render(nodes, known, version):
    lines = ["%s %s #MINVER#" % (SONAME, PACKAGE),
             "* Build-Depends-Package: libfanorona-dev"]
    entries = []
    for node, names in nodes:
        entries.append("%s@%s" % (node, node))
        entries += ["%s@%s" % (name, node) for name in names]
    for entry in sorted(entries):
        lines.append(" %s %s" % (entry, known.get(entry, version)))
    return "\n".join(lines) + "\n"


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    script = Path(args[0]) if len(args) > 0 else TOP / "lib" / "fanorona.sym"
    out = Path(args[1]) if len(args) > 1 else TOP / "debian" / (PACKAGE + ".symbols")
    meson = Path(args[2]) if len(args) > 2 else TOP / "meson.build"
    nodes = version_nodes(script.read_text())
    if not nodes or not any(names for _, names in nodes):
        raise SystemExit("gen-symbols: no global names in %s" % script)
    old = out.read_text() if out.exists() else ""
    new = render(nodes, known_versions(old), project_version(meson.read_text()))
    if check:
        if old == new:
            print("ok: %s lists the %d names of %s"
                  % (out, sum(len(n) + 1 for _, n in nodes), script))
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            old.splitlines(True), new.splitlines(True), str(out), "expected"))
        print("FAIL: %s is out of date: run debian/gen-symbols.py" % out)
        return 1
    out.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
