//! Compiles the built-in packs (`prep::installed::BUILTIN`) from the
//! workspace's `wordlists/` so that the `boggle` binary carries them, and
//! writes the table of their bytes that `packs::builtin` includes; and
//! turns the table of games (`src/game/games.toml`) into Rust literals,
//! checked here, so that the library parses nothing at run time.

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
    let games: toml::Table = toml::from_str(&games).unwrap_or_else(|e| panic!("games.toml: {e}"));
    std::fs::write(out.join("games.rs"), games_rs(&games)).unwrap();
}

/// games.toml as Rust: an array of `game::Entry` literals. Code, not data
/// to parse at run time: parsing would take its code into the web app's
/// module (a TOML parser 300 KB, JSON and its deserializers 10 KB).
fn games_rs(table: &toml::Table) -> String {
    let fail = |what: String| -> ! { panic!("games.toml: {what}") };
    let mut out = String::from("&[\n");
    for key in table.keys() {
        if key != "game" {
            fail(format!("unknown table {key:?} (only [[game]])"));
        }
    }
    let games = table
        .get("game")
        .and_then(|g| g.as_array())
        .unwrap_or_else(|| fail("no [[game]]".into()));
    for game in games {
        let game = game
            .as_table()
            .unwrap_or_else(|| fail("a [[game]] is not a table".into()));
        let id = game.get("id").and_then(|v| v.as_str()).unwrap_or("?");
        let text = |key: &str| -> Option<String> {
            game.get(key).map(|v| match v.as_str() {
                Some(s) => format!("{s:?}"),
                None => fail(format!("{id}: {key} is not a string")),
            })
        };
        let number = |key: &str| -> Option<i64> {
            game.get(key).map(|v| match v.as_integer() {
                Some(n) if n >= 0 => n,
                _ => fail(format!("{id}: {key} is not a whole number")),
            })
        };
        for key in game.keys() {
            if ![
                "id",
                "name",
                "size",
                "dice",
                "scoring",
                "min_len",
                "seconds",
                "min_common",
                "bonus",
                "special",
            ]
            .contains(&key.as_str())
            {
                fail(format!("{id}: unknown field {key:?}"));
            }
        }
        let special = game.get("special").map(|s| {
            let s = s
                .as_table()
                .unwrap_or_else(|| fail(format!("{id}: special is not a table")));
            for key in s.keys() {
                if key != "language" && key != "tiles" {
                    fail(format!("{id}: special has an unknown field {key:?}"));
                }
            }
            let language = s
                .get("language")
                .and_then(|v| v.as_str())
                .unwrap_or_else(|| fail(format!("{id}: special has no language")));
            let tiles: Vec<String> = s
                .get("tiles")
                .and_then(|v| v.as_array())
                .unwrap_or_else(|| fail(format!("{id}: special has no tiles")))
                .iter()
                .map(|t| {
                    format!(
                        "{:?}",
                        t.as_str().unwrap_or_else(|| fail(format!(
                            "{id}: a special tile is not a string"
                        )))
                    )
                })
                .collect();
            format!("({language:?}, &[{}])", tiles.join(", "))
        });
        let opt = |v: Option<String>| v.map_or("None".to_string(), |v| format!("Some({v})"));
        writeln!(
            out,
            "    Entry {{ id: {}, name: {}, size: {}, dice: {}, scoring: {}, min_len: {}, seconds: {}, min_common: {}, bonus: {}, special: {} }},",
            text("id").unwrap_or_else(|| fail(format!("{id}: no id"))),
            text("name").unwrap_or_else(|| fail(format!("{id}: no name"))),
            text("size").unwrap_or_else(|| fail(format!("{id}: no size"))),
            opt(text("dice")),
            text("scoring").unwrap_or_else(|| fail(format!("{id}: no scoring"))),
            opt(number("min_len").map(|n| n.to_string())),
            number("seconds").unwrap_or_else(|| fail(format!("{id}: no seconds"))),
            number("min_common").unwrap_or_else(|| fail(format!("{id}: no min_common"))),
            opt(text("bonus")),
            opt(special),
        )
        .unwrap();
    }
    out.push(']');
    out
}
