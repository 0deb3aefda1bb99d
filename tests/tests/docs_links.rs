//! No dead links in the documents: every relative link and image in
//! README.md, the other top-level documents and `docs/**/*.md` names a file
//! that exists, and every `#anchor` names a heading of the file it points
//! into (as a code host makes anchors from headings).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use boggle_tests::workspace_root;
use regex::Regex;

/// The documents checked: README.md, the other Markdown files at the top,
/// and everything under docs/.
fn documents() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The text outside fenced code blocks and inline code, line by line (so
/// a link's line number is still right).
fn prose(text: &str) -> Vec<(usize, String)> {
    let inline = Regex::new(r"`[^`]*`").unwrap();
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push((i + 1, inline.replace_all(line, "").into_owned()));
        }
    }
    out
}

/// The anchor a code host gives a heading: lower case, punctuation other
/// than `-` and `_` dropped, spaces as `-`; a repeated heading gets `-1`,
/// `-2`…
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if fenced {
            continue;
        }
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let mut unique = slug.clone();
        let mut n = 0;
        while seen.contains(&unique) {
            n += 1;
            unique = format!("{slug}-{n}");
        }
        seen.insert(unique);
    }
    seen
}

/// Every relative link and image target in a document, with its line.
fn links(text: &str) -> Vec<(usize, String)> {
    let markdown = Regex::new(r"\]\(([^)\s]+)(?:\s+[^)]*)?\)").unwrap();
    let html = Regex::new(r#"(?:src|href)="([^"]+)""#).unwrap();
    let mut out = Vec::new();
    for (line, text) in prose(text) {
        for caps in markdown
            .captures_iter(&text)
            .chain(html.captures_iter(&text))
        {
            let target = caps[1].to_string();
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push((line, target));
            }
        }
    }
    out
}

#[test]
fn relative_links_and_anchors_resolve() {
    let docs = documents();
    assert!(docs.len() >= 10, "found only {docs:?}");
    let mut problems = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        let dir = doc.parent().unwrap();
        for (line, target) in links(&text) {
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let file: PathBuf = if path.is_empty() {
                doc.clone()
            } else {
                dir.join(path)
            };
            let shown = doc.strip_prefix(workspace_root()).unwrap_or(doc).display();
            if !file.exists() {
                problems.push(format!("{shown}:{line}: {target}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                if file.extension().is_some_and(|e| e == "md") {
                    let headings = anchors(&std::fs::read_to_string(&file).unwrap());
                    if !headings.contains(anchor) {
                        problems.push(format!("{shown}:{line}: {target}: no heading #{anchor}"));
                    }
                }
            }
        }
    }
    assert!(checked >= 30, "only {checked} links checked");
    assert!(problems.is_empty(), "dead links:\n{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_dead_links() {
    let text = "# A title\n\nSee [there](#a-title), [gone](#nowhere) and `[code](#x)`.\n\
                ```\n[fenced](#y)\n```\n<img src=\"pic.png\">\n";
    let found: Vec<String> = links(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(found, ["#a-title", "#nowhere", "pic.png"]);
    let headings = anchors("# Machine output (JSON)\n## Boards\n## Boards\n");
    assert!(headings.contains("machine-output-json"));
    assert!(headings.contains("boards") && headings.contains("boards-1"));
    assert!(!Path::new("pic.png").exists());
}
