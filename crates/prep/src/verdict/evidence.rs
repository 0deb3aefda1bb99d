//! A recipe's evidence for its verdicts (`[frequencies.everyday]`), read
//! from its sources, and the verdict of every word of a pack.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::{EverydayRules, Verdict};
use crate::hunspell::Hunspell;
use crate::recipe::Recipe;
use crate::BuildError;

/// A recipe's evidence, read: what [`Evidence::judge`] needs to give every
/// word of a pack its verdict.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    /// Entries of the everyday lists and forms of the dictionaries, as
    /// written.
    everyday: Vec<String>,
    /// Forms of the name stems, as written.
    names: Vec<String>,
    /// The dictionary's abbreviations, without their dot.
    abbreviations: Vec<String>,
    /// The dictionary's other stems, as written.
    not_names: Vec<String>,
}

/// Case marks of a word in the cased lists.
const LOWER: u8 = 1;
const CAPITAL: u8 = 2;
const UPPER: u8 = 4;
/// A form of one of the dictionary's name stems.
const NAME: u8 = 8;
/// One of the dictionary's abbreviations.
const ABBREVIATION: u8 = 16;

impl EverydayRules {
    /// Reads every source under `dir` (the frequency directory); a missing
    /// one is [`BuildError::EvidenceMissing`].
    pub fn load(&self, dir: &Path) -> Result<Evidence, BuildError> {
        let read = |file: &str| -> Result<Vec<u8>, BuildError> {
            let path = dir.join(file);
            if !path.is_file() {
                let hint = if Path::new(file).is_absolute() && !self.debian_packages.is_empty() {
                    format!(": install Debian's {}", self.debian_packages)
                } else {
                    format!(" (looked in {})", dir.display())
                };
                return Err(BuildError::EvidenceMissing {
                    file: path.display().to_string(),
                    hint,
                });
            }
            std::fs::read(&path).map_err(|source| BuildError::Io {
                path: path.display().to_string(),
                source,
            })
        };
        // A hunspell dictionary: its `.dic` and the `.aff` beside it.
        let dictionary = |dic_name: &str| -> Result<Hunspell, BuildError> {
            let dic = read(dic_name)?;
            let aff_name = Path::new(dic_name).with_extension("aff");
            let aff_name = aff_name.to_string_lossy();
            let aff = read(&aff_name)?;
            Ok(Hunspell::parse(&aff, &dic, &aff_name, dic_name)?)
        };
        let mut evidence = Evidence::default();
        for f in &self.lists {
            let bytes = read(f)?;
            let text = String::from_utf8_lossy(&bytes);
            let entries = text.lines().map(str::trim).filter(|l| !l.is_empty());
            evidence.everyday.extend(entries.map(String::from));
        }
        for dic in &self.dictionaries {
            dictionary(dic)?.expand(&mut |w| evidence.everyday.push(w.to_string()));
        }
        if let Some(names) = &self.names {
            let split = dictionary(&names.dic)?
                .split_names(&names.flags)
                .map_err(|e| crate::HunspellError::Syntax {
                    file: "the recipe's [frequencies.everyday.names]".into(),
                    line: 1,
                    message: e.to_string(),
                })?;
            split
                .names
                .expand(&mut |w| evidence.names.push(w.to_string()));
            evidence.abbreviations = split.abbreviations;
            evidence.not_names = split.rest;
        }
        Ok(evidence)
    }
}

/// How `raw` is written: in lower case (no capital at all), in capitals
/// (two letters or more, none in lower case), or else capitalised, as
/// names and brands are (`Tet`, `McDonald`, `iOS`).
fn case_of(raw: &str) -> u8 {
    let letters: Vec<char> = raw.chars().filter(|c| c.is_alphabetic()).collect();
    if !letters.iter().any(|c| c.is_uppercase()) {
        LOWER
    } else if letters.len() > 1 && !letters.iter().any(|c| c.is_lowercase()) {
        UPPER
    } else {
        CAPITAL
    }
}

impl Evidence {
    /// Evidence from the entries of an everyday list held in memory, as
    /// written (`date`, `Tet`, `DUI`): what [`EverydayRules::lists`] reads
    /// from files.
    pub fn from_entries(entries: impl IntoIterator<Item = String>) -> Evidence {
        Evidence {
            everyday: entries.into_iter().collect(),
            ..Evidence::default()
        }
    }

    /// The verdict of each of `words` (sorted, distinct, as `recipe`
    /// spells them) by rank, one byte a word.
    pub fn judge(&self, recipe: &Recipe, words: &[String]) -> Result<Vec<u8>, BuildError> {
        let normalizer = recipe.normalizer()?;
        let filter = recipe.filter()?;
        let mut word = String::new();
        // A source's entry as the pack spells it: lower-cased whole, then
        // normalized and filtered as a word-list line is.
        let mut spell = |raw: &str| -> Option<String> {
            normalizer.normalize_into(&raw.to_lowercase(), &mut word);
            filter.check(&word).is_ok().then(|| word.clone())
        };
        let mut marks: HashMap<String, u8> = HashMap::new();
        for raw in &self.everyday {
            let case = case_of(raw);
            if let Some(w) = spell(raw) {
                *marks.entry(w).or_default() |= case;
            }
        }
        let not_names: HashSet<String> = self.not_names.iter().filter_map(|s| spell(s)).collect();
        let names: HashSet<String> = self
            .names
            .iter()
            .filter_map(|s| spell(s))
            .filter(|w| !not_names.contains(w))
            .collect();
        let abbreviations: HashSet<String> = self
            .abbreviations
            .iter()
            .filter_map(|s| spell(s))
            .filter(|w| !not_names.contains(w) && !names.contains(w))
            .collect();
        let has_everyday = !self.everyday.is_empty();
        let verdicts = words
            .iter()
            .map(|w| {
                let mut mark = marks.get(w).copied().unwrap_or(0);
                if names.contains(w) {
                    mark |= NAME;
                } else if abbreviations.contains(w) {
                    mark |= ABBREVIATION;
                }
                verdict(mark, has_everyday).byte()
            })
            .collect();
        Ok(verdicts)
    }
}

/// One word's verdict from its marks: its case in the everyday lists, and
/// whether the dictionary calls it a name or an abbreviation. A word held
/// in lower case anywhere is no name; one the lists lack is no everyday
/// word (when there are lists).
fn verdict(mark: u8, has_everyday: bool) -> Verdict {
    if mark & LOWER == 0 {
        if mark & (CAPITAL | NAME) != 0 {
            return Verdict::Name;
        }
        if mark & (UPPER | ABBREVIATION) != 0 {
            return Verdict::Abbreviation;
        }
    }
    if has_everyday && mark & LOWER == 0 {
        return Verdict::NotEveryday;
    }
    Verdict::Everyday
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(e: &Evidence, recipe: &str, words: &[&str]) -> Vec<Verdict> {
        let words: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        let recipe = Recipe::builtin(recipe).unwrap();
        e.judge(&recipe, &words)
            .unwrap()
            .into_iter()
            .map(|b| Verdict::from_byte(b).unwrap())
            .collect()
    }

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn case_in_an_everyday_list_decides() {
        let e = Evidence {
            everyday: strings(&["Tet", "DUI", "date", "Date", "Anna", "today", "iOS"]),
            ..Evidence::default()
        };
        let words = ["anna", "dae", "date", "dui", "ios", "tet", "today"];
        use Verdict::*;
        assert_eq!(
            judge(&e, "enable", &words),
            [
                Name,
                NotEveryday,
                Everyday,
                Abbreviation,
                Name,
                Name,
                Everyday
            ]
        );
    }

    #[test]
    fn names_and_abbreviations_come_from_the_dictionary() {
        // German: no everyday lists, so a word the dictionary does not
        // mark is an everyday word whatever its case.
        let e = Evidence {
            names: strings(&["Anna", "Annas", "Rosa"]),
            not_names: strings(&["rosa", "Anker"]),
            abbreviations: strings(&["ggf", "Tel"]),
            ..Evidence::default()
        };
        let words = ["anker", "anna", "annas", "ggf", "rosa", "tee", "tel"];
        use Verdict::*;
        assert_eq!(
            judge(&e, "german", &words),
            [
                Everyday,
                Name,
                Name,
                Abbreviation,
                Everyday,
                Everyday,
                Abbreviation
            ]
        );
    }

    #[test]
    fn the_lists_are_spelled_as_the_pack_spells() {
        // French strips accents: été and ÉTÉ are both ete, and the lower
        // case one wins.
        let e = Evidence {
            everyday: strings(&["été", "ÉTÉ", "Élise"]),
            ..Evidence::default()
        };
        use Verdict::*;
        assert_eq!(judge(&e, "french", &["elise", "ete"]), [Name, Everyday]);
    }

    #[test]
    fn case_of_reads_the_letters() {
        assert_eq!(case_of("date"), LOWER);
        assert_eq!(case_of("Tet"), CAPITAL);
        assert_eq!(case_of("DUI"), UPPER);
        assert_eq!(case_of("A"), CAPITAL);
        assert_eq!(case_of("McDonald"), CAPITAL);
        assert_eq!(case_of("iOS"), CAPITAL);
        assert_eq!(case_of("d'être"), LOWER);
    }
}
