# SPDX-License-Identifier: MIT
"""The game-tree search (doc/search.md): a Search handle and its results,
for Fanorona and for Fanorona Chess (one handle searches both)."""
import ctypes
import os
import signal
import threading

from . import _lib
from .errors import check, error_for
from .moves import Turn

__all__ = ["Search", "SearchResult", "ChessSearchResult", "SCORE_WIN",
           "SCORE_DECISIVE_TURNS"]

_L = _lib.lib


class _ChessResultC(ctypes.Structure):
    """fan_chess_search_result of fanorona-chess.h, version 1."""
    _fields_ = [("version", ctypes.c_uint32),
                ("score", ctypes.c_int32),
                ("best", ctypes.c_uint32),
                ("depth", ctypes.c_uint32),
                ("seldepth", ctypes.c_uint32),
                ("line", ctypes.c_uint32),
                ("pv_length", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32),
                ("nodes", ctypes.c_uint64),
                ("time_ms", ctypes.c_uint64),
                ("pv", ctypes.c_uint32 * _lib.FAN_SEARCH_PV_MAX)]

    def __init__(self):
        super().__init__()
        _L.fan_chess_search_result_init(ctypes.byref(self))


assert ctypes.sizeof(_ChessResultC) == 304

# int (*fan_chess_search_progress)(void *user,
#                                  const fan_chess_search_result *line)
_ChessProgress = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p,
                                  ctypes.POINTER(_ChessResultC))

_lib.declare({
    "fan_chess_search_result_init": (ctypes.c_int,
                                     [ctypes.POINTER(_ChessResultC)]),
    "fan_chess_search_run": (ctypes.c_int,
                             [ctypes.POINTER(_ChessResultC), ctypes.c_void_p,
                              ctypes.c_void_p,
                              ctypes.POINTER(_lib.FanSearchLimits),
                              _ChessProgress, ctypes.c_void_p]),
})

SCORE_WIN = _lib.FAN_SCORE_WIN
SCORE_DECISIVE_TURNS = _lib.FAN_SCORE_DECISIVE_TURNS


# The FAN_SCORE_* macros of fanorona.h, in Python.
def _score_is_win(s):
    return s > SCORE_WIN - SCORE_DECISIVE_TURNS


def _score_is_loss(s):
    return s < -(SCORE_WIN - SCORE_DECISIVE_TURNS)


def _score_turns(s):
    return SCORE_WIN - s if s > 0 else SCORE_WIN + s


class _Line:
    """What the results of both games share: immutable fields, read from
    the library's result struct, and the FAN_SCORE_* decoding."""

    __slots__ = ("best", "score", "pv", "depth", "seldepth", "nodes",
                 "time_ms", "line")

    def __init__(self, best, score, pv, depth, seldepth, nodes, time_ms,
                 line):
        for name, value in zip(_Line.__slots__,
                               (best, score, tuple(pv), depth, seldepth,
                                nodes, time_ms, line)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("%s is immutable" % type(self).__name__)

    def __delattr__(self, name):
        raise AttributeError("%s is immutable" % type(self).__name__)

    @classmethod
    def _from_c(cls, r, position):
        # Each move of the line is made into the game's move object (with
        # its notation) in the position it is played from.
        pos = position.copy()
        pv = [cls._play(pos, value)
              for value in r.pv[:min(r.pv_length, _lib.FAN_SEARCH_PV_MAX)]]
        if not pv or r.pv[0] != r.best:  # the header promises best == pv[0]
            raise RuntimeError("libfanorona returned a line that does not "
                               "start with its best move")
        return cls(pv[0], r.score, pv, r.depth, r.seldepth, r.nodes,
                   r.time_ms, r.line)

    @property
    def is_win(self):
        """Whether the side to move wins by force."""
        return _score_is_win(self.score)

    @property
    def is_loss(self):
        """Whether the side to move loses by force."""
        return _score_is_loss(self.score)

    def _to_end(self):
        if self.is_win or self.is_loss:
            return _score_turns(self.score)
        return None

    def __repr__(self):
        return ("%s(best=%s, score=%d, depth=%d, nodes=%d, pv=[%s])"
                % (type(self).__name__, self.best, self.score, self.depth,
                   self.nodes, " ".join(str(m) for m in self.pv)))


class SearchResult(_Line):
    """One line found by a search, immutable.

    ``best`` is the Turn to play and ``pv`` the principal variation (a
    list of Turns, each legal after the previous, pv[0] == best);
    ``score`` is in hundredths of a piece from the side to move's view,
    ``is_win`` / ``is_loss`` tell a decided game and ``turns_to_end`` the
    complete turns of both sides until it ends (None when undecided);
    ``depth`` (full-width turns), ``seldepth`` (captures included),
    ``nodes``, ``time_ms`` and ``line`` (1..multipv) as the library gave
    them.
    """

    __slots__ = ()

    @staticmethod
    def _play(pos, effect):
        path = _lib.FanPath()
        check(_L.fan_position_turn_path(ctypes.byref(path), pos._h, effect),
              "fan_position_turn_path")
        check(_L.fan_position_play_turn(pos._h, effect),
              "fan_position_play_turn")
        return Turn(path)

    @property
    def turns_to_end(self):
        """Complete turns (both sides) until the game ends, for a won or
        lost score; None otherwise."""
        return self._to_end()


class ChessSearchResult(_Line):
    """One line found by a search of a Fanorona Chess position (a
    fanorona.chess.ChessPosition), immutable.

    ``best`` is the ChessMove to play and ``pv`` the principal variation
    (a tuple of ChessMoves, each legal after the previous, pv[0] ==
    best); ``score`` is in centipawns from the side to move's view,
    ``is_win`` / ``is_loss`` tell a decided game (checkmate or stalemate
    of the loser: both lose) and ``plies_to_end`` the moves of both sides
    until it ends (None when undecided); ``depth`` (plies), ``seldepth``,
    ``nodes``, ``time_ms`` and ``line`` (1..multipv) as the library gave
    them.
    """

    __slots__ = ()

    @staticmethod
    def _play(pos, value):
        move = pos._moves([value], 1)[0]
        check(_L.fan_chess_play(pos._h, value), "fan_chess_play")
        return move

    @property
    def plies_to_end(self):
        """Moves (both sides) until the game ends, for a won or lost
        score; None otherwise."""
        return self._to_end()


def _limit(value, name, bits, function="fan_search_run"):
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s is an int or None, not %r" % (name, value))
    if not 0 <= value < 1 << bits:
        raise error_for(_lib.FAN_ERANGE, function,
                        "%s = %d is out of range" % (name, value))
    return value


class _CtrlCStops:
    """While a search runs on the main thread, Ctrl-C (SIGINT) stops it
    and the search returns its best line so far, instead of a
    KeyboardInterrupt. Python runs its signal handlers only between the
    main thread's bytecodes, and that thread waits inside
    fan_search_run(); so the C-level handler wakes a watcher thread
    through signal.set_wakeup_fd(), and the watcher calls stop() at once.
    Elsewhere (another thread, or a program that handles SIGINT itself)
    this does nothing."""

    def __init__(self, search):
        self._search = search
        self.interrupted = threading.Event()
        self._installed = False

    def __enter__(self):
        if threading.current_thread() is not threading.main_thread() or \
                signal.getsignal(signal.SIGINT) is not \
                signal.default_int_handler:
            return self
        self._read, self._write = os.pipe()
        os.set_blocking(self._write, False)
        try:
            self._old_fd = signal.set_wakeup_fd(self._write,
                                                warn_on_full_buffer=False)
        except ValueError:
            os.close(self._read)
            os.close(self._write)
            return self
        # runs later, between bytecodes: it only notes the request (the
        # watcher has already stopped the search)
        self._old_handler = signal.signal(
            signal.SIGINT, lambda signum, frame: self.interrupted.set())
        self._watcher = threading.Thread(target=self._watch, daemon=True,
                                         name="fanorona-ctrl-c")
        self._watcher.start()
        self._installed = True
        return self

    def _watch(self):
        while True:
            data = os.read(self._read, 64)
            if not data:
                return
            if signal.SIGINT in data:
                self.interrupted.set()
                self._search.stop()

    def __exit__(self, *exc):
        if not self._installed:
            return
        signal.signal(signal.SIGINT, self._old_handler)
        signal.set_wakeup_fd(self._old_fd)
        os.close(self._write)
        self._watcher.join()
        os.close(self._read)


def _options(hash_mib, threads, function):
    opts = _lib.FanSearchOptions()
    opts.hash_mib = _limit(hash_mib, "hash_mib", 32, function)
    opts.threads = _limit(threads, "threads", 32, function)
    return opts


class Search:
    """A search handle: the transposition table (hash_mib MiB, 0 for the
    library's default of 16), history tables and the work space of its
    threads (threads=1: one thread, deterministic; more: Lazy SMP; 0: one
    per processor). It remembers what it learnt between searches; clear()
    forgets it (for a new game) and configure() changes threads and table
    between searches. One search runs on a handle at a time; stop() may be
    called from any other thread. Use it as a context manager, or close()
    it.
    """

    __slots__ = ("_h", "_lock", "_running", "_stop_requested", "_tables",
                 "__weakref__")
    _free = _L.fan_search_free

    def __init__(self, hash_mib=0, threads=1):
        self._h = None
        self._lock = threading.Lock()
        self._running = False
        self._stop_requested = False
        self._tables = None
        opts = _options(hash_mib, threads, "fan_search_new")
        h = ctypes.c_void_p()
        check(_L.fan_search_new(ctypes.byref(h), ctypes.byref(opts)),
              "fan_search_new")
        self._h = h.value

    def configure(self, hash_mib=None, threads=None):
        """Changes the table size (a new size starts empty) and the number
        of threads; None keeps the current value. Not while a search
        runs."""
        with self._lock:
            if self._running:
                raise error_for(_lib.FAN_ESTATE, "fan_search_configure",
                                "a search is running on this handle")
            now = self._options()
            opts = _options(now.hash_mib if hash_mib is None else hash_mib,
                            now.threads if threads is None else threads,
                            "fan_search_configure")
            check(_L.fan_search_configure(self._handle("fan_search_configure"),
                                          ctypes.byref(opts)),
                  "fan_search_configure")

    def use_tables(self, tablebase):
        """Lets the search read endgame tables (a Tablebase; None: no
        more): covered positions are scored exactly and a covered root
        gets a table-perfect turn. The handle keeps the Tablebase alive.
        Not while a search runs."""
        with self._lock:
            if self._running:
                raise error_for(_lib.FAN_ESTATE, "fan_search_set_tables",
                                "a search is running on this handle")
            h = tablebase._handle("fan_search_set_tables") if tablebase \
                else None
            check(_L.fan_search_set_tables(
                self._handle("fan_search_set_tables"), h),
                "fan_search_set_tables")
            self._tables = tablebase

    def _options(self):
        opts = _lib.FanSearchOptions()
        check(_L.fan_search_options_get(ctypes.byref(opts),
                                        self._handle("fan_search_options_get")),
              "fan_search_options_get")
        return opts

    @property
    def hash_mib(self):
        """The size of the transposition table in MiB."""
        return self._options().hash_mib

    @property
    def threads(self):
        """The threads a search uses (0: one per processor)."""
        return self._options().threads

    def _handle(self, function):
        if not self._h:
            raise error_for(_lib.FAN_ESTATE, function,
                            "the search handle is closed")
        return self._h

    def close(self):
        """Frees the handle (again is a no-op). Not while a search runs."""
        with self._lock:
            if self._running:
                raise error_for(_lib.FAN_ESTATE, "fan_search_free",
                                "a search is running on this handle")
            h, self._h = self._h, None
        if h:
            self._free(h)

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._free(h)

    def __enter__(self):
        self._handle("fan_search_new")
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def closed(self):
        """Whether close() has freed the handle."""
        return not self._h

    @property
    def running(self):
        """Whether a search is running on this handle now."""
        return self._running

    def clear(self):
        """Forgets the table and history: a cleared handle gives the same
        answers as a new one."""
        with self._lock:
            if self._running:
                raise error_for(_lib.FAN_ESTATE, "fan_search_clear",
                                "a search is running on this handle")
            check(_L.fan_search_clear(self._handle("fan_search_clear")),
                  "fan_search_clear")

    def stop(self):
        """Asks the running search to return at once with the best turn of
        its last completed iteration. Safe from any thread and from the
        progress callback. A request made while no search runs is
        forgotten when the next one starts; one made while the search
        starts up is honoured at the end of its first iteration at the
        latest."""
        with self._lock:
            if not self._running:
                return
            self._stop_requested = True
            _L.fan_search_stop(self._h)

    def run(self, position, depth=None, nodes=None, time_ms=None,
            level=None, seed=None, multipv=1, progress=None, *,
            clock_ms=None, increment_ms=None, moves_to_go=None):
        """Searches position (which is not changed; do not change it from
        another thread meanwhile) and returns the best line as a
        SearchResult; a fanorona.chess.ChessPosition is searched as
        Fanorona Chess (fan_chess_search_run(), depth in plies) and gives
        a ChessSearchResult.

        Limits: depth (full-width turns), nodes, time_ms (a fixed time,
        used whole); None for no limit, and with none of them the search
        runs until stop(). Or a clock: clock_ms left on the mover's clock,
        increment_ms added after each turn, moves_to_go turns to the next
        control; the library then decides how much of it to spend, and
        never all of it.
        With more than one thread (see configure()) the result depends on
        timing. level 1..10 plays weaker (seed makes its choices
        repeatable). multipv lines are reported to progress, which is
        called with a SearchResult for each line after every completed
        iteration and stops the search by returning a true value.
        Ctrl-C (SIGINT) while a search runs on the main thread stops it,
        and run() returns the best line of its last completed iteration
        instead of raising KeyboardInterrupt.

        With one thread and no time limit the result, node count included,
        depends only on the position, the limits and what the handle has
        learnt: a new or cleared handle repeats it exactly.
        """
        from .chess import ChessPosition
        from .position import Position
        if isinstance(position, ChessPosition):
            function, result_type = "fan_chess_search_run", ChessSearchResult
            out, progress_type = _ChessResultC(), _ChessProgress
        elif isinstance(position, Position):
            function, result_type = "fan_search_run", SearchResult
            out, progress_type = _lib.FanSearchResult(), _lib.FanSearchProgress
        else:
            raise TypeError("run() searches a Position or a ChessPosition, "
                            "not %r" % (position,))
        if progress is not None and not callable(progress):
            raise TypeError("progress is a callable, not %r" % (progress,))
        limits = _lib.FanSearchLimits()
        limits.max_depth = _limit(depth, "depth", 32, function)
        limits.max_nodes = _limit(nodes, "nodes", 64, function)
        limits.time_ms = _limit(time_ms, "time_ms", 64, function)
        limits.multipv = _limit(multipv, "multipv", 32, function)
        limits.level = _limit(level, "level", 32, function)
        limits.seed = _limit(seed, "seed", 64, function)
        limits.clock_ms = _limit(clock_ms, "clock_ms", 64, function)
        limits.increment_ms = _limit(increment_ms, "increment_ms", 64,
                                     function)
        limits.moves_to_go = _limit(moves_to_go, "moves_to_go", 32, function)

        raised = []

        def on_line(user, line):
            # Runs on this thread, inside fan_search_run().
            try:
                if progress is not None and progress(
                        result_type._from_c(line.contents, position)):
                    return 1
            except BaseException as e:  # noqa: B902 - re-raised below
                raised.append(e)
                return 1
            return 1 if self._stop_requested or ctrl_c.interrupted.is_set() \
                else 0

        # The callback object must live until fan_search_run() returns.
        callback = progress_type(on_line)
        ctrl_c = _CtrlCStops(self)
        run = getattr(_L, function)
        with self._lock:
            h = self._handle(function)
            if self._running:
                raise error_for(_lib.FAN_ESTATE, function,
                                "a search is already running on this "
                                "handle")
            self._running = True
            self._stop_requested = False
        try:
            with ctrl_c:
                code = run(ctypes.byref(out), h, position._h,
                           ctypes.byref(limits), callback, None)
        finally:
            with self._lock:
                self._running = False
                self._stop_requested = False
        if raised:
            raise raised[0]
        check(code, function)
        return result_type._from_c(out, position)

    def analyse(self, position, multipv, depth=None, nodes=None,
                time_ms=None, *, clock_ms=None, increment_ms=None,
                moves_to_go=None):
        """The multipv best lines of the last completed iteration, best
        first, as a list of SearchResult (fewer when the position has
        fewer turns), or of ChessSearchResult for a ChessPosition. Limits
        as run().

        >>> from fanorona import Position, Search
        >>> with Search() as s:
        ...     lines = s.analyse(Position(), 3, depth=2)
        >>> [line.line for line in lines]
        [1, 2, 3]
        >>> lines[0].score >= lines[1].score >= lines[2].score
        True
        >>> from fanorona.chess import ChessPosition
        >>> with Search() as s:
        ...     lines = s.analyse(ChessPosition(), 2, depth=2)
        >>> [(line.line, line.depth) for line in lines]
        [(1, 2), (2, 2)]
        """
        lines = {}

        def keep(line):
            # every line is reported after each completed iteration: the
            # last report of each line number is the last iteration's
            lines[line.line] = line

        best = self.run(position, depth, nodes, time_ms, None, None, multipv,
                        keep, clock_ms=clock_ms, increment_ms=increment_ms,
                        moves_to_go=moves_to_go)
        depth_done = max((line.depth for line in lines.values()), default=0)
        found = [lines[k] for k in sorted(lines)
                 if lines[k].depth == depth_done]
        return found or [best]


def _search_once(position, depth, nodes, time_ms, threads, level, seed,
                multipv, search, progress):
    """Position.search() and ChessPosition.search(): one search, on the
    given handle or a fresh one."""
    if depth is None and nodes is None and time_ms is None and \
            search is None and progress is None:
        # nothing could end it but Ctrl-C
        raise error_for(_lib.FAN_EINVAL, "fan_search_run",
                        "search() needs a limit: depth, nodes or "
                        "time_ms (or a Search to stop() from another "
                        "thread, or a progress callback that stops it)")
    if search is not None:
        if threads is not None:
            raise TypeError("threads belong to the Search handle: "
                            "Search(threads=N) or search.configure()")
        return search.run(position, depth, nodes, time_ms, level, seed,
                          multipv, progress)
    with Search(threads=1 if threads is None else threads) as s:
        return s.run(position, depth, nodes, time_ms, level, seed, multipv,
                     progress)
