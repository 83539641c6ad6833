// SPDX-License-Identifier: MIT
//! The raw C API of libfanorona (include/fanorona.h), one declaration per
//! function: the rules of Fanorona (Fanoron-Tsivy), move generation,
//! perft and search. Everything here is `unsafe` to call; the `fanorona`
//! crate wraps it in a safe API.
//!
//! The build script finds the shared library with `pkg-config` (set
//! `PKG_CONFIG_PATH` for a custom prefix) or in `FANORONA_LIB_DIR`.
#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int, c_uint, c_void};

pub const FAN_OK: c_int = 0;
pub const FAN_EINVAL: c_int = -1;
pub const FAN_ERANGE: c_int = -2;
pub const FAN_EILLEGAL: c_int = -3;
pub const FAN_EAMBIGUOUS: c_int = -4;
pub const FAN_EGAMEOVER: c_int = -5;
pub const FAN_ENOMEM: c_int = -6;
pub const FAN_EBUFS: c_int = -7;
pub const FAN_EPARSE: c_int = -8;
pub const FAN_ENOHISTORY: c_int = -9;
pub const FAN_ESTATE: c_int = -10;
pub const FAN_EPOSITION: c_int = -11;
pub const FAN_EIO: c_int = -12;
pub const FAN_EFORMAT: c_int = -13;
pub const FAN_ESTOPPED: c_int = -14;
pub const FAN_ENOTABLE: c_int = -15;
pub const FAN_TB_LOSS: c_int = -1;
pub const FAN_TB_DRAW: c_int = 0;
pub const FAN_TB_WIN: c_int = 1;

pub const FAN_SQUARES: usize = 45;
pub const FAN_COLUMNS: usize = 9;
pub const FAN_ROWS: usize = 5;
pub const FAN_BOARD_MASK: u64 = (1 << 45) - 1;
pub const FAN_PATH_MAX: usize = 24;
pub const FAN_STEPS_MAX: usize = 352;
pub const FAN_POSITION_STRING_MAX: usize = 256;
pub const FAN_SVG_MAX: usize = 32768;
pub const FAN_SVG_COORDINATES: u32 = 1;
pub const FAN_STEP_STRING_MAX: usize = 8;
pub const FAN_PATH_STRING_MAX: usize = 100;
pub const FAN_NOTATION_COMPACT: u32 = 1;
pub const FAN_RECORD_STRING_MAX: usize = 45000;

/// A complete turn by its effect (captured set, origin, destination).
pub type fan_turn = u64;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct fan_step {
    pub captures: u64,
    pub from: u8,
    pub to: u8,
    pub kind: u8,
    pub direction: u8,
    pub reserved: [u8; 4],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct fan_path {
    pub captured: u64,
    pub from: u8,
    pub length: u8,
    pub reserved: [u8; 6],
    pub to: [u8; FAN_PATH_MAX],
    pub kind: [u8; FAN_PATH_MAX],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct fan_perft_entry {
    pub path: fan_path,
    pub turn: fan_turn,
    pub nodes: u64,
}

pub const FAN_PERFT_MAX_DEPTH: u32 = 64;
pub const FAN_PERFT_OPTIONS_VERSION: u32 = 1;
pub const FAN_PERFT_THREADS_MAX: u32 = 256;
pub const FAN_PERFT_HASH_MAX_MIB: u32 = 65536;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct fan_perft_options {
    pub version: u32,
    pub threads: u32,
    pub hash_mib: u32,
}

impl Default for fan_perft_options {
    /// FAN_PERFT_OPTIONS_INIT, as the library's fan_perft_options_init() sets it.
    fn default() -> fan_perft_options {
        let mut o = fan_perft_options { version: 0, threads: 0, hash_mib: 0 };
        // SAFETY: a valid out-pointer.
        unsafe { fan_perft_options_init(&mut o) };
        o
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct fan_parse_error {
    pub offset: u32,
    pub reserved: u32,
    pub message: [c_char; 120],
}

/// The opaque position handle.
#[repr(C)]
pub struct fan_position {
    _private: [u8; 0],
}

pub const FAN_SCORE_WIN: i32 = 30000;
pub const FAN_SCORE_DECISIVE_TURNS: i32 = 1000;
pub const FAN_SEARCH_MAX_DEPTH: u32 = 64;
pub const FAN_SEARCH_PV_MAX: usize = 64;
pub const FAN_SEARCH_MAX_THREADS: u32 = 256;
pub const FAN_SEARCH_MAX_MULTIPV: u32 = 256;
pub const FAN_SEARCH_MAX_HASH_MIB: u32 = 65536;
pub const FAN_SEARCH_MAX_LEVEL: u32 = 10;
pub const FAN_SEARCH_LIMITS_VERSION: u32 = 1;
pub const FAN_EXPLAIN_MAX: usize = 160;
pub const FAN_SQUARE_NAME_MAX: usize = 3;

/// The opaque search handle.
#[repr(C)]
pub struct fan_search {
    _private: [u8; 0],
}

pub const FAN_SEARCH_OPTIONS_VERSION: u32 = 1;
pub const FAN_SEARCH_RESULT_VERSION: u32 = 1;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct fan_search_options {
    pub version: u32,
    pub threads: u32,
    pub hash_mib: u32,
}

impl Default for fan_search_options {
    /// FAN_SEARCH_OPTIONS_INIT, as fan_search_options_init() sets it.
    fn default() -> fan_search_options {
        let mut o = fan_search_options { version: 0, threads: 0, hash_mib: 0 };
        // SAFETY: a valid out-pointer.
        unsafe { fan_search_options_init(&mut o) };
        o
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct fan_search_limits {
    pub version: u32,
    pub max_depth: u32,
    pub max_nodes: u64,
    pub time_ms: u64,
    pub multipv: u32,
    pub level: u32,
    pub seed: u64,
    pub clock_ms: u64,
    pub increment_ms: u64,
    pub moves_to_go: u32,
    pub reserved: u32,
}

impl Default for fan_search_limits {
    /// FAN_SEARCH_LIMITS_INIT, as fan_search_limits_init() sets it.
    fn default() -> fan_search_limits {
        let mut l = fan_search_limits {
            version: 0,
            max_depth: 0,
            max_nodes: 0,
            time_ms: 0,
            multipv: 0,
            level: 0,
            seed: 0,
            clock_ms: 0,
            increment_ms: 0,
            moves_to_go: 0,
            reserved: 0,
        };
        // SAFETY: a valid out-pointer.
        unsafe { fan_search_limits_init(&mut l) };
        l
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct fan_search_result {
    pub version: u32,
    pub score: i32,
    pub best: fan_turn,
    pub depth: u32,
    pub seldepth: u32,
    pub line: u32,
    pub pv_length: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: [fan_turn; FAN_SEARCH_PV_MAX],
}

impl Default for fan_search_result {
    /// A zeroed result of version FAN_SEARCH_RESULT_VERSION
    /// (fan_search_result_init()).
    fn default() -> fan_search_result {
        let mut r = fan_search_result {
            version: 0,
            score: 0,
            best: 0,
            depth: 0,
            seldepth: 0,
            line: 0,
            pv_length: 0,
            nodes: 0,
            time_ms: 0,
            pv: [0; FAN_SEARCH_PV_MAX],
        };
        // SAFETY: a valid out-pointer.
        unsafe { fan_search_result_init(&mut r) };
        r
    }
}

pub type fan_search_progress =
    Option<unsafe extern "C" fn(user: *mut c_void, line: *const fan_search_result) -> c_int>;

const _: () = assert!(std::mem::size_of::<fan_search_options>() == 12);
const _: () = assert!(std::mem::size_of::<fan_search_limits>() == 64);
const _: () = assert!(std::mem::size_of::<fan_search_result>() == 560);
const _: () = assert!(std::mem::size_of::<fan_step>() == 16);
const _: () = assert!(std::mem::size_of::<fan_path>() == 64);
const _: () = assert!(std::mem::size_of::<fan_perft_entry>() == 80);
const _: () = assert!(std::mem::size_of::<fan_perft_options>() == 12);
const _: () = assert!(std::mem::size_of::<fan_parse_error>() == 128);

extern "C" {
    pub fn fan_strerror(code: c_int) -> *const c_char;
    pub fn fan_version_number() -> u32;
    pub fn fan_version_string() -> *const c_char;

    pub fn fan_position_new(out: *mut *mut fan_position, rules: c_int) -> c_int;
    pub fn fan_position_new_custom(
        out: *mut *mut fan_position,
        white: u64,
        black: u64,
        side_to_move: c_int,
        rules: c_int,
    ) -> c_int;
    pub fn fan_position_clone(out: *mut *mut fan_position, pos: *const fan_position) -> c_int;
    pub fn fan_position_free(pos: *mut fan_position);

    pub fn fan_position_piece(pos: *const fan_position, square: c_int) -> c_int;
    pub fn fan_position_pieces(out: *mut u64, pos: *const fan_position, color: c_int) -> c_int;
    pub fn fan_position_side_to_move(pos: *const fan_position) -> c_int;
    pub fn fan_position_rules(pos: *const fan_position) -> c_int;
    pub fn fan_position_turns_played(pos: *const fan_position) -> c_int;
    pub fn fan_position_result(pos: *const fan_position) -> c_int;
    pub fn fan_position_result_reason(pos: *const fan_position) -> c_int;
    pub fn fan_result_name(result: c_int) -> *const c_char;
    pub fn fan_reason_name(reason: c_int) -> *const c_char;
    pub fn fan_position_equal(a: *const fan_position, b: *const fan_position) -> c_int;
    pub fn fan_position_hash(out: *mut u64, pos: *const fan_position) -> c_int;

    pub fn fan_position_turns(
        out: *mut fan_turn,
        capacity: usize,
        count: *mut usize,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_position_paths(
        out: *mut fan_path,
        capacity: usize,
        count: *mut usize,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_position_play_turn(pos: *mut fan_position, turn: fan_turn) -> c_int;
    pub fn fan_position_play_path(pos: *mut fan_position, path: *const fan_path) -> c_int;
    pub fn fan_position_turn_path(
        out: *mut fan_path,
        pos: *const fan_position,
        turn: fan_turn,
    ) -> c_int;
    pub fn fan_path_turn(out: *mut fan_turn, path: *const fan_path) -> c_int;

    pub fn fan_position_undo(pos: *mut fan_position) -> c_int;
    pub fn fan_position_redo(pos: *mut fan_position) -> c_int;
    pub fn fan_position_history_length(pos: *const fan_position) -> c_int;
    pub fn fan_position_history_path(
        out: *mut fan_path,
        pos: *const fan_position,
        index: c_int,
    ) -> c_int;

    pub fn fan_position_steps(
        out: *mut fan_step,
        capacity: usize,
        count: *mut usize,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_position_explain_step(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
        from: c_int,
        to: c_int,
        kind: c_int,
    ) -> c_int;
    pub fn fan_position_explain_turn(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
        turn: fan_turn,
    ) -> c_int;
    pub fn fan_position_explain_path(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
        path: *const fan_path,
    ) -> c_int;
    pub fn fan_position_play_step(pos: *mut fan_position, from: c_int, to: c_int, kind: c_int)
        -> c_int;
    pub fn fan_position_can_end_turn(pos: *const fan_position) -> c_int;
    pub fn fan_position_end_turn(pos: *mut fan_position) -> c_int;
    pub fn fan_position_in_chain(pos: *const fan_position) -> c_int;
    pub fn fan_position_active_piece(out: *mut c_int, pos: *const fan_position) -> c_int;
    pub fn fan_position_last_direction(out: *mut c_int, pos: *const fan_position) -> c_int;
    pub fn fan_position_visited(out: *mut u64, pos: *const fan_position) -> c_int;
    pub fn fan_position_chain_captured(out: *mut u64, pos: *const fan_position) -> c_int;
    pub fn fan_position_chain_path(out: *mut fan_path, pos: *const fan_position) -> c_int;

    pub fn fan_position_movable(out: *mut u64, pos: *const fan_position) -> c_int;
    pub fn fan_position_destinations(out: *mut u64, pos: *const fan_position, square: c_int)
        -> c_int;
    pub fn fan_position_must_capture(pos: *const fan_position) -> c_int;

    pub fn fan_perft(out: *mut u64, pos: *const fan_position, depth: c_uint, count_kind: c_int)
        -> c_int;
    pub fn fan_perft_divide(
        out: *mut fan_perft_entry,
        capacity: usize,
        count: *mut usize,
        pos: *const fan_position,
        depth: c_uint,
        count_kind: c_int,
    ) -> c_int;
    pub fn fan_perft_ex(
        out: *mut u64,
        pos: *const fan_position,
        depth: c_uint,
        count_kind: c_int,
        opts: *const fan_perft_options,
    ) -> c_int;

    pub fn fan_position_from_string(
        out: *mut *mut fan_position,
        text: *const c_char,
        default_rules: c_int,
        error: *mut fan_parse_error,
    ) -> c_int;
    pub fn fan_position_to_string(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_step_to_string(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        step: *const fan_step,
    ) -> c_int;
    pub fn fan_path_to_string(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        path: *const fan_path,
    ) -> c_int;
    pub fn fan_path_to_string_ex(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        path: *const fan_path,
        flags: u32,
    ) -> c_int;
    pub fn fan_turn_to_string(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
        turn: fan_turn,
    ) -> c_int;
    pub fn fan_position_parse_step(
        out: *mut fan_step,
        pos: *const fan_position,
        text: *const c_char,
        error: *mut fan_parse_error,
    ) -> c_int;
    pub fn fan_position_parse_path(
        out: *mut fan_path,
        pos: *const fan_position,
        text: *const c_char,
        error: *mut fan_parse_error,
    ) -> c_int;
    pub fn fan_record_write(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_record_read(
        out: *mut *mut fan_position,
        text: *const c_char,
        error: *mut fan_parse_error,
    ) -> c_int;

    pub fn fan_square_name(buf: *mut c_char, size: usize, needed: *mut usize, square: c_int)
        -> c_int;
    pub fn fan_square_parse(text: *const c_char) -> c_int;

    pub fn fan_position_svg(
        buf: *mut c_char,
        size: usize,
        needed: *mut usize,
        pos: *const fan_position,
        highlight: u64,
        path: *const fan_path,
        flags: u32,
    ) -> c_int;

    pub fn fan_search_options_init(out: *mut fan_search_options) -> c_int;
    pub fn fan_search_limits_init(out: *mut fan_search_limits) -> c_int;
    pub fn fan_search_result_init(out: *mut fan_search_result) -> c_int;
    pub fn fan_perft_options_init(out: *mut fan_perft_options) -> c_int;
    pub fn fan_search_new(out: *mut *mut fan_search, opts: *const fan_search_options) -> c_int;
    pub fn fan_search_configure(search: *mut fan_search, opts: *const fan_search_options)
        -> c_int;
    pub fn fan_search_options_get(out: *mut fan_search_options, search: *const fan_search)
        -> c_int;
    pub fn fan_search_free(search: *mut fan_search);
    pub fn fan_search_clear(search: *mut fan_search) -> c_int;
    pub fn fan_search_run(
        out: *mut fan_search_result,
        search: *mut fan_search,
        pos: *const fan_position,
        limits: *const fan_search_limits,
        progress: fan_search_progress,
        user: *mut c_void,
    ) -> c_int;
    pub fn fan_search_stop(search: *mut fan_search) -> c_int;
}

/// The opaque Fanorona Chess handle (include/fanorona-chess.h); the
/// `fanorona` crate's `chess` module declares its other functions.
#[repr(C)]
pub struct fan_chess {
    _private: [u8; 0],
}

pub const FAN_CHESS_SEARCH_RESULT_VERSION: u32 = 1;

/// One principal variation of a Fanorona Chess search (version 1); moves
/// are fan_chess_move values, depths and decided scores count plies.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct fan_chess_search_result {
    pub version: u32,
    pub score: i32,
    pub best: u32,
    pub depth: u32,
    pub seldepth: u32,
    pub line: u32,
    pub pv_length: u32,
    pub reserved: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: [u32; FAN_SEARCH_PV_MAX],
}

impl Default for fan_chess_search_result {
    /// A zeroed result of version FAN_CHESS_SEARCH_RESULT_VERSION
    /// (fan_chess_search_result_init()).
    fn default() -> fan_chess_search_result {
        let mut r = fan_chess_search_result {
            version: 0,
            score: 0,
            best: 0,
            depth: 0,
            seldepth: 0,
            line: 0,
            pv_length: 0,
            reserved: 0,
            nodes: 0,
            time_ms: 0,
            pv: [0; FAN_SEARCH_PV_MAX],
        };
        // SAFETY: a valid out-pointer.
        unsafe { fan_chess_search_result_init(&mut r) };
        r
    }
}

pub type fan_chess_search_progress = Option<
    unsafe extern "C" fn(user: *mut c_void, line: *const fan_chess_search_result) -> c_int,
>;

const _: () = assert!(std::mem::size_of::<fan_chess_search_result>() == 304);

extern "C" {
    pub fn fan_chess_search_result_init(out: *mut fan_chess_search_result) -> c_int;
    pub fn fan_chess_search_run(
        out: *mut fan_chess_search_result,
        search: *mut fan_search,
        pos: *const fan_chess,
        limits: *const fan_search_limits,
        progress: fan_chess_search_progress,
        user: *mut c_void,
    ) -> c_int;
}

/// Opaque endgame tables.
#[repr(C)]
pub struct fan_tb {
    _private: [u8; 0],
}

pub type fan_tb_progress = Option<unsafe extern "C" fn(user: *mut c_void, done: u64, total: u64) -> c_int>;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct fan_tb_generate_options {
    pub version: u32,
    pub threads: u32,
    pub progress: fan_tb_progress,
    pub user: *mut c_void,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct fan_tb_info {
    pub version: u32,
    pub rules: i32,
    pub own_pieces: u32,
    pub other_pieces: u32,
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub longest_win: u32,
    pub longest_loss: u32,
    pub example_white: u64,
    pub example_black: u64,
}

extern "C" {
    pub fn fan_tb_generate_options_init(out: *mut fan_tb_generate_options) -> c_int;
    pub fn fan_tb_generate(
        dir: *const c_char,
        rules: c_int,
        max_pieces: c_int,
        opts: *const fan_tb_generate_options,
    ) -> c_int;
    pub fn fan_tb_open(out: *mut *mut fan_tb, dir: *const c_char) -> c_int;
    pub fn fan_tb_close(tb: *mut fan_tb);
    pub fn fan_tb_probe(
        value: *mut c_int,
        distance: *mut c_int,
        tb: *const fan_tb,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_tb_best_turns(
        out: *mut fan_turn,
        capacity: usize,
        count: *mut usize,
        tb: *const fan_tb,
        pos: *const fan_position,
    ) -> c_int;
    pub fn fan_tb_info_init(out: *mut fan_tb_info) -> c_int;
    pub fn fan_tb_count(tb: *const fan_tb) -> c_int;
    pub fn fan_tb_info_get(out: *mut fan_tb_info, tb: *const fan_tb, index: c_int) -> c_int;
    pub fn fan_tb_verify(
        bad: *mut u64,
        tb: *const fan_tb,
        opts: *const fan_tb_generate_options,
    ) -> c_int;
    pub fn fan_search_set_tables(search: *mut fan_search, tb: *const fan_tb) -> c_int;
}
