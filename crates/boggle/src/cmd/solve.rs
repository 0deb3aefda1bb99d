//! `boggle solve` (the default command): one board, listed, drawn or as
//! JSON.

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use boggle_cli::{usage, usage_msg};
use clap::Args;
use solve::board::{looks_like_a_path, BoardFile, BoardFileError};
use solve::{Board, BoardError, FaceRules, Solver, TextStyle};

use crate::args::{fit_bonus, PackArgs, RollOptions, RuleArgs, ThreadsArg};
use crate::cmd::roll::{self, RollArgs};
use crate::output::json::{pack_label, CommonJson, SolveJson};
use crate::output::listing::{self, ordered, ViewArgs};

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
    /// Print JSON (schema in docs/batch-and-json.md).
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

/// A board's text, where it came from and the rows it was given in.
struct BoardText {
    /// The text to parse.
    text: String,
    /// `board file NAME` or `standard input`; `None` for arguments.
    source: Option<String>,
    /// The arguments, or the file's non-blank lines.
    rows: Vec<String>,
}

/// The board text, by these rules (docs/boards-and-rules.md):
/// - `-` reads standard input;
/// - one argument that names a file reads the file (a directory is an
///   error that says so);
/// - one argument that looks like a path ([`looks_like_a_path`]) but names
///   no file is an error, not a board;
/// - otherwise the arguments are the board, several of them its rows.
///
/// Text that is not UTF-8 is a usage error, like any bad board.
fn board_text(args: &[String]) -> Result<BoardText> {
    // Bytes that are not UTF-8 are a usage error, like any bad board.
    let read = |file: Result<BoardFile, BoardFileError>, what: String| match file {
        Ok(BoardFile { text, lines }) => Ok(BoardText {
            text,
            source: Some(what),
            rows: lines,
        }),
        Err(e @ BoardFileError::NotUtf8 { .. }) => Err(usage(e)),
        Err(e) => Err(e.into()),
    };
    match args {
        [] => Err(usage_msg(
            "no board given; try: boggle \"oatr ihps htnr enei\"",
        )),
        [one] if one == "-" => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .context("reading the board from standard input")?;
            read(
                BoardFile::from_bytes(bytes, "standard input"),
                "standard input".to_string(),
            )
        }
        [one] if Path::new(one).is_dir() => Err(usage_msg(format!(
            "{one}: is a directory, not a board file"
        ))),
        [one] if Path::new(one).is_file() => read(
            BoardFile::read(Path::new(one)),
            format!("board file {one}"),
        ),
        [one] if looks_like_a_path(one) => Err(usage_msg(format!(
            "{one}: no such board file (an argument that ends in .txt or .board, or starts with / or ./, names a file)"
        ))),
        many => Ok(BoardText {
            text: many.join(" "),
            source: None,
            rows: many.to_vec(),
        }),
    }
}

/// Several rows (arguments, or a file's lines) make one board; when each
/// of them is a whole board by itself and together they make no square,
/// they are most likely several boards: an error that says so and points to
/// `boggle batch`. A row is a whole board when it is a square of at least
/// 3x3, or a square written with its own rows (`oa/ti`).
fn one_board(given: &BoardText, faces: &FaceRules, board: &Board) -> Result<()> {
    let rows = &given.rows;
    if rows.len() < 2 || board.rows() == board.cols() {
        return Ok(());
    }
    let whole = |row: &str| {
        faces.parse(row).is_ok_and(|b| {
            b.rows() == b.cols()
                && b.rows() >= 2
                && (b.rows() >= 3 || row.contains(|c: char| c == '/' || c.is_whitespace()))
        })
    };
    if !rows.iter().all(|r| whole(r)) {
        return Ok(());
    }
    Err(usage_msg(match &given.source {
        None => format!(
            "{} arguments that are each a whole board: solve one at a time, or put them one a line \
             into `boggle batch`; for a {}x{} board, write its rows with '/'",
            rows.len(),
            board.rows(),
            board.cols()
        ),
        Some(source) => format!(
            "{source} holds {} lines that are each a whole board: `boggle batch` solves a file \
             of boards, one a line; for one {}x{} board, write its rows with '/' on one line",
            rows.len(),
            board.rows(),
            board.cols()
        ),
    }))
}

/// Solves the board and prints it as asked.
pub(crate) fn run(args: SolveArgs) -> Result<ExitCode> {
    if args.roll || args.dice.rolls() || args.board.is_empty() && args.dice.given() {
        return solve_rolled(args);
    }
    args.view.check()?;
    let given = board_text(&args.board)?;
    let pack = args.pack.open()?;
    let (faces, mut rules) = args.rules.resolve(&pack)?;
    let board = faces
        .parse_sized(&given.text, args.dice.size)
        .map_err(|e| {
            let e = match e {
                BoardError::NotSquare { cells, rows, size } => anyhow::anyhow!(
                    "{cells} cells in one run make no square board: write its rows ({rows}) \
                     or give its size (--size {size})"
                ),
                e => anyhow::Error::new(e),
            };
            match &given.source {
                Some(source) => usage(e.context(source.clone())),
                None => usage(e),
            }
        })?;
    one_board(&given, &faces, &board)?;
    fit_bonus(&mut rules, board.rows(), board.cols())?;
    let mut solver = Solver::with_rules(&pack, rules)?;
    let solution = solver.solve_parallel(&board, args.threads.get())?;
    let mut out = boggle_cli::stdout();
    let rules = solver.rules();
    if args.json {
        let json = SolveJson {
            rows: solution.rows,
            cols: solution.cols,
            board: &faces.text(&board, TextStyle::Rows),
            pack: pack_label(&pack),
            scoring: rules.scoring.name(),
            bonus: rules.bonus.as_ref().map(ToString::to_string),
            min_len: rules.min_len,
            neighbors: rules.adjacency,
            wrap: rules.wrap,
            score: solution.score,
            word_count: solution.word_count,
            common: CommonJson::of(&solution, &pack, rules),
            words: &ordered(&solution.words, &args.view),
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        listing::show(
            &mut out, &board, &solution, &pack, rules, args.paths, &args.view,
        )?;
    }
    out.done()?;
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
        count: None,
        daily: None,
        arena: None,
        match_round: None,
        view: args.view,
    })
}
