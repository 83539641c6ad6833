# SPDX-License-Identifier: MIT
"""libfanorona from Python: the rules of Fanorona (Fanoron-Tsivy).

A pure-Python package over ctypes (standard library only). It loads the
shared library from the environment variable FANORONA_LIBRARY (a file or a
directory), else from the repository's build/ directory, else from the
installed location, and says which places it tried when none works.

    >>> import fanorona
    >>> pos = fanorona.Position()
    >>> sorted(str(t) for t in pos.legal_turns)
    ['d2-e3A', 'd3-e3A', 'd3-e3W', 'e2-e3A', 'f2-e3A']
"""
from . import _lib
from .errors import *  # noqa: F401,F403
from .errors import __all__ as _errors_all
from .moves import (SQUARES, Color, Count, Direction, Outcome, Reason, Rules,
                    Square, Step, StepKind, Turn, mask, square, squares)
from .position import Position, Result
from .search import SCORE_DECISIVE_TURNS, SCORE_WIN, Search, SearchResult
from .tablebase import Probe, Tablebase, TableInfo
from . import tablebase

__all__ = ["Position", "Result", "Search", "SearchResult", "Tablebase",
           "Probe", "TableInfo", "tablebase",
           "SCORE_WIN", "SCORE_DECISIVE_TURNS", "Turn", "Step", "Square", "SQUARES", "Color",
           "Rules", "StepKind", "Direction", "Outcome", "Reason", "Count",
           "square", "squares", "mask", "library_version", "library_path",
           "WHITE", "BLACK", "STOP", "MUST"] + _errors_all

WHITE, BLACK = Color.WHITE, Color.BLACK
STOP, MUST = Rules.STOP, Rules.MUST

library_path = _lib.path
__version__ = _lib.lib.fan_version_string().decode()


def library_version():
    """The version string of the library actually loaded."""
    return _lib.lib.fan_version_string().decode()
