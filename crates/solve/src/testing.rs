//! Test support inside the crate: tiny packs, written once
//! for every module's unit tests.

use prep::{Pack, PackBuilder, Recipe};

/// A pack of `words` (one a line) over a-z, every word of a letter or more
/// kept; a lone `q` cell reads `qu` when `qu`.
pub(crate) fn tiny_pack(words: &str, qu: bool) -> Pack {
    let text = format!(
        "name = \"t\"\nalphabet = \"abcdefghijklmnopqrstuvwxyz\"\n\
         [language]\ncode = \"xx\"\nname = \"Test\"\n\
         [filter]\nmin_len = 1\n{}",
        if qu {
            "[board.aliases]\nq = \"qu\"\n"
        } else {
            ""
        }
    );
    let recipe = Recipe::from_toml(&text, "test").unwrap();
    let (bytes, _) = PackBuilder::new(recipe)
        .build_bytes(words.as_bytes(), "t.txt")
        .unwrap();
    Pack::from_vec(bytes, "t").unwrap()
}
