//! `boggle prove`: every board scoring at least a threshold, by branch and
//! bound over board classes (see the `prove` crate); checkpoints, shards and
//! merging shards' results.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result};
use boggle_cli::{plural, usage, usage_msg};
use clap::Args;
use grid::Size;
use job::{Control, Progress};
use prove::{
    Checkpoint, CheckpointError, MergeError, ProveOptions, Prover, Report, Run, Scored, Shard,
    Slice,
};

use crate::args::{parse, PackArgs, RuleArgs, ThreadsArg};

mod pool;
mod timing;

/// Options of `boggle prove`.
#[derive(Args, Clone)]
pub(crate) struct ProveArgs {
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Board size, RxC or N.
    #[arg(long, default_value = "3x3", value_parser = parse::<Size>)]
    size: Size,
    /// List every board scoring at least this many points; with the best
    /// score known, the run proves that nothing beats it (default: the
    /// checkpoint's, else the best score a short `boggle best` run finds, so
    /// the run proves the optimum).
    #[arg(long)]
    threshold: Option<u32>,
    /// With no --threshold: how long the `best` run that sets it lasts
    /// (default: 40 ms a cell squared, at most 10s: 0.6s for 2x2, 3.2s for
    /// 3x3, 10s from 4x4 on).
    #[arg(long, value_parser = crate::args::duration)]
    search: Option<std::time::Duration>,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Keep the run's progress in FILE (rewritten atomically as each part of
    /// the class space finishes, or each class of a --sample); run again
    /// with the same FILE to resume.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Prove only shard K of N (1 ≤ K ≤ N): run each shard anywhere, then
    /// `boggle prove --merge` their --json outputs.
    #[arg(long, value_name = "K/N", value_parser = crate::args::parse::<Shard>)]
    shard: Option<Shard>,
    /// Run only slice K of N of the classes, drawn at random by --seed (one
    /// class in N): a proof's share to time against a --sample projection;
    /// the N slices of a seed make the whole proof. Works with --checkpoint
    /// and --shard.
    #[arg(long, value_name = "K/N", value_parser = crate::args::parse::<Slice>)]
    slice: Option<Slice>,
    /// Merge the --json outputs of a sharded proof into one result, which
    /// is complete when every shard was; or pool the --sample --json
    /// outputs of one proof, drawn with other seeds, into one projection.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["checkpoint", "shard", "threshold"])]
    merge: Vec<PathBuf>,
    /// Do not prove: run N classes of the proof drawn at random (with
    /// --seed; stratified by cells of the rarest consonants) to
    /// completion, and project the proof's CPU time from them.
    #[arg(long, value_name = "N", value_parser = crate::args::positive, allow_negative_numbers = true, conflicts_with_all = ["shard", "merge", "slice"])]
    sample: Option<std::num::NonZeroUsize>,
    /// Do not prove: run these classes alone (each cell's bucket, row by
    /// row, as --sample --json's class_buckets names them: *12*/1010/1211/*00*)
    /// and time each, as a sample does: a slow class again, or profiled.
    #[arg(long, value_name = "BUCKETS", num_args = 1.., conflicts_with_all = ["checkpoint", "shard", "merge", "sample", "slice"])]
    class: Vec<String>,
    /// The most memory a class's paths and trees may take on a thread (K,
    /// M or G; default or 0: no limit): a class whose tree would pass half
    /// of it is built as a DAG, then a face of its next cell at a time; one
    /// whose paths would is split on that cell; a merge that would is
    /// walked instead. The same boards, slower for such classes.
    #[arg(long, value_name = "SIZE", value_parser = crate::args::memory_limit)]
    class_memory: Option<u64>,
    /// With --sample N: stop before N classes once the projection is
    /// stable: its bootstrap 95% interval within ± this share of the
    /// estimate (10% or 0.1), and no class over 5% of the sample's time,
    /// read from 100 classes on (N if fewer), the sample growing by half
    /// at a time.
    #[arg(long, value_name = "SHARE", value_parser = timing::share, requires = "sample")]
    until: Option<f64>,
    /// The seed of --sample's or --slice's draw (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Print JSON: {pack, rows, cols, scoring, min_len, neighbors,
    /// threshold, slice, shard, complete, parts, parts_done, classes,
    /// solved, seconds, assigned, cpu_seconds, boards: [{score, board,
    /// words}]}.
    #[arg(long)]
    json: bool,
}

/// Runs the proof (or merges shards) and prints the boards.
pub(crate) fn run(args: ProveArgs) -> Result<ExitCode> {
    if !args.merge.is_empty() {
        return merge(&args);
    }
    if args.seed.is_some() && args.sample.is_none() && args.slice.is_none() {
        return Err(usage_msg(
            "--seed draws a --sample or a --slice: give one of them".to_string(),
        ));
    }
    let pack = args.pack.open()?;
    let (faces, rules) = args.rules.resolve(&pack)?;
    let Size { rows, cols } = args.size;
    boggle_cli::catch_interrupts();
    // A sample's checkpoint is its own kind (`timing::sample` reads it).
    let (saved, saved_sample) = match (&args.checkpoint, args.sample) {
        (Some(path), None) if path.exists() => (Some(read_checkpoint(path)?), None),
        (Some(path), Some(_)) if path.exists() => (None, Some(timing::read_saved(path)?)),
        _ => (None, None),
    };
    let saved_threshold = saved
        .as_ref()
        .map(|c| c.run.threshold)
        .or(saved_sample.as_ref().map(|c| c.run.threshold));
    let threshold = match (args.threshold, saved_threshold) {
        (Some(t), _) => t,
        (None, Some(t)) => t,
        (None, None) => {
            let search = args.search.unwrap_or_else(|| default_search(rows * cols));
            let t = best_score(&pack, &faces, &rules, rows, cols, search, &args)?;
            eprintln!(
                "threshold {t}: the best score of a {} s boggle best run (--threshold T sets it)",
                search.as_secs_f64()
            );
            t
        }
    };
    let slice = args.slice.map(|s| s.with_seed(args.seed.unwrap_or(1)));
    let this = Run {
        slice,
        ..Run::new(&pack, &rules, rows, cols, threshold)
    };
    let mut state = resumed(&args, saved, &this)?;
    let prover = Prover::new(&pack, rules, rows, cols).map_err(|e| match e {
        prove::ProveError::Lexicon(e) => anyhow::Error::from(e),
        e => usage(e),
    })?;
    if let Some(count) = args.sample {
        return timing::sample(&prover, &this, count.get(), &args, saved_sample);
    }
    if !args.class.is_empty() {
        return timing::classes(&prover, &this, &args);
    }
    let bar = boggle_cli::bar("{spinner} {elapsed_precise} parts {pos}/{len} {wide_bar} {eta}");
    let tick = |p: &Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total.unwrap_or(0));
            bar.set_position(p.done);
        }
    };
    let started = Instant::now();
    let done_before = state.done.clone();
    let is_done = |i: u64| done_before.contains(&i);
    let shared = Mutex::new((&mut state, None::<anyhow::Error>));
    let record = |index: u64, boards: &[Scored]| {
        let Some(path) = &args.checkpoint else {
            return;
        };
        let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
        let (state, error) = &mut *guard;
        state.record(index, boards);
        if error.is_none() {
            if let Err(e) = write_checkpoint(path, state, started.elapsed().as_secs_f64()) {
                *error = Some(e);
            }
        }
    };
    let options = ProveOptions {
        threshold,
        control: Control {
            progress: Some(&tick),
            ..args.threads.control()
        },
        shard: args.shard,
        slice,
        done: Some(&is_done),
        on_part: Some(&record),
        class_memory: args.class_memory.unwrap_or(0),
        ..ProveOptions::default()
    };
    let proof = prover.run(&options).map_err(refused)?;
    // The summary and the checkpoint are written whole, whatever signals
    // come now.
    let _flushing = boggle_cli::Flushing::start();
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let (state, error) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        return Err(e);
    }
    // What this run found, with what the checkpoint held.
    let report = Report::of(this, args.shard, &proof, Some(state), seconds);
    if let Some(path) = &args.checkpoint {
        state.classes = report.classes;
        state.solved = report.solved;
        state.assigned = report.assigned;
        state.cpu_seconds = report.cpu_seconds;
        write_checkpoint(path, state, seconds)?;
    }
    print(&report, args.json, &[])
}

/// The checkpoint this run goes on from (`saved`, if it is of the same run
/// and shard), or a new one.
fn resumed(args: &ProveArgs, saved: Option<Checkpoint>, this: &Run) -> Result<Checkpoint> {
    Ok(match saved {
        Some(c) => {
            if c.run != *this || c.shard != args.shard {
                let path = args.checkpoint.clone().unwrap_or_default();
                return Err(usage_msg(
                    CheckpointError::OtherRun {
                        path,
                        run: Box::new(c.run),
                        shard: c.shard,
                    }
                    .to_string(),
                ));
            }
            eprintln!(
                "resuming from {}: {} parts done, {} boards so far",
                args.checkpoint
                    .as_deref()
                    .unwrap_or(Path::new(""))
                    .display(),
                c.done.len(),
                c.boards.len()
            );
            c
        }
        None => Checkpoint::new(this.clone(), args.shard),
    })
}

/// A JSON file read as `T`; one that is not `what` is a usage error.
fn read_json<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<T> {
    let text = std::fs::read_to_string(boggle_cli::named_file(path, "JSON")?)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    serde_json::from_str(&text)
        .map_err(|e| usage_msg(format!("{}: not {what}: {e}", path.display())))
}

/// The checkpoint at `path`; a file that is not one (or another
/// version's) is a usage error.
fn read_checkpoint(path: &Path) -> Result<Checkpoint> {
    boggle_cli::named_file(path, "checkpoint")?;
    Checkpoint::read(path).map_err(checkpoint_error)
}

/// A checkpoint's error: one that could not be read or written is the
/// machine's; one that is not this run's (another run, kind or version) is
/// a usage error.
fn checkpoint_error(e: CheckpointError) -> anyhow::Error {
    match e {
        CheckpointError::Read { .. } | CheckpointError::Write { .. } => anyhow::Error::new(e),
        e => usage_msg(e.to_string()),
    }
}

/// Writes the checkpoint atomically; `seconds` is this run's time so far.
fn write_checkpoint(path: &Path, state: &Checkpoint, seconds: f64) -> Result<()> {
    let _flushing = boggle_cli::Flushing::start();
    Ok(state.write(path, seconds)?)
}

/// `boggle prove --merge FILE…`: the shards' reports merged by
/// `prove::merge`, its errors naming the files; or samples' reports pooled
/// (`pool`). Which, each file says: a sample's lists its classes' times.
fn merge(args: &ProveArgs) -> Result<ExitCode> {
    /// What every file given is to be.
    const WHAT: &str = "the --json output of boggle prove";
    let mut values = Vec::new();
    for path in &args.merge {
        values.push(read_json::<serde_json::Value>(path, WHAT)?);
    }
    let is_sample = |v: &serde_json::Value| v.get("class_cpu_seconds").is_some();
    if let Some(i) = values
        .iter()
        .position(|v| is_sample(v) != is_sample(&values[0]))
    {
        let (sample, proof) = if is_sample(&values[0]) {
            (0, i)
        } else {
            (i, 0)
        };
        return Err(usage_msg(format!(
            "{} is a sample's output and {} a proof's: merge shards, or pool samples",
            args.merge[sample].display(),
            args.merge[proof].display()
        )));
    }
    fn parse<T: serde::de::DeserializeOwned>(
        (v, path): (serde_json::Value, &PathBuf),
    ) -> Result<T> {
        serde_json::from_value(v)
            .map_err(|e| usage_msg(format!("{}: not {WHAT}: {e}", path.display())))
    }
    if values.first().is_some_and(is_sample) {
        let reports = values
            .into_iter()
            .zip(&args.merge)
            .map(parse)
            .collect::<Result<Vec<timing::SampleReport>>>()?;
        return pool::pool(&args.merge, reports, args.json);
    }
    let reports = values
        .into_iter()
        .zip(&args.merge)
        .map(parse)
        .collect::<Result<Vec<Report>>>()?;
    let file = |i: usize| args.merge[i].display();
    let merged = prove::merge(&reports).map_err(|e| {
        usage_msg(match e {
            MergeError::Empty => "no files to merge".to_string(),
            MergeError::OtherRun { index } => format!(
                "{} is another run than {} (pack, size, rules or threshold differ)",
                file(index),
                file(0)
            ),
            MergeError::NotAShard { index } => format!("{} is not a shard's output", file(index)),
            MergeError::OtherN { index, shard, n } => format!(
                "{} is shard {shard}, but another file has N = {n}",
                file(index)
            ),
            MergeError::Twice {
                first,
                index,
                shard,
            } => format!("{} and {} are both shard {shard}", file(first), file(index)),
        })
    })?;
    let report = merged.report;
    let missing: Vec<String> = merged.missing.iter().map(ToString::to_string).collect();
    let code = print(&report, args.json, &missing)?;
    // An incomplete merge is a failure (exit 1), not an interruption.
    if !missing.is_empty() {
        return Err(anyhow::anyhow!(
            "not a proof: {} {} missing ({}); merge every shard's output",
            missing.len(),
            plural(missing.len() as u64, "shard is", "shards are"),
            missing.join(", ")
        ));
    }
    if !report.complete {
        return Err(anyhow::anyhow!(
            "not a proof: some shards did not finish; resume them (--checkpoint) and merge again"
        ));
    }
    Ok(code)
}

/// Prints the boards (standard output) and the summary (standard error);
/// `missing` names the shards a merge lacks. Exit 0 for a complete result,
/// else 130 (a run cut short keeps what it found).
fn print(report: &Report, json: bool, missing: &[String]) -> Result<ExitCode> {
    let mut out = boggle_cli::stdout();
    if json {
        serde_json::to_writer(&mut out, report)?;
        writeln!(out)?;
    } else {
        for b in &report.boards {
            writeln!(
                out,
                "{}  {} {}, {} {}",
                b.board,
                b.score,
                plural(b.score, "point", "points"),
                b.words,
                plural(b.words, "word", "words")
            )?;
        }
    }
    out.done()?;
    // The report goes to standard error, like a build's: standard output
    // holds only the boards.
    let Run {
        rows,
        cols,
        threshold,
        ..
    } = report.run;
    eprintln!(
        "{} {} of {rows}x{cols} scoring {threshold} or more ({}); {} classes bounded, {} boards solved, {:.1} s{}",
        report.boards.len(),
        plural(report.boards.len() as u64, "board", "boards"),
        match (&report.complete, &report.shard) {
            (true, None) => match report.run.slice {
                Some(slice) => format!(
                    "slice {slice} complete: one class in {} of the proof's, not a proof",
                    slice.n()
                ),
                None => "proven: no other board reaches it".to_string(),
            },
            (true, Some(s)) => format!("shard {s} complete: merge the shards for the proof"),
            (false, _) if !missing.is_empty() => format!(
                "NOT complete: {} {} missing; {} of {} parts done in the shards given",
                plural(missing.len() as u64, "shard", "shards"),
                missing.join(", "),
                report.parts_done,
                report.parts
            ),
            (false, _) => format!(
                "NOT complete: {} of {} parts done",
                report.parts_done, report.parts
            ),
        },
        report.classes,
        report.solved,
        report.seconds,
        if report.complete {
            ""
        } else {
            " (the list is what was found so far)"
        },
    );
    // What a --sample projection predicts for a slice: its classes and
    // their CPU time.
    if let Some(slice) = report.run.slice {
        eprintln!(
            "slice {slice}: {} {} with every cell's bucket set, {:.1} CPU-seconds ({:.2} a class)",
            report.assigned,
            plural(report.assigned, "class", "classes"),
            report.cpu_seconds,
            report.cpu_seconds / report.assigned.max(1) as f64,
        );
    }
    Ok(if report.complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(130)
    })
}

/// How long the `best` run that sets a missing threshold lasts on a board
/// of `cells` cells: 40 ms a cell squared, at most 10 s. A small board's
/// space is searched well in far less time than a 4x4's (and its proof
/// takes a fraction of a second).
fn default_search(cells: usize) -> std::time::Duration {
    let cells = u64::try_from(cells).unwrap_or(u64::MAX);
    std::time::Duration::from_millis(cells.saturating_mul(cells).saturating_mul(40).min(10_000))
}

/// The best score a `search`-long `boggle best` run finds for this board
/// size.
fn best_score(
    pack: &prep::Pack,
    faces: &solve::FaceRules,
    rules: &solve::Rules,
    rows: usize,
    cols: usize,
    search: std::time::Duration,
    args: &ProveArgs,
) -> Result<u32> {
    use solve::best::{self, Budget, Options, Schedule, Space};
    use solve::random::LetterMode;
    let space = Space::letters(pack, faces, LetterMode::Frequency, rows, cols).map_err(usage)?;
    let options = Options {
        budget: Budget::Time(search),
        seed: 1,
        top: 1,
        schedule: Schedule::for_cells(rows * cols),
        stop_at: None,
        control: args.threads.control(),
        report_every: std::time::Duration::from_secs(1),
    };
    let solver = solve::Solver::with_rules(pack, rules.clone())?;
    let outcome = best::search(&space, &solver, &options).map_err(|e| match e {
        best::BestError::Lexicon(e) => anyhow::Error::from(e),
        e => usage(e),
    })?;
    let score = outcome.best.first().map_or(0, |f| f.score);
    Ok(u32::try_from(score).unwrap_or(u32::MAX))
}

/// A proof's error: a threshold it refuses is a usage error.
fn refused(e: prove::ProveError) -> anyhow::Error {
    match e {
        e @ prove::ProveError::Threshold(_) => usage(e),
        e => e.into(),
    }
}
