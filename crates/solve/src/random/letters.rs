//! Letters by weight: how often each board face occurs in a pack's words
//! ([`face_counts`], the one count behind frequency letters and frequency
//! dice) and drawing faces by weight ([`WeightedFaces`], shared by rolled
//! boards and the best-board search).

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use prep::{Pack, PackError};

use super::Rng;
use crate::board::FaceRules;

/// How letters are drawn without dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LetterMode {
    /// Every letter of the pack's alphabet equally likely.
    Uniform,
    /// Letters as often as they occur in the pack's words.
    Frequency,
}

impl FromStr for LetterMode {
    type Err = grid::UnknownName;

    fn from_str(s: &str) -> Result<LetterMode, grid::UnknownName> {
        match s {
            "uniform" => Ok(LetterMode::Uniform),
            "frequency" | "freq" => Ok(LetterMode::Frequency),
            _ => Err(grid::UnknownName::new(
                "letter mode",
                s,
                "uniform or frequency",
            )),
        }
    }
}

impl fmt::Display for LetterMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LetterMode::Uniform => "uniform",
            LetterMode::Frequency => "frequency",
        })
    }
}

/// Which faces [`face_counts`] spells words in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// Letter by letter: each letter of the alphabet counts once per
    /// occurrence.
    Letters,
    /// In board faces: a letter that the recipe aliases to a longer face
    /// starting with it (`q` → `qu`) counts as that face where the word
    /// continues that way (the `qu` of `quatre` is one `qu`, not a `q` and
    /// a `u`), else as itself.
    Faces,
}

/// How often each face occurs in a pack's words, spelled as `spelling` says,
/// in alphabet order (with [`Spelling::Faces`], each aliased face just
/// before its letter). Faces that never occur are listed with a count of 0.
///
/// Reading every word checks the pack's whole automaton first
/// ([`Pack::check`]); a pack that fails it is the error.
pub fn face_counts(pack: &Pack, spelling: Spelling) -> Result<Vec<(String, u64)>, PackError> {
    let recipe = pack.recipe();
    let mut faces: Vec<(String, u64)> = Vec::new();
    // For each letter: its aliased face (index, and the text after the
    // letter) and its plain face, found by byte for ASCII letters.
    let mut entries: Vec<(Option<(usize, String)>, usize)> = Vec::new();
    let mut ascii = [usize::MAX; 128];
    let mut other: HashMap<char, usize> = HashMap::new();
    for c in recipe.letters() {
        let alias = recipe
            .board
            .aliases
            .get(c.to_string().as_str())
            .filter(|to| spelling == Spelling::Faces && to.starts_with(c) && to.chars().count() > 1)
            .map(|to| {
                faces.push((to.clone(), 0));
                (faces.len() - 1, to[c.len_utf8()..].to_string())
            });
        faces.push((c.to_string(), 0));
        entries.push((alias, faces.len() - 1));
        if c.is_ascii() {
            ascii[c as usize] = entries.len() - 1;
        } else {
            other.insert(c, entries.len() - 1);
        }
    }
    pack.for_each_word(|w| {
        let word = String::from_utf8_lossy(w);
        let mut chars = word.char_indices();
        while let Some((at, c)) = chars.next() {
            let entry = if c.is_ascii() {
                Some(ascii[c as usize]).filter(|&e| e != usize::MAX)
            } else {
                other.get(&c).copied()
            };
            let Some((alias, plain)) = entry.map(|e| &entries[e]) else {
                continue;
            };
            match alias {
                Some((i, rest)) if word[at + c.len_utf8()..].starts_with(rest.as_str()) => {
                    faces[*i].1 += 1;
                    for _ in rest.chars() {
                        chars.next();
                    }
                }
                _ => faces[*plain].1 += 1,
            }
        }
    })?;
    Ok(faces)
}

/// Faces to draw by weight: the pack's letters, each read as a typed cell
/// would be (with the English packs a `q` is the `Qu` face), weighted by
/// [`LetterMode`]; letters that read as the same face pool their weight,
/// and letters of weight 0 are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedFaces {
    faces: Vec<String>,
    /// Running totals of the weights, for a draw by binary search.
    cumulative: Vec<u64>,
}

/// Why a pack's letters cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum LettersError {
    /// The pack's words could not be read (to weigh letters by frequency).
    #[error(transparent)]
    Pack(#[from] PackError),
    /// No letter has any weight.
    #[error("pack {pack} has no letters to draw boards from ({mode} letters)")]
    NoLetters {
        /// The pack's name.
        pack: String,
        /// How letters were to be drawn.
        mode: LetterMode,
    },
}

impl WeightedFaces {
    /// As [`new`](WeightedFaces::new), and an error when there is nothing
    /// to draw: what rolling and the best-board search start from.
    pub fn drawable(
        mode: LetterMode,
        pack: &Pack,
        rules: &FaceRules,
    ) -> Result<WeightedFaces, LettersError> {
        let faces = WeightedFaces::new(mode, pack, rules)?;
        if faces.is_empty() {
            return Err(LettersError::NoLetters {
                pack: pack.name().to_string(),
                mode,
            });
        }
        Ok(faces)
    }

    /// The pack's letters under `rules`, weighted by `mode`. Empty when no
    /// letter has any weight. Frequency weights read every word, so a pack
    /// whose automaton fails [`Pack::check`] is an error.
    pub fn new(
        mode: LetterMode,
        pack: &Pack,
        rules: &FaceRules,
    ) -> Result<WeightedFaces, PackError> {
        let weighted: Vec<(String, u64)> = match mode {
            LetterMode::Uniform => rules
                .alphabet()
                .iter()
                .map(|c| (c.to_string(), 1))
                .collect(),
            LetterMode::Frequency => face_counts(pack, Spelling::Letters)?,
        };
        let mut faces: Vec<String> = Vec::new();
        let mut weights: Vec<u64> = Vec::new();
        for (typed, w) in weighted {
            if w == 0 {
                continue;
            }
            let face = rules.face(&typed, false).unwrap_or(typed);
            match faces.iter().position(|f| *f == face) {
                Some(i) => weights[i] += w,
                None => {
                    faces.push(face);
                    weights.push(w);
                }
            }
        }
        let cumulative = weights
            .iter()
            .scan(0u64, |total, &w| {
                *total += w;
                Some(*total)
            })
            .collect();
        Ok(WeightedFaces { faces, cumulative })
    }

    /// The faces, in the order drawn indices refer to.
    pub fn faces(&self) -> &[String] {
        &self.faces
    }

    /// Number of faces.
    pub fn len(&self) -> usize {
        self.faces.len()
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// A face's index, drawn by weight (one [`Rng::below`] of the total).
    pub fn draw(&self, rng: &mut Rng) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(1);
        let r = rng.below(total);
        self.cumulative.partition_point(|&c| c <= r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::tiny_pack as pack;

    #[test]
    fn face_counts_spell_words_in_faces() {
        let p = pack("quiet\nqat\nsuq\n", true);
        let counts: HashMap<String, u64> = face_counts(&p, Spelling::Faces)
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(counts["qu"], 1);
        assert_eq!(counts["q"], 2);
        assert_eq!(counts["u"], 1);
        assert_eq!(counts["t"], 2);
        assert_eq!(counts["z"], 0);
        let plain: HashMap<String, u64> = face_counts(&pack("quiet\n", false), Spelling::Faces)
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!((plain["q"], plain["u"]), (1, 1));
        assert!(!plain.contains_key("qu"));
        // Letter by letter, the alias makes no difference.
        let letters: HashMap<String, u64> = face_counts(&p, Spelling::Letters)
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!((letters["q"], letters["u"]), (3, 2));
        assert!(!letters.contains_key("qu"));
    }

    #[test]
    fn weighted_faces_read_letters_as_typed_cells() {
        let p = pack("quiet\nqat\nsuq\n", true);
        let rules = FaceRules::from_pack(&p).unwrap();
        let w = WeightedFaces::new(LetterMode::Frequency, &p, &rules).unwrap();
        // a e i q→qu s t u: the letters that occur.
        assert_eq!(w.faces(), ["a", "e", "i", "qu", "s", "t", "u"]);
        let mut rng = Rng::new(1);
        let mut seen = vec![0; w.len()];
        for _ in 0..1000 {
            seen[w.draw(&mut rng)] += 1;
        }
        // qu has 3 of 12 letters, i 1 of 12.
        assert!(seen[3] > 2 * seen[2], "{seen:?}");
        assert_eq!(
            WeightedFaces::new(LetterMode::Uniform, &p, &rules)
                .unwrap()
                .len(),
            26
        );
    }
}
