//! Word listings for people: the words sorted and grouped (`--sort`,
//! `--top`), under the board and the totals.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Result;
use boggle_cli::{plural, usage_msg};
use clap::{Args, ValueEnum};
use grid::Adjacency;
use prep::Pack;
use render::terminal::ColorChoice;
use solve::{Board, FoundWord, Rules, Solution};

/// How words are listed and shown (options of `boggle solve` and `boggle
/// roll --solve`).
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct ViewArgs {
    /// Draw WORD's path on the board: start marked, steps numbered, arrows
    /// between cells (repeat for more words).
    #[arg(long, value_name = "WORD", conflicts_with = "json")]
    pub show: Vec<String>,
    /// Draw every word's path (in --sort order, the first --top K), side by
    /// side as the terminal's width allows.
    #[arg(long, conflicts_with_all = ["json", "show"])]
    pub show_all: bool,
    /// Also write the paths of --show / --show-all as SVG pictures: a file
    /// for one word (named .svg), else a directory (WORD.svg each, and
    /// index.html).
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// List only the first K words (after --sort); totals still count all.
    #[arg(long, value_name = "K", value_parser = crate::args::positive, allow_negative_numbers = true)]
    pub top: Option<std::num::NonZeroUsize>,
    /// Word order: score (grouped by points, highest first), length
    /// (grouped by letters, longest first), alpha, or zipf (most common
    /// first; also "frequency").
    #[arg(long, value_enum, default_value_t = Sort::Score)]
    pub sort: Sort,
    /// Color the path plots: auto (when standard output is a terminal and
    /// NO_COLOR is unset), always, never.
    #[arg(long, value_enum, default_value_t = Color::Auto, value_name = "WHEN")]
    pub color: Color,
}

/// Word order for listings (`--sort`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Sort {
    /// Highest score first, then alphabetical; grouped by points.
    #[default]
    Score,
    /// Longest first, then alphabetical; grouped by length.
    Length,
    /// Alphabetical, one group.
    Alpha,
    /// Most common first (by the pack's word frequencies), then by score;
    /// grouped by whole Zipf values.
    #[value(alias = "frequency")]
    Zipf,
}

impl Sort {
    /// How a note names the order.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Sort::Score => "score",
            Sort::Length => "length",
            Sort::Alpha => "alphabet",
            Sort::Zipf => "frequency",
        }
    }
}

/// `--color` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Color {
    /// Color on a terminal unless NO_COLOR is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ViewArgs {
    /// Whether any path display was asked for.
    pub(crate) fn shows_paths(&self) -> bool {
        !self.show.is_empty() || self.show_all || self.svg.is_some()
    }

    /// Whether to color standard output.
    pub(crate) fn color(&self) -> bool {
        let choice = match self.color {
            Color::Auto => ColorChoice::Auto,
            Color::Always => ColorChoice::Always,
            Color::Never => ColorChoice::Never,
        };
        let var = |name| std::env::var(name).ok();
        choice.resolve(
            io::stdout().is_terminal(),
            var("NO_COLOR").as_deref(),
            var("TERM").as_deref(),
        )
    }

    /// Checks the options that do not depend on the board.
    pub(crate) fn check(&self) -> Result<()> {
        if self.svg.is_some() && self.show.is_empty() && !self.show_all {
            return Err(usage_msg(
                "--svg draws the paths of --show WORD or --show-all: add one",
            ));
        }
        Ok(())
    }
}

/// The words in `--sort` order, the first `--top` of them.
pub(crate) fn ordered<'a>(words: &'a [FoundWord], view: &ViewArgs) -> Vec<&'a FoundWord> {
    let mut words: Vec<&FoundWord> = words.iter().collect();
    match view.sort {
        // The solver's own order.
        Sort::Score => {}
        Sort::Length => words.sort_by(|a, b| b.len.cmp(&a.len).then(a.word.cmp(&b.word))),
        Sort::Alpha => words.sort_by(|a, b| a.word.cmp(&b.word)),
        // Stable: equally common words keep the solver's order.
        Sort::Zipf => words.sort_by_key(|w| std::cmp::Reverse(w.zipf)),
    }
    if let Some(k) = view.top {
        words.truncate(k.get());
    }
    words
}

/// The board, indented two spaces.
pub(crate) fn board_block(board: &Board) -> String {
    board
        .to_string()
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect()
}

/// "117 words, 187 points  (English; boggle scoring, 3+ letters)", and
/// for a pack with word frequencies a second line: how many of the words
/// are common, and what marks a rare one.
pub(crate) fn totals(solution: &Solution, pack: &Pack, rules: &Rules) -> String {
    let mut s = format!(
        "{} {}, {} {}  ({}; {} scoring, {}+ letters{}{}{})",
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
        if rules.words.only_common && pack.has_frequencies() {
            format!(", common words only: Zipf {}+", rules.words.common)
        } else {
            String::new()
        },
    );
    if pack.has_frequencies() && !rules.words.only_common {
        let rare = solution.word_count as u64 - solution.common.words;
        s.push_str(&format!(
            "\n{} common (Zipf {}+), {} {}; {rare} rare{}",
            solution.common.words,
            rules.words.common,
            solution.common.score,
            plural(solution.common.score, "point", "points"),
            if rare > 0 {
                ", marked * (--common leaves them out)"
            } else {
                ""
            },
        ));
    }
    s
}

/// A word as a listing shows it: a rare one marked `*`.
pub(crate) fn shown(w: &FoundWord) -> std::borrow::Cow<'_, str> {
    if w.rare {
        format!("{}*", w.word).into()
    } else {
        w.word.as_str().into()
    }
}

/// A word's whole Zipf value, its group under `--sort zipf` (0: not
/// listed by the pack's source).
fn zipf_band(w: &FoundWord) -> usize {
    w.zipf.map_or(0, |z| usize::from(z.tenths() / 10) + 1)
}

/// A solution as a person reads it, on `out`: each word's path drawn when
/// the view asks for it (`--show`, `--svg`), else the [`listing`] at the
/// terminal's width.
pub(crate) fn show(
    out: &mut dyn Write,
    board: &Board,
    solution: &Solution,
    pack: &Pack,
    rules: &Rules,
    paths: bool,
    view: &ViewArgs,
) -> Result<()> {
    let width = terminal_width();
    if view.shows_paths() {
        crate::output::paths::paths(out, board, solution, pack, rules, width, view)
    } else {
        let list = listing(board, solution, pack, rules, paths, width, view);
        write!(out, "{list}")?;
        Ok(())
    }
}

/// The text a person reads: the board, the totals, then the words in
/// `--sort` order, grouped by points, by length or not at all, each group a
/// heading and the words filled to `width` columns (or one a line with its
/// path, for `--paths`).
pub(crate) fn listing(
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
        Sort::Zipf => zipf_band(w),
    };
    let mut i = 0;
    while i < words.len() {
        let k = key(words[i]);
        let group: Vec<&FoundWord> = words[i..]
            .iter()
            .copied()
            .take_while(|w| key(w) == k)
            .collect();
        i += group.len();
        let n = group.len();
        let heading = match view.sort {
            Sort::Score => format!("{k} {} ({n})", plural(k as u64, "point", "points")),
            Sort::Length => format!("{k} {} ({n})", plural(k as u64, "letter", "letters")),
            Sort::Alpha => format!("{n} {}", plural(n as u64, "word", "words")),
            Sort::Zipf if k == 0 => format!("not in the frequency list ({n})"),
            Sort::Zipf => format!("Zipf {0}.0–{0}.9 ({n})", k - 1),
        };
        s.push_str(&format!("\n{heading}:\n"));
        if paths {
            let wide = group
                .iter()
                .map(|w| shown(w).chars().count())
                .max()
                .unwrap_or(0);
            for w in &group {
                let path: Vec<String> = w
                    .path
                    .iter()
                    .map(|p| format!("{},{}", p.row + 1, p.col + 1))
                    .collect();
                let word = shown(w);
                s.push_str(&format!(
                    "  {word}{}  {}\n",
                    " ".repeat(wide - word.chars().count()),
                    path.join(" → ")
                ));
            }
        } else {
            let mut line = String::from(" ");
            for w in &group {
                let word = shown(w);
                if line.chars().count() + word.chars().count() + 1 > width.max(20) && line.len() > 1
                {
                    s.push_str(&line);
                    s.push('\n');
                    line = String::from(" ");
                }
                line.push(' ');
                line.push_str(&word);
            }
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
}

/// The width to fill: the terminal's (`COLUMNS`), or 80 when piped.
pub(crate) fn terminal_width() -> usize {
    if !io::stdout().is_terminal() {
        return 80;
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(80)
}
