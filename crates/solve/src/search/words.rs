//! Which of a pack's words a solver counts: every word, or only the common
//! ones.

use prep::frequency::Zipf;

use crate::lexicon::Lexicon;

/// Which of a pack's words a solver counts, by how common they are.
///
/// A word is *common* when its pack stores a frequency of at least the
/// line ([`Zipf::COMMON`], 2.5, unless told otherwise) and the pack's
/// verdict says it is an everyday word of the language (not a name, an
/// abbreviation or another language's word: [`prep::verdict`]), and *rare*
/// otherwise. A pack without frequencies (a language no source covers) has
/// no rare words: a player may know all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The least Zipf value of a common word.
    pub common: Zipf,
    /// Whether only common words count: a rare word is then not found at
    /// all (not counted, scored nor listed).
    pub only_common: bool,
}

impl Default for Words {
    /// Every word, with the line at [`Zipf::COMMON`].
    fn default() -> Words {
        Words {
            common: Zipf::COMMON,
            only_common: false,
        }
    }
}

impl Words {
    /// Only words of Zipf `common` and more count.
    pub fn common(common: Zipf) -> Words {
        Words {
            common,
            only_common: true,
        }
    }

    /// Whether the word with id `id` of `lex` is common at this line.
    pub fn is_common(&self, lex: &Lexicon, id: u32) -> bool {
        lex.standing(id, self.common).is_common()
    }
}
