//! Recipes: a language's rules as data (the one concept here: [`Recipe`]
//! and the board rules and language it carries, plus the built-in table).
//!
//! A recipe says how raw lines become words (normalization), which words are
//! kept (filter), and how a board in that language reads (alphabet, cell
//! aliases such as `q` → `qu`, minimum word length). Recipes are TOML files;
//! the built-in ones live in `crates/prep/recipes/` and are compiled in.
//!
//! ```toml
//! name = "enable"
//! alphabet = "abcdefghijklmnopqrstuvwxyz"
//! [language]
//! code = "en"
//! name = "English"
//! [normalize]
//! lowercase = false
//! strip_diacritics = false
//! [filter]
//! pattern = "^[a-z]+$"
//! min_len = 3
//! q_needs_u = true
//! [board]
//! min_word_len = 3
//! [board.aliases]
//! q = "qu"
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{escape_controls, RecipeError};
#[cfg(feature = "build")]
use crate::filter::Filter;
use crate::filter::{default_min_len, FilterRules};
use crate::normalize::{NormalizeRules, Normalizer};

/// The built-in recipes, by name, as TOML text: the files in this crate's
/// `recipes/`, where pack makers read them; compiling them in makes
/// `--recipe german` work anywhere.
const BUILTIN: &[(&str, &str)] = &[
    ("opentaal", include_str!("../recipes/opentaal.toml")),
    ("enable", include_str!("../recipes/enable.toml")),
    ("german", include_str!("../recipes/german.toml")),
    ("french", include_str!("../recipes/french.toml")),
    ("spanish", include_str!("../recipes/spanish.toml")),
    ("italian", include_str!("../recipes/italian.toml")),
    ("catalan", include_str!("../recipes/catalan.toml")),
    ("portuguese", include_str!("../recipes/portuguese.toml")),
    ("brazilian", include_str!("../recipes/brazilian.toml")),
    ("swedish", include_str!("../recipes/swedish.toml")),
    ("danish", include_str!("../recipes/danish.toml")),
    ("norwegian", include_str!("../recipes/norwegian.toml")),
    ("polish", include_str!("../recipes/polish.toml")),
    ("esperanto", include_str!("../recipes/esperanto.toml")),
    ("galician", include_str!("../recipes/galician.toml")),
    ("irish", include_str!("../recipes/irish.toml")),
    ("ukrainian", include_str!("../recipes/ukrainian.toml")),
    ("bulgarian", include_str!("../recipes/bulgarian.toml")),
    ("british", include_str!("../recipes/british.toml")),
    ("russian", include_str!("../recipes/russian.toml")),
    ("greek", include_str!("../recipes/greek.toml")),
    ("czech", include_str!("../recipes/czech.toml")),
];

/// Other names the built-in recipes answer to: their languages' codes.
const ALIASES: &[(&str, &str)] = &[
    ("nl", "opentaal"),
    ("en", "enable"),
    ("de", "german"),
    ("fr", "french"),
    ("es", "spanish"),
    ("it", "italian"),
    ("ca", "catalan"),
    ("pt", "portuguese"),
    ("pt-br", "brazilian"),
    ("sv", "swedish"),
    ("da", "danish"),
    ("nb", "norwegian"),
    ("no", "norwegian"),
    ("pl", "polish"),
    ("eo", "esperanto"),
    ("gl", "galician"),
    ("ga", "irish"),
    ("uk", "ukrainian"),
    ("bg", "bulgarian"),
    ("en-gb", "british"),
    ("ru", "russian"),
    ("el", "greek"),
    ("cs", "czech"),
];

/// A language's rules for turning a raw word list into a pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    /// Short name, e.g. `opentaal`.
    pub name: String,
    /// One line saying what the recipe keeps.
    #[serde(default)]
    pub description: String,
    /// Every letter a kept word may contain, as one string (`"abc…zñ"`).
    /// Letters are Unicode scalar values after normalization.
    pub alphabet: String,
    /// The language the recipe is for.
    pub language: Language,
    /// How a raw line is normalized.
    #[serde(default)]
    pub normalize: NormalizeRules,
    /// Which normalized words are kept.
    #[serde(default)]
    pub filter: FilterRules,
    /// How a board in this language reads.
    #[serde(default)]
    pub board: BoardRules,
    /// What the letters are worth (`[letters]`), for the letter-value
    /// scoring schemes.
    #[serde(default, skip_serializing_if = "LetterRules::is_empty")]
    pub letters: LetterRules,
    /// The word list the recipe is written for, read when a build names no
    /// input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<DefaultSource>,
    /// How common the language's words are (`[frequencies]`): the list a
    /// build reads, or why the language has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frequencies: Option<FrequencyRules>,
}

/// Where a recipe's word frequencies come from (`[frequencies]`).
///
/// ```toml
/// [frequencies]
/// file = "wordfreq-3.1.1/large_de.msgpack.gz"
/// version = "3.1.1"
/// ```
///
/// `file` is relative to the frequency directory the build is given (the
/// workspace's `wordlists/` by default), and is either one of wordfreq's
/// data files or a plain `word<TAB>zipf` list (see [`crate::frequency`]).
/// A language no source covers says so instead, and its packs count every
/// word as common:
///
/// ```toml
/// [frequencies]
/// none = "wordfreq 3.1.1 has no Esperanto list"
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrequencyRules {
    /// The list's path under the frequency directory.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub file: String,
    /// The source's version, recorded in the pack (`3.1.1`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub version: String,
    /// Why the language has no frequency list (instead of `file`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub none: String,
    /// How the build tells everyday words from names, abbreviations and
    /// other languages' words (`[frequencies.everyday]`), if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub everyday: Option<EverydayRules>,
}

/// The list a recipe is written for (`[source]`): where it usually lives and
/// what to record about it in the pack when the build reads it.
///
/// ```toml
/// [source]
/// path = "/usr/share/dict/ngerman"
/// name = "wngerman"
/// licence = "GPL-2.0-or-later"
/// debian_package = "wngerman"
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefaultSource {
    /// The list's usual path: `boggle-prep build --recipe german` reads it
    /// when no input is given.
    pub path: String,
    /// The list's name, recorded in the pack when the build reads `path`.
    #[serde(default)]
    pub name: String,
    /// The list's licence (an SPDX expression, or words such as `public
    /// domain`), recorded likewise.
    #[serde(default)]
    #[serde(rename = "licence", alias = "license")]
    pub license: String,
    /// The Debian package that installs `path`, named in the error when it is
    /// missing (and asked for its version with `dpkg-query`).
    #[serde(default)]
    pub debian_package: String,
    /// The list's encoding when it is not UTF-8 (a WHATWG label, e.g.
    /// `ISO-8859-1`). A `path` ending in `.dic` is a hunspell dictionary,
    /// read with the `.aff` beside it, which names its own encoding.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub encoding: String,
}

/// A language's code and English name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// BCP 47 code, e.g. `nl`.
    pub code: String,
    /// English name, e.g. `Dutch`.
    pub name: String,
    /// The language's own name, e.g. `Nederlands` (empty: not given).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub native: String,
}

/// How a board in the recipe's language reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRules {
    /// The shortest word that scores.
    #[serde(default = "default_min_len")]
    pub min_word_len: usize,
    /// Cell text that reads as another face: `q = "qu"` makes a lone `q` the
    /// `Qu` face.
    #[serde(default)]
    pub aliases: BTreeMap<String, String>,
    /// The default scoring scheme's name.
    #[serde(default = "default_scoring")]
    pub scoring: String,
    /// Dice this language's game is played with: one die a string, faces
    /// separated by spaces (`"a a e e g n"`, `"qu h i m n u"`).
    #[serde(default)]
    pub dice: Vec<String>,
}

impl Default for BoardRules {
    fn default() -> BoardRules {
        BoardRules {
            min_word_len: default_min_len(),
            aliases: BTreeMap::new(),
            scoring: default_scoring(),
            dice: Vec::new(),
        }
    }
}

/// What a language's letters are worth (`[letters]`): its Scrabble tile
/// values, used by the letter-value scoring schemes (`letters`, `ruzzle`).
///
/// ```toml
/// [letters]
/// values = { a = 1, b = 3, c = 3, qu = 10 }
/// ```
///
/// A key is a letter of the alphabet, or a multi-letter face (`qu`, `ij`,
/// `ch`) worth something other than the sum of its letters. A letter with
/// no value is worth 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LetterRules {
    /// Points by letter or face.
    #[serde(default)]
    pub values: BTreeMap<String, u32>,
}

impl LetterRules {
    /// The most a letter or face may be worth.
    pub const MAX_VALUE: u32 = 1000;

    /// Whether no letter has a value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// What a face is worth: its own entry, else the sum of its letters'.
    pub fn value(&self, face: &str) -> u32 {
        LetterRules::value_in(&self.values, face)
    }

    /// What a face is worth in any table of values (a recipe's, or a
    /// scoring scheme's own): its own entry, else the sum of its letters'
    /// (0 for a letter without one).
    pub fn value_in(values: &BTreeMap<String, u32>, face: &str) -> u32 {
        if let Some(&v) = values.get(face) {
            return v;
        }
        let mut buf = [0u8; 4];
        face.chars()
            .map(|c| values.get(&*c.encode_utf8(&mut buf)).copied().unwrap_or(0))
            .fold(0u32, u32::saturating_add)
    }
}

/// A TOML error's message on one line: its lines joined, control
/// characters (a quoted key may hold one) escaped.
/// The 1-based line of byte `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn one_line(message: &str) -> String {
    let joined = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    escape_controls(&joined)
}

fn default_scoring() -> String {
    "boggle".to_string()
}

impl Recipe {
    /// The names of the built-in recipes.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(name, _)| *name)
    }

    /// The other names a built-in recipe answers to (its language code:
    /// `de` for `german`).
    pub fn builtin_aliases(name: &str) -> impl Iterator<Item = &'static str> + '_ {
        ALIASES
            .iter()
            .filter(move |(_, to)| *to == name)
            .map(|(alias, _)| *alias)
    }

    /// A built-in recipe by name or alias (`german` or `de`), in any case
    /// (`pt-BR`, `German`).
    pub fn builtin(name: &str) -> Result<Recipe, RecipeError> {
        let name = ALIASES
            .iter()
            .find(|(alias, _)| alias.eq_ignore_ascii_case(name))
            .map_or(name, |(_, to)| *to);
        let (name, text) = BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| RecipeError::Unknown(name.to_string()))?;
        Recipe::from_toml(text, &format!("<built-in {name}>"))
    }

    /// A built-in recipe by name or alias, or else a recipe file at that path.
    pub fn resolve(name_or_path: &str) -> Result<Recipe, RecipeError> {
        let builtin = |n: &str| {
            BUILTIN.iter().any(|(b, _)| b.eq_ignore_ascii_case(n))
                || ALIASES.iter().any(|(a, _)| a.eq_ignore_ascii_case(n))
        };
        if builtin(name_or_path) {
            return Recipe::builtin(name_or_path);
        }
        let path = Path::new(name_or_path);
        if path.exists() || name_or_path.ends_with(".toml") {
            return Recipe::from_file(path);
        }
        Err(RecipeError::Unknown(name_or_path.to_string()))
    }

    /// Reads a recipe file.
    pub fn from_file(path: &Path) -> Result<Recipe, RecipeError> {
        let text = std::fs::read_to_string(path).map_err(|source| RecipeError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Recipe::from_toml(&text, &path.display().to_string())
    }

    /// Parses and checks a recipe; `origin` names it in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Recipe, RecipeError> {
        let recipe: Recipe = toml::from_str(text).map_err(|e| RecipeError::Toml {
            origin: origin.to_string(),
            line: e.span().map(|span| line_of(text, span.start)),
            message: one_line(e.message()),
        })?;
        recipe.check().map_err(|message| RecipeError::Invalid {
            origin: origin.to_string(),
            message,
        })?;
        // Compile the parts that can fail, so a bad recipe fails here (the
        // filter's pattern only where it is used: in the builder).
        recipe.normalizer()?;
        #[cfg(feature = "build")]
        recipe.filter()?;
        Ok(recipe)
    }

    /// The recipe as TOML text.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    fn check(&self) -> Result<(), String> {
        let letters = self.letters();
        if letters.is_empty() {
            return Err("alphabet is empty".into());
        }
        let mut sorted = letters.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != letters.len() {
            return Err("alphabet lists a letter twice".into());
        }
        if letters.iter().any(|c| c.is_whitespace() || c.is_control()) {
            return Err("alphabet holds white space or a control character".into());
        }
        if self.board.min_word_len == 0 {
            return Err("board.min_word_len must be at least 1".into());
        }
        for (from, to) in &self.normalize.fold {
            if from.chars().count() != 1 {
                return Err(format!("normalize.fold key {from:?} must be one letter"));
            }
            if to.chars().any(char::is_control) {
                return Err(format!(
                    "normalize.fold value for {from:?} holds a control character"
                ));
            }
        }
        if self.source.as_ref().is_some_and(|s| s.path.is_empty()) {
            return Err("source.path must not be empty".into());
        }
        if let Some(f) = &self.frequencies {
            if f.file.is_empty() == f.none.is_empty() {
                return Err(
                    "frequencies: give either file (the list) or none (why there is none)".into(),
                );
            }
        }
        for (cell, face) in &self.board.aliases {
            if cell.is_empty() || face.is_empty() {
                return Err("board.aliases entries must not be empty".into());
            }
            if let Some(c) = face.chars().find(|c| !letters.contains(c)) {
                return Err(format!(
                    "board.aliases: {c:?} in {face:?} is not in the alphabet"
                ));
            }
        }
        for (face, &value) in &self.letters.values {
            if face.is_empty() {
                return Err("letters.values: an empty key".into());
            }
            if let Some(c) = face.chars().find(|c| !letters.contains(c)) {
                return Err(format!(
                    "letters.values: {c:?} in {face:?} is not in the alphabet"
                ));
            }
            if value > LetterRules::MAX_VALUE {
                return Err(format!(
                    "letters.values: {face:?} = {value}; a value is at most {}",
                    LetterRules::MAX_VALUE
                ));
            }
        }
        Ok(())
    }

    /// The alphabet as letters, in the order the recipe lists them.
    pub fn letters(&self) -> Vec<char> {
        self.alphabet.chars().collect()
    }

    /// The normalizer these rules describe.
    pub fn normalizer(&self) -> Result<Normalizer, RecipeError> {
        Normalizer::new(&self.normalize)
    }

    #[cfg(feature = "build")]
    /// The filter these rules describe.
    pub fn filter(&self) -> Result<Filter, RecipeError> {
        Filter::new(&self.filter, &self.letters())
    }
}

/// How a recipe tells everyday words from names and abbreviations
/// (`[frequencies.everyday]`; see [`crate::verdict`]).
///
/// ```toml
/// [frequencies.everyday]
/// lists = ["scowl-2020.12.07/american-english", "scowl-2020.12.07/british-english"]
/// ```
///
/// Paths are under the frequency directory (`wordlists/` in a checkout),
/// or absolute (a Debian package's file).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EverydayRules {
    /// Cased lists of the language's everyday words, one a line: a word
    /// they hold in lower case is an everyday word, one they hold only
    /// capitalised a name, only in capitals an abbreviation, and one they
    /// lack is not an everyday word.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<String>,
    /// Hunspell dictionaries (`.dic`, the `.aff` beside it) whose word
    /// forms are read as entries of `lists`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dictionaries: Vec<String>,
    /// Names and abbreviations by a hunspell dictionary's own marks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<NameRules>,
    /// The Debian packages that ship the absolute paths, for the message
    /// when one is missing (`hunspell-de-de`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub debian_packages: String,
}

/// Names and abbreviations by a hunspell dictionary's own marks: its
/// capitalised stems that take no flag but `flags`, with the forms its
/// affix rules make of them, are names; its stems written with a final dot
/// (`ggf.`) are abbreviations (see
/// [`crate::hunspell::Hunspell::split_names`]). A word another stem spells
/// too is neither.
///
/// ```toml
/// [frequencies.everyday.names]
/// dic = "/usr/share/hunspell/de_DE.dic"
/// flags = "S"
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameRules {
    /// The `.dic` (its `.aff` beside it).
    pub dic: String,
    /// The flags a name stem may take, as the `.aff` writes flags.
    #[serde(default)]
    pub flags: String,
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::*;

    #[test]
    fn builtins_parse_and_round_trip() {
        for name in Recipe::builtin_names() {
            let recipe = Recipe::builtin(name).unwrap();
            assert_eq!(recipe.name, name);
            let again = Recipe::from_toml(&recipe.to_toml(), "round trip").unwrap();
            assert_eq!(again, recipe);
        }
    }

    #[test]
    fn enable_reads_q_as_qu_and_opentaal_does_not() {
        let en = Recipe::builtin("enable").unwrap();
        assert_eq!(en.board.aliases.get("q").map(String::as_str), Some("qu"));
        let nl = Recipe::builtin("opentaal").unwrap();
        assert!(nl.board.aliases.is_empty());
    }

    #[test]
    fn toml_errors_are_one_line() {
        // The toml crate's message for this spans two lines (found by the
        // recipe_parse fuzz target).
        let e = Recipe::from_toml("name = \"abc\n", "x.toml").unwrap_err();
        assert!(matches!(e, RecipeError::Toml { .. }), "{e}");
        // A type error names its line.
        let e = Recipe::from_toml(
            "name = \"x\"\ndescription = \"d\"\nalphabet = \"abc\"\n[filter]\nmin_len = \"three\"\n",
            "bad.toml",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("bad.toml:5: "), "{e}");
        assert!(!e.to_string().contains('\n'), "{e:?}");
        let e = Recipe::from_toml("\"a\\nb\" = 1", "x.toml").unwrap_err();
        assert!(!e.to_string().contains('\n'), "{e:?}");
    }

    #[test]
    fn bad_recipes_are_rejected() {
        let base = include_str!("../recipes/enable.toml");
        assert!(matches!(
            Recipe::from_toml(&base.replace("^[a-z]+$", "^[a-z+$"), "x"),
            Err(RecipeError::Regex { .. })
        ));
        assert!(matches!(
            Recipe::from_toml(&base.replace("alphabet = \"abc", "alphabet = \"aabc"), "x"),
            Err(RecipeError::Invalid { .. })
        ));
        assert!(matches!(
            Recipe::from_toml(&format!("{base}\nbogus = 1\n"), "x"),
            Err(RecipeError::Toml { .. })
        ));
        assert!(matches!(
            Recipe::resolve("no-such-recipe"),
            Err(RecipeError::Unknown(_))
        ));
    }
}
