//! Empty: a build script makes Cargo unify the features of the build
//! dependencies this crate lists too.

fn main() {}
