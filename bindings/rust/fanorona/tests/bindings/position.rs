// SPDX-License-Identifier: MIT
//! The safe wrapper against positions worked out by hand from the rules.
use std::collections::{HashMap, HashSet};

use fanorona::{
    Color, Count, Direction, ErrorKind, GameResult, Outcome, Position, Reason, Rules, Square, SquareSet,
    StepKind, Turn,
};

const START: &str = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -";

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(names: &str) -> SquareSet {
    names.parse().unwrap()
}

/// White's five opening captures onto e3 and what each removes: the run
/// of black pieces beyond e3 (approach) or behind the origin (withdrawal).
fn opening() -> HashMap<&'static str, SquareSet> {
    HashMap::from([
        ("d2-e3A", set("f4 g5")),
        ("e2-e3A", set("e4 e5")),
        ("f2-e3A", set("d4 c5")),
        ("d3-e3A", set("f3")),
        ("d3-e3W", set("c3")),
    ])
}

#[test]
fn squares() {
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("E3").index(), 22);
    assert_eq!(sq("i5").index(), 44);
    assert_eq!(Square::new(22).unwrap().to_string(), "e3");
    assert!(sq("e3").is_strong() && !sq("e2").is_strong());
    assert_eq!(set("c3, a1").to_string(), "a1 c3");
    assert_eq!(Square::new(45).unwrap_err().kind(), ErrorKind::OutOfRange);
}

#[test]
fn start_position() {
    let pos = Position::new(Rules::Stop).unwrap();
    assert_eq!(pos.to_string(), START);
    assert_eq!(format!("{pos:?}"), format!("Position({START:?})"));
    assert_eq!(pos.pieces(Color::White).len(), 22);
    assert_eq!(pos.pieces(Color::Black).len(), 22);
    assert_eq!(pos.piece(sq("e3")), None);
    assert_eq!(pos.piece(sq("d3")), Some(Color::White));
    assert_eq!(pos.piece(sq("c3")), Some(Color::Black));
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.result(), GameResult { outcome: Outcome::Ongoing, reason: Reason::None });
    assert!(!pos.result().is_over() && pos.result().winner().is_none());
    assert_eq!(pos.result().to_string(), "ongoing");
    let board = pos.board().to_string();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "5 B-B-B-B-B-B-B-B-B");
    assert_eq!(lines[1], "  |\\|/|\\|/|\\|/|\\|/|");
    assert_eq!(lines[4], "3 B-W-B-W-.-B-W-B-W");
    assert_eq!(lines[9], "  a b c d e f g h i");
    assert_eq!(START.parse::<Position>().unwrap(), pos);
}

#[test]
fn opening_turns_and_steps() {
    let pos = Position::new(Rules::Stop).unwrap();
    let want = opening();
    let turns: Vec<Turn> = pos.legal_turns().unwrap().collect();
    assert_eq!(turns.len(), 5);
    for t in &turns {
        assert_eq!(t.captured(), want[t.to_string().as_str()], "{t}");
        assert_eq!(t.destination(), sq("e3"));
    }
    for s in pos.legal_steps().unwrap() {
        assert_eq!(s.captures, want[s.to_string().as_str()], "{s}");
    }
    assert_eq!(pos.movable(), set("d2 e2 f2 d3"));
    assert_eq!(pos.destinations(sq("d3")), set("e3"));
    assert!(pos.must_capture());
    // perft 2 is the sum of the replies after each opening
    let mut total = 0;
    for t in pos.legal_turns().unwrap() {
        let mut after = pos.clone();
        after.play(&t).unwrap();
        total += after.legal_turns().unwrap().count() as u64;
    }
    assert_eq!(pos.perft(1, Count::Unique).unwrap(), 5);
    assert_eq!(pos.perft(2, Count::Unique).unwrap(), total);
    let divide = pos.divide(2, Count::Unique).unwrap();
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), total);
}

#[test]
fn notation_round_trip() {
    let pos = Position::new(Rules::Stop).unwrap();
    for t in pos.legal_paths().unwrap() {
        let read: Turn = t.to_string().parse().unwrap();
        assert!(!read.is_resolved());
        assert_eq!(read.to_string(), t.to_string());
        assert_eq!(pos.resolve(&read).unwrap(), t);
    }
    let short: Turn = "d2e3".parse().unwrap();
    assert_eq!(pos.resolve(&short).unwrap().to_string(), "d2-e3A");
    let both: Turn = "d3-e3".parse().unwrap();
    assert_eq!(pos.resolve(&both).unwrap_err().kind(), ErrorKind::Ambiguous);
    // "b2a3" is b2 then a3, not b2 with an 'a' mode letter
    let t: Turn = "b2a3".parse().unwrap();
    assert_eq!(t.to_string(), "b2-a3");
    // the library reads notation too, with its offset and reason
    let e = pos.parse_turn("d3-e3").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Ambiguous);
    assert!(e.to_string().contains("d3-e3A") && e.to_string().contains("d3-e3W"), "{e}");
    assert_eq!(pos.parse_turn("d3e3W").unwrap().to_string(), "d3-e3W");
    assert_eq!(pos.parse_turn("d3-e3W").unwrap().compact(), "d3e3W");
    assert_eq!(pos.parse_step("d2-e3").unwrap().captures, set("f4 g5"));
    assert_eq!(pos.parse_turn("d3-e3w").unwrap_err().kind(), ErrorKind::Parse);
    for bad in ["", "e3", "e3-", "z1-z2", "d3-e3X", "D3-e3W", "d3-e3w", "d3-e3We4A", "d3 e3"] {
        assert_eq!(bad.parse::<Turn>().unwrap_err().kind(), ErrorKind::Parse, "{bad:?}");
    }
}

#[test]
fn play_undo_redo_clone() {
    let mut pos = Position::new(Rules::Must).unwrap();
    let start = pos.clone();
    let turn = pos.play_str("d3-e3W").unwrap();
    assert_eq!(pos.piece(sq("c3")), None);
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_ne!(pos, start);
    assert_eq!(start.turns_played(), 0);
    assert_eq!(pos.history().unwrap(), vec![turn]);
    pos.undo().unwrap();
    assert_eq!(pos, start);
    let hash = |p: &Position| {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        p.hash(&mut h);
        h.finish()
    };
    assert_eq!(hash(&pos), hash(&start));
    pos.redo().unwrap();
    assert_eq!(pos.turns_played(), 1);
    assert_eq!(pos.rules(), Rules::Must);
}

// White a1 against Black c1 and b3 (and i5): a1-b1A takes c1; from the
// weak point b1 the chain can go on only north, b1-b2A taking b3.
fn chain_position(rules: Rules) -> Position {
    Position::custom(set("a1"), set("c1 b3 i5"), Color::White, rules).unwrap()
}

#[test]
fn chain_step_by_step() {
    let mut pos = chain_position(Rules::Stop);
    let steps: Vec<String> = pos.legal_steps().unwrap().map(|s| s.to_string()).collect();
    assert_eq!(steps, ["a1-b1A"]);
    pos.play_step(sq("a1"), sq("b1"), StepKind::Any).unwrap();
    assert!(pos.in_chain() && pos.can_end_turn());
    assert_eq!(pos.active_piece(), Some(sq("b1")));
    assert_eq!(pos.last_direction(), Some(Direction::E));
    assert_eq!(pos.visited(), set("a1 b1"));
    assert_eq!(pos.chain_captured(), set("c1"));
    assert_eq!(pos.chain_path().unwrap().to_string(), "a1-b1A");
    let next: Vec<_> = pos.legal_steps().unwrap().collect();
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].captures, set("b3"));
    let completions: HashSet<String> = pos.legal_turns().unwrap().map(|t| t.to_string()).collect();
    assert!(completions.contains("a1-b1A-b2A"));
    assert!(completions.iter().all(|t| t.starts_with("a1-b1A")));
    pos.end_turn().unwrap();
    assert_eq!(pos.pieces(Color::Black), set("b3 i5"));

    let mut must = chain_position(Rules::Must);
    must.play_step(sq("a1"), sq("b1"), StepKind::Approach).unwrap();
    assert_eq!(must.end_turn().unwrap_err().kind(), ErrorKind::TurnState);
    must.play_step(sq("b1"), sq("b2"), StepKind::Any).unwrap();
    assert!(!must.in_chain());
    assert_eq!(must.history().unwrap()[0].captured(), set("c1 b3"));
}

#[test]
fn records() {
    let mut pos = Position::new(Rules::Stop).unwrap();
    pos.play_str("d3-e3W").unwrap();
    pos.play_str("b4-c3A").unwrap();
    let record = pos.record().unwrap();
    assert!(record.contains("1. d3-e3W 2. b4-c3A"), "{record}");
    let again = Position::from_record(&record).unwrap();
    assert_eq!(again, pos);
    assert_eq!(again.history().unwrap(), pos.history().unwrap());
    // Black cannot play d2-e3A: the library names the turn and its place
    let text = "1. d3-e3W 2. d2-e3A";
    let e = Position::from_record(text).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Illegal);
    assert_eq!(e.offset(), Some(text.find("d2-e3A").unwrap() as u32));
    assert!(e.to_string().contains("turn 2"), "{e}");
}

#[test]
fn results() {
    let mut pos = Position::custom(set("a1"), set("c1"), Color::White, Rules::Stop).unwrap();
    pos.play_str("a1-b1A").unwrap();
    assert_eq!(pos.result(), GameResult { outcome: Outcome::WhiteWins, reason: Reason::NoPieces });
    assert_eq!(pos.result().winner(), Some(Color::White));
    assert_eq!(pos.result().to_string(), "white wins (the player to move has no pieces)");
    assert_eq!(pos.legal_turns().unwrap().count(), 0);
    // Black's a1 has every neighbour taken: no paika, no capture
    let stuck = Position::custom(set("b1 a2 b2"), set("a1"), Color::Black, Rules::Stop).unwrap();
    assert_eq!(stuck.result(), GameResult { outcome: Outcome::WhiteWins, reason: Reason::NoMoves });
}

#[test]
fn svg_picture() {
    let pos = Position::new(Rules::Stop).unwrap();
    let turn = pos.resolve(&"d3-e3W".parse().unwrap()).unwrap();
    let svg = pos.svg(set("d3 e3"), Some(&turn), true).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"piece white\"").count(), 22);
    assert_eq!(svg.matches("class=\"piece black\"").count(), 22);
    assert_eq!(svg.matches("class=\"highlight\"").count(), 2);
    assert_eq!(svg.matches("class=\"arrow\"").count(), 1);
    assert_eq!(svg.matches("class=\"captured\"").count(), 1);
    assert_eq!(svg.matches("<text").count(), 14);
    assert_eq!(pos.svg(SquareSet::EMPTY, None, false).unwrap().matches("<text").count(), 0);
}
