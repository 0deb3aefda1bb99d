//! A pack's automaton read one state at a time, each state checked as it is
//! decoded: what a solver that visits only a board's few thousand states
//! needs, without paying for a check of the whole automaton first.

use fst::raw::Fst;
use thiserror::Error;

use super::check::{quietly, MALFORMED};
use super::PackBytes;

/// A state that breaks one of [`Automaton`]'s guarantees: the pack was made
/// wrongly (its checksums match), so the state is a dead end.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StateError {
    /// An address outside the automaton's bytes.
    #[error("a transition points outside the automaton ({0})")]
    OutOfRange(usize),
    /// A final state with an output of its own.
    #[error("a final state carries an output (ranks are not 0, 1, 2…)")]
    FinalOutput,
    /// Inputs that do not strictly increase.
    #[error("a state's transitions are out of order")]
    OutOfOrder,
    /// A transition to a state at the same or a higher address.
    #[error("a transition points forward (a cycle is possible)")]
    Forward,
    /// An output at or past the word count.
    #[error("a transition's output {output} is not below the word count {words}")]
    Output {
        /// The transition's output.
        output: u64,
        /// The automaton's word count.
        words: u64,
    },
    /// Bytes the `fst` crate could not decode at all.
    #[error("{MALFORMED}")]
    Malformed,
}

/// One transition of a decoded state: an input byte, the output on the way,
/// and the state it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The input byte (UTF-8: a letter may take several transitions).
    pub input: u8,
    /// The output on the transition; below the pack's word count.
    pub output: u64,
    /// The address of the state it leads to; below the address of the state
    /// it leaves, so no walk can cycle.
    pub target: usize,
}

/// A pack's automaton, decoded state by state ([`state`](Automaton::state)),
/// each state checked as it is decoded. Cheap to clone (it shares the pack's
/// bytes).
///
/// What one checked state guarantees: decoding it could not panic or read
/// outside the automaton, its inputs strictly increase, every transition
/// leads to a state at a lower address (so every walk ends), every output is
/// below the word count, and a final state carries no output of its own.
/// What it cannot guarantee alone is that the outputs along a path add up
/// to a rank below the word count (that depends on the whole automaton):
/// a caller that uses sums of outputs as indexes must check them, or rely on
/// [`Pack::check`](super::Pack::check), which proves it for every path.
#[derive(Clone)]
pub struct Automaton {
    fst: Fst<PackBytes>,
}

impl std::fmt::Debug for Automaton {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Automaton")
            .field("bytes", &self.fst.as_bytes().len())
            .field("words", &self.fst.len())
            .finish()
    }
}

impl Automaton {
    pub(crate) fn new(fst: Fst<PackBytes>) -> Automaton {
        Automaton { fst }
    }

    /// The address of the start state (an error if the automaton cannot
    /// even say where it starts).
    pub fn root(&self) -> Result<usize, StateError> {
        // The `fst` crate finds the root by decoding it.
        quietly(|| self.fst.root().addr()).ok_or(StateError::Malformed)
    }

    /// Number of words (every rank is below it).
    pub fn len(&self) -> usize {
        self.fst.len()
    }

    /// Whether the automaton holds no words.
    pub fn is_empty(&self) -> bool {
        self.fst.is_empty()
    }

    /// Decodes the state at `addr` and checks it: its transitions are
    /// appended to `out` (in increasing input order), and the result says
    /// whether a word ends there. A state that breaks any rule of the
    /// [type's](Automaton) guarantees is an error, one line, saying what.
    pub fn state(&self, addr: usize, out: &mut Vec<Transition>) -> Result<bool, StateError> {
        let len = self.fst.len() as u64;
        let bytes = self.fst.as_bytes().len();
        if addr >= bytes.max(1) {
            return Err(StateError::OutOfRange(addr));
        }
        let from = out.len();
        let decoded = quietly(|| -> Result<bool, StateError> {
            let node = self.fst.node(addr);
            if node.is_final() && node.final_output().value() != 0 {
                return Err(StateError::FinalOutput);
            }
            for t in node.transitions() {
                let t = Transition {
                    input: t.inp,
                    output: t.out.value(),
                    target: t.addr,
                };
                if let Some(last) = out[from..].last() {
                    if last.input >= t.input {
                        return Err(StateError::OutOfOrder);
                    }
                }
                if t.target != 0 && t.target >= addr {
                    return Err(StateError::Forward);
                }
                if t.output >= len {
                    return Err(StateError::Output {
                        output: t.output,
                        words: len,
                    });
                }
                out.push(t);
            }
            Ok(node.is_final())
        });
        match decoded {
            Some(Ok(is_final)) => Ok(is_final),
            Some(Err(message)) => {
                out.truncate(from);
                Err(message)
            }
            None => {
                out.truncate(from);
                Err(StateError::Malformed)
            }
        }
    }
}
