// One timed round: the board's solution, the words found, the clock (which
// stops while the page is hidden). The library judges each try and draws the
// target (crates/web/src/play.rs, solve::game, as for the room server's
// rounds); this keeps what it answered. No DOM here: play.ts shows it.
import type { Counted, PlayEnded, PlayRound, PlayTry, Solution, Tried, Word } from "wordgrid";
import { inTable } from "./trace";

export type { Counted } from "wordgrid";

/** What a try came to: the library's verdict (its kind, and why it did not count). */
export type Verdict = Tried;

/** The engine's calls a round makes. */
export interface Judging {
  playTry(request: PlayTry): Promise<Tried>;
  playEnd(round: number): Promise<PlayEnded>;
}

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
  /** For each cell (row-major), the cells a traced path may step to from it. */
  readonly neighbors: number[][];
  private readonly id: number;
  private readonly judging: Judging;
  /** How many of the words found the target counts, as the library last said. */
  private countedFound = 0;
  /** The words not found, once the library has ended the round. */
  private left: PlayEnded | null = null;
  /** Milliseconds left when the clock last stopped or started. */
  private ms: number;
  /** When the clock started running (performance.now()), or null if stopped. */
  private since: number | null = null;
  ended = false;

  constructor(opened: PlayRound, seconds: number, counted: Counted, judging: Judging) {
    this.solution = opened.solution;
    this.seconds = seconds;
    this.counted = counted;
    this.id = opened.round;
    this.judging = judging;
    this.target = opened.target.map((i) => opened.solution.words[i]);
    this.max = opened.max;
    this.neighbors = opened.neighbors;
    this.ms = seconds * 1000;
  }

  /**
   * Judges a typed word or a traced path. The worker takes tries in the
   * order they are made, so two quick ones are judged in order.
   */
  async judge(attempt: { word: string } | { path: [number, number][] }): Promise<Verdict> {
    const tried = await this.judging.playTry({ round: this.id, ...attempt });
    if (tried.kind === "new" && tried.word !== null) this.found.push(this.solution.words[tried.word]);
    this.score = tried.score;
    this.countedFound = tried.counted;
    return tried;
  }

  /** Whether a traced path may step from cell `a` to cell `b` on this board. */
  adjacent(a: [number, number], b: [number, number]): boolean {
    return inTable(this.neighbors, this.solution.cols, a, b);
  }

  /** The found words the target counts. */
  foundCounted(): number {
    return this.countedFound;
  }

  /** The target's words not found, best first (once the round has ended). */
  missed(): Word[] {
    return (this.left?.missed ?? []).map((i) => this.solution.words[i]);
  }

  /** The rare words not found, best first: outside a common-words target. */
  missedRare(): Word[] {
    return (this.left?.missed_rare ?? []).map((i) => this.solution.words[i]);
  }

  start(now: number): void {
    if (this.since === null && !this.ended) this.since = now;
  }

  pause(now: number): void {
    if (this.since !== null) {
      this.ms = Math.max(0, this.ms - (now - this.since));
      this.since = null;
    }
  }

  get running(): boolean {
    return this.since !== null;
  }

  /** Milliseconds left. */
  remaining(now: number): number {
    return this.since === null ? this.ms : Math.max(0, this.ms - (now - this.since));
  }

  /** Stops the round: its clock, and its tries from now on. */
  end(now: number): void {
    this.pause(now);
    this.ended = true;
  }

  /** Ends the round in the library too: what was missed is known after it. */
  async finish(): Promise<void> {
    if (this.left) return;
    this.left = await this.judging.playEnd(this.id);
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
