//! `boggle count`: the number of paths on an empty board, exactly.

use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use boggle_cli::{usage, usage_msg, ProgressBar};
use clap::Args;
use count::{
    count_paths, count_total, count_total_wide, cumulative, estimate_paths, CountError,
    CountOptions, Engine, MAX_CELLS,
};
use grid::{Adjacency, Grid, Size};
use job::{Control, Progress};

use crate::args::{parse, positive, ThreadsArg};
use crate::output::json::{Count, CountJson};

/// Count the paths on an empty board: every sequence of adjacent cells, each
/// cell used once, from any start, of 1 to N cells.
#[derive(Args, Clone)]
pub(crate) struct CountArgs {
    /// The board size, RxC or N (4x4, 3x5, 4); at most 64 cells for the
    /// dfs engine.
    #[arg(long, value_parser = parse::<Size>)]
    size: Size,
    /// Adjacency: all (king moves; also called king or 8) or no-diag (no
    /// diagonal steps; also called rook or 4).
    #[arg(long, short = 'n', default_value = "all", value_parser = parse::<Adjacency>)]
    neighbors: Adjacency,
    /// The board wraps around at its edges (a torus).
    #[arg(long)]
    wrap: bool,
    /// Longest path counted, in cells (default: all the cells).
    #[arg(long, value_parser = positive, allow_negative_numbers = true)]
    max_len: Option<NonZeroUsize>,
    /// Print the cumulative table: for each L, the paths of at most L cells.
    #[arg(long)]
    by_length: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// How to count: dfs walks every path (up to 64 cells), frontier sweeps
    /// a line across the board and counts without walking; auto takes dfs
    /// where it is estimated to take a moment and frontier elsewhere.
    #[arg(long, default_value = "auto", value_parser = parse::<Engine>)]
    engine: Engine,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Count even when the estimate says it takes more than five minutes.
    #[arg(long)]
    yes: bool,
}

/// Depth-first counts estimated to take longer than this need `--yes`.
const LONG: Duration = Duration::from_secs(300);

/// `boggle count`: the total, the cumulative table, or JSON.
///
/// The JSON is one object on one line:
///
/// ```text
/// {"by_length": [T1, T2, ..., TN], "cols": C, "engine": "dfs" | "frontier",
///  "max_len": N, "neighbors": "all" | "no-diag", "rows": R, "total": T,
///  "wrap": bool}
/// ```
///
/// `max_len` is the longest path counted (`--max-len`, at most R*C);
/// `by_length[i]` is the number of paths of at most i+1 cells, so the last
/// entry equals `total`; `engine` is the engine that counted. Every count is a JSON number when it fits in a u64
/// and a string of decimal digits otherwise.
pub(crate) fn run(args: CountArgs) -> Result<ExitCode> {
    let Size { rows, cols } = args.size;
    let cells = args.size.cells();
    let max_len = args.max_len.map_or(cells, |n| n.get().min(cells));
    let shape = Grid {
        rows,
        cols,
        adjacency: args.neighbors,
        wrap: args.wrap,
    };
    let engine = args.engine.resolve(shape, max_len);
    let estimate = refuse_too_long(&args, shape, engine, max_len)?;
    let bar = progress_bar(engine, shape.wrap, estimate);
    boggle_cli::catch_interrupts();
    let report = |p: &Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total.unwrap_or(0));
            bar.set_position(p.done);
        }
    };
    let options = CountOptions {
        control: Control {
            progress: bar.as_ref().map(|_| &report as &(dyn Fn(&Progress) + Sync)),
            ..args.threads.control()
        },
        engine,
        memory: count::memory_budget(),
        ..CountOptions::default()
    };
    let failed = |e: CountError| match e {
        CountError::Threads(_) | CountError::Overflow { .. } | CountError::Memory { .. } => {
            anyhow!(e)
        }
        CountError::Interrupted { .. } => boggle_cli::Interrupted(e.to_string()).into(),
        e => usage(e),
    };
    // The total alone is a faster sweep than the table by length, and the
    // only count that goes past 2^128 (to 2^256, counted again in 256 bits).
    if !(args.json || args.by_length || max_len < cells) {
        let total = match count_total(shape, &options) {
            Err(CountError::Overflow { .. }) if engine == Engine::Frontier => {
                if let Some(bar) = &bar {
                    bar.reset();
                }
                count_total_wide(shape, &options).map(|n| n.to_string())
            }
            counted => counted.map(|n| n.to_string()),
        }
        .map_err(failed)?;
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        let mut out = boggle_cli::stdout();
        writeln!(out, "{total}")?;
        out.done()?;
        return Ok(ExitCode::SUCCESS);
    }
    let per_length = count_paths(shape, max_len, &options).map_err(|e| match e {
        CountError::Overflow { .. } => {
            anyhow!("{e} by length; without --json and --by-length the total goes to 2^256")
        }
        e => failed(e),
    })?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let table = &cumulative(&per_length)[1..];
    let mut out = boggle_cli::stdout();
    write_table(&mut out, &args, engine, max_len, table)?;
    out.done()?;
    Ok(ExitCode::SUCCESS)
}

/// Refuses a count this engine cannot make, or one estimated to take too
/// long without `--yes`: the estimate (paths, seconds), for the dfs engine.
fn refuse_too_long(
    args: &CountArgs,
    shape: Grid,
    engine: Engine,
    max_len: usize,
) -> Result<Option<(f64, f64)>> {
    let (rows, cols, cells) = (shape.rows, shape.cols, shape.rows * shape.cols);
    if engine == Engine::Dfs && cells > MAX_CELLS {
        return Err(usage_msg(format!(
            "a {rows}x{cols} board has {cells} cells; the dfs engine counts at most \
             {MAX_CELLS} (the frontier engine counts larger boards)"
        )));
    }

    let estimate = match engine {
        Engine::Dfs => estimate(shape, max_len, args.threads),
        _ => None,
    };
    if let Some((paths, seconds)) = estimate {
        if seconds > LONG.as_secs_f64() && !args.yes {
            return Err(usage_msg(format!(
                "a {rows}x{cols} board has about {} paths: an estimated {} of counting here; \
                 pass --yes to count anyway (Ctrl-C stops it), or --engine frontier",
                scientific(paths),
                human(seconds)
            )));
        }
    }
    Ok(estimate)
}

/// The progress bar for `engine` (none off a terminal), with the
/// estimate's figures when there is one.
fn progress_bar(engine: Engine, wrap: bool, estimate: Option<(f64, f64)>) -> Option<ProgressBar> {
    let bar = boggle_cli::bar(match engine {
        Engine::Dfs => "{bar:40} {pos}/{len} tasks  {elapsed_precise} elapsed  {msg}",
        // On a flat board the sweep takes about as long for each row after
        // the first, so the rate so far gives an honest ETA. On a torus the
        // states grow to the last row: no ETA rather than a wrong one.
        _ if wrap => {
            "{bar:40} {pos}/{len} cells swept  {elapsed_precise} elapsed \
             (on a torus each row takes longer than the one before)"
        }
        _ => "{bar:40} {pos}/{len} cells swept  {elapsed_precise} elapsed, about {eta} left",
    });
    if let Some(bar) = &bar {
        bar.enable_steady_tick(Duration::from_millis(200));
        if let Some((paths, seconds)) = estimate {
            bar.set_message(format!(
                "about {} paths, estimated {}",
                scientific(paths),
                human(seconds)
            ));
        }
    }
    bar
}

/// The counts by length, as a table or JSON.
fn write_table(
    out: &mut dyn Write,
    args: &CountArgs,
    engine: Engine,
    max_len: usize,
    table: &[u128],
) -> Result<()> {
    let total = table.last().copied().unwrap_or(0);
    let Size { rows, cols } = args.size;
    if args.json {
        let json = CountJson {
            by_length: table.iter().map(|&n| Count(n)).collect(),
            cols,
            engine: engine.name(),
            max_len,
            neighbors: args.neighbors,
            rows,
            total: Count(total),
            wrap: args.wrap,
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
    } else {
        let (lw, nw) = (max_len.to_string().len(), total.to_string().len());
        for (len, n) in table.iter().enumerate() {
            writeln!(out, "{:>lw$}  {n:>nw$}", len + 1)?;
        }
    }
    Ok(())
}

/// For a board over 20 cells: about how many paths it has, and about how
/// long counting them takes here (paths from a random-walk estimate, the
/// rate from timing an exact count of a 4x5 board with the same rules).
fn estimate(shape: Grid, max_len: usize, threads: ThreadsArg) -> Option<(f64, f64)> {
    if shape.rows * shape.cols <= 20 {
        return None;
    }
    let paths = estimate_paths(shape, max_len, 20_000, 1);
    let sample = Grid {
        rows: 4,
        cols: 5,
        ..shape
    };
    let options = CountOptions {
        control: threads.control(),
        ..CountOptions::default()
    };
    let started = Instant::now();
    let counted: u128 = count_paths(sample, 20, &options).ok()?.iter().sum();
    let rate = counted as f64 / started.elapsed().as_secs_f64().max(1e-6);
    Some((paths, paths / rate))
}

/// `1.2e16`.
fn scientific(x: f64) -> String {
    format!("{x:.1e}")
}

/// `40 s`, `12 minutes`, `3.4 hours`, `31 days`, `12 years`.
fn human(seconds: f64) -> String {
    match seconds {
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 5400.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 2.0 * 86_400.0 => format!("{:.1} hours", s / 3600.0),
        s if s < 2.0 * 31_557_600.0 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.0} years", s / 31_557_600.0),
    }
}
