# SPDX-License-Identifier: MIT
"""Position.perft() with threads and a table (fan_perft_ex): the same
counts as the library's plain fan_perft, called here without the package,
on the start and on positions reached by random play, both rulesets and
both counts; and the limits of the options."""
import ctypes
import random
import unittest

import fanorona as fan
from fanorona import Count, Rules, _lib

# (threads, hash_mib): one thread, two, one per processor, each with and
# without a table; tables are small to keep the test light.
OPTIONS = [(1, 0), (2, 0), (0, 0), (1, 1), (2, 1), (0, 2)]


def plain_perft(pos, depth, count):
    """fan_perft() itself, through ctypes, on the position's handle."""
    out = ctypes.c_uint64()
    code = _lib.lib.fan_perft(ctypes.byref(out), pos._h, depth, int(count))
    if code != _lib.FAN_OK:
        raise AssertionError("fan_perft refused: %s" % _lib.strerror(code))
    return out.value


def positions(rules, seed):
    """The start, then positions from one random game: a few after whole
    turns and, where the game offers one, one in the middle of a chain."""
    rng = random.Random(seed)
    pos = fan.Position(rules=rules)
    out = [pos.copy()]
    chain = None
    for played in range(1, 25):
        if pos.is_over:
            break
        # step by step, so that a chain in progress can be kept
        while True:
            pos.play_step(rng.choice(pos.legal_steps()))
            if not pos.in_chain:
                break
            if chain is None and pos.legal_steps():
                chain = pos.copy()
            if pos.can_end_turn and rng.random() < 0.5:
                pos.end_turn()
                break
        if played in (3, 8, 15, 24):
            out.append(pos.copy())
    if chain is not None:
        out.append(chain)
    return out


class SameCountTest(unittest.TestCase):
    def check(self, pos, depth):
        for count in (Count.UNIQUE, Count.PATHS):
            plain = plain_perft(pos, depth, count)
            for threads, hash_mib in OPTIONS:
                with self.subTest(position=pos.to_string(), depth=depth,
                                  count=count, threads=threads,
                                  hash_mib=hash_mib):
                    self.assertEqual(pos.perft(depth, count, threads=threads,
                                               hash_mib=hash_mib), plain)

    def test_start(self):
        for rules in (Rules.STOP, Rules.MUST):
            pos = fan.Position(rules=rules)
            for depth in range(5):
                self.check(pos, depth)

    def test_random_play(self):
        for rules, seed in ((Rules.STOP, 11), (Rules.STOP, 2026),
                            (Rules.MUST, 12), (Rules.MUST, 6202)):
            found = positions(rules, seed)
            self.assertGreater(len(found), 2)
            for pos in found:
                self.check(pos, 3)

    def test_chain_in_progress_was_reached(self):
        # the random games above include a position inside a chain
        for rules, seed in ((Rules.STOP, 11), (Rules.MUST, 12)):
            self.assertTrue(positions(rules, seed)[-1].in_chain)

    def test_counts_by_name(self):
        pos = fan.Position(rules=Rules.MUST)
        self.assertEqual(pos.perft(3, "paths", threads=2, hash_mib=1),
                         plain_perft(pos, 3, Count.PATHS))


class LimitsTest(unittest.TestCase):
    def refused_by_library(self, **options):
        pos = fan.Position()
        pos.push("d3-e3W")
        before = pos.copy()
        with self.assertRaises(fan.OutOfRangeError) as cm:
            pos.perft(2, **options)
        e = cm.exception
        self.assertEqual(e.code, _lib.FAN_ERANGE)
        self.assertEqual(e.function, "fan_perft_ex")
        self.assertEqual(str(e), _lib.strerror(_lib.FAN_ERANGE))
        # the refused call changed nothing and the position still counts
        self.assertEqual(pos, before)
        self.assertEqual(pos.perft(2), plain_perft(before, 2, Count.UNIQUE))
        self.assertEqual(len(pos.legal_turns()), pos.perft(1))

    def test_too_many_threads(self):
        self.refused_by_library(threads=_lib.FAN_PERFT_THREADS_MAX + 1)
        self.refused_by_library(threads=257, hash_mib=1)

    def test_table_too_large(self):
        self.refused_by_library(hash_mib=_lib.FAN_PERFT_HASH_MAX_MIB + 1)
        self.refused_by_library(threads=2, hash_mib=65537)

    def test_most_threads(self):
        pos = fan.Position()
        self.assertEqual(pos.perft(2, threads=_lib.FAN_PERFT_THREADS_MAX),
                         plain_perft(pos, 2, Count.UNIQUE))

    def test_negative_or_too_wide(self):
        pos = fan.Position()
        for options in ({"threads": -1}, {"hash_mib": -1},
                        {"threads": 1 << 32}, {"hash_mib": 1 << 32}):
            with self.subTest(**options):
                with self.assertRaises(fan.OutOfRangeError) as cm:
                    pos.perft(1, **options)
                self.assertEqual(cm.exception.code, _lib.FAN_ERANGE)
                self.assertEqual(cm.exception.function, "fan_perft_ex")

    def test_not_an_int(self):
        pos = fan.Position()
        for value in (None, 2.0, "2", True):
            with self.subTest(value=value):
                with self.assertRaises(TypeError):
                    pos.perft(1, threads=value)
                with self.assertRaises(TypeError):
                    pos.perft(1, hash_mib=value)

    def test_options_are_keywords(self):
        with self.assertRaises(TypeError):
            fan.Position().perft(1, Count.UNIQUE, 2)


if __name__ == "__main__":
    unittest.main()
