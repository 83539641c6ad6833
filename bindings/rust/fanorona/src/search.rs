// SPDX-License-Identifier: MIT
//! The game-tree search (doc/search.md): a handle, its limits and results,
//! for Fanorona and for Fanorona Chess (one handle searches both games).
use std::any::Any;
use std::os::raw::{c_int, c_void};
use std::panic::{self, AssertUnwindSafe};
use std::ptr::{self, NonNull};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::chess::{ChessMove, ChessPosition};
use crate::error::{check, Error, Result};
use crate::ffi;
use crate::moves::Turn;
use crate::position::Position;

/// How a search handle is set up (`fan_search_options`): its threads and
/// its transposition table. They belong to the handle ([`Search::with_options`],
/// [`Search::configure`]), not to one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// 1: one thread, deterministic; more: Lazy SMP; 0: one per processor.
    pub threads: u32,
    /// The table in MiB; 0: the library's default (16).
    pub hash_mib: u32,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        let o = ffi::fan_search_options::default();
        SearchOptions { threads: o.threads, hash_mib: o.hash_mib }
    }
}

impl SearchOptions {
    fn to_c(self) -> ffi::fan_search_options {
        ffi::fan_search_options {
            threads: self.threads,
            hash_mib: self.hash_mib,
            ..ffi::fan_search_options::default()
        }
    }
}

/// What a search may spend and how it plays (`fan_search_limits`).
/// `None` means "no limit"; with no limit at all the search runs until
/// [`Search::stop`]. The builder methods set one field each:
/// `SearchLimits::default().depth(6).multipv(2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Full-width depth in turns.
    pub depth: Option<u32>,
    /// Positions to search, all threads together.
    pub nodes: Option<u64>,
    /// A fixed time for the turn in milliseconds, used whole.
    pub time_ms: Option<u64>,
    /// The time left on the mover's clock in milliseconds: the library
    /// decides how much of it to spend, and never all of it.
    pub clock_ms: Option<u64>,
    /// Added to the clock after each turn.
    pub increment_ms: u64,
    /// Turns until the clock is refilled (0: none).
    pub moves_to_go: u32,
    /// Lines reported to the progress closure.
    pub multipv: u32,
    /// 1..10 plays weaker (1 weakest); `None` is full strength.
    pub level: Option<u32>,
    /// The randomness of levels: the same seed, the same play.
    pub seed: u64,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: None,
            clock_ms: None,
            increment_ms: 0,
            moves_to_go: 0,
            multipv: 1,
            level: None,
            seed: 0,
        }
    }
}

impl SearchLimits {
    /// Sets [`SearchLimits::depth`].
    pub fn depth(mut self, depth: u32) -> SearchLimits {
        self.depth = Some(depth);
        self
    }
    /// Sets [`SearchLimits::nodes`].
    pub fn nodes(mut self, nodes: u64) -> SearchLimits {
        self.nodes = Some(nodes);
        self
    }
    /// Sets [`SearchLimits::time_ms`].
    pub fn time_ms(mut self, ms: u64) -> SearchLimits {
        self.time_ms = Some(ms);
        self
    }
    /// Sets the clock: [`SearchLimits::clock_ms`] and
    /// [`SearchLimits::increment_ms`].
    pub fn clock(mut self, left_ms: u64, increment_ms: u64) -> SearchLimits {
        self.clock_ms = Some(left_ms);
        self.increment_ms = increment_ms;
        self
    }
    /// Sets [`SearchLimits::moves_to_go`].
    pub fn moves_to_go(mut self, moves: u32) -> SearchLimits {
        self.moves_to_go = moves;
        self
    }
    /// Sets [`SearchLimits::multipv`].
    pub fn multipv(mut self, lines: u32) -> SearchLimits {
        self.multipv = lines;
        self
    }
    /// Sets [`SearchLimits::level`].
    pub fn level(mut self, level: u32) -> SearchLimits {
        self.level = Some(level);
        self
    }
    /// Sets [`SearchLimits::seed`].
    pub fn seed(mut self, seed: u64) -> SearchLimits {
        self.seed = seed;
        self
    }

    fn to_c(self) -> ffi::fan_search_limits {
        ffi::fan_search_limits {
            max_depth: self.depth.unwrap_or(0),
            max_nodes: self.nodes.unwrap_or(0),
            time_ms: self.time_ms.unwrap_or(0),
            clock_ms: self.clock_ms.unwrap_or(0),
            increment_ms: self.increment_ms,
            moves_to_go: self.moves_to_go,
            multipv: self.multipv,
            level: self.level.unwrap_or(0),
            seed: self.seed,
            ..ffi::fan_search_limits::default()
        }
    }
}

/// One line found by a search: the turn to play, its score and the
/// principal variation (each turn legal after the previous; `pv[0]` is
/// `best`). Scores are hundredths of a piece from the side to move's
/// view; [`SearchResult::is_win`], [`SearchResult::is_loss`] and
/// [`SearchResult::turns_to_end`] decode a decided game as the
/// `FAN_SCORE_*` macros do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The turn to play.
    pub best: Turn,
    /// Hundredths of a piece from the side to move's view, or a decided
    /// game's score (see [`SearchResult::is_win`]).
    pub score: i32,
    /// The principal variation, `pv[0] == best`.
    pub pv: Vec<Turn>,
    /// Last completed full-width depth.
    pub depth: u32,
    /// Deepest turn reached, captures included.
    pub seldepth: u32,
    /// Positions searched, all threads.
    pub nodes: u64,
    /// Wall-clock time spent, in milliseconds.
    pub time_ms: u64,
    /// 1-based line number (multi-PV).
    pub line: u32,
}

impl SearchResult {
    fn from_c(r: &ffi::fan_search_result, pos: &Position) -> Result<SearchResult> {
        // Each turn is given its path in the position it is played from,
        // so that it prints in notation.
        let mut replay = pos.try_clone()?;
        let n = (r.pv_length as usize).min(ffi::FAN_SEARCH_PV_MAX);
        let mut pv = Vec::with_capacity(n);
        for &effect in &r.pv[..n] {
            let mut path = ffi::fan_path::default();
            // SAFETY: valid pointers.
            check(
                unsafe { ffi::fan_position_turn_path(&mut path, replay.ptr(), effect) },
                "fan_position_turn_path",
            )?;
            pv.push(Turn::from_path(path));
            replay.play_effect(effect)?;
        }
        let best = match pv.first() {
            Some(&t) if r.pv[0] == r.best => t,
            _ => {
                return Err(Error::with_detail(
                    ffi::FAN_ESTATE,
                    "fan_search_run",
                    "the line does not start with the best turn".into(),
                ))
            }
        };
        Ok(SearchResult {
            best,
            score: r.score,
            pv,
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time_ms: r.time_ms,
            line: r.line,
        })
    }

    /// FAN_SCORE_IS_WIN: the side to move wins.
    pub fn is_win(&self) -> bool {
        score_is_win(self.score)
    }

    /// FAN_SCORE_IS_LOSS: the side to move loses.
    pub fn is_loss(&self) -> bool {
        score_is_loss(self.score)
    }

    /// FAN_SCORE_TURNS: complete turns of both sides until the game ends,
    /// for a won or lost game.
    pub fn turns_to_end(&self) -> Option<u32> {
        score_distance(self.score)
    }
}

// The FAN_SCORE_* macros of fanorona.h; the chess search uses the same
// encoding with plies for turns.
fn score_is_win(score: i32) -> bool {
    score > ffi::FAN_SCORE_WIN - ffi::FAN_SCORE_DECISIVE_TURNS
}

fn score_is_loss(score: i32) -> bool {
    score < -(ffi::FAN_SCORE_WIN - ffi::FAN_SCORE_DECISIVE_TURNS)
}

fn score_distance(s: i32) -> Option<u32> {
    (score_is_win(s) || score_is_loss(s))
        .then(|| if s > 0 { ffi::FAN_SCORE_WIN - s } else { ffi::FAN_SCORE_WIN + s } as u32)
}

/// One line found by a search of a Fanorona Chess position
/// ([`Search::run_chess`]): the move to play, its score and the principal
/// variation (each move legal after the previous; `pv[0]` is `best`).
/// Scores are centipawns from the side to move's view; a decided game
/// (checkmate or stalemate of the loser, both losses) is decoded by
/// [`ChessSearchResult::is_win`], [`ChessSearchResult::is_loss`] and
/// [`ChessSearchResult::plies_to_end`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessSearchResult {
    /// The move to play.
    pub best: ChessMove,
    /// Centipawns from the side to move's view, or a decided game's score.
    pub score: i32,
    /// The principal variation, `pv[0] == best`.
    pub pv: Vec<ChessMove>,
    /// Last completed full-width depth, in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Positions searched, all threads.
    pub nodes: u64,
    /// Wall-clock time spent, in milliseconds.
    pub time_ms: u64,
    /// 1-based line number (multi-PV).
    pub line: u32,
}

impl ChessSearchResult {
    fn from_c(r: &ffi::fan_chess_search_result, pos: &ChessPosition) -> Result<ChessSearchResult> {
        // Each move gets its notation in the position it is played from.
        let mut replay = pos.try_clone()?;
        let n = (r.pv_length as usize).min(ffi::FAN_SEARCH_PV_MAX);
        let mut pv = Vec::with_capacity(n);
        for &value in &r.pv[..n] {
            let mv = replay.notation(value)?;
            replay.push(&mv)?;
            pv.push(mv);
        }
        let best = match pv.first() {
            Some(m) if r.pv[0] == r.best => m.clone(),
            _ => {
                return Err(Error::with_detail(
                    ffi::FAN_ESTATE,
                    "fan_chess_search_run",
                    "the line does not start with the best move".into(),
                ))
            }
        };
        Ok(ChessSearchResult {
            best,
            score: r.score,
            pv,
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time_ms: r.time_ms,
            line: r.line,
        })
    }

    /// The side to move wins (mates or stalemates the other).
    pub fn is_win(&self) -> bool {
        score_is_win(self.score)
    }

    /// The side to move loses.
    pub fn is_loss(&self) -> bool {
        score_is_loss(self.score)
    }

    /// Plies (moves of both sides) until the game ends, for a won or lost
    /// game.
    pub fn plies_to_end(&self) -> Option<u32> {
        score_distance(self.score)
    }
}

/// The multi-PV line number of a result, for [`analyse_lines`].
trait Line: Clone {
    fn line(&self) -> u32;
}

impl Line for SearchResult {
    fn line(&self) -> u32 {
        self.line
    }
}

impl Line for ChessSearchResult {
    fn line(&self) -> u32 {
        self.line
    }
}

/// The lines of the last completed iteration of a search that `run`
/// carries out with a progress closure, best first.
fn analyse_lines<R: Line>(
    run: impl FnOnce(&mut dyn FnMut(&R) -> bool) -> Result<R>,
) -> Result<Vec<R>> {
    let mut lines: Vec<R> = Vec::new();
    let best = run(&mut |line: &R| {
        // every line comes after each completed iteration: a line
        // number seen again starts a newer iteration's report
        let k = line.line() as usize;
        if k <= lines.len() {
            lines.truncate(k.saturating_sub(1));
        }
        lines.push(line.clone());
        false
    })?;
    if lines.is_empty() {
        lines.push(best);
    }
    Ok(lines)
}

/// A search handle: the transposition table, history tables and the work
/// space of its threads. It keeps what it learnt between searches;
/// [`Search::clear`] forgets it. One search runs on a handle at a time
/// (a second [`Search::run`] meanwhile is refused with `TurnState`);
/// [`Search::stop`] may be called from other threads, so a `Search` is
/// shared by reference (`std::thread::scope`). `Drop` frees it.
pub struct Search {
    raw: NonNull<ffi::fan_search>,
    running: Mutex<bool>,
    stop_requested: AtomicBool,
}

// SAFETY: the handle may move between threads; while shared, only
// fan_search_stop() is called concurrently with a search (which the
// library allows), and `running` keeps a second search off it.
unsafe impl Send for Search {}
unsafe impl Sync for Search {}

type Progress<'f, R> = dyn FnMut(&R) -> bool + 'f;

/// What the progress trampoline of a search of position type `P` needs:
/// how a C line `L` becomes a result `R`, and the caller's closure.
struct Context<'a, 'f, P, L, R> {
    pos: &'a P,
    convert: fn(&L, &P) -> Result<R>,
    progress: Option<&'a mut Progress<'f, R>>,
    stop: &'a AtomicBool,
    error: Option<Error>,
    panic: Option<Box<dyn Any + Send>>,
}

unsafe extern "C" fn trampoline<P, L, R>(user: *mut c_void, line: *const L) -> c_int {
    // SAFETY: user is the Context that run_game() passed, alive for the
    // call; line is valid for this call.
    let ctx = unsafe { &mut *(user as *mut Context<'_, '_, P, L, R>) };
    let line = unsafe { &*line };
    let convert = ctx.convert;
    if let Some(progress) = ctx.progress.as_mut() {
        let pos = ctx.pos;
        // No unwinding may cross the C frames: a panic is caught here and
        // resumed once the search has returned.
        match panic::catch_unwind(AssertUnwindSafe(|| convert(line, pos).map(|r| progress(&r)))) {
            Ok(Ok(true)) => return 1,
            Ok(Ok(false)) => {}
            Ok(Err(e)) => {
                ctx.error = Some(e);
                return 1;
            }
            Err(p) => {
                ctx.panic = Some(p);
                return 1;
            }
        }
    }
    // A stop() that raced the start of the search ends it here.
    c_int::from(ctx.stop.load(Ordering::SeqCst))
}

impl Search {
    /// A new handle with one thread and the default table (16 MiB).
    pub fn new() -> Result<Search> {
        Search::with_options(&SearchOptions::default())
    }

    /// A new handle with the given threads and table size.
    pub fn with_options(options: &SearchOptions) -> Result<Search> {
        let c = options.to_c();
        let mut raw = ptr::null_mut();
        // SAFETY: raw is a valid out-pointer, c a valid options struct.
        check(unsafe { ffi::fan_search_new(&mut raw, &c) }, "fan_search_new")?;
        Ok(Search {
            raw: NonNull::new(raw).expect("the library returned FAN_OK and no handle"),
            running: Mutex::new(false),
            stop_requested: AtomicBool::new(false),
        })
    }

    /// Changes the threads and the table size between searches (a table of
    /// a new size starts empty). A refused call changes nothing.
    pub fn configure(&mut self, options: &SearchOptions) -> Result<()> {
        let c = options.to_c();
        // SAFETY: a live handle, not searching (&mut self).
        check(unsafe { ffi::fan_search_configure(self.raw.as_ptr(), &c) }, "fan_search_configure")?;
        Ok(())
    }

    /// The handle's threads and table size now.
    pub fn options(&self) -> SearchOptions {
        let mut c = ffi::fan_search_options::default();
        // SAFETY: valid pointers; the library only reads the handle.
        unsafe { ffi::fan_search_options_get(&mut c, self.raw.as_ptr()) };
        SearchOptions { threads: c.threads, hash_mib: c.hash_mib }
    }

    /// Lets the search read endgame tables (None: no more): covered
    /// positions score exactly, a covered root gets a table-perfect turn.
    /// The borrow keeps the tables open while the handle may use them.
    pub fn set_tables(&mut self, tables: Option<&'static crate::Tablebase>) -> Result<()> {
        let tb = tables.map_or(ptr::null(), |t| t.ptr());
        // SAFETY: a live handle, not searching (&mut self); tb lives forever.
        check(unsafe { ffi::fan_search_set_tables(self.raw.as_ptr(), tb) }, "fan_search_set_tables")?;
        Ok(())
    }

    /// Forgets everything learnt: a cleared handle answers as a new one.
    pub fn clear(&mut self) -> Result<()> {
        // SAFETY: a live handle, not searching (&mut self).
        check(unsafe { ffi::fan_search_clear(self.raw.as_ptr()) }, "fan_search_clear")?;
        Ok(())
    }

    /// Asks the running search to return at once with the best turn of
    /// its last completed iteration (no effect when none runs). Safe from
    /// any thread and from a progress closure. A request that races the
    /// start of the search ends it after its first iteration.
    pub fn stop(&self) {
        let running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if *running {
            self.stop_requested.store(true, Ordering::SeqCst);
            // SAFETY: a live handle; the library allows this call from any
            // thread while a search runs.
            unsafe { ffi::fan_search_stop(self.raw.as_ptr()) };
        }
    }

    /// Searches `pos` (not changed) within `limits` and returns the best
    /// line. With one thread and no time limit the result, node count
    /// included, depends only on the position, the limits and what the
    /// handle has learnt.
    pub fn run(&self, pos: &Position, limits: &SearchLimits) -> Result<SearchResult> {
        self.run_inner(pos, limits, None)
    }

    /// As [`Search::run`], calling `progress` with each line after every
    /// completed iteration (on this thread); returning `true` stops the
    /// search.
    pub fn run_with_progress(
        &self,
        pos: &Position,
        limits: &SearchLimits,
        mut progress: impl FnMut(&SearchResult) -> bool,
    ) -> Result<SearchResult> {
        self.run_inner(pos, limits, Some(&mut progress))
    }

    /// The `limits.multipv` best lines of the last completed iteration,
    /// best first (fewer when the position has fewer turns).
    pub fn analyse(&self, pos: &Position, limits: &SearchLimits) -> Result<Vec<SearchResult>> {
        analyse_lines(|progress| self.run_inner(pos, limits, Some(progress)))
    }

    /// Searches a Fanorona Chess position (not changed) within `limits`
    /// (`fan_chess_search_run()`: depth counts plies) and returns the best
    /// line. The determinism rule of [`Search::run`] holds.
    pub fn run_chess(&self, pos: &ChessPosition, limits: &SearchLimits) -> Result<ChessSearchResult> {
        self.run_chess_inner(pos, limits, None)
    }

    /// As [`Search::run_chess`], calling `progress` with each line after
    /// every completed iteration (on this thread); returning `true` stops
    /// the search.
    pub fn run_chess_with_progress(
        &self,
        pos: &ChessPosition,
        limits: &SearchLimits,
        mut progress: impl FnMut(&ChessSearchResult) -> bool,
    ) -> Result<ChessSearchResult> {
        self.run_chess_inner(pos, limits, Some(&mut progress))
    }

    /// The `limits.multipv` best lines of a Fanorona Chess position,
    /// best first (fewer when it has fewer moves).
    pub fn analyse_chess(
        &self,
        pos: &ChessPosition,
        limits: &SearchLimits,
    ) -> Result<Vec<ChessSearchResult>> {
        analyse_lines(|progress| self.run_chess_inner(pos, limits, Some(progress)))
    }

    fn run_inner(
        &self,
        pos: &Position,
        limits: &SearchLimits,
        progress: Option<&mut Progress<'_, SearchResult>>,
    ) -> Result<SearchResult> {
        let c_limits = limits.to_c();
        let raw = self.raw.as_ptr();
        self.run_game("fan_search_run", pos, SearchResult::from_c, progress, |out, user| {
            // SAFETY: valid pointers; user is the Context of run_game(),
            // which outlives the call, and the library calls the
            // trampoline only on this thread during the call.
            unsafe {
                ffi::fan_search_run(
                    out,
                    raw,
                    pos.ptr(),
                    &c_limits,
                    Some(trampoline::<Position, ffi::fan_search_result, SearchResult>),
                    user,
                )
            }
        })
    }

    fn run_chess_inner(
        &self,
        pos: &ChessPosition,
        limits: &SearchLimits,
        progress: Option<&mut Progress<'_, ChessSearchResult>>,
    ) -> Result<ChessSearchResult> {
        let c_limits = limits.to_c();
        let raw = self.raw.as_ptr();
        let convert = ChessSearchResult::from_c;
        self.run_game("fan_chess_search_run", pos, convert, progress, |out, user| {
            // SAFETY: as in run_inner(); the chess handle is a live one.
            unsafe {
                ffi::fan_chess_search_run(
                    out,
                    raw,
                    pos.ptr() as *const ffi::fan_chess,
                    &c_limits,
                    Some(trampoline::<ChessPosition, ffi::fan_chess_search_result, ChessSearchResult>),
                    user,
                )
            }
        })
    }

    /// One search of either game: marks the handle running (a second
    /// search meanwhile is refused), lets `call` run the library with the
    /// out-line and the trampoline's context, and reads the result.
    fn run_game<P, L: Default, R>(
        &self,
        function: &'static str,
        pos: &P,
        convert: fn(&L, &P) -> Result<R>,
        progress: Option<&mut Progress<'_, R>>,
        call: impl FnOnce(&mut L, *mut c_void) -> c_int,
    ) -> Result<R> {
        {
            let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
            if *running {
                return Err(Error::with_detail(
                    ffi::FAN_ESTATE,
                    function,
                    "a search is already running on this handle".into(),
                ));
            }
            *running = true;
            self.stop_requested.store(false, Ordering::SeqCst);
        }
        let mut out = L::default();
        let mut ctx = Context {
            pos,
            convert,
            progress,
            stop: &self.stop_requested,
            error: None,
            panic: None,
        };
        let code = call(&mut out, &mut ctx as *mut Context<'_, '_, P, L, R> as *mut c_void);
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) = false;
        if let Some(p) = ctx.panic {
            panic::resume_unwind(p);
        }
        if let Some(e) = ctx.error {
            return Err(e);
        }
        check(code, function)?;
        convert(&out, pos)
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        // SAFETY: owned, freed once; no search runs (we hold &mut).
        unsafe { ffi::fan_search_free(self.raw.as_ptr()) }
    }
}

/// Searches `pos` with a fresh handle (16 MiB table), so that equal calls
/// with one thread and no time limit give equal results.
pub fn search(pos: &Position, limits: &SearchLimits) -> Result<SearchResult> {
    Search::new()?.run(pos, limits)
}

impl Position {
    /// [`search`] on this position.
    pub fn search(&self, limits: &SearchLimits) -> Result<SearchResult> {
        search(self, limits)
    }
}

impl ChessPosition {
    /// [`Search::run_chess`] with a fresh handle (16 MiB table), so that
    /// equal calls with one thread and no time limit give equal results.
    pub fn search(&self, limits: &SearchLimits) -> Result<ChessSearchResult> {
        Search::new()?.run_chess(self, limits)
    }
}
