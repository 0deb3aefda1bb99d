//! Simulated annealing, one thread's share: runs from random boards, each
//! polished by steepest ascent, with a memo of recent boards' scores.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::pool::{Entry, Pool};
use super::space::{can_trade, Kind, Move, Space, State};
use super::Shared;
use crate::board::Scored;
use crate::search::{Solver, Tally};
use grid::Rng;
use rustc_hash::FxHashMap;

/// The annealing schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// The temperature a run starts at, in points.
    pub t0: f64,
    /// The temperature a run ends at, in points.
    pub t_end: f64,
    /// Steps (proposed moves) per run.
    pub run: u64,
    /// Percentage of moves that swap two cells (the rest change a letter, or
    /// with dice re-roll or trade a die).
    pub swap_percent: u64,
}

impl Schedule {
    /// The default schedule for a board of `cells` cells: for 4x4, runs of
    /// 50,000 steps from 100 points down to 1; a bigger board scores more
    /// and has more moves, so with `f = cells / 16` the temperatures scale
    /// by `f^1.5` and the run length by `f^3` (5x5: 195 to 1.95 over
    /// 190,735 steps), and never fewer than 1,000 steps.
    ///
    /// Tuned on ENABLE2K with Boggle scoring: on 4x4 this finds the proven
    /// best board in seconds; on 5x5, shorter and cooler runs stalled below
    /// the best published board, which these find (docs/bench-log.md).
    pub fn for_cells(cells: usize) -> Schedule {
        let f = cells.max(1) as f64 / 16.0;
        let t0 = 100.0 * f.powf(1.5);
        Schedule {
            t0,
            t_end: t0 / 100.0,
            run: ((50_000.0 * f.powi(3)).round() as u64).max(1_000),
            swap_percent: 30,
        }
    }
}

/// Most boards a thread remembers before it forgets them all.
const MEMO_LIMIT: usize = 1 << 18;

/// One thread's search.
pub(super) struct Worker<'a> {
    pub(super) space: &'a Space,
    pub(super) solver: Solver,
    pub(super) rng: Rng,
    pub(super) schedule: Schedule,
    pub(super) quota: Option<u64>,
    pub(super) iterations: u64,
    pub(super) evaluations: u64,
    /// Evaluations already added to the shared counter.
    pub(super) reported: u64,
    pub(super) runs: u64,
    /// Boards scored lately, by their cells.
    pub(super) memo: FxHashMap<Box<[u16]>, Tally>,
    pub(super) pool: Pool,
    pub(super) symmetries: &'a [Vec<u32>],
    pub(super) shared: &'a Shared,
}

impl Worker<'_> {
    /// Whether this thread has scored all the boards it may.
    #[inline]
    fn spent(&self) -> bool {
        self.quota.is_some_and(|q| self.iterations >= q)
    }

    /// Whether to stop: budget spent, time up, or another thread hit the
    /// target.
    fn done(&mut self) -> bool {
        if self.spent() {
            return true;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.shared.cancel.is_cancelled() {
            self.shared.stop.store(true, Ordering::Relaxed);
            return true;
        }
        if let Some(deadline) = self.shared.deadline {
            if Instant::now() >= deadline {
                self.shared.stop.store(true, Ordering::Relaxed);
                return true;
            }
        }
        false
    }

    pub(super) fn work(&mut self) {
        while !self.done() {
            self.runs += 1;
            let best = self.anneal();
            self.polish(best);
        }
        self.flush();
    }

    fn flush(&mut self) {
        self.shared
            .evaluations
            .fetch_add(self.evaluations - self.reported, Ordering::Relaxed);
        self.reported = self.evaluations;
    }

    /// Scores a state (from the memo if it was scored lately).
    fn score(&mut self, state: &State) -> Tally {
        self.iterations += 1;
        if let Some(t) = self.memo.get(&state.cells[..]) {
            return *t;
        }
        let board = self.space.board(&state.cells);
        // The solver is warmed up: its table was checked whole, so a tally
        // cannot fail.
        let tally = self.solver.tally(&board).unwrap_or_default();
        self.evaluations += 1;
        if self.evaluations - self.reported >= 1024 {
            self.flush();
        }
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo
            .insert(state.cells.clone().into_boxed_slice(), tally);
        if self.pool.wants(tally.score) {
            self.keep(state, tally);
        }
        tally
    }

    /// Offers a scored state to the pool, and to the shared best.
    fn keep(&mut self, state: &State, tally: Tally) {
        let board = self.space.canonical(&state.cells, self.symmetries);
        let entry = Entry {
            found: Scored {
                board,
                score: tally.score,
                words: tally.words,
            },
            seconds: self.shared.started.elapsed().as_secs_f64(),
        };
        let shared = self.shared;
        if tally.score > shared.best_score.load(Ordering::Relaxed) {
            if let Ok(mut best) = shared.best.lock() {
                if best.as_ref().map_or(true, |b| tally.score > b.score) {
                    *best = Some(entry.found.clone());
                    shared.best_score.store(tally.score, Ordering::Relaxed);
                }
            }
            if shared.stop_at.is_some_and(|t| tally.score >= t) {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.pool.offer_canonical(entry);
    }

    /// One annealing run from a random board; returns the best state seen.
    fn anneal(&mut self) -> (State, Tally) {
        let mut state = self.space.random(&mut self.rng);
        let mut current = self.score(&state);
        let mut best = (state.clone(), current);
        let Schedule { t0, t_end, run, .. } = self.schedule;
        let ratio = (t_end / t0).ln();
        let mut t = t0;
        for step in 0..run {
            if self.spent() {
                break;
            }
            if step % 64 == 0 {
                if self.done() {
                    break;
                }
                t = t0 * (ratio * step as f64 / run as f64).exp();
            }
            let Some(m) = self.propose(&state) else {
                break;
            };
            let undo = state.apply(m);
            let next = self.score(&state);
            let accept = next.score >= current.score || {
                let delta = next.score as f64 - current.score as f64;
                self.uniform() < (delta / t).exp()
            };
            if accept {
                current = next;
                if current.score > best.1.score {
                    best = (state.clone(), current);
                }
            } else {
                state.apply(undo);
            }
        }
        best
    }

    /// A uniform number in [0, 1).
    fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A random move from a state, or `None` when no move changes anything.
    fn propose(&mut self, state: &State) -> Option<Move> {
        let k = state.cells.len();
        let rng = &mut self.rng;
        let swap = k >= 2 && rng.below(100) < self.schedule.swap_percent;
        if swap {
            for _ in 0..8 {
                let a = rng.below(k as u64) as usize;
                let b = rng.below(k as u64 - 1) as usize;
                let b = if b >= a { b + 1 } else { b };
                if state.cells[a] != state.cells[b] {
                    return Some(Move::Swap(a, b));
                }
            }
        }
        match &self.space.kind {
            Kind::Letters(weighted) => {
                if weighted.len() < 2 {
                    return None;
                }
                let i = rng.below(k as u64) as usize;
                loop {
                    let f = weighted.draw(rng) as u16;
                    if f != state.cells[i] {
                        return Some(Move::Face(i, f));
                    }
                }
            }
            Kind::Dice { rolls, distinct } => {
                let n = rolls.len();
                let trade = n != k && rng.below(3) == 0;
                for _ in 0..16 {
                    let i = rng.below(k as u64) as usize;
                    let d = state.dice[i] as usize;
                    if trade {
                        // Another die for this cell: one off the board (more
                        // dice than cells), or any other when this one is on
                        // the board twice (fewer).
                        let e = rng.below(n as u64) as usize;
                        if can_trade(state, d, e, n > k) {
                            let faces = &rolls[e];
                            let f = faces[rng.below(faces.len() as u64) as usize];
                            return Some(Move::Die(i, e as u16, f));
                        }
                    } else {
                        let faces = &distinct[d];
                        if faces.len() >= 2 {
                            let j = rng.below(faces.len() as u64 - 1) as usize;
                            let cur = faces.iter().position(|&f| f == state.cells[i]);
                            let j = match cur {
                                Some(c) if j >= c => j + 1,
                                _ => j,
                            };
                            return Some(Move::Face(i, faces[j]));
                        }
                    }
                }
                None
            }
        }
    }

    /// Every single move from a state.
    fn neighborhood(&self, state: &State, moves: &mut Vec<Move>) {
        moves.clear();
        let k = state.cells.len();
        for a in 0..k {
            for b in a + 1..k {
                if state.cells[a] != state.cells[b] {
                    moves.push(Move::Swap(a, b));
                }
            }
        }
        match &self.space.kind {
            Kind::Letters(weighted) => {
                for i in 0..k {
                    for f in 0..weighted.len() as u16 {
                        if f != state.cells[i] {
                            moves.push(Move::Face(i, f));
                        }
                    }
                }
            }
            Kind::Dice { distinct, .. } => {
                let n = distinct.len();
                for i in 0..k {
                    let d = state.dice[i] as usize;
                    for &f in &distinct[d] {
                        if f != state.cells[i] {
                            moves.push(Move::Face(i, f));
                        }
                    }
                    if n == k {
                        continue;
                    }
                    for (e, faces) in distinct.iter().enumerate() {
                        if can_trade(state, d, e, n > k) {
                            moves.extend(faces.iter().map(|&f| Move::Die(i, e as u16, f)));
                        }
                    }
                }
            }
        }
    }

    /// Steepest ascent from a state until no single move improves it.
    fn polish(&mut self, (mut state, mut current): (State, Tally)) {
        let mut moves = Vec::new();
        loop {
            self.neighborhood(&state, &mut moves);
            let mut best: Option<(Move, Tally)> = None;
            for &m in &moves {
                if self.done() {
                    return;
                }
                let undo = state.apply(m);
                let t = self.score(&state);
                state.apply(undo);
                if t.score > best.map_or(current.score, |b| b.1.score) {
                    best = Some((m, t));
                }
            }
            match best {
                Some((m, t)) => {
                    state.apply(m);
                    current = t;
                }
                None => return,
            }
        }
    }
}
