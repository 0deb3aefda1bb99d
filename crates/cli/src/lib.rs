//! What the `boggle` and `boggle-prep` programs share, written once: how a
//! run ends (exit codes as ripgrep has them: 0 success, 1 failure, 2 a usage
//! error; a closed pipe is success), command lines whose mistakes are one
//! line, the default thread count, progress bars that show on a terminal
//! and stay quiet when piped, and the `completions` and `man` commands.
//! The libraries (`prep`, `solve`) know nothing of any of this.

#![deny(missing_docs)]

pub mod docs;
mod stdout;

pub use stdout::{print, print_bytes, stdout, Stdout};

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{LazyLock, OnceLock};
use std::time::Instant;

use clap::Parser;
pub use indicatif::ProgressBar;
use indicatif::ProgressStyle;
use job::{Cancel, Control};

/// The version every program shows (`--version`): the workspace's, which
/// the Python and npm packages share, and the commit it was built from
/// when known (`0.1.0 (624c260abcde)`; see build.rs).
pub const VERSION: &str = env!("BOGGLE_VERSION");

/// The exit statuses of both programs, as `--help` ends with them: the one
/// table [`finish`] keeps.
pub const EXIT_STATUS: &str = "\
Exit status:
  0    success; also when the reader of standard output goes away (`| head`)
  1    a failure: a file that cannot be read or holds bad data (a damaged pack, a
       word list that is not UTF-8), a full disk; `boggle batch` when a line is
       not a board; `boggle prove` when the result is not a proof (a shard missing)
  2    a usage error: a bad option, board or size, an unknown name (a language,
       dice set, scoring scheme or recipe), a missing file
  130  interrupted by Ctrl-C or SIGTERM: what was found so far is kept, and said";

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

/// A run stopped by SIGINT or SIGTERM, with what it says about the work it
/// did (or did not) finish: exit status 130.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

/// Marks an error as a usage error (exit status 2).
pub fn usage(e: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(Usage(e.into()))
}

/// A usage error from a message.
pub fn usage_msg(message: impl std::fmt::Display) -> anyhow::Error {
    usage(anyhow::anyhow!("{message}"))
}

/// `path`, a file of `kind` (`pack`, `board`, `word list`) named on the
/// command line, if it is one: a missing file or a directory is a usage
/// error worded the same for every kind (`x.pack: no such pack file`).
pub fn named_file<'p>(
    path: &'p std::path::Path,
    kind: &str,
) -> anyhow::Result<&'p std::path::Path> {
    if path.is_dir() {
        return Err(usage_msg(format!(
            "{}: is a directory, not a {kind} file",
            path.display()
        )));
    }
    if !path.exists() {
        return Err(usage_msg(format!(
            "{}: no such {kind} file",
            path.display()
        )));
    }
    Ok(path)
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
/// status 2 for a [`Usage`] error, 130 for [`Interrupted`] and 1 for
/// anything else. An error caused
/// by a closed pipe (`boggle … | head`) is a success.
pub fn finish(program: &str, result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{program}: {}", message(&e));
            if e.downcast_ref::<Interrupted>().is_some() {
                ExitCode::from(INTERRUPTED_EXIT)
            } else if e.downcast_ref::<Usage>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// An error and its causes on one line, each cause once: a cause whose
/// text the message already holds (an error that prints its own source, as
/// `path: No such file or directory` does) is not repeated.
pub fn message(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = match cause.downcast_ref::<Usage>() {
            Some(usage) => message(&usage.0),
            None => prep::without_os_code(&cause.to_string()),
        };
        if text.is_empty() || out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .is_some_and(|e| e.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}

/// Cancelled by the first SIGINT or SIGTERM once [`catch_interrupts`] has
/// run: the program's one process-wide cancel token.
static INTERRUPTED: LazyLock<Cancel> = LazyLock::new(Cancel::new);

/// When the first signal came, in milliseconds since [`catch_interrupts`].
static FIRST_SIGNAL_MS: AtomicU64 = AtomicU64::new(0);

/// How many [`Flushing`] guards are alive.
static FLUSHING: AtomicUsize = AtomicUsize::new(0);

/// When [`catch_interrupts`] ran.
static CAUGHT_AT: OnceLock<Instant> = OnceLock::new();

/// Signals this soon after the first are the same interrupt: `timeout -s
/// INT` and a terminal both signal the process and then its group, so one
/// Ctrl-C often arrives twice.
const SAME_INTERRUPT_MS: u64 = 1000;

/// The exit status of a run stopped by SIGINT or SIGTERM (128 + 2, as a
/// shell reports Ctrl-C).
pub const INTERRUPTED_EXIT: u8 = 130;

/// Catches SIGINT and SIGTERM: the first sets the flag [`interrupted`]
/// returns, so a long job can stop, keep what it found and say so. Later
/// ones are ignored for a second (the same Ctrl-C sent to the process and
/// its group) and for as long as a [`Flushing`] guard is alive, so what was
/// found is written whole; after that another one ends the process at once
/// (exit 130), for a job that does not stop. Without it the signals kill
/// the process as usual.
pub fn catch_interrupts() {
    let started = *CAUGHT_AT.get_or_init(Instant::now);
    let _ = ctrlc::set_handler(move || {
        let now = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        if !INTERRUPTED.flag().swap(true, Ordering::SeqCst) {
            FIRST_SIGNAL_MS.store(now, Ordering::SeqCst);
            return;
        }
        let first = FIRST_SIGNAL_MS.load(Ordering::SeqCst);
        if FLUSHING.load(Ordering::SeqCst) > 0 || now.saturating_sub(first) < SAME_INTERRUPT_MS {
            return;
        }
        std::process::exit(i32::from(INTERRUPTED_EXIT));
    });
}

/// While alive, a second SIGINT or SIGTERM does not end the process (see
/// [`catch_interrupts`]): hold one while writing what a stopped job found.
#[must_use = "the guard protects the writes only while it is alive"]
pub struct Flushing(());

impl Flushing {
    /// Starts protecting the writes that follow.
    pub fn start() -> Flushing {
        FLUSHING.fetch_add(1, Ordering::SeqCst);
        Flushing(())
    }
}

impl Drop for Flushing {
    fn drop(&mut self) {
        FLUSHING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The cancel token the first SIGINT or SIGTERM cancels (see
/// [`catch_interrupts`]), to hand to the libraries' long jobs.
pub fn interrupted() -> Cancel {
    INTERRUPTED.clone()
}

/// The control for a long job of the program: `threads` (`None`: one per
/// core), cancelled by the first SIGINT or SIGTERM, no progress callback.
pub fn control<'a, R>(threads: Option<std::num::NonZeroUsize>) -> Control<'a, R> {
    Control {
        threads,
        cancel: interrupted(),
        progress: None,
    }
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
    fn each_cause_once() {
        #[derive(Debug)]
        struct Wrapper(io::Error);
        impl std::fmt::Display for Wrapper {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "x.pack: {}", self.0)
            }
        }
        impl std::error::Error for Wrapper {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                Some(&self.0)
            }
        }
        let e = anyhow::Error::new(Wrapper(io::Error::from(io::ErrorKind::NotFound)));
        assert_eq!(message(&e), "x.pack: entity not found");
        let e = usage(anyhow::anyhow!("bad size").context("--size"));
        assert_eq!(message(&e), "--size: bad size");
        let e = anyhow::Error::new(io::Error::from_raw_os_error(2)).context("x.txt");
        assert_eq!(message(&e), "x.txt: No such file or directory");
        assert_eq!(
            prep::without_os_code("a (os error 2): b (os error x) c"),
            "a: b (os error x) c"
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

#[cfg(test)]
mod version_tests {
    use super::VERSION;

    /// The workspace's version, then the commit (twelve hex digits) when
    /// the programs were built from a git checkout: this one's HEAD.
    #[test]
    fn version_is_the_workspace_s_and_the_commit() {
        let (number, commit) = match VERSION.split_once(' ') {
            Some((n, c)) => (n, Some(c)),
            None => (VERSION, None),
        };
        assert_eq!(number, env!("CARGO_PKG_VERSION"));
        let head = std::process::Command::new("git")
            .args(["rev-parse", "--short=12", "HEAD"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8(o.stdout).unwrap().trim().to_owned());
        match head {
            Some(head) => assert_eq!(commit, Some(format!("({head})").as_str()), "{VERSION}"),
            None => assert!(
                commit.map_or(true, |c| c.len() == 14
                    && c[1..13].bytes().all(|b| b.is_ascii_hexdigit())),
                "{VERSION}"
            ),
        }
    }
}
