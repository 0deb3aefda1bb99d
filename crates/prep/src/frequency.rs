//! How common each word is: a frequency list from a cited source, read and
//! matched to a pack's words.
//!
//! Frequencies are on the Zipf scale (Brysbaert and New's; the one wordfreq
//! reports): a word at Zipf *z* occurs 10^*z* times in a billion words of
//! text, so 3 is once per million words, 1 once per hundred million. Two
//! inputs are read ([`FrequencyList::read`]):
//!
//! - **wordfreq's data files** (`large_en.msgpack.gz`, as its wheel ships
//!   them): gzipped msgpack in the "cBpack" layout, a header
//!   `{"format": "cB", "version": 1}` and then one list of words per
//!   centibel of frequency, the *i*-th list holding the words at Zipf
//!   (900 − *i*) / 100.
//! - **plain text** that anyone can write: one `word<TAB>zipf` a line
//!   (`the<TAB>7.73`), `#` comments and blank lines ignored.
//!
//! A list is matched to a pack through the pack's own recipe
//! ([`FrequencyList::fold`]): each listed word is normalized and filtered
//! as a word-list line is, and forms that fold together (`ёж` and `еж`,
//! `groß` and `gross`) add their frequencies. A pack stores the result by
//! word rank, one byte a word ([`quantize`]): Zipf to a tenth, 0 for a word
//! the list does not have.

#[cfg(feature = "build")]
use std::collections::HashMap;
#[cfg(feature = "build")]
use std::io::Read;
use std::path::{Path, PathBuf};

#[cfg(feature = "build")]
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

#[cfg(feature = "build")]
use crate::recipe::Recipe;
#[cfg(feature = "build")]
use crate::BuildError;

pub use crate::error::FrequencyError;
pub use crate::zipf::{ParseZipfError, Zipf, MAX_STORED};

/// Where a pack's word frequencies came from, as its metadata records it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrequencySource {
    /// The source's name, e.g. `wordfreq`.
    pub name: String,
    /// Its version, e.g. `3.1.1`.
    pub version: String,
    /// The file's name (not its path).
    pub file: String,
    /// SHA-256 of the file's bytes, lowercase hex.
    pub sha256: String,
    /// Its licence, e.g. `CC-BY-SA-4.0`.
    pub licence: String,
    /// The credit the licence asks for, as a person reads it.
    pub attribution: String,
    /// How many of the pack's words have a frequency.
    pub matched: u64,
    /// The least Zipf value a word needed to be kept, when the build cut
    /// the pack to its common words (`--min-zipf`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_zipf: Option<Zipf>,
    /// How many words have each verdict ([`crate::verdict::Verdict::key`]),
    /// when the pack has verdicts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdicts: Option<std::collections::BTreeMap<String, u64>>,
}

/// The environment variable naming the directory the lists recipes name
/// are read from.
pub const DIR_VAR: &str = "BOGGLE_FREQUENCIES";

/// The directory the lists recipes name are read from when a build names
/// none, and which one it is, for messages. In order: `BOGGLE_FREQUENCIES`
/// if set; `share/boggle/wordlists` beside the running program's `bin/`
/// (the release archive's layout, [`INSTALLED_DIR`]); `wordlists/` of the
/// source checkout this library was built from (`cargo install --path`, or
/// a program run from the checkout). When none of them is there, the
/// directory beside the program, so that the message says where to put the
/// lists.
pub fn default_dir() -> (PathBuf, &'static str) {
    if let Some(dir) = std::env::var_os(DIR_VAR).filter(|d| !d.is_empty()) {
        return (PathBuf::from(dir), DIR_VAR);
    }
    let installed = beside_program();
    if let Some(dir) = installed.as_ref().filter(|d| d.is_dir()) {
        return (dir.clone(), "beside the program");
    }
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wordlists");
    if checkout.is_dir() {
        return (checkout, "the checkout's wordlists/");
    }
    match installed {
        Some(dir) => (dir, "beside the program"),
        None => (checkout, "the checkout's wordlists/"),
    }
}

/// Where the frequency lists sit in an installed tree, from its root: the
/// program in `bin/`, the lists in this directory (the release archive).
pub const INSTALLED_DIR: &str = "share/boggle/wordlists";

/// [`INSTALLED_DIR`] under the parent of the running program's directory.
fn beside_program() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let root = exe.parent()?.parent()?;
    Some(root.join(INSTALLED_DIR))
}

#[cfg(feature = "build")]
impl crate::recipe::FrequencyRules {
    /// The list a recipe's `[frequencies]` names, read from under `dir`
    /// (the frequency directory), with the source a pack records; `None`
    /// when the recipe says its language has none. A list that is not
    /// there is [`BuildError::FrequencyListMissing`].
    pub fn load(&self, dir: &Path) -> Result<Option<(FrequencyList, FrequencySource)>, BuildError> {
        if self.file.is_empty() {
            return Ok(None);
        }
        let path = dir.join(&self.file);
        if !path.is_file() {
            return Err(BuildError::FrequencyListMissing {
                file: self.file.clone(),
                dir: dir.display().to_string(),
            });
        }
        let (mut list, source) = FrequencyList::open(&path)?;
        let source = FrequencySource {
            version: self.version.clone(),
            ..source
        };
        if let Some(rules) = &self.everyday {
            list.everyday = Some(std::sync::Arc::new(rules.load(dir)?));
        }
        Ok(Some((list, source)))
    }
}

/// The licence of wordfreq's data files (its code is Apache-2.0).
pub const WORDFREQ_LICENCE: &str = "CC-BY-SA-4.0";

/// The credit wordfreq's licence and sources ask for (its README's
/// "License" and "Citing wordfreq").
pub const WORDFREQ_ATTRIBUTION: &str = "Word frequencies from wordfreq by Robyn Speer \
(https://doi.org/10.5281/zenodo.7199437), CC BY-SA 4.0, built from Wikipedia, OpenSubtitles, \
SUBTLEX (Brysbaert et al.), Google Books Ngrams, ParaCrawl, the Leeds Internet Corpus and other \
sources";

impl FrequencySource {
    /// The source's name and version, as a person reads them (`wordfreq
    /// 3.1.1`; just the name when there is no version).
    pub fn title(&self) -> String {
        crate::title::title(&self.name, &self.version)
    }

    #[cfg(feature = "build")]
    /// The record of `list`, read from the file `file` holding `bytes`:
    /// its base name and SHA-256, and for one of wordfreq's data files
    /// wordfreq's name, licence and credit. Name, version, licence and
    /// credit can be set after.
    pub fn of(list: &FrequencyList, file: &str, bytes: &[u8]) -> FrequencySource {
        let base = crate::fs::base_name(file);
        let (name, licence, attribution) = if list.wordfreq {
            (
                "wordfreq".to_string(),
                WORDFREQ_LICENCE,
                WORDFREQ_ATTRIBUTION,
            )
        } else {
            (base.clone(), "", "")
        };
        FrequencySource {
            name,
            version: String::new(),
            file: base,
            sha256: crate::fs::sha256_hex(bytes),
            licence: licence.to_string(),
            attribution: attribution.to_string(),
            matched: 0,
            min_zipf: None,
            verdicts: None,
        }
    }
}

#[cfg(feature = "build")]
/// Words and their frequencies (as proportions of running text), as a
/// source lists them.
#[derive(Clone, Debug, Default)]
pub struct FrequencyList {
    entries: Vec<(String, f64)>,
    /// Read from one of wordfreq's data files.
    wordfreq: bool,
    /// The recipe's evidence for its verdicts, when the list was loaded
    /// through a recipe that names some ([`crate::verdict`]).
    everyday: Option<std::sync::Arc<crate::verdict::Evidence>>,
}

/// A frequency on the Zipf scale as one byte: tenths, rounded down, at
/// least 1; `None` (no value) is 0. Rounded down so that a word under a
/// line of whole tenths is stored under it too (2.48 is 2.4, never 2.5);
/// a hair's breadth is allowed for the floating point of wordfreq's
/// centibels (2.5 computed as 2.4999999 is 2.5).
pub fn quantize(zipf: Option<f64>) -> u8 {
    match zipf {
        None => 0,
        Some(z) => (z * 10.0 + 1e-6).floor().clamp(1.0, f64::from(MAX_STORED)) as u8,
    }
}

/// The Zipf value a stored byte stands for; 0 is `None`.
pub fn dequantize(stored: u8) -> Option<Zipf> {
    (stored > 0).then_some(Zipf::from_stored(stored))
}

/// The value of the word of `rank` in a frequency section (one byte a
/// word by rank), if the section has one for it.
pub fn at(values: &[u8], rank: u64) -> Option<Zipf> {
    dequantize(*values.get(usize::try_from(rank).ok()?)?)
}

#[cfg(feature = "build")]
/// Zipf from a proportion of running text.
fn zipf(freq: f64) -> f64 {
    freq.log10() + 9.0
}

#[cfg(feature = "build")]
impl FrequencyList {
    /// Reads a list: wordfreq's cBpack when `bytes` are gzipped, else
    /// `word<TAB>zipf` text. `file` names it in errors.
    pub fn read(bytes: &[u8], file: &str) -> Result<FrequencyList, FrequencyError> {
        if bytes.starts_with(&[0x1f, 0x8b]) {
            read_cbpack(bytes, file)
        } else {
            read_text(bytes, file)
        }
    }

    /// Reads the list in the file at `path` ([`FrequencyList::read`]), with
    /// the record a pack keeps of it ([`FrequencySource::of`]).
    pub fn open(path: &Path) -> Result<(FrequencyList, FrequencySource), BuildError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| BuildError::Io {
            path: name.clone(),
            source,
        })?;
        let list = FrequencyList::read(&bytes, &name)?;
        let source = FrequencySource::of(&list, &name, &bytes);
        Ok((list, source))
    }

    /// The listed words with their Zipf values, as read.
    pub fn entries(&self) -> impl Iterator<Item = (&str, f64)> {
        self.entries.iter().map(|(w, f)| (w.as_str(), zipf(*f)))
    }

    /// The list with `evidence` for the verdicts of the packs built with
    /// it ([`FrequencyRules::load`](crate::recipe::FrequencyRules) attaches
    /// a recipe's own).
    pub fn with_everyday(self, evidence: crate::verdict::Evidence) -> FrequencyList {
        FrequencyList {
            everyday: Some(std::sync::Arc::new(evidence)),
            ..self
        }
    }

    /// The recipe's evidence for its verdicts that came with the list, if
    /// any: a build with it gives every word a verdict.
    pub fn everyday(&self) -> Option<&crate::verdict::Evidence> {
        self.everyday.as_deref()
    }

    /// How many words the list holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The list as `recipe` spells words: each word normalized and
    /// filtered as a word-list line is (a word the recipe drops is left
    /// out), the frequencies of forms that fold together added; Zipf values
    /// by word.
    pub fn fold(&self, recipe: &Recipe) -> Result<HashMap<String, f64>, FrequencyError> {
        let normalizer = recipe.normalizer()?;
        let filter = recipe.filter()?;
        let mut sums: HashMap<String, f64> = HashMap::with_capacity(self.entries.len());
        let mut word = String::new();
        for (text, freq) in &self.entries {
            normalizer.normalize_into(text.trim(), &mut word);
            if filter.check(&word).is_ok() {
                *sums.entry(word.clone()).or_default() += freq;
            }
        }
        Ok(sums.into_iter().map(|(w, f)| (w, zipf(f))).collect())
    }
}

#[cfg(feature = "build")]
/// One byte a word, by rank, for sorted distinct `words`: each word's
/// quantized Zipf value from `folded`, 0 where it has none; and how many
/// have one.
pub fn by_rank(words: &[String], folded: &HashMap<String, f64>) -> (Vec<u8>, u64) {
    let mut matched = 0;
    let bytes = words
        .iter()
        .map(|w| {
            let z = folded.get(w).copied();
            matched += u64::from(z.is_some());
            quantize(z)
        })
        .collect();
    (bytes, matched)
}

#[cfg(feature = "build")]
fn read_text(bytes: &[u8], file: &str) -> Result<FrequencyList, FrequencyError> {
    let mut entries = Vec::new();
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
        let bad = |message: String| FrequencyError::Line {
            file: file.to_string(),
            line: i + 1,
            message,
        };
        let line = std::str::from_utf8(raw)
            .map_err(|e| bad(format!("not valid UTF-8 (byte {})", e.valid_up_to() + 1)))?;
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let (word, value) = line
            .rsplit_once('\t')
            .ok_or_else(|| bad("expected word<TAB>zipf".to_string()))?;
        let z: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|z: &f64| z.is_finite() && (0.0..=25.0).contains(z))
            .ok_or_else(|| {
                bad(format!(
                    "{:?} is not a Zipf value (a number from 0 to 25, like 3.5)",
                    value.trim()
                ))
            })?;
        entries.push((word.trim().to_string(), 10f64.powf(z - 9.0)));
    }
    Ok(FrequencyList {
        entries,
        wordfreq: false,
        everyday: None,
    })
}

#[cfg(feature = "build")]
/// wordfreq's cBpack: `[header, [words at 0 cB], [words at -1 cB], …]`.
struct Cbpack(Vec<(String, f64)>);

#[cfg(feature = "build")]
impl<'de> Deserialize<'de> for Cbpack {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Cbpack, D::Error> {
        struct Bins;
        impl<'de> Visitor<'de> for Bins {
            type Value = Cbpack;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list: a header, then lists of words")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Cbpack, A::Error> {
                #[derive(Deserialize)]
                struct Header {
                    format: String,
                    version: u32,
                }
                let header: Header = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::custom("no header"))?;
                if header.format != "cB" || header.version != 1 {
                    return Err(de::Error::custom(format!(
                        "format {:?} version {}, not cB version 1",
                        header.format, header.version
                    )));
                }
                let mut out = Vec::new();
                let mut index = 0i32;
                while let Some(words) = seq.next_element::<Vec<String>>()? {
                    let freq = 10f64.powf(-f64::from(index) / 100.0);
                    out.extend(words.into_iter().map(|w| (w, freq)));
                    index = index
                        .checked_add(1)
                        .ok_or_else(|| de::Error::custom("too many bins"))?;
                }
                Ok(Cbpack(out))
            }
        }
        d.deserialize_seq(Bins)
    }
}

#[cfg(feature = "build")]
fn read_cbpack(bytes: &[u8], file: &str) -> Result<FrequencyList, FrequencyError> {
    let bad = |message: String| FrequencyError::Cbpack {
        file: file.to_string(),
        message,
    };
    let mut raw = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut raw)
        .map_err(|e| bad(e.to_string()))?;
    let Cbpack(entries) = rmp_serde::from_slice(&raw).map_err(|e| bad(e.to_string()))?;
    Ok(FrequencyList {
        entries,
        wordfreq: true,
        everyday: None,
    })
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::*;

    fn cbpack(bins: &[&[&str]]) -> Vec<u8> {
        use std::io::Write;
        #[derive(Serialize)]
        #[serde(untagged)]
        enum Item<'a> {
            Header { format: &'a str, version: u32 },
            Bin(&'a [&'a str]),
        }
        let mut items = vec![Item::Header {
            format: "cB",
            version: 1,
        }];
        items.extend(bins.iter().map(|b| Item::Bin(b)));
        let raw = rmp_serde::to_vec_named(&items).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&raw).unwrap();
        gz.finish().unwrap()
    }

    #[test]
    fn reads_wordfreq_bins_as_zipf() {
        // Bin i holds the words at -i centibels: Zipf (900 - i) / 100.
        let mut bins: Vec<&[&str]> = vec![&[]; 300];
        bins[173] = &["the"];
        bins[299] = &["cat", "dog"];
        let list = FrequencyList::read(&cbpack(&bins), "t.msgpack.gz").unwrap();
        let got: Vec<(&str, f64)> = list.entries().collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].0, "the");
        assert!((got[0].1 - 7.27).abs() < 1e-9, "{got:?}");
        assert!((got[2].1 - 6.01).abs() < 1e-9, "{got:?}");
    }

    #[test]
    fn refuses_what_is_not_cbpack() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, b"\x93\x01\x02\x03").unwrap();
        let e = FrequencyList::read(&gz.finish().unwrap(), "x.gz").unwrap_err();
        assert!(
            e.to_string().starts_with("x.gz: not a wordfreq data file"),
            "{e}"
        );
        let e = FrequencyList::read(&[0x1f, 0x8b, 0, 1], "y.gz").unwrap_err();
        assert!(e.to_string().starts_with("y.gz: not a wordfreq"), "{e}");
    }

    #[test]
    fn reads_text_and_names_a_bad_line() {
        let list =
            FrequencyList::read(b"# words\nthe\t7.73\n\ncat\t4.5  # a pet\n", "f.tsv").unwrap();
        let got: Vec<(&str, f64)> = list.entries().collect();
        assert_eq!(got.len(), 2);
        assert!((got[1].1 - 4.5).abs() < 1e-9);
        for (bad, says) in [
            ("cat 4.5\n", "f.tsv:1: expected word<TAB>zipf"),
            (
                "ok\t3\ncat\tmany\n",
                "f.tsv:2: \"many\" is not a Zipf value",
            ),
            ("cat\t-1\n", "f.tsv:1: \"-1\" is not"),
            ("cat\tNaN\n", "f.tsv:1: \"NaN\" is not"),
        ] {
            let e = FrequencyList::read(bad.as_bytes(), "f.tsv").unwrap_err();
            assert!(e.to_string().starts_with(says), "{bad:?}: {e}");
        }
    }

    #[test]
    fn folds_through_the_recipe_and_adds_forms() {
        // Russian: ё is е, so ёжик and ежик are one word, their
        // frequencies added; a form the recipe drops (a digit, a capital:
        // a name) is left out.
        let text = "ёжик\t3.0\nежик\t3.0\nкот\t4.0\nкот2\t5.0\nКит\t4.0\n";
        let list = FrequencyList::read(text.as_bytes(), "ru.tsv").unwrap();
        let folded = list.fold(&Recipe::builtin("russian").unwrap()).unwrap();
        assert!(
            (folded["ежик"] - (3.0 + 2f64.log10())).abs() < 1e-9,
            "{folded:?}"
        );
        assert!((folded["кот"] - 4.0).abs() < 1e-9);
        assert_eq!(folded.len(), 2, "{folded:?}");
        let words = vec!["ежик".to_string(), "кит".to_string(), "кот".to_string()];
        let (bytes, matched) = by_rank(&words, &folded);
        assert_eq!(bytes, [33, 0, 40]);
        assert_eq!(matched, 2);
    }

    #[test]
    fn quantizes_to_tenths() {
        assert_eq!(quantize(None), 0);
        assert_eq!(quantize(Some(3.04)), 30);
        // Rounded down: a word under the line stays under it.
        assert_eq!(quantize(Some(3.06)), 30);
        assert_eq!(quantize(Some(2.48)), 24);
        assert_eq!(quantize(Some(2.4999999999)), 25);
        assert_eq!(quantize(Some(0.01)), 1);
        assert_eq!(quantize(Some(99.0)), 255);
        assert_eq!(dequantize(0), None);
        assert_eq!(dequantize(31).map(Zipf::value), Some(3.1));
        assert_eq!(Zipf::from_value(2.46).to_string(), "2.5");
        assert_eq!(
            serde_json::to_string(&Zipf::from_value(3.4)).unwrap(),
            "3.4"
        );
    }
}
