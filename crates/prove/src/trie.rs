//! The prover's own trie: the pack's words short enough for the board, as
//! letter indices, with each node's children found by a letter mask.
//!
//! The search walks the pack's automaton (solve's `Lexicon`); the bound
//! walks this plain trie instead, which it visits millions of times per
//! class and which needs nothing but "child on letter" and "ends a word".

/// A node: bit `l` of `mask` is set when letter `l` has a child; the
/// children are consecutive from `first`, in letter order. `tag` is the
/// caller's byte for the word ending there (its points' index, to the
/// prover), kept in the node so that a path reaching it reads no other
/// table.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    mask: u64,
    first: u32,
    word: bool,
    tag: u8,
}

/// A trie of words over letters `0..64`.
#[derive(Clone, Debug)]
pub(crate) struct Trie {
    nodes: Vec<Node>,
}

/// The root's index.
pub(crate) const ROOT: u32 = 0;

impl Trie {
    /// The trie of `words` (each a sequence of letter indices below 64).
    pub(crate) fn new(mut words: Vec<Vec<u8>>) -> Trie {
        words.sort_unstable();
        words.dedup();
        let mut trie = Trie {
            nodes: vec![Node::default()],
        };
        trie.fill(ROOT as usize, &words, 0);
        trie
    }

    /// Gives `node` the children of `words`, which share their first
    /// `depth` letters, then each child its own, depth first: a node's
    /// children are consecutive, and a child's own children follow its
    /// earlier siblings' subtrees, so that walking down a word mostly stays
    /// near where it was instead of jumping a whole level of the trie each
    /// letter.
    fn fill(&mut self, node: usize, words: &[Vec<u8>], depth: usize) {
        let first = self.nodes.len();
        let mut runs = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let word = &words[i];
            if word.len() == depth {
                self.nodes[node].word = true;
                i += 1;
                continue;
            }
            let letter = word[depth];
            let mut j = i + 1;
            while j < words.len() && words[j][depth] == letter {
                j += 1;
            }
            self.nodes[node].mask |= 1 << letter;
            self.nodes.push(Node::default());
            runs.push(i..j);
            i = j;
        }
        self.nodes[node].first = first as u32;
        for (k, run) in runs.into_iter().enumerate() {
            self.fill(first + k, &words[run], depth + 1);
        }
    }

    /// The child of `node` on `letter`, if any.
    #[inline]
    pub(crate) fn child(&self, node: u32, letter: u8) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let bit = 1u64 << letter;
        (n.mask & bit != 0).then(|| n.first + (n.mask & (bit - 1)).count_ones())
    }

    /// Whether a word ends at `node`.
    #[inline]
    pub(crate) fn is_word(&self, node: u32) -> bool {
        self.nodes[node as usize].word
    }

    /// The byte set for `node` ([`Trie::set_tag`]; 0 if none was).
    #[inline]
    pub(crate) fn tag(&self, node: u32) -> u8 {
        self.nodes[node as usize].tag
    }

    /// Sets `node`'s byte.
    pub(crate) fn set_tag(&mut self, node: u32, tag: u8) {
        self.nodes[node as usize].tag = tag;
    }

    /// The letters that have a child of `node`, as a mask.
    #[inline]
    pub(crate) fn mask(&self, node: u32) -> u64 {
        self.nodes[node as usize].mask
    }

    /// Whether `node` has children.
    #[inline]
    pub(crate) fn has_children(&self, node: u32) -> bool {
        self.nodes[node as usize].mask != 0
    }

    /// How many nodes.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_words_and_prefixes() {
        let t = Trie::new(vec![vec![0, 1], vec![0, 1, 2], vec![3], vec![0, 1]]);
        let a = t.child(ROOT, 0).unwrap();
        let ab = t.child(a, 1).unwrap();
        assert!(!t.is_word(a) && t.is_word(ab) && t.has_children(ab));
        let abc = t.child(ab, 2).unwrap();
        assert!(t.is_word(abc) && !t.has_children(abc));
        assert!(t.is_word(t.child(ROOT, 3).unwrap()));
        assert_eq!(t.child(ROOT, 1), None);
        assert_eq!(t.child(a, 0), None);
        assert_eq!(t.nodes(), 5);
        // A node's byte, 0 until set, and still 16 bytes a node.
        let mut t = t;
        assert_eq!(t.tag(abc), 0);
        t.set_tag(abc, 9);
        assert_eq!((t.tag(abc), t.tag(ab)), (9, 0));
        assert_eq!(std::mem::size_of::<Node>(), 16);
    }
}
