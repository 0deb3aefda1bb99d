//! What a search hands back: the words found ([`FoundWord`], [`Solution`])
//! or just their score and count ([`Tally`]).

use prep::frequency::Zipf;
use serde::Serialize;

use super::{Words, CELL_BITS, CELL_MASK, MAX_LEN};
use crate::board::{Board, Pos, Tile};
use crate::lexicon::Lexicon;

/// One word on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundWord {
    /// The word, in the pack's spelling.
    pub word: String,
    /// Its points (under a letter-value scheme, along its best path).
    pub score: u32,
    /// Its length in letters.
    pub len: usize,
    /// One path that spells it: cell positions, first letter first. Under a
    /// letter-value scheme, the path that scores the most (the first found,
    /// among equals).
    pub path: Vec<Pos>,
    /// How common the word is, on the Zipf scale to a tenth (3.0: once per
    /// million words of text), when the pack carries frequencies and its
    /// source lists the word.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zipf: Option<Zipf>,
    /// Whether the word is rare: less common than the solver's line (see
    /// [`Words`]), not listed by the pack's frequency source, or not an
    /// everyday word of the language (the pack's verdict). A pack without
    /// frequencies has no rare words.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rare: bool,
    /// Why a rare word is rare ([`prep::verdict::Standing::reason`]):
    /// `too_rare` (under the line or unlisted), `name`, `abbreviation` or
    /// `not_everyday`; `None` for a common word.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<&'static str>,
}

/// Everything found on one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Total points.
    pub score: u64,
    /// Number of distinct words.
    pub word_count: usize,
    /// The words, highest score first, then alphabetically.
    pub words: Vec<FoundWord>,
    /// Score and count of the common words among them (all of them in a
    /// pack without frequencies, or when only common words count).
    pub common: Tally,
}

/// Score and word count only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Total points.
    pub score: u64,
    /// Number of distinct words.
    pub words: u64,
}

/// A found word from its path (cells, each with the alternative it read
/// as in its top bits) and, under a letter-value scheme, its score.
pub(super) fn found_word(
    board: &Board,
    cells: &[u32],
    points: &[u32],
    score: Option<u32>,
) -> FoundWord {
    let mut word = String::new();
    for &c in cells {
        let face = board.face((c & CELL_MASK) as usize).unwrap_or("");
        let nth = (c >> CELL_BITS) as usize;
        if Tile::is_plain(face) {
            word.push_str(face);
        } else if let Some(alt) = Tile::of(face).alternatives().nth(nth) {
            word.push_str(alt);
        }
    }
    let letters = word.chars().count();
    FoundWord {
        score: score.unwrap_or(points[letters.min(MAX_LEN - 1)]),
        len: letters,
        path: cells
            .iter()
            .map(|&c| board.pos((c & CELL_MASK) as usize))
            .collect(),
        word,
        zipf: None,
        rare: false,
        why: None,
    }
}

/// The solution from every word found, each with its id: by score, best
/// first, then by word. A word's id is its rank in the pack, whose words are
/// in byte order, so ordering by id orders by word without comparing a
/// string.
pub(super) fn solution(
    board: &Board,
    lex: &Lexicon,
    rule: Words,
    mut found: Vec<(u32, FoundWord)>,
) -> Solution {
    found.sort_unstable_by_key(|(id, w)| (std::cmp::Reverse(w.score), *id));
    let words: Vec<FoundWord> = found
        .into_iter()
        .map(|(id, w)| {
            let standing = lex.standing(id, rule.common);
            FoundWord {
                zipf: lex.zipf(id),
                rare: !standing.is_common(),
                why: standing.reason(),
                ..w
            }
        })
        .collect();
    let mut common = Tally::default();
    for w in words.iter().filter(|w| !w.rare) {
        common.score += u64::from(w.score);
        common.words += 1;
    }
    Solution {
        rows: board.rows(),
        cols: board.cols(),
        score: words.iter().map(|w| u64::from(w.score)).sum(),
        word_count: words.len(),
        words,
        common,
    }
}
