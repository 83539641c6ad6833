/* SPDX-License-Identifier: MIT */
/* Error texts and the run-time version. */
#include "fanorona.h"

FAN_API const char *fan_strerror(int code)
{
    switch (code) {
    case FAN_OK: return "success";
    case FAN_EINVAL: return "invalid argument (NULL pointer or unknown value)";
    case FAN_ERANGE:
        return "value out of range (a square outside 0..44, or a count or "
               "depth too large)";
    case FAN_EILLEGAL: return "not a legal step or turn in this position";
    case FAN_EAMBIGUOUS:
        return "ambiguous step: it allows approach and withdrawal, name one";
    case FAN_EGAMEOVER: return "the game is over";
    case FAN_ENOMEM: return "out of memory";
    case FAN_EBUFS: return "buffer too small";
    case FAN_EPARSE: return "text could not be parsed";
    case FAN_ENOHISTORY: return "nothing to undo or redo";
    case FAN_ESTATE: return "not possible in the current state of the turn";
    case FAN_EPOSITION: return "impossible position";
    case FAN_EIO: return "a file could not be read or written";
    case FAN_EFORMAT:
        return "a table file is corrupt, truncated or of another format version";
    case FAN_ESTOPPED: return "stopped by the caller";
    case FAN_ENOTABLE: return "no endgame table covers this position";
    default: return "unknown error code";
    }
}

FAN_API uint32_t fan_version_number(void)
{
    return FAN_VERSION_NUMBER;
}

FAN_API const char *fan_version_string(void)
{
    return FAN_VERSION_STRING;
}
