// A big board (past 16 rows or columns: the Solve screen's 30x30 or
// 50x50) painted on one canvas, by a worker of its own where the browser
// can (an OffscreenCanvas). As elements, its hundreds of tiles took the
// main thread 60-160 ms a frame at 4x CPU to style, lay out and paint;
// painted on the page's thread, a canvas's bitmap still cost 20-30 ms a
// frame to hand to the compositor without a GPU; painted by a worker, the
// page's thread lays out one element and paints nothing. A path on it is
// drawn by the board's route layer (board.ts), which lights its cells.
import { BIG_GAP, BIG_TILE, drawTiles, type Colours, type Painting } from "./bigtiles";

export { BIG_GAP, BIG_TILE } from "./bigtiles";

/** What a big board shows: its faces (null: blank), letter values and bonus cells. */
export interface BigBoard {
  rows: number;
  cols: number;
  labels: (string | null)[];
  values?: (number | null)[] | null;
  bonus?: (string | null)[] | null;
}

/** The painter, started with the first big board. */
let painter: Worker | null = null;

/**
 * The boards handed to the painter and not yet painted, by number: each is
 * marked `data-painted` (milliseconds from its board's showing) once it
 * is, which the checks wait for. (Of several that arrive together the
 * painter paints the last: those before it are forgotten with it.)
 */
const unpainted = new Map<number, { canvas: HTMLCanvasElement; since: number }>();
let handed = 0;

function painted(id: number): void {
  const p = unpainted.get(id);
  if (p) p.canvas.dataset.painted = String(Math.round(performance.now() - p.since));
  for (const k of unpainted.keys()) if (k <= id) unpainted.delete(k);
}

/** The big board painted last: painted again if the page's colours change (a dark theme). */
let last: { canvas: HTMLCanvasElement; painting: Omit<Painting, "canvas">; from: HTMLElement; byPainter: boolean } | null = null;

/**
 * Paints `board` on `canvas`, a new one (sized here, for the screen's
 * pixel ratio), once it is on screen: by the painter where the browser can
 * hand a canvas to a worker, else on this thread. The colours and font are
 * the page's, read from `from`. A board replaced before then is not painted.
 */
export function paintBig(canvas: HTMLCanvasElement, board: BigBoard, from: HTMLElement): void {
  const { rows, cols } = board;
  const width = cols * (BIG_TILE + BIG_GAP) - BIG_GAP;
  const height = rows * (BIG_TILE + BIG_GAP) - BIG_GAP;
  // A bitmap of at most 4096 pixels a side (a 50x50 board at 2x is 2596).
  const ratio = Math.min(window.devicePixelRatio || 1, 4096 / Math.max(width, height));
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  watchColours();
  const since = performance.now();
  // The page's colours once the frame that shows the canvas has been laid
  // out (read now, they would cost a style pass of their own).
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (canvas.isConnected) paint(canvas, { ...board, ratio, colours: colours(from) }, from, since);
    }, 0),
  );
}

/** The page's colours for a big board, from its CSS variables. */
function colours(from: HTMLElement): Colours {
  const style = getComputedStyle(from);
  const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    tile: colour("--tile", "#fbf6e9"),
    ink: colour("--tile-ink", "#1f2a27"),
    line: colour("--line", "#d9d3c4"),
    font: style.fontFamily || "sans-serif",
    bonus: { DL: colour("--bonus-dl", "#2b6cb0"), TL: colour("--bonus-tl", "#1a365d"), DW: colour("--bonus-dw", "#c05621"), TW: colour("--bonus-tw", "#9b2c2c") },
  };
}

function paint(canvas: HTMLCanvasElement, painting: Omit<Painting, "canvas">, from: HTMLElement, since: number): void {
  if ("transferControlToOffscreen" in canvas && typeof Worker === "function") {
    try {
      const offscreen = canvas.transferControlToOffscreen();
      if (!painter) {
        painter = new Worker(new URL("./bigpainter.ts", import.meta.url), { type: "module" });
        painter.onmessage = (e: MessageEvent<{ painted: number }>) => painted(e.data.painted);
      }
      const id = ++handed;
      unpainted.set(id, { canvas, since });
      painter.postMessage({ ...painting, canvas: offscreen, id }, [offscreen]);
      last = { canvas, painting, from, byPainter: true };
      return;
    } catch {
      // (No worker for it: painted here.)
    }
  }
  const g = canvas.getContext("2d");
  if (g) drawTiles(g, painting);
  canvas.dataset.painted = String(Math.round(performance.now() - since));
  last = { canvas, painting, from, byPainter: false };
}

let watching = false;

/** Paints the last big board again when the page's colours change (light and dark themes). */
function watchColours(): void {
  if (watching || typeof matchMedia !== "function") return;
  watching = true;
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    const l = last;
    if (!l?.canvas.isConnected) return;
    l.painting = { ...l.painting, colours: colours(l.from) };
    if (l.byPainter) painter?.postMessage({ colours: l.painting.colours });
    else {
      const g = l.canvas.getContext("2d");
      if (g) drawTiles(g, l.painting);
    }
  });
}
