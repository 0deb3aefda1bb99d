//! Paths on a board: how a step runs (across the grid or around its edge),
//! finding a word's path ([`trace`]) and
//! numbering a path's steps for drawing.

use grid::{Adjacency, Grid, Neighbors};
use solve::board::{Board, Pos};

/// How one step of a path runs on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// To a cell next to this one: rows and columns moved, each -1, 0 or 1.
    Adjacent(i8, i8),
    /// Around the edge of a wrapping board: the direction as if the board
    /// were tiled (each -1, 0 or 1), so the step leaves one edge and enters
    /// at the opposite one.
    Wrapped(i8, i8),
}

/// How a path moves from `a` to `b` on a `rows` x `cols` board. Positions
/// more than one row or column apart are taken as a step around the edge.
pub fn step(rows: usize, cols: usize, a: Pos, b: Pos) -> Step {
    let axis = |from: u32, to: u32, len: usize| -> (i8, bool) {
        let d = i64::from(to) - i64::from(from);
        match d {
            -1..=1 => (d as i8, false),
            // Going past the far edge lands on the near one, and back.
            _ if d == len as i64 - 1 => (-1, true),
            _ => (if d < 0 { 1 } else { -1 }, true),
        }
    };
    let (dr, wr) = axis(a.row, b.row, rows);
    let (dc, wc) = axis(a.col, b.col, cols);
    if wr || wc {
        Step::Wrapped(dr, dc)
    } else {
        Step::Adjacent(dr, dc)
    }
}

/// One path that spells `word` on `board` (faces joined in order give the
/// word exactly), stepping by `adjacency`, around the edges if `wrap`; each
/// cell used once. `None` if there is none. The word must be in the board's
/// spelling (normalized, lower case).
pub fn trace(board: &Board, word: &str, adjacency: Adjacency, wrap: bool) -> Option<Vec<Pos>> {
    if word.is_empty() {
        return None;
    }
    let neighbors = Neighbors::new(Grid {
        rows: board.rows(),
        cols: board.cols(),
        adjacency,
        wrap,
    });
    let mut used = vec![false; board.len()];
    let mut path = Vec::new();
    for start in 0..board.len() {
        if extend(board, &neighbors, start, word, &mut used, &mut path) {
            return Some(path.into_iter().map(|i| board.pos(i)).collect());
        }
    }
    None
}

/// Extends `path` from `cell` along `rest` of the word, depth first.
fn extend(
    board: &Board,
    neighbors: &Neighbors,
    cell: usize,
    rest: &str,
    used: &mut [bool],
    path: &mut Vec<usize>,
) -> bool {
    let Some(face) = board.face(cell) else {
        return false;
    };
    let Some(rest) = rest.strip_prefix(face) else {
        return false;
    };
    used[cell] = true;
    path.push(cell);
    if rest.is_empty() {
        return true;
    }
    for &next in neighbors.of(cell) {
        let next = next as usize;
        if !used[next] && extend(board, neighbors, next, rest, used, path) {
            return true;
        }
    }
    used[cell] = false;
    path.pop();
    false
}

/// The steps of `path` that are on `board` (the others dropped), and for
/// each cell, row-major, its step number along them from 1 (0: not on it).
/// Shared by [`plot`](super::terminal::plot) and [`render`](super::svg::render).
pub(crate) fn number_steps(board: &Board, path: &[Pos]) -> (Vec<Pos>, Vec<usize>) {
    let (rows, cols) = (board.rows(), board.cols());
    let path: Vec<Pos> = path
        .iter()
        .copied()
        .filter(|p| (p.row as usize) < rows && (p.col as usize) < cols)
        .collect();
    let mut order = vec![0usize; board.len()];
    for (k, p) in path.iter().enumerate() {
        order[p.row as usize * cols + p.col as usize] = k + 1;
    }
    (path, order)
}
