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
  /** The longest word found, if any. */
  longest?: string;
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

/** Every game and language together: rounds, days in a row, the longest word, the last rounds. */
export interface Overall {
  rounds: number;
  /** Days in a row up to today (local time) with a round played. */
  streak: number;
  longest: string;
  recent: Played[];
}

function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

export function overall(now = Date.now()): Overall {
  const list = load();
  const days = new Set(list.map((r) => localDay(r.at)));
  let streak = 0;
  const d = new Date(now);
  while (days.has(localDay(d.getTime()))) {
    streak++;
    d.setDate(d.getDate() - 1);
  }
  const longest = list.reduce((best, r) => ((r.longest ?? "").length > best.length ? r.longest ?? "" : best), "");
  return { rounds: list.length, streak, longest, recent: list.slice(-10).reverse() };
}

/** Forgets every round (the record, the daily results stay theirs). */
export function clear(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage off: nothing was kept.
  }
}
