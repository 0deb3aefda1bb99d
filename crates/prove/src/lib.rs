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
//!    or three (the consonants split by how often they occur): two
//!    everywhere on boards of up to nine cells; on boards of up to twelve,
//!    three only in cells of six or more neighbours, the corners *whole*
//!    (one bucket of every face); on larger boards, three in cells of four
//!    or more, the corners whole. Each cell is given a bucket; a 3x3 board
//!    has 2^9 such classes before symmetry, a 3x4 one 3^2 x 2^6, a 4x4 one
//!    3^12. A class whose paths pass 768 MB is split before its tree is
//!    made, into its next cell's faces, each part's paths gathered on its
//!    own.
//! 2. **One tree a class** (`tree/`): every path of the class
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

use grid::Neighbors;
use job::{Cancel, Control, PoolError};
pub use sample::{
    Projection, SampleCheckpoint, Sampled, SampledClass, StoppingRule, Stratum,
    SAMPLE_CHECKPOINT_VERSION,
};
pub use shard::{
    best_first, merge, Checkpoint, CheckpointError, MergeError, Merged, Report, Run, Shard,
    ShardError, CHECKPOINT_VERSION,
};
pub use slice::Slice;
use solve::board::FaceRules;
pub use solve::board::Scored;
use solve::{BoardError, LexiconError, Solver};

mod buckets;
mod driver;
mod orderly;
mod prover;
mod sample;
mod shard;
mod slice;
mod tree;
mod trie;

use tree::{Arena, Packing, Paths};
use trie::Trie;

/// What can stop a proof before it starts.
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    /// The scheme scores letters, which the bound does not cover.
    #[error("the prover bounds length-based scoring only (boggle, big, words, …), not {0}")]
    Scheme(String),
    /// A board of more than 64 cells, or none.
    #[error("a {rows}x{cols} board: prove takes 1 to {} cells", grid::MASK_CELLS)]
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
    #[error("the letter {letter:?} makes no face: {error}")]
    Face {
        /// The letter.
        letter: char,
        /// Why.
        error: solve::FaceError,
    },
    /// A letter whose face (after the pack's aliases) spells letters
    /// outside the alphabet.
    #[error("the letter {letter:?} makes no face: its face {face:?} spells letters outside the alphabet")]
    FaceOutside {
        /// The letter.
        letter: char,
        /// The face it reads as.
        face: String,
    },
    /// The pack's words could not be read.
    #[error(transparent)]
    Pack(#[from] prep::PackError),
    /// The pool of worker threads could not be started.
    #[error(transparent)]
    Threads(#[from] PoolError),
    /// Too many words, or too many scores, to number each path's word in
    /// 32 bits with its score's index.
    #[error("the pack's words make {nodes} trie nodes with {values} distinct scores: more than the prover's 32-bit word numbers hold")]
    Words {
        /// Trie nodes.
        nodes: u64,
        /// Distinct scores of a word.
        values: usize,
    },
    /// A class named in text ([`Prover::bucket_text`]'s form) that is not
    /// one the proof runs.
    #[error("{text:?} is not a class of this proof: {why}")]
    Class {
        /// The text.
        text: String,
        /// Why.
        why: String,
    },
    /// A class a sample's checkpoint holds at a place of the draw where
    /// this prover draws another: a checkpoint of another class space
    /// (another version's), whose times are not this sample's.
    #[error("the checkpoint's class {place} of the sample is {saved}, where this boggle draws {drawn}: it is of another version's class space")]
    SampleCheckpoint {
        /// The class's place in the draw.
        place: usize,
        /// The checkpoint's class there.
        saved: String,
        /// This draw's.
        drawn: String,
    },
    /// A threshold past the most points the bound counts up to.
    #[error("a threshold of {0} points: the prover proves thresholds up to {most}", most = MOST_THRESHOLD)]
    Threshold(u32),
}

/// The highest threshold a proof takes: the bound counts points up to it
/// (16,777,215) and saturates there, which keeps a heavy class's tree
/// nodes small; a board scoring near it would need over a million words.
pub const MOST_THRESHOLD: u32 = tree::MOST;

impl ProveOptions<'_> {
    /// Refuses a threshold the bound cannot count up to.
    fn check(&self) -> Result<(), ProveError> {
        if self.threshold > MOST_THRESHOLD {
            return Err(ProveError::Threshold(self.threshold));
        }
        Ok(())
    }
}

/// A callback for each finished part: its index and the boards it found.
pub type PartDone<'a> = dyn Fn(u64, &[Scored]) + Sync + 'a;

/// A sample's class already run at a place of its draw, if there is one.
pub type SampledAt<'a> = dyn Fn(usize) -> Option<SampledClass> + Sync + 'a;

/// A callback for each class of a sample run: its place in the draw and
/// what running it took.
pub type SampleDone<'a> = dyn Fn(usize, &SampledClass) + Sync + 'a;

/// How to run a proof, or a sample of it.
#[derive(Default)]
pub struct ProveOptions<'a> {
    /// Report every board scoring at least this.
    pub threshold: u32,
    /// Threads, the cancel token (a cancelled proof says it is not
    /// complete) and progress: [`Progress`](job::Progress) parts of the class space
    /// finished, of all parts.
    pub control: Control<'a>,
    /// Only this shard of the parts. `None`: every part.
    pub shard: Option<Shard>,
    /// Only this random slice of the classes (within the shard's parts).
    /// `None`: every class.
    pub slice: Option<Slice>,
    /// Parts already done (by index, from a checkpoint): skipped, and
    /// counted as finished.
    pub done: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
    /// Called as each part finishes, with its index and the boards it found
    /// (never for a part cut short by a cancel): what a checkpoint records.
    pub on_part: Option<&'a PartDone<'a>>,
    /// Classes of a sample already run (by their place in its draw, from
    /// a [`SampleCheckpoint`]): taken as they were, times and all, not run
    /// again; one that is not the class drawn there is refused
    /// ([`ProveError::SampleCheckpoint`]).
    pub sampled: Option<&'a SampledAt<'a>>,
    /// Called as each class of a sample finishes (never for one cut short
    /// by a cancel, nor one [`ProveOptions::sampled`] held), with its place
    /// in the draw: what a [`SampleCheckpoint`] records.
    pub on_sampled: Option<&'a SampleDone<'a>>,
    /// When a class's tree stops being forced by merging and is finished by
    /// the orderly walk.
    pub switchover: Switchover,
    /// The most bytes a class's paths and trees may take, or 0 for no
    /// limit (the default); half for the paths, half for the trees. A
    /// class whose tree would pass its half is built as a DAG, a subtree
    /// alike to one built already not built again (about a tenth of the
    /// nodes, but slower to force); if that passes it too, it is
    /// made one face of its next cell at a time, from the paths already
    /// gathered (the paths that do not use the cell make one tree, shared;
    /// each face's subtree is made, merged with it, attacked and freed in
    /// turn); a merge that would pass it is dropped and that face finished
    /// by the orderly walk, which makes no nodes; a class whose paths pass
    /// their half is split on its next cell and its paths gathered again
    /// for each face. The same boards in bounded memory, at some cost in
    /// time for the classes that need it, which can be many times their
    /// time without a limit (docs/bench-log.md).
    pub class_memory: u64,
}

/// When the prover stops forcing cells by merging trees, which costs memory
/// and makes later bounds tighter, and finishes a class with the orderly
/// walk, which merges nothing (see `tree/` and [`Prover::run`]). Either
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
    /// Walk below 200% of the threshold or with five cells left: the
    /// fastest of the settings measured on a 4x4 ENABLE2K sample
    /// (docs/bench-log.md). Merging longer costs more than the tighter bounds
    /// save; walking sooner leaves the walk too many open choices.
    fn default() -> Switchover {
        Switchover {
            percent: 200,
            cells: 5,
        }
    }
}

/// What a proof found.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Proof {
    /// Every distinct board (up to symmetry) scoring at least the
    /// threshold, best first.
    pub boards: Vec<Scored>,
    /// Classes whose bound was computed.
    pub classes: u64,
    /// Single boards scored exactly.
    pub solved: u64,
    /// The classes with every cell's bucket set that it ran (a slice's or
    /// a shard's share of them; what [`Prover::sample`] draws from and
    /// [`Projection::classes`] estimates for the whole space).
    #[serde(default)]
    pub assigned: u64,
    /// The CPU seconds its parts took, each timed by its thread's CPU clock
    /// (as a sample's classes are; the wall clock's where there is none):
    /// the part of a run's time that a projection predicts.
    #[serde(default)]
    pub cpu_seconds: f64,
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
    /// The faces (a bit each) that are the one letter of their own index,
    /// stepped into with one look at the trie node.
    single: u64,
    trie: Trie,
    neighbors: Neighbors,
    /// What a path's word is worth, read from its number.
    worth: tree::Worth,
    min_len: usize,
    /// The cells in the order they are fixed: most neighbours first, then
    /// around the centre.
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
    /// The cells (a bit each) that classes start *whole*, with every face
    /// (one bucket), forced face by face like any other cell.
    whole: u64,
    /// The bytes of paths past which a class is split before its tree is
    /// made (`prover::SPLIT_PATHS`), on its next cell's faces.
    split_paths: u64,
    /// The bytes of paths past which a class's tree is made a face of its
    /// next cell at a time (`prover::HEAVY_PATHS`; 0: never).
    heavy_paths: u64,
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
    /// The orderly walk's choice nodes still to take, by position, each
    /// with its bound.
    pending: Vec<Vec<tree::Node>>,
    /// The orderly walk's sums of the faces it takes, by cell and face.
    picks: Vec<tree::Node>,
    /// Which trie nodes' words are counted in `union` this class, a bit a
    /// node: a thirty-second of a stamp a node, so that it mostly stays in
    /// cache, where a stamp missed it for most words found.
    counted: Vec<u64>,
    union: u64,
    /// The run's cancel token, looked at while paths are gathered.
    cancel: Cancel,
    /// Whether gathering the class's paths stopped on a cancel.
    stopped: bool,
    /// The most bytes a class's paths and trees may take (0: no limit):
    /// half for the paths, half for the trees.
    budget: u64,
    /// How many paths half of that is, for the class being gathered.
    room: usize,
    /// Whether the class's paths passed `room`, or its tree half the
    /// budget: it was not built, and is to be split.
    over: bool,
    /// The bytes of paths past which a class's tree is made a face of its
    /// next cell at a time, not whole (0: never).
    heavy: u64,
    /// The bytes of paths past which a class is split before its tree is
    /// made (`None`: never, so that a class is bounded whole however
    /// large).
    split: Option<u64>,
    /// Whether the class's paths are sorted and held, their tree not made:
    /// to be made a face of its next cell at a time.
    by_face: bool,
    /// The bytes of the class's paths, held while its tree is forced.
    held: u64,
    /// The most bytes of paths and trees held since it was last reset.
    peak: u64,
}

impl Scratch {
    /// Starts a new class over a trie of `nodes` nodes: no word counted.
    fn start(&mut self, nodes: usize, cancel: &Cancel) {
        self.cancel = cancel.clone();
        self.stopped = false;
        self.over = false;
        let words = nodes.div_ceil(64);
        if self.counted.len() == words {
            self.counted.fill(0);
        } else {
            self.counted = vec![0; words];
        }
        self.union = 0;
    }

    /// Notes the bytes held now (paths and trees) in `peak`.
    fn note(&mut self) {
        self.peak = self.peak.max(self.held + self.arena.bytes());
    }

    /// Adds the word ending at trie node `node` to `union`, once a class.
    #[inline]
    fn count(&mut self, node: u32, points: u64) {
        let (word, bit) = (node as usize / 64, 1u64 << (node % 64));
        let counted = &mut self.counted[word];
        if *counted & bit == 0 {
            *counted |= bit;
            self.union += points;
        }
    }
}

/// Each pool thread's solver and scratch space, kept for the whole run. A
/// class's tree and paths can take hundreds of megabytes; made afresh for
/// each piece of work, that memory cost about a sixth of a 3x4 run in page
/// faults (docs/bench-log.md).
struct Workers {
    slots: Vec<std::sync::Mutex<(Solver, Scratch)>>,
}

impl Workers {
    /// One slot for each thread of the current pool (call inside it).
    fn new(solver: &Solver) -> Workers {
        let slots = (0..rayon::current_num_threads())
            .map(|_| std::sync::Mutex::new((solver.clone(), Scratch::default())))
            .collect();
        Workers { slots }
    }

    /// Runs `f` with this thread's solver and scratch space. `f` must not
    /// wait on the pool's other work, or a stolen job would find its
    /// thread's slot taken.
    fn with<T>(&self, f: impl FnOnce(&mut Solver, &mut Scratch) -> T) -> T {
        let i = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        let mut slot = self.slots[i].lock().unwrap_or_else(|e| e.into_inner());
        let (solver, scratch) = &mut *slot;
        f(solver, scratch)
    }
}

/// What a part's work added up.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    /// Classes whose bound was computed.
    classes: u64,
    /// Single boards scored exactly.
    solved: u64,
    /// Classes split before their tree was built, their paths too many.
    split: u64,
    /// Classes with every cell's bucket set, bounded.
    assigned: u64,
    /// The most bytes of paths and trees it held at once.
    peak: u64,
}

/// What one worker carries down the branches.
struct Work<'a> {
    solver: &'a mut Solver,
    scratch: &'a mut Scratch,
    counts: &'a mut Counts,
    found: &'a mut Vec<Scored>,
}
