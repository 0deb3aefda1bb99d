//! Standard output, the one way both programs write it.
//!
//! The `print!` macros panic when a write fails (a full disk, a closed
//! pipe), and a `BufWriter` dropped unflushed loses the error. [`Stdout`]
//! returns every failure as an [`io::Error`] that keeps its kind (so
//! [`finish`](crate::finish) ends a closed pipe quietly with status 0, as
//! ripgrep does) and says where it happened (`cannot write to standard
//! output: No space left on device`, status 1); [`Stdout::done`] flushes and
//! reports.

use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered, locked standard output whose errors say they are standard
/// output's. Call [`Stdout::done`] at the end: dropping it unflushed would
/// lose the last error.
#[must_use = "call done() so that a failed last write is reported"]
pub struct Stdout {
    inner: BufWriter<StdoutLock<'static>>,
}

/// Standard output for a command's results (see [`Stdout`]).
pub fn stdout() -> Stdout {
    Stdout {
        inner: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
    }
}

/// Writes `text` to standard output (see [`Stdout`]): `print!`, without
/// the panic.
pub fn print(text: impl fmt::Display) -> io::Result<()> {
    let mut out = stdout();
    write!(out, "{text}")?;
    out.done()
}

/// Writes `bytes` made elsewhere (a completion script, a man page) to
/// standard output, all at once.
pub fn print_bytes(bytes: &[u8]) -> io::Result<()> {
    let mut out = stdout();
    out.write_all(bytes)?;
    out.done()
}

impl Stdout {
    /// Flushes what is buffered: the last chance to see a write fail.
    pub fn done(mut self) -> io::Result<()> {
        self.flush()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(on_stdout)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(on_stdout)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(on_stdout)
    }
}

/// A failed write to standard output, as its cause.
#[derive(Debug)]
struct WriteError(io::Error);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// The error of a write to standard output, of the same kind, saying so
/// (once: an error already marked is passed on as it is).
fn on_stdout(e: io::Error) -> io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<WriteError>()) {
        return e;
    }
    io::Error::new(e.kind(), WriteError(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_keep_their_kind_and_say_where() {
        let e = on_stdout(io::Error::from_raw_os_error(28));
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        let text = crate::message(&anyhow::Error::new(e));
        assert_eq!(
            text,
            "cannot write to standard output: No space left on device"
        );
        let pipe = on_stdout(on_stdout(io::Error::from(io::ErrorKind::BrokenPipe)));
        assert_eq!(pipe.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(
            crate::finish("t", Err(pipe.into())),
            std::process::ExitCode::SUCCESS
        );
    }
}
