//! Strata: a sample drawn in parts of the class space that differ in cost.
//!
//! A class's cost is heavy-tailed, but not at random: it falls with each
//! cell given the rarest consonants (the last bucket), which end and
//! continue few words. On ENABLE2K 4x4 at 3625, the 3,000 classes of
//! seeds 13, 21 and 22 averaged 94 CPU-s with no such cell, 24 with one,
//! 8.3 with two, 2.6 with three, 0.9 with four, then 2-2.5 times less for
//! each more (docs/bench-log.md). A uniform sample gives the rare classes without
//! such cells few draws, and its estimate swings with how many it happened
//! to draw.
//!
//! A stratified sample parts the classes by that count into strata,
//! counts each stratum's classes exactly (Burnside's lemma, as
//! [`Prover::class_count`] does for all), draws from each a number of
//! classes in proportion to its share of them (uniformly within it), and
//! weighs each stratum's mean by that share: the estimate stays unbiased,
//! a sample costs what a uniform one of its size costs, and its spread is
//! only the spread within each stratum. On those 3,000 classes 28% of the
//! variance of a class's time lies between strata, so the standard error
//! is 15% smaller than a uniform sample's of the same size (which would
//! need 1.4 times as many classes to match it). Drawing more from
//! the heavy strata (in proportion to each one's share times its spread
//! over the square root of its cost) would take a further 17% off at the
//! same CPU time, but needs each stratum's spread known before the draw.

use super::*;

/// A part of the class space that a sample draws from on its own: the
/// classes with from `rarest_from` to `rarest_to` cells given the rarest
/// consonants' bucket (the last). A class's cost falls about threefold
/// with each such cell, so a sample draws from each part a fixed number,
/// in proportion to its share of the classes, and weighs each part's mean
/// by that share ([`Sampled::projection`]): the estimate stays unbiased,
/// and its spread is only the spread within each part.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Stratum {
    /// The fewest cells of the rarest bucket a class of it has.
    pub rarest_from: usize,
    /// The most.
    pub rarest_to: usize,
    /// The classes of the proof in it, counted exactly.
    pub classes: f64,
    /// The classes the sample drew from it.
    pub sampled: usize,
}

/// How a sample is parted: its strata and the stratum of each count of
/// rarest cells.
#[derive(Clone, Debug)]
pub(crate) struct Design {
    pub(crate) strata: Vec<Stratum>,
    of: Vec<usize>,
}

impl Design {
    /// The stratum of a class of `rarest` cells of the rarest bucket.
    pub(crate) fn stratum(&self, rarest: usize) -> usize {
        self.of[rarest.min(self.of.len() - 1)]
    }

    /// How many of `step` more draws each stratum gets: in proportion to
    /// its classes, the largest remainders rounded up, so they add up to
    /// `step`.
    pub(crate) fn allocate(&self, step: usize) -> Vec<usize> {
        let total: f64 = self.strata.iter().map(|s| s.classes).sum();
        let exact: Vec<f64> = self
            .strata
            .iter()
            .map(|s| step as f64 * s.classes / total)
            .collect();
        let mut quota: Vec<usize> = exact.iter().map(|e| e.floor() as usize).collect();
        let mut by_remainder: Vec<usize> = (0..quota.len()).collect();
        by_remainder.sort_by(|&a, &b| {
            let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
            rb.total_cmp(&ra).then(a.cmp(&b))
        });
        let short = step.saturating_sub(quota.iter().sum::<usize>());
        for &h in by_remainder.iter().cycle().take(short) {
            quota[h] += 1;
        }
        quota
    }
}

impl Prover {
    /// The last bucket's index, where some cell has three or more buckets
    /// (vowels and two of consonants): the rarest consonants.
    fn rarest_bucket(&self) -> Option<usize> {
        let most = self.buckets.iter().map(Vec::len).max().unwrap_or(0);
        (most >= 3).then(|| most - 1)
    }

    /// Whether `set`, given to `cell`, is bucket `rarest` (none: no cell
    /// has a rarest bucket).
    fn is_rarest(&self, rarest: Option<usize>, cell: usize, set: u64) -> bool {
        rarest.is_some_and(|k| self.buckets[cell].get(k) == Some(&set))
    }

    /// How many cells of `class` have the rarest bucket.
    pub(crate) fn rarest_cells(&self, class: &[u64]) -> usize {
        let rarest = self.rarest_bucket();
        class
            .iter()
            .enumerate()
            .filter(|&(cell, &set)| self.is_rarest(rarest, cell, set))
            .count()
    }

    /// How many classes the proof runs with each count of rarest cells,
    /// from none to every cell: Burnside's lemma as in
    /// [`Prover::class_count`], each symmetry's unchanged assignments
    /// counted by how many rarest cells they have (a cycle of `len` cells
    /// given the rarest bucket adds `len`): the counts add up to the
    /// classes (all at 0 where no cell has a rarest bucket).
    pub(crate) fn rarest_counts(&self) -> Vec<f64> {
        let cells = self.rows * self.cols;
        let rarest = self.rarest_bucket();
        let mut sum = vec![0.0; cells + 1];
        for perm in &self.symmetries {
            let mut counts = vec![0.0; cells + 1];
            counts[0] = 1.0;
            let mut seen = 0u64;
            for start in 0..cells {
                if seen >> start & 1 == 1 {
                    continue;
                }
                let (mut cell, mut len) = (start, 0);
                while seen >> cell & 1 == 0 {
                    seen |= 1 << cell;
                    cell = perm[cell] as usize;
                    len += 1;
                }
                let mut next = vec![0.0; cells + 1];
                for &set in self.start_buckets(start) {
                    let add = if self.is_rarest(rarest, start, set) {
                        len
                    } else {
                        0
                    };
                    for j in 0..=cells - add {
                        next[j + add] += counts[j];
                    }
                }
                counts = next;
            }
            for (s, c) in sum.iter_mut().zip(&counts) {
                *s += c;
            }
        }
        let g = self.symmetries.len().max(1) as f64;
        sum.iter().map(|s| (s / g).round()).collect()
    }

    /// How a sample whose first draw is `first` classes is parted: by
    /// count of rarest cells, neighbouring counts joined until a stratum
    /// holds enough classes for two of the first draw (a stratum's mean
    /// and spread need two). One stratum of every class where no cell has
    /// a rarest bucket, or the first draw is under four classes.
    pub(crate) fn design(&self, first: usize) -> Design {
        let counts = self.rarest_counts();
        let total: f64 = counts.iter().sum();
        let whole = Design {
            strata: vec![Stratum {
                rarest_from: 0,
                rarest_to: counts.len() - 1,
                classes: total,
                sampled: 0,
            }],
            of: vec![0; counts.len()],
        };
        if self.rarest_bucket().is_none() || first < 4 || total <= 0.0 {
            return whole;
        }
        let enough = 2.0 * total / first as f64;
        let mut design = Design {
            strata: Vec::new(),
            of: vec![0; counts.len()],
        };
        let (mut from, mut classes) = (0, 0.0);
        for (j, &count) in counts.iter().enumerate() {
            classes += count;
            design.of[j] = design.strata.len();
            if classes >= enough || j + 1 == counts.len() {
                design.strata.push(Stratum {
                    rarest_from: from,
                    rarest_to: j,
                    classes,
                    sampled: 0,
                });
                (from, classes) = (j + 1, 0.0);
            }
        }
        // The last stratum, if too small, joins the one before it (counts
        // no class has, more rarest cells than cells that take the bucket,
        // end there).
        let s = design.strata.len();
        if s >= 2 && design.strata[s - 1].classes < enough {
            let last = design.strata.remove(s - 1);
            let before = &mut design.strata[s - 2];
            before.rarest_to = last.rarest_to;
            before.classes += last.classes;
            for h in design.of.iter_mut().filter(|h| **h == s - 1) {
                *h = s - 2;
            }
        }
        if design.strata.len() < 2 {
            return whole;
        }
        design
    }
}
