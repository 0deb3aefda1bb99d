//! Adjacency as a neighbor table.
//!
//! Every rule (king moves, no diagonals, a torus) is the same thing: for each
//! cell, the list of cells a word may step to next. The table is built once
//! per grid and the search only ever reads it.

use std::fmt;
use std::str::FromStr;

/// Which steps a word may take between cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Adjacency {
    /// The eight king moves (Boggle).
    #[default]
    King,
    /// The four orthogonal moves only (rook steps).
    NoDiagonals,
}

/// Reads a rule by name: `all` (also `king`, `8`) or `no-diag` (also
/// `no_diag`, `rook`, `4`); anything else is refused with the names.
impl FromStr for Adjacency {
    type Err = crate::UnknownName;

    fn from_str(s: &str) -> Result<Adjacency, crate::UnknownName> {
        match s {
            "all" | "king" | "8" => Ok(Adjacency::King),
            "no-diag" | "no_diag" | "rook" | "4" => Ok(Adjacency::NoDiagonals),
            _ => Err(crate::UnknownName::new(
                "adjacency",
                s,
                "all, also called king or 8, or no-diag, also called rook or 4",
            )),
        }
    }
}

impl Adjacency {
    /// The rule's name as the command line and JSON write it: `all` or
    /// `no-diag`.
    pub fn name(self) -> &'static str {
        match self {
            Adjacency::King => "all",
            Adjacency::NoDiagonals => "no-diag",
        }
    }

    /// The (row, column) steps of this rule.
    pub fn steps(self) -> &'static [(i64, i64)] {
        match self {
            Adjacency::King => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Adjacency::NoDiagonals => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
        }
    }
}

impl fmt::Display for Adjacency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Adjacency {
    /// `"all"` or `"no-diag"`, as [`Adjacency::name`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Adjacency {
    /// What [`Adjacency::from_str`] reads (`"all"`, `"no-diag"`, …).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Adjacency, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A grid of cells and the moves between them: what a neighbor table is
/// built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Which steps are allowed.
    pub adjacency: Adjacency,
    /// Whether the board wraps around at its edges (a torus).
    pub wrap: bool,
}

impl Grid {
    /// A grid of `rows` x `cols` cells with these moves, wrapping or not.
    pub fn new(rows: usize, cols: usize, adjacency: Adjacency, wrap: bool) -> Grid {
        Grid {
            rows,
            cols,
            adjacency,
            wrap,
        }
    }

    /// King moves, no wrap: Boggle's grid.
    pub fn king(rows: usize, cols: usize) -> Grid {
        Grid::new(rows, cols, Adjacency::King, false)
    }

    /// Orthogonal moves only, no wrap.
    pub fn rook(rows: usize, cols: usize) -> Grid {
        Grid::new(rows, cols, Adjacency::NoDiagonals, false)
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }
}

/// The most cells a board may have for a set of its cells to fit one `u64`
/// bit mask: the neighbor masks here, the solver's used-cell set, the path
/// counter's depth-first engine and the prover all take boards up to this
/// size the fast way (and the last two no larger ones).
pub const MASK_CELLS: usize = 64;

/// For every cell, the cells next to it, in a flat (CSR) layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbors {
    grid: Grid,
    start: Vec<u32>,
    list: Vec<u32>,
    masks: Vec<u64>,
}

impl Neighbors {
    /// Builds the table for a grid. Each neighbor is listed once, even on a
    /// small torus where two steps land on the same cell; a cell is never its
    /// own neighbor.
    pub fn new(grid: Grid) -> Neighbors {
        let Grid {
            rows, cols, wrap, ..
        } = grid;
        let cells = rows * cols;
        let mut start = Vec::with_capacity(cells + 1);
        let mut list = Vec::with_capacity(cells * grid.adjacency.steps().len());
        for i in 0..cells {
            start.push(list.len() as u32);
            let (r, c) = ((i / cols) as i64, (i % cols) as i64);
            let first = list.len();
            for &(dr, dc) in grid.adjacency.steps() {
                let (mut rr, mut cc) = (r + dr, c + dc);
                if wrap {
                    rr = rr.rem_euclid(rows as i64);
                    cc = cc.rem_euclid(cols as i64);
                } else if rr < 0 || cc < 0 || rr >= rows as i64 || cc >= cols as i64 {
                    continue;
                }
                let j = (rr as usize * cols + cc as usize) as u32;
                if j as usize != i && !list[first..].contains(&j) {
                    list.push(j);
                }
            }
        }
        start.push(list.len() as u32);
        // Edge cells have fewer neighbors than the rule's steps.
        list.shrink_to_fit();
        let masks = if cells <= MASK_CELLS {
            (0..cells)
                .map(|i| {
                    list[start[i] as usize..start[i + 1] as usize]
                        .iter()
                        .fold(0u64, |m, &j| m | 1 << j)
                })
                .collect()
        } else {
            Vec::new()
        };
        Neighbors {
            grid,
            start,
            list,
            masks,
        }
    }

    /// On boards of up to 64 cells, the neighbors of cell `i` as a bit set.
    #[inline(always)]
    pub fn mask(&self, i: usize) -> u64 {
        self.masks[i]
    }

    /// The grid this table is for.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.start.len() - 1
    }

    /// The neighbors of cell `i`.
    #[inline]
    pub fn of(&self, i: usize) -> &[u32] {
        &self.list[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The positions in the flat list that hold cell `i`'s neighbors.
    #[inline(always)]
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.start[i] as usize..self.start[i + 1] as usize
    }

    /// The neighbor at position `k` of the flat list.
    #[inline(always)]
    pub fn at(&self, k: usize) -> usize {
        self.list[k] as usize
    }

    /// Whether `j` is a neighbor of `i`.
    pub fn adjacent(&self, i: usize, j: usize) -> bool {
        self.of(i).contains(&(j as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: usize, cols: usize, adjacency: Adjacency, wrap: bool) -> Neighbors {
        Neighbors::new(Grid {
            rows,
            cols,
            adjacency,
            wrap,
        })
    }

    #[test]
    fn king_moves_on_4x4() {
        let n = shape(4, 4, Adjacency::King, false);
        assert_eq!(n.of(0), [1, 4, 5]);
        assert_eq!(n.of(5).len(), 8);
        assert_eq!(n.of(15), [10, 11, 14]);
        let total: usize = (0..16).map(|i| n.of(i).len()).sum();
        assert_eq!(total, 84);
    }

    #[test]
    fn no_diagonals_and_wrap() {
        let n = shape(3, 3, Adjacency::NoDiagonals, false);
        assert_eq!(n.of(4), [1, 3, 5, 7]);
        assert_eq!(n.of(0), [1, 3]);
        let t = shape(3, 3, Adjacency::King, true);
        assert!((0..9).all(|i| t.of(i).len() == 8));
        assert!(t.adjacent(0, 8) && t.adjacent(8, 0));
        // On a 2x2 torus every other cell is next to every cell, once.
        let t = shape(2, 2, Adjacency::King, true);
        assert!((0..4).all(|i| t.of(i).len() == 3));
        let t = shape(1, 1, Adjacency::King, true);
        assert!(t.of(0).is_empty());
    }

    #[test]
    fn adjacency_is_symmetric() {
        for (r, c) in [(1, 5), (3, 4), (5, 5)] {
            for adj in [Adjacency::King, Adjacency::NoDiagonals] {
                for wrap in [false, true] {
                    let n = shape(r, c, adj, wrap);
                    for i in 0..r * c {
                        for &j in n.of(i) {
                            assert!(n.adjacent(j as usize, i), "{r}x{c} {adj:?} {wrap}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn parses_the_dutch_spelling() {
        assert_eq!("no_diag".parse(), Ok(Adjacency::NoDiagonals));
        assert_eq!("no-diag".parse(), Ok(Adjacency::NoDiagonals));
        assert_eq!("all".parse(), Ok(Adjacency::King));
        assert_eq!("king".parse(), Ok(Adjacency::King));
        assert_eq!("8".parse(), Ok(Adjacency::King));
        assert_eq!("rook".parse(), Ok(Adjacency::NoDiagonals));
        assert_eq!("4".parse(), Ok(Adjacency::NoDiagonals));
        // A name that could mean either is refused, with the names.
        for bad in ["sideways", "diag", "diagonals", "nodiag"] {
            let e = bad.parse::<Adjacency>().unwrap_err();
            let e = e.to_string();
            assert!(e.contains("all") && e.contains("no-diag"), "{e}");
        }
        for a in [Adjacency::King, Adjacency::NoDiagonals] {
            assert_eq!(a.name().parse(), Ok(a));
        }
    }
}
