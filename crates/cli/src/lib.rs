//! What the `boggle` and `boggle-prep` programs share, written once: how a
//! run ends (exit codes as ripgrep has them: 0 success, 1 failure, 2 a usage
//! error; a closed pipe is success), command lines whose mistakes are one
//! line, the default thread count, and progress bars that show on a
//! terminal and stay quiet when piped. The libraries (`prep`, `solve`) know
//! nothing of any of this.

#![deny(missing_docs)]

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;
pub use indicatif::ProgressBar;
use indicatif::ProgressStyle;

/// A failure that is the caller's mistake (a bad option, board or name):
/// the program exits with status 2, as for a command-line error.
#[derive(Debug)]
pub struct Usage(pub anyhow::Error);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for Usage {}

/// Marks an error as a usage error (exit status 2).
pub fn usage(e: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(Usage(e.into()))
}

/// A usage error from a message.
pub fn usage_msg(message: impl std::fmt::Display) -> anyhow::Error {
    usage(anyhow::anyhow!("{message}"))
}

/// Parses the command line; a mistake in it is printed as one line
/// (`PROGRAM: error: …`) with exit status 2, while `--help` and `--version`
/// print as clap has them and exit 0.
pub fn parse<C: Parser>(program: &str) -> C {
    match C::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
                _ => {
                    eprintln!("{program}: {}", one_line(&e.to_string()));
                    std::process::exit(2)
                }
            }
        }
    }
}

/// A clap error message on one line: its lines up to the usage block (or
/// the hint to try `--help`), joined, without the `error: ` prefix.
fn one_line(message: &str) -> String {
    let kept: Vec<&str> = message
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    let joined = kept.join(" ");
    joined
        .strip_prefix("error: ")
        .unwrap_or(&joined)
        .to_string()
}

/// Ends a run: success, or the error on one line after `PROGRAM: ` with exit
/// status 2 for a [`Usage`] error and 1 for anything else. An error caused
/// by a closed pipe (`boggle … | head`) is a success.
pub fn finish(program: &str, result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{program}: {e:#}");
            if e.downcast_ref::<Usage>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .is_some_and(|e| e.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}

/// The thread count to use: the one asked for, else one per core.
pub fn threads(asked: Option<std::num::NonZeroUsize>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n.get(),
    )
}

/// `one` or `many` by `n`.
pub fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// A progress bar on standard error drawn with `template` (indicatif's
/// syntax) when standard error is a terminal; `None` when it is not, so
/// piped runs stay quiet.
pub fn bar(template: &str) -> Option<ProgressBar> {
    styled(ProgressBar::new(0), template, ProgressStyle::default_bar())
}

/// As [`bar`], for work of unknown length: a spinner.
pub fn spinner(template: &str) -> Option<ProgressBar> {
    styled(
        ProgressBar::new_spinner(),
        template,
        ProgressStyle::default_spinner(),
    )
}

fn styled(bar: ProgressBar, template: &str, fallback: ProgressStyle) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    bar.set_style(ProgressStyle::with_template(template).unwrap_or(fallback));
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_errors_fold_onto_one_line() {
        let message = "error: invalid value '0' for '--threads <N>': 0 is not in 1..\n\n\
                       For more information, try '--help'.\n";
        assert_eq!(
            one_line(message),
            "invalid value '0' for '--threads <N>': 0 is not in 1.."
        );
        let missing = "error: the following required arguments were not provided:\n  \
                       --size <SIZE>\n\nUsage: boggle count --size <SIZE>\n\n\
                       For more information, try '--help'.\n";
        assert_eq!(
            one_line(missing),
            "the following required arguments were not provided: --size <SIZE>"
        );
    }

    #[test]
    fn exit_codes() {
        assert_eq!(finish("t", Ok(ExitCode::SUCCESS)), ExitCode::SUCCESS);
        assert_eq!(finish("t", Err(usage_msg("bad option"))), ExitCode::from(2));
        assert_eq!(finish("t", Err(anyhow::anyhow!("io"))), ExitCode::FAILURE);
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(finish("t", Err(pipe.into())), ExitCode::SUCCESS);
        assert_eq!(plural(1, "word", "words"), "word");
        assert_eq!(plural(2, "word", "words"), "words");
    }
}
