// The painter of big boards (bigboard.ts): a worker that paints a board's
// tiles on the canvas the page hands it, so that the page's thread paints
// none of them. Boards that arrive together (rolled one after another) are
// painted last first and the rest dropped: the page shows only the last.
// The page's colours may change (a dark theme): the last board is painted
// again in them.
import { drawTiles, type Colours, type Painting } from "./bigtiles";

type Message = (Painting & { canvas: OffscreenCanvas }) | { colours: Colours };

const scope = self as unknown as { onmessage: ((e: MessageEvent<Message>) => void) | null };

/** The last board handed over, and whether its painting is still to come. */
let last: (Painting & { canvas: OffscreenCanvas }) | null = null;
let due = false;

function paint(): void {
  due = false;
  const g = last?.canvas.getContext("2d");
  if (last && g) drawTiles(g, last);
}

scope.onmessage = (e) => {
  if ("canvas" in e.data) last = e.data;
  else if (last) last = { ...last, colours: e.data.colours };
  if (!due) {
    due = true;
    setTimeout(paint, 0);
  }
};
