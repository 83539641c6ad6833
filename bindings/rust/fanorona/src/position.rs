// SPDX-License-Identifier: MIT
//! The Position type: one game, owning a libfanorona handle.
use std::ffi::{CStr, CString};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::os::raw::{c_char, c_int};
use std::ptr::{self, NonNull};
use std::str::FromStr;

use crate::error::{check, Error, Result};
use crate::ffi;
use crate::moves::{
    Color, Count, Direction, GameResult, Outcome, Reason, Rules, Square, SquareSet, Step,
    StepKind, Turn,
};

/// Options of [`Position::perft_with`]. The default is the plain count:
/// one thread, no table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PerftOptions {
    /// Threads to count with, the caller's included; 0 is one per online
    /// processor. At most `ffi::FAN_PERFT_THREADS_MAX`.
    pub threads: u32,
    /// Size in MiB of a table of counts made and freed by the call (shared
    /// by its threads); 0 is none. At most `ffi::FAN_PERFT_HASH_MAX_MIB`.
    pub hash_mib: u32,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions { threads: 1, hash_mib: 0 }
    }
}

impl PerftOptions {
    fn to_c(self) -> ffi::fan_perft_options {
        ffi::fan_perft_options {
            threads: self.threads,
            hash_mib: self.hash_mib,
            ..ffi::fan_perft_options::default()
        }
    }
}

/// A game of Fanorona: the board, the side to move, the ruleset, the turn
/// in progress and the history for undo and redo.
///
/// `Display` writes the position string and `FromStr` reads one;
/// [`Position::board`] draws the board. `Clone` copies the whole game,
/// history included; `Drop` frees the handle.
pub struct Position {
    raw: NonNull<ffi::fan_position>,
}

// A handle may move between threads; it is not safe to share (the library
// makes no promise for concurrent calls on one position).
unsafe impl Send for Position {}

/// Runs a list function twice: once for the size, once to fill.
fn list<T: Default + Clone>(
    f: impl Fn(*mut T, usize, *mut usize) -> c_int,
    function: &'static str,
) -> Result<Vec<T>> {
    let mut count = 0usize;
    loop {
        let mut out = vec![T::default(); count];
        let capacity = out.len();
        let ptr = if capacity == 0 { ptr::null_mut() } else { out.as_mut_ptr() };
        let code = f(ptr, capacity, &mut count);
        if code != ffi::FAN_EBUFS {
            check(code, function)?;
            out.truncate(count);
            return Ok(out);
        }
    }
}

impl Position {
    fn adopt(raw: *mut ffi::fan_position) -> Position {
        Position { raw: NonNull::new(raw).expect("the library returned FAN_OK and no handle") }
    }

    pub(crate) fn ptr(&self) -> *const ffi::fan_position {
        self.raw.as_ptr()
    }

    fn mut_ptr(&mut self) -> *mut ffi::fan_position {
        self.raw.as_ptr()
    }

    /// The start of a game.
    pub fn new(rules: Rules) -> Result<Position> {
        let mut raw = ptr::null_mut();
        // SAFETY: raw is a valid out-pointer.
        check(unsafe { ffi::fan_position_new(&mut raw, rules as c_int) }, "fan_position_new")?;
        Ok(Position::adopt(raw))
    }

    /// A game from a set-up board.
    pub fn custom(white: SquareSet, black: SquareSet, side: Color, rules: Rules) -> Result<Position> {
        let mut raw = ptr::null_mut();
        // SAFETY: raw is a valid out-pointer.
        check(
            unsafe {
                ffi::fan_position_new_custom(&mut raw, white.0, black.0, side as c_int, rules as c_int)
            },
            "fan_position_new_custom",
        )?;
        Ok(Position::adopt(raw))
    }

    /// Reads a position string; the short form takes default_rules.
    pub fn from_string(text: &str, default_rules: Rules) -> Result<Position> {
        let c = c_text(text, "fan_position_from_string")?;
        let mut raw = ptr::null_mut();
        let mut err = parse_error();
        // SAFETY: c is NUL-terminated; raw and err are valid out-pointers.
        let code = unsafe {
            ffi::fan_position_from_string(&mut raw, c.as_ptr(), default_rules as c_int, &mut err)
        };
        text_check(code, "fan_position_from_string", &err)?;
        Ok(Position::adopt(raw))
    }

    /// Replays a game record (doc/formats.md), checking every turn; the
    /// position has the whole game as its history.
    pub fn from_record(text: &str) -> Result<Position> {
        let c = c_text(text, "fan_record_read")?;
        let mut raw = ptr::null_mut();
        let mut err = parse_error();
        // SAFETY: c is NUL-terminated; raw and err are valid out-pointers.
        let code = unsafe { ffi::fan_record_read(&mut raw, c.as_ptr(), &mut err) };
        text_check(code, "fan_record_read", &err)?;
        Ok(Position::adopt(raw))
    }

    /// The game as a record: its tags and numbered turns.
    pub fn record(&self) -> Result<String> {
        let mut needed = 0usize;
        // SAFETY: asking for the size only.
        let code = unsafe { ffi::fan_record_write(ptr::null_mut(), 0, &mut needed, self.ptr()) };
        if code != ffi::FAN_EBUFS {
            check(code, "fan_record_write")?;
        }
        let mut buf = vec![0 as c_char; needed.max(1)];
        // SAFETY: buf has the size the library asked for.
        check(
            unsafe { ffi::fan_record_write(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), self.ptr()) },
            "fan_record_write",
        )?;
        // SAFETY: NUL-terminated by the library.
        Ok(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
    }

    /// A copy of the whole game, or the library's error (FAN_ENOMEM).
    pub fn try_clone(&self) -> Result<Position> {
        let mut raw = ptr::null_mut();
        // SAFETY: raw is a valid out-pointer, self a live handle.
        check(unsafe { ffi::fan_position_clone(&mut raw, self.ptr()) }, "fan_position_clone")?;
        Ok(Position::adopt(raw))
    }

    // ------------------------------------------------------------------
    // State

    /// The piece on `sq`, or `None` for an empty point.
    pub fn piece(&self, sq: Square) -> Option<Color> {
        // SAFETY: a live handle; the square is valid.
        Color::from_c(unsafe { ffi::fan_position_piece(self.ptr(), sq.index() as c_int) })
    }

    /// The squares that `color`'s pieces stand on.
    pub fn pieces(&self, color: Color) -> SquareSet {
        let mut out = 0;
        // SAFETY: valid pointers; color is a valid colour, so this succeeds.
        unsafe { ffi::fan_position_pieces(&mut out, self.ptr(), color as c_int) };
        SquareSet(out)
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Color {
        // SAFETY: a live handle.
        Color::from_c(unsafe { ffi::fan_position_side_to_move(self.ptr()) }).expect("a colour")
    }

    /// The ruleset of the game.
    pub fn rules(&self) -> Rules {
        // SAFETY: a live handle.
        Rules::from_c(unsafe { ffi::fan_position_rules(self.ptr()) }).expect("a ruleset")
    }

    /// Complete turns played since the start of the game.
    pub fn turns_played(&self) -> u32 {
        // SAFETY: a live handle.
        unsafe { ffi::fan_position_turns_played(self.ptr()) as u32 }
    }

    /// How the game stands: the outcome and the reason it ended.
    pub fn result(&self) -> GameResult {
        // SAFETY: a live handle.
        unsafe {
            GameResult {
                outcome: Outcome::from_c(ffi::fan_position_result(self.ptr()))
                    .expect("an outcome"),
                reason: Reason::from_c(ffi::fan_position_result_reason(self.ptr()))
                    .expect("a reason"),
            }
        }
    }

    /// Whether the game has ended (won, lost or drawn).
    pub fn is_over(&self) -> bool {
        self.result().is_over()
    }

    /// The board drawn as text, row 5 at the top.
    pub fn board(&self) -> Board<'_> {
        Board(self)
    }

    // ------------------------------------------------------------------
    // Turns

    /// The legal turns, one per effect (origin, destination, captured
    /// set), each with its canonical path. In a chain: the ways to
    /// complete it.
    pub fn legal_turns(&self) -> Result<std::vec::IntoIter<Turn>> {
        let effects = list(
            // SAFETY: out has capacity entries (or is null with 0).
            |out, cap, n| unsafe { ffi::fan_position_turns(out, cap, n, self.ptr()) },
            "fan_position_turns",
        )?;
        let mut turns = Vec::with_capacity(effects.len());
        for effect in effects {
            let mut path = ffi::fan_path::default();
            // SAFETY: valid pointers.
            check(
                unsafe { ffi::fan_position_turn_path(&mut path, self.ptr(), effect) },
                "fan_position_turn_path",
            )?;
            turns.push(Turn::from_path(path));
        }
        Ok(turns.into_iter())
    }

    /// Every distinct legal path (several may share an effect).
    pub fn legal_paths(&self) -> Result<std::vec::IntoIter<Turn>> {
        let paths = list(
            // SAFETY: out has capacity entries (or is null with 0).
            |out, cap, n| unsafe { ffi::fan_position_paths(out, cap, n, self.ptr()) },
            "fan_position_paths",
        )?;
        Ok(paths.into_iter().map(Turn::from_path).collect::<Vec<_>>().into_iter())
    }

    /// The legal turn that move notation names (doc/formats.md: "f4-e4W-e3A"
    /// or compact "f4e4We3A"; a mode letter may be left out where only one
    /// mode fits; in a chain, the continuation alone will do). The
    /// library's reason and offset come with a refusal.
    pub fn parse_turn(&self, text: &str) -> Result<Turn> {
        let c = c_text(text, "fan_position_parse_path")?;
        let mut path = ffi::fan_path::default();
        let mut err = parse_error();
        // SAFETY: valid pointers; c is NUL-terminated.
        let code = unsafe { ffi::fan_position_parse_path(&mut path, self.ptr(), c.as_ptr(), &mut err) };
        text_check(code, "fan_position_parse_path", &err)?;
        Ok(Turn::from_path(path))
    }

    /// The legal step that notation names ("d3-e3W"), with its preview.
    pub fn parse_step(&self, text: &str) -> Result<Step> {
        let c = c_text(text, "fan_position_parse_step")?;
        let mut step = ffi::fan_step::default();
        let mut err = parse_error();
        // SAFETY: valid pointers; c is NUL-terminated.
        let code = unsafe { ffi::fan_position_parse_step(&mut step, self.ptr(), c.as_ptr(), &mut err) };
        text_check(code, "fan_position_parse_step", &err)?;
        Ok(Step::from_c(&step))
    }

    /// The legal turn that a turn read from notation names: its points in
    /// order, and the modes it writes (resolved by the library, as
    /// [`Position::parse_turn`]). A resolved turn comes back as it is when
    /// it is legal here.
    pub fn resolve(&self, turn: &Turn) -> Result<Turn> {
        self.parse_turn(&turn.to_string())
    }

    /// Plays a whole turn (resolving one read from notation first).
    pub fn play(&mut self, turn: &Turn) -> Result<Turn> {
        let turn = if turn.is_resolved() { *turn } else { self.resolve(turn)? };
        // SAFETY: a live handle and a valid path.
        let code = unsafe { ffi::fan_position_play_path(self.mut_ptr(), &turn.path) };
        self.refused(code, "fan_position_play_path", |buf, size, pos| {
            // SAFETY: buf has size bytes, pos is live, the path valid.
            unsafe { ffi::fan_position_explain_path(buf, size, ptr::null_mut(), pos, &turn.path) }
        })?;
        Ok(turn)
    }

    /// Plays a turn written in move notation.
    pub fn play_str(&mut self, text: &str) -> Result<Turn> {
        let turn = self.parse_turn(text)?;
        self.play(&turn)
    }

    /// Plays a turn given by its effect (a fan_turn number).
    pub fn play_effect(&mut self, effect: u64) -> Result<()> {
        // SAFETY: a live handle.
        let code = unsafe { ffi::fan_position_play_turn(self.mut_ptr(), effect) };
        self.refused(code, "fan_position_play_turn", |buf, size, pos| {
            // SAFETY: buf has size bytes, pos is live.
            unsafe { ffi::fan_position_explain_turn(buf, size, ptr::null_mut(), pos, effect) }
        })
    }

    /// Ok for a non-negative code; else the error with the library's reason
    /// for the refusal, which `explain` writes into a buffer.
    fn refused(
        &self,
        code: c_int,
        function: &'static str,
        explain: impl FnOnce(*mut c_char, usize, *const ffi::fan_position) -> c_int,
    ) -> Result<()> {
        if code >= 0 {
            return Ok(());
        }
        let mut buf = [0 as c_char; ffi::FAN_EXPLAIN_MAX];
        explain(buf.as_mut_ptr(), buf.len(), self.ptr());
        // SAFETY: the library NUL-terminates buf.
        let why = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned();
        Err(if why.is_empty() {
            Error::new(code, function)
        } else {
            Error::with_detail(code, function, why)
        })
    }

    /// Takes back the last turn, or the chain in progress.
    pub fn undo(&mut self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { ffi::fan_position_undo(self.mut_ptr()) }, "fan_position_undo")?;
        Ok(())
    }

    /// Replays the last turn taken back.
    pub fn redo(&mut self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { ffi::fan_position_redo(self.mut_ptr()) }, "fan_position_redo")?;
        Ok(())
    }

    /// The turns played in this game, first to last.
    pub fn history(&self) -> Result<Vec<Turn>> {
        // SAFETY: a live handle.
        let n = unsafe { ffi::fan_position_history_length(self.ptr()) };
        (0..n)
            .map(|i| {
                let mut path = ffi::fan_path::default();
                // SAFETY: valid pointers, index in range.
                check(
                    unsafe { ffi::fan_position_history_path(&mut path, self.ptr(), i) },
                    "fan_position_history_path",
                )?;
                Ok(Turn::from_path(path))
            })
            .collect()
    }

    // ------------------------------------------------------------------
    // Steps

    /// The legal next steps with their previews.
    pub fn legal_steps(&self) -> Result<std::vec::IntoIter<Step>> {
        let steps = list(
            // SAFETY: out has capacity entries (or is null with 0).
            |out, cap, n| unsafe { ffi::fan_position_steps(out, cap, n, self.ptr()) },
            "fan_position_steps",
        )?;
        Ok(steps.iter().map(Step::from_c).collect::<Vec<_>>().into_iter())
    }

    /// Plays one step; `StepKind::Any` where only one mode fits.
    pub fn play_step(&mut self, from: Square, to: Square, kind: StepKind) -> Result<()> {
        let (f, t, k) = (from.index() as c_int, to.index() as c_int, kind as c_int);
        // SAFETY: a live handle.
        let code = unsafe { ffi::fan_position_play_step(self.mut_ptr(), f, t, k) };
        self.refused(code, "fan_position_play_step", |buf, size, pos| {
            // SAFETY: buf has size bytes, pos is live.
            unsafe { ffi::fan_position_explain_step(buf, size, ptr::null_mut(), pos, f, t, k) }
        })
    }

    /// Ends the capture chain in progress (stop-at-will only).
    pub fn end_turn(&mut self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { ffi::fan_position_end_turn(self.mut_ptr()) }, "fan_position_end_turn")?;
        Ok(())
    }

    /// Whether the chain in progress may stop here (stop-at-will only).
    pub fn can_end_turn(&self) -> bool {
        // SAFETY: a live handle.
        unsafe { ffi::fan_position_can_end_turn(self.ptr()) == 1 }
    }

    /// Whether a capture chain is in progress.
    pub fn in_chain(&self) -> bool {
        // SAFETY: a live handle.
        unsafe { ffi::fan_position_in_chain(self.ptr()) == 1 }
    }

    /// Whether the side to move has a capture, which it must then make.
    pub fn must_capture(&self) -> bool {
        // SAFETY: a live handle.
        unsafe { ffi::fan_position_must_capture(self.ptr()) == 1 }
    }

    /// The piece making the chain, if one is in progress.
    pub fn active_piece(&self) -> Option<Square> {
        let mut sq = -1;
        // SAFETY: valid pointers.
        unsafe { ffi::fan_position_active_piece(&mut sq, self.ptr()) };
        (sq >= 0).then(|| Square::from_u8(sq as u8))
    }

    /// The direction of the chain's last step, if a chain is in progress.
    pub fn last_direction(&self) -> Option<Direction> {
        let mut d = -1;
        // SAFETY: valid pointers.
        unsafe { ffi::fan_position_last_direction(&mut d, self.ptr()) };
        Direction::from_c(d)
    }

    fn mask(&self, f: unsafe extern "C" fn(*mut u64, *const ffi::fan_position) -> c_int) -> SquareSet {
        let mut out = 0;
        // SAFETY: valid pointers.
        unsafe { f(&mut out, self.ptr()) };
        SquareSet(out)
    }

    /// The points the chain's piece has visited this turn.
    pub fn visited(&self) -> SquareSet {
        self.mask(ffi::fan_position_visited)
    }

    /// The pieces captured so far by the chain in progress.
    pub fn chain_captured(&self) -> SquareSet {
        self.mask(ffi::fan_position_chain_captured)
    }

    /// The pieces that have a legal step now.
    pub fn movable(&self) -> SquareSet {
        self.mask(ffi::fan_position_movable)
    }

    /// The legal destinations of the piece on `sq` now.
    pub fn destinations(&self, sq: Square) -> SquareSet {
        let mut out = 0;
        // SAFETY: valid pointers, a valid square.
        unsafe { ffi::fan_position_destinations(&mut out, self.ptr(), sq.index() as c_int) };
        SquareSet(out)
    }

    /// The steps played so far in the turn in progress.
    pub fn chain_path(&self) -> Option<Turn> {
        let mut path = ffi::fan_path::default();
        // SAFETY: valid pointers.
        unsafe { ffi::fan_position_chain_path(&mut path, self.ptr()) };
        (path.length > 0).then(|| Turn::from_path(path))
    }

    // ------------------------------------------------------------------
    // Perft and pictures

    /// The number of sequences of `depth` complete turns from here, counted
    /// as `count` says (one turn per effect, or every path).
    pub fn perft(&self, depth: u32, count: Count) -> Result<u64> {
        let mut out = 0;
        // SAFETY: valid pointers.
        check(unsafe { ffi::fan_perft(&mut out, self.ptr(), depth, count as c_int) }, "fan_perft")?;
        Ok(out)
    }

    /// [`Position::perft`] with threads and a table; the count is the
    /// same whatever the options. `OutOfRange` for more than
    /// `FAN_PERFT_THREADS_MAX` threads or `FAN_PERFT_HASH_MAX_MIB` MiB,
    /// `OutOfMemory` when the table cannot be allocated.
    pub fn perft_with(&self, depth: u32, count: Count, options: &PerftOptions) -> Result<u64> {
        let opts = options.to_c();
        let mut out = 0;
        // SAFETY: valid pointers; the library only reads the position.
        check(
            unsafe { ffi::fan_perft_ex(&mut out, self.ptr(), depth, count as c_int, &opts) },
            "fan_perft_ex",
        )?;
        Ok(out)
    }

    /// perft split by first turn.
    pub fn divide(&self, depth: u32, count: Count) -> Result<Vec<(Turn, u64)>> {
        let entries = list(
            // SAFETY: out has capacity entries (or is null with 0).
            |out, cap, n| unsafe { ffi::fan_perft_divide(out, cap, n, self.ptr(), depth, count as c_int) },
            "fan_perft_divide",
        )?;
        Ok(entries.iter().map(|e| (Turn::from_path(e.path), e.nodes)).collect())
    }

    /// The board as SVG: highlighted squares, a turn drawn as arrows.
    pub fn svg(&self, highlight: SquareSet, turn: Option<&Turn>, coordinates: bool) -> Result<String> {
        let mut buf = vec![0 as c_char; ffi::FAN_SVG_MAX];
        let path = turn.map_or(ptr::null(), |t| &t.path as *const ffi::fan_path);
        let flags = if coordinates { ffi::FAN_SVG_COORDINATES } else { 0 };
        // SAFETY: buf has FAN_SVG_MAX bytes; path is null or valid.
        check(
            unsafe {
                ffi::fan_position_svg(
                    buf.as_mut_ptr(),
                    buf.len(),
                    ptr::null_mut(),
                    self.ptr(),
                    highlight.0,
                    path,
                    flags,
                )
            },
            "fan_position_svg",
        )?;
        // SAFETY: the library NUL-terminated it.
        Ok(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
    }
}

pub(crate) fn parse_error() -> ffi::fan_parse_error {
    ffi::fan_parse_error { offset: 0, reserved: 0, message: [0; 120] }
}

pub(crate) fn c_text(text: &str, function: &'static str) -> Result<CString> {
    CString::new(text).map_err(|e| {
        let mut err = parse_error();
        err.offset = e.nul_position() as u32;
        for (dst, src) in err.message.iter_mut().zip(b"a NUL byte in the text") {
            *dst = *src as c_char;
        }
        Error::text(ffi::FAN_EPARSE, function, &err)
    })
}

pub(crate) fn text_check(code: c_int, function: &'static str, err: &ffi::fan_parse_error) -> Result<()> {
    if code < 0 {
        Err(Error::text(code, function, err))
    } else {
        Ok(())
    }
}

impl Drop for Position {
    fn drop(&mut self) {
        // SAFETY: the handle is owned and freed exactly once.
        unsafe { ffi::fan_position_free(self.raw.as_ptr()) }
    }
}

impl Clone for Position {
    /// Panics only when the library cannot allocate the copy.
    fn clone(&self) -> Position {
        self.try_clone().unwrap_or_else(|e| panic!("cloning a position: {e}"))
    }
}

impl PartialEq for Position {
    /// Same board, side, ruleset, turn counter and turn state.
    fn eq(&self, other: &Position) -> bool {
        // SAFETY: two live handles.
        unsafe { ffi::fan_position_equal(self.ptr(), other.ptr()) == 1 }
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut out = 0;
        // SAFETY: valid pointers.
        unsafe { ffi::fan_position_hash(&mut out, self.ptr()) };
        out.hash(state);
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0 as c_char; ffi::FAN_POSITION_STRING_MAX];
        // SAFETY: buf has FAN_POSITION_STRING_MAX bytes, always enough.
        unsafe { ffi::fan_position_to_string(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), self.ptr()) };
        // SAFETY: NUL-terminated by the library.
        f.write_str(&unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.to_string())
    }
}

impl FromStr for Position {
    type Err = Error;

    /// A position string; the short form gets the stop-at-will rules.
    fn from_str(s: &str) -> Result<Position> {
        Position::from_string(s, Rules::Stop)
    }
}

/// The board of a position drawn as text: W white, B black, . empty, with
/// the lines between the points.
pub struct Board<'a>(&'a Position);

impl fmt::Display for Board<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ffi::FAN_ROWS).rev() {
            write!(f, "{} ", row + 1)?;
            for col in 0..ffi::FAN_COLUMNS {
                let sq = Square::from_u8((col + ffi::FAN_COLUMNS * row) as u8);
                if col > 0 {
                    f.write_str("-")?;
                }
                f.write_str(match self.0.piece(sq) {
                    Some(Color::White) => "W",
                    Some(Color::Black) => "B",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
            if row > 0 {
                f.write_str("  |")?;
                for col in 0..ffi::FAN_COLUMNS - 1 {
                    f.write_str(if (col + row) % 2 == 0 { "\\|" } else { "/|" })?;
                }
                f.write_str("\n")?;
            }
        }
        f.write_str("  a b c d e f g h i")
    }
}
