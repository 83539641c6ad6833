# SPDX-License-Identifier: MIT
"""Fanorona Chess (doc/fanorona-chess.md): the ChessPosition class over
the library's fan_chess handle, and ChessMove values.

    >>> from fanorona.chess import ChessPosition
    >>> pos = ChessPosition()
    >>> [str(m) for m in pos.legal_moves if m.piece == "K"]
    ['Kc1-a2', 'Kc1-e2']
    >>> pos.perft(3)
    1630
"""
import ctypes
from collections import namedtuple

from . import _lib
from .errors import check, check_text

__all__ = ["ChessPosition", "ChessMove", "ChessResult", "point", "point_name",
           "START"]

_L = _lib.lib
_int, _u32, _u64, _size = ctypes.c_int, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t
_ptr, _pptr = ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)
_pu64, _psize = ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_size_t)
_pmove, _pu32 = ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint32)
_buf, _str = ctypes.c_char_p, ctypes.c_char_p
_pparse = ctypes.POINTER(_lib.FanParseError)

MOVES_MAX = 260
STRING_MAX = 96
MOVE_STRING_MAX = 12
SVG_MAX = 32768
NO_POINT = 63
START = "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1"
KINDS = {1: "plain", 2: "approach", 3: "withdrawal", 4: "king-knight"}
LETTERS = " KQRBNP"
REASONS = {0: "none", 1: "checkmate", 2: "stalemate", 3: "repetition",
           4: "fifty-moves"}
OUTCOMES = {0: "ongoing", 1: "white-wins", 2: "black-wins", 3: "draw"}


class _Entry(ctypes.Structure):
    _fields_ = [("move", ctypes.c_uint32), ("reserved", ctypes.c_uint32),
                ("nodes", ctypes.c_uint64)]


assert ctypes.sizeof(_Entry) == 16

_lib.declare({
    "fan_chess_new": (_int, [_pptr]),
    "fan_chess_clone": (_int, [_pptr, _ptr]),
    "fan_chess_free": (None, [_ptr]),
    "fan_chess_piece": (_int, [_ptr, _int]),
    "fan_chess_pieces": (_int, [_pu64, _ptr, _int, _int]),
    "fan_chess_side_to_move": (_int, [_ptr]),
    "fan_chess_king_unmoved": (_int, [_ptr, _int]),
    "fan_chess_pool_count": (_int, [_ptr, _int, _int]),
    "fan_chess_halfmove_clock": (_int, [_ptr]),
    "fan_chess_move_number": (_int, [_ptr]),
    "fan_chess_in_check": (_int, [_ptr]),
    "fan_chess_result": (_int, [_ptr]),
    "fan_chess_result_reason": (_int, [_ptr]),
    "fan_chess_equal": (_int, [_ptr, _ptr]),
    "fan_chess_moves": (_int, [_pmove, _size, _psize, _ptr]),
    "fan_chess_moves_from": (_int, [_pmove, _size, _psize, _ptr, _int]),
    "fan_chess_play": (_int, [_ptr, _u32]),
    "fan_chess_undo": (_int, [_ptr]),
    "fan_chess_redo": (_int, [_ptr]),
    "fan_chess_history_length": (_int, [_ptr]),
    "fan_chess_history_move": (_int, [_pmove, _ptr, _int]),
    "fan_chess_choices": (_int, [_pu32, _ptr, _int, _int]),
    "fan_chess_perft": (_int, [_pu64, _ptr, ctypes.c_uint]),
    "fan_chess_perft_divide": (_int, [ctypes.POINTER(_Entry), _size, _psize,
                                      _ptr, ctypes.c_uint]),
    "fan_chess_from_string": (_int, [_pptr, _str, _pparse]),
    "fan_chess_to_string": (_int, [_buf, _size, _psize, _ptr]),
    "fan_chess_move_to_string": (_int, [_buf, _size, _psize, _ptr, _u32]),
    "fan_chess_parse_move": (_int, [_pmove, _ptr, _str, _pparse]),
    "fan_chess_record_write": (_int, [_buf, _size, _psize, _ptr]),
    "fan_chess_record_read": (_int, [_pptr, _str, _pparse]),
    "fan_chess_point_parse": (_int, [_str]),
    "fan_chess_svg": (_int, [_buf, _size, _psize, _ptr, _u64, _pmove, _u32]),
})


def point(name):
    """The point number (file + 5 * rank) of a name "a1".."e9", or the
    number itself."""
    if isinstance(name, int):
        return name
    return check(_L.fan_chess_point_parse(str(name).encode()),
                 "fan_chess_point_parse")


def point_name(p):
    return "abcde"[p % 5] + str(p // 5 + 1)


class ChessResult(namedtuple("ChessResult", "outcome reason")):
    """How the game stands: 'ongoing', 'white-wins', 'black-wins' or
    'draw', and why ('checkmate', 'stalemate', 'repetition',
    'fifty-moves', 'none')."""
    __slots__ = ()

    @property
    def is_over(self):
        return self.outcome != "ongoing"


class ChessMove:
    """A legal move of the position it came from: its 32-bit value (the
    layout of fan_chess_move), its parts and its notation."""
    __slots__ = ("value", "text")

    def __init__(self, value, text):
        self.value, self.text = value, text

    from_ = property(lambda self: self.value & 63)
    to = property(lambda self: self.value >> 6 & 63)
    kind = property(lambda self: KINDS[self.value >> 12 & 7])
    promotion = property(lambda self: LETTERS[self.value >> 21 & 7].strip() or None)
    piece = property(lambda self: self.text[0])

    @property
    def captured(self):
        """The point it captures, or None."""
        c = self.value >> 15 & 63
        return None if c == NO_POINT else c

    def __str__(self):
        return self.text

    def __repr__(self):
        return "ChessMove(%r)" % self.text

    def __eq__(self, other):
        return isinstance(other, ChessMove) and other.value == self.value

    def __hash__(self):
        return hash(self.value)


def _text(call, size, *args):
    buf = ctypes.create_string_buffer(size)
    needed = ctypes.c_size_t()
    code = call(buf, size, ctypes.byref(needed), *args)
    if code == _lib.FAN_EBUFS:
        buf = ctypes.create_string_buffer(needed.value)
        code = call(buf, needed.value, None, *args)
    check(code, getattr(call, "__name__", None))
    return buf.value.decode()


class ChessPosition:
    """A game of Fanorona Chess: ChessPosition() is the start,
    ChessPosition(text) reads a position string. push() plays a move (a
    ChessMove or its notation), pop() takes it back; == compares the
    positions (pieces, side, flags, pools, clocks)."""

    __slots__ = ("_h", "__weakref__")
    _free = _L.fan_chess_free

    def __init__(self, text=None):
        self._h = None
        h = ctypes.c_void_p()
        if text is None:
            check(_L.fan_chess_new(ctypes.byref(h)), "fan_chess_new")
        else:
            err = _lib.FanParseError()
            check_text(_L.fan_chess_from_string(ctypes.byref(h), text.encode(),
                                                ctypes.byref(err)),
                       "fan_chess_from_string", err)
        self._h = h.value

    @classmethod
    def _adopt(cls, handle):
        obj = cls.__new__(cls)
        obj._h = handle
        return obj

    @classmethod
    def from_record(cls, text):
        """Replays a game record (doc/fanorona-chess.md)."""
        h = ctypes.c_void_p()
        err = _lib.FanParseError()
        check_text(_L.fan_chess_record_read(ctypes.byref(h), text.encode(),
                                            ctypes.byref(err)),
                   "fan_chess_record_read", err)
        return cls._adopt(h.value)

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._free(h)

    def copy(self):
        h = ctypes.c_void_p()
        check(_L.fan_chess_clone(ctypes.byref(h), self._h), "fan_chess_clone")
        return ChessPosition._adopt(h.value)

    __copy__ = copy

    def __eq__(self, other):
        return isinstance(other, ChessPosition) and \
            _L.fan_chess_equal(self._h, other._h) == 1

    __hash__ = None

    def __repr__(self):
        return "ChessPosition(%r)" % self.to_string()

    def __str__(self):
        rows = self.to_string().split()[0].split("/")
        out = []
        for rank, row in zip(range(9, 0, -1), rows):
            cells = "".join("." * int(c) if c.isdigit() else c for c in row)
            out.append("%d %s" % (rank, " ".join(cells)))
        out.append("  a b c d e")
        return "\n".join(out)

    # -- queries -------------------------------------------------------
    def piece(self, where):
        """'K', 'q', ... or None for an empty point."""
        code = check(_L.fan_chess_piece(self._h, point(where)), "fan_chess_piece")
        if not code:
            return None
        letter = LETTERS[code & 7]
        return letter if code >> 3 == 1 else letter.lower()

    @property
    def side_to_move(self):
        return "white" if _L.fan_chess_side_to_move(self._h) == 1 else "black"

    @property
    def in_check(self):
        return _L.fan_chess_in_check(self._h) == 1

    @property
    def halfmove_clock(self):
        return _L.fan_chess_halfmove_clock(self._h)

    @property
    def move_number(self):
        return _L.fan_chess_move_number(self._h)

    def king_unmoved(self, color):
        return _L.fan_chess_king_unmoved(self._h, 1 if color == "white" else 2) == 1

    def pool(self, color):
        """The pieces color may promote to, e.g. 'QNN' (upper case)."""
        c = 1 if color == "white" else 2
        return "".join(LETTERS[t] * _L.fan_chess_pool_count(self._h, c, t)
                       for t in range(2, 6))

    @property
    def result(self):
        return ChessResult(OUTCOMES[_L.fan_chess_result(self._h)],
                           REASONS[_L.fan_chess_result_reason(self._h)])

    # -- moves ---------------------------------------------------------
    def _moves(self, values, n):
        return [ChessMove(values[i], _text(_L.fan_chess_move_to_string,
                                           MOVE_STRING_MAX, self._h, values[i]))
                for i in range(n)]

    @property
    def legal_moves(self):
        arr = (ctypes.c_uint32 * MOVES_MAX)()
        n = ctypes.c_size_t()
        check(_L.fan_chess_moves(arr, MOVES_MAX, ctypes.byref(n), self._h),
              "fan_chess_moves")
        return self._moves(arr, n.value)

    def moves_from(self, where):
        """The legal moves of one piece, each with .captured: the preview."""
        arr = (ctypes.c_uint32 * MOVES_MAX)()
        n = ctypes.c_size_t()
        check(_L.fan_chess_moves_from(arr, MOVES_MAX, ctypes.byref(n), self._h,
                                      point(where)), "fan_chess_moves_from")
        return self._moves(arr, n.value)

    def choices(self, from_, to):
        """What must be named for from -> to: a set of 'mode', 'promotion'."""
        out = ctypes.c_uint32()
        check(_L.fan_chess_choices(ctypes.byref(out), self._h, point(from_),
                                   point(to)), "fan_chess_choices")
        return {n for bit, n in ((1, "mode"), (2, "promotion")) if out.value & bit}

    def parse_move(self, text):
        m = ctypes.c_uint32()
        err = _lib.FanParseError()
        check_text(_L.fan_chess_parse_move(ctypes.byref(m), self._h,
                                           text.encode(), ctypes.byref(err)),
                   "fan_chess_parse_move", err)
        return self._moves([m.value], 1)[0]

    def push(self, move):
        """Plays a ChessMove of this position or a move in notation."""
        if isinstance(move, str):
            move = self.parse_move(move)
        check(_L.fan_chess_play(self._h, move.value), "fan_chess_play")

    def pop(self):
        """Takes back the last move and returns it."""
        n = _L.fan_chess_history_length(self._h)
        m = ctypes.c_uint32()
        if n > 0:
            check(_L.fan_chess_history_move(ctypes.byref(m), self._h, n - 1))
        check(_L.fan_chess_undo(self._h), "fan_chess_undo")
        return self._moves([m.value], 1)[0]

    def redo(self):
        check(_L.fan_chess_redo(self._h), "fan_chess_redo")

    @property
    def history_length(self):
        return _L.fan_chess_history_length(self._h)

    # -- perft and text ------------------------------------------------
    def perft(self, depth):
        out = ctypes.c_uint64()
        check(_L.fan_chess_perft(ctypes.byref(out), self._h, depth),
              "fan_chess_perft")
        return out.value

    def divide(self, depth):
        """{notation: nodes below it}."""
        arr = (_Entry * MOVES_MAX)()
        n = ctypes.c_size_t()
        check(_L.fan_chess_perft_divide(arr, MOVES_MAX, ctypes.byref(n),
                                        self._h, depth), "fan_chess_perft_divide")
        return {_text(_L.fan_chess_move_to_string, MOVE_STRING_MAX, self._h,
                      arr[i].move): arr[i].nodes for i in range(n.value)}

    def to_string(self):
        return _text(_L.fan_chess_to_string, STRING_MAX, self._h)

    def record(self):
        return _text(_L.fan_chess_record_write, 4096, self._h)

    def svg(self, highlight=(), move=None, coordinates=False):
        m = ctypes.c_uint32(move.value) if move is not None else None
        mask = 0
        for p in highlight:
            mask |= 1 << point(p)
        return _text(_L.fan_chess_svg, SVG_MAX, self._h, mask,
                     ctypes.byref(m) if m is not None else None,
                     1 if coordinates else 0)

    def _repr_svg_(self):
        return self.svg()

    # -- search --------------------------------------------------------
    def search(self, depth=None, nodes=None, time_ms=None, threads=None,
               level=None, seed=None, multipv=1, search=None, progress=None):
        """The best move found by the library's search
        (fan_chess_search_run(); depth in plies), as a
        fanorona.search.ChessSearchResult. Arguments and rules as
        Position.search().

        >>> r = ChessPosition("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1").search(depth=2)
        >>> r.is_win, r.plies_to_end
        (True, 1)
        """
        from .search import _search_once
        return _search_once(self, depth, nodes, time_ms, threads, level, seed,
                           multipv, search, progress)
