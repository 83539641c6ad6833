# SPDX-License-Identifier: MIT
"""The Position class: one game, owned by a libfanorona handle."""
import ctypes
from collections import namedtuple

from . import _lib
from .errors import check, check_text, error_for
from .moves import (SQUARES, Color, Count, Direction, Outcome, Reason, Rules,
                    Square, Step, StepKind, Turn, mask, squares)

__all__ = ["Position", "Result"]

_L = _lib.lib


class Result(namedtuple("Result", "outcome reason")):
    """How the game stands: an Outcome and the Reason it ended."""

    __slots__ = ()

    @property
    def is_over(self):
        """Whether the game has ended."""
        return self.outcome != Outcome.ONGOING

    @property
    def winner(self):
        """Color.WHITE or Color.BLACK, or None (ongoing or drawn)."""
        return {Outcome.WHITE_WINS: Color.WHITE,
                Outcome.BLACK_WINS: Color.BLACK}.get(self.outcome)

    def __str__(self):
        if not self.is_over:
            return str(self.outcome)
        return "%s (%s)" % (self.outcome, self.reason)


def _rules(value):
    return _enum_arg(value, Rules, "rules")


def _count(value):
    return _enum_arg(value, Count, "count")


def _enum_arg(value, enum_type, name):
    """A Rules or Count from a member, its number or its name; anything
    else is refused with the accepted values named (InvalidArgumentError,
    a ValueError)."""
    if isinstance(value, str) and value.upper() in enum_type.__members__:
        return enum_type[value.upper()]
    if isinstance(value, int):
        return int(value)  # the library refuses a number it does not know
    accepted = " or ".join("%r" % m.lower() for m in enum_type.__members__)
    raise error_for(_lib.FAN_EINVAL, None,
                    "%s must be %s (or %s), not %r"
                    % (name, accepted, ", ".join(
                        "%s.%s" % (enum_type.__name__, m)
                        for m in enum_type.__members__), value))


def _mask_arg(items):
    return mask(items) if items is not None else 0


class Position:
    """A game of Fanorona: the board, the side to move, the ruleset, the
    turn in progress and the history for undo and redo.

    Position() is the start of a game (stop-at-will rules);
    Position(rules="must") uses must-continue; Position(text) reads a
    position string, Position.custom(white=..., black=...) sets up a board.
    str() draws the board, repr() shows the position string; == and hash
    compare the positions (board, side, rules, turn counter, turn state).
    """

    __slots__ = ("_h", "__weakref__")
    _free = _L.fan_position_free

    def __init__(self, text=None, rules=Rules.STOP):
        self._h = None
        h = ctypes.c_void_p()
        if text is None:
            check(_L.fan_position_new(ctypes.byref(h), _rules(rules)),
                  "fan_position_new")
        else:
            if not isinstance(text, str):
                raise TypeError("a position string is a str, not %r"
                                % (text,))
            err = _lib.FanParseError()
            code = _L.fan_position_from_string(
                ctypes.byref(h), text.encode(), _rules(rules),
                ctypes.byref(err))
            check_text(code, "fan_position_from_string", err)
        self._h = h.value

    @classmethod
    def _adopt(cls, handle):
        obj = cls.__new__(cls)
        obj._h = handle
        return obj

    @classmethod
    def custom(cls, white=(), black=(), side=Color.WHITE, rules=Rules.STOP):
        """A game from a set-up board: white and black are squares (names
        or numbers) or masks."""
        h = ctypes.c_void_p()
        check(_L.fan_position_new_custom(ctypes.byref(h), _mask_arg(white),
                                         _mask_arg(black), int(side),
                                         _rules(rules)),
              "fan_position_new_custom")
        return cls._adopt(h.value)

    @classmethod
    def from_string(cls, text, default_rules=Rules.STOP):
        """Reads a position string; the short form takes default_rules."""
        return cls(text, default_rules)

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._free(h)

    def copy(self, stack=True):
        """An independent copy, history included; with stack=False the
        same position without the turns that led to it (nothing to pop(),
        and repetitions count from here).

        >>> pos = Position()
        >>> _ = pos.push("d3-e3W")
        >>> len(pos.copy()), len(pos.copy(stack=False))
        (1, 0)
        >>> pos.copy(stack=False) == pos
        True
        """
        if not stack:
            return Position(self.to_string())
        h = ctypes.c_void_p()
        check(_L.fan_position_clone(ctypes.byref(h), self._h),
              "fan_position_clone")
        return Position._adopt(h.value)

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    # -----------------------------------------------------------------
    # Text

    def to_string(self):
        """The full position string (board, side, rules, turns, chain)."""
        buf = ctypes.create_string_buffer(_lib.FAN_POSITION_STRING_MAX)
        check(_L.fan_position_to_string(buf, len(buf), None, self._h),
              "fan_position_to_string")
        return buf.value.decode()

    def __repr__(self):
        return "Position(%r)" % self.to_string()

    def __str__(self):
        """The board, row 5 at the top, with its lines: W white, B black,
        . an empty point."""
        rows = []
        for row in range(_lib.FAN_ROWS - 1, -1, -1):
            cells = []
            for col in range(_lib.FAN_COLUMNS):
                piece = self.piece(col + _lib.FAN_COLUMNS * row)
                cells.append("." if piece is None else piece.name[0])
            rows.append("%d %s" % (row + 1, "-".join(cells)))
            if row:
                links = ["|"]
                for col in range(_lib.FAN_COLUMNS - 1):
                    links.append("\\" if (col + row) % 2 == 0 else "/")
                    links.append("|")
                rows.append("  " + "".join(links))
        rows.append("  " + " ".join("abcdefghi"))
        side = self.side_to_move
        state = ("%s to move" % side if not self.result.is_over
                 else str(self.result))
        rows.append("%s, %s rules, turn %d" % (
            state, "stop-at-will" if self.rules == Rules.STOP
            else "must-continue", self.turns_played + 1))
        return "\n".join(rows)

    # -----------------------------------------------------------------
    # Comparison

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return check(_L.fan_position_equal(self._h, other._h),
                     "fan_position_equal") == 1

    def __hash__(self):
        out = ctypes.c_uint64()
        check(_L.fan_position_hash(ctypes.byref(out), self._h),
              "fan_position_hash")
        return hash(out.value)

    # -----------------------------------------------------------------
    # State

    def piece(self, sq):
        """Color.WHITE, Color.BLACK, or None for an empty point."""
        p = check(_L.fan_position_piece(self._h, _square_arg(sq)),
                  "fan_position_piece")
        return Color(p) if p else None

    def pieces(self, color):
        """The squares that color's pieces stand on, as a frozenset."""
        out = ctypes.c_uint64()
        check(_L.fan_position_pieces(ctypes.byref(out), self._h, int(color)),
              "fan_position_pieces")
        return squares(out.value)

    @property
    def white(self):
        """The squares of White's pieces."""
        return self.pieces(Color.WHITE)

    @property
    def black(self):
        """The squares of Black's pieces."""
        return self.pieces(Color.BLACK)

    @property
    def side_to_move(self):
        """Color.WHITE or Color.BLACK: whose turn it is."""
        return Color(check(_L.fan_position_side_to_move(self._h),
                           "fan_position_side_to_move"))

    @property
    def rules(self):
        """The ruleset of the game: Rules.STOP or Rules.MUST."""
        return Rules(check(_L.fan_position_rules(self._h),
                           "fan_position_rules"))

    @property
    def turns_played(self):
        """Complete turns played since the start of the game."""
        return check(_L.fan_position_turns_played(self._h),
                     "fan_position_turns_played")

    @property
    def result(self):
        """How the game stands: a Result(outcome, reason)."""
        return Result(
            Outcome(check(_L.fan_position_result(self._h),
                          "fan_position_result")),
            Reason(check(_L.fan_position_result_reason(self._h),
                         "fan_position_result_reason")))

    @property
    def is_over(self):
        """Whether the game has ended (won, lost or drawn)."""
        return self.result.is_over

    # -----------------------------------------------------------------
    # Turns

    def _list(self, function, ctype, name):
        count = ctypes.c_size_t()
        while True:
            n = count.value
            arr = (ctype * max(n, 1))()
            code = function(arr, n, ctypes.byref(count), self._h)
            if code != _lib.FAN_EBUFS:
                check(code, name)
                return arr[:count.value]

    @property
    def legal_turns(self):
        """The legal turns, one per effect (origin, destination, captured
        set), each with its canonical path. In the middle of a chain: the
        ways to complete it."""
        effects = self._list(_L.fan_position_turns, ctypes.c_uint64,
                             "fan_position_turns")
        out = []
        for effect in effects:
            p = _lib.FanPath()
            check(_L.fan_position_turn_path(ctypes.byref(p), self._h, effect),
                  "fan_position_turn_path")
            out.append(Turn(p))
        return out

    @property
    def legal_paths(self):
        """Every distinct legal path (several may share an effect)."""
        return [Turn(p) for p in self._list(_L.fan_position_paths,
                                            _lib.FanPath,
                                            "fan_position_paths")]

    def parse_turn(self, text):
        """The legal turn that move notation names ("f4-e4W-e3A", compact
        "f4e4We3A"; a mode letter may be left out where only one mode fits;
        doc/formats.md). In the middle of a chain the text may also be the
        continuation alone. ParseError for text that is no move,
        IllegalMoveError when no legal turn fits, AmbiguousStepError when
        both modes would; each with the library's offset and reason."""
        p = _lib.FanPath()
        err = _lib.FanParseError()
        check_text(_L.fan_position_parse_path(ctypes.byref(p), self._h,
                                              _text_arg(text),
                                              ctypes.byref(err)),
                   "fan_position_parse_path", err)
        return Turn(p)

    def parse_step(self, text):
        """The legal step that notation names ("d3-e3W"), with its
        preview; errors as parse_turn()."""
        s = _lib.FanStep()
        err = _lib.FanParseError()
        check_text(_L.fan_position_parse_step(ctypes.byref(s), self._h,
                                              _text_arg(text),
                                              ctypes.byref(err)),
                   "fan_position_parse_step", err)
        return Step._from_c(s)

    def push(self, turn):
        """Plays a whole turn: a Turn, or move notation. Returns the Turn."""
        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        if not isinstance(turn, Turn):
            raise TypeError("push() takes a Turn or move notation, not %r"
                            % (turn,))
        code = _L.fan_position_play_path(self._h, ctypes.byref(turn._path))
        if code < 0:
            self._refused(code, "fan_position_play_path",
                          _L.fan_position_explain_path,
                          ctypes.byref(turn._path))
        return turn

    def push_notation(self, text):
        """Plays the whole turn that move notation names and returns it
        (as python-chess's push_san); errors as parse_turn().

        >>> pos = Position()
        >>> pos.push_notation("d3-e3W")
        Turn('d3-e3W')
        >>> pos.push_notation("d3-e3W")
        Traceback (most recent call last):
        ...
        fanorona.errors.IllegalMoveError: not a legal step or turn in this position at offset 0: d3 holds no piece of the side to move
        """
        if not isinstance(text, str):
            raise TypeError("push_notation() takes move notation (a str), "
                            "not %r" % (text,))
        return self.push(text)

    def _refused(self, code, function, explain, *args):
        # the library's reason for the refusal, in the exception
        buf = ctypes.create_string_buffer(_lib.FAN_EXPLAIN_MAX)
        explain(buf, len(buf), None, self._h, *args)
        raise error_for(code, function, buf.value.decode() or None)

    def push_effect(self, effect):
        """Plays a turn given by its effect (a fan_turn number)."""
        code = _L.fan_position_play_turn(self._h, effect)
        if code < 0:
            self._refused(code, "fan_position_play_turn",
                          _L.fan_position_explain_turn, effect)

    def pop(self):
        """Takes back the last turn, or the chain in progress; returns what
        was taken back as a Turn."""
        if self.in_chain:
            taken = self.chain_path
        else:
            n = check(_L.fan_position_history_length(self._h),
                      "fan_position_history_length")
            taken = self._history_turn(n - 1) if n else None
        check(_L.fan_position_undo(self._h), "fan_position_undo")
        return taken

    def redo(self):
        """Replays the last turn taken back; returns it."""
        check(_L.fan_position_redo(self._h), "fan_position_redo")
        return self._history_turn(len(self) - 1)

    def __len__(self):
        """The number of complete turns that pop() can take back."""
        return check(_L.fan_position_history_length(self._h),
                     "fan_position_history_length")

    def _history_turn(self, index):
        p = _lib.FanPath()
        check(_L.fan_position_history_path(ctypes.byref(p), self._h, index),
              "fan_position_history_path")
        return Turn(p)

    @property
    def history(self):
        """The turns played in this game, first to last."""
        return [self._history_turn(i) for i in range(len(self))]

    # -----------------------------------------------------------------
    # Steps

    @property
    def legal_steps(self):
        """The legal next steps, each with the pieces it would capture
        (its preview): every capture at the start of a turn, or every paika
        when there is none; the continuations in a chain."""
        return [Step._from_c(s) for s in self._list(
            _L.fan_position_steps, _lib.FanStep, "fan_position_steps")]

    def play_step(self, step, target=None, kind=StepKind.ANY):
        """Plays one step: a Step, move notation of one step ("d3-e3W"),
        or origin and target squares with a StepKind."""
        if isinstance(step, str) and target is None:
            step = self.parse_step(step)
        if isinstance(step, Step):
            origin, target, kind = step.origin, step.target, step.kind
        else:
            origin = step
            if target is None:
                raise TypeError("play_step() needs a target square")
        args = (_square_arg(origin), _square_arg(target), int(kind))
        code = _L.fan_position_play_step(self._h, *args)
        if code < 0:
            self._refused(code, "fan_position_play_step",
                          _L.fan_position_explain_step, *args)

    def end_turn(self):
        """Ends the capture chain in progress (stop-at-will only)."""
        check(_L.fan_position_end_turn(self._h), "fan_position_end_turn")

    @property
    def can_end_turn(self):
        """Whether the chain in progress may stop here (stop-at-will
        only)."""
        return check(_L.fan_position_can_end_turn(self._h),
                     "fan_position_can_end_turn") == 1

    @property
    def in_chain(self):
        """Whether a capture chain is in progress."""
        return check(_L.fan_position_in_chain(self._h),
                     "fan_position_in_chain") == 1

    @property
    def must_capture(self):
        """Whether the side to move has a capture, which it must then
        make."""
        return check(_L.fan_position_must_capture(self._h),
                     "fan_position_must_capture") == 1

    def _int_out(self, function, name):
        out = ctypes.c_int()
        check(function(ctypes.byref(out), self._h), name)
        return out.value

    def _mask_out(self, function, name):
        out = ctypes.c_uint64()
        check(function(ctypes.byref(out), self._h), name)
        return squares(out.value)

    @property
    def active_piece(self):
        """The square of the piece making the chain, or None."""
        sq = self._int_out(_L.fan_position_active_piece,
                           "fan_position_active_piece")
        return SQUARES[sq] if sq >= 0 else None

    @property
    def last_direction(self):
        """Direction of the chain's last segment, or None."""
        d = self._int_out(_L.fan_position_last_direction,
                          "fan_position_last_direction")
        return Direction(d) if d >= 0 else None

    @property
    def visited(self):
        """The points the chain's piece has visited this turn."""
        return self._mask_out(_L.fan_position_visited, "fan_position_visited")

    @property
    def chain_captured(self):
        """The pieces captured so far by the chain in progress."""
        return self._mask_out(_L.fan_position_chain_captured,
                              "fan_position_chain_captured")

    @property
    def chain_path(self):
        """The steps played so far in the turn in progress, as a Turn, or
        None at the start of a turn."""
        p = _lib.FanPath()
        check(_L.fan_position_chain_path(ctypes.byref(p), self._h),
              "fan_position_chain_path")
        return Turn(p) if p.length else None

    @property
    def movable(self):
        """The pieces that have a legal step now."""
        return self._mask_out(_L.fan_position_movable, "fan_position_movable")

    def destinations(self, sq):
        """The legal destinations of the piece on sq now."""
        out = ctypes.c_uint64()
        check(_L.fan_position_destinations(ctypes.byref(out), self._h,
                                           _square_arg(sq)),
              "fan_position_destinations")
        return squares(out.value)

    # -----------------------------------------------------------------
    # Perft

    def perft(self, depth, count=Count.UNIQUE, *, threads=1, hash_mib=0):
        """The number of sequences of depth complete turns (Count.UNIQUE
        or Count.PATHS, or "unique" / "paths").

        threads counts in parallel (0: one per online processor, at most
        256); hash_mib gives the count a table of that many MiB (0: none,
        at most 65536), made and freed by this call. The count is the same
        whatever the options. OutOfRangeError for a value beyond those
        limits, TypeError for one that is not an int."""
        opts = _lib.FanPerftOptions()
        opts.threads = _option(threads, "threads")
        opts.hash_mib = _option(hash_mib, "hash_mib")
        out = ctypes.c_uint64()
        check(_L.fan_perft_ex(ctypes.byref(out), self._h, _depth(depth),
                              _count(count), ctypes.byref(opts)),
              "fan_perft_ex")
        return out.value

    def divide(self, depth, count=Count.UNIQUE):
        """perft split by first turn: a dict {Turn: count below it}."""
        d, k = _depth(depth), _count(count)
        n = ctypes.c_size_t()
        while True:
            arr = (_lib.FanPerftEntry * max(n.value, 1))()
            code = _L.fan_perft_divide(arr, n.value, ctypes.byref(n),
                                       self._h, d, k)
            if code != _lib.FAN_EBUFS:
                check(code, "fan_perft_divide")
                return {Turn(e.path): e.nodes for e in arr[:n.value]}

    # -----------------------------------------------------------------
    # Search

    def search(self, depth=None, nodes=None, time_ms=None, threads=None,
               level=None, seed=None, multipv=1, search=None, progress=None):
        """The best turn found by the library's search, as a SearchResult
        (best, score, pv, depth, nodes, time_ms, is_win, is_loss,
        turns_to_end). Limits as Search.run(); give at least one of depth,
        nodes and time_ms, or stop the search from another thread through
        a Search you pass in. Without search a fresh handle (16 MiB table,
        threads threads, default 1) is made and freed, so equal calls with
        one thread and no time limit give equal results; with search, its
        own threads are used and threads must be None. GameOverError once
        the game has ended."""
        from .search import _search_once
        return _search_once(self, depth, nodes, time_ms, threads, level, seed,
                           multipv, search, progress)

    # -----------------------------------------------------------------
    # Game records

    def record(self):
        """The game as a record (doc/formats.md): its tags and numbered
        turns, from where this handle's history begins."""
        size = ctypes.c_size_t()
        buf = ctypes.create_string_buffer(1024)
        code = _L.fan_record_write(buf, len(buf), ctypes.byref(size), self._h)
        if code == _lib.FAN_EBUFS:
            buf = ctypes.create_string_buffer(size.value)
            code = _L.fan_record_write(buf, len(buf), None, self._h)
        check(code, "fan_record_write")
        return buf.value.decode()

    @classmethod
    def from_record(cls, text):
        """Replays a game record, checking every turn; the position has
        the whole game as its history."""
        h = ctypes.c_void_p()
        err = _lib.FanParseError()
        check_text(_L.fan_record_read(ctypes.byref(h), _text_arg(text),
                                      ctypes.byref(err)),
                   "fan_record_read", err)
        return cls._adopt(h.value)

    # -----------------------------------------------------------------
    # Pictures

    def svg(self, highlight=(), turn=None, coordinates=True):
        """The board as SVG text: highlight some squares, draw a Turn (or
        move notation of a legal turn) as arrows."""
        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        path = ctypes.byref(turn._path) if turn is not None else None
        flags = _lib.FAN_SVG_COORDINATES if coordinates else 0
        buf = ctypes.create_string_buffer(_lib.FAN_SVG_MAX)
        check(_L.fan_position_svg(buf, len(buf), None, self._h,
                                  _mask_arg(highlight), path, flags),
              "fan_position_svg")
        return buf.value.decode()

    def _repr_svg_(self):
        """The picture notebooks show: the chain so far, or else the last
        turn played, as arrows."""
        turn = self.chain_path
        if turn is None and len(self):
            turn = self._history_turn(len(self) - 1)
        return self.svg(turn=turn)


def _text_arg(text):
    if not isinstance(text, str):
        raise TypeError("move notation is a str, not %r" % (text,))
    return text.encode()


def _square_arg(sq):
    if isinstance(sq, int) and not isinstance(sq, bool):
        return sq  # out-of-range numbers are for the library to refuse
    return Square(sq)


def _depth(depth):
    if depth < 0:
        raise error_for(_lib.FAN_ERANGE, "perft",
                        "the depth %d is negative" % depth)
    return min(int(depth), 2**32 - 1)


def _option(value, name):
    """A perft option: an int that fits the C field (uint32_t); which of
    those values are too large is for the library to say."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s is an int, not %r" % (name, value))
    if not 0 <= value < 1 << 32:
        raise error_for(_lib.FAN_ERANGE, "fan_perft_ex",
                        "%s = %d is out of range" % (name, value))
    return value
