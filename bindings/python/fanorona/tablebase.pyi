# SPDX-License-Identifier: MIT
# Types of fanorona.tablebase (the code is tablebase.py; stubtest checks
# that the two agree).
from os import PathLike
from typing import Callable, List, NamedTuple, Optional, Union

from .moves import Rules, Turn
from .position import Position

WIN: int
DRAW: int
LOSS: int

class Probe(NamedTuple):
    value: int
    distance: Optional[int]

class TableInfo(NamedTuple):
    rules: Rules
    own_pieces: int
    other_pieces: int
    positions: int
    wins: int
    draws: int
    losses: int
    longest_win: int
    longest_loss: int
    example_white: int
    example_black: int

_Dir = Union[str, "PathLike[str]"]

def generate(directory: _Dir, rules: Rules = ..., max_pieces: int = ...,
             threads: int = ...,
             progress: Optional[Callable[[int, int], object]] = ...) -> None: ...

class Tablebase:
    def __init__(self, directory: _Dir) -> None: ...
    def close(self) -> None: ...
    def __del__(self) -> None: ...
    def __enter__(self) -> "Tablebase": ...
    def __exit__(self, *exc: object) -> None: ...
    def probe(self, position: Position) -> Probe: ...
    def best_turns(self, position: Position) -> List[Turn]: ...
    @property
    def tables(self) -> List[TableInfo]: ...
    def verify(self, threads: int = ...,
               progress: Optional[Callable[[int, int], object]] = ...) -> int: ...
