//! The shared test support (the `boggle-tests` library), and the
//! `boggle-prep` binary Cargo built for these tests.
#![allow(dead_code, unused_imports)]

pub use boggle_tests::*;

pub mod cli;

use std::path::Path;

/// The `boggle-prep` binary under test.
pub fn boggle_prep() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_boggle-prep"))
}

/// An `assert_cmd` command for `boggle-prep`, in an environment of its own
/// (`boggle_tests::hermetic`).
pub fn prep_cmd() -> assert_cmd::Command {
    assert_cmd::Command::from_std(prep_std())
}

/// A `std::process::Command` for `boggle-prep`, in an environment of its own.
pub fn prep_std() -> std::process::Command {
    boggle_tests::hermetic::command(boggle_prep())
}

/// What a reference filter keeps and drops: the words kept, the lines
/// dropped by reason, and the lines read.
pub type Filtered = (
    std::collections::BTreeSet<String>,
    std::collections::BTreeMap<String, u64>,
    u64,
);

/// The reference filter the language suites share, written from the
/// recipes' documented rules with nothing from `prep`: each line is trimmed
/// and spelled with `spell` (the suite's own letter tables: lowercasing and
/// folding), then kept, or dropped for the first reason that applies, in
/// the documented order (blank, a character outside the alphabet by its
/// kind, too short, a q without u, a duplicate).
pub fn reference_filter(
    raw: &str,
    spell: impl Fn(&str) -> String,
    in_alphabet: impl Fn(char) -> bool,
    q_needs_u: bool,
) -> Filtered {
    let mut kept = std::collections::BTreeSet::new();
    let mut dropped: std::collections::BTreeMap<String, u64> = Default::default();
    let mut lines = 0;
    for line in raw.lines() {
        lines += 1;
        let word = spell(line.trim());
        let reason = if word.is_empty() {
            Some("blank")
        } else if let Some(c) = word.chars().find(|&c| !in_alphabet(c)) {
            Some(if c.is_numeric() {
                "digit"
            } else if c.is_whitespace() {
                "space"
            } else if matches!(c, '\'' | '’' | 'ʼ') {
                "apostrophe"
            } else if c == '-' {
                "hyphen"
            } else if c.is_uppercase() {
                "uppercase"
            } else if c.is_alphabetic() {
                "foreign_letter"
            } else {
                "symbol"
            })
        } else if word.chars().count() < 3 {
            Some("too_short")
        } else if q_needs_u
            && word
                .char_indices()
                .any(|(i, c)| c == 'q' && !word[i + 1..].starts_with('u'))
        {
            Some("q_without_u")
        } else if !kept.insert(word) {
            Some("duplicate")
        } else {
            None
        };
        if let Some(reason) = reason {
            *dropped.entry(reason.to_string()).or_default() += 1;
        }
    }
    (kept, dropped, lines)
}

/// `boggle-prep build --json --recipe RECIPE -o OUT` with no input (the
/// recipe's own list): the pack and the build's JSON report.
pub fn build_recipe(recipe: &str, out: &Path) -> (prep::Pack, serde_json::Value) {
    let run = prep_cmd()
        .args(["build", "--json", "--recipe", recipe, "-o"])
        .arg(out)
        .output()
        .expect("boggle-prep runs");
    let what = format!("boggle-prep build --recipe {recipe}");
    let report: serde_json::Value =
        serde_json::from_slice(&ok_stdout(run, &what)).expect("a JSON report");
    (prep::Pack::open(out).expect("the pack opens"), report)
}

/// A build report's lines dropped, by reason.
pub fn dropped(report: &serde_json::Value) -> std::collections::BTreeMap<String, u64> {
    report["stats"]["dropped"]
        .as_object()
        .expect("dropped counts")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().expect("a count")))
        .collect()
}
