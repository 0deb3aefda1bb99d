//! Rules of the source that a compiler does not check: the library crates'
//! public signatures carry typed errors, never a bare `String` (as
//! `docs/layout.md` asks), and no source file grows past 700 lines.

use std::path::{Path, PathBuf};

use boggle_tests::workspace_root;
use regex::Regex;

/// The library crates: what other code builds on, so their errors are types.
const LIBRARIES: [&str; 7] = ["grid", "job", "count", "prep", "solve", "prove", "render"];

/// The longest a source file may be.
const MAX_LINES: usize = 700;

/// Every file under `dir` whose name ends with one of `exts`, skipping
/// build output and installed packages.
fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !["target", "node_modules", "dist", "pkg", ".venv"].contains(&name.as_str()) {
                    dirs.push(path);
                }
            } else if exts.iter().any(|e| name.ends_with(e)) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The signatures of the public functions in `text` (from `pub fn` to the
/// body's brace or the declaration's semicolon), each with its line, and
/// every `type Err = …;` of a `FromStr`, `TryFrom` and the like.
fn public_signatures(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("pub fn ") || trimmed.starts_with("pub const fn ") {
            let mut signature = String::new();
            for next in &lines[i..] {
                signature.push_str(next.trim());
                signature.push(' ');
                if next.contains('{') || next.trim_end().ends_with(';') {
                    break;
                }
            }
            let signature = signature.split('{').next().unwrap_or("");
            let signature = signature.trim().trim_end_matches(';').to_string();
            out.push((i + 1, signature));
        } else if trimmed.starts_with("type Err =") {
            out.push((i + 1, trimmed.to_string()));
        }
    }
    out
}

/// A signature whose error is a bare `String`.
fn string_error() -> Regex {
    Regex::new(r"Result<.*,\s*String\s*,?\s*>\s*(where.*)?$|type Err = String;").unwrap()
}

#[test]
fn library_errors_are_types() {
    let root = workspace_root();
    let string_error = string_error();
    let mut found = Vec::new();
    for library in LIBRARIES {
        for path in files(&root.join("crates").join(library).join("src"), &[".rs"]) {
            let text = std::fs::read_to_string(&path).unwrap();
            // Unit tests at the end of a file are not its interface.
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            for (line, signature) in public_signatures(text) {
                if string_error.is_match(signature.trim()) {
                    let shown = path.strip_prefix(&root).unwrap().display().to_string();
                    found.push(format!("{shown}:{line}: {}", signature.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "public library signatures with a String error (use a thiserror enum):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checker_sees_string_errors() {
    // The rule above must be able to fail: these signatures are caught.
    let text = "pub fn a(x: &str) -> Result<u32, String> {\n}\n\
                pub fn b(\n    x: &str,\n) -> Result<Vec<String>, String>;\n\
                impl FromStr for X {\n    type Err = String;\n}\n\
                pub fn fine() -> Result<Vec<String>, Error> {\n}\n";
    let string_error = string_error();
    let caught: Vec<usize> = public_signatures(text)
        .into_iter()
        .filter(|(_, s)| string_error.is_match(s.trim()))
        .map(|(line, _)| line)
        .collect();
    assert_eq!(caught, vec![1, 3, 7]);
}

#[test]
fn no_source_file_over_700_lines() {
    let root = workspace_root();
    let mut long = Vec::new();
    let sources = files(&root.join("crates"), &[".rs", ".py", ".pyi"])
        .into_iter()
        .chain(files(&root.join("tests"), &[".rs"]))
        .chain(files(
            &root.join("web").join("src"),
            &[".ts", ".js", ".css", ".html"],
        ));
    for path in sources {
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        if lines > MAX_LINES {
            long.push(format!(
                "{}: {lines} lines",
                path.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(
        long.is_empty(),
        "source files over {MAX_LINES} lines (split them along their concepts):\n{}",
        long.join("\n")
    );
}

/// What would mean the page keeps a rule of a round of its own: the
/// verdict's words, a judge's look-up, the target's filter, an adjacency
/// rule. The library has each once (`solve::game`, `grid::Neighbors`), and
/// the page asks it: the engine for a solo round, the server for a room.
const PAGE_RULES: [(&str, &str); 10] = [
    (
        "not on this board",
        "a verdict's words (solve::game::Verdict::why)",
    ),
    (
        "not a word",
        "a verdict's words (solve::game::Verdict::why)",
    ),
    ("too short", "a verdict's words (solve::game::Verdict::why)"),
    (
        "already found",
        "a verdict's words (solve::game::Verdict::why)",
    ),
    (
        "rare !== true",
        "the target's rule (solve::game::Judge::target)",
    ),
    (
        "rare === true",
        "the target's rule (solve::game::Judge::target)",
    ),
    (
        "contains(",
        "a judge's look-up in the pack (solve::game::Judge)",
    ),
    ("function neighbours", "an adjacency rule (grid::Neighbors)"),
    ("diagonals", "an adjacency rule (grid::Neighbors)"),
    ("dr + dc", "an adjacency rule (grid::Neighbors)"),
];

#[test]
fn the_page_keeps_no_rule_of_a_round() {
    let root = workspace_root();
    let src = root.join("web").join("src");
    let mut found = Vec::new();
    for path in files(&src, &[".ts"]) {
        // The engine's types, generated from Rust, may name anything.
        if path.file_name().is_some_and(|n| n == "api.ts") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (pattern, rule) in PAGE_RULES {
                if line.contains(pattern) {
                    let shown = path.strip_prefix(&root).unwrap().display();
                    found.push(format!("{shown}:{}: {rule}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "web/src keeps a rule the library owns (ask the engine or the server):\n{}",
        found.join("\n")
    );
}
