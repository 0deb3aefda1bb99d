// How a solo round opens in the library: the round kept on this device
// (its board and rules as they were), a challenge's board, or the game's
// roll for a seed (a day's or a match's round, or a fresh one), solved.
// The library rolls (solve::game), re-rolling a board with too few common
// words, so the CLI, Python and this page give the same round for a seed.
import type { Engine, GameInfo, PlayRound } from "wordgrid";
import type { Challenge } from "./challenge";
import type { Counted } from "./game";
import type { KeptRound } from "./kept";
import type { Match } from "./match";
import { freshSeed } from "./catalog";
import { ensurePack, openingRound } from "./site";

/** What a round opens from. */
export interface Opening {
  lang: string;
  game: GameInfo;
  counted: Counted;
  /** The custom game's size and scheme, for the custom game. */
  custom?: { size: string; scoring: string };
  resume?: KeptRound;
  challenge?: Challenge;
  match: Match | null;
  seed?: number;
  day?: string;
  /** The engine's key of the pack to play on, if not the language's: an opening's (FirstRound). */
  pack?: string;
}

/**
 * A first visit's first round: one of the game's opening rounds (its
 * seed, from the site's index), played on the pack of those rounds' words
 * (loaded under `key`) until the language's whole pack has come.
 */
export interface FirstRound {
  key: string;
  game: string;
  seed: number;
}

/** A round opened, and what it was opened with (kept with it, and in its links). */
export interface Opened {
  round: PlayRound;
  bonus?: string;
  /** The seed it was rolled from, if it was. */
  seed?: number;
  scoring: string;
  minLen?: number;
  /** The fewest common words the game's boards have, for a rolled round. */
  minCommon?: number;
}

/** A round that did not open: which kind it was, and why. */
export class NotOpened extends Error {
  constructor(
    readonly from: "resume" | "challenge" | "roll",
    why: string,
  ) {
    super(why);
  }
}

/** Opens the round `o` asks for. */
export async function openRound(engine: Engine, o: Opening): Promise<Opened> {
  const from = o.resume ? "resume" : o.challenge ? "challenge" : "roll";
  try {
    if (o.resume) {
      const r = o.resume;
      const round = await engine.playOpen(o.pack ?? o.lang, r.board, { scoring: r.scoring, bonus: r.bonus, min_len: r.minLen }, o.counted);
      return { round, bonus: r.bonus, seed: r.seed, scoring: r.scoring, minLen: r.minLen };
    }
    const scoring = o.custom?.scoring ?? o.game.scoring;
    if (o.challenge) {
      const minLen = o.game.min_len ?? undefined;
      const round = await engine.playOpen(o.lang, o.challenge.board, { scoring, bonus: o.challenge.bonus, min_len: minLen }, o.counted);
      return { round, bonus: o.challenge.bonus, scoring, minLen };
    }
    const fresh = freshSeed();
    const m = o.match;
    const rolled = await engine.round(o.pack ?? o.lang, {
      game: o.game.id,
      seed: m?.seed ?? o.seed ?? fresh,
      ...(m ? { match_round: m.index } : {}),
      ...(o.day ? { daily: o.day } : {}),
      ...(o.custom ? { size: o.custom.size, scoring } : {}),
    });
    const bonus = rolled.bonus ?? undefined;
    const minLen = rolled.min_len ?? undefined;
    const round = await engine.playOpen(o.pack ?? o.lang, rolled.board, { scoring: rolled.scoring, bonus, min_len: minLen }, o.counted);
    return { round, bonus, seed: rolled.seed, scoring: rolled.scoring, minLen, minCommon: rolled.min_common };
  } catch (e) {
    throw new NotOpened(from, (e as Error).message);
  }
}

/**
 * Another of `lang`'s opening rounds for `game` (but `not`, the seed just
 * played), when the engine has only its opening's pack (offline, a first
 * visit's pack not kept: main.ts) and the whole pack does not load now
 * either; else null.
 */
export async function offlineRound(engine: Engine, lang: string, game: string, not?: number): Promise<FirstRound | null> {
  if (engine.packs.has(lang) || !engine.packs.has(`${lang}~opening`)) return null;
  if (await ensurePack(engine, lang).then(() => true, () => false)) return null;
  const o = openingRound(lang, not);
  return o?.game === game ? o : null;
}
