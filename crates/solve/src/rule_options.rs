//! The rules a caller asks for, as options (every front has the same ones:
//! the CLI's flags, the Python package's keyword arguments), and how they
//! resolve against a pack into [`FaceRules`] and [`Rules`].

use std::collections::BTreeMap;
use std::num::NonZeroUsize;

use prep::Pack;
use thiserror::Error;

use grid::Adjacency;

use crate::board::FaceRules;
use crate::error::BoardError;
use crate::scoring::{Bonus, Scoring};
use crate::search::{Rules, Words};
use prep::frequency::Zipf;

/// Options that change how a board reads and scores; `None` (or the
/// default) leaves the pack's own rule.
#[derive(Clone, Debug, Default)]
pub struct RuleOptions {
    /// How cells connect.
    pub adjacency: Adjacency,
    /// Whether the board wraps around at its edges.
    pub wrap: bool,
    /// Whether a lone `q` cell reads `qu` (`None`: as the pack says).
    pub qu: Option<bool>,
    /// The shortest word that counts (`None`: the pack's and the scheme's
    /// minimum). Never 0: every front reads its own input into this type.
    pub min_len: Option<NonZeroUsize>,
    /// The scoring scheme (`None`: the pack's).
    pub scoring: Option<Scoring>,
    /// Letter values for a letter-value scheme; alone, they imply
    /// [`Scoring::letters`].
    pub letter_values: Option<BTreeMap<String, u32>>,
    /// Bonus cells, as [`Bonus::parse`] reads them (a letter-value scheme
    /// only). Fit it to the board with [`Bonus::fit`] once its size is known.
    pub bonus: Option<String>,
    /// Count only words at least this common (`--common` is
    /// [`Zipf::COMMON`], `--min-zipf 3` is 3.0); `None`: every word, with
    /// the common ones counted apart at [`Zipf::COMMON`]. See [`Words`].
    pub min_zipf: Option<Zipf>,
}

/// Options that do not go together, or do not read.
#[derive(Debug, Error)]
pub enum RuleError {
    /// The pack's face rules cannot be made (a broken recipe).
    #[error(transparent)]
    Faces(BoardError),
    /// Letter values with a scheme that scores by length.
    #[error("letter values need a letter-value scheme, not {0}: use scoring letters, ruzzle or wordament")]
    ValuesNeedLetterScheme(String),
    /// A bonus grid with a scheme that scores by length.
    #[error("bonus cells double and triple letter values, and {0} scores by length: use scoring ruzzle (or letters, wordament)")]
    BonusNeedsLetterScheme(String),
    /// A bonus grid that does not read.
    #[error("bonus: {0}")]
    Bonus(BoardError),
    /// A letter value for a letter the pack's words never hold.
    #[error(
        "letter value for {key:?}: {} is not in the pack's alphabet ({alphabet}), so no word \
         would score it",
        crate::board::describe_char(*letter)
    )]
    ValueNotInAlphabet {
        /// The key as given (`é`, `qu`).
        key: String,
        /// Its first letter outside the alphabet.
        letter: char,
        /// The pack's alphabet.
        alphabet: String,
    },
}

impl RuleOptions {
    /// The face rules and solver rules these options ask for under `pack`.
    pub fn resolve(&self, pack: &Pack) -> Result<(FaceRules, Rules), RuleError> {
        let faces = FaceRules::from_pack(pack)
            .map_err(RuleError::Faces)?
            .with_qu(self.qu);
        let mut rules = Rules::for_pack(pack);
        rules.adjacency = self.adjacency;
        rules.wrap = self.wrap;
        if let Some(s) = &self.scoring {
            rules.scoring = s.clone();
            rules.min_len = pack.recipe().board.min_word_len.max(s.min_len());
        }
        if let Some(values) = &self.letter_values {
            let alphabet = pack.recipe().letters();
            for key in values.keys() {
                if let Some(letter) = key.chars().find(|c| !alphabet.contains(c)) {
                    return Err(RuleError::ValueNotInAlphabet {
                        key: key.clone(),
                        letter,
                        alphabet: alphabet.iter().collect(),
                    });
                }
            }
            if !rules.scoring.is_letter_scheme() {
                if self.scoring.is_some() {
                    return Err(RuleError::ValuesNeedLetterScheme(rules.scoring.to_string()));
                }
                rules.scoring = Scoring::letters();
                rules.min_len = pack.recipe().board.min_word_len.max(1);
            }
            rules.scoring = rules.scoring.clone().with_values(values.clone());
        }
        if let Some(n) = self.min_len {
            rules.min_len = n.get();
        }
        if let Some(z) = self.min_zipf {
            rules.words = Words::common(z);
        }
        if let Some(text) = &self.bonus {
            if !rules.scoring.is_letter_scheme() {
                return Err(RuleError::BonusNeedsLetterScheme(rules.scoring.to_string()));
            }
            rules.bonus = Some(Bonus::parse(text).map_err(RuleError::Bonus)?);
        }
        Ok((faces, rules))
    }
}

impl Rules {
    /// Gives the bonus grid the board's shape (a run of 16 fits a 4x4 board
    /// as well as a 1x16 one); a grid of another size is an error.
    pub fn fit_bonus(&mut self, rows: usize, cols: usize) -> Result<(), RuleError> {
        if let Some(bonus) = self.bonus.take() {
            self.bonus = Some(bonus.fit(rows, cols).map_err(RuleError::Bonus)?);
        }
        Ok(())
    }
}
