//! No import circle inside a crate: its top-level modules, read as a graph
//! of `crate::module` references (tests and comments aside), have no cycle,
//! so each module can be read after the ones it uses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use boggle_tests::workspace_root;
use regex::Regex;

/// The text of a module's file that the crate's own code sees: its test
/// module and its comments left out.
fn code_of(text: &str) -> String {
    let end = ["#[cfg(test)]\nmod ", "#[cfg(all(test"]
        .iter()
        .filter_map(|m| text.find(m))
        .min()
        .unwrap_or(text.len());
    text[..end]
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each top-level module of the crate at `src` and the modules it uses.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let path_use = Regex::new(r"crate::([a-z_][a-z0-9_]*)").unwrap();
    let mut files = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && path.file_name().is_some_and(|n| n != "tests") {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_name().is_some_and(|n| n != "tests.rs")
            {
                files.push(path);
            }
        }
    }
    let top = |path: &Path| -> Option<String> {
        let rel = path.strip_prefix(src).unwrap();
        let first = rel.components().next()?.as_os_str().to_string_lossy();
        let name = first.trim_end_matches(".rs").to_string();
        (!["lib", "main"].contains(&name.as_str())).then_some(name)
    };
    let modules: BTreeSet<String> = files.iter().filter_map(|p| top(p)).collect();
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let Some(from) = top(path) else { continue };
        let code = code_of(&std::fs::read_to_string(path).unwrap());
        for to in path_use.captures_iter(&code).map(|c| c[1].to_string()) {
            if to != from && modules.contains(&to) {
                uses.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    uses
}

/// The modules that use each other on a circle, a pair for each use.
fn circles(uses: &BTreeMap<String, BTreeSet<String>>) -> Vec<(String, String)> {
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut next = vec![from.to_string()];
        while let Some(m) = next.pop() {
            for n in uses.get(&m).into_iter().flatten() {
                if n == to {
                    return true;
                }
                if seen.insert(n.clone()) {
                    next.push(n.clone());
                }
            }
        }
        false
    };
    let mut out = BTreeSet::new();
    for (from, tos) in uses {
        for to in tos {
            if reaches(to, from) {
                out.insert((from.min(to).clone(), from.max(to).clone()));
            }
        }
    }
    out.into_iter().collect()
}

#[test]
fn no_crate_has_an_import_circle() {
    let root = workspace_root();
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        for (a, b) in circles(&graph(&src)) {
            found.push(format!("{}: {a} <-> {b}", src.display()));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_checker_sees_a_circle() {
    let mut uses = BTreeMap::new();
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    uses.insert("a".to_string(), set(&["b"]));
    uses.insert("b".to_string(), set(&["c"]));
    uses.insert("c".to_string(), set(&["a"]));
    uses.insert("d".to_string(), set(&["a"]));
    assert_eq!(circles(&uses).len(), 3);
    uses.remove("c");
    assert!(circles(&uses).is_empty());
    let code = code_of("use crate::x; // crate::y\n#[cfg(test)]\nmod tests { crate::z }");
    assert!(code.contains("crate::x") && !code.contains("crate::y") && !code.contains("crate::z"));
}
