// SPDX-License-Identifier: MIT
//! Endgame tables (doc/tablebases.md): generate, open, probe, best turns,
//! the tables' counts and verify.
use std::ffi::CString;
use std::os::raw::c_int;
use std::path::Path;
use std::ptr::{self, NonNull};

use crate::error::{check, Error, Result};
use crate::{ffi, Position, Rules, Turn};

/// The value of a position for the side to move, with the complete turns
/// to the end of the game under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableValue {
    /// The side to move wins in this many turns.
    Win(u32),
    /// Neither side can force the end.
    Draw,
    /// The side to move loses in this many turns.
    Loss(u32),
}

/// One open table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// The ruleset of the table.
    pub rules: Rules,
    /// Pieces of the side to move.
    pub own_pieces: u32,
    /// Pieces of the other side.
    pub other_pieces: u32,
    /// Every placement of both sets.
    pub positions: u64,
    /// Positions won for the side to move.
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions lost for the side to move.
    pub losses: u64,
    /// Turns of the longest win (0: none).
    pub longest_win: u32,
    /// Turns of the longest loss.
    pub longest_loss: u32,
}

fn c_path(dir: &Path, function: &'static str) -> Result<CString> {
    CString::new(dir.to_string_lossy().as_bytes())
        .map_err(|_| Error::new(ffi::FAN_EINVAL, function))
}

fn options(threads: u32) -> ffi::fan_tb_generate_options {
    let mut o = ffi::fan_tb_generate_options {
        version: 0,
        threads: 0,
        progress: None,
        user: ptr::null_mut(),
    };
    // SAFETY: a valid out-pointer.
    unsafe { ffi::fan_tb_generate_options_init(&mut o) };
    o.threads = threads;
    o
}

/// Generates every table of `rules` with up to `max_pieces` pieces into
/// the existing directory `dir` (tables already there are kept).
pub fn generate_tables(dir: &Path, rules: Rules, max_pieces: u32, threads: u32) -> Result<()> {
    let c = c_path(dir, "fan_tb_generate")?;
    let o = options(threads);
    let n = c_int::try_from(max_pieces).unwrap_or(c_int::MAX);
    // SAFETY: a NUL-terminated path and a valid options struct.
    check(
        unsafe { ffi::fan_tb_generate(c.as_ptr(), rules as c_int, n, &o) },
        "fan_tb_generate",
    )?;
    Ok(())
}

/// The tables of a directory, memory-mapped and checked on opening.
/// Probing is thread-safe. `Drop` closes them.
pub struct Tablebase {
    raw: NonNull<ffi::fan_tb>,
}

// SAFETY: the handle is read-only after fan_tb_open(); the library allows
// probing from many threads at once.
unsafe impl Send for Tablebase {}
unsafe impl Sync for Tablebase {}

impl Tablebase {
    /// Opens every table file in `dir`.
    pub fn open(dir: &Path) -> Result<Tablebase> {
        let c = c_path(dir, "fan_tb_open")?;
        let mut raw = ptr::null_mut();
        // SAFETY: a valid out-pointer and path.
        check(
            unsafe { ffi::fan_tb_open(&mut raw, c.as_ptr()) },
            "fan_tb_open",
        )?;
        Ok(Tablebase {
            raw: NonNull::new(raw).expect("FAN_OK and no handle"),
        })
    }

    pub(crate) fn ptr(&self) -> *const ffi::fan_tb {
        self.raw.as_ptr()
    }

    /// The value of `pos` (at a turn boundary); `NoTable` when no table
    /// covers it.
    pub fn probe(&self, pos: &Position) -> Result<TableValue> {
        let (mut v, mut d) = (0, 0);
        // SAFETY: valid pointers; the library only reads both handles.
        check(
            unsafe { ffi::fan_tb_probe(&mut v, &mut d, self.ptr(), pos.ptr()) },
            "fan_tb_probe",
        )?;
        let d = u32::try_from(d).unwrap_or(0);
        Ok(match v {
            ffi::FAN_TB_WIN => TableValue::Win(d),
            ffi::FAN_TB_LOSS => TableValue::Loss(d),
            _ => TableValue::Draw,
        })
    }

    /// The legal turns that keep the value, best first.
    pub fn best_turns(&self, pos: &Position) -> Result<Vec<Turn>> {
        let mut n = 0usize;
        // SAFETY: a null buffer with capacity 0 asks for the count.
        let code =
            unsafe { ffi::fan_tb_best_turns(ptr::null_mut(), 0, &mut n, self.ptr(), pos.ptr()) };
        if code != ffi::FAN_EBUFS {
            check(code, "fan_tb_best_turns")?;
        }
        let mut effects = vec![0u64; n];
        // SAFETY: effects has n entries.
        check(
            unsafe {
                ffi::fan_tb_best_turns(effects.as_mut_ptr(), n, &mut n, self.ptr(), pos.ptr())
            },
            "fan_tb_best_turns",
        )?;
        let legal: Vec<Turn> = pos.legal_turns()?.collect();
        let mut out = Vec::with_capacity(n);
        for e in &effects[..n] {
            for t in &legal {
                if t.effect()? == *e {
                    out.push(*t);
                }
            }
        }
        Ok(out)
    }

    /// The open tables.
    pub fn tables(&self) -> Vec<TableInfo> {
        // SAFETY: a live handle.
        let n = unsafe { ffi::fan_tb_count(self.ptr()) };
        (0..n.max(0))
            .filter_map(|i| {
                let mut c = ffi::fan_tb_info::default();
                // SAFETY: valid pointers; version set by init.
                unsafe { ffi::fan_tb_info_init(&mut c) };
                let code = unsafe { ffi::fan_tb_info_get(&mut c, self.ptr(), i) };
                (code == ffi::FAN_OK).then_some(TableInfo {
                    rules: if c.rules == 1 {
                        Rules::Must
                    } else {
                        Rules::Stop
                    },
                    own_pieces: c.own_pieces,
                    other_pieces: c.other_pieces,
                    positions: c.positions,
                    wins: c.wins,
                    draws: c.draws,
                    losses: c.losses,
                    longest_win: c.longest_win,
                    longest_loss: c.longest_loss,
                })
            })
            .collect()
    }

    /// Re-checks every entry against its successors: the number that
    /// disagree (0 for sound tables).
    pub fn verify(&self, threads: u32) -> Result<u64> {
        let o = options(threads);
        let mut bad = 0u64;
        // SAFETY: valid pointers.
        check(
            unsafe { ffi::fan_tb_verify(&mut bad, self.ptr(), &o) },
            "fan_tb_verify",
        )?;
        Ok(bad)
    }
}

impl Drop for Tablebase {
    fn drop(&mut self) {
        // SAFETY: the handle is live and dropped once.
        unsafe { ffi::fan_tb_close(self.raw.as_ptr()) };
    }
}
