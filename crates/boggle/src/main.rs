//! `boggle`: solve boards with a built-in or installed language pack. This
//! file holds the command line and dispatches; each command is a file of
//! `cmd/`, the flags they share are in `args`, what they print in `output`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod args;
mod cmd;
mod output;

/// Find every word on a Boggle-style board.
///
/// `boggle "oatr ihps htnr enei"` solves a board with the built-in English
/// pack; `boggle solve --help` lists the options.
#[derive(Parser)]
#[command(
    name = "boggle",
    version = boggle_cli::VERSION,
    about,
    args_conflicts_with_subcommands = true,
    after_long_help = boggle_cli::EXIT_STATUS
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    solve: cmd::solve::SolveArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one board (the default command).
    Solve(cmd::solve::SolveArgs),
    /// Solve boards one a line (file or standard input), NDJSON out, on every core.
    Batch(cmd::batch::BatchArgs),
    /// Roll a random board from a dice set (reproducible by its seed).
    Roll(cmd::roll::RollArgs),
    /// Count the paths on an empty board: exact state-space sizes, no dictionary.
    Count(cmd::count::CountArgs),
    /// Search for the highest-scoring boards (simulated annealing on every core).
    Best(cmd::best::BestArgs),
    /// Prove boards optimal: list every board scoring at least a threshold (branch and bound).
    Prove(cmd::prove::ProveArgs),
    /// A game's opening rounds and the pack of just their words (the web app's first round).
    Opening(cmd::opening::OpeningArgs),
    /// List the packs --lang can name: built-in and installed.
    Packs(cmd::packs::PacksArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(boggle_cli::docs::CompletionsArgs),
    /// Print the man page (roff), or write one per command with --dir.
    Man(boggle_cli::docs::ManArgs),
}

fn main() -> ExitCode {
    let cli: Cli = boggle_cli::parse("boggle");
    let result = match cli.command {
        Some(Command::Solve(args)) => cmd::solve::run(args),
        Some(Command::Batch(args)) => cmd::batch::run(args),
        Some(Command::Roll(args)) => cmd::roll::run(args),
        Some(Command::Count(args)) => cmd::count::run(args),
        Some(Command::Best(args)) => cmd::best::run(args),
        Some(Command::Prove(args)) => cmd::prove::run(args),
        Some(Command::Opening(args)) => cmd::opening::run(args),
        Some(Command::Packs(args)) => cmd::packs::run(&args),
        Some(Command::Completions(args)) => boggle_cli::docs::completions::<Cli>("boggle", &args),
        Some(Command::Man(args)) => boggle_cli::docs::man::<Cli>(&args),
        None => cmd::solve::run(cli.solve),
    };
    boggle_cli::finish("boggle", result)
}
