//! Board text (arbitrary bytes, read as UTF-8 lossily) parsed under nine
//! rule sets; whatever parses is checked and solved with a tiny pack (see
//! `boggle_fuzz::board::board_parse`). Any panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boggle_fuzz::board::board_parse(data);
});
