//! Batch solving: boards one a line in, one NDJSON record a board out, in
//! input order, on as many threads as asked, in constant memory.
//!
//! # Output records (NDJSON, one a line)
//!
//! - A solved board: `{"line":N,"board":"oatr ihps htnr enei","score":187,"word_count":117}`
//!   (`board` is the line as given, trimmed);
//!   with `words` on, also `"words":[{"word":..,"score":..,"len":..,"path":[[r,c],..]},..]`.
//! - A line that is not a board: `{"line":N,"input":"ab1d","error":"row 1, column 3 …"}`.
//!
//! `line` counts from 1 and includes blank lines, which produce no record.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::board::FaceRules;
use crate::search::{FoundWord, Solver};

/// Lines read and solved per round; bounds memory whatever the input size.
const CHUNK: usize = 16_384;
/// Lines a worker takes at a time.
const GRAIN: usize = 64;

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
struct ErrorRecord<'a> {
    line: u64,
    input: &'a str,
    error: String,
}

struct Done {
    text: Vec<u8>,
    score: u64,
    words: u64,
    error: bool,
}

/// Solves every board read from `input`, writing one record a board to
/// `output`. `solvers` holds one solver a thread (all for the same pack and
/// rules; warm them up first); `progress` is called with the lines done.
pub fn run(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    faces: &FaceRules,
    solvers: &mut [Solver],
    with_words: bool,
    progress: &mut dyn FnMut(u64),
) -> std::io::Result<BatchReport> {
    let mut report = BatchReport::default();
    let mut lines: Vec<String> = Vec::with_capacity(CHUNK);
    let mut first_line = 1u64;
    let mut done: Vec<Option<Done>> = Vec::with_capacity(CHUNK);
    loop {
        lines.clear();
        for _ in 0..CHUNK {
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                break;
            }
            lines.push(line);
        }
        if lines.is_empty() {
            break;
        }
        done.clear();
        done.resize_with(lines.len(), || None);
        solve_chunk(&lines, first_line, faces, solvers, with_words, &mut done);
        for d in done.iter().flatten() {
            output.write_all(&d.text)?;
            if d.error {
                report.errors += 1;
            } else {
                report.boards += 1;
                report.total_score += d.score;
                report.total_words += d.words;
            }
        }
        first_line += lines.len() as u64;
        progress(first_line - 1);
    }
    output.flush()?;
    Ok(report)
}

fn solve_chunk(
    lines: &[String],
    first_line: u64,
    faces: &FaceRules,
    solvers: &mut [Solver],
    with_words: bool,
    done: &mut [Option<Done>],
) {
    let next = AtomicUsize::new(0);
    let work = |solver: &mut Solver| {
        let mut mine = Vec::new();
        loop {
            let start = next.fetch_add(GRAIN, Ordering::Relaxed);
            if start >= lines.len() {
                break;
            }
            for (i, line) in lines.iter().enumerate().skip(start).take(GRAIN) {
                let line_no = first_line + i as u64;
                if let Some(d) = solve_line(line, line_no, faces, solver, with_words) {
                    mine.push((i, d));
                }
            }
        }
        mine
    };
    let results: Vec<Vec<(usize, Done)>> = if solvers.len() <= 1 {
        solvers.iter_mut().map(work).collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = solvers
                .iter_mut()
                .map(|s| scope.spawn(|| work(s)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        })
    };
    for (i, d) in results.into_iter().flatten() {
        done[i] = Some(d);
    }
}

fn solve_line(
    line: &str,
    line_no: u64,
    faces: &FaceRules,
    solver: &mut Solver,
    with_words: bool,
) -> Option<Done> {
    let text = line.trim();
    if text.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(96);
    let board = match faces.parse(text) {
        Ok(b) => b,
        Err(e) => {
            let rec = ErrorRecord {
                line: line_no,
                input: text,
                error: e.to_string(),
            };
            let _ = serde_json::to_writer(&mut out, &rec);
            out.push(b'\n');
            return Some(Done {
                text: out,
                score: 0,
                words: 0,
                error: true,
            });
        }
    };
    let (score, words) = if with_words {
        let solution = solver.solve(&board);
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
        let tally = solver.tally(&board);
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
