//! What a caller asks to roll (a dice set by name, or letters; a size or a
//! shape) and how it resolves against a pack into a [`Roller`]: the one
//! place the defaults live (the pack's dice, else classic for English, else
//! frequency dice; a square board of the set's size, else 4x4).

use prep::Pack;

use super::{DiceSet, LetterMode, RollError, Roller};
use grid::{Shape, Size};

use crate::board::FaceRules;

/// A roll request; every field `None` asks for the pack's defaults.
#[derive(Clone, Debug, Default)]
pub struct RollSpec {
    /// A dice set: a built-in name, `pack` (the pack's own), `frequency`
    /// (made from the pack's letter frequencies, one die a cell) or a dice
    /// file. Ignored when `letters` is set.
    pub dice: Option<String>,
    /// Any letter in any cell instead of dice, drawn this way.
    pub letters: Option<LetterMode>,
    /// The board size (default: N x N for a set of N² dice; 4x4 for letters
    /// and frequency dice).
    pub size: Option<Size>,
    /// A board shape (`square`, `donut`, `cross` or a mask); wins over `size`.
    pub shape: Option<String>,
}

/// A resolved roll request.
#[derive(Clone, Debug)]
pub struct Rolling {
    /// Rolls the boards.
    pub roller: Roller,
    /// The dice set, when boards are rolled from dice.
    pub dice: Option<DiceSet>,
    /// Something the caller should be told (a set whose `Q` face does not
    /// read as the pack reads `q`).
    pub warning: Option<String>,
}

impl RollSpec {
    /// The roller this request asks for under `pack` and its face rules.
    pub fn resolve(&self, pack: &Pack, faces: &FaceRules) -> Result<Rolling, RollError> {
        // Frequency dice are sized to the board, so they are made after the layout.
        let mut frequency = false;
        let set = match (&self.dice, self.letters) {
            (_, Some(_)) => None,
            (Some(name), None) if name == "frequency" || name == "freq" => {
                frequency = true;
                None
            }
            (Some(name), None) => Some(DiceSet::for_pack(name, pack)?),
            (None, None) => match DiceSet::from_recipe(pack.recipe())? {
                Some(set) => Some(set),
                None if pack.recipe().language.code == "en" => DiceSet::builtin("classic"),
                None => {
                    frequency = true;
                    None
                }
            },
        };
        let layout = match (&self.shape, &self.size) {
            (Some(shape), _) => Shape::named(shape)?,
            (None, Some(size)) => Shape::rect(size.rows, size.cols)?,
            (None, None) => match &set {
                None => Shape::rect(4, 4)?,
                Some(set) => match set.square_size() {
                    Some(n) => Shape::rect(n, n)?,
                    None => {
                        return Err(RollError::NotSquare {
                            set: set.name().to_string(),
                            dice: set.len(),
                        })
                    }
                },
            },
        };
        let warning = set.as_ref().and_then(|s| s.q_mismatch(pack.recipe()));
        let set = match set {
            None if frequency => Some(DiceSet::frequency_for_board(
                pack,
                layout.rows() * layout.cols(),
            )?),
            set => set,
        };
        let roller = match &set {
            Some(set) => Roller::dice(set, faces, layout)?,
            None => {
                let mode = self.letters.unwrap_or(LetterMode::Frequency);
                Roller::letters(mode, pack, faces, layout)?
            }
        };
        Ok(Rolling {
            roller,
            dice: set,
            warning,
        })
    }
}
