# SPDX-License-Identifier: MIT
"""Whole games through the bindings, checked against the fanorona CLI (a C
program on the same library that writes its own notation): at every
position the legal turns, their notation and the perft counts below them
must be what the CLI says for the same position string."""
import random
import re
import unittest

import fanorona as fan
from fanorona import Reason

from support import cli_divide, run_cli

# A side with no piece or no move has no children in perft; a game drawn
# by repetition or the turn limit still has them (doc/perft.md).
NO_CHILDREN = (Reason.NO_PIECES, Reason.NO_MOVES)


class RandomGameTest(unittest.TestCase):
    def check_position(self, pos, deep):
        """The CLI's divide against the bindings' at this position:
        every path at depth 1, and with deep the unique count at depth 2."""
        text = pos.to_string()
        cli_paths, total = cli_divide(text, 1, "paths")
        paths = pos.legal_paths()
        if pos.result.reason in NO_CHILDREN:
            self.assertEqual(paths, [])
            self.assertEqual(total, 0, text)
            return
        mine = {str(t) for t in paths}
        self.assertEqual(len(mine), len(paths), "two paths print alike")
        if not pos.is_over:
            self.assertEqual(mine, set(cli_paths), text)
        if deep:
            cli, total = cli_divide(text, 2, "unique")
            divide = pos.divide(2)
            self.assertEqual({str(t): n for t, n in divide.items()}, cli,
                             text)
            self.assertEqual(pos.perft(2), total)

    def play_game(self, rules, seed):
        rng = random.Random(seed)
        pos = fan.Position(rules=rules)
        positions = 0
        while not pos.is_over:
            self.check_position(pos, deep=positions % 4 == 0)
            positions += 1
            if rng.random() < 0.5:
                turn = rng.choice(pos.legal_paths())
                # the turn survives a trip through its notation
                self.assertEqual(pos.parse_turn(str(turn)), turn)
                pos.push(turn)
                continue
            # step by step, checking each step's preview and the
            # positions in the middle of the chain too
            while True:
                step = rng.choice(pos.legal_steps())
                opponent = pos.side_to_move.other
                theirs = pos.pieces(opponent)
                pos.play_step(step)
                self.assertEqual(theirs - pos.pieces(opponent),
                                 step.captures)
                if not pos.in_chain:
                    break
                self.check_position(pos, deep=False)
                if pos.can_end_turn and rng.random() < 0.3:
                    pos.end_turn()
                    break
        self.check_position(pos, deep=True)
        return pos

    def test_stop_rules(self):
        for seed in (2026, 7, 99):
            with self.subTest(seed=seed):
                pos = self.play_game(fan.STOP, seed)
                self.assertTrue(pos.is_over)
                self.assertLessEqual(pos.turns_played, 400)

    def test_must_rules(self):
        for seed in (6202, 8, 100):
            with self.subTest(seed=seed):
                pos = self.play_game(fan.MUST, seed)
                self.assertTrue(pos.is_over)


# The CLI's way of telling how a game ended (examples/cli/).
def result_line(pos):
    loser = pos.side_to_move
    reason = pos.result.reason
    if reason == Reason.NO_PIECES:
        return "Result: %s wins (%s has no pieces left)." % (loser.other,
                                                            loser)
    if reason == Reason.NO_MOVES:
        return "Result: %s wins (%s has no legal move)." % (loser.other,
                                                           loser)
    if reason == Reason.REPETITION:
        return "Result: draw (the position occurred a third time)."
    return "Result: draw (400 turns were played)."


class ReplayCliGameTest(unittest.TestCase):
    """The CLI's own random game, replayed from its notation."""

    def replay(self, rules, seed):
        out = run_cli(["play", "--rules", rules, "--white", "random",
                       "--black", "random", "--seed", str(seed)])
        pos = fan.Position(rules=rules)
        plays = re.findall(r"^(White|Black) \(random\) plays ([^ .]+)"
                           r"(?: \(removes ([a-i1-5 ]+)\))?\.$", out, re.M)
        self.assertGreater(len(plays), 0)
        for who, text, removes in plays:
            self.assertEqual(str(pos.side_to_move), who)
            turn = pos.push(text)
            self.assertEqual(str(turn), text)
            self.assertEqual({str(s) for s in turn.captured},
                             set(removes.split()))
        self.assertTrue(pos.is_over)
        self.assertEqual(out.rstrip("\n").splitlines()[-1], result_line(pos))

    def test_stop(self):
        self.replay("stop", 11)

    def test_must(self):
        self.replay("must", 12)


if __name__ == "__main__":
    unittest.main()
