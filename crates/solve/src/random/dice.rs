//! Dice sets as data ([`DiceSet`]: the dice format, the built-in sets, a
//! recipe's dice), and the board shapes of the game variants. Frequency
//! dice, made from a pack's words, are in [`DiceSet::from_letter_frequencies`].
//!
//! # The dice format
//!
//! A dice set is a text file, one die a line:
//!
//! ```text
//! # Boggle (1976), the first four dice
//! A A C I O T
//! A B I L T Y
//! A, B, J, M, O, Qu     # commas work too
//! E I O . . blank       # `.` and `blank` are blank faces
//! ```
//!
//! - Faces are separated by spaces, tabs or commas. A face may hold several
//!   letters (`Qu`, `Th`, `In`, `Er`); it may be written in brackets
//!   (`[Qu]`). Case does not matter: faces are read with the pack's
//!   normalization, so `Qu` is the face `qu`.
//! - `.` or `blank` (any case) is a blank face: a rolled blank is a hole in the
//!   board that no word can use.
//! - A line holding a single token is a die in *compact* form, as dice are
//!   often listed: a capital letter starts a face and the lowercase letters
//!   after it belong to it (`ABJMOQu` is `A B J M O Qu`); an all-lowercase
//!   token is one face a letter (`aaciot`); `.` is a blank face.
//! - `#` starts a comment, to the end of the line; blank lines are ignored.
//! - A die has at least one face. Errors name the file and line
//!   (`my-dice.txt:7: ...`).
//!
//! Faces are what the die says: a die's `Qu` face is the two-letter face
//! `qu`, and a die's `Q` face is a plain `q` even on a pack whose boards read
//! a lone `q` cell as `qu`. Aliases are for typed boards, not for dice.
//!
//! A language pack may carry its own dice in its recipe (`board.dice`, one
//! string a die, faces separated by spaces); [`DiceSet::from_recipe`] reads
//! them.
//!
//! # Built-in sets
//!
//! | name | dice | board | game |
//! |---|---:|---|---|
//! | `classic` | 16 | 4x4 | Boggle, 1976 |
//! | `1987` (or `new`) | 16 | 4x4 | Boggle, 1987 revision |
//! | `big` | 25 | 5x5 | Big Boggle (1979) |
//! | `big-deluxe` (`deluxe`, `master`) | 25 | 5x5 | Big Boggle Deluxe / Boggle Master: four dice differ from `big` |
//! | `big-2012` | 25 | 5x5 | Big Boggle (2012): a die of `An Er He In Qu Th` |
//! | `super-big` | 36 | 6x6 | Super Big Boggle: `An Er He In Qu Th` and blank faces |
//! | `french` (`fr`) | 16 | 4x4 | French Boggle: a plain `Q` face |
//!
//! # Dice and a pack agree on `q`
//!
//! A die's `Q` face is a plain `q` and a `Qu` face is `qu`, whatever the
//! pack's boards read a typed `q` as. A set with a plain `Q` face needs a
//! pack that keeps words with a bare `q` (`cinq`, `coq`: a recipe without
//! `q_needs_u`), or the boards it rolls hold words the pack cannot find;
//! [`DiceSet::q_mismatch`] says so (`boggle roll` and `best` warn).
//!
//! The files are in `crates/solve/dice/` and are compiled in.
//!
//! # Shapes: Word Hunt's donut and cross
//!
//! A shaped board is a rectangle with blank cells, written `.` in board
//! syntax (see [`crate::board`]). A blank is a hole: no word passes through
//! it, and cells on either side of it are not neighbors (unless they touch
//! diagonally). The solver needs nothing more.
//!
//! - **Donut**: 5x5 with the center blank, 24 letters.
//!
//!   ```text
//!   abcde/fghij/kl.mn/oprst/uvwxy
//!   ```
//!
//! - **Cross** (a plus sign): 5x5 with the four corner cells blank, 21
//!   letters. This is the common definition; a thin cross with 2x2 corner
//!   blocks blank is written the same way (`..a../..b../cdefg/..h../..i..`).
//!
//!   ```text
//!   .bcd./fghij/klmno/prstu/.vwx.
//!   ```
//!
//! [`grid::Shape`] names these shapes (`donut`, `cross`) so that
//! random boards can be rolled into them; blank cells stay blank.

use std::fmt;
use std::path::Path;

use prep::{Pack, Recipe};
use thiserror::Error;

use crate::board::FaceRules;

/// The built-in dice sets: name, description, file text.
const BUILTIN: &[(&str, &str, &str)] = &[
    (
        "classic",
        "Boggle (1976): 16 dice, 4x4",
        include_str!("../../dice/classic.txt"),
    ),
    (
        "1987",
        "Boggle (1987 revision, also `new`): 16 dice, 4x4",
        include_str!("../../dice/1987.txt"),
    ),
    (
        "big",
        "Big Boggle: 25 dice, 5x5",
        include_str!("../../dice/big.txt"),
    ),
    (
        "big-deluxe",
        "Big Boggle Deluxe / Boggle Master: 25 dice, 5x5",
        include_str!("../../dice/big-deluxe.txt"),
    ),
    (
        "big-2012",
        "Big Boggle (2012): 25 dice, 5x5, one die of two-letter faces",
        include_str!("../../dice/big-2012.txt"),
    ),
    (
        "super-big",
        "Super Big Boggle: 36 dice, 6x6, multi-letter and blank faces",
        include_str!("../../dice/super-big.txt"),
    ),
    (
        "french",
        "French Boggle: 16 dice, 4x4, a plain Q face",
        include_str!("../../dice/french.txt"),
    ),
];

/// Other names the built-in sets answer to.
const ALIASES: &[(&str, &str)] = &[
    ("new", "1987"),
    ("boggle", "classic"),
    ("big-boggle", "big"),
    ("super-big-boggle", "super-big"),
    ("superbig", "super-big"),
    ("deluxe", "big-deluxe"),
    ("master", "big-deluxe"),
    ("boggle-master", "big-deluxe"),
    ("fr", "french"),
];

/// A dice set could not be read or used.
#[derive(Debug, Error)]
pub enum DiceError {
    /// A line of a dice file (or a die of a recipe) is wrong.
    #[error("{origin}:{line}: {message}")]
    Line {
        /// The file (or recipe) the set came from.
        origin: String,
        /// 1-based line (or die number, for a recipe's dice).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The set holds no dice at all.
    #[error("{origin}: no dice in the set")]
    Empty {
        /// The file (or recipe) the set came from.
        origin: String,
    },
    /// A name that is neither a built-in set nor a file.
    #[error("no dice set {name:?}: not a built-in set ({builtin}) nor a file")]
    Unknown {
        /// The name given.
        name: String,
        /// The built-in names.
        builtin: String,
    },
    /// Frequency dice cannot be made from a pack.
    #[error("frequency dice for pack {pack}: {message}")]
    Frequency {
        /// The pack's name.
        pack: String,
        /// What is wrong.
        message: String,
    },
    /// The pack was asked for its own dice and carries none.
    #[error("pack {pack} carries no dice")]
    NoDice {
        /// The pack's name.
        pack: String,
    },
    /// A dice file could not be read.
    #[error("reading dice file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// One face of a die: the text as written, or blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// A face with letters, as written on the die (`A`, `Qu`).
    Letters(String),
    /// A blank face.
    Blank,
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Letters(s) => f.write_str(s),
            Face::Blank => f.write_str("."),
        }
    }
}

/// One die: its faces, and the line it was written on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Die {
    /// The faces, in the order written.
    pub faces: Vec<Face>,
    /// The 1-based line of its file (or its number in a recipe).
    pub line: usize,
}

impl fmt::Display for Die {
    /// The die as a line of a dice file: faces separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// A named set of dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceSet {
    pub(super) name: String,
    pub(super) origin: String,
    pub(super) dice: Vec<Die>,
}

impl DiceSet {
    /// Why this set and `recipe` disagree on `q`, if they do: a plain `Q`
    /// face on a pack that drops bare-`q` words (`q_needs_u`). One line,
    /// for a warning.
    pub fn q_mismatch(&self, recipe: &Recipe) -> Option<String> {
        let has = |face: &str| {
            self.dice.iter().any(|d| {
                d.faces
                    .iter()
                    .any(|f| matches!(f, Face::Letters(s) if s.eq_ignore_ascii_case(face)))
            })
        };
        if has("q") && recipe.filter.q_needs_u {
            Some(format!(
                "dice {} have a plain Q face, but pack {} dropped the words with a q not followed by u (cinq): those can never be found",
                self.name, recipe.name
            ))
        } else {
            None
        }
    }

    /// The built-in sets: name and description.
    pub fn builtin_names() -> impl Iterator<Item = (&'static str, &'static str)> {
        BUILTIN.iter().map(|(n, d, _)| (*n, *d))
    }

    /// A built-in set by name (or alias: `new`, `boggle`, `big-boggle`...).
    pub fn builtin(name: &str) -> Option<DiceSet> {
        let lower = name.to_ascii_lowercase();
        let name = ALIASES
            .iter()
            .find(|(alias, _)| *alias == lower)
            .map_or(lower.as_str(), |(_, to)| to);
        let (name, _, text) = BUILTIN.iter().find(|(n, _, _)| *n == name)?;
        let origin = format!("<built-in dice {name}>");
        Some(DiceSet::parse(name, &origin, text).expect("built-in dice sets parse"))
    }

    /// A built-in set by name, or else a dice file at that path.
    pub fn resolve(name_or_path: &str) -> Result<DiceSet, DiceError> {
        if let Some(set) = DiceSet::builtin(name_or_path) {
            return Ok(set);
        }
        let path = Path::new(name_or_path);
        if path.is_file() {
            return DiceSet::from_file(path);
        }
        Err(DiceError::Unknown {
            name: name_or_path.to_string(),
            builtin: BUILTIN
                .iter()
                .map(|b| b.0)
                .chain(["new"])
                .collect::<Vec<_>>()
                .join(", "),
        })
    }

    /// A set by name for `pack`: `pack` is the pack's own dice (an error if
    /// it carries none), anything else as [`resolve`](DiceSet::resolve)
    /// reads it.
    pub fn for_pack(name: &str, pack: &Pack) -> Result<DiceSet, DiceError> {
        if name == "pack" {
            return DiceSet::from_recipe(pack.recipe())?.ok_or_else(|| DiceError::NoDice {
                pack: pack.name().to_string(),
            });
        }
        DiceSet::resolve(name)
    }

    /// Reads a dice file; the set is named after the file.
    pub fn from_file(path: &Path) -> Result<DiceSet, DiceError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| DiceError::Io {
            path: origin.clone(),
            source,
        })?;
        DiceSet::parse(&origin, &origin, &text)
    }

    /// Parses a set in the dice format (see the module docs); `origin` names
    /// it in errors.
    pub fn parse(name: &str, origin: &str, text: &str) -> Result<DiceSet, DiceError> {
        let mut dice = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let line = line.strip_prefix('\u{feff}').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            let faces = parse_die(line).map_err(|message| DiceError::Line {
                origin: origin.to_string(),
                line: i + 1,
                message,
            })?;
            dice.push(Die { faces, line: i + 1 });
        }
        if dice.is_empty() {
            return Err(DiceError::Empty {
                origin: origin.to_string(),
            });
        }
        Ok(DiceSet {
            name: name.to_string(),
            origin: origin.to_string(),
            dice,
        })
    }

    /// The dice a recipe carries (`board.dice`), or `None` when it has none.
    /// Errors name the die by its number.
    pub fn from_recipe(recipe: &Recipe) -> Result<Option<DiceSet>, DiceError> {
        if recipe.board.dice.is_empty() {
            return Ok(None);
        }
        let origin = format!("recipe {} board.dice", recipe.name);
        let mut dice = Vec::new();
        for (i, die) in recipe.board.dice.iter().enumerate() {
            let faces = if die.trim().is_empty() {
                Err("a die with no faces".to_string())
            } else {
                parse_die(die)
            };
            let faces = faces.map_err(|message| DiceError::Line {
                origin: origin.clone(),
                line: i + 1,
                message,
            })?;
            dice.push(Die { faces, line: i + 1 });
        }
        Ok(Some(DiceSet {
            name: "pack".to_string(),
            origin,
            dice,
        }))
    }

    /// The set's name (a built-in name, `pack`, or the file it came from).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the set came from, for messages.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The dice.
    pub fn dice(&self) -> &[Die] {
        &self.dice
    }

    /// Number of dice.
    pub fn len(&self) -> usize {
        self.dice.len()
    }

    /// Whether the set has no dice (never true of a parsed set).
    pub fn is_empty(&self) -> bool {
        self.dice.is_empty()
    }

    /// The board the set is made for: N x N when it has N² dice.
    pub fn square_size(&self) -> Option<usize> {
        let n = (self.dice.len() as f64).sqrt().round() as usize;
        (n * n == self.dice.len()).then_some(n)
    }

    /// The set as board faces under a pack's rules: for each die, each face
    /// normalized (`Qu` → `qu`), `None` for a blank. Faces take no alias (see
    /// the module docs). Fails on a face outside the pack's alphabet, naming
    /// its line.
    pub fn board_faces(&self, rules: &FaceRules) -> Result<Vec<Vec<Option<String>>>, DiceError> {
        self.dice
            .iter()
            .map(|die| {
                die.faces
                    .iter()
                    .map(|face| match face {
                        Face::Blank => Ok(None),
                        Face::Letters(s) => {
                            rules
                                .face(s, true)
                                .map(Some)
                                .map_err(|message| DiceError::Line {
                                    origin: self.origin.clone(),
                                    line: die.line,
                                    message: format!("face {s}: {message}"),
                                })
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The set in the dice format, one die a line.
    pub fn to_text(&self) -> String {
        self.dice.iter().map(|d| format!("{d}\n")).collect()
    }
}

/// Reads one die's faces from a line (comment already removed).
fn parse_die(line: &str) -> Result<Vec<Face>, String> {
    let tokens: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let faces = match tokens.as_slice() {
        [] => return Err("a die with no faces".into()),
        [one] if !is_blank(one) && !one.starts_with('[') => compact(one)?,
        many => many.iter().map(|t| face(t)).collect::<Result<_, _>>()?,
    };
    Ok(faces)
}

fn is_blank(token: &str) -> bool {
    token == "." || token == "_" || token.eq_ignore_ascii_case("blank")
}

/// One face token: `A`, `Qu`, `[Th]`, `.`, `blank`.
fn face(token: &str) -> Result<Face, String> {
    let inner = match token.strip_prefix('[') {
        Some(rest) => rest
            .strip_suffix(']')
            .ok_or_else(|| format!("{token:?}: '[' without a matching ']'"))?,
        None => token,
    };
    if is_blank(inner) || inner.is_empty() {
        return Ok(Face::Blank);
    }
    if let Some(c) = inner.chars().find(|c| !is_face_char(*c)) {
        return Err(format!(
            "face {token:?} holds {c:?}; a face is letters, or '.' / 'blank' for a blank face"
        ));
    }
    Ok(Face::Letters(inner.to_string()))
}

fn is_face_char(c: char) -> bool {
    c.is_alphabetic() || unicode_normalization::char::is_combining_mark(c)
}

/// A die in compact form: a capital starts a face, lowercase letters after it
/// join it; all lowercase means a face a letter; `.` is a blank.
fn compact(token: &str) -> Result<Vec<Face>, String> {
    let any_upper = token.chars().any(char::is_uppercase);
    let mut faces: Vec<Face> = Vec::new();
    let mut current: Option<String> = None;
    for c in token.chars() {
        if c == '.' || c == '_' {
            faces.extend(current.take().map(Face::Letters));
            faces.push(Face::Blank);
        } else if unicode_normalization::char::is_combining_mark(c) {
            match current.as_mut() {
                Some(f) => f.push(c),
                None => return Err(format!("die {token:?} starts with a combining mark")),
            }
        } else if !c.is_alphabetic() {
            return Err(format!(
                "die {token:?} holds {c:?}; faces are letters, or '.' for a blank face"
            ));
        } else if !any_upper || c.is_uppercase() || current.is_none() {
            faces.extend(current.take().map(Face::Letters));
            current = Some(c.to_string());
        } else if let Some(f) = current.as_mut() {
            f.push(c);
        }
    }
    faces.extend(current.take().map(Face::Letters));
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(line: &str) -> Vec<String> {
        parse_die(line)
            .unwrap()
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    #[test]
    fn compact_and_spelled_out_dice_agree() {
        assert_eq!(faces("ABJMOQu"), ["A", "B", "J", "M", "O", "Qu"]);
        assert_eq!(faces("A B J M O Qu"), faces("ABJMOQu"));
        assert_eq!(faces("A,B, J,M ,O,[Qu]"), faces("ABJMOQu"));
        assert_eq!(faces("aaciot"), ["a", "a", "c", "i", "o", "t"]);
        assert_eq!(faces("EIO..."), ["E", "I", "O", ".", ".", "."]);
        assert_eq!(faces("E I O blank BLANK ."), faces("EIO..."));
        assert_eq!(faces("Qu"), ["Qu"]);
    }

    #[test]
    fn builtins_have_the_right_dice() {
        for (name, dice, faces) in [
            ("classic", 16, 96),
            ("1987", 16, 96),
            ("new", 16, 96),
            ("big", 25, 150),
            ("super-big", 36, 216),
        ] {
            let set = DiceSet::builtin(name).unwrap();
            assert_eq!(set.len(), dice, "{name}");
            assert_eq!(
                set.dice().iter().map(|d| d.faces.len()).sum::<usize>(),
                faces
            );
            let again = DiceSet::parse(name, name, &set.to_text()).unwrap();
            let faces = |s: &DiceSet| s.dice().iter().map(|d| d.faces.clone()).collect::<Vec<_>>();
            assert_eq!(faces(&again), faces(&set));
        }
        assert!(DiceSet::builtin("nope").is_none());
    }

    #[test]
    fn errors_name_the_line() {
        let e = DiceSet::parse("x", "x.txt", "# c\nA B C\n\nA 1 C\n").unwrap_err();
        assert_eq!(
            e.to_string().split(':').take(2).collect::<Vec<_>>(),
            ["x.txt", "4"]
        );
        assert!(matches!(
            DiceSet::parse("x", "x.txt", "# only\n\n"),
            Err(DiceError::Empty { .. })
        ));
    }
}
