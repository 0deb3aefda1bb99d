//! `trace` and `word`: a try in the round, judged against the room's pack
//! and board by the library's one judge; the sender hears the verdict,
//! everyone else only the counts.

use std::time::Instant;

use solve::game::{Found, Judge, Verdict, VerdictKind};

use super::Refused;
use crate::frame::Reply;
use crate::room::{cells, progress_reply, Phase, Room};
use crate::session::Session;
use crate::store::Write;

/// A try in a round.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Try<'a> {
    /// A traced path, `[row, column]` cells.
    Path(&'a [[u32; 2]]),
    /// A typed word.
    Word(&'a str),
}

pub(crate) fn apply(session: &mut Session, try_: Try<'_>) -> Result<Vec<Reply>, Refused> {
    if session.arena.is_some() {
        return super::arena::play(session, try_);
    }
    let seat = session.seated()?;
    let now = Instant::now();
    let reply = judge(&mut crate::db::lock(&seat.room), seat.id, try_, now)?;
    session.db.metrics.judged(now.elapsed());
    // A player told a word counts keeps it through a crash: the verdict
    // waits for the store (judging held no lock while it waits).
    if matches!(
        reply,
        Reply::Verdict {
            kind: VerdictKind::New,
            ..
        }
    ) {
        session.kept = session.db.store.kept();
    }
    Ok(vec![reply])
}

/// Judges seat `id`'s try: a traced path or a typed word, while the round
/// is on and by a player (not a watcher).
fn judge(room: &mut Room, id: u32, try_: Try<'_>, now: Instant) -> Result<Reply, Refused> {
    let Phase::Playing(play) = &room.phase else {
        return Err(Refused::NoRound);
    };
    if now >= play.ends {
        return Err(Refused::TimeUp);
    }
    let (judge, number) = (play.judge.clone(), play.number);
    let seat = room
        .seats
        .iter_mut()
        .find(|s| s.id == id)
        .ok_or(Refused::NoSeat)?;
    if seat.watch {
        return Err(Refused::Watching);
    }
    if !seat.tries.take(now) {
        return Err(Refused::TooFast(room.limits.rate));
    }
    let verdict = judged(&judge, &mut seat.found, try_)?;
    let (reply, new) = verdict_reply(&judge, verdict, seat.found.score());
    // A new word is kept, and moves the scores everyone sees.
    if let Some(word) = new {
        room.store.write(Write::Word {
            room: room.code.clone(),
            round: number,
            seat: id,
            word,
        });
        let progress = progress_reply(&room.seats).text();
        room.broadcast(progress.into());
    }
    Ok(reply)
}

/// `try_` judged by `judge` against the words `found` so far (a new word
/// joins them).
pub(crate) fn judged(judge: &Judge, found: &mut Found, try_: Try<'_>) -> Result<Verdict, Refused> {
    Ok(match try_ {
        Try::Path(cells) => {
            let board = &judge.round().board;
            let (rows, cols, off) = (board.rows(), board.cols(), board.len());
            // A cell off the board becomes an index past the end, which the
            // judge names.
            let path: Vec<usize> = cells
                .iter()
                .map(|&[r, c]| match (r as usize) < rows && (c as usize) < cols {
                    true => r as usize * cols + c as usize,
                    false => off,
                })
                .collect();
            judge.traced(found, &path)
        }
        Try::Word(text) => judge
            .typed(found, text)
            .map_err(|e| Refused::Judge(e.to_string()))?,
    })
}

/// The verdict as its sender is told it, with their `score` now; and the
/// word, if it is new.
pub(crate) fn verdict_reply(
    judge: &Judge,
    verdict: Verdict,
    score: u64,
) -> (Reply, Option<String>) {
    let word_of = |i: usize| &judge.words()[i];
    let (kind, why) = (verdict.kind(), verdict.why());
    let (word, points, rare, path) = match verdict {
        Verdict::New { word, points } => (
            word_of(word).word.clone(),
            points,
            word_of(word).rare,
            cells(word_of(word)),
        ),
        Verdict::Again { word } => (word_of(word).word.clone(), 0, false, vec![]),
        Verdict::Short { text, .. }
        | Verdict::NotOnBoard { text }
        | Verdict::NotWord { text }
        | Verdict::BadPath { text, .. } => (text, 0, false, vec![]),
    };
    let new = (kind == VerdictKind::New).then(|| word.clone());
    let reply = Reply::Verdict {
        kind,
        word,
        points,
        rare,
        why,
        path,
        score,
    };
    (reply, new)
}
