// SPDX-License-Identifier: MIT
//! Squares, colours, steps and turns: small `Copy` values.
use std::ffi::CString;
use std::fmt;
use std::os::raw::c_int;
use std::ptr;
use std::str::FromStr;

use crate::error::{check, Error, Result};
use crate::ffi;

macro_rules! c_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $variant:ident = $value:expr),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vm])* $variant = $value),+ }

        impl $name {
            #[allow(dead_code)]
            pub(crate) fn from_c(value: c_int) -> Option<$name> {
                match value {
                    $($value => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

c_enum!(
    /// A side.
    Color {
        /// White, who moves first, from rows 1 and 2 (and four points of row 3).
        White = 1,
        /// Black, from rows 4 and 5 (and four points of row 3).
        Black = 2,
    }
);
c_enum!(
    /// Whether a capture chain may stop at will (the default) or must go on.
    Rules {
        /// A capture chain may stop after any capture (the default).
        Stop = 0,
        /// A capture chain must go on while it can.
        Must = 1,
    }
);
c_enum!(
    /// A step's mode; `Any` is only an input: "whichever fits".
    StepKind {
        /// Input only: whichever mode fits.
        Any = 0,
        /// A move without capture.
        Paika = 1,
        /// A capture of the line the piece moves towards.
        Approach = 2,
        /// A capture of the line the piece moves away from.
        Withdrawal = 3,
    }
);
c_enum!(
    /// The direction of a step.
    Direction {
        /// East: towards column i.
        E = 0,
        /// North-east.
        NE = 1,
        /// North: towards row 5.
        N = 2,
        /// North-west.
        NW = 3,
        /// West: towards column a.
        W = 4,
        /// South-west.
        SW = 5,
        /// South: towards row 1.
        S = 6,
        /// South-east.
        SE = 7,
    }
);
c_enum!(
    /// How the game stands.
    Outcome {
        /// The game goes on.
        Ongoing = 0,
        /// White has won.
        WhiteWins = 1,
        /// Black has won.
        BlackWins = 2,
        /// A draw.
        Draw = 3,
    }
);
c_enum!(
    /// Why the game ended.
    Reason {
        /// The game has not ended.
        None = 0,
        /// The loser has no pieces left.
        NoPieces = 1,
        /// The side to move has no legal move.
        NoMoves = 2,
        /// The position occurred a third time (a draw).
        Repetition = 3,
        /// 400 complete turns were played (a draw).
        TurnLimit = 4,
    }
);
c_enum!(
    /// What perft counts: one turn per effect, or every path.
    Count {
        /// One turn per origin, destination and captured set.
        Unique = 0,
        /// Every distinct sequence of steps.
        Paths = 1,
    }
);

impl Color {
    /// The opponent.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: a static string for every value.
        let name = unsafe { std::ffi::CStr::from_ptr(ffi::fan_result_name(*self as c_int)) };
        f.write_str(&name.to_string_lossy())
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: a static string for every value.
        let name = unsafe { std::ffi::CStr::from_ptr(ffi::fan_reason_name(*self as c_int)) };
        f.write_str(&name.to_string_lossy())
    }
}

/// How the game stands: an [`Outcome`] and the [`Reason`] it ended, with
/// the same shape as Python's `fanorona.Result` (`outcome`, `reason`,
/// `is_over`, `winner`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Ongoing, a win for either side, or a draw.
    pub outcome: Outcome,
    /// Why the game ended (`Reason::None` while it goes on).
    pub reason: Reason,
}

impl GameResult {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::Ongoing
    }

    /// The winner, or `None` while the game goes on or when it is drawn.
    pub fn winner(&self) -> Option<Color> {
        match self.outcome {
            Outcome::WhiteWins => Some(Color::White),
            Outcome::BlackWins => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    /// "ongoing", or the outcome with its reason: "white wins (the player
    /// to move has no pieces)", as Python's `str(Result)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_over() {
            write!(f, "{} ({})", self.outcome, self.reason)
        } else {
            write!(f, "{}", self.outcome)
        }
    }
}

/// A point of the board, 0..44 (`a1` = 0, `e3` = 22, `i5` = 44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square numbered n; the library's FAN_ERANGE outside 0..44.
    pub fn new(n: i32) -> Result<Square> {
        let mut buf = [0 as std::os::raw::c_char; 3];
        // SAFETY: buf holds the 3 bytes the library writes.
        check(unsafe { ffi::fan_square_name(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), n) }, "fan_square_name")?;
        Ok(Square(n as u8))
    }

    pub(crate) fn from_u8(n: u8) -> Square {
        debug_assert!((n as usize) < ffi::FAN_SQUARES);
        Square(n)
    }

    /// The square's number, 0..44 (a1 = 0, row by row from White's side).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0..8 for columns a..i.
    pub fn column(self) -> usize {
        self.0 as usize % ffi::FAN_COLUMNS
    }

    /// 0..4 for rows 1..5.
    pub fn row(self) -> usize {
        self.0 as usize / ffi::FAN_COLUMNS
    }

    /// Diagonals meet at strong points (column + row even).
    pub fn is_strong(self) -> bool {
        (self.column() + self.row()) % 2 == 0
    }

    /// The square as a one-bit mask (`1 << index`).
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column() as u8) as char, self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = Error;

    /// "a1".."i5" (case does not matter), read by the library.
    fn from_str(s: &str) -> Result<Square> {
        let text = CString::new(s.trim().to_ascii_lowercase())
            .map_err(|_| Error::with_detail(ffi::FAN_EPARSE, "Square::from_str", "a NUL byte".into()))?;
        // SAFETY: text is NUL-terminated.
        let n = check(unsafe { ffi::fan_square_parse(text.as_ptr()) }, "fan_square_parse")?;
        Ok(Square(n as u8))
    }
}

/// A set of squares: a mask, bit n for square n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    pub fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// The number of squares in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no squares.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in order.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        (0..64u8).filter(move |&n| self.0 >> n & 1 != 0).map(Square)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        SquareSet(iter.into_iter().fold(0, |m, sq| m | sq.bit()))
    }
}

impl FromStr for SquareSet {
    type Err = Error;

    /// Square names separated by spaces or commas: "c3 d3".
    fn from_str(s: &str) -> Result<SquareSet> {
        s.split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(Square::from_str)
            .collect()
    }
}

impl fmt::Display for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// Move notation of a path, written by the library (fan_path_to_string):
/// d3-e3W, f4-e4W-e3A, a paika d3-e3. A turn read from text may leave a
/// mode out (`StepKind::Any`), which the library does not write; that step
/// is written here without its letter.
pub(crate) fn path_text(path: &ffi::fan_path) -> String {
    path_text_flags(path, 0)
}

/// path_text() with notation flags (ffi::FAN_NOTATION_COMPACT: no dashes).
fn path_text_flags(path: &ffi::fan_path, flags: u32) -> String {
    let mut buf = [0 as std::os::raw::c_char; ffi::FAN_PATH_STRING_MAX];
    // SAFETY: buf holds FAN_PATH_STRING_MAX bytes, enough for any path.
    let code = unsafe {
        ffi::fan_path_to_string_ex(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), path, flags)
    };
    if code == ffi::FAN_OK {
        // SAFETY: NUL-terminated by the library.
        return unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned();
    }
    let mut text = Square::from_u8(path.from).to_string();
    for i in 0..path.length as usize {
        if flags & ffi::FAN_NOTATION_COMPACT == 0 {
            text.push('-');
        }
        text.push_str(&Square::from_u8(path.to[i]).to_string());
        match path.kind[i] {
            k if k == StepKind::Approach as u8 => text.push('A'),
            k if k == StepKind::Withdrawal as u8 => text.push('W'),
            _ => {}
        }
    }
    text
}

/// One step: a paika, or one capture segment with the pieces it would
/// remove (its preview).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece starts.
    pub origin: Square,
    /// Where the piece lands.
    pub target: Square,
    /// Paika, approach or withdrawal.
    pub kind: StepKind,
    /// The direction of the move.
    pub direction: Direction,
    /// The pieces the step removes (empty for a paika).
    pub captures: SquareSet,
}

impl Step {
    pub(crate) fn from_c(s: &ffi::fan_step) -> Step {
        Step {
            origin: Square::from_u8(s.from),
            target: Square::from_u8(s.to),
            kind: StepKind::from_c(s.kind as c_int).unwrap_or(StepKind::Any),
            direction: Direction::from_c(s.direction as c_int).unwrap_or(Direction::E),
            captures: SquareSet(s.captures),
        }
    }
}

impl fmt::Display for Step {
    /// The library's notation (fan_step_to_string): d3-e3W, a paika d3-e3.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = ffi::fan_step {
            captures: self.captures.0,
            from: self.origin.0,
            to: self.target.0,
            kind: self.kind as u8,
            direction: self.direction as u8,
            reserved: [0; 4],
        };
        let mut buf = [0 as std::os::raw::c_char; ffi::FAN_STEP_STRING_MAX];
        // SAFETY: buf holds FAN_STEP_STRING_MAX bytes, enough for a step.
        let code = unsafe { ffi::fan_step_to_string(buf.as_mut_ptr(), buf.len(), ptr::null_mut(), &step) };
        if code != ffi::FAN_OK {
            return Err(fmt::Error);
        }
        // SAFETY: NUL-terminated by the library.
        f.write_str(&unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy())
    }
}

/// A whole turn as the steps that play it.
///
/// Turns from a [`crate::Position`] know what they capture. A turn read
/// from notation (`"f4-e4W-e3A".parse::<Turn>()`) knows only its points and
/// the modes written, until [`crate::Position::resolve`] (or playing it)
/// matches it with a legal turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub(crate) path: ffi::fan_path,
    pub(crate) resolved: bool,
}

impl Turn {
    pub(crate) fn from_path(path: ffi::fan_path) -> Turn {
        Turn { path, resolved: true }
    }

    /// The square the moving piece starts from.
    pub fn origin(&self) -> Square {
        Square::from_u8(self.path.from)
    }

    /// The square where the turn ends.
    pub fn destination(&self) -> Square {
        Square::from_u8(self.path.to[self.path.length as usize - 1])
    }

    /// The landing point of each step.
    pub fn landings(&self) -> impl Iterator<Item = Square> + '_ {
        self.path.to[..self.path.length as usize].iter().map(|&n| Square::from_u8(n))
    }

    /// The mode of each step (`Any` where notation left it out).
    pub fn kinds(&self) -> impl Iterator<Item = StepKind> + '_ {
        self.path.kind[..self.path.length as usize]
            .iter()
            .map(|&k| StepKind::from_c(k as c_int).unwrap_or(StepKind::Any))
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.path.length as usize
    }

    /// Whether the turn has no steps.
    pub fn is_empty(&self) -> bool {
        self.path.length == 0
    }

    /// Every piece the turn removes (empty for a turn read from notation).
    pub fn captured(&self) -> SquareSet {
        SquareSet(self.path.captured)
    }

    /// Whether a position has matched this turn with a legal one.
    pub fn is_resolved(&self) -> bool {
        self.resolved
    }

    /// The library's fan_turn: origin, destination and captured set.
    pub fn effect(&self) -> Result<u64> {
        let mut out = 0;
        // SAFETY: both pointers are valid for the call.
        check(unsafe { ffi::fan_path_turn(&mut out, &self.path) }, "fan_path_turn")?;
        Ok(out)
    }

    /// The turn in compact notation, without dashes ("d3e3W", "f4e4We3A"),
    /// as the engine protocol writes moves; written by the library.
    pub fn compact(&self) -> String {
        path_text_flags(&self.path, ffi::FAN_NOTATION_COMPACT)
    }

    /// The raw path, for calls through [`crate::ffi`].
    pub fn as_raw(&self) -> &ffi::fan_path {
        &self.path
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&path_text(&self.path))
    }
}

impl FromStr for Turn {
    type Err = Error;

    /// Move notation as doc/formats.md writes it: squares in lower case,
    /// the modes A and W in upper case, dashed ("f4-e4W-e3A") or compact
    /// ("f4e4We3A") throughout; a mode may be left out. The turn is
    /// unresolved: a position tells what it captures.
    fn from_str(s: &str) -> Result<Turn> {
        let text = s.as_bytes();
        let fail = |at: usize, why: &str| {
            let mut err = ffi::fan_parse_error { offset: at as u32, reserved: 0, message: [0; 120] };
            for (dst, src) in err.message.iter_mut().take(119).zip(why.bytes()) {
                *dst = src as std::os::raw::c_char;
            }
            Error::text(ffi::FAN_EPARSE, "Turn::from_str", &err)
        };
        let square_at = |i: usize| -> Option<u8> {
            let (c, r) = (*text.get(i)?, *text.get(i + 1)?);
            ((b'a'..=b'i').contains(&c) && (b'1'..=b'5').contains(&r)).then(|| (c - b'a') + 9 * (r - b'1'))
        };
        let dashed = text.get(2) == Some(&b'-');
        let mut squares = vec![square_at(0).ok_or_else(|| fail(0, "expected a square such as d3"))?];
        let mut kinds = Vec::new();
        let mut i = 2;
        while i < text.len() {
            if dashed {
                if text[i] != b'-' {
                    return Err(fail(i, "expected '-' between the steps"));
                }
                i += 1;
            }
            let sq = square_at(i).ok_or_else(|| fail(i, "expected a square such as e3"))?;
            i += 2;
            let kind = match text.get(i) {
                Some(b'A') => StepKind::Approach,
                Some(b'W') => StepKind::Withdrawal,
                _ => StepKind::Any,
            };
            if kind != StepKind::Any {
                i += 1;
            }
            squares.push(sq);
            kinds.push(kind as u8);
        }
        if squares.len() < 2 {
            return Err(fail(text.len(), "a turn needs at least one step"));
        }
        if squares.len() > ffi::FAN_PATH_MAX + 1 {
            return Err(fail(0, "more steps than a turn can have"));
        }
        let mut path = ffi::fan_path {
            from: squares[0],
            length: (squares.len() - 1) as u8,
            ..Default::default()
        };
        path.to[..squares.len() - 1].copy_from_slice(&squares[1..]);
        path.kind[..kinds.len()].copy_from_slice(&kinds);
        Ok(Turn { path, resolved: false })
    }
}
