//! `completions` and `man`, for both programs: shell completions and man
//! pages, generated from a command line's definition.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, CommandFactory};

/// Options of `PROGRAM completions`.
#[derive(Args, Clone, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Prints the completion script of the program `C` (called `name`) for the
/// shell.
pub fn completions<C: CommandFactory>(name: &str, args: &CompletionsArgs) -> Result<ExitCode> {
    // clap_complete panics on a failed write: it writes to memory here.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut C::command(), name, &mut script);
    crate::print_bytes(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// Options of `PROGRAM man`.
#[derive(Args, Clone, Debug)]
pub struct ManArgs {
    /// Write PROGRAM.1 and a page for each command (PROGRAM-COMMAND.1)
    /// into this directory instead of printing PROGRAM.1.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Prints the man page of the program `C`, or writes them all to a
/// directory.
pub fn man<C: CommandFactory>(args: &ManArgs) -> Result<ExitCode> {
    let cmd = C::command();
    match &args.dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("{}: cannot create the directory", dir.display()))?;
            clap_mangen::generate_to(cmd, dir)
                .with_context(|| format!("{}: cannot write the man pages", dir.display()))?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut page)?;
            crate::print_bytes(&page)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
