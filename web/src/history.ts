// Rounds played, kept on this device (localStorage): best scores and a few
// numbers per game and language. Nothing leaves the device.

export interface Played {
  preset: string;
  lang: string;
  /** When it ended, ms since the epoch. */
  at: number;
  score: number;
  words: number;
  /** The board's maximum: every word's points, and how many words. */
  max: number;
  total: number;
}

const KEY = "wordgrid.history.v1";
const KEEP = 500;

export function load(): Played[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? (list as Played[]) : [];
  } catch {
    return [];
  }
}

export function record(round: Played): void {
  const list = load();
  list.push(round);
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(-KEEP)));
  } catch {
    // Storage full or off (private browsing): the round is not kept.
  }
}

export interface Stats {
  rounds: number;
  best: number;
  average: number;
  /** The best share of the board's points found, 0 to 1. */
  bestShare: number;
}

export function stats(presetId: string, lang: string): Stats {
  const mine = load().filter((r) => r.preset === presetId && r.lang === lang);
  if (!mine.length) return { rounds: 0, best: 0, average: 0, bestShare: 0 };
  const scores = mine.map((r) => r.score);
  return {
    rounds: mine.length,
    best: Math.max(...scores),
    average: Math.round(scores.reduce((a, b) => a + b, 0) / mine.length),
    bestShare: Math.max(...mine.map((r) => (r.max ? r.score / r.max : 0))),
  };
}
