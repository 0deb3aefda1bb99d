//! `boggle completions` and `boggle man`: shell completions and man pages,
//! generated from the command line's definition.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, CommandFactory};

use crate::Cli;

/// Options of `boggle completions`.
#[derive(Args, Clone, Debug)]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Prints the completion script for the shell.
pub(crate) fn completions(args: &CompletionsArgs) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut Cli::command(), "boggle", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Options of `boggle man`.
#[derive(Args, Clone, Debug)]
pub(crate) struct ManArgs {
    /// Write boggle.1 and a page for each command (boggle-solve.1, …) into
    /// this directory instead of printing boggle.1.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Prints the man page, or writes them all to a directory.
pub(crate) fn man(args: &ManArgs) -> Result<ExitCode> {
    let cmd = Cli::command();
    match &args.dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            clap_mangen::generate_to(cmd, dir)
                .with_context(|| format!("writing man pages to {}", dir.display()))?;
        }
        None => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(cmd).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
