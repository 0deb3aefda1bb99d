// Tracing a word: press on a tile, drag through its neighbours (the path
// lights up as it grows; going back onto the tile before undoes the last
// one), release to submit. Pointer Events, so touch, mouse and pen alike.
import type { BoardView, Cell } from "./board";
import type { Verdict } from "./game";
import * as feel from "./feel";

export interface TraceOptions {
  /**
   * Whether a path may step from one cell to the next: the board's own
   * adjacency, as the library gives it (a round's neighbour table).
   */
  adjacent: (a: Cell, b: Cell) => boolean;
  /** The path so far, as it changes. */
  onChange: (path: Cell[]) => void;
  /** A finished path of two or more tiles. */
  onSubmit: (path: Cell[]) => void;
}

/** Whether `b` is next to `a` in a neighbour table the library gave (cell index to the cells next to it). */
export function inTable(table: number[][], cols: number, a: Cell, b: Cell): boolean {
  return table[a[0] * cols + a[1]]?.includes(b[0] * cols + b[1]) ?? false;
}

export function attachTracing(board: BoardView, options: TraceOptions): () => void {
  let path: Cell[] = [];
  let pointer: number | null = null;
  let box: DOMRect | undefined;
  const same = (a: Cell, b: Cell) => a[0] === b[0] && a[1] === b[1];

  const extend = (cell: Cell | null) => {
    if (!cell) return;
    const last = path[path.length - 1];
    if (last && same(last, cell)) return;
    if (path.length >= 2 && same(path[path.length - 2], cell)) {
      path = path.slice(0, -1); // back up one tile
    } else if (path.some((p) => same(p, cell))) {
      return;
    } else if (!last || options.adjacent(last, cell)) {
      path = [...path, cell];
    } else {
      return;
    }
    options.onChange(path);
  };

  const down = (e: PointerEvent) => {
    if (pointer !== null || e.button > 0) return;
    // The board's box, read once a trace: read at each step, after the
    // last step's marks, it would lay the page out again each time (the
    // finger's path is on the board, which does not scroll under it).
    box = board.box();
    // A generous first touch: anywhere on a tile starts there.
    const cell = board.cellAt(e.clientX, e.clientY, 0.75, box);
    if (!cell) return;
    e.preventDefault();
    pointer = e.pointerId;
    board.el.setPointerCapture(e.pointerId);
    path = [];
    extend(cell);
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== pointer) return;
    e.preventDefault();
    // Coalesced events: a fast swipe across a tile still passes through it.
    const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    for (const ev of events.length ? events : [e]) extend(board.cellAt(ev.clientX, ev.clientY, undefined, box));
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== pointer) return;
    pointer = null;
    const done = path;
    path = [];
    if (done.length >= 2) options.onSubmit(done);
    else options.onChange([]);
  };
  const cancel = (e: PointerEvent) => {
    if (e.pointerId !== pointer) return;
    pointer = null;
    path = [];
    options.onChange([]);
  };
  const el = board.el;
  el.addEventListener("pointerdown", down);
  el.addEventListener("pointermove", move);
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", cancel);
  return () => {
    el.removeEventListener("pointerdown", down);
    el.removeEventListener("pointermove", move);
    el.removeEventListener("pointerup", up);
    el.removeEventListener("pointercancel", cancel);
  };
}

/**
 * Shows what a traced path would come to (`peeked`; null: no path) on the
 * board (`data-spells`) and on the line above it: a word of the target, a
 * rare one, one found already, or nothing yet. A tick of vibration when it
 * becomes a new word.
 */
export function showSpelling(board: HTMLElement, current: HTMLElement, peeked: Verdict | null): void {
  if (!peeked) {
    current.textContent = "\u00a0";
    delete board.dataset.spells;
    delete current.dataset.spells;
    return;
  }
  const spells = peeked.kind === "new" ? (peeked.rare ? "rare" : "word") : peeked.kind === "again" ? "found" : "none";
  const was = board.dataset.spells;
  board.dataset.spells = spells;
  current.dataset.spells = spells;
  const tag = { word: "", rare: " · rare", found: " · found", none: "" }[spells];
  current.textContent = peeked.text.toUpperCase() + tag;
  if (spells === "word" && was !== "word") feel.tick();
}
