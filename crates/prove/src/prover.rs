//! Setting a proof up ([`Prover::new`]: faces, trie, cell order, symmetries,
//! buckets) and building a class's tree of paths (the bound).

use std::collections::BTreeMap;

use grid::{bits, symmetry, Grid, Neighbors};
use job::Cancel;
use prep::Pack;
use solve::board::FaceRules;
use solve::{Rules, Solver};

use crate::buckets::buckets;
use crate::tree::{self, Node, Packing, Paths, Rec, Worth};
use crate::trie::{Trie, ROOT};
use crate::{ProveError, Prover, Scratch};

/// How many paths are gathered between looks at the cancel token.
const STOP_CHECK: usize = 1 << 16;

/// The least memory of paths given back to the system at once as their
/// tree is made (see `tree::build`): a few calls for a heavy class.
#[cfg(not(test))]
pub(crate) const GIVE_BACK: usize = 64 << 20;
#[cfg(test)]
pub(crate) const GIVE_BACK: usize = 0;

/// The most bytes of paths a class gathers before it is split instead,
/// each part gathered and bounded on its own ([`Prover::bounded`]): into
/// its next cell's faces. Most classes share one tree over more
/// boards, and the few heaviest stay as small as the split makes them: a
/// class takes about three times its paths' bytes at its peak, paths and
/// trees, so one under it stays within about two and a half gigabytes. On
/// 3x4 two threads stay within four; on 4x4 the heaviest class measured
/// took 4.91 GB whole and 2.06 GB split on its first cell, with the same
/// classes bounded and 4% more time (docs/bench-log.md).
const SPLIT_PATHS: u64 = 768 << 20;

/// The bytes of paths past which a class's tree is made a face of its next
/// cell at a time (`Prover::by_face`) rather than whole and then split on
/// that cell, as forcing it would: the same trees, with one face's subtree
/// held at a time and each face's paths given back once read. On 3x4 it
/// took a sixth less memory at the peak and no more time (docs/bench-log.md).
const HEAVY_PATHS: u64 = 32 << 20;

impl Prover {
    /// A prover for `rows` x `cols` boards of `pack` under `rules`.
    pub fn new(pack: &Pack, rules: Rules, rows: usize, cols: usize) -> Result<Prover, ProveError> {
        if rules.scoring.is_letter_scheme() || rules.bonus.is_some() {
            return Err(ProveError::Scheme(rules.scoring.name().to_string()));
        }
        let cells = rows * cols;
        if cells == 0 || cells > grid::MASK_CELLS {
            return Err(ProveError::Size { rows, cols });
        }
        let face_rules = FaceRules::from_pack(pack)?;
        let alphabet: Vec<char> = face_rules.alphabet().to_vec();
        let index = |c: char| alphabet.iter().position(|&a| a == c).map(|i| i as u8);
        let (faces, face_letters) = faces_of(&face_rules, &alphabet)?;
        // A path of `cells` faces spells at most this many letters.
        let longest_face = face_letters.iter().map(Vec::len).max().unwrap_or(1);
        let max_len = cells * longest_face;
        let words: Vec<Vec<u8>> = pack
            .words()?
            .into_iter()
            .filter_map(|w| {
                let letters: Option<Vec<u8>> = w.chars().map(index).collect();
                letters.filter(|l| l.len() >= rules.min_len && l.len() <= max_len)
            })
            .collect();
        let (trie, worth) = tagged_trie(&words, &rules)?;
        let neighbors = Neighbors::new(Grid {
            rows,
            cols,
            adjacency: rules.adjacency,
            wrap: rules.wrap,
        });
        let order = fixing_order(&neighbors);
        let symmetries = symmetry::preserving(&neighbors);
        let inverses = inverses_of(&symmetries);
        let (buckets, bucket_of, whole) = cell_buckets(&neighbors, &faces, &face_letters, &words);
        let all = buckets[0].iter().fold(0, |a, b| a | b);
        let mut position = vec![0u8; cells];
        for (k, &cell) in order.iter().enumerate() {
            position[cell] = k as u8;
        }
        let min_len = rules.min_len;
        let solver = Solver::with_rules(pack, rules)?;
        let faces_are_letters = face_letters
            .iter()
            .enumerate()
            .all(|(f, l)| l.first() == Some(&(f as u8)));
        let single = face_letters
            .iter()
            .enumerate()
            .filter(|&(f, l)| f < 64 && l[..] == [f as u8])
            .fold(0u64, |m, (f, _)| m | 1 << f);
        let layout = Packing::new(cells, faces.len());
        Ok(Prover {
            rows,
            cols,
            faces,
            faces_are_letters,
            single,
            face_letters,
            trie,
            neighbors,
            worth,
            min_len,
            order,
            symmetries,
            inverses,
            buckets,
            bucket_of,
            whole,
            split_paths: SPLIT_PATHS,
            heavy_paths: HEAVY_PATHS,
            all,
            position,
            layout,
            face_rules,
            solver,
        })
    }

    /// The buckets a class gives `cell` first: its own, or a single one of
    /// every face when the cell starts whole.
    pub(crate) fn start_buckets(&self, cell: usize) -> &[u64] {
        if self.whole >> cell & 1 == 1 {
            std::slice::from_ref(&self.all)
        } else {
            &self.buckets[cell]
        }
    }

    /// The faces a cell may hold, as the board reads them.
    pub fn faces(&self) -> &[String] {
        &self.faces
    }

    /// The upper bound on the score of every board of `class` (each cell a
    /// set of faces, bit `f` for `faces()[f]`): the tree's, or sum/union's
    /// when that is smaller. The class's tree is made whole, however many
    /// its paths (a proof would split it).
    pub fn bound(&self, class: &[u64]) -> u64 {
        let mut scratch = Scratch::default();
        let (root, union) = self.tree(class, &mut scratch, &Cancel::new());
        match root.bound() {
            // Saturated: only sum/union's is known to bound every board.
            tree::MOST => union,
            bound => u64::from(bound).min(union),
        }
    }

    /// The trie node `face` leads to from `node`, if every letter of the
    /// face has a child.
    #[inline]
    fn step(&self, node: u32, face: usize) -> Option<u32> {
        self.face_letters[face]
            .iter()
            .try_fold(node, |n, &l| self.trie.child(n, l))
    }

    /// Makes `class`'s tree (see `tree/`) in the scratch arena, emptied
    /// first; returns its root and the sum/union bound from the same walk.
    /// Cancelled while the paths are gathered, or with more paths than the
    /// scratch has room for (`Scratch::over`), it stops there and makes an
    /// empty tree: a wide class's paths can take minutes and gigabytes.
    pub(crate) fn tree(
        &self,
        class: &[u64],
        scratch: &mut Scratch,
        cancel: &Cancel,
    ) -> (Node, u64) {
        scratch.start(self.trie.nodes(), cancel);
        // The last class's paths and trees are dead: what the next classes
        // are likely to need again is kept, the rest given back first.
        let mut left = tree::KEEP;
        scratch.arena.trim(&mut left);
        scratch.paths.trim(&mut left);
        let mut paths = std::mem::take(&mut scratch.paths);
        paths.clear(&self.layout);
        let root = tree::each!(&mut paths, recs => self.tree_of(class, recs, scratch));
        scratch.paths = paths;
        (root, scratch.union)
    }

    /// Every word of the class on every path, into `recs`, then their tree
    /// in the scratch arena (emptied by `tree`); returns its root.
    fn tree_of<const W: usize>(
        &self,
        class: &[u64],
        recs: &mut Vec<Rec<W>>,
        scratch: &mut Scratch,
    ) -> Node {
        let size = std::mem::size_of::<Rec<W>>() as u64;
        scratch.room = match scratch.budget {
            0 => usize::MAX,
            b => usize::try_from(b / 2 / size).unwrap_or(usize::MAX),
        };
        // A class with a cell of more than one face can be split on it.
        if let Some(split) = scratch
            .split
            .filter(|_| class.iter().any(|set| set.count_ones() > 1))
        {
            let most = usize::try_from(split / size).unwrap_or(usize::MAX);
            scratch.room = scratch.room.min(most);
        }
        // (The arena was emptied in `tree`, before the paths.)
        for cell in 0..class.len() {
            let key = self.layout.empty();
            self.grow(class, cell, ROOT, 0, 0, key, recs, scratch);
        }
        if scratch.stopped || scratch.over {
            recs.clear();
        }
        scratch.arena.limit(scratch.budget / 2);
        // A class's tree has about four nodes a path (4.4 for the heaviest
        // 4x4 class measured, docs/bench-log.md): a class whose tree would not
        // fit is built as a DAG at once rather than after a tree made in
        // vain.
        let nodes = (recs.len() as u64).saturating_mul(4);
        let bytes = nodes.saturating_mul(std::mem::size_of::<Node>() as u64);
        if scratch.budget != 0 && bytes > scratch.budget / 2 {
            scratch.arena.share();
        }
        // A heavy class's tree is made a face of its next cell at a time
        // (`Prover::by_face`), from its paths, sorted and held.
        let heavy = scratch.heavy != 0
            && scratch.budget == 0
            && !scratch.stopped
            && !scratch.over
            && (recs.len() * size as usize) as u64 > scratch.heavy
            && class.iter().any(|set| set.count_ones() > 1);
        scratch.by_face = heavy;
        if heavy {
            tree::sort(recs);
            scratch.held = std::mem::size_of_val(&recs[..]) as u64;
            scratch.note();
            return Node::default();
        }
        // With no limit, nothing reads the paths once their tree is made
        // (only a class past its budget is built again from them): a heavy
        // class's, a gigabyte or more, are given back as the tree is made
        // and freed once it is, rather than held while it is made and
        // forced. Others stay resident, their memory kept for the next
        // class, and count while the tree is forced too.
        let spend = scratch.budget == 0 && recs.capacity() * size as usize > tree::HEAVY_PATHS;
        let give_back = spend.then_some(GIVE_BACK);
        let (root, held) = tree::build(
            recs,
            &self.layout,
            &self.worth,
            &mut scratch.arena,
            give_back,
        );
        // The tree, and the paths not given back, both held now.
        scratch.held = held;
        scratch.note();
        if spend {
            *recs = Vec::new();
            scratch.held = 0;
        }
        root
    }

    /// Walks the class's paths from `cell` on, at trie node `node` after
    /// `len` letters over the cells `used`, the path's choices so far in
    /// `key`, adding every word found to `recs`.
    #[allow(clippy::too_many_arguments)]
    fn grow<const W: usize>(
        &self,
        class: &[u64],
        cell: usize,
        node: u32,
        used: u64,
        len: usize,
        key: [u32; W],
        recs: &mut Vec<Rec<W>>,
        scratch: &mut Scratch,
    ) {
        if scratch.stopped || scratch.over {
            return;
        }
        let used = used | (1 << cell);
        // The neighbours a path from here may step into, as a mask: only
        // the free ones are read.
        let free = self.neighbors.mask(cell) & !used;
        let position = usize::from(self.position[cell]);
        let mut set = class[cell];
        // A cell of one face is no choice: its paths' keys leave it out, as
        // forcing it would.
        let fixed = set.count_ones() == 1;
        if self.faces_are_letters {
            // Only the faces that continue a word.
            set &= self.trie.mask(node);
        }
        for f in bits(set) {
            // A face of one letter, most faces, is one look at the node.
            let stepped = if self.single >> f & 1 == 1 {
                self.trie.child(node, f as u8).map(|n| (n, len + 1))
            } else {
                self.step(node, f)
                    .map(|n| (n, len + self.face_letters[f].len()))
            };
            let Some((n, l)) = stepped else {
                continue;
            };
            let key = if fixed {
                key
            } else {
                self.layout.with(key, position, f)
            };
            if l >= self.min_len && self.trie.is_word(n) {
                let tag = self.trie.tag(n);
                scratch.count(n, u64::from(self.worth.value(tag)));
                recs.push(Rec::new(key, n << self.worth.bits() | u32::from(tag)));
                scratch.over |= recs.len() > scratch.room;
                if recs.len() % STOP_CHECK == 0 && scratch.cancel.is_cancelled() {
                    scratch.stopped = true;
                }
            }
            if self.trie.has_children(n) {
                // The letters that go on from here: a neighbour none of
                // whose faces is one is not stepped into.
                let next = if self.faces_are_letters {
                    self.trie.mask(n)
                } else {
                    u64::MAX
                };
                for nb in bits(free) {
                    if class[nb] & next != 0 {
                        self.grow(class, nb, n, used, l, key, recs, scratch);
                    }
                }
            }
        }
    }
}

/// The order cells are fixed in: most neighbours first, so that the cells
/// that continue the most paths are forced while the tree is largest; among
/// cells of as many neighbours, around the board's centre clockwise, from
/// the upper left, so that each cell fixed lies beside the last. On 4x4
/// that ring took 8% less time than ties by index on the same orbits, and
/// orders chosen class by class were slower (docs/bench-log.md, "Measurements
/// behind design choices").
fn fixing_order(neighbors: &Neighbors) -> Vec<usize> {
    let Grid { rows, cols, .. } = neighbors.grid();
    // Each cell's offset from the centre, doubled to be whole (x right, y
    // down), turned an eighth clockwise so that the upper left points up;
    // the angle clockwise from up is then compared exactly: by half (right
    // of up, or up itself, first), then by the sign of a cross product.
    let turned = |i: usize| {
        let x = 2 * (i % cols) as i64 - (cols as i64 - 1);
        let y = 2 * (i / cols) as i64 - (rows as i64 - 1);
        (x - y, x + y)
    };
    let half = |(x, y): (i64, i64)| u8::from(!(x > 0 || (x == 0 && y < 0)));
    let around = |a: usize, b: usize| {
        let (p, q) = (turned(a), turned(b));
        // The centre itself first.
        let centre = |v: (i64, i64)| v != (0, 0);
        centre(p)
            .cmp(&centre(q))
            .then(half(p).cmp(&half(q)))
            .then_with(|| 0.cmp(&(p.0 * q.1 - p.1 * q.0)))
    };
    let mut order: Vec<usize> = (0..rows * cols).collect();
    order.sort_by(|&a, &b| {
        neighbors
            .of(b)
            .len()
            .cmp(&neighbors.of(a).len())
            .then_with(|| around(a, b))
            .then(a.cmp(&b))
    });
    order
}

/// The pack's distinct faces (a `q` that reads `qu` is one face) and the
/// letter codes each spells, in `alphabet`'s order.
fn faces_of(
    face_rules: &FaceRules,
    alphabet: &[char],
) -> Result<(Vec<String>, Vec<Vec<u8>>), ProveError> {
    let index = |c: char| alphabet.iter().position(|&a| a == c).map(|i| i as u8);
    let mut faces = Vec::new();
    let mut face_letters = Vec::new();
    for &c in alphabet {
        let face = face_rules
            .face(&c.to_string(), false)
            .map_err(|error| ProveError::Face { letter: c, error })?;
        let letters: Option<Vec<u8>> = face.chars().map(index).collect();
        let letters = letters.ok_or_else(|| ProveError::FaceOutside {
            letter: c,
            face: face.clone(),
        })?;
        if !face_letters.contains(&letters) {
            faces.push(face);
            face_letters.push(letters);
        }
    }
    Ok((faces, face_letters))
}

/// The words' trie, each word's node tagged with the index of its points
/// among the few values they take (one a length at most), and those values.
fn tagged_trie(words: &[Vec<u8>], rules: &Rules) -> Result<(Trie, Worth), ProveError> {
    let mut trie = Trie::new(words.to_vec());
    // A path's word is numbered by its node with that index in the low bits.
    let mut values: Vec<u32> = words
        .iter()
        .map(|w| rules.scoring.points(w.len()))
        .collect();
    values.sort_unstable();
    values.dedup();
    let worth = Worth::new(values.clone());
    let nodes = trie.nodes() as u64;
    if values.len() > 256 || nodes > u64::from(u32::MAX) >> worth.bits() {
        return Err(ProveError::Words {
            nodes,
            values: values.len(),
        });
    }
    for w in words {
        if let Some(node) = w.iter().try_fold(ROOT, |n, &l| trie.child(n, l)) {
            let points = rules.scoring.points(w.len());
            let index = values.binary_search(&points).unwrap_or(0);
            trie.set_tag(node, index as u8);
        }
    }
    Ok((trie, worth))
}

/// The inverse of each symmetry but the identity.
fn inverses_of(symmetries: &[Vec<u32>]) -> Vec<Vec<u32>> {
    symmetries
        .iter()
        .filter(|perm| perm.iter().enumerate().any(|(i, &p)| p as usize != i))
        .map(|perm| {
            let mut inv = vec![0u32; perm.len()];
            for (i, &p) in perm.iter().enumerate() {
                inv[p as usize] = i as u32;
            }
            inv
        })
        .collect()
}

/// Each cell's letter buckets and the bucket of each face in them, and the
/// cells that start whole (see the rule below).
#[allow(clippy::type_complexity)]
fn cell_buckets(
    neighbors: &Neighbors,
    faces: &[String],
    face_letters: &[Vec<u8>],
    words: &[Vec<u8>],
) -> (Vec<Vec<u64>>, Vec<Vec<u8>>, u64) {
    let cells = neighbors.cells();
    // Two buckets (vowels, consonants) or three (consonants split by
    // frequency), by board size and neighbour count: fewer buckets share
    // each tree over more boards, more bound it tighter and keep it
    // small. Up to nine cells, two everywhere; up to twelve (3x4), three
    // only in cells of six or more neighbours (the inner ones), and the
    // corners (fewer than four) start whole; beyond, three in every cell
    // of four or more, since on 4x4 two in the edge cells made classes of
    // some 10 GB each that did not finish in minutes, and the corners
    // (the cells of fewest neighbours) start whole. A whole corner is
    // fixed last, mostly by the orderly walk: its class's paths are
    // gathered, its tree built and its other cells forced once for all
    // of the corner's faces, where two buckets did all of that twice. On
    // 4x4 that took 40-60% off the time of the boards of a class. The
    // measurements behind the rule are in docs/bench-log.md.
    let fewest = (0..cells).map(|c| neighbors.of(c).len()).min().unwrap_or(0);
    let (wide, narrow) = match cells {
        0..=9 => (usize::MAX, 0),
        10..=12 => (6, 4),
        _ => (4, fewest + 1),
    };
    let mut buckets_by_degree: BTreeMap<usize, (Vec<u64>, Vec<u8>)> = BTreeMap::new();
    let (mut buckets_of_cell, mut bucket_of) = (Vec::new(), Vec::new());
    for cell in 0..cells {
        let degree = neighbors.of(cell).len();
        let k = if degree < wide { 2 } else { 3 };
        let (b, of) = buckets_by_degree
            .entry(degree)
            .or_insert_with(|| buckets(faces, face_letters, words, k));
        buckets_of_cell.push(b.clone());
        bucket_of.push(of.clone());
    }
    let whole = (0..cells)
        .filter(|&cell| neighbors.of(cell).len() < narrow)
        .fold(0u64, |m, cell| m | 1 << cell);
    (buckets_of_cell, bucket_of, whole)
}

#[cfg(test)]
pub(crate) mod tests;
