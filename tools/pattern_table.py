# SPDX-License-Identifier: MIT
"""The generated pattern tables' file format, for tools/pattern-mean.py
and tools/pattern-grow.py: entries PW(mg, eg), a table after another,
each table STATES entries (3x3 blocks: 3^9), six to a line."""

STATES = 19683


def write(path, head, name, tables, states=STATES):
    """Writes the tables (lists of (mg, eg)) as the C array NAME, with the
    lines of head (without their comment marks) as the file's head."""
    out = ["/* SPDX-License-Identifier: MIT */"]
    out += [("/* " if i == 0 else " * ") + line if line else " *"
            for i, line in enumerate(head)]
    out += [
        " *",
        " * An entry is PW(mg, eg) = mg + 65536 * eg. */",
        '#include "search.h"',
        "",
        "#define PW(mg, eg) ((mg) + 65536 * (eg))",
        "",
        f"const int32_t {name}[EVAL_PAT_TABLES][EVAL_PAT_STATES] = {{",
    ]
    for t, table in enumerate(tables):
        out.append(f"    {{ /* table {t} */")
        for s in range(0, states, 6):
            out.append("        " + " ".join(
                f"PW({mg}, {eg})," for mg, eg in table[s:s + 6]))
        out.append("    },")
    out.append("};")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
