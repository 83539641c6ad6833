// SPDX-License-Identifier: MIT
//! Finds libfanorona: FANORONA_LIB_DIR (the directory holding the shared
//! library) when set, else the `pkg-config` program (`pkg-config --libs
//! fanorona`, which honours PKG_CONFIG_PATH; meson's uninstalled file in
//! build/meson-uninstalled works too).
//!
//! The directory found is passed on to the build scripts of the crates
//! that depend on this one as DEP_FANORONA_LIB_DIR (the `fanorona` crate
//! puts it in the run path of its tests and examples).
//!
//! Docs-only mode: with DOCS_RS (set by docs.rs) or FANORONA_DOCS_ONLY set,
//! nothing is looked for and nothing linked, so `cargo doc` works without
//! the C library; a program built that way does not link.
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for var in ["FANORONA_LIB_DIR", "PKG_CONFIG_PATH", "PKG_CONFIG", "DOCS_RS", "FANORONA_DOCS_ONLY"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    if env::var_os("DOCS_RS").is_some() || env::var_os("FANORONA_DOCS_ONLY").is_some() {
        return;
    }

    let mut dirs = Vec::new();
    let mut libs = Vec::new();
    if let Some(dir) = env::var_os("FANORONA_LIB_DIR") {
        dirs.push(dir.to_string_lossy().into_owned());
        libs.push("fanorona".to_string());
    } else {
        let program = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
        let output = Command::new(&program)
            .args(["--libs", "fanorona"])
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "libfanorona: could not run `{program}` ({e}). Install pkg-config, \
                     or set FANORONA_LIB_DIR to the directory holding libfanorona.so \
                     (FANORONA_DOCS_ONLY=1 builds the documentation without it)"
                )
            });
        if !output.status.success() {
            panic!(
                "libfanorona: `{program} --libs fanorona` failed: {}\
                 Install libfanorona (Debian: libfanorona-dev; or meson install), \
                 set PKG_CONFIG_PATH to the directory holding its fanorona.pc \
                 (PREFIX/lib/<multiarch>/pkgconfig, or a build's meson-uninstalled), \
                 or set FANORONA_LIB_DIR to the directory holding libfanorona.so. \
                 FANORONA_DOCS_ONLY=1 builds the documentation without the library.",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        for flag in String::from_utf8_lossy(&output.stdout).split_whitespace() {
            if let Some(dir) = flag.strip_prefix("-L") {
                dirs.push(dir.to_string());
            } else if let Some(lib) = flag.strip_prefix("-l") {
                libs.push(lib.to_string());
            }
        }
    }
    for dir in &dirs {
        println!("cargo:rustc-link-search=native={dir}");
    }
    if let Some(dir) = dirs.first() {
        println!("cargo:lib_dir={dir}");
    }
    for lib in &libs {
        println!("cargo:rustc-link-lib=dylib={lib}");
    }
}
