#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes debian/libfanoronaN.symbols from the linker version script.

Usage: gen-symbols.py [--check] [VERSION_SCRIPT] [SYMBOLS_FILE] [MESON_BUILD]
(defaults: lib/fanorona.sym, debian/libfanoronaN.symbols, meson.build,
relative to the top of the source tree; N is the soversion of meson.build)

Every global name of every version node of lib/fanorona.sym becomes
"name@NODE VERSION", and each node its own "NODE@NODE VERSION". VERSION is
the upstream version that first exported the symbol: kept from the
symbols file already there, else the project version of meson.build (a
symbol new in this release; after a soversion bump the new file starts
afresh). With --check nothing is written: the exit status says whether
the file is what this script would write, and the difference is printed;
it also checks that debian/control names the package libfanoronaN.
"""
import difflib
import re
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent


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


def soversion(meson_text):
    m = re.search(r"^soversion\s*=\s*(\d+)", meson_text, re.M)
    if not m:
        raise SystemExit("gen-symbols: no soversion in meson.build")
    return int(m.group(1))


def known_versions(symbols_text):
    """{symbol@node: version} from an existing symbols file."""
    known = {}
    for line in symbols_text.splitlines():
        m = re.match(r"^ (\S+@\S+) (\S+)", line)
        if m:
            known[m.group(1)] = m.group(2)
    return known


def render(nodes, known, version, so):
    lines = ["libfanorona.so.%d libfanorona%d #MINVER#" % (so, so),
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
    meson = Path(args[2]) if len(args) > 2 else TOP / "meson.build"
    meson_text = meson.read_text()
    so = soversion(meson_text)
    script = Path(args[0]) if len(args) > 0 else TOP / "lib" / "fanorona.sym"
    out = Path(args[1]) if len(args) > 1 else \
        TOP / "debian" / ("libfanorona%d.symbols" % so)
    nodes = version_nodes(script.read_text())
    if not nodes or not any(names for _, names in nodes):
        raise SystemExit("gen-symbols: no global names in %s" % script)
    old = out.read_text() if out.exists() else ""
    new = render(nodes, known_versions(old), project_version(meson_text), so)
    if check:
        control = (TOP / "debian" / "control").read_text()
        if not re.search(r"^Package: libfanorona%d$" % so, control, re.M):
            print("FAIL: debian/control has no package libfanorona%d for "
                  "soversion %d" % (so, so))
            return 1
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
