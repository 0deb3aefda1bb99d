// A round the server referees, as a player sees it: the board, the clock,
// tracing or typing a word, the server's verdicts, the words found and the
// score. A room's round and an arena's are this one thing; the pages around
// it (room/main.ts, arena/main.ts) say how a round starts and ends.
//
// It uses the page's elements by id: #room-board, #hud, #timebar,
// #timebar-fill, #clock, #score, #score-unit, #count, #current, #feedback,
// #type-form, #guess and #found.
import { BoardView, faceLabel, markRare, type Cell } from "../board";
import { clock, plural } from "../game";
import { attachTracing, inTable } from "../trace";
import { verdictLine } from "../verdict";
import type { BoardShown, Reply, Request, WordShown } from "./protocol";

/** An element of the page by id. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el as T;
}

/** A player's name for a line of text, as text in a `<bdi>`: isolated, so a
 * right-to-left name cannot reorder the words and numbers around it (the
 * server refuses names holding direction controls). */
export const bdi = (name: string): HTMLElement => {
  const e = document.createElement("bdi");
  e.textContent = name;
  return e;
};

/** A code (a room's, a friends' board's), `7KQ2XM9D`, as people read it: `7KQ2-XM9D`. */
export function shownCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a round starts with, as the server's `round` and `arena_round` say it. */
export interface RoundStart {
  board: BoardShown;
  seconds: number;
  left_ms: number;
  target: number;
  mine: WordShown[];
}

export class LiveRound {
  readonly board = new BoardView($("room-board"), "Board");
  /** Whether a round is on (tries are sent). */
  on = false;
  /** Whether this player only watches. */
  watching = false;
  private deadline = 0;
  private seconds = 0;
  private ticker: number | null = null;
  private score = 0;
  private found = 0;
  private target = 0;
  /** The round's neighbour table, as the server's judge reads the board. */
  private neighbors: number[][] = [];
  private pendingPath: Cell[] | null = null;

  /** `send` sends a try, false if not connected; `timeUp` runs when the clock reaches 0. */
  constructor(
    private readonly send: (request: Request) => boolean,
    private readonly timeUp: () => void = () => {},
  ) {
    $("type-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = $<HTMLInputElement>("guess");
      const word = input.value.trim();
      input.value = "";
      if (word && this.on) this.send({ type: "word", word });
    });
    attachTracing(this.board, {
      adjacent: (a, b) => inTable(this.neighbors, this.board.cols, a, b),
      onChange: (path) => this.tracing(path),
      onSubmit: (path) => this.submitPath(path),
    });
  }

  /** Shows a round starting (or going on, with the player's words so far) and says `greeting`. */
  start(m: RoundStart, greeting: string): void {
    this.on = true;
    this.seconds = m.seconds;
    this.deadline = performance.now() + m.left_ms;
    this.neighbors = m.board.neighbors;
    this.target = m.target;
    this.board.show(m.board.rows, m.board.cols, m.board.cells, { values: m.board.values, bonus: m.board.bonus });
    this.board.mark([]);
    document.body.dataset.board = m.board.text;
    $("found").replaceChildren();
    this.score = 0;
    this.found = 0;
    // Words kept from before a reload: the server's score for them is
    // their points' sum, as its verdicts counted them.
    for (const w of m.mine) {
      this.addFound(w.word, w.points, w.rare);
      this.score += w.points;
    }
    $("type-form").hidden = this.watching;
    $<HTMLInputElement>("guess").disabled = false;
    $("hud").classList.remove("over");
    $("timebar").setAttribute("aria-valuemax", String(m.seconds));
    this.say(greeting, "");
    this.showScore();
    this.stop();
    this.on = true;
    this.ticker = window.setInterval(() => this.tick(), 200);
    this.tick();
  }

  /** Stops the clock (the round ended, or the connection dropped). */
  stopClock(): void {
    if (this.ticker !== null) window.clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Ends the round here: no more tries, the clock stopped. */
  stop(): void {
    this.on = false;
    this.stopClock();
  }

  private tick(): void {
    const left = Math.max(0, this.deadline - performance.now());
    $("clock").textContent = clock(left);
    $("timebar-fill").style.transform = `scaleX(${this.seconds ? left / (this.seconds * 1000) : 0})`;
    $("timebar").setAttribute("aria-valuenow", String(Math.ceil(left / 1000)));
    $("timebar").classList.toggle("low", left < 10_000);
    if (left <= 0) {
      this.stopClock();
      $("hud").classList.add("over");
      $<HTMLInputElement>("guess").disabled = true;
      this.say("Time's up. Waiting for the results…", "");
      this.timeUp();
    }
  }

  /** What a path spells, face by face, as the tiles show it. */
  private spelled(path: Cell[]): string {
    return path.map((c) => faceLabel(this.board.face(c) ?? "")).join("").toUpperCase();
  }

  private tracing(path: Cell[]): void {
    if (!this.on || this.watching) return;
    this.board.mark(path, "trace");
    $("current").textContent = path.length ? this.spelled(path) : "\u00a0";
  }

  private submitPath(path: Cell[]): void {
    $("current").textContent = "\u00a0";
    if (!this.on || this.watching) {
      this.board.mark([]);
      return;
    }
    this.pendingPath = path;
    if (!this.send({ type: "trace", path })) this.say("Not connected: that word was not sent.", "bad");
  }

  /** Shows the server's verdict on the last try. */
  verdict(m: Extract<Reply, { type: "verdict" }>): void {
    const line = verdictLine(m);
    const kind = line.tone;
    this.say(line.text, kind);
    if (m.kind === "new") this.addFound(m.word, m.points, m.rare);
    this.score = m.score;
    this.showScore();
    const path = m.kind === "new" ? m.path : this.pendingPath ?? [];
    this.pendingPath = null;
    this.board.mark(path, kind);
    const board = this.board;
    window.setTimeout(() => {
      if (board.el.dataset.kind === kind) board.mark([]);
    }, 700);
  }

  private addFound(word: string, points: number, rare: boolean): void {
    const chip = document.createElement("li");
    chip.textContent = `${word} ${points}`;
    chip.dataset.word = word;
    if (rare) markRare(chip);
    $("found").prepend(chip);
    this.found++;
  }

  private showScore(): void {
    $("score").textContent = this.score.toLocaleString();
    $("score-unit").textContent = this.score === 1 ? "point" : "points";
    $("count").textContent = `${plural(this.found, "word", "words")} of ${this.target.toLocaleString()}`;
  }

  /** Says `text` under the board (`kind`: good, again, bad or none). */
  say(text: string, kind: string): void {
    const el = $("feedback");
    el.textContent = text || "\u00a0";
    el.dataset.kind = kind;
  }
}
