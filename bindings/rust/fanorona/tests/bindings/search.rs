// SPDX-License-Identifier: MIT
//! The search through the safe wrapper: legal answers and lines,
//! repeatable results, decided positions checked against the legal turns,
//! progress, stopping from another thread and refused arguments.
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fanorona::{
    ffi, search, Color, ErrorKind, Outcome, Position, Rules, Search, SearchLimits, SearchOptions,
    SearchResult, StepKind, Turn,
};

fn custom(white: &str, black: &str, side: Color) -> Position {
    Position::custom(white.parse().unwrap(), black.parse().unwrap(), side, Rules::Stop).unwrap()
}

/// pv[0] is best, and every turn of the line is legal after the previous.
fn check_line(pos: &Position, r: &SearchResult) {
    assert!(!r.pv.is_empty());
    assert_eq!(r.pv[0], r.best);
    let mut replay = pos.clone();
    for turn in &r.pv {
        let legal: Vec<Turn> = replay.legal_turns().unwrap().collect();
        assert!(legal.contains(turn), "{turn} is not legal in {replay}");
        assert_eq!(replay.parse_turn(&turn.to_string()).unwrap(), *turn);
        replay.play(turn).unwrap();
    }
}

/// Whether playing turn ends the game with `loser` beaten.
fn ends_game(pos: &Position, turn: &Turn, loser: Color) -> bool {
    let mut after = pos.clone();
    after.play(turn).unwrap();
    let winner = if loser == Color::Black { Outcome::WhiteWins } else { Outcome::BlackWins };
    after.result().outcome == winner
}

#[test]
fn depth_limited_from_start() {
    let pos = Position::new(Rules::Stop).unwrap();
    let before = pos.to_string();
    let r = pos.search(&SearchLimits::default().depth(3)).unwrap();
    assert!(pos.legal_turns().unwrap().any(|t| t == r.best));
    assert_eq!(r.depth, 3);
    assert!(r.nodes > 0);
    assert_eq!(pos.to_string(), before);
    check_line(&pos, &r);
    assert!(!r.is_win() && !r.is_loss());
    assert_eq!(r.turns_to_end(), None);
    check_line(
        &Position::new(Rules::Must).unwrap(),
        &search(&Position::new(Rules::Must).unwrap(), &SearchLimits::default().depth(3)).unwrap(),
    );
}

#[test]
fn mid_chain() {
    let mut pos = Position::new(Rules::Stop).unwrap();
    pos.play_str("d3-e3W").unwrap();
    pos.play_step("b4".parse().unwrap(), "c3".parse().unwrap(), StepKind::Approach).unwrap();
    assert!(pos.in_chain());
    let r = pos.search(&SearchLimits::default().depth(3)).unwrap();
    assert_eq!(r.best.origin().to_string(), "b4");
    check_line(&pos, &r);
}

#[test]
fn deterministic() {
    let mut pos = Position::new(Rules::Stop).unwrap();
    pos.play_str("d3-e3W").unwrap();
    let limits = SearchLimits::default().depth(3);
    let a = pos.search(&limits).unwrap();
    let mut b = pos.search(&limits).unwrap();
    b.time_ms = a.time_ms; // the one field that depends on timing
    assert_eq!(a, b);
    let mut s = Search::with_options(&SearchOptions { threads: 1, hash_mib: 1 }).unwrap();
    s.run(&Position::new(Rules::Stop).unwrap(), &SearchLimits::default().depth(3)).unwrap();
    s.clear().unwrap();
    let mut c = s.run(&pos, &limits).unwrap();
    c.time_ms = a.time_ms;
    assert_eq!(a, c);
}

#[test]
fn win_in_one() {
    // c3-d3 approaches and takes Black's only piece on e3.
    let pos = custom("c3", "e3", Color::White);
    let winning: Vec<Turn> =
        pos.legal_turns().unwrap().filter(|t| ends_game(&pos, t, Color::Black)).collect();
    assert!(!winning.is_empty());
    let r = pos.search(&SearchLimits::default().depth(3)).unwrap();
    assert!(winning.contains(&r.best));
    assert!(r.is_win() && !r.is_loss());
    assert_eq!(r.turns_to_end(), Some(1));
    assert_eq!(r.score, ffi::FAN_SCORE_WIN - 1);
}

#[test]
fn lost_in_two() {
    // Black's lone a1 has three paikas; White captures after each.
    let pos = custom("d1 a4 d4", "a1", Color::Black);
    for t in pos.legal_turns().unwrap() {
        assert!(t.captured().is_empty());
        let mut after = pos.clone();
        after.play(&t).unwrap();
        assert!(after.legal_turns().unwrap().any(|w| ends_game(&after, &w, Color::Black)));
    }
    let r = pos.search(&SearchLimits::default().depth(4)).unwrap();
    assert!(r.is_loss() && !r.is_win());
    assert_eq!(r.turns_to_end(), Some(2));
    assert_eq!(r.score, -(ffi::FAN_SCORE_WIN - 2));
    assert_eq!(r.pv.len(), 2);
    check_line(&pos, &r);
}

#[test]
fn progress() {
    let pos = Position::new(Rules::Stop).unwrap();
    let s = Search::with_options(&SearchOptions { threads: 1, hash_mib: 1 }).unwrap();
    let mut depths = Vec::new();
    let r = s
        .run_with_progress(&pos, &SearchLimits::default().depth(3), |line| {
            check_line(&pos, line);
            depths.push(line.depth);
            false
        })
        .unwrap();
    assert_eq!(depths, [1, 2, 3]);
    assert_eq!(r.depth, 3);
    // true stops after that iteration
    let r = s.run_with_progress(&pos, &SearchLimits::default().depth(10), |_| true).unwrap();
    assert_eq!(r.depth, 1);
    // a panic in the closure comes out of run_with_progress
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        s.run_with_progress(&pos, &SearchLimits::default().depth(10), |_| panic!("boom"))
    }));
    assert!(caught.is_err());
    // and the handle still works
    assert!(s.run(&pos, &SearchLimits::default().depth(1)).is_ok());
}

#[test]
fn stop_from_another_thread() {
    let pos = Position::new(Rules::Stop).unwrap();
    let s = Search::with_options(&SearchOptions { threads: 1, hash_mib: 1 }).unwrap();
    let start = Instant::now();
    let r = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let (searched, s) = (pos.clone(), &s);
        let worker = scope.spawn(move || {
            s.run_with_progress(&searched, &SearchLimits::default(), move |_| {
                let _ = tx.send(());
                false
            })
        });
        rx.recv_timeout(Duration::from_secs(10)).expect("an iteration completed");
        // a second search on the same handle is refused meanwhile
        let other = Position::new(Rules::Stop).unwrap();
        let e = s.run(&other, &SearchLimits::default().depth(1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TurnState);
        s.stop();
        worker.join().unwrap().unwrap()
    });
    assert!(start.elapsed() < Duration::from_secs(5));
    check_line(&pos, &r);
}

#[test]
fn stop_racing_the_start() {
    let pos = Position::new(Rules::Stop).unwrap();
    let s = Search::with_options(&SearchOptions { threads: 1, hash_mib: 1 }).unwrap();
    let r = std::thread::scope(|scope| {
        let (searched, s) = (pos.clone(), &s);
        let worker =
            scope.spawn(move || s.run(&searched, &SearchLimits::default().time_ms(60_000)));
        let deadline = Instant::now() + Duration::from_secs(5);
        while !worker.is_finished() && Instant::now() < deadline {
            s.stop();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(worker.is_finished(), "the search did not stop");
        worker.join().unwrap().unwrap()
    });
    check_line(&pos, &r);
}

#[test]
fn bad_arguments() {
    let pos = Position::new(Rules::Stop).unwrap();
    let range = |limits: SearchLimits| {
        let e = pos.search(&limits).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfRange, "{limits:?}");
        assert_eq!(e.function(), "fan_search_run");
    };
    range(SearchLimits::default().depth(ffi::FAN_SEARCH_MAX_DEPTH + 1));
    range(SearchLimits::default().depth(1).level(ffi::FAN_SEARCH_MAX_LEVEL + 1));
    range(SearchLimits::default().depth(1).multipv(ffi::FAN_SEARCH_MAX_MULTIPV + 1));
    let e = Search::with_options(&SearchOptions { threads: 1, hash_mib: ffi::FAN_SEARCH_MAX_HASH_MIB + 1 })
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::OutOfRange);
    assert_eq!(e.function(), "fan_search_new");
    let e = Search::with_options(&SearchOptions { threads: ffi::FAN_SEARCH_MAX_THREADS + 1, hash_mib: 1 })
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::OutOfRange);
    // options belong to the handle; a refused change keeps them
    let mut s = Search::with_options(&SearchOptions { threads: 2, hash_mib: 2 }).unwrap();
    assert_eq!(s.options(), SearchOptions { threads: 2, hash_mib: 2 });
    s.configure(&SearchOptions { threads: 1, hash_mib: 1 }).unwrap();
    assert_eq!(s.options(), SearchOptions { threads: 1, hash_mib: 1 });
    let bad = SearchOptions { threads: 3, hash_mib: ffi::FAN_SEARCH_MAX_HASH_MIB + 1 };
    assert_eq!(s.configure(&bad).unwrap_err().kind(), ErrorKind::OutOfRange);
    assert_eq!(s.options(), SearchOptions { threads: 1, hash_mib: 1 });
    assert_eq!(SearchOptions::default(), SearchOptions { threads: 1, hash_mib: 0 });
    let mut over = custom("c3", "e3", Color::White);
    over.play_str("c3-d3A").unwrap();
    assert!(over.is_over());
    let e = over.search(&SearchLimits::default().depth(1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::GameOver);
}

#[test]
fn clock_and_analyse() {
    let pos = Position::new(Rules::Stop).unwrap();
    let s = Search::new().unwrap();
    let r = s.run(&pos, &SearchLimits::default().clock(2000, 10)).unwrap();
    // the library stops at about 255 ms (three shares of 85 ms); the rest
    // is slack for a loaded machine (274 ms seen beside two matches): what
    // matters is that a share of the clock is spent, not the clock
    assert!(r.time_ms <= 500, "a 2 s clock took {} ms", r.time_ms);
    let lines = s.analyse(&pos, &SearchLimits::default().depth(3).multipv(3)).unwrap();
    assert_eq!(lines.iter().map(|l| l.line).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(lines.iter().all(|l| l.depth == 3));
    assert!(lines[0].score >= lines[1].score && lines[1].score >= lines[2].score);
    assert!(lines[0].best != lines[1].best && lines[1].best != lines[2].best);
    assert_eq!(lines[0].best, s.run(&pos, &SearchLimits::default().depth(3)).unwrap().best);
}
