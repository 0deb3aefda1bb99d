//! Terminal path plots: a board with one word's path drawn on it.
//!
//! ```text
//! P1   e    r    s
//! ↓
//! L2 → A3   t    g
//!    ↙
//! S4   i    n    e
//! ↓
//! T5 → E6 → R7   s
//! ```
//!
//! (`plaster` on `perslatgsineters`.) Each cell of the path shows its face
//! in capitals and its step number (1 is the start); the other cells are in
//! lower case. An arrow sits in the gap between two consecutive cells:
//! `→ ← ↓ ↑` between neighbors in a row or a column, `↘ ↙ ↗ ↖` in the gap
//! between four cells, `╳` when a word crosses that gap both ways. A step
//! around the edge of a wrapping board has two arrows in a margin round the
//! board: one where it leaves the edge and one where it comes back in at
//! the opposite edge, both pointing the way it goes:
//!
//! ```text
//!    A1   b    c    D2 →
//! →  e    f    g    h
//! ```
//!
//! (`ad` with `--wrap`: a step left from `a` around to `d`, drawn as the
//! board tiled would show it.)
//!
//! With color (ANSI escapes), the start cell is black on green, the rest of
//! the path bold yellow, arrows cyan and unused cells dim. Whether to color
//! is the caller's choice ([`plot`] takes a flag); [`visible_width`] measures
//! a plotted line without its escapes.

use super::path::{number_steps, step, Step};
use solve::board::{capitalize, Board, Pos};

/// Columns between two cells, where a horizontal or diagonal arrow goes.
const GAP: usize = 3;

const START: &str = "\x1b[1;30;42m";
const PATH: &str = "\x1b[1;33m";
const ARROW: &str = "\x1b[36m";
const UNUSED: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// The board as text with `path` drawn on it (see the module docs), one line
/// a text row, each ending in `\n`, no indent, no trailing spaces. `color`
/// adds ANSI color escapes. Positions off the board are ignored; an empty
/// path plots the bare board.
pub fn plot(board: &Board, path: &[Pos], color: bool) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let (path, order) = number_steps(board, path);
    let faces: Vec<String> = (0..board.len())
        .map(|i| match (board.face(i), order[i]) {
            (None, _) => "·".to_string(),
            (Some(f), 0) => f.to_string(),
            (Some(f), _) => capitalize(f),
        })
        .collect();
    let face_width = faces.iter().map(|f| f.chars().count()).max().unwrap_or(1);
    let step_width = if path.is_empty() {
        0
    } else {
        path.len().to_string().len()
    };
    let width = face_width + step_width;
    let pitch = width + GAP;
    // A margin round the board for the arrows of steps around its edge.
    let wraps = path
        .windows(2)
        .any(|p| matches!(step(rows, cols, p[0], p[1]), Step::Wrapped(..)));
    let (top, left) = if wraps { (1, GAP) } else { (0, 0) };
    let line_len = cols * pitch - GAP + 2 * left;

    // Lines of plain characters, each with an optional color per character.
    let height = 2 * rows - 1 + 2 * top;
    let mut grid: Vec<Vec<(char, Option<&'static str>)>> =
        vec![vec![(' ', None); line_len]; height];
    for (i, face) in faces.iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let style = match order[i] {
            0 => UNUSED,
            1 => START,
            _ => PATH,
        };
        let mut text = face.clone();
        if order[i] > 0 {
            text.push_str(&order[i].to_string());
        }
        for (k, ch) in text.chars().enumerate() {
            grid[2 * r + top][c * pitch + k + left] = (ch, Some(style));
        }
    }
    // Where the arrow of a step from (r, c) by (dr, dc) goes, as (line,
    // column) with the margin; a step off the board lands in the margin.
    let arrow_at = |r: i64, c: i64, dr: i8, dc: i8| -> Option<(usize, usize, char)> {
        let p = pitch as i64;
        let w = width as i64;
        let (line, col, arrow) = match (dr, dc) {
            (0, 1) => (2 * r, c * p + w + 1, '→'),
            (0, -1) => (2 * r, (c - 1) * p + w + 1, '←'),
            (1, 0) => (2 * r + 1, c * p, '↓'),
            (-1, 0) => (2 * r - 1, c * p, '↑'),
            (1, 1) => (2 * r + 1, c * p + w + 1, '↘'),
            (1, -1) => (2 * r + 1, (c - 1) * p + w + 1, '↙'),
            (-1, 1) => (2 * r - 1, c * p + w + 1, '↗'),
            (-1, -1) => (2 * r - 1, (c - 1) * p + w + 1, '↖'),
            _ => return None,
        };
        let line = usize::try_from(line + top as i64).ok()?;
        let col = usize::try_from(col + left as i64).ok()?;
        (line < height && col < line_len).then_some((line, col, arrow))
    };
    let mut arrows = Vec::new();
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (ar, ac) = (i64::from(a.row), i64::from(a.col));
        match step(rows, cols, a, b) {
            Step::Adjacent(dr, dc) => arrows.extend(arrow_at(ar, ac, dr, dc)),
            Step::Wrapped(dr, dc) => {
                // Out at one edge, and in at the opposite one: from the
                // cell b's tiled neighbour would be.
                let (br, bc) = (i64::from(b.row), i64::from(b.col));
                arrows.extend(arrow_at(ar, ac, dr, dc));
                arrows.extend(arrow_at(br - i64::from(dr), bc - i64::from(dc), dr, dc));
            }
        }
    }
    for (line, col, arrow) in arrows {
        let cell = &mut grid[line][col];
        cell.0 = if matches!(cell.0, '↘' | '↙' | '↗' | '↖') && cell.0 != arrow {
            '╳'
        } else {
            arrow
        };
        cell.1 = Some(ARROW);
    }

    paint(&grid, color)
}

/// The lines of characters as text, each run of one style in its colour
/// (with `color`), trailing spaces cut.
fn paint(grid: &[Vec<(char, Option<&'static str>)>], color: bool) -> String {
    let mut out = String::new();
    for line in grid {
        let end = line
            .iter()
            .rposition(|(ch, _)| *ch != ' ')
            .map_or(0, |e| e + 1);
        let mut current: Option<&str> = None;
        for &(ch, style) in &line[..end] {
            let wanted = if color && ch != ' ' { style } else { None };
            if wanted != current {
                if current.is_some() {
                    out.push_str(RESET);
                }
                if let Some(s) = wanted {
                    out.push_str(s);
                }
                current = wanted;
            }
            out.push(ch);
        }
        if color && current.is_some() {
            out.push_str(RESET);
        }
        out.push('\n');
    }
    out
}

/// Whether to color terminal output (`--color`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Color when standard output is a terminal, `NO_COLOR` is unset or
    /// empty and `TERM` is not `dumb`.
    #[default]
    Auto,
    /// Always color (overrides `NO_COLOR`).
    Always,
    /// Never color.
    Never,
}

impl std::str::FromStr for ColorChoice {
    type Err = grid::UnknownName;

    fn from_str(s: &str) -> Result<ColorChoice, grid::UnknownName> {
        match s {
            "auto" => Ok(ColorChoice::Auto),
            "always" => Ok(ColorChoice::Always),
            "never" => Ok(ColorChoice::Never),
            _ => Err(grid::UnknownName::new(
                "color choice",
                s,
                "auto, always or never",
            )),
        }
    }
}

impl ColorChoice {
    /// Whether to color, given whether the output is a terminal and the
    /// values of `NO_COLOR` and `TERM` (see <https://no-color.org>).
    pub fn resolve(self, is_terminal: bool, no_color: Option<&str>, term: Option<&str>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                is_terminal && no_color.map_or(true, str::is_empty) && term != Some("dumb")
            }
        }
    }
}

/// Text blocks (each a few lines, such as a title over a [`plot`]) set side
/// by side in rows, as many to a row as fit in `width` columns with `gap`
/// spaces between them; rows of blocks are separated by a blank line. Widths
/// ignore color escapes. A block wider than `width` gets a row of its own.
pub fn side_by_side(blocks: &[String], width: usize, gap: usize) -> String {
    let mut out = String::new();
    let mut k = 0;
    while k < blocks.len() {
        // Take blocks while they fit.
        let mut row: Vec<(Vec<&str>, usize)> = Vec::new();
        let mut used = 0;
        while k < blocks.len() {
            let lines: Vec<&str> = blocks[k].lines().collect();
            let w = lines.iter().map(|l| visible_width(l)).max().unwrap_or(0);
            let need = if row.is_empty() { w } else { used + gap + w };
            if !row.is_empty() && need > width {
                break;
            }
            used = need;
            row.push((lines, w));
            k += 1;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let height = row.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
        for line in 0..height {
            let mut text = String::new();
            let mut pending = 0;
            for (b, (lines, w)) in row.iter().enumerate() {
                if b > 0 {
                    pending += gap;
                }
                let piece = lines.get(line).copied().unwrap_or("");
                if !piece.is_empty() {
                    text.push_str(&" ".repeat(pending));
                    text.push_str(piece);
                    pending = 0;
                }
                pending += w - visible_width(piece);
            }
            out.push_str(&text);
            out.push('\n');
        }
    }
    out
}

/// The number of characters a plotted line shows: its length in characters
/// without ANSI color escapes.
pub fn visible_width(line: &str) -> usize {
    visible_chars(line).count()
}

/// Removes ANSI color escapes.
pub fn strip_color(text: &str) -> String {
    visible_chars(text).collect()
}

/// The characters of `text` outside ANSI color escapes (an escape runs
/// from `\x1b` to the first ASCII letter).
fn visible_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    let mut chars = text.chars();
    std::iter::from_fn(move || loop {
        let c = chars.next()?;
        if c != '\x1b' {
            return Some(c);
        }
        for c in chars.by_ref() {
            if c.is_ascii_alphabetic() {
                break;
            }
        }
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::path::trace;
    use grid::Adjacency;
    use prep::Recipe;
    use solve::board::spell;
    use solve::FaceRules;

    /// Face rules of the built-in `enable` recipe (also used by `svg`'s tests).
    pub(crate) fn en() -> FaceRules {
        FaceRules::from_recipe(&Recipe::builtin("enable").unwrap()).unwrap()
    }

    /// The cell at `row`, `col`.
    pub(crate) fn pos(row: u32, col: u32) -> Pos {
        Pos { row, col }
    }

    #[test]
    fn traces_words_across_multi_letter_faces() {
        let board = en().parse("qa bc").unwrap();
        let path = trace(&board, "qub", Adjacency::King, false).unwrap();
        assert_eq!(path, vec![pos(0, 0), pos(1, 0)]);
        assert!(trace(&board, "qb", Adjacency::King, false).is_none());
        assert!(trace(&board, "", Adjacency::King, false).is_none());
        // Each cell once.
        assert!(trace(&board, "aba", Adjacency::King, false).is_none());
        // No diagonals: a (0,1) to b (1,0) is not a step.
        assert!(trace(&board, "ab", Adjacency::NoDiagonals, false).is_none());
        assert!(trace(&board, "ab", Adjacency::King, false).is_some());
    }

    #[test]
    fn steps_around_the_edge() {
        assert_eq!(step(4, 4, pos(0, 0), pos(1, 1)), Step::Adjacent(1, 1));
        assert_eq!(step(4, 4, pos(0, 0), pos(3, 0)), Step::Wrapped(-1, 0));
        assert_eq!(step(4, 4, pos(3, 3), pos(0, 0)), Step::Wrapped(1, 1));
        assert_eq!(step(4, 4, pos(0, 3), pos(1, 0)), Step::Wrapped(1, 1));
        let board = en().parse("abcd efgh ijkl mnop").unwrap();
        let path = trace(&board, "ad", Adjacency::King, true).unwrap();
        assert_eq!(path, vec![pos(0, 0), pos(0, 3)]);
        assert!(trace(&board, "ad", Adjacency::King, false).is_none());
    }

    #[test]
    fn plots_arrows_and_steps() {
        let board = en().parse("abc def ghi").unwrap();
        // a → b ↘ f ↓ i ← h ↖ d
        let path = [
            pos(0, 0),
            pos(0, 1),
            pos(1, 2),
            pos(2, 2),
            pos(2, 1),
            pos(1, 0),
        ];
        let text = plot(&board, &path, false);
        assert_eq!(
            text,
            "A1 → B2   c\n        \
             ↘\n\
             D6   e    F3\n   \
             ↖      ↓\n\
             g    H5 ← I4\n"
        );
        assert_eq!(strip_color(&plot(&board, &path, true)), text);
        assert!(plot(&board, &path, true).contains(START));
    }

    #[test]
    fn crossing_diagonals_and_wide_faces() {
        let board = en().parse("[th]a bc").unwrap();
        let path = [pos(0, 0), pos(1, 1), pos(0, 1), pos(1, 0)];
        let text = plot(&board, &path, false);
        // Th ↘ c, c ↑ a, a ↙ b: the two diagonals cross in one gap.
        assert_eq!(text, "Th1   A3\n    ╳ ↑\nB4    C2\n");
        // No path: the bare board, same grid.
        assert_eq!(plot(&board, &[], false), "th   a\n\nb    c\n");
    }

    #[test]
    fn color_follows_no_color_and_terminals() {
        use ColorChoice::*;
        assert!(Auto.resolve(true, None, Some("xterm-256color")));
        assert!(Auto.resolve(true, Some(""), None));
        assert!(!Auto.resolve(false, None, Some("xterm")), "a pipe");
        assert!(!Auto.resolve(true, Some("1"), Some("xterm")), "NO_COLOR");
        assert!(!Auto.resolve(true, None, Some("dumb")));
        assert!(Always.resolve(false, Some("1"), Some("dumb")));
        assert!(!Never.resolve(true, None, None));
        assert_eq!("never".parse::<ColorChoice>(), Ok(Never));
        assert!("sometimes".parse::<ColorChoice>().is_err());
    }

    #[test]
    fn spells_words_the_packs_way() {
        let recipe = Recipe::builtin("enable").unwrap();
        assert_eq!(spell(&recipe, " PlAster ").unwrap(), "plaster");
        // enable keeps accents, and its alphabet is a-z.
        assert!(spell(&recipe, "naïve")
            .unwrap_err()
            .to_string()
            .contains("'ï'"));
        assert!(spell(&recipe, "ab1")
            .unwrap_err()
            .to_string()
            .contains("'1'"));
        assert!(spell(&recipe, "").is_err());
    }

    #[test]
    fn blocks_side_by_side() {
        let blocks = vec![
            "ab\nc".to_string(),
            "\x1b[1mxyz\x1b[0m\nw".to_string(),
            "1\n2\n3".to_string(),
        ];
        // 2 + 2 + 3 = 7 columns for the first two; the third wraps.
        let text = side_by_side(&blocks, 8, 2);
        assert_eq!(strip_color(&text), "ab  xyz\nc   w\n\n1\n2\n3\n");
        // Wide enough for all three, short blocks padded below.
        let text = side_by_side(&blocks, 80, 1);
        assert_eq!(strip_color(&text), "ab xyz 1\nc  w   2\n       3\n");
        // Too narrow for even one: one a row, never dropped.
        assert_eq!(side_by_side(&blocks[..1], 1, 2), "ab\nc\n");
    }

    #[test]
    fn widths_ignore_escapes() {
        let board = en().parse("ab cd").unwrap();
        let colored = plot(&board, &[pos(0, 0), pos(0, 1)], true);
        let plain = plot(&board, &[pos(0, 0), pos(0, 1)], false);
        for (c, p) in colored.lines().zip(plain.lines()) {
            assert_eq!(visible_width(c), p.chars().count());
        }
    }
}
