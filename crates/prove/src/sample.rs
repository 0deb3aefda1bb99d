//! Projecting a proof's cost from a random sample of its class space.
//!
//! A proof runs every class whose cells each have a bucket and that no
//! symmetry skips. [`Prover::sample`] draws bucket assignments uniformly
//! (each cell's bucket independently), keeps those the proof would run (the
//! same symmetry test), runs each kept class to completion exactly as the
//! proof does, one class a thread, and times it. The proof's cost is then
//! the number of classes it runs (all assignments times the kept fraction)
//! times the mean time a class: [`Sampled::projection`], with the standard
//! error of that mean as its error bar. Class times are heavy-tailed, so a
//! small sample tends to miss the rare slow classes: read the projection as
//! a figure with a wide error bar, not a bound.

use std::time::Instant;

use grid::Rng;
use rayon::prelude::*;

use crate::{ProveError, ProveOptions, Prover, Scored, Workers};

/// One class of a sample, run to completion.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SampledClass {
    /// Wall-clock seconds on its own thread.
    pub seconds: f64,
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
}

/// A random sample of a proof's class space and what running it took.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Sampled {
    /// Bucket assignments in all: the product of each cell's bucket count.
    pub assignments: f64,
    /// Assignments drawn, kept or skipped.
    pub drawn: u64,
    /// Assignments kept (classes the proof runs); more than `classes`
    /// holds when a cancel stopped the sample.
    pub kept: u64,
    /// The kept classes that ran to completion, in the order drawn.
    pub classes: Vec<SampledClass>,
}

/// What a sample projects for the whole proof.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Projection {
    /// Classes the proof runs (estimated: assignments times the kept
    /// fraction).
    pub classes: f64,
    /// Mean seconds a class.
    pub mean_seconds: f64,
    /// Standard error of that mean.
    pub stderr_seconds: f64,
    /// The proof's CPU time, in hours: classes times the mean.
    pub cpu_hours: f64,
    /// Its standard error, in hours.
    pub stderr_hours: f64,
}

impl Sampled {
    /// The projection of the whole proof's CPU time; `None` for an empty
    /// sample.
    pub fn projection(&self) -> Option<Projection> {
        let n = self.classes.len();
        if n == 0 || self.drawn == 0 {
            return None;
        }
        let classes = self.assignments * self.kept as f64 / self.drawn as f64;
        let mean = self.classes.iter().map(|c| c.seconds).sum::<f64>() / n as f64;
        let variance = if n > 1 {
            self.classes
                .iter()
                .map(|c| (c.seconds - mean).powi(2))
                .sum::<f64>()
                / (n - 1) as f64
        } else {
            0.0
        };
        let stderr = (variance / n as f64).sqrt();
        Some(Projection {
            classes,
            mean_seconds: mean,
            stderr_seconds: stderr,
            cpu_hours: classes * mean / 3600.0,
            stderr_hours: classes * stderr / 3600.0,
        })
    }
}

impl Prover {
    /// Draws `count` classes the proof would run, at random from `seed`,
    /// and runs each to completion at `options.threshold` on the options'
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
        let assignments = self
            .order
            .iter()
            .map(|&cell| self.start_buckets(cell).len() as f64)
            .product();
        let mut drawn = 0u64;
        let mut kept: Vec<Vec<u64>> = Vec::with_capacity(count);
        while kept.len() < count {
            let mut class = vec![self.all; self.rows * self.cols];
            for &cell in &self.order {
                let buckets = self.start_buckets(cell);
                class[cell] = buckets[rng.below(buckets.len() as u64) as usize];
            }
            drawn += 1;
            if !self.symmetric_duplicate(&class) {
                kept.push(class);
            }
            if drawn > 1000 * (count as u64 + 1) {
                break;
            }
        }
        let kept_count = kept.len() as u64;
        let run = || {
            let workers = Workers::new(&self.solver);
            kept.into_par_iter()
                .with_max_len(1)
                .map(|mut class| {
                    if options.control.is_cancelled() {
                        return Ok(None);
                    }
                    let started = Instant::now();
                    let last = self.order.len();
                    let (counts, boards) = workers.with(|solver, scratch| {
                        self.run_class(&mut class, last, options, solver, scratch)
                    })?;
                    if options.control.is_cancelled() {
                        return Ok(None);
                    }
                    Ok(Some(SampledClass {
                        seconds: started.elapsed().as_secs_f64(),
                        classes: counts.classes,
                        solved: counts.solved,
                        split: counts.split,
                        peak_bytes: counts.peak,
                        boards,
                    }))
                })
                .collect::<Result<Vec<Option<SampledClass>>, solve::LexiconError>>()
        };
        let classes = options.control.install(run)??;
        Ok(Sampled {
            assignments,
            drawn,
            kept: kept_count,
            classes: classes.into_iter().flatten().collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampled(seconds: &[f64], drawn: u64, assignments: f64) -> Sampled {
        Sampled {
            assignments,
            drawn,
            kept: seconds.len() as u64,
            classes: seconds
                .iter()
                .map(|&seconds| SampledClass {
                    seconds,
                    classes: 1,
                    solved: 0,
                    split: 0,
                    peak_bytes: 0,
                    boards: Vec::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn projection_is_classes_times_the_mean() {
        // 4 kept of 8 drawn from 1000 assignments: 500 classes; mean 2 s,
        // sample variance 4/3, standard error sqrt(4/3)/2.
        let p = sampled(&[1.0, 1.0, 3.0, 3.0], 8, 1000.0)
            .projection()
            .unwrap();
        assert_eq!(p.classes, 500.0);
        assert_eq!(p.mean_seconds, 2.0);
        assert!((p.stderr_seconds - (4.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        assert!((p.cpu_hours - 1000.0 / 3600.0).abs() < 1e-12);
        assert_eq!(sampled(&[], 3, 10.0).projection(), None);
        // Stopped after 2 of the 4 kept: the classes are still 4 of 8.
        let mut stopped = sampled(&[1.0, 3.0], 8, 1000.0);
        stopped.kept = 4;
        assert_eq!(stopped.projection().unwrap().classes, 500.0);
    }
}
