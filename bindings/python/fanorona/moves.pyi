# SPDX-License-Identifier: MIT
# Types of fanorona.moves (the code is moves.py; stubtest checks that the
# two agree).
import enum
from typing import FrozenSet, Iterable, Tuple, Union

__all__ = [
    "Color", "Rules", "StepKind", "Direction", "Outcome", "Reason", "Count",
    "Square", "SQUARES", "square", "squares", "mask", "Step", "Turn",
]

SquareLike = Union["Square", int, str]
SquaresLike = Union[int, str, Iterable[Union["Square", int, str]]]

class Color(enum.IntEnum):
    WHITE = 1
    BLACK = 2
    @property
    def other(self) -> "Color": ...

class Rules(enum.IntEnum):
    STOP = 0
    MUST = 1

class StepKind(enum.IntEnum):
    ANY = 0
    PAIKA = 1
    APPROACH = 2
    WITHDRAWAL = 3

class Direction(enum.IntEnum):
    E = 0
    NE = 1
    N = 2
    NW = 3
    W = 4
    SW = 5
    S = 6
    SE = 7

class Outcome(enum.IntEnum):
    ONGOING = 0
    WHITE_WINS = 1
    BLACK_WINS = 2
    DRAW = 3

class Reason(enum.IntEnum):
    NONE = 0
    NO_PIECES = 1
    NO_MOVES = 2
    REPETITION = 3
    TURN_LIMIT = 4

class Count(enum.IntEnum):
    UNIQUE = 0
    PATHS = 1

class Square(int):
    def __new__(cls, value: SquareLike) -> "Square": ...
    @property
    def name(self) -> str: ...
    @property
    def column(self) -> int: ...
    @property
    def row(self) -> int: ...
    @property
    def is_strong(self) -> bool: ...

SQUARES: Tuple[Square, ...]

def square(value: SquareLike) -> Square: ...
def squares(m: int) -> FrozenSet[Square]: ...
def mask(items: SquaresLike) -> int: ...

class _Value:
    def __setattr__(self, name: str, value: object) -> None: ...
    def __delattr__(self, name: str) -> None: ...

class Step(_Value):
    @property
    def origin(self) -> Square: ...
    @property
    def target(self) -> Square: ...
    @property
    def kind(self) -> StepKind: ...
    @property
    def direction(self) -> Direction: ...
    @property
    def captures_mask(self) -> int: ...
    def __init__(self, origin: SquareLike, target: SquareLike, kind: int,
                 direction: int, captures_mask: int = ...) -> None: ...
    @property
    def captures(self) -> FrozenSet[Square]: ...
    @property
    def is_capture(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Turn(_Value):
    def __init__(self, cpath: object) -> None: ...
    @property
    def origin(self) -> Square: ...
    @property
    def landings(self) -> Tuple[Square, ...]: ...
    @property
    def destination(self) -> Square: ...
    @property
    def kinds(self) -> Tuple[StepKind, ...]: ...
    @property
    def captured_mask(self) -> int: ...
    @property
    def captured(self) -> FrozenSet[Square]: ...
    @property
    def is_capture(self) -> bool: ...
    @property
    def effect(self) -> int: ...
    @property
    def compact(self) -> str: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
