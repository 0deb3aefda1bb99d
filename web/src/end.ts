// The end of a solo round, as the player sees it: the summary line, the
// friend's result and words beside one's own, the day's result, the words
// found and missed. play.ts ends the round and keeps it; this shows it.
import { markBoth, markRare, wordItem, type BoardView, type Cell } from "./board";
import { decodeFound, type Challenge } from "./challenge";
import * as daily from "./daily";
import * as define from "./define";
import type { GameInfo } from "wordgrid";
import { plural, type Round } from "./game";
import type { Stats } from "./history";
import { $, packLabel } from "./site";

/** What the end screen shows of a round that has just ended. */
export interface Ended {
  round: Round;
  board: BoardView;
  lang: string;
  game: GameInfo;
  /** The daily board's date, if the round was on it. */
  day: string | null;
  /** The challenger's result, if the round answered one. */
  versus: Challenge["versus"];
  challenged: Challenge | null;
  /** The record the round counts toward, and its numbers before it. */
  record: { key: string; name: string };
  before: Stats;
}

/**
 * Fills the end screen: returns the day's kept result (for the share
 * button) and how many rare words were missed (for their toggle).
 */
export function showResults(e: Ended): { dailyResult: daily.DailyResult | null; rareCount: number } {
  const { round, board } = e;
  const s = round.solution;
  const out = round.remaining(Date.now()) <= 0;
  $("end-title").textContent = out ? "Time's up" : "Round over";
  $("end-summary").textContent = summary(round, e.lang);
  $("end-summary").dataset.score = String(round.score);
  const theirs = e.challenged?.found !== undefined ? decodeFound(s.words.map((w) => w.word), e.challenged.found) : null;
  showVersus(e);
  // Both lists: the sender's words beside yours, the ones you both found marked.
  $("versus-box").hidden = theirs === null;
  const mine = new Set(round.found.map((w) => w.word));
  const both = new Set((theirs ?? []).filter((w) => mine.has(w)));
  if (theirs !== null) {
    $("versus-title").textContent = `${e.challenged?.from ?? "Your friend"}'s words`;
    const byWord = new Map(s.words.map((w) => [w.word, w]));
    $("versus-found").replaceChildren(
      ...theirs.map((word) => {
        const w = byWord.get(word)!;
        const li = wordItem(w, () => {
          board.mark(w.path, "shown");
          define.show(w.word, e.lang);
        });
        if (both.has(word)) markBoth(li.querySelector("button") ?? li);
        return li;
      }),
    );
  }
  const dailyResult = showBest(e);
  const chip = (w: { word: string; score: number; path: Cell[]; rare?: boolean }) => {
    const li = wordItem(w, () => {
      board.mark(w.path, "shown");
      define.show(w.word, e.lang);
    });
    if (w.rare) markRare(li.querySelector("button") ?? li);
    return li;
  };
  $("end-found").replaceChildren(
    ...round.found.map((w) => {
      const li = chip(w);
      if (both.has(w.word)) markBoth(li.querySelector("button") ?? li);
      return li;
    }),
  );
  $("missed").replaceChildren(...round.missed().map(chip));
  const rare = round.missedRare();
  $("missed-rare").replaceChildren(...rare.map(chip));
  $("missed-rare").hidden = true;
  $("show-rare").hidden = rare.length === 0;
  $("show-rare").setAttribute("aria-expanded", "false");
  $("show-rare").textContent = rareLabel(false, rare.length);
  $("missed-title").textContent = round.counted === "common" && s.frequencies ? "Missed common words, best first" : "Missed, best first";
  for (const id of ["share-box", "share-text-box", "found-panel", "round-actions", "type-form"]) $(id).hidden = true;
  $("hud").classList.add("over");
  return { dailyResult, rareCount: rare.length };
}

/** The challenger's result and who won, when the round answered one. */
function showVersus(e: Ended): void {
  const versus = $("end-versus");
  if (!e.versus) {
    versus.hidden = true;
    return;
  }
  const v = e.versus;
  const who = e.challenged?.from ?? "Your friend";
  const verdict = e.round.score > v.score ? "You win!" : e.round.score < v.score ? `${who} wins.` : "A tie.";
  versus.textContent = `${who}: ${plural(v.score, "point", "points")}, ${plural(v.words, "word", "words")}. ${verdict}`;
  versus.dataset.score = String(v.score);
  versus.hidden = false;
}

/**
 * The line under the summary: the day's result (kept the first time) on the
 * daily board, else the record's best. Returns the day's kept result.
 */
function showBest(e: Ended): daily.DailyResult | null {
  const { round, record, before } = e;
  $("share-daily").hidden = !e.day;
  if (!e.day) {
    $("end-best").textContent = before.rounds && round.score > before.best
      ? `A new best for ${record.name}!`
      : before.rounds
        ? `Your best for ${record.name}: ${plural(before.best, "point", "points")}.`
        : "";
    return null;
  }
  const s = round.solution;
  const heat = new Array<number>(s.rows * s.cols).fill(0);
  for (const w of round.found) for (const [r, c] of w.path) heat[r * s.cols + c]++;
  const result: daily.DailyResult = {
    game: e.game.id,
    lang: e.lang,
    day: e.day,
    score: round.score,
    words: round.found.length,
    longest: Math.max(0, ...round.found.map((w) => w.len)),
    heat,
    cols: s.cols,
  };
  const first = daily.keep(result);
  const kept = daily.played(e.game.id, e.lang, e.day) ?? result;
  const days = daily.streak(e.day);
  $("end-best").textContent = first
    ? `Today's board: ${plural(kept.score, "point", "points")}.${days > 1 ? ` A ${days}-day streak!` : ""} Come back tomorrow for the next.`
    : `Free play. Today's result stays ${plural(kept.score, "point", "points")}.`;
  return kept;
}

/** The rare-words toggle's label. */
export function rareLabel(open: boolean, count: number): string {
  return `${open ? "Hide" : "Show"} ${plural(count, "rare word", "rare words")} missed`;
}

/** "You found 12 common words of 68: 30 points of the board's 151." */
export function summary(round: Round, lang: string): string {
  const s = round.solution;
  const common = round.counted === "common" && s.frequencies;
  const kind = common ? "common word" : "word";
  const rare = round.found.length - round.foundCounted();
  let text = `You found ${plural(round.foundCounted(), kind, `${kind}s`)} of ${round.target.length.toLocaleString()}`;
  if (rare) text += ` and ${plural(rare, "rare one", "rare ones")}`;
  text += `: ${plural(round.score, "point", "points")} of the board's ${round.max.toLocaleString()}.`;
  if (!s.frequencies) text += ` Every word counted: ${packLabel(lang)} has no word-frequency data.`;
  else if (!common) text += ` All ${s.word_count.toLocaleString()} words counted, ${s.common.words.toLocaleString()} of them common.`;
  return text;
}
/**
 * Shares through the system's sheet where there is one, else copies `copy`
 * to the clipboard, else selects `field` for the player to copy; `note`
 * says which happened.
 */
export async function shareOrCopy(data: ShareData, copy: string, note: HTMLElement, field: HTMLInputElement | HTMLTextAreaElement, copied: string, manual: string): Promise<void> {
  note.textContent = "";
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      note.textContent = "Shared.";
      return;
    } catch {
      // Cancelled or refused: the text is shown; try the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(copy);
    note.textContent = copied;
  } catch {
    field.select();
    note.textContent = manual;
  }
}

