//! Dice sets as data, and the board shapes of the game variants.
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
//!   normalisation, so `Qu` is the face `qu`.
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
//! # Frequency dice
//!
//! A pack without dice of its own (German, French, Spanish…) can still be
//! played with dice: [`DiceSet::from_letter_frequencies`] makes a set of any
//! size from the pack's own letter frequencies. The method is deterministic
//! (no random numbers), so the same pack always gives the same dice:
//!
//! 1. **Count** ([`face_counts`]): every word of the pack is spelled in board
//!    faces and each face is counted once per occurrence. A face is a letter
//!    of the alphabet, or the longer face a one-letter cell reads as when the
//!    recipe aliases it and the word continues that way (`q` → `qu`: the `qu`
//!    of `quatre` counts once as `qu`, not as `q` and `u`). Faces that never
//!    occur get no face on any die.
//! 2. **Apportion** the `6 × n` face slots of `n` six-faced dice: every face
//!    that occurs starts with one slot; each remaining slot goes, one at a
//!    time, to the face furthest below its proportional share
//!    `6n · count / total` (in exact integer arithmetic), ties to the more
//!    frequent face, then to the face earlier in the alphabet (an aliased
//!    face such as `qu` just before its plain letter). When no share is below
//!    one slot this is exactly the largest-remainder (Hamilton) method.
//! 3. **Deal**: list the faces in descending frequency (ties as above), each
//!    repeated by its slots, and deal the list round-robin: slot `k` goes to
//!    die `k mod n`. Each die so gets one face from each sixth of the
//!    frequency ranking — a mix of common and rare letters, as on real dice —
//!    and a letter with more than `n` slots appears twice on some dice.
//!
//! Faces are written capitalised (`E`, `Qu`, `Ñ`); the set is named
//! `frequency`. There must be at least one die, and no more distinct faces
//! than slots.
//!
//! `boggle roll` (and `solve --roll`) uses such a set when the pack carries
//! no dice and no `--dice` is given (English packs excepted: they roll the
//! `classic` set), or with `--dice frequency`. The set is sized to the board
//! by [`DiceSet::frequency_for_board`]: one die a cell, 16 for 4x4 and 25 for
//! 5x5 (a shaped board counts its blanks), so every die is on the board.
//!
//! # Built-in sets
//!
//! | name | dice | board | game |
//! |---|---:|---|---|
//! | `classic` | 16 | 4x4 | Boggle, 1976 |
//! | `1987` (or `new`) | 16 | 4x4 | Boggle, 1987 revision |
//! | `big` | 25 | 5x5 | Big Boggle |
//! | `super-big` | 36 | 6x6 | Super Big Boggle: `An Er He In Qu Th` and blank faces |
//!
//! The files are in `crates/solve/dice/` and are compiled in.
//!
//! # Shapes: Word Hunt's donut and cross
//!
//! A shaped board is a rectangle with blank cells, written `.` in board
//! syntax (see [`crate::board`]). A blank is a hole: no word passes through
//! it, and cells on either side of it are not neighbours (unless they touch
//! diagonally). The solver needs nothing more.
//!
//! - **Donut**: 5x5 with the centre blank, 24 letters.
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
//! [`crate::roll::Layout`] names these shapes (`donut`, `cross`) so that
//! random boards can be rolled into them; blank cells stay blank.

use std::fmt;
use std::path::Path;

use std::collections::HashMap;

use prep::{Pack, Recipe};
use thiserror::Error;

use crate::board::{capitalise, FaceRules};

/// Faces on each die of a set made by [`DiceSet::from_letter_frequencies`].
pub const FREQUENCY_FACES: usize = 6;

/// The built-in dice sets: name, description, file text.
const BUILTIN: &[(&str, &str, &str)] = &[
    (
        "classic",
        "Boggle (1976): 16 dice, 4x4",
        include_str!("../dice/classic.txt"),
    ),
    (
        "1987",
        "Boggle (1987 revision, also `new`): 16 dice, 4x4",
        include_str!("../dice/1987.txt"),
    ),
    (
        "big",
        "Big Boggle: 25 dice, 5x5",
        include_str!("../dice/big.txt"),
    ),
    (
        "super-big",
        "Super Big Boggle: 36 dice, 6x6, multi-letter and blank faces",
        include_str!("../dice/super-big.txt"),
    ),
];

/// Other names the built-in sets answer to.
const ALIASES: &[(&str, &str)] = &[
    ("new", "1987"),
    ("boggle", "classic"),
    ("big-boggle", "big"),
    ("super-big-boggle", "super-big"),
    ("superbig", "super-big"),
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
    name: String,
    origin: String,
    dice: Vec<Die>,
}

impl DiceSet {
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

    /// A set of `dice` six-faced dice made from the pack's own letter
    /// frequencies, by the deterministic method in the module docs (count,
    /// apportion, deal). Fails with no dice, or when the pack has no letters
    /// or more distinct faces than the dice have faces.
    pub fn from_letter_frequencies(pack: &Pack, dice: usize) -> Result<DiceSet, DiceError> {
        DiceSet::frequency(pack, |_| dice)
    }

    /// Frequency dice for a board of `cells` cells (rows × columns, blanks
    /// included): `cells` dice, so a roll puts every die on the board — 16
    /// for 4x4, 25 for 5x5 — or, on a board too small for every face of the
    /// pack to get a slot, just enough dice for that (a 2x2 board of a
    /// 27-letter pack gets 5 dice, and a roll uses 4 of them).
    pub fn frequency_for_board(pack: &Pack, cells: usize) -> Result<DiceSet, DiceError> {
        DiceSet::frequency(pack, |faces| cells.max(faces.div_ceil(FREQUENCY_FACES)))
    }

    /// [`DiceSet::from_letter_frequencies`] with the number of dice chosen
    /// from the number of distinct faces that occur.
    fn frequency(pack: &Pack, dice: impl Fn(usize) -> usize) -> Result<DiceSet, DiceError> {
        let origin = format!("frequency dice of pack {}", pack.name());
        let error = |message: String| DiceError::Frequency {
            pack: pack.name().to_string(),
            message,
        };
        let counted: Vec<(String, u64)> = face_counts(pack)
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .collect();
        let dice = dice(counted.len());
        if dice == 0 {
            return Err(DiceError::Empty { origin });
        }
        let slots = dice
            .checked_mul(FREQUENCY_FACES)
            .ok_or_else(|| error(format!("{dice} dice is too many")))?;
        if counted.is_empty() {
            return Err(error("its words hold no letters".into()));
        }
        if counted.len() > slots {
            return Err(error(format!(
                "{} distinct faces do not fit on {dice} dice of {FREQUENCY_FACES} faces",
                counted.len()
            )));
        }
        let counts: Vec<u64> = counted.iter().map(|(_, n)| *n).collect();
        let shares = apportion(&counts, slots);
        // Descending frequency; the sort is stable, so ties keep alphabet order.
        let mut order: Vec<usize> = (0..counted.len()).collect();
        order.sort_by(|&a, &b| counts[b].cmp(&counts[a]));
        let sequence: Vec<&str> = order
            .iter()
            .flat_map(|&i| std::iter::repeat(counted[i].0.as_str()).take(shares[i]))
            .collect();
        let dice = (0..dice)
            .map(|d| Die {
                faces: sequence
                    .iter()
                    .skip(d)
                    .step_by(dice)
                    .map(|f| Face::Letters(capitalise(f)))
                    .collect(),
                line: d + 1,
            })
            .collect();
        Ok(DiceSet {
            name: "frequency".to_string(),
            origin,
            dice,
        })
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
    /// normalised (`Qu` → `qu`), `None` for a blank. Faces take no alias (see
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

/// How often each board face occurs in a pack's words (step 1 of the
/// frequency-dice method in the module docs), in alphabet order: for each
/// letter, first the longer face its cell reads as if the recipe aliases it
/// (`qu` for `q`, when the alias starts with the letter), then the letter
/// itself. Faces that never occur are listed with a count of 0.
pub fn face_counts(pack: &Pack) -> Vec<(String, u64)> {
    let recipe = pack.recipe();
    let mut faces: Vec<(String, u64)> = Vec::new();
    // For each letter: the index of its aliased face (and that face's text),
    // and of the plain letter.
    let mut index: HashMap<char, (Option<(usize, String)>, usize)> = HashMap::new();
    for c in recipe.letters() {
        let alias = recipe
            .board
            .aliases
            .get(c.to_string().as_str())
            .filter(|to| to.starts_with(c) && to.chars().count() > 1)
            .map(|to| {
                faces.push((to.clone(), 0));
                (faces.len() - 1, to[c.len_utf8()..].to_string())
            });
        faces.push((c.to_string(), 0));
        index.insert(c, (alias, faces.len() - 1));
    }
    pack.for_each_word(|w| {
        let word = String::from_utf8_lossy(w);
        let mut chars = word.char_indices();
        while let Some((at, c)) = chars.next() {
            let Some((alias, plain)) = index.get(&c) else {
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
    });
    faces
}

/// Step 2 of the frequency-dice method: `slots` slots over faces with these
/// (non-zero) counts, one each to start, then one at a time to the face
/// furthest below its share `slots · count / total`; ties to the larger
/// count, then the earlier face. Needs `counts.len() <= slots`.
fn apportion(counts: &[u64], slots: usize) -> Vec<usize> {
    let total: i128 = counts.iter().map(|&c| i128::from(c)).sum();
    let slots_i = slots as i128;
    let mut shares = vec![1usize; counts.len()];
    // How far face i is below its share, scaled by `total`.
    let deficit =
        |i: usize, shares: &[usize]| slots_i * i128::from(counts[i]) - shares[i] as i128 * total;
    for _ in counts.len()..slots {
        let best = (0..counts.len())
            .max_by(|&a, &b| {
                deficit(a, &shares)
                    .cmp(&deficit(b, &shares))
                    .then(counts[a].cmp(&counts[b]))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        shares[best] += 1;
    }
    shares
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

    fn pack(words: &str, qu: bool) -> Pack {
        let text = format!(
            "name = \"t\"\nalphabet = \"abcdefghijklmnopqrstuvwxyz\"\n\
             [language]\ncode = \"xx\"\nname = \"Test\"\n\
             [filter]\nmin_len = 1\n{}",
            if qu {
                "[board.aliases]\nq = \"qu\"\n"
            } else {
                ""
            }
        );
        let recipe = Recipe::from_toml(&text, "test").unwrap();
        let (bytes, _) = prep::PackBuilder::new(recipe)
            .build_bytes(words.as_bytes(), "t.txt")
            .unwrap();
        Pack::from_vec(bytes, "t").unwrap()
    }

    #[test]
    fn apportion_is_largest_remainder_with_a_floor_of_one() {
        // Shares 5.5, 3.5, 1.0 of 10: floors 5 3 1 leave one slot, and the
        // tied remainders (0.5) give it to the larger count.
        assert_eq!(apportion(&[55, 35, 10], 10), [6, 3, 1][..]);
        // Shares 5.5, 3.3, 1.1, 0.1 of 10: floors 5 3 1 0, and the 0 raised to
        // its floor of one slot uses up the tenth: 5 3 1 1 (10 in all).
        assert_eq!(apportion(&[55, 33, 11, 1], 10), [5, 3, 1, 1][..]);
        // Exact shares are met exactly.
        assert_eq!(apportion(&[3, 2, 1], 12), [6, 4, 2][..]);
        // Ties go to the earlier face.
        assert_eq!(apportion(&[1, 1, 1], 4), [2, 1, 1][..]);
        assert_eq!(apportion(&[5], 6), [6][..]);
    }

    #[test]
    fn face_counts_spell_words_in_faces() {
        let p = pack("quiet\nqat\nsuq\n", true);
        let counts: HashMap<String, u64> = face_counts(&p).into_iter().collect();
        assert_eq!(counts["qu"], 1);
        assert_eq!(counts["q"], 2);
        assert_eq!(counts["u"], 1);
        assert_eq!(counts["t"], 2);
        assert_eq!(counts["z"], 0);
        let plain: HashMap<String, u64> =
            face_counts(&pack("quiet\n", false)).into_iter().collect();
        assert_eq!((plain["q"], plain["u"]), (1, 1));
        assert!(!plain.contains_key("qu"));
    }

    #[test]
    fn frequency_dice_follow_the_counts_and_deal_round_robin() {
        // e 12, a 6, t 4, qu 2 (the q and u of qui, qur), i 1, r 1: 26 in all.
        let p = pack("eee\neeee\neeeee\naaaaaa\ntttt\nqui\nqur\n", true);
        let set = DiceSet::from_letter_frequencies(&p, 2).unwrap();
        assert_eq!(set.name(), "frequency");
        assert_eq!(set.len(), 2);
        // 12 slots, one each to start; shares 12·count/26 are e 5.5, a 2.8,
        // t 1.8, qu 0.9, i 0.5, r 0.5, so the other six go e, e, e, a, e, t:
        // e 5, a 2, t 2, qu 1, i 1, r 1. By frequency that is
        // E E E E E A A T T Qu I R, dealt to the two dice in turn.
        assert_eq!(set.to_text(), "E E E A T I\nE E A T Qu R\n");
        let again = DiceSet::from_letter_frequencies(&p, 2).unwrap();
        assert_eq!(again, set);
        assert!(matches!(
            DiceSet::from_letter_frequencies(&p, 0),
            Err(DiceError::Empty { .. })
        ));
        let many = pack("abcdefg\n", false);
        assert!(matches!(
            DiceSet::from_letter_frequencies(&many, 1),
            Err(DiceError::Frequency { .. })
        ));
    }

    #[test]
    fn frequency_dice_for_a_board_are_one_a_cell_unless_too_few() {
        let p = pack("eee\neeee\neeeee\naaaaaa\ntttt\nqui\nqur\n", true);
        for cells in [1, 4, 16, 25] {
            let set = DiceSet::frequency_for_board(&p, cells).unwrap();
            assert_eq!(set.len(), cells);
            assert_eq!(set, DiceSet::from_letter_frequencies(&p, cells).unwrap());
        }
        // 7 distinct faces need two dice of six faces, even for one cell.
        let many = pack("abcdefg\n", false);
        assert_eq!(DiceSet::frequency_for_board(&many, 1).unwrap().len(), 2);
        assert_eq!(DiceSet::frequency_for_board(&many, 3).unwrap().len(), 3);
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
