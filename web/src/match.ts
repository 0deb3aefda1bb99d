// Matches: a game played over several rounds (three by default, as Ruzzle
// plays), each on its own board, all rolled from one seed by the library
// (solve::game::Game::match_seed, as `boggle roll --game G --seed S
// --match-round I`), with a running total. A finished match shares as one
// challenge link: the seed and the number of rounds (so every board), the
// total to beat and each round's score.
import { CATALOG } from "./catalog";
import { plural } from "./game";
import { $ } from "./site";

/** A match in progress or just finished. */
export interface Match {
  /** The seed its boards are rolled from. */
  seed: number;
  /** How many rounds it has. */
  rounds: number;
  /** The round on the board, from 1. */
  index: number;
  /** Each round played so far: its score and words. */
  played: { score: number; words: number }[];
  /** A challenger's match: their total, each round's score and their name. */
  versus?: { score: number; words: number };
  theirs?: number[];
  from?: string;
}

/** A new match of `rounds` rounds from `seed`, perhaps against a challenger's. */
export function start(seed: number, rounds: number, against: Pick<Match, "versus" | "theirs" | "from"> = {}): Match {
  return { seed, rounds, index: 1, played: [], ...against };
}

/** The rounds a link's `match` asks for (2 to the library's most), null if it does not read. */
export function readRounds(text: string | null): number | null | undefined {
  if (text === null) return undefined;
  const n = Number(text);
  return /^[0-9]{1,2}$/.test(text) && n >= 2 && n <= CATALOG.match_rounds ? n : null;
}

/** Each round's score from a link's `rounds` (`30.25.30`), if it reads and fits `rounds`. */
export function readScores(text: string | null, rounds: number): number[] | undefined {
  if (text === null || !/^[0-9]{1,9}(\.[0-9]{1,9})*$/.test(text)) return undefined;
  const scores = text.split(".").map(Number);
  return scores.length === rounds ? scores : undefined;
}

/** The rounds a match may have, as the settings offer them: one round (no match), the default, and more. */
export function choices(): number[] {
  return [1, CATALOG.match_default, 5].filter((n, i, all) => n <= CATALOG.match_rounds && all.indexOf(n) === i);
}

/** The match's total so far. */
export function total(m: Match): { score: number; words: number } {
  return m.played.reduce((t, r) => ({ score: t.score + r.score, words: t.words + r.words }), { score: 0, words: 0 });
}

/** Whether every round has been played. */
export function done(m: Match): boolean {
  return m.played.length >= m.rounds;
}

/** The line under the clock during a match's round. */
export function showHud(m: Match | null): void {
  const line = $("match-line");
  line.hidden = m === null;
  if (m) {
    const points = plural(total(m).score, "point", "points");
    line.textContent = done(m) ? `Match over · ${points}` : `Match: round ${m.index} of ${m.rounds} · ${points} so far`;
  }
}

/**
 * A round of the match has ended with `score` and `words`: it counts, and
 * the end screen says where the match stands (the winner at its end).
 */
export function roundEnded(m: Match, score: number, words: number): void {
  m.played[m.index - 1] = { score, words };
  showHud(m);
  const t = total(m);
  const scores = m.played.map((r) => r.score).join(", ");
  const line = $("end-match");
  line.hidden = false;
  if (!done(m)) {
    line.textContent = `Round ${m.index} of ${m.rounds}: ${plural(score, "point", "points")}. Match total: ${plural(t.score, "point", "points")}.`;
  } else {
    const who = m.from ?? "Your friend";
    const versus = m.versus
      ? ` ${who}: ${plural(m.versus.score, "point", "points")}${m.theirs ? ` (${m.theirs.join(", ")})` : ""}. ${t.score > m.versus.score ? "You win the match!" : t.score < m.versus.score ? `${who} wins the match.` : "A tie."}`
      : "";
    line.textContent = `Match over: ${plural(t.score, "point", "points")} in ${m.rounds} rounds (${scores}).${versus}`;
  }
  line.dataset.total = String(t.score);
  $("again").textContent = done(m) ? "New match" : `Next round (${m.index + 1} of ${m.rounds})`;
  // A match shares once it is over, as one link.
  $("challenge").hidden = !done(m);
}

/** The end screen of a round that is not a match's. */
export function noMatch(): void {
  $("end-match").hidden = true;
  $("again").textContent = "New round";
  $("challenge").hidden = false;
}

/** A finished match as a challenge link's parameters. */
export function linkParams(m: Match, p: URLSearchParams): void {
  const t = total(m);
  p.set("match", String(m.rounds));
  p.set("seed", String(m.seed));
  p.set("vs", `${t.score}-${t.words}`);
  p.set("rounds", m.played.map((r) => r.score).join("."));
}

/** A match challenge's card title. */
export function cardTitle(m: Match): string {
  const v = m.versus!;
  return `${m.from ?? "A friend"} challenges you to a match of ${m.rounds} rounds: beat ${plural(v.score, "point", "points")} and ${plural(v.words, "word", "words")}.`;
}
