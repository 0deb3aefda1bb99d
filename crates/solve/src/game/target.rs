//! A round's target: which of the board's words count toward the found /
//! total counter, the board's maximum and the missed list. The one rule,
//! asked by the room server and (through the WebAssembly engine) the web
//! page's solo rounds: the common words (everyday words at or above the
//! pack's line, as the solver's `rare` flag says), or all of them. A rare
//! word found scores either way, and shows as a rare find.

use serde::{Deserialize, Serialize};

use super::{Found, Judge};

/// Which words a round's target counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Counted {
    /// The common words (every word, in a pack without frequencies).
    #[default]
    Common,
    /// Every word of the pack.
    All,
}

impl Judge {
    /// Whether the target counts the word at `index` of
    /// [`words`](Judge::words).
    pub fn counts(&self, counted: Counted, index: usize) -> bool {
        counted == Counted::All || !self.words()[index].rare
    }

    /// The target's words, as indices into [`words`](Judge::words), best
    /// first.
    pub fn target(&self, counted: Counted) -> Vec<usize> {
        (0..self.words().len())
            .filter(|&i| self.counts(counted, i))
            .collect()
    }

    /// The most the target's words score: the board's maximum a round
    /// shows.
    pub fn max(&self, counted: Counted) -> u64 {
        self.target(counted)
            .into_iter()
            .map(|i| u64::from(self.words()[i].score))
            .sum()
    }

    /// How many of a player's words the target counts.
    pub fn found_counted(&self, counted: Counted, found: &Found) -> usize {
        found
            .words()
            .iter()
            .filter(|&&i| self.counts(counted, i))
            .count()
    }

    /// The target's words that `found(index)` says nobody found, best
    /// first.
    pub fn missed(&self, counted: Counted, found: impl Fn(usize) -> bool) -> Vec<usize> {
        (0..self.words().len())
            .filter(|&i| self.counts(counted, i) && !found(i))
            .collect()
    }

    /// The words outside the target (rare ones, under a common-words
    /// target) that `found(index)` says nobody found, best first.
    pub fn missed_rare(&self, counted: Counted, found: impl Fn(usize) -> bool) -> Vec<usize> {
        (0..self.words().len())
            .filter(|&i| !self.counts(counted, i) && !found(i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Verdict};
    use crate::packs;

    #[test]
    fn the_target_is_the_common_words_or_all_and_missed_is_the_rest() {
        let pack = packs::builtin("en").unwrap();
        let round = Game::named("boggle").unwrap().roll(&pack, 11).unwrap();
        let judge = Judge::new(&pack, &round).unwrap();
        let words = judge.words();
        let common: Vec<usize> = (0..words.len()).filter(|&i| !words[i].rare).collect();
        assert!(!common.is_empty() && common.len() < words.len());
        assert_eq!(judge.target(Counted::Common), common);
        assert_eq!(judge.target(Counted::All).len(), words.len());
        let sum = |ix: &[usize]| ix.iter().map(|&i| u64::from(words[i].score)).sum::<u64>();
        assert_eq!(judge.max(Counted::Common), sum(&common));
        assert_eq!(judge.max(Counted::All), judge.solution().score);

        // One common and one rare word found.
        let rare = (0..words.len()).find(|&i| words[i].rare).unwrap();
        let mut found = Found::default();
        for i in [common[0], rare] {
            assert!(matches!(
                judge.typed(&mut found, &words[i].word).unwrap(),
                Verdict::New { .. }
            ));
        }
        assert_eq!(judge.found_counted(Counted::Common, &found), 1);
        assert_eq!(judge.found_counted(Counted::All, &found), 2);
        let missed = judge.missed(Counted::Common, |i| found.has(i));
        assert_eq!(missed, common[1..].to_vec());
        let missed_rare = judge.missed_rare(Counted::Common, |i| found.has(i));
        assert!(!missed_rare.contains(&rare) && missed_rare.iter().all(|&i| words[i].rare));
        assert_eq!(missed.len() + missed_rare.len() + 2, words.len());
        assert!(judge.missed_rare(Counted::All, |i| found.has(i)).is_empty());
    }

    #[test]
    fn counted_reads_and_writes_as_the_pages_and_frames_do() {
        assert_eq!(serde_json::to_string(&Counted::All).unwrap(), "\"all\"");
        assert_eq!(
            serde_json::from_str::<Counted>("\"common\"").unwrap(),
            Counted::Common
        );
    }
}
