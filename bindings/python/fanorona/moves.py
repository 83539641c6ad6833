# SPDX-License-Identifier: MIT
"""Squares, colours, steps and turns: small immutable values."""
import ctypes
import enum

from . import _lib
from .errors import check

__all__ = [
    "Color", "Rules", "StepKind", "Direction", "Outcome", "Reason", "Count",
    "Square", "SQUARES", "square", "squares", "mask", "Step", "Turn",
]


class Color(enum.IntEnum):
    """A side: WHITE moves first."""
    WHITE = 1
    BLACK = 2

    @property
    def other(self):
        """The opponent."""
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    def __str__(self):
        return self.name.capitalize()


class Rules(enum.IntEnum):
    """The ruleset: STOP, a capture chain may stop after any capture (the
    default); MUST, it goes on while it can."""
    STOP = 0  # a capture chain may stop after any segment (the default)
    MUST = 1  # a chain goes on while it can


class StepKind(enum.IntEnum):
    """A step's mode: PAIKA (no capture), APPROACH, WITHDRAWAL; ANY only
    as input, whichever fits."""
    ANY = 0  # only as input: whichever fits
    PAIKA = 1
    APPROACH = 2
    WITHDRAWAL = 3


class Direction(enum.IntEnum):
    """The direction of a step: E is towards column i, N towards row 5."""
    E = 0
    NE = 1
    N = 2
    NW = 3
    W = 4
    SW = 5
    S = 6
    SE = 7


class Outcome(enum.IntEnum):
    """How the game stands: ONGOING, WHITE_WINS, BLACK_WINS or DRAW."""
    ONGOING = 0
    WHITE_WINS = 1
    BLACK_WINS = 2
    DRAW = 3

    def __str__(self):
        return _lib.lib.fan_result_name(self.value).decode()


class Reason(enum.IntEnum):
    """Why the game ended: NO_PIECES, NO_MOVES, REPETITION (third
    occurrence), TURN_LIMIT (400 turns); NONE while it goes on."""
    NONE = 0
    NO_PIECES = 1
    NO_MOVES = 2
    REPETITION = 3
    TURN_LIMIT = 4

    def __str__(self):
        return _lib.lib.fan_reason_name(self.value).decode()


class Count(enum.IntEnum):
    """What perft counts: UNIQUE, one turn per origin, destination and
    captured set; PATHS, every distinct sequence of steps."""
    UNIQUE = 0  # one turn per origin, destination and captured set
    PATHS = 1   # every distinct sequence of steps


class Square(int):
    """A point of the board, 0..44, that prints as its name ("e3")."""

    __slots__ = ()

    def __new__(cls, value):
        if isinstance(value, Square):
            return value
        if isinstance(value, str):
            text = value.strip().lower().encode()
            value = check(_lib.lib.fan_square_parse(text),
                          "fan_square_parse")
        elif not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("a square is a name like 'e3' or an int 0..44, "
                            "not %r" % (value,))
        elif not 0 <= value < _lib.FAN_SQUARES:
            # the library's own verdict on the number
            buf = ctypes.create_string_buffer(3)
            check(_lib.lib.fan_square_name(buf, 3, None, value), "fan_square_name")
        return SQUARES[value]

    @property
    def name(self):
        """The square's name, as 'e3'."""
        return _NAMES[self]

    @property
    def column(self):
        """0..8 for a..i."""
        return int(self) % _lib.FAN_COLUMNS

    @property
    def row(self):
        """0..4 for rows 1..5."""
        return int(self) // _lib.FAN_COLUMNS

    @property
    def is_strong(self):
        """Diagonals meet at strong points (column + row even)."""
        return (self.column + self.row) % 2 == 0

    def __str__(self):
        return _NAMES[self]

    def __repr__(self):
        return "Square(%r)" % _NAMES[self]


def _library_name(sq):
    buf = ctypes.create_string_buffer(3)
    check(_lib.lib.fan_square_name(buf, 3, None, sq), "fan_square_name")
    return buf.value.decode()


_NAMES = tuple(_library_name(sq) for sq in range(_lib.FAN_SQUARES))
SQUARES = tuple(int.__new__(Square, sq) for sq in range(_lib.FAN_SQUARES))


def square(value):
    """A Square from a name ("e3") or a number (22)."""
    return Square(value)


def squares(m):
    """The squares of a mask, as a frozenset."""
    return frozenset(SQUARES[sq] for sq in range(_lib.FAN_SQUARES)
                     if m >> sq & 1)


def mask(items):
    """A mask from squares (names or numbers), or an int mask as it is."""
    if isinstance(items, int) and not isinstance(items, bool):
        return items
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    m = 0
    for item in items:
        m |= 1 << Square(item)
    return m


class _Value:
    """Immutability for the small value classes."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError("%s is immutable" % type(self).__name__)

    def __delattr__(self, name):
        raise AttributeError("%s is immutable" % type(self).__name__)


class Step(_Value):
    """One step: a paika, or one capture segment with what it removes.

    ``origin`` and ``target`` are Squares, ``kind`` a StepKind,
    ``direction`` a Direction and ``captures`` the frozenset of pieces the
    step removes (empty for a paika). ``str()`` gives its notation, d3-e3W.
    """

    __slots__ = ("origin", "target", "kind", "direction", "captures_mask")

    def __init__(self, origin, target, kind, direction, captures_mask=0):
        set_ = object.__setattr__
        set_(self, "origin", Square(origin))
        set_(self, "target", Square(target))
        set_(self, "kind", StepKind(kind))
        set_(self, "direction", Direction(direction))
        set_(self, "captures_mask", captures_mask)

    @classmethod
    def _from_c(cls, s):
        return cls(s.from_, s.to, s.kind, s.direction, s.captures)

    @property
    def captures(self):
        """The pieces the step removes, as a frozenset of Squares."""
        return squares(self.captures_mask)

    @property
    def is_capture(self):
        """Whether the step captures (a paika does not)."""
        return self.kind != StepKind.PAIKA

    def _cstep(self):
        s = _lib.FanStep()
        s.captures = self.captures_mask
        s.from_ = self.origin
        s.to = self.target
        s.kind = self.kind
        s.direction = self.direction
        return s

    def _key(self):
        return (self.origin, self.target, self.kind, self.captures_mask)

    def __eq__(self, other):
        return isinstance(other, Step) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        return _lib.step_to_string(self._cstep())

    def __repr__(self):
        return "Step(%r)" % str(self)


class Turn(_Value):
    """A whole turn: its steps as played (a path) and its effect.

    ``origin`` and ``destination`` are Squares, ``landings`` the landing
    point of each step, ``kinds`` their StepKinds, ``captured`` every piece
    the turn removes. ``effect`` is the library's fan_turn number (origin,
    destination and captured set); two turns with the same effect give the
    same position. ``str()`` gives the notation, f4-e4W-e3A, and a Turn
    compares equal to that text, so notation works with ``in``:

    >>> from fanorona import Position
    >>> turns = Position().legal_turns()
    >>> "d3-e3W" in turns, "d3-e4W" in turns
    (True, False)
    >>> turns[0] == str(turns[0])
    True
    """

    __slots__ = ("_path", "_key", "_text")

    def __init__(self, cpath):
        if not isinstance(cpath, _lib.FanPath):
            raise TypeError("a Turn is made by a Position (legal_turns(), "
                            "parse_turn(), history); not from %r" % (cpath,))
        copy = _lib.FanPath()
        ctypes.pointer(copy)[0] = cpath
        object.__setattr__(self, "_path", copy)
        n = copy.length
        object.__setattr__(self, "_key", (
            copy.from_, tuple(copy.to[:n]), tuple(copy.kind[:n]),
            copy.captured))

    @property
    def origin(self):
        """The Square the moving piece starts from."""
        return SQUARES[self._path.from_]

    @property
    def landings(self):
        """The landing Square of each step, in order."""
        return tuple(SQUARES[sq] for sq in self._key[1])

    @property
    def destination(self):
        """The Square where the turn ends."""
        return SQUARES[self._key[1][-1]]

    @property
    def kinds(self):
        """The StepKind of each step."""
        return tuple(StepKind(k) for k in self._key[2])

    @property
    def captured_mask(self):
        """The pieces the turn removes, as an int mask."""
        return self._path.captured

    @property
    def captured(self):
        """The pieces the turn removes, as a frozenset of Squares."""
        return squares(self._path.captured)

    @property
    def is_capture(self):
        """Whether the turn captures (a paika does not)."""
        return self._path.captured != 0

    @property
    def effect(self):
        """The library's fan_turn number: origin, destination and
        captured set."""
        out = ctypes.c_uint64()
        check(_lib.lib.fan_path_turn(ctypes.byref(out), self._path),
              "fan_path_turn")
        return out.value

    def __len__(self):
        return len(self._key[1])

    def __eq__(self, other):
        if isinstance(other, str):
            return str(self) == other
        return isinstance(other, Turn) and self._key == other._key

    def __hash__(self):
        # the hash of the notation: equal turns have equal notation, and a
        # Turn equals its notation, so sets and dicts mix them correctly
        return hash(str(self))

    def __str__(self):
        try:
            return self._text
        except AttributeError:
            text = _lib.path_to_string(self._path)
            object.__setattr__(self, "_text", text)
            return text

    @property
    def compact(self):
        """The turn in compact notation, without dashes (d3e3W, f4e4We3A),
        as the engine protocol writes moves."""
        return _lib.path_to_string(self._path, _lib.FAN_NOTATION_COMPACT)

    def __repr__(self):
        return "Turn(%r)" % str(self)
