//! Checking an automaton's structure without trusting it: the one thing
//! between a pack file's bytes and a walk of its words.
//!
//! The checksums rule out accidental damage, not a crafted file: the `fst`
//! crate does not validate an automaton's structure and may panic on a
//! malformed one. [`check_structure`] proves in one pass that walking the
//! automaton, looking words up or summing outputs along a path cannot
//! panic; [`quietly`] contains (and silences) any panic of the `fst` crate
//! while a check runs.

use super::PackBytes;

/// What a panic inside the `fst` crate is reported as.
pub(crate) const MALFORMED: &str =
    "malformed automaton (its checksums match, so the file was made this way)";

thread_local! {
    /// Set while [`quietly`] runs on this thread.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f`, turning a panic into `None` without printing it. The panic hook
/// is wrapped once per process (not swapped per call, which would race
/// between threads); the wrapper stays silent only on a thread inside
/// `quietly`.
pub(crate) fn quietly<R>(f: impl FnOnce() -> R) -> Option<R> {
    static WRAP: std::sync::Once = std::sync::Once::new();
    WRAP.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                previous(info)
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result.ok()
}

/// Checks a rank map's structure without trusting it, in one pass over its
/// states (each decoded once, however many words share it): every state
/// decodes, every transition points to an earlier state (so there is no
/// cycle), inputs are strictly increasing within a state, no final state has
/// an output, and each transition's output is exactly the number of words
/// sorted before its subtree, so the words are the map's `len()` distinct
/// byte strings in order with ranks 0, 1, 2…. A state that would make the
/// `fst` crate panic is reported as [`MALFORMED`]. After this, walking the
/// map, looking words up or summing outputs along any path cannot panic or
/// overflow, and a rank is always below `len()`.
pub(crate) fn check_structure(fst: &fst::raw::Fst<PackBytes>) -> Result<(), String> {
    quietly(|| check_states(fst)).unwrap_or_else(|| Err(MALFORMED.into()))
}

fn check_states(fst: &fst::raw::Fst<PackBytes>) -> Result<(), String> {
    struct Frame<'f> {
        node: fst::raw::Node<'f>,
        next: usize,
        words: u64,
    }
    fn enter(node: fst::raw::Node<'_>) -> Result<Frame<'_>, String> {
        if node.is_final() && node.final_output().value() != 0 {
            return Err("a final state carries an output (ranks are not 0, 1, 2…)".into());
        }
        Ok(Frame {
            words: u64::from(node.is_final()),
            node,
            next: 0,
        })
    }
    let total = fst.len() as u64;
    if total >= u64::from(u32::MAX) {
        return Err(format!("{total} words is more than a pack may hold"));
    }
    let too_many = || format!("a walk finds more words than the {total} it says it holds");
    // Words below each state, plus one (0: not counted yet), by address.
    let mut counted = vec![0u32; fst.as_bytes().len() + 1];
    let mut stack = vec![enter(fst.root())?];
    while let Some(top) = stack.last_mut() {
        if top.next < top.node.len() {
            let i = top.next;
            top.next += 1;
            let t = top.node.transition(i);
            if i > 0 && top.node.transition(i - 1).inp >= t.inp {
                return Err("a state's transitions are out of order".into());
            }
            if t.out.value() != top.words {
                return Err("a transition's output is not the rank of its first word".into());
            }
            if t.addr != 0 && t.addr >= top.node.addr() {
                return Err("a transition points forward (a cycle is possible)".into());
            }
            match counted.get(t.addr) {
                None => {
                    return Err(format!(
                        "a transition points outside the automaton ({})",
                        t.addr
                    ))
                }
                Some(&0) => {
                    let child = enter(fst.node(t.addr))?;
                    stack.push(child);
                }
                Some(&seen) => {
                    top.words += u64::from(seen - 1);
                    if top.words > total {
                        return Err(too_many());
                    }
                }
            }
        } else {
            let (addr, words) = (top.node.addr(), top.words);
            stack.pop();
            if let Some(parent) = stack.last_mut() {
                parent.words += words;
                if parent.words > total {
                    return Err(too_many());
                }
                // words <= total < u32::MAX - 1, so this fits.
                counted[addr] = words as u32 + 1;
            } else if words != total {
                return Err(format!(
                    "automaton says it holds {total} words, a walk finds {words}"
                ));
            }
        }
    }
    Ok(())
}
