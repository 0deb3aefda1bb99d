//! Part of the `boggle` binary (not the library): how a solution is shown to
//! a person — word lists sorted and grouped (`--sort`, `--top`), path plots
//! (`--show WORD`, `--show-all`), SVG pictures (`--svg`) — and the `packs`,
//! `completions` and `man` commands.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use clap::{Args, ValueEnum};
use prep::installed::PackDir;
use prep::Pack;
use solve::show::{self, ColourChoice};
use solve::{packs, svg, Adjacency, Board, FoundWord, Rules, Solution};

use crate::usage;

/// How words are listed and shown (options of `boggle solve` and `boggle
/// roll --solve`).
#[derive(Args, Clone, Debug, Default)]
pub struct ViewArgs {
    /// Draw WORD's path on the board: start marked, steps numbered, arrows
    /// between cells (repeat for more words).
    #[arg(long, value_name = "WORD", conflicts_with = "json")]
    pub show: Vec<String>,
    /// Draw every word's path (in --sort order, the first --top K), side by
    /// side as the terminal's width allows.
    #[arg(long, conflicts_with_all = ["json", "show"])]
    pub show_all: bool,
    /// Also write the paths of --show / --show-all as SVG pictures: a file
    /// for one word, else a directory (WORD.svg each, and index.html).
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// List only the first K words (after --sort); totals still count all.
    #[arg(long, value_name = "K")]
    pub top: Option<usize>,
    /// Word order: score (grouped by points, highest first), length
    /// (grouped by letters, longest first) or alpha.
    #[arg(long, value_enum, default_value_t = Sort::Score)]
    pub sort: Sort,
    /// Colour the path plots: auto (when standard output is a terminal and
    /// NO_COLOR is unset), always, never.
    #[arg(long, value_enum, default_value_t = Colour::Auto, value_name = "WHEN")]
    pub color: Colour,
}

/// Word order for listings (`--sort`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Sort {
    /// Highest score first, then alphabetical; grouped by points.
    #[default]
    Score,
    /// Longest first, then alphabetical; grouped by length.
    Length,
    /// Alphabetical, one group.
    Alpha,
}

impl Sort {
    /// How a note names the order.
    fn name(self) -> &'static str {
        match self {
            Sort::Score => "score",
            Sort::Length => "length",
            Sort::Alpha => "alphabet",
        }
    }
}

/// `--color` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    /// Colour on a terminal unless NO_COLOR is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ViewArgs {
    /// Whether any path display was asked for.
    pub fn shows_paths(&self) -> bool {
        !self.show.is_empty() || self.show_all || self.svg.is_some()
    }

    /// Whether to colour standard output.
    fn colour(&self) -> bool {
        let choice = match self.color {
            Colour::Auto => ColourChoice::Auto,
            Colour::Always => ColourChoice::Always,
            Colour::Never => ColourChoice::Never,
        };
        let var = |name| std::env::var(name).ok();
        choice.resolve(
            io::stdout().is_terminal(),
            var("NO_COLOR").as_deref(),
            var("TERM").as_deref(),
        )
    }

    /// Checks the options that do not depend on the board.
    pub fn check(&self) -> Result<()> {
        if self.top == Some(0) {
            return Err(usage(anyhow!("--top must be at least 1")));
        }
        if self.svg.is_some() && self.show.is_empty() && !self.show_all {
            return Err(usage(anyhow!(
                "--svg draws the paths of --show WORD or --show-all: add one"
            )));
        }
        Ok(())
    }
}

/// The words in `--sort` order, the first `--top` of them.
pub fn ordered(words: &[FoundWord], view: &ViewArgs) -> Vec<FoundWord> {
    let mut words = words.to_vec();
    match view.sort {
        Sort::Score => words.sort_by(|a, b| b.score.cmp(&a.score).then(a.word.cmp(&b.word))),
        Sort::Length => words.sort_by(|a, b| b.len.cmp(&a.len).then(a.word.cmp(&b.word))),
        Sort::Alpha => words.sort_by(|a, b| a.word.cmp(&b.word)),
    }
    if let Some(k) = view.top {
        words.truncate(k);
    }
    words
}

/// The board, indented two spaces.
fn board_block(board: &Board) -> String {
    board
        .to_string()
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect()
}

/// "117 words, 187 points  (English; boggle scoring, 3+ letters)".
fn totals(solution: &Solution, pack: &Pack, rules: &Rules) -> String {
    format!(
        "{} {}, {} {}  ({}; {} scoring, {}+ letters{}{})",
        solution.word_count,
        plural(solution.word_count as u64, "word", "words"),
        solution.score,
        plural(solution.score, "point", "points"),
        pack.meta().recipe.language.name,
        rules.scoring.name(),
        rules.min_len,
        match rules.adjacency {
            Adjacency::King => "",
            Adjacency::NoDiagonals => ", no diagonals",
        },
        if rules.wrap { ", wrapping" } else { "" },
    )
}

/// The text a person reads: the board, the totals, then the words in
/// `--sort` order, grouped by points, by length or not at all, each group a
/// heading and the words filled to `width` columns (or one a line with its
/// path, for `--paths`).
pub fn listing(
    board: &Board,
    solution: &Solution,
    pack: &Pack,
    rules: &Rules,
    paths: bool,
    width: usize,
    view: &ViewArgs,
) -> String {
    let mut s = board_block(board);
    s.push('\n');
    s.push_str(&totals(solution, pack, rules));
    s.push('\n');
    let words = ordered(&solution.words, view);
    if words.len() < solution.words.len() {
        s.push_str(&format!(
            "(the first {} of {} words by {})\n",
            words.len(),
            solution.words.len(),
            view.sort.name()
        ));
    }
    let key = |w: &FoundWord| match view.sort {
        Sort::Score => w.score as usize,
        Sort::Length => w.len,
        Sort::Alpha => 0,
    };
    let mut i = 0;
    while i < words.len() {
        let k = key(&words[i]);
        let group: Vec<&FoundWord> = words[i..].iter().take_while(|w| key(w) == k).collect();
        i += group.len();
        let n = group.len();
        let heading = match view.sort {
            Sort::Score => format!("{k} {} ({n})", plural(k as u64, "point", "points")),
            Sort::Length => format!("{k} {} ({n})", plural(k as u64, "letter", "letters")),
            Sort::Alpha => format!("{n} {}", plural(n as u64, "word", "words")),
        };
        s.push_str(&format!("\n{heading}:\n"));
        if paths {
            let wide = group
                .iter()
                .map(|w| w.word.chars().count())
                .max()
                .unwrap_or(0);
            for w in &group {
                let path: Vec<String> = w
                    .path
                    .iter()
                    .map(|p| format!("{},{}", p.row + 1, p.col + 1))
                    .collect();
                s.push_str(&format!(
                    "  {}{}  {}\n",
                    w.word,
                    " ".repeat(wide - w.word.chars().count()),
                    path.join(" → ")
                ));
            }
        } else {
            let mut line = String::from(" ");
            for w in &group {
                if line.chars().count() + w.word.chars().count() + 1 > width.max(20)
                    && line.len() > 1
                {
                    s.push_str(&line);
                    s.push('\n');
                    line = String::from(" ");
                }
                line.push(' ');
                line.push_str(&w.word);
            }
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
}

/// One word to draw: the word, its path, its points (`None`: on the board
/// but not a word the solver counts).
struct Drawn {
    word: String,
    path: Vec<solve::Pos>,
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

/// `--show`, `--show-all`, `--svg`: path plots on standard output, SVG files
/// on disk. A `--show` word that is on the board but not in the pack (or
/// too short) is drawn with a note; one that is not on the board at all is
/// an error after the others are drawn.
pub fn paths(
    out: &mut dyn Write,
    board: &Board,
    solution: &Solution,
    pack: &Pack,
    rules: &Rules,
    width: usize,
    view: &ViewArgs,
) -> Result<()> {
    view.check()?;
    let colour = view.colour();
    let mut drawn = Vec::new();
    let mut missing = Vec::new();
    if view.show_all {
        for w in ordered(&solution.words, view) {
            drawn.push(Drawn {
                word: w.word,
                path: w.path,
                score: Some(w.score),
            });
        }
    } else {
        for typed in &view.show {
            let word = show::spell(pack.recipe(), typed).map_err(|e| usage(anyhow!(e)))?;
            if let Some(w) = solution.words.iter().find(|w| w.word == word) {
                drawn.push(Drawn {
                    word,
                    path: w.path.clone(),
                    score: Some(w.score),
                });
            } else if let Some(path) = show::trace(board, &word, rules.adjacency, rules.wrap) {
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
                format!("{title}\n{}", show::plot(board, &d.path, colour))
            })
            .collect();
        write!(out, "{}", show::side_by_side(&blocks, width, 4))?;
    } else {
        for (k, d) in drawn.iter().enumerate() {
            if k > 0 {
                writeln!(out)?;
            }
            write!(
                out,
                "{}\n\n{}",
                d.title(),
                show::plot(board, &d.path, colour)
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

/// One SVG file, or a directory of them with an index.html.
fn write_svgs(target: &Path, board: &Board, drawn: &[Drawn], many: bool) -> Result<()> {
    let title = |d: &Drawn| match d.score {
        Some(p) => format!(
            "{} — {p} {}",
            d.word,
            plural(u64::from(p), "point", "points")
        ),
        None => d.word.clone(),
    };
    if !many && !target.is_dir() {
        let Some(d) = drawn.first() else {
            return Ok(());
        };
        std::fs::write(target, svg::render(board, &d.path, Some(&title(d))))
            .with_context(|| format!("writing {}", target.display()))?;
        eprintln!("boggle: wrote {}", target.display());
        return Ok(());
    }
    if target.extension().is_some_and(|e| e == "svg") && !target.is_dir() {
        return Err(usage(anyhow!(
            "--svg {}: several words need a directory, not an .svg file",
            target.display()
        )));
    }
    std::fs::create_dir_all(target).with_context(|| format!("creating {}", target.display()))?;
    let mut index = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>boggle paths</title>\n\
         <style>body{font-family:sans-serif} figure{display:inline-block;margin:8px}\
         img{width:280px}</style></head><body>\n",
    );
    for d in drawn {
        // Words are letters of the pack's alphabet, but keep file names plain.
        let stem: String = d
            .word
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let file = format!("{stem}.svg");
        let path = target.join(&file);
        std::fs::write(&path, svg::render(board, &d.path, Some(&title(d))))
            .with_context(|| format!("writing {}", path.display()))?;
        index.push_str(&format!(
            "<figure><img src=\"{file}\" alt=\"{stem}\"></figure>\n"
        ));
    }
    index.push_str("</body></html>\n");
    let path = target.join("index.html");
    std::fs::write(&path, index).with_context(|| format!("writing {}", path.display()))?;
    eprintln!(
        "boggle: wrote {} SVG {} and index.html to {}",
        drawn.len(),
        plural(drawn.len() as u64, "file", "files"),
        target.display()
    );
    Ok(())
}

fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// `boggle packs`: what `--lang` can name.
#[derive(Args, Clone, Debug)]
pub struct PacksArgs {
    /// Print JSON: an array of {name, origin, path, language, words, source,
    /// problem}.
    #[arg(long)]
    pub json: bool,
}

/// The installed-pack directory, if the environment gives one.
pub fn pack_dir() -> Option<PackDir> {
    PackDir::from_env()
}

/// `boggle packs`.
pub fn list_packs(args: &PacksArgs) -> Result<()> {
    let dir = pack_dir();
    let entries = packs::list(dir.as_ref())?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &entries)?;
        writeln!(out)?;
        return Ok(());
    }
    let rows: Vec<[String; 5]> = entries
        .iter()
        .map(|e| {
            [
                e.name.clone(),
                match e.origin {
                    packs::Origin::Builtin => "built-in".into(),
                    packs::Origin::Installed => "installed".into(),
                },
                e.language.clone().unwrap_or_else(|| "?".into()),
                e.words.map_or_else(|| "?".into(), |n| n.to_string()),
                match (&e.problem, &e.path) {
                    (Some(p), _) => format!("({p})"),
                    (None, Some(path)) => {
                        format!("{} ({})", e.source.as_deref().unwrap_or(""), path.display())
                    }
                    (None, None) => e.source.clone().unwrap_or_default(),
                },
            ]
        })
        .collect();
    let header = ["name", "origin", "language", "words", "source"].map(String::from);
    let mut widths = [0usize; 4];
    for row in std::iter::once(&header).chain(&rows) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (k, cell) in row.iter().enumerate() {
            match widths.get(k) {
                Some(&w) if k == 3 => line.push_str(&format!("{cell:>w$}  ")),
                Some(&w) => line.push_str(&format!("{cell:<w$}  ")),
                None => line.push_str(cell),
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    match &dir {
        Some(d) => writeln!(
            out,
            "\ninstalled packs: {} (add one: boggle-prep install FILE.pack)",
            d.path().display()
        )?,
        None => writeln!(out, "\nno data directory: set XDG_DATA_HOME or HOME")?,
    }
    out.flush()?;
    Ok(())
}

/// `boggle completions SHELL`.
#[derive(Args, Clone, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Prints the completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs, mut cmd: clap::Command) -> Result<()> {
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut cmd, "boggle", &mut out);
    out.flush()?;
    Ok(())
}

/// `boggle man`.
#[derive(Args, Clone, Debug)]
pub struct ManArgs {
    /// Write boggle.1 and a page for each command (boggle-solve.1, …) into
    /// this directory instead of printing boggle.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the man page, or writes them all to a directory.
pub fn man(args: &ManArgs, cmd: clap::Command) -> Result<()> {
    match &args.dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            clap_mangen::generate_to(cmd, dir)
                .with_context(|| format!("writing man pages to {}", dir.display()))?;
        }
        None => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(cmd).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(())
}
