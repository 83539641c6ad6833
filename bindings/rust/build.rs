// SPDX-License-Identifier: MIT
//! Finds libfanorona: FANORONA_LIB_DIR (the directory holding the shared
//! library) when set, else the `pkg-config` program (`pkg-config --libs
//! fanorona`, which honours PKG_CONFIG_PATH; meson's uninstalled file in
//! build/meson-uninstalled works too). The directories found are also put
//! in the run path of this crate's tests and examples, so they run without
//! LD_LIBRARY_PATH.
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=FANORONA_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG");

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
                     or set FANORONA_LIB_DIR to the directory holding libfanorona.so"
                )
            });
        if !output.status.success() {
            panic!(
                "libfanorona: `{program} --libs fanorona` failed: {}\
                 Install libfanorona (meson install), point PKG_CONFIG_PATH at its \
                 pkgconfig directory, or set FANORONA_LIB_DIR.",
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
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
    for lib in &libs {
        println!("cargo:rustc-link-lib=dylib={lib}");
    }
}
