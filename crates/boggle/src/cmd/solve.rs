//! `boggle solve` (the default command): one board, listed, drawn or as
//! JSON.

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use boggle_cli::{usage, usage_msg};
use clap::Args;
use solve::{Solver, TextStyle};

use crate::args::{PackArgs, RollOptions, RuleArgs, ThreadsArg};
use crate::cmd::roll::{self, RollArgs};
use crate::output::json::{pack_label, SolveJson};
use crate::output::listing::{self, ordered, terminal_width, ViewArgs};
use crate::output::paths;

/// Options of `boggle solve`.
#[derive(Args, Clone)]
pub(crate) struct SolveArgs {
    /// The board: rows separated by spaces or '/' ("oatr ihps htnr enei"), a
    /// run of N² letters, `[th]` for a multi-letter face, '.' for a blank; or a
    /// file holding it, or '-' for standard input.
    board: Vec<String>,
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print JSON (schema in README.md).
    #[arg(long)]
    json: bool,
    /// Show each word's path (row,col from 1).
    #[arg(long)]
    paths: bool,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Solve a random board instead (options as for `boggle roll`).
    #[arg(long)]
    roll: bool,
    #[command(flatten)]
    dice: RollOptions,
    #[command(flatten)]
    view: ViewArgs,
}

/// The board text: the arguments joined, a file's contents, or standard input.
fn board_text(args: &[String]) -> Result<String> {
    match args {
        [] => Err(usage_msg(
            "no board given; try: boggle \"oatr ihps htnr enei\"",
        )),
        [one] if one == "-" => {
            let mut s = String::new();
            io::stdin()
                .read_to_string(&mut s)
                .context("reading the board from standard input")?;
            Ok(s)
        }
        [one] if Path::new(one).is_file() => {
            std::fs::read_to_string(one).with_context(|| format!("reading board file {one}"))
        }
        many => Ok(many.join(" ")),
    }
}

/// Solves the board and prints it as asked.
pub(crate) fn run(args: SolveArgs) -> Result<ExitCode> {
    if args.roll || args.dice.given() {
        return solve_rolled(args);
    }
    args.view.check()?;
    let text = board_text(&args.board)?;
    let pack = args.pack.open()?;
    let (faces, rules) = args.rules.resolve(&pack)?;
    let board = faces.parse(&text).map_err(usage)?;
    let mut solver = Solver::with_rules(&pack, rules)?;
    let solution = solver.solve_parallel(&board, args.threads.get());
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let rules = solver.rules();
    if args.json {
        let json = SolveJson {
            rows: solution.rows,
            cols: solution.cols,
            board: &faces.text(&board, TextStyle::Rows),
            pack: pack_label(&pack),
            scoring: rules.scoring.name(),
            min_len: rules.min_len,
            neighbors: rules.adjacency,
            wrap: rules.wrap,
            score: solution.score,
            word_count: solution.word_count,
            words: &ordered(&solution.words, &args.view),
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else if args.view.shows_paths() {
        let width = terminal_width();
        paths::paths(&mut out, &board, &solution, &pack, rules, width, &args.view)?;
    } else {
        let width = terminal_width();
        let text = listing::listing(
            &board, &solution, &pack, rules, args.paths, width, &args.view,
        );
        write!(out, "{text}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `boggle solve --roll ...`: the roll options of `boggle roll`, then solve.
fn solve_rolled(args: SolveArgs) -> Result<ExitCode> {
    if !args.roll {
        return Err(usage_msg(
            "--dice, --letters, --size, --shape, --seed, --min-words and --min-score roll a board: add --roll",
        ));
    }
    if !args.board.is_empty() {
        return Err(usage_msg(format!(
            "--roll rolls its own board: drop the board argument ({:?})",
            args.board.join(" ")
        )));
    }
    roll::run(RollArgs {
        dice: args.dice,
        pack: args.pack,
        rules: args.rules,
        json: args.json,
        solve: true,
        paths: args.paths,
        view: args.view,
    })
}
