#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/chess-fit-values.py recovers known piece values: games are drawn
from a logistic model with chosen coefficients (seeded, so the test is
the same every run), written in the format of fanorona-match --positions,
and the fit must find each coefficient within four standard errors, with
standard errors small enough to mean something, and the values in their
true order.
    test-chess-fit.py TOOL"""
import importlib.util
import math
import random
import sys
import tempfile

spec = importlib.util.spec_from_file_location("fit", sys.argv[1])
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)

# colour, tempo, Q, R, B, N, P (pool empty), P (pool not empty)
truth = [0.1, 0.05, 2.4, 1.3, 0.9, 0.7, 0.3, 0.45]
rng = random.Random(17)
lines = []
for game in range(1, 3001):
    # a few positions a game sharing its result, as in real games
    diffs = [rng.randint(-1, 1), rng.randint(-2, 2), rng.randint(-2, 2),
             rng.randint(-2, 2), rng.randint(-3, 3), rng.randint(-2, 2)]
    z = truth[0] + sum(b * d for b, d in zip(truth[2:], diffs))
    stm = game % 2
    z += truth[1] * (2 * stm - 1)
    p = 1 / (1 + math.exp(-z))
    score = 1.0 if rng.random() < p else 0.0
    for _ in range(rng.randint(1, 4)):
        lines.append(f"{game} {score:g} {stm} " + " ".join(map(str, diffs)))

with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join(lines) + "\n")
rows = fit.read_samples([f.name])
beta, hess = fit.fit(rows)
se, games = fit.clustered_errors(rows, beta, hess)
ok = True
for name, b, t, e in zip(fit.NAMES, beta, truth, se):
    if not (abs(b - t) < 4 * e) or not (0 < e < 0.2):
        print(f"{name}: fitted {b:.3f} +- {e:.3f}, truth {t}")
        ok = False
order = sorted(range(2, 8), key=lambda i: beta[i])
if order != sorted(range(2, 8), key=lambda i: truth[i]):
    print("the values are not in the order of the truth:", beta)
    ok = False
if games < 2000:
    print(f"only {games} games read")
    ok = False
print("chess fit:", "ok" if ok else "FAILED")
sys.exit(0 if ok else 1)
