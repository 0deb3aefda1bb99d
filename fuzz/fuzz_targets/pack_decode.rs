//! The state-by-state automaton decoder (`prep::pack::Automaton`, what the
//! solver's lazy table reads) on crafted packs: checksums made right, then
//! every reachable state decoded and checked, then the lazy search (see
//! `boggle_fuzz::pack_decode`). Any panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boggle_fuzz::pack_decode(data);
});
