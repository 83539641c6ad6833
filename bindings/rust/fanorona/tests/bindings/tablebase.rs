// SPDX-License-Identifier: MIT
//! Endgame tables through the safe wrapper: generate, probe, best turns,
//! counts, verify and refusals; expectations by hand and by counting.
use std::path::PathBuf;

use fanorona::{
    generate_tables, ErrorKind, Position, Rules, Search, SearchLimits, TableValue, Tablebase,
};

fn comb(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fan-rust-tb-{}-{}", name, std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn tables_probe_and_verify() {
    let dir = temp_dir("a");
    generate_tables(&dir, Rules::Stop, 3, 2).unwrap();
    let tb = Tablebase::open(&dir).unwrap();
    // d3-e3 takes the last black piece by approach: a win in 1
    let pos: Position = "9/9/3W1B3/9/9 w stop 0 -".parse().unwrap();
    assert_eq!(tb.probe(&pos).unwrap(), TableValue::Win(1));
    let best = tb.best_turns(&pos).unwrap();
    assert_eq!(best.len(), 1);
    assert_eq!(best[0].to_string(), "d3-e3A");
    let infos = tb.tables();
    assert_eq!(infos.len(), 3);
    for t in &infos {
        let n =
            comb(45, t.own_pieces as u64) * comb(45 - t.own_pieces as u64, t.other_pieces as u64);
        assert_eq!(t.positions, n);
        assert_eq!(t.wins + t.draws + t.losses, n);
    }
    assert_eq!(tb.verify(1).unwrap(), 0);
    let five: Position = "9/9/9/1BB6/WWW6 w stop 0 -".parse().unwrap();
    assert_eq!(tb.probe(&five).unwrap_err().kind(), ErrorKind::NoTable);
    // the search reads the tables
    let tb: &'static Tablebase = Box::leak(Box::new(tb));
    let mut s = Search::new().unwrap();
    s.set_tables(Some(tb)).unwrap();
    let r = s.run(&pos, &SearchLimits::default().depth(2)).unwrap();
    assert_eq!(r.score, fanorona::ffi::FAN_SCORE_WIN - 1);
    s.set_tables(None).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refusals() {
    let dir = temp_dir("b");
    assert_eq!(
        Tablebase::open(&dir).err().unwrap().kind(),
        ErrorKind::NoTable
    );
    assert_eq!(
        Tablebase::open(&dir.join("missing")).err().unwrap().kind(),
        ErrorKind::Io
    );
    assert_eq!(
        generate_tables(&dir, Rules::Stop, 9, 1).unwrap_err().kind(),
        ErrorKind::OutOfRange
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
