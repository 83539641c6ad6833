# SPDX-License-Identifier: MIT
"""A first session with the fanorona package (doc/getting-started-python.md).

Writes a picture of the board to the file named on the command line, or
to board.svg in the temporary folder (tempfile.gettempdir())."""
import os
import sys
import tempfile

import fanorona
from fanorona import Position

pos = Position()                      # the start, stop-at-will rules
print(pos)                            # the board as text
print(sorted(str(t) for t in pos.legal_turns()))

turn = pos.push("d3-e3W")             # play a turn written in notation
print(turn, "took", sorted(str(s) for s in turn.captured))
print(repr(pos))                      # the position string

# Step by step: each step shows what it would capture before it is played.
for step in sorted(pos.legal_steps(), key=str)[:3]:
    print(step, "would take", sorted(str(s) for s in step.captures))

pos.pop()                             # take the turn back
print([pos.perft(depth) for depth in (1, 2, 3)])

try:
    pos.play_step("d3", "e3")         # approach or withdrawal? say which
except fanorona.AmbiguousStepError as e:
    print("refused:", e)

# The library's search: here three turns deep (or nodes=, time_ms=).
result = pos.search(depth=3)
print("best", result.best, "score", result.score,
      "line", " ".join(str(t) for t in result.pv))

if len(sys.argv) > 1:
    picture, where = sys.argv[1], sys.argv[1]
else:
    picture = os.path.join(tempfile.gettempdir(), "board.svg")
    where = "board.svg in the temporary folder"
with open(picture, "w") as f:         # a notebook shows pos by itself
    f.write(pos.svg(highlight=["d3", "e3"], turn="d3-e3W"))
print("wrote", where)
