#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fits Fanorona Chess piece values to game results.

Reads the samples that `fanorona-match --game chess --positions FILE`
writes, one quiet position (no capture to make, not in check) a line:

    GAME SCORE STM Q R B N P PP

GAME numbers the game, SCORE is what White scored in it (1, 0.5, 0), STM
is 1 when White is to move, and Q R B N P PP are White's minus Black's
queens, rooks, bishops, knights, pawns of a side whose pool is empty (they
cannot promote now) and pawns of a side with a piece in its pool.

The model is logistic: P(White scores) = 1 / (1 + exp(-z)) with
z = c + t * (2 STM - 1) + sum of value * count difference, fitted by
maximum likelihood (Newton's method; a draw counts half a win, half a
loss). The standard errors are the sandwich ones clustered by game, since
the positions of one game share its result.

It prints each coefficient (in logits) with its standard error, the values
relative to a pawn of an empty pool (= 100), and the values scaled to the
engine's start values (--start Q,R,B,N,P, centipawns) by the one factor
that fits them best, as `engine:value.q=...` keys for fanorona-match.

    tools/chess-fit-values.py [--start 900,500,300,300,100] FILE...
"""
import argparse
import math
import sys

NAMES = ["colour", "tempo", "queen", "rook", "bishop", "knight",
         "pawn (pool empty)", "pawn (pool not empty)"]


def read_samples(paths):
    """(game, score, features) for every line of the files."""
    rows = []
    for path in paths:
        with open(path, encoding="ascii") as f:
            for n, line in enumerate(f, 1):
                parts = line.split()
                if len(parts) != 9:
                    sys.exit(f"{path}:{n}: expected 9 fields, got {len(parts)}")
                game = (path, int(parts[0]))
                score = float(parts[1])
                stm = int(parts[2])
                x = [1.0, 2.0 * stm - 1.0] + [float(v) for v in parts[3:]]
                rows.append((game, score, x))
    return rows


def solve(a, b):
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-12:
            raise ZeroDivisionError("singular matrix: a feature never varies")
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def inverse(a):
    n = len(a)
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(n)])
            for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def sigmoid(z):
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def fit(rows, iterations=50):
    """Maximum-likelihood coefficients, over the distinct feature vectors
    (counted with their summed scores), and the Hessian at them."""
    groups = {}
    for _, y, x in rows:
        g = groups.setdefault(tuple(x), [0.0, 0.0])
        g[0] += 1.0
        g[1] += y
    k = len(rows[0][2])
    beta = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, (count, total) in groups.items():
            p = sigmoid(sum(b * v for b, v in zip(beta, x)))
            w = count * p * (1.0 - p)
            for i in range(k):
                grad[i] += (total - count * p) * x[i]
                for j in range(k):
                    hess[i][j] += w * x[i] * x[j]
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta, hess


def clustered_errors(rows, beta, hess):
    """Sandwich standard errors with the score summed over each game."""
    k = len(beta)
    per_game = {}
    for game, y, x in rows:
        p = sigmoid(sum(b * v for b, v in zip(beta, x)))
        s = per_game.setdefault(game, [0.0] * k)
        for i in range(k):
            s[i] += (y - p) * x[i]
    meat = [[sum(s[i] * s[j] for s in per_game.values()) for j in range(k)]
            for i in range(k)]
    h = inverse(hess)
    cov = [[sum(h[i][a] * meat[a][b] * h[b][j] for a in range(k)
                for b in range(k)) for j in range(k)] for i in range(k)]
    return [math.sqrt(max(cov[i][i], 0.0)) for i in range(k)], len(per_game)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--start", default="900,500,300,300,100",
                    help="the engine's values Q,R,B,N,P in centipawns")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    start = [float(v) for v in args.start.split(",")]
    if len(start) != 5:
        sys.exit("--start takes five values: Q,R,B,N,P")
    rows = read_samples(args.files)
    if not rows:
        sys.exit("no samples")
    beta, hess = fit(rows)
    se, games = clustered_errors(rows, beta, hess)
    print(f"{len(rows)} positions from {games} games")
    print(f"{'term':24s} {'logit':>8s} {'s.e.':>7s} {'pawn=100':>9s}")
    pawn = beta[6]
    for name, b, e in zip(NAMES, beta, se):
        rel = f"{100 * b / pawn:9.0f}" if pawn > 0 else ""
        print(f"{name:24s} {b:8.3f} {e:7.3f} {rel}")
    # the engine has one pawn value: the two kinds weighted by how often
    # they were seen
    n_empty = sum(abs(x[6]) for _, _, x in rows)
    n_pool = sum(abs(x[7]) for _, _, x in rows)
    wsum = n_empty + n_pool
    p_mean = (beta[6] * n_empty + beta[7] * n_pool) / wsum if wsum else pawn
    fitted = beta[2:6] + [p_mean]
    scale = sum(f * s for f, s in zip(fitted, start)) / \
        sum(f * f for f in fitted)
    values = [round(scale * f) for f in fitted]
    print(f"scaled to the start values ({args.start}) by {scale:.1f}:")
    print("engine:" + ",".join(f"value.{c}={v}"
                               for c, v in zip("qrbnp", values)))


if __name__ == "__main__":
    main()
