//! Tiny in-memory packs built from a word list, a board's cells, and the
//! matching of a board's cells to dice.

use prep::{Pack, PackBuilder, Recipe};

/// A test recipe: a-z, every word of one letter or more kept, boards score
/// from one letter; `q = "qu"` when `qu`.
pub fn tiny_recipe(qu: bool) -> Recipe {
    let aliases = if qu {
        "\n[board.aliases]\nq = \"qu\"\n"
    } else {
        ""
    };
    let text = format!(
        r#"
name = "tiny"
alphabet = "abcdefghijklmnopqrstuvwxyz"
[language]
code = "xx"
name = "Test"
[filter]
pattern = "^[a-z]+$"
min_len = 1
[board]
min_word_len = 1
scoring = "words"
{aliases}"#
    );
    Recipe::from_toml(&text, "tiny recipe").expect("the tiny recipe parses")
}

/// The pack bytes of a word list under [`tiny_recipe`].
pub fn tiny_pack_bytes<S: AsRef<str>>(words: &[S], qu: bool) -> Vec<u8> {
    let mut list = String::new();
    for w in words {
        list.push_str(w.as_ref());
        list.push('\n');
    }
    PackBuilder::new(tiny_recipe(qu))
        .build_bytes(list.as_bytes(), "tiny.txt")
        .expect("the tiny pack builds")
        .0
}

/// A pack of a word list under [`tiny_recipe`].
pub fn tiny_pack<S: AsRef<str>>(words: &[S], qu: bool) -> Pack {
    Pack::from_vec(tiny_pack_bytes(words, qu), "tiny").expect("the tiny pack opens")
}

/// A board's cells, row-major, as owned faces (`None` for a blank).
pub fn cells_of(board: &solve::Board) -> Vec<Option<String>> {
    (0..board.rows() * board.cols())
        .map(|i| board.face(i).map(str::to_string))
        .collect()
}

/// The size of a largest matching between `left` and `right` items, where
/// `edge(l, r)` says whether they may be paired (Kuhn's augmenting paths).
pub fn max_matching(left: usize, right: usize, edge: impl Fn(usize, usize) -> bool) -> usize {
    fn augment(
        l: usize,
        right: usize,
        edge: &dyn Fn(usize, usize) -> bool,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for r in 0..right {
            if seen[r] || !edge(l, r) {
                continue;
            }
            seen[r] = true;
            let free = match owner[r] {
                None => true,
                Some(other) => augment(other, right, edge, seen, owner),
            };
            if free {
                owner[r] = Some(l);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; right];
    (0..left)
        .filter(|&l| {
            let mut seen = vec![false; right];
            augment(l, right, &edge, &mut seen, &mut owner)
        })
        .count()
}

/// Whether each cell can be given its own die showing that cell's face (a
/// bipartite matching: several dice share faces, so a greedy check is not
/// enough). `dice[d]` lists die `d`'s faces, `None` for a blank.
pub fn cells_match_dice(cells: &[Option<String>], dice: &[Vec<Option<String>>]) -> bool {
    max_matching(cells.len(), dice.len(), |c, d| dice[d].contains(&cells[c])) == cells.len()
}
