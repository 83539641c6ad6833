# SPDX-License-Identifier: MIT
"""Endgame tables (doc/tablebases.md): generate, open, probe, best turns,
the tables' counts and verify."""
import ctypes
from collections import namedtuple

from . import _lib
from .errors import check, error_for
from .moves import Rules, Turn

_L = _lib.lib

WIN, DRAW, LOSS = 1, 0, -1

Probe = namedtuple("Probe", "value distance")
Probe.__doc__ = """value: WIN, DRAW or LOSS for the side to move; distance:
complete turns to the end of the game under perfect play (None for a
draw)."""

TableInfo = namedtuple("TableInfo", "rules own_pieces other_pieces positions "
                       "wins draws losses longest_win longest_loss "
                       "example_white example_black")


def _options(threads, progress, function):
    opts = _lib.FanTbGenerateOptions()
    try:
        opts.threads = threads
    except TypeError:
        raise error_for(_lib.FAN_EINVAL, function, "threads must be an int")
    callback = None
    if progress is not None:
        def call(_user, done, total):
            return 1 if progress(done, total) else 0
        callback = _lib.FanTbProgress(call)
        opts.progress = callback
    return opts, callback


def generate(directory, rules=Rules.STOP, max_pieces=4, threads=1,
             progress=None):
    """Generates every table of rules with up to max_pieces pieces into
    the existing directory (tables already there are kept). progress, if
    given, is called as progress(done, total); a true return stops
    (StoppedError)."""
    opts, keep = _options(threads, progress, "fan_tb_generate")
    check(_L.fan_tb_generate(str(directory).encode(), int(rules), max_pieces,
                             ctypes.byref(opts)), "fan_tb_generate")
    del keep


class Tablebase:
    """The tables of a directory, memory-mapped and checked on opening.
    Probing is thread-safe. Use it as a context manager, or close() it."""

    __slots__ = ("_h", "__weakref__")
    _close = _L.fan_tb_close

    def __init__(self, directory):
        self._h = None
        h = ctypes.c_void_p()
        check(_L.fan_tb_open(ctypes.byref(h), str(directory).encode()),
              "fan_tb_open")
        self._h = h.value

    def _handle(self, function):
        if not self._h:
            raise error_for(_lib.FAN_ESTATE, function,
                            "the tablebase is closed")
        return self._h

    def close(self):
        """Unmaps the tables (again is a no-op). A Search using them must
        let go first (Search.use_tables(None))."""
        h, self._h = self._h, None
        if h:
            self._close(h)

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._close(h)

    def __enter__(self):
        self._handle("fan_tb_open")
        return self

    def __exit__(self, *exc):
        self.close()

    def probe(self, position):
        """A Probe(value, distance) for position (at a turn boundary);
        NoTableError when no table covers it."""
        value, distance = ctypes.c_int(), ctypes.c_int()
        check(_L.fan_tb_probe(ctypes.byref(value), ctypes.byref(distance),
                              self._handle("fan_tb_probe"), position._h),
              "fan_tb_probe")
        d = distance.value
        return Probe(value.value, None if d < 0 else d)

    def best_turns(self, position):
        """The legal Turns that keep the table value, best first."""
        h = self._handle("fan_tb_best_turns")
        n = ctypes.c_size_t(0)
        code = _L.fan_tb_best_turns(None, 0, ctypes.byref(n), h, position._h)
        if code != _lib.FAN_EBUFS:
            check(code, "fan_tb_best_turns")
        arr = (ctypes.c_uint64 * max(n.value, 1))()
        check(_L.fan_tb_best_turns(arr, n.value, ctypes.byref(n), h,
                                   position._h), "fan_tb_best_turns")
        out = []
        for effect in arr[:n.value]:
            p = _lib.FanPath()
            check(_L.fan_position_turn_path(ctypes.byref(p), position._h,
                                            effect), "fan_position_turn_path")
            out.append(Turn(p))
        return out

    @property
    def tables(self):
        """A TableInfo for each open table."""
        h = self._handle("fan_tb_count")
        out = []
        for i in range(check(_L.fan_tb_count(h), "fan_tb_count")):
            info = _lib.FanTbInfo()
            check(_L.fan_tb_info_get(ctypes.byref(info), h, i),
                  "fan_tb_info_get")
            out.append(TableInfo(Rules(info.rules), info.own_pieces,
                                 info.other_pieces, info.positions, info.wins,
                                 info.draws, info.losses, info.longest_win,
                                 info.longest_loss, info.example_white,
                                 info.example_black))
        return out

    def verify(self, threads=1, progress=None):
        """Re-checks every entry against its successors; the number of
        entries that disagree (0 for sound tables)."""
        opts, keep = _options(threads, progress, "fan_tb_verify")
        bad = ctypes.c_uint64()
        check(_L.fan_tb_verify(ctypes.byref(bad), self._handle("fan_tb_verify"),
                               ctypes.byref(opts)), "fan_tb_verify")
        del keep
        return bad.value
