//! The lexicon: a pack's automaton as a compact table of letter-level states,
//! decoded lazily.
//!
//! The pack stores an `fst::Map` (byte-level, memory-mapped, minimal). Walking
//! it directly costs a node decode and a linear transition search on every
//! step. The search instead walks a table with the *same states*, decoded on
//! first visit into:
//!
//! - a [`Node`]: a mask of the letters that have a child (64 bits here; the
//!   warmed-up table uses 32 when the alphabet fits, see [`LetterMask`]), the
//!   index of its first outgoing [`Edge`], and its final output (or
//!   [`NO_WORD`]);
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

use prep::{pack::Automaton, pack::Transition, Pack};
use rustc_hash::FxHashMap;

use crate::error::LexiconError;

mod compact;
mod mask;

pub(crate) use compact::{Compact, Encoding};
pub(crate) use mask::LetterMask;

/// The most letters an alphabet may have (one bit each in a node's mask).
pub const MAX_LETTERS: usize = 64;
/// A node's `word` when it is not final.
pub const NO_WORD: u32 = u32::MAX;
const UNEXPANDED: u32 = u32::MAX;

/// A decoded state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// Bit `l` is set when letter `l` has a child.
    pub mask: u64,
    /// Index of the first edge (children are consecutive, in letter order).
    pub edges: u32,
    /// The final output when a word ends here, else [`NO_WORD`].
    pub word: u32,
}

/// A decoded transition on one letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
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

/// An automaton address.
type CompiledAddr = usize;

/// The lazily decoded state table of a pack.
///
/// Each state is checked as it is decoded ([`prep::pack::Automaton`]). A state
/// that fails its check reads as a dead end (no word, no child) and is
/// recorded as the lexicon's fault ([`Lexicon::check`]), which the solver
/// reports instead of a result.
#[derive(Clone)]
pub struct Lexicon {
    automaton: Automaton,
    /// The pack's name, for errors.
    name: String,
    /// The first state that failed its check, if any.
    fault: Option<String>,
    pub(crate) alphabet: Alphabet,
    pub(crate) nodes: Vec<Node>,
    pub(crate) edges: Vec<Edge>,
    addrs: Vec<CompiledAddr>,
    /// Node id by automaton address. A hash map, not an array as long as
    /// the automaton: one board decodes a few hundred states, and touching
    /// only those keeps start-up free of page faults.
    index: FxHashMap<CompiledAddr, u32>,
    pub(crate) words: usize,
    /// How common each word is, by id (the pack's frequency section).
    frequencies: Option<prep::pack::PackBytes>,
    /// Whether each word is an everyday word, by id (the pack's verdict
    /// section).
    verdicts: Option<prep::pack::PackBytes>,
    /// Scratch space for [`expand`](Lexicon::expand), kept between calls.
    scratch: (Vec<Transition>, Vec<(u8, CompiledAddr, u64)>),
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
    /// The table of a pack; only the root is decoded (and checked).
    pub fn new(pack: &Pack) -> Result<Lexicon, LexiconError> {
        let automaton = pack.automaton();
        if automaton.len() as u64 >= u64::from(u32::MAX) {
            return Err(LexiconError::TooManyWords(automaton.len() as u64));
        }
        let alphabet = Alphabet::new(pack.recipe().letters())?;
        let words = automaton.len();
        let index = FxHashMap::default();
        let root = automaton.root().map_err(|e| LexiconError::Malformed {
            pack: pack.name().to_string(),
            message: e.to_string(),
        })?;
        let mut lex = Lexicon {
            automaton,
            name: pack.name().to_string(),
            fault: None,
            alphabet,
            nodes: Vec::new(),
            edges: Vec::new(),
            addrs: Vec::new(),
            index,
            words,
            frequencies: pack.frequency_bytes(),
            verdicts: pack.verdict_bytes(),
            scratch: (Vec::new(), Vec::new()),
        };
        lex.intern(root);
        lex.expand(0);
        lex.check()?;
        Ok(lex)
    }

    /// The first state that failed its check as it was decoded, as an
    /// error naming the pack, or `Ok` if every state decoded so far is
    /// sound.
    pub fn check(&self) -> Result<(), LexiconError> {
        match &self.fault {
            None => Ok(()),
            Some(message) => Err(LexiconError::Malformed {
                pack: self.name.clone(),
                message: message.clone(),
            }),
        }
    }

    /// Records a fault (the first one wins).
    #[cold]
    pub(crate) fn fail(&mut self, message: String) {
        self.fault.get_or_insert(message);
    }

    /// The root state (the empty prefix).
    pub const ROOT: u32 = 0;

    /// Bits in the letter mask of the lazy table (a `u64`).
    pub(crate) const MASK_BITS: usize = u64::BITS as usize;

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Number of words (word ids are `0..words()`).
    pub fn words(&self) -> usize {
        self.words
    }

    /// Whether the pack carries word frequencies.
    pub fn has_frequencies(&self) -> bool {
        self.frequencies.is_some()
    }

    /// How common the word with id `id` is, if the pack says.
    pub fn zipf(&self, id: u32) -> Option<prep::frequency::Zipf> {
        prep::frequency::at(self.frequencies.as_ref()?.as_ref(), u64::from(id))
    }

    /// Whether the word with id `id` is an everyday word of the pack's
    /// language, or why not, if the pack says.
    pub fn verdict(&self, id: u32) -> Option<prep::verdict::Verdict> {
        prep::verdict::at(self.verdicts.as_ref()?.as_ref(), u64::from(id))
    }

    /// Whether the word with id `id` is common at `line`, and if not, why
    /// not: the pack's one rule ([`prep::verdict::Standing::of`]).
    pub fn standing(&self, id: u32, line: prep::frequency::Zipf) -> prep::verdict::Standing {
        prep::verdict::Standing::of(
            self.has_frequencies(),
            self.zipf(id),
            self.verdict(id),
            line,
        )
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
    pub(crate) fn node(&mut self, i: u32) -> Node {
        let n = self.nodes[i as usize];
        if n.edges != UNEXPANDED {
            return n;
        }
        self.expand(i);
        self.nodes[i as usize]
    }

    /// The edge on letter `l` of a state whose mask has bit `l`.
    #[inline(always)]
    pub(crate) fn edge(&self, n: Node, l: u8) -> Edge {
        self.edges[(n.edges + n.mask.below(u32::from(l))) as usize]
    }

    /// Follows the letters of a face from state `i`: the state reached and the
    /// output gathered, or `None` if no word continues that way.
    pub fn follow(&mut self, mut i: u32, letters: &[u8]) -> Option<(u32, u32)> {
        let mut out = 0u32;
        for &l in letters {
            let n = self.node(i);
            if l as usize >= MAX_LETTERS || !n.mask.has(u32::from(l)) {
                return None;
            }
            let e = self.edge(n, l);
            out = out.wrapping_add(e.out);
            i = e.node;
        }
        Some((i, out))
    }

    /// Decodes every reachable state; afterwards the table never changes
    /// again.
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

    pub(crate) fn intern(&mut self, addr: CompiledAddr) -> u32 {
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
        let (mut trans, mut kids) = std::mem::take(&mut self.scratch);
        trans.clear();
        kids.clear();
        let word = match self.automaton.state(self.addrs[i as usize], &mut trans) {
            Ok(true) => 0,
            Ok(false) => NO_WORD,
            Err(e) => {
                // A dead end: no word, no child.
                self.fail(e.to_string());
                self.nodes[i as usize] = Node {
                    mask: 0,
                    edges: self.edges.len() as u32,
                    word: NO_WORD,
                };
                self.scratch = (trans, kids);
                return;
            }
        };
        for t in &trans {
            if t.input < 0x80 {
                let l = self.alphabet.ascii[t.input as usize];
                if l != NOT_A_LETTER {
                    kids.push((l, t.target, t.output));
                }
            } else if t.input >= 0xC0 {
                let mut bytes = [t.input, 0, 0, 0];
                let len = utf8_len(t.input);
                let found = collect_char(
                    &self.automaton,
                    &self.alphabet,
                    &mut bytes,
                    1,
                    len,
                    t.target,
                    t.output,
                    &mut kids,
                );
                if let Err(message) = found {
                    self.fail(message);
                }
            }
        }
        // Already in order when the alphabet is (a to z): most packs.
        if kids.windows(2).any(|w| w[0].0 > w[1].0) {
            kids.sort_unstable_by_key(|k| k.0);
        }
        let start = self.edges.len() as u32;
        let mut mask = 0u64;
        for &(l, addr, out) in &kids {
            if out >= self.words as u64 {
                self.fail(format!(
                    "a letter's outputs add up to {out}, not below the word count {}",
                    self.words
                ));
                continue;
            }
            // Two byte paths to one letter cannot happen in UTF-8; keep
            // the first if a crafted automaton tries.
            if mask & (1 << l) != 0 {
                continue;
            }
            mask |= 1 << l;
            let child = self.intern(addr);
            self.edges.push(Edge {
                node: child,
                // Below the word count, which fits a u32.
                out: out as u32,
            });
        }
        self.nodes[i as usize] = Node {
            mask,
            edges: start,
            word,
        };
        self.scratch = (trans, kids);
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
    automaton: &Automaton,
    alphabet: &Alphabet,
    bytes: &mut [u8; 4],
    have: usize,
    need: usize,
    addr: CompiledAddr,
    out: u64,
    kids: &mut Vec<(u8, CompiledAddr, u64)>,
) -> Result<(), String> {
    let mut trans: Vec<Transition> = Vec::new();
    automaton
        .state(addr, &mut trans)
        .map_err(|e| e.to_string())?;
    for t in trans {
        if !(0x80..0xC0).contains(&t.input) {
            continue;
        }
        bytes[have] = t.input;
        // Each output is below the word count, so this cannot overflow.
        let out = out + t.output;
        if have + 1 == need {
            let c = std::str::from_utf8(&bytes[..need])
                .ok()
                .and_then(|s| s.chars().next());
            if let Some(l) = c.and_then(|c| alphabet.code(c)) {
                kids.push((l, t.target, out));
            }
        } else {
            collect_char(
                automaton,
                alphabet,
                bytes,
                have + 1,
                need,
                t.target,
                out,
                kids,
            )?;
        }
    }
    Ok(())
}

/// What the search needs from a state table: a state's letter mask and final
/// output, and the child on a letter. `Node` is the table's handle for a
/// state, holding what the search reads first (mask and final output).
pub(crate) trait States {
    /// A state handle, cheap to copy.
    type Node: Copy;
    /// The letter mask: `u32` when the alphabet fits, else `u64`.
    type Mask: LetterMask;
    /// The root state.
    fn root(&mut self) -> Self::Node;
    /// Bit `l`, for a letter `l` of the alphabet, is set when letter `l` has
    /// a child. Bits at or above the alphabet's size mean nothing: test
    /// letter bits only.
    fn mask(n: Self::Node) -> Self::Mask;
    /// The final output, or [`NO_WORD`].
    fn word(n: Self::Node) -> u32;
    /// The child on letter `l` (whose mask bit is set) and the output on the way.
    fn child(&mut self, n: Self::Node, l: u8) -> (Self::Node, u32);

    /// Whether word id `w` (a sum of outputs) is below the word count. A
    /// table checked whole when it was built knows it is; the lazy table
    /// checks, and records a fault when it is not.
    #[inline(always)]
    fn word_ok(&mut self, _w: u32) -> bool {
        true
    }

    /// Follows several letters from state `n`.
    #[inline]
    fn follow(&mut self, mut n: Self::Node, letters: &[u8]) -> Option<(Self::Node, u32)> {
        let mut out = 0u32;
        for &l in letters {
            if u32::from(l) >= Self::Mask::BITS || !Self::mask(n).has(u32::from(l)) {
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
    type Mask = T::Mask;

    #[inline(always)]
    fn root(&mut self) -> T::Node {
        (**self).root()
    }

    #[inline(always)]
    fn mask(n: T::Node) -> T::Mask {
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

    #[inline(always)]
    fn word_ok(&mut self, w: u32) -> bool {
        (**self).word_ok(w)
    }
}

impl States for Lexicon {
    type Node = Node;
    type Mask = u64;

    fn root(&mut self) -> Node {
        self.node(Lexicon::ROOT)
    }

    #[inline(always)]
    fn mask(n: Node) -> u64 {
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

    #[inline(always)]
    fn word_ok(&mut self, w: u32) -> bool {
        if (w as usize) < self.words {
            return true;
        }
        self.fail(format!(
            "a word's outputs add up to {w}, not below the word count {}",
            self.words
        ));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabets_take_up_to_64_letters() {
        let letters = |n: u32| (0..n).map(|i| char::from_u32(0x400 + i).unwrap()).collect();
        let a = Alphabet::new(letters(MAX_LETTERS as u32)).unwrap();
        assert_eq!(a.len(), 64);
        assert_eq!(a.code('\u{43f}'), Some(63));
        assert!(matches!(
            Alphabet::new(letters(65)),
            Err(LexiconError::AlphabetTooLarge(65))
        ));
    }
}
