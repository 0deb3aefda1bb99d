//! Random boards: the one generator ([`Rng`]), letters drawn by weight
//! ([`WeightedFaces`], counted by [`face_counts`]), dice sets ([`DiceSet`])
//! and rolling boards from either ([`Roller`], [`roll_until`]).
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
//! Faces are written capitalized (`E`, `Qu`, `Ñ`); the set is named
//! `frequency`. There must be at least one die, and no more distinct faces
//! than slots.
//!
//! `boggle roll` (and `solve --roll`) uses such a set when the pack carries
//! no dice and no `--dice` is given (English packs excepted: they roll the
//! `classic` set), or with `--dice frequency`. The set is sized to the board
//! by [`DiceSet::frequency_for_board`]: one die a cell, 16 for 4x4 and 25 for
//! 5x5 (a shaped board counts its blanks), so every die is on the board.
//!

mod dice;
mod frequency;
mod letters;
mod roll;
mod spec;

pub use dice::{DiceError, DiceSet, Die, Face};
pub use frequency::FREQUENCY_FACES;
pub use grid::{seed_from_time, Rng};
pub use letters::{face_counts, LetterMode, LettersError, Spelling, WeightedFaces};
pub(crate) use roll::deal;
pub use roll::{roll_until, RollError, Rolled, Roller, Target};
pub use spec::{RollSpec, Rolling};
