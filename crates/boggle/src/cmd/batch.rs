//! `boggle batch`: boards one a line in, one NDJSON record a board out.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use boggle_cli::plural;
use clap::Args;
use grid::Size;
use job::{Control, Progress};
use solve::batch::BatchOptions;
use solve::Solver;

use crate::args::{parse, PackArgs, RuleArgs, ThreadsArg};

/// Options of `boggle batch`.
#[derive(Args)]
pub(crate) struct BatchArgs {
    /// Boards one a line (same syntax as `solve`; `#` starts a comment);
    /// `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Every board's size, RxC or N: a line of one run of letters is cut
    /// into its rows (`perslatesind` with --size 3x4 is pers/late/sind).
    #[arg(long, value_parser = parse::<Size>)]
    size: Option<Size>,
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Include every word with its score and path in each record.
    #[arg(long)]
    words: bool,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Print totals (boards, errors, score, boards/s) on standard error at the end.
    #[arg(long)]
    summary: bool,
}

/// Solves every board; exit 1 if any line was not a board.
pub(crate) fn run(args: BatchArgs) -> Result<ExitCode> {
    let pack = args.pack.open()?;
    let (faces, rules) = args.rules.resolve(&pack)?;
    let started = std::time::Instant::now();
    let mut solver = Solver::with_rules(&pack, rules)?;
    solver.warm_up()?;
    let mut input: Box<dyn io::BufRead> = match &args.input {
        None => Box::new(io::stdin().lock()),
        Some(p) if p == Path::new("-") => Box::new(io::stdin().lock()),
        Some(p) => Box::new(io::BufReader::with_capacity(
            1 << 16,
            std::fs::File::open(boggle_cli::named_file(p, "board")?)
                .with_context(|| format!("{}: cannot open", p.display()))?,
        )),
    };
    let bar = boggle_cli::spinner("{spinner} {human_pos} lines  {per_sec}  {elapsed}");
    if let Some(bar) = &bar {
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
    }
    boggle_cli::catch_interrupts();
    let mut out = boggle_cli::stdout();
    let report = |p: &Progress| {
        if let Some(bar) = &bar {
            bar.set_position(p.done);
        }
    };
    let control = Control {
        progress: Some(&report),
        ..args.threads.control()
    };
    let threads = control.thread_count();
    let report = solve::batch::run(
        &mut input,
        &mut out,
        &faces,
        &solver,
        BatchOptions {
            words: args.words,
            size: args.size,
        },
        &control,
    )?;
    // The records found are written whole, whatever signals come now.
    let _flushing = boggle_cli::Flushing::start();
    out.done()?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.summary {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "boards {} errors {} total_score {} total_words {} seconds {:.3} boards_per_s {:.0} threads {}",
            report.boards,
            report.errors,
            report.total_score,
            report.total_words,
            secs,
            report.boards as f64 / secs,
            threads
        );
    }
    if let Some(first) = report.first_error {
        eprintln!(
            "boggle: {} of {} {} (the first: line {first}); see their error records",
            report.errors,
            report.boards + report.errors,
            plural(
                report.errors,
                "lines was not a board",
                "lines were not boards"
            ),
        );
    }
    if report.interrupted {
        return Err(boggle_cli::Interrupted(format!(
            "interrupted after {} lines: their records are written",
            report.lines
        ))
        .into());
    }
    Ok(if report.errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
