//! The rule for a player's display name: what the server accepts and
//! everyone in the room then sees beside the player's words. A name is
//! shown as text (never markup) and isolated from the text around it, but
//! a name must still not pass for another: no direction controls (a
//! right-to-left override makes `Ann (host)` of `(tsoh) nnA`), no name
//! made only of invisible characters, no pile of combining marks, and no
//! two alike in a room.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The most characters a name has.
pub const MAX_CHARS: usize = 24;

/// The most combining marks on one letter (Vietnamese needs two).
const MAX_MARKS: usize = 2;

/// A name refused.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum NameError {
    /// Empty (or only spaces), or too long.
    #[error("a name is 1 to {MAX_CHARS} characters")]
    Length,
    /// A control or direction character (they reorder or hide the text
    /// shown around the name).
    #[error("a name may not hold control or direction characters")]
    Control,
    /// Nothing a person can see.
    #[error("a name needs a letter, digit or sign a person can see")]
    Invisible,
    /// A letter under a pile of marks that spill over other text.
    #[error("a name may have at most {MAX_MARKS} marks on a letter")]
    Marks,
}

/// Characters that change how text around them is ordered or shown, or
/// that take no space: the bidirectional controls, the zero-width ones and
/// the byte-order mark (Unicode's "Cf" characters a name can be given).
fn hidden_control(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
    ) || c.is_control()
}

/// A display name as given: composed (NFC), trimmed, with each run of
/// spaces made one, or why it is refused.
pub fn read(name: &str) -> Result<String, NameError> {
    let composed: String = name.nfc().collect();
    if composed.chars().any(hidden_control) {
        return Err(NameError::Control);
    }
    let name = composed.split_whitespace().collect::<Vec<_>>().join(" ");
    let len = name.chars().count();
    if len == 0 || len > MAX_CHARS {
        return Err(NameError::Length);
    }
    if name
        .chars()
        .all(|c| c.is_whitespace() || is_combining_mark(c))
    {
        return Err(NameError::Invisible);
    }
    let mut marks = 0;
    for c in name.chars() {
        marks = if is_combining_mark(c) { marks + 1 } else { 0 };
        if marks > MAX_MARKS {
            return Err(NameError::Marks);
        }
    }
    Ok(name)
}

/// The form two names are compared in: alike if they differ only in case
/// or in how their letters are composed.
pub fn key(name: &str) -> String {
    name.nfkc().flat_map(char::to_lowercase).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_would_pass_for_another_are_refused() {
        assert_eq!(read("  Ann   Lee "), Ok("Ann Lee".into()));
        assert_eq!(read("Zoë"), Ok("Zoë".into()));
        assert_eq!(read("Nguyễn"), Ok("Nguyễn".into()));
        assert_eq!(read("<b>hi</b>"), Ok("<b>hi</b>".into()));
        // A right-to-left override, an isolate, a zero-width space, a tab.
        for bad in ["\u{202E}tsoh) nnA", "Ann\u{2067}", "A\u{200B}nn", "A\tnn"] {
            assert_eq!(read(bad), Err(NameError::Control), "{bad:?}");
        }
        assert_eq!(read(""), Err(NameError::Length));
        assert_eq!(read("   "), Err(NameError::Length));
        assert_eq!(read(&"x".repeat(25)), Err(NameError::Length));
        assert_eq!(read("\u{0301}\u{0301}"), Err(NameError::Invisible));
        assert_eq!(read("Z\u{0351}\u{0352}\u{0353}"), Err(NameError::Marks));
        assert_eq!(key("ANN"), key("ann"));
        assert_eq!(key("Zoe\u{0308}"), key("Zoë"));
        assert_ne!(key("Ann"), key("Anne"));
    }
}
