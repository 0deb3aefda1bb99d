// How a big board's tiles are painted (bigboard.ts): on the page's thread
// or by its painter (bigpainter.ts), the same way.

/** A big board to paint: its faces as shown (null: blank), values and bonus cells, and the page's colours and font. */
export interface Painting {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  rows: number;
  cols: number;
  labels: (string | null)[];
  values?: (number | null)[] | null;
  bonus?: (string | null)[] | null;
  /** Bitmap pixels to a CSS pixel. */
  ratio: number;
  colours: Colours;
}

/** The page's colours and font a big board is painted with (its CSS variables). */
export interface Colours {
  tile: string;
  ink: string;
  line: string;
  font: string;
  /** A bonus cell's ring, by bonus (DL, TL, DW, TW). */
  bonus: Record<string, string>;
}

/** A tile's side and the gap between two, in CSS pixels. */
export const BIG_TILE = 24;
export const BIG_GAP = 2;

/** Paints every tile of `p` on `g`, a context of a bitmap sized for it. */
export function drawTiles(g: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, p: Omit<Painting, "canvas">): void {
  const pitch = BIG_TILE + BIG_GAP;
  const c = p.colours;
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, g.canvas.width, g.canvas.height);
  g.setTransform(p.ratio, 0, 0, p.ratio, 0, 0);
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (let i = 0; i < p.rows * p.cols; i++) {
    const x = (i % p.cols) * pitch;
    const y = Math.floor(i / p.cols) * pitch;
    const label = p.labels[i];
    g.beginPath();
    g.roundRect(x, y, BIG_TILE, BIG_TILE, 3);
    if (label == null) {
      g.strokeStyle = c.line;
      g.lineWidth = 2;
      g.stroke();
      continue;
    }
    g.fillStyle = c.tile;
    g.fill();
    const bonus = p.bonus?.[i];
    if (bonus) {
      g.strokeStyle = c.bonus[bonus] ?? c.ink;
      g.lineWidth = 2;
      g.stroke();
    }
    g.fillStyle = c.ink;
    const value = p.values?.[i];
    // One letter at 13 px; a longer face (Qu, -ing) smaller, to fit.
    const size = label.length <= 1 ? 13 : label.length === 2 ? 11 : 8;
    g.font = `800 ${size}px ${c.font}`;
    g.fillText(label, x + BIG_TILE / 2, y + BIG_TILE / 2 + (value != null ? -2 : 1), BIG_TILE - 2);
    if (value != null) {
      g.font = `700 7px ${c.font}`;
      g.fillText(String(value), x + BIG_TILE - 5, y + BIG_TILE - 4);
    }
  }
}
