//! Compiles the built-in packs (`prep::installed::BUILTIN`) from the
//! workspace's `wordlists/` so that the `boggle` binary carries them, and
//! writes the table of their bytes that `packs::builtin` includes; and
//! turns the table of games (`src/game/games.toml`) into JSON, which the
//! library reads with the serde_json it links anyway (a TOML parser would
//! add 300 KB to the web app's module).

use std::fmt::Write;
use std::path::PathBuf;

use prep::installed::BUILTIN;
use prep::{PackBuilder, Recipe};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let mut table = String::from("&[\n");
    if std::env::var_os("CARGO_FEATURE_BUILTIN_PACKS").is_some() {
        let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("../..");
        let wordlists = root.join("wordlists");
        for b in BUILTIN {
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
    let games: toml::Value = toml::from_str(&games).unwrap_or_else(|e| panic!("games.toml: {e}"));
    std::fs::write(
        out.join("games.json"),
        serde_json::to_string(&games).unwrap(),
    )
    .unwrap();
}
