//! `boggle best`: search for the highest-scoring boards (see `solve::best`).

use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use boggle_cli::{plural, usage};
use clap::Args;
use grid::Size;
use job::Control;
use prep::Pack;
use solve::best::{self, Budget, Options, Schedule, Snapshot, Space};
use solve::random::{self, DiceSet, LetterMode};
use solve::{FaceRules, Rules, Solver};

use crate::args::{
    duration, parse, positive, positive_u64, LettersArg, PackArgs, RuleArgs, ThreadsArg,
};
use crate::output::json::{pack_label, BestJson};

/// Options of `boggle best`.
#[derive(Args, Clone)]
pub(crate) struct BestArgs {
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Board size, RxC or N.
    #[arg(long, default_value = "4x4", value_parser = parse::<Size>)]
    size: Size,
    /// Stop after this long: 90s, 5m, 1h30m (default 1m, unless --iterations).
    #[arg(long, conflicts_with = "iterations", value_parser = duration)]
    time: Option<Duration>,
    /// Stop after this many iterations (boards looked at) in all; with
    /// --seed and --threads the result is reproducible.
    #[arg(long, value_parser = positive_u64, allow_negative_numbers = true)]
    iterations: Option<u64>,
    /// Stop as soon as a board scores at least this many points.
    #[arg(long)]
    target: Option<u64>,
    /// The seed (default: from the clock, and printed).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Only boards this dice set can roll: classic, 1987 (or new), big,
    /// big-deluxe, big-2012, super-big, french, pack (the pack's own dice),
    /// or a dice file.
    #[arg(long, conflicts_with = "letters")]
    dice: Option<String>,
    #[command(flatten)]
    letters: LettersArg,
    /// How many of the best distinct boards to list.
    #[arg(long, default_value = "5", value_parser = positive, allow_negative_numbers = true)]
    top: NonZeroUsize,
    /// Print JSON (schema in docs/batch-and-json.md).
    #[arg(long)]
    json: bool,
    /// Annealing: the starting temperature, in points.
    #[arg(long, hide = true)]
    t0: Option<f64>,
    /// Annealing: the final temperature, in points.
    #[arg(long, hide = true)]
    t_end: Option<f64>,
    /// Annealing: steps per run.
    #[arg(long, hide = true)]
    run_steps: Option<u64>,
}

/// Sets up the space, the solver and the budget, runs the search, prints
/// the boards.
pub(crate) fn run(args: BestArgs) -> Result<ExitCode> {
    let pack = args.pack.open()?;
    let (faces, mut rules) = args.rules.resolve(&pack)?;
    let Size { rows, cols } = args.size;
    crate::args::fit_bonus(&mut rules, rows, cols)?;
    let space = space_of(&args, &pack, &faces)?;
    let (budget, schedule) = budget_of(&args);
    let seed = args.seed.unwrap_or_else(random::seed_from_time);
    boggle_cli::catch_interrupts();
    let solver = Solver::with_rules(&pack, rules)?;
    let bar = boggle_cli::spinner("{spinner} {elapsed_precise}  {msg}");
    let report = |p: &Snapshot| {
        if let Some(bar) = &bar {
            let rate = p.evaluations as f64 / p.elapsed.as_secs_f64().max(1e-3);
            bar.set_message(match &p.best {
                Some(f) => format!("{rate:.0} boards/s  best {} {}", f.score, f.board),
                None => format!("{rate:.0} boards/s"),
            });
            bar.tick();
        }
    };
    let options = Options {
        budget,
        seed,
        top: args.top.get(),
        schedule,
        stop_at: args.target,
        control: Control {
            progress: bar.as_ref().map(|_| &report as &(dyn Fn(&Snapshot) + Sync)),
            ..args.threads.control()
        },
        report_every: Duration::from_millis(250),
    };
    let threads = options.control.thread_count();
    let outcome = best::search(&space, &solver, &options).map_err(|e| match e {
        // A broken pack is not a usage error.
        best::BestError::Lexicon(e) => anyhow::Error::from(e),
        e => usage(e),
    })?;
    // What was found is written whole, whatever signals come now.
    let _flushing = boggle_cli::Flushing::start();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let rules = solver.rules();
    let mut out = boggle_cli::stdout();
    let rate = outcome.evaluations as f64 / outcome.seconds.max(1e-9);
    if args.json {
        let json = BestJson {
            best_seconds: outcome.best_seconds,
            boards: &outcome.best,
            cols,
            dice: args
                .dice
                .is_some()
                .then(|| space.label().trim_end_matches(" dice")),
            evaluations: outcome.evaluations,
            evaluations_per_second: rate,
            iteration_limit: args.iterations,
            iterations: outcome.iterations,
            min_len: rules.min_len,
            neighbors: rules.adjacency,
            pack: pack_label(&pack),
            reached_target: outcome.reached_target,
            rows,
            runs: outcome.runs,
            scoring: rules.scoring.name(),
            seconds: outcome.seconds,
            seed,
            space: space.label(),
            target: args.target,
            threads,
            time_limit: match budget {
                Budget::Time(d) => Some(d.as_secs_f64()),
                Budget::Iterations(_) => None,
            },
            wrap: rules.wrap,
            interrupted: outcome.interrupted,
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &outcome, &space, rules, seed, threads)?;
    }
    out.done()?;
    if outcome.interrupted {
        return Err(boggle_cli::Interrupted(format!(
            "interrupted after {:.1} s: the best boards found so far are above",
            outcome.seconds
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// How long to search (`--time`, `--iterations`; a minute unless given)
/// and the annealing schedule, the board's default with the flags given.
fn budget_of(args: &BestArgs) -> (Budget, Schedule) {
    let budget = match (args.time, args.iterations) {
        (_, Some(n)) => Budget::Iterations(n),
        (Some(t), None) => Budget::Time(t),
        (None, None) => Budget::Time(Duration::from_secs(60)),
    };
    let mut schedule = Schedule::for_cells(args.size.cells());
    schedule.t0 = args.t0.unwrap_or(schedule.t0);
    schedule.t_end = args.t_end.unwrap_or(schedule.t_end);
    schedule.run = args.run_steps.unwrap_or(schedule.run);
    (budget, schedule)
}

/// The boards searched: those of a dice set (`--dice`) or of letters.
fn space_of(args: &BestArgs, pack: &Pack, faces: &FaceRules) -> Result<Space> {
    let Size { rows, cols } = args.size;
    Ok(match &args.dice {
        Some(name) => {
            let set = DiceSet::for_pack(name, pack).map_err(usage)?;
            if let Some(warning) = set.q_mismatch(pack.recipe()) {
                eprintln!("boggle: warning: {warning}");
            }
            Space::dice(&set, faces, rows, cols).map_err(usage)?
        }
        None => {
            let mode = args.letters.letters.unwrap_or(LetterMode::Frequency);
            Space::letters(pack, faces, mode, rows, cols).map_err(usage)?
        }
    })
}

/// The boards found as a person reads them, best first, and a line on the
/// search.
fn write_text(
    out: &mut dyn Write,
    outcome: &best::Outcome,
    space: &Space,
    rules: &Rules,
    seed: u64,
    threads: usize,
) -> Result<()> {
    let (rows, cols) = (space.rows(), space.cols());
    let rate = outcome.evaluations as f64 / outcome.seconds.max(1e-9);
    let wide = outcome
        .best
        .first()
        .map_or(1, |f| f.score.to_string().len());
    for f in &outcome.best {
        writeln!(
            out,
            "{:>wide$}  {}  ({} {})",
            f.score,
            f.board,
            f.words,
            plural(f.words, "word", "words")
        )?;
    }
    writeln!(
        out,
        "\n{}x{} {}, {} scoring, seed {seed}, {threads} {}: {} iterations, {} boards scored in {:.1} s ({rate:.0}/s); best found at {:.1} s{}",
        rows,
        cols,
        space.label(),
        rules.scoring.name(),
        plural(threads as u64, "thread", "threads"),
        outcome.iterations,
        outcome.evaluations,
        outcome.seconds,
        outcome.best_seconds,
        if outcome.reached_target {
            " (target reached)"
        } else if outcome.interrupted {
            " (interrupted)"
        } else {
            ""
        },
    )?;
    Ok(())
}
