//! Normalization: from a raw line to a word in the pack's spelling.
//!
//! The steps, in order: Unicode NFC; lowercasing (if the recipe asks: every
//! letter, or only the first with `lowercase_first`); replacing strings
//! (`l·l` → `ŀ`, Catalan's geminated l as the one letter its Scrabble tile
//! is); folding single letters to strings (`ä` → `ae`); stripping combining
//! marks from every letter the recipe does not keep (`é` → `e`, but `ñ`
//! stays); NFC again.
//! The same normalizer reads board faces, so `Ä` typed on a German board
//! becomes `ae` exactly as it did in the word list.

use std::collections::{BTreeMap, HashMap, HashSet};

use unicode_normalization::char::{decompose_canonical, is_combining_mark};
use unicode_normalization::UnicodeNormalization;

use crate::error::RecipeError;
use serde::{Deserialize, Serialize};

/// Normalization: NFC, then optional lowercasing, folding and diacritic
/// stripping, then NFC again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NormalizeRules {
    /// Lowercase every letter (German nouns, say). Off: capitalized words stay
    /// capitalized and usually fall outside the alphabet.
    #[serde(default)]
    pub lowercase: bool,
    /// Lowercase only a word's first letter (when `lowercase` is off). German
    /// capitalizes nouns, so `Straße` becomes `straße`, while acronyms and
    /// brand names (`ADAC`, `BahnCard`) keep their inner capitals and are
    /// dropped as `uppercase`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub lowercase_first: bool,
    /// Replace a string by another, after lowercasing and before folding:
    /// `"l·l" = "ŀ"` makes Catalan's geminated l one letter. Longer keys are
    /// tried first; replaced text is not looked at again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub replace: BTreeMap<String, String>,
    /// Replace one letter by a string, after lowercasing: `ä = "ae"`, `ß = "ss"`.
    #[serde(default)]
    pub fold: BTreeMap<String, String>,
    /// Remove combining marks (é → e) from letters not listed in `keep`.
    #[serde(default)]
    pub strip_diacritics: bool,
    /// Letters that diacritic stripping leaves alone, e.g. `"ñ"`.
    #[serde(default)]
    pub keep: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A compiled set of normalization rules.
#[derive(Clone, Debug, Default)]
pub struct Normalizer {
    lowercase: bool,
    lowercase_first: bool,
    /// `replace`'s pairs, longest key first.
    replace: Vec<(String, String)>,
    fold: HashMap<char, String>,
    strip: bool,
    keep: HashSet<char>,
}

impl Normalizer {
    /// Compiles normalization rules.
    pub fn new(rules: &NormalizeRules) -> Result<Normalizer, RecipeError> {
        let mut fold = HashMap::new();
        for (from, to) in &rules.fold {
            let mut chars = from.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(RecipeError::Invalid {
                    origin: "normalize.fold".into(),
                    message: format!("key {from:?} must be one letter"),
                });
            };
            fold.insert(c, to.nfc().collect());
        }
        let mut replace = Vec::new();
        for (from, to) in &rules.replace {
            let from: String = from.nfc().collect();
            if from.is_empty() {
                return Err(RecipeError::Invalid {
                    origin: "normalize.replace".into(),
                    message: "a key must not be empty".into(),
                });
            }
            replace.push((from, to.nfc().collect::<String>()));
        }
        replace.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        Ok(Normalizer {
            lowercase: rules.lowercase,
            lowercase_first: rules.lowercase_first && !rules.lowercase,
            replace,
            fold,
            strip: rules.strip_diacritics,
            keep: rules.keep.nfc().collect(),
        })
    }

    /// Normalizes `text` into `out` (which is cleared first).
    pub fn normalize_into(&self, text: &str, out: &mut String) {
        out.clear();
        let plain = !self.lowercase
            && !self.lowercase_first
            && self.replace.is_empty()
            && self.fold.is_empty()
            && !self.strip;
        if plain {
            if text.is_ascii() {
                out.push_str(text);
            } else {
                out.extend(text.nfc());
            }
            return;
        }
        let mut folded = String::with_capacity(text.len());
        if !self.replace.is_empty() {
            let mut lowered = String::with_capacity(text.len());
            for (i, c) in text.nfc().enumerate() {
                if self.lowercase || (self.lowercase_first && i == 0) {
                    lowered.extend(c.to_lowercase());
                } else {
                    lowered.push(c);
                }
            }
            let mut rest = lowered.as_str();
            'text: while let Some(c) = rest.chars().next() {
                for (from, to) in &self.replace {
                    if let Some(after) = rest.strip_prefix(from.as_str()) {
                        for r in to.chars() {
                            self.fold_char(r, &mut folded);
                        }
                        rest = after;
                        continue 'text;
                    }
                }
                self.fold_char(c, &mut folded);
                rest = &rest[c.len_utf8()..];
            }
            out.extend(folded.nfc());
            return;
        }
        for (i, c) in text.nfc().enumerate() {
            if self.lowercase || (self.lowercase_first && i == 0) {
                for l in c.to_lowercase() {
                    self.fold_char(l, &mut folded);
                }
            } else {
                self.fold_char(c, &mut folded);
            }
        }
        out.extend(folded.nfc());
    }

    /// The strings `replace` rewrites (lowercase, NFC), longest first: a
    /// board reader reads one typed as a single cell (`L·L`).
    pub fn replaced(&self) -> impl Iterator<Item = &str> {
        self.replace.iter().map(|(from, _)| from.as_str())
    }

    /// Normalizes `text` into a new string.
    pub fn normalize(&self, text: &str) -> String {
        let mut out = String::new();
        self.normalize_into(text, &mut out);
        out
    }

    fn fold_char(&self, c: char, out: &mut String) {
        if let Some(to) = self.fold.get(&c) {
            out.push_str(to);
        } else if self.strip && !c.is_ascii() && !self.keep.contains(&c) {
            decompose_canonical(c, |d| {
                if !is_combining_mark(d) {
                    out.push(d);
                }
            });
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(lowercase: bool, fold: &[(&str, &str)], strip: bool, keep: &str) -> Normalizer {
        Normalizer::new(&NormalizeRules {
            lowercase,
            lowercase_first: false,
            replace: BTreeMap::new(),
            fold: fold
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<BTreeMap<_, _>>(),
            strip_diacritics: strip,
            keep: keep.into(),
        })
        .unwrap()
    }

    #[test]
    fn plain_rules_only_compose() {
        let n = rules(false, &[], false, "");
        assert_eq!(n.normalize("Straße"), "Straße");
        // "n" + combining tilde composes to one letter.
        assert_eq!(n.normalize("an\u{303}o"), "año");
    }

    #[test]
    fn german_folding() {
        let n = rules(
            true,
            &[("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")],
            true,
            "",
        );
        assert_eq!(n.normalize("Straße"), "strasse");
        assert_eq!(n.normalize("Ärger"), "aerger");
        assert_eq!(n.normalize("A\u{308}rger"), "aerger");
    }

    #[test]
    fn lowercase_first_lowercases_only_the_initial() {
        let n = Normalizer::new(&NormalizeRules {
            lowercase_first: true,
            fold: [("ä", "ae"), ("ß", "ss")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            strip_diacritics: true,
            ..NormalizeRules::default()
        })
        .unwrap();
        assert_eq!(n.normalize("Straße"), "strasse");
        assert_eq!(n.normalize("Äpfel"), "aepfel");
        assert_eq!(n.normalize("A\u{308}pfel"), "aepfel");
        assert_eq!(n.normalize("ADAC"), "aDAC");
        assert_eq!(n.normalize("BahnCard"), "bahnCard");
        assert_eq!(n.normalize("laufen"), "laufen");
        // With `lowercase` on, `lowercase_first` changes nothing.
        let all = Normalizer::new(&NormalizeRules {
            lowercase: true,
            lowercase_first: true,
            ..NormalizeRules::default()
        })
        .unwrap();
        assert_eq!(all.normalize("ADAC"), "adac");
    }

    #[test]
    fn spanish_keeps_enye_and_strips_accents() {
        let n = rules(true, &[], true, "ñ");
        assert_eq!(n.normalize("Año"), "año");
        assert_eq!(n.normalize("canción"), "cancion");
        assert_eq!(n.normalize("pingüino"), "pinguino");
    }

    #[test]
    fn catalan_geminated_l_is_one_letter() {
        let n = Normalizer::new(&NormalizeRules {
            replace: [("l·l", "ŀ")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            strip_diacritics: true,
            keep: "çŀ".into(),
            ..NormalizeRules::default()
        })
        .unwrap();
        assert_eq!(n.normalize("col·lecció"), "coŀeccio");
        assert_eq!(n.normalize("cella"), "cella");
        assert_eq!(n.normalize("plaça"), "plaça");
        // Only lowercase text matches a lowercase key; with lowercasing on,
        // a capital L·L does too.
        assert_eq!(n.normalize("COL·LA"), "COL·LA");
        let lower = Normalizer::new(&NormalizeRules {
            lowercase: true,
            replace: [("l·l", "ŀ"), ("l", "L")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            ..NormalizeRules::default()
        })
        .unwrap();
        // The longer key wins, and replaced text is not replaced again.
        assert_eq!(lower.normalize("COL·LA"), "coŀa");
        assert_eq!(lower.normalize("Ala"), "aLa");
        let empty = NormalizeRules {
            replace: [(String::new(), "x".to_string())].into_iter().collect(),
            ..NormalizeRules::default()
        };
        assert!(Normalizer::new(&empty).is_err());
    }

    #[test]
    fn french_ligatures_and_accents() {
        let n = rules(true, &[("œ", "oe"), ("æ", "ae")], true, "");
        assert_eq!(n.normalize("élève"), "eleve");
        assert_eq!(n.normalize("Œuvre"), "oeuvre");
        assert_eq!(n.normalize("garçon"), "garcon");
    }
}
