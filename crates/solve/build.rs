//! Compiles the built-in packs (`prep::installed::BUILTIN`) from the
//! workspace's `wordlists/` so that the `boggle` binary carries them, and
//! writes the table of their bytes that `packs::builtin` includes; and
//! turns the table of games (`src/game/games.toml`) into Rust literals,
//! checked here, so that the library parses nothing at run time.

use std::fmt::Write;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use prep::installed::BUILTIN;
use prep::{PackBuilder, Recipe};
use serde::Deserialize;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let mut table = String::from("&[\n");
    if std::env::var_os("CARGO_FEATURE_BUILTIN_PACKS").is_some() {
        let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("../..");
        let wordlists = root.join("wordlists");
        // A packaged crate (`cargo package`, crates.io) has no checkout
        // around it and the word lists are too large to ship in it: it
        // builds with no built-in packs, and the programs then ask for an
        // installed one (`boggle-prep install`).
        let builtin: &[_] = if wordlists.is_dir() {
            BUILTIN
        } else {
            println!(
                "cargo:warning=no {} (not a checkout): built with no built-in packs",
                wordlists.display()
            );
            &[]
        };
        for b in builtin {
            let input = wordlists.join(b.list);
            let file = out.join(format!("{}.pack", b.name));
            println!("cargo:rerun-if-changed={}", input.display());
            let recipe =
                Recipe::builtin(b.recipe).unwrap_or_else(|e| panic!("recipe {}: {e}", b.recipe));
            if let Some(f) = &recipe.frequencies {
                if !f.file.is_empty() {
                    println!(
                        "cargo:rerun-if-changed={}",
                        wordlists.join(&f.file).display()
                    );
                }
            }
            let (name, version, licence) = b.source;
            let mut builder = PackBuilder::new(recipe).source(name, version, licence);
            if let Some((list, source)) = b
                .frequency_list(&wordlists)
                .unwrap_or_else(|e| panic!("{}'s frequencies: {e}", b.name))
            {
                builder = builder.frequencies(list, source);
            }
            builder
                .build_file(&input, &file)
                .unwrap_or_else(|e| panic!("building {}: {e}", file.display()));
            writeln!(
                table,
                "    ({:?}, include_bytes!({:?}) as &[u8]),",
                b.name,
                file.display().to_string()
            )
            .unwrap();
        }
    }
    table.push(']');
    std::fs::write(out.join("builtin_bytes.rs"), table).unwrap();

    println!("cargo:rerun-if-changed=src/game/games.toml");
    let games = std::fs::read_to_string("src/game/games.toml").unwrap();
    let games: Table = toml::from_str(&games).unwrap_or_else(|e| panic!("games.toml: {e}"));
    std::fs::write(out.join("games.rs"), games_rs(&games)).unwrap();
}

/// games.toml, read strictly (an unknown field stops the build).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    game: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    name: String,
    size: String,
    dice: Option<String>,
    scoring: String,
    min_len: Option<NonZeroUsize>,
    seconds: u32,
    arena_results: Option<u32>,
    min_common: u64,
    bonus: Option<String>,
    special: Option<Special>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Special {
    language: String,
    tiles: Vec<String>,
}

/// games.toml as Rust: an array of `game::Entry` literals (a string's
/// `Debug` is its Rust literal). Code, not data to parse at run time:
/// parsing would take its code into the web app's module (a TOML parser
/// 300 KB, JSON and its deserializers 10 KB).
fn games_rs(table: &Table) -> String {
    let mut out = String::from("&[\n");
    for e in &table.game {
        let special = match &e.special {
            Some(s) => format!("Some(({:?}, &{:?}))", s.language, s.tiles),
            None => "None".into(),
        };
        writeln!(
            out,
            "    Entry {{ id: {:?}, name: {:?}, size: {:?}, dice: {:?}, scoring: {:?}, min_len: {:?}, seconds: {}, arena_results: {}, min_common: {}, bonus: {:?}, special: {special} }},",
            e.id, e.name, e.size, e.dice, e.scoring, e.min_len.map(NonZeroUsize::get), e.seconds, e.arena_results.unwrap_or(40), e.min_common, e.bonus,
        )
        .unwrap();
    }
    out.push(']');
    out
}
