//! A crafted pack (checksums right, one state of the automaton broken) is
//! checked where it is read: opening it succeeds, a board that never reaches
//! the broken state solves exactly as with the sound pack, a board that does
//! reach it is an error (never a panic, never a silently short answer), and
//! every whole-automaton walk and the batch warm-up refuse it.

use prep::{pack::reseal, Pack, PackBuilder, Recipe};
use solve::{FaceRules, LexiconError, Solver};

const WORDS: &[u8] = b"cat\ncats\ncast\nact\nacts\ndog\ndogs\ngod\nzebra\nzebras\nzest\nzeta\n";

fn sound() -> Vec<u8> {
    PackBuilder::new(Recipe::builtin("enable").unwrap())
        .build_bytes(WORDS, "words.txt")
        .unwrap()
        .0
}

/// Where the automaton starts in a pack's bytes (header bytes 24..32 hold
/// its length; it runs to the end).
fn fst_start(pack: &[u8]) -> usize {
    let len = u64::from_le_bytes(pack[24..32].try_into().unwrap());
    pack.len() - len as usize
}

/// The automaton's address of the state after `prefix`.
fn address_of(pack: &Pack, prefix: &str) -> usize {
    let automaton = pack.automaton();
    let mut addr = automaton.root().unwrap();
    for &b in prefix.as_bytes() {
        let mut out = Vec::new();
        automaton.state(addr, &mut out).unwrap();
        addr = out.iter().find(|t| t.input == b).unwrap().target;
    }
    addr
}

/// The sound pack with one byte of the state after "ze" changed so that
/// decoding that state fails its check while every state on the way to it
/// (and every state of the other words) stays sound; checksums recomputed.
fn crafted() -> Vec<u8> {
    let good = sound();
    let pack = Pack::from_vec(good.clone(), "sound").unwrap();
    let fst_start = fst_start(&good);
    let target = address_of(&pack, "ze");
    let keep: Vec<usize> = [
        "", "c", "ca", "cat", "a", "ac", "act", "d", "do", "dog", "g", "go", "z",
    ]
    .iter()
    .map(|p| address_of(&pack, p))
    .collect();
    for back in 0..4usize {
        let Some(at) = target.checked_sub(back) else {
            continue;
        };
        for value in 0..=255u8 {
            let mut bad = good.clone();
            bad[fst_start + at] = value;
            reseal(&mut bad);
            let Ok(pack) = Pack::from_vec(bad.clone(), "crafted") else {
                continue;
            };
            let automaton = pack.automaton();
            let sound_elsewhere = automaton.root().is_ok()
                && keep
                    .iter()
                    .all(|&a| a != at && automaton.state(a, &mut Vec::new()).is_ok());
            if sound_elsewhere && automaton.state(target, &mut Vec::new()).is_err() {
                return bad;
            }
        }
    }
    panic!("no single-byte change breaks the state after \"ze\" alone");
}

#[test]
fn a_broken_state_is_an_error_only_where_a_board_reaches_it() {
    let good = Pack::from_vec(sound(), "sound").unwrap();
    let bad = Pack::from_vec(crafted(), "crafted").expect("checksums are right: it opens");

    // Every walk of the whole automaton refuses it, with a one-line error.
    for err in [
        bad.check().unwrap_err(),
        bad.words().unwrap_err(),
        bad.verify().unwrap_err(),
    ] {
        let message = err.to_string();
        assert!(message.starts_with("crafted: "), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }

    let faces = FaceRules::from_pack(&good).unwrap();
    let mut sound_solver = Solver::new(&good).unwrap();
    let mut lazy = Solver::new(&bad).expect("the root state is sound");

    // No z on the board: the broken state is never decoded.
    let board = faces.parse("cats/adog/tsxx/xxxx").unwrap();
    let expected = sound_solver.solve(&board).unwrap();
    let got = lazy
        .solve(&board)
        .expect("this board never reaches the broken state");
    assert_eq!(got.words, expected.words);
    assert!(!got.words.is_empty());
    assert_eq!(
        lazy.tally(&board).unwrap(),
        sound_solver.tally(&board).unwrap()
    );

    // A board with "ze…" reaches it: an error naming the pack, not a panic
    // and not a list without the zebras.
    let board = faces.parse("zebr/stxa/xxxx/xxxx").unwrap();
    assert!(!sound_solver.solve(&board).unwrap().words.is_empty());
    let err = lazy.solve(&board).unwrap_err();
    assert!(matches!(err, LexiconError::Malformed { .. }), "{err}");
    let message = err.to_string();
    assert!(message.starts_with("crafted: "), "{message}");
    assert!(!message.contains('\n'), "{message}");
    // The fault sticks: the solver stays refused.
    let board = faces.parse("cats/adog/tsxx/xxxx").unwrap();
    assert!(lazy.tally(&board).is_err());

    // Decoding the whole table (batch work) finds it before any board.
    let mut batch = Solver::new(&bad).unwrap();
    let err = batch.warm_up().unwrap_err();
    assert!(err.to_string().starts_with("crafted: "), "{err}");
}

#[test]
fn word_ids_that_add_up_past_the_word_count_are_refused() {
    // Raise the output of the root's first transition ("a…") as far as the
    // per-state check allows (below the word count): the states stay
    // sound one by one, but the ids of words under it add up past the end.
    let good = sound();
    let pack = Pack::from_vec(good.clone(), "sound").unwrap();
    let fst_start = fst_start(&good);
    let faces = FaceRules::from_pack(&pack).unwrap();
    let board = faces.parse("acts/xxxx/xxxx/xxxx").unwrap();
    let mut found_one = false;
    for at in 0..good.len() - fst_start {
        for value in [pack.len() as u8 - 1, pack.len() as u8 - 2] {
            let mut bad = good.clone();
            if bad[fst_start + at] == value {
                continue;
            }
            bad[fst_start + at] = value;
            reseal(&mut bad);
            let Ok(bad) = Pack::from_vec(bad, "crafted") else {
                continue;
            };
            let Ok(mut lazy) = Solver::new(&bad) else {
                continue;
            };
            // Whatever happens, no panic; when an id is out of range, the
            // lazy search and the warm-up both say so.
            let lazy_result = lazy.tally(&board);
            let mut batch = Solver::new(&bad).unwrap();
            let warm = batch.warm_up();
            if let Err(LexiconError::Malformed { message, .. }) = &lazy_result {
                if message.contains("add up to") {
                    found_one = true;
                    assert!(warm.is_err(), "the warm-up missed what the search found");
                }
            }
            if warm.is_ok() {
                // A table that passes the warm-up solves without error.
                assert!(batch.tally(&board).is_ok());
            }
        }
    }
    assert!(found_one, "no change made an id add up past the word count");
}
