//! The geometry every engine of the toolkit shares, with no dictionary in
//! sight: a board's [`Size`] and [`Shape`] (which cells exist), its
//! [`Grid`] (rows, columns, which moves, whether it wraps), the
//! [`Neighbors`] table built from it, the grid's [`symmetry`] group, bit
//! sets of cells ([`bits`]) and the one seeded random number generator
//! ([`Rng`]).
//!
//! Every rule of movement is a neighbor table: king moves, rook moves and a
//! torus differ only in which cells the table lists next to each cell. The
//! word search, the path counter and the prover all read the same table.
//!
//! ```
//! use grid::{symmetry, Adjacency, Grid, Neighbors, Size};
//!
//! let size: Size = "4x4".parse().unwrap();
//! let grid = Grid::new(size.rows, size.cols, Adjacency::King, false);
//! let neighbors = Neighbors::new(grid);
//! assert_eq!(neighbors.of(0), [1, 4, 5]);
//! // A square has eight symmetries; a torus adds its translations.
//! assert_eq!(symmetry::preserving(&neighbors).len(), 8);
//! let torus = Neighbors::new(Grid { wrap: true, ..grid });
//! assert_eq!(symmetry::preserving(&torus).len(), 8 * 16);
//! ```

#![deny(missing_docs)]

mod bits;
mod error;
mod neighbors;
mod rng;
mod shape;
mod size;
pub mod symmetry;
#[cfg(test)]
mod testing;

pub use bits::bits;
pub use error::{Error, UnknownName};
pub use neighbors::{Adjacency, Grid, Neighbors, MASK_CELLS};
pub use rng::{seed_from_time, splitmix64, Rng};
pub use shape::Shape;
pub use size::{Size, MAX_SIDE};
