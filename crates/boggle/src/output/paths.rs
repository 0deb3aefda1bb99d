//! Path plots on the terminal (`--show WORD`, `--show-all`) and SVG
//! pictures on disk (`--svg`).

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use boggle_cli::{plural, usage_msg};
use grid::Adjacency;
use prep::Pack;
use render::path::trace;
use render::{svg, terminal};
use solve::board::spell;
use solve::{Board, Rules, Solution};

use super::listing::{board_block, ordered, totals, ViewArgs};

/// One word to draw: the word, its path, its points (`None`: on the board
/// but not a word the solver counts).
struct Drawn {
    word: String,
    path: Vec<solve::board::Pos>,
    score: Option<u32>,
}

impl Drawn {
    fn title(&self) -> String {
        let letters = self.word.chars().count();
        match self.score {
            Some(p) => format!(
                "{}  {letters} letters, {p} {}",
                self.word,
                plural(u64::from(p), "point", "points")
            ),
            None => format!("{}  {letters} letters, not a word here", self.word),
        }
    }
}

/// The words to draw, each with its path (a `--show` word that is on the
/// board but not in the pack has no score), and the `--show` words that are
/// not on the board.
fn chosen(
    board: &Board,
    solution: &Solution,
    pack: &Pack,
    rules: &Rules,
    view: &ViewArgs,
) -> Result<(Vec<Drawn>, Vec<String>)> {
    let mut drawn = Vec::new();
    let mut missing = Vec::new();
    if view.show_all {
        for w in ordered(&solution.words, view) {
            drawn.push(Drawn {
                word: w.word.clone(),
                path: w.path.clone(),
                score: Some(w.score),
            });
        }
    } else {
        for typed in &view.show {
            let word = spell(pack.recipe(), typed).map_err(usage_msg)?;
            if let Some(w) = solution.words.iter().find(|w| w.word == word) {
                drawn.push(Drawn {
                    word,
                    path: w.path.clone(),
                    score: Some(w.score),
                });
            } else if let Some(path) = trace(board, &word, rules.adjacency, rules.wrap) {
                drawn.push(Drawn {
                    word,
                    path,
                    score: None,
                });
            } else {
                missing.push(word);
            }
        }
    }
    Ok((drawn, missing))
}

/// `--show`, `--show-all`, `--svg`: path plots on standard output, SVG files
/// on disk. A `--show` word that is on the board but not in the pack (or
/// too short) is drawn with a note; one that is not on the board at all is
/// an error after the others are drawn.
pub(crate) fn paths(
    out: &mut dyn Write,
    board: &Board,
    solution: &Solution,
    pack: &Pack,
    rules: &Rules,
    width: usize,
    view: &ViewArgs,
) -> Result<()> {
    view.check()?;
    let color = view.color();
    let (drawn, missing) = chosen(board, solution, pack, rules, view)?;
    if view.show_all {
        write!(
            out,
            "{}\n{}\n",
            board_block(board),
            totals(solution, pack, rules)
        )?;
        if drawn.len() < solution.words.len() {
            writeln!(
                out,
                "(the first {} of {} words by {})",
                drawn.len(),
                solution.words.len(),
                view.sort.name()
            )?;
        }
        writeln!(out)?;
        let blocks: Vec<String> = drawn
            .iter()
            .map(|d| {
                let title = match d.score {
                    Some(p) => format!("{}  {p} {}", d.word, plural(u64::from(p), "pt", "pts")),
                    None => d.word.clone(),
                };
                format!("{title}\n{}", terminal::plot(board, &d.path, color))
            })
            .collect();
        write!(out, "{}", terminal::side_by_side(&blocks, width, 4))?;
    } else {
        for (k, d) in drawn.iter().enumerate() {
            if k > 0 {
                writeln!(out)?;
            }
            write!(
                out,
                "{}\n\n{}",
                d.title(),
                terminal::plot(board, &d.path, color)
            )?;
        }
    }
    out.flush()?;
    for d in drawn.iter().filter(|d| d.score.is_none()) {
        eprintln!(
            "boggle: note: {} is on the board but is not a word in pack {} with {}+ letters",
            d.word,
            pack.name(),
            rules.min_len
        );
    }

    if let Some(target) = &view.svg {
        write_svgs(target, board, &drawn, view.show_all || view.show.len() > 1)?;
    }
    let rules_note = match (rules.adjacency, rules.wrap) {
        (Adjacency::King, false) => "",
        (Adjacency::King, true) => " (wrapping)",
        (Adjacency::NoDiagonals, false) => " (no diagonal steps)",
        (Adjacency::NoDiagonals, true) => " (no diagonal steps, wrapping)",
    };
    match missing.as_slice() {
        [] => Ok(()),
        [one] => Err(anyhow!("{one} is not on this board{rules_note}")),
        many => Err(anyhow!(
            "{} are not on this board{rules_note}",
            many.join(", ")
        )),
    }
}

/// One SVG file, or a directory of them with an index.html that shows every
/// SVG file in the directory (so words drawn in several runs add up).
fn write_svgs(target: &Path, board: &Board, drawn: &[Drawn], many: bool) -> Result<()> {
    let title = |d: &Drawn| match d.score {
        Some(p) => format!(
            "{} — {p} {}",
            d.word,
            plural(u64::from(p), "point", "points")
        ),
        None => d.word.clone(),
    };
    let write = |path: &Path, text: String| {
        prep::write_atomic(path, text.as_bytes(), prep::Replace::Yes, None)
            .with_context(|| format!("--svg {}", path.display()))
    };
    if !many && !target.is_dir() {
        let Some(d) = drawn.first() else {
            return Ok(());
        };
        if !target
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
        {
            return Err(usage_msg(format!(
                "--svg {}: a path is drawn as SVG: name the file .svg (or give a directory)",
                target.display()
            )));
        }
        write(target, svg::render(board, &d.path, Some(&title(d))))?;
        eprintln!("boggle: wrote {}", target.display());
        return Ok(());
    }
    if target.exists() && !target.is_dir() {
        return Err(usage_msg(format!(
            "--svg {}: several words need a directory, and this is a file",
            target.display()
        )));
    }
    if target.extension().is_some_and(|e| e == "svg") && !target.is_dir() {
        return Err(usage_msg(format!(
            "--svg {}: several words need a directory, not an .svg file",
            target.display()
        )));
    }
    std::fs::create_dir_all(target).map_err(|e| {
        // Name the directory that refused: the nearest one that exists.
        let there = prep::nearest_directory(target);
        let why = match e.kind() {
            std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
                format!("cannot write into {}", there.display())
            }
            _ => prep::without_os_code(&e.to_string()),
        };
        anyhow!(
            "--svg {}: cannot create the directory: {why}",
            target.display()
        )
    })?;
    for d in drawn {
        // Words are letters of the pack's alphabet, but keep file names plain.
        let stem: String = d
            .word
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        write(
            &target.join(format!("{stem}.svg")),
            svg::render(board, &d.path, Some(&title(d))),
        )?;
    }
    let mut files: Vec<String> = std::fs::read_dir(target)
        .with_context(|| format!("--svg {}", target.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".svg") && !name.starts_with('.'))
        .collect();
    files.sort();
    let mut index = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>boggle paths</title>\n\
         <style>body{font-family:sans-serif} figure{display:inline-block;margin:8px}\
         img{width:280px}</style></head><body>\n",
    );
    for file in &files {
        let stem = file.trim_end_matches(".svg");
        index.push_str(&format!(
            "<figure><img src=\"{file}\" alt=\"{stem}\"></figure>\n"
        ));
    }
    index.push_str("</body></html>\n");
    write(&target.join("index.html"), index)?;
    eprintln!(
        "boggle: wrote {} SVG {} and index.html to {}",
        drawn.len(),
        plural(drawn.len() as u64, "file", "files"),
        target.display()
    );
    Ok(())
}
