//! SVG pictures of a word's path: the board as dice in a tray, the path as
//! arrows from die to die, each step numbered, the start die in green.
//!
//! The picture is plain SVG 1.1 text with no scripts, external fonts or
//! images, so a browser, an image viewer or a document shows it as it is.
//! Every arrow is one element of class `arrow` (`arrow wrap` for a step
//! around the edge of a wrapping board: a dashed stub out of one edge and
//! an arrow in at the opposite one), so a path of N cells has N-1 of them;
//! every step badge is a `circle` of class `step`; every die a `rect` of
//! class `die` (`blank` for a blank cell) with `data-cell="ROW,COL"` (from
//! 0), so tests and scripts can read the picture back.
//!
//! ```
//! use render::svg;
//! use solve::board::Pos;
//! use solve::{packs, FaceRules};
//!
//! let pack = packs::builtin("en").unwrap();
//! let board = FaceRules::from_pack(&pack).unwrap().parse("qa bc").unwrap();
//! let path = [Pos { row: 0, col: 0 }, Pos { row: 1, col: 1 }];
//! let picture = svg::render(&board, &path, Some("quc"));
//! assert!(picture.starts_with("<?xml") && picture.contains(">Qu</text>"));
//! assert_eq!(picture.matches("class=\"arrow\"").count(), 1);
//! ```

use std::fmt::Write;

use super::path::{number_steps, step, Step};
use solve::board::{capitalize, Board, Pos};

/// Side of one cell, in SVG units (pixels at 100%).
const CELL: f64 = 100.0;
/// White space around the tray.
const MARGIN: f64 = 16.0;
/// Tray border around the dice.
const TRAY: f64 = 10.0;
/// Room for the title above the tray.
const HEADER: f64 = 48.0;
/// Gap between a die and its cell's edge.
const INSET: f64 = 6.0;
/// Where an arrow starts, from the center of its cell.
const ARROW_FROM: f64 = 32.0;
/// Where an arrow's tip stops short of the next cell's center.
const ARROW_TO: f64 = 30.0;
/// Offset of a step badge from the cell center, in x and in y.
const BADGE: f64 = 29.0;

const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
const TRAY_FILL: &str = "#2b4c7e";
const DIE_FILL: &str = "#fbf7ee";
const DIE_STROKE: &str = "#c8bfa8";
const PATH_FILL: &str = "#ffe7a0";
const PATH_STROKE: &str = "#d9a400";
const START_FILL: &str = "#a6e8a6";
const START_STROKE: &str = "#1e7b34";
const ARROW: &str = "#d7263d";

/// The picture: `board` with `path` drawn on it, and `title` (if any)
/// above. Positions off the board are ignored.
pub fn render(board: &Board, path: &[Pos], title: Option<&str>) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let (path, order) = number_steps(board, path);
    let header = if title.is_some() { HEADER } else { 0.0 };
    let at = Layout {
        width: 2.0 * (MARGIN + TRAY) + cols as f64 * CELL,
        height: 2.0 * (MARGIN + TRAY) + rows as f64 * CELL + header,
        header,
    };
    let mut s = String::new();
    write_frame(&mut s, &at, title);
    // The dice, then the arrows over them, then the step badges.
    write_dice(&mut s, &at, board, &order);
    write_arrows(&mut s, &at, rows, cols, &path);
    write_badges(&mut s, &at, rows, cols, &path);
    s.push_str("</svg>\n");
    s
}

/// Where things go on the drawing.
struct Layout {
    width: f64,
    height: f64,
    /// The title's band (0 without a title).
    header: f64,
}

impl Layout {
    /// The centre of cell `p`.
    fn center(&self, p: Pos) -> (f64, f64) {
        let (x0, y0) = (MARGIN + TRAY, MARGIN + TRAY + self.header);
        (
            x0 + (f64::from(p.col) + 0.5) * CELL,
            y0 + (f64::from(p.row) + 0.5) * CELL,
        )
    }
}

/// The document's head, its title and the tray.
fn write_frame(s: &mut String, at: &Layout, title: Option<&str>) {
    let (width, height, header) = (at.width, at.height, at.header);
    let label = title.map_or_else(|| "Boggle board".to_string(), escape);
    let _ = write!(
        s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{label}\">\n\
         <title>{label}</title>\n\
         <defs>\n\
         <marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"20\" \
         markerHeight=\"20\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">\
         <path d=\"M0,0 L10,5 L0,10 z\" fill=\"{ARROW}\"/></marker>\n\
         </defs>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n"
    );
    if let Some(title) = title {
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"24\" \
             font-weight=\"bold\" fill=\"#222222\">{t}</text>",
            x = MARGIN + 4.0,
            y = MARGIN + 24.0,
            t = escape(title)
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"14\" fill=\"{TRAY_FILL}\"/>",
        x = MARGIN,
        y = MARGIN + header,
        w = width - 2.0 * MARGIN,
        h = height - 2.0 * MARGIN - header
    );
}

/// The dice, each marked by its step in the path (0: not on it).
fn write_dice(s: &mut String, at: &Layout, board: &Board, order: &[usize]) {
    for (i, &step_no) in order.iter().enumerate() {
        let p = board.pos(i);
        let (cx, cy) = at.center(p);
        let (x, y) = (cx - CELL / 2.0 + INSET, cy - CELL / 2.0 + INSET);
        let side = CELL - 2.0 * INSET;
        let Some(face) = board.face(i) else {
            let _ = writeln!(
                s,
                "<rect class=\"blank\" data-cell=\"{r},{c}\" x=\"{x}\" y=\"{y}\" width=\"{side}\" \
                 height=\"{side}\" rx=\"12\" fill=\"#1d3559\"/>",
                r = p.row,
                c = p.col
            );
            continue;
        };
        let (fill, stroke, stroke_width, ink) = match step_no {
            0 => (DIE_FILL, DIE_STROKE, 2, "#6b6b6b"),
            1 => (START_FILL, START_STROKE, 5, "#111111"),
            _ => (PATH_FILL, PATH_STROKE, 3, "#111111"),
        };
        let text = capitalize(face);
        let size = match text.chars().count() {
            1 => 52,
            2 => 42,
            3 => 32,
            _ => 24,
        };
        let _ = writeln!(
            s,
            "<rect class=\"die\" data-cell=\"{r},{c}\" x=\"{x}\" y=\"{y}\" width=\"{side}\" \
             height=\"{side}\" rx=\"12\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"{stroke_width}\"/>\n\
             <text x=\"{cx}\" y=\"{ty}\" text-anchor=\"middle\" font-family=\"{FONT}\" \
             font-size=\"{size}\" font-weight=\"bold\" fill=\"{ink}\">{t}</text>",
            ty = cy + f64::from(size) * 0.36,
            t = escape(&text),
            r = p.row,
            c = p.col
        );
    }
}

/// An arrow from each cell of the path to the next (dashed across a wrapped
/// edge).
fn write_arrows(s: &mut String, at: &Layout, rows: usize, cols: usize, path: &[Pos]) {
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let ((ax, ay), (bx, by)) = (at.center(a), at.center(b));
        match step(rows, cols, a, b) {
            Step::Adjacent(..) => {
                let (dx, dy) = unit(bx - ax, by - ay);
                let dist = (bx - ax).hypot(by - ay);
                let _ = writeln!(
                    s,
                    "<line class=\"arrow\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                     stroke=\"{ARROW}\" stroke-width=\"7\" stroke-linecap=\"round\" \
                     marker-end=\"url(#head)\"/>",
                    ax + dx * ARROW_FROM,
                    ay + dy * ARROW_FROM,
                    ax + dx * (dist - ARROW_TO),
                    ay + dy * (dist - ARROW_TO),
                );
            }
            Step::Wrapped(dr, dc) => {
                let (dx, dy) = unit(f64::from(dc), f64::from(dr));
                let reach = CELL / 2.0 + TRAY;
                let _ = writeln!(
                    s,
                    "<g class=\"arrow wrap\" stroke=\"{ARROW}\" stroke-width=\"7\" \
                     stroke-linecap=\"round\">\
                     <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                     stroke-dasharray=\"2 12\"/>\
                     <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                     marker-end=\"url(#head)\"/></g>",
                    ax + dx * ARROW_FROM,
                    ay + dy * ARROW_FROM,
                    ax + dx * reach,
                    ay + dy * reach,
                    bx - dx * reach,
                    by - dy * reach,
                    bx - dx * ARROW_TO,
                    by - dy * ARROW_TO,
                );
            }
        }
    }
}

/// The step badges, in a corner of each die that no arrow crosses.
fn write_badges(s: &mut String, at: &Layout, rows: usize, cols: usize, path: &[Pos]) {
    for (k, &p) in path.iter().enumerate() {
        let (cx, cy) = at.center(p);
        let mut busy: Vec<(i8, i8)> = Vec::new();
        if k > 0 {
            busy.push(direction(rows, cols, p, path[k - 1]));
        }
        if k + 1 < path.len() {
            busy.push(direction(rows, cols, p, path[k + 1]));
        }
        let (sx, sy) = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
            .into_iter()
            .find(|&(x, y)| !busy.contains(&(y, x)))
            .unwrap_or((-1, -1));
        let (bx, by) = (cx + f64::from(sx) * BADGE, cy + f64::from(sy) * BADGE);
        let fill = if k == 0 { START_STROKE } else { ARROW };
        let _ = writeln!(
            s,
            "<circle class=\"step\" cx=\"{bx}\" cy=\"{by}\" r=\"13\" fill=\"{fill}\"/>\
             <text x=\"{bx}\" y=\"{ty}\" text-anchor=\"middle\" font-family=\"{FONT}\" \
             font-size=\"{size}\" font-weight=\"bold\" fill=\"#ffffff\">{n}</text>",
            ty = by + 5.5,
            size = if k + 1 < 10 { 16 } else { 13 },
            n = k + 1
        );
    }
}

/// The direction (rows, columns) from `a` to the next or previous cell `b`.
fn direction(rows: usize, cols: usize, a: Pos, b: Pos) -> (i8, i8) {
    match step(rows, cols, a, b) {
        Step::Adjacent(dr, dc) | Step::Wrapped(dr, dc) => (dr, dc),
    }
}

fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let len = dx.hypot(dy);
    if len == 0.0 {
        (0.0, 0.0)
    } else {
        (dx / len, dy / len)
    }
}

/// Text made safe for SVG content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terminal::tests::{en, pos};

    #[test]
    fn one_arrow_a_step_and_a_badge_a_cell() {
        let board = en().parse("abc def ghi").unwrap();
        let path = [pos(0, 0), pos(1, 1), pos(2, 2), pos(2, 1)];
        let svg = render(&board, &path, Some("a <b> & \"c\""));
        assert_eq!(svg.matches("class=\"arrow\"").count(), 3);
        assert_eq!(svg.matches("class=\"step\"").count(), 4);
        assert!(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"));
        for letter in ["A", "B", "C", "D", "E", "F", "G", "H", "I"] {
            assert!(svg.contains(&format!(">{letter}</text>")), "{letter}");
        }
        assert!(svg.contains(START_FILL));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn wrapped_steps_and_blanks() {
        let board = en().parse("ab. def").unwrap();
        let path = [pos(0, 0), pos(1, 2)];
        let svg = render(&board, &path, None);
        assert_eq!(svg.matches("class=\"arrow wrap\"").count(), 1);
        assert_eq!(svg.matches("class=\"blank\"").count(), 1);
        assert!(!svg.contains("<text x=\"42\""), "no title");
    }

    #[test]
    fn badges_avoid_the_arrows() {
        // Up-left out of the start, down-right into the next: the start's
        // badge must not sit top-left.
        let board = en().parse("ab cd").unwrap();
        let path = [pos(1, 1), pos(0, 0)];
        let svg = render(&board, &path, None);
        let (cx, cy) = (MARGIN + TRAY + 1.5 * CELL, MARGIN + TRAY + 1.5 * CELL);
        assert!(!svg.contains(&format!("cx=\"{}\" cy=\"{}\"", cx - BADGE, cy - BADGE)));
        assert!(svg.contains(&format!("cx=\"{}\" cy=\"{}\"", cx + BADGE, cy - BADGE)));
    }
}
