# SPDX-License-Identifier: MIT
"""The Fanorona Chess search through the bindings (Search.run() and
analyse() on a ChessPosition): legal answers and lines judged by the
rules (the legal moves, the game's result), repeatable results, a mate in
one found, stopping from another thread, clocks and refused arguments."""
import threading
import time
import unittest

import fanorona as fan
from fanorona.chess import ChessPosition
from fanorona.search import ChessSearchResult

# doc/fanorona-chess.md's record: White mates in one (Qe3-a7)
MATE_IN_1 = "kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1"


def check_line(test, pos, result):
    """pv[0] is best, and every move is legal after the previous one."""
    test.assertIsInstance(result, ChessSearchResult)
    test.assertGreaterEqual(len(result.pv), 1)
    test.assertEqual(result.pv[0], result.best)
    replay = pos.copy()
    for move in result.pv:
        test.assertIn(move, replay.legal_moves, "in %s" % replay.to_string())
        # the notation reads back as the same move where it is played
        test.assertEqual(replay.parse_move(str(move)), move)
        replay.push(move)


class ChessSearchTest(unittest.TestCase):
    def test_depth_limited_from_start(self):
        pos = ChessPosition()
        before = pos.to_string()
        with fan.Search() as s:
            r = s.run(pos, depth=3)
        self.assertEqual(pos.to_string(), before)  # not changed
        self.assertIn(r.best, pos.legal_moves)
        self.assertEqual(r.depth, 3)
        self.assertEqual(r.line, 1)
        self.assertGreater(r.nodes, 0)
        self.assertFalse(r.is_win or r.is_loss)
        self.assertIsNone(r.plies_to_end)
        check_line(self, pos, r)
        with self.assertRaises(AttributeError):
            r.score = 0  # type: ignore[misc]

    def test_deterministic(self):
        pos = ChessPosition()
        pos.push("Pc3-c4")
        with fan.Search() as a, fan.Search() as b:
            ra, rb = a.run(pos, depth=3), b.run(pos, depth=3)
            a.clear()
            rc = a.run(pos, depth=3)
        for r in (rb, rc):
            self.assertEqual((r.best, r.score, r.nodes, r.pv),
                             (ra.best, ra.score, ra.nodes, ra.pv))

    def test_mate_in_one(self):
        pos = ChessPosition(MATE_IN_1)
        # the judge: the moves after which the rules end the game for White
        winning = set()
        for move in pos.legal_moves:
            after = pos.copy()
            after.push(move)
            if after.result.outcome == "white-wins":
                winning.add(move)
        self.assertIn("Qe3-a7", {str(m) for m in winning})
        with fan.Search() as s:
            r = s.run(pos, depth=3)
        self.assertIn(r.best, winning)
        self.assertTrue(r.is_win)
        self.assertEqual(r.plies_to_end, 1)
        self.assertEqual(r.score, fan.SCORE_WIN - 1)
        # ChessPosition.search(), with a fresh handle, agrees
        again = pos.search(depth=3)
        self.assertEqual((again.best, again.score, again.nodes),
                         (r.best, r.score, r.nodes))
        with self.assertRaises(fan.InvalidArgumentError):
            pos.search()  # no limit at all
        # and the game it ends cannot be searched
        pos.push(r.best)
        with fan.Search() as s, self.assertRaises(fan.GameOverError):
            s.run(pos, depth=1)

    def test_progress_and_analyse(self):
        pos = ChessPosition()
        seen = []
        with fan.Search() as s:
            r = s.run(pos, depth=2, progress=seen.append)
            self.assertEqual([line.depth for line in seen], [1, 2])
            self.assertEqual(seen[-1].best, r.best)
            # a true return stops after the first iteration
            r = s.run(pos, depth=5, progress=lambda line: True)
            self.assertEqual(r.depth, 1)
            lines = s.analyse(pos, 3, depth=2)
        self.assertEqual([line.line for line in lines], [1, 2, 3])
        self.assertEqual(len({line.best for line in lines}), 3)
        self.assertGreaterEqual(lines[0].score, lines[1].score)
        self.assertGreaterEqual(lines[1].score, lines[2].score)
        for line in lines:
            self.assertEqual(line.depth, 2)
            check_line(self, pos, line)

    def test_clock_and_time(self):
        pos = ChessPosition()
        with fan.Search() as s:
            t0 = time.monotonic()
            r = s.run(pos, clock_ms=2000, increment_ms=20, moves_to_go=30)
            self.assertLess(time.monotonic() - t0, 2)
            check_line(self, pos, r)
            r = s.run(pos, time_ms=50, level=3, seed=7)
            self.assertIn(r.best, pos.legal_moves)

    def test_stop_from_another_thread(self):
        pos = ChessPosition()
        started = threading.Event()
        out = []
        with fan.Search() as s:
            def work():
                out.append(s.run(pos, progress=lambda line: started.set()))
            t = threading.Thread(target=work)
            t.start()
            self.assertTrue(started.wait(10))
            s.stop()
            t.join(10)
            self.assertFalse(t.is_alive(), "the search did not stop")
        check_line(self, pos, out[0])

    def test_bad_arguments(self):
        pos = ChessPosition()
        with fan.Search() as s:
            with self.assertRaises(fan.OutOfRangeError):
                s.run(pos, depth=1, level=11)
            with self.assertRaises(fan.OutOfRangeError):
                s.run(pos, depth=-1)
            with self.assertRaises(TypeError):
                s.run(pos, depth="3")  # type: ignore[call-overload]
            with self.assertRaises(TypeError):
                s.run(pos.to_string(), depth=1)  # type: ignore[call-overload]


if __name__ == "__main__":
    unittest.main()
