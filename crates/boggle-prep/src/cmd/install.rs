//! `boggle-prep install` and `uninstall`: packs in the user's data directory.

use std::path::PathBuf;

use anyhow::{Context, Result};
use boggle_cli::{usage, usage_msg};
use clap::Args;
use prep::{InstallError, PackDir, Recipe};

use super::build;

/// Options of `boggle-prep install`.
#[derive(Args)]
pub struct InstallArgs {
    /// The pack file (built with `boggle-prep build`).
    #[arg(required_unless_present = "recipe", conflicts_with = "recipe")]
    pack: Option<PathBuf>,
    /// Build the pack from a recipe's own word list (e.g. italian or it;
    /// `boggle-prep recipes` lists them) and install it, in one step.
    #[arg(long, short)]
    recipe: Option<String>,
    /// With --recipe: build from this list instead of the recipe's own.
    #[arg(long, short, requires = "recipe", value_name = "LIST")]
    input: Option<PathBuf>,
    /// With --recipe: the list's encoding when it is not UTF-8.
    #[arg(long, requires = "recipe")]
    encoding: Option<String>,
    /// With --recipe: how common each word is (default: the list the recipe
    /// names).
    #[command(flatten)]
    frequency: build::FrequencyArgs,
    /// The name to install it as (default: the file name without .pack;
    /// with --recipe, the language's code, e.g. it or pt-br).
    #[arg(long)]
    name: Option<String>,
    /// Replace an installed pack of the same name.
    #[arg(long)]
    force: bool,
}

/// Options of `boggle-prep uninstall`.
#[derive(Args)]
pub struct UninstallArgs {
    /// The pack's name.
    name: String,
}

/// The installed-pack directory from the environment.
fn pack_dir() -> Result<PackDir> {
    PackDir::from_env().ok_or_else(|| install_error(InstallError::NoDataDir))
}

/// Install errors that are the caller's to fix exit with status 2.
fn install_error(e: InstallError) -> anyhow::Error {
    match e {
        InstallError::Builtin(_) => usage_msg(format!(
            "{e}; choose another --name (or --force to install it anyway)"
        )),
        InstallError::Exists(_) => usage_msg(format!("{e}: pass --force to replace it")),
        InstallError::BadName(_) | InstallError::NotInstalled { .. } => usage(e),
        e => e.into(),
    }
}

/// `boggle-prep install PACK [--name NAME] [--force]`, or
/// `boggle-prep install --recipe NAME [--input LIST]`.
pub fn install(args: InstallArgs) -> Result<()> {
    let dir = pack_dir()?;
    let (installed, pack, name) = match (&args.pack, &args.recipe) {
        (Some(from), _) => {
            boggle_cli::named_file(from, "pack")?;
            let Some(name) = args.name.or_else(|| PackDir::default_name(from)) else {
                return Err(boggle_cli::usage_msg(format!(
                    "give a name for {} (--name)",
                    from.display()
                )));
            };
            let (installed, pack) = dir
                .install(from, &name, args.force)
                .map_err(install_error)?;
            (installed, pack, name)
        }
        (None, Some(recipe)) => {
            let recipe = Recipe::resolve(recipe).map_err(usage)?;
            let name = args
                .name
                .unwrap_or_else(|| recipe.language.code.to_ascii_lowercase());
            // Refuse before a build that could take a while, not after.
            dir.target(&name, args.force).map_err(install_error)?;
            let scratch = tempfile::tempdir()?;
            let frequencies = args.frequency.resolve(&recipe)?;
            let job = build::Job {
                recipe,
                input: args.input,
                output: scratch.path().join(format!("{name}.pack")),
                source_name: None,
                source_version: None,
                license: None,
                skip_invalid: false,
                encoding: args.encoding,
                allow_empty: false,
                frequencies,
                min_zipf: None,
            };
            let meta = build::build(&job)?;
            eprint!("{}", build::report(&meta, &format!("{name}.pack")));
            let (installed, pack) = dir
                .install(&job.output, &name, args.force)
                .map_err(install_error)?;
            (installed, pack, name)
        }
        (None, None) => return Err(boggle_cli::usage_msg("give a pack file or --recipe NAME")),
    };
    let hidden = prep::installed::is_builtin(&name);
    boggle_cli::print(format_args!(
        "installed {name} ({} words, {}, recipe {}) as {}\n{}\n",
        pack.len(),
        pack.recipe().language.name,
        pack.recipe().name,
        installed.path.display(),
        if hidden {
            format!("the built-in {name} comes first, so boggle --lang {name} does not use it; install it under another --name")
        } else {
            format!("use it with: boggle --lang {name} BOARD")
        }
    ))
    .with_context(|| {
        format!(
            "installed {name} as {}, but could not say so",
            installed.path.display()
        )
    })?;
    Ok(())
}

/// `boggle-prep uninstall NAME`.
pub fn uninstall(args: UninstallArgs) -> Result<()> {
    let dir = pack_dir()?;
    let path = dir.remove(&args.name).map_err(install_error)?;
    boggle_cli::print(format_args!("removed {} ({})\n", args.name, path.display())).with_context(
        || {
            format!(
                "removed {} ({}), but could not say so",
                args.name,
                path.display()
            )
        },
    )?;
    Ok(())
}
