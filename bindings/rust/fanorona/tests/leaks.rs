// SPDX-License-Identifier: MIT
//! The handle's lifetime: no memory lost over 100,000 create/drop cycles
//! (in a test binary of its own, so that no other test moves the RSS).
use fanorona::{Position, Rules};

fn rss() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

#[test]
fn no_leak_over_many_handles() {
    let Some(_) = rss() else { return };
    let cycle = |n: usize| {
        for _ in 0..n {
            let pos = Position::new(Rules::Stop).unwrap();
            let copy = pos.clone();
            let mut played = copy.clone();
            played.play_str("d3-e3W").unwrap();
            played.undo().unwrap();
            drop((pos, copy, played));
        }
    };
    cycle(10_000);
    let before = rss().unwrap();
    cycle(100_000);
    let grew = rss().unwrap().saturating_sub(before);
    // three handles a cycle: a leak of even one would be tens of MiB
    assert!(grew < 4 << 20, "RSS grew by {grew} bytes");
}
