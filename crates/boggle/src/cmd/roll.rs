//! `boggle roll`: a random board from a dice set or letters, or a game's
//! round (`--game`), reproducible by its seed (see `solve::random` and
//! `solve::game`), optionally re-rolled until it is rich enough, optionally
//! solved.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use boggle_cli::{plural, usage, usage_msg};
use clap::Args;
use prep::Pack;
use solve::game::{ArenaRound, Day, Game, GameError, Round, UtcTime};
use solve::random::{self, RollError, RollSpec, Rolled, Roller, Rolling, Target};
use solve::{FaceRules, Solver, Tally, TextStyle};

use crate::args::{PackArgs, RollOptions, RuleArgs};
use crate::output::json::{
    pack_label, ArenaJson, CommonJson, GameRollJson, GameSolutionJson, RollJson, RolledSolutionJson,
};

/// `--arena TIME`: a UTC time, or `now` (the system clock's).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ArenaTime(UtcTime);

impl std::str::FromStr for ArenaTime {
    type Err = solve::game::TimeError;

    fn from_str(s: &str) -> Result<ArenaTime, Self::Err> {
        if s == "now" {
            return Ok(ArenaTime(UtcTime::now()));
        }
        s.parse().map(ArenaTime)
    }
}
use crate::output::listing::{self, ordered, ViewArgs};

/// Options of `boggle roll`.
#[derive(Args, Clone)]
pub(crate) struct RollArgs {
    #[command(flatten)]
    pub(crate) dice: RollOptions,
    #[command(flatten)]
    pub(crate) pack: PackArgs,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// With --game: the game's daily round for DATE (YYYY-MM-DD), the same
    /// board for everyone in the pack's language (the web page's daily
    /// board, at each player's own date).
    #[arg(long, value_name = "DATE", requires = "game", conflicts_with = "seed")]
    pub(crate) daily: Option<Day>,
    /// With --game: the game's arena round under way at TIME (UTC,
    /// YYYY-MM-DDTHH:MM:SSZ, or `now`), the same board for everyone in the
    /// pack's language at that moment (the room server's arena).
    #[arg(long, value_name = "TIME", requires = "game", conflicts_with_all = ["seed", "daily", "count"])]
    pub(crate) arena: Option<ArenaTime>,
    /// With --game and --seed: round ROUND (from 1) of the match rolled from
    /// SEED, each round its own board (the web page's matches).
    #[arg(long, value_name = "ROUND", requires_all = ["game", "seed"], conflicts_with_all = ["daily", "arena"])]
    pub(crate) match_round: Option<u32>,
    /// Print JSON: {"board", "rows", "cols", "seed", "dice", ...}.
    #[arg(long)]
    pub(crate) json: bool,
    /// Solve the rolled board too (as `boggle solve --roll`).
    #[arg(long)]
    pub(crate) solve: bool,
    /// With --solve, show each word's path (row,col from 1).
    #[arg(long)]
    pub(crate) paths: bool,
    /// Roll N boards, seeds SEED, SEED+1, …, one a line (with --json, one
    /// JSON object a line): input for `boggle batch`.
    #[arg(long, value_name = "N", conflicts_with_all = ["solve", "paths"])]
    pub(crate) count: Option<u64>,
    #[command(flatten)]
    pub(crate) view: ViewArgs,
}

/// Rolls (and re-rolls, and solves) as asked.
pub(crate) fn run(args: RollArgs) -> Result<ExitCode> {
    args.view.check()?;
    if !args.solve && (args.view.shows_paths() || args.view.top.is_some()) {
        return Err(usage_msg(
            "--show, --show-all, --svg and --top show a solution: add --solve",
        ));
    }
    if args.count.is_some() && (args.view.shows_paths() || args.view.top.is_some()) {
        return Err(usage_msg(
            "--count prints boards, not solutions: solve them with boggle batch",
        ));
    }
    let pack = args.pack.open()?;
    let game = args.rules.game(args.dice.size)?;
    let arena = match (args.arena, &game) {
        (Some(at), Some(game)) => Some(game.arena_round(at.0, &pack.recipe().language.code)),
        _ => None,
    };
    let (seed, from_clock) = match (args.daily, args.dice.seed, &game) {
        _ if arena.is_some() => (arena.map_or(0, |r| r.seed), false),
        (Some(day), _, Some(game)) => (game.daily_seed(day, &pack.recipe().language.code), false),
        (Some(_), _, None) => return Err(usage_msg("--daily rolls a game's round: give --game")),
        (None, Some(s), Some(game)) if args.match_round.is_some() => {
            let round = args.match_round.unwrap_or_default();
            let seed = game.match_seed(s, round).ok_or_else(|| {
                usage_msg(format!(
                    "--match-round is from 1 to {} (not {round})",
                    solve::game::MATCH_ROUNDS
                ))
            })?;
            (seed, false)
        }
        (None, Some(s), _) => (s, false),
        (None, None, _) => (random::seed_from_time(), true),
    };
    match game {
        Some(game) => run_game(&args, &pack, &game, seed, from_clock, arena),
        None => run_dice(&args, &pack, seed, from_clock),
    }
}

/// What boards are rolled from (dice or letters), the solver that re-rolls
/// them to a target or solves them, and how they are named.
struct Dice<'p> {
    pack: &'p Pack,
    faces: FaceRules,
    roller: Roller,
    /// The dice set's name, when rolled from dice.
    set: Option<String>,
    /// The letters' name, when rolled from letters.
    letters: Option<String>,
    target: Target,
    solver: Option<Solver>,
}

impl<'p> Dice<'p> {
    /// The dice, letters and rules `args` ask for in `pack`.
    fn new(args: &RollArgs, pack: &'p Pack) -> Result<Dice<'p>> {
        let d = &args.dice;
        let (faces, mut rules) = args.rules.resolve(pack)?;
        let spec = RollSpec {
            dice: d.dice.clone(),
            letters: d.letters.letters,
            size: d.size,
            shape: d.shape.clone(),
        };
        let Rolling {
            roller,
            dice: set,
            warning,
        } = spec.resolve(pack, &faces).map_err(|e| match e {
            RollError::NotSquare { set, dice } => usage_msg(format!(
                "dice set {set} has {dice} dice, not a square number: give --size RxC"
            )),
            e => usage(e),
        })?;
        crate::args::fit_bonus(&mut rules, roller.shape().rows(), roller.shape().cols())?;
        if let Some(warning) = warning {
            eprintln!("boggle: warning: {warning}");
        }
        let target = Target {
            min_words: d.min_words,
            min_score: d.min_score,
            max_attempts: d.max_rolls,
        };
        let mut solver = if args.solve || !target.is_trivial() {
            Some(Solver::with_rules(pack, rules)?)
        } else {
            None
        };
        if let Some(solver) = solver.as_mut().filter(|_| !target.is_trivial()) {
            // Many boards: decode (and check) the whole table once.
            solver.warm_up()?;
        }
        let letters = set
            .is_none()
            .then(|| roller.label().trim_end_matches(" letters").to_string());
        Ok(Dice {
            pack,
            faces,
            set: set.as_ref().map(|s| s.name().to_string()),
            letters,
            roller,
            target,
            solver,
        })
    }

    /// The board of `seed`, re-rolled until it meets the target. (A pack
    /// fault shows in the solve after it, if not in the warm-up.)
    fn roll(&mut self, seed: u64) -> Result<Rolled> {
        let solver = &mut self.solver;
        Ok(random::roll_until(
            &self.roller,
            seed,
            self.target,
            |board| {
                solver
                    .as_mut()
                    .map_or_else(Tally::default, |s| s.tally(board).unwrap_or_default())
            },
        )?)
    }

    /// A rolled board as a JSON line.
    fn write_json(&self, out: &mut dyn Write, rolled: &Rolled, text: &str) -> Result<()> {
        let json = RollJson::of(
            rolled,
            text,
            self.set.as_deref(),
            self.letters.as_deref(),
            self.roller.shape().name(),
        );
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        Ok(())
    }

    /// The line that names a rolled board: its dice, size, shape, seed and
    /// roll.
    fn info(&self, rolled: &Rolled, from_clock: bool) -> String {
        let (board, seed) = (&rolled.board, rolled.seed);
        format!(
            "{}, {}x{}{}, seed {seed}{}{}",
            if self.set.is_some() {
                format!("{} dice", self.roller.label())
            } else {
                self.roller.label().to_string()
            },
            board.rows(),
            board.cols(),
            match self.roller.shape().name() {
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
        )
    }

    /// A rolled board solved, as JSON.
    fn write_solved(
        &mut self,
        out: &mut dyn Write,
        rolled: &Rolled,
        text: &str,
        view: &ViewArgs,
    ) -> Result<()> {
        let Some(solver) = self.solver.as_mut() else {
            return self.write_json(out, rolled, text);
        };
        let solution = solver.solve(&rolled.board)?;
        let rules = solver.rules();
        let json = RolledSolutionJson {
            attempts: rolled.attempts,
            board: text,
            cols: solution.cols,
            dice: self.set.as_deref(),
            letters: self.letters.as_deref(),
            min_len: rules.min_len,
            neighbors: rules.adjacency,
            pack: pack_label(self.pack),
            rows: solution.rows,
            score: solution.score,
            scoring: rules.scoring.name(),
            seed: rolled.seed,
            shape: self.roller.shape().name(),
            word_count: solution.word_count,
            common: CommonJson::of(&solution, self.pack, rules),
            words: &ordered(&solution.words, view),
            wrap: rules.wrap,
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        Ok(())
    }
}

/// `boggle roll` from dice or letters: one board (solved with `--solve`),
/// or `--count` boards one a line.
fn run_dice(args: &RollArgs, pack: &Pack, seed: u64, from_clock: bool) -> Result<ExitCode> {
    let mut dice = Dice::new(args, pack)?;
    let mut out = boggle_cli::stdout();
    let seeds = match args.count {
        Some(count) => (0..count).map(|i| seed.wrapping_add(i)).collect(),
        None => vec![seed],
    };
    for seed in seeds {
        let rolled = dice.roll(seed)?;
        let text = dice.faces.text(&rolled.board, TextStyle::Rows);
        match (args.count.is_some(), args.solve, args.json) {
            (true, _, true) | (false, false, true) => dice.write_json(&mut out, &rolled, &text)?,
            (true, _, false) => writeln!(out, "{text}")?,
            (false, true, true) => dice.write_solved(&mut out, &rolled, &text, &args.view)?,
            (false, true, false) => {
                let info = dice.info(&rolled, from_clock);
                let solver = dice.solver.as_mut().expect("a solver for --solve");
                let solution = solver.solve(&rolled.board)?;
                writeln!(out, "{text}  ({info})\n")?;
                let rules = solver.rules();
                listing::show(
                    &mut out,
                    &rolled.board,
                    &solution,
                    pack,
                    rules,
                    args.paths,
                    &args.view,
                )?;
            }
            (false, false, false) => {
                writeln!(out, "{text}\n")?;
                for line in rolled.board.to_string().lines() {
                    writeln!(out, "  {line}")?;
                }
                write!(out, "\n{}", dice.info(&rolled, from_clock))?;
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
    }
    out.done()?;
    Ok(ExitCode::SUCCESS)
}

/// The game `--game` names, refusing the flags it decides itself; a
/// custom game takes its dice from `--dice`.
fn the_game(args: &RollArgs, game: &Game) -> Result<Game> {
    let d = &args.dice;
    let custom = game.id == "custom";
    let given = [
        (d.dice.is_some() && !custom, "--dice"),
        (d.size.is_some() && !custom, "--size"),
        (d.letters.letters.is_some(), "--letters"),
        (d.shape.is_some(), "--shape"),
        (d.min_words > 0, "--min-words"),
        (d.min_score > 0, "--min-score"),
    ];
    if let Some((_, flag)) = given.iter().find(|(given, _)| *given) {
        return Err(usage_msg(format!(
            "--game {} rolls its own boards: leave out {flag}{}",
            game.id,
            if custom {
                ""
            } else {
                " (or use --game custom)"
            }
        )));
    }
    let mut game = game.clone();
    if custom {
        game.dice = d.dice.clone();
    }
    Ok(game)
}

/// `boggle roll --game G`: the game's round for each seed (its board, bonus
/// cells or special tile, re-rolled to the game's minimum of common words),
/// as every front rolls it.
fn run_game(
    args: &RollArgs,
    pack: &Pack,
    game: &Game,
    seed: u64,
    from_clock: bool,
    arena: Option<ArenaRound>,
) -> Result<ExitCode> {
    let game = the_game(args, game)?;
    let options = args.rules.options()?;
    let roll = |seed: u64| -> Result<Round> {
        game.roll_with(pack, &options, seed).map_err(|e| match e {
            GameError::Rules(e) => crate::args::rule_error(e),
            GameError::Roll(e) => usage(e),
            e => e.into(),
        })
    };
    let mut out = boggle_cli::stdout();
    let json = |round: &Round| {
        let text = round.faces.text(&round.board, TextStyle::Rows);
        GameRollJson {
            attempts: round.attempts,
            bonus: round.bonus_text(),
            board: text,
            cols: round.board.cols(),
            common_words: round.common_words,
            game: &game.id,
            rows: round.board.rows(),
            scoring: round.rules.scoring.name().to_string(),
            seconds: game.seconds,
            seed: round.seed,
            arena: arena.map(|r| ArenaJson {
                start: r.start,
                ends: r.ends,
                next: r.next,
            }),
        }
    };
    if let Some(count) = args.count {
        for i in 0..count {
            let round = roll(seed.wrapping_add(i))?;
            if args.json {
                serde_json::to_writer(&mut out, &json(&round))?;
                writeln!(out)?;
            } else {
                writeln!(out, "{}", round.faces.text(&round.board, TextStyle::Rows))?;
            }
        }
        out.done()?;
        return Ok(ExitCode::SUCCESS);
    }
    let round = roll(seed)?;
    let text = round.faces.text(&round.board, TextStyle::Rows);
    let mut info = round_info(&game, &round, from_clock);
    if let Some(r) = arena {
        info.push_str(&format!(
            "\narena round from {}: play until {}, results until {}",
            r.start, r.ends, r.next
        ));
    }
    if !args.solve {
        if args.json {
            serde_json::to_writer(&mut out, &json(&round))?;
            writeln!(out)?;
        } else {
            writeln!(out, "{text}\n")?;
            for line in round.board.to_string().lines() {
                writeln!(out, "  {line}")?;
            }
            if let Some(bonus) = round.bonus_text() {
                writeln!(out, "\nbonus {bonus}")?;
            }
            writeln!(out, "\n{info}")?;
        }
        out.done()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut solver = Solver::with_rules(pack, round.rules.clone())?;
    let solution = solver.solve(&round.board)?;
    let rules = solver.rules();
    if args.json {
        let json = GameSolutionJson {
            round: json(&round),
            min_len: rules.min_len,
            neighbors: rules.adjacency,
            pack: pack_label(pack),
            score: solution.score,
            word_count: solution.word_count,
            common: CommonJson::of(&solution, pack, rules),
            words: &ordered(&solution.words, &args.view),
            wrap: rules.wrap,
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        let bonus = round
            .bonus_text()
            .map_or(String::new(), |b| format!(" --bonus {b}"));
        writeln!(out, "{text}{bonus}  ({info})\n")?;
        listing::show(
            &mut out,
            &round.board,
            &solution,
            pack,
            rules,
            args.paths,
            &args.view,
        )?;
    }
    out.done()?;
    Ok(ExitCode::SUCCESS)
}

/// The line that names a game's round: the game, seed, roll and its
/// common words.
fn round_info(game: &Game, round: &Round, from_clock: bool) -> String {
    let seed = round.seed;
    format!(
        "{}, seed {seed}{}: {} common {}{}",
        game.label(),
        if round.attempts > 1 {
            format!(", roll {}", round.attempts)
        } else {
            String::new()
        },
        round.common_words,
        plural(round.common_words, "word", "words"),
        if from_clock {
            format!(" (the seed from the clock; --seed {seed} rolls it again)")
        } else {
            String::new()
        },
    )
}
