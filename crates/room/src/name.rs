//! The rule for a player's display name: what the server accepts and
//! everyone in the room then sees beside the player's words.

/// A name refused.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum NameError {
    /// Empty, too long or not plain text.
    #[error("a name is 1 to 24 characters of text")]
    Invalid,
}

/// A display name as given: trimmed, 1 to 24 characters, no control
/// characters (it is shown as text, never as markup).
pub fn read(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 || len > 24 || name.chars().any(char::is_control) {
        return Err(NameError::Invalid);
    }
    Ok(name.to_string())
}
