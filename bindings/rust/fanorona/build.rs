// SPDX-License-Identifier: MIT
//! Puts the directory where fanorona-sys found libfanorona into the run
//! path of this crate's own tests and examples, so that they run without
//! LD_LIBRARY_PATH. A program of yours needs the same (see the crate's
//! README): link arguments do not pass from a library crate to its users.
use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DEP_FANORONA_LIB_DIR");
    if let Ok(dir) = env::var("DEP_FANORONA_LIB_DIR") {
        // every target this crate links: tests, doctests, examples (the
        // library itself is not linked; its users are not affected)
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
