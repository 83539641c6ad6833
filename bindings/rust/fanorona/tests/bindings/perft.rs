// SPDX-License-Identifier: MIT
//! `Position::perft_with` (fan_perft_ex): with threads and a table, the
//! same counts as the plain `Position::perft` (fan_perft), on the start and
//! on positions from random play, both rulesets and both counts; and the
//! limits of the options.
use fanorona::{ffi, Count, ErrorKind, PerftOptions, Position, Rules};

use crate::game::Rng;

/// One thread, two, one per processor, each with and without a (small)
/// table.
const OPTIONS: [(u32, u32); 6] = [(1, 0), (2, 0), (0, 0), (1, 1), (2, 1), (0, 2)];

fn options(threads: u32, hash_mib: u32) -> PerftOptions {
    PerftOptions { threads, hash_mib }
}

/// The start, then positions of one random game: a few after whole turns
/// and the first one met in the middle of a chain.
fn positions(rules: Rules, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut pos = Position::new(rules).unwrap();
    let mut out = vec![pos.clone()];
    let mut chain = None;
    for played in 1..=24 {
        if pos.is_over() {
            break;
        }
        loop {
            let steps: Vec<_> = pos.legal_steps().unwrap().collect();
            let step = steps[rng.below(steps.len())];
            pos.play_step(step.origin, step.target, step.kind).unwrap();
            if !pos.in_chain() {
                break;
            }
            if chain.is_none() {
                chain = Some(pos.clone());
            }
            if pos.can_end_turn() && rng.below(2) == 0 {
                pos.end_turn().unwrap();
                break;
            }
        }
        if [3, 8, 15, 24].contains(&played) {
            out.push(pos.clone());
        }
    }
    out.extend(chain);
    out
}

fn same_counts(pos: &Position, depth: u32) {
    for count in [Count::Unique, Count::Paths] {
        let plain = pos.perft(depth, count).unwrap();
        for (threads, hash_mib) in OPTIONS {
            assert_eq!(
                pos.perft_with(depth, count, &options(threads, hash_mib)).unwrap(),
                plain,
                "{pos} depth {depth} {count:?} threads {threads} hash {hash_mib}"
            );
        }
    }
}

#[test]
fn default_is_one_thread_no_table() {
    assert_eq!(PerftOptions::default(), options(1, 0));
    let raw = ffi::fan_perft_options::default();
    assert_eq!((raw.version, raw.threads, raw.hash_mib), (ffi::FAN_PERFT_OPTIONS_VERSION, 1, 0));
}

#[test]
fn start_both_rulesets() {
    for rules in [Rules::Stop, Rules::Must] {
        let pos = Position::new(rules).unwrap();
        for depth in 0..=4 {
            same_counts(&pos, depth);
        }
        assert_eq!(
            pos.perft_with(4, Count::Unique, &PerftOptions::default()).unwrap(),
            pos.perft(4, Count::Unique).unwrap()
        );
    }
}

#[test]
fn random_play() {
    for (rules, seed) in
        [(Rules::Stop, 0x5eed_0011), (Rules::Stop, 2026), (Rules::Must, 0x5eed_0012), (Rules::Must, 6202)]
    {
        let found = positions(rules, seed);
        assert!(found.len() > 2);
        assert!(found.last().unwrap().in_chain(), "no chain in progress for seed {seed}");
        for pos in &found {
            same_counts(pos, 3);
        }
    }
}

fn refused(threads: u32, hash_mib: u32) {
    let mut pos = Position::new(Rules::Stop).unwrap();
    pos.play_str("d3-e3W").unwrap();
    let before = pos.clone();
    let e = pos.perft_with(2, Count::Unique, &options(threads, hash_mib)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutOfRange, "{e}");
    assert_eq!(e.code(), ffi::FAN_ERANGE);
    assert_eq!(e.function(), "fan_perft_ex");
    // the refused call changed nothing, and the position still counts
    assert_eq!(pos, before);
    assert_eq!(pos.perft_with(2, Count::Unique, &options(2, 1)).unwrap(), before.perft(2, Count::Unique).unwrap());
    assert_eq!(pos.perft(1, Count::Unique).unwrap() as usize, pos.legal_turns().unwrap().count());
}

#[test]
fn out_of_range() {
    refused(ffi::FAN_PERFT_THREADS_MAX + 1, 0);
    refused(257, 1);
    refused(1, ffi::FAN_PERFT_HASH_MAX_MIB + 1);
    refused(2, 65537);
    refused(u32::MAX, u32::MAX);
}

#[test]
fn most_threads() {
    let pos = Position::new(Rules::Must).unwrap();
    assert_eq!(
        pos.perft_with(2, Count::Paths, &options(ffi::FAN_PERFT_THREADS_MAX, 0)).unwrap(),
        pos.perft(2, Count::Paths).unwrap()
    );
}
