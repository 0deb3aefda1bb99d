// Which record a round counts toward, and the record shown: the game as it
// comes, or the game with its own time, target or custom size and scheme
// (`boggle|10s`), each a record of its own. The rounds themselves are kept
// by history.ts.
import type { GameInfo } from "wordgrid";
import { plural, type Counted, type Round } from "./game";
import * as history from "./history";
import { $, packLabel } from "./site";

/** What sets a round's record apart. */
export interface RecordOf {
  game: GameInfo;
  seconds: number;
  counted: Counted;
  /** The custom game's size and scheme, as the settings say. */
  custom?: { size: string; scoring: string };
  /** Whether it is the daily board. */
  daily: boolean;
}

/** The record's key (`boggle|10s`) and its name as a sentence shows it. */
export function recordKey(of: RecordOf): { key: string; name: string } {
  const parts: string[] = [];
  const said: string[] = [];
  if (of.game.id === "custom" && of.custom) {
    parts.push(of.custom.size, of.custom.scoring);
    said.push(of.custom.size.replace("x", "×"), of.custom.scoring);
  }
  if (of.seconds !== of.game.seconds || of.game.id === "custom") {
    parts.push(`${of.seconds}s`);
    said.push(of.seconds % 60 === 0 ? `${of.seconds / 60} min` : `${of.seconds} s`);
  }
  if (of.counted === "all") {
    parts.push("all");
    said.push("all words");
  }
  if (of.daily) {
    parts.push("daily");
    said.push("daily");
  }
  return {
    key: [of.game.id, ...parts].join("|"),
    name: said.length ? `${of.game.name} (${said.join(", ")})` : of.game.name,
  };
}

/** The record's line, every game's line and the recent rounds. */
export function showStats(record: { key: string; name: string }, lang: string, gameName: (id: string) => string | undefined): void {
  const { key, name } = record;
  const s = history.stats(key, lang);
  $("stats-line").textContent = s.rounds
    ? `${name}, ${packLabel(lang)}: ${plural(s.rounds, "round", "rounds")}, best ${plural(s.best, "point", "points")}, average ${s.average.toLocaleString()}, best share of a board ${Math.round(s.bestShare * 100)}%.`
    : `No rounds of ${name} in ${packLabel(lang)} yet.`;
  const all = history.overall();
  $("stats-all").textContent = all.rounds
    ? `All games: ${plural(all.rounds, "round", "rounds")}${all.streak > 1 ? `, ${all.streak} days in a row` : ""}${all.longest ? `, longest word ${all.longest.toUpperCase()} (${[...all.longest].length} letters)` : ""}.`
    : "";
  $("stats-recent").replaceChildren(
    ...all.recent.map((r) => {
      const li = document.createElement("li");
      const game = gameName(r.preset.split("|")[0]) ?? r.preset;
      li.textContent = `${new Date(r.at).toLocaleDateString()} ${game}, ${packLabel(r.lang)}: ${plural(r.score, "point", "points")}, ${plural(r.words, "word", "words")}`;
      return li;
    }),
  );
  $("stats-more").hidden = all.rounds === 0;
}

const recorded = new WeakSet<Round>();

/** Keeps a round in the record under `key` (once). */
export function recordRound(round: Round, key: string, lang: string): void {
  if (recorded.has(round)) return;
  recorded.add(round);
  history.record({
    preset: key,
    lang,
    at: Date.now(),
    score: round.score,
    words: round.found.length,
    max: round.max,
    total: round.target.length,
    longest: round.found.reduce((a, w) => ([...w.word].length > [...a].length ? w.word : a), ""),
  });
}
