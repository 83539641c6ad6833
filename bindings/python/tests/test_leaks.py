# SPDX-License-Identifier: MIT
"""No memory is lost over 100,000 create/free cycles: the resident set
size, read from /proc/self/statm, stays put once the first cycles have
warmed the allocators up."""
import gc
import os
import unittest

import fanorona as fan

CYCLES = 100_000
# A position handle costs the library a few hundred bytes, so a leak of one
# handle a cycle would add tens of MiB; allocator noise is far below this.
SLACK = 4 * 1024 * 1024


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@unittest.skipUnless(os.path.exists("/proc/self/statm"), "needs /proc")
class LeakTest(unittest.TestCase):
    def measure(self, cycle):
        for _ in range(CYCLES // 10):
            cycle()
        gc.collect()
        before = rss()
        for _ in range(CYCLES):
            cycle()
        gc.collect()
        return rss() - before

    def test_create_free(self):
        grew = self.measure(fan.Position)
        self.assertLess(grew, SLACK, "RSS grew by %d bytes" % grew)

    def test_from_string_copy_free(self):
        text = fan.Position().to_string()
        pos = fan.Position()
        pos.push("d3-e3W")

        def cycle():
            fan.Position(text)
            pos.copy()
        grew = self.measure(cycle)
        self.assertLess(grew, SLACK, "RSS grew by %d bytes" % grew)

    def test_play_and_undo(self):
        # the history and redo lists grow and shrink inside one handle
        pos = fan.Position()
        turn = pos.parse_turn("d3-e3W")

        def cycle():
            pos.push(turn)
            pos.pop()
        grew = self.measure(cycle)
        self.assertLess(grew, SLACK, "RSS grew by %d bytes" % grew)


if __name__ == "__main__":
    unittest.main()
