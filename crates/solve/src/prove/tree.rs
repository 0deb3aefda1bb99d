//! The tree bound: every path of a class's words, its (cell, face) choices
//! sorted in the order cells are fixed, merged into one tree of *sum* nodes
//! (points, plus the sum of their children) and *choice* nodes (one cell:
//! the best of its faces' subtrees).
//!
//! Sorted by cell, a path's choices of one cell sit on one choice node, so
//! the bound picks one face a cell along each branch instead of one a step,
//! and a word found on several paths over the same cells and faces ends on
//! the same node and counts once there. For a board of the class, following
//! its own face at every choice node sums at least each of its words once,
//! so the tree's value, taking the best face at each choice, bounds every
//! board.
//!
//! The prover fixes cells in the same order as the tree sorts them, so a
//! choice node of a cell not yet fixed only has cells not yet fixed below
//! it: its value is computed once, bottom-up. The bound of a subclass (a
//! prefix of the order fixed) follows the fixed cells' faces from the root
//! and takes the stored value everywhere else.

use rustc_hash::FxHashSet;

/// A node: a sum (`cell == SUM`) or a choice of `cell`'s faces. Children
/// are a list through `first` and `next` (no allocation a node).
#[derive(Clone, Copy, Debug)]
struct Node {
    cell: u8,
    /// The key this node has under its parent: a choice's cell, or a sum's
    /// face.
    key: u8,
    /// A sum's own points.
    points: u64,
    /// The node's value with every cell free: computed by [`Tree::finish`].
    value: u64,
    /// The first child, or [`NONE`]. A sum's children are choice nodes, a
    /// choice's are sum nodes.
    first: u32,
    /// The next sibling, or [`NONE`].
    next: u32,
}

const SUM: u8 = u8::MAX;
const NONE: u32 = u32::MAX;

/// A tree of a class's words.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// (end node, word) pairs already counted.
    counted: FxHashSet<(u32, u32)>,
}

impl Tree {
    /// An empty tree: a root sum of no points.
    #[cfg(test)]
    pub(crate) fn new() -> Tree {
        let mut t = Tree::default();
        t.clear();
        t
    }

    /// Empties the tree to a root sum of no points, keeping its memory for
    /// the next class.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.counted.clear();
        self.push(SUM, 0);
    }

    /// Adds a word (by a number unique to it) worth `points`, found on a
    /// path whose `choices` (position in the fixing order, face) are sorted
    /// by position.
    pub(crate) fn insert(&mut self, choices: &[(u8, u8)], word: u32, points: u64) {
        let mut at = 0u32;
        for &(cell, face) in choices {
            let choice = self.child(at, cell, cell);
            at = self.child(choice, face, SUM);
        }
        if self.counted.insert((at, word)) {
            self.nodes[at as usize].points += points;
        }
    }

    /// The child of `at` under `key` (a choice's cell, or a face), made as a
    /// node of `cell` when there is none.
    fn child(&mut self, at: u32, key: u8, cell: u8) -> u32 {
        let mut c = self.nodes[at as usize].first;
        while c != NONE {
            let node = &self.nodes[c as usize];
            if node.key == key {
                return c;
            }
            c = node.next;
        }
        let c = self.push(cell, key);
        self.nodes[c as usize].next = self.nodes[at as usize].first;
        self.nodes[at as usize].first = c;
        c
    }

    fn push(&mut self, cell: u8, key: u8) -> u32 {
        self.nodes.push(Node {
            cell,
            key,
            points: 0,
            value: 0,
            first: NONE,
            next: NONE,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The children of `at`.
    fn children(&self, at: u32) -> impl Iterator<Item = &Node> + '_ {
        self.children_at(at).map(|(_, n)| n)
    }

    /// The children of `at` with their indices.
    fn children_at(&self, at: u32) -> impl Iterator<Item = (u32, &Node)> + '_ {
        let mut c = self.nodes[at as usize].first;
        std::iter::from_fn(move || {
            (c != NONE).then(|| {
                let this = c;
                let node = &self.nodes[c as usize];
                c = node.next;
                (this, node)
            })
        })
    }

    /// Computes every node's value with all cells free (children are always
    /// created after their parents, so one pass from the end does it), and
    /// frees the bookkeeping of insertion.
    pub(crate) fn finish(&mut self) {
        self.counted.clear();
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            let value = if node.cell == SUM {
                node.points + self.children(i as u32).map(|c| c.value).sum::<u64>()
            } else {
                self.children(i as u32).map(|c| c.value).max().unwrap_or(0)
            };
            self.nodes[i].value = value;
        }
    }

    /// The bound with the first `fixed` positions of the order given the
    /// faces `faces[position]`; the best face everywhere else.
    pub(crate) fn bound(&self, fixed: usize, faces: &[u8]) -> u64 {
        self.sum(0, fixed, faces)
    }

    fn sum(&self, at: u32, fixed: usize, faces: &[u8]) -> u64 {
        let mut total = self.nodes[at as usize].points;
        for (c, choice) in self.children_at(at) {
            let position = usize::from(choice.cell);
            if position < fixed {
                if let Some((s, _)) = self.children_at(c).find(|(_, n)| n.key == faces[position]) {
                    total += self.sum(s, fixed, faces);
                }
            } else {
                total += choice.value;
            }
        }
        total
    }

    /// How many nodes.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_take_one_face_a_cell_and_words_count_once_per_cells() {
        let mut t = Tree::new();
        // Word 1 on cells 0 and 1 with faces a, b, along two paths (both
        // orders sort the same): counted once.
        t.insert(&[(0, 0), (1, 1)], 1, 3);
        t.insert(&[(0, 0), (1, 1)], 1, 3);
        // Word 2 needs face c on cell 0; word 3 face b on cell 1 alone.
        t.insert(&[(0, 2), (1, 1)], 2, 5);
        t.insert(&[(1, 1)], 3, 1);
        t.finish();
        // Free: best of cell 0 (a: 3, c: 5) plus word 3.
        assert_eq!(t.bound(0, &[]), 6);
        // Cell 0 fixed to a: 3 + 1; to c: 5 + 1; to b: 1.
        assert_eq!(t.bound(1, &[0]), 4);
        assert_eq!(t.bound(1, &[2]), 6);
        assert_eq!(t.bound(1, &[1]), 1);
        // Both fixed, cell 1 to another face: nothing.
        assert_eq!(t.bound(2, &[0, 0]), 0);
        assert_eq!(t.len(), 10);
    }
}
