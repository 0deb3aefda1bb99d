//! Running a proof: the parts of the class space in parallel, each class
//! bounded by its tree, forced by merging while the bound is high and
//! finished by the orderly walk; boards that survive are scored exactly.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use grid::bits;
use job::Progress;
use rayon::prelude::*;
use solve::board::{canonical, Board, TextStyle};
use solve::{LexiconError, Solver};

use crate::tree::Node;
use crate::{Counts, Proof, ProveError, ProveOptions, Prover, Scored, Scratch, Work, Workers};

/// How many parts a proof is cut into, at least (fewer only when every
/// cell's bucket is fixed first: 102 at 3x3; 192 at 3x4, its corners
/// whole). A part is what a thread takes at a time, and each part finished
/// is a checkpoint write.
/// Class times are heavy-tailed and the last part to finish runs alone, so
/// the finer the parts, the shorter the end on one thread (docs/bench-log.md).
const PARTS: usize = 2048;

impl Prover {
    /// Runs the proof: every board (up to symmetry) scoring at least
    /// `options.threshold`.
    pub fn run(&self, options: &ProveOptions) -> Result<Proof, ProveError> {
        options.check()?;
        options.control.install(|| self.run_here(options))?
    }

    fn run_here(&self, options: &ProveOptions) -> Result<Proof, ProveError> {
        let all = self.all;
        let root = vec![all; self.rows * self.cols];
        // The parts run in parallel: the classes with the first cells' buckets
        // fixed, enough of them to share out.
        let mut fixed = 0;
        let mut parts = vec![root];
        while fixed < self.order.len() && parts.len() < PARTS {
            let cell = self.order[fixed];
            fixed += 1;
            parts = parts
                .into_iter()
                .flat_map(|class| {
                    self.start_buckets(cell).iter().map(move |&b| {
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
            .filter(|(i, _)| options.shard.map_or(true, |s| s.holds(*i)))
            .collect();
        let total = parts.len() as u64;
        let done = AtomicU64::new(0);
        // Parts that ran to their end (not cut short by a cancel).
        let finished = AtomicU64::new(0);
        let classes = AtomicU64::new(0);
        let solved = AtomicU64::new(0);
        let assigned = AtomicU64::new(0);
        // The parts' CPU time, in nanoseconds.
        let cpu = AtomicU64::new(0);
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
        let workers = Workers::new(&self.solver);
        // One part a job: rayon otherwise splits the list into a few runs
        // of hundreds of parts each, a run goes on one thread, and a thread
        // whose runs are done cannot take parts of another's.
        let result: Result<(), LexiconError> =
            parts
                .into_par_iter()
                .with_max_len(1)
                .try_for_each(|(index, mut class)| {
                    if cancelled() {
                        return Ok(());
                    }
                    let clock = crate::sample::CpuClock::start();
                    let (counts, local) = workers.with(|solver, scratch| {
                        self.run_class(&mut class, fixed, options, solver, scratch)
                    })?;
                    cpu.fetch_add((clock.seconds() * 1e9) as u64, Ordering::Relaxed);
                    classes.fetch_add(counts.classes, Ordering::Relaxed);
                    solved.fetch_add(counts.solved, Ordering::Relaxed);
                    assigned.fetch_add(counts.assigned, Ordering::Relaxed);
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
                });
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
            assigned: assigned.into_inner(),
            cpu_seconds: cpu.into_inner() as f64 / 1e9,
            parts: total,
            parts_done: finished.load(Ordering::Relaxed),
            complete: !cancelled() && finished.load(Ordering::Relaxed) == total,
        })
    }

    /// Runs `class` from position `k` of the order ([`Prover::classes`])
    /// with a worker's solver and scratch space: what it counted and the
    /// boards it found.
    pub(crate) fn run_class(
        &self,
        class: &mut Vec<u64>,
        k: usize,
        options: &ProveOptions,
        solver: &mut Solver,
        scratch: &mut Scratch,
    ) -> Result<(Counts, Vec<Scored>), LexiconError> {
        let mut counts = Counts::default();
        let mut found = Vec::new();
        scratch.budget = options.class_memory;
        scratch.heavy = self.heavy_paths;
        scratch.split = Some(self.split_paths);
        scratch.peak = 0;
        let mut work = Work {
            solver,
            scratch,
            counts: &mut counts,
            found: &mut found,
        };
        self.classes(class, k, options, &mut work)?;
        counts.peak = scratch.peak;
        Ok((counts, found))
    }

    /// Gives cell `order[k]` and each later one each of its buckets in
    /// turn; each class with every cell's bucket set is bounded by its tree
    /// and attacked ([`Prover::attack`]).
    pub(crate) fn classes(
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
            if options.slice.is_some_and(|s| !self.in_slice(class, s)) {
                return Ok(());
            }
            work.counts.classes += 1;
            work.counts.assigned += 1;
            return self.bounded(class, 0, options, work);
        }
        let cell = self.order[k];
        self.each_set(class, cell, self.start_buckets(cell), |class| {
            self.classes(class, k + 1, options, work)
        })
    }

    /// Whether `class`, every cell's bucket set, is in `slice`: its
    /// cells' buckets read in the fixing order (a whole cell as one past
    /// its buckets).
    fn in_slice(&self, class: &[u64], slice: crate::Slice) -> bool {
        slice.holds(self.order.iter().map(|&cell| {
            let set = class[cell];
            if set == self.all {
                self.buckets[cell].len() as u8
            } else {
                self.bucket_of[cell][set.trailing_zeros() as usize]
            }
        }))
    }

    /// Runs `f` on `class` with `cell` given each of `sets` in turn, but
    /// where every board of it has an image that comes first
    /// ([`Prover::symmetric_duplicate`]), until `f` fails; then gives the
    /// cell its set back.
    fn each_set(
        &self,
        class: &mut Vec<u64>,
        cell: usize,
        sets: &[u64],
        mut f: impl FnMut(&mut Vec<u64>) -> Result<(), LexiconError>,
    ) -> Result<(), LexiconError> {
        let set = class[cell];
        let mut result = Ok(());
        for &s in sets {
            class[cell] = s;
            if self.symmetric_duplicate(class) {
                continue;
            }
            result = f(class);
            if result.is_err() {
                break;
            }
        }
        class[cell] = set;
        result
    }

    /// Bounds `class`, whose first `k` cells in the order have one face
    /// each, by its tree, and attacks it. When its tree would not fit its
    /// half of the scratch's budget, it is made a face of cell `order[k]`
    /// at a time ([`Prover::by_face`]); when its paths would not fit
    /// theirs, or pass what any class may gather (`prover::SPLIT_PATHS`),
    /// the class is split on that cell first, one face at a time, each
    /// part's paths gathered and its tree built on its own: a part's tree
    /// is the one forcing that face would make, or tighter (a word found on
    /// paths that differ only in that cell's face counts once), so no board
    /// is lost, and only one part's paths are held at a time. A class with
    /// whole cells keeps them whole: split into their buckets instead, a
    /// heavy 4x4 class took 1.7 times as long (docs/bench-log.md). One
    /// whose paths are many but fit, with no limit, is made a face at a
    /// time.
    fn bounded(
        &self,
        class: &mut Vec<u64>,
        k: usize,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        // A single board's paths are few: with nothing left to split, no
        // limit (a tree cut short would bound nothing).
        let budget = work.scratch.budget;
        if k == n {
            work.scratch.budget = 0;
        }
        let (mut root, union) = self.tree(class, work.scratch, &options.control.cancel);
        work.scratch.budget = budget;
        let threshold = u64::from(options.threshold);
        if work.scratch.by_face {
            if union < threshold {
                return Ok(());
            }
            return self.by_face(class, k, options, work);
        }
        if !work.scratch.over && work.scratch.arena.overflow() && k < n {
            if union < threshold {
                return Ok(());
            }
            // The paths fit and their tree does not: built again from the
            // same paths as a DAG, and if that does not fit either, one
            // face of the next cell at a time.
            if !work.scratch.arena.sharing() {
                let arena = &mut work.scratch.arena;
                arena.clear();
                arena.share();
                root = work.scratch.paths.build_sum(
                    0..work.scratch.paths.len(),
                    &self.layout,
                    &self.worth,
                    0,
                    0,
                    arena,
                );
                work.scratch.note();
            }
            if work.scratch.arena.overflow() {
                work.scratch.arena.clear();
                work.scratch.arena.share();
                return self.by_face(class, k, options, work);
            }
        }
        if work.scratch.over {
            work.counts.split += 1;
            let faces: Vec<usize> = bits(class[self.order[k]]).collect();
            return self.split(class, k, &faces, options, work);
        }
        if union < threshold || u64::from(root.bound()) < threshold {
            return Ok(());
        }
        self.attack(root, k, class, options, work)
    }

    /// Attacks `class`, whose first `k` cells have one face each, when its
    /// paths (gathered and sorted in the scratch) are many, or fit and
    /// their tree does not: the tree of the paths that do not use cell
    /// `order[k]` is made once, and for each face of that cell in turn the
    /// subtree of its paths is made, merged with it and attacked, then
    /// freed. The trees are the ones forcing that cell would make, so the
    /// boards are the same, with one face's subtree held at a time (and,
    /// with no limit, a heavy class's paths given back a face at a time).
    /// Should one of them not fit either, the class's remaining faces are
    /// split as a class whose paths do not fit ([`Prover::bounded`]).
    fn by_face(
        &self,
        class: &mut Vec<u64>,
        k: usize,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let threshold = u64::from(options.threshold);
        let cell = self.order[k];
        let set = class[cell];
        let faces: Vec<usize> = bits(set).collect();
        let mut paths = std::mem::take(&mut work.scratch.paths);
        let (runs, tail) = paths.runs(&self.layout, k);
        // Nothing reads a run again once its face's subtree is made (the
        // faces left after an overflow are gathered again): with no limit,
        // a heavy class's runs are given back as it goes.
        let spent = (work.scratch.budget == 0
            && work.scratch.held > crate::tree::HEAVY_PATHS as u64)
            .then(|| paths.spent(crate::prover::GIVE_BACK));
        let rest = paths.build_sum(
            tail,
            &self.layout,
            &self.worth,
            k + 1,
            0,
            &mut work.scratch.arena,
        );
        work.scratch.note();
        let mut left = if work.scratch.arena.overflow() {
            Some(0)
        } else {
            None
        };
        let base = work.scratch.arena.mark();
        let mut result = Ok(());
        for (i, &f) in faces.iter().enumerate() {
            if left.is_some() || options.control.is_cancelled() {
                break;
            }
            class[cell] = 1 << f;
            if self.symmetric_duplicate(class) {
                continue;
            }
            let run = runs.iter().find(|r| usize::from(r.0) == f);
            let sub = run.map(|r| {
                paths.build_sum(
                    r.1.clone(),
                    &self.layout,
                    &self.worth,
                    k + 1,
                    r.0,
                    &mut work.scratch.arena,
                )
            });
            if let (Some(spent), Some(run)) = (&spent, run) {
                work.scratch.held = paths.spend(spent, run.1.end);
            }
            work.scratch.note();
            if work.scratch.arena.overflow() {
                work.scratch.arena.reset(base);
                left = Some(i);
                break;
            }
            work.counts.classes += 1;
            let most = u64::from(sub.map_or(0, |s| s.bound())) + u64::from(rest.bound());
            if most >= threshold {
                let inner = work.scratch.arena.mark();
                let forced = work.scratch.arena.force(sub, rest);
                work.scratch.note();
                result = if work.scratch.arena.overflow() {
                    // Too big merged: walked from the two trees instead.
                    work.scratch.arena.reset(inner);
                    let roots: Vec<Node> = sub.into_iter().chain([rest]).collect();
                    self.orderly_from(&roots, k + 1, class, options, work)
                } else {
                    self.attack(forced, k + 1, class, options, work)
                };
            }
            work.scratch.arena.reset(base);
            if result.is_err() {
                break;
            }
        }
        // The paths go back to the scratch, their memory kept; for the
        // faces left, gathered again.
        if let Some(i) = left {
            paths.clear(&self.layout);
            work.scratch.paths = paths;
            class[cell] = set;
            return self.split(class, k, &faces[i..], options, work);
        }
        if spent.is_some() {
            paths.clear(&self.layout);
            work.scratch.held = 0;
        }
        work.scratch.paths = paths;
        class[cell] = set;
        result
    }

    /// Bounds `class` with cell `order[k]` given each of `faces` in turn,
    /// each part's paths gathered again ([`Prover::bounded`]).
    fn split(
        &self,
        class: &mut Vec<u64>,
        k: usize,
        faces: &[usize],
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let sets: Vec<u64> = faces.iter().map(|&f| 1 << f).collect();
        self.each_set(class, self.order[k], &sets, |class| {
            work.counts.classes += 1;
            self.bounded(class, k + 1, options, work)
        })
    }

    /// Attacks the tree `root` of `class` with the first `k` positions of
    /// the order forced: while its bound is high, forces the next cell to
    /// each of its faces in turn, merging (see `tree/`); once it is within
    /// reach, or few cells are left, finishes with the orderly walk.
    fn attack(
        &self,
        root: Node,
        k: usize,
        class: &mut Vec<u64>,
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        let n = self.order.len();
        let threshold = u64::from(options.threshold);
        let bound = u64::from(root.bound());
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
            work.counts.classes += 1;
            // Merging gives at most the face's subtree's bound plus the
            // rest's: below the threshold, the merge need not be made.
            let arena = &work.scratch.arena;
            let sub = arena.face(choice, f as u8);
            let most = u64::from(sub.map_or(0, |s| s.bound())) + u64::from(rest.bound());
            if most < threshold {
                continue;
            }
            let inner = work.scratch.arena.mark();
            let forced = work.scratch.arena.force(sub, rest);
            work.scratch.note();
            let result = if work.scratch.arena.overflow() {
                // Merging makes nodes and walking does not: a merged tree
                // past the budget is dropped, and this face walked from the
                // tree as it was.
                work.scratch.arena.reset(inner);
                self.orderly(root, k, class, options, work)
            } else {
                self.attack(forced, k + 1, class, options, work)
            };
            work.scratch.arena.reset(inner);
            result?;
        }
        class[cell] = set;
        work.scratch.arena.reset(mark);
        Ok(())
    }

    /// Scores a single board exactly, keeping it when it reaches the
    /// threshold.
    pub(crate) fn score(
        &self,
        class: &[u64],
        options: &ProveOptions,
        work: &mut Work,
    ) -> Result<(), LexiconError> {
        work.counts.solved += 1;
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
    ///
    /// Which image is kept matters to time, not to the boards: the
    /// smallest puts the vowels, the fewest faces, in the first cells
    /// forced, where the trees are largest. Keeping the largest instead
    /// made the same orbits take 1.48 times as long (docs/bench-log.md).
    pub(crate) fn symmetric_duplicate(&self, class: &[u64]) -> bool {
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
