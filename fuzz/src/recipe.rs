//! The `recipe_parse` target: recipe TOML, parsed, written back, and used
//! (normalize, filter, build a tiny pack, read and solve a board). Shared by
//! `fuzz_targets/recipe_parse.rs` and `src/bin/recipe_parse_stress.rs`.

use prep::{Pack, PackBuilder, Recipe};
use solve::{FaceRules, Solver};

use crate::board::mutate_text;
use crate::Rng;

/// How [`recipe_parse`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecipeOutcome {
    /// Not a recipe (TOML, schema, check or regex error).
    Rejected,
    /// A recipe; its pack built and verified.
    Built,
    /// ...and a board of its letters parsed and was solved.
    Solved,
}

/// Lines each recipe's tiny pack is built from: plain, capitalized,
/// accented, folded, `q` with and without `u`, too short, too long, junk.
const LIST: &str = "cat\nCats\nquit\nqat\nStraße\nMaße\nåsa\nnaïve\nniño\nÆther\nĳs\n\
                    a\naa\nabcdefghijklmnopqrstuvwxyz\nhello world\nit's\nx-ray\n123\n\
                    \u{feff}bom\r\nzebra\r\n\n  \nñandú\nİstanbul\nǅemal\n";

/// Parses `data` (UTF-8, lossily) as a recipe. If it is one: its TOML form
/// must parse back to the same recipe; every word its pack keeps from a
/// fixed list passes its filter and holds only alphabet letters; the pack
/// must open and verify; a board of its letters, if its face rules read
/// one, must solve with that pack. Errors must be one line. Any panic is a
/// bug.
pub fn recipe_parse(data: &[u8]) -> RecipeOutcome {
    let text = String::from_utf8_lossy(data);
    let recipe = match Recipe::from_toml(&text, "fuzz.toml") {
        Ok(r) => r,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "multi-line error: {message:?}");
            return RecipeOutcome::Rejected;
        }
    };
    let toml = recipe.to_toml();
    let again = Recipe::from_toml(&toml, "again.toml")
        .unwrap_or_else(|e| panic!("to_toml does not parse back: {e}\n{toml}"));
    assert_eq!(again, recipe, "to_toml changes the recipe:\n{toml}");

    let normalizer = recipe.normalizer().expect("checked by from_toml");
    let filter = recipe.filter().expect("checked by from_toml");
    let letters = recipe.letters();
    // A recipe of another alphabet keeps none of the list's words: a valid
    // (empty) pack, not a failure.
    let (bytes, meta) = match PackBuilder::new(recipe.clone())
        .allow_empty(true)
        .invalid_lines(prep::InvalidLines::Skip)
        .build_bytes(LIST.as_bytes(), "list.txt")
    {
        Ok(built) => built,
        Err(e) => panic!("a valid recipe fails to build a pack: {e}"),
    };
    let pack = Pack::from_vec(bytes, "fuzz").expect("a fresh pack opens");
    pack.verify().expect("a fresh pack verifies");
    assert_eq!(pack.len() as u64, meta.word_count);
    pack.for_each_word(|w| {
        let w = std::str::from_utf8(w).expect("pack words are UTF-8");
        assert!(filter.check(w).is_ok(), "{w:?} kept but filtered out");
        assert!(
            w.chars().all(|c| letters.contains(&c)),
            "{w:?} leaves the alphabet"
        );
    })
    .expect("a fresh pack walks");
    for line in LIST.lines() {
        let _ = normalizer.normalize(line);
    }

    let Ok(rules) = FaceRules::from_recipe(&recipe) else {
        return RecipeOutcome::Built;
    };
    // A 3x3 board of the alphabet's first letters, each bracketed.
    let cells: Vec<String> = letters
        .iter()
        .cycle()
        .take(9)
        .map(|c| format!("[{c}]"))
        .collect();
    let board_text = cells
        .chunks(3)
        .map(|r| r.concat())
        .collect::<Vec<_>>()
        .join("/");
    match rules.parse(&board_text) {
        Ok(board) => {
            if let Ok(mut solver) = Solver::new(&pack) {
                let solution = solver.solve(&board).unwrap();
                for w in &solution.words {
                    assert!(
                        pack.contains(&w.word).unwrap(),
                        "{:?} not in the pack",
                        w.word
                    );
                }
                return RecipeOutcome::Solved;
            }
            RecipeOutcome::Built
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "multi-line error: {message:?}");
            RecipeOutcome::Built
        }
    }
}

/// Recipes to start from: the two built-in ones and the board target's.
pub fn seeds() -> Vec<String> {
    let mut seeds: Vec<String> = Recipe::builtin_names()
        .map(|n| Recipe::builtin(n).expect("built-in recipe").to_toml())
        .collect();
    seeds.push(crate::board::FUZZ_RECIPE.to_string());
    seeds
}

/// Pieces that mean something to TOML or to a recipe.
const TOKENS: &[&str] = &[
    "\n",
    " = ",
    "\"",
    "'",
    "[",
    "]",
    "[board]",
    "[filter]",
    "[normalize]",
    "[normalize.fold]",
    "[board.aliases]",
    "[language]",
    "lowercase = true",
    "lowercase_first = true",
    "strip_diacritics = true",
    "keep = \"ñ\"",
    "q_needs_u = true",
    "min_len = 0",
    "max_len = 1",
    "min_word_len = 0",
    "vowels = \"\"",
    "vowels = \"aeiou\"",
    "pattern = \"^[a-z]+$\"",
    "pattern = \"(\"",
    "pattern = \"\\\\b\"",
    "scoring = \"words\"",
    "scoring = \"nope\"",
    "\"ß\" = \"ss\"",
    "\"a\" = \"\"",
    "q = \"qu\"",
    "\"\" = \"a\"",
    "alphabet = \"ab\"",
    "alphabet = \"\"",
    "alphabet = \"aa\"",
    "alphabet = \"ñ́\"",
    "dice = [\"a b c\"]",
    "dice = [\"\"]",
    "18446744073709551615",
    "-1",
    "1e9",
    "#",
    "\u{301}",
    "ß",
    "İ",
    "ǅ",
    "\\u0000",
    "\\t",
    "\u{0}",
];

/// Input number `i` of run `seed` for the stress runner.
pub fn make_recipe_input(seeds: &[String], seed: u64, i: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut text = seeds[rng.below(seeds.len())].clone();
    for _ in 0..1 + rng.below(4) {
        mutate_text(&mut rng, &mut text, TOKENS);
    }
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_build_and_solve() {
        for s in seeds() {
            assert_eq!(recipe_parse(s.as_bytes()), RecipeOutcome::Solved, "{s}");
        }
        assert_eq!(recipe_parse(b"name = 1"), RecipeOutcome::Rejected);
    }
}
