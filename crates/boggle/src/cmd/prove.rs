//! `boggle prove`: every board scoring at least a threshold, by branch and
//! bound over board classes (see `solve::prove`).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use boggle_cli::{plural, usage};
use clap::Args;
use serde::Serialize;
use solve::prove::{Proof, ProveOptions, Proven, Prover};
use solve::Size;

use crate::args::{parse, PackArgs, RuleArgs, ThreadsArg};
use crate::output::json::pack_label;

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
    /// score known, the run proves that nothing beats it (default: the best
    /// score a short `boggle best` run finds, so the run proves the optimum).
    #[arg(long)]
    threshold: Option<u32>,
    /// With no --threshold: how long the `best` run that sets it lasts.
    #[arg(long, default_value = "10s", value_parser = crate::args::duration)]
    search: std::time::Duration,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Print JSON: {pack, rows, cols, scoring, min_len, neighbors,
    /// threshold, complete, parts, parts_done, classes, solved, seconds,
    /// boards: [{score, board, words}]}.
    #[arg(long)]
    json: bool,
}

/// `boggle prove --json`.
#[derive(Serialize)]
struct ProveJson<'a> {
    pack: String,
    rows: usize,
    cols: usize,
    scoring: &'a str,
    min_len: usize,
    neighbors: solve::Adjacency,
    threshold: u32,
    complete: bool,
    parts: u64,
    parts_done: u64,
    classes: u64,
    solved: u64,
    seconds: f64,
    boards: &'a [Proven],
}

/// Runs the proof and prints the boards.
pub(crate) fn run(args: ProveArgs) -> Result<ExitCode> {
    let pack = args.pack.open()?;
    let (faces, rules) = args.rules.resolve(&pack)?;
    let Size { rows, cols } = args.size;
    boggle_cli::catch_interrupts();
    let threshold = match args.threshold {
        Some(t) => t,
        None => {
            let t = best_score(&pack, &faces, &rules, rows, cols, &args)?;
            eprintln!(
                "threshold {t}: the best score of a {} s boggle best run (--threshold T sets it)",
                args.search.as_secs_f64()
            );
            t
        }
    };
    let (scoring, min_len, adjacency) = (rules.scoring.clone(), rules.min_len, rules.adjacency);
    let prover = Prover::new(&pack, rules, rows, cols).map_err(|e| match e {
        solve::prove::ProveError::Lexicon(e) => anyhow::Error::from(e),
        e => usage(e),
    })?;
    let bar = boggle_cli::bar("{spinner} {elapsed_precise} classes {pos}/{len} {wide_bar} {eta}");
    let tick = |done: u64, total: u64| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    let options = ProveOptions {
        threshold,
        cancel: Some(boggle_cli::interrupted()),
        progress: Some(&tick),
        threads: args.threads.get(),
    };
    let started = Instant::now();
    let proof: Proof = prover.run(&options)?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut out = io::stdout().lock();
    if args.json {
        let json = ProveJson {
            pack: pack_label(&pack),
            rows,
            cols,
            scoring: scoring.name(),
            min_len,
            neighbors: adjacency,
            threshold,
            complete: proof.complete,
            parts: proof.parts,
            parts_done: proof.parts_done,
            classes: proof.classes,
            solved: proof.solved,
            seconds,
            boards: &proof.boards,
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        for b in &proof.boards {
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
        // The report goes to standard error, like a build's: standard
        // output holds only the boards.
        eprintln!(
            "{} {} of {rows}x{cols} scoring {} or more ({}); {} classes bounded, {} boards solved, {seconds:.1} s{}",
            proof.boards.len(),
            plural(proof.boards.len() as u64, "board", "boards"),
            threshold,
            if proof.complete {
                "proven: no other board reaches it"
            } else {
                "NOT complete: interrupted"
            },
            proof.classes,
            proof.solved,
            if proof.complete { "" } else { " (the list is what was found so far)" },
        );
    }
    out.flush()?;
    Ok(if proof.complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(130)
    })
}

/// The best score a short `boggle best` run finds for this board size.
fn best_score(
    pack: &prep::Pack,
    faces: &solve::FaceRules,
    rules: &solve::Rules,
    rows: usize,
    cols: usize,
    args: &ProveArgs,
) -> Result<u32> {
    use solve::best::{self, Budget, Options, Schedule, Space};
    use solve::random::LetterMode;
    let space = Space::letters(pack, faces, LetterMode::Frequency, rows, cols).map_err(usage)?;
    let options = Options {
        budget: Budget::Time(args.search),
        seed: 1,
        threads: args.threads.get(),
        top: 1,
        schedule: Schedule::for_cells(rows * cols),
        stop_at: None,
        cancel: Some(boggle_cli::interrupted()),
    };
    let solver = solve::Solver::with_rules(pack, rules.clone())?;
    let outcome = best::search(&space, &solver, &options, None).map_err(|e| match e {
        best::BestError::Lexicon(e) => anyhow::Error::from(e),
        e => usage(e),
    })?;
    let score = outcome.best.first().map_or(0, |f| f.score);
    Ok(u32::try_from(score).unwrap_or(u32::MAX))
}
