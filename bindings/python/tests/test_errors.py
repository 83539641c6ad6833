# SPDX-License-Identifier: MIT
"""Every way a call can be refused, as the exception it becomes, carrying
the library's own message; and finding (or not finding) the library."""
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import fanorona as fan
from fanorona import errors

PACKAGE = Path(fan.__file__).resolve().parent


def library_text(code):
    """fan_strerror(code), read through a separate ctypes handle."""
    f = ctypes.CDLL(fan.library_path).fan_strerror
    f.restype = ctypes.c_char_p
    f.argtypes = [ctypes.c_int]
    return f(code).decode()


class ErrorCodesTest(unittest.TestCase):
    def refused(self, cls, code, call, *args, **kwargs):
        with self.assertRaises(cls) as cm:
            call(*args, **kwargs)
        e = cm.exception
        self.assertIs(type(e), cls)
        self.assertEqual(e.code, code)
        self.assertEqual(e.message, library_text(code))
        self.assertTrue(str(e).startswith(e.message), str(e))
        return e

    def test_invalid_argument(self):
        e = self.refused(fan.InvalidArgumentError, -1, fan.Position, rules=7)
        self.assertEqual(e.function, "fan_position_new")
        self.refused(fan.InvalidArgumentError, -1, fan.Position,
                     rules="sometimes")
        self.refused(fan.InvalidArgumentError, -1, fan.Position().perft, 1,
                     "all")
        self.refused(fan.InvalidArgumentError, -1, fan.Position().pieces, 0)
        self.refused(fan.InvalidArgumentError, -1, fan.Position.custom,
                     "a1", "i5", side=3)
        self.assertIsInstance(fan.InvalidArgumentError(-1), ValueError)

    def test_out_of_range(self):
        pos = fan.Position()
        self.refused(fan.OutOfRangeError, -2, pos.piece, 45)
        self.refused(fan.OutOfRangeError, -2, pos.piece, -1)
        self.refused(fan.OutOfRangeError, -2, pos.perft, 65)
        self.refused(fan.OutOfRangeError, -2, pos.perft, -1)
        e = self.refused(fan.OutOfRangeError, -2, pos.perft, 2, threads=257)
        self.assertEqual(e.function, "fan_perft_ex")
        self.refused(fan.OutOfRangeError, -2, pos.perft, 2, hash_mib=65537)
        self.refused(fan.OutOfRangeError, -2, pos.perft, 2, threads=-1)
        self.refused(fan.OutOfRangeError, -2, pos.destinations, 50)
        self.refused(fan.OutOfRangeError, -2, fan.Square, 45)
        self.refused(fan.OutOfRangeError, -2, pos.svg, highlight=1 << 45)

    def test_illegal(self):
        pos = fan.Position()
        # a paika while a capture exists
        self.refused(fan.IllegalMoveError, -3, pos.play_step, "a1", "a2")
        self.refused(fan.IllegalMoveError, -3, pos.play_step, "e2-e3W")
        # a Turn of another position
        other = fan.Position.custom(white="a1", black="i5")
        turn = other.legal_turns()[0]
        e = self.refused(fan.IllegalMoveError, -3, pos.push, turn)
        self.assertEqual(e.function, "fan_position_play_path")
        self.refused(fan.IllegalMoveError, -3, pos.push_effect,
                     turn.effect)
        self.refused(fan.IllegalMoveError, -3, pos.push, "e2-e4")
        self.assertEqual(pos, fan.Position())  # nothing changed

    def test_refusals_carry_the_library_reason(self):
        # the reason is the library's (fan_position_explain_*), not made up
        pos = fan.Position.from_string("9/9/2W1B4/9/9 w stop 0 -")
        e = self.refused(fan.IllegalMoveError, -3, pos.play_step, "c3", "b3")
        self.assertEqual(e.detail,
                         "a capture is compulsory and c3-b3 captures nothing")
        self.assertIn(e.detail, str(e))
        effect = fan.Position.from_string(
            "9/9/2W1B4/9/9 w stop 0 -").legal_turns()[0].effect
        e = self.refused(fan.IllegalMoveError, -3, pos.push_effect,
                         effect & ~((1 << 45) - 1))
        self.assertEqual(e.detail, "a capture is compulsory: every turn "
                                   "from c3 to d3 captures")
        other = fan.Position.custom(white="a1", black="a3")
        e = self.refused(fan.IllegalMoveError, -3, pos.push,
                         other.legal_turns()[0])
        self.assertTrue(e.detail.startswith("step 1: "), e.detail)

    def test_ambiguous(self):
        pos = fan.Position()
        self.refused(fan.AmbiguousStepError, -4, pos.play_step, "d3", "e3")
        self.refused(fan.AmbiguousStepError, -4, pos.push, "d3-e3")
        self.assertEqual(pos.turns_played, 0)

    def test_game_over(self):
        pos = fan.Position.custom(white="b1 a2 b2", black="a1",
                                  side=fan.BLACK)
        self.assertTrue(pos.is_over)
        self.refused(fan.GameOverError, -5, pos.play_step, "a1", "b1")
        won = fan.Position.custom(white="a1", black="c1")
        turn = won.push("a1-b1A")
        won.pop()
        won.push(turn)
        self.refused(fan.GameOverError, -5, won.push_effect, turn.effect)
        self.refused(fan.GameOverError, -5, won.play_step, "b1", "b2")

    def test_parse(self):
        e = self.refused(fan.ParseError, -8, fan.Position,
                         "BBBBBBBBB/BBBxB w stop 0 -")
        self.assertEqual(e.offset, 13)
        self.assertIn("at offset 13: ", str(e))
        self.assertEqual(e.function, "fan_position_from_string")
        e = self.refused(fan.ParseError, -8, fan.Square, "z9")
        self.assertEqual(e.function, "fan_square_parse")
        self.refused(fan.ParseError, -8, fan.Position().parse_turn, "x1-x2")
        self.refused(fan.ParseError, -8, fan.Position().play_step, "d3-e3-f3")

    def test_no_history(self):
        pos = fan.Position()
        self.refused(fan.NoHistoryError, -9, pos.pop)
        self.refused(fan.NoHistoryError, -9, pos.redo)
        pos.push("d2-e3A")
        self.refused(fan.NoHistoryError, -9, pos.redo)

    def test_turn_state(self):
        pos = fan.Position()
        self.refused(fan.TurnStateError, -10, pos.end_turn)
        # a chain that must go on (a1-b1A continues with b1-b2A)
        chain = fan.Position.custom(white="a1", black="c1 b3 i5",
                                    rules="must")
        chain.play_step("a1-b1A")
        self.refused(fan.TurnStateError, -10, chain.end_turn)
        self.assertTrue(chain.in_chain)

    def test_impossible_position(self):
        self.refused(fan.ImpossiblePositionError, -11, fan.Position.custom,
                     white="a1", black="a1")
        # the side that just moved cannot be the one without pieces
        self.refused(fan.ImpossiblePositionError, -11, fan.Position.custom,
                     white="a1", black="")
        # bits beyond the board
        self.refused(fan.ImpossiblePositionError, -11, fan.Position.custom,
                     white=1 << 50, black="i5")

    def test_codes_without_a_natural_trigger(self):
        # FAN_ENOMEM cannot be provoked from here and FAN_EBUFS never
        # escapes the package (it sizes its buffers); the mapping still
        # gives them their classes and the library's texts.
        for cls, code, builtin in ((fan.OutOfMemoryError, -6, MemoryError),
                                   (fan.BufferTooSmallError, -7, None)):
            e = self.refused(cls, code, errors.check, code, "f")
            if builtin:
                self.assertIsInstance(e, builtin)
        with self.assertRaises(fan.FanoronaError) as cm:
            errors.check(-99)
        self.assertIs(type(cm.exception), fan.FanoronaError)
        self.assertEqual(str(cm.exception), library_text(-99))
        self.assertEqual(errors.check(3), 3)

    def test_wrong_python_types(self):
        pos = fan.Position()
        with self.assertRaises(TypeError):
            fan.Square(2.5)
        with self.assertRaises(TypeError):
            pos.push(42)
        with self.assertRaises(TypeError):
            fan.Position(b"bytes")
        with self.assertRaises(TypeError):
            fan.Turn("d3-e3W")
        with self.assertRaises(TypeError):
            pos.perft(2, threads="2")
        with self.assertRaises(TypeError):
            pos.perft(2, hash_mib=1.5)


class LoadingTest(unittest.TestCase):
    """The package run in a child Python with a controlled environment."""

    def child(self, package_parent, env_value):
        env = {k: v for k, v in os.environ.items()
               if k not in ("FANORONA_LIBRARY", "PYTHONPATH")}
        env["PYTHONPATH"] = str(package_parent)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        if env_value is not None:
            env["FANORONA_LIBRARY"] = env_value
        # Run in the package's parent folder: the current folder comes
        # first on sys.path, and started from bindings/python it would
        # hold the package itself, not the copy under test.
        return subprocess.run(
            [sys.executable, "-c",
             "import fanorona; print(fanorona.library_path)"],
            env=env, capture_output=True, text=True, timeout=60,
            cwd=str(package_parent))

    def test_environment_variable(self):
        p = self.child(PACKAGE.parent, fan.library_path)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), fan.library_path)
        # a directory holding the library works too
        p = self.child(PACKAGE.parent, str(Path(fan.library_path).parent))
        self.assertEqual(p.returncode, 0, p.stderr)

    def test_environment_variable_wrong(self):
        p = self.child(PACKAGE.parent, "/nonexistent/libfanorona.so")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("LibraryNotFoundError", p.stderr)
        self.assertIn("FANORONA_LIBRARY=/nonexistent/libfanorona.so", p.stderr)

    def test_build_directory_then_installed(self):
        # A copy of the package at <tmp>/bindings/python/fanorona, so that
        # its build directory is <tmp>/build.
        with tempfile.TemporaryDirectory() as tmp:
            top = Path(tmp)
            parent = top / "bindings" / "python"
            shutil.copytree(PACKAGE, parent / "fanorona",
                            ignore=shutil.ignore_patterns("__pycache__"))
            libdir = top / "build" / "lib"
            libdir.mkdir(parents=True)
            soname = "libfanorona.so.%d" % fan._lib.SONAME_MAJOR
            (libdir / soname).symlink_to(fan.library_path)
            p = self.child(parent, None)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(p.stdout.strip(),
                             str(libdir / soname))
            # Without it: the installed library if there is one, else an
            # error that names each place it tried.
            (libdir / soname).unlink()
            p = self.child(parent, None)
            if p.returncode == 0:
                self.assertNotIn(str(top), p.stdout)
            else:
                self.assertIn("LibraryNotFoundError", p.stderr)
                self.assertIn("FANORONA_LIBRARY: not set", p.stderr)
                self.assertIn("build directory %s" % libdir, p.stderr)
                self.assertIn("installed library", p.stderr)


if __name__ == "__main__":
    unittest.main()
