//! The built-in packs, compiled from `wordlists/` into the library at build
//! time (see `build.rs`), so the solver works with nothing installed.

use prep::Pack;

#[cfg(feature = "builtin-packs")]
static EN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/en.pack"));
#[cfg(feature = "builtin-packs")]
static NL: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/nl.pack"));

/// The built-in packs: name, language, description.
pub const BUILTIN: &[(&str, &str, &str)] = &[
    (
        "en",
        "English",
        "npm word-list 4.1.0 with the enable recipe (q reads qu)",
    ),
    ("nl", "Dutch", "OpenTaal 2.20.19 with the opentaal recipe"),
];

/// Without the `builtin-packs` feature there are none: `None` always.
#[cfg(not(feature = "builtin-packs"))]
pub fn builtin(_name: &str) -> Option<Pack> {
    None
}

/// A built-in pack by name (`en`, `nl`), served from static bytes (which
/// this crate's build script made, so its automaton is trusted as it is).
/// Names are case-insensitive (`EN` is `en`).
#[cfg(feature = "builtin-packs")]
pub fn builtin(name: &str) -> Option<Pack> {
    let name = name.to_ascii_lowercase();
    let bytes = match name.as_str() {
        "en" => EN,
        "nl" => NL,
        _ => return None,
    };
    Some(Pack::from_static(bytes, &format!("built-in {name}")).expect("built-in packs are valid"))
}
