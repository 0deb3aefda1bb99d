//! Compiles the built-in packs from the workspace's `wordlists/` so that the
//! `boggle` binary carries them.

use std::path::{Path, PathBuf};

use prep::{PackBuilder, Recipe};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_BUILTIN_PACKS").is_none() {
        return;
    }
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("../..");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let lists = root.join("wordlists");
    build(
        &lists.join("word-list-4.1.0.txt"),
        "enable",
        ("word-list (npm)", "4.1.0", "MIT"),
        &out.join("en.pack"),
    );
    build(
        &lists.join("opentaal-2.20.19.txt"),
        "opentaal",
        (
            "OpenTaal (Debian wdutch)",
            "2.20.19",
            "BSD-3-Clause OR CC-BY-3.0",
        ),
        &out.join("nl.pack"),
    );
    println!("cargo:rerun-if-changed=build.rs");
}

fn build(input: &Path, recipe: &str, (name, version, license): (&str, &str, &str), out: &Path) {
    println!("cargo:rerun-if-changed={}", input.display());
    let recipe = Recipe::builtin(recipe).unwrap_or_else(|e| panic!("recipe {recipe}: {e}"));
    PackBuilder::new(recipe)
        .source(name, version, license)
        .build_file(input, out)
        .unwrap_or_else(|e| panic!("building {}: {e}", out.display()));
}
