// SPDX-License-Identifier: MIT
//! Every refusal as an Error with the library's code and message.
use std::ffi::CStr;

use fanorona::{ffi, Color, Count, ErrorKind, PerftOptions, Position, Rules, Square, SquareSet, StepKind};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(names: &str) -> SquareSet {
    names.parse().unwrap()
}

fn library_text(code: i32) -> String {
    // SAFETY: a static string for every code.
    unsafe { CStr::from_ptr(ffi::fan_strerror(code)) }.to_string_lossy().into_owned()
}

fn expect<T: std::fmt::Debug>(r: fanorona::Result<T>, kind: ErrorKind, code: i32) -> fanorona::Error {
    let e = r.expect_err("the call should be refused");
    assert_eq!(e.kind(), kind, "{e}");
    assert_eq!(e.code(), code);
    assert_eq!(e.message(), library_text(code));
    assert!(e.to_string().starts_with(&e.message()));
    e
}

#[test]
fn every_code() {
    let mut pos = Position::new(Rules::Stop).unwrap();
    let e = expect(pos.perft(65, Count::Unique), ErrorKind::OutOfRange, -2);
    assert_eq!(e.function(), "fan_perft");
    let e = expect(
        pos.perft_with(2, Count::Unique, &PerftOptions { threads: 257, hash_mib: 0 }),
        ErrorKind::OutOfRange,
        -2,
    );
    assert_eq!(e.function(), "fan_perft_ex");
    expect(pos.perft_with(2, Count::Paths, &PerftOptions { threads: 1, hash_mib: 65537 }), ErrorKind::OutOfRange, -2);
    expect(Square::new(-1), ErrorKind::OutOfRange, -2);
    expect(pos.svg(SquareSet(1 << 45), None, false), ErrorKind::OutOfRange, -2);
    // a paika while a capture exists, with the library's reason
    let e = expect(pos.play_step(sq("a1"), sq("a2"), StepKind::Any), ErrorKind::Illegal, -3);
    assert_eq!(e.detail(), Some("a2 is not empty"));
    let e = expect(pos.play_step(sq("e4"), sq("e3"), StepKind::Any), ErrorKind::Illegal, -3);
    assert_eq!(e.detail(), Some("e4 holds no piece of the side to move"));
    expect(pos.play_str("e2-e4"), ErrorKind::Illegal, -3);
    let other = Position::custom(set("a1"), set("i5"), Color::White, Rules::Stop).unwrap();
    let foreign = other.legal_turns().unwrap().next().unwrap();
    expect(pos.play(&foreign), ErrorKind::Illegal, -3);
    let e = expect(pos.play_effect(foreign.effect().unwrap()), ErrorKind::Illegal, -3);
    assert!(e.detail().is_some_and(|d| !d.is_empty()), "{e}");
    expect(pos.play_step(sq("d3"), sq("e3"), StepKind::Any), ErrorKind::Ambiguous, -4);
    expect(pos.undo(), ErrorKind::NoHistory, -9);
    expect(pos.redo(), ErrorKind::NoHistory, -9);
    expect(pos.end_turn(), ErrorKind::TurnState, -10);
    assert_eq!(pos, Position::new(Rules::Stop).unwrap(), "refused calls change nothing");

    let e = expect(Position::from_string("BBBBBBBBB/BBBxB w stop 0 -", Rules::Stop), ErrorKind::Parse, -8);
    assert_eq!(e.offset(), Some(13));
    assert!(e.to_string().contains("at offset 13"));
    expect("z9".parse::<Square>(), ErrorKind::Parse, -8);
    expect(
        Position::custom(set("a1"), set("a1"), Color::White, Rules::Stop),
        ErrorKind::ImpossiblePosition,
        -11,
    );
    expect(
        Position::custom(set("a1"), SquareSet::EMPTY, Color::White, Rules::Stop),
        ErrorKind::ImpossiblePosition,
        -11,
    );
    let mut over = Position::custom(set("b1 a2 b2"), set("a1"), Color::Black, Rules::Stop).unwrap();
    expect(over.play_step(sq("a1"), sq("b1"), StepKind::Any), ErrorKind::GameOver, -5);
}

#[test]
fn invalid_argument() {
    // The raw API refuses an unknown ruleset; the safe types cannot
    // express one.
    let mut raw = std::ptr::null_mut();
    // SAFETY: raw is a valid out-pointer.
    assert_eq!(unsafe { ffi::fan_position_new(&mut raw, 7) }, ffi::FAN_EINVAL);
    assert!(raw.is_null());
    // A turn read from notation without its modes is no complete path
    // until a position resolves it, and a1-c1 joins no neighbours.
    let pos = Position::new(Rules::Stop).unwrap();
    let unresolved: fanorona::Turn = "d3-e3".parse().unwrap();
    let e = expect(unresolved.effect(), ErrorKind::InvalidArgument, -1);
    assert_eq!(e.function(), "fan_path_turn");
    expect(pos.svg(SquareSet::EMPTY, Some(&unresolved), false), ErrorKind::InvalidArgument, -1);
    let apart: fanorona::Turn = "a1-c1W".parse().unwrap();
    expect(pos.svg(SquareSet::EMPTY, Some(&apart), false), ErrorKind::InvalidArgument, -1);
}
