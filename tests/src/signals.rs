//! Signalling a child process once it can hear the signal.
//!
//! A test that interrupts a job by sleeping a while and then sending SIGINT
//! races the job's start: on a loaded machine the signal can arrive before
//! the program has installed its handler, and the default action ends the
//! process with no exit code at all. [`interrupt`] waits until the kernel
//! says the process catches the signal (`SigCgt` in `/proc/<pid>/status`)
//! before it sends it.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// How long a child may take to install its handlers before the test fails.
const READY_WITHIN: Duration = Duration::from_secs(60);

/// Sends `signal` (`"INT"` or `"TERM"`) to `child`, first waiting until the
/// child catches it. Panics if the child never does within a minute, or
/// ends before it does, or if `kill` fails.
pub fn interrupt(child: &Child, signal: &str) {
    wait_until_caught(child, signal);
    send(child, signal);
}

/// Sends `signal` to `child` at once, as a second signal after
/// [`interrupt`] is sent (the child may be ending by then).
pub fn send(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{signal} {}", child.id());
}

/// Waits until `child` has a handler for `signal` (`"INT"` or `"TERM"`).
pub fn wait_until_caught(child: &Child, signal: &str) {
    let number = match signal {
        "INT" => 2,
        "TERM" => 15,
        other => panic!("no signal number known for {other}"),
    };
    let status = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    loop {
        let text = std::fs::read_to_string(&status).unwrap_or_else(|e| {
            panic!("{status}: {e} (the child ended before it caught SIG{signal})")
        });
        if catches(&text, number) {
            return;
        }
        assert!(
            started.elapsed() < READY_WITHIN,
            "the child did not catch SIG{signal} within {READY_WITHIN:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether a `/proc/<pid>/status` text lists signal `number` as caught: the
/// `SigCgt` line is a hexadecimal mask with bit `number - 1` for it.
fn catches(status: &str, number: u32) -> bool {
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (number - 1)) != 0)
}

#[cfg(test)]
mod tests {
    use super::catches;

    #[test]
    fn reads_the_caught_mask() {
        let status = "Name:\tboggle\nSigIgn:\t0000000000001000\nSigCgt:\t0000000000004002\n";
        assert!(catches(status, 2));
        assert!(catches(status, 15));
        assert!(!catches(status, 13), "SIGPIPE is ignored, not caught");
        assert!(!catches("Name:\tboggle\n", 2));
    }
}
