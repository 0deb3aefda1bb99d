//! How a source (of words or of frequencies) is named to a person.

/// A name and version as a person reads them: just the name when there is
/// no version (sources of words and of frequencies alike).
pub(crate) fn title(name: &str, version: &str) -> String {
    [name, version]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}
