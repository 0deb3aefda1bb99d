//! The built-in packs, compiled from `wordlists/` into the library at build
//! time (see `build.rs`, which builds every pack of
//! `prep::installed::BUILTIN`), so the solver works with nothing
//! installed.

use prep::Pack;

/// Each built-in pack's name and bytes (none without the `builtin-packs`
/// feature).
static BYTES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/builtin_bytes.rs"));

/// A built-in pack by name (`en`, `nl`), served from static bytes (which
/// this crate's build script made, so its automaton is trusted as it is).
/// Names are case-insensitive (`EN` is `en`). `None` for any other name,
/// and for every name without the `builtin-packs` feature.
pub fn builtin(name: &str) -> Option<Pack> {
    let name = name.to_ascii_lowercase();
    let (_, bytes) = BYTES.iter().find(|(n, _)| *n == name)?;
    Some(Pack::from_static(bytes, &format!("built-in {name}")).expect("built-in packs are valid"))
}
