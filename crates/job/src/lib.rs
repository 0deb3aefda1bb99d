//! How every long job in the toolkit is run: counting paths, proving,
//! searching for the best board, solving a batch, building a pack.
//!
//! A job takes one [`Control`]:
//!
//! - **threads**: `None` for one per core, or a [`NonZeroUsize`], so a
//!   request for zero threads cannot be written;
//! - **cancel**: a [`Cancel`] token, a shared flag any thread (a signal
//!   handler, a UI's Stop button, a Python call that saw Ctrl-C) may set.
//!   Tokens are values, not process-wide statics: two jobs with their own
//!   tokens never stop each other. A cancelled job keeps what it found and
//!   says it was interrupted;
//! - **progress**: a callback `Fn(&R) + Sync`, called with the job's report
//!   type `R`. Most jobs report a [`Progress`] (units done, and in all when
//!   known); the best-board search reports its best board so far.
//!
//! ```
//! use job::{Cancel, Control, Progress};
//! use std::sync::atomic::{AtomicU64, Ordering};
//!
//! let seen = AtomicU64::new(0);
//! let report = |p: &Progress| seen.store(p.done, Ordering::Relaxed);
//! let control = Control {
//!     progress: Some(&report),
//!     ..Control::default()
//! };
//! // A job's loop:
//! for done in 1..=10 {
//!     if control.is_cancelled() {
//!         break;
//!     }
//!     control.report(&Progress { done, total: Some(10) });
//! }
//! assert_eq!(seen.load(Ordering::Relaxed), 10);
//!
//! // Another thread (or a signal handler) stops it through a clone.
//! let cancel = Cancel::new();
//! let control = Control::<Progress> { cancel: cancel.clone(), ..Control::default() };
//! cancel.cancel();
//! assert!(control.is_cancelled());
//! ```

#![deny(missing_docs)]

use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A cancel token: a flag shared by its clones. Setting it asks every job
/// holding a clone to stop at its next check.
#[derive(Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A new token, not cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the jobs holding this token (or a clone) to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether [`cancel`](Cancel::cancel) was called on this token or a
    /// clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for code that polls an [`AtomicBool`].
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cancel").field(&self.is_cancelled()).finish()
    }
}

/// How far a job has got: units of work done (parts, tasks, lines, bytes)
/// and, when the job knows it, how many there are in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Units done so far.
    pub done: u64,
    /// Units in all, when known.
    pub total: Option<u64>,
}

/// How to run a long job: its threads, its cancel token and where its
/// progress goes. `R` is what the job reports ([`Progress`] unless the job
/// says otherwise).
pub struct Control<'a, R = Progress> {
    /// Worker threads: `None` for one per core.
    pub threads: Option<NonZeroUsize>,
    /// Set to stop the job early; it then keeps what it found.
    pub cancel: Cancel,
    /// Called as the job goes, from any of its threads.
    pub progress: Option<&'a (dyn Fn(&R) + Sync)>,
}

impl<R> Default for Control<'_, R> {
    fn default() -> Self {
        Control {
            threads: None,
            cancel: Cancel::default(),
            progress: None,
        }
    }
}

impl<R> Clone for Control<'_, R> {
    fn clone(&self) -> Self {
        Control {
            threads: self.threads,
            cancel: self.cancel.clone(),
            progress: self.progress,
        }
    }
}

impl<R> fmt::Debug for Control<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Control")
            .field("threads", &self.threads)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl<'a, R> Control<'a, R> {
    /// A control with `threads` worker threads (`None`: one per core).
    pub fn with_threads(threads: Option<NonZeroUsize>) -> Self {
        Control {
            threads,
            ..Control::default()
        }
    }

    /// Whether the job has been asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// Hands `report` to the progress callback, if there is one.
    pub fn report(&self, report: &R) {
        if let Some(progress) = self.progress {
            progress(report);
        }
    }

    /// The number of worker threads the job runs: the one asked for, or the
    /// machine's cores.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            Some(n) => n.get(),
            None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        }
    }

    /// Runs `job` on a pool of the requested size (rayon's global pool, one
    /// thread per core, when `threads` is `None`), so that rayon's parallel
    /// iterators inside it use that many threads.
    #[cfg(feature = "pool")]
    pub fn install<T: Send>(&self, job: impl FnOnce() -> T + Send) -> Result<T, PoolError> {
        match self.threads {
            None => Ok(job()),
            Some(threads) => rayon::ThreadPoolBuilder::new()
                .num_threads(threads.get())
                .build()
                .map(|pool| pool.install(job))
                .map_err(|e| PoolError {
                    threads: threads.get(),
                    message: e.to_string(),
                }),
        }
    }
}

/// A pool of worker threads could not be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot start a pool of {threads} threads: {message}")]
pub struct PoolError {
    /// The threads asked for.
    pub threads: usize,
    /// What the system said.
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_independent_and_clones_share() {
        let (a, b) = (Cancel::new(), Cancel::new());
        let a2 = a.clone();
        a2.cancel();
        assert!(a.is_cancelled());
        assert!(!b.is_cancelled());
    }

    #[test]
    fn thread_count_is_the_request_or_the_cores() {
        let control = Control::<Progress>::with_threads(NonZeroUsize::new(3));
        assert_eq!(control.thread_count(), 3);
        assert!(Control::<Progress>::default().thread_count() >= 1);
    }

    #[cfg(feature = "pool")]
    #[test]
    fn install_runs_on_a_pool_of_that_size() {
        let control = Control::<Progress>::with_threads(NonZeroUsize::new(2));
        let n = control.install(rayon::current_num_threads).unwrap();
        assert_eq!(n, 2);
    }
}
