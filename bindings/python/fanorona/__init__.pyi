# SPDX-License-Identifier: MIT
# Types of the fanorona package (the code is __init__.py and the modules
# beside it; stubtest checks that the two agree).
from .errors import (AmbiguousStepError as AmbiguousStepError,
                     BufferTooSmallError as BufferTooSmallError,
                     FanoronaError as FanoronaError,
                     GameOverError as GameOverError,
                     IllegalMoveError as IllegalMoveError,
                     ImpossiblePositionError as ImpossiblePositionError,
                     InvalidArgumentError as InvalidArgumentError,
                     LibraryNotFoundError as LibraryNotFoundError,
                     NoHistoryError as NoHistoryError,
                     OutOfMemoryError as OutOfMemoryError,
                     OutOfRangeError as OutOfRangeError,
                     NoTableError as NoTableError,
                     ParseError as ParseError,
                     StoppedError as StoppedError,
                     TableFileError as TableFileError,
                     TableFormatError as TableFormatError,
                     TurnStateError as TurnStateError)
from .moves import (SQUARES as SQUARES, Color as Color, Count as Count,
                    Direction as Direction, Outcome as Outcome,
                    Reason as Reason, Rules as Rules, Square as Square,
                    Step as Step, StepKind as StepKind, Turn as Turn,
                    mask as mask, square as square, squares as squares)
from .position import Position as Position, Result as Result
from .search import (SCORE_DECISIVE_TURNS as SCORE_DECISIVE_TURNS,
                     SCORE_WIN as SCORE_WIN, Search as Search,
                     SearchResult as SearchResult)
from .tablebase import (Probe as Probe, TableInfo as TableInfo,
                        Tablebase as Tablebase)
from . import tablebase as tablebase

__all__ = ["Position", "Result", "Search", "SearchResult", "Tablebase",
           "Probe", "TableInfo", "tablebase",
           "SCORE_WIN", "SCORE_DECISIVE_TURNS", "Turn", "Step", "Square", "SQUARES", "Color",
           "Rules", "StepKind", "Direction", "Outcome", "Reason", "Count",
           "square", "squares", "mask", "library_version", "library_path",
           "WHITE", "BLACK", "STOP", "MUST",
           "FanoronaError", "InvalidArgumentError", "OutOfRangeError",
           "IllegalMoveError", "AmbiguousStepError", "GameOverError",
           "OutOfMemoryError", "BufferTooSmallError", "ParseError",
           "NoHistoryError", "TurnStateError", "ImpossiblePositionError",
           "TableFileError", "TableFormatError", "StoppedError", "NoTableError",
           "LibraryNotFoundError"]

WHITE: Color
BLACK: Color
STOP: Rules
MUST: Rules
library_path: str
__version__: str

def library_version() -> str: ...
