// SPDX-License-Identifier: MIT
//! The crate's tests, linked into one binary.
mod chess;
mod chess_search;
mod errors;
mod game;
mod perft;
mod position;
mod search;
mod tablebase;
