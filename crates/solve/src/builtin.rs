//! The built-in packs, compiled from `wordlists/` into the binary at build
//! time (see `build.rs`), so the solver works with nothing installed.

use prep::{Pack, PackError};

static EN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/en.pack"));
static NL: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/nl.pack"));

/// The built-in packs: name, language, description.
pub const PACKS: &[(&str, &str, &str)] = &[
    (
        "en",
        "English",
        "npm word-list 4.1.0 with the enable recipe (q reads qu)",
    ),
    ("nl", "Dutch", "OpenTaal 2.20.19 with the opentaal recipe"),
];

/// A built-in pack by name (`en`, `nl`), served from static bytes.
pub fn pack(name: &str) -> Option<Pack> {
    let bytes = match name {
        "en" => EN,
        "nl" => NL,
        _ => return None,
    };
    Some(Pack::from_static(bytes, &format!("built-in {name}")).expect("built-in packs are valid"))
}

/// Checks a built-in pack fully (tests).
pub fn verify(name: &str) -> Result<(), PackError> {
    match pack(name) {
        Some(p) => p.verify(),
        None => Ok(()),
    }
}
