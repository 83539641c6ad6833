# SPDX-License-Identifier: MIT
"""Library error codes as Python exceptions.

Every exception carries the code (``code``), the library's own text for it
(``message``, from fan_strerror) and the C function that refused the call
(``function``). ``str(e)`` is the library's message, with the detail the
library gave where there is one (a parse error's offset and reason).
"""
from . import _lib

__all__ = [
    "FanoronaError", "InvalidArgumentError", "OutOfRangeError",
    "IllegalMoveError", "AmbiguousStepError", "GameOverError",
    "OutOfMemoryError", "BufferTooSmallError", "ParseError",
    "NoHistoryError", "TurnStateError", "ImpossiblePositionError",
    "TableFileError", "TableFormatError", "StoppedError", "NoTableError",
    "LibraryNotFoundError",
]

LibraryNotFoundError = _lib.LibraryNotFoundError


class FanoronaError(Exception):
    """A call refused by libfanorona (a negative FAN_E* code)."""

    code = None

    def __init__(self, code, function=None, detail=None, offset=None):
        self.code = code
        self.function = function
        self.message = _lib.strerror(code)
        self.detail = detail
        self.offset = offset
        text = self.message
        if offset is not None:
            text += " at offset %d" % offset
        if detail is not None:
            text += ": " + detail
        super().__init__(text)


class InvalidArgumentError(FanoronaError, ValueError):
    """FAN_EINVAL: an unknown value or a malformed argument."""
    code = _lib.FAN_EINVAL


class OutOfRangeError(FanoronaError, ValueError):
    """FAN_ERANGE: a square outside 0..44, a depth or index too large."""
    code = _lib.FAN_ERANGE


class IllegalMoveError(FanoronaError, ValueError):
    """FAN_EILLEGAL: the step or turn is not legal in this position."""
    code = _lib.FAN_EILLEGAL


class AmbiguousStepError(FanoronaError, ValueError):
    """FAN_EAMBIGUOUS: the step allows approach and withdrawal; name one."""
    code = _lib.FAN_EAMBIGUOUS


class GameOverError(FanoronaError):
    """FAN_EGAMEOVER: the game has ended."""
    code = _lib.FAN_EGAMEOVER


class OutOfMemoryError(FanoronaError, MemoryError):
    """FAN_ENOMEM: the library could not allocate memory."""
    code = _lib.FAN_ENOMEM


class BufferTooSmallError(FanoronaError):
    """FAN_EBUFS: never seen by callers of this package, which sizes its
    buffers from the library's answer; kept for completeness."""
    code = _lib.FAN_EBUFS


class ParseError(FanoronaError, ValueError):
    """FAN_EPARSE: a text could not be read. ``offset`` is where the
    library found the fault (None when it gave no place)."""
    code = _lib.FAN_EPARSE


class NoHistoryError(FanoronaError, IndexError):
    """FAN_ENOHISTORY: nothing to undo or redo."""
    code = _lib.FAN_ENOHISTORY


class TurnStateError(FanoronaError):
    """FAN_ESTATE: not possible in the current state of the turn."""
    code = _lib.FAN_ESTATE


class ImpossiblePositionError(FanoronaError, ValueError):
    """FAN_EPOSITION: the board described cannot exist."""
    code = _lib.FAN_EPOSITION


class TableFileError(FanoronaError, OSError):
    """FAN_EIO: a table file or directory could not be read or written."""
    code = _lib.FAN_EIO


class TableFormatError(FanoronaError, ValueError):
    """FAN_EFORMAT: a table file is corrupt, truncated or of another
    format version."""
    code = _lib.FAN_EFORMAT


class StoppedError(FanoronaError):
    """FAN_ESTOPPED: the progress callback asked to stop."""
    code = _lib.FAN_ESTOPPED


class NoTableError(FanoronaError, LookupError):
    """FAN_ENOTABLE: no open table covers the position."""
    code = _lib.FAN_ENOTABLE


_BY_CODE = {cls.code: cls for cls in (
    InvalidArgumentError, OutOfRangeError, IllegalMoveError,
    AmbiguousStepError, GameOverError, OutOfMemoryError, BufferTooSmallError,
    ParseError, NoHistoryError, TurnStateError, ImpossiblePositionError,
    TableFileError, TableFormatError, StoppedError, NoTableError)}


def error_for(code, function=None, detail=None, offset=None):
    """The exception for a negative library code (FanoronaError itself for
    a code this package does not know)."""
    return _BY_CODE.get(code, FanoronaError)(code, function, detail, offset)


def check_text(code, function, err):
    """As check(), for the calls that read text: the exception carries the
    offset and reason that the library wrote into err (a FanParseError)."""
    if code < 0:
        reason = err.message.decode(errors="replace")
        if reason:
            raise error_for(code, function, reason, err.offset)
        raise error_for(code, function)
    return code


def check(code, function=None):
    """Returns code when it is not negative, else raises its exception."""
    if code < 0:
        raise error_for(code, function)
    return code
