// SPDX-License-Identifier: MIT
//! A whole random game through the safe wrapper. At every position the
//! legal paths, written in notation, must be what the fanorona CLI lists
//! for the same position string (when FANORONA_CLI names it), and every
//! turn must survive a trip through its notation.
use std::collections::BTreeMap;
use std::process::Command;

use fanorona::{Count, Position, Rules, Turn};

/// A small deterministic generator (xorshift64*), enough to pick turns.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The CLI's `perft --divide 1 --count paths` at a position: notation of
/// every path, each with 1.
fn cli_paths(cli: &str, position: &str) -> BTreeMap<String, u64> {
    let out = Command::new(cli)
        .args(["perft", "--fen", position, "--count", "paths", "--divide", "1"])
        .output()
        .expect("the CLI runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop(); // nodes N
    lines
        .iter()
        .map(|l| {
            let (t, n) = l.split_once(' ').unwrap();
            (t.to_string(), n.parse().unwrap())
        })
        .collect()
}

fn play_game(rules: Rules, seed: u64) {
    let cli = std::env::var("FANORONA_CLI").ok();
    let mut rng = Rng(seed);
    let mut pos = Position::new(rules).unwrap();
    while !pos.is_over() {
        let paths: Vec<Turn> = pos.legal_paths().unwrap().collect();
        let mine: BTreeMap<String, u64> = paths.iter().map(|t| (t.to_string(), 1)).collect();
        assert_eq!(mine.len(), paths.len(), "two paths print alike at {pos}");
        assert_eq!(pos.perft(1, Count::Paths).unwrap(), paths.len() as u64);
        if let Some(cli) = &cli {
            assert_eq!(cli_paths(cli, &pos.to_string()), mine, "at {pos}");
        }
        let turn = paths[rng.below(paths.len())];
        let read: Turn = turn.to_string().parse().unwrap();
        assert_eq!(pos.resolve(&read).unwrap(), turn);
        let before = pos.clone();
        pos.play(&read).unwrap();
        let mut again = before.clone();
        again.play_effect(turn.effect().unwrap()).unwrap();
        assert_eq!(again, pos, "the effect of {turn} gives the same position");
        assert!(pos.turns_played() <= 400);
    }
    assert_eq!(pos.legal_turns().unwrap().count(), 0);
}

#[test]
fn random_game_stop() {
    play_game(Rules::Stop, 0x5eed_0001);
}

#[test]
fn random_game_must() {
    play_game(Rules::Must, 0x5eed_0002);
}
