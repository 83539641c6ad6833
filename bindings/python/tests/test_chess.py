# SPDX-License-Identifier: MIT
"""Fanorona Chess from Python, against the rules worked out by hand
(doc/fanorona-chess.md and tests/test-chess-rules.c)."""
import doctest
import unittest
import xml.etree.ElementTree as ET

import fanorona as fan
from fanorona import chess
from fanorona.chess import ChessPosition, START


class ChessTest(unittest.TestCase):
    def test_docstring(self):
        failed, attempted = doctest.testmod(chess)
        self.assertGreater(attempted, 0)
        self.assertEqual(failed, 0)

    def test_start(self):
        pos = ChessPosition()
        self.assertEqual(pos.to_string(), START)
        self.assertEqual(ChessPosition(START), pos)
        moves = sorted(str(m) for m in pos.legal_moves())
        self.assertEqual(moves, ["Kc1-a2", "Kc1-e2", "Pa3-a4", "Pa3-b4",
                                 "Pb3-b4", "Pc3-b4", "Pc3-c4", "Pc3-d4",
                                 "Pd3-d4", "Pe3-d4", "Pe3-e4"])
        # the notes' figures
        self.assertEqual([pos.perft(d) for d in range(4)], [1, 11, 121, 1630])
        self.assertEqual(sum(pos.divide(2).values()), 121)
        self.assertEqual(pos.piece("c1"), "K")
        self.assertEqual(pos.piece("c8"), "q")
        self.assertIsNone(pos.piece("c5"))
        self.assertTrue(pos.king_unmoved("white"))
        self.assertEqual(str(pos).splitlines()[0], "9 n r k r n")

    def test_push_pop(self):
        pos = ChessPosition()
        pos.push("Kc1-a2")
        self.assertFalse(pos.king_unmoved("white"))
        self.assertEqual(pos.side_to_move, "black")
        self.assertEqual(str(pos.pop()), "Kc1-a2")
        self.assertEqual(pos, ChessPosition())
        pos.redo()
        self.assertEqual(pos.history_length, 1)
        with self.assertRaises(fan.IllegalMoveError):
            pos.push("Pc3-c4")  # White's pawn, Black to move

    def test_captures_and_choices(self):
        pos = ChessPosition("4k/5/5/5/p1Rp1/5/5/5/4K w - - - 0 1")
        self.assertEqual(pos.choices("c5", "b5"), {"mode"})
        with self.assertRaises(fan.AmbiguousStepError):
            pos.parse_move("Rc5-b5")
        m = pos.parse_move("Rc5-b5W")
        self.assertEqual((m.kind, m.captured), ("withdrawal", chess.point("d5")))
        previews = {str(x): x.captured for x in pos.moves_from("c5")}
        self.assertEqual(previews["Rc5-b5A"], chess.point("a5"))
        self.assertIsNone(previews["Rc5-c6"])

    def test_promotion_and_mate(self):
        pos = ChessPosition("4r/1P3/5/5/4k/5/5/5/K4 w - QN - 0 1")
        self.assertEqual(pos.pool("white"), "QN")
        self.assertEqual(pos.choices("b8", "b9"), {"promotion"})
        pos.push("Pb8-b9=Q")
        self.assertEqual(pos.piece("b9"), "Q")
        self.assertEqual(pos.pool("white"), "N")
        mate = ChessPosition("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1")
        mate.push("Qe3-a7")
        self.assertTrue(mate.in_check)
        self.assertEqual(mate.result, ("white-wins", "checkmate"))
        again = ChessPosition.from_record(mate.record())
        self.assertEqual(again, mate)
        self.assertEqual(again.result, mate.result)

    def test_errors(self):
        with self.assertRaises(fan.ParseError) as e:
            ChessPosition(START.replace(" w ", " x "))
        self.assertEqual(e.exception.offset, START.index(" w ") + 1)
        with self.assertRaises(fan.ImpossiblePositionError):
            ChessPosition("4k/5/5/5/5/5/5/5/5 w - - - 0 1")

    def test_svg(self):
        pos = ChessPosition()
        move = pos.parse_move("Kc1-a2")
        root = ET.fromstring(pos.svg(highlight=["a2"], move=move,
                                     coordinates=True))
        classes = [e.get("class") for e in root.iter()]
        self.assertEqual(classes.count("piece white"), 13)
        self.assertEqual(classes.count("highlight"), 1)
        self.assertEqual(classes.count("arrow"), 1)


if __name__ == "__main__":
    unittest.main()
