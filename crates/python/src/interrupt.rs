//! Long jobs without the GIL that still stop on Ctrl-C: the job runs on a
//! scoped thread, and the calling thread wakes every 100 ms, takes the GIL
//! and asks Python whether a signal arrived; if one did, it sets the job's
//! cancel flag, waits for the job to wind down (they all stop within a
//! fraction of a second, keeping what they found) and hands back both the
//! partial result and the signal's exception.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::prelude::*;

/// Runs `job(cancel)` without the GIL; returns its result and the
/// exception a signal raised meanwhile, if one did.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    job: impl FnOnce(&AtomicBool) -> T + Send,
) -> (T, Option<PyErr>) {
    cancel.store(false, Ordering::SeqCst);
    py.detach(|| {
        std::thread::scope(|scope| {
            let handle = scope.spawn(|| job(cancel));
            let mut signal = None;
            while !handle.is_finished() {
                std::thread::sleep(Duration::from_millis(100));
                if signal.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        signal = Some(e);
                        cancel.store(true, Ordering::SeqCst);
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
