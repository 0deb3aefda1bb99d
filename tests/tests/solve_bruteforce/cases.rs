//! The generated cases of the brute-force suite: alphabets and their packs
//! (with made-up frequencies), boards, word lists walked off the boards,
//! and the rules a case plays under.

use std::collections::BTreeSet;

use crate::common::{assert_made_up_frequencies, neighbors, with_made_up_frequencies};
use grid::Adjacency;
use prep::frequency::Zipf;
use prep::{Pack, PackBuilder, Recipe};
use proptest::prelude::*;
use proptest::sample::select;
use solve::{Rules, Scoring, Words};

/// The test alphabets: letters, multi-letter faces, and a face outside
/// the alphabet. The third has 40 letters (a to z, then 14 Cyrillic ones),
/// more than a 32-bit letter mask holds: its board letters sit on both
/// sides of letter 32 (`е` is letter 31, `ж` 32, `й` 35, `н` 39).
pub(crate) const ALPHABETS: [(&str, &[&str], &[&str], &str); 3] = [
    (
        "abcde",
        &["a", "b", "c", "d", "e"],
        &["ab", "ca", "ed"],
        "z",
    ),
    (
        "abcñ",
        &["a", "b", "c", "ñ"],
        &["ab", "ca", "ñb", "cñ"],
        "x",
    ),
    (
        "abcdefghijklmnopqrstuvwxyzабвгдежзийклмн",
        &["a", "z", "е", "ж", "й", "н"],
        &["жй", "нa", "zе"],
        "ω",
    ),
];

pub(crate) fn recipe(alphabet: &str) -> Recipe {
    let toml = format!(
        r#"
name = "tiny"
alphabet = "{alphabet}"
[language]
code = "xx"
name = "Test"
[filter]
min_len = 1
[board]
min_word_len = 1
scoring = "boggle"
"#
    );
    Recipe::from_toml(&toml, "test recipe").expect("the test recipe parses")
}

/// A pack of exactly `words` (checked), carrying each word's made-up
/// frequency ([`made_up_zipf`]), and its words.
pub(crate) fn pack(alphabet: &str, words: &[String]) -> (Pack, Vec<String>) {
    let raw = words.join("\n");
    let (bytes, _) = with_made_up_frequencies(PackBuilder::new(recipe(alphabet)), words)
        .build_bytes(raw.as_bytes(), "random.txt")
        .expect("the random list builds");
    let pack = Pack::from_vec(bytes, "random").expect("the pack opens");
    let listed = pack.words().unwrap();
    let wanted: Vec<String> = words
        .iter()
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(listed, wanted, "the pack holds exactly the random words");
    assert_made_up_frequencies(&pack);
    (pack, listed)
}

/// The words the brute force should find under `play`: all of `listed`, or
/// only the common ones when the play counts only those (these packs have
/// frequencies and no verdicts: common is Zipf at the line or above).
pub(crate) fn counted(pack: &Pack, listed: Vec<String>, play: &Play) -> Vec<String> {
    let words = play.rules().words;
    if !words.only_common {
        return listed;
    }
    listed
        .into_iter()
        .enumerate()
        .filter(|&(rank, _)| pack.zipf(rank as u64).is_some_and(|z| z >= words.common))
        .map(|(_, w)| w)
        .collect()
}

pub(crate) fn cell(alphabet: usize) -> impl Strategy<Value = Option<String>> {
    let (_, letters, multi, foreign) = ALPHABETS[alphabet];
    prop_oneof![
        12 => select(letters).prop_map(|s| Some(s.to_string())),
        4 => select(multi).prop_map(|s| Some(s.to_string())),
        3 => Just(None),
        1 => Just(Some(foreign.to_string())),
    ]
}

pub(crate) fn word(alphabet: usize) -> impl Strategy<Value = String> {
    let letters = ALPHABETS[alphabet].1;
    proptest::collection::vec(select(letters), 1..=7).prop_map(|v| v.concat())
}

/// A walk: a start cell and the choice at each step (both taken modulo what
/// is there).
pub(crate) type Walk = (usize, Vec<usize>);

pub(crate) fn walks() -> impl Strategy<Value = Vec<Walk>> {
    proptest::collection::vec(
        (
            any::<usize>(),
            proptest::collection::vec(any::<usize>(), 0..7),
        ),
        0..8,
    )
}

/// The words a random walk spells, at most 7 letters (each prefix ending on
/// a face boundary that is the last one under 8 letters).
pub(crate) fn walk_words(
    rows: usize,
    cols: usize,
    cells: &[Option<String>],
    king: bool,
    wrap: bool,
    walks: &[Walk],
) -> Vec<String> {
    let adj = neighbors(rows, cols, king, wrap);
    let mut out = Vec::new();
    for (start, steps) in walks {
        let mut at = start % cells.len();
        let Some(face) = &cells[at] else { continue };
        let mut used = vec![at];
        let mut text = face.clone();
        for step in steps {
            let next: Vec<usize> = adj[at]
                .iter()
                .copied()
                .filter(|j| !used.contains(j) && cells[*j].is_some())
                .collect();
            if next.is_empty() {
                break;
            }
            at = next[step % next.len()];
            let face = cells[at].as_deref().unwrap_or_default();
            if text.chars().count() + face.chars().count() > 7 {
                break;
            }
            used.push(at);
            text.push_str(face);
        }
        out.push(text);
    }
    out
}

/// Only words of the alphabet go into the dictionary (a walk may cross the
/// foreign face).
pub(crate) fn in_alphabet(alphabet: usize, w: &str) -> bool {
    w.chars().all(|c| ALPHABETS[alphabet].0.contains(c))
}

#[derive(Clone, Debug)]
pub(crate) struct Play {
    pub(crate) king: bool,
    pub(crate) wrap: bool,
    pub(crate) words_scoring: bool,
    pub(crate) min_len: usize,
    /// Call `Solver::warm_up` (decode the whole lexicon) first.
    pub(crate) warm: bool,
    /// When warming up, use the wide table layout instead of the packed one.
    pub(crate) wide: bool,
    /// Count only words of at least this Zipf value (`None`: all words).
    pub(crate) min_zipf: Option<f64>,
}

impl Play {
    pub(crate) fn rules(&self) -> Rules {
        Rules {
            adjacency: if self.king {
                Adjacency::King
            } else {
                Adjacency::NoDiagonals
            },
            wrap: self.wrap,
            scoring: if self.words_scoring {
                Scoring::words()
            } else {
                Scoring::boggle()
            },
            min_len: self.min_len,
            bonus: None,
            words: match self.min_zipf {
                Some(z) => Words::common(Zipf::from_value(z)),
                None => Words::default(),
            },
        }
    }
}

pub(crate) fn play() -> impl Strategy<Value = Play> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        1..=3usize,
        any::<bool>(),
        any::<bool>(),
        // One play in four counts only the words of a made-up frequency.
        prop_oneof![3 => Just(None), 1 => (1..=60u32).prop_map(Some)],
    )
        .prop_map(
            |(king, wrap, words_scoring, min_len, warm, wide, min_zipf)| Play {
                king,
                wrap,
                words_scoring,
                min_len,
                warm,
                wide,
                min_zipf: min_zipf.map(|t| f64::from(t) / 10.0),
            },
        )
}

#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) cells: Vec<Option<String>>,
}

pub(crate) fn grid(
    alphabet: usize,
    max_rows: usize,
    max_cols: usize,
) -> impl Strategy<Value = Grid> {
    (1..=max_rows, 1..=max_cols).prop_flat_map(move |(rows, cols)| {
        proptest::collection::vec(cell(alphabet), rows * cols).prop_map(move |cells| Grid {
            rows,
            cols,
            cells,
        })
    })
}

#[derive(Clone, Debug)]
pub(crate) struct Case {
    pub(crate) alphabet: usize,
    pub(crate) grid: Grid,
    pub(crate) words: Vec<String>,
    pub(crate) walks: Vec<Walk>,
    pub(crate) play: Play,
}

pub(crate) fn case(
    max_rows: usize,
    max_cols: usize,
    max_word_count: usize,
) -> impl Strategy<Value = Case> {
    (0..ALPHABETS.len()).prop_flat_map(move |alphabet| {
        (
            grid(alphabet, max_rows, max_cols),
            proptest::collection::vec(word(alphabet), 1..max_word_count),
            walks(),
            play(),
        )
            .prop_map(move |(grid, words, walks, play)| Case {
                alphabet,
                grid,
                words,
                walks,
                play,
            })
    })
}

impl Case {
    /// The dictionary: the random words plus the walks' words.
    pub(crate) fn words(&self) -> Vec<String> {
        let g = &self.grid;
        let mut words = self.words.clone();
        words.extend(
            walk_words(
                g.rows,
                g.cols,
                &g.cells,
                self.play.king,
                self.play.wrap,
                &self.walks,
            )
            .into_iter()
            .filter(|w| in_alphabet(self.alphabet, w)),
        );
        words
    }
}
