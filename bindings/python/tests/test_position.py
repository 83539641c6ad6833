# SPDX-License-Identifier: MIT
"""The Position class and its values, against positions worked out by hand
from the rules (doc/rules.md)."""
import copy
import doctest
import unittest
import xml.etree.ElementTree as ET

import fanorona as fan
from fanorona import Color, Outcome, Reason, Rules, Square, StepKind

# The start, row 5 first: rows 4-5 Black, rows 1-2 White, and row 3
# alternating with the centre empty.
START_ROWS = {5: "BBBBBBBBB", 4: "BBBBBBBBB", 3: "BWBW.BWBW",
              2: "WWWWWWWWW", 1: "WWWWWWWWW"}
START_STRING = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -"

# White's five opening captures, all onto e3, and what each removes: the
# run of black pieces met beyond e3 (approach) or behind the origin
# (withdrawal).
OPENING = {
    "d2-e3A": {"f4", "g5"},  # NE: f4, g5, then off the board
    "e2-e3A": {"e4", "e5"},  # N
    "f2-e3A": {"d4", "c5"},  # NW
    "d3-e3A": {"f3"},        # E: f3 black, g3 white
    "d3-e3W": {"c3"},        # E, withdrawing: c3 black, b3 white
}


def names(squares):
    return {str(s) for s in squares}


class DocstringTest(unittest.TestCase):
    def test_package_docstring(self):
        failed, attempted = doctest.testmod(fan)
        self.assertGreater(attempted, 0)
        self.assertEqual(failed, 0)


class SquareTest(unittest.TestCase):
    def test_numbers_and_names(self):
        self.assertEqual(Square("a1"), 0)
        self.assertEqual(Square("e3"), 22)
        self.assertEqual(Square("i5"), 44)
        self.assertEqual(str(Square(22)), "e3")
        self.assertEqual(repr(Square("E3")), "Square('e3')")
        self.assertEqual((Square("c4").column, Square("c4").row), (2, 3))
        self.assertTrue(Square("e3").is_strong)
        self.assertFalse(Square("e2").is_strong)
        self.assertEqual(len(fan.SQUARES), 45)
        self.assertEqual(fan.mask("a1 b1"), 3)
        self.assertEqual(names(fan.squares(fan.mask(["e3", 0]))),
                         {"a1", "e3"})


class StartTest(unittest.TestCase):
    def setUp(self):
        self.pos = fan.Position()

    def test_board(self):
        for row, pieces in START_ROWS.items():
            for col, ch in enumerate(pieces):
                want = {"W": Color.WHITE, "B": Color.BLACK, ".": None}[ch]
                self.assertEqual(self.pos.piece(col + 9 * (row - 1)), want)
        self.assertEqual(len(self.pos.white), 22)
        self.assertEqual(len(self.pos.black), 22)
        self.assertEqual(self.pos.side_to_move, Color.WHITE)
        self.assertEqual(self.pos.rules, Rules.STOP)
        self.assertEqual(self.pos.turns_played, 0)
        self.assertEqual(self.pos.result, (Outcome.ONGOING, Reason.NONE))
        self.assertFalse(self.pos.is_over)

    def test_text(self):
        self.assertEqual(self.pos.to_string(), START_STRING)
        self.assertEqual(repr(self.pos), "Position(%r)" % START_STRING)
        drawing = str(self.pos).splitlines()
        for i, row in enumerate((5, 4, 3, 2, 1)):
            self.assertEqual(drawing[2 * i],
                             "%d %s" % (row, "-".join(START_ROWS[row])))
        # a diagonal in every cell, leaving the strong corner (col + row
        # even): a5 is strong, so the first cell below it has '\'
        self.assertEqual(drawing[1], "  |\\|/|\\|/|\\|/|\\|/|")
        self.assertEqual(drawing[3], "  |/|\\|/|\\|/|\\|/|\\|")
        self.assertEqual(drawing[9], "  a b c d e f g h i")
        self.assertIn("White to move", drawing[10])

    def test_opening_turns(self):
        turns = self.pos.legal_turns()
        self.assertEqual({str(t) for t in turns}, set(OPENING))
        for t in turns:
            self.assertEqual(names(t.captured), OPENING[str(t)])
            self.assertEqual(str(t.destination), "e3")
            self.assertEqual(len(t), 1)
            self.assertTrue(t.is_capture)
        # no two paths share an effect at the start
        self.assertEqual(set(self.pos.legal_paths()), set(turns))

    def test_steps_preview(self):
        steps = self.pos.legal_steps()
        self.assertEqual({str(s) for s in steps}, set(OPENING))
        for s in steps:
            self.assertEqual(names(s.captures), OPENING[str(s)])
        d3e3w = [s for s in steps if str(s) == "d3-e3W"][0]
        self.assertEqual(d3e3w.kind, StepKind.WITHDRAWAL)
        self.assertEqual(d3e3w.direction, fan.Direction.E)
        self.assertEqual(names(self.pos.movable), {"d2", "e2", "f2", "d3"})
        self.assertEqual(names(self.pos.destinations("d3")), {"e3"})
        self.assertTrue(self.pos.must_capture)

    def test_perft(self):
        # depth 1: the five openings; depth 2 by hand is the sum of the
        # replies after each of them, counted one position at a time
        self.assertEqual(self.pos.perft(1), 5)
        self.assertEqual(self.pos.perft(0), 1)
        total = 0
        for turn in self.pos.legal_turns():
            after = self.pos.copy()
            after.push(turn)
            total += len(after.legal_turns())
        self.assertEqual(self.pos.perft(2), total)
        divide = self.pos.divide(2)
        self.assertEqual(sum(divide.values()), total)
        self.assertEqual(self.pos.perft(2, "paths"),
                         sum(self.pos.divide(2, fan.Count.PATHS).values()))


class ParseTurnTest(unittest.TestCase):
    def test_forms(self):
        # the forms of doc/formats.md, read by the library
        pos = fan.Position()
        for text in ("d3-e3W", "d3e3W"):
            self.assertEqual(str(pos.parse_turn(text)), "d3-e3W")
            # the compact form, written by the library, is the same turn
            self.assertEqual(pos.parse_turn(text).compact, "d3e3W")
        for turn in pos.legal_turns():
            self.assertEqual(turn.compact, str(turn).replace("-", ""))
            self.assertEqual(pos.parse_turn(turn.compact), turn)
        # the mode may be left out where only one fits
        self.assertEqual(str(pos.parse_turn("d2-e3")), "d2-e3A")
        self.assertEqual(str(pos.parse_step("d2e3")), "d2-e3A")
        self.assertEqual(pos.parse_step("d2-e3A").captures,
                         {Square("f4"), Square("g5")})
        with self.assertRaises(fan.AmbiguousStepError) as cm:
            pos.parse_turn("d3-e3")
        self.assertIn("d3-e3A", str(cm.exception))
        self.assertIn("d3-e3W", str(cm.exception))
        with self.assertRaises(fan.IllegalMoveError):
            pos.parse_turn("a1-a2")
        for bad in ("e3-", "D3-E3W", "d3-e3w", "d3 e3", "d3-e3We4A"):
            with self.assertRaises(fan.ParseError, msg=bad):
                pos.parse_turn(bad)
        self.assertEqual(pos.turns_played, 0)

    def test_continuation_in_a_chain(self):
        pos = fan.Position.custom(CHAIN_WHITE, CHAIN_BLACK)
        pos.play_step("a1-b1A")
        self.assertEqual(str(pos.parse_turn("b1-b2A")), "a1-b1A-b2A")
        self.assertEqual(str(pos.parse_turn("a1-b1A-b2A")), "a1-b1A-b2A")

    def test_square_then_a(self):
        # "b2a3" is b2 then a3 (a diagonal from the strong point b2), not
        # b2 with an 'a' mode letter
        pos = fan.Position.custom(white="b2", black="i5")
        self.assertEqual(str(pos.parse_turn("b2a3")), "b2-a3")


class PlayTest(unittest.TestCase):
    def test_push_pop_redo(self):
        pos = fan.Position()
        start = pos.copy()
        turn = pos.push("d3-e3W")
        self.assertEqual(str(turn), "d3-e3W")
        self.assertIsNone(pos.piece("c3"))
        self.assertEqual(pos.piece("e3"), Color.WHITE)
        self.assertEqual(pos.side_to_move, Color.BLACK)
        self.assertEqual(pos.turns_played, 1)
        self.assertEqual(len(pos), 1)
        self.assertEqual(pos.history, [turn])
        self.assertNotEqual(pos, start)
        self.assertEqual(pos.pop(), turn)
        self.assertEqual(pos, start)
        self.assertEqual(hash(pos), hash(start))
        self.assertEqual(pos.redo(), turn)
        self.assertEqual(pos.history, [turn])
        self.assertEqual(pos.to_string(),
                         "BBBBBBBBB/BBBBBBBBB/BW2WBWBW/WWWWWWWWW/WWWWWWWWW "
                         "b stop 1 -")

    def test_copy_is_independent(self):
        pos = fan.Position(rules="must")
        for other in (pos.copy(), copy.copy(pos), copy.deepcopy(pos)):
            self.assertEqual(other, pos)
            other.push("d3-e3A")
            self.assertNotEqual(other, pos)
            self.assertEqual(pos.turns_played, 0)
            self.assertEqual(other.rules, Rules.MUST)

    def test_from_string(self):
        pos = fan.Position()
        pos.push("e2-e3A")
        again = fan.Position(pos.to_string())
        self.assertEqual(again, pos)
        self.assertEqual(len(again), 0)  # a string carries no history
        short = fan.Position.from_string(
            START_STRING.replace(" stop 0 -", " 0 1"), Rules.MUST)
        self.assertEqual(short, fan.Position(rules=Rules.MUST))

    def test_turn_is_immutable(self):
        turn = fan.Position().legal_turns()[0]
        with self.assertRaises(AttributeError):
            turn.origin = 3
        with self.assertRaises(AttributeError):
            turn._key = ()
        step = fan.Position().legal_steps()[0]
        with self.assertRaises(AttributeError):
            step.target = Square("a1")
        self.assertEqual(len({turn, fan.Position().legal_turns()[0]}), 1)


# White a1 against Black c1 and b3: a1-b1 approaches c1 (d1 is empty), and
# from b1, which is a weak point (no diagonals), the chain can go on only
# northwards (a1 is visited, east would repeat the direction): b1-b2
# approaches b3. From b2 nothing more captures. i5 keeps Black alive.
CHAIN_WHITE, CHAIN_BLACK = "a1", "c1 b3 i5"


class ChainTest(unittest.TestCase):
    def test_step_by_step_stop(self):
        pos = fan.Position.custom(CHAIN_WHITE, CHAIN_BLACK)
        self.assertEqual([str(s) for s in pos.legal_steps()], ["a1-b1A"])
        step = pos.legal_steps()[0]
        self.assertEqual(names(step.captures), {"c1"})
        pos.play_step(step)
        self.assertTrue(pos.in_chain)
        self.assertTrue(pos.can_end_turn)
        self.assertEqual(str(pos.active_piece), "b1")
        self.assertEqual(pos.last_direction, fan.Direction.E)
        self.assertEqual(names(pos.visited), {"a1", "b1"})
        self.assertEqual(names(pos.chain_captured), {"c1"})
        self.assertEqual(str(pos.chain_path), "a1-b1A")
        steps = pos.legal_steps()
        self.assertEqual([str(s) for s in steps], ["b1-b2A"])
        self.assertEqual(names(steps[0].captures), {"b3"})
        for t in pos.legal_turns():
            self.assertTrue(str(t).startswith("a1-b1A"))
        self.assertIn("a1-b1A-b2A", {str(t) for t in pos.legal_turns()})
        # taking the chain back, then playing it whole
        self.assertEqual(str(pos.pop()), "a1-b1A")
        self.assertFalse(pos.in_chain)
        pos.push("a1-b1A-b2A")
        self.assertEqual(names(pos.black), {"i5"})
        self.assertEqual(pos.side_to_move, Color.BLACK)

    def test_end_turn(self):
        pos = fan.Position.custom(CHAIN_WHITE, CHAIN_BLACK)
        pos.play_step("a1-b1A")
        pos.end_turn()
        self.assertFalse(pos.in_chain)
        self.assertEqual(names(pos.black), {"b3", "i5"})
        self.assertEqual([str(t) for t in pos.history], ["a1-b1A"])

    def test_must_continue(self):
        pos = fan.Position.custom(CHAIN_WHITE, CHAIN_BLACK, rules="must")
        pos.play_step("a1", "b1", StepKind.APPROACH)
        self.assertFalse(pos.can_end_turn)
        with self.assertRaises(fan.TurnStateError):
            pos.end_turn()
        self.assertEqual([str(t) for t in pos.legal_turns()], ["a1-b1A-b2A"])
        pos.play_step("b1-b2")
        self.assertFalse(pos.in_chain)
        self.assertEqual(pos.history[0].captured, {Square("c1"), Square("b3")})


class RecordTest(unittest.TestCase):
    def test_round_trip(self):
        pos = fan.Position()
        for text in ("d3-e3W", "b4-c3A"):
            pos.push(text)
        record = pos.record()
        self.assertIn("d3-e3W", record)
        again = fan.Position.from_record(record)
        self.assertEqual(again, pos)
        self.assertEqual(again.history, pos.history)
        # Black cannot play White's d2-e3A (e3 is taken, d2 is White's)
        text = "1. d3-e3W 2. d2-e3A"
        with self.assertRaises(fan.IllegalMoveError) as cm:
            fan.Position.from_record(text)
        self.assertEqual(cm.exception.offset, text.index("d2-e3A"))
        self.assertIn("turn 2", str(cm.exception))
        with self.assertRaises(fan.ParseError):
            fan.Position.from_record("1. d3-e3W d2-e3A")


class ResultTest(unittest.TestCase):
    def test_last_piece_taken(self):
        pos = fan.Position.custom(white="a1", black="c1")
        pos.push("a1-b1A")
        self.assertEqual(pos.result, (Outcome.WHITE_WINS, Reason.NO_PIECES))
        self.assertEqual(pos.result.winner, Color.WHITE)
        self.assertTrue(pos.is_over)
        self.assertEqual(pos.legal_turns(), [])
        self.assertEqual(str(pos.result),
                         "white wins (the player to move has no pieces)")

    def test_no_moves(self):
        # Black's a1 is hemmed in: every neighbour is taken, so no paika,
        # and a capture needs an empty landing point.
        pos = fan.Position.custom(white="b1 a2 b2", black="a1",
                                  side=Color.BLACK)
        self.assertEqual(pos.result, (Outcome.WHITE_WINS, Reason.NO_MOVES))


class SvgTest(unittest.TestCase):
    NS = "{http://www.w3.org/2000/svg}"

    def classes(self, root, name):
        return [e for e in root.iter() if e.get("class") == name]

    def test_picture(self):
        pos = fan.Position()
        root = ET.fromstring(pos.svg(highlight="d3 e3", turn="d3-e3W"))
        self.assertEqual(root.tag, self.NS + "svg")
        self.assertEqual(len(self.classes(root, "piece white")), 22)
        self.assertEqual(len(self.classes(root, "piece black")), 22)
        self.assertEqual(len(self.classes(root, "highlight")), 2)
        self.assertEqual(len(self.classes(root, "arrow")), 1)
        self.assertEqual(len(self.classes(root, "captured")), 1)
        self.assertEqual(len(list(root.iter(self.NS + "text"))), 14)
        plain = ET.fromstring(pos.svg(coordinates=False))
        self.assertEqual(len(list(plain.iter(self.NS + "text"))), 0)

    def test_chain_in_progress(self):
        # White's chain c4-b4A-c5W has taken a3 and a4 (doc/formats.md)
        pos = fan.Position("1BW1BBBBB/6BBB/1W2WB2W/WW1WW1WBW/1W1W1WW2 w "
                           "stop 8 c4-b4A-c5W[a3,a4]")
        root = ET.fromstring(pos.svg())
        where = lambda name: sorted((int(e.get("cx")), int(e.get("cy")))
                                    for e in self.classes(root, name))
        self.assertEqual(where("active"), [(260, 60)])             # c5
        self.assertEqual(where("visited"), [(160, 160), (260, 160)])  # b4 c4
        self.assertEqual(where("chain-captured"), [(60, 160), (60, 260)])
        pos.end_turn()
        root = ET.fromstring(pos.svg())
        for name in ("active", "visited", "chain-captured"):
            self.assertEqual(self.classes(root, name), [])

    def test_labels_inside_the_picture(self):
        root = ET.fromstring(fan.Position().svg())
        x0, y0, w, h = (int(v) for v in root.get("viewBox").split())
        labels = list(root.iter(self.NS + "text"))
        self.assertEqual(sorted(t.text for t in labels), list("12345abcdefghi"))
        for t in labels:
            x, y = int(t.get("x")), int(t.get("y"))
            self.assertTrue(x0 < x < x0 + w and y0 < y < y0 + h, t.text)
            if t.text.isdigit():    # left of column a (x 60, r 32)
                self.assertLess(x + 10, 60 - 32)
            else:                   # below row 1 (y 460, r 32)
                self.assertGreater(y - 21, 460 + 32)

    def test_notebook_picture(self):
        pos = fan.Position.custom(CHAIN_WHITE, CHAIN_BLACK)
        self.assertEqual(self.classes(ET.fromstring(pos._repr_svg_()),
                                      "arrow"), [])
        pos.play_step("a1-b1A")  # the chain so far
        root = ET.fromstring(pos._repr_svg_())
        self.assertEqual(len(self.classes(root, "arrow")), 1)
        pos.play_step("b1-b2A")  # the whole turn, once played
        root = ET.fromstring(pos._repr_svg_())
        self.assertEqual(len(self.classes(root, "arrow")), 2)
        self.assertEqual(len(self.classes(root, "captured")), 2)


if __name__ == "__main__":
    unittest.main()
