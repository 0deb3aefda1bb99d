//! `boggle`: solve boards with a built-in or installed language pack.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use clap::{Args, Parser, Subcommand};
use prep::Pack;
use solve::{builtin, Adjacency, Board, FaceRules, Rules, Scoring, Solution, Solver};

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
}

/// Which pack to use.
#[derive(Args, Clone)]
struct PackArgs {
    /// A built-in pack: en (English) or nl (Dutch).
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
    })
}

/// Opens the pack the arguments name.
fn open_pack(args: &PackArgs) -> Result<Pack> {
    match &args.pack {
        Some(path) => Ok(Pack::open(path)?),
        None => builtin::pack(&args.lang).ok_or_else(|| {
            let names: Vec<&str> = builtin::PACKS.iter().map(|p| p.0).collect();
            usage(anyhow!(
                "no built-in pack {:?} (built-in: {}; or --pack FILE)",
                args.lang,
                names.join(", ")
            ))
        }),
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
    let text = board_text(&args.board)?;
    let pack = open_pack(&args.pack)?;
    let (faces, rules) = rules(&pack, &args.rules)?;
    let board = faces.parse(&text).map_err(usage)?;
    let mut solver = Solver::with_rules(&pack, rules)?;
    let solution = solver.solve(&board);
    let mut out = io::stdout().lock();
    if args.json {
        let json = serde_json::json!({
            "rows": solution.rows,
            "cols": solution.cols,
            "board": solution.board,
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
            "words": solution.words,
        });
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        let width = terminal_width();
        write!(
            out,
            "{}",
            render(&board, &solution, &pack, &solver, args.paths, width)
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
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

/// The text a person reads: the board, the totals, the words by score.
fn render(
    board: &Board,
    solution: &Solution,
    pack: &Pack,
    solver: &Solver,
    paths: bool,
    width: usize,
) -> String {
    let mut s = String::new();
    for line in board.to_string().lines() {
        s.push_str("  ");
        s.push_str(line);
        s.push('\n');
    }
    let rules = solver.rules();
    s.push_str(&format!(
        "\n{} {}, {} {}  ({}; {} scoring, {}+ letters{}{})\n",
        solution.word_count,
        plural(solution.word_count as u64, "word", "words"),
        solution.score,
        plural(solution.score, "point", "points"),
        pack.meta().recipe.language.name,
        rules.scoring.name(),
        rules.min_len,
        match rules.adjacency {
            Adjacency::King => "",
            Adjacency::NoDiagonals => ", no diagonals",
        },
        if rules.wrap { ", wrapping" } else { "" },
    ));
    let mut i = 0;
    let words = &solution.words;
    while i < words.len() {
        let score = words[i].score;
        let group: Vec<&solve::FoundWord> =
            words[i..].iter().take_while(|w| w.score == score).collect();
        i += group.len();
        s.push_str(&format!(
            "\n{} {} ({}):\n",
            score,
            plural(u64::from(score), "point", "points"),
            group.len()
        ));
        if paths {
            let wide = group
                .iter()
                .map(|w| w.word.chars().count())
                .max()
                .unwrap_or(0);
            for w in &group {
                let path: Vec<String> = w
                    .path
                    .iter()
                    .map(|p| format!("{},{}", p.row + 1, p.col + 1))
                    .collect();
                s.push_str(&format!(
                    "  {}{}  {}\n",
                    w.word,
                    " ".repeat(wide - w.word.chars().count()),
                    path.join(" → ")
                ));
            }
        } else {
            let mut line = String::from(" ");
            for w in &group {
                if line.chars().count() + w.word.chars().count() + 1 > width.max(20)
                    && line.len() > 1
                {
                    s.push_str(&line);
                    s.push('\n');
                    line = String::from(" ");
                }
                line.push(' ');
                line.push_str(&w.word);
            }
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
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
