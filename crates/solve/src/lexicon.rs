//! The lexicon: a pack's automaton as a compact table of letter-level states,
//! decoded lazily.
//!
//! The pack stores an `fst::Map` (byte-level, memory-mapped, minimal). Walking
//! it directly costs a node decode and a linear transition search on every
//! step. The search instead walks a table with the *same states*, decoded on
//! first visit into:
//!
//! - a [`Node`]: a 32-bit mask of the letters that have a child, the index of
//!   its first outgoing [`Edge`], and its final output (or [`NO_WORD`]);
//! - its edges, in letter order, each a child state and an output.
//!
//! The child for letter `l` is edge number `popcount(mask & ((1 << l) - 1))`.
//! Outputs add up along a path exactly as in the fst, so a word's id is the
//! sum of its edges' outputs plus its final state's output: the word's rank in
//! the pack, a dense id for deduplication. A letter that takes several UTF-8
//! bytes (`ñ`) is one edge: the intermediate byte states never become nodes.
//!
//! Decoding lazily means one board touches only the few thousand states it
//! needs (start-up stays tiny). For batch work, [`Compact`] decodes every
//! state once and lays each one out with its edges in one run of `u32`s,
//! children near their parents, so a step is one or two cache lines; the
//! search runs over either through the [`States`] trait.

use std::collections::hash_map::Entry;

use fst::raw::{CompiledAddr, Fst};
use prep::pack::PackBytes;
use prep::Pack;
use rustc_hash::FxHashMap;

use crate::error::LexiconError;

/// The most letters an alphabet may have (one bit each in a node's mask).
pub const MAX_LETTERS: usize = 32;
/// A node's `word` when it is not final.
pub const NO_WORD: u32 = u32::MAX;
const UNEXPANDED: u32 = u32::MAX;

/// A decoded state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// Bit `l` is set when letter `l` has a child.
    pub mask: u32,
    /// Index of the first edge (children are consecutive, in letter order).
    pub edges: u32,
    /// The final output when a word ends here, else [`NO_WORD`].
    pub word: u32,
}

/// A decoded transition on one letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The child state.
    pub node: u32,
    /// The output on the way.
    pub out: u32,
}

/// A pack's alphabet: letters numbered 0..n in the recipe's order.
#[derive(Clone, Debug)]
pub struct Alphabet {
    letters: Vec<char>,
    ascii: [u8; 128],
}

/// Marks a byte or char that is not a letter of the alphabet.
const NOT_A_LETTER: u8 = u8::MAX;

impl Alphabet {
    /// Numbers the letters; at most [`MAX_LETTERS`].
    pub fn new(letters: Vec<char>) -> Result<Alphabet, LexiconError> {
        if letters.len() > MAX_LETTERS {
            return Err(LexiconError::AlphabetTooLarge(letters.len()));
        }
        let mut ascii = [NOT_A_LETTER; 128];
        for (i, c) in letters.iter().enumerate() {
            if c.is_ascii() {
                ascii[*c as usize] = i as u8;
            }
        }
        Ok(Alphabet { letters, ascii })
    }

    /// The letter number of `c`.
    #[inline]
    pub fn code(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            Some(self.ascii[c as usize]).filter(|&l| l != NOT_A_LETTER)
        } else {
            self.letters.iter().position(|&x| x == c).map(|i| i as u8)
        }
    }

    /// The letter with number `code`.
    pub fn letter(&self, code: u8) -> char {
        self.letters[code as usize]
    }

    /// Number of letters.
    pub fn len(&self) -> usize {
        self.letters.len()
    }

    /// Whether there are no letters.
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }

    /// Letter numbers of a face, or `None` if it holds a letter outside the
    /// alphabet.
    pub fn encode(&self, face: &str) -> Option<Vec<u8>> {
        face.chars().map(|c| self.code(c)).collect()
    }
}

/// The lazily decoded state table of a pack.
#[derive(Clone)]
pub struct Lexicon {
    fst: Fst<PackBytes>,
    alphabet: Alphabet,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    addrs: Vec<CompiledAddr>,
    /// Node id by automaton address. A hash map, not an array as long as
    /// the automaton: one board decodes a few hundred states, and touching
    /// only those keeps start-up free of page faults.
    index: FxHashMap<CompiledAddr, u32>,
    words: usize,
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("words", &self.words)
            .field("decoded", &self.nodes.len())
            .finish()
    }
}

impl Lexicon {
    /// The table of a pack; only the root is decoded.
    pub fn new(pack: &Pack) -> Result<Lexicon, LexiconError> {
        let fst = pack.fst().clone();
        if fst.len() as u64 >= u64::from(u32::MAX) {
            return Err(LexiconError::TooManyWords(fst.len() as u64));
        }
        let alphabet = Alphabet::new(pack.recipe().letters())?;
        let words = fst.len();
        let index = FxHashMap::default();
        let root = fst.root().addr();
        let mut lex = Lexicon {
            fst,
            alphabet,
            nodes: Vec::new(),
            edges: Vec::new(),
            addrs: Vec::new(),
            index,
            words,
        };
        lex.intern(root);
        lex.expand(0);
        Ok(lex)
    }

    /// The root state (the empty prefix).
    pub const ROOT: u32 = 0;

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Number of words (word ids are `0..words()`).
    pub fn words(&self) -> usize {
        self.words
    }

    /// States decoded so far.
    pub fn decoded(&self) -> usize {
        self.nodes.iter().filter(|n| n.edges != UNEXPANDED).count()
    }

    /// Bytes the decoded table takes.
    pub fn table_bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.edges.len() * std::mem::size_of::<Edge>()
    }

    /// A state, decoding it first if needed.
    #[inline(always)]
    pub fn node(&mut self, i: u32) -> Node {
        let n = self.nodes[i as usize];
        if n.edges != UNEXPANDED {
            return n;
        }
        self.expand(i);
        self.nodes[i as usize]
    }

    /// A decoded state, without the check; for tables after [`expand_all`](Lexicon::expand_all).
    #[inline(always)]
    pub fn node_ready(&self, i: u32) -> Node {
        self.nodes[i as usize]
    }

    /// The edge on letter `l` of a state whose mask has bit `l`.
    #[inline(always)]
    pub fn edge(&self, n: Node, l: u8) -> Edge {
        let below = n.mask & ((1u32 << l) - 1);
        self.edges[(n.edges + below.count_ones()) as usize]
    }

    /// Follows the letters of a face from state `i`: the state reached and the
    /// output gathered, or `None` if no word continues that way.
    pub fn walk(&mut self, mut i: u32, letters: &[u8]) -> Option<(u32, u32)> {
        let mut out = 0u32;
        for &l in letters {
            let n = self.node(i);
            if l as usize >= MAX_LETTERS || n.mask & (1 << l) == 0 {
                return None;
            }
            let e = self.edge(n, l);
            out = out.wrapping_add(e.out);
            i = e.node;
        }
        Some((i, out))
    }

    /// Decodes every reachable state; afterwards [`node_ready`](Lexicon::node_ready)
    /// is valid for every state and the table never changes again.
    pub fn expand_all(&mut self) {
        let mut i = 0;
        while i < self.nodes.len() {
            if self.nodes[i].edges == UNEXPANDED {
                self.expand(i as u32);
            }
            i += 1;
        }
    }

    /// Whether every state is decoded.
    pub fn is_complete(&self) -> bool {
        self.nodes.iter().all(|n| n.edges != UNEXPANDED)
    }

    fn intern(&mut self, addr: CompiledAddr) -> u32 {
        let i = self.nodes.len() as u32;
        match self.index.entry(addr) {
            Entry::Occupied(seen) => return *seen.get(),
            Entry::Vacant(slot) => slot.insert(i),
        };
        self.nodes.push(Node {
            mask: 0,
            edges: UNEXPANDED,
            word: NO_WORD,
        });
        self.addrs.push(addr);
        i
    }

    #[cold]
    fn expand(&mut self, i: u32) {
        let mut kids: Vec<(u8, CompiledAddr, u64)> = Vec::with_capacity(8);
        let node = self.fst.node(self.addrs[i as usize]);
        let word = if node.is_final() {
            node.final_output().value() as u32
        } else {
            NO_WORD
        };
        for t in node.transitions() {
            if t.inp < 0x80 {
                let l = self.alphabet.ascii[t.inp as usize];
                if l != NOT_A_LETTER {
                    kids.push((l, t.addr, t.out.value()));
                }
            } else if t.inp >= 0xC0 {
                let mut bytes = [t.inp, 0, 0, 0];
                let len = utf8_len(t.inp);
                collect_char(
                    &self.fst,
                    &self.alphabet,
                    &mut bytes,
                    1,
                    len,
                    t.addr,
                    t.out.value(),
                    &mut kids,
                );
            }
        }
        kids.sort_unstable_by_key(|k| k.0);
        let start = self.edges.len() as u32;
        let mut mask = 0u32;
        for (l, addr, out) in kids {
            mask |= 1 << l;
            let child = self.intern(addr);
            self.edges.push(Edge {
                node: child,
                out: out as u32,
            });
        }
        self.nodes[i as usize] = Node {
            mask,
            edges: start,
            word,
        };
    }
}

fn utf8_len(lead: u8) -> usize {
    match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Follows the continuation bytes of a multi-byte letter.
#[allow(clippy::too_many_arguments)]
fn collect_char(
    fst: &Fst<PackBytes>,
    alphabet: &Alphabet,
    bytes: &mut [u8; 4],
    have: usize,
    need: usize,
    addr: CompiledAddr,
    out: u64,
    kids: &mut Vec<(u8, CompiledAddr, u64)>,
) {
    let node = fst.node(addr);
    for t in node.transitions() {
        if !(0x80..0xC0).contains(&t.inp) {
            continue;
        }
        bytes[have] = t.inp;
        let out = out + t.out.value();
        if have + 1 == need {
            let c = std::str::from_utf8(&bytes[..need])
                .ok()
                .and_then(|s| s.chars().next());
            if let Some(l) = c.and_then(|c| alphabet.code(c)) {
                kids.push((l, t.addr, out));
            }
        } else {
            collect_char(fst, alphabet, bytes, have + 1, need, t.addr, out, kids);
        }
    }
}

/// What the search needs from a state table: a state's letter mask and final
/// output, and the child on a letter. `Node` is the table's handle for a
/// state, holding what the search reads first (mask and final output).
pub trait States {
    /// A state handle, cheap to copy.
    type Node: Copy;
    /// The root state.
    fn root(&mut self) -> Self::Node;
    /// Bit `l`, for a letter `l` of the alphabet, is set when letter `l` has
    /// a child. Bits at or above the alphabet's size mean nothing: test
    /// letter bits only.
    fn mask(n: Self::Node) -> u32;
    /// The final output, or [`NO_WORD`].
    fn word(n: Self::Node) -> u32;
    /// The child on letter `l` (whose mask bit is set) and the output on the way.
    fn child(&mut self, n: Self::Node, l: u8) -> (Self::Node, u32);

    /// Follows several letters from state `n`.
    #[inline]
    fn walk(&mut self, mut n: Self::Node, letters: &[u8]) -> Option<(Self::Node, u32)> {
        let mut out = 0u32;
        for &l in letters {
            if l as usize >= MAX_LETTERS || Self::mask(n) & (1 << l) == 0 {
                return None;
            }
            let (c, o) = self.child(n, l);
            out = out.wrapping_add(o);
            n = c;
        }
        Some((n, out))
    }
}

impl<T: States> States for &mut T {
    type Node = T::Node;

    #[inline(always)]
    fn root(&mut self) -> T::Node {
        (**self).root()
    }

    #[inline(always)]
    fn mask(n: T::Node) -> u32 {
        T::mask(n)
    }

    #[inline(always)]
    fn word(n: T::Node) -> u32 {
        T::word(n)
    }

    #[inline(always)]
    fn child(&mut self, n: T::Node, l: u8) -> (T::Node, u32) {
        (**self).child(n, l)
    }
}

impl States for Lexicon {
    type Node = Node;

    fn root(&mut self) -> Node {
        self.node(Lexicon::ROOT)
    }

    #[inline(always)]
    fn mask(n: Node) -> u32 {
        n.mask
    }

    #[inline(always)]
    fn word(n: Node) -> u32 {
        n.word
    }

    #[inline(always)]
    fn child(&mut self, n: Node, l: u8) -> (Node, u32) {
        let e = self.edge(n, l);
        (self.node(e.node), e.out)
    }
}

/// Every state of a lexicon, decoded, in one flat array of edges. A state is
/// the run of its edges, in letter order; an edge holds the child state's
/// offset, the output on the way, and the child's own mask and final output.
/// Carrying the child's mask and final output in the edge means the search
/// learns whether a word ends and which letters may follow without touching
/// the child's memory at all; it reads a state's edges only when it steps
/// further. States are laid out depth-first from the root, so a prefix's
/// states sit close together. Read-only: share it between threads.
///
/// An edge is one `u64` when its fields fit ([`Packed`]: half the memory, so
/// more of the table stays in cache), else four `u32`s.
#[derive(Clone, Debug)]
pub struct Compact {
    table: Vec<[u32; 4]>,
    packed: Option<Packed>,
    root: CompactNode,
    alphabet: Alphabet,
    words: usize,
}

/// The [`Compact`] table with each edge packed into one `u64`:
///
/// ```text
/// bit 63         final: the child state ends a word (its output is 0)
/// bits A+B..63   the output on the edge           (O bits)
/// bits A..A+B    the child's first edge            (B bits)
/// bits 0..A      the child's mask, one bit a letter (A = alphabet size)
/// ```
///
/// A state is its own incoming edge, so [`States::mask`] is the low 32 bits
/// as they are: bits at or above the alphabet size belong to the offset, and
/// the search only ever tests letter bits. Used when `A + B + O ≤ 63` and no
/// final state has an output of its own (true of rank-valued maps, where a
/// word sorts before its extensions).
#[derive(Clone, Debug)]
pub struct Packed {
    table: Vec<u64>,
    root: u64,
    at_shift: u32,
    at_mask: u64,
    out_shift: u32,
    out_mask: u64,
}

/// A state of a [`Compact`] table: where its edges start, its mask and its
/// final output.
#[derive(Clone, Copy, Debug)]
pub struct CompactNode {
    at: u32,
    mask: u32,
    word: u32,
}

impl Compact {
    /// Decodes every state of `lex` and lays the table out, packed if the
    /// lexicon fits.
    pub fn new(lex: &Lexicon) -> Compact {
        Compact::build(lex, true)
    }

    /// As [`new`](Compact::new), always with the wide layout.
    pub fn wide(lex: &Lexicon) -> Compact {
        Compact::build(lex, false)
    }

    fn build(lex: &Lexicon, pack: bool) -> Compact {
        let mut lex = lex.clone();
        lex.expand_all();
        let n = lex.nodes.len();
        // Depth-first order from the root.
        let mut order = Vec::with_capacity(n);
        let mut offset = vec![u32::MAX; n];
        let mut stack = vec![Lexicon::ROOT];
        let mut next = 0u32;
        while let Some(i) = stack.pop() {
            if offset[i as usize] != u32::MAX {
                continue;
            }
            let node = lex.nodes[i as usize];
            offset[i as usize] = next;
            next += node.mask.count_ones();
            order.push(i);
            let first = node.edges as usize;
            for k in (0..node.mask.count_ones() as usize).rev() {
                let child = lex.edges[first + k].node;
                if offset[child as usize] == u32::MAX {
                    stack.push(child);
                }
            }
        }
        let mut table = Vec::with_capacity(next as usize);
        for &i in &order {
            let node = lex.nodes[i as usize];
            let first = node.edges as usize;
            for k in 0..node.mask.count_ones() as usize {
                let e = lex.edges[first + k];
                let child = lex.nodes[e.node as usize];
                table.push([offset[e.node as usize], e.out, child.mask, child.word]);
            }
        }
        let root = lex.nodes[Lexicon::ROOT as usize];
        let root = CompactNode {
            at: 0,
            mask: root.mask,
            word: root.word,
        };
        let packed = if pack {
            Packed::new(&table, root, lex.alphabet.len(), lex.words)
        } else {
            None
        };
        Compact {
            table: if packed.is_some() { Vec::new() } else { table },
            packed,
            root,
            alphabet: lex.alphabet.clone(),
            words: lex.words,
        }
    }

    /// Bytes the table takes.
    pub fn table_bytes(&self) -> usize {
        match &self.packed {
            Some(p) => p.table.len() * 8,
            None => self.table.len() * 16,
        }
    }

    /// The table with one `u64` an edge, if the lexicon fits that layout.
    pub fn packed(&self) -> Option<&Packed> {
        self.packed.as_ref()
    }

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Number of words.
    pub fn words(&self) -> usize {
        self.words
    }
}

/// Bits needed to write every number up to `max`.
fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}

impl Packed {
    /// Packs a wide table, or `None` when its fields do not fit in 63 bits
    /// or some final state carries an output.
    fn new(wide: &[[u32; 4]], root: CompactNode, letters: usize, words: usize) -> Option<Packed> {
        let a = letters as u32;
        let b = bits_for(wide.len() as u64);
        let o = bits_for(words as u64);
        if a > 32 || a + b + o > 63 || (root.word != NO_WORD && root.word != 0) {
            return None;
        }
        let at_mask = (1u64 << b) - 1;
        let out_mask = (1u64 << o) - 1;
        let pack = |at: u32, out: u32, mask: u32, word: u32| -> Option<u64> {
            let last = match word {
                NO_WORD => 0,
                0 => 1u64 << 63,
                _ => return None,
            };
            Some(last | u64::from(out) << (a + b) | u64::from(at) << a | u64::from(mask))
        };
        let table = wide
            .iter()
            .map(|&[at, out, mask, word]| pack(at, out, mask, word))
            .collect::<Option<Vec<u64>>>()?;
        Some(Packed {
            table,
            root: pack(root.at, 0, root.mask, root.word)?,
            at_shift: a,
            at_mask,
            out_shift: a + b,
            out_mask,
        })
    }
}

impl States for &Packed {
    type Node = u64;

    #[inline(always)]
    fn root(&mut self) -> u64 {
        self.root
    }

    #[inline(always)]
    fn mask(n: u64) -> u32 {
        n as u32
    }

    #[inline(always)]
    fn word(n: u64) -> u32 {
        if (n as i64) < 0 {
            0
        } else {
            NO_WORD
        }
    }

    #[inline(always)]
    fn child(&mut self, n: u64, l: u8) -> (u64, u32) {
        let k = u64::from((n as u32 & ((1u32 << l) - 1)).count_ones());
        let at = (n >> self.at_shift) & self.at_mask;
        let e = self.table[(at + k) as usize];
        (e, ((e >> self.out_shift) & self.out_mask) as u32)
    }
}

impl States for &Compact {
    type Node = CompactNode;

    #[inline(always)]
    fn root(&mut self) -> CompactNode {
        self.root
    }

    #[inline(always)]
    fn mask(n: CompactNode) -> u32 {
        n.mask
    }

    #[inline(always)]
    fn word(n: CompactNode) -> u32 {
        n.word
    }

    #[inline(always)]
    fn child(&mut self, n: CompactNode, l: u8) -> (CompactNode, u32) {
        let k = (n.mask & ((1u32 << l) - 1)).count_ones();
        let [at, out, mask, word] = self.table[(n.at + k) as usize];
        (CompactNode { at, mask, word }, out)
    }
}
