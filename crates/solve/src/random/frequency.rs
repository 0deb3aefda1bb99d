//! Frequency dice: a dice set made from a pack's own letter frequencies,
//! for packs without dice of their own (the method is in [`crate::random`]).

use prep::Pack;

use super::{face_counts, DiceError, DiceSet, Die, Face, Spelling};
use crate::board::capitalize;

/// Faces on each die of a set made by [`DiceSet::from_letter_frequencies`].
pub const FREQUENCY_FACES: usize = 6;

impl DiceSet {
    /// A set of `dice` six-faced dice made from the pack's own letter
    /// frequencies, by the deterministic method in [`crate::random`] (count,
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
        let counted: Vec<(String, u64)> = face_counts(pack, Spelling::Faces)
            .map_err(|e| error(e.to_string()))?
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
                    .map(|f| Face::Letters(capitalize(f)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::tiny_pack as pack;

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
}
