// The games a round can be: board size, dice, scoring, time and, for the
// phone games, bonus cells or special tiles. The dice named here are
// English sets; another language rolls its pack's own dice (or dice made
// from its letter frequencies), as `boggle roll` does. Scoring, minimum
// length and the special tiles' rules are the library's (solve::Scoring).

export interface Preset {
  id: string;
  name: string;
  size: string;
  /** The dice for an English pack (other packs: their own). */
  englishDice?: string;
  scoring: string;
  seconds: number;
  /** Ruzzle's bonus cells: 2 double letters, a triple letter, a double and a triple word. */
  bonus?: boolean;
  /** Wordament's special tiles: one a board (English). */
  special?: boolean;
  /**
   * The fewest common words a board rolled for this game may have: a board
   * with fewer is rolled again. About the 5th percentile of English boards
   * (`scripts/common-words`; docs/web-app.md has the figures).
   */
  minCommon: number;
}

export const PRESETS: Preset[] = [
  { id: "boggle", name: "Boggle (4×4, 3 min)", size: "4x4", englishDice: "1987", scoring: "boggle", seconds: 180, minCommon: 25 },
  { id: "big", name: "Big Boggle (5×5, 3 min, 4+ letters)", size: "5x5", englishDice: "big", scoring: "big-boggle", seconds: 180, minCommon: 40 },
  { id: "super", name: "Super Big Boggle (6×6, 4 min, 4+ letters)", size: "6x6", englishDice: "super-big", scoring: "super-big-boggle", seconds: 240, minCommon: 60 },
  { id: "hunt", name: "Word Hunt (4×4, 80 s)", size: "4x4", englishDice: "1987", scoring: "word-hunt", seconds: 80, minCommon: 25 },
  { id: "ruzzle", name: "Ruzzle (4×4, 2 min, bonus cells)", size: "4x4", scoring: "ruzzle", seconds: 120, bonus: true, minCommon: 25 },
  { id: "wordament", name: "Wordament (4×4, 2 min, special tiles)", size: "4x4", scoring: "wordament", seconds: 120, special: true, minCommon: 25 },
  { id: "quick", name: "Quick (4×4, 1 min)", size: "4x4", englishDice: "1987", scoring: "boggle", seconds: 60, minCommon: 25 },
  { id: "custom", name: "Custom (choose below)", size: "4x4", scoring: "boggle", seconds: 180, minCommon: 25 },
];

/** The fewest common words for a custom board of `size`: 4×4's 25, by area. */
export function minCommonFor(size: string): number {
  const [rows, cols] = size.split("x").map(Number);
  return Math.round((25 * rows * cols) / 16);
}

/** How many boards a round rolls at most to find one with enough common words. */
export const MAX_ROLLS = 40;

export function preset(id: string | null | undefined): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** A small seeded generator (mulberry32), so a seed gives the same cells. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Distinct cells of a `cells`-cell board, in a seeded order. */
function pick(cells: number, count: number, seed: number): number[] {
  const next = random(seed);
  const order = [...Array(cells).keys()];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, count);
}

/** A Ruzzle-style bonus grid (the rules' syntax: `d..T/....`) for a board. */
export function bonusGrid(rows: number, cols: number, seed: number): string {
  const marks = ["d", "d", "t", "D", "T"];
  const cells = Array<string>(rows * cols).fill(".");
  pick(rows * cols, marks.length, seed).forEach((cell, i) => (cells[cell] = marks[i]));
  const out: string[] = [];
  for (let r = 0; r < rows; r++) out.push(cells.slice(r * cols, (r + 1) * cols).join(""));
  return out.join("/");
}

/** Wordament's special tiles, as the board syntax writes them. */
const SPECIAL = ["th", "er", "in", "qu", "re-", "un-", "-ing", "-ed", "-er", "a/e", "o/u"];

/** A rolled board (rows by `/`) with one cell a Wordament special tile. */
export function withSpecialTile(board: string, seed: number): string {
  const rows = board.split("/").map((row) => row.match(/\[[^\]]*\]|./gu) ?? []);
  const cols = rows[0]?.length ?? 0;
  const [cell] = pick(rows.length * cols, 1, seed);
  const tile = SPECIAL[Math.floor(random(seed ^ 0x5bd1e995)() * SPECIAL.length)];
  rows[Math.floor(cell / cols)][cell % cols] = `[${tile}]`;
  return rows.map((r) => r.join("")).join("/");
}
