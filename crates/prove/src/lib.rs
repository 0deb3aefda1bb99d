//! Proving boards optimal: branch and bound over *board classes*.
//!
//! A class gives every cell a set of faces, so it stands for every board that
//! picks one face from each cell's set. For a class the prover computes an
//! upper bound on the score of every board in it; when the bound is below the
//! threshold, no board of the class can reach it and the whole class is
//! discarded. Otherwise one more cell is fixed to each of its faces in turn
//! and the prover recurses, down to single boards, which the solver scores
//! exactly. What is left is every board scoring at least the threshold: with
//! the threshold at the best score known, a proof that nothing beats it.
//!
//! The search runs in three stages.
//!
//! 1. **Buckets.** The faces are split into two buckets (vowels, the rest)
//!    on boards of up to nine cells and in cells of three neighbours or
//!    fewer, three elsewhere (the consonants split by how often they
//!    occur). Each cell is given a bucket; a 3x3 board has 2^9 such classes
//!    before symmetry, a 3x4 one 3^8 x 2^4.
//! 2. **One tree a class** (`tree.rs`): every path of the class
//!    through the pack's words, its (cell, face) choices sorted in the
//!    order cells are fixed, merged into a tree of sum nodes and choice
//!    nodes, so that one face a cell is chosen along each branch and a word
//!    found on several paths over the same cells counts once. Its bound
//!    takes the best face at every choice. A second bound comes from the
//!    same walk, "sum, union": every word some board of the class could
//!    hold, counted once; the class is dropped when either is below the
//!    threshold.
//! 3. **Forcing.** While the bound is high the next cell is fixed to each
//!    face by *merging*: that face's subtree is merged into the rest of the
//!    tree, so that every branch that chose its own face for a later cell
//!    now has to agree, which lowers the bound. Once the bound is within
//!    [`Switchover`] of the threshold, or few cells are left, the *orderly
//!    walk* fixes the remaining cells without making nodes, keeping the
//!    bound up to date as it goes. Boards that reach the end still at or
//!    above the threshold are scored exactly.
//!
//! Every board of a class scores at most each of these bounds, so no class
//! holding a board at or above the threshold is discarded;
//! `tests/tests/prove.rs` checks the prover against exhaustive enumeration,
//! with each way of forcing. The method and the buckets are those of
//! Vanderkam's proof of the best 4x4 board ("Boggle is solved", arXiv
//! 2507.02117); this is a separate implementation.
//!
//! Symmetry: of a board's rotations and reflections, only the one whose
//! faces read smallest in the order cells are fixed is explored (a class
//! whose every board has a smaller image is skipped), and boards are
//! reported in their canonical text.
//!
//! The bound supports the length-based schemes ([`solve::Scoring::points`]):
//! a word's points depend only on its length in letters.
//!
//! ```
//! use prep::{Pack, PackBuilder, Recipe};
//! use prove::{ProveOptions, Prover};
//! use solve::Rules;
//!
//! let recipe = Recipe::builtin("enable").unwrap();
//! let (bytes, _) = PackBuilder::new(recipe)
//!     .build_bytes(b"tea\neat\nate\ntee\n", "tiny.txt")
//!     .unwrap();
//! let pack = Pack::from_vec(bytes, "tiny").unwrap();
//! let prover = Prover::new(&pack, Rules::for_pack(&pack), 2, 2).unwrap();
//! let options = ProveOptions { threshold: 4, ..ProveOptions::default() };
//! let proof = prover.run(&options).unwrap();
//! assert!(proof.complete);
//! // Only a, e, e and t spell all four words; up to symmetry, the two e's
//! // sit side by side or corner to corner.
//! let boards: Vec<(&str, u64)> = proof.boards.iter().map(|b| (b.board.as_str(), b.score)).collect();
//! assert_eq!(boards.len(), 2);
//! assert!(boards.iter().all(|&(_, score)| score == 4));
//! ```

#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use grid::{bits, symmetry, Grid, Neighbors};
use job::{Control, PoolError, Progress};
use prep::Pack;
use rayon::prelude::*;
pub use solve::board::Scored;
use solve::board::{canonical, Board, FaceRules, TextStyle};
use solve::{BoardError, LexiconError, Rules, Solver};

mod tree;
mod trie;

use tree::{Arena, Packing, Paths, Rec};

use trie::{Trie, ROOT};

/// What can stop a proof before it starts.
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    /// The scheme scores letters, which the bound does not cover.
    #[error("the prover bounds length-based scoring only (boggle, big, words, …), not {0}")]
    Scheme(String),
    /// A board of more than 64 cells, or none.
    #[error("a {rows}x{cols} board: prove takes 1 to 64 cells")]
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The pack's table could not be read.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
    /// The pack's board rules could not be read.
    #[error(transparent)]
    Rules(#[from] BoardError),
    /// A letter of the pack's alphabet makes no face the prover can use.
    #[error("the letter {letter:?} makes no face: {message}")]
    Face {
        /// The letter.
        letter: char,
        /// Why.
        message: String,
    },
    /// The pack's words could not be read.
    #[error(transparent)]
    Pack(#[from] prep::PackError),
    /// The pool of worker threads could not be started.
    #[error(transparent)]
    Threads(#[from] PoolError),
}

/// A callback for each finished part: its index and the boards it found.
pub type PartDone<'a> = dyn Fn(u64, &[Scored]) + Sync + 'a;

/// How to run a proof.
#[derive(Default)]
pub struct ProveOptions<'a> {
    /// Report every board scoring at least this.
    pub threshold: u32,
    /// Threads, the cancel token (a cancelled proof says it is not
    /// complete) and progress: [`Progress`] parts of the class space
    /// finished, of all parts.
    pub control: Control<'a>,
    /// Only this shard of the parts: `(k, n)` takes the parts whose index
    /// is `k` modulo `n` (`k` from 0). `None`: every part.
    pub shard: Option<(u64, u64)>,
    /// Parts already done (by index, from a checkpoint): skipped, and
    /// counted as finished.
    pub done: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
    /// Called as each part finishes, with its index and the boards it found
    /// (never for a part cut short by a cancel): what a checkpoint records.
    pub on_part: Option<&'a PartDone<'a>>,
    /// When a class's tree stops being forced by merging and is finished by
    /// the orderly walk.
    pub switchover: Switchover,
}

/// When the prover stops forcing cells by merging trees, which costs memory
/// and makes later bounds tighter, and finishes a class with the orderly
/// walk, which merges nothing (see `tree.rs` and [`Prover::run`]). Either
/// way finds the same boards; only the time and memory differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switchover {
    /// Walk once the tree's bound is at most this many percent of the
    /// threshold.
    pub percent: u32,
    /// Walk once at most this many cells are left to force.
    pub cells: usize,
}

impl Default for Switchover {
    /// Walk below 250% of the threshold or with four cells left. On a
    /// sample of ten 3x4 ENABLE2K parts (one core, CPU seconds), 150% took
    /// 232 s, 180% 185 s, 220% 158 s, 260% 156 s, 300% 161 s, 400% 207 s
    /// and walking at once 225 s: merging longer costs more than the
    /// tighter bounds save; walking sooner leaves the walk too many open
    /// choices.
    fn default() -> Switchover {
        Switchover {
            percent: 250,
            cells: 4,
        }
    }
}

/// What a proof found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Proof {
    /// Every distinct board (up to symmetry) scoring at least the
    /// threshold, best first.
    pub boards: Vec<Scored>,
    /// Classes whose bound was computed.
    pub classes: u64,
    /// Single boards scored exactly.
    pub solved: u64,
    /// The parts the class space was split into (the classes with the
    /// first cells' buckets fixed), in this run's shard.
    pub parts: u64,
    /// Parts finished (or done before, by [`ProveOptions::done`]);
    /// `complete` when all were.
    pub parts_done: u64,
    /// Whether the whole class space was covered (false when cancelled).
    pub complete: bool,
}

/// A prover for one pack, rules and board size.
#[derive(Clone)]
pub struct Prover {
    rows: usize,
    cols: usize,
    /// Each candidate face as the board reads a single letter (`qu` for an
    /// English `q`), and as letter indices.
    faces: Vec<String>,
    face_letters: Vec<Vec<u8>>,
    /// Whether face `f` starts with letter `f` for every face, so that a
    /// trie node's letter mask is a mask of the faces that may follow.
    faces_are_letters: bool,
    trie: Trie,
    neighbors: Neighbors,
    /// Points by length in letters.
    points: Vec<u32>,
    min_len: usize,
    /// The cells in the order they are fixed: most neighbours first.
    order: Vec<usize>,
    symmetries: Vec<Vec<u32>>,
    /// For each symmetry but the identity, the cell each cell's face comes
    /// from in the image.
    inverses: Vec<Vec<u32>>,
    /// Each cell's faces split into buckets: a cell is given a bucket
    /// first, then one of its faces. Cells that a symmetry maps onto each
    /// other (alike in their number of neighbours) share their buckets.
    buckets: Vec<Vec<u64>>,
    /// Each cell's bucket of each face.
    bucket_of: Vec<Vec<u8>>,
    /// Every face.
    all: u64,
    /// Each cell's index in `order`.
    position: Vec<u8>,
    /// How the tree's paths pack into keys.
    layout: Packing,
    /// How the pack writes faces, for the boards' canonical texts.
    face_rules: FaceRules,
    solver: Solver,
}

/// A worker's scratch space: the class's tree and the sum/union bound.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// The class's paths, their memory kept from class to class.
    paths: Paths,
    /// The class's tree and the trees forcing makes from it.
    arena: Arena,
    /// The orderly walk's choice nodes still to take, by position.
    pending: Vec<Vec<u32>>,
    /// When each trie node's word was last counted in `union`.
    stamp: Vec<u32>,
    now: u32,
    union: u64,
}

impl Scratch {
    /// Starts a new class over a trie of `nodes` nodes: no word counted.
    fn start(&mut self, nodes: usize) {
        if self.stamp.len() != nodes {
            self.stamp = vec![0; nodes];
            self.now = 0;
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
        self.union = 0;
    }

    /// Adds the word ending at trie node `node` to `union`, once a class.
    #[inline]
    fn count(&mut self, node: u32, points: u64) {
        let stamp = &mut self.stamp[node as usize];
        if *stamp != self.now {
            *stamp = self.now;
            self.union += points;
        }
    }
}

/// What one worker carries down the branches.
struct Work<'a> {
    solver: &'a mut Solver,
    scratch: &'a mut Scratch,
    counts: &'a mut (u64, u64),
    found: &'a mut Vec<Scored>,
}

impl Prover {
    /// A prover for `rows` x `cols` boards of `pack` under `rules`.
    pub fn new(pack: &Pack, rules: Rules, rows: usize, cols: usize) -> Result<Prover, ProveError> {
        if rules.scoring.is_letter_scheme() || rules.bonus.is_some() {
            return Err(ProveError::Scheme(rules.scoring.name().to_string()));
        }
        let cells = rows * cols;
        if cells == 0 || cells > 64 {
            return Err(ProveError::Size { rows, cols });
        }
        let face_rules = FaceRules::from_pack(pack)?;
        let alphabet: Vec<char> = face_rules.alphabet().to_vec();
        let index = |c: char| alphabet.iter().position(|&a| a == c).map(|i| i as u8);
        let mut faces = Vec::new();
        let mut face_letters = Vec::new();
        for &c in &alphabet {
            let face = face_rules
                .face(&c.to_string(), false)
                .map_err(|message| ProveError::Face { letter: c, message })?;
            let letters: Option<Vec<u8>> = face.chars().map(index).collect();
            let letters = letters.ok_or_else(|| ProveError::Face {
                letter: c,
                message: format!("its face {face:?} spells letters outside the alphabet"),
            })?;
            if !face_letters.contains(&letters) {
                faces.push(face);
                face_letters.push(letters);
            }
        }
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
        let trie = Trie::new(words.clone());
        let neighbors = Neighbors::new(Grid {
            rows,
            cols,
            adjacency: rules.adjacency,
            wrap: rules.wrap,
        });
        let points = (0..=max_len).map(|l| rules.scoring.points(l)).collect();
        let mut order: Vec<usize> = (0..cells).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(neighbors.of(i).len()), i));
        let symmetries = symmetry::preserving(&neighbors);
        let inverses: Vec<Vec<u32>> = symmetries
            .iter()
            .filter(|perm| perm.iter().enumerate().any(|(i, &p)| p as usize != i))
            .map(|perm| {
                let mut inv = vec![0u32; perm.len()];
                for (i, &p) in perm.iter().enumerate() {
                    inv[p as usize] = i as u32;
                }
                inv
            })
            .collect();
        // Two buckets (vowels, consonants) on small boards and in cells of
        // few neighbours; three (consonants split by frequency) elsewhere:
        // the fewer the classes, the more each tree is shared, but a class
        // too wide bounds too loosely.
        let mut buckets_by_degree: BTreeMap<usize, (Vec<u64>, Vec<u8>)> = BTreeMap::new();
        let (mut buckets_of_cell, mut bucket_of) = (Vec::new(), Vec::new());
        for cell in 0..cells {
            let degree = neighbors.of(cell).len();
            let k = if cells <= 9 || degree <= 3 { 2 } else { 3 };
            let (b, of) = buckets_by_degree
                .entry(degree)
                .or_insert_with(|| buckets(&faces, &face_letters, &words, k));
            buckets_of_cell.push(b.clone());
            bucket_of.push(of.clone());
        }
        let buckets = buckets_of_cell;
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
        let layout = Packing::new(cells, faces.len());
        Ok(Prover {
            rows,
            cols,
            faces,
            faces_are_letters,
            face_letters,
            trie,
            neighbors,
            points,
            min_len,
            order,
            symmetries,
            inverses,
            buckets,
            bucket_of,
            all,
            position,
            layout,
            face_rules,
            solver,
        })
    }

    /// The faces a cell may hold, as the board reads them.
    pub fn faces(&self) -> &[String] {
        &self.faces
    }

    /// The upper bound on the score of every board of `class` (each cell a
    /// set of faces, bit `f` for `faces()[f]`): the tree's, or sum/union's
    /// when that is smaller.
    pub fn bound(&self, class: &[u64]) -> u64 {
        let mut scratch = Scratch::default();
        let (root, union) = self.tree(class, &mut scratch);
        u64::from(scratch.arena.bound(root)).min(union)
    }

    /// The trie node `face` leads to from `node`, if every letter of the
    /// face has a child.
    #[inline]
    fn step(&self, node: u32, face: usize) -> Option<u32> {
        self.face_letters[face]
            .iter()
            .try_fold(node, |n, &l| self.trie.child(n, l))
    }

    /// Makes `class`'s tree (see `tree.rs`) in the scratch arena, emptied
    /// first; returns its root and the sum/union bound from the same walk.
    fn tree(&self, class: &[u64], scratch: &mut Scratch) -> (u32, u64) {
        scratch.start(self.trie.nodes());
        let mut paths = std::mem::take(&mut scratch.paths);
        paths.clear(&self.layout);
        let root = match &mut paths {
            Paths::W1(recs) => self.tree_of(class, recs, scratch),
            Paths::W2(recs) => self.tree_of(class, recs, scratch),
            Paths::W4(recs) => self.tree_of(class, recs, scratch),
            Paths::W8(recs) => self.tree_of(class, recs, scratch),
        };
        scratch.paths = paths;
        (root, scratch.union)
    }

    /// Every word of the class on every path, into `recs`, then their tree
    /// in the scratch arena, emptied first; returns its root.
    fn tree_of<const W: usize>(
        &self,
        class: &[u64],
        recs: &mut Vec<Rec<W>>,
        scratch: &mut Scratch,
    ) -> u32 {
        for cell in 0..class.len() {
            let key = self.layout.empty();
            self.grow(class, cell, ROOT, 0, 0, key, recs, scratch);
        }
        scratch.arena.clear();
        tree::build(recs, &self.layout, &mut scratch.arena)
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
        key: [u64; W],
        recs: &mut Vec<Rec<W>>,
        scratch: &mut Scratch,
    ) {
        let used = used | (1 << cell);
        let position = usize::from(self.position[cell]);
        let mut set = class[cell];
        if self.faces_are_letters {
            // Only the faces that continue a word.
            set &= self.trie.mask(node);
        }
        for f in bits(set) {
            let Some(n) = self.step(node, f) else {
                continue;
            };
            let l = len + self.face_letters[f].len();
            let key = self.layout.with(key, position, f);
            if l >= self.min_len && self.trie.is_word(n) {
                let points = self.points[l];
                scratch.count(n, u64::from(points));
                recs.push(Rec::new(key, n, points));
            }
            if self.trie.has_children(n) {
                for &nb in self.neighbors.of(cell) {
                    if used & (1 << nb) == 0 {
                        self.grow(class, nb as usize, n, used, l, key, recs, scratch);
                    }
                }
            }
        }
    }

    /// Runs the proof: every board (up to symmetry) scoring at least
    /// `options.threshold`.
    pub fn run(&self, options: &ProveOptions) -> Result<Proof, ProveError> {
        options.control.install(|| self.run_here(options))?
    }

    fn run_here(&self, options: &ProveOptions) -> Result<Proof, ProveError> {
        let all = self.all;
        let root = vec![all; self.rows * self.cols];
        // The parts run in parallel: the classes with the first cells' buckets
        // fixed, enough of them to share out.
        let mut fixed = 0;
        let mut parts = vec![root];
        while fixed < self.order.len() && parts.len() < 256 {
            let cell = self.order[fixed];
            fixed += 1;
            parts = parts
                .into_iter()
                .flat_map(|class| {
                    self.buckets[cell].iter().map(move |&b| {
                        let mut c = class.clone();
                        c[cell] = b;
                        c
                    })
                })
                .filter(|c| !self.symmetric_duplicate(c))
                .collect();
        }
        // Each part keeps its index in the whole list, whatever the shard.
        let parts: Vec<(u64, Vec<u64>)> = parts
            .into_iter()
            .enumerate()
            .map(|(i, c)| (i as u64, c))
            .filter(|(i, _)| options.shard.map_or(true, |(k, n)| n == 0 || i % n == k))
            .collect();
        let total = parts.len() as u64;
        let done = AtomicU64::new(0);
        // Parts that ran to their end (not cut short by a cancel).
        let finished = AtomicU64::new(0);
        let classes = AtomicU64::new(0);
        let solved = AtomicU64::new(0);
        let found: Mutex<BTreeMap<String, Scored>> = Mutex::new(BTreeMap::new());
        let cancelled = || options.control.is_cancelled();
        let parts: Vec<(u64, Vec<u64>)> = parts
            .into_iter()
            .filter(|(i, _)| {
                let before = options.done.is_some_and(|d| d(*i));
                if before {
                    finished.fetch_add(1, Ordering::Relaxed);
                    done.fetch_add(1, Ordering::Relaxed);
                }
                !before
            })
            .collect();
        let result: Result<(), LexiconError> = parts.into_par_iter().try_for_each_init(
            || (self.solver.clone(), Scratch::default()),
            |(solver, scratch), (index, mut class)| {
                if cancelled() {
                    return Ok(());
                }
                let mut counts = (0u64, 0u64);
                let mut local = Vec::new();
                let mut work = Work {
                    solver,
                    scratch,
                    counts: &mut counts,
                    found: &mut local,
                };
                self.classes(&mut class, fixed, options, &mut work)?;
                classes.fetch_add(counts.0, Ordering::Relaxed);
                solved.fetch_add(counts.1, Ordering::Relaxed);
                if cancelled() {
                    // Cut short: what it found stays, but it is not done.
                    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                    for p in local {
                        found.insert(p.board.clone(), p);
                    }
                } else {
                    if let Some(on_part) = options.on_part {
                        on_part(index, &local);
                    }
                    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                    for p in local {
                        found.insert(p.board.clone(), p);
                    }
                    finished.fetch_add(1, Ordering::Relaxed);
                }
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                options.control.report(&Progress {
                    done: d,
                    total: Some(total),
                });
                Ok(())
            },
        );
        result?;
        let mut boards: Vec<Scored> = found
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_values()
            .collect();
        boards.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.board.cmp(&b.board)));
        Ok(Proof {
            boards,
            classes: classes.into_inner(),
            solved: solved.into_inner(),
            parts: total,
            parts_done: finished.load(Ordering::Relaxed),
            complete: !cancelled() && finished.load(Ordering::Relaxed) == total,
        })
    }

    /// Gives cell `order[k]` and each later one each of its buckets in
    /// turn; each class with every cell's bucket set is bounded by its tree
    /// and attacked ([`Prover::attack`]).
    fn classes(
        &self,
        class: &mut Vec<u64>,
        k: usize,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        if options.control.is_cancelled() {
            return Ok(());
        }
        if k == self.order.len() {
            work.counts.0 += 1;
            let (root, union) = self.tree(class, work.scratch);
            let threshold = u64::from(options.threshold);
            if union < threshold || u64::from(work.scratch.arena.bound(root)) < threshold {
                return Ok(());
            }
            return self.attack(root, 0, class, options, work);
        }
        let cell = self.order[k];
        let set = class[cell];
        for &bucket in &self.buckets[cell] {
            class[cell] = bucket;
            if !self.symmetric_duplicate(class) {
                self.classes(class, k + 1, options, work)?;
            }
        }
        class[cell] = set;
        Ok(())
    }

    /// Attacks the tree `root` of `class` with the first `k` positions of
    /// the order forced: while its bound is high, forces the next cell to
    /// each of its faces in turn, merging (see `tree.rs`); once it is within
    /// reach, or few cells are left, finishes with the orderly walk.
    fn attack(
        &self,
        root: u32,
        k: usize,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        let threshold = u64::from(options.threshold);
        let bound = u64::from(work.scratch.arena.bound(root));
        if bound < threshold {
            return Ok(());
        }
        if options.control.is_cancelled() {
            return Ok(());
        }
        let switch = options.switchover;
        if bound * 100 <= threshold * u64::from(switch.percent) || n - k <= switch.cells {
            return self.orderly(root, k, class, options, work);
        }
        let cell = self.order[k];
        let set = class[cell];
        let mark = work.scratch.arena.mark();
        let (choice, rest) = work.scratch.arena.split(root, k as u8);
        for f in bits(set) {
            class[cell] = 1 << f;
            if self.symmetric_duplicate(class) {
                continue;
            }
            work.counts.0 += 1;
            // Merging gives at most the face's subtree's bound plus the
            // rest's: below the threshold, the merge need not be made.
            let arena = &work.scratch.arena;
            let sub = arena.face(choice, f as u8);
            let most = u64::from(sub.map_or(0, |s| arena.bound(s))) + u64::from(arena.bound(rest));
            if most < threshold {
                continue;
            }
            let inner = work.scratch.arena.mark();
            let forced = work.scratch.arena.force(sub, rest);
            let result = self.attack(forced, k + 1, class, options, work);
            work.scratch.arena.reset(inner);
            result?;
        }
        class[cell] = set;
        work.scratch.arena.reset(mark);
        Ok(())
    }

    /// Finishes the tree `root` with the first `k` positions forced by an
    /// orderly walk that merges nothing: the choice nodes still open wait
    /// by position, and fixing the next cell to a face takes that face's
    /// subtree under each of that position's choices, so that every choice
    /// of a cell agrees, as merging would make it, and the bound (the points
    /// taken plus the open choices' bounds) is updated as it goes. Boards
    /// reached at or above the threshold are scored exactly.
    fn orderly(
        &self,
        root: u32,
        k: usize,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        let mut pending = std::mem::take(&mut work.scratch.pending);
        pending.resize_with(n, Vec::new);
        pending.iter_mut().for_each(Vec::clear);
        let arena = std::mem::take(&mut work.scratch.arena);
        let mut open = 0u64;
        for &c in arena.kids(root) {
            pending[usize::from(arena.key(c))].push(c);
            open += u64::from(arena.bound(c));
        }
        let base = u64::from(arena.points(root));
        let result = self.walk(&arena, &mut pending, k, base, open, class, options, work);
        work.scratch.arena = arena;
        work.scratch.pending = pending;
        result
    }

    /// One cell of the orderly walk: `base` is the points taken, `open` the
    /// bounds of the choices waiting in `pending`.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        arena: &Arena,
        pending: &mut [Vec<u32>],
        k: usize,
        base: u64,
        open: u64,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        if k == n {
            return self.score(class, options, work);
        }
        if options.control.is_cancelled() {
            return Ok(());
        }
        let threshold = u64::from(options.threshold);
        let cell = self.order[k];
        let set = class[cell];
        // What each face would add, and what taking this cell removes.
        let mut gains = [0u64; 64];
        let mut removed = 0u64;
        for &c in &pending[k] {
            removed += u64::from(arena.bound(c));
            for &s in arena.kids(c) {
                gains[usize::from(arena.key(s))] += u64::from(arena.bound(s));
            }
        }
        let mut lens = [0u32; 64];
        for f in bits(set) {
            if base + open - removed + gains[f] < threshold {
                continue;
            }
            class[cell] = 1 << f;
            if self.symmetric_duplicate(class) {
                continue;
            }
            work.counts.0 += 1;
            for (len, p) in lens.iter_mut().zip(pending.iter()).skip(k + 1) {
                *len = p.len() as u32;
            }
            let (mut b, mut o) = (base, open - removed);
            for i in 0..pending[k].len() {
                let Some(s) = arena.child(pending[k][i], f as u8) else {
                    continue;
                };
                b += u64::from(arena.points(s));
                for &c in arena.kids(s) {
                    pending[usize::from(arena.key(c))].push(c);
                    o += u64::from(arena.bound(c));
                }
            }
            let result = self.walk(arena, pending, k + 1, b, o, class, options, work);
            for (len, p) in lens.iter().zip(pending.iter_mut()).skip(k + 1) {
                p.truncate(*len as usize);
            }
            result?;
        }
        class[cell] = set;
        Ok(())
    }

    /// Scores a single board exactly, keeping it when it reaches the
    /// threshold.
    fn score(
        &self,
        class: &[u64],
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        work.counts.1 += 1;
        let cells: Vec<Option<String>> = class
            .iter()
            .map(|set| Some(self.faces[set.trailing_zeros() as usize].clone()))
            .collect();
        let board = Board::new(self.rows, self.cols, cells).expect("a board of faces");
        let tally = work.solver.tally(&board)?;
        if tally.score >= u64::from(options.threshold) {
            work.found.push(Scored {
                score: tally.score,
                board: self.canonical(class),
                words: tally.words,
            });
        }
        Ok(())
    }

    /// Whether every board of `class` has a rotation or reflection that
    /// comes first: the boards are ordered by their cells' buckets, then by
    /// their faces, cell by cell in the fixing order. A class is skipped
    /// only when, for some symmetry, the image is decidedly smaller on what
    /// the class fixes; the smallest image of each board is never skipped,
    /// so every board is still looked at, up to symmetry.
    fn symmetric_duplicate(&self, class: &[u64]) -> bool {
        // A cell's bucket (phase 0) or face (phase 1), when the class fixes it.
        let key = |phase: usize, cell: usize| -> Option<u32> {
            let set = class[cell];
            if phase == 0 {
                (set != self.all)
                    .then(|| u32::from(self.bucket_of[cell][set.trailing_zeros() as usize]))
            } else {
                (set.count_ones() == 1).then(|| set.trailing_zeros())
            }
        };
        self.inverses.iter().any(|inv| {
            for phase in 0..2 {
                for &cell in &self.order {
                    let (Some(own), Some(image)) =
                        (key(phase, cell), key(phase, inv[cell] as usize))
                    else {
                        return false;
                    };
                    match image.cmp(&own) {
                        std::cmp::Ordering::Less => return true,
                        std::cmp::Ordering::Greater => return false,
                        std::cmp::Ordering::Equal => {}
                    }
                }
            }
            false
        })
    }

    /// A single board's canonical text: the smallest of its images under
    /// the board's symmetries, each cell written as the pack writes it.
    fn canonical(&self, class: &[u64]) -> String {
        let texts: Vec<String> = class
            .iter()
            .map(|set| {
                let face = &self.faces[set.trailing_zeros() as usize];
                self.face_rules.cell_text(Some(face), TextStyle::Compact)
            })
            .collect();
        let cells: Vec<&str> = texts.iter().map(String::as_str).collect();
        canonical::canonical_with(
            &cells,
            self.rows,
            self.cols,
            &self.symmetries,
            &self.face_rules.continuations(),
        )
    }
}

/// Vowels of the scripts the packs use (Latin with its accents, Greek,
/// Cyrillic); `y` counts as a consonant, as it mostly acts like one.
const VOWELS: &str = "aeiouàáâãäåæèéêëìíîïòóôõöøùúûüœαάεέηήιίϊΐοόυύϋΰωώаеёиоуыэюяіїє";

/// Splits the faces into at most `k` buckets: the vowels in one, the other
/// faces in `k - 1` of about equal size by how often each face's first
/// letter occurs in `words`, most frequent first. A class whose cells are
/// vowel or consonant sets bounds far tighter than one that mixes them: a
/// cell that may be either continues most prefixes.
fn buckets(
    faces: &[String],
    letters_of: &[Vec<u8>],
    words: &[Vec<u8>],
    k: usize,
) -> (Vec<u64>, Vec<u8>) {
    let mut letters = [0u64; 64];
    for &l in words.iter().flatten() {
        letters[usize::from(l)] += 1;
    }
    let count = |f: usize| {
        letters_of[f]
            .first()
            .map_or(0, |&l| letters[usize::from(l)])
    };
    let vowel = |f: usize| faces[f].chars().next().is_some_and(|c| VOWELS.contains(c));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let vowels: Vec<usize> = (0..faces.len()).filter(|&f| vowel(f)).collect();
    let mut rest: Vec<usize> = (0..faces.len()).filter(|&f| !vowel(f)).collect();
    let k = k.clamp(1, faces.len().max(1));
    let split = if vowels.is_empty() || rest.is_empty() || k < 2 {
        rest = (0..faces.len()).collect();
        k
    } else {
        groups.push(vowels);
        k - 1
    };
    rest.sort_by_key(|&f| (std::cmp::Reverse(count(f)), f));
    let size = rest.len().div_ceil(split).max(1);
    groups.extend(rest.chunks(size).map(<[usize]>::to_vec));
    let mut buckets = Vec::with_capacity(groups.len());
    let mut bucket_of = vec![0u8; faces.len()];
    for (b, group) in groups.iter().enumerate() {
        buckets.push(group.iter().fold(0u64, |m, &f| m | 1 << f));
        for &f in group {
            bucket_of[f] = b as u8;
        }
    }
    (buckets, bucket_of)
}

#[cfg(test)]
mod tests {
    use super::buckets;

    #[test]
    fn vowels_share_a_bucket_and_consonants_split_by_frequency() {
        let faces: Vec<String> = "abcdeo".chars().map(String::from).collect();
        let letters: Vec<Vec<u8>> = (0..6u8).map(|l| vec![l]).collect();
        // b is the most frequent consonant, then c, then d.
        let words: Vec<Vec<u8>> = vec![vec![1, 1, 1, 2, 2, 3]];
        let (b, of) = buckets(&faces, &letters, &words, 3);
        // Vowels a, e, o; then {b, c}; then {d}.
        assert_eq!(b, vec![0b110001, 0b000110, 0b001000]);
        assert_eq!(of, vec![0, 1, 1, 2, 0, 0]);
        // No vowels: all by frequency.
        let (b, _) = buckets(&faces[1..4], &letters[..3], &[vec![0, 0, 1]], 3);
        assert_eq!(b.len(), 3);
    }
}
