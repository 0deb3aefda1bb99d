//! `boggle opening`: a game's opening rounds in a pack's language, and the
//! pack of just their words, in compact form (see `solve::game`'s opening
//! module). The web app's build writes one a language, for a first visit
//! to play before the whole pack has come.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use boggle_cli::usage_msg;
use clap::Args;
use prep::{write_atomic, Replace};
use solve::game::{Game, OPENING_ROUNDS};

use crate::args::PackArgs;

/// Options of `boggle opening`.
#[derive(Args, Clone)]
pub(crate) struct OpeningArgs {
    #[command(flatten)]
    pack: PackArgs,
    /// The game (`boggle`, `ruzzle`, …: `boggle roll --help` lists them).
    #[arg(long, short)]
    game: String,
    /// How many opening rounds (1 to 256).
    #[arg(long, default_value_t = 32)]
    rounds: usize,
    /// Where to write the pack of their words, in compact form (atomically;
    /// replaced if there).
    #[arg(long, short)]
    output: PathBuf,
}

/// Writes the opening pack, and prints the rounds' seeds as JSON:
/// `{"game", "language", "seeds", "words", "bytes"}`.
pub(crate) fn run(args: OpeningArgs) -> Result<ExitCode> {
    if !(1..=OPENING_ROUNDS).contains(&args.rounds) {
        return Err(usage_msg(format!(
            "--rounds is from 1 to {OPENING_ROUNDS} (not {})",
            args.rounds
        )));
    }
    let game = Game::named(&args.game).map_err(usage_msg)?;
    let pack = args.pack.open()?;
    let seeds = game.opening_seeds(args.rounds);
    let small = game.opening_pack(&pack, &seeds)?;
    let compact = small.to_compact()?;
    write_atomic(&args.output, &compact, Replace::Yes, None)
        .with_context(|| format!("{}: could not write", args.output.display()))?;
    let json = serde_json::json!({
        "game": game.id,
        "language": pack.recipe().language.code,
        "seeds": seeds,
        "words": small.len(),
        "bytes": compact.len(),
    });
    boggle_cli::print(format_args!("{json}\n"))?;
    Ok(ExitCode::SUCCESS)
}
