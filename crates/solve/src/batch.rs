//! Batch solving: boards one a line in, one NDJSON record a board out, in
//! input order, on as many threads as asked, in constant memory.
//!
//! # Output records (NDJSON, one a line)
//!
//! - A solved board: `{"line":N,"board":"oatr ihps htnr enei","score":187,"word_count":117}`
//!   (`board` is the line as given, trimmed);
//!   with `words` on, also `"words":[{"word":..,"score":..,"len":..,"path":[[r,c],..]},..]`.
//! - A line that is not a board: `{"line":N,"input":"ab1d","error":"row 1, column 3 …"}`.
//!   That includes a line that is not UTF-8 and a line longer than
//!   [`MAX_LINE`] bytes. `input` echoes at most the first
//!   [`ECHO_CHARS`] characters (invalid bytes shown as `\u{fffd}`), with
//!   `…` and `"input_bytes":N`, the line's length, when it is cut.
//!
//! `#` starts a comment, to the end of the line, as in a dice file; a blank
//! or comment line produces no record. `line` counts from 1 and includes
//! those lines.
//! Every line gets its record, in input order, whatever the lines before it
//! held. Memory is bounded: a round reads at most [`CHUNK`] lines or
//! [`CHUNK_BYTES`] bytes, and a line's bytes past [`MAX_LINE`] are not kept.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use grid::Size;
use job::{Control, Progress};
use serde::Serialize;

use crate::board::{Board, FaceRules};
use crate::error::{BoardError, LexiconError};
use crate::search::{FoundWord, Solver, Tally};

/// Lines read and solved per round, at most.
pub const CHUNK: usize = 16_384;
/// Bytes read per round, at most (the line that crosses it ends the round).
pub const CHUNK_BYTES: usize = 16 << 20;
/// The longest line taken as a board (a 1000x1000 board with separators is
/// about 1 MB); a longer line is an error record, and only its first bytes
/// are kept.
pub const MAX_LINE: usize = 4 << 20;
/// How many characters of a bad line an error record echoes.
pub const ECHO_CHARS: usize = 80;
/// Lines a worker takes at a time.
const GRAIN: usize = 64;

/// How a batch run reads and reports its boards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchOptions {
    /// Each record lists its words with their scores and paths.
    pub words: bool,
    /// Every board has this size: a line of one run of cells is cut into
    /// its rows (see [`FaceRules::parse_sized`]).
    pub size: Option<Size>,
}

/// What a batch run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchReport {
    /// Boards solved.
    pub boards: u64,
    /// Lines that were not boards.
    pub errors: u64,
    /// Sum of all boards' scores.
    pub total_score: u64,
    /// Sum of all boards' word counts.
    pub total_words: u64,
    /// Lines read (blank ones included).
    pub lines: u64,
    /// The first line that was not a board.
    pub first_error: Option<u64>,
    /// Whether a cancel stopped the run (every line read before it has its
    /// record).
    pub interrupted: bool,
}

#[derive(Serialize)]
struct Record<'a> {
    line: u64,
    board: &'a str,
    score: u64,
    word_count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    words: Option<&'a [FoundWord]>,
}

#[derive(Serialize)]
struct ErrorRecord {
    line: u64,
    input: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_bytes: Option<usize>,
    error: String,
}

/// One line as read: its first bytes (up to [`MAX_LINE`]) and its length.
struct Line {
    bytes: Vec<u8>,
    len: usize,
}

struct Done {
    text: Vec<u8>,
    score: u64,
    words: u64,
    error: bool,
}

/// Solves every board read from `input`, writing one record a board to
/// `output`, with a copy of `solver` (warm it up first) on each of the
/// control's threads. Progress is the lines done; when the control is
/// cancelled the run stops after the round it is in, with every record of
/// that round written.
pub fn run(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    faces: &FaceRules,
    solver: &Solver,
    options: BatchOptions,
    control: &Control<'_>,
) -> std::io::Result<BatchReport> {
    let mut solvers = vec![solver.clone(); control.thread_count()];
    let solvers = &mut solvers[..];
    let mut report = BatchReport::default();
    let mut lines: Vec<Line> = Vec::with_capacity(CHUNK);
    let mut first_line = 1u64;
    let mut done: Vec<Option<Done>> = Vec::with_capacity(CHUNK);
    loop {
        if control.is_cancelled() {
            report.interrupted = true;
            break;
        }
        lines.clear();
        let mut bytes = 0;
        while lines.len() < CHUNK && bytes < CHUNK_BYTES {
            let mut line = Line {
                bytes: Vec::new(),
                len: 0,
            };
            if !read_line(input, &mut line)? {
                break;
            }
            if first_line == 1 && lines.is_empty() && line.bytes.starts_with(BOM) {
                // A byte-order mark is not part of the first board.
                line.bytes.drain(..BOM.len());
                line.len -= BOM.len();
            }
            bytes += line.bytes.len();
            lines.push(line);
        }
        if lines.is_empty() {
            break;
        }
        done.clear();
        done.resize_with(lines.len(), || None);
        solve_chunk(&lines, first_line, faces, solvers, options, &mut done);
        for (i, d) in done.iter().enumerate() {
            let Some(d) = d else { continue };
            output.write_all(&d.text)?;
            if d.error {
                report.errors += 1;
                report.first_error.get_or_insert(first_line + i as u64);
            } else {
                report.boards += 1;
                report.total_score += d.score;
                report.total_words += d.words;
            }
        }
        first_line += lines.len() as u64;
        report.lines = first_line - 1;
        control.report(&Progress {
            done: report.lines,
            total: None,
        });
    }
    output.flush()?;
    Ok(report)
}

/// UTF-8's byte-order mark, which some editors put at the start of a file.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// Reads one line (without its `\n`) into `line`, keeping at most
/// [`MAX_LINE`] of its bytes and counting them all; false at the end.
fn read_line(input: &mut dyn BufRead, line: &mut Line) -> std::io::Result<bool> {
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (take, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.bytes.len());
        line.bytes.extend_from_slice(&buf[..take.min(room)]);
        line.len += take;
        input.consume(take + usize::from(end));
        if end {
            return Ok(true);
        }
    }
}

fn solve_chunk(
    lines: &[Line],
    first_line: u64,
    faces: &FaceRules,
    solvers: &mut [Solver],
    options: BatchOptions,
    done: &mut [Option<Done>],
) {
    let results = in_parallel(lines.len(), solvers, |i, solver| {
        solve_line(&lines[i], first_line + i as u64, faces, solver, options)
    });
    for (i, d) in results {
        done[i] = Some(d);
    }
}

/// Runs `f(i, solver)` for every `i` in `0..n`, one thread a solver, the
/// threads taking runs of [`GRAIN`] in turn; the `Some` results with their
/// index, in no particular order.
fn in_parallel<T: Send>(
    n: usize,
    solvers: &mut [Solver],
    f: impl Fn(usize, &mut Solver) -> Option<T> + Sync,
) -> Vec<(usize, T)> {
    let next = AtomicUsize::new(0);
    let work = |solver: &mut Solver| {
        let mut mine = Vec::new();
        loop {
            let start = next.fetch_add(GRAIN, Ordering::Relaxed);
            if start >= n {
                break;
            }
            for i in start..(start + GRAIN).min(n) {
                if let Some(t) = f(i, solver) {
                    mine.push((i, t));
                }
            }
        }
        mine
    };
    if solvers.len() <= 1 {
        return solvers.iter_mut().flat_map(work).collect();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = solvers
            .iter_mut()
            .map(|s| scope.spawn(|| work(s)))
            .collect();
        handles
            .into_iter()
            // A worker's panic is a bug: let it surface rather than lose
            // (and, in tally_texts, misalign) that worker's results.
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// A board's text read under `faces` (in `size`, if given), and checked
/// against the solver's bonus grid.
fn read_board(
    text: &str,
    size: Option<Size>,
    faces: &FaceRules,
    solver: &Solver,
) -> Result<Board, BoardError> {
    let board = faces.parse_sized(text, size)?;
    if let Some(bonus) = &solver.rules().bonus {
        if !bonus.fits(board.rows(), board.cols()) {
            return Err(BoardError::Bonus {
                bonus_rows: bonus.rows(),
                bonus_cols: bonus.cols(),
                rows: board.rows(),
                cols: board.cols(),
            });
        }
    }
    Ok(board)
}

/// Why a board of [`tally_texts`] has no tally.
#[derive(Debug, thiserror::Error)]
pub enum TallyError {
    /// The text is not a board (or does not fit the bonus grid).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The pack failed a check on a state this board reached.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
}

/// Scores boards given as text (each of `size`, if given), on one solver a
/// thread (all for the same pack and rules; warm them up first): each
/// board's tally or why it has none, in input order. A blank text is an
/// error ([`BoardError`]), not skipped, so that results line up with the
/// texts.
pub fn tally_texts<S: AsRef<str> + Sync>(
    texts: &[S],
    size: Option<Size>,
    faces: &FaceRules,
    solvers: &mut [Solver],
) -> Vec<Result<Tally, TallyError>> {
    let one = |text: &str, solver: &mut Solver| -> Result<Tally, TallyError> {
        let board = read_board(text, size, faces, solver)?;
        Ok(solver.tally(&board)?)
    };
    let mut out: Vec<Option<Result<Tally, TallyError>>> = Vec::new();
    out.resize_with(texts.len(), || None);
    for (i, r) in in_parallel(texts.len(), solvers, |i, s| Some(one(texts[i].as_ref(), s))) {
        out[i] = Some(r);
    }
    out.into_iter().flatten().collect()
}

fn solve_line(
    line: &Line,
    line_no: u64,
    faces: &FaceRules,
    solver: &mut Solver,
    options: BatchOptions,
) -> Option<Done> {
    let mut out = Vec::with_capacity(96);
    let error = |out: &mut Vec<u8>, text: &str, message: String| {
        let trimmed = text.trim();
        let cut = trimmed.chars().count() > ECHO_CHARS || line.len > line.bytes.len();
        let mut input: String = trimmed.chars().take(ECHO_CHARS).collect();
        if cut {
            input.push('…');
        }
        let rec = ErrorRecord {
            line: line_no,
            input,
            input_bytes: cut.then_some(line.len),
            error: message,
        };
        let _ = serde_json::to_writer(&mut *out, &rec);
        out.push(b'\n');
        Done {
            text: std::mem::take(out),
            score: 0,
            words: 0,
            error: true,
        }
    };
    let raw = line.bytes.strip_suffix(b"\r").unwrap_or(&line.bytes);
    if line.len > MAX_LINE {
        let text = String::from_utf8_lossy(&raw[..raw.len().min(4 * ECHO_CHARS)]);
        let message = format!(
            "a line of {} bytes; a batch line holds at most {MAX_LINE} (solve a bigger board on its own)",
            line.len
        );
        return Some(error(&mut out, &text, message));
    }
    let text = match std::str::from_utf8(raw) {
        Ok(text) => text,
        Err(e) => {
            let text = String::from_utf8_lossy(raw);
            let message = format!("not valid UTF-8 (byte {} of the line)", e.valid_up_to() + 1);
            return Some(error(&mut out, &text, message));
        }
    };
    let text = text.split('#').next().unwrap_or_default().trim();
    if text.is_empty() {
        return None;
    }
    let board = match read_board(text, options.size, faces, solver) {
        Ok(b) => b,
        Err(e) => return Some(error(&mut out, text, e.to_string())),
    };
    let (score, words) = if options.words {
        let solution = match solver.solve(&board) {
            Ok(solution) => solution,
            Err(e) => return Some(error(&mut out, text, e.to_string())),
        };
        let rec = Record {
            line: line_no,
            board: text,
            score: solution.score,
            word_count: solution.word_count as u64,
            words: Some(&solution.words),
        };
        let _ = serde_json::to_writer(&mut out, &rec);
        (solution.score, solution.word_count as u64)
    } else {
        let tally = match solver.tally(&board) {
            Ok(tally) => tally,
            Err(e) => return Some(error(&mut out, text, e.to_string())),
        };
        let rec = Record {
            line: line_no,
            board: text,
            score: tally.score,
            word_count: tally.words,
            words: None,
        };
        let _ = serde_json::to_writer(&mut out, &rec);
        (tally.score, tally.words)
    };
    out.push(b'\n');
    Some(Done {
        text: out,
        score,
        words,
        error: false,
    })
}
