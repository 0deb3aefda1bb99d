//! No code: a crate every package of the workspace depends on (but `job`
//! and `prep`, which are published, and the WebAssembly module `web`),
//! asking for the union of the features the whole workspace asks of each
//! third-party crate. Without it each package alone resolves other
//! features than the workspace does, and `cargo run -p boggle-room` after
//! `cargo build --workspace` compiles dozens of crates again. `cargo
//! hakari generate` writes its Cargo.toml; `.config/hakari.toml` says when
//! to run it.
