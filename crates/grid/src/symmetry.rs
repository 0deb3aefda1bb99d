//! The symmetries of a grid.
//!
//! A symmetry is a permutation `p` of the cells (row-major), `p[cell]` the
//! cell it goes to. The grid's own symmetries ([`grid`]) are the rotations
//! and reflections that keep its shape: eight on a square, four on a
//! rectangle (identity, the two mirror images and the half turn). The path
//! counter wants the symmetries of a neighbor table instead
//! ([`preserving`]): those grid maps composed, on a wrapping board, with
//! every translation, each kept only if it is checked to map the table onto
//! itself. Both lists start with the identity.

use crate::neighbors::{Grid, Neighbors};

/// A rotation or reflection: `(row, col, rows - 1, cols - 1)` to the new
/// `(row, col)`.
type GridMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// The maps that keep any R x C grid's shape, then those that keep a square's.
const KEEP: [GridMap; 4] = [
    |r, c, _, _| (r, c),
    |r, c, r1, c1| (r1 - r, c1 - c),
    |r, c, r1, _| (r1 - r, c),
    |r, c, _, c1| (r, c1 - c),
];
const TRANSPOSE: [GridMap; 4] = [
    |r, c, _, _| (c, r),
    |r, c, r1, c1| (c1 - c, r1 - r),
    |r, c, r1, _| (c, r1 - r),
    |r, c, _, c1| (c1 - c, r),
];

/// The rotations and reflections of an R x C grid that keep its shape,
/// shifted by `(dr, dc)` (mod the size), as cell permutations.
fn maps(rows: usize, cols: usize, (dr, dc): (usize, usize)) -> Vec<Vec<u32>> {
    if rows * cols == 0 {
        return vec![Vec::new()];
    }
    let (r1, c1) = (rows - 1, cols - 1);
    let square: &[GridMap] = if rows == cols { &TRANSPOSE } else { &[] };
    KEEP.iter()
        .chain(square)
        .map(|map| {
            (0..rows * cols)
                .map(|i| {
                    let (r, c) = map(i / cols, i % cols, r1, c1);
                    (((r + dr) % rows) * cols + (c + dc) % cols) as u32
                })
                .collect()
        })
        .collect()
}

/// The grid's symmetries: 8 on a square, 4 on a rectangle, the identity
/// first.
pub fn grid(rows: usize, cols: usize) -> Vec<Vec<u32>> {
    maps(rows, cols, (0, 0))
}

/// The symmetries of a neighbor table: the grid's, composed on a wrapping
/// board with every translation, each kept only if [`preserves`] the table,
/// so the result never relies on what a rule ought to allow. The identity
/// comes first.
pub fn preserving(neighbors: &Neighbors) -> Vec<Vec<u32>> {
    let Grid {
        rows, cols, wrap, ..
    } = neighbors.grid();
    let shifts: Vec<(usize, usize)> = if wrap {
        (0..rows)
            .flat_map(|dr| (0..cols).map(move |dc| (dr, dc)))
            .collect()
    } else {
        vec![(0, 0)]
    };
    let mut found: Vec<Vec<u32>> = Vec::new();
    for &shift in &shifts {
        for perm in maps(rows, cols, shift) {
            if !found.contains(&perm) && preserves(neighbors, &perm) {
                found.push(perm);
            }
        }
    }
    found
}

/// Whether `perm` is a permutation of the cells that maps the neighbor table
/// onto itself.
pub fn preserves(neighbors: &Neighbors, perm: &[u32]) -> bool {
    let cells = neighbors.cells();
    if perm.len() != cells {
        return false;
    }
    let mut seen = vec![false; cells];
    for &p in perm {
        if p as usize >= cells || std::mem::replace(&mut seen[p as usize], true) {
            return false;
        }
    }
    (0..cells).all(|i| {
        let pi = perm[i] as usize;
        // A bijection that sends every neighbor of i to a neighbor of p(i),
        // with degrees equal, sends the neighbor set onto the neighbor set.
        neighbors.of(i).len() == neighbors.of(pi).len()
            && neighbors
                .of(i)
                .iter()
                .all(|&j| neighbors.adjacent(pi, perm[j as usize] as usize))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::neighbors::Adjacency;
    use crate::testing::{grid as shape, king, rook};

    #[test]
    fn symmetry_counts() {
        assert_eq!(grid(4, 4).len(), 8);
        assert_eq!(grid(3, 5).len(), 4);
        for map in grid(3, 4) {
            let mut seen = map.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..12).collect::<Vec<_>>());
        }
    }

    #[test]
    fn count_symmetry_groups() {
        let size = |s: Grid| preserving(&Neighbors::new(s)).len();
        assert_eq!(size(king(4, 4)), 8);
        assert_eq!(size(rook(5, 5)), 8);
        assert_eq!(size(king(3, 4)), 4);
        assert_eq!(size(king(1, 1)), 1);
        assert_eq!(size(king(1, 4)), 2);
        assert_eq!(size(shape(3, 3, Adjacency::King, true)), 72);
        assert_eq!(size(shape(3, 4, Adjacency::NoDiagonals, true)), 48);
        for s in [king(4, 4), shape(3, 5, Adjacency::King, true)] {
            let n = Neighbors::new(s);
            let group = preserving(&n);
            assert_eq!(group[0], (0..n.cells() as u32).collect::<Vec<_>>());
            assert!(group.iter().all(|p| preserves(&n, p)));
        }
    }

    #[test]
    fn count_rejects_maps_that_break_adjacency() {
        let n = Neighbors::new(king(3, 3));
        // Swapping a corner with the center changes degrees.
        let mut swap: Vec<u32> = (0..9).collect();
        swap.swap(0, 4);
        assert!(!preserves(&n, &swap));
        // Swapping two corners keeps degrees but not neighbors.
        let mut swap: Vec<u32> = (0..9).collect();
        swap.swap(0, 2);
        assert!(!preserves(&n, &swap));
        // Not a permutation.
        assert!(!preserves(&n, &[0; 9]));
        // A shift is no symmetry of a board that does not wrap.
        let shift: Vec<u32> = (0..9).map(|i| (i / 3) * 3 + (i % 3 + 1) % 3).collect();
        assert!(!preserves(&n, &shift));
        assert!(preserves(
            &Neighbors::new(shape(3, 3, Adjacency::King, true)),
            &shift
        ));
    }
}
