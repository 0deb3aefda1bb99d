//! Projecting a proof's cost from a random sample of its class space.
//!
//! A proof runs every class whose cells each have a bucket and that no
//! symmetry skips. [`Prover::sample`] parts those classes into strata by
//! how many cells have the rarest consonants' bucket (a class's cost falls
//! about threefold with each), counts each stratum's classes exactly,
//! draws from each in proportion to its classes (uniform bucket assignments,
//! keeping those the proof would run by the same symmetry test, while
//! their stratum wants more), runs each kept class to completion exactly
//! as the proof does, one class a thread, and times it by its thread's CPU
//! clock (other work on the machine slows the wall clock, not that). The
//! proof's cost is then the number of classes it runs, counted exactly
//! ([`Prover::class_count`]), times the mean CPU time a class, each
//! stratum's mean weighed by its share of the classes:
//! [`Sampled::projection`], with the standard error of that mean, a
//! bootstrap 95% interval, and the tail: the share of the time its
//! slowest 1% and 5% of classes take. Class times are heavy-tailed, so a
//! small sample tends to miss the rare slow classes, and then both the
//! standard error and the interval understate the uncertainty; the strata
//! make sure the rare heavy kinds of class are drawn, but within a stratum
//! times still spread widely: read a projection whose tail holds most of
//! its time as a figure with a wide error bar, not a bound.
//!
//! [`Prover::sample_until`] grows a sample until a [`StoppingRule`] holds:
//! its bootstrap interval narrow enough around the estimate, and no one
//! class holding too much of its time (a sample whose slowest class
//! decides its total has not yet seen the tail it is drawn from).

use std::time::Instant;

use grid::Rng;
use rayon::prelude::*;

use crate::{ProveError, ProveOptions, Prover, Scored, Workers};
pub use saved::{SampleCheckpoint, SAMPLE_CHECKPOINT_VERSION};
use strata::Design;
pub use strata::Stratum;

mod saved;
mod strata;

/// One class of a sample, run to completion.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SampledClass {
    /// Wall-clock seconds on its own thread.
    pub seconds: f64,
    /// Its thread's CPU seconds (the wall clock's where there is no thread
    /// CPU clock): what the projection counts.
    pub cpu_seconds: f64,
    /// Classes bounded within it: it, and those forcing its cells made.
    pub classes: u64,
    /// Single boards scored exactly.
    pub solved: u64,
    /// Classes within it split on a cell before their tree was built,
    /// their paths and tree over [`ProveOptions::class_memory`].
    pub split: u64,
    /// The most bytes of paths and trees it held at once: what it added
    /// to its thread's resident memory, at most.
    pub peak_bytes: u64,
    /// Boards at or above the threshold it holds.
    pub boards: Vec<Scored>,
    /// The class: each cell's bucket, row by row, rows parted by `/` (see
    /// [`Prover::bucket_text`]).
    pub buckets: String,
    /// The stratum it was drawn from: its index in [`Sampled::strata`].
    pub stratum: usize,
}

/// A random sample of a proof's class space and what running it took.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Sampled {
    /// Bucket assignments in all: the product of each cell's bucket count.
    pub assignments: f64,
    /// Assignments drawn, kept or skipped.
    pub drawn: u64,
    /// Assignments kept: classes the proof runs, taken while their
    /// stratum wanted more; more than `classes` holds when a cancel
    /// stopped the sample.
    pub kept: u64,
    /// The classes the whole proof runs ([`Prover::class_count`]).
    pub proof_classes: f64,
    /// The kept classes that ran to completion, in the order drawn.
    pub classes: Vec<SampledClass>,
    /// The parts of the class space the sample drew from separately, each
    /// with its classes counted exactly (see [`Stratum`]); none means one
    /// of every class, a uniform sample.
    pub strata: Vec<Stratum>,
}

/// What a sample projects for the whole proof.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Projection {
    /// Classes the proof runs ([`Sampled::proof_classes`]), counted, not
    /// estimated: the kept fraction of a sample's draws varies from seed
    /// to seed (on 4x4, estimates of 917,184 to 1,130,600 classes).
    pub classes: f64,
    /// Mean CPU seconds a class.
    pub mean_seconds: f64,
    /// Standard error of that mean.
    pub stderr_seconds: f64,
    /// The proof's CPU time, in hours: classes times the mean.
    pub cpu_hours: f64,
    /// Its standard error, in hours.
    pub stderr_hours: f64,
    /// The bootstrap 95% interval of the proof's CPU time, in hours: the
    /// 2.5th and 97.5th percentiles of the projection over 2,000 resamples
    /// of the classes (with replacement; the same resamples every time).
    pub low_hours: f64,
    /// Its upper end.
    pub high_hours: f64,
    /// The share of the estimated CPU time in the slowest 1% of the
    /// classes the sample stands for (at least one sampled class; each
    /// stands for its stratum's classes over its draws).
    pub tail_1: f64,
    /// The share in the slowest 5%.
    pub tail_5: f64,
    /// The slowest class's CPU seconds.
    pub slowest_seconds: f64,
}

/// Resamples of the bootstrap interval.
const RESAMPLES: usize = 2_000;

/// When a sample has grown enough ([`Prover::sample_until`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoppingRule {
    /// The fewest classes it reads a sample of: below it a heavy-tailed
    /// sample's interval says little.
    pub min_classes: usize,
    /// The most classes: the sample stops there, stable or not.
    pub max_classes: usize,
    /// The widest the bootstrap 95% interval may be on either side of the
    /// estimate, as a share of it: `(high - low) / 2 / estimate`.
    pub half_width: f64,
    /// The largest share of the sample's CPU time one class may hold.
    pub slowest_share: f64,
}

impl Default for StoppingRule {
    /// At least 100 classes and at most 10,000; an interval within 10% of
    /// the estimate; no class over 5% of the time.
    fn default() -> StoppingRule {
        StoppingRule {
            min_classes: 100,
            max_classes: 10_000,
            half_width: 0.10,
            slowest_share: 0.05,
        }
    }
}

impl StoppingRule {
    /// Whether a sample of `classes` classes projecting `p` is stable.
    pub fn holds(&self, p: &Projection, classes: usize) -> bool {
        let total = p.mean_seconds * classes as f64;
        classes >= self.min_classes
            && (p.high_hours - p.low_hours) / 2.0 <= self.half_width * p.cpu_hours
            && p.slowest_seconds <= self.slowest_share * total
    }
}

impl Sampled {
    /// The projection of the whole proof's CPU time; `None` for an empty
    /// sample. Each stratum's mean is weighed by its share of the classes
    /// (of the strata with a class finished, should a cancel have left one
    /// empty); the standard error and the bootstrap (classes drawn again
    /// with replacement within each stratum) are a stratified sample's;
    /// the tail is the share of the estimated time in the slowest 1% and
    /// 5% of the classes the sample stands for, each class standing for
    /// its stratum's classes over its draws.
    pub fn projection(&self) -> Option<Projection> {
        let classes: Vec<(usize, f64)> = self
            .classes
            .iter()
            .map(|c| (c.stratum, c.cpu_seconds))
            .collect();
        Projection::of(self.proof_classes, &self.strata, &classes)
    }
}

impl Projection {
    /// The projection of a proof of `proof_classes` classes, parted into
    /// `strata` (none: one part of every class), from its sampled classes'
    /// strata and CPU seconds; `None` for no class. This is
    /// [`Sampled::projection`]'s estimate, and a pool of samples of one
    /// proof drawn with other seeds is read the same way: their classes
    /// together, each stratum's mean over all of them.
    pub fn of(
        proof_classes: f64,
        strata: &[Stratum],
        classes: &[(usize, f64)],
    ) -> Option<Projection> {
        let n = classes.len();
        if n == 0 {
            return None;
        }
        let parts = strata.len().max(1);
        let mut seconds: Vec<Vec<f64>> = vec![Vec::new(); parts];
        for &(h, s) in classes {
            seconds[h.min(parts - 1)].push(s);
        }
        let size = |h: usize| strata.get(h).map_or(1.0, |s| s.classes);
        let present: f64 = (0..parts)
            .filter(|&h| !seconds[h].is_empty())
            .map(size)
            .sum();
        let weight: Vec<f64> = (0..parts)
            .map(|h| {
                if seconds[h].is_empty() || present <= 0.0 {
                    0.0
                } else {
                    size(h) / present
                }
            })
            .collect();
        let mean_of = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let mean: f64 = (0..parts).map(|h| weight[h] * mean_of(&seconds[h])).sum();
        let variance: f64 = (0..parts)
            .filter(|&h| seconds[h].len() > 1)
            .map(|h| {
                let (m, k) = (mean_of(&seconds[h]), seconds[h].len() as f64);
                let var = seconds[h].iter().map(|s| (s - m).powi(2)).sum::<f64>() / (k - 1.0);
                weight[h].powi(2) * var / k
            })
            .sum();
        let stderr = variance.sqrt();
        let hours = |mean: f64| proof_classes * mean / 3600.0;
        let means = bootstrap(&seconds, &weight);
        let at = |q: f64| means[((q * RESAMPLES as f64) as usize).min(RESAMPLES - 1)];
        // Each class stands for its stratum's share over its draws.
        let stood: Vec<(f64, f64)> = classes
            .iter()
            .map(|&(h, s)| {
                let h = h.min(parts - 1);
                (s, weight[h] / seconds[h].len() as f64)
            })
            .collect();
        let (tail_1, tail_5, slowest) = tails(stood, mean);
        Some(Projection {
            classes: proof_classes,
            mean_seconds: mean,
            stderr_seconds: stderr,
            cpu_hours: hours(mean),
            stderr_hours: hours(stderr),
            low_hours: hours(at(0.025)),
            high_hours: hours(at(0.975)),
            tail_1,
            tail_5,
            slowest_seconds: slowest,
        })
    }
}

/// The sorted means of [`RESAMPLES`] resamples of a stratified sample
/// (`seconds[h]` stratum `h`'s classes, `weight[h]` its share): each
/// stratum's classes drawn again with replacement, from a fixed seed (a
/// report reads the same twice).
fn bootstrap(seconds: &[Vec<f64>], weight: &[f64]) -> Vec<f64> {
    let mut rng = Rng::new(0x5eed_b007);
    let mut means: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            seconds
                .iter()
                .zip(weight)
                .map(|(v, w)| {
                    let k = v.len();
                    let sum: f64 = (0..k).map(|_| v[rng.below(k as u64) as usize]).sum();
                    w * sum / k.max(1) as f64
                })
                .sum()
        })
        .collect();
    means.sort_by(f64::total_cmp);
    means
}

/// The shares of the estimated time `mean` a class in the slowest 1% and
/// 5% of the classes take, and the slowest class's seconds, from each
/// sampled class's seconds and the share of the classes it stands for
/// (at least one class each).
fn tails(mut stood: Vec<(f64, f64)>, mean: f64) -> (f64, f64, f64) {
    stood.sort_by(|a, b| b.0.total_cmp(&a.0));
    let tail = |share: f64| {
        let (mut covered, mut time) = (0.0, 0.0);
        for &(s, w) in &stood {
            if covered >= share - 1e-12 {
                break;
            }
            covered += w;
            time += s * w;
        }
        if mean > 0.0 {
            time / mean
        } else {
            0.0
        }
    };
    (tail(0.01), tail(0.05), stood.first().map_or(0.0, |s| s.0))
}

/// A thread's CPU time from a start: its thread's CPU clock where there is
/// one, else the wall clock.
pub(crate) struct CpuClock {
    wall: Instant,
    cpu: Option<f64>,
}

impl CpuClock {
    /// Starts timing the calling thread.
    pub(crate) fn start() -> CpuClock {
        CpuClock {
            wall: Instant::now(),
            cpu: thread_cpu_seconds(),
        }
    }

    /// Seconds since the start on the same thread's CPU clock (the wall
    /// clock's where there is none).
    pub(crate) fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_seconds()) {
            (Some(from), Some(to)) => to - from,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }

    /// Wall-clock seconds since the start.
    pub(crate) fn wall_seconds(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }
}

/// The calling thread's CPU seconds so far (Linux's per-thread clock),
/// or `None` where there is none.
fn thread_cpu_seconds() -> Option<f64> {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes the timespec it is given.
        let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        (r == 0).then(|| t.tv_sec as f64 + t.tv_nsec as f64 / 1e9)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

impl Prover {
    /// Draws `count` classes the proof would run, at random from `seed`,
    /// in strata ([`Stratum`]: two or more where some cell has a bucket of
    /// the rarest consonants and the sample has 4 classes or more), and
    /// runs each to completion at `options.threshold` on the options'
    /// threads (one class a thread). A cancel stops it with the classes
    /// finished so far.
    pub fn sample(
        &self,
        count: usize,
        seed: u64,
        options: &ProveOptions,
    ) -> Result<Sampled, ProveError> {
        options.check()?;
        let mut rng = Rng::new(seed);
        let design = self.design(count);
        let mut sampled = self.empty_sample(&design);
        let classes = self.draw(&mut rng, &design.allocate(count), &design, &mut sampled);
        sampled.classes = self.run_sampled(classes, 0, options)?;
        Ok(sampled)
    }

    /// Draws classes as [`Prover::sample`] does from `seed` and runs them,
    /// growing the sample by half at a time from `rule.min_classes`, until
    /// `rule` holds or the sample has `rule.max_classes` (or a cancel stops
    /// it). `grown` hears the sample's size after each step. The strata are
    /// those of a sample of `rule.min_classes`, and each step spreads its
    /// draws over them as such a sample does; with one stratum its sample
    /// is `sample(n, seed)` for the `n` it stopped at.
    pub fn sample_until(
        &self,
        rule: &StoppingRule,
        seed: u64,
        options: &ProveOptions,
        grown: &mut dyn FnMut(usize),
    ) -> Result<Sampled, ProveError> {
        options.check()?;
        let mut rng = Rng::new(seed);
        let max = rule.max_classes.max(1);
        let design = self.design(rule.min_classes.max(1).min(max));
        let mut sampled = self.empty_sample(&design);
        loop {
            let n = sampled.classes.len();
            let step = if n == 0 {
                rule.min_classes.max(1)
            } else {
                (n / 2).max(1)
            };
            let quota = design.allocate(step.min(max - n));
            let drawn = self.draw(&mut rng, &quota, &design, &mut sampled);
            let wanted = drawn.len();
            let ran = self.run_sampled(drawn, n, options)?;
            let finished = ran.len() == wanted;
            sampled.classes.extend(ran);
            let n = sampled.classes.len();
            grown(n);
            let stable = sampled.projection().is_some_and(|p| rule.holds(&p, n));
            // (A draw that found no class the proof runs stops it too.)
            if !finished || stable || n >= max || wanted == 0 {
                return Ok(sampled);
            }
        }
    }

    /// A class (every cell a bucket, or whole) as text: each cell's bucket
    /// index, row by row, rows parted by `/`, `*` for a whole cell (every
    /// face). Bucket 0 is the vowels (in a pack that has vowels), then the
    /// consonants' buckets, most frequent first: the 4x4 class
    /// `*12*/1010/1211/*00*` has four vowel cells and its corners whole.
    pub fn bucket_text(&self, class: &[u64]) -> String {
        let mut text = String::with_capacity(class.len() + self.rows);
        for (cell, &set) in class.iter().enumerate() {
            if cell > 0 && cell % self.cols == 0 {
                text.push('/');
            }
            let bucket = self.bucket_of[cell][set.trailing_zeros() as usize];
            text.push(if set == self.all && self.buckets[cell].len() > 1 {
                '*'
            } else {
                char::from_digit(u32::from(bucket), 36).unwrap_or('?')
            });
        }
        text
    }

    /// The class `text` names, in [`Prover::bucket_text`]'s form (the
    /// `/` between rows may be left out), refused unless the proof runs
    /// it: a bucket each cell has (`*` only where a cell starts whole), and
    /// no rotation or reflection of it first.
    pub fn class_of_text(&self, text: &str) -> Result<Vec<u64>, ProveError> {
        let bad = |why: String| ProveError::Class {
            text: text.chars().take(80).collect(),
            why,
        };
        let cells: Vec<char> = text.chars().filter(|&c| c != '/').collect();
        let slashes_fit =
            text.split('/').all(|row| row.chars().count() == self.cols) || !text.contains('/');
        if cells.len() != self.rows * self.cols || !slashes_fit {
            return Err(bad(format!(
                "a {}x{} class is {} cells' buckets, {} to a row",
                self.rows,
                self.cols,
                self.rows * self.cols,
                self.cols
            )));
        }
        let class = cells
            .iter()
            .enumerate()
            .map(|(cell, &c)| {
                let starts = self.start_buckets(cell);
                match (c, c.to_digit(36)) {
                    ('*', _) if starts.len() == 1 => Ok(self.all),
                    (_, Some(b)) if (b as usize) < self.buckets[cell].len() => {
                        Ok(self.buckets[cell][b as usize])
                    }
                    _ => Err(bad(format!(
                        "cell {} (row {}, column {}) takes {}, not {c:?}",
                        cell + 1,
                        cell / self.cols + 1,
                        cell % self.cols + 1,
                        if starts.len() == 1 {
                            format!("* or 0 to {}", self.buckets[cell].len() - 1)
                        } else {
                            format!("0 to {}", self.buckets[cell].len() - 1)
                        }
                    ))),
                }
            })
            .collect::<Result<Vec<u64>, ProveError>>()?;
        if self.symmetric_duplicate(&class) {
            return Err(bad(
                "a rotation or reflection of it comes first, and the proof runs that one".into(),
            ));
        }
        Ok(class)
    }

    /// Runs each of `classes` to completion as a sample's classes are
    /// (one a thread, each timed by its thread's CPU clock): the class a
    /// sample found slow, timed again or profiled alone.
    pub fn run_classes(
        &self,
        classes: Vec<Vec<u64>>,
        options: &ProveOptions,
    ) -> Result<Vec<SampledClass>, ProveError> {
        options.check()?;
        self.run_sampled(classes.into_iter().map(|c| (c, 0)).collect(), 0, options)
    }

    fn empty_sample(&self, design: &Design) -> Sampled {
        Sampled {
            assignments: self
                .order
                .iter()
                .map(|&cell| self.start_buckets(cell).len() as f64)
                .product(),
            drawn: 0,
            kept: 0,
            proof_classes: self.class_count(),
            classes: Vec::new(),
            strata: design.strata.clone(),
        }
    }

    /// How many classes the proof runs: every cell given one of its
    /// buckets (or whole, where it starts whole), and of the assignments
    /// that are rotations or reflections of each other only the first
    /// (the proof's symmetry test keeps exactly one of each orbit).
    /// By Burnside's lemma the orbits number the mean, over the board's
    /// symmetries, of the assignments each leaves unchanged: those that
    /// give every cycle of the symmetry's cells one bucket (the cells of a
    /// cycle have as many neighbours, so the same buckets). The 4x4 board,
    /// its corners whole: 3^12 assignments, 67,257 classes. Counted as the strata
    /// count them, by how many cells have the rarest bucket, and added up.
    pub fn class_count(&self) -> f64 {
        self.rarest_counts().iter().sum()
    }

    /// Draws up to `quota[h]` more classes the proof runs of each stratum
    /// `h` from `rng` (uniform assignments, those the proof runs kept
    /// while their stratum wants more), counting the assignments drawn
    /// and kept and each stratum's draws in `sampled`.
    fn draw(
        &self,
        rng: &mut Rng,
        quota: &[usize],
        design: &Design,
        sampled: &mut Sampled,
    ) -> Vec<(Vec<u64>, usize)> {
        let count: usize = quota.iter().sum();
        let mut want = quota.to_vec();
        let mut kept: Vec<(Vec<u64>, usize)> = Vec::with_capacity(count);
        let mut drawn = 0u64;
        // Each stratum holds enough classes for two of a sample's first
        // draw, and about one assignment in eight is a class the proof
        // runs: far fewer draws fill every stratum.
        let most = 10_000 * (count as u64 + 1);
        while kept.len() < count && drawn <= most {
            let mut class = vec![self.all; self.rows * self.cols];
            for &cell in &self.order {
                let buckets = self.start_buckets(cell);
                class[cell] = buckets[rng.below(buckets.len() as u64) as usize];
            }
            drawn += 1;
            if self.symmetric_duplicate(&class) {
                continue;
            }
            let h = design.stratum(self.rarest_cells(&class));
            if want[h] > 0 {
                want[h] -= 1;
                sampled.strata[h].sampled += 1;
                kept.push((class, h));
            }
        }
        sampled.drawn += drawn;
        sampled.kept += kept.len() as u64;
        kept
    }

    /// Runs each of `classes` to completion, one a thread, timing each;
    /// those a cancel stopped are left out. Their places in the draw start
    /// at `first`: a class [`ProveOptions::sampled`] holds is taken from
    /// it (all of them checked before any class runs), and each class run
    /// is told to [`ProveOptions::on_sampled`].
    fn run_sampled(
        &self,
        classes: Vec<(Vec<u64>, usize)>,
        first: usize,
        options: &ProveOptions,
    ) -> Result<Vec<SampledClass>, ProveError> {
        let mut done: Vec<Option<SampledClass>> = vec![None; classes.len()];
        let mut todo = Vec::with_capacity(classes.len());
        for (i, (class, stratum)) in classes.into_iter().enumerate() {
            let place = first + i;
            let buckets = self.bucket_text(&class);
            match options.sampled.and_then(|held| held(place)) {
                Some(saved) if saved.buckets != buckets || saved.stratum != stratum => {
                    return Err(ProveError::SampleCheckpoint {
                        place,
                        saved: saved.buckets,
                        drawn: buckets,
                    });
                }
                Some(saved) => done[i] = Some(saved),
                None => todo.push((i, class, stratum, buckets)),
            }
        }
        let run = || {
            let workers = Workers::new(&self.solver);
            todo.into_par_iter()
                .with_max_len(1)
                .map(|(i, mut class, stratum, buckets)| {
                    if options.control.is_cancelled() {
                        return Ok((i, None));
                    }
                    let clock = CpuClock::start();
                    let last = self.order.len();
                    let (counts, boards) = workers.with(|solver, scratch| {
                        self.run_class(&mut class, last, options, solver, scratch)
                    })?;
                    if options.control.is_cancelled() {
                        return Ok((i, None));
                    }
                    let ran = SampledClass {
                        seconds: clock.wall_seconds(),
                        cpu_seconds: clock.seconds(),
                        classes: counts.classes,
                        solved: counts.solved,
                        split: counts.split,
                        peak_bytes: counts.peak,
                        boards,
                        buckets,
                        stratum,
                    };
                    if let Some(tell) = options.on_sampled {
                        tell(first + i, &ran);
                    }
                    Ok((i, Some(ran)))
                })
                .collect::<Result<Vec<(usize, Option<SampledClass>)>, solve::LexiconError>>()
        };
        for (i, ran) in options.control.install(run)?? {
            done[i] = ran;
        }
        Ok(done.into_iter().flatten().collect())
    }
}

#[cfg(test)]
mod tests;
