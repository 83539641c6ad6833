// SPDX-License-Identifier: MIT
//! A first program with the fanorona crate (doc/getting-started-rust.md).
use fanorona::{Count, ErrorKind, Position, Rules, SearchLimits, Square, StepKind, Turn};

fn main() -> Result<(), fanorona::Error> {
    let mut pos = Position::new(Rules::Stop)?;
    println!("{}", pos.board());

    let mut turns: Vec<String> = pos.legal_turns()?.map(|t| t.to_string()).collect();
    turns.sort();
    println!("{}", turns.join(" "));

    // Notation in, notation out; playing resolves what the turn captures.
    let wanted: Turn = "d3-e3W".parse()?;
    let played = pos.play(&wanted)?;
    println!("{played} took {}", played.captured());
    println!("{pos}"); // the position string; "...".parse::<Position>() reads it

    // A copy is a whole game of its own.
    let mut copy = pos.clone();
    copy.undo()?;
    let counts: Vec<u64> =
        (1..=3).map(|depth| copy.perft(depth, Count::Unique)).collect::<Result<_, _>>()?;
    println!("perft from the start: {counts:?}");

    // Refusals carry the library's message.
    let d3: Square = "d3".parse()?;
    let e3: Square = "e3".parse()?;
    match copy.play_step(d3, e3, StepKind::Any) {
        Err(e) if e.kind() == ErrorKind::Ambiguous => println!("refused: {e}"),
        other => println!("unexpected: {other:?}"),
    }

    // The library's search: here three turns deep (or nodes, time_ms).
    let result = copy.search(&SearchLimits::default().depth(3))?;
    let line: Vec<String> = result.pv.iter().map(|t| t.to_string()).collect();
    println!("best {} score {} line {}", result.best, result.score, line.join(" "));
    Ok(())
}
