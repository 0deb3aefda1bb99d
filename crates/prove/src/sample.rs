//! Projecting a proof's cost from a random sample of its class space.
//!
//! A proof runs every class whose cells each have a bucket and that no
//! symmetry skips. [`Prover::sample`] draws bucket assignments uniformly
//! (each cell's bucket independently), keeps those the proof would run (the
//! same symmetry test), runs each kept class to completion exactly as the
//! proof does, one class a thread, and times it by its thread's CPU clock
//! (other work on the machine slows the wall clock, not that). The proof's
//! cost is then the number of classes it runs (all assignments times the
//! kept fraction) times the mean CPU time a class: [`Sampled::projection`],
//! with the standard error of that mean, a bootstrap 95% interval, and the
//! tail: the share of the sample's time its slowest 1% and 5% of classes
//! took. Class times are heavy-tailed, so a small sample tends to miss the
//! rare slow classes, and then both the standard error and the interval
//! understate the uncertainty: read a projection whose tail holds most of
//! its time as a figure with a wide error bar, not a bound.

use std::time::Instant;

use grid::Rng;
use rayon::prelude::*;

use crate::{ProveError, ProveOptions, Prover, Scored, Workers};

/// One class of a sample, run to completion.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
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
    /// The share of the sample's CPU time in its slowest 1% of classes
    /// (at least one class).
    pub tail_1: f64,
    /// The share in its slowest 5% (at least one class).
    pub tail_5: f64,
    /// The slowest class's CPU seconds.
    pub slowest_seconds: f64,
}

/// Resamples of the bootstrap interval.
const RESAMPLES: usize = 2_000;

impl Sampled {
    /// The projection of the whole proof's CPU time; `None` for an empty
    /// sample.
    pub fn projection(&self) -> Option<Projection> {
        let n = self.classes.len();
        if n == 0 || self.drawn == 0 {
            return None;
        }
        let classes = self.assignments * self.kept as f64 / self.drawn as f64;
        let seconds: Vec<f64> = self.classes.iter().map(|c| c.cpu_seconds).collect();
        let total: f64 = seconds.iter().sum();
        let mean = total / n as f64;
        let variance = if n > 1 {
            seconds.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        let stderr = (variance / n as f64).sqrt();
        let hours = |mean: f64| classes * mean / 3600.0;
        // The bootstrap: the mean of n classes drawn with replacement, many
        // times, from a fixed seed (a report reads the same twice).
        let mut rng = Rng::new(0x5eed_b007);
        let mut means: Vec<f64> = (0..RESAMPLES)
            .map(|_| {
                (0..n)
                    .map(|_| seconds[rng.below(n as u64) as usize])
                    .sum::<f64>()
                    / n as f64
            })
            .collect();
        means.sort_by(f64::total_cmp);
        let at = |q: f64| means[((q * RESAMPLES as f64) as usize).min(RESAMPLES - 1)];
        let mut slowest = seconds.clone();
        slowest.sort_by(|a, b| b.total_cmp(a));
        let tail = |share: f64| {
            let k = ((share * n as f64).ceil() as usize).clamp(1, n);
            if total > 0.0 {
                slowest[..k].iter().sum::<f64>() / total
            } else {
                0.0
            }
        };
        Some(Projection {
            classes,
            mean_seconds: mean,
            stderr_seconds: stderr,
            cpu_hours: hours(mean),
            stderr_hours: hours(stderr),
            low_hours: hours(at(0.025)),
            high_hours: hours(at(0.975)),
            tail_1: tail(0.01),
            tail_5: tail(0.05),
            slowest_seconds: slowest[0],
        })
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
                    let cpu_started = thread_cpu_seconds();
                    let last = self.order.len();
                    let (counts, boards) = workers.with(|solver, scratch| {
                        self.run_class(&mut class, last, options, solver, scratch)
                    })?;
                    if options.control.is_cancelled() {
                        return Ok(None);
                    }
                    let seconds = started.elapsed().as_secs_f64();
                    let cpu_seconds = match (cpu_started, thread_cpu_seconds()) {
                        (Some(from), Some(to)) => to - from,
                        _ => seconds,
                    };
                    Ok(Some(SampledClass {
                        seconds,
                        cpu_seconds,
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
                    seconds: seconds * 2.0,
                    cpu_seconds: seconds,
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

    #[test]
    fn the_interval_holds_the_estimate_and_the_tail_is_the_slowest_share() {
        // 99 classes of 1 s and one of 101 s: 200 s in all, the slowest
        // class (its 1%) 101 of them, and with four more of 1 s (5%) 105.
        let mut times = vec![1.0; 99];
        times.push(101.0);
        let p = sampled(&times, 100, 100.0).projection().unwrap();
        assert_eq!(p.mean_seconds, 2.0);
        assert_eq!(p.slowest_seconds, 101.0);
        assert!((p.tail_1 - 101.0 / 200.0).abs() < 1e-12, "{}", p.tail_1);
        assert!((p.tail_5 - 105.0 / 200.0).abs() < 1e-12, "{}", p.tail_5);
        assert!(
            p.low_hours <= p.cpu_hours && p.cpu_hours <= p.high_hours,
            "{p:?}"
        );
        // A resample without the slow class has a mean of 1 s: the
        // interval reaches down to about 1 s a class (a third of the
        // resamples miss it), and up past 3 s (those with it twice).
        assert!(p.low_hours * 3600.0 / p.classes <= 1.0 + 1e-9, "{p:?}");
        assert!(p.high_hours * 3600.0 / p.classes >= 3.0, "{p:?}");
        // The same sample, the same interval.
        assert_eq!(sampled(&times, 100, 100.0).projection(), Some(p));
        // Equal classes: no spread.
        let flat = sampled(&[2.0; 20], 20, 20.0).projection().unwrap();
        assert_eq!(
            (flat.low_hours, flat.high_hours),
            (flat.cpu_hours, flat.cpu_hours)
        );
    }

    #[test]
    fn a_class_is_timed_by_its_threads_cpu_clock() {
        let before = thread_cpu_seconds();
        // Busy for a while, then asleep: only the busy part counts.
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        std::thread::sleep(std::time::Duration::from_millis(300));
        match (before, thread_cpu_seconds()) {
            (Some(a), Some(b)) => assert!(b > a && b - a < 0.3, "{a} → {b}"),
            // Only where there is no thread CPU clock.
            _ => assert_eq!(before, None, "Linux has a thread CPU clock"),
        }
        #[cfg(target_os = "linux")]
        assert!(before.is_some(), "Linux has a thread CPU clock");
    }
}
