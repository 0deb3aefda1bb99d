//! `boggle`: solve boards with a built-in or installed language pack.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use clap::{Args, Parser, Subcommand};
use prep::Pack;
use solve::{Adjacency, FaceRules, Rules, Scoring, Solver};

mod view;

/// Find every word on a Boggle-style board.
///
/// `boggle "oatr ihps htnr enei"` solves a board with the built-in English
/// pack; `boggle solve --help` lists the options.
#[derive(Parser)]
#[command(
    name = "boggle",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    solve: SolveArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one board (the default command).
    Solve(SolveArgs),
    /// Solve boards one a line (file or standard input), NDJSON out, on every core.
    Batch(BatchArgs),
    /// Roll a random board from a dice set (reproducible by its seed).
    Roll(RollArgs),
    /// Count the paths on an empty board: exact state-space sizes, no dictionary.
    Count(CountArgs),
    /// Search for the highest-scoring boards (simulated annealing on every core).
    Best(BestArgs),
    /// List the packs --lang can name: built-in and installed.
    Packs(view::PacksArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(view::CompletionsArgs),
    /// Print the man page (roff), or write one per command with --dir.
    Man(view::ManArgs),
}

/// Which pack to use.
#[derive(Args, Clone)]
struct PackArgs {
    /// A pack by name: built-in en (English) or nl (Dutch), or one installed
    /// with `boggle-prep install` (`boggle packs` lists them).
    #[arg(long, short, default_value = "en", conflicts_with = "pack")]
    lang: String,
    /// A pack file (built with boggle-prep), memory-mapped.
    #[arg(long)]
    pack: Option<PathBuf>,
}

/// How a board is read and scored.
#[derive(Args, Clone)]
struct RuleArgs {
    /// Adjacency: all (king moves) or no-diag (no diagonal steps).
    #[arg(long, short = 'n', default_value = "all")]
    neighbors: String,
    /// The board wraps around at its edges (a torus).
    #[arg(long)]
    wrap: bool,
    /// A lone `q` cell reads `qu` (default: as the pack says).
    #[arg(long, conflicts_with = "no_qu")]
    qu: bool,
    /// A lone `q` cell reads plain `q`.
    #[arg(long)]
    no_qu: bool,
    /// Shortest word that counts (default: the pack's and the scheme's minimum).
    #[arg(long)]
    min_len: Option<usize>,
    /// Scoring: boggle, big-boggle, super-big-boggle, word-hunt, words, or a
    /// table like 3=1,4=1,5=2,6=3,7=5,8+=11.
    #[arg(long, short)]
    scoring: Option<String>,
}

#[derive(Args, Clone)]
struct SolveArgs {
    /// The board: rows separated by spaces or '/' ("oatr ihps htnr enei"), a
    /// run of N² letters, [th] for a multi-letter face, '.' for a blank; or a
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
    /// Threads for a big board (default: every core; boards under 4,096
    /// cells use one).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// Solve a random board instead (options as for `boggle roll`).
    #[arg(long)]
    roll: bool,
    #[command(flatten)]
    dice: DiceArgs,
    #[command(flatten)]
    view: view::ViewArgs,
}

/// A failure that is the caller's mistake: exit code 2.
#[derive(Debug)]
struct Usage(anyhow::Error);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for Usage {}

fn usage(e: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(Usage(e.into()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Solve(args)) => solve(args),
        Some(Command::Batch(args)) => batch(args),
        Some(Command::Roll(args)) => roll(args),
        Some(Command::Count(args)) => count(args),
        Some(Command::Best(args)) => best(args),
        Some(Command::Packs(args)) => view::list_packs(&args).map(|_| ExitCode::SUCCESS),
        Some(Command::Completions(args)) => {
            view::completions(&args, <Cli as clap::CommandFactory>::command())
                .map(|_| ExitCode::SUCCESS)
        }
        Some(Command::Man(args)) => {
            view::man(&args, <Cli as clap::CommandFactory>::command()).map(|_| ExitCode::SUCCESS)
        }
        None => solve(cli.solve),
    };
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boggle: {e:#}");
            if e.downcast_ref::<Usage>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .is_some_and(|e| e.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}

/// Opens the pack the arguments name.
fn open_pack(args: &PackArgs) -> Result<Pack> {
    match &args.pack {
        Some(path) => {
            // A file may be damaged or crafted: check its automaton once
            // (milliseconds) before the search walks it.
            let pack = Pack::open(path)?;
            pack.check()?;
            Ok(pack)
        }
        // Built-in first, then installed (checked like a --pack file).
        None => match solve::packs::open(&args.lang, view::pack_dir().as_ref()) {
            Ok(pack) => Ok(pack),
            Err(e @ solve::packs::PacksError::Unknown { .. }) => Err(usage(e)),
            Err(e) => Err(e.into()),
        },
    }
}

/// The face rules and solver rules the arguments ask for.
fn rules(pack: &Pack, args: &RuleArgs) -> Result<(FaceRules, Rules)> {
    let qu = match (args.qu, args.no_qu) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let faces = FaceRules::from_pack(pack).map_err(usage)?.with_qu(qu);
    let mut rules = Rules::for_pack(pack);
    rules.adjacency = args
        .neighbors
        .parse::<Adjacency>()
        .map_err(|e| usage(anyhow!(e)))?;
    rules.wrap = args.wrap;
    if let Some(s) = &args.scoring {
        rules.scoring = s.parse::<Scoring>().map_err(|e| usage(anyhow!(e)))?;
        rules.min_len = pack
            .recipe()
            .board
            .min_word_len
            .max(rules.scoring.min_len());
    }
    if let Some(n) = args.min_len {
        if n == 0 {
            return Err(usage(anyhow!("--min-len must be at least 1")));
        }
        rules.min_len = n;
    }
    Ok((faces, rules))
}

/// The board text: the arguments joined, a file's contents, or standard input.
fn board_text(args: &[String]) -> Result<String> {
    match args {
        [] => Err(usage(anyhow!(
            "no board given; try: boggle \"oatr ihps htnr enei\""
        ))),
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

fn solve(args: SolveArgs) -> Result<ExitCode> {
    if args.roll || args.dice.given() {
        return solve_rolled(args);
    }
    args.view.check()?;
    let text = board_text(&args.board)?;
    let pack = open_pack(&args.pack)?;
    let (faces, rules) = rules(&pack, &args.rules)?;
    let board = faces.parse(&text).map_err(usage)?;
    let mut solver = Solver::with_rules(&pack, rules)?;
    let threads = match args.threads {
        Some(0) => return Err(usage(anyhow!("--threads must be at least 1"))),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let solution = solver.solve_parallel(&board, threads);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if args.json {
        let rules = solver.rules();
        let json = SolveJson {
            rows: solution.rows,
            cols: solution.cols,
            board: &solution.board,
            pack: pack_label(&pack),
            scoring: rules.scoring.name(),
            min_len: rules.min_len,
            neighbors: match rules.adjacency {
                Adjacency::King => "all",
                Adjacency::NoDiagonals => "no-diag",
            },
            wrap: rules.wrap,
            score: solution.score,
            word_count: solution.word_count,
            words: &view::ordered(&solution.words, &args.view),
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else if args.view.shows_paths() {
        let width = terminal_width();
        view::paths(
            &mut out,
            &board,
            &solution,
            &pack,
            solver.rules(),
            width,
            &args.view,
        )?;
    } else {
        let width = terminal_width();
        let rules = solver.rules();
        let text = view::listing(
            &board, &solution, &pack, rules, args.paths, width, &args.view,
        );
        write!(out, "{text}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `boggle solve --json` output (schema in README.md).
#[derive(serde::Serialize)]
struct SolveJson<'a> {
    rows: usize,
    cols: usize,
    board: &'a str,
    pack: String,
    scoring: &'a str,
    min_len: usize,
    neighbors: &'static str,
    wrap: bool,
    score: u64,
    word_count: usize,
    words: &'a [solve::FoundWord],
}

fn pack_label(pack: &Pack) -> String {
    let m = pack.meta();
    format!(
        "{} ({} {}, {} words)",
        pack.name(),
        m.source.name,
        m.source.version,
        m.word_count
    )
}

fn terminal_width() -> usize {
    if !io::stdout().is_terminal() {
        return 80;
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(80)
}

fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

#[derive(Args)]
struct BatchArgs {
    /// Boards one a line (same syntax as `solve`); `-` or nothing reads
    /// standard input.
    input: Option<PathBuf>,
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Include every word with its score and path in each record.
    #[arg(long)]
    words: bool,
    /// Worker threads (default: every core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// Print totals (boards, errors, score, boards/s) on standard error at the end.
    #[arg(long)]
    summary: bool,
}

fn batch(args: BatchArgs) -> Result<ExitCode> {
    let pack = open_pack(&args.pack)?;
    let (faces, rules) = rules(&pack, &args.rules)?;
    let threads = match args.threads {
        Some(0) => return Err(usage(anyhow!("--threads must be at least 1"))),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let started = std::time::Instant::now();
    let mut solver = Solver::with_rules(&pack, rules)?;
    solver.warm_up();
    let mut solvers = vec![solver; threads];
    let mut input: Box<dyn io::BufRead> = match &args.input {
        None => Box::new(io::stdin().lock()),
        Some(p) if p == Path::new("-") => Box::new(io::stdin().lock()),
        Some(p) => Box::new(io::BufReader::with_capacity(
            1 << 16,
            std::fs::File::open(p).with_context(|| format!("opening {}", p.display()))?,
        )),
    };
    let bar = if io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {human_pos} boards  {per_sec}  {elapsed}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        Some(bar)
    } else {
        None
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let report = solve::batch::run(
        &mut input,
        &mut out,
        &faces,
        &mut solvers,
        args.words,
        &mut |n| {
            if let Some(bar) = &bar {
                bar.set_position(n);
            }
        },
    )?;
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
    Ok(if report.errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Where a rolled board comes from (`boggle roll`, `boggle solve --roll`).
#[derive(Args, Clone, Default)]
struct DiceArgs {
    /// Dice set: classic, 1987 (or new), big, super-big, pack (the pack's own
    /// dice), frequency (made from the pack's letter frequencies, one die a
    /// cell), or a dice file (one die a line, faces separated by spaces).
    /// Default: the pack's dice, else classic for English, else frequency.
    #[arg(long, conflicts_with = "letters")]
    dice: Option<String>,
    /// Draw letters instead of rolling dice: uniform (the pack's alphabet) or
    /// frequency (as often as in the pack's words).
    #[arg(long)]
    letters: Option<String>,
    /// Board size, RxC or N (default: N x N for a set of N² dice; 4x4 for
    /// letters and frequency dice). Larger than the set: extra dice are drawn with replacement.
    #[arg(long)]
    size: Option<String>,
    /// Board shape: square, donut (5x5, centre blank), cross (5x5, corners
    /// blank), or a mask of x (a cell) and . (a blank), rows separated by
    /// '/': .xx./xxxx/xxxx/.xx. is a 4x4 without corners
    #[arg(long, conflicts_with = "size")]
    shape: Option<String>,
    /// The seed: the same seed rolls the same board, everywhere (default:
    /// from the clock, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Re-roll (deterministically) until the board has this many words.
    #[arg(long, default_value_t = 0)]
    min_words: u64,
    /// Re-roll (deterministically) until the board scores this many points.
    #[arg(long, default_value_t = 0)]
    min_score: u64,
    /// Most rolls to try for --min-words / --min-score.
    #[arg(long, default_value_t = 1000)]
    max_rolls: u32,
}

impl DiceArgs {
    /// Whether any roll option was given.
    fn given(&self) -> bool {
        self.dice.is_some()
            || self.letters.is_some()
            || self.size.is_some()
            || self.shape.is_some()
            || self.seed.is_some()
            || self.min_words > 0
            || self.min_score > 0
    }
}

#[derive(Args, Clone)]
struct RollArgs {
    #[command(flatten)]
    dice: DiceArgs,
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print JSON: {"board", "rows", "cols", "seed", "dice", ...}.
    #[arg(long)]
    json: bool,
    /// Solve the rolled board too (as `boggle solve --roll`).
    #[arg(long)]
    solve: bool,
    /// With --solve, show each word's path (row,col from 1).
    #[arg(long)]
    paths: bool,
    #[command(flatten)]
    view: view::ViewArgs,
}

/// `boggle solve --roll ...`: the roll options of `boggle roll`, then solve.
fn solve_rolled(args: SolveArgs) -> Result<ExitCode> {
    if !args.roll {
        return Err(usage(anyhow!(
            "--dice, --letters, --size, --shape, --seed, --min-words and --min-score roll a board: add --roll"
        )));
    }
    if !args.board.is_empty() {
        return Err(usage(anyhow!(
            "--roll rolls its own board: drop the board argument ({:?})",
            args.board.join(" ")
        )));
    }
    roll(RollArgs {
        dice: args.dice,
        pack: args.pack,
        rules: args.rules,
        json: args.json,
        solve: true,
        paths: args.paths,
        view: args.view,
    })
}

/// `boggle roll`: a random board from a dice set or letters, reproducible by
/// its seed (see `solve::roll`), optionally re-rolled until it is rich
/// enough, optionally solved.
fn roll(args: RollArgs) -> Result<ExitCode> {
    args.view.check()?;
    if !args.solve && (args.view.shows_paths() || args.view.top.is_some()) {
        return Err(usage(anyhow!(
            "--show, --show-all, --svg and --top show a solution: add --solve"
        )));
    }
    use solve::dice::DiceSet;
    use solve::roll::{self as r, Layout, LetterMode, Roller, Target};

    let pack = open_pack(&args.pack)?;
    let (faces, rules) = rules(&pack, &args.rules)?;
    let d = &args.dice;
    // Frequency dice are sized to the board, so they are made after the layout.
    let mut frequency = false;
    let set = match (&d.dice, &d.letters) {
        (_, Some(_)) => None,
        (Some(name), None) if name == "pack" => Some(
            DiceSet::from_recipe(pack.recipe())
                .map_err(usage)?
                .ok_or_else(|| usage(anyhow!("pack {} carries no dice", pack.name())))?,
        ),
        (Some(name), None) if name == "frequency" || name == "freq" => {
            frequency = true;
            None
        }
        (Some(name), None) => Some(DiceSet::resolve(name).map_err(usage)?),
        (None, None) => match DiceSet::from_recipe(pack.recipe()).map_err(usage)? {
            Some(set) => Some(set),
            None if pack.recipe().language.code == "en" => DiceSet::builtin("classic"),
            None => {
                frequency = true;
                None
            }
        },
    };
    let layout = match (&d.shape, &d.size) {
        (Some(shape), _) => Layout::shape(shape).map_err(usage)?,
        (None, Some(size)) => Layout::parse_size(size).map_err(usage)?,
        (None, None) => match &set {
            None => Layout::rect(4, 4)?,
            Some(set) => match set.square_size() {
                Some(n) => Layout::rect(n, n).map_err(usage)?,
                None => {
                    return Err(usage(anyhow!(
                        "dice set {} has {} dice, not a square number: give --size RxC",
                        set.name(),
                        set.len()
                    )))
                }
            },
        },
    };
    let set = match set {
        None if frequency => Some(
            DiceSet::frequency_for_board(&pack, layout.rows() * layout.cols()).map_err(usage)?,
        ),
        set => set,
    };
    let roller = match &set {
        Some(set) => Roller::dice(set, &faces, layout).map_err(usage)?,
        None => {
            let mode = match &d.letters {
                Some(m) => m.parse::<LetterMode>().map_err(|e| usage(anyhow!(e)))?,
                None => LetterMode::Frequency,
            };
            Roller::letters(mode, &pack, &faces, layout).map_err(usage)?
        }
    };
    let target = Target {
        min_words: d.min_words,
        min_score: d.min_score,
        max_attempts: d.max_rolls,
    };
    let (seed, from_clock) = match d.seed {
        Some(s) => (s, false),
        None => (r::seed_from_time(), true),
    };
    let mut solver = if args.solve || !target.is_trivial() {
        Some(Solver::with_rules(&pack, rules)?)
    } else {
        None
    };
    let rolled = r::roll_until(&roller, seed, target, solver.as_mut())?;
    let board = &rolled.board;
    let text = r::board_text(board, &faces);
    let dice_name = set.as_ref().map(|s| s.name().to_string());
    let letters = set
        .is_none()
        .then(|| roller.label().trim_end_matches(" letters").to_string());
    let mut out = io::stdout().lock();
    let info = format!(
        "{}, {}x{}{}, seed {seed}{}{}",
        if set.is_some() {
            format!("{} dice", roller.label())
        } else {
            roller.label().to_string()
        },
        board.rows(),
        board.cols(),
        match roller.layout().name() {
            "square" => String::new(),
            shape => format!(" {shape}"),
        },
        if rolled.attempts > 1 {
            format!(", roll {}", rolled.attempts)
        } else {
            String::new()
        },
        if from_clock {
            format!(" (from the clock; --seed {seed} rolls it again)")
        } else {
            String::new()
        },
    );
    match (solver.as_mut().filter(|_| args.solve), args.json) {
        (Some(solver), true) => {
            let solution = solver.solve(board);
            let json = serde_json::json!({
                "rows": solution.rows,
                "cols": solution.cols,
                "board": text,
                "seed": seed,
                "dice": dice_name,
                "letters": letters,
                "shape": roller.layout().name(),
                "attempts": rolled.attempts,
                "pack": pack_label(&pack),
                "scoring": solver.rules().scoring.name(),
                "min_len": solver.rules().min_len,
                "neighbors": match solver.rules().adjacency {
                    Adjacency::King => "all",
                    Adjacency::NoDiagonals => "no-diag",
                },
                "wrap": solver.rules().wrap,
                "score": solution.score,
                "word_count": solution.word_count,
                "words": view::ordered(&solution.words, &args.view),
            });
            serde_json::to_writer(&mut out, &json)?;
            writeln!(out)?;
        }
        (Some(solver), false) => {
            let solution = solver.solve(board);
            writeln!(out, "{text}  ({info})\n")?;
            let (width, rules) = (terminal_width(), solver.rules());
            if args.view.shows_paths() {
                view::paths(&mut out, board, &solution, &pack, rules, width, &args.view)?;
            } else {
                let list = view::listing(
                    board, &solution, &pack, rules, args.paths, width, &args.view,
                );
                write!(out, "{list}")?;
            }
        }
        (None, true) => {
            let mut json = serde_json::json!({
                "board": text,
                "rows": board.rows(),
                "cols": board.cols(),
                "seed": seed,
                "dice": dice_name,
                "letters": letters,
                "shape": roller.layout().name(),
                "attempts": rolled.attempts,
            });
            if let Some(t) = rolled.tally {
                json["word_count"] = t.words.into();
                json["score"] = t.score.into();
            }
            serde_json::to_writer(&mut out, &json)?;
            writeln!(out)?;
        }
        (None, false) => {
            writeln!(out, "{text}\n")?;
            for line in board.to_string().lines() {
                writeln!(out, "  {line}")?;
            }
            write!(out, "\n{info}")?;
            if let Some(t) = rolled.tally {
                write!(
                    out,
                    ": {} {}, {} {}",
                    t.words,
                    plural(t.words, "word", "words"),
                    t.score,
                    plural(t.score, "point", "points")
                )?;
            }
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Count the paths on an empty board: every sequence of adjacent cells, each
/// cell used once, from any start, of 1 to N cells.
#[derive(Args, Clone)]
struct CountArgs {
    /// The board size, ROWSxCOLS (4x4, 3x5); at most 64 cells.
    #[arg(long)]
    size: String,
    /// Adjacency: all (king moves) or no-diag (no diagonal steps).
    #[arg(long, short = 'n', default_value = "all")]
    neighbors: String,
    /// The board wraps around at its edges (a torus).
    #[arg(long)]
    wrap: bool,
    /// Longest path counted, in cells (default: all the cells).
    #[arg(long)]
    max_len: Option<usize>,
    /// Print the cumulative table: for each L, the paths of at most L cells.
    #[arg(long)]
    by_length: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// `boggle count`: the total, the cumulative table, or JSON.
///
/// The JSON is one object on one line:
///
/// ```text
/// {"rows": R, "cols": C, "neighbors": "all" | "no-diag", "wrap": bool,
///  "max_len": N, "total": T, "by_length": [T1, T2, ..., TN]}
/// ```
///
/// `max_len` is the longest path counted (`--max-len`, at most R*C);
/// `by_length[i]` is the number of paths of at most i+1 cells, so the last
/// entry equals `total`. Every count is a JSON number when it fits in a u64
/// and a string of decimal digits otherwise.
fn count(args: CountArgs) -> Result<ExitCode> {
    use solve::count::{count_paths, cumulative, parse_size, CountError, CountOptions, MAX_CELLS};

    let (rows, cols) = parse_size(&args.size).map_err(|e| usage(anyhow!(e)))?;
    let adjacency = args
        .neighbors
        .parse::<Adjacency>()
        .map_err(|e| usage(anyhow!(e)))?;
    let cells = rows.saturating_mul(cols);
    if cells > MAX_CELLS {
        return Err(usage(anyhow!(
            "a {rows}x{cols} board has {cells} cells; count handles at most {MAX_CELLS}"
        )));
    }
    let max_len = match args.max_len {
        Some(0) => return Err(usage(anyhow!("--max-len must be at least 1"))),
        Some(n) => n.min(cells),
        None => cells,
    };
    if args.threads == Some(0) {
        return Err(usage(anyhow!("--threads must be at least 1")));
    }
    let shape = solve::Shape {
        rows,
        cols,
        adjacency,
        wrap: args.wrap,
    };
    let bar = io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} tasks  {elapsed_precise} elapsed, ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let report = |done: usize, total: usize| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let options = CountOptions {
        threads: args.threads,
        progress: bar
            .as_ref()
            .map(|_| &report as &(dyn Fn(usize, usize) + Sync)),
        ..CountOptions::default()
    };
    let per_length = count_paths(shape, max_len, &options).map_err(|e| match e {
        CountError::Threads { .. } => anyhow!(e),
        e => usage(e),
    })?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let table = &cumulative(&per_length)[1..];
    let total = table.last().copied().unwrap_or(0);
    let mut out = io::stdout().lock();
    if args.json {
        let number = |n: u128| -> serde_json::Value {
            u64::try_from(n).map_or_else(|_| n.to_string().into(), Into::into)
        };
        let json = serde_json::json!({
            "rows": rows,
            "cols": cols,
            "neighbors": match adjacency {
                Adjacency::King => "all",
                Adjacency::NoDiagonals => "no-diag",
            },
            "wrap": args.wrap,
            "max_len": max_len,
            "total": number(total),
            "by_length": table.iter().map(|&n| number(n)).collect::<Vec<_>>(),
        });
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else if args.by_length {
        let (lw, nw) = (max_len.to_string().len(), total.to_string().len());
        for (len, n) in table.iter().enumerate() {
            writeln!(out, "{:>lw$}  {n:>nw$}", len + 1)?;
        }
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `boggle best`: search for the highest-scoring boards (see `solve::best`).
#[derive(Args, Clone)]
struct BestArgs {
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Board size, RxC or N.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// Stop after this long: 90s, 5m, 1h30m (default 1m, unless --iterations).
    #[arg(long, conflicts_with = "iterations")]
    time: Option<String>,
    /// Stop after this many iterations (boards looked at) in all; with
    /// --seed and --threads the result is reproducible.
    #[arg(long)]
    iterations: Option<u64>,
    /// Stop as soon as a board scores at least this many points.
    #[arg(long)]
    target: Option<u64>,
    /// The seed (default: from the clock, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (default: every core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// Only boards this dice set can roll: classic, 1987 (or new), big,
    /// super-big, pack (the pack's own dice), or a dice file.
    #[arg(long, conflicts_with = "letters")]
    dice: Option<String>,
    /// Any letters in any cell (the default); new letters are drawn as often
    /// as in the pack's words (frequency, the default) or uniformly.
    #[arg(long, num_args = 0..=1, default_missing_value = "frequency", value_name = "MODE")]
    letters: Option<String>,
    /// How many of the best distinct boards to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Print JSON (schema in README.md).
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

/// `boggle best`: set up the space, the solver and the budget, run
/// `solve::best::search`, print the boards.
fn best(args: BestArgs) -> Result<ExitCode> {
    use solve::best::{self as b, Budget, Options, Schedule, Space};
    use solve::dice::DiceSet;
    use solve::roll::{Layout, LetterMode};

    let pack = open_pack(&args.pack)?;
    let (faces, rules) = rules(&pack, &args.rules)?;
    let layout = Layout::parse_size(&args.size).map_err(usage)?;
    let (rows, cols) = (layout.rows(), layout.cols());
    let space = match &args.dice {
        Some(name) => {
            let set = if name == "pack" {
                DiceSet::from_recipe(pack.recipe())
                    .map_err(usage)?
                    .ok_or_else(|| usage(anyhow!("pack {} carries no dice", pack.name())))?
            } else {
                DiceSet::resolve(name).map_err(usage)?
            };
            Space::dice(&set, &faces, rows, cols).map_err(usage)?
        }
        None => {
            let mode = match &args.letters {
                Some(m) => m.parse::<LetterMode>().map_err(|e| usage(anyhow!(e)))?,
                None => LetterMode::Frequency,
            };
            Space::letters(&pack, &faces, mode, rows, cols).map_err(usage)?
        }
    };
    let budget = match (&args.time, args.iterations) {
        (_, Some(0)) => return Err(usage(anyhow!("--iterations must be at least 1"))),
        (_, Some(n)) => Budget::Iterations(n),
        (Some(t), None) => Budget::Time(b::parse_duration(t).map_err(usage)?),
        (None, None) => Budget::Time(std::time::Duration::from_secs(60)),
    };
    let threads = match args.threads {
        Some(0) => return Err(usage(anyhow!("--threads must be at least 1"))),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if args.top == 0 {
        return Err(usage(anyhow!("--top must be at least 1")));
    }
    let mut schedule = Schedule::for_cells(rows * cols);
    schedule.t0 = args.t0.unwrap_or(schedule.t0);
    schedule.t_end = args.t_end.unwrap_or(schedule.t_end);
    schedule.run = args.run_steps.unwrap_or(schedule.run);
    let seed = args.seed.unwrap_or_else(solve::roll::seed_from_time);
    let options = Options {
        budget,
        seed,
        threads,
        top: args.top,
        schedule,
        stop_at: args.target,
    };
    let solver = Solver::with_rules(&pack, rules)?;
    let bar = io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise}  {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar
    });
    let mut report = |p: &b::Progress| {
        if let Some(bar) = &bar {
            let rate = p.evaluations as f64 / p.elapsed.as_secs_f64().max(1e-3);
            bar.set_message(match &p.best {
                Some(f) => format!("{rate:.0} boards/s  best {} {}", f.score, f.board),
                None => format!("{rate:.0} boards/s"),
            });
            bar.tick();
        }
    };
    let progress = bar.as_ref().map(|_| {
        (
            &mut report as &mut dyn FnMut(&b::Progress),
            std::time::Duration::from_millis(250),
        )
    });
    let outcome = b::search(&space, &solver, &options, progress).map_err(usage)?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let rules = solver.rules();
    let mut out = io::stdout().lock();
    let rate = outcome.evaluations as f64 / outcome.seconds.max(1e-9);
    if args.json {
        let json = serde_json::json!({
            "pack": pack_label(&pack),
            "rows": rows,
            "cols": cols,
            "space": space.label(),
            "dice": args.dice.is_some().then(|| space.label().trim_end_matches(" dice").to_string()),
            "scoring": rules.scoring.name(),
            "min_len": rules.min_len,
            "neighbors": match rules.adjacency {
                Adjacency::King => "all",
                Adjacency::NoDiagonals => "no-diag",
            },
            "wrap": rules.wrap,
            "seed": seed,
            "threads": threads,
            "iteration_limit": args.iterations,
            "time_limit": match budget {
                Budget::Time(d) => Some(d.as_secs_f64()),
                Budget::Iterations(_) => None,
            },
            "target": args.target,
            "reached_target": outcome.reached_target,
            "iterations": outcome.iterations,
            "evaluations": outcome.evaluations,
            "runs": outcome.runs,
            "seconds": outcome.seconds,
            "evaluations_per_second": rate,
            "best_seconds": outcome.best_seconds,
            "boards": outcome.best,
        });
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
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
            } else {
                ""
            },
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
