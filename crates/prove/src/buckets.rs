//! How the faces are split into buckets: a class gives each cell a bucket
//! first, then one of its faces.

/// Vowels of the scripts the packs use (Latin with its accents, Greek,
/// Cyrillic); `y` counts as a consonant, as it mostly acts like one.
const VOWELS: &str = "aeiouàáâãäåæèéêëìíîïòóôõöøùúûüœαάεέηήιίϊΐοόυύϋΰωώаеёиоуыэюяіїє";

/// Splits the faces into at most `k` buckets: the vowels in one, the other
/// faces in `k - 1` of about equal size by how often each face's first
/// letter occurs in `words`, most frequent first. A class whose cells are
/// vowel or consonant sets bounds far tighter than one that mixes them: a
/// cell that may be either continues most prefixes.
pub(crate) fn buckets(
    faces: &[String],
    letters_of: &[Vec<u8>],
    words: &[Vec<u8>],
    k: usize,
) -> (Vec<u64>, Vec<u8>) {
    let mut letters = [0u64; 64];
    for &l in words.iter().flatten() {
        letters[usize::from(l)] += 1;
    }
    let count = |f: usize| {
        letters_of[f]
            .first()
            .map_or(0, |&l| letters[usize::from(l)])
    };
    let vowel = |f: usize| faces[f].chars().next().is_some_and(|c| VOWELS.contains(c));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let vowels: Vec<usize> = (0..faces.len()).filter(|&f| vowel(f)).collect();
    let mut rest: Vec<usize> = (0..faces.len()).filter(|&f| !vowel(f)).collect();
    let k = k.clamp(1, faces.len().max(1));
    let split = if vowels.is_empty() || rest.is_empty() || k < 2 {
        rest = (0..faces.len()).collect();
        k
    } else {
        groups.push(vowels);
        k - 1
    };
    rest.sort_by_key(|&f| (std::cmp::Reverse(count(f)), f));
    let size = rest.len().div_ceil(split).max(1);
    groups.extend(rest.chunks(size).map(<[usize]>::to_vec));
    let mut buckets = Vec::with_capacity(groups.len());
    let mut bucket_of = vec![0u8; faces.len()];
    for (b, group) in groups.iter().enumerate() {
        buckets.push(group.iter().fold(0u64, |m, &f| m | 1 << f));
        for &f in group {
            bucket_of[f] = b as u8;
        }
    }
    (buckets, bucket_of)
}

#[cfg(test)]
mod tests {
    use super::buckets;

    #[test]
    fn vowels_share_a_bucket_and_consonants_split_by_frequency() {
        let faces: Vec<String> = "abcdeo".chars().map(String::from).collect();
        let letters: Vec<Vec<u8>> = (0..6u8).map(|l| vec![l]).collect();
        // b is the most frequent consonant, then c, then d.
        let words: Vec<Vec<u8>> = vec![vec![1, 1, 1, 2, 2, 3]];
        let (b, of) = buckets(&faces, &letters, &words, 3);
        // Vowels a, e, o; then {b, c}; then {d}.
        assert_eq!(b, vec![0b110001, 0b000110, 0b001000]);
        assert_eq!(of, vec![0, 1, 1, 2, 0, 0]);
        // No vowels: all by frequency.
        let (b, _) = buckets(&faces[1..4], &letters[..3], &[vec![0, 0, 1]], 3);
        assert_eq!(b.len(), 3);
    }
}
