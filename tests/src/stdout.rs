//! A program's standard output that fails: on a full disk (`/dev/full`) and
//! on a pipe whose reader has gone (`boggle … | head`). Neither may panic;
//! the first is a one-line error with exit status 1, the second a quiet
//! end with status 0, as ripgrep has them.

use std::fs::OpenOptions;
use std::process::{Command, Stdio};

/// The subcommands a program's `--help` lists (without `help`).
pub fn subcommands(program: &std::path::Path) -> Vec<String> {
    let out = crate::hermetic::command(program)
        .arg("--help")
        .output()
        .expect("run --help");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A command's line; a description's continuation is indented more.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Runs `make()` with standard output on `/dev/full`, then on a closed
/// pipe, and checks both ends; `what` names the case in a failure.
pub fn check_failing_stdout(make: impl Fn() -> Command, what: &str) {
    let full = OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    let out = make()
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{what} > /dev/full: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{what} > /dev/full: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    let last = lines.last().copied().unwrap_or_default();
    assert!(
        last.contains("cannot write to standard output: No space left on device"),
        "{what} > /dev/full: the last line of standard error says what failed: {stderr}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("(os error")),
        "{what} > /dev/full: {stderr}"
    );

    let mut child = make()
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    // The reader goes before the program writes: every write meets a
    // closed pipe.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{what} | (closed): {stderr}");
    assert!(
        !stderr.contains("Broken pipe"),
        "{what} | (closed): a closed pipe ends quietly: {stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{what} | (closed): {stderr}");
}
