//! `boggle-prep recipes [NAME]`: the built-in recipes, or one as TOML.

use std::io::Write;

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
            boggle_cli::print(recipe.to_toml())?;
        }
        None => {
            let rows = Recipe::builtin_names()
                .map(|name| {
                    let aliases: Vec<&str> = Recipe::builtin_aliases(name).collect();
                    let label = format!("{name} ({})", aliases.join(", "));
                    Ok((label, Recipe::builtin(name)?))
                })
                .collect::<Result<Vec<_>>>()?;
            let width = rows
                .iter()
                .map(|(l, _)| l.chars().count())
                .max()
                .unwrap_or(0);
            let mut out = boggle_cli::stdout();
            for (label, r) in rows {
                let source = r
                    .source
                    .as_ref()
                    .map(|s| format!("  [{}]", s.path))
                    .unwrap_or_default();
                writeln!(out, "{label:<width$} {}{source}", r.description)?;
            }
            out.done()?;
        }
    }
    Ok(())
}
