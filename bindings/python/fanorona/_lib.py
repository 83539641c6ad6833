# SPDX-License-Identifier: MIT
"""Finding and loading libfanorona, and the ctypes view of its C API.

Everything here mirrors include/fanorona.h; nothing else in the package
touches ctypes types directly except through the names defined here.
"""
import ctypes
import ctypes.util
import os
import sys
from pathlib import Path

ENV_VAR = "FANORONA_LIBRARY"

# The soname this package was written for: the major version of the ABI.
SONAME_MAJOR = 1


class LibraryNotFoundError(OSError):
    """libfanorona could not be loaded; the message lists every place that
    was tried and why each one failed."""


def _library_file_names():
    if sys.platform == "darwin":
        return ["libfanorona.%d.dylib" % SONAME_MAJOR, "libfanorona.dylib"]
    if sys.platform == "win32":
        return ["fanorona-%d.dll" % SONAME_MAJOR, "fanorona.dll",
                "libfanorona-%d.dll" % SONAME_MAJOR]
    return ["libfanorona.so.%d" % SONAME_MAJOR, "libfanorona.so"]


def _build_directory():
    """The meson build directory of the repository this package sits in:
    bindings/python/fanorona/ -> <top>/build."""
    return Path(__file__).resolve().parents[3] / "build"


def _bundled_candidates():
    """The copy a wheel carries: meson-python puts the libraries of the
    project in site-packages/.<name>.mesonpy.libs, beside this package;
    a copy inside the package directory itself is taken too."""
    here = Path(__file__).resolve().parent
    found = []
    for d in [here] + sorted(here.parent.glob(".*.mesonpy.libs")):
        found += [c for c in _candidates_in(d) if c.exists()]
    return found


def _candidates_in(directory):
    """The library's file names in a directory; a wheel holds no symbolic
    links, so there the file has the full version (libfanorona.so.1.0.0)."""
    return [directory / n for n in _library_file_names()] + sorted(
        directory.glob("libfanorona.so.%d.*" % SONAME_MAJOR))


def _load():
    tried = []
    env = os.environ.get(ENV_VAR)
    if env:
        # An explicit choice is never silently replaced by another library.
        path = Path(env)
        if path.is_dir():
            candidates = _candidates_in(path)
        else:
            candidates = [path]
        for c in candidates:
            try:
                return ctypes.CDLL(str(c)), str(c)
            except OSError as e:
                tried.append("%s=%s: %s" % (ENV_VAR, c, e))
        raise LibraryNotFoundError(
            "libfanorona could not be loaded from the environment variable "
            + ENV_VAR + ":\n  " + "\n  ".join(tried))
    tried.append("environment variable %s: not set" % ENV_VAR)

    bundled = _bundled_candidates()
    for c in bundled:
        try:
            return ctypes.CDLL(str(c)), str(c)
        except OSError as e:
            tried.append("bundled copy %s: %s" % (c, e))
    if not bundled:
        tried.append("bundled copy: none beside the package")

    build = _build_directory() / "lib"
    found_in_build = False
    for name in _library_file_names():
        c = build / name
        if c.exists():
            found_in_build = True
            try:
                return ctypes.CDLL(str(c)), str(c)
            except OSError as e:
                tried.append("build directory %s: %s" % (c, e))
    if not found_in_build:
        tried.append("build directory %s: no %s there"
                     % (build, " or ".join(_library_file_names())))

    names = []
    found = ctypes.util.find_library("fanorona")
    if found:
        names.append(found)
    names += [n for n in _library_file_names() if n not in names]
    for name in names:
        try:
            return ctypes.CDLL(name), name
        except OSError as e:
            tried.append("installed library %s: %s" % (name, e))
    raise LibraryNotFoundError(
        "libfanorona was not found. Set %s to the path of the shared "
        "library (for example build/lib/libfanorona.so), build it in the "
        "repository's build/ directory, or install it. Tried:\n  %s"
        % (ENV_VAR, "\n  ".join(tried)))


lib, path = _load()

# ---------------------------------------------------------------------
# Constants of fanorona.h

FAN_OK = 0
FAN_EINVAL = -1
FAN_ERANGE = -2
FAN_EILLEGAL = -3
FAN_EAMBIGUOUS = -4
FAN_EGAMEOVER = -5
FAN_ENOMEM = -6
FAN_EBUFS = -7
FAN_EPARSE = -8
FAN_ENOHISTORY = -9
FAN_ESTATE = -10
FAN_EPOSITION = -11
FAN_EIO = -12
FAN_EFORMAT = -13
FAN_ESTOPPED = -14
FAN_ENOTABLE = -15

FAN_SQUARES = 45
FAN_COLUMNS = 9
FAN_ROWS = 5
FAN_BOARD_MASK = (1 << 45) - 1
FAN_PATH_MAX = 24
FAN_STEPS_MAX = 352
FAN_POSITION_STRING_MAX = 256
FAN_SVG_MAX = 32768
FAN_SVG_COORDINATES = 1
FAN_STEP_STRING_MAX = 8
FAN_PATH_STRING_MAX = 100
FAN_NOTATION_COMPACT = 1
FAN_RECORD_STRING_MAX = 45000
FAN_SQUARE_NAME_MAX = 3
FAN_EXPLAIN_MAX = 160

FAN_SCORE_WIN = 30000
FAN_SCORE_DECISIVE_TURNS = 1000
FAN_SEARCH_MAX_DEPTH = 64
FAN_SEARCH_PV_MAX = 64
FAN_SEARCH_MAX_THREADS = 256
FAN_SEARCH_MAX_MULTIPV = 256
FAN_SEARCH_MAX_HASH_MIB = 65536
FAN_SEARCH_MAX_LEVEL = 10
FAN_SEARCH_LIMITS_VERSION = 1
FAN_SEARCH_OPTIONS_VERSION = 1
FAN_SEARCH_RESULT_VERSION = 1

FAN_PERFT_MAX_DEPTH = 64
FAN_PERFT_OPTIONS_VERSION = 1
FAN_PERFT_THREADS_MAX = 256
FAN_PERFT_HASH_MAX_MIB = 65536


# ---------------------------------------------------------------------
# Value types (fixed layouts, doc/api.md)

class FanStep(ctypes.Structure):
    _fields_ = [("captures", ctypes.c_uint64),
                ("from_", ctypes.c_uint8),
                ("to", ctypes.c_uint8),
                ("kind", ctypes.c_uint8),
                ("direction", ctypes.c_uint8),
                ("reserved", ctypes.c_uint8 * 4)]


class FanPath(ctypes.Structure):
    _fields_ = [("captured", ctypes.c_uint64),
                ("from_", ctypes.c_uint8),
                ("length", ctypes.c_uint8),
                ("reserved", ctypes.c_uint8 * 6),
                ("to", ctypes.c_uint8 * FAN_PATH_MAX),
                ("kind", ctypes.c_uint8 * FAN_PATH_MAX)]


class FanPerftEntry(ctypes.Structure):
    _fields_ = [("path", FanPath),
                ("turn", ctypes.c_uint64),
                ("nodes", ctypes.c_uint64)]


class FanPerftOptions(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32),
                ("threads", ctypes.c_uint32),
                ("hash_mib", ctypes.c_uint32)]

    def __init__(self):
        super().__init__()
        lib.fan_perft_options_init(ctypes.byref(self))


class FanParseError(ctypes.Structure):
    _fields_ = [("offset", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32),
                ("message", ctypes.c_char * 120)]


class FanSearchOptions(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32),
                ("threads", ctypes.c_uint32),
                ("hash_mib", ctypes.c_uint32)]

    def __init__(self):
        super().__init__()
        lib.fan_search_options_init(ctypes.byref(self))


class FanSearchLimits(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32),
                ("max_depth", ctypes.c_uint32),
                ("max_nodes", ctypes.c_uint64),
                ("time_ms", ctypes.c_uint64),
                ("multipv", ctypes.c_uint32),
                ("level", ctypes.c_uint32),
                ("seed", ctypes.c_uint64),
                ("clock_ms", ctypes.c_uint64),
                ("increment_ms", ctypes.c_uint64),
                ("moves_to_go", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32)]

    def __init__(self):
        super().__init__()
        lib.fan_search_limits_init(ctypes.byref(self))


class FanSearchResult(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32),
                ("score", ctypes.c_int32),
                ("best", ctypes.c_uint64),
                ("depth", ctypes.c_uint32),
                ("seldepth", ctypes.c_uint32),
                ("line", ctypes.c_uint32),
                ("pv_length", ctypes.c_uint32),
                ("nodes", ctypes.c_uint64),
                ("time_ms", ctypes.c_uint64),
                ("pv", ctypes.c_uint64 * FAN_SEARCH_PV_MAX)]

    def __init__(self):
        super().__init__()
        lib.fan_search_result_init(ctypes.byref(self))


# int (*fan_search_progress)(void *user, const fan_search_result *line)
FanSearchProgress = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p,
                                     ctypes.POINTER(FanSearchResult))

FanTbProgress = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p,
                                 ctypes.c_uint64, ctypes.c_uint64)


class FanTbGenerateOptions(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32),
                ("threads", ctypes.c_uint32),
                ("progress", FanTbProgress),
                ("user", ctypes.c_void_p)]

    def __init__(self):
        super().__init__()
        lib.fan_tb_generate_options_init(ctypes.byref(self))


class FanTbInfo(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32),
                ("rules", ctypes.c_int32),
                ("own_pieces", ctypes.c_uint32),
                ("other_pieces", ctypes.c_uint32),
                ("positions", ctypes.c_uint64),
                ("wins", ctypes.c_uint64),
                ("draws", ctypes.c_uint64),
                ("losses", ctypes.c_uint64),
                ("longest_win", ctypes.c_uint32),
                ("longest_loss", ctypes.c_uint32),
                ("example_white", ctypes.c_uint64),
                ("example_black", ctypes.c_uint64)]

    def __init__(self):
        super().__init__()
        lib.fan_tb_info_init(ctypes.byref(self))


assert ctypes.sizeof(FanTbInfo) == 72
assert ctypes.sizeof(FanStep) == 16
assert ctypes.sizeof(FanPath) == 64
assert ctypes.sizeof(FanPerftEntry) == 80
assert ctypes.sizeof(FanPerftOptions) == 12
assert ctypes.sizeof(FanParseError) == 128
assert ctypes.sizeof(FanSearchOptions) == 12
assert ctypes.sizeof(FanSearchLimits) == 64
assert ctypes.sizeof(FanSearchResult) == 560

# ---------------------------------------------------------------------
# Prototypes

_int = ctypes.c_int
_u32 = ctypes.c_uint32
_u64 = ctypes.c_uint64
_size = ctypes.c_size_t
_ptr = ctypes.c_void_p  # fan_position *
_pptr = ctypes.POINTER(ctypes.c_void_p)
_pu64 = ctypes.POINTER(ctypes.c_uint64)
_psize = ctypes.POINTER(ctypes.c_size_t)
_pint = ctypes.POINTER(ctypes.c_int)
_pstep = ctypes.POINTER(FanStep)
_ppath = ctypes.POINTER(FanPath)
_pentry = ctypes.POINTER(FanPerftEntry)
_pparse = ctypes.POINTER(FanParseError)
_str = ctypes.c_char_p

_PROTOTYPES = {
    "fan_strerror": (_str, [_int]),
    "fan_version_number": (_u32, []),
    "fan_version_string": (_str, []),
    "fan_position_new": (_int, [_pptr, _int]),
    "fan_position_new_custom": (_int, [_pptr, _u64, _u64, _int, _int]),
    "fan_position_clone": (_int, [_pptr, _ptr]),
    "fan_position_free": (None, [_ptr]),
    "fan_position_piece": (_int, [_ptr, _int]),
    "fan_position_pieces": (_int, [_pu64, _ptr, _int]),
    "fan_position_side_to_move": (_int, [_ptr]),
    "fan_position_rules": (_int, [_ptr]),
    "fan_position_turns_played": (_int, [_ptr]),
    "fan_position_result": (_int, [_ptr]),
    "fan_position_result_reason": (_int, [_ptr]),
    "fan_result_name": (_str, [_int]),
    "fan_reason_name": (_str, [_int]),
    "fan_position_equal": (_int, [_ptr, _ptr]),
    "fan_position_hash": (_int, [_pu64, _ptr]),
    "fan_position_turns": (_int, [_pu64, _size, _psize, _ptr]),
    "fan_position_paths": (_int, [_ppath, _size, _psize, _ptr]),
    "fan_position_play_turn": (_int, [_ptr, _u64]),
    "fan_position_play_path": (_int, [_ptr, _ppath]),
    "fan_position_turn_path": (_int, [_ppath, _ptr, _u64]),
    "fan_path_turn": (_int, [_pu64, _ppath]),
    "fan_position_undo": (_int, [_ptr]),
    "fan_position_redo": (_int, [_ptr]),
    "fan_position_history_length": (_int, [_ptr]),
    "fan_position_history_path": (_int, [_ppath, _ptr, _int]),
    "fan_position_steps": (_int, [_pstep, _size, _psize, _ptr]),
    "fan_position_play_step": (_int, [_ptr, _int, _int, _int]),
    "fan_position_can_end_turn": (_int, [_ptr]),
    "fan_position_end_turn": (_int, [_ptr]),
    "fan_position_in_chain": (_int, [_ptr]),
    "fan_position_active_piece": (_int, [_pint, _ptr]),
    "fan_position_last_direction": (_int, [_pint, _ptr]),
    "fan_position_visited": (_int, [_pu64, _ptr]),
    "fan_position_chain_captured": (_int, [_pu64, _ptr]),
    "fan_position_chain_path": (_int, [_ppath, _ptr]),
    "fan_position_movable": (_int, [_pu64, _ptr]),
    "fan_position_destinations": (_int, [_pu64, _ptr, _int]),
    "fan_position_must_capture": (_int, [_ptr]),
    "fan_perft": (_int, [_pu64, _ptr, ctypes.c_uint, _int]),
    "fan_perft_divide": (_int, [_pentry, _size, _psize, _ptr,
                                ctypes.c_uint, _int]),
    "fan_perft_options_init": (_int, [ctypes.POINTER(FanPerftOptions)]),
    "fan_position_explain_step": (_int, [ctypes.c_char_p, _size, _psize,
                                         _ptr, _int, _int, _int]),
    "fan_position_explain_turn": (_int, [ctypes.c_char_p, _size, _psize,
                                         _ptr, _u64]),
    "fan_position_explain_path": (_int, [ctypes.c_char_p, _size, _psize,
                                         _ptr, _ppath]),
    "fan_perft_ex": (_int, [_pu64, _ptr, ctypes.c_uint, _int,
                            ctypes.POINTER(FanPerftOptions)]),
    "fan_position_from_string": (_int, [_pptr, _str, _int, _pparse]),
    "fan_position_to_string": (_int, [ctypes.c_char_p, _size, _psize, _ptr]),
    "fan_square_name": (_int, [ctypes.c_char_p, _size, _psize, _int]),
    "fan_square_parse": (_int, [_str]),
    "fan_position_svg": (_int, [ctypes.c_char_p, _size, _psize, _ptr, _u64,
                                _ppath, _u32]),
    "fan_step_to_string": (_int, [ctypes.c_char_p, _size, _psize, _pstep]),
    "fan_path_to_string": (_int, [ctypes.c_char_p, _size, _psize, _ppath]),
    "fan_path_to_string_ex": (_int, [ctypes.c_char_p, _size, _psize, _ppath,
                                     ctypes.c_uint32]),
    "fan_turn_to_string": (_int, [ctypes.c_char_p, _size, _psize, _ptr,
                                  _u64]),
    "fan_position_parse_step": (_int, [_pstep, _ptr, _str, _pparse]),
    "fan_position_parse_path": (_int, [_ppath, _ptr, _str, _pparse]),
    "fan_record_write": (_int, [ctypes.c_char_p, _size, _psize, _ptr]),
    "fan_record_read": (_int, [_pptr, _str, _pparse]),
    "fan_search_options_init": (_int, [ctypes.POINTER(FanSearchOptions)]),
    "fan_search_limits_init": (_int, [ctypes.POINTER(FanSearchLimits)]),
    "fan_search_result_init": (_int, [ctypes.POINTER(FanSearchResult)]),
    "fan_search_new": (_int, [_pptr, ctypes.POINTER(FanSearchOptions)]),
    "fan_search_configure": (_int, [_ptr, ctypes.POINTER(FanSearchOptions)]),
    "fan_search_options_get": (_int, [ctypes.POINTER(FanSearchOptions),
                                      _ptr]),
    "fan_search_free": (None, [_ptr]),
    "fan_search_clear": (_int, [_ptr]),
    "fan_search_run": (_int, [ctypes.POINTER(FanSearchResult), _ptr, _ptr,
                              ctypes.POINTER(FanSearchLimits),
                              FanSearchProgress, _ptr]),
    "fan_search_stop": (_int, [_ptr]),
    "fan_search_set_tables": (_int, [_ptr, _ptr]),
    "fan_tb_generate_options_init": (
        _int, [ctypes.POINTER(FanTbGenerateOptions)]),
    "fan_tb_generate": (_int, [_str, _int, _int,
                               ctypes.POINTER(FanTbGenerateOptions)]),
    "fan_tb_open": (_int, [_pptr, _str]),
    "fan_tb_close": (None, [_ptr]),
    "fan_tb_probe": (_int, [_pint, _pint, _ptr, _ptr]),
    "fan_tb_best_turns": (_int, [_pu64, _size, _psize, _ptr, _ptr]),
    "fan_tb_info_init": (_int, [ctypes.POINTER(FanTbInfo)]),
    "fan_tb_count": (_int, [_ptr]),
    "fan_tb_info_get": (_int, [ctypes.POINTER(FanTbInfo), _ptr, _int]),
    "fan_tb_verify": (_int, [_pu64, _ptr,
                             ctypes.POINTER(FanTbGenerateOptions)]),
}

def declare(prototypes):
    """Sets the result and argument types of the library's functions
    {name: (restype, argtypes)}; a missing one means an older library."""
    for name, (restype, argtypes) in prototypes.items():
        try:
            f = getattr(lib, name)
        except AttributeError:
            raise LibraryNotFoundError(
                "the library loaded from %s has no %s(): it is older than "
                "this package" % (path, name)) from None
        f.restype = restype
        f.argtypes = argtypes


declare(_PROTOTYPES)


def strerror(code):
    """The library's text for an error code."""
    return lib.fan_strerror(code).decode()


def path_to_string(cpath, flags=0):
    """Move notation of a fan_path, written by the library: d3-e3W,
    f4-e4W-e3A, a paika d3-e3; with FAN_NOTATION_COMPACT d3e3W, f4e4We3A."""
    buf = ctypes.create_string_buffer(FAN_PATH_STRING_MAX)
    _check_text(lib.fan_path_to_string_ex(buf, len(buf), None,
                                          ctypes.byref(cpath), flags))
    return buf.value.decode()


def step_to_string(cstep):
    """Move notation of a fan_step, written by the library."""
    buf = ctypes.create_string_buffer(FAN_STEP_STRING_MAX)
    _check_text(lib.fan_step_to_string(buf, len(buf), None,
                                       ctypes.byref(cstep)))
    return buf.value.decode()


def _check_text(code):
    # Only values the library gave out are written, within the bounds.
    if code != FAN_OK:
        raise RuntimeError("libfanorona refused to write notation: %s"
                           % strerror(code))
