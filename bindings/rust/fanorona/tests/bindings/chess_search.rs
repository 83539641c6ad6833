// SPDX-License-Identifier: MIT
//! The Fanorona Chess search through the safe wrapper
//! ([`Search::run_chess`]): legal answers and lines judged by the rules
//! (the legal moves, the game's result), repeatable results, a mate in one
//! found, multi-PV, stopping from another thread and refused arguments.
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fanorona::chess::ChessPosition;
use fanorona::{ffi, ChessSearchResult, ErrorKind, Search, SearchLimits, SearchOptions};

/// doc/fanorona-chess.md's record: White mates in one (Qe3-a7).
const MATE_IN_1: &str = "kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1";

/// pv[0] is best, and every move of the line is legal after the previous.
fn check_line(pos: &ChessPosition, r: &ChessSearchResult) {
    assert!(!r.pv.is_empty());
    assert_eq!(r.pv[0], r.best);
    let mut replay = pos.try_clone().unwrap();
    for mv in &r.pv {
        assert!(replay.legal_moves().unwrap().contains(mv), "{mv} is not legal");
        assert_eq!(replay.parse_move(&mv.text).unwrap(), *mv);
        replay.push(mv).unwrap();
    }
}

#[test]
fn chess_depth_limited_from_start() {
    let pos = ChessPosition::new().unwrap();
    let before = pos.to_fen().unwrap();
    let r = pos.search(&SearchLimits::default().depth(3)).unwrap();
    assert_eq!(pos.to_fen().unwrap(), before);
    assert!(pos.legal_moves().unwrap().contains(&r.best));
    assert_eq!((r.depth, r.line), (3, 1));
    assert!(r.nodes > 0);
    assert!(!r.is_win() && !r.is_loss());
    assert_eq!(r.plies_to_end(), None);
    check_line(&pos, &r);
}

#[test]
fn chess_deterministic() {
    let mut pos = ChessPosition::new().unwrap();
    pos.push_str("Pc3-c4").unwrap();
    let limits = SearchLimits::default().depth(3);
    let a = pos.search(&limits).unwrap();
    let mut s = Search::new().unwrap();
    let b = s.run_chess(&pos, &limits).unwrap();
    s.clear().unwrap();
    let c = s.run_chess(&pos, &limits).unwrap();
    // everything but the time it took
    let key = |r: &ChessSearchResult| (r.best.clone(), r.score, r.pv.clone(), r.depth, r.nodes);
    assert_eq!(key(&a), key(&b));
    assert_eq!(key(&a), key(&c));
}

#[test]
fn chess_mate_in_one() {
    let mut pos = ChessPosition::from_string(MATE_IN_1).unwrap();
    // the judge: the moves after which the rules say White has won
    let winning: Vec<_> = pos
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| {
            let mut after = pos.try_clone().unwrap();
            after.push(m).unwrap();
            after.result().0 == 1 // FAN_WHITE_WINS
        })
        .collect();
    assert!(winning.iter().any(|m| m.text == "Qe3-a7"));
    let r = pos.search(&SearchLimits::default().depth(3)).unwrap();
    assert!(winning.contains(&r.best), "{} does not win at once", r.best);
    assert!(r.is_win());
    assert_eq!(r.plies_to_end(), Some(1));
    assert_eq!(r.score, ffi::FAN_SCORE_WIN - 1);
    pos.push(&r.best).unwrap();
    let e = pos.search(&SearchLimits::default().depth(1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::GameOver);
}

#[test]
fn chess_progress_and_analyse() {
    let pos = ChessPosition::new().unwrap();
    let s = Search::new().unwrap();
    let mut depths = Vec::new();
    let r = s
        .run_chess_with_progress(&pos, &SearchLimits::default().depth(2), |line| {
            depths.push(line.depth);
            false
        })
        .unwrap();
    assert_eq!(depths, [1, 2]);
    let stopped = s.run_chess_with_progress(&pos, &SearchLimits::default().depth(5), |_| true);
    assert_eq!(stopped.unwrap().depth, 1);
    let lines = s.analyse_chess(&pos, &SearchLimits::default().depth(2).multipv(3)).unwrap();
    assert_eq!(lines.iter().map(|l| l.line).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(lines[0].best, r.best);
    assert!(lines[0].score >= lines[1].score && lines[1].score >= lines[2].score);
    assert!(lines[0].best != lines[1].best && lines[1].best != lines[2].best);
    for line in &lines {
        assert_eq!(line.depth, 2);
        check_line(&pos, line);
    }
    // a clock and a level give legal moves too
    let clocked = s.run_chess(&pos, &SearchLimits::default().clock(2000, 20).moves_to_go(30));
    check_line(&pos, &clocked.unwrap());
    let weak = s.run_chess(&pos, &SearchLimits::default().time_ms(50).level(3).seed(7));
    check_line(&pos, &weak.unwrap());
}

#[test]
fn chess_stop_from_another_thread() {
    let pos = ChessPosition::new().unwrap();
    let s = Search::with_options(&SearchOptions { threads: 1, hash_mib: 1 }).unwrap();
    let start = Instant::now();
    let r = std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let (searched, s) = (pos.try_clone().unwrap(), &s);
        let worker = scope.spawn(move || {
            s.run_chess_with_progress(&searched, &SearchLimits::default(), move |_| {
                let _ = tx.send(());
                false
            })
        });
        rx.recv_timeout(Duration::from_secs(10)).expect("an iteration completed");
        // a second search on the same handle is refused meanwhile
        let other = ChessPosition::new().unwrap();
        let e = s.run_chess(&other, &SearchLimits::default().depth(1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TurnState);
        s.stop();
        worker.join().unwrap().unwrap()
    });
    assert!(start.elapsed() < Duration::from_secs(5));
    check_line(&pos, &r);
}

#[test]
fn chess_bad_arguments() {
    let pos = ChessPosition::new().unwrap();
    let s = Search::new().unwrap();
    let e = s.run_chess(&pos, &SearchLimits::default().depth(1).level(11)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfRange);
    let e = s.run_chess(&pos, &SearchLimits::default().depth(1).multipv(1000)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfRange);
}
