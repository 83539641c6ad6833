// SPDX-License-Identifier: MIT
//! Library error codes as a Rust error type.
use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_int;

use crate::ffi;

/// What kind of refusal an [`Error`] is: one per `FAN_E*` code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// FAN_EINVAL: an unknown value or a malformed argument.
    InvalidArgument,
    /// FAN_ERANGE: a number outside its allowed range.
    OutOfRange,
    /// FAN_EILLEGAL: a move that is not legal here.
    Illegal,
    /// FAN_EAMBIGUOUS: notation that fits more than one legal move.
    Ambiguous,
    /// FAN_EGAMEOVER: the game has already ended.
    GameOver,
    /// FAN_ENOMEM: the library ran out of memory.
    OutOfMemory,
    /// FAN_EBUFS: a text buffer was too small.
    BufferTooSmall,
    /// FAN_EPARSE: text that could not be read (see [`Error::offset`]).
    Parse,
    /// FAN_ENOHISTORY: nothing to undo or redo.
    NoHistory,
    /// FAN_ESTATE: a call that does not fit the turn in progress.
    TurnState,
    /// FAN_EPOSITION: a board that no game can reach or that breaks the rules.
    ImpossiblePosition,
    /// A table file or directory could not be read or written.
    Io,
    /// A table file is corrupt, truncated or of another format version.
    TableFormat,
    /// The progress callback asked to stop.
    Stopped,
    /// No open table covers the position.
    NoTable,
    /// A code this crate does not know (a newer library).
    Unknown,
}

impl ErrorKind {
    fn of(code: c_int) -> ErrorKind {
        match code {
            ffi::FAN_EINVAL => ErrorKind::InvalidArgument,
            ffi::FAN_ERANGE => ErrorKind::OutOfRange,
            ffi::FAN_EILLEGAL => ErrorKind::Illegal,
            ffi::FAN_EAMBIGUOUS => ErrorKind::Ambiguous,
            ffi::FAN_EGAMEOVER => ErrorKind::GameOver,
            ffi::FAN_ENOMEM => ErrorKind::OutOfMemory,
            ffi::FAN_EBUFS => ErrorKind::BufferTooSmall,
            ffi::FAN_EPARSE => ErrorKind::Parse,
            ffi::FAN_ENOHISTORY => ErrorKind::NoHistory,
            ffi::FAN_ESTATE => ErrorKind::TurnState,
            ffi::FAN_EPOSITION => ErrorKind::ImpossiblePosition,
            ffi::FAN_EIO => ErrorKind::Io,
            ffi::FAN_EFORMAT => ErrorKind::TableFormat,
            ffi::FAN_ESTOPPED => ErrorKind::Stopped,
            ffi::FAN_ENOTABLE => ErrorKind::NoTable,
            _ => ErrorKind::Unknown,
        }
    }
}

/// A call refused by libfanorona: its code, the library's message for it,
/// the C function (or the wrapper) that refused, and any detail the
/// library gave (a parse error's place and reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    code: i32,
    function: &'static str,
    detail: Option<String>,
    offset: Option<u32>,
}

/// The result of every call that the library may refuse.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub(crate) fn new(code: c_int, function: &'static str) -> Error {
        Error { code, function, detail: None, offset: None }
    }

    pub(crate) fn with_detail(code: c_int, function: &'static str, detail: String) -> Error {
        Error { code, function, detail: Some(detail), offset: None }
    }

    /// A refused text: the code, and the place and reason the library
    /// gave in its fan_parse_error (if it gave one).
    pub(crate) fn text(code: c_int, function: &'static str, err: &ffi::fan_parse_error) -> Error {
        // SAFETY: the library NUL-terminates the message (the array is
        // zeroed before the call, so it is terminated when untouched too).
        let reason = unsafe { CStr::from_ptr(err.message.as_ptr()) }.to_string_lossy().into_owned();
        if reason.is_empty() {
            return Error::new(code, function);
        }
        Error { code, function, detail: Some(reason), offset: Some(err.offset) }
    }

    /// The library's code (negative).
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The kind of refusal, from the code.
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::of(self.code)
    }

    /// The library's text for the code (fan_strerror).
    pub fn message(&self) -> String {
        // SAFETY: fan_strerror returns a static NUL-terminated string for
        // every code.
        unsafe { CStr::from_ptr(ffi::fan_strerror(self.code)) }.to_string_lossy().into_owned()
    }

    /// The function that refused the call.
    pub fn function(&self) -> &'static str {
        self.function
    }

    /// Where a text was refused (parse errors from the library).
    pub fn offset(&self) -> Option<u32> {
        self.offset
    }

    /// The library's reason for refusing a text, when it gave one.
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())?;
        if let Some(offset) = self.offset {
            write!(f, ": at offset {offset}")?;
        }
        if let Some(detail) = &self.detail {
            write!(f, ": {detail}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// `Ok(code)` for a non-negative return value, else the error.
pub(crate) fn check(code: c_int, function: &'static str) -> Result<c_int> {
    if code < 0 {
        Err(Error::new(code, function))
    } else {
        Ok(code)
    }
}
