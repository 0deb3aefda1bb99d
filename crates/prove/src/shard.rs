//! A proof cut into shards, and put back together: which shard a run is
//! ([`Shard`], `K/N` from 1 as people write it), what a run reports
//! ([`Report`], the `--json` of `boggle prove`) and keeps to resume
//! ([`Checkpoint`]), and the one merge of shards' reports ([`merge`]) that
//! the command line and the Python package's Dask jobs both use.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Proof, Scored, Slice};

/// Shard `k` of `n` (both from 1): the parts whose index is `k - 1`
/// modulo `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    k: u64,
    n: u64,
}

/// A shard that is not one.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{text:?}: {why}")]
pub struct ShardError {
    text: String,
    why: &'static str,
}

impl ShardError {
    /// `text` is not a shard (or slice) because of `why`.
    pub(crate) fn new(text: String, why: &'static str) -> ShardError {
        ShardError { text, why }
    }
}

impl Shard {
    /// Shard `k` of `n`; `k` from 1 to `n`.
    pub fn new(k: u64, n: u64) -> Result<Shard, ShardError> {
        if n == 0 || k == 0 || k > n {
            return Err(ShardError {
                text: format!("{k}/{n}"),
                why: "shards go from 1/N to N/N",
            });
        }
        Ok(Shard { k, n })
    }

    /// Which shard (from 1).
    pub fn k(self) -> u64 {
        self.k
    }

    /// Of how many.
    pub fn n(self) -> u64 {
        self.n
    }

    /// Whether part `index` (from 0) is in this shard.
    pub fn holds(self, index: u64) -> bool {
        index % self.n == self.k - 1
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, as `2/8`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let (k, n) = k_of_n(text, "write the shard as K/N, e.g. 2/8")?;
        Shard::new(k, n).map_err(|e| ShardError::new(text.to_string(), e.why))
    }
}

/// The two whole numbers of `K/N` (a shard's or a slice's); `form` says
/// how to write it when there is no `/`.
pub(crate) fn k_of_n(text: &str, form: &'static str) -> Result<(u64, u64), ShardError> {
    let bad = |why| ShardError::new(text.to_string(), why);
    let (k, n) = text.split_once('/').ok_or_else(|| bad(form))?;
    match (k.trim().parse(), n.trim().parse()) {
        (Ok(k), Ok(n)) => Ok((k, n)),
        _ => Err(bad("K and N are whole numbers")),
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What a run is: the fields a checkpoint and a shard's report must share
/// for them to go together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// The pack, as the caller names it.
    pub pack: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The scheme's name.
    pub scoring: String,
    /// The shortest word that counts.
    pub min_len: usize,
    /// How cells connect.
    pub neighbors: grid::Adjacency,
    /// The score every board reported reaches.
    pub threshold: u32,
    /// Only this random slice of the classes ([`Slice`]); `None`: all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slice: Option<Slice>,
}

impl Run {
    /// The run proving `rows` x `cols` boards of `pack` under `rules` at
    /// `threshold`, the pack named by [`prep::Pack::label`].
    pub fn new(
        pack: &prep::Pack,
        rules: &solve::Rules,
        rows: usize,
        cols: usize,
        threshold: u32,
    ) -> Run {
        Run {
            pack: pack.label(),
            rows,
            cols,
            scoring: rules.scoring.name().to_string(),
            min_len: rules.min_len,
            neighbors: rules.adjacency,
            threshold,
            slice: None,
        }
    }
}

/// What one run found (a shard, or the whole space), or a merge of runs:
/// `boggle prove --json`, which `--merge` reads back.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The run.
    #[serde(flatten)]
    pub run: Run,
    /// Its shard; `None` for the whole space (or a merge).
    pub shard: Option<Shard>,
    /// Whether it covered its whole shard (or space).
    pub complete: bool,
    /// Parts in its shard.
    pub parts: u64,
    /// Parts finished.
    pub parts_done: u64,
    /// Classes whose bound was computed.
    pub classes: u64,
    /// Boards scored exactly.
    pub solved: u64,
    /// Seconds, summed over a run and the runs it resumed.
    pub seconds: f64,
    /// The classes with every cell's bucket set that it ran (those a
    /// sample draws; see [`Proof::assigned`]).
    #[serde(default)]
    pub assigned: u64,
    /// CPU seconds its parts took on their threads, summed over a run and
    /// the runs it resumed (see [`Proof::cpu_seconds`]).
    #[serde(default)]
    pub cpu_seconds: f64,
    /// Every distinct board reaching the threshold, best first.
    pub boards: Vec<Scored>,
}

/// A checkpoint: a run's parts finished so far and what they found, to
/// resume it. Its parts are the prover's, so a checkpoint of another
/// [`CHECKPOINT_VERSION`] is refused.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Checkpoint {
    /// [`CHECKPOINT_VERSION`] when written.
    pub checkpoint: u32,
    /// The run.
    #[serde(flatten)]
    pub run: Run,
    /// Its shard.
    pub shard: Option<Shard>,
    /// The parts finished, by index.
    pub done: BTreeSet<u64>,
    /// Classes whose bound was computed.
    pub classes: u64,
    /// Boards scored exactly.
    pub solved: u64,
    /// Seconds so far.
    pub seconds: f64,
    /// Classes with every cell's bucket set run before, as `classes`.
    #[serde(default)]
    pub assigned: u64,
    /// CPU seconds of the runs before, counted as `classes` is: when a run
    /// ends (a run killed outright keeps its parts, not its counts).
    #[serde(default)]
    pub cpu_seconds: f64,
    /// The boards found so far.
    pub boards: Vec<Scored>,
}

/// A checkpoint that could not be read or written.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// The file could not be read.
    #[error("{}: cannot read the checkpoint: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file is not a checkpoint.
    #[error("{}: not a boggle prove checkpoint: {message}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        message: String,
    },
    /// A checkpoint of another prover version, whose parts are other classes.
    #[error("{}: checkpoint version {found} (this prover writes {writes})", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
        /// The version this prover writes: [`CHECKPOINT_VERSION`], or
        /// [`SAMPLE_CHECKPOINT_VERSION`](crate::SAMPLE_CHECKPOINT_VERSION)
        /// for a sample's.
        writes: u32,
    },
    /// The checkpoint of another run or shard.
    #[error(
        "{}: the checkpoint of another run ({} {}x{}, threshold {}, shard {}{}): give the same pack, size, rules, threshold, shard and slice, or another file",
        path.display(), run.pack, run.rows, run.cols, run.threshold,
        shard.map_or("none".to_string(), |s| s.to_string()),
        run.slice.map_or(String::new(), |s| format!(", slice {s}"))
    )]
    OtherRun {
        /// The file.
        path: PathBuf,
        /// Its run.
        run: Box<Run>,
        /// Its shard.
        shard: Option<Shard>,
    },
    /// The checkpoint of another sample: another proof, seed, size or rule.
    #[error(
        "{}: the checkpoint of another sample ({} {}x{}, threshold {}, seed {seed}, {sample} classes{}): give the same pack, size, rules, threshold, --sample, --seed and --until, or another file",
        path.display(), run.pack, run.rows, run.cols, run.threshold,
        if *until { ", grown --until stable" } else { "" }
    )]
    OtherSample {
        /// The file.
        path: PathBuf,
        /// Its proof.
        run: Box<Run>,
        /// Its seed.
        seed: u64,
        /// Its size.
        sample: usize,
        /// Whether it grows by a stopping rule.
        until: bool,
    },
    /// The file could not be written.
    #[error("{}: cannot write the checkpoint: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl Checkpoint {
    /// A checkpoint of `run` (shard `shard`) with nothing done yet.
    pub fn new(run: Run, shard: Option<Shard>) -> Checkpoint {
        Checkpoint {
            checkpoint: CHECKPOINT_VERSION,
            run,
            shard,
            done: BTreeSet::new(),
            classes: 0,
            solved: 0,
            seconds: 0.0,
            assigned: 0,
            cpu_seconds: 0.0,
            boards: Vec::new(),
        }
    }

    /// The checkpoint at `path`, refused when it is another version's.
    pub fn read(path: &Path) -> Result<Checkpoint, CheckpointError> {
        let c: Checkpoint = read_checkpoint_file(
            path,
            "checkpoint",
            "sample_checkpoint",
            "a --sample's checkpoint, not a proof's",
        )?;
        if c.checkpoint != CHECKPOINT_VERSION {
            return Err(CheckpointError::Version {
                path: path.to_path_buf(),
                found: c.checkpoint,
                writes: CHECKPOINT_VERSION,
            });
        }
        Ok(c)
    }

    /// The checkpoint to resume `run` (shard `shard`) from `path`: the one
    /// there, refused when it is another run's or shard's, or a new one
    /// when there is no file.
    pub fn resume(
        path: &Path,
        run: &Run,
        shard: Option<Shard>,
    ) -> Result<Checkpoint, CheckpointError> {
        if !path.exists() {
            return Ok(Checkpoint::new(run.clone(), shard));
        }
        let c = Checkpoint::read(path)?;
        if c.run != *run || c.shard != shard {
            return Err(CheckpointError::OtherRun {
                path: path.to_path_buf(),
                run: Box::new(c.run),
                shard: c.shard,
            });
        }
        Ok(c)
    }

    /// Marks part `index` done, with the boards it found.
    pub fn record(&mut self, index: u64, boards: &[Scored]) {
        self.done.insert(index);
        self.boards.extend_from_slice(boards);
    }

    /// Writes the checkpoint to `path` atomically (a reader sees the old
    /// file or the new, never part of one), its seconds with `seconds`
    /// more of this run.
    pub fn write(&self, path: &Path, seconds: f64) -> Result<(), CheckpointError> {
        let mut c = self.clone();
        c.seconds += seconds;
        write_checkpoint_file(path, &c)
    }
}

/// The checkpoint file at `path` read as `T`, whose version field is
/// `own`: one that holds the other kind's version field `other` instead
/// (a proof's checkpoint given to a sample, or a sample's to a proof) is
/// refused as `wrong` (what it is instead).
pub(crate) fn read_checkpoint_file<T: serde::de::DeserializeOwned>(
    path: &Path,
    own: &str,
    other: &str,
    wrong: &str,
) -> Result<T, CheckpointError> {
    let format = |message: String| CheckpointError::Format {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|source| CheckpointError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format(e.to_string()))?;
    if value.get(own).is_none() && value.get(other).is_some() {
        return Err(format(wrong.to_string()));
    }
    serde_json::from_value(value).map_err(|e| format(e.to_string()))
}

/// Writes `checkpoint` to `path` atomically (a reader sees the old file or
/// the new, never part of one).
pub(crate) fn write_checkpoint_file<T: Serialize>(
    path: &Path,
    checkpoint: &T,
) -> Result<(), CheckpointError> {
    let error = |source| CheckpointError::Write {
        path: path.to_path_buf(),
        source,
    };
    let bytes = serde_json::to_vec(checkpoint).map_err(|e| error(io::Error::other(e)))?;
    prep::write_atomic(path, &bytes, prep::Replace::Yes, None).map_err(error)
}

/// 7: parts are classes of two buckets a cell, three in cells of six or
/// more neighbours on boards of ten to twelve cells and of four or more on
/// larger ones, the corners of boards of ten to twelve cells whole (one
/// bucket of every face), with the first cells' buckets fixed, in the
/// fixing order (most neighbours first, then around the centre), until
/// there are at least 2048 parts or every cell's is; a checkpoint of
/// another version is refused, its parts being other classes.
pub const CHECKPOINT_VERSION: u32 = 7;

/// Shards' reports that do not merge; each names a report by its index in
/// the list given.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MergeError {
    /// No reports.
    #[error("nothing to merge")]
    Empty,
    /// A report of another run (pack, size, rules or threshold).
    #[error("report {index} is another run than report 0")]
    OtherRun {
        /// The report.
        index: usize,
    },
    /// A report of the whole space, not a shard.
    #[error("report {index} is not a shard's")]
    NotAShard {
        /// The report.
        index: usize,
    },
    /// Shards of different `N`.
    #[error("report {index} is shard {shard}, but another has N = {n}")]
    OtherN {
        /// The report.
        index: usize,
        /// Its shard.
        shard: Shard,
        /// The `N` before it.
        n: u64,
    },
    /// One shard twice.
    #[error("reports {first} and {index} are both shard {shard}")]
    Twice {
        /// The first report of it.
        first: usize,
        /// The second.
        index: usize,
        /// The shard.
        shard: Shard,
    },
}

/// Shards' reports merged.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The merged report: the union of the boards, best first; the sums of
    /// the counts and times; complete when every shard is there and was
    /// complete.
    pub report: Report,
    /// The shards merged, in order.
    pub shards: Vec<Shard>,
    /// The shards of `1..=N` that are missing.
    pub missing: Vec<Shard>,
}

/// Merges shards' reports of one run into one (see [`Merged`]).
pub fn merge(reports: &[Report]) -> Result<Merged, MergeError> {
    let first = reports.first().ok_or(MergeError::Empty)?;
    let mut shards: BTreeMap<Shard, usize> = BTreeMap::new();
    let mut of: Option<u64> = None;
    for (index, r) in reports.iter().enumerate() {
        if r.run != first.run {
            return Err(MergeError::OtherRun { index });
        }
        let shard = r.shard.ok_or(MergeError::NotAShard { index })?;
        let n = *of.get_or_insert(shard.n());
        if shard.n() != n {
            return Err(MergeError::OtherN { index, shard, n });
        }
        if let Some(&first) = shards.get(&shard) {
            return Err(MergeError::Twice {
                first,
                index,
                shard,
            });
        }
        shards.insert(shard, index);
    }
    let n = of.unwrap_or(0);
    let missing: Vec<Shard> = (1..=n)
        .filter_map(|k| Shard::new(k, n).ok())
        .filter(|s| !shards.contains_key(s))
        .collect();
    let mut boards: BTreeMap<&str, &Scored> = BTreeMap::new();
    for b in reports.iter().flat_map(|r| &r.boards) {
        boards.insert(&b.board, b);
    }
    let report = Report {
        run: first.run.clone(),
        shard: None,
        complete: missing.is_empty() && reports.iter().all(|r| r.complete),
        parts: reports.iter().map(|r| r.parts).sum(),
        parts_done: reports.iter().map(|r| r.parts_done).sum(),
        classes: reports.iter().map(|r| r.classes).sum(),
        solved: reports.iter().map(|r| r.solved).sum(),
        seconds: reports.iter().map(|r| r.seconds).sum(),
        assigned: reports.iter().map(|r| r.assigned).sum(),
        cpu_seconds: reports.iter().map(|r| r.cpu_seconds).sum(),
        boards: best_first(boards.into_values().cloned().collect()),
    };
    Ok(Merged {
        report,
        shards: shards.into_keys().collect(),
        missing,
    })
}

/// Boards best first, then by text.
pub fn best_first(mut boards: Vec<Scored>) -> Vec<Scored> {
    boards.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.board.cmp(&b.board)));
    boards
}

impl Report {
    /// A run's report from what the prover found (with what a checkpoint
    /// held before it: its boards, counts and seconds).
    pub fn of(
        run: Run,
        shard: Option<Shard>,
        proof: &Proof,
        before: Option<&Checkpoint>,
        seconds: f64,
    ) -> Report {
        let mut boards: BTreeMap<&str, &Scored> = BTreeMap::new();
        for b in before
            .into_iter()
            .flat_map(|c| &c.boards)
            .chain(&proof.boards)
        {
            boards.insert(&b.board, b);
        }
        Report {
            run,
            shard,
            complete: proof.complete,
            parts: proof.parts,
            parts_done: proof.parts_done,
            classes: before.map_or(0, |c| c.classes) + proof.classes,
            solved: before.map_or(0, |c| c.solved) + proof.solved,
            seconds: before.map_or(0.0, |c| c.seconds) + seconds,
            assigned: before.map_or(0, |c| c.assigned) + proof.assigned,
            cpu_seconds: before.map_or(0.0, |c| c.cpu_seconds) + proof.cpu_seconds,
            boards: best_first(boards.into_values().cloned().collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(shard: Option<&str>, boards: &[(u64, &str)], complete: bool) -> Report {
        Report {
            run: Run {
                pack: "en".into(),
                rows: 2,
                cols: 2,
                scoring: "boggle".into(),
                min_len: 3,
                neighbors: grid::Adjacency::King,
                threshold: 5,
                slice: None,
            },
            shard: shard.map(|s| s.parse().unwrap()),
            complete,
            parts: 2,
            parts_done: 2,
            classes: 10,
            solved: 1,
            seconds: 1.5,
            assigned: 4,
            cpu_seconds: 1.25,
            boards: boards
                .iter()
                .map(|&(score, board)| Scored {
                    score,
                    board: board.into(),
                    words: 1,
                })
                .collect(),
        }
    }

    #[test]
    fn shards_read_and_write_as_people_write_them() {
        let s: Shard = "2/8".parse().unwrap();
        assert_eq!((s.k(), s.n(), s.to_string()), (2, 8, "2/8".to_string()));
        assert!(s.holds(1) && s.holds(9) && !s.holds(2));
        for bad in ["0/3", "4/3", "1/0", "x/3", "3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"2/8\"");
        assert!(serde_json::from_str::<Shard>("\"9/8\"").is_err());
    }

    #[test]
    fn merges_boards_counts_and_what_is_missing() {
        let a = report(Some("1/3"), &[(9, "abcd"), (7, "efgh")], true);
        let b = report(Some("3/3"), &[(9, "abcd"), (8, "ijkl")], true);
        let m = merge(&[a.clone(), b.clone()]).unwrap();
        let boards: Vec<&str> = m.report.boards.iter().map(|b| b.board.as_str()).collect();
        assert_eq!(boards, ["abcd", "ijkl", "efgh"]);
        assert_eq!(
            (m.report.classes, m.report.parts, m.report.seconds),
            (20, 4, 3.0)
        );
        assert_eq!((m.report.assigned, m.report.cpu_seconds), (8, 2.5));
        assert_eq!(m.missing, ["2/3".parse::<Shard>().unwrap()]);
        assert!(!m.report.complete);
        let c = report(Some("2/3"), &[], false);
        let m = merge(&[a.clone(), b.clone(), c]).unwrap();
        assert!(m.missing.is_empty() && !m.report.complete);
        let c = report(Some("2/3"), &[], true);
        assert!(merge(&[a.clone(), b.clone(), c]).unwrap().report.complete);
        assert_eq!(merge(&[]).unwrap_err(), MergeError::Empty);
        assert!(matches!(
            merge(&[a.clone(), a.clone()]),
            Err(MergeError::Twice {
                first: 0,
                index: 1,
                ..
            })
        ));
        assert!(matches!(
            merge(&[a.clone(), report(None, &[], true)]),
            Err(MergeError::NotAShard { index: 1 })
        ));
        assert!(matches!(
            merge(&[a.clone(), report(Some("1/4"), &[], true)]),
            Err(MergeError::OtherN { index: 1, n: 3, .. })
        ));
        let mut other = b.clone();
        other.run.threshold = 6;
        assert_eq!(
            merge(&[a.clone(), other]).unwrap_err(),
            MergeError::OtherRun { index: 1 }
        );
        // Shards of another slice are another run.
        let mut sliced = b;
        sliced.run.slice = Some(Slice::new(1, 9, 1).unwrap());
        assert_eq!(
            merge(&[a, sliced]).unwrap_err(),
            MergeError::OtherRun { index: 1 }
        );
    }
}
