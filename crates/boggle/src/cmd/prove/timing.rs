//! Timing a proof without running it: `--sample` draws classes at random
//! and projects the whole proof's CPU time from them; `--class` runs named
//! classes alone (a slow one again, or under a profiler).

use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;

use anyhow::Result;
use boggle_cli::{plural, usage, usage_msg};
use prove::{ProveOptions, Prover, Run, SampleCheckpoint, SampledClass, StoppingRule};
use serde::{Deserialize, Serialize};

use super::{checkpoint_error, refused, ProveArgs};

/// `boggle prove --sample N --json`, and what `--merge` reads back to pool
/// samples of one proof drawn with other seeds.
#[derive(Serialize, Deserialize)]
pub(super) struct SampleReport {
    #[serde(flatten)]
    pub(super) run: Run,
    /// The seed of the draw; none for a pool of several.
    pub(super) seed: Option<u64>,
    /// Every seed drawn (one, or a pool's).
    #[serde(default)]
    pub(super) seeds: Vec<u64>,
    pub(super) sample: usize,
    pub(super) drawn: u64,
    pub(super) kept: u64,
    pub(super) assignments: f64,
    #[serde(flatten)]
    pub(super) projection: prove::Projection,
    /// Each class's wall-clock seconds.
    pub(super) class_seconds: Vec<f64>,
    /// Each class's CPU seconds (its thread's clock): what the projection counts.
    pub(super) class_cpu_seconds: Vec<f64>,
    /// Each class's most bytes of paths and trees held at once.
    pub(super) class_peak_bytes: Vec<u64>,
    /// How many classes within each were split before their tree was built.
    pub(super) class_splits: Vec<u64>,
    /// Each class: its cells' buckets, row by row (`Prover::bucket_text`).
    pub(super) class_buckets: Vec<String>,
    /// The strata the sample drew from, each with its classes in the proof
    /// and in the sample.
    pub(super) strata: Vec<prove::Stratum>,
    /// Each class's stratum: its index in `strata`.
    pub(super) class_strata: Vec<usize>,
    pub(super) boards: usize,
    /// --until's share, if given.
    pub(super) until: Option<f64>,
    /// Whether --until's rule held (null without --until).
    pub(super) stable: Option<bool>,
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

/// A sample's checkpoint at `path`; a file that is not one (or another
/// version's) is a usage error.
pub(super) fn read_saved(path: &Path) -> Result<SampleCheckpoint> {
    boggle_cli::named_file(path, "checkpoint")?;
    SampleCheckpoint::read(path).map_err(checkpoint_error)
}

/// Runs `count` random classes of the proof and projects its CPU time;
/// with --checkpoint, each class finished is kept, and a run with `saved`
/// (the same sample's) runs only the classes it lacks.
pub(super) fn sample(
    prover: &Prover,
    run: &Run,
    count: usize,
    args: &ProveArgs,
    saved: Option<SampleCheckpoint>,
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
    let fresh = SampleCheckpoint::new(run.clone(), seed, count, rule);
    let state = match (&args.checkpoint, saved) {
        (Some(path), Some(saved)) => {
            let state = saved.resuming(&fresh, path).map_err(checkpoint_error)?;
            eprintln!(
                "resuming from {}: {} of the sample's classes done",
                path.display(),
                state.classes.len()
            );
            Some(state)
        }
        (Some(_), None) => Some(fresh),
        (None, _) => None,
    };
    let before = state
        .as_ref()
        .map(|s| s.classes.clone())
        .unwrap_or_default();
    let held = |place: usize| before.get(&place).cloned();
    let shared = Mutex::new((state, None::<anyhow::Error>));
    let record = |place: usize, class: &SampledClass| {
        let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
        let (state, error) = &mut *guard;
        if let (Some(state), Some(path)) = (state, &args.checkpoint) {
            state.classes.insert(place, class.clone());
            if error.is_none() {
                let _flushing = boggle_cli::Flushing::start();
                if let Err(e) = state.write(path) {
                    *error = Some(checkpoint_error(e));
                }
            }
        }
    };
    let options = ProveOptions {
        sampled: args.checkpoint.as_ref().map(|_| &held as &prove::SampledAt),
        on_sampled: args
            .checkpoint
            .as_ref()
            .map(|_| &record as &prove::SampleDone),
        ..options
    };
    let sampled = match &rule {
        Some(rule) => prover.sample_until(rule, seed, &options, &mut |n| {
            if let Some(bar) = &bar {
                bar.set_position(n as u64);
            }
        }),
        None => prover.sample(count, seed, &options),
    }
    .map_err(|e| match (e, &args.checkpoint) {
        (e @ prove::ProveError::SampleCheckpoint { .. }, Some(path)) => {
            usage_msg(format!("{}: {e}", path.display()))
        }
        (e, _) => refused(e),
    })?;
    let cancelled = options.control.is_cancelled();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let _flushing = boggle_cli::Flushing::start();
    if let (_, Some(e)) = shared.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let Some(projection) = sampled.projection() else {
        return Err(boggle_cli::Interrupted("interrupted before a class finished".into()).into());
    };
    let boards: usize = sampled.classes.iter().map(|c| c.boards.len()).sum();
    let n = sampled.classes.len();
    // A sample a cancel cut short leaves out the classes that were
    // running, the heavy ones most often: the rule is not asked of it.
    let cut_short = n < count && cancelled;
    let stable = rule.map(|r| !cut_short && r.holds(&projection, n));
    let report = SampleReport {
        run: run.clone(),
        seed: Some(seed),
        seeds: vec![seed],
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
        strata: sampled.strata.clone(),
        class_strata: sampled.classes.iter().map(|c| c.stratum).collect(),
        boards,
        until: args.until,
        stable,
    };
    show(&report, args.json)?;
    let stopped_early = stable == Some(true);
    if n < count && !stopped_early {
        let resume = match &args.checkpoint {
            Some(path) => format!(
                "; run it again with --checkpoint {} to go on",
                path.display()
            ),
            None => String::new(),
        };
        return Err(boggle_cli::Interrupted(format!(
            "interrupted after {n} of {count} classes: the projection is from those{resume}"
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a sample's (or a pool's) projection: its JSON, or a paragraph
/// and, with --until, whether its rule held.
pub(super) fn show(report: &SampleReport, json: bool) -> Result<()> {
    if json {
        return Ok(boggle_cli::print(format_args!(
            "{}\n",
            serde_json::to_string(report)?
        ))?);
    }
    let p = &report.projection;
    let n = report.sample;
    let time = cpu_time(p.cpu_hours * 3600.0, p.stderr_hours * 3600.0);
    let (scale, unit) = unit_of(p.cpu_hours * 3600.0);
    let parts = match report.strata.len() {
        0 | 1 => String::new(),
        s => format!(", {s} strata by cells of the rarest consonants"),
    };
    let seeds = match report.seeds.as_slice() {
        [one] => format!("seed {one}"),
        many => format!(
            "seeds {}",
            many.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    boggle_cli::print(format_args!(
        "{n} of {:.0} classes ({} drawn of {:.0} bucket assignments, {seeds}{parts}): {:.2} CPU-seconds a class \
         (standard error {:.2}); the proof at {} would take about {time}, 95% interval {:.2} to {:.2} {unit} \
         (bootstrap); the slowest 1% of classes take {:.0}% of the time, the slowest 5% {:.0}%, \
         the slowest class {:.1} s; {} {} at or above it in the sample\n",
        p.classes,
        report.drawn,
        report.assignments,
        p.mean_seconds,
        p.stderr_seconds,
        report.run.threshold,
        p.low_hours * 3600.0 / scale,
        p.high_hours * 3600.0 / scale,
        p.tail_1 * 100.0,
        p.tail_5 * 100.0,
        p.slowest_seconds,
        report.boards,
        plural(report.boards as u64, "board", "boards"),
    ))?;
    if let (Some(until), Some(stable)) = (report.until, report.stable) {
        boggle_cli::print(format_args!(
            "{}\n",
            if stable {
                format!("stable: the interval within ±{:.0}% of the estimate and no class over 5% of the time", until * 100.0)
            } else {
                format!("not stable at {n} classes: widen --until or raise --sample (its interval is ±{:.0}% of the estimate, its slowest class {:.0}% of the time)",
                    (p.high_hours - p.low_hours) / 2.0 / p.cpu_hours.max(f64::MIN_POSITIVE) * 100.0,
                    p.slowest_seconds / (p.mean_seconds * n as f64).max(f64::MIN_POSITIVE) * 100.0)
            }
        ))?;
    }
    Ok(())
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
