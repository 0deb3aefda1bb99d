//! The `board_parse` target: board text, read with every face rule, checked
//! and solved with tiny in-memory packs. Shared by
//! `fuzz_targets/board_parse.rs` and `src/bin/board_parse_stress.rs`.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use prep::{Pack, PackBuilder, Recipe};
use solve::{Board, FaceRules, Solver, TextStyle};
use grid::{Grid, Neighbors};

use crate::Rng;

/// A third recipe beside the built-in two: lowercasing, diacritic stripping
/// with a kept `ñ`, folds to two letters, and an alias whose key is two
/// letters, so multi-letter faces and non-ASCII letters are reached.
pub(crate) const FUZZ_RECIPE: &str = r#"
name = "fuzz"
alphabet = "abcdefghijklmnopqrstuvwxyzñ"
[language]
code = "xx"
name = "Fuzz"
[normalize]
lowercase = true
strip_diacritics = true
keep = "ñ"
[normalize.fold]
"ß" = "ss"
"æ" = "ae"
"ĳ" = "ij"
[filter]
min_len = 1
[board]
min_word_len = 1
scoring = "words"
[board.aliases]
q = "qu"
ss = "s"
"#;

/// Words every tiny pack holds, besides some random ones.
const WORDS: &str = "cat\ncats\nquit\nqueen\nquiz\nthe\nthen\nthem\ninn\nteeth\nsass\n\
                     tree\nstar\nrats\narts\nstare\nrates\nnite\nsnare\nqat\naa\nij\nijs\n\
                     año\nniño\nseñor\nñandu\nstraße\nmaße\nsee\nseen\nsense\n";

struct Fixture {
    /// Each pack with the face rules to read boards for it: the pack's
    /// own, `q` forced to `qu`, `q` forced plain.
    packs: Vec<(Pack, Vec<FaceRules>)>,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let mut rng = Rng::new(0xB0A2D);
        let mut list = WORDS.to_string();
        for _ in 0..300 {
            let len = 2 + rng.below(7);
            for _ in 0..len {
                list.push(b"aeinrstlqu"[rng.below(10)] as char);
            }
            list.push('\n');
        }
        let recipes = [
            Recipe::builtin("enable").expect("built-in recipe"),
            Recipe::builtin("opentaal").expect("built-in recipe"),
            Recipe::from_toml(FUZZ_RECIPE, "fuzz recipe").expect("fuzz recipe parses"),
        ];
        let packs = recipes
            .into_iter()
            .map(|recipe| {
                let (bytes, _) = PackBuilder::new(recipe)
                    .build_bytes(list.as_bytes(), "fuzz.txt")
                    .expect("tiny pack builds");
                let pack = Pack::from_vec(bytes, "fuzz").expect("tiny pack opens");
                let own = FaceRules::from_pack(&pack).expect("face rules");
                let rules = vec![
                    own.clone(),
                    own.clone().with_qu(Some(true)),
                    own.with_qu(Some(false)),
                ];
                (pack, rules)
            })
            .collect();
        Fixture { packs }
    })
}

/// How [`board_parse`] ended, summed over its rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BoardOutcome {
    /// No rule set read the text as a board.
    Rejected,
    /// Some rule set read a board; it was checked and solved.
    Parsed,
    /// ...and the solver found at least one word on it.
    Solved,
}

/// Boards with more cells than this are checked but not solved (the solver
/// is fast, but a fuzzer wants thousands of inputs a second).
const SOLVE_CELLS: usize = 400;

/// Reads `data` (as UTF-8, lossily) as a board under nine rule sets (three
/// packs: English, Dutch and a Unicode test recipe; each with its own `q`
/// rule, `q` = `qu` and `q` plain). Whatever parses must be a consistent
/// board: `rows * cols` cells, each face non-empty and in the alphabet or
/// blank, its text form parsing back to the same faces, and solving it must
/// give words of the pack along valid paths (adjacent, distinct, open
/// cells), with `tally` agreeing. Errors must be one line. Any panic is a bug.
pub fn board_parse(data: &[u8]) -> BoardOutcome {
    let text = String::from_utf8_lossy(data);
    let mut outcome = BoardOutcome::Rejected;
    for (pack, rule_sets) in &fixture().packs {
        for rules in rule_sets {
            let board = match rules.parse(&text) {
                Ok(board) => board,
                Err(e) => {
                    let message = e.to_string();
                    assert!(!message.contains('\n'), "multi-line error: {message:?}");
                    continue;
                }
            };
            check_board(rules, &board);
            outcome = outcome.max(BoardOutcome::Parsed);
            if board.len() <= SOLVE_CELLS && solve_and_check(pack, &board) {
                outcome = BoardOutcome::Solved;
            }
        }
    }
    outcome
}

fn check_board(rules: &FaceRules, board: &Board) {
    assert!(board.rows() > 0 && board.cols() > 0, "empty board parsed");
    assert_eq!(
        board.rows() * board.cols(),
        board.len(),
        "rows * cols != cells"
    );
    assert_eq!(board.cells().len(), board.len());
    for (i, face) in board.cells().into_iter().enumerate() {
        let pos = board.pos(i);
        assert!((pos.row as usize) < board.rows() && (pos.col as usize) < board.cols());
        if let Some(face) = face {
            assert!(!face.is_empty(), "empty face at {i}");
            // A face is letters, or a special tile (`re-`, `-ing`, `a/e`)
            // whose every alternative is letters.
            for alt in solve::board::Tile::of(face).alternatives() {
                assert!(
                    !alt.is_empty() && alt.chars().all(|c| rules.alphabet().contains(&c)),
                    "face {face:?} leaves the alphabet"
                );
            }
        }
    }
    assert!(board.face(board.len()).is_none());
    // The text form reads back as the same board, in either style (a plain
    // `q` face on an English board is written `[q]`, so it does not come
    // back as `qu`).
    for style in [TextStyle::Rows, TextStyle::Compact] {
        let text = rules.text(board, style);
        let again = rules
            .parse(&text)
            .unwrap_or_else(|e| panic!("text {text:?} does not parse back: {e}"));
        assert_eq!(&again, board, "text {text:?} ({style:?})");
    }
    let shown = board.to_string();
    assert_eq!(shown.lines().count(), board.rows(), "{shown:?}");
}

/// Solves `board` and checks the solution; true if it found a word.
fn solve_and_check(pack: &Pack, board: &Board) -> bool {
    let mut solver = Solver::new(pack).expect("tiny pack makes a solver");
    let solution = solver.solve(board).unwrap();
    let tally = solver.tally(board).unwrap();
    let rules = solver.rules().clone();
    assert_eq!(tally.words as usize, solution.word_count);
    assert_eq!(tally.score, solution.score);
    assert_eq!(solution.words.len(), solution.word_count);
    assert_eq!((solution.rows, solution.cols), (board.rows(), board.cols()));
    let neighbors = Neighbors::new(Grid {
        rows: board.rows(),
        cols: board.cols(),
        adjacency: rules.adjacency,
        wrap: rules.wrap,
    });
    let mut words = BTreeSet::new();
    for w in &solution.words {
        assert!(
            pack.contains(&w.word).unwrap(),
            "{:?} is not in the pack",
            w.word
        );
        assert!(words.insert(w.word.clone()), "{:?} found twice", w.word);
        assert!(w.len >= rules.min_len, "{:?} is too short", w.word);
        assert_eq!(w.len, w.word.chars().count());
        let cells: Vec<usize> = w
            .path
            .iter()
            .map(|p| p.row as usize * board.cols() + p.col as usize)
            .collect();
        let distinct: BTreeSet<_> = cells.iter().collect();
        assert_eq!(distinct.len(), cells.len(), "{:?} reuses a cell", w.word);
        // Each cell reads as one of its face's alternatives (one for a
        // plain face; `re-` reads `re`; `a/e` reads `a` or `e`).
        let alternatives: Vec<Vec<&str>> = cells
            .iter()
            .map(|&c| {
                board
                    .face(c)
                    .map_or_else(Vec::new, |f| solve::board::Tile::of(f).alternatives().collect())
            })
            .collect();
        assert!(
            spells(&w.word, &alternatives),
            "{:?} is not spelled by its path",
            w.word
        );
        assert!(
            cells.iter().all(|&c| board.face(c).is_some()),
            "blank in path"
        );
        for pair in cells.windows(2) {
            assert!(neighbors.adjacent(pair[0], pair[1]), "{:?} jumps", w.word);
        }
    }
    !solution.words.is_empty()
}

/// Board texts to start from: the syntax's every feature.
pub const SEEDS: &[&str] = &[
    "oatr ihps htnr enei",
    "oatrihpshtnrenei",
    "OATR/IHPS/HTNR/ENEI",
    "oatr,ihps\nhtnr\r\nenei\n",
    "[Th]a. [IN]bc d[.]e",
    "qa bc",
    "[q]a bc",
    "stre/atse/quin/eets",
    "ñaño s[ñ]or ßeaa aeij",
    "[ĳ]s.a æsse [ss]at. ...t",
    "a\u{301}bc de\u{301}f ghi",
    "x",
    "_._ .a. _._",
    "[qu][th][er] abc",
];

/// Pieces that mean something to the parser.
const TOKENS: &[&str] = &[
    " ", "/", ",", ";", "\n", "\r\n", "\t", ".", "_", "[", "]", "[]", "[.]", "[q]", "[qu]", "[th]",
    "q", "Q", "ñ", "Ñ", "ß", "æ", "ĳ", "é", "e\u{301}", "\u{301}", "\u{308}", "A", "z", "1", "ǅ",
    "İ", "ﬁ", "\u{0}", "\u{feff}", "\u{3000}", "ss", "tree", "[ab", "a]",
];

/// Changes text once: one of `tokens` inserted or put in place of a few
/// characters, characters deleted, a run duplicated, a case flipped, or a
/// random character inserted.
pub fn mutate_text(rng: &mut Rng, text: &mut String, tokens: &[&str]) {
    let mut chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let at = rng.below(n + 1);
    match rng.below(7) {
        0 | 1 => {
            let t = tokens[rng.below(tokens.len())];
            chars.splice(at..at, t.chars());
        }
        2 if n > 0 => {
            let end = (at + 1 + rng.below(4)).min(n);
            let t = tokens[rng.below(tokens.len())];
            chars.splice(at.min(n - 1)..end, t.chars());
        }
        3 if n > 0 => {
            let end = (at + 1 + rng.below(8)).min(n);
            chars.drain(at.min(n - 1)..end);
        }
        4 if n > 0 => {
            let a = rng.below(n);
            let len = (1 + rng.below(24)).min(n - a);
            let run: Vec<char> = chars[a..a + len].to_vec();
            chars.splice(at..at, run);
        }
        5 if n > 0 => {
            let i = rng.below(n);
            let c = chars[i];
            chars[i] = if c.is_lowercase() {
                c.to_uppercase().next().unwrap_or(c)
            } else {
                c.to_lowercase().next().unwrap_or(c)
            };
        }
        _ => {
            let c = match rng.below(3) {
                0 => (b'a' + rng.below(26) as u8) as char,
                1 => char::from_u32(0x80 + rng.below(0x2000) as u32).unwrap_or('?'),
                _ => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
            };
            chars.insert(at, c);
        }
    }
    *text = chars.into_iter().collect();
}

/// Input number `i` of run `seed` for the stress runner: a seed board
/// changed 1–3 times, now and then as raw bytes damaged instead.
pub fn make_board_input(seed: u64, i: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ i.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut text = SEEDS[rng.below(SEEDS.len())].to_string();
    if rng.one_in(4) {
        // A bigger board: a random square or rectangle of letters.
        let (r, c) = (1 + rng.below(24), 1 + rng.below(24));
        text.clear();
        for row in 0..r {
            if row > 0 {
                text.push(['/', ' ', '\n'][rng.below(3)]);
            }
            for _ in 0..c {
                text.push(b"aeinrstlqu"[rng.below(10)] as char);
            }
        }
    }
    for _ in 0..1 + rng.below(3) {
        mutate_text(&mut rng, &mut text, TOKENS);
    }
    let mut bytes = text.into_bytes();
    if rng.one_in(10) {
        crate::mutate(&mut rng, &mut bytes);
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_parse_and_some_solve() {
        let outcomes: Vec<BoardOutcome> = SEEDS.iter().map(|s| board_parse(s.as_bytes())).collect();
        assert!(
            outcomes.iter().all(|o| *o != BoardOutcome::Rejected),
            "{outcomes:?}"
        );
        assert!(outcomes.contains(&BoardOutcome::Solved), "{outcomes:?}");
        assert_eq!(board_parse(b"ab\xffcd"), BoardOutcome::Rejected);
    }
}

/// Whether `word` is one alternative of each cell in turn.
fn spells(word: &str, cells: &[Vec<&str>]) -> bool {
    match cells.split_first() {
        None => word.is_empty(),
        Some((first, rest)) => first.iter().any(|alt| {
            word.strip_prefix(alt)
                .is_some_and(|tail| spells(tail, rest))
        }),
    }
}
