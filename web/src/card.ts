// What stands before a round's clock starts: a challenge's card (who
// challenges, the result to beat) and the 3-2-1 count, both over the
// veiled board, with the round's controls put away until it starts.
import type { BoardView } from "./board";
import type { Challenge } from "./challenge";
import { clock, plural } from "./game";
import { $ } from "./site";

/** Veils the board and puts the round's controls away (or back). */
export function veil(board: BoardView, on: boolean): void {
  board.el.classList.toggle("veiled", on);
  if (on) board.el.setAttribute("aria-hidden", "true");
  else board.el.removeAttribute("aria-hidden");
  $("round-actions").hidden = on;
  $("type-form").hidden = on;
  if (on) document.body.dataset.waiting = "1";
  else delete document.body.dataset.waiting;
}

/** What a challenge's card says: who challenges, and the result to beat. */
export function challengeTitle(c: Challenge): string {
  const v = c.versus!;
  const who = c.from ?? "A friend";
  const beat = `${plural(v.score, "point", "points")} and ${plural(v.words, "word", "words")}`;
  return c.re ? `${who} answers your ${plural(c.re.score, "point", "points")} with ${beat}.` : `${who} challenges you: beat ${beat}.`;
}

/** A challenge's card over the veiled board: the clock starts when the player says they are ready. */
export function showCard(board: BoardView, title: string, what: string, seconds: number): void {
  $("challenge-title").textContent = title;
  $("challenge-detail").textContent = `${what}, ${clock(seconds * 1000)} on the clock. The board shows when you are ready.`;
  $("challenge-card").hidden = false;
  veil(board, true);
  $("clock").textContent = clock(seconds * 1000);
  $("challenge-start").focus({ preventScroll: true });
}

/**
 * 3, 2, 1 over the veiled board, the clock full. Whether it ran to the
 * end: it stops when `still` says the round is no longer the one asked for.
 */
export async function countdown(board: BoardView, seconds: number, still: () => boolean): Promise<boolean> {
  veil(board, true);
  $("clock").textContent = clock(seconds * 1000);
  $("timebar-fill").style.transform = "scaleX(1)";
  // On a phone a setting changed below the board: back up to it.
  const top = board.el.getBoundingClientRect();
  if (top.top < $("hud").getBoundingClientRect().bottom || top.bottom > window.innerHeight) window.scrollTo({ top: 0 });
  const shown = $("countdown");
  shown.hidden = false;
  for (const n of ["3", "2", "1"]) {
    shown.textContent = n;
    await new Promise((r) => window.setTimeout(r, 600));
    if (!still()) return false;
  }
  shown.hidden = true;
  veil(board, false);
  return true;
}
