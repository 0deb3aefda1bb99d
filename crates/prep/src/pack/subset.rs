//! A pack of some of another pack's words: the same rules, metadata,
//! frequencies and verdicts, for fewer words. The web app's opening round
//! is played on one (the words of a few boards it may open on), so that a
//! first visit plays before the whole pack has come.

use fst::{IntoStreamer, Streamer};

use super::format::seal;
use super::Pack;
use crate::error::PackError;

impl Pack {
    /// The pack of the words `keep` keeps (given each word's bytes, in
    /// order): its metadata says how many; each word keeps its frequency
    /// and verdict. A word of both packs stands the same in both, so a
    /// board whose words are all kept solves, scores and judges the same
    /// on the smaller pack.
    pub fn subset(&self, mut keep: impl FnMut(&[u8]) -> bool) -> Result<Pack, PackError> {
        let bad = |message: String| PackError::Meta {
            path: self.name.clone(),
            message,
        };
        let frequencies = self.frequency_bytes();
        let verdicts = self.verdict_bytes();
        let mut map = fst::MapBuilder::memory();
        let (mut kept_freq, mut kept_verdicts) = (Vec::new(), Vec::new());
        let mut stream = self.map()?.keys().into_stream();
        let (mut rank, mut kept) = (0usize, 0u64);
        while let Some(word) = stream.next() {
            if keep(word) {
                map.insert(word, kept).map_err(|e| bad(e.to_string()))?;
                kept += 1;
                if let Some(f) = &frequencies {
                    kept_freq.push(f.as_ref()[rank]);
                }
                if let Some(v) = &verdicts {
                    kept_verdicts.push(v.as_ref()[rank]);
                }
            }
            rank += 1;
        }
        let fst = map.into_inner().map_err(|e| bad(e.to_string()))?;
        let mut meta = self.meta().clone();
        meta.word_count = kept;
        let meta = serde_json::to_vec(&meta).map_err(|e| bad(e.to_string()))?;
        let bytes = seal(
            &meta,
            &fst,
            frequencies.as_ref().map(|_| kept_freq.as_slice()),
            verdicts.as_ref().map(|_| kept_verdicts.as_slice()),
        );
        Pack::from_vec(bytes, &self.name)
    }
}
