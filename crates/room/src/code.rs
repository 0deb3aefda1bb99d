//! Room codes and seat tokens: drawn from the operating system's random
//! source, so one code says nothing of another.

/// 32 characters that read unambiguously aloud and on paper: no 0/O, no
/// 1/I.
const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/// Characters in a room code: 40 random bits.
pub(crate) const CODE_LEN: usize = 8;

/// A fresh room code, `7KQ2XM9D` (shown as `7KQ2-XM9D`).
pub(crate) fn room_code() -> String {
    let mut bytes = [0u8; CODE_LEN];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
        .iter()
        .map(|b| ALPHABET[usize::from(b & 31)] as char)
        .collect()
}

/// A code as a person typed it (any case, dashes and spaces anywhere), or
/// `None` if it cannot be one.
pub(crate) fn read(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// A seat's secret: 128 random bits as hex.
pub(crate) fn token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh round seed.
pub(crate) fn seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    // As long as a link carries (15 digits).
    u64::from_le_bytes(bytes) % solve::game::catalog::SEEDS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_however_they_are_typed() {
        let code = room_code();
        assert_eq!(read(&code), Some(code.clone()));
        let shown = format!("{}-{}", &code[..4], &code[4..]).to_lowercase();
        assert_eq!(read(&shown), Some(code));
        assert_eq!(read("ABCD-EFG"), None);
        assert_eq!(read("ABCD-EFG0"), None);
        assert_eq!(read("<script>"), None);
    }

    #[test]
    fn codes_and_tokens_differ_each_time() {
        let codes: std::collections::HashSet<_> = (0..1000).map(|_| room_code()).collect();
        assert_eq!(codes.len(), 1000);
        assert_ne!(token(), token());
        assert_eq!(token().len(), 32);
    }
}
