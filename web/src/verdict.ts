// How a verdict reads, on the solo page and in the rooms alike: the library
// judges each try and says why one did not count (solve::game::Verdict);
// this only turns its answer into the line a player sees, and its tone.
import type { VerdictKind } from "wordgrid";

/** What the line needs of a verdict: the engine's and the room's carry it. */
export interface VerdictShown {
  kind: VerdictKind;
  /** The word as judged. */
  word: string;
  points: number;
  rare: boolean;
  /** Why it did not count, in the library's words. */
  why: string | null;
}

/** The line shown after a try, and its tone (good, again or bad). */
export function verdictLine(v: VerdictShown): { text: string; tone: "good" | "again" | "bad" } {
  const shown = v.word.toUpperCase();
  if (v.kind === "new") return { text: v.rare ? `${shown} +${v.points}, a rare find` : `${shown} +${v.points}`, tone: "good" };
  return { text: `${shown}: ${v.why ?? "does not count"}`, tone: v.kind === "again" ? "again" : "bad" };
}
