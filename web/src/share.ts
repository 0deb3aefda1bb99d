// Sharing a solo round: the challenge link that plays its board with the
// player's result to beat (and the words found, as a bitmap), and the
// daily board's result as text without a word of the board in it.
import type { Challenge } from "./challenge";
import { encodeFound } from "./challenge";
import * as daily from "./daily";
import { shareOrCopy } from "./end";
import { plural, type Counted, type Round } from "./game";
import { $, packLabel } from "./site";
import * as match from "./match";

/** The round on the board, as a link tells it. */
export interface Shared {
  round: Round | null;
  lang: string;
  /** The game's id, and the custom game's size and scheme. */
  game: string;
  custom?: { size: string; scoring: string };
  /** The board as text. */
  board: string;
  counted: Counted;
  bonus?: string;
  /** The seed it was rolled from, if it was. */
  seed?: number;
  /** The result the round answered, if it was a challenge. */
  versus: Challenge["versus"];
  challenged: Challenge | null;
  /** The match the round was one of, if it was. */
  match: match.Match | null;
}

/** Shares the day's result as text: numbers and squares, no word. */
export async function shareDaily(r: daily.DailyResult | null, gameName: string): Promise<void> {
  if (!r) return;
  const p = new URLSearchParams({ mode: "play", game: r.game, lang: r.lang, daily: r.day });
  const text = daily.shareText(r, gameName, packLabel(r.lang), `${location.origin}${location.pathname}?${p}`);
  const box = $<HTMLTextAreaElement>("share-text");
  box.value = text;
  box.rows = text.split("\n").length;
  $("share-text-box").hidden = false;
  // Lines wrap on a phone (the link, a row of squares): the box grows to
  // all of its text, so nothing of it is cut off.
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  await shareOrCopy({ text }, text, $("share-text-note"), box, "Result copied.", "Copy the text above to share it.");
}

/** The link that plays this board, with this player's result to beat. */
export function link(s: Shared): string {
  const round = s.round;
  // A match shares as one link: its seed and rounds roll every board.
  if (s.match && match.done(s.match)) {
    const p = new URLSearchParams({ mode: "play", lang: s.lang, game: s.game, words: s.counted });
    if (s.custom) {
      p.set("size", s.custom.size);
      p.set("scoring", s.custom.scoring);
    }
    if (round) p.set("time", String(round.seconds));
    match.linkParams(s.match, p);
    return withName(p);
  }
  const p = new URLSearchParams({ mode: "play", lang: s.lang, game: s.game, board: s.board });
  p.set("words", round?.counted ?? s.counted);
  if (s.bonus) p.set("bonus", s.bonus);
  if (s.seed !== undefined) p.set("seed", String(s.seed));
  if (s.custom) {
    p.set("size", s.custom.size);
    p.set("scoring", s.custom.scoring);
  }
  if (round) {
    p.set("time", String(round.seconds));
    p.set("vs", `${round.score}-${round.found.length}`);
    p.set("found", encodeFound(round.solution.words.map((w) => w.word), round.found.map((w) => w.word)));
  }
  // A reply carries the result it answers.
  if (s.versus && s.challenged) {
    p.set("re", `${s.versus.score}-${s.versus.words}`);
    if (s.challenged.from) p.set("refrom", s.challenged.from);
  }
  return withName(p);
}

/** The link of `p`, with the sender's name if one is typed. */
function withName(p: URLSearchParams): string {
  const name = $<HTMLInputElement>("challenge-name").value.trim().slice(0, 24);
  if (name) p.set("from", name);
  return `${location.origin}${location.pathname}?${p}`;
}

/** Opens the challenge box with the name used last, and shares the link. */
export async function challenge(s: Shared): Promise<void> {
  const name = $<HTMLInputElement>("challenge-name");
  if (!name.value) name.value = localStorage.getItem("wordgrid.name") ?? "";
  await shareLink(s);
}

/** Shares or copies the challenge link as it now reads (with the name typed). */
export async function shareLink(s: Shared): Promise<void> {
  const url = link(s);
  const round = s.round;
  const m = s.match && match.done(s.match) ? s.match : null;
  const text = m
    ? `I scored ${plural(match.total(m).score, "point", "points")} in a Wordgrid match of ${m.rounds} rounds. Can you beat it?`
    : round ? `I scored ${plural(round.score, "point", "points")} on this Wordgrid board. Can you beat it?` : "Play this Wordgrid board";
  $<HTMLInputElement>("share-link").value = url;
  $("share-box").hidden = false;
  await shareOrCopy({ title: "Wordgrid", text, url }, url, $("share-note"), $<HTMLInputElement>("share-link"), "Link copied.", "Copy the link above to send it.");
}
