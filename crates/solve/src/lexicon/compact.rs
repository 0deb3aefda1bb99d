//! The lexicon decoded whole: [`Compact`], every state in one flat table
//! (and [`Packed`], the same with an edge in one `u64`), read-only and
//! shared between threads once a solver has warmed up.

use crate::error::LexiconError;

use super::{Alphabet, LetterMask, Lexicon, States, NO_WORD};

/// Every state of a lexicon, decoded, in one flat array of edges. A state is
/// the run of its edges, in letter order; an edge holds the child state's
/// offset, the output on the way, and the child's own mask and final output.
/// Carrying the child's mask and final output in the edge means the search
/// learns whether a word ends and which letters may follow without touching
/// the child's memory at all; it reads a state's edges only when it steps
/// further. States are laid out depth-first from the root, so a prefix's
/// states sit close together. Read-only: share it between threads.
///
/// Three layouts ([`Encoding`]), the smallest that fits: an edge in one `u64`
/// ([`Packed`]: half the memory, so more of the table stays in cache), in
/// four `u32`s ([`Wide`]), or with a 64-bit mask for an alphabet of more
/// than 32 letters ([`Wider`]).
#[derive(Clone, Debug)]
pub(crate) struct Compact {
    encoding: Encoding,
    alphabet: Alphabet,
}

/// How a [`Compact`] table lays out its edges.
#[derive(Clone, Debug)]
pub(crate) enum Encoding {
    /// One `u64` an edge.
    Packed(Packed),
    /// Four `u32`s an edge: alphabets of up to 32 letters.
    Wide(Wide),
    /// A 64-bit mask: alphabets of 33 to 64 letters.
    Wider(Wider),
}

impl Encoding {
    /// Bits in the letter mask the search uses over this layout.
    pub(crate) fn mask_bits(&self) -> usize {
        match self {
            Encoding::Packed(_) | Encoding::Wide(_) => u32::BITS as usize,
            Encoding::Wider(_) => u64::BITS as usize,
        }
    }
}

/// A [`Compact`] table with four `u32`s an edge: child offset, output on
/// the way, child's mask (up to 32 letters), child's final output.
#[derive(Clone, Debug)]
pub(crate) struct Wide {
    table: Vec<[u32; 4]>,
    root: CompactNode<u32>,
}

/// A [`Compact`] table for alphabets of more than 32 letters: as [`Wide`]
/// with a 64-bit mask.
#[derive(Clone, Debug)]
pub(crate) struct Wider {
    table: Vec<WiderEdge>,
    root: CompactNode<u64>,
}

/// An edge of a [`Wider`] table.
#[derive(Clone, Copy, Debug)]
struct WiderEdge {
    mask: u64,
    at: u32,
    out: u32,
    word: u32,
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
/// the search only ever tests letter bits. Used when `A ≤ 32`,
/// `A + B + O ≤ 63` and no final state has an output of its own (true of
/// rank-valued maps, where a word sorts before its extensions).
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    table: Vec<u64>,
    root: u64,
    at_shift: u32,
    at_mask: u64,
    out_shift: u32,
    out_mask: u64,
}

/// A state of a [`Wide`] or [`Wider`] table: where its edges start, its
/// mask and its final output.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CompactNode<M> {
    at: u32,
    mask: M,
    word: u32,
}

impl Compact {
    /// Decodes (and checks) every state of `lex` and lays the table out,
    /// packed if the lexicon fits. Once built, the table is sound: every
    /// word id a walk can add up is below the word count, so the search
    /// over it checks nothing.
    pub(crate) fn new(lex: &Lexicon) -> Result<Compact, LexiconError> {
        Compact::build(lex, true)
    }

    /// As [`new`](Compact::new), always with the wide layout (for tests).
    #[cfg(feature = "test-hooks")]
    pub(crate) fn wide(lex: &Lexicon) -> Result<Compact, LexiconError> {
        Compact::build(lex, false)
    }

    fn build(lex: &Lexicon, pack: bool) -> Result<Compact, LexiconError> {
        let mut lex = lex.clone();
        lex.expand_all();
        lex.check()?;
        if let Some(top) = largest_id(&lex).filter(|&top| top >= lex.words as u64) {
            lex.fail(format!(
                "a word's outputs add up to {top}, not below the word count {}",
                lex.words
            ));
            lex.check()?;
        }
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
        let root = lex.nodes[Lexicon::ROOT as usize];
        let edges = || {
            order.iter().flat_map(|&i| {
                let node = lex.nodes[i as usize];
                let first = node.edges as usize;
                lex.edges[first..first + node.mask.count_ones() as usize]
                    .iter()
                    .map(|e| {
                        let child = lex.nodes[e.node as usize];
                        (offset[e.node as usize], e.out, child.mask, child.word)
                    })
            })
        };
        let layout = if lex.alphabet.len() > 32 {
            Encoding::Wider(Wider {
                table: edges()
                    .map(|(at, out, mask, word)| WiderEdge {
                        mask,
                        at,
                        out,
                        word,
                    })
                    .collect(),
                root: CompactNode {
                    at: 0,
                    mask: root.mask,
                    word: root.word,
                },
            })
        } else {
            // Every mask fits in 32 bits: the alphabet does.
            let wide = Wide {
                table: edges()
                    .map(|(at, out, mask, word)| [at, out, mask as u32, word])
                    .collect(),
                root: CompactNode {
                    at: 0,
                    mask: root.mask as u32,
                    word: root.word,
                },
            };
            let packed = if pack {
                Packed::new(&wide, lex.alphabet.len(), lex.words)
            } else {
                None
            };
            match packed {
                Some(packed) => Encoding::Packed(packed),
                None => Encoding::Wide(wide),
            }
        };
        Ok(Compact {
            encoding: layout,
            alphabet: lex.alphabet.clone(),
        })
    }

    /// The table's layout, for the search to pick its walk.
    pub(crate) fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// The alphabet.
    pub(crate) fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }
}

/// The largest word id any walk of a fully decoded lexicon can add up (the
/// outputs along a path plus the final state's), or `None` if no state is
/// final: one pass over the states, children before parents. The states
/// form no cycle (each transition leads to a lower automaton address, as
/// every decoded state was checked); a state on the current path met again
/// is treated as a dead end all the same, so this always ends.
fn largest_id(lex: &Lexicon) -> Option<u64> {
    const TODO: u64 = u64::MAX;
    const OPEN: u64 = u64::MAX - 1;
    const NONE: u64 = u64::MAX - 2;
    // Largest id below each state, relative to the state (NONE: no word).
    let mut best = vec![TODO; lex.nodes.len()];
    let mut stack = vec![(Lexicon::ROOT, 0u32)];
    best[Lexicon::ROOT as usize] = OPEN;
    while let Some(top) = stack.last_mut() {
        let (i, k) = *top;
        let node = lex.nodes[i as usize];
        if k < node.mask.count_ones() {
            top.1 += 1;
            let child = lex.edges[(node.edges + k) as usize].node;
            if best[child as usize] == TODO {
                best[child as usize] = OPEN;
                stack.push((child, 0));
            }
            continue;
        }
        stack.pop();
        let mut top = if node.word == NO_WORD {
            NONE
        } else {
            u64::from(node.word)
        };
        for e in &lex.edges[node.edges as usize..(node.edges + node.mask.count_ones()) as usize] {
            let below = best[e.node as usize];
            if below < NONE {
                let id = below.saturating_add(u64::from(e.out)).min(NONE - 1);
                top = if top == NONE { id } else { top.max(id) };
            }
        }
        best[i as usize] = top;
    }
    Some(best[Lexicon::ROOT as usize]).filter(|&top| top < NONE)
}

/// Bits needed to write every number up to `max`.
fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}

impl Packed {
    /// Packs a wide table, or `None` when its fields do not fit in 63 bits
    /// or some final state carries an output.
    fn new(wide: &Wide, letters: usize, words: usize) -> Option<Packed> {
        let (root, wide) = (wide.root, &wide.table);
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
    type Mask = u32;

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

impl States for &Wide {
    type Node = CompactNode<u32>;
    type Mask = u32;

    #[inline(always)]
    fn root(&mut self) -> CompactNode<u32> {
        self.root
    }

    #[inline(always)]
    fn mask(n: CompactNode<u32>) -> u32 {
        n.mask
    }

    #[inline(always)]
    fn word(n: CompactNode<u32>) -> u32 {
        n.word
    }

    #[inline(always)]
    fn child(&mut self, n: CompactNode<u32>, l: u8) -> (CompactNode<u32>, u32) {
        let k = n.mask.below(u32::from(l));
        let [at, out, mask, word] = self.table[(n.at + k) as usize];
        (CompactNode { at, mask, word }, out)
    }
}

impl States for &Wider {
    type Node = CompactNode<u64>;
    type Mask = u64;

    #[inline(always)]
    fn root(&mut self) -> CompactNode<u64> {
        self.root
    }

    #[inline(always)]
    fn mask(n: CompactNode<u64>) -> u64 {
        n.mask
    }

    #[inline(always)]
    fn word(n: CompactNode<u64>) -> u32 {
        n.word
    }

    #[inline(always)]
    fn child(&mut self, n: CompactNode<u64>, l: u8) -> (CompactNode<u64>, u32) {
        let k = n.mask.below(u32::from(l));
        let e = self.table[(n.at + k) as usize];
        (
            CompactNode {
                at: e.at,
                mask: e.mask,
                word: e.word,
            },
            e.out,
        )
    }
}
