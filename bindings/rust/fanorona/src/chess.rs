// SPDX-License-Identifier: MIT
//! Fanorona Chess (doc/fanorona-chess.md): a safe [`ChessPosition`] over
//! the functions of include/fanorona-chess.h (declared here, privately).
//!
//! ```
//! use fanorona::chess::ChessPosition;
//!
//! let mut pos = ChessPosition::new().unwrap();
//! assert_eq!(pos.perft(3).unwrap(), 1630);
//! pos.push_str("Kc1-a2").unwrap();
//! assert!(!pos.king_unmoved(true));
//! ```
#![allow(non_camel_case_types)]

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_uint, c_void};
use std::ptr::{self, NonNull};

use crate::error::{check, Result};
use crate::ffi::{fan_parse_error, FAN_EBUFS};
use crate::position::{c_text, parse_error, text_check};

/// FAN_CHESS_MOVES_MAX: the most legal moves a position can have.
pub const FAN_CHESS_MOVES_MAX: usize = 260;
/// FAN_CHESS_NO_POINT: the captured point of a move without capture.
pub const FAN_CHESS_NO_POINT: u32 = 63;

/// A move value, with the layout of fan_chess_move.
pub type fan_chess_move = u32;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
struct fan_chess_perft_entry {
    mv: fan_chess_move,
    reserved: u32,
    nodes: u64,
}

type Handle = *mut c_void;
type Text = unsafe extern "C" fn(*mut c_char, usize, *mut usize, Handle) -> c_int;

extern "C" {
    fn fan_chess_new(out: *mut Handle) -> c_int;
    fn fan_chess_clone(out: *mut Handle, pos: Handle) -> c_int;
    fn fan_chess_free(pos: Handle);
    fn fan_chess_piece(pos: Handle, point: c_int) -> c_int;
    fn fan_chess_side_to_move(pos: Handle) -> c_int;
    fn fan_chess_king_unmoved(pos: Handle, color: c_int) -> c_int;
    fn fan_chess_in_check(pos: Handle) -> c_int;
    fn fan_chess_result(pos: Handle) -> c_int;
    fn fan_chess_result_reason(pos: Handle) -> c_int;
    fn fan_chess_equal(a: Handle, b: Handle) -> c_int;
    fn fan_chess_moves(out: *mut fan_chess_move, capacity: usize, count: *mut usize,
                           pos: Handle) -> c_int;
    fn fan_chess_play(pos: Handle, mv: fan_chess_move) -> c_int;
    fn fan_chess_undo(pos: Handle) -> c_int;
    fn fan_chess_redo(pos: Handle) -> c_int;
    fn fan_chess_history_length(pos: Handle) -> c_int;
    fn fan_chess_perft(out: *mut u64, pos: Handle, depth: c_uint) -> c_int;
    fn fan_chess_perft_divide(out: *mut fan_chess_perft_entry, capacity: usize,
                                  count: *mut usize, pos: Handle, depth: c_uint) -> c_int;
    fn fan_chess_from_string(out: *mut Handle, text: *const c_char,
                                 error: *mut fan_parse_error) -> c_int;
    fn fan_chess_to_string(buf: *mut c_char, size: usize, needed: *mut usize,
                               pos: Handle) -> c_int;
    fn fan_chess_move_to_string(buf: *mut c_char, size: usize, needed: *mut usize,
                                    pos: Handle, mv: fan_chess_move) -> c_int;
    fn fan_chess_parse_move(out: *mut fan_chess_move, pos: Handle, text: *const c_char,
                                error: *mut fan_parse_error) -> c_int;
    fn fan_chess_record_write(buf: *mut c_char, size: usize, needed: *mut usize,
                                  pos: Handle) -> c_int;
    fn fan_chess_record_read(out: *mut Handle, text: *const c_char,
                                 error: *mut fan_parse_error) -> c_int;
    fn fan_chess_svg(buf: *mut c_char, size: usize, needed: *mut usize, pos: Handle,
                         highlight: u64, mv: *const fan_chess_move, flags: u32) -> c_int;
}

/// A legal move of the position it came from: its value and notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove {
    /// The move value (fan_chess_move's layout).
    pub value: fan_chess_move,
    /// Its notation in the position it came from ("Pc3-c4").
    pub text: String,
}

impl ChessMove {
    /// The origin point (file + 5 * rank).
    pub fn from(&self) -> u32 {
        self.value & 63
    }
    /// The destination point.
    pub fn to(&self) -> u32 {
        self.value >> 6 & 63
    }
    /// 1 plain, 2 approach, 3 withdrawal, 4 the king's knight move.
    pub fn kind(&self) -> u32 {
        self.value >> 12 & 7
    }
    /// The point it captures, if any.
    pub fn captured(&self) -> Option<u32> {
        let c = self.value >> 15 & 63;
        (c != FAN_CHESS_NO_POINT).then_some(c)
    }
}

impl std::fmt::Display for ChessMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// A game of Fanorona Chess, owned by a fan_chess handle.
pub struct ChessPosition {
    raw: NonNull<c_void>,
}

// SAFETY: a handle has no thread affinity; &mut self guards changes.
unsafe impl Send for ChessPosition {}

impl ChessPosition {
    fn adopt(raw: Handle) -> ChessPosition {
        ChessPosition { raw: NonNull::new(raw).expect("the library returned a NULL handle") }
    }

    pub(crate) fn ptr(&self) -> Handle {
        self.raw.as_ptr()
    }

    /// The start position.
    pub fn new() -> Result<ChessPosition> {
        let mut raw = ptr::null_mut();
        // SAFETY: raw is a valid out-pointer.
        check(unsafe { fan_chess_new(&mut raw) }, "fan_chess_new")?;
        Ok(ChessPosition::adopt(raw))
    }

    /// Reads a position string.
    pub fn from_string(text: &str) -> Result<ChessPosition> {
        let c = c_text(text, "fan_chess_from_string")?;
        let (mut raw, mut err) = (ptr::null_mut(), parse_error());
        // SAFETY: c is NUL-terminated; raw and err are valid out-pointers.
        let code = unsafe { fan_chess_from_string(&mut raw, c.as_ptr(), &mut err) };
        text_check(code, "fan_chess_from_string", &err)?;
        Ok(ChessPosition::adopt(raw))
    }

    /// Replays a game record.
    pub fn from_record(text: &str) -> Result<ChessPosition> {
        let c = c_text(text, "fan_chess_record_read")?;
        let (mut raw, mut err) = (ptr::null_mut(), parse_error());
        // SAFETY: as from_string.
        let code = unsafe { fan_chess_record_read(&mut raw, c.as_ptr(), &mut err) };
        text_check(code, "fan_chess_record_read", &err)?;
        Ok(ChessPosition::adopt(raw))
    }

    /// A copy, history included.
    pub fn try_clone(&self) -> Result<ChessPosition> {
        let mut raw = ptr::null_mut();
        // SAFETY: raw is a valid out-pointer, self a live handle.
        check(unsafe { fan_chess_clone(&mut raw, self.ptr()) }, "fan_chess_clone")?;
        Ok(ChessPosition::adopt(raw))
    }

    fn text(&self, call: Text, function: &'static str) -> Result<String> {
        let mut needed = 0usize;
        // SAFETY: asking for the size only.
        let code = unsafe { call(ptr::null_mut(), 0, &mut needed, self.ptr()) };
        if code != FAN_EBUFS {
            check(code, function)?;
        }
        let mut buf = vec![0 as c_char; needed.max(1)];
        // SAFETY: buf has the size the library asked for.
        check(unsafe { call(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), self.ptr()) }, function)?;
        // SAFETY: NUL-terminated by the library.
        Ok(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
    }

    /// The position string.
    pub fn to_fen(&self) -> Result<String> {
        self.text(fan_chess_to_string, "fan_chess_to_string")
    }

    /// The game as a record.
    pub fn record(&self) -> Result<String> {
        self.text(fan_chess_record_write, "fan_chess_record_write")
    }

    /// The picture as SVG, with a move drawn when given.
    pub fn svg(&self, highlight: u64, mv: Option<&ChessMove>) -> Result<String> {
        let value = mv.map(|m| m.value);
        let vp = value.as_ref().map_or(ptr::null(), |v| v as *const u32);
        let mut buf = vec![0 as c_char; 32768];
        // SAFETY: buf holds FAN_CHESS_SVG_MAX bytes, vp is NULL or valid.
        check(
            unsafe { fan_chess_svg(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), self.ptr(),
                                   highlight, vp, 0) },
            "fan_chess_svg",
        )?;
        // SAFETY: NUL-terminated by the library.
        Ok(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
    }

    pub(crate) fn notation(&self, value: fan_chess_move) -> Result<ChessMove> {
        let mut buf = [0 as c_char; 12];
        // SAFETY: buf holds FAN_CHESS_MOVE_STRING_MAX bytes.
        check(
            unsafe { fan_chess_move_to_string(buf.as_mut_ptr(), buf.len(), ptr::null_mut(),
                                              self.ptr(), value) },
            "fan_chess_move_to_string",
        )?;
        // SAFETY: NUL-terminated by the library.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned();
        Ok(ChessMove { value, text })
    }

    /// The legal moves, with their notation.
    pub fn legal_moves(&self) -> Result<Vec<ChessMove>> {
        let mut buf = [0u32; FAN_CHESS_MOVES_MAX];
        let mut n = 0usize;
        // SAFETY: buf holds FAN_CHESS_MOVES_MAX moves, always enough.
        check(unsafe { fan_chess_moves(buf.as_mut_ptr(), buf.len(), &mut n, self.ptr()) },
              "fan_chess_moves")?;
        buf[..n].iter().map(|&v| self.notation(v)).collect()
    }

    /// Reads a move in notation and resolves it against the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<ChessMove> {
        let c = c_text(text, "fan_chess_parse_move")?;
        let (mut value, mut err) = (0u32, parse_error());
        // SAFETY: c is NUL-terminated; value and err are valid.
        let code = unsafe { fan_chess_parse_move(&mut value, self.ptr(), c.as_ptr(), &mut err) };
        text_check(code, "fan_chess_parse_move", &err)?;
        self.notation(value)
    }

    /// Plays a legal move.
    pub fn push(&mut self, mv: &ChessMove) -> Result<()> {
        // SAFETY: a live handle; the library checks the move.
        check(unsafe { fan_chess_play(self.ptr(), mv.value) }, "fan_chess_play").map(|_| ())
    }

    /// Plays a move given in notation.
    pub fn push_str(&mut self, text: &str) -> Result<()> {
        let mv = self.parse_move(text)?;
        self.push(&mv)
    }

    /// Takes back the last move.
    pub fn pop(&mut self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { fan_chess_undo(self.ptr()) }, "fan_chess_undo").map(|_| ())
    }

    /// Replays the last move taken back.
    pub fn redo(&mut self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { fan_chess_redo(self.ptr()) }, "fan_chess_redo").map(|_| ())
    }

    /// The number of moves that pop() can take back.
    pub fn history_length(&self) -> usize {
        // SAFETY: a live handle.
        unsafe { fan_chess_history_length(self.ptr()) }.max(0) as usize
    }

    /// 0 for an empty point, else colour << 3 | type (fan_chess_piece()).
    pub fn piece(&self, point: u32) -> Result<i32> {
        // SAFETY: a live handle; the library checks the point.
        check(unsafe { fan_chess_piece(self.ptr(), point as c_int) }, "fan_chess_piece")
    }

    /// Whether White is to move.
    pub fn white_to_move(&self) -> bool {
        // SAFETY: a live handle.
        unsafe { fan_chess_side_to_move(self.ptr()) == 1 }
    }

    /// Whether that side's king has not moved yet.
    pub fn king_unmoved(&self, white: bool) -> bool {
        // SAFETY: a live handle.
        unsafe { fan_chess_king_unmoved(self.ptr(), if white { 1 } else { 2 }) == 1 }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        // SAFETY: a live handle.
        unsafe { fan_chess_in_check(self.ptr()) == 1 }
    }

    /// (FAN_ONGOING .. FAN_DRAW, FAN_CHESS_REASON_*)
    pub fn result(&self) -> (i32, i32) {
        // SAFETY: a live handle.
        unsafe { (fan_chess_result(self.ptr()), fan_chess_result_reason(self.ptr())) }
    }

    /// The number of legal move sequences of depth plies.
    pub fn perft(&self, depth: u32) -> Result<u64> {
        let mut out = 0u64;
        // SAFETY: a live handle, out valid.
        check(unsafe { fan_chess_perft(&mut out, self.ptr(), depth) }, "fan_chess_perft")?;
        Ok(out)
    }

    /// (move, nodes below it) for each legal move.
    pub fn divide(&self, depth: u32) -> Result<Vec<(ChessMove, u64)>> {
        let mut buf = [fan_chess_perft_entry::default(); FAN_CHESS_MOVES_MAX];
        let mut n = 0usize;
        // SAFETY: buf holds FAN_CHESS_MOVES_MAX entries.
        check(
            unsafe { fan_chess_perft_divide(buf.as_mut_ptr(), buf.len(), &mut n, self.ptr(), depth) },
            "fan_chess_perft_divide",
        )?;
        buf[..n].iter().map(|e| Ok((self.notation(e.mv)?, e.nodes))).collect()
    }
}

impl std::fmt::Debug for ChessPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChessPosition({:?})", self.to_fen().unwrap_or_default())
    }
}

impl PartialEq for ChessPosition {
    fn eq(&self, other: &ChessPosition) -> bool {
        // SAFETY: two live handles.
        unsafe { fan_chess_equal(self.ptr(), other.ptr()) == 1 }
    }
}

impl Drop for ChessPosition {
    fn drop(&mut self) {
        // SAFETY: the handle is owned and freed exactly once.
        unsafe { fan_chess_free(self.raw.as_ptr()) }
    }
}
