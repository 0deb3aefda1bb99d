// A board on the page: a grid of tiles (role="grid", each cell named by its
// face), and a path drawn *under* the letters, so a word's route never
// hides what it spells. Both screens use it; play adds tracing (trace.ts).
// A big board (past 16 rows or columns) is painted on a canvas instead
// (bigboard.ts), its path drawn over it.
import { BIG_GAP, BIG_TILE, paintBig } from "./bigboard";

export type Cell = [number, number];

/**
 * A word as a list item with a button (`.word`, 44 px high) whose press
 * calls `choose`, and whose hover calls `preview` with `true` and then
 * `false`: both screens list words so.
 */
export function wordItem(
  w: { word: string; score: number },
  choose: () => void,
  preview?: (on: boolean) => void,
): HTMLLIElement {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.className = "word";
  b.dataset.word = w.word;
  b.textContent = `${w.word} ${w.score}`;
  b.setAttribute("aria-label", `${w.word}, ${w.score} ${w.score === 1 ? "point" : "points"}: show its path`);
  b.addEventListener("click", choose);
  if (preview) {
    b.addEventListener("focus", choose);
    b.addEventListener("mouseenter", () => preview(true));
    b.addEventListener("mouseleave", () => preview(false));
  }
  li.appendChild(b);
  return li;
}

/**
 * Tags a word item (`word score`): a class for the style and a visible tag
 * after the word (`word tag score`), which its accessible name says in the
 * same order.
 */
function tagWord(el: HTMLElement, tag: string, extra = ""): void {
  el.classList.add(tag);
  const [word, ...rest] = (el.textContent ?? "").split(" ");
  const span = document.createElement("span");
  span.className = `rare-tag ${extra}`.trim();
  span.textContent = tag;
  el.replaceChildren(`${word} `, span, rest.length ? ` ${rest.join(" ")}` : "");
  const label = el.getAttribute("aria-label");
  if (label) el.setAttribute("aria-label", label.replace(/,/, `, ${tag},`));
}

/** Marks a word item as rare (`word rare score`). */
export function markRare(el: HTMLElement): void {
  tagWord(el, "rare");
}

/** Marks a word item as found by more than one player (`word both score`). */
export function markBoth(el: HTMLElement): void {
  tagWord(el, "both", "both-tag");
}

/** Marks a word item as shared in a room (`word shared score`). */
export function markShared(el: HTMLElement): void {
  tagWord(el, "shared", "shared-tag");
}

/** A face as players write it: `Qu`, `IJ` (the Dutch digraph), `A`. */
export function faceLabel(face: string): string {
  if (face === "ij") return "IJ";
  if (/^[-\/]|[-\/]$|\//.test(face)) return face.toUpperCase(); // Wordament's re-, -ing, a/e
  return face.charAt(0).toUpperCase() + face.slice(1);
}

const SVG = "http://www.w3.org/2000/svg";

/** About how many tiles a frame puts on screen (whole rows, at least one). */
const ROWS_OF_TILES = 200;

/** Past this many rows or columns a board is big: a canvas, its tiles 24 px, in a box that scrolls. */
const BIG = 16;

export class BoardView {
  readonly el: HTMLElement;
  rows = 0;
  cols = 0;
  private cells: (string | null)[] = [];
  private tiles: HTMLElement[] = [];
  private svg: SVGSVGElement;
  private grid: HTMLElement;
  /** A big board's canvas (bigboard.ts): a new one for each, since a painter may own the last. */
  private canvas: HTMLCanvasElement | null = null;
  /** What a point is found on: the grid, or a big board's canvas. */
  private surface: HTMLElement;
  /** Counts boards shown: a big board still going on screen stops when the next is shown. */
  private shown = 0;
  /** The path marked last, and how. */
  private marked: { path: Cell[]; kind: string } = { path: [], kind: "shown" };

  constructor(el: HTMLElement, label: string) {
    this.el = el;
    el.classList.add("board");
    this.grid = document.createElement("div");
    this.grid.className = "tiles";
    this.grid.setAttribute("role", "grid");
    this.grid.setAttribute("aria-label", label);
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.classList.add("route");
    this.svg.setAttribute("aria-hidden", "true");
    el.replaceChildren(this.grid, this.svg);
    this.surface = this.grid;
  }

  /**
   * Lays out a board of `rows` x `cols` faces (null: a blank cell), with
   * each tile's letter value and bonus where the rules have them.
   */
  show(
    rows: number,
    cols: number,
    cells: (string | null)[],
    marks: { values?: (number | null)[] | null; bonus?: (string | null)[] | null } = {},
  ): void {
    this.rows = rows;
    this.cols = cols;
    this.cells = cells;
    this.el.style.setProperty("--cols", String(cols));
    this.el.style.setProperty("--rows", String(rows));
    this.el.classList.toggle("small", cols > 6);
    // Past 16 columns tiles would be too small to read: the board keeps
    // 24 px tiles and scrolls inside its box.
    const large = cols > BIG || rows > BIG;
    this.el.classList.toggle("large", large);
    this.marked = { path: [], kind: "shown" };
    const shown = ++this.shown;
    this.svg.setAttribute("viewBox", `0 0 ${cols * 100} ${rows * 100}`);
    this.svg.replaceChildren();
    if (large) {
      this.showBig(rows, cols, cells, marks);
      return;
    }
    if (this.surface !== this.grid) {
      this.el.replaceChildren(this.grid, this.svg);
      this.surface = this.grid;
    }
    this.tiles = new Array<HTMLElement>(rows * cols);
    const rowsFrom = (from: number, to: number): HTMLElement[] => {
      const made: HTMLElement[] = [];
      for (let r = from; r < Math.min(to, rows); r++) {
        const row = document.createElement("div");
        row.setAttribute("role", "row");
        row.className = "tile-row";
        for (let c = 0; c < cols; c++) {
          const tile = this.newTile(cells[r * cols + c], marks.values?.[r * cols + c], marks.bonus?.[r * cols + c]);
          tile.dataset.cell = `${r},${c}`;
          row.appendChild(tile);
          this.tiles[r * cols + c] = tile;
        }
        made.push(row);
      }
      return made;
    };
    // A board of more tiles than a frame makes is put on screen a few rows
    // a frame; a path marked meanwhile is marked on each new row too.
    const perFrame = Math.max(1, Math.floor(ROWS_OF_TILES / cols));
    this.grid.replaceChildren(...rowsFrom(0, perFrame));
    const more = (from: number) => {
      if (shown !== this.shown || from >= rows) return;
      this.grid.append(...rowsFrom(from, from + perFrame));
      if (this.marked.path.length) this.mark(this.marked.path, this.marked.kind);
      requestAnimationFrame(() => more(from + perFrame));
    };
    requestAnimationFrame(() => more(perFrame));
  }

  /**
   * A big board: one canvas (bigboard.ts), named for assistive technology
   * as a whole (its letters are in the Board field).
   */
  private showBig(rows: number, cols: number, cells: (string | null)[], marks: { values?: (number | null)[] | null; bonus?: (string | null)[] | null }): void {
    this.tiles = [];
    this.grid.replaceChildren();
    const canvas = document.createElement("canvas");
    canvas.className = "big-tiles";
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `${this.grid.getAttribute("aria-label") ?? "Board"}, ${rows} by ${cols} tiles`);
    this.el.replaceChildren(canvas, this.svg);
    this.canvas = canvas;
    this.surface = canvas;
    const labels = cells.map((f) => (f == null ? null : faceLabel(f)));
    paintBig(canvas, { rows, cols, labels, values: marks.values, bonus: marks.bonus }, this.el);
  }

  /** A tile: its face (null for a blank), letter value and bonus. */
  private newTile(face: string | null, value?: number | null, bonus?: string | null): HTMLElement {
    const tile = document.createElement("div");
    tile.setAttribute("role", "gridcell");
    tile.className = face == null ? "tile blank" : "tile";
    const label = face == null ? "" : faceLabel(face);
    const letter = document.createElement("span");
    letter.className = "face";
    letter.textContent = label;
    if (face != null && face.length > 1) letter.classList.add("multi");
    tile.append(letter);
    if (value != null) {
      const v = document.createElement("span");
      v.className = "value";
      v.textContent = String(value);
      // A space between the letter and its value (a grid lays out no
      // space), so the tile's text reads "T 2" as its name "T, 2 points" does.
      tile.append(" ", v);
    }
    if (bonus) {
      tile.classList.add(`bonus-${bonus}`);
      const b = document.createElement("span");
      b.className = "bonus";
      b.textContent = bonus;
      tile.appendChild(b);
    }
    const described = [face == null ? "blank" : faceLabel(face), value != null ? `${value} points` : "", bonus ? { DL: "double letter", TL: "triple letter", DW: "double word", TW: "triple word" }[bonus] ?? bonus : ""];
    tile.setAttribute("aria-label", described.filter(Boolean).join(", "));
    return tile;
  }

  face(cell: Cell): string | null {
    return this.cells[cell[0] * this.cols + cell[1]] ?? null;
  }

  tile(cell: Cell): HTMLElement | undefined {
    return this.tiles[cell[0] * this.cols + cell[1]];
  }

  /**
   * Marks `path` (numbered steps, the start ringed) and draws its route
   * under the letters; `kind` colours it (`trace` while tracing, `good`,
   * `bad`, `shown`). A step around the edge of a wrapping board leaves at
   * one edge and comes back at the other. An empty path clears it.
   */
  mark(path: Cell[], kind = "shown"): void {
    this.marked = { path, kind };
    // (forEach: a big board's rows not made yet are holes.)
    this.tiles.forEach((t) => {
      t.classList.remove("on", "start");
      t.removeAttribute("data-step");
    });
    this.svg.replaceChildren();
    this.el.dataset.kind = kind;
    if (!path.length) return;
    path.forEach((cell, i) => {
      const t = this.tile(cell);
      if (!t) return;
      t.classList.add("on");
      if (i === 0) t.classList.add("start");
      // Shown by the style sheet (`.tile[data-step]::before`).
      t.dataset.step = String(i + 1);
    });
    const centre = ([r, c]: Cell) => [c * 100 + 50, r * 100 + 50];
    // A big board's cells are lit over its canvas, the start ringed.
    const lit: SVGElement[] = [];
    if (this.surface === this.canvas) {
      const side = (BIG_TILE / (BIG_TILE + BIG_GAP)) * 100;
      path.forEach(([r, c], i) => {
        const cell = document.createElementNS(SVG, "rect");
        cell.setAttribute("class", i === 0 ? "on start" : "on");
        cell.setAttribute("x", String(c * 100));
        cell.setAttribute("y", String(r * 100));
        cell.setAttribute("width", String(side));
        cell.setAttribute("height", String(side));
        lit.push(cell);
      });
    }
    let d = "";
    path.forEach((cell, i) => {
      const [x, y] = centre(cell);
      if (i === 0) {
        d += `M${x},${y}`;
        return;
      }
      const [pr, pc] = path[i - 1];
      const [r, c] = cell;
      const dr = r - pr;
      const dc = c - pc;
      if (Math.abs(dr) <= 1 && Math.abs(dc) <= 1) {
        d += ` L${x},${y}`;
        return;
      }
      // Around the edge: on to where the tiled neighbour would be, then in
      // from the opposite side.
      const sr = Math.abs(dr) > 1 ? -Math.sign(dr) : dr;
      const sc = Math.abs(dc) > 1 ? -Math.sign(dc) : dc;
      const [px, py] = centre([pr, pc]);
      d += ` L${px + sc * 60},${py + sr * 60} M${x - sc * 60},${y - sr * 60} L${x},${y}`;
    });
    const route = document.createElementNS(SVG, "path");
    route.setAttribute("d", d);
    const [sx, sy] = centre(path[0]);
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", String(sx));
    dot.setAttribute("cy", String(sy));
    dot.setAttribute("r", "14");
    this.svg.replaceChildren(...lit, route, dot);
  }

  /** The board's box on screen, in client coordinates (reading it lays the page out, if it has changed). */
  box(): DOMRect {
    return this.surface.getBoundingClientRect();
  }

  /**
   * The cell under a point (client coordinates), or null. Only the inner
   * part of a tile counts, so a finger crossing a corner on its way along a
   * diagonal does not pick up the tiles beside it. `box` is the board's
   * box on screen (`box()`), where the caller has it already.
   */
  cellAt(x: number, y: number, inner = 0.42, box: DOMRect = this.box()): Cell | null {
    if (!this.cols || !this.rows) return null;
    const w = box.width / this.cols;
    const h = box.height / this.rows;
    const c = Math.floor((x - box.left) / w);
    const r = Math.floor((y - box.top) / h);
    if (r < 0 || c < 0 || r >= this.rows || c >= this.cols) return null;
    const dx = (x - box.left - (c + 0.5) * w) / w;
    const dy = (y - box.top - (r + 0.5) * h) / h;
    if (Math.hypot(dx, dy) > inner) return null;
    if (this.cells[r * this.cols + c] == null) return null;
    return [r, c];
  }
}
