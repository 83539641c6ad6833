// SPDX-License-Identifier: MIT
//! Safe Rust bindings to libfanorona: the rules of Fanorona
//! (Fanoron-Tsivy), move generation, perft and pictures.
//!
//! ```
//! use fanorona::{Position, Rules};
//!
//! let mut pos = Position::new(Rules::Stop).unwrap();
//! let turns: Vec<String> = pos.legal_turns().unwrap().map(|t| t.to_string()).collect();
//! assert_eq!(turns, ["d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3W"]);
//! pos.play_str("d3-e3W").unwrap();
//! assert_eq!(pos.perft(1, fanorona::Count::Unique).unwrap() as usize,
//!            pos.legal_turns().unwrap().count());
//! ```
//!
//! Every call the library refuses comes back as an [`Error`] carrying the
//! library's code and message. The raw declarations are in [`ffi`] (the
//! `fanorona-sys` crate).
#![deny(missing_docs)]

pub mod chess;
/// The raw C API: the `fanorona-sys` crate, re-exported.
pub use fanorona_sys as ffi;

mod error;
mod moves;
mod position;
mod search;
mod tablebase;

pub use error::{Error, ErrorKind, Result};
pub use moves::{
    Color, Count, Direction, GameResult, Outcome, Reason, Rules, Square, SquareSet, Step,
    StepKind, Turn,
};
pub use position::{Board, PerftOptions, Position};
pub use search::{search, ChessSearchResult, Search, SearchLimits, SearchOptions, SearchResult};
pub use tablebase::{generate_tables, TableInfo, TableValue, Tablebase};

/// The version string of the library actually loaded.
pub fn library_version() -> String {
    // SAFETY: the library returns a static NUL-terminated string.
    unsafe { std::ffi::CStr::from_ptr(ffi::fan_version_string()) }
        .to_string_lossy()
        .into_owned()
}
