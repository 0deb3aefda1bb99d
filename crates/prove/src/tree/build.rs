//! Making a class's tree from its sorted paths in one pass, giving the
//! paths' memory back as it goes.

use super::*;

/// Sorts the paths `recs` and makes their tree in `arena`; returns its
/// root and the bytes of paths still held. Each word is worth what
/// `worth` reads in its number (rather than a field of each path: paths
/// are the most numerous thing a class makes). A word found on several
/// paths over the same positions and faces counts once.
///
/// With `give_back`, nothing reads the paths once their tree is made: the
/// memory of those read for the last time is given back to the system as
/// the tree grows, at least `give_back` bytes at a time ([`Spent`]), and
/// reads as zeros after. A heavy class's paths are a gigabyte or more;
/// held to the end, their whole size added to its peak.
pub(crate) fn build<const W: usize>(
    recs: &mut [Rec<W>],
    layout: &Packing,
    worth: &Worth,
    arena: &mut Arena,
    give_back: Option<usize>,
) -> (Node, u64) {
    sort(recs);
    let spent = give_back.map(|step| Spent::new(recs, step));
    let reading = Reading {
        layout,
        worth,
        spent: spent.as_ref(),
    };
    let root = build_sum(recs, reading, 0, 0, arena);
    let held = std::mem::size_of_val(recs) as u64;
    (root, spent.map_or(held, |s| s.held()))
}

/// What making a tree reads besides the paths: how their keys are laid
/// out, each word's points, and where to note the paths read for the last
/// time, if anywhere.
#[derive(Clone, Copy)]
pub(super) struct Reading<'a> {
    pub(super) layout: &'a Packing,
    pub(super) worth: &'a Worth,
    pub(super) spent: Option<&'a Spent>,
}

/// A multiple of every page size in use (4, 16 and 64 KiB): what is given
/// back starts and ends on it.
pub(super) const GRAIN: usize = 64 << 10;

/// The paths a tree's making has read for the last time, and their memory
/// given back to the system. The making reads the sorted paths once, front
/// to back, so every page before the one it is reading will not be read
/// again. Only where nothing reads the paths after (see [`build`]).
#[derive(Debug)]
pub(crate) struct Spent {
    /// The paths' bytes.
    pub(super) bytes: usize,
    /// The first byte that may be given back: past the allocator's own
    /// record of the block, which may sit just before its first byte.
    pub(super) first: usize,
    /// Up to where the memory is given back.
    pub(super) done: std::cell::Cell<usize>,
    /// The least given back at once.
    pub(super) step: usize,
}

impl Spent {
    /// For the paths `list`, given back `step` bytes at a time or more.
    pub(super) fn new<T>(list: &[T], step: usize) -> Spent {
        let start = list.as_ptr() as usize;
        let first = (start + 1).next_multiple_of(GRAIN);
        Spent {
            bytes: std::mem::size_of_val(list),
            first,
            done: std::cell::Cell::new(first),
            step: step.max(GRAIN),
        }
    }

    /// Notes that the paths up to the end of `read` (a part of the list)
    /// have been read for the last time, and gives their memory back once
    /// there is a step of it.
    #[inline]
    pub(super) fn read<T>(&self, read: &[T]) {
        let to = read.as_ptr_range().end as usize;
        let done = self.done.get();
        if to >= done + self.step {
            let to = to / GRAIN * GRAIN;
            give_back(done, to);
            self.done.set(to);
        }
    }

    /// The bytes of paths not given back.
    pub(super) fn held(&self) -> u64 {
        (self.bytes - (self.done.get() - self.first)) as u64
    }
}

/// Gives the pages of `from..to` back to the system.
#[cfg(target_os = "linux")]
fn give_back(from: usize, to: usize) {
    // SAFETY: `from..to` is aligned to pages and lies inside the paths'
    // allocation, past its first byte (see `Spent::new`) and before the
    // end of what was read: plain integers that nothing reads again before
    // the list is dropped or written anew. MADV_DONTNEED only drops the
    // pages of a private mapping; they read as zeros if touched again.
    unsafe {
        libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_DONTNEED);
    }
}

/// Elsewhere nothing is given back (MADV_DONTNEED means something else).
#[cfg(not(target_os = "linux"))]
fn give_back(_from: usize, _to: usize) {}

/// A node of the tree being made whose children are not all made yet:
/// they wait on the arena's stack from `base` on.
#[derive(Clone, Copy, Debug)]
enum Open {
    /// A sum of the paths that agree on the positions before `from`, the
    /// last of them chosen as `face`, with the points of the words ending
    /// on it so far.
    Sum {
        from: usize,
        face: u8,
        points: u32,
        base: usize,
    },
    /// A choice of `position`.
    Choice { position: usize, base: usize },
}

/// The sum node of the sorted paths `recs`, which agree on every position
/// before `from` (the last choice among them of face `face`).
///
/// Made in one pass over the paths, as a depth-first making would, with
/// the nodes still open on a stack: each path shares the open nodes of the
/// one before it up to the first position where their keys differ, so
/// the nodes past it are made, and the path's own are opened from there
/// on. Each path is read once, not once for each level of the tree it
/// reaches, as a making by runs of paths read it. Sums' children are
/// choices by position and choices' children sums by face, in key order,
/// as the paths sort.
pub(super) fn build_sum<const W: usize>(
    recs: &[Rec<W>],
    reading: Reading,
    from: usize,
    face: u8,
    arena: &mut Arena,
) -> Node {
    if arena.overflow {
        return Node::default();
    }
    let (layout, worth) = (reading.layout, reading.worth);
    let mut open = vec![Open::Sum {
        from,
        face,
        points: 0,
        base: arena.buf.len(),
    }];
    for (j, r) in recs.iter().enumerate() {
        if let Some(p) = j.checked_sub(1).map(|i| &recs[i]) {
            let Some(d) = layout.first_difference(&p.key, &r.key) else {
                // The same path: a word found on it again counts once.
                if r.word != p.word {
                    ended(&mut open, worth.of(r.word));
                }
                continue;
            };
            // The nodes this path does not share: sums under a choice of
            // `d` or later, choices after it, and its own choice unless
            // this path uses it too (with another face).
            let uses = layout.get(&r.key, d) != layout.unused();
            while let Some(&top) = open.last() {
                let keep = match top {
                    Open::Sum { from, .. } => from <= d,
                    Open::Choice { position, .. } => position < d || (position == d && uses),
                };
                if keep {
                    break;
                }
                close(&mut open, arena, reading.spent, &recs[..j]);
                if arena.overflow {
                    return Node::default();
                }
            }
        }
        // This path's own nodes from the first it does not share on.
        let mut at = match open.last() {
            Some(&Open::Choice { position, .. }) => {
                sum_under(&mut open, arena, layout, &r.key, position);
                position + 1
            }
            Some(&Open::Sum { from, .. }) => from,
            None => unreachable!("the root stays open"),
        };
        while let Some(position) = layout.next(&r.key, at) {
            open.push(Open::Choice {
                position,
                base: arena.buf.len(),
            });
            sum_under(&mut open, arena, layout, &r.key, position);
            at = position + 1;
        }
        ended(&mut open, worth.of(r.word));
    }
    while open.len() > 1 {
        close(&mut open, arena, reading.spent, recs);
        if arena.overflow {
            return Node::default();
        }
    }
    match open[0] {
        Open::Sum {
            face, points, base, ..
        } => {
            let share = arena.share;
            arena.sum_from_buf(face, points, base, share)
        }
        Open::Choice { .. } => unreachable!("the root is a sum"),
    }
}

/// Opens the sum under the open choice of `position` for the face `key`
/// has there.
#[inline]
fn sum_under<const W: usize>(
    open: &mut Vec<Open>,
    arena: &Arena,
    layout: &Packing,
    key: &[u32; W],
    position: usize,
) {
    open.push(Open::Sum {
        from: position + 1,
        face: layout.get(key, position) as u8,
        points: 0,
        base: arena.buf.len(),
    });
}

/// Adds a word of `points` ending on the open sum on top.
#[inline]
fn ended(open: &mut [Open], points: u32) {
    if let Some(Open::Sum { points: p, .. }) = open.last_mut() {
        *p = add(*p, points.min(MOST));
    }
}

/// Makes the open node on top, whose children are all made, and puts it
/// on the stack of its parent's children; `read`, the paths read for the
/// last time once a sum is made, is noted as such.
#[inline]
fn close<const W: usize>(
    open: &mut Vec<Open>,
    arena: &mut Arena,
    spent: Option<&Spent>,
    read: &[Rec<W>],
) {
    let top = open.pop().expect("the node to close is open");
    // Each way made on its own path to the stack: where the two met, the
    // node went through memory a field at a time and was read back whole,
    // which the processor cannot forward from its stores; by perf, that
    // wait was most of the time of closing a node.
    if arena.share {
        make_open(top, arena, true);
    } else {
        make_open(top, arena, false);
    }
    if let (Open::Sum { .. }, Some(spent)) = (top, spent) {
        spent.read(read);
    }
}

/// Makes the open node `top` and puts it on the stack.
#[inline(always)]
fn make_open(top: Open, arena: &mut Arena, share: bool) {
    let node = match top {
        Open::Sum {
            face, points, base, ..
        } => arena.sum_from_buf(face, points, base, share),
        Open::Choice { position, base } => arena.choice_from_buf(position as u8, base, share),
    };
    arena.buf.push(node);
}
