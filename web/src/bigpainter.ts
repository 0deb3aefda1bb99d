// The painter of big boards (bigboard.ts): a worker that paints a board's
// tiles on the canvas the page hands it, so that the page's thread paints
// none of them.
import { drawTiles, type Painting } from "./bigtiles";

const scope = self as unknown as { onmessage: ((e: MessageEvent<Painting & { canvas: OffscreenCanvas }>) => void) | null };

scope.onmessage = (e) => {
  const g = e.data.canvas.getContext("2d");
  if (g) drawTiles(g, e.data);
};
