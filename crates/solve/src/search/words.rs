//! Which of a pack's words a solver counts: every word, or only the common
//! ones.

use prep::frequency::Zipf;

/// Which of a pack's words a solver counts, by how common they are.
///
/// A word is *common* when its pack stores a frequency of at least the
/// line ([`Zipf::COMMON`], 2.5, unless told otherwise) and *rare* when its
/// frequency is lower or its pack's source does not list it. A pack without
/// frequencies (a language no source covers) has no rare words: a player
/// may know all of them.
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

    /// Whether a word of frequency `zipf` is common, in a pack that
    /// `has_frequencies` or not.
    pub fn is_common(&self, zipf: Option<Zipf>, has_frequencies: bool) -> bool {
        !has_frequencies || zipf.is_some_and(|z| z >= self.common)
    }
}
