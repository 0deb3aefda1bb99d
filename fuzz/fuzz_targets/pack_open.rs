//! Open arbitrary bytes as a pack; if that works, verify it and walk every
//! word. Any panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boggle_fuzz::pack_open(data);
});
