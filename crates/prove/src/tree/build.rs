//! Making a class's tree from its sorted paths, level by level, giving the
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

/// The sum node of the paths `recs`, which agree on every position before
/// `from` (the last choice among them of face `face`).
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
    let base = arena.buf.len();
    let mut i = 0;
    while i < recs.len() {
        let Some(position) = layout.next(&recs[i].key, from) else {
            break;
        };
        // Sorted, the paths after it leave the positions before this one
        // unused too: those using this one come next.
        let mut j = i + 1;
        while j < recs.len() && layout.get(&recs[j].key, position) != layout.unused() {
            j += 1;
        }
        let node = build_choice(&recs[i..j], reading, position, arena);
        arena.buf.push(node);
        i = j;
    }
    // The paths that end here sort last.
    let mut points = 0u32;
    for k in i..recs.len() {
        if k == i || recs[k].word != recs[k - 1].word {
            points = add(points, worth.of(recs[k].word).min(MOST));
        }
    }
    let share = arena.share;
    arena.sum_from_buf(face, points, base, share)
}

/// The choice node of `position` for the paths `recs`, which all use it.
fn build_choice<const W: usize>(
    recs: &[Rec<W>],
    reading: Reading,
    position: usize,
    arena: &mut Arena,
) -> Node {
    if arena.overflow {
        return Node::default();
    }
    let layout = reading.layout;
    let base = arena.buf.len();
    let mut i = 0;
    while i < recs.len() {
        let face = layout.get(&recs[i].key, position);
        let mut j = i + 1;
        while j < recs.len() && layout.get(&recs[j].key, position) == face {
            j += 1;
        }
        let node = build_sum(&recs[i..j], reading, position + 1, face as u8, arena);
        arena.buf.push(node);
        if let Some(spent) = reading.spent {
            spent.read(&recs[..j]);
        }
        i = j;
    }
    let share = arena.share;
    arena.choice_from_buf(position as u8, base, share)
}
