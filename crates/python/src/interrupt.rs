//! Long jobs without the GIL that still stop on Ctrl-C: the job runs on a
//! scoped thread with a cancel token of its own, and the calling thread
//! wakes every 100 ms, takes the GIL and asks Python whether a signal
//! arrived; if one did, it cancels the job's token, waits for the job to
//! wind down (they all stop within a fraction of a second, keeping what
//! they found) and hands back both the partial result and the signal's
//! exception. Each call has its own token, so a signal that stops one job
//! leaves every other running.

use std::time::Duration;

use job::Cancel;
use pyo3::prelude::*;

/// Runs `job(cancel)` without the GIL on a fresh cancel token; returns its
/// result and the exception a signal raised meanwhile, if one did.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    job: impl FnOnce(Cancel) -> T + Send,
) -> (T, Option<PyErr>) {
    let cancel = Cancel::new();
    py.detach(|| {
        std::thread::scope(|scope| {
            let token = cancel.clone();
            let handle = scope.spawn(move || job(token));
            let mut signal = None;
            while !handle.is_finished() {
                std::thread::sleep(Duration::from_millis(100));
                if signal.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        signal = Some(e);
                        cancel.cancel();
                    }
                }
            }
            match handle.join() {
                Ok(result) => (result, signal),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    })
}
