// SPDX-License-Identifier: MIT
//! Fanorona Chess from Rust, against figures worked out by hand
//! (doc/fanorona-chess.md, tests/test-chess-rules.c).
use fanorona::chess::ChessPosition;
use fanorona::ErrorKind;

const START: &str = "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1";

#[test]
fn start_moves_and_perft() {
    let pos = ChessPosition::new().unwrap();
    assert_eq!(pos.to_fen().unwrap(), START);
    let mut moves: Vec<String> = pos.legal_moves().unwrap().iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["Kc1-a2", "Kc1-e2", "Pa3-a4", "Pa3-b4", "Pb3-b4", "Pc3-b4",
                       "Pc3-c4", "Pc3-d4", "Pd3-d4", "Pe3-d4", "Pe3-e4"]);
    let counts: Vec<u64> = (0..4).map(|d| pos.perft(d).unwrap()).collect();
    assert_eq!(counts, [1, 11, 121, 1630]);
    let total: u64 = pos.divide(2).unwrap().iter().map(|(_, n)| n).sum();
    assert_eq!(total, 121);
}

#[test]
fn push_pop_and_errors() {
    let mut pos = ChessPosition::new().unwrap();
    pos.push_str("Kc1-a2").unwrap();
    assert!(!pos.white_to_move());
    assert_eq!(pos.push_str("Pc3-c4").unwrap_err().kind(), ErrorKind::Illegal);
    pos.pop().unwrap();
    assert!(pos == ChessPosition::new().unwrap());
    pos.redo().unwrap();
    assert_eq!(pos.history_length(), 1);
    let e = ChessPosition::from_string(&START.replace(" w ", " x ")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Parse);
    assert_eq!(e.offset(), Some(START.find(" w ").unwrap() as u32 + 1));
}

#[test]
fn both_modes_and_mate() {
    let pos = ChessPosition::from_string("4k/5/5/5/p1Rp1/5/5/5/4K w - - - 0 1").unwrap();
    assert_eq!(pos.parse_move("Rc5-b5").unwrap_err().kind(), ErrorKind::Ambiguous);
    let m = pos.parse_move("Rc5-b5A").unwrap();
    assert_eq!((m.kind(), m.captured()), (2, Some(20))); // a5 = file 0 + 5 * rank 4
    let mut mate = ChessPosition::from_string("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1").unwrap();
    mate.push_str("Qe3-a7").unwrap();
    assert!(mate.in_check());
    assert_eq!(mate.result(), (1, 1)); // White wins by checkmate
    let again = ChessPosition::from_record(&mate.record().unwrap()).unwrap();
    assert!(again == mate);
    let svg = mate.svg(1, None).unwrap();
    assert_eq!(svg.matches("class=\"piece white\"").count(), 5);
}
