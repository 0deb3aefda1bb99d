//! Test support: the grids the unit tests use.

pub(crate) use crate::neighbors::Grid;

/// King moves, no wrap.
pub(crate) fn king(rows: usize, cols: usize) -> Grid {
    Grid::king(rows, cols)
}

/// No diagonals, no wrap.
pub(crate) fn rook(rows: usize, cols: usize) -> Grid {
    Grid::rook(rows, cols)
}

/// Any grid.
pub(crate) fn grid(rows: usize, cols: usize, adjacency: crate::Adjacency, wrap: bool) -> Grid {
    Grid::new(rows, cols, adjacency, wrap)
}
