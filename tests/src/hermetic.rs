//! Programs under test run in an environment of their own, so that nothing
//! on the tester's machine changes a result: a pack installed with
//! `boggle-prep install` (read from `$XDG_DATA_HOME`), a `BOGGLE_*`
//! variable, a terminal's width or colour settings.
//!
//! [`hermetic`] gives a command empty data, config and cache directories
//! and an empty home (one set per test process, made on first use and
//! never written by a passing test), and removes every variable the
//! programs read. A test that wants one of them (an installed pack, a
//! width) sets it after this, on the same command.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The variables the toolkit's programs read, besides `BOGGLE_*` (and
/// `TERM`, kept: it only matters on a terminal, which a test that makes one
/// sets up on purpose).
const READ: [&str; 8] = [
    "HOME",
    "XDG_DATA_HOME",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "COLUMNS",
    "NO_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
];

/// This test process's empty home, with `data`, `config` and `cache` in it.
pub fn empty_home() -> &'static Path {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        // Kept after the process (a static is never dropped): a few empty
        // directories in the temporary directory.
        let dir = tempfile::Builder::new()
            .prefix("boggle-tests-home")
            .tempdir()
            .expect("a test home in the temporary directory")
            .keep();
        for sub in ["data", "config", "cache"] {
            std::fs::create_dir_all(dir.join(sub)).expect("a test home in the temporary directory");
        }
        dir
    })
}

/// `command` with the environment this module gives: every
/// variable the programs read removed, and `HOME`, `XDG_DATA_HOME`,
/// `XDG_CONFIG_HOME` and `XDG_CACHE_HOME` set to empty directories.
pub fn hermetic(command: &mut Command) -> &mut Command {
    for (name, _) in std::env::vars_os() {
        if name.to_str().is_some_and(|n| n.starts_with("BOGGLE_")) {
            command.env_remove(&name);
        }
    }
    for name in READ {
        command.env_remove(name);
    }
    let home = empty_home();
    command
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
}

/// A new command for `program`, made [`hermetic`].
pub fn command(program: impl AsRef<OsStr>) -> Command {
    let mut command = Command::new(program);
    hermetic(&mut command);
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_sees_none_of_the_testers_settings() {
        // `env` prints what the child gets, whatever this process has.
        let out = command("env").output().expect("env runs");
        let text = String::from_utf8(out.stdout).unwrap();
        let home = empty_home().display().to_string();
        assert!(
            text.contains(&format!("XDG_DATA_HOME={home}/data\n")),
            "{text}"
        );
        assert!(text.contains(&format!("HOME={home}\n")), "{text}");
        for line in text.lines() {
            assert!(!line.starts_with("BOGGLE_"), "{line}");
            assert!(
                !line.starts_with("COLUMNS=") && !line.starts_with("NO_COLOR="),
                "{line}"
            );
        }
        assert_eq!(
            std::fs::read_dir(home.clone() + "/data").unwrap().count(),
            0
        );
    }
}
