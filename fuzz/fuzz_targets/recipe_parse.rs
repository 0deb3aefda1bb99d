//! Recipe TOML (arbitrary bytes, read as UTF-8 lossily): parsed, written
//! back, used to build, verify and solve with a tiny pack (see
//! `boggle_fuzz::recipe::recipe_parse`). Any panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boggle_fuzz::recipe::recipe_parse(data);
});
