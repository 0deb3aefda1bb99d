//! `boggle-prep recipes [NAME]`: the built-in recipes, or one as TOML.

use anyhow::{Context, Result};
use boggle_cli::usage;
use clap::Args;
use prep::Recipe;

/// Options of `boggle-prep recipes`.
#[derive(Args)]
pub struct RecipesArgs {
    /// Print this recipe's TOML (a starting point for your own).
    name: Option<String>,
}

/// Lists the built-in recipes, or prints one.
pub fn run(args: RecipesArgs) -> Result<()> {
    match args.name {
        Some(name) => {
            let recipe = Recipe::resolve(&name)
                .with_context(|| format!("cannot show recipe {name:?}"))
                .map_err(usage)?;
            print!("{}", recipe.to_toml());
        }
        None => {
            for name in Recipe::builtin_names() {
                let r = Recipe::builtin(name)?;
                let aliases: Vec<&str> = Recipe::builtin_aliases(name).collect();
                println!(
                    "{:<13} {}",
                    format!("{name} ({})", aliases.join(", ")),
                    r.description
                );
            }
        }
    }
    Ok(())
}
