# SPDX-License-Identifier: MIT
"""Endgame tables through the bindings: generate, probe, best turns, the
tables' counts, verify, refusals, and the search reading the tables.
Expectations come from the rules by hand and from counting placements."""
import os
import tempfile
import unittest
from math import comb

import fanorona as fan
from fanorona import tablebase as tbm

WIN_IN_ONE = "9/9/3W1B3/9/9 w stop 0 -"  # d3-e3 takes the last piece


class TablebaseTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        tbm.generate(cls.dir.name, fan.STOP, 3, threads=2)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_probe_and_best_turns(self):
        with fan.Tablebase(self.dir.name) as tb:
            pos = fan.Position(WIN_IN_ONE)
            self.assertEqual(tb.probe(pos), fan.Probe(tbm.WIN, 1))
            best = tb.best_turns(pos)
            self.assertEqual([str(t) for t in best], ["d3-e3A"])
            after = pos.copy()
            after.push(best[0])
            self.assertTrue(after.result.is_over)
            # every best turn of a decided position moves one turn closer
            black = fan.Position("9/9/3W1B3/9/9 b stop 0 -")
            v = tb.probe(black)
            for turn in tb.best_turns(black):
                nxt = black.copy()
                nxt.push(turn)
                got = tb.probe(nxt)
                self.assertEqual(got.value, -v.value)
                if v.distance is not None:
                    self.assertLessEqual(got.distance, v.distance - 1)

    def test_tables(self):
        with fan.Tablebase(self.dir.name) as tb:
            infos = tb.tables
            self.assertEqual(len(infos), 3)
            for t in infos:
                self.assertEqual(t.rules, fan.STOP)
                self.assertEqual(t.positions,
                                 comb(45, t.own_pieces) *
                                 comb(45 - t.own_pieces, t.other_pieces))
                self.assertEqual(t.wins + t.draws + t.losses, t.positions)
            self.assertEqual(tb.verify(), 0)

    def test_refusals(self):
        with fan.Tablebase(self.dir.name) as tb:
            with self.assertRaises(fan.NoTableError):
                tb.probe(fan.Position("9/9/9/1BB6/WWW6 w stop 0 -"))
            with self.assertRaises(fan.NoTableError):
                tb.probe(fan.Position("9/9/3W1B3/9/9 w must 0 -"))
        with self.assertRaises(fan.TableFileError):
            fan.Tablebase("/nonexistent/tables")
        with tempfile.TemporaryDirectory() as empty:
            with self.assertRaises(fan.NoTableError):
                fan.Tablebase(empty)
            with self.assertRaises(fan.StoppedError):
                tbm.generate(empty, fan.MUST, 3, progress=lambda d, t: True)
            self.assertFalse([f for f in os.listdir(empty) if "tmp" in f])
            # a damaged copy is refused
            src = os.path.join(self.dir.name, "fanorona-stop-1v1.tb")
            with open(src, "rb") as f:
                data = bytearray(f.read())
            data[200] ^= 1
            with open(os.path.join(empty, "fanorona-stop-1v1.tb"), "wb") as f:
                f.write(data)
            with self.assertRaises(fan.TableFormatError):
                fan.Tablebase(empty)

    def test_search_reads_tables(self):
        tb = fan.Tablebase(self.dir.name)
        with fan.Search() as s:
            s.use_tables(tb)
            pos = fan.Position("9/9/3W1B3/9/9 b stop 0 -")
            want = tb.probe(pos)
            r = s.run(pos, depth=2)
            if want.value == tbm.DRAW:  # searched on, within +-50
                self.assertLessEqual(abs(r.score), 50)
            else:
                self.assertEqual(abs(r.score), fan.SCORE_WIN - want.distance)
            self.assertIn(r.best, tb.best_turns(pos))
            s.use_tables(None)


if __name__ == "__main__":
    unittest.main()
