//! `boggle-prep install` and `uninstall`: packs in the user's data directory.

use std::path::PathBuf;

use anyhow::Result;
use boggle_cli::usage;
use clap::Args;
use prep::{InstallError, PackDir};

/// Options of `boggle-prep install`.
#[derive(Args)]
pub struct InstallArgs {
    /// The pack file (built with `boggle-prep build`).
    pack: PathBuf,
    /// The name to install it as (default: the file name without .pack).
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
        InstallError::BadName(_)
        | InstallError::Builtin(_)
        | InstallError::Exists(_)
        | InstallError::NotInstalled { .. } => usage(e),
        e => e.into(),
    }
}

/// `boggle-prep install PACK [--name NAME] [--force]`.
pub fn install(args: InstallArgs) -> Result<()> {
    let dir = pack_dir()?;
    let from = &args.pack;
    let Some(name) = args.name.or_else(|| PackDir::default_name(from)) else {
        return Err(boggle_cli::usage_msg(format!(
            "give a name for {} (--name)",
            from.display()
        )));
    };
    let (installed, pack) = dir
        .install(from, &name, args.force)
        .map_err(install_error)?;
    let hidden = prep::BUILTIN_NAMES
        .iter()
        .any(|b| b.eq_ignore_ascii_case(&name));
    println!(
        "installed {name} ({} words, {}, recipe {}) as {}\n{}",
        pack.len(),
        pack.recipe().language.name,
        pack.recipe().name,
        installed.path.display(),
        if hidden {
            format!("the built-in {name} comes first, so boggle --lang {name} does not use it; install it under another --name")
        } else {
            format!("use it with: boggle --lang {name} BOARD")
        }
    );
    Ok(())
}

/// `boggle-prep uninstall NAME`.
pub fn uninstall(args: UninstallArgs) -> Result<()> {
    let dir = pack_dir()?;
    let path = dir.remove(&args.name).map_err(install_error)?;
    println!("removed {} ({})", args.name, path.display());
    Ok(())
}
