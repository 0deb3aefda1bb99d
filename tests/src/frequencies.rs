//! Made-up word frequencies for random test packs: every word gets a
//! value from its bytes, so a test knows what its pack stores without
//! keeping a table, and which words a common-words-only solver must skip.

use prep::frequency::{FrequencyList, FrequencySource, Zipf};
use prep::{Pack, PackBuilder};

/// A made-up frequency for `word`, from its bytes: Zipf 0.1 to 6.0, or
/// `None` (not listed) for about one word in five.
pub fn made_up_zipf(word: &str) -> Option<f64> {
    let h = word
        .bytes()
        .fold(17u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    (h % 5 != 0).then(|| f64::from(h % 60 + 1) / 10.0)
}

/// What a pack stores for `word` under [`made_up_zipf`].
pub fn made_up_stored(word: &str) -> Option<Zipf> {
    made_up_zipf(word).map(Zipf::from_value)
}

/// `builder` given every word's made-up frequency, as a `word<TAB>zipf`
/// list (each word once: a list's repeated entries add up).
pub fn with_made_up_frequencies<'a>(builder: PackBuilder<'a>, words: &[String]) -> PackBuilder<'a> {
    let distinct: std::collections::BTreeSet<&String> = words.iter().collect();
    let text: String = distinct
        .into_iter()
        .filter_map(|w| made_up_zipf(w).map(|z| format!("{w}\t{z}\n")))
        .collect();
    let list = FrequencyList::read(text.as_bytes(), "made-up.tsv").expect("the list reads");
    builder.frequencies(list, FrequencySource::default())
}

/// Panics unless `pack` stores each word's made-up frequency.
pub fn assert_made_up_frequencies(pack: &Pack) {
    for (rank, w) in pack.words().unwrap().iter().enumerate() {
        assert_eq!(pack.zipf(rank as u64), made_up_stored(w), "{w}");
    }
}
