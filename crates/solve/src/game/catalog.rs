//! What a front offers a player to choose, as the library defines it: the
//! custom game's sizes, schemes and time, the scoring schemes and dice sets
//! a solve may use, and how long a seed a link carries. The web page's
//! selects and the room server's options are built from this one table
//! (the page's copy is generated into `packages/wordgrid/src/api.ts`), so no front keeps a
//! list of its own.

use serde::Serialize;

/// One choice: the value a front sends, and the words it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choice {
    /// The value (`big-boggle`, `5x5`).
    pub id: &'static str,
    /// How a select shows it.
    pub label: &'static str,
}

/// The sizes a custom game may have.
pub const CUSTOM_SIZES: &[Choice] = &[
    Choice {
        id: "3x3",
        label: "3×3",
    },
    Choice {
        id: "4x4",
        label: "4×4",
    },
    Choice {
        id: "5x5",
        label: "5×5",
    },
    Choice {
        id: "6x6",
        label: "6×6",
    },
];

/// The schemes a custom game may score by.
pub const CUSTOM_SCORINGS: &[Choice] = &[
    Choice {
        id: "boggle",
        label: "Boggle (3+ letters)",
    },
    Choice {
        id: "big-boggle",
        label: "Big Boggle (4+ letters)",
    },
    Choice {
        id: "word-hunt",
        label: "Word Hunt",
    },
    Choice {
        id: "words",
        label: "one point a word",
    },
    Choice {
        id: "letters",
        label: "letter values",
    },
];

/// A custom game's round, in seconds.
pub const CUSTOM_SECONDS: u32 = 180;

/// The scoring schemes a solve offers by name ([`Scoring`](crate::Scoring)'s
/// names).
pub const SCORINGS: &[Choice] = &[
    Choice {
        id: "boggle",
        label: "Boggle",
    },
    Choice {
        id: "big-boggle",
        label: "Big Boggle",
    },
    Choice {
        id: "super-big-boggle",
        label: "Super Big Boggle",
    },
    Choice {
        id: "word-hunt",
        label: "Word Hunt",
    },
    Choice {
        id: "words",
        label: "one a word",
    },
    Choice {
        id: "ruzzle",
        label: "Ruzzle (letters)",
    },
    Choice {
        id: "wordament",
        label: "Wordament (letters)",
    },
];

/// How a random board may be rolled: a dice set of the pack's, or letters
/// by weight (`letters:MODE`).
pub const ROLLS: &[Choice] = &[
    Choice {
        id: "classic",
        label: "classic",
    },
    Choice {
        id: "1987",
        label: "1987",
    },
    Choice {
        id: "big",
        label: "Big Boggle",
    },
    Choice {
        id: "super-big",
        label: "Super Big Boggle",
    },
    Choice {
        id: "frequency",
        label: "frequency dice",
    },
    Choice {
        id: "letters:frequency",
        label: "any letter (by frequency)",
    },
    Choice {
        id: "letters:uniform",
        label: "any letter (uniform)",
    },
];

/// Seeds are below this: a link carries a seed of at most 15 digits.
pub const SEEDS: u64 = 1_000_000_000_000_000;

/// The whole table, as the fronts read it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalog {
    /// [`CUSTOM_SIZES`].
    #[cfg_attr(feature = "ts", ts(as = "Vec<Choice>"))]
    pub custom_sizes: &'static [Choice],
    /// [`CUSTOM_SCORINGS`].
    #[cfg_attr(feature = "ts", ts(as = "Vec<Choice>"))]
    pub custom_scorings: &'static [Choice],
    /// [`CUSTOM_SECONDS`].
    pub custom_seconds: u32,
    /// [`SCORINGS`].
    #[cfg_attr(feature = "ts", ts(as = "Vec<Choice>"))]
    pub scorings: &'static [Choice],
    /// [`ROLLS`].
    #[cfg_attr(feature = "ts", ts(as = "Vec<Choice>"))]
    pub rolls: &'static [Choice],
    /// The most digits a seed has ([`SEEDS`]).
    pub seed_digits: u32,
    /// The default line between common and rare words, as a Zipf value
    /// (`prep::frequency::Zipf::COMMON`): what a setting's note says.
    pub common_zipf: f32,
    /// The most rounds a match has ([`MATCH_ROUNDS`](super::MATCH_ROUNDS)).
    pub match_rounds: u32,
    /// A match's rounds by default ([`MATCH_DEFAULT`](super::MATCH_DEFAULT)).
    pub match_default: u32,
}

/// The table.
pub fn catalog() -> Catalog {
    Catalog {
        custom_sizes: CUSTOM_SIZES,
        custom_scorings: CUSTOM_SCORINGS,
        custom_seconds: CUSTOM_SECONDS,
        scorings: SCORINGS,
        rolls: ROLLS,
        seed_digits: SEEDS.ilog10(),
        common_zipf: prep::frequency::Zipf::COMMON.value(),
        match_rounds: super::MATCH_ROUNDS,
        match_default: super::MATCH_DEFAULT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::random::{LetterMode, RollSpec};
    use crate::{packs, FaceRules, Scoring};

    #[test]
    fn every_choice_is_one_the_library_reads() {
        let pack = packs::builtin("en").unwrap();
        for c in SCORINGS.iter().chain(CUSTOM_SCORINGS) {
            assert!(c.id.parse::<Scoring>().is_ok(), "scoring {}", c.id);
        }
        for size in CUSTOM_SIZES {
            for scoring in CUSTOM_SCORINGS {
                let game = Game::custom(size.id.parse().unwrap(), scoring.id.parse().unwrap());
                assert!(game.roll(&pack, 1).is_ok(), "{} {}", size.id, scoring.id);
            }
        }
        let faces = FaceRules::from_pack(&pack).unwrap();
        for roll in ROLLS {
            match roll.id.strip_prefix("letters:") {
                Some(mode) => assert!(mode.parse::<LetterMode>().is_ok(), "roll {}", roll.id),
                None => {
                    let spec = RollSpec {
                        dice: Some(roll.id.to_string()),
                        ..RollSpec::default()
                    };
                    assert!(spec.resolve(&pack, &faces).is_ok(), "roll {}", roll.id);
                }
            }
        }
        assert_eq!(catalog().seed_digits, 15);
        assert_eq!((SEEDS - 1).to_string().len(), 15);
    }
}
