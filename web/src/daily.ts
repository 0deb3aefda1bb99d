// The daily board: one round a game, a language and a date, the same for
// everyone (the library seeds it: solve::game::Game::daily_seed, as
// `boggle roll --game G --daily DATE`); each player's date is their own, so
// a new board comes at their midnight, not at UTC's. The first round played on it is
// the day's result, kept on this device; after it, the board is free play.
// A result shares as text without a word of the board in it.

/** Today's date where the player is (the device's time zone), `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The date before `day` (`YYYY-MM-DD`), by the calendar alone. */
function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Whether `text` is a date `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

export interface DailyResult {
  game: string;
  lang: string;
  day: string;
  score: number;
  words: number;
  /** The longest word found, in letters. */
  longest: number;
  /** How many of the words found pass through each tile, row by row. */
  heat: number[];
  cols: number;
}

const KEY = "wordgrid.daily.v1";

function load(): DailyResult[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? (list as DailyResult[]) : [];
  } catch {
    return [];
  }
}

/** The day's result for a game and language, if it was played. */
export function played(game: string, lang: string, day: string): DailyResult | undefined {
  return load().find((r) => r.game === game && r.lang === lang && r.day === day);
}

/** Keeps a day's first result (a later round on the same board is free play). */
export function keep(result: DailyResult): boolean {
  if (played(result.game, result.lang, result.day)) return false;
  try {
    localStorage.setItem(KEY, JSON.stringify([...load(), result].slice(-1000)));
  } catch {
    // Storage full or off: the result is not kept.
  }
  return true;
}

/** Days in a row up to `day` with a daily board played (any game). */
export function streak(day: string): number {
  const days = new Set(load().map((r) => r.day));
  let n = 0;
  for (let d = day; days.has(d); d = dayBefore(d)) n++;
  return n;
}

function n(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A tile's square in the shared grid: how many of the words found used it. */
function square(n: number): string {
  return n === 0 ? "⬜" : n <= 2 ? "🟨" : n <= 5 ? "🟧" : "🟩";
}

/** The result as text to share: numbers and a grid of squares, no word. */
export function shareText(r: DailyResult, gameName: string, langName: string, link: string): string {
  const rows: string[] = [];
  for (let i = 0; i < r.heat.length; i += r.cols) rows.push(r.heat.slice(i, i + r.cols).map(square).join(""));
  const days = streak(r.day);
  return [
    `Wordgrid daily ${r.day}, ${gameName} in ${langName}`,
    `${n(r.score, "point", "points")}, ${n(r.words, "word", "words")}, longest ${n(r.longest, "letter", "letters")}${days > 1 ? `, a ${days}-day streak` : ""}`,
    ...rows,
    link,
  ].join("\n");
}

/** The time until the next board, the player's midnight: `5 h 12 min`, `12 min`. */
export function untilNext(now = new Date()): string {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const minutes = Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  return h ? `${h} h ${minutes % 60} min` : `${minutes} min`;
}
