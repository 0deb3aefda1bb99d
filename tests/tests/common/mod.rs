//! The shared test support (the `boggle-tests` library), under the name the
//! test files use.
#![allow(unused_imports)]

pub use boggle_tests::*;
