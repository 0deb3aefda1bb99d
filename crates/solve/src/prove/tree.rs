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

/// A node: a sum (`cell == SUM`) or a choice of `cell`'s faces.
#[derive(Clone, Debug)]
struct Node {
    cell: u8,
    /// A sum's own points.
    points: u64,
    /// A sum's children are choice nodes, each with its cell; a choice's are
    /// sum nodes, each with its face.
    children: Vec<(u8, u32)>,
    /// The node's value with every cell free: computed by [`Tree::finish`].
    value: u64,
}

const SUM: u8 = u8::MAX;

/// A tree of a class's words.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// (end node, word) pairs already counted.
    counted: FxHashSet<(u32, u32)>,
}

impl Tree {
    /// An empty tree: a root sum of no points.
    pub(crate) fn new() -> Tree {
        Tree {
            nodes: vec![Node {
                cell: SUM,
                points: 0,
                children: Vec::new(),
                value: 0,
            }],
            counted: FxHashSet::default(),
        }
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
        if let Some(&(_, c)) = self.nodes[at as usize]
            .children
            .iter()
            .find(|&&(k, _)| k == key)
        {
            return c;
        }
        let c = self.push(cell);
        self.nodes[at as usize].children.push((key, c));
        c
    }

    fn push(&mut self, cell: u8) -> u32 {
        self.nodes.push(Node {
            cell,
            points: 0,
            children: Vec::new(),
            value: 0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Computes every node's value with all cells free (children are always
    /// created after their parents, so one pass from the end does it), and
    /// frees the bookkeeping of insertion.
    pub(crate) fn finish(&mut self) {
        self.counted = FxHashSet::default();
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            let value = if node.cell == SUM {
                node.points
                    + node
                        .children
                        .iter()
                        .map(|&(_, c)| self.nodes[c as usize].value)
                        .sum::<u64>()
            } else {
                node.children
                    .iter()
                    .map(|&(_, c)| self.nodes[c as usize].value)
                    .max()
                    .unwrap_or(0)
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
        let node = &self.nodes[at as usize];
        let mut total = node.points;
        for &(cell, c) in &node.children {
            let choice = &self.nodes[c as usize];
            let position = usize::from(cell);
            if position < fixed {
                if let Some(&(_, s)) = choice.children.iter().find(|&&(f, _)| f == faces[position])
                {
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
