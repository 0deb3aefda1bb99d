// The round in progress, kept on this device (localStorage) as it is
// played, so that a reload or a closed tab does not lose it: its board and
// rules, the words found and when its time runs out. A page opened again
// resumes it, with the time truly left (the clock ran on meanwhile).
//
// A page playing the round beats a heartbeat into it; a page leaving lets
// go of it (pagehide). Another page resumes a round only once no page
// holds it, so two tabs never play one round.
import type { Challenge } from "./challenge";
import type { Counted } from "./game";
import type { Match } from "./match";

const KEY = "wordgrid.round.v1";

/** How long a heartbeat holds a round (ms): a page beats every 2 s. */
const HELD_MS = 5000;

/** A round in progress, as the page keeps it. */
export interface KeptRound {
  /** The link it was played from (`location.search`). */
  search: string;
  lang: string;
  /** The game's id, and the custom game's size and scheme. */
  game: string;
  custom?: { size: string; scoring: string };
  /** The board as text, and the rules it was opened with. */
  board: string;
  scoring: string;
  bonus?: string;
  minLen?: number;
  /** The seed it was rolled from, and the daily board's date. */
  seed?: number;
  day?: string;
  counted: Counted;
  seconds: number;
  /** The challenge it answers, if it does. */
  challenge?: Challenge;
  /** When its time runs out (Date.now() ms). */
  deadline: number;
  /** The match the round is one of, if it is. */
  match?: Match;
  /** The words found, first found first. */
  found: string[];
  /** The last heartbeat of the page playing it (Date.now() ms); 0 once let go. */
  alive: number;
}

/** The round kept, if one is (and it reads). */
export function load(): KeptRound | null {
  try {
    const k = JSON.parse(localStorage.getItem(KEY) || "null") as KeptRound | null;
    const ok =
      k !== null &&
      typeof k === "object" &&
      [k.search, k.lang, k.game, k.board, k.scoring].every((x) => typeof x === "string") &&
      [k.seconds, k.deadline, k.alive].every((x) => typeof x === "number" && Number.isFinite(x)) &&
      (k.counted === "common" || k.counted === "all") &&
      Array.isArray(k.found) &&
      k.found.every((w) => typeof w === "string");
    return ok ? k : null;
  } catch {
    return null;
  }
}

/** Keeps the round (with a fresh heartbeat). */
export function keep(round: Omit<KeptRound, "alive">): void {
  write({ ...round, alive: Date.now() });
}

/** Forgets the round kept (it ended). */
export function clear(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage off: nothing was kept.
  }
}

/** The page lets go of its round: another page (a reload) may resume it. */
export function release(): void {
  const k = load();
  if (k) write({ ...k, alive: 0 });
}

/**
 * The round a page opened with `search` resumes, if any: one no page holds,
 * opened from the same link, or from a link that asks for no round of its
 * own (the site's address).
 */
export function resumable(search: string, now = Date.now()): KeptRound | null {
  const k = load();
  if (!k || now - k.alive < HELD_MS) return null;
  const p = new URLSearchParams(search);
  const asksItsOwn = ["board", "seed", "daily", "game", "lang", "time", "words", "match"].some((name) => p.has(name));
  return k.search === search || !asksItsOwn ? k : null;
}

function write(k: KeptRound): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(k));
  } catch {
    // Storage full or off: a reload will not find the round.
  }
}
