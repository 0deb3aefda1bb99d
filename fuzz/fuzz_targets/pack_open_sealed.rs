//! Like `pack_open`, but first makes every checksum in the input right (see
//! `boggle_fuzz::reseal`), so the fuzzer reaches the metadata and automaton
//! parsers instead of stopping at a CRC mismatch: a crafted pack, not an
//! accidentally damaged one.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut data = data.to_vec();
    boggle_fuzz::reseal(&mut data);
    boggle_fuzz::pack_open(&data);
});
