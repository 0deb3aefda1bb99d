//! `boggle-prep`: build, inspect, list and verify language packs. This file
//! holds the command line and dispatches; each command is a file of `cmd/`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// Turn raw word lists into Boggle language packs, and look inside them.
#[derive(Parser)]
#[command(
    name = "boggle-prep",
    version = boggle_cli::VERSION,
    about,
    after_long_help = boggle_cli::EXIT_STATUS
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of the largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Build a pack from a one-word-a-line list (`-` reads standard input).
    Build(cmd::build::BuildArgs),
    /// Show a pack's metadata.
    Inspect(cmd::pack::InspectArgs),
    /// Print every word of a pack, sorted, one a line.
    Words(cmd::pack::PackFile),
    /// Check a pack completely: checksums, automaton, word ranks.
    Verify(cmd::pack::PackFile),
    /// Write a pack in compact form, for sending: its words front-coded
    /// instead of its automaton (about half the bytes once compressed),
    /// from which a reader rebuilds the same pack.
    Compact(cmd::compact::CompactArgs),
    /// List the built-in recipes, or print one as TOML.
    Recipes(cmd::recipes::RecipesArgs),
    /// Install a pack for `boggle --lang NAME`: check it, copy it to
    /// $XDG_DATA_HOME/boggle/packs/NAME.pack (or ~/.local/share/boggle/packs).
    Install(cmd::install::InstallArgs),
    /// Remove an installed pack.
    Uninstall(cmd::install::UninstallArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(boggle_cli::docs::CompletionsArgs),
    /// Print the man page (roff), or write one per command with --dir.
    Man(boggle_cli::docs::ManArgs),
}

fn main() -> ExitCode {
    let cli: Cli = boggle_cli::parse("boggle-prep");
    let result = match cli.command {
        Command::Build(args) => cmd::build::run(args),
        Command::Inspect(args) => cmd::pack::inspect(args),
        Command::Words(args) => cmd::pack::words(args),
        Command::Verify(args) => cmd::pack::verify(args),
        Command::Compact(args) => cmd::compact::run(args),
        Command::Recipes(args) => cmd::recipes::run(args),
        Command::Install(args) => cmd::install::install(args),
        Command::Uninstall(args) => cmd::install::uninstall(args),
        Command::Completions(args) => {
            boggle_cli::docs::completions::<Cli>("boggle-prep", &args).map(drop)
        }
        Command::Man(args) => boggle_cli::docs::man::<Cli>(&args).map(drop),
    };
    boggle_cli::finish("boggle-prep", result.map(|()| ExitCode::SUCCESS))
}
