//! Timing a proof without running it: `--sample` draws classes at random
//! and projects the whole proof's CPU time from them; `--class` runs named
//! classes alone (a slow one again, or under a profiler).

use std::process::ExitCode;

use anyhow::Result;
use boggle_cli::{plural, usage};
use prove::{ProveOptions, Prover, Run, StoppingRule};
use serde::Serialize;

use super::{refused, ProveArgs};

/// `boggle prove --sample N --json`.
#[derive(Serialize)]
struct SampleReport<'a> {
    #[serde(flatten)]
    run: &'a Run,
    seed: u64,
    sample: usize,
    drawn: u64,
    kept: u64,
    assignments: f64,
    #[serde(flatten)]
    projection: prove::Projection,
    /// Each class's wall-clock seconds.
    class_seconds: Vec<f64>,
    /// Each class's CPU seconds (its thread's clock): what the projection counts.
    class_cpu_seconds: Vec<f64>,
    /// Each class's most bytes of paths and trees held at once.
    class_peak_bytes: Vec<u64>,
    /// How many classes within each were split before their tree was built.
    class_splits: Vec<u64>,
    /// Each class: its cells' buckets, row by row (`Prover::bucket_text`).
    class_buckets: Vec<String>,
    /// The strata the sample drew from, each with its classes in the proof
    /// and in the sample.
    strata: &'a [prove::Stratum],
    /// Each class's stratum: its index in `strata`.
    class_strata: Vec<usize>,
    boards: usize,
    /// --until's share, if given.
    until: Option<f64>,
    /// Whether --until's rule held (null without --until).
    stable: Option<bool>,
}

/// A projected CPU time and its standard error, in the unit that suits the
/// time (hours, minutes or seconds), to two significant digits: a 3x4
/// proof's 49 CPU-minutes must not read as `1 CPU-hours`, nor a 3x3 proof's
/// 31 CPU-seconds as `0`.
fn cpu_time(seconds: f64, stderr_seconds: f64) -> String {
    let (scale, unit) = unit_of(seconds);
    let (value, stderr) = (seconds / scale, stderr_seconds / scale);
    let decimals = if value > 0.0 && value < 10.0 {
        (1 - value.log10().floor() as i64).clamp(1, 6) as usize
    } else {
        0
    };
    format!("{value:.decimals$} {unit} (± {stderr:.decimals$})")
}

/// The unit a CPU time of `seconds` reads in, and its seconds.
fn unit_of(seconds: f64) -> (f64, &'static str) {
    match seconds {
        s if s >= 3600.0 => (3600.0, "CPU-hours"),
        s if s >= 60.0 => (60.0, "CPU-minutes"),
        _ => (1.0, "CPU-seconds"),
    }
}

/// Runs `count` random classes of the proof and projects its CPU time.
pub(super) fn sample(
    prover: &Prover,
    run: &Run,
    count: usize,
    args: &ProveArgs,
) -> Result<ExitCode> {
    let bar = boggle_cli::bar("{spinner} {elapsed_precise} classes {pos}/{len} {wide_bar} {eta}");
    if let Some(bar) = &bar {
        bar.set_length(count as u64);
    }
    let seed = args.seed.unwrap_or(1);
    let options = ProveOptions {
        threshold: run.threshold,
        control: args.threads.control(),
        class_memory: args.class_memory.unwrap_or(0),
        ..ProveOptions::default()
    };
    let rule = args.until.map(|half_width| StoppingRule {
        min_classes: count.min(100),
        max_classes: count,
        half_width,
        slowest_share: 0.05,
    });
    let sampled = match &rule {
        Some(rule) => prover.sample_until(rule, seed, &options, &mut |n| {
            if let Some(bar) = &bar {
                bar.set_position(n as u64);
            }
        }),
        None => prover.sample(count, seed, &options),
    }
    .map_err(refused)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let _flushing = boggle_cli::Flushing::start();
    let Some(projection) = sampled.projection() else {
        return Err(boggle_cli::Interrupted("interrupted before a class finished".into()).into());
    };
    let boards: usize = sampled.classes.iter().map(|c| c.boards.len()).sum();
    let n = sampled.classes.len();
    let stable = rule.map(|r| r.holds(&projection, n));
    if args.json {
        let report = SampleReport {
            run,
            seed,
            sample: n,
            drawn: sampled.drawn,
            kept: sampled.kept,
            assignments: sampled.assignments,
            projection,
            class_seconds: sampled.classes.iter().map(|c| c.seconds).collect(),
            class_cpu_seconds: sampled.classes.iter().map(|c| c.cpu_seconds).collect(),
            class_peak_bytes: sampled.classes.iter().map(|c| c.peak_bytes).collect(),
            class_splits: sampled.classes.iter().map(|c| c.split).collect(),
            class_buckets: sampled.classes.iter().map(|c| c.buckets.clone()).collect(),
            strata: &sampled.strata,
            class_strata: sampled.classes.iter().map(|c| c.stratum).collect(),
            boards,
            until: args.until,
            stable,
        };
        boggle_cli::print(format_args!("{}\n", serde_json::to_string(&report)?))?;
    } else {
        let time = cpu_time(
            projection.cpu_hours * 3600.0,
            projection.stderr_hours * 3600.0,
        );
        let (scale, unit) = unit_of(projection.cpu_hours * 3600.0);
        let parts = match sampled.strata.len() {
            0 | 1 => String::new(),
            s => format!(", {s} strata by cells of the rarest consonants"),
        };
        boggle_cli::print(format_args!(
            "{n} of {:.0} classes ({} drawn of {:.0} bucket assignments, seed {}{parts}): {:.2} CPU-seconds a class \
             (standard error {:.2}); the proof at {} would take about {time}, 95% interval {:.2} to {:.2} {unit} \
             (bootstrap); the slowest 1% of classes take {:.0}% of the time, the slowest 5% {:.0}%, \
             the slowest class {:.1} s; {boards} {} at or above it in the sample\n",
            projection.classes,
            sampled.drawn,
            sampled.assignments,
            seed,
            projection.mean_seconds,
            projection.stderr_seconds,
            run.threshold,
            projection.low_hours * 3600.0 / scale,
            projection.high_hours * 3600.0 / scale,
            projection.tail_1 * 100.0,
            projection.tail_5 * 100.0,
            projection.slowest_seconds,
            plural(boards as u64, "board", "boards"),
        ))?;
        if let (Some(until), Some(stable)) = (args.until, stable) {
            boggle_cli::print(format_args!(
                "{}\n",
                if stable {
                    format!("stable: the interval within ±{:.0}% of the estimate and no class over 5% of the time", until * 100.0)
                } else {
                    format!("not stable at {n} classes: widen --until or raise --sample (its interval is ±{:.0}% of the estimate, its slowest class {:.0}% of the time)",
                        (projection.high_hours - projection.low_hours) / 2.0 / projection.cpu_hours.max(f64::MIN_POSITIVE) * 100.0,
                        projection.slowest_seconds / (projection.mean_seconds * n as f64).max(f64::MIN_POSITIVE) * 100.0)
                }
            ))?;
        }
    }
    let stopped_early = stable == Some(true);
    if n < count && !stopped_early {
        return Err(boggle_cli::Interrupted(format!(
            "interrupted after {n} of {count} classes: the projection is from those"
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// `boggle prove --class BUCKETS…`: each class run alone and timed.
pub(super) fn classes(prover: &Prover, run: &Run, args: &ProveArgs) -> Result<ExitCode> {
    let classes = args
        .class
        .iter()
        .map(|text| prover.class_of_text(text).map_err(usage))
        .collect::<Result<Vec<Vec<u64>>>>()?;
    let options = ProveOptions {
        threshold: run.threshold,
        control: args.threads.control(),
        class_memory: args.class_memory.unwrap_or(0),
        ..ProveOptions::default()
    };
    let ran = prover.run_classes(classes, &options).map_err(refused)?;
    let _flushing = boggle_cli::Flushing::start();
    if args.json {
        #[derive(Serialize)]
        struct ClassesReport<'a> {
            #[serde(flatten)]
            run: &'a Run,
            classes: &'a [prove::SampledClass],
        }
        let report = ClassesReport { run, classes: &ran };
        boggle_cli::print(format_args!("{}\n", serde_json::to_string(&report)?))?;
    } else {
        for c in &ran {
            boggle_cli::print(format_args!(
                "{}: {:.2} CPU-seconds ({:.2} s wall), {:.2} GB at most, {} classes bounded, {} boards solved, {} {} at or above {}\n",
                c.buckets,
                c.cpu_seconds,
                c.seconds,
                c.peak_bytes as f64 / 1e9,
                c.classes,
                c.solved,
                c.boards.len(),
                plural(c.boards.len() as u64, "board", "boards"),
                run.threshold,
            ))?;
        }
    }
    if ran.len() < args.class.len() {
        return Err(boggle_cli::Interrupted(format!(
            "interrupted after {} of {} classes",
            ran.len(),
            args.class.len()
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// A share: `10%` or `0.1`, more than 0 and at most 1.
pub(super) fn share(text: &str) -> std::result::Result<f64, String> {
    let t = text.trim();
    let value = match t.strip_suffix('%') {
        Some(p) => p.trim().parse::<f64>().map(|v| v / 100.0),
        None => t.parse::<f64>(),
    }
    .map_err(|_| format!("{text:?} is not a share (10% or 0.1)"))?;
    if value > 0.0 && value <= 1.0 {
        Ok(value)
    } else {
        Err(format!(
            "{text:?} is not a share of more than 0 and at most 1 (10% or 0.1)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::cpu_time;

    #[test]
    fn a_projection_reads_in_its_unit_to_two_digits() {
        assert_eq!(cpu_time(2951.0, 580.0), "49 CPU-minutes (± 10)");
        assert_eq!(cpu_time(4464.0, 1080.0), "1.2 CPU-hours (± 0.3)");
        assert_eq!(
            cpu_time(2232.0 * 3600.0, 351.0 * 3600.0),
            "2232 CPU-hours (± 351)"
        );
        assert_eq!(cpu_time(31.0, 4.0), "31 CPU-seconds (± 4)");
        assert_eq!(cpu_time(0.0042, 0.001), "0.0042 CPU-seconds (± 0.0010)");
        assert_eq!(cpu_time(0.0, 0.0), "0 CPU-seconds (± 0)");
    }
}
