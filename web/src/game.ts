// One timed round: the board's solution, the words found, the clock (which
// stops while the page is hidden), and the verdict on each try. No DOM
// here: play.ts shows what this decides.
import type { Solution, Word } from "./engine";

/**
 * Which words a round's target counts: the common ones (a player can know
 * them: everyday words of the language, Zipf 2.5 and more in the pack's
 * frequency list, as the engine's `rare` flag says) or all of them. A
 * rare word found still scores, and is shown as a rare find. In a pack
 * without frequencies every word is common.
 */
export type Counted = "common" | "all";

/** What a try came to. */
export type Verdict =
  | { kind: "new"; word: string; points: number; rare: boolean }
  | { kind: "again"; word: string }
  | { kind: "short"; word: string; min: number }
  | { kind: "notword"; word: string }
  | { kind: "notboard"; word: string };

export class Round {
  readonly solution: Solution;
  readonly seconds: number;
  readonly counted: Counted;
  readonly found: Word[] = [];
  score = 0;
  /** The words the round's target counts, best first. */
  readonly target: Word[];
  /** The most the target's words score. */
  readonly max: number;
  private readonly words: Map<string, Word>;
  private readonly inPack: (word: string) => Promise<boolean>;
  /** Milliseconds left when the clock last stopped or started. */
  private left: number;
  /** When the clock started running (performance.now()), or null if stopped. */
  private since: number | null = null;
  ended = false;

  constructor(solution: Solution, seconds: number, inPack: (word: string) => Promise<boolean>, counted: Counted = "common") {
    this.solution = solution;
    this.seconds = seconds;
    this.counted = counted;
    this.target = solution.words.filter((w) => this.counts(w));
    this.max = this.target.reduce((sum, w) => sum + w.score, 0);
    this.left = seconds * 1000;
    this.words = new Map(solution.words.map((w) => [w.word, w]));
    this.inPack = inPack;
  }

  /**
   * Judges a word, typed or traced (a traced word is always on the board).
   * A word on the board counts at once, before anything is awaited, so two
   * quick tries are judged in order.
   */
  async judge(text: string, traced: boolean): Promise<Verdict> {
    const word = text.trim().toLowerCase();
    const known = this.words.get(word);
    if (known) {
      if (this.found.some((w) => w.word === word)) return { kind: "again", word };
      this.found.push(known);
      this.score += known.score;
      return { kind: "new", word, points: known.score, rare: known.rare === true };
    }
    const min = this.solution.min_len;
    if ([...word].length < min) return { kind: "short", word, min };
    // A traced word is on the board by construction; a typed one may be a
    // word the board does not hold.
    if (!traced && (await this.inPack(word))) return { kind: "notboard", word };
    return { kind: "notword", word };
  }

  /** Whether the board holds this word under the round's rules. */
  holds(word: string): boolean {
    return this.words.has(word);
  }

  /** Whether the round's target counts this word. */
  counts(w: Word): boolean {
    return this.counted === "all" || w.rare !== true;
  }

  /** The found words the target counts. */
  foundCounted(): number {
    return this.found.filter((w) => this.counts(w)).length;
  }

  /** The target's words not found, best first (as the solution lists them). */
  missed(): Word[] {
    const found = new Set(this.found.map((w) => w.word));
    return this.target.filter((w) => !found.has(w.word));
  }

  /** The rare words not found, best first: outside a common-words target. */
  missedRare(): Word[] {
    const found = new Set(this.found.map((w) => w.word));
    return this.solution.words.filter((w) => !this.counts(w) && !found.has(w.word));
  }

  start(now: number): void {
    if (this.since === null && !this.ended) this.since = now;
  }

  pause(now: number): void {
    if (this.since !== null) {
      this.left = Math.max(0, this.left - (now - this.since));
      this.since = null;
    }
  }

  get running(): boolean {
    return this.since !== null;
  }

  /** Milliseconds left. */
  remaining(now: number): number {
    return this.since === null ? this.left : Math.max(0, this.left - (now - this.since));
  }

  end(now: number): void {
    this.pause(now);
    this.ended = true;
  }
}

/** `m:ss`. */
export function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** `1 point`, `2 points`. */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
