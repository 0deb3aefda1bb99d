//! A sample's checkpoint: the classes it finished, by their place in its
//! draw, so that a sample cut short goes on where it stopped.
//!
//! A sample's draw is fixed by its seed and its size (or its stopping
//! rule): run again, it draws the same classes in the same order. A
//! resumed sample takes each class its checkpoint holds as it was (its
//! times too) and runs only the others, so its projection is the one an
//! uninterrupted run would have made from the same times. A class cut
//! short is not recorded: it runs again whole, which keeps the slow
//! classes in the sample (a sample that dropped them would read low).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::shard::{read_checkpoint_file, write_checkpoint_file};
use crate::{CheckpointError, Run, SampledClass, StoppingRule};

/// The version of a sample's checkpoint; one of another is refused.
pub const SAMPLE_CHECKPOINT_VERSION: u32 = 1;

/// The classes of a sample finished so far, to resume it: the proof
/// sampled, the draw (seed, size, rule) and each class run, by its place
/// in the draw (see [`ProveOptions::sampled`](crate::ProveOptions::sampled)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleCheckpoint {
    /// [`SAMPLE_CHECKPOINT_VERSION`] when written.
    pub sample_checkpoint: u32,
    /// The proof sampled.
    #[serde(flatten)]
    pub run: Run,
    /// The seed of the draw.
    pub seed: u64,
    /// The classes asked for: [`Prover::sample`](crate::Prover::sample)'s
    /// count (the rule's cap with a rule).
    pub sample: usize,
    /// The rule the sample grows by ([`Prover::sample_until`](crate::Prover::sample_until)), if any.
    pub until: Option<StoppingRule>,
    /// The classes finished, by their place in the draw.
    pub classes: BTreeMap<usize, SampledClass>,
}

impl SampleCheckpoint {
    /// A checkpoint of the sample of `run` drawn from `seed`, of `sample`
    /// classes (grown by `until`, if given), with no class finished.
    pub fn new(run: Run, seed: u64, sample: usize, until: Option<StoppingRule>) -> Self {
        SampleCheckpoint {
            sample_checkpoint: SAMPLE_CHECKPOINT_VERSION,
            run,
            seed,
            sample,
            until,
            classes: BTreeMap::new(),
        }
    }

    /// The sample's checkpoint at `path`, refused when it is another
    /// version's or a proof's checkpoint.
    pub fn read(path: &Path) -> Result<Self, CheckpointError> {
        let c: SampleCheckpoint = read_checkpoint_file(
            path,
            "sample_checkpoint",
            "checkpoint",
            "a proof's checkpoint, not a --sample's",
        )?;
        if c.sample_checkpoint != SAMPLE_CHECKPOINT_VERSION {
            return Err(CheckpointError::Version {
                path: path.to_path_buf(),
                found: c.sample_checkpoint,
                writes: SAMPLE_CHECKPOINT_VERSION,
            });
        }
        Ok(c)
    }

    /// It (read from `path`) to go on with if it is the checkpoint of
    /// `fresh`'s sample: the same proof and draw, whatever either has
    /// finished; else [`CheckpointError::OtherSample`].
    pub fn resuming(self, fresh: &SampleCheckpoint, path: &Path) -> Result<Self, CheckpointError> {
        if self.run == fresh.run
            && self.seed == fresh.seed
            && self.sample == fresh.sample
            && self.until == fresh.until
        {
            return Ok(self);
        }
        Err(CheckpointError::OtherSample {
            path: path.to_path_buf(),
            run: Box::new(self.run),
            seed: self.seed,
            sample: self.sample,
            until: self.until.is_some(),
        })
    }

    /// Writes it to `path` atomically (a reader sees the old file or the
    /// new, never part of one).
    pub fn write(&self, path: &Path) -> Result<(), CheckpointError> {
        write_checkpoint_file(path, self)
    }
}
