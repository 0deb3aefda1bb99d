// One timed round: the board's solution, the words found, the clock. The
// clock is the wall clock's: it runs on while the page is hidden or closed,
// so a round resumed after a reload has the time it truly has left (a fair
// clock: nothing stops it but the round's end). The library judges each try and draws the
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
  private id: number;
  private readonly judging: Judging;
  /**
   * Peeks asked for, by path, until the player's words or the judge change
   * (a try, a move): a path's extensions are asked for ahead (prefetch), so
   * the step a finger takes next is answered without a worker's round trip.
   */
  private peeks = new Map<string, { answer: Promise<Verdict>; inHand: boolean }>();
  /** While the round waits to move to the whole pack's judge (moveTo). */
  private moving: Promise<void> | null = null;
  /** How many of the words found the target counts, as the library last said. */
  private countedFound = 0;
  /** The words not found, once the library has ended the round. */
  private left: PlayEnded | null = null;
  /** Milliseconds left while the clock has not started, or once it stopped. */
  private ms: number;
  /** When the time runs out (Date.now() ms), while the clock runs; else null. */
  private ends: number | null = null;
  ended = false;

  /**
   * A round of `seconds` on the opened board; `left` is the time it has
   * left when it is resumed (milliseconds), all of it otherwise.
   */
  constructor(opened: PlayRound, seconds: number, counted: Counted, judging: Judging, left?: number) {
    this.solution = opened.solution;
    this.seconds = seconds;
    this.counted = counted;
    this.id = opened.round;
    this.judging = judging;
    this.target = opened.target.map((i) => opened.solution.words[i]);
    this.max = opened.max;
    this.neighbors = opened.neighbors;
    this.ms = Math.max(0, Math.min(left ?? seconds * 1000, seconds * 1000));
  }

  /**
   * Judges a typed word or a traced path. The worker takes tries in the
   * order they are made, so two quick ones are judged in order.
   */
  async judge(attempt: { word: string } | { path: [number, number][] }): Promise<Verdict> {
    const id = this.id;
    const moving = this.moving;
    // Peeks answered before this try would say its word is new: dropped now
    // and once it is answered (the worker answers in order).
    this.peeks = new Map();
    let tried = await this.judging.playTry({ round: id, ...attempt });
    this.peeks = new Map();
    // Only the whole pack knows the words the board does not hold: the
    // opening's judge refuses them as unknown, so they are asked again there.
    if (moving && tried.kind === "notword" && "word" in attempt) {
      await moving;
      if (this.id !== id) return this.judge(attempt);
    }
    if (tried.kind === "new" && tried.word !== null) {
      const word = this.solution.words[tried.word];
      this.found.push(word);
      // Found on the judge the round has just left: the new one counts it too.
      if (this.id !== id) tried = { ...(await this.judging.playTry({ round: this.id, path: word.path })), kind: "new", points: tried.points };
    }
    this.score = tried.score;
    this.countedFound = tried.counted;
    return tried;
  }

  /**
   * Moves the round to another judge of the same board: `opened`, the round
   * opened on the language's whole pack once it has come, after one opened
   * on an opening's pack (the words of a few boards, solve::game's opening
   * rounds: the same words, points and target). The words found so far are
   * judged there again, silently and before any later try, and every try
   * after goes there. A round that has ended, or a pack that does not come,
   * stays where it is: its judge knows every word of its board.
   */
  moveTo(opened: Promise<PlayRound>): void {
    const moving = opened.then(
      (o) => {
        if (this.ended) return void this.judging.playEnd(o.round).catch(() => {});
        for (const w of this.found) void this.judging.playTry({ round: o.round, path: w.path });
        const left = this.id;
        this.id = o.round;
        this.peeks = new Map();
        void this.judging.playEnd(left).catch(() => {});
      },
      () => {},
    );
    this.moving = moving.finally(() => (this.moving = null));
  }

  /**
   * What a path being traced would come to if the finger lifted now: the
   * library judges it and keeps nothing.
   */
  peek(path: [number, number][]): Promise<Verdict> {
    const key = path.join(";");
    let peeked = this.peeks.get(key);
    if (!peeked) {
      // A trace's paths: a few hundred at most before a try clears them.
      if (this.peeks.size > 2000) this.peeks = new Map();
      const asked = { answer: this.judging.playTry({ round: this.id, path, peek: true }), inHand: false };
      asked.answer.then(() => (asked.inHand = true), () => {});
      this.peeks.set(key, asked);
      peeked = asked;
    }
    return peeked.answer;
  }

  /** Whether the answer to a peek of `path` is in hand (asked ahead, and answered). */
  inHand(path: [number, number][]): boolean {
    return this.peeks.get(path.join(";"))?.inHand ?? false;
  }

  /**
   * Asks ahead what each step the finger may take next from `path` would
   * come to (its last cell's neighbours not on it), so that the next step's
   * peek is answered at once. Backing up needs nothing: a shorter path was
   * peeked on the way.
   */
  peekAhead(path: [number, number][]): void {
    const last = path[path.length - 1];
    if (!last) return;
    const { cols } = this.solution;
    const on = new Set(path.map(([r, c]) => r * cols + c));
    for (const n of this.neighbors[last[0] * cols + last[1]] ?? []) {
      if (!on.has(n)) void this.peek([...path, [Math.floor(n / cols), n % cols]]).catch(() => {});
    }
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

  /** Starts the clock (`now`: Date.now()). */
  start(now: number): void {
    if (this.ends === null && !this.ended) this.ends = now + this.ms;
  }

  get running(): boolean {
    return this.ends !== null;
  }

  /** When the time runs out (Date.now() ms), once the clock has started. */
  get deadline(): number | null {
    return this.ends;
  }

  /** Milliseconds left at `now` (Date.now()). */
  remaining(now: number): number {
    return this.ends === null ? this.ms : Math.max(0, this.ends - now);
  }

  /** Stops the round: its clock, and its tries from now on. */
  end(now: number): void {
    this.ms = this.remaining(now);
    this.ends = null;
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
