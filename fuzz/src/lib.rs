//! What the fuzz targets do, shared with the stable-toolchain stress runners
//! (`src/bin/*_stress.rs`) so that both exercise the same code: `pack_open`
//! here (and `prep::pack::reseal`, re-exported), `board_parse` in [`board`], `recipe_parse` in
//! [`recipe`], the stress loop of the newer runners in [`runner`].

use prep::frequency::{FrequencyList, FrequencySource, Zipf};
use prep::verdict::Evidence;
use prep::{Pack, PackBuilder, PackError, Recipe};

pub mod board;
pub mod recipe;
pub mod runner;

/// How [`pack_open`] ended (for statistics; a panic never returns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// `Pack::from_vec` refused the bytes, with this kind of error.
    Rejected(&'static str),
    /// It opened, but `verify` found a fault.
    OpenedVerifyFailed,
    /// It opened and verified.
    Verified,
}

/// The kind of a pack error, as a short name.
pub fn error_kind(e: &PackError) -> &'static str {
    match e {
        PackError::Io { .. } => "io",
        PackError::TooShort { .. } => "too_short",
        PackError::BadMagic { .. } => "bad_magic",
        PackError::UnsupportedVersion { .. } => "unsupported_version",
        PackError::UnsupportedFlags { .. } => "unsupported_flags",
        PackError::HeaderChecksum { .. } => "header_checksum",
        PackError::Length { .. } => "length",
        PackError::MetaChecksum { .. } => "meta_checksum",
        PackError::Meta { .. } => "meta",
        PackError::Frequencies { .. } => "frequencies",
        PackError::FstChecksum { .. } => "fst_checksum",
        PackError::Fst { .. } => "fst",
        PackError::Compact { .. } => "compact",
    }
}

/// Opens `data` as a pack (header, metadata, checksums); if that works,
/// first uses it as `boggle --pack` does, with no whole-automaton check:
/// solve boards on the lazily decoded table, whose states are checked one
/// by one as a board reaches them ([`solve_lazily`]). Then verifies it and,
/// if that works, uses it the ways a tool would (walk every word, look
/// words up, print the metadata). Only a panic (or a hang) is a bug; so is
/// a verified pack that the lazy search refuses, or a word it finds that
/// the pack does not hold.
pub fn pack_open(data: &[u8]) -> Outcome {
    let pack = match Pack::from_vec(data.to_vec(), "fuzz") {
        Ok(pack) => pack,
        Err(e) => {
            // Every error is one line, naming the pack.
            let message = e.to_string();
            assert!(!message.contains('\n'), "multi-line error: {message:?}");
            assert!(message.starts_with("fuzz: "), "{message:?}");
            return Outcome::Rejected(error_kind(&e));
        }
    };
    let lazily = solve_lazily(&pack);
    let verified = pack.verify();
    if let Err(e) = &verified {
        let message = e.to_string();
        assert!(!message.contains('\n'), "multi-line error: {message:?}");
        // Every walk through the `fst` crate checks the structure first.
        assert!(pack.check().is_err() || pack.words().is_ok());
        let _ = format!("{:?} {:?}", pack, pack.meta());
        return Outcome::OpenedVerifyFailed;
    }
    let mut count = 0usize;
    let mut last: Vec<u8> = Vec::new();
    let mut sorted = true;
    pack.for_each_word(|w| {
        if count > 0 && w <= last.as_slice() {
            sorted = false;
        }
        last.clear();
        last.extend_from_slice(w);
        count += 1;
    })
    .expect("a verified pack walks");
    let _ = pack.contains("queen").expect("a verified pack looks up");
    // Every word's standing reads (a verdict section was checked on
    // opening: no byte outside the verdicts).
    for rank in 0..pack.len() as u64 {
        let standing = pack.standing(rank, Zipf::COMMON);
        assert_eq!(standing.is_common(), pack.is_common(rank, Zipf::COMMON));
        assert!(pack.has_verdicts() || pack.verdict(rank).is_none());
    }
    let _ = pack.map().expect("a verified pack maps").get("aardvark");
    let _ = format!("{:?} {:?}", pack, pack.meta());
    // A verified pack is sound in every state: the lazy search took it,
    // and found only its words.
    match lazily {
        Lazily::Solved(words) => {
            for w in words {
                assert!(pack.contains(&w).unwrap(), "{w:?} found, not in the pack");
            }
        }
        Lazily::Refused(message) => panic!("a verified pack refused by the search: {message}"),
        Lazily::NoSolver => {}
    }
    assert_eq!(count, pack.len(), "verified pack walks a different count");
    assert!(sorted, "verified pack's words are not sorted");
    Outcome::Verified
}

/// What [`solve_lazily`] made of a pack.
#[derive(Debug)]
pub enum Lazily {
    /// The solver or the board rules refused the pack's recipe.
    NoSolver,
    /// Every board solved (each state it reached passed its check), and
    /// the warm-up took the whole table: the words found.
    Solved(Vec<String>),
    /// Some state failed its check, or the whole-table warm-up refused it.
    Refused(String),
}

/// Solves a few boards with a pack whose structure has not been checked,
/// the way `boggle --pack FILE BOARD` does: states are decoded and checked
/// one by one as a board reaches them. Then decodes the whole table (the
/// batch warm-up) and solves the boards again on it: both must agree.
pub fn solve_lazily(pack: &Pack) -> Lazily {
    let (Ok(mut solver), Ok(rules)) = (solve::Solver::new(pack), solve::FaceRules::from_pack(pack))
    else {
        return Lazily::NoSolver;
    };
    let boards: Vec<_> = [
        "quea tsrn eilo dcmp",
        "aaaa/abab/baba/bbbb",
        "sete rain ltsd ecap",
    ]
    .iter()
    .filter_map(|text| rules.parse(text).ok())
    .collect();
    let mut words = Vec::new();
    let mut tallies = Vec::new();
    for board in &boards {
        match solver.solve(board) {
            Ok(solution) => {
                let message = format!("{} {}", solution.score, solution.word_count);
                tallies.push(message);
                words.extend(solution.words.into_iter().map(|w| w.word));
            }
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains('\n'), "multi-line error: {message:?}");
                assert!(message.starts_with("fuzz: "), "{message:?}");
                // The whole table holds the same fault.
                let mut whole = solve::Solver::new(pack).expect("it made a solver before");
                assert!(whole.warm_up().is_err(), "the warm-up missed {message}");
                return Lazily::Refused(message);
            }
        }
    }
    let mut whole = solve::Solver::new(pack).expect("it made a solver before");
    if let Err(e) = whole.warm_up() {
        return Lazily::Refused(e.to_string());
    }
    for (board, expected) in boards.iter().zip(&tallies) {
        let t = whole.tally(board).expect("a warmed-up table never faults");
        assert_eq!(
            &format!("{} {}", t.score, t.words),
            expected,
            "lazy and whole tables differ"
        );
    }
    Lazily::Solved(words)
}

/// Makes every checksum in a damaged pack right again, so that opening it
/// gets past the checksums to the metadata and automaton parsers: `prep`'s
/// own helper, the one place that knows the header layout.
pub use prep::pack::reseal;

/// CRC-32 (IEEE), as in the pack header.
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// The project's one generator ([`grid::Rng`], seeded and stable), with the
/// `usize` helpers the mutators use.
#[derive(Clone, Debug)]
pub struct Rng(grid::Rng);

impl Rng {
    /// A generator for one seed.
    pub fn new(seed: u64) -> Rng {
        Rng(grid::Rng::new(seed))
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// Values a length or offset parser may trip on.
const INTERESTING: &[u64] = &[
    0,
    1,
    2,
    3,
    4,
    7,
    8,
    16,
    20,
    21,
    35,
    36,
    255,
    256,
    u32::MAX as u64,
    1 << 32,
    i64::MAX as u64,
    u64::MAX,
    u64::MAX - 1,
];

/// Damages `data` once, in one of several ways.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>) {
    let n = data.len();
    if n == 0 {
        let len = rng.below(64);
        data.extend((0..len).map(|_| rng.next_u64() as u8));
        return;
    }
    match rng.below(10) {
        0..=2 => {
            let i = rng.below(n);
            data[i] ^= 1 << rng.below(8);
        }
        3 | 4 => {
            let i = rng.below(n);
            data[i] = rng.next_u64() as u8;
        }
        5 => {
            // An interesting little-endian u64/u32/u8 somewhere.
            let v = match rng.below(3) {
                0 => INTERESTING[rng.below(INTERESTING.len())],
                1 => rng.below(4096) as u64,
                _ => rng.next_u64(),
            };
            let width = [1, 4, 8][rng.below(3)];
            if n >= width {
                let at = rng.below(n - width + 1);
                data[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
            }
        }
        6 => data.truncate(rng.below(n)),
        7 => {
            let at = rng.below(n + 1);
            let len = 1 + rng.below(16);
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            data.splice(at..at, bytes);
        }
        8 => {
            let a = rng.below(n);
            let b = (a + 1 + rng.below(16)).min(n);
            data.drain(a..b);
        }
        _ => {
            // Copy a run of bytes over another place.
            let a = rng.below(n);
            let b = rng.below(n);
            let len = (1 + rng.below(32)).min(n - a).min(n - b);
            let run = data[a..a + len].to_vec();
            data[b..b + len].copy_from_slice(&run);
        }
    }
}

/// Valid packs to start from: small and medium lists, both built-in
/// recipes, an empty pack, words sharing long prefixes and suffixes.
pub fn seed_packs() -> Vec<Vec<u8>> {
    let mut rng = Rng::new(0x5EED);
    let mut lists: Vec<(String, &str)> = vec![
        ("cat\ndog\nqueen\nzebra\n".into(), "enable"),
        (String::new(), "enable"),
        ("fiets\nhuis\nboom\nappel\nbrood\n".into(), "opentaal"),
        (
            "aaa\naab\naaba\naabab\nbab\nbabab\nbbbbba\nquack\nquick\n".into(),
            "enable",
        ),
    ];
    for (size, recipe) in [(50, "enable"), (400, "opentaal"), (3000, "enable")] {
        let mut list = String::new();
        for _ in 0..size {
            let len = 3 + rng.below(10);
            for _ in 0..len {
                list.push((b'a' + rng.below(26) as u8) as char);
            }
            list.push('\n');
        }
        lists.push((list, recipe));
    }
    lists
        .into_iter()
        .enumerate()
        .map(|(i, (list, recipe))| {
            // The empty pack is one of the seeds.
            let mut builder =
                PackBuilder::new(Recipe::builtin(recipe).expect("built-in recipe")).allow_empty(true);
            // Every other seed carries word frequencies, a section of its own.
            if i % 2 == 1 {
                let text: String = list
                    .lines()
                    .enumerate()
                    .filter(|(j, _)| j % 2 == 0)
                    .map(|(j, w)| format!("{w}\t{}.{}\n", 1 + j % 6, j % 10))
                    .collect();
                let mut freq = FrequencyList::read(text.as_bytes(), "seed.tsv")
                    .expect("seed frequencies read");
                // And every other one of those a verdict section after it:
                // an everyday list with every third word in lower case,
                // some capitalised (names) and some in capitals.
                if i % 4 == 1 {
                    let entries = list.lines().enumerate().map(|(j, w)| match j % 4 {
                        0 => w.to_string(),
                        1 => w.to_uppercase(),
                        2 => format!("{}{}", w[..1].to_uppercase(), &w[1..]),
                        _ => format!("{w}x"),
                    });
                    freq = freq.with_everyday(Evidence::from_entries(entries));
                }
                builder = builder.frequencies(freq, FrequencySource::default());
            }
            builder
                .build_bytes(list.as_bytes(), "seed.txt")
                .expect("seed pack builds")
                .0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_verify_and_reseal_is_a_no_op_on_them() {
        let seeds = seed_packs();
        assert!(seeds
            .iter()
            .any(|s| Pack::from_vec(s.clone(), "s").unwrap().has_verdicts()));
        for seed in seeds {
            assert_eq!(pack_open(&seed), Outcome::Verified);
            let mut again = seed.clone();
            reseal(&mut again);
            assert_eq!(again, seed);
        }
    }

    #[test]
    fn crc32_matches_the_pack_header() {
        let seed = &seed_packs()[0];
        assert_eq!(
            crc32(&seed[..40]).to_le_bytes(),
            seed[40..44],
            "the header's CRC-32 is over its first 40 bytes"
        );
    }
}

/// The state-by-state decoder on its own: makes every checksum in `data`
/// right, opens it, and walks every state reachable from the root through
/// [`prep::pack::Automaton::state`] (at most 100,000), the way the solver's lazy
/// table reads them. A state's transitions must lead to lower addresses
/// (or the empty final state), in increasing input order, with outputs
/// below the word count; a pack whose whole structure passes
/// [`Pack::check`] must decode in every state; then the lazy search runs
/// ([`solve_lazily`]). Only a panic, a hang or a broken promise is a bug.
pub fn pack_decode(data: &[u8]) {
    let mut data = data.to_vec();
    reseal(&mut data);
    let Ok(pack) = Pack::from_vec(data, "fuzz") else {
        return;
    };
    let automaton = pack.automaton();
    let checked = pack.check().is_ok();
    let root = match automaton.root() {
        Ok(root) => root,
        Err(e) => {
            assert!(!checked, "a checked pack has no root: {e}");
            return;
        }
    };
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![root];
    let mut out = Vec::new();
    let mut fault = None;
    while let Some(addr) = stack.pop() {
        if seen.len() >= 100_000 || !seen.insert(addr) {
            continue;
        }
        out.clear();
        match automaton.state(addr, &mut out) {
            Ok(_) => {
                for w in out.windows(2) {
                    assert!(w[0].input < w[1].input, "inputs out of order");
                }
                for t in &out {
                    assert!(t.target < addr || t.target == 0, "a forward transition");
                    assert!(t.output < automaton.len() as u64, "an output past the end");
                    stack.push(t.target);
                }
            }
            Err(e) => {
                assert!(out.is_empty(), "a refused state left transitions");
                assert!(!e.contains('\n'), "multi-line error: {e:?}");
                fault.get_or_insert(e);
            }
        }
    }
    if checked {
        assert!(fault.is_none(), "a checked pack has a bad state: {fault:?}");
    }
    let _ = solve_lazily(&pack);
}
