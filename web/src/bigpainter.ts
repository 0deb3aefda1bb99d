// The painter of big boards (bigboard.ts): a worker that paints a board's
// tiles on the canvas the page hands it, so that the page's thread paints
// none of them. Boards that arrive together (rolled one after another) are
// painted last first and the rest dropped: the page shows only the last.
// The page's colours may change (a dark theme): the last board is painted
// again in them.
import { drawTiles, type Colours, type Painting } from "./bigtiles";

/** A board to paint (numbered by the page, which hears when it is painted), or new colours for the last. */
type Message = (Painting & { canvas: OffscreenCanvas; id: number }) | { colours: Colours };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Message>) => void) | null;
  postMessage: (message: { painted: number }) => void;
};

/** The last board handed over, and whether its painting is still to come. */
let last: (Painting & { canvas: OffscreenCanvas; id: number }) | null = null;
let due = false;

function paint(): void {
  due = false;
  const g = last?.canvas.getContext("2d");
  if (!last || !g) return;
  drawTiles(g, last);
  scope.postMessage({ painted: last.id });
}

scope.onmessage = (e) => {
  if ("canvas" in e.data) last = e.data;
  else if (last) last = { ...last, colours: e.data.colours };
  if (!due) {
    due = true;
    setTimeout(paint, 0);
  }
};
