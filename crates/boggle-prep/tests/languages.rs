//! The language packs built from Debian's word lists and
//! hunspell dictionaries with `boggle-prep build --recipe X` and no input,
//! so each recipe reads its own source.
//!
//! For each language:
//! - the kept, read and dropped-by-reason counts are pinned to the numbers
//!   measured on the Debian version named;
//! - the kept words are compared, word for word, with a reference filter
//!   written here with its own letter tables (the alphabet, and every
//!   accented letter the list holds with what it folds to; nothing from
//!   `prep`). For a word list, the reference reads the list itself and must
//!   also give the same count for every drop reason. For Russian (a
//!   hunspell dictionary with affix rules), the reference reads the word
//!   forms Debian's `unmunch` (hunspell-tools) makes of a KOI8-R copy of
//!   the dictionary (unmunch works on bytes, so it needs a one-byte
//!   encoding to read Cyrillic conditions right); for Greek (a hunspell
//!   dictionary of whole words, no affixes) it reads the stems; for Czech
//!   (whose stems `iconv` cannot put in a one-byte encoding for `unmunch`)
//!   it reads the forms of `affixes`, a small expander written here;
//! - a 5x5 board rolled from the pack's frequency dice is solved and
//!   compared with the brute force in `crate::common::brute`.
//!
//! ```text
//! .ci/run installs the packages (DICT_FILES there)
//! cargo test -p boggle-prep --release --test languages -- --ignored
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use grid::Shape;
use prep::Pack;
use serde_json::Value;
use solve::random::DiceSet;
use solve::random::{Rng, Roller};
use solve::{FaceRules, Rules, Solver};

#[path = "languages/langs.rs"]
mod langs;

use langs::{Lang, Ref, LANGS};

fn lang(recipe: &str) -> &'static Lang {
    LANGS
        .iter()
        .find(|l| l.recipe == recipe)
        .expect("a language of the table")
}

/// Runs a shell pipeline; its standard output.
fn sh(script: &str) -> Vec<u8> {
    let out = Command::new("sh")
        .args(["-c", script])
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The source's lines for the reference filter, as UTF-8 text.
fn reference_lines(lang: &Lang) -> Option<String> {
    require(lang);
    let bytes = match lang.reference {
        Ref::Expand => {
            let aff = Path::new(lang.path).with_extension("aff");
            let aff = std::fs::read_to_string(&aff).expect("the .aff is UTF-8");
            let dic = std::fs::read_to_string(lang.path).expect("the .dic is UTF-8");
            return Some(affixes::expand(&aff, &dic));
        }
        Ref::List => sh(&format!(
            "iconv -f {} -t UTF-8 < {}",
            lang.encoding, lang.path
        )),
        Ref::Stems(encoding) => sh(&format!(
            "tail -n +2 {} | iconv -f {encoding} -t UTF-8",
            lang.path
        )),
        Ref::Unmunch(encoding) => {
            let dir = scratch();
            let aff = Path::new(lang.path).with_extension("aff");
            let (aff8, dic8) = (
                dir.join(format!("{}.aff", lang.recipe)),
                dir.join(format!("{}.dic", lang.recipe)),
            );
            sh(&format!(
                "sed 's/^SET UTF-8/SET {encoding}/' {aff} | iconv -f UTF-8 -t {encoding} > {aff8} && \
                 iconv -f UTF-8 -t {encoding} < {dic} > {dic8} && \
                 unmunch {dic8} {aff8} 2>/dev/null | iconv -f {encoding} -t UTF-8",
                aff = aff.display(),
                aff8 = aff8.display(),
                dic = lang.path,
                dic8 = dic8.display(),
            ))
        }
    };
    Some(String::from_utf8(bytes).expect("iconv writes UTF-8"))
}

/// The reference filter (`crate::common::reference_filter`) with this language's
/// letter tables.
fn reference(lang: &Lang, raw: &str) -> crate::common::Filtered {
    let spell = |line: &str| {
        let line = lang
            .replace
            .iter()
            .fold(line.to_string(), |line, (from, to)| line.replace(from, to));
        let mut word = String::new();
        for c in line.chars() {
            match lang.fold.iter().find(|(from, _)| *from == c) {
                Some((_, to)) => word.push_str(to),
                None => word.push(c),
            }
        }
        word
    };
    crate::common::reference_filter(raw, spell, |c| lang.alphabet.contains(c), lang.q_needs_u)
}

/// Fails, naming the package to install, when the language's source is
/// missing.
fn require(lang: &Lang) {
    assert!(
        Path::new(lang.path).is_file(),
        "{} is missing: apt-get install {} (.ci/run does)",
        lang.path,
        lang.package
    );
}

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("languages");
    std::fs::create_dir_all(&dir).expect("the scratch directory");
    dir
}

/// The pack built by `boggle-prep build --recipe X` with no input, and its
/// `--json` report.
fn build(lang: &Lang) -> (Pack, Value) {
    require(lang);
    crate::common::build_recipe(
        lang.recipe,
        &scratch().join(format!("{}.pack", lang.recipe)),
    )
}

fn check(recipe: &str) {
    let lang = lang(recipe);
    let (pack, report) = build(lang);
    let stats = &report["stats"];
    let dropped = crate::common::dropped(&report);
    let version = report["source"]["version"].as_str().unwrap_or("");
    let words = pack.words().unwrap();

    // 1. The reference filter: the same words (and, for a word list, the
    //    same reasons), on whatever version is installed.
    if let Some(raw) = reference_lines(lang) {
        let (expected, ref_dropped, ref_lines) = reference(lang, &raw);
        let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
        crate::common::assert_same_words(
            &words.iter().map(String::as_str).collect::<Vec<_>>(),
            &expected,
            &format!("{recipe} pack against the reference filter"),
        );
        if matches!(lang.reference, Ref::List) {
            assert_eq!(dropped, ref_dropped, "{recipe}: dropped by reason");
            assert_eq!(stats["lines"], ref_lines, "{recipe}: lines");
        }
    }

    // 2. The numbers measured on the Debian version named.
    let measured: BTreeMap<String, u64> = lang
        .dropped
        .iter()
        .map(|(k, v)| (k.to_string(), *v))
        .collect();
    let context = format!(
        "{recipe} from {} {version} (counts measured on {} {})",
        lang.package, lang.package, lang.measured_on
    );
    assert_eq!(report["word_count"], lang.kept, "kept: {context}");
    assert_eq!(stats["lines"], lang.lines, "lines: {context}");
    assert_eq!(dropped, measured, "dropped: {context}");
    assert_eq!(
        lang.lines,
        lang.kept + measured.values().sum::<u64>(),
        "every line is kept or dropped once"
    );
    assert_eq!(report["source"]["name"], lang.package);
    pack.verify().expect("the pack verifies");
    // Every letter of the alphabet occurs in some word.
    let letters: BTreeSet<char> = words.iter().flat_map(|w| w.chars()).collect();
    let alphabet: BTreeSet<char> = lang.alphabet.chars().collect();
    assert_eq!(letters, alphabet, "{recipe}: the letters the words use");

    // 3. Rolled 5x5 boards against the brute force.
    let dict = crate::common::Dictionary::pruned(words);
    let faces = FaceRules::from_pack(&pack).expect("face rules");
    let set = DiceSet::frequency_for_board(&pack, 25).expect("frequency dice");
    let roller = Roller::dice(&set, &faces, Shape::rect(5, 5).unwrap()).expect("a roller");
    let rules = Rules::for_pack(&pack);
    let mut solver = Solver::with_rules(&pack, rules.clone()).expect("a solver");
    let mut rng = Rng::new(0x17_17_17);
    let mut found = 0;
    for i in 0..3 {
        let board = roller.roll(&mut rng);
        let cells = crate::common::cells_of(&board);
        let solution = solver.solve(&board).unwrap();
        let tally = solver.tally(&board).unwrap();
        if let Err(e) = crate::common::compare(5, 5, &cells, &dict, &rules, &solution, tally) {
            panic!("{recipe}, roll {i}: {e}");
        }
        found += solution.word_count;
    }
    assert!(found > 0, "{recipe}: no word on three rolled 5x5 boards");
    eprintln!(
        "{recipe}: {} words kept, {found} on three 5x5 boards",
        lang.kept
    );
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn italian() {
    check("italian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn catalan() {
    check("catalan");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn portuguese() {
    check("portuguese");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn brazilian() {
    check("brazilian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn swedish() {
    check("swedish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn danish() {
    check("danish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn norwegian() {
    check("norwegian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn polish() {
    check("polish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn esperanto() {
    check("esperanto");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn galician() {
    check("galician");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn irish() {
    check("irish");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn ukrainian() {
    check("ukrainian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn bulgarian() {
    check("bulgarian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn british() {
    check("british");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn russian() {
    check("russian");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn greek() {
    check("greek");
}

#[test]
#[ignore = "needs the Debian packages in .ci/run (DICT_FILES), and iconv and unmunch"]
fn czech() {
    check("czech");
}

/// A small hunspell affix expander, written for this test and sharing
/// nothing with `prep::hunspell::Hunspell`: enough for a UTF-8 dictionary with
/// one-character flags, prefixes and suffixes with conditions, two-fold
/// suffixes (a suffix's own flags name a second suffix), cross products (a
/// prefix on a suffixed form, both marked `Y`) and `FORBIDDENWORD`. A flag is
/// one character, as the dictionary's author wrote it (`í` is one flag).
mod affixes {
    use std::collections::HashMap;

    use regex::Regex;

    struct Rule {
        strip: String,
        add: String,
        flags: Vec<char>,
        condition: Regex,
    }

    struct Group {
        cross: bool,
        rules: Vec<Rule>,
    }

    /// Every word form of the dictionary, one a line.
    pub fn expand(aff: &str, dic: &str) -> String {
        let mut prefixes: HashMap<char, Group> = HashMap::new();
        let mut suffixes: HashMap<char, Group> = HashMap::new();
        let mut forbidden = None;
        for line in aff.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                ["FORBIDDENWORD", flag, ..] => forbidden = flag.chars().next(),
                // A group's header: flag, cross product, rule count (and
                // perhaps a comment).
                [kind @ ("PFX" | "SFX"), flag, cross @ ("Y" | "N"), count, ..]
                    if count.parse::<usize>().is_ok()
                        && !prefixes.contains_key(&flag.chars().next().unwrap())
                        && !suffixes.contains_key(&flag.chars().next().unwrap()) =>
                {
                    let groups = if *kind == "PFX" {
                        &mut prefixes
                    } else {
                        &mut suffixes
                    };
                    let flag = flag.chars().next().unwrap();
                    groups.insert(
                        flag,
                        Group {
                            cross: *cross == "Y",
                            rules: Vec::new(),
                        },
                    );
                }
                [kind @ ("PFX" | "SFX"), flag, strip, add, condition, ..] => {
                    let prefix = *kind == "PFX";
                    let (add, flags) = add.split_once('/').unwrap_or((add, ""));
                    let zero = |s: &str| {
                        if s == "0" {
                            String::new()
                        } else {
                            s.to_string()
                        }
                    };
                    let pattern = if prefix {
                        format!("^(?:{condition})")
                    } else {
                        format!("(?:{condition})$")
                    };
                    let groups = if prefix { &mut prefixes } else { &mut suffixes };
                    let group = groups.get_mut(&flag.chars().next().unwrap()).unwrap();
                    group.rules.push(Rule {
                        strip: zero(strip),
                        add: zero(add),
                        flags: flags.chars().collect(),
                        condition: Regex::new(&pattern).unwrap(),
                    });
                }
                _ => {}
            }
        }
        let apply = |word: &str, rule: &Rule, prefix: bool| -> Option<String> {
            if !rule.condition.is_match(word) {
                return None;
            }
            if prefix {
                let rest = word.strip_prefix(rule.strip.as_str())?;
                (!rest.is_empty()).then(|| format!("{}{rest}", rule.add))
            } else {
                let rest = word.strip_suffix(rule.strip.as_str())?;
                (!rest.is_empty()).then(|| format!("{rest}{}", rule.add))
            }
        };
        let mut out = String::new();
        let mut emit = |w: &str| {
            out.push_str(w);
            out.push('\n');
        };
        for line in dic.lines().skip(1) {
            let entry = line.split('\t').next().unwrap_or("");
            let (stem, flags) = entry.split_once('/').unwrap_or((entry, ""));
            let flags: Vec<char> = flags.chars().collect();
            if stem.is_empty() || forbidden.is_some_and(|f| flags.contains(&f)) {
                continue;
            }
            emit(stem);
            for flag in &flags {
                if let Some(group) = suffixes.get(flag) {
                    for rule in &group.rules {
                        let Some(word) = apply(stem, rule, false) else {
                            continue;
                        };
                        emit(&word);
                        for second in rule.flags.iter().filter_map(|f| suffixes.get(f)) {
                            for r2 in &second.rules {
                                if let Some(w2) = apply(&word, r2, false) {
                                    emit(&w2);
                                }
                            }
                        }
                        if !group.cross {
                            continue;
                        }
                        for pflag in flags.iter().chain(&rule.flags) {
                            let Some(pgroup) = prefixes.get(pflag).filter(|g| g.cross) else {
                                continue;
                            };
                            for p in &pgroup.rules {
                                if let Some(w2) = apply(&word, p, true) {
                                    emit(&w2);
                                }
                            }
                        }
                    }
                }
                if let Some(group) = prefixes.get(flag) {
                    for rule in &group.rules {
                        if let Some(word) = apply(stem, rule, true) {
                            emit(&word);
                        }
                    }
                }
            }
        }
        out
    }
}
