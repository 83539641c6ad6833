# SPDX-License-Identifier: MIT
"""The search through the bindings: legal answers, legal principal
variations, repeatable results, decided positions checked against a
brute-force look at the legal turns, stopping from another thread, and
refused arguments."""
import signal
import sys
import threading
import time
import unittest

import fanorona as fan
from fanorona import Color


def ends_game_for(pos, turn, loser):
    """Whether playing turn in pos ends the game with loser beaten."""
    after = pos.copy()
    after.push(turn)
    return after.result.is_over and after.result.winner == loser.other


def check_line(test, pos, result):
    """pv[0] is best, and every turn is legal after the previous one."""
    test.assertGreaterEqual(len(result.pv), 1)
    test.assertEqual(result.pv[0], result.best)
    replay = pos.copy()
    for turn in result.pv:
        test.assertIn(turn, replay.legal_turns(), "in %r" % replay)
        # the notation reads back as the same turn where it is played
        test.assertEqual(replay.parse_turn(str(turn)), turn)
        replay.push(turn)


class SearchTest(unittest.TestCase):
    def test_depth_limited_from_start(self):
        pos = fan.Position()
        before = pos.to_string()
        r = pos.search(depth=3)
        self.assertIn(r.best, pos.legal_turns())
        self.assertEqual(r.depth, 3)
        self.assertGreater(r.nodes, 0)
        self.assertEqual(pos.to_string(), before, "the search changed pos")
        check_line(self, pos, r)
        self.assertFalse(r.is_win or r.is_loss)
        self.assertIsNone(r.turns_to_end)
        with self.assertRaises(AttributeError):
            r.score = 0

    def test_must_continue_and_mid_chain(self):
        pos = fan.Position(rules="must")
        check_line(self, pos, pos.search(depth=3))
        # in the middle of a chain the turn found completes the chain
        pos = fan.Position()
        pos.push("d3-e3W")
        pos.play_step("b4-c3A")
        self.assertTrue(pos.in_chain)
        r = pos.search(depth=3)
        self.assertIn(r.best, pos.legal_turns())
        self.assertEqual(r.best.origin, fan.square("b4"))
        check_line(self, pos, r)

    def test_deterministic(self):
        pos = fan.Position()
        pos.push("d3-e3W")
        a = pos.search(depth=4)
        b = pos.search(depth=4)
        self.assertEqual((a.best, a.score, a.nodes, a.pv),
                         (b.best, b.score, b.nodes, b.pv))
        # a handle that learnt from a search repeats it once cleared
        with fan.Search() as s:
            s.run(fan.Position(), depth=3)
            s.clear()
            c = s.run(pos, depth=4)
        self.assertEqual((a.best, a.score, a.nodes), (c.best, c.score, c.nodes))

    def test_win_in_one(self):
        # White captures Black's only piece by approach: c3-d3 takes e3.
        pos = fan.Position.custom(white="c3", black="e3")
        winning = [t for t in pos.legal_turns()
                   if ends_game_for(pos, t, Color.BLACK)]
        self.assertTrue(winning, "the position was meant to be won")
        r = pos.search(depth=3)
        self.assertIn(r.best, winning)
        self.assertTrue(r.is_win)
        self.assertFalse(r.is_loss)
        self.assertEqual(r.turns_to_end, 1)
        self.assertEqual(r.score, fan.SCORE_WIN - 1)

    def test_lost_in_two(self):
        # Black's lone piece on a1 has three paikas and no capture; White
        # captures it after each of them.
        pos = fan.Position.custom(white="d1 a4 d4", black="a1",
                                  side=Color.BLACK)
        turns = pos.legal_turns()
        self.assertTrue(turns)
        for t in turns:
            self.assertFalse(t.is_capture)
            after = pos.copy()
            after.push(t)
            self.assertTrue(any(ends_game_for(after, w, Color.BLACK)
                                for w in after.legal_turns()), str(t))
        r = pos.search(depth=4)
        self.assertTrue(r.is_loss)
        self.assertFalse(r.is_win)
        self.assertEqual(r.turns_to_end, 2)
        self.assertEqual(r.score, -(fan.SCORE_WIN - 2))
        check_line(self, pos, r)
        self.assertEqual(len(r.pv), 2)

    def test_progress(self):
        lines = []
        r = fan.Position().search(depth=3, progress=lines.append)
        self.assertEqual([x.depth for x in lines], [1, 2, 3])
        self.assertEqual(lines[-1].best, r.best)
        for line in lines:
            check_line(self, fan.Position(), line)
        # a true return stops the search after that iteration
        r = fan.Position().search(depth=10, progress=lambda line: True)
        self.assertEqual(r.depth, 1)
        # an exception in the callback stops the search and comes out
        with self.assertRaises(ZeroDivisionError):
            fan.Position().search(depth=10, progress=lambda line: 1 / 0)

    def test_multipv(self):
        lines = []
        fan.Position().search(depth=2, multipv=3, progress=lines.append)
        last = [x for x in lines if x.depth == 2]
        self.assertEqual([x.line for x in last], [1, 2, 3])
        self.assertEqual(len({x.best for x in last}), 3)

    def test_stop_from_another_thread(self):
        pos = fan.Position()
        started = threading.Event()
        out = []
        with fan.Search() as s:
            def work():
                out.append(s.run(pos, progress=lambda line: started.set()))
            t = threading.Thread(target=work)
            t0 = time.monotonic()
            t.start()
            self.assertTrue(started.wait(10))
            s.stop()
            t.join(10)
            self.assertFalse(t.is_alive(), "the search did not stop")
            self.assertLess(time.monotonic() - t0, 5)
        self.assertIn(out[0].best, pos.legal_turns())
        check_line(self, pos, out[0])

    @unittest.skipUnless(hasattr(signal, "pthread_kill"), "POSIX signals")
    def test_ctrl_c_stops_and_returns_the_best_so_far(self):
        # SIGINT sent while the main thread waits in an unlimited search
        # (after its first iteration): run() returns a legal line soon,
        # no KeyboardInterrupt. A failsafe stop() after 20 s keeps a
        # broken handler from hanging the suite (and fails the timing).
        if threading.current_thread() is not threading.main_thread() or \
                signal.getsignal(signal.SIGINT) is not \
                signal.default_int_handler:
            self.skipTest("needs the main thread and Python's SIGINT handler")
        pos = fan.Position()
        started = threading.Event()
        with fan.Search() as s:
            def interrupt():
                if started.wait(10):
                    signal.pthread_kill(threading.main_thread().ident,
                                        signal.SIGINT)
                time.sleep(20)
                s.stop()
            threading.Thread(target=interrupt, daemon=True).start()
            # a KeyboardInterrupt swallowed inside the ctypes callback
            # would only be reported here
            unraisable = []
            old_hook, sys.unraisablehook = sys.unraisablehook, \
                unraisable.append
            try:
                t0 = time.monotonic()
                r = s.run(pos, progress=lambda line: started.set())
                elapsed = time.monotonic() - t0
            finally:
                sys.unraisablehook = old_hook
            self.assertEqual([u.exc_type for u in unraisable], [])
            self.assertFalse(s.running)
        self.assertLess(elapsed, 10, "Ctrl-C did not stop the search")
        self.assertIn(r.best, pos.legal_turns())
        check_line(self, pos, r)
        # the program's own handler is back
        self.assertIs(signal.getsignal(signal.SIGINT),
                      signal.default_int_handler)
        with self.assertRaises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)

    def test_search_without_limit_is_refused(self):
        with self.assertRaises(fan.InvalidArgumentError) as e:
            fan.Position().search()
        self.assertIn("depth, nodes or time_ms", str(e.exception))

    def test_stop_racing_the_start(self):
        # stop() right after the thread starts, before or after the search
        # began: the search still ends soon with a legal turn.
        pos = fan.Position()
        out = []
        with fan.Search() as s:
            t = threading.Thread(target=lambda: out.append(
                s.run(pos, time_ms=60_000)))
            t.start()
            deadline = time.monotonic() + 5
            while t.is_alive() and time.monotonic() < deadline:
                s.stop()
                time.sleep(0.005)
            t.join(5)
            self.assertFalse(t.is_alive())
        self.assertIn(out[0].best, pos.legal_turns())

    def test_time_limit(self):
        t0 = time.monotonic()
        r = fan.Position().search(time_ms=100)
        self.assertLess(time.monotonic() - t0, 3)
        self.assertGreaterEqual(r.depth, 1)
        check_line(self, fan.Position(), r)

    def test_clock_and_analyse(self):
        pos = fan.Position()
        with fan.Search() as s:
            r = s.run(pos, clock_ms=2000, increment_ms=10)
            check_line(self, pos, r)
            self.assertLessEqual(r.time_ms, 260)
            lines = s.analyse(pos, 3, depth=3)
            self.assertEqual([line.line for line in lines], [1, 2, 3])
            self.assertEqual({line.depth for line in lines}, {3})
            self.assertEqual(len({line.best for line in lines}), 3)
            for line in lines:
                check_line(self, pos, line)
            self.assertGreaterEqual(lines[0].score, lines[1].score)
            # a position with two turns has two lines, however many asked
            two = fan.Position.from_string("9/9/1BW1B4/9/9 w stop 0 -")
            self.assertEqual(len(s.analyse(two, 5, depth=2)), 2)
            with self.assertRaises(fan.OutOfRangeError):
                s.run(pos, clock_ms=-1)

    def test_handle_options(self):
        with fan.Search(hash_mib=2, threads=2) as s:
            self.assertEqual((s.hash_mib, s.threads), (2, 2))
            s.configure(threads=1)
            self.assertEqual((s.hash_mib, s.threads), (2, 1))
            s.configure(hash_mib=1)
            self.assertEqual((s.hash_mib, s.threads), (1, 1))
            with self.assertRaises(fan.OutOfRangeError):
                s.configure(threads=fan._lib.FAN_SEARCH_MAX_THREADS + 1)
            self.assertEqual((s.hash_mib, s.threads), (1, 1))
            check_line(self, fan.Position(), s.run(fan.Position(), depth=2))
            with self.assertRaises(TypeError):
                fan.Position().search(depth=1, threads=2, search=s)

    def test_handle(self):
        s = fan.Search(hash_mib=1)
        self.assertFalse(s.closed)
        s.stop()  # no search running: nothing happens
        s.close()
        s.close()
        self.assertTrue(s.closed)
        with self.assertRaises(fan.TurnStateError):
            s.run(fan.Position(), depth=1)

    def test_bad_arguments(self):
        pos = fan.Position()
        with self.assertRaises(fan.OutOfRangeError):
            pos.search(depth=-1)
        with self.assertRaises(fan.OutOfRangeError):
            pos.search(depth=fan._lib.FAN_SEARCH_MAX_DEPTH + 1)
        with self.assertRaises(fan.OutOfRangeError):
            pos.search(depth=1, level=fan._lib.FAN_SEARCH_MAX_LEVEL + 1)
        with self.assertRaises(fan.OutOfRangeError):
            pos.search(depth=1, threads=fan._lib.FAN_SEARCH_MAX_THREADS + 1)
        with self.assertRaises(fan.OutOfRangeError):
            pos.search(depth=1, multipv=fan._lib.FAN_SEARCH_MAX_MULTIPV + 1)
        with self.assertRaises(fan.OutOfRangeError):
            fan.Search(hash_mib=fan._lib.FAN_SEARCH_MAX_HASH_MIB + 1)
        with self.assertRaises(TypeError):
            pos.search(depth="3")
        with self.assertRaises(TypeError):
            pos.search(depth=1, progress=3)
        with self.assertRaises(TypeError):
            fan.Search().run("start", depth=1)
        over = fan.Position.custom(white="c3", black="e3")
        over.push("c3-d3A")
        self.assertTrue(over.is_over)
        with self.assertRaises(fan.GameOverError) as cm:
            over.search(depth=1)
        self.assertEqual(cm.exception.function, "fan_search_run")


if __name__ == "__main__":
    unittest.main()
