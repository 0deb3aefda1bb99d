//! Solo rounds judged by the library. The page opens a round on a board
//! ([`play_open`]: solved once and kept here, with the player's words),
//! sends each try ([`play_try`]) and ends it ([`play_end`]). What a try
//! comes to, the words that say why, and which words the target counts are
//! `solve::game`'s, as for the room server's rounds: the page keeps the
//! clock, the screens and the input, and judges nothing.

use std::cell::RefCell;

use solve::game::{Counted, Found, Judge, Round, Verdict};

use crate::api::{PlayEnd, PlayEnded, PlayOpen, PlayRound, PlayTry, Tried};
use crate::{call, request, solution_answer, solved};

/// An open round: its judge, its target and the player's words.
struct Open {
    id: u32,
    judge: Judge,
    counted: Counted,
    found: Found,
}

/// The open rounds, newest last, and the last number given.
#[derive(Default)]
struct Rounds {
    open: Vec<Open>,
    last: u32,
}

/// The most rounds kept open: a page plays one at a time, so an older one
/// is a round it left without ending.
const KEEP: usize = 4;

thread_local! {
    static ROUNDS: RefCell<Rounds> = RefCell::new(Rounds::default());
}

/// Opens a solo round: answers [`PlayRound`].
///
/// # Safety
/// As for every call: a buffer from [`alloc`](crate::alloc).
#[no_mangle]
pub unsafe extern "C" fn play_open(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, open)
}

/// Judges a try on an open round: answers [`Tried`].
///
/// # Safety
/// As for every call: a buffer from [`alloc`](crate::alloc).
#[no_mangle]
pub unsafe extern "C" fn play_try(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, judge)
}

/// Ends an open round: answers [`PlayEnded`], and forgets the round.
///
/// # Safety
/// As for every call: a buffer from [`alloc`](crate::alloc).
#[no_mangle]
pub unsafe extern "C" fn play_end(ptr: *const u8, len: usize) -> u64 {
    call(ptr, len, end)
}

pub(crate) fn open(bytes: &[u8]) -> Result<PlayRound, String> {
    let req: PlayOpen = request(bytes)?;
    let counted = req.counted.unwrap_or_default();
    let solved = solved(&req.solve)?;
    let solution = solution_answer(&solved);
    let round = Round {
        board: solved.board,
        faces: solved.faces,
        rules: solved.rules,
        seed: 0,
        attempts: 0,
        common_words: solved.solution.common.words,
    };
    let judge = Judge::with_solution(&solved.pack, &round, solved.solution);
    let indices = |v: Vec<usize>| v.into_iter().map(|i| i as u32).collect();
    let target = indices(judge.target(counted));
    let max = judge.max(counted);
    let n = judge.neighbors();
    let neighbors = (0..n.cells()).map(|i| n.of(i).to_vec()).collect();
    let id = ROUNDS.with(|r| {
        let mut r = r.borrow_mut();
        r.last = r.last.wrapping_add(1);
        let id = r.last;
        if r.open.len() == KEEP {
            r.open.remove(0);
        }
        r.open.push(Open {
            id,
            judge,
            counted,
            found: Found::default(),
        });
        id
    });
    Ok(PlayRound {
        round: id,
        solution,
        target,
        max,
        neighbors,
    })
}

pub(crate) fn judge(bytes: &[u8]) -> Result<Tried, String> {
    let req: PlayTry = request(bytes)?;
    ROUNDS.with(|r| {
        let mut r = r.borrow_mut();
        let o = r
            .open
            .iter_mut()
            .find(|o| o.id == req.round)
            .ok_or_else(|| format!("no round {} is open", req.round))?;
        // A peek judges against a copy of the player's words, so nothing
        // it finds is kept.
        let mut peeked;
        let found = match req.peek.unwrap_or(false) {
            true => {
                peeked = o.found.clone();
                &mut peeked
            }
            false => &mut o.found,
        };
        let verdict = match (req.word.as_deref(), req.path.as_deref()) {
            (Some(word), None) => o.judge.typed(found, word).map_err(|e| e.to_string())?,
            (None, Some(path)) => {
                let board = &o.judge.round().board;
                // A cell off the board becomes an index past the end, which
                // the judge names.
                let cells: Vec<usize> = path
                    .iter()
                    .map(
                        |&[row, col]| match row < board.rows() && col < board.cols() {
                            true => row * board.cols() + col,
                            false => board.len(),
                        },
                    )
                    .collect();
                o.judge.traced(found, &cells)
            }
            _ => return Err("a try is a typed word or a traced path, not both".into()),
        };
        let words = o.judge.words();
        let (word, text, points) = match &verdict {
            Verdict::New { word, points } => (Some(*word), words[*word].word.clone(), *points),
            Verdict::Again { word } => (Some(*word), words[*word].word.clone(), 0),
            Verdict::Short { text, .. }
            | Verdict::NotOnBoard { text }
            | Verdict::NotWord { text }
            | Verdict::BadPath { text, .. } => (None, text.clone(), 0),
        };
        Ok(Tried {
            kind: verdict.kind(),
            text,
            word: word.map(|i| i as u32),
            points,
            rare: matches!(verdict, Verdict::New { .. }) && word.is_some_and(|i| words[i].rare),
            why: verdict.why(),
            score: found.score(),
            found: found.len(),
            counted: o.judge.found_counted(o.counted, found),
        })
    })
}

pub(crate) fn end(bytes: &[u8]) -> Result<PlayEnded, String> {
    let req: PlayEnd = request(bytes)?;
    let o = ROUNDS
        .with(|r| {
            let mut r = r.borrow_mut();
            let at = r.open.iter().position(|o| o.id == req.round)?;
            Some(r.open.remove(at))
        })
        .ok_or_else(|| format!("no round {} is open", req.round))?;
    let indices = |v: Vec<usize>| v.into_iter().map(|i| i as u32).collect();
    let found = |i: usize| o.found.has(i);
    Ok(PlayEnded {
        missed: indices(o.judge.missed(o.counted, found)),
        missed_rare: indices(o.judge.missed_rare(o.counted, found)),
    })
}
